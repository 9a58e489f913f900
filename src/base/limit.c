#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/limit.h"

/* The digits of value in *v: 0, or 1 when value is not digits only, 2 when
 * they are past SIZE_MAX. */
static int limit_read(const char *value, size_t *v)
{
    size_t n = strlen(value);
    if (n == 0 || strspn(value, "0123456789") != n)
        return 1;
    size_t x = 0;
    for (; *value; value++) {
        size_t d = (size_t)(*value - '0');
        if (x > (SIZE_MAX - d) / 10)
            return 2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

bool limit_valid(const char *value)
{
    size_t v;
    return limit_read(value, &v) == 0;
}

int limit_check(const char *name, struct gt_error *err)
{
    const char *env = getenv(name);
    size_t v;
    if (!env || !*env)
        return GT_OK;
    switch (limit_read(env, &v)) {
    case 1:
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: '%.40s' is not a whole number (digits only; 0 for no limit)", name,
                       env);
    case 2:
        return gt_fail(err, GT_ERR_USAGE, "%s: %.40s%s is out of range (0..%zu; 0 for no limit)",
                       name, env, strlen(env) > 40 ? "..." : "", (size_t)SIZE_MAX);
    }
    return GT_OK;
}

size_t limit_from_environment(const char *name, size_t def)
{
    const char *env = getenv(name);
    size_t v;
    if (env && limit_read(env, &v) == 0)
        return v;
    return def;
}
