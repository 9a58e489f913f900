/* epoch.c: the time stamp of generated files (epoch.h). */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/epoch.h"
#include "base/text.h"

int epoch_get(time_t *t, struct gt_error *err)
{
    const char *env = getenv("SOURCE_DATE_EPOCH");
    *t = EPOCH_DEFAULT;
    if (!env || !*env)
        return GT_OK;
    uint64_t v;
    if (text_read_u64(env, &v) == TEXT_NUMBER_OK && v <= (uint64_t)EPOCH_MAX) {
        *t = (time_t)v;
        return GT_OK;
    }
    return gt_fail(err, GT_ERR_USAGE,
                   "SOURCE_DATE_EPOCH: '%.40s' is not a whole number of seconds from 0 to "
                   "253402300799 (9999-12-31)", env);
}
