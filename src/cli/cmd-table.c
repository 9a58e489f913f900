/* cmd-table.c: `gametab table NAME`, one table in one format. */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/progress.h"
#include "base/text.h"
#include "cli/command.h"
#include "cli/help.h"
#include "cli/options.h"
#include "io/gzchunks.h"
#include "io/output.h"
#include "sinks/sink-pdf.h"
#include "sinks/sink-xlsx.h"
#include "sinks/sinks.h"
#include "tables/table.h"
#include "template/context.h"
#include "template/templates.h"

enum {
    O_FORMAT = OPT_COMMON__N,
    O_LANG,
    O_BLOCK_COLUMNS,
    O_TEMPLATES,
    O_LEVEL,
    O_JOBS,
    O_QUIET,
    O_OUTPUT,
    O_STANDALONE,
    O__N
};

static const struct option_spec table_options[O__N] = {
    COMMON_OPTIONS,
    [O_FORMAT] = {.name = "format", .kind = OPTION_CHOICE, .metavar = "F",
                  .choices = format_names, .nchoices = FORMAT__N, .choice_noun = "format",
                  .help = "{}; default from the extension of\n"
                          "-o (.csv, .csv.gz or .gz, .tex, .json, .xlsx, .pdf),\n"
                          "csv on standard output; pdf compiles the table's\n"
                          "LaTeX document with latexmk"},
    [O_LANG] = {.name = "lang", .kind = OPTION_CHOICE, .metavar = "L", .only_for = "tex,pdf",
                .choices = template_languages, .nchoices = TEMPLATE_NLANGUAGES,
                .choice_noun = "language",
                .help = "{}: the language of a tex or pdf table (default ru)"},
    [O_BLOCK_COLUMNS] = {.name = "block-columns", .kind = OPTION_NUMBER, .metavar = "N",
                         .min = 1, .max = CONTEXT_BLOCK_COLUMNS_MAX, .only_for = "tex,pdf",
                         .help = "columns per block of a table laid out in blocks of columns, 1.." XSTR(
                                     CONTEXT_BLOCK_COLUMNS_MAX) ",\nfewer where a block would pass 15000pt (default: as many as fit the text width, balanced)"},
    [O_TEMPLATES] = {.name = "templates", .kind = OPTION_STRING, .metavar = "DIR",
                     .only_for = "tex,pdf", .complete = "directory",
                     .nonempty = "the directory name",
                     .help = "look for templates in DIR first"},
    [O_LEVEL] = {.name = "level", .kind = OPTION_NUMBER, .metavar = "L", .min = 0, .max = 9,
                 .only_for = "csv.gz", .help = GZCHUNKS_LEVEL_HELP},
    [O_JOBS] = {.name = "jobs", .kind = OPTION_NUMBER, .metavar = "N", .min = 1,
                .max = GZCHUNKS_JOBS_MAX, .only_for = "csv.gz",
                .help = "compress on N threads, 1.." XSTR(GZCHUNKS_JOBS_MAX) " (default: the CPUs it\n"
                        "may run on, as nproc counts them); the file is the same bytes for every N"},
    /* A LaTeX fragment is written at once: no line to hide (breaker
     * round 33, F5). */
    [O_QUIET] = {.name = "quiet", .kind = OPTION_FLAG, .only_for = "csv,csv.gz,json,xlsx,pdf",
                 .help = "no progress line (shown on a terminal for jobs\n"
                         "longer than a second)"},
    [O_OUTPUT] = OUTPUT_OPTION("write to FILE (default -, standard output)"),
    [O_STANDALONE] = {.name = "standalone", .kind = OPTION_FLAG, .only_for = "tex",
                      .help = "a complete document (the one pdf compiles), not a\n"
                              "fragment to \\input"},
};

/* --block-columns applies to the layouts in blocks of columns only. */
static bool table_refuses(const struct table_def *t, size_t option)
{
    return option == O_BLOCK_COLUMNS && !t->tex_blocks;
}

/* Every table's parameters, or only those of the table subject names
 * (gametab table NAME --help, newcomer 26). */
static void print_table_params(FILE *f, const char *subject)
{
    const struct table_def *only = subject ? table_find(subject) : NULL;
    if (only)
        fprintf(f, "\nIts parameters (every table's: gametab table --help):\n");
    else if (subject) /* a typo said, not passed over (breaker round 53, F3) */
        fprintf(f, "\nTables and their parameters (no table is named %s):\n",
                help_word_shown(subject) ? subject : "as given");
    else
        fprintf(f, "\nTables and their parameters:\n");
    for (size_t i = 0; i < table_registry_size; i++)
        if (!only || table_registry[i] == only) {
            fprintf(f, "  %s\n", table_registry[i]->name);
            print_params(f, table_registry[i]->params, "with --format tex");
        }
}

