/* csv-read.h: reading real-world CSV files with libcsv.
 *
 * Accepts RFC 4180 CSV as spreadsheets and scripts write it, its separator
 * a comma or, as asked (or as Excel's "sep=X" first line says), a
 * semicolon (European spreadsheets), a tab or a vertical bar: quoted
 * fields with separators, doubled quotes and line breaks, CRLF or LF line
 * ends, a UTF-8 byte order mark, empty fields, a missing final line break,
 * blank lines (skipped).  A field is kept as
 * written, spaces and tabs at its ends too (RFC 4180); a space between a
 * quote and its separator is malformed quoting.  gzip-compressed input is
 * recognised by its magic bytes, not its name. */
#ifndef GAMETAB_CSV_READ_H
#define GAMETAB_CSV_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* A field is at most this many bytes (16 MiB: a render's whole output is
 * at most 64 MiB), unless the environment variable GAMETAB_FIELD_MAX gives
 * another number (0: no limit): a file without a line end or a quote
 * would otherwise be one field held whole, gigabytes from a small gzip
 * file. */
#define CSV_FIELD_MAX ((size_t)16 << 20)

/* The limit in force: GAMETAB_FIELD_MAX when it is a whole number, else
 * CSV_FIELD_MAX. */
size_t csv_field_max(void);

/* GT_OK, or GT_ERR_USAGE naming the variable when GAMETAB_FIELD_MAX is set
 * to anything but digits (base/limit.h). */
int csv_limits_check(struct gt_error *err);

/* Each callback returns GT_OK, or an error status with err set, which
 * stops the reading and is what csv_read_file returns. */
struct csv_read_callbacks {
    /* The header row: the column names. */
    int (*header)(void *ud, const char *const *names, size_t n, struct gt_error *err);
    /* A data row of exactly as many fields as the header; line is where
     * the row starts (1-based). */
    int (*row)(void *ud, const char *const *fields, size_t n, unsigned long line,
               struct gt_error *err);
    /* Optional (NULL: every character is accepted): called for each
     * character but printable ASCII, CR, LF and NUL, with its line and its
     * column (in characters, 1-based), e.g. to refuse what cannot be
     * typeset.  Its refusal is reported once the rest of the line (to its
     * LF, CR or the end of the file) is read and found UTF-8: a line that
     * is not is reported as invalid UTF-8 instead (text in another
     * encoding may by chance hold a valid sequence before its invalid
     * bytes).  The callback is not called again after a refusal. */
    int (*character)(void *ud, uint32_t cp, unsigned long line, unsigned long column,
                     struct gt_error *err);
    /* Optional (NULL: no bound but csv_field_max()): called as each field
     * of the header and of a data row is read, before it is held, with its
     * place in the record (0-based), its length in bytes and the line its
     * record starts on, e.g. to bound the bytes a caller holds as soon as
     * they pass a limit.  Not called for the fields of a data row past the
     * header's count, which are counted, not held. */
    int (*field)(void *ud, size_t index, size_t len, unsigned long line, struct gt_error *err);
};

/* Reads path ("-" for standard input), its fields separated by separator
 * (',', ';', '\t' or '|'; 0: ',' as none was asked for, and a header of
 * one field holding ';' or a tab outside quotes is refused, the file being
 * likely a spreadsheet's semicolon or tab separated text; a first line,
 * after a BOM, that is exactly "sep=X" (X one of , ; tab |, then LF or
 * CR LF: Excel's separator line) is skipped and X used, and a separator
 * asked for that is not X refused "PATH:1: the first line says sep=X ...
 * but --separator is ..."; line numbers still count it), calling back
 * for the header and for each row.  GT_OK, a callback's error, or
 * GT_ERR_RUNTIME with err saying "PATH:LINE: why" (such a header, a row
 * with the wrong number of fields, with a hint at --separator when the row
 * or the header holds ';' or a tab outside quotes and the separator is
 * ',', an unterminated quote, a
 * field longer than csv_field_max() bytes, invalid UTF-8),
 * "PATH:LINE:COLUMN: NUL byte in a field" (at the first NUL, as it is
 * read), "PATH: why" (an empty file, a
 * directory, unreadable data, or gzip data that gzip -t refuses: truncated,
 * a CRC or length that does not match, trailing bytes that are not another
 * member), or out of memory.  Fields are NUL-terminated UTF-8. */
int csv_read_file(const char *path, char separator, const struct csv_read_callbacks *cb,
                  void *ud, struct gt_error *err);

#endif
