/* The tables wythoff-beatty, wythoff-property3, wythoff-zeckendorf-shift and
 * wythoff-grundy (Matulis & Savukinas, Kvant 1984 no. 7), read through their
 * row streams: golden values typed from the article, and for each a second
 * method that does not share the table's code -- ⌊nu⌋, ⌊nv⌋ decided by
 * squares; P-positions by the article's mex construction; greedy Zeckendorf
 * digits against the shift rule; Grundy values by the mex definition on the
 * board. */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/interrupt.h"

#include "claims/claims.h"
#include "games/games.h"
#include "games/numeration.h"
#include "sinks/sink-tex.h"
#include "tables/table-wythoff.h"
#include "template/templates.h"
#include "games/wythoff.h"

typedef unsigned __int128 u128;

/* Kvant 1984 no. 7, table «Проигрышные поля (a_n; b_n)», n = 0..12, as
 * transcribed in src/claims/claims-matulis.c. */
#define article_a matulis_table_a
#define article_b matulis_table_b
#define ARTICLE_N MATULIS_TABLE_N

/* ---- helpers ------------------------------------------------------------- */

static struct table_args args_with(const struct table_def *t, enum table_param p, uint64_t v)
{
    struct table_args args;
    table_default_args(t, &args);
    args.param[p] = v;
    return args;
}

static void open_stream(struct table_stream *s, const struct table_def *t,
                        const struct table_args *args)
{
    struct gt_error err = {0};
    if (table_stream_open(s, t, args, &err) != GT_OK)
        fail_msg("%s: %s", t->name, err.msg);
}

/* The integer in a column of the current row; a failure when the column
 * (or the cell) is not an integer. */
static uint64_t cell_u64(const struct table_stream *s, size_t column)
{
    const struct table_cell *c = &s->row.cell[column];
    if (s->columns[column].type != COLUMN_INTEGER || c->kind != CELL_INTEGER)
        fail_msg("%s: cell %zu is not an integer (kind %d)", s->table->name, column, (int)c->kind);
    return c->integer;
}

/* The P-positions by the article's construction (before exercise 1): a_n is
 * the least natural number not among a_0, b_0, ..., a_{n-1}, b_{n-1}, and
 * b_n = a_n + n.  No floor, no square root.  index_of[x] is the n with
 * a_n = x or b_n = x, for x < size; lower[n], upper[n] for n < count. */
struct mex_pairs {
    uint64_t count, size;
    uint64_t *lower, *upper, *index_of;
    unsigned char *is_lower;
};

static struct mex_pairs mex_pairs_new(uint64_t count)
{
    struct mex_pairs m = {.count = count, .size = 3 * count};
    m.lower = malloc(count * sizeof *m.lower);
    m.upper = malloc(count * sizeof *m.upper);
    m.index_of = malloc(m.size * sizeof *m.index_of);
    m.is_lower = calloc(m.size, 1);
    unsigned char *used = calloc(m.size, 1);
    assert_true(m.lower && m.upper && m.index_of && m.is_lower && used);
    uint64_t a = 0;
    for (uint64_t n = 0; n < count; n++) {
        while (used[a])
            a++;
        uint64_t b = a + n;
        assert_true(b < m.size);
        used[a] = used[b] = 1;
        m.lower[n] = a;
        m.upper[n] = b;
        m.index_of[a] = m.index_of[b] = n;
        m.is_lower[a] = 1;
    }
    free(used);
    return m;
}

static void mex_pairs_free(struct mex_pairs *m)
{
    free(m->lower);
    free(m->upper);
    free(m->index_of);
    free(m->is_lower);
}

/* Whether (a; b), a <= b, is a P-position by the mex construction; both
 * numbers must lie below m->upper[m->count - 1]. */
static bool mex_is_p(const struct mex_pairs *m, uint64_t a, uint64_t b)
{
    assert_true(b <= m->upper[m->count - 1]);
    return a <= b && m->is_lower[a] && m->upper[m->index_of[a]] == b;
}

/* ---- wythoff-beatty ------------------------------------------------------ */

/* Theorem 1 for n = 1..12 is the article's table without n = 0; n = 13,
 * beyond the table, is ⌊13u⌋ = 21, ⌊13v⌋ = 34 (21.03..., 34.03...). */
