#include <config.h>

#include <string.h>

#include "base/utf8.h"

size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char c = s[0];
    size_t k;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF)
        k = 2, v = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        k = 3, v = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        k = 4, v = c & 0x07u, min = 0x10000;
    else
        return 0;
    if (k > n)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return k;
}

unsigned long utf8_invalid_line(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned long line = 1;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t k = utf8_decode(u + i, n - i, &cp);
        if (k == 0)
            return line;
        if (u[i] == '\n')
            line++;
        i += k;
    }
    return 0;
}

size_t utf8_cut(const char *s, size_t n)
{
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

size_t utf8_char_bytes(const char *s)
{
    unsigned char c = (unsigned char)*s;
    if (!c)
        return 0;
    size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    for (size_t i = 1; i < n; i++)
        if (!s[i])
            return i;
    return n;
}

size_t utf8_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

size_t utf8_utf16_units(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) == 0x80 ? 0 : (unsigned char)*s >= 0xF0 ? 2 : 1;
    return n;
}

bool utf8_is_control(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0xad || cp == 0x61c ||
           cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
           (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff ||
           (cp >= 0xfff9 && cp <= 0xfffb);
}

/* The bytes of the character at s[0, n) past ASCII for which is(cp), or 0. */
static size_t bytes_if(const char *s, size_t n, bool (*is)(uint32_t cp))
{
    uint32_t cp = 0;
    size_t len = n > 0 ? utf8_decode((const unsigned char *)s, n, &cp) : 0;
    return len >= 2 && is(cp) ? len : 0;
}

static bool blank_or_control(uint32_t cp)
{
    return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000 || utf8_is_control(cp);
}

size_t utf8_blank_bytes(const char *s, size_t n)
{
    return bytes_if(s, n, blank_or_control);
}

size_t utf8_invisible_bytes(const char *s, size_t n)
{
    return bytes_if(s, n, utf8_is_control);
}

/* East Asian Width W and F (Unicode's EastAsianWidth.txt), in the ranges
 * that hold them, ascending. */
static const struct {
    uint32_t first, last;
} wide[] = {
    {0x1100, 0x115F},   /* Hangul Jamo leading consonants */
    {0x2E80, 0x303E},   /* CJK radicals, Kangxi, CJK symbols and punctuation */
    {0x3041, 0x33FF},   /* kana, Bopomofo, Hangul compatibility Jamo, CJK squares */
    {0x3400, 0x4DBF},   /* CJK unified ideographs extension A */
    {0x4E00, 0x9FFF},   /* CJK unified ideographs */
    {0xA000, 0xA4CF},   /* Yi */
    {0xAC00, 0xD7A3},   /* Hangul syllables */
    {0xF900, 0xFAFF},   /* CJK compatibility ideographs */
    {0xFE30, 0xFE4F},   /* CJK compatibility forms */
    {0xFF00, 0xFF60},   /* full-width forms */
    {0xFFE0, 0xFFE6},   /* full-width signs */
    {0x20000, 0x3FFFD}, /* CJK ideographs, planes 2 and 3 */
};

size_t utf8_columns(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t columns = 0;
    while (n > 0) {
        uint32_t cp;
        size_t len = utf8_decode(p, n, &cp);
        bool is_wide = false;
        if (len == 0)
            len = 1;
        else
            for (size_t i = 0; i < sizeof wide / sizeof wide[0] && cp >= wide[i].first; i++)
                is_wide = is_wide || cp <= wide[i].last;
        columns += is_wide ? 2 : 1;
        p += len;
        n -= len;
    }
    return columns;
}

bool utf8_one_line_keeps(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0, k; i < n; i += k) {
        uint32_t cp;
        if (!(k = utf8_decode((const unsigned char *)s + i, n - i, &cp)) || utf8_is_control(cp))
            return false;
    }
    return true;
}

void utf8_one_line(char *msg)
{
    const unsigned char *in = (const unsigned char *)msg;
    unsigned char *out = (unsigned char *)msg;
    size_t n = strlen(msg);
    while (n > 0) {
        uint32_t cp;
        size_t len = utf8_decode(in, n, &cp);
        if (len == 0 || utf8_is_control(cp)) {
            *out++ = '?';
            len = len ? len : 1;
        } else {
            memmove(out, in, len);
            out += len;
        }
        in += len;
        n -= len;
    }
    *out = '\0';
}
