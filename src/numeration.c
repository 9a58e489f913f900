#include <config.h>

#include "numeration.h"

size_t radix_digits(uint64_t v, unsigned radix, char *buf)
{
    char tmp[64];
    size_t n = 0;
    do {
        unsigned d = (unsigned)(v % radix);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        v /= radix;
    } while (v);
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return n;
}

uint64_t fib_basis(unsigned i)
{
    uint64_t a = 1, b = 2;
    while (i--) {
        uint64_t c = a + b;
        a = b;
        b = c;
    }
    return a;
}

size_t zeckendorf_digits(uint64_t v, char *buf)
{
    if (v == 0) {
        buf[0] = '0';
        buf[1] = '\0';
        return 1;
    }
    /* The largest basis number not above v, then down: take each that fits. */
    unsigned top = 0;
    while (top < FIB_BASIS_MAX && fib_basis(top + 1) <= v)
        top++;
    size_t n = 0;
    for (unsigned i = top + 1; i-- > 0;) {
        uint64_t f = fib_basis(i);
        if (f <= v) {
            buf[n++] = '1';
            v -= f;
        } else {
            buf[n++] = '0';
        }
    }
    buf[n] = '\0';
    return n;
}
