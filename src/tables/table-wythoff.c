#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/decimal.h"
#include "games/games.h"
#include "games/numeration.h"
#include "games/solver.h"
#include "tables/table-wythoff.h"
#include "games/wythoff-grundy.h"
#include "games/wythoff.h"
#include "games/wythoff-play.h"

#define MATULIS_SAVUKINAS_1984                                          \
    .authors = "Matulis & Savukinas",                                   \
    .title = "«Ферзя — в угол», «цзяньшицзы» и числа Фибоначчи",        \
    .journal = "Kvant", .year = 1984, .issue = 7

/* ---- wythoff-p-positions ------------------------------------------------ */

struct p_positions_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
};
_Static_assert(sizeof(struct p_positions_state) <= TABLE_STATE_SIZE, "state too large");

/* The pairs n, a_n, b_n from n = first on: the P-positions (from n = 0)
 * and the Beatty table (from n = 1) are one stream. */
static void pairs_start(struct p_positions_state *s, uint64_t first, uint64_t count)
{
    wythoff_cursor_start(&s->cur, first);
    s->remaining = count;
}

static int p_positions_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    pairs_start(state, args->param[PARAM_FROM], args->param[PARAM_COUNT]);
    return GT_OK;
}

static bool p_positions_next(void *state, struct table_row *row)
{
    struct p_positions_state *s = state;
    if (s->remaining == 0)
        return false;
    u64_format(s->cur.n, row->cell[0]);
    u64_format(wythoff_cursor_lower(&s->cur), row->cell[1]);
    u64_format(wythoff_cursor_upper(&s->cur), row->cell[2]);
    /* Advance only while rows remain, so n never passes WYTHOFF_N_MAX. */
    if (--s->remaining > 0)
        wythoff_cursor_next(&s->cur);
    return true;
}

static const struct table_column p_positions_columns[] = {
    {"n", COLUMN_INTEGER}, {"a_n", COLUMN_INTEGER}, {"b_n", COLUMN_INTEGER},
};

const struct table_def table_wythoff_p_positions = {
    .name = "wythoff-p-positions",
    .summary = "P-positions (a_n, b_n) of Wythoff's game, a_n = floor(n*phi), b_n = a_n + n",
    .source = {MATULIS_SAVUKINAS_1984, .item = "table «Проигрышные поля»; Theorem 1"},
    .columns = p_positions_columns,
    .ncolumns = 3,
    .params = {
        [PARAM_COUNT] = {true, 13, 1, WYTHOFF_N_MAX + 1, "rows n = 0..K-1"},
        [PARAM_FROM] = {true, 0, 0, WYTHOFF_N_MAX, "the first row: n = N0"},
    },
    .start = p_positions_start,
    .next = p_positions_next,
    .tex_template = "wythoff-p-positions.tex",
};

/* ---- wythoff-frequencies ------------------------------------------------ */

/* p_N and q_N in the CSV: 12 places, so at least 10 significant digits. */
#define FREQUENCY_PLACES 12
/* p_N and q_N in the article's list: 4 places. */
#define FREQUENCY_TEX_PLACES 4

struct frequencies_state {
    struct wythoff_cursor cur; /* at n = N + 1: A_N = a_{N+1} - (N + 1) */
    uint64_t N, last;
};
_Static_assert(sizeof(struct frequencies_state) <= TABLE_STATE_SIZE, "state too large");

static int frequencies_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct frequencies_state *s = state;
    s->N = args->param[PARAM_FROM] + 1;
    s->last = s->N - 1 + args->param[PARAM_COUNT];
    wythoff_cursor_start(&s->cur, s->N + 1);
    return GT_OK;
}

static bool frequencies_next(void *state, struct table_row *row)
{
    struct frequencies_state *s = state;
    if (s->N > s->last)
        return false;
    uint64_t N = s->N;
    uint64_t A = wythoff_cursor_lower(&s->cur) - s->cur.n;
    uint64_t B = N - A;
    u64_format(N, row->cell[0]);
    u64_format(A, row->cell[1]);
    u64_format(B, row->cell[2]);
    struct decimal p = decimal_of_fraction(A, N, FREQUENCY_PLACES);
    struct decimal q = decimal_of_fraction(B, N, FREQUENCY_PLACES);
    decimal_format(&p, row->cell[3]);
    decimal_format(&q, row->cell[4]);
    if (N < s->last)
        wythoff_cursor_next(&s->cur);
    s->N++;
    return true;
}

