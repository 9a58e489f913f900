/* The generic solver against the closed forms: Nim's Grundy values are the
 * nim-sum (Bouton, Sprague–Grundy), misère Nim follows Bouton's misère rule,
 * Wythoff's P-positions are the Beatty pairs, and Kordemsky's game has the
 * period and the values Teterko states. */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/games.h"
#include "games/numeration.h"
#include "games/solver.h"
#include "games/wythoff.h"

static uint32_t *grundy_of(const struct game *g)
{
    uint32_t *gr = malloc(g->nstates * sizeof *gr);
    assert_non_null(gr);
    assert_int_equal(solve_grundy(g, gr), SOLVER_OK);
    return gr;
}

/* Nim, 3 heaps of 0..15: the Grundy value is the nim-sum; with 4 heaps too. */
static void test_nim_grundy_is_nim_sum(void **state)
{
    (void)state;
    for (unsigned k = 1; k <= 4; k++) {
        struct game g;
        assert_int_equal(game_nim(&g, k, k == 4 ? 9 : 15), 0);
        uint32_t *gr = grundy_of(&g);
        for (uint64_t s = 0; s < g.nstates; s++) {
            uint64_t h[HEAPS_MAX];
            heaps_decode(&g, s, h);
            if (gr[s] != nim_sum(h, k))
                fail_msg("%u heaps, state %" PRIu64 ": Grundy %u, nim-sum %" PRIu64, k, s, gr[s],
                         nim_sum(h, k));
        }
        free(gr);
    }
}

/* Misère Nim (Feng's three colours; 2 and 4 heaps as well): Bouton's rule. */
static void test_misere_nim(void **state)
{
    (void)state;
    for (unsigned k = 1; k <= 4; k++) {
        struct game g;
        assert_int_equal(game_nim(&g, k, k == 4 ? 9 : 14), 0);
        uint8_t *is_n = malloc(g.nstates);
        assert_non_null(is_n);
        assert_int_equal(solve_outcome(&g, PLAY_MISERE, is_n), SOLVER_OK);
        for (uint64_t s = 0; s < g.nstates; s++) {
            uint64_t h[HEAPS_MAX];
            heaps_decode(&g, s, h);
            if (!is_n[s] != misere_nim_is_p(h, k))
                fail_msg("%u heaps, state %" PRIu64 ": solver %c, Bouton %c", k, s,
                         is_n[s] ? 'N' : 'P', misere_nim_is_p(h, k) ? 'P' : 'N');
        }
        free(is_n);
    }
}

/* Normal-play outcomes agree with Grundy value 0. */
static void test_outcome_matches_grundy(void **state)
{
    (void)state;
    struct game g;
    assert_int_equal(game_wythoff(&g, 3, 12), 0);
    uint32_t *gr = grundy_of(&g);
    uint8_t *is_n = malloc(g.nstates);
    assert_non_null(is_n);
    assert_int_equal(solve_outcome(&g, PLAY_NORMAL, is_n), SOLVER_OK);
    for (uint64_t s = 0; s < g.nstates; s++)
        assert_int_equal(is_n[s], gr[s] != 0);
    free(gr);
    free(is_n);
}

/* Wythoff's game on a 120 x 120 board: P-positions are exactly
 * (a_n, b_n) and (b_n, a_n) (Matulis & Savukinas 1984, Theorem 1). */
static void test_wythoff_p_positions(void **state)
{
    (void)state;
    const uint64_t M = 120;
    struct game g;
    assert_int_equal(game_wythoff(&g, 2, M), 0);
    uint32_t *gr = grundy_of(&g);
    unsigned char *p = calloc((M + 1) * (M + 1), 1);
    assert_non_null(p);
    for (uint64_t n = 0; wythoff_lower(n) <= M; n++) {
        uint64_t a = wythoff_lower(n), b = wythoff_upper(n);
        if (b <= M)
            p[a * (M + 1) + b] = p[b * (M + 1) + a] = 1;
    }
    for (uint64_t a = 0; a <= M; a++)
        for (uint64_t b = 0; b <= M; b++) {
            uint64_t h[2] = {a, b};
            if ((gr[heaps_encode(&g, h)] == 0) != p[a * (M + 1) + b])
                fail_msg("(%" PRIu64 ", %" PRIu64 "): solver and Beatty pairs disagree", a, b);
        }
    free(p);
    free(gr);
}

/* Teterko: Gr is periodic in n with period 6; Gr((n,0,0)) = 1, 3, 0 for
 * n ≡ 5, 3, 1 (mod 6); Gr((27,0,0)) = 3, and taking two stones, to
 * (25,0,0), is the winning move. */
