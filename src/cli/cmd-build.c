/* cmd-build.c: `gametab build`, the main job (publish/build.h). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <limits.h>
#include <unistd.h>

#include "base/utf8.h"
#include "cli/command.h"
#include "cli/options.h"
#include "io/files.h"
#include "io/output.h"
#include "publish/build.h"
#include "publish/figures.h"
#include "publish/handout.h"
#include "tables/table.h"
#include "template/templates.h"

enum { O_OUTPUT = OPT_COMMON__N, O_LANG, O_PAPER, O_WORKSHEET, O_SEED, O_START, O_TEMPLATES, O__N };

static const struct option_spec build_options[O__N] = {
    COMMON_OPTIONS,
    [O_OUTPUT] = {.name = "output", .short_name = 'o', .kind = OPTION_STRING, .metavar = "DIR",
                  .nonempty = "the directory name", .complete = "directory",
                  .help = "the directory (default output), made if missing"},
    [O_LANG] = LANG_OPTION("{} only (default: both)"),
    [O_PAPER] = {.name = "paper", .kind = OPTION_CHOICE, .metavar = "P", .choices = handout_papers,
                 .nchoices = HANDOUT_NPAPERS, .choice_noun = "paper",
                 .help = "{}: the handout's paper (default a4)"},
    [O_WORKSHEET] = {.name = "worksheet", .kind = OPTION_FLAG, .help = "write the worksheet too"},
    [O_SEED] = {.name = "seed", .kind = OPTION_NUMBER, .metavar = "S", .max = UINT64_MAX,
                .help = "the worksheet's draw of blank cells, 0..2^64-1\n"
                        "(default " XSTR(WORKSHEET_SEED_DEFAULT) ": the same blanks every build)"},
    /* The same square for the table wythoff-game and figure 1: the
     * figure's range, the narrower (checked by run_build). */
    [O_START] = {.name = "start", .kind = OPTION_PAIR, .metavar = "A,B",
                 .help = "the starting square of the game of figure 1 and of\n"
                         "the table wythoff-game (default 12,14; each 0..30)"},
    [O_TEMPLATES] = TEMPLATES_OPTION,
};

/* build_options.ready: the summary line, written out and flushed once the
 * build is in place, before it is final, so that it is never said of a
 * build that failed and a full or broken standard output takes the build
 * back. */
static int report_ready(void *dir, size_t nfiles, struct gt_error *err)
{
    /* DIR as a message shows it: one line, its controls as '?'. */
    char *d = strdup(dir);
    if (!d)
        return gt_fail(err, GT_ERR_RUNTIME, "standard output: %s", strerror(ENOMEM));
    utf8_one_line(d);
    size_t len = strlen(d);
    errno = 0;
    int said = printf("gametab: wrote %zu files under %s%s\n", nfiles, d,
                      len && d[len - 1] == '/' ? "" : "/");
    free(d);
    if (said < 0 ||
        fflush(stdout) != 0)
        return gt_fail(err, GT_ERR_RUNTIME, "standard output: %s",
                       strerror(errno ? errno : EIO));
    return GT_OK;
}

/* A template directory that is one of the build's language directories
 * (build --templates out/en -o out): the build's fragments would replace
 * the templates they are made from.  GT_ERR_USAGE naming where, or GT_OK. */
static int templates_outside(const char *dir, const char *templates, const char *what,
                             struct gt_error *err)
{
    struct stat t, l;
    if (!templates || stat(templates, &t) != 0)
        return GT_OK;
    for (size_t i = 0; i < TEMPLATE_NLANGUAGES; i++) {
        char lang_dir[PATH_MAX];
        snprintf(lang_dir, sizeof lang_dir, "%s/%s", dir, template_languages[i]);
        if (stat(lang_dir, &l) == 0 && l.st_dev == t.st_dev && l.st_ino == t.st_ino)
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: %s is the build's language directory %s: its fragments would replace the "
                           "templates (copy them elsewhere)",
                           what, templates, lang_dir);
    }
    return GT_OK;
}

/* Whether a file the build writes or removes as stale in DIR/LANG (not a
 * link there, which the build replaces, not writes through) is a template
 * or language file the search path gives (a link into DIR/LANG): the build
 * would replace what it reads by its fragment, or remove it.  Every
 * language's files, as a build of one removes the other's.  GT_ERR_USAGE
 * naming both, GT_OK, or the status of a stop request (or of memory
 * running out) with err set. */
static int templates_not_outputs(const char *dir, const struct template_dirs *dirs,
                                 struct gt_error *err)
{
    char name[200], path[PATH_MAX];
    char **paths = NULL;
    size_t n = 0;
    int rc = GT_OK;
    for (size_t l = 0; rc == GT_OK && l < TEMPLATE_NLANGUAGES; l++)
        for (size_t i = 0; rc == GT_OK && build_language_file(i, name, sizeof name); i++) {
            struct stat st;
            if ((size_t)snprintf(path, sizeof path, "%s/%s/%s", dir, template_languages[l],
                                 name) >= sizeof path ||
                lstat(path, &st) != 0 || S_ISLNK(st.st_mode))
                continue;
            char **more = realloc(paths, (n + 1) * sizeof *paths);
            if (more)
                paths = more;
            if (!more || !(paths[n] = strdup(path)))
                rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
            else
                n++;
        }
    if (rc == GT_OK && n)
        rc = output_check_not_search_path((const char *const *)paths, n, false, dirs, NULL,
                                          build_reads, dir, err);
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    return rc;
}

