/* table-kordemsky.h: the tables of A. Teterko, «И всё-таки, Гранди!»
 * (Kordemsky's problem 286: an odd pile, take 1 to 4 stones a move, who ends
 * with an even number of stones wins). */
#ifndef GAMETAB_TABLE_KORDEMSKY_H
#define GAMETAB_TABLE_KORDEMSKY_H

#include "tables/table.h"

/* n, m, p, grundy: Gr((n, m, p)) for every reachable state (n + m + p odd),
 * piles n = 0..N; the LaTeX caption gives the period the values show. */
extern const struct table_def table_kordemsky_grundy;
enum { KORDEMSKY_N, KORDEMSKY_M, KORDEMSKY_P, KORDEMSKY_GRUNDY };

/* n, grundy, take: the starting positions (n, 0, 0), n odd, n <= N, their
 * Grundy value and the stones to take to reach a Grundy value of 0 (empty
 * where Gr = 0: there is no winning move). */
extern const struct table_def table_kordemsky_start;
enum { START_N, START_GRUNDY, START_TAKE };

#endif
