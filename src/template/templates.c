#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <search.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/limit.h"
#include "base/text.h"
#include "base/utf8.h"
#include "io/files.h"
#include "io/foreign.h"
#include "template/mustache.h"
#include "template/templates.h"

/* True when the running binary sits in the build directory it was built in:
 * then the templates come from the source tree beside it. */
static bool running_uninstalled(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    char *built = realpath(GAMETAB_BUILDDIR, NULL);
    bool same = built && strcmp(built, exe) == 0;
    free(built);
    return same;
}

static int check_directory(const char *what, const char *dir, int status, struct gt_error *err)
{
    /* a closed descriptor's name, and a standard one's /dev/null: said as
     * for build's DIR (breaker round 36, F6) */
    int closed = descriptor_closed(dir, NULL);
    if (closed >= 0)
        return gt_fail(err, status, "%s: %s: %s: " DESCRIPTOR_NOT_OPEN_DIR, what, dir,
                       strerror(EBADF), closed, closed);
    struct stat st;
    if (stat(dir, &st) != 0)
        return gt_fail(err, status, "%s: %s: %s", what, dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return gt_fail(err, status, "%s: %s: %s", what, dir, strerror(ENOTDIR));
    return GT_OK;
}

int template_dirs_init(struct template_dirs *d, const char *explicit_dir, struct gt_error *err)
{
    d->n = 0;
    if (explicit_dir) {
        if (check_directory("--templates", explicit_dir, GT_ERR_USAGE, err) != GT_OK)
            return GT_ERR_USAGE;
        d->dir[d->n++] = explicit_dir;
    }
    const char *env = getenv("GAMETAB_TEMPLATES");
    if (env && *env) {
        /* the user's setting, as --templates and the limits' variables */
        if (check_directory("GAMETAB_TEMPLATES", env, GT_ERR_USAGE, err) != GT_OK)
            return GT_ERR_USAGE;
        d->dir[d->n++] = env;
    }
    d->dir[d->n++] = template_builtin_dir();
    return GT_OK;
}

const char *template_builtin_dir(void)
{
    return running_uninstalled() ? GAMETAB_SRC_TEMPLATES : GAMETAB_DATA_TEMPLATES;
}

/* The files read so far, by path: each is read once however often it is
 * asked for (render checks a template and its partials before it renders
 * them), so that a pipe, a FIFO or /dev/stdin gives the same text to both,
 * and a file changed in between cannot be checked in one form and
 * rendered in another.  Held until the process ends; found by a tree
 * lookup, as a template may have tens of thousands of partials. */
struct read_once {
    char *path, *text;
    size_t len;
};
static void *files_read; /* a tsearch tree of struct read_once, by path */

static int read_once_cmp(const void *a, const void *b)
{
    return strcmp(((const struct read_once *)a)->path, ((const struct read_once *)b)->path);
}

static int read_file_now(const char *path, char **text, size_t *len);

static struct stat data_stream;
static bool data_stream_given;

void template_data_stream(const struct stat *st)
{
    data_stream_given = st != NULL;
    if (st)
        data_stream = *st;
}

/* Reads a whole file into a NUL-terminated malloc'd buffer (the text read
 * the first time path was asked for); -1 with errno (EBADF for a closed
 * descriptor's name: descriptor_closed, whose /dev/null would read as an
 * empty template; EDEADLK for a pipe this process writes to:
 * descriptor_writing_pipe). */
static int read_file(const char *path, char **text, size_t *len)
{
    struct read_once key = {.path = (char *)path};
    void *seen = tfind(&key, &files_read, read_once_cmp);
    if (seen) {
        const struct read_once *r = *(struct read_once **)seen;
        *text = malloc(r->len + 1);
        if (!*text) {
            errno = ENOMEM;
            return -1;
        }
        memcpy(*text, r->text, r->len + 1);
        *len = r->len;
        return 0;
    }
    if (descriptor_closed(path, NULL) >= 0) {
        errno = EBADF;
        return -1;
    }
    /* A pipe this process writes to (a link to /dev/fd/3 with 3>&1): its
     * read would wait for ever (breaker round 38, F1). */
    struct stat st;
    bool found = stat(path, &st) == 0;
    if (found && descriptor_writing_pipe(&st) >= 0) {
        errno = EDEADLK;
        return -1;
    }
    /* The data's stream, which a read here would take (round 38, F3). */
    if (found && data_stream_given && !S_ISREG(st.st_mode) &&
        !S_ISDIR(st.st_mode) && st.st_dev == data_stream.st_dev &&
        st.st_ino == data_stream.st_ino) {
        errno = ESPIPE;
        return -1;
    }
    if (read_file_now(path, text, len) != 0)
        return -1;
    struct read_once *r = malloc(sizeof *r);
    char *keep = malloc(*len + 1);
    char *name = strdup(path);
    if (r && keep && name) {
        memcpy(keep, *text, *len + 1);
        *r = (struct read_once){.path = name, .text = keep, .len = *len};
        if (tsearch(r, &files_read, read_once_cmp) != NULL)
            return 0;
    }
    free(r);
    free(keep);
    free(name);
    free(*text);
    errno = ENOMEM;
    return -1;
}

/* Reads a whole file, of at most TEMPLATE_SIZE_MAX bytes (EFBIG past it),
 * into a NUL-terminated malloc'd buffer; -1 with errno.  It stops at the
 * first block holding a NUL byte: the text is refused then, with the NUL's
 * line and column, and /dev/zero is not read for 16 MiB to say so. */
static int read_file_now(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    /* Room for one byte past the limit, to tell a file of the limit's
     * size from a longer one, and the NUL. */
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int e = ENOMEM;
    while (buf) {
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        bool nul = memchr(buf + n, '\0', got) != NULL;
        n += got;
        if (ferror(f)) {
            e = errno ? errno : EIO;
            free(buf);
            buf = NULL;
        } else if (n > TEMPLATE_SIZE_MAX) {
            e = EFBIG;
            free(buf);
            buf = NULL;
        } else if (n < cap - 1 || nul) {
            break;
        } else {
            cap = cap > TEMPLATE_SIZE_MAX / 2 ? (size_t)TEMPLATE_SIZE_MAX + 2 : cap * 2;
            char *bigger = realloc(buf, cap);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        errno = e;
        return -1;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}


static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void template_names_free(char **names, size_t n)
{
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}

char **template_names(const struct template_dirs *d, size_t *n)
{
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    for (size_t i = 0; i < d->n; i++) {
        DIR *dir = opendir(d->dir[i]);
        struct dirent *e;
        while (dir && (e = readdir(dir)) != NULL) {
            struct stat st;
            char *path = e->d_name[0] == '.' ? NULL : path_join(d->dir[i], e->d_name);
            bool file = path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
            free(path);
            if (!file)
                continue;
            if (*n == cap) {
                char **more = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
                if (!more)
                    break;
                names = more;
            }
            if ((names[*n] = strdup(e->d_name)) == NULL)
                break;
            ++*n;
        }
        if (dir)
            closedir(dir);
    }
    if (*n == 0)
        return names;
    qsort(names, *n, sizeof *names, name_cmp);
    size_t kept = 1; /* each once: a name of two directories */
    for (size_t i = 1; i < *n; i++) {
        if (strcmp(names[i], names[kept - 1]) == 0)
            free(names[i]);
        else
            names[kept++] = names[i];
    }
    *n = kept;
    return names;
}

const char *const latex_extensions[] = {"tex", "ltx", "latex", NULL};

bool template_is_latex(const char *name)
{
    size_t len = strlen(name);
    for (const char *const *ext = latex_extensions; *ext; ext++) {
        size_t n = strlen(*ext);
        if (len > n && name[len - n - 1] == '.' && strcasecmp(name + len - n, *ext) == 0)
            return true;
    }
    return false;
}

int template_read_fail(struct gt_error *err, const char *name, int e)
{
    if (e == EFBIG)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: " TEMPLATE_TOO_LARGE, name);
    if (e == ENOLINK)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: " DANGLING_LINK, name);
    if (e == EDEADLK)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: " OWN_PIPE, name);
    if (e == ESPIPE)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: " DATA_STREAM, name);
    bool under;
    int closed = descriptor_closed(name, &under);
    if (closed >= 0)
        return gt_fail(err, GT_ERR_RUNTIME,
                       under ? "%s: %s: " DESCRIPTOR_NOT_OPEN_DIR
                             : "%s: %s: " DESCRIPTOR_NOT_OPEN("<"),
                       name, strerror(EBADF), closed, closed);
    return interrupt_fail_errno(err, name, e);
}

int template_find(const struct template_dirs *d, const char *name, char **path)
{
    *path = NULL;
    for (size_t i = 0; i < d->n; i++) {
        char *p = path_join(d->dir[i], name);
        if (!p)
            return -1;
        struct stat st;
        if (stat(p, &st) == 0) {
            *path = p;
            return 0;
        }
        if (errno != ENOENT && errno != ENOTDIR) {
            *path = p;
            return -1;
        }
        int blocked = path_blocked_on_the_way(p, strlen(p) - strlen(name));
        if (blocked) {
            *path = p;
            errno = blocked;
            return -1;
        }
        free(p);
    }
    return 1;
}

/* template_find, then the file read: 0 found and read, 1 in no directory,
 * -1 error with errno and *path the culprit. */
static int find_and_read(const struct template_dirs *d, const char *name, char **text,
                         size_t *len, char **path)
{
    int rc = template_find(d, name, path);
    if (rc != 0)
        return rc;
    if (read_file(*path, text, len) != 0)
        return -1;
    return 0;
}

int template_read(const struct template_dirs *d, const char *name, char **text,
                  size_t *len, char **path, struct gt_error *err)
{
    *path = NULL;
    int rc = find_and_read(d, name, text, len, path);
    if (rc == 0)
        return GT_OK;
    if (rc < 0) {
        rc = template_read_fail(err, *path ? *path : name, errno);
        free(*path);
        *path = NULL;
        return rc;
    }
    char dirs[512] = "";
    for (size_t i = 0; i < d->n; i++)
        snprintf(dirs + strlen(dirs), sizeof dirs - strlen(dirs), "%s%s", i ? ", " : "", d->dir[i]);
    /* a language file is no template (breaker round 59: "template
     * lang/ru.json: not found") */
    return gt_fail(err, GT_ERR_RUNTIME, "%s %s: not found in %s",
                   strncmp(name, "lang/", 5) == 0 ? "language file" : "template", name, dirs);
}

/* Partials are found like templates: by their name, or by their name with
 * the extension of the template that includes them ({{> row}} in a .tex
 * template may be row.tex). */
struct partial_file {
    struct partial_file *next;
    char *name, *path; /* as named in the template; where it was read */
};

struct partial_lookup {
    const struct template_dirs *dirs;
    const char *ext;
    struct partial_file *files; /* to name the file in error messages */
    const struct output *out;   /* where the rendering goes */
    const struct template_targets *targets; /* or, before it is opened, the files
                                               it goes to, or NULL */
    const char *clash;          /* a partial's file that out would replace, or NULL */
    bool clash_held;            /* that file one of targets->holds's */
    const char *unusable;       /* a partial's file that is no template, or NULL */
    char why[192];              /* what it is, after its name (text_unusable) */
};

/* Why text[0..len), the whole file of a template, partial or language
 * file (kind), can't be one, written to why as what follows the file's name in a message
 * (":3:7: NUL byte in the template", ": xz-compressed data: unxz it
 * first", ": binary data (...), not a template" when its first bytes are
 * binary_bytes); false when it can.  Bytes that are not UTF-8, copied raw into
 * the output, would make a .tex file that inputenc refuses, or HTML of
 * another encoding; a NUL would end a partial's name early. */
static bool text_unusable(const char *text, size_t len, const char *kind, char *why,
                          size_t size)
{
    const struct foreign *f = foreign_bytes((const unsigned char *)text, len);
    /* gzip, which only data may be (the CSV reader inflates it) */
    if (!f && len >= 2 && (unsigned char)text[0] == 0x1F && (unsigned char)text[1] == 0x8B) {
        snprintf(why, size, ": gzip-compressed data: gunzip it first (only the data may be gzip)");
        return true;
    }
    if (f) {
        if (f->how)
            snprintf(why, size, ": %s: %s", f->what, f->how);
        else /* a partial is a template too */
            snprintf(why, size, ": %s: not a %s", f->what,
                     strcmp(kind, "partial") == 0 ? "template" : kind);
        return true;
    }
    unsigned line, col;
    for (size_t i = 0, n; i < len; i += n) {
        uint32_t cp;
        n = utf8_decode((const unsigned char *)text + i, len - i, &cp);
        if (n == 0 || cp == 0) {
            mustache_position(text, i, &line, &col);
            if (binary_bytes((const unsigned char *)text, len))
                snprintf(why, size,
                         ": binary data (control bytes and bytes that are not UTF-8 in its "
                         "first %d), not a %s",
                         BINARY_BYTES, strcmp(kind, "partial") == 0 ? "template" : kind);
            else if (n == 0)
                snprintf(why, size, ":%u: invalid UTF-8 " UTF8_CONVERT_HINT, line);
            else
                snprintf(why, size, ":%u:%u: NUL byte in the %s", line, col, kind);
            return true;
        }
    }
    return false;
}

/* Whether out ("-": standard output) is the regular file at path, by
 * device and inode. */
static bool same_regular_file(const char *out, const char *path)
{
    struct stat o, p;
    bool found = strcmp(out, "-") == 0 ? fstat(STDOUT_FILENO, &o) == 0 : stat(out, &o) == 0;
    return found && S_ISREG(o.st_mode) && stat(path, &p) == 0 && o.st_dev == p.st_dev &&
           o.st_ino == p.st_ino;
}

/* template_find for a partial's name, or, in no directory and without an
 * extension, for the name with the template's (a .tex template's {{>row}}
 * is row.tex). */
static int find_partial_file(const struct partial_lookup *pl, const char *name, char **path)
{
    int rc = template_find(pl->dirs, name, path);
    if (rc == 1 && pl->ext && !strchr(name, '.')) {
        char *with_ext = malloc(strlen(name) + strlen(pl->ext) + 1);
        if (!with_ext)
            return -1;
        strcpy(with_ext, name);
        strcat(with_ext, pl->ext);
        rc = template_find(pl->dirs, with_ext, path);
        free(with_ext);
    }
    return rc;
}

static int load_partial(void *ud, const char *name, char **text, size_t *len)
{
    struct partial_lookup *pl = ud;
    char *path = NULL;
    int rc = find_partial_file(pl, name, &path);
    if (rc == 0 && read_file(path, text, len) != 0)
        rc = -1;
    char why[sizeof pl->why];
    bool bad = rc == 0 && text_unusable(*text, *len, "partial", why, sizeof why);
    if (bad) {
        free(*text);
        *text = NULL;
        errno = EILSEQ;
        rc = -1;
    }
    /* -o naming a partial would replace it with its own rendering. */
    const struct template_targets *t = pl->targets;
    bool held = rc == 0 && path && t && t->holds && t->holds(path, t->ud);
    bool clash = held || (rc == 0 && path &&
                          ((pl->out && output_replaces(pl->out, path)) ||
                           (t && t->out_path && same_regular_file(t->out_path, path))));
    if (clash) {
        free(*text);
        *text = NULL;
        errno = EEXIST;
        rc = -1;
    }
    struct partial_file *f = path ? malloc(sizeof *f) : NULL;
    if (f && (f->name = strdup(name)) != NULL) {
        f->path = path;
        f->next = pl->files;
        pl->files = f;
        if (clash) {
            pl->clash = path;
            pl->clash_held = held;
        }
        if (bad && !pl->unusable) {
            pl->unusable = path;
            memcpy(pl->why, why, sizeof why);
        }
    } else {
        free(f);
        free(path);
    }
    return rc;
}

/* What load_partial would read for name, as "DEVICE:INODE": one file
 * named many ways ("p", "./p", "sub/../p", a link) is loaded and parsed
 * once (mustache.h, partial_key); 1 when none is found (load_partial says
 * why). */
static int partial_key(void *ud, const char *name, char **key)
{
    char *path = NULL;
    int rc = find_partial_file(ud, name, &path);
    struct stat st;
    if (rc != 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        free(path);
        return 1;
    }
    free(path);
    char id[64];
    snprintf(id, sizeof id, "%ju:%ju", (uintmax_t)st.st_dev, (uintmax_t)st.st_ino);
    *key = strdup(id);
    return *key ? 0 : -1;
}

/* The file a partial's name was read from, or the name itself. */
static const char *partial_path(const struct partial_lookup *pl, const char *name)
{
    for (const struct partial_file *f = pl->files; f; f = f->next)
        if (strcmp(f->name, name) == 0)
            return f->path;
    return name;
}

static void free_partial_files(struct partial_lookup *pl)
{
    while (pl->files) {
        struct partial_file *next = pl->files->next;
        free(pl->files->name);
        free(pl->files->path);
        free(pl->files);
        pl->files = next;
    }
}

/* Where the engine's output goes: straight on to the output, whose error
 * (a full disk, a stop request) is kept for the message. */
struct render_sink {
    struct output *out;
    struct gt_error *err;
    bool failed;
};

static int render_sink_write(void *ud, const char *buf, size_t len)
{
    struct render_sink *s = ud;
    if (output_write(s->out, buf, len, s->err) != GT_OK) {
        s->failed = true;
        return -1;
    }
    return 0;
}

/* The environment variables that set a limit (templates.h). */
static const char *const limit_names[] = {"GAMETAB_OUTPUT_MAX", "GAMETAB_TAGS_MAX",
                                          "GAMETAB_CELLS_MAX", "GAMETAB_DATA_MAX"};

int template_limits_check(struct gt_error *err)
{
    for (size_t i = 0; i < sizeof limit_names / sizeof limit_names[0]; i++)
        if (limit_check(limit_names[i], err) != GT_OK)
            return GT_ERR_USAGE;
    return GT_OK;
}

size_t template_output_max(void)
{
    return limit_from_environment("GAMETAB_OUTPUT_MAX", TEMPLATE_OUTPUT_MAX);
}

size_t template_tags_max(void)
{
    return limit_from_environment("GAMETAB_TAGS_MAX", TEMPLATE_TAGS_MAX);
}

size_t template_cells_max(void)
{
    return limit_from_environment("GAMETAB_CELLS_MAX", TEMPLATE_CELLS_MAX);
}

size_t template_data_max(void)
{
    return limit_from_environment("GAMETAB_DATA_MAX", TEMPLATE_DATA_MAX);
}

/* A template's declarations to gametab: comments that start with
 * "gametab:" (templates.h), in the template and in every partial it names,
 * read before anything is rendered (mustache_scan).  The first that refuses
 * the context, or that is not a declaration gametab knows, ends the scan. */
struct declarations {
    size_t ncolumns;     /* the context's columns */
    bool render;         /* render's check (template_check): "filled by" refuses */
    enum {
        DECL_OK,
        DECL_PASSED,
        DECL_RANGE,
        DECL_UNKNOWN,
        DECL_FILLED_BY,
        DECL_FILLED_BY_NONE /* "filled by" a command that fills no template */
    } verdict;
    size_t columns_max;  /* DECL_PASSED: the declared limit */
    char why[200];       /* its reason, as the template gives it; DECL_FILLED_BY:
                            the command */
    char text[80];       /* DECL_RANGE, DECL_UNKNOWN, DECL_FILLED_BY_NONE: the
                            comment, for the message */
};

static bool line_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* s[0, n) less the blanks and line ends at either end, a no-break space
 * and the other blanks past ASCII among them (utf8_blank_bytes: a
 * declaration after one was taken for no declaration, and rendered past
 * its limit: breaker round 56, F1). */
static void trim_span(const char **s, size_t *n)
{
    for (size_t k = 1; k > 0; *s += k, *n -= k)
        k = *n > 0 && line_blank(**s) ? 1 : utf8_blank_bytes(*s, *n);
    while (*n > 0) {
        size_t last = utf8_cut(*s, *n - 1); /* where the last character starts */
        if (line_blank((*s)[*n - 1]))
            (*n)--;
        else if (utf8_blank_bytes(*s + last, *n - last) == *n - last)
            *n = last;
        else
            break;
    }
}

/* Takes prefix from the start of s[0..n): its letters as written, each of
 * its spaces a run of one or more blanks, ASCII or not, as trim_span's
 * (breaker round 58, F6: `columns<U+00A0>at most 1` was "not a
 * declaration", the U+00A0 shown as the space it looks like). */
static bool take_prefix(const char **s, size_t *n, const char *prefix)
{
    const char *p = *s;
    size_t left = *n;
    for (; *prefix; prefix++) {
        if (*prefix != ' ') {
            if (left == 0 || *p != *prefix)
                return false;
            p++, left--;
            continue;
        }
        size_t k, blanks = 0;
        while ((k = left > 0 && line_blank(*p) ? 1 : utf8_blank_bytes(p, left)) > 0)
            p += k, left -= k, blanks++;
        if (blanks == 0)
            return false;
    }
    *s = p;
    *n = left;
    return true;
}

/* Copies src[0, len) into dst (size bytes) on one line: each run of blanks
 * and line ends one space, cut short, if it must, before a UTF-8
 * character, not within it.  exact: every space kept, tabs and line ends
 * written \t \n \r, so that what is quoted is what the template says. */
static void copy_line(char *dst, size_t size, const char *src, size_t len, bool exact)
{
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < size; i++) {
        char c = src[i];
        bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
        if (exact && blank && c != ' ') {
            if (k + 3 > size)
                break;
            dst[k++] = '\\';
            dst[k++] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
            continue;
        }
        if (!exact && blank && k > 0 && dst[k - 1] == ' ')
            continue;
        dst[k++] = blank ? ' ' : c;
    }
    if (k + 1 >= size) /* cut: drop a character left incomplete */
        while (k > 0 && ((unsigned char)dst[k - 1] & 0xC0) == 0x80)
            k--;
    if (k > 0 && ((unsigned char)dst[k - 1] & 0xC0) == 0xC0)
        k--;
    dst[k] = '\0';
}

/* Takes "gametab" as it reads, in any case, characters that show nothing
 * between its letters, then any blanks, then ':' (or the fullwidth colon
 * U+FF1A a Chinese keyboard types) off the front of s: a comment meant as
 * a declaration, however it is spelt ("game\u200btab:" was no declaration,
 * and a template rendered past its limit: breaker round 57, F3). */
static bool take_declaration_mark(const char **s, size_t *n)
{
    static const char mark[] = "gametab";
    size_t k = 0;
    for (size_t m = 0; m < sizeof mark - 1; m++) {
        for (size_t b = m > 0 ? utf8_invisible_bytes(*s + k, *n - k) : 0; b > 0;
             b = utf8_invisible_bytes(*s + k, *n - k))
            k += b;
        if (k == *n || tolower((unsigned char)(*s)[k]) != mark[m])
            return false;
        k++;
    }
    for (size_t b = 1; b > 0; k += b)
        b = k < *n && ((*s)[k] == ' ' || (*s)[k] == '\t') ? 1 : utf8_blank_bytes(*s + k, *n - k);
    size_t colon = k < *n && (*s)[k] == ':' ? 1
                   : *n - k >= 3 && memcmp(*s + k, "\xEF\xBC\x9A", 3) == 0 ? 3 /* U+FF1A */
                                                                             : 0;
    if (colon == 0)
        return false;
    *s += k + colon;
    *n -= k + colon;
    return true;
}

/* Whether s[0..n) starts with the name of a command that fills templates
 * with its own values, a word alone. */
static bool fills_templates(const char *s, size_t n)
{
    static const char *const commands[] = {"table", "figure", "build", "verify"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        size_t k = strlen(commands[i]);
        if (n >= k && memcmp(s, commands[i], k) == 0 &&
            (n == k || line_blank(s[k]) || utf8_blank_bytes(s + k, n - k) > 0))
            return true;
    }
    return false;
}

/* A comment of the template: "gametab: columns at most N[: why]" refuses a
 * context of more than N columns (N: 1 to SIZE_MAX); "gametab: filled by
 * COMMAND" marks a command's own template, which render refuses (its
 * context is the command's values, not a CSV's rows).  "GAMETAB :" and
 * the like are declarations too, checked as such. */
static int declaration(void *ud, const char *text, size_t len)
{
    struct declarations *d = ud;
    trim_span(&text, &len);
    if (!take_declaration_mark(&text, &len))
        return 0;
    const char *all = text;
    size_t all_len = len;
    trim_span(&all, &all_len);
    trim_span(&text, &len);
    if (take_prefix(&text, &len, "filled by ")) {
        trim_span(&text, &len);
        /* a command that fills templates, as the shipped ones name it
         * ("gametab table NAME --format tex"), or the mark is misspelt:
         * its advice to run it would lead nowhere (breaker round 58, F8:
         * `filled by tabel wythoff-game`, `filled by render`) */
        const char *command = text;
        size_t command_len = len;
        take_prefix(&command, &command_len, "gametab ");
        if (!fills_templates(command, command_len)) {
            d->verdict = DECL_FILLED_BY_NONE;
            copy_line(d->text, sizeof d->text, all, all_len, true);
            return -1;
        }
        if (!d->render)
            return 0;
        d->verdict = DECL_FILLED_BY;
        copy_line(d->why, sizeof d->why, text, len, false);
        return -1;
    }
    size_t digits = 0;
    size_t n = 0;
    bool over = false;
    if (take_prefix(&text, &len, "columns at most "))
        for (; digits < len && text[digits] >= '0' && text[digits] <= '9'; digits++) {
            unsigned v = (unsigned)(text[digits] - '0');
            over = over || n > (SIZE_MAX - v) / 10;
            n = n * 10 + v;
        }
    const char *rest = text + digits;
    size_t rest_len = len - digits;
    if (digits == 0 || (rest_len > 0 && *rest != ':')) {
        d->verdict = DECL_UNKNOWN;
        copy_line(d->text, sizeof d->text, all, all_len, true);
        return -1;
    }
    if (n == 0 || over) {
        d->verdict = DECL_RANGE;
        copy_line(d->text, sizeof d->text, all, all_len, true);
        return -1;
    }
    if (d->ncolumns <= n)
        return 0;
    if (rest_len > 0)
        rest++, rest_len--;
    trim_span(&rest, &rest_len);
    d->verdict = DECL_PASSED;
    d->columns_max = n;
    copy_line(d->why, sizeof d->why, rest, rest_len, false);
    return -1;
}

/* Whether line[0..n), a template's text before a tag, is a TeX comment
 * whatever the context: it starts, after blanks, with %.  A % later on
 * the line may be the output of a section ({{^rows}}%{{/rows}}) or
 * verbatim (\verb|%|): not taken as a comment. */
static bool tex_comment(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i < n && line[i] == '%';
}

/* What note_name notes, and checks the names against. */
struct name_check {
    struct template_needs *needs;
    json_t *lang;  /* the language strings {{lang.NAME}} looks up, or NULL */
    char bad[128]; /* the name not found there: "lang.answerz" */
};

/* Whether the dotted name[0..len) ("caption", "a.b") names a value in
 * object, a member of a member for each dot. */
static bool names_member(json_t *object, const char *name, size_t len)
{
    json_t *v = object;
    for (size_t at = 0; v && at <= len;) {
        size_t k = at;
        while (k < len && name[k] != '.')
            k++;
        v = json_object_getn(v, name + at, k - at);
        at = k + 1;
    }
    return v != NULL;
}

/* Notes the context keys a template may look up: a tag name's first part
 * ("blocks" of "blocks.0" or "blocks", "lang" of "lang.caption"), and
 * "file", as set or in a TeX comment (its line starts with %).  Refuses
 * (1) a "lang.NAME" whose NAME the language strings lack: it would render
 * empty, as Mustache renders every name it does not find, and a misspelt
 * string would go unseen (breaker round 33). */
static int note_name(void *ud, const char *name, size_t len, const char *line,
                     size_t line_len)
{
    struct name_check *check = ud;
    struct template_needs *needs = check->needs;
    size_t k = 0;
    while (k < len && name[k] != '.')
        k++;
    if (k == 6 && memcmp(name, "blocks", 6) == 0)
        needs->blocks = true;
    if (k == 4 && memcmp(name, "lang", 4) == 0)
        needs->lang = true;
    if (k == 4 && memcmp(name, "file", 4) == 0) {
        if (tex_comment(line, line_len))
            needs->file_in_comment = true;
        else
            needs->file = true;
    }
    if (check->lang && k == 4 && len > 5 && memcmp(name, "lang", 4) == 0 &&
        !names_member(check->lang, name + 5, len - 5)) {
        snprintf(check->bad, sizeof check->bad, "%.*s", (int)len, name);
        return 1;
    }
    return 0;
}

/* Reads the template text read from path, and every partial it names
 * (looked up in dirs), checking their declarations against a context of
 * ncolumns columns, their {{lang.NAME}} against lang (or ctx's lang; none
 * when both are NULL), and noting in needs what they use (unless checked:
 * that was done, by template_check); then, unless ctx is NULL, renders it
 * with ctx.  The escaping follows the name: LaTeX for
 * .tex, HTML otherwise.  The output streams on to out as it is made:
 * memory does not grow with it. */
static int render_text(const struct template_dirs *dirs, const char *path, const char *text,
                       size_t len, size_t ncolumns, json_t *lang, json_t *ctx,
                       struct output *out, const struct template_targets *targets,
                       struct template_needs *needs, bool checked, struct gt_error *err)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    struct partial_lookup pl = {dirs, strrchr(base, '.'), NULL, out, targets, NULL, false,
                                NULL, ""};
    struct template_needs ignored;
    struct name_check names = {needs ? needs : &ignored,
                               lang ? lang : json_object_get(ctx, "lang"), ""};
    if (!json_is_object(names.lang))
        names.lang = NULL;
    /* template_check is render's, and only it passes needs */
    struct declarations decl = {.ncolumns = ncolumns, .render = needs != NULL};
    struct mustache_options opt = {
        .escape =
            template_is_latex(path) ? MUSTACHE_ESCAPE_LATEX : MUSTACHE_ESCAPE_HTML,
        .partial = load_partial,
        .partial_key = partial_key,
        .partial_ud = &pl,
        .strict_partials = 1,
        .source_name = path,
        .stop = &interrupt_signal,
        .max_output = template_output_max(),
        .max_steps = template_tags_max(),
        .comment = declaration,
        .comment_ud = &decl,
        .name = note_name,
        .name_ud = &names,
    };
    struct mustache_error merr = {0};
    char why[sizeof pl.why];
    if (text_unusable(text, len, "template", why, sizeof why))
        return gt_fail(err, GT_ERR_RUNTIME, "%s%s", path, why);
    struct render_sink sink = {out, err, false};
    /* Every partial's declarations count, rendered or not: read them all
     * first, and then render (the declarations already checked). */
    int rc = checked ? MUSTACHE_OK : mustache_scan(text, len, &opt, &merr);
    if (rc == MUSTACHE_OK && ctx) {
        opt.comment = NULL;
        rc = mustache_render(text, len, ctx, &opt, render_sink_write, &sink, &merr);
    }
    const char *where = strcmp(merr.source, path) == 0 ? path : partial_path(&pl, merr.source);
    if (rc == MUSTACHE_OK)
        rc = GT_OK;
    else if (sink.failed)
        rc = GT_ERR_RUNTIME; /* err says why */
    else if (rc == MUSTACHE_ERR_IO && pl.clash && pl.clash_held)
        rc = gt_fail(err, GT_ERR_USAGE,
                     "%s is a file build writes, and also a partial of %s: build into another "
                     "directory, or move the partial",
                     pl.clash, path);
    else if (rc == MUSTACHE_ERR_IO && pl.clash)
        rc = (out ? strcmp(output_name(out), "standard output") == 0
                  : strcmp(targets->out_path, "-") == 0)
                 ? gt_fail(err, GT_ERR_USAGE,
                           "standard output is also the partial %s of %s: write to another file",
                           pl.clash, path)
                 : gt_fail(err, GT_ERR_USAGE,
                           "-o: %s is also a partial of %s: write to another file", pl.clash,
                           path);
    else if (rc == MUSTACHE_ERR_IO && pl.unusable) /* said as for the template */
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s%s", pl.unusable, pl.why);
    else if (rc == MUSTACHE_ERR_STOPPED || (rc == MUSTACHE_ERR_IO && errno == EINTR &&
                                            interrupt_signal))
        rc = interrupt_fail(err, path);
    else if (rc == MUSTACHE_ERR_REFUSED && names.bad[0]) {
        char buf[64];
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s:%u:%u: %s: %s has no string \"%s\" (it would render empty)", where,
                     merr.line, merr.col, names.bad,
                     lang_strings_path(names.lang, "LANG", buf, sizeof buf), names.bad + 5);
    } else if (rc == MUSTACHE_ERR_REFUSED && decl.verdict == DECL_PASSED)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %zu columns: the template takes at most %zu%s%s%s",
                     where, decl.ncolumns, decl.columns_max, *decl.why ? " (" : "", decl.why,
                     *decl.why ? ")" : "");
    else if (rc == MUSTACHE_ERR_REFUSED && decl.verdict == DECL_FILLED_BY)
        rc = gt_fail(err, GT_ERR_USAGE,
                     "%s: the template of `%s`, which fills it with its own values, not a "
                     "CSV's rows (render would leave every value out): run that command "
                     "(--templates DIR for your copy)",
                     where, decl.why);
    else if (rc == MUSTACHE_ERR_REFUSED && decl.verdict == DECL_FILLED_BY_NONE)
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s:%u:%u: '%s': names no command of gametab's that fills a template "
                     "(gametab: filled by gametab table, figure, build or verify)",
                     where, merr.line, merr.col, decl.text);
    else if (rc == MUSTACHE_ERR_REFUSED && decl.verdict == DECL_RANGE)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s:%u:%u: '%s': N is out of range (1..%zu)", where,
                     merr.line, merr.col, decl.text, (size_t)SIZE_MAX);
    else if (rc == MUSTACHE_ERR_REFUSED)
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s:%u:%u: '%s': not a declaration gametab knows (gametab: columns at "
                     "most N)",
                     where, merr.line, merr.col, decl.text);
    else if (rc == MUSTACHE_ERR_LIMIT && strncmp(merr.message, "output", 6) == 0)
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s: output larger than %zu byte%s (the limit of a rendered template: "
                     "GAMETAB_OUTPUT_MAX=BYTES raises it)",
                     path, opt.max_output, opt.max_output == 1 ? "" : "s");
    else if (rc == MUSTACHE_ERR_LIMIT)
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s: more than %zu %s rendered (the limit of a render: "
                     "GAMETAB_TAGS_MAX=N raises it)",
                     path, opt.max_steps, opt.max_steps == 1 ? "tag or text" : "tags and texts");
    else if (merr.line > 0)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s:%u:%u: %s%s%s", where, merr.line, merr.col,
                     merr.message, rc == MUSTACHE_ERR_IO ? ": " : "",
                     rc != MUSTACHE_ERR_IO ? ""
                     : errno == EFBIG      ? TEMPLATE_TOO_LARGE
                     : errno == ENOLINK    ? DANGLING_LINK
                     : errno == EDEADLK    ? OWN_PIPE
                     : errno == ESPIPE     ? DATA_STREAM
                                           : strerror(errno));
    else
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path,
                     rc == MUSTACHE_ERR_NOMEM ? strerror(ENOMEM) : merr.message);
    free_partial_files(&pl);
    return rc;
}

