#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
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
    .journal = "Kvant", .year = 1984, .issue = 7, .lang_key = "wythoff"

/* ---- the pairs (a_n; b_n), n by n --------------------------------------- */

/* The state of every table of this file that runs through the pairs n,
 * a_n, b_n, K of them from n = first on: the P-positions (from n = 0), the
 * Beatty table (from n = 1), property 3 and Theorem 2 (from n = 1). */
struct pairs_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
};
_Static_assert(sizeof(struct pairs_state) <= TABLE_STATE_SIZE, "state too large");

static void pairs_start(struct pairs_state *s, uint64_t first, uint64_t count)
{
    wythoff_cursor_start(&s->cur, first);
    s->remaining = count;
}

/* Counts the row just written and moves to the next pair only while rows
 * remain, so that n never passes WYTHOFF_N_MAX. */
static void pairs_advance(struct pairs_state *s)
{
    if (--s->remaining > 0)
        wythoff_cursor_next(&s->cur);
}

/* n = 1..K: property 3 and Theorem 2. */
static int pairs_from_one_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    pairs_start(state, 1, args->param[PARAM_COUNT]);
    return GT_OK;
}

/* ---- wythoff-p-positions ------------------------------------------------ */

static int p_positions_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    pairs_start(state, args->param[PARAM_FROM], args->param[PARAM_COUNT]);
    return GT_OK;
}

static bool p_positions_next(void *state, struct table_row *row)
{
    struct pairs_state *s = state;
    if (s->remaining == 0)
        return false;
    cell_set_integer(&row->cell[PAIRS_N], s->cur.n);
    cell_set_integer(&row->cell[PAIRS_A], wythoff_cursor_lower(&s->cur));
    cell_set_integer(&row->cell[PAIRS_B], wythoff_cursor_upper(&s->cur));
    pairs_advance(s);
    return true;
}

static const struct table_column p_positions_columns[] = {
    [PAIRS_N] = {"n", COLUMN_INTEGER},
    [PAIRS_A] = {"a_n", COLUMN_INTEGER},
    [PAIRS_B] = {"b_n", COLUMN_INTEGER},
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
    .row_count = table_rows_count,
    .start = p_positions_start,
    .next = p_positions_next,
    .tex_template = "wythoff-p-positions.tex",
    .tex_blocks = true,
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
    cell_set_integer(&row->cell[FREQUENCIES_N], N);
    cell_set_integer(&row->cell[FREQUENCIES_A], A);
    cell_set_integer(&row->cell[FREQUENCIES_B], B);
    cell_set_decimal(&row->cell[FREQUENCIES_P], decimal_of_fraction(A, N, FREQUENCY_PLACES));
    cell_set_decimal(&row->cell[FREQUENCIES_Q], decimal_of_fraction(B, N, FREQUENCY_PLACES));
    if (N < s->last)
        wythoff_cursor_next(&s->cur);
    s->N++;
    return true;
}

/* A frequency num/den at 4 places as the article prints it: «= 0,75» when
 * exact, «≈ 0,6667» when rounded.  The names are "<x>_exact", "<x>_int",
 * "<x>_frac" (the digits after the comma: trimmed when exact) and
 * "<x>_has_frac", x = p or q. */
static void add_kvant_decimal(struct tex_values *out, const char *const names[4], uint64_t num,
                              uint64_t den)
{
    struct decimal d = decimal_of_fraction(num, den, FREQUENCY_TEX_PLACES);
    char *digits = cell_set_text(tex_value_add(out, names[2]));
    if (d.exact)
        decimal_format_frac_trimmed(&d, digits);
    else
        decimal_format_frac(&d, digits);
    cell_set_boolean(tex_value_add(out, names[0]), d.exact);
    cell_set_integer(tex_value_add(out, names[1]), d.int_part);
    cell_set_boolean(tex_value_add(out, names[3]), digits[0] != '\0');
}

