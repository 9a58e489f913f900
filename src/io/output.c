#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <acl/libacl.h>
#include <attr/error_context.h>
#include <attr/libattr.h>
#include <linux/magic.h>
#include <sys/acl.h>

#include "base/interrupt.h"
#include "io/files.h"
#include "io/gzchunks.h"
#include "io/output.h"

#define OUTPUT_BUF_SIZE (1u << 16)
#define OUTPUT_TEMP_PREFIX ".gametab-"

/* A file written through a temporary is handed to the disk every this many
 * bytes while it is made (sync_file_range, without waiting), not all at
 * the fsync of output_commit: the 1 GB of the Grundy board of 8192 left
 * half a second of waiting to that fsync. */
#define OUTPUT_WRITEBACK_STEP ((off_t)8 << 20)

struct output {
    int fd;
    char *path;     /* the name in messages: the caller's, the target as given, or "standard output" */
    char *target;   /* the regular file to replace (through links), or NULL */
    char *tmp_path; /* NULL when writing directly */
    bool unnamed;   /* the temporary has no name yet (O_TMPFILE): tmp_path is
                     * the name output_commit links it to, made then */
    char fd_path[32]; /* unnamed: /proc/self/fd/N, the name linkat takes it by */
    bool own_fd;    /* one of the process's descriptors: never closed */
    enum output_encoding enc;
    struct gzchunks *gz;    /* OUTPUT_GZIP */
    struct gt_error *err;   /* where gz's write callback reports */
    size_t used;            /* bytes waiting in buf */
    off_t written, handed;  /* bytes written to fd; of them, handed to the disk */
    unsigned char buf[OUTPUT_BUF_SIZE];
};

static int fail_errno(struct gt_error *err, const char *path, int e)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(e));
}

/* Starts the disk writing what a temporary file has gained since last
 * time, once that is OUTPUT_WRITEBACK_STEP bytes, and goes on without
 * waiting.  Only a hint: a failure shows at output_commit's fsync. */
static void hand_to_disk(struct output *out)
{
#ifdef HAVE_SYNC_FILE_RANGE
    off_t n = out->written - out->handed;
    if (!out->tmp_path || n < OUTPUT_WRITEBACK_STEP)
        return;
    (void)sync_file_range(out->fd, out->handed, n, SYNC_FILE_RANGE_WRITE);
    out->handed = out->written;
#else
    (void)out;
#endif
}

static int write_all(struct output *out, const unsigned char *p, size_t len,
                     struct gt_error *err)
{
    while (len > 0) {
        if (interrupt_signal)
            return interrupt_fail(err, out->path);
        ssize_t w = write(out->fd, p, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                /* A non-blocking descriptor (inherited): wait until it drains. */
                struct pollfd pfd = {.fd = out->fd, .events = POLLOUT};
                if (poll(&pfd, 1, -1) >= 0 || errno == EINTR)
                    continue;
            }
            return fail_errno(err, out->path, errno);
        }
        p += w;
        len -= (size_t)w;
        out->written += w;
    }
    hand_to_disk(out);
    return GT_OK;
}

static int write_compressed(void *ud, const void *buf, size_t len)
{
    struct output *out = ud;
    return write_all(out, buf, len, out->err) == GT_OK ? 0 : -1;
}

/* The error of a failed gzip stream: the write callback has already put
 * the disk's reason in err; a failure of zlib's own is told here. */
static int gzip_failure(struct output *out, struct gt_error *err)
{
    const char *msg;
    if (gzchunks_error(out->gz, &msg) == GZCHUNKS_ZLIB)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", out->path, msg);
    return GT_ERR_RUNTIME;
}

/* Passes what waits in buf on: to the compressor, or to the file. */
static int flush_buffer(struct output *out, struct gt_error *err)
{
    int rc = GT_OK;
    if (out->gz) {
        out->err = err;
        if (gzchunks_write(out->gz, out->buf, out->used) != 0)
            rc = gzip_failure(out, err);
    } else {
        rc = write_all(out, out->buf, out->used, err);
    }
    out->used = 0;
    return rc;
}

/* Whether follow_link last refused a link by the rule of protected
 * symbolic links (link_protected). */
