/* claims-feng.c: the claims of Feng Yuefeng (冯跃峰), the three-colour game
 * (三色棋搏弈问题): t <= m <= n pieces of three colours, a move takes any
 * positive number of pieces of one colour, whoever takes the last piece
 * loses -- misère Nim with three heaps.
 *
 * The truth is the game, solved by the generic solver in misère play.  A
 * losing position (负局) is a P-position, a winning one (胜局) an N-position. */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include "base/interrupt.h"
#include "claims/claims.h"
#include "games/games.h"
#include "games/solver.h"

#define F_SOURCE .article = ARTICLE_FENG

/* ---- the worked examples, as printed --------------------------------------- */

const struct feng_example feng_examples[] = {
    {0, 0, 1, 1, true, "Theorem 1, proof (1): (0,0,1) 显然是负局"},
    {0, 0, 2, 0, false, "Theorem 1, proof (1): (0,0,n)(n>1) 是胜局"},
    {0, 1, 1, 0, false, "Theorem 1, proof (1): (0,1,n)(n≥1) 是胜局"},
    {0, 2, 2, 2, true, "Theorem 1: (0,n,n)(n>1), n = 2"},
    {1, 1, 1, 1, true, "Theorem 1, proof (2): (1,1,1) 是负局"},
    {1, 1, 2, 0, false, "Theorem 1, proof (2): (1,1,n)(n>1) 是胜局"},
    {1, 2, 2, 2, false, "Theorem 1, lemma, k = 1: (1,2,2) 也是胜局"},
    {1, 2, 3, 3, true, "Theorem 1, lemma, k = 1: (1,2,3) 是负局"},
    {1, 2, 4, 0, false, "Theorem 1, lemma: (1,2,n)(n>3) 是胜局"},
    {2, 2, 2, 0, false, "t = 2: (2,2,n) 是胜局"},
    {2, 3, 3, 0, false, "t = 2: (2,3,n) 是胜局"},
    {2, 4, 5, 5, false, "t = 2: (2,4,5) 是胜局"},
    {2, 4, 6, 6, true, "t = 2: (2,4,6) 是负局"},
    {2, 4, 7, 0, false, "t = 2: (2,4,n)(n>6) 是胜局"},
    {2, 5, 6, 6, false, "t = 2: (2,5,6) 是胜局"},
    {2, 5, 7, 7, true, "t = 2: (2,5,7) 是负局"},
    {2, 5, 8, 0, false, "t = 2: (2,5,n)(n>7) 是胜局"},
    {2, 6, 6, 0, false, "t = 2: (2,6,n) 是胜局"},
    {2, 7, 7, 0, false, "t = 2: (2,7,n) 是胜局"},
    {2, 8, 9, 9, false, "t = 2: (2,8,9) 是胜局"},
    {2, 8, 10, 10, true, "t = 2: (2,8,10) 是负局"},
    {2, 8, 11, 0, false, "t = 2: (2,8,n)(n>10) 是胜局"},
    {3, 3, 3, 0, false, "t = 3: (3,3,n) 是胜局"},
    {3, 4, 5, 5, false, "t = 3: (3,4,5) 是胜局"},
    {3, 4, 6, 6, false, "t = 3: (3,4,6) 是胜局"},
    {3, 4, 7, 7, true, "t = 3: (3,4,7) 是负局"},
    {3, 4, 8, 0, false, "t = 3: (3,4,n)(n>7) 是胜局"},
    {3, 5, 6, 6, true, "t = 3: (3,5,6) 是负局"},
    {3, 5, 6, 0, false, "t = 3: (3,5,n)(n>5) 是胜局"},
    {3, 6, 6, 0, false, "t = 3: (3,6,n) 是胜局"},
    {3, 7, 7, 0, false, "t = 3: (3,7,n) 是胜局"},
    {3, 8, 9, 9, false, "t = 3: (3,8,9) 是胜局"},
    {3, 8, 10, 10, false, "t = 3: (3,8,10) 是胜局"},
    {3, 8, 11, 11, true, "t = 3: (3,8,11) 是负局"},
    {3, 9, 10, 10, true, "t = 3: (3,9,10) 是负局"},
};
const size_t feng_examples_count = sizeof feng_examples / sizeof feng_examples[0];

