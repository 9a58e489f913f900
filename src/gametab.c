/* gametab.c: the command layer.  Parses the command line, runs one command,
 * and is the only place that prints errors and chooses the exit status:
 * 0 success, 1 runtime error, 2 usage error. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "claim.h"
#include "claims.h"
#include "context.h"
#include "csv-read.h"
#include "errata.h"
#include "error.h"
#include "figures.h"
#include "files.h"
#include "gzchunks.h"
#include "handout.h"
#include "output.h"
#include "progress.h"
#include "sink-csv.h"
#include "sink-json.h"
#include "sink-tex.h"
#include "table.h"
#include "templates.h"

static const char *const languages[] = {"ru", "en"};
#define NLANGUAGES (sizeof languages / sizeof languages[0])

/* Standard output was closed when gametab started (see main). */
static bool stdout_closed;

/* `verify` found a claim that fails: exit 1, with no error message. */
static bool claims_failed;

/* Opens an output, refusing a standard output that was closed. */
static int open_output(struct output **out, const char *path, enum output_encoding enc,
                       int level, unsigned jobs, struct gt_error *err)
{
    if (stdout_closed && (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0))
        return gt_fail(err, GT_ERR_RUNTIME, "standard output: %s", strerror(EBADF));
    return output_open(out, path, enc, level, jobs, err);
}

/* `render` holds its data whole, as a template context. */
#define RENDER_ROWS_MAX 100000

enum format { FORMAT_CSV, FORMAT_CSV_GZ, FORMAT_TEX, FORMAT_JSON };
static const char *const format_names[] = {"csv", "csv.gz", "tex", "json"};

/* Long options without a short form. */
enum {
    OPT_PARAM = 256, /* OPT_PARAM + p: the option of table parameter p */
    OPT_NO_COLOR = OPT_PARAM + PARAM__N,
    OPT_FORMAT,
    OPT_LANG,
    OPT_BLOCK_COLUMNS,
    OPT_TEMPLATES,
    OPT_LEVEL,
    OPT_JOBS,
    OPT_QUIET,
    OPT_CLAIM,
    OPT_LIST,
    OPT_HELP,
    OPT_VERSION,
    OPT_START,
    OPT_PAPER,
    OPT_WORKSHEET,
};

/* ---- parsing helpers ---------------------------------------------------- */

/* Parses a whole decimal number: digits only, no sign, no spaces. */
static int parse_u64(const char *option, const char *s, uint64_t *v, struct gt_error *err)
{
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return gt_fail(err, GT_ERR_USAGE, "%s: '%s' is not a non-negative whole number", option, s);
    uint64_t x = 0;
    for (; *s; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return gt_fail(err, GT_ERR_USAGE, "%s: number too large (at most %" PRIu64 ")",
                           option, UINT64_MAX);
        x = x * 10 + d;
    }
    *v = x;
    return GT_OK;
}

static int parse_lang(const char *s, const char **lang, struct gt_error *err)
{
    for (size_t i = 0; i < NLANGUAGES; i++)
        if (strcmp(s, languages[i]) == 0) {
            *lang = languages[i];
            return GT_OK;
        }
    return gt_fail(err, GT_ERR_USAGE, "--lang: unknown language '%s' (ru or en)", s);
}

static int parse_format(const char *s, enum format *f, struct gt_error *err)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (strcmp(s, format_names[i]) == 0) {
            *f = (enum format)i;
            return GT_OK;
        }
    return gt_fail(err, GT_ERR_USAGE, "--format: unknown format '%s' (csv, csv.gz, tex or json)", s);
}

static int parse_block_columns(const char *s, uint64_t *v, struct gt_error *err)
{
    if (parse_u64("--block-columns", s, v, err) != GT_OK)
        return GT_ERR_USAGE;
    if (*v < 1 || *v > CONTEXT_BLOCK_COLUMNS_MAX)
        return gt_fail(err, GT_ERR_USAGE, "--block-columns: %" PRIu64 " is out of range (1..%d)",
                       *v, CONTEXT_BLOCK_COLUMNS_MAX);
    return GT_OK;
}

/* Parses --start A,B: two whole numbers and a comma between, no spaces. */
static int parse_start(const char *s, uint64_t *a, uint64_t *b, struct gt_error *err)
{
    const char *comma = strchr(s, ',');
    char first[32];
    if (!comma || (size_t)(comma - s) >= sizeof first)
        return gt_fail(err, GT_ERR_USAGE,
                       "--start: '%s' is not A,B (two whole numbers, a comma between)", s);
    memcpy(first, s, (size_t)(comma - s));
    first[comma - s] = '\0';
    if (parse_u64("--start", first, a, err) != GT_OK ||
        parse_u64("--start", comma + 1, b, err) != GT_OK)
        return GT_ERR_USAGE;
    return GT_OK;
}