static void test_beatty_article(void **state)
{
    (void)state;
    const struct table_def *t = &table_wythoff_beatty;
    struct table_args args;
    table_default_args(t, &args);
    assert_int_equal(args.param[PARAM_COUNT], 13);
    struct table_stream s;
    open_stream(&s, t, &args);
    uint64_t n = 0;
    while (table_stream_next(&s)) {
        n++;
        assert_int_equal(cell_u64(&s, 0), n);
        uint64_t nu = cell_u64(&s, 1), nv = cell_u64(&s, 2);
        if (n < ARTICLE_N && (nu != article_a[n] || nv != article_b[n]))
            fail_msg("n = %" PRIu64 ": [nu], [nv] = %" PRIu64 ", %" PRIu64
                     "; the article prints (%" PRIu64 "; %" PRIu64 ")",
                     n, nu, nv, article_a[n], article_b[n]);
        if (n == 13)
            assert_true(nu == 21 && nv == 34);
    }
    table_stream_close(&s);
    assert_int_equal(n, 13);
}

/* x = ⌊n(c + √5)/2⌋ iff 2x - cn < n√5 < 2x + 2 - cn (√5 n is irrational for
 * n >= 1): decided on squares, no square root.  c = 1 gives u, c = 3 gives
 * v = u². */
static bool is_floor_n_c_sqrt5_half(uint64_t n, unsigned c, uint64_t x)
{
    u128 five_n2 = (u128)5 * n * n, cn = (u128)c * n;
    u128 lo = (u128)2 * x, hi = (u128)2 * x + 2;
    bool above_lo = lo <= cn || (lo - cn) * (lo - cn) < five_n2;
    bool below_hi = hi > cn && (hi - cn) * (hi - cn) > five_n2;
    return above_lo && below_hi;
}

/* Every row of the first 10^6 by squares, and property 1: the two sequences
 * are disjoint and together hold every positive integer (all up to ⌊Ku⌋
 * must appear once, since ⌊nv⌋ > ⌊nu⌋). */
static void test_beatty_by_squares_and_partition(void **state)
{
    (void)state;
    const uint64_t K = 1000000;
    const struct table_def *t = &table_wythoff_beatty;
    struct table_args args = args_with(t, PARAM_COUNT, K);
    size_t size = (size_t)(3 * K);
    unsigned char *seen = calloc(size, 1);
    assert_non_null(seen);
    struct table_stream s;
    open_stream(&s, t, &args);
    uint64_t n = 0, last_nu = 0;
    while (table_stream_next(&s)) {
        n++;
        uint64_t nu = cell_u64(&s, 1), nv = cell_u64(&s, 2);
        if (cell_u64(&s, 0) != n || !is_floor_n_c_sqrt5_half(n, 1, nu) ||
            !is_floor_n_c_sqrt5_half(n, 3, nv))
            fail_msg("n = %" PRIu64 ": %" PRIu64 ", %" PRIu64 " are not floor(nu), floor(nv)", n,
                     nu, nv);
        assert_true(nv < size);
        if (seen[nu]++ || seen[nv]++)
            fail_msg("n = %" PRIu64 ": %" PRIu64 " or %" PRIu64 " occurs twice", n, nu, nv);
        last_nu = nu;
    }
    table_stream_close(&s);
    assert_int_equal(n, K);
    assert_int_equal(seen[0], 0);
    for (uint64_t x = 1; x <= last_nu; x++)
        if (seen[x] != 1)
            fail_msg("%" PRIu64 " is in neither sequence", x);
    free(seen);
}

/* Sampled n up to the last allowed count, by squares; the count's limit is
 * the last n whose ⌊nv⌋ fits in 64 bits. */
static void test_beatty_large_n(void **state)
{
    (void)state;
    assert_int_equal(table_wythoff_beatty.params[PARAM_COUNT].max, WYTHOFF_N_MAX);
    uint64_t x = 0x2545F4914F6CDD1Du;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t n = 1 + x % WYTHOFF_N_MAX;
        if (i == 0)
            n = WYTHOFF_N_MAX;
        if (!is_floor_n_c_sqrt5_half(n, 1, wythoff_lower(n)) ||
            !is_floor_n_c_sqrt5_half(n, 3, wythoff_upper(n)))
            fail_msg("n = %" PRIu64 ": not floor(nu), floor(nv)", n);
    }
    /* ⌊nv⌋ at the last n is 2^64 - 1; one further it would not fit. */
    assert_true(wythoff_upper(WYTHOFF_N_MAX) == UINT64_MAX);
    assert_true((u128)wythoff_lower(WYTHOFF_N_MAX + 1) + WYTHOFF_N_MAX + 1 > UINT64_MAX);
}

/* ---- wythoff-property3 --------------------------------------------------- */

/* Property 3 on the article's own table: each (a_n; b_n), n = 1..7, and its
 * successors, all of them pairs the table prints. */