/* ---- the rules the article states ------------------------------------------ */

/* Theorem 1: for t <= 1 the losing positions are (0,0,1), (0,n,n) n > 1,
 * (1,1,1) and (1,2k,2k+1) with k >= k_from (1 in the proof; 0 would add
 * (1,0,1), that is (0,1,1)). */
static bool theorem_1(uint64_t t, uint64_t m, uint64_t n, uint64_t k_from)
{
    return (t == 0 && m == 0 && n == 1) || (t == 0 && m == n && n > 1) ||
           (t == 1 && m == 1 && n == 1) ||
           (t == 1 && m >= 2 * k_from && m % 2 == 0 && n == m + 1) ||
           (k_from == 0 && t == 0 && m == 1 && n == 1);
}

/* Theorem 3 (t = 2) and Theorem 4 (t = 3): the losing (t, m, n), t <= m <= n,
 * are (t, 4k, 4k + first) and (t, 4k + 1, 4k + second), k >= 1. */
static bool two_families(uint64_t m, uint64_t n, uint64_t first, uint64_t second)
{
    return m >= 4 && ((m % 4 == 0 && n == m + first) || (m % 4 == 1 && n == m + second));
}

bool feng_classification_losing(uint64_t t, uint64_t m, uint64_t n)
{
    if (t <= 1)
        return theorem_1(t, m, n, 1);
    /* (2r, 2r+4k-2, 2r+4k), (2r, 2r+4k-1, 2r+4k+1), (2r+1, 2r+4k-2, 2r+4k+1),
     * (2r+1, 2r+4k-1, 2r+4k), r, k >= 1: d = m - 2r is 4k - 2 or 4k - 1. */
    uint64_t r = t / 2;
    if (m < 2 * r + 2)
        return false;
    uint64_t d = m - 2 * r;
    if (t % 2 == 0)
        return (d % 4 == 2 || d % 4 == 3) && n == m + 2;
    return (d % 4 == 2 && n == m + 3) || (d % 4 == 3 && n == m + 1);
}

/* ---- the truth ---------------------------------------------------------------- */

struct misere {
    struct game g;
    uint8_t *is_n;
};

static int misere_solve(struct misere *s, uint64_t M)
{
    s->is_n = NULL;
    if (game_nim(&s->g, 3, M) != 0 || !(s->is_n = malloc(s->g.nstates)))
        return -1;
    s->g.stop = &interrupt_signal;
    if (solve_outcome(&s->g, PLAY_MISERE, s->is_n) != SOLVER_OK) {
        free(s->is_n);
        return -1;
    }
    return 0;
}

static bool losing(const struct misere *s, uint64_t t, uint64_t m, uint64_t n)
{
    uint64_t h[3] = {t, m, n};
    return !s->is_n[heaps_encode(&s->g, h)];
}

static char pn(bool losing_position)
{
    return losing_position ? 'P' : 'N';
}

/* Compares rule(t, m, n) with the game for t_min <= t <= t_max, t <= m <= n
 * <= M, not all zero, in the order n, m, t. */
static int against_game(uint64_t M, uint64_t t_min, uint64_t t_max,
                        bool (*rule)(uint64_t, uint64_t, uint64_t, int64_t), int64_t arg,
                        struct claim_result *out, struct gt_error *err)
{
    struct misere s;
    if (misere_solve(&s, M) != 0)
        return claim_nomem(err, "the game");
    for (uint64_t n = 1; !interrupt_signal && n <= M; n++)
        for (uint64_t m = t_min; m <= n; m++)
            for (uint64_t t = t_min; t <= m && t <= t_max; t++) {
                bool claimed = rule(t, m, n, arg), p = losing(&s, t, m, n);
                claim_check(out, claimed == p, "(%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): %c → %c",
                            t, m, n, pn(claimed), pn(p));
            }
    free(s.is_n);
    return GT_OK;
}

