/* build.c: `gametab build`'s directory, written all or nothing (build.h). */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/progress.h"
#include "claims/claims.h"
#include "io/files.h"
#include "io/output.h"
#include "publish/build.h"
#include "publish/errata.h"
#include "publish/figures.h"
#include "publish/handout.h"
#include "publish/journal.h"
#include "publish/workbook.h"
#include "sinks/sink-tex.h"
#include "sinks/sinks.h"
#include "tables/table.h"
#include "template/templates.h"

/* A build being written: the files under the staging directory, to be
 * moved into DIR when all were written. */
struct build {
    const char *dir;      /* DIR as given */
    char *staging;        /* DIR/.gametab-build.XXXXXX */
    int staging_lock;     /* the staging directory, flock'ed while building */
    int dir_fd;           /* DIR, flock'ed for the whole build */
    char **files;         /* written, relative to staging and to DIR */
    size_t nfiles;
    char **stale;         /* to remove from DIR: a worksheet of an earlier
                           * build with --worksheet, when this one has none;
                           * the other language's files, with --lang */
    size_t nstale;
    bool emptied[TEMPLATE_NLANGUAGES]; /* DIR/LANG had stale files: removed if
                                        * the build leaves it empty */
    const struct template_dirs *dirs;
    struct errata errata; /* the claims, checked at their default bounds */
    const char *paper;    /* the handout's: "a4" or "a5" */
    bool worksheet;       /* write the worksheet too */
    uint64_t seed;        /* the worksheet's blanks (--seed) */
    uint64_t draw;        /* and the draw chosen from it (worksheet_draw) */
    uint64_t start[2];    /* the game's starting square (--start) */
    int (*ready)(void *, size_t, struct gt_error *); /* build_options.ready */
    void *ready_data;
    /* The subdirectories of DIR this build made as it published (DIR/en,
     * DIR/ru), each with the top of what it made (first_missing): only
     * those go when it fails; one that was there stays. */
    struct { char *dir, *top; } made[8];
    size_t nmade;
};

/* What one LaTeX file of the build holds, besides a table or the preamble. */
enum build_kind {
    BUILD_TABLE,     /* the table of the request, in its format */
    BUILD_PREAMBLE,
    BUILD_FIGURE,
    BUILD_HANDOUT,
    BUILD_WORKSHEET_TABLE,
    BUILD_ERRATA_CSV, /* the checked claims as gzip-compressed CSV */
    BUILD_ERRATA_TEX, /* and as LaTeX in the request's language */
    BUILD_WORKBOOK,   /* gametab.xlsx: every table and the errata */
};

struct build_item {
    enum build_kind kind;
    const struct workbook_request *workbook; /* BUILD_WORKBOOK */
    const struct figure_def *figure; /* BUILD_FIGURE */
    bool worksheet;                  /* BUILD_FIGURE, BUILD_HANDOUT: the worksheet's */
};

/* Writes a file of the build at path other than a table, as item->kind
 * says: the preamble, a figure of r's table, the handout, r's worksheet
 * table, or the errata. */
