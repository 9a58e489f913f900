/* journal.c: the record of a build's publishing (journal.h). */
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
#include <zlib.h>

#include "base/interrupt.h"
#include "base/text.h"
#include "io/files.h"
#include "publish/journal.h"

/* Version 2 gives each new file's identity after its name; version 1
 * (gametab before breaker round 30) gave the names alone. */
#define JOURNAL_HEAD "gametab publish 2\n"
#define JOURNAL_HEAD_1 "gametab publish 1\n"
#define JOURNAL_END "end\n"

/* Whether name is one a build publishes: "FILE" or "LANG/FILE" of letters,
 * digits, '.', '-' and '_', no part "." or "..": a journal that says
 * otherwise was not written by a build, and nothing is moved by it. */
static bool publish_name(const char *name)
{
    size_t slashes = 0, part = 0;
    const char *start = name;
    for (const char *p = name;; p++) {
        if (*p == '/' || *p == '\0') {
            if (part == 0 || (part == 1 && start[0] == '.') ||
                (part == 2 && start[0] == '.' && start[1] == '.'))
                return false;
            if (*p == '\0')
                return true;
            if (++slashes > 1)
                return false;
            part = 0;
            start = p + 1;
            continue;
        }
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '.' || *p == '-' || *p == '_'))
            return false;
        part++;
    }
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w == 0)
            errno = ENOSPC;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The identity of the file name in the directory open at dir_fd, into id
 * (FILE_IDENTITY_MAX bytes): "SIZE CRC32" (the CRC-32 of its bytes, eight
 * hex digits), which a copy keeps (cp -a, rsync, a restore: breaker round
 * 31, F2, where an inode did not) and another file put at the name (a
 * user's table -o) does not have: 0, or -1 with errno (EINVAL: not a
 * regular file; EINTR on a stop request, heard between two reads). */
#define FILE_IDENTITY_MAX 40
static int file_identity(int dir_fd, const char *name, char *id)
{
    /* One of the user's own that the user may not read (made under umask
     * 777: mode 000) is read too. */
    int fd = open_own_for_reading(dir_fd, name, O_NONBLOCK);
    if (fd < 0)
        return -1;
    struct stat st;
    int bad = fstat(fd, &st) != 0 ? errno : !S_ISREG(st.st_mode) ? EINVAL : 0;
    if (bad) {
        close(fd);
        errno = bad;
        return -1;
    }
    uLong crc = crc32(0L, Z_NULL, 0);
    uintmax_t size = 0;
    unsigned char buf[65536];
    ssize_t r;
    while ((r = interrupt_signal ? (errno = EINTR, -1) : read(fd, buf, sizeof buf)) != 0) {
        if (r < 0 && errno == EINTR && !interrupt_signal)
            continue;
        if (r < 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        crc = crc32(crc, buf, (uInt)r);
        size += (uintmax_t)r;
    }
    close(fd);
    snprintf(id, FILE_IDENTITY_MAX, "%ju %08lx", size, (unsigned long)crc);
    return 0;
}

int journal_write(int staging_fd, const char *dir, char *const *files, size_t nfiles,
                  char *const *stale, size_t nstale, char *const *made, size_t nmade,
                  bool (*publishes)(const char *name), struct gt_error *err)
{
    for (size_t i = 0; i < nfiles + nstale; i++) {
        const char *name = i < nfiles ? files[i] : stale[i - nfiles];
        if (!publish_name(name) || !publishes(name))
            return gt_fail(err, GT_ERR_RUNTIME, "%s/%s: not a name a build publishes", dir, name);
    }
    /* The text whole, written at once; each new file with its identity
     * (file_identity), which no later writer of the name gives it. */
    size_t size = strlen(JOURNAL_HEAD) + strlen(JOURNAL_END) + 1;
    for (size_t i = 0; i < nfiles + nstale; i++)
        size += strlen(i < nfiles ? files[i] : stale[i - nfiles]) + 3 + FILE_IDENTITY_MAX;
    for (size_t i = 0; i < nmade; i++)
        size += strlen(made[i]) + 3;
    char *text = malloc(size);
    if (!text)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
    size_t len = (size_t)snprintf(text, size, "%s", JOURNAL_HEAD);
    for (size_t i = 0; i < nfiles; i++) {
        char id[FILE_IDENTITY_MAX];
        if (file_identity(staging_fd, files[i], id) != 0) {
            int e = errno;
            free(text);
            return gt_fail(err, GT_ERR_RUNTIME, "%s/%s: %s", dir, files[i], strerror(e));
        }
        len += (size_t)snprintf(text + len, size - len, "f %s %s\n", files[i], id);
    }
    for (size_t i = 0; i < nstale; i++)
        len += (size_t)snprintf(text + len, size - len, "s %s\n", stale[i]);
    for (size_t i = 0; i < nmade; i++)
        len += (size_t)snprintf(text + len, size - len, "d %s\n", made[i]);
    len += (size_t)snprintf(text + len, size - len, "%s", JOURNAL_END);
    /* Written whole under another name, then renamed: a journal at
     * JOURNAL_NAME that is not whole is damage, never a build killed while
     * it wrote one (breaker round 40, F7). */
    int fd = openat(staging_fd, JOURNAL_PART_NAME, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    /* Readable by the next build whatever the umask (breaker round 30,
     * F13: under umask 777 it was mode 000, taken for none). */
    if (fd >= 0 && fchmod(fd, 0600) != 0) {
        int e = errno;
        close(fd);
        unlinkat(staging_fd, JOURNAL_PART_NAME, 0);
        fd = -1;
        errno = e;
    }
    if (fd < 0) {
        int e = errno;
        free(text);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(e));
    }
    int failed = write_all(fd, text, len) != 0 || fsync(fd) != 0 ? errno : 0;
    free(text);
    if (close(fd) != 0 && !failed)
        failed = errno;
    if (!failed && renameat(staging_fd, JOURNAL_PART_NAME, staging_fd, JOURNAL_NAME) != 0)
        failed = errno;
    if (!failed && directory_sync_fd(staging_fd) != 0)
        failed = errno;
    if (failed) {
        unlinkat(staging_fd, JOURNAL_PART_NAME, 0);
        unlinkat(staging_fd, JOURNAL_NAME, 0);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(failed));
    }
    return GT_OK;
}

