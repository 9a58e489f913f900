/* commands.c: the registry of commands (command.h). */
#include <config.h>

#include "cli/command.h"

const struct command *const command_registry[] = {
    &cmd_list, &cmd_table, &cmd_build, &cmd_figure, &cmd_render, &cmd_verify,
};
const size_t command_registry_size = sizeof command_registry / sizeof command_registry[0];

size_t command_groups(const struct command *c, struct command_line *cl,
                      struct option_group groups[2])
{
    size_t n = 0;
    /* The table parameters first: --help lists them first. */
    if (c->params)
        groups[n++] = (struct option_group){table_param_options, PARAM__N, cl->param, c->params};
    groups[n++] = (struct option_group){c->options, c->noptions, cl->opt, 0};
    return n;
}
