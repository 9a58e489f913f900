#include <config.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sinks/sink-json.h"
#include "base/interrupt.h"
#include "sinks/sink-tex.h"
#include "sinks/tex-shapes.h"

/* The table's context object: name, summary and source, whose cite (the
 * article as the handout cites it, LANG_KEY_source) and where (the item,
 * source_NAME with - as _) are LaTeX in the document's language.  NULL
 * with err set. */
static json_t *table_object(const struct table_def *t, json_t *lang, const char *code,
                            struct gt_error *err)
{
    const struct table_source *s = &t->source;
    char cite_key[64], where_key[96];
    snprintf(cite_key, sizeof cite_key, "%s_source", s->lang_key);
    snprintf(where_key, sizeof where_key, "source_%s", t->name);
    for (char *c = where_key; *c; c++)
        if (*c == '-')
            *c = '_';
    const char *cite = lang_string(lang, code, cite_key, err);
    const char *where = cite ? lang_string(lang, code, where_key, err) : NULL;
    if (!where)
        return NULL;
    json_t *source = json_source_object(s);
    if (source && (json_object_set_new(source, "cite", json_string(cite)) != 0 ||
                   json_object_set_new(source, "where", json_string(where)) != 0)) {
        json_decref(source);
        source = NULL;
    }
    json_t *o = json_pack("{s:s, s:s, s:o}", "name", t->name, "summary", t->summary, "source",
                          source);
    if (!o)
        tex_fail_nomem(err, t->name);
    return o;
}

/* A value of a table's hook in JSON: integers as numbers (as digits past
 * 2^63, which JSON's integers do not reach), booleans as booleans, the rest
 * as its text. */
static json_t *value_json(const struct table_cell *c)
{
    char text[TABLE_CELL_TEXT_SIZE];
    if (c->kind == CELL_INTEGER && c->integer <= INT64_MAX)
        return json_integer((json_int_t)c->integer);
    if (c->kind == CELL_BOOLEAN)
        return json_boolean(c->boolean);
    table_cell_format(c, text);
    return json_string(text);
}

/* Sets the values of a hook on obj: "a.b" on the object obj.a, made if
 * missing.  0, or -1 when out of memory or past TEX_VALUES_MAX values. */
static int set_values(json_t *obj, const struct tex_values *vs)
{
    if (vs->overflow)
        return -1;
    for (size_t i = 0; i < vs->n; i++) {
        const char *name = vs->v[i].name, *dot = strchr(name, '.');
        json_t *target = obj;
        if (dot) {
            char outer[64];
            size_t len = (size_t)(dot - name);
            if (len >= sizeof outer)
                return -1;
            memcpy(outer, name, len);
            outer[len] = '\0';
            target = json_object_get(obj, outer);
            if (!target && json_object_set_new(obj, outer, target = json_object()) != 0)
                return -1;
            name = dot + 1;
        }
        if (json_object_set_new(target, name, value_json(&vs->v[i].cell)) != 0)
            return -1;
    }
    return 0;
}

/* The rows of t through a context builder, with the values of the table's
 * row hook; the rows' integers are kept in *ints for the shapes. */
static json_t *table_rows_context(const struct table_def *t, const struct table_args *args,
                                  const struct tex_options *opt, struct tex_rows *ints,
                                  struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return NULL;
    const char *names[TABLE_MAX_COLUMNS], *cells[TABLE_MAX_COLUMNS];
    char text[TABLE_MAX_COLUMNS][TABLE_CELL_TEXT_SIZE];
    for (size_t i = 0; i < s.ncolumns; i++) {
        names[i] = s.columns[i].name;
        cells[i] = text[i];
    }
    struct context_builder *b = context_new(names, s.ncolumns, true);
    /* Room for the most rows a LaTeX table holds: 8 bytes a cell, 640 KiB
     * at 16 columns, allocated once. */
    uint64_t *row_ints = malloc(TEX_ROWS_MAX * s.ncolumns * sizeof *row_ints);
    *ints = (struct tex_rows){.ncolumns = s.ncolumns, .ints = row_ints};
    int rc = b && row_ints ? GT_OK : tex_fail_nomem(err, t->name);
    while (rc == GT_OK && table_stream_next(&s)) {
        json_t *obj;
        if (ints->n == TEX_ROWS_MAX) {
            rc = gt_fail(err, GT_ERR_USAGE,
                         "%s: more than %d rows for a LaTeX table: ask for fewer, or use csv "
                         "or csv.gz for more",
                         t->name, TEX_ROWS_MAX);
            break;
        }
        for (size_t i = 0; i < s.ncolumns; i++) {
            const struct table_cell *c = &s.row.cell[i];
            table_cell_format(c, text[i]);
            row_ints[ints->n * s.ncolumns + i] = c->kind == CELL_INTEGER ? c->integer : 0;
        }
        ints->n++;
        if (!(obj = context_add_row(b, cells))) {
            rc = interrupt_signal ? interrupt_fail(err, t->name) : tex_fail_nomem(err, t->name);
        } else if (t->tex_row) {
            struct tex_values vs = {0};
            rc = t->tex_row(&s.row, &vs, err);
            if (rc == GT_OK && set_values(obj, &vs) != 0)
                rc = tex_fail_nomem(err, t->name);
        }
    }
    table_stream_close(&s);
    if (rc != GT_OK) {
        context_free(b);
        free(row_ints);
        ints->ints = NULL;
        return NULL;
    }
    json_t *ctx = context_finish_page(b, opt->block_columns, opt->page);
    if (!ctx) {
        tex_fail_nomem(err, t->name); /* or the blocks stopped at a request */
        free(row_ints);
        ints->ints = NULL;
    }
    return ctx;
}

