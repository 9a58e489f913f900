/* The claims of `gametab verify` (src/claims/claims-*.c): each checker as the
 * article states its claim, and with a deliberately wrong variant (a shifted
 * constant, a transposed entry of a printed table, ...), which must FAIL
 * with the exact first counterexample; for claims that fail as printed, the
 * corrected variant where there is one, which must hold.  Then the registry
 * itself, the bounds of --max, and the LaTeX of the errata. */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "claims/claims.h"
#include "games/wythoff.h"
#include "publish/errata.h"
#include "template/templates.h"

#define HOLDS CLAIM_HOLDS
#define FAILS CLAIM_FAILS
#define DATA CLAIM_DATA

/* bound 0: the claim's default. */
static const struct {
    const char *id;
    int64_t perturb;
    uint64_t bound;
    enum claim_outcome outcome;
    const char *first; /* the first counterexample (or datum), NULL: none */
    uint64_t failures; /* 0: not compared */
} cases[] = {
    /* Matulis & Savukinas, Kvant 1984 no. 7 */
    {"matulis-table-p-positions", 0, 0, HOLDS, NULL, 0},
    {"matulis-table-p-positions", 2, 0, FAILS, "a₁: 3 → 1", 2}, /* a_1, a_2 transposed */
    {"matulis-table-p-positions", 14, 0, FAILS, "b₀: 2 → 0", 2}, /* b_0, b_1 transposed */
    {"matulis-property-1", 0, 500, HOLDS, NULL, 0},
    {"matulis-property-1", 1, 500, FAILS, "x = 0: 1 → 2", 1}, /* 0 is in (0; 0) twice */
    {"matulis-property-2", 0, 500, HOLDS, NULL, 0},
    {"matulis-property-2", 1, 500, FAILS, "b − a = 1: 2 → 1", 500},
    /* as printed, "b = b_k": 190708 of the 809326 squares (a; a + n), a < a_n,
     * n <= 1000, are neither (counted independently with Python's isqrt) */
    {"matulis-strategy-proof", 0, 0, FAILS, "n = 2: (2; 4): a ≠ aₖ, b ≠ bₖ", 190708},
    {"matulis-strategy-proof", 1, 0, HOLDS, NULL, 0},
    {"matulis-mex-construction", 0, 500, HOLDS, NULL, 0},
    {"matulis-mex-construction", 1, 500, FAILS, "n = 0: (0; 1) → (0; 0)", 0},
    {"matulis-table-frequencies", 0, 0, HOLDS, NULL, 0},
    {"matulis-table-frequencies", 1, 0, FAILS, "p₁ = 0/1 → 1/1", 2}, /* p_1, q_1 transposed */
    {"matulis-table-frequencies", 7, 0, FAILS, "p₇ = 3/7 → 4/7", 2},
    {"matulis-remark-frequencies", 0, 0, FAILS, "p₃ = 2/3", 9}, /* «0,3—0,4» */
    {"matulis-remark-frequencies", 1, 0, HOLDS, NULL, 0},       /* the q_N */
    {"matulis-limits", 0, 2000, HOLDS, NULL, 0},
    {"matulis-limits", 1, 2000, FAILS, "N = 2: A₂ = 1", 1999}, /* 1/u + 1/2 */
    {"matulis-theorem-1", 0, 2000, HOLDS, NULL, 0},
    {"matulis-theorem-1", 1, 2000, FAILS, "n = 1: ([nu]; [nv]) = (2; 3) → (1; 2)", 2000},
    {"matulis-property-3", 0, 2000, HOLDS, NULL, 0},
    {"matulis-property-3", 1, 2000, FAILS, "n = 1: (3; 6): P → N", 2000},
    {"matulis-exercise-2", 0, 2000, HOLDS, NULL, 0},
    {"matulis-exercise-2", 1, 2000, FAILS, "a₂ − a₁ = 2", 0},
    {"matulis-property-3-count", 0, 2000, FAILS, "n = 1: #{bᵢ < aₗ = 3} = 0 → 1", 2000},
    {"matulis-property-3-count", 1, 2000, HOLDS, NULL, 0}, /* a_k, as meant */
    {"matulis-exercise-4", 0, 2000, HOLDS, NULL, 0},
    {"matulis-exercise-4", 1, 2000, FAILS, "(1; 2) ∉ R(0; 0)", 0},
    {"matulis-theorem-2", 0, 2000, HOLDS, NULL, 0},
    {"matulis-theorem-2", 1, 2000, FAILS, "n = 2: a₂ − 1 = 3 → 2", 1999},
    {"matulis-theorem-2-f1", 0, 2000, FAILS, "n = 2: a₂ − 1 = 1 → 2", 764},
    {"matulis-theorem-2-f1", 1, 2000, HOLDS, NULL, 0}, /* 1 = f_2 */
    /* Yaglom, Kvant 1971 no. 2 */
    {"yaglom-table-Ia", 0, 0, FAILS, "№ 9: (0, 110, 110) → (11, 101, 110)", 7},
    {"yaglom-table-Ia", 2, 0, FAILS, "№ 2: (1, 10, 10) → (0, 10, 10)", 9},
    {"yaglom-table-IIa", 0, 0, HOLDS, NULL, 0},
    {"yaglom-table-IIa", 2, 0, FAILS, "a₂: 100 → 11", 2},
    {"yaglom-table-II", 0, 0, HOLDS, NULL, 0},
    {"yaglom-table-II", 2, 0, FAILS, "№ 3: (4, 7)", 1},
    {"yaglom-theorem-1", 0, 15, HOLDS, NULL, 0},
    {"yaglom-theorem-1", 1, 15, FAILS, "(0, 0, 1): P → N", 0},
    {"yaglom-theorem-2", 0, 300, HOLDS, NULL, 0},
    {"yaglom-theorem-2", 1, 300, FAILS, "(0; 0): N → P", 0},
    {"yaglom-exercise-3", 0, 2000, HOLDS, NULL, 0},
    {"yaglom-exercise-3", 1, 2000, FAILS, "k = 2: (0, 1): P → N", 0},
    {"yaglom-exercise-4", 0, 15, HOLDS, NULL, 0},
    {"yaglom-exercise-4", 1, 15, FAILS, "(1, 2, 3): N → P", 0},
    {"yaglom-exercise-5", 0, 2000, HOLDS, NULL, 0},
    {"yaglom-exercise-5", 1, 2000, FAILS, "b − a = 1: 2 → 1", 2000},
    {"yaglom-exercise-8", 0, 2000, HOLDS, NULL, 0},
    {"yaglom-exercise-8", 1, 2000, FAILS, "k = 2: (1, 1): P → N", 0},
    {"yaglom-problem-four-heaps", 0, 6, DATA, "#P = 27", 0},
    {"yaglom-problem-four-heaps", 1, 6, FAILS, "(0, 0, 0, 0): P → N", 1},
    /* Feng Yuefeng */
    {"feng-theorem-1", 0, 30, HOLDS, NULL, 0},
    {"feng-theorem-1", 1, 30, FAILS, "(0, 1, 1): P → N", 1}, /* k = 0 */
    {"feng-theorem-1-k0", 0, 0, FAILS, "(1, 0, 1) = (0, 1, 1): P → N", 1},
    {"feng-theorem-2", 0, 30, FAILS, "(4, 6, 8) N, (2, 4, 6) P", 0},
    {"feng-theorem-3", 0, 30, HOLDS, NULL, 0},
    {"feng-theorem-3", 1, 30, FAILS, "(2, 4, 6): N → P", 0},
    {"feng-theorem-3-proof", 0, 30, FAILS, "(0, 4, 6): P → N", 7},
    {"feng-theorem-3-proof", 1, 30, HOLDS, NULL, 0}, /* (2, 4k, 4k+2) */
    {"feng-theorem-4", 0, 30, HOLDS, NULL, 0},
    {"feng-theorem-4", 1, 30, FAILS, "(3, 4, 7): N → P", 0},
    {"feng-examples", 0, 30, FAILS, "(3, 5, 6): N → P", 1}, /* (3,5,n) n > 5 */
    {"feng-examples", 1, 30, FAILS, "(0, 0, 1): N → P", 0},
    {"feng-classification", 0, 30, FAILS, "(4, 6, 8): P → N", 0},
    {"feng-classification", 1, 30, HOLDS, NULL, 0}, /* Bouton's rule */
    /* Teterko */
    {"teterko-model", 0, 0, HOLDS, NULL, 0},
    {"teterko-model", 1, 0, FAILS, "(n, a, b) = (0, 0, 1): Gr(0, 0, 1) = 0 → 1", 0},
    {"teterko-period", 0, 200, HOLDS, NULL, 0},
    {"teterko-period", 1, 200, FAILS, "Gr(8, 0, 1) = 1 → 2", 0},
    {"teterko-start", 0, 0, HOLDS, NULL, 0},
    {"teterko-start", 1, 0, FAILS, "Gr(3, 0, 0) = 1 → 3", 0},
    {"teterko-27", 0, 0, HOLDS, NULL, 0},
    {"teterko-27", 1, 0, FAILS, "(25, 0, 0): N → P", 2},
};

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct claim *c = claim_find(cases[i].id);
        if (!c)
            fail_msg("%s: no such claim", cases[i].id);
        struct claim_variant v = {cases[i].perturb};
        struct claim_result r;
        uint64_t bound = cases[i].bound ? cases[i].bound : c->bound_default;
        assert_true(bound <= c->bound_max);
        struct gt_error err = {0};
        if (c->check(bound, &v, &r, &err) != GT_OK)
            fail_msg("%s, perturb %" PRId64 ": %s", c->id, cases[i].perturb, err.msg);
        if (r.outcome != cases[i].outcome)
            fail_msg("%s, perturb %" PRId64 ": outcome %d, want %d (first: %s)", c->id,
                     cases[i].perturb, r.outcome, cases[i].outcome,
                     r.nexamples ? r.example[0] : "none");
        assert_true(r.cases > 0);
        if (cases[i].first) {
            assert_true(r.nexamples > 0);
            if (strcmp(r.example[0], cases[i].first) != 0)
                fail_msg("%s, perturb %" PRId64 ": first counterexample '%s', want '%s'", c->id,
                         cases[i].perturb, r.example[0], cases[i].first);
        } else {
            assert_int_equal(r.nexamples, 0);
            assert_int_equal(r.failures, 0);
        }
        if (cases[i].failures && r.failures != cases[i].failures)
            fail_msg("%s, perturb %" PRId64 ": %" PRIu64 " failures, want %" PRIu64, c->id,
                     cases[i].perturb, r.failures, cases[i].failures);
        assert_true(r.nexamples <= CLAIM_EXAMPLES_MAX);
        /* (a data claim keeps its data among the examples too) */
        if (r.outcome == FAILS && strcmp(c->id, "yaglom-problem-four-heaps") != 0)
            assert_true(r.failures >= r.nexamples);
    }
}

