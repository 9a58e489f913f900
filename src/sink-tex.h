/* sink-tex.h: a table as a LaTeX fragment, laid out by its template. */
#ifndef GAMETAB_SINK_TEX_H
#define GAMETAB_SINK_TEX_H

#include "output.h"
#include "table.h"
#include "templates.h"

/* A LaTeX table is held whole while it renders: at most this many rows. */
#define TEX_ROWS_MAX 5000

/* Columns of one block of the Kvant horizontal layout: 1..TEX_BLOCK_COLUMNS_MAX,
 * or 0 for the default: 13 (as printed in Kvant 1984 no. 7), fewer when
 * the numbers are too wide for 13 to fit the page. */
#define TEX_BLOCK_COLUMNS_DEFAULT 13
#define TEX_BLOCK_COLUMNS_MAX 1000

struct tex_options {
    const char *lang;                 /* "ru" or "en": templates/lang/<lang>.json */
    unsigned block_columns;           /* see TEX_BLOCK_COLUMNS_DEFAULT */
    const struct template_dirs *dirs;
};

/* The template context of table t: "lang" (the language strings), "table"
 * (name, summary, source), "columns", "rows" (objects keyed by column name,
 * with "first" and "last"), "row_count", "blocks" (the rows in groups of
 * "block_columns", each with "rows", "first", "last" and "pad": as many
 * blank cells as the last block lacks to be as wide as the others) and
 * "widest_cell" (a run of zeros as wide as the widest cell, to size the
 * columns), plus what the table's hooks add.  A new reference, or NULL with err set (GT_ERR_RUNTIME: out of
 * memory, more than TEX_ROWS_MAX rows, or the language strings unreadable). */
json_t *sink_tex_context(const struct table_def *t, const struct table_args *args,
                         const struct tex_options *opt, struct gt_error *err);

/* Renders t's template (t->tex_template) with its context into out.
 * GT_OK or GT_ERR_RUNTIME. */
int sink_tex_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err);

/* Renders preamble.tex for opt->lang: every package and macro the fragments
 * of that language need.  GT_OK or GT_ERR_RUNTIME. */
int sink_tex_preamble(const struct tex_options *opt, struct output *out, struct gt_error *err);

#endif
