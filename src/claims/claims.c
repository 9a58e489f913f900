#include <config.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/interrupt.h"
#include "claims/claim.h"
#include "claims/claims.h"

const struct claim_article_info claim_articles[ARTICLE__N] = {
    [ARTICLE_MATULIS] = {"000", "Matulis & Savukinas 1984", "Матулис, Савукинас 1984",
                         "«Ферзя — в угол», «цзяньшицзы» и числа Фибоначчи",
                         "«Ферзя — в угол», «цзяньшицзы» и числа Фибоначчи",
                         "Kvant 1984 no. 7", "Квант, 1984, № 7"},
    [ARTICLE_FENG] = {"001", "Feng Yuefeng", "Фэн Юэфэн", "The three-colour game (trans.)",
                      "Игра с фишками трёх цветов (пер.)", "", ""},
    [ARTICLE_YAGLOM] = {"003", "Yaglom 1971", "Яглом 1971", "Две игры со спичками",
                        "Две игры со спичками",
                        "Kvant 1971 no. 2", "Квант, 1971, № 2"},
    [ARTICLE_TETERKO] = {"004", "Teterko", "Тетерко", "И все-таки, Гранди!", "И все-таки, Гранди!",
                         "", ""},
};

const char *const claim_languages[CLAIM_NLANGUAGES] = {"en", "ru"};

/* The index of lang in claim_languages, or -1. */
static int language_index(const char *lang)
{
    for (int i = 0; i < CLAIM_NLANGUAGES; i++)
        if (strcmp(lang, claim_languages[i]) == 0)
            return i;
    return -1;
}

bool claim_article_words(enum claim_article a, const char *lang, struct article_words *w)
{
    const struct claim_article_info *info = &claim_articles[a];
    switch (language_index(lang)) {
    case 0: *w = (struct article_words){info->cite_en, info->title_en, info->journal_en}; break;
    case 1: *w = (struct article_words){info->cite_ru, info->title_ru, info->journal_ru}; break;
    default: return false;
    }
    return true;
}

bool claim_words(const struct claim *c, const char *lang, struct claim_words *w)
{
    switch (language_index(lang)) {
    case 0: *w = (struct claim_words){c->item_en, c->statement_en, c->correction_en}; break;
    case 1: *w = (struct claim_words){c->item_ru, c->statement_ru, c->correction_ru}; break;
    default: return false;
    }
    return true;
}

const struct claim *const claim_registry[] = {
    /* Matulis & Savukinas, in the order of the article */
    &claim_matulis_table_p_positions,
    &claim_matulis_property_1,
    &claim_matulis_property_2,
    &claim_matulis_strategy_proof,
    &claim_matulis_mex_construction,
    &claim_matulis_table_frequencies,
    &claim_matulis_remark_frequencies,
    &claim_matulis_limits,
    &claim_matulis_theorem_1,
    &claim_matulis_property_3,
    &claim_matulis_exercise_2,
    &claim_matulis_property_3_count,
    &claim_matulis_exercise_4,
    &claim_matulis_theorem_2,
    &claim_matulis_theorem_2_f1,
    /* Yaglom */
    &claim_yaglom_table_Ia,
    &claim_yaglom_table_IIa,
    &claim_yaglom_table_II,
    &claim_yaglom_theorem_1,
    &claim_yaglom_theorem_2,
    &claim_yaglom_exercise_3,
    &claim_yaglom_exercise_4,
    &claim_yaglom_exercise_5,
    &claim_yaglom_exercise_8,
    &claim_yaglom_problem_four_heaps,
    /* Feng Yuefeng */
    &claim_feng_theorem_1,
    &claim_feng_theorem_1_k0,
    &claim_feng_theorem_2,
    &claim_feng_theorem_3,
    &claim_feng_theorem_3_proof,
    &claim_feng_theorem_4,
    &claim_feng_examples,
    &claim_feng_classification,
    /* Teterko */
    &claim_teterko_model,
    &claim_teterko_period,
    &claim_teterko_start,
    &claim_teterko_27,
};

const size_t claim_registry_size = sizeof claim_registry / sizeof claim_registry[0];
_Static_assert(sizeof claim_registry / sizeof claim_registry[0] <= CLAIM_REGISTRY_MAX,
               "raise CLAIM_REGISTRY_MAX");

const struct claim *claim_find(const char *id)
{
    for (size_t i = 0; i < claim_registry_size; i++)
        if (strcmp(claim_registry[i]->id, id) == 0)
            return claim_registry[i];
    return NULL;
}

uint64_t claim_bound(const struct claim *c, uint64_t factor)
{
    if (factor < 1)
        factor = 1;
    if (c->bound_default > c->bound_max / factor)
        return c->bound_max;
    return c->bound_default * factor;
}

int claim_run(const struct claim *c, uint64_t bound, struct claim_result *out,
              struct gt_error *err)
{
    static const struct claim_variant as_stated = {0};
    if (interrupt_signal)
        return interrupt_fail(err, c->id);
    struct gt_error why = {0};
    int rc = c->check(bound, &as_stated, out, &why);
    out->bound = bound;
    /* A checker stopped by a signal fails like one out of memory. */
    if (rc != GT_OK && interrupt_signal)
        return interrupt_fail(err, c->id);
    if (rc != GT_OK)
        return gt_fail(err, rc, "%s: %s", c->id, why.msg);
    return GT_OK;
}

void claim_begin(struct claim_result *out, const char *fmt, ...)
{
    memset(out, 0, sizeof *out);
    out->outcome = CLAIM_HOLDS;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->range, sizeof out->range, fmt, ap);
    va_end(ap);
}

static void keep(struct claim_result *out, const char *fmt, va_list ap)
{
    if (out->nexamples < CLAIM_EXAMPLES_MAX)
        vsnprintf(out->example[out->nexamples++], CLAIM_TEXT_SIZE, fmt, ap);
}

void claim_counterexample(struct claim_result *out, const char *fmt, ...)
{
    out->outcome = CLAIM_FAILS;
    out->failures++;
    va_list ap;
    va_start(ap, fmt);
    keep(out, fmt, ap);
    va_end(ap);
}

void claim_datum(struct claim_result *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    keep(out, fmt, ap);
    va_end(ap);
}

int claim_nomem(struct gt_error *err, const char *what)
{
    return gt_fail(err, GT_ERR_RUNTIME, "out of memory (%s)", what);
}

_Static_assert(sizeof(struct claim_subscript) >= 20 * 3 + 1,
               "claim_subscript holds UINT64_MAX's 20 digits");

const char *claim_sub(uint64_t v, struct claim_subscript *buf)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%" PRIu64, v);
    char *p = buf->text;
    for (int i = 0; i < n; i++) {
        /* U+2080 + d: E2 82 80+d */
        *p++ = (char)0xE2;
        *p++ = (char)0x82;
        *p++ = (char)(0x80 + (digits[i] - '0'));
    }
    *p = '\0';
    return buf->text;
}
