/* fuzz-cli.c: libFuzzer target for the command line (make fuzz).
 *
 * The input is argv[1..], NUL-separated: a command and its options, run as
 * main runs them (cli/commands.c), in a scratch directory (the fuzzer's
 * own directory again between inputs, for its corpus), with standard
 * output on /dev/null.  Every command really runs, so each is cut short the
 * way a user would: a CPU timer raises the stop request (base/interrupt.h)
 * after 0.1 s, files are limited to 1 MiB, and arguments holding '/' are
 * refused (no path outside the scratch directory, which is emptied after
 * each input).  Findings: a crash, a leak (an interrupted command must
 * still free everything), undefined behaviour, an exit status other than
 * 0, 1 and 2, a usage error without a message. */
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "cli/command.h"
#include "cli/parse.h"
#include "io/files.h"
#include "io/output.h"

#define ARGS_MAX 16
#define ARG_LEN_MAX 256

static char scratch[] = "/tmp/gametab-fuzz-cli.XXXXXX";
static int home = -1; /* the fuzzer's own directory: its corpus and findings */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag;
    if (ftw->level > 0) {
        chmod(path, 0700);
        remove(path);
    }
    return 0;
}

/* The scratch directory goes when the fuzzer ends (libFuzzer exits by
 * exit() when its time is up). */
static void remove_scratch(void)
{
    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    rmdir(scratch);
}

static void on_timer(int signo)
{
    interrupt_signal = signo;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    home = open(".", O_RDONLY | O_DIRECTORY);
    if (home < 0 || !mkdtemp(scratch))
        abort();
    atexit(remove_scratch);
    int nul = open("/dev/null", O_WRONLY);
    if (nul < 0 || dup2(nul, STDOUT_FILENO) < 0)
        abort();
    close(nul);
    struct rlimit fsize = {1 << 20, 1 << 20};
    setrlimit(RLIMIT_FSIZE, &fsize);
    struct sigaction sa = {.sa_handler = on_timer};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGVTALRM, &sa, NULL);
    return 0;
}

/* A command as main.c's run_command runs it: its options parsed from the
 * specs, the argument counts checked, then its run. */
static int run_command(const struct command *c, int argc, char *argv[], struct gt_error *err)
{
    struct command_line cl;
    struct option_group groups[2];
    size_t ngroups = command_groups(c, &cl, groups);
    int rc = options_parse(argc, argv, groups, ngroups, c->args_max, &cl.args, err);
    if (rc == GT_OK && !cl.opt[OPT_HELP].given && !cl.opt[OPT_VERSION].given) {
        if (cl.args.n < c->args_min)
            rc = gt_fail(err, GT_ERR_USAGE, "%s", c->missing);
        else if (cl.args.n > c->args_max)
            rc = gt_fail(err, GT_ERR_USAGE, "%s: unexpected argument", c->name);
        else if ((rc = options_check_nonempty(groups, ngroups, err)) == GT_OK)
            rc = c->run(&cl, err);
    }
    options_free(groups, ngroups);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[ARGS_MAX * (ARG_LEN_MAX + 1)];
    if (size == 0 || size >= sizeof buf || memchr(data, '/', size))
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[ARGS_MAX + 1];
    int argc = 0;
    for (char *p = buf; p <= buf + size && argc < ARGS_MAX; p += strlen(p) + 1) {
        if (strlen(p) > ARG_LEN_MAX)
            return 0;
        argv[argc++] = p;
    }
    argv[argc] = NULL;
    const struct command *cmd = NULL;
    for (size_t i = 0; i < command_registry_size; i++)
        if (strcmp(argv[0], command_registry[i]->name) == 0)
            cmd = command_registry[i];
    if (!cmd)
        return 0;

    if (chdir(scratch) != 0)
        abort();
    interrupt_signal = 0;
    standard_closed[STDOUT_FILENO] = false;
    /* A write past the file size limit fails with EFBIG, as on a full
     * disk; libFuzzer's own SIGXFSZ handler, set after
     * LLVMFuzzerInitialize, would take it for a crash ("file size
     * exceeded", breaker round 27, F6), so it is ignored again here. */
    signal(SIGXFSZ, SIG_IGN);
    struct itimerval stop = {.it_value = {0, 100000}};
    setitimer(ITIMER_VIRTUAL, &stop, NULL);
    struct gt_error err = {0};
    int rc = run_command(cmd, argc, argv, &err);
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_VIRTUAL, &off, NULL);
    fflush(stdout);
    clearerr(stdout);
    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    if (fchdir(home) != 0)
        abort();

    if (rc != GT_OK && rc != GT_ERR_RUNTIME && rc != GT_ERR_USAGE)
        abort();
    if (rc == GT_ERR_USAGE && !err.msg[0])
        abort();
    return 0;
}
