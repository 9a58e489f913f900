/* parse.c: the one command-line parser (parse.h). */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "cli/parse.h"

size_t choices_listed(const struct option_spec *s)
{
    return s->nlisted ? s->nlisted : s->nchoices;
}

void choices_text(const struct option_spec *s, char *buf, size_t size)
{
    size_t used = 0, n_named = choices_listed(s);
    buf[0] = '\0';
    for (size_t i = 0; i < n_named && used < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n_named ? " or " : ", ";
        const char *quote = isalnum((unsigned char)s->choices[i][0]) ? "" : "'";
        int n = snprintf(buf + used, size - used, "%s%s%s%s", sep, quote, s->choices[i], quote);
        used += n > 0 ? (size_t)n : 0;
    }
}

static bool takes_value(const struct option_spec *s)
{
    return s->kind != OPTION_FLAG && s->kind != OPTION_NEGATABLE;
}

static bool listed(const struct option_group *g, size_t i)
{
    return g->specs[i].name && (!g->only || (g->only >> i & 1));
}

/* An option found on the command line: its spec, where its value goes, and
 * for a negatable flag whether it was given as --no-NAME. */
struct found {
    const struct option_spec *spec;
    struct option_value *value;
    bool negated;
};

/* Does `given` (up to its length n) name s: exactly (exact) or as a prefix?
 * Sets *negated for --no-NAME, of which "no-" is part like any other
 * letters: --no and --n are prefixes of --no-color (breaker round 46, F1:
 * they were unknown options). */
static bool names(const struct option_spec *s, const char *given, size_t n, bool exact,
                  bool *negated)
{
    size_t len = strlen(s->name);
    if (exact ? n == len : n <= len)
        if (strncmp(given, s->name, n) == 0) {
            *negated = false;
            return true;
        }
    if (s->kind != OPTION_NEGATABLE || !(exact ? n == len + 3 : n <= len + 3))
        return false;
    size_t no = n < 3 ? n : 3;
    if (strncmp(given, "no-", no) == 0 && strncmp(given + no, s->name, n - no) == 0) {
        *negated = true;
        return true;
    }
    return false;
}

/* How a long option on the command line resolved. */
enum long_match { LONG_NONE, LONG_ONE, LONG_AMBIGUOUS };

/* The long option `given` (n bytes) names: an exact name, or else the one
 * option it is a prefix of.  LONG_AMBIGUOUS when it is a prefix of several:
 * then `names` lists them ("--count, --color"), as given (--no-NAME when
 * only the negated form matches). */
static enum long_match find_long(struct option_group *groups, size_t ngroups, const char *given,
                                 size_t n, struct found *f, char *names_buf, size_t size)
{
    for (int exact = 1; exact >= 0; exact--) {
        int matches = 0;
        size_t used = 0;
        names_buf[0] = '\0';
        for (size_t g = 0; g < ngroups; g++)
            for (size_t i = 0; i < groups[g].n; i++) {
                bool negated;
                if (!listed(&groups[g], i) || !names(&groups[g].specs[i], given, n, exact, &negated))
                    continue;
                if (matches++ == 0)
                    *f = (struct found){&groups[g].specs[i], &groups[g].values[i], negated};
                if (used < size) {
                    int w = snprintf(names_buf + used, size - used, "%s--%s%s",
                                     matches == 1 ? "" : ", ", negated ? "no-" : "",
                                     groups[g].specs[i].name);
                    used += w > 0 ? (size_t)w : 0;
                }
            }
        if (matches == 1)
            return LONG_ONE;
        if (matches > 1)
            return LONG_AMBIGUOUS;
    }
    return LONG_NONE;
}

static bool find_short(struct option_group *groups, size_t ngroups, char c, struct found *f)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++)
            if (listed(&groups[g], i) && groups[g].specs[i].short_name == c) {
                *f = (struct found){&groups[g].specs[i], &groups[g].values[i], false};
                return true;
            }
    return false;
}

