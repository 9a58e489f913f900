/* The fast Wythoff Grundy rows against the mex definition applied literally
 * (every board up to 256), the bitset algorithm they replaced (a 4096
 * board, cell for cell), the generic solver and the P-positions of Theorem
 * 1; and the memory wythoff_grundy_bytes states against what is allocated. */
#include <config.h>

#include <inttypes.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#include <malloc.h>
#define HEAP_COUNTED 1
#endif

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
    /* The board is done: no row past it. */
    uint32_t *extra = malloc((size_t)N * sizeof *extra);
    assert_non_null(extra);
    assert_int_equal(wythoff_grundy_next_row(w, extra), -1);
    free(extra);
    wythoff_grundy_free(w);
    return g;
}

/* The definition, literally: G(a, b) is the mex over the queen's moves
 * toward the corner (left in the row, down in the column, down-left on the
 * diagonal).  The N x N board for N = 1..256, each computed on its own (the
 * lines, stripes and summaries are sized by N), agrees with the corner of
 * the 256 board cell for cell. */
static void test_naive_mex_every_board(void **state)
{
    (void)state;
    const uint32_t M = 256;
    uint32_t *g = malloc((size_t)M * M * sizeof *g);
    unsigned char *seen = malloc(3 * M + 1);
    assert_non_null(g);
    assert_non_null(seen);
    for (uint32_t a = 0; a < M; a++)
        for (uint32_t b = 0; b < M; b++) {
            memset(seen, 0, 3 * M + 1);
            for (uint32_t x = 0; x < a; x++)
                seen[g[x * M + b]] = 1;
            for (uint32_t y = 0; y < b; y++)
                seen[g[a * M + y]] = 1;
            for (uint32_t d = 1; d <= a && d <= b; d++)
                seen[g[(a - d) * M + b - d]] = 1;
            uint32_t m = 0;
            while (seen[m])
                m++;
            g[a * M + b] = m;
        }
    for (uint32_t N = 1; N <= M; N++) {
        uint32_t *fast = fast_grid(N);
        for (uint32_t a = 0; a < N; a++)
            for (uint32_t b = 0; b < N; b++)
                if (fast[a * N + b] != g[a * M + b])
                    fail_msg("N = %u, G(%u, %u): fast %u, mex definition %u", N, a, b,
                             fast[a * N + b], g[a * M + b]);
        free(fast);
    }
    free(seen);
    free(g);
}

/* ---- the algorithm before, kept as the reference -------------------------
 * Each row, column and diagonal a bitset of 2N bits and its mex; the value
 * at (a, b) the first free on its three lines from the largest mex, OR-ing
 * the bitsets a word at a time, row after row.  Slow (cubic at heart), but
 * simple enough to read as right. */
struct reference {
    uint32_t N, a;
    size_t words;
    uint64_t *row, *col, *diag;
    uint32_t row_mex, *col_mex, *diag_mex;
};

static struct reference *reference_new(uint32_t N)
{
    struct reference *r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->N = N;
    r->words = ((size_t)2 * N + 63) / 64;
    r->row = calloc(r->words, 8);
    r->col = calloc((size_t)N * r->words, 8);
    r->diag = calloc((2 * (size_t)N - 1) * r->words, 8);
    r->col_mex = calloc(N, sizeof *r->col_mex);
    r->diag_mex = calloc(2 * (size_t)N - 1, sizeof *r->diag_mex);
    assert_true(r->row && r->col && r->diag && r->col_mex && r->diag_mex);
    return r;
}

static void reference_free(struct reference *r)
{
    free(r->row);
    free(r->col);
    free(r->diag);
    free(r->col_mex);
    free(r->diag_mex);
    free(r);
}

static int ref_bit(const uint64_t *line, uint32_t v)
{
    return (line[v / 64] >> (v % 64)) & 1;
}

static void ref_set(uint64_t *line, uint32_t v)
{
    line[v / 64] |= UINT64_C(1) << (v % 64);
}

static uint32_t ref_mex(const uint64_t *line, uint32_t mex, uint32_t limit)
{
    while (mex < limit && ref_bit(line, mex))
        mex++;
    return mex;
}

static void reference_row(struct reference *r, uint32_t *out)
{
    const uint32_t N = r->N, a = r->a, limit = 2 * N;
    memset(r->row, 0, r->words * 8);
    r->row_mex = 0;
    for (uint32_t b = 0; b < N; b++) {
        uint64_t *col = r->col + (size_t)b * r->words;
        size_t d = (size_t)b + N - 1 - a;
        uint64_t *diag = r->diag + d * r->words;
        uint32_t v = r->row_mex;
        if (r->col_mex[b] > v)
            v = r->col_mex[b];
        if (r->diag_mex[d] > v)
            v = r->diag_mex[d];
        for (;;) {
            assert_true(v < limit);
            size_t i = v / 64;
            uint64_t used = r->row[i] | col[i] | diag[i];
            used |= (UINT64_C(1) << (v % 64)) - 1;
            if (~used) {
                v = (uint32_t)(i * 64 + (unsigned)__builtin_ctzll(~used));
                break;
            }
            v = (uint32_t)((i + 1) * 64);
        }
        assert_true(v < limit);
        out[b] = v;
        ref_set(r->row, v);
        ref_set(col, v);
        ref_set(diag, v);
        r->row_mex = ref_mex(r->row, r->row_mex, limit);
        r->col_mex[b] = ref_mex(col, r->col_mex[b], limit);
        r->diag_mex[d] = ref_mex(diag, r->diag_mex[d], limit);
    }
    r->a++;
}

