#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/utf8.h"

/* Copies whole (len bytes, longer than size - 1) into buf, shortened to
 * its first and last bytes around "…", each cut at a character's start:
 * the why at a message's end stays whole. */
static void shorten_middle(char *buf, size_t size, const char *whole, size_t len)
{
    static const char ellipsis[] = "\u2026";
    size_t keep = (size - sizeof ellipsis) / 2;
    size_t head = utf8_cut(whole, keep), tail = len - keep;
    while (tail < len && ((unsigned char)whole[tail] & 0xC0) == 0x80)
        tail++;
    memcpy(buf, whole, head);
    memcpy(buf + head, ellipsis, sizeof ellipsis - 1);
    memcpy(buf + head + sizeof ellipsis - 1, whole + tail, len - tail);
    buf[head + sizeof ellipsis - 1 + len - tail] = '\0';
}

int gt_fail(struct gt_error *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap, again;
        va_start(ap, fmt);
        va_copy(again, ap);
        int len = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        /* An argument of 100 000 bytes (a table's name) is cut in its
         * middle, not the why after it (breaker round 48). */
        char *whole = len >= (int)sizeof err->msg ? malloc((size_t)len + 1) : NULL;
        if (whole) {
            vsnprintf(whole, (size_t)len + 1, fmt, again);
            shorten_middle(err->msg, sizeof err->msg, whole, (size_t)len);
            free(whole);
        }
        va_end(again);
        err->status = status;
    }
    return status;
}

int gt_status(const struct gt_error *err)
{
    return err && err->status != GT_OK ? err->status : GT_ERR_RUNTIME;
}