/* Whether every option given applies to format (options_check_applies). */
static int format_applies(struct command_line *cl, enum format format, struct gt_error *err)
{
    struct option_group groups[2];
    size_t ngroups = command_groups(&cmd_table, cl, groups);
    char asked[64];
    snprintf(asked, sizeof asked, "--format %s", format_names[format]);
    return options_check_applies(groups, ngroups, format_names[format], asked, err);
}

/* The format of the table written to path: --format's, or the one its
 * extension names; a usage error when the extension names none, or
 * another than --format's, or when an option given does not apply to
 * that format (--level with json). */
static int output_format(struct command_line *cl, const char *path, enum format *format,
                         struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    *format = (enum format)opt[O_FORMAT].choice;
    if (!opt[O_FORMAT].given) {
        if (format_of_path(path, format, err) != GT_OK)
            return GT_ERR_USAGE;
    } else {
        /* --format and an -o extension asking for another (--format csv -o
         * x.csv.gz): neither wins, as gzip data is not to be found in a .csv. */
        char what[64], advice[64];
        snprintf(what, sizeof what, "the table is written as --format %s", format_names[*format]);
        snprintf(advice, sizeof advice, "give a name ending in .%s, or another --format",
                 format_names[*format]);
        if (output_name_check(path, FORMAT_ALL & ~FORMAT_BIT(*format), what, advice, err) !=
                GT_OK ||
            (text_ends_with(path, ".gz", true) && format_gz_check(path, err) != GT_OK))
            return GT_ERR_USAGE; /* the second: --format csv.gz -o x.tex.gz */
    }
    return format_applies(cl, *format, err);
}

/* -o's name (command.h, output_check): output_format's. */
static int table_output_check(struct command_line *cl, const char *path, bool advice,
                              struct gt_error *err)
{
    (void)advice;
    enum format format;
    return output_format(cl, path, &format, err);
}

