/* files.h: small file-system helpers for the command layer and templates. */
#ifndef GAMETAB_FILES_H
#define GAMETAB_FILES_H

#include "base/error.h"

/* "dir/name", malloc'd ("/name" for dir "/": no slash doubled); NULL when
 * out of memory. */
char *path_join(const char *dir, const char *name);

/* mkdir -p: makes dir and its missing parents, each with mode 0777 less
 * the umask but at least u+rwx (umask 777 would make them 000, where not
 * even their owner can work).  GT_OK, or GT_ERR_RUNTIME
 * with err naming the first path that could not be made (or is not a
 * directory) and why. */
int make_directories(const char *dir, struct gt_error *err);

#endif