static int frequencies_tex_row(const struct table_row *row, struct tex_values *out,
                               struct gt_error *err)
{
    (void)err;
    static const char *const p[4] = {"p_exact", "p_int", "p_frac", "p_has_frac"};
    static const char *const q[4] = {"q_exact", "q_int", "q_frac", "q_has_frac"};
    uint64_t N = row->cell[FREQUENCIES_N].integer;
    add_kvant_decimal(out, p, row->cell[FREQUENCIES_A].integer, N);
    add_kvant_decimal(out, q, row->cell[FREQUENCIES_B].integer, N);
    return GT_OK;
}

/* The limits 1/φ and 1/φ² at 4 places: "limit_p_frac", "limit_q_frac", the
 * digits after «0,». */
static int frequencies_tex_context(const struct table_args *args, struct tex_values *out,
                                   struct gt_error *err)
{
    (void)args;
    (void)err;
    /* ⌊10^5/φ⌋ = a_{10^5} - 10^5 (Theorem 1), exact; 1/φ is irrational, so
     * rounding the fifth digit half up never meets a tie. */
    const uint64_t scale = 100000;
    uint64_t inv_phi = wythoff_count_lower(scale - 1);   /* ⌊10^5/φ⌋ */
    uint64_t inv_phi2 = scale - (inv_phi + 1);            /* ⌊10^5/φ²⌋ = 10^5 - ⌈10^5/φ⌉ */
    struct decimal p = {.frac = (inv_phi + 5) / 10, .places = FREQUENCY_TEX_PLACES};
    struct decimal q = {.frac = (inv_phi2 + 5) / 10, .places = FREQUENCY_TEX_PLACES};
    decimal_format_frac(&p, cell_set_text(tex_value_add(out, "limit_p_frac")));
    decimal_format_frac(&q, cell_set_text(tex_value_add(out, "limit_q_frac")));
    return GT_OK;
}

static const struct table_column frequencies_columns[] = {
    [FREQUENCIES_N] = {"N", COLUMN_INTEGER},
    [FREQUENCIES_A] = {"A_N", COLUMN_INTEGER},
    [FREQUENCIES_B] = {"B_N", COLUMN_INTEGER},
    [FREQUENCIES_P] = {"p_N", COLUMN_DECIMAL},
    [FREQUENCIES_Q] = {"q_N", COLUMN_DECIMAL},
};

/* 1/φ and 1/φ² = 1 - 1/φ to the CSV's 12 places, rounded half up from the
 * exact ⌊10^13/φ⌋ (as for the tex limits above: no tie). */
static struct decimal frequency_limit(bool q)
{
    const uint64_t scale = 10000000000000ull; /* 10^13 */
    uint64_t inv_phi = wythoff_count_lower(scale - 1); /* ⌊10^13/φ⌋ */
    uint64_t v = q ? scale - (inv_phi + 1) : inv_phi;  /* ⌊10^13/φ²⌋ for q */
    return (struct decimal){.frac = (v + 5) / 10, .places = FREQUENCY_PLACES};
}
static struct decimal limit_p(void) { return frequency_limit(false); }
static struct decimal limit_q(void) { return frequency_limit(true); }

/* Matulis & Savukinas 1984, «Частоты чисел a_n и b_n»: p_N → 1/φ, q_N → 1/φ². */
static const struct table_chart frequencies_chart = {
    .title = "p_N, q_N and their limits 1/φ, 1/φ²",
    .x = FREQUENCIES_N, .y = {FREQUENCIES_P, FREQUENCIES_Q}, .ny = 2,
    .line = {{"1/φ", limit_p}, {"1/φ²", limit_q}},
    .nlines = 2,
};

