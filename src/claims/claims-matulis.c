/* claims-matulis.c: the claims of A. Yu. Matulis, A. Yu. Savukinas,
 * «Ферзя — в угол», «цзяньшицзы» и числа Фибоначчи, Kvant 1984 no. 7.
 *
 * The truth is the game: its P-positions on a board 0..M by the sieve of
 * games.h (a position is P iff no move reaches a P-position), and, where the
 * bound is past any board, the article's own mex construction (a_n the least
 * number not yet used, b_n = a_n + n), which matulis-mex-construction checks
 * against the game.  No claim is checked with the formula it states. */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "claims/claims.h"
#include "games/decimal.h"
#include "games/games.h"
#include "games/wythoff.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

#define M_SOURCE .article = ARTICLE_MATULIS

/* ---- the printed tables ------------------------------------------------- */

/* «Проигрышные поля (a_n; b_n)», n = 0..12. */
const uint64_t matulis_table_a[MATULIS_TABLE_N] = {0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19};
const uint64_t matulis_table_b[MATULIS_TABLE_N] = {0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31};

/* «Выпишем ряд первых чисел p_N и q_N»: p_1 = 1/1 = 1, q_1 = 0/1 = 0; ...
 * p_11 = 7/11 ≈ 0,6364, q_11 = 4/11 ≈ 0,3636. */
const struct matulis_frequency matulis_frequencies[MATULIS_FREQUENCIES_N] = {
    {1, 1, 0, "1", "0", true, true},
    {2, 1, 1, "0,5", "0,5", true, true},
    {3, 2, 1, "0,6667", "0,3333", false, false},
    {4, 3, 1, "0,75", "0,25", true, true},
    {5, 3, 2, "0,6", "0,4", true, true},
    {6, 4, 2, "0,6667", "0,3333", false, false},
    {7, 4, 3, "0,5714", "0,4286", false, false},
    {8, 5, 3, "0,625", "0,375", true, true},
    {9, 6, 3, "0,6667", "0,3333", false, false},
    {10, 6, 4, "0,6", "0,4", true, true},
    {11, 7, 4, "0,6364", "0,3636", false, false},
};

/* ---- the truth ------------------------------------------------------------ */

/* The P-positions of the game on the board 0..M (M <= 4095): is_p[a + b (M+1)]. */
static uint8_t *board_p_positions(uint64_t M)
{
    uint8_t *is_p = malloc((M + 1) * (M + 1));
    if (is_p && wythoff_heaps_p_positions_until(2, M, is_p, &interrupt_signal) != 0) {
        free(is_p);
        return NULL;
    }
    return is_p;
}

/* The P-positions (a; b), a <= b <= M, of the board, in order of a: at most
 * one for each a (checked by the callers that need it). */
struct board_pairs {
    uint64_t n;
    uint64_t *a, *b;
};

static int board_pairs(uint64_t M, struct board_pairs *p)
{
    uint8_t *is_p = board_p_positions(M);
    p->n = 0;
    p->a = malloc((M + 1) * sizeof *p->a);
    p->b = malloc((M + 1) * sizeof *p->b);
    if (!is_p || !p->a || !p->b) {
        free(is_p);
        free(p->a);
        free(p->b);
        return -1;
    }
    for (uint64_t a = 0; !interrupt_signal && a <= M; a++)
        for (uint64_t b = a; !interrupt_signal && b <= M; b++)
            if (is_p[a + b * (M + 1)]) {
                p->a[p->n] = a;
                p->b[p->n] = b;
                p->n++;
                break; /* one P-position in each column a (it is never exceeded) */
            }
    free(is_p);
    return 0;
}

static void board_pairs_free(struct board_pairs *p)
{
    free(p->a);
    free(p->b);
}

/* The article's construction: a_n the least natural number not among a_0,
 * b_0, ..., a_{n-1}, b_{n-1}, and b_n = a_n + n + extra (extra = 0 as
 * printed).  lower[n] = a_n for n < count; NULL when out of memory. */
static uint64_t *mex_lower(uint64_t count, uint64_t extra)
{
    uint64_t size = 3 * count + extra + 8; /* b_n < 2.62 n + 1 + extra */
    uint64_t *lower = malloc(count * sizeof *lower);
    uint64_t *used = calloc(size / 64 + 1, sizeof *used);
    if (!lower || !used) {
        free(lower);
        free(used);
        return NULL;
    }
    uint64_t a = 0;
    for (uint64_t n = 0; !interrupt_signal && n < count; n++) {
        while (used[a / 64] >> (a % 64) & 1)
            a++;
        uint64_t b = a + n + extra;
        used[a / 64] |= UINT64_C(1) << (a % 64);
        used[b / 64] |= UINT64_C(1) << (b % 64);
        lower[n] = a;
    }
    free(used);
    if (interrupt_signal) { /* a part only: the caller stops */
        free(lower);
        return NULL;
    }
    return lower;
}

/* (x; y) is a P-position by the construction: y - x is its index d, and a_d = x. */
static bool mex_is_p(const uint64_t *lower, uint64_t count, uint64_t x, uint64_t y)
{
    return y >= x && y - x < count && lower[y - x] == x;
}

/* ---- the table of P-positions ---------------------------------------------- */

