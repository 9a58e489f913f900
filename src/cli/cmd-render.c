/* cmd-render.c: `gametab render TEMPLATE [DATA]`, any CSV through a template. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/text.h"
#include "base/utf8.h"
#include "cli/command.h"
#include "cli/help.h"
#include "cli/options.h"
#include "io/csv-read.h"
#include "io/files.h"
#include "base/interrupt.h"
#include "io/output.h"
#include "template/context.h"
#include "template/latex.h"
#include "template/mustache.h"
#include "template/templates.h"

/* The data is held whole, so it is bounded: columns here, cells (rows x
 * columns) by template_cells_max() and bytes by template_data_max()
 * (template/templates.h). */
#define RENDER_COLUMNS_MAX 1000


enum { O_BLOCK_COLUMNS = OPT_COMMON__N, O_LANG, O_SEPARATOR, O_TEMPLATES, O_OUTPUT, O__N };

/* --separator: the choices named, then other spellings of tab (a tab
 * itself, or \t as C and the shell's $'\t' write it); separator_bytes
 * gives each one's byte. */
static const char *const separator_names[] = {",", ";", "tab", "|", "\t", "\\t"};
static const char separator_bytes[] = {',', ';', '\t', '|', '\t', '\t'};
_Static_assert(sizeof separator_bytes == sizeof separator_names / sizeof separator_names[0],
               "a byte for each spelling");

static const struct option_spec render_options[O__N] = {
    COMMON_OPTIONS,
    [O_BLOCK_COLUMNS] = {.name = "block-columns", .kind = OPTION_NUMBER, .metavar = "N",
                         .min = 1, .max = CONTEXT_BLOCK_COLUMNS_MAX,
                         .help = "columns per block of the horizontal layout (each CSV row is a column there), 1.." XSTR(
                                     CONTEXT_BLOCK_COLUMNS_MAX) ",\nfewer where a block would pass 15000pt (default: as many as fit a 345pt text width, balanced)"},
    [O_LANG] = LANG_OPTION("{}: the language strings offered as lang (default ru)"),
    [O_SEPARATOR] = {.name = "separator", .kind = OPTION_CHOICE, .metavar = "C",
                     .choices = separator_names, .nlisted = 4,
                     .nchoices = sizeof separator_names / sizeof separator_names[0],
                     .choice_noun = "separator",
                     .help = "the byte between the fields of DATA: {}\n(default ',', or X "
                             "when the first line is Excel's sep=X;\nExcel set to Russian or "
                             "German saves CSV with ';')"},
    [O_TEMPLATES] = TEMPLATES_OPTION,
    [O_OUTPUT] = OUTPUT_OPTION("write to FILE (default -, standard output)"),
};

struct render_data {
    struct context_builder *builder;
    size_t ncolumns;
    size_t cells_max; /* 0: no limit */
    size_t data_max;  /* 0: no limit */
    size_t held;      /* bytes of text held, as render_field counts them */
    size_t names;     /* bytes of the column names */
    const char *name; /* for messages */
};

/* Each field as it is read, before it is held: the header's past
 * RENDER_COLUMNS_MAX, and the text past data_max, are refused there, not
 * once the row is whole (a header of a billion empty names, or a row of
 * long fields, is small gzip data).  A row counts its cells and, once, the
 * column names, which its object holds as keys. */
static int render_field(void *ud, size_t index, size_t len, unsigned long line,
                        struct gt_error *err)
{
    struct render_data *d = ud;
    if (!d->builder && index >= RENDER_COLUMNS_MAX)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: more than %d columns: render takes at most %d (split the file)",
                       d->name, RENDER_COLUMNS_MAX, RENDER_COLUMNS_MAX);
    size_t bytes = len;
    if (!d->builder)
        d->names += len; /* at most data_max, or the header was refused */
    else if (index == 0)
        bytes += d->names;
    if (d->data_max && (bytes > d->data_max || d->held > d->data_max - bytes))
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s:%lu: more than %zu byte%s of text (column names and cells) to "
                       "render (split the file, or set GAMETAB_DATA_MAX to lift the limit, 0 "
                       "for none)",
                       d->name, line, d->data_max, d->data_max == 1 ? "" : "s");
    d->held += bytes; /* no limit: the bytes are in memory, so this does not wrap */
    return GT_OK;
}

