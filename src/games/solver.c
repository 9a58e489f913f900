#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "games/solver.h"

static enum solver_status check_size(const struct game *g)
{
    return g->nstates > SOLVER_STATES_MAX ? SOLVER_TOO_BIG : SOLVER_OK;
}

/* Whether to stop before state s: every 4096 states, a few microseconds. */
static bool stop_requested(const struct game *g, uint64_t s)
{
    return s % 4096 == 0 && g->stop && *g->stop;
}

enum solver_status solve_grundy(const struct game *g, uint32_t *grundy)
{
    if (check_size(g) != SOLVER_OK)
        return SOLVER_TOO_BIG;
    uint64_t *opts = malloc((g->max_options + 1) * sizeof *opts);
    /* The mex of k values is at most k: k + 1 flags suffice. */
    unsigned char *seen = malloc(g->max_options + 1);
    enum solver_status rc = opts && seen ? SOLVER_OK : SOLVER_NOMEM;
    for (uint64_t s = 0; rc == SOLVER_OK && s < g->nstates; s++) {
        if (stop_requested(g, s)) {
            rc = SOLVER_STOPPED;
            break;
        }
        size_t k = g->options(g, s, opts);
        memset(seen, 0, k + 1);
        for (size_t i = 0; i < k; i++) {
            if (opts[i] >= s) {
                rc = SOLVER_ORDER;
                break;
            }
            if (grundy[opts[i]] <= k)
                seen[grundy[opts[i]]] = 1;
        }
        uint32_t mex = 0;
        while (seen[mex])
            mex++;
        grundy[s] = mex;
    }
    free(opts);
    free(seen);
    return rc;
}

enum solver_status solve_outcome(const struct game *g, enum play play, uint8_t *is_n)
{
    if (check_size(g) != SOLVER_OK)
        return SOLVER_TOO_BIG;
    uint64_t *opts = malloc((g->max_options + 1) * sizeof *opts);
    if (!opts)
        return SOLVER_NOMEM;
    enum solver_status rc = SOLVER_OK;
    for (uint64_t s = 0; rc == SOLVER_OK && s < g->nstates; s++) {
        if (stop_requested(g, s)) {
            rc = SOLVER_STOPPED;
            break;
        }
        size_t k = g->options(g, s, opts);
        /* No move: normal play, the mover has lost; misère, the mover has won. */
        uint8_t n = k == 0 ? play == PLAY_MISERE : 0;
        for (size_t i = 0; i < k; i++) {
            if (opts[i] >= s) {
                rc = SOLVER_ORDER;
                break;
            }
            if (!is_n[opts[i]])
                n = 1; /* a move to a P-position wins */
        }
        is_n[s] = n;
    }
    free(opts);
    return rc;
}