static int write_build_file(const struct build *b, const struct table_request *r,
                            const struct build_item *item, const char *path,
                            const char *name, struct gt_error *err)
{
    struct output *out;
    bool gzip = item->kind == BUILD_ERRATA_CSV;
    int rc = output_open(&out, path, name, gzip ? OUTPUT_GZIP : OUTPUT_PLAIN,
                         OUTPUT_GZIP_LEVEL_DEFAULT, 1, err);
    if (rc != GT_OK)
        return rc;
    switch (item->kind) {
    case BUILD_ERRATA_CSV: rc = errata_write_csv(&b->errata, out, err); break;
    case BUILD_ERRATA_TEX: rc = errata_write_tex(&b->errata, &r->tex, out, err); break;
    case BUILD_WORKBOOK: rc = workbook_write(item->workbook, out, err); break;
    case BUILD_FIGURE:
        rc = figure_write(item->figure, &r->args, &r->tex, item->worksheet, out, err);
        break;
    case BUILD_HANDOUT: rc = handout_write(&r->tex, b->paper, item->worksheet, out, err); break;
    case BUILD_WORKSHEET_TABLE:
        rc = worksheet_table_write(r->table, &r->args, &r->tex, b->draw, out, err);
        break;
    default: rc = sink_tex_preamble(&r->tex, out, err); break;
    }
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

/* Writes one file of the build, `rel` under the staging directory, as
 * item->kind says (BUILD_TABLE: r's table in r's format). */
static int build_write(struct build *b, const struct table_request *r,
                       const struct build_item *item, const char *rel, struct gt_error *err)
{
    char **files = realloc(b->files, (b->nfiles + 1) * sizeof *files);
    if (files)
        b->files = files;
    char *path = files ? path_join(b->staging, rel) : NULL;
    /* Messages name the final path, not the staging one. */
    char *shown = path ? path_join(b->dir, rel) : NULL;
    char *name = shown ? strdup(rel) : NULL;
    if (!name) {
        free(path);
        free(shown);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    }
    int rc = item->kind == BUILD_TABLE ? sink_write_table(r, path, shown, err)
                                       : write_build_file(b, r, item, path, shown, err);
    free(path);
    free(shown);
    if (rc != GT_OK) {
        free(name);
        return rc;
    }
    b->files[b->nfiles++] = name;
    return GT_OK;
}

static int build_file(struct build *b, const struct table_request *r, enum build_kind kind,
                      const char *rel, struct gt_error *err)
{
    return build_write(b, r, &(struct build_item){.kind = kind}, rel, err);
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

/* Whether the worksheet has figure f of its own (worksheet-figure-NAME.tex):
 * the bare board only. */
static bool worksheet_has_figure(const struct figure_def *f)
{
    return strcmp(f->name, "wythoff-board") == 0;
}

/* The figures, the handout, and with --worksheet the worksheet and its
 * fragments, of one language. */
static int build_handout(struct build *b, const char *lang, struct gt_error *err)
{
    struct table_request r = {.format = FORMAT_TEX,
                              .tex = {.lang = lang, .dirs = b->dirs, .page = handout_page(b->paper)}};
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
        if (rc == GT_OK && b->worksheet && worksheet_has_figure(f)) {
            item.worksheet = true;
            snprintf(rel, sizeof rel, "%s/worksheet-figure-%s.tex", lang, f->name);
            rc = build_write(b, &r, &item, rel, err);
        }
    }
    /* The worksheet's tables, their blanks drawn once for them all. */
    struct table_args args[16];
    struct worksheet_table ws[16];
    size_t nws = 0;
    for (size_t i = 0; b->worksheet && i < table_registry_size && nws < 16; i++)
        if (worksheet_has_blanks(table_registry[i])) {
            build_args(b, table_registry[i], table_registry[i]->params, &args[nws]);
            ws[nws] = (struct worksheet_table){table_registry[i], &args[nws]};
            nws++;
        }
    if (rc == GT_OK && nws) {
        /* a stop during the draws names the worksheet as the others are named */
        snprintf(rel, sizeof rel, "%s/worksheet.tex", lang);
        char *shown = path_join(b->dir, rel);
        rc = shown ? worksheet_draw(ws, nws, &r.tex, b->seed, &b->draw, shown, err)
                   : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
        free(shown);
    }
    for (size_t i = 0; rc == GT_OK && i < nws; i++) {
        struct build_item item = {.kind = BUILD_WORKSHEET_TABLE};
        r.table = ws[i].table;
        r.args = args[i];
        snprintf(rel, sizeof rel, "%s/worksheet-%s.tex", lang, r.table->name);
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

/* Why a build removes a file, said when it may not. */
#define BUILD_STALE_WHY "a build removes the files it no longer writes"

/* Adds DIR/rel to the files the build removes, if it is there. */
static int build_mark_stale(struct build *b, const char *rel, struct gt_error *err)
{
    char *path = path_join(b->dir, rel);
    struct stat st;
    bool there = path && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
    /* A file that may not be replaced may not be removed either (its
     * owner made it read-only, another user's in a sticky DIR/LANG, an
     * immutable one): said before anything is published, as for the
     * files replaced.  It is moved aside, out of its directory: one not
     * writable is said so too. */
    const char *why = BUILD_STALE_WHY;
    int refused = there && output_may_remove(path, path, why, err) != GT_OK ? GT_ERR_RUNTIME
                  : there ? output_dir_refuses(path, path, 0, why, true, err)
                          : GT_OK;
    free(path);
    if (!there || refused != GT_OK)
        return refused;
    char **stale = realloc(b->stale, (b->nstale + 1) * sizeof *stale);
    if (stale)
        b->stale = stale;
    char *name = stale ? strdup(rel) : NULL;
    if (!name)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    b->stale[b->nstale++] = name;
    return GT_OK;
}

/* A build without --worksheet leaves no worksheet of an earlier build
 * beside its handout: the worksheet and its fragments are the files the
 * build with --worksheet writes (build_handout). */
static int build_mark_stale_worksheet(struct build *b, const char *lang, struct gt_error *err)
{
    char rel[256];
    snprintf(rel, sizeof rel, "%s/worksheet.tex", lang);
    int rc = build_mark_stale(b, rel, err);
    /* Only the names it writes: worksheet-wythoff-game.tex, say, is a
     * user's own worksheet for what gametab's leaves out. */
    for (size_t i = 0; rc == GT_OK && i < figure_registry_size; i++) {
        if (!worksheet_has_figure(figure_registry[i]))
            continue;
        snprintf(rel, sizeof rel, "%s/worksheet-figure-%s.tex", lang, figure_registry[i]->name);
        rc = build_mark_stale(b, rel, err);
    }
    for (size_t i = 0; rc == GT_OK && i < table_registry_size; i++) {
        if (!worksheet_has_blanks(table_registry[i]))
            continue;
        snprintf(rel, sizeof rel, "%s/worksheet-%s.tex", lang, table_registry[i]->name);
        rc = build_mark_stale(b, rel, err);
    }
    return rc;
}

/* Whether DIR/lang is a directory on another file system than DIR (1),
 * or a mount point of DIR's own (2: a bind mount), or neither (0): rename
 * cannot move a file of the build into it (EXDEV), nor one of its files
 * aside. */
static int lang_dir_mounted(const char *dir, const char *lang)
{
    char *path = path_join(dir, lang);
    struct stat d, l;
    int fd = path ? open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    int mounted = 0;
    if (fd >= 0 && stat(dir, &d) == 0 && fstat(fd, &l) == 0)
        mounted = d.st_dev != l.st_dev ? 1 : fd_mount_root(fd) ? 2 : 0;
    if (fd >= 0)
        close(fd);
    free(path);
    return mounted;
}

/* Whether DIR/lang is a symbolic link (err set, saying where to): every
 * language's, written or marked stale, since the build moves files in and
 * out of DIR/LANG and would do so in the directory the link names, the
 * user's, out of DIR. */
static bool lang_dir_linked(const char *dir, const char *lang, struct gt_error *err)
{
    char *path = path_join(dir, lang);
    struct stat st;
    if (!path || lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) {
        free(path);
        return false;
    }
    char to[4096];
    ssize_t n = readlink(path, to, sizeof to - 1);
    to[n < 0 ? 0 : n] = '\0';
    gt_fail(err, GT_ERR_RUNTIME,
            "%s: a symbolic link (to %s): build writes DIR/LANG itself, not through a link", path,
            to);
    free(path);
    return true;
}

/* The refusal of a DIR/LANG that lang_dir_mounted found mounted (how). */
static int fail_mounted(const char *dir, const char *lang, int how, struct gt_error *err)
{
    return gt_fail(err, GT_ERR_RUNTIME,
                   "%s/%s: a mount point (%s%s): build writes DIR/LANG on DIR's own file system",
                   dir, lang, how == 1 ? "another file system than " : "a bind mount in ",
                   dir);
}

/* The j-th name a build may write in DIR/LANG: *prefix and *base, base
 * NULL for a worksheet figure or table the worksheet has not; false past
 * the last. */
static bool language_candidate(size_t i, const char **prefix, const char **base)
{
    /* preamble, the tables, errata, the figures, handout, worksheet, the
     * worksheet's figures and tables: in the order build_language writes
     * them. */
    size_t nt = table_registry_size, nf = figure_registry_size;
    *prefix = "";
    *base = NULL;
    if (i == 0)
        *base = "preamble";
    else if ((i -= 1) < nt)
        *base = table_registry[i]->name;
    else if ((i -= nt) == 0)
        *base = "errata";
    else if ((i -= 1) < nf)
        *prefix = "figure-", *base = figure_registry[i]->name;
    else if ((i -= nf) == 0)
        *base = "handout";
    else if ((i -= 1) == 0)
        *base = "worksheet";
    else if ((i -= 1) < nf)
        *prefix = "worksheet-figure-",
        *base = worksheet_has_figure(figure_registry[i]) ? figure_registry[i]->name : NULL;
    else if ((i -= nf) < nt)
        *prefix = "worksheet-",
        *base = worksheet_has_blanks(table_registry[i]) ? table_registry[i]->name : NULL;
    else
        return false;
    return true;
}

bool build_language_file(size_t i, char *name, size_t size)
{
    const char *prefix, *base;
    for (size_t j = 0; language_candidate(j, &prefix, &base); j++)
        if (base && i-- == 0) {
            snprintf(name, size, "%s%s.tex", prefix, base);
            return true;
        }
    return false;
}

/* The i-th name, relative to DIR, of a file a build writes or removes
 * (i from 0 on), into rel (size bytes): the workbook, the errata's csv.gz,
 * each table's, then LANG/ and each name of build_language_file for each
 * language (with --lang, the other's are removed).  false past the last. */
static bool build_rel_name(size_t i, char *rel, size_t size)
{
    char name[256];
    if (i < 2) {
        snprintf(rel, size, "%s", i == 0 ? "gametab.xlsx" : "errata.csv.gz");
        return true;
    }
    if ((i -= 2) < table_registry_size) {
        snprintf(rel, size, "%s.csv.gz", table_registry[i]->name);
        return true;
    }
    i -= table_registry_size;
    for (size_t l = 0; l < TEMPLATE_NLANGUAGES; l++)
        for (size_t j = 0; build_language_file(j, name, sizeof name); j++)
            if (i-- == 0) {
                snprintf(rel, size, "%s/%s", template_languages[l], name);
                return true;
            }
    return false;
}

/* Whether rel, relative to DIR, is a file a build writes or removes
 * (build_rel_name).  The journal of a dead build is held to them. */
static bool build_publishes(const char *rel)
{
    char name[300];
    for (size_t i = 0; build_rel_name(i, name, sizeof name); i++)
        if (strcmp(rel, name) == 0)
            return true;
    return false;
}

/* Whether the build of bo writes rel (build_rel_name's), rather than
 * removing it: the other language's files with --lang, and the
 * worksheet's without --worksheet, it removes. */
static bool build_writes(const struct build_options *bo, const char *rel)
{
    const char *slash = strchr(rel, '/');
    if (!slash)
        return true;
    if (bo->only_lang && (strlen(bo->only_lang) != (size_t)(slash - rel) ||
                          strncmp(rel, bo->only_lang, (size_t)(slash - rel)) != 0))
        return false;
    return bo->worksheet || strncmp(slash + 1, "worksheet", 9) != 0;
}

/* A build with --lang leaves no file of the other language lang from an
 * earlier build: the files build_language writes for it, by their names
 * (build_language_file), and DIR/lang itself if that leaves it empty.  A
 * user's other files there stay (and with them the directory). */
static int build_mark_stale_language(struct build *b, const char *lang, size_t index,
                                     struct gt_error *err)
{
    size_t before = b->nstale;
    char name[200], rel[256];
    int rc = GT_OK;
    for (size_t i = 0; rc == GT_OK && build_language_file(i, name, sizeof name); i++) {
        snprintf(rel, sizeof rel, "%s/%s", lang, name);
        rc = build_mark_stale(b, rel, err);
    }
    b->emptied[index] = b->nstale > before;
    /* Its files would be moved aside across file systems. */
    int how = rc == GT_OK && b->emptied[index] ? lang_dir_mounted(b->dir, lang) : 0;
    return how ? fail_mounted(b->dir, lang, how, err) : rc;
}

static int build_language(struct build *b, const char *lang, struct gt_error *err)
{
    char *langdir = path_join(b->staging, lang);
    if (!langdir)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    /* In the staging directory, and said as the DIR/LANG it becomes: the
     * staging directory is gone once the failed build is rolled back. */
    int rc = GT_OK;
    char *final = path_join(b->dir, lang);
    if (!final) {
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    } else if (mkdir(langdir, 0777) != 0 && errno != EEXIST) {
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", final, strerror(errno));
    } else {
        /* A file new in DIR/LANG is as any new file there: the group of a
         * setgid DIR/LANG, its default ACL. */
        rc = output_dir_inherit_like(langdir, final, err);
        /* Worked in whatever the umask (777: mode 000), as the staging
         * directory (breaker round 30, F13). */
        struct stat st;
        if (rc == GT_OK && stat(langdir, &st) == 0 && (st.st_mode & S_IRWXU) != S_IRWXU &&
            chmod(langdir, (st.st_mode & 07777) | S_IRWXU) != 0)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", final, strerror(errno));
    }
    free(final);
    free(langdir);
    struct table_request r = {.format = FORMAT_TEX,
                              .tex = {.lang = lang, .dirs = b->dirs, .page = handout_page(b->paper)}};
    char rel[256];
    snprintf(rel, sizeof rel, "%s/preamble.tex", lang);
    if (rc == GT_OK)
        rc = build_file(b, &r, BUILD_PREAMBLE, rel, err);
    for (size_t i = 0; rc == GT_OK && i < table_registry_size; i++) {
        r.table = table_registry[i];
        build_args(b, r.table, r.table->params, &r.args);
        snprintf(rel, sizeof rel, "%s/%s.tex", lang, r.table->name);
        rc = build_file(b, &r, BUILD_TABLE, rel, err);
    }
    r.table = NULL;
    snprintf(rel, sizeof rel, "%s/errata.tex", lang);
    if (rc == GT_OK)
        rc = build_file(b, &r, BUILD_ERRATA_TEX, rel, err);
    if (rc == GT_OK)
        rc = build_handout(b, lang, err);
    if (rc == GT_OK && !b->worksheet)
        rc = build_mark_stale_worksheet(b, lang, err);
    return rc;
}

/* Where the old file i of DIR waits while the build publishes: in the
 * staging directory, so that the rename cannot fail for want of room. */
static char *old_path_of(const struct build *b, size_t i)
{
    char name[64];
    snprintf(name, sizeof name, JOURNAL_OLD_NAME, i);
    return path_join(b->staging, name);
}

/* Where the stale file i of DIR waits while the build publishes. */
static char *stale_path_of(const struct build *b, size_t i)
{
    char name[64];
    snprintf(name, sizeof name, JOURNAL_STALE_NAME, i);
    return path_join(b->staging, name);
}

/* Moves the stale files out of DIR into the staging directory (removed
 * with it); GT_OK, or an error with the first *moved of them moved. */
static int build_remove_stale(struct build *b, size_t *moved, struct gt_error *err)
{
    int rc = GT_OK;
    for (*moved = 0; rc == GT_OK && *moved < b->nstale; ++*moved) {
        char *to = path_join(b->dir, b->stale[*moved]);
        char *aside = stale_path_of(b, *moved);
        if (!to || !aside)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
        else if (rename(to, aside) != 0 && errno != ENOENT)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(errno));
        free(to);
        free(aside);
        if (rc != GT_OK)
            break;
    }
    return rc;
}

/* Puts the first n stale files back. */
static void build_restore_stale(struct build *b, size_t n)
{
    while (n-- > 0) {
        char *to = path_join(b->dir, b->stale[n]);
        char *aside = stale_path_of(b, n);
        if (to && aside && rename(aside, to) != 0 && errno == ENOENT) {
            /* DIR/LANG, emptied and removed before the publication that
             * failed: made again for its files */
            char *slash = strrchr(to, '/');
            *slash = '\0';
            int made = mkdir(to, 0777);
            *slash = '/';
            if (made == 0)
                rename(aside, to);
        }
        free(to);
        free(aside);
    }
}

/* Takes back the first n renames of build_publish, last first: each new
 * file goes back into the staging directory and the old one, if there was
 * one, back into its place. */
static void build_rollback(struct build *b, size_t n, const bool *had_old)
{
    while (n-- > 0) {
        char *from = path_join(b->staging, b->files[n]);
        char *to = path_join(b->dir, b->files[n]);
        char *old_path = old_path_of(b, n);
        if (from && to && rename(to, from) == 0 && had_old[n] && old_path)
            rename(old_path, to);
        free(from);
        free(to);
        free(old_path);
    }
}

static char *first_missing(const char *dir);
static void remove_made(const char *dir, const char *top);

/* Makes the directory dir of one of DIR's files for publishing, noting it
 * (and the top of what it made) when it was not there. */
static int build_make_subdirectory(struct build *b, const char *dir, struct gt_error *err)
{
    char *top = first_missing(dir);
    int rc = make_directories(dir, err);
    if (top && b->nmade < sizeof b->made / sizeof b->made[0] &&
        (b->made[b->nmade].dir = strdup(dir)) != NULL)
        b->made[b->nmade++].top = top;
    else
        free(top);
    return rc;
}

/* Takes back the subdirectories this build made as it published, only
 * empty ones (rmdir refuses the others); never one that was there, with
 * its mode, group or ACL. */
static void build_remove_made_subdirectories(struct build *b)
{
    for (size_t i = b->nmade; i-- > 0;)
        remove_made(b->made[i].dir, b->made[i].top);
}

static void build_forget_made_subdirectories(struct build *b)
{
    for (size_t i = 0; i < b->nmade; i++) {
        free(b->made[i].dir);
        free(b->made[i].top);
    }
    b->nmade = 0;
}

/* The rules of `table -o` for a file that replaces another (io/output.h):
 * when DIR's file i, at to, is there, it must be one that may be replaced
 * (its owner did not make it read-only), and the new file takes its mode,
 * group, ACL and extended attributes (and owner, for root:
 * output_take_mode). */
static int build_take_old_mode(const struct build *b, size_t i, const char *to,
                               struct gt_error *err)
{
    struct stat st;
    if (lstat(to, &st) != 0 || !S_ISREG(st.st_mode))
        return GT_OK;
    if (output_may_replace(to, to, err) != GT_OK ||
        output_dir_refuses(to, to, 0, OUTPUT_REPLACED_WHOLE, false, err) != GT_OK)
        return GT_ERR_RUNTIME;
    char *from = path_join(b->staging, b->files[i]);
    if (!from)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    /* The staging file is the build's own: mode 000 under umask 777 (breaker
     * round 32, F7), until it is given the old file's mode here. */
    int fd = open_own_for_reading(AT_FDCWD, from, 0);
    int rc = fd < 0 ? gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(errno))
                    : output_take_mode(fd, to, &st, to, err);
    if (fd >= 0)
        close(fd);
    free(from);
    return rc;
}

/* Moves every written file from the staging directory into DIR, all or
 * nothing: first everything that can fail short of the renames (no target
 * is a directory, every file replaced may be and its mode is taken over),
 * then the journal (journal.h), then the directories the files need are
 * made; then, file by file, the
 * old file is moved aside into the staging directory and the new one into
 * its place.  When a mkdir or a rename fails (a directory of DIR not
 * writable, on another file system, read-only) or a stop request comes
 * before the last rename, what was done is taken back, so DIR is left as
 * it was.  The journal names the directories to make and the files, and is
 * voided once every rename is synced: a build killed in between is taken
 * back by the next. */
static int build_publish(struct build *b, struct gt_error *err)
{
    int rc = GT_OK;
    /* The directories of DIR to make (DIR/ru of a build into a DIR
     * without it), each a name of the journal before it is made: a build
     * killed between a mkdir and the journal left an empty DIR/ru that no
     * later build took back (breaker round 49, F1). */
    char *made[sizeof b->made / sizeof b->made[0]];
    size_t nmade = 0;
    for (size_t i = 0; rc == GT_OK && i < b->nfiles; i++) {
        char *to = path_join(b->dir, b->files[i]);
        struct stat st;
        if (!to) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
            break;
        }
        /* "ru/handout.tex" (files hold at most one '/'): DIR/ru */
        const char *slash = strchr(b->files[i], '/');
        size_t len = slash ? (size_t)(slash - b->files[i]) : 0;
        bool known = false;
        for (size_t k = 0; k < nmade && !known; k++)
            known = strlen(made[k]) == len && strncmp(made[k], b->files[i], len) == 0;
        if (slash && !known && nmade < sizeof made / sizeof made[0]) {
            char *sub = path_join(b->dir, b->files[i]);
            if (sub)
                sub[strlen(sub) - strlen(slash)] = '\0';
            if (!sub || (lstat(sub, &st) != 0 && errno == ENOENT &&
                         !(made[nmade++] = strndup(b->files[i], len))))
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
            free(sub);
        }
        /* A symbolic link is replaced like a file, wherever it points
         * (breaker round 30, F2: one to a directory was "Is a
         * directory"). */
        if (rc == GT_OK && lstat(to, &st) == 0 && S_ISDIR(st.st_mode))
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(EISDIR));
        if (rc == GT_OK)
            rc = build_take_old_mode(b, i, to, err);
        free(to);
    }
    /* A stop request during the staging's last sync or the checks: DIR
     * stays as it was. */
    if (rc == GT_OK && interrupt_signal)
        rc = interrupt_fail(err, b->dir);
    /* What is about to be published, on the disk before the first mkdir
     * and rename: a build killed from here on is taken back by the next
     * (journal.h). */
    if (rc == GT_OK)
        rc = journal_write(b->staging_lock, b->dir, b->files, b->nfiles, b->stale, b->nstale,
                           made, nmade, build_publishes, err);
    for (size_t k = 0; k < nmade; k++)
        free(made[k]);
    for (size_t i = 0; rc == GT_OK && i < b->nfiles; i++) {
        char *to = path_join(b->dir, b->files[i]);
        char *slash = to ? strrchr(to, '/') : NULL;
        if (!to) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
        } else if (slash != to) { /* "/x" (a build into /): its directory, the root, is there */
            *slash = '\0';
            rc = build_make_subdirectory(b, to, err);
        }
        free(to);
    }
    bool *had_old = rc == GT_OK ? calloc(b->nfiles + 1, sizeof *had_old) : NULL;
    if (rc == GT_OK && !had_old)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    size_t done = 0;
    for (; rc == GT_OK && done < b->nfiles; done++) {
        char *from = path_join(b->staging, b->files[done]);
        char *to = path_join(b->dir, b->files[done]);
        char *old_path = old_path_of(b, done);
        struct stat st;
        if (!from || !to || !old_path) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
        } else if (interrupt_signal) {
            /* a signal between two renames takes back those done */
            rc = interrupt_fail(err, b->dir);
        } else if (lstat(to, &st) == 0 && rename(to, old_path) != 0) {
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(errno));
        } else {
            had_old[done] = lstat(old_path, &st) == 0;
            if (interrupt_signal) {
                rc = interrupt_fail(err, b->dir);
                if (had_old[done])
                    rename(old_path, to);
            } else if (rename(from, to) != 0) {
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", to, strerror(errno));
                if (had_old[done])
                    rename(old_path, to);
            }
        }
        free(from);
        free(to);
        free(old_path);
        if (rc != GT_OK)
            break;
    }
    size_t moved = 0;
    if (rc == GT_OK && build_remove_stale(b, &moved, err) != GT_OK) {
        build_restore_stale(b, moved);
        rc = GT_ERR_RUNTIME;
    }
    /* Every rename on the disk; a failed sync, or a stop request up to
     * here, takes everything back. */
    if (rc == GT_OK &&
        (journal_sync(b->dir_fd, b->staging_lock, b->dir, b->files, b->nfiles, err) != GT_OK ||
         (interrupt_signal && interrupt_fail(err, b->dir) != GT_OK))) {
        build_restore_stale(b, moved);
        rc = GT_ERR_RUNTIME;
    }
    /* Every file in place: the command's report, never before (a failed
     * rename would make it false); one that cannot be written takes the
     * build back, so that DIR stays as it was.  Before it the publication,
     * the journal voided: until then a build killed is taken back by the
     * next, as this one takes itself back; after, nothing is taken back but
     * for a summary line that cannot be written, with the journal put back
     * (breaker round 28, F4; round 29, F8). */
    /* The language directories the build emptied go before the
     * publication, not after its summary line: a build killed between the
     * two left an empty DIR/ru for good (breaker round 49, F1).  A
     * take-back makes one again for the files it puts back
     * (build_restore_stale, journal.h's move_back). */
    if (rc == GT_OK)
        for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++)
            if (b->emptied[i]) {
                char *langdir = path_join(b->dir, template_languages[i]);
                if (langdir)
                    rmdir(langdir); /* refused unless empty */
                free(langdir);
            }
    if (rc == GT_OK && journal_void(b->staging_lock, b->dir, err) != GT_OK) {
        build_restore_stale(b, moved);
        rc = GT_ERR_RUNTIME;
    }
    if (rc == GT_OK && b->ready && b->ready(b->ready_data, b->nfiles, err) != GT_OK) {
        journal_restore(b->staging_lock);
        build_restore_stale(b, moved);
        rc = GT_ERR_RUNTIME;
    }
    if (rc != GT_OK) {
        build_rollback(b, done, had_old);
        build_remove_made_subdirectories(b);
    }
    build_forget_made_subdirectories(b);
    free(had_old);
    return rc;
}

