#include <config.h>

#include "games/numeration.h"

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

void zeckendorf_counter_set(struct zeckendorf_counter *z, uint64_t v)
{
    char text[NUMERATION_BUF_SIZE];
    size_t n = zeckendorf_digits(v, text);
    for (size_t i = 0; i < sizeof z->d; i++)
        z->d[i] = 0;
    for (size_t i = 0; i < n; i++)
        z->d[n - 1 - i] = (unsigned char)(text[i] == '1');
    z->len = v ? (unsigned)n : 0;
}

/* Sets digit i, then resolves the carries: two neighbouring 1s at i, i + 1
 * become one 1 at i + 2 (F_i + F_{i+1} = F_{i+2}). */
static void set_and_carry(struct zeckendorf_counter *z, unsigned i)
{
    z->d[i] = 1;
    while (z->d[i + 1]) {
        z->d[i] = z->d[i + 1] = 0;
        i += 2;
        z->d[i] = 1;
    }
    if (i + 1 > z->len)
        z->len = i + 1;
}

void zeckendorf_counter_increment(struct zeckendorf_counter *z)
{
    if (!z->d[0] && !z->d[1]) {
        set_and_carry(z, 0);           /* ...00 + 1 = ...01 */
    } else if (z->d[0]) {
        z->d[0] = 0;                   /* ...01 + 1 = ...10 (1 + 1 = 2) */
        set_and_carry(z, 1);
    } else {
        z->d[1] = 0;                   /* ...10 + 1 = ...100 (2 + 1 = 3) */
        set_and_carry(z, 2);
    }
}

size_t zeckendorf_counter_text(const struct zeckendorf_counter *z, char *buf)
{
    if (z->len == 0) {
        buf[0] = '0';
        buf[1] = '\0';
        return 1;
    }
    for (unsigned i = 0; i < z->len; i++)
        buf[i] = (char)('0' + z->d[z->len - 1 - i]);
    buf[z->len] = '\0';
    return z->len;
}
