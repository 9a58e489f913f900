/*
 * mustache.c - logic-less Mustache template engine (Mustache spec v1.x core
 * modules: comments, delimiters, interpolation, inverted, partials,
 * sections).  See mustache.h for the public contract.
 *
 * Design: a template is first tokenised into a tree of nodes (text,
 * variable, raw variable, section, inverted section, partial).  Comments and
 * set-delimiter tags leave no node; standalone lines are resolved while
 * parsing.  Nodes point into the template text, which must outlive the tree.
 * The tree is then walked against a context stack kept on the C stack.
 * Partials are loaded, parsed and cached the first time they are rendered.
 *
 * Standalone partials indent every line of their output that starts in the
 * partial's own text (not lines inside interpolated values), exactly as if
 * the indentation had been prepended to each line of the partial source.
 */
#include "base/text.h"
#include "base/utf8.h"
#include "template/mustache.h"

#include "template/latex.h"

#include <errno.h>
#include <search.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUTPUT_BUFFER_SIZE 4096
#define DEFAULT_SOURCE_NAME "<template>"
#define NO_POSITION ((size_t)-1)
#define NOT_FOUND ((size_t)-1)
/* longest tag name quoted in an error message */
#define MAX_QUOTED_NAME 120

#if defined(__GNUC__)
#define PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PRINTF_LIKE(fmt, args)
#endif

/* ------------------------------------------------------------------ */
/* Template tree                                                       */
/* ------------------------------------------------------------------ */

enum node_kind {
    NODE_TEXT,      /* literal text */
    NODE_VAR,       /* {{name}}: escaped interpolation */
    NODE_RAW,       /* {{{name}}} / {{&name}}: raw interpolation */
    NODE_SECTION,   /* {{#name}}...{{/name}} */
    NODE_INVERTED,  /* {{^name}}...{{/name}} */
    NODE_PARTIAL    /* {{>name}} */
};

struct node;

struct node_list {
    struct node *items;
    size_t count, cap;
};

struct node {
    enum node_kind kind;
    const char *str;          /* text, or trimmed tag name */
    size_t len;
    size_t pos;               /* offset of the tag's opening delimiter */
    const char *indent;       /* standalone partial: whitespace before tag */
    size_t indent_len;
    int standalone;           /* partial tag stood alone on its line */
    struct node_list children; /* sections only */
};

struct template {
    const char *source;       /* NUL-terminated name for error messages */
    const char *text;
    size_t len;
    struct node_list root;
};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* First offset >= from where needle occurs in hay, or NOT_FOUND. */
static size_t find_bytes(const char *hay, size_t hay_len, size_t from,
                         const char *needle, size_t needle_len)
{
    while (from < hay_len && hay_len - from >= needle_len) {
        const char *p = memchr(hay + from, needle[0], hay_len - from);
        if (p == NULL)
            return NOT_FOUND;
        from = (size_t)(p - hay);
        if (hay_len - from < needle_len)
            return NOT_FOUND;
        if (memcmp(hay + from, needle, needle_len) == 0)
            return from;
        from++;
    }
    return NOT_FOUND;
}

void mustache_position(const char *text, size_t pos, unsigned *line, unsigned *col)
{
    unsigned l = 1, c = 1;
    for (size_t i = 0; i < pos; i++) {
        unsigned char ch = (unsigned char)text[i];
        /* CR LF, LF and a CR alone each end a line, as the CSV reader
         * counts them (an old Mac's or a spreadsheet's text). */
        if (ch == '\n' || (ch == '\r' && (i + 1 >= pos || text[i + 1] != '\n'))) {
            l++;
            c = 1;
        } else if (ch != '\r' && (ch & 0xC0) != 0x80) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

/* Fill err (if any): source name, position of byte pos in text (or 0:0 for
 * NO_POSITION) and a printf-style message. */
static void set_error(struct mustache_error *err, const char *source,
                      const char *text, size_t pos, const char *fmt, ...)
    PRINTF_LIKE(5, 6);
static void set_error(struct mustache_error *err, const char *source,
                      const char *text, size_t pos, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL)
        return;
    snprintf(err->source, sizeof err->source, "%s",
             source ? source : DEFAULT_SOURCE_NAME);
    if (pos == NO_POSITION || text == NULL) {
        err->line = 0;
        err->col = 0;
    } else {
        mustache_position(text, pos, &err->line, &err->col);
    }
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

static int quoted_len(size_t len)
{
    return len > MAX_QUOTED_NAME ? MAX_QUOTED_NAME : (int)len;
}

/* ------------------------------------------------------------------ */
/* Tree construction and destruction                                   */
/* ------------------------------------------------------------------ */

static void free_nodes(struct node_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free_nodes(&list->items[i].children);
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
}

/* Append a zeroed node of the given kind; NULL when out of memory. */
static struct node *append_node(struct node_list *list, enum node_kind kind)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 8;
        struct node *items = realloc(list->items, cap * sizeof *items);
        if (items == NULL)
            return NULL;
        list->items = items;
        list->cap = cap;
    }
    struct node *n = &list->items[list->count++];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    return n;
}

/* ------------------------------------------------------------------ */
/* Parser                                                              */
/* ------------------------------------------------------------------ */

struct parser {
    const char *src;
    size_t len;
    const char *source;          /* for error messages */
    struct mustache_error *err;
    const struct mustache_options *opt; /* for opt->comment */
    const char *otag, *ctag;     /* current delimiters */
    size_t olen, clen;
    size_t pos;                  /* start of text not yet consumed */
    size_t last_tag_end;         /* end of the previous tag */
    struct node_list *root;
    struct node *open[MUSTACHE_MAX_SECTION_DEPTH]; /* open sections */
    size_t depth;
};

/* One scanned tag. */
struct tag {
    char sigil;                  /* '#', '^', '/', '!', '>', '&', '{', '='
                                    or 0 for a plain variable */
    size_t start, end;           /* [start, end): whole tag */
    const char *name;            /* trimmed content */
    size_t name_len;
    const char *new_open, *new_close; /* set-delimiter tag only */
    size_t new_open_len, new_close_len;
};

