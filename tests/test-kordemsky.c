/* kordemsky-grundy and kordemsky-start against A. Teterko, «И все-таки,
 * Гранди!» (shared/seeds/004; Kordemsky's problem 286: a pile of an odd
 * number of stones, take 1 to 4 a move, whoever ends with an even number of
 * stones wins).  Golden values typed from the article, and a second method:
 * the game played out from its rules with both players' stone counts kept
 * whole (no parities, no pass move), by minimax and by mex.
 *
 * Every claim of the article that the tests check holds: Gr((0,1,0)) = 0;
 * period 6 (from n = 0, proved from piles 0..9); Gr((n,0,0)) = 1, 3, 0 for
 * n ≡ 5, 3, 1 (mod 6); Gr((27,0,0)) = Gr((3,0,0)) = 3; the winning move from
 * 27 takes two stones, like (3,0,0) -> (1,0,0).  The state (n, m, p) loses
 * nothing: the parity reduction and the pass move (0,0,1) -> (0,1,0) give
 * the same Grundy values as the game with whole stone counts. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/games.h"
#include "games/solver.h"
#include "tables/table-kordemsky.h"

static uint32_t *solve(uint64_t N)
{
    struct game g;
    assert_int_equal(game_kordemsky(&g, N), 0);
    uint32_t *gr = malloc(g.nstates * sizeof *gr);
    assert_non_null(gr);
    assert_int_equal(solve_grundy(&g, gr), SOLVER_OK);
    return gr;
}

/* Opens table t with --max N. */
static void open_table(struct table_stream *s, const struct table_def *t, uint64_t N)
{
    struct table_args args;
    struct gt_error err;
    table_default_args(t, &args);
    args.param[PARAM_MAX] = N;
    assert_int_equal(table_stream_open(s, t, &args, &err), GT_OK);
}

/* The integer in cell i of the current row (an empty cell fails). */
static uint64_t cell(const struct table_stream *s, size_t i)
{
    assert_int_equal(s->row.cell[i].kind, CELL_INTEGER);
    return s->row.cell[i].integer;
}

/* ---- the second method: the game from the rules of problem 286 ---------- */

/* Stones in play at most; the pile starts with an odd TOTAL <= this. */
#define PLAY_MAX 41

/* Memo of the game with whole counts: the pile, the stones of the player
 * to move (a) and of the other (b); pile + a + b is the odd total. */
static signed char win_memo[PLAY_MAX + 1][PLAY_MAX + 1][PLAY_MAX + 1];
static signed char mex_memo[PLAY_MAX + 1][PLAY_MAX + 1][PLAY_MAX + 1];

/* Minimax: does the player to move win?  With the pile gone the game is
 * over and the one with an even number of stones has won. */
static bool wins(unsigned pile, unsigned a, unsigned b)
{
    signed char *w = &win_memo[pile][a][b];
    if (*w < 0) {
        bool win = pile == 0 && a % 2 == 0;
        for (unsigned t = 1; t <= 4 && t <= pile && !win; t++)
            win = !wins(pile - t, b, a + t); /* the other moves next */
        *w = win;
    }
    return *w;
}

/* The Grundy value of the same game, made a normal-play game as the article
 * does: at the end, the winner (even stones) has one move, to a position
 * without moves. */
static unsigned grundy_whole(unsigned pile, unsigned a, unsigned b)
{
    signed char *g = &mex_memo[pile][a][b];
    if (*g < 0) {
        bool seen[6] = {false};
        if (pile == 0 && a % 2 == 0)
            seen[0] = true; /* the move to the end, a position of value 0 */
        for (unsigned t = 1; t <= 4 && t <= pile; t++)
            seen[grundy_whole(pile - t, b, a + t)] = true;
        unsigned mex = 0;
        while (seen[mex])
            mex++;
        *g = (signed char)mex;
    }
    return (unsigned)*g;
}

static void reset_memos(void)
{
    memset(win_memo, -1, sizeof win_memo);
    memset(mex_memo, -1, sizeof mex_memo);
}

/* Every state of every odd total <= PLAY_MAX: the solver's Gr((n, a mod 2,
 * b mod 2)) is the Grundy value of the whole game, and non-zero exactly
 * where the player to move wins. */
