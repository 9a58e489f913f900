/* misere-nim-p-positions against Feng Yuefeng's three-colour game (the
 * Chinese article, shared/seeds/001): the table's rows (the solver, misère
 * play) against Bouton's misère rule, the article's examples typed as
 * golden values, and each of its claims checked by computation.
 *
 * What the computation says about the article:
 *   - Theorem 1 (t <= 1), Theorem 3 (t = 2) and Theorem 4 (t = 3) hold.
 *   - The reduction it calls Theorem 2, (t, m, n) ~ (t-2, m-2, n-2), as it
 *     is used for t >= 4 (down to t = 2 or 3), fails: first at (4, 6, 8),
 *     which it maps to the losing (2, 4, 6) while (4, 6, 8) is winning
 *     (nim-sum 4 ^ 6 ^ 8 = 10).  (It fails for t = 2, 3 too: (2,2,3) is
 *     winning, (0,0,1) losing.)
 *   - The final classification is right for t <= 3 and wrong for each t
 *     from 4 to 60 (with n <= 64), both ways: it lists (4, 6, 8) as losing
 *     (the first such, by n), and misses the losing (4, 8, 12) (the first
 *     such).  The true rule is Bouton's: t ^ m ^ n = 0, except that
 *     (0,0,1) and (1,1,1) lose and (0,0,0) and (0,1,1) win.
 *   - Misprints: "(3,5,n) (n>5) 是胜局" would make (3, 5, 6) winning, which
 *     the article itself finds losing (n > 6 is meant); the proof of
 *     Theorem 3 ends with the "负局 (0,4k,4k+2)", which is winning ((2, 4k,
 *     4k+2) is meant); Theorem 4's second clause says (2, 4k+2, m) and
 *     (2, 4k+3, n) where (3, ...) is meant (both read true); Theorem 1 and
 *     the final list say (1, 2k, 2k+1) for k ∈ N, where k = 0 gives
 *     (1, 0, 1) = (0, 1, 1), winning (k ∈ N+ is meant, as the proof says). */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "claims/claims.h"
#include "games/games.h"
#include "games/solver.h"
#include "tables/table-misere.h"

/* The checks below cover t <= m <= n <= CHECK_M. */
#define CHECK_M 64

struct solved {
    struct game g;
    uint8_t *is_n;
};

static struct solved solve(uint64_t M)
{
    struct solved s;
    assert_int_equal(game_nim(&s.g, 3, M), 0);
    s.is_n = malloc(s.g.nstates);
    assert_non_null(s.is_n);
    assert_int_equal(solve_outcome(&s.g, PLAY_MISERE, s.is_n), SOLVER_OK);
    return s;
}

static bool losing(const struct solved *s, uint64_t t, uint64_t m, uint64_t n)
{
    uint64_t h[3] = {t, m, n};
    return !s->is_n[heaps_encode(&s->g, h)];
}

/* ---- the table against Bouton's misère rule ------------------------------ */

/* The table's rows for --max M as a flag per triple, checking the order
 * (t, m, n ascending, t <= m <= n <= M) on the way. */
static unsigned char *table_rows(uint64_t M, size_t *count)
{
    struct table_args args;
    table_default_args(&table_misere_nim_p_positions, &args);
    args.param[PARAM_MAX] = M;
    struct table_stream s;
    struct gt_error err;
    assert_int_equal(table_stream_open(&s, &table_misere_nim_p_positions, &args, &err), GT_OK);
    assert_int_equal(s.ncolumns, 3);
    unsigned char *in = calloc((M + 1) * (M + 1) * (M + 1), 1);
    assert_non_null(in);
    uint64_t prev = 0;
    *count = 0;
    while (table_stream_next(&s)) {
        uint64_t t = s.row.cell[MISERE_T].integer, m = s.row.cell[MISERE_M].integer,
                 n = s.row.cell[MISERE_N].integer;
        assert_true(t <= m && m <= n && n <= M);
        uint64_t key = (t * (M + 1) + m) * (M + 1) + n;
        if (*count > 0 && key <= prev)
            fail_msg("row (%" PRIu64 ",%" PRIu64 ",%" PRIu64 ") out of order", t, m, n);
        prev = key;
        in[key] = 1;
        ++*count;
    }
    table_stream_close(&s);
    return in;
}

/* Every triple 0 < t+m+n, t <= m <= n <= M is a row iff Bouton's misère
 * rule makes it a P-position; (0,0,0) is no row (not a game position: the
 * article's t, m, n are "不全为零", not all zero). */
