#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "games/wythoff-grundy.h"

/* Rows computed together, cell by cell along the anti-diagonals of the
 * stripe: a column is then read by this many cells in a row while its words
 * are in cache, and so is a diagonal. */
enum { STRIPE = 128 };

/* Cells computed between two looks at the stop request (well under a
 * millisecond's work). */
enum { STOP_CELLS = 4096 };

static const uint64_t FULL = ~UINT64_C(0);

/* Every line (a row, a column or a diagonal of the board) is a bitset of the
 * values on it, preceded by its summary of `summary` words, one bit a word
 * of the bitset: set when the word is full, its 64 values all on the line. */
struct wythoff_grundy {
    uint32_t N;
    uint32_t a;                  /* the next row handed out */
    uint32_t a0, rows;           /* the stripe computed: rows a0..a0+rows-1 */
    uint64_t *words;             /* every line, one allocation */
    uint32_t summary;            /* words of a summary: 2N - 1 bits a bitset */
    uint32_t *col_at, *diag_at;  /* where the bitsets of column b, diagonal d
                                  * start in words */
    uint32_t *col_mex, *diag_mex;
    uint64_t *row_words;         /* the stripe's rows, row_size words each */
    uint32_t row_size;
    uint32_t *values;            /* G(a0 + t, b) at t * N + b */
    uint32_t *row_mex;           /* the stripe's rows', after the values */
    const volatile sig_atomic_t *stop; /* looked at every STOP_CELLS cells */
};

static uint64_t words_for(uint64_t bits)
{
    return (bits + 63) / 64;
}

/* A line holds the values its cells can take, by G(a, b) <= a + b: column b
 * of rows a < N up to N - 1 + b, diagonal d = b - a + N - 1 (|b - a| = e) up
 * to 2N - 2 - e (its last cell is (N - 1 - e, N - 1) or its mirror), a row up
 * to 2N - 2. */
static uint64_t col_values(uint32_t N, uint32_t b)
{
    return (uint64_t)N + b;
}

static uint64_t diag_values(uint32_t N, uint32_t d)
{
    uint32_t e = d >= N - 1 ? d - (N - 1) : (N - 1) - d;
    return 2 * (uint64_t)N - 1 - e;
}

static uint64_t row_values(uint32_t N)
{
    return 2 * (uint64_t)N - 1;
}

/* Words of a line of that many values, its summary included. */
static uint64_t line_words(uint32_t N, uint64_t values)
{
    return words_for(words_for(row_values(N))) + words_for(values);
}

/* Rows a stripe: STRIPE from N = 8192 on, N / 64 below, so that the stripe's
 * values (4N bytes a row) stay within N^2 / 16 bytes. */
static uint32_t stripe_rows(uint32_t N)
{
    return N >= 64 * STRIPE ? STRIPE : N >= 64 ? N / 64 : 1;
}

/* Words of the columns and diagonals (at N = 2^15, 76 million: offsets into
 * them fit 32 bits). */
static uint64_t board_words(uint32_t N)
{
    uint64_t words = 0;
    for (uint32_t b = 0; b < N; b++)
        words += line_words(N, col_values(N, b));
    for (uint32_t d = 0; d < 2 * N - 1; d++)
        words += line_words(N, diag_values(N, d));
    return words;
}

uint64_t wythoff_grundy_bytes(uint32_t N)
{
    if (N < 1 || N > WYTHOFF_GRUNDY_N_MAX)
        return 0;
    uint64_t lines = (uint64_t)N + 2 * (uint64_t)N - 1;
    return sizeof(struct wythoff_grundy)
           + (board_words(N) + stripe_rows(N) * line_words(N, row_values(N))) * 8
           + lines * 2 * sizeof(uint32_t)                      /* offsets, mexes */
           + (uint64_t)stripe_rows(N) * (N + 1) * sizeof(uint32_t); /* the stripe */
}