/* ---- Theorem 1 ------------------------------------------------------------------ */

static bool rule_theorem_1(uint64_t t, uint64_t m, uint64_t n, int64_t k_from)
{
    return theorem_1(t, m, n, (uint64_t)k_from);
}

static int check_theorem_1(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    claim_begin(out, "t ≤ 1, t ≤ m ≤ n ≤ %" PRIu64, M);
    return against_game(M, 0, 1, rule_theorem_1, v->perturb == 1 ? 0 : 1, out, err);
}

const struct claim claim_feng_theorem_1 = {
    .id = "feng-theorem-1",
    F_SOURCE,
    .item_en = "Theorem 1",
    .item_ru = "теорема 1",
    .statement_en = "For t ≤ 1 the losing positions are exactly (0, 0, 1), (0, n, n) with n > 1, "
                    "(1, 1, 1) and (1, 2k, 2k + 1) with k ≥ 1.",
    .statement_ru = "При t ≤ 1 проигрышны ровно позиции (0, 0, 1), (0, n, n) при n > 1, (1, 1, 1) и "
                    "(1, 2k, 2k + 1) при k ≥ 1.",
    .bound_help = "M: t <= m <= n <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_theorem_1,
    .variant = "perturb = 1: k ≥ 0 in (1, 2k, 2k + 1)",
};

static int check_theorem_1_k0(uint64_t bound, const struct claim_variant *v,
                              struct claim_result *out, struct gt_error *err)
{
    (void)bound;
    (void)v;
    struct misere s;
    if (misere_solve(&s, 1) != 0)
        return claim_nomem(err, "the game");
    claim_begin(out, "k = 0: (1, 0, 1) = (0, 1, 1)");
    out->cases = 1;
    if (!losing(&s, 0, 1, 1))
        claim_counterexample(out, "(1, 0, 1) = (0, 1, 1): P → N");
    free(s.is_n);
    return GT_OK;
}

const struct claim claim_feng_theorem_1_k0 = {
    .id = "feng-theorem-1-k0",
    F_SOURCE,
    .item_en = "Theorem 1 and the final list, (1, 2k, 2k + 1) for k ∈ N",
    .item_ru = "теорема 1 и итоговый список, (1, 2k, 2k + 1) при k ∈ N",
    .statement_en = "(1, 2k, 2k + 1) is losing for k ∈ N, so also for k = 0: (1, 0, 1), that is "
                    "(0, 1, 1).",
    .statement_ru = "(1, 2k, 2k + 1) проигрышна при k ∈ N, значит, и при k = 0: (1, 0, 1), "
                    "то есть (0, 1, 1).",
    .bound_help = "the one position (fixed)",
    .bound_default = 1,
    .bound_max = 1,
    .check = check_theorem_1_k0,
    .correction_en = "k ∈ N⁺ (k ≥ 1), as in the proof of the lemma: (0, 1, 1) wins.",
    .correction_ru = "k ∈ N⁺ (k ≥ 1), как в доказательстве леммы: (0, 1, 1) выигрышна.",
    .variant = "none: the claim fails as printed",
};

/* ---- Theorem 2 (the reduction) -------------------------------------------------- */

static int check_theorem_2(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    (void)v;
    struct misere s;
    if (misere_solve(&s, M) != 0)
        return claim_nomem(err, "the game");
    claim_begin(out, "4 ≤ t ≤ m ≤ n ≤ %" PRIu64, M);
    for (uint64_t n = 4; !interrupt_signal && n <= M; n++)
        for (uint64_t m = 4; m <= n; m++)
            for (uint64_t t = 4; t <= m; t++) {
                bool p = losing(&s, t, m, n), q = losing(&s, t - 2, m - 2, n - 2);
                claim_check(out, p == q,
                            "(%" PRIu64 ", %" PRIu64 ", %" PRIu64 ") %c, (%" PRIu64 ", %" PRIu64
                            ", %" PRIu64 ") %c",
                            t, m, n, pn(p), (t - 2), (m - 2), (n - 2), pn(q));
            }
    free(s.is_n);
    return GT_OK;
}