/* Reads template name (is_path: the file at that path, its partials looked
 * up beside it first, then in d; else searched for in d, its partials in
 * d's order, as the shipped templates' are: a partial of --templates DIR
 * restyles one that a template found further on includes) and hands it to
 * render_text. */
static int read_and_render(const struct template_dirs *d, const char *name, bool is_path,
                           size_t ncolumns, json_t *lang, json_t *ctx, struct output *out,
                           const struct template_targets *targets,
                           struct template_needs *needs, bool checked, struct gt_error *err)
{
    char *text, *path = NULL, *dir = NULL;
    size_t len;
    struct template_dirs with_own = {.n = 1};
    if (!is_path) {
        if (template_read(d, name, &text, &len, &path, err) != GT_OK)
            return GT_ERR_RUNTIME;
        int rc =
            render_text(d, path, text, len, ncolumns, lang, ctx, out, targets, needs, checked, err);
        free(text);
        free(path);
        return rc;
    }
    if (read_file(name, &text, &len) != 0) {
        /* A symbolic link to nothing, at the name or on its way, said as
         * one, as in the search path (breaker round 57, F7: a dangling
         * ./table-booktabs.tex was "No such file or directory") */
        int e = errno;
        char *cut = e == ENOENT ? strdup(name) : NULL;
        int rc = cut && path_blocked_on_the_way(cut, 0) == ENOLINK
                     ? gt_fail(err, GT_ERR_RUNTIME,
                               "%s: a symbolic link to nothing (restore what it points to, or "
                               "remove the link)",
                               cut)
                     : template_read_fail(err, name, e);
        free(cut);
        return rc;
    }
    /* Partials: beside the template first, then the usual directories. */
    dir = strdup(name);
    if (!dir) {
        free(text);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
    }
    char *slash = strrchr(dir, '/');
    with_own.dir[0] = slash ? (*slash = '\0', *dir ? dir : "/") : ".";
    for (size_t i = 0; i < d->n && with_own.n < TEMPLATE_DIRS_MAX; i++)
        with_own.dir[with_own.n++] = d->dir[i];
    int rc = render_text(&with_own, name, text, len, ncolumns, lang, ctx, out, targets, needs,
                         checked, err);
    free(dir);
    free(text);
    return rc;
}

