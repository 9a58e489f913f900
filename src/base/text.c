#include <config.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/text.h"

/* Room for n more bytes and the NUL; false (and nomem) when there is none. */
static bool text_reserve(struct text *t, size_t n)
{
    if (t->nomem)
        return false;
    if (n > SIZE_MAX - 1 - t->len) {
        t->nomem = true;
        return false;
    }
    size_t need = t->len + n + 1;
    if (need <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < need) {
        if (cap > SIZE_MAX / 2) {
            cap = need;
            break;
        }
        cap *= 2;
    }
    char *p = realloc(t->s, cap);
    if (!p) {
        t->nomem = true;
        return false;
    }
    t->s = p;
    t->cap = cap;
    return true;
}

void text_add(struct text *t, const char *s, size_t n)
{
    if (!text_reserve(t, n))
        return;
    if (n)
        memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

void text_puts(struct text *t, const char *s)
{
    text_add(t, s, strlen(s));
}

void text_printf(struct text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) /* an encoding error: nothing sensible to append */
        t->nomem = true;
    if (n < 0 || !text_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

bool text_ends_with(const char *s, const char *suffix, bool ignore_case)
{
    size_t n = strlen(s), m = strlen(suffix);
    if (n < m)
        return false;
    return ignore_case ? strcasecmp(s + n - m, suffix) == 0 : strcmp(s + n - m, suffix) == 0;
}

int text_read_u64(const char *s, uint64_t *v)
{
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return TEXT_NUMBER_NOT_DIGITS;
    uint64_t x = 0;
    for (; *s; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return TEXT_NUMBER_TOO_LARGE;
        x = x * 10 + d;
    }
    *v = x;
    return TEXT_NUMBER_OK;
}
