/* table-wythoff.h: the tables of Matulis & Savukinas, «Ферзя — в угол»,
 * «цзяньшицзы» и числа Фибоначчи, Kvant 1984 no. 7. */
#ifndef GAMETAB_TABLE_WYTHOFF_H
#define GAMETAB_TABLE_WYTHOFF_H

#include "table.h"

/* n, a_n, b_n: the P-positions (a_n, b_n), b_n >= a_n, n = 0..K-1. */
extern const struct table_def table_wythoff_p_positions;

/* N, A_N, B_N, p_N, q_N for N = 1..K: how often the a_n and b_n occur. */
extern const struct table_def table_wythoff_frequencies;

#endif
