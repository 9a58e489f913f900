/* The tables of Yaglom, «Две игры со спичками», Kvant 1971 no. 2: golden
 * values typed from the article (its OCR text, /work/shared/seeds/003_*,
 * is garbled in places: each test says what is readable), and for each
 * table a second, independent method: the generic solver for Nim against
 * the nim-sum rows, Zeckendorf words enumerated in order against the greedy
 * digits and the Beatty pairs, the solver and a brute-force check of the
 * k-heap P-positions, and exercise 8 (odd k: the nim-sum). */
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

#include "claims/claims.h"
#include "games/games.h"
#include "games/numeration.h"
#include "sinks/sink-tex.h"
#include "games/solver.h"
#include "tables/table-yaglom.h"
#include "tables/table.h"
#include "games/wythoff.h"

/* ---- helpers ---------------------------------------------------------- */

/* The rows of table t for args, as numbers: cells[r * ncols + c] for the
 * first `ncols` columns (decimal ones); at most `max` rows.  Returns the
 * number of rows. */
static size_t numbers_of(const struct table_def *t, const struct table_args *args, size_t ncols,
                         uint64_t *cells, size_t max)
{
    struct table_stream s;
    struct gt_error err = {0};
    if (table_stream_open(&s, t, args, &err) != GT_OK)
        fail_msg("%s: %s", t->name, err.msg);
    size_t n = 0;
    while (table_stream_next(&s)) {
        assert_true(n < max);
        for (size_t c = 0; c < ncols; c++)
            cells[n * ncols + c] = s.row.cell[c].integer;
        n++;
    }
    table_stream_close(&s);
    return n;
}

static struct table_args args_of(const struct table_def *t)
{
    struct table_args a;
    table_default_args(t, &a);
    return a;
}

/* The value of a digit string in base r. */
static uint64_t parse_radix(const char *s, unsigned r)
{
    uint64_t v = 0;
    for (; *s; s++) {
        assert_true(*s >= '0' && *s < (char)('0' + r));
        v = v * r + (uint64_t)(*s - '0');
    }
    return v;
}

/* The value of a word in the Fibonacci system, basis 1, 2, 3, 5, 8, ...;
 * it must be a Zeckendorf word: a leading 1 (or "0"), no two 1s side by side. */
static uint64_t parse_fibonacci(const char *s)
{
    size_t n = strlen(s);
    assert_true(n == 1 || s[0] == '1');
    assert_null(strstr(s, "11"));
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(s[i] == '0' || s[i] == '1');
        if (s[i] == '1')
            v += fib_basis((unsigned)(n - 1 - i));
    }
    return v;
}

/* ---- nim-p-positions: Tables I and Ia ------------------------------------ */

/* Table Ia as the OCR text gives it, columns 1..15, in binary: transcribed
 * in src/claims/claims-yaglom.c.  Every row of the OCR has 15 cells and each
 * column is a consistent triple, so the reading is trustworthy; the decimal
 * Table I (p. 6) is missing from the OCR text. */
#define article_Ia yaglom_table_Ia

/* The article against the computed order (by c, then b).  They agree except
 * for one position: the article has no column for (3, 5, 6) = (11, 101,
 * 110) in binary, a P-position (3 ⊕ 5 = 6) that belongs between its columns
 * 8, (2, 4, 6), and 9, (0, 6, 6).  So its columns 9..14 are our rows
 * 10..15, and its 15th column, (1, 8, 9), is our 16th row. */
static void test_nim_article_table(void **state)
{
    (void)state;
    struct table_args args = args_of(&table_nim_p_positions);
    assert_int_equal(args.param[PARAM_COUNT], 15);
    args.param[PARAM_COUNT] = 16;
    struct table_stream s;
    assert_int_equal(table_stream_open(&s, &table_nim_p_positions, &args, NULL), GT_OK);
    for (int row = 1, col = 1; table_stream_next(&s); row++) {
        if (row == 9) { /* the article's omission */
            assert_int_equal(s.row.cell[NIM_A].integer, 3);
            assert_int_equal(s.row.cell[NIM_B].integer, 5);
            assert_int_equal(s.row.cell[NIM_C].integer, 6);
            continue;
        }
        for (int i = 0; i < 3; i++) {
            const char *printed = article_Ia[i][col - 1];
            if (strcmp(s.row.cell[NIM_A_DIGITS + i].text, printed) != 0)
                fail_msg("row %d, article's column %d, %c: computed %s, printed %s", row, col,
                         'a' + i, s.row.cell[NIM_A_DIGITS + i].text, printed);
            /* The decimal cells hold the same numbers. */
            assert_int_equal(s.row.cell[NIM_A + i].integer, parse_radix(printed, 2));
        }
        col++;
    }
    table_stream_close(&s);
    /* The article's 15 printed positions are all P-positions (Theorem I). */
    for (int col = 0; col < 15; col++)
        assert_int_equal(parse_radix(article_Ia[0][col], 2) ^ parse_radix(article_Ia[1][col], 2),
                         parse_radix(article_Ia[2][col], 2));
}