const struct table_def table_wythoff_frequencies = {
    .name = "wythoff-frequencies",
    .summary = "A_N, B_N: how many a_n, b_n are <= N, and the frequencies p_N = A_N/N, q_N = B_N/N",
    .source = {MATULIS_SAVUKINAS_1984, .item = "list of p_N, q_N, section «Частоты чисел a_n и b_n»"},
    .columns = frequencies_columns,
    .ncolumns = 5,
    .decimal_places = FREQUENCY_TEX_PLACES, /* as printed: p_3 = 2/3 ≈ 0,6667 */
    .chart = &frequencies_chart,
    .params = {
        [PARAM_COUNT] = {true, 11, 1, WYTHOFF_FREQ_N_MAX, "rows N = 1..K"},
        /* An N of 8 digits makes the fractions overfull on the page: with
         * --count up to TEX_ROWS_MAX, N stays below 10^7. */
        [PARAM_FROM] = {true, 0, 0, WYTHOFF_FREQ_N_MAX - 1, "the first row: N = N0 + 1",
                        .tex_max = 9990000},
    },
    .row_count = table_rows_count,
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
    [PAIRS_N] = {"n", COLUMN_INTEGER},
    [PAIRS_A] = {"floor_nu", COLUMN_INTEGER},
    [PAIRS_B] = {"floor_nv", COLUMN_INTEGER},
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
    .row_count = table_rows_count,
    .start = beatty_start,
    .next = p_positions_next,
    .tex_template = "wythoff-beatty.tex",
    .tex_blocks = true,
};

/* ---- wythoff-property3 --------------------------------------------------- */

/* Property 3: with (a_n; b_n) the pairs (b_n - 1; a_n + b_n - 1) and
 * (b_n + 1; a_n + b_n + 2) are P-positions too.  Their indices are their
 * differences (property 2): k1 = a_n, as the article derives, and
 * k2 = a_n + 1.  The row of n = 0 is left out: b_0 - 1 = -1 is no position,
 * and (0; 0) has only the second successor, (1; 2), the row of n = 1. */
static bool property3_next(void *state, struct table_row *row)
{
    struct pairs_state *s = state;
    if (s->remaining == 0)
        return false;
    uint64_t n = s->cur.n, a = wythoff_cursor_lower(&s->cur), b = wythoff_cursor_upper(&s->cur);
    /* n <= PROPERTY3_N_MAX keeps a + b + 2 = b_{a_n + 1} within 64 bits. */
    uint64_t a1 = b - 1, b1 = a + b - 1, a2 = b + 1, b2 = a + b + 2;
    struct table_cell *c = row->cell;
    cell_set_integer(&c[PROPERTY3_N], n);
    cell_set_integer(&c[PROPERTY3_A], a);
    cell_set_integer(&c[PROPERTY3_B], b);
    cell_set_integer(&c[PROPERTY3_K1], b1 - a1);
    cell_set_integer(&c[PROPERTY3_A_K1], a1);
    cell_set_integer(&c[PROPERTY3_B_K1], b1);
    cell_set_integer(&c[PROPERTY3_K2], b2 - a2);
    cell_set_integer(&c[PROPERTY3_A_K2], a2);
    cell_set_integer(&c[PROPERTY3_B_K2], b2);
    pairs_advance(s);
    return true;
}

/* The pair (0; 0) for the template's first line, "origin": its one
 * successor (1; 2), k2 = 1. */
static int property3_tex_context(const struct table_args *args, struct tex_values *out,
                                 struct gt_error *err)
{
    (void)args;
    (void)err;
    cell_set_integer(tex_value_add(out, "origin.n"), 0);
    cell_set_integer(tex_value_add(out, "origin.a_n"), 0);
    cell_set_integer(tex_value_add(out, "origin.b_n"), 0);
    cell_set_integer(tex_value_add(out, "origin.k2"), 1);
    cell_set_integer(tex_value_add(out, "origin.a_k2"), wythoff_lower(1));
    cell_set_integer(tex_value_add(out, "origin.b_k2"), wythoff_upper(1));
    return GT_OK;
}

