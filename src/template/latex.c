#include <config.h>

#include <stdio.h>
#include <string.h>

#include "base/utf8.h"
#include "template/latex.h"

/* How a character of the repertoire is written. */
enum form {
    AS_IS,   /* UTF-8 for inputenc: the main encoding, T2A, prints it, or
                the preamble declares it (\DeclareUnicodeCharacter) */
    IN_T1,   /* UTF-8 in T1: T2A lacks it or builds it from an accent
                that the PDF's text does not join to its letter */
    COMMAND  /* the command in tex */
};

struct range {
    uint32_t first, last;
    enum form form;
    const char *tex; /* COMMAND: the LaTeX that prints it */
};

/* The repertoire beyond ASCII, in increasing order.  Each range was checked
 * character by character: rendered, compiled with pdflatex and read back
 * with pdftotext (tests/render-repertoire.bats).  Left out, because the PDF
 * would hold something else: the soft hyphen (nothing), the micro sign
 * (the same glyph as μ), Đ (prints Ð), letters with an ogonek or a comma
 * below that T2A builds from an accent, ı with accents (ĩ ī ĭ), Ħ ħ ĸ Ŀ ŀ
 * ŉ Ŧ ŧ ſ (no glyph), Greek capitals that look Latin (Α Β Ε …) and ο (math
 * has no glyph of their own), ≠ ∉ √ (built from two glyphs), the ellipsis
 * (three periods). */