static bool link_refused;

/* libattr's and libacl's report of a failure: its errno kept, their
 * wording (which names the new file by a /proc path) not. */
struct copy_error {
    struct error_context ctx; /* first: libattr gets &copy_error.ctx */
    int e;
};

static void copy_error_note(struct error_context *ctx, const char *fmt, ...)
{
    struct copy_error *c = (struct copy_error *)ctx;
    (void)fmt;
    if (!c->e)
        c->e = errno ? errno : EIO;
}

/* The extended attributes copied to the new file: not the access ACL
 * (copied with the permissions, perm_copy_fd) nor what /etc/xattr.conf
 * says to skip (attr_copy_check_permissions), nor a security label
 * (security.*), which the system gives each new file by its own rules. */
static int copy_xattr_wanted(const char *name, struct error_context *ctx)
{
    return attr_copy_check_permissions(name, ctx) && strncmp(name, "security.", 9) != 0;
}

/* Copies the access ACL and the extended attributes of the file at
 * old_path (read through a descriptor: for reading, or for writing when
 * its owner may only write it) to the new file fd, of mode mode.  A file
 * without an access ACL gets none either, where the directory's default
 * ACL gave it one.  0 or an errno; *unreadable: the file could only be
 * opened for writing (then a user.* attribute cannot be read). */
static int copy_acl_and_xattrs(int fd, const char *old_path, mode_t mode, bool *unreadable)
{
    int src = open(old_path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    *unreadable = src < 0 && errno == EACCES;
    if (*unreadable)
        src = open(old_path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (src < 0)
        return errno;
    char dst[32];
    snprintf(dst, sizeof dst, "/proc/self/fd/%d", fd); /* only said, never opened */
    struct copy_error c = {.ctx = {.error = copy_error_note}};
    errno = 0;
    int extended = acl_extended_fd(src);
    if (extended < 0 && errno != ENOTSUP && !c.e)
        c.e = errno;
    if (extended == 1 && perm_copy_fd(old_path, src, dst, fd, &c.ctx) != 0 && !c.e)
        c.e = errno ? errno : EIO;
    if (extended == 0 && acl_extended_fd(fd) == 1) {
        acl_t plain = acl_from_mode(mode);
        if ((!plain || acl_set_fd(fd, plain) != 0) && !c.e)
            c.e = errno ? errno : EIO;
        acl_free(plain);
    }
    if (!c.e && attr_copy_fd(old_path, src, dst, fd, copy_xattr_wanted, &c.ctx) != 0)
        c.e = c.e ? c.e : errno ? errno : EIO;
    close(src);
    return c.e;
}

int output_take_mode(int fd, const char *old_path, const struct stat *old, const char *name,
                     struct gt_error *err)
{
    mode_t mode = old->st_mode & 07777;
    struct stat now;
    if (fstat(fd, &now) != 0)
        return fail_errno(err, name, errno);
    /* Only root may give the file away; without the old owner, no set-id
     * bits. */
    if (now.st_uid != old->st_uid && fchown(fd, old->st_uid, (gid_t)-1) != 0)
        mode &= ~(mode_t)(S_ISUID | S_ISGID);
    /* The group its mode's group bits are for: else they would be
     * another group's (the user's own), and the old group would lose
     * them.  A member of the group (and root) may keep it. */
    if (now.st_gid != old->st_gid && fchown(fd, (uid_t)-1, old->st_gid) != 0) {
        struct group *g = getgrgid(old->st_gid);
        char number[24];
        snprintf(number, sizeof number, "%ju", (uintmax_t)old->st_gid);
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: its group %s cannot be kept, as you are not in it: the file is "
                       "replaced whole, by a new file of yours (chgrp the file to a group of "
                       "yours first)",
                       name, g ? g->gr_name : number);
    }
    if (fchmod(fd, mode) != 0)
        return fail_errno(err, name, errno);
    bool unreadable;
    int e = copy_acl_and_xattrs(fd, old_path, mode, &unreadable);
    if (e != 0 && unreadable)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: its extended attributes cannot be kept: you may write the file but "
                       "not read it, and they are read to be kept (%s)",
                       name, strerror(e));
    if (e != 0)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: its ACL or extended attributes cannot be kept: %s",
                       name, strerror(e));
    return GT_OK;
}