int template_check(const struct template_dirs *d, const char *name, bool is_path,
                   size_t ncolumns, json_t *lang, struct output *out,
                   struct template_needs *needs, struct gt_error *err)
{
    *needs = (struct template_needs){0};
    /* out is only compared with the partials (load_partial): nothing is
     * written to it without a context. */
    return read_and_render(d, name, is_path, ncolumns, lang, NULL, out, NULL, needs, false, err);
}

int templates_parse(const struct template_dirs *d, const char *lang, const char *const names[],
                    size_t n, const struct template_targets *targets, struct gt_error *err)
{
    json_t *strings = NULL;
    if (lang && !(strings = lang_strings_load(d, lang, err)))
        return GT_ERR_RUNTIME;
    int rc = GT_OK;
    for (size_t i = 0; rc == GT_OK && i < n; i++)
        rc = read_and_render(d, names[i], false, 0, strings, NULL, NULL, targets, NULL, false,
                             err);
    json_decref(strings);
    return rc;
}

static size_t context_columns(json_t *ctx)
{
    return json_array_size(json_object_get(ctx, "columns"));
}

int template_render(const struct template_dirs *d, const char *name, json_t *ctx,
                    struct output *out, struct gt_error *err)
{
    return read_and_render(d, name, false, context_columns(ctx), NULL, ctx, out, NULL, NULL, false,
                           err);
}