static int syntax_error(struct parser *p, size_t pos, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static int syntax_error(struct parser *p, size_t pos, const char *fmt, ...)
{
    va_list ap;
    char msg[sizeof ((struct mustache_error *)0)->message];

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    set_error(p->err, p->source, p->src, pos, "%s", msg);
    return MUSTACHE_ERR_SYNTAX;
}

static int nomem_error(struct parser *p)
{
    set_error(p->err, p->source, NULL, NO_POSITION, "out of memory");
    return MUSTACHE_ERR_NOMEM;
}

static struct node_list *current_list(struct parser *p)
{
    return p->depth ? &p->open[p->depth - 1]->children : p->root;
}

static void trim(const char **s, size_t *len)
{
    while (*len && is_space(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((*s)[*len - 1]))
        (*len)--;
}

/* The code point of the character at s[0, n), a UTF-8 one. */
static unsigned long code_point(const char *s, size_t n)
{
    uint32_t cp = 0;
    utf8_decode((const unsigned char *)s, n, &cp);
    return cp;
}

/* Split the content of {{=open close=}} into the two new delimiters. */
static int parse_delimiters(struct parser *p, struct tag *t, const char *s,
                            size_t len)
{
    size_t i = 0, a, b;

    trim(&s, &len);
    while (i < len && !is_space(s[i]))
        i++;
    a = i;
    while (i < len && is_space(s[i]))
        i++;
    b = i;
    while (i < len && !is_space(s[i]))
        i++;
    /* A blank past ASCII or an invisible character in a delimiter: one
     * no one types, taken into {{=\u00a0<% %>=}}'s opening delimiter, and
     * the rest of the template was text (breaker round 57, F1). */
    for (size_t k = 0, blank; k < len; k += blank ? blank : 1)
        if ((blank = utf8_blank_bytes(s + k, len - k)) > 0)
            return syntax_error(p, t->start,
                                "bad delimiter tag (U+%04lX in a delimiter, a blank or an "
                                "invisible character)",
                                code_point(s + k, len - k));
    if (a == 0 || b == a || i == b || i != len)
        return syntax_error(p, t->start, "bad delimiter tag");
    t->new_open = s;
    t->new_open_len = a;
    t->new_close = s + b;
    t->new_close_len = len - b;
    return MUSTACHE_OK;
}

/* Find where the tag content starting at c ends: returns the offset of the
 * content end and sets *end to the offset just after the closing delimiter
 * (including the '}' of a triple mustache). */
static size_t find_tag_close(const struct parser *p, size_t c, char sigil,
                             size_t *end)
{
    size_t i = c, first = NOT_FOUND;

    for (;;) {
        i = find_bytes(p->src, p->len, i, p->ctag, p->clen);
        if (i == NOT_FOUND && sigil == '=' && first != NOT_FOUND) {
            /* no "=" before any closing delimiter: the first, a bad tag */
            *end = first + p->clen;
            return first;
        }
        if (i == NOT_FOUND)
            return NOT_FOUND;
        if (sigil == '=') {
            /* The set-delimiter tag's content runs to "=" and the closing
             * delimiter: the new delimiters may hold the current closing
             * one ({{={{ }}=}}, the specification's overview). */
            if (first == NOT_FOUND)
                first = i;
            if (i > c && p->src[i - 1] == '=') {
                *end = i + p->clen;
                return i;
            }
            i++;
            continue;
        }
        if (sigil != '{') {
            *end = i + p->clen;
            return i;
        }
        if (i > c && p->src[i - 1] == '}') {
            *end = i + p->clen;
            return i - 1;
        }
        i++;
    }
}

/* The characters that make a tag other than a name's when right after its
 * opening delimiter: section, inverted, close, comment, partial, unescaped,
 * triple, delimiters. */
static const char tag_kinds[] = "#^/!>&{=";

static bool is_kind(char c)
{
    return c != '\0' && strchr(tag_kinds, c);
}

/* Scan the tag whose opening delimiter is at offset start. */
static int scan_tag(struct parser *p, size_t start, struct tag *t)
{
    size_t c = start + p->olen, ce;
    const char *name;
    size_t name_len;

    memset(t, 0, sizeof *t);
    t->start = start;
    if (c < p->len && is_kind(p->src[c]))
        t->sigil = p->src[c++];
    ce = find_tag_close(p, c, t->sigil, &t->end);
    if (ce == NOT_FOUND)
        return syntax_error(p, start, "unclosed tag");
    if (t->sigil == '!') {
        t->name = p->src + c;
        t->name_len = ce - c;
        return MUSTACHE_OK;
    }
    if (t->sigil == '=') {
        if (ce <= c || p->src[ce - 1] != '=')
            return syntax_error(p, start, "bad delimiter tag");
        return parse_delimiters(p, t, p->src + c, ce - 1 - c);
    }
    name = p->src + c;
    name_len = ce - c;
    trim(&name, &name_len);
    if (name_len == 0)
        return syntax_error(p, start, "empty tag name");
    /* A tag's kind is the character right after its opening delimiter.
     * A name that starts with one after blanks is refused: {{ #rows }} was
     * taken for a name "#rows", which nothing gives, and rendered empty
     * unseen, {{ ^rows }} shown over rows (breaker round 55, F1; mustache.js
     * reads it as a section, chevron as a name).  A partial's name is a
     * file's. */
    /* So is one after a blank past ASCII or an invisible character, and
     * a name that starts or ends with one, which no column's name has and
     * mustache.js trims as a blank: a no-break space (Option+Space on a
     * Mac, a web page's &nbsp;) before '^' rendered {{\u00a0^rows}} as a
     * name, as a blank did (breaker round 56, F1).  Within a name one is
     * kept: a header may hold one. */
    if (t->sigil != '>') {
        size_t lead = 0;
        for (size_t b; lead < name_len && (b = utf8_blank_bytes(name + lead, name_len - lead));)
            lead += b;
        char which[32] = "";
        if (lead > 0)
            snprintf(which, sizeof which, ", and U+%04lX is one", code_point(name, name_len));
        if (lead < name_len && is_kind(name[lead]))
            return syntax_error(p, start,
                                "bad tag name '%.*s' (a tag's '%c' goes right after its '%.*s', "
                                "with no blank between%s)",
                                quoted_len(name_len - lead), name + lead, name[lead],
                                (int)p->olen, p->src + start, which);
        size_t last = utf8_cut(name, name_len - 1); /* where the last character starts */
        if (lead > 0 || utf8_blank_bytes(name + last, name_len - last) == name_len - last)
            return syntax_error(p, start,
                                "bad tag name '%.*s' (it %s with U+%04lX, a blank or an "
                                "invisible character)",
                                quoted_len(name_len), name, lead > 0 ? "starts" : "ends",
                                code_point(lead > 0 ? name : name + last,
                                           lead > 0 ? name_len : name_len - last));
    }
    for (size_t i = 0; i < name_len; i++)
        if (is_space(name[i]))
            return syntax_error(p, start, "bad tag name '%.*s'",
                                quoted_len(name_len), name);
    /* A dotted name with an empty part ({{a..b}}, {{lang.}}, {{.a}}; "."
     * alone is the current item): it names nothing, and would render empty
     * unseen (noticed by breaker round 36).  A partial's name is a file's. */
    bool dot = name_len == 1 && name[0] == '.';
    for (size_t i = 0; t->sigil != '>' && !dot && i < name_len; i++)
        if (name[i] == '.' && (i == 0 || i + 1 == name_len || name[i + 1] == '.'))
            return syntax_error(p, start, "bad tag name '%.*s' (a dot without a name on each side)",
                                quoted_len(name_len), name);
    t->name = name;
    t->name_len = name_len;
    return MUSTACHE_OK;
}

static int can_be_standalone(char sigil)
{
    return sigil != 0 && sigil != '&' && sigil != '{';
}

/* Does the tag [start, end) stand alone on its line (only blanks around it,
 * no other tag)?  If so, *line_start is the start of the line and
 * *line_end the offset after its line ending (or the end of the text). */
static int is_standalone(const struct parser *p, size_t start, size_t end,
                         size_t *line_start, size_t *line_end)
{
    size_t i = start, j = end;

    /* a line ends at a LF, a CR LF or a CR alone, as TeX's do (breaker
     * round 59: in a template of CR line ends no tag stood alone, and each
     * section's line left an empty one, a paragraph's end to TeX) */
    while (i > 0 && is_blank(p->src[i - 1]))
        i--;
    if ((i > 0 && p->src[i - 1] != '\n' && p->src[i - 1] != '\r') || i < p->last_tag_end)
        return 0;
    while (j < p->len && is_blank(p->src[j]))
        j++;
    if (j < p->len) {
        if (p->src[j] == '\n')
            j++;
        else if (p->src[j] == '\r' && j + 1 < p->len && p->src[j + 1] == '\n')
            j += 2;
        else if (p->src[j] == '\r')
            j++;
        else
            return 0;
    }
    *line_start = i;
    *line_end = j;
    return 1;
}

static int add_text(struct parser *p, size_t from, size_t to)
{
    struct node *n;

    if (to <= from)
        return MUSTACHE_OK;
    n = append_node(current_list(p), NODE_TEXT);
    if (n == NULL)
        return nomem_error(p);
    n->str = p->src + from;
    n->len = to - from;
    n->pos = from;
    return MUSTACHE_OK;
}

static int open_section(struct parser *p, const struct tag *t)
{
    struct node *n;

    if (p->depth == MUSTACHE_MAX_SECTION_DEPTH)
        return syntax_error(p, t->start, "sections nested more than %d deep",
                            MUSTACHE_MAX_SECTION_DEPTH);
    n = append_node(current_list(p),
                    t->sigil == '#' ? NODE_SECTION : NODE_INVERTED);
    if (n == NULL)
        return nomem_error(p);
    n->str = t->name;
    n->len = t->name_len;
    n->pos = t->start;
    p->open[p->depth++] = n;
    return MUSTACHE_OK;
}

static int close_section(struct parser *p, const struct tag *t)
{
    const struct node *n;

    if (p->depth == 0)
        return syntax_error(p, t->start, "unexpected close tag '/%.*s'",
                            quoted_len(t->name_len), t->name);
    n = p->open[p->depth - 1];
    if (n->len != t->name_len || memcmp(n->str, t->name, n->len) != 0)
        return syntax_error(p, t->start, "section '%.*s' closed by '/%.*s'",
                            quoted_len(n->len), n->str,
                            quoted_len(t->name_len), t->name);
    p->depth--;
    return MUSTACHE_OK;
}

/* Turn a scanned tag into a node (or a delimiter change). */
static int handle_tag(struct parser *p, const struct tag *t, int standalone,
                      size_t indent_start)
{
    struct node *n;

    switch (t->sigil) {
    case '!':
        if (p->opt->comment && p->opt->comment(p->opt->comment_ud, t->name, t->name_len) != 0) {
            set_error(p->err, p->source, p->src, t->start, "comment refused");
            return MUSTACHE_ERR_REFUSED;
        }
        return MUSTACHE_OK;
    case '=':
        p->otag = t->new_open;
        p->olen = t->new_open_len;
        p->ctag = t->new_close;
        p->clen = t->new_close_len;
        return MUSTACHE_OK;
    case '#':
    case '^':
        return open_section(p, t);
    case '/':
        return close_section(p, t);
    default:
        break;
    }
    n = append_node(current_list(p), t->sigil == '>' ? NODE_PARTIAL
                                     : t->sigil == 0 ? NODE_VAR
                                                     : NODE_RAW);
    if (n == NULL)
        return nomem_error(p);
    n->str = t->name;
    n->len = t->name_len;
    n->pos = t->start;
    if (t->sigil == '>' && standalone) {
        n->standalone = 1;
        n->indent = p->src + indent_start;
        n->indent_len = t->start - indent_start;
    }
    return MUSTACHE_OK;
}

/* Parse tpl->text into tpl->root, handing each comment to opt->comment.
 * On error the tree is freed. */
static int parse_template(struct template *tpl, const struct mustache_options *opt,
                          struct mustache_error *err)
{
    struct parser p;
    int rc = MUSTACHE_OK;

    memset(&p, 0, sizeof p);
    p.src = tpl->text;
    p.len = tpl->len;
    p.source = tpl->source;
    p.err = err;
    p.opt = opt;
    p.otag = "{{";
    p.ctag = "}}";
    p.olen = p.clen = 2;
    p.root = &tpl->root;

    for (size_t tags = 1; rc == MUSTACHE_OK && p.pos < p.len; tags++) {
        size_t start = find_bytes(p.src, p.len, p.pos, p.otag, p.olen);
        size_t text_end, next, line_start = 0, line_end = 0;
        struct tag t;
        int standalone = 0;

        /* A stop request is looked at every 4096 tags, as the renderer
         * does every 1024 nodes: a template of millions of tags takes a
         * good part of a second to parse. */
        if (tags % 4096 == 0 && opt && opt->stop && *opt->stop) {
            set_error(err, p.source, NULL, NO_POSITION, "interrupted");
            rc = MUSTACHE_ERR_STOPPED;
            break;
        }
        if (start == NOT_FOUND) {
            rc = add_text(&p, p.pos, p.len);
            break;
        }
        rc = scan_tag(&p, start, &t);
        if (rc != MUSTACHE_OK)
            break;
        if (can_be_standalone(t.sigil))
            standalone = is_standalone(&p, start, t.end, &line_start,
                                       &line_end);
        text_end = standalone ? line_start : start;
        next = standalone ? line_end : t.end;
        rc = add_text(&p, p.pos, text_end);
        if (rc != MUSTACHE_OK)
            break;
        p.last_tag_end = t.end;
        p.pos = next;
        rc = handle_tag(&p, &t, standalone, line_start);
    }
    if (rc == MUSTACHE_OK && p.depth > 0) {
        const struct node *n = p.open[p.depth - 1];
        rc = syntax_error(&p, n->pos, "unclosed section '%.*s'",
                          quoted_len(n->len), n->str);
    }
    if (rc != MUSTACHE_OK)
        free_nodes(&tpl->root);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

struct output {
    mustache_write_fn fn;
    void *ud;
    size_t used;
    char buf[OUTPUT_BUFFER_SIZE];
};

struct partial_entry {
    struct partial_entry *next;
    struct partial_entry *unscanned_next; /* mustache_scan's walk still to do */
    char *name;               /* NUL-terminated copy */
    size_t name_len;
    char *key;                /* opt->partial_key's, or NULL */
    struct partial_entry *same; /* the entry of that key loaded first, or NULL */
    int found;
    char *text;               /* from the loader; tree points into it */
    struct template tpl;
};

struct renderer {
    const struct mustache_options *opt;
    struct mustache_error *err;
    const char *main_source;
    struct partial_entry *partials;
    void *partial_index;      /* the same, by name: a tsearch tree */
    void *key_index;          /* the loaded ones, by key: a tsearch tree */
    struct partial_entry *unscanned; /* found, tree not walked by mustache_scan */
    unsigned partial_depth;
    unsigned depth;           /* sections and partials being rendered */
    size_t steps;             /* nodes rendered, for the stop request */
    size_t written;           /* output bytes, for opt->max_output */
    struct output out;
    struct latex_line latex;  /* MUSTACHE_ESCAPE_LATEX: the output's line */
    /* mustache_scan: the last tag met that may write a line break (an
     * unescaped variable, a partial), by its template and place */
    const struct template *break_tpl;
    size_t break_pos;
    /* mustache_scan: the last tag scanned and the start of its line, by
     * its template, so that the tags of one long line are not each walked
     * back to its start (breaker round 58: a template of one 2.8 MB line,
     * 100 000 tags, took minutes) */
    const struct template *line_tpl;
    size_t line_tag, line_start;
};

/* Context stack and indentation chain live on the C stack. */
struct context {
    json_t *value;
    const struct context *up;
};

struct indent {
    const char *str;
    size_t len;
    const struct indent *up;  /* enclosing partial's indentation */
};

/* State of one template (or partial) being rendered. */
struct frame {
    const struct template *tpl;
    const struct indent *indent; /* NULL: no indentation */
    int line_start;              /* next output starts a line of tpl */
};

static int write_error(struct renderer *r)
{
    int saved = errno;
    set_error(r->err, r->main_source, NULL, NO_POSITION, "write failed");
    errno = saved;
    return MUSTACHE_ERR_WRITE;
}

static int out_flush(struct renderer *r)
{
    size_t n = r->out.used;

    r->out.used = 0;
    if (n && r->out.fn(r->out.ud, r->out.buf, n) != 0)
        return write_error(r);
    return MUSTACHE_OK;
}

static int out_write(struct renderer *r, const char *s, size_t n)
{
    int rc;

    if (n == 0)
        return MUSTACHE_OK;
    if (r->opt->max_output && n > r->opt->max_output - r->written) {
        set_error(r->err, r->main_source, NULL, NO_POSITION,
                  "output larger than %zu byte%s", r->opt->max_output,
                  r->opt->max_output == 1 ? "" : "s");
        return MUSTACHE_ERR_LIMIT;
    }
    r->written += n;
    if (r->opt->escape == MUSTACHE_ESCAPE_LATEX)
        latex_track(&r->latex, s, n);
    if (n > sizeof r->out.buf - r->out.used) {
        rc = out_flush(r);
        if (rc != MUSTACHE_OK)
            return rc;
    }
    if (n >= sizeof r->out.buf) {
        if (r->out.fn(r->out.ud, s, n) != 0)
            return write_error(r);
        return MUSTACHE_OK;
    }
    memcpy(r->out.buf + r->out.used, s, n);
    r->out.used += n;
    return MUSTACHE_OK;
}

static const char *html_escape(unsigned char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '"': return "&quot;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    /* not in the specification's four, but a value must not end a
     * single-quoted attribute either (as mustache.js, html.escape) */
    case '\'': return "&#39;";
    default: return NULL;
    }
}

static int latex_write(void *ud, const char *bytes, size_t len)
{
    return out_write(ud, bytes, len);
}

/* Write s escaped according to mode (MUSTACHE_ESCAPE_NONE: as-is). */
static int out_escaped(struct renderer *r, enum mustache_escape mode,
                       const char *s, size_t n)
{
    const char *(*escape)(unsigned char) =
        mode == MUSTACHE_ESCAPE_HTML ? html_escape : NULL;
    size_t run = 0;
    int rc;

    if (mode == MUSTACHE_ESCAPE_LATEX)
        return latex_escape(&r->latex, s, n, latex_write, r);
    if (escape == NULL)
        return out_write(r, s, n);
    for (size_t i = 0; i < n; i++) {
        const char *rep = escape((unsigned char)s[i]);
        if (rep == NULL)
            continue;
        rc = out_write(r, s + run, i - run);
        if (rc == MUSTACHE_OK)
            rc = out_write(r, rep, strlen(rep));
        if (rc != MUSTACHE_OK)
            return rc;
        run = i + 1;
    }
    return out_write(r, s + run, n - run);
}

static int out_indent(struct renderer *r, const struct indent *ind)
{
    int rc;

    if (ind == NULL)
        return MUSTACHE_OK;
    rc = out_indent(r, ind->up);
    if (rc != MUSTACHE_OK)
        return rc;
    return out_write(r, ind->str, ind->len);
}

/* Called before output that belongs to the current line of fr's template:
 * emits the pending indentation if the line has just started. */
static int begin_line(struct renderer *r, struct frame *fr)
{
    if (!fr->line_start)
        return MUSTACHE_OK;
    fr->line_start = 0;
    return out_indent(r, fr->indent);
}

/* Literal template text: indentation goes before every line in it. */
static int out_text(struct renderer *r, struct frame *fr, const char *s,
                    size_t n)
{
    int rc;

    if (r->opt->escape == MUSTACHE_ESCAPE_LATEX && latex_joins_across(&r->latex, s, n)) {
        rc = out_write(r, "{}", 2);
        if (rc != MUSTACHE_OK)
            return rc;
    }
    if (fr->indent == NULL)
        return out_write(r, s, n);
    while (n) {
        const char *nl = memchr(s, '\n', n);
        size_t chunk = nl ? (size_t)(nl - s) + 1 : n;
        rc = begin_line(r, fr);
        if (rc == MUSTACHE_OK)
            rc = out_write(r, s, chunk);
        if (rc != MUSTACHE_OK)
            return rc;
        fr->line_start = nl != NULL;
        s += chunk;
        n -= chunk;
    }
    return MUSTACHE_OK;
}

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

/* Shortest "%.Ng" form of d that reads back as d, with the decimal point
 * forced to '.' whatever LC_NUMERIC says.  buf must hold 64 bytes. */
static size_t format_real(double d, char *buf, size_t size)
{
    char tmp[64];
    size_t n = 0;
    int in_point = 0;

    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, d);
        if (strtod(tmp, NULL) == d)
            break;
    }
    for (const char *s = tmp; *s && n + 1 < size; s++) {
        int keep = (*s >= '0' && *s <= '9') || *s == '-' || *s == '+' ||
                   *s == 'e' || *s == 'E';
        if (keep) {
            buf[n++] = *s;
            in_point = 0;
        } else if (!in_point) {
            buf[n++] = '.';
            in_point = 1;
        }
    }
    buf[n] = '\0';
    return n;
}

