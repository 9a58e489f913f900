#include <config.h>

#include <stdalign.h>
#include <stddef.h>
#include <string.h>

#include "sink-tex.h"

static int fail_nomem(struct gt_error *err, const char *table)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the LaTeX table", table);
}

static json_t *source_object(const struct table_source *s)
{
    return json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "authors", s->authors, "title", s->title,
                     "journal", s->journal, "year", s->year, "issue", s->issue, "item", s->item);
}

/* The rows of t as JSON objects, with the table's own extras. */
static json_t *row_objects(const struct table_def *t, const struct table_args *args,
                           size_t *widest, struct gt_error *err)
{
    json_t *rows = json_array();
    alignas(max_align_t) unsigned char state[TABLE_STATE_SIZE];
    struct table_row row;
    *widest = 1;
    t->start(state, args);
    while (rows && t->next(state, &row)) {
        if (json_array_size(rows) == TEX_ROWS_MAX) {
            json_decref(rows);
            gt_fail(err, GT_ERR_RUNTIME, "%s: more than %d rows for a LaTeX table", t->name,
                    TEX_ROWS_MAX);
            return NULL;
        }
        json_t *obj = json_object();
        for (size_t i = 0; obj && i < t->ncolumns; i++) {
            size_t w = strlen(row.cell[i]);
            if (w > *widest)
                *widest = w;
            if (json_object_set_new(obj, t->columns[i], json_string(row.cell[i])) != 0) {
                json_decref(obj);
                obj = NULL;
            }
        }
        if (!obj || (t->tex_row && t->tex_row(obj, &row) != 0) ||
            json_array_append_new(rows, obj) != 0) {
            json_decref(obj);
            json_decref(rows);
            rows = NULL;
        }
    }
    if (!rows)
        fail_nomem(err, t->name);
    return rows;
}

/* Marks the first and last element of a list of objects, for templates
 * that separate items («;» between rows, «.» after the last). */
static int mark_ends(json_t *list)
{
    size_t n = json_array_size(list);
    for (size_t i = 0; i < n; i++) {
        json_t *o = json_array_get(list, i);
        if (json_object_set_new(o, "first", json_boolean(i == 0)) != 0 ||
            json_object_set_new(o, "last", json_boolean(i + 1 == n)) != 0)
            return -1;
    }
    return 0;
}

/* Columns per block: the requested number, or by default 13 cut down so
 * that a block still fits the text width of an A4 article page (about 318pt
 * for the cells beside the header column; a cell of `widest` \small digits
 * takes 4.5pt a digit plus 12.4pt of column separation and rule). */
static size_t block_width(unsigned requested, size_t widest)
{
    if (requested)
        return requested;
    size_t fit = 3180 / (45 * widest + 124);
    if (fit < 1)
        fit = 1;
    return fit < TEX_BLOCK_COLUMNS_DEFAULT ? fit : TEX_BLOCK_COLUMNS_DEFAULT;
}

/* An array of n empty objects: the blank cells that pad the last block of
 * a stacked table to the width of the others. */
static json_t *blank_cells(size_t n)
{
    json_t *pad = json_array();
    for (size_t i = 0; pad && i < n; i++)
        if (json_array_append_new(pad, json_object()) != 0) {
            json_decref(pad);
            pad = NULL;
        }
    return pad;
}

static json_t *blocks_of(json_t *rows, size_t width)
{
    json_t *blocks = json_array();
    size_t n = json_array_size(rows);
    for (size_t start = 0; blocks && start < n; start += width) {
        json_t *slice = json_array();
        for (size_t i = start; slice && i < n && i < start + width; i++)
            if (json_array_append(slice, json_array_get(rows, i)) != 0) {
                json_decref(slice);
                slice = NULL;
            }
        size_t taken = n - start < width ? n - start : width;
        json_t *pad = blank_cells(n > width ? width - taken : 0);
        json_t *block = slice && pad ? json_pack("{s:O, s:O}", "rows", slice, "pad", pad) : NULL;
        json_decref(slice);
        json_decref(pad);
        if (!block || json_array_append_new(blocks, block) != 0) {
            json_decref(block);
            json_decref(blocks);
            blocks = NULL;
        }
    }
    if (blocks && mark_ends(blocks) != 0) {
        json_decref(blocks);
        blocks = NULL;
    }
    return blocks;
}

json_t *sink_tex_context(const struct table_def *t, const struct table_args *args,
                         const struct tex_options *opt, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return NULL;
    size_t widest;
    json_t *rows = row_objects(t, args, &widest, err);
    if (!rows) {
        json_decref(lang);
        return NULL;
    }
    json_t *columns = json_array();
    for (size_t i = 0; columns && i < t->ncolumns; i++)
        if (json_array_append_new(columns, json_string(t->columns[i])) != 0) {
            json_decref(columns);
            columns = NULL;
        }
    json_t *ctx = NULL;
    json_t *blocks = NULL;
    json_t *source = source_object(&t->source);
    size_t width = block_width(opt->block_columns, widest);
    char zeros[TABLE_CELL_SIZE];
    memset(zeros, '0', widest);
    zeros[widest] = '\0';
    if (columns && source && mark_ends(rows) == 0 && (blocks = blocks_of(rows, width)) != NULL)
        ctx = json_pack("{s:O, s:{s:s, s:s, s:O}, s:O, s:I, s:O, s:O, s:I, s:s}",
                        "lang", lang,
                        "table", "name", t->name, "summary", t->summary, "source", source,
                        "columns", columns,
                        "row_count", (json_int_t)json_array_size(rows),
                        "rows", rows,
                        "blocks", blocks,
                        "block_columns", (json_int_t)width,
                        "widest_cell", zeros);
    json_decref(source);
    json_decref(lang);
    json_decref(blocks);
    json_decref(columns);
    json_decref(rows);
    if (ctx && t->tex_context && t->tex_context(ctx, args) != 0) {
        json_decref(ctx);
        ctx = NULL;
    }
    if (!ctx)
        fail_nomem(err, t->name);
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
        return gt_fail(err, GT_ERR_RUNTIME, "preamble.tex: out of memory");
    int rc = template_render(opt->dirs, "preamble.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}
