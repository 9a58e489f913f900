#include <config.h>

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/interrupt.h"
#include "template/context.h"
#include "sinks/sink-tex.h"
#include "sinks/tex-shapes.h"

int tex_fail_nomem(struct gt_error *err, const char *what)
{
    if (interrupt_signal)
        return interrupt_fail(err, what);
    return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the LaTeX context", what);
}

/* The integer in column c of row i. */
static uint64_t row_int(const struct tex_rows *rows, size_t i, size_t c)
{
    return rows->ints[i * rows->ncolumns + c];
}

/* The name of column c of the context ("grundy"). */
static const char *column_name(json_t *ctx, size_t c)
{
    return json_string_value(json_object_get(json_array_get(json_object_get(ctx, "columns"), c),
                                             "name"));
}

/* ---- board ---------------------------------------------------------------- */

/* One line of the board: {b, cells: [{value, zero}]} for a = 0..N-1, from
 * the rows a * N + b; NULL when out of memory. */
static json_t *board_line(json_t *rows, const struct tex_rows *ints, const char *key, uint64_t N,
                          uint64_t b)
{
    json_t *cells = json_array();
    for (uint64_t a = 0; cells && a < N; a++) {
        size_t i = (size_t)(a * N + b);
        json_t *value = json_object_get(json_array_get(rows, i), key);
        json_t *cell = value ? json_pack("{s:O, s:b}", "value", value, "zero", row_int(ints, i, 2) == 0)
                             : NULL;
        if (json_array_append_new(cells, cell) != 0) {
            json_decref(cells);
            cells = NULL;
        }
    }
    char label[24];
    table_integer_format(b, label);
    json_t *line = cells ? json_pack("{s:s, s:O}", "b", label, "cells", cells) : NULL;
    json_decref(cells);
    return line;
}

/* The board drawn as the article draws it, the corner (0; 0) at the bottom
 * left (TEX_SHAPE_BOARD, table.h). */
static int board(json_t *ctx, const struct tex_rows *ints, const struct table_args *args,
                 const char *table, struct gt_error *err)
{
    uint64_t N = args->param[PARAM_MAX];
    if (ints->ncolumns < 3 || ints->n != N * N)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %zu rows of %zu cells for a board of %" PRIu64 " x %" PRIu64
                       " squares (a, b, value)",
                       table, ints->n, ints->ncolumns, N, N);
    json_t *rows = json_object_get(ctx, "rows");
    const char *key = column_name(ctx, 2);
    json_t *lines = json_array(), *files = json_array();
    int rc = !lines || !files;
    for (uint64_t i = 0; !rc && i < N; i++) {
        char label[24];
        table_integer_format(i, label);
        json_t *file = json_pack("{s:s, s:b}", "a", label, "last", i + 1 == N);
        rc = json_array_append_new(lines, board_line(rows, ints, key, N, N - 1 - i)) != 0 ||
             json_array_append_new(files, file) != 0;
    }
    rc = rc || json_object_set(ctx, "board", lines) != 0 ||
         json_object_set(ctx, "files", files) != 0 ||
         json_object_set_new(ctx, "board_columns", json_integer((json_int_t)N + 1)) != 0 ||
         json_object_set_new(ctx, "board_small", json_boolean(N <= 16)) != 0 ||
         json_object_set_new(ctx, "board_medium", json_boolean(N > 16 && N <= 24)) != 0 ||
         json_object_set_new(ctx, "board_large", json_boolean(N > 24)) != 0;
    json_decref(lines);
    json_decref(files);
    return rc ? tex_fail_nomem(err, table) : GT_OK;
}

/* ---- groups --------------------------------------------------------------- */

/* The rows (t, m, n) by t (TEX_SHAPE_GROUPS): [{t, triples: [{m, n, last}],
 * last, keep}], one group per t that has any; "keep" on the first
 * CONTEXT_KEEP_ROWS - 1 groups and on the last CONTEXT_KEEP_ROWS but the
 * last, as on the rows of a longtable: no page break after them, so that a
 * break leaves at least CONTEXT_KEEP_ROWS lines of the list on either side. */