/* Resolve a (possibly dotted) name against the context stack, as the spec's
 * interpolation/sections name resolution says.  NULL when it fails. */
static json_t *lookup(const struct context *ctx, const char *name,
                      size_t len)
{
    const char *dot, *end = name + len;
    json_t *v = NULL;

    if (len == 1 && name[0] == '.')
        return ctx ? ctx->value : NULL;
    dot = memchr(name, '.', len);
    for (; ctx; ctx = ctx->up) {
        if (json_is_object(ctx->value)) {
            v = json_object_getn(ctx->value, name,
                                 (size_t)((dot ? dot : end) - name));
            if (v)
                break;
        }
    }
    while (v && dot) {
        const char *part = dot + 1;
        dot = memchr(part, '.', (size_t)(end - part));
        if (!json_is_object(v))
            return NULL;
        v = json_object_getn(v, part, (size_t)((dot ? dot : end) - part));
    }
    return v;
}

/* Falsey as in JavaScript's and Python's Mustache: a CSV's empty cell
 * ("") and a count of 0 hide a section and show an inverted one. */
static int is_falsey(const json_t *v)
{
    return v == NULL || json_is_false(v) || json_is_null(v) ||
           (json_is_array(v) && json_array_size(v) == 0) ||
           (json_is_string(v) && json_string_length(v) == 0) ||
           (json_is_integer(v) && json_integer_value(v) == 0) ||
           (json_is_real(v) && json_real_value(v) == 0.0);
}

