#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "base/utf8.h"
#include "publish/errata.h"
#include "sinks/sink-csv.h"
#include "template/latex.h"
#include "template/mustache.h"
#include "template/templates.h"

int errata_run(struct errata *e, const struct claim *const *claims, size_t n, uint64_t factor,
               errata_step_fn *step, void *ud, struct gt_error *err)
{
    e->n = 0;
    e->factor = factor;
    e->claim = malloc((n ? n : 1) * sizeof *e->claim);
    e->result = calloc(n ? n : 1, sizeof *e->result);
    if (!e->claim || !e->result)
        return gt_fail(err, GT_ERR_RUNTIME, "verify: %s", strerror(ENOMEM));
    for (size_t i = 0; i < n; i++) {
        e->claim[i] = claims[i];
        if (step)
            step(ud, claims[i], i, n);
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

/* The CSV's result column: data for programs, the same in every language
 * (the report's words are the template's). */
static const char *outcome_name(enum claim_outcome o)
{
    return o == CLAIM_HOLDS ? "holds" : o == CLAIM_FAILS ? "FAILS" : "data";
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

/* "Cite, item" of c in lang, as the CSV's source column gives it. */
static void source_text(struct text *t, const struct claim *c, const char *lang)
{
    struct article_words a;
    struct claim_words w;
    if (claim_article_words(c->article, lang, &a) && claim_words(c, lang, &w))
        text_printf(t, "%s, %s", a.cite, w.item);
}

/* ---- the CSV -------------------------------------------------------------------- */

/* The columns of errata.csv.gz and of the errata sheet, in order; after
 * counterexamples, the statement and then the correction in each of
 * claim_languages ("en", "ru": the names below say so). */
enum {
    ERRATA_ARTICLE, ERRATA_ID, ERRATA_SOURCE, ERRATA_RESULT, ERRATA_BOUND, ERRATA_RANGE,
    ERRATA_CASES, ERRATA_FAILURES, ERRATA_SKIPPED, ERRATA_COUNTEREXAMPLES, ERRATA_STATEMENT,
    ERRATA_CORRECTION = ERRATA_STATEMENT + CLAIM_NLANGUAGES,
    ERRATA_NCOLUMNS = ERRATA_CORRECTION + CLAIM_NLANGUAGES
};

static const struct table_column errata_columns[ERRATA_NCOLUMNS] = {
    {"article", COLUMN_TEXT}, {"id", COLUMN_TEXT}, {"source", COLUMN_TEXT},
    {"result", COLUMN_TEXT}, {"bound", COLUMN_INTEGER}, {"range", COLUMN_TEXT},
    {"cases", COLUMN_INTEGER}, {"failures", COLUMN_INTEGER}, {"skipped", COLUMN_INTEGER},
    {"counterexamples", COLUMN_TEXT}, {"statement_en", COLUMN_TEXT},
    {"statement_ru", COLUMN_TEXT}, {"correction_en", COLUMN_TEXT},
    {"correction_ru", COLUMN_TEXT},
};

/* One claim's row, for the CSV and the sheet: the fields point into the
 * claim, its result and the buffers. */
struct errata_row {
    const char *field[ERRATA_NCOLUMNS];
    uint64_t number[ERRATA_NCOLUMNS]; /* the integer columns' values */
    struct text source, examples;
    char num[4][24];
};

/* Fills row i; false when out of memory.  errata_row_free after. */
static bool errata_row(const struct errata *e, size_t i, struct errata_row *row)
{
    const struct claim *c = e->claim[i];
    const struct claim_result *r = &e->result[i];
    memset(row, 0, sizeof *row);
    source_text(&row->source, c, "en"); /* the source as the header: in English */
    examples_joined(&row->examples, r);
    const size_t integer[4] = {ERRATA_BOUND, ERRATA_CASES, ERRATA_FAILURES, ERRATA_SKIPPED};
    const uint64_t num[4] = {r->bound, r->cases, r->failures, r->skipped};
    for (size_t k = 0; k < 4; k++) {
        snprintf(row->num[k], sizeof row->num[k], "%" PRIu64, num[k]);
        row->number[integer[k]] = num[k];
    }
    const char **f = row->field;
    /* The article by its authors and year, as a reader cites it. */
    f[ERRATA_ARTICLE] = claim_articles[c->article].cite_en;
    f[ERRATA_ID] = c->id;
    f[ERRATA_SOURCE] = row->source.s ? row->source.s : "";
    f[ERRATA_RESULT] = outcome_name(r->outcome);
    f[ERRATA_BOUND] = row->num[0];
    f[ERRATA_RANGE] = r->range;
    f[ERRATA_CASES] = row->num[1];
    f[ERRATA_FAILURES] = row->num[2];
    f[ERRATA_SKIPPED] = row->num[3];
    f[ERRATA_COUNTEREXAMPLES] = row->examples.s ? row->examples.s : "";
    for (size_t l = 0; l < CLAIM_NLANGUAGES; l++) {
        struct claim_words w = {"", "", NULL};
        claim_words(c, claim_languages[l], &w);
        f[ERRATA_STATEMENT + l] = w.statement;
        f[ERRATA_CORRECTION + l] = w.correction ? w.correction : "";
    }
    return !row->source.nomem && !row->examples.nomem;
}

static void errata_row_free(struct errata_row *row)
{
    free(row->source.s);
    free(row->examples.s);
}

int errata_write_csv(const struct errata *e, struct output *out, struct gt_error *err)
{
    /* UTF-8's byte-order mark: LibreOffice's and Excel's default import
     * then read the Cyrillic and the math signs as UTF-8 (README, "Into a
     * spreadsheet"). */
    int rc = output_puts(out, ERRATA_CSV_BOM, err);
    struct csv_value v[ERRATA_NCOLUMNS];
    for (size_t i = 0; i < ERRATA_NCOLUMNS; i++)
        v[i] = csv_text(errata_columns[i].name);
    if (rc == GT_OK)
        rc = sink_csv_write_values(out, v, ERRATA_NCOLUMNS, err);
    for (size_t i = 0; i < e->n && rc == GT_OK; i++) {
        struct errata_row row;
        if (!errata_row(e, i, &row)) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "errata: %s", strerror(ENOMEM));
        } else {
            for (size_t f = 0; f < ERRATA_NCOLUMNS; f++)
                v[f] = errata_columns[f].type == COLUMN_INTEGER ? csv_integer(row.number[f])
                                                                : csv_text(row.field[f]);
            rc = sink_csv_write_values(out, v, ERRATA_NCOLUMNS, err); /* a row at a time */
        }
        errata_row_free(&row);
    }
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

static int text_write(void *ud, const char *bytes, size_t len)
{
    text_add(ud, bytes, len);
    return 0;
}

/* Appends s[0..n) escaped as the templates escape {{x}}.  The text is one
 * value of a template, escaped in pieces: its lines are the template's to
 * break; first: the piece starts the value. */
static void tex_escaped(struct text *t, const char *s, size_t n, bool first)
{
    const struct latex_line line = {.mid_value = !first};
    latex_escape(&line, s, n, text_write, t);
}

char *errata_latex(const char *text)
{
    struct text t = {0};
    text_puts(&t, "");
    for (const char *s = text; *s;) {
        if (s[0] == '_' && s[1] == '(' && strchr(s + 2, ')')) {
            const char *end = strchr(s + 2, ')');
            text_puts(&t, "\\textsubscript{");
            tex_escaped(&t, s + 2, (size_t)(end - s - 2), false);
            text_puts(&t, "}");
            s = end + 1;
        } else if (s[0] == '_' && s[1] && s[1] != ' ') {
            size_t n = utf8_char_bytes(s + 1);
            text_puts(&t, "\\textsubscript{");
            tex_escaped(&t, s + 1, n, false);
            text_puts(&t, "}");
            s += 1 + n;
        } else {
            /* The text up to the next _, at once: ligatures are broken and
             * white space joined across it. */
            const char *us = strchr(s + 1, '_');
            size_t n = us ? (size_t)(us - s) : strlen(s);
            tex_escaped(&t, s, n, s == text);
            s += n;
        }
    }
    if (t.nomem) {
        free(t.s);
        return NULL;
    }
    return t.s;
}

/* ---- the templates' context ---------------------------------------------------- */

/* How a template takes the claims' texts: LaTeX source (errata.tex) or as
 * they are (verify.txt, which inserts them raw). */
enum text_form { TEXT_PLAIN, TEXT_LATEX };

/* obj[key] = text in form; nonzero when out of memory. */
static int set_text(json_t *obj, const char *key, const char *text, enum text_form form)
{
    if (form == TEXT_PLAIN)
        return json_object_set_new(obj, key, json_string(text));
    char *tex = errata_latex(text);
    int rc = tex ? json_object_set_new(obj, key, json_string(tex)) : -1;
    free(tex);
    return rc;
}

/* A string of n spaces (n < 128), for the report's columns. */
static json_t *spaces(size_t n)
{
    static const char blank[] = "                                                                "
                                "                                                               ";
    return json_stringn(blank, n < sizeof blank - 1 ? n : sizeof blank - 1);
}

/* Claim c with its result r, in language lang (strings: its lang/LANG.json):
 * id, item, statement, range, correction (where it has one), holds, fails,
 * data, cases, cases_word, failures, skipped (where not 0), examples
 * [{text, last}], more.  NULL with err set (out of memory: "name: ..."). */
static json_t *claim_object(const struct claim *c, const struct claim_result *r, const char *lang,
                            json_t *strings, enum text_form form, const char *name,
                            struct gt_error *err)
{
    struct claim_words w;
    if (!claim_words(c, lang, &w)) {
        gt_fail(err, GT_ERR_RUNTIME, "%s: the claims have no words in language '%s'", name, lang);
        return NULL;
    }
    const char *cases_word = lang_count_word(strings, lang, "cases", r->cases, err);
    if (!cases_word)
        return NULL;
    json_t *o = json_object();
    json_t *examples = json_array();
    int rc = o && examples ? 0 : -1;
    for (size_t j = 0; rc == 0 && j < r->nexamples; j++) {
        json_t *x = json_object();
        rc = x ? json_array_append_new(examples, x) : -1;
        if (rc == 0)
            rc = set_text(x, "text", r->example[j], form) |
                 json_object_set_new(x, "last", json_boolean(j + 1 == r->nexamples));
    }
    if (rc == 0) {
        rc |= json_object_set_new(o, "id", json_string(c->id));
        rc |= json_object_set(o, "examples", examples);
        rc |= set_text(o, "item", w.item, form);
        rc |= set_text(o, "statement", w.statement, form);
        rc |= set_text(o, "range", r->range, form);
        if (w.correction)
            rc |= set_text(o, "correction", w.correction, form);
        rc |= json_object_set_new(o, "holds", json_boolean(r->outcome == CLAIM_HOLDS));
        rc |= json_object_set_new(o, "fails", json_boolean(r->outcome == CLAIM_FAILS));
        rc |= json_object_set_new(o, "data", json_boolean(r->outcome == CLAIM_DATA));
        rc |= json_object_set_new(o, "cases", json_integer((json_int_t)r->cases));
        rc |= json_object_set_new(o, "cases_word", json_string(cases_word));
        rc |= json_object_set_new(o, "failures", json_integer((json_int_t)r->failures));
        if (r->skipped)
            rc |= json_object_set_new(o, "skipped", json_integer((json_int_t)r->skipped));
        rc |= json_object_set_new(o, "more", json_boolean(r->outcome == CLAIM_FAILS &&
                                                          r->failures > r->nexamples));
    }
    json_decref(examples);
    if (rc != 0) {
        json_decref(o);
        gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the context", name);
        return NULL;
    }
    return o;
}

/* The counts of the context of name (the file made: "errata.tex"): claims
 * (how many), claims_word, holds, holds_word, fails, fails_word, data and
 * factor.  Nonzero when out of memory or a word is missing (err set). */
static int set_counts(json_t *ctx, const char *name, const struct errata *e, const char *lang,
                      json_t *strings, struct gt_error *err)
{
    size_t count[3] = {0};
    for (size_t i = 0; i < e->n; i++)
        count[e->result[i].outcome]++;
    /* Each count agrees with its own word: "1 claim: 1 holds, 0 fail". */
    const char *claims_word = lang_count_word(strings, lang, "claims", e->n, err);
    const char *holds_word = claims_word ? lang_count_word(strings, lang, "verify_summary_holds",
                                                           count[CLAIM_HOLDS], err) : NULL;
    const char *fails_word = holds_word ? lang_count_word(strings, lang, "verify_summary_fails",
                                                          count[CLAIM_FAILS], err) : NULL;
    if (!fails_word)
        return -1;
    int rc = json_object_set_new(ctx, "claims_word", json_string(claims_word));
    rc |= json_object_set_new(ctx, "holds_word", json_string(holds_word));
    rc |= json_object_set_new(ctx, "fails_word", json_string(fails_word));
    rc |= json_object_set_new(ctx, "count", json_integer((json_int_t)e->n));
    rc |= json_object_set_new(ctx, "holds", json_integer((json_int_t)count[CLAIM_HOLDS]));
    rc |= json_object_set_new(ctx, "fails", json_integer((json_int_t)count[CLAIM_FAILS]));
    rc |= json_object_set_new(ctx, "data", json_integer((json_int_t)count[CLAIM_DATA]));
    rc |= json_object_set_new(ctx, "factor", json_integer((json_int_t)e->factor));
    rc |= json_object_set(ctx, "lang", strings);
    if (rc != 0)
        gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the context", name);
    return rc;
}

/* errata.tex's context: articles [{cite, title, journal, claims: [...]}]
 * (claim_object, as LaTeX) and the counts.  NULL with err set. */
static json_t *errata_context(const struct errata *e, const char *lang, json_t *strings,
                              struct gt_error *err)
{
    json_t *ctx = json_object(), *articles = json_array();
    int rc = ctx && articles && json_object_set(ctx, "articles", articles) == 0 ? 0 : -1;
    if (rc != 0)
        gt_fail(err, GT_ERR_RUNTIME, "errata.tex: out of memory building the LaTeX context");
    for (int a = 0; rc == 0 && a < ARTICLE__N; a++) {
        struct article_words words;
        if (!claim_article_words((enum claim_article)a, lang, &words)) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "errata.tex: no article names in language '%s'",
                         lang);
            break;
        }
        json_t *claims = json_array(), *obj = json_object();
        rc = claims && obj && json_object_set(obj, "claims", claims) == 0 ? 0 : -1;
        rc |= set_text(obj, "cite", words.cite, TEXT_LATEX);
        rc |= set_text(obj, "title", words.title, TEXT_LATEX);
        if (*words.journal)
            rc |= set_text(obj, "journal", words.journal, TEXT_LATEX);
        if (rc != 0)
            gt_fail(err, GT_ERR_RUNTIME, "errata.tex: out of memory building the LaTeX context");
        for (size_t i = 0; rc == 0 && i < e->n; i++) {
            if (e->claim[i]->article != (enum claim_article)a)
                continue;
            json_t *c = claim_object(e->claim[i], &e->result[i], lang, strings, TEXT_LATEX,
                                     "errata.tex", err);
            rc = c ? json_array_append_new(claims, c) : -1;
        }
        if (rc == 0 && json_array_size(claims) > 0 && json_array_append(articles, obj) != 0)
            rc = gt_fail(err, GT_ERR_RUNTIME, "errata.tex: out of memory building the LaTeX context");
        json_decref(claims);
        json_decref(obj);
    }
    json_decref(articles);
    if (rc == 0)
        rc = set_counts(ctx, "errata.tex", e, lang, strings, err);
    /* errata.tex's name for the count (a copied template keeps working) */
    if (rc == 0 && json_object_set_new(ctx, "claims", json_integer((json_int_t)e->n)) != 0)
        rc = gt_fail(err, GT_ERR_RUNTIME, "errata.tex: out of memory building the LaTeX context");
    if (rc != 0) {
        json_decref(ctx);
        return NULL;
    }
    return ctx;
}

