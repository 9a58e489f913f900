/* sink-pdf.c: a table as a complete LaTeX document, and as PDF (sink-pdf.h). */
#include <config.h>

#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/epoch.h"
#include "base/interrupt.h"
#include "base/limit.h"
#include "io/files.h"
#include "sinks/sink-pdf.h"

const struct context_page sink_tex_a4_page = {.text_width = 4550, .digit = 50};

/* Renders standalone.tex with ctx and "begin" or "end" set. */
static int standalone_part(const struct tex_options *opt, json_t *ctx, const char *part,
                           struct output *out, struct gt_error *err)
{
    if (json_object_set_new(ctx, "begin", json_boolean(strcmp(part, "begin") == 0)) != 0 ||
        json_object_set_new(ctx, "end", json_boolean(strcmp(part, "end") == 0)) != 0)
        return gt_fail(err, GT_ERR_RUNTIME, "standalone.tex: out of memory");
    return template_render(opt->dirs, "standalone.tex", ctx, out, err);
}

int sink_tex_document(const struct table_def *t, const struct table_args *args,
                      const struct tex_options *opt, struct output *out, struct gt_error *err)
{
    json_t *ctx = sink_tex_context(t, args, opt, err);
    if (!ctx)
        return gt_status(err);
    int rc = standalone_part(opt, ctx, "begin", out, err);
    if (rc == GT_OK)
        rc = template_render(opt->dirs, t->tex_template, ctx, out, err);
    if (rc == GT_OK)
        rc = standalone_part(opt, ctx, "end", out, err);
    json_decref(ctx);
    return rc;
}

/* The directories programs are looked for in: $PATH, or DEFAULT_PATH
 * when it is unset or empty.  latexmk gets the same (latex_env_init). */
#define DEFAULT_PATH "/usr/bin:/bin"
static const char *search_path(void)
{
    const char *path = getenv("PATH");
    return path && *path ? path : DEFAULT_PATH;
}

/* True when program is an executable file in a directory of search_path,
 * as execvp finds it: a directory of that name is not (breaker round 29,
 * F4: "latexmk did not finish" where latexmk was missing). */
static bool on_path(const char *program)
{
    const char *path = search_path();
    char dir[4096];
    while (*path) {
        size_t n = strcspn(path, ":");
        /* an empty element: the working directory, as for execvp */
        snprintf(dir, sizeof dir, "%.*s/%s", n ? (int)n : 1, n ? path : ".", program);
        struct stat st;
        if (stat(dir, &st) == 0 && S_ISREG(st.st_mode) && access(dir, X_OK) == 0)
            return true;
        path += n + (path[n] == ':');
    }
    return false;
}

/* Whether line is an error in pdflatex's file:line:error style
 * ("./doc.tex:88: Undefined control sequence.", file_line_error_style):
 * a path from '.' or '/', a line number, then the message.  *file_len is
 * the path's length, *number the line's digits (their count in
 * *number_len), *text the message. */
static bool file_line_error(const char *line, size_t *file_len, const char **number,
                            size_t *number_len, const char **text)
{
    if (line[0] != '.' && line[0] != '/')
        return false;
    for (const char *c = strchr(line, ':'); c; c = strchr(c + 1, ':')) {
        size_t digits = strspn(c + 1, "0123456789");
        if (digits > 0 && c[1 + digits] == ':' && c[2 + digits] == ' ') {
            *file_len = (size_t)(c - line);
            *number = c + 1;
            *number_len = digits;
            *text = c + 3 + digits;
            return true;
        }
    }
    return false;
}

/* Whether file[0, len) is an auxiliary file LaTeX writes beside the
 * document doc ("./doc.aux" of "doc.tex": .aux, .toc, .lof, .lot, .out),
 * a file of the removed temporary directory the user never sees: its
 * ending (".aux"), or NULL (breaker round 30, F9: "line 5 of
 * ./wythoff-beatty.aux"). */
static const char *auxiliary_file(const char *file, size_t len, const char *doc)
{
    static const char *const endings[] = {".aux", ".toc", ".lof", ".lot", ".out"};
    const char *dot = strrchr(doc, '.');
    size_t stem = dot ? (size_t)(dot - doc) : strlen(doc);
    if (len > 2 && strncmp(file, "./", 2) == 0)
        file += 2, len -= 2;
    if (len != stem + 4 || strncmp(file, doc, stem) != 0)
        return NULL;
    for (size_t i = 0; i < sizeof endings / sizeof *endings; i++)
        if (strncmp(file + stem, endings[i], 4) == 0)
            return endings[i];
    return NULL;
}

/* Into buf (size bytes), file[0, len), a file TeX names, by the name the
 * user knows: one through a link of the temporary directory tmp
 * (kpathsea_name's tmp/texinputs-I or tmp/home, gone with it) by the
 * link's target (breaker round 41, F3: an error in a file of "Math, grade
 * 7" was said at /tmp/gametab-pdf.XXXXXX/texinputs-0/macros.tex). */
static void user_file_name(const char *file, size_t len, const char *tmp, char *buf, size_t size)
{
    size_t t = strlen(tmp);
    bool below = len > t + 1 && strncmp(file, tmp, t) == 0 && file[t] == '/';
    const char *part = below ? file + t + 1 : NULL;
    const char *slash = part ? memchr(part, '/', len - t - 1) : NULL;
    char link[4300], target[4300];
    ssize_t n = -1;
    if (slash && (size_t)snprintf(link, sizeof link, "%s/%.*s", tmp, (int)(slash - part), part) <
                     sizeof link)
        n = readlink(link, target, sizeof target - 1);
    if (n > 0)
        snprintf(buf, size, "%.*s%.*s", (int)n, target, (int)(file + len - slash), slash);
    else
        snprintf(buf, size, "%.*s", (int)len, file);
}

/* The first error of a LaTeX log of the document doc (a file of the
 * working directory, the temporary directory tmp), into msg, with where it is: a line starting "! "
 * or pdfTeX's own "!pdfTeX error: " (as when it cannot write the PDF),
 * or one in file:line:error style, "FILE:N: ...".  The line is the
 * document's, "line N of what --format tex --standalone writes", with
 * the text up to the error from the "l.N ..." line that follows; or, for
 * an error in another file (one the template \input's, a package), "line
 * N of FILE"; in an auxiliary file (auxiliary_file), where its text came
 * from.  "" when there is none.  The log's lines are whole:
 * pdflatex runs with max_print_line=10000 (latex_env_init).  A longer
 * line is cut at 300 bytes. */
static void first_latex_error(const char *log, const char *doc, const char *tmp, char *msg,
                              size_t size)
{
    msg[0] = '\0';
    FILE *f = fopen(log, "r");
    if (!f)
        return;
    char line[512], where[300] = "";
    bool found = false, line_start = true;
    while (fgets(line, sizeof line, f)) {
        /* The rest of a line longer than the buffer is no line of its own. */
        bool start = line_start;
        line_start = strchr(line, '\n') != NULL;
        if (!start)
            continue;
        line[strcspn(line, "\n")] = '\0';
        size_t file_len, number_len;
        const char *number, *text;
        if (!found && (strncmp(line, "! ", 2) == 0 || strncmp(line, "!pdfTeX error: ", 15) == 0)) {
            snprintf(msg, size, "%.300s", line + (line[1] == ' ' ? 2 : 1));
            found = true;
        } else if (!found && file_line_error(line, &file_len, &number, &number_len, &text)) {
            snprintf(msg, size, "%.300s", text);
            found = true;
            /* Another file than the document: its line said with its name. */
            bool in_doc = (file_len == strlen(doc) && strncmp(line, doc, file_len) == 0) ||
                          (file_len == strlen(doc) + 2 && strncmp(line, "./", 2) == 0 &&
                           strncmp(line + 2, doc, file_len - 2) == 0);
            const char *aux = in_doc ? NULL : auxiliary_file(line, file_len, doc);
            if (aux)
                snprintf(where, sizeof where,
                         "in the %s file LaTeX writes from the document on its first run: "
                         "from a \\label, \\caption or title the template sets",
                         aux);
            else if (!in_doc) {
                char file[210];
                user_file_name(line, file_len, tmp, file, sizeof file);
                snprintf(where, sizeof where, "line %.*s of %s", (int)number_len, number, file);
            }
        } else if (found && strncmp(line, "l.", 2) == 0) {
            /* "l.88 \foobar": the line of the document, and its text up
             * to the error (the last 40 bytes, from a word's start: the
             * first space or backslash of the cut, if any; breaker round
             * 45, F12: "at ckageError").  The document is what --format
             * tex --standalone writes, not the template the user edits:
             * said so. */
            size_t n = strlen(msg), digits = strcspn(line + 2, " ");
            const char *at = line + 2 + digits + (line[2 + digits] == ' ');
            size_t len = strlen(at);
            const char *tail = len > 40 ? at + len - 40 : at;
            if (tail > at && tail[-1] != ' ' && *tail != '\\') {
                size_t word = strcspn(tail, " \\");
                word += tail[word] == ' ';
                if (tail[word] != '\0')
                    tail += word;
            }
            while (((unsigned char)*tail & 0xC0) == 0x80)
                tail++;
            if (*where)
                snprintf(msg + n, size - n, " (%s%s%.40s)", where, *tail ? ", at " : "", tail);
            else
                snprintf(msg + n, size - n,
                         " (line %.*s of what --format tex --standalone writes%s%.40s)",
                         (int)digits, line + 2, *tail ? ", at " : "", tail);
            break;
        }
    }
    fclose(f);
}