static const struct {
    uint64_t n, k1, a1, b1, k2, a2, b2;
} property3_golden[] = {
    {1, 1, 1, 2, 2, 3, 5},      /* (1; 2) -> (1; 2) itself and (3; 5) */
    {2, 3, 4, 7, 4, 6, 10},     /* (3; 5) -> (4; 7), (6; 10) */
    {3, 4, 6, 10, 5, 8, 13},    /* (4; 7) -> (6; 10), (8; 13) */
    {4, 6, 9, 15, 7, 11, 18},   /* (6; 10) -> (9; 15), (11; 18) */
    {5, 8, 12, 20, 9, 14, 23},  /* (8; 13) -> (12; 20), (14; 23) */
    {6, 9, 14, 23, 10, 16, 26}, /* (9; 15) -> (14; 23), (16; 26) */
    {7, 11, 17, 28, 12, 19, 31} /* (11; 18) -> (17; 28), (19; 31) */
};

static void test_property3_article(void **state)
{
    (void)state;
    struct table_stream s;
    struct table_args args;
    table_default_args(&table_wythoff_property3, &args);
    open_stream(&s, &table_wythoff_property3, &args);
    for (size_t i = 0; i < sizeof property3_golden / sizeof property3_golden[0]; i++) {
        assert_true(table_stream_next(&s));
        uint64_t want[9] = {property3_golden[i].n,  article_a[property3_golden[i].n],
                            article_b[property3_golden[i].n],
                            property3_golden[i].k1, property3_golden[i].a1, property3_golden[i].b1,
                            property3_golden[i].k2, property3_golden[i].a2, property3_golden[i].b2};
        for (size_t c = 0; c < 9; c++)
            if (cell_u64(&s, c) != want[c])
                fail_msg("n = %" PRIu64 ", column %s: %" PRIu64 ", want %" PRIu64,
                         (uint64_t)property3_golden[i].n, s.table->columns[c].name,
                         cell_u64(&s, c), (uint64_t)want[c]);
        /* The successors are in the article's table, at their indices. */
        assert_int_equal(article_a[want[3]], want[4]);
        assert_int_equal(article_b[want[3]], want[5]);
        assert_int_equal(article_a[want[6]], want[7]);
        assert_int_equal(article_b[want[6]], want[8]);
    }
    table_stream_close(&s);
}

/* Every row for n < 10^5: (a_n; b_n) is the n-th pair of the mex
 * construction, both successors are P-positions of that construction at
 * indices k1 and k2, and k1 = a_n (the article's derivation), k2 = a_n + 1
 * (not b_n: the successor (b_n + 1; a_n + b_n + 2) has difference a_n + 1). */
static void test_property3_successors_are_p_positions(void **state)
{
    (void)state;
    const uint64_t K = 100000;
    struct mex_pairs m = mex_pairs_new(2 * K);
    struct table_args args = args_with(&table_wythoff_property3, PARAM_COUNT, K);
    struct table_stream s;
    open_stream(&s, &table_wythoff_property3, &args);
    uint64_t n = 0;
    while (table_stream_next(&s)) {
        n++;
        uint64_t v[9];
        for (size_t c = 0; c < 9; c++)
            v[c] = cell_u64(&s, c);
        assert_int_equal(v[0], n);
        assert_true(v[1] == m.lower[n] && v[2] == m.upper[n]);
        for (int j = 0; j < 2; j++) {
            uint64_t k = v[3 + 3 * j], a = v[4 + 3 * j], b = v[5 + 3 * j];
            if (!mex_is_p(&m, a, b) || m.index_of[a] != k)
                fail_msg("n = %" PRIu64 ": successor %d (%" PRIu64 "; %" PRIu64 "), k = %" PRIu64
                         ", is not the k-th P-position",
                         n, j + 1, a, b, k);
            assert_int_equal(k, m.lower[n] + (uint64_t)j);
        }
    }
    table_stream_close(&s);
    assert_int_equal(n, K);
    mex_pairs_free(&m);
}

/* The two operations of property 3 on a pair (a; b); false where the first
 * leaves the board ((0; 0) -> (-1; -1)). */
static bool successor(uint64_t a, uint64_t b, int op, uint64_t *a1, uint64_t *b1)
{
    if (op == 0) {
        if (b == 0)
            return false;
        *a1 = b - 1, *b1 = a + b - 1;
    } else {
        *a1 = b + 1, *b1 = a + b + 2;
    }
    return true;
}

/* The P-positions reached from the starting pairs by the two operations,
 * counted up to b <= bound: a search on pairs, marking each lower member. */