static void test_table_is_bouton(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {1, 2, 12, CHECK_M};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint64_t M = sizes[i];
        size_t count, want = 0;
        unsigned char *in = table_rows(M, &count);
        assert_int_equal(in[0], 0);
        for (uint64_t t = 0; t <= M; t++)
            for (uint64_t m = t; m <= M; m++)
                for (uint64_t n = m; n <= M; n++) {
                    if (t + m + n == 0)
                        continue;
                    uint64_t h[3] = {t, m, n};
                    bool p = misere_nim_is_p(h, 3);
                    want += p;
                    if (p != in[(t * (M + 1) + m) * (M + 1) + n])
                        fail_msg("M = %" PRIu64 ", (%" PRIu64 ",%" PRIu64 ",%" PRIu64
                                 "): table %s, Bouton %s",
                                 M, t, m, n, p ? "lacks it" : "has it", p ? "P" : "N");
                }
        assert_int_equal(count, want);
        free(in);
    }
}

/* --max 12, the default: 30 rows, first (0,0,1), last (7,11,12). */
static void test_table_default(void **state)
{
    (void)state;
    size_t count;
    unsigned char *in = table_rows(12, &count);
    assert_int_equal(count, 30);
    assert_int_equal(in[1], 1);                      /* (0,0,1) */
    assert_int_equal(in[(7 * 13 + 11) * 13 + 12], 1); /* (7,11,12) */
    free(in);
}

/* ---- the article's examples --------------------------------------------- */

/* The worked examples, as printed: src/claims/claims-feng.c (feng_examples), each
 * a position or a family such as (2,4,n) n > 6. */

static void test_article_examples(void **state)
{
    (void)state;
    struct solved s = solve(12);
    size_t count;
    unsigned char *in = table_rows(12, &count);
    for (size_t i = 0; i < feng_examples_count; i++) {
        const struct feng_example *e = &feng_examples[i];
        uint64_t last = e->n_to ? e->n_to : 12;
        for (uint64_t n = e->n_from; n <= last; n++) {
            bool row = in[(e->t * 13 + e->m) * 13 + n];
            /* «(3,5,n)（n>5）是胜局»: the misprint, n > 6 is meant */
            bool misprint = e->t == 3 && e->m == 5 && !e->losing && n == 6;
            bool want = e->losing != misprint;
            if (losing(&s, e->t, e->m, n) != want || row != want)
                fail_msg("(%" PRIu64 ",%" PRIu64 ",%" PRIu64 "): the article (%s) says %s", e->t,
                         e->m, n, e->where, e->losing ? "losing" : "winning");
        }
    }
    free(in);
    free(s.is_n);
}

/* ---- the article's claims ------------------------------------------------ */

/* Theorem 1: for t <= 1 the losing positions are (0,0,1), (0,n,n) n > 1,
 * (1,1,1) and (1,2k,2k+1), k >= 1. */
static bool theorem_1(uint64_t t, uint64_t m, uint64_t n)
{
    return (t == 0 && m == 0 && n == 1) || (t == 0 && m == n && n > 1) ||
           (t == 1 && m == 1 && n == 1) || (t == 1 && m >= 2 && m % 2 == 0 && n == m + 1);
}

/* Theorem 3: for t = 2 <= m <= n, exactly (2,4k,4k+2) and (2,4k+1,4k+3),
 * k >= 1. */
static bool theorem_3(uint64_t m, uint64_t n)
{
    return m >= 4 && ((m % 4 == 0 && n == m + 2) || (m % 4 == 1 && n == m + 2));
}

/* Theorem 4: for t = 3 <= m <= n, exactly (3,4k,4k+3) and (3,4k+1,4k+2),
 * k >= 1. */
static bool theorem_4(uint64_t m, uint64_t n)
{
    return m >= 4 && ((m % 4 == 0 && n == m + 3) || (m % 4 == 1 && n == m + 1));
}

/* The final classification: (0,0,1), (0,n,n) n>1, (1,1,1), (1,2k,2k+1),
 * (2r,2r+4k-2,2r+4k), (2r,2r+4k-1,2r+4k+1), (2r+1,2r+4k-2,2r+4k+1),
 * (2r+1,2r+4k-1,2r+4k), r, k >= 1: transcribed in src/claims/claims-feng.c. */
#define final_classification feng_classification_losing

/* Theorems 1, 3 and 4 hold for every t <= 3, n <= CHECK_M. */
static void test_theorems_1_3_4_hold(void **state)
{
    (void)state;
    struct solved s = solve(CHECK_M);
    for (uint64_t n = 1; n <= CHECK_M; n++)
        for (uint64_t m = 0; m <= n; m++)
            for (uint64_t t = 0; t <= m && t <= 3; t++) {
                bool claim = t <= 1 ? theorem_1(t, m, n)
                             : t == 2 ? theorem_3(m, n)
                                      : theorem_4(m, n);
                if (claim != losing(&s, t, m, n))
                    fail_msg("(%" PRIu64 ",%" PRIu64 ",%" PRIu64 "): theorem %s, computed %s", t, m,
                             n, claim ? "losing" : "winning",
                             losing(&s, t, m, n) ? "losing" : "winning");
            }
    free(s.is_n);
}

