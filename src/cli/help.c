/* help.c: --help, the man page and the bash completion, from the commands'
 * descriptors (help.h). */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/text.h"
#include "base/utf8.h"
#include "claims/claim.h"
#include "cli/help.h"
#include "io/csv-read.h"
#include "publish/figures.h"
#include "tables/table.h"
#include "sinks/sink-pdf.h"
#include "sinks/sinks.h"
#include "template/templates.h"

/* What gametab is, in one line: --help's first line, the man page's NAME
 * and DESCRIPTION.  Two of the four articles are from Kvant (Matulis &
 * Savukinas 1984, Yaglom 1971); Feng Yuefeng's and Teterko's are not. */
#define GAMETAB_WHAT                                                                     \
    "tables of impartial games (Wythoff's game, Nim, misère Nim, Grundy functions) "    \
    "from four articles, two of them in Kvant"
#define GAMETAB_HOW "as gzip-compressed CSV, JSON, xlsx, LaTeX and PDF"

/* What holds for every variable of environment[]. */
#define ENVIRONMENT_LEAD \
    "Every command reads the limits below (GAMETAB_*_MAX): one that is not a whole number in " \
    "range is a usage error (exit 2), whichever command runs."

/* The environment variables gametab reads: the man page's ENVIRONMENT and
 * render --help.  text has one %zu, the default (value), or none. */
static const struct {
    const char *name, *text;
    size_t value;
} environment[] = {
    {"GAMETAB_TEMPLATES", "a directory searched for templates after --templates and before the "
                          "built-in ones; one that is not a directory is a usage error (exit 2)", 0},
    {"GAMETAB_CELLS_MAX", "render: the most cells (rows x columns) of data held, about 1.5 KB "
                          "each; default %zu, 0 for no limit", TEMPLATE_CELLS_MAX},
    {"GAMETAB_FIELD_MAX", "render: the most bytes of one CSV field; default %zu (16 MiB), 0 "
                          "for no limit", CSV_FIELD_MAX},
    {"GAMETAB_DATA_MAX", "render: the most bytes of text (column names and cells, each row "
                         "counting the names again) of data held; default %zu (256 MiB), 0 for "
                         "no limit", TEMPLATE_DATA_MAX},
    {"GAMETAB_OUTPUT_MAX", "every template (render, and those of table, figure, verify and "
                           "build): the most bytes a template makes; default %zu (64 MiB), 0 "
                           "for no limit",
     TEMPLATE_OUTPUT_MAX},
    {"GAMETAB_TAGS_MAX", "every template (render, and those of table, figure, verify and "
                         "build): the most tags and texts rendered (a text between tags counts "
                         "as one, each time, and so does each pass of a section over a "
                         "list); default %zu, 0 for no limit",
     TEMPLATE_TAGS_MAX},
    {"GAMETAB_TEX_SECONDS_MAX", "--format pdf: the most seconds of wall time latexmk may take "
                                "over one PDF, every pdflatex run of it (a template whose TeX "
                                "loops would run until killed); default %zu, 0 for no limit",
     SINK_PDF_SECONDS_MAX},
    {"SOURCE_DATE_EPOCH", "the date written into generated files (an xlsx workbook's "
                          "properties, a PDF's dates), in seconds since 1970, digits only; "
                          "default 1980-01-01", 0},
    {"HOME", "--format pdf: TeX keeps the font metrics it makes for Cyrillic in "
             "~/.texliveYYYY; without a writable HOME (and no TEXMFVAR) they go to the "
             "temporary directory in TMPDIR, made again each time", 0},
    {"PATH", "where latexmk and pdflatex are looked for (--format pdf); a relative "
             "directory in it is taken from the working directory; default /usr/bin:/bin", 0},
    {"TEXINPUTS", "--format pdf: where TeX looks first for a file a restyled template loads "
                  "(\\input, \\includegraphics), before TeX's own tree and the --templates "
                  "directories (not the working directory); a relative directory in it is "
                  "taken from the working directory; TEXINPUTS_pdflatex, when set, is read in "
                  "its place",
     0},
    {"TMPDIR", "where --format pdf compiles (a directory of its own, removed after) and "
               "--format xlsx, and build's gametab.xlsx, write their temporary file; "
               "default /tmp", 0},
};

static void environment_text(size_t i, char *buf, size_t size)
{
    snprintf(buf, size, environment[i].text, environment[i].value);
}

bool help_word_shown(const char *word)
{
    size_t n = strlen(word);
    return n > 0 && n <= 64 && utf8_one_line_keeps(word);
}

size_t help_width(FILE *f)
{
    size_t width = 80;
    int fd = fileno(f);
    if (fd >= 0 && isatty(fd)) {
        struct winsize ws;
        const char *columns = getenv("COLUMNS");
        uint64_t n;
        if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
            width = ws.ws_col;
        else if (columns && text_read_u64(columns, &n) == TEXT_NUMBER_OK && n > 0 && n < 10000)
            width = (size_t)n;
    }
    return width < 40 ? 40 : width;
}

/* The spaces that begin s[0..n). */
static size_t lead_of(const char *s, size_t n)
{
    size_t lead = 0;
    while (lead < n && s[lead] == ' ')
        lead++;
    return lead;
}

/* Where a line's second column starts, in bytes: after its first run of
 * two or more spaces past its indentation (not the two after a full stop,
 * which end a sentence); 0 when it has none. */
static size_t second_column(const char *line, size_t n)
{
    for (size_t i = lead_of(line, n); i + 2 < n; i++)
        if (line[i] == ' ' && line[i + 1] == ' ' && i > 0 && line[i - 1] != '.') {
            size_t gap = lead_of(line + i, n - i);
            return i + gap < n ? i + gap : 0;
        }
    return 0;
}

/* Whether next[0..m) continues the item line[0..n): the item has a second
 * column, and next is indented to it and has none of its own ("--level L
 * gzip level ..." and the lines of its text below). */
static bool continues(const char *line, size_t n, const char *next, size_t m)
{
    size_t at = second_column(line, n), lead = lead_of(next, m);
    return at > 0 && lead == utf8_columns(line, at) && lead < m && !second_column(next, m);
}

/* Where a line's continuation starts, in columns (help.h, help_wrap). */
static size_t hang_of(const char *line, size_t n)
{
    size_t at = second_column(line, n), lead = lead_of(line, n);
    return at ? utf8_columns(line, at) : lead ? lead + 2 : 0;
}

