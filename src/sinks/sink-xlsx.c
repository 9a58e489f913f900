/* sink-xlsx.c: tables as an xlsx workbook (sink-xlsx.h). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <unzip.h>
#include <xlsxwriter.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base/epoch.h"
#include "base/interrupt.h"
#include "io/files.h"
#include "sinks/sink-xlsx.h"

/* The widest a column is made for text with spaces, in characters: a
 * longer text (an errata statement, what a table holds) wraps onto more
 * lines of the cell, the row set as tall as they need (row_end). */
#define WIDTH_MAX 60

/* The tallest a row is made, in points: Excel's limit (27 lines). */
#define ROW_HEIGHT_MAX 409.0

/* The widest a column is made for a text that cannot wrap, a run without
 * spaces (the binary and Fibonacci digits of a_n near 2^64, up to 92): as
 * wide as it, up to this, the most Excel allows. */
#define WIDTH_SOLID_MAX 255

/* Printing (page_setup).  A column of width w characters is w * 7 + 5
 * pixels (Calibri 11, 96 pixels an inch), which Excel and LibreOffice print
 * at 72 points an inch.  The widest a sheet prints at its own size on a
 * portrait page, in pixels: A4's 8.27 inches less the default margins of
 * 0.7 inch either side (Letter is wider).  A chart beside the data takes
 * an empty default column (64 pixels), its offset and its 480 pixels. */
#define PRINT_PORTRAIT_PX 659
#define PAPER_A4 9 /* Excel's paper sizes: 9 is A4 */
#define CHART_PX (64 + 10 + 480)


struct xlsx_book {
    lxw_workbook *wb;
    const char *name;           /* the output's, for messages */
    char *path;                 /* the name libxlsxwriter writes the workbook to */
    bool named;                 /* path names the file in tmpdir, removed at the end */
    int fd;                     /* the temporary file, read back by commit */
    int null_fd, stderr_fd;     /* /dev/null and standard error's own (quiet_*) */
    const char *tmpdir;         /* its directory ($TMPDIR), for messages */
    lxw_format *bold, *integer;
    lxw_format *wrap;           /* text longer than WIDTH_MAX, with spaces */
    lxw_format *decimal[DECIMAL_PLACES_MAX + 1]; /* by places, made when first needed */
    struct xlsx_sheet *sheet;   /* the sheet being written, or NULL */
    uint64_t *cells;            /* the cells written on each sheet, in order (read_back) */
    size_t nsheets;
};
struct xlsx_sheet {
    struct xlsx_book *b;
    lxw_worksheet *ws;
    char name[XLSX_SHEET_NAME_SIZE];
    const struct table_column *columns;
    size_t ncolumns;
    uint32_t rows;              /* written, the header included */
    size_t width[TABLE_MAX_COLUMNS];  /* the widest text, in characters */
    size_t solid[TABLE_MAX_COLUMNS];  /* the widest text without a space */
    unsigned places;            /* of the DECIMAL columns; 0: as in the text */
    size_t lines;               /* the most lines a wrapped cell of the row takes */
    size_t px;                  /* the columns' width, in pixels (xlsx_sheet_end) */
    bool numbers;               /* integers as numbers past 15 digits too (a chart's x) */
    bool text[TABLE_MAX_COLUMNS]; /* an INTEGER column that reaches 10^15: text throughout */
};

static int fail_lxw(struct gt_error *err, const char *what, lxw_error e)
{
    return gt_fail(err, GT_ERR_RUNTIME, "%s: libxlsxwriter: %s", what, lxw_strerror(e));
}

static int fail_rows(struct gt_error *err, const char *name)
{
    return gt_fail(err, GT_ERR_USAGE,
                   "%s: a spreadsheet holds at most %u rows (a header and %u of data); "
                   "use csv.gz for more", name, XLSX_ROWS_MAX, XLSX_ROWS_MAX - 1);
}

/* ---- the workbook ----------------------------------------------------------- */

/* The error of a system call on the workbook that failed with errno e: out
 * of descriptors or memory, or past the file size limit (EFBIG, ulimit -f:
 * row f13's message, now that a sheet's failed write is seen before the
 * close), is the process's lack, said with the output's
 * name ("x.xlsx: Too many open files"); anything else is TMPDIR's (full,
 * unwritable), said with what was being done there. */
static int fail_errno(struct gt_error *err, const struct xlsx_book *b, const char *doing, int e)
{
    if (e == EMFILE || e == ENFILE || e == ENOMEM || e == EFBIG)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->name, strerror(e));
    return gt_fail(err, GT_ERR_RUNTIME, "%s: %s in %s (TMPDIR): %s", b->name, doing, b->tmpdir,
                   strerror(e));
}

/* Standard error to /dev/null and back, around the libxlsxwriter calls that
 * make files: a failure there is reported in lines of the library's own
 * ("[ERROR][./src/worksheet.c:200]: Error creating tmpfile() ...",
 * "[ERROR] workbook_close(): Zip ZIP_ERRNO error ..."), and gametab's
 * message is one line.  Both descriptors are the book's from its start:
 * out of descriptors (ulimit -n), the library's lines stay quiet too. */
static void quiet_on(const struct xlsx_book *b)
{
    fflush(stderr);
    dup2(b->null_fd, STDERR_FILENO);
}

static void quiet_off(const struct xlsx_book *b)
{
    fflush(stderr);
    dup2(b->stderr_fd, STDERR_FILENO);
}

/* Frees a workbook unwritten.  lxw_workbook_free leaves each worksheet's
 * temporary file (constant-memory mode) open, as workbook_close would have
 * closed it: they are closed here first.  workbook_close is no way to
 * discard: it writes the whole file (seconds for a large sheet), and on a
 * workbook whose first worksheet could not be made (no descriptor for its
 * temporary file) libxlsxwriter 1.1.4 adds a default sheet, fails again and
 * reads the first sheet of an empty list: a crash. */
static void workbook_discard(lxw_workbook *wb)
{
    if (!wb)
        return;
    lxw_sheet *sheet;
    STAILQ_FOREACH(sheet, wb->sheets, list_pointers) {
        if (sheet->is_chartsheet || !sheet->u.worksheet->optimize_tmpfile)
            continue;
        fclose(sheet->u.worksheet->optimize_tmpfile);
        sheet->u.worksheet->optimize_tmpfile = NULL;
        sheet->u.worksheet->file = NULL;
    }
    lxw_workbook_free(wb);
}