/* The number text (n bytes) of option s: its value in *v, checked against
 * s's range when it has one (said with the digits as given).  Digits past
 * 2^64-1 are past any range: an error for an option with a range, else
 * *past is set and *v is 2^64-1, for the reader to say against its range. */
static int parse_number(const char *option, const struct option_spec *s, const char *text,
                        size_t n, uint64_t *v, bool *past, struct gt_error *err)
{
    char digits[32];
    /* Longer than any number's digits but for leading zeros: read whole. */
    char *owned = n < sizeof digits ? digits : malloc(n + 1);
    if (!owned)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", option, strerror(ENOMEM));
    memcpy(owned, text, n);
    owned[n] = '\0';
    int r = text_read_u64(owned, v), rc = GT_OK;
    if (r == TEXT_NUMBER_NOT_DIGITS)
        rc = gt_fail(err, GT_ERR_USAGE, "%s: '%s' is not a non-negative whole number", option,
                     owned);
    else if (s->max != 0 && (r == TEXT_NUMBER_TOO_LARGE || *v < s->min || *v > s->max))
        rc = gt_fail(err, GT_ERR_USAGE, "%s: %s is out of range (%" PRIu64 "..%" PRIu64 "%s%s)",
                     option, owned, s->min, s->max, s->range_note ? ": " : "",
                     s->range_note ? s->range_note : "");
    else if ((*past = r == TEXT_NUMBER_TOO_LARGE))
        *v = UINT64_MAX;
    if (owned != digits)
        free(owned);
    return rc;
}

static int parse_pair(const char *option, const struct option_spec *s, const char *text,
                      struct option_value *v, struct gt_error *err)
{
    const char *comma = strchr(text, ',');
    /* "5", "5,3,1": said as a whole, not as a number of it that is wrong */
    if (!comma || strchr(comma + 1, ','))
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: '%s' is not %s (two whole numbers, a comma between)", option, text,
                       s->metavar ? s->metavar : "A,B");
    if (parse_number(option, s, text, (size_t)(comma - text), &v->number[0], &v->past[0], err) !=
            GT_OK ||
        parse_number(option, s, comma + 1, strlen(comma + 1), &v->number[1], &v->past[1], err) !=
            GT_OK)
        return GT_ERR_USAGE;
    return GT_OK;
}

/* Checks and stores the value of option f (text: NULL for a flag). */
static int take(const struct found *f, const char *text, struct gt_error *err)
{
    const struct option_spec *s = f->spec;
    struct option_value *v = f->value;
    char option[64];
    snprintf(option, sizeof option, "--%s", s->name);
    v->text = text;
    switch (s->kind) {
    case OPTION_FLAG: v->number[0] = 1; break;
    case OPTION_NEGATABLE: v->number[0] = !f->negated; break;
    case OPTION_NUMBER:
        if (parse_number(option, s, text, strlen(text), &v->number[0], &v->past[0], err) !=
            GT_OK)
            return GT_ERR_USAGE;
        break;
    case OPTION_PAIR:
        if (parse_pair(option, s, text, v, err) != GT_OK)
            return GT_ERR_USAGE;
        break;
    case OPTION_CHOICE: {
        size_t i = 0;
        while (i < s->nchoices && strcmp(text, s->choices[i]) != 0)
            i++;
        if (i == s->nchoices) {
            char list[256];
            choices_text(s, list, sizeof list);
            return gt_fail(err, GT_ERR_USAGE, "%s: unknown %s '%s' (%s)", option, s->choice_noun,
                           text, list);
        }
        v->choice = i;
        break;
    }
    case OPTION_STRING:
        if (s->repeatable) {
            const char **all = realloc(v->all, (v->count + 1) * sizeof *all);
            if (!all)
                return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", option, strerror(ENOMEM));
            v->all = all;
            v->all[v->count] = text;
        }
        break;
    }
    v->given = true;
    v->count++;
    return GT_OK;
}

