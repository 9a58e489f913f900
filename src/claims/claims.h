/* claims.h: the claims of the four articles (claims-*.c) and the tables
 * they print, transcribed as printed (misprints included).  The
 * transcriptions are the one copy of the articles' numbers: the claims
 * compare them with the computation, and the tests of the tables read them
 * from here. */
#ifndef GAMETAB_CLAIMS_H
#define GAMETAB_CLAIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "claims/claim.h"

/* ---- Matulis & Savukinas, Kvant 1984 no. 7 (claims-matulis.c) ---- */

extern const struct claim claim_matulis_table_p_positions;
extern const struct claim claim_matulis_property_1;
extern const struct claim claim_matulis_property_2;
extern const struct claim claim_matulis_strategy_proof;
extern const struct claim claim_matulis_mex_construction;
extern const struct claim claim_matulis_table_frequencies;
extern const struct claim claim_matulis_remark_frequencies;
extern const struct claim claim_matulis_limits;
extern const struct claim claim_matulis_theorem_1;
extern const struct claim claim_matulis_property_3;
extern const struct claim claim_matulis_exercise_2;
extern const struct claim claim_matulis_property_3_count;
extern const struct claim claim_matulis_exercise_4;
extern const struct claim claim_matulis_theorem_2;
extern const struct claim claim_matulis_theorem_2_f1;

/* The table «Проигрышные поля (a_n; b_n)», n = 0..12. */
#define MATULIS_TABLE_N 13
extern const uint64_t matulis_table_a[MATULIS_TABLE_N];
extern const uint64_t matulis_table_b[MATULIS_TABLE_N];

/* The list of p_N = A_N/N and q_N = B_N/N, N = 1..11, as printed: the
 * fractions, the decimals with a decimal comma ("0,6667"), and whether the
 * article writes "=" or "≈" before them. */
#define MATULIS_FREQUENCIES_N 11
struct matulis_frequency {
    uint64_t N, A, B;
    const char *p, *q;     /* the printed decimals */
    bool p_exact, q_exact; /* "=" (true) or "≈" */
};
extern const struct matulis_frequency matulis_frequencies[MATULIS_FREQUENCIES_N];

/* ---- Yaglom, Kvant 1971 no. 2 (claims-yaglom.c) ---- */

extern const struct claim claim_yaglom_table_Ia;
extern const struct claim claim_yaglom_table_IIa;
extern const struct claim claim_yaglom_table_II;
extern const struct claim claim_yaglom_theorem_1;
extern const struct claim claim_yaglom_theorem_2;
extern const struct claim claim_yaglom_exercise_3;
extern const struct claim claim_yaglom_exercise_4;
extern const struct claim claim_yaglom_exercise_5;
extern const struct claim claim_yaglom_exercise_8;
extern const struct claim claim_yaglom_problem_four_heaps;

/* Table Ia as the OCR text gives it: rows a, b, c of columns 1..15, in
 * binary (the decimal Table I is not in the OCR). */
#define YAGLOM_IA_COLUMNS 15
extern const char *const yaglom_table_Ia[3][YAGLOM_IA_COLUMNS];

/* Table IIa, a_n and b_n in binary for n = 1..15, as far as the OCR is
 * readable: NULL for an unreadable cell, with what the OCR prints there in
 * yaglom_table_IIa_ocr (NULL: nothing to show). */
#define YAGLOM_II_COLUMNS 15
extern const char *const yaglom_table_IIa[2][YAGLOM_II_COLUMNS];
extern const char *const yaglom_table_IIa_ocr[2][YAGLOM_II_COLUMNS];

/* What the text says of Table II (its numbers are not in the OCR): 15
 * columns (exercise 5), the last one 24 and 39, and Fibonacci numbers in
 * the columns 1, 2, 5 and 13. */
extern const uint64_t yaglom_table_II_last[2];
extern const int yaglom_table_II_fibonacci_columns[4];

/* ---- Feng Yuefeng, the three-colour game (claims-feng.c) ---- */

extern const struct claim claim_feng_theorem_1;
extern const struct claim claim_feng_theorem_1_k0;
extern const struct claim claim_feng_theorem_2;
extern const struct claim claim_feng_theorem_3;
extern const struct claim claim_feng_theorem_3_proof;
extern const struct claim claim_feng_theorem_4;
extern const struct claim claim_feng_examples;
extern const struct claim claim_feng_classification;

/* A worked example: (t, m, n) for n_from <= n <= n_to (n_to = 0: every
 * n >= n_from), losing (负局) or winning (胜局), as printed. */
struct feng_example {
    uint64_t t, m, n_from, n_to;
    bool losing;
    const char *where; /* the article's words */
};
extern const struct feng_example feng_examples[];
extern const size_t feng_examples_count;

/* Feng's final classification of the losing positions, as printed (with
 * k >= 1 in (1, 2k, 2k+1)), and Bouton's rule for misère Nim.  t <= m <= n. */
bool feng_classification_losing(uint64_t t, uint64_t m, uint64_t n);

/* ---- Teterko, Kordemsky's problem 286 (claims-teterko.c) ---- */

extern const struct claim claim_teterko_model;
extern const struct claim claim_teterko_period;
extern const struct claim claim_teterko_start;
extern const struct claim claim_teterko_27;

#endif