static int check_table_p_positions(uint64_t bound, const struct claim_variant *v,
                                   struct claim_result *out, struct gt_error *err)
{
    (void)bound;
    /* The printed numbers in reading order: the row a_n, then the row b_n. */
    uint64_t printed[2 * MATULIS_TABLE_N];
    memcpy(printed, matulis_table_a, sizeof matulis_table_a);
    memcpy(printed + MATULIS_TABLE_N, matulis_table_b, sizeof matulis_table_b);
    if (v->perturb > 0 && v->perturb < 2 * MATULIS_TABLE_N) {
        uint64_t t = printed[v->perturb - 1];
        printed[v->perturb - 1] = printed[v->perturb];
        printed[v->perturb] = t;
    }
    struct board_pairs p;
    if (board_pairs(40, &p) != 0)
        return claim_nomem(err, "the board 0..40");
    claim_begin(out, "0 ≤ n ≤ 12");
    struct claim_subscript sub;
    for (uint64_t n = 0; n < MATULIS_TABLE_N; n++) {
        uint64_t got[2] = {p.a[n], p.b[n]};
        for (int row = 0; row < 2; row++) {
            uint64_t printed_value = printed[row * MATULIS_TABLE_N + n];
            claim_check(out, printed_value == got[row], "%c%s: %" PRIu64 " → %" PRIu64,
                        row ? 'b' : 'a', claim_sub(n, &sub), printed_value, got[row]);
        }
    }
    board_pairs_free(&p);
    return GT_OK;
}

const struct claim claim_matulis_table_p_positions = {
    .id = "matulis-table-p-positions",
    M_SOURCE,
    .item_en = "table «Проигрышные поля»",
    .item_ru = "таблица «Проигрышные поля»",
    .statement_en = "The printed table of the P-positions (aₙ; bₙ), n = 0…12: "
                    "a = 0 1 3 4 6 8 9 11 12 14 16 17 19, b = 0 2 5 7 10 13 15 18 20 23 26 28 31.",
    .statement_ru = "Напечатанная таблица проигрышных полей (aₙ; bₙ), n = 0…12: "
                    "a = 0 1 3 4 6 8 9 11 12 14 16 17 19, b = 0 2 5 7 10 13 15 18 20 23 26 28 31.",
    .bound_help = "the 13 printed columns (fixed)",
    .bound_default = MATULIS_TABLE_N,
    .bound_max = MATULIS_TABLE_N,
    .check = check_table_p_positions,
    .variant = "perturb = k: the printed numbers k and k+1 (in reading order, a row "
               "then b row, from 1) exchanged",
};

/* ---- property 1 ------------------------------------------------------------ */

/* Each x in 1..X (0..X with perturb 1) occurs exactly once among the numbers
 * of the P-positions (a; b), a <= b, of the board 0..2X: its partner is at
 * most 2x (b_n = a_n + n <= 2 a_n), so it lies on the board. */
static int check_property_1(uint64_t X, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint64_t M = 2 * X;
    struct board_pairs p;
    uint32_t *count = calloc(M + 1, sizeof *count);
    if (!count || board_pairs(M, &p) != 0) {
        free(count);
        return claim_nomem(err, "the board");
    }
    for (uint64_t i = 0; i < p.n; i++) {
        count[p.a[i]]++;
        count[p.b[i]]++;
    }
    uint64_t from = v->perturb > 0 ? 0 : 1;
    claim_begin(out, "%" PRIu64 " ≤ x ≤ %" PRIu64 "; a ≤ b ≤ %" PRIu64, from, X, M);
    for (uint64_t x = from; !interrupt_signal && x <= X; x++) {
        claim_check(out, count[x] == 1, "x = %" PRIu64 ": 1 → %u", x, count[x]);
    }
    free(count);
    board_pairs_free(&p);
    return GT_OK;
}

const struct claim claim_matulis_property_1 = {
    .id = "matulis-property-1",
    M_SOURCE,
    .item_en = "property 1",
    .item_ru = "свойство 1",
    .statement_en = "Every natural number occurs in the P-positions exactly once: either as an aₙ or as a bₙ.",
    .statement_ru = "Каждое натуральное число входит в проигрышные пары один и только один раз: "
                    "либо в качестве aₙ, либо в качестве bₙ.",
    .bound_help = "x: the numbers checked (on the board 0..2x)",
    .bound_default = 1000,
    .bound_max = 2047,
    .check = check_property_1,
    .variant = "perturb = 1: 0 counted among the natural numbers (it occurs twice, in (0; 0))",
};

/* ---- property 2 ------------------------------------------------------------ */

/* For each d in 1..X exactly one P-position (a; a + d), and it is the d-th
 * (counting (0; 0) as the 0th); on the board 0..3X (b_d < 2.62 d + 1). */
static int check_property_2(uint64_t X, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint64_t M = 3 * X;
    struct board_pairs p;
    uint32_t *count = calloc(M + 1, sizeof *count);
    uint64_t *index = calloc(M + 1, sizeof *index);
    if (!count || !index || board_pairs(M, &p) != 0) {
        free(count);
        free(index);
        return claim_nomem(err, "the board");
    }
    for (uint64_t i = 0; i < p.n; i++) {
        uint64_t d = p.b[i] - p.a[i];
        count[d]++;
        index[d] = i;
    }
    uint64_t want = 1 + (uint64_t)(v->perturb > 0 ? v->perturb : 0);
    claim_begin(out, "1 ≤ b − a ≤ %" PRIu64 "; a ≤ b ≤ %" PRIu64, X, M);
    for (uint64_t d = 1; !interrupt_signal && d <= X; d++) {
        out->cases++;
        if (count[d] != want)
            claim_counterexample(out, "b − a = %" PRIu64 ": %u → %u", d, (unsigned)want, count[d]);
        else if (index[d] != d)
            claim_counterexample(out, "b − a = %" PRIu64 ": n = %" PRIu64, d, index[d]);
    }
    free(count);
    free(index);
    board_pairs_free(&p);
    return GT_OK;
}