/* What the child that closes a workbook tells its parent, in memory they
 * share. */
struct close_report {
    int done;                   /* 1 once workbook_close returned */
    lxw_error e;                /* what it returned */
    int sys_errno;              /* errno as it left it: a failed write's reason */
    int file_size_exceeded;     /* the child's base/interrupt.h flag */
    int killed_by;              /* the signal that ended the child, or 0 */
};

/* workbook_close in this process, standard error quiet. */
static void close_here(struct xlsx_book *b, lxw_workbook *wb, struct close_report *r)
{
    quiet_on(b);
    errno = 0;
    r->e = workbook_close(wb);
    r->sys_errno = errno;
    r->file_size_exceeded = file_size_exceeded;
    r->done = 1;
    quiet_off(b);
}

/* Removes dir (malloc'd, or NULL: nothing) with what is in it, and frees
 * it: the directory the close's files were made in. */
static void remove_own_directory(char *dir)
{
    if (dir)
        remove_tree(dir, false, NULL);
    free(dir);
}

/* Closes (writes) the workbook into its temporary file and frees it.
 * libxlsxwriter compresses every row then, seconds for a large sheet,
 * without looking at the stop request: the close runs in a child process,
 * which this one waits for and, when a signal asks to stop, kills (the
 * file it wrote is the nameless temporary, gone with the process): 1
 * then.  Else 0 with *r as workbook_close left it.  Without a child (fork
 * failed) the close runs here, and a signal is seen after it. */
static int close_workbook(struct xlsx_book *b, struct close_report *out)
{
    lxw_workbook *wb = b->wb;
    b->wb = NULL;
    *out = (struct close_report){0};
    struct close_report *r = mmap(NULL, sizeof *r, PROT_READ | PROT_WRITE,
                                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED) {
        close_here(b, wb, out);
        return 0;
    }
    *r = (struct close_report){0};
    /* The worksheets' temporary files are the child's to read back: written
     * out now, none of the rows is left in a buffer of this process, which
     * its fclose (workbook_discard) would write into them. */
    lxw_sheet *sheet;
    STAILQ_FOREACH(sheet, wb->sheets, list_pointers)
        if (!sheet->is_chartsheet && sheet->u.worksheet->optimize_tmpfile)
            fflush(sheet->u.worksheet->optimize_tmpfile);
    /* The close's own files (libxlsxwriter's, one for each part of the
     * workbook, each named from its making to its removal) in a directory
     * of the close's: a child killed on a stop request between the two
     * would leave one in TMPDIR (breaker round 43, F1); the directory goes
     * with what is in it once the child is gone.  Where it cannot be made,
     * TMPDIR, as before.  libxlsxwriter's copy of the name is had before
     * the directory is made, so that nothing can fail once it exists. */
    char *own = path_join(b->tmpdir, "gametab-xlsx.XXXXXX");
    char *held = own ? strdup(own) : NULL;
    /* u+rwx whatever the umask, as a build's staging directory: under
     * umask 0700 mkdtemp's mode 000 could not be read to be removed (a
     * short breaker round after round 43: left in TMPDIR) */
    bool made = held && mkdtemp(own);
    if (made && chmod(own, 0700) == 0) {
        strcpy(held, own);
        free(wb->options.tmpdir); /* libxlsxwriter's copy */
        wb->options.tmpdir = held;
    } else {
        if (made)
            rmdir(own);
        free(own);
        free(held);
        own = NULL;
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        /* Nothing left running if gametab is killed (SIGKILL). */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1);
#endif
        dup2(b->null_fd, STDERR_FILENO);
        errno = 0;
        r->e = workbook_close(wb);
        r->sys_errno = errno;
        r->file_size_exceeded = file_size_exceeded;
        r->done = 1;
        _exit(0);
    }
    if (pid < 0) {
        munmap(r, sizeof *r);
        close_here(b, wb, out);
        remove_own_directory(own);
        return 0;
    }
    bool killed = false;
    int died = 0;
    for (;;) {
        if (interrupt_signal && !killed) {
            kill(pid, SIGKILL);
            killed = true;
        }
        /* Polled every 10 ms, not blocked in: a signal between the check
         * above and a blocking waitpid would wait the close out. */
        int status;
        pid_t done = waitpid(pid, &status, killed ? 0 : WNOHANG);
        if (done == pid && WIFSIGNALED(status))
            died = WTERMSIG(status);
        if (done == pid || (done < 0 && errno != EINTR))
            break;
        if (done == 0)
            nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    /* This process's copy of the workbook, once the child is gone: the
     * child wrote the file. */
    workbook_discard(wb);
    remove_own_directory(own);
    *out = *r;
    out->killed_by = died;
    munmap(r, sizeof *r);
    if (out->file_size_exceeded)
        file_size_exceeded = 1;
    return killed;
}

