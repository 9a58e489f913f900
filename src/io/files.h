/* files.h: small file-system helpers for the command layer and templates. */
#ifndef GAMETAB_FILES_H
#define GAMETAB_FILES_H

#include <stdbool.h>

#include "base/error.h"

/* "dir/name", malloc'd ("/name" for dir "/": no slash doubled); NULL when
 * out of memory. */
char *path_join(const char *dir, const char *name);

/* Why path, which stat could not find, is more than missing, at or after
 * its byte from: ENOLINK when it is, or lies below, a symbolic link to
 * nothing; ENOTDIR when it lies below a name that is no directory; path
 * cut to that name.  0 when a name on the way, or the last, is only
 * missing.  path is changed (cut at a '/'). */
int path_blocked_on_the_way(char *path, size_t from);

/* mkdir -p: makes dir and its missing parents, each with mode 0777 less
 * the umask but at least u+rwx (umask 777 would make them 000, where not
 * even their owner can work).  GT_OK, or GT_ERR_RUNTIME
 * with err naming the first path that could not be made (or is not a
 * directory) and why.  A name of a descriptor that is not open
 * (descriptor_closed) is the caller's to say before: build's DIR says it
 * before its "Not a directory". */
int make_directories(const char *dir, struct gt_error *err);

/* Which of the standard descriptors 0, 1 and 2 were closed as gametab
 * started, set by the command layer, which puts /dev/null in their place
 * (so that no file it opens lands on them).  That /dev/null is no file to
 * read a template or CSV from, or to write to: each name of the
 * descriptor ("-" where the command takes it, /dev/stdin, /dev/fd/0,
 * /proc/self/fd/0, every spelling: descriptor_closed) is "Bad file
 * descriptor" (breaker round 35, F1: a closed standard input read as an
 * empty template, rc 0). */
extern bool standard_closed[3];

/* The descriptor N when path is DIR/N (N of 1 to 6 digits) with DIR,
 * resolved, this process's descriptor directory: /dev/fd, /proc/self/fd,
 * /proc/thread-self/fd, /proc/PID/fd, however spelt (//dev/fd, links);
 * -1 for any other path.  The file N itself is not looked at: it may be
 * closed. */
int descriptor_named(const char *path);

/* Links followed before a chain is taken for a loop (ELOOP), as the
 * kernel's own limit. */
#define LINK_HOPS_MAX 40

/* One step along a chain of symbolic links: *cur (malloc'd) becomes the
 * path its link points to, a relative link read from the link's own
 * directory.  1 when it moved; 0 when *cur is no link (or nothing); -1
 * with errno set (readlink, ENOMEM; EACCES for a link the kernel would
 * not follow under fs.protected_symlinks, and *refused set), *cur kept. */
int follow_link(char **cur, bool *refused);

/* GT_OK unless a symbolic link on the way to path, a directory of it or
 * its last name, is one the kernel would not follow under
 * fs.protected_symlinks (follow_link's rule: a link of another user in a
 * sticky directory open to all, as /tmp), whatever the system's setting:
 * the links on the way are followed as the kernel follows them (at most
 * LINK_HOPS_MAX), and a name that does not exist ends the walk.  Else
 * GT_ERR_RUNTIME, "NAME: Permission denied: LINK on the way is a symbolic
 * link of another user ...", or NAME's ENOMEM.  A link another user
 * planted in /tmp as a build's DIR, a directory of -o's path or TMPDIR had
 * root's files written where it pointed (breaker rounds 46 and 47, F2),
 * where the same link as -o's file was refused. */
int planted_link_refuses(const char *path, const char *name, struct gt_error *err);

/* The descriptor a path names when it is one of this process's own:
 * /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, and
 * every other spelling of them (//dev/stdout, /dev/./stdin,
 * /proc/thread-self/fd/N, /proc/PID/fd/N, a link to one of them), found
 * by following the links (at most LINK_HOPS_MAX) and resolving each one's
 * directory; -1 otherwise.  Writing to the descriptor itself keeps the
 * shell's redirection (its offset, its append mode) instead of reopening
 * or replacing the file behind it. */
int descriptor_of(const char *path);

