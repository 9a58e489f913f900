/* wythoff-grundy.h: the Grundy values of Wythoff's game (queen to the
 * corner) on an N x N board, row by row, in sub-cubic time.
 *
 * G(a, b) = mex of G over the squares left of (a, b) in its row, below it in
 * its column and down-left on its diagonal (Matulis & Savukinas 1984: the
 * queen's moves; the zeros are the P-positions).  Each row, column and
 * diagonal keeps a bitset of the values on it and its own mex, which only
 * grows; the mex at (a, b) is at least the largest of the three and is found
 * by OR-ing the three bitsets a word at a time.  Rows come out one at a
 * time, so only the bitsets are held: (N + 2N - 1) lines of 2N bits, about
 * 0.75 N^2 bytes (50 MiB at N = 8192). */
#ifndef GAMETAB_WYTHOFF_GRUNDY_H
#define GAMETAB_WYTHOFF_GRUNDY_H

#include <stdint.h>

/* The largest board: 2^15 (0.75 GiB of bitsets). */
#define WYTHOFF_GRUNDY_N_MAX 32768

struct wythoff_grundy;

/* A computation for boards 1 <= N <= WYTHOFF_GRUNDY_N_MAX; NULL when out of
 * memory. */
struct wythoff_grundy *wythoff_grundy_new(uint32_t N);

/* Bytes a computation for N takes (for --help and the benchmark). */
uint64_t wythoff_grundy_bytes(uint32_t N);

/* Computes the next row a = 0, 1, ... N-1: out[b] = G(a, b), b = 0..N-1.
 * Returns 0, or -1 if a value would pass the 2N bound the bitsets hold (it
 * never has: G(a, b) <= a + b, checked rather than assumed). */
int wythoff_grundy_next_row(struct wythoff_grundy *w, uint32_t *out);

void wythoff_grundy_free(struct wythoff_grundy *w);

#endif