static void wrap_line(FILE *f, const char *line, size_t n, size_t hang, size_t width)
{
    if (hang + 20 > width)
        hang = 2; /* a narrow terminal: room for the words first */
    size_t col = 0;
    bool words = false; /* a word on this line of output yet */
    for (size_t i = 0; i < n;) {
        size_t gap = lead_of(line + i, n - i), w = 0;
        const char *word = line + i + gap;
        while (i + gap + w < n && word[w] != ' ')
            w++;
        if (w == 0)
            break; /* spaces at the end of the line */
        size_t cols = utf8_columns(word, w), spaces = gap;
        if (words && col + gap + cols > width) {
            fputc('\n', f);
            col = 0;
            spaces = hang; /* the hang, not the spaces before the word */
        }
        fprintf(f, "%*s%.*s", (int)spaces, "", (int)w, word);
        col += spaces + cols;
        words = true;
        i += gap + w;
    }
    fputc('\n', f);
}

void help_wrap(FILE *f, const char *text, size_t len, size_t width)
{
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
        size_t hang = hang_of(text + i, n), next = i + n + 1;
        /* The lines that continue an item (indented to its second column,
         * none of their own) are filled with it: its text, laid out again. */
        struct text item = {0};
        text_add(&item, text + i, n);
        while (next < len) {
            const char *end = memchr(text + next, '\n', len - next);
            size_t m = end ? (size_t)(end - (text + next)) : len - next;
            size_t lead = lead_of(text + next, m);
            if (!continues(text + i, n, text + next, m))
                break;
            text_add(&item, " ", 1);
            text_add(&item, text + next + lead, m - lead);
            next += m + 1;
        }
        if (item.nomem) /* out of memory: the line as it is */
            wrap_line(f, text + i, n, hang, width), next = i + n + 1;
        else
            wrap_line(f, item.s, item.len, hang, width);
        free(item.s);
        i = next;
    }
}

FILE *help_buffer_begin(struct help_buffer *b, FILE *f)
{
    b->f = f;
    b->text = NULL;
    b->to = open_memstream(&b->text, &b->len);
    return b->to ? b->to : f;
}

void help_buffer_end(struct help_buffer *b)
{
    if (!b->to)
        return;
    if (fclose(b->to) == 0)
        help_wrap(b->f, b->text, b->len, help_width(b->f));
    free(b->text);
}

void help_environment(FILE *f, const char *subject)
{
    (void)subject;
    fputs("\nEnvironment:\n", f);
    fprintf(f, "  %s\n", ENVIRONMENT_LEAD);
    for (size_t i = 0; i < sizeof environment / sizeof environment[0]; i++) {
        char text[512];
        environment_text(i, text, sizeof text);
        fprintf(f, "  %s\n    %s\n", environment[i].name, text);
    }
}

#define EXIT_STATUS                                                                  \
    "Exit status: 0 success, 1 runtime error (or, for verify, a claim that fails), 2 "  \
    "usage error, 128 + N when signal N stopped it (one line, interrupted by signal "   \
    "N, and the old files kept).\n"

void help_main(FILE *f)
{
    char about[512];
    snprintf(about, sizeof about, "%c%s, " GAMETAB_HOW ".", GAMETAB_WHAT[0] - 'a' + 'A',
             GAMETAB_WHAT + 1);
    struct help_buffer b;
    f = help_buffer_begin(&b, f);
    fprintf(f, "Usage: gametab COMMAND [OPTIONS]\n%s\n", about);
    fputs("\nCommands:\n", f);
    for (size_t i = 0; i < command_registry_size; i++)
        fprintf(f, "  %-8s %s\n", command_registry[i]->name, command_registry[i]->summary);
    fprintf(f, "\n"
               "  gametab COMMAND --help   options of a command (or: gametab help COMMAND)\n"
               "  gametab --version        the version\n"
               "\n" EXIT_STATUS);
    help_buffer_end(&b);
}

/* The groups of c's options, for listing (the values are not read). */
static size_t listing_groups(const struct command *c, struct option_group groups[2])
{
    static struct command_line unused;
    return command_groups(c, &unused, groups);
}

static bool has_listed_options(const struct option_group *groups, size_t ngroups)
{
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++)
            if (option_listed(&groups[g], i))
                return true;
    return false;
}

void help_command(const struct command *c, FILE *f, const char *subject)
{
    struct help_buffer b;
    f = help_buffer_begin(&b, f);
    fprintf(f, "Usage: gametab %s\n%s", c->usage, c->about);
    struct option_group groups[2];
    size_t ngroups = listing_groups(c, groups);
    if (has_listed_options(groups, ngroups)) {
        fputc('\n', f);
        options_print_help(f, groups, ngroups);
    }
    if (c->more)
        fprintf(f, "\n%s", c->more);
    if (c->help_more)
        c->help_more(f, subject);
    help_buffer_end(&b);
}

/* ---- the man page ---------------------------------------------------------- */

/* Writes the character at text[*i..len) if it is not ASCII, as a groff
 * escape (\[`e] for è, \[->] for →, \[uXXXX] for the others), so that the
 * page is plain ASCII and formats without preconv (groff -man, nroff);
 * advances *i past it and returns true.  A byte that is no UTF-8 (the
 * texts are the program's own, so none is) is written as \[uFFFD]. */
static bool roff_unicode(FILE *f, const char *text, size_t len, size_t *i)
{
    static const struct {
        uint32_t cp;
        const char *name;
    } named[] = {
        {0x00D7, "mu"}, {0x00E8, "`e"}, {0x00E9, "'e"}, {0x2013, "en"},
        {0x2014, "em"}, {0x2192, "->"}, {0x2264, "<="},
        {0x2265, ">="},
    };
    if ((unsigned char)text[*i] < 0x80)
        return false;
    uint32_t cp;
    size_t n = utf8_decode((const unsigned char *)text + *i, len - *i, &cp);
    if (n == 0)
        n = 1, cp = 0xFFFD;
    *i += n;
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        if (named[k].cp == cp) {
            fprintf(f, "\\[%s]", named[k].name);
            return true;
        }
    fprintf(f, "\\[u%04" PRIX32 "]", cp);
    return true;
}

/* Writes text for roff: backslashes doubled as \e, a line that would start
 * with a control character protected by \&, "-" as \- (a minus, so that
 * options can be searched and copied) when minus is true, and every
 * character past ASCII as a groff escape (roff_unicode). */
static void roff_chars(FILE *f, const char *text, size_t len, bool minus)
{
    bool line_start = true;
    for (size_t i = 0; i < len;) {
        char ch = text[i];
        if (line_start && (ch == '.' || ch == '\''))
            fputs("\\&", f);
        line_start = ch == '\n';
        if (roff_unicode(f, text, len, &i))
            continue;
        if (ch == '\\')
            fputs("\\e", f);
        else if (ch == '-' && minus)
            fputs("\\-", f);
        else
            fputc(ch, f);
        i++;
    }
}

static void roff_text(FILE *f, const char *text, size_t len)
{
    roff_chars(f, text, len, true);
}

static void roff_string(FILE *f, const char *s)
{
    roff_text(f, s, strlen(s));
}