static const struct table_column property3_columns[] = {
    [PROPERTY3_N] = {"n", COLUMN_INTEGER},
    [PROPERTY3_A] = {"a_n", COLUMN_INTEGER},
    [PROPERTY3_B] = {"b_n", COLUMN_INTEGER},
    [PROPERTY3_K1] = {"k1", COLUMN_INTEGER},
    [PROPERTY3_A_K1] = {"a_k1", COLUMN_INTEGER},
    [PROPERTY3_B_K1] = {"b_k1", COLUMN_INTEGER},
    [PROPERTY3_K2] = {"k2", COLUMN_INTEGER},
    [PROPERTY3_A_K2] = {"a_k2", COLUMN_INTEGER},
    [PROPERTY3_B_K2] = {"b_k2", COLUMN_INTEGER},
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
    .row_count = table_rows_count,
    .start = pairs_from_one_start,
    .next = property3_next,
    .tex_template = "wythoff-property3.tex",
    .tex_context = property3_tex_context,
};

/* ---- wythoff-zeckendorf-shift -------------------------------------------- */

/* n - 1 and a_n - 1 in the Fibonacci system (the Zeckendorf representation,
 * numeration.h), each found greedily on its own: a_n from the closed form,
 * not by shifting the digits of n - 1, so that the table shows Theorem 2
 * rather than assumes it. */
static bool zeckendorf_next(void *state, struct table_row *row)
{
    struct pairs_state *s = state;
    if (s->remaining == 0)
        return false;
    uint64_t n = s->cur.n, a = wythoff_cursor_lower(&s->cur);
    cell_set_integer(&row->cell[ZECKENDORF_N], n);
    cell_set_integer(&row->cell[ZECKENDORF_A], a);
    zeckendorf_digits(n - 1, cell_set_text(&row->cell[ZECKENDORF_N_FIB]));
    zeckendorf_digits(a - 1, cell_set_text(&row->cell[ZECKENDORF_A_FIB]));
    pairs_advance(s);
    return true;
}

/* n - 1 and a_n - 1 in decimal, for the template: "n_minus_1",
 * "a_n_minus_1" (n >= 1, so a_n >= 1). */
static int zeckendorf_tex_row(const struct table_row *row, struct tex_values *out,
                              struct gt_error *err)
{
    (void)err;
    cell_set_integer(tex_value_add(out, "n_minus_1"), row->cell[ZECKENDORF_N].integer - 1);
    cell_set_integer(tex_value_add(out, "a_n_minus_1"), row->cell[ZECKENDORF_A].integer - 1);
    return GT_OK;
}

static const struct table_column zeckendorf_columns[] = {
    [ZECKENDORF_N] = {"n", COLUMN_INTEGER},
    [ZECKENDORF_A] = {"a_n", COLUMN_INTEGER},
    [ZECKENDORF_N_FIB] = {"n_minus_1_fib", COLUMN_TEXT},
    [ZECKENDORF_A_FIB] = {"a_n_minus_1_fib", COLUMN_TEXT},
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
    .row_count = table_rows_count,
    .start = pairs_from_one_start,
    .next = zeckendorf_next,
    .tex_template = "wythoff-zeckendorf-shift.tex",
    .tex_row = zeckendorf_tex_row,
};

/* ---- wythoff-grundy ------------------------------------------------------ */

/* The Grundy values of the board 0 <= a, b < N, rows a = 0..N-1, b = 0..N-1
 * within, by the algorithm of wythoff-grundy.h (the generic solver agrees
 * with it in the tests).  A thread of its own computes the board up to
 * grundy_ahead_rows(N) rows ahead of the row being written, so that
 * computing and writing overlap on two processors; the rows wait in a ring
 * of that many.  Memory: wythoff_grundy_bytes(N) and the ring. */
enum { GRUNDY_AHEAD = 128 };

/* Rows in the ring: as many as a stripe of the computation (which holds the
 * next stripe while it is computed), 128 from N = 8192 on, N / 64 below, so
 * that the ring (4N bytes a row) stays within N^2 / 16 bytes. */
