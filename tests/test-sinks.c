/* The sinks: every table's CSV.gz read back with zlib and libcsv gives the
 * generator's rows; gzip output is deterministic; the LaTeX context and the
 * rendered fragments hold what the article prints. */
#include <config.h>

#include <csv.h>
#include <ftw.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "base/interrupt.h"
#include "base/text.h"
#include "io/output.h"
#include "publish/handout.h"
#include "sinks/sink-csv.h"
#include "sinks/sink-json.h"
#include "sinks/sink-pdf.h"
#include "sinks/sink-tex.h"
#include "sinks/sink-xlsx.h"
#include "tables/table.h"
#include "tables/table-wythoff.h"
#include "games/games.h"
#include "template/context.h"
#include "template/templates.h"

static char tmpdir[] = "/tmp/gametab-test-XXXXXX";

static int make_tmpdir(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static int remove_tmpdir(void **state)
{
    (void)state;
    return nftw(tmpdir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

static void write_csv(const struct table_def *t, const struct table_args *args,
                      const char *path, enum output_encoding enc)
{
    struct gt_error err = {0};
    struct output *out;
    assert_int_equal(output_open(&out, path, NULL, enc, OUTPUT_GZIP_LEVEL_DEFAULT, 1, &err), GT_OK);
    if (sink_csv_write(t, args, out, &err) != GT_OK) {
        output_abort(out);
        fail_msg("%s", err.msg);
    }
    assert_int_equal(output_commit(out, &err), GT_OK);
}

/* ---- the CSV read back: gzread + libcsv --------------------------------- */

struct reader {
    const struct table_def *t;
    struct table_stream s;      /* expected rows */
    struct table_row expected;
    bool ended;                 /* no row expected: the generator has ended */
    size_t field, records;
    bool mismatch;
    char why[256];
};

static void on_field(void *data, size_t len, void *ctx)
{
    struct reader *r = ctx;
    size_t i = r->field++;
    char want[TABLE_CELL_TEXT_SIZE] = "";
    if (i < r->s.ncolumns && r->records == 0)
        snprintf(want, sizeof want, "%s", r->s.columns[i].name);
    else if (i < r->s.ncolumns && !r->ended)
        table_cell_format(&r->expected.cell[i], want);
    /* An integer field read back as a number is the integer of the row. */
    const struct table_cell *c = &r->expected.cell[i < r->s.ncolumns ? i : 0];
    if (!r->mismatch && r->records > 0 && i < r->s.ncolumns && c->kind == CELL_INTEGER) {
        char field[32], *end;
        snprintf(field, sizeof field, "%.*s", (int)len, (const char *)data);
        if (strtoull(field, &end, 10) != c->integer || *end || len == 0) {
            r->mismatch = true;
            snprintf(r->why, sizeof r->why, "record %zu field %zu: got '%s', want %" PRIu64,
                     r->records, i, field, c->integer);
        }
    }
    if (!r->mismatch && (i >= r->s.ncolumns || strlen(want) != len || memcmp(data, want, len))) {
        r->mismatch = true;
        snprintf(r->why, sizeof r->why, "record %zu field %zu: got '%.*s', want '%s'",
                 r->records, i, (int)len, (const char *)data, want);
    }
}

static void on_record(int c, void *ctx)
{
    (void)c;
    struct reader *r = ctx;
    if (!r->mismatch && r->field != r->s.ncolumns) {
        r->mismatch = true;
        snprintf(r->why, sizeof r->why, "record %zu has %zu fields", r->records, r->field);
    }
    /* The header is checked against the columns; each data record against
     * the generator's next row. */
    if (r->records > 0) {
        if (table_stream_next(&r->s))
            r->expected = r->s.row;
        else
            r->ended = true;
    }
    r->records++;
    r->field = 0;
}

static size_t read_back(const struct table_def *t, const struct table_args *args,
                        const char *path, struct reader *r)
{
    memset(r, 0, sizeof *r);
    r->t = t;
    assert_int_equal(table_stream_open(&r->s, t, args, NULL), GT_OK);
    assert_true(table_stream_next(&r->s));
    r->expected = r->s.row;
    struct csv_parser p;
    assert_int_equal(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI), 0);
    gzFile gz = gzopen(path, "rb");
    assert_non_null(gz);
    char buf[4096];
    int n;
    while ((n = gzread(gz, buf, sizeof buf)) > 0)
        assert_int_equal(csv_parse(&p, buf, (size_t)n, on_field, on_record, r), (size_t)n);
    assert_int_equal(n, 0);
    assert_int_equal(gzclose(gz), Z_OK);
    assert_int_equal(csv_fini(&p, on_field, on_record, r), 0);
    csv_free(&p);
    table_stream_close(&r->s);
    return r->records;
}

/* The number of rows of t for args, by reading them. */
static size_t row_count(const struct table_def *t, const struct table_args *args)
{
    struct table_stream s;
    assert_int_equal(table_stream_open(&s, t, args, NULL), GT_OK);
    size_t n = 0;
    while (table_stream_next(&s))
        n++;
    table_stream_close(&s);
    return n;
}

static void test_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        struct table_args args;
        table_default_args(t, &args);
        if (t->params[PARAM_COUNT].accepted)
            args.param[PARAM_COUNT] = 50000; /* several deflate buffers */
        char path[256];
        snprintf(path, sizeof path, "%s/%s.csv.gz", tmpdir, t->name);
        write_csv(t, &args, path, OUTPUT_GZIP);
        struct reader r;
        size_t records = read_back(t, &args, path, &r);
        if (r.mismatch)
            fail_msg("%s: %s", t->name, r.why);
        assert_int_equal(records, row_count(t, &args) + 1);
        if (t->params[PARAM_COUNT].accepted)
            assert_int_equal(records, 50001);
        unlink(path);
    }
}