/* Whether cp is a combining mark (Unicode's blocks of combining
 * diacritical marks): an accent written after its letter, as macOS file
 * names and text copied from a PDF hold й (и and U+0306). */
static bool is_combining_mark(uint32_t cp)
{
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE20 && cp <= 0xFE2F);
}

/* A character of a CSV file for a LaTeX template: refused, before anything
 * is written, unless the preamble's fonts print it (template/latex.h); the
 * message says what to do (NFC composes a letter and its accent into the
 * one character of the repertoire, where Unicode has one). */
static int render_character(void *ud, uint32_t cp, unsigned long line, unsigned long column,
                            struct gt_error *err)
{
    const struct render_data *d = ud;
    if (latex_typesettable(cp))
        return GT_OK;
    static const char *const ligatures[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
    char ligature[128];
    if (cp >= 0xFB00 && cp <= 0xFB06) /* copied from a PDF: ﬁ for fi */
        snprintf(ligature, sizeof ligature,
                 "a ligature, as copied from a PDF: write its letters, %s, instead; "
                 "TeX makes the ligature itself",
                 ligatures[cp - 0xFB00]);
    /* U+0300 to U+036F are also what two bytes of cp1251 make, М or Н
     * and a letter of 80 to BF (МЁ is U+0328): a line of such pairs only
     * is valid UTF-8, so its file is not refused as invalid UTF-8 there
     * (a newcomer's run, 2026-12-04: "compose the text first" for a
     * cp1251 file whose first line was МЁ,1). */
#define COMPOSE_HINT                                                                       \
    "a combining accent: compose the text first, e.g. python3 -c \"import sys, "          \
    "unicodedata; sys.stdout.write(unicodedata.normalize('NFC', sys.stdin.read()))\" "    \
    "< IN.csv > OUT.csv (a gzip file through zcat: zcat IN.csv.gz | python3 ...); "      \
    "one still there after that has no letter to compose with: "                         \
    "remove it"
    const char *hint =
        cp >= 0xFB00 && cp <= 0xFB06 ? ligature
        : cp >= 0x0300 && cp <= 0x036F
            ? COMPOSE_HINT "; or the file is in cp1251, whose МЁ, НЁ and the like are "
                           "these bytes: iconv -f cp1251 -t utf-8"
        : is_combining_mark(cp)
            ? COMPOSE_HINT
            : "remove it, or render with a template whose name does not end in .tex (nor "
              ".ltx, .latex): HTML escaping takes any character";
#undef COMPOSE_HINT
    return gt_fail(err, GT_ERR_RUNTIME,
                   "%s:%lu:%lu: character U+%04" PRIX32
                   " cannot be typeset with the preamble's fonts (%s)",
                   d->name, line, column, cp, hint);
}

static int render_header(void *ud, const char *const *names, size_t n, struct gt_error *err)
{
    struct render_data *d = ud; /* n <= RENDER_COLUMNS_MAX: render_field */
    d->ncolumns = n;
    d->builder = context_new(names, n, false);
    if (!d->builder)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", d->name, strerror(ENOMEM));
    return GT_OK;
}

static int render_row(void *ud, const char *const *fields, size_t n, unsigned long line,
                      struct gt_error *err)
{
    (void)n;
    struct render_data *d = ud;
    /* A row counts at least one cell; ncolumns <= RENDER_COLUMNS_MAX and
     * the rows held fit in memory, so the product does not overflow. */
    size_t cells = (context_row_count(d->builder) + 1) * (d->ncolumns ? d->ncolumns : 1);
    if (d->cells_max && cells > d->cells_max)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s:%lu: more than %zu cell%s (rows x columns) to render, about 1.5 KB "
                       "of memory each (split the file, or set GAMETAB_CELLS_MAX)",
                       d->name, line, d->cells_max, d->cells_max == 1 ? "" : "s");
    if (!context_add_row(d->builder, fields))
        return interrupt_signal ? interrupt_fail(err, d->name)
                                : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", d->name, strerror(ENOMEM));
    return GT_OK;
}

/* The data file's name is in the context as {{file}} (the generic
 * templates print it in a comment): it must be UTF-8, and where a LaTeX
 * template sets it outside a comment (latex), in the preamble's
 * repertoire, like every cell; the whole name
 * is known to be UTF-8 before its characters are looked at (a cp1251 name's
 * МЁ is the bytes of U+0328), as a CSV line is. */