int template_render_checked(const struct template_dirs *d, const char *name, bool is_path,
                            json_t *ctx, struct output *out, struct gt_error *err)
{
    return read_and_render(d, name, is_path, context_columns(ctx), NULL, ctx, out, NULL, NULL,
                           true, err);
}

const char *const template_languages[TEMPLATE_NLANGUAGES] = {"ru", "en"};

/* The key under which lang_strings_load keeps the path it read: with a
 * NUL byte, which no key of a file jansson reads can have (it refuses
 * them without JSON_ALLOW_NUL), so that no string of the file is hidden. */
static const char path_key[] = "\0path";

/* The name of a JSON value's type, as a message says it. */
static const char *json_type_word(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "object";
    case JSON_ARRAY: return "array";
    case JSON_STRING: return "string";
    case JSON_INTEGER:
    case JSON_REAL: return "number";
    case JSON_TRUE:
    case JSON_FALSE: return "true or false";
    default: return "null";
    }
}

static bool json_same_kind(const json_t *a, const json_t *b)
{
    return json_typeof(a) == json_typeof(b) || (json_is_number(a) && json_is_number(b)) ||
           (json_is_boolean(a) && json_is_boolean(b));
}

/* Checks that strings (a language file read from path) has every key of
 * builtin (the built-in file of its language) with a value of the same
 * JSON type, objects within it too (their keys said "outer.inner"); keys
 * beyond the built-in ones are allowed.  GT_ERR_RUNTIME naming the first
 * key, in the built-in file's order, that is missing or of another type. */
