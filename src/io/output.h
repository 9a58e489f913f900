/* output.h: the one place gametab writes files.
 *
 * A regular file (or a path that does not exist yet, or a dangling symbolic
 * link's target) is written to a temporary file beside it, which has no
 * name while it is written (O_TMPFILE, where the file system has it: not
 * even SIGKILL leaves it behind), is named ".gametab-XXXXXX" whatever the
 * target's length (so every legal name works), and is renamed over the
 * target only by output_commit, so a failure leaves neither the target
 * nor the temporary behind; the new file keeps the old
 * one's mode (and owner, where allowed), and a symbolic link keeps pointing
 * at it.  Nothing is ever written in place into a regular file.  A pending
 * stop request (base/interrupt.h) fails the next write.  Anything else ("-", /dev/stdout and /dev/fd/N: the
 * process's own descriptors; /dev/null, /dev/full, a FIFO) is written
 * directly, and nothing is created, renamed or removed beside it.  Every
 * write and the final flush and close are checked.  With OUTPUT_GZIP the
 * bytes become one gzip member, compressed in pieces of fixed input size
 * on `jobs` threads (gzchunks.h), whose header carries no time stamp and
 * no file name, so the same input gives the same bytes whatever the number
 * of jobs.  A failed write() is reported with the disk's reason, a failure
 * of zlib as "zlib failed". */
#ifndef GAMETAB_OUTPUT_H
#define GAMETAB_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "base/error.h"

enum output_encoding { OUTPUT_PLAIN, OUTPUT_GZIP };

/* gzip's own default level. */
#define OUTPUT_GZIP_LEVEL_DEFAULT 6

struct output;

/* The rule for replacing an existing regular file, which output_open
 * follows and `build` follows for every file it publishes: GT_OK when
 * target may be replaced; else GT_ERR_RUNTIME with err naming it (name)
 * and saying why, and what to do where the user can:
 *   "NAME: Permission denied: the file is read-only (mode 444): not
 *   replaced (chmod u+w it to allow that)" when its owner, the user, made
 *   it read-only (access W_OK: root may replace it, as with any write),
 *   "... read-only to you (mode 644, owner root) ..." when it is another
 *   user's that the user may not write;
 *   "NAME: Operation not permitted: the file is immutable (chattr +i)..."
 *   (or append-only, chattr +a), to root too, as rename refuses it;
 *   "NAME: Operation not permitted: the file is another user's, in a
 *   sticky directory ..." where rename would refuse it for that;
 *   or the reason access gives (EROFS: a read-only mount). */
int output_may_replace(const char *target, const char *name, struct gt_error *err);

/* The same rule for a regular file that is to be removed (`build`'s
 * stale files): a file that may not be replaced may not be removed
 * either, and is refused as output_may_replace says, "not removed" and
 * why it would have been (why, as "a build removes the files it no
 * longer writes") said too.  GT_OK or GT_ERR_RUNTIME with err set. */
int output_may_remove(const char *target, const char *name, const char *why,
                      struct gt_error *err);

/* The first rule of output_may_replace (why NULL) and output_may_remove
 * alone: a file mounted over the name target (a bind mount, as docker run
 * -v makes one) can be neither, and is refused as they say it ("NAME:
 * Device or resource busy: a mount point ...").  For `build`, before its
 * work (it is checked again when it publishes).  GT_OK or GT_ERR_RUNTIME
 * with err set. */
int output_mount_refuses(const char *target, const char *name, const char *why,
                         struct gt_error *err);

/* Why a file's directory must be writable, when it is replaced. */
#define OUTPUT_REPLACED_WHOLE "the file is replaced whole, by a new file made beside it"

/* For a file target (named name in messages) that exists and is to be
 * replaced or removed: GT_ERR_RUNTIME "NAME: Permission denied: its
 * directory DIR is not writable (WHY)" when its directory is what refuses,
 * e being EACCES (or EPERM: an immutable directory) from making a file
 * there, or 0 to ask access(2) first; "NAME: Operation not permitted: its
 * directory DIR is append-only (chattr +a): it gives up no name, ..." when
 * e is 0 or EPERM and the directory is chattr +a or +i
 * (file_attribute_refuses), which no temporary file renamed from it would
 * leave (removal: the file is only removed, why said: "... it gives up no
 * name, and the file is not removed (WHY: chattr -a the directory first)",
 * as no name can be moved out of it either); else GT_OK.  The file itself may be writable: "Permission
 * denied" alone would send the user to chmod the file. */
