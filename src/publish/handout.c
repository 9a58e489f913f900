#include <config.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/interrupt.h"
#include "games/numeration.h"
#include "games/wythoff.h"
#include "publish/handout.h"
#include "sinks/sink-pdf.h"

const char *const handout_papers[HANDOUT_NPAPERS] = {"a4", "a5"};

/* handout.tex's geometry: A4 as the table documents have it (sink-pdf.h);
 * A5 at 345pt of 10pt type, the default page of the fragments. */
const struct context_page *handout_page(const char *paper)
{
    return strcmp(paper, "a4") == 0 ? &sink_tex_a4_page : &context_page_default;
}

int handout_write(const struct tex_options *opt, const char *paper, bool worksheet,
                  struct output *out, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return GT_ERR_RUNTIME;
    json_t *ctx = json_pack("{s:O, s:s, s:b, s:b, s:b}", "lang", lang, "paper", paper, "a4",
                            strcmp(paper, "a4") == 0, "a5", strcmp(paper, "a5") == 0,
                            "worksheet", worksheet);
    json_decref(lang);
    if (!ctx)
        return gt_fail(err, GT_ERR_RUNTIME, "handout.tex: out of memory");
    int rc = template_render(opt->dirs, "handout.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}

/* ---- the worksheet's blanks -------------------------------------------- */

/* A cell the worksheet may leave blank: the key of its value in a row
 * object, and the quantity it shows with the key of that quantity's index,
 * so that a quantity blanked in one table is blanked in every table that
 * shows it (a_5 in the P-positions, in Theorem 1's [5u], in property 3's
 * pairs and in Yaglom's Table II alike).  A cell that gives a quantity away
 * by a trivial step is keyed as that quantity: a_n and b_n are one
 * quantity, the pair PAIR at n, since the pages state b_n = a_n + n (and
 * v = u + 1, so [nv] = [nu] + n); a_n - 1 beside a_n, and property 3's
 * k1 = a_n and k2 = a_n + 1, are that pair at n too, and property 3's
 * pairs (b_n - 1, a_n + b_n - 1) and (b_n + 1, a_n + b_n + 2), the pairs
 * at k1 and k2, are blank with the pair at n of their row ("from"), which
 * they give away (b_n = a_k1 + 1).  A
 * cell that is an exercise of its own (a number in binary, "bin", or in
 * the Fibonacci system, "fib") has its own quantity, indexed by the number
 * it writes, so that the binary of 3 blank in one cell is not read off
 * another cell, of any table, that writes 3 in binary; and it is blank too
 * where the number it writes, "from" at from_index, is: Table II's blank
 * a_n is not read off Tables IIa and IIb, nor Kordemsky's Gr((n,0,0)) off
 * the winning move beside it.  The pages state that a Fibonacci form with
 * a 0 appended is another (Theorem II: b_n's digits are a_n's and a 0,
 * beside them in Table IIb; Theorem 2: a_n - 1's are n - 1's and a 0,
 * beside them), so the forms of x and of x with its digits shifted are
 * one quantity, indexed by the chain's first number (fib_root). */
struct blank_key {
    const char *key;      /* "a_n" */
    const char *quantity; /* PAIR: (a_n, b_n) of Wythoff's game */
    const char *index;    /* "n": the row key holding the quantity's index */
    const char *from;     /* NULL, or the quantity the cell is another form of */
    const char *from_index; /* the row key of from's index; NULL: index's */
};

/* How a table's cells are laid out in its context. */
enum blank_layout {
    BLANK_ROWS,  /* "rows" (and "origin", a row apart): the keys of each row */
    BLANK_BOARD, /* wythoff-grundy's "board": lines {b, cells: [{value, zero}]} */
    BLANK_GRID,  /* kordemsky-grundy's "grid": blocks {cols, lines {m, p, cells}} */
    BLANK_LIST,  /* wythoff-frequencies' "rows" {N, A_N, B_N}: no quantity of
                  * its own; a row is blank when it gives a blank a_n or b_n
                  * away (frequencies_blank) */
};

#define BLANK_KEYS_MAX 8

struct blanks {
    const char *table;
    enum blank_layout layout;
    struct blank_key keys[BLANK_KEYS_MAX];
};

/* The quantity (a_n, b_n): a_n and b_n of one n are blank together. */
#define PAIR "ab"
/* The quantity "a Fibonacci form", at fib_root of the number it writes. */
#define FIB "fib"

static const struct blanks worksheet_blanks[] = {
    {"wythoff-p-positions", BLANK_ROWS,
     {{"a_n", PAIR, "n", NULL, NULL}, {"b_n", PAIR, "n", NULL, NULL}}},
    {"wythoff-beatty", BLANK_ROWS,
     {{"floor_nu", PAIR, "n", NULL, NULL}, {"floor_nv", PAIR, "n", NULL, NULL}}},
    {"wythoff-property3", BLANK_ROWS,
     {{"a_n", PAIR, "n", NULL, NULL}, {"b_n", PAIR, "n", NULL, NULL},
      {"k1", PAIR, "n", NULL, NULL}, {"a_k1", PAIR, "k1", PAIR, "n"},
      {"b_k1", PAIR, "k1", PAIR, "n"}, {"k2", PAIR, "n", NULL, NULL},
      {"a_k2", PAIR, "k2", PAIR, "n"}, {"b_k2", PAIR, "k2", PAIR, "n"}}},
    {"wythoff-zeckendorf-shift", BLANK_ROWS,
     {{"a_n", PAIR, "n", NULL, NULL}, {"a_n_minus_1", PAIR, "n", NULL, NULL},
      {"n_minus_1_fib", FIB, "n_minus_1", NULL, NULL},
      {"a_n_minus_1_fib", FIB, "a_n_minus_1", PAIR, "n"}}},
    {"wythoff-grundy", BLANK_BOARD, {{"value", "grundy", NULL, NULL, NULL}}},
    {"nim-p-positions", BLANK_ROWS,
     {{"a_digits", "bin", "a", NULL, NULL}, {"b_digits", "bin", "b", NULL, NULL},
      {"c_digits", "bin", "c", NULL, NULL}}},
    {"wythoff-fibonacci", BLANK_ROWS,
     {{"a_n", PAIR, "n", NULL, NULL}, {"b_n", PAIR, "n", NULL, NULL},
      {"a_n_bin", "bin", "a_n", PAIR, "n"}, {"b_n_bin", "bin", "b_n", PAIR, "n"},
      {"a_n_fib", FIB, "a_n", PAIR, "n"}, {"b_n_fib", FIB, "b_n", PAIR, "n"}}},
    {"wythoff-frequencies", BLANK_LIST,
     {{"A_N", PAIR, "N", NULL, NULL}, {"B_N", PAIR, "N", NULL, NULL}}},
    {"kordemsky-grundy", BLANK_GRID, {{"value", "kordemsky gr", NULL, NULL, NULL}}},
    {"kordemsky-start", BLANK_ROWS,
     {{"grundy", "kordemsky gr", "n", NULL, NULL},
      {"take", "take", "n", "kordemsky gr", NULL}}},
};

static const struct blanks *blanks_of(const struct table_def *t)
{
    for (size_t i = 0; i < sizeof worksheet_blanks / sizeof worksheet_blanks[0]; i++)
        if (strcmp(worksheet_blanks[i].table, t->name) == 0)
            return &worksheet_blanks[i];
    return NULL;
}

bool worksheet_has_blanks(const struct table_def *t)
{
    return blanks_of(t) != NULL;
}

/* splitmix64 (Steele, Lea & Flood 2014): a well-mixed 64-bit hash. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

/* Is quantity q at index i blank in the draw?  A third of them are. */
static bool drawn(uint64_t draw, const char *q, uint64_t i)
{
    uint64_t h = draw;
    for (; *q; q++)
        h = mix64(h ^ (unsigned char)*q);
    return mix64(h ^ mix64(i)) % 3 == 0;
}

/* The number whose Fibonacci form is v's without its trailing 0s (v's for
 * 0): the Fibonacci forms that differ by 0s appended, one quantity. */
static uint64_t fib_root(uint64_t v)
{
    char d[NUMERATION_BUF_SIZE];
    size_t n = zeckendorf_digits(v, d);
    while (n > 1 && d[n - 1] == '0')
        n--;
    uint64_t r = 0;
    for (size_t k = 0; k < n; k++)
        if (d[k] == '1')
            r += fib_basis((unsigned)(n - 1 - k));
    return r;
}

static uint64_t key_u64(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (uint64_t)json_integer_value(v)
                              : strtoull(json_string_value(v) ? json_string_value(v) : "0", NULL, 10);
}

/* A cell that may be blank: where it is, its value and whether the draw
 * blanks it. */
struct blank_cell {
    json_t *obj;
    const char *key;
    size_t k; /* the index of its key in the table's keys */
    const char *value;
    bool blank;
};

typedef int (*cell_fn)(const struct blank_cell *c, void *data);

/* Calls fn for each cell of the row object row that holds a value,
 * every verdict drawn before fn runs (fn may empty an index, k1, that a
 * later cell's verdict reads); stops at the first nonzero. */
static int walk_row(json_t *row, const struct blanks *b, uint64_t draw, cell_fn fn, void *data)
{
    struct blank_cell c[BLANK_KEYS_MAX];
    char text[BLANK_KEYS_MAX][24];
    size_t n = 0;
    for (size_t k = 0; k < BLANK_KEYS_MAX && b->keys[k].key; k++) {
        const struct blank_key *bk = &b->keys[k];
        json_t *j = json_object_get(row, bk->key);
        const char *v = json_string_value(j);
        if (json_is_integer(j)) {
            snprintf(text[k], sizeof text[k], "%" PRIdMAX, (intmax_t)json_integer_value(j));
            v = text[k];
        }
        if (!v || !*v)
            continue;
        uint64_t i = key_u64(row, bk->index);
        if (strcmp(bk->quantity, FIB) == 0)
            i = fib_root(i);
        uint64_t fi = bk->from_index ? key_u64(row, bk->from_index) : i;
        c[n++] = (struct blank_cell){row, bk->key, k, v,
                                     drawn(draw, bk->quantity, i) ||
                                         (bk->from && drawn(draw, bk->from, fi))};
    }
    int rc = 0;
    for (size_t k = 0; !rc && k < n; k++)
        rc = fn(&c[k], data);
    return rc;
}

/* Calls fn for every cell of ctx that holds an answer (a value, not an
 * absent cell), with the draw's verdict; stops at the first nonzero. */
static int walk_cells(json_t *ctx, const struct blanks *b, uint64_t draw, cell_fn fn, void *data)
{
    int rc = 0;
    if (b->layout == BLANK_ROWS) {
        json_t *rows = json_object_get(ctx, "rows"), *origin = json_object_get(ctx, "origin");
        size_t nrows = json_array_size(rows);
        for (size_t i = 0; !rc && i < nrows + (origin != NULL); i++)
            rc = walk_row(i < nrows ? json_array_get(rows, i) : origin, b, draw, fn, data);
    } else if (b->layout == BLANK_BOARD) {
        json_t *board = json_object_get(ctx, "board");
        for (size_t i = 0; !rc && i < json_array_size(board); i++) {
            json_t *line = json_array_get(board, i), *cells = json_object_get(line, "cells");
            uint64_t y = key_u64(line, "b");
            for (size_t x = 0; !rc && x < json_array_size(cells); x++) {
                json_t *cell = json_array_get(cells, x);
                const char *v = json_string_value(json_object_get(cell, "value"));
                if (!v)
                    continue;
                /* A zero is the P-position n = |a - b|: blank where the
                 * pair (a_n, b_n) is, so that the board does not give it
                 * away.  The board is symmetric: (a, b) and (b, a) are one
                 * quantity, blank together. */
                uint64_t n = x > y ? x - y : y - x;
                bool blank = strcmp(v, "0") == 0
                                 ? drawn(draw, PAIR, n)
                                 : drawn(draw, b->keys[0].quantity,
                                         (uint64_t)(x < y ? x : y) << 32 | (x < y ? y : x));
                struct blank_cell c = {cell, "value", 0, v, blank};
                rc = fn(&c, data);
            }
        }
    } else {
        json_t *grid = json_object_get(ctx, "grid");
        for (size_t i = 0; !rc && i < json_array_size(grid); i++) {
            json_t *block = json_array_get(grid, i), *cols = json_object_get(block, "cols");
            json_t *lines = json_object_get(block, "lines");
            for (size_t l = 0; !rc && l < json_array_size(lines); l++) {
                json_t *line = json_array_get(lines, l), *cells = json_object_get(line, "cells");
                /* (n,m,p) is the quantity at n + (2m + p) 2^32: (n,0,0)
                 * at n, as the start table's Gr((n,0,0)) is keyed. */
                uint64_t mp = 2 * key_u64(line, "m") + key_u64(line, "p");
                for (size_t j = 0; !rc && j < json_array_size(cells); j++) {
                    json_t *cell = json_array_get(cells, j);
                    const char *v = json_string_value(json_object_get(cell, "value"));
                    if (!v || !*v)
                        continue;
                    uint64_t n = key_u64(json_array_get(cols, j), "n");
                    struct blank_cell c = {cell, "value", 0, v,
                                           drawn(draw, b->keys[0].quantity, n | mp << 32)};
                    rc = fn(&c, data);
                }
            }
        }
    }
    return rc;
}

/* The kinds of value a table's column holds: each value where there are at
 * most BLANK_KINDS_MAX distinct ones (Grundy values, the stones to take),
 * else zero and nonzero; a draw covers a table when each kind of each key
 * that occurs has a blank. */
#define BLANK_KINDS_MAX 6

struct coverage {
    size_t nkinds[BLANK_KEYS_MAX];
    char kind[BLANK_KEYS_MAX][BLANK_KINDS_MAX + 2][24];
    bool seen_blank[BLANK_KEYS_MAX][BLANK_KINDS_MAX + 2];
    bool many[BLANK_KEYS_MAX];
};

static int count_kinds(const struct blank_cell *c, void *data)
{
    struct coverage *cv = data;
    size_t k = c->k, i;
    if (cv->many[k])
        return 0;
    for (i = 0; i < cv->nkinds[k] && strcmp(cv->kind[k][i], c->value) != 0; i++)
        ;
    if (i == cv->nkinds[k]) {
        if (i == BLANK_KINDS_MAX) {
            cv->many[k] = true;
            return 0;
        }
        snprintf(cv->kind[k][i], sizeof cv->kind[k][i], "%s", c->value);
        cv->nkinds[k]++;
    }
    return 0;
}

static int mark_covered(const struct blank_cell *c, void *data)
{
    struct coverage *cv = data;
    size_t k = c->k;
    if (!c->blank)
        return 0;
    if (cv->many[k]) {
        cv->seen_blank[k][strcmp(c->value, "0") == 0] = true;
        return 0;
    }
    for (size_t i = 0; i < cv->nkinds[k]; i++)
        if (strcmp(cv->kind[k][i], c->value) == 0)
            cv->seen_blank[k][i] = true;
    return 0;
}

static int note_zero(const struct blank_cell *c, void *data)
{
    bool *zero = data;
    zero[c->k] |= strcmp(c->value, "0") == 0;
    return 0;
}

/* The kinds of ctx's cells that the draw leaves without a blank. */
static size_t uncovered(json_t *ctx, const struct blanks *b, uint64_t draw)
{
    struct coverage cv = {0};
    bool zero[BLANK_KEYS_MAX] = {0};
    if (b->layout == BLANK_LIST)
        return 0; /* its blanks are other tables' a_n and b_n */
    walk_cells(ctx, b, draw, count_kinds, &cv);
    walk_cells(ctx, b, draw, note_zero, zero);
    walk_cells(ctx, b, draw, mark_covered, &cv);
    size_t missing = 0;
    for (size_t k = 0; k < BLANK_KEYS_MAX && b->keys[k].key; k++) {
        if (cv.many[k])
            missing += !cv.seen_blank[k][0] + (zero[k] && !cv.seen_blank[k][1]);
        else
            for (size_t i = 0; i < cv.nkinds[k]; i++)
                missing += !cv.seen_blank[k][i];
    }
    return missing;
}

int worksheet_draw(const struct worksheet_table *tables, size_t n, const struct tex_options *opt,
                   uint64_t seed, uint64_t *draw, const char *what, struct gt_error *err)
{
    json_t *ctx[16];
    if (n > sizeof ctx / sizeof ctx[0])
        return gt_fail(err, GT_ERR_RUNTIME, "worksheet: too many tables");
    size_t made = 0;
    int rc = GT_OK;
    for (; rc == GT_OK && made < n; made++)
        if (!(ctx[made] = sink_tex_context(tables[made].table, tables[made].args, opt, err)))
            rc = gt_status(err);
    if (rc != GT_OK)
        made--;
    if (rc == GT_OK)
        rc = worksheet_draw_contexts(ctx, tables, n, seed, draw, what, err);
    for (size_t i = 0; i < made; i++)
        json_decref(ctx[i]);
    return rc;
}

int worksheet_draw_contexts(json_t *const *ctx, const struct worksheet_table *tables, size_t n,
                            uint64_t seed, uint64_t *draw, const char *what,
                            struct gt_error *err)
{
    size_t best = SIZE_MAX;
    for (uint64_t attempt = 0; best > 0 && attempt < WORKSHEET_DRAWS_MAX; attempt++) {
        if (interrupt_signal)
            return interrupt_fail(err, what);
        uint64_t d = mix64(seed ^ mix64(attempt));
        size_t missing = 0;
        for (size_t i = 0; i < n; i++)
            missing += uncovered(ctx[i], blanks_of(tables[i].table), d);
        if (missing < best) {
            best = missing;
            *draw = d;
        }
    }
    return GT_OK;
}

/* Blanks the cell: its value moves to KEY_blank (the answer, for the
 * template's \gametabblank), KEY itself is emptied; a blank zero of the
 * board is no longer bold, and "zero_blank" asks the template to set its
 * answer bold, as the key's caption says the zeros are; a blank Grundy value of a start with no winning
 * move hides the dash that would give it away. */
static int blank_cell(const struct blank_cell *c, void *data)
{
    (void)data;
    if (!c->blank)
        return 0;
    char key[64];
    snprintf(key, sizeof key, "%s_blank", c->key);
    json_t *o = c->obj;
    int rc = json_object_set_new(o, key, json_string(c->value)) != 0 ||
             json_object_set_new(o, c->key, json_string("")) != 0;
    if (!rc && json_is_true(json_object_get(o, "zero")))
        rc = json_object_set_new(o, "zero", json_false()) != 0 ||
             json_object_set_new(o, "zero_blank", json_true()) != 0;
    if (!rc && strcmp(c->key, "grundy") == 0 && json_is_false(json_object_get(o, "has_take")))
        rc = json_object_set_new(o, "has_take", json_true()) != 0 ||
             json_object_set_new(o, "take_blank", json_string("\u2014")) != 0;
    return rc ? -1 : 0;
}

/* The frequencies list's blanks.  Row N shows A_N and B_N = N - A_N (the
 * numerators of p_N and q_N; the decimals say them too), and with row
 * N - 1 it says whether N is an a_n (n = A_N) or a b_n (n = B_N): the row
 * of a blank a_n or b_n is blank, all of it.  A run of blank rows between
 * shown rows N1 and N2 still says how many a_n lie in N1 + 1..N2, which
 * names them when they are all a_n (or all b_n): then N2's row is blank
 * too, until the run mixes both (a_n come at most two in a row, b_n one
 * at a time, so a run grows by a row at most) or reaches the list's end.
 * Marks each blank row "freq_blank", which the template sets in
 * \gametabblank.  0, or -1 out of memory. */
static int frequencies_blank(json_t *ctx, uint64_t draw)
{
    json_t *rows = json_object_get(ctx, "rows");
    size_t n = json_array_size(rows);
    bool *blank = calloc(n + 1, sizeof *blank), *is_a = calloc(n + 1, sizeof *is_a);
    int rc = blank && is_a ? 0 : -1;
    for (size_t i = 0; !rc && i < n; i++) {
        json_t *row = json_array_get(rows, i);
        uint64_t N = key_u64(row, "N"), A = key_u64(row, "A_N"), B = key_u64(row, "B_N");
        is_a[i] = A > 0 && wythoff_lower(A) == N;
        blank[i] = is_a[i] ? drawn(draw, PAIR, A) : B > 0 && drawn(draw, PAIR, B);
    }
    /* The run of blank rows i..j - 1 between shown rows i - 1 and j (the
     * row before the list counts as shown: A_0 = 0) says how many of the
     * numbers of rows i..j are a_n. */
    for (size_t i = 0; !rc && i < n;) {
        if (!blank[i]) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && blank[j])
            j++;
        bool mixed = j == n; /* past the list's end nothing is counted */
        for (size_t k = i; k < j && k + 1 < n; k++)
            mixed |= is_a[k] != is_a[k + 1];
        if (mixed)
            i = j;
        else
            blank[j] = true; /* and look at the longer run again */
    }
    for (size_t i = 0; !rc && i < n; i++)
        if (blank[i])
            rc = json_object_set_new(json_array_get(rows, i), "freq_blank", json_true()) ? -1 : 0;
    free(blank);
    free(is_a);
    return rc;
}

int worksheet_table_write(const struct table_def *t, const struct table_args *args,
                          const struct tex_options *opt, uint64_t draw, struct output *out,
                          struct gt_error *err)
{
    const struct blanks *b = blanks_of(t);
    json_t *ctx = sink_tex_context(t, args, opt, err);
    if (!ctx)
        return gt_status(err);
    /* "worksheet": a note that would name a blank's answer says less */
    if (json_object_set_new(ctx, "worksheet", json_true()) != 0 ||
        (b && (b->layout == BLANK_LIST ? frequencies_blank(ctx, draw)
                                       : walk_cells(ctx, b, draw, blank_cell, NULL)) != 0)) {
        json_decref(ctx);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the worksheet", t->name);
    }
    int rc = template_render(opt->dirs, t->tex_template, ctx, out, err);
    json_decref(ctx);
    return rc;
}
