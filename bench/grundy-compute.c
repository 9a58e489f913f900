/* bench/grundy-compute N: the Wythoff Grundy board of N x N computed row by
 * row as the wythoff-grundy table computes it, and nothing written but one
 * line, N and the sum of the values (a check that the work was done), so
 * that bench/run can time the computation apart from the CSV.  Exit 2 on a
 * bad N, 1 if memory is short or the computation fails. */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/wythoff-grundy.h"

int main(int argc, char **argv)
{
    char *end = NULL;
    unsigned long N = argc == 2 ? strtoul(argv[1], &end, 10) : 0;
    if (!end || *end || N < 1 || N > WYTHOFF_GRUNDY_N_MAX) {
        fprintf(stderr, "grundy-compute: usage: grundy-compute N (1..%d)\n", WYTHOFF_GRUNDY_N_MAX);
        return 2;
    }
    struct wythoff_grundy *w = wythoff_grundy_new((uint32_t)N);
    uint32_t *row = malloc(N * sizeof *row);
    if (!w || !row) {
        fprintf(stderr, "grundy-compute: out of memory for N = %lu\n", N);
        return 1;
    }
    uint64_t sum = 0;
    for (unsigned long a = 0; a < N; a++) {
        if (wythoff_grundy_next_row(w, row) != 0) {
            fprintf(stderr, "grundy-compute: row %lu failed\n", a);
            return 1;
        }
        for (unsigned long b = 0; b < N; b++)
            sum += row[b];
    }
    printf("%lu %" PRIu64 "\n", N, sum);
    wythoff_grundy_free(w);
    free(row);
    return 0;
}