/* The directory of target, as messages name it: up to its last '/', or
 * ".".  malloc'd; NULL out of memory. */
static char *directory_of(const char *target)
{
    const char *slash = strrchr(target, '/');
    return slash ? strndup(target, (size_t)(slash - target) + 1) : strdup(".");
}

/* GT_ERR_RUNTIME naming dir, target's directory, when it is chattr +a or
 * +i: it may take a new name (+a) but gives none up, so a temporary file
 * renamed to its target would stay (breaker round 39, F2, F3: "Operation
 * not permitted" after the work, a full-size hidden copy left each time).
 * Else GT_OK. */
static int dir_attribute_refuses(const char *dir, const char *name, const char *removal,
                                 struct gt_error *err)
{
    const char *attr = file_attribute_refuses(dir);
    if (!attr)
        return GT_OK;
    /* a file only removed: nothing is written there (breaker round 41,
     * F2: "write elsewhere" for a stale file of DIR/LANG) */
    if (removal)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: its directory %s is %s: it gives up no name, and the file is not "
                       "removed (%s: chattr -%c the directory first)",
                       name, strerror(EPERM), dir, attr, removal, attr[0] == 'i' ? 'i' : 'a');
    return gt_fail(err, GT_ERR_RUNTIME,
                   "%s: %s: its directory %s is %s: it gives up no name, and gametab "
                   "writes a temporary file there and renames it (write elsewhere)",
                   name, strerror(EPERM), dir, attr);
}

int output_dir_refuses(const char *target, const char *name, int e, const char *why,
                       bool removal, struct gt_error *err)
{
    char *dir = directory_of(target);
    if (!dir)
        return fail_errno(err, name, ENOMEM);
    if ((e == 0 || e == EPERM) &&
        dir_attribute_refuses(dir, name, removal ? why : NULL, err) != GT_OK) {
        free(dir);
        return GT_ERR_RUNTIME;
    }
    int rc = GT_OK;
    /* EPERM: an immutable directory (chattr +i) */
    if (e == 0 && access(dir, W_OK | X_OK) != 0 && (errno == EACCES || errno == EPERM))
        e = errno;
    if (e == EACCES || e == EPERM)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s: its directory %s is not writable (%s)", name,
                     strerror(e), dir, why);
    free(dir);
    return rc;
}

int output_dir_inherit_like(const char *dir, const char *like, struct gt_error *err)
{
    struct stat l, d;
    if (stat(like, &l) != 0 || !S_ISDIR(l.st_mode))
        return GT_OK; /* made later in its parent, as dir was */
    if (stat(dir, &d) != 0)
        return fail_errno(err, dir, errno);
    /* The group a new file gets: like's when it is setgid, else the
     * user's.  Only a member of a group may give it (best effort). */
    gid_t group = (l.st_mode & S_ISGID) ? l.st_gid : getegid();
    if (d.st_gid != group && chown(dir, (uid_t)-1, group) == 0)
        d.st_gid = group;
    if (d.st_gid == group && (d.st_mode & S_ISGID) != (l.st_mode & S_ISGID) &&
        chmod(dir, (d.st_mode & 07777 & ~(mode_t)S_ISGID) | (l.st_mode & S_ISGID)) != 0)
        return fail_errno(err, dir, errno);
    /* The default ACL, or none where like has none. */
    acl_t def = acl_get_file(like, ACL_TYPE_DEFAULT);
    if (!def)
        return errno == ENOTSUP ? GT_OK : fail_errno(err, like, errno);
    int set = acl_entries(def) > 0 ? acl_set_file(dir, ACL_TYPE_DEFAULT, def)
                                   : acl_delete_def_file(dir);
    int e = errno;
    acl_free(def);
    return set != 0 && e != ENOTSUP ? fail_errno(err, dir, e) : GT_OK;
}

