/* cmd-render.c: `gametab render TEMPLATE [DATA]`, any CSV through a template. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/command.h"
#include "cli/options.h"
#include "io/csv-read.h"
#include "io/output.h"
#include "template/context.h"
#include "template/templates.h"

#define RENDER_ROWS_MAX 100000


static void print_render_help(void)
{
    printf("Usage: gametab render TEMPLATE [DATA] [OPTIONS]\n"
           "Fill a Mustache template with the rows of a CSV file.\n"
           "\n"
           "TEMPLATE is a file, or else the name of a template in the search path\n"
           "(--templates DIR, $GAMETAB_TEMPLATES, the built-in ones), such as\n"
           "table-booktabs.tex or table-kvant.tex.  DATA is a CSV file, gzip-compressed\n"
           "or not, or - for standard input; without it the template gets no rows.\n"
           "Templates whose name ends in .tex escape {{x}} for LaTeX, others for HTML.\n"
           "\n"
           "  --block-columns N  rows per block of the horizontal layout, 1..%d\n"
           "                     (default %d, fewer when the cells are too wide)\n"
           "  --lang L           ru or en: the language strings offered as lang\n"
           "  --templates DIR    look for templates in DIR first\n"
           "  -o, --output FILE  write to FILE (default -, standard output)\n"
           "\n"
           "The context: columns, rows (each keyed by column name, with cells, first\n"
           "and last), row_count, file, blocks (the rows in groups for the horizontal\n"
           "Kvant layout, each with rows, lines, pad, first and last), block_columns,\n"
           "widest_cell and lang.  The data is held whole: at most %d rows.\n",
           CONTEXT_BLOCK_COLUMNS_MAX, CONTEXT_BLOCK_COLUMNS_DEFAULT, RENDER_ROWS_MAX);
}

struct render_data {
    struct context_builder *builder;
    const char *name; /* for messages */
};

static int render_header(void *ud, const char *const *names, size_t n, struct gt_error *err)
{
    struct render_data *d = ud;
    d->builder = context_new(names, n);
    if (!d->builder)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", d->name, strerror(ENOMEM));
    return GT_OK;
}

static int render_row(void *ud, const char *const *fields, size_t n, unsigned long line,
                      struct gt_error *err)
{
    (void)n;
    struct render_data *d = ud;
    if (context_row_count(d->builder) == RENDER_ROWS_MAX)
        return gt_fail(err, GT_ERR_RUNTIME, "%s:%lu: more than %d rows to render", d->name, line,
                       RENDER_ROWS_MAX);
    if (!context_add_row(d->builder, fields))
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", d->name, strerror(ENOMEM));
    return GT_OK;
}

/* The context of `render`: the CSV's rows (context.h), the file name and the
 * language strings. */
static json_t *render_context(const char *data, unsigned block_columns, json_t *lang,
                              struct gt_error *err)
{
    json_t *ctx;
    if (data) {
        struct render_data d = {.name = strcmp(data, "-") ? data : "standard input"};
        static const struct csv_read_callbacks cb = {render_header, render_row};
        if (csv_read_file(data, &cb, &d, err) != GT_OK) {
            context_free(d.builder);
            return NULL;
        }
        ctx = context_finish(d.builder, block_columns);
        if (ctx && json_object_set_new(ctx, "file", json_string(data)) != 0) {
            json_decref(ctx);
            ctx = NULL;
        }
    } else {
        ctx = json_object();
    }
    if (ctx && json_object_set(ctx, "lang", lang) != 0) {
        json_decref(ctx);
        ctx = NULL;
    }
    if (!ctx)
        gt_fail(err, GT_ERR_RUNTIME, "%s: %s", data ? data : "render", strerror(ENOMEM));
    return ctx;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

static int run_render(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"lang", required_argument, NULL, OPT_LANG},
        {"block-columns", required_argument, NULL, OPT_BLOCK_COLUMNS},
        {"templates", required_argument, NULL, OPT_TEMPLATES},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    struct output_options o = {.path = "-", .lang = "ru"};
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
            if (add_positional(&pos, "render", optarg, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_HELP: print_render_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("render", argv, c, err);
        }
    }
    if (rest_positionals(&pos, "render", argc, argv, err) != GT_OK)
        return GT_ERR_USAGE;
    if (pos.n == 0)
        return gt_fail(err, GT_ERR_USAGE, "render: missing template (see gametab render --help)");
    if (pos.n > 2)
        return gt_fail(err, GT_ERR_USAGE, "render: unexpected argument '%s'", pos.arg[2]);
    if (!*o.path)
        return gt_fail(err, GT_ERR_USAGE, "-o: the file name is empty");
    const char *template = pos.arg[0];
    const char *data = pos.n > 1 ? pos.arg[1] : NULL;

    struct template_dirs dirs;
    if (template_dirs_init(&dirs, o.templates, err) != GT_OK)
        return err->status;
    json_t *strings = lang_strings_load(&dirs, o.lang, err);
    if (!strings)
        return GT_ERR_RUNTIME;
    json_t *ctx = render_context(data, (unsigned)o.block_columns, strings, err);
    json_decref(strings);
    if (!ctx)
        return GT_ERR_RUNTIME;
    struct output *out;
    int rc = output_open(&out, o.path, NULL, OUTPUT_PLAIN, 0, 1, err);
    if (rc == GT_OK) {
        rc = is_file(template) ? template_render_path(&dirs, template, ctx, out, err)
                               : template_render(&dirs, template, ctx, out, err);
        if (rc == GT_OK)
            rc = output_commit(out, err);
        else
            output_abort(out);
    }
    json_decref(ctx);
    return rc;
}

/* ---- figure -------------------------------------------------------------- */

const struct command cmd_render = {
    .name = "render",
    .summary = "fill a template with the rows of any CSV file",
    .run = run_render,
};