/* The line at text[i..len): its length to the newline. */
static size_t line_length(const char *text, size_t i, size_t len)
{
    const char *nl = memchr(text + i, '\n', len - i);
    return nl ? (size_t)(nl - (text + i)) : len - i;
}

/* Text written for the terminal (help.h, help_wrap) as paragraphs man
 * fills, so that groff wraps it to the reader's width: a run of plain
 * lines is one paragraph, a blank line ends it; an indented line is an
 * item indented as much, one with a second column (a name and its text:
 * "  DIR/X.csv.gz   what it is") a tagged paragraph whose text starts at
 * that column, and the lines indented further that follow it (without a
 * column of their own) its text's continuation. */
static void roff_prose(FILE *f, const char *text, size_t len)
{
    bool filling = false, listing = false;
    for (size_t i = 0; i < len;) {
        size_t n = line_length(text, i, len);
        size_t lead = lead_of(text + i, n);
        if (n == 0 || lead == n) {
            filling = listing = false;
            i += n + 1;
            continue;
        }
        if (lead == 0) {
            if (!filling)
                fputs(".PP\n", f);
            filling = true;
            listing = false;
            roff_text(f, text + i, n);
            fputc('\n', f);
            i += n + 1;
            continue;
        }
        if (!listing)
            fputs(".PP\n", f); /* the space before a list */
        filling = false;
        listing = true;
        size_t at = second_column(text + i, n);
        fprintf(f, ".RS %zun\n.PD 0\n", lead);
        if (at) {
            size_t tag_end = at;
            while (text[i + tag_end - 1] == ' ')
                tag_end--;
            /* its text at the second column, past the tag */
            fprintf(f, ".TP %zun\n", utf8_columns(text + i + lead, at - lead));
            roff_text(f, text + i + lead, tag_end - lead);
            fputc('\n', f);
            roff_text(f, text + i + at, n - at);
        } else {
            fputs(".PP\n", f);
            roff_text(f, text + i + lead, n - lead);
        }
        fputc('\n', f);
        i += n + 1;
        for (size_t item = i - n - 1; i < len;) { /* its continuation */
            size_t m = line_length(text, i, len), more = lead_of(text + i, m);
            if (!continues(text + item, n, text + i, m))
                break;
            roff_text(f, text + i + more, m - more);
            fputc('\n', f);
            i += m + 1;
        }
        fputs(".PD\n.RE\n", f);
    }
}

/* What a function prints, as a string (to be escaped for roff). */
struct captured {
    char *text;
    size_t len;
    FILE *f;
};

static int capture_begin(struct captured *c, struct gt_error *err)
{
    c->text = NULL;
    c->f = open_memstream(&c->text, &c->len);
    return c->f ? GT_OK : gt_fail(err, GT_ERR_RUNTIME, "man page: %s", strerror(errno));
}

static int capture_end(struct captured *c, struct gt_error *err)
{
    if (fclose(c->f) != 0) {
        free(c->text);
        return gt_fail(err, GT_ERR_RUNTIME, "man page: %s", strerror(ENOMEM));
    }
    return GT_OK;
}

/* One option as a tagged paragraph: its synopsis, then its help as one
 * paragraph. */
static int man_option(FILE *f, const struct option_spec *s, struct gt_error *err)
{
    fputs(".TP\n", f);
    if (s->short_name)
        fprintf(f, "\\fB\\-%c\\fR, ", s->short_name);
    fprintf(f, "\\fB\\-\\-");
    roff_string(f, s->kind == OPTION_NEGATABLE ? "no-" : "");
    roff_string(f, s->name);
    fputs("\\fR", f);
    if (s->metavar) {
        fputs(" \\fI", f);
        roff_string(f, s->metavar);
        fputs("\\fR", f);
    }
    fputc('\n', f);
    struct captured c;
    if (capture_begin(&c, err) != GT_OK)
        return GT_ERR_RUNTIME;
    option_help_lines(c.f, s, "");
    if (capture_end(&c, err) != GT_OK)
        return GT_ERR_RUNTIME;
    for (size_t i = 0; i + 1 < c.len; i++)
        if (c.text[i] == '\n')
            c.text[i] = ' ';
    roff_text(f, c.text, c.len);
    free(c.text);
    return GT_OK;
}

static int man_command(FILE *f, const struct command *cmd, struct gt_error *err)
{
    fputs(".SS \"gametab ", f);
    roff_string(f, cmd->usage);
    fputs("\"\n", f);
    roff_prose(f, cmd->about, strlen(cmd->about));
    struct option_group groups[2];
    size_t ngroups = listing_groups(cmd, groups);
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++)
            if (option_listed(&groups[g], i) && man_option(f, &groups[g].specs[i], err) != GT_OK)
                return GT_ERR_RUNTIME;
    if (cmd->more)
        roff_prose(f, cmd->more, strlen(cmd->more));
    /* The environment has a section of its own. */
    if (cmd->help_more && cmd->help_more != help_environment) {
        struct captured c;
        if (capture_begin(&c, err) != GT_OK)
            return GT_ERR_RUNTIME;
        cmd->help_more(c.f, NULL);
        if (capture_end(&c, err) != GT_OK)
            return GT_ERR_RUNTIME;
        /* Without the blank line that begins it on the terminal. */
        size_t skip = c.len && c.text[0] == '\n';
        roff_prose(f, c.text + skip, c.len - skip);
        free(c.text);
    }
    return GT_OK;
}