/* A table drawn as several horizontal tables from the same rows (Yaglom's
 * Tables II, IIa and IIb: decimal, binary, Fibonacci) names the widest
 * value of each, "widest_X" (a run of zeros).  Each gets its own blocks,
 * "blocks_X", as many columns as fit the page (or --block-columns),
 * balanced; and "cell_X", the width of its cells (a TeX length) that makes
 * all of them as wide as the widest, so that the tables that belong
 * together line up in blocks of one width. */
static int group_blocks(json_t *ctx, const struct tex_options *opt)
{
    const struct context_page *page = opt->page ? opt->page : &context_page_default;
    json_t *rows = json_object_get(ctx, "rows"), *columns = json_object_get(ctx, "columns");
    size_t n = json_array_size(rows), widest_all = 0;
    struct { const char *suffix; size_t width, widest; } g[8];
    size_t ng = 0;
    const char *key;
    json_t *v;
    json_object_foreach(ctx, key, v) {
        if (strncmp(key, "widest_", 7) != 0 || strcmp(key, "widest_cell") == 0 || ng == 8 ||
            !json_is_string(v))
            continue;
        size_t widest = strlen(json_string_value(v));
        size_t fit = opt->block_columns ? opt->block_columns : context_fit_columns(page, widest);
        g[ng].suffix = key + 7;
        g[ng].widest = widest;
        g[ng].width = opt->block_columns ? fit : context_balanced_columns(n, fit);
        size_t total = g[ng].width * (widest * page->digit + 120);
        widest_all = total > widest_all ? total : widest_all;
        ng++;
    }
    for (size_t i = 0; i < ng; i++) {
        char name[64], cell[32];
        /* Tenths of a point: the group's width over the columns, less the
         * 12pt of separation of each. */
        size_t tenths = widest_all / g[i].width - 120;
        snprintf(cell, sizeof cell, "%zu.%zupt", tenths / 10, tenths % 10);
        snprintf(name, sizeof name, "blocks_%s", g[i].suffix);
        json_t *blocks = context_blocks(columns, rows, g[i].width);
        if (!blocks || json_object_set_new(ctx, name, blocks) != 0)
            return -1;
        snprintf(name, sizeof name, "cell_%s", g[i].suffix);
        if (json_object_set_new(ctx, name, json_string(cell)) != 0)
            return -1;
    }
    return 0;
}

/* What the table declares beyond the rows: its context hook's values, row
 * numbers, widths, the blocks of each width and its shape, in that order
 * (the widths measure the numbers; the grid reads the period the hook
 * found). */
static int add_table_extras(json_t *ctx, const struct table_def *t, const struct table_args *args,
                            const struct tex_rows *ints, const struct tex_options *opt,
                            struct gt_error *err)
{
    if (t->tex_context) {
        struct tex_values vs = {0};
        if (t->tex_context(args, &vs, err) != GT_OK)
            return err->status;
        if (set_values(ctx, &vs) != 0)
            return tex_fail_nomem(err, t->name);
    }
    if (t->tex_numbered && tex_number_rows(ctx) != 0)
        return tex_fail_nomem(err, t->name);
    for (size_t i = 0; i < 3 && t->tex_widest[i].name; i++)
        if (tex_set_widest(ctx, &t->tex_widest[i]) != 0)
            return tex_fail_nomem(err, t->name);
    /* --block-columns as given, up to what TeX can add up (breaker round
     * 49, F2: 100 columns of Fibonacci words wrapped past 32768pt, and the
     * table ran off the page without a word) */
    if (context_block_columns_check(ctx, opt->page, opt->block_columns, t->name, err) != GT_OK)
        return err->status;
    if (group_blocks(ctx, opt) != 0)
        return tex_fail_nomem(err, t->name);
    return tex_shape_add(ctx, t->tex_shape, ints, args,
                         opt->page ? opt->page : &context_page_default, t->name, err);
}

json_t *sink_tex_context(const struct table_def *t, const struct table_args *args,
                         const struct tex_options *opt, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return NULL;
    struct tex_rows ints = {0}; /* set by table_rows_context once the rows open */
    json_t *ctx = table_rows_context(t, args, opt, &ints, err);
    json_t *table = ctx ? table_object(t, lang, opt->lang, err) : NULL;
    if (ctx && !table) {
        json_decref(ctx);
        ctx = NULL;
    } else if (ctx && (json_object_set_new(ctx, "table", table) != 0 ||
                       json_object_set(ctx, "lang", lang) != 0)) {
        json_decref(ctx);
        ctx = NULL;
        tex_fail_nomem(err, t->name);
    }
    if (ctx && add_table_extras(ctx, t, args, &ints, opt, err) != GT_OK) {
        json_decref(ctx);
        ctx = NULL;
    }
    free((uint64_t *)ints.ints);
    json_decref(lang);
    return ctx;
}

int sink_tex_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err)
{
    json_t *ctx = sink_tex_context(t, args, opt, err);
    if (!ctx)
        return gt_status(err);
    int rc = template_render(opt->dirs, t->tex_template, ctx, out, err);
    json_decref(ctx);
    return rc;
}

int sink_tex_preamble(const struct tex_options *opt, struct output *out, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return GT_ERR_RUNTIME;
    json_t *ctx = json_pack("{s:O}", "lang", lang);
    json_decref(lang);
    if (!ctx)
        return tex_fail_nomem(err, "preamble.tex");
    int rc = template_render(opt->dirs, "preamble.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}