static int run_table(struct command_line *cl, struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    const char *path = opt[O_OUTPUT].given ? opt[O_OUTPUT].text : "-";
    struct table_request r = {.table = table_find(cl->args.arg[0])};
    if (!r.table)
        return gt_fail(err, GT_ERR_USAGE, "%s: no such table (see gametab list)",
                       cl->args.arg[0]);
    table_default_args(r.table, &r.args);
    if (table_params_apply(cl->param, r.table->params, "table", r.table->name, &r.args, err) !=
            GT_OK ||
        table_check_args(r.table, &r.args, err) != GT_OK)
        return GT_ERR_USAGE;
    enum format format;
    if (output_format(cl, path, &format, err) != GT_OK)
        return GT_ERR_USAGE;
    bool latex = format == FORMAT_TEX || format == FORMAT_PDF;
    /* A PDF's limit is its LaTeX table's: said as the PDF's. */
    const char *kind = format == FORMAT_PDF ? "PDF table (LaTeX)" : "LaTeX table";
    if (latex && r.args.param[PARAM_COUNT] > TEX_ROWS_MAX)
        return gt_fail(err, GT_ERR_USAGE,
                       "--count: a %s holds at most %d rows; use csv or csv.gz for more", kind,
                       TEX_ROWS_MAX);
    for (int p = 0; p < PARAM__N && latex; p++) {
        const struct table_param_spec *s = &r.table->params[p];
        /* the table's own limit given the others (--max on --heaps), else
         * the parameter's */
        char given[64] = "";
        uint64_t top = r.table->tex_max_of
                           ? r.table->tex_max_of(&r.args, (enum table_param)p, given, sizeof given)
                           : 0;
        if (top == 0)
            top = s->tex_max;
        if (s->accepted && top && r.args.param[p] > top)
            return gt_fail(err, GT_ERR_USAGE,
                           "--%s: a %s of %s%s takes at most %" PRIu64
                           "; use csv or csv.gz for more",
                           table_param_name((enum table_param)p), kind, r.table->name, given,
                           top);
    }
    /* A sheet's rows, known from the parameters (N^2 for a board of N):
     * refused now, not after the table is computed. */
    if (format == FORMAT_XLSX && xlsx_rows_check(r.table, &r.args, err) != GT_OK)
        return GT_ERR_USAGE;
    if (opt[O_BLOCK_COLUMNS].given && table_refuses(r.table, O_BLOCK_COLUMNS)) {
        char names[256] = "";
        for (size_t i = 0; i < table_registry_size; i++)
            if (!table_refuses(table_registry[i], O_BLOCK_COLUMNS))
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                         *names ? ", " : "", table_registry[i]->name);
        return gt_fail(err, GT_ERR_USAGE,
                       "--block-columns: table %s is not laid out in blocks of columns "
                       "(only %s are)", r.table->name, names);
    }
    /* Only LaTeX (and PDF) reads templates: csv, csv.gz, json and xlsx
     * look at no template directory, GAMETAB_TEMPLATES included. */
    struct template_dirs dirs = {.n = 0};
    if (latex && template_dirs_init(&dirs, opt[O_TEMPLATES].text, err) != GT_OK)
        return err->status;
    /* -o naming a template it reads would replace it: said before any work. */
    const char *read[] = {r.table->tex_template, "standalone.tex", "preamble.tex"};
    size_t nread = opt[O_STANDALONE].given || format == FORMAT_PDF ? 3 : 1;
    const char *lang = opt[O_LANG].given ? template_languages[opt[O_LANG].choice] : "ru";
    if (latex && output_check_not_templates(path, &dirs, lang, read, nread, err) != GT_OK)
        return GT_ERR_USAGE;
    /* A template or language file that does not read is said before the
     * solve, not after it. */
    if (latex && templates_parse(&dirs, lang, read, nread,
                                 &(struct template_targets){.out_path = path}, err) != GT_OK)
        return err->status;
    /* A progress line for long CSV and JSON jobs on a terminal, unless the
     * rows go to a terminal too: the line would be drawn into them. */
    struct progress progress;
    if (!opt[O_QUIET].given && !latex && !output_path_is_terminal(path))
        table_set_progress(&progress);
    r.format = format;
    r.level = opt[O_LEVEL].given ? (int)opt[O_LEVEL].number[0] : OUTPUT_GZIP_LEVEL_DEFAULT;
    r.jobs = opt[O_JOBS].given ? (unsigned)opt[O_JOBS].number[0] : default_jobs();
    r.tex = (struct tex_options){
        .lang = lang,
        .block_columns = (unsigned)opt[O_BLOCK_COLUMNS].number[0],
        .dirs = &dirs};
    /* A document has its page: the blocks fit it. */
    r.standalone = opt[O_STANDALONE].given;
    if (r.standalone || format == FORMAT_PDF)
        r.tex.page = &sink_tex_a4_page;
    /* A PDF's rows take milliseconds, latexmk seconds (8 s for the 285
     * pages of 5000 Fibonacci rows): a line says what runs. */
    struct progress_ticker ticker = {0};
    if (format == FORMAT_PDF) {
        progress_ticker_start(&ticker, !opt[O_QUIET].given && !output_path_is_terminal(path));
        progress_ticker_set(&ticker, "compiling the PDF (latexmk -pdf)");
    }
    int rc = sink_write_table(&r, path, NULL, err);
    progress_ticker_end(&ticker);
    /* progress lives on this stack frame: no table may report to it after
     * (fuzz/fuzz-cli runs a build after a table in one process). */
    table_set_progress(NULL);
    return rc;
}

const struct command cmd_table = {
    .name = "table",
    .summary = "write one table (CSV, CSV.gz, JSON, xlsx, a LaTeX fragment or PDF)",
    .usage = "table NAME [OPTIONS]",
    .about = "Write one table.  Its parameters (--count ... --start), their defaults "
             "and ranges, are listed below for each table.\n",
    .more = "An option that does not apply to the format asked for (--level with csv, "
            "--lang with csv.gz) is a usage error.  CSV rows stream: memory does not "
            "grow with K.  A tex table is built whole, so it takes at most " XSTR(TEX_ROWS_MAX) " rows; "
            "an xlsx sheet holds at most 1048576 (the header included).  The environment "
            "variables, --format pdf's among them (GAMETAB_TEX_SECONDS_MAX, HOME, TMPDIR, "
            "TEXINPUTS), are listed by gametab render --help and in man gametab.\n",
    .help_more = print_table_params,
    .options = table_options,
    .noptions = O__N,
    .params = ~(uint64_t)0,
    .args_min = 1,
    .args_max = 1,
    .missing = "table: missing table name (see gametab list)",
    .arg_kind = {ARG_TABLE},
    .table_refuses = table_refuses,
    .mode_option = "format",
    .output_check = table_output_check,
    .run = run_table,
};
