#include <config.h>

#include <string.h>

#include "games/decimal.h"

static uint64_t pow10_u64(unsigned k)
{
    uint64_t p = 1;
    while (k--)
        p *= 10;
    return p;
}

struct decimal decimal_of_fraction(uint64_t num, uint64_t den, unsigned places)
{
    unsigned __int128 scale = pow10_u64(places);
    unsigned __int128 scaled = (unsigned __int128)num * scale;
    unsigned __int128 q = scaled / den;
    unsigned __int128 r = scaled % den;
    /* Half up: round away when the remainder is at least half of den. */
    if (r >= den - r)
        q++;
    struct decimal d = {
        .int_part = (uint64_t)(q / scale),
        .frac = (uint64_t)(q % scale),
        .places = places,
        .exact = (r == 0),
    };
    return d;
}

/* The number of decimal digits of v, 1..20, from its bit length without a
 * division: floor(log10 2^bits) by 1233/4096, then one comparison. */
static size_t u64_digits(uint64_t v)
{
    static const uint64_t pow10[20] = {
        1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
        1000000000u, 10000000000u, 100000000000u, 1000000000000u, 10000000000000u,
        100000000000000u, 1000000000000000u, 10000000000000000u, 100000000000000000u,
        1000000000000000000u, 10000000000000000000u};
    unsigned bits = 64u - (unsigned)__builtin_clzll(v | 1u);
    unsigned t = (bits * 1233u) >> 12;
    size_t n = t + (v >= pow10[t]);
    return n ? n : 1;
}

size_t u64_format(uint64_t v, char *buf)
{
    /* Two digits a division, written from the last straight into buf once
     * the length is known: no copy, which cost as much as the digits. */
    static const char pairs[201] = "00010203040506070809101112131415161718192021222324"
                                   "25262728293031323334353637383940414243444546474849"
                                   "50515253545556575859606162636465666768697071727374"
                                   "75767778798081828384858687888990919293949596979899";
    size_t n = u64_digits(v);
    char *p = buf + n;
    *p = '\0';
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        *--p = pairs[2 * r + 1];
        *--p = pairs[2 * r];
    }
    if (v >= 10) {
        *--p = pairs[2 * v + 1];
        *--p = pairs[2 * v];
    } else {
        *--p = (char)('0' + v);
    }
    return n;
}

size_t decimal_format_frac(const struct decimal *d, char *buf)
{
    uint64_t f = d->frac;
    for (unsigned i = d->places; i-- > 0;) {
        buf[i] = (char)('0' + f % 10);
        f /= 10;
    }
    buf[d->places] = '\0';
    return d->places;
}

size_t decimal_format(const struct decimal *d, char *buf)
{
    size_t n = u64_format(d->int_part, buf);
    if (d->places == 0)
        return n;
    buf[n++] = '.';
    return n + decimal_format_frac(d, buf + n);
}

size_t decimal_format_frac_trimmed(const struct decimal *d, char *buf)
{
    size_t n = decimal_format_frac(d, buf);
    while (n > 0 && buf[n - 1] == '0')
        n--;
    buf[n] = '\0';
    return n;
}
