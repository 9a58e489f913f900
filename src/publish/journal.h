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
 * it is about to publish, and syncs it; once every rename is on the disk
 * (the directories synced) it removes the journal, and that is the
 * publication.  A dead build's staging directory with a journal is taken
 * back before it is removed: DIR ends as it was before the dead build. */
#ifndef GAMETAB_PUBLISH_JOURNAL_H
#define GAMETAB_PUBLISH_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

/* The journal's name in the staging directory. */
#define JOURNAL_NAME ".gametab-publish"

/* Where, in the staging directory, the old file of DIR published as the
 * i-th file, and the i-th stale file, wait while the build publishes. */
#define JOURNAL_OLD_NAME ".old-%zu"
#define JOURNAL_STALE_NAME ".stale-%zu"

/* The longest journal read back, in bytes: a build's is under 4 KiB. */
#define JOURNAL_SIZE_MAX (1 << 20)

/* Writes the journal into the staging directory open at staging_fd: the
 * nfiles names of files then the nstale of stale, each relative to DIR and
 * to the staging directory ("en/handout.tex": letters, digits, '.', '-',
 * '_' and at most one '/', no "." or ".." part), and a last line that says
 * it is whole; then syncs it and the staging directory.  Each name must be
 * one publishes accepts (journal_take_back reads no other).  GT_OK, or
 * GT_ERR_RUNTIME with err naming dir (DIR) and why (a failed write or
 * fsync: nothing is published then). */
int journal_write(int staging_fd, const char *dir, char *const *files, size_t nfiles,
                  char *const *stale, size_t nstale, bool (*publishes)(const char *name),
                  struct gt_error *err);

/* The publication: syncs DIR (dir_fd) and the directories of the published
 * names in it, and the staging directory, then removes the journal and
 * syncs the staging directory again.  GT_OK, or GT_ERR_RUNTIME with err
 * naming dir and the failed fsync or unlink (then the build takes its
 * renames back itself, as for any failure). */
int journal_commit(int dir_fd, int staging_fd, const char *dir, char *const *files,
                   size_t nfiles, struct gt_error *err);

/* Takes back the publishing of a dead build whose staging directory is open
 * at staging_fd, into DIR open at dir_fd, as its journal says, last rename
 * first: a stale file moved aside goes back; a new file that is in DIR goes
 * back into the staging directory, and the old file moved aside returns to
 * its place (renameat2 RENAME_NOREPLACE: nothing in DIR is overwritten).
 * publishes(name) says whether name is one a build writes or removes: a
 * journal that names another was not written by a build, and nothing is
 * moved by it.  0 when there was no journal, one not whole (written before
 * any rename), or when everything was taken back; -1 when a name of the
 * journal is not one a build publishes, it is past JOURNAL_SIZE_MAX, or a
 * rename failed: the staging directory must then be kept, as it holds old
 * files. */
int journal_take_back(int dir_fd, int staging_fd, bool (*publishes)(const char *name));

#endif
