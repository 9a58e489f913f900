/* table-wythoff.h: the tables of Matulis & Savukinas, «Ферзя — в угол»,
 * «цзяньшицзы» и числа Фибоначчи, Kvant 1984 no. 7. */
#ifndef GAMETAB_TABLE_WYTHOFF_H
#define GAMETAB_TABLE_WYTHOFF_H

#include "tables/table.h"
#include "games/wythoff-grundy.h"

/* n, a_n, b_n: the P-positions (a_n, b_n), b_n >= a_n, n = 0..K-1. */
extern const struct table_def table_wythoff_p_positions;
/* Its columns, and wythoff-beatty's (n, floor_nu, floor_nv: the same). */
enum { PAIRS_N, PAIRS_A, PAIRS_B };

/* N, A_N, B_N, p_N, q_N for N = 1..K: how often the a_n and b_n occur. */
extern const struct table_def table_wythoff_frequencies;
enum { FREQUENCIES_N, FREQUENCIES_A, FREQUENCIES_B, FREQUENCIES_P, FREQUENCIES_Q };

/* n, floor_nu, floor_nv for n = 1..K: ⌊nu⌋ and ⌊nv⌋, u = φ, v = φ²
 * (Theorem 1). */
extern const struct table_def table_wythoff_beatty;

/* n, a_n, b_n, k1, a_k1, b_k1, k2, a_k2, b_k2 for n = 1..K: property 3's
 * successors (a_k1; b_k1) = (b_n - 1; a_n + b_n - 1), k1 = a_n, and
 * (a_k2; b_k2) = (b_n + 1; a_n + b_n + 2), k2 = a_n + 1. */
extern const struct table_def table_wythoff_property3;
enum {
    PROPERTY3_N, PROPERTY3_A, PROPERTY3_B, PROPERTY3_K1, PROPERTY3_A_K1, PROPERTY3_B_K1,
    PROPERTY3_K2, PROPERTY3_A_K2, PROPERTY3_B_K2
};

/* The largest n whose second successor fits in 64 bits: a_n + b_n + 2 =
 * b_{a_n + 1} <= 2^64 - 1, i.e. a_n + 1 <= WYTHOFF_N_MAX.  It is
 * wythoff_count_lower(WYTHOFF_N_MAX - 1); tests/test-wythoff-tables.c checks
 * both sides. */
#define PROPERTY3_N_MAX UINT64_C(4354685564936845355)

/* n, a_n, n_minus_1_fib, a_n_minus_1_fib for n = 1..K: n - 1 and a_n - 1 in
 * the Fibonacci system (Theorem 2). */
extern const struct table_def table_wythoff_zeckendorf_shift;
enum { ZECKENDORF_N, ZECKENDORF_A, ZECKENDORF_N_FIB, ZECKENDORF_A_FIB };

/* a, b, grundy for 0 <= a, b < N: the Grundy values of Wythoff's game. */
extern const struct table_def table_wythoff_grundy;
enum { GRUNDY_A, GRUNDY_B, GRUNDY_VALUE };

/* The largest board: the bitsets of wythoff-grundy.h, 0.59 GiB at 32768. */
#define GRUNDY_N_MAX WYTHOFF_GRUNDY_N_MAX

/* Bytes the wythoff-grundy table holds for a board of N, 1 <= N <=
 * GRUNDY_N_MAX (0 outside): the computation's wythoff_grundy_bytes(N) and
 * the ring of rows computed ahead of the one being written. */
uint64_t grundy_table_bytes(uint64_t N);
/* The largest board in LaTeX: 32 columns of two \scriptsize digits fill the
 * 345pt text width of an A4 article page. */
#define GRUNDY_TEX_N_MAX 32

/* move, player, from_a, from_b, to_a, to_b, to_p: a game from the square
 * (A, B) (--start A,B, default (12, 14) as in figure 1), move by move: the
 * winner onto P-positions (to_p = 1), the loser one stone from the smaller
 * heap (wythoff-play.h). */
extern const struct table_def table_wythoff_game;
enum { GAME_MOVE, GAME_PLAYER, GAME_FROM_A, GAME_FROM_B, GAME_TO_A, GAME_TO_B, GAME_TO_P };

/* The largest A and B of a LaTeX game: at most A + B moves, each a line. */
#define WYTHOFF_GAME_TEX_MAX 1000

#endif