/* Theorem I by the solver: game_nim with three heaps of 0..M, its
 * normal-play P-positions with a <= b <= c, not all zero, sorted by c then
 * b, are the table's rows with c <= M, and the next row has c > M. */
static void test_nim_solver(void **state)
{
    (void)state;
    const uint64_t M = 60;
    struct game g;
    assert_int_equal(game_nim(&g, 3, M), 0);
    uint8_t *is_n = malloc(g.nstates);
    assert_non_null(is_n);
    assert_int_equal(solve_outcome(&g, PLAY_NORMAL, is_n), SOLVER_OK);
    struct table_args args = args_of(&table_nim_p_positions);
    args.param[PARAM_COUNT] = 2000;
    static uint64_t rows[2000 * 3];
    size_t nrows = numbers_of(&table_nim_p_positions, &args, 3, rows, 2000);
    assert_int_equal(nrows, 2000);
    size_t r = 0;
    for (uint64_t c = 0; c <= M; c++)
        for (uint64_t b = 0; b <= c; b++)
            for (uint64_t a = 0; a <= b; a++) {
                uint64_t h[3] = {a, b, c};
                if (is_n[heaps_encode(&g, h)] || c == 0)
                    continue;
                /* Permuted heaps: the same outcome. */
                uint64_t p[3] = {c, a, b};
                assert_int_equal(is_n[heaps_encode(&g, p)], 0);
                if (rows[3 * r] != a || rows[3 * r + 1] != b || rows[3 * r + 2] != c)
                    fail_msg("row %zu: the table has (%" PRIu64 ", %" PRIu64 ", %" PRIu64
                             "), the solver (%" PRIu64 ", %" PRIu64 ", "
                             "%" PRIu64 ")",
                             r + 1, rows[3 * r], rows[3 * r + 1], rows[3 * r + 2], a, b, c);
                r++;
            }
    assert_true(r > 100 && r < nrows);
    assert_true(rows[3 * r + 2] > M);
    free(is_n);
}

/* Table Ia read as Theorem I states it: in every binary place the digits of
 * a, b, c add up to 0 or 2; the digits are a, b, c; rows strictly increase
 * by (c, b) with a <= b <= c.  And exercise 4, --radix 4: in every base-4
 * place the digits are {0, 0, 0}, {0, d, d} or {1, 2, 3}. */
static void test_nim_digits(void **state)
{
    (void)state;
    for (unsigned radix = 2; radix <= 4; radix += 2) {
        struct table_args args = args_of(&table_nim_p_positions);
        args.param[PARAM_COUNT] = 100000;
        args.param[PARAM_RADIX] = radix;
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, &table_nim_p_positions, &args, NULL), GT_OK);
        assert_int_equal(s.ncolumns, 6);
        assert_string_equal(s.columns[3].name, radix == 2 ? "a_bin" : "a_base4");
        assert_string_equal(s.columns[5].name, radix == 2 ? "c_bin" : "c_base4");
        assert_int_equal(s.columns[4].type, COLUMN_TEXT);
        uint64_t last_b = 0, last_c = 0, rows = 0;
        while (table_stream_next(&s)) {
            uint64_t v[3];
            for (int i = 0; i < 3; i++) {
                v[i] = s.row.cell[NIM_A + i].integer;
                assert_int_equal(parse_radix(s.row.cell[NIM_A_DIGITS + i].text, radix), v[i]);
            }
            assert_true(v[0] <= v[1] && v[1] <= v[2] && v[2] > 0);
            assert_true(v[2] > last_c || (v[2] == last_c && v[1] > last_b));
            last_b = v[1], last_c = v[2];
            for (uint64_t x = v[0], y = v[1], z = v[2]; x | y | z; x /= radix, y /= radix, z /= radix) {
                unsigned d[3] = {(unsigned)(x % radix), (unsigned)(y % radix), (unsigned)(z % radix)};
                if (radix == 2) {
                    assert_int_equal((d[0] + d[1] + d[2]) % 2, 0);
                } else {
                    unsigned zeros = (d[0] == 0) + (d[1] == 0) + (d[2] == 0);
                    bool ok = zeros == 3 ||
                              (zeros == 1 && (d[0] == d[1] || d[1] == d[2] || d[0] == d[2])) ||
                              (zeros == 0 && d[0] + d[1] + d[2] == 6 && d[0] * d[1] * d[2] == 6);
                    if (!ok)
                        fail_msg("(%s, %s, %s): base-4 digits %u, %u, %u in one place",
                                 s.row.cell[NIM_A_DIGITS].text, s.row.cell[NIM_B_DIGITS].text,
                                 s.row.cell[NIM_C_DIGITS].text, d[0], d[1], d[2]);
                }
            }
            rows++;
        }
        table_stream_close(&s);
        assert_int_equal(rows, 100000);
    }
}

