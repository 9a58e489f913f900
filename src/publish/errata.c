#include <config.h>

#include <csv.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "publish/errata.h"
#include "template/mustache.h"
#include "template/templates.h"

int errata_run(struct errata *e, const struct claim *const *claims, size_t n, uint64_t factor,
               struct gt_error *err)
{
    e->n = 0;
    e->factor = factor;
    e->claim = malloc((n ? n : 1) * sizeof *e->claim);
    e->result = calloc(n ? n : 1, sizeof *e->result);
    if (!e->claim || !e->result)
        return gt_fail(err, GT_ERR_RUNTIME, "verify: %s", strerror(ENOMEM));
    for (size_t i = 0; i < n; i++) {
        e->claim[i] = claims[i];
        if (claim_run(claims[i], claim_bound(claims[i], factor), &e->result[i], err) != GT_OK)
            return GT_ERR_RUNTIME;
        e->n++;
    }
    return GT_OK;
}

void errata_free(struct errata *e)
{
    free(e->claim);
    free(e->result);
    e->claim = NULL;
    e->result = NULL;
    e->n = 0;
}

size_t errata_failures(const struct errata *e)
{
    size_t n = 0;
    for (size_t i = 0; i < e->n; i++)
        n += e->result[i].outcome == CLAIM_FAILS;
    return n;
}

static const char *outcome_name(enum claim_outcome o)
{
    return o == CLAIM_HOLDS ? "holds" : o == CLAIM_FAILS ? "FAILS" : "data";
}

/* ---- a growing string ---------------------------------------------------- */

struct text {
    char *s;
    size_t len, cap;
    bool nomem;
};

