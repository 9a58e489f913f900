/* cmd-list.c: `gametab list`, one line per table. */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/command.h"
#include "cli/options.h"
#include "tables/table.h"

static void print_list_help(void)
{
    printf("Usage: gametab list\n"
           "One line per table: its name, what it holds and its source (article,\n"
           "journal, year, issue and the table or theorem it reproduces).\n");
}

static int run_list(int argc, char *argv[], struct gt_error *err)
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

const struct command cmd_list = {
    .name = "list",
    .summary = "one line per table: name, description, source",
    .run = run_list,
};
