/* errata.h: the claims checked (claim.h) and what they give, written three
 * ways: the one-line report of `gametab verify`, errata.csv.gz and, through
 * the template errata.tex, a LaTeX table a teacher can print next to the
 * article (LANG/errata.tex of `gametab build`). */
#ifndef GAMETAB_ERRATA_H
#define GAMETAB_ERRATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "claims/claim.h"
#include "io/output.h"
#include "sinks/sink-tex.h"
#include "sinks/sink-xlsx.h"

struct errata {
    size_t n;
    const struct claim **claim;   /* n claims, in registry order */
    struct claim_result *result;  /* their results */
    uint64_t factor;              /* the --max factor the bounds were taken with */
};

/* Called before claim i (0..n-1) of n is checked, with ud: the command
 * layer's progress line (the checking itself does no I/O). */
typedef void errata_step_fn(void *ud, const struct claim *c, size_t i, size_t n);

/* Checks the n claims, each to claim_bound(c, factor) (factor
 * 1..CLAIM_FACTOR_MAX), calling step (unless NULL) before each.  GT_OK, or
 * GT_ERR_RUNTIME with err set (out of memory); errata_free in either case. */
int errata_run(struct errata *e, const struct claim *const *claims, size_t n, uint64_t factor,
               errata_step_fn *step, void *ud, struct gt_error *err);

void errata_free(struct errata *e);

/* The number of claims whose result is CLAIM_FAILS. */
size_t errata_failures(const struct errata *e);

/* The report of `gametab verify`, rendered by the template verify.txt in
 * lang (a code of templates/lang/ and of claim_languages): one line per
 * claim, "ID  RESULT  SOURCE | RANGE | CASES[: EXAMPLES][ | correct: ...]",
 * then a summary line; the words from lang/LANG.json, the claims' own from
 * claim_words.  GT_OK or GT_ERR_RUNTIME. */
int errata_write_report(const struct errata *e, const struct template_dirs *dirs,
                        const char *lang, struct output *out, struct gt_error *err);

/* The UTF-8 byte-order mark errata.csv.gz starts with. */
#define ERRATA_CSV_BOM "\xEF\xBB\xBF"

/* The CSV: a byte-order mark (ERRATA_CSV_BOM: the file holds Cyrillic and
 * math signs, and spreadsheets' default import needs it to read UTF-8),
 * a header and a row per claim (article: authors and year; id, source,
 * result, bound, range, cases, failures, skipped, counterexamples,
 * statement_en, statement_ru, correction_en, correction_ru).  GT_OK or
 * GT_ERR_RUNTIME. */
int errata_write_csv(const struct errata *e, struct output *out, struct gt_error *err);

/* The same columns and rows as a sheet "errata" of book (bound, cases,
 * failures and skipped as numbers).  GT_OK or GT_ERR_RUNTIME. */
int errata_write_sheet(const struct errata *e, struct xlsx_book *book, struct gt_error *err);

/* The LaTeX table, rendered by the template errata.tex in opt->lang.
 * GT_OK or GT_ERR_RUNTIME. */
int errata_write_tex(const struct errata *e, const struct tex_options *opt, struct output *out,
                     struct gt_error *err);

/* A claim's plain text as LaTeX source: TeX's special characters escaped
 * (as {{x}} escapes in .tex templates), and x_c, x_(...) made subscripts;
 * other UTF-8 passes through (preamble.tex maps the math characters).
 * malloc'd, or NULL when out of memory. */
char *errata_latex(const char *text);

#endif
