/* templates.h: finding, reading and rendering the templates under templates/.
 *
 * Search order: the directory given with --templates, then
 * $GAMETAB_TEMPLATES, then the source tree's templates/ when this binary runs
 * from its build directory (uninstalled), else the installed data directory
 * ($(pkgdatadir)/templates).  The first directory holding a file wins, so a
 * user can copy one template into a directory of their own and change it. */
#ifndef GAMETAB_TEMPLATES_H
#define GAMETAB_TEMPLATES_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "base/error.h"
#include "io/output.h"

#define TEMPLATE_DIRS_MAX 4

/* A template (or partial, or language file) larger than this is refused
 * (EFBIG), said as TEMPLATE_TOO_LARGE. */
#define TEMPLATE_SIZE_MAX (16u << 20)
#define TEMPLATE_TOO_LARGE                                                                      \
    "larger than 16 MiB (16777216 bytes), the most a template, partial or language file may be"

/* render's DATA, when it is a stream (a pipe, a FIFO, a terminal: no
 * regular file), which a template, partial or language file read later
 * must not be: read first, it would take the data (breaker round 38, F3:
 * "standard input: empty file: no header row"); such a read fails with
 * ESPIPE, said as DATA_STREAM.  NULL: none. */
void template_data_stream(const struct stat *st);
#define DATA_STREAM "the data's stream too, which can be read only once: give it as a file"

/* A name in a directory of the search path that is a symbolic link to
 * nothing, or lies below one (lang/ a link to nothing), stops the search
 * as a file that cannot be read does: ENOLINK, said as DANGLING_LINK.  It
 * was taken as missing, and the built-in file used without a word
 * (breaker round 46, F4: a restyled template linked in, its target gone). */
#define DANGLING_LINK                                                                           \
    "a symbolic link to nothing: the search path does not look past it (restore what it "       \
    "points to, or remove the link)"

/* The error of a template, partial or language file name that could not
 * be read (e its errno): GT_ERR_RUNTIME, "NAME: TEMPLATE_TOO_LARGE" for
 * EFBIG, DANGLING_LINK for ENOLINK, OWN_PIPE (io/files.h) for EDEADLK,
 * DATA_STREAM for ESPIPE, a closed descriptor's advice for EBADF, else as
 * interrupt_fail_errno says it (a stop, or the errno). */
int template_read_fail(struct gt_error *err, const char *name, int e);

/* A rendered template's output is at most this many bytes (64 MiB), unless
 * the environment variable GAMETAB_OUTPUT_MAX gives another number of bytes
 * (0: no limit): a few nested sections over a small CSV can otherwise make
 * terabytes.  The output is streamed, so memory stays flat either way. */
#define TEMPLATE_OUTPUT_MAX ((size_t)64 << 20)

/* A render takes at most this many tags and texts (10^8, some seconds),
 * unless GAMETAB_TAGS_MAX gives another number (0: no limit): empty
 * sections nested 30 deep make no output, but take 2^30 steps.  The
 * largest real render, 100000 rows, takes a few million. */
#define TEMPLATE_TAGS_MAX ((size_t)100000000)

/* render holds its CSV whole in the context, about 1.5 KB of memory a cell
 * (and as much a block line when the template names blocks): at most this
 * many cells (rows x columns: about 480 MB for one column, 1 GB at most
 * with blocks of one column, fewer with more columns; measured with
 * /usr/bin/time -v), unless GAMETAB_CELLS_MAX gives another number (0: no
 * limit). */
#define TEMPLATE_CELLS_MAX ((size_t)300000)

/* ... and at most this many bytes of text (256 MiB: the column names, and
 * the cells as they are read, each row counting its column names again, as
 * its object holds them), unless GAMETAB_DATA_MAX gives another number
 * (0: no limit): a few long fields under GAMETAB_FIELD_MAX each, from a
 * small gzip file, would otherwise hold gigabytes in a few hundred cells.
 * render's memory is then at most about this, the cells' 1.5 KB each, and
 * one row being read. */
#define TEMPLATE_DATA_MAX ((size_t)256 << 20)

/* The limit in force: GAMETAB_OUTPUT_MAX when it is a whole number, else
 * TEMPLATE_OUTPUT_MAX. */
size_t template_output_max(void);

/* The limit in force: GAMETAB_TAGS_MAX when it is a whole number, else
 * TEMPLATE_TAGS_MAX. */
size_t template_tags_max(void);

/* The limit in force: GAMETAB_CELLS_MAX when it is a whole number, else
 * TEMPLATE_CELLS_MAX. */
size_t template_cells_max(void);

/* The limit in force: GAMETAB_DATA_MAX when it is a whole number, else
 * TEMPLATE_DATA_MAX. */
size_t template_data_max(void);