static size_t slurp(const char *path, unsigned char *buf, size_t size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, size, f);
    fclose(f);
    return n;
}

/* The same table twice gives the same bytes, and the gzip header carries
 * no time stamp (bytes 4..7) and no file name (FLG, byte 3, is 0). */
static void test_gzip_deterministic(void **state)
{
    (void)state;
    const struct table_def *t = table_find("wythoff-p-positions");
    struct table_args args;
    table_default_args(t, &args);
    char a[256], b[256];
    snprintf(a, sizeof a, "%s/a.csv.gz", tmpdir);
    snprintf(b, sizeof b, "%s/b.csv.gz", tmpdir);
    write_csv(t, &args, a, OUTPUT_GZIP);
    sleep(1);
    write_csv(t, &args, b, OUTPUT_GZIP);
    static unsigned char x[1 << 16], y[1 << 16];
    size_t nx = slurp(a, x, sizeof x), ny = slurp(b, y, sizeof y);
    assert_int_equal(nx, ny);
    assert_memory_equal(x, y, nx);
    static const unsigned char header[] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0};
    assert_memory_equal(x, header, sizeof header);
    unlink(a);
    unlink(b);
}

/* The article's table, through the CSV sink. */
static void test_csv_text(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/p.csv", tmpdir);
    const struct table_def *t = table_find("wythoff-p-positions");
    struct table_args args;
    table_default_args(t, &args);
    write_csv(t, &args, path, OUTPUT_PLAIN);
    static unsigned char text[4096];
    size_t n = slurp(path, text, sizeof text - 1);
    text[n] = '\0';
    assert_string_equal((char *)text,
                        "n,a_n,b_n\n0,0,0\n1,1,2\n2,3,5\n3,4,7\n4,6,10\n5,8,13\n6,9,15\n"
                        "7,11,18\n8,12,20\n9,14,23\n10,16,26\n11,17,28\n12,19,31\n");
    unlink(path);
}

/* A record that is not a table's row (the errata's): integers, empty
 * fields, and text longer than any table cell, quoted where it needs it;
 * then the growing string (base/text.h) past any fixed buffer. */
static void test_csv_values(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/values.csv", tmpdir);
    struct text long_text = {0};
    for (int i = 0; i < 500; i++)
        text_printf(&long_text, "%d, \"x\"; ", i); /* 500 commas and quotes */
    assert_false(long_text.nomem);
    assert_true(long_text.len > 4 * TABLE_TEXT_SIZE);
    struct csv_value v[] = {csv_integer(UINT64_MAX), csv_text("plain"), {.kind = CELL_EMPTY},
                            csv_text(long_text.s), csv_integer(0)};
    struct gt_error err = {0};
    struct output *out;
    assert_int_equal(output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, &err), GT_OK);
    assert_int_equal(sink_csv_write_values(out, v, 5, &err), GT_OK);
    assert_int_equal(output_commit(out, &err), GT_OK);
    /* what libcsv reads back */
    static unsigned char text[65536];
    size_t n = slurp(path, text, sizeof text - 1);
    struct text want = {0};
    text_puts(&want, "18446744073709551615,plain,,\"");
    for (const char *c = long_text.s; *c; c++)
        text_add(&want, c, *c == '"' ? 1 : 0), text_add(&want, c, 1);
    text_puts(&want, "\",0\n");
    assert_false(want.nomem);
    assert_int_equal(n, want.len);
    assert_memory_equal(text, want.s, n);
    assert_true(text_ends_with(path, ".CSV", true) && !text_ends_with(path, ".CSV", false));
    free(want.s);
    free(long_text.s);
    unlink(path);
}

/* The one reader of typed numbers: digits only, any leading zeros, up to
 * 2^64 - 1 exactly; one more is too large, not wrapped. */
