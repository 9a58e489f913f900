/* parse.h: the one command-line parser, over options declared as data
 * (base/option.h).
 *
 * Like getopt_long in "return in order" mode: options and arguments may
 * come in any order (whatever POSIXLY_CORRECT says); "--" ends the options;
 * "-" is an argument; a long option may be shortened to any prefix that
 * names one option only; a value follows as "--name=V", "--name V", "-oV"
 * or "-o V".  Every message names the argument as given, or the option's
 * long name for a bad value, and asks for --help. */
#ifndef GAMETAB_CLI_PARSE_H
#define GAMETAB_CLI_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "base/option.h"

/* What the parser found for one option. */
struct option_value {
    bool given;
    const char *text;   /* the value as given; NULL for flags */
    uint64_t number[2]; /* NUMBER: [0]; PAIR: A and B; FLAG: 1; NEGATABLE: 1, or 0 for --no- */
    size_t choice;      /* CHOICE: the index into choices */
    const char **all;   /* repeatable: every value given, in order (options_free) */
    size_t count;       /* how many times it was given */
    bool past[2];       /* NUMBER, PAIR: [k] was digits past 2^64-1 (number[k] is then
                         * 2^64-1), for an option whose range its reader checks */
};

/* Some options and where their values go (values[i] for specs[i]); a spec
 * without a name (the second half of a pair) is skipped. */
struct option_group {
    const struct option_spec *specs;
    size_t n;
    struct option_value *values;
    uint64_t only;      /* 0: every spec; else a mask of 1 << i: only those specs */
};

/* The arguments that are not options. */
#define PARSE_ARGS_MAX 4
struct parsed_args {
    const char *arg[PARSE_ARGS_MAX];
    size_t n;            /* how many were given, even past PARSE_ARGS_MAX */
    const char *extra;   /* the first past the command's max, or NULL */
};

/* Reads argv[1..argc-1] (argv[0] is the command's name, for messages) with
 * the options of groups.  Values are checked as their spec says (a number
 * and its range, a choice) and stored, every one of a repeatable option
 * (free them with options_free).  At most max_args arguments are kept;
 * more are counted, the first one kept in args->extra.  Stops at an option
 * that `stops` (--help).  GT_OK or GT_ERR_USAGE with err set. */
int options_parse(int argc, char *argv[], struct option_group *groups, size_t ngroups,
                  size_t max_args, struct parsed_args *args, struct gt_error *err);

/* Frees what options_parse kept of repeatable options. */
void options_free(struct option_group *groups, size_t ngroups);

/* The given OPTION_STRING options that must not be empty (spec->nonempty)
 * and are, or name a file (spec->names_file) and end in '/': GT_ERR_USAGE,
 * "-o: the file name is empty", "-o: x.csv/ ends in /, as a directory's
 * name does: give a file's". */
int options_check_nonempty(const struct option_group *groups, size_t ngroups,
                           struct gt_error *err);

/* The rule for options that do not apply to what was asked: each given
 * option whose only_for does not name `what` (a format's name, "--list") is
 * a usage error saying what was asked (asked: "--format csv") and what the
 * option applies to.  GT_OK or GT_ERR_USAGE. */
int options_check_applies(const struct option_group *groups, size_t ngroups, const char *what,
                          const char *asked, struct gt_error *err);

/* Whether option s applies to mode `what` (as options_check_applies
 * reads only_for): true when s has no only_for or it names what. */
bool option_applies(const struct option_spec *s, const char *what);

/* The option as --help shows it: "-o, --output FILE", "--no-color". */
void option_synopsis(const struct option_spec *s, char *buf, size_t size);

/* The options' lines of --help: the synopsis, then the help text from
 * column 22; a spec that stops (--help, --version) or has no name is not
 * listed, nor one outside the group's `only` mask. */
void options_print_help(FILE *f, const struct option_group *groups, size_t ngroups);

/* Is groups[g]'s spec i listed by --help, the man page and the completion
 * (named, in the group's mask, not --help or --version)? */
bool option_listed(const struct option_group *g, size_t i);

/* Prints s->help, "{}" replaced by the choices, each line after the first
 * preceded by indent. */
void option_help_lines(FILE *f, const struct option_spec *s, const char *indent);

/* How many of s's choices are named (s->nlisted, or all of them). */
size_t choices_listed(const struct option_spec *s);

/* "a, b or c": the choices of a spec that are named, as messages and --help
 * say them ("',', ';', tab or '|'"). */
void choices_text(const struct option_spec *s, char *buf, size_t size);

#endif