/* The LaTeX row «№№» numbers the columns 1..K; the blocks are sized by
 * the cells, so K in decimal must be no wider than the K-th row's c in
 * base 2 or 4, for every K a LaTeX table can hold. */
static void test_nim_numbers_fit(void **state)
{
    (void)state;
    for (unsigned radix = 2; radix <= 4; radix += 2) {
        struct table_args args = args_of(&table_nim_p_positions);
        args.param[PARAM_COUNT] = TEX_ROWS_MAX;
        args.param[PARAM_RADIX] = radix;
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, &table_nim_p_positions, &args, NULL), GT_OK);
        char number[24];
        for (int k = 1; table_stream_next(&s); k++)
            if ((size_t)snprintf(number, sizeof number, "%d", k) >
                strlen(s.row.cell[NIM_C_DIGITS].text))
                fail_msg("radix %u, row %d: c = %s is narrower than its number", radix, k,
                         s.row.cell[NIM_C_DIGITS].text);
        table_stream_close(&s);
    }
}

/* Nothing is skipped: the rows with c <= C are as many as the triples
 * a <= b <= c <= C, c > 0, with a ⊕ b ⊕ c = 0, counted by brute force. */
static void test_nim_complete(void **state)
{
    (void)state;
    const uint64_t C = 150;
    uint64_t count = 0;
    for (uint64_t c = 1; c <= C; c++)
        for (uint64_t b = 0; b <= c; b++)
            for (uint64_t a = 0; a <= b; a++)
                count += (a ^ b ^ c) == 0;
    struct table_args args = args_of(&table_nim_p_positions);
    args.param[PARAM_COUNT] = count + 1;
    static uint64_t rows[20000 * 3];
    assert_true(count < 20000);
    assert_int_equal(numbers_of(&table_nim_p_positions, &args, 3, rows, 20000), count + 1);
    assert_int_equal(rows[3 * (count - 1) + 2], C);
    assert_int_equal(rows[3 * count + 2], C + 1);
}

/* ---- wythoff-fibonacci: Tables II, IIa, IIb ------------------------------ */

/* Table II, n = 1..15: the article's own remarks fix its size and ends:
 * exercise 5 asks to check «первых 15 проигрышных позиций, перечисленных в
 * таблице II», and «последний столбец таблицы II» is 24 and 39.  The
 * numbers themselves (p. 6) are missing from the OCR text; they are those
 * of Matulis & Savukinas (Kvant 1984 no. 7), continued to n = 15. */
static const uint64_t article_a[15] = {1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24};
static const uint64_t article_b[15] = {2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39};

/* Table IIa as far as the OCR is readable (src/claims/claims-yaglom.c): a_1..a_7
 * and b_1..b_6 of the first block, and a_9..a_13 of the second; NULL where
 * the OCR is unreadable. */

