/* main.c: gametab's entry point.  Guards the standard descriptors, catches
 * the signals, runs the command argv[1] names (commands.c), and is the only
 * place that prints an error, "gametab: <what>: <why>", and chooses the exit
 * status: 0 success, 1 runtime error, 2 usage error. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/epoch.h"
#include "cli/command.h"
#include "cli/help.h"
#include "cli/options.h"
#include "base/interrupt.h"
#include "base/utf8.h"
#include "io/csv-read.h"
#include "io/files.h"
#include "io/output.h"
#include "sinks/sink-pdf.h"
#include "template/templates.h"

/* The environment variables gametab reads, checked before any work: a
 * value it cannot use is a usage error, not ignored (the limits of
 * template/templates.h, io/csv-read.h and sinks/sink-pdf.h, SOURCE_DATE_EPOCH of
 * base/epoch.h). */
static int environment_check(struct gt_error *err)
{
    time_t t;
    if (epoch_get(&t, err) != GT_OK)
        return GT_ERR_USAGE;
    if (template_limits_check(err) != GT_OK || sink_pdf_limits_check(err) != GT_OK)
        return GT_ERR_USAGE;
    return csv_limits_check(err);
}

/* An empty argument is refused as an empty -o is, before any work:
 * "render: DATA is empty (a file name)", the argument named as c's usage
 * names it. */
static int arguments_check_nonempty(const struct command *c, const struct parsed_args *args,
                                    struct gt_error *err)
{
    static const char *const what[] = {[ARG_TABLE] = "a table's name",
                                       [ARG_FIGURE] = "a figure's name",
                                       [ARG_FILE] = "a file name",
                                       [ARG_TEMPLATE] = "a file or a template's name"};
    for (size_t i = 0; i < args->n && i < c->args_max && i < 2; i++) {
        if (*args->arg[i])
            continue;
        /* The usage's word i + 1 ("render TEMPLATE [DATA] ..."), brackets off. */
        const char *w = c->usage;
        for (size_t k = 0; k <= i && w; k++)
            w = strchr(w, ' ') ? strchr(w, ' ') + 1 : NULL;
        w = w ? w + strspn(w, "[") : "the argument";
        return gt_fail(err, GT_ERR_USAGE, "%s: %.*s is empty (%s)", c->name,
                       (int)strcspn(w, " ]"), w, what[c->arg_kind[i]]);
    }
    return GT_OK;
}

/* A word from the command line as a message's <what>: an empty one
 * quoted, as '' (breaker round 54, F1: "gametab: : unexpected after help"). */
static const char *word_shown(const char *word)
{
    return *word ? word : "''";
}

/* word as the shell reads it back (breaker round 54, F1's sibling: "give
 * -o a b" for build 'a b'): as it is when made only of characters no shell
 * treats as its own, else in single quotes ('\'' for a quote).  NULL when
 * it is empty, does not fit in size bytes, or a message would not show it
 * as it is (a control character, C1 and the bidirectional ones too, or a
 * byte not UTF-8, said as '?': breaker round 55, F2). */
static const char *shell_word(const char *word, char *buf, size_t size)
{
    if (!*word || !utf8_one_line_keeps(word))
        return NULL;
    if (word[strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                          "%+,-./:=@_")] == '\0')
        return word;
    size_t n = 0;
    buf[n++] = '\'';
    for (const char *c = word; *c; c++) {
        const char *piece = *c == '\'' ? "'\\''" : (char[]){*c, '\0'};
        size_t k = strlen(piece);
        if (n + k + 2 > size)
            return NULL;
        memcpy(buf + n, piece, k);
        n += k;
    }
    buf[n++] = '\'';
    buf[n] = '\0';
    return buf;
}

/* An argument past c's last: said with -o's advice when c takes -o, it
 * was not given, and the argument reads as its value: any word for build's
 * -o DIR, a name with a '.' or '/' for -o FILE (verify x is more likely a
 * claim than a file).  build output said "unexpected argument 'output'"
 * alone (noticed by breaker round 36).  Not for a name c would refuse
 * (c->output_check: figure NAME out.pdf, verify --list x.txt: breaker
 * round 56, F3). */