/* The 4096 board, row by row, against the algorithm before: 64 full stripes
 * of 64 rows, values up to 8190, summaries of two words a line. */
static void test_against_the_algorithm_before(void **state)
{
    (void)state;
    const uint32_t N = 4096;
    struct reference *r = reference_new(N);
    struct wythoff_grundy *w = wythoff_grundy_new(N);
    assert_non_null(w);
    uint32_t *want = malloc(N * sizeof *want), *got = malloc(N * sizeof *got);
    assert_non_null(want);
    assert_non_null(got);
    for (uint32_t a = 0; a < N; a++) {
        reference_row(r, want);
        assert_int_equal(wythoff_grundy_next_row(w, got), 0);
        for (uint32_t b = 0; b < N; b++)
            if (got[b] != want[b])
                fail_msg("G(%u, %u): %u, the algorithm before %u", a, b, got[b], want[b]);
    }
    free(want);
    free(got);
    wythoff_grundy_free(w);
    reference_free(r);
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

/* The bound the lines are sized by, G(a, b) <= a + b, holds on a 1024 board,
 * and so does Landman's lower bound G(a, b) >= |b - a| - 2 min(a, b). */
static void test_bounds(void **state)
{
    (void)state;
    const uint32_t N = 1024;
    uint32_t *fast = fast_grid(N);
    for (int64_t a = 0; a < N; a++)
        for (int64_t b = 0; b < N; b++) {
            int64_t g = fast[a * N + b], lo = a < b ? a : b;
            assert_true(g <= a + b);
            assert_true(g >= (a > b ? a - b : b - a) - 2 * lo);
        }
    free(fast);
    assert_null(wythoff_grundy_new(0));
    assert_null(wythoff_grundy_new(WYTHOFF_GRUNDY_N_MAX + 1));
    assert_int_equal(wythoff_grundy_bytes(0), 0);
    assert_int_equal(wythoff_grundy_bytes(WYTHOFF_GRUNDY_N_MAX + 1), 0);
}

/* A stop request: next_row looks at it within 4096 cells, returns -2, and
 * -1 for good after; with no request the same board is computed whole. */
static void test_stop(void **state)
{
    (void)state;
    const uint32_t N = 1024;
    uint32_t *row = malloc(N * sizeof *row);
    assert_non_null(row);
    volatile sig_atomic_t stop = 0;
    struct wythoff_grundy *w = wythoff_grundy_new(N);
    assert_non_null(w);
    wythoff_grundy_stop_on(w, &stop);
    for (uint32_t a = 0; a < N / 2; a++)
        assert_int_equal(wythoff_grundy_next_row(w, row), 0);
    stop = SIGINT;
    int rc = 0;
    for (uint32_t a = N / 2; a < N && rc == 0; a++)
        rc = wythoff_grundy_next_row(w, row);
    assert_int_equal(rc, -2);
    assert_int_equal(wythoff_grundy_next_row(w, row), -1);
    wythoff_grundy_free(w);

    w = wythoff_grundy_new(N);
    assert_non_null(w);
    stop = SIGINT;
    wythoff_grundy_stop_on(w, &stop);
    assert_int_equal(wythoff_grundy_next_row(w, row), -2);
    wythoff_grundy_free(w);
    free(row);
}

/* wythoff_grundy_bytes(N) against the heap: what a computation adds to the
 * allocator's bytes in use and mapped (glibc's mallinfo2) is the stated
 * bytes, more by the allocator's own headers and page rounding (8 blocks),
 * less by at most 4 KiB: small blocks freed before wait in a per-thread
 * cache that glibc already counts as in use, and may be handed back.  The sanitizers' allocator keeps no such count, so
 * under them (and off glibc) this test only makes and frees the computation. */
static void test_bytes_allocated(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 2, 63, 64, 65, 1000, 4096, 5000};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        uint32_t N = sizes[k];
#ifdef HEAP_COUNTED
        struct mallinfo2 before = mallinfo2();
#endif
        struct wythoff_grundy *w = wythoff_grundy_new(N);
        assert_non_null(w);
#ifdef HEAP_COUNTED
        struct mallinfo2 after = mallinfo2();
        uint64_t bytes = wythoff_grundy_bytes(N);
        uint64_t used = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
        if (used + 4096 < bytes || used > bytes + 8 * (4096 + 32))
            fail_msg("N = %u: %" PRIu64 " bytes stated, %" PRIu64 " allocated", N, bytes,
                     used);
#endif
        wythoff_grundy_free(w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_naive_mex_every_board),
        cmocka_unit_test(test_against_the_algorithm_before),
        cmocka_unit_test(test_against_solver_and_beatty),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_bytes_allocated),
        cmocka_unit_test(test_stop),
    };
    return cmocka_run_group_tests_name("wythoff-grundy", tests, NULL, NULL);
}