int output_dir_refuses(const char *target, const char *name, int e, const char *why,
                       bool removal, struct gt_error *err);

/* Makes the directory dir give the files made in it what the directory
 * like gives its own new files: like's group when like is setgid (else
 * the user's), and like's default ACL, or none (the group where the user
 * may give it: a member of it, or root).  For files made in dir and then
 * renamed into like (build's staging directory).  GT_OK also when like is
 * not a directory (made later, in the parent dir was made in) or the file
 * system has no ACLs; GT_ERR_RUNTIME naming the directory otherwise. */
int output_dir_inherit_like(const char *dir, const char *like, struct gt_error *err);

/* Gives the open file fd, which is to replace the file at old_path (its
 * stat old), what makes it that file to its readers: its mode; its group
 * (the one its group bits are for); its owner where allowed (root: else
 * the new file is the user's, and set-id bits are dropped); its access ACL
 * (libacl's perm_copy_fd) and its extended attributes but a security
 * label (libattr's attr_copy_fd).  GT_OK; GT_ERR_RUNTIME with err naming the file
 * (name) when its group cannot be kept (the user is not in it), or its
 * ACL or attributes cannot be copied, or fchmod fails. */
int output_take_mode(int fd, const char *old_path, const struct stat *old, const char *name,
                     struct gt_error *err);

/* Opens path ("-" is standard output) for writing with the given encoding;
 * name is what messages call it (`build` names the final path of a file it
 * writes in a staging directory), or NULL for path ("standard output" for
 * "-"); level is the gzip level 0..9 and jobs the compressing threads
 * 1..GZCHUNKS_JOBS_MAX (both ignored for OUTPUT_PLAIN).  Returns GT_OK and
 * *out, or GT_ERR_RUNTIME with err naming the file and strerror. */
int output_open(struct output **out, const char *path, const char *name,
                enum output_encoding enc, int level, unsigned jobs, struct gt_error *err);

/* Appends len bytes.  GT_OK, or GT_ERR_RUNTIME with err set (the output must
 * then be given to output_abort). */
int output_write(struct output *out, const void *buf, size_t len, struct gt_error *err);

/* Room for up to len bytes (at most OUTPUT_RESERVE_MAX) at the end of the
 * output's own buffer, passed on first if it has less: the caller formats
 * straight into it and then says how many it wrote with output_advance.
 * NULL with err set when passing the buffer on failed. */
#define OUTPUT_RESERVE_MAX (1u << 14)
char *output_reserve(struct output *out, size_t len, struct gt_error *err);
void output_advance(struct output *out, size_t written);

/* As output_write, for a NUL-terminated string. */
int output_puts(struct output *out, const char *s, struct gt_error *err);

/* Finishes the stream, flushes, closes and, for a regular file, renames the
 * temporary over the target.  Frees out whatever happens; on failure nothing
 * is left behind.  GT_OK or GT_ERR_RUNTIME. */
int output_commit(struct output *out, struct gt_error *err);

/* Discards out: closes it and removes the temporary file, if any. */
void output_abort(struct output *out);

/* Whether committing out would replace the file at path (the same device
 * and inode as the target it renames over), or writing out would write
 * into it (a regular file behind one of this process's descriptors, as
 * -o /dev/stdout >> FILE): a template's partial, say, which the caller
 * then refuses to read.  False for devices, FIFOs and sockets, and for a
 * target that does not exist yet. */
bool output_replaces(const struct output *out, const char *path);

/* Whether out writes to a terminal (isatty of its descriptor): where
 * binary formats are refused, as gzip refuses them. */
bool output_is_terminal(const struct output *out);

/* Whether writing to path ("-" for standard output) would write to a
 * terminal: standard output a terminal, or path a terminal device
 * (/dev/tty, /dev/pts/N, /dev/stdout on one), tried without becoming the
 * controlling terminal and without waiting.  False when it cannot tell. */
bool output_path_is_terminal(const char *path);

/* The name used in messages: output_open's name, the path, or "standard
 * output". */
const char *output_name(const struct output *out);

#endif
