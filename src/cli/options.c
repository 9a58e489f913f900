/* options.c: parsing what the commands share (options.h). */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/text.h"
#include "cli/options.h"
#include "io/csv-read.h"
#include "io/files.h"
#include "io/gzchunks.h"
#include "io/output.h"
#include "template/context.h"
#include "template/templates.h"

/* The format a file name asks for: by its extension; csv for standard
 * output and for names without one (/dev/null). */
/* Whether a file name has an extension: a dot in it, "." and ".." (names
 * of directories, which the opening refuses) aside. */
static bool has_extension(const char *base)
{
    return strchr(base, '.') && strcmp(base, ".") != 0 && strcmp(base, "..") != 0;
}

/* Whether base[0..stem) ends in "." ext, in any case, after a name. */
static bool stem_ends_with(const char *base, size_t stem, const char *ext)
{
    size_t n = strlen(ext);
    return stem > n + 1 && base[stem - n - 1] == '.' && strncasecmp(base + stem - n, ext, n) == 0;
}

int format_gz_check(const char *path, struct gt_error *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t stem = strlen(base) - 3; /* before ".gz" */
    const char *named = NULL;
    for (enum format g = 0; !named && g < FORMAT__N; g++)
        if (g != FORMAT_CSV && g != FORMAT_CSV_GZ && stem_ends_with(base, stem, format_names[g]))
            named = format_names[g];
    for (const char *const *ext = latex_extensions; !named && *ext; ext++)
        if (stem_ends_with(base, stem, *ext)) /* x.ltx.gz, x.latex.gz */
            named = *ext;
    if (named)
        return gt_fail(err, GT_ERR_USAGE,
                       "-o: '%s': only CSV is written gzip-compressed: give a name "
                       "ending in .%s (and gzip it afterwards), or in .csv.gz",
                       path, named);
    return GT_OK;
}

int format_of_path(const char *path, enum format *f, struct gt_error *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(path, "-") == 0 || !has_extension(base) || text_ends_with(base, ".csv", true))
        *f = FORMAT_CSV;
    else if (text_ends_with(base, ".csv.gz", true))
        *f = FORMAT_CSV_GZ;
    else if (text_ends_with(base, ".gz", true)) {
        /* x.tex.gz: LaTeX compressed, which no format is; x.tsv.gz,
         * x.csv.gz.gz: an extension as unknown as x.tsv's.  x.gz is CSV. */
        if (format_gz_check(path, err) != GT_OK)
            return GT_ERR_USAGE;
        if (memchr(base, '.', strlen(base) - 3))
            return gt_fail(err, GT_ERR_USAGE,
                           "-o: cannot tell the format of '%s' from its extension: give "
                           "--format, or a name ending in .csv.gz",
                           path);
        *f = FORMAT_CSV_GZ;
    }
    else if (template_is_latex(base)) /* .tex, .ltx, .latex */
        *f = FORMAT_TEX;
    else if (text_ends_with(base, ".json", true))
        *f = FORMAT_JSON;
    else if (text_ends_with(base, ".xlsx", true))
        *f = FORMAT_XLSX;
    else if (text_ends_with(base, ".pdf", true))
        *f = FORMAT_PDF;
    else
        return gt_fail(err, GT_ERR_USAGE,
                       "-o: cannot tell the format of '%s' from its extension: give --format", path);
    return GT_OK;
}

int output_name_check(const char *path, unsigned refused, const char *what, const char *advice,
                      struct gt_error *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    enum format asked;
    struct gt_error ignored = {0};
    if (strcmp(path, "-") == 0 || !has_extension(base))
        return GT_OK;
    /* Any name ending in .gz asks for gzip data (x.tex.gz too, which
     * format_of_path refuses). */
    bool gz = text_ends_with(base, ".gz", true);
    if (gz)
        asked = FORMAT_CSV_GZ;
    else if (format_of_path(path, &asked, &ignored) != GT_OK)
        return GT_OK;
    if (refused & FORMAT_BIT(asked))
        return gt_fail(err, GT_ERR_USAGE, "-o: %s, not %s: %s", what,
                       gz && !text_ends_with(base, ".csv.gz", true) ? "gzip-compressed"
                                                                    : format_names[asked],
                       advice);
    return GT_OK;
}

/* What output path writes into when it is a regular file, in *st: the
 * file path names, or for "-" the file standard output is (a shell's
 * >> FILE or 1<> FILE), unless it was closed.  False for devices, FIFOs,
 * sockets, terminals and a path that does not exist yet. */
