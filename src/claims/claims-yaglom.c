/* claims-yaglom.c: the claims of I. M. Yaglom, «Две игры со спичками»,
 * Kvant 1971 no. 2 (Nim and «цзяньшицзы», Wythoff's game, read in the
 * binary and the Fibonacci systems).
 *
 * The truth is the game: Nim and Wythoff's game with k heaps solved by the
 * generic solver (solver.h), two-heap Wythoff by the sieve of games.h. The
 * article is known through an OCR text that is garbled in places: its
 * tables are transcribed as far as they are readable, and the unreadable
 * cells are skipped (counted, not failed). */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "claims/claims.h"
#include "games/games.h"
#include "games/numeration.h"
#include "games/solver.h"

#define Y_SOURCE .article = ARTICLE_YAGLOM

/* ---- the printed tables --------------------------------------------------- */

/* Table Ia (p. 8 of the OCR text), rows a, b, c, columns 1..15. Every row
 * has 15 cells and each column is a consistent triple. */
const char *const yaglom_table_Ia[3][YAGLOM_IA_COLUMNS] = {
    {"0", "0", "1", "0", "0", "1", "0", "10", "0", "11", "10", "1", "0", "0", "1"},
    {"1", "10", "10", "11", "100", "100", "101", "100", "110", "100", "101", "110", "111", "1000",
     "1000"},
    {"1", "10", "11", "11", "100", "101", "101", "110", "110", "111", "111", "111", "111", "1000",
     "1001"},
};

/* Table IIa: a_1..a_7 and b_1..b_6 of the first block, a_9..a_13 (1110
 * 10000 10001 10011 10101) of the second are readable.  The OCR repeats
 * cells where the rest should be: it prints a_8 as "1011" (the cell before
 * it), b_7 as "1111" and b_8 as "1010", and the second block's other cells
 * as a run of repeated numbers. */
const char *const yaglom_table_IIa[2][YAGLOM_II_COLUMNS] = {
    {"1", "11", "100", "110", "1000", "1001", "1011", NULL, "1110", "10000", "10001", "10011",
     "10101", NULL, NULL},
    {"10", "101", "111", "1010", "1101", "1111", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL},
};
const char *const yaglom_table_IIa_ocr[2][YAGLOM_II_COLUMNS] = {
    {[7] = "1011"},
    {[6] = "1111", [7] = "1010"},
};

/* «составляющие последний столбец таблицы II числа 24 и 39»; «1-й, 2-й, 5-й
 * и 13-й столбцы таблицы». */
const uint64_t yaglom_table_II_last[2] = {24, 39};
const int yaglom_table_II_fibonacci_columns[4] = {1, 2, 5, 13};

/* ---- helpers ------------------------------------------------------------------ */

/* The outcomes of a heap game (game_nim or game_wythoff already set up):
 * is_n[s] = 1 where the player to move wins.  NULL when out of memory. */
static uint8_t *outcomes(const struct game *g, enum play play)
{
    struct game stoppable = *g;
    stoppable.stop = &interrupt_signal;
    uint8_t *is_n = malloc(g->nstates);
    if (is_n && solve_outcome(&stoppable, play, is_n) != SOLVER_OK) {
        free(is_n);
        return NULL;
    }
    return is_n;
}

/* The largest M with (M + 1)^k <= states (at least 1, at most 255: a
 * solver's position has O(k M) moves), within the solver. */
static uint64_t heap_size_for(unsigned k, uint64_t states)
{
    uint64_t M = 1;
    for (; M < 255;) {
        unsigned __int128 n = 1;
        for (unsigned i = 0; i < k; i++)
            n *= M + 2;
        if (n > states || n > SOLVER_STATES_MAX)
            return M;
        M++;
    }
    return M;
}

/* Theorem I's rule: in every binary place (from place `from` up) the
 * digits of the heaps add up to an even number. */
static bool digit_sums_even(const uint64_t *h, unsigned k, unsigned from)
{
    for (unsigned place = from; place < 64; place++) {
        unsigned sum = 0;
        for (unsigned i = 0; i < k; i++)
            sum += (unsigned)(h[i] >> place & 1);
        if (sum % 2)
            return false;
    }
    return true;
}