const struct claim claim_matulis_property_2 = {
    .id = "matulis-property-2",
    M_SOURCE,
    .item_en = "property 2",
    .item_ru = "свойство 2",
    .statement_en = "For every natural n there is exactly one P-position (aₙ; bₙ) with bₙ − aₙ = n.",
    .statement_ru = "Для любого натурального n имеется единственная проигрышная пара (aₙ; bₙ) "
                    "такая, что bₙ − aₙ = n.",
    .bound_help = "n: the differences checked (on the board 0..3n)",
    .bound_default = 1000,
    .bound_max = 1365,
    .check = check_property_2,
    .variant = "perturb = k: 1 + k pairs claimed for each difference",
};

/* ---- the strategy: the proof that properties 1 and 2 give it (a misprint) ---------- */

/* As printed: a square (a; b) with b - a = n > 0 and a < a_n has a = a_k
 * or b = b_k for some k.  perturb 1 reads "a = a_k or a = b_l", the two
 * cases the proof then treats (property 1: a is one or the other). */
static int check_strategy_proof(uint64_t bound, const struct claim_variant *v,
                                struct claim_result *out, struct gt_error *err)
{
    /* a_k for k < 2 bound + 2 reaches past b_bound < 2.62 bound + 1, so
     * every number up to it is known to be an a_k or a b_k */
    uint64_t count = 2 * bound + 2, top = 3 * bound + 2;
    uint64_t *lower = mex_lower(count, 0);
    uint8_t *kind = calloc(top + 1, 1); /* 1: an a_k, 2: a b_k */
    if (!lower || !kind) {
        free(lower);
        free(kind);
        return claim_nomem(err, "the pairs");
    }
    for (uint64_t k = 0; k < count; k++) {
        if (lower[k] <= top)
            kind[lower[k]] |= 1;
        if (lower[k] + k <= top)
            kind[lower[k] + k] |= 2;
    }
    bool as_meant = v->perturb == 1;
    claim_begin(out, "1 ≤ n ≤ %" PRIu64 ", 0 ≤ a < aₙ", bound);
    for (uint64_t n = 1; !interrupt_signal && n <= bound; n++)
        for (uint64_t a = 0; a < lower[n]; a++) {
            uint64_t b = a + n;
            bool holds = (kind[a] & 1) || (as_meant ? (kind[a] & 2) : (kind[b] & 2));
            claim_check(out, holds, "n = %" PRIu64 ": (%" PRIu64 "; %" PRIu64 "): a ≠ aₖ, b ≠ bₖ",
                        n, a, b);
        }
    free(lower);
    free(kind);
    return GT_OK;
}

const struct claim claim_matulis_strategy_proof = {
    .id = "matulis-strategy-proof",
    M_SOURCE,
    .item_en = "the proof that properties 1 and 2 give the strategy",
    .item_ru = "доказательство того, что свойства 1 и 2 дают стратегию",
    .statement_en = "«If a < aₙ (and b < bₙ), then either a = aₖ or b = bₖ», for a square "
                    "(a; b) with b − a = n > 0.",
    .statement_ru = "«Если же a < aₙ (и b < bₙ), то либо a = aₖ, либо b = bₖ» — для поля "
                    "(a; b), где b − a = n > 0.",
    .bound_help = "n: the differences b − a checked",
    .bound_default = 1000,
    .bound_max = 30000,
    .check = check_strategy_proof,
    .correction_en = "Read «either a = aₖ or a = bₗ»: every number is an aₖ or a bₗ "
                     "(property 1), the two cases the proof then treats («Если же a = bₗ»).",
    .correction_ru = "Следует читать «либо a = aₖ, либо a = bₗ»: каждое число есть aₖ или "
                     "bₗ (свойство 1) — это два случая, которые доказательство и разбирает "
                     "(«Если же a = bₗ»).",
    .variant = "perturb = 1: a = aₖ or a = bₗ, as meant (which holds)",
};

/* ---- the mex construction (exercise 1) --------------------------------------- */

static int check_mex_construction(uint64_t M, const struct claim_variant *v,
                                  struct claim_result *out, struct gt_error *err)
{
    uint64_t extra = v->perturb > 0 ? (uint64_t)v->perturb : 0;
    struct board_pairs p;
    uint64_t *lower = mex_lower(M + 1, extra);
    if (!lower || board_pairs(M, &p) != 0) {
        free(lower);
        return claim_nomem(err, "the board");
    }
    claim_begin(out, "a ≤ b ≤ %" PRIu64, M);
    struct claim_subscript sub;
    for (uint64_t n = 0;; n++) {
        bool built = n <= M && lower[n] + n + extra <= M, played = n < p.n;
        if (!built && !played)
            break;
        out->cases++;
        uint64_t a = built ? lower[n] : 0, b = a + n + extra;
        if (built && played && a == p.a[n] && b == p.b[n])
            continue;
        if (!played)
            claim_counterexample(out, "n = %" PRIu64 ": (%" PRIu64 "; %" PRIu64 ") → N", n, a, b);
        else if (!built)
            claim_counterexample(out, "(a%s; b%s) = (%" PRIu64 "; %" PRIu64 ") not built",
                                 claim_sub(n, &sub), sub.text, p.a[n], p.b[n]);
        else
            claim_counterexample(
                out, "n = %" PRIu64 ": (%" PRIu64 "; %" PRIu64 ") → (%" PRIu64 "; %" PRIu64 ")", n,
                a, b, p.a[n], p.b[n]);
    }
    free(lower);
    board_pairs_free(&p);
    return GT_OK;
}

const struct claim claim_matulis_mex_construction = {
    .id = "matulis-mex-construction",
    M_SOURCE,
    .item_en = "the recursive rule, exercise 1",
    .item_ru = "рекуррентное правило, упражнение 1",
    .statement_en = "Let a₀ = b₀ = 0; aₙ is the least natural number not among a₀, b₀, …, aₙ₋₁, bₙ₋₁, "
                    "and bₙ = aₙ + n. These pairs are the P-positions.",
    .statement_ru = "Пусть a₀ = b₀ = 0; aₙ — наименьшее натуральное число, отсутствующее среди "
                    "a₀, b₀, …, aₙ₋₁, bₙ₋₁, а bₙ = aₙ + n. Эти пары — проигрышные поля.",
    .bound_help = "M: the board 0..M the game is played on",
    .bound_default = 1000,
    .bound_max = 4095,
    .check = check_mex_construction,
    .variant = "perturb = k: bₙ = aₙ + n + k",
};