int help_man(FILE *f, struct gt_error *err)
{
    fprintf(f, ".\\\" gametab.1: made by `gametab --help-man` from the commands' option\n"
               ".\\\" specs; edit those (src/cli/cmd-*.c, src/tables/tables.c), not this.\n"
               ".TH GAMETAB 1 \"\" \"%s %s\" \"User Commands\"\n"
               /* No hyphenation: options, file names and TeX commands are
                * copied from the page (--ver-sion, \\pgf-plotsset). */
               ".nh\n"
               ".SH NAME\n"
               "gametab \\- ",
            PACKAGE_NAME, PACKAGE_VERSION);
    roff_chars(f, GAMETAB_WHAT, strlen(GAMETAB_WHAT), false);
    fputs("\n"
          ".SH SYNOPSIS\n"
          ".B gametab\n"
          ".I COMMAND\n"
          ".RI [ OPTIONS ]\n"
          ".br\n"
          ".B gametab\n"
          ".BR \\-\\-help \" | \" \\-\\-version\n"
          ".br\n"
          ".B gametab help\n"
          ".RI [ COMMAND ]\n"
          ".SH DESCRIPTION\n",
          f);
    /* The description: GAMETAB_WHAT capitalised (its first letter is ASCII),
     * then GAMETAB_HOW; their hyphens are hyphens, not minus signs. */
    fputc(GAMETAB_WHAT[0] - 'a' + 'A', f);
    roff_chars(f, GAMETAB_WHAT + 1, strlen(GAMETAB_WHAT + 1), false);
    fputs(", ", f);
    roff_chars(f, GAMETAB_HOW, strlen(GAMETAB_HOW), false);
    fputs(".\n", f);
    fputs(".PP\n"
          "Each command takes \\fB\\-\\-help\\fR (its usage and options, as below) and\n"
          "\\fB\\-\\-version\\fR; \\fBgametab help\\fR \\fICOMMAND\\fR is \\fBgametab\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR.\n"
          "Options may follow the arguments; \\fB\\-\\-\\fR ends them;\n"
          "a long option may be shortened to a prefix that names one option only.\n"
          ".SH COMMANDS\n",
          f);
    for (size_t i = 0; i < command_registry_size; i++)
        if (man_command(f, command_registry[i], err) != GT_OK)
            return GT_ERR_RUNTIME;
    fputs(".SH ENVIRONMENT\n", f);
    roff_string(f, ENVIRONMENT_LEAD);
    fputc('\n', f);
    for (size_t i = 0; i < sizeof environment / sizeof environment[0]; i++) {
        char text[512];
        environment_text(i, text, sizeof text);
        fputs(".TP\n.B ", f);
        roff_string(f, environment[i].name);
        fputc('\n', f);
        roff_string(f, text);
        fputs(".\n", f);
    }
    fputs(".SH EXIT STATUS\n", f);
    roff_string(f, EXIT_STATUS);
    fputs(".SH SEE ALSO\n", f);
    roff_string(f, "README.md, installed in " GAMETAB_DOCDIR " (and at the top of the "
                   "source tree): the articles, the tables, recipes and how to restyle them.");
    fputs("\n", f);
    /* A write error of standard output is main's to report, as for every command. */
    return GT_OK;
}

/* ---- bash completion ----------------------------------------------------- */

/* The words of a value: a choice's values, or the names the completion
 * offers for a claim; NULL for a file or directory (or nothing). */
static void completion_words(FILE *f, const struct option_spec *s)
{
    if (s->kind == OPTION_CHOICE)
        for (size_t i = 0; i < choices_listed(s); i++) {
            /* _gametab_words offers its words as they are, and bash
             * inserts them as they are: \; is offered, which the shell
             * reads as ; where a bare ; would end the command (in single
             * quotes: no choice holds a quote or a blank). */
            fputs(i ? " " : "", f);
            for (const char *c = s->choices[i]; *c; c++)
                fprintf(f, "%s%c", strchr(";|&<>()$`\\\"*?[#~", *c) ? "\\" : "", *c);
        }
    else if (s->complete && strcmp(s->complete, "claim") == 0)
        for (size_t i = 0; i < claim_registry_size; i++)
            fprintf(f, "%s%s", i ? " " : "", claim_registry[i]->id);
}

/* An option of the listing that takes a value (whose word after it is
 * the value, not an argument). */
static bool listed_with_value(const struct option_group *g, size_t i)
{
    enum option_kind k = g->specs[i].kind;
    return option_listed(g, i) && k != OPTION_FLAG && k != OPTION_NEGATABLE;
}

/* Every option the parser reads for c, as _gametab_option wants them: NAME,
 * NAME= when it takes a value, NAME! when negatable, -X:NAME for a short
 * name; --help and --version too (a prefix that also names them is
 * ambiguous to the parser). */
static void completion_specs(FILE *f, const struct option_group *groups, size_t ngroups)
{
    bool first = true;
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            if (!s->name || (groups[g].only && !(groups[g].only >> i & 1)))
                continue;
            if (s->short_name)
                fprintf(f, "%s-%c:%s", first ? "" : " ", s->short_name, s->name), first = false;
            fprintf(f, "%s%s%s", first ? "" : " ", s->name,
                    s->kind == OPTION_NEGATABLE ? "!" : s->kind == OPTION_FLAG ? "" : "=");
            first = false;
        }
}

/* What the first argument of a command of one table or figure names
 * (table NAME, figure NAME): the completion offers that one's parameters
 * and their values only.  The tables or the figures, by index. */
static size_t named_count(enum command_arg k)
{
    return k == ARG_TABLE ? table_registry_size : k == ARG_FIGURE ? figure_registry_size : 0;
}

static const char *named_name(enum command_arg k, size_t i)
{
    return k == ARG_TABLE ? table_registry[i]->name : figure_registry[i]->name;
}

static const struct table_param_spec *named_params(enum command_arg k, size_t i)
{
    return k == ARG_TABLE ? table_registry[i]->params : figure_registry[i]->params;
}

/* Whether the one (index i of kind k) takes option i of group g of c: a
 * table parameter only when it accepts it, an option of c only when the
 * table does not refuse it (c->table_refuses). */
static bool named_takes(const struct command *c, const struct option_group *g, size_t option,
                        enum command_arg k, size_t i)
{
    if (g->specs == table_param_options)
        return named_params(k, i)[option].accepted;
    return !(k == ARG_TABLE && c->table_refuses && c->table_refuses(table_registry[i], option));
}

/* The words of an option: -o --output, --color --no-color; only those the
 * one named (index named of kind k) takes, or every one (k ARG_FILE). */
static void completion_option_words(FILE *f, const struct command *c,
                                    const struct option_group *groups, size_t ngroups,
                                    enum command_arg k, size_t named)
{
    bool first = true;
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            if (!s->name || (groups[g].only && !(groups[g].only >> i & 1)))
                continue; /* --help and --version are offered too */
            if (k != ARG_FILE && !named_takes(c, &groups[g], i, k, named))
                continue;
            if (s->short_name)
                fprintf(f, "%s-%c", first ? "" : " ", s->short_name), first = false;
            fprintf(f, "%s--%s", first ? "" : " ", s->name);
            if (s->kind == OPTION_NEGATABLE)
                fprintf(f, " --no-%s", s->name);
            first = false;
        }
}

/* The values completion offers for parameter p of params (a table's or a
 * figure's): its values, or every one of a range of at most 10; false when
 * none. */
static bool param_values(FILE *f, const struct table_param_spec *params, size_t p)
{
    const struct table_param_spec *s = &params[p];
    if (!s->accepted || table_param_options[p].kind != OPTION_NUMBER)
        return false;
    if (s->values) {
        if (f)
            fputs(s->values, f);
        return true;
    }
    if (s->max < s->min || s->max - s->min > 9)
        return false;
    for (uint64_t v = s->min; f && v <= s->max; v++)
        fprintf(f, "%s%llu", v == s->min ? "" : " ", (unsigned long long)v);
    return true;
}