/* The options `table` and `render` share. */
struct output_options {
    const char *path;      /* -o, default "-" */
    const char *templates; /* --templates, or NULL */
    const char *lang;      /* --lang, default "ru" */
    uint64_t block_columns; /* --block-columns, 0: the default */
};

/* Takes option c if it is one of output_options: 1 taken, 0 not one of
 * them, -1 a bad value (err set). */
static int output_option(int c, struct output_options *o, struct gt_error *err)
{
    switch (c) {
    case 'o': o->path = optarg; return 1;
    case OPT_TEMPLATES: o->templates = optarg; return 1;
    case OPT_LANG: return parse_lang(optarg, &o->lang, err) == GT_OK ? 1 : -1;
    case OPT_BLOCK_COLUMNS:
        return parse_block_columns(optarg, &o->block_columns, err) == GT_OK ? 1 : -1;
    default: return 0;
    }
}

/* True when s ends in suffix, ignoring case (TABLE.CSV.GZ is gzip too). */
static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* The format a file name asks for: by its extension; csv for standard
 * output and for names without one (/dev/null). */
static int format_of_path(const char *path, enum format *f, struct gt_error *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(path, "-") == 0 || !strchr(base, '.') || has_suffix(base, ".csv"))
        *f = FORMAT_CSV;
    else if (has_suffix(base, ".csv.gz") || has_suffix(base, ".gz"))
        *f = FORMAT_CSV_GZ;
    else if (has_suffix(base, ".tex"))
        *f = FORMAT_TEX;
    else if (has_suffix(base, ".json"))
        *f = FORMAT_JSON;
    else
        return gt_fail(err, GT_ERR_USAGE,
                       "-o: cannot tell the format of '%s' from its extension: give --format", path);
    return GT_OK;
}

/* The arguments that are not options.  getopt_long runs in "return in
 * order" mode ("-" first in the option string), so options may follow the
 * arguments whatever POSIXLY_CORRECT says; each non-option comes back as
 * code 1, and the ones after "--" remain in argv. */
struct positionals {
    const char *arg[4];
    int n;
};

static int add_positional(struct positionals *p, const char *command, const char *arg,
                          struct gt_error *err)
{
    if (p->n == (int)(sizeof p->arg / sizeof p->arg[0]))
        return gt_fail(err, GT_ERR_USAGE, "%s: unexpected argument '%s'", command, arg);
    p->arg[p->n++] = arg;
    return GT_OK;
}

static int rest_positionals(struct positionals *p, const char *command, int argc, char *argv[],
                            struct gt_error *err)
{
    for (int i = optind; i < argc; i++)
        if (add_positional(p, command, argv[i], err) != GT_OK)
            return GT_ERR_USAGE;
    return GT_OK;
}

/* Explains an option getopt_long rejected. */
static int bad_option(const char *command, char *const argv[], int c, struct gt_error *err)
{
    const char *arg = argv[optind - 1];
    if (c == ':')
        return gt_fail(err, GT_ERR_USAGE, "%s: option needs a value (see gametab %s --help)",
                       arg, command);
    return gt_fail(err, GT_ERR_USAGE, "%s: unknown option (see gametab %s --help)", arg, command);
}

/* ---- help ---------------------------------------------------------------- */

static void print_version(void)
{
    printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
}

static void print_main_help(void)
{
    printf("Usage: gametab COMMAND [OPTIONS]\n"
           "Tables of impartial games (Wythoff's game, Nim) from Kvant articles,\n"
           "as gzip-compressed CSV and as LaTeX.\n"
           "\n"
           "Commands:\n"
           "  list     one line per table: name, description, source\n"
           "  table    write one table (CSV, CSV.gz or a LaTeX fragment)\n"
           "  build    write every table at the article's parameters into a directory\n"
           "  figure   write one figure of the handout (TikZ, pgfplots) from a table\n"
           "  render   fill a template with the rows of any CSV file\n"
           "  verify   check every claim of the articles by computation; the errata\n"
           "\n"
           "  gametab COMMAND --help   options of a command\n"
           "  gametab --version        the version\n"
           "\n"
           "Exit status: 0 success, 1 runtime error, 2 usage error.\n");
}

static void print_list_help(void)
{
    printf("Usage: gametab list\n"
           "One line per table: its name, what it holds and its source (article,\n"
           "journal, year, issue and the table or theorem it reproduces).\n");
}

/* One line per parameter of a table or a figure: its option, meaning,
 * default and range, and the LaTeX limit (tex_note names the case). */
