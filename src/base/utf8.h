/* utf8.h: checking that text is well-formed UTF-8. */
#ifndef GAMETAB_UTF8_H
#define GAMETAB_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What to do with a file that is not UTF-8, after "invalid UTF-8": a file
 * saved by Windows in Russian is cp1251, in Western European languages
 * Latin-1 (cp1252); iconv converts either, told which. */
#define UTF8_CONVERT_HINT                                                              \
    "(saved in another encoding? convert it: iconv -f cp1251 -t utf-8 for Russian, "  \
    "-f cp1252 for Western)"

/* The length (1 to 4) of the well-formed UTF-8 character at s, n > 0 bytes
 * left, with its code point in *cp; 0 when it is not one (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF, not cut short). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* The 1-based line (counted by LF) of the first byte of s[0..n) that is not
 * well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
 * past U+10FFFF, no sequence cut short), or 0 when all of it is. */
unsigned long utf8_invalid_line(const char *s, size_t n);

/* The columns a terminal gives s[0..n): two for an East Asian wide or
 * full-width character (Unicode's East Asian Width W and F: CJK, Hangul,
 * full-width forms), one for any other character or a byte that is not
 * UTF-8.  By a table of ranges, not wcwidth: gametab runs in the C locale. */
size_t utf8_columns(const char *s, size_t n);

/* Whether code point cp is not to be shown as such in a message: a C0
 * control (U+0000..U+001F), DEL, a C1 control (U+0080..U+009F: U+009B is
 * a terminal's CSI, as ESC [ is), a bidirectional formatting character
 * (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), which would
 * turn the text after it around on a terminal, a line or paragraph
 * separator (U+2028, U+2029: a second line to some readers), or a
 * character that shows nothing: soft hyphen U+00AD, U+180E, zero width
 * U+200B..U+200D, U+2060..U+2064, U+FEFF, annotation U+FFF9..U+FFFB. */
bool utf8_is_control(uint32_t cp);

/* The bytes (2 to 4) of the character at s[0, n) when it is a blank past
 * ASCII or one that shows nothing: Unicode's other White_Space characters
 * (no-break space U+00A0, U+1680, U+2000..U+200A, U+202F, U+205F, U+3000)
 * and what utf8_is_control names past ASCII (zero width U+200B..U+200D,
 * U+FEFF, the C1 controls with U+0085, the line separators, the
 * bidirectional controls); 0 for any other character, an ASCII one, or a
 * byte not UTF-8.  Where a template's text reads as a blank, these are
 * taken as one (a no-break space typed with Option+Space, or pasted). */
size_t utf8_blank_bytes(const char *s, size_t n);

/* The bytes (2 to 4) of the character at s[0, n) when it is one of
 * utf8_blank_bytes' that shows nothing and is no blank: what
 * utf8_is_control names past ASCII (zero width, soft hyphen, bidirectional
 * controls); 0 otherwise.  Passed over within a word read as it shows. */
size_t utf8_invisible_bytes(const char *s, size_t n);

/* The bytes (1 to 4) of the character that starts at s, a NUL-terminated
 * UTF-8 string, by its lead byte, ending early at a NUL; 0 at the NUL. */
size_t utf8_char_bytes(const char *s);

/* Where s[0, n) may be cut between characters: n, or less where s[n]
 * continues a character (a byte 10xxxxxx), at the start of that
 * character; s holds more than n bytes. */
size_t utf8_cut(const char *s, size_t n);

/* The characters (code points) of the NUL-terminated UTF-8 string s: its
 * bytes that do not continue a character. */
size_t utf8_width(const char *s);

/* The UTF-16 code units of the NUL-terminated UTF-8 string s, as Excel
 * counts a sheet's name and a cell's text: one a character of the Basic
 * Multilingual Plane, two one past it (a 4-byte character: an emoji). */
size_t utf8_utf16_units(const char *s);

/* Makes msg, a NUL-terminated string, one line of UTF-8 in place, for a
 * message on a terminal: each control character (utf8_is_control: C0, DEL,
 * C1, the bidirectional overrides, line separators, invisible ones) and
 * each byte that is not UTF-8 (a Latin-1 file name, a LaTeX error's ^^ff)
 * becomes one '?'.  Never longer than it was. */
void utf8_one_line(char *msg);

/* Whether utf8_one_line leaves the NUL-terminated string s as it is: all
 * of it UTF-8, and no control character in it (a word a message can show
 * back as it was typed). */
bool utf8_one_line_keeps(const char *s);

#endif