static bool output_regular_file(const char *path, struct stat *st)
{
    if (strcmp(path, "-") == 0)
        return !standard_closed[STDOUT_FILENO] && fstat(STDOUT_FILENO, st) == 0 &&
               S_ISREG(st->st_mode);
    return stat(path, st) == 0 && S_ISREG(st->st_mode);
}

int output_check_not_input(const char *path, const char *input, const char *what,
                           struct gt_error *err)
{
    struct stat out, in;
    if (!output_regular_file(path, &out))
        return GT_OK;
    bool from_stdin = strcmp(input, "-") == 0;
    bool found = from_stdin ? !standard_closed[STDIN_FILENO] && fstat(STDIN_FILENO, &in) == 0
                            : stat(input, &in) == 0;
    if (!found || in.st_dev != out.st_dev || in.st_ino != out.st_ino)
        return GT_OK;
    if (strcmp(path, "-") == 0)
        return gt_fail(err, GT_ERR_USAGE,
                       "standard output is also %s%s%s: write to another file", what,
                       from_stdin ? "" : " ", from_stdin ? "" : input);
    return gt_fail(err, GT_ERR_USAGE, "-o: %s is also %s: write to another file", path, what);
}

/* output_check_not_input for the file the template search path gives
 * for name, said as what ("the template").  named: the user named path
 * (-o FILE, or standard output); else path is a file build writes or
 * removes in its DIR, and the message says so, with the file found and
 * what to do (as for a partial: templates.c). */
static int check_not_template_file(const char *path, const struct template_dirs *dirs,
                                   const char *name, const char *what, bool named,
                                   struct gt_error *err)
{
    char *found = NULL;
    if (template_find(dirs, name, &found) != 0) {
        free(found);
        return GT_OK; /* left to the reading to say */
    }
    int rc = GT_OK;
    struct stat out, in;
    if (named)
        rc = output_check_not_input(path, found, what, err);
    else if (output_regular_file(path, &out) && stat(found, &in) == 0 &&
             in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        rc = gt_fail(err, GT_ERR_USAGE,
                     "%s is a file build writes or removes, and also %s %s: build into another "
                     "directory, or move %s",
                     path, what, found, what);
    free(found);
    return rc;
}

int output_check_not_templates(const char *path, const struct template_dirs *dirs,
                               const char *lang, const char *const names[], size_t n,
                               struct gt_error *err)
{
    struct stat out;
    if (!output_regular_file(path, &out))
        return GT_OK;
    if (lang) {
        char lang_file[64];
        snprintf(lang_file, sizeof lang_file, "lang/%s.json", lang);
        if (check_not_template_file(path, dirs, lang_file, "the language file", true, err) !=
            GT_OK)
            return err->status;
    }
    for (size_t i = 0; i < n; i++)
        if (check_not_template_file(path, dirs, names[i], "the template", true, err) != GT_OK)
            return err->status;
    return GT_OK;
}

int output_check_not_search_path(const char *const paths[], size_t n, bool named,
                                 const struct template_dirs *dirs, const char *lang,
                                 bool (*reads)(const char *name), const char *stop_name,
                                 struct gt_error *err)
{
    struct stat *outs = calloc(n ? n : 1, sizeof *outs);
    bool *regular = calloc(n ? n : 1, sizeof *regular);
    bool any = false;
    for (size_t i = 0; outs && regular && i < n; i++)
        any |= regular[i] = output_regular_file(paths[i], &outs[i]);
    int rc = outs && regular ? GT_OK
                             : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", n ? paths[0] : "-",
                                       strerror(ENOMEM));
    /* Each directory read once, each entry looked at once, whatever the
     * number of outputs (breaker round 30, F7: a --templates of 200 000
     * files took 13 s, an entry looked at for every output, deaf). */
    for (size_t i = 0; rc == GT_OK && any && i < dirs->n; i++)
        for (int lang_dir = 0; rc == GT_OK && lang_dir < 2; lang_dir++) {
            const char *sub = lang_dir ? "lang/" : "";
            char where[PATH_MAX];
            if ((size_t)snprintf(where, sizeof where, "%s/%s", dirs->dir[i], sub) >= sizeof where)
                continue;
            DIR *d = opendir(where);
            for (struct dirent *e; rc == GT_OK && d;) {
                /* An entry that cannot be read may be the template an
                 * output would replace: said, not passed over (breaker
                 * round 53, F1's sibling). */
                errno = 0;
                if (!(e = readdir(d))) {
                    if (errno)
                        rc = gt_fail(err, GT_ERR_RUNTIME, "%.*s: reading its entries: %s",
                                     (int)strlen(where) - 1, where, strerror(errno));
                    break;
                }
                if (interrupt_signal) {
                    rc = interrupt_fail(err, stop_name);
                    break;
                }
                /* With one language, the other's file is not read. */
                if (lang_dir && lang && (strncmp(e->d_name, lang, strlen(lang)) != 0 ||
                                         strcmp(e->d_name + strlen(lang), ".json") != 0))
                    continue;
                char name[PATH_MAX];
                struct stat st;
                if ((size_t)snprintf(name, sizeof name, "%s%s", sub, e->d_name) >= sizeof name ||
                    !reads(name) || fstatat(dirfd(d), e->d_name, &st, 0) != 0)
                    continue;
                for (size_t k = 0; rc == GT_OK && k < n; k++)
                    /* Only the file the search path gives for its name is read. */
                    if (regular[k] && st.st_dev == outs[k].st_dev &&
                        st.st_ino == outs[k].st_ino)
                        rc = check_not_template_file(paths[k], dirs, name,
                                                     lang_dir ? "the language file"
                                                              : "the template",
                                                     named, err);
            }
            if (d)
                closedir(d);
        }
    free(outs);
    free(regular);
    return rc;
}

