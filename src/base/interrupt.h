/* interrupt.h: a signal that asks gametab to stop, seen by every layer.
 *
 * The command layer's handler (cli/main.c) stores the signal's number in
 * interrupt_signal; every long loop (the solver, the claims' checkers, the
 * Grundy board, the Mustache engine, the CSV reader, the output's writes)
 * looks at it at least every 0.1 s and returns an error, so the usual
 * failure path removes the temporary files; main then re-raises the signal,
 * so that the exit status is 128 + its number.  The games layer, which
 * includes nothing, is handed a pointer to it (games/solver.h). */
#ifndef GAMETAB_INTERRUPT_H
#define GAMETAB_INTERRUPT_H

#include <pthread.h>
#include <signal.h>

#include "base/error.h"

/* 0, or the number of the signal that asked to stop. */
extern volatile sig_atomic_t interrupt_signal;

/* Set (to 1) when a write of this process passed the file size limit
 * (RLIMIT_FSIZE, `ulimit -f`; the command layer catches SIGXFSZ, so the
 * write itself fails with EFBIG).  A library that does not check its own
 * writes (libxlsxwriter's temporary files) may have lost data without a
 * word: the output layer publishes nothing once this is set. */
extern volatile sig_atomic_t file_size_exceeded;

/* The process group of a program gametab runs and waits for (latexmk
 * and its pdflatex, kpsewhich: each in a group of its own, so that a stop
 * request can end it whole), or 0.  The command layer's handler of the
 * terminal's stop signals (Ctrl-Z, SIGTSTP; SIGTTIN, SIGTTOU) stops that
 * group with gametab, and continues it when gametab is continued:
 * otherwise it ran on alone, and gametab's time limit counted the stop
 * (breaker round 45, F10). */
extern volatile sig_atomic_t child_group;

/* How many times gametab has been stopped so and continued (the same
 * handler counts them): a time limit on a child does not count a stop. */
extern volatile sig_atomic_t terminal_stops;

/* GT_ERR_RUNTIME with err "WHAT: interrupted by signal N" (what names the
 * file or job being written or computed). */
int interrupt_fail(struct gt_error *err, const char *what);

/* GT_ERR_RUNTIME for a system call on what that failed with errno e: "WHAT:
 * interrupted by signal N" when a stop request cut it short (EINTR: a
 * blocking open of a FIFO, a read of a pipe), else "WHAT: <strerror(e)>". */
int interrupt_fail_errno(struct gt_error *err, const char *what, int e);

/* pthread_create(thread, NULL, fn, arg) for a thread that takes no
 * signals: they go to the threads that write, whose blocked writes they
 * interrupt.  0, or pthread_create's error number. */
int thread_start_quiet(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