static uint64_t reached_up_to(const struct mex_pairs *m, const uint64_t (*starts)[2],
                              size_t nstarts, uint64_t bound, unsigned char *reached)
{
    /* Each pair reached pushes two; at most m->count pairs are reached. */
    uint64_t room = 4 * m->count + 2 * nstarts;
    uint64_t *stack = malloc(room * sizeof *stack), top = 0, count = 0;
    assert_non_null(stack);
    memset(reached, 0, m->size);
    for (size_t i = 0; i < nstarts; i++) {
        stack[top++] = starts[i][0];
        stack[top++] = starts[i][1];
    }
    while (top > 0) {
        uint64_t b = stack[--top], a = stack[--top];
        if (b > bound || reached[a])
            continue;
        /* Every pair reached must itself be a P-position (property 3). */
        if (!mex_is_p(m, a, b))
            fail_msg("(%" PRIu64 "; %" PRIu64 ") was reached but is no P-position", a, b);
        reached[a] = 1;
        count++;
        for (int op = 0; op < 2; op++) {
            uint64_t a1, b1;
            if (successor(a, b, op, &a1, &b1)) {
                assert_true(top + 2 <= room);
                stack[top++] = a1;
                stack[top++] = b1;
            }
        }
    }
    free(stack);
    return count;
}

/* Exercise 4: from (0; 0) or (1; 2) the two operations reach every
 * P-position.  Checked for all with b_n <= 10^6, from both starts together
 * and from (0; 0) alone (its only successor is (1; 2), which is its own
 * first successor: k1 = a_1 = 1). */
static void test_property3_exercise4(void **state)
{
    (void)state;
    const uint64_t bound = 1000000;
    struct mex_pairs m = mex_pairs_new(bound / 2 + 2);
    unsigned char *reached = malloc(m.size);
    assert_non_null(reached);
    uint64_t want = 0;
    while (m.upper[want] <= bound)
        want++;
    const uint64_t both[2][2] = {{0, 0}, {1, 2}}, origin[1][2] = {{0, 0}}, first[1][2] = {{1, 2}};
    assert_int_equal(reached_up_to(&m, both, 2, bound, reached), want);
    assert_int_equal(reached_up_to(&m, origin, 1, bound, reached), want);
    /* From (1; 2) alone everything but (0; 0). */
    assert_int_equal(reached_up_to(&m, first, 1, bound, reached), want - 1);
    assert_int_equal(reached[0], 0);
    free(reached);
    mex_pairs_free(&m);
}

/* PROPERTY3_N_MAX is the last n whose second successor fits in 64 bits. */
static void test_property3_limit(void **state)
{
    (void)state;
    const uint64_t K = PROPERTY3_N_MAX;
    assert_int_equal(table_wythoff_property3.params[PARAM_COUNT].max, K);
    assert_int_equal(K, wythoff_count_lower(WYTHOFF_N_MAX - 1));
    assert_true((u128)wythoff_lower(K) + wythoff_upper(K) + 2 <= UINT64_MAX);
    assert_true((u128)wythoff_lower(K + 1) + wythoff_upper(K + 1) + 2 > UINT64_MAX);
    /* There b_{a_K + 1} = a_K + b_K + 2 (property 3), exactly. */
    assert_int_equal(wythoff_upper(wythoff_lower(K) + 1), wythoff_lower(K) + wythoff_upper(K) + 2);
}

/* ---- wythoff-zeckendorf-shift -------------------------------------------- */

/* n - 1 and a_n - 1 for n = 1..13, from the article's table (a_n) written by
 * hand in the Fibonacci system 1, 2, 3, 5, 8, 13, 21 (Theorem 2 prints no
 * table of its own). */
static const struct {
    uint64_t n, a;
    const char *n1, *a1;
} zeckendorf_golden[] = {
    {1, 1, "0", "0"},             /* 0 = 0 */
    {2, 3, "1", "10"},            /* 1 = 1; 2 = 2 */
    {3, 4, "10", "100"},          /* 2 = 2; 3 = 3 */
    {4, 6, "100", "1000"},        /* 3 = 3; 5 = 5 */
    {5, 8, "101", "1010"},        /* 4 = 3 + 1; 7 = 5 + 2 */
    {6, 9, "1000", "10000"},      /* 5; 8 */
    {7, 11, "1001", "10010"},     /* 6 = 5 + 1; 10 = 8 + 2 */
    {8, 12, "1010", "10100"},     /* 7 = 5 + 2; 11 = 8 + 3 */
    {9, 14, "10000", "100000"},   /* 8; 13 */
    {10, 16, "10001", "100010"},  /* 9 = 8 + 1; 15 = 13 + 2 */
    {11, 17, "10010", "100100"},  /* 10 = 8 + 2; 16 = 13 + 3 */
    {12, 19, "10100", "101000"},  /* 11 = 8 + 3; 18 = 13 + 5 */
    {13, 21, "10101", "101010"},  /* 12 = 8 + 3 + 1; 20 = 13 + 5 + 2 (a_13, beyond the table) */
};