#define BOUTON_EN                                                                             \
    "The losing positions are those of Bouton's rule for misère Nim: t ⊕ m ⊕ n = 0 (the "   \
    "nim-sum, binary addition without carry), except that (0, 0, 1) and (1, 1, 1) lose and "   \
    "(0, 0, 0) and (0, 1, 1) win."
#define BOUTON_RU                                                                                 \
    "Проигрышны позиции правила Бутона для «нима» в поддавки: t ⊕ m ⊕ n = 0 (ним-сумма, "         \
    "двоичное сложение без переносов), кроме того, (0, 0, 1) и (1, 1, 1) проигрышны, а (0, 0, 0) " \
    "и (0, 1, 1) выигрышны."

const struct claim claim_feng_theorem_2 = {
    .id = "feng-theorem-2",
    F_SOURCE,
    .item_en = "«Theorem 2», stated without proof",
    .item_ru = "«теорема 2», приведённая без доказательства",
    .statement_en = "(t, m, n) ∼ (t − 2, m − 2, n − 2) for 4 ≤ t ≤ m ≤ n: both lose or both win "
                    "(by which t ≥ 4 is brought down to t = 2 or 3).",
    .statement_ru = "(t, m, n) ∼ (t − 2, m − 2, n − 2) при 4 ≤ t ≤ m ≤ n: обе проигрышны или обе "
                    "выигрышны (этим случай t ≥ 4 сводится к t = 2 или 3).",
    .bound_help = "M: t <= m <= n <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_theorem_2,
    .correction_en = "False from (4, 6, 8) on (it wins, (2, 4, 6) loses). " BOUTON_EN,
    .correction_ru = "Неверно уже для (4, 6, 8) (она выигрышна, а (2, 4, 6) проигрышна). " BOUTON_RU,
    .variant = "none: the claim fails as printed",
};

/* ---- Theorem 3 (t = 2) --------------------------------------------------------------- */

static bool rule_theorem_3(uint64_t t, uint64_t m, uint64_t n, int64_t extra)
{
    (void)t;
    return two_families(m, n, 2 + (uint64_t)extra, 2);
}

static int check_theorem_3(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    claim_begin(out, "t = 2 ≤ m ≤ n ≤ %" PRIu64, M);
    return against_game(M, 2, 2, rule_theorem_3, v->perturb > 0 ? v->perturb : 0, out, err);
}

const struct claim claim_feng_theorem_3 = {
    .id = "feng-theorem-3",
    F_SOURCE,
    .item_en = "Theorem 3",
    .item_ru = "теорема 3",
    .statement_en = "For t = 2 ≤ m ≤ n only (2, 4k, 4k + 2) and (2, 4k + 1, 4k + 3), k ≥ 1, lose; "
                    "all other (2, m, n) win.",
    .statement_ru = "При t = 2 ≤ m ≤ n проигрышны только (2, 4k, 4k + 2) и (2, 4k + 1, 4k + 3), "
                    "k ≥ 1; остальные (2, m, n) выигрышны.",
    .bound_help = "M: m <= n <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_theorem_3,
    .variant = "perturb = k: (2, 4k, 4k + 2 + k) for the first family",
};

static int check_theorem_3_proof(uint64_t M, const struct claim_variant *v,
                                 struct claim_result *out, struct gt_error *err)
{
    struct misere s;
    if (misere_solve(&s, M) != 0)
        return claim_nomem(err, "the game");
    uint64_t t = v->perturb == 1 ? 2 : 0;
    claim_begin(out, "k ≥ 1, 4k + 2 ≤ %" PRIu64, M);
    for (uint64_t k = 1; !interrupt_signal && 4 * k + 2 <= M; k++) {
        claim_check(out, losing(&s, t, 4 * k, 4 * k + 2),
                    "(%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): P → N", t, (4 * k), (4 * k + 2));
    }
    free(s.is_n);
    return GT_OK;
}