/* Adds "<prefix>_exact", "<prefix>_int", "<prefix>_frac" and
 * "<prefix>_has_frac" for num/N at
 * 4 places: the article prints «= 0,75» when exact, «≈ 0,6667» when rounded. */
static int add_kvant_decimal(json_t *obj, const char *prefix, uint64_t num, uint64_t den)
{
    struct decimal d = decimal_of_fraction(num, den, FREQUENCY_TEX_PLACES);
    char digits[DECIMAL_BUF_SIZE], key[32];
    if (d.exact)
        decimal_format_frac_trimmed(&d, digits);
    else
        decimal_format_frac(&d, digits);
    int rc = 0;
    snprintf(key, sizeof key, "%s_exact", prefix);
    rc |= json_object_set_new(obj, key, json_boolean(d.exact));
    snprintf(key, sizeof key, "%s_int", prefix);
    rc |= json_object_set_new(obj, key, json_integer((json_int_t)d.int_part));
    snprintf(key, sizeof key, "%s_frac", prefix);
    rc |= json_object_set_new(obj, key, json_string(digits));
    snprintf(key, sizeof key, "%s_has_frac", prefix);
    rc |= json_object_set_new(obj, key, json_boolean(digits[0] != '\0'));
    return rc ? -1 : 0;
}

static int frequencies_tex_row(json_t *obj, const struct table_row *row)
{
    uint64_t N = strtoull(row->cell[0], NULL, 10);
    uint64_t A = strtoull(row->cell[1], NULL, 10);
    uint64_t B = strtoull(row->cell[2], NULL, 10);
    return add_kvant_decimal(obj, "p", A, N) | add_kvant_decimal(obj, "q", B, N);
}

static int frequencies_tex_context(json_t *ctx, const struct table_args *args)
{
    (void)args;
    /* ⌊10^5/φ⌋ = a_{10^5} - 10^5 (Theorem 1), exact; 1/φ is irrational, so
     * rounding the fifth digit half up never meets a tie. */
    const uint64_t scale = 100000;
    uint64_t inv_phi = wythoff_count_lower(scale - 1);   /* ⌊10^5/φ⌋ */
    uint64_t inv_phi2 = scale - (inv_phi + 1);            /* ⌊10^5/φ²⌋ = 10^5 - ⌈10^5/φ⌉ */
    char buf[8];
    int rc = 0;
    snprintf(buf, sizeof buf, "%04u", (unsigned)((inv_phi + 5) / 10));
    rc |= json_object_set_new(ctx, "limit_p_frac", json_string(buf));
    snprintf(buf, sizeof buf, "%04u", (unsigned)((inv_phi2 + 5) / 10));
    rc |= json_object_set_new(ctx, "limit_q_frac", json_string(buf));
    return rc ? -1 : 0;
}

static const struct table_column frequencies_columns[] = {
    {"N", COLUMN_INTEGER}, {"A_N", COLUMN_INTEGER}, {"B_N", COLUMN_INTEGER},
    {"p_N", COLUMN_DECIMAL}, {"q_N", COLUMN_DECIMAL},
};

const struct table_def table_wythoff_frequencies = {
    .name = "wythoff-frequencies",
    .summary = "A_N, B_N: how many a_n, b_n are <= N, and the frequencies p_N = A_N/N, q_N = B_N/N",
    .source = {MATULIS_SAVUKINAS_1984, .item = "list of p_N, q_N, section «Частоты чисел a_n и b_n»"},
    .columns = frequencies_columns,
    .ncolumns = 5,
    .params = {
        [PARAM_COUNT] = {true, 11, 1, WYTHOFF_FREQ_N_MAX, "rows N = 1..K"},
        [PARAM_FROM] = {true, 0, 0, WYTHOFF_FREQ_N_MAX - 1, "the first row: N = N0 + 1"},
    },
    .start = frequencies_start,
    .next = frequencies_next,
    .tex_template = "wythoff-frequencies.tex",
    .tex_row = frequencies_tex_row,
    .tex_context = frequencies_tex_context,
};

/* ---- wythoff-beatty ------------------------------------------------------ */

/* n, ⌊nu⌋, ⌊nv⌋ for n = 1..K: ⌊nu⌋ = a_n and ⌊nv⌋ = ⌊n(u + 1)⌋ = a_n + n
 * = b_n, both exact (wythoff.h): the stream of the P-positions from n = 1. */

