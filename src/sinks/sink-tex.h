/* sink-tex.h: a table as a LaTeX fragment, laid out by its template. */
#ifndef GAMETAB_SINK_TEX_H
#define GAMETAB_SINK_TEX_H

#include "template/context.h"
#include "io/output.h"
#include "tables/table.h"
#include "template/templates.h"

/* A LaTeX table is held whole while it renders: at most this many rows. */
#define TEX_ROWS_MAX 5000

struct tex_options {
    const char *lang;                 /* "ru" or "en": templates/lang/<lang>.json */
    unsigned block_columns;           /* 0 or 1..CONTEXT_BLOCK_COLUMNS_MAX (context.h) */
    const struct context_page *page;  /* the page the blocks fit; NULL: the default */
    const struct template_dirs *dirs;
};

/* The template context of table t (context.h: columns, rows, blocks, ...)
 * plus "lang" (the language strings), "table" (name, summary, source) and
 * what the table declares beyond them (table.h: its hooks' typed values,
 * tex_numbered, tex_widest, tex_shape; tex-shapes.h).  A new reference, or
 * NULL with err set: GT_ERR_RUNTIME for out of memory, more than
 * TEX_ROWS_MAX rows, the language strings unreadable or rows without the
 * table's shape; a hook's own error as the hook set it. */
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
