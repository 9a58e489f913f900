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

/* Compiles the document of t with latexmk -norc -pdf in a temporary
 * directory ($TMPDIR or /tmp) and copies the PDF into out: the same bytes
 * each time (its dates epoch_get's, base/epoch.h).
 * GT_OK, or GT_ERR_RUNTIME with err saying which program is missing and
 * the Debian package that has it (latexmk, texlive-latex-base), the first
 * error of the LaTeX log, or that the temporary directory is full. */
int sink_pdf_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err);

#endif
