/* command.h: the commands of gametab, one file each (cmd-NAME.c).
 *
 * Each file exports one constant descriptor; commands.c lists them, and
 * main.c dispatches on argv[1] and prints the one error line.  A command's
 * run function parses its own options (options.h), prints its --help, and
 * returns its exit status: GT_OK (0), GT_ERR_RUNTIME (1) or GT_ERR_USAGE
 * (2), with err set whenever there is something to say (a failing claim of
 * `verify` exits 1 with err->msg empty: its report says why). */
#ifndef GAMETAB_CLI_COMMAND_H
#define GAMETAB_CLI_COMMAND_H

#include <stddef.h>

#include "base/error.h"

struct command {
    const char *name;    /* argv[1] */
    const char *summary; /* one line, for `gametab --help` */
    /* argv[0] is the command's name; optind and opterr are reset. */
    int (*run)(int argc, char *argv[], struct gt_error *err);
};

extern const struct command cmd_list, cmd_table, cmd_build, cmd_figure, cmd_render,
    cmd_verify;

/* Every command, in the order `gametab --help` lists them. */
extern const struct command *const command_registry[];
extern const size_t command_registry_size;

#endif
