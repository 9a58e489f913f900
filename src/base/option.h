/* option.h: a command-line option as data.
 *
 * The commands (cli/cmd-*.c) and the tables' parameters (tables/tables.c)
 * declare their options as arrays of struct option_spec, as git's
 * parse-options.h and tmux's command descriptors do; one parser
 * (cli/parse.h) reads every command line with them, and --help, the man
 * page and the bash completion are printed from the same arrays, so none of
 * them can drift from what the parser accepts.  Declaration only: no code
 * here, so that every layer may describe its options. */
#ifndef GAMETAB_OPTION_H
#define GAMETAB_OPTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

enum option_kind {
    OPTION_FLAG,      /* --NAME: no value; the value is 1 */
    OPTION_NEGATABLE, /* --no-NAME (value 0) and --NAME (value 1): on by default */
    OPTION_NUMBER,    /* --NAME N: a whole decimal number 0..2^64-1, within min..max */
    OPTION_PAIR,      /* --NAME A,B: two such numbers, a comma between */
    OPTION_STRING,    /* --NAME S: any text (a file name, a claim id) */
    OPTION_CHOICE,    /* --NAME C: one of choices */
};

struct option_spec {
    const char *name;         /* the long name, without "--" */
    char short_name;          /* 'o' for -o, or 0 */
    enum option_kind kind;
    const char *metavar;      /* the value in --help ("K", "FILE", "A,B"); NULL for flags */
    const char *help;         /* --help's text, lines separated by '\n' (no final one) */
    /* OPTION_NUMBER and OPTION_PAIR: the range of each number, checked by
     * the parser when max is not 0; range_note follows it in the message
     * ("a factor on the bounds").  0, 0: checked by whoever reads the value
     * (a table's parameter, whose range depends on the table). */
    uint64_t min, max;
    const char *range_note;
    /* OPTION_CHOICE: the values allowed, and what one is called in the
     * message ("language": "unknown language 'fr' (ru or en)"). */
    const char *const *choices;
    size_t nchoices;
    const char *choice_noun;
    /* How many of the choices --help, the messages and the completion name
     * (0: all); those past it are other spellings, accepted too ("\t" for
     * tab).  A choice that does not start with a letter or digit is named
     * in quotes: ',', ';'. */
    size_t nlisted;
    /* OPTION_STRING: what the value names, when it must not be empty ("the
     * file name": "-o: the file name is empty"), or NULL. */
    const char *nonempty;
    /* OPTION_STRING: the value names a file to write, never a directory:
     * one ending in '/' is a usage error ("-o: x.csv/ ends in /, as a
     * directory's name does: -o names a file"). */
    bool names_file;
    /* What the option applies to, comma-separated (formats' names, "the
     * report"), or NULL for everything: given when the command was asked
     * for something else it is a usage error ("--level: does not apply to
     * --format csv (only to csv.gz)"; cli/parse.h), which the completion
     * does not offer once the words typed select something else (the
     * command's mode_option, cli/command.h). */
    const char *only_for;
    /* What the value is, for the completion: "file", "directory", "claim";
     * NULL: a choice's values, or nothing to offer. */
    const char *complete;
    /* OPTION_STRING: every occurrence is kept, in order (--claim ID);
     * otherwise the last one wins. */
    bool repeatable;
    /* --help and --version: the parser stops at it (later arguments unread),
     * and it is not listed among a command's options. */
    bool stops;
};

#endif
