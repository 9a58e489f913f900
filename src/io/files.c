#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/files.h"

char *path_join(const char *dir, const char *name)
{
    size_t len = strlen(dir), n = len + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s%s%s", dir, len && dir[len - 1] == '/' ? "" : "/", name);
    return p;
}

int make_directories(const char *dir, struct gt_error *err)
{
    char *path = strdup(dir);
    if (!path)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", dir, strerror(ENOMEM));
    int rc = GT_OK;
    for (char *p = path + 1; rc == GT_OK; p++) {
        bool end = *p == '\0';
        if (*p != '/' && !end)
            continue;
        *p = '\0';
        struct stat st;
        bool made = mkdir(path, 0777) == 0;
        if (!made && errno != EEXIST)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(errno));
        else if (stat(path, &st) != 0)
            /* a link loop (ELOOP), a dangling link (ENOENT) */
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(errno));
        else if (!S_ISDIR(st.st_mode))
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(ENOTDIR));
        /* Made under a umask that denies its owner (umask 777: mode 000):
         * given u+rwx, so that what follows can work in it and a failure
         * can remove it again. */
        else if (made && (st.st_mode & S_IRWXU) != S_IRWXU &&
                 chmod(path, (st.st_mode & 07777) | S_IRWXU) != 0)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", path, strerror(errno));
        if (end)
            break;
        *p = '/';
    }
    free(path);
    return rc;
}