static void test_fibonacci_article_tables(void **state)
{
    (void)state;
    struct table_args args = args_of(&table_wythoff_fibonacci);
    assert_int_equal(args.param[PARAM_COUNT], 15);
    struct table_stream s;
    assert_int_equal(table_stream_open(&s, &table_wythoff_fibonacci, &args, NULL), GT_OK);
    char bin_a[15][TABLE_TEXT_SIZE], bin_b[15][TABLE_TEXT_SIZE];
    int n = 0;
    while (table_stream_next(&s)) {
        assert_int_equal(s.row.cell[FIBONACCI_N].integer, n + 1);
        assert_int_equal(s.row.cell[FIBONACCI_A].integer, article_a[n]);
        assert_int_equal(s.row.cell[FIBONACCI_B].integer, article_b[n]);
        strcpy(bin_a[n], s.row.cell[FIBONACCI_A_BIN].text);
        strcpy(bin_b[n], s.row.cell[FIBONACCI_B_BIN].text);
        n++;
    }
    table_stream_close(&s);
    assert_int_equal(n, 15);
    assert_int_equal(article_a[14], yaglom_table_II_last[0]); /* «24 и 39» */
    assert_int_equal(article_b[14], yaglom_table_II_last[1]);
    int readable = 0;
    for (int k = 0; k < YAGLOM_II_COLUMNS; k++) {
        if (yaglom_table_IIa[0][k])
            assert_string_equal(bin_a[k], yaglom_table_IIa[0][k]), readable++;
        if (yaglom_table_IIa[1][k])
            assert_string_equal(bin_b[k], yaglom_table_IIa[1][k]), readable++;
        /* what the OCR prints in an unreadable cell is not the number */
        for (int r = 0; r < 2; r++)
            if (yaglom_table_IIa_ocr[r][k])
                assert_string_not_equal(r ? bin_b[k] : bin_a[k], yaglom_table_IIa_ocr[r][k]);
    }
    assert_int_equal(readable, 18);
    /* «в ней часто фигурируют числа Фибоначчи (см., например, 1-й, 2-й, 5-й
     * и 13-й столбцы таблицы)»: exactly those columns hold Fibonacci
     * numbers, both of them. */
    for (int col = 1; col <= 15; col++) {
        int fib = 0;
        for (unsigned i = 0; i < 12; i++)
            fib += (article_a[col - 1] == fib_basis(i)) + (article_b[col - 1] == fib_basis(i));
        bool listed = false;
        for (int i = 0; i < 4; i++)
            listed |= yaglom_table_II_fibonacci_columns[i] == col;
        assert_int_equal(fib, listed ? 2 : 0);
    }
    /* Exercise 5: b - a = n, once each, for the first 15 positions. */
    for (int i = 0; i < 15; i++)
        assert_int_equal(article_b[i] - article_a[i], i + 1);
}

/* Theorem II over many rows of the table: a_n in the Fibonacci system ends
 * in an even number of zeros, and b_n is a_n shifted one place left (a
 * zero appended); every word is a Zeckendorf word of its number; the binary
 * cells are the numbers. */
static void test_theorem_II(void **state)
{
    (void)state;
    struct table_args args = args_of(&table_wythoff_fibonacci);
    args.param[PARAM_COUNT] = 200000;
    struct table_stream s;
    assert_int_equal(table_stream_open(&s, &table_wythoff_fibonacci, &args, NULL), GT_OK);
    uint64_t rows = 0;
    while (table_stream_next(&s)) {
        const struct table_cell *c = s.row.cell;
        uint64_t n = c[FIBONACCI_N].integer, a = c[FIBONACCI_A].integer, b = c[FIBONACCI_B].integer;
        const char *a_fib = c[FIBONACCI_A_FIB].text, *b_fib = c[FIBONACCI_B_FIB].text;
        assert_int_equal(n, rows + 1);
        assert_int_equal(parse_radix(c[FIBONACCI_A_BIN].text, 2), a);
        assert_int_equal(parse_radix(c[FIBONACCI_B_BIN].text, 2), b);
        assert_int_equal(parse_fibonacci(a_fib), a);
        assert_int_equal(parse_fibonacci(b_fib), b);
        size_t len = strlen(a_fib), zeros = 0;
        while (zeros < len && a_fib[len - 1 - zeros] == '0')
            zeros++;
        if (zeros % 2 != 0)
            fail_msg("n = %" PRIu64 ": a_n = %s ends in %zu zeros", n, a_fib, zeros);
        if (strlen(b_fib) != len + 1 || strncmp(a_fib, b_fib, len) != 0 || b_fib[len] != '0')
            fail_msg("n = %" PRIu64 ": b_n = %s is not a_n = %s shifted", n, b_fib, a_fib);
        rows++;
    }
    table_stream_close(&s);
    assert_int_equal(rows, 200000);
}