static int file_name_check(const char *data, bool latex, struct gt_error *err)
{
    const unsigned char *p = (const unsigned char *)data;
    size_t n = strlen(data);
    if (utf8_invalid_line(data, n) != 0)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: the file name is not UTF-8 (templates see it as {{file}}): "
                       "rename the file, or give it as standard input (-)", data);
    while (n > 0) {
        uint32_t cp;
        size_t len = utf8_decode(p, n, &cp);
        if (latex && !latex_typesettable(cp))
            return gt_fail(err, GT_ERR_RUNTIME,
                           "%s: character U+%04" PRIX32 " of the file name cannot be typeset "
                           "with the preamble's fonts, and the template sets {{file}}%s: "
                           "rename the file, or give it as standard input (-)",
                           data, cp, is_combining_mark(cp) ? " (a combining accent: NFC "
                                                             "composes most with their letter)"
                                                           : "");
        p += len;
        n -= len;
    }
    return GT_OK;
}

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether path is absolute or has a "." or ".." component: a name of the
 * file system, which the search path's directories would only reinterpret
 * (../README.md is not a template beside templates/). */
static bool names_a_path(const char *path)
{
    if (path[0] == '/')
        return true;
    for (const char *c = path; *c;) {
        size_t n = strcspn(c, "/");
        if ((n == 1 && c[0] == '.') || (n == 2 && c[0] == '.' && c[1] == '.'))
            return true;
        c += n;
        c += *c == '/';
    }
    return false;
}

/* Whether TEMPLATE names a file rather than a template of the search path:
 * one is there, or a name is there that cannot be opened (a dangling link,
 * at the name or on its way as sub/l of sub/l/t.tex, a loop of links, a
 * file taken for a directory, a directory this user may not enter: opening
 * it says why, not "not found"), or
 * the name is a path (names_a_path), which is opened as given. */
static bool is_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return !S_ISDIR(st.st_mode);
    if (errno == ELOOP || errno == ENOTDIR || errno == EACCES || lstat(path, &st) == 0 ||
        names_a_path(path))
        return true;
    char *cut = strdup(path);
    bool dangling = cut && path_blocked_on_the_way(cut, 0) == ENOLINK;
    free(cut);
    return dangling;
}

/* A TEMPLATE given as a bare name that is a file here is read as that file
 * (a file wins over the search path), though a template of the name may be
 * what was meant: run in a build's output/en, preamble.tex is the built
 * preamble, not the template.  When the file fails to read as a template
 * (err about it: "NAME:LINE:COL: ...") and the search path has one of the
 * name, err says which was read and where the other is. */
static void say_shadowed(const struct template_dirs *dirs, const char *name,
                         struct gt_error *err)
{
    size_t n = strlen(name), len = strlen(err->msg);
    if (strchr(name, '/') || strncmp(err->msg, name, n) != 0 || err->msg[n] != ':')
        return;
    /* the file read: the search path's may be that very file (the working
     * directory one of the template directories: breaker round 42, F3,
     * "give that path" named the file read again) */
    struct stat read;
    bool dangling = stat(name, &read) != 0; /* a link to nothing: no file */
    if (dangling && lstat(name, &read) != 0)
        return;
    for (size_t i = 0; i < dirs->n; i++) {
        char path[4200];
        struct stat st;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dirs->dir[i], name) >= sizeof path ||
            stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (!dangling && st.st_dev == read.st_dev && st.st_ino == read.st_ino)
            return;
        snprintf(err->msg + len, sizeof err->msg - len,
                 " (%s ./%s of this directory, not the template %s of the search path, %s: "
                 "give that path to render the template)",
                 dangling ? "the link" : "read the file", name, name, path);
        return;
    }
}

/* Reads DATA (a file, or "-"; its fields separated by separator, 0 for a
 * comma) into d's builder: its rows as the context
 * holds them (context.h).  latex: the template is LaTeX, the data's
 * characters must be in the repertoire. */