/* Interpolate value v (NULL: missing) with the given escaping. */
static int out_value(struct renderer *r, enum mustache_escape mode,
                     const json_t *v)
{
    char buf[64];
    size_t n;

    switch (json_typeof(v)) {
    case JSON_STRING:
        return out_escaped(r, mode, json_string_value(v),
                           json_string_length(v));
    case JSON_INTEGER:
        n = (size_t)snprintf(buf, sizeof buf, "%lld",
                             (long long)json_integer_value(v));
        return out_write(r, buf, n);
    case JSON_REAL:
        n = format_real(json_real_value(v), buf, sizeof buf);
        return out_write(r, buf, n);
    case JSON_TRUE:
        return out_write(r, "true", 4);
    case JSON_FALSE:
        return out_write(r, "false", 5);
    default:
        return MUSTACHE_OK;   /* null, object, array */
    }
}

/* ------------------------------------------------------------------ */
/* Rendering                                                           */
/* ------------------------------------------------------------------ */

static int render_list(struct renderer *r, struct frame *fr,
                       const struct node_list *list,
                       const struct context *ctx);

static int render_variable(struct renderer *r, struct frame *fr,
                           const struct node *n, const struct context *ctx)
{
    json_t *v;
    int rc = begin_line(r, fr);

    if (rc != MUSTACHE_OK)
        return rc;
    /* A value that writes nothing leaves the text on either side of it
     * side by side (latex_joins_across); one that writes anything clears
     * the mark as it is tracked. */
    r->latex.vanished = true;
    v = lookup(ctx, n->str, n->len);
    if (v == NULL)
        return MUSTACHE_OK;
    rc = out_value(r, n->kind == NODE_RAW ? MUSTACHE_ESCAPE_NONE : r->opt->escape, v);
    if (rc == LATEX_ESCAPE_VERBATIM_CHAR) {
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "the value, within \\verb's text or \\url's argument, which print it as it "
                  "is, holds a character that would not print as itself there (a brace, the "
                  "delimiter, a line break, a character past ASCII): put the value outside it");
        rc = MUSTACHE_ERR_SYNTAX;
    } else if (rc == LATEX_ESCAPE_VERBATIM) {
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "the value reaches byte %d of a line within \\verb's text or \\url's "
                  "argument, which a line break would change: put the value outside it, "
                  "or give it raw ({{{name}}})",
                  LATEX_LINE_MAX);
        rc = MUSTACHE_ERR_SYNTAX;
    } else if (rc == LATEX_ESCAPE_UNSURE) {
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "the value reaches byte %d of a line with a %% after its text, which "
                  "starts a comment or, in a verbatim argument (\\lstinline|%%|), is "
                  "printed: gametab cannot break that line either way; put the %% on a "
                  "line of its own, or the value before it",
                  LATEX_LINE_MAX);
        rc = MUSTACHE_ERR_SYNTAX;
    }
    return rc;
}

