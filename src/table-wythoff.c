#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "decimal.h"
#include "table-wythoff.h"
#include "wythoff.h"

#define MATULIS_SAVUKINAS_1984                                          \
    .authors = "Matulis & Savukinas",                                   \
    .title = "«Ферзя — в угол», «цзяньшицзы» и числа Фибоначчи",        \
    .journal = "Kvant", .year = 1984, .issue = 7

/* ---- wythoff-p-positions ------------------------------------------------ */

struct p_positions_state {
    struct wythoff_cursor cur;
    uint64_t remaining;
};
_Static_assert(sizeof(struct p_positions_state) <= TABLE_STATE_SIZE, "state too large");

static int p_positions_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct p_positions_state *s = state;
    wythoff_cursor_start(&s->cur, 0);
    s->remaining = args->param[PARAM_COUNT];
    return GT_OK;
}

static bool p_positions_next(void *state, struct table_row *row)
{
    struct p_positions_state *s = state;
    if (s->remaining == 0)
        return false;
    u64_format(s->cur.n, row->cell[0]);
    u64_format(wythoff_cursor_lower(&s->cur), row->cell[1]);
    u64_format(wythoff_cursor_upper(&s->cur), row->cell[2]);
    /* Advance only while rows remain, so n never passes WYTHOFF_N_MAX. */
    if (--s->remaining > 0)
        wythoff_cursor_next(&s->cur);
    return true;
}

static const struct table_column p_positions_columns[] = {
    {"n", COLUMN_INTEGER}, {"a_n", COLUMN_INTEGER}, {"b_n", COLUMN_INTEGER},
};

const struct table_def table_wythoff_p_positions = {
    .name = "wythoff-p-positions",
    .summary = "P-positions (a_n, b_n) of Wythoff's game, a_n = floor(n*phi), b_n = a_n + n",
    .source = {MATULIS_SAVUKINAS_1984, .item = "table «Проигрышные поля»; Theorem 1"},
    .columns = p_positions_columns,
    .ncolumns = 3,
    .params = {
        [PARAM_COUNT] = {true, 13, 1, WYTHOFF_N_MAX + 1, "rows n = 0..K-1"},
    },
    .start = p_positions_start,
    .next = p_positions_next,
    .tex_template = "wythoff-p-positions.tex",
};

/* ---- wythoff-frequencies ------------------------------------------------ */

/* p_N and q_N in the CSV: 12 places, so at least 10 significant digits. */
#define FREQUENCY_PLACES 12
/* p_N and q_N in the article's list: 4 places. */
#define FREQUENCY_TEX_PLACES 4

struct frequencies_state {
    struct wythoff_cursor cur; /* at n = N + 1: A_N = a_{N+1} - (N + 1) */
    uint64_t N, last;
};
_Static_assert(sizeof(struct frequencies_state) <= TABLE_STATE_SIZE, "state too large");

static int frequencies_start(void *state, const struct table_args *args, struct gt_error *err)
{
    (void)err;
    struct frequencies_state *s = state;
    s->N = 1;
    s->last = args->param[PARAM_COUNT];
    wythoff_cursor_start(&s->cur, 2);
    return GT_OK;
}

static bool frequencies_next(void *state, struct table_row *row)
{
    struct frequencies_state *s = state;
    if (s->N > s->last)
        return false;
    uint64_t N = s->N;
    uint64_t A = wythoff_cursor_lower(&s->cur) - s->cur.n;
    uint64_t B = N - A;
    u64_format(N, row->cell[0]);
    u64_format(A, row->cell[1]);
    u64_format(B, row->cell[2]);
    struct decimal p = decimal_of_fraction(A, N, FREQUENCY_PLACES);
    struct decimal q = decimal_of_fraction(B, N, FREQUENCY_PLACES);
    decimal_format(&p, row->cell[3]);
    decimal_format(&q, row->cell[4]);
    if (N < s->last)
        wythoff_cursor_next(&s->cur);
    s->N++;
    return true;
}