static void test_zeckendorf_article(void **state)
{
    (void)state;
    struct table_args args;
    table_default_args(&table_wythoff_zeckendorf_shift, &args);
    struct table_stream s;
    open_stream(&s, &table_wythoff_zeckendorf_shift, &args);
    size_t i = 0;
    for (; table_stream_next(&s); i++) {
        assert_true(i < sizeof zeckendorf_golden / sizeof zeckendorf_golden[0]);
        assert_int_equal(cell_u64(&s, 0), zeckendorf_golden[i].n);
        assert_int_equal(cell_u64(&s, 1), zeckendorf_golden[i].a);
        if (zeckendorf_golden[i].n < ARTICLE_N)
            assert_int_equal(zeckendorf_golden[i].a, article_a[zeckendorf_golden[i].n]);
        assert_string_equal(s.row.cell[ZECKENDORF_N_FIB].text, zeckendorf_golden[i].n1);
        assert_string_equal(s.row.cell[ZECKENDORF_A_FIB].text, zeckendorf_golden[i].a1);
    }
    table_stream_close(&s);
    assert_int_equal(i, 13);
}

/* The value of Fibonacci-system digits, basis 1, 2, 3, 5, ...; also checks
 * that they are a Zeckendorf representation: no leading 0 (but "0"), no
 * two 1s side by side. */
static uint64_t fib_value(const char *digits)
{
    size_t len = strlen(digits);
    assert_true(len >= 1 && (digits[0] == '1' || len == 1));
    assert_null(strstr(digits, "11"));
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++)
        if (digits[i] == '1')
            v += fib_basis((unsigned)(len - 1 - i));
    return v;
}

/* Second method, n = 1..10^6: the digits of a_n - 1 (greedy, from the closed
 * form) are those of n - 1 with a 0 appended, and both evaluate back. */
static void test_zeckendorf_shift_rule(void **state)
{
    (void)state;
    const uint64_t K = 1000000;
    struct table_args args = args_with(&table_wythoff_zeckendorf_shift, PARAM_COUNT, K);
    struct table_stream s;
    open_stream(&s, &table_wythoff_zeckendorf_shift, &args);
    uint64_t n = 0;
    char shifted[NUMERATION_BUF_SIZE + 1];
    while (table_stream_next(&s)) {
        n++;
        const char *n1 = s.row.cell[ZECKENDORF_N_FIB].text, *a1 = s.row.cell[ZECKENDORF_A_FIB].text;
        if (strcmp(n1, "0") == 0)
            strcpy(shifted, "0");
        else
            strcat(strcpy(shifted, n1), "0");
        if (strcmp(a1, shifted) != 0)
            fail_msg("n = %" PRIu64 ": a_n - 1 = %s, n - 1 shifted = %s", n, a1, shifted);
        assert_int_equal(fib_value(n1), n - 1);
        assert_int_equal(fib_value(a1), cell_u64(&s, 1) - 1);
    }
    table_stream_close(&s);
    assert_int_equal(n, K);
}

/* The widest cells: a_n - 1 near 2^64 (n = WYTHOFF_N_MAX) has about 90
 * Fibonacci digits, within a cell, and still shifts. */
static void test_zeckendorf_largest(void **state)
{
    (void)state;
    assert_int_equal(table_wythoff_zeckendorf_shift.params[PARAM_COUNT].max, WYTHOFF_N_MAX);
    char n1[NUMERATION_BUF_SIZE], a1[NUMERATION_BUF_SIZE];
    uint64_t n = WYTHOFF_N_MAX;
    size_t ln = zeckendorf_digits(n - 1, n1), la = zeckendorf_digits(wythoff_lower(n) - 1, a1);
    assert_true(la < TABLE_TEXT_SIZE);
    assert_int_equal(la, ln + 1);
    assert_memory_equal(a1, n1, ln);
    assert_int_equal(a1[ln], '0');
}

/* Theorem 2 says «сумма неповторяющихся чисел Фибоначчи», any sum of
 * distinct Fibonacci numbers, not only the Zeckendorf one.  With the basis
 * 1, 2, 3, 5, 8, ... (each number once) that is true: every such
 * representation of n - 1, shifted one place, gives a_n - 1 (the shift adds
 * φ·x plus an error in (-1/φ², 1/φ), and only one integer lies there).
 * The suggested counterexample 3 = 1 + 2 -> 2 + 3 = 5 is none: a_4 - 1 = 5.
 * Checked for every subset of 1, 2, ..., 987. */