struct wythoff_grundy *wythoff_grundy_new(uint32_t N)
{
    if (N < 1 || N > WYTHOFF_GRUNDY_N_MAX)
        return NULL;
    struct wythoff_grundy *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    const size_t T = stripe_rows(N), diags = 2 * (size_t)N - 1;
    const uint64_t board = board_words(N);
    w->N = N;
    w->summary = (uint32_t)words_for(words_for(row_values(N)));
    w->row_size = (uint32_t)line_words(N, row_values(N));
    w->words = calloc(board + T * w->row_size, 8);
    w->col_at = malloc(N * sizeof *w->col_at);
    w->diag_at = malloc(diags * sizeof *w->diag_at);
    w->col_mex = calloc(N, sizeof *w->col_mex);
    w->diag_mex = calloc(diags, sizeof *w->diag_mex);
    w->values = malloc(T * (N + 1) * sizeof *w->values);
    if (!w->words || !w->col_at || !w->diag_at || !w->col_mex || !w->diag_mex || !w->values) {
        wythoff_grundy_free(w);
        return NULL;
    }
    w->row_mex = w->values + T * N;
    uint32_t at = w->summary;
    for (uint32_t b = 0; b < N; b++) {
        w->col_at[b] = at;
        at += (uint32_t)line_words(N, col_values(N, b));
    }
    for (uint32_t d = 0; d < diags; d++) {
        w->diag_at[d] = at;
        at += (uint32_t)line_words(N, diag_values(N, d));
    }
    w->row_words = w->words + board + w->summary;
    return w;
}

void wythoff_grundy_free(struct wythoff_grundy *w)
{
    if (!w)
        return;
    free(w->words);
    free(w->col_at);
    free(w->diag_at);
    free(w->col_mex);
    free(w->diag_mex);
    free(w->values);
    free(w);
}

void wythoff_grundy_stop_on(struct wythoff_grundy *w, const volatile sig_atomic_t *stop)
{
    w->stop = stop;
}

/* Puts v on a line whose summary starts at full; a word that fills up is
 * marked in the summary. */
static void put_value(uint64_t *line, uint64_t *full, uint32_t v)
{
    uint64_t *word = &line[v / 64];
    *word |= UINT64_C(1) << (v % 64);
    if (*word == FULL)
        full[v / 4096] |= UINT64_C(1) << (v / 64 % 64);
}

/* The first value above v that the line does not hold (a line of that many
 * values; that many if it holds them all). */
static uint32_t next_free(const uint64_t *line, uint32_t v, uint64_t values)
{
    for (uint64_t m = (uint64_t)v + 1; m < values; m = (m | 63) + 1) {
        uint64_t free = ~line[m / 64] >> (m % 64);
        if (free)
            return (uint32_t)(m + (uint64_t)__builtin_ctzll(free));
    }
    return (uint32_t)values;
}

/* The first value >= 64 i on none of the three lines, word i of their
 * bitsets and its predecessors known full; limit (a + b + 1) if there is
 * none below it.  The words from i on are mostly full on one of the lines
 * alone, and the summaries skip those 64 at a time: about one word a cell is
 * read here at N = 8192, where OR-ing word after word read 27. */
static uint32_t search_on(const uint64_t *r, const uint64_t *rf, const uint64_t *c,
                          const uint64_t *cf, const uint64_t *g, const uint64_t *gf,
                          uint64_t i, uint32_t limit)
{
    const uint64_t end = words_for(limit);
    for (;;) {
        if (++i >= end)
            return limit;
        uint64_t j = i / 64;
        uint64_t open = ~(rf[j] | cf[j] | gf[j]) & (FULL << (i % 64));
        while (!open) {
            if (++j * 64 >= end)
                return limit;
            open = ~(rf[j] | cf[j] | gf[j]);
        }
        i = j * 64 + (uint64_t)__builtin_ctzll(open);
        if (i >= end)
            return limit;
        uint64_t used = r[i] | c[i] | g[i];
        if (used != FULL) {
            uint64_t v = i * 64 + (uint64_t)__builtin_ctzll(~used);
            return v < limit ? (uint32_t)v : limit;
        }
    }
}