static uint64_t grundy_ahead_rows(uint64_t N)
{
    return N >= 64 * GRUNDY_AHEAD ? GRUNDY_AHEAD : N >= 128 ? N / 64 : 2;
}

struct grundy_ahead {
    struct wythoff_grundy *w;
    uint64_t N;
    uint64_t rows;              /* in the ring */
    uint32_t *ring;             /* row a at (a % rows) * N */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    uint64_t made, taken;       /* rows computed; rows written, done with */
    bool failed, stop;
    pthread_t thread;
};

struct grundy_state {
    struct grundy_ahead *ahead;
    const uint32_t *row;        /* G(a, 0..N-1), in the ring */
    uint64_t N, a, b;           /* the next cell */
};
_Static_assert(sizeof(struct grundy_state) <= TABLE_STATE_SIZE, "state too large");

/* The computing thread: rows into free places of the ring until the board
 * is done, stop is asked, or the bound wythoff_grundy_next_row checks is
 * passed (never seen: G(a, b) <= a + b), which ends the table short. */
static void *grundy_compute(void *arg)
{
    struct grundy_ahead *g = arg;
    pthread_mutex_lock(&g->lock);
    while (g->made < g->N && !g->stop) {
        if (g->made - g->taken == g->rows) {
            pthread_cond_wait(&g->changed, &g->lock);
            continue;
        }
        uint32_t *row = g->ring + (g->made % g->rows) * g->N;
        pthread_mutex_unlock(&g->lock);
        int rc = wythoff_grundy_next_row(g->w, row);
        pthread_mutex_lock(&g->lock);
        if (rc != 0) {
            g->failed = true;
            pthread_cond_broadcast(&g->changed);
            break;
        }
        g->made++;
        pthread_cond_broadcast(&g->changed);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

static void grundy_ahead_free(struct grundy_ahead *g)
{
    if (!g)
        return;
    wythoff_grundy_free(g->w);
    free(g->ring);
    free(g);
}

static int grundy_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct grundy_state *s = state;
    s->N = args->param[PARAM_MAX];
    s->a = s->b = 0;
    s->row = NULL;
    s->ahead = NULL;
    if (s->N < 1 || s->N > GRUNDY_N_MAX)
        return gt_fail(err, GT_ERR_USAGE, "wythoff-grundy: board size %" PRIu64 " is out of range",
                       s->N);
    struct grundy_ahead *g = calloc(1, sizeof *g);
    if (g) {
        g->N = s->N;
        g->w = wythoff_grundy_new((uint32_t)s->N);
        /* The computing thread blocks signals, but sees the stop request
         * within 4096 cells and ends, so the writer waits no longer. */
        if (g->w)
            wythoff_grundy_stop_on(g->w, &interrupt_signal);
        g->rows = grundy_ahead_rows(s->N);
        g->ring = malloc(g->rows * s->N * sizeof *g->ring);
    }
    if (!g || !g->w || !g->ring) {
        grundy_ahead_free(g);
        /* in whole MiB as table --help gives it (164 MiB at 16384), and in
         * KiB, rounded up, below one: a board of 500 was said to need
         * "0 MiB" (breaker round 55, F3) */
        uint64_t bytes = grundy_table_bytes(s->N);
        bool mib = bytes >= (1 << 20);
        return gt_fail(err, GT_ERR_RUNTIME, "wythoff-grundy: out of memory for a %" PRIu64
                       " x %" PRIu64 " board (%" PRIu64 " %s)", s->N, s->N,
                       mib ? bytes >> 20 : (bytes + 1023) >> 10,
                       mib ? "MiB" : "KiB");
    }
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    int rc = thread_start_quiet(&g->thread, grundy_compute, g);
    if (rc != 0) {
        pthread_cond_destroy(&g->changed);
        pthread_mutex_destroy(&g->lock);
        grundy_ahead_free(g);
        /* EAGAIN is a limit on processes or too little memory for the
         * thread's stack (breaker round 59: under ulimit -v, no hint) */
        return gt_fail(err, GT_ERR_RUNTIME, "wythoff-grundy: cannot start a thread: %s%s",
                       strerror(rc),
                       rc == EAGAIN ? " (a limit on processes, ulimit -u, or on memory, "
                                      "ulimit -v?)"
                                    : "");
    }
    s->ahead = g;
    return GT_OK;
}

/* Waits for row a, having written the one before; NULL if it never comes. */
static const uint32_t *grundy_wait_row(struct grundy_ahead *g, uint64_t a)
{
    pthread_mutex_lock(&g->lock);
    g->taken = a;
    pthread_cond_broadcast(&g->changed);
    while (g->made <= a && !g->failed)
        pthread_cond_wait(&g->changed, &g->lock);
    bool ready = g->made > a;
    pthread_mutex_unlock(&g->lock);
    return ready ? g->ring + (a % g->rows) * g->N : NULL;
}

static bool grundy_next(void *state, struct table_row *row)
{
    struct grundy_state *s = state;
    if (s->a == s->N)
        return false;
    if (s->b == 0 && !(s->row = grundy_wait_row(s->ahead, s->a))) {
        s->a = s->N;
        return false;
    }
    cell_set_integer(&row->cell[GRUNDY_A], s->a);
    cell_set_integer(&row->cell[GRUNDY_B], s->b);
    cell_set_integer(&row->cell[GRUNDY_VALUE], s->row[s->b]);
    if (++s->b == s->N) {
        s->b = 0;
        s->a++;
    }
    return true;
}

static void grundy_finish(void *state)
{
    struct grundy_state *s = state;
    struct grundy_ahead *g = s->ahead;
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->stop = true;
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
    pthread_join(g->thread, NULL);
    pthread_cond_destroy(&g->changed);
    pthread_mutex_destroy(&g->lock);
    grundy_ahead_free(g);
    s->ahead = NULL;
    s->row = NULL;
}

uint64_t grundy_table_bytes(uint64_t N)
{
    if (N < 1 || N > GRUNDY_N_MAX)
        return 0;
    return wythoff_grundy_bytes((uint32_t)N) + sizeof(struct grundy_ahead)
           + grundy_ahead_rows(N) * N * sizeof(uint32_t);
}

/* N^2 rows: the board 0 <= a, b < N (N <= 2^15). */
static uint64_t grundy_row_count(const struct table_args *args)
{
    return args->param[PARAM_MAX] * args->param[PARAM_MAX];
}

static const struct table_column grundy_columns[] = {
    [GRUNDY_A] = {"a", COLUMN_INTEGER},
    [GRUNDY_B] = {"b", COLUMN_INTEGER},
    [GRUNDY_VALUE] = {"grundy", COLUMN_INTEGER},
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
                       "board size N: 0 <= a, b < N; about 0.64 N^2 bytes (164 MiB at 16384)",
                       .tex_max = GRUNDY_TEX_N_MAX},
    },
    .row_count = grundy_row_count,
    .start = grundy_start,
    .next = grundy_next,
    .finish = grundy_finish,
    .tex_template = "wythoff-grundy.tex",
    .tex_shape = TEX_SHAPE_BOARD,
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
    struct table_cell *c = row->cell;
    cell_set_integer(&c[GAME_MOVE], m.number);
    cell_set_integer(&c[GAME_PLAYER], m.player);
    cell_set_integer(&c[GAME_FROM_A], m.from_a);
    cell_set_integer(&c[GAME_FROM_B], m.from_b);
    cell_set_integer(&c[GAME_TO_A], m.to_a);
    cell_set_integer(&c[GAME_TO_B], m.to_b);
    cell_set_integer(&c[GAME_TO_P], m.winning);
    return true;
}