/* Syncs the subdirectories of DIR (dir_fd) that names[0..n) ("LANG/FILE")
 * lie in, each once: 0, or -1 with errno and the failing one in sub. */
static int sync_subdirectories(int dir_fd, char *const *names, size_t n, char sub[256])
{
    for (size_t i = 0; i < n; i++) {
        const char *slash = strchr(names[i], '/');
        if (!slash)
            continue;
        size_t len = (size_t)(slash - names[i]);
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strncmp(names[j], names[i], len + 1) == 0;
        if (seen || len >= 256)
            continue;
        memcpy(sub, names[i], len);
        sub[len] = '\0';
        if (directory_sync(dir_fd, sub) != 0)
            return -1;
    }
    return 0;
}

int journal_sync(int dir_fd, int staging_fd, const char *dir, char *const *files, size_t nfiles,
                 struct gt_error *err)
{
    char sub[256];
    if (sync_subdirectories(dir_fd, files, nfiles, sub) != 0)
        return gt_fail(err, GT_ERR_RUNTIME, "%s/%s: cannot sync the directory: %s", dir, sub,
                       strerror(errno));
    if (directory_sync_fd(dir_fd) != 0 || directory_sync_fd(staging_fd) != 0)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: cannot sync the directory: %s", dir,
                       strerror(errno));
    return GT_OK;
}

int journal_void(int staging_fd, const char *dir, struct gt_error *err)
{
    if (renameat(staging_fd, JOURNAL_NAME, staging_fd, JOURNAL_VOID_NAME) != 0 ||
        directory_sync_fd(staging_fd) != 0) {
        int e = errno;
        renameat(staging_fd, JOURNAL_VOID_NAME, staging_fd, JOURNAL_NAME);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: the journal " JOURNAL_NAME " cannot be closed: %s",
                       dir, strerror(e));
    }
    return GT_OK;
}

void journal_restore(int staging_fd)
{
    renameat(staging_fd, JOURNAL_VOID_NAME, staging_fd, JOURNAL_NAME);
    directory_sync_fd(staging_fd);
}