/* Every claim is tested as stated and can fail: a case with perturb 0, and
 * a case that FAILS (as stated, or with a wrong variant). */
static void test_every_claim_tested(void **state)
{
    (void)state;
    for (size_t k = 0; k < claim_registry_size; k++) {
        const struct claim *c = claim_registry[k];
        bool stated = false, fails = false;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
            if (strcmp(cases[i].id, c->id) == 0) {
                stated |= cases[i].perturb == 0;
                fails |= cases[i].outcome == FAILS;
            }
        if (!stated || !fails)
            fail_msg("%s: no test %s", c->id, stated ? "that fails" : "as stated");
    }
}

/* Ids unique and well formed, texts in both languages, bounds sensible,
 * and a correction for every claim that fails as stated. */
static void test_registry(void **state)
{
    (void)state;
    assert_true(claim_registry_size <= CLAIM_REGISTRY_MAX);
    for (size_t k = 0; k < claim_registry_size; k++) {
        const struct claim *c = claim_registry[k];
        assert_ptr_equal(claim_find(c->id), c);
        assert_true(strspn(c->id, "abcdefghijklmnopqrstuvwxyzI0123456789-") == strlen(c->id));
        assert_true(c->article < ARTICLE__N);
        const char *prefix[] = {"matulis-", "feng-", "yaglom-", "teterko-"};
        assert_int_equal(strncmp(c->id, prefix[c->article], strlen(prefix[c->article])), 0);
        /* words in every language the templates have, a correction in all or none */
        struct claim_words first = {0};
        for (size_t l = 0; l < TEMPLATE_NLANGUAGES; l++) {
            struct claim_words w = {0};
            struct article_words a = {0};
            if (!claim_words(c, template_languages[l], &w) ||
                !claim_article_words(c->article, template_languages[l], &a))
                fail_msg("%s: no words in %s", c->id, template_languages[l]);
            assert_true(w.statement && *w.statement && w.item && *w.item);
            assert_true(a.cite && *a.cite && a.title && *a.title && a.journal);
            if (l == 0)
                first = w;
            assert_true(!w.correction == !first.correction);
        }
        assert_true(c->bound_help && c->variant);
        assert_true(c->bound_default >= 1 && c->bound_default <= c->bound_max);
    }
    assert_null(claim_find("matulis"));
    assert_null(claim_find(""));
    struct claim_words w = {0};
    assert_false(claim_words(claim_registry[0], "de", &w));
    assert_null(w.item);
    assert_true(claim_words(claim_registry[0], "ru", &w));
    assert_string_equal(w.item, "таблица «Проигрышные поля»");
    assert_true(claim_words(claim_registry[0], "en", &w));
    assert_string_equal(w.item, "table «Проигрышные поля»");
}

