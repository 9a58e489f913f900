/* gzchunks: the stream is one gzip member that decompresses to the input
 * (a reader that stops after the first member gets everything), around
 * every chunk boundary, and the bytes do not depend on the number of jobs,
 * with each engine (zlib, and ISA-L when built with it); a failure says
 * whether the engine or the write stopped it. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <cmocka.h>

#include "io/gzchunks.h"

struct sink {
    unsigned char *data;
    size_t len, cap;
    size_t fail_after; /* fail the write that would pass this many bytes; 0: never */
};

static int to_memory(void *ud, const void *buf, size_t len)
{
    struct sink *s = ud;
    if (s->fail_after && s->len + len > s->fail_after)
        return -1;
    if (s->len + len > s->cap) {
        s->cap = 2 * (s->len + len);
        s->data = realloc(s->data, s->cap);
        assert_non_null(s->data);
    }
    memcpy(s->data + s->len, buf, len);
    s->len += len;
    return 0;
}

/* Input that does not compress to nothing: a pseudo-random CSV-like text. */
static unsigned char *make_input(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    assert_non_null(p);
    uint32_t x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (unsigned char)("0123456789,\n"[(x >> 16) % 12]);
    }
    return p;
}

static struct sink compress_with(const unsigned char *in, size_t n, int level, unsigned jobs,
                                 size_t piece)
{
    struct sink s = {0};
    struct gzchunks *z = gzchunks_new(level, jobs, to_memory, &s);
    assert_non_null(z);
    for (size_t off = 0; off < n; off += piece)
        assert_int_equal(gzchunks_write(z, in + off, n - off < piece ? n - off : piece), 0);
    assert_int_equal(gzchunks_finish(z), 0);
    gzchunks_free(z);
    return s;
}

/* Decompresses the first gzip member only, as LibreOffice does, and checks
 * that nothing follows it. */
static unsigned char *inflate_all(const struct sink *s, size_t *out_len)
{
    size_t cap = 1 << 16, len = 0;
    unsigned char *out = malloc(cap);
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = s->data;
    z.avail_in = (uInt)s->len;
    for (;;) {
        if (len == cap)
            out = realloc(out, cap *= 2);
        z.next_out = out + len;
        z.avail_out = (uInt)(cap - len);
        int rc = inflate(&z, Z_NO_FLUSH);
        len = cap - z.avail_out;
        if (rc == Z_STREAM_END)
            break;
        assert_int_equal(rc, Z_OK);
    }
    if (z.avail_in != 0)
        fail_msg("%u bytes after the first gzip member", z.avail_in);
    inflateEnd(&z);
    *out_len = len;
    return out;
}

/* Level 0 is zlib's stored blocks; 1 and 6 are ISA-L's levels 0 and 3
 * when configure found ISA-L, zlib's otherwise. */
static const int levels[] = {0, 1, 6};

static void test_boundaries_and_jobs(void **state)
{
    (void)state;
    const size_t C = GZCHUNKS_SIZE;
    const size_t sizes[] = {0, 1, C - 1, C, C + 1, 2 * C, 3 * C + 17};
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            size_t n = sizes[i];
            unsigned char *in = make_input(n);
            struct sink one = compress_with(in, n, levels[l], 1, 4096);
            size_t back_len;
            unsigned char *back = inflate_all(&one, &back_len);
            if (back_len != n || (n && memcmp(back, in, n) != 0))
                fail_msg("level %d, %zu bytes: decompressed to something else", levels[l], n);
            for (unsigned jobs = 2; jobs <= 5; jobs += 3) {
                struct sink many = compress_with(in, n, levels[l], jobs, 100000);
                if (many.len != one.len || memcmp(many.data, one.data, one.len) != 0)
                    fail_msg("level %d, %zu bytes: --jobs %u differs from --jobs 1",
                             levels[l], n, jobs);
                free(many.data);
            }
            /* The header: no time stamp, no name, OS Unix; the trailer:
             * the CRC-32 and the length of the whole input. */
            static const unsigned char header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3};
            assert_memory_equal(one.data, header, 8);
            assert_int_equal(one.data[9], header[9]);
            uLong crc = crc32(crc32(0L, Z_NULL, 0), in, (uInt)n);
            const unsigned char *t = one.data + one.len - 8;
            assert_int_equal(t[0] | t[1] << 8 | t[2] << 16 | (uLong)t[3] << 24, crc);
            assert_int_equal(t[4] | t[5] << 8 | t[6] << 16 | (uLong)t[7] << 24, n & 0xffffffffu);
            free(back);
            free(one.data);
            free(in);
        }
    }
}

