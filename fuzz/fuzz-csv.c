/* fuzz-csv.c: libFuzzer target for the CSV reader (make fuzz), plain and
 * gzip-compressed.
 *
 * The first byte chooses: even, the rest of the input is the file; odd, the
 * rest is gzip-compressed first (so that the fuzzer reaches the CSV inside
 * gzip as well as the gzip reading itself, which the seeds' raw gzip files
 * exercise under an even byte); its bits 1 and 2 the separator, none (the
 * comma, with its check of a one-column header), ';', tab or '|'.  The file is read through a memfd's /proc
 * path, as csv_read_file reads any path; the callbacks check what the
 * reader promises: one header, then rows of exactly as many fields, line
 * numbers never going back (rows ended by a bare CR share a line: lines
 * are counted at LF).  Crashes, leaks, undefined behaviour and failures without a
 * message are findings. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "io/csv-read.h"

struct seen {
    size_t ncolumns;
    unsigned long rows, last_line;
    size_t bytes;
};

static int on_header(void *ud, const char *const *names, size_t n, struct gt_error *err)
{
    (void)err;
    struct seen *s = ud;
    if (n == 0 || s->ncolumns != 0)
        abort();
    for (size_t i = 0; i < n; i++)
        s->bytes += strlen(names[i]); /* each a string (ASan checks) */
    s->ncolumns = n;
    return GT_OK;
}

static int on_row(void *ud, const char *const *fields, size_t n, unsigned long line,
                  struct gt_error *err)
{
    struct seen *s = ud;
    if (n != s->ncolumns || line < s->last_line)
        abort();
    for (size_t i = 0; i < n; i++)
        s->bytes += strlen(fields[i]);
    s->last_line = line;
    /* Stop early sometimes, as render does at its limits. */
    if (++s->rows == 1000)
        return gt_fail(err, GT_ERR_RUNTIME, "enough rows");
    return GT_OK;
}

static size_t gzip_bytes(const uint8_t *in, size_t len, uint8_t **out)
{
    z_stream z = {0};
    if (deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        abort();
    size_t cap = deflateBound(&z, len) + 32;
    *out = malloc(cap);
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)len;
    z.next_out = *out;
    z.avail_out = (uInt)cap;
    if (!*out || deflate(&z, Z_FINISH) != Z_STREAM_END)
        abort();
    size_t n = z.total_out;
    deflateEnd(&z);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > (1 << 20))
        return 0;
    uint8_t *packed = NULL;
    const uint8_t *file = data + 1;
    size_t len = size - 1;
    if (data[0] & 1) {
        len = gzip_bytes(data + 1, size - 1, &packed);
        file = packed;
    }
    int fd = memfd_create("fuzz-csv", 0);
    if (fd < 0 || write(fd, file, len) != (ssize_t)len)
        abort();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    struct seen s = {0};
    static const struct csv_read_callbacks cb = {on_header, on_row};
    struct gt_error err = {0};
    static const char separators[4] = {0, ';', '\t', '|'};
    int rc = csv_read_file(path, separators[data[0] >> 1 & 3], &cb, &s, &err);
    if (rc != GT_OK && !err.msg[0])
        abort(); /* every failure says why */
    close(fd);
    free(packed);
    return 0;
}