static const struct range repertoire[] = {
    {0x00A0, 0x00A0, COMMAND, "~"},
    {0x00A1, 0x00AC, AS_IS, NULL},
    {0x00AE, 0x00B4, AS_IS, NULL},
    {0x00B6, 0x00CF, AS_IS, NULL},
    {0x00D0, 0x00D0, IN_T1, NULL},
    {0x00D1, 0x00DD, AS_IS, NULL},
    {0x00DE, 0x00DE, IN_T1, NULL},
    {0x00DF, 0x00EB, AS_IS, NULL},
    {0x00EC, 0x00F0, IN_T1, NULL},
    {0x00F1, 0x00FD, AS_IS, NULL},
    {0x00FE, 0x00FE, IN_T1, NULL},
    {0x00FF, 0x0103, AS_IS, NULL},
    {0x0104, 0x0105, IN_T1, NULL},
    {0x0106, 0x010F, AS_IS, NULL},
    {0x0111, 0x0111, IN_T1, NULL},
    {0x0112, 0x0117, AS_IS, NULL},
    {0x0118, 0x0119, IN_T1, NULL},
    {0x011A, 0x0125, AS_IS, NULL},
    {0x0128, 0x0128, AS_IS, NULL},
    {0x012A, 0x012A, AS_IS, NULL},
    {0x012C, 0x012C, AS_IS, NULL},
    {0x0130, 0x0131, AS_IS, NULL},
    {0x0132, 0x0133, IN_T1, NULL},
    {0x0134, 0x0134, AS_IS, NULL},
    {0x0136, 0x0137, AS_IS, NULL},
    {0x0139, 0x013E, AS_IS, NULL},
    {0x0141, 0x0142, IN_T1, NULL},
    {0x0143, 0x0148, AS_IS, NULL},
    {0x014A, 0x014B, IN_T1, NULL},
    {0x014C, 0x0165, AS_IS, NULL},
    {0x0168, 0x0171, AS_IS, NULL},
    {0x0174, 0x017E, AS_IS, NULL},
    /* Greek, from the math fonts (lower case italic, as in formulas). */
    {0x0393, 0x0393, COMMAND, "\\ensuremath{\\Gamma}"},
    {0x0394, 0x0394, COMMAND, "\\ensuremath{\\Delta}"},
    {0x0398, 0x0398, COMMAND, "\\ensuremath{\\Theta}"},
    {0x039B, 0x039B, COMMAND, "\\ensuremath{\\Lambda}"},
    {0x039E, 0x039E, COMMAND, "\\ensuremath{\\Xi}"},
    {0x03A0, 0x03A0, COMMAND, "\\ensuremath{\\Pi}"},
    {0x03A3, 0x03A3, COMMAND, "\\ensuremath{\\Sigma}"},
    {0x03A5, 0x03A5, COMMAND, "\\ensuremath{\\Upsilon}"},
    {0x03A6, 0x03A6, COMMAND, "\\ensuremath{\\Phi}"},
    {0x03A8, 0x03A8, COMMAND, "\\ensuremath{\\Psi}"},
    {0x03A9, 0x03A9, COMMAND, "\\ensuremath{\\Omega}"},
    {0x03B1, 0x03B1, COMMAND, "\\ensuremath{\\alpha}"},
    {0x03B2, 0x03B2, COMMAND, "\\ensuremath{\\beta}"},
    {0x03B3, 0x03B3, COMMAND, "\\ensuremath{\\gamma}"},
    {0x03B4, 0x03B4, COMMAND, "\\ensuremath{\\delta}"},
    {0x03B5, 0x03B5, COMMAND, "\\ensuremath{\\varepsilon}"},
    {0x03B6, 0x03B6, COMMAND, "\\ensuremath{\\zeta}"},
    {0x03B7, 0x03B7, COMMAND, "\\ensuremath{\\eta}"},
    {0x03B8, 0x03B8, COMMAND, "\\ensuremath{\\theta}"},
    {0x03B9, 0x03B9, COMMAND, "\\ensuremath{\\iota}"},
    {0x03BA, 0x03BA, COMMAND, "\\ensuremath{\\kappa}"},
    {0x03BB, 0x03BB, COMMAND, "\\ensuremath{\\lambda}"},
    {0x03BC, 0x03BC, COMMAND, "\\ensuremath{\\mu}"},
    {0x03BD, 0x03BD, COMMAND, "\\ensuremath{\\nu}"},
    {0x03BE, 0x03BE, COMMAND, "\\ensuremath{\\xi}"},
    {0x03C0, 0x03C0, COMMAND, "\\ensuremath{\\pi}"},
    {0x03C1, 0x03C1, COMMAND, "\\ensuremath{\\rho}"},
    {0x03C2, 0x03C2, COMMAND, "\\ensuremath{\\varsigma}"},
    {0x03C3, 0x03C3, COMMAND, "\\ensuremath{\\sigma}"},
    {0x03C4, 0x03C4, COMMAND, "\\ensuremath{\\tau}"},
    {0x03C5, 0x03C5, COMMAND, "\\ensuremath{\\upsilon}"},
    {0x03C6, 0x03C6, AS_IS, NULL},
    {0x03C7, 0x03C7, COMMAND, "\\ensuremath{\\chi}"},
    {0x03C8, 0x03C8, COMMAND, "\\ensuremath{\\psi}"},
    {0x03C9, 0x03C9, COMMAND, "\\ensuremath{\\omega}"},
    {0x03D1, 0x03D1, COMMAND, "\\ensuremath{\\vartheta}"},
    {0x03D5, 0x03D5, COMMAND, "\\ensuremath{\\phi}"},
    {0x03D6, 0x03D6, COMMAND, "\\ensuremath{\\varpi}"},
    {0x03F1, 0x03F1, COMMAND, "\\ensuremath{\\varrho}"},
    {0x03F5, 0x03F5, COMMAND, "\\ensuremath{\\epsilon}"},
    /* Cyrillic: Russian, Ukrainian, Belarusian, Serbian, Macedonian,
     * Bulgarian letters, but for the ones T2A prints as Latin (І і Ј ј). */
    {0x0400, 0x0405, AS_IS, NULL},
    {0x0407, 0x0407, AS_IS, NULL},
    {0x0409, 0x0455, AS_IS, NULL},
    {0x0457, 0x0457, AS_IS, NULL},
    {0x0459, 0x045F, AS_IS, NULL},
    {0x0490, 0x0491, AS_IS, NULL},
    /* Punctuation. */
    {0x2013, 0x2014, AS_IS, NULL},
    {0x2018, 0x2019, AS_IS, NULL},
    {0x201A, 0x201A, IN_T1, NULL},
    {0x201C, 0x201E, AS_IS, NULL},
    {0x2020, 0x2022, AS_IS, NULL},
    {0x2030, 0x2030, IN_T1, NULL},
    {0x2039, 0x203A, IN_T1, NULL},
    {0x20AC, 0x20AC, AS_IS, NULL},
    {0x2116, 0x2116, AS_IS, NULL},
    {0x2122, 0x2122, AS_IS, NULL},
    {0x2190, 0x2193, AS_IS, NULL},
    /* Mathematical signs. */
    {0x2205, 0x2205, COMMAND, "\\ensuremath{\\emptyset}"},
    {0x2208, 0x2208, AS_IS, NULL},
    {0x2212, 0x2212, AS_IS, NULL},
    {0x221E, 0x221E, COMMAND, "\\ensuremath{\\infty}"},
    {0x2248, 0x2248, AS_IS, NULL},
    {0x2261, 0x2261, AS_IS, NULL},
    {0x2264, 0x2264, AS_IS, NULL},
    {0x2265, 0x2265, AS_IS, NULL},
    {0x2295, 0x2295, AS_IS, NULL},
    {0x2713, 0x2713, COMMAND, "\\ensuremath{\\checkmark}"},
};

