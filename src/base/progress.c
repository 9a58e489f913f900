#include <config.h>

#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/progress.h"
#include "base/utf8.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress_start(struct progress *p, uint64_t total, bool enabled)
{
    p->enabled = enabled && isatty(STDERR_FILENO);
    p->shown = false;
    p->total = total;
    p->start = p->last = now();
}

/* The columns of the line shown last (0: none), to be overwritten. */
static size_t line_shown;

/* Whether the terminal understands ESC [ K (erase to the end of the line):
 * not TERM=dumb, nor no TERM at all. */
static bool erases(void)
{
    const char *term = getenv("TERM");
    return term && *term && strcmp(term, "dumb") != 0;
}

/* Shows text on standard error (a terminal) in place of the line before:
 * one line (utf8_one_line: a control character in a path shows as '?'),
 * cut to the terminal's width less one column, so that it never wraps and
 * leaves lines behind.  Widths are terminal columns (utf8_columns: an East
 * Asian wide character takes two), never bytes. */
static void line_show(const char *text)
{
    struct winsize ws;
    /* 0 columns: not said (a serial line); 1: nothing fits */
    size_t width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
    char *line = strdup(text);
    if (!line)
        return; /* a progress line is not worth failing the job for */
    utf8_one_line(line);
    size_t bytes = 0, columns = 0;
    while (line[bytes]) {
        size_t k = utf8_char_bytes(line + bytes);
        size_t c = utf8_columns(line + bytes, k);
        if (columns + c > width - 1)
            break;
        bytes += k;
        columns += c;
    }
    fprintf(stderr, "\r%.*s", (int)bytes, line);
    free(line);
    if (erases())
        fputs("\033[K", stderr);
    else
        for (size_t i = columns; i < line_shown; i++)
            fputc(' ', stderr);
    line_shown = columns;
    fflush(stderr);
}

/* Takes the line shown away. */
static void line_clear(void)
{
    if (erases()) {
        fputs("\r\033[K", stderr);
    } else {
        fputc('\r', stderr);
        for (size_t i = 0; i < line_shown; i++)
            fputc(' ', stderr);
        fputc('\r', stderr);
    }
    line_shown = 0;
    fflush(stderr);
}

static void clock_text(double seconds, char *buf, size_t size)
{
    unsigned long s = (unsigned long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
}

void progress_update(struct progress *p, uint64_t rows)
{
    if (!p->enabled)
        return;
    double t = now();
    if (t - p->start < 1.0 || t - p->last < 0.25)
        return;
    p->last = t;
    double elapsed = t - p->start, rate = rows / elapsed;
    char spent[32], left[32] = "";
    clock_text(elapsed, spent, sizeof spent);
    if (p->total && rate > 0) {
        char eta[24];
        clock_text((double)(p->total - rows) / rate, eta, sizeof eta);
        snprintf(left, sizeof left, ", %s left", eta);
    }
    char percent[16] = "";
    if (p->total)
        snprintf(percent, sizeof percent, " (%.1f%%)", 100.0 * (double)rows / (double)p->total);
    char line[256];
    snprintf(line, sizeof line, "gametab: %" PRIu64 " rows%s, %.3g M rows/s, %s elapsed%s", rows,
             percent, rate / 1e6, spent, left);
    line_show(line);
    p->shown = true;
}

void progress_end(struct progress *p)
{
    if (p->shown)
        line_clear();
    p->shown = false;
}

/* ---- the ticker ------------------------------------------------------------ */

struct ticker_state {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop, shown;
    double start;
    char text[208];
};

static void *ticker_main(void *arg)
{
    struct ticker_state *s = arg;
    pthread_mutex_lock(&s->lock);
    while (!s->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&s->wake, &s->lock, &until);
        double elapsed = now() - s->start;
        if (s->stop || elapsed < 1.0)
            continue;
        char spent[32];
        clock_text(elapsed, spent, sizeof spent);
        char line[sizeof s->text + 64];
        snprintf(line, sizeof line, "gametab: %s, %s elapsed", s->text, spent);
        line_show(line);
        s->shown = true;
    }
    if (s->shown)
        line_clear();
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

void progress_ticker_start(struct progress_ticker *t, bool enabled)
{
    t->running = false;
    t->state = NULL;
    if (!enabled || !isatty(STDERR_FILENO))
        return;
    struct ticker_state *s = calloc(1, sizeof *s);
    if (!s)
        return;
    s->start = now();
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    int rc = thread_start_quiet(&s->thread, ticker_main, s);
    if (rc != 0) {
        pthread_cond_destroy(&s->wake);
        pthread_mutex_destroy(&s->lock);
        free(s);
        return;
    }
    t->state = s;
    t->running = true;
}

void progress_ticker_set(struct progress_ticker *t, const char *text)
{
    if (!t->running)
        return;
    struct ticker_state *s = t->state;
    pthread_mutex_lock(&s->lock);
    size_t n = strlen(text);
    if (n >= sizeof s->text - 8) {
        n = utf8_cut(text, sizeof s->text - 8); /* not inside a character */
    }
    memcpy(s->text, text, n);
    s->text[n] = '\0';
    pthread_mutex_unlock(&s->lock);
}

void progress_ticker_end(struct progress_ticker *t)
{
    if (!t->running)
        return;
    struct ticker_state *s = t->state;
    pthread_mutex_lock(&s->lock);
    s->stop = true;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
    t->running = false;
    t->state = NULL;
}

/* Whether progress_note_show showed its line. */
static bool note_shown;

void progress_note_show(const char *text)
{
    if (!isatty(STDERR_FILENO))
        return;
    line_show(text);
    note_shown = true;
}

void progress_note_end(void)
{
    if (note_shown)
        line_clear();
    note_shown = false;
}
