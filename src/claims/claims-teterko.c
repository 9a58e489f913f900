/* claims-teterko.c: the claims of A. Teterko, «И все-таки, Гранди!»
 * (Kordemsky's problem 286: a pile of an odd number of stones, take 1 to 4
 * a move; when the pile is gone, whoever holds an even number of stones
 * wins).  Teterko's state is (n, m, p): the pile, and the parities of the
 * stones of the player to move and of the other; he adds the pass move
 * (0,0,1) -> (0,1,0).
 *
 * The truth: the game played with both players' whole stone counts (by
 * minimax and by mex, claim teterko-model), and Teterko's game solved by
 * the generic solver (game_kordemsky, games.h) for the values he states. */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "claims/claims.h"
#include "games/games.h"
#include "games/solver.h"

#define T_SOURCE .article = ARTICLE_TETERKO

/* Gr((n, m, p)) for piles 0..N (4 (N + 1) values), or NULL. */
static uint32_t *kordemsky_values(uint64_t N)
{
    struct game g;
    if (game_kordemsky(&g, N) != 0)
        return NULL;
    g.stop = &interrupt_signal;
    uint32_t *gr = malloc(g.nstates * sizeof *gr);
    if (gr && solve_grundy(&g, gr) != SOLVER_OK) {
        free(gr);
        return NULL;
    }
    return gr;
}

/* ---- the model (n, m, p) against the game with whole stone counts ------------ */

struct whole_game {
    uint64_t T;              /* the largest odd total */
    signed char *win, *mex;  /* memos over (pile, a, b), (T + 1)^3 each */
    signed char *model;      /* Gr of the model over (n, m, p) */
    bool pass;               /* the model has the pass move */
};

static size_t at(const struct whole_game *w, uint64_t pile, uint64_t a, uint64_t b)
{
    return (size_t)((pile * (w->T + 1) + a) * (w->T + 1) + b);
}

/* Minimax: does the player to move (holding a stones, the other b) win? */
static bool wins(struct whole_game *w, uint64_t pile, uint64_t a, uint64_t b)
{
    signed char *memo = &w->win[at(w, pile, a, b)];
    if (*memo < 0) {
        bool win = pile == 0 && a % 2 == 0;
        for (uint64_t t = 1; t <= 4 && t <= pile && !win; t++)
            win = !wins(w, pile - t, b, a + t);
        *memo = win;
    }
    return *memo;
}

/* The Grundy value of the same game made a normal-play game as the article
 * does: at the end, the winner (even stones) has one move, to a position
 * without moves. */
static unsigned grundy_whole(struct whole_game *w, uint64_t pile, uint64_t a, uint64_t b)
{
    signed char *memo = &w->mex[at(w, pile, a, b)];
    if (*memo < 0) {
        bool seen[6] = {false};
        if (pile == 0 && a % 2 == 0)
            seen[0] = true;
        for (uint64_t t = 1; t <= 4 && t <= pile; t++)
            seen[grundy_whole(w, pile - t, b, a + t)] = true;
        unsigned mex = 0;
        while (seen[mex])
            mex++;
        *memo = (signed char)mex;
    }
    return (unsigned)*memo;
}

/* Teterko's model by its own rule, pile by pile: Gr((0,1,0)) = 0, and
 * Gr(x) = mex of the values of its moves; (0,0,1) passes to (0,1,0) when
 * w->pass. */
static unsigned grundy_model(struct whole_game *w, uint64_t n, unsigned m, unsigned p)
{
    signed char *memo = &w->model[(n * 2 + m) * 2 + p];
    if (*memo < 0) {
        bool seen[6] = {false};
        if (n == 0 && m == 0 && p == 1 && w->pass)
            seen[grundy_model(w, 0, 1, 0)] = true;
        for (uint64_t t = 1; t <= 4 && t <= n; t++)
            seen[grundy_model(w, n - t, p, (unsigned)((m + t) % 2))] = true;
        unsigned mex = 0;
        while (seen[mex])
            mex++;
        *memo = (signed char)mex;
    }
    return (unsigned)*memo;
}

/* The last term of 1, 3, … that a loop "for (x = 1; x <= bound; x += 2)" checks: the
 * bound itself when odd, one less when even (--max multiplies the odd defaults, so
 * the bound may be even; the range text must name a term that was checked). */
