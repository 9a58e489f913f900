#include <config.h>

#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "io/csv-read.h"

/* One record being assembled, and where the reading stands. */
struct reader {
    const struct csv_read_callbacks *cb;
    void *ud;
    const char *name;       /* for messages */
    struct gt_error *err;
    bool failed;
    int status;             /* what csv_read_file returns */
    char **fields;
    size_t nfields, cap;
    size_t ncolumns;        /* 0 until the header is read */
    unsigned long line;      /* the line of the byte being fed */
    unsigned long record_line; /* where the current record started */
    bool between_records;   /* the next content byte starts a record */
};

static void fail(struct reader *r, int with_line, const char *why)
{
    if (r->failed)
        return;
    r->failed = true;
    r->status = GT_ERR_RUNTIME;
    if (with_line)
        gt_fail(r->err, GT_ERR_RUNTIME, "%s:%lu: %s", r->name, r->record_line, why);
    else
        gt_fail(r->err, GT_ERR_RUNTIME, "%s: %s", r->name, why);
}

static void on_field(void *data, size_t len, void *ud)
{
    struct reader *r = ud;
    if (r->failed)
        return;
    if (memchr(data, '\0', len)) {
        fail(r, 1, "NUL byte in a field");
        return;
    }
    if (r->nfields == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        char **bigger = realloc(r->fields, cap * sizeof *bigger);
        if (!bigger) {
            fail(r, 0, strerror(ENOMEM));
            return;
        }
        r->fields = bigger;
        r->cap = cap;
    }
    char *f = malloc(len + 1);
    if (!f) {
        fail(r, 0, strerror(ENOMEM));
        return;
    }
    if (len)
        memcpy(f, data, len);
    f[len] = '\0';
    r->fields[r->nfields++] = f;
}

static void clear_fields(struct reader *r)
{
    for (size_t i = 0; i < r->nfields; i++)
        free(r->fields[i]);
    r->nfields = 0;
}

static void on_record(int c, void *ud)
{
    (void)c;
    struct reader *r = ud;
    if (!r->failed) {
        const char *const *f = (const char *const *)r->fields;
        int rc = GT_OK;
        if (r->ncolumns == 0) {
            r->ncolumns = r->nfields;
            rc = r->cb->header(r->ud, f, r->nfields, r->err);
        } else if (r->nfields != r->ncolumns) {
            char why[128];
            snprintf(why, sizeof why, "row has %zu field%s, the header has %zu", r->nfields,
                     r->nfields == 1 ? "" : "s", r->ncolumns);
            fail(r, 1, why);
        } else {
            rc = r->cb->row(r->ud, f, r->nfields, r->record_line, r->err);
        }
        if (rc != GT_OK) {
            r->failed = true;
            r->status = rc;
        }
    }
    clear_fields(r);
    r->between_records = true;
}

/* Feeds bytes one at a time, so that the line of each record's first byte
 * is known when libcsv reports the record. */
static void feed(struct reader *r, struct csv_parser *p, const unsigned char *buf, size_t n)
{
    for (size_t i = 0; i < n && !r->failed; i++) {
        unsigned char c = buf[i];
        if (r->between_records && c != '\r' && c != '\n') {
            r->record_line = r->line;
            r->between_records = false;
        }
        if (csv_parse(p, &buf[i], 1, on_field, on_record, r) != 1)
            fail(r, 1, csv_error(p) == CSV_EPARSE ? "malformed quoting" : csv_strerror(csv_error(p)));
        if (c == '\n')
            r->line++;
    }
}

static gzFile open_input(const char *path)
{
    int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    /* gzdopen reads gzip data (by its magic bytes) and plain data alike. */
    gzFile gz = gzdopen(fd, "rb");
    if (!gz) {
        int e = errno;
        close(fd);
        errno = e ? e : ENOMEM;
    }
    return gz;
}

int csv_read_file(const char *path, const struct csv_read_callbacks *cb, void *ud,
                  struct gt_error *err)
{
    const char *name = strcmp(path, "-") == 0 ? "standard input" : path;
    gzFile gz = open_input(path);
    if (!gz)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(errno));
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
        gzclose(gz);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
    }
    struct reader r = {.cb = cb, .ud = ud, .name = name, .err = err, .line = 1,
                       .between_records = true};
    unsigned char buf[1 << 16];
    bool first = true;
    int n;
    while (!r.failed && (n = gzread(gz, buf, sizeof buf)) > 0) {
        size_t skip = 0;
        /* A UTF-8 byte order mark before the header is not part of it. */
        if (first && n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
            skip = 3;
        first = false;
        feed(&r, &p, buf + skip, (size_t)n - skip);
    }
    if (!r.failed && n < 0) {
        int zerr;
        const char *msg = gzerror(gz, &zerr);
        fail(&r, 0, zerr == Z_ERRNO ? strerror(errno) : msg);
    }
    if (!r.failed && csv_fini(&p, on_field, on_record, &r) != 0)
        fail(&r, 1, "unterminated quoted field at the end of the file");
    if (!r.failed && r.ncolumns == 0)
        fail(&r, 0, "empty file: no header row");
    clear_fields(&r);
    free(r.fields);
    csv_free(&p);
    gzclose(gz);
    return r.failed ? r.status : GT_OK;
}