/* Whether rename would refuse to replace target for the sticky bit of its
 * directory (EPERM): the directory is sticky, and neither it nor the file
 * is this user's.  Root may rename anything, but not replace another
 * user's file in a sticky directory open to all, unless the directory's
 * owner owns it too: the rule of fs.protected_regular, which refuses
 * root's `> /tmp/FILE` there, whatever the system's setting (breaker round
 * 47, F5: a file nobody planted in /tmp took root's table, and was still
 * nobody's to rewrite). */
static bool sticky_refuses(const char *target)
{
    uid_t me = geteuid();
    struct stat file, dir;
    if (stat(target, &file) != 0 || file.st_uid == me)
        return false;
    const char *slash = strrchr(target, '/');
    char *d = slash ? strndup(target, (size_t)(slash - target) + 1) : strdup(".");
    bool sticky = d && stat(d, &dir) == 0 && (dir.st_mode & S_ISVTX);
    free(d);
    if (!sticky)
        return false;
    return me != 0 ? dir.st_uid != me : (dir.st_mode & S_IWOTH) && file.st_uid != dir.st_uid;
}

/* The rule of output_may_replace and output_may_remove: verb is what is
 * refused ("replaced", "removed"), why what a removal is for (NULL for a
 * replacement), both said in the refusal. */
int output_mount_refuses(const char *target, const char *name, const char *why,
                         struct gt_error *err)
{
    /* A file mounted over the name (a bind mount, as docker run -v makes
     * one): a rename cannot replace it, nor remove it (breaker round 30,
     * F15: a bare "Device or resource busy", for build after its work). */
    int at = open(target, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    bool mounted = at >= 0 && fd_mount_root(at);
    if (at >= 0)
        close(at);
    if (mounted)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: a mount point (a file mounted over this name, as docker run -v "
                       "mounts one): not %s%s%s%s; unmount it, or write elsewhere (> FILE writes "
                       "through it)",
                       name, strerror(EBUSY), why ? "removed" : "replaced", why ? " (" : "",
                       why ? why : "", why ? ")" : "");
    return GT_OK;
}

static int may_change(const char *target, const char *name, const char *verb, const char *why,
                      struct gt_error *err)
{
    if (output_mount_refuses(target, name, why, err) != GT_OK)
        return GT_ERR_RUNTIME;
    const char *attr = file_attribute_refuses(target);
    if (attr)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: the file is %s: not %s%s%s%s", name,
                       strerror(EPERM), attr, verb, why ? " (" : "", why ? why : "",
                       why ? ")" : "");
    /* A file its owner made read-only is not replaced behind its back
     * (root may, as with any write). */
    if (access(target, W_OK) != 0) {
        int e = errno;
        struct stat st;
        if (e != EACCES || stat(target, &st) != 0)
            return fail_errno(err, name, e);
        unsigned mode = (unsigned)(st.st_mode & 07777);
        if (st.st_uid == geteuid())
            return gt_fail(err, GT_ERR_RUNTIME,
                           "%s: %s: the file is read-only (mode %03o): not %s (%s%schmod u+w "
                           "it to allow that%s)",
                           name, strerror(e), mode, verb, why ? why : "", why ? ": " : "",
                           why ? ", or move it away" : "");
        struct passwd *pw = getpwuid(st.st_uid);
        char owner[24];
        snprintf(owner, sizeof owner, "%ju", (uintmax_t)st.st_uid);
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: the file is read-only to you (mode %03o, owner %s): not %s%s%s%s",
                       name, strerror(e), mode, pw ? pw->pw_name : owner, verb, why ? " (" : "",
                       why ? why : "", why ? ")" : "");
    }
    if (sticky_refuses(target))
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: Operation not permitted: the file is another user's, in a sticky "
                       "directory (as /tmp), where only its owner may %s it%s%s%s",
                       name, why ? "remove" : "replace", why ? " (" : "", why ? why : "",
                       why ? ")" : "");
    return GT_OK;
}

int output_may_replace(const char *target, const char *name, struct gt_error *err)
{
    return may_change(target, name, "replaced", NULL, err);
}

int output_may_remove(const char *target, const char *name, const char *why,
                      struct gt_error *err)
{
    return may_change(target, name, "removed", why, err);
}

/* Draws the last six characters of path anew: letters and digits, from
 * getrandom.  0, or an errno. */