/* Adds "<prefix>_exact", "<prefix>_int", "<prefix>_frac" and
 * "<prefix>_has_frac" for num/N at
 * 4 places: the article prints «= 0,75» when exact, «≈ 0,6667» when rounded. */
static int add_kvant_decimal(json_t *obj, const char *prefix, uint64_t num, uint64_t den)
{
    struct decimal d = decimal_of_fraction(num, den, FREQUENCY_TEX_PLACES);
    char digits[DECIMAL_BUF_SIZE], key[32];
    if (d.exact)
        decimal_format_frac_trimmed(&d, digits);
    else
        decimal_format_frac(&d, digits);
    int rc = 0;
    snprintf(key, sizeof key, "%s_exact", prefix);
    rc |= json_object_set_new(obj, key, json_boolean(d.exact));
    snprintf(key, sizeof key, "%s_int", prefix);
    rc |= json_object_set_new(obj, key, json_integer((json_int_t)d.int_part));
    snprintf(key, sizeof key, "%s_frac", prefix);
    rc |= json_object_set_new(obj, key, json_string(digits));
    snprintf(key, sizeof key, "%s_has_frac", prefix);
    rc |= json_object_set_new(obj, key, json_boolean(digits[0] != '\0'));
    return rc ? -1 : 0;
}

static int frequencies_tex_row(json_t *obj, const struct table_row *row)
{
    uint64_t N = strtoull(row->cell[0], NULL, 10);
    uint64_t A = strtoull(row->cell[1], NULL, 10);
    uint64_t B = strtoull(row->cell[2], NULL, 10);
    return add_kvant_decimal(obj, "p", A, N) | add_kvant_decimal(obj, "q", B, N);
}

static int frequencies_tex_context(json_t *ctx, const struct table_args *args)
{
    (void)args;
    /* ⌊10^5/φ⌋ = a_{10^5} - 10^5 (Theorem 1), exact; 1/φ is irrational, so
     * rounding the fifth digit half up never meets a tie. */
    const uint64_t scale = 100000;
    uint64_t inv_phi = wythoff_count_lower(scale - 1);   /* ⌊10^5/φ⌋ */
    uint64_t inv_phi2 = scale - (inv_phi + 1);            /* ⌊10^5/φ²⌋ = 10^5 - ⌈10^5/φ⌉ */
    char buf[8];
    int rc = 0;
    snprintf(buf, sizeof buf, "%04u", (unsigned)((inv_phi + 5) / 10));
    rc |= json_object_set_new(ctx, "limit_p_frac", json_string(buf));
    snprintf(buf, sizeof buf, "%04u", (unsigned)((inv_phi2 + 5) / 10));
    rc |= json_object_set_new(ctx, "limit_q_frac", json_string(buf));
    return rc ? -1 : 0;
}

static const struct table_column frequencies_columns[] = {
    {"N", COLUMN_INTEGER}, {"A_N", COLUMN_INTEGER}, {"B_N", COLUMN_INTEGER},
    {"p_N", COLUMN_DECIMAL}, {"q_N", COLUMN_DECIMAL},
};

const struct table_def table_wythoff_frequencies = {
    .name = "wythoff-frequencies",
    .summary = "A_N, B_N: how many a_n, b_n are <= N, and the frequencies p_N = A_N/N, q_N = B_N/N",
    .source = {MATULIS_SAVUKINAS_1984, .item = "list of p_N, q_N, section «Частоты чисел a_n и b_n»"},
    .columns = frequencies_columns,
    .ncolumns = 5,
    .params = {
        [PARAM_COUNT] = {true, 11, 1, WYTHOFF_FREQ_N_MAX, "rows N = 1..K"},
    },
    .start = frequencies_start,
    .next = frequencies_next,
    .tex_template = "wythoff-frequencies.tex",
    .tex_row = frequencies_tex_row,
    .tex_context = frequencies_tex_context,
};
