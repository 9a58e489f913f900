/* Exact decimal expansions of fractions (src/games/decimal.c). */
#include <config.h>

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "games/decimal.h"

struct decimal_case {
    uint64_t num, den;
    unsigned places;
    const char *full;    /* decimal_format */
    const char *trimmed; /* decimal_format_frac_trimmed */
    bool exact;
};

static const struct decimal_case cases[] = {
    {2, 3, 4, "0.6667", "6667", false},
    {1, 3, 4, "0.3333", "3333", false},
    {3, 4, 4, "0.7500", "75", true},
    {1, 1, 4, "1.0000", "", true},
    {0, 1, 4, "0.0000", "", true},
    {5, 8, 4, "0.6250", "625", true},
    {7, 11, 4, "0.6364", "6364", false},
    {4, 7, 4, "0.5714", "5714", false},
    {1, 2, 0, "1", "", false},       /* half rounds up */
    {1, 8, 2, "0.13", "13", false},  /* 0.125: half up */
    {2, 3, 12, "0.666666666667", "666666666667", false},
    {UINT64_MAX, UINT64_MAX, 18, "1.000000000000000000", "", true},
    {UINT64_MAX - 1, UINT64_MAX, 18, "1.000000000000000000", "", false},
    {1, UINT64_MAX, 18, "0.000000000000000000", "", false},
};

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct decimal_case *c = &cases[i];
        struct decimal d = decimal_of_fraction(c->num, c->den, c->places);
        char buf[DECIMAL_BUF_SIZE];
        decimal_format(&d, buf);
        if (strcmp(buf, c->full) != 0)
            fail_msg("%" PRIu64 "/%" PRIu64 " at %u places: got %s, want %s", c->num, c->den,
                     c->places, buf, c->full);
        decimal_format_frac_trimmed(&d, buf);
        assert_string_equal(buf, c->trimmed);
        assert_int_equal(d.exact, c->exact);
    }
}

static void test_u64_format(void **state)
{
    (void)state;
    char buf[21];
    assert_int_equal(u64_format(0, buf), 1);
    assert_string_equal(buf, "0");
    assert_int_equal(u64_format(UINT64_MAX, buf), 20);
    assert_string_equal(buf, "18446744073709551615");
    /* The length comes from the bit length: each side of every power of
     * ten and of every power of two, against printf. */
    uint64_t p10 = 1;
    for (int k = 0; k < 64; k++) {
        const uint64_t around[] = {p10 - 1, p10, p10 + 1, ((uint64_t)1 << k) - 1,
                                   (uint64_t)1 << k, ((uint64_t)1 << k) + 1};
        for (size_t i = 0; i < sizeof around / sizeof around[0]; i++) {
            char want[32];
            int n = snprintf(want, sizeof want, "%" PRIu64, around[i]);
            size_t got = u64_format(around[i], buf);
            if (got != (size_t)n || strcmp(buf, want) != 0)
                fail_msg("u64_format(%s) gave \"%s\" (%zu)", want, buf, got);
        }
        if (k < 19)
            p10 *= 10;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_u64_format),
    };
    return cmocka_run_group_tests_name("decimal", tests, NULL, NULL);
}