/* "(1, 2, 3)" */
static const char *tuple_text(const uint64_t *h, unsigned k, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < k && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%" PRIu64 "%s", i ? ", " : "(", h[i],
                              i + 1 == k ? ")" : "");
    return buf;
}

/* The Fibonacci basis 1, 2, 3, 5, 8, ... */
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

/* a in the Fibonacci system (greedily: no two 1s side by side; 0 is the
 * empty word): the number of zeros it ends in, and the value of the word
 * with a zero appended. */
static void fibonacci_word(uint64_t a, const uint64_t *f, size_t nf, unsigned *zeros,
                           uint64_t *shifted)
{
    *zeros = 0;
    *shifted = 0;
    size_t lowest = nf;
    for (size_t i = nf; i-- > 0;)
        if (f[i] <= a) {
            a -= f[i];
            *shifted += f[i + 1];
            lowest = i;
        }
    *zeros = lowest == nf ? 0 : (unsigned)lowest;
}

/* ---- Table Ia ------------------------------------------------------------------ */

static int check_table_Ia(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                          struct gt_error *err)
{
    (void)bound;
    const char *printed[3 * YAGLOM_IA_COLUMNS];
    memcpy(printed, yaglom_table_Ia, sizeof printed);
    if (v->perturb > 0 && v->perturb < 3 * YAGLOM_IA_COLUMNS) {
        const char *t = printed[v->perturb - 1];
        printed[v->perturb - 1] = printed[v->perturb];
        printed[v->perturb] = t;
    }
    /* The P-positions of Nim with three heaps of 0..15, played out, in the
     * table's order: by c, then b, 0 <= a <= b <= c, not all zero. */
    const uint64_t M = 15;
    struct game g;
    game_nim(&g, 3, M);
    uint8_t *is_n = outcomes(&g, PLAY_NORMAL);
    if (!is_n)
        return claim_nomem(err, "Nim");
    uint64_t p[YAGLOM_IA_COLUMNS][3];
    size_t np = 0;
    for (uint64_t c = 1; c <= M && np < YAGLOM_IA_COLUMNS; c++)
        for (uint64_t b = 0; b <= c && np < YAGLOM_IA_COLUMNS; b++)
            for (uint64_t a = 0; a <= b && np < YAGLOM_IA_COLUMNS; a++) {
                uint64_t h[3] = {a, b, c};
                if (!is_n[heaps_encode(&g, h)])
                    memcpy(p[np++], h, sizeof h);
            }
    free(is_n);
    claim_begin(out, "№ 1…%d", YAGLOM_IA_COLUMNS);
    for (size_t col = 0; col < YAGLOM_IA_COLUMNS; col++) {
        char got[3][NUMERATION_BUF_SIZE];
        bool same = true;
        for (int r = 0; r < 3; r++) {
            radix_digits(p[col][r], 2, got[r]);
            same &= strcmp(got[r], printed[r * YAGLOM_IA_COLUMNS + col]) == 0;
        }
        claim_check(out, same, "№ %zu: (%s, %s, %s) → (%s, %s, %s)", col + 1, printed[col],
                    printed[YAGLOM_IA_COLUMNS + col], printed[2 * YAGLOM_IA_COLUMNS + col], got[0],
                    got[1], got[2]);
    }
    return GT_OK;
}

const struct claim claim_yaglom_table_Ia = {
    .id = "yaglom-table-Ia",
    Y_SOURCE,
    .item_en = "Table Ia",
    .item_ru = "таблица Ia",
    .statement_en = "The first 15 P-positions (a, b, c) of Nim, a ≤ b ≤ c, in binary "
                    "(as the OCR text gives it).",
    .statement_ru = "Первые 15 проигрышных позиций (a, b, c) игры «ним», a ≤ b ≤ c, "
                    "в двоичной системе (по тексту OCR).",
    .bound_help = "the 15 printed columns (fixed)",
    .bound_default = YAGLOM_IA_COLUMNS,
    .bound_max = YAGLOM_IA_COLUMNS,
    .check = check_table_Ia,
    .correction_en = "(3, 5, 6) = (11, 101, 110) is missing between № 8 and № 9: the printed "
                     "№ 9–15 are the 10th–16th P-positions. Every printed triple is a P-position.",
    .correction_ru = "Пропущена позиция (3, 5, 6) = (11, 101, 110) между № 8 и № 9: напечатанные "
                     "№ 9–15 — это 10-я—16-я проигрышные позиции. Каждая напечатанная тройка "
                     "проигрышна.",
    .variant = "perturb = k: the printed cells k and k+1 (in reading order, row a, then b, "
               "then c, from 1) exchanged",
};