static int run_build(struct build *b, const struct build_options *bo, struct gt_error *err)
{
    for (size_t i = 0; i < table_registry_size; i++) {
        struct table_request r = {.table = table_registry[i], .format = FORMAT_CSV_GZ,
                                  .level = OUTPUT_GZIP_LEVEL_DEFAULT, .jobs = 1};
        build_args(b, r.table, r.table->params, &r.args);
        char rel[256];
        snprintf(rel, sizeof rel, "%s.csv.gz", r.table->name);
        if (build_file(b, &r, BUILD_TABLE, rel, err) != GT_OK)
            return GT_ERR_RUNTIME;
    }
    /* The errata: every claim at its default bound, whatever the outcome.
     * A stop there is the build's, said of DIR, not of the claim then
     * checked, which verify names (breaker round 37, F5). */
    if (errata_run(&b->errata, claim_registry, claim_registry_size, 1, NULL, NULL, err) != GT_OK)
        return interrupt_signal ? interrupt_fail(err, b->dir) : GT_ERR_RUNTIME;
    if (build_file(b, &(struct table_request){0}, BUILD_ERRATA_CSV, "errata.csv.gz", err) != GT_OK)
        return GT_ERR_RUNTIME;
    /* The workbook: the build's languages' contents, every table at the
     * article's parameters, the errata. */
    const char *langs[TEMPLATE_NLANGUAGES];
    size_t nlangs = 0;
    for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++)
        if (!bo->only_lang || strcmp(bo->only_lang, template_languages[i]) == 0)
            langs[nlangs++] = template_languages[i];
    struct table_args *args = calloc(table_registry_size, sizeof *args);
    if (!args)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
    for (size_t i = 0; i < table_registry_size; i++)
        build_args(b, table_registry[i], table_registry[i]->params, &args[i]);
    struct workbook_request w = {.langs = langs, .nlangs = nlangs, .dirs = b->dirs,
                                 .args = args, .errata = &b->errata};
    int rc = build_write(b, &(struct table_request){0},
                         &(struct build_item){.kind = BUILD_WORKBOOK, .workbook = &w},
                         "gametab.xlsx", err);
    free(args);
    if (rc != GT_OK)
        return GT_ERR_RUNTIME;
    for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++)
        if (!bo->only_lang || strcmp(bo->only_lang, template_languages[i]) == 0) {
            if (build_language(b, template_languages[i], err) != GT_OK)
                return GT_ERR_RUNTIME;
        } else if (build_mark_stale_language(b, template_languages[i], i, err) != GT_OK) {
            return GT_ERR_RUNTIME;
        }
    return build_publish(b, err);
}

