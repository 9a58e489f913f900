/* cmd-figure.c: `gametab figure NAME`, one figure of the handout. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/command.h"
#include "cli/help.h"
#include "cli/options.h"
#include "io/output.h"
#include "publish/figures.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"
#include "template/templates.h"

enum { O_LANG = OPT_COMMON__N, O_TEMPLATES, O_OUTPUT, O__N };

static const struct option_spec figure_options[O__N] = {
    COMMON_OPTIONS,
    [O_LANG] = LANG_OPTION("{} (default ru)"),
    [O_TEMPLATES] = TEMPLATES_OPTION,
    [O_OUTPUT] = OUTPUT_OPTION("write to FILE (default -, standard output)"),
};

/* Every figure, or only the one subject names (gametab figure NAME
 * --help). */
static void print_figures(FILE *out, const char *subject)
{
    const struct figure_def *only = subject ? figure_find(subject) : NULL;
    if (only)
        fprintf(out, "\nIts table and parameters (every figure's: gametab figure --help):\n");
    else if (subject) /* a typo said (breaker round 53, F3) */
        fprintf(out, "\nFigures, their tables and parameters (no figure is named %s):\n",
                help_word_shown(subject) ? subject : "as given");
    else
        fprintf(out, "\nFigures, the tables they draw, and their parameters:\n");
    for (size_t i = 0; i < figure_registry_size; i++)
        if (!only || figure_registry[i] == only) {
            const struct figure_def *f = figure_registry[i];
            fprintf(out, "  %s (table %s): %s\n", f->name, f->table->name, f->summary);
            print_params(out, f->params, "");
        }
}

/* -o's name: a figure is a LaTeX fragment (command.h, output_check). */
static int figure_output_check(struct command_line *cl, const char *path, bool advice,
                               struct gt_error *err)
{
    (void)cl, (void)advice;
    return output_name_check(path, FORMAT_ALL & ~FORMAT_BIT(FORMAT_TEX),
                             "a figure is a LaTeX fragment", "give a name ending in .tex", err);
}

static int run_figure(struct command_line *cl, struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    const struct figure_def *f = figure_find(cl->args.arg[0]);
    if (!f)
        return gt_fail(err, GT_ERR_USAGE, "%s: no such figure (see gametab figure --help)",
                       cl->args.arg[0]);
    struct table_args args;
    figure_default_args(f, &args);
    if (table_params_apply(cl->param, f->params, "figure", f->name, &args, err) != GT_OK)
        return GT_ERR_USAGE;
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, opt[O_TEMPLATES].text, err) != GT_OK)
        return err->status;
    struct tex_options tex = {
        .lang = opt[O_LANG].given ? template_languages[opt[O_LANG].choice] : "ru", .dirs = &dirs};
    const char *path = opt[O_OUTPUT].given ? opt[O_OUTPUT].text : "-";
    if (figure_output_check(cl, path, false, err) != GT_OK)
        return GT_ERR_USAGE;
    /* -o naming the figure's template would replace it: said before any work. */
    char name[128];
    snprintf(name, sizeof name, "figure-%s.tex", f->name);
    if (output_check_not_templates(path, &dirs, tex.lang, (const char *const[]){name}, 1, err) !=
        GT_OK)
        return GT_ERR_USAGE;
    if (templates_parse(&dirs, tex.lang, (const char *const[]){name}, 1,
                        &(struct template_targets){.out_path = path}, err) != GT_OK)
        return err->status;
    struct output *out;
    if (output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    int rc = figure_write(f, &args, &tex, false, out, err);
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

const struct command cmd_figure = {
    .name = "figure",
    .summary = "write one figure of the handout (TikZ, pgfplots) from a table",
    .usage = "figure NAME [OPTIONS]",
    .about = "Write one figure of the handout as a LaTeX fragment: a TikZ or pgfplots "
             "drawing of a table's rows.  It needs \\usepackage{tikz,pgfplots}, "
             "\\pgfplotsset{compat=1.18} and \\usetikzlibrary{arrows.meta} beside the "
             "language's preamble.tex.  "
             "The table's parameters take the figure's defaults and ranges (below).\n",
    .help_more = print_figures,
    .options = figure_options,
    .noptions = O__N,
    .params = 1u << PARAM_COUNT | 1u << PARAM_MAX | 1u << PARAM_START_A,
    .args_min = 1,
    .args_max = 1,
    .missing = "figure: missing figure name (see gametab figure --help)",
    .arg_kind = {ARG_FIGURE},
    .output_check = figure_output_check,
    .run = run_figure,
};