/* The option of c that selects the mode (c->mode_option), or NULL. */
static const struct option_spec *mode_spec(const struct command *c)
{
    for (size_t i = 0; c->mode_option && i < c->noptions; i++)
        if (c->options[i].name && strcmp(c->options[i].name, c->mode_option) == 0)
            return &c->options[i];
    return NULL;
}

/* The words of the options of c that do not apply to mode what (--level
 * --jobs for tex), as --NAME, -o too when short; with it, --no-NAME. */
static void inapplicable_words(FILE *f, const struct command *c, const char *what, bool short_too)
{
    struct option_group groups[2];
    size_t ngroups = listing_groups(c, groups);
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            if (!s->name || option_applies(s, what))
                continue;
            if (s->short_name && short_too)
                fprintf(f, " -%c", s->short_name);
            fprintf(f, " --%s", s->name);
            if (s->kind == OPTION_NEGATABLE && short_too)
                fprintf(f, " --no-%s", s->name);
        }
}

/* Sets drop, in the completion of c, to the words the options typed make
 * a usage error (options_check_applies): the options that do not apply to
 * the mode typed, a flag selecting a mode once typed, and a flag whose mode
 * an option typed does not apply to (--list after --claim). */
static void completion_drop(FILE *f, const struct command *c, const struct option_spec *m)
{
    fprintf(f, "        drop=\n        mode=$(_gametab_mode --%s)\n", m->name);
    if (strcmp(m->name, "format") == 0) /* else the format -o asks for */
        fputs("        [[ -n $mode ]] || mode=$(_gametab_format_of \"$(_gametab_mode --output)\")\n", f);
    fputs("        case $mode in\n", f);
    if (m->kind == OPTION_CHOICE) {
        for (size_t i = 0; i < choices_listed(m); i++) {
            fprintf(f, "        '%s') drop='", m->choices[i]);
            inapplicable_words(f, c, m->choices[i], true);
            fputs("' ;;\n", f);
        }
    } else {
        char flag[64];
        snprintf(flag, sizeof flag, "--%s", m->name);
        fprintf(f, "        %s) drop='%s", flag, flag);
        inapplicable_words(f, c, flag, true);
        fputs("' ;;\n        '') _gametab_typed '", f);
        inapplicable_words(f, c, flag, false);
        fprintf(f, "' && drop='%s' ;;\n", flag);
    }
    if (m->kind == OPTION_CHOICE) {
        /* No mode typed (nor, for --format, a name -o asks one of): the
         * modes the options typed leave possible decide.  An option is
         * dropped when it applies to none of them (tex's --lang after
         * --level, which applies to csv.gz only). */
        fputs("        '') drop=-\n", f);
        for (size_t i = 0; i < choices_listed(m); i++) {
            fputs("            _gametab_typed '", f);
            inapplicable_words(f, c, m->choices[i], false);
            fputs("' || drop=$(_gametab_common \"$drop\" '", f);
            inapplicable_words(f, c, m->choices[i], true);
            fputs("')\n", f);
        }
        fputs("            [[ $drop == - ]] && drop= ;; # none possible: refused already\n", f);
    }
    fputs("        esac\n", f);
}

/* For the values of a choice m selecting the mode: drops those that an
 * option typed does not apply to (tex after --level). */
static void completion_drop_modes(FILE *f, const struct command *c, const struct option_spec *m)
{
    for (size_t i = 0; i < choices_listed(m); i++) {
        fputs("            _gametab_typed '", f);
        inapplicable_words(f, c, m->choices[i], false);
        fprintf(f, "' && _gametab_drop '%s'\n", m->choices[i]);
    }
    /* --format tex -o x.csv is refused: -o's name asks for csv */
    if (strcmp(m->name, "format") == 0)
        fputs("            mode=$(_gametab_format_of \"$(_gametab_mode --output)\" named)\n"
              "            [[ -n $mode ]] && _gametab_words \"$mode\"\n",
              f);
    fputs("            ;;\n", f);
}

/* _gametab_format_of NAME [named]: the format table takes from the name
 * -o gives when --format is not typed, as format_of_path (options.c) reads
 * it: csv for - or a name without an extension (not with named: then only
 * a format the name asks for, which --format must not contradict), nothing
 * for a name format_of_path refuses (x.tex.gz, x.tsv.gz, x.weird) or no
 * name. */
static void completion_format_of(FILE *f)
{
    fputs("# The format table takes from the name -o gives ($1) when --format is\n"
          "# not typed: csv for - or a name without an extension (not when $2 is\n"
          "# \"named\": then only one the name asks for); nothing for no name or\n"
          "# one that asks for none.\n"
          "_gametab_format_of()\n"
          "{\n"
          "    local base=${1##*/}\n"
          "    base=${base,,}\n"
          "    [[ -z $1 || $1 == --output ]] && return # -o typed, its name not yet\n"
          "    if [[ $1 == - || $base != *.* || $base == . || $base == .. ]]; then\n"
          "        [[ $2 == named ]] || echo csv\n"
          "        return\n"
          "    fi\n"
          "    case $base in\n",
          f);
    fprintf(f, "    *.%s) echo %s ;;\n", format_names[FORMAT_CSV_GZ], format_names[FORMAT_CSV_GZ]);
    /* x.tex.gz, x.tsv.gz: another extension before .gz asks for none */
    fputs("    *.*.gz) ;;\n", f);
    fprintf(f, "    *.gz) echo %s ;;\n", format_names[FORMAT_CSV_GZ]);
    for (enum format g = 0; g < FORMAT__N; g++)
        if (g == FORMAT_TEX) { /* x.tex, x.ltx, x.latex: one list, templates.h */
            fputs("    ", f);
            for (const char *const *ext = latex_extensions; *ext; ext++)
                fprintf(f, "%s*.%s", ext == latex_extensions ? "" : "|", *ext);
            fprintf(f, ") echo %s ;;\n", format_names[g]);
        }
        else if (g != FORMAT_CSV_GZ)
            fprintf(f, "    *.%s) echo %s ;;\n", format_names[g], format_names[g]);
    fputs("    esac\n}\n\n", f);
}