static void test_zeckendorf_any_distinct_sum(void **state)
{
    (void)state;
    enum { TERMS = 15 }; /* fib_basis(14) = 987 */
    for (uint32_t set = 0; set < (1u << TERMS); set++) {
        uint64_t x = 0, shifted = 0;
        for (unsigned i = 0; i < TERMS; i++)
            if (set >> i & 1) {
                x += fib_basis(i);
                shifted += fib_basis(i + 1);
            }
        if (shifted != wythoff_lower(x + 1) - 1)
            fail_msg("n - 1 = %" PRIu64 " (terms %#x) shifts to %" PRIu64 ", a_n - 1 = %" PRIu64, x,
                     set, shifted, (wythoff_lower(x + 1) - 1));
    }
    /* 3 = 1 + 2, not Zeckendorf, shifts to 2 + 3 = 5 = a_4 - 1 all the same. */
    assert_int_equal(fib_basis(1) + fib_basis(2), wythoff_lower(4) - 1);
}

/* The counterexample to the literal wording: with the usual numbering
 * f_1 = f_2 = 1, f_3 = 2, ... the number 1 is f_1 as well as f_2, and the
 * theorem holds only with f_2.  n = 2: n - 1 = 1 = f_1 shifts to f_2 = 1,
 * but a_2 - 1 = 2 (a_2 = 3 in the article's table).  Every representation
 * that uses f_1 falls short by exactly 1 (f_2 = f_3 - 1): n - 1 = 4 = f_4 +
 * f_1 shifts to f_5 + f_2 = 6, but a_5 - 1 = 7. */
static void test_zeckendorf_f1_counterexample(void **state)
{
    (void)state;
    /* f[i] with f[1] = f[2] = 1. */
    uint64_t f[20] = {0, 1, 1};
    for (int i = 3; i < 20; i++)
        f[i] = f[i - 1] + f[i - 2];
    assert_int_equal(f[2], 1);              /* n - 1 = 1 = f_1 shifts to f_2 = 1, */
    assert_int_equal(article_a[2] - 1, 2);  /* but a_2 - 1 = 2 */
    assert_int_equal(wythoff_lower(2) - 1, 2);
    assert_int_equal(f[4] + f[1], 4);
    assert_int_equal(f[5] + f[2], 6);
    assert_int_equal(article_a[5] - 1, 7);
    /* Sums of distinct numbers f_i, i in 1..18, never both f_1 and f_2 (the
     * number 1 twice): with f_1 always one short, with f_2 always right. */
    for (uint32_t set = 0; set < (1u << 18); set++) {
        bool has1 = set & 1, has2 = set >> 1 & 1;
        if (has1 && has2)
            continue;
        uint64_t x = 0, shifted = 0;
        for (int i = 1; i <= 18; i++)
            if (set >> (i - 1) & 1) {
                x += f[i];
                shifted += f[i + 1];
            }
        uint64_t want = wythoff_lower(x + 1) - 1;
        if (shifted + (has1 ? 1 : 0) != want)
            fail_msg("n - 1 = %" PRIu64 " (f-set %#x): shifted %" PRIu64 ", a_n - 1 = %" PRIu64, x,
                     set, shifted, want);
    }
}

/* ---- wythoff-grundy ------------------------------------------------------ */

/* The Grundy table for board size N, read from the stream: g[a * N + b]. */
static uint32_t *grundy_table(uint64_t N)
{
    struct table_args args = args_with(&table_wythoff_grundy, PARAM_MAX, N);
    struct table_stream s;
    open_stream(&s, &table_wythoff_grundy, &args);
    uint32_t *g = malloc(N * N * sizeof *g);
    assert_non_null(g);
    uint64_t i = 0;
    while (table_stream_next(&s)) {
        assert_true(i < N * N);
        /* Rows a = 0..N-1, b = 0..N-1 within. */
        assert_int_equal(cell_u64(&s, 0), i / N);
        assert_int_equal(cell_u64(&s, 1), i % N);
        g[i++] = (uint32_t)cell_u64(&s, 2);
    }
    table_stream_close(&s);
    assert_int_equal(i, N * N);
    return g;
}

/* The mex definition on the board: the Grundy value of (a; b) is the least
 * number not among the values to its left (a' < a), below it (b' < b) and
 * down the diagonal ((a - d; b - d)), the queen's moves. */
