/* The fast Wythoff Grundy rows against the naive mex definition, the generic
 * solver, and the P-positions of Theorem 1. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/games.h"
#include "games/solver.h"
#include "games/wythoff-grundy.h"
#include "games/wythoff.h"

static uint32_t *fast_grid(uint32_t N)
{
    struct wythoff_grundy *w = wythoff_grundy_new(N);
    assert_non_null(w);
    uint32_t *g = malloc((size_t)N * N * sizeof *g);
    assert_non_null(g);
    for (uint32_t a = 0; a < N; a++)
        assert_int_equal(wythoff_grundy_next_row(w, g + (size_t)a * N), 0);
    wythoff_grundy_free(w);
    return g;
}

/* The definition, literally: mex over the queen's moves toward the corner. */
static void test_naive_mex(void **state)
{
    (void)state;
    const uint32_t N = 256;
    uint32_t *fast = fast_grid(N);
    uint32_t *g = malloc((size_t)N * N * sizeof *g);
    unsigned char *seen = malloc(3 * N + 1);
    assert_non_null(g);
    assert_non_null(seen);
    for (uint32_t a = 0; a < N; a++)
        for (uint32_t b = 0; b < N; b++) {
            memset(seen, 0, 3 * N + 1);
            for (uint32_t x = 0; x < a; x++)
                seen[g[x * N + b]] = 1;
            for (uint32_t y = 0; y < b; y++)
                seen[g[a * N + y]] = 1;
            for (uint32_t d = 1; d <= a && d <= b; d++)
                seen[g[(a - d) * N + b - d]] = 1;
            uint32_t m = 0;
            while (seen[m])
                m++;
            g[a * N + b] = m;
            if (fast[a * N + b] != m)
                fail_msg("G(%u, %u): fast %u, naive %u", a, b, fast[a * N + b], m);
        }
    free(seen);
    free(g);
    free(fast);
}

static void test_against_solver_and_beatty(void **state)
{
    (void)state;
    const uint32_t N = 300;
    uint32_t *fast = fast_grid(N);
    struct game game;
    assert_int_equal(game_wythoff(&game, 2, N - 1), 0);
    uint32_t *gr = malloc(game.nstates * sizeof *gr);
    assert_non_null(gr);
    assert_int_equal(solve_grundy(&game, gr), SOLVER_OK);
    for (uint32_t a = 0; a < N; a++)
        for (uint32_t b = 0; b < N; b++) {
            uint64_t h[2] = {a, b};
            assert_int_equal(fast[a * N + b], gr[heaps_encode(&game, h)]);
            assert_int_equal(fast[a * N + b], fast[b * N + a]);
        }
    for (uint64_t n = 0; wythoff_upper(n) < N; n++)
        assert_int_equal(fast[wythoff_lower(n) * N + wythoff_upper(n)], 0);
    size_t zeros = 0;
    for (size_t i = 0; i < (size_t)N * N; i++)
        zeros += fast[i] == 0;
    size_t pairs = 0;
    for (uint64_t n = 0; wythoff_upper(n) < N; n++)
        pairs += n == 0 ? 1 : 2;
    assert_int_equal(zeros, pairs);
    free(gr);
    free(fast);
}

/* The bound the bitsets rely on, G(a, b) <= a + b, holds on a 1024 board. */
static void test_bound(void **state)
{
    (void)state;
    const uint32_t N = 1024;
    uint32_t *fast = fast_grid(N);
    for (uint32_t a = 0; a < N; a++)
        for (uint32_t b = 0; b < N; b++)
            assert_true(fast[a * N + b] <= a + b);
    free(fast);
    assert_null(wythoff_grundy_new(0));
    assert_null(wythoff_grundy_new(WYTHOFF_GRUNDY_N_MAX + 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naive_mex),
        cmocka_unit_test(test_against_solver_and_beatty),
        cmocka_unit_test(test_bound),
    };
    return cmocka_run_group_tests_name("wythoff-grundy", tests, NULL, NULL);
}