static void add_arg(struct parsed_args *args, size_t max_args, const char *arg)
{
    if (args->n < max_args && args->n < PARSE_ARGS_MAX)
        args->arg[args->n] = arg;
    else if (!args->extra)
        args->extra = arg;
    args->n++;
}

int options_parse(int argc, char *argv[], struct option_group *groups, size_t ngroups,
                  size_t max_args, struct parsed_args *args, struct gt_error *err)
{
    const char *command = argv[0];
    *args = (struct parsed_args){0};
    for (size_t g = 0; g < ngroups; g++)
        memset(groups[g].values, 0, groups[g].n * sizeof *groups[g].values);
    bool options_end = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options_end || a[0] != '-' || a[1] == '\0') {
            add_arg(args, max_args, a);
            continue;
        }
        if (strcmp(a, "--") == 0) {
            options_end = true;
            continue;
        }
        struct found f;
        const char *text = NULL;
        bool known;
        if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t n = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
            char candidates[256];
            /* "--=3": no name, which every option would prefix. */
            enum long_match m = n == 0 ? LONG_NONE
                                       : find_long(groups, ngroups, a + 2, n, &f, candidates,
                                                   sizeof candidates);
            if (m == LONG_AMBIGUOUS)
                return gt_fail(err, GT_ERR_USAGE,
                               "--%.*s: ambiguous option: %s (see gametab %s --help)", (int)n,
                               a + 2, candidates, command);
            known = m == LONG_ONE;
            /* A value for a flag: getopt's "doesn't allow an argument". */
            if (known && eq && !takes_value(f.spec))
                return gt_fail(err, GT_ERR_USAGE,
                               "--%.*s: option takes no value (see gametab %s --help)",
                               (int)n, a + 2, command);
            if (known && eq)
                text = eq + 1;
        } else {
            known = find_short(groups, ngroups, a[1], &f);
            /* -o=x.csv would be the file "=x.csv" (getopt's way): said,
             * as the long form's '=' was meant (noticed by breaker round
             * 33); a name that starts with '=' is -o =x.csv. */
            if (known && a[2] == '=' && takes_value(f.spec))
                return gt_fail(err, GT_ERR_USAGE,
                               "%s: a short option takes its value without '=': -%c %s, or "
                               "--%s=%s",
                               a, a[1], a + 3, f.spec->name, a + 3);
            if (known && a[2] != '\0') {
                if (takes_value(f.spec))
                    text = a + 2;
                else
                    known = false;
            }
        }
        if (!known)
            return gt_fail(err, GT_ERR_USAGE, "%s: unknown option (see gametab %s --help)", a,
                           command);
        if (takes_value(f.spec) && !text) {
            if (i + 1 == argc)
                return gt_fail(err, GT_ERR_USAGE,
                               "%s: option needs a value (see gametab %s --help)", a, command);
            text = argv[++i];
        }
        int rc = take(&f, text, err);
        if (rc != GT_OK)
            return rc;
        /* table --help NAME is table NAME --help: the word right after it
         * names what the help is of (a short check of round 53's fix, F2) */
        if (f.spec->stops) {
            if (args->n == 0 && i + 1 < argc && argv[i + 1][0] != '-')
                add_arg(args, max_args, argv[i + 1]);
            return GT_OK;
        }
    }
    return GT_OK;
}

void options_free(struct option_group *groups, size_t ngroups)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            free(groups[g].values[i].all);
            groups[g].values[i].all = NULL;
        }
}