static int beatty_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    pairs_start(state, args->param[PARAM_FROM] + 1, args->param[PARAM_COUNT]);
    return GT_OK;
}

static const struct table_column beatty_columns[] = {
    {"n", COLUMN_INTEGER}, {"floor_nu", COLUMN_INTEGER}, {"floor_nv", COLUMN_INTEGER},
};

const struct table_def table_wythoff_beatty = {
    .name = "wythoff-beatty",
    .summary = "Beatty sequences floor(n*u), floor(n*v), u = phi, v = phi^2: Theorem 1's a_n, b_n",
    .source = {MATULIS_SAVUKINAS_1984, .item = "Theorem 1"},
    .columns = beatty_columns,
    .ncolumns = 3,
    .params = {
        [PARAM_COUNT] = {true, 13, 1, WYTHOFF_N_MAX, "rows n = 1..K"},
        [PARAM_FROM] = {true, 0, 0, WYTHOFF_N_MAX - 1, "the first row: n = N0 + 1"},
    },
    .start = beatty_start,
    .next = p_positions_next,
    .tex_template = "wythoff-beatty.tex",
};

/* ---- wythoff-property3 --------------------------------------------------- */

/* Property 3: with (a_n; b_n) the pairs (b_n - 1; a_n + b_n - 1) and
 * (b_n + 1; a_n + b_n + 2) are P-positions too.  Their indices are their
 * differences (property 2): k1 = a_n, as the article derives, and
 * k2 = a_n + 1.  The row of n = 0 is left out: b_0 - 1 = -1 is no position,
 * and (0; 0) has only the second successor, (1; 2), the row of n = 1. */
struct property3_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
};
_Static_assert(sizeof(struct property3_state) <= TABLE_STATE_SIZE, "state too large");

static int property3_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct property3_state *s = state;
    wythoff_cursor_start(&s->cur, 1);
    s->remaining = args->param[PARAM_COUNT];
    return GT_OK;
}

static bool property3_next(void *state, struct table_row *row)
{
    struct property3_state *s = state;
    if (s->remaining == 0)
        return false;
    uint64_t n = s->cur.n, a = wythoff_cursor_lower(&s->cur), b = wythoff_cursor_upper(&s->cur);
    /* n <= PROPERTY3_N_MAX keeps a + b + 2 = b_{a_n + 1} within 64 bits. */
    uint64_t a1 = b - 1, b1 = a + b - 1, a2 = b + 1, b2 = a + b + 2;
    u64_format(n, row->cell[0]);
    u64_format(a, row->cell[1]);
    u64_format(b, row->cell[2]);
    u64_format(b1 - a1, row->cell[3]);
    u64_format(a1, row->cell[4]);
    u64_format(b1, row->cell[5]);
    u64_format(b2 - a2, row->cell[6]);
    u64_format(a2, row->cell[7]);
    u64_format(b2, row->cell[8]);
    if (--s->remaining > 0)
        wythoff_cursor_next(&s->cur);
    return true;
}

/* The pair (0; 0) for the template's first line: its one successor (1; 2). */
static int property3_tex_context(json_t *ctx, const struct table_args *args)
{
    (void)args;
    char a2[24], b2[24];
    u64_format(wythoff_lower(1), a2);
    u64_format(wythoff_upper(1), b2);
    json_t *zero = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "n", "0", "a_n", "0", "b_n", "0",
                             "k2", "1", "a_k2", a2, "b_k2", b2);
    return zero && json_object_set_new(ctx, "origin", zero) == 0 ? 0 : -1;
}

static const struct table_column property3_columns[] = {
    {"n", COLUMN_INTEGER},  {"a_n", COLUMN_INTEGER},  {"b_n", COLUMN_INTEGER},
    {"k1", COLUMN_INTEGER}, {"a_k1", COLUMN_INTEGER}, {"b_k1", COLUMN_INTEGER},
    {"k2", COLUMN_INTEGER}, {"a_k2", COLUMN_INTEGER}, {"b_k2", COLUMN_INTEGER},
};

