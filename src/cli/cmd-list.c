/* cmd-list.c: `gametab list`, one entry per table. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/command.h"
#include "cli/help.h"
#include "tables/table.h"

static const struct option_spec list_options[] = {COMMON_OPTIONS};

static int run_list(struct command_line *cl, struct gt_error *err)
{
    (void)cl;
    (void)err;
    struct help_buffer b;
    FILE *f = help_buffer_begin(&b, stdout);
    int width = 0;
    for (size_t i = 0; i < table_registry_size; i++) {
        int n = (int)strlen(table_registry[i]->name);
        width = n > width ? n : width;
    }
    for (size_t i = 0; i < table_registry_size; i++) {
        const struct table_def *t = table_registry[i];
        const struct table_source *s = &t->source;
        fprintf(f, "%-*s  %s  [%s, %s, ", width, t->name, t->summary, s->authors, s->title);
        if (s->journal[0] || s->year) /* omitted where the text does not say */
            fprintf(f, "%s%s%.0d%s%.0d, ", s->journal, s->year ? " " : "", s->year,
                   s->issue ? " no. " : "", s->issue);
        fprintf(f, "%s]\n", s->item);
    }
    help_buffer_end(&b);
    return GT_OK;
}

const struct command cmd_list = {
    .name = "list",
    .summary = "one entry per table: name, description, source",
    .usage = "list",
    .about = "One entry per table: its name, what it holds and its source (article, "
             "journal, year, issue and the table or theorem it reproduces), wrapped to "
             "80 columns (on a terminal, its width); the lines that continue an entry "
             "begin with spaces.\n",
    .options = list_options,
    .noptions = sizeof list_options / sizeof list_options[0],
    .run = run_list,
};