static uint64_t last_odd(uint64_t bound)
{
    return bound % 2 ? bound : bound > 0 ? bound - 1 : 0;
}

static int check_model(uint64_t T, const struct claim_variant *v, struct claim_result *out,
                       struct gt_error *err)
{
    struct whole_game w = {.T = T, .pass = v->perturb != 1};
    size_t cube = (size_t)((T + 1) * (T + 1) * (T + 1));
    w.win = malloc(cube);
    w.mex = malloc(cube);
    w.model = malloc((size_t)(T + 1) * 4);
    if (!w.win || !w.mex || !w.model) {
        free(w.win);
        free(w.mex);
        free(w.model);
        return claim_nomem(err, "the memos");
    }
    memset(w.win, -1, cube);
    memset(w.mex, -1, cube);
    memset(w.model, -1, (size_t)(T + 1) * 4);
    claim_begin(out, "n + a + b = 1, 3, …, %" PRIu64, last_odd(T));
    for (uint64_t total = 1; !interrupt_signal && total <= T; total += 2)
        for (uint64_t pile = 0; pile <= total; pile++)
            for (uint64_t a = 0; a + pile <= total; a++) {
                uint64_t b = total - pile - a;
                unsigned model = grundy_model(&w, pile, (unsigned)(a % 2), (unsigned)(b % 2));
                unsigned whole = grundy_whole(&w, pile, a, b);
                claim_check(out, model == whole && (model != 0) == wins(&w, pile, a, b),
                            "(n, a, b) = (%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): Gr(%" PRIu64
                            ", %u, %u) = %u → %u",
                            pile, a, b, pile, (unsigned)(a % 2), (unsigned)(b % 2), model, whole);
            }
    free(w.win);
    free(w.mex);
    free(w.model);
    return GT_OK;
}

const struct claim claim_teterko_model = {
    .id = "teterko-model",
    T_SOURCE,
    .item_en = "the state (n, m, p) and the pass move",
    .item_ru = "состояние (n, m, p) и пустой ход",
    .statement_en = "The triple (n, m, p) — the pile and the parities of the stones of the player to "
                    "move and of the other — with the pass move (0, 0, 1) → (0, 1, 0) describes the game: "
                    "its Grundy values are those of the game played with whole stone counts.",
    .statement_ru = "Тройка (n, m, p) — кучка и чётности числа камней у игрока, чей ход, и у другого — "
                    "с пустым ходом (0, 0, 1) → (0, 1, 0) описывает игру: её значения функции Гранди — "
                    "те же, что у игры с полными числами камней.",
    .bound_help = "T: the largest odd total of stones",
    .bound_default = 41,
    .bound_max = 301,
    .check = check_model,
    .variant = "perturb = 1: no pass move",
};

/* ---- the period ------------------------------------------------------------------ */

static int check_period(uint64_t N, const struct claim_variant *v, struct claim_result *out,
                        struct gt_error *err)
{
    uint64_t P = 6 + 2 * (uint64_t)(v->perturb > 0 ? v->perturb : 0);
    uint32_t *gr = kordemsky_values(N + P);
    if (!gr)
        return claim_nomem(err, "the game");
    claim_begin(out, "0 ≤ n ≤ %" PRIu64 ", n + m + p ≡ 1 (mod 2)", N);
    for (uint64_t n = 0; !interrupt_signal && n <= N; n++)
        for (unsigned m = 0; m < 2; m++) {
            unsigned p = (unsigned)((n + m + 1) % 2); /* n + m + p odd */
            uint32_t here = gr[kordemsky_encode(n, m, p)], there = gr[kordemsky_encode(n + P, m, p)];
            claim_check(out, here == there, "Gr(%" PRIu64 ", %u, %u) = %u → %u", (n + P), m, p,
                        here, there);
        }
    free(gr);
    return GT_OK;
}

const struct claim claim_teterko_period = {
    .id = "teterko-period",
    T_SOURCE,
    .item_en = "the period",
    .item_ru = "период",
    .statement_en = "The Grundy function is periodic with period 6: Gr((n, m, p)) = Gr((a, m, p)) "
                    "when n ≡ a (mod 6).",
    .statement_ru = "Функция Гранди периодическая с периодом 6: Gr((n, m, p)) = Gr((a, m, p)) "
                    "при n ≡ a (mod 6).",
    .bound_help = "N: the piles 0..N compared with N + 6",
    .bound_default = 1000,
    .bound_max = 4000000,
    .check = check_period,
    .variant = "perturb = k: period 6 + 2k",
};

