/* wythoff.h: Wythoff's game (queen to the corner, «цзяньшицзы»), pure integer math.
 *
 * The P-positions of Wythoff's game with b >= a are (a_n, b_n), n >= 0,
 * with a_n = ⌊nφ⌋ and b_n = ⌊nφ²⌋ = a_n + n, where φ = (1 + √5)/2
 * (Matulis & Savukinas, Kvant 1984 no. 7, Theorem 1).  Everything here is
 * exact: integers only, 128-bit intermediates, no floating point. */
#ifndef GAMETAB_WYTHOFF_H
#define GAMETAB_WYTHOFF_H

#include <stdbool.h>
#include <stdint.h>

/* The largest index n for which b_n = ⌊nφ²⌋ still fits in uint64_t
 * (b_n <= 2^64 - 1 < b_{n+1}); a_n and b_n are exact for every n up to it.
 * tests/test-wythoff.c checks both sides of the bound. */
#define WYTHOFF_N_MAX UINT64_C(7046029254386353130)

/* ⌊√v⌋ for any 128-bit v, by Newton's method on integers. */
uint64_t isqrt_u128(unsigned __int128 v);

/* a_n = ⌊nφ⌋ = (n + ⌊√(5n²)⌋) / 2, the lower member of the n-th P-position.
 * n: 0 <= n <= WYTHOFF_N_MAX (the caller checks; larger n is not exact).
 * Source: Matulis & Savukinas 1984, Theorem 1, a_n = [nu], u = (1+√5)/2. */
uint64_t wythoff_lower(uint64_t n);

/* b_n = a_n + n = ⌊nφ²⌋, the upper member of the n-th P-position.
 * n: 0 <= n <= WYTHOFF_N_MAX.  Source: as wythoff_lower, and property 2. */
uint64_t wythoff_upper(uint64_t n);

/* A cursor over consecutive P-positions (a_n, b_n), n, n+1, ..., that
 * advances in O(1) without division: it keeps s = ⌊√(5n²)⌋ and uses
 * s_{n+1} ∈ {s_n + 2, s_n + 3}, decided by one exact 128-bit comparison. */
struct wythoff_cursor {
    uint64_t n;
    uint64_t s; /* ⌊√(5n²)⌋ */
};

/* Places the cursor at n (0 <= n <= WYTHOFF_N_MAX). */
void wythoff_cursor_start(struct wythoff_cursor *c, uint64_t n);

/* Moves from n to n + 1; the caller keeps n + 1 <= WYTHOFF_N_MAX. */
void wythoff_cursor_next(struct wythoff_cursor *c);

/* a_n and b_n at the cursor. */
static inline uint64_t wythoff_cursor_lower(const struct wythoff_cursor *c)
{
    return (uint64_t)(((unsigned __int128)c->n + c->s) / 2);
}

static inline uint64_t wythoff_cursor_upper(const struct wythoff_cursor *c)
{
    return wythoff_cursor_lower(c) + c->n;
}

/* The largest N for which wythoff_count_lower(N) is exact: N + 1 <= WYTHOFF_N_MAX. */
#define WYTHOFF_FREQ_N_MAX (WYTHOFF_N_MAX - 1)

/* A_N = #{n >= 1 : a_n <= N} = ⌊(N+1)/φ⌋ = a_{N+1} - (N+1), the number of
 * lower members not above N.  N: 0 <= N <= WYTHOFF_FREQ_N_MAX.
 * Source: Matulis & Savukinas 1984, section «Частоты чисел a_n и b_n». */
uint64_t wythoff_count_lower(uint64_t N);

/* B_N = #{n >= 1 : b_n <= N} = N - A_N, since every natural number is
 * exactly one a_n or one b_n (property 1).  N as for wythoff_count_lower. */
uint64_t wythoff_count_upper(uint64_t N);

#endif