/* "winning": the move is onto a P-position (the winner's). */
static int game_tex_row(const struct table_row *row, struct tex_values *out, struct gt_error *err)
{
    (void)err;
    cell_set_boolean(tex_value_add(out, "winning"), row->cell[GAME_TO_P].integer == 1);
    return GT_OK;
}

static uint64_t game_row_count(const struct table_args *args);

/* The start square and who wins, for the caption: "first" when the start
 * is not a P-position (the first player can move onto one), "second"
 * otherwise; "over" when the game starts at (0; 0), with no move at all;
 * "color": false with --no-color, the winner's moves told by the squares
 * they reach underlined (breaker round 32, F5); "at_once": the first move
 * ends the game (from (0; N), (N; 0) or (N; N)), and the loser never
 * moves. */
static int game_tex_context(const struct table_args *args, struct tex_values *out,
                            struct gt_error *err)
{
    (void)err;
    uint64_t a = args->param[PARAM_START_A], b = args->param[PARAM_START_B];
    cell_set_integer(tex_value_add(out, "start_a"), a);
    cell_set_integer(tex_value_add(out, "start_b"), b);
    cell_set_boolean(tex_value_add(out, "first_wins"), !wythoff_is_p(a, b));
    cell_set_boolean(tex_value_add(out, "over"), a == 0 && b == 0);
    cell_set_boolean(tex_value_add(out, "color"), args->param[PARAM_COLOR] != 0);
    cell_set_boolean(tex_value_add(out, "at_once"), game_row_count(args) == 1);
    return GT_OK;
}

