#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/limit.h"

bool limit_valid(const char *value)
{
    size_t n = strlen(value);
    return n > 0 && strspn(value, "0123456789") == n;
}

int limit_check(const char *name, struct gt_error *err)
{
    const char *env = getenv(name);
    if (env && *env && !limit_valid(env))
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: '%.40s' is not a whole number (digits only; 0 for no limit)", name,
                       env);
    return GT_OK;
}

size_t limit_from_environment(const char *name, size_t def)
{
    const char *env = getenv(name);
    if (!env || !limit_valid(env))
        return def;
    size_t v = 0;
    for (; *env; env++) {
        size_t d = (size_t)(*env - '0');
        if (v > (SIZE_MAX - d) / 10)
            return SIZE_MAX;
        v = v * 10 + d;
    }
    return v;
}
