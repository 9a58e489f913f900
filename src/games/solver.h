/* solver.h: a generic solver for finite impartial games.
 *
 * A game numbers its states 0..nstates-1 so that every option (a position
 * one move away) of a state has a smaller number than the state itself: the
 * solver then meets every option before the state, and checks that this
 * holds.  Pure computation: no I/O; the caller owns the result arrays. */
#ifndef GAMETAB_SOLVER_H
#define GAMETAB_SOLVER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

struct game {
    uint64_t nstates;
    size_t max_options;   /* no state has more options than this */
    /* Writes the options of state s into out (room for max_options) and
     * returns how many; duplicates are allowed. */
    size_t (*options)(const struct game *g, uint64_t s, uint64_t *out);
    uint64_t param[4];    /* the game's own parameters (heaps, sizes) */
    /* A stop request (base/interrupt.h's flag, handed down: this layer
     * includes nothing), or NULL: the solver looks at it every 4096 states
     * and returns SOLVER_STOPPED when it is non-zero. */
    const volatile sig_atomic_t *stop;
};

/* The most states the solver takes: 2^24, so a table of Grundy values
 * (uint32_t) stays within 64 MiB. */
#define SOLVER_STATES_MAX (UINT64_C(1) << 24)

enum solver_status {
    SOLVER_OK = 0,
    SOLVER_NOMEM = -1,   /* allocation failed */
    SOLVER_ORDER = -2,   /* an option does not precede its state: a bug in the game */
    SOLVER_TOO_BIG = -3, /* more than SOLVER_STATES_MAX states */
    SOLVER_STOPPED = -4, /* *stop became non-zero (a signal): the result is incomplete */
};

/* Grundy values: grundy[s] = mex {grundy[o] : o an option of s}, the least
 * non-negative integer not among them (Sprague–Grundy; Teterko, «И всё-таки,
 * Гранди!»: Gr(x) = min(N0 \ {Gr(t) | t in Gx})).  grundy has nstates
 * entries.  A state is a P-position in normal play iff its value is 0. */
enum solver_status solve_grundy(const struct game *g, uint32_t *grundy);

enum play { PLAY_NORMAL, PLAY_MISERE };

/* Outcomes: is_n[s] = 1 for an N-position (the player to move wins), 0 for
 * a P-position.  Normal play: who cannot move loses; misère play: who
 * cannot move wins (who takes the last piece loses).  is_n has nstates
 * entries. */
enum solver_status solve_outcome(const struct game *g, enum play play, uint8_t *is_n);

#endif
