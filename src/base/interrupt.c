/* interrupt.c: the stop request (interrupt.h). */
#include <config.h>

#include <errno.h>
#include <string.h>

#include "base/interrupt.h"

volatile sig_atomic_t interrupt_signal;
volatile sig_atomic_t file_size_exceeded;

int interrupt_fail(struct gt_error *err, const char *what)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: interrupted by signal %d", what,
                   (int)interrupt_signal);
}

int interrupt_fail_errno(struct gt_error *err, const char *what, int e)
{
    if (e == EINTR && interrupt_signal)
        return interrupt_fail(err, what);
    return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", what, strerror(e));
}