/* The whole registry at its default bounds (what `gametab verify` and
 * `build` run): which claims fail, each with a correction. */
static void test_default_run(void **state)
{
    (void)state;
    static const char *const failing[] = {
        "matulis-strategy-proof", "matulis-remark-frequencies", "matulis-property-3-count",
        "matulis-theorem-2-f1",
        "yaglom-table-Ia", "feng-theorem-1-k0", "feng-theorem-2", "feng-theorem-3-proof",
        "feng-examples", "feng-classification",
    };
    struct errata e;
    struct gt_error err = {0};
    assert_int_equal(errata_run(&e, claim_registry, claim_registry_size, 1, NULL, NULL, &err), GT_OK);
    assert_int_equal(e.n, claim_registry_size);
    size_t fails = 0;
    for (size_t i = 0; i < e.n; i++) {
        bool listed = false;
        for (size_t j = 0; j < sizeof failing / sizeof failing[0]; j++)
            listed |= strcmp(failing[j], e.claim[i]->id) == 0;
        enum claim_outcome want = strcmp(e.claim[i]->id, "yaglom-problem-four-heaps") == 0 ? DATA
                                  : listed ? FAILS : HOLDS;
        if (e.result[i].outcome != want)
            fail_msg("%s: outcome %d, want %d", e.claim[i]->id, e.result[i].outcome, want);
        assert_int_equal(e.result[i].bound, e.claim[i]->bound_default);
        if (want == FAILS)
            assert_non_null(e.claim[i]->correction_en);
        fails += want == FAILS;
    }
    assert_int_equal(errata_failures(&e), fails);
    errata_free(&e);
}