const struct claim claim_feng_theorem_3_proof = {
    .id = "feng-theorem-3-proof",
    F_SOURCE,
    .item_en = "Theorem 3, the end of the proof",
    .item_ru = "теорема 3, конец доказательства",
    .statement_en = "(2, 4k + 2, m) wins, since one move turns it into «the losing (0, 4k, 4k + 2)».",
    .statement_ru = "(2, 4k + 2, m) выигрышна, так как одним ходом переводится в «проигрышную "
                    "(0, 4k, 4k + 2)».",
    .bound_help = "M: 4k + 2 <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_theorem_3_proof,
    .correction_en = "(0, 4k, 4k + 2) wins; (2, 4k, 4k + 2) is meant, which loses.",
    .correction_ru = "(0, 4k, 4k + 2) выигрышна; имеется в виду (2, 4k, 4k + 2), она проигрышна.",
    .variant = "perturb = 1: (2, 4k, 4k + 2), as meant (which holds)",
};

/* ---- Theorem 4 (t = 3) ----------------------------------------------------------------- */

static bool rule_theorem_4(uint64_t t, uint64_t m, uint64_t n, int64_t extra)
{
    (void)t;
    return two_families(m, n, 3 + (uint64_t)extra, 1);
}

static int check_theorem_4(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    claim_begin(out, "t = 3 ≤ m ≤ n ≤ %" PRIu64 "; (2, 4k + 2, m), (2, 4k + 3, n)", M);
    int rc = against_game(M, 3, 3, rule_theorem_4, v->perturb > 0 ? v->perturb : 0, out, err);
    if (rc != GT_OK)
        return rc;
    /* Its last clause as printed, with 2 where 3 is meant: all win. */
    struct misere s;
    if (misere_solve(&s, M) != 0)
        return claim_nomem(err, "the game");
    for (uint64_t k = 1; !interrupt_signal && 4 * k + 2 <= M; k++)
        for (uint64_t m = 4 * k + 2; m <= 4 * k + 3; m++)
            for (uint64_t x = m; !interrupt_signal && x <= M; x++) {
                claim_check(out, !losing(&s, 2, m, x), "(2, %" PRIu64 ", %" PRIu64 "): N → P", m,
                            x);
            }
    free(s.is_n);
    return GT_OK;
}

const struct claim claim_feng_theorem_4 = {
    .id = "feng-theorem-4",
    F_SOURCE,
    .item_en = "Theorem 4",
    .item_ru = "теорема 4",
    .statement_en = "For t = 3 ≤ m ≤ n only (3, 4k, 4k + 3) and (3, 4k + 1, 4k + 2), k ≥ 1, lose; "
                    "(2, 4k + 2, m) and (2, 4k + 3, n) win.",
    .statement_ru = "При t = 3 ≤ m ≤ n проигрышны только (3, 4k, 4k + 3) и (3, 4k + 1, 4k + 2), "
                    "k ≥ 1; (2, 4k + 2, m) и (2, 4k + 3, n) выигрышны.",
    .bound_help = "M: m <= n <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_theorem_4,
    .correction_en = "Misprint: (3, 4k + 2, m) and (3, 4k + 3, n) are meant in the last clause; "
                     "they win too, so it reads true either way.",
    .correction_ru = "Опечатка: в последней части имеются в виду (3, 4k + 2, m) и (3, 4k + 3, n); "
                     "они тоже выигрышны, так что утверждение верно в обоих прочтениях.",
    .variant = "perturb = k: (3, 4k, 4k + 3 + k) for the first family",
};

/* ---- the worked examples ---------------------------------------------------------------- */

static int check_examples(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                          struct gt_error *err)
{
    struct misere s;
    if (misere_solve(&s, M) != 0)
        return claim_nomem(err, "the game");
    claim_begin(out, "n ≤ %" PRIu64, M);
    for (size_t i = 0; i < feng_examples_count; i++) {
        const struct feng_example *e = &feng_examples[i];
        bool printed = e->losing;
        if (v->perturb > 0 && (size_t)v->perturb < feng_examples_count) {
            size_t k = (size_t)v->perturb; /* the verdicts of examples k and k + 1 exchanged */
            if (i == k - 1)
                printed = feng_examples[k].losing;
            else if (i == k)
                printed = feng_examples[k - 1].losing;
        }
        uint64_t last = e->n_to ? e->n_to : M;
        for (uint64_t n = e->n_from; !interrupt_signal && n <= last && n <= M; n++) {
            if (n < e->m)
                continue;
            bool p = losing(&s, e->t, e->m, n);
            claim_check(out, p == printed, "(%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): %c → %c", e->t,
                        e->m, n, pn(printed), pn(p));
        }
    }
    free(s.is_n);
    return GT_OK;
}

