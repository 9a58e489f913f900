/* table-yaglom.h: the tables of I. M. Yaglom, «Две игры со спичками»,
 * Kvant 1971 no. 2: Nim and «цзяньшицзы» (Wythoff's game). */
#ifndef GAMETAB_TABLE_YAGLOM_H
#define GAMETAB_TABLE_YAGLOM_H

#include "tables/table.h"

/* a, b, c and their digits in base 2 (or 4): the P-positions of
 * three-heap Nim, 0 <= a <= b <= c, not all zero, by c then b (Tables I
 * and Ia; exercise 4). */
extern const struct table_def table_nim_p_positions;
enum { NIM_A, NIM_B, NIM_C, NIM_A_DIGITS, NIM_B_DIGITS, NIM_C_DIGITS };

/* n, a_n, b_n for n = 1..K, in binary and in the Fibonacci (Zeckendorf)
 * system (Tables II, IIa, IIb; Theorem II). */
extern const struct table_def table_wythoff_fibonacci;
enum { FIBONACCI_N, FIBONACCI_A, FIBONACCI_B, FIBONACCI_A_BIN, FIBONACCI_B_BIN, FIBONACCI_A_FIB,
       FIBONACCI_B_FIB };

/* h1 <= ... <= hk: the P-positions of Wythoff's game with k heaps of at
 * most M (exercise 8 and the four-heap problem). */
extern const struct table_def table_wythoff_k_heaps;
/* Its columns are h1..hk: cell i - 1 is h_i. */

#endif
