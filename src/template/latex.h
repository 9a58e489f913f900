/* latex.h: text as LaTeX input that prints exactly that text.
 *
 * The repertoire is the set of characters the preamble's fonts (T2A and T1
 * through inputenc, Computer Modern math and the AMS symbols) typeset so
 * that the PDF holds the character itself: printable ASCII, most of
 * Latin-1 and Latin Extended-A, Russian and the other common Cyrillic
 * letters, the Greek letters that have a glyph of their own, and a few
 * mathematical signs.  latex.c holds it as one table; the README lists the
 * same ranges (a test checks that they agree). */
#ifndef GAMETAB_LATEX_H
#define GAMETAB_LATEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Output lines longer than this (in bytes) are broken where a value is
 * written, so that no line of a .tex file nears TeX's input buffer (200 000
 * bytes in TeX Live) however long the cells. */
#define LATEX_LINE_MAX 1000

/* Whether code point cp can be typeset with the preamble: printable ASCII,
 * tab, CR and LF, a character of the repertoire, or one the preamble
 * declares (latex_declared). */
bool latex_typesettable(uint32_t cp);

/* Calls fn(cp, reads_as, ud) for each character beyond the repertoire that
 * templates/preamble.tex maps (\DeclareUnicodeCharacter) and that prints
 * right but comes back from the PDF as reads_as, blanks left out (UTF-8):
 * subscripts and superscripts (ₙ reads n), the ellipsis (...), ≠ ∉ √ ⟺.
 * gametab's errata are written with them. */
void latex_declared(void (*fn)(uint32_t cp, const char *reads_as, void *ud), void *ud);

/* Calls fn(first, last, ud) for each range of the repertoire beyond ASCII,
 * in increasing order: for the README's table and its test. */
void latex_repertoire(void (*fn)(uint32_t first, uint32_t last, void *ud), void *ud);

/* Where the output stands: the column of its current line and whether that
 * line is a comment.  Zero-initialise. */
struct latex_line {
    size_t column;   /* bytes since the last line break */
    bool comment;    /* the line is a comment: its first byte past blanks
                        is an unescaped % */
    bool comment_maybe; /* an unescaped % past the line's text: a comment
                        in plain LaTeX, printed in the verbatim argument of
                        a command gametab does not know (\lstinline|%|,
                        \Verb|%|); the line is tracked as text, and
                        what a comment there would keep is held beside
                        it: latex_escape guards for every reading */
    unsigned held;   /* the characters that may join the next one TeX
                        reads, as last at each % of comment_maybe (a bit
                        each, latex.c's joiners), kept past the line's end
                        to the next line's first character */
    bool held_after_command; /* and after_command at any of them */
    bool backslash;  /* the last byte is a backslash that escapes the next */
    bool in_word;    /* in the letters of a control word */
    bool after_command; /* nothing but white space and comments since a
                           control word or \\ (which may look ahead),
                           and its star if it has one (\\* [3pt]) */
    bool command_word; /* that command is a control word (TeX skips the
                          spaces after it), not \\ */
    bool star_next;  /* a * now is that command's star (right after it, or
                        after a control word's spaces): \\* \cmd* */
    bool mid_value;  /* set by a caller that escapes one value in pieces:
                        the piece does not start it (no {} before [ * () */
    uint32_t last;   /* the last character TeX reads as text (a code point;
                        0 after an escaped one, ' ' after white space), for
                        the ligatures that a value would form with it */
    bool vanished;   /* a value that wrote nothing (empty, or none) came
                        after last: template text that would join last
                        gets {} first (latex_joins_across) */
    unsigned char word_len; /* letters of the control word so far, to 10 */
    char word[9];    /* its first nine */
    enum { VERB_NONE, VERB_AFTER, VERB_STARRED, VERB_IN, URL_AFTER, URL_IN } verb;
                     /* \verb: just read (blanks or a * may follow), its
                        star read, or within its delimiters; \url, \path,
                        \nolinkurl, \href: just read, or within the
                        braces of their argument; where % is no comment
                        (\verb|%| and {{x}}, \url{a%20b} and {{x}}) */
    char verb_delim; /* the byte that ends \verb's text */
    unsigned verb_depth; /* the braces open in \url's */
    unsigned char utf8_left; /* continuation bytes of last still to come */
    bool skipping;   /* at a line's start, where TeX skips spaces (after a
                        comment the line end is gone: last stays) */
    bool cr;         /* the last byte is a CR, which ended the line: a LF
                        after it ends no other */
};

