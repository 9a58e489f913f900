#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/limit.h"
#include "base/text.h"

/* The digits of value in *v: TEXT_NUMBER_OK, or why not (base/text.h);
 * past SIZE_MAX is too large, where size_t is narrower than 64 bits. */
static int limit_read(const char *value, size_t *v)
{
    uint64_t x;
    int r = text_read_u64(value, &x);
    if (r == TEXT_NUMBER_OK && x > SIZE_MAX)
        r = TEXT_NUMBER_TOO_LARGE;
    if (r == TEXT_NUMBER_OK)
        *v = (size_t)x;
    return r;
}

bool limit_valid(const char *value)
{
    size_t v;
    return limit_read(value, &v) == TEXT_NUMBER_OK;
}

int limit_check(const char *name, struct gt_error *err)
{
    const char *env = getenv(name);
    size_t v;
    if (!env || !*env)
        return GT_OK;
    switch (limit_read(env, &v)) {
    case TEXT_NUMBER_NOT_DIGITS:
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: '%.40s' is not a whole number (digits only; 0 for no limit)", name,
                       env);
    case TEXT_NUMBER_TOO_LARGE:
        return gt_fail(err, GT_ERR_USAGE, "%s: %.40s%s is out of range (0..%zu; 0 for no limit)",
                       name, env, strlen(env) > 40 ? "..." : "", (size_t)SIZE_MAX);
    }
    return GT_OK;
}

size_t limit_from_environment(const char *name, size_t def)
{
    const char *env = getenv(name);
    size_t v;
    if (env && limit_read(env, &v) == TEXT_NUMBER_OK)
        return v;
    return def;
}
