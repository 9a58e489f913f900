/* cmd-list.c: `gametab list`, one line per table. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/command.h"
#include "tables/table.h"

static const struct option_spec list_options[] = {COMMON_OPTIONS};

static int run_list(struct command_line *cl, struct gt_error *err)
{
    (void)cl;
    (void)err;
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
    .usage = "list",
    .about = "One line per table: its name, what it holds and its source (article,\n"
             "journal, year, issue and the table or theorem it reproduces).\n",
    .options = list_options,
    .noptions = sizeof list_options / sizeof list_options[0],
    .run = run_list,
};