/* Notes bytes written to the output (template text and escaped values
 * alike), so that line breaks go where they are safe. */
void latex_track(struct latex_line *line, const char *s, size_t n);

/* Writes the UTF-8 text s[0..n) through write(ud, bytes, len) as LaTeX that
 * prints it: the special characters and ' ` as text commands, TeX's input
 * ligatures (-- –- ,, and the quotes ‘‘ ’’) broken, inside the value
 * and at its edges: {} before its first character when it would join the
 * output's last one (line->last, template text or an earlier value), or
 * when it is a letter or a space right after a control word (\S{}abc,
 * \S{} abc: TeX would skip the space), and {} after
 * its last character when that may start a ligature with what follows
 * (- – , ‘ ’); runs of white space (space, tab, CR, LF) as one
 * space, {} before a leading [ * or ( right after a control word or \\, or
 * after its star (\\*, \cmd*) (which would take it as an optional argument,
 * a star or booktabs' trim), and the repertoire's characters in the form that prints
 * them.  Characters outside the repertoire pass through unchanged.  Within
 * \verb's text or \url's argument, which print what they hold, the value
 * is written as it is (see LATEX_ESCAPE_VERBATIM_CHAR).  Breaks
 * the line (%, line feed; in a comment line: line feed, %) before a
 * character that would start past LATEX_LINE_MAX; line must be tracking the
 * same output.  Returns 0, LATEX_ESCAPE_UNSURE (a break due on a line of
 * comment_maybe, nothing more written), LATEX_ESCAPE_VERBATIM (one due
 * within \verb or \url), LATEX_ESCAPE_VERBATIM_CHAR, or the first non-zero
 * value write returned. */
int latex_escape(const struct latex_line *line, const char *s, size_t n,
                 int (*write)(void *ud, const char *bytes, size_t len), void *ud);

/* latex_escape's return when a line break is due on a line of
 * comment_maybe: either break would lose text (a line feed then % in a
 * line TeX reads) or print it (% then a line feed in a comment), so none
 * is written (breaker round 59). */
#define LATEX_ESCAPE_UNSURE (-1000)

/* latex_escape's return when a line break is due within \verb's text or
 * \url's argument, which a break would end or change (breaker round 59:
 * \verb|{{x}}| of a long value was "\verb ended by end of line"). */
#define LATEX_ESCAPE_VERBATIM (-1001)

/* latex_escape's return for a value within \verb's text or \url's
 * argument, written there as it is, that holds a byte which would not print
 * as itself there: a control or one past ASCII, \verb's delimiter, a brace
 * in \url's (nothing written). */
#define LATEX_ESCAPE_VERBATIM_CHAR (-1002)

/* Whether template text s[0..n) would start a ligature of TeX's input
 * (latex_escape's: -- ,, and the quotes) with line->last across a value
 * that wrote nothing (line->vanished): `{{a}},{{b}},{{c}}` with b empty is
 * 1,,3, which T2A and T1 print as 1„3; the caller writes {} first.  After
 * a % that may start a comment, the characters held before it count too.
 * False on a comment line, after a backslash, or within \verb's text or
 * \url's argument, where {} would change what the author wrote. */
bool latex_joins_across(const struct latex_line *line, const char *s, size_t n);

#endif
