/* text.h: a growing string, and the string tests the layers share.
 *
 * One builder for the whole program (the errata's report, CSV and LaTeX,
 * the template engine's rendering into memory): append to it, check nomem
 * once at the end.  After an allocation fails the string keeps what it had
 * and ignores further appends, so a caller need not check each step. */
#ifndef GAMETAB_TEXT_H
#define GAMETAB_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Zero-initialise ({0}); s is NUL-terminated once anything (even "") was
 * added, NULL before.  len excludes the NUL; free(t.s) when done. */
struct text {
    char *s;
    size_t len, cap;
    bool nomem; /* an append could not allocate: s holds what came before */
};

/* Appends the n bytes at s (which may hold NULs). */
void text_add(struct text *t, const char *s, size_t n);

/* Appends the string s. */
void text_puts(struct text *t, const char *s);

/* Appends printf-style text, of any length. */
void text_printf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether s ends with suffix ("table.csv.gz" ends with ".gz"); with
 * ignore_case, ASCII letters match either case ("T.CSV" ends with ".csv":
 * output formats), else exactly (template names: ".tex"). */
bool text_ends_with(const char *s, const char *suffix, bool ignore_case);

/* Reads s as a whole number of ASCII digits only (no sign, no space, any
 * leading zeros) into *v: TEXT_NUMBER_OK, TEXT_NUMBER_NOT_DIGITS (s empty
 * or anything else), or TEXT_NUMBER_TOO_LARGE (past 2^64 - 1); *v is set
 * only on TEXT_NUMBER_OK.  The one reader of numbers the user types, on
 * the command line and in the environment. */
enum { TEXT_NUMBER_OK, TEXT_NUMBER_NOT_DIGITS, TEXT_NUMBER_TOO_LARGE };
int text_read_u64(const char *s, uint64_t *v);

/* A number macro as text, for help strings and messages:
 * XSTR(TEX_ROWS_MAX) "5000". */
#define STR_(x) #x
#define XSTR(x) STR_(x)

#endif