static void test_kordemsky(void **state)
{
    (void)state;
    const uint64_t N = 120;
    struct game g;
    assert_int_equal(game_kordemsky(&g, N), 0);
    uint32_t *gr = grundy_of(&g);
    assert_int_equal(gr[kordemsky_encode(0, 1, 0)], 0);
    assert_int_equal(gr[kordemsky_encode(0, 0, 1)], 1);
    for (uint64_t n = 1; n <= N; n += 2) {
        static const int expected[6] = {-1, 0, -1, 3, -1, 1};
        assert_int_equal(gr[kordemsky_encode(n, 0, 0)], expected[n % 6]);
    }
    for (uint64_t n = 6; n <= N; n++)
        for (unsigned m = 0; m < 2; m++)
            for (unsigned p = 0; p < 2; p++)
                if ((n + m + p) % 2 == 1) /* reachable: the total is odd */
                    assert_int_equal(gr[kordemsky_encode(n, m, p)],
                                     gr[kordemsky_encode(n - 6, m, p)]);
    assert_int_equal(gr[kordemsky_encode(27, 0, 0)], 3);
    assert_int_equal(gr[kordemsky_encode(25, 0, 0)], 0);
    free(gr);
}

static size_t bad_options(const struct game *g, uint64_t s, uint64_t *out)
{
    (void)g;
    out[0] = s + 1; /* an option after its state */
    return s + 1 < 3;
}

/* State 2 has a move to itself (a pass): a loop, never a finite game;
 * states 0, 1 and 3 are in order. */
static size_t self_loop_options(const struct game *g, uint64_t s, uint64_t *out)
{
    (void)g;
    size_t k = 0;
    if (s > 0)
        out[k++] = s - 1;
    if (s == 2)
        out[k++] = s;
    return k;
}

static void test_order_is_checked(void **state)
{
    (void)state;
    struct game g = {.nstates = 3, .max_options = 1, .options = bad_options};
    uint32_t gr[4] = {0};
    uint8_t n[4] = {0};
    assert_int_equal(solve_grundy(&g, gr), SOLVER_ORDER);
    assert_int_equal(solve_outcome(&g, PLAY_NORMAL, n), SOLVER_ORDER);
    /* a move from a state to itself is refused as well, in both plays */
    struct game loop = {.nstates = 4, .max_options = 2,
                        .options = self_loop_options};
    assert_int_equal(solve_grundy(&loop, gr), SOLVER_ORDER);
    assert_int_equal(solve_outcome(&loop, PLAY_NORMAL, n), SOLVER_ORDER);
    assert_int_equal(solve_outcome(&loop, PLAY_MISERE, n), SOLVER_ORDER);
    struct game big;
    assert_int_equal(game_nim(&big, 8, 10), -1); /* 11^8 > 2^24 */
}

/* Zeckendorf digits: greedy, no two 1s adjacent, and the value comes back;
 * Theorem 2 (Matulis & Savukinas): a_n - 1 is n - 1 shifted one place. */
static void test_zeckendorf(void **state)
{
    (void)state;
    char buf[NUMERATION_BUF_SIZE], shifted[NUMERATION_BUF_SIZE];
    zeckendorf_digits(100, buf);
    assert_string_equal(buf, "1000010100"); /* 89 + 8 + 3 */
    zeckendorf_digits(0, buf);
    assert_string_equal(buf, "0");
    zeckendorf_digits(UINT64_MAX, buf);
    assert_null(strstr(buf, "11"));
    for (uint64_t v = 1; v < 200000; v++) {
        size_t n = zeckendorf_digits(v, buf);
        assert_null(strstr(buf, "11"));
        uint64_t back = 0;
        for (size_t i = 0; i < n; i++)
            if (buf[i] == '1')
                back += fib_basis((unsigned)(n - 1 - i));
        assert_int_equal(back, v);
    }
    for (uint64_t n = 2; n < 100000; n++) {
        zeckendorf_digits(n - 1, buf);
        strcat(buf, "0");
        zeckendorf_digits(wythoff_lower(n) - 1, shifted);
        assert_string_equal(buf, shifted);
    }
    /* The counter, step by step, against the greedy digits; and near 2^64. */
    struct zeckendorf_counter z;
    zeckendorf_counter_set(&z, 0);
    for (uint64_t v = 0; v < 300000; v++) {
        zeckendorf_counter_text(&z, shifted);
        zeckendorf_digits(v, buf);
        if (strcmp(buf, shifted) != 0)
            fail_msg("counter at %" PRIu64 ": %s, greedy %s", v, shifted, buf);
        zeckendorf_counter_increment(&z);
    }
    zeckendorf_counter_set(&z, UINT64_MAX - 1000);
    for (uint64_t v = UINT64_MAX - 1000; v < UINT64_MAX; v++)
        zeckendorf_counter_increment(&z);
    zeckendorf_counter_text(&z, shifted);
    zeckendorf_digits(UINT64_MAX, buf);
    assert_string_equal(buf, shifted);
    radix_digits(10, 2, buf);
    assert_string_equal(buf, "1010");
    radix_digits(UINT64_MAX, 4, buf);
    assert_int_equal(strlen(buf), 32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim_grundy_is_nim_sum),
        cmocka_unit_test(test_misere_nim),
        cmocka_unit_test(test_outcome_matches_grundy),
        cmocka_unit_test(test_wythoff_p_positions),
        cmocka_unit_test(test_kordemsky),
        cmocka_unit_test(test_order_is_checked),
        cmocka_unit_test(test_zeckendorf),
    };
    return cmocka_run_group_tests_name("solver", tests, NULL, NULL);
}