const struct table_def table_wythoff_property3 = {
    .name = "wythoff-property3",
    .summary = "Property 3: (a_n, b_n) gives the P-positions (b_n-1, a_n+b_n-1) = (a_k1, b_k1) "
               "and (b_n+1, a_n+b_n+2) = (a_k2, b_k2), k1 = a_n, k2 = a_n+1",
    .source = {MATULIS_SAVUKINAS_1984, .item = "property 3; exercises 3 and 4"},
    .columns = property3_columns,
    .ncolumns = 9,
    .params = {
        [PARAM_COUNT] = {true, 12, 1, PROPERTY3_N_MAX, "rows n = 1..K"},
    },
    .start = property3_start,
    .next = property3_next,
    .tex_template = "wythoff-property3.tex",
    .tex_context = property3_tex_context,
};

/* ---- wythoff-zeckendorf-shift -------------------------------------------- */

/* n - 1 and a_n - 1 in the Fibonacci system (the Zeckendorf representation,
 * numeration.h), each found greedily on its own: a_n from the closed form,
 * not by shifting the digits of n - 1, so that the table shows Theorem 2
 * rather than assumes it. */
struct zeckendorf_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
};
_Static_assert(sizeof(struct zeckendorf_state) <= TABLE_STATE_SIZE, "state too large");

static int zeckendorf_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct zeckendorf_state *s = state;
    wythoff_cursor_start(&s->cur, 1);
    s->remaining = args->param[PARAM_COUNT];
    return GT_OK;
}

static bool zeckendorf_next(void *state, struct table_row *row)
{
    struct zeckendorf_state *s = state;
    if (s->remaining == 0)
        return false;
    _Static_assert(NUMERATION_BUF_SIZE <= TABLE_CELL_SIZE, "cells too small for the digits");
    uint64_t n = s->cur.n, a = wythoff_cursor_lower(&s->cur);
    u64_format(n, row->cell[0]);
    u64_format(a, row->cell[1]);
    zeckendorf_digits(n - 1, row->cell[2]);
    zeckendorf_digits(a - 1, row->cell[3]);
    if (--s->remaining > 0)
        wythoff_cursor_next(&s->cur);
    return true;
}

/* n - 1 and a_n - 1 in decimal, for the template. */
static int zeckendorf_tex_row(json_t *obj, const struct table_row *row)
{
    char buf[24];
    int rc = 0;
    u64_format(strtoull(row->cell[0], NULL, 10) - 1, buf);
    rc |= json_object_set_new(obj, "n_minus_1", json_string(buf));
    u64_format(strtoull(row->cell[1], NULL, 10) - 1, buf);
    rc |= json_object_set_new(obj, "a_n_minus_1", json_string(buf));
    return rc ? -1 : 0;
}

static const struct table_column zeckendorf_columns[] = {
    {"n", COLUMN_INTEGER},
    {"a_n", COLUMN_INTEGER},
    {"n_minus_1_fib", COLUMN_TEXT},
    {"a_n_minus_1_fib", COLUMN_TEXT},
};

const struct table_def table_wythoff_zeckendorf_shift = {
    .name = "wythoff-zeckendorf-shift",
    .summary = "Theorem 2: n-1 and a_n-1 in the Fibonacci system (Zeckendorf digits); "
               "a_n-1 is n-1 shifted one place",
    .source = {MATULIS_SAVUKINAS_1984, .item = "Theorem 2"},
    .columns = zeckendorf_columns,
    .ncolumns = 4,
    .params = {
        [PARAM_COUNT] = {true, 13, 1, WYTHOFF_N_MAX, "rows n = 1..K"},
    },
    .start = zeckendorf_start,
    .next = zeckendorf_next,
    .tex_template = "wythoff-zeckendorf-shift.tex",
    .tex_row = zeckendorf_tex_row,
};

/* ---- wythoff-grundy ------------------------------------------------------ */

/* The Grundy values of the board 0 <= a, b < N, a row at a time by the
 * bitset algorithm of wythoff-grundy.h (about 0.75 N² bytes of bitsets and
 * one row of values; the generic solver agrees with it in the tests).  Rows
 * a = 0..N-1, b = 0..N-1 within. */
struct grundy_state {
    struct wythoff_grundy *w;
    uint32_t *row;     /* G(a, 0..N-1) */
    uint64_t N, a, b;  /* the next cell */
};
_Static_assert(sizeof(struct grundy_state) <= TABLE_STATE_SIZE, "state too large");