/* GT_OK, or GT_ERR_USAGE naming the variable when GAMETAB_OUTPUT_MAX,
 * GAMETAB_TAGS_MAX, GAMETAB_CELLS_MAX or GAMETAB_DATA_MAX is set to
 * anything but digits (a
 * limit the user set and gametab ignored would be worse than an error). */
int template_limits_check(struct gt_error *err);

struct template_dirs {
    const char *dir[TEMPLATE_DIRS_MAX]; /* not owned: must outlive the struct */
    size_t n;
};

/* Fills d in search order; explicit_dir (from --templates) may be NULL.
 * GT_OK; GT_ERR_USAGE when explicit_dir, or $GAMETAB_TEMPLATES when set,
 * is not a directory ("--templates: DIR: Not a directory"). */
int template_dirs_init(struct template_dirs *d, const char *explicit_dir, struct gt_error *err);

/* The built-in templates' directory, the search path's last: the source
 * tree's templates/ for a gametab run from its build directory, else the
 * installed $(datadir)/gametab/templates. */
const char *template_builtin_dir(void);

/* The names of the regular files in the search path d's directories (not
 * hidden ones; lang/ is a directory, so not listed), each once, sorted by
 * bytes: what render takes as a template's name.  A malloc'd array of
 * malloc'd names, *n of them (template_names_free), or NULL with *n 0
 * out of memory; a directory that cannot be read adds none. */
char **template_names(const struct template_dirs *d, size_t *n);
void template_names_free(char **names, size_t n);

/* Where the search path d finds `name` (a file name relative to its
 * directories, "table-booktabs.tex" or "lang/en.json"), without reading
 * it: the first directory in which the path exists (a directory or an
 * unreadable file too: template_read stops there and says why).  0 with
 * *path malloc'd for the caller; 1 in no directory (*path NULL); -1 when
 * a lookup fails otherwise (errno, ENOLINK for a link to nothing on the
 * way: DANGLING_LINK, ENOTDIR for a file where the name needs a directory;
 * *path the culprit, or NULL out of memory). */
int template_find(const struct template_dirs *d, const char *name, char **path);

/* Reads template `name` (a file name, "wythoff-p-positions.tex") from the
 * first directory that has it.  On GT_OK *text (NUL-terminated, *len bytes)
 * and *path are malloc'd for the caller; GT_ERR_RUNTIME when it is in none
 * of the directories or cannot be read. */
int template_read(const struct template_dirs *d, const char *name, char **text,
                  size_t *len, char **path, struct gt_error *err);

/* The endings of a LaTeX file's name, without the dot: "tex", "ltx",
 * "latex"; NULL after the last.  One list for every command: a template so
 * named is LaTeX (template_is_latex), an -o so named asks for --format tex
 * (format_of_path), and the bash completion reads a name so. */
extern const char *const latex_extensions[];

/* Whether a file of this name is LaTeX: it ends in "." and one of
 * latex_extensions, in any case (x.tex, x.LTX, x.latex).  Such a template
 * escapes {{x}} for LaTeX, and its data must be text the preamble's fonts
 * print; any other, for HTML. */
bool template_is_latex(const char *name);

/* Renders template `name` with ctx (Mustache; LaTeX escaping for a LaTeX
 * name, template_is_latex, HTML escaping otherwise) and writes the result to out.
 * Partials are looked up like templates; an unknown one is an error.
 * gametab: declarations: a comment of the template or of any partial it
 * names (rendered or not) that starts with "gametab:" tells gametab what
 * it takes, checked before anything is rendered; "{{! gametab: columns at most N: WHY }}" refuses a context
 * of more than N columns, GT_ERR_RUNTIME "FILE: C columns: the template
 * takes at most N (WHY)" (table-booktabs.tex: 256, pdflatex's longtable
 * limit); "{{! gametab: filled by COMMAND }}" marks a command's own
 * template (a table's, a figure's, the handout...), which only
 * template_check (render's) refuses; N of 0 or past SIZE_MAX is an error "FILE:LINE:COL: '...': N
 * is out of range (1..SIZE_MAX)", and any other "gametab:" comment is an
 * error "FILE:LINE:COL: '...': not a declaration gametab knows" (the
 * comment quoted as written, tabs and line ends as \t \n).  An unknown
 * partial is an error, rendered or not.
 * Template errors give GT_ERR_RUNTIME with "FILE:LINE:COL: message"; nothing
 * is written to out unless the whole template rendered. */
int template_render(const struct template_dirs *d, const char *name, json_t *ctx,
                    struct output *out, struct gt_error *err);

/* What a template and its partials look up, as far as the context's
 * builder needs to know. */
struct template_needs {
    bool blocks; /* a tag names "blocks": the context needs them built */
    bool lang;   /* a tag names "lang": the language strings are used */
    bool file;   /* a tag names "file" on a line that does not start with
                    % (a TeX comment): the name may be typeset */
    bool file_in_comment; /* a tag names "file" on a line that starts with %:
                    a line break in the name would end the comment */
};