/* ---- the list of frequencies ------------------------------------------------- */

/* "0,6667" as digits/10^places. */
static void parse_decimal(const char *s, uint64_t *digits, unsigned *places)
{
    *digits = 0;
    *places = 0;
    bool frac = false;
    for (; *s; s++) {
        if (*s == ',') {
            frac = true;
            continue;
        }
        *digits = *digits * 10 + (uint64_t)(*s - '0');
        *places += frac;
    }
}

/* Whether "num/den rel text" is right: rel "=" needs the decimal to be the
 * fraction exactly, "≈" the fraction rounded to its places and not exact. */
static bool decimal_agrees(uint64_t num, uint64_t den, const char *text, bool exact)
{
    uint64_t digits;
    unsigned places;
    parse_decimal(text, &digits, &places);
    u128 scale = 1;
    for (unsigned i = 0; i < places; i++)
        scale *= 10;
    i128 diff = (i128)((u128)num * scale) - (i128)((u128)digits * den); /* (num/den - d) den 10^k */
    if (exact)
        return diff == 0;
    i128 twice = diff < 0 ? -2 * diff : 2 * diff;
    return diff != 0 && twice <= (i128)den;
}

/* The decimal of num/den with `places` digits and a decimal comma, and "=" or "≈". */
static void decimal_text(uint64_t num, uint64_t den, unsigned places, char *buf, size_t size)
{
    struct decimal d = decimal_of_fraction(num, den, places);
    char frac[DECIMAL_BUF_SIZE];
    decimal_format_frac_trimmed(&d, frac);
    snprintf(buf, size, "%s %" PRIu64 "%s%s", d.exact ? "=" : "≈", d.int_part, frac[0] ? "," : "",
             frac);
}

static int check_table_frequencies(uint64_t bound, const struct claim_variant *v,
                                   struct claim_result *out, struct gt_error *err)
{
    (void)bound;
    struct matulis_frequency printed[MATULIS_FREQUENCIES_N];
    memcpy(printed, matulis_frequencies, sizeof printed);
    if (v->perturb > 0 && v->perturb <= MATULIS_FREQUENCIES_N) { /* p_k and q_k exchanged */
        struct matulis_frequency *f = &printed[v->perturb - 1];
        uint64_t t = f->A;
        f->A = f->B, f->B = t;
        const char *s = f->p;
        f->p = f->q, f->q = s;
        bool e = f->p_exact;
        f->p_exact = f->q_exact, f->q_exact = e;
    }
    struct board_pairs p;
    if (board_pairs(40, &p) != 0)
        return claim_nomem(err, "the board 0..40");
    claim_begin(out, "1 ≤ N ≤ %d", MATULIS_FREQUENCIES_N);
    struct claim_subscript sub;
    char text[64];
    for (size_t i = 0; i < MATULIS_FREQUENCIES_N; i++) {
        const struct matulis_frequency *f = &printed[i];
        uint64_t A = 0, B = 0; /* counted from the game's P-positions, n >= 1 */
        for (uint64_t n = 1; n < p.n; n++) {
            A += p.a[n] <= f->N;
            B += p.b[n] <= f->N;
        }
        const struct {
            char name;
            uint64_t printed, computed;
            const char *decimal;
            bool exact;
        } cells[2] = {{'p', f->A, A, f->p, f->p_exact}, {'q', f->B, B, f->q, f->q_exact}};
        for (int c = 0; c < 2; c++) {
            out->cases += 2;
            uint64_t N = f->N;
            if (cells[c].printed != cells[c].computed) {
                claim_counterexample(out, "%c%s = %" PRIu64 "/%" PRIu64 " → %" PRIu64 "/%" PRIu64,
                                     cells[c].name, claim_sub(N, &sub), cells[c].printed, N,
                                     cells[c].computed, N);
                continue;
            }
            if (!decimal_agrees(cells[c].computed, N, cells[c].decimal, cells[c].exact)) {
                uint64_t digits;
                unsigned places;
                parse_decimal(cells[c].decimal, &digits, &places);
                decimal_text(cells[c].computed, N, places, text, sizeof text);
                claim_counterexample(out, "%c%s = %" PRIu64 "/%" PRIu64 " %s %s → %s",
                                     cells[c].name, claim_sub(N, &sub), cells[c].computed, N,
                                     cells[c].exact ? "=" : "≈", cells[c].decimal, text);
            }
        }
    }
    board_pairs_free(&p);
    return GT_OK;
}

const struct claim claim_matulis_table_frequencies = {
    .id = "matulis-table-frequencies",
    M_SOURCE,
    .item_en = "the list of p_N and q_N",
    .item_ru = "ряд чисел p_N и q_N",
    .statement_en = "The printed frequencies p_N = A_N/N, q_N = B_N/N for N = 1…11, from "
                    "p₁ = 1/1 = 1, q₁ = 0/1 = 0 to p₁₁ = 7/11 ≈ 0,6364, q₁₁ = 4/11 ≈ 0,3636.",
    .statement_ru = "Напечатанные частоты p_N = A_N/N, q_N = B_N/N при N = 1…11, от "
                    "p₁ = 1/1 = 1, q₁ = 0/1 = 0 до p₁₁ = 7/11 ≈ 0,6364, q₁₁ = 4/11 ≈ 0,3636.",
    .bound_help = "the 11 printed lines (fixed)",
    .bound_default = MATULIS_FREQUENCIES_N,
    .bound_max = MATULIS_FREQUENCIES_N,
    .check = check_table_frequencies,
    .variant = "perturb = k: p_k and q_k exchanged",
};

