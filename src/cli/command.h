/* command.h: the commands of gametab, one file each (cmd-NAME.c).
 *
 * Each file exports one constant descriptor, like tmux's cmd-*.c: its name,
 * its help, its options as data (base/option.h), the table parameters it
 * takes as options, and how many arguments; commands.c lists them.  main.c
 * parses the command line with the descriptor (parse.h), answers --help
 * and --version, checks the argument count and the non-empty values, and
 * only then calls run, which returns the exit status: GT_OK (0),
 * GT_ERR_RUNTIME (1) or GT_ERR_USAGE (2), with err set whenever there is
 * something to say (a failing claim of `verify` exits 1 with err->msg
 * empty: its report says why).  --help, the man page and the completion
 * (help.h) are printed from the same descriptors. */
#ifndef GAMETAB_CLI_COMMAND_H
#define GAMETAB_CLI_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "base/option.h"
#include "cli/parse.h"
#include "tables/table.h"

/* The most options a command declares. */
#define COMMAND_OPTIONS_MAX 24

/* A parsed command line, as run receives it. */
struct command_line {
    struct option_value opt[COMMAND_OPTIONS_MAX]; /* [i] for the command's options[i] */
    struct option_value param[PARAM__N];          /* the table parameters it takes */
    struct parsed_args args;                      /* the arguments, args_min..args_max */
};

/* What an argument or an option's value is, for the completion. */
enum command_arg { ARG_TABLE, ARG_FIGURE, ARG_FILE, ARG_TEMPLATE /* a file, or a name in the search path */ };

struct command {
    const char *name;    /* argv[1] */
    const char *summary; /* one line, for `gametab --help` */
    const char *usage;   /* after "Usage: gametab ": "table NAME [OPTIONS]" */
    const char *about;   /* --help's text before the options, each line ending in '\n' */
    const char *more;    /* --help's text after the options, or NULL */
    /* prints what follows --help's options (the tables, or only the one
     * named by the first argument, subject, when it names one; NULL for the
     * man page and for none), or NULL */
    void (*help_more)(FILE *f, const char *subject);
    const struct option_spec *options; /* --help lists them in this order */
    size_t noptions;
    uint64_t params;     /* the table parameters taken as options: 1 << PARAM_x each */
    size_t args_min, args_max;
    const char *missing; /* the message when an argument is missing */
    enum command_arg arg_kind[2]; /* what each argument is (completion, man page) */
    /* A command of one table (table NAME): true when table t refuses
     * options[option], one that only some tables take (--block-columns);
     * NULL: every table takes every option.  run and the completion both
     * ask it, so that the completion never offers what the table refuses. */
    bool (*table_refuses)(const struct table_def *t, size_t option);
    /* What options[].only_for names (options_check_applies): the values of
     * the option mode_option (a choice: table's "format"), or, when it is a
     * flag ("list"), "--NAME" when it is given and mode_default when not;
     * NULL: no option applies to some modes only.  run passes that mode to
     * options_check_applies; the completion reads the same only_for, so
     * that it drops the options (and modes) the words typed make a usage
     * error of. */
    const char *mode_option;
    const char *mode_default;
    /* A command of one template (render TEMPLATE): prints to f the options
     * that template makes a usage error of, "--NAME" one a line
     * (--block-columns for one that lays out no blocks, --lang for one that
     * uses no language strings), as run refuses them; templates_dir: the
     * --templates typed, or NULL.  GT_OK, or GT_ERR_RUNTIME when the
     * template cannot be read (nothing printed: run says why).  NULL for
     * the other commands.  `gametab --help-template-refuses` prints it for
     * the completion, which then does not offer them. */
    int (*template_refuses)(FILE *f, const char *template, const char *templates_dir);
    /* The checks run makes of -o's name before any work, with path for
     * it (the extension against the format, the options that apply to
     * that format, verify's --list), and with advice, those for main's
     * advice alone (render: a name that ends as the template's): GT_OK when
     * the command takes -o PATH with cl's other options, else a usage
     * error said in err.  main asks it too before it advises "give -o
     * WORD" for an unexpected argument, so that the advice is one the
     * command takes (breaker round 56, F3: figure NAME out.pdf was advised
     * -o out.pdf, which a figure refuses).  NULL: any name (build's DIR). */
    int (*output_check)(struct command_line *cl, const char *path, bool advice,
                        struct gt_error *err);
    int (*run)(struct command_line *cl, struct gt_error *err);
};

extern const struct command cmd_list, cmd_table, cmd_build, cmd_figure, cmd_render,
    cmd_verify;

/* Every command, in the order `gametab --help` lists them. */
extern const struct command *const command_registry[];
extern const size_t command_registry_size;

/* --help and --version, which every command takes (the first two of its
 * options, by convention: COMMON_OPTIONS). */
#define COMMON_OPTIONS                                                                   \
    {.name = "help", .short_name = 'h', .kind = OPTION_FLAG, .help = "this help",      \
     .stops = true},                                                                    \
    {.name = "version", .kind = OPTION_FLAG, .help = "the version", .stops = true}
enum { OPT_HELP, OPT_VERSION, OPT_COMMON__N };

/* The option groups of c: its own options (values in cl->opt) and the
 * table parameters it takes (cl->param); returns how many (1 or 2). */
size_t command_groups(const struct command *c, struct command_line *cl,
                      struct option_group groups[2]);

#endif
