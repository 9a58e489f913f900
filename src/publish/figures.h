/* figures.h: the handout's figures, drawn with TikZ and pgfplots from a
 * table's rows.
 *
 * A figure is a second LaTeX layout of one table of the registry: its rows
 * come from the same row stream as the table's CSV and its fragment (with
 * the table's own hooks), and a hook turns them into what the figure draws
 * (squares, points, arcs, colours).  The drawing itself is a template,
 * templates/figure-NAME.tex; the fragment needs \usepackage{tikz} and
 * \usepackage{pgfplots} beside the language's preamble.tex (handout.tex
 * loads them).  Like the tables, the figures are listed in one array. */
#ifndef GAMETAB_FIGURES_H
#define GAMETAB_FIGURES_H

#include <jansson.h>
#include <stdbool.h>

#include "io/output.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"

struct figure_def {
    const char *name;               /* "wythoff-board": templates/figure-wythoff-board.tex */
    const char *summary;            /* one line, English */
    const struct table_def *table;  /* the table whose rows it draws */
    /* The parameters it takes: some of the table's, with the figure's own
     * default and range (a figure holds fewer rows than a table). */
    struct table_param_spec params[PARAM__N];
    /* Adds the drawing to the table's context (sink_tex_context), reading
     * the table's rows as typed values (rows[0..nrows-1], in the order of
     * the context's "rows"): 0, or -1 when out of memory. */
    int (*context)(json_t *ctx, const struct table_row *rows, size_t nrows,
                   const struct table_args *args);
};

/* The registry, in the order the handout draws them. */
extern const struct figure_def *const figure_registry[];
extern const size_t figure_registry_size;

/* The figure called name, or NULL. */
const struct figure_def *figure_find(const char *name);

/* The table's defaults, with the figure's for the parameters it takes. */
void figure_default_args(const struct figure_def *f, struct table_args *args);

/* Checks value for parameter p of figure f: GT_OK, or GT_ERR_USAGE with err
 * naming the option, the value and the figure's range. */
int figure_check_param(const struct figure_def *f, enum table_param p, uint64_t value,
                       struct gt_error *err);

/* Renders templates/figure-NAME.tex for args into out: the table's context
 * (sink-tex.h) with the figure's drawing, and "worksheet" (true for the
 * worksheet's version: the board without its marks, say).  GT_OK, or
 * GT_ERR_RUNTIME (out of memory, a template error, a write error). */
int figure_write(const struct figure_def *f, const struct table_args *args,
                 const struct tex_options *opt, bool worksheet, struct output *out,
                 struct gt_error *err);

#endif