static void completion_command(FILE *f, const struct command *c)
{
    struct option_group groups[2];
    size_t ngroups = listing_groups(c, groups);
    /* A command of one table or figure (table NAME, figure NAME) offers
     * that one's options and parameters, and their values, only. */
    enum command_arg named = c->args_max > 0 && (c->arg_kind[0] == ARG_TABLE ||
                                                 c->arg_kind[0] == ARG_FIGURE)
                                 ? c->arg_kind[0]
                                 : ARG_FILE;
    bool per_name = c->params && named != ARG_FILE;
    fprintf(f, "    %s)\n        _gametab_walk '", c->name);
    completion_specs(f, groups, ngroups);
    fputs("'\n", f);
    const struct option_spec *mode = mode_spec(c);
    if (mode) /* nothing of an option that does not apply, its value neither */
        completion_drop(f, c, mode);
    else if (c->template_refuses) /* nor of one the template named refuses */
        fputs("        drop=$(_gametab_template_refuses)\n", f);
    if (mode || c->template_refuses)
        fputs("        [[ -n $value && \" $drop \" == *\" $value \"* ]] && return\n", f);
    fputs("        case $value in\n", f);
    for (size_t g = 0; g < ngroups; g++)
        for (size_t i = 0; i < groups[g].n; i++) {
            const struct option_spec *s = &groups[g].specs[i];
            if (!listed_with_value(&groups[g], i))
                continue;
            fprintf(f, "        --%s", s->name);
            bool values = false;
            for (size_t k = 0; per_name && groups[g].specs == table_param_options &&
                               k < named_count(named); k++)
                values |= param_values(NULL, named_params(named, k), i);
            if (values) {
                fputs(")\n            case ${args[0]} in\n", f);
                for (size_t k = 0; k < named_count(named); k++)
                    if (param_values(NULL, named_params(named, k), i)) {
                        fprintf(f, "            %s) _gametab_words '", named_name(named, k));
                        param_values(f, named_params(named, k), i);
                        fputs("' ;;\n", f);
                    }
                fputs("            esac ;;\n", f);
            } else if (s->complete && strcmp(s->complete, "file") == 0)
                fputs(") _gametab_files -f ;;\n", f);
            else if (s->complete && strcmp(s->complete, "directory") == 0)
                fputs(") _gametab_files -d ;;\n", f);
            else if (s == mode && s->kind == OPTION_CHOICE) {
                fputs(")\n            _gametab_words '", f);
                completion_words(f, s);
                fputs("'\n", f);
                completion_drop_modes(f, c, mode);
            } else if (s->kind == OPTION_CHOICE || s->complete) {
                fputs(") _gametab_words '", f);
                completion_words(f, s);
                fputs("' ;;\n", f);
            } else {
                fputs(") ;; # a number: nothing to offer\n", f);
            }
        }
    /* After --, an option's name is an argument. */
    fputs("        esac\n        [[ -n $value ]] && return\n"
          "        if [[ -z $ended && $cur == -* ]]; then\n", f);
    if (per_name) {
        fputs("            case ${args[0]} in\n", f);
        for (size_t k = 0; k < named_count(named); k++) {
            fprintf(f, "            %s) _gametab_words '", named_name(named, k));
            completion_option_words(f, c, groups, ngroups, named, k);
            fputs("' ;;\n", f);
        }
        fputs("            *) _gametab_words '", f);
        completion_option_words(f, c, groups, ngroups, ARG_FILE, 0);
        fputs("' ;;\n            esac\n", f);
    } else {
        fputs("            _gametab_words '", f);
        completion_option_words(f, c, groups, ngroups, ARG_FILE, 0);
        fputs("'\n", f);
    }
    if (mode || c->template_refuses)
        fputs("            _gametab_drop \"$drop\"\n", f);
    fputs("            return\n        fi\n", f);
    /* The n-th argument: the options and their values skipped. */
    fputs("        case ${#args[@]} in\n", f);
    for (size_t a = 0; a < c->args_max && a < 2; a++) {
        fprintf(f, "        %zu) ", a);
        switch (c->arg_kind[a]) {
        case ARG_TABLE:
            fputs("_gametab_words '", f);
            for (size_t i = 0; i < table_registry_size; i++)
                fprintf(f, "%s%s", i ? " " : "", table_registry[i]->name);
            fputs("' ;;\n", f);
            break;
        case ARG_FIGURE:
            fputs("_gametab_words '", f);
            for (size_t i = 0; i < figure_registry_size; i++)
                fprintf(f, "%s%s", i ? " " : "", figure_registry[i]->name);
            fputs("' ;;\n", f);
            break;
        case ARG_FILE: fputs("_gametab_files -f ;;\n", f); break;
        case ARG_TEMPLATE: fputs("_gametab_files -f; _gametab_templates ;;\n", f); break;
        }
    }
    fputs("        esac\n        ;;\n", f);
}

int help_templates(FILE *f, const char *dir, bool *listed)
{
    *listed = false;
    struct template_dirs d;
    struct gt_error ignored = {0};
    /* A --templates or GAMETAB_TEMPLATES that is no directory (yet) is
     * passed over: the completion offers what the others hold. */
    if (template_dirs_init(&d, dir, &ignored) != GT_OK &&
        template_dirs_init(&d, NULL, &ignored) != GT_OK) {
        d.n = 0;
        d.dir[d.n++] = template_builtin_dir();
    }
    size_t n;
    char **names = template_names(&d, &n);
    int failed = 0;
    /* Not another command's own template ("gametab: filled by", which
     * render refuses: the one usage error of a check without -o); nor a
     * FIFO or device, which would block the reading (breaker round 30,
     * F10; the completion gives a partial that is one 2 s). */
    for (size_t i = 0; i < n && !interrupt_signal && !failed; i++) {
        struct template_needs needs;
        struct gt_error e = {0};
        char *path = NULL;
        struct stat st;
        /* nor a name holding a line break, which the completion would
         * read as two names, neither a template (breaker round 48, F5) */
        bool regular = !strchr(names[i], '\n') && template_find(&d, names[i], &path) == 0 &&
                       stat(path, &st) == 0 && S_ISREG(st.st_mode);
        free(path);
        if (regular &&
            template_check(&d, names[i], false, 0, NULL, NULL, &needs, &e) != GT_ERR_USAGE &&
            !interrupt_signal) {
            /* each name as it is known, for a reader that stops waiting;
             * a write that fails is said with its own errno (breaker
             * round 48, F4: a full disk was "Input/output error") */
            *listed = true;
            if (fprintf(f, "%s\n", names[i]) < 0 || fflush(f) != 0)
                failed = errno ? errno : EIO;
        }
    }
    template_names_free(names, n);
    return failed;
}

