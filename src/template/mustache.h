/*
 * mustache.h - logic-less Mustache template engine for gametab.
 *
 * Implements the Mustache spec v1.x core modules: comments, delimiters,
 * interpolation, inverted sections, partials and sections.  Lambdas, dynamic
 * names and template inheritance are not supported.  The data ("context")
 * is a jansson json_t tree.
 *
 * Semantics in short:
 *  - Names are resolved as the spec says: "." is the top of the context
 *    stack; "a.b.c" looks "a" up through the context stack (innermost object
 *    first) and then resolves "b" and "c" inside the value found only.
 *  - Interpolation: strings as-is, integers as %lld, reals in the shortest
 *    form that round-trips (1.210 -> "1.21"), true/false as "true"/"false",
 *    null, missing names, objects and arrays as "".
 *  - Sections: false, null, a missing name, an empty array, the empty
 *    string and the number 0 are falsey, as in JavaScript's and Python's
 *    Mustache (a CSV's empty cell hides {{#data.x}}); everything else
 *    (including "0", " " and {}) is truthy.  A non-empty array
 *    renders the section once per element with the element pushed; any other
 *    truthy value renders it once with the value pushed.
 *  - Column numbers in errors count UTF-8 characters, not bytes; a tab
 *    counts as one column.
 *
 * Nothing here keeps global state; all functions are reentrant.
 */
#ifndef GAMETAB_MUSTACHE_H
#define GAMETAB_MUSTACHE_H

#include <jansson.h>
#include <signal.h>
#include <stddef.h>

/* How {{name}} escapes its value; {{{name}}} and {{& name}} are always raw. */
enum mustache_escape {
    MUSTACHE_ESCAPE_HTML,  /* & " < >  ->  &amp; &quot; &lt; &gt; */
    MUSTACHE_ESCAPE_LATEX, /* as latex_escape() (latex.h) writes it: text
                              that prints exactly the value's characters */
    MUSTACHE_ESCAPE_NONE   /* everything passes through */
};

/* Error details.  Filled by mustache_render() and mustache_render_string()
 * on every non-zero return when the caller passes a non-NULL pointer.
 * For MUSTACHE_ERR_SYNTAX / MUSTACHE_ERR_PARTIAL / MUSTACHE_ERR_IO (partial
 * loader failure) line and col give the offending tag; for MUSTACHE_ERR_WRITE
 * and MUSTACHE_ERR_NOMEM they are 0.  Strings are always NUL-terminated
 * (truncated if needed). */
struct mustache_error {
    char source[256];   /* template (or partial) name the error is in */
    unsigned line, col; /* 1-based position of the offending tag */
    char message[256];  /* short lowercase text, e.g. "unclosed section
                           'rows'", "section 'a' closed by '/b'",
                           "unknown partial 'x'", "bad delimiter tag" */
};

/* Write callback: return 0 on success, -1 on failure (errno set); rendering
 * stops and returns MUSTACHE_ERR_WRITE.  Called with len > 0 only. */
typedef int (*mustache_write_fn)(void *ud, const char *buf, size_t len);

/* Partial loader: on success return 0 and set *text (malloc'd; the engine
 * frees it) and *len; return 1 when no such partial exists; return -1 on
 * error (errno set; the render fails with MUSTACHE_ERR_IO).  name is
 * NUL-terminated and already stripped of surrounding whitespace.  Called at
 * most once per distinct name per render call. */
typedef int (*mustache_partial_fn)(void *ud, const char *name, char **text,
                                   size_t *len);

/* Render options.  Pass NULL for the defaults: HTML escaping, no partials
 * (every partial unknown), non-strict, source name "<template>". */