static int unexpected_argument(const struct command *c, struct command_line *cl,
                               struct gt_error *err)
{
    const char *extra = cl->args.extra;
    char quoted[1024];
    /* "-" is standard output to -o: a directory or file called - is ./- */
    const char *name = strcmp(extra, "-") == 0 ? "./-" : extra;
    const char *as_typed = name != extra ? name : shell_word(extra, quoted, sizeof quoted);
    if (as_typed && c->output_check && c->output_check(cl, name, true, err) != GT_OK)
        as_typed = NULL;
    for (size_t i = 0; as_typed && i < c->noptions; i++)
        if (c->options[i].short_name == 'o' && !cl->opt[i].given &&
            (strcmp(c->options[i].metavar, "DIR") == 0 || strpbrk(extra, "./")))
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: unexpected argument '%s' (to write into it, give -o %s)", c->name,
                           extra, as_typed);
    return gt_fail(err, GT_ERR_USAGE, "%s: unexpected argument '%s'", c->name, extra);
}

/* Parses argv with c's options, answers --help and --version, checks the
 * number of arguments and the values that must not be empty, and runs c. */
static int run_command(const struct command *c, int argc, char *argv[], struct gt_error *err)
{
    struct command_line cl;
    struct option_group groups[2];
    size_t ngroups = command_groups(c, &cl, groups);
    int rc = options_parse(argc, argv, groups, ngroups, c->args_max, &cl.args, err);
    if (rc != GT_OK)
        ;
    else if (cl.opt[OPT_HELP].given)
        help_command(c, stdout, cl.args.n ? cl.args.arg[0] : NULL);
    else if (cl.opt[OPT_VERSION].given)
        print_version();
    else if (cl.args.n < c->args_min)
        rc = gt_fail(err, GT_ERR_USAGE, "%s", c->missing);
    else if (cl.args.n > c->args_max)
        rc = unexpected_argument(c, &cl, err);
    else if ((rc = options_check_nonempty(groups, ngroups, err)) == GT_OK &&
             (rc = arguments_check_nonempty(c, &cl.args, err)) == GT_OK &&
             (rc = environment_check(err)) == GT_OK)
        rc = c->run(&cl, err);
    options_free(groups, ngroups);
    return rc;
}

/* Whether name is --option or a prefix of it, one letter at least ("--ver"
 * for --version), as a command's options are taken. */
static bool names_option(const char *name, const char *option)
{
    size_t n = strlen(name);
    return n > 2 && n <= strlen(option) && strncmp(name, option, n) == 0;
}

/* Whether word asks for gametab's help before a command: help, -h, or
 * --help or a prefix of it. */
static bool help_word(const char *word)
{
    return names_option(word, "--help") || strcmp(word, "-h") == 0 || strcmp(word, "help") == 0;
}

/* Whether --help-templates wrote a name (or tried to): it flushes each,
 * so that ftell(stdout) on a closed standard output's /dev/null says 0. */
static bool stdout_listed;

/* The commands' names as a list for a message: "list, table, ... or verify". */
static void command_names(char *names, size_t size)
{
    names[0] = '\0';
    for (size_t i = 0; i < command_registry_size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == command_registry_size ? " or " : ", ";
        size_t used = strlen(names);
        snprintf(names + used, size - used, "%s%s", sep, command_registry[i]->name);
    }
}

