/* help.h: what gametab says about itself, printed from the commands'
 * descriptors and their options as data (command.h, base/option.h): the
 * --help of the program and of each command, the man page and the bash
 * completion.  All four read the same arrays, so none can drift from what
 * the parser accepts (tests/cli.bats compares their option lists). */
#ifndef GAMETAB_CLI_HELP_H
#define GAMETAB_CLI_HELP_H

#include <stdio.h>

#include "cli/command.h"

/* `gametab --help`: the usage and one line per command. */
void help_main(FILE *f);

/* `gametab COMMAND --help`: its usage, text and options. */
void help_command(const struct command *c, FILE *f);

/* The environment variables gametab reads, each with what it does and its
 * default, for a command's --help (render's); the man page's ENVIRONMENT
 * prints the same list. */
void help_environment(FILE *f);

/* `gametab --help-man`: the man page gametab.1, in roff (man(7)) for man
 * and groff.  GT_OK, or GT_ERR_RUNTIME when out of memory. */
int help_man(FILE *f, struct gt_error *err);

/* `gametab --help-completion`: a bash completion script (the function
 * _gametab) for the commands, their options and the options' values, the
 * table, figure and claim names, and file names. */
void help_completion(FILE *f);

#endif
