/* cmd-table.c: `gametab table NAME`, one table in one format. */
#include <config.h>

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/progress.h"
#include "cli/command.h"
#include "cli/options.h"
#include "io/gzchunks.h"
#include "io/output.h"
#include "sinks/sinks.h"
#include "tables/table.h"
#include "template/context.h"
#include "template/templates.h"

static void print_table_help(void)
{
    printf("Usage: gametab table NAME [OPTIONS]\n"
           "Write one table.\n"
           "\n"
           "  --count K          how many rows     } the parameters a table takes,\n"
           "  --max M            the largest size  } with their defaults and\n"
           "  --heaps k          how many heaps    } ranges, are listed below\n"
           "  --radix r          digits in base r  }\n"
           "  --from N0          start at row N0 (0-based); for N0 > 0 no header row,\n"
           "                     so shards concatenate to the whole table\n"
           "  --start A,B        a starting square }\n"
           "  --no-color         LaTeX in black and white\n"
           "  --format F         csv, csv.gz, tex or json; default from the extension of\n"
           "                     -o (.csv, .csv.gz or .gz, .tex, .json), csv on\n"
           "                     standard output\n"
           "  --lang L           ru or en: the language of a tex table (default ru)\n"
           "  --block-columns N  columns per block of a horizontal LaTeX table, 1..%d\n"
           "                     (default %d, fewer when the numbers are too wide)\n"
           "  --templates DIR    look for templates in DIR first\n"
           "  --level L          gzip level 0..9 (default 6)\n"
           "  --jobs N           compress on N threads, 1..%d (default: the online\n"
           "                     CPUs); the file is the same bytes for every N\n"
           "  --quiet            no progress line (shown on a terminal for jobs\n"
           "                     longer than a second)\n"
           "  -o, --output FILE  write to FILE (default -, standard output)\n"
           "\n"
           "CSV rows stream: memory does not grow with K.  A tex table is built whole,\n"
           "so it takes at most %d rows.\n"
           "\nTables and their parameters:\n",
           CONTEXT_BLOCK_COLUMNS_MAX, CONTEXT_BLOCK_COLUMNS_DEFAULT, GZCHUNKS_JOBS_MAX,
           TEX_ROWS_MAX);
    for (size_t i = 0; i < table_registry_size; i++) {
        printf("  %s\n", table_registry[i]->name);
        print_params(table_registry[i]->params, "with --format tex");
    }
}