/* Which engine serves which level: what --help says. */
static void test_engines(void **state)
{
    (void)state;
    static const struct {
        int level;
        enum gzchunks_engine_id id;
        int engine_level;
    } cases[] = {
#if HAVE_ISAL
        {0, GZCHUNKS_ZLIB_ENGINE, 0}, {1, GZCHUNKS_ISAL, 0}, {2, GZCHUNKS_ISAL, 2},
        {4, GZCHUNKS_ISAL, 2},        {5, GZCHUNKS_ISAL, 3}, {6, GZCHUNKS_ISAL, 3},
        {9, GZCHUNKS_ISAL, 3},        {42, GZCHUNKS_ZLIB_ENGINE, 42},
#else
        {0, GZCHUNKS_ZLIB_ENGINE, 0}, {1, GZCHUNKS_ZLIB_ENGINE, 1},
        {6, GZCHUNKS_ZLIB_ENGINE, 6}, {9, GZCHUNKS_ZLIB_ENGINE, 9},
#endif
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct gzchunks_engine e = gzchunks_engine(cases[i].level);
        if (e.id != cases[i].id || e.level != cases[i].engine_level)
            fail_msg("--level %d: engine %d level %d, expected %d level %d", cases[i].level,
                     (int)e.id, e.level, (int)cases[i].id, cases[i].engine_level);
    }
}

static void test_write_failure(void **state)
{
    (void)state;
    unsigned char *in = make_input(3 * GZCHUNKS_SIZE);
    for (unsigned jobs = 1; jobs <= 2; jobs++) {
        struct sink s = {.fail_after = 10};
        struct gzchunks *z = gzchunks_new(6, jobs, to_memory, &s);
        assert_non_null(z);
        int rc = gzchunks_write(z, in, 3 * GZCHUNKS_SIZE);
        if (rc == 0)
            rc = gzchunks_finish(z);
        assert_int_equal(rc, -1);
        const char *msg;
        assert_int_equal(gzchunks_error(z, &msg), GZCHUNKS_WRITE);
        assert_string_equal(msg, "");
        gzchunks_free(z);
        free(s.data);
    }
    free(in);
}

/* A level zlib refuses: the stream stops with zlib's reason, not the
 * write's, and nothing is written. */
static void test_zlib_failure(void **state)
{
    (void)state;
    unsigned char *in = make_input(100);
    for (unsigned jobs = 1; jobs <= 2; jobs++) {
        struct sink s = {0};
        struct gzchunks *z = gzchunks_new(42, jobs, to_memory, &s);
        assert_non_null(z);
        assert_int_equal(gzchunks_write(z, in, 100), 0);
        assert_int_equal(gzchunks_finish(z), -1);
        const char *msg;
        assert_int_equal(gzchunks_error(z, &msg), GZCHUNKS_ZLIB);
        assert_string_equal(msg, "zlib failed: stream error");
        assert_int_equal(s.len, 0);
        gzchunks_free(z);
    }
    free(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boundaries_and_jobs),
        cmocka_unit_test(test_engines),
        cmocka_unit_test(test_write_failure),
        cmocka_unit_test(test_zlib_failure),
    };
    return cmocka_run_group_tests_name("gzchunks", tests, NULL, NULL);
}