static int lang_strings_match(json_t *strings, json_t *builtin, const char *path,
                              const char *prefix, struct gt_error *err)
{
    const char *key;
    json_t *want;
    json_object_foreach(builtin, key, want) {
        json_t *got = json_object_get(strings, key);
        if (!got || !json_same_kind(got, want))
            return gt_fail(err, GT_ERR_RUNTIME, "%s: no %s \"%s%s\"", path, json_type_word(want),
                           prefix, key);
        if (json_is_object(want)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s%s.", prefix, key);
            if (lang_strings_match(got, want, path, inner, err) != GT_OK)
                return GT_ERR_RUNTIME;
        }
    }
    return GT_OK;
}

/* Parses a language file's text (a UTF-8 byte order mark at its start
 * skipped, as a spreadsheet or an editor may save it): an object, or NULL
 * with err naming path, line and column in plain words. */
/* A language file's text, handed to jansson by lang_feed_piece. */
struct lang_feed {
    const char *text;
    size_t len;
};

/* jansson's json_load_callback source: the next piece of the text into
 * buffer, 0 at its end, or (size_t)-1 (an error, which ends the parse) once
 * a stop request came. */
static size_t lang_feed_piece(void *buffer, size_t buflen, void *data)
{
    struct lang_feed *f = data;
    if (interrupt_signal)
        return (size_t)-1;
    size_t n = f->len < buflen ? f->len : buflen;
    memcpy(buffer, f->text, n);
    f->text += n;
    f->len -= n;
    return n;
}