static void test_text_read_u64(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_int_equal(text_read_u64("18446744073709551615", &v), TEXT_NUMBER_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(text_read_u64("000000000000000000000000042", &v), TEXT_NUMBER_OK);
    assert_true(v == 42);
    assert_int_equal(text_read_u64("0", &v), TEXT_NUMBER_OK);
    assert_true(v == 0);
    v = 7;
    assert_int_equal(text_read_u64("18446744073709551616", &v), TEXT_NUMBER_TOO_LARGE);
    assert_int_equal(text_read_u64("99999999999999999999", &v), TEXT_NUMBER_TOO_LARGE);
    const char *not_digits[] = {"", "-1", "+1", " 1", "1 ", "0x10", "1e3", "١٢"};
    for (size_t i = 0; i < sizeof not_digits / sizeof *not_digits; i++)
        assert_int_equal(text_read_u64(not_digits[i], &v), TEXT_NUMBER_NOT_DIGITS);
    assert_true(v == 7); /* untouched unless read */
}

/* ---- JSON ------------------------------------------------------------------ */

/* Every table's JSON parses (jansson) and its rows equal the CSV cells:
 * numbers as numbers. */
static void test_json(void **state)
{
    (void)state;
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        struct table_args args;
        table_default_args(t, &args);
        char path[256];
        snprintf(path, sizeof path, "%s/%s.json", tmpdir, t->name);
        struct gt_error err = {0};
        struct output *out;
        assert_int_equal(output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, &err), GT_OK);
        assert_int_equal(sink_json_write(t, &args, out, &err), GT_OK);
        assert_int_equal(output_commit(out, &err), GT_OK);
        json_error_t jerr;
        json_t *doc = json_load_file(path, JSON_DECODE_ANY, &jerr);
        if (!doc)
            fail_msg("%s: %s at line %d", t->name, jerr.text, jerr.line);
        assert_string_equal(json_string_value(json_object_get(doc, "table")), t->name);
        json_t *rows = json_object_get(doc, "rows");
        assert_int_equal(json_array_size(rows), row_count(t, &args));
        struct table_stream gen;
        assert_int_equal(table_stream_open(&gen, t, &args, NULL), GT_OK);
        for (size_t r = 0; table_stream_next(&gen); r++)
            for (size_t c = 0; c < gen.ncolumns; c++) {
                const struct table_row *row = &gen.row;
                json_t *v = json_object_get(json_array_get(rows, r), gen.columns[c].name);
                const struct table_cell *cell = &row->cell[c];
                char text[TABLE_CELL_TEXT_SIZE];
                if (cell->kind == CELL_EMPTY) {
                    assert_int_not_equal(gen.columns[c].type, COLUMN_TEXT);
                    assert_true(json_is_null(v)); /* no value: null */
                } else if (gen.columns[c].type == COLUMN_TEXT) {
                    assert_int_equal(cell->kind, CELL_TEXT);
                    assert_true(json_is_string(v)); /* digits with leading zeros stay text */
                    assert_string_equal(json_string_value(v), cell->text);
                } else if (gen.columns[c].type == COLUMN_INTEGER) {
                    /* An integer is a JSON integer because it is one. */
                    assert_int_equal(cell->kind, CELL_INTEGER);
                    assert_true(json_is_integer(v));
                    assert_true((uint64_t)json_integer_value(v) == cell->integer);
                } else {
                    assert_int_equal(cell->kind, CELL_DECIMAL);
                    assert_true(json_is_real(v));
                    table_cell_format(cell, text);
                    assert_true(json_real_value(v) == strtod(text, NULL));
                }
            }
        table_stream_close(&gen);
        json_decref(doc);
        unlink(path);
    }
}

/* ---- LaTeX ---------------------------------------------------------------- */

static struct template_dirs source_templates(void)
{
    struct template_dirs d = {.n = 1};
    d.dir[0] = getenv("GAMETAB_TEMPLATES_DIR");
    if (!d.dir[0])
        d.dir[0] = "templates";
    return d;
}

static char *render(const char *table, const char *lang, uint64_t count, unsigned block_columns)
{
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = lang, .block_columns = block_columns, .dirs = &dirs};
    const struct table_def *t = table_find(table);
    struct table_args args;
    table_default_args(t, &args);
    if (count)
        args.param[PARAM_COUNT] = count;
    char path[256];
    snprintf(path, sizeof path, "%s/%s.%s.tex", tmpdir, table, lang);
    struct gt_error err = {0};
    struct output *out;
    assert_int_equal(output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, &err), GT_OK);
    if (sink_tex_write(t, &args, &opt, out, &err) != GT_OK) {
        output_abort(out);
        fail_msg("%s", err.msg);
    }
    assert_int_equal(output_commit(out, &err), GT_OK);
    static char text[1 << 20];
    size_t n = slurp(path, (unsigned char *)text, sizeof text - 1);
    text[n] = '\0';
    unlink(path);
    return text;
}