extern char **environ;

/* The environment latexmk and pdflatex run in: gametab's, with the
 * settings of latex_env_init, whose text the struct holds. */
struct latex_env {
    char **envp;
    char date[64];
    char texmfvar[4300], tmpdir[4300], home[4400], varfonts[4300];
    char *texinputs; /* malloc'd, or NULL */
    char *path;      /* "PATH=...", malloc'd, or NULL */
};

/* Sets entry ("NAME=value", kept by the caller) in e->envp, which has room. */
static void env_set(struct latex_env *e, size_t *n, const char *entry)
{
    size_t name = strcspn(entry, "=") + 1;
    for (size_t i = 0; i < *n; i++)
        if (strncmp(e->envp[i], entry, name) == 0) {
            e->envp[i] = (char *)entry;
            return;
        }
    e->envp[(*n)++] = (char *)entry;
    e->envp[*n] = NULL;
}

/* The variables of kpathsea (TeX's path search) that the environment
 * would set against gametab's run: its own settings, and the ones that
 * open other trees to TeX before its own or break it (breaker round 40,
 * F3: TEXINPUTS_pdflatex, read before TEXINPUTS, lost TeX's tree and the
 * template directories; a TEXMFDOTDIR, TEXMFCONFIG or TEXMFAUXTREES of the
 * user's put a geometry.sty there before LaTeX's; error_line=40 or
 * half_error_line=10 stopped pdflatex at once, saying nothing).  Each
 * goes with its variants for one program (NAME_pdflatex, NAME.pdflatex);
 * TEXMFVAR's own stays, when it is the user's writable tree
 * (texmfvar_in_tmpdir), and TEXINPUTS's is replaced (texinputs_of).
 * Every other variable named TEXMF... goes too, whatever follows: the
 * trees of TeX's TEXMF list (TEXMF itself, TEXMFLOCAL, TEXMFSYSCONFIG,
 * TEXMFSYSVAR, TEXMFDIST, TEXMFMAIN, TEXMFROOT), and TEXMFCNF, whose
 * texmf.cnf would give TeX again what goes here, kpathsea taking from the
 * configuration file what the environment does not say (breaker round
 * 43, F5, F6: a user's geometry.sty read before LaTeX's, or article.cls
 * not found), and TEXFONTMAPS, whose pdftex.map of the user's would
 * leave the fonts as bitmaps (Type 3). */
static const struct {
    const char *name;
    bool own; /* NAME itself goes too, not only its variants */
} kpathsea_variables[] = {
    {"TEXINPUTS", false},      {"TEXMFVAR", false},    {"max_print_line", true},
    {"error_line", true},      {"half_error_line", true}, {"file_line_error_style", true},
    {"TEXFONTMAPS", true},
};

/* Removes from e->envp (*n entries) the kpathsea_variables that go. */
static void env_clear_kpathsea(struct latex_env *e, size_t *n)
{
    size_t kept = 0;
    for (size_t i = 0; i < *n; i++) {
        const char *v = e->envp[i];
        bool drop = strncmp(v, "TEXMF", 5) == 0 && strncmp(v, "TEXMFVAR", 8) != 0;
        for (size_t k = 0; !drop && k < sizeof kpathsea_variables / sizeof *kpathsea_variables;
             k++) {
            size_t len = strlen(kpathsea_variables[k].name);
            drop = strncmp(v, kpathsea_variables[k].name, len) == 0 &&
                   ((v[len] == '=' && kpathsea_variables[k].own) || v[len] == '_' ||
                    v[len] == '.');
        }
        if (!drop)
            e->envp[kept++] = e->envp[i];
    }
    *n = kept;
    e->envp[kept] = NULL;
}

/* e->envp, malloc'd: environ for a TeX program, without the
 * kpathsea_variables that go (env_clear_kpathsea), with room for extra
 * entries more (env_set); *n its entries.  0, or -1 out of memory. */
static int env_copy_cleared(struct latex_env *e, size_t extra, size_t *n)
{
    for (*n = 0; environ[*n];)
        (*n)++;
    e->envp = malloc((*n + extra + 1) * sizeof *e->envp);
    if (!e->envp)
        return -1;
    memcpy(e->envp, environ, (*n + 1) * sizeof *e->envp);
    env_clear_kpathsea(e, n);
    return 0;
}

/* True when the file system of dir has (about) no room left: less than
 * bytes for an ordinary user, or fewer than 32 inodes, where it counts
 * them, for the dozen files a run makes (breaker round 44, F6: out of
 * inodes, latexmk "did not finish"). */
static bool no_room(const char *dir, uint64_t bytes)
{
    struct statvfs fs;
    return statvfs(dir, &fs) == 0 && ((uint64_t)fs.f_bavail * fs.f_frsize < bytes ||
                                      (fs.f_files > 0 && fs.f_favail < 32));
}

/* nftw's look at one entry below a directory: 1, which ends the walk, at
 * a directory this user may not write or read, or a symbolic link, which
 * the walk does not follow: a directory of root's behind it failed every
 * Cyrillic PDF (breaker round 45, F5, F9: fonts/tfm a link). */
static int unwritable_entry(const char *path, const struct stat *st, int kind, struct FTW *at)
{
    (void)st;
    (void)at;
    return kind == FTW_DNR || kind == FTW_SL || kind == FTW_SLN ||
           (kind == FTW_D && access(path, W_OK | X_OK) != 0);
}

/* Whether every directory below dir (links not followed) is one this user
 * may write, where mktextfm makes its metrics and sources
 * (fonts/tfm/public/cyrillic, fonts/source/...): breaker round 40, F4, a
 * fonts/tfm of root's under the user's own fonts/ failed every Cyrillic
 * PDF with "Metric (TFM) file not found". */
static bool writable_below(const char *dir)
{
    return nftw(dir, unwritable_entry, 8, FTW_PHYS) == 0;
}

/* Whether path is an absolute name of a directory this user may write
 * (and, when sub is not NULL, path/sub is none, or such a directory too,
 * with every directory below it). */
static bool writable_directory(const char *path, const char *sub)
{
    struct stat st;
    if (path[0] != '/' || stat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
        access(path, W_OK | X_OK) != 0)
        return false;
    char inner[4300];
    if (!sub || (size_t)snprintf(inner, sizeof inner, "%s/%s", path, sub) >= sizeof inner)
        return true;
    /* none, or a directory (a link to one too): a link to nothing is
     * neither, as mktexdir cannot make a directory of its name (breaker
     * round 44, F7) */
    return lstat(inner, &st) != 0 ||
           (stat(inner, &st) == 0 && S_ISDIR(st.st_mode) && access(inner, W_OK | X_OK) == 0 &&
            writable_below(inner));
}

/* Whether the directory dir holds no entry but those of names[] (NULL
 * ended); true when it cannot be read (the caller's checks say so). */
