/* table-yaglom.h: the tables of I. M. Yaglom, «Две игры со спичками»,
 * Kvant 1971 no. 2: Nim and «цзяньшицзы» (Wythoff's game). */
#ifndef GAMETAB_TABLE_YAGLOM_H
#define GAMETAB_TABLE_YAGLOM_H

#include "tables/table.h"

/* a, b, c and their digits in base 2 (or 4): the P-positions of
 * three-heap Nim, 0 <= a <= b <= c, not all zero, by c then b (Tables I
 * and Ia; exercise 4). */
extern const struct table_def table_nim_p_positions;

/* n, a_n, b_n for n = 1..K, in binary and in the Fibonacci (Zeckendorf)
 * system (Tables II, IIa, IIb; Theorem II). */
extern const struct table_def table_wythoff_fibonacci;

/* h1 <= ... <= hk: the P-positions of Wythoff's game with k heaps of at
 * most M (exercise 8 and the four-heap problem). */
extern const struct table_def table_wythoff_k_heaps;

#endif
