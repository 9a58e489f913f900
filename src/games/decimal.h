/* decimal.h: exact decimal expansions of fractions, integers only. */
#ifndef GAMETAB_DECIMAL_H
#define GAMETAB_DECIMAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest text decimal_format writes: 20 integer digits, a point,
 * DECIMAL_PLACES_MAX fractional digits and the NUL. */
#define DECIMAL_PLACES_MAX 18
#define DECIMAL_BUF_SIZE (20 + 1 + DECIMAL_PLACES_MAX + 1)

/* An exact decimal approximation of num/den rounded half up to `places`
 * fractional digits: int_part + frac / 10^places. */
struct decimal {
    uint64_t int_part;
    uint64_t frac;     /* 0 <= frac < 10^places */
    unsigned places;   /* 0..DECIMAL_PLACES_MAX */
    bool exact;        /* num/den equals the rounded value exactly */
};

/* Rounds num/den (den >= 1, num <= den * 10^19) half up to `places` digits
 * (0..DECIMAL_PLACES_MAX).  Exact for every such input: 128-bit integers. */
struct decimal decimal_of_fraction(uint64_t num, uint64_t den, unsigned places);

/* Writes d as "I.FFFF" with all `places` digits ("I" alone when places is 0)
 * into buf (DECIMAL_BUF_SIZE bytes); returns the length. */
size_t decimal_format(const struct decimal *d, char *buf);

/* Writes all `places` fractional digits of d into buf (DECIMAL_BUF_SIZE
 * bytes): "6667" for 0.6667, "5000" for 0.5000; returns the length. */
size_t decimal_format_frac(const struct decimal *d, char *buf);

/* Writes the fractional digits of d without trailing zeros into buf
 * (DECIMAL_BUF_SIZE bytes): "5" for 0.5000, "" for 1.0000; returns the length.
 * Kvant prints exact fractions this way: 1/2 = 0,5; 3/4 = 0,75; 1/1 = 1. */
size_t decimal_format_frac_trimmed(const struct decimal *d, char *buf);

/* Writes v in decimal into buf (at least 21 bytes); returns the length. */
size_t u64_format(uint64_t v, char *buf);

#endif