static int run(int argc, char *argv[], struct gt_error *err)
{
    char names[256];
    command_names(names, sizeof names);
    if (argc < 2)
        return gt_fail(err, GT_ERR_USAGE, "COMMAND: missing (%s; see gametab --help)", names);
    const char *name = argv[1];
    /* Not listed: what the build makes gametab.1 and the completion with
     * (whole names only: --h is --help); a word after either is a usage
     * error, as after --version (breaker round 48, F4). */
    bool man = strcmp(name, "--help-man") == 0;
    if ((man || strcmp(name, "--help-completion") == 0) && argc > 2)
        return gt_fail(err, GT_ERR_USAGE, "%s: unexpected after %s", word_shown(argv[2]), name);
    if (man)
        return help_man(stdout, err);
    if (strcmp(name, "--help-completion") == 0) {
        help_completion(stdout);
        return GT_OK;
    }
    if (strcmp(name, "--help-templates") == 0) { /* the completion's */
        int failed = help_templates(stdout, argc > 2 ? argv[2] : NULL, &stdout_listed);
        return failed ? gt_fail(err, GT_ERR_RUNTIME, "standard output: %s", strerror(failed))
                      : GT_OK;
    }
    /* The completion's: the options render refuses for TEMPLATE (with
     * --templates DIR as typed), "--NAME" a line; 1, silent, when it cannot
     * tell. */
    if (strcmp(name, "--help-template-refuses") == 0) {
        if (argc < 3)
            return GT_ERR_RUNTIME;
        return cmd_render.template_refuses(stdout, argv[2], argc > 3 ? argv[3] : NULL);
    }
    if (help_word(name)) {
        /* gametab --help COMMAND [ARG...] (or help COMMAND, as git and pip
         * take it) is gametab COMMAND --help [ARG...]: the same words, the
         * same answer.  help help is help, as the completion offers it (a
         * short check of round 53's fix, F4), in any of its spellings:
         * --help help, -h help, help --help (breaker round 54, F3). */
        while (argc >= 3 && help_word(argv[2]))
            argv++, argc--;
        for (size_t i = 0; argc >= 3 && i < command_registry_size; i++)
            if (strcmp(argv[2], command_registry[i]->name) == 0) {
                char **words = malloc((size_t)argc * sizeof *words);
                if (!words)
                    return gt_fail(err, GT_ERR_RUNTIME, "--help: %s", strerror(ENOMEM));
                /* The word after --help still names the table (parse.c:
                 * table --help NAME is table NAME --help). */
                words[0] = argv[2];
                words[1] = "--help";
                for (int k = 3; k <= argc; k++)
                    words[k - 1] = argv[k]; /* argv[argc] is NULL */
                int rc = run_command(command_registry[i], argc - 1, words, err);
                free(words);
                return rc;
            }
        if (argc > 2)
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: unexpected after %s (a command's help: gametab COMMAND "
                           "--help)",
                           word_shown(argv[2]), name);
        help_main(stdout);
        return GT_OK;
    }
    if (names_option(name, "--version")) {
        if (argc > 2)
            return gt_fail(err, GT_ERR_USAGE, "%s: unexpected after --version",
                           word_shown(argv[2]));
        print_version();
        return GT_OK;
    }
    for (size_t i = 0; i < command_registry_size; i++)
        if (strcmp(name, command_registry[i]->name) == 0)
            return run_command(command_registry[i], argc - 1, argv + 1, err);
    if (name[0] == '-')
        return gt_fail(err, GT_ERR_USAGE,
                       "%s: unknown option (before a command: --help or --version; "
                       "see gametab --help)",
                       name);
    return gt_fail(err, GT_ERR_USAGE, "%s: unknown command (%s)", word_shown(name), names);
}

/* The first signal is the one said and raised again: a second one
 * (SIGHUP as the terminal closes after a SIGTERM) does not replace it.
 * The handler runs with every signal blocked, so the test and the setting
 * are one step. */
static void on_signal(int signo)
{
    if (!interrupt_signal)
        interrupt_signal = signo;
}

/* SIGXFSZ: the kernel's, from a write past the file size limit, comes
 * from gametab itself (SI_USER, si_pid its own: send_sig with no info);
 * one another process sends (kill -XFSZ) is a stop request like SIGTERM
 * (breaker round 35, F2: it was taken for a limit, and the job ran on to
 * its end, then failed with "File too large"). */
static void on_file_size_limit(int signo, siginfo_t *info, void *context)
{
    (void)context;
    if (info->si_code == SI_USER && info->si_pid == getpid())
        file_size_exceeded = 1;
    else
        on_signal(signo);
}

/* SIGTSTP (Ctrl-Z), SIGTTIN, SIGTTOU: the program gametab waits for, in
 * a process group of its own that the terminal's signal does not reach
 * (child_group, base/interrupt.h), is stopped too, then gametab stops as
 * by default (the handler is reset on entry, SA_RESETHAND, and the signal
 * not blocked in it, SA_NODEFER); continued, it sets the handler again and
 * continues that group. */
