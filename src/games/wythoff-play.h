/* wythoff-play.h: a game of Wythoff's game (queen to the corner) played
 * out move by move, for the handout's figure 1 and the table wythoff-game.
 * Pure integer math: no I/O, no allocation.
 *
 * The winner moves as Matulis & Savukinas's proof of properties 1 and 2
 * does (Kvant 1984 no. 7, «Проигрышные поля»): always onto a P-position.
 * The loser, who stands on a P-position and cannot, takes one stone from
 * the smaller heap.  The player to move first wins exactly when the start
 * is not a P-position. */
#ifndef GAMETAB_WYTHOFF_PLAY_H
#define GAMETAB_WYTHOFF_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "games/wythoff.h"

/* The largest heap: every index and count the moves use stays exact
 * (wythoff_count_lower takes N up to WYTHOFF_FREQ_N_MAX). */
#define WYTHOFF_PLAY_MAX WYTHOFF_FREQ_N_MAX

/* True when (a, b) is a P-position: (a_n, b_n) or (b_n, a_n) for some n
 * (Theorem 1).  a, b <= WYTHOFF_PLAY_MAX. */
bool wythoff_is_p(uint64_t a, uint64_t b);

/* The winning move from (a, b) onto a P-position, as the article's proof
 * finds it: with a <= b and n = b - a, diagonally to (a_n, b_n) when
 * a > a_n; otherwise a is some a_k (k < n) and the queen goes down to
 * (a_k, b_k), or a is some b_l and it goes down to (b_l, a_l); for a > b the
 * mirror image.  Returns false, *to untouched, when (a, b) is a P-position
 * (there is no winning move).  a, b <= WYTHOFF_PLAY_MAX. */
bool wythoff_winning_move(uint64_t a, uint64_t b, uint64_t *to_a, uint64_t *to_b);

/* The loser's move: one stone from the smaller heap (from a when the heaps
 * are equal, from the other when the smaller is empty): the queen one square
 * left or down.  Returns false at (0, 0), where the game is over. */
bool wythoff_loser_move(uint64_t a, uint64_t b, uint64_t *to_a, uint64_t *to_b);

/* One move of a game. */
struct wythoff_move {
    uint64_t number;          /* 1, 2, ... */
    unsigned player;          /* 1: the player who moved first, 2: the other */
    uint64_t from_a, from_b;  /* the queen's square before the move */
    uint64_t to_a, to_b;      /* and after it */
    bool winning;             /* the move reaches a P-position: the winner's */
};

/* A game in progress: the queen at (a, b) with `moves` moves made. */
struct wythoff_play {
    uint64_t a, b;
    uint64_t moves;
};

/* Starts a game at (a, b), a, b <= WYTHOFF_PLAY_MAX (the caller checks). */
void wythoff_play_start(struct wythoff_play *g, uint64_t a, uint64_t b);

/* Makes the next move into *m: the winner's when the queen is not on a
 * P-position, else the loser's.  Returns false once the queen is at (0, 0);
 * the last move reaches it and is the winner's.  A game from (a, b) has at
 * most a + b moves, each taking at least one stone. */
bool wythoff_play_next(struct wythoff_play *g, struct wythoff_move *m);

#endif
