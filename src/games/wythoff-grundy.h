/* wythoff-grundy.h: the Grundy values of Wythoff's game (queen to the
 * corner) on an N x N board, row by row.
 *
 * G(a, b) = mex of G over the squares left of (a, b) in its row, below it in
 * its column and down-left on its diagonal (Matulis & Savukinas 1984: the
 * queen's moves; the zeros are the P-positions).  Each row, column and
 * diagonal keeps a bitset of the values on it and its own mex, which only
 * grows; G(a, b) is the first value free on all three lines from the largest
 * of the three mexes on.  Between that start and the answer lie about N/300
 * words of 64 values (27 at N = 8192), nearly all full on one line alone, so
 * each line also keeps a summary, one bit a word, that marks its full words:
 * the search skips them 64 words at a time and reads about one more word a
 * cell.  Rows are computed 128 at a time (N / 64 below N = 8192) along the
 * anti-diagonals of the stripe, so that a column's and a diagonal's words
 * are reused while in cache.  A line holds only the values its cells can take (G(a, b) <= a + b):
 * column b N + b bits, diagonal b - a = +-e 2N - 1 - e bits: 0.5625 N^2
 * bytes and their summaries; with the stripe's rows and values,
 * wythoff_grundy_bytes(N), 0.65 N^2 at N = 8192 (41 MiB), 0.61 N^2 at 16384
 * (156 MiB), against 0.75 N^2 for 2N bits a line.  The board itself is never
 * held. */
#ifndef GAMETAB_WYTHOFF_GRUNDY_H
#define GAMETAB_WYTHOFF_GRUNDY_H

#include <signal.h>
#include <stdint.h>

/* The largest board: 2^15 (0.59 GiB). */
#define WYTHOFF_GRUNDY_N_MAX 32768

struct wythoff_grundy;

/* A computation for boards 1 <= N <= WYTHOFF_GRUNDY_N_MAX; NULL when N is
 * out of range or memory is short. */
struct wythoff_grundy *wythoff_grundy_new(uint32_t N);

/* Bytes a computation for N allocates, every block counted (0 for N out of
 * range): 0.59 to 0.69 N^2 for N >= 1000; for the limits and the
 * benchmark. */
uint64_t wythoff_grundy_bytes(uint32_t N);

/* From now on, next_row looks at *stop (a stop request, as in solver.h)
 * every 4096 cells it computes; NULL (the default) for never. */
void wythoff_grundy_stop_on(struct wythoff_grundy *w, const volatile sig_atomic_t *stop);

/* Computes the next row a = 0, 1, ... N-1: out[b] = G(a, b), b = 0..N-1.
 * Returns 0; -1 after the last row, or if a value would pass the bound
 * G(a, b) <= a + b the lines are sized by (it never has: checked rather than
 * assumed); -2 when *stop became non-zero while a stripe was computed.
 * After -1 or -2 it returns -1 for good. */
int wythoff_grundy_next_row(struct wythoff_grundy *w, uint32_t *out);

void wythoff_grundy_free(struct wythoff_grundy *w);

#endif