/* Zeckendorf's words without the greedy algorithm: the integers x with no
 * two adjacent 1 bits, in increasing order, are the Fibonacci words in
 * increasing order of their values 0, 1, 2, ...  Among them the words ending
 * in an even number of zeros are, in order, a_1, a_2, ..., and each shifted
 * one place left is b_n (the Wythoff shift rule): checked against the greedy
 * digits and the Beatty pairs a_n = ⌊nφ⌋, b_n = a_n + n. */
static void test_zeckendorf_by_enumeration(void **state)
{
    (void)state;
    const unsigned L = 24; /* words of up to 24 digits: values below fib_basis(24) */
    uint64_t value = 0, n = 0;
    char word[32], greedy[NUMERATION_BUF_SIZE];
    for (uint64_t x = 1; x < (UINT64_C(1) << L); x++) {
        if (x & (x >> 1))
            continue;
        value++;
        /* The word and its value by the basis. */
        int top = 63 - __builtin_clzll(x);
        uint64_t v = 0;
        for (int i = top; i >= 0; i--) {
            word[top - i] = (char)('0' + ((x >> i) & 1));
            if ((x >> i) & 1)
                v += fib_basis((unsigned)i);
        }
        word[top + 1] = '\0';
        assert_int_equal(v, value);
        zeckendorf_digits(value, greedy);
        if (strcmp(greedy, word) != 0)
            fail_msg("%" PRIu64 ": greedy %s, enumerated %s", value, greedy, word);
        if (__builtin_ctzll(x) % 2 == 0) {
            n++;
            uint64_t shifted = 0; /* the value of word + "0" */
            for (int i = top; i >= 0; i--)
                if ((x >> i) & 1)
                    shifted += fib_basis((unsigned)i + 1);
            if (value != wythoff_lower(n) || shifted != wythoff_upper(n))
                fail_msg("n = %" PRIu64 ": the shift rule gives (%" PRIu64 ", %" PRIu64
                         "), Beatty (%" PRIu64 ", %" PRIu64 ")",
                         n, value, shifted, wythoff_lower(n), wythoff_upper(n));
        }
    }
    assert_int_equal(value, fib_basis(L) - 1);
    assert_true(n > 50000);
}

/* The largest n: b_n = 2^64 - 1 still has its Fibonacci word in a cell. */
static void test_fibonacci_last_row(void **state)
{
    (void)state;
    struct wythoff_cursor c;
    wythoff_cursor_start(&c, WYTHOFF_N_MAX);
    char a[NUMERATION_BUF_SIZE], b[NUMERATION_BUF_SIZE];
    zeckendorf_digits(wythoff_cursor_lower(&c), a);
    zeckendorf_digits(wythoff_cursor_upper(&c), b);
    assert_int_equal(wythoff_cursor_upper(&c), UINT64_MAX);
    assert_true(strlen(b) < TABLE_TEXT_SIZE);
    assert_int_equal(strlen(b), strlen(a) + 1);
    assert_int_equal(strncmp(a, b, strlen(a)), 0);
    assert_int_equal(table_wythoff_fibonacci.params[PARAM_COUNT].max, WYTHOFF_N_MAX);
}

/* ---- wythoff-k-heaps ------------------------------------------------------ */

static size_t heaps_rows(unsigned k, uint64_t M, uint64_t *rows, size_t max)
{
    struct table_args args = args_of(&table_wythoff_k_heaps);
    args.param[PARAM_HEAPS] = k;
    args.param[PARAM_MAX] = M;
    struct gt_error err = {0};
    assert_int_equal(table_check_args(&table_wythoff_k_heaps, &args, &err), GT_OK);
    return numbers_of(&table_wythoff_k_heaps, &args, k, rows, max);
}

/* Rows are sorted within (ascending heaps) and among themselves
 * (lexicographically, each once). */
static void assert_sorted(unsigned k, const uint64_t *rows, size_t n)
{
    for (size_t r = 0; r < n; r++) {
        const uint64_t *h = &rows[r * k];
        for (unsigned i = 1; i < k; i++)
            assert_true(h[i - 1] <= h[i]);
        if (r == 0)
            continue;
        const uint64_t *prev = h - k;
        unsigned i = 0;
        while (i < k && prev[i] == h[i])
            i++;
        if (i == k || prev[i] > h[i])
            fail_msg("row %zu does not come after row %zu", r + 1, r);
    }
}