int xlsx_book_new(struct xlsx_book **bp, const char *name, const char *title,
                  const char *subject, const char *author, const char *comments,
                  struct gt_error *err)
{
    *bp = NULL;
    /* The creation time in the document properties (base/epoch.h), so that
     * the same table gives the same bytes. */
    time_t created;
    if (epoch_get(&created, err) != GT_OK)
        return GT_ERR_USAGE;
    /* libxlsxwriter reads a creation time of 0 as "now", which would make
     * every run other bytes: SOURCE_DATE_EPOCH=0 is written as one second
     * past it, 1970-01-01T00:00:01Z. */
    if (created == 0)
        created = 1;
    const char *tmpdir = temporary_directory(err);
    if (!tmpdir)
        return err->status;
    struct xlsx_book *b = calloc(1, sizeof *b);
    size_t n = strlen(tmpdir) + sizeof "/gametab-XXXXXX.xlsx";
    if (b)
        b->path = malloc(n);
    if (!b || !b->path) {
        free(b);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
    }
    b->name = name;
    b->tmpdir = tmpdir;
    b->fd = b->null_fd = b->stderr_fd = -1;
    /* The quiet's descriptors first: past them, a lack of descriptors is
     * a failure of the workbook's own, said in one line. */
    b->null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (b->null_fd >= 0)
        b->stderr_fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (b->null_fd < 0 || b->stderr_fd < 0) {
        int rc = gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(errno));
        xlsx_book_free(b);
        return rc;
    }
    snprintf(b->path, n, "%s/gametab-XXXXXX.xlsx", tmpdir);
    b->fd = mkstemps(b->path, 5);
    if (b->fd < 0) {
        int e = errno;
        int rc = e == EMFILE || e == ENFILE
                     ? gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(e))
                     : gt_fail(err, GT_ERR_RUNTIME, "%s (TMPDIR): %s", tmpdir, strerror(e));
        xlsx_book_free(b);
        return rc;
    }
    b->named = true;
    /* gametab's own file: readable and writable by it whatever the umask
     * (0777 made it "Permission denied", said of TMPDIR). */
    fchmod(b->fd, 0600);
    /* The file's name goes at once, and libxlsxwriter writes through
     * /proc/self/fd/N: a process killed (SIGKILL, a crash) leaves nothing
     * in TMPDIR.  Without /proc, the name stays until the end. */
    char proc[32];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", b->fd);
    if (access(proc, W_OK) == 0 && strlen(proc) < n && unlink(b->path) == 0) {
        strcpy(b->path, proc);
        b->named = false;
    }
    lxw_workbook_options opt = {.constant_memory = LXW_TRUE, .tmpdir = (char *)tmpdir};
    b->wb = workbook_new_opt(b->path, &opt);
    if (!b->wb) {
        xlsx_book_free(b);
        return gt_fail(err, GT_ERR_RUNTIME, "%s (TMPDIR): cannot start a workbook", tmpdir);
    }
    lxw_doc_properties props = {
        .title = (char *)title, .subject = (char *)subject, .author = (char *)author,
        .comments = (char *)comments, .company = "gametab",
        .created = created,
    };
    lxw_error e = workbook_set_properties(b->wb, &props);
    b->bold = workbook_add_format(b->wb);
    b->integer = workbook_add_format(b->wb);
    b->wrap = workbook_add_format(b->wb);
    if (e != LXW_NO_ERROR || !b->bold || !b->integer || !b->wrap) {
        xlsx_book_free(b);
        return fail_lxw(err, "xlsx", e != LXW_NO_ERROR ? e : LXW_ERROR_MEMORY_MALLOC_FAILED);
    }
    format_set_bold(b->bold);
    /* "0", not General: General shows 15 digits as 1.23457E+14. */
    format_set_num_format(b->integer, "0");
    format_set_text_wrap(b->wrap);
    *bp = b;
    return GT_OK;
}

void xlsx_book_free(struct xlsx_book *b)
{
    if (!b)
        return;
    free(b->sheet);
    /* Unwritten: the rows made so far are not compressed (seconds for a
     * large sheet) only to be removed. */
    workbook_discard(b->wb);
    if (b->fd >= 0)
        close(b->fd);
    if (b->named)
        unlink(b->path);
    if (b->null_fd >= 0)
        close(b->null_fd);
    if (b->stderr_fd >= 0)
        close(b->stderr_fd);
    free(b->path);
    free(b->cells);
    free(b);
}

/* The number format of a decimal with `places` places, made once. */
static lxw_format *number_format_places(struct xlsx_book *b, size_t places)
{
    if (places > DECIMAL_PLACES_MAX)
        places = DECIMAL_PLACES_MAX;
    if (!b->decimal[places]) {
        char fmt[DECIMAL_PLACES_MAX + 3] = "0";
        if (places) {
            fmt[1] = '.';
            memset(fmt + 2, '0', places);
            fmt[2 + places] = '\0';
        }
        b->decimal[places] = workbook_add_format(b->wb);
        if (b->decimal[places])
            format_set_num_format(b->decimal[places], fmt);
    }
    return b->decimal[places];
}

/* GT_OK when every sheet's temporary file took all its rows: libxlsxwriter
 * writes them without looking, and a write that failed (a TMPDIR full for
 * a moment, an I/O error) is left in the stream's error flag only
 * (breaker round 53, F2: the workbook was published cut short, exit 0). */
static int sheets_written(struct xlsx_book *b, struct gt_error *err)
{
    lxw_sheet *sheet;
    STAILQ_FOREACH(sheet, b->wb->sheets, list_pointers) {
        FILE *f = sheet->is_chartsheet ? NULL : sheet->u.worksheet->optimize_tmpfile;
        if (!f)
            continue;
        errno = 0;
        if (fflush(f) != 0 && errno)
            return fail_errno(err, b, "writing the workbook", errno);
        if (ferror(f))
            return gt_fail(err, GT_ERR_RUNTIME,
                           "%s: writing the workbook in %s (TMPDIR): a write to a sheet's "
                           "temporary file failed",
                           b->name, b->tmpdir);
    }
    return GT_OK;
}

/* Whether an XML part whose first bytes are head[0..nhead) and last bytes
 * tail[0..ntail) is whole at both ends: it opens with '<' (after an
 * "<?xml ...?>" declaration, its root element) and ends, but for blanks,
 * with the root's end tag.  A part libxlsxwriter writes in two or three
 * 4 KiB writes, one of them lost, lacks its start or its end (a short
 * check of round 53's fix, F1: a theme1.xml without its first 4096
 * bytes passed). */