/* Beyond the repertoire: characters the preamble maps with
 * \DeclareUnicodeCharacter (templates/preamble.tex, for the errata's
 * formulas in plain text) that print right but do not come back from the
 * PDF as themselves: a subscript n is an n set small and low, the ellipsis
 * three spaced periods, ≠ two glyphs, and letters whose glyphs are
 * others' (T2A's і is a Latin i, µ is μ, ș an s and a comma below; a
 * class list with a Ukrainian name renders).  reads_as is what pdftotext gives,
 * blanks left out (tests/render-strict.bats checks each; test-latex that
 * this list and the preamble's agree).  UTF-8 passes through for inputenc. */
static const struct declared {
    uint32_t cp;
    const char *reads_as;
} declared[] = {
    {0x00B5, "\u03BC"}, {0x0218, "S,"}, {0x0219, "s,"}, {0x021A, "T,"}, {0x021B, "t,"},
    {0x0406, "I"}, {0x0408, "J"}, {0x0456, "i"}, {0x0458, "j"}, {0x1D4F, "k"}, {0x1D62, "i"}, {0x2026, "..."}, {0x207A, "+"},
    {0x2080, "0"}, {0x2081, "1"}, {0x2082, "2"}, {0x2083, "3"}, {0x2084, "4"},
    {0x2085, "5"}, {0x2086, "6"}, {0x2087, "7"}, {0x2088, "8"}, {0x2089, "9"},
    {0x208A, "+"}, {0x208B, "\u2212"}, {0x2096, "k"}, {0x2097, "l"}, {0x2098, "m"},
    {0x2099, "n"}, {0x2209, "/\u2208"}, {0x221A, "\u221A"}, {0x223C, "\u223C"},
    {0x2260, "\u0338="}, {0x27FA, "\u21D0\u21D2"},
};

static bool is_declared(uint32_t cp)
{
    for (size_t i = 0; i < sizeof declared / sizeof declared[0]; i++)
        if (declared[i].cp == cp)
            return true;
    return false;
}

void latex_declared(void (*fn)(uint32_t cp, const char *reads_as, void *ud), void *ud)
{
    for (size_t i = 0; i < sizeof declared / sizeof declared[0]; i++)
        fn(declared[i].cp, declared[i].reads_as, ud);
}

static const struct range *find(uint32_t cp)
{
    size_t lo = 0, hi = sizeof repertoire / sizeof repertoire[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < repertoire[mid].first)
            hi = mid;
        else if (cp > repertoire[mid].last)
            lo = mid + 1;
        else
            return &repertoire[mid];
    }
    return NULL;
}

bool latex_typesettable(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= 0x20 && cp < 0x7F) || cp == '\t' || cp == '\n' || cp == '\r';
    return find(cp) != NULL || is_declared(cp);
}

void latex_repertoire(void (*fn)(uint32_t first, uint32_t last, void *ud), void *ud)
{
    /* Adjacent ranges of different forms are one range to a reader. */
    size_t n = sizeof repertoire / sizeof repertoire[0];
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && repertoire[j + 1].first == repertoire[j].last + 1)
            j++;
        fn(repertoire[i].first, repertoire[j].last, ud);
        i = j + 1;
    }
}

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether TeX joins the character cp to prev, the one before it, into a
 * ligature of T1 and T2A: - - (en dash), en dash - (em dash), , , („),
 * ‘ ‘ and ’ ’ (“ ”), whose glyphs are ` and ' of the fonts, < < and > >
 * (« »).  {} between
 * them keeps them apart.  (! ` and ? ` form no ¡ ¿ with the preamble's
 * fonts: pdftotext reads them back as typed.) */
static bool joins(uint32_t prev, uint32_t cp)
{
    switch (cp) {
    case '-': return prev == '-' || prev == 0x2013;
    case ',': return prev == ',';
    case '<': case '>': return prev == cp; /* « » of T1 and T2A, though
                                              the value's is \textless{} */
    case 0x2018: return prev == 0x2018 || prev == '`';
    case 0x2019: return prev == 0x2019 || prev == '\'';
    default: return false;
    }
}

