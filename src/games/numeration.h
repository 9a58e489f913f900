/* numeration.h: writing numbers in positional systems (Yaglom, «Две игры
 * со спичками», Kvant 1971 no. 2: the binary system and the Fibonacci
 * system).  Digits most significant first, as text. */
#ifndef GAMETAB_NUMERATION_H
#define GAMETAB_NUMERATION_H

#include <stddef.h>
#include <stdint.h>

/* Room for any uint64_t in base 2 (64 digits) or in the Fibonacci system
 * (at most 91 digits), with the NUL. */
#define NUMERATION_BUF_SIZE 96

/* v in base radix (2..36), digits 0-9 then a-z; "0" for 0.  Returns the
 * length. */
size_t radix_digits(uint64_t v, unsigned radix, char *buf);

/* The Zeckendorf representation of v: v as a sum of distinct
 * non-consecutive Fibonacci numbers of the basis 1, 2, 3, 5, 8, 13, ...
 * (Yaglom's «фибоначчиева система»), found greedily: a digit 1 for each
 * term, no two 1s side by side; "0" for 0.  Returns the length. */
size_t zeckendorf_digits(uint64_t v, char *buf);

/* The Fibonacci numbers of that basis: fib_basis(0) = 1, fib_basis(1) = 2,
 * fib_basis(i) = fib_basis(i-1) + fib_basis(i-2); i <= 91 (the last below
 * 2^64). */
uint64_t fib_basis(unsigned i);
#define FIB_BASIS_MAX 91

/* A Zeckendorf representation kept up to date as its value grows by small
 * steps, each step amortized O(1) (a carry moves two places up and
 * clears two digits): the Fibonacci columns of long tables without the
 * greedy algorithm on every row.  d[i] is the digit of fib_basis(i). */
struct zeckendorf_counter {
    unsigned char d[FIB_BASIS_MAX + 3];
    unsigned len;   /* digits in use: d[len - 1] is the leading 1 (0 for v = 0) */
};

/* Sets the counter to v (greedy, once). */
void zeckendorf_counter_set(struct zeckendorf_counter *z, uint64_t v);

/* Adds 1; the caller keeps the value below 2^64. */
void zeckendorf_counter_increment(struct zeckendorf_counter *z);

/* Writes the digits, most significant first ("0" for 0), as
 * zeckendorf_digits does; returns the length. */
size_t zeckendorf_counter_text(const struct zeckendorf_counter *z, char *buf);

#endif