/* ---- the starting positions ---------------------------------------------------------- */

static int check_start(uint64_t N, const struct claim_variant *v, struct claim_result *out,
                       struct gt_error *err)
{
    uint32_t *gr = kordemsky_values(N);
    if (!gr)
        return claim_nomem(err, "the game");
    /* «=1, при n=5 (mod 6); =3, при n=3 (mod 6); =0, при n=1 (mod 6)» */
    unsigned want[6] = {0, 0, 0, 3, 0, 1};
    if (v->perturb == 1)
        want[3] = 1, want[5] = 3;
    claim_begin(out, "n = 1, 3, …, %" PRIu64, last_odd(N));
    for (uint64_t n = 1; !interrupt_signal && n <= N; n += 2) {
        uint32_t g = gr[kordemsky_encode(n, 0, 0)];
        claim_check(out, g == want[n % 6], "Gr(%" PRIu64 ", 0, 0) = %u → %u", n, want[n % 6], g);
    }
    free(gr);
    return GT_OK;
}

const struct claim claim_teterko_start = {
    .id = "teterko-start",
    T_SOURCE,
    .item_en = "the starting positions",
    .item_ru = "начальные позиции",
    .statement_en = "Gr((n, 0, 0)) = 1 for n ≡ 5, = 3 for n ≡ 3, = 0 for n ≡ 1 (mod 6).",
    .statement_ru = "Gr((n, 0, 0)) = 1 при n ≡ 5, = 3 при n ≡ 3, = 0 при n ≡ 1 (mod 6).",
    .bound_help = "N: the odd piles up to N",
    .bound_default = 1001,
    .bound_max = 4000001,
    .check = check_start,
    .variant = "perturb = 1: the values for n ≡ 3 and n ≡ 5 exchanged",
};

/* ---- problem 286 itself ---------------------------------------------------------------- */

static int check_27(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                    struct gt_error *err)
{
    (void)bound;
    uint32_t *gr = kordemsky_values(27);
    if (!gr)
        return claim_nomem(err, "the game");
    unsigned take = 2 + (unsigned)(v->perturb > 0 ? v->perturb : 0);
    claim_begin(out, "(27, 0, 0), (3, 0, 0)");
    out->cases = 2 + 4;
    uint32_t g27 = gr[kordemsky_encode(27, 0, 0)], g3 = gr[kordemsky_encode(3, 0, 0)];
    if (g27 != 3)
        claim_counterexample(out, "Gr(27, 0, 0) = 3 → %u", g27);
    if (g3 != 3)
        claim_counterexample(out, "Gr(3, 0, 0) = 3 → %u", g3);
    /* After taking t from (27, 0, 0) the other player moves from
     * (27 - t, 0, t mod 2): a win iff that has the value 0. */
    for (unsigned t = 1; t <= 4; t++) {
        bool wins = gr[kordemsky_encode(27 - t, 0, t % 2)] == 0;
        if (wins != (t == take))
            claim_counterexample(out, "(%u, 0, %u): %c → %c", 27 - t, t % 2,
                                 t == take ? 'P' : 'N', wins ? 'P' : 'N');
    }
    free(gr);
    return GT_OK;
}

const struct claim claim_teterko_27 = {
    .id = "teterko-27",
    T_SOURCE,
    .item_en = "problem 286: n = 27",
    .item_ru = "задача 286: n = 27",
    .statement_en = "Gr((27, 0, 0)) = Gr((3, 0, 0)) = 3: the first player wins, and the winning move "
                    "takes two stones (like (3, 0, 0) → (1, 0, 0)); no other take wins.",
    .statement_ru = "Gr((27, 0, 0)) = Gr((3, 0, 0)) = 3: начинающий выигрывает, и выигрывающий ход — "
                    "взять два камня (как (3, 0, 0) → (1, 0, 0)); другие ходы не выигрывают.",
    .bound_help = "the one position (fixed)",
    .bound_default = 27,
    .bound_max = 27,
    .check = check_27,
    .variant = "perturb = k: the winning take claimed 2 + k",
};
