#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/interrupt.h"
#include "games/games.h"
#include "games/numeration.h"
#include "tables/table-yaglom.h"
#include "games/wythoff.h"

/* The largest --from of wythoff-fibonacci as a LaTeX table (see its
 * parameters). */
#define FIBONACCI_TEX_FROM_MAX UINT64_C(10000000000000)

#define YAGLOM_1971                                                     \
    .authors = "Yaglom", .title = "Две игры со спичками",               \
    .journal = "Kvant", .year = 1971, .issue = 2, .lang_key = "yaglom"

/* "color": false with --no-color, the digits in black. */
static void add_color(struct tex_values *out, const struct table_args *args)
{
    cell_set_boolean(tex_value_add(out, "color"), args->param[PARAM_COLOR] != 0);
}

/* ---- nim-p-positions ------------------------------------------------------ */

/* The P-positions a <= b <= c of Nim, a ⊕ b ⊕ c = 0, in the article's order:
 * by c, then by b.  For c with highest bit t (top = 2^t) they are exactly
 * b = top..c, a = b ⊕ c: b must have bit t too (else a would, and a > b),
 * and then a < top <= b.  So each row costs O(1) and none is skipped. */
struct nim_state {
    uint64_t b, c, top, remaining;
    unsigned radix;
};
_Static_assert(sizeof(struct nim_state) <= TABLE_STATE_SIZE, "state too large");

static int nim_check_args(const struct table_def *t, const struct table_args *args,
                          struct gt_error *err)
{
    uint64_t r = args->param[PARAM_RADIX];
    if (r != 2 && r != 4)
        return gt_fail(err, GT_ERR_USAGE, "--radix: %" PRIu64 " is not allowed for table %s (%s)",
                       r, t->name, table_param_range(&t->params[PARAM_RADIX], (char[64]){0}, 64));
    return GT_OK;
}

static int nim_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct nim_state *s = state;
    if (nim_check_args(&table_nim_p_positions, args, err) != GT_OK)
        return GT_ERR_USAGE;
    *s = (struct nim_state){.b = 1, .c = 1, .top = 1, .remaining = args->param[PARAM_COUNT],
                            .radix = (unsigned)args->param[PARAM_RADIX]};
    return GT_OK;
}

static bool nim_next(void *state, struct table_row *row)
{
    struct nim_state *s = state;
    if (s->remaining == 0)
        return false;
    s->remaining--;
    uint64_t v[3] = {s->b ^ s->c, s->b, s->c};
    for (int i = 0; i < 3; i++) {
        cell_set_integer(&row->cell[NIM_A + i], v[i]);
        radix_digits(v[i], s->radix, cell_set_text(&row->cell[NIM_A_DIGITS + i]));
    }
    /* About 4^34/6 > 2^64 positions have c < 2^34: c stays below 2^34. */
    if (s->b++ == s->c) {
        s->c++;
        if ((s->c & (s->c - 1)) == 0)
            s->top = s->c;
        s->b = s->top;
    }
    return true;
}

static const struct table_column nim_columns[] = {
    [NIM_A] = {"a", COLUMN_INTEGER},
    [NIM_B] = {"b", COLUMN_INTEGER},
    [NIM_C] = {"c", COLUMN_INTEGER},
    [NIM_A_DIGITS] = {"a_bin", COLUMN_TEXT},
    [NIM_B_DIGITS] = {"b_bin", COLUMN_TEXT},
    [NIM_C_DIGITS] = {"c_bin", COLUMN_TEXT},
};
static const struct table_column nim_columns_base4[] = {
    [NIM_A] = {"a", COLUMN_INTEGER},
    [NIM_B] = {"b", COLUMN_INTEGER},
    [NIM_C] = {"c", COLUMN_INTEGER},
    [NIM_A_DIGITS] = {"a_base4", COLUMN_TEXT},
    [NIM_B_DIGITS] = {"b_base4", COLUMN_TEXT},
    [NIM_C_DIGITS] = {"c_base4", COLUMN_TEXT},
};

static const struct table_column *nim_columns_for(const struct table_args *args)
{
    return args->param[PARAM_RADIX] == 4 ? nim_columns_base4 : nim_columns;
}

/* The digit cells under one name whatever the radix: "a_digits", ... */
static int nim_tex_row(const struct table_row *row, struct tex_values *out, struct gt_error *err)
{
    (void)err;
    static const char *const names[3] = {"a_digits", "b_digits", "c_digits"};
    for (int i = 0; i < 3; i++)
        *tex_value_add(out, names[i]) = row->cell[NIM_A_DIGITS + i];
    return GT_OK;
}

/* "color", and "binary": false for base 4. */
static int nim_tex_context(const struct table_args *args, struct tex_values *out,
                           struct gt_error *err)
{
    (void)err;
    add_color(out, args);
    cell_set_boolean(tex_value_add(out, "binary"), args->param[PARAM_RADIX] == 2);
    return GT_OK;
}

