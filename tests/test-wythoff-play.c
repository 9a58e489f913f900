/* A game of queen to the corner played out (wythoff-play.h, the table
 * wythoff-game and the handout's figure 1) against Matulis & Savukinas,
 * Kvant 1984 no. 7 (shared/seeds/000), and against the generic solver.
 *
 * The article's figure 1 shows «ход игры, начинающейся в клетке (12;14)»,
 * and «выиграл здесь первый игрок»; its proof of properties 1 and 2 gives
 * the winning move from any square that is not marked: diagonally to
 * (a_n; b_n) when a > a_n (n = b - a), else down to (a_k; b_k) when a = a_k,
 * or to (b_l; a_l) when a = b_l.  The figure's own arrows are not in the
 * text, so the loser's moves are ours: one stone from the smaller heap. */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/games.h"
#include "games/solver.h"
#include "tables/table-wythoff.h"
#include "games/wythoff-play.h"

/* The board 0 <= a, b < BOARD solved by the generic solver. */
#define BOARD 64

static uint32_t *solve_board(struct game *g)
{
    assert_int_equal(game_wythoff(g, 2, BOARD - 1), 0);
    uint32_t *gr = malloc(g->nstates * sizeof *gr);
    assert_non_null(gr);
    assert_int_equal(solve_grundy(g, gr), SOLVER_OK);
    return gr;
}

static uint32_t grundy_at(const struct game *g, const uint32_t *gr, uint64_t a, uint64_t b)
{
    uint64_t h[2] = {a, b};
    return gr[heaps_encode(g, h)];
}

/* A queen's move towards the corner: left, down, or diagonally, by at
 * least one square. */
static bool queen_move(uint64_t a, uint64_t b, uint64_t a2, uint64_t b2)
{
    if (a2 > a || b2 > b || (a2 == a && b2 == b))
        return false;
    return a2 == a || b2 == b || a - a2 == b - b2;
}

/* The P-positions are the zeros of the Grundy function (Theorem 1 against
 * the mex definition), on the whole 64 x 64 board. */
static void test_is_p_against_solver(void **state)
{
    (void)state;
    struct game g;
    uint32_t *gr = solve_board(&g);
    for (uint64_t a = 0; a < BOARD; a++)
        for (uint64_t b = 0; b < BOARD; b++)
            assert_int_equal(wythoff_is_p(a, b), grundy_at(&g, gr, a, b) == 0);
    free(gr);
}

/* From every square that is not a P-position the proof's move is a queen's
 * move onto a P-position (the solver's zeros); from a P-position there is
 * none. */
static void test_winning_move_on_the_board(void **state)
{
    (void)state;
    struct game g;
    uint32_t *gr = solve_board(&g);
    for (uint64_t a = 0; a < BOARD; a++)
        for (uint64_t b = 0; b < BOARD; b++) {
            uint64_t a2 = UINT64_MAX, b2 = UINT64_MAX;
            bool moved = wythoff_winning_move(a, b, &a2, &b2);
            if (grundy_at(&g, gr, a, b) == 0) {
                assert_false(moved);
                assert_true(a2 == UINT64_MAX && b2 == UINT64_MAX);
                continue;
            }
            assert_true(moved);
            assert_true(queen_move(a, b, a2, b2));
            assert_int_equal(grundy_at(&g, gr, a2, b2), 0);
        }
    free(gr);
}

/* The three cases of the proof, worked by hand from the article's table
 * (a_n: 0 1 3 4 6 8 9 11 12 14 16 17 19; b_n: 0 2 5 7 10 13 15 18 20 23 26
 * 28 31). */