/* k = 2: the rows are the Beatty pairs (a_n, b_n) with b_n <= M, n >= 0. */
static void test_k_heaps_beatty(void **state)
{
    (void)state;
    const uint64_t M = 1000;
    static uint64_t rows[2 * 1000];
    size_t n = heaps_rows(2, M, rows, 1000);
    assert_sorted(2, rows, n);
    size_t i = 0;
    for (uint64_t m = 0; wythoff_upper(m) <= M; m++, i++) {
        assert_true(i < n);
        assert_int_equal(rows[2 * i], wythoff_lower(m));
        assert_int_equal(rows[2 * i + 1], wythoff_upper(m));
    }
    assert_int_equal(i, n);
}

/* k = 3 by brute force, with neither the solver nor its order: with P the
 * set of the rows in every order of the heaps, no move leads from a
 * position in P to one in P, and from every position outside P some move
 * leads into P.  (Only the set of P-positions has both properties.) */
static void test_k_heaps_brute_force(void **state)
{
    (void)state;
    const uint64_t M = 24, B = M + 1;
    static uint64_t rows[3 * 2000];
    size_t n = heaps_rows(3, M, rows, 2000);
    assert_sorted(3, rows, n);
    unsigned char *in_p = calloc(B * B * B, 1);
    assert_non_null(in_p);
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (size_t r = 0; r < n; r++)
        for (int p = 0; p < 6; p++) {
            const uint64_t *h = &rows[3 * r];
            in_p[(h[perm[p][0]] * B + h[perm[p][1]]) * B + h[perm[p][2]]] = 1;
        }
    for (uint64_t x = 0; x < B; x++)
        for (uint64_t y = 0; y < B; y++)
            for (uint64_t z = 0; z < B; z++) {
                bool reaches_p = false;
                uint64_t h[3] = {x, y, z};
                for (int i = 0; i < 3; i++)
                    for (uint64_t d = 1; d <= h[i]; d++) {
                        uint64_t t[3] = {x, y, z};
                        t[i] -= d;
                        reaches_p |= in_p[(t[0] * B + t[1]) * B + t[2]];
                    }
                uint64_t low = x < y ? (x < z ? x : z) : (y < z ? y : z);
                for (uint64_t d = 1; d <= low; d++)
                    reaches_p |= in_p[((x - d) * B + (y - d)) * B + (z - d)];
                if (in_p[(x * B + y) * B + z] == reaches_p)
                    fail_msg("(%" PRIu64 ", %" PRIu64 ", %" PRIu64 "): %s", x, y, z,
                             reaches_p ? "a P-position with a move to a P-position"
                                       : "an N-position without a move to a P-position");
            }
    free(in_p);
}