/* ---- how many cases each checker examines -------------------------------- */

/* (M + 1)^k, or UINT64_MAX past 2^64. */
static uint64_t power(uint64_t base, unsigned k)
{
    uint64_t r = 1;
    for (unsigned i = 0; i < k; i++)
        r = r > UINT64_MAX / base ? UINT64_MAX : r * base;
    return r;
}

/* Yaglom's exercises 3 and 8: for k heaps, the largest M <= 255 with
 * (M + 1)^k <= B positions, and those (M + 1)^k positions. */
static uint64_t heaps_positions(uint64_t B, unsigned k)
{
    uint64_t M = 255;
    while (M > 0 && power(M + 1, k) > B)
        M--;
    return power(M + 1, k);
}

/* #{(t, m, n) : lo <= t <= m <= n <= M}: multisets of 3 from M - lo + 1. */
static uint64_t ordered_triples(uint64_t lo, uint64_t M)
{
    if (M < lo)
        return 0;
    uint64_t v = M + 1 - lo;
    return v * (v + 1) * (v + 2) / 6;
}

/* The cases a claim's range covers, counted from the range as it reads
 * (every case up to and including the bound M), not from the checker. */
static uint64_t expected_cases(const char *id, uint64_t M)
{
    /* Matulis & Savukinas */
    if (!strcmp(id, "matulis-table-p-positions"))
        return 13 * 2; /* a_n and b_n of 13 columns */
    if (!strcmp(id, "matulis-table-frequencies"))
        return 11 * 4; /* A_N, B_N, p_N, q_N of 11 lines */
    if (!strcmp(id, "matulis-mex-construction"))
        return wythoff_count_upper(M) + 1; /* the pairs n >= 0 with b_n <= M */
    if (!strcmp(id, "matulis-remark-frequencies"))
        return M - 1; /* 2 <= N <= M */
    if (!strcmp(id, "matulis-property-3") || !strcmp(id, "matulis-exercise-2"))
        return 2 * M; /* two successors of each n; a_n and b_n differences */
    if (!strcmp(id, "matulis-strategy-proof")) { /* the squares (a; a + n), 0 <= a < a_n */
        uint64_t squares = 0;
        for (uint64_t n = 1; n <= M; n++)
            squares += wythoff_lower(n);
        return squares;
    }
    if (!strcmp(id, "matulis-exercise-4"))
        return 2 * (wythoff_count_upper(M) + 1) - 1; /* from (0; 0): n >= 0; (1; 2): n >= 1 */
    if (!strncmp(id, "matulis-", 8))
        return M; /* 1 <= x, b - a, N or n <= M */
    /* Yaglom */
    if (!strcmp(id, "yaglom-table-Ia"))
        return 15;
    if (!strcmp(id, "yaglom-table-IIa"))
        return 30 - 12; /* 30 cells, 12 unreadable in the OCR */
    if (!strcmp(id, "yaglom-table-II"))
        return 21;
    if (!strcmp(id, "yaglom-theorem-1") || !strcmp(id, "yaglom-exercise-4"))
        return power(M + 1, 3);
    if (!strcmp(id, "yaglom-theorem-2"))
        return (M + 1) * (M + 2) / 2; /* 0 <= a <= b <= M */
    if (!strcmp(id, "yaglom-exercise-3")) {
        uint64_t sum = 0;
        for (unsigned k = 2; k <= 8; k++)
            sum += heaps_positions(M, k);
        return sum;
    }
    if (!strcmp(id, "yaglom-exercise-5"))
        return M;
    if (!strcmp(id, "yaglom-exercise-8")) {
        uint64_t sum = 0;
        for (unsigned k = 1; k <= 7; k += 2)
            sum += heaps_positions(M, k);
        return sum;
    }
    if (!strcmp(id, "yaglom-problem-four-heaps")) /* h1 <= h2 <= h3 <= h4: C(M + 4, 4) */
        return (M + 1) * (M + 2) * (M + 3) * (M + 4) / 24;
    /* Feng Yuefeng: positions (t, m, n), t <= m <= n, never (0, 0, 0) */
    if (!strcmp(id, "feng-theorem-1") || !strcmp(id, "feng-theorem-1-k0"))
        return !strcmp(id, "feng-theorem-1-k0") ? 1
                                                : (M + 1) * (M + 2) / 2 - 1 + M * (M + 1) / 2;
    if (!strcmp(id, "feng-theorem-2"))
        return ordered_triples(4, M);
    if (!strcmp(id, "feng-theorem-3"))
        return (M - 1) * M / 2; /* 2 <= m <= n <= M */
    if (!strcmp(id, "feng-theorem-3-proof"))
        return M >= 2 ? (M - 2) / 4 : 0; /* k >= 1, 4k + 2 <= M */
    if (!strcmp(id, "feng-theorem-4")) {
        uint64_t sum = (M - 2) * (M - 1) / 2; /* 3 <= m <= n <= M */
        for (uint64_t k = 1; 4 * k + 2 <= M; k++) /* (2, 4k + 2, m), (2, 4k + 3, n) */
            sum += (M - (4 * k + 2) + 1) + (M - (4 * k + 3) + 1);
        return sum;
    }
    if (!strcmp(id, "feng-examples")) {
        uint64_t sum = 0; /* each example's n from max(n_from, m) to n_to (or M) */
        for (size_t i = 0; i < feng_examples_count; i++) {
            const struct feng_example *e = &feng_examples[i];
            uint64_t lo = e->n_from > e->m ? e->n_from : e->m;
            uint64_t hi = e->n_to && e->n_to < M ? e->n_to : M;
            sum += hi >= lo ? hi - lo + 1 : 0;
        }
        return sum;
    }
    if (!strcmp(id, "feng-classification"))
        return ordered_triples(0, M) - 1;
    /* Teterko */
    if (!strcmp(id, "teterko-model")) {
        uint64_t sum = 0; /* (n, a, b) with n + a + b = s: (s + 2 choose 2), s odd <= M */
        for (uint64_t s = 1; s <= M; s += 2)
            sum += (s + 2) * (s + 1) / 2;
        return sum;
    }
    if (!strcmp(id, "teterko-period"))
        return 2 * (M + 1); /* two reachable states a pile */
    if (!strcmp(id, "teterko-start"))
        return (M + 1) / 2; /* the odd n <= M */
    if (!strcmp(id, "teterko-27"))
        return 6;
    fail_msg("%s: no closed form for its cases", id);
    return 0;
}