static int render_read(const char *data, char separator, bool latex, struct render_data *d,
                       struct gt_error *err)
{
    static const struct csv_read_callbacks for_latex = {render_header, render_row,
                                                        render_character, render_field};
    static const struct csv_read_callbacks for_html = {render_header, render_row, NULL,
                                                       render_field};
    if (file_name_check(data, false, err) != GT_OK)
        return err->status;
    if (csv_read_file(data, separator, latex ? &for_latex : &for_html, d, err) != GT_OK) {
        if (!interrupt_signal) /* else the process ends now: no time spent freeing */
            context_free(d->builder);
        d->builder = NULL;
        return err->status;
    }
    return GT_OK;
}

/* The context of `render`: the rows read (d's builder, freed; none without
 * DATA), the blocks when the template names them, the file name and the
 * language strings. */
static json_t *render_context(const char *data, struct render_data *d, unsigned block_columns,
                              bool blocks, json_t *lang, struct gt_error *err)
{
    json_t *ctx;
    if (data) {
        ctx = context_finish_blocks(d->builder, block_columns, blocks);
        d->builder = NULL;
        /* --block-columns as given, up to what TeX can add up (breaker
         * round 49, F2) */
        if (ctx && blocks &&
            context_block_columns_check(ctx, NULL, block_columns, data, err) != GT_OK) {
            json_decref(ctx);
            return NULL;
        }
        if (ctx && json_object_set_new(ctx, "file", json_string(data)) != 0) {
            json_decref(ctx);
            ctx = NULL;
        }
    } else {
        /* No columns and no rows: the context of the same builder, so
         * that every name is there ({{row_count}} 0, not the empty text;
         * the lists empty). */
        struct context_builder *none = context_new(NULL, 0, false);
        ctx = none ? context_finish_blocks(none, 0, false) : NULL;
    }
    if (ctx && json_object_set(ctx, "lang", lang) != 0) {
        json_decref(ctx);
        ctx = NULL;
    }
    if (!ctx && interrupt_signal)
        interrupt_fail(err, data ? data : "render");
    else if (!ctx)
        gt_fail(err, GT_ERR_RUNTIME, "%s: %s", data ? data : "render", strerror(ENOMEM));
    return ctx;
}

/* Whether TEMPLATE and DATA ("-": standard input) are one stream (a pipe,
 * a FIFO, a terminal), which can be read only once. */
static bool one_stream(const char *template, const char *data)
{
    struct stat t, d;
    bool data_ok = strcmp(data, "-") == 0 ? fstat(STDIN_FILENO, &d) == 0 : stat(data, &d) == 0;
    return data_ok && stat(template, &t) == 0 && !S_ISREG(t.st_mode) && !S_ISDIR(t.st_mode) &&
           t.st_dev == d.st_dev && t.st_ino == d.st_ino;
}

/* The options the template makes a usage error of, as run_render says
 * them (command.h, template_refuses). */
static int render_template_refuses(FILE *f, const char *template, const char *templates_dir)
{
    struct template_dirs dirs;
    struct gt_error ignored = {0};
    struct template_needs needs = {0};
    struct stat st;
    /* Asked on TAB: nothing that may block (a FIFO, a terminal) is read. */
    if (stat(template, &st) == 0 && !S_ISREG(st.st_mode))
        return GT_ERR_RUNTIME;
    /* A --templates that is no directory (yet): the search path without it,
     * as the completion's templates (help_templates). */
    if ((template_dirs_init(&dirs, templates_dir, &ignored) != GT_OK &&
         template_dirs_init(&dirs, NULL, &ignored) != GT_OK) ||
        template_check(&dirs, template, is_file(template), 0, NULL, NULL, &needs, &ignored) !=
            GT_OK)
        return GT_ERR_RUNTIME;
    if (!needs.blocks)
        fprintf(f, "--%s\n", render_options[O_BLOCK_COLUMNS].name);
    if (!needs.lang)
        fprintf(f, "--%s\n", render_options[O_LANG].name);
    return GT_OK;
}

/* -o's name (command.h, output_check): render writes the template's
 * text, and a name asking for a binary format (x.pdf, x.xlsx, x.csv.gz)
 * would get text under it.  Advised, a name ends as the template's does:
 * render T.tex a.csv b.csv (what T.tex *.csv gives) was advised -o b.csv,
 * which wrote LaTeX over the second data file (breaker round 56, F3). */
