/* progress.h: a progress line on standard error for long jobs.
 *
 * Shown only when standard error is a terminal, the job has run for more
 * than a second, and --quiet was not given; redrawn at most four times a
 * second; cleared at the end.  Rows, percent (when the total is known),
 * rows per second, elapsed time and an estimate of the time left. */
#ifndef GAMETAB_PROGRESS_H
#define GAMETAB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
    bool enabled, shown;
    uint64_t total;        /* 0: unknown */
    double start, last;    /* seconds, CLOCK_MONOTONIC */
};

/* Starts timing; enabled is false for --quiet.  The line appears only if
 * standard error is a terminal. */
void progress_start(struct progress *p, uint64_t total, bool enabled);

/* Reports rows done so far; cheap enough to call every few thousand rows. */
void progress_update(struct progress *p, uint64_t rows);

/* Clears the line, if one was shown. */
void progress_end(struct progress *p);

#endif