static void test_winning_move_cases(void **state)
{
    (void)state;
    static const struct {
        uint64_t a, b, to_a, to_b;
        const char *why;
    } cases[] = {
        {12, 14, 3, 5, "n = 2, a = 12 > a_2 = 3: diagonally to (a_2; b_2)"},
        {4, 9, 4, 7, "n = 5, a = 4 < a_5 = 8, a = a_3: down to (a_3; b_3)"},
        {2, 5, 2, 1, "n = 3, a = 2 < a_3 = 4, a = b_1: down to (b_1; a_1)"},
        {0, 7, 0, 0, "a = 0 = a_0: down to the corner"},
        {9, 9, 0, 0, "n = 0, a = 9 > a_0 = 0: diagonally to the corner"},
        {14, 12, 5, 3, "b > a: the mirror image of (12; 14)"},
        {5, 2, 1, 2, "(2; 5) mirrored: a = 2 = b_1 gives (1; 2) here"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t a2, b2;
        assert_true(wythoff_winning_move(cases[i].a, cases[i].b, &a2, &b2));
        if (a2 != cases[i].to_a || b2 != cases[i].to_b)
            fail_msg("(%" PRIu64 "; %" PRIu64 ") -> (%" PRIu64 "; %" PRIu64 "), want (%" PRIu64
                     "; %" PRIu64 "): %s",
                     cases[i].a, cases[i].b, a2, b2, cases[i].to_a, cases[i].to_b, cases[i].why);
    }
}

/* The loser takes one stone from the smaller heap; none at the corner. */
static void test_loser_move(void **state)
{
    (void)state;
    static const uint64_t cases[][4] = {
        {3, 5, 2, 5}, {5, 3, 5, 2}, {0, 4, 0, 3}, {4, 0, 3, 0}, {2, 2, 1, 2}, {1, 2, 0, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t a2, b2;
        assert_true(wythoff_loser_move(cases[i][0], cases[i][1], &a2, &b2));
        assert_int_equal(a2, cases[i][2]);
        assert_int_equal(b2, cases[i][3]);
    }
    uint64_t a2 = 7, b2 = 7;
    assert_false(wythoff_loser_move(0, 0, &a2, &b2));
    assert_int_equal(a2, 7);
}

/* The game of figure 1, from (12; 14): the first player wins («выиграл
 * здесь первый игрок»), every move of his onto a P-position. */
static void test_game_from_12_14(void **state)
{
    (void)state;
    static const struct wythoff_move want[] = {
        {1, 1, 12, 14, 3, 5, true}, {2, 2, 3, 5, 2, 5, false}, {3, 1, 2, 5, 2, 1, true},
        {4, 2, 2, 1, 2, 0, false},  {5, 1, 2, 0, 0, 0, true},
    };
    struct wythoff_play g;
    struct wythoff_move m;
    wythoff_play_start(&g, 12, 14);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_true(wythoff_play_next(&g, &m));
        assert_int_equal(m.number, want[i].number);
        assert_int_equal(m.player, want[i].player);
        assert_int_equal(m.from_a, want[i].from_a);
        assert_int_equal(m.from_b, want[i].from_b);
        assert_int_equal(m.to_a, want[i].to_a);
        assert_int_equal(m.to_b, want[i].to_b);
        assert_int_equal(m.winning, want[i].winning);
    }
    assert_false(wythoff_play_next(&g, &m));
    assert_false(wythoff_play_next(&g, &m)); /* and stays over */
}

/* Every game from a square of the 40 x 40 board: legal queen's moves that
 * end in the corner within a + b moves; the players alternate; one of them
 * makes every winning move, the first exactly when the start is not a
 * P-position, and he makes the last move. */
static void test_every_game(void **state)
{
    (void)state;
    for (uint64_t a = 0; a < 40; a++)
        for (uint64_t b = 0; b < 40; b++) {
            struct wythoff_play g;
            struct wythoff_move m = {0};
            unsigned winner = wythoff_is_p(a, b) ? 2 : 1;
            uint64_t x = a, y = b, moves = 0;
            wythoff_play_start(&g, a, b);
            while (wythoff_play_next(&g, &m)) {
                moves++;
                assert_int_equal(m.number, moves);
                assert_int_equal(m.player, moves % 2 ? 1 : 2);
                assert_true(m.from_a == x && m.from_b == y);
                assert_true(queen_move(x, y, m.to_a, m.to_b));
                assert_int_equal(m.winning, m.player == winner);
                assert_int_equal(wythoff_is_p(m.to_a, m.to_b), m.winning);
                x = m.to_a;
                y = m.to_b;
                assert_true(moves <= a + b);
            }
            assert_true(x == 0 && y == 0);
            if (moves)
                assert_int_equal(m.player, winner);
            else
                assert_true(a == 0 && b == 0);
        }
}

/* Far out, at the largest heaps: the winning moves still land on
 * P-positions (Theorem 1 checked by wythoff_is_p), no overflow. */
static void test_large_heaps(void **state)
{
    (void)state;
    static const uint64_t starts[][2] = {
        {WYTHOFF_PLAY_MAX, WYTHOFF_PLAY_MAX},
        {WYTHOFF_PLAY_MAX, 1},
        {1, WYTHOFF_PLAY_MAX},
        {WYTHOFF_PLAY_MAX - 12345, WYTHOFF_PLAY_MAX / 2},
        {0, WYTHOFF_PLAY_MAX},
    };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        struct wythoff_play g;
        struct wythoff_move m;
        wythoff_play_start(&g, starts[i][0], starts[i][1]);
        for (int k = 0; k < 200 && wythoff_play_next(&g, &m); k++) {
            assert_true(queen_move(m.from_a, m.from_b, m.to_a, m.to_b));
            assert_int_equal(wythoff_is_p(m.to_a, m.to_b), m.winning);
        }
    }
}

/* The table's rows are the game, --start A,B its square. */
static void test_table(void **state)
{
    (void)state;
    struct table_args args;
    struct table_stream s;
    struct gt_error err;
    table_default_args(&table_wythoff_game, &args);
    assert_int_equal(args.param[PARAM_START_A], 12);
    assert_int_equal(args.param[PARAM_START_B], 14);
    assert_int_equal(table_stream_open(&s, &table_wythoff_game, &args, &err), GT_OK);
    static const char *const want[] = {
        "1,1,12,14,3,5,1", "2,2,3,5,2,5,0", "3,1,2,5,2,1,1", "4,2,2,1,2,0,0", "5,1,2,0,0,0,1",
    };
    size_t n = 0;
    while (table_stream_next(&s)) {
        char line[256] = "";
        for (size_t c = 0; c < s.ncolumns; c++) {
            assert_int_equal(s.row.cell[c].kind, CELL_INTEGER);
            snprintf(line + strlen(line), sizeof line - strlen(line), "%s%" PRIu64, c ? "," : "",
                     s.row.cell[c].integer);
        }
        assert_true(n < sizeof want / sizeof want[0]);
        assert_string_equal(line, want[n++]);
    }
    table_stream_close(&s);
    assert_int_equal(n, 5);

    /* From a P-position the second player wins: (3; 5), one stone from 3. */
    args.param[PARAM_START_A] = 3;
    args.param[PARAM_START_B] = 5;
    assert_int_equal(table_stream_open(&s, &table_wythoff_game, &args, &err), GT_OK);
    assert_true(table_stream_next(&s));
    assert_int_equal(s.row.cell[GAME_PLAYER].integer, 1);
    assert_int_equal(s.row.cell[GAME_TO_A].integer, 2);
    assert_int_equal(s.row.cell[GAME_TO_P].integer, 0);
    table_stream_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_is_p_against_solver),
        cmocka_unit_test(test_winning_move_on_the_board),
        cmocka_unit_test(test_winning_move_cases),
        cmocka_unit_test(test_loser_move),
        cmocka_unit_test(test_game_from_12_14),
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_large_heaps),
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