static uint32_t *grundy_naive(uint64_t N)
{
    uint32_t *g = malloc(N * N * sizeof *g);
    unsigned char *seen = malloc(3 * N + 1);
    assert_true(g && seen);
    for (uint64_t a = 0; a < N; a++)
        for (uint64_t b = 0; b < N; b++) {
            memset(seen, 0, 3 * N + 1);
            for (uint64_t x = 0; x < a; x++)
                seen[g[x * N + b]] = 1;
            for (uint64_t y = 0; y < b; y++)
                seen[g[a * N + y]] = 1;
            for (uint64_t d = 1; d <= a && d <= b; d++)
                seen[g[(a - d) * N + (b - d)]] = 1;
            uint32_t mex = 0;
            while (seen[mex])
                mex++;
            g[a * N + b] = mex;
        }
    free(seen);
    return g;
}

static void test_grundy_by_mex(void **state)
{
    (void)state;
    const uint64_t sizes[] = {1, 2, 3, 10, 33, 64};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint64_t N = sizes[k];
        uint32_t *g = grundy_table(N), *h = grundy_naive(N);
        for (uint64_t i = 0; i < N * N; i++)
            if (g[i] != h[i])
                fail_msg("N = %" PRIu64 ", (%" PRIu64 "; %" PRIu64 "): table %u, mex %u", N,
                         (i / N), (i % N), g[i], h[i]);
        for (uint64_t a = 0; a < N; a++)
            for (uint64_t b = 0; b < N; b++)
                assert_int_equal(g[a * N + b], g[b * N + a]); /* (a; b) and (b; a) alike */
        free(g);
        free(h);
    }
}

/* On the 32 × 32 board the zeros are exactly the article's 13 P-positions
 * and their mirror images (b_12 = 31; the next, (21; 34), is off the board). */
static void test_grundy_zeros_article(void **state)
{
    (void)state;
    const uint64_t N = 32;
    uint32_t *g = grundy_table(N);
    unsigned char p[32][32] = {{0}};
    for (int n = 0; n < ARTICLE_N; n++)
        p[article_a[n]][article_b[n]] = p[article_b[n]][article_a[n]] = 1;
    for (uint64_t a = 0; a < N; a++)
        for (uint64_t b = 0; b < N; b++)
            if ((g[a * N + b] == 0) != p[a][b])
                fail_msg("(%" PRIu64 "; %" PRIu64 "): Grundy value %u, the article %s it", a, b,
                         g[a * N + b], p[a][b] ? "marks" : "does not mark");
    free(g);
}

/* Zeros exactly at the Beatty pairs (⌊nu⌋; ⌊nv⌋) and mirrors, N = 300. */
static void test_grundy_zeros_beatty(void **state)
{
    (void)state;
    const uint64_t N = 300;
    uint32_t *g = grundy_table(N);
    unsigned char *p = calloc(N * N, 1);
    assert_non_null(p);
    for (uint64_t n = 0; wythoff_lower(n) < N; n++)
        if (wythoff_upper(n) < N)
            p[wythoff_lower(n) * N + wythoff_upper(n)] = p[wythoff_upper(n) * N + wythoff_lower(n)] = 1;
    for (uint64_t i = 0; i < N * N; i++)
        if ((g[i] == 0) != p[i])
            fail_msg("(%" PRIu64 "; %" PRIu64 "): Grundy value %u", (i / N), (i % N), g[i]);
    free(p);
    free(g);
}

/* The limits: the largest board is the largest the row algorithm takes
 * (wythoff-grundy.h), and a LaTeX board stops at GRUNDY_TEX_N_MAX. */
static void test_grundy_limits(void **state)
{
    (void)state;
    const struct table_param_spec *p = &table_wythoff_grundy.params[PARAM_MAX];
    assert_true(p->accepted && p->def == 10 && p->min == 1 && p->max == GRUNDY_N_MAX);
    assert_int_equal(p->tex_max, GRUNDY_TEX_N_MAX);
    assert_false(table_wythoff_grundy.params[PARAM_COUNT].accepted);
    assert_int_equal(GRUNDY_N_MAX, WYTHOFF_GRUNDY_N_MAX);
    assert_null(wythoff_grundy_new(GRUNDY_N_MAX + 1));
    /* 16384, the size researchers ask for, within 256 MiB */
    assert_true(wythoff_grundy_bytes(16384) < (UINT64_C(256) << 20));
    /* The table, computation and ring of rows together, within the 0.75 N^2
     * bytes of the algorithm before (2N bits a line) from N = 1000 on, and
     * within 64 KiB more below; 0 outside the range. */
    for (uint64_t N = 1; N <= GRUNDY_N_MAX; N += N < 1100 ? 1 : 997) {
        uint64_t bytes = grundy_table_bytes(N);
        if (bytes > 3 * N * N / 4 + (N < 1000 ? UINT64_C(65536) : 0))
            fail_msg("N = %" PRIu64 ": %" PRIu64 " bytes", (uint64_t)N, (uint64_t)bytes);
        assert_true(bytes > wythoff_grundy_bytes((uint32_t)N));
    }
    assert_true(grundy_table_bytes(GRUNDY_N_MAX) <= 3 * (uint64_t)GRUNDY_N_MAX * GRUNDY_N_MAX / 4);
    assert_int_equal(grundy_table_bytes(0), 0);
    assert_int_equal(grundy_table_bytes(GRUNDY_N_MAX + 1), 0);
}