/* The characters joins takes before another, a bit each in a held set. */
static const uint32_t joiners[] = {'-', 0x2013, ',', '<', '>', 0x2018, '`', 0x2019, '\''};

static unsigned joiner_bit(uint32_t cp)
{
    for (size_t i = 0; i < sizeof joiners / sizeof joiners[0]; i++)
        if (joiners[i] == cp)
            return 1u << i;
    return 0;
}

/* Whether any character of the held set joins cp. */
static bool joins_held(unsigned held, uint32_t cp)
{
    for (size_t i = 0; i < sizeof joiners / sizeof joiners[0]; i++)
        if ((held & 1u << i) && joins(joiners[i], cp))
            return true;
    return false;
}

/* Whether the character cp may start a ligature with the one after it
 * (joins). */
static bool may_join_next(uint32_t cp)
{
    return cp == '-' || cp == 0x2013 || cp == ',' || cp == 0x2018 || cp == 0x2019;
}

/* Notes in line->last the character byte c ends or adds to, as TeX reads
 * it; escaped: after a backslash (\- \, are commands, not characters). */
static void track_last(struct latex_line *line, unsigned char c, bool escaped)
{
    if (c >= 0x80 && c < 0xC0 && line->utf8_left) {
        line->last = line->last << 6 | (c & 0x3F);
        line->utf8_left--;
        return;
    }
    line->utf8_left = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (c >= 0xC0)
        line->last = c & (0x3F >> line->utf8_left);
    else if (c == ' ' || c == '\t')
        line->last = line->skipping ? line->last : ' ';
    else
        line->last = escaped ? 0 : c;
    bool blank = c == ' ' || c == '\t';
    /* the first character TeX reads on a line: what a comment before
     * would have joined to it is past */
    if (line->skipping && !blank)
        line->held = 0, line->held_after_command = false;
    line->skipping = line->skipping && blank;
}

/* Whether the control word being read is w. */
static bool word_is(const struct latex_line *line, const char *w)
{
    size_t n = strlen(w);
    return line->word_len == n && memcmp(line->word, w, n) == 0;
}

/* Whether it is one of the url package's and hyperref's that read their
 * argument's % as text: \url{a%20b}. */
static bool url_word(const struct latex_line *line)
{
    return word_is(line, "url") || word_is(line, "path") || word_is(line, "nolinkurl") ||
           word_is(line, "href");
}