const struct table_def table_nim_p_positions = {
    .name = "nim-p-positions",
    .summary = "P-positions a <= b <= c of three-heap Nim (a xor b xor c = 0) by c then b, "
               "in decimal and in binary (or base 4)",
    .source = {YAGLOM_1971, .item = "Tables I and Ia; Theorem I; exercise 4 (--radix 4)"},
    .columns = nim_columns,
    .ncolumns = 6,
    .params = {
        [PARAM_COUNT] = {true, 15, 1, UINT64_MAX, "the first K positions"},
        [PARAM_RADIX] = {true, 2, 2, 4,
                         "the base of the digit columns: 2 (a_bin, b_bin, c_bin; Table Ia) or 4 "
                         "(a_base4, b_base4, c_base4; exercise 4)", .values = "2 4"},
        [PARAM_COLOR] = {true, 1, 0, 1, "the digits in black, not red"},
    },
    .columns_for = nim_columns_for,
    .check_args = nim_check_args,
    .row_count = table_rows_count,
    .start = nim_start,
    .next = nim_next,
    .tex_template = "nim-p-positions.tex",
    .tex_blocks = true,
    /* The blocks were sized by the widest cell without the row numbers;
     * that is safe: up to TEX_ROWS_MAX rows, the K-th row's c has at least
     * as many digits in base 2 or 4 as K in base 10 (tests/test-yaglom.c
     * checks). */
    .tex_numbered = true,
    .tex_widest = {{"widest_decimal", {"number", "a", "b", "c"}},
                   {"widest_digits", {"number", "a_digits", "b_digits", "c_digits"}}},
    .tex_row = nim_tex_row,
    .tex_context = nim_tex_context,
};

/* ---- wythoff-fibonacci ---------------------------------------------------- */

struct fibonacci_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
    /* a_n and b_n in the Fibonacci system, carried from row to row: a_n
     * grows by 1 or 2 and b_n by 2 or 3 (exercise 2), amortized O(1). */
    struct zeckendorf_counter a_fib, b_fib;
};
_Static_assert(sizeof(struct fibonacci_state) <= TABLE_STATE_SIZE, "state too large");

static int fibonacci_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct fibonacci_state *s = state;
    wythoff_cursor_start(&s->cur, args->param[PARAM_FROM] + 1);
    s->remaining = args->param[PARAM_COUNT];
    zeckendorf_counter_set(&s->a_fib, wythoff_cursor_lower(&s->cur));
    zeckendorf_counter_set(&s->b_fib, wythoff_cursor_upper(&s->cur));
    return GT_OK;
}

static bool fibonacci_next(void *state, struct table_row *row)
{
    struct fibonacci_state *s = state;
    if (s->remaining == 0)
        return false;
    uint64_t a = wythoff_cursor_lower(&s->cur), b = wythoff_cursor_upper(&s->cur);
    struct table_cell *c = row->cell;
    cell_set_integer(&c[FIBONACCI_N], s->cur.n);
    cell_set_integer(&c[FIBONACCI_A], a);
    cell_set_integer(&c[FIBONACCI_B], b);
    radix_digits(a, 2, cell_set_text(&c[FIBONACCI_A_BIN]));
    radix_digits(b, 2, cell_set_text(&c[FIBONACCI_B_BIN]));
    zeckendorf_counter_text(&s->a_fib, cell_set_text(&c[FIBONACCI_A_FIB]));
    zeckendorf_counter_text(&s->b_fib, cell_set_text(&c[FIBONACCI_B_FIB]));
    /* Advance only while rows remain, so n never passes WYTHOFF_N_MAX. */
    if (--s->remaining > 0) {
        wythoff_cursor_next(&s->cur);
        for (uint64_t v = a; v < wythoff_cursor_lower(&s->cur); v++)
            zeckendorf_counter_increment(&s->a_fib);
        for (uint64_t v = b; v < wythoff_cursor_upper(&s->cur); v++)
            zeckendorf_counter_increment(&s->b_fib);
    }
    return true;
}

static int fibonacci_tex_context(const struct table_args *args, struct tex_values *out,
                                 struct gt_error *err)
{
    (void)err;
    add_color(out, args);
    return GT_OK;
}

static const struct table_column fibonacci_columns[] = {
    [FIBONACCI_N] = {"n", COLUMN_INTEGER},
    [FIBONACCI_A] = {"a_n", COLUMN_INTEGER},
    [FIBONACCI_B] = {"b_n", COLUMN_INTEGER},
    [FIBONACCI_A_BIN] = {"a_n_bin", COLUMN_TEXT},
    [FIBONACCI_B_BIN] = {"b_n_bin", COLUMN_TEXT},
    [FIBONACCI_A_FIB] = {"a_n_fib", COLUMN_TEXT},
    [FIBONACCI_B_FIB] = {"b_n_fib", COLUMN_TEXT},
};

