/* cmd-figure.c: `gametab figure NAME`, one figure of the handout. */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/command.h"
#include "cli/options.h"
#include "io/output.h"
#include "publish/figures.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"
#include "template/templates.h"

static void print_figure_help(void)
{
    printf("Usage: gametab figure NAME [OPTIONS]\n"
           "Write one figure of the handout as a LaTeX fragment: a TikZ or pgfplots\n"
           "drawing of a table's rows.  It needs \\usepackage{tikz,pgfplots} and\n"
           "\\usetikzlibrary{arrows.meta} beside the language's preamble.tex.\n"
           "\n"
           "  --count K, --max M, --start A,B   the table's parameters, with the\n"
           "                     figure's defaults and ranges (below)\n"
           "  --lang L           ru or en (default ru)\n"
           "  --templates DIR    look for templates in DIR first\n"
           "  -o, --output FILE  write to FILE (default -, standard output)\n"
           "\nFigures, the tables they draw, and their parameters:\n");
    for (size_t i = 0; i < figure_registry_size; i++) {
        const struct figure_def *f = figure_registry[i];
        printf("  %s (table %s): %s\n", f->name, f->table->name, f->summary);
        print_params(f->params, "");
    }
}

static int run_figure(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"count", required_argument, NULL, OPT_PARAM + PARAM_COUNT},
        {"max", required_argument, NULL, OPT_PARAM + PARAM_MAX},
        {"start", required_argument, NULL, OPT_START},
        {"lang", required_argument, NULL, OPT_LANG},
        {"templates", required_argument, NULL, OPT_TEMPLATES},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    struct output_options o = {.path = "-", .lang = "ru"};
    const char *param_text[PARAM__N] = {0}, *start = NULL;
    struct positionals pos = {0};
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        int taken = output_option(c, &o, err);
        if (taken < 0)
            return GT_ERR_USAGE;
        if (taken)
            continue;
        switch (c) {
        case 1:
            if (add_positional(&pos, "figure", optarg, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_PARAM + PARAM_COUNT:
        case OPT_PARAM + PARAM_MAX: param_text[c - OPT_PARAM] = optarg; break;
        case OPT_START: start = optarg; break;
        case OPT_HELP: print_figure_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("figure", argv, c, err);
        }
    }
    if (rest_positionals(&pos, "figure", argc, argv, err) != GT_OK)
        return GT_ERR_USAGE;
    if (pos.n == 0)
        return gt_fail(err, GT_ERR_USAGE,
                       "figure: missing figure name (see gametab figure --help)");
    if (pos.n > 1)
        return gt_fail(err, GT_ERR_USAGE, "figure: unexpected argument '%s'", pos.arg[1]);
    if (!*o.path)
        return gt_fail(err, GT_ERR_USAGE, "-o: the file name is empty");
    const struct figure_def *f = figure_find(pos.arg[0]);
    if (!f)
        return gt_fail(err, GT_ERR_USAGE, "%s: no such figure (see gametab figure --help)",
                       pos.arg[0]);
    struct table_args args;
    figure_default_args(f, &args);
    for (int p = 0; p < PARAM__N; p++) {
        char option[32];
        snprintf(option, sizeof option, "--%s", table_param_name((enum table_param)p));
        uint64_t v;
        if (param_text[p] && (parse_u64(option, param_text[p], &v, err) != GT_OK ||
                              figure_check_param(f, (enum table_param)p, v, err) != GT_OK))
            return GT_ERR_USAGE;
        if (param_text[p])
            args.param[p] = v;
    }
    if (start) {
        uint64_t a, b;
        if (parse_start(start, &a, &b, err) != GT_OK ||
            figure_check_param(f, PARAM_START_A, a, err) != GT_OK ||
            figure_check_param(f, PARAM_START_B, b, err) != GT_OK)
            return GT_ERR_USAGE;
        args.param[PARAM_START_A] = a;
        args.param[PARAM_START_B] = b;
    }
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, o.templates, err) != GT_OK)
        return err->status;
    struct tex_options tex = {.lang = o.lang, .dirs = &dirs};
    struct output *out;
    if (output_open(&out, o.path, NULL, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    int rc = figure_write(f, &args, &tex, false, out, err);
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

/* ---- build --------------------------------------------------------------- */



const struct command cmd_figure = {
    .name = "figure",
    .summary = "write one figure of the handout (TikZ, pgfplots) from a table",
    .run = run_figure,
};