/* The sieve against the generic solver, position by position. */
static void test_k_heaps_solver(void **state)
{
    (void)state;
    static const struct {
        unsigned k;
        uint64_t M;
    } cases[] = {{1, 40}, {2, 80}, {3, 22}, {4, 10}, {5, 6}, {6, 4}, {7, 3}, {8, 2}, {3, 0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct game g;
        assert_int_equal(game_wythoff(&g, cases[c].k, cases[c].M), 0);
        uint8_t *is_n = malloc(g.nstates), *is_p = malloc(g.nstates);
        assert_true(is_n && is_p);
        assert_int_equal(solve_outcome(&g, PLAY_NORMAL, is_n), SOLVER_OK);
        assert_int_equal(wythoff_heaps_p_positions(cases[c].k, cases[c].M, is_p), 0);
        for (uint64_t s = 0; s < g.nstates; s++)
            if (is_p[s] != !is_n[s])
                fail_msg("k = %u, M = %" PRIu64 ", state %" PRIu64 ": sieve %c, solver %c",
                         cases[c].k, cases[c].M, s, is_p[s] ? 'P' : 'N', is_n[s] ? 'N' : 'P');
        free(is_n);
        free(is_p);
    }
}

/* Exercise 8: with an odd number of heaps the P-positions are Nim's, the
 * nim-sum 0 (taking d from every heap flips, in each, the lowest place
 * where d has a 1: an odd number of flips).  For k = 3 the rows are then
 * the nim-p-positions rows with c <= M, after (0, 0, 0), in another order. */
static void test_k_heaps_odd_is_nim(void **state)
{
    (void)state;
    static const struct {
        unsigned k;
        uint64_t M;
    } cases[] = {{1, 100}, {3, 40}, {5, 9}, {7, 5}};
    static uint64_t rows[8 * 20000];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unsigned k = cases[c].k;
        uint64_t M = cases[c].M;
        size_t n = heaps_rows(k, M, rows, 20000);
        assert_sorted(k, rows, n);
        /* Every row has nim-sum 0, and they are all such sorted tuples. */
        size_t want = 0;
        uint64_t h[HEAPS_MAX] = {0};
        for (bool more = true; more;) {
            want += nim_sum(h, k) == 0;
            unsigned j = k;
            while (j > 0 && h[j - 1] == M)
                j--;
            more = j > 0;
            if (more) {
                h[j - 1]++;
                for (unsigned i = j; i < k; i++)
                    h[i] = h[j - 1];
            }
        }
        for (size_t r = 0; r < n; r++)
            assert_int_equal(nim_sum(&rows[r * k], k), 0);
        assert_int_equal(n, want);
    }
    /* k = 3 and Table I. */
    size_t n = heaps_rows(3, 40, rows, 20000);
    struct table_args args = args_of(&table_nim_p_positions);
    args.param[PARAM_COUNT] = n; /* n - 1 P-positions with c <= 40, and one more */
    static uint64_t nim[3 * 20000];
    assert_int_equal(numbers_of(&table_nim_p_positions, &args, 3, nim, 20000), n);
    assert_int_equal(nim[3 * (n - 2) + 2], 40);
    assert_int_equal(nim[3 * (n - 1) + 2], 41);
    assert_true(rows[0] == 0 && rows[1] == 0 && rows[2] == 0);
    for (size_t i = 0; i + 1 < n; i++) {
        bool found = false;
        for (size_t r = 1; r < n && !found; r++)
            found = memcmp(&rows[3 * r], &nim[3 * i], 3 * sizeof *rows) == 0;
        assert_true(found);
    }
}

/* The four-heap problem has no rule in the article («решение поставленной
 * проблемы автору неизвестно»); the computation shows that Nim's rule does
 * not carry over: (1, 1, 1, 2), nim-sum 3, is a P-position, and
 * (1, 1, 1, 1), nim-sum 0, is an N-position (take 1 from every heap). */
static void test_k_heaps_four(void **state)
{
    (void)state;
    static uint64_t rows[4 * 200];
    size_t n = heaps_rows(4, 6, rows, 200);
    assert_sorted(4, rows, n);
    bool p1112 = false, p1111 = false;
    for (size_t r = 0; r < n; r++) {
        uint64_t *h = &rows[4 * r];
        p1112 |= h[0] == 1 && h[1] == 1 && h[2] == 1 && h[3] == 2;
        p1111 |= h[0] == 1 && h[1] == 1 && h[2] == 1 && h[3] == 1;
    }
    assert_true(p1112);
    assert_false(p1111);
    /* The first rows, as computed (no printed table to compare with). */
    static const uint64_t first[][4] = {{0, 0, 0, 0}, {0, 0, 1, 1}, {0, 0, 2, 2}, {0, 0, 3, 3},
                                        {0, 0, 4, 4}, {0, 0, 5, 5}, {0, 0, 6, 6}, {0, 1, 2, 3},
                                        {0, 1, 4, 5}, {0, 2, 4, 6}, {0, 3, 5, 6}, {1, 1, 1, 2}};
    for (size_t r = 0; r < sizeof first / sizeof first[0]; r++)
        assert_memory_equal(&rows[4 * r], first[r], sizeof first[r]);
}

/* The columns follow --heaps; the whole game is one row when M = 0. */
static void test_k_heaps_columns(void **state)
{
    (void)state;
    for (unsigned k = 1; k <= HEAPS_MAX; k++) {
        struct table_args args = args_of(&table_wythoff_k_heaps);
        args.param[PARAM_HEAPS] = k;
        args.param[PARAM_MAX] = 0;
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, &table_wythoff_k_heaps, &args, NULL), GT_OK);
        assert_int_equal(s.ncolumns, k);
        char name[8];
        snprintf(name, sizeof name, "h%u", k);
        assert_string_equal(s.columns[k - 1].name, name);
        assert_true(table_stream_next(&s));
        for (unsigned i = 0; i < k; i++)
            assert_int_equal(s.row.cell[i].integer, 0);
        assert_false(table_stream_next(&s));
        table_stream_close(&s);
    }
}