const struct table_def table_wythoff_fibonacci = {
    .name = "wythoff-fibonacci",
    .summary = "P-positions (a_n, b_n) of Wythoff's game, n = 1..K, in decimal, in binary and "
               "in the Fibonacci (Zeckendorf) system",
    .source = {YAGLOM_1971, .item = "Tables II, IIa and IIb; Theorem II"},
    .columns = fibonacci_columns,
    .ncolumns = 7,
    .params = {
        [PARAM_COUNT] = {true, 15, 1, WYTHOFF_N_MAX, "rows n = 1..K"},
        /* Past about 1.6e13 the Fibonacci words (64 digits) no longer fit
         * the page, even a column to a block: pdflatex finds them overfull. */
        [PARAM_FROM] = {true, 0, 0, WYTHOFF_N_MAX - 1, "the first row: n = N0 + 1",
                        .tex_max = FIBONACCI_TEX_FROM_MAX},
        [PARAM_COLOR] = {true, 1, 0, 1, "the binary digits in black, not red, and the "
                                        "Fibonacci digits in black, not blue"},
    },
    .row_count = table_rows_count,
    .start = fibonacci_start,
    .next = fibonacci_next,
    .tex_template = "wythoff-fibonacci.tex",
    .tex_blocks = true,
    .tex_widest = {{"widest_decimal", {"n", "a_n", "b_n"}},
                   {"widest_binary", {"n", "a_n_bin", "b_n_bin"}},
                   {"widest_fibonacci", {"n", "a_n_fib", "b_n_fib"}}},
    .tex_context = fibonacci_tex_context,
};

/* ---- wythoff-k-heaps ------------------------------------------------------ */

/* The sieve fills is_p for every position; the rows are then the sorted
 * tuples h1 <= ... <= hk in lexicographic order whose position is a
 * P-position. */
struct heaps_state {
    uint8_t *is_p;
    unsigned k;
    bool done;
    uint64_t M;
    uint64_t h[HEAPS_MAX];     /* the next tuple to look at */
    uint64_t place[HEAPS_MAX]; /* (M+1)^i: the state number of h is Σ h_i place_i */
};
_Static_assert(sizeof(struct heaps_state) <= TABLE_STATE_SIZE, "state too large");

static size_t heaps_column_count(const struct table_args *args)
{
    return (size_t)args->param[PARAM_HEAPS];
}

static int heaps_check_args(const struct table_def *t, const struct table_args *args,
                            struct gt_error *err)
{
    uint64_t k = args->param[PARAM_HEAPS], M = args->param[PARAM_MAX];
    uint64_t top = heaps_max_size((unsigned)k);
    if (M > top)
        return gt_fail(err, GT_ERR_USAGE,
                       "--max: %" PRIu64 " is out of range for table %s with --heaps %" PRIu64
                       " (0..%" PRIu64 ": at most 2^24 positions)",
                       M, t->name, k, top);
    return GT_OK;
}

/* At most the number of non-decreasing k-tuples of 0..M, C(M + k, k), and
 * at most (M + 1)^(k-1): of two positions that differ in one heap only, one
 * moves to the other (take from that heap), so each choice of the other
 * k - 1 heaps has at most one P-position.  Within 2^24 positions this is
 * at most 262144 (k = 4, M = 63: 64^3); the exact count needs the sieve. */
static uint64_t heaps_row_count(const struct table_args *args)
{
    uint64_t k = args->param[PARAM_HEAPS], M = args->param[PARAM_MAX];
    uint64_t tuples = 1, others = 1;
    for (uint64_t i = 1; i <= k; i++) {
        /* C(M + i, i) = C(M + i - 1, i - 1) (M + i) / i, exact at each step;
         * (M + 1)^k <= 2^24 keeps both products far from overflow. */
        tuples = tuples * (M + i) / i;
        if (i < k)
            others *= M + 1;
    }
    return tuples < others ? tuples : others;
}

/* The largest M whose table a LaTeX table holds (its 5000 rows,
 * sinks/sink-tex.h TEX_ROWS_MAX), for k = 1..8: 192 heaps of 3 give 4940
 * rows, 193 give 5006; 49 of 4, 4783 (50: 5072); 25 of 5, 4489 (26: 5336).
 * k = 1, 2, 6, 7, 8 fit at every M their range allows (1, 1565, 2796, 808
 * and 687 rows at most).  Counted by the sieve; tests/yaglom.bats
 * counts them again on both sides. */
static const uint64_t heaps_tex_max[HEAPS_MAX + 1] = {0, 0, 0, 192, 49, 25, 0, 0, 0};