/* ---- Table IIa ----------------------------------------------------------------- */

/* The P-positions (a_n; b_n), n = 1..count, of two-heap Wythoff played out
 * on the board 0..M.  Returns how many were found. */
static size_t wythoff_pairs(uint64_t M, uint64_t *a, uint64_t *b, size_t count, int *nomem)
{
    uint8_t *is_p = malloc((M + 1) * (M + 1));
    *nomem = !is_p || wythoff_heaps_p_positions_until(2, M, is_p, &interrupt_signal) != 0;
    size_t n = 0;
    for (uint64_t x = 1; !interrupt_signal && !*nomem && x <= M && n < count; x++)
        for (uint64_t y = x; !interrupt_signal && y <= M; y++)
            if (is_p[x + y * (M + 1)]) {
                a[n] = x, b[n] = y, n++;
                break;
            }
    free(is_p);
    return n;
}

static int check_table_IIa(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    (void)bound;
    const char *printed[2 * YAGLOM_II_COLUMNS];
    memcpy(printed, yaglom_table_IIa, sizeof printed);
    if (v->perturb > 0 && v->perturb < 2 * YAGLOM_II_COLUMNS) {
        const char *t = printed[v->perturb - 1];
        printed[v->perturb - 1] = printed[v->perturb];
        printed[v->perturb] = t;
    }
    uint64_t p[2][YAGLOM_II_COLUMNS];
    int nomem;
    if (wythoff_pairs(60, p[0], p[1], YAGLOM_II_COLUMNS, &nomem) != YAGLOM_II_COLUMNS || nomem)
        return claim_nomem(err, "the board");
    claim_begin(out, "n = 1…%d", YAGLOM_II_COLUMNS);
    struct claim_subscript sub;
    char got[NUMERATION_BUF_SIZE];
    for (size_t col = 0; col < YAGLOM_II_COLUMNS; col++)
        for (int r = 0; r < 2; r++) {
            const char *cell = printed[r * YAGLOM_II_COLUMNS + col];
            if (!cell) {
                out->skipped++;
                continue;
            }
            radix_digits(p[r][col], 2, got);
            claim_check(out, strcmp(cell, got) == 0, "%c%s: %s → %s", r ? 'b' : 'a',
                        claim_sub(col + 1, &sub), cell, got);
        }
    return GT_OK;
}

const struct claim claim_yaglom_table_IIa = {
    .id = "yaglom-table-IIa",
    Y_SOURCE,
    .item_en = "Table IIa",
    .item_ru = "таблица IIa",
    .statement_en = "The P-positions (aₙ, bₙ) of «цзяньшицзы», n = 1…15, in binary "
                    "(the cells the OCR text gives readably).",
    .statement_ru = "Проигрышные позиции (aₙ, bₙ) игры «цзяньшицзы», n = 1…15, "
                    "в двоичной системе (клетки, читаемые в тексте OCR).",
    .bound_help = "the 30 printed cells (fixed)",
    .bound_default = YAGLOM_II_COLUMNS,
    .bound_max = YAGLOM_II_COLUMNS,
    .check = check_table_IIa,
    .correction_en = "Unreadable in the OCR (skipped): a₈ (printed as 1011; it is 1100), b₇ (1111; "
                     "10010), b₈ (1010; 10100) and the rest of the second block.",
    .correction_ru = "Не читаются в тексте OCR (пропущены): a₈ (напечатано 1011; верно 1100), "
                     "b₇ (1111; 10010), b₈ (1010; 10100) и остальные клетки второй части.",
    .variant = "perturb = k: the cells k and k+1 (row a, then row b, from 1) exchanged",
};

/* ---- what the text says of Table II ------------------------------------------------ */

