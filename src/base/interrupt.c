/* interrupt.c: the stop request (interrupt.h). */
#include <config.h>

#include <errno.h>
#include <string.h>

#include "base/interrupt.h"

volatile sig_atomic_t interrupt_signal;
volatile sig_atomic_t file_size_exceeded;
volatile sig_atomic_t child_group;
volatile sig_atomic_t terminal_stops;

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

int thread_start_quiet(pthread_t *thread, void *(*fn)(void *), void *arg)
{
    /* The thread inherits the mask it is started under. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(thread, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