static int run_build(struct command_line *cl, struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    /* As for every option that does not apply (options.h). */
    if (opt[O_SEED].given && !opt[O_WORKSHEET].given)
        return gt_fail(err, GT_ERR_USAGE,
                       "--seed: does not apply without --worksheet (it draws the worksheet's blanks)");
    const char *dir = opt[O_OUTPUT].given ? opt[O_OUTPUT].text : "output";
    /* "-" is standard output to every other command: a directory called
     * so is named ./- */
    if (strcmp(dir, "-") == 0)
        return gt_fail(err, GT_ERR_USAGE,
                       "-o: build writes a directory, not standard output (a directory "
                       "called -: give ./-)");
    const struct figure_def *game = figure_find("wythoff-game");
    struct build_options bo = {.paper = handout_papers[opt[O_PAPER].choice],
                               .worksheet = opt[O_WORKSHEET].given,
                               .seed = opt[O_SEED].given ? opt[O_SEED].number[0]
                                                         : WORKSHEET_SEED_DEFAULT,
                               .templates = opt[O_TEMPLATES].text,
                               .start = {game->params[PARAM_START_A].def,
                                         game->params[PARAM_START_B].def}};
    if (opt[O_LANG].given)
        bo.only_lang = template_languages[opt[O_LANG].choice];
    if (opt[O_START].given) {
        /* As figure wythoff-game takes it: its range, digits past 2^64-1
         * said as given. */
        struct option_value param[PARAM__N] = {0};
        param[PARAM_START_A] = opt[O_START];
        struct table_args args = {0};
        if (table_params_apply(param, game->params, "build's figure", game->name, &args, err) !=
            GT_OK)
            return GT_ERR_USAGE;
        bo.start[0] = args.param[PARAM_START_A];
        bo.start[1] = args.param[PARAM_START_B];
    }
    /* "out/" and "out" are one directory: no doubled slash in the paths. */
    char *trimmed = strdup(dir);
    if (!trimmed)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
    for (size_t n = strlen(trimmed); n > 1 && trimmed[n - 1] == '/'; n--)
        trimmed[n - 1] = '\0';
    bo.dir = trimmed;
    if (templates_outside(trimmed, opt[O_TEMPLATES].text, "--templates", err) != GT_OK ||
        templates_outside(trimmed, getenv("GAMETAB_TEMPLATES"), "GAMETAB_TEMPLATES", err) !=
            GT_OK) {
        free(trimmed);
        return GT_ERR_USAGE;
    }
    /* The rest of the search path, the built-in directory included (a
     * DIR/LANG that is a link to it): the same refusal. */
    struct template_dirs dirs = {0};
    if (template_dirs_init(&dirs, opt[O_TEMPLATES].text, err) == GT_OK) {
        for (size_t i = 0; i < dirs.n; i++)
            if (templates_outside(trimmed, dirs.dir[i], "templates", err) != GT_OK) {
                free(trimmed);
                return GT_ERR_USAGE;
            }
        /* The summary line appended to a template or language file
         * (>> T/lang/en.json) would break the next build. */
        if (output_check_not_search_path((const char *const[]){"-"}, 1, true, &dirs,
                                         bo.only_lang, build_reads, trimmed, err) != GT_OK) {
            free(trimmed);
            return err->status;
        }
    }
    /* A template that is a file of DIR/LANG (a link into it). */
    if (dirs.n && templates_not_outputs(trimmed, &dirs, err) != GT_OK) {
        free(trimmed);
        return err->status;
    }
    /* The summary line goes to standard output before the build is final:
     * with it closed or full, the build fails and DIR stays as it was. */
    if (standard_closed[STDOUT_FILENO]) {
        free(trimmed);
        return gt_fail(err, GT_ERR_RUNTIME, STANDARD_NOT_OPEN("standard output", 1, ">"),
                       strerror(EBADF));
    }
    /* open for reading only: said before the work, as for table (breaker
     * round 36, F2: after it, a bare "Bad file descriptor") */
    if (descriptor_wrong_way(STDOUT_FILENO, O_WRONLY)) {
        free(trimmed);
        return gt_fail(err, GT_ERR_RUNTIME, "standard output: %s: " DESCRIPTOR_READ_ONLY,
                       strerror(EBADF), STDOUT_FILENO, STDOUT_FILENO);
    }
    bo.ready = report_ready;
    bo.ready_data = trimmed;
    size_t nfiles;
    int rc = build_directory(&bo, &nfiles, err);
    free(trimmed);
    return rc;
}

const struct command cmd_build = {
    .name = "build",
    .summary = "write every table at the article's parameters into a directory",
    .usage = "build [OPTIONS]",
    .about = "Write every table at the article's own parameters:\n"
             "  DIR/NAME.csv.gz        each table as gzip-compressed CSV\n"
             "  DIR/LANG/NAME.tex      each table as a LaTeX fragment to \\input\n"
             "  DIR/LANG/preamble.tex  the packages and macros the fragments need\n"
             "  DIR/errata.csv.gz      every claim of the articles checked (gametab verify)\n"
             "  DIR/gametab.xlsx       every table and the errata as sheets of one workbook\n"
             "  DIR/LANG/errata.tex    the same as a table to print next to the articles\n"
             "  DIR/LANG/figure-NAME.tex  each figure of the handout (gametab figure)\n"
             "  DIR/LANG/handout.tex   the handout: a document with every table and\n"
             "                         figure; latexmk -pdf handout.tex in DIR/LANG\n"
             "                         makes handout.pdf\n"
             "  DIR/LANG/worksheet.tex  with --worksheet: the tables with blank cells\n"
             "                          to fill in and the answer key, and its\n"
             "                          fragments DIR/LANG/worksheet-NAME.tex\n",
    .options = build_options,
    .noptions = O__N,
    .run = run_build,
};
