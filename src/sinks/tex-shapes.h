/* tex-shapes.h: what the LaTeX sink adds to a table's context beyond
 * context.h's rows and blocks, as the table declares it (table.h: tex_shape,
 * tex_numbered, tex_widest): a board, groups, a grid, row numbers, widths.
 * The shapes read the rows' integers as integers (struct tex_rows), and
 * take their text from the context's rows, so that a board's cell shows
 * exactly what the row does. */
#ifndef GAMETAB_TEX_SHAPES_H
#define GAMETAB_TEX_SHAPES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "tables/table.h"
#include "template/context.h"

/* The integer cells of a table's rows, row by row (ncolumns to a row; 0
 * where a cell is not an integer), in the order of the context's "rows". */
struct tex_rows {
    size_t n, ncolumns;
    const uint64_t *ints;
};

/* GT_ERR_RUNTIME for a LaTeX context that could not be built for what (a
 * table's name): "WHAT: interrupted by signal N" when a signal asked to
 * stop (the context's loops stop as a failed allocation does), else "WHAT:
 * out of memory building the LaTeX context". */
int tex_fail_nomem(struct gt_error *err, const char *what);

/* Adds shape's keys (table.h, enum tex_shape) to ctx, which holds the rows,
 * the blocks and the table's tex_context values, laid out for page (a
 * grid's blocks fit its text width).  GT_OK, or GT_ERR_RUNTIME
 * with err naming the table: out of memory, or rows that do not have the
 * shape (a board of --max N needs N * N rows). */
int tex_shape_add(json_t *ctx, enum tex_shape shape, const struct tex_rows *rows,
                  const struct table_args *args, const struct context_page *page,
                  const char *table, struct gt_error *err);

/* Sets "number" 1, 2, ... on each row object of ctx and "index" 1, 2, ...
 * on each column object, for the article's row «№№».  0, or -1 when out of
 * memory. */
int tex_number_rows(json_t *ctx);

/* Sets ctx[w->name] to a run of zeros as long as the widest value under
 * w->keys of the rows (strings by their length, integers by their digits).
 * 0, or -1 when out of memory. */
int tex_set_widest(json_t *ctx, const struct tex_widest *w);

#endif
