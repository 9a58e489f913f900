#include <config.h>

#include <stdlib.h>

#include "games/games.h"

/* param[0] = k heaps, param[1] = M, param[2] = M + 1. */

static size_t nim_options(const struct game *g, uint64_t s, uint64_t *out)
{
    unsigned k = (unsigned)g->param[0];
    uint64_t base = g->param[2], place = 1, n = 0;
    for (unsigned i = 0; i < k; i++, place *= base) {
        uint64_t h = (s / place) % base;
        for (uint64_t d = 1; d <= h; d++)
            out[n++] = s - d * place;
    }
    return n;
}

static size_t wythoff_options(const struct game *g, uint64_t s, uint64_t *out)
{
    size_t n = nim_options(g, s, out);
    unsigned k = (unsigned)g->param[0];
    uint64_t base = g->param[2], place = 1, smallest = UINT64_MAX, all = 0;
    for (unsigned i = 0; i < k; i++, place *= base) {
        uint64_t h = (s / place) % base;
        smallest = h < smallest ? h : smallest;
        all += place; /* 1 in every digit: one piece from every heap */
    }
    for (uint64_t d = 1; d <= smallest; d++)
        out[n++] = s - d * all;
    return n;
}

static int heap_game(struct game *g, unsigned k, uint64_t M)
{
    if (k < 1 || k > HEAPS_MAX || M >= SOLVER_STATES_MAX)
        return -1;
    uint64_t n = 1;
    for (unsigned i = 0; i < k; i++) {
        if (n > SOLVER_STATES_MAX / (M + 1))
            return -1;
        n *= M + 1;
    }
    g->nstates = n;
    g->stop = NULL;
    g->param[0] = k;
    g->param[1] = M;
    g->param[2] = M + 1;
    return 0;
}

int game_nim(struct game *g, unsigned k, uint64_t M)
{
    if (heap_game(g, k, M) != 0)
        return -1;
    g->options = nim_options;
    g->max_options = (size_t)(k * M);
    return 0;
}

int game_wythoff(struct game *g, unsigned k, uint64_t M)
{
    if (heap_game(g, k, M) != 0)
        return -1;
    g->options = wythoff_options;
    g->max_options = (size_t)(k * M + M);
    return 0;
}

uint64_t heaps_encode(const struct game *g, const uint64_t *h)
{
    uint64_t s = 0;
    for (unsigned i = (unsigned)g->param[0]; i-- > 0;)
        s = s * g->param[2] + h[i];
    return s;
}

void heaps_decode(const struct game *g, uint64_t s, uint64_t *h)
{
    for (unsigned i = 0; i < g->param[0]; i++) {
        h[i] = s % g->param[2];
        s /= g->param[2];
    }
}

/* Kordemsky: s = 4n + 2p + m, so that (0,1,0) = 1 comes before (0,0,1) = 2,
 * as the pass move needs, and every take lowers n. */
uint64_t kordemsky_encode(uint64_t n, unsigned m, unsigned p)
{
    return 4 * n + 2 * p + m;
}

void kordemsky_decode(uint64_t s, uint64_t *n, unsigned *m, unsigned *p)
{
    *n = s / 4;
    *p = (unsigned)(s / 2 % 2);
    *m = (unsigned)(s % 2);
}

static size_t kordemsky_options(const struct game *g, uint64_t s, uint64_t *out)
{
    (void)g;
    uint64_t n;
    unsigned m, p;
    kordemsky_decode(s, &n, &m, &p);
    size_t k = 0;
    /* Taking t stones: the mover's parity becomes m + t, and the other player
     * moves next, so the roles swap. */
    for (unsigned t = 1; t <= 4 && t <= n; t++)
        out[k++] = kordemsky_encode(n - t, p, (m + t) % 2);
    if (n == 0 && m == 0 && p == 1)
        out[k++] = kordemsky_encode(0, 1, 0); /* the pass move */
    return k;
}

int game_kordemsky(struct game *g, uint64_t N)
{
    if (N >= SOLVER_STATES_MAX / 4)
        return -1;
    g->nstates = 4 * (N + 1);
    g->stop = NULL;
    g->max_options = 4;
    g->options = kordemsky_options;
    g->param[0] = N;
    return 0;
}

