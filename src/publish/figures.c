#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/decimal.h"
#include "publish/figures.h"
#include "games/games.h"
#include "tables/table-kordemsky.h"
#include "tables/table-wythoff.h"
#include "games/wythoff.h"

/* ---- helpers ------------------------------------------------------------ */

/* The typed rows of the figure's table, all of them (a figure's ranges
 * keep them few: 32 x 32 squares at most), or NULL with err set; *n is
 * their number.  The caller frees them. */
static struct table_row *rows_read(const struct table_def *t, const struct table_args *args,
                                   size_t *n, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return NULL;
    size_t cap = 64;
    struct table_row *rows = malloc(cap * sizeof *rows);
    *n = 0;
    while (rows && table_stream_next(&s)) {
        if (*n == cap) {
            struct table_row *more = realloc(rows, 2 * cap * sizeof *rows);
            if (!more) {
                free(rows);
                rows = NULL;
                break;
            }
            rows = more;
            cap *= 2;
        }
        rows[(*n)++] = s.row;
    }
    table_stream_close(&s);
    if (!rows)
        gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory reading the rows of a figure", t->name);
    return rows;
}

/* Appends o (stolen) to list; nonzero when out of memory. */
static int append(json_t *list, json_t *o)
{
    return !o || json_array_append_new(list, o) != 0;
}

/* Sets key to list (stolen); nonzero when out of memory. */
static int set_list(json_t *ctx, const char *key, json_t *list)
{
    return !list || json_object_set_new(ctx, key, list) != 0;
}

/* v/1000 as a decimal with three places, "12.944", for TikZ coordinates. */
static json_t *thousandths(uint64_t v)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%" PRIu64 ".%03" PRIu64, v / 1000, v % 1000);
    return json_string(buf);
}

/* ⌊1000 x φ⌋ for x < 2^20, exactly: (1000x + ⌊√(5·10^6 x²)⌋) / 2, as
 * wythoff_lower computes ⌊nφ⌋ (φ = (1 + √5)/2). */
static uint64_t milli_phi(uint64_t x)
{
    unsigned __int128 sq = (unsigned __int128)5000000 * x * x;
    return (1000 * x + isqrt_u128(sq)) / 2;
}

/* The squares 0..side-1 along an axis, for the labels: [{v}]. */
static json_t *axis_ticks(uint64_t side)
{
    json_t *ticks = json_array();
    for (uint64_t v = 0; ticks && v < side; v++)
        if (append(ticks, json_pack("{s:I}", "v", (json_int_t)v))) {
            json_decref(ticks);
            ticks = NULL;
        }
    return ticks;
}

/* The P-positions on the board 0 <= a, b < side, from the rows of
 * wythoff-p-positions: [{a, b}], each (a_n, b_n) with its mirror image
 * (b_n, a_n).  NULL when out of memory. */
static json_t *board_marks(uint64_t side)
{
    struct table_args args;
    table_default_args(&table_wythoff_p_positions, &args);
    args.param[PARAM_COUNT] = side; /* b_n >= n: every n with b_n < side */
    struct table_stream s;
    struct gt_error err;
    if (table_stream_open(&s, &table_wythoff_p_positions, &args, &err) != GT_OK)
        return NULL;
    json_t *marks = json_array();
    while (marks && table_stream_next(&s)) {
        uint64_t a = s.row.cell[PAIRS_A].integer, b = s.row.cell[PAIRS_B].integer;
        if (b >= side)
            continue;
        int rc = append(marks, json_pack("{s:I, s:I}", "a", (json_int_t)a, "b", (json_int_t)b));
        if (!rc && a != b)
            rc = append(marks, json_pack("{s:I, s:I}", "a", (json_int_t)b, "b", (json_int_t)a));
        if (rc) {
            json_decref(marks);
            marks = NULL;
        }
    }
    table_stream_close(&s);
    return marks;
}

/* ---- wythoff-board: figure 2 --------------------------------------------- */

/* The board of figure 2 for the first K P-positions (the rows of
 * wythoff-p-positions --count K): "side", b_{K-1} + 1, the smallest board
 * that holds them, and on it every P-position, so "marks" is every
 * P-position of the board; "circles", the points (nφ, nφ²) and (nφ², nφ),
 * n = 1..K-1, on the lines b = φa and b = a/φ, "x" and "y" to three places,
 * with "a" and "b" the square they lie in (⌊nφ⌋, ⌊nφ²⌋), by Theorem 1 the
 * marked square (a_n, b_n) or (b_n, a_n); "phi_end" and "inv_end", where
 * the lines leave the board; "ticks", the labels 0..side-1. */