struct mustache_options {
    enum mustache_escape escape; /* how {{x}} escapes */
    mustache_partial_fn partial; /* NULL: every partial is unknown */
    void *partial_ud;            /* passed to partial() unchanged */
    int (*partial_key)(void *ud, const char *name, char **key);
                                 /* NULL, or what partial `name` is (a file's
                                    device and inode), before it is loaded:
                                    0 with *key (malloc'd, NUL-terminated;
                                    the engine frees it), 1 when it cannot
                                    tell (the partial is loaded by its name
                                    alone), -1 on error (errno; as the
                                    loader's).  Names of one key share one
                                    load and one parse: a file named many
                                    ways ("p", "./p", "a/../p") takes its
                                    memory once.  Called with partial_ud */
    int strict_partials;         /* 0: unknown partial renders as "" (the
                                    spec); 1: unknown partial is an error
                                    MUSTACHE_ERR_PARTIAL */
    const char *source_name;     /* name used in error messages, e.g. the
                                    file path; NULL means "<template>" */
    const volatile sig_atomic_t *stop; /* NULL, or a stop request looked at
                                    every 1024 nodes rendered and every
                                    4096 tags parsed: non-zero ends the
                                    render or scan with
                                    MUSTACHE_ERR_STOPPED */
    size_t max_output;           /* 0: no limit; else more output bytes than
                                    this end the render with
                                    MUSTACHE_ERR_LIMIT "output larger than
                                    N bytes" (a few nested sections can
                                    multiply a small template a billion
                                    times) */
    size_t max_steps;            /* 0: no limit; else rendering more tags and
                                    texts than this ends the render with
                                    MUSTACHE_ERR_LIMIT "more than N tags
                                    and texts rendered": each tag and
                                    each text between tags counts once
                                    each time it is rendered (empty sections nested, or
                                    partials that include themselves twice,
                                    make no output but take exponential
                                    time) */
    int (*comment)(void *ud, const char *text, size_t len);
                                 /* NULL, or called with the text of each
                                    comment tag ({{! text}}: what lies
                                    between the '!' and the closing
                                    delimiter, untrimmed) as the template,
                                    or a partial, is parsed, before any of
                                    it is rendered: a template can declare
                                    something to its caller.  A non-zero
                                    return ends the render with
                                    MUSTACHE_ERR_REFUSED, the comment's
                                    place in err */
    void *comment_ud;            /* passed to comment() unchanged */
    int (*name)(void *ud, const char *name, size_t len, const char *line,
                size_t line_len);
                                 /* NULL, or called by mustache_scan() with
                                    the name of each variable, section and
                                    inverted section tag ("blocks",
                                    "data.a", "."), trimmed, len bytes, not
                                    NUL-terminated: what the template may
                                    look up; line[0..line_len) is the
                                    template's text of the tag's line
                                    before its opening delimiter, from
                                    the line's start (a LF or a CR) or a
                                    tag that may write a line break (an
                                    unescaped variable, a partial): a TeX
                                    template, whether it is in a comment.
                                    A non-zero return ends the scan with
                                    MUSTACHE_ERR_REFUSED, the tag's place
                                    in err */
    void *name_ud;               /* passed to name() unchanged */
};

/* Return codes. */
enum {
    MUSTACHE_OK = 0,
    MUSTACHE_ERR_SYNTAX = 1,  /* template or partial does not parse */
    MUSTACHE_ERR_PARTIAL = 2, /* unknown partial (strict) or nesting > limit */
    MUSTACHE_ERR_WRITE = 3,   /* write callback failed (errno from it) */
    MUSTACHE_ERR_NOMEM = 4,   /* allocation failed */
    MUSTACHE_ERR_IO = 5,      /* partial loader failed (errno from it), or
                                 invalid arguments (errno = EINVAL) */
    MUSTACHE_ERR_STOPPED = 6, /* *opt->stop became non-zero */
    MUSTACHE_ERR_LIMIT = 7,   /* the output passed opt->max_output bytes, or
                                 the nodes rendered opt->max_steps */
    MUSTACHE_ERR_REFUSED = 8  /* opt->comment refused a comment */
};

/* Partials nested deeper than this (a count of partials, 1..100) fail with
 * MUSTACHE_ERR_PARTIAL "partials nested more than 100 deep (a partial that
 * includes itself?)" (the only guard against infinite recursion). */