static struct sigaction terminal_stop;

static void on_terminal_stop(int signo)
{
    int saved = errno;
    pid_t group = child_group;
    if (group > 0)
        kill(-group, SIGSTOP);
    raise(signo);
    sigaction(signo, &terminal_stop, NULL);
    if (group > 0)
        kill(-group, SIGCONT);
    terminal_stops++;
    errno = saved;
}

/* Every signal whose default is to end the process, but for the ones of a
 * fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP): SIGINT,
 * SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT, SIGVTALRM,
 * SIGPROF, SIGXCPU, SIGPWR, SIGSTKFLT and the real-time signals, sets
 * interrupt_signal: the long loops and the next write
 * see it within 0.1 s (base/interrupt.h) and the usual failure path removes
 * the temporary files; then the signal is raised again, so that the exit
 * status (128 + its number) says what happened.  SIGXFSZ from the kernel
 * (a file size limit) only sets file_size_exceeded: the write fails with
 * EFBIG and is reported like a full disk, and a write that a library did
 * not check still keeps the output from being published
 * (base/interrupt.h). */
static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: a blocked write returns EINTR */
    sigfillset(&sa.sa_mask);
    /* A signal ignored when gametab started (nohup, a background job of a
     * script) stays ignored. */
    const int signals[] = {SIGINT,  SIGTERM, SIGHUP,    SIGPIPE, SIGUSR1, SIGUSR2,
                           SIGALRM, SIGQUIT, SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGIO
                           SIGIO, /* SIGPOLL: breaker round 30, F3 */
#endif
#ifdef SIGPWR
                           SIGPWR,
#endif
#ifdef SIGSTKFLT
                           SIGSTKFLT,
#endif
    };
    /* A signal the parent left blocked (a mask survives exec) would never
     * reach the handler: the ones caught are unblocked. */
    sigset_t caught;
    sigemptyset(&caught);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
            sigaction(signals[i], &sa, NULL);
            sigaddset(&caught, signals[i]);
        }
    }
    /* The real-time signals end a process too.  Those glibc keeps for its
     * threads (32 and 33) lie below SIGRTMIN, and its sigaction refuses
     * them: sent by hand, they end gametab as the kernel does (README). */
    for (int signo = SIGRTMIN; signo <= SIGRTMAX; signo++) {
        struct sigaction old;
        if (sigaction(signo, NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
            sigaction(signo, &sa, NULL);
            sigaddset(&caught, signo);
        }
    }
    sa.sa_sigaction = on_file_size_limit;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGXFSZ, &sa, NULL);
    sigaddset(&caught, SIGXFSZ);
    /* SA_RESTART: a stop and continue interrupts no write or read. */
    memset(&terminal_stop, 0, sizeof terminal_stop);
    terminal_stop.sa_handler = on_terminal_stop;
    terminal_stop.sa_flags = SA_RESETHAND | SA_NODEFER | SA_RESTART;
    sigfillset(&terminal_stop.sa_mask);
    const int stops[] = {SIGTSTP, SIGTTIN, SIGTTOU};
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
        sigdelset(&terminal_stop.sa_mask, stops[i]);
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
        struct sigaction old;
        if (sigaction(stops[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(stops[i], &terminal_stop, NULL);
    }
    sigprocmask(SIG_UNBLOCK, &caught, NULL);
    /* An ignored SIGCHLD (a parent's, inherited) has the kernel reap the
     * children itself, and waiting for latexmk then fails (ECHILD): the
     * default, whatever the parent set. */
    signal(SIGCHLD, SIG_DFL);
}

/* A closed descriptor 0, 1 or 2 is taken by /dev/null, so that no file
 * gametab opens can land on it (and be written by printf, say); that it
 * was closed is remembered (standard_closed, io/files.h), and reading or
 * writing it by any of its names is an error. */
static void guard_standard_descriptors(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0) {
            standard_closed[fd] = true;
            int nul = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (nul >= 0 && nul != fd) {
                dup2(nul, fd);
                close(nul);
            }
        }
}