static void print_params(const struct table_param_spec *params, const char *tex_note)
{
    for (int p = 0; p < PARAM__N; p++) {
        const struct table_param_spec *s = &params[p];
        if (!s->accepted || p == PARAM_START_B)
            continue;
        if (p == PARAM_COLOR) {
            printf("    --no-color: %s\n", s->help);
            continue;
        }
        if (p == PARAM_START_A)
            printf("    --start A,B: %s; default %" PRIu64 ",%" PRIu64 ", each %" PRIu64
                   "..%" PRIu64, s->help, s->def, params[PARAM_START_B].def, s->min, s->max);
        else
            printf("    --%s: %s; default %" PRIu64 ", %" PRIu64 "..%" PRIu64,
                   table_param_name((enum table_param)p), s->help, s->def, s->min, s->max);
        if (s->tex_max)
            printf(", at most %" PRIu64 " %s", s->tex_max, tex_note);
        printf("\n");
    }
}

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

static void print_build_help(void)
{
    printf("Usage: gametab build [OPTIONS]\n"
           "Write every table at the article's own parameters:\n"
           "  DIR/NAME.csv.gz        each table as gzip-compressed CSV\n"
           "  DIR/LANG/NAME.tex      each table as a LaTeX fragment to \\input\n"
           "  DIR/LANG/preamble.tex  the packages and macros the fragments need\n"
           "  DIR/errata.csv.gz      every claim of the articles checked (gametab verify)\n"
           "  DIR/LANG/errata.tex    the same as a table to print next to the articles\n"
           "  DIR/LANG/figure-NAME.tex  each figure of the handout (gametab figure)\n"
           "  DIR/LANG/handout.tex   the handout: a document with every table and\n"
           "                         figure, for pdflatex (make handout)\n"
           "  DIR/LANG/worksheet.tex with --worksheet: the tables with blank cells to\n"
           "                         fill in and the answer key, and its fragments\n"
           "                         DIR/LANG/worksheet-NAME.tex\n"
           "\n"
           "  -o, --output DIR   the directory (default output), made if missing\n"
           "  --lang L           ru or en only (default: both)\n"
           "  --paper P          a4 or a5: the handout's paper (default a4)\n"
           "  --worksheet        write the worksheet too\n"
           "  --start A,B        the starting square of the game of figure 1 and of\n"
           "                     the table wythoff-game (default 12,14; each 0..30)\n"
           "  --templates DIR    look for templates in DIR first\n");
}

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

/* ---- list ---------------------------------------------------------------- */

static int cmd_list(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    int c;
    while ((c = getopt_long(argc, argv, "-:", longopts, NULL)) != -1) {
        switch (c) {
        case 1: return gt_fail(err, GT_ERR_USAGE, "list: unexpected argument '%s'", optarg);
        case OPT_HELP: print_list_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("list", argv, c, err);
        }
    }
    if (optind < argc)
        return gt_fail(err, GT_ERR_USAGE, "list: unexpected argument '%s'", argv[optind]);
    int width = 0;
    for (size_t i = 0; i < table_registry_size; i++) {
        int n = (int)strlen(table_registry[i]->name);
        width = n > width ? n : width;
    }
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        const struct table_source *s = &t->source;
        printf("%-*s  %s  [%s, %s, ", width, t->name, t->summary, s->authors, s->title);
        if (s->journal[0] || s->year) /* omitted where the text does not say */
            printf("%s%s%.0d%s%.0d, ", s->journal, s->year ? " " : "", s->year,
                   s->issue ? " no. " : "", s->issue);
        printf("%s]\n", s->item);
    }
    return GT_OK;
}

/* ---- table --------------------------------------------------------------- */

struct table_request {
    const struct table_def *table;
    struct table_args args;
    enum format format;
    struct tex_options tex;
    int level;     /* gzip level */
    unsigned jobs; /* compressing threads */
    const struct errata *errata; /* set: write the errata instead of a table */
};

/* The default --jobs: the online CPUs, within 1..GZCHUNKS_JOBS_MAX. */
static unsigned default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > GZCHUNKS_JOBS_MAX ? GZCHUNKS_JOBS_MAX : (unsigned)n;
}