/* Kvant 1984 no. 7: the list of p_N and q_N, N = 1..11, as printed. */
static const char *const article_frequencies[] = {
    "p_{1}&=1/1=1,&\\quad q_{1}&=0/1=0;\\cr",
    "p_{2}&=1/2=0{,}5,&\\quad q_{2}&=1/2=0{,}5;\\cr",
    "p_{3}&=2/3\\approx0{,}6667,&\\quad q_{3}&=1/3\\approx0{,}3333;\\cr",
    "p_{4}&=3/4=0{,}75,&\\quad q_{4}&=1/4=0{,}25;\\cr",
    "p_{5}&=3/5=0{,}6,&\\quad q_{5}&=2/5=0{,}4;\\cr",
    "p_{6}&=4/6\\approx0{,}6667,&\\quad q_{6}&=2/6\\approx0{,}3333;\\cr",
    "p_{7}&=4/7\\approx0{,}5714,&\\quad q_{7}&=3/7\\approx0{,}4286;\\cr",
    "p_{8}&=5/8=0{,}625,&\\quad q_{8}&=3/8=0{,}375;\\cr",
    "p_{9}&=6/9\\approx0{,}6667,&\\quad q_{9}&=3/9\\approx0{,}3333;\\cr",
    "p_{10}&=6/10=0{,}6,&\\quad q_{10}&=4/10=0{,}4;\\cr",
    "p_{11}&=7/11\\approx0{,}6364,&\\quad q_{11}&=4/11\\approx0{,}3636.\\cr",
};

static void test_frequencies_as_printed(void **state)
{
    (void)state;
    const char *text = render("wythoff-frequencies", "ru", 0, 0);
    for (size_t i = 0; i < sizeof article_frequencies / sizeof article_frequencies[0]; i++)
        if (!strstr(text, article_frequencies[i]))
            fail_msg("line %zu of the article's list is missing: %s\nrendered:\n%s", i + 1,
                     article_frequencies[i], text);
    assert_non_null(strstr(text, "\\approx0{,}6180"));
    assert_non_null(strstr(text, "\\approx0{,}3820"));
    const char *en = render("wythoff-frequencies", "en", 0, 0);
    assert_non_null(strstr(en, "p_{3}&=2/3\\approx0.6667,&\\quad q_{3}&=1/3\\approx0.3333;"));
    assert_non_null(strstr(en, "\\approx0.6180"));
}

