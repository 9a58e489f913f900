#include <config.h>

#include <stdint.h>

#include "base/utf8.h"

/* The length of the well-formed UTF-8 character at s (n > 0 bytes left),
 * or 0 when it is not one. */
static size_t char_length(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t k;
    uint32_t cp, min;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        k = 2, cp = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        k = 3, cp = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        k = 4, cp = c & 0x07u, min = 0x10000;
    else
        return 0;
    if (k > n)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return k;
}

unsigned long utf8_invalid_line(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned long line = 1;
    for (size_t i = 0; i < n;) {
        size_t k = char_length(u + i, n - i);
        if (k == 0)
            return line;
        if (u[i] == '\n')
            line++;
        i += k;
    }
    return 0;
}
