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

/* The bytes the library allocates while counting is on: the program links
 * with -Wl,--wrap=calloc (Makefile.am), so libgametab's calloc comes here. */
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size);
static int counting;
static uint64_t counted;

void *__wrap_calloc(size_t n, size_t size)
{
    if (counting)
        counted += (uint64_t)n * size;
    return __real_calloc(n, size);
}

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

/* wythoff_grundy_bytes(N), which --help and the out-of-memory message
 * report, is what wythoff_grundy_new(N) allocates: the bitsets and the mex
 * arrays (within a few words: the state's own struct), and about 0.75 N^2. */
static void test_bytes_is_the_allocation(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 2, 31, 32, 33, 100, 1000, 4096, 8192};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint32_t N = sizes[i];
        counted = 0;
        counting = 1;
        struct wythoff_grundy *w = wythoff_grundy_new(N);
        counting = 0;
        assert_non_null(w);
        wythoff_grundy_free(w);
        uint64_t est = wythoff_grundy_bytes(N);
        if (counted + 4 < est || counted > est + 128)
            fail_msg("N = %u: wythoff_grundy_bytes says %llu, new allocates %llu",
                     N, (unsigned long long)est, (unsigned long long)counted);
    }
    /* 6 N^2 bits: 50 MiB at N = 8192 (wythoff-grundy.h) */
    assert_int_equal(wythoff_grundy_bytes(8192) >> 20, 48);
    assert_true(wythoff_grundy_bytes(WYTHOFF_GRUNDY_N_MAX) <= (UINT64_C(3) << 28) + (1 << 20));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naive_mex),
        cmocka_unit_test(test_against_solver_and_beatty),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_bytes_is_the_allocation),
    };
    return cmocka_run_group_tests_name("wythoff-grundy", tests, NULL, NULL);
}
