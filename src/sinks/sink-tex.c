#include <config.h>

#include <stddef.h>
#include <string.h>

#include "sinks/sink-tex.h"

static int fail_nomem(struct gt_error *err, const char *what)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the LaTeX context", what);
}

static json_t *table_object(const struct table_def *t)
{
    const struct table_source *s = &t->source;
    return json_pack("{s:s, s:s, s:{s:s, s:s, s:s, s:o, s:o, s:s}}", "name", t->name, "summary",
                     t->summary, "source", "authors", s->authors, "title", s->title, "journal",
                     s->journal, "year", table_source_number(s->year), "issue",
                     table_source_number(s->issue), "item", s->item);
}

/* The rows of t through a context builder, with the table's own extras. */
static json_t *table_rows_context(const struct table_def *t, const struct table_args *args,
                                  unsigned block_columns, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return NULL;
    const char *names[TABLE_MAX_COLUMNS], *cells[TABLE_MAX_COLUMNS];
    for (size_t i = 0; i < s.ncolumns; i++) {
        names[i] = s.columns[i].name;
        cells[i] = s.row.cell[i];
    }
    struct context_builder *b = context_new(names, s.ncolumns);
    int rc = b ? GT_OK : fail_nomem(err, t->name);
    while (rc == GT_OK && table_stream_next(&s)) {
        json_t *obj;
        if (context_row_count(b) == TEX_ROWS_MAX)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: more than %d rows for a LaTeX table", t->name,
                         TEX_ROWS_MAX);
        else if (!(obj = context_add_row(b, cells)) ||
                 (t->tex_row && t->tex_row(obj, &s.row) != 0))
            rc = fail_nomem(err, t->name);
    }
    table_stream_close(&s);
    if (rc != GT_OK) {
        context_free(b);
        return NULL;
    }
    json_t *ctx = context_finish(b, block_columns);
    if (!ctx)
        fail_nomem(err, t->name);
    return ctx;
}

json_t *sink_tex_context(const struct table_def *t, const struct table_args *args,
                         const struct tex_options *opt, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return NULL;
    json_t *ctx = table_rows_context(t, args, opt->block_columns, err);
    if (ctx && (json_object_set_new(ctx, "table", table_object(t)) != 0 ||
                json_object_set(ctx, "lang", lang) != 0 ||
                (t->tex_context && t->tex_context(ctx, args) != 0))) {
        json_decref(ctx);
        ctx = NULL;
        fail_nomem(err, t->name);
    }
    json_decref(lang);
    return ctx;
}

int sink_tex_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err)
{
    json_t *ctx = sink_tex_context(t, args, opt, err);
    if (!ctx)
        return GT_ERR_RUNTIME;
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
        return fail_nomem(err, "preamble.tex");
    int rc = template_render(opt->dirs, "preamble.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}