static int board_context(json_t *ctx, const struct table_row *rows, size_t K,
                         const struct table_args *args)
{
    (void)args;
    if (K == 0)
        return -1;
    uint64_t side = rows[K - 1].cell[PAIRS_B].integer + 1;
    json_t *circles = json_array();
    for (uint64_t n = 1; circles && n < K; n++) {
        uint64_t x = milli_phi(n), y = x + 1000 * n; /* nφ² = nφ + n */
        json_int_t a = (json_int_t)(x / 1000), b = (json_int_t)(y / 1000);
        if (append(circles, json_pack("{s:o, s:o, s:I, s:I}", "x", thousandths(x), "y",
                                      thousandths(y), "a", a, "b", b)) ||
            append(circles, json_pack("{s:o, s:o, s:I, s:I}", "x", thousandths(y), "y",
                                      thousandths(x), "a", b, "b", a))) {
            json_decref(circles);
            circles = NULL;
        }
    }
    uint64_t end = milli_phi(side) - 1000 * side; /* side/φ = side φ - side */
    int rc = set_list(ctx, "circles", circles) | set_list(ctx, "marks", board_marks(side)) |
             set_list(ctx, "ticks", axis_ticks(side)) |
             set_list(ctx, "phi_end", json_pack("{s:o, s:I}", "x", thousandths(end), "y",
                                                (json_int_t)side)) |
             set_list(ctx, "inv_end", json_pack("{s:I, s:o}", "x", (json_int_t)side, "y",
                                                thousandths(end))) |
             json_object_set_new(ctx, "side", json_integer((json_int_t)side));
    return rc ? -1 : 0;
}

/* ---- wythoff-game: figure 1 ---------------------------------------------- */

/* The game's board: "side", one square beyond the larger of A and B (at
 * least 4), its P-positions "marks" (drawn faintly: the winner's arrows end
 * on them) and "ticks"; the arrows are the rows themselves. */
static int game_context(json_t *ctx, const struct table_row *rows, size_t nrows,
                        const struct table_args *args)
{
    (void)rows;
    (void)nrows;
    uint64_t a = args->param[PARAM_START_A], b = args->param[PARAM_START_B];
    uint64_t side = (a > b ? a : b) + 2;
    if (side < 4)
        side = 4;
    int rc = set_list(ctx, "marks", board_marks(side)) | set_list(ctx, "ticks", axis_ticks(side)) |
             json_object_set_new(ctx, "side", json_integer((json_int_t)side));
    return rc ? -1 : 0;
}

/* ---- wythoff-frequencies: p_N and q_N ------------------------------------ */

/* Up to this last N the N axis is ticked at every integer: left to
 * pgfplots, 2..5 rows were ticked in fractions (0; 0.2; ... 2) (breaker
 * round 16). */
#define FREQUENCIES_SMALL_N 10

/* The plot reads the rows as they are (the CSV columns, pgfplots' table);
 * "N_max" is the last N (the count, 2..2000); "N_min", where the N axis
 * starts: 1 at every count, the first N where p_N and q_N are defined (it
 * was 0 past FREQUENCIES_SMALL_N, an empty band 0..1 at --count 11,
 * breaker round 17); "N_integer_ticks", true up to FREQUENCIES_SMALL_N: a
 * tick at every integer (past it pgfplots' own ticks, integers there). */
static int frequencies_context(json_t *ctx, const struct table_row *rows, size_t nrows,
                               const struct table_args *args)
{
    (void)rows;
    (void)nrows;
    uint64_t n = args->param[PARAM_COUNT];
    bool small = n <= FREQUENCIES_SMALL_N;
    int rc = json_object_set_new(ctx, "N_max", json_integer((json_int_t)n)) |
             json_object_set_new(ctx, "N_min", json_integer(1)) |
             json_object_set_new(ctx, "N_integer_ticks", json_boolean(small));
    return rc ? -1 : 0;
}

/* ---- wythoff-grundy: the coloured board ---------------------------------- */

/* The board as coloured squares: "cells", [{a, b, value, zero, shade}] for
 * every square, shade 12..72 (percent of the colour, growing with the
 * value, relative to the largest value "top"); "N", the side; "ticks". */