/* The descriptor N that path, or a directory above it, names
 * (descriptor_of), when it is not open in this process, or is a standard
 * one closed at start (standard_closed): N; -1 for any other path, or one
 * through an open descriptor.  *under (if not NULL) is set when N is a
 * directory's: above path (/dev/fd/7/x.csv), or path ends in '/'.
 * DESCRIPTOR_NOT_OPEN(R) says it, after the errno's text, with N for its
 * two %d and R the redirection that gives it: "<" for a file read, ">" for
 * one written; DESCRIPTOR_NOT_OPEN_DIR for a directory: build's DIR, or
 * *under (breaker round 34, F7: a bare "Bad file descriptor", "No such
 * file or directory", or /proc's "takes no new files"; round 36, F2: the
 * advice offered both; round 38, F2: a path below one said them still). */
int descriptor_closed(const char *path, bool *under);
#define DESCRIPTOR_NOT_OPEN(r) "descriptor %d is not open (give it with %d" r " FILE)"
#define DESCRIPTOR_NOT_OPEN_DIR "descriptor %d is not open (give a directory with %d< DIR)"
/* The same for a standard descriptor closed at start, by its own name:
 * "standard output: Bad file descriptor: descriptor 1 is not open (give
 * it with 1> FILE)" (breaker round 35, F1: said without the advice
 * descriptor 7 gets). */
#define STANDARD_NOT_OPEN(name, n, r)                                                      \
    name ": %s: descriptor " #n " is not open (give it with " #n r " FILE)"
/* Whether descriptor fd is open, but not the way wanted (O_RDONLY: it is
 * to be read; O_WRONLY: written): open for writing only when it is to be
 * read, or for reading only when written.  The read's or write's EBADF
 * alone would say it is not open (breaker round 33, F2; round 36, F2 and
 * its mirror).  false for a descriptor open both ways or not open.
 * DESCRIPTOR_WRITE_ONLY (wanted O_RDONLY) and DESCRIPTOR_READ_ONLY
 * (O_WRONLY) say it, after the errno's text, with fd for their two %d. */
bool descriptor_wrong_way(int fd, int wanted);
#define DESCRIPTOR_WRITE_ONLY "descriptor %d is open for writing only (redirect it with %d< FILE)"
#define DESCRIPTOR_READ_ONLY "descriptor %d is open for reading only (redirect it with %d> FILE)"

/* One of this process's own descriptors open for writing (or both ways) on
 * the pipe or FIFO st describes (its st_dev and st_ino): a read of that
 * pipe would wait for ever, as its one writer left is the reader itself
 * (breaker round 37, F1: render t.txt /dev/fd/3 3>&1 | cat read the
 * pipe's read side through /proc, and hung).  The descriptor, from
 * /proc/self/fd; -1 when st is no pipe or FIFO, when none is, or when
 * /proc cannot be read. */
int descriptor_writing_pipe(const struct stat *st);
/* What follows "NAME: " for such a file (EDEADLK where an errno says it). */
#define OWN_PIPE                                                                           \
    "a pipe gametab itself holds open for writing: reading it would wait for ever (give a " \
    "file, or a pipe another program writes)"

/* Whether the file or directory at path is immutable (chattr +i:
 * "immutable (chattr +i)") or append-only (chattr +a: "append-only
 * (chattr +a)"): no one, root neither, may rename over it or remove it, nor
 * remove or rename away an entry of such a directory (a temporary file
 * renamed to its target).  NULL when neither, or where statx cannot say. */
const char *file_attribute_refuses(const char *path);

/* The directory temporary files go in: $TMPDIR, or /tmp when it is unset
 * or empty, with no "//" and no '/' at its end ("/tmp/" is "/tmp": TeX
 * reads "//" in the names made there as a search below; breaker round 40,
 * F8), in storage of its own that the next call overwrites.  NULL, with err GT_ERR_RUNTIME, when it names a descriptor
 * that is not open (descriptor_closed: "/dev/fd/7 (TMPDIR): Bad file
 * descriptor: descriptor 7 is not open (give a directory with 7< DIR)";
 * breaker round 36, F6: a bare "No such file or directory"), a
 * directory of procfs or sysfs (DIRECTORY_TAKES_NONE), or a directory
 * file_attribute_refuses names, where the temporary files could not be
 * removed (breaker round 39, F2: 27 MB left). */
const char *temporary_directory(struct gt_error *err);