int errata_write_tex(const struct errata *e, const struct tex_options *opt, struct output *out,
                     struct gt_error *err)
{
    json_t *strings = lang_strings_load(opt->dirs, opt->lang, err);
    if (!strings)
        return GT_ERR_RUNTIME;
    json_t *ctx = errata_context(e, opt->lang, strings, err);
    json_decref(strings);
    if (!ctx)
        return GT_ERR_RUNTIME;
    int rc = template_render(opt->dirs, "errata.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}

/* ---- the report ------------------------------------------------------------------ */

/* verify.txt's context: claims [claim_object as plain text, with cite,
 * id_pad and result_pad, the spaces that line up the id and result
 * columns], and the counts.  NULL with err set. */
static json_t *report_context(const struct errata *e, const char *lang, json_t *strings,
                              struct gt_error *err)
{
    size_t id_width = 0, result_width = 0;
    for (size_t i = 0; i < e->n; i++)
        if (strlen(e->claim[i]->id) > id_width)
            id_width = strlen(e->claim[i]->id);
    static const char *const result_key[3] = {
        [CLAIM_HOLDS] = "verify_holds", [CLAIM_FAILS] = "verify_fails", [CLAIM_DATA] = "verify_data"};
    size_t result_chars[3];
    for (int k = 0; k < 3; k++) {
        const char *word = json_string_value(json_object_get(strings, result_key[k]));
        result_chars[k] = word ? utf8_width(word) : 0;
        if (result_chars[k] > result_width)
            result_width = result_chars[k];
    }
    json_t *ctx = json_object(), *claims = json_array();
    int rc = ctx && claims && json_object_set(ctx, "claims", claims) == 0 ? 0 : -1;
    if (rc != 0)
        gt_fail(err, GT_ERR_RUNTIME, "verify.txt: out of memory building the context");
    for (size_t i = 0; rc == 0 && i < e->n; i++) {
        const struct claim *c = e->claim[i];
        struct article_words words;
        json_t *o = claim_object(c, &e->result[i], lang, strings, TEXT_PLAIN, "verify.txt", err);
        if (!o || !claim_article_words(c->article, lang, &words)) {
            if (o)
                gt_fail(err, GT_ERR_RUNTIME, "verify.txt: no article names in language '%s'",
                        lang);
            json_decref(o);
            rc = -1;
            break;
        }
        rc |= json_object_set_new(o, "cite", json_string(words.cite));
        rc |= json_object_set_new(o, "id_pad", spaces(id_width - strlen(c->id)));
        rc |= json_object_set_new(o, "result_pad",
                                  spaces(result_width - result_chars[e->result[i].outcome]));
        rc |= json_array_append_new(claims, o);
        if (rc != 0)
            gt_fail(err, GT_ERR_RUNTIME, "verify.txt: out of memory building the context");
    }
    json_decref(claims);
    if (rc == 0)
        rc = set_counts(ctx, "verify.txt", e, lang, strings, err);
    if (rc != 0) {
        json_decref(ctx);
        return NULL;
    }
    return ctx;
}

int errata_write_report(const struct errata *e, const struct template_dirs *dirs,
                        const char *lang, struct output *out, struct gt_error *err)
{
    json_t *strings = lang_strings_load(dirs, lang, err);
    if (!strings)
        return GT_ERR_RUNTIME;
    json_t *ctx = report_context(e, lang, strings, err);
    json_decref(strings);
    if (!ctx)
        return GT_ERR_RUNTIME;
    int rc = template_render(dirs, "verify.txt", ctx, out, err);
    json_decref(ctx);
    return rc;
}