/* The moves of the game, played out: the winner's moves shrink the heaps
 * by about phi^2 every two to four moves, so a game from heaps up to
 * WYTHOFF_PLAY_MAX has at most a few hundred. */
static uint64_t game_row_count(const struct table_args *args)
{
    struct wythoff_play play;
    struct wythoff_move m;
    uint64_t n = 0;
    wythoff_play_start(&play, args->param[PARAM_START_A], args->param[PARAM_START_B]);
    while (wythoff_play_next(&play, &m))
        n++;
    return n;
}

static const struct table_column game_columns[] = {
    [GAME_MOVE] = {"move", COLUMN_INTEGER},
    [GAME_PLAYER] = {"player", COLUMN_INTEGER},
    [GAME_FROM_A] = {"from_a", COLUMN_INTEGER},
    [GAME_FROM_B] = {"from_b", COLUMN_INTEGER},
    [GAME_TO_A] = {"to_a", COLUMN_INTEGER},
    [GAME_TO_B] = {"to_b", COLUMN_INTEGER},
    [GAME_TO_P] = {"to_p", COLUMN_INTEGER},
};

const struct table_def table_wythoff_game = {
    .name = "wythoff-game",
    .summary = "A game of queen to the corner from (A, B): the winner always moves onto a "
               "P-position (to_p = 1), the loser takes one stone from the smaller heap",
    .source = {MATULIS_SAVUKINAS_1984, .item = "figure 1 (a game from (12, 14)); the winning "
                                               "moves of the proof of properties 1 and 2"},
    .columns = game_columns,
    .ncolumns = 7,
    .params = {
        [PARAM_START_A] = {true, 12, 0, WYTHOFF_PLAY_MAX, "the starting square (A, B)",
                           .tex_max = WYTHOFF_GAME_TEX_MAX},
        [PARAM_START_B] = {true, 14, 0, WYTHOFF_PLAY_MAX, "the starting square (A, B)",
                           .tex_max = WYTHOFF_GAME_TEX_MAX},
        [PARAM_COLOR] = {true, 1, 0, 1, "the moves in black, not red and blue, the squares "
                                        "the winner's reach underlined"},
    },
    .row_count = game_row_count,
    .start = game_start,
    .next = game_next,
    .tex_template = "wythoff-game.tex",
    .tex_row = game_tex_row,
    .tex_context = game_tex_context,
};