/* Whether dir is a directory removed while in use (the working directory
 * another shell removed: it still stats, with no link left); a name made
 * in it fails with ENOENT (breaker round 29, F2: said as a file system
 * that takes no new files).  DIRECTORY_REMOVED says it, after the errno's
 * text, with dir for its %s. */
bool directory_removed(const char *dir);
#define DIRECTORY_REMOVED "its directory %s was removed while in use (cd to one that exists)"

/* Why a file system refuses new files: what follows "NAME: No such file
 * or directory: " when making a file or directory in dir failed with e. */
#define DIRECTORY_TAKES_NONE "its file system takes no new files, as /proc and /sys do not"

/* Whether dir is on one of the kernel's own file systems, which keep no
 * file of a user's: procfs, sysfs, and the others mounted below /dev and
 * /sys (devpts, cgroup, mqueue, hugetlbfs, ...).  Some let a file be made
 * and refuse its first write (mqueue makes a message queue of it,
 * hugetlbfs a file that takes no write(2): "Invalid argument"); a caller
 * that made one says DIRECTORY_TAKES_NONE at once, before any work
 * (breaker round 42, F2).  False where statfs fails. */
bool kernel_file_system(const char *dir);

/* Whether e, from making a file or directory in dir, says that dir's file
 * system makes none: ENOENT while dir is there, a directory (procfs), or
 * EACCES or EPERM in sysfs or procfs, to root too.  "No such file or
 * directory" alone would say dir is missing, "Permission denied" that
 * the user may not. */
bool directory_takes_none(const char *dir, int e);

/* fsync of the directory name in dir_fd (AT_FDCWD for a path), so that the
 * renames into it are on the disk.  0 when done; 0 too where there is
 * nothing to do: a file system without directory syncs (EINVAL, EROFS,
 * EOPNOTSUPP), or a directory the user may write but not read (mode 333:
 * EACCES, breaker round 28, F1).  -1 with errno otherwise (EIO). */
int directory_sync(int dir_fd, const char *name);

/* The same for the directory open at fd. */
int directory_sync_fd(int fd);

/* Whether the directory fd is open on is the root of a mount: another file
 * system's, or a bind mount of the same one, which st_dev does not tell
 * (statx, STATX_ATTR_MOUNT_ROOT, Linux 5.8); false where statx cannot say. */
bool fd_mount_root(int fd);

/* rm -r of a directory this program made (a build's staging directory, a
 * PDF's temporary one), within that directory only: a symbolic link is
 * removed, not followed, and a directory on another file system or the root
 * of a mount (fd_mount_root: a bind mount too) is never entered: a tree
 * with a mount inside is left whole (EBUSY), so that a later call can
 * remove it once the mount is gone.  With stoppable, a stop request
 * (interrupt_signal) ends the walk between two entries, the rest left
 * (EINTR); without, the tree is removed whatever comes (a build's own
 * staging directory, a few dozen files, at its end).  last, if not NULL,
 * names an entry of path removed after all the others: a mark that says
 * what the directory is stays while anything else does.  A tree deeper
 * than REMOVE_TREE_DEPTH_MAX levels is no tree this program made and is
 * left whole too (ELOOP): the walk takes a stack frame and a descriptor a
 * level (breaker round 27, F7: 60 000 levels were a stack overflow), and
 * goes by path, one descriptor at a time, when the process has too few
 * (EMFILE, ENFILE).
 * 0 when path is gone; -1 otherwise, errno from the first failure (EBUSY
 * for a mount inside, ELOOP too deep, EMFILE out of descriptors, EINTR
 * stopped). */
int remove_tree(const char *path, bool stoppable, const char *last);

/* openat(dir_fd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | flags) of a
 * file of one's own: a regular file the user owns but may not read (made
 * under umask 777: mode 000) is given u+r for the open and its mode back at
 * once (breaker round 32, F7).  dir_fd may be AT_FDCWD.  A descriptor, or
 * -1 with errno from the open (EACCES: another's file, or the mode could
 * not be changed). */
int open_own_for_reading(int dir_fd, const char *name, int flags);

/* The deepest tree remove_tree removes: path/a/b/.../z, 16 names below
 * path (a build's staging directory holds LANG/FILE: two). */
#define REMOVE_TREE_DEPTH_MAX 16

#endif