static int groups(json_t *ctx, const struct tex_rows *ints, const char *table,
                  struct gt_error *err)
{
    if (ints->ncolumns < 3)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %zu cells a row for groups (t, m, n)", table,
                       ints->ncolumns);
    const char *t_key = column_name(ctx, 0), *m_key = column_name(ctx, 1),
               *n_key = column_name(ctx, 2);
    json_t *rows = json_object_get(ctx, "rows");
    json_t *list = json_array(), *triples = NULL;
    int rc = !list;
    for (size_t i = 0; !rc && i < ints->n; i++) {
        json_t *row = json_array_get(rows, i);
        if (i == 0 || row_int(ints, i, 0) != row_int(ints, i - 1, 0)) {
            triples = json_array();
            rc = json_array_append_new(list, json_pack("{s:O, s:o, s:b}", t_key,
                                                       json_object_get(row, t_key), "triples",
                                                       triples, "last", 0)) != 0;
        }
        rc = rc || json_array_append_new(triples, json_pack("{s:O, s:O, s:b}", m_key,
                                                            json_object_get(row, m_key), n_key,
                                                            json_object_get(row, n_key), "last",
                                                            0)) != 0;
    }
    /* "last" on the last triple of each group and on the last group. */
    size_t ngroups = json_array_size(list);
    for (size_t i = 0; !rc && i < ngroups; i++) {
        json_t *g = json_array_get(list, i), *members = json_object_get(g, "triples");
        bool keep = i + 1 < ngroups &&
                    (i + 1 < CONTEXT_KEEP_ROWS || i + CONTEXT_KEEP_ROWS >= ngroups);
        rc = json_object_set_new(json_array_get(members, json_array_size(members) - 1), "last",
                                 json_true()) != 0 ||
             (i + 1 == ngroups && json_object_set_new(g, "last", json_true()) != 0) ||
             json_object_set_new(g, "keep", json_boolean(keep)) != 0;
    }
    rc = rc || json_object_set(ctx, "groups", list) != 0;
    json_decref(list);
    return rc ? tex_fail_nomem(err, table) : GT_OK;
}

/* ---- period grid ---------------------------------------------------------- */

/* The (n;0;0) labels of the grid at page's \small, in hundredths of a
 * point rounded up: 6.55 of its zeros (30.25pt beside cmr9's 4.6242pt
 * zero, 32.67pt beside cmr10's 5pt). */
#define GRID_LABEL_ZEROS 655

/* The columns of `widest` digits that fit page's text width beside the
 * (n;0;0) labels, at least 1.  The grid has no slack for the nominal digit
 * of context_fit_columns: its labels are 6.55 zeros, not six digits, and a
 * framed period adds two rules, so it counts the zero as set
 * (context_small_zero), the labels as set, 12pt of separation a column,
 * five 0.4pt rules.  (kordemsky-grundy --max 1000: nine columns of 0000,
 * not ten, which were 3.8pt over 345pt.) */
static uint64_t grid_fit(const struct context_page *page, size_t widest)
{
    size_t zero = context_small_zero(page);
    size_t label = (zero * GRID_LABEL_ZEROS + 99) / 100 + 1200 + 5 * 40;
    size_t cell = widest * zero + 1200, text = 10 * (size_t)page->text_width;
    size_t fit = text > label ? (text - label) / cell : 0;
    return fit < 1 ? 1 : fit;
}

/* Piles per block for the N + 1 piles: no more than fit the page beside the
 * (n;0;0) labels (grid_fit, for cells as wide as widest_cell) nor than
 * --block-columns, the blocks balanced; then widened to a multiple of the
 * period P where that still fits, so that the columns of every block stand
 * under the same residues mod P and one period can be framed whole. */
static uint64_t grid_width(json_t *ctx, const struct context_page *page, uint64_t columns,
                           uint64_t P)
{
    uint64_t fit = grid_fit(page, json_string_length(json_object_get(ctx, "widest_cell")));
    uint64_t asked = (uint64_t)json_integer_value(json_object_get(ctx, "block_columns"));
    if (asked < fit)
        fit = asked;
    if (fit < 1)
        fit = 1;
    uint64_t blocks = (columns + fit - 1) / fit;
    uint64_t width = (columns + blocks - 1) / blocks;
    if (P && width % P != 0 && width + (P - width % P) <= fit)
        width += P - width % P;
    return width;
}

/* The grid: piles as columns in blocks of `width`, a line per (m, p) with
 * the unreachable cells blank (the row of (n, m) holds the one p that makes
 * n + m + p odd); "rule" marks a column that opens or closes the framed
 * period [frame, frame + P). */