/* Writes one table to path ("-" for standard output) atomically. */
static int write_table(const struct table_request *r, const char *path, struct gt_error *err)
{
    struct output *out;
    enum output_encoding enc = r->format == FORMAT_CSV_GZ ? OUTPUT_GZIP : OUTPUT_PLAIN;
    if (open_output(&out, path, enc, r->level, r->jobs, err) != GT_OK)
        return GT_ERR_RUNTIME;
    int rc;
    switch (r->format) {
    case FORMAT_TEX: rc = sink_tex_write(r->table, &r->args, &r->tex, out, err); break;
    case FORMAT_JSON: rc = sink_json_write(r->table, &r->args, out, err); break;
    default: rc = sink_csv_write(r->table, &r->args, out, err); break;
    }
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

/* Writes the errata to path: CSV.gz for r->format FORMAT_CSV_GZ, else
 * LaTeX in r->tex.lang. */
static int write_errata(const struct table_request *r, const char *path, struct gt_error *err)
{
    struct output *out;
    bool csv = r->format == FORMAT_CSV_GZ;
    if (output_open(&out, path, csv ? OUTPUT_GZIP : OUTPUT_PLAIN, OUTPUT_GZIP_LEVEL_DEFAULT, 1,
                    err) != GT_OK)
        return GT_ERR_RUNTIME;
    int rc = csv ? errata_write_csv(r->errata, out, err)
                 : errata_write_tex(r->errata, &r->tex, out, err);
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

static int cmd_table(int argc, char *argv[], struct gt_error *err)
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
    return write_table(&r, o.path, err);
}

/* ---- render -------------------------------------------------------------- */

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

static int cmd_render(int argc, char *argv[], struct gt_error *err)
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
    int rc = open_output(&out, o.path, OUTPUT_PLAIN, 0, 1, err);
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

static int cmd_figure(int argc, char *argv[], struct gt_error *err)
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
    if (open_output(&out, o.path, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    int rc = figure_write(f, &args, &tex, false, out, err);
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

/* ---- build --------------------------------------------------------------- */


/* A build writes every file under a staging directory inside DIR first and
 * moves them into place only when all were written, so that a failed build
 * leaves DIR as it was. */
struct build {
    const char *dir;      /* DIR as given */
    char *staging;        /* DIR/.gametab-build.XXXXXX */
    char **files;         /* written, relative to staging and to DIR */
    size_t nfiles;
    const struct template_dirs *dirs;
    struct errata errata; /* the claims, checked at their default bounds */
    const char *paper;    /* the handout's: "a4" or "a5" */
    bool worksheet;       /* write the worksheet too */
    uint64_t start[2];    /* the game's starting square (--start) */
};


/* Names the final path, not the staging one, in a message about a file. */
static void unstage_message(const struct build *b, struct gt_error *err)
{
    size_t n = strlen(b->staging);
    if (strncmp(err->msg, b->staging, n) == 0 && err->msg[n] == '/') {
        char rest[sizeof err->msg];
        snprintf(rest, sizeof rest, "%s", err->msg + n);
        snprintf(err->msg, sizeof err->msg, "%s%s", b->dir, rest);
    }
}

/* What one LaTeX file of the build holds, besides a table or the preamble. */
enum build_kind { BUILD_PREAMBLE, BUILD_FIGURE, BUILD_HANDOUT, BUILD_WORKSHEET_TABLE };

struct build_item {
    enum build_kind kind;
    const struct figure_def *figure; /* BUILD_FIGURE */
    bool worksheet;                  /* BUILD_FIGURE, BUILD_HANDOUT: the worksheet's */
};

/* Writes a LaTeX file of the build at path, as item->kind says: the
 * preamble, a figure of r's table, the handout, or r's worksheet table. */
static int write_build_tex(const struct build *b, const struct table_request *r,
                           const struct build_item *item, const char *path,
                           struct gt_error *err)
{
    struct output *out;
    int rc = output_open(&out, path, OUTPUT_PLAIN, 0, 1, err);
    if (rc != GT_OK)
        return rc;
    switch (item->kind) {
    case BUILD_FIGURE:
        rc = figure_write(item->figure, &r->args, &r->tex, item->worksheet, out, err);
        break;
    case BUILD_HANDOUT: rc = handout_write(&r->tex, b->paper, item->worksheet, out, err); break;
    case BUILD_WORKSHEET_TABLE:
        rc = worksheet_table_write(r->table, &r->args, &r->tex, out, err);
        break;
    default: rc = sink_tex_preamble(&r->tex, out, err); break;
    }
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

/* Writes one file of the build, `rel` under the staging directory: table
 * r->table, or the preamble when r->table is NULL; or, with an item, the
 * LaTeX file it names. */
static int build_write(struct build *b, const struct table_request *r,
                       const struct build_item *item, const char *rel, struct gt_error *err)
{
    char **files = realloc(b->files, (b->nfiles + 1) * sizeof *files);
    if (files)
        b->files = files;
    char *path = files ? path_join(b->staging, rel) : NULL;
    char *name = path ? strdup(rel) : NULL;
    if (!name) {
        free(path);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    }
    int rc;
    if (r->errata)
        rc = write_errata(r, path, err);
    else if (!item && r->table)
        rc = write_table(r, path, err);
    else
        rc = write_build_tex(b, r, item ? item : &(struct build_item){.kind = BUILD_PREAMBLE},
                             path, err);
    free(path);
    if (rc != GT_OK) {
        free(name);
        unstage_message(b, err);
        return rc;
    }
    b->files[b->nfiles++] = name;
    return GT_OK;
}

static int build_file(struct build *b, const struct table_request *r, const char *rel,
                      struct gt_error *err)
{
    return build_write(b, r, NULL, rel, err);
}

/* A table's arguments in a build: the article's, with --start for the
 * tables (and figures) that take a starting square. */
static void build_args(const struct build *b, const struct table_def *t,
                       const struct table_param_spec *params, struct table_args *args)
{
    table_default_args(t, args);
    for (int p = 0; p < PARAM__N; p++)
        if (params[p].accepted && p != PARAM_START_A && p != PARAM_START_B)
            args->param[p] = params[p].def;
    if (params[PARAM_START_A].accepted) {
        args->param[PARAM_START_A] = b->start[0];
        args->param[PARAM_START_B] = b->start[1];
    }
}

/* The figures, the handout, and with --worksheet the worksheet and its
 * fragments, of one language. */
static int build_handout(struct build *b, const char *lang, struct gt_error *err)
{
    struct table_request r = {.format = FORMAT_TEX, .tex = {.lang = lang, .dirs = b->dirs}};
    char rel[256];
    int rc = GT_OK;
    for (size_t i = 0; rc == GT_OK && i < figure_registry_size; i++) {
        const struct figure_def *f = figure_registry[i];
        struct build_item item = {.kind = BUILD_FIGURE, .figure = f};
        r.table = f->table;
        build_args(b, f->table, f->params, &r.args);
        snprintf(rel, sizeof rel, "%s/figure-%s.tex", lang, f->name);
        rc = build_write(b, &r, &item, rel, err);
        /* The worksheet's board is bare, for the students to mark. */
        if (rc == GT_OK && b->worksheet && strcmp(f->name, "wythoff-board") == 0) {
            item.worksheet = true;
            snprintf(rel, sizeof rel, "%s/worksheet-figure-%s.tex", lang, f->name);
            rc = build_write(b, &r, &item, rel, err);
        }
    }
    for (size_t i = 0; rc == GT_OK && b->worksheet && i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        if (!worksheet_has_blanks(t))
            continue;
        struct build_item item = {.kind = BUILD_WORKSHEET_TABLE};
        r.table = t;
        build_args(b, t, t->params, &r.args);
        snprintf(rel, sizeof rel, "%s/worksheet-%s.tex", lang, t->name);
        rc = build_write(b, &r, &item, rel, err);
    }
    r.table = NULL;
    for (int w = 0; rc == GT_OK && w <= (int)b->worksheet; w++) {
        struct build_item item = {.kind = BUILD_HANDOUT, .worksheet = w == 1};
        snprintf(rel, sizeof rel, "%s/%s.tex", lang, w ? "worksheet" : "handout");
        rc = build_write(b, &r, &item, rel, err);
    }
    return rc;
}

static int build_language(struct build *b, const char *lang, struct gt_error *err)
{
    char *langdir = path_join(b->staging, lang);
    if (!langdir)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    int rc = make_directories(langdir, err);
    free(langdir);
    struct table_request r = {.format = FORMAT_TEX, .tex = {.lang = lang, .dirs = b->dirs}};
    char rel[256];
    snprintf(rel, sizeof rel, "%s/preamble.tex", lang);
    if (rc == GT_OK)
        rc = build_file(b, &r, rel, err);
    for (size_t i = 0; rc == GT_OK && i < table_registry_size; i++) {
        r.table = table_registry[i];
        build_args(b, r.table, r.table->params, &r.args);
        snprintf(rel, sizeof rel, "%s/%s.tex", lang, r.table->name);
        rc = build_file(b, &r, rel, err);
    }
    r = (struct table_request){.format = FORMAT_TEX, .tex = {.lang = lang, .dirs = b->dirs},
                               .errata = &b->errata};
    snprintf(rel, sizeof rel, "%s/errata.tex", lang);
    if (rc == GT_OK)
        rc = build_file(b, &r, rel, err);
    if (rc == GT_OK)
        rc = build_handout(b, lang, err);
    return rc;
}

/* Moves every written file from the staging directory into DIR. */
static int build_publish(struct build *b, struct gt_error *err)
{
    /* First everything that can fail short of the renames themselves: the
     * directories are made and no target is a directory, so that a failure
     * here leaves DIR as it was; then the renames, one per file. */
    int rc = GT_OK;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; rc == GT_OK && i < b->nfiles; i++) {
            char *from = path_join(b->staging, b->files[i]);
            char *to = path_join(b->dir, b->files[i]);
            char *slash = to ? strrchr(to, '/') : NULL;
            struct stat st;
            if (!from || !to) {
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
            } else if (pass == 0) {
                *slash = '\0';
                rc = make_directories(to, err);
                *slash = '/';
                if (rc == GT_OK && stat(to, &st) == 0 && S_ISDIR(st.st_mode))
                    rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(EISDIR));
            } else if (rename(from, to) != 0) {
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(errno));
            }
            free(from);
            free(to);
        }
        if (rc != GT_OK && pass == 0) {
            /* Take back the language directories made for this build (only
             * empty ones go: rmdir refuses the others). */
            for (size_t i = 0; i < b->nfiles; i++) {
                char *to = path_join(b->dir, b->files[i]);
                char *slash = to ? strrchr(to, '/') : NULL;
                if (slash && slash > to + strlen(b->dir)) {
                    *slash = '\0';
                    rmdir(to);
                }
                free(to);
            }
        }
    }
    return rc;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static int run_build(struct build *b, const char *only_lang, struct gt_error *err)
{
    for (size_t i = 0; i < table_registry_size; i++) {
        struct table_request r = {.table = table_registry[i], .format = FORMAT_CSV_GZ,
                                  .level = OUTPUT_GZIP_LEVEL_DEFAULT, .jobs = 1};
        build_args(b, r.table, r.table->params, &r.args);
        char rel[256];
        snprintf(rel, sizeof rel, "%s.csv.gz", r.table->name);
        if (build_file(b, &r, rel, err) != GT_OK)
            return GT_ERR_RUNTIME;
    }
    /* The errata: every claim at its default bound, whatever the outcome. */
    if (errata_run(&b->errata, claim_registry, claim_registry_size, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct table_request errata = {.format = FORMAT_CSV_GZ, .errata = &b->errata};
    if (build_file(b, &errata, "errata.csv.gz", err) != GT_OK)
        return GT_ERR_RUNTIME;
    for (size_t i = 0; i < NLANGUAGES; i++)
        if ((!only_lang || strcmp(only_lang, languages[i]) == 0) &&
            build_language(b, languages[i], err) != GT_OK)
            return GT_ERR_RUNTIME;
    return build_publish(b, err);
}

/* The handout's choices of a build (--paper, --worksheet, --start). */
struct build_options {
    const char *paper;
    bool worksheet;
    uint64_t start[2];
};

static int build_into(const char *dir, const char *templates, const char *only_lang,
                      const struct build_options *bo, struct gt_error *err);

static int cmd_build(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"lang", required_argument, NULL, OPT_LANG},
        {"templates", required_argument, NULL, OPT_TEMPLATES},
        {"output", required_argument, NULL, 'o'},
        {"paper", required_argument, NULL, OPT_PAPER},
        {"worksheet", no_argument, NULL, OPT_WORKSHEET},
        {"start", required_argument, NULL, OPT_START},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    const char *dir = "output", *templates = NULL, *only_lang = NULL;
    const struct figure_def *game = figure_find("wythoff-game");
    struct build_options bo = {.paper = handout_papers[0],
                               .start = {game->params[PARAM_START_A].def,
                                         game->params[PARAM_START_B].def}};
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 1: return gt_fail(err, GT_ERR_USAGE, "build: unexpected argument '%s'", optarg);
        case OPT_LANG:
            if (parse_lang(optarg, &only_lang, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_TEMPLATES: templates = optarg; break;
        case 'o': dir = optarg; break;
        case OPT_PAPER:
            bo.paper = NULL;
            for (size_t i = 0; i < HANDOUT_NPAPERS; i++)
                if (strcmp(optarg, handout_papers[i]) == 0)
                    bo.paper = handout_papers[i];
            if (!bo.paper)
                return gt_fail(err, GT_ERR_USAGE, "--paper: unknown paper '%s' (a4 or a5)", optarg);
            break;
        case OPT_WORKSHEET: bo.worksheet = true; break;
        case OPT_START:
            /* The same square for the table wythoff-game and figure 1: the
             * figure's range, the narrower. */
            if (parse_start(optarg, &bo.start[0], &bo.start[1], err) != GT_OK ||
                figure_check_param(game, PARAM_START_A, bo.start[0], err) != GT_OK ||
                figure_check_param(game, PARAM_START_B, bo.start[1], err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_HELP: print_build_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("build", argv, c, err);
        }
    }
    if (optind < argc)
        return gt_fail(err, GT_ERR_USAGE, "build: unexpected argument '%s'", argv[optind]);
    if (!*dir)
        return gt_fail(err, GT_ERR_USAGE, "-o: the directory name is empty");
    /* "out/" and "out" are one directory: no doubled slash in the paths. */
    char *trimmed = strdup(dir);
    if (!trimmed)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
    for (size_t n = strlen(trimmed); n > 1 && trimmed[n - 1] == '/'; n--)
        trimmed[n - 1] = '\0';
    int rc = build_into(trimmed, templates, only_lang, &bo, err);
    free(trimmed);
    return rc;
}

static int build_into(const char *dir, const char *templates, const char *only_lang,
                      const struct build_options *bo, struct gt_error *err)
{
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, templates, err) != GT_OK)
        return err->status;

    struct stat st;
    bool existed = stat(dir, &st) == 0;
    if (make_directories(dir, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct build b = {.dir = dir, .dirs = &dirs, .staging = path_join(dir, ".gametab-build.XXXXXX"),
                      .paper = bo->paper, .worksheet = bo->worksheet,
                      .start = {bo->start[0], bo->start[1]}};
    if (!b.staging || !mkdtemp(b.staging)) {
        int rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(b.staging ? errno : ENOMEM));
        free(b.staging);
        return rc;
    }
    int rc = run_build(&b, only_lang, err);
    errata_free(&b.errata);
    nftw(b.staging, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    if (rc != GT_OK && !existed)
        rmdir(dir); /* made for this build: leave no empty directory */
    if (rc == GT_OK)
        printf("gametab: wrote %zu files under %s/\n", b.nfiles, dir);
    for (size_t i = 0; i < b.nfiles; i++)
        free(b.files[i]);
    free(b.files);
    free(b.staging);
    return rc;
}

/* ---- verify -------------------------------------------------------------- */

static void print_verify_help(void)
{
    printf("Usage: gametab verify [OPTIONS]\n"
           "Check the claims of the four articles -- theorems, properties, exercises,\n"
           "remarks and the printed tables -- by computation, and print one line per\n"
           "claim:\n"
           "  ID  holds|FAILS|data  SOURCE | RANGE CHECKED | CASES[: COUNTEREXAMPLES]\n"
           "                        [| correct: THE CORRECT STATEMENT]\n"
           "A counterexample \"X → Y\" reads \"the article says X, the computation Y\";\n"
           "P is a losing position for the player to move, N a winning one.\n"
           "\n"
           "  --max F            check every claim F times as far as by default (F =\n"
           "                     1..%d), each at most to its own limit (--list)\n"
           "  --claim ID         only claim ID; or, if no claim is called so, every\n"
           "                     claim whose id starts with ID and a dash (--claim\n"
           "                     feng); repeatable\n"
           "  --list             list the claims: id, source, default and largest bound\n"
           "  --lang L           en or ru: the language of sources and corrections\n"
           "                     (default en)\n"
           "  -o, --output FILE  write the report to FILE (default -, standard output)\n"
           "\n"
           "Exit status: 0 when every claim checked holds, 1 when one fails (the report\n"
           "is written; standard error is empty), 1 on a runtime error too (then\n"
           "standard error has one line starting \"gametab: \"), 2 on a usage error.\n",
           CLAIM_FACTOR_MAX);
}

static void print_claim_list(void)
{
    for (size_t i = 0; i < claim_registry_size; i++) {
        const struct claim *c = claim_registry[i];
        printf("%-28s %s, %s; bound %" PRIu64 " (at most %" PRIu64 "): %s\n", c->id,
               claim_articles[c->article].cite_en, c->item_en, c->bound_default, c->bound_max,
               c->bound_help);
    }
}

/* Adds the claims that `name` selects to the selection, each once: the
 * claim with that id, or else every claim whose id starts with name and a
 * dash ("feng", "matulis-theorem"). */
static int select_claims(const char *name, bool *selected, struct gt_error *err)
{
    size_t n = strlen(name);
    bool any = false, exact = claim_find(name) != NULL;
    for (size_t i = 0; i < claim_registry_size; i++) {
        const char *id = claim_registry[i]->id;
        if (exact ? strcmp(id, name) == 0
                  : n > 0 && strncmp(id, name, n) == 0 && id[n] == '-') {
            selected[i] = true;
            any = true;
        }
    }
    if (!any)
        return gt_fail(err, GT_ERR_USAGE, "--claim: %s: no such claim (see gametab verify --list)",
                       name);
    return GT_OK;
}

static int cmd_verify(int argc, char *argv[], struct gt_error *err)
{
    static const struct option longopts[] = {
        {"max", required_argument, NULL, OPT_PARAM + PARAM_MAX},
        {"claim", required_argument, NULL, OPT_CLAIM},
        {"list", no_argument, NULL, OPT_LIST},
        {"lang", required_argument, NULL, OPT_LANG},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {0},
    };
    const char *path = "-", *lang = "en";
    uint64_t factor = 1;
    bool selected[CLAIM_REGISTRY_MAX] = {false}, some = false;
    bool list = false;
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 1: return gt_fail(err, GT_ERR_USAGE, "verify: unexpected argument '%s'", optarg);
        case OPT_PARAM + PARAM_MAX:
            if (parse_u64("--max", optarg, &factor, err) != GT_OK)
                return GT_ERR_USAGE;
            if (factor < 1 || factor > CLAIM_FACTOR_MAX)
                return gt_fail(err, GT_ERR_USAGE,
                               "--max: %" PRIu64 " is out of range (1..%d: a factor on the bounds)",
                               factor, CLAIM_FACTOR_MAX);
            break;
        case OPT_CLAIM:
            if (select_claims(optarg, selected, err) != GT_OK)
                return GT_ERR_USAGE;
            some = true;
            break;
        case OPT_LIST: list = true; break;
        case OPT_LANG:
            if (parse_lang(optarg, &lang, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case 'o': path = optarg; break;
        case OPT_HELP: print_verify_help(); return GT_OK;
        case OPT_VERSION: print_version(); return GT_OK;
        default: return bad_option("verify", argv, c, err);
        }
    }
    if (optind < argc)
        return gt_fail(err, GT_ERR_USAGE, "verify: unexpected argument '%s'", argv[optind]);
    if (!*path)
        return gt_fail(err, GT_ERR_USAGE, "-o: the file name is empty");
    if (list) {
        print_claim_list();
        return GT_OK;
    }
    const struct claim *chosen[CLAIM_REGISTRY_MAX];
    size_t n = 0;
    for (size_t i = 0; i < claim_registry_size; i++)
        if (!some || selected[i])
            chosen[n++] = claim_registry[i];
    struct output *out;
    if (open_output(&out, path, OUTPUT_PLAIN, 0, 1, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct errata e;
    int rc = errata_run(&e, chosen, n, factor, err);
    if (rc == GT_OK)
        rc = errata_write_report(&e, lang, out, err);
    if (rc == GT_OK)
        rc = output_commit(out, err);
    else
        output_abort(out);
    claims_failed = rc == GT_OK && errata_failures(&e) > 0;
    errata_free(&e);
    return rc;
}

/* ---- main ---------------------------------------------------------------- */

struct command {
    const char *name;
    int (*run)(int argc, char *argv[], struct gt_error *err);
};

static const struct command commands[] = {
    {"list", cmd_list},
    {"table", cmd_table},
    {"build", cmd_build},
    {"figure", cmd_figure},
    {"render", cmd_render},
    {"verify", cmd_verify},
};

static int run(int argc, char *argv[], struct gt_error *err)
{
    if (argc < 2)
        return gt_fail(err, GT_ERR_USAGE, "missing command (see gametab --help)");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_main_help();
        return GT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        print_version();
        return GT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0) {
            optind = 1;
            opterr = 0;
            return commands[i].run(argc - 1, argv + 1, err);
        }
    return gt_fail(err, GT_ERR_USAGE,
                   "%s: unknown command (list, table, build, figure, render or verify)", name);
}

static void on_signal(int signo)
{
    output_interrupted = signo;
}

/* SIGINT, SIGTERM, SIGHUP: the next write fails and the usual failure path
 * removes the temporary files; then the signal is raised again, so that the
 * exit status says what happened.  SIGXFSZ (a file size limit) is ignored,
 * so that the write fails with EFBIG and is reported like a full disk. */
static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: a blocked write returns EINTR */
    sigemptyset(&sa.sa_mask);
    /* A signal ignored when gametab started (nohup, a background job of a
     * script) stays ignored. */
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(signals[i], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}

/* A closed descriptor 0, 1 or 2 is taken by /dev/null, so that no file
 * gametab opens can land on it (and be written by printf, say); a closed
 * standard output is remembered (stdout_closed), and writing to it is an
 * error. */
static void guard_standard_descriptors(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0) {
            if (fd == STDOUT_FILENO)
                stdout_closed = true;
            int nul = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (nul >= 0 && nul != fd) {
                dup2(nul, fd);
                close(nul);
            }
        }
}

/* Messages are one line: control characters from arguments, paths or
 * templates are shown as '?'. */
static void one_line(char *msg)
{
    for (unsigned char *p = (unsigned char *)msg; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = '?';
}

int main(int argc, char *argv[])
{
    struct gt_error err = {0};
    guard_standard_descriptors();
    catch_signals();
    int rc = run(argc, argv, &err);
    /* stdout carries help, list and the build summary through stdio: its
     * flush and close are checked like any other write. */
    bool wrote = ftell(stdout) > 0 || ferror(stdout);
    if (rc == GT_OK && stdout_closed && wrote)
        rc = gt_fail(&err, GT_ERR_RUNTIME, "standard output: %s", strerror(EBADF));
    if (rc == GT_OK && (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0))
        rc = gt_fail(&err, GT_ERR_RUNTIME, "standard output: %s", strerror(errno ? errno : EIO));
    if (rc != GT_OK) {
        one_line(err.msg);
        fprintf(stderr, "gametab: %s\n", err.msg);
    }
    if (output_interrupted) {
        signal(output_interrupted, SIG_DFL);
        raise(output_interrupted);
    }
    /* Some claim fails: the report says which; no error message. */
    if (rc == GT_OK && claims_failed)
        return 1;
    return rc;
}
