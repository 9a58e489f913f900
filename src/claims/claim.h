/* claim.h: a statement of one of the four articles, checked by computation.
 *
 * Like the tables, the claims are "one file per thing, one table of things":
 * each article's claims live in claims-<article>.c as constant descriptors,
 * and claims.c lists them all; `gametab verify` and the errata that `build`
 * writes read that one array.  A claim's checker is a pure function (no
 * I/O): it computes the truth over a finite range -- by playing the game
 * (the generic solver, a sieve) or by an independent construction, never by
 * the closed form under test -- and compares the claim with it.
 *
 * Counterexamples are written in notation that reads in both languages:
 * "X → Y" is "the article (or the claim) says X, the computation gives Y";
 * P is a losing position for the player to move (a P-position,
 * «проигрышная»), N a winning one. */
#ifndef GAMETAB_CLAIM_H
#define GAMETAB_CLAIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* The first counterexamples a result keeps (more are only counted). */
#define CLAIM_EXAMPLES_MAX 5
/* Bytes of one counterexample or range text, NUL included. */
#define CLAIM_TEXT_SIZE 256

enum claim_article {
    ARTICLE_MATULIS, /* 000: Matulis & Savukinas, Kvant 1984 no. 7 */
    ARTICLE_FENG,    /* 001: Feng Yuefeng, the three-colour game */
    ARTICLE_YAGLOM,  /* 003: Yaglom, Kvant 1971 no. 2 */
    ARTICLE_TETERKO, /* 004: Teterko, Kordemsky's problem 286 */
    ARTICLE__N
};

/* An article, named in both languages (the journal and year where the text
 * gives them); read its names through claim_article_words. */
struct claim_article_info {
    const char *seed;          /* "000": the file under shared/seeds/ */
    const char *cite_en, *cite_ru; /* "Matulis & Savukinas 1984" */
    const char *title_en, *title_ru; /* as printed (Feng's: translated) */
    const char *journal_en, *journal_ru; /* "Kvant 1984 no. 7", "" when not named */
};

extern const struct claim_article_info claim_articles[ARTICLE__N];

/* The languages the claims and articles are named in, by the codes of
 * templates/lang/ ("en", "ru"), in the order of errata.csv.gz's columns. */
#define CLAIM_NLANGUAGES 2
extern const char *const claim_languages[CLAIM_NLANGUAGES];

/* An article's names in one language (journal "" when the text names none). */
struct article_words {
    const char *cite, *title, *journal;
};

/* A claim's words in one language (correction NULL when it has none). */
struct claim_words {
    const char *item, *statement, *correction;
};

struct claim;

/* The one way to a claim's or an article's words: by language code.  false
 * (and *w untouched) when lang is not one of claim_languages. */
bool claim_article_words(enum claim_article a, const char *lang, struct article_words *w);
bool claim_words(const struct claim *c, const char *lang, struct claim_words *w);

/* A deliberately wrong variant of a claim, for the tests that show that a
 * checker can fail.  perturb = 0 is the claim as stated; what another value
 * changes is the claim's `variant` text (a shifted constant, a transposed
 * entry of a printed table, ...). */
struct claim_variant {
    int64_t perturb;
};

enum claim_outcome {
    CLAIM_HOLDS, /* every case checked agrees */
    CLAIM_FAILS, /* some case disagrees: examples[] are the first ones */
    CLAIM_DATA,  /* not a claim of the article: what the computation shows
                  * (examples[] are the data); FAILS if its two methods differ */
};

struct claim_result {
    enum claim_outcome outcome;
    uint64_t bound;                /* the bound it was checked to */
    char range[CLAIM_TEXT_SIZE];   /* what was checked: "1 ≤ n ≤ 1000000" */
    uint64_t cases;                /* cases checked */
    uint64_t failures;             /* cases that disagree (>= nexamples) */
    uint64_t skipped;              /* cells not checked (unreadable in the OCR) */
    size_t nexamples;
    char example[CLAIM_EXAMPLES_MAX][CLAIM_TEXT_SIZE];
};

/* A claim's words are data here, one field a language; read them through
 * claim_words (a language is a code, as for the templates). */
struct claim {
    const char *id;                /* "matulis-theorem-1" */
    enum claim_article article;
    const char *item_en, *item_ru; /* "Theorem 1", "теорема 1" */
    /* The claim in words (UTF-8 plain text: no LaTeX; the LaTeX preamble
     * maps the math characters it uses). */
    const char *statement_en, *statement_ru;
    /* What the bound counts, and its default and largest values. */
    const char *bound_help;
    uint64_t bound_default, bound_max;
    /* Checks the claim up to bound (1..bound_max) and fills out.  Pure: no
     * I/O.  GT_OK, or GT_ERR_RUNTIME with err saying what could not be
     * allocated ("out of memory (the board)"); out is then incomplete. */
    int (*check)(uint64_t bound, const struct claim_variant *v, struct claim_result *out,
                 struct gt_error *err);
    /* The correct statement where the claim fails (or a note on a misprint
     * that does not change the truth); NULL when there is none. */
    const char *correction_en, *correction_ru;
    const char *variant; /* what perturb = k changes */
};

/* ---- the registry (claims.c) ---- */

extern const struct claim *const claim_registry[];
extern const size_t claim_registry_size;
#define CLAIM_REGISTRY_MAX 64 /* claim_registry_size is at most this */

/* The claim with this id, or NULL. */
const struct claim *claim_find(const char *id);

/* The largest --max factor `gametab verify` takes. */
#define CLAIM_FACTOR_MAX 1000

/* The bound of c for a --max factor (1..CLAIM_FACTOR_MAX): its default
 * times the factor, but at most its bound_max. */
uint64_t claim_bound(const struct claim *c, uint64_t factor);

/* Runs c's checker as stated (perturb 0) to bound.  GT_OK, or
 * GT_ERR_RUNTIME with err "ID: out of memory (WHAT)". */
int claim_run(const struct claim *c, uint64_t bound, struct claim_result *out,
              struct gt_error *err);

/* ---- helpers for the checkers ---- */

/* Clears out and records the range checked (printf-style). */
void claim_begin(struct claim_result *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Records a failing case: the outcome becomes CLAIM_FAILS, failures grows,
 * and the text is kept if fewer than CLAIM_EXAMPLES_MAX are. */
void claim_counterexample(struct claim_result *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* One case of the claim checked: counts it, and when holds is false records
 * the counterexample as claim_counterexample does.  A macro so that the
 * counterexample's arguments (claim_sub, a tuple's text) are evaluated only
 * for a case that fails, not for each of the millions that hold. */
#define claim_check(out, holds, ...)                                                               \
    do {                                                                                           \
        (out)->cases++;                                                                            \
        if (!(holds))                                                                              \
            claim_counterexample((out), __VA_ARGS__);                                              \
    } while (0)

/* Records one item of a data claim's findings (kept like a counterexample,
 * without making the claim fail). */
void claim_datum(struct claim_result *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* GT_ERR_RUNTIME, with err saying what could not be allocated:
 * "out of memory (WHAT)" (claim_run puts the claim's id before it). */
int claim_nomem(struct gt_error *err, const char *what);

/* A number written in Unicode subscript digits: 3 bytes a digit (U+2080 to
 * U+2089), at most 20 digits for a uint64_t, and the NUL. */
struct claim_subscript {
    char text[64];
};

/* v with its digits as Unicode subscripts ("₁₂" for 12) into buf->text;
 * returns buf->text.  One buffer holds one number: a second subscript in
 * the same message needs a second buffer. */
const char *claim_sub(uint64_t v, struct claim_subscript *buf);

#endif