/* Whether the file at path (a template's partial) is one the build of bo
 * writes or removes in its DIR: the same file (stat identity) as DIR/REL
 * for a REL of build_rel_name's (template_targets). */
static bool build_holds(const char *path, void *ud)
{
    const struct build_options *bo = ud;
    struct stat p, o;
    if (stat(path, &p) != 0)
        return false;
    char rel[300];
    bool held = false;
    for (size_t i = 0; !held && build_rel_name(i, rel, sizeof rel); i++) {
        char *at = path_join(bo->dir, rel);
        held = at && stat(at, &o) == 0 && o.st_dev == p.st_dev && o.st_ino == p.st_ino;
        free(at);
    }
    return held;
}

/* The i-th template a build reads (i from 0 on), into name (size bytes):
 * preamble.tex, errata.tex and handout.tex, each table's, each figure's;
 * false past the last. */
static bool build_template_name(size_t i, char *name, size_t size)
{
    static const char *const fixed[] = {"preamble.tex", "errata.tex", "handout.tex"};
    size_t nfixed = sizeof fixed / sizeof *fixed;
    if (i < nfixed)
        snprintf(name, size, "%s", fixed[i]);
    else if ((i -= nfixed) < table_registry_size)
        snprintf(name, size, "%s", table_registry[i]->tex_template);
    else if ((i -= table_registry_size) < figure_registry_size)
        snprintf(name, size, "figure-%s.tex", figure_registry[i]->name);
    else
        return false;
    return true;
}