static json_t *lang_strings_parse(const char *path, const char *text, size_t len,
                                  struct gt_error *err)
{
    /* What a template cannot be, a language file cannot either: said as
     * for a template, with the line and column of a NUL byte (which
     * jansson would call "end of file expected") and an encoding's hint. */
    char why[192];
    if (text_unusable(text, len, "language file", why, sizeof why)) {
        gt_fail(err, GT_ERR_RUNTIME, "%s%s", path, why);
        return NULL;
    }
    static const char bom[] = "\xEF\xBB\xBF";
    bool has_bom = len >= 3 && memcmp(text, bom, 3) == 0;
    if (has_bom) {
        text += 3;
        len -= 3;
    }
    json_error_t jerr;
    /* A key given twice is refused: jansson would keep the last, and an
     * edit of the first would do nothing.  Fed to jansson a piece at a
     * time, so that a stop request is heard (breaker round 31, F8: 16 MiB
     * of keys took 5 s, deaf). */
    struct lang_feed feed = {text, len};
    json_t *strings = json_load_callback(lang_feed_piece, &feed, JSON_REJECT_DUPLICATES, &jerr);
    if (!strings && interrupt_signal) {
        interrupt_fail(err, path);
        return NULL;
    }
    if (!strings) {
        /* The first line's columns count from after the mark. */
        int column = jerr.column + (has_bom && jerr.line == 1 ? 1 : 0);
        switch (json_error_code(&jerr)) {
        case json_error_null_character:
            gt_fail(err, GT_ERR_RUNTIME, "%s:%d:%d: \\u0000 (the NUL character) in a string: "
                    "a language file's strings cannot hold it", path, jerr.line, column);
            break;
        case json_error_null_byte_in_key:
            gt_fail(err, GT_ERR_RUNTIME, "%s:%d:%d: \\u0000 (the NUL character) in a key: "
                    "a language file's keys cannot hold it", path, jerr.line, column);
            break;
        case json_error_duplicate_key: {
            /* jansson says: duplicate object key near '"KEY"' */
            const char *key = strstr(jerr.text, "near '");
            int n = key ? (int)strlen(key += 6) - 1 : -1;
            if (n > 0)
                gt_fail(err, GT_ERR_RUNTIME, "%s:%d:%d: %.*s is given twice: remove one (only "
                        "the last would be used)", path, jerr.line, column, n, key);
            else
                gt_fail(err, GT_ERR_RUNTIME, "%s:%d:%d: %s", path, jerr.line, column, jerr.text);
            break;
        }
        default:
            gt_fail(err, GT_ERR_RUNTIME, "%s:%d:%d: %s", path, jerr.line, column, jerr.text);
        }
        return NULL;
    }
    if (!json_is_object(strings)) {
        gt_fail(err, GT_ERR_RUNTIME, "%s: not a JSON object", path);
        json_decref(strings);
        return NULL;
    }
    return strings;
}