/* The limits: --max depends on --heaps, (M+1)^k <= 2^24 < (M+2)^k; one
 * past is a usage error from table_check_args and from start alike. */
static void test_k_heaps_limits(void **state)
{
    (void)state;
    static const uint64_t top[HEAPS_MAX + 1] = {0, 16777215, 4095, 255, 63, 26, 15, 9, 7};
    for (unsigned k = 1; k <= HEAPS_MAX; k++) {
        assert_int_equal(heaps_max_size(k), top[k]);
        unsigned __int128 lo = 1, hi = 1;
        for (unsigned i = 0; i < k; i++)
            lo *= top[k] + 1, hi *= top[k] + 2;
        assert_true(lo <= SOLVER_STATES_MAX && hi > SOLVER_STATES_MAX);
        struct table_args args = args_of(&table_wythoff_k_heaps);
        args.param[PARAM_HEAPS] = k;
        args.param[PARAM_MAX] = top[k];
        struct gt_error err = {0};
        assert_int_equal(table_check_args(&table_wythoff_k_heaps, &args, &err), GT_OK);
        args.param[PARAM_MAX] = top[k] + 1;
        assert_int_equal(table_check_args(&table_wythoff_k_heaps, &args, &err), GT_ERR_USAGE);
        assert_non_null(strstr(err.msg, "--max"));
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, &table_wythoff_k_heaps, &args, &err), GT_ERR_USAGE);
    }
    assert_int_equal(heaps_max_size(0), 0);
    assert_int_equal(heaps_max_size(HEAPS_MAX + 1), 0);
    uint8_t one;
    assert_int_equal(wythoff_heaps_p_positions(3, 256, &one), -1);
    assert_int_equal(wythoff_heaps_p_positions(0, 1, &one), -1);
    /* The largest game of all: 2^24 positions, k = 2, M = 4095. */
    static uint64_t rows[2 * 2000];
    size_t n = heaps_rows(2, 4095, rows, 2000);
    assert_int_equal(rows[2 * (n - 1) + 1], wythoff_upper(n - 1));
    assert_true(wythoff_upper(n) > 4095);
}

/* --radix: 2 and 4 only. */
static void test_nim_radix_checked(void **state)
{
    (void)state;
    for (uint64_t r = 2; r <= 4; r++) {
        struct table_args args = args_of(&table_nim_p_positions);
        args.param[PARAM_RADIX] = r;
        struct gt_error err = {0};
        int want = r == 3 ? GT_ERR_USAGE : GT_OK;
        assert_int_equal(table_check_param(&table_nim_p_positions, PARAM_RADIX, r, &err), GT_OK);
        assert_int_equal(table_check_args(&table_nim_p_positions, &args, &err), want);
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, &table_nim_p_positions, &args, &err), want);
        if (want == GT_OK)
            table_stream_close(&s);
        else
            assert_non_null(strstr(err.msg, "--radix: 3"));
    }
    struct gt_error err = {0};
    assert_int_equal(table_check_param(&table_nim_p_positions, PARAM_RADIX, 5, &err), GT_ERR_USAGE);
    assert_int_equal(table_check_param(&table_nim_p_positions, PARAM_HEAPS, 3, &err), GT_ERR_USAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim_article_table),
        cmocka_unit_test(test_nim_solver),
        cmocka_unit_test(test_nim_digits),
        cmocka_unit_test(test_nim_complete),
        cmocka_unit_test(test_nim_numbers_fit),
        cmocka_unit_test(test_nim_radix_checked),
        cmocka_unit_test(test_fibonacci_article_tables),
        cmocka_unit_test(test_theorem_II),
        cmocka_unit_test(test_zeckendorf_by_enumeration),
        cmocka_unit_test(test_fibonacci_last_row),
        cmocka_unit_test(test_k_heaps_beatty),
        cmocka_unit_test(test_k_heaps_brute_force),
        cmocka_unit_test(test_k_heaps_solver),
        cmocka_unit_test(test_k_heaps_odd_is_nim),
        cmocka_unit_test(test_k_heaps_four),
        cmocka_unit_test(test_k_heaps_columns),
        cmocka_unit_test(test_k_heaps_limits),
    };
    return cmocka_run_group_tests_name("yaglom", tests, NULL, NULL);
}