bool build_reads(const char *name)
{
    char read[160];
    for (size_t i = 0; build_template_name(i, read, sizeof read); i++)
        if (strcmp(name, read) == 0)
            return true;
    for (size_t l = 0; l < TEMPLATE_NLANGUAGES; l++) {
        snprintf(read, sizeof read, "lang/%s.json", template_languages[l]);
        if (strcmp(name, read) == 0)
            return true;
    }
    return false;
}

/* Reads and parses every template the build fills for lang, with their
 * partials, and lang's language file (templates_parse): one that does not
 * parse is said before any work, and before DIR is made. */
static int build_templates_parse(const struct template_dirs *dirs, const char *lang,
                                 const struct build_options *bo, struct gt_error *err)
{
    /* No partial may be a file of DIR the build replaces or removes, nor
     * the file its summary line goes to (breaker round 32, F6). */
    const struct template_targets targets = {"-", build_holds, (void *)bo};
    /* All in one call: each template's {{lang.NAME}} checked against lang's
     * strings, loaded once. */
    char name[160];
    size_t n = 0;
    while (build_template_name(n, name, sizeof name))
        n++;
    char (*names)[160] = calloc(n, sizeof *names);
    const char **list = calloc(n, sizeof *list);
    int rc = names && list ? GT_OK
                           : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", bo->dir, strerror(ENOMEM));
    for (size_t i = 0; rc == GT_OK && i < n; i++) {
        build_template_name(i, names[i], sizeof names[i]);
        list[i] = names[i];
    }
    if (rc == GT_OK)
        rc = templates_parse(dirs, lang, list, n, &targets, err);
    free(list);
    free(names);
    return rc;
}

/* The shortest leading part of dir ("a" of "a/b/c") that does not exist:
 * the top of what make_directories makes for the build; NULL when dir
 * exists (or out of memory: then nothing is removed). */
static char *first_missing(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0)
        return NULL;
    char *path = strdup(dir);
    for (char *p = path ? path + 1 : NULL; p && *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (stat(path, &st) != 0)
            return path;
        *p = '/';
    }
    return path;
}

/* Removes dir and its parents up to top (from first_missing), each only if
 * empty: the directories a failed build made.  One the build could not
 * make (a full disk in the middle of a/b/c) is passed over. */
static void remove_made(const char *dir, const char *top)
{
    if (!top)
        return;
    char *path = strdup(dir);
    size_t keep = strlen(top);
    while (path && strlen(path) >= keep) {
        /* "." and ".." of the path name no directory the build made. */
        const char *last = strrchr(path, '/');
        last = last ? last + 1 : path;
        bool dots = strcmp(last, ".") == 0 || strcmp(last, "..") == 0;
        /* One too long to make (ENAMETOOLONG) was never made either. */
        if (!dots && rmdir(path) != 0 && errno != ENOENT && errno != ENAMETOOLONG)
            break;
        char *slash = strrchr(path, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    free(path);
}

#define STAGING_PREFIX ".gametab-build."
/* A file every staging directory holds from the moment it is locked: only
 * a directory with it is taken for a dead build's. */
#define STAGING_MARK ".gametab-staging"

/* The start of process pid, in clock ticks after boot (/proc/PID/stat's
 * 22nd field), into start: 0, or -1 where /proc does not say, or the
 * process has ended (a zombie its parent has not reaped: breaker round
 * 30, F1, a job runner that kills a build and starts the next before it
 * waits for the first). */
static int process_start(long pid, unsigned long long *start)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0)
        return -1;
    text[n] = '\0';
    /* The name, field 2, is in parentheses and may hold any byte: the
     * fields count from its last ')'. */
    char *p = strrchr(text, ')');
    if (!p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X' || p[2] == 'x')
        return -1;
    for (int field = 2; p && field < 22; field++)
        p = strchr(p + 1, ' ');
    char *end;
    errno = 0;
    *start = p ? strtoull(p + 1, &end, 10) : 0;
    return p && errno == 0 && end != p + 1 ? 0 : -1;
}

/* This boot's identifier (/proc/sys/kernel/random/boot_id), "-" where it
 * cannot be read. */
static void boot_id(char *id, size_t size)
{
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, id, size - 1) : -1;
    if (fd >= 0)
        close(fd);
    id[n > 0 ? n : 0] = '\0';
    id[strcspn(id, " \n")] = '\0';
    if (!*id)
        snprintf(id, size, "-");
}

/* Whether /proc is this process's PID namespace's: /proc/self names
 * getpid().  In a namespace that sees the host's /proc (unshare -p
 * without --mount-proc) /proc/PID is another process (breaker round 31,
 * F7: "1" read the host's init). */
static bool proc_is_ours(void)
{
    char link[32];
    ssize_t n = readlink("/proc/self", link, sizeof link - 1);
    if (n <= 0)
        return false;
    link[n] = '\0';
    char *end;
    long pid = strtol(link, &end, 10);
    return *end == '\0' && pid == (long)getpid();
}

/* What the mark holds: "HOST PID START BOOT\n", the build's host, its
 * process, the process's start (process_start; 0 where /proc does not
 * say) and the boot's identifier: a process is the build only when all
 * four match, as a process id alone is reused (breaker round 30, F1);
 * 0 too where /proc is not this PID namespace's (proc_is_ours). */