/* The built-in language file of code (the last directory of d), checked
 * against strings read from path; GT_OK too when code has none. */
static int lang_strings_check(const struct template_dirs *d, const char *name, json_t *strings,
                              const char *path, struct gt_error *err)
{
    char *builtin_path = path_join(d->dir[d->n - 1], name);
    if (!builtin_path)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(ENOMEM));
    int rc = GT_OK;
    char *text;
    size_t len;
    if (strcmp(builtin_path, path) != 0 && read_file(builtin_path, &text, &len) == 0) {
        json_t *builtin = lang_strings_parse(builtin_path, text, len, err);
        rc = builtin ? lang_strings_match(strings, builtin, path, "", err) : GT_ERR_RUNTIME;
        json_decref(builtin);
        free(text);
    }
    free(builtin_path);
    return rc;
}

json_t *lang_strings_load(const struct template_dirs *d, const char *code, struct gt_error *err)
{
    char name[64], *text, *path;
    size_t len;
    snprintf(name, sizeof name, "lang/%s.json", code);
    if (template_read(d, name, &text, &len, &path, err) != GT_OK)
        return NULL;
    json_t *strings = lang_strings_parse(path, text, len, err);
    if (strings && lang_strings_check(d, name, strings, path, err) != GT_OK) {
        json_decref(strings);
        strings = NULL;
    }
    if (strings &&
        json_object_setn_new(strings, path_key, sizeof path_key - 1, json_string(path)) != 0) {
        gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(ENOMEM));
        json_decref(strings);
        strings = NULL;
    }
    free(text);
    free(path);
    return strings;
}

