#include <config.h>

#include <stdarg.h>
#include <stdio.h>

#include "base/error.h"

int gt_fail(struct gt_error *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->status = status;
    }
    return status;
}

int gt_status(const struct gt_error *err)
{
    return err && err->status != GT_OK ? err->status : GT_ERR_RUNTIME;
}