static bool is_fibonacci(uint64_t x)
{
    for (uint64_t a = 1, b = 2; a <= x; b = a + b, a = b - a)
        if (a == x)
            return true;
    return false;
}

static int check_table_II(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                          struct gt_error *err)
{
    (void)bound;
    uint64_t a[YAGLOM_II_COLUMNS], b[YAGLOM_II_COLUMNS];
    int nomem;
    if (wythoff_pairs(60, a, b, YAGLOM_II_COLUMNS, &nomem) != YAGLOM_II_COLUMNS || nomem)
        return claim_nomem(err, "the board");
    int columns[4];
    memcpy(columns, yaglom_table_II_fibonacci_columns, sizeof columns);
    if (v->perturb > 0 && v->perturb <= 4)
        columns[v->perturb - 1]++;
    claim_begin(out, "№ 1…15");
    out->cases = 2 + 4 + YAGLOM_II_COLUMNS;
    if (a[14] != yaglom_table_II_last[0] || b[14] != yaglom_table_II_last[1])
        claim_counterexample(out, "№ 15: (%" PRIu64 ", %" PRIu64 ") → (%" PRIu64 ", %" PRIu64 ")",
                             yaglom_table_II_last[0], yaglom_table_II_last[1], a[14], b[14]);
    for (int i = 0; i < 4; i++) {
        int c = columns[i] - 1;
        if (!is_fibonacci(a[c]) || !is_fibonacci(b[c]))
            claim_counterexample(out, "№ %d: (%" PRIu64 ", %" PRIu64 ")", c + 1, a[c], b[c]);
    }
    for (int n = 0; n < YAGLOM_II_COLUMNS; n++) /* exercise 5 on the table: b - a = n */
        if (b[n] - a[n] != (uint64_t)n + 1)
            claim_counterexample(out, "№ %d: b − a = %" PRIu64, n + 1, (b[n] - a[n]));
    return GT_OK;
}

const struct claim claim_yaglom_table_II = {
    .id = "yaglom-table-II",
    Y_SOURCE,
    .item_en = "Table II (its numbers are not in the OCR)",
    .item_ru = "таблица II (её чисел нет в тексте OCR)",
    .statement_en = "Table II has the first 15 P-positions; its last column is 24 and 39; its "
                    "columns 1, 2, 5 and 13 hold Fibonacci numbers; b − a = n in column n (exercise 5).",
    .statement_ru = "В таблице II первые 15 проигрышных позиций; её последний столбец — 24 и 39; "
                    "в 1-м, 2-м, 5-м и 13-м столбцах — числа Фибоначчи; в n-м столбце b − a = n "
                    "(упражнение 5).",
    .bound_help = "the 15 columns (fixed)",
    .bound_default = YAGLOM_II_COLUMNS,
    .bound_max = YAGLOM_II_COLUMNS,
    .check = check_table_II,
    .correction_en = "No other column holds two Fibonacci numbers.",
    .correction_ru = "Других столбцов, где оба числа — числа Фибоначчи, нет.",
    .variant = "perturb = k: the k-th named column replaced by the next one",
};

/* ---- Theorem I and exercises 3 and 4: Nim ---------------------------------------------- */

/* Checks a rule for Nim with k heaps of 0..M against the game, position
 * by position in the order of the heaps (the first heap changing fastest
 * last): rule(h, k, arg) true for the P-positions. */
static int nim_against(unsigned k, uint64_t M, bool (*rule)(const uint64_t *, unsigned, unsigned),
                       unsigned arg, bool show_k, struct claim_result *out, struct gt_error *err)
{
    struct game g;
    if (game_nim(&g, k, M) != 0)
        return claim_nomem(err, "Nim: too many positions");
    uint8_t *is_n = outcomes(&g, PLAY_NORMAL);
    if (!is_n)
        return claim_nomem(err, "Nim");
    uint64_t h[HEAPS_MAX] = {0};
    for (bool more = true; more;) {
        bool p = !is_n[heaps_encode(&g, h)], claimed = rule(h, k, arg);
        char t[128];
        if (show_k)
            claim_check(out, p == claimed, "k = %u: %s: %c → %c", k, tuple_text(h, k, t, sizeof t),
                        claimed ? 'P' : 'N', p ? 'P' : 'N');
        else
            claim_check(out, p == claimed, "%s: %c → %c", tuple_text(h, k, t, sizeof t),
                        claimed ? 'P' : 'N', p ? 'P' : 'N');
        /* the next tuple, lexicographic, last heap fastest */
        unsigned j = k;
        while (j > 0 && h[j - 1] == M)
            h[--j] = 0;
        more = j > 0;
        if (more)
            h[j - 1]++;
    }
    free(is_n);
    return GT_OK;
}