static int grundy_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct grundy_state *s = state;
    s->N = args->param[PARAM_MAX];
    s->a = s->b = 0;
    s->row = NULL;
    s->w = NULL;
    if (s->N < 1 || s->N > GRUNDY_N_MAX)
        return gt_fail(err, GT_ERR_USAGE, "wythoff-grundy: board size %" PRIu64 " is out of range",
                       s->N);
    s->w = wythoff_grundy_new((uint32_t)s->N);
    s->row = malloc(s->N * sizeof *s->row);
    if (!s->w || !s->row) {
        wythoff_grundy_free(s->w);
        free(s->row);
        s->w = NULL;
        s->row = NULL;
        return gt_fail(err, GT_ERR_RUNTIME, "wythoff-grundy: out of memory for a %" PRIu64
                       " x %" PRIu64 " board (%" PRIu64 " MiB)", s->N, s->N,
                       wythoff_grundy_bytes((uint32_t)s->N) >> 20);
    }
    return GT_OK;
}

static bool grundy_next(void *state, struct table_row *row)
{
    struct grundy_state *s = state;
    if (s->a == s->N)
        return false;
    /* A new row of the board; the bound it checks has never been reached
     * (G(a, b) <= a + b), but a failure would end the table, not lie. */
    if (s->b == 0 && wythoff_grundy_next_row(s->w, s->row) != 0) {
        s->a = s->N;
        return false;
    }
    u64_format(s->a, row->cell[0]);
    u64_format(s->b, row->cell[1]);
    u64_format(s->row[s->b], row->cell[2]);
    if (++s->b == s->N) {
        s->b = 0;
        s->a++;
    }
    return true;
}

static void grundy_finish(void *state)
{
    struct grundy_state *s = state;
    wythoff_grundy_free(s->w);
    free(s->row);
    s->w = NULL;
    s->row = NULL;
}

/* One line of the board: {b, cells: [{value, zero}]} for a = 0..N-1, the
 * values taken from the context's rows (row a * N + b); NULL when out of
 * memory. */
static json_t *board_line(json_t *rows, uint64_t N, uint64_t b)
{
    json_t *cells = json_array();
    for (uint64_t a = 0; cells && a < N; a++) {
        json_t *value = json_object_get(json_array_get(rows, a * N + b), "grundy");
        const char *text = json_string_value(value);
        bool zero = text && strcmp(text, "0") == 0;
        json_t *cell = text ? json_pack("{s:O, s:b}", "value", value, "zero", zero) : NULL;
        if (json_array_append_new(cells, cell) != 0) {
            json_decref(cells);
            cells = NULL;
        }
    }
    char label[24];
    u64_format(b, label);
    json_t *line = cells ? json_pack("{s:s, s:O}", "b", label, "cells", cells) : NULL;
    json_decref(cells);
    return line;
}

/* The board for the template, drawn as the article draws it, the corner
 * (0; 0) at the bottom left: "board", the lines from b = N-1 at the top down
 * to b = 0; "files", {a, last} for a = 0..N-1 along the bottom;
 * "board_columns", N + 1; and the size class for the font, "board_small"
 * (N <= 16), "board_medium" (N <= 24) or "board_large". */
static int grundy_tex_context(json_t *ctx, const struct table_args *args)
{
    uint64_t N = args->param[PARAM_MAX];
    json_t *rows = json_object_get(ctx, "rows");
    json_t *board = json_array(), *files = json_array();
    int rc = !board || !files || json_array_size(rows) != N * N;
    for (uint64_t i = 0; !rc && i < N; i++) {
        char label[24];
        u64_format(i, label);
        json_t *file = json_pack("{s:s, s:b}", "a", label, "last", i + 1 == N);
        rc = json_array_append_new(board, board_line(rows, N, N - 1 - i)) != 0 ||
             json_array_append_new(files, file) != 0;
    }
    rc = rc || json_object_set(ctx, "board", board) != 0 ||
         json_object_set(ctx, "files", files) != 0 ||
         json_object_set_new(ctx, "board_columns", json_integer((json_int_t)N + 1)) != 0 ||
         json_object_set_new(ctx, "board_small", json_boolean(N <= 16)) != 0 ||
         json_object_set_new(ctx, "board_medium", json_boolean(N > 16 && N <= 24)) != 0 ||
         json_object_set_new(ctx, "board_large", json_boolean(N > 24)) != 0;
    json_decref(board);
    json_decref(files);
    return rc ? -1 : 0;
}

static const struct table_column grundy_columns[] = {
    {"a", COLUMN_INTEGER}, {"b", COLUMN_INTEGER}, {"grundy", COLUMN_INTEGER},
};

