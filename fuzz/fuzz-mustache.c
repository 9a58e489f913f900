/* fuzz-mustache.c: libFuzzer target for the Mustache engine (make fuzz).
 *
 * The input is a template and its partials, separated by NUL bytes: the
 * first piece is the template, the others are the partials "0", "1", ...
 * ({{>0}}, {{>1}}).  It is rendered with LaTeX and with HTML escaping
 * against a fixed context like render's (rows, columns, blocks, lang), with
 * the output and tag limits of gametab's own renders scaled down, so that
 * every input ends quickly.  A crash, a leak, undefined behaviour, output
 * past the limit or a failure without a message is a finding. */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "template/mustache.h"

#define PIECES_MAX 16

struct input {
    const char *piece[PIECES_MAX];
    size_t len[PIECES_MAX];
    size_t n;
};

static int load_partial(void *ud, const char *name, char **text, size_t *len)
{
    const struct input *in = ud;
    char *end;
    unsigned long i = strtoul(name, &end, 10);
    if (*name < '0' || *name > '9' || *end || i + 1 >= in->n)
        return 1;
    *text = malloc(in->len[i + 1] + 1);
    if (!*text)
        return -1;
    memcpy(*text, in->piece[i + 1], in->len[i + 1]);
    (*text)[in->len[i + 1]] = '\0';
    *len = in->len[i + 1];
    return 0;
}

static int count_output(void *ud, const char *buf, size_t len)
{
    size_t *total = ud;
    (void)buf;
    *total += len;
    return 0;
}

static json_t *context(void)
{
    json_error_t e;
    return json_loads("{\"columns\": [{\"name\": \"n\"}, {\"name\": \"a_n\"}],"
                      " \"rows\": [{\"n\": \"0\", \"a_n\": \"0\", \"cells\": [{\"value\": \"0\","
                      " \"first\": true, \"last\": false}, {\"value\": \"#&_\", \"first\": false,"
                      " \"last\": true}], \"first\": true, \"last\": false},"
                      " {\"n\": \"1\", \"a_n\": \"1\", \"cells\": [], \"first\": false, \"last\": true}],"
                      " \"blocks\": [{\"rows\": [1, 2], \"lines\": [{\"name\": \"n\", \"cells\": []}],"
                      " \"pad\": [1]}], \"row_count\": 2, \"file\": \"x.csv\", \"t\": true,"
                      " \"f\": false, \"z\": 0, \"r\": 1.25, \"nil\": null,"
                      " \"lang\": {\"caption\": \"Проигрышные поля\"}}",
                      0, &e);
}

/* A name and the text of its line before it: within the template, the
 * line with no line break in it (read whole, so that ASan checks it). */
static int check_name(void *ud, const char *name, size_t len, const char *line, size_t line_len)
{
    size_t *names = ud;
    for (size_t i = 0; i < len; i++)
        *names += (unsigned char)name[i];
    for (size_t i = 0; i < line_len; i++)
        if (line[i] == '\n')
            abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static json_t *ctx;
    if (!ctx && !(ctx = context()))
        abort();
    struct input in = {.n = 0};
    const char *p = (const char *)data, *end = p + size;
    while (in.n < PIECES_MAX) {
        const char *nul = memchr(p, '\0', (size_t)(end - p));
        in.piece[in.n] = p;
        in.len[in.n] = nul ? (size_t)(nul - p) : (size_t)(end - p);
        in.n++;
        if (!nul)
            break;
        p = nul + 1;
    }
    static const enum mustache_escape escapes[] = {MUSTACHE_ESCAPE_LATEX, MUSTACHE_ESCAPE_HTML};
    for (size_t e = 0; e < 2; e++) {
        struct mustache_options opt = {
            .escape = escapes[e],
            .partial = load_partial,
            .partial_ud = &in,
            .strict_partials = (int)e,
            .source_name = "fuzz.tex",
            .max_output = 1 << 20,
            .max_steps = 200000,
        };
        struct mustache_error err;
        size_t total = 0;
        int rc = mustache_render(in.piece[0], in.len[0], ctx, &opt, count_output, &total, &err);
        if (total > opt.max_output || rc < MUSTACHE_OK || rc > MUSTACHE_ERR_LIMIT)
            abort();
        if (rc != MUSTACHE_OK && !err.message[0])
            abort(); /* every failure says why */
        /* The static reading of the template and every partial it names
         * (gametab's declarations, the names it uses). */
        size_t names = 0;
        opt.name = check_name;
        opt.name_ud = &names;
        rc = mustache_scan(in.piece[0], in.len[0], &opt, &err);
        if (rc < MUSTACHE_OK || rc > MUSTACHE_ERR_REFUSED || rc == MUSTACHE_ERR_WRITE ||
            rc == MUSTACHE_ERR_STOPPED || rc == MUSTACHE_ERR_LIMIT)
            abort();
        if (rc != MUSTACHE_OK && !err.message[0])
            abort();
    }
    return 0;
}
