/* journal.h: the record a build keeps of its publishing, by which the next
 * build into DIR takes back one that died in the middle of it.
 *
 * A build publishes by renames: each old file of DIR moved aside into the
 * staging directory (JOURNAL_OLD_NAME), the new one moved into its place,
 * then the stale files moved aside (JOURNAL_STALE_NAME).  A build that
 * fails takes its renames back itself; one killed (kill -9, the OOM killer,
 * a power cut) cannot, and left DIR half old, half new, and the next build
 * removed the old files with the dead staging directory (breaker round 27,
 * F8).  So before its first rename a build writes the journal, the names
 * it is about to publish (under JOURNAL_PART_NAME, renamed JOURNAL_NAME
 * once whole), and syncs it; once every rename is on the disk
 * (the directories synced) it voids the journal (journal_void), and that
 * is the publication; then its summary line.  A dead build's staging directory with a journal is taken
 * back before it is removed: DIR ends as it was before the dead build. */
#ifndef GAMETAB_PUBLISH_JOURNAL_H
#define GAMETAB_PUBLISH_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

/* The journal's name in the staging directory. */
#define JOURNAL_NAME ".gametab-publish"
/* The journal while it is written, renamed JOURNAL_NAME once whole and
 * synced: read by no take-back. */
#define JOURNAL_PART_NAME ".gametab-publish-part"
/* The journal of a build that has published: read by no take-back. */
#define JOURNAL_VOID_NAME ".gametab-publish-void"

/* Where, in the staging directory, the old file of DIR published as the
 * i-th file, and the i-th stale file, wait while the build publishes. */
#define JOURNAL_OLD_NAME ".old-%zu"
#define JOURNAL_STALE_NAME ".stale-%zu"

/* The longest journal read back, in bytes: a build's is under 4 KiB. */
#define JOURNAL_SIZE_MAX 1048576 /* 1 MiB: a number, said in a message */

/* Writes the journal into the staging directory open at staging_fd: the
 * nfiles names of files then the nstale of stale, each relative to DIR and
 * to the staging directory ("en/handout.tex": letters, digits, '.', '-',
 * '_' and at most one '/', no "." or ".." part), the nmade directories of
 * DIR the build made for them (DIR/en of a build into a DIR without it:
 * "en"), and a last line that says it is whole; then syncs it and the staging directory.  Each name must be
 * one publishes accepts (journal_take_back reads no other).  GT_OK, or
 * GT_ERR_RUNTIME with err naming dir (DIR) and why (a failed write or
 * fsync: nothing is published then). */
int journal_write(int staging_fd, const char *dir, char *const *files, size_t nfiles,
                  char *const *stale, size_t nstale, char *const *made, size_t nmade,
                  bool (*publishes)(const char *name), struct gt_error *err);

/* Syncs DIR (dir_fd) and the directories of the published names in it,
 * and the staging directory: every rename of the publishing on the disk
 * (a file system without directory syncs, or a directory that may not be
 * read, passed over).  GT_OK, or GT_ERR_RUNTIME with err naming the
 * directory whose sync failed (then the build takes its renames back
 * itself, as for any failure). */
int journal_sync(int dir_fd, int staging_fd, const char *dir, char *const *files,
                 size_t nfiles, struct gt_error *err);

/* The publication, just before the build's summary line: the journal is
 * renamed JOURNAL_VOID_NAME, which no take-back reads, and the staging
 * directory synced.  After it the build stands, whatever comes (a stop
 * request changes nothing: breaker round 28, F4), unless the summary line
 * cannot be written: journal_restore then puts the journal back before
 * the build takes itself back.  Renaming rather than removing leaves
 * nothing to fail after the summary line (round 29, F8: a removal that
 * failed after it took the build back).  GT_OK, or GT_ERR_RUNTIME with err
 * naming dir (the journal as it was: the build is then taken back). */
int journal_void(int staging_fd, const char *dir, struct gt_error *err);

/* Puts back the journal journal_void renamed (best effort). */
void journal_restore(int staging_fd);

/* Takes back the publishing of a dead build whose staging directory,
 * staging, is open at staging_fd, into DIR open at dir_fd, as its journal
 * says, last rename first: a stale file moved aside goes back; a new file
 * that is in DIR goes back into the staging directory, and the old file
 * moved aside returns to its place.  A name that holds another file than
 * the one the dead build put there (its identity, size and CRC-32, is in
 * the journal, and a copy of DIR keeps it), or that holds a file where the
 * build had put none yet or had removed one (a user's table -o, written
 * since) is left as it is, the old file dropped with the staging
 * directory (breaker round 30, F5; round 31, F2, F3) (renameat2 RENAME_NOREPLACE, or a
 * checked renameat where the file system has no rename flags: nothing in
 * DIR is overwritten); then the directories the build made go, if empty.
 * publishes(name) says whether name is one a build writes or removes.
 * GT_OK when there was no journal (JOURNAL_PART_NAME alone: killed
 * before any rename), or when everything was taken back (the journal then
 * removed).  GT_ERR_RUNTIME with err naming staging and what to do when
 * the journal is not one a build writes (a name publishes refuses, past
 * JOURNAL_SIZE_MAX, not a regular file, a NUL byte, cut short, whole with
 * a head it does not know: nothing is moved), when a file's identity cannot be read (EIO,
 * EMFILE: breaker round 32, F11) or a rename failed (breaker round
 * 28, F3): the build must stop there, as DIR holds part of the dead build,
 * and the staging directory be kept with the old files in it; replayed
 * later over a newer build, the journal would bring old files back. */
int journal_take_back(int dir_fd, int staging_fd, const char *staging,
                      bool (*publishes)(const char *name), struct gt_error *err);

#endif