static void test_whole_game(void **state)
{
    (void)state;
    reset_memos();
    uint32_t *gr = solve(PLAY_MAX);
    for (unsigned total = 1; total <= PLAY_MAX; total += 2)
        for (unsigned pile = 0; pile <= total; pile++)
            for (unsigned a = 0; a + pile <= total; a++) {
                unsigned b = total - pile - a;
                uint32_t g = gr[kordemsky_encode(pile, a % 2, b % 2)];
                if (g != grundy_whole(pile, a, b) || (g != 0) != wins(pile, a, b))
                    fail_msg("pile %u, stones %u and %u: solver Gr %u, whole game Gr %u, %s", pile,
                             a, b, g, grundy_whole(pile, a, b),
                             wins(pile, a, b) ? "mover wins" : "mover loses");
            }
    free(gr);
}

/* kordemsky-start against minimax: Gr = 0 where the first player loses,
 * and otherwise taking `take` stones leaves the other player lost, while
 * taking fewer does not. */
static void test_start_against_minimax(void **state)
{
    (void)state;
    reset_memos();
    struct table_stream s;
    open_table(&s, &table_kordemsky_start, PLAY_MAX);
    uint64_t rows = 0;
    while (table_stream_next(&s)) {
        unsigned n = (unsigned)cell(&s, 0), g = (unsigned)cell(&s, 1);
        assert_int_equal(n, 2 * rows + 1);
        rows++;
        assert_int_equal(g != 0, wins(n, 0, 0));
        if (g == 0) {
            assert_int_equal(s.row.cell[START_TAKE].kind, CELL_EMPTY);
            continue;
        }
        unsigned take = (unsigned)cell(&s, 2);
        assert_true(take >= 1 && take <= 4 && take <= n);
        assert_false(wins(n - take, 0, take));
        for (unsigned t = 1; t < take; t++)
            assert_true(wins(n - t, 0, t));
    }
    table_stream_close(&s);
    assert_int_equal(rows, (PLAY_MAX + 1) / 2);
}

/* ---- golden values from the article -------------------------------------- */

/* «Gr((n,0,0))=1, при n=5 (mod 6); =3, при n=3 (mod 6); =0, при n=1
 * (mod 6)», and «Gr((27,0,0))=Gr((3,0,0))=3 ... начинающий берет два
 * камня» — the default table, and a longer one. */
static void test_start_golden(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {27, 301};
    for (size_t i = 0; i < 2; i++) {
        struct table_stream s;
        open_table(&s, &table_kordemsky_start, sizes[i]);
        assert_int_equal(s.ncolumns, 3);
        uint64_t last = 0;
        while (table_stream_next(&s)) {
            uint64_t n = cell(&s, 0), g = cell(&s, 1);
            static const int expected[6] = {-1, 0, -1, 3, -1, 1};
            assert_int_equal(g, expected[n % 6]);
            if (n == 27) {
                assert_int_equal(g, 3);
                assert_int_equal(cell(&s, START_TAKE), 2);
            }
            last = n;
        }
        table_stream_close(&s);
        assert_int_equal(last, sizes[i]);
    }
}

/* kordemsky-grundy: every state with n + m + p odd, n = 0..N, in the order
 * n, m; the values are the solver's; «Gr((0,1,0))=0»; and the article's
 * period 6 as Gr(n+6, m, p) = Gr(n, m, p) over the rows. */
static void test_grundy_table(void **state)
{
    (void)state;
    const uint64_t N = 200;
    uint32_t *gr = solve(N);
    struct table_stream s;
    open_table(&s, &table_kordemsky_grundy, N);
    assert_int_equal(s.ncolumns, 4);
    uint64_t rows = 0;
    uint64_t value[2 * (200 + 1)];
    while (table_stream_next(&s)) {
        uint64_t n = cell(&s, 0), m = cell(&s, 1), p = cell(&s, 2), g = cell(&s, 3);
        assert_int_equal(n, rows / 2);
        assert_int_equal(m, rows % 2);
        assert_int_equal((n + m + p) % 2, 1);
        assert_int_equal(g, gr[kordemsky_encode(n, (unsigned)m, (unsigned)p)]);
        if (n == 0 && m == 1)
            assert_int_equal(g, 0); /* Gr((0,1,0)) = 0 */
        value[rows++] = g;
    }
    table_stream_close(&s);
    assert_int_equal(rows, 2 * (N + 1));
    for (uint64_t r = 12; r < rows; r++)
        assert_int_equal(value[r], value[r - 12]); /* pile n against n - 6 */
    free(gr);
}