static bool part_whole(const char *head, size_t nhead, const char *tail, size_t ntail)
{
    size_t i = 0;
    if (nhead >= 2 && head[0] == '<' && head[1] == '?') {
        while (i + 1 < nhead && !(head[i] == '?' && head[i + 1] == '>'))
            i++;
        i += 2;
        while (i < nhead && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r'))
            i++;
    }
    if (i >= nhead || head[i] != '<')
        return false;
    size_t name = ++i;
    while (i < nhead && head[i] != ' ' && head[i] != '>' && head[i] != '/' && head[i] != '\n' &&
           head[i] != '\r')
        i++;
    size_t len = i - name;
    while (ntail && (tail[ntail - 1] == ' ' || tail[ntail - 1] == '\n' || tail[ntail - 1] == '\r'))
        ntail--;
    return len && i < nhead && ntail >= len + 3 && tail[ntail - 1] == '>' &&
           memcmp(tail + ntail - len - 3, "</", 2) == 0 &&
           memcmp(tail + ntail - len - 1, head + name, len) == 0;
}

/* Reads the closed workbook back as a reader would (minizip): each part
 * whole (its CRC; part_whole: its start and its end), and each sheet
 * holding every cell written, counted by its "<c " tags.  libxlsxwriter copies each sheet
 * through files in TMPDIR without looking at the reads or the writes: one
 * that failed left a part cut short or with a hole, an xlsx no program
 * opens (breaker round 53, F2). */
static int read_back(struct xlsx_book *b, struct gt_error *err)
{
    unzFile z = unzOpen64(b->path);
    if (!z)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: writing the workbook in %s (TMPDIR): read back, it is not a whole "
                       "zip file: a write there failed",
                       b->name, b->tmpdir);
    uint64_t *seen = calloc(b->nsheets + 1, sizeof *seen);
    char part[256] = "", why[96] = "";
    static char buf[1 << 16];
    int r = seen ? unzGoToFirstFile(z) : UNZ_INTERNALERROR;
    while (r == UNZ_OK && !*why && !interrupt_signal) {
        unz_file_info64 info;
        unsigned sheet = 0;
        int end = 0;
        if (unzGetCurrentFileInfo64(z, &info, part, sizeof part, NULL, 0, NULL, 0) != UNZ_OK ||
            unzOpenCurrentFile(z) != UNZ_OK) {
            snprintf(why, sizeof why, "unreadable");
            break;
        }
        if (sscanf(part, "xl/worksheets/sheet%u.xml%n", &sheet, &end) != 1 || part[end] ||
            sheet < 1 || sheet > b->nsheets)
            sheet = 0;
        int matched = 0, n; /* of "<c ", across the reads */
        uint64_t cells = 0;
        char head[256], tail[256];
        size_t nhead = 0, ntail = 0;
        while ((n = unzReadCurrentFile(z, buf, sizeof buf)) > 0 && !interrupt_signal) {
            size_t got = (size_t)n, take = got < sizeof head - nhead ? got : sizeof head - nhead;
            memcpy(head + nhead, buf, take);
            nhead += take;
            if (got >= sizeof tail) {
                memcpy(tail, buf + got - sizeof tail, sizeof tail);
                ntail = sizeof tail;
            } else {
                size_t keep = ntail + got > sizeof tail ? sizeof tail - got : ntail;
                memmove(tail, tail + ntail - keep, keep);
                memcpy(tail + keep, buf, got);
                ntail = keep + got;
            }
            for (int i = 0; i < n; i++) {
                unsigned char c = (unsigned char)buf[i];
                if (matched == 2 && c == ' ')
                    cells++, matched = 0;
                else
                    matched = c == '<' ? 1 : matched == 1 && c == 'c' ? 2 : 0;
            }
        }
        if (unzCloseCurrentFile(z) != UNZ_OK || n < 0)
            snprintf(why, sizeof why, "its data or checksum wrong");
        else if (!interrupt_signal && !part_whole(head, nhead, tail, ntail))
            snprintf(why, sizeof why, "its start or its end missing");
        else if (sheet)
            seen[sheet - 1] = cells;
        if (!*why)
            r = unzGoToNextFile(z);
    }
    unzClose(z);
    if (!*why && r != UNZ_END_OF_LIST_OF_FILE && !interrupt_signal) {
        snprintf(part, sizeof part, "its parts");
        snprintf(why, sizeof why, "unreadable");
    }
    for (size_t i = 0; seen && !*why && !interrupt_signal && i < b->nsheets; i++)
        if (seen[i] != b->cells[i]) {
            snprintf(part, sizeof part, "xl/worksheets/sheet%zu.xml", i + 1);
            snprintf(why, sizeof why, "%" PRIu64 " of its %" PRIu64 " cells", seen[i], b->cells[i]);
        }
    free(seen);
    if (interrupt_signal)
        return interrupt_fail(err, b->name);
    if (!seen)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", b->name, strerror(ENOMEM));
    if (*why)
        return gt_fail(err, GT_ERR_RUNTIME,
                       "%s: writing the workbook in %s (TMPDIR): read back, %s is not whole "
                       "(%s): a write or a read there failed",
                       b->name, b->tmpdir, part, why);
    return GT_OK;
}

int xlsx_book_commit(struct xlsx_book *b, struct output *out, struct gt_error *err)
{
    if (interrupt_signal) {
        int rc = interrupt_fail(err, output_name(out));
        xlsx_book_free(b);
        return rc;
    }
    if (sheets_written(b, err) != GT_OK) {
        xlsx_book_free(b);
        return GT_ERR_RUNTIME;
    }
    struct close_report r;
    if (close_workbook(b, &r)) {
        int rc = interrupt_fail(err, output_name(out));
        xlsx_book_free(b);
        return rc;
    }
    int rc = GT_OK;
    /* the child that closed it ended without a word: by a signal (a stack
     * overflow under a small ulimit -s: breaker round 38, F5), said */
    if (!r.done && r.killed_by)
        rc = gt_fail(err, GT_ERR_RUNTIME,
                     "%s: libxlsxwriter was killed by signal %d (%s) while writing the workbook",
                     output_name(out), r.killed_by, strsignal(r.killed_by));
    else if (!r.done)
        rc = gt_fail(err, GT_ERR_RUNTIME, "%s: libxlsxwriter ended while writing the workbook",
                     output_name(out));
    /* past the file size limit (ulimit -f) in the child's writes, which
     * libxlsxwriter need not see: said as the limit, not as a part the
     * read-back finds cut (breaker round 54, F4: it sent the user to
     * TMPDIR) */
    else if (r.file_size_exceeded)
        rc = fail_errno(err, b, "writing the workbook", EFBIG);
    else if (r.e != LXW_NO_ERROR && r.sys_errno) /* a write of the workbook's files failed */
        rc = fail_errno(err, b, "writing the workbook", r.sys_errno);
    else if (r.e != LXW_NO_ERROR)
        rc = fail_lxw(err, output_name(out), r.e);
    else
        rc = read_back(b, err);
    /* The workbook, as libxlsxwriter wrote it into the temporary file. */
    char buf[1 << 16];
    off_t at = 0;
    while (rc == GT_OK) {
        ssize_t n = pread(b->fd, buf, sizeof buf, at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: reading the workbook in %s: %s",
                         output_name(out), b->tmpdir, strerror(errno));
        else if (n == 0)
            break;
        else
            rc = output_write(out, buf, (size_t)n, err), at += n;
    }
    xlsx_book_free(b);
    return rc;
}

/* ---- sheets ----------------------------------------------------------------- */

/* Characters of a UTF-8 text (continuation bytes not counted). */
static size_t text_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* True when s has a space, where a wrapped cell may break its line. */
static bool has_space(const char *s)
{
    return strpbrk(s, " \n") != NULL;
}

/* The lines text takes wrapped in a column WIDTH_MAX wide: broken at
 * spaces (and newlines), a word too long for a line on lines of its own,
 * each character counted as wide as a digit (the column's unit) less one
 * for the cell's margins. */
