/* epoch.c: the time stamp of generated files (epoch.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "base/epoch.h"

int epoch_get(time_t *t, struct gt_error *err)
{
    const char *env = getenv("SOURCE_DATE_EPOCH");
    *t = EPOCH_DEFAULT;
    if (!env || !*env)
        return GT_OK;
    /* Digits only; past the leading zeros at most 12: EPOCH_MAX has 12, so
     * no overflow below. */
    size_t n = strlen(env), zeros = strspn(env, "0");
    long long v = 0;
    if (strspn(env, "0123456789") == n && n - zeros <= 12) {
        v = strtoll(env + zeros, NULL, 10);
        if (v <= (long long)EPOCH_MAX) {
            *t = (time_t)v;
            return GT_OK;
        }
    }
    return gt_fail(err, GT_ERR_USAGE,
                   "SOURCE_DATE_EPOCH: '%.40s' is not a whole number of seconds from 0 to "
                   "253402300799 (9999-12-31)", env);
}