#define MUSTACHE_MAX_PARTIAL_DEPTH 100
/* Sections nested deeper than this inside one template (or partial) are a
 * syntax error "sections nested more than 256 deep". */
#define MUSTACHE_MAX_SECTION_DEPTH 256
/* Sections and partials rendered inside one another, counted together
 * across partials, beyond this fail with MUSTACHE_ERR_SYNTAX "sections and
 * partials nested more than 512 deep": bounds the recursion on the C stack. */
#define MUSTACHE_MAX_RENDER_DEPTH 512

/*
 * mustache_render - render a Mustache template (Mustache spec v1.x core
 * modules) against a JSON context, streaming the output to a callback.
 *
 * tmpl, len:  template text, len bytes, not necessarily NUL-terminated, may
 *             contain any bytes; tmpl may be NULL only when len is 0.  It
 *             must stay valid for the duration of the call.
 * context:    root of the context stack (not modified, not stolen; NULL
 *             behaves like an empty object).
 * opt:        options, or NULL for the defaults (see struct above).
 * write:      output callback (required), write_ud passed to it unchanged.
 *             Output arrives in pieces of up to a few KiB; everything is
 *             flushed before a successful return.
 * err:        optional (may be NULL); filled on failure.
 *
 * The whole template is parsed first, so a syntax error in it produces no
 * output at all.  Partials are loaded and parsed when first rendered and
 * cached for the rest of the call; errors in a partial, unknown partials in
 * strict mode, nesting beyond MUSTACHE_MAX_PARTIAL_DEPTH and write failures
 * can therefore happen after some output has been written (buffered output
 * not yet written is discarded on error).
 *
 * Returns MUSTACHE_OK or one of the MUSTACHE_ERR_* codes above.
 */
int mustache_render(const char *tmpl, size_t len, json_t *context,
                    const struct mustache_options *opt,
                    mustache_write_fn write, void *write_ud,
                    struct mustache_error *err);

/*
 * mustache_scan - read a template and every partial it names, statically,
 * whether or not a render would reach them (Mustache names its partials in
 * the text: there are no dynamic names), without rendering anything.
 *
 * Each comment goes to opt->comment as mustache_render() hands it on (a
 * non-zero return: MUSTACHE_ERR_REFUSED), each tag name to opt->name;
 * partials are loaded through opt->partial, each distinct name once, and
 * an unknown one is MUSTACHE_ERR_PARTIAL when opt->strict_partials.  opt is
 * required; its output and step limits and the context play no part.
 * Returns MUSTACHE_OK or MUSTACHE_ERR_SYNTAX, _PARTIAL, _NOMEM, _IO or
 * _REFUSED, err filled as for mustache_render().  Memory: the template's
 * tree and those of its partials, freed before it returns.
 */
int mustache_scan(const char *tmpl, size_t len, const struct mustache_options *opt,
                  struct mustache_error *err);

/*
 * mustache_render_string - like mustache_render() (Mustache spec v1.x core
 * modules), but collect the output in memory.
 *
 * On MUSTACHE_OK *out is a malloc'd NUL-terminated string the caller must
 * free() (the output itself may contain NUL bytes if the data does; use
 * *out_len) and *out_len its length without the NUL (out_len may be NULL).
 * On failure *out is NULL, *out_len is 0 and nothing needs freeing.
 * out is required.  Same return codes as mustache_render(); a failure to
 * grow the buffer is MUSTACHE_ERR_NOMEM.
 */
int mustache_render_string(const char *tmpl, size_t len, json_t *context,
                           const struct mustache_options *opt, char **out,
                           size_t *out_len, struct mustache_error *err);

/*
 * mustache_position - the 1-based line and column of byte offset pos of
 * text, as the errors give them: columns in UTF-8 characters, lines ended
 * by LF, CR LF or a CR alone (as the CSV reader counts them).
 */
void mustache_position(const char *text, size_t pos, unsigned *line, unsigned *col);

#endif /* GAMETAB_MUSTACHE_H */
