/* sink-pdf.h: a table as a complete LaTeX document, and that document
 * compiled to PDF.
 *
 * The document (templates/standalone.tex around the table's own template)
 * is an A4 page of 11pt type with the handout's margins: the language's
 * preamble, the table with its caption, and its source.  The PDF is
 * compiled by latexmk (pdflatex) in a temporary directory, removed
 * afterwards, and only the finished PDF reaches the output, which the
 * caller commits atomically. */
#ifndef GAMETAB_SINK_PDF_H
#define GAMETAB_SINK_PDF_H

#include "io/output.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"

/* The page of the document: A4 with 25mm side margins (455pt of text) and
 * 11pt type, whose \small digits are 5pt wide; the A4 handout's too. */
extern const struct context_page sink_tex_a4_page;

/* Writes t as a complete document (standalone.tex, t's template within)
 * into out.  opt->page should be &sink_tex_a4_page, the page the document
 * has.  GT_OK or GT_ERR_RUNTIME. */
int sink_tex_document(const struct table_def *t, const struct table_args *args,
                      const struct tex_options *opt, struct output *out, struct gt_error *err);

/* The most seconds of wall time latexmk may take over one PDF (every
 * pdflatex run of it), unless GAMETAB_TEX_SECONDS_MAX sets another number
 * (0 for no limit): a restyled template whose TeX loops (\def\x{\x}\x,
 * which grows no memory) would otherwise run until killed (breaker round
 * 44, F1).  The slowest table at its LaTeX limit takes 9 to 20 s. */
#define SINK_PDF_SECONDS_MAX 300

/* The fewest open files (ulimit -n) a PDF is made with: latexmk, pdflatex
 * and the font scripts it runs need some 12 at once, and past the limit
 * pdflatex says a font is missing, not why. */
#define SINK_PDF_FILES_MIN 32

/* GT_OK when GAMETAB_TEX_SECONDS_MAX is unset, empty or a whole number,
 * else GT_ERR_USAGE with err saying why (base/limit.h's limit_check). */
int sink_pdf_limits_check(struct gt_error *err);

/* Compiles the document of t with latexmk -norc -pdf in a temporary
 * directory ($TMPDIR or /tmp) and copies the PDF into out: the same bytes
 * each time (its dates epoch_get's, base/epoch.h).
 * GT_OK, or GT_ERR_RUNTIME with err saying which program is missing and
 * the Debian package that has it (latexmk, texlive-latex-base), the first
 * error of the LaTeX log, that the temporary directory is full, that
 * ulimit -n is below SINK_PDF_FILES_MIN, or that the compile ran past
 * SINK_PDF_SECONDS_MAX. */
int sink_pdf_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err);

#endif