/* Every checker examines every case of its range, up to and including its
 * bound: at the default bound and at smaller ones, the cases it counts are
 * the closed form's (a loop ending one early, or skipping a family, shows). */
static void test_case_counts(void **state)
{
    (void)state;
    static const uint64_t small[] = {1, 2, 3, 7, 12, 30};
    for (size_t k = 0; k < claim_registry_size; k++) {
        const struct claim *c = claim_registry[k];
        for (size_t i = 0; i <= sizeof small / sizeof small[0]; i++) {
            uint64_t M = i == 0 ? c->bound_default : small[i - 1];
            if (M > c->bound_default || (i > 0 && c->bound_default == c->bound_max))
                continue; /* a printed table is checked whole */
            if (!strncmp(c->id, "yaglom-exercise-", 16) && M < 256)
                continue; /* its bound counts positions: a few hundred at least */
            struct claim_variant v = {0};
            struct claim_result r;
            struct gt_error err = {0};
            assert_int_equal(c->check(M, &v, &r, &err), GT_OK);
            uint64_t want = expected_cases(c->id, M);
            if (r.cases != want)
                fail_msg("%s, bound %" PRIu64 ": %" PRIu64 " cases, want %" PRIu64, c->id, M,
                         r.cases, want);
        }
    }
}