const struct table_def table_wythoff_grundy = {
    .name = "wythoff-grundy",
    .summary = "Grundy values of Wythoff's game (queen to the corner) on the board 0 <= a, b < N; "
               "0 exactly at the P-positions",
    .source = {MATULIS_SAVUKINAS_1984, .item = "the game «ферзя — в угол», figures 1 and 2"},
    .columns = grundy_columns,
    .ncolumns = 3,
    .params = {
        [PARAM_MAX] = {true, 10, 1, GRUNDY_N_MAX,
                       "board size N: 0 <= a, b < N; 0.75 N^2 bytes (200 MiB at 16384)",
                       .tex_max = GRUNDY_TEX_N_MAX},
    },
    .start = grundy_start,
    .next = grundy_next,
    .finish = grundy_finish,
    .tex_template = "wythoff-grundy.tex",
    .tex_context = grundy_tex_context,
};

/* ---- wythoff-game ------------------------------------------------------- */

struct game_state {
    struct wythoff_play play;
};
_Static_assert(sizeof(struct game_state) <= TABLE_STATE_SIZE, "state too large");

static int game_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct game_state *s = state;
    wythoff_play_start(&s->play, args->param[PARAM_START_A], args->param[PARAM_START_B]);
    return GT_OK;
}

static bool game_next(void *state, struct table_row *row)
{
    struct game_state *s = state;
    struct wythoff_move m;
    if (!wythoff_play_next(&s->play, &m))
        return false;
    u64_format(m.number, row->cell[0]);
    u64_format(m.player, row->cell[1]);
    u64_format(m.from_a, row->cell[2]);
    u64_format(m.from_b, row->cell[3]);
    u64_format(m.to_a, row->cell[4]);
    u64_format(m.to_b, row->cell[5]);
    u64_format(m.winning, row->cell[6]);
    return true;
}

static int game_tex_row(json_t *obj, const struct table_row *row)
{
    bool winning = strcmp(row->cell[6], "1") == 0;
    return json_object_set_new(obj, "winning", json_boolean(winning)) ? -1 : 0;
}

/* The start square and who wins, for the caption: "first" when the start
 * is not a P-position (the first player can move onto one), "second"
 * otherwise; "over" when the game starts at (0; 0), with no move at all. */
static int game_tex_context(json_t *ctx, const struct table_args *args)
{
    uint64_t a = args->param[PARAM_START_A], b = args->param[PARAM_START_B];
    bool first = !wythoff_is_p(a, b);
    return json_object_set_new(ctx, "start_a", json_integer((json_int_t)a)) |
                   json_object_set_new(ctx, "start_b", json_integer((json_int_t)b)) |
                   json_object_set_new(ctx, "first_wins", json_boolean(first)) |
                   json_object_set_new(ctx, "over", json_boolean(a == 0 && b == 0))
               ? -1
               : 0;
}

static const struct table_column game_columns[] = {
    {"move", COLUMN_INTEGER},   {"player", COLUMN_INTEGER}, {"from_a", COLUMN_INTEGER},
    {"from_b", COLUMN_INTEGER}, {"to_a", COLUMN_INTEGER},   {"to_b", COLUMN_INTEGER},
    {"to_p", COLUMN_INTEGER},
};

const struct table_def table_wythoff_game = {
    .name = "wythoff-game",
    .summary = "A game of queen to the corner from (A, B): the winner always moves onto a "
               "P-position (to_p = 1), the loser takes one stone from the smaller heap",
    .source = {MATULIS_SAVUKINAS_1984, .item = "figure 1 (a game from (12; 14)); the winning "
                                               "moves of the proof of properties 1 and 2"},
    .columns = game_columns,
    .ncolumns = 7,
    .params = {
        [PARAM_START_A] = {true, 12, 0, WYTHOFF_PLAY_MAX, "the starting square (A, B)",
                           .tex_max = WYTHOFF_GAME_TEX_MAX},
        [PARAM_START_B] = {true, 14, 0, WYTHOFF_PLAY_MAX, "the starting square (A, B)",
                           .tex_max = WYTHOFF_GAME_TEX_MAX},
    },
    .start = game_start,
    .next = game_next,
    .tex_template = "wythoff-game.tex",
    .tex_row = game_tex_row,
    .tex_context = game_tex_context,
};
