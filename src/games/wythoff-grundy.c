#include <config.h>

#include <stdlib.h>

#include "games/wythoff-grundy.h"

struct wythoff_grundy {
    uint32_t N;
    uint32_t a;          /* the next row */
    size_t words;        /* 64-bit words a line: 2N bits */
    uint64_t *row;       /* the current row's values */
    uint64_t *col;       /* N lines */
    uint64_t *diag;      /* 2N - 1 lines, b - a + N - 1 */
    uint32_t row_mex;
    uint32_t *col_mex, *diag_mex;
};

static size_t line_words(uint32_t N)
{
    return ((size_t)2 * N + 63) / 64;
}

uint64_t wythoff_grundy_bytes(uint32_t N)
{
    uint64_t lines = 1 + (uint64_t)N + 2 * (uint64_t)N - 1;
    return lines * line_words(N) * 8 + 3 * (uint64_t)N * 4;
}

struct wythoff_grundy *wythoff_grundy_new(uint32_t N)
{
    if (N < 1 || N > WYTHOFF_GRUNDY_N_MAX)
        return NULL;
    struct wythoff_grundy *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->N = N;
    w->words = line_words(N);
    w->row = calloc(w->words, 8);
    w->col = calloc((size_t)N * w->words, 8);
    w->diag = calloc((size_t)(2 * N - 1) * w->words, 8);
    w->col_mex = calloc(N, sizeof *w->col_mex);
    w->diag_mex = calloc(2 * (size_t)N - 1, sizeof *w->diag_mex);
    if (!w->row || !w->col || !w->diag || !w->col_mex || !w->diag_mex) {
        wythoff_grundy_free(w);
        return NULL;
    }
    return w;
}

void wythoff_grundy_free(struct wythoff_grundy *w)
{
    if (!w)
        return;
    free(w->row);
    free(w->col);
    free(w->diag);
    free(w->col_mex);
    free(w->diag_mex);
    free(w);
}

static int test_bit(const uint64_t *line, uint32_t v)
{
    return (line[v / 64] >> (v % 64)) & 1;
}

static void set_bit(uint64_t *line, uint32_t v)
{
    line[v / 64] |= UINT64_C(1) << (v % 64);
}

/* Moves a line's mex past the values it holds. */
static uint32_t advance_mex(const uint64_t *line, uint32_t mex, uint32_t limit)
{
    while (mex < limit && test_bit(line, mex))
        mex++;
    return mex;
}

int wythoff_grundy_next_row(struct wythoff_grundy *w, uint32_t *out)
{
    const uint32_t N = w->N, a = w->a, limit = 2 * N;
    for (size_t i = 0; i < w->words; i++)
        w->row[i] = 0;
    w->row_mex = 0;
    for (uint32_t b = 0; b < N; b++) {
        uint64_t *col = w->col + (size_t)b * w->words;
        size_t d = (size_t)b + N - 1 - a;
        uint64_t *diag = w->diag + d * w->words;
        uint32_t v = w->row_mex;
        if (w->col_mex[b] > v)
            v = w->col_mex[b];
        if (w->diag_mex[d] > v)
            v = w->diag_mex[d];
        /* The first value free on all three lines, from v on, a word at a time. */
        for (;;) {
            if (v >= limit)
                return -1;
            size_t i = v / 64;
            uint64_t used = w->row[i] | col[i] | diag[i];
            used |= (UINT64_C(1) << (v % 64)) - 1; /* below v: not wanted */
            if (~used) {
                v = (uint32_t)(i * 64 + (unsigned)__builtin_ctzll(~used));
                break;
            }
            v = (uint32_t)((i + 1) * 64);
        }
        if (v >= limit)
            return -1;
        out[b] = v;
        set_bit(w->row, v);
        set_bit(col, v);
        set_bit(diag, v);
        w->row_mex = advance_mex(w->row, w->row_mex, limit);
        w->col_mex[b] = advance_mex(col, w->col_mex[b], limit);
        w->diag_mex[d] = advance_mex(diag, w->diag_mex[d], limit);
    }
    w->a++;
    return 0;
}
