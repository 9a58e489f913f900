#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gzchunks.h"
#include "output.h"

#define OUTPUT_BUF_SIZE (1u << 16)

struct output {
    int fd;
    char *path;     /* the target as given, or "standard output" */
    char *tmp_path; /* NULL when writing directly */
    enum output_encoding enc;
    struct gzchunks *gz;    /* OUTPUT_GZIP */
    struct gt_error *err;   /* where gz's write callback reports */
    size_t used;            /* OUTPUT_PLAIN: bytes waiting in buf */
    unsigned char buf[OUTPUT_BUF_SIZE];
};

static int fail_errno(struct gt_error *err, const char *path, int e)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(e));
}

static int write_all(struct output *out, const unsigned char *p, size_t len,
                     struct gt_error *err)
{
    while (len > 0) {
        ssize_t w = write(out->fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return fail_errno(err, out->path, errno);
        }
        p += w;
        len -= (size_t)w;
    }
    return GT_OK;
}

static int write_compressed(void *ud, const void *buf, size_t len)
{
    struct output *out = ud;
    return write_all(out, buf, len, out->err) == GT_OK ? 0 : -1;
}

/* Writes what waits in buf (OUTPUT_PLAIN). */
static int flush_plain(struct output *out, struct gt_error *err)
{
    int rc = write_all(out, out->buf, out->used, err);
    out->used = 0;
    return rc;
}

/* True when path names something that is not a regular file (a device, a
 * FIFO, a socket): such a target is written in place. */
static bool is_special(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

static int open_temporary(struct output *out, struct gt_error *err)
{
    const char *slash = strrchr(out->path, '/');
    size_t dirlen = slash ? (size_t)(slash - out->path) + 1 : 0;
    const char *base = out->path + dirlen;
    size_t n = strlen(out->path) + sizeof ".tmp.XXXXXX" + 1;
    out->tmp_path = malloc(n);
    if (!out->tmp_path)
        return fail_errno(err, out->path, ENOMEM);
    snprintf(out->tmp_path, n, "%.*s.%s.XXXXXX", (int)dirlen, out->path, base);
    out->fd = mkstemp(out->tmp_path);
    if (out->fd < 0) {
        int e = errno;
        free(out->tmp_path);
        out->tmp_path = NULL;
        return fail_errno(err, out->path, e);
    }
    /* mkstemp makes the file 0600; give it the mode a plain open would. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(out->fd, 0666 & ~mask) != 0) {
        int e = errno;
        close(out->fd);
        out->fd = -1;
        unlink(out->tmp_path);
        free(out->tmp_path);
        out->tmp_path = NULL;
        return fail_errno(err, out->path, e);
    }
    return GT_OK;
}

int output_open(struct output **outp, const char *path, enum output_encoding enc,
                int level, unsigned jobs, struct gt_error *err)
{
    *outp = NULL;
    struct output *out = calloc(1, sizeof *out);
    if (!out)
        return fail_errno(err, path, ENOMEM);
    bool std = strcmp(path, "-") == 0;
    out->path = strdup(std ? "standard output" : path);
    out->enc = enc;
    out->fd = -1;
    if (!out->path) {
        free(out);
        return fail_errno(err, path, ENOMEM);
    }
    if (std) {
        out->fd = STDOUT_FILENO;
    } else if (is_special(path)) {
        out->fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (out->fd < 0) {
            int e = errno;
            output_abort(out);
            return fail_errno(err, path, e);
        }
    } else if (open_temporary(out, err) != GT_OK) {
        free(out->path);
        free(out);
        return GT_ERR_RUNTIME;
    }
    if (enc == OUTPUT_GZIP && !(out->gz = gzchunks_new(level, jobs, write_compressed, out))) {
        int e = errno;
        output_abort(out);
        return fail_errno(err, path, e);
    }
    *outp = out;
    return GT_OK;
}

int output_write(struct output *out, const void *buf, size_t len, struct gt_error *err)
{
    if (out->gz) {
        out->err = err;
        if (gzchunks_write(out->gz, buf, len) != 0)
            return errno == EIO ? gt_fail(err, GT_ERR_RUNTIME, "%s: zlib failed", out->path)
                                : GT_ERR_RUNTIME;
        return GT_OK;
    }
    const unsigned char *p = buf;
    while (len > 0) {
        size_t room = sizeof out->buf - out->used;
        size_t n = len < room ? len : room;
        memcpy(out->buf + out->used, p, n);
        out->used += n;
        p += n;
        len -= n;
        if (out->used == sizeof out->buf && flush_plain(out, err) != GT_OK)
            return GT_ERR_RUNTIME;
    }
    return GT_OK;
}

int output_puts(struct output *out, const char *s, struct gt_error *err)
{
    return output_write(out, s, strlen(s), err);
}

const char *output_name(const struct output *out)
{
    return out->path;
}

static void release(struct output *out)
{
    gzchunks_free(out->gz);
    free(out->tmp_path);
    free(out->path);
    free(out);
}

int output_commit(struct output *out, struct gt_error *err)
{
    out->err = err;
    int done = out->gz ? (gzchunks_finish(out->gz) == 0 ? GT_OK : GT_ERR_RUNTIME)
                       : flush_plain(out, err);
    if (done != GT_OK) {
        output_abort(out);
        return GT_ERR_RUNTIME;
    }
    int rc = GT_OK;
    if (out->tmp_path) {
        /* fsync first: the rename must not publish a file whose data could
         * still be lost. */
        if (fsync(out->fd) != 0)
            rc = fail_errno(err, out->path, errno);
        if (close(out->fd) != 0 && rc == GT_OK)
            rc = fail_errno(err, out->path, errno);
        out->fd = -1;
        if (rc == GT_OK && rename(out->tmp_path, out->path) != 0)
            rc = fail_errno(err, out->path, errno);
        if (rc != GT_OK)
            unlink(out->tmp_path);
    } else if (out->fd != STDOUT_FILENO) {
        if (close(out->fd) != 0)
            rc = fail_errno(err, out->path, errno);
    }
    release(out);
    return rc;
}

void output_abort(struct output *out)
{
    if (!out)
        return;
    if (out->tmp_path) {
        if (out->fd >= 0)
            close(out->fd);
        unlink(out->tmp_path);
    } else if (out->fd >= 0 && out->fd != STDOUT_FILENO) {
        close(out->fd);
    }
    release(out);
}