static int check_theorem_I(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                           struct gt_error *err)
{
    claim_begin(out, "0 ≤ a, b, c ≤ %" PRIu64, M);
    return nim_against(3, M, digit_sums_even, (unsigned)(v->perturb > 0 ? v->perturb : 0), false,
                       out, err);
}

const struct claim claim_yaglom_theorem_1 = {
    .id = "yaglom-theorem-1",
    Y_SOURCE,
    .item_en = "Theorem I",
    .item_ru = "теорема I",
    .statement_en = "The P-positions (a, b, c) of Nim are exactly those where in every binary place "
                    "the digits of a, b, c add up to an even number (0 or 2).",
    .statement_ru = "Проигрышные позиции (a, b, c) в игре «ним» — те и только те, для которых сумма "
                    "цифр каждого разряда в двоичной записи чисел a, b, c чётна (0 или 2).",
    .bound_help = "M: every heap 0..M (at most 255)",
    .bound_default = 31,
    .bound_max = 255,
    .check = check_theorem_I,
    .variant = "perturb = k: the k lowest binary places not looked at",
};

static int check_exercise_3(uint64_t states, const struct claim_variant *v,
                            struct claim_result *out, struct gt_error *err)
{
    unsigned from = (unsigned)(v->perturb > 0 ? v->perturb : 0);
    char sizes[128];
    size_t len = 0;
    for (unsigned k = 2; k <= HEAPS_MAX; k++)
        len += (size_t)snprintf(sizes + len, sizeof sizes - len, "%s%" PRIu64, k > 2 ? ", " : "",
                                heap_size_for(k, states));
    claim_begin(out, "k = 2…%d, 0 ≤ hᵢ ≤ M = %s", HEAPS_MAX, sizes);
    for (unsigned k = 2; k <= HEAPS_MAX; k++)
        if (nim_against(k, heap_size_for(k, states), digit_sums_even, from, true, out, err) != GT_OK)
            return GT_ERR_RUNTIME;
    return GT_OK;
}

const struct claim claim_yaglom_exercise_3 = {
    .id = "yaglom-exercise-3",
    Y_SOURCE,
    .item_en = "exercise 3",
    .item_ru = "упражнение 3",
    .statement_en = "With any number k ≥ 2 of heaps the rule of Theorem I stays: a P-position has "
                    "an even digit sum in every binary place; for k = 2, the heaps are equal.",
    .statement_ru = "При любом числе кучек k ≥ 2 правило теоремы I сохраняется: в проигрышной позиции "
                    "сумма цифр каждого двоичного разряда чётна; при k = 2 кучки равны.",
    .bound_help = "the positions per number of heaps (k = 2..8; M <= 255)",
    .bound_default = 1 << 15,
    .bound_max = 1 << 24,
    .check = check_exercise_3,
    .variant = "perturb = k: the k lowest binary places not looked at",
};

/* Exercise 4's answer: in every base-4 place the three digits are 0, 0, 0;
 * 0, d, d; or 1, 2, 3 (without the last with `arg` = 1). */
static bool base4_rule(const uint64_t *h, unsigned k, unsigned arg)
{
    (void)k;
    for (uint64_t x = h[0], y = h[1], z = h[2]; x | y | z; x /= 4, y /= 4, z /= 4) {
        unsigned d[3] = {(unsigned)(x % 4), (unsigned)(y % 4), (unsigned)(z % 4)};
        unsigned zeros = (d[0] == 0) + (d[1] == 0) + (d[2] == 0);
        bool ok = zeros == 3 ||
                  (zeros == 1 && (d[0] == d[1] || d[1] == d[2] || d[0] == d[2])) ||
                  (arg != 1 && zeros == 0 && d[0] * d[1] * d[2] == 6 && d[0] + d[1] + d[2] == 6);
        if (!ok)
            return false;
    }
    return true;
}

