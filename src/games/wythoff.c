#include <config.h>

#include "games/wythoff.h"

uint64_t isqrt_u128(unsigned __int128 v)
{
    if (v < 2)
        return (uint64_t)v;
    /* Start above the root, at 2^⌈bits/2⌉, and descend: Newton's iterates
     * decrease monotonically to ⌊√v⌋ from any start at or above it. */
    int bits = 0;
    for (unsigned __int128 t = v; t; t >>= 1)
        bits++;
    unsigned __int128 x = (unsigned __int128)1 << ((bits + 1) / 2);
    for (;;) {
        unsigned __int128 y = (x + v / x) / 2;
        if (y >= x)
            return (uint64_t)x;
        x = y;
    }
}

static uint64_t floor_n_sqrt5(uint64_t n)
{
    return isqrt_u128((unsigned __int128)5 * n * n);
}

uint64_t wythoff_lower(uint64_t n)
{
    return (uint64_t)(((unsigned __int128)n + floor_n_sqrt5(n)) / 2);
}

uint64_t wythoff_upper(uint64_t n)
{
    return wythoff_lower(n) + n;
}

void wythoff_cursor_start(struct wythoff_cursor *c, uint64_t n)
{
    c->n = n;
    c->s = floor_n_sqrt5(n);
}

void wythoff_cursor_next(struct wythoff_cursor *c)
{
    /* √5 lies in (2, 3), so ⌊√5(n+1)⌋ - ⌊√5 n⌋ is 2 or 3. */
    uint64_t n1 = c->n + 1;
    unsigned __int128 five_n1_sq = (unsigned __int128)5 * n1 * n1;
    unsigned __int128 s3 = (unsigned __int128)c->s + 3;
    c->s = (s3 * s3 <= five_n1_sq) ? c->s + 3 : c->s + 2;
    c->n = n1;
}

uint64_t wythoff_count_lower(uint64_t N)
{
    return wythoff_lower(N + 1) - (N + 1);
}

uint64_t wythoff_count_upper(uint64_t N)
{
    return N - wythoff_count_lower(N);
}
