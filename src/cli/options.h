/* options.h: what the commands share of the command line, besides the
 * parser (parse.h): the option specs several commands declare alike, the
 * table parameters given as options, and the format a file name asks for. */
#ifndef GAMETAB_CLI_OPTIONS_H
#define GAMETAB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "base/text.h"
#include "cli/parse.h"
#include "sinks/sinks.h"
#include "tables/table.h"
#include "template/templates.h"

/* -o, --output FILE, which must not be empty nor end in '/': OUTPUT_OPTION(help), or
 * {OUTPUT_SPEC, more fields}. */
#define OUTPUT_SPEC                                                                      \
    .name = "output", .short_name = 'o', .kind = OPTION_STRING, .metavar = "FILE",       \
    .nonempty = "the file name", .names_file = true, .complete = "file"
#define OUTPUT_OPTION(text) {OUTPUT_SPEC, .help = (text)}

/* --lang L: one of template_languages (template/templates.h). */
#define LANG_SPEC                                                                        \
    .name = "lang", .kind = OPTION_CHOICE, .metavar = "L", .choices = template_languages, \
    .nchoices = TEMPLATE_NLANGUAGES, .choice_noun = "language"
#define LANG_OPTION(text) {LANG_SPEC, .help = (text)}

/* --templates DIR. */
#define TEMPLATES_SPEC                                                                   \
    .name = "templates", .kind = OPTION_STRING, .metavar = "DIR", .complete = "directory", \
    .nonempty = "the directory name"
#define TEMPLATES_OPTION {TEMPLATES_SPEC, .help = "look for templates in DIR first"}

/* For a name ending in .gz: GT_ERR_USAGE when it names another format
 * than CSV before the .gz (x.tex.gz, any case: only CSV is written
 * gzip-compressed), else GT_OK. */
int format_gz_check(const char *path, struct gt_error *err);

/* The format a file name asks for, by its extension in any case (.csv,
 * .csv.gz or .gz alone, .json, .xlsx, .pdf, and .tex or another of
 * latex_extensions, templates.h: .ltx, .latex); csv for standard output
 * and for names without one (/dev/null); another extension is a usage
 * error (x.tsv, and x.tsv.gz or x.csv.gz.gz alike), and so is another
 * format's name compressed (x.tex.gz: format_gz_check).
 * The bash completion reads a name so too (completion_format_of, help.c). */
int format_of_path(const char *path, enum format *f, struct gt_error *err);

/* A set of formats for output_name_check: FORMAT_BIT(FORMAT_PDF) | ... */
#define FORMAT_BIT(f) (1u << (f))
#define FORMAT_ALL (FORMAT_BIT(FORMAT__N) - 1u)

/* Refuses (GT_ERR_USAGE) an -o FILE whose extension names one of the
 * formats (format_of_path; any name ending in .gz asks for csv.gz, said
 * "gzip-compressed" unless it ends in .csv.gz) in refused, for a command
 * that writes only one kind of text, what ("a figure is a LaTeX fragment"),
 * so that x.pdf never gets LaTeX: "-o: WHAT, not FORMAT: ADVICE".  "-", names without an
 * extension and other extensions pass.  GT_OK otherwise. */
int output_name_check(const char *path, unsigned refused, const char *what, const char *advice,
                      struct gt_error *err);

/* -o naming an input would replace what the command reads: GT_ERR_USAGE,
 * "-o: PATH is also WHAT: write to another file", when path is the
 * regular file input names (the same device and inode, by any name;
 * input "-": standard input, unless it was closed); else GT_OK.  path "-"
 * is standard output, checked as the file it is (>> FILE, 1<> FILE):
 * "standard output is also WHAT INPUT: write to another file".  Only a
 * regular file is replaced: -o /dev/null reading /dev/null, or standard
 * output a pipe or a terminal, is no such case. */
int output_check_not_input(const char *path, const char *input, const char *what,
                           struct gt_error *err);

/* output_check_not_input for each input a command reads from the template
 * search path dirs: the language file lang/LANG.json (lang NULL: none),
 * then the templates names[0..n) as dirs finds them.  A file not found is
 * left to the rendering to say.  GT_OK, or GT_ERR_USAGE naming the first
 * input path names ("the language file", "the template"). */
int output_check_not_templates(const char *path, const struct template_dirs *dirs,
                               const char *lang, const char *const names[], size_t n,
                               struct gt_error *err);

/* For a command that reads templates it does not name here (build):
 * GT_ERR_USAGE when an output of paths[0..n) ("-": standard output, as the
 * file it is) is a file the search path dirs gives for its name, a
 * template (DIR/NAME) or a language file (DIR/lang/NAME; only
 * lang/LANG.json when lang is not NULL), by device and inode (a link to
 * it, a hard link); said as output_check_not_input says it, or, when the
 * user did not name the path (named false: a file build writes or
 * removes), "PATH is a file build writes or removes, and also the template
 * FOUND: build into another directory, or move the template".  Only the
 * names reads(name) says the command reads are compared ("handout.tex",
 * "lang/en.json"): another file of a template directory, a log kept there,
 * is none of its inputs (breaker round 34, F1).  Each directory of dirs is
 * read once, for all the outputs; a stop request ends the reading
 * (interrupt_fail, said of stop_name: build's DIR, which the user named,
 * not the template directory being read; breaker round 38, F7).  Else
 * GT_OK. */
int output_check_not_search_path(const char *const paths[], size_t n, bool named,
                                 const struct template_dirs *dirs, const char *lang,
                                 bool (*reads)(const char *name), const char *stop_name,
                                 struct gt_error *err);

/* Sets in args the table parameters given as options (param[p], parsed by
 * parse.h from table_param_options), each checked against params, the
 * parameters of the table or figure called name (kind "table" or
 * "figure"): GT_OK, or GT_ERR_USAGE naming the first one not accepted or
 * out of range, in the order of enum table_param. */
int table_params_apply(const struct option_value param[PARAM__N],
                       const struct table_param_spec *params, const char *kind,
                       const char *name, struct table_args *args, struct gt_error *err);

/* The default --jobs: the CPUs gametab may run on (its affinity mask:
 * taskset, cpusets, as nproc counts), within 1..GZCHUNKS_JOBS_MAX. */
unsigned default_jobs(void);

/* Prints "gametab VERSION". */
void print_version(void);

/* Prints one help line per accepted parameter of a table or a figure: its
 * option, meaning, default and range, and the LaTeX limit (tex_note says
 * where it applies). */
void print_params(FILE *f, const struct table_param_spec *params, const char *tex_note);

#endif
