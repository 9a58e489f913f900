/* options.h: what the commands share of the command line.
 *
 * Every command parses its own options with getopt_long in "return in
 * order" mode ("-:" first in the option string), so that options may follow
 * the arguments whatever POSIXLY_CORRECT says, and uses these helpers for
 * the values several commands take: numbers, --lang, --format, -o,
 * --templates, --block-columns and --start.  Each helper returns GT_OK, or
 * GT_ERR_USAGE with err naming the option and the value. */
#ifndef GAMETAB_CLI_OPTIONS_H
#define GAMETAB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/error.h"
#include "sinks/sinks.h"
#include "tables/table.h"

/* Long options without a short form: getopt_long's codes. */
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

/* A whole decimal number, 0..2^64-1: digits only, no sign, no spaces. */
int parse_u64(const char *option, const char *s, uint64_t *v, struct gt_error *err);

/* --lang: one of template_languages (template/templates.h). */
int parse_lang(const char *s, const char **lang, struct gt_error *err);

/* --format: one of format_names (sinks/sinks.h). */
int parse_format(const char *s, enum format *f, struct gt_error *err);

/* --start A,B: two whole numbers and a comma between, no spaces. */
int parse_start(const char *s, uint64_t *a, uint64_t *b, struct gt_error *err);

/* The format a file name asks for, by its extension in any case (.csv,
 * .csv.gz or .gz, .tex, .json); csv for standard output and for names
 * without one (/dev/null); another extension is a usage error. */
int format_of_path(const char *path, enum format *f, struct gt_error *err);

/* The options `table`, `render` and `figure` share. */
struct output_options {
    const char *path;       /* -o, default "-" */
    const char *templates;  /* --templates, or NULL */
    const char *lang;       /* --lang, default "ru" */
    uint64_t block_columns; /* --block-columns, 0: the default */
};

/* Takes getopt_long's code c (its value in optarg) if it is one of
 * output_options: 1 taken, 0 not one of them, -1 a bad value (err set). */
int output_option(int c, struct output_options *o, struct gt_error *err);

/* The arguments that are not options: getopt_long gives each as code 1,
 * and the ones after "--" remain in argv from optind. */
struct positionals {
    const char *arg[4];
    int n;
};

/* Adds arg; more than four is "unexpected argument". */
int add_positional(struct positionals *p, const char *command, const char *arg,
                   struct gt_error *err);

/* Adds argv[optind..argc-1], the arguments after "--". */
int rest_positionals(struct positionals *p, const char *command, int argc, char *argv[],
                     struct gt_error *err);

/* Explains an option getopt_long rejected (code c: '?' unknown, ':' no
 * value).  Always GT_ERR_USAGE. */
int bad_option(const char *command, char *const argv[], int c, struct gt_error *err);

/* The default --jobs: the online CPUs, within 1..GZCHUNKS_JOBS_MAX. */
unsigned default_jobs(void);

/* Prints "gametab VERSION". */
void print_version(void);

/* Prints one help line per accepted parameter of a table or a figure: its
 * option, meaning, default and range, and the LaTeX limit (tex_note says
 * where it applies). */
void print_params(const struct table_param_spec *params, const char *tex_note);

#endif