static int random_suffix(char *path)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    char *x = path + strlen(path) - 6;
    unsigned char r[6];
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
        return errno ? errno : EIO;
    for (int i = 0; i < 6; i++)
        x[i] = digits[r[i] % (sizeof digits - 1)];
    return 0;
}

/* Makes the file path (ending in six characters drawn anew until the name
 * is free), open for writing, as mkostemp does but with the given mode, so
 * that the umask or the directory's default ACL acts on it as on any new
 * file.  A descriptor, or -1 with errno. */
static int open_named_temporary(char *path, mode_t mode)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        int e = random_suffix(path);
        if (e) {
            errno = e;
            return -1;
        }
        int fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

/* Closes and removes the temporary file open_temporary made. */
static void drop_temporary(struct output *out)
{
    close(out->fd);
    out->fd = -1;
    if (!out->unnamed)
        unlink(out->tmp_path);
    free(out->tmp_path);
    out->tmp_path = NULL;
}

/* Opens the temporary file beside out->target, with the mode, group, ACL
 * and attributes (and, where allowed, the owner) of the file it will
 * replace (output_take_mode); a new file is made as open makes one, mode
 * 0666 less the umask, or by the directory's default ACL, which the umask
 * does not narrow.  Where the file system allows, the file has no name
 * until output_commit (O_TMPFILE), so that not even SIGKILL or a crash can
 * leave it behind; else it is made as out->tmp_path at once (mkstemp). */
static int open_temporary(struct output *out, const struct stat *old, struct gt_error *err)
{
    /* A name of fixed length, not the target's plus a suffix: a target name
     * of NAME_MAX bytes has a temporary too. */
    const char *slash = strrchr(out->target, '/');
    size_t dirlen = slash ? (size_t)(slash - out->target) + 1 : 0;
    size_t n = dirlen + sizeof OUTPUT_TEMP_PREFIX "XXXXXX";
    /* A target whose name is legal, but whose temporary's is not: said
     * before any work, with what to do (breaker round 30, F4). */
    if (n > PATH_MAX && strlen(out->target) < PATH_MAX)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: the temporary file made beside it (" OUTPUT_TEMP_PREFIX
                       "XXXXXX) would be named in %zu bytes, past the system's %d: write from "
                       "nearer it (cd to its directory)",
                       out->path, strerror(ENAMETOOLONG), n - 1, PATH_MAX - 1);
    out->tmp_path = malloc(n);
    if (!out->tmp_path)
        return fail_errno(err, out->path, ENOMEM);
    snprintf(out->tmp_path, n, "%.*s", (int)(dirlen ? dirlen : 2), dirlen ? out->target : "./");
    /* One that replaces a file is private until it takes that file's. */
    mode_t mode = old ? 0600 : 0666;
    out->fd = open(out->tmp_path, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
    if (out->fd >= 0) {
        /* linked later through /proc/self/fd/N: without /proc it could
         * not be, so then the named way. */
        snprintf(out->fd_path, sizeof out->fd_path, "/proc/self/fd/%d", out->fd);
        if (access(out->fd_path, F_OK) == 0) {
            out->unnamed = true;
        } else {
            close(out->fd);
            out->fd = -1;
        }
    }
    snprintf(out->tmp_path, n, "%.*s" OUTPUT_TEMP_PREFIX "XXXXXX", (int)dirlen, out->target);
    if (!out->unnamed)
        out->fd = open_named_temporary(out->tmp_path, mode);
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%.*s", (int)(dirlen ? dirlen : 1), dirlen ? out->target : ".");
    if (out->fd < 0) {
        int e = errno;
        free(out->tmp_path);
        out->tmp_path = NULL;
        if (e == ENOENT && directory_removed(dir))
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DIRECTORY_REMOVED, out->path,
                           strerror(e), dir);
        if (directory_takes_none(dir, e))
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DIRECTORY_TAKES_NONE, out->path,
                           strerror(e));
        /* The file is writable (output_may_replace), or new, its directory
         * not: "Permission denied" alone would blame the file (for a new
         * one, breaker round 34, F6). */
        if (output_dir_refuses(out->target, out->path, e,
                               old ? OUTPUT_REPLACED_WHOLE : "a new file is made in it", false,
                               err) != GT_OK)
            return GT_ERR_RUNTIME;
        /* A missing directory is the fault, not the file: -o makes none. */
        struct stat st;
        if (e == ENOENT && dirlen > 1 && stat(dir, &st) != 0 && errno == ENOENT)
            return gt_fail(err, GT_ERR_RUNTIME,
                           "%s: %s: its directory %.*s does not exist (-o makes no directory)",
                           out->path, strerror(e), (int)(dirlen - 1), out->target);
        return fail_errno(err, out->path, e);
    }
    /* Made, where every write will fail: said before any work, as a file
     * that could not be made there is (breaker round 42, F2: a bare
     * "Invalid argument" from mqueue and hugetlbfs, after the rows). */
    if (kernel_file_system(dir)) {
        drop_temporary(out);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: " DIRECTORY_TAKES_NONE, out->path);
    }
    if (old && output_take_mode(out->fd, out->target, old, out->path, err) != GT_OK) {
        drop_temporary(out);
        return GT_ERR_RUNTIME;
    }
    return GT_OK;
}