static int run_table(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"count", required_argument, NULL, OPT_PARAM + PARAM_COUNT},
        {"max", required_argument, NULL, OPT_PARAM + PARAM_MAX},
        {"heaps", required_argument, NULL, OPT_PARAM + PARAM_HEAPS},
        {"radix", required_argument, NULL, OPT_PARAM + PARAM_RADIX},
        {"from", required_argument, NULL, OPT_PARAM + PARAM_FROM},
        {"no-color", no_argument, NULL, OPT_NO_COLOR},
        {"start", required_argument, NULL, OPT_START},
        {"level", required_argument, NULL, OPT_LEVEL},
        {"jobs", required_argument, NULL, OPT_JOBS},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"lang", required_argument, NULL, OPT_LANG},
        {"block-columns", required_argument, NULL, OPT_BLOCK_COLUMNS},
        {"templates", required_argument, NULL, OPT_TEMPLATES},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    struct output_options o = {.path = "-", .lang = "ru"};
    const char *param_text[PARAM__N] = {0};
    enum format format = FORMAT_CSV;
    bool format_given = false;
    uint64_t level = OUTPUT_GZIP_LEVEL_DEFAULT, jobs = default_jobs();
    struct positionals pos = {0};
    const char *start = NULL;
    bool quiet = false;
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        int taken = output_option(c, &o, err);
        if (taken < 0)
            return GT_ERR_USAGE;
        if (taken)
            continue;
        switch (c) {
        case 1:
            if (add_positional(&pos, "table", optarg, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_QUIET: quiet = true; break;
        case OPT_LEVEL:
            if (parse_u64("--level", optarg, &level, err) != GT_OK)
                return GT_ERR_USAGE;
            if (level > 9)
                return gt_fail(err, GT_ERR_USAGE, "--level: %" PRIu64 " is out of range (0..9)",
                               level);
            break;
        case OPT_JOBS:
            if (parse_u64("--jobs", optarg, &jobs, err) != GT_OK)
                return GT_ERR_USAGE;
            if (jobs < 1 || jobs > GZCHUNKS_JOBS_MAX)
                return gt_fail(err, GT_ERR_USAGE, "--jobs: %" PRIu64 " is out of range (1..%d)",
                               jobs, GZCHUNKS_JOBS_MAX);
            break;
        case OPT_PARAM + PARAM_COUNT:
        case OPT_PARAM + PARAM_MAX:
        case OPT_PARAM + PARAM_HEAPS:
        case OPT_PARAM + PARAM_RADIX:
        case OPT_PARAM + PARAM_FROM: param_text[c - OPT_PARAM] = optarg; break;
        case OPT_NO_COLOR: param_text[PARAM_COLOR] = "0"; break;
        case OPT_START: start = optarg; break;
        case OPT_FORMAT:
            if (parse_format(optarg, &format, err) != GT_OK)
                return GT_ERR_USAGE;
            format_given = true;
            break;
        case OPT_HELP: print_table_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("table", argv, c, err);
        }
    }
    if (rest_positionals(&pos, "table", argc, argv, err) != GT_OK)
        return GT_ERR_USAGE;
    if (pos.n == 0)
        return gt_fail(err, GT_ERR_USAGE, "table: missing table name (see gametab list)");
    if (pos.n > 1)
        return gt_fail(err, GT_ERR_USAGE, "table: unexpected argument '%s'", pos.arg[1]);
    if (!*o.path)
        return gt_fail(err, GT_ERR_USAGE, "-o: the file name is empty");

    struct table_request r = {.table = table_find(pos.arg[0])};
    if (!r.table)
        return gt_fail(err, GT_ERR_USAGE, "%s: no such table (see gametab list)", pos.arg[0]);
    table_default_args(r.table, &r.args);
    for (int p = 0; p < PARAM__N; p++) {
        if (!param_text[p])
            continue;
        char option[32];
        snprintf(option, sizeof option, "--%s", p == PARAM_COLOR ? "no-color" : table_param_name(p));
        uint64_t v;
        if (parse_u64(option, param_text[p], &v, err) != GT_OK ||
            table_check_param(r.table, (enum table_param)p, v, err) != GT_OK)
            return GT_ERR_USAGE;
        r.args.param[p] = v;
    }
    if (start) {
        uint64_t a, b;
        if (parse_start(start, &a, &b, err) != GT_OK ||
            table_check_param(r.table, PARAM_START_A, a, err) != GT_OK ||
            table_check_param(r.table, PARAM_START_B, b, err) != GT_OK)
            return GT_ERR_USAGE;
        r.args.param[PARAM_START_A] = a;
        r.args.param[PARAM_START_B] = b;
    }
    if (table_check_args(r.table, &r.args, err) != GT_OK)
        return GT_ERR_USAGE;
    if (!format_given && format_of_path(o.path, &format, err) != GT_OK)
        return GT_ERR_USAGE;
    if (format == FORMAT_TEX && r.args.param[PARAM_COUNT] > TEX_ROWS_MAX)
        return gt_fail(err, GT_ERR_USAGE,
                       "--count: a LaTeX table holds at most %d rows; use csv or csv.gz for more",
                       TEX_ROWS_MAX);
    for (int p = 0; p < PARAM__N && format == FORMAT_TEX; p++) {
        const struct table_param_spec *s = &r.table->params[p];
        if (s->accepted && s->tex_max && r.args.param[p] > s->tex_max)
            return gt_fail(err, GT_ERR_USAGE,
                           "--%s: a LaTeX table of %s takes at most %" PRIu64
                           "; use csv or csv.gz for more",
                           table_param_name((enum table_param)p), r.table->name, s->tex_max);
    }
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, o.templates, err) != GT_OK)
        return err->status;
    /* A progress line for long CSV and JSON jobs on a terminal. */
    struct progress progress;
    if (!quiet && format != FORMAT_TEX)
        table_set_progress(&progress);
    r.format = format;
    r.level = (int)level;
    r.jobs = (unsigned)jobs;
    r.tex = (struct tex_options){.lang = o.lang, .block_columns = (unsigned)o.block_columns, .dirs = &dirs};
    return sink_write_table(&r, o.path, NULL, err);
}

/* ---- render -------------------------------------------------------------- */

const struct command cmd_table = {
    .name = "table",
    .summary = "write one table (CSV, CSV.gz or a LaTeX fragment)",
    .run = run_table,
};