static void staging_owner(char *text, size_t size, long pid)
{
    char host[256] = "", boot[64];
    unsigned long long start = 0;
    if (gethostname(host, sizeof host - 1) != 0 || !*host)
        snprintf(host, sizeof host, "-");
    boot_id(boot, sizeof boot);
    if (!proc_is_ours() || process_start(pid, &start) != 0)
        start = 0;
    snprintf(text, size, "%s %ld %llu %s\n", host, pid, start, boot);
}

/* Whether the staging directory open at fd, though its lock is free, is a
 * build's that runs: its mark names this host, this boot and a process
 * that lives and started when the build's did.  Where flock is local to
 * one mount (FUSE: sshfs, bindfs; NFS with local_lock) a build through
 * another mount of DIR would take a running build's directory for a dead
 * one's (breaker round 29, F7).  A mark that does not say the process's
 * start (/proc not mounted, an older gametab's "HOST PID") proves nothing:
 * the lock, free, says the build is dead. */
static bool staging_alive(int fd)
{
    char text[400] = "", mine[400];
    /* O_NONBLOCK: a FIFO made at the mark's name is not waited on (breaker
     * round 32, F1); it reads as no mark. */
    int mark = openat(fd, STAGING_MARK, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (mark < 0)
        return false;
    ssize_t n = read(mark, text, sizeof text - 1);
    close(mark);
    if (n <= 0 || text[n - 1] != '\n')
        return false;
    text[n] = '\0';
    /* "HOST PID START BOOT\n": the host's name may hold spaces, the
     * rest do not. */
    char *fields[3];
    char *end = text + n - 1;
    for (int i = 2; i >= 0; i--) {
        *end = '\0';
        char *space = strrchr(text, ' ');
        if (!space)
            return false;
        fields[i] = space + 1;
        end = space;
    }
    *end = '\0'; /* text: the host */
    char *stop;
    errno = 0;
    long pid = strtol(fields[0], &stop, 10);
    if (errno != 0 || *stop || pid <= 0 || pid == (long)getpid())
        return false;
    staging_owner(mine, sizeof mine, pid);
    /* the process pid has now: its start, on this host and boot */
    char want[400];
    int k = snprintf(want, sizeof want, "%s %s %s %s\n", text, fields[0], fields[1], fields[2]);
    /* one too long for want is no line staging_owner writes */
    return k >= 0 && (size_t)k < sizeof want && strcmp(fields[1], "0") != 0 &&
           strcmp(fields[2], "-") != 0 && strcmp(want, mine) == 0;
}

/* A name mkdtemp makes of STAGING_PREFIX "XXXXXX": the prefix and six
 * letters or digits, nothing else. */
static bool staging_name(const char *name)
{
    size_t plen = strlen(STAGING_PREFIX);
    if (strncmp(name, STAGING_PREFIX, plen) != 0 || strlen(name) != plen + 6)
        return false;
    for (const char *p = name + plen; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            return false;
    return true;
}

/* Removes the staging directories in dir whose builds are dead: a build
 * holds an exclusive flock on its staging directory from the moment it
 * makes it until it has removed it, and the kernel lets go of the lock when
 * the process ends however it ends (kill -KILL, a crash), so one whose lock
 * can be taken is left over.  The lock is held while the directory is
 * removed; one in use by a build still running is left alone.  Only a
 * directory named as mkdtemp names them, on dir's own file system, not a
 * mount point and holding STAGING_MARK is one (or, without it, an empty
 * one: its build died before making the mark): a user's directory of a
 * like name is never emptied, and the removal stays in it (remove_tree: a
 * mount inside, a bind mount of the same file system too, is left alone;
 * breaker round 27, F3).  A stop request ends the removal between two
 * entries (interrupt_fail: err names the directory), the mark kept to
 * the last, so that the next build removes the rest (round 27, F4: 200 000
 * files took 2.6 s, deaf); GT_OK otherwise, whatever could not be removed.
 * A dead build that was publishing is taken back first, as its journal
 * says (journal_take_back): DIR as it was before it, and its old files
 * kept until then (round 27, F8). */
static int remove_dead_stagings(const char *dir, struct gt_error *err)
{
    struct stat dst;
    DIR *d = opendir(dir);
    if (!d)
        return GT_OK;
    if (fstat(dirfd(d), &dst) != 0) {
        closedir(d);
        return GT_OK;
    }
    int rc = GT_OK;
    struct dirent *e;
    while (rc == GT_OK) {
        /* A DIR whose entries cannot be read (EIO) may hide a dead build
         * killed while publishing: building over it, this build's files
         * would be taken back by the next one (breaker round 53, F1: it was
         * passed over, exit 0). */
        errno = 0;
        if (!(e = readdir(d))) {
            if (errno)
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: reading its entries, for a dead build's staging directory: %s",
                             dir, strerror(errno));
            break;
        }
        /* A stop request between two directories too: thousands of dead
         * builds' take seconds (breaker round 30, F6). */
        if (interrupt_signal) {
            rc = interrupt_fail(err, dir);
            break;
        }
        if (!staging_name(e->d_name))
            continue;
        char *path = path_join(dir, e->d_name);
        int fd = path ? open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
        /* One this user may not open (another user's, mode 0700) may hold
         * a journal: published over, it would be taken back later over the
         * newer build (breaker round 29, F11).  Said, and the build stops. */
        if (path && fd < 0 && (errno == EACCES || errno == EPERM)) {
            /* Its owner named; only its owner's build can take it back,
             * and removing it by hand would lose the old files it may
             * hold (breaker round 30, F12: "or remove it"). */
            int e = errno;
            struct stat own;
            bool known = lstat(path, &own) == 0;
            if (known && own.st_uid == geteuid()) {
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: %s: a dead build's staging directory of yours that you cannot "
                             "open (mode %03o), which may hold a build killed while publishing: "
                             "chmod u+rwx it and build again, and the build takes it back",
                             path, strerror(e), (unsigned)(own.st_mode & 0777));
            } else {
                char owner[64] = "its owner";
                struct passwd *pw = known ? getpwuid(own.st_uid) : NULL;
                if (pw && strlen(pw->pw_name) < sizeof owner)
                    snprintf(owner, sizeof owner, "%s", pw->pw_name);
                else if (known)
                    snprintf(owner, sizeof owner, "user %ld", (long)own.st_uid);
                rc = gt_fail(err, GT_ERR_RUNTIME,
                             "%s: %s: another user's (%s) dead build's staging directory, which "
                             "may hold a build killed while publishing: %s's next build into %s "
                             "takes it back and removes it (ask %s%s to run one)",
                             path, strerror(e), owner, owner, dir, owner,
                             strcmp(owner, "root") == 0 ? "" : " or root");
            }
            free(path);
            break;
        }
        struct stat st, mark;
        bool ours = fd >= 0 && fstat(fd, &st) == 0 && st.st_dev == dst.st_dev &&
                    !fd_mount_root(fd) && flock(fd, LOCK_EX | LOCK_NB) == 0;
        bool alive = ours && staging_alive(fd);
        /* A build that runs, publishing through another mount, whose lock
         * on DIR is not seen here: this one would publish over its
         * journal, which would then be taken back over this build. */
        if (alive && fstatat(fd, JOURNAL_NAME, &mark, AT_SYMLINK_NOFOLLOW) == 0) {
            rc = gt_fail(err, GT_ERR_RUNTIME,
                         "%s: a build that runs on this host is publishing into %s through "
                         "another mount (whose lock is not seen here): build again once it "
                         "has ended",
                         path, dir);
            close(fd);
            free(path);
            break;
        }
        if (ours && !alive) {
            /* Without the mark (a build killed before it made it) only an
             * empty directory goes. */
            if (fstatat(fd, STAGING_MARK, &mark, AT_SYMLINK_NOFOLLOW) == 0 &&
                S_ISREG(mark.st_mode) && mark.st_dev == dst.st_dev) {
                /* One that died publishing is taken back first; one
                 * that cannot be is kept, with the old files it holds. */
                rc = journal_take_back(dirfd(d), fd, path, build_publishes, err);
                if (rc == GT_OK && remove_tree(path, true, STAGING_MARK) != 0 &&
                    errno == EINTR)
                    rc = interrupt_fail(err, path);
            } else {
                rmdir(path);
            }
        }
        if (fd >= 0)
            close(fd);
        free(path);
    }
    closedir(d);
    return rc;
}