/* Gives the unnamed temporary its name beside the target: tmp_path, its
 * XXXXXX made anew until the name is free.  0, or an errno. */
static int name_temporary(struct output *out)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        int e = random_suffix(out->tmp_path);
        if (e)
            return e;
        if (linkat(AT_FDCWD, out->fd_path, AT_FDCWD, out->tmp_path, AT_SYMLINK_FOLLOW) == 0) {
            out->unnamed = false;
            return 0;
        }
        if (errno != EEXIST)
            return errno;
    }
    return EEXIST;
}

/* The path a chain of symbolic links ends at, whether that exists or not
 * (a dangling link's target), or path itself when it is no link; NULL with
 * errno set (ELOOP past LINK_HOPS_MAX links, ENOMEM, readlink's). */
static char *link_destination(const char *path)
{
    char *cur = strdup(path);
    if (!cur) {
        errno = ENOMEM;
        return NULL;
    }
    for (int hops = 0; hops <= LINK_HOPS_MAX; hops++) {
        int moved = follow_link(&cur, &link_refused);
        if (moved == 0)
            return cur;
        if (moved < 0) {
            int e = errno;
            free(cur);
            errno = e;
            return NULL;
        }
    }
    free(cur);
    errno = ELOOP;
    return NULL;
}

/* Decides how to write out->path and opens it: one of this process's
 * descriptors, in place; a device, FIFO or socket, in place; otherwise by
 * replacing a regular file (the one a chain of symbolic links ends at,
 * keeping the links, whether it exists yet or not) through a temporary
 * beside it. */
