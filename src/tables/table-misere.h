/* table-misere.h: the table of Feng Yuefeng's three-colour game (a misère
 * Nim with three heaps: whoever takes the last piece loses). */
#ifndef GAMETAB_TABLE_MISERE_H
#define GAMETAB_TABLE_MISERE_H

#include "tables/table.h"

/* t, m, n: every losing position (P-position) t <= m <= n <= M, (0,0,0)
 * excluded, in the order t, m, n. */
extern const struct table_def table_misere_nim_p_positions;
enum { MISERE_T, MISERE_M, MISERE_N };

#endif