static int check_exercise_4(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    claim_begin(out, "0 ≤ a, b, c ≤ %" PRIu64, M);
    return nim_against(3, M, base4_rule, v->perturb == 1, false, out, err);
}

const struct claim claim_yaglom_exercise_4 = {
    .id = "yaglom-exercise-4",
    Y_SOURCE,
    .item_en = "exercise 4 (the answer computed here)",
    .item_ru = "упражнение 4 (ответ вычислен здесь)",
    .statement_en = "In base 4, (a, b, c) is a P-position of Nim iff in every place the three digits "
                    "are 0, 0, 0; or 0, d, d; or 1, 2, 3 (in some order).",
    .statement_ru = "В четверичной системе (a, b, c) — проигрышная позиция игры «ним» тогда и только "
                    "тогда, когда в каждом разряде цифры — 0, 0, 0; или 0, d, d; или 1, 2, 3 "
                    "(в каком-либо порядке).",
    .bound_help = "M: every heap 0..M (at most 255)",
    .bound_default = 31,
    .bound_max = 255,
    .check = check_exercise_4,
    .variant = "perturb = 1: the digits 1, 2, 3 not allowed",
};

/* ---- Theorem II and exercise 5: the Fibonacci system -------------------------------------- */

static int check_theorem_II(uint64_t M, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint8_t *is_p = malloc((M + 1) * (M + 1));
    if (!is_p || wythoff_heaps_p_positions_until(2, M, is_p, &interrupt_signal) != 0) {
        free(is_p);
        return claim_nomem(err, "the board");
    }
    uint64_t f[64];
    size_t nf = fibonacci_basis(f, 64) - 2;
    unsigned parity = v->perturb == 1;
    claim_begin(out, "0 ≤ a ≤ b ≤ %" PRIu64, M);
    for (uint64_t a = 0; !interrupt_signal && a <= M; a++) {
        unsigned zeros;
        uint64_t shifted;
        fibonacci_word(a, f, nf, &zeros, &shifted);
        for (uint64_t b = a; !interrupt_signal && b <= M; b++) {
            bool claimed = zeros % 2 == parity && b == shifted, p = is_p[a + b * (M + 1)];
            claim_check(out, claimed == p, "(%" PRIu64 "; %" PRIu64 "): %c → %c", a, b,
                        claimed ? 'P' : 'N', p ? 'P' : 'N');
        }
    }
    free(is_p);
    return GT_OK;
}

const struct claim claim_yaglom_theorem_2 = {
    .id = "yaglom-theorem-2",
    Y_SOURCE,
    .item_en = "Theorem II",
    .item_ru = "теорема II",
    .statement_en = "The P-positions (a, b) of «цзяньшицзы» are exactly those where a, written in the "
                    "Fibonacci system, ends in an even number of zeros, and b is a with one more zero "
                    "appended.",
    .statement_ru = "Проигрышные позиции (a, b) в игре «цзяньшицзы» — те и только те, для которых a, "
                    "записанное в фибоначчиевой системе, кончается чётным числом нулей, а b получается "
                    "из a приписыванием ещё одного нуля.",
    .bound_help = "M: the board 0..M (at most 4095)",
    .bound_default = 1000,
    .bound_max = 4095,
    .check = check_theorem_II,
    .variant = "perturb = 1: an odd number of zeros",
};

static int check_exercise_5(uint64_t P, const struct claim_variant *v, struct claim_result *out,
                            struct gt_error *err)
{
    uint32_t *count = calloc(P + 1, sizeof *count);
    if (!count)
        return claim_nomem(err, "the differences");
    uint64_t f[64];
    size_t nf = fibonacci_basis(f, 64) - 2;
    /* b - a > 0.6 a - 1 for the words of Theorem II: beyond a = 2P + 4 no
     * difference is P or less. */
    for (uint64_t a = 1; !interrupt_signal && a <= 2 * P + 4; a++) {
        unsigned zeros;
        uint64_t b;
        fibonacci_word(a, f, nf, &zeros, &b);
        if (zeros % 2 == 0 && b - a <= P)
            count[b - a]++;
    }
    uint32_t want = 1 + (uint32_t)(v->perturb > 0 ? v->perturb : 0);
    claim_begin(out, "1 ≤ p ≤ %" PRIu64, P);
    for (uint64_t p = 1; !interrupt_signal && p <= P; p++) {
        claim_check(out, count[p] == want, "b − a = %" PRIu64 ": %u → %u", p, want, count[p]);
    }
    free(count);
    return GT_OK;
}