static int open_target(struct output *out, const char *path, struct gt_error *err)
{
    int own = strcmp(path, "-") == 0 ? STDOUT_FILENO : descriptor_of(path);
    if (own == STDOUT_FILENO && standard_closed[STDOUT_FILENO])
        return gt_fail(err, GT_ERR_RUNTIME, STANDARD_NOT_OPEN("standard output", 1, ">"),
                       strerror(EBADF));
    if (own == STDERR_FILENO && standard_closed[STDERR_FILENO])
        return gt_fail(err, GT_ERR_RUNTIME, STANDARD_NOT_OPEN("standard error", 2, ">"),
                       strerror(EBADF));
    if (own >= 0) {
        /* standard input closed at start is the /dev/null in its place
         * (breaker round 35, F1) */
        bool closed = own == STDIN_FILENO && standard_closed[STDIN_FILENO];
        int flags = closed ? -1 : fcntl(own, F_GETFL);
        if (closed || (flags < 0 && errno == EBADF))
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DESCRIPTOR_NOT_OPEN(">"), out->path,
                           strerror(EBADF), own, own);
        if (flags < 0)
            return fail_errno(err, out->path, errno);
        if (descriptor_wrong_way(own, O_WRONLY))
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DESCRIPTOR_READ_ONLY, out->path,
                           strerror(EBADF), own, own);
        out->fd = own;
        out->own_fd = true;
        return GT_OK;
    }
    /* a file below a closed descriptor's directory (/dev/fd/7/x.csv):
     * said as that descriptor, not as a missing directory (breaker round
     * 38, F2) */
    int closed = descriptor_closed(path, NULL);
    if (closed >= 0)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s: " DESCRIPTOR_NOT_OPEN_DIR, out->path,
                       strerror(EBADF), closed, closed);
    link_refused = false;
    out->target = link_destination(path);
    if (!out->target && link_refused)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: %s: a symbolic link of another user in a sticky directory open to "
                       "all (as /tmp) is not followed, as the system does not follow it",
                       out->path, strerror(EACCES));
    if (!out->target)
        return fail_errno(err, out->path, errno);
    /* such a link as a directory on the way too (breaker round 46, F2) */
    if (planted_link_refuses(path, out->path, err) != GT_OK)
        return GT_ERR_RUNTIME;
    struct stat st;
    bool exists = stat(out->target, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        /* A device, FIFO or socket is written as it is; a directory fails
         * here with EISDIR. */
        out->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        /* A FIFO's open waits for a reader: a stop there is said as one. */
        return out->fd < 0 ? interrupt_fail_errno(err, out->path, errno) : GT_OK;
    }
    if (exists && output_may_replace(out->target, out->path, err) != GT_OK)
        return GT_ERR_RUNTIME;
    char *dir = directory_of(out->target);
    int rc = !dir ? fail_errno(err, out->path, ENOMEM)
                  : dir_attribute_refuses(dir, out->path, NULL, err);
    free(dir);
    if (rc != GT_OK)
        return rc;
    return open_temporary(out, exists ? &st : NULL, err);
}

int output_open(struct output **outp, const char *path, const char *name,
                enum output_encoding enc, int level, unsigned jobs, struct gt_error *err)
{
    *outp = NULL;
    if (!name)
        name = strcmp(path, "-") == 0 ? "standard output" : path;
    struct output *out = calloc(1, sizeof *out);
    if (!out)
        return fail_errno(err, name, ENOMEM);
    out->path = strdup(name);
    out->enc = enc;
    out->fd = -1;
    if (!out->path) {
        free(out);
        return fail_errno(err, name, ENOMEM);
    }
    if (open_target(out, path, err) != GT_OK) {
        output_abort(out);
        return GT_ERR_RUNTIME;
    }
    if (enc == OUTPUT_GZIP && !(out->gz = gzchunks_new(level, jobs, write_compressed, out))) {
        int e = errno;
        output_abort(out);
        /* A thread the system would not start (EAGAIN: ulimit -u or -v), or
         * the threads' buffers (ENOMEM): fewer jobs need less of both. */
        if ((e == EAGAIN || e == ENOMEM) && jobs > 1)
            return gt_fail(err, GT_ERR_RUNTIME,
                           "%s: compressing with %u threads: %s (give fewer --jobs)", name, jobs,
                           strerror(e));
        return fail_errno(err, name, e);
    }
    *outp = out;
    return GT_OK;
}

int output_write(struct output *out, const void *buf, size_t len, struct gt_error *err)
{
    if (interrupt_signal)
        return interrupt_fail(err, out->path);
    /* Small writes (a CSV field) gather in buf; it goes on when full. */
    const unsigned char *p = buf;
    while (len > 0) {
        size_t room = sizeof out->buf - out->used;
        size_t n = len < room ? len : room;
        memcpy(out->buf + out->used, p, n);
        out->used += n;
        p += n;
        len -= n;
        if (out->used == sizeof out->buf && flush_buffer(out, err) != GT_OK)
            return GT_ERR_RUNTIME;
    }
    return GT_OK;
}

char *output_reserve(struct output *out, size_t len, struct gt_error *err)
{
    if (interrupt_signal) {
        interrupt_fail(err, out->path);
        return NULL;
    }
    if (len > sizeof out->buf - out->used && flush_buffer(out, err) != GT_OK)
        return NULL;
    return (char *)out->buf + out->used;
}

void output_advance(struct output *out, size_t written)
{
    out->used += written; /* a full buffer goes on at the next reserve or write */
}

int output_puts(struct output *out, const char *s, struct gt_error *err)
{
    return output_write(out, s, strlen(s), err);
}

