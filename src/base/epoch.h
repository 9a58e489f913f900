/* epoch.h: the time stamp written into generated files.
 *
 * Files that must carry a date (the xlsx document properties, the PDF's
 * creation date) carry this one, so that the same command gives the same
 * bytes: SOURCE_DATE_EPOCH when it is set (the reproducible-builds
 * convention, https://reproducible-builds.org/specs/source-date-epoch/),
 * else 1980-01-01 00:00 UTC, the earliest date a zip entry can hold. */
#ifndef GAMETAB_EPOCH_H
#define GAMETAB_EPOCH_H

#include <time.h>

#include "base/error.h"

#define EPOCH_DEFAULT ((time_t)315532800)  /* 1980-01-01 00:00:00 UTC */
#define EPOCH_MAX ((time_t)253402300799)   /* 9999-12-31 23:59:59 UTC */

/* Sets *t from SOURCE_DATE_EPOCH (unset or empty: EPOCH_DEFAULT).  GT_OK,
 * or GT_ERR_USAGE when it is not a whole number of seconds from 0 to
 * EPOCH_MAX, digits only (the specification asks tools to refuse a
 * malformed value rather than guess). */
int epoch_get(time_t *t, struct gt_error *err);

#endif