/* G(a0 + t, b): the mex of the values on its row to the left, its column
 * below and its diagonal down-left, which is at least the mex of each line
 * alone; -1 past the bound a + b.  (Landman's bound, G >= |b - a| - 2 min(a,
 * b), never exceeded those mexes on the boards up to 2048 measured, and is
 * not used; the tests check that it holds.) */
static int64_t cell(struct wythoff_grundy *w, uint32_t t, uint32_t b)
{
    const uint32_t N = w->N, a = w->a0 + t, d = b + N - 1 - a, limit = a + b + 1;
    uint64_t *r = w->row_words + (size_t)t * w->row_size, *rf = r - w->summary;
    uint64_t *c = w->words + w->col_at[b], *cf = c - w->summary;
    uint64_t *g = w->words + w->diag_at[d], *gf = g - w->summary;
    uint32_t from = w->row_mex[t];
    from = w->col_mex[b] > from ? w->col_mex[b] : from;
    from = w->diag_mex[d] > from ? w->diag_mex[d] : from;
    if (from >= limit)
        return -1;
    uint64_t i = from / 64;
    uint64_t used = r[i] | c[i] | g[i] | ((UINT64_C(1) << (from % 64)) - 1);
    uint32_t v = used != FULL ? (uint32_t)(i * 64 + (uint64_t)__builtin_ctzll(~used))
                              : search_on(r, rf, c, cf, g, gf, i, limit);
    if (v >= limit)
        return -1;
    put_value(r, rf, v);
    put_value(c, cf, v);
    put_value(g, gf, v);
    if (v == w->row_mex[t])
        w->row_mex[t] = next_free(r, v, row_values(N));
    if (v == w->col_mex[b])
        w->col_mex[b] = next_free(c, v, col_values(N, b));
    if (v == w->diag_mex[d])
        w->diag_mex[d] = next_free(g, v, diag_values(N, d));
    return v;
}

/* Rows a0.. of the next stripe, along its anti-diagonals s = b + t: (a, b)
 * needs (a, b - 1), (a - 1, b) and (a - 1, b - 1) before it, and has them.
 * 0, -1 past the bound, -2 when *stop became non-zero. */
static int next_stripe(struct wythoff_grundy *w)
{
    const uint32_t N = w->N;
    w->a0 = w->a;
    w->rows = N - w->a0 < stripe_rows(N) ? N - w->a0 : stripe_rows(N);
    memset(w->row_words - w->summary, 0, (size_t)w->rows * w->row_size * 8);
    memset(w->row_mex, 0, w->rows * sizeof *w->row_mex);
    uint32_t until_stop = STOP_CELLS;
    for (uint32_t s = 0; s < N + w->rows - 1; s++) {
        uint32_t t0 = s < N ? 0 : s - N + 1, t1 = s < w->rows ? s + 1 : w->rows;
        for (uint32_t t = t0; t < t1; t++) {
            if (--until_stop == 0) {
                until_stop = STOP_CELLS;
                if (w->stop && *w->stop)
                    return -2;
            }
            int64_t v = cell(w, t, s - t);
            if (v < 0)
                return -1;
            w->values[(size_t)t * N + s - t] = (uint32_t)v;
        }
    }
    return 0;
}

int wythoff_grundy_next_row(struct wythoff_grundy *w, uint32_t *out)
{
    if (w->a == w->N)
        return -1;
    if (w->a == w->a0 + w->rows) {
        int rc = next_stripe(w);
        if (rc != 0) {
            w->a = w->N;
            return rc;
        }
    }
    memcpy(out, w->values + (size_t)(w->a - w->a0) * w->N, w->N * sizeof *out);
    w->a++;
    return 0;
}