/* The final classification: right for t <= 3, wrong for every t from 4
 * to 60 (with n <= CHECK_M).  The first triple (by n, then m, then t) it
 * lists but that is winning is (4,6,8); the first losing one it misses is
 * (4,8,12). */
static void test_final_classification(void **state)
{
    (void)state;
    struct solved s = solve(CHECK_M);
    bool seen_extra = false, seen_missed = false, wrong_for_t[CHECK_M + 1] = {false};
    for (uint64_t n = 1; n <= CHECK_M; n++)
        for (uint64_t m = 0; m <= n; m++)
            for (uint64_t t = 0; t <= m; t++) {
                bool claim = final_classification(t, m, n), p = losing(&s, t, m, n);
                if (claim == p)
                    continue;
                wrong_for_t[t] = true;
                if (t <= 3)
                    fail_msg("(%" PRIu64 ",%" PRIu64 ",%" PRIu64 "): wrong for t <= 3", t, m, n);
                if (claim && !seen_extra) {
                    seen_extra = true;
                    assert_true(t == 4 && m == 6 && n == 8);
                    uint64_t h[3] = {t, m, n};
                    assert_int_equal(nim_sum(h, 3), 10);
                }
                if (!claim && !seen_missed) {
                    seen_missed = true;
                    assert_true(t == 4 && m == 8 && n == 12);
                }
            }
    assert_true(seen_extra && seen_missed);
    for (uint64_t t = 4; t <= 60; t++)
        if (!wrong_for_t[t])
            fail_msg("t = %" PRIu64 ": the classification holds for n <= %d", t, CHECK_M);
    free(s.is_n);
}

/* "Theorem 2", as used: (2r+2, m, n) ~ (2, m-2r, n-2r) and (2r+3, m, n) ~
 * (3, m-2r, n-2r), i.e. (t,m,n) ~ (t-2,m-2,n-2) for t >= 4.  The first
 * triple where the two differ is (4,6,8): (2,4,6) loses, (4,6,8) wins. */
static void test_theorem_2_reduction_fails(void **state)
{
    (void)state;
    struct solved s = solve(CHECK_M);
    for (uint64_t n = 4; n <= CHECK_M; n++)
        for (uint64_t m = 4; m <= n; m++)
            for (uint64_t t = 4; t <= m; t++)
                if (losing(&s, t, m, n) != losing(&s, t - 2, m - 2, n - 2)) {
                    assert_true(t == 4 && m == 6 && n == 8);
                    assert_true(losing(&s, 2, 4, 6));
                    assert_false(losing(&s, 4, 6, 8));
                    free(s.is_n);
                    return;
                }
    fail_msg("the reduction held for every t >= 4, n <= %d", CHECK_M);
}

/* The misprints (see the top of this file), each as computed. */
static void test_misprints(void **state)
{
    (void)state;
    struct solved s = solve(CHECK_M);
    /* "(3,5,n) (n>5) 是胜局": n = 6 loses, every n > 6 wins. */
    assert_true(losing(&s, 3, 5, 6));
    for (uint64_t n = 7; n <= CHECK_M; n++)
        assert_false(losing(&s, 3, 5, n));
    /* "负局 (0,4k,4k+2)": winning for every k; (2,4k,4k+2) loses. */
    for (uint64_t k = 1; 4 * k + 2 <= CHECK_M; k++) {
        assert_false(losing(&s, 0, 4 * k, 4 * k + 2));
        assert_true(losing(&s, 2, 4 * k, 4 * k + 2));
    }
    /* Theorem 4's "(2,4k+2,m) ... (2,4k+3,n) 是胜局", and with 3 for 2: all win. */
    for (uint64_t k = 1; 4 * k + 3 <= CHECK_M; k++)
        for (uint64_t x = 4 * k + 2; x <= CHECK_M; x++)
            for (uint64_t t = 2; t <= 3; t++) {
                assert_false(losing(&s, t, 4 * k + 2, x));
                if (x >= 4 * k + 3)
                    assert_false(losing(&s, t, 4 * k + 3, x));
            }
    /* (1,2k,2k+1) with k = 0: (1,0,1), the position (0,1,1), wins. */
    assert_false(losing(&s, 0, 1, 1));
    free(s.is_n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_bouton),
        cmocka_unit_test(test_table_default),
        cmocka_unit_test(test_article_examples),
        cmocka_unit_test(test_theorems_1_3_4_hold),
        cmocka_unit_test(test_final_classification),
        cmocka_unit_test(test_theorem_2_reduction_fails),
        cmocka_unit_test(test_misprints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
