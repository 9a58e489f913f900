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

/* A progress line for a job of a few long steps (the claims of verify),
 * whose loops cannot report: a thread of its own redraws "gametab: TEXT,
 * M:SS elapsed" four times a second, TEXT being what the job last set (the
 * step and how far: "claim 3 of 37 (matulis-theorem-1)").  Shown, as
 * above, only on a terminal, after a second, without --quiet; no thread is
 * started otherwise.  The thread takes no signals (the job's own stop
 * requests stay the main thread's). */
struct progress_ticker {
    bool running;   /* the thread was started */
    void *state;    /* the thread's, while running */
};

/* Starts the line (enabled false for --quiet; nothing when standard error
 * is not a terminal, or the thread cannot be started: the job goes on
 * without a line). */
void progress_ticker_start(struct progress_ticker *t, bool enabled);

/* Sets the text the line shows from now on (cut at 200 bytes, at a UTF-8
 * character's start). */
void progress_ticker_set(struct progress_ticker *t, const char *text);

/* Stops the thread and clears the line, if one was shown. */
void progress_ticker_end(struct progress_ticker *t);

/* A line saying what the job waits for ("gametab: out: waiting for
 * another build into out to finish"), shown at once and only when
 * standard error is a terminal, until progress_note_end clears it.  text
 * is shown as one line (controls as ?), cut to the terminal's width. */
void progress_note_show(const char *text);

/* Clears the line of progress_note_show, if one was shown. */
void progress_note_end(void);

#endif