/* Reads template name (is_path: the file at that path, not searched for,
 * its partials looked up beside it first, then in d; else as
 * template_render finds it) and every partial it names, rendered or not,
 * without rendering: checks their declarations against a context of
 * ncolumns columns (the errors of template_render), that none is the file
 * out replaces (GT_ERR_USAGE "-o: PATH is also a partial of TEMPLATE"),
 * that none is another command's ("gametab: filled by COMMAND": GT_ERR_USAGE
 * "FILE: the template of `COMMAND`, which fills it with its own values, not
 * a CSV's rows ..."), that each {{lang.NAME}} names a string of lang (the
 * language strings, as lang_strings_load gives them; NULL: not checked):
 * GT_ERR_RUNTIME "FILE:LINE:COL: lang.NAME: PATH has no string
 * \"NAME\" (it would render empty)", and fills needs.  GT_OK, or
 * GT_ERR_RUNTIME with err set.  render's check: its context is a CSV's. */
int template_check(const struct template_dirs *d, const char *name, bool is_path,
                   size_t ncolumns, json_t *lang, struct output *out,
                   struct template_needs *needs, struct gt_error *err);

/* The files a command writes, which no partial may be: the command would
 * replace it with its own output. */
struct template_targets {
    const char *out_path; /* the -o it writes ("-": standard output), or NULL */
    /* or, for build, whether the file at path is one that it writes or
     * removes in its DIR (stat identity), or NULL */
    bool (*holds)(const char *path, void *ud);
    void *ud;
};

/* Before a command's work (the solve, the claims, the CSV's rows): reads
 * the language strings of lang (NULL: none) as lang_strings_load does, and
 * the templates names[0..n) with every partial they name, rendered or not,
 * as template_render finds them, and parses them without rendering.  GT_OK,
 * or the first error lang_strings_load or template_render would give for
 * the files (GT_ERR_RUNTIME, "FILE:LINE:COL: unclosed section 'rows'",
 * "FILE: no string \"KEY\""), said before the work, not after it
 * (breaker round 29, F9); a {{lang.NAME}} whose NAME lang's strings lack
 * as template_check says it.  A "columns at most N" declaration is checked
 * when the template renders, against its context.  targets, unless NULL,
 * are the files the command writes: a partial that is one is GT_ERR_USAGE
 * "-o: PATH is also a partial of TEMPLATE: write to another file", as
 * template_render says it (for a PDF, whose LaTeX renders into a
 * temporary file: breaker round 31, F1), or for build "PATH is a file
 * build writes, and also a partial of TEMPLATE: ..." (breaker round 32,
 * F6: the build replaced the partial with its own fragment).  Each file is
 * read once: the rendering takes the text read here. */
int templates_parse(const struct template_dirs *d, const char *lang, const char *const names[],
                    size_t n, const struct template_targets *targets, struct gt_error *err);

/* Renders template name (is_path as for template_check) with ctx, as
 * template_render does, once template_check has read it and checked its
 * declarations: the files come from what that read (each is read once),
 * and are not scanned again. */
int template_render_checked(const struct template_dirs *d, const char *name, bool is_path,
                            json_t *ctx, struct output *out, struct gt_error *err);

/* The languages with strings under templates/lang/, in the order `build`
 * writes them: "ru" (the articles' language) first, then "en". */
extern const char *const template_languages[];
#define TEMPLATE_NLANGUAGES 2

/* The language strings templates/lang/<code>.json, an object (new
 * reference), or NULL with err set.  A file other than the built-in one
 * (the last directory of d) must have every key of the built-in file of
 * code with a value of the same JSON type ("PATH: no string \"KEY\""
 * otherwise); a UTF-8 byte order mark at its start is skipped. */
json_t *lang_strings_load(const struct template_dirs *d, const char *code,
                          struct gt_error *err);

/* The file the language strings of code were read from (as loaded by
 * lang_strings_load), for messages; "lang/CODE.json" in buf otherwise. */
const char *lang_strings_path(json_t *strings, const char *code, char *buf, size_t size);

/* The string under key of the language strings of code (as loaded by
 * lang_strings_load), or NULL with err naming the file that lacks it: the
 * path read ("tpe/lang/en.json: no string \"KEY\""). */
const char *lang_string(json_t *strings, const char *code, const char *key,
                        struct gt_error *err);

/* The word for a count n in language code, from its strings (as loaded by
 * lang_strings_load): the string under key + "_one", "_few" or "_many" by
 * the language's plural rule (ru: 1, 21 случай; 2-4, 22 случая; 5-20, 11
 * случаев; other languages: 1 and the rest).  NULL with err set when the
 * strings lack that key. */
const char *lang_count_word(json_t *strings, const char *code, const char *key, uint64_t n,
                            struct gt_error *err);

#endif