/* ---- the remark on the frequencies --------------------------------------------- */

/* A_N or B_N for N = 1..bound, counted from the construction's pairs:
 * count[N - 1].  NULL when out of memory. */
static uint64_t *counts_up_to(uint64_t bound, bool upper)
{
    uint64_t pairs = bound + 2; /* a_n >= n: a_{bound+1} > bound */
    uint64_t *lower = mex_lower(pairs, 0);
    uint64_t *count = malloc(bound * sizeof *count);
    if (!lower || !count) {
        free(lower);
        free(count);
        return NULL;
    }
    uint64_t c = 0, n = 1;
    for (uint64_t N = 1; !interrupt_signal && N <= bound; N++) {
        while (n < pairs && (upper ? lower[n] + n : lower[n]) <= N)
            n++, c++;
        count[N - 1] = c;
    }
    free(lower);
    return count;
}

static int check_remark_frequencies(uint64_t bound, const struct claim_variant *v,
                                    struct claim_result *out, struct gt_error *err)
{
    bool q = v->perturb == 1;
    uint64_t *count = counts_up_to(bound, q);
    if (!count)
        return claim_nomem(err, "the pairs");
    claim_begin(out, "2 ≤ N ≤ %" PRIu64 ": 1/5 ≤ %c_N ≤ 1/2", bound, q ? 'q' : 'p');
    struct claim_subscript sub;
    for (uint64_t N = 2; !interrupt_signal && N <= bound; N++) {
        uint64_t A = count[N - 1];
        claim_check(out, 5 * A >= N && 2 * A <= N, "%c%s = %" PRIu64 "/%" PRIu64, q ? 'q' : 'p',
                    claim_sub(N, &sub), A, N);
    }
    free(count);
    return GT_OK;
}

const struct claim claim_matulis_remark_frequencies = {
    .id = "matulis-remark-frequencies",
    M_SOURCE,
    .item_en = "section «Частоты», remark on the list",
    .item_ru = "раздел «Частоты», замечание к ряду",
    .statement_en = "«The numbers p_N … group around a value close to 0.3–0.4» (checked as "
                    "0.2 ≤ p_N ≤ 0.5, N ≥ 2).",
    .statement_ru = "«Числа p_N … „группируются“ около величины, близкой к 0,3—0,4» (проверено как "
                    "0,2 ≤ p_N ≤ 0,5, N ≥ 2).",
    .bound_help = "N: the frequencies checked (11: the printed list)",
    .bound_default = MATULIS_FREQUENCIES_N,
    .bound_max = 10000000,
    .check = check_remark_frequencies,
    .correction_en = "The p_N lie near 0.6 (their limit is 1/u ≈ 0.618); it is the q_N that group "
                     "near 0.3–0.4 (limit 1/v ≈ 0.382).",
    .correction_ru = "Числа p_N близки к 0,6 (их предел 1/u ≈ 0,618); около 0,3—0,4 группируются "
                     "числа q_N (предел 1/v ≈ 0,382).",
    .variant = "perturb = 1: the q_N instead of the p_N (which holds)",
};

/* ---- the limits of p_N and q_N ------------------------------------------------- */

/* |N√5 - s| < 2, exactly, by squares. */
static bool within_two_of_n_sqrt5(i128 s, uint64_t N)
{
    i128 five_n2 = (i128)5 * N * N;
    bool above = s - 2 < 0 || (s - 2) * (s - 2) < five_n2; /* s - 2 < N√5 */
    bool below = s + 2 > 0 && (s + 2) * (s + 2) > five_n2;  /* N√5 < s + 2 */
    return above && below;
}

static int check_limits(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                        struct gt_error *err)
{
    uint64_t *A = counts_up_to(bound, false), *B = counts_up_to(bound, true);
    if (!A || !B) {
        free(A);
        free(B);
        return claim_nomem(err, "the pairs");
    }
    i128 delta = v->perturb;
    claim_begin(out, "1 ≤ N ≤ %" PRIu64, bound);
    struct claim_subscript sub;
    for (uint64_t N = 1; !interrupt_signal && N <= bound; N++) {
        out->cases++;
        /* N/u = N(√5 - 1)/2 (with the variant, N(√5 - 1 + delta)/2): |A - N/u| < 1
         * iff |N√5 - (2A + N - delta N)| < 2.  N/v = N(3 - √5)/2: |B - N/v| < 1
         * iff |N√5 - (3N - 2B)| < 2. */
        i128 sa = 2 * (i128)A[N - 1] + N - delta * N, sb = 3 * (i128)N - 2 * (i128)B[N - 1];
        if (!within_two_of_n_sqrt5(sa, N))
            claim_counterexample(out, "N = %" PRIu64 ": A%s = %" PRIu64, N, claim_sub(N, &sub),
                                 A[N - 1]);
        else if (!within_two_of_n_sqrt5(sb, N))
            claim_counterexample(out, "N = %" PRIu64 ": B%s = %" PRIu64, N, claim_sub(N, &sub),
                                 B[N - 1]);
    }
    free(A);
    free(B);
    return GT_OK;
}

const struct claim claim_matulis_limits = {
    .id = "matulis-limits",
    M_SOURCE,
    .item_en = "section «Частоты», the limits p and q",
    .item_ru = "раздел «Частоты», пределы p и q",
    .statement_en = "p_N → p = 1/u and q_N → q = 1/v, u = (1 + √5)/2, v = (3 + √5)/2 "
                    "(checked as |A_N − N/u| < 1, |B_N − N/v| < 1, so |p_N − p| < 1/N).",
    .statement_ru = "p_N → p = 1/u и q_N → q = 1/v, u = (1 + √5)/2, v = (3 + √5)/2 "
                    "(проверено как |A_N − N/u| < 1, |B_N − N/v| < 1, т. е. |p_N − p| < 1/N).",
    .bound_help = "N: the frequencies checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_limits,
    .variant = "perturb = k: 1/u = (√5 − 1 + k)/2",
};