const struct claim claim_feng_examples = {
    .id = "feng-examples",
    F_SOURCE,
    .item_en = "the worked examples (t ≤ 3)",
    .item_ru = "разобранные примеры (t ≤ 3)",
    .statement_en = "The positions the article works out one by one, from «(0, 0, 1) loses» to "
                    "«(3, 9, 10) loses», each with its verdict as printed.",
    .statement_ru = "Позиции, разобранные в статье по одной, от «(0, 0, 1) проигрышна» до "
                    "«(3, 9, 10) проигрышна», каждая с напечатанным ответом.",
    .bound_help = "M: the largest n of a family such as (2, 4, n), n > 6",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_examples,
    .correction_en = "«(3, 5, n) (n > 5) wins» takes in (3, 5, 6), which the article itself shows "
                     "losing: n > 6 is meant.",
    .correction_ru = "«(3, 5, n) (n > 5) выигрышна» включает (3, 5, 6), которую статья сама "
                     "признаёт проигрышной: имеется в виду n > 6.",
    .variant = "perturb = k: the verdicts of examples k and k + 1 (from 1) exchanged",
};

/* ---- the final classification -------------------------------------------------------------- */

static bool rule_classification(uint64_t t, uint64_t m, uint64_t n, int64_t bouton)
{
    if (bouton) {
        uint64_t h[3] = {t, m, n};
        return misere_nim_is_p(h, 3);
    }
    return feng_classification_losing(t, m, n);
}

static int check_classification(uint64_t M, const struct claim_variant *v,
                                struct claim_result *out, struct gt_error *err)
{
    claim_begin(out, "t ≤ m ≤ n ≤ %" PRIu64, M);
    return against_game(M, 0, M, rule_classification, v->perturb == 1, out, err);
}

const struct claim claim_feng_classification = {
    .id = "feng-classification",
    F_SOURCE,
    .item_en = "the final classification",
    .item_ru = "итоговая классификация",
    .statement_en = "The losing positions are (0, 0, 1), (0, n, n) n > 1, (1, 1, 1), (1, 2k, 2k + 1), "
                    "(2r, 2r + 4k − 2, 2r + 4k), (2r, 2r + 4k − 1, 2r + 4k + 1), "
                    "(2r + 1, 2r + 4k − 2, 2r + 4k + 1) and (2r + 1, 2r + 4k − 1, 2r + 4k), r, k ≥ 1; "
                    "all others win.",
    .statement_ru = "Проигрышны позиции (0, 0, 1), (0, n, n) n > 1, (1, 1, 1), (1, 2k, 2k + 1), "
                    "(2r, 2r + 4k − 2, 2r + 4k), (2r, 2r + 4k − 1, 2r + 4k + 1), "
                    "(2r + 1, 2r + 4k − 2, 2r + 4k + 1) и (2r + 1, 2r + 4k − 1, 2r + 4k), r, k ≥ 1; "
                    "остальные выигрышны.",
    .bound_help = "M: t <= m <= n <= M (at most 255)",
    .bound_default = 40,
    .bound_max = 255,
    .check = check_classification,
    .correction_en = "Right for t ≤ 3, wrong for every t ≥ 4 both ways: (4, 6, 8) wins, (4, 8, 12) "
                     "loses. " BOUTON_EN,
    .correction_ru = "Верна при t ≤ 3 и неверна при каждом t ≥ 4 в обе стороны: (4, 6, 8) "
                     "выигрышна, (4, 8, 12) проигрышна. " BOUTON_RU,
    .variant = "perturb = 1: Bouton's rule instead (which holds)",
};