static void text_add(struct text *t, const char *s, size_t n)
{
    if (t->nomem)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *p = realloc(t->s, cap);
        if (!p) {
            t->nomem = true;
            return;
        }
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void text_puts(struct text *t, const char *s)
{
    text_add(t, s, strlen(s));
}

static void text_printf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_printf(struct text *t, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    text_add(t, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The counterexamples joined by "; ", with "…" when there are more. */
static void examples_joined(struct text *t, const struct claim_result *r)
{
    for (size_t j = 0; j < r->nexamples; j++) {
        if (j)
            text_puts(t, "; ");
        text_puts(t, r->example[j]);
    }
    if (r->outcome == CLAIM_FAILS && r->failures > r->nexamples)
        text_puts(t, "; …");
}

static void source_text(struct text *t, const struct claim *c, bool ru)
{
    const struct claim_article_info *a = &claim_articles[c->article];
    text_printf(t, "%s, %s", ru ? a->cite_ru : a->cite_en, ru ? c->item_ru : c->item_en);
}

/* ---- the report -------------------------------------------------------------- */

/* The Russian plural of a count: 1 случай, 2 случая, 5 случаев; 21 случай,
 * 11 случаев.  forms: one, few, many. */
static const char *ru_plural(uint64_t n, const char *one, const char *few, const char *many)
{
    uint64_t d = n % 10, dd = n % 100;
    if (d == 1 && dd != 11)
        return one;
    if (d >= 2 && d <= 4 && (dd < 12 || dd > 14))
        return few;
    return many;
}

/* "cases" after a count, in the report's language. */
static const char *cases_word(uint64_t n, bool ru)
{
    return ru ? ru_plural(n, "случай", "случая", "случаев") : n == 1 ? "case" : "cases";
}

int errata_write_report(const struct errata *e, const char *lang, struct output *out,
                        struct gt_error *err)
{
    bool ru = strcmp(lang, "ru") == 0;
    size_t width = 0;
    for (size_t i = 0; i < e->n; i++)
        width = strlen(e->claim[i]->id) > width ? strlen(e->claim[i]->id) : width;
    struct text t = {0};
    size_t count[3] = {0};
    for (size_t i = 0; i < e->n; i++) {
        const struct claim *c = e->claim[i];
        const struct claim_result *r = &e->result[i];
        count[r->outcome]++;
        text_printf(&t, "%-*s  %-5s  ", (int)width, c->id, outcome_name(r->outcome));
        source_text(&t, c, ru);
        text_printf(&t, " | %s | ", r->range);
        if (r->outcome == CLAIM_FAILS)
            text_printf(&t, ru ? "%" PRIu64 " из %" PRIu64 ": " : "%" PRIu64 " of %" PRIu64 ": ",
                        r->failures, r->cases);
        else
            text_printf(&t, "%" PRIu64 " %s", r->cases, cases_word(r->cases, ru));
        if (r->skipped)
            text_printf(&t, ru ? ", %" PRIu64 " нечитаемых пропущено" : ", %" PRIu64 " unreadable skipped",
                        r->skipped);
        if (r->outcome == CLAIM_DATA)
            text_puts(&t, ": ");
        if (r->outcome != CLAIM_HOLDS)
            examples_joined(&t, r);
        const char *correction = ru ? c->correction_ru : c->correction_en;
        if (r->outcome == CLAIM_FAILS && correction)
            text_printf(&t, ru ? " | верно: %s" : " | correct: %s", correction);
        text_puts(&t, "\n");
    }
    if (ru)
        text_printf(&t, "%zu %s: %zu верны, %zu неверны, %zu — данные (границы ×%" PRIu64 ")\n",
                    e->n, ru_plural(e->n, "утверждение", "утверждения", "утверждений"),
                    count[CLAIM_HOLDS], count[CLAIM_FAILS], count[CLAIM_DATA], e->factor);
    else
        text_printf(&t, "%zu claims: %zu hold, %zu fail, %zu data (bounds ×%" PRIu64 ")\n", e->n,
                    count[CLAIM_HOLDS], count[CLAIM_FAILS], count[CLAIM_DATA], e->factor);
    int rc = t.nomem ? gt_fail(err, GT_ERR_RUNTIME, "verify: %s", strerror(ENOMEM))
                     : output_write(out, t.s, t.len, err);
    free(t.s);
    return rc;
}

/* ---- the CSV -------------------------------------------------------------------- */

static void csv_field(struct text *t, const char *field, bool first)
{
    if (!first)
        text_puts(t, ",");
    if (!strpbrk(field, ",\"\r\n")) {
        text_puts(t, field);
        return;
    }
    size_t n = strlen(field), size = 2 * n + 3;
    char *quoted = malloc(size);
    if (!quoted) {
        t->nomem = true;
        return;
    }
    size_t len = csv_write(quoted, size, field, n);
    text_add(t, quoted, len);
    free(quoted);
}

/* The columns of the CSV and of the errata sheet. */
static const struct table_column errata_columns[] = {
    {"article", COLUMN_TEXT}, {"id", COLUMN_TEXT}, {"source", COLUMN_TEXT},
    {"result", COLUMN_TEXT}, {"bound", COLUMN_INTEGER}, {"range", COLUMN_TEXT},
    {"cases", COLUMN_INTEGER}, {"failures", COLUMN_INTEGER}, {"skipped", COLUMN_INTEGER},
    {"counterexamples", COLUMN_TEXT}, {"statement_en", COLUMN_TEXT},
    {"statement_ru", COLUMN_TEXT}, {"correction_en", COLUMN_TEXT},
    {"correction_ru", COLUMN_TEXT},
};
#define ERRATA_NCOLUMNS (sizeof errata_columns / sizeof errata_columns[0])

/* One claim's row: the fields point into c, r and the buffers. */
struct errata_row {
    const char *field[ERRATA_NCOLUMNS];
    struct text source, examples;
    char num[4][24];
};

/* Fills row i; false when out of memory.  errata_row_free after. */
static bool errata_row(const struct errata *e, size_t i, struct errata_row *row)
{
    const struct claim *c = e->claim[i];
    const struct claim_result *r = &e->result[i];
    memset(row, 0, sizeof *row);
    source_text(&row->source, c, false);
    examples_joined(&row->examples, r);
    snprintf(row->num[0], sizeof row->num[0], "%" PRIu64, r->bound);
    snprintf(row->num[1], sizeof row->num[1], "%" PRIu64, r->cases);
    snprintf(row->num[2], sizeof row->num[2], "%" PRIu64, r->failures);
    snprintf(row->num[3], sizeof row->num[3], "%" PRIu64, r->skipped);
    const char *fields[ERRATA_NCOLUMNS] = {
        /* The article by its authors and year, as a reader cites it. */
        claim_articles[c->article].cite_en, c->id, row->source.s ? row->source.s : "",
        outcome_name(r->outcome), row->num[0], r->range, row->num[1], row->num[2], row->num[3],
        row->examples.s ? row->examples.s : "", c->statement_en, c->statement_ru,
        c->correction_en ? c->correction_en : "", c->correction_ru ? c->correction_ru : "",
    };
    memcpy(row->field, fields, sizeof fields);
    return !row->source.nomem && !row->examples.nomem;
}

static void errata_row_free(struct errata_row *row)
{
    free(row->source.s);
    free(row->examples.s);
}

int errata_write_csv(const struct errata *e, struct output *out, struct gt_error *err)
{
    struct text t = {0};
    /* UTF-8's byte-order mark: LibreOffice's and Excel's default import
     * then read the Cyrillic and the math signs as UTF-8 (README, "Into a
     * spreadsheet"). */
    text_puts(&t, ERRATA_CSV_BOM);
    for (size_t i = 0; i < ERRATA_NCOLUMNS; i++)
        csv_field(&t, errata_columns[i].name, i == 0);
    text_puts(&t, "\n");
    int rc = GT_OK;
    for (size_t i = 0; i < e->n && rc == GT_OK; i++) {
        struct errata_row row;
        t.nomem |= !errata_row(e, i, &row);
        for (size_t f = 0; f < ERRATA_NCOLUMNS; f++)
            csv_field(&t, row.field[f], f == 0);
        text_puts(&t, "\n");
        errata_row_free(&row);
        /* stream: a row at a time */
        if (t.nomem)
            rc = gt_fail(err, GT_ERR_RUNTIME, "errata: %s", strerror(ENOMEM));
        else if ((rc = output_write(out, t.s, t.len, err)) == GT_OK)
            t.len = 0;
    }
    if (rc == GT_OK && e->n == 0)
        rc = t.nomem ? gt_fail(err, GT_ERR_RUNTIME, "errata: %s", strerror(ENOMEM))
                     : output_write(out, t.s, t.len, err);
    free(t.s);
    return rc;
}

int errata_write_sheet(const struct errata *e, struct xlsx_book *book, struct gt_error *err)
{
    struct xlsx_sheet *sheet;
    int rc = xlsx_sheet_new(book, "errata", errata_columns, ERRATA_NCOLUMNS, &sheet, err);
    for (size_t i = 0; i < e->n && rc == GT_OK; i++) {
        struct errata_row row;
        rc = errata_row(e, i, &row) ? xlsx_sheet_row(sheet, row.field, err)
                                    : gt_fail(err, GT_ERR_RUNTIME, "errata: %s", strerror(ENOMEM));
        errata_row_free(&row);
    }
    return rc == GT_OK ? xlsx_sheet_end(sheet, err) : rc;
}

/* ---- LaTeX ------------------------------------------------------------------------ */

/* Appends s[0..n) escaped as the templates escape {{x}}. */
static void tex_escaped(struct text *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *e = mustache_latex_escape((unsigned char)s[i]);
        if (e)
            text_puts(t, e);
        else
            text_add(t, &s[i], 1);
    }
}

/* The length of the UTF-8 character at s. */
static size_t utf8_length(const char *s)
{
    unsigned char c = (unsigned char)*s;
    size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    for (size_t i = 1; i < n; i++)
        if (!s[i])
            return i;
    return n;
}

char *errata_latex(const char *text)
{
    struct text t = {0};
    text_puts(&t, "");
    for (const char *s = text; *s;) {
        if (s[0] == '_' && s[1] == '(' && strchr(s + 2, ')')) {
            const char *end = strchr(s + 2, ')');
            text_puts(&t, "\\textsubscript{");
            tex_escaped(&t, s + 2, (size_t)(end - s - 2));
            text_puts(&t, "}");
            s = end + 1;
        } else if (s[0] == '_' && s[1] && s[1] != ' ') {
            size_t n = utf8_length(s + 1);
            text_puts(&t, "\\textsubscript{");
            tex_escaped(&t, s + 1, n);
            text_puts(&t, "}");
            s += 1 + n;
        } else {
            size_t n = utf8_length(s);
            tex_escaped(&t, s, n);
            s += n;
        }
    }
    if (t.nomem) {
        free(t.s);
        return NULL;
    }
    return t.s;
}

/* obj[key] = errata_latex(text); -1 when out of memory. */
static int set_latex(json_t *obj, const char *key, const char *text)
{
    char *tex = errata_latex(text);
    int rc = tex ? json_object_set_new(obj, key, json_string(tex)) : -1;
    free(tex);
    return rc;
}

static json_t *claim_object(const struct claim *c, const struct claim_result *r, bool ru)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    json_t *examples = json_array();
    int rc = examples ? 0 : -1;
    for (size_t j = 0; rc == 0 && j < r->nexamples; j++) {
        json_t *x = json_object();
        rc = x ? json_array_append_new(examples, x) : -1;
        if (rc == 0)
            rc = set_latex(x, "text", r->example[j]) |
                 json_object_set_new(x, "last", json_boolean(j + 1 == r->nexamples));
    }
    const char *correction = ru ? c->correction_ru : c->correction_en;
    rc |= json_object_set_new(o, "id", json_string(c->id));
    rc |= json_object_set_new(o, "examples", examples ? examples : json_null());
    rc |= set_latex(o, "item", ru ? c->item_ru : c->item_en);
    rc |= set_latex(o, "statement", ru ? c->statement_ru : c->statement_en);
    rc |= set_latex(o, "range", r->range);
    if (correction)
        rc |= set_latex(o, "correction", correction);
    rc |= json_object_set_new(o, "holds", json_boolean(r->outcome == CLAIM_HOLDS));
    rc |= json_object_set_new(o, "fails", json_boolean(r->outcome == CLAIM_FAILS));
    rc |= json_object_set_new(o, "data", json_boolean(r->outcome == CLAIM_DATA));
    rc |= json_object_set_new(o, "cases", json_integer((json_int_t)r->cases));
    rc |= json_object_set_new(o, "cases_word", json_string(cases_word(r->cases, ru)));
    rc |= json_object_set_new(o, "failures", json_integer((json_int_t)r->failures));
    if (r->skipped)
        rc |= json_object_set_new(o, "skipped", json_integer((json_int_t)r->skipped));
    rc |= json_object_set_new(o, "more", json_boolean(r->outcome == CLAIM_FAILS &&
                                                      r->failures > r->nexamples));
    if (rc != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *errata_context(const struct errata *e, bool ru)
{
    json_t *articles = json_array();
    size_t count[3] = {0};
    int rc = articles ? 0 : -1;
    for (int a = 0; rc == 0 && a < ARTICLE__N; a++) {
        const struct claim_article_info *info = &claim_articles[a];
        json_t *claims = json_array(), *obj = json_object();
        rc = claims && obj ? json_array_append_new(articles, obj) : -1;
        if (rc != 0) {
            json_decref(claims);
            json_decref(obj);
            break;
        }
        rc |= json_object_set_new(obj, "claims", claims);
        rc |= set_latex(obj, "cite", ru ? info->cite_ru : info->cite_en);
        rc |= set_latex(obj, "title", ru ? info->title_ru : info->title_en);
        const char *journal = ru ? info->journal_ru : info->journal_en;
        if (*journal)
            rc |= set_latex(obj, "journal", journal);
        for (size_t i = 0; rc == 0 && i < e->n; i++) {
            if (e->claim[i]->article != (enum claim_article)a)
                continue;
            json_t *c = claim_object(e->claim[i], &e->result[i], ru);
            rc = c ? json_array_append_new(claims, c) : -1;
            count[e->result[i].outcome]++;
        }
        if (json_array_size(claims) == 0)
            json_array_remove(articles, json_array_size(articles) - 1);
    }
    json_t *ctx = rc == 0 ? json_pack("{s:o, s:I, s:I, s:I, s:I, s:I}", "articles", articles,
                                      "claims", (json_int_t)e->n, "holds",
                                      (json_int_t)count[CLAIM_HOLDS], "fails",
                                      (json_int_t)count[CLAIM_FAILS], "data",
                                      (json_int_t)count[CLAIM_DATA], "factor",
                                      (json_int_t)e->factor)
                          : NULL;
    if (!ctx && rc != 0)
        json_decref(articles);
    return ctx;
}

int errata_write_tex(const struct errata *e, const struct tex_options *opt, struct output *out,
                     struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return GT_ERR_RUNTIME;
    json_t *ctx = errata_context(e, strcmp(opt->lang, "ru") == 0);
    if (!ctx || json_object_set(ctx, "lang", lang) != 0) {
        json_decref(ctx);
        json_decref(lang);
        return gt_fail(err, GT_ERR_RUNTIME, "errata.tex: out of memory building the LaTeX context");
    }
    json_decref(lang);
    int rc = template_render(opt->dirs, "errata.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}