unsigned kordemsky_winning_take(const uint32_t *grundy, uint64_t n, unsigned m, unsigned p)
{
    for (unsigned t = 1; t <= 4 && t <= n; t++)
        if (grundy[kordemsky_encode(n - t, p, (m + t) % 2)] == 0)
            return t;
    return 0;
}

/* Gr at piles n and n + P agree for both reachable states of pile n. */
static bool kordemsky_piles_agree(const uint32_t *grundy, uint64_t n, uint64_t P)
{
    for (unsigned m = 0; m < 2; m++) {
        unsigned p = (unsigned)((n + m + 1) % 2); /* n + m + p odd */
        if (grundy[kordemsky_encode(n, m, p)] != grundy[kordemsky_encode(n + P, m, p)])
            return false;
    }
    return true;
}

/* The window of four piles: the most stones a move takes. */
#define KORDEMSKY_WINDOW 4

int kordemsky_period(const uint32_t *grundy, uint64_t N, uint64_t *period, uint64_t *start)
{
    for (uint64_t P = 2; P + KORDEMSKY_WINDOW - 1 <= N; P += 2) {
        /* The least s whose window agrees: one past the last disagreement
         * below it.  A window that agrees makes every pile after it agree,
         * so the first agreeing window starts the periodic part. */
        uint64_t run = 0;
        for (uint64_t n = 0; n + P <= N; n++) {
            run = kordemsky_piles_agree(grundy, n, P) ? run + 1 : 0;
            if (run == KORDEMSKY_WINDOW) {
                *period = P;
                *start = n + 1 - KORDEMSKY_WINDOW;
                return 0;
            }
        }
    }
    return -1;
}

uint64_t nim_sum(const uint64_t *h, unsigned k)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < k; i++)
        x ^= h[i];
    return x;
}

bool misere_nim_is_p(const uint64_t *h, unsigned k)
{
    unsigned ones = 0;
    bool big = false;
    for (unsigned i = 0; i < k; i++) {
        big |= h[i] > 1;
        ones += h[i] == 1;
    }
    return big ? nim_sum(h, k) == 0 : ones % 2 == 1;
}

uint64_t heaps_max_size(unsigned k)
{
    if (k < 1 || k > HEAPS_MAX)
        return 0;
    /* The largest M whose game fits, by bisection on 0..2^24 - 1. */
    uint64_t lo = 0, hi = SOLVER_STATES_MAX - 1;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        struct game g;
        if (game_wythoff(&g, k, mid) == 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int wythoff_heaps_p_positions(unsigned k, uint64_t M, uint8_t *is_p)
{
    return wythoff_heaps_p_positions_until(k, M, is_p, NULL);
}

int wythoff_heaps_p_positions_until(unsigned k, uint64_t M, uint8_t *is_p,
                                    const volatile sig_atomic_t *stop)
{
    struct game g;
    if (game_wythoff(&g, k, M) != 0)
        return -1;
    uint64_t n = g.nstates, place[HEAPS_MAX], all = 0, h[HEAPS_MAX] = {0};
    for (unsigned i = 0; i < k; i++) {
        place[i] = i ? place[i - 1] * (M + 1) : 1;
        all += place[i];
    }
    /* line[r] bit i: a P-position lies on the line of heap i through r (r
     * has heap i empty); diag[r]: one lies on the diagonal from r (r has an
     * empty heap).  Positions above the current one are not yet marked. */
    uint8_t *line = calloc(n, 1), *diag = calloc(n, 1);
    if (!line || !diag) {
        free(line);
        free(diag);
        return -2;
    }
    for (uint64_t s = 0; s < n; s++) {
        if (s % 65536 == 0 && stop && *stop) {
            free(line);
            free(diag);
            return -3;
        }
        uint64_t low = h[0];
        for (unsigned i = 1; i < k; i++)
            low = h[i] < low ? h[i] : low;
        uint64_t r = s - low * all;
        bool p = !diag[r];
        for (unsigned i = 0; p && i < k; i++)
            p = !(line[s - h[i] * place[i]] & (1u << i));
        is_p[s] = p;
        if (p) {
            diag[r] = 1;
            for (unsigned i = 0; i < k; i++)
                line[s - h[i] * place[i]] |= (uint8_t)(1u << i);
        }
        /* The heaps of s + 1. */
        for (unsigned i = 0; i < k && ++h[i] > M; i++)
            h[i] = 0;
    }
    free(line);
    free(diag);
    return 0;
}