void latex_track(struct latex_line *line, const char *s, size_t n)
{
    if (n > 0)
        line->vanished = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        /* TeX ends a line at a LF, a CR LF or a CR alone (breaker round
         * 58: a template of CR line ends stayed in its first line's
         * comment, every guard off) */
        if (c == '\n' && line->cr) {
            line->cr = false;
            continue;
        }
        line->cr = c == '\r';
        if (c == '\n' || c == '\r') {
            line->column = 0;
            /* after a comment the line end is gone; after a % that may
             * start one, kept too: {} where the next line's text would
             * join is harmless if it does not */
            if (!line->comment && !line->comment_maybe)
                line->held = 0, line->held_after_command = false;
            if (!line->comment)
                line->last = ' ';
            line->utf8_left = 0;
            line->skipping = true;
            /* \url's argument may go on on the next line, and may start
             * there, TeX skipping the line end after a control word (breaker
             * round 59); \verb's text may not (LaTeX's error: \verb ended
             * by end of line) */
            if (line->in_word && url_word(line))
                line->verb = URL_AFTER;
            else if (line->verb != URL_AFTER && line->verb != URL_IN)
                line->verb = VERB_NONE;
            line->comment = line->comment_maybe = line->backslash = line->in_word = false;
            line->star_next = line->star_next && line->command_word;
            continue;
        }
        line->column++;
        if (line->comment)
            continue;
        /* \verb's text, and the braces of \url's argument, are no
         * comment, command or ligature: a % there is printed (breaker round
         * 58: `\verb|%| and {{x}}`, `\url{a%20b} and {{x}}` were taken for
         * a comment, and a long value's line break, a line feed and a %,
         * commented out the rest of the line) */
        if (line->in_word && !is_letter(c) && (word_is(line, "verb") || url_word(line))) {
            line->verb = word_is(line, "verb") ? VERB_AFTER : URL_AFTER;
            line->in_word = line->after_command = line->star_next = false;
        }
        if (line->verb == VERB_IN || line->verb == URL_IN) {
            line->skipping = false;
            bool ends = line->verb == VERB_IN ? c == line->verb_delim
                                              : c == '}' && --line->verb_depth == 0;
            line->verb_depth += line->verb == URL_IN && c == '{';
            if (ends) {
                line->verb = VERB_NONE;
                line->last = 0;
            }
            continue;
        }
        /* TeX skips the blanks after \verb, its star, \url */
        if (line->verb != VERB_NONE && (c == ' ' || c == '\t'))
            continue;
        if (line->verb == VERB_AFTER && c == '*') {
            line->verb = VERB_STARRED;
            continue;
        }
        if (line->verb == VERB_AFTER || line->verb == VERB_STARRED) {
            line->verb = VERB_IN;
            line->verb_delim = c;
            continue;
        }
        if (line->verb == URL_AFTER) {
            /* \url|a%b| is the url package's alone (hyperref's takes
             * braces only): not guessed */
            line->verb = c == '{' ? URL_IN : VERB_NONE;
            line->verb_depth = 1;
            if (c == '{')
                continue;
        }
        if (c != '%' || line->backslash)
            track_last(line, (unsigned char)c, line->backslash);
        if (line->backslash) {
            line->backslash = false;
            line->in_word = is_letter(c);
            line->word_len = 0;
            if (line->in_word)
                line->word[line->word_len++] = c;
            line->after_command = line->in_word || c == '\\';
            line->command_word = line->in_word;
            line->star_next = line->after_command;
        } else if (line->in_word && is_letter(c)) {
            if (line->word_len < sizeof line->word)
                line->word[line->word_len] = c;
            line->word_len += line->word_len <= sizeof line->word;
            continue;
        } else {
            line->in_word = false;
            if (c == '\\')
                line->backslash = true;
            else if (c == '%' && line->skipping)
                line->comment = true;
            else if (c == '%') {
                line->comment_maybe = true;
                line->held |= joiner_bit(line->last);
                line->held_after_command = line->held_after_command || line->after_command;
            }
            else if (c == '*' && line->star_next)
                line->star_next = false; /* \\* and \cmd* look ahead for [ too */
            else if (c == ' ' || c == '\t')
                line->star_next = line->star_next && line->command_word;
            else
                line->after_command = line->star_next = false;
        }
    }
}

/* The LaTeX of an ASCII character that does not print itself, or NULL. */
static const char *ascii_form(char c)
{
    switch (c) {
    case '\\': return "\\textbackslash{}";
    case '#': return "\\#";
    case '$': return "\\$";
    case '%': return "\\%";
    case '&': return "\\&";
    case '_': return "\\_";
    case '{': return "\\{";
    case '}': return "\\}";
    case '~': return "\\textasciitilde{}";
    case '^': return "\\textasciicircum{}";
    /* Not special to TeX, but not printed as themselves either: " is a
     * shorthand of babel's Russian, < > | are other glyphs in OT1 and
     * ligatures (« ») in T1 and T2A, ' and ` curly quotes and ligatures. */
    case '"': return "\\textquotedbl{}";
    case '<': return "\\textless{}";
    case '>': return "\\textgreater{}";
    case '|': return "\\textbar{}";
    case '\'': return "\\textquotesingle{}";
    case '`': return "\\textasciigrave{}";
    default: return NULL;
    }
}

/* The code point of the UTF-8 character at s (n > 0 bytes left) and its
 * length; a byte that is not UTF-8 stands for itself, length 1 (values are
 * UTF-8: jansson holds no other). */
static uint32_t decode(const unsigned char *s, size_t n, size_t *len)
{
    uint32_t cp;
    *len = utf8_decode(s, n, &cp);
    if (*len == 0) {
        *len = 1;
        cp = s[0];
    }
    return cp;
}

static bool is_space(uint32_t cp)
{
    return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r';
}

