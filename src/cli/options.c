/* options.c: parsing what the commands share (options.h). */
#include <config.h>

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/options.h"
#include "io/gzchunks.h"
#include "template/context.h"
#include "template/templates.h"


/* Parses a whole decimal number: digits only, no sign, no spaces. */
int parse_u64(const char *option, const char *s, uint64_t *v, struct gt_error *err)
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

int parse_lang(const char *s, const char **lang, struct gt_error *err)
{
    for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++)
        if (strcmp(s, template_languages[i]) == 0) {
            *lang = template_languages[i];
            return GT_OK;
        }
    return gt_fail(err, GT_ERR_USAGE, "--lang: unknown language '%s' (ru or en)", s);
}

int parse_format(const char *s, enum format *f, struct gt_error *err)
{
    for (size_t i = 0; i < FORMAT__N; i++)
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
int parse_start(const char *s, uint64_t *a, uint64_t *b, struct gt_error *err)
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

/* Takes option c if it is one of output_options: 1 taken, 0 not one of
 * them, -1 a bad value (err set). */
int output_option(int c, struct output_options *o, struct gt_error *err)
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
int format_of_path(const char *path, enum format *f, struct gt_error *err)
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

int add_positional(struct positionals *p, const char *command, const char *arg,
                          struct gt_error *err)
{
    if (p->n == (int)(sizeof p->arg / sizeof p->arg[0]))
        return gt_fail(err, GT_ERR_USAGE, "%s: unexpected argument '%s'", command, arg);
    p->arg[p->n++] = arg;
    return GT_OK;
}

int rest_positionals(struct positionals *p, const char *command, int argc, char *argv[],
                            struct gt_error *err)
{
    for (int i = optind; i < argc; i++)
        if (add_positional(p, command, argv[i], err) != GT_OK)
            return GT_ERR_USAGE;
    return GT_OK;
}

/* Explains an option getopt_long rejected. */
int bad_option(const char *command, char *const argv[], int c, struct gt_error *err)
{
    const char *arg = argv[optind - 1];
    if (c == ':')
        return gt_fail(err, GT_ERR_USAGE, "%s: option needs a value (see gametab %s --help)",
                       arg, command);
    return gt_fail(err, GT_ERR_USAGE, "%s: unknown option (see gametab %s --help)", arg, command);
}

/* ---- help ---------------------------------------------------------------- */

unsigned default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > GZCHUNKS_JOBS_MAX ? GZCHUNKS_JOBS_MAX : (unsigned)n;
}


void print_version(void)
{
    printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
}

/* One line per parameter of a table or a figure: its option, meaning,
 * default and range, and the LaTeX limit (tex_note names the case). */
void print_params(const struct table_param_spec *params, const char *tex_note)
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
