/* handout.h: the printable handout, one LaTeX document per language that
 * \inputs every table fragment and figure of a build (templates/handout.tex),
 * and its worksheet variant: the same tables with some cells left blank for
 * students to fill in, and the full tables as the answer key at the end. */
#ifndef GAMETAB_HANDOUT_H
#define GAMETAB_HANDOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "io/output.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"

/* The paper sizes: "a4" (11pt type) and "a5" (10pt, the 345pt text width
 * the table fragments are sized for, with 13 mm side margins). */
extern const char *const handout_papers[];
#define HANDOUT_NPAPERS 2

/* The page of `paper` (one of handout_papers) for the horizontal tables'
 * blocks: A4's 160mm of 11pt type, A5's 345pt of 10pt type. */
const struct context_page *handout_page(const char *paper);

/* Renders templates/handout.tex into out: the handout (worksheet false) or
 * the worksheet, on `paper` (one of handout_papers).  GT_OK or
 * GT_ERR_RUNTIME. */
int handout_write(const struct tex_options *opt, const char *paper, bool worksheet,
                  struct output *out, struct gt_error *err);

/* True when table t has cells to leave blank in the worksheet: the nine
 * tables of exercises, and wythoff-frequencies, whose rows that would give
 * a blank a_n or b_n away are blank. */
bool worksheet_has_blanks(const struct table_def *t);

/* A table of the worksheet with its arguments. */
struct worksheet_table {
    const struct table_def *table; /* one for which worksheet_has_blanks */
    const struct table_args *args;
};

/* --seed's default: a fixed draw, so that builds are deterministic. */
#define WORKSHEET_SEED_DEFAULT 1

/* Draws from seed (--seed) tried before settling for the draw that misses
 * the fewest kinds of value. */
#define WORKSHEET_DRAWS_MAX 1000

/* The worksheet's draw for seed: the blanks are a third of the quantities
 * (the pair a_n and b_n of one n, b_n = a_n + n; a Grundy value; a binary
 * word; a Fibonacci form with the forms that are it with 0s appended...),
 * each blank in every table that shows it, with every cell that gives it
 * away by a trivial step (a_n - 1, property 3's k1 = a_n and k2 = a_n + 1
 * and its row's pairs at k1 and k2, a_n's binary and Fibonacci forms, the
 * winning move beside a Gr((n,0,0)), the frequencies list's rows around
 * a_n and b_n), chosen by a hash of the draw, the quantity and its index.
 * Of the draws seed gives in turn, the first whose blanks cover every kind
 * of value of every key of the n tables (each Grundy value, each number of
 * stones to take, zeros and other values), or failing that the one that
 * misses fewest.  The same seed gives the same draw.  GT_OK and *draw, or
 * GT_ERR_RUNTIME (out of memory; a stop request, "WHAT: interrupted by
 * signal N", seen before each of the draws; what names the worksheet as
 * the user gave it, "DIR/ru/worksheet.tex"). */
int worksheet_draw(const struct worksheet_table *tables, size_t n, const struct tex_options *opt,
                   uint64_t seed, uint64_t *draw, const char *what, struct gt_error *err);

/* worksheet_draw's search, on the LaTeX contexts of the n tables made
 * already (ctx[i], sink_tex_context's, of tables[i]): before each draw it
 * looks at interrupt_signal and stops, GT_ERR_RUNTIME "WHAT: interrupted
 * by signal N" (the draws take a few hundred milliseconds in all). */
int worksheet_draw_contexts(json_t *const *ctx, const struct worksheet_table *tables, size_t n,
                            uint64_t seed, uint64_t *draw, const char *what,
                            struct gt_error *err);

/* Renders t's own template with the cells the draw blanks empty and their
 * answers beside them (KEY_blank), which the template sets in
 * \gametabblank: a box in the worksheet, the answer framed in its answer
 * key.  The widths of the columns are those of the full table.  The
 * frequencies list instead marks its blank rows "freq_blank", whose values
 * the template sets in \gametabblank whole.  GT_OK or GT_ERR_RUNTIME. */
int worksheet_table_write(const struct table_def *t, const struct table_args *args,
                          const struct tex_options *opt, uint64_t draw, struct output *out,
                          struct gt_error *err);

#endif