/* A value within \verb's text or \url's argument, which print it as it
 * is: escaping there would print the escapes (a_b as a\_b, -- as -{}-:
 * breaker round 59).  Written whole when every byte prints as itself
 * there: ASCII, no control, neither \verb's delimiter nor a brace of
 * \url's; else LATEX_ESCAPE_VERBATIM_CHAR, nothing written. */
static int verbatim_write(const struct latex_line *line, const char *s, size_t n,
                          int (*write)(void *ud, const char *bytes, size_t len), void *ud)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7F || (line->verb == VERB_IN && c == (unsigned char)line->verb_delim) ||
            (line->verb == URL_IN && (c == '{' || c == '}')))
            return LATEX_ESCAPE_VERBATIM_CHAR;
    }
    if (line->column + n > LATEX_LINE_MAX)
        return LATEX_ESCAPE_VERBATIM;
    return n ? write(ud, s, n) : 0;
}

int latex_escape(const struct latex_line *line, const char *s, size_t n,
                 int (*write)(void *ud, const char *bytes, size_t len), void *ud)
{
    if (line->verb == VERB_IN || line->verb == URL_IN)
        return verbatim_write(line, s, n, write, ud);
    const unsigned char *u = (const unsigned char *)s;
    /* the character before: the output's last one, then s's previous */
    uint32_t prev = line->mid_value ? 0 : line->last;
    bool started = line->mid_value; /* a character other than white space was written */
    bool after_word = !line->mid_value && line->in_word; /* right after a control word */
    int rc = 0;
    for (size_t i = 0, len; i < n && rc == 0; i += len) {
        uint32_t cp = decode(u + i, n - i, &len);
        if (is_space(cp)) {
            while (i + len < n && is_space(u[i + len]))
                len++;
            /* TeX skips the space after a control word: \S{} abc. */
            if (after_word)
                rc = write(ud, "{}", 2);
            if (rc == 0)
                rc = write(ud, " ", 1);
            prev = ' ';
            after_word = false;
            continue;
        }
        /* A line ends before a character, never before a space: TeX skips
         * the spaces that start a line. */
        if (line->column >= LATEX_LINE_MAX && line->comment_maybe)
            return LATEX_ESCAPE_UNSURE;
        if (line->column >= LATEX_LINE_MAX)
            rc = line->comment ? write(ud, "\n%", 2) : write(ud, "%\n", 2);
        bool looked_at = !started && (line->after_command || line->held_after_command) &&
                         (cp == '[' || cp == '*' || cp == '(');
        /* the first character joins the output's last, or, where a % may
         * have started a comment, the last before that */
        bool joined = joins(prev, cp) || (!started && !line->mid_value && joins_held(line->held, cp));
        bool extends = after_word && cp < 0x80 && is_letter((char)cp);
        if (rc == 0 && (looked_at || extends || joined))
            rc = write(ud, "{}", 2);
        started = true;
        after_word = false;
        prev = cp;
        if (rc != 0)
            break;
        const char *a = cp < 0x80 ? ascii_form((char)cp) : NULL;
        const struct range *r = cp < 0x80 ? NULL : find(cp);
        if (a || (r && r->form != AS_IS))
            prev = 0; /* a command or a group: no ligature across it */
        if (a)
            rc = write(ud, a, strlen(a));
        else if (r && r->form == COMMAND)
            rc = write(ud, r->tex, strlen(r->tex));
        else if (r && r->form == IN_T1) {
            static const char t1[] = "{\\fontencoding{T1}\\selectfont ";
            rc = write(ud, t1, sizeof t1 - 1);
            if (rc == 0)
                rc = write(ud, s + i, len);
            if (rc == 0)
                rc = write(ud, "}", 1);
        } else
            rc = write(ud, s + i, len);
    }
    /* What follows is not known here: the template's text, or a piece. */
    if (rc == 0 && may_join_next(prev) && n > 0)
        rc = write(ud, "{}", 2);
    return rc;
}

bool latex_joins_across(const struct latex_line *line, const char *s, size_t n)
{
    if (!line->vanished || n == 0 || line->comment || line->backslash || line->verb != VERB_NONE)
        return false;
    size_t len;
    uint32_t cp = decode((const unsigned char *)s, n, &len);
    return joins(line->last, cp) || joins_held(line->held, cp);
}