static int render_section_body(struct renderer *r, struct frame *fr,
                               const struct node *n, const struct context *ctx);
static int check_stop(struct renderer *r);

/* Sections and partials nest on the C stack: the total depth is bounded, so
 * that no template, however its partials recurse, can overflow it. */
static int enter(struct renderer *r, const struct frame *fr, const struct node *n)
{
    if (r->depth >= MUSTACHE_MAX_RENDER_DEPTH) {
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "sections and partials nested more than %d deep", MUSTACHE_MAX_RENDER_DEPTH);
        return MUSTACHE_ERR_SYNTAX;
    }
    r->depth++;
    return MUSTACHE_OK;
}

static int render_section(struct renderer *r, struct frame *fr,
                          const struct node *n, const struct context *ctx)
{
    int rc = enter(r, fr, n);
    if (rc != MUSTACHE_OK)
        return rc;
    rc = render_section_body(r, fr, n, ctx);
    r->depth--;
    return rc;
}

static int render_section_body(struct renderer *r, struct frame *fr,
                               const struct node *n, const struct context *ctx)
{
    json_t *v = lookup(ctx, n->str, n->len);
    struct context inner = { v, ctx };
    int rc = MUSTACHE_OK;

    if (n->kind == NODE_INVERTED)
        return is_falsey(v) ? render_list(r, fr, &n->children, ctx)
                            : MUSTACHE_OK;
    if (is_falsey(v))
        return MUSTACHE_OK;
    if (!json_is_array(v))
        return render_list(r, fr, &n->children, &inner);
    for (size_t i = 0; rc == MUSTACHE_OK && i < json_array_size(v); i++) {
        /* Each pass counts, the first with the tag: one over an empty
         * body renders nothing, but sections of it nested over a long
         * list are work the limit must bound. */
        if (i > 0 && (rc = check_stop(r)) != MUSTACHE_OK)
            break;
        inner.value = json_array_get(v, i);
        rc = render_list(r, fr, &n->children, &inner);
    }
    return rc;
}