/* ---- Theorem 1 ------------------------------------------------------------------ */

static int check_theorem_1(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    uint64_t *lower = mex_lower(bound + 1, 0);
    if (!lower)
        return claim_nomem(err, "the pairs");
    /* u = (p + √5)/2 with p = 1 as printed; [nu] = (np + [√(5n²)])/2, since np is whole. */
    uint64_t p = 1 + (uint64_t)(v->perturb > 0 ? v->perturb : 0);
    claim_begin(out, "1 ≤ n ≤ %" PRIu64, bound);
    for (uint64_t n = 1; !interrupt_signal && n <= bound; n++) {
        uint64_t root = isqrt_u128((u128)5 * n * n);
        uint64_t nu = (uint64_t)(((u128)n * p + root) / 2);
        uint64_t nv = (uint64_t)(((u128)n * (p + 2) + root) / 2);
        claim_check(out, nu == lower[n] && nv == lower[n] + n,
                    "n = %" PRIu64 ": ([nu]; [nv]) = (%" PRIu64 "; %" PRIu64 ") → (%" PRIu64
                    "; %" PRIu64 ")",
                    n, nu, nv, lower[n], (lower[n] + n));
    }
    free(lower);
    return GT_OK;
}

const struct claim claim_matulis_theorem_1 = {
    .id = "matulis-theorem-1",
    M_SOURCE,
    .item_en = "Theorem 1",
    .item_ru = "теорема 1",
    .statement_en = "Let u = (1 + √5)/2, v = u² = (3 + √5)/2. A position (a; b), b > a, is a "
                    "P-position iff a = [nu], b = [nv] for some natural n.",
    .statement_ru = "Пусть u = (1 + √5)/2, v = u² = (3 + √5)/2. Поле (a; b), b > a, проигрышное "
                    "тогда и только тогда, когда a = [nu], b = [nv] при некотором натуральном n.",
    .bound_help = "n: the pairs checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_theorem_1,
    .variant = "perturb = k: u = (1 + k + √5)/2, v = u + 1",
};

/* ---- property 3 --------------------------------------------------------------------- */

static int check_property_3(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint64_t count = 2 * bound + 8; /* the successors' indices a_n + 1 < 1.62 n + 2 */
    uint64_t *lower = mex_lower(count, 0);
    if (!lower)
        return claim_nomem(err, "the pairs");
    uint64_t extra = (uint64_t)(v->perturb > 0 ? v->perturb : 0);
    claim_begin(out, "1 ≤ n ≤ %" PRIu64, bound);
    for (uint64_t n = 1; !interrupt_signal && n <= bound; n++) {
        uint64_t a = lower[n], b = a + n;
        uint64_t s[2][2] = {{b - 1, a + b - 1}, {b + 1, a + b + 2 + extra}};
        for (int i = 0; i < 2; i++) {
            claim_check(out, mex_is_p(lower, count, s[i][0], s[i][1]),
                        "n = %" PRIu64 ": (%" PRIu64 "; %" PRIu64 "): P → N", n, s[i][0], s[i][1]);
        }
    }
    free(lower);
    return GT_OK;
}

const struct claim claim_matulis_property_3 = {
    .id = "matulis-property-3",
    M_SOURCE,
    .item_en = "property 3, exercise 3",
    .item_ru = "свойство 3, упражнение 3",
    .statement_en = "If (aₙ; bₙ) is a P-position, so are (bₙ − 1; aₙ + bₙ − 1) and (bₙ + 1; aₙ + bₙ + 2).",
    .statement_ru = "Если (aₙ; bₙ) — проигрышная пара, то пары (bₙ − 1; aₙ + bₙ − 1) и "
                    "(bₙ + 1; aₙ + bₙ + 2) — тоже проигрышные.",
    .bound_help = "n: the pairs whose successors are checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_property_3,
    .variant = "perturb = k: the second successor (bₙ + 1; aₙ + bₙ + 2 + k)",
};

/* ---- exercise 2 ------------------------------------------------------------------- */

static int check_exercise_2(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint64_t *lower = mex_lower(bound + 1, 0);
    if (!lower)
        return claim_nomem(err, "the pairs");
    uint64_t a_max = 2 - (uint64_t)(v->perturb == 1);
    claim_begin(out, "0 ≤ n < %" PRIu64, bound);
    struct claim_subscript s1, s2;
    for (uint64_t n = 0; !interrupt_signal && n < bound; n++) {
        uint64_t da = lower[n + 1] - lower[n], db = da + 1; /* b_{n+1} - b_n = da + 1 */
        claim_check(out, da >= 1 && da <= a_max, "a%s − a%s = %" PRIu64, claim_sub(n + 1, &s1),
                    claim_sub(n, &s2), da);
        claim_check(out, db >= 2 && db <= 3, "b%s − b%s = %" PRIu64, claim_sub(n + 1, &s1),
                    claim_sub(n, &s2), db);
    }
    free(lower);
    return GT_OK;
}

const struct claim claim_matulis_exercise_2 = {
    .id = "matulis-exercise-2",
    M_SOURCE,
    .item_en = "exercise 2",
    .item_ru = "упражнение 2",
    .statement_en = "For consecutive P-positions: 2 ≤ bₙ₊₁ − bₙ ≤ 3 and 1 ≤ aₙ₊₁ − aₙ ≤ 2.",
    .statement_ru = "Для проигрышных пар (aₙ; bₙ) и (aₙ₊₁; bₙ₊₁): 2 ≤ bₙ₊₁ − bₙ ≤ 3 и "
                    "1 ≤ aₙ₊₁ − aₙ ≤ 2.",
    .bound_help = "n: the consecutive pairs checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_exercise_2,
    .variant = "perturb = 1: aₙ₊₁ − aₙ ≤ 1 claimed",
};

