/* utf8.h: checking that text is well-formed UTF-8. */
#ifndef GAMETAB_UTF8_H
#define GAMETAB_UTF8_H

#include <stddef.h>

/* The 1-based line (counted by LF) of the first byte of s[0..n) that is not
 * well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
 * past U+10FFFF, no sequence cut short), or 0 when all of it is. */
unsigned long utf8_invalid_line(const char *s, size_t n);

#endif
