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

/* The columns of errata.csv.gz, in order; after counterexamples, the
 * statement and then the correction in each of claim_languages. */
enum {
    ERRATA_ARTICLE, ERRATA_ID, ERRATA_SOURCE, ERRATA_RESULT, ERRATA_BOUND, ERRATA_RANGE,
    ERRATA_CASES, ERRATA_FAILURES, ERRATA_SKIPPED, ERRATA_COUNTEREXAMPLES, ERRATA_STATEMENT,
    ERRATA_CORRECTION = ERRATA_STATEMENT + CLAIM_NLANGUAGES,
    ERRATA_NCOLUMNS = ERRATA_CORRECTION + CLAIM_NLANGUAGES
};

static const char *const errata_columns[ERRATA_STATEMENT] = {
    "article", "id", "source", "result", "bound", "range", "cases", "failures", "skipped",
    "counterexamples",
};

int errata_write_csv(const struct errata *e, struct output *out, struct gt_error *err)
{
    struct csv_value v[ERRATA_NCOLUMNS];
    char names[2 * CLAIM_NLANGUAGES][32];
    for (size_t i = 0; i < ERRATA_STATEMENT; i++)
        v[i] = csv_text(errata_columns[i]);
    for (size_t l = 0; l < CLAIM_NLANGUAGES; l++) {
        snprintf(names[l], sizeof names[l], "statement_%s", claim_languages[l]);
        snprintf(names[CLAIM_NLANGUAGES + l], sizeof names[0], "correction_%s",
                 claim_languages[l]);
        v[ERRATA_STATEMENT + l] = csv_text(names[l]);
        v[ERRATA_CORRECTION + l] = csv_text(names[CLAIM_NLANGUAGES + l]);
    }
    int rc = sink_csv_write_values(out, v, ERRATA_NCOLUMNS, err);
    for (size_t i = 0; i < e->n && rc == GT_OK; i++) {
        const struct claim *c = e->claim[i];
        const struct claim_result *r = &e->result[i];
        struct text source = {0}, examples = {0};
        source_text(&source, c, "en"); /* the source as the header: in English */
        examples_joined(&examples, r);
        v[ERRATA_ARTICLE] = csv_text(claim_articles[c->article].seed);
        v[ERRATA_ID] = csv_text(c->id);
        v[ERRATA_SOURCE] = csv_text(source.s ? source.s : "");
        v[ERRATA_RESULT] = csv_text(outcome_name(r->outcome));
        v[ERRATA_BOUND] = csv_integer(r->bound);
        v[ERRATA_RANGE] = csv_text(r->range);
        v[ERRATA_CASES] = csv_integer(r->cases);
        v[ERRATA_FAILURES] = csv_integer(r->failures);
        v[ERRATA_SKIPPED] = csv_integer(r->skipped);
        v[ERRATA_COUNTEREXAMPLES] = csv_text(examples.s ? examples.s : "");
        for (size_t l = 0; l < CLAIM_NLANGUAGES; l++) {
            struct claim_words w = {"", "", NULL};
            claim_words(c, claim_languages[l], &w);
            v[ERRATA_STATEMENT + l] = csv_text(w.statement);
            v[ERRATA_CORRECTION + l] = csv_text(w.correction ? w.correction : "");
        }
        /* stream: a row at a time */
        if (source.nomem || examples.nomem)
            rc = gt_fail(err, GT_ERR_RUNTIME, "errata: %s", strerror(ENOMEM));
        else
            rc = sink_csv_write_values(out, v, ERRATA_NCOLUMNS, err);
        free(source.s);
        free(examples.s);
    }
    return rc;
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

/* The counts of the context: claims (how many), claims_word, holds,
 * fails, data and factor.  Nonzero when out of memory or a word is missing
 * (err set). */
static int set_counts(json_t *ctx, const struct errata *e, const char *lang, json_t *strings,
                      struct gt_error *err)
{
    size_t count[3] = {0};
    for (size_t i = 0; i < e->n; i++)
        count[e->result[i].outcome]++;
    const char *claims_word = lang_count_word(strings, lang, "claims", e->n, err);
    if (!claims_word)
        return -1;
    int rc = json_object_set_new(ctx, "claims_word", json_string(claims_word));
    rc |= json_object_set_new(ctx, "count", json_integer((json_int_t)e->n));
    rc |= json_object_set_new(ctx, "holds", json_integer((json_int_t)count[CLAIM_HOLDS]));
    rc |= json_object_set_new(ctx, "fails", json_integer((json_int_t)count[CLAIM_FAILS]));
    rc |= json_object_set_new(ctx, "data", json_integer((json_int_t)count[CLAIM_DATA]));
    rc |= json_object_set_new(ctx, "factor", json_integer((json_int_t)e->factor));
    rc |= json_object_set(ctx, "lang", strings);
    if (rc != 0)
        gt_fail(err, GT_ERR_RUNTIME, "out of memory building the context");
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
        rc = set_counts(ctx, e, lang, strings, err);
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
        rc = set_counts(ctx, e, lang, strings, err);
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