static int render_output_check(struct command_line *cl, const char *path, bool advice,
                               struct gt_error *err)
{
    unsigned binary =
        FORMAT_BIT(FORMAT_CSV_GZ) | FORMAT_BIT(FORMAT_XLSX) | FORMAT_BIT(FORMAT_PDF);
    if (output_name_check(path, binary, "render writes the template's text",
                          "give another name (a PDF: compile the LaTeX it writes)", err) != GT_OK)
        return GT_ERR_USAGE;
    const char *template = cl->args.arg[0];
    const char *slash = strrchr(template, '/');
    const char *base = slash ? slash + 1 : template;
    const char *ext = strrchr(base, '.');
    if (advice && (!ext || ext == base || !text_ends_with(path, ext, true)))
        return gt_fail(err, GT_ERR_USAGE, "-o: %s does not end as the template %s does", path,
                       template);
    return GT_OK;
}

static int run_render(struct command_line *cl, struct gt_error *err)
{
    const struct option_value *opt = cl->opt;
    const char *template = cl->args.arg[0];
    const char *data = cl->args.n > 1 ? cl->args.arg[1] : NULL;
    const char *path = opt[O_OUTPUT].given ? opt[O_OUTPUT].text : "-";
    const char *lang = opt[O_LANG].given ? template_languages[opt[O_LANG].choice] : "ru";
    /* As for every option that does not apply (options.h): the CSV's
     * options without a CSV. */
    if (!data && opt[O_SEPARATOR].given)
        return gt_fail(err, GT_ERR_USAGE,
                       "--separator: does not apply without DATA (it separates the CSV's fields)");
    if (!data && opt[O_BLOCK_COLUMNS].given)
        return gt_fail(err, GT_ERR_USAGE,
                       "--block-columns: does not apply without DATA (it lays out the CSV's "
                       "cells)");
    if (strcmp(template, "-") == 0)
        return gt_fail(err, GT_ERR_USAGE,
                       "TEMPLATE: cannot be standard input (give the template as a file; "
                       "DATA may be -)");
    if (is_directory(template))
        return gt_fail(err, GT_ERR_RUNTIME, "template %s: is a directory, not a template file",
                       template);
    if (data && one_stream(template, data))
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: the template and the data are one stream (standard input): give "
                       "the template as a file",
                       template);
    /* ... and the partials and the language file too, as they are read
     * (set each run: the command-line fuzzer runs many in one process) */
    struct stat ds;
    bool stream = data &&
                  (strcmp(data, "-") == 0 ? fstat(STDIN_FILENO, &ds) : stat(data, &ds)) == 0 &&
                  !S_ISREG(ds.st_mode) && !S_ISDIR(ds.st_mode);
    template_data_stream(stream ? &ds : NULL);

    struct template_dirs dirs;
    if (template_dirs_init(&dirs, opt[O_TEMPLATES].text, err) != GT_OK)
        return err->status;
    if (render_output_check(cl, path, false, err) != GT_OK)
        return GT_ERR_USAGE;
    /* -o naming an input would replace it: said before any work. */
    bool template_is_file = is_file(template);
    if (output_check_not_templates(path, &dirs, lang, (const char *const[]){template},
                                   template_is_file ? 0 : 1, err) != GT_OK)
        return GT_ERR_USAGE;
    if ((data && output_check_not_input(path, data,
                                        strcmp(data, "-") == 0 ? "standard input, the data"
                                                               : "the data file",
                                        err) != GT_OK) ||
        (template_is_file &&
         output_check_not_input(path, template, "the template", err) != GT_OK))
        return GT_ERR_USAGE;
    /* Data or a template named as gametab's own standard output or error
     * (/dev/stdout, /dev/fd/1, a link to one): reading it would read what
     * gametab writes, or wait on a pipe's read side for ever (breaker round
     * 36, F8: render t.txt /dev/stdout | cat hung). */
    const char *inputs[] = {data, template_is_file ? template : NULL};
    for (size_t i = 0; i < 2; i++) {
        int fd = inputs[i] && strcmp(inputs[i], "-") != 0 ? descriptor_of(inputs[i]) : -1;
        /* (closed at start, it is said as closed when read) */
        if ((fd == STDOUT_FILENO || fd == STDERR_FILENO) && !standard_closed[fd])
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: %s is gametab's own standard %s, which it writes: give a file "
                           "(or - for standard input)",
                           inputs[i], i == 0 ? "the data" : "the template",
                           fd == STDOUT_FILENO ? "output" : "error");
        /* A pipe gametab itself writes to, by any name (/dev/fd/3 with
         * 3>&1, /dev/stdin with 0>&1, - on a pipe also held on 5, a FIFO
         * held 3<>p): its read waits for ever. */
        struct stat st;
        bool from_stdin = inputs[i] && strcmp(inputs[i], "-") == 0;
        /* (standard input closed, or open for writing only: said as such
         * when read) */
        bool unread = from_stdin && (standard_closed[STDIN_FILENO] ||
                                     descriptor_wrong_way(STDIN_FILENO, O_RDONLY));
        int writer = !inputs[i] || unread ? -1
                     : (from_stdin ? fstat(STDIN_FILENO, &st) : stat(inputs[i], &st)) != 0
                         ? -1
                         : descriptor_writing_pipe(&st);
        if (writer >= 0)
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: %s is a pipe gametab itself holds open for writing (descriptor "
                           "%d): reading it would wait for ever: give a file, or a pipe another "
                           "program writes",
                           from_stdin ? "standard input" : inputs[i],
                           i == 0 ? "the data" : "the template", writer);
    }
    /* The template and its partials are read and parsed, and the options
     * they leave without use said, before the CSV is: a template that does
     * not parse fails at once, not after a million rows (breaker round
     * 29, F9).  Its columns and -o among its partials are checked once
     * the CSV's header and the output are known. */
    struct template_needs needs = {0};
    /* The language strings, for the template's {{lang.NAME}} to be
     * checked against; a file that fails to load is said after the
     * template and the options it leaves without use, as before. */
    struct gt_error lang_err = {0};
    json_t *strings = lang_strings_load(&dirs, lang, &lang_err);
    if (template_check(&dirs, template, template_is_file, 0, strings, NULL, &needs, err) !=
        GT_OK) {
        if (err->status == GT_ERR_RUNTIME && template_is_file && !interrupt_signal)
            say_shadowed(&dirs, template, err);
        json_decref(strings);
        return err->status;
    }
    /* As for every option that does not apply: the blocks' width for a
     * template (and its partials) that lays out none. */
    if (opt[O_BLOCK_COLUMNS].given && !needs.blocks) {
        json_decref(strings);
        return gt_fail(err, GT_ERR_USAGE, "--block-columns: does not apply: %s lays out no blocks",
                       template);
    }
    /* The same for the language of a template that says no lang string. */
    if (opt[O_LANG].given && !needs.lang) {
        json_decref(strings);
        return gt_fail(err, GT_ERR_USAGE,
                       "--lang: does not apply: %s uses no language strings ({{lang.NAME}})",
                       template);
    }
    if (!strings) {
        *err = lang_err;
        return GT_ERR_RUNTIME;
    }
    struct render_data d = {.name = data && strcmp(data, "-") ? data : "standard input",
                            .cells_max = template_cells_max(),
                            .data_max = template_data_max()};
    char separator = opt[O_SEPARATOR].given ? separator_bytes[opt[O_SEPARATOR].choice] : 0;
    if (data && render_read(data, separator, template_is_latex(template), &d, err) !=
                    GT_OK) {
        json_decref(strings);
        return err->status;
    }
    struct output *out = NULL;
    json_t *ctx = NULL;
    int rc = output_open(&out, path, NULL, OUTPUT_PLAIN, 0, 1, err);
    /* The declarations checked against the CSV's columns, and the
     * partials against the output, before the context is finished (the
     * rows alone are about half of it); the blocks are built only when
     * the template names them. */
    if (rc == GT_OK)
        rc = template_check(&dirs, template, template_is_file, d.ncolumns, NULL, out, &needs,
                            err);
    /* The name's characters matter where the template typesets it, not
     * in a TeX comment (the generic templates' first line). */
    if (rc == GT_OK && data && strcmp(data, "-") != 0 && needs.file &&
        template_is_latex(template))
        rc = file_name_check(data, true, err);
    /* In a comment, a line break of the name would end it, and a raw
     * {{{file}}} would set the rest of the name as TeX. */
    if (rc == GT_OK && data && needs.file_in_comment && strpbrk(data, "\n\r") &&
        template_is_latex(template))
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s: the file name holds a line break, which would end the TeX comment "
                     "the template writes {{file}} in: rename the file, or give it as "
                     "standard input (-)",
                     data);
    if (rc == GT_OK) {
        ctx = render_context(data, &d, (unsigned)opt[O_BLOCK_COLUMNS].number[0], needs.blocks,
                             strings, err);
        rc = ctx ? GT_OK : err->status;
    }
    json_decref(strings);
    if (rc == GT_OK)
        rc = template_render_checked(&dirs, template, template_is_file, ctx, out, err);
    if (rc == GT_ERR_RUNTIME && template_is_file && !interrupt_signal)
        say_shadowed(&dirs, template, err);
    if (rc == GT_OK)
        rc = output_commit(out, err);
    else if (out)
        output_abort(out);
    /* Asked to stop: the temporary is gone and the process ends now;
     * freeing the context (a second for 300 000 cells) would only delay it. */
    if (rc != GT_OK && interrupt_signal)
        return rc;
    context_free(d.builder);
    json_decref(ctx);
    return rc;
}