static int grundy_context(json_t *ctx, const struct table_row *typed, size_t n,
                          const struct table_args *args)
{
    uint64_t N = args->param[PARAM_MAX];
    json_t *rows = json_object_get(ctx, "rows");
    uint64_t top = 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = typed[i].cell[GRUNDY_VALUE].integer;
        top = v > top ? v : top;
    }
    json_t *cells = json_array();
    for (size_t i = 0; cells && i < n; i++) {
        json_t *row = json_array_get(rows, i);
        uint64_t v = typed[i].cell[GRUNDY_VALUE].integer;
        json_t *cell = json_pack("{s:O, s:O, s:O, s:b, s:I}", "a", json_object_get(row, "a"), "b",
                                 json_object_get(row, "b"), "value", json_object_get(row, "grundy"),
                                 "zero", v == 0, "shade", (json_int_t)(12 + 60 * v / top));
        if (append(cells, cell)) {
            json_decref(cells);
            cells = NULL;
        }
    }
    int rc = set_list(ctx, "cells", cells) | set_list(ctx, "ticks", axis_ticks(N)) |
             json_object_set_new(ctx, "N", json_integer((json_int_t)N)) |
             json_object_set_new(ctx, "top", json_integer((json_int_t)top));
    return rc ? -1 : 0;
}

/* ---- kordemsky-graph: Teterko's figure 1 --------------------------------- */

/* The state graph: "nodes", [{id, n, m, p, grundy, zero, top}] for the rows
 * (the states with n + m + p odd), column n, the top line for m = 0;
 * "arcs", [{from, to, span, top, bottom, cross, pass}] for every move of
 * game_kordemsky between them: taking span stones keeps the line (top or
 * bottom: drawn as an arc over the states between) or crosses to the other
 * (cross); pass, the added move (0,0,1) -> (0,1,0).  "box_from", "box_to":
 * one period framed, from the period the table's hook found ("periodic",
 * "period", "period_start"), when it fits; "columns", N + 1. */
static int kordemsky_context(json_t *ctx, const struct table_row *typed, size_t nrows,
                             const struct table_args *args)
{
    uint64_t N = args->param[PARAM_MAX];
    struct game g;
    if (game_kordemsky(&g, N) != 0)
        return -1;
    json_t *rows = json_object_get(ctx, "rows");
    json_t *nodes = json_array(), *arcs = json_array();
    int rc = !nodes || !arcs;
    for (size_t i = 0; !rc && i < nrows; i++) {
        json_t *row = json_array_get(rows, i);
        const struct table_cell *c = typed[i].cell;
        uint64_t n = c[KORDEMSKY_N].integer;
        unsigned m = (unsigned)c[KORDEMSKY_M].integer, p = (unsigned)c[KORDEMSKY_P].integer;
        uint64_t s = kordemsky_encode(n, m, p), out[8];
        char id[64];
        snprintf(id, sizeof id, "s-%" PRIu64 "-%u-%u", n, m, p);
        rc = append(nodes, json_pack("{s:s, s:I, s:i, s:i, s:O, s:b, s:b}", "id", id, "n",
                                     (json_int_t)n, "m", (int)m, "p", (int)p, "grundy",
                                     json_object_get(row, "grundy"), "zero",
                                     c[KORDEMSKY_GRUNDY].integer == 0, "top", m == 0));
        size_t k = rc ? 0 : g.options(&g, s, out);
        for (size_t j = 0; !rc && j < k; j++) {
            uint64_t n2;
            unsigned m2, p2;
            kordemsky_decode(out[j], &n2, &m2, &p2);
            char to[64];
            snprintf(to, sizeof to, "s-%" PRIu64 "-%u-%u", n2, m2, p2);
            bool pass = n2 == n, same = m2 == m;
            rc = append(arcs, json_pack("{s:s, s:s, s:I, s:b, s:b, s:b, s:b}", "from", id, "to", to,
                                        "span", (json_int_t)(n - n2), "top", same && m == 0,
                                        "bottom", same && m == 1, "cross", !same && !pass,
                                        "pass", pass));
        }
    }
    if (rc) {
        json_decref(nodes);
        json_decref(arcs);
        return -1;
    }
    rc = set_list(ctx, "nodes", nodes) | set_list(ctx, "arcs", arcs) |
         json_object_set_new(ctx, "columns", json_integer((json_int_t)N + 1));
    json_t *periodic = json_object_get(ctx, "periodic");
    if (json_is_true(periodic)) {
        json_int_t from = json_integer_value(json_object_get(ctx, "period_start"));
        json_int_t to = from + json_integer_value(json_object_get(ctx, "period")) - 1;
        bool boxed = to <= (json_int_t)N;
        rc |= json_object_set_new(ctx, "boxed", json_boolean(boxed)) |
              json_object_set_new(ctx, "box_from", json_integer(from)) |
              json_object_set_new(ctx, "box_to", json_integer(to));
    }
    return rc ? -1 : 0;
}

