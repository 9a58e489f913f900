/* Wythoff P-positions and frequencies: golden values typed from Matulis &
 * Savukinas, Kvant 1984 no. 7, the closed form against the article's own mex
 * construction, and the exactness bound WYTHOFF_N_MAX checked from both
 * sides with an independent test of ⌊nφ⌋ by squares. */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "claims/claims.h"
#include "games/wythoff.h"

typedef unsigned __int128 u128;

/* Kvant 1984 no. 7, table «Проигрышные поля (a_n; b_n)», n = 0..12, and the
 * list p_N = A_N/N, q_N = B_N/N for N = 1..11: transcribed once, in
 * src/claims/claims-matulis.c (the claims of `gametab verify` read them too). */
#define article_a matulis_table_a
#define article_b matulis_table_b

static void test_article_table(void **state)
{
    (void)state;
    for (uint64_t n = 0; n < MATULIS_TABLE_N; n++) {
        if (wythoff_lower(n) != article_a[n] || wythoff_upper(n) != article_b[n])
            fail_msg("n = %" PRIu64 ": computed (%" PRIu64 "; %" PRIu64
                     "), the article prints (%" PRIu64 "; %" PRIu64 ")",
                     n, wythoff_lower(n), wythoff_upper(n), article_a[n], article_b[n]);
    }
}

static void test_article_frequencies(void **state)
{
    (void)state;
    for (uint64_t N = 1; N <= 11; N++) {
        assert_int_equal(matulis_frequencies[N - 1].N, N);
        assert_int_equal(wythoff_count_lower(N), matulis_frequencies[N - 1].A);
        assert_int_equal(wythoff_count_upper(N), matulis_frequencies[N - 1].B);
    }
}

/* The article's construction: a_n is the least natural number not among
 * a_0, b_0, ..., a_{n-1}, b_{n-1}, and b_n = a_n + n.  Compared with the
 * closed form and the cursor for every n < 10^6. */
static void test_mex_construction(void **state)
{
    (void)state;
    const uint64_t limit = 1000000;
    size_t size = (size_t)(3 * limit);
    unsigned char *used = calloc(size, 1);
    assert_non_null(used);
    uint64_t a = 0;
    struct wythoff_cursor cur;
    wythoff_cursor_start(&cur, 0);
    for (uint64_t n = 0; n < limit; n++) {
        while (used[a])
            a++;
        uint64_t b = a + n;
        used[a] = used[b] = 1;
        if (wythoff_lower(n) != a || wythoff_upper(n) != b)
            fail_msg("n = %" PRIu64 ": mex gives (%" PRIu64 "; %" PRIu64 "), closed form (%" PRIu64
                     "; %" PRIu64 ")",
                     n, a, b, wythoff_lower(n), wythoff_upper(n));
        if (wythoff_cursor_lower(&cur) != a || wythoff_cursor_upper(&cur) != b)
            fail_msg("n = %" PRIu64 ": the cursor disagrees with the mex construction", n);
        wythoff_cursor_next(&cur);
    }
    free(used);
}

/* A_N and B_N counted directly from the P-positions, N up to 10^5. */
static void test_frequencies_by_counting(void **state)
{
    (void)state;
    const uint64_t limit = 100000;
    uint64_t *lower_at = calloc(limit + 1, sizeof *lower_at);
    assert_non_null(lower_at);
    for (uint64_t n = 1; wythoff_lower(n) <= limit; n++)
        lower_at[wythoff_lower(n)]++;
    uint64_t A = 0;
    for (uint64_t N = 1; N <= limit; N++) {
        A += lower_at[N];
        if (wythoff_count_lower(N) != A || wythoff_count_upper(N) != N - A)
            fail_msg("N = %" PRIu64 ": counted A_N = %" PRIu64 ", closed form %" PRIu64, N, A,
                     wythoff_count_lower(N));
    }
    free(lower_at);
}

/* a = ⌊nφ⌋ holds iff a < nφ < a + 1, i.e. 2a - n < n√5 < 2a + 2 - n:
 * decided by squares, without the square root under test. */
static int is_floor_n_phi(uint64_t n, uint64_t a)
{
    u128 five_n2 = (u128)5 * n * n;
    u128 lo = (u128)2 * a, hi = (u128)2 * a + 2;
    int above_lo = lo <= n || (lo - n) * (lo - n) < five_n2;
    int below_hi = hi > n && (hi - n) * (hi - n) > five_n2;
    return n == 0 ? a == 0 : above_lo && below_hi;
}

static void test_floor_by_squares(void **state)
{
    (void)state;
    uint64_t samples[] = {1, 2, 3, 1000, 123456789, UINT64_C(1) << 32, UINT64_C(1) << 40,
                          UINT64_C(4000000000000000000), WYTHOFF_N_MAX - 1, WYTHOFF_N_MAX};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        assert_true(is_floor_n_phi(samples[i], wythoff_lower(samples[i])));
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t n = x % (WYTHOFF_N_MAX + 1);
        if (!is_floor_n_phi(n, wythoff_lower(n)))
            fail_msg("n = %" PRIu64 ": a_n = %" PRIu64 " is not floor(n phi)", n, wythoff_lower(n));
    }
}

/* b_n fits in 64 bits up to WYTHOFF_N_MAX and no further. */
static void test_limit(void **state)
{
    (void)state;
    uint64_t n = WYTHOFF_N_MAX;
    assert_true(is_floor_n_phi(n, wythoff_lower(n)));
    assert_true((u128)wythoff_lower(n) + n <= UINT64_MAX);
    /* n + 1: a_{n+1} is still exact, but a_{n+1} + n + 1 overflows. */
    uint64_t a1 = wythoff_lower(n + 1);
    assert_true(is_floor_n_phi(n + 1, a1));
    assert_true((u128)a1 + n + 1 > UINT64_MAX);
    /* The cursor reaches the bound exactly as the closed form does. */
    struct wythoff_cursor cur;
    wythoff_cursor_start(&cur, n - 1000);
    for (int i = 0; i < 1000; i++)
        wythoff_cursor_next(&cur);
    assert_int_equal(wythoff_cursor_lower(&cur), wythoff_lower(n));
    assert_int_equal(wythoff_cursor_upper(&cur), UINT64_MAX);
}

static void test_isqrt(void **state)
{
    (void)state;
    u128 cases[] = {0, 1, 2, 3, 4, 15, 16, 17, ((u128)1 << 64) - 1, (u128)1 << 64,
                    ~(u128)0, (u128)UINT64_MAX * UINT64_MAX};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        u128 v = cases[i];
        u128 r = isqrt_u128(v);
        assert_true(r * r <= v);
        assert_true((r + 1) * (r + 1) > v || r == UINT64_MAX);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_article_table),
        cmocka_unit_test(test_article_frequencies),
        cmocka_unit_test(test_mex_construction),
        cmocka_unit_test(test_frequencies_by_counting),
        cmocka_unit_test(test_floor_by_squares),
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_isqrt),
    };
    return cmocka_run_group_tests_name("wythoff", tests, NULL, NULL);
}
