/* error.h: errors as values, reported once by the command layer.
 *
 * Library code fills a struct gt_error and returns its status; only
 * gametab.c prints "gametab: <what>: <why>" and chooses the exit status. */
#ifndef GAMETAB_ERROR_H
#define GAMETAB_ERROR_H

enum gt_status {
    GT_OK = 0,
    GT_ERR_RUNTIME = 1, /* exit 1: unwritable path, full disk, bad template */
    GT_ERR_USAGE = 2,   /* exit 2: unknown table or option, bad number */
};

struct gt_error {
    int status;
    char msg[8192]; /* one line, "<what>: <why>", without the "gametab: " */
};

/* Records a printf-style message in err (which may be NULL) and returns
 * status, so that callers can write `return gt_fail(err, GT_ERR_USAGE, ...)`.
 * A message longer than err->msg keeps its start and its end around "…";
 * when even that finds no memory, its start only. */
int gt_fail(struct gt_error *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The status recorded in err by a function that signals failure another
 * way (a NULL result): GT_ERR_USAGE or GT_ERR_RUNTIME; GT_ERR_RUNTIME when
 * err is NULL or holds none. */
int gt_status(const struct gt_error *err);

#endif