/* The partials' index orders them by name: length, then bytes (a name
 * may hold any byte). */
static int partial_name_cmp(const void *a, const void *b)
{
    const struct partial_entry *x = a, *y = b;

    if (x->name_len != y->name_len)
        return x->name_len < y->name_len ? -1 : 1;
    return memcmp(x->name, y->name, x->name_len);
}

/* The cached partial of that name, or NULL: a tree lookup, so that a
 * template of many partials does not take a time growing with their
 * number squared. */
static struct partial_entry *find_partial(const struct renderer *r,
                                          const char *name, size_t len)
{
    struct partial_entry key = { .name = (char *)name, .name_len = len };
    void *found = tfind(&key, &r->partial_index, partial_name_cmp);

    return found ? *(struct partial_entry **)found : NULL;
}

static int partial_key_cmp(const void *a, const void *b)
{
    return strcmp(((const struct partial_entry *)a)->key, ((const struct partial_entry *)b)->key);
}

static void free_partials(struct renderer *r)
{
    while (r->partials) {
        struct partial_entry *e = r->partials;
        r->partials = e->next;
        tdelete(e, &r->partial_index, partial_name_cmp);
        if (e->key && !e->same)
            tdelete(e, &r->key_index, partial_key_cmp);
        free(e->key);
        free_nodes(&e->tpl.root);
        free(e->text);
        free(e->name);
        free(e);
    }
}

/* Call the loader for entry e and parse what it returns. */
static int load_partial(struct renderer *r, const struct frame *fr,
                        const struct node *n, struct partial_entry *e)
{
    char *text = NULL;
    size_t len = 0;
    int rc, saved;

    if (r->opt->partial == NULL)
        return MUSTACHE_OK;
    rc = r->opt->partial(r->opt->partial_ud, e->name, &text, &len);
    if (rc == 1)
        return MUSTACHE_OK;
    if (rc != 0) {
        saved = errno;
        free(text);
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "cannot load partial '%.*s'", quoted_len(n->len), n->str);
        errno = saved;
        return MUSTACHE_ERR_IO;
    }
    e->found = 1;
    e->text = text;
    e->tpl.source = e->name;
    e->tpl.text = text ? text : "";
    e->tpl.len = text ? len : 0;
    return parse_template(&e->tpl, r->opt, r->err);
}

/* The cached, parsed partial named by node n (loading it if needed). */
static int get_partial(struct renderer *r, const struct frame *fr,
                       const struct node *n, struct partial_entry **out)
{
    struct partial_entry *e = find_partial(r, n->str, n->len);

    if (e == NULL) {
        /* Loading many partials is looked at for a stop request, each,
         * as a loader may take its time. */
        if (r->opt->stop && *r->opt->stop) {
            set_error(r->err, r->main_source, NULL, NO_POSITION, "interrupted");
            return MUSTACHE_ERR_STOPPED;
        }
        e = calloc(1, sizeof *e);
        if (e == NULL || (e->name = malloc(n->len + 1)) == NULL) {
            free(e);
            set_error(r->err, fr->tpl->source, NULL, NO_POSITION,
                      "out of memory");
            return MUSTACHE_ERR_NOMEM;
        }
        memcpy(e->name, n->str, n->len);
        e->name[n->len] = '\0';
        e->name_len = n->len;
        if (tsearch(e, &r->partial_index, partial_name_cmp) == NULL) {
            free(e->name);
            free(e);
            set_error(r->err, fr->tpl->source, NULL, NO_POSITION,
                      "out of memory");
            return MUSTACHE_ERR_NOMEM;
        }
        e->next = r->partials;
        r->partials = e;
        /* Another name of a partial loaded already: that one. */
        if (r->opt->partial && r->opt->partial_key) {
            int k = r->opt->partial_key(r->opt->partial_ud, e->name, &e->key);
            if (k < 0) {
                int saved = errno;
                set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                          "cannot load partial '%.*s'", quoted_len(n->len), n->str);
                errno = saved;
                return MUSTACHE_ERR_IO;
            }
            void *found = k == 0 ? tfind(e, &r->key_index, partial_key_cmp) : NULL;
            if (found) {
                e->same = *(struct partial_entry **)found;
                *out = e->same;
                return MUSTACHE_OK;
            }
            if (k == 0 && tsearch(e, &r->key_index, partial_key_cmp) == NULL) {
                set_error(r->err, fr->tpl->source, NULL, NO_POSITION, "out of memory");
                return MUSTACHE_ERR_NOMEM;
            }
        }
        int rc = load_partial(r, fr, n, e);
        if (rc != MUSTACHE_OK)
            return rc;
        if (e->found) {
            e->unscanned_next = r->unscanned;
            r->unscanned = e;
        }
    }
    *out = e->same ? e->same : e;
    return MUSTACHE_OK;
}