static size_t wrap_lines(const char *text)
{
    const size_t room = WIDTH_MAX - 1;
    size_t lines = 1, line = 0; /* characters on the last line */
    for (const char *p = text; *p;) {
        if (*p == '\n') {
            lines++, line = 0, p++;
            continue;
        }
        if (*p == ' ') {
            p++;
            continue;
        }
        size_t w = 0; /* the word's characters */
        for (; *p && *p != ' ' && *p != '\n'; p++)
            w += ((unsigned char)*p & 0xc0) != 0x80;
        if (line && line + 1 + w <= room) {
            line += 1 + w;
            continue;
        }
        if (line)
            lines++;
        lines += (w - 1) / room; /* w >= 1: a word too long for a line */
        line = w - (w - 1) / room * room;
    }
    return lines;
}

/* The format of a text cell: wrapping for a text of spaces too long for
 * the widest column (WIDTH_MAX), its lines counted for the row's height;
 * else none (the column is as wide as it). */
static lxw_format *text_format(struct xlsx_sheet *s, const char *text)
{
    if (text_width(text) + 1 <= WIDTH_MAX || !has_space(text))
        return NULL;
    size_t lines = wrap_lines(text);
    if (lines > s->lines)
        s->lines = lines;
    return s->b->wrap;
}

/* Ends the row being written: as tall as its most wrapped cell's lines,
 * set, since LibreOffice does not grow a row for wrapped text on opening
 * a workbook (Excel does, when the height is not set). */
static lxw_error row_end(struct xlsx_sheet *s)
{
    size_t lines = s->lines;
    s->lines = 0;
    if (lines <= 1)
        return LXW_NO_ERROR;
    double height = LXW_DEF_ROW_HEIGHT * (double)lines;
    return worksheet_set_row(s->ws, s->rows, height < ROW_HEIGHT_MAX ? height : ROW_HEIGHT_MAX,
                             NULL);
}

/* True when an integer cell makes its column text: a spreadsheet would
 * show it inexactly (more than 15 digits, XLSX_EXACT_MAX). */
static bool beyond_double(const struct table_cell *cell)
{
    return cell->kind == CELL_INTEGER && cell->integer > XLSX_EXACT_MAX;
}

/* e, counting the cell it wrote on s's sheet (read_back checks them). */
static lxw_error counted(struct xlsx_sheet *s, lxw_error e)
{
    if (e == LXW_NO_ERROR)
        s->b->cells[s->b->nsheets - 1]++;
    return e;
}

/* The one place a cell becomes a spreadsheet value, by its kind
 * (sink-xlsx.h): text as text, an empty cell as no value, an integer as a
 * number, or as its digits in text when its column is text (s->text[c]:
 * some value of the column reaches 10^15) or, on a sheet given row by row,
 * when it is past 15 digits itself; on a sheet of numbers for a chart
 * (s->numbers) always the nearest double; a decimal as the nearest
 * double, shown with the article's places (the sheet's, else the cell's
 * own). */
static lxw_error write_cell(struct xlsx_sheet *s, size_t c, const struct table_cell *cell)
{
    lxw_row_t r = s->rows;
    lxw_col_t cc = (lxw_col_t)c;
    char text[TABLE_CELL_TEXT_SIZE];
    switch (cell->kind) {
    case CELL_EMPTY:
        return LXW_NO_ERROR;
    case CELL_INTEGER:
        if (s->numbers || (!s->text[c] && !beyond_double(cell)))
            return counted(s, worksheet_write_number(s->ws, r, cc, (double)cell->integer,
                                                     s->b->integer));
        table_integer_format(cell->integer, text);
        return counted(s, worksheet_write_string(s->ws, r, cc, text, NULL));
    case CELL_DECIMAL:
        /* strtod of the exact digits: the double nearest the decimal. */
        table_cell_format(cell, text);
        return counted(s, worksheet_write_number(s->ws, r, cc, strtod(text, NULL),
                                                 number_format_places(
                                                     s->b, s->places ? s->places
                                                                     : cell->decimal.places)));
    default: /* CELL_TEXT; CELL_BOOLEAN is never in a row */
        table_cell_format(cell, text);
        return *text ? counted(s, worksheet_write_string(s->ws, r, cc, text, text_format(s, text)))
                     : LXW_NO_ERROR;
    }
}

/* Widens column c to hold text (a cell's, as the sheet shows it). */
static void fit_width(struct xlsx_sheet *s, size_t c, const char *text)
{
    size_t width = text_width(text);
    if (s->columns[c].type == COLUMN_DECIMAL && s->places)
        width = s->places + 3;
    if (width > s->width[c])
        s->width[c] = width;
    if (width > s->solid[c] && !has_space(text))
        s->solid[c] = width;
}

/* The note on the header of an INTEGER column that holds text. */
static const char beyond_note[] =
    "Every value of this column is text, each digit exact, since some have 16 "
    "digits or more (from 10^15 = 1000000000000000 on): Excel shows at most 15 "
    "significant digits, and a spreadsheet number is a double, exact only below "
    "2^53. The whole column is text, so that it has one type throughout.";

/* Starts a sheet: its header, bold and frozen, with the note above on the
 * columns marked in beyond (may be NULL), whose integers are then written
 * as text, every row. */
static int sheet_start(struct xlsx_book *b, const char *name, const struct table_column *columns,
                       size_t ncolumns, const bool *beyond, struct xlsx_sheet **sp,
                       struct gt_error *err)
{
    *sp = NULL;
    if (ncolumns > TABLE_MAX_COLUMNS)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: more than %d columns", name, TABLE_MAX_COLUMNS);
    struct xlsx_sheet *s = calloc(1, sizeof *s);
    if (!s)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
    snprintf(s->name, sizeof s->name, "%s", name);
    s->b = b;
    s->columns = columns;
    s->ncolumns = ncolumns;
    /* Its temporary file (constant-memory mode) is made here: a failure
     * is said once, by its errno. */
    quiet_on(b);
    errno = 0;
    s->ws = workbook_add_worksheet(b->wb, s->name);
    int e_add = errno;
    quiet_off(b);
    uint64_t *cells = s->ws ? realloc(b->cells, (b->nsheets + 1) * sizeof *cells) : NULL;
    if (s->ws && !cells) {
        free(s);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
    }
    if (cells) {
        b->cells = cells;
        b->cells[b->nsheets++] = 0;
    }
    if (!s->ws) {
        free(s);
        if (e_add)
            return fail_errno(err, b, "starting the sheet's temporary file", e_add);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: libxlsxwriter cannot add the sheet", name);
    }
    lxw_error e = LXW_NO_ERROR;
    for (size_t c = 0; c < ncolumns && e == LXW_NO_ERROR; c++) {
        e = counted(s, worksheet_write_string(s->ws, 0, (lxw_col_t)c, columns[c].name, b->bold));
        /* Room for the filter's button. */
        s->width[c] = text_width(columns[c].name) + 3;
        s->text[c] = beyond && beyond[c];
        if (e == LXW_NO_ERROR && s->text[c])
            e = worksheet_write_comment(s->ws, 0, (lxw_col_t)c, beyond_note);
    }
    if (e != LXW_NO_ERROR) {
        free(s);
        return fail_lxw(err, name, e);
    }
    worksheet_freeze_panes(s->ws, 1, 0);
    s->rows = 1;
    free(b->sheet);
    b->sheet = s;
    *sp = s;
    return GT_OK;
}