const struct claim claim_yaglom_exercise_5 = {
    .id = "yaglom-exercise-5",
    Y_SOURCE,
    .item_en = "exercise 5",
    .item_ru = "упражнение 5",
    .statement_en = "For every whole p > 0 exactly one position (a, b) satisfying Theorem II has "
                    "b − a = p.",
    .statement_ru = "Для любого целого положительного p существует одна и только одна позиция (a, b), "
                    "удовлетворяющая условиям теоремы II, такая, что b − a = p.",
    .bound_help = "p: the differences checked",
    .bound_default = 100000,
    .bound_max = 10000000,
    .check = check_exercise_5,
    .variant = "perturb = k: 1 + k positions claimed for each difference",
};

/* ---- exercise 8 and the four-heap problem: Wythoff's game with k heaps ------------------------ */

static int check_exercise_8(uint64_t states, const struct claim_variant *v,
                            struct claim_result *out, struct gt_error *err)
{
    unsigned shift = v->perturb == 1; /* k + 1 heaps: even */
    claim_begin(out,
                "k = %u, %u, %u, %u; 0 ≤ hᵢ ≤ M = %" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64,
                1 + shift, 3 + shift, 5 + shift, 7 + shift, heap_size_for(1 + shift, states),
                heap_size_for(3 + shift, states), heap_size_for(5 + shift, states),
                heap_size_for(7 + shift, states));
    for (unsigned k = 1 + shift; k <= 7 + shift; k += 2) {
        uint64_t M = heap_size_for(k, states);
        struct game g;
        if (game_wythoff(&g, k, M) != 0)
            return claim_nomem(err, "too many positions");
        uint8_t *is_n = outcomes(&g, PLAY_NORMAL);
        if (!is_n)
            return claim_nomem(err, "the game");
        uint64_t h[HEAPS_MAX];
        for (uint64_t s = 0; !interrupt_signal && s < g.nstates; s++) {
            heaps_decode(&g, s, h);
            bool p = !is_n[s], claimed = nim_sum(h, k) == 0;
            char t[128];
            claim_check(out, p == claimed, "k = %u: %s: %c → %c", k, tuple_text(h, k, t, sizeof t),
                        claimed ? 'P' : 'N', p ? 'P' : 'N');
        }
        free(is_n);
    }
    return GT_OK;
}

const struct claim claim_yaglom_exercise_8 = {
    .id = "yaglom-exercise-8",
    Y_SOURCE,
    .item_en = "exercise 8 (the answer computed here)",
    .item_ru = "упражнение 8 (ответ вычислен здесь)",
    .statement_en = "«цзяньшицзы» with an odd number of heaps (take any number from one heap, or the "
                    "same number from every heap): the P-positions are those of Nim (nim-sum 0).",
    .statement_ru = "«Цзяньшицзы» с нечётным числом кучек (из одной кучки любое число спичек или "
                    "поровну из всех кучек): проигрышные позиции — те же, что в игре «ним» "
                    "(ним-сумма 0).",
    .bound_help = "the positions per number of heaps (k = 1, 3, 5, 7; M <= 255)",
    .bound_default = 1 << 15,
    .bound_max = 1 << 24,
    .check = check_exercise_8,
    .variant = "perturb = 1: an even number of heaps (2, 4, 6, 8)",
};

/* Sorted heaps, for the data: the first in lexicographic order wins. */
static bool sorted(const uint64_t *h, unsigned k)
{
    for (unsigned i = 1; i < k; i++)
        if (h[i - 1] > h[i])
            return false;
    return true;
}