/* ---- the count behind property 3 (a misprint) ------------------------------------- */

/* As printed, with a_l = b_n + 1 (set just before): #{i >= 1 : b_i < a_l} =
 * n - 1.  perturb 1 reads a_k = b_n - 1, as meant. */
static int check_property_3_count(uint64_t bound, const struct claim_variant *v,
                                  struct claim_result *out, struct gt_error *err)
{
    uint64_t *lower = mex_lower(bound + 2, 0);
    if (!lower)
        return claim_nomem(err, "the pairs");
    bool as_meant = v->perturb == 1;
    claim_begin(out, "1 ≤ n ≤ %" PRIu64, bound);
    uint64_t below = 0, i = 1; /* #{i >= 1 : b_i < x}, x growing with n */
    for (uint64_t n = 1; !interrupt_signal && n <= bound; n++) {
        uint64_t b = lower[n] + n, x = as_meant ? b - 1 : b + 1;
        while (i <= bound + 1 && lower[i] + i < x)
            i++, below++;
        claim_check(out, below == n - 1,
                    "n = %" PRIu64 ": #{bᵢ < %s = %" PRIu64 "} = %" PRIu64 " → %" PRIu64, n,
                    as_meant ? "aₖ" : "aₗ", x, (n - 1), below);
    }
    free(lower);
    return GT_OK;
}

const struct claim claim_matulis_property_3_count = {
    .id = "matulis-property-3-count",
    M_SOURCE,
    .item_en = "property 3, the proof",
    .item_ru = "свойство 3, доказательство",
    .statement_en = "«With a_l = b_n − 1 the number of the b_l less than a_l is n − 1», where "
                    "aₗ = bₙ + 1 was set just before: #{i ≥ 1 : bᵢ < aₗ} = n − 1.",
    .statement_ru = "«При a_l = b_n − 1 количество чисел b_l, меньших a_l, равно n − 1», где "
                    "только что положено aₗ = bₙ + 1: #{i ≥ 1 : bᵢ < aₗ} = n − 1.",
    .bound_help = "n: the pairs checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_property_3_count,
    .correction_en = "Read aₖ for aₗ: #{i ≥ 1 : bᵢ < aₖ = bₙ − 1} = n − 1, so k = aₙ. "
                     "Below aₗ = bₙ + 1 there are n numbers bᵢ, so l = aₙ + 1 (exercise 3).",
    .correction_ru = "Следует читать aₖ вместо aₗ: #{i ≥ 1 : bᵢ < aₖ = bₙ − 1} = n − 1, откуда "
                     "k = aₙ. Меньше aₗ = bₙ + 1 ровно n чисел bᵢ, откуда l = aₙ + 1 "
                     "(упражнение 3).",
    .variant = "perturb = 1: aₖ = bₙ − 1, as meant (which holds)",
};

/* ---- exercise 4 --------------------------------------------------------------------- */

/* The pairs reached from (a0; b0) by the two operations of property 3
 * (only the first with perturb 1), within b <= B: reached[a] = 1.  Each
 * reached pair must be a P-position; those that are not are counterexamples. */
static int reach(uint64_t a0, uint64_t b0, uint64_t B, bool both, const uint64_t *lower,
                 uint64_t count, uint8_t *reached, struct claim_result *out)
{
    uint64_t *stack = malloc((B + 2) * 2 * sizeof *stack);
    if (!stack)
        return -1;
    size_t top = 0;
    stack[top++] = a0, stack[top++] = b0;
    reached[a0] = 1;
    while (top) {
        uint64_t b = stack[--top], a = stack[--top];
        uint64_t next[2][2] = {{b - 1, a + b - 1}, {b + 1, a + b + 2}};
        for (int i = 0; i < (both ? 2 : 1); i++) {
            uint64_t x = next[i][0], y = next[i][1];
            if ((i == 0 && b == 0) || y > B || reached[x]) /* (0; 0): no first successor */
                continue;
            reached[x] = 1;
            if (!mex_is_p(lower, count, x, y)) {
                claim_counterexample(out, "(%" PRIu64 "; %" PRIu64 ") reached: P → N", x, y);
                continue;
            }
            stack[top++] = x, stack[top++] = y;
        }
    }
    free(stack);
    return 0;
}

static int check_exercise_4(uint64_t B, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint64_t count = B + 2;
    uint64_t *lower = mex_lower(count, 0);
    uint8_t *reached = calloc(B + 2, 1);
    if (!lower || !reached) {
        free(lower);
        free(reached);
        return claim_nomem(err, "the pairs");
    }
    claim_begin(out, "b ≤ %" PRIu64 "; (0; 0), (1; 2)", B);
    bool both = v->perturb != 1;
    static const uint64_t start[2][2] = {{0, 0}, {1, 2}};
    for (int s = 0; s < 2; s++) {
        memset(reached, 0, B + 2);
        if (reach(start[s][0], start[s][1], B, both, lower, count, reached, out) != 0) {
            free(lower);
            free(reached);
            return claim_nomem(err, "the search");
        }
        for (uint64_t n = s; !interrupt_signal && lower[n] + n <= B; n++) {
            claim_check(out, reached[lower[n]],
                        "(%" PRIu64 "; %" PRIu64 ") ∉ R(%" PRIu64 "; %" PRIu64 ")", lower[n],
                        (lower[n] + n), start[s][0], start[s][1]);
        }
    }
    free(lower);
    free(reached);
    return GT_OK;
}