const char *lang_strings_path(json_t *strings, const char *code, char *buf, size_t size)
{
    const char *path = json_string_value(json_object_getn(strings, path_key, sizeof path_key - 1));
    if (path)
        return path;
    snprintf(buf, size, "lang/%s.json", code);
    return buf;
}

const char *lang_string(json_t *strings, const char *code, const char *key, struct gt_error *err)
{
    const char *text = json_string_value(json_object_get(strings, key));
    if (!text) {
        const char *path =
            json_string_value(json_object_getn(strings, path_key, sizeof path_key - 1));
        if (path)
            gt_fail(err, GT_ERR_RUNTIME, "%s: no string \"%s\"", path, key);
        else
            gt_fail(err, GT_ERR_RUNTIME, "lang/%s.json: no string \"%s\"", code, key);
    }
    return text;
}

/* The plural category of n in language code: "one", "few" or "many" (the
 * names of Unicode CLDR's categories; English has only one and many). */
static const char *plural_category(const char *code, uint64_t n)
{
    if (strcmp(code, "ru") == 0) {
        uint64_t d = n % 10, dd = n % 100;
        if (d == 1 && dd != 11)
            return "one";
        if (d >= 2 && d <= 4 && (dd < 12 || dd > 14))
            return "few";
        return "many";
    }
    return n == 1 ? "one" : "many";
}

const char *lang_count_word(json_t *strings, const char *code, const char *key, uint64_t n,
                            struct gt_error *err)
{
    char name[128];
    snprintf(name, sizeof name, "%s_%s", key, plural_category(code, n));
    return lang_string(strings, code, name, err);
}
