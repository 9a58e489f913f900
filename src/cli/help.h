/* help.h: what gametab says about itself, printed from the commands'
 * descriptors and their options as data (command.h, base/option.h): the
 * --help of the program and of each command, the man page and the bash
 * completion.  All four read the same arrays, so none can drift from what
 * the parser accepts (tests/cli.bats compares their option lists). */
#ifndef GAMETAB_CLI_HELP_H
#define GAMETAB_CLI_HELP_H

#include <stdio.h>

#include "cli/command.h"

/* The columns a terminal's text is wrapped to on f: the terminal's width
 * when f is one (its window size, else $COLUMNS), else 80; at least 40. */
size_t help_width(FILE *f);

/* Whether a word typed after a command (table NAME --help) may be shown
 * back as it is in a help heading: 1 to 64 bytes of well-formed UTF-8
 * without a control character (utf8_is_control); else the heading says
 * "as given". */
bool help_word_shown(const char *word);

/* Prints text[0..len) to f, each of its lines filled to lines of at most
 * width columns (UTF-8 characters, not bytes).  A line's continuation
 * hangs at its second column, the text after the first run of two or more
 * spaces that follows its first word ("  --count K   how many", a name
 * padded to a column), else two columns past its indentation (0 for a
 * line of prose); a word longer than the room is left whole, alone on its
 * line.  The one place gametab wraps text for a terminal. */
void help_wrap(FILE *f, const char *text, size_t len, size_t width);

/* Text for a terminal gathered and then printed wrapped (help_wrap to
 * help_width): begin returns where to write it (f itself when out of
 * memory: then unwrapped), end prints it to f. */
struct help_buffer {
    FILE *f, *to;
    char *text;
    size_t len;
};
FILE *help_buffer_begin(struct help_buffer *b, FILE *f);
void help_buffer_end(struct help_buffer *b);

/* `gametab --help`: the usage and one line per command. */
void help_main(FILE *f);

/* `gametab COMMAND --help`: its usage, text and options. */
void help_command(const struct command *c, FILE *f, const char *subject);

/* The environment variables gametab reads, each with what it does and its
 * default, for a command's --help (render's); the man page's ENVIRONMENT
 * prints the same list. */
void help_environment(FILE *f, const char *subject);

/* `gametab --help-man`: the man page gametab.1, in roff (man(7)) for man
 * and groff.  GT_OK, or GT_ERR_RUNTIME when out of memory. */
int help_man(FILE *f, struct gt_error *err);

/* `gametab --help-templates [DIR]`: the names render takes as a template
 * in the search path (template_names) of --templates DIR (when given and
 * a directory), GAMETAB_TEMPLATES and the built-in directory, one a line
 * (a name holding a line break left out): what the completion offers as
 * render's TEMPLATE, each flushed as it is known.  Nothing when out of
 * memory.  0, or the errno of the write that failed (the listing stops
 * there); *listed, whether a name was written (or tried). */
int help_templates(FILE *f, const char *dir, bool *listed);

/* `gametab --help-completion`: a bash completion script (the function
 * _gametab) for the commands, their options and the options' values, the
 * table, figure and claim names, and file names. */
void help_completion(FILE *f);

#endif