const struct claim claim_matulis_exercise_4 = {
    .id = "matulis-exercise-4",
    M_SOURCE,
    .item_en = "exercise 4",
    .item_ru = "упражнение 4",
    .statement_en = "Every P-position can be obtained from (0; 0) or from (1; 2) by the operations "
                    "of property 3.",
    .statement_ru = "Любая отмеченная пара может быть получена из пары (0; 0) или пары (1; 2) с помощью "
                    "последовательного применения операций свойства 3.",
    .bound_help = "B: the pairs with b <= B",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_exercise_4,
    .correction_en = "(0; 0) alone suffices: its one successor is (1; 2).",
    .correction_ru = "Достаточно одной пары (0; 0): её единственный последователь — (1; 2).",
    .variant = "perturb = 1: the first operation only",
};

/* ---- Theorem 2 ---------------------------------------------------------------------- */

/* The Fibonacci basis 1, 2, 3, 5, 8, ... (f_2, f_3, ... in the usual numbering). */
static size_t fibonacci_basis(uint64_t *f, size_t max)
{
    size_t n = 0;
    for (uint64_t a = 1, b = 2; n < max && a < UINT64_MAX / 2; n++) {
        f[n] = a;
        uint64_t c = a + b;
        a = b, b = c;
    }
    return n;
}

/* n - 1 written greedily over the basis (the Zeckendorf representation),
 * each term f moved `shift` places up the basis; the term 1 goes to
 * `one_goes_to` instead when that is not 0 (f_1 -> f_2 = 1). */
static uint64_t shifted_sum(uint64_t x, const uint64_t *f, size_t nf, unsigned shift,
                            uint64_t one_goes_to)
{
    uint64_t sum = 0;
    for (size_t i = nf; i-- > 0;)
        if (f[i] <= x) {
            x -= f[i];
            sum += i == 0 && one_goes_to ? one_goes_to : f[i + shift];
        }
    return sum;
}

static int check_theorem_2_as(uint64_t bound, unsigned shift, uint64_t one_goes_to,
                              struct claim_result *out, struct gt_error *err)
{
    uint64_t *lower = mex_lower(bound + 1, 0);
    if (!lower)
        return claim_nomem(err, "the pairs");
    uint64_t f[64];
    size_t nf = fibonacci_basis(f, 64) - 4; /* room for the shift */
    claim_begin(out, "1 ≤ n ≤ %" PRIu64, bound);
    struct claim_subscript sub;
    for (uint64_t n = 1; !interrupt_signal && n <= bound; n++) {
        uint64_t s = shifted_sum(n - 1, f, nf, shift, one_goes_to);
        claim_check(out, s == lower[n] - 1, "n = %" PRIu64 ": a%s − 1 = %" PRIu64 " → %" PRIu64, n,
                    claim_sub(n, &sub), s, (lower[n] - 1));
    }
    free(lower);
    return GT_OK;
}

static int check_theorem_2(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    return check_theorem_2_as(bound, 1 + (unsigned)(v->perturb > 0 ? v->perturb : 0), 0, out, err);
}

const struct claim claim_matulis_theorem_2 = {
    .id = "matulis-theorem-2",
    M_SOURCE,
    .item_en = "Theorem 2",
    .item_ru = "теорема 2",
    .statement_en = "If n − 1 = f_k₁ + … + f_kᵢ, a sum of distinct Fibonacci numbers 1, 2, 3, 5, 8, …, "
                    "then aₙ − 1 = f_(k₁+1) + … + f_(kᵢ+1) (checked with the Zeckendorf sum).",
    .statement_ru = "Если n − 1 = f_k₁ + … + f_kᵢ — сумма неповторяющихся чисел Фибоначчи 1, 2, 3, 5, 8, …, "
                    "то aₙ − 1 = f_(k₁+1) + … + f_(kᵢ+1) (проверено для суммы Цекендорфа).",
    .bound_help = "n: the pairs checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_theorem_2,
    .variant = "perturb = k: each term moved 1 + k places",
};

static int check_theorem_2_f1(uint64_t bound, const struct claim_variant *v,
                              struct claim_result *out, struct gt_error *err)
{
    /* With f_1 = f_2 = 1 and the 1 of the sum taken as f_1, it moves to
     * f_2 = 1; perturb 1 takes it as f_2 (it moves to f_3 = 2). */
    return check_theorem_2_as(bound, 1, v->perturb == 1 ? 0 : 1, out, err);
}

const struct claim claim_matulis_theorem_2_f1 = {
    .id = "matulis-theorem-2-f1",
    M_SOURCE,
    .item_en = "Theorem 2, numbered from f₁ = f₂ = 1",
    .item_ru = "теорема 2 при нумерации f₁ = f₂ = 1",
    .statement_en = "Theorem 2 with the usual numbering f₁ = f₂ = 1, f₃ = 2, … (the article does not "
                    "say which), the 1 in a sum taken as f₁.",
    .statement_ru = "Теорема 2 при обычной нумерации f₁ = f₂ = 1, f₃ = 2, … (в статье нумерация не "
                    "указана), если 1 в сумме считать числом f₁.",
    .bound_help = "n: the pairs checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_theorem_2_f1,
    .correction_en = "Every sum that uses f₁ comes out one short. Number the Fibonacci numbers "
                     "so that 1 = f₂ (the basis 1, 2, 3, 5, 8, …): then the theorem holds.",
    .correction_ru = "Каждая сумма с f₁ получается на единицу меньше. Числа Фибоначчи надо "
                     "нумеровать так, чтобы 1 = f₂ (базис 1, 2, 3, 5, 8, …): тогда теорема верна.",
    .variant = "perturb = 1: the 1 taken as f₂ (which holds)",
};