static int check_problem_four_heaps(uint64_t M, const struct claim_variant *v,
                                    struct claim_result *out, struct gt_error *err)
{
    struct game g;
    if (game_wythoff(&g, 4, M) != 0)
        return claim_nomem(err, "too many positions");
    uint8_t *is_n = outcomes(&g, PLAY_NORMAL), *is_p = malloc(g.nstates);
    if (!is_n || !is_p || wythoff_heaps_p_positions_until(4, M, is_p, &interrupt_signal) != 0) {
        free(is_n);
        free(is_p);
        return claim_nomem(err, "the game");
    }
    if (v->perturb > 0 && (uint64_t)v->perturb <= g.nstates)
        is_p[v->perturb - 1] ^= 1;
    /* The cases (the solver against the sieve) and the data are the
     * positions once each, heaps in ascending order: the game and both
     * verdicts do not change when the heaps are permuted. */
    claim_begin(out, "0 ≤ hᵢ ≤ %" PRIu64 "; h₁ ≤ h₂ ≤ h₃ ≤ h₄", M);
    out->outcome = CLAIM_DATA;
    uint64_t h[4], first_odd[4] = {0}, first_even[4] = {0};
    uint64_t p_count = 0, p_nonzero = 0, n_zero = 0, zero_heap_nim = 0, zero_heap = 0;
    char t[128];
    for (uint64_t s = 0; !interrupt_signal && s < g.nstates; s++) {
        heaps_decode(&g, s, h);
        if (!sorted(h, 4))
            continue;
        bool p = !is_n[s];
        claim_check(out, p == (bool)is_p[s], "%s: %c → %c", tuple_text(h, 4, t, sizeof t),
                    p ? 'P' : 'N', is_p[s] ? 'P' : 'N');
        uint64_t x = nim_sum(h, 4);
        p_count += p;
        if (p && x != 0 && p_nonzero++ == 0)
            memcpy(first_odd, h, sizeof h);
        if (!p && x == 0 && n_zero++ == 0)
            memcpy(first_even, h, sizeof h);
        if (h[0] == 0) { /* no move takes from every heap: Nim of three heaps */
            zero_heap++;
            zero_heap_nim += p == (x == 0);
        }
    }
    claim_datum(out, "#P = %" PRIu64, p_count);
    tuple_text(first_odd, 4, t, sizeof t);
    claim_datum(out, "#{P : ⊕ ≠ 0} = %" PRIu64 ", min %s", p_nonzero, t);
    tuple_text(first_even, 4, t, sizeof t);
    claim_datum(out, "#{N : ⊕ = 0} = %" PRIu64 ", min %s", n_zero, t);
    claim_datum(out, "h₁ = 0: P ⟺ ⊕ = 0 (%" PRIu64 "/%" PRIu64 ")", zero_heap_nim, zero_heap);
    free(is_n);
    free(is_p);
    return GT_OK;
}

const struct claim claim_yaglom_problem_four_heaps = {
    .id = "yaglom-problem-four-heaps",
    Y_SOURCE,
    .item_en = "the problem (four heaps), open in the article",
    .item_ru = "проблема (четыре кучки), открытая в статье",
    .statement_en = "«цзяньшицзы» with four heaps: the rule of play is unknown to the author. Data of "
                    "an exhaustive search, not a theorem: how many P-positions, and how Nim's rule fails.",
    .statement_ru = "«Цзяньшицзы» с четырьмя кучками: решение автору неизвестно. Данные полного "
                    "перебора, а не теорема: сколько проигрышных позиций и где не годится правило «нима».",
    .bound_help = "M: every heap 0..M (at most 63)",
    .bound_default = 12,
    .bound_max = 63,
    .check = check_problem_four_heaps,
    .correction_en = "Nim's rule does not carry over to four heaps: (1, 1, 1, 2) loses, (1, 1, 1, 1) "
                     "wins; with an empty heap the game is Nim of three heaps. The table "
                     "wythoff-k-heaps lists the P-positions.",
    .correction_ru = "Правило «нима» для четырёх кучек не годится: (1, 1, 1, 2) проигрышна, "
                     "(1, 1, 1, 1) выигрышна; при пустой кучке игра — «ним» с тремя кучками. "
                     "Проигрышные позиции перечисляет таблица wythoff-k-heaps.",
    .variant = "perturb = k: the sieve's verdict on position k (from 1) flipped",
};
