/* output: a write() that fails with EIO is reported as the disk's error
 * ("Input/output error"), for plain and gzip output alike, and a failure of
 * zlib's own as "zlib failed"; either way nothing is left at the path.
 * write() is wrapped at link time (-Wl,--wrap=write): fault injection
 * without touching the code under test.  And the names of this process's
 * descriptors (io/files: descriptor_named, descriptor_closed), every name
 * read from the heap at its own length, as the command line's are, and
 * which way each is open (descriptor_wrong_way). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "io/files.h"
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

/* name's descriptor_named and descriptor_closed, name copied to a block of
 * its own size: a read past its end is AddressSanitizer's to catch (ci44:
 * descriptor_closed read "a" from the length of "/dev/fd/" on). */
static void check_name(const char *name, int named, int closed)
{
    char *copy = strdup(name);
    assert_non_null(copy);
    assert_int_equal(descriptor_named(copy), named);
    assert_int_equal(descriptor_closed(copy, NULL), closed);
    free(copy);
}

static void test_descriptor_names(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    int open_fd = fds[0], closed_fd = fds[1];
    assert_int_equal(close(closed_fd), 0);
    char name[64];
    const char *dirs[] = {"/dev/fd/", "//dev/fd/", "/dev/./fd/", "/proc/self/fd/",
                          "/proc/thread-self/fd/"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(name, sizeof name, "%s%d", dirs[i], open_fd);
        check_name(name, open_fd, -1);
        snprintf(name, sizeof name, "%s%d", dirs[i], closed_fd);
        check_name(name, closed_fd, closed_fd);
    }
    snprintf(name, sizeof name, "/proc/%ld/fd/%d", (long)getpid(), closed_fd);
    check_name(name, closed_fd, closed_fd);
    /* Shorter than every prefix, a prefix alone, a near miss. */
    const char *others[] = {"", "a", "/", "/d", "/dev", "/dev/fd", "/dev/fd/", "/dev/fd/1x",
                            "/dev/fd/1234567", "/proc/self/fd/", "/tmp/1", "/dev/fdx/1", "7"};
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        check_name(others[i], -1, -1);
    check_name("/dev/stdout", -1, -1); /* open: a test's standard output */
    /* A path below a descriptor's directory, or with a trailing '/': the
     * descriptor's when it is closed, said as a directory's. */
    for (size_t i = 0; i < 3; i++) {
        bool under = false;
        snprintf(name, sizeof name, "/dev/fd/%d%s", closed_fd,
                 (const char *[]){"/x.csv", "/", "/a/b/"}[i]);
        char *copy = strdup(name);
        assert_non_null(copy);
        assert_int_equal(descriptor_closed(copy, &under), closed_fd);
        assert_true(under);
        snprintf(name, sizeof name, "/dev/fd/%d/x.csv", open_fd);
        assert_int_equal(descriptor_closed(name, &under), -1);
        free(copy);
    }
    bool under = true;
    snprintf(name, sizeof name, "/dev/fd/%d", closed_fd);
    assert_int_equal(descriptor_closed(name, &under), closed_fd);
    assert_false(under);
    assert_int_equal(close(open_fd), 0);
}

/* A pipe's read side is the wrong way to write, its write side to read;
 * a descriptor open both ways, or not open, is neither. */
static void test_descriptor_direction(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_true(descriptor_wrong_way(fds[0], O_WRONLY));
    assert_false(descriptor_wrong_way(fds[0], O_RDONLY));
    assert_true(descriptor_wrong_way(fds[1], O_RDONLY));
    assert_false(descriptor_wrong_way(fds[1], O_WRONLY));
    int both = open("/dev/null", O_RDWR | O_CLOEXEC);
    assert_true(both >= 0);
    assert_false(descriptor_wrong_way(both, O_RDONLY));
    assert_false(descriptor_wrong_way(both, O_WRONLY));
    assert_int_equal(close(both), 0);
    assert_int_equal(close(fds[1]), 0);
    assert_false(descriptor_wrong_way(fds[1], O_RDONLY));
    assert_false(descriptor_wrong_way(fds[1], O_WRONLY));
    assert_int_equal(close(fds[0]), 0);
}

/* A pipe whose write side this process holds is found by its read side's
 * stat; once that side is closed, or for a file, none is. */
static void test_descriptor_writing_pipe(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    struct stat st;
    assert_int_equal(fstat(fds[0], &st), 0);
    assert_int_equal(descriptor_writing_pipe(&st), fds[1]);
    assert_int_equal(close(fds[1]), 0);
    assert_int_equal(descriptor_writing_pipe(&st), -1);
    assert_int_equal(close(fds[0]), 0);
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_int_equal(descriptor_writing_pipe(&st), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disk_eio),
        cmocka_unit_test(test_zlib_failure),
        cmocka_unit_test(test_descriptor_names),
        cmocka_unit_test(test_descriptor_direction),
        cmocka_unit_test(test_descriptor_writing_pipe),
    };
    return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