static uint64_t heaps_tex_max_of(const struct table_args *args, enum table_param p,
                                 char *given, size_t size)
{
    uint64_t k = args->param[PARAM_HEAPS];
    if (p != PARAM_MAX || k > HEAPS_MAX || heaps_tex_max[k] == 0)
        return 0;
    snprintf(given, size, " with --heaps %" PRIu64, k);
    return heaps_tex_max[k];
}

static int heaps_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct heaps_state *s = state;
    const struct table_def *t = &table_wythoff_k_heaps;
    uint64_t k = args->param[PARAM_HEAPS];
    if (k < t->params[PARAM_HEAPS].min || k > t->params[PARAM_HEAPS].max)
        return table_check_param(t, PARAM_HEAPS, k, err);
    if (heaps_check_args(t, args, err) != GT_OK)
        return GT_ERR_USAGE;
    *s = (struct heaps_state){.k = (unsigned)k, .M = args->param[PARAM_MAX]};
    uint64_t n = 1;
    for (unsigned i = 0; i < s->k; i++) {
        s->place[i] = n;
        n *= s->M + 1;
    }
    s->is_p = malloc(n);
    int rc = s->is_p ? wythoff_heaps_p_positions_until(s->k, s->M, s->is_p, &interrupt_signal) : -2;
    if (rc == -3) {
        free(s->is_p);
        s->is_p = NULL;
        return interrupt_fail(err, "wythoff-k-heaps");
    }
    if (rc != 0) {
        free(s->is_p);
        s->is_p = NULL;
        return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory for %" PRIu64 " positions",
                       t->name, n);
    }
    return GT_OK;
}

static bool heaps_next(void *state, struct table_row *row)
{
    struct heaps_state *s = state;
    while (!s->done) {
        uint64_t code = 0;
        for (unsigned i = 0; i < s->k; i++)
            code += s->h[i] * s->place[i];
        bool p = s->is_p[code];
        if (p)
            for (unsigned i = 0; i < s->k; i++)
                cell_set_integer(&row->cell[i], s->h[i]);
        /* The next non-decreasing tuple: raise the last heap below M and
         * level the ones after it with it. */
        unsigned j = s->k;
        while (j > 0 && s->h[j - 1] == s->M)
            j--;
        if (j == 0)
            s->done = true;
        else {
            s->h[j - 1]++;
            for (unsigned i = j; i < s->k; i++)
                s->h[i] = s->h[j - 1];
        }
        if (p)
            return true;
    }
    return false;
}

static void heaps_finish(void *state)
{
    struct heaps_state *s = state;
    free(s->is_p);
    s->is_p = NULL;
}

/* "heaps" and "max": k and M. */
static int heaps_tex_context(const struct table_args *args, struct tex_values *out,
                             struct gt_error *err)
{
    (void)err;
    cell_set_integer(tex_value_add(out, "heaps"), args->param[PARAM_HEAPS]);
    cell_set_integer(tex_value_add(out, "max"), args->param[PARAM_MAX]);
    return GT_OK;
}

static const struct table_column heaps_columns[HEAPS_MAX] = {
    {"h1", COLUMN_INTEGER}, {"h2", COLUMN_INTEGER}, {"h3", COLUMN_INTEGER},
    {"h4", COLUMN_INTEGER}, {"h5", COLUMN_INTEGER}, {"h6", COLUMN_INTEGER},
    {"h7", COLUMN_INTEGER}, {"h8", COLUMN_INTEGER},
};

const struct table_def table_wythoff_k_heaps = {
    .name = "wythoff-k-heaps",
    .summary = "P-positions h1 <= ... <= hk of Wythoff's game with k heaps of at most M "
               "(take from one heap, or the same number from every heap)",
    .source = {YAGLOM_1971, .item = "exercise 8 (odd k) and the problem (k = 4)"},
    .columns = heaps_columns,
    .ncolumns = HEAPS_MAX,
    .params = {
        [PARAM_MAX] = {true, 10, 0, SOLVER_STATES_MAX - 1,
                       "the largest heap, with (M+1)^k <= 2^24: M <= 16777215, 4095, 255, 63, 26, 15, 9, "
                       "7 for k = 1..8; with --format tex (or pdf) at most 192, 49, 25 for k = 3, 4, "
                       "5"},
        [PARAM_HEAPS] = {true, 3, 1, HEAPS_MAX, "how many heaps (columns h1..hk)"},
    },
    .column_count = heaps_column_count,
    .check_args = heaps_check_args,
    .tex_max_of = heaps_tex_max_of,
    .row_count = heaps_row_count,
    .row_count_bound = true,
    .start = heaps_start,
    .next = heaps_next,
    .finish = heaps_finish,
    .tex_template = "wythoff-k-heaps.tex",
    .tex_numbered = true,
    .tex_context = heaps_tex_context,
};