/* A lock on DIR or the staging directory that cannot be had (NFS without
 * its lock service, a FUSE or CIFS mount without flock): said as the lock's
 * failure, with what to do (breaker round 27, F5: "out: No locks
 * available" alone read as a fault of the directory). */
static int fail_lock(struct gt_error *err, const char *dir, int e)
{
    if (e == EINTR && interrupt_signal)
        return interrupt_fail(err, dir);
    bool unsupported = e == ENOLCK || e == EOPNOTSUPP || e == EINVAL || e == ENOSYS;
    return gt_fail(err, GT_ERR_RUNTIME, "%s: cannot be locked: %s%s", dir, strerror(e),
                   unsupported ? " (a build locks DIR with flock for its run: put DIR on a "
                                 "file system that allows it, a local disk say)"
                               : "");
}

/* Makes b->staging, a new directory in DIR, and locks it (staging_lock).
 * Another build may take it for a dead one's in the moment between mkdtemp
 * and flock and remove it: then it is no longer the directory at its path,
 * and another is made. */
static int make_staging(struct build *b, struct gt_error *err)
{
    for (int tries = 0; tries < 8; tries++) {
        free(b->staging);
        b->staging = path_join(b->dir, STAGING_PREFIX "XXXXXX");
        if (!b->staging)
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(ENOMEM));
        if (!mkdtemp(b->staging)) {
            int e = errno;
            /* DIR not writable, its files maybe so: said why it must be
             * (breaker round 34, F6: a bare "Permission denied"), and
             * what to do: chmod for its owner, another directory for
             * anyone else (round 36, F4: chmod advised to one who could
             * not run it) */
            struct stat st;
            if ((e == EACCES || e == EPERM) && !directory_takes_none(b->dir, e) &&
                stat(b->dir, &st) == 0 && st.st_uid != geteuid()) {
                struct passwd *pw = getpwuid(st.st_uid);
                char owner[24];
                snprintf(owner, sizeof owner, "%ju", (uintmax_t)st.st_uid);
                return gt_fail(err, GT_ERR_RUNTIME,
                               "%s: %s: the directory is not writable to you (mode %03o, owner "
                               "%s), and the build makes its files in it first (a staging "
                               "directory) and moves them in: build into a directory of yours",
                               b->dir, strerror(e), (unsigned)(st.st_mode & 07777),
                               pw ? pw->pw_name : owner);
            }
            if ((e == EACCES || e == EPERM) && !directory_takes_none(b->dir, e))
                return gt_fail(err, GT_ERR_RUNTIME,
                               "%s: %s: the directory is not writable, and the build makes its "
                               "files in it first (a staging directory) and moves them in "
                               "(chmod u+w %s)",
                               b->dir, strerror(e), b->dir);
            return gt_fail(err, GT_ERR_RUNTIME,
                           directory_takes_none(b->dir, e) ? "%s: %s: " DIRECTORY_TAKES_NONE
                                                             : "%s: %s",
                           b->dir, strerror(e));
        }
        /* made, where every file's write will fail: said before any work
         * (breaker round 42, F2: hugetlbfs, a bare "Invalid argument") */
        if (kernel_file_system(b->staging)) {
            rmdir(b->staging);
            return gt_fail(err, GT_ERR_RUNTIME, "%s: " DIRECTORY_TAKES_NONE, b->dir);
        }
        /* u+rwx whatever the umask, as the build's other directories
         * (make_directories): under umask 777 mkdtemp's mode 000 could not
         * be opened (breaker round 30, F13). */
        if (chmod(b->staging, 0700) != 0 && errno == ENOENT)
            continue; /* taken for a dead one's already */
        int fd = open(b->staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 && errno == ENOENT)
            continue; /* taken for a dead one's already */
        if (fd < 0) {
            int e = errno;
            rmdir(b->staging);
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(e));
        }
        /* A lock that cannot be had is said as itself, and the directory,
         * empty and this build's, goes with it (an interrupted wait is
         * tried again, unless it was a stop request). */
        int locked;
        while ((locked = flock(fd, LOCK_EX)) != 0 && errno == EINTR && !interrupt_signal)
            ;
        if (locked != 0) {
            int e = errno;
            close(fd);
            rmdir(b->staging);
            return fail_lock(err, b->dir, e);
        }
        struct stat held, there;
        if (fstat(fd, &held) == 0 && stat(b->staging, &there) == 0 &&
            held.st_dev == there.st_dev && held.st_ino == there.st_ino) {
            int mark = openat(fd, STAGING_MARK, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (mark >= 0 && fchmod(mark, 0600) != 0) { /* readable whatever the umask */
                int e = errno;
                close(mark);
                unlinkat(fd, STAGING_MARK, 0);
                mark = -1;
                errno = e;
            }
            if (mark < 0) {
                int e = errno;
                close(fd);
                rmdir(b->staging);
                return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(e));
            }
            char owner[400];
            staging_owner(owner, sizeof owner, (long)getpid());
            ssize_t w = write(mark, owner, strlen(owner));
            int e = errno;
            if (close(mark) != 0 && w >= 0)
                w = -1, e = errno;
            if (w != (ssize_t)strlen(owner)) {
                unlinkat(fd, STAGING_MARK, 0);
                close(fd);
                rmdir(b->staging);
                return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, strerror(w < 0 ? e : ENOSPC));
            }
            b->staging_lock = fd;
            return GT_OK;
        }
        close(fd); /* not the directory at its path any more */
    }
    return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->dir, "the staging directory kept vanishing");
}

/* Takes an exclusive flock on DIR itself for the whole build, so that two
 * builds into one DIR run one after the other and DIR ends as one of them
 * made it, never a mix (the worksheet files one removes, the other
 * writes).  Waits as long as the other build runs, looking at the stop
 * request every 50 ms.  The descriptor, or -1 with err set. */
static int lock_directory(const char *dir, struct gt_error *err)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        /* DIR is there (made or found): what it lacks is read permission
         * (a write-only DIR, mode 333), which `table -o` does not need. */
        int e = errno;
        gt_fail(err, GT_ERR_RUNTIME, "%s: %s%s", dir, strerror(e),
                e == EACCES ? " (build reads DIR too: give it read permission)" : "");
        return -1;
    }
    bool waiting = false;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int e = errno;
        if (e != EWOULDBLOCK && e != EINTR) {
            close(fd);
            fd = -1;
            fail_lock(err, dir, e);
            break;
        }
        if (interrupt_signal) {
            close(fd);
            fd = -1;
            interrupt_fail(err, dir);
            break;
        }
        /* Said on a terminal, as a progress line: else a build that waits
         * looks like one that hangs. */
        if (!waiting) {
            size_t n = 2 * strlen(dir) + 64;
            char *text = malloc(n);
            if (text) {
                snprintf(text, n, "gametab: %s: waiting for another build into %s to finish",
                         dir, dir);
                progress_note_show(text);
            }
            free(text);
            waiting = true;
        }
        nanosleep(&(struct timespec){0, 50 * 1000 * 1000}, NULL);
    }
    progress_note_end();
    return fd;
}

/* The longest name, relative to DIR, of a file the build bo writes
 * (build_publishes: of its languages, the worksheet's with --worksheet),
 * into longest (size bytes): its length. */