bool output_replaces(const struct output *out, const char *path)
{
    struct stat t, p;
    /* One of this process's descriptors (-o /dev/stdout >> FILE) writes
     * into the file the shell opened: the same when it is path. */
    bool found = out->tmp_path ? stat(out->target, &t) == 0
                               : out->own_fd && fstat(out->fd, &t) == 0 && S_ISREG(t.st_mode);
    return found && stat(path, &p) == 0 && t.st_dev == p.st_dev && t.st_ino == p.st_ino;
}

bool output_is_terminal(const struct output *out)
{
    return out->fd >= 0 && isatty(out->fd);
}

bool output_path_is_terminal(const char *path)
{
    if (strcmp(path, "-") == 0)
        return isatty(STDOUT_FILENO);
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISCHR(st.st_mode))
        return false;
    int fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool tty = isatty(fd);
    close(fd);
    return tty;
}

const char *output_name(const struct output *out)
{
    return out->path;
}

static void release(struct output *out)
{
    gzchunks_free(out->gz);
    free(out->target);
    free(out->tmp_path);
    free(out->path);
    free(out);
}

/* fsync of the directory path is in (directory_sync), so that the rename
 * that published it is on the disk when the command ends (breaker round
 * 27, F8).  The file is in place by then and the old one gone: a failure
 * cannot be taken back, and is not said. */
static void sync_directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (dir)
        directory_sync(AT_FDCWD, dir);
    free(dir);
}

int output_commit(struct output *out, struct gt_error *err)
{
    /* A loop that a stop request ended early must not publish what it
     * wrote so far. */
    if (interrupt_signal) {
        interrupt_fail(err, out->path);
        output_abort(out);
        return GT_ERR_RUNTIME;
    }
    int done = flush_buffer(out, err);
    out->err = err;
    if (done == GT_OK && out->gz && gzchunks_finish(out->gz) != 0)
        done = gzip_failure(out, err);
    /* Some write passed the file size limit, perhaps one whose failure
     * nobody saw (base/interrupt.h): what was written is not whole. */
    if (done == GT_OK && file_size_exceeded)
        done = fail_errno(err, out->path, EFBIG);
    if (done != GT_OK) {
        output_abort(out);
        return GT_ERR_RUNTIME;
    }
    int rc = GT_OK;
    if (out->tmp_path) {
        /* The file replaced as it is now, not as it was at the start: a
         * chmod, chgrp or ACL given while the rows were written is kept,
         * and a file made read-only meanwhile is not replaced. */
        struct stat now;
        if (stat(out->target, &now) == 0 && S_ISREG(now.st_mode) &&
            (output_may_replace(out->target, out->path, err) != GT_OK ||
             output_take_mode(out->fd, out->target, &now, out->path, err) != GT_OK))
            rc = GT_ERR_RUNTIME;
        /* fsync first: the rename must not publish a file whose data could
         * still be lost. */
        if (rc == GT_OK && fsync(out->fd) != 0)
            rc = fail_errno(err, out->path, errno);
        int e;
        if (rc == GT_OK && out->unnamed && (e = name_temporary(out)) != 0)
            rc = fail_errno(err, out->path, e);
        if (close(out->fd) != 0 && rc == GT_OK)
            rc = fail_errno(err, out->path, errno);
        out->fd = -1;
        /* A stop request during the last writes, the sync, the naming or
         * the close (seconds on a slow device or NFS) still keeps the old
         * file: the rename is the publication, the one step a signal no
         * longer undoes. */
        if (rc == GT_OK && interrupt_signal)
            rc = interrupt_fail(err, out->path);
        if (rc == GT_OK && rename(out->tmp_path, out->target) != 0)
            rc = fail_errno(err, out->path, errno);
        if (rc == GT_OK)
            sync_directory_of(out->target);
        if (rc != GT_OK && !out->unnamed)
            unlink(out->tmp_path);
    } else if (!out->own_fd) {
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
        if (!out->unnamed)
            unlink(out->tmp_path);
    } else if (out->fd >= 0 && !out->own_fd) {
        close(out->fd);
    }
    release(out);
}