int table_params_apply(const struct option_value param[PARAM__N],
                       const struct table_param_spec *params, const char *kind,
                       const char *name, struct table_args *args, struct gt_error *err)
{
    for (int p = 0; p < PARAM__N; p++) {
        /* --start A,B: both numbers are the option of PARAM_START_A. */
        const struct option_value *v = &param[p == PARAM_START_B ? PARAM_START_A : p];
        int part = p == PARAM_START_B;
        uint64_t value = v->number[part];
        if (!v->given)
            continue;
        /* Digits past 2^64-1 (read as 2^64-1): past every range, said as given. */
        if (v->past[part] && params[p].accepted) {
            const char *comma = strchr(v->text, ',');
            const char *digits = part == 1 ? comma + 1 : v->text;
            int n = part == 0 && comma ? (int)(comma - v->text) : (int)strlen(digits);
            char range[64];
            return gt_fail(err, GT_ERR_USAGE, "--%s: %.*s is out of range for %s %s (%s)",
                           table_param_name((enum table_param)p), n, digits, kind, name,
                           table_param_range(&params[p], range, sizeof range));
        }
        if (table_param_check(params, kind, name, (enum table_param)p, value, err) != GT_OK)
            return GT_ERR_USAGE;
        args->param[p] = value;
    }
    return GT_OK;
}

/* ---- help ---------------------------------------------------------------- */

unsigned default_jobs(void)
{
    /* The CPUs gametab may run on (taskset, a cgroup's cpuset, a batch
     * job's share of a node), as nproc counts them; the online ones when
     * the mask cannot be read. */
    cpu_set_t set;
    long n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                          : sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > GZCHUNKS_JOBS_MAX ? GZCHUNKS_JOBS_MAX : (unsigned)n;
}


void print_version(void)
{
    printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
}

/* One line per parameter of a table or a figure, by the kind of its option
 * (table_param_options): its meaning here, default and range, and the LaTeX
 * limit (tex_note names the case). */
void print_params(FILE *f, const struct table_param_spec *params, const char *tex_note)
{
    for (int p = 0; p < PARAM__N; p++) {
        const struct table_param_spec *s = &params[p];
        const struct option_spec *o = &table_param_options[p];
        if (!s->accepted || !o->name)
            continue;
        switch (o->kind) {
        case OPTION_NEGATABLE: fprintf(f, "    --no-%s: %s", o->name, s->help); break;
        case OPTION_PAIR: /* the second number is the next parameter's */
            fprintf(f, "    --%s %s: %s; default %" PRIu64 ",%" PRIu64 ", each %" PRIu64 "..%" PRIu64,
                    o->name, o->metavar, s->help, s->def, params[p + 1].def, s->min, s->max);
            break;
        default: {
            char range[64];
            fprintf(f, "    --%s: %s; default %" PRIu64 ", %s", o->name, s->help, s->def,
                    table_param_range(s, range, sizeof range));
        }
        }
        if (s->tex_max)
            fprintf(f, ", at most %" PRIu64 " %s", s->tex_max, tex_note);
        fprintf(f, "\n");
    }
}