/* --max F: the default times F, at most the claim's own limit. */
static void test_bounds(void **state)
{
    (void)state;
    const struct claim *c = claim_find("matulis-theorem-1");
    assert_int_equal(claim_bound(c, 1), c->bound_default);
    assert_int_equal(claim_bound(c, 10), 10 * c->bound_default);
    assert_int_equal(claim_bound(c, CLAIM_FACTOR_MAX), c->bound_max);
    const struct claim *t = claim_find("yaglom-table-Ia"); /* a printed table: fixed */
    assert_int_equal(claim_bound(t, 7), t->bound_default);
    for (size_t k = 0; k < claim_registry_size; k++) {
        uint64_t b = claim_bound(claim_registry[k], CLAIM_FACTOR_MAX);
        assert_true(b >= claim_registry[k]->bound_default && b <= claim_registry[k]->bound_max);
    }
}

static void test_latex(void **state)
{
    (void)state;
    static const struct {
        const char *text, *latex;
    } cases_[] = {
        {"p_N = A_N/N", "p\\textsubscript{N} = A\\textsubscript{N}/N"},
        {"f_(k₁+1) + 1", "f\\textsubscript{k₁+1} + 1"},
        {"#{i ≥ 1 : bᵢ < x}", "\\#\\{i ≥ 1 : bᵢ \\textless{} x\\}"},
        {"|A − N/u| < 1", "\\textbar{}A − N/u\\textbar{} \\textless{} 1"},
        {"50% & $x^2 ~", "50\\% \\& \\$x\\textasciicircum{}2 \\textasciitilde{}"},
        {"a_ b _", "a\\_ b \\_"},
        {"x_φ", "x\\textsubscript{φ}"},
        {"«цзяньшицзы»", "«цзяньшицзы»"},
    };
    for (size_t i = 0; i < sizeof cases_ / sizeof cases_[0]; i++) {
        char *tex = errata_latex(cases_[i].text);
        assert_non_null(tex);
        assert_string_equal(tex, cases_[i].latex);
        free(tex);
    }
    struct claim_subscript sub;
    assert_string_equal(claim_sub(0, &sub), "₀");
    assert_string_equal(claim_sub(1984, &sub), "₁₉₈₄");
    assert_string_equal(claim_sub(UINT64_MAX, &sub), "₁₈₄₄₆₇₄₄₀₇₃₇₀₉₅₅₁₆₁₅");
}