/* The board the template gets: lines from b = N-1 down, zeros flagged. */
static void test_grundy_board_context(void **state)
{
    (void)state;
    struct template_dirs dirs = {.n = 1};
    dirs.dir[0] = getenv("GAMETAB_TEMPLATES_DIR") ? getenv("GAMETAB_TEMPLATES_DIR") : "templates";
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    struct table_args args = args_with(&table_wythoff_grundy, PARAM_MAX, 10);
    struct gt_error err = {0};
    json_t *ctx = sink_tex_context(&table_wythoff_grundy, &args, &opt, &err);
    if (!ctx)
        fail_msg("%s", err.msg);
    json_t *board = json_object_get(ctx, "board");
    assert_int_equal(json_array_size(board), 10);
    assert_int_equal(json_integer_value(json_object_get(ctx, "board_columns")), 11);
    assert_true(json_is_true(json_object_get(ctx, "board_small")));
    uint32_t *g = grundy_naive(10);
    for (size_t i = 0; i < 10; i++) {
        json_t *line = json_array_get(board, i);
        uint64_t b = 9 - i;
        assert_int_equal(strtoull(json_string_value(json_object_get(line, "b")), NULL, 10), b);
        json_t *cells = json_object_get(line, "cells");
        assert_int_equal(json_array_size(cells), 10);
        for (uint64_t a = 0; a < 10; a++) {
            json_t *cell = json_array_get(cells, a);
            uint32_t v = (uint32_t)strtoul(json_string_value(json_object_get(cell, "value")), NULL, 10);
            assert_int_equal(v, g[a * 10 + b]);
            assert_int_equal(json_is_true(json_object_get(cell, "zero")), v == 0);
        }
    }
    free(g);
    json_decref(ctx);
}

/* A stop request reaches the computing thread: the rows after it are at
 * most those already in the ring (without the thread's check it would
 * compute all 8192), and a table closed just after a request is closed,
 * the thread joined and the board freed (how soon is the signal rows' of
 * tests/bad-input.tsv to check, not a timed unit test). */
static void test_grundy_stop(void **state)
{
    (void)state;
    const uint64_t N = 8192;
    struct table_args args = args_with(&table_wythoff_grundy, PARAM_MAX, N);
    struct table_stream s;
    open_stream(&s, &table_wythoff_grundy, &args);
    uint64_t cells = 0;
    while (cells < 3 * N && table_stream_next(&s))
        cells++;
    interrupt_signal = SIGINT;
    while (table_stream_next(&s))
        cells++;
    assert_true(cells < 300 * N);
    table_stream_close(&s);
    interrupt_signal = 0;

    open_stream(&s, &table_wythoff_grundy, &args);
    assert_true(table_stream_next(&s));
    interrupt_signal = SIGINT;
    table_stream_close(&s);
    interrupt_signal = 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_beatty_article),
        cmocka_unit_test(test_beatty_by_squares_and_partition),
        cmocka_unit_test(test_beatty_large_n),
        cmocka_unit_test(test_property3_article),
        cmocka_unit_test(test_property3_successors_are_p_positions),
        cmocka_unit_test(test_property3_exercise4),
        cmocka_unit_test(test_property3_limit),
        cmocka_unit_test(test_zeckendorf_article),
        cmocka_unit_test(test_zeckendorf_shift_rule),
        cmocka_unit_test(test_zeckendorf_largest),
        cmocka_unit_test(test_zeckendorf_any_distinct_sum),
        cmocka_unit_test(test_zeckendorf_f1_counterexample),
        cmocka_unit_test(test_grundy_by_mex),
        cmocka_unit_test(test_grundy_zeros_article),
        cmocka_unit_test(test_grundy_zeros_beatty),
        cmocka_unit_test(test_grundy_limits),
        cmocka_unit_test(test_grundy_board_context),
        cmocka_unit_test(test_grundy_stop),
    };
    return cmocka_run_group_tests_name("wythoff-tables", tests, NULL, NULL);
}