int xlsx_sheet_new(struct xlsx_book *b, const char *name, const struct table_column *columns,
                   size_t ncolumns, struct xlsx_sheet **sp, struct gt_error *err)
{
    return sheet_start(b, name, columns, ncolumns, NULL, sp, err);
}

/* Appends one row of typed cells (a table's). */
static int sheet_row_cells(struct xlsx_sheet *s, const struct table_cell *cells,
                           struct gt_error *err)
{
    if (s->rows == XLSX_ROWS_MAX)
        return fail_rows(err, s->name);
    char text[TABLE_CELL_TEXT_SIZE];
    for (size_t c = 0; c < s->ncolumns; c++) {
        lxw_error e = write_cell(s, c, &cells[c]);
        if (e != LXW_NO_ERROR)
            return fail_lxw(err, s->name, e);
        table_cell_format(&cells[c], text);
        fit_width(s, c, text);
    }
    lxw_error e = row_end(s);
    if (e != LXW_NO_ERROR)
        return fail_lxw(err, s->name, e);
    s->rows++;
    return GT_OK;
}

int xlsx_sheet_row(struct xlsx_sheet *s, const char *const *cells, struct gt_error *err)
{
    if (s->rows == XLSX_ROWS_MAX)
        return fail_rows(err, s->name);
    for (size_t c = 0; c < s->ncolumns; c++) {
        /* An INTEGER column's digits become an integer cell; any other text
         * (of any length: an errata statement) is written as it is. */
        const char *text = cells[c];
        struct table_cell cell;
        size_t len = strlen(text);
        bool digits = len > 0 && len < 20 && strspn(text, "0123456789") == len;
        lxw_error e;
        if (s->columns[c].type == COLUMN_INTEGER && digits) {
            cell_set_integer(&cell, strtoull(text, NULL, 10));
            e = write_cell(s, c, &cell);
        } else {
            e = *text ? counted(s, worksheet_write_string(s->ws, s->rows, (lxw_col_t)c, text,
                                                          text_format(s, text)))
                      : LXW_NO_ERROR;
        }
        if (e != LXW_NO_ERROR)
            return fail_lxw(err, s->name, e);
        fit_width(s, c, text);
    }
    lxw_error e = row_end(s);
    if (e != LXW_NO_ERROR)
        return fail_lxw(err, s->name, e);
    s->rows++;
    return GT_OK;
}

/* How a sheet px pixels wide prints: on A4 (as the handout; a page setup
 * without a paper is read as Letter by LibreOffice, whatever its locale),
 * with its grid (a number is right-aligned and its column's name left:
 * without lines, a column's numbers end under the next one's name), its
 * header row at the top of every page; a sheet wider than a portrait
 * page (PRINT_PORTRAIT_PX) landscape and scaled to one page wide (as many
 * pages down as its rows take), so that no column is printed apart from
 * its rows.  A narrower sheet prints portrait at its own size. */
static lxw_error page_setup(lxw_worksheet *ws, size_t px)
{
    worksheet_set_paper(ws, PAPER_A4);
    worksheet_gridlines(ws, LXW_SHOW_ALL_GRIDLINES);
    lxw_error e = worksheet_repeat_rows(ws, 0, 0);
    if (e == LXW_NO_ERROR && px > PRINT_PORTRAIT_PX) {
        worksheet_set_landscape(ws);
        worksheet_fit_to_pages(ws, 1, 0);
    }
    return e;
}

int xlsx_sheet_end(struct xlsx_sheet *s, struct gt_error *err)
{
    lxw_error e = LXW_NO_ERROR;
    s->px = 0;
    for (size_t c = 0; c < s->ncolumns && e == LXW_NO_ERROR; c++) {
        /* As wide as the widest text, at most WIDTH_MAX (a longer text with
         * spaces wraps), or as the widest text without spaces, at most
         * WIDTH_SOLID_MAX. */
        size_t w = s->width[c] + 1, solid = s->solid[c] + 1;
        if (w > WIDTH_MAX)
            w = solid > WIDTH_MAX ? solid : WIDTH_MAX;
        if (w > WIDTH_SOLID_MAX)
            w = WIDTH_SOLID_MAX;
        e = worksheet_set_column(s->ws, (lxw_col_t)c, (lxw_col_t)c, (double)w, NULL);
        s->px += w * 7 + 5;
    }
    if (e == LXW_NO_ERROR && s->ncolumns)
        e = worksheet_autofilter(s->ws, 0, 0, s->rows > 1 ? s->rows - 1 : 0,
                                 (lxw_col_t)(s->ncolumns - 1));
    if (e == LXW_NO_ERROR)
        e = page_setup(s->ws, s->px);
    return e == LXW_NO_ERROR ? GT_OK : fail_lxw(err, s->name, e);
}

/* ---- a table's sheet -------------------------------------------------------- */

/* The largest value of t's size parameter p (--count, --max) at which its
 * rows, the other parameters as in args, fit a sheet (row_count grows
 * with it), or false when none from its least does. */
static bool largest_fitting(const struct table_def *t, const struct table_args *args,
                            enum table_param p, uint64_t *fits)
{
    const struct table_param_spec *s = &t->params[p];
    struct table_args a = *args;
    a.param[p] = s->min;
    if (!s->accepted || args->param[p] <= s->min || t->row_count(&a) > XLSX_ROWS_MAX - 1)
        return false;
    uint64_t lo = s->min, hi = args->param[p]; /* lo fits, hi does not */
    while (hi - lo > 1) {
        a.param[p] = lo + (hi - lo) / 2;
        if (t->row_count(&a) > XLSX_ROWS_MAX - 1)
            hi = a.param[p];
        else
            lo = a.param[p];
    }
    *fits = lo;
    return true;
}