void help_completion(FILE *f)
{
    fputs("# bash completion for gametab: made by `gametab --help-completion` from the\n"
          "# commands' option specs; edit those (src/cli/cmd-*.c), not this.\n"
          "\n"
          "# No word offered is ever expanded: compgen -W would evaluate its list\n"
          "# ($(...), `...`, $HOME, *) and an unquoted $(...) would glob what it\n"
          "# gives, so data (a file's or a template's name) is only compared.\n"
          "\n"
          "# Offers those of the words $1 (split at blanks, each taken as it is)\n"
          "# that begin with the word being completed.\n"
          "_gametab_words()\n"
          "{\n"
          "    local IFS=$' \\t\\n' w\n"
          "    local -a words\n"
          "    read -ra words <<<\"$1\"\n"
          "    COMPREPLY=()\n"
          "    for w in \"${words[@]}\"; do\n"
          "        [[ $w == \"$cur\"* ]] && COMPREPLY+=(\"$w\")\n"
          "    done\n"
          "}\n"
          "\n"
          "# Offers the files (-f) or directories (-d, $1) the word being\n"
          "# completed begins.  compgen gives a name with a line break as two\n"
          "# lines: a line is offered only when it names a file (or, as compgen\n"
          "# gives them, begins with ~), so that such a name is left out.\n"
          "_gametab_files()\n"
          "{\n"
          "    compopt -o filenames 2>/dev/null\n"
          "    local f\n"
          "    local -a names\n"
          "    mapfile -t names < <(compgen \"$1\" -- \"$cur\")\n"
          "    COMPREPLY=()\n"
          "    for f in \"${names[@]}\"; do\n"
          "        [[ $f == \\~* || -e $f || -L $f ]] && COMPREPLY+=(\"$f\")\n"
          "    done\n"
          "}\n"
          "\n"
          "# The option a word of the line names, as gametab's parser reads it: the\n"
          "# one whose long name it is, or else the one it is a prefix of (--cou for\n"
          "# --count, --no-col for --color), -o for --output; printed as --NAME, or\n"
          "# nothing when it names none or several.  $2: the command's options, each\n"
          "# NAME, NAME= (takes a value), NAME! (--NAME and --no-NAME) or -X:NAME.\n"
          "_gametab_option()\n"
          "{\n"
          "    local word=$1 spec name exact= prefix= n=0\n"
          "    if [[ $word != --* ]]; then\n"
          "        for spec in $2; do\n"
          "            [[ $spec == \"${word:0:2}:\"* ]] && echo \"--${spec#*:}\"\n"
          "        done\n"
          "        return 0\n"
          "    fi\n"
          "    word=${word#--}\n"
          "    word=${word%%=*}\n"
          "    for spec in $2; do\n"
          "        [[ $spec == -* ]] && continue\n"
          "        name=${spec%[=!]}\n"
          "        if [[ $word == \"$name\" || ($spec == *! && $word == \"no-$name\") ]]; then\n"
          "            exact=--$name\n"
          "        elif [[ $name == \"$word\"* || ($spec == *! && no-$name == \"$word\"*) ]]; then\n"
          "            prefix=--$name\n"
          "            n=$((n + 1))\n"
          "        fi\n"
          "    done\n"
          "    if [[ -n $exact ]]; then\n"
          "        echo \"$exact\"\n"
          "    elif ((n == 1)); then\n"
          "        echo \"$prefix\"\n"
          "    fi\n"
          "}\n"
          "\n"
          "# Reads the words before the one being completed as the parser does\n"
          "# ($1: the command's options, as _gametab_option takes them) and sets\n"
          "# the caller's args (the arguments so far: not options, nor an option's\n"
          "# value; after --, every word), ended (set after --) and value (the\n"
          "# option, as --NAME, whose value the word being completed is, or empty),\n"
          "# typed (the options typed, \" --NAME \" each, and \" --NAME=VALUE \" for\n"
          "# each value given) and items (the same, one element each, the value\n"
          "# as the command will get it: _gametab_dequote's, which keeps a value\n"
          "# with a blank, \"Math, grade 7\", whole).\n"
          "_gametab_walk()\n"
          "{\n"
          "    local i word option\n"
          "    args=() ended= value= typed=' ' items=()\n"
          "    for ((i = 2; i < COMP_CWORD; i++)); do\n"
          "        word=${COMP_WORDS[i]}\n"
          "        if [[ -n $value ]]; then\n"
          "            # --name=value: bash makes \"=\" a word; the value follows.\n"
          "            [[ $word == = ]] || typed+=\"$value=$word \" \\\n"
          "                items+=(\"$value=$(_gametab_dequote \"$word\")\") value=\n"
          "        elif [[ -z $ended && $word == -- ]]; then\n"
          "            ended=1\n"
          "        elif [[ -z $ended && $word == = ]]; then\n"
          "            value='=' # a flag's value, which the parser refuses\n"
          "        elif [[ -z $ended && $word == -?* ]]; then\n"
          "            option=$(_gametab_option \"$word\" \"$1\")\n"
          "            [[ -n $option ]] && typed+=\"$option \" items+=(\"$option\")\n"
          "            [[ -n $option && $word == --*=* ]] && typed+=\"$option=${word#*=} \" \\\n"
          "                items+=(\"$option=$(_gametab_dequote \"${word#*=}\")\")\n"
          "            [[ -n $option && $word == -[!-]?* ]] && typed+=\"$option=${word:2} \" \\\n"
          "                items+=(\"$option=$(_gametab_dequote \"${word:2}\")\")\n"
          "            # A value of its own (-oFILE, --name=V in one word) or none.\n"
          "            if [[ -n $option && \" $1 \" == *\" ${option#--}= \"* &&\n"
          "                  $word != -[!-]?* && $word != *=* ]]; then\n"
          "                value=$option\n"
          "            fi\n"
          "        else\n"
          "            args+=(\"$word\")\n"
          "        fi\n"
          "    done\n"
          "}\n"
          "\n"
          "# $1, a word as typed, as the command gets it: quotes and backslashes\n"
          "# taken away, nothing expanded (never run); with $2 set, a $NAME or\n"
          "# ${NAME} outside single quotes is the variable's value (nothing else:\n"
          "# no $(...), no ${NAME:-...}).\n"
          "_gametab_dequote()\n"
          "{\n"
          "    local in=$1 out= c q= i name\n"
          "    for ((i = 0; i < ${#in}; i++)); do\n"
          "        c=${in:i:1}\n"
          "        if [[ -n $2 && $q != \"'\" && $c == '$' &&\n"
          "              ${in:i+1} =~ ^(\\{([A-Za-z_][A-Za-z0-9_]*)\\}|([A-Za-z_][A-Za-z0-9_]*)) ]]; then\n"
          "            name=${BASH_REMATCH[2]}${BASH_REMATCH[3]}\n"
          "            out+=${!name}\n"
          "            i=$((i + ${#BASH_REMATCH[0]}))\n"
          "        elif [[ $q == \"'\" ]]; then\n"
          "            [[ $c == \"'\" ]] && q= || out+=$c\n"
          "        elif [[ $q == '\"' && $c == '\"' ]]; then\n"
          "            q=\n"
          "        elif [[ $q == '\"' && $c == '\\' && ${in:i+1:1} == [\\\"\\\\\\$\\`] ]]; then\n"
          "            out+=${in:i+1:1} i=$((i + 1))\n"
          "        elif [[ -z $q && ( $c == \"'\" || $c == '\"' ) ]]; then\n"
          "            q=$c\n"
          "        elif [[ -z $q && $c == '\\' ]]; then\n"
          "            out+=${in:i+1:1} i=$((i + 1))\n"
          "        else\n"
          "            out+=$c\n"
          "        fi\n"
          "    done\n"
          "    printf '%s' \"$out\"\n"
          "}\n"
          "\n"
          "# The program as typed, as the shell runs it: dequoted, its $NAME and\n"
          "# ${NAME} expanded, and a ~ or ~/ that starts it unquoted, HOME (breaker\n"
          "# round 40, F6: ~/bin/gametab and my\\ dir/gametab were run as typed, and\n"
          "# offered nothing; round 43, F7: $PWD/gametab and ${HOME}/bin/gametab).\n"
          "_gametab_program()\n"
          "{\n"
          "    local prog\n"
          "    prog=$(_gametab_dequote \"${COMP_WORDS[0]}\" expand)\n"
          "    [[ ${COMP_WORDS[0]} == \"~\" || ${COMP_WORDS[0]} == \"~/\"* ]] && prog=$HOME${prog#\"~\"}\n"
          "    printf '%s' \"$prog\"\n"
          "}\n"
          "\n"
          "# Whether one of the options $1 (--NAME each) is among those typed.\n"
          "_gametab_typed()\n"
          "{\n"
          "    local o\n"
          "    for o in $1; do\n"
          "        [[ $typed == *\" $o \"* ]] && return 0\n"
          "    done\n"
          "    return 1\n"
          "}\n"
          "\n"
          "# The mode the options typed select by option $1 (--NAME): its last\n"
          "# value, or --NAME for a flag; nothing when it is not typed.\n"
          "_gametab_mode()\n"
          "{\n"
          "    local w mode=\n"
          "    for w in \"${items[@]}\"; do\n"
          "        case $w in\n"
          "        \"$1\") mode=$1 ;;\n"
          "        \"$1=\"*) mode=${w#*=} ;;\n"
          "        esac\n"
          "    done\n"
          "    echo \"$mode\"\n"
          "}\n"
          "\n"
          "# Adds to what is offered the templates of the search path (--templates\n"
          "# as typed, GAMETAB_TEMPLATES, the built-in ones), as gametab lists them.\n"
          "_gametab_templates()\n"
          "{\n"
          "    local dir name\n"
          "    [[ $cur == */* ]] && return # a path: files only\n"
          "    dir=$(_gametab_mode --templates)\n"
          "    [[ $dir == --templates ]] && dir=\n"
          "    # ~/dir as the shell would expand it once the command runs\n"
          "    [[ $dir == \"~\" || $dir == \"~/\"* ]] && dir=$HOME${dir#\"~\"}\n"
          "    # one name a line, offered as it is (never expanded); those listed\n"
          "    # within 2 s, as a partial may be a FIFO\n"
          "    while IFS= read -r name; do\n"
          "        [[ $name == \"$cur\"* ]] && COMPREPLY+=(\"$name\")\n"
          "    done < <(timeout 2 \"$(_gametab_program)\" --help-templates ${dir:+\"$dir\"} 2>/dev/null)\n"
          "}\n"
          "\n"
          "# The options the template named (the first argument, as typed) makes a\n"
          "# usage error of, as gametab says them: \" --NAME\" each; nothing when\n"
          "# none is named or gametab cannot read it (nor within 2 s: a partial\n"
          "# may be a FIFO).\n"
          "_gametab_template_refuses()\n"
          "{\n"
          "    local dir refused\n"
          "    ((${#args[@]})) || return 0\n"
          "    dir=$(_gametab_mode --templates)\n"
          "    [[ $dir == --templates ]] && dir=\n"
          "    # ~/dir as the shell would expand it once the command runs\n"
          "    [[ $dir == \"~\" || $dir == \"~/\"* ]] && dir=$HOME${dir#\"~\"}\n"
          "    refused=$(timeout 2 \"$(_gametab_program)\" --help-template-refuses \"${args[0]}\" ${dir:+\"$dir\"} \\\n"
          "        2>/dev/null) || return 0\n"
          "    echo \" ${refused//$'\\n'/ }\"\n"
          "}\n"
          "\n"
          "# The words of $2 that are also words of $1, or all of $2 when $1 is -.\n"
          "_gametab_common()\n"
          "{\n"
          "    local IFS=$' \\t\\n' w out=\n"
          "    local -a words\n"
          "    read -ra words <<<\"$2\"\n"
          "    for w in \"${words[@]}\"; do\n"
          "        [[ $1 == - || \" $1 \" == *\" $w \"* ]] && out+=\" $w\"\n"
          "    done\n"
          "    echo \"$out\"\n"
          "}\n"
          "\n"
          "# Drops the words $1 from what is offered.\n"
          "_gametab_drop()\n"
          "{\n"
          "    local w\n"
          "    local -a keep=()\n"
          "    for w in \"${COMPREPLY[@]}\"; do\n"
          "        [[ \" $1 \" == *\" $w \"* ]] || keep+=(\"$w\")\n"
          "    done\n"
          "    COMPREPLY=(\"${keep[@]}\")\n"
          "}\n"
          "\n",
          f);
    completion_format_of(f);
    fputs("_gametab()\n"
          "{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} ended value typed items drop mode\n"
          "    local -a args\n"
          "    # --name=value: bash splits it at the '='.\n"
          "    [[ $cur == = ]] && cur=\n"
          "    # gametab --help COMMAND ARG... is gametab COMMAND --help ARG... (--h,\n"
          "    # --he..., -h and help too): COMMAND is offered, then what COMMAND takes.\n"
          "    if ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[1]} == -h || ${COMP_WORDS[1]} == help ||\n"
          "          (${COMP_WORDS[1]} == --h* && --help == \"${COMP_WORDS[1]}\"*) ]]; then\n"
          "        if ((COMP_CWORD == 2)); then\n"
          "            _gametab_words '",
          f);
    for (size_t i = 0; i < command_registry_size; i++)
        fprintf(f, "%s%s", i ? " " : "", command_registry[i]->name);
    fputs("'\n"
          "            return\n"
          "        fi\n"
          "        local -a COMP_WORDS=(\"${COMP_WORDS[0]}\" \"${COMP_WORDS[@]:2}\")\n"
          "        local COMP_CWORD=$((COMP_CWORD - 1))\n"
          "        _gametab\n"
          "        return\n"
          "    fi\n"
          "    if ((COMP_CWORD == 1)); then\n"
          "        _gametab_words '",
          f);
    for (size_t i = 0; i < command_registry_size; i++)
        fprintf(f, "%s ", command_registry[i]->name);
    fputs("help --help --version'\n"
          "        return\n"
          "    fi\n"
          "    case ${COMP_WORDS[1]} in\n",
          f);
    for (size_t i = 0; i < command_registry_size; i++)
        completion_command(f, command_registry[i]);
    fputs("    esac\n"
          "}\n"
          "complete -F _gametab gametab\n",
          f);
}