int options_check_nonempty(const struct option_group *groups, size_t ngroups,
                           struct gt_error *err)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            const struct option_value *v = &groups[g].values[i];
            if (!v->given || (!s->nonempty && !s->names_file))
                continue;
            char name[64]; /* as the user gave it: -o, or --name without a short one */
            if (s->short_name)
                snprintf(name, sizeof name, "-%c", s->short_name);
            else
                snprintf(name, sizeof name, "--%s", s->name);
            bool empty = !*v->text;
            for (size_t k = 0; k < v->count && v->all; k++) /* every one of a repeatable */
                empty |= !*v->all[k];
            if (s->nonempty && empty)
                return gt_fail(err, GT_ERR_USAGE, "%s: %s is empty", name, s->nonempty);
            /* (it said "x.csv/: No such file or directory: its directory
             * x.csv does not exist (-o makes no directory)") */
            size_t n = strlen(v->text);
            if (s->names_file && n > 0 && v->text[n - 1] == '/')
                return gt_fail(err, GT_ERR_USAGE,
                               "%s: %s ends in /, as a directory's name does: give a file's", name,
                               v->text);
        }
    return GT_OK;
}

/* Is format one of the comma-separated names in list? */
static bool in_list(const char *list, const char *format)
{
    size_t n = strlen(format);
    for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, format, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return true;
    return false;
}

bool option_applies(const struct option_spec *s, const char *what)
{
    return !s->only_for || in_list(s->only_for, what);
}

/* A comma-separated list ("tex,pdf") as a reader writes it ("tex, pdf"). */
static void list_text(const char *list, char *buf, size_t size)
{
    size_t used = 0;
    for (const char *p = list; *p && used + 3 < size; p++) {
        buf[used++] = *p;
        if (*p == ',')
            buf[used++] = ' ';
    }
    buf[used] = '\0';
}

int options_check_applies(const struct option_group *groups, size_t ngroups, const char *what,
                          const char *asked, struct gt_error *err)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            const struct option_value *v = &groups[g].values[i];
            if (!v->given || option_applies(s, what))
                continue;
            char option[64];
            if (s->short_name)
                snprintf(option, sizeof option, "-%c", s->short_name);
            else
                snprintf(option, sizeof option, "--%s%s",
                         s->kind == OPTION_NEGATABLE && v->number[0] == 0 ? "no-" : "", s->name);
            char formats[128];
            list_text(s->only_for, formats, sizeof formats);
            return gt_fail(err, GT_ERR_USAGE, "%s: does not apply to %s (only to %s)", option,
                           asked, formats);
        }
    return GT_OK;
}

void option_synopsis(const struct option_spec *s, char *buf, size_t size)
{
    char shortname[8] = "";
    if (s->short_name)
        snprintf(shortname, sizeof shortname, "-%c, ", s->short_name);
    snprintf(buf, size, "%s--%s%s%s%s", shortname, s->kind == OPTION_NEGATABLE ? "no-" : "",
             s->name, s->metavar ? " " : "", s->metavar ? s->metavar : "");
}

/* Prints one line of a help text, with "{}" replaced by the choices. */
static void print_help_line(FILE *f, const struct option_spec *s, const char *line, int len)
{
    const char *mark = memmem(line, (size_t)len, "{}", 2);
    if (!mark || s->kind != OPTION_CHOICE) {
        fprintf(f, "%.*s\n", len, line);
        return;
    }
    char list[256];
    choices_text(s, list, sizeof list);
    fprintf(f, "%.*s%s%.*s\n", (int)(mark - line), line, list, len - (int)(mark - line) - 2,
            mark + 2);
}

void option_help_lines(FILE *f, const struct option_spec *s, const char *indent)
{
    for (const char *line = s->help; line;) {
        const char *nl = strchr(line, '\n');
        int len = nl ? (int)(nl - line) : (int)strlen(line);
        if (line != s->help)
            fputs(indent, f);
        print_help_line(f, s, line, len);
        line = nl ? nl + 1 : NULL;
    }
}

bool option_listed(const struct option_group *g, size_t i)
{
    return listed(g, i) && !g->specs[i].stops;
}

void options_print_help(FILE *f, const struct option_group *groups, size_t ngroups)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            if (!option_listed(&groups[g], i))
                continue;
            char left[64];
            option_synopsis(s, left, sizeof left);
            fprintf(f, "  %-18s ", left);
            option_help_lines(f, s, "                     ");
        }
}