int xlsx_rows_check(const struct table_def *t, const struct table_args *args,
                    struct gt_error *err)
{
    if (t->row_count(args) <= XLSX_ROWS_MAX - 1)
        return GT_OK;
    static const enum table_param size[] = {PARAM_COUNT, PARAM_MAX};
    uint64_t fits;
    for (size_t i = 0; i < sizeof size / sizeof size[0]; i++)
        if (largest_fitting(t, args, size[i], &fits))
            return gt_fail(err, GT_ERR_USAGE,
                           "%s: a spreadsheet holds at most %u rows (a header and %u of data): "
                           "--%s %" PRIu64 " at most; use csv.gz for more",
                           t->name, XLSX_ROWS_MAX, XLSX_ROWS_MAX - 1,
                           table_param_name(size[i]), fits);
    return fail_rows(err, t->name);
}

/* Marks the INTEGER columns of t's rows for args that hold a value past
 * 15 digits, reading the rows once before they are written: such a column
 * is text from its first row, and its note goes on the header, which
 * constant-memory mode writes first. */
static int find_beyond(const struct table_def *t, const struct table_args *args, bool *beyond,
                       struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    /* The progress line is the writing pass's: it starts again there. */
    s.progress = NULL;
    bool any_integer = false;
    for (size_t c = 0; c < s.ncolumns; c++) {
        beyond[c] = false;
        any_integer |= s.columns[c].type == COLUMN_INTEGER;
    }
    while (any_integer && !interrupt_signal && s.rows < XLSX_ROWS_MAX && table_stream_next(&s))
        for (size_t c = 0; c < s.ncolumns; c++)
            beyond[c] |= beyond_double(&s.row.cell[c]);
    table_stream_close(&s);
    return GT_OK;
}

/* A chart's x values, one a row of the data sheet, kept when they are
 * text there (their column reaches 10^15): a chart draws no text, so they go onto
 * the hidden sheet NAME-lines as numbers.  An x that is no integer (none
 * is, in a chart's INTEGER column) is kept as no value. */
struct chart_x {
    bool integer;
    uint64_t value;
};
struct chart_xs {
    struct chart_x *x;
    size_t n, size;
};

static int chart_xs_add(struct chart_xs *xs, const struct table_cell *cell, const char *name,
                        struct gt_error *err)
{
    if (xs->n == xs->size) {
        size_t size = xs->size ? 2 * xs->size : 1024;
        struct chart_x *x = realloc(xs->x, size * sizeof *x);
        if (!x)
            return gt_fail(err, GT_ERR_RUNTIME, "%s: %s", name, strerror(ENOMEM));
        xs->x = x;
        xs->size = size;
    }
    xs->x[xs->n++] = (struct chart_x){cell->kind == CELL_INTEGER,
                                      cell->kind == CELL_INTEGER ? cell->integer : 0};
    return GT_OK;
}

/* The note on the header of NAME-lines' column of x values (xs). */
static const char xs_note[] =
    "The chart's x values as numbers, a row for each row of the table: a chart "
    "draws no text, and the table's sheet holds this column as text, since it "
    "reaches 16 digits (10^15). Doubles: from 2^53 on they are rounded, which "
    "no axis shows; the table's sheet keeps every digit.";

uint32_t xlsx_unwritable_char(const char *text)
{
    /* EF BF BE and EF BF BF in UTF-8, no other character's bytes */
    for (const char *p = text; (p = strstr(p, "\xEF\xBF")) != NULL; p += 2) {
        if (p[2] == '\xBE')
            return 0xFFFE;
        if (p[2] == '\xBF')
            return 0xFFFF;
    }
    return 0;
}

void xlsx_lines_sheet_name(const char *data_name, char *buf)
{
    snprintf(buf, XLSX_SHEET_NAME_SIZE, "%.25s-lines", data_name);
}

/* The chart of t (t->chart) beside its sheet's data, rows 1..last: the y
 * columns against x, and each constant line through two points (the first
 * and the last x) taken from a hidden sheet NAME-lines, where every x is a
 * number (a double, rounded from 2^53 on).  xs: NULL when the data sheet's
 * x column holds numbers only, the chart's x values then taken there; else
 * every row's x, which NAME-lines holds as numbers for the chart. */