/* The journal's text, whole (ending in JOURNAL_END), or NULL: none, or
 * *bad set to why it is not a journal a build writes: not a regular file
 * (a FIFO made at its name is not waited on: O_NONBLOCK, breaker round 32,
 * F1), past JOURNAL_SIZE_MAX, holding a NUL byte, cut short (journal_write
 * renames it into place whole: breaker round 40, F7, where a NUL byte, a
 * crash's zero-filled block, cut the list at it and a cut journal was
 * taken for one written before any rename, and the moves after the cut
 * stayed while the old files went with the staging directory), or whole
 * with a head this gametab does not know (a later gametab's, a damaged
 * one: breaker round 32, F8); *unread the errno of a journal that is there
 * but cannot be read (EACCES, EIO), else 0; *version 1 or 2, by its head. */
static char *read_journal(int staging_fd, const char **bad, int *unread, int *version)
{
    *bad = NULL;
    *unread = 0;
    int fd = openat(staging_fd, JOURNAL_NAME, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *unread = errno == ENOENT ? 0 : errno;
        return NULL;
    }
    struct stat st;
    char *text = NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        *bad = "not a regular file";
    else if (st.st_size > JOURNAL_SIZE_MAX)
        *bad = "past " XSTR(JOURNAL_SIZE_MAX) " bytes";
    else if ((text = malloc((size_t)st.st_size + 1)) == NULL)
        *unread = ENOMEM;
    if (!text) {
        close(fd);
        return NULL;
    }
    size_t n = 0;
    ssize_t r = 0;
    while (n < (size_t)st.st_size) {
        r = read(fd, text + n, (size_t)st.st_size - n);
        if (r < 0 && errno == EINTR && !interrupt_signal)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (r < 0) {
        *unread = errno;
        free(text);
        return NULL;
    }
    text[n] = '\0';
    size_t end = strlen(JOURNAL_END);
    bool ends = n >= end && strcmp(text + n - end, JOURNAL_END) == 0 &&
                (n == end || text[n - end - 1] == '\n');
    *version = strncmp(text, JOURNAL_HEAD_1, strlen(JOURNAL_HEAD_1)) == 0 ? 1
               : strncmp(text, JOURNAL_HEAD, strlen(JOURNAL_HEAD)) == 0   ? 2
                                                                          : 0;
    if (memchr(text, '\0', n))
        *bad = "it holds a NUL byte";
    else if (!ends)
        *bad = "cut short: its last line is not \"end\"";
    else if (*version == 0)
        *bad = "whole, but its first line is no head this gametab writes (a later gametab's?)";
    if (*bad) {
        free(text);
        return NULL;
    }
    return text;
}

/* renameat2 with RENAME_NOREPLACE: nothing at to is overwritten.  Where
 * the file system has no rename flags (NFS and 9p answer EINVAL, old
 * FUSE ENOSYS or EOPNOTSUPP), a plain renameat after a look at to: the
 * build holds DIR's lock, so no other build comes between (breaker round
 * 29, F6: a killed build on NFS could never be taken back). */
static int move_noreplace(int from_fd, const char *from, int to_fd, const char *to)
{
    if (renameat2(from_fd, from, to_fd, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
        return -1;
    struct stat st;
    if (fstatat(to_fd, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        errno = EEXIST;
        return -1;
    }
    return renameat(from_fd, from, to_fd, to);
}

/* move_noreplace of an old file from the staging directory back to its
 * name in DIR; a LANG/FILE name's directory, removed by the user since,
 * made again first, as the build itself makes DIR/LANG (breaker round 38,
 * F4: every later build failed, saying the file was missing). */
static int move_back(int staging_fd, const char *aside, int dir_fd, const char *name)
{
    if (move_noreplace(staging_fd, aside, dir_fd, name) == 0)
        return 0;
    const char *slash = strchr(name, '/');
    if (errno != ENOENT || !slash)
        return -1;
    char lang[256];
    snprintf(lang, sizeof lang, "%.*s", (int)(slash - name), name);
    if (mkdirat(dir_fd, lang, 0777) != 0 && errno != EEXIST)
        return -1;
    return move_noreplace(staging_fd, aside, dir_fd, name);
}

/* Whether the file name in the directory open at dir_fd, whose lstat is
 * at, is the one of identity id (file_identity's): 1 yes (or gone since),
 * 0 no (another kind of file, another size: not read; breaker round 32,
 * F1: a FIFO there hung the take-back, a file of 20 GB was read whole;
 * one put there since as a link, or another user's that cannot be read),
 * -1 with errno when it cannot be told: EINTR on a stop request while it
 * is read, or the read's failure (EIO, EMFILE, ENOMEM: breaker round 32,
 * F11, where that counted as the user's file and the old one was lost). */
static int same_identity(int dir_fd, const char *name, const struct stat *at, const char *id)
{
    char *end;
    uintmax_t size = strtoumax(id, &end, 10);
    if (!S_ISREG(at->st_mode) || (uintmax_t)at->st_size != size)
        return 0;
    char now[FILE_IDENTITY_MAX];
    if (file_identity(dir_fd, name, now) == 0)
        return strcmp(now, id) == 0;
    switch (errno) {
    case ENOENT:
        return 1;
    case ELOOP:
    case EINVAL:
    case EACCES:
    case EPERM:
        return 0;
    default:
        return -1;
    }
}

/* Whether text is an identity file_identity writes: a size, a space and
 * eight hex digits. */
static bool identity_text(const char *text)
{
    size_t digits = strspn(text, "0123456789");
    return digits > 0 && text[digits] == ' ' && strlen(text + digits + 1) == 8 &&
           strspn(text + digits + 1, "0123456789abcdef") == 8;
}

/* A take-back that failed: said, naming the dead staging directory. */
static int take_back_failed(struct gt_error *err, const char *staging, const char *name, int e)
{
    return gt_fail(err, GT_ERR_RUNTIME,
                   "%s: a build killed while publishing could not be taken back (%s: %s): the "
                   "old files it moved aside wait there; mend that and build again, and the "
                   "build takes them back first (removing the directory loses them)",
                   staging, name, strerror(e));
}

int journal_take_back(int dir_fd, int staging_fd, const char *staging,
                      bool (*publishes)(const char *name), struct gt_error *err)
{
    const char *bad;
    int version, unread;
    char *text = read_journal(staging_fd, &bad, &unread, &version);
    /* One there that cannot be read may list moves to take back: nothing
     * is removed without it (breaker round 30, F13). */
    if (!text && unread == EINTR && interrupt_signal)
        return interrupt_fail(err, staging);
    if (!text && unread)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s/" JOURNAL_NAME ": %s: the journal of a build killed while "
                       "publishing cannot be read: nothing was moved; mend that and build again "
                       "(removing %s loses the old files it holds)",
                       staging, strerror(unread), staging);
    if (!text && bad)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s/" JOURNAL_NAME ": not a journal a build writes (%s): nothing was "
                       "moved; build with the gametab that wrote it, or remove %s to go on "
                       "(losing the old files it holds)",
                       staging, bad, staging);
    if (!text)
        return GT_OK;
    /* The lines between the head and the end, in order: the files, the
     * stale files, the directories made. */
    char *lines = text + strlen(JOURNAL_HEAD);
    lines[strlen(lines) - strlen(JOURNAL_END)] = '\0';
    size_t count = 0;
    for (char *p = lines; *p; p++)
        count += *p == '\n';
    char **names = calloc(count + 1, sizeof *names);
    char **ids = calloc(count + 1, sizeof *ids); /* a new file's identity; NULL: not said */
    char *kinds = calloc(count + 1, 1);
    int rc = names && ids && kinds ? GT_OK : gt_fail(err, GT_ERR_RUNTIME, "%s: %s", staging,
                                                     strerror(ENOMEM));
    size_t n = 0, nfiles = 0, line = 1;
    for (char *p = lines, *nl; rc == GT_OK && (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
        *nl = '\0';
        line++;
        char kind = p[0];
        /* version 2: "f NAME IDENTITY" */
        char *id = NULL;
        if (kind == 'f' && version == 2 && p[1] == ' ' && (id = strchr(p + 2, ' ')) != NULL)
            *id++ = '\0';
        bool id_ok = kind != 'f' || version == 1 || (id && identity_text(id));
        /* the files, then the stale, then the directories */
        bool order = n == 0 || strchr("fsd", kind) >= strchr("fsd", kinds[n - 1]);
        bool name_ok = p[0] && p[1] == ' ' && publish_name(p + 2);
        if (name_ok && kind == 'd') {
            /* a directory of DIR the build made for its files: one that
             * holds a file of this journal */
            size_t len = strlen(p + 2);
            name_ok = !strchr(p + 2, '/');
            bool holds = false;
            for (size_t k = 0; name_ok && k < nfiles && !holds; k++)
                holds = strncmp(names[k], p + 2, len) == 0 && names[k][len] == '/';
            name_ok = name_ok && holds;
        } else {
            name_ok = name_ok && (kind == 'f' || kind == 's') && publishes(p + 2);
        }
        if (!name_ok || !order || !id_ok) {
            rc = gt_fail(err, GT_ERR_RUNTIME,
                         "%s/" JOURNAL_NAME ":%zu: not a journal a build writes: nothing was "
                         "moved; remove %s to go on",
                         staging, line, staging);
            break;
        }
        kinds[n] = kind;
        ids[n] = id;
        names[n++] = p + 2;
        nfiles += kind == 'f';
    }
    /* Last rename first: the stale files, then the files; then the
     * directories made, if empty (rmdir refuses the others). */
    for (size_t k = n; rc == GT_OK && k-- > 0;) {
        char aside[64];
        struct stat st;
        if (kinds[k] == 'd')
            continue;
        /* A name that holds a file the dead build did not put there (a
         * user's table -o, a copy from a backup, written since) is the
         * user's, and newer than the old file: it stays, and the old one
         * goes with the staging directory (breaker round 30, F5: the
         * take-back, by a build that then failed, put the old file in
         * its place). */
        struct stat at;
        bool in_dir = fstatat(dir_fd, names[k], &at, AT_SYMLINK_NOFOLLOW) == 0;
        if (kinds[k] == 's') {
            snprintf(aside, sizeof aside, JOURNAL_STALE_NAME, k - nfiles);
            if (!in_dir && fstatat(staging_fd, aside, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                move_back(staging_fd, aside, dir_fd, names[k]) != 0)
                rc = take_back_failed(err, staging, names[k], errno);
            continue;
        }
        /* The new file not in the staging directory: it was moved into
         * DIR, and goes back, unless another file took its name since.
         * One in DIR while the new file is still in the staging directory
         * (the build killed between its two renames) is another too
         * (breaker round 31, F3: the old file's return then failed for
         * good, EEXIST). */
        bool moved_in = fstatat(staging_fd, names[k], &st, AT_SYMLINK_NOFOLLOW) != 0;
        int same = in_dir && moved_in && ids[k] ? same_identity(dir_fd, names[k], &at, ids[k]) : 1;
        if (same < 0) {
            rc = errno == EINTR && interrupt_signal
                     ? interrupt_fail(err, staging)
                     : take_back_failed(err, staging, names[k], errno);
            break;
        }
        if (in_dir && (!moved_in || !same))
            continue;
        if (moved_in && move_noreplace(dir_fd, names[k], staging_fd, names[k]) != 0 &&
            errno != ENOENT)
            rc = take_back_failed(err, staging, names[k], errno);
        snprintf(aside, sizeof aside, JOURNAL_OLD_NAME, k);
        if (rc == GT_OK && fstatat(staging_fd, aside, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            move_back(staging_fd, aside, dir_fd, names[k]) != 0)
            rc = take_back_failed(err, staging, names[k], errno);
    }
    for (size_t k = 0; rc == GT_OK && k < n; k++)
        if (kinds[k] == 'd')
            unlinkat(dir_fd, names[k], AT_REMOVEDIR);
    if (rc == GT_OK) {
        /* the files and the stale ones: every name before the directories */
        char sub[256];
        size_t moved = 0;
        while (moved < n && kinds[moved] != 'd')
            moved++;
        sync_subdirectories(dir_fd, names, moved, sub);
        directory_sync_fd(dir_fd);
        if (unlinkat(staging_fd, JOURNAL_NAME, 0) != 0 || directory_sync_fd(staging_fd) != 0)
            rc = take_back_failed(err, staging, JOURNAL_NAME, errno);
    }
    free(names);
    free(ids);
    free(kinds);
    free(text);
    return rc;
}