/* ---- the registry --------------------------------------------------------- */

static const struct figure_def figure_wythoff_game = {
    .name = "wythoff-game",
    .summary = "figure 1: a game from (A, B) on the board, the winner's moves and the loser's",
    .table = &table_wythoff_game,
    .params = {
        [PARAM_START_A] = {true, 12, 0, 30, "the starting square (A, B)"},
        [PARAM_START_B] = {true, 14, 0, 30, "the starting square (A, B)"},
    },
    .context = game_context,
};

static const struct figure_def figure_wythoff_board = {
    .name = "wythoff-board",
    .summary = "figure 2: the P-positions marked on the board, the lines b = phi a and "
               "b = a/phi, the points (n phi, n phi^2) circled",
    .table = &table_wythoff_p_positions,
    .params = {
        [PARAM_COUNT] = {true, 9, 2, 15, "the first K P-positions, on a board of side b_{K-1} + 1"},
    },
    .context = board_context,
};

static const struct figure_def figure_wythoff_frequencies = {
    .name = "wythoff-frequencies",
    .summary = "p_N and q_N against N, with their limits 1/phi and 1/phi^2",
    .table = &table_wythoff_frequencies,
    .params = {
        [PARAM_COUNT] = {true, 200, 2, 2000, "N = 1..K"},
    },
    .context = frequencies_context,
};

static const struct figure_def figure_wythoff_grundy = {
    .name = "wythoff-grundy",
    .summary = "the Grundy values of queen to the corner as a coloured board, the zeros "
               "standing out",
    .table = &table_wythoff_grundy,
    .params = {
        [PARAM_MAX] = {true, 16, 2, 32, "the board 0 <= a, b < N"},
    },
    .context = grundy_context,
};

static const struct figure_def figure_kordemsky_graph = {
    .name = "kordemsky-graph",
    .summary = "Teterko's figure 1: the states (n, m, p) of problem 286 with their Grundy "
               "values, every move an arc, one period framed",
    .table = &table_kordemsky_grundy,
    .params = {
        [PARAM_MAX] = {true, 11, 1, 17, "piles n = 0..N"},
    },
    .context = kordemsky_context,
};

const struct figure_def *const figure_registry[] = {
    &figure_wythoff_game,
    &figure_wythoff_board,
    &figure_wythoff_frequencies,
    &figure_wythoff_grundy,
    &figure_kordemsky_graph,
};

const size_t figure_registry_size = sizeof figure_registry / sizeof figure_registry[0];

const struct figure_def *figure_find(const char *name)
{
    for (size_t i = 0; i < figure_registry_size; i++)
        if (strcmp(figure_registry[i]->name, name) == 0)
            return figure_registry[i];
    return NULL;
}

void figure_default_args(const struct figure_def *f, struct table_args *args)
{
    table_default_args(f->table, args);
    for (int p = 0; p < PARAM__N; p++)
        if (f->params[p].accepted)
            args->param[p] = f->params[p].def;
}

int figure_check_param(const struct figure_def *f, enum table_param p, uint64_t value,
                       struct gt_error *err)
{
    return table_param_check(f->params, "figure", f->name, p, value, err);
}

int figure_write(const struct figure_def *f, const struct table_args *args,
                 const struct tex_options *opt, bool worksheet, struct output *out,
                 struct gt_error *err)
{
    json_t *ctx = sink_tex_context(f->table, args, opt, err);
    if (!ctx)
        return gt_status(err);
    size_t n;
    struct table_row *rows = rows_read(f->table, args, &n, err);
    if (!rows) {
        json_decref(ctx);
        return GT_ERR_RUNTIME;
    }
    int drawn = f->context(ctx, rows, n, args);
    free(rows);
    if (drawn != 0 || json_object_set_new(ctx, "worksheet", json_boolean(worksheet)) != 0) {
        json_decref(ctx);
        return gt_fail(err, GT_ERR_RUNTIME, "figure %s: out of memory building the drawing",
                       f->name);
    }
    char name[128];
    snprintf(name, sizeof name, "figure-%s.tex", f->name);
    int rc = template_render(opt->dirs, name, ctx, out, err);
    json_decref(ctx);
    return rc;
}
