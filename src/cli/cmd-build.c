/* cmd-build.c: `gametab build`, the main job (publish/build.h). */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "cli/options.h"
#include "publish/build.h"
#include "publish/figures.h"
#include "publish/handout.h"
#include "tables/table.h"

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

static int run_build(int argc, char *argv[], struct gt_error *err)
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
    const char *dir = "output";
    const struct figure_def *game = figure_find("wythoff-game");
    struct build_options bo = {.paper = handout_papers[0],
                               .start = {game->params[PARAM_START_A].def,
                                         game->params[PARAM_START_B].def}};
    int c;
    while ((c = getopt_long(argc, argv, "-:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 1: return gt_fail(err, GT_ERR_USAGE, "build: unexpected argument '%s'", optarg);
        case OPT_LANG:
            if (parse_lang(optarg, &bo.only_lang, err) != GT_OK)
                return GT_ERR_USAGE;
            break;
        case OPT_TEMPLATES: bo.templates = optarg; break;
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
    bo.dir = trimmed;
    size_t nfiles;
    int rc = build_directory(&bo, &nfiles, err);
    if (rc == GT_OK)
        printf("gametab: wrote %zu files under %s/\n", nfiles, trimmed);
    free(trimmed);
    return rc;
}

const struct command cmd_build = {
    .name = "build",
    .summary = "write every table at the article's parameters into a directory",
    .run = run_build,
};
