/* commands.c: the registry of commands (command.h). */
#include <config.h>

#include "cli/command.h"

const struct command *const command_registry[] = {
    &cmd_list, &cmd_table, &cmd_build, &cmd_figure, &cmd_render, &cmd_verify,
};
const size_t command_registry_size = sizeof command_registry / sizeof command_registry[0];
