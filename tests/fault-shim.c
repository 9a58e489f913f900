/* fault-shim.c: fault injection for the tests (tests/faults.bats), an
 * LD_PRELOAD library that makes one call of write, fsync, rename or close
 * fail, as a full disk, a failing device or a refused rename would.
 *
 *   GAMETAB_FAULT=OP:N   the N-th call (1-based) of OP fails: write with
 *                        ENOSPC, fsync and close with EIO, rename with
 *                        EACCES.  Calls on descriptors 0, 1 and 2 are not
 *                        counted (messages must still get out).
 *   GAMETAB_FAULT_SIGNAL=SIG  the N-th call of OP does not fail: the
 *                        process gets signal SIG (a number) as the call
 *                        starts, then the call is made, as when Ctrl-C or
 *                        a SIGTERM comes during a slow fsync.
 *   GAMETAB_FAULT_COUNTS=FILE  at exit, how many calls of each OP were
 *                        made, "OP N" a line: the failure points a test
 *                        then walks through.
 *   GAMETAB_FAULT_READ=NAME  every openat for reading (not O_PATH) of a
 *                        file named NAME (its last part) fails with EIO,
 *                        as a bad sector under it would: the take-back's
 *                        reading of a file's identity (tests/faults.bats).
 *   GAMETAB_NO_TMPFILE=1 open with O_TMPFILE fails with EOPNOTSUPP, as on a
 *                        file system without it: gametab then names its
 *                        temporary from the start (tests/output.bats).
 *
 * Only gametab's own calls go through here (stdio's and zlib's writes do
 * not call the write symbol), which are the ones its error paths handle. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum op { OP_WRITE, OP_FSYNC, OP_RENAME, OP_CLOSE, OP__N };

static const char *const op_names[OP__N] = {"write", "fsync", "rename", "close"};
static const int op_errno[OP__N] = {ENOSPC, EIO, EACCES, EIO};
static long calls[OP__N];
static int fail_op = -1;
static long fail_at;
static int fail_signal;

__attribute__((constructor)) static void fault_init(void)
{
    const char *spec = getenv("GAMETAB_FAULT");
    if (!spec)
        return;
    for (int op = 0; op < OP__N; op++) {
        size_t n = strlen(op_names[op]);
        if (strncmp(spec, op_names[op], n) == 0 && spec[n] == ':') {
            fail_op = op;
            fail_at = strtol(spec + n + 1, NULL, 10);
        }
    }
    const char *sig = getenv("GAMETAB_FAULT_SIGNAL");
    if (sig)
        fail_signal = (int)strtol(sig, NULL, 10);
}

/* Counts a call of op; true when it is the one to fail.  With
 * GAMETAB_FAULT_SIGNAL that call gets the signal instead, and goes on. */
static int fault_hit(enum op op)
{
    if (++calls[op] != fail_at || (int)op != fail_op)
        return 0;
    if (fail_signal) {
        raise(fail_signal);
        return 0;
    }
    return 1;
}

__attribute__((destructor)) static void fault_report(void)
{
    const char *path = getenv("GAMETAB_FAULT_COUNTS");
    if (!path)
        return;
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return;
    for (int op = 0; op < OP__N; op++) {
        char line[64];
        int n = snprintf(line, sizeof line, "%s %ld\n", op_names[op], calls[op]);
        syscall(SYS_write, fd, line, (size_t)n);
    }
    syscall(SYS_close, fd);
}

ssize_t write(int fd, const void *buf, size_t len)
{
    if (fd > 2 && fault_hit(OP_WRITE)) {
        errno = op_errno[OP_WRITE];
        return -1;
    }
    return syscall(SYS_write, fd, buf, len);
}

int fsync(int fd)
{
    if (fault_hit(OP_FSYNC)) {
        errno = op_errno[OP_FSYNC];
        return -1;
    }
    return (int)syscall(SYS_fsync, fd);
}

int rename(const char *from, const char *to)
{
    if (fault_hit(OP_RENAME)) {
        errno = op_errno[OP_RENAME];
        return -1;
    }
    return (int)syscall(SYS_renameat, AT_FDCWD, from, AT_FDCWD, to);
}

int close(int fd)
{
    if (fd > 2 && fault_hit(OP_CLOSE)) {
        /* As Linux does: the descriptor is gone even when close fails. */
        syscall(SYS_close, fd);
        errno = op_errno[OP_CLOSE];
        return -1;
    }
    return (int)syscall(SYS_close, fd);
}

/* The mode argument of an open or openat that makes a file: read into
 * mode, after flags (the last named argument). */
#define MODE_ARGUMENT(flags, mode)                                        \
    do {                                                                  \
        if (((flags) & O_CREAT) || ((flags) & O_TMPFILE) == O_TMPFILE) { \
            va_list ap;                                                   \
            va_start(ap, flags);                                          \
            (mode) = va_arg(ap, mode_t);                                  \
            va_end(ap);                                                   \
        }                                                                 \
    } while (0)

/* GAMETAB_NO_TMPFILE: an open with O_TMPFILE fails; GAMETAB_FAULT_READ: an
 * open for reading of a file of that name fails; any other goes to the
 * system as asked. */
static int open_or_fail(int dir_fd, const char *path, int flags, mode_t mode)
{
    if ((flags & O_TMPFILE) == O_TMPFILE && getenv("GAMETAB_NO_TMPFILE")) {
        errno = EOPNOTSUPP;
        return -1;
    }
    const char *name = getenv("GAMETAB_FAULT_READ");
    const char *last = strrchr(path, '/');
    last = last ? last + 1 : path;
    if (name && strcmp(last, name) == 0 && (flags & O_ACCMODE) == O_RDONLY && !(flags & O_PATH)) {
        errno = EIO;
        return -1;
    }
    return (int)syscall(SYS_openat, dir_fd, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARGUMENT(flags, mode);
    return open_or_fail(AT_FDCWD, path, flags, mode);
}

int openat(int dir_fd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    MODE_ARGUMENT(flags, mode);
    return open_or_fail(dir_fd, path, flags, mode);
}

int openat64(int dir_fd, const char *path, int flags, ...) __attribute__((alias("openat")));

/* The same function under its other name (one function on 64-bit glibc). */
int open64(const char *path, int flags, ...) __attribute__((alias("open")));
