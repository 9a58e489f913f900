/* games.h: the impartial games of the four articles, as struct game for
 * the solver (solver.h).  Pure functions: no I/O. */
#ifndef GAMETAB_GAMES_H
#define GAMETAB_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "games/solver.h"

#define HEAPS_MAX 8

/* Heap games: k heaps (1..HEAPS_MAX) of 0..M pieces each; the state number
 * is Σ h_i (M+1)^i, so taking pieces always lowers it.  Each returns 0, or
 * -1 when (M+1)^k passes SOLVER_STATES_MAX. */

/* Nim: take any positive number of pieces from one heap (Yaglom, Kvant 1971
 * no. 2, «ним»; with misère play, Feng's three-colour game). */
int game_nim(struct game *g, unsigned k, uint64_t M);

/* Wythoff's game with k heaps: take any positive number from one heap, or
 * the same positive number from every heap (k = 2: «цзяньшицзы», queen to
 * the corner; odd k: Yaglom's exercise 8; k = 4: his open problem). */
int game_wythoff(struct game *g, unsigned k, uint64_t M);

/* The state number of heaps h[0..k-1] (each <= M), and back. */
uint64_t heaps_encode(const struct game *g, const uint64_t *h);
void heaps_decode(const struct game *g, uint64_t s, uint64_t *h);

/* Kordemsky's problem 286 as Teterko states it (Teterko, «И всё-таки,
 * Гранди!»): a pile of n stones, take 1 to 4 a move; the state (n, m, p) is
 * the pile, the parity of the mover's stones and of the other's; the added
 * pass move (0,0,1) -> (0,1,0).  Piles 0..N.  Returns 0, or -1 when too big. */
int game_kordemsky(struct game *g, uint64_t N);
uint64_t kordemsky_encode(uint64_t n, unsigned m, unsigned p);
void kordemsky_decode(uint64_t s, uint64_t *n, unsigned *m, unsigned *p);

/* The stones to take from (n, m, p) to reach a state of Grundy value 0 (a
 * winning move, Teterko: "(3,0,0) --> (1,0,0), т.е. начинающий берет два
 * камня"): the least such t in 1..4, or 0 when there is none (Gr = 0 there).
 * grundy: solve_grundy's values for game_kordemsky of piles 0..N, n <= N. */
unsigned kordemsky_winning_take(const uint32_t *grundy, uint64_t n, unsigned m, unsigned p);

/* The period of Gr((n, m, p)) in n over the states with n + m + p odd (the
 * reachable ones: the total of stones is odd), proved from piles 0..N: the
 * least even P, and for it the least start s, such that Gr(n+P, m, p) =
 * Gr(n, m, p) for the four piles n = s..s+3.  As each pile's values depend
 * only on the four piles below it (for n >= 1, where no pass move is), they
 * then agree for every n >= s, beyond N too (Teterko: "периодической с
 * периодом длины 6").  P is even because n and n + P must have the same
 * parity for (n, m, p) and (n + P, m, p) both to be reachable.  Returns 0
 * with *period and *start set, or -1 when no such P, s fit in 0..N (N too
 * small to show a period; N >= 9 shows P = 6, s = 0).  Time O(N P). */
int kordemsky_period(const uint32_t *grundy, uint64_t N, uint64_t *period, uint64_t *start);

/* ---- closed forms, separate from the solver so that tests compare them ---- */

/* The nim-sum a ⊕ b ⊕ ... of h[0..k-1] (Bouton; Yaglom, Theorem I: a Nim
 * position is a P-position iff the binary digit sums are all even). */
uint64_t nim_sum(const uint64_t *h, unsigned k);

/* Bouton's rule for misère Nim: a P-position iff the nim-sum is 0, except
 * when no heap exceeds 1, where it is a P-position iff the number of heaps of
 * one is odd. */
bool misere_nim_is_p(const uint64_t *h, unsigned k);

/* ---- Wythoff's game with k heaps, without the generic solver ---- */

/* The P-positions of game_wythoff(k, M) (Yaglom's exercise 8 and his open
 * problem), state by state in the solver's numbering: is_p[s] = 1 for a
 * P-position, 0 for an N-position; is_p has (M+1)^k entries.  A sieve in
 * O(k) per state instead of the solver's O(kM): a position is a P-position
 * iff no P-position lies below it on one of its k lines (one heap changed)
 * or on its diagonal (every heap changed by the same amount), and those
 * positions come before it in the numbering.  Takes about 2 bytes a state
 * of scratch memory.  Returns 0; -1 when k is not 1..HEAPS_MAX or (M+1)^k
 * passes SOLVER_STATES_MAX (as game_wythoff); -2 when out of memory. */
int wythoff_heaps_p_positions(unsigned k, uint64_t M, uint8_t *is_p);

/* As wythoff_heaps_p_positions, looking at *stop (a stop request, see
 * solver.h; NULL for none) every 65536 states: -3 when it became non-zero,
 * is_p then incomplete. */
int wythoff_heaps_p_positions_until(unsigned k, uint64_t M, uint8_t *is_p,
                                    const volatile sig_atomic_t *stop);

/* The largest M with (M+1)^k <= SOLVER_STATES_MAX, for k = 1..HEAPS_MAX:
 * 2^24 - 1, 4095, 255, 63, 26, 15, 9, 7; 0 for other k. */
uint64_t heaps_max_size(unsigned k);

#endif