static int render_partial(struct renderer *r, struct frame *fr,
                          const struct node *n, const struct context *ctx)
{
    struct partial_entry *e;
    struct indent ind = { n->indent, n->indent_len, fr->indent };
    struct frame inner;
    int rc = n->standalone ? MUSTACHE_OK : begin_line(r, fr);

    if (rc != MUSTACHE_OK)
        return rc;
    if (r->partial_depth >= MUSTACHE_MAX_PARTIAL_DEPTH) {
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "partials nested more than %d deep (a partial that includes itself?)",
                  MUSTACHE_MAX_PARTIAL_DEPTH);
        return MUSTACHE_ERR_PARTIAL;
    }
    rc = get_partial(r, fr, n, &e);
    if (rc != MUSTACHE_OK)
        return rc;
    if (!e->found) {
        if (!r->opt->strict_partials)
            return MUSTACHE_OK;
        set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                  "unknown partial '%.*s'", quoted_len(n->len), n->str);
        return MUSTACHE_ERR_PARTIAL;
    }
    inner.tpl = &e->tpl;
    inner.indent = !n->standalone ? NULL
                   : n->indent_len ? &ind
                                   : fr->indent;
    inner.line_start = 1;
    rc = enter(r, fr, n);
    if (rc != MUSTACHE_OK)
        return rc;
    r->partial_depth++;
    rc = render_list(r, &inner, &e->tpl.root, ctx);
    r->partial_depth--;
    r->depth--;
    return rc;
}

/* Counts one node (a tag or a text) to be rendered: max_steps of them
 * are allowed, one more is refused.  A stop request is looked at every
 * 1024 nodes, however little output they make. */
static int check_stop(struct renderer *r)
{
    if (r->opt->max_steps && r->steps >= r->opt->max_steps) {
        set_error(r->err, r->main_source, NULL, NO_POSITION,
                  "more than %zu %s rendered", r->opt->max_steps,
                  r->opt->max_steps == 1 ? "tag or text" : "tags and texts");
        return MUSTACHE_ERR_LIMIT;
    }
    if (++r->steps % 1024 == 0 && r->opt->stop && *r->opt->stop) {
        set_error(r->err, r->main_source, NULL, NO_POSITION, "interrupted");
        return MUSTACHE_ERR_STOPPED;
    }
    return MUSTACHE_OK;
}

