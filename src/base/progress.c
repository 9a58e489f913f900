#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "base/progress.h"

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
    fprintf(stderr, "\rgametab: %" PRIu64 " rows%s, %.3g M rows/s, %s elapsed%s\033[K", rows,
            percent, rate / 1e6, spent, left);
    fflush(stderr);
    p->shown = true;
}

void progress_end(struct progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}
