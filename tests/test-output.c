/* output: a write() that fails with EIO is reported as the disk's error
 * ("Input/output error"), for plain and gzip output alike, and a failure of
 * zlib's own as "zlib failed"; either way nothing is left at the path.
 * write() is wrapped at link time (-Wl,--wrap=write): fault injection
 * without touching the code under test. */
#include <config.h>

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/output.h"

static int fail_with; /* 0: write() works; else the errno it fails with */

ssize_t __real_write(int fd, const void *buf, size_t len);
ssize_t __wrap_write(int fd, const void *buf, size_t len);
ssize_t __wrap_write(int fd, const void *buf, size_t len)
{
    if (fail_with) {
        errno = fail_with;
        return -1;
    }
    return __real_write(fd, buf, len);
}

/* Writes 3 MiB to a fresh path through output and commits; returns the
 * status and leaves the message in err. */
static int write_file(const char *path, enum output_encoding enc, int level, unsigned jobs,
                      struct gt_error *err)
{
    struct output *out;
    int rc = output_open(&out, path, NULL, enc, level, jobs, err);
    assert_int_equal(rc, GT_OK);
    static char line[1024];
    memset(line, 'x', sizeof line);
    for (int i = 0; rc == GT_OK && i < 3 * 1024; i++)
        rc = output_write(out, line, sizeof line, err);
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}

static void test_disk_eio(void **state)
{
    (void)state;
    char dir[] = "/tmp/test-output.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/t.csv.gz", dir);
    for (int enc = OUTPUT_PLAIN; enc <= OUTPUT_GZIP; enc++) {
        for (unsigned jobs = 1; jobs <= 2; jobs++) {
            struct gt_error err = {0};
            char want[128];
            fail_with = EIO;
            int rc = write_file(path, (enum output_encoding)enc, 6, jobs, &err);
            fail_with = 0;
            assert_int_equal(rc, GT_ERR_RUNTIME);
            snprintf(want, sizeof want, "%s: Input/output error", path);
            assert_string_equal(err.msg, want);
            struct stat st;
            assert_int_not_equal(stat(path, &st), 0);
        }
    }
    assert_int_equal(rmdir(dir), 0); /* no temporary left either */
}

static void test_zlib_failure(void **state)
{
    (void)state;
    char dir[] = "/tmp/test-output.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/t.csv.gz", dir);
    struct gt_error err = {0};
    /* Level 42 passes output_open and is refused by deflateInit2. */
    assert_int_equal(write_file(path, OUTPUT_GZIP, 42, 2, &err), GT_ERR_RUNTIME);
    char want[128];
    snprintf(want, sizeof want, "%s: zlib failed: stream error", path);
    assert_string_equal(err.msg, want);
    assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disk_eio),
        cmocka_unit_test(test_zlib_failure),
    };
    return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
