/* The LaTeX repertoire (src/template/latex.c) against the README's table,
 * and the UTF-8 check of templates (src/base/utf8.c). */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/utf8.h"
#include "template/latex.h"

struct ranges {
    uint32_t first[256], last[256];
    size_t n;
};

static void collect(uint32_t first, uint32_t last, void *ud)
{
    struct ranges *r = ud;
    assert_true(r->n < 256);
    r->first[r->n] = first;
    r->last[r->n++] = last;
}

struct codes {
    uint32_t cp[256];
    size_t n;
};

static void collect_declared(uint32_t cp, const char *reads_as, void *ud)
{
    struct codes *c = ud;
    assert_true(c->n < 256 && reads_as && *reads_as);
    c->cp[c->n++] = cp;
}

static bool has_code(const struct codes *c, uint32_t cp)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->cp[i] == cp)
            return true;
    return false;
}

/* Every character templates/preamble.tex maps (\DeclareUnicodeCharacter)
 * is one render accepts, and every one latex.c lists as declared is mapped
 * there: the two lists do not drift. */
static void test_preamble_and_repertoire_agree(void **state)
{
    (void)state;
    const char *top = getenv("GAMETAB_TOP_SRCDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/templates/preamble.tex", top ? top : ".");
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    struct codes preamble = {.n = 0}, listed = {.n = 0};
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        unsigned cp;
        if (sscanf(line, "\\DeclareUnicodeCharacter{%X}", &cp) == 1) {
            assert_true(preamble.n < 256);
            preamble.cp[preamble.n++] = cp;
            if (!latex_typesettable(cp))
                fail_msg("the preamble maps U+%04X, render refuses it", cp);
        }
    }
    fclose(f);
    assert_true(preamble.n >= 20);
    latex_declared(collect_declared, &listed);
    for (size_t i = 0; i < listed.n; i++)
        if (!has_code(&preamble, listed.cp[i]))
            fail_msg("latex.c declares U+%04X, the preamble does not map it", (unsigned)listed.cp[i]);
}

/* The README states the repertoire as a table, "| U+00A0 | U+00AC | …":
 * the same ranges as the escaper's, in the same order. */
static void test_readme_states_the_repertoire(void **state)
{
    (void)state;
    const char *top = getenv("GAMETAB_TOP_SRCDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/README.md", top ? top : ".");
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    struct ranges readme = {.n = 0}, table = {.n = 0};
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        unsigned first, last;
        if (sscanf(line, "| U+%X | U+%X |", &first, &last) == 2)
            collect(first, last, &readme);
    }
    fclose(f);
    latex_repertoire(collect, &table);
    assert_true(table.n > 0);
    for (size_t i = 0; i < table.n || i < readme.n; i++) {
        if (i >= readme.n)
            fail_msg("README lacks U+%04X..U+%04X", (unsigned)table.first[i], (unsigned)table.last[i]);
        if (i >= table.n)
            fail_msg("README has U+%04X..U+%04X, the escaper does not", (unsigned)readme.first[i],
                     (unsigned)readme.last[i]);
        if (readme.first[i] != table.first[i] || readme.last[i] != table.last[i])
            fail_msg("range %zu: README U+%04X..U+%04X, escaper U+%04X..U+%04X", i,
                     (unsigned)readme.first[i], (unsigned)readme.last[i], (unsigned)table.first[i],
                     (unsigned)table.last[i]);
    }
}

static const struct {
    uint32_t cp;
    bool ok;
    const char *why;
} typesettable_cases[] = {
    {' ', true, "printable ASCII"},     {'~', true, "printable ASCII"},
    {'\t', true, "white space"},        {'\n', true, "a line break in a quoted field"},
    {0x01, false, "a control character"}, {0x7F, false, "DEL"},
    {0x00A0, true, "no-break space"},   {0x00AD, false, "soft hyphen: prints nothing"},
    {0x00B5, true, "micro sign: declared, reads μ"}, {0x00E9, true, "é"},
    {0x0110, false, "Đ prints as Ð"},   {0x0141, true, "Ł (T1)"},
    {0x0391, false, "Α: no glyph apart from A"}, {0x03B1, true, "α"},
    {0x03BF, false, "ο: no glyph apart from o"}, {0x0416, true, "Ж"},
    {0x0406, true, "І: declared, reads I"}, {0x2026, true, "…: declared (errata), reads ..."},
    {0x2260, true, "≠: declared (errata)"},   {0x2713, true, "✓ (amssymb)"},
    {0x51AF, false, "冯"},              {0x1F600, false, "an emoji"},
};

static void test_typesettable(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof typesettable_cases / sizeof typesettable_cases[0]; i++)
        if (latex_typesettable(typesettable_cases[i].cp) != typesettable_cases[i].ok)
            fail_msg("U+%04X (%s): want %s", (unsigned)typesettable_cases[i].cp,
                     typesettable_cases[i].why, typesettable_cases[i].ok ? "typesettable" : "refused");
}

static const struct {
    const char *text;
    unsigned long line; /* of the first bad byte, 0: all well-formed */
} utf8_cases[] = {
    {"", 0},
    {"plain\n{{x}}\n", 0},
    {"Проигрышные поля, α, ✓, 😀", 0},
    {"caf\xe9\n", 1},               /* Latin-1 */
    {"a\nb\n\xc0\xaf", 3},          /* overlong / */
    {"a\n\xed\xa0\x80", 2},         /* a surrogate */
    {"\xf4\x90\x80\x80", 1},        /* past U+10FFFF */
    {"ok\n\xe2\x82", 2},            /* cut short at the end */
    {"\x80", 1},                    /* a lone continuation byte */
};

static void test_utf8_invalid_line(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof utf8_cases / sizeof utf8_cases[0]; i++) {
        unsigned long got = utf8_invalid_line(utf8_cases[i].text, strlen(utf8_cases[i].text));
        if (got != utf8_cases[i].line)
            fail_msg("case %zu: line %lu, want %lu", i, got, utf8_cases[i].line);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_readme_states_the_repertoire),
        cmocka_unit_test(test_preamble_and_repertoire_agree),
        cmocka_unit_test(test_typesettable),
        cmocka_unit_test(test_utf8_invalid_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
