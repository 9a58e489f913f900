/* limit.h: a documented limit that an environment variable may change.
 *
 * The limits that guard memory, output and time (render's cells, output
 * bytes and tags, the CSV reader's field bytes) each have a default in a
 * header and a variable GAMETAB_..._MAX that sets another number, 0 for no
 * limit; the messages that enforce them name the variable.  A value that
 * is not a whole number is a usage error (limit_check, before any work),
 * not ignored. */
#ifndef GAMETAB_LIMIT_H
#define GAMETAB_LIMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"

/* True when value is a whole number as a limit variable takes it: digits
 * only (leading zeros too), 0..SIZE_MAX. */
bool limit_valid(const char *value);

/* GT_OK when environment variable name is unset, empty or valid, else
 * GT_ERR_USAGE with err saying "NAME: 'VALUE' is not a whole number (digits
 * only; 0 for no limit)" or, for digits past SIZE_MAX, "NAME: VALUE is out
 * of range (0..SIZE_MAX; 0 for no limit)". */
int limit_check(const char *name, struct gt_error *err);

/* The whole number in environment variable name, or
 * def when it is unset or empty (limit_check has refused any other
 * value).  0 means no limit, by the callers' convention. */
size_t limit_from_environment(const char *name, size_t def);

#endif