static json_t *grid_blocks(json_t *rows, const char *key, uint64_t N, uint64_t width, bool framed,
                           uint64_t frame, uint64_t P)
{
    static const unsigned line_mp[4][2] = {{0, 0}, {1, 1}, {0, 1}, {1, 0}};
    json_t *blocks = json_array();
    for (uint64_t first = 0; blocks && first <= N; first += width) {
        json_t *cols = json_array(), *lines = json_array();
        json_t *block = json_pack("{s:o, s:o, s:b}", "cols", cols, "lines", lines, "last",
                                  first + width > N);
        int rc = !block || json_array_append_new(blocks, block) != 0;
        for (uint64_t j = 0; !rc && j < width; j++) {
            uint64_t n = first + j;
            char buf[24] = "";
            if (n <= N)
                table_integer_format(n, buf);
            bool rule = framed && j > 0 && (n == frame || n == frame + P);
            rc = json_array_append_new(cols, json_pack("{s:s, s:b}", "n", buf, "rule", rule)) != 0;
        }
        for (int l = 0; !rc && l < 4; l++) {
            unsigned m = line_mp[l][0], p = line_mp[l][1];
            json_t *cells = json_array();
            rc = json_array_append_new(lines, json_pack("{s:i, s:i, s:o}", "m", (int)m, "p", (int)p,
                                                        "cells", cells)) != 0;
            for (uint64_t j = 0; !rc && j < width; j++) {
                uint64_t n = first + j;
                json_t *cell = n <= N && (n + m + p) % 2 == 1
                                   ? json_pack("{s:O}", "value",
                                               json_object_get(json_array_get(rows, 2 * n + m), key))
                                   : json_pack("{s:s}", "value", "");
                rc = json_array_append_new(cells, cell) != 0;
            }
        }
        if (rc) {
            json_decref(blocks);
            blocks = NULL;
        }
    }
    return blocks;
}

/* Kordemsky's grid (TEX_SHAPE_PERIOD_GRID), the first period from
 * "period_start" that lies inside one block framed. */
static int period_grid(json_t *ctx, const struct tex_rows *ints, const struct table_args *args,
                       const struct context_page *page, const char *table, struct gt_error *err)
{
    uint64_t N = args->param[PARAM_MAX];
    if (ints->ncolumns < 4 || ints->n != 2 * (N + 1))
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %zu rows of %zu cells for a grid of piles 0..%" PRIu64
                       " (n, m, p, value; m = 0, 1)",
                       table, ints->n, ints->ncolumns, N);
    bool periodic = json_is_true(json_object_get(ctx, "periodic"));
    uint64_t P = periodic ? (uint64_t)json_integer_value(json_object_get(ctx, "period")) : 0;
    uint64_t start =
        periodic ? (uint64_t)json_integer_value(json_object_get(ctx, "period_start")) : 0;
    uint64_t width = grid_width(ctx, page, N + 1, P);
    if (width > N + 1)
        width = N + 1;
    uint64_t frame = start;
    if (periodic && frame % width + P > width)
        frame += width - frame % width;
    bool framed = periodic && frame % width + P <= width && frame + P - 1 <= N;
    json_t *grid = grid_blocks(json_object_get(ctx, "rows"), column_name(ctx, 3), N, width, framed,
                               frame, P);
    int rc = !grid || json_object_set_new(ctx, "grid", grid) != 0 ||
             json_object_set_new(ctx, "framed", json_boolean(framed)) != 0;
    return rc ? tex_fail_nomem(err, table) : GT_OK;
}

int tex_shape_add(json_t *ctx, enum tex_shape shape, const struct tex_rows *rows,
                  const struct table_args *args, const struct context_page *page,
                  const char *table, struct gt_error *err)
{
    switch (shape) {
    case TEX_SHAPE_BOARD: return board(ctx, rows, args, table, err);
    case TEX_SHAPE_GROUPS: return groups(ctx, rows, table, err);
    case TEX_SHAPE_PERIOD_GRID: return period_grid(ctx, rows, args, page, table, err);
    case TEX_SHAPE_ROWS: break;
    }
    return GT_OK;
}

/* ---- numbers and widths --------------------------------------------------- */

static int number_list(json_t *list, const char *key)
{
    for (size_t i = 0; i < json_array_size(list); i++)
        if (json_object_set_new(json_array_get(list, i), key, json_integer((json_int_t)i + 1)))
            return -1;
    return 0;
}

int tex_number_rows(json_t *ctx)
{
    return number_list(json_object_get(ctx, "rows"), "number") |
                   number_list(json_object_get(ctx, "columns"), "index")
               ? -1
               : 0;
}

int tex_set_widest(json_t *ctx, const struct tex_widest *w)
{
    json_t *rows = json_object_get(ctx, "rows");
    char zeros[128];
    size_t widest = 1;
    for (size_t i = 0; i < json_array_size(rows); i++)
        for (size_t k = 0; k < 4 && w->keys[k]; k++) {
            json_t *v = json_object_get(json_array_get(rows, i), w->keys[k]);
            char text[32];
            size_t n = json_is_string(v) ? strlen(json_string_value(v))
                                         : (size_t)snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT,
                                                            json_integer_value(v));
            widest = n > widest ? n : widest;
        }
    widest = widest < sizeof zeros ? widest : sizeof zeros - 1;
    memset(zeros, '0', widest);
    zeros[widest] = '\0';
    return json_object_set_new(ctx, w->name, json_string(zeros)) ? -1 : 0;
}