static bool holds_only(const char *dir, const char *const *names)
{
    DIR *d = opendir(dir);
    if (!d)
        return true;
    bool only = true;
    for (struct dirent *e; only && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        only = false;
        for (size_t i = 0; !only && names[i]; i++)
            only = strcmp(e->d_name, names[i]) == 0;
    }
    closedir(d);
    return only;
}

/* The room a run needs: in TMPDIR, for LaTeX's log (some 25 KB) and the
 * PDF's own pages; in a texmf-var tree, for the metrics, sources and
 * bitmaps of the Cyrillic fonts (some 150 KB), with room to spare: with
 * 64 KiB to 120 KiB left TeX filled HOME to the last byte and left a
 * partial pkNNNNN.tmp there (breaker round 45, F8). */
#define ROOM_TMPDIR 65536
#define ROOM_TEXMFVAR (1024 * 1024)

/* Whether the texmf-var tree var holds nothing but what TeX's font
 * scripts make there (mktextfm, mktexpk, mktexmf: fonts/tfm, fonts/pk,
 * fonts/source, and ls-R), and luatex-cache, which any lualatex run makes
 * and pdflatex never reads (breaker round 44, F8: every Russian PDF made
 * its fonts again, 5 times slower): a tex/ there is searched before TeX's own
 * packages, a web2c/ holds formats of fmtutil-user's and a fonts/map the
 * font maps of updmap-user's, which may be stale (breaker round 40, F1: a
 * geometry.sty in ~/.texliveYYYY/texmf-var/tex replaced LaTeX's). */
static bool only_generated_fonts(const char *var)
{
    static const char *const top[] = {"fonts", "ls-R", "luatex-cache", NULL};
    static const char *const fonts[] = {"tfm", "pk", "source", NULL};
    char sub[4400];
    if ((size_t)snprintf(sub, sizeof sub, "%s/fonts", var) >= sizeof sub || !holds_only(var, top) ||
        !holds_only(sub, fonts))
        return false;
    /* each of fonts/tfm, pk and source none or a directory to write in
     * (writable_directory's), not a file or a link to nothing, where
     * mktextfm could make nothing, and said a font missing (breaker round
     * 44, F7) */
    struct stat st;
    for (size_t i = 0; fonts[i] && lstat(sub, &st) == 0; i++)
        if (!writable_directory(sub, fonts[i]))
            return false;
    return true;
}

/* The characters kpathsea reads in a path variable as its own (a list's
 * ':' or ';', a variable's '$', the braces and commas of {a,b}, a comma
 * even outside braces: breaker round 36, F5; the '!!' of ls-R),
 * and those mktextfm's shell scripts read in it ('"', '`', '\\', which
 * their echo takes for an escape, and the control characters: breaker
 * round 31, F5), and the glob characters of mktexdir's unquoted
 * expansion, which made its directories by the names in / that a
 * component such as "tm*" matched (breaker round 51, F2): a TEXMFVAR
 * holding one is not the directory it names. */
#define KPATHSEA_SPECIAL ":;,${}!\"`\\*?["

/* The first byte of path that TeX would not take as it is in a path of
 * kpathsea's, TEXMFVAR or an element of TEXINPUTS (KPATHSEA_SPECIAL, a
 * control character, or the first of two spaces in a row, which
 * mktextfm's scripts split at and join with one: breaker round 51, F6,
 * the metrics made in a directory named with one space, for good), or
 * NULL. */
static const char *kpathsea_unusable(const char *path)
{
    for (const char *p = path; *p; p++)
        if (strchr(KPATHSEA_SPECIAL, *p) || (unsigned char)*p < 0x20 || *p == 0x7f ||
            (p[0] == ' ' && p[1] == ' '))
            return p;
    return NULL;
}

/* The bytes kept free below the run's directory and a texmf-var for the
 * names TeX and its font scripts make there: the longest is
 * texmf-var/fonts/pk/ljfour/lh/lh-t2a/larm1095.600pk (51 bytes), then a
 * table's own wythoff-zeckendorf-shift.fdb_latexmk (37) and mktextfm's
 * temporaries; a directory that leaves less before PATH_MAX is not taken
 * (breaker round 51, F3: a TMPDIR of 4040 bytes failed on a font's
 * metrics, one of 4065 on "x.pdf: File name too long"). */
#define TEX_NAMES_BELOW 128

/* The HOME TeX is asked with for its own TEXMFVAR (tex_own_var): a name
 * kpathsea takes as it is, which no directory has (below a file). */
#define ASKED_HOME "/dev/null/home"

/* The longest kpsewhich may take to answer (ask_kpsewhich). */
#define ASK_SECONDS 10

/* Seconds since some fixed moment, for the time limits. */
static double monotonic_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + now.tv_nsec / 1e9;
}

/* The time a child has run, for its time limit: the wall time since it
 * started, less the time gametab was stopped by the terminal (Ctrl-Z),
 * when the child's group was stopped with it (base/interrupt.h).  A poll
 * that finds terminal_stops changed since the last one counts the time
 * between them as stopped. */
struct run_clock {
    double start, last, stopped;
    sig_atomic_t stops;
};

static void run_clock_start(struct run_clock *c)
{
    c->start = c->last = monotonic_seconds();
    c->stopped = 0;
    c->stops = terminal_stops;
}

/* Seconds run since run_clock_start, stops not counted. */
static double run_clock_seconds(struct run_clock *c)
{
    double now = monotonic_seconds();
    if (c->stops != terminal_stops) {
        c->stops = terminal_stops;
        c->stopped += now - c->last;
    }
    c->last = now;
    return now - c->start - c->stopped;
}

/* Runs `kpsewhich -progname=pdflatex -var-value TEXMFVAR` in gametab's
 * environment as TeX gets it (env_clear_kpathsea's, without TEXMFVAR,
 * HOME ASKED_HOME), its answer in buf (size bytes) without the newline.
 * 0, or -1 when it could not be run, failed, was stopped (a stop request:
 * it is killed within 10 ms), ran past ASK_SECONDS or said more than buf
 * holds. */
