/* context.h: the template context of a table, built row by row.
 *
 * Both `gametab table --format tex` (a computed table) and `gametab render`
 * (any CSV) hand their templates the same shape of data:
 *   columns       [{name, first, last}], in order
 *   rows          [{data, cells, first, last}]: data is {<column name>:
 *                 value}, the first column of each name; cells is [{value,
 *                 column, first, last}], every column in order.  The data's
 *                 names and the template's keys are apart, so that no
 *                 column name hides a key (cells, first, lang, file, ...).
 *                 A flat builder (a computed table, whose column names are
 *                 fixed) sets each column as a key of the row as well
 *   row_count     the number of rows
 *   blocks        the rows in groups of block_columns for the horizontal
 *                 Kvant layout: [{rows, lines, pad, first, last}]; lines is
 *                 the block transposed, [{name, cells: [{value}], pad,
 *                 first, last}], one per column; pad holds as many blank
 *                 cells as the block lacks to be as wide as the others
 *   block_columns the width of a block
 *   widest_cell   a run of zeros as long as the widest cell (in characters),
 *                 to size fixed-width columns
 * Every value is a string.  The context is held whole: memory grows with
 * rows × columns. */
#ifndef GAMETAB_CONTEXT_H
#define GAMETAB_CONTEXT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Columns per block when none is asked for: 13, as printed in Kvant 1984
 * no. 7, or fewer when the cells are too wide for 13 to fit an A4 page. */
#define CONTEXT_BLOCK_COLUMNS_DEFAULT 13
/* Wider blocks than ~16 run off an A4 page; past about 500, pdflatex runs
 * out of memory: 100 is room enough for landscape and large paper. */
#define CONTEXT_BLOCK_COLUMNS_MAX 100

struct context_builder;

/* A builder for a table with the given column names (copied; they may
 * repeat).  flat: each row has its columns as keys as well as in data (for
 * the computed tables' templates).  NULL when out of memory. */
struct context_builder *context_new(const char *const *columns, size_t ncolumns, bool flat);

/* Adds a row of ncolumns cells (copied).  Returns the row's object, still
 * owned by the builder, so that the caller may add keys to it; NULL when out
 * of memory. */
json_t *context_add_row(struct context_builder *b, const char *const *cells);

/* The number of rows added so far. */
size_t context_row_count(const struct context_builder *b);

/* Completes the context (a new reference) and frees b.  block_columns:
 * 1..CONTEXT_BLOCK_COLUMNS_MAX, or 0 for the default.  NULL when out of
 * memory. */
json_t *context_finish(struct context_builder *b, unsigned block_columns);

/* Frees a builder that will not be finished. */
void context_free(struct context_builder *b);

#endif