static size_t count(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void test_p_positions_blocks(void **state)
{
    (void)state;
    const char *text = render("wythoff-p-positions", "ru", 0, 0);
    assert_int_equal(count(text, "\\begin{tabular}"), 1);
    assert_non_null(strstr(text, "$a_n$&0&1&3&4&6&8&9&11&12&14&16&17&19\\\\"));
    assert_non_null(strstr(text, "$b_n$&0&2&5&7&10&13&15&18&20&23&26&28&31\\\\"));
    assert_non_null(strstr(text, "Проигрышные поля"));
    /* 30 columns of two digits: 14 fit a 345pt text width, so three
     * balanced blocks of 10, no padding. */
    text = render("wythoff-p-positions", "en", 30, 0);
    assert_int_equal(count(text, "\\begin{tabular}"), 3);
    assert_non_null(strstr(text, "$n$&20&21&22&23&24&25&26&27&28&29\\\\"));
    /* 31: 11 + 11 + 9, the last padded with two blank cells. */
    text = render("wythoff-p-positions", "en", 31, 0);
    assert_int_equal(count(text, "\\begin{tabular}"), 3);
    assert_non_null(strstr(text, "$n$&22&23&24&25&26&27&28&29&30&&\\\\"));
    /* --block-columns 7 is used as given: 7 + 7 + 7 + 7 + 2. */
    text = render("wythoff-p-positions", "en", 30, 7);
    assert_int_equal(count(text, "\\begin{tabular}"), 5);
}

/* The one page-width formula (context.c), for the default page and the A4
 * handout's: columns of `widest` digits beside a six-digit label. */
static void test_fit_columns(void **state)
{
    (void)state;
    static const struct {
        const struct context_page *page;
        size_t widest, fit;
    } cases[] = {
        /* (3450 - 412) / (2 * 45 + 120) = 14.5 */
        {&context_page_default, 2, 14},
        /* (3450 - 412) / (8 * 45 + 120) = 6.3: Fibonacci words of b_15 = 39 */
        {&context_page_default, 8, 6},
        /* (4550 - 442) / (2 * 50 + 120) = 18.7 */
        {&sink_tex_a4_page, 2, 18},
        {&sink_tex_a4_page, 8, 7},
        /* never less than one column */
        {&context_page_default, 200, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t fit = context_fit_columns(cases[i].page, cases[i].widest);
        if (fit != cases[i].fit)
            fail_msg("case %zu: %zu digits: %zu columns fit, want %zu", i, cases[i].widest, fit,
                     cases[i].fit);
    }
    /* Balanced: 61 piles at 18 a block are 16 + 16 + 16 + 13, not
     * 18 + 18 + 18 + 7; 15 at 6 are 5 + 5 + 5. */
    assert_int_equal(context_balanced_columns(61, 18), 16);
    assert_int_equal(context_balanced_columns(15, 6), 5);
    assert_int_equal(context_balanced_columns(15, 15), 15);
    assert_int_equal(context_balanced_columns(14, 13), 7);
}

/* A cell wider than the text width: widest_cell stops at one column's
 * width, (3450 - 412 - 120) / 45 = 64 digits (4000 digits of \small were
 * past TeX's largest dimension, 16383pt), and the block has one column. */
static void test_widest_cell_capped(void **state)
{
    (void)state;
    assert_int_equal(context_widest_fitting(&context_page_default), 64);
    assert_int_equal(context_fit_columns(&context_page_default, 64), 1);
    static char wide[4001];
    memset(wide, 'x', 4000);
    const char *names[] = {"k", "v"};
    const char *row1[] = {"1", wide};
    const char *row2[] = {"2", "y"};
    struct context_builder *b = context_new(names, 2, false);
    assert_non_null(b);
    assert_non_null(context_add_row(b, row1));
    assert_non_null(context_add_row(b, row2));
    json_t *ctx = context_finish(b, 0);
    assert_non_null(ctx);
    const char *zeros = json_string_value(json_object_get(ctx, "widest_cell"));
    assert_non_null(zeros);
    /* A cell as wide as the text allows: its zeros counted as \small sets
     * them (4.62pt, not 4.5pt): 61 fit beside a row label, not 64
     * (breaker round 20, F1). */
    assert_int_equal(strlen(zeros), 61);
    const char *fitting = json_string_value(json_object_get(ctx, "fitting_cell"));
    assert_non_null(fitting);
    assert_int_equal(strlen(fitting), 61);
    assert_int_equal(json_integer_value(json_object_get(ctx, "block_columns")), 1);
    json_decref(ctx);
}

/* The columns the generic booktabs table wraps (context_wrap_columns): on
 * the default page 3450 - 120 (n - 1) tenths of a point are shared out,
 * the columns narrower than an equal share of what is left first.  The
 * widths are in tenths of a point: C characters of 5pt are C * 50. */
static void test_wrap_columns(void **state)
{
    (void)state;
    static const struct {
        size_t n, widths[8];
        const char *wrap;  /* '1' for a column that wraps */
        size_t words[8];   /* each column's widest word (0: none given) */
    } cases[] = {
        /* 3450 - 240 = 3210: 150 + 6000 + 250 > 3210, the 6000 wraps */
        {3, {150, 6000, 250}, "010", {0}},
        /* everything fits: 1000 + 1000 + 1000 <= 3210 */
        {3, {1000, 1000, 1000}, "000", {0}},
        /* 1000 fits 3210 / 3, then the 1500s share what it leaves: 2210 / 2 */
        {3, {1000, 1500, 1500}, "011", {0}},
        /* 3 x 2000 > 3210, each over 3210 / 3: all wrap */
        {3, {2000, 2000, 2000}, "111", {0}},
        /* 3450 - 360 = 3090: 500 and 650 fit, 2000 and 2000 share 1940 */
        {4, {500, 2000, 650, 2000}, "0101", {0}},
        /* 3090 less 100 + 100 is 2890: 1500 is over 2890 / 2, so it wraps
         * with the 4500, each getting 1445 (max-min fair, not the 4500
         * alone) */
        {4, {100, 4500, 100, 1500}, "0101", {0}},
        /* 2890 - 1250 = 1640 is left for the 4500: the 1250 keeps its width */
        {4, {100, 4500, 100, 1250}, "0100", {0}},
        /* at most 6em (600) never wraps, even past the width */
        {2, {600, 10000}, "01", {0}},
        /* three Russian cells of 22-26 letters, 119, 136 and 152pt as set:
         * by 5pt a character (110 + 115 + 130 = 355pt) they seemed to fit
         * 321pt; as set they do not (breaker round 17) */
        {3, {1190, 1360, 1520}, "111", {0}},
        /* eight columns of "one two three", 57pt each, 540pt with the gaps:
         * each under 6em, but together too wide, so each wraps to its
         * share, wider than its widest word (breaker round 18, F4) */
        {8, {570, 570, 570, 570, 570, 570, 570, 570}, "11111111",
         {220, 220, 220, 220, 220, 220, 220, 220}},
        /* the same of single words: nothing to gain, none wraps */
        {8, {570, 570, 570, 570, 570, 570, 570, 570}, "00000000",
         {570, 570, 570, 570, 570, 570, 570, 570}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool wrap[8];
        size_t k = context_wrap_columns(&context_page_default, cases[i].widths, cases[i].words,
                                        cases[i].n, wrap);
        char got[9] = {0};
        size_t want_k = 0;
        for (size_t c = 0; c < cases[i].n; c++) {
            got[c] = wrap[c] ? '1' : '0';
            want_k += cases[i].wrap[c] == '1';
        }
        if (strcmp(got, cases[i].wrap) != 0 || k != want_k)
            fail_msg("case %zu: wraps %s (%zu), want %s", i, got, k, cases[i].wrap);
    }
    /* 256 columns of one character: none wraps (the table is as wide as
     * it was; table-booktabs.tex takes 256 columns) */
    static size_t ones[256];
    static bool wrap[256];
    for (size_t c = 0; c < 256; c++)
        ones[c] = 50;
    assert_int_equal(context_wrap_columns(&context_page_default, ones, ones, 256, wrap), 0);
}

/* The context's columns: their longest text (a cell or the name) and
 * whether they wrap. */
static void test_columns_widest(void **state)
{
    (void)state;
    const char *names[] = {"n", "a long column name, longer than any of its cells"};
    const char *row1[] = {"12345", "x"};
    const char *row2[] = {"7", "Проигрышные поля"};
    struct context_builder *b = context_new(names, 2, false);
    assert_non_null(b);
    assert_non_null(context_add_row(b, row1));
    assert_non_null(context_add_row(b, row2));
    json_t *ctx = context_finish(b, 0);
    assert_non_null(ctx);
    json_t *columns = json_object_get(ctx, "columns");
    assert_string_equal(json_string_value(json_object_get(json_array_get(columns, 0), "widest")),
                        "12345");
    assert_string_equal(json_string_value(json_object_get(json_array_get(columns, 1), "widest")),
                        names[1]);
    assert_false(json_is_true(json_object_get(json_array_get(columns, 1), "wide")));
    assert_int_equal(json_integer_value(json_object_get(ctx, "wide_columns")), 0);
    json_decref(ctx);
}

static void test_wide_numbers_narrow_blocks(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    const struct table_def *t = table_find("wythoff-p-positions");
    struct table_args args = {{[PARAM_COUNT] = 5000}}; /* b_n has 5 digits */
    struct gt_error err = {0};
    json_t *ctx = sink_tex_context(t, &args, &opt, &err);
    assert_non_null(ctx);
    json_t *blocks = json_object_get(ctx, "blocks");
    size_t width = json_array_size(json_object_get(json_array_get(blocks, 0), "rows"));
    assert_true(width < 13 && width >= 5);
    assert_int_equal(json_integer_value(json_object_get(ctx, "row_count")), 5000);
    json_decref(ctx);
}

static void test_tex_rows_bounded(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    const struct table_def *t = table_find("wythoff-p-positions");
    struct table_args args = {{[PARAM_COUNT] = TEX_ROWS_MAX + 1}};
    struct gt_error err = {0};
    assert_null(sink_tex_context(t, &args, &opt, &err));
    assert_int_equal(err.status, GT_ERR_USAGE); /* a request past a documented limit */
    assert_non_null(strstr(err.msg, "more than"));
}

/* The rows a table streams for args, at most cap. */
static uint64_t streamed_rows(const struct table_def *t, const struct table_args *args,
                              uint64_t cap)
{
    struct table_stream s;
    struct gt_error err = {0};
    assert_int_equal(table_stream_open(&s, t, args, &err), GT_OK);
    uint64_t n = 0;
    while (n < cap && table_stream_next(&s))
        n++;
    table_stream_close(&s);
    return n;
}

/* Each table's row_count, what xlsx refuses a table by before any work,
 * against the rows it streams: at its defaults and with each numeric
 * parameter at its least and at a few small values.  Exact for every
 * table but the two whose count only solving tells (a bound there, and
 * one that never passes a sheet: k-heaps at every k's largest M). */
static void test_row_count(void **state)
{
    (void)state;
    static const uint64_t small[] = {0, 1, 2, 3, 5, 12, 27, 100};
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        assert_non_null(t->row_count);
        bool bound = strcmp(t->name, "wythoff-k-heaps") == 0 ||
                     strcmp(t->name, "misere-nim-p-positions") == 0;
        for (int p = -1; p < PARAM__N; p++) {
            if (p == PARAM_COLOR || p == PARAM_RADIX || p == PARAM_FROM ||
                (p >= 0 && !t->params[p].accepted))
                continue;
            for (size_t k = 0; k < (p < 0 ? 1 : sizeof small / sizeof small[0]); k++) {
                struct table_args args;
                table_default_args(t, &args);
                if (p >= 0)
                    args.param[p] = small[k];
                struct gt_error err = {0};
                if (p >= 0 && (table_check_param(t, (enum table_param)p, small[k], &err) != GT_OK ||
                               table_check_args(t, &args, &err) != GT_OK))
                    continue;
                uint64_t want = t->row_count(&args), got = streamed_rows(t, &args, want + 1);
                if (bound ? got > want : got != want)
                    fail_msg("%s, --%s %" PRIu64 " (else the defaults): row_count %" PRIu64
                             ", %" PRIu64 " rows", t->name,
                             p < 0 ? "count" : table_param_name((enum table_param)p),
                             args.param[p < 0 ? PARAM_COUNT : p], want, got);
            }
        }
    }
    const struct table_def *heaps = table_find("wythoff-k-heaps");
    for (uint64_t k = 1; k <= HEAPS_MAX; k++) {
        struct table_args args = {{[PARAM_HEAPS] = k, [PARAM_MAX] = heaps_max_size((unsigned)k)}};
        assert_true(heaps->row_count(&args) <= XLSX_ROWS_MAX - 1);
    }
    struct table_args misere = {{[PARAM_MAX] = table_find("misere-nim-p-positions")->params[PARAM_MAX].max}};
    assert_true(table_find("misere-nim-p-positions")->row_count(&misere) <= XLSX_ROWS_MAX - 1);
    /* The first sizes past a sheet (tests/bad-input.tsv b27-b36). */
    struct table_args g = {{[PARAM_MAX] = 1024}}, kg = {{[PARAM_MAX] = 524287}},
                      ks = {{[PARAM_MAX] = 2097151}};
    struct gt_error err = {0};
    assert_int_equal(xlsx_rows_check(table_find("wythoff-grundy"), &g, &err), GT_ERR_USAGE);
    assert_int_equal(xlsx_rows_check(table_find("kordemsky-grundy"), &kg, &err), GT_ERR_USAGE);
    assert_int_equal(xlsx_rows_check(table_find("kordemsky-start"), &ks, &err), GT_ERR_USAGE);
    g.param[PARAM_MAX]--, kg.param[PARAM_MAX]--, ks.param[PARAM_MAX]--;
    assert_int_equal(xlsx_rows_check(table_find("wythoff-grundy"), &g, &err), GT_OK);
    assert_int_equal(xlsx_rows_check(table_find("kordemsky-grundy"), &kg, &err), GT_OK);
    assert_int_equal(xlsx_rows_check(table_find("kordemsky-start"), &ks, &err), GT_OK);
}

/* The worksheet's draws look at a stop request before each draw: one
 * pending makes none, and says the worksheet (they ran a few hundred
 * milliseconds deaf to Ctrl-C; breaker round 25, F4).  Without one, the
 * search on the contexts is worksheet_draw's. */
static void test_worksheet_draw_stops(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    const char *names[] = {"wythoff-p-positions", "wythoff-grundy", "kordemsky-grundy"};
    struct table_args args[3];
    struct worksheet_table ws[3];
    json_t *ctx[3];
    struct gt_error err = {0};
    for (size_t i = 0; i < 3; i++) {
        const struct table_def *t = table_find(names[i]);
        assert_non_null(t);
        for (int p = 0; p < PARAM__N; p++)
            args[i].param[p] = t->params[p].def;
        ws[i] = (struct worksheet_table){t, &args[i]};
        assert_non_null(ctx[i] = sink_tex_context(t, &args[i], &opt, &err));
    }
    uint64_t draw = 7, whole = 0;
    interrupt_signal = SIGINT;
    int rc = worksheet_draw_contexts(ctx, ws, 3, 13, &draw, "en/worksheet.tex", &err);
    interrupt_signal = 0;
    assert_int_equal(rc, GT_ERR_RUNTIME);
    assert_string_equal(err.msg, "en/worksheet.tex: interrupted by signal 2");
    assert_int_equal(draw, 7);
    assert_int_equal(worksheet_draw_contexts(ctx, ws, 3, 13, &draw, "en/worksheet.tex", &err),
                     GT_OK);
    assert_int_equal(worksheet_draw(ws, 3, &opt, 13, &whole, "out/en/worksheet.tex", &err), GT_OK);
    assert_int_equal(draw, whole);
    for (size_t i = 0; i < 3; i++)
        json_decref(ctx[i]);
}

/* A table whose rows cannot be opened (here a game whose solving a stop
 * request ends) gives NULL and the error, and frees nothing it did not
 * allocate (the breaker's build under SIGTERM freed stack garbage). */
static void test_tex_rows_open_fails(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    const struct table_def *t = table_find("misere-nim-p-positions");
    struct table_args args = {{[PARAM_MAX] = 20}};
    struct gt_error err = {0};
    interrupt_signal = SIGTERM;
    json_t *ctx = sink_tex_context(t, &args, &opt, &err);
    interrupt_signal = 0;
    assert_null(ctx);
    assert_int_equal(err.status, GT_ERR_RUNTIME);
    ctx = sink_tex_context(t, &args, &opt, &err);
    assert_non_null(ctx);
    json_decref(ctx);
}

/* Every cell of every table, at its defaults, holds what its column
 * declares: an integer, a decimal or text, or nothing (an INTEGER column
 * only: kordemsky-start's take). */
static void test_cells_typed(void **state)
{
    (void)state;
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        struct table_args args;
        table_default_args(t, &args);
        struct table_stream s;
        assert_int_equal(table_stream_open(&s, t, &args, NULL), GT_OK);
        static const enum cell_kind kind_of[] = {
            [COLUMN_INTEGER] = CELL_INTEGER, [COLUMN_DECIMAL] = CELL_DECIMAL,
            [COLUMN_TEXT] = CELL_TEXT,
        };
        while (table_stream_next(&s))
            for (size_t c = 0; c < s.ncolumns; c++) {
                enum cell_kind k = s.row.cell[c].kind, want = kind_of[s.columns[c].type];
                if (k != want && !(k == CELL_EMPTY && want == CELL_INTEGER))
                    fail_msg("%s row %" PRIu64 " column %s: a cell of kind %d, want %d", t->name,
                             s.rows, s.columns[c].name, (int)k, (int)want);
            }
        table_stream_close(&s);
    }
}

/* A table whose hook fails: the LaTeX context reports the hook's own
 * error, not "out of memory". */
static int failing_tex_context(const struct table_args *args, struct tex_values *out,
                               struct gt_error *err)
{
    (void)args;
    (void)out;
    return gt_fail(err, GT_ERR_RUNTIME, "test: the solver failed");
}

/* A hook that adds more values than a context takes. */
static int greedy_tex_row(const struct table_row *row, struct tex_values *out,
                          struct gt_error *err)
{
    (void)row;
    (void)err;
    for (int i = 0; i <= TEX_VALUES_MAX; i++)
        cell_set_integer(tex_value_add(out, "v"), (uint64_t)i);
    return GT_OK;
}

static void test_tex_hook_errors(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    struct table_args args;
    table_default_args(&table_wythoff_p_positions, &args);
    struct gt_error err = {0};

    struct table_def t = table_wythoff_p_positions;
    t.tex_context = failing_tex_context;
    assert_null(sink_tex_context(&t, &args, &opt, &err));
    assert_int_equal(err.status, GT_ERR_RUNTIME);
    assert_string_equal(err.msg, "test: the solver failed");

    /* Rows that are no board: 13 pairs for a board of --max 0 squares. */
    t = table_wythoff_p_positions;
    t.tex_shape = TEX_SHAPE_BOARD;
    assert_null(sink_tex_context(&t, &args, &opt, &err));
    assert_int_equal(err.status, GT_ERR_RUNTIME);
    assert_non_null(strstr(err.msg, "13 rows of 3 cells for a board of 0 x 0 squares"));
    assert_null(strstr(err.msg, "out of memory"));

    /* Past TEX_VALUES_MAX values the sink fails instead of writing past
     * the hook's array. */
    t = table_wythoff_p_positions;
    t.tex_row = greedy_tex_row;
    assert_null(sink_tex_context(&t, &args, &opt, &err));
    assert_int_equal(err.status, GT_ERR_RUNTIME);
}

/* The hooks' values reach the context with their types: booleans for the
 * template's sections, integers as numbers, "origin.b_k2" inside "origin". */
static void test_tex_values_typed(void **state)
{
    (void)state;
    struct template_dirs dirs = source_templates();
    struct tex_options opt = {.lang = "en", .dirs = &dirs};
    struct table_args args;
    struct gt_error err = {0};
    table_default_args(&table_wythoff_property3, &args);
    json_t *ctx = sink_tex_context(&table_wythoff_property3, &args, &opt, &err);
    assert_non_null(ctx);
    json_t *origin = json_object_get(ctx, "origin");
    assert_int_equal(json_integer_value(json_object_get(origin, "a_k2")), 1);
    assert_int_equal(json_integer_value(json_object_get(origin, "b_k2")), 2);
    json_decref(ctx);

    table_default_args(&table_wythoff_game, &args); /* (12; 14): the first player wins */
    ctx = sink_tex_context(&table_wythoff_game, &args, &opt, &err);
    assert_non_null(ctx);
    assert_true(json_is_true(json_object_get(ctx, "first_wins")));
    json_t *rows = json_object_get(ctx, "rows");
    assert_true(json_is_true(json_object_get(json_array_get(rows, 0), "winning")));
    assert_true(json_is_false(json_object_get(json_array_get(rows, 1), "winning")));
    json_decref(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_gzip_deterministic),
        cmocka_unit_test(test_csv_text),
        cmocka_unit_test(test_text_read_u64),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_frequencies_as_printed),
        cmocka_unit_test(test_p_positions_blocks),
        cmocka_unit_test(test_fit_columns),
        cmocka_unit_test(test_widest_cell_capped),
        cmocka_unit_test(test_wrap_columns),
        cmocka_unit_test(test_columns_widest),
        cmocka_unit_test(test_wide_numbers_narrow_blocks),
        cmocka_unit_test(test_tex_rows_bounded),
        cmocka_unit_test(test_row_count),
        cmocka_unit_test(test_tex_rows_open_fails),
        cmocka_unit_test(test_worksheet_draw_stops),
        cmocka_unit_test(test_cells_typed),
        cmocka_unit_test(test_tex_hook_errors),
        cmocka_unit_test(test_tex_values_typed),
        cmocka_unit_test(test_csv_values),
    };
    return cmocka_run_group_tests_name("sinks", tests, make_tmpdir, remove_tmpdir);
}