static int ask_kpsewhich(char *buf, size_t size)
{
    struct latex_env e = {.envp = NULL};
    size_t n;
    char *path = malloc(strlen("PATH=") + strlen(search_path()) + 1);
    int fd[2] = {-1, -1}, rc = -1;
    if (env_copy_cleared(&e, 3, &n) != 0 || !path || pipe2(fd, O_CLOEXEC) != 0)
        goto done;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(e.envp[i], "TEXMFVAR=", 9) != 0)
            e.envp[kept++] = e.envp[i];
    n = kept;
    e.envp[n] = NULL;
    env_set(&e, &n, "HOME=" ASKED_HOME);
    sprintf(path, "PATH=%s", search_path());
    env_set(&e, &n, path);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        /* A group of its own, ended whole on a stop (a kpsewhich that is
         * a script, and what it runs), and with gametab if that dies. */
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(127);
        int null = open("/dev/null", O_RDWR);
        if (null < 0 || dup2(null, 0) < 0 || dup2(fd[1], 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        close_range(3, ~0U, 0); /* the pipe's other end too: O_CLOEXEC */
        environ = e.envp;
        execlp("kpsewhich", "kpsewhich", "-progname=pdflatex", "-var-value", "TEXMFVAR",
               (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    fd[1] = -1;
    if (pid < 0)
        goto done;
    setpgid(pid, pid); /* as the child does: whichever runs first */
    /* Read as it comes, and waited for, polled every 10 ms for a stop
     * request: a blocking read or waitpid would wait out a kpsewhich
     * that hangs. */
    size_t got = 0;
    bool whole = false, over = false, killed = false;
    int status = 0;
    struct run_clock clock;
    run_clock_start(&clock);
    child_group = pid;
    for (;;) {
        /* and at most ASK_SECONDS (it takes some 0.02 s): one that never
         * answers, or leaves a child holding the pipe, made every PDF
         * wait for ever (breaker round 45, F1) */
        if ((interrupt_signal || run_clock_seconds(&clock) > ASK_SECONDS) && !killed) {
            kill(-pid, SIGKILL);
            killed = true;
        }
        if (whole || killed) {
            pid_t w = waitpid(pid, &status, WNOHANG);
            if (w == pid || (w < 0 && errno != EINTR))
                break;
            nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
            continue;
        }
        struct pollfd p = {.fd = fd[0], .events = POLLIN};
        if (poll(&p, 1, 10) <= 0)
            continue;
        char chunk[512];
        ssize_t r = read(fd[0], chunk, sizeof chunk);
        if (r == 0)
            whole = true;
        else if (r > 0 && !over && got + (size_t)r < size) {
            memcpy(buf + got, chunk, (size_t)r);
            got += (size_t)r;
        } else if (r > 0)
            over = true;
        else if (errno != EINTR && errno != EAGAIN) {
            kill(-pid, SIGKILL);
            killed = true;
        }
    }
    child_group = 0;
    if (!killed && !over && WIFEXITED(status) && WEXITSTATUS(status) == 0 && got > 0 &&
        buf[got - 1] == '\n') {
        buf[got - 1] = '\0';
        rc = 0;
    }
done:
    free(e.envp);
    free(path);
    for (int i = 0; i < 2; i++)
        if (fd[i] >= 0)
            close(fd[i]);
    return rc;
}

/* TeX's own TEXMFVAR, where an environment without one has TeX's
 * generated files: the name texmf.cnf gives it (TeX Live's
 * "~/.texlive2022/texmf-var"), relative to HOME ("~/" dropped), or absolute
 * when it is outside HOME; asked of TeX itself (ask_kpsewhich) once a run.
 * NULL when kpsewhich could not say, or said a name that is not one
 * directory (kpathsea's characters in it: a list, a variable left). */
static const char *tex_own_var(void)
{
    static char answer[4096];
    static bool asked, known;
    if (!asked) {
        known = ask_kpsewhich(answer, sizeof answer) == 0;
        asked = !interrupt_signal;
    }
    if (!known || answer[0] != '/' || kpathsea_unusable(answer))
        return NULL;
    size_t home = strlen(ASKED_HOME);
    if (strncmp(answer, ASKED_HOME, home) != 0)
        return answer;
    if (answer[home] == '/' && answer[home + 1])
        return answer + home + 1;
    return NULL;
}

/* Whether the texmf-var tree var (absolute) may take TeX's generated
 * files: a directory this user may write, as are the fonts/ under it, if
 * any, and every directory below, on a file system with room, holding
 * only what TeX's font scripts make (only_generated_fonts). */
static bool usable_var(const char *var)
{
    return writable_directory(var, "fonts") && !no_room(var, ROOM_TEXMFVAR) && only_generated_fonts(var);
}

/* Whether TeX's generated files (TEXMFVAR) go under the temporary
 * directory (latex_env_init): no usable TEXMFVAR of the user's, and no
 * usable one of TeX's own (tex_own_var: ~/.texlive2022/texmf-var), which
 * mktexdir makes as far as it is missing.  Usable: usable_var's, and
 * each directory of TeX's own from HOME down that exists one this user
 * may write, HOME too, on a file system with room; a TEXMFVAR, and a
 * HOME under a run's directory tmp (absolute), that kpathsea takes as
 * they are (kpathsea_unusable; the HOME by kpathsea_name's link).
 * Anything else counts as none: mktextfm would put the
 * metrics in /tmp/texfonts, for every later TeX run of anyone (breaker
 * round 30, F8; round 39, F4: HOME=/dev/null, a file, a relative HOME, a
 * texmf-var that is a file or whose fonts/ is root's, TEXMFVAR=/dev/null).
 * TeX's own is its year's, not the newest ~/.texliveYYYY: an older one is
 * what an upgrade of TeX Live leaves (breaker round 42, F4: a
 * ~/.texlive2019 with a luatex-cache/), and a newer one a newer TeX's of a
 * HOME shared with it (round 43, F3: a tex/ in ~/.texlive2022/texmf-var
 * was read again while a clean ~/.texlive2024 was judged). */
static bool texmfvar_in_tmpdir(const char *tmp)
{
    const char *home = getenv("HOME"), *var = getenv("TEXMFVAR");
    /* Nor one through a link another user planted in /tmp, as HOME or
     * TEXMFVAR (breaker round 48, F1: root's metrics were made where it
     * pointed), as -o, DIR and TMPDIR refuse it.  Nor one holding a
     * character kpathsea or mktextfm's scripts read as their own, which
     * is not the directory it names, as TeX's own is not (breaker round
     * 50, F3: with a '{' or a ':' pdflatex found no format or no
     * Cyrillic metrics, and with a '$' or a tab the scripts made them in
     * a directory beside it, for good). */
    if (var && *var)
        return kpathsea_unusable(var) || strlen(var) + TEX_NAMES_BELOW >= PATH_MAX ||
               !usable_var(var) ||
               planted_link_refuses(var, "TEXMFVAR", NULL) != GT_OK;
    /* a full HOME too (over quota): the metrics could not be made there,
     * and LaTeX said a font missing (breaker round 39, F9) */
    if (!home || !writable_directory(home, NULL) || no_room(home, ROOM_TEXMFVAR))
        return true;
    /* A HOME TeX reaches only by a link in the run's directory
     * (kpathsea_name), which none can be under such a TMPDIR: TeX is
     * then given none (latex_env_init), and so no TEXMFVAR below it
     * (breaker round 50, F4: TeX read the '{' of the HOME itself and found
     * not even article.cls; with a '$' its scripts made the metrics in a
     * directory beside it). */
    if (kpathsea_unusable(home) && kpathsea_unusable(tmp))
        return true;
    const char *own = tex_own_var();
    if (!own)
        return true;
    char dir[4400];
    if ((size_t)snprintf(dir, sizeof dir, "%s%s%s", *own == '/' ? "" : home,
                         *own == '/' ? "" : "/", own) >= sizeof dir)
        return true;
    if (strlen(dir) + TEX_NAMES_BELOW >= PATH_MAX ||
        planted_link_refuses(dir, "TEXMFVAR", NULL) != GT_OK)
        return true;
    struct stat st;
    if (stat(dir, &st) == 0)
        return !usable_var(dir);
    /* Missing: mktexdir makes it in the deepest directory above that
     * exists, which this user must write.  One that is no directory (a
     * file of that name, ENOTDIR below it) is unusable (breaker round 31,
     * F5), and so is a link to nothing on the way, which mktexdir cannot
     * replace: mktextfm then put the metrics in /tmp/texfonts (breaker
     * round 44, F7). */
    for (;;) {
        if (errno != ENOENT || lstat(dir, &st) == 0)
            return true;
        char *slash = strrchr(dir, '/');
        slash[slash == dir] = '\0';
        if (stat(dir, &st) == 0)
            return !writable_directory(dir, NULL);
        if (slash == dir)
            return true;
    }
}

/* A name for path that kpathsea takes as it is: path itself, or, when it
 * holds a character kpathsea reads as its own (kpathsea_unusable), the
 * symbolic link to it made as tmp/name in the run's temporary directory
 * tmp (absolute, itself usable), written to buf.  NULL when there is none
 * (tmp unusable too, or the link not made): path is then out of TeX's
 * reach.  path is absolute. */
static const char *kpathsea_name(const char *path, const char *tmp, const char *name, char *buf,
                                 size_t size)
{
    if (!kpathsea_unusable(path))
        return path;
    if (kpathsea_unusable(tmp) || (size_t)snprintf(buf, size, "%s/%s", tmp, name) >= size ||
        symlink(path, buf) != 0)
        return NULL;
    return buf;
}

/* path as TeX should be given it: itself, or, when it holds "//" (which
 * kpathsea reads as a search of every directory below: breaker round 42,
 * F5, HOME=/work//b42/home walked all of /work for each file TeX looked
 * up, 36 s for a 2.8 s PDF), with each run of '/' one, written to buf
 * (size bytes; path itself when it does not fit). */
static const char *tex_spelling(const char *path, char *buf, size_t size)
{
    if (!strstr(path, "//") || strlen(path) >= size)
        return path;
    size_t n = 0;
    for (const char *p = path; *p; p++)
        if (*p != '/' || n == 0 || buf[n - 1] != '/')
            buf[n++] = *p;
    buf[n] = '\0';
    return buf;
}

/* Appends to the malloc'd *list (NULL: none yet) a ':' and the directory
 * dir, made absolute against cwd; a directory kpathsea would not
 * take as it is (kpathsea_unusable: a teacher's "Math, grade 7") goes by
 * a link tmp/texinputs-I (kpathsea_name), or is passed over when none can
 * be made (breaker round 36, F5).  0, or -1 out of memory. */
static int texinputs_add(char **list, const char *dir, const char *cwd, const char *tmp,
                         size_t i)
{
    bool relative = dir[0] != '/';
    if (relative && !cwd)
        return 0;
    size_t len = (relative ? strlen(cwd) + 1 : 0) + strlen(dir) + 1;
    char *absolute = malloc(len), link[4300], name[64];
    if (!absolute)
        return -1;
    snprintf(absolute, len, "%s%s%s", relative ? cwd : "", relative ? "/" : "", dir);
    snprintf(name, sizeof name, "texinputs-%zu", i);
    char spelled[4300];
    const char *usable =
        kpathsea_name(tex_spelling(absolute, spelled, sizeof spelled), tmp, name, link, sizeof link);
    size_t old = *list ? strlen(*list) : 0;
    char *more = usable ? realloc(*list, old + strlen(usable) + 2) : *list;
    if (more && usable)
        sprintf(more + old, ":%s", usable);
    free(absolute);
    if (!more)
        return -1;
    *list = more;
    return 0;
}

/* The colon-separated list made absolute against cwd for a program run in
 * another directory (latexmk runs in a temporary one): each relative
 * element ("./sty", "../common", "bin") gets cwd and a '/' before it.
 * kpathsea: a TEXINPUTS, whose empty element is TeX's own tree, whose
 * elements opening with '!', '$' or '~' are kpathsea's syntax, kept as
 * they are, and whose brace group ("{a,b}") has each member made absolute;
 * otherwise a PATH, whose empty element is the working directory.  An
 * element that cwd cannot be put before (no cwd, or one that
 * kpathsea_unusable refuses; for a PATH, one with a ':' or a brace, which
 * pdflatex's kpathsea expands as it looks for its own program: breaker
 * round 36, F3) is left out: it named nothing there (breaker round 33,
 * F6, F7: a relative TEXINPUTS or PATH element was looked up in the
 * temporary directory).  malloc'd; NULL out of memory. */
static char *absolute_list(const char *list, const char *cwd, bool kpathsea)
{
    bool usable = cwd && (kpathsea ? !kpathsea_unusable(cwd) : !strpbrk(cwd, ":{}"));
    size_t n = strlen(list) + 1, elements = 1;
    for (const char *p = list; *p; p++)
        elements += *p == ':' || *p == ',';
    n += elements * (cwd ? strlen(cwd) + 2 : 0);
    char *out = malloc(n), *o = out;
    if (!out)
        return NULL;
    bool first = true;
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ":");
        /* a brace group that opens the element, "{./sty,/abs}/x": each
         * member made absolute as an element is (breaker round 34, F2);
         * one with braces inside it is kept as it is */
        const char *close = kpathsea && len > 0 && p[0] == '{' ? memchr(p, '}', len) : NULL;
        bool group = close && !memchr(p + 1, '{', (size_t)(close - p - 1));
        bool keep = len > 0 ? p[0] == '/' || (kpathsea && strchr("!$~{", p[0]) && !group)
                            : kpathsea;
        /* an element kept, even empty (a leading ':' is TeX's tree first:
         * breaker round 33, F8), after a ':' unless the first */
        if (keep || usable) {
            if (!first)
                *o++ = ':';
            first = false;
            if (keep) {
                memcpy(o, p, len);
                o += len;
            } else if (group) {
                *o++ = '{';
                for (const char *m = p + 1; m <= close; m++) {
                    size_t mlen = strcspn(m, ",}");
                    bool absolute = mlen == 0 || strchr("/!$~", m[0]);
                    o += sprintf(o, "%s%s%.*s%c", absolute ? "" : cwd, absolute ? "" : "/",
                                 (int)mlen, m, m[mlen]);
                    m += mlen;
                }
                memcpy(o, close + 1, len - (size_t)(close + 1 - p));
                o += len - (size_t)(close + 1 - p);
            } else {
                o += sprintf(o, "%s%s%.*s", cwd, len ? "/" : "", (int)len, p);
            }
        }
        p += len;
        if (*p == '\0')
            break;
    }
    *o = '\0';
    return out;
}

/* TEXINPUTS for a document of the template directories d (all but the
 * built-in one) that is compiled in the temporary directory tmp: "TEXINPUTS=.:"
 * then the user's TEXINPUTS (or none), an empty element (kpathsea's own
 * tree there), then those directories, where a restyled template's
 * \input{macros} and \includegraphics{logo} lie (breaker round 31, F9:
 * only an absolute name was found), after TeX's own files, so that a
 * geometry.sty there does not replace LaTeX's (round 32, F3).  Not the
 * working directory: a LaTeX project's geometry.cfg, english.cfg or
 * russian.ldf there, which TeX's tree lacks and LaTeX looks for, would
 * change the PDF by where it is made (round 33, F1).  malloc'd; NULL out
 * of memory. */
static char *texinputs_of(const struct template_dirs *d, const char *tmp)
{
    char *cwd = getcwd(NULL, 0);
    /* pdflatex's own, which kpathsea reads first (breaker round 40, F3) */
    const char *given = getenv("TEXINPUTS_pdflatex");
    if (!given)
        given = getenv("TEXINPUTS");
    char *user = given ? absolute_list(given, cwd, true) : NULL;
    /* The user's list names the tree when it has an empty element: it is
     * empty, or has a ':' first, last or twice in a row.  Else the empty
     * element goes after it (breaker round 39, F6: "./sty", as the README
     * spells it, lost the tree, and LaTeX its article.cls). */
    size_t u = user ? strlen(user) : 0;
    bool tree = user && (u == 0 || user[0] == ':' || user[u - 1] == ':' || strstr(user, "::"));
    size_t n = strlen("TEXINPUTS=.::") + u + 1;
    char *list = !given || user ? malloc(n) : NULL;
    if (list)
        snprintf(list, n, "TEXINPUTS=.%s%s%s", user ? ":" : "", user ? user : "",
                 tree ? "" : ":");
    free(user);
    for (size_t i = 0; list && d && i + 1 < d->n; i++)
        if (texinputs_add(&list, d->dir[i], cwd, tmp, i) != 0) {
            free(list);
            list = NULL;
        }
    free(cwd);
    return list;
}

/* Makes e for a run in the directory dir (absolute): the dates pdfTeX
 * writes (/CreationDate, /ModDate, and the /ID made from them) are date
 * (epoch_get's, base/epoch.h), so that a table gives the same PDF each time;
 * without a writable $HOME (nor a TEXMFVAR of the user's), TeX's generated
 * files go to dir/texmf-var; TMPDIR is dir; the log's lines are not wrapped;
 * PATH is the one searched (search_path), absolute; TEXINPUTS texinputs_of's for
 * the template directories d; TEXMFVAR dir/texmf-var when in_tmpdir
 * (texmfvar_in_tmpdir's).  0, or -1 out of memory. */
static int latex_env_init(struct latex_env *e, time_t date, const char *dir,
                          const struct template_dirs *d, bool in_tmpdir)
{
    size_t n;
    e->path = NULL;
    e->envp = NULL;
    e->texinputs = texinputs_of(d, dir);
    if (!e->texinputs || env_copy_cleared(e, 15, &n) != 0)
        return -1;
    snprintf(e->date, sizeof e->date, "SOURCE_DATE_EPOCH=%lld", (long long)date);
    env_set(e, &n, e->date);
    env_set(e, &n, "FORCE_SOURCE_DATE=1");
    /* TeX's log lines whole, not wrapped at 79 columns, for
     * first_latex_error. */
    env_set(e, &n, "max_print_line=10000");
    /* Each error with the file it was read from ("./doc.tex:88: ..."), so
     * that one in a file a template \input's is not said to be at that
     * line of the document (breaker round 29, F3). */
    env_set(e, &n, "file_line_error_style=t");
    /* Where gametab found latexmk and pdflatex, for latexmk to find
     * pdflatex too: search_path's, its relative elements made absolute,
     * as the run is in dir. */
    char *cwd = getcwd(NULL, 0);
    char *path = absolute_list(search_path(), cwd, false);
    free(cwd);
    e->path = path ? malloc(strlen("PATH=") + strlen(path) + 1) : NULL;
    if (e->path) {
        sprintf(e->path, "PATH=%s", path);
        env_set(e, &n, e->path);
    }
    free(path);
    if (!e->path)
        return -1;
    /* kpathsea's TEXMFVAR is ~/.texlive2022/texmf-var, where mktextfm puts
     * the T2A metrics of the Cyrillic text (the lh fonts: no Debian package
     * has them made).  Without $HOME it is a relative path mktexdir cannot
     * make, and an unwritable one fails too. */
    const char *var = getenv("TEXMFVAR");
    char spelled_var[4280];
    if (in_tmpdir) {
        snprintf(e->texmfvar, sizeof e->texmfvar, "TEXMFVAR=%s/texmf-var", dir);
        env_set(e, &n, e->texmfvar);
    } else if (var && tex_spelling(var, spelled_var, sizeof spelled_var) != var) {
        /* the user's own, without "//" */
        snprintf(e->texmfvar, sizeof e->texmfvar, "TEXMFVAR=%s", spelled_var);
        env_set(e, &n, e->texmfvar);
    }
    /* mktextfm's own temporaries: beside the document, by an absolute
     * name (it changes directory), and removed with it. */
    snprintf(e->tmpdir, sizeof e->tmpdir, "TMPDIR=%s", dir);
    env_set(e, &n, e->tmpdir);
    /* mktextfm's last resort, where TEXMFVAR cannot take the metrics (a
     * full tree, a link to nothing, a directory of root's below), and a
     * place kpathsea searches for them: Debian's is /tmp/texfonts, shared
     * by every TeX run of anyone, to which they went for good (breaker
     * rounds 30, 44 F7, 45 F5, F6, F9).  Here in the run's directory,
     * made there and removed with it. */
    /* Under a TMPDIR whose name kpathsea would read as its own, a name no
     * directory has: TeX's font lists name VARTEXFONTS, and would split
     * it at a ':' or ',' into directories outside the run's (breaker
     * round 50, F2: a '{' unbalanced them, and pdflatex found not even
     * cmr10's metrics; such a TMPDIR is refused, pdf_write_private).  The
     * metrics then go to a TEXMFVAR elsewhere (texmfvar_in_tmpdir: else
     * such a TMPDIR is refused too). */
    snprintf(e->varfonts, sizeof e->varfonts, "VARTEXFONTS=%s/texfonts",
             kpathsea_unusable(dir) ? "/dev/null" : dir);
    env_set(e, &n, e->varfonts);
    /* The user's personal tree (~/texmf), which kpathsea searches before
     * TeX's own: a geometry.sty or russian.ldf left there replaced LaTeX's
     * (breaker round 39, F10); and the user's configuration tree
     * (~/.texliveYYYY/texmf-config), searched before TeX's own too, whose
     * font maps of updmap-user may be stale (round 40, F1).  Names no
     * directory can have, below a file, whatever TMPDIR holds (round 40,
     * F2: under a TMPDIR with a ',' ~/texmf was searched again). */
    env_set(e, &n, "TEXMFHOME=/dev/null/texmf-home");
    env_set(e, &n, "TEXMFCONFIG=/dev/null/texmf-config");
    /* A HOME holding a character kpathsea reads as its own ('{', ','):
     * TeX's tree names ~/texmf and ~/.texliveYYYY in its lists, which it
     * splits there, and pdflatex found not even article.cls (noticed by
     * breaker round 36).  HOME is then dir/home, a link to it: the same
     * files by a name kpathsea takes as it is. */
    const char *home = getenv("HOME");
    char link[4300], spelled[4300];
    const char *usable = home && home[0] == '/'
                             ? kpathsea_name(tex_spelling(home, spelled, sizeof spelled), dir,
                                             "home", link, sizeof link)
                             : NULL;
    /* One for which no link can be made is left out: TeX gets a HOME
     * no directory has (breaker round 50, F4). */
    if (home && home[0] == '/' && usable != home) {
        snprintf(e->home, sizeof e->home, "HOME=%s", usable ? usable : ASKED_HOME);
        env_set(e, &n, e->home);
    }
    env_set(e, &n, e->texinputs);
    return 0;
}

/* Whether pdfTeX's error line says a write of its own failed ("pdfTeX
 * error: pdflatex: fwrite() failed", "fflush() failed (No space left on
 * device)"): a full or over-quota TMPDIR, where it writes the PDF. */
static bool tex_write_failed(const char *line)
{
    return strstr(line, "fwrite() failed") || strstr(line, "fflush() failed") ||
           strstr(line, strerror(ENOSPC)) || strstr(line, strerror(EDQUOT));
}

/* What latexmk says on its standard output and error, kept beside the
 * document for latexmk_report. */
#define LATEXMK_OUT "latexmk.out"

/* The name of the variable that sets SINK_PDF_SECONDS_MAX (sink-pdf.h). */
#define SECONDS_MAX_NAME "GAMETAB_TEX_SECONDS_MAX"

int sink_pdf_limits_check(struct gt_error *err)
{
    return limit_check(SECONDS_MAX_NAME, err);
}

/* Runs latexmk -pdf on dir/name.tex in the environment envp, its output to
 * dir/LATEXMK_OUT, for at most seconds seconds (0: no limit).  0 when it
 * made the PDF; -2 on a stop request (interrupt_signal), -4 past the
 * limit, latexmk and pdflatex ended in both; -3 when no process could
 * be made for it, *unstarted the errno (EAGAIN: a process limit); -1
 * otherwise, with *killed the signal that ended latexmk itself, if one
 * did. */
static int run_latexmk(const char *dir, const char *name, char **envp, size_t seconds,
                       int *killed, int *unstarted)
{
    *killed = 0;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        *unstarted = errno;
        return -3;
    }
    if (pid == 0) {
        /* A group of its own, so that a stop reaches pdflatex too. */
        setpgid(0, 0);
        /* gametab killed (SIGKILL) cannot stop it: then latexmk gets
         * SIGTERM and ends, but a pdflatex it runs goes on to its end
         * (breaker round 44, F9), and one that loops to the CPU limit
         * below. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent) /* it died before that */
            _exit(128 + SIGTERM);
        /* Until the exec, gametab's handler would only note the parent's
         * SIGTERM and latexmk would run on: the default action from here,
         * and a SIGTERM noted already ends the child now. */
        signal(SIGTERM, SIG_DFL);
        if (interrupt_signal)
            _exit(128 + SIGTERM);
        /* The limit as CPU time too, which pdflatex inherits: gametab
         * killed, nothing else would end a pdflatex that loops (it ran on,
         * orphaned; latexmk's SIGTERM handler waits for it).  Alive,
         * gametab ends it first, at the same number of seconds of wall
         * time, which a run of one process passes no later. */
        struct rlimit cpu;
        /* at most 10^9 s: the kernel counts CPU time in nanoseconds, and
         * past some 1.8e10 s its limit wrapped to a second or none
         * (breaker round 45, F3: pdflatex killed at once) */
        if (seconds && seconds <= 1000000000 && getrlimit(RLIMIT_CPU, &cpu) == 0 &&
            (cpu.rlim_cur == RLIM_INFINITY || cpu.rlim_cur > seconds + 1)) {
            cpu.rlim_cur = seconds + 1;
            setrlimit(RLIMIT_CPU, &cpu);
        }
        int null = open("/dev/null", O_RDWR);
        if (null < 0 || chdir(dir) != 0 || dup2(null, 0) < 0)
            _exit(127);
        int said = open(LATEXMK_OUT, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (said < 0)
            said = null;
        if (dup2(said, 1) < 0 || dup2(said, 2) < 0)
            _exit(127);
        /* TeX gets 0, 1 and 2 only: every descriptor it has counts
         * against ulimit -n (breaker round 44, F3: /dev/null was passed
         * on as 4 to latexmk, pdflatex and the font scripts; round 45, F4:
         * 24 descriptors gametab was given made TeX fail under ulimit -n
         * 32, "latexmk did not finish"). */
        close_range(3, ~0U, 0);
        environ = envp;
        /* -norc: no latexmkrc of the user's or the system's changes where
         * the PDF goes or keeps latexmk running. */
        execlp("latexmk", "latexmk", "-norc", "-pdf", "-interaction=nonstopmode",
               "-halt-on-error", name, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* as the child does: whichever runs first */
    int status;
    bool stopped = false, late = false;
    int polls_since_stop = 0;
    struct run_clock clock;
    run_clock_start(&clock);
    child_group = pid;
    for (;;) {
        /* A stop request, or the time limit passed: latexmk and its
         * pdflatex are ended, and waited for before their directory is
         * removed.  latexmk catches SIGTERM and, when it comes before
         * pdflatex starts, runs pdflatex through first (0.2 s and more):
         * the whole group gets SIGKILL after 50 ms, so that a stop takes
         * under 0.1 s. */
        if (!stopped && seconds && run_clock_seconds(&clock) > (double)seconds)
            late = true;
        if ((interrupt_signal || late) && !stopped) {
            kill(-pid, SIGTERM);
            stopped = true;
        } else if (stopped && ++polls_since_stop == 5) {
            kill(-pid, SIGKILL);
        }
        /* Polled every 10 ms, not blocked in: a signal between the check
         * above and a blocking waitpid would wait latexmk out. */
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR) {
            child_group = 0;
            return -1;
        }
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    child_group = 0;
    if (interrupt_signal)
        return -2;
    if (late)
        return -4;
    if (WIFSIGNALED(status))
        *killed = WTERMSIG(status);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Why latexmk failed, from what it and pdflatex said in dir/LATEXMK_OUT
 * (why[0] = '\0' when it says nothing gametab knows): pdflatex ended by a
 * signal (latexmk's "Command for 'pdflatex' gave return code N", N = 128
 * + the signal, as a shell says it), pdflatex's own "fatal: ..." (out of
 * memory under a ulimit -v), latexmk unable to start (its Perl out of
 * descriptors: "Too many open files"), or pdflatex unable to load its
 * format or its libraries, which it says before it opens a log (breaker
 * round 35, F3: "no error in the LaTeX log" for a broken pdflatex.fmt). */
static void latexmk_report(const char *dir, char *why, size_t size)
{
    static const char code_said[] = "Command for 'pdflatex' gave return code ";
    why[0] = '\0';
    char path[4200];
    snprintf(path, sizeof path, "%s/" LATEXMK_OUT, dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[512];
    while (!why[0] && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        const char *said = strstr(line, code_said);
        long code = said ? strtol(said + strlen(code_said), NULL, 10) : 0;
        if (code > 128 && code < 128 + 65)
            snprintf(why, size, "pdflatex failed: it was killed by signal %ld (%s)", code - 128,
                     strsignal((int)(code - 128)));
        else if (strncmp(line, "fatal: ", 7) == 0)
            snprintf(why, size, "pdflatex failed: %.300s", line);
        else if (strstr(line, "Too many open files"))
            snprintf(why, size, "latexmk could not start: Too many open files");
        else if (strstr(line, "Fatal format file error"))
            snprintf(why, size,
                     "pdflatex failed: Fatal format file error; I'm stymied (pdflatex.fmt is "
                     "broken or another TeX version's: a copy of the user's in TEXMFVAR/web2c, "
                     "left by fmtutil-user? remove it, or run fmtutil-user --all)");
        else if (strstr(line, "I can't find the format file"))
            snprintf(why, size,
                     "pdflatex failed: I can't find the format file `pdflatex.fmt' (fmtutil-sys "
                     "--all makes it, or reinstall texlive-latex-base)");
        else if (strstr(line, "error while loading shared libraries") ||
                 strstr(line, "kpathsea: Can't get directory of program name"))
            snprintf(why, size, "pdflatex failed: %.300s", line);
    }
    fclose(f);
}

/* Whether what latexmk and pdflatex said in dir/LATEXMK_OUT tells of a
 * process that could not be started (fork: "Resource temporarily
 * unavailable", sh's "Cannot fork": a process limit): the cause of whatever LaTeX error
 * followed (a font mktextfm could not make: breaker round 31, F6). */
static bool latexmk_fork_failed(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/" LATEXMK_OUT, dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[512];
    bool failed = false;
    while (!failed && fgets(line, sizeof line, f))
        failed = strstr(line, "Cannot fork") || /* sh's */
                 (strstr(line, "fork") && strstr(line, strerror(EAGAIN)));
    fclose(f);
    return failed;
}

/* Appends the file at path to out. */
static int copy_file(const char *path, struct output *out, struct gt_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(errno));
    char buf[65536];
    size_t n;
    int rc = GT_OK;
    while (rc == GT_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
        rc = output_write(out, buf, n, err);
    if (rc == GT_OK && ferror(f))
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: read error", path);
    fclose(f);
    return rc;
}

static int pdf_write_private(const struct table_def *t, const struct table_args *args,
                             const struct tex_options *opt, struct output *out,
                             struct gt_error *err);

/* The temporary directory, the document in it and what latexmk makes there
 * are gametab's own: made under umask 077, whatever the user's (umask 0777
 * made them unreadable to gametab itself: "Permission denied" on a path
 * already gone).  The PDF's own file, out, was opened before. */
int sink_pdf_write(const struct table_def *t, const struct table_args *args,
                   const struct tex_options *opt, struct output *out, struct gt_error *err)
{
    mode_t mask = umask(077);
    int rc = pdf_write_private(t, args, opt, out, err);
    umask(mask);
    return rc;
}

static int pdf_write_private(const struct table_def *t, const struct table_args *args,
                             const struct tex_options *opt, struct output *out,
                             struct gt_error *err)
{
    static const struct { const char *program, *package; } needed[] = {
        {"latexmk", "latexmk"},
        {"pdflatex", "texlive-latex-base"},
    };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!on_path(needed[i].program))
            return gt_fail(err, GT_ERR_RUNTIME,
                           "--format pdf: %s not found: install the Debian package %s",
                           needed[i].program, needed[i].package);
    /* Too few descriptors fail TeX where it cannot say so: a font's
     * metrics not opened are "Metric (TFM) file not found", one not made
     * (no pipe for mktextfm) the same (breaker round 44, F3, F5). */
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < SINK_PDF_FILES_MIN)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: pdflatex needs %d open files, and ulimit -n allows %llu: raise it",
                       t->name, SINK_PDF_FILES_MIN, (unsigned long long)files.rlim_cur);
    time_t date;
    int status = epoch_get(&date, err);
    if (status != GT_OK)
        return status;
    const char *tmp = temporary_directory(err);
    if (!tmp)
        return err->status;
    /* Absolute, as kpathsea needs TEXMFVAR (latex_env_init); as long as
     * the working directory's name may be (breaker round 29, F5: a
     * 2048-byte buffer refused a deeper one). */
    char dir[4096], *cwd = *tmp == '/' ? NULL : getcwd(NULL, 0);
    if (*tmp != '/' && !cwd)
        return gt_fail(err, GT_ERR_RUNTIME, "%s (TMPDIR): cannot be made absolute: %s", tmp,
                       strerror(errno));
    int len = snprintf(dir, sizeof dir, "%s%s%s/gametab-pdf.XXXXXX", cwd ? cwd : "",
                       cwd ? "/" : "", tmp);
    free(cwd);
    /* with room for what TeX makes in it (TEX_NAMES_BELOW) */
    if (len < 0 || (size_t)len + TEX_NAMES_BELOW >= sizeof dir)
        return gt_fail(err, GT_ERR_RUNTIME, "%s (TMPDIR): %s: give TMPDIR a shorter absolute path",
                       tmp, strerror(ENAMETOOLONG));
    /* TeX would split or expand a TEXMFVAR under such a TMPDIR, and make
     * the Cyrillic fonts' metrics out of reach, or outside TMPDIR for good
     * (breaker round 30, F8). */
    const char *bad = kpathsea_unusable(dir);
    bool in_tmpdir = texmfvar_in_tmpdir(dir);
    if (interrupt_signal) /* while kpsewhich was asked (tex_own_var) */
        return interrupt_fail(err, output_name(out));
    if (bad && in_tmpdir) {
        char shown[24];
        if ((unsigned char)*bad < 0x20 || *bad == 0x7f)
            snprintf(shown, sizeof shown, "0x%02x", (unsigned)(unsigned char)*bad);
        else if (*bad == ' ')
            snprintf(shown, sizeof shown, "two spaces in a row");
        else
            snprintf(shown, sizeof shown, "'%c'", *bad);
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%.*s (TMPDIR): holds %s, which TeX reads in a path as its own: "
                       "without a writable HOME whose name TeX takes as it is, TeX's font "
                       "metrics go there (TEXMFVAR): give a TMPDIR without any of "
                       KPATHSEA_SPECIAL ", a control character or two spaces in a row, or such a HOME",
                       (int)(strrchr(dir, '/') - dir), dir, shown);
    }
    /* TeX's font scripts put the directory TeX runs in (KPSE_DOT) in
     * place of the '.' of METAFONT's lists, in braces: a brace there
     * unbalanced them, METAFONT found not even its mf.base, and no
     * Cyrillic metrics could be made, whatever HOME (breaker round 50,
     * F2: the error blamed a font, not TMPDIR). */
    const char *brace = strpbrk(dir, "{}");
    if (brace)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%.*s (TMPDIR): holds '%c', which TeX's font scripts read as their own "
                       "in the directory TeX runs in: give a TMPDIR without '{' or '}'",
                       (int)(strrchr(dir, '/') - dir), dir, *brace);
    /* They have that directory's name from the kernel (getcwd), links
     * resolved: a TMPDIR linked to one holding a brace is refused too
     * (breaker round 51, F5).  One that cannot be resolved fails at its
     * mkdtemp below, said so. */
    char *last = strrchr(dir, '/');
    *last = '\0';
    char *real = realpath(dir, NULL);
    *last = '/';
    /* and with room below its real name too (breaker round 51, F3: a
     * link to a directory of 4085 bytes) */
    if (real && strlen(real) + strlen("/gametab-pdf.XXXXXX") + TEX_NAMES_BELOW >= sizeof dir) {
        int refused = gt_fail(err, GT_ERR_RUNTIME,
                              "%.*s (TMPDIR): is %s: %s: give TMPDIR a shorter absolute path",
                              (int)(last - dir), dir, real, strerror(ENAMETOOLONG));
        free(real);
        return refused;
    }
    brace = real ? strpbrk(real, "{}") : NULL;
    if (brace) {
        int refused = gt_fail(err, GT_ERR_RUNTIME,
                              "%.*s (TMPDIR): is %s, holding '%c', which TeX's font scripts read "
                              "as their own in the directory TeX runs in: give a TMPDIR without "
                              "'{' or '}'",
                              (int)(last - dir), dir, real, *brace);
        free(real);
        return refused;
    }
    free(real);
    /* Said as the directory TMPDIR names, the variable to change. */
    if (!mkdtemp(dir))
        return gt_fail(err, GT_ERR_RUNTIME, "%.*s (TMPDIR): %s",
                       (int)(strrchr(dir, '/') - dir), dir, strerror(errno));
    char tex[4200], pdf[4200], log[4200];
    snprintf(tex, sizeof tex, "%s/%s.tex", dir, t->name);
    snprintf(pdf, sizeof pdf, "%s/%s.pdf", dir, t->name);
    snprintf(log, sizeof log, "%s/%s.log", dir, t->name);
    struct output *doc;
    int rc = output_open(&doc, tex, NULL, OUTPUT_PLAIN, 0, 1, err);
    if (rc == GT_OK) {
        rc = sink_tex_document(t, args, opt, doc, err);
        if (rc == GT_OK)
            rc = output_commit(doc, err);
        else
            output_abort(doc);
    }
    /* A stop while the LaTeX is written is the PDF's, said under its name
     * as at any other step (not the temporary document's). */
    if (rc != GT_OK && interrupt_signal)
        rc = interrupt_fail(err, output_name(out));
    /* and a file size limit passed too, as for every other format (not
     * the temporary document's name, which the user never gave) */
    else if (rc != GT_OK && file_size_exceeded)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", output_name(out), strerror(EFBIG));
    /* and any other failure of it too: out of descriptors or memory, the
     * process's (breaker round 47, F1: "gametab-pdf.XXXXXX/NAME.tex: Too
     * many open files"); else the temporary directory's, named as TMPDIR
     * (breaker round 58: a full TMPDIR was "x.pdf: No space left on
     * device", where x.pdf's own disk had room) */
    else if (rc != GT_OK && strncmp(err->msg, tex, strlen(tex)) == 0) {
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err->msg + strlen(tex));
        bool process = strstr(why, strerror(EMFILE)) || strstr(why, strerror(ENFILE)) ||
                       strstr(why, strerror(ENOMEM));
        if (process)
            rc = gt_fail(err, rc, "%s%s", output_name(out), why);
        else
            rc = gt_fail(err, rc, "%s: writing its LaTeX in %.*s (TMPDIR)%s", output_name(out),
                         (int)(strrchr(dir, '/') - dir), dir, why);
    }
    if (rc == GT_OK) {
        char name[256];
        snprintf(name, sizeof name, "%s.tex", t->name);
        struct latex_env env;
        int killed = 0, unstarted = 0;
        size_t seconds = limit_from_environment(SECONDS_MAX_NAME, SINK_PDF_SECONDS_MAX);
        int made = latex_env_init(&env, date, dir, opt->dirs, in_tmpdir) == 0
                       ? run_latexmk(dir, name, env.envp, seconds, &killed, &unstarted)
                       : -1;
        free(env.envp);
        free(env.texinputs);
        free(env.path);
        if (made == -2) {
            rc = interrupt_fail(err, output_name(out));
        } else if (made == -4) {
            /* Perl's fork (mktexfmt's, mktextfm's) waits and tries again
             * for ever under a process limit, saying nothing (breaker
             * round 44, F2: ulimit -u 5); root has no such limit. */
            struct rlimit procs;
            char cause[128] = "a loop in a template?";
            if (geteuid() != 0 && getrlimit(RLIMIT_NPROC, &procs) == 0 &&
                procs.rlim_cur != RLIM_INFINITY)
                snprintf(cause, sizeof cause,
                         "a loop in a template, or TeX's scripts waiting for a process under "
                         "ulimit -u %llu?",
                         (unsigned long long)procs.rlim_cur);
            rc = gt_fail(err, GT_ERR_RUNTIME,
                         "%s: pdflatex failed: the compile ran past %zu s (%s); " SECONDS_MAX_NAME
                         "=SECONDS raises the limit, 0 for none",
                         t->name, seconds, cause);
        } else if (made == -3) {
            /* said, as for a fork of TeX's (breaker round 31, F6) */
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: latexmk could not start: %s%s", t->name,
                         strerror(unstarted),
                         unstarted == EAGAIN
                             ? " (a limit on processes, ulimit -u or a container's pids limit?)"
                             : "");
        } else if (made != 0) {
            /* A full TMPDIR first: pdflatex's own error is then only its
             * symptom ("fwrite() failed"), which is also all there is to
             * tell it by when the room came back before this look: the
             * font metrics METAFONT makes there (without a writable HOME)
             * are removed as it fails (breaker round 37, F4). */
            char first[400];
            first_latex_error(log, name, dir, first, sizeof first);
            if (no_room(dir, ROOM_TMPDIR) || tex_write_failed(first))
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: pdflatex failed: no space left in the temporary directory "
                             "%.*s (TMPDIR)",
                             t->name, (int)(strrchr(dir, '/') - dir), dir);
            else if (latexmk_fork_failed(dir))
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: pdflatex failed: TeX could not start a process (fork: %s): "
                             "a limit on processes, ulimit -u or a container's pids limit?",
                             t->name, strerror(EAGAIN));
            else if (*first)
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: pdflatex failed: %s", t->name, first);
            else if (killed)
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: latexmk was killed by signal %d (%s)",
                             t->name, killed, strsignal(killed));
            else if (latexmk_report(dir, first, sizeof first), *first)
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", t->name, first);
            else
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: pdflatex failed: latexmk did not finish (no error in the LaTeX "
                             "log)",
                             t->name);
        }
    }
    /* latexmk said it was done, yet made nothing (a latexmk that is not
     * one, a wrapper that exits 0): said so, not as a missing temporary. */
    if (rc == GT_OK && access(pdf, F_OK) != 0 && errno == ENOENT)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: latexmk made no PDF (exit status 0, no %s.pdf)",
                     t->name, t->name);
    if (rc == GT_OK)
        rc = copy_file(pdf, out, err);
    remove_tree(dir, false, NULL);
    return rc;
}