const struct command cmd_render = {
    .name = "render",
    .summary = "fill a template with the rows of any CSV file",
    .usage = "render TEMPLATE [DATA] [OPTIONS]",
    .about = "Fill a Mustache template with the rows of a CSV file.\n"
             "\n"
             "TEMPLATE is a file, or else the name of a template in the search path "
             "(--templates DIR, $GAMETAB_TEMPLATES, the built-in ones), such as "
             "table-booktabs.tex or table-kvant.tex; a path that is absolute or has a . "
             "or .. component is only ever a file.  Another command's own template (a "
             "table's, such as wythoff-p-positions.tex, a figure's, standalone.tex, "
             "handout.tex, errata.tex, verify.txt: each says so in a comment, gametab: "
             "filled by COMMAND), or a copy of it, is refused: its context is that "
             "command's values, not a CSV's rows.  DATA is a CSV file, gzip-compressed "
             "or not, or - for standard input; without it the template gets no columns "
             "and no rows (the two generic templates then write a comment, no table).  "
             "Templates whose name ends in .tex, .ltx or .latex (any case) escape {{x}} "
             "for LaTeX, others for HTML.\n",
    .help_more = help_environment,
    .more = "The context: columns (each with name, widest, its longest text, and "
            "wide, true when it should wrap to keep the table within the text "
            "width), has_columns, wide_columns, has_wide_columns, rows (each with "
            "data, its cells by column name, and cells, first and last), row_count, "
            "file, blocks (the rows in groups for the horizontal Kvant layout, each "
            "with rows, lines, pad, first and last; built only for a template that "
            "names blocks), block_columns, widest_cell, long_cells, unmeasured_cell_width, "
            "fitting_cell and lang.  The data is held "
            "whole: at most " XSTR(RENDER_COLUMNS_MAX) " columns, $GAMETAB_CELLS_MAX "
            "cells (rows x columns; default 300000, about 480 MB, 1 GB at most with "
            "blocks of one column; 0 for no limit) and "
            "$GAMETAB_DATA_MAX bytes of text (column names and cells, each row counting "
            "the names again; default 256 MiB, 0 for no limit), and a field holds at "
            "most $GAMETAB_FIELD_MAX bytes (default 16 MiB, 0 for no limit).  "
            "The output is at most $GAMETAB_OUTPUT_MAX bytes (default 64 MiB, 0 for "
            "no limit), and at most $GAMETAB_TAGS_MAX tags and texts are rendered (a text between "
            "tags counts as one, and so does each pass of a section over a list; default "
            "10^8, 0 for no limit).  "
            "Nesting is bounded (fixed): at most " XSTR(MUSTACHE_MAX_SECTION_DEPTH) " sections "
            "inside one another in a template or partial, " XSTR(MUSTACHE_MAX_PARTIAL_DEPTH)
            " partials inside one another, and " XSTR(MUSTACHE_MAX_RENDER_DEPTH) " sections "
            "and partials together.  "
            "For a .tex template every character of the data must be one the "
            "preamble's fonts print (see the README).\n",
    .options = render_options,
    .noptions = O__N,
    .args_min = 1,
    .args_max = 2,
    .missing = "render: missing template (see gametab render --help)",
    .arg_kind = {ARG_TEMPLATE, ARG_FILE},
    .template_refuses = render_template_refuses,
    .output_check = render_output_check,
    .run = run_render,
};