/* The stack the deepest template accepted needs (512 sections and partials
 * together: README, Limits), and libxlsxwriter's close of a workbook: the
 * system's default, 8 MiB.  A smaller soft limit (ulimit -s 128) is raised
 * to it as far as the hard limit lets, as GCC raises its own, so that the
 * limits hold however gametab is started (breaker round 38, F5: a SIGSEGV
 * within them, at 128 KiB). */
#define STACK_NEEDED ((rlim_t)8 << 20)

static void raise_stack_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
        rl.rlim_cur >= STACK_NEEDED)
        return;
    rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < STACK_NEEDED ? rl.rlim_max
                                                                            : STACK_NEEDED;
    setrlimit(RLIMIT_STACK, &rl);
}

int main(int argc, char *argv[])
{
    /* Not on the stack: its 8 KiB were cleared before raise_stack_limit
     * could act, and a soft limit of 22 KiB or less (ulimit -Ss 16) ended
     * even --version by SIGSEGV (breaker round 39, F5). */
    static struct gt_error err;
    raise_stack_limit();
    guard_standard_descriptors();
    catch_signals();
    int rc = run(argc, argv, &err);
    /* stdout carries help, list and the build summary through stdio: its
     * flush and close are checked like any other write. */
    bool wrote = stdout_listed || ftell(stdout) > 0 || ferror(stdout);
    /* A command that failed without a message (a claim of `verify` that
     * fails) still has its standard output checked. */
    bool said = rc != GT_OK && err.msg[0];
    if (!said && standard_closed[STDOUT_FILENO] && wrote)
        rc = gt_fail(&err, GT_ERR_RUNTIME, STANDARD_NOT_OPEN("standard output", 1, ">"),
                     strerror(EBADF));
    /* open for reading only (1< FILE): said as table and build say it
     * (breaker round 37, F3: list, --help, --version said a bare "Bad file
     * descriptor") */
    else if (!said && wrote && descriptor_wrong_way(STDOUT_FILENO, O_WRONLY))
        rc = gt_fail(&err, GT_ERR_RUNTIME, "standard output: %s: " DESCRIPTOR_READ_ONLY,
                     strerror(EBADF), STDOUT_FILENO, STDOUT_FILENO);
    else if (!said && (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0))
        rc = gt_fail(&err, GT_ERR_RUNTIME, "standard output: %s", strerror(errno ? errno : EIO));
    /* A reader that went away (| head) ends gametab as SIGPIPE always has:
     * silently. */
    /* A system call a stop request cut short, said with strerror(EINTR)
     * by the code that made it, is said as every stop is (breaker round
     * 47, F3: build's journal said "Interrupted system call"). */
    const char *eintr = strerror(EINTR);
    size_t len = strlen(err.msg), elen = strlen(eintr);
    if (rc != GT_OK && interrupt_signal && len >= elen + 2 &&
        strncmp(err.msg + len - elen - 2, ": ", 2) == 0 && strcmp(err.msg + len - elen, eintr) == 0)
        snprintf(err.msg + len - elen, sizeof err.msg - (len - elen), "interrupted by signal %d",
                 (int)interrupt_signal);
    if (rc != GT_OK && err.msg[0] && interrupt_signal != SIGPIPE) {
        utf8_one_line(err.msg);
        fprintf(stderr, "gametab: %s\n", err.msg);
    }
    /* A signal that stopped the work ends gametab by that signal (exit
     * 128 + N).  One that came after the work was done and published (the
     * last rename, or the freeing after it) changes nothing: the files are
     * whole, and the exit status says so, verify's 1 for a claim that fails
     * too (a status without a message: no failure a signal could cause). */
    if (interrupt_signal && rc != GT_OK && err.msg[0]) {
        signal(interrupt_signal, SIG_DFL);
        raise(interrupt_signal);
        /* Still here: the process is a PID namespace's init (a container's
         * first process), for which the kernel drops a signal of its own
         * whose action is the default; the exit status says it as a shell
         * would (breaker round 31, F4: it was 1). */
        return 128 + interrupt_signal;
    }
    return rc;
}