static int add_chart(struct xlsx_book *b, const struct table_def *t, struct xlsx_sheet *data,
                     const struct table_cell *first_x, const struct table_cell *last_x,
                     const struct chart_xs *xs, struct gt_error *err)
{
    const struct table_chart *ch = t->chart;
    /* The data sheet's own, kept: starting the next sheet frees `data`. */
    lxw_row_t last = data->rows - 1;
    lxw_worksheet *dws = data->ws;
    size_t dpx = data->px;
    lxw_col_t chart_col = (lxw_col_t)(data->ncolumns + 1);
    const char *x_name = data->columns[ch->x].name, *y_name[2] = {NULL, NULL};
    for (size_t i = 0; i < ch->ny; i++)
        y_name[i] = data->columns[ch->y[i]].name;
    char dname[XLSX_SHEET_NAME_SIZE], lname[XLSX_SHEET_NAME_SIZE], xs_name[TABLE_CELL_TEXT_SIZE];
    snprintf(dname, sizeof dname, "%s", data->name);
    xlsx_lines_sheet_name(data->name, lname);
    snprintf(xs_name, sizeof xs_name, "%.64s as a number", x_name);
    struct table_column lcols[4] = {{x_name, COLUMN_INTEGER}};
    for (size_t i = 0; i < ch->nlines; i++)
        lcols[1 + i] = (struct table_column){ch->line[i].name, COLUMN_DECIMAL};
    /* The x values, after the lines' columns. */
    lxw_col_t xs_col = (lxw_col_t)(1 + ch->nlines);
    if (xs)
        lcols[xs_col] = (struct table_column){xs_name, COLUMN_INTEGER};
    struct xlsx_sheet *ls;
    int rc = sheet_start(b, lname, lcols, 1 + ch->nlines + (xs != NULL), NULL, &ls, err);
    if (rc == GT_OK && xs) {
        lxw_error e = worksheet_write_comment(ls->ws, 0, xs_col, xs_note);
        if (e != LXW_NO_ERROR)
            rc = fail_lxw(err, lname, e);
    }
    if (rc == GT_OK)
        ls->numbers = true;
    size_t nrows = xs && xs->n > 2 ? xs->n : 2;
    for (size_t r = 0; rc == GT_OK && r < nrows; r++) {
        struct table_cell cells[4];
        for (size_t c = 0; c < 4; c++)
            cells[c].kind = CELL_EMPTY;
        if (r < 2) {
            cells[0] = r ? *last_x : *first_x;
            for (size_t i = 0; i < ch->nlines; i++)
                cell_set_decimal(&cells[1 + i], ch->line[i].value());
        }
        if (xs && r < xs->n && xs->x[r].integer)
            cell_set_integer(&cells[xs_col], xs->x[r].value);
        rc = sheet_row_cells(ls, cells, err);
    }
    if (rc == GT_OK)
        rc = xlsx_sheet_end(ls, err);
    if (rc != GT_OK)
        return rc;
    worksheet_hide(ls->ws);

    lxw_chart *chart = workbook_add_chart(b->wb, LXW_CHART_SCATTER_STRAIGHT);
    if (!chart)
        return fail_lxw(err, dname, LXW_ERROR_MEMORY_MALLOC_FAILED);
    chart_title_set_name(chart, ch->title);
    for (size_t i = 0; i < ch->ny; i++) {
        lxw_chart_series *se = chart_add_series(chart, NULL, NULL);
        if (!se)
            return fail_lxw(err, dname, LXW_ERROR_MEMORY_MALLOC_FAILED);
        if (xs)
            chart_series_set_categories(se, ls->name, 1, xs_col, last, xs_col);
        else
            chart_series_set_categories(se, dname, 1, (lxw_col_t)ch->x, last, (lxw_col_t)ch->x);
        chart_series_set_values(se, dname, 1, (lxw_col_t)ch->y[i], last, (lxw_col_t)ch->y[i]);
        chart_series_set_name(se, y_name[i]);
    }
    lxw_chart_line dashed = {.dash_type = LXW_CHART_LINE_DASH_DASH, .width = 1.25};
    for (size_t i = 0; i < ch->nlines; i++) {
        lxw_chart_series *se = chart_add_series(chart, NULL, NULL);
        if (!se)
            return fail_lxw(err, dname, LXW_ERROR_MEMORY_MALLOC_FAILED);
        chart_series_set_categories(se, ls->name, 1, 0, 2, 0);
        chart_series_set_values(se, ls->name, 1, (lxw_col_t)(1 + i), 2, (lxw_col_t)(1 + i));
        chart_series_set_name(se, ch->line[i].name);
        chart_series_set_line(se, &dashed);
    }
    chart_axis_set_name(chart_axis_get(chart, LXW_CHART_AXIS_TYPE_X), x_name);
    lxw_chart_options where = {.x_offset = 10, .y_offset = 4};
    lxw_error e = worksheet_insert_chart_opt(dws, 1, chart_col, chart, &where);
    /* The chart prints beside the rows, on the same pages. */
    if (e == LXW_NO_ERROR)
        e = page_setup(dws, dpx + CHART_PX);
    return e == LXW_NO_ERROR ? GT_OK : fail_lxw(err, dname, e);
}

int xlsx_book_add_table(struct xlsx_book *b, const struct table_def *t,
                        const struct table_args *args, struct gt_error *err)
{
    /* A table past the limit is refused before any row is made. */
    if (xlsx_rows_check(t, args, err) != GT_OK)
        return err->status;
    bool beyond[TABLE_MAX_COLUMNS];
    if (find_beyond(t, args, beyond, err) != GT_OK)
        return err->status;
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    struct xlsx_sheet *sheet;
    int rc = sheet_start(b, t->name, s.columns, s.ncolumns, beyond, &sheet, err);
    if (rc == GT_OK)
        sheet->places = t->decimal_places;
    struct table_cell first_x = {.kind = CELL_EMPTY}, last_x = {.kind = CELL_EMPTY};
    /* The chart's x values are kept for it when they are text here. */
    struct chart_xs xs = {NULL, 0, 0};
    bool keep_xs = t->chart && beyond[t->chart->x];
    /* A stop request ends the rows; the output's next write reports it. */
    while (rc == GT_OK && !interrupt_signal && table_stream_next(&s)) {
        rc = sheet_row_cells(sheet, s.row.cell, err);
        if (t->chart) {
            if (first_x.kind == CELL_EMPTY)
                first_x = s.row.cell[t->chart->x];
            last_x = s.row.cell[t->chart->x];
        }
        if (rc == GT_OK && keep_xs)
            rc = chart_xs_add(&xs, &s.row.cell[t->chart->x], t->name, err);
    }
    table_stream_close(&s);
    if (rc == GT_OK)
        rc = xlsx_sheet_end(sheet, err);
    if (rc == GT_OK && t->chart && sheet->rows > 1)
        rc = add_chart(b, t, sheet, &first_x, &last_x, keep_xs ? &xs : NULL, err);
    free(xs.x);
    return rc;
}

int sink_xlsx_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err)
{
    const struct table_source *src = &t->source;
    char source[1024], issue[32] = "", year[16] = "";
    if (src->year)
        snprintf(year, sizeof year, " %d", src->year);
    if (src->issue)
        snprintf(issue, sizeof issue, " no. %d", src->issue);
    /* The journal, year and issue where the text names them: "Kvant 1984
     * no. 7", or nothing (no ", , "). */
    char where[160];
    snprintf(where, sizeof where, "%s%s%s", src->journal, year, issue);
    const char *w = where + strspn(where, " ");
    snprintf(source, sizeof source, "%s, %s%s%s, %s", src->authors, src->title, *w ? ", " : "", w,
             src->item);
    struct xlsx_book *b;
    if (xlsx_rows_check(t, args, err) != GT_OK)
        return err->status;
    /* The file's author is the program that wrote it, as gametab.xlsx's
     * is; the article's authors are in its comments (source). */
    if (xlsx_book_new(&b, output_name(out), t->name, t->summary, PACKAGE_NAME, source, err) !=
        GT_OK)
        return err->status;
    int rc = xlsx_book_add_table(b, t, args, err);
    if (rc != GT_OK) {
        xlsx_book_free(b);
        return rc;
    }
    return xlsx_book_commit(b, out, err);
}