static int render_list(struct renderer *r, struct frame *fr,
                       const struct node_list *list,
                       const struct context *ctx)
{
    int rc = MUSTACHE_OK;

    for (size_t i = 0; rc == MUSTACHE_OK && i < list->count; i++) {
        const struct node *n = &list->items[i];
        rc = check_stop(r);
        if (rc != MUSTACHE_OK)
            break;
        switch (n->kind) {
        case NODE_TEXT:
            rc = out_text(r, fr, n->str, n->len);
            break;
        case NODE_VAR:
        case NODE_RAW:
            rc = render_variable(r, fr, n, ctx);
            break;
        case NODE_SECTION:
        case NODE_INVERTED:
        case NODE_PARTIAL: {
            /* one that writes nothing leaves the text on either side of
             * it side by side, as an empty value does (breaker round 59:
             * 1,{{#b}}..{{/b}},3 with b empty printed 1„3) */
            size_t before = r->written;
            rc = n->kind == NODE_PARTIAL ? render_partial(r, fr, n, ctx)
                                         : render_section(r, fr, n, ctx);
            if (r->written == before)
                r->latex.vanished = true;
            break;
        }
        }
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

/* Parses the main template tmpl[0..len) into tpl, named opt->source_name
 * in messages: MUSTACHE_OK, or the parse error in err. */
static int parse_main(struct template *tpl, const char *tmpl, size_t len,
                      const struct mustache_options *opt, struct mustache_error *err)
{
    memset(tpl, 0, sizeof *tpl);
    tpl->source = opt->source_name ? opt->source_name : DEFAULT_SOURCE_NAME;
    tpl->text = tmpl ? tmpl : "";
    tpl->len = len;
    return parse_template(tpl, opt, err);
}

int mustache_render(const char *tmpl, size_t len, json_t *context,
                    const struct mustache_options *opt,
                    mustache_write_fn write, void *write_ud,
                    struct mustache_error *err)
{
    static const struct mustache_options defaults = {
        .escape = MUSTACHE_ESCAPE_HTML
    };
    struct template tpl;
    struct renderer *r;
    struct context root = { context, NULL };
    struct frame fr;
    int rc, saved;

    if (err)
        memset(err, 0, sizeof *err);
    if (opt == NULL)
        opt = &defaults;
    if (write == NULL || (tmpl == NULL && len > 0)) {
        set_error(err, opt->source_name, NULL, NO_POSITION,
                  "invalid argument");
        errno = EINVAL;
        return MUSTACHE_ERR_IO;
    }
    rc = parse_main(&tpl, tmpl, len, opt, err);
    if (rc != MUSTACHE_OK)
        return rc;

    r = calloc(1, sizeof *r);
    if (r == NULL) {
        free_nodes(&tpl.root);
        set_error(err, tpl.source, NULL, NO_POSITION, "out of memory");
        return MUSTACHE_ERR_NOMEM;
    }
    r->opt = opt;
    r->err = err;
    r->main_source = tpl.source;
    r->out.fn = write;
    /* the output starts a line, whose spaces TeX skips and whose first %
     * starts a comment */
    r->latex.skipping = true;
    r->out.ud = write_ud;
    fr.tpl = &tpl;
    fr.indent = NULL;
    fr.line_start = 1;
    rc = render_list(r, &fr, &tpl.root, &root);
    if (rc == MUSTACHE_OK)
        rc = out_flush(r);

    saved = errno;
    free_partials(r);
    free(r);
    free_nodes(&tpl.root);
    errno = saved;
    return rc;
}

/* Hands n's name to opt->name, with the text of its line before it: from
 * the line's start (after a LF, or a CR, where TeX ends a line too), or
 * from a tag before it on the line that may write a line break (an
 * unescaped variable, a partial: r->break_pos), so that what follows such
 * a tag is not taken for the rest of a TeX comment (breaker round 57, F6:
 * "% {{{data.a}}} {{file}}" put the file name on a line TeX reads).
 * MUSTACHE_ERR_REFUSED, with the tag's place, when that refuses it. */
static int scan_name(struct renderer *r, const struct frame *fr, const struct node *n)
{
    if (!r->opt->name)
        return MUSTACHE_OK;
    const char *text = fr->tpl->text;
    /* back to the line's start, or to the last tag scanned on it */
    size_t stop = r->line_tpl == fr->tpl && r->line_tag <= n->pos ? r->line_tag : 0;
    size_t start = n->pos;
    while (start > stop && text[start - 1] != '\n' && text[start - 1] != '\r')
        start--;
    if (start == stop && stop > 0 && text[stop - 1] != '\n' && text[stop - 1] != '\r')
        start = r->line_start;
    r->line_tpl = fr->tpl;
    r->line_tag = n->pos;
    r->line_start = start;
    if (r->break_tpl == fr->tpl && r->break_pos >= start && r->break_pos < n->pos)
        start = r->break_pos;
    if (r->opt->name(r->opt->name_ud, n->str, n->len, text + start, n->pos - start) == 0)
        return MUSTACHE_OK;
    set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos, "name refused");
    return MUSTACHE_ERR_REFUSED;
}

/* Walks a parsed tree for mustache_scan: each name to opt->name, each
 * partial loaded (and parsed, its comments handed on) once; the partials'
 * own trees are walked by the caller, not here, so that a chain of them
 * does not deepen the recursion (sections do, at most
 * MUSTACHE_MAX_SECTION_DEPTH). */
static int scan_list(struct renderer *r, const struct frame *fr,
                     const struct node_list *list)
{
    int rc = MUSTACHE_OK;

    for (size_t i = 0; rc == MUSTACHE_OK && i < list->count; i++) {
        const struct node *n = &list->items[i];
        struct partial_entry *e;

        switch (n->kind) {
        case NODE_TEXT:
            break;
        case NODE_PARTIAL:
            r->break_tpl = fr->tpl;
            r->break_pos = n->pos;
            rc = get_partial(r, fr, n, &e);
            if (rc == MUSTACHE_OK && !e->found && r->opt->strict_partials) {
                set_error(r->err, fr->tpl->source, fr->tpl->text, n->pos,
                          "unknown partial '%.*s'", quoted_len(n->len), n->str);
                rc = MUSTACHE_ERR_PARTIAL;
            }
            break;
        case NODE_SECTION:
        case NODE_INVERTED:
            rc = scan_name(r, fr, n);
            if (rc == MUSTACHE_OK)
                rc = scan_list(r, fr, &n->children);
            break;
        default:
            rc = scan_name(r, fr, n);
            if (n->kind == NODE_RAW) {
                r->break_tpl = fr->tpl;
                r->break_pos = n->pos;
            }
            break;
        }
    }
    return rc;
}

int mustache_scan(const char *tmpl, size_t len, const struct mustache_options *opt,
                  struct mustache_error *err)
{
    struct template tpl;
    struct renderer r;
    struct frame fr;
    int rc, saved;

    if (err)
        memset(err, 0, sizeof *err);
    if (opt == NULL || (tmpl == NULL && len > 0)) {
        set_error(err, opt ? opt->source_name : NULL, NULL, NO_POSITION,
                  "invalid argument");
        errno = EINVAL;
        return MUSTACHE_ERR_IO;
    }
    rc = parse_main(&tpl, tmpl, len, opt, err);
    if (rc != MUSTACHE_OK)
        return rc;
    memset(&r, 0, sizeof r);
    r.opt = opt;
    r.err = err;
    r.main_source = tpl.source;
    fr.tpl = &tpl;
    fr.indent = NULL;
    fr.line_start = 1;
    rc = scan_list(&r, &fr, &tpl.root);
    /* Then every partial named, each once, until none is left unwalked
     * (new ones join the stack of those to walk). */
    while (rc == MUSTACHE_OK && r.unscanned) {
        struct partial_entry *e = r.unscanned;
        struct frame inner = { &e->tpl, NULL, 1 };

        r.unscanned = e->unscanned_next; /* the newest first */
        rc = scan_list(&r, &inner, &e->tpl.root);
    }
    saved = errno;
    free_partials(&r);
    free_nodes(&tpl.root);
    errno = saved;
    return rc;
}

/* The rendering into memory: a growing string (base/text.h). */
static int string_sink_write(void *ud, const char *buf, size_t len)
{
    struct text *t = ud;

    text_add(t, buf, len);
    if (t->nomem) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

int mustache_render_string(const char *tmpl, size_t len, json_t *context,
                           const struct mustache_options *opt, char **out,
                           size_t *out_len, struct mustache_error *err)
{
    struct text sink = { 0 };
    int rc;

    if (out_len)
        *out_len = 0;
    if (out == NULL) {
        if (err) {
            memset(err, 0, sizeof *err);
            set_error(err, opt ? opt->source_name : NULL, NULL, NO_POSITION,
                      "invalid argument");
        }
        errno = EINVAL;
        return MUSTACHE_ERR_IO;
    }
    *out = NULL;
    rc = mustache_render(tmpl, len, context, opt, string_sink_write, &sink,
                         err);
    if (rc == MUSTACHE_OK && sink.s == NULL)
        rc = string_sink_write(&sink, "", 0) == 0 ? MUSTACHE_OK
                                                  : MUSTACHE_ERR_WRITE;
    if (rc != MUSTACHE_OK) {
        free(sink.s);
        if (rc == MUSTACHE_ERR_WRITE) {
            set_error(err, opt ? opt->source_name : NULL, NULL, NO_POSITION,
                      "out of memory");
            rc = MUSTACHE_ERR_NOMEM;
        }
        return rc;
    }
    *out = sink.s;
    if (out_len)
        *out_len = sink.len;
    return MUSTACHE_OK;
}