/* The transcriptions agree with one another where the articles overlap:
 * Yaglom's Table II (n = 1..15) continues the table of Matulis & Savukinas. */
static void test_transcriptions(void **state)
{
    (void)state;
    assert_int_equal(matulis_table_a[MATULIS_TABLE_N - 1], 19);
    assert_int_equal(matulis_table_b[MATULIS_TABLE_N - 1], 31);
    for (size_t i = 0; i < MATULIS_FREQUENCIES_N; i++)
        assert_int_equal(matulis_frequencies[i].A + matulis_frequencies[i].B,
                         matulis_frequencies[i].N); /* p_N + q_N = 1 */
    assert_int_equal(yaglom_table_II_last[1] - yaglom_table_II_last[0], 15);
    assert_true(feng_examples_count > 30);
}

/* A checker that cannot allocate says what in the error struct, and
 * claim_run puts the claim's id before it; the result's range stays what
 * was checked (it no longer carries the message). */
static int check_out_of_memory(uint64_t bound, const struct claim_variant *v,
                               struct claim_result *out, struct gt_error *err)
{
    (void)v;
    claim_begin(out, "1 ≤ n ≤ %" PRIu64, bound);
    return claim_nomem(err, "the board");
}

static void test_out_of_memory(void **state)
{
    (void)state;
    static const struct claim c = {.id = "test-claim", .check = check_out_of_memory};
    struct claim_result r;
    struct gt_error err = {0};
    assert_int_equal(claim_run(&c, 7, &r, &err), GT_ERR_RUNTIME);
    assert_int_equal(err.status, GT_ERR_RUNTIME);
    assert_string_equal(err.msg, "test-claim: out of memory (the board)");
    assert_string_equal(r.range, "1 ≤ n ≤ 7");
    assert_int_equal(r.bound, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),          cmocka_unit_test(test_every_claim_tested),
        cmocka_unit_test(test_registry),       cmocka_unit_test(test_default_run),
        cmocka_unit_test(test_bounds),         cmocka_unit_test(test_latex),
        cmocka_unit_test(test_transcriptions), cmocka_unit_test(test_case_counts),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests_name("claims", tests, NULL, NULL);
}