static size_t build_name_longest(const struct build_options *bo, char *longest, size_t size)
{
    char name[256], rel[300];
    snprintf(longest, size, "gametab.xlsx");
    for (size_t i = 0; i < table_registry_size; i++) {
        snprintf(rel, sizeof rel, "%s.csv.gz", table_registry[i]->name);
        if (strlen(rel) > strlen(longest))
            snprintf(longest, size, "%s", rel);
    }
    for (size_t l = 0; l < TEMPLATE_NLANGUAGES; l++)
        for (size_t i = 0; build_language_file(i, name, sizeof name); i++) {
            if ((bo->only_lang && strcmp(bo->only_lang, template_languages[l]) != 0) ||
                (!bo->worksheet && strncmp(name, "worksheet", 9) == 0))
                continue;
            snprintf(rel, sizeof rel, "%s/%s", template_languages[l], name);
            if (strlen(rel) > strlen(longest))
                snprintf(longest, size, "%s", rel);
        }
    return strlen(longest);
}

int build_directory(const struct build_options *bo, size_t *nfiles, struct gt_error *err)
{
    const char *dir = bo->dir;
    struct template_dirs dirs;
    if (template_dirs_init(&dirs, bo->templates, err) != GT_OK)
        return err->status;
    for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++)
        if ((!bo->only_lang || strcmp(bo->only_lang, template_languages[i]) == 0) &&
            build_templates_parse(&dirs, template_languages[i], bo, err) != GT_OK)
            return err->status;
    /* The files are written under DIR/STAGING_PREFIXXXXXXX/ first: a DIR
     * whose name leaves no room for that is said so before any work, not
     * as a file's "File name too long" (breaker round 30, F4). */
    char longest[300];
    size_t staged = strlen(dir) + 1 + strlen(STAGING_PREFIX "XXXXXX") + 1 +
                    build_name_longest(bo, longest, sizeof longest);
    if (staged >= PATH_MAX)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: the build writes its files under DIR/" STAGING_PREFIX
                       "XXXXXX/ first, names of up to %zu bytes (%s), past the system's %d: "
                       "build from nearer it (cd there; gametab build -o .)",
                       dir, strerror(ENAMETOOLONG), staged, longest, PATH_MAX - 1);

    /* DIR, or a directory above it, a link another user planted in /tmp:
     * root's files were written where it points (breaker round 46, F2). */
    if (planted_link_refuses(dir, dir, err) != GT_OK)
        return GT_ERR_RUNTIME;
    /* A closed descriptor's name (a standard one's is /dev/null's). */
    int closed = descriptor_closed(dir, NULL);
    if (closed >= 0)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DESCRIPTOR_NOT_OPEN_DIR, dir,
                       strerror(EBADF), closed, closed);
    /* A file where DIR should be: said with what build makes there. */
    struct stat st;
    bool found = stat(dir, &st) == 0;
    if (found && !S_ISDIR(st.st_mode))
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: Not a directory (build writes a directory of files: -o DIR)", dir);
    /* chattr +a or +i: it gives up no name, and the staging directory made
     * in it would stay (breaker round 39, F3: "wrote 57 files", exit 0,
     * with one left; a bare "Operation not permitted" after the work the
     * next time). */
    const char *attr = found ? file_attribute_refuses(dir) : NULL;
    if (attr)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: the directory is %s: it gives up no name, and build makes its "
                       "files in a directory there and moves them, and replaces the old ones "
                       "(build elsewhere)",
                       dir, strerror(EPERM), attr);
    /* Two language directories that are one (DIR/ru a link to en): the
     * build would write one language over the other. */
    for (size_t i = 0; found && !bo->only_lang && i < TEMPLATE_NLANGUAGES; i++)
        for (size_t j = i + 1; j < TEMPLATE_NLANGUAGES; j++) {
            char *a = path_join(dir, template_languages[i]);
            char *c = path_join(dir, template_languages[j]);
            struct stat sa, sc;
            bool same = a && c && stat(a, &sa) == 0 && stat(c, &sc) == 0 &&
                        sa.st_dev == sc.st_dev && sa.st_ino == sc.st_ino;
            if (same)
                gt_fail(err, GT_ERR_RUNTIME,
                        "%s and %s are the same directory: a build writes each language apart", a,
                        c);
            free(a);
            free(c);
            if (same)
                return GT_ERR_RUNTIME;
        }
    /* A DIR/LANG that is a symbolic link: the build would write (or
     * remove stale files) where it points, out of DIR. */
    for (size_t i = 0; found && i < TEMPLATE_NLANGUAGES; i++)
        if (lang_dir_linked(dir, template_languages[i], err))
            return GT_ERR_RUNTIME;
    /* A DIR/LANG mounted from elsewhere: the renames that publish the
     * build would fail (EXDEV) once it is written. */
    for (size_t i = 0; found && i < TEMPLATE_NLANGUAGES; i++) {
        int how = !bo->only_lang || strcmp(bo->only_lang, template_languages[i]) == 0
                      ? lang_dir_mounted(dir, template_languages[i])
                      : 0;
        if (how)
            return fail_mounted(dir, template_languages[i], how, err);
    }
    /* A file mounted over one of its names: said now, not after the work,
     * when it is published (it is checked again then).  Standard output
     * appended to one of them (>> out/en/wythoff-game.tex): the summary
     * line would go into the file the build replaces or removes (breaker
     * round 34, F4). */
    struct stat so, at;
    bool so_file = fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode);
    char rel[300];
    for (size_t i = 0; found && build_rel_name(i, rel, sizeof rel); i++) {
        char *path = path_join(dir, rel);
        bool writes = build_writes(bo, rel);
        int rc = path ? output_mount_refuses(path, path, writes ? NULL : BUILD_STALE_WHY, err)
                      : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
        if (rc == GT_OK && so_file && stat(path, &at) == 0 && at.st_dev == so.st_dev &&
            at.st_ino == so.st_ino)
            rc = gt_fail(err, GT_ERR_USAGE,
                         "standard output is also %s, a file the build %s: write to another file",
                         path, writes ? "replaces" : "removes");
        free(path);
        if (rc != GT_OK)
            return rc;
    }
    char *made = first_missing(dir);
    if (make_directories(dir, err) != GT_OK) {
        remove_made(dir, made);
        free(made);
        return GT_ERR_RUNTIME;
    }
    struct build b = {.dir = dir, .dirs = &dirs, .staging_lock = -1, .paper = bo->paper,
                      .worksheet = bo->worksheet, .seed = bo->seed,
                      .start = {bo->start[0], bo->start[1]},
                      .ready = bo->ready, .ready_data = bo->ready_data};
    int dir_lock = lock_directory(dir, err);
    b.dir_fd = dir_lock;
    if (dir_lock < 0) {
        int rc = err->status;
        remove_made(dir, made);
        free(made);
        return rc;
    }
    if (remove_dead_stagings(dir, err) != GT_OK || make_staging(&b, err) != GT_OK) {
        int rc = err->status;
        free(b.staging);
        remove_made(dir, made);
        free(made);
        close(dir_lock);
        return rc;
    }
    int rc = run_build(&b, bo, err);
    errata_free(&b.errata);
    /* Out of descriptors (ulimit -n), remove_tree cannot open the staging
     * directory while both locks hold one: the staging lock goes first then
     * (a build that found it unlocked now would remove it too).  The mark
     * goes last: a build killed while it removes the rest leaves a staging
     * directory the next build knows for one and removes (breaker round 37,
     * F2: without its mark, the old files stayed in DIR for good). */
    if (remove_tree(b.staging, false, STAGING_MARK) != 0) {
        close(b.staging_lock);
        b.staging_lock = -1;
        remove_tree(b.staging, false, STAGING_MARK);
    }
    if (b.staging_lock >= 0)
        close(b.staging_lock);
    if (rc != GT_OK)
        remove_made(dir, made); /* leave no empty directory behind */
    close(dir_lock);
    free(made);
    *nfiles = rc == GT_OK ? b.nfiles : 0;
    for (size_t i = 0; i < b.nfiles; i++)
        free(b.files[i]);
    free(b.files);
    for (size_t i = 0; i < b.nstale; i++)
        free(b.stale[i]);
    free(b.stale);
    free(b.staging);
    return rc;
}
