/* build.h: `gametab build`, every table, the errata, the figures and the
 * handouts written into one directory, all or nothing.
 *
 * Every file is written under a staging directory inside DIR first
 * (DIR/.gametab-build.XXXXXX) and moved into place only when all were
 * written, so that a failed build (a broken template, a full disk) leaves
 * DIR as it was; a DIR made for a failed build is removed again. */
#ifndef GAMETAB_PUBLISH_BUILD_H
#define GAMETAB_PUBLISH_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

struct build_options {
    const char *dir;       /* DIR, without trailing slashes; made if missing */
    const char *templates; /* --templates DIR, or NULL */
    const char *only_lang; /* one of template_languages, or NULL for all:
                            * the other's files of an earlier build go */
    const char *paper;     /* the handout's paper: one of handout_papers */
    bool worksheet;        /* write the worksheet too */
    uint64_t seed;         /* the worksheet's draw of blanks (--seed) */
    uint64_t start[2];     /* the square of the game of figure 1 and of the
                            * table wythoff-game, each in the figure's range */
    /* Called, when not NULL, once every file is written and put in place
     * (the stale ones removed), with their number, while the build can
     * still be taken back: a failure (GT_ERR_RUNTIME, err set) takes it
     * back.  The command's report goes out here, so that it is never said
     * of a build that failed to publish, and a report that cannot be
     * written leaves DIR as it was. */
    int (*ready)(void *ready_data, size_t nfiles, struct gt_error *err);
    void *ready_data;
};

/* The i-th name (from 0) of the files a build writes in DIR/LANG, or
 * removes there as stale ("preamble.tex", "wythoff-game.tex",
 * "worksheet.tex", ...), the same for every language, into name (size
 * bytes); false past the last. */
bool build_language_file(size_t i, char *name, size_t size);

/* Whether name, as the template search path names it ("handout.tex",
 * "lang/en.json"), is a template or language file a build reads (its
 * partials aside): the rest of a template directory, a log kept there,
 * is none of the build's (breaker round 34, F1). */
bool build_reads(const char *name);

/* Writes the build into bo->dir.  GT_OK with *nfiles the number of files
 * written; GT_ERR_USAGE (a --templates that is not a directory) or
 * GT_ERR_RUNTIME (an unwritable file, a template error, out of memory), with
 * err naming the final path, never the staging one, and DIR as it was. */
int build_directory(const struct build_options *bo, size_t *nfiles, struct gt_error *err);

#endif