/* ---- kordemsky_period --------------------------------------------------- */

/* The game: period 6 from n = 0, seen from N = 9 on (the window n = 0..3
 * against 6..9); N = 8 is too small. */
static void test_period_of_the_game(void **state)
{
    (void)state;
    uint32_t *gr = solve(300);
    uint64_t P = 0, start = 0;
    for (uint64_t N = 0; N < 9; N++)
        assert_int_equal(kordemsky_period(gr, N, &P, &start), -1);
    for (uint64_t N = 9; N <= 300; N += 97) {
        assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
        assert_int_equal(P, 6);
        assert_int_equal(start, 0);
    }
    free(gr);
}

/* Made-up values (not a game): the least even period and, for it, the least
 * start whose four piles repeat P piles later; values repeating for fewer
 * piles than that window prove nothing.  (Only the window is compared: in
 * the game the window decides all later piles.) */
static void test_period_synthetic(void **state)
{
    (void)state;
    enum { N = 40 };
    uint32_t gr[4 * (N + 1)];
    /* Pile n's two values: 9 below 5, then n mod 4 (period 4 from 5). */
    for (uint64_t n = 0; n <= N; n++)
        for (unsigned m = 0; m < 2; m++)
            for (unsigned p = 0; p < 2; p++)
                gr[kordemsky_encode(n, m, p)] = n < 5 ? 9 + (uint32_t)n : (uint32_t)(n % 4);
    uint64_t P, start;
    assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
    assert_int_equal(P, 4);
    assert_int_equal(start, 5);
    /* N = 11: the window 5..8 against 9..12 does not fit. */
    assert_int_equal(kordemsky_period(gr, 11, &P, &start), -1);
    assert_int_equal(kordemsky_period(gr, 12, &P, &start), 0);
    /* A change at pile 7 (in that window) moves the start past it: the
     * window 8..11 against 12..15, which needs N >= 15. */
    gr[kordemsky_encode(7, 0, 0)] = 7;
    assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
    assert_int_equal(P, 4);
    assert_int_equal(start, 8);
    assert_int_equal(kordemsky_period(gr, 14, &P, &start), -1);
    assert_int_equal(kordemsky_period(gr, 15, &P, &start), 0);
    /* States with n + m + p even never occur and do not count. */
    gr[kordemsky_encode(20, 0, 0)] = 99;
    gr[kordemsky_encode(9, 0, 1)] = 99;
    assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
    assert_int_equal(P, 4);
    assert_int_equal(start, 8);
    /* Both reachable states of a pile count: a change in the m = 1 state of
     * pile 9 alone, (9,1,1), moves the start past it, to 10. */
    gr[kordemsky_encode(9, 1, 1)] = 55;
    assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
    assert_int_equal(P, 4);
    assert_int_equal(start, 10);
    /* Values of period 3 in n: only even periods are tried, since (n, m, p)
     * and (n + 3, m, p) are never both reachable; 6 is the least. */
    for (uint64_t n = 0; n <= N; n++)
        for (unsigned m = 0; m < 2; m++)
            for (unsigned p = 0; p < 2; p++)
                gr[kordemsky_encode(n, m, p)] = (uint32_t)(n % 3);
    assert_int_equal(kordemsky_period(gr, N, &P, &start), 0);
    assert_int_equal(P, 6);
    assert_int_equal(start, 0);
}

/* The winning take of (3,0,0) is 2, to (1,0,0) («(3,0,0) --> (1,0,0)»);
 * (1,0,0) and (0,1,0) have none. */
static void test_winning_take(void **state)
{
    (void)state;
    uint32_t *gr = solve(30);
    assert_int_equal(kordemsky_winning_take(gr, 3, 0, 0), 2);
    assert_int_equal(kordemsky_winning_take(gr, 27, 0, 0), 2);
    assert_int_equal(kordemsky_winning_take(gr, 1, 0, 0), 0);
    assert_int_equal(kordemsky_winning_take(gr, 0, 1, 0), 0);
    free(gr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_game),
        cmocka_unit_test(test_start_against_minimax),
        cmocka_unit_test(test_start_golden),
        cmocka_unit_test(test_grundy_table),
        cmocka_unit_test(test_period_of_the_game),
        cmocka_unit_test(test_period_synthetic),
        cmocka_unit_test(test_winning_take),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
