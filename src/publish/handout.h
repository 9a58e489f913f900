/* handout.h: the printable handout, one LaTeX document per language that
 * \inputs every table fragment and figure of a build (templates/handout.tex),
 * and its worksheet variant: the same tables with some cells left blank for
 * students to fill in, and the full tables as the answer key at the end. */
#ifndef GAMETAB_HANDOUT_H
#define GAMETAB_HANDOUT_H

#include <stdbool.h>

#include "io/output.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"

/* The paper sizes: "a4" (11pt type) and "a5" (10pt, the 345pt text width
 * the table fragments are sized for, with 13 mm side margins). */
extern const char *const handout_papers[];
#define HANDOUT_NPAPERS 2

/* Renders templates/handout.tex into out: the handout (worksheet false) or
 * the worksheet, on `paper` (one of handout_papers).  GT_OK or
 * GT_ERR_RUNTIME. */
int handout_write(const struct tex_options *opt, const char *paper, bool worksheet,
                  struct output *out, struct gt_error *err);

/* True when table t has cells to leave blank in the worksheet. */
bool worksheet_has_blanks(const struct table_def *t);

/* Renders t's own template with a third of its answer cells blank, along
 * diagonals: those whose row (or line) and column add up to 2 mod 3, the
 * same every time.
 * The widths of the columns are those of the full table, the answer key.
 * GT_OK or GT_ERR_RUNTIME. */
int worksheet_table_write(const struct table_def *t, const struct table_args *args,
                          const struct tex_options *opt, struct output *out,
                          struct gt_error *err);

#endif
