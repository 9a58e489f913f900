/* sink-xlsx.h: tables as an Excel workbook (.xlsx, Office Open XML),
 * written by libxlsxwriter in its constant-memory mode: a sheet's rows go
 * to a temporary file as they come, so memory does not grow with rows
 * (but for a chart's x values of 16 digits or more: 16 bytes a row, below).
 *
 * How a cell is written, by its kind (table.h): an integer is a number
 * while every spreadsheet shows it exactly (v <= XLSX_EXACT_MAX, 15
 * digits); an INTEGER column of a table that holds a larger value (for
 * the rows asked for, read once before any is written) is text, every row
 * of it, each value's digits, with a note on the column's header saying
 * why, so that a column has one type throughout; a decimal is a number,
 * shown with the places the article prints (table_def.decimal_places);
 * text (binary, base-4 and Fibonacci digits, which a number would strip of
 * leading zeros or round) is text; an empty cell is no value.  Each sheet
 * has a bold, frozen header with an autofilter, columns as wide as their
 * widest cell (text with spaces past 60 characters wraps instead, its row
 * set as tall as its lines; a longer text without spaces widens the column
 * up to 255), and the table's name; printed, on A4, its header row heads
 * every page, and a sheet too wide for a portrait page is landscape,
 * fitted to one page wide (xlsx_sheet_end).  A table
 * with a chart (table_def.chart) gets it as a native chart beside the data,
 * its constant lines' points on a hidden sheet NAME-lines, as numbers.
 * A chart draws no text: when its x column is text (it reaches 10^15),
 * every row's x is kept in memory and written to NAME-lines as a number
 * (a double, rounded from 2^53 on), which the chart's x values are then
 * taken from.
 * The workbook is built in a temporary file and then copied into an
 * output (output.h), so it is written atomically like every other file;
 * it is the same bytes from run to run (a fixed creation time). */
#ifndef GAMETAB_SINK_XLSX_H
#define GAMETAB_SINK_XLSX_H

#include <stddef.h>
#include <stdint.h>

#include "io/output.h"
#include "tables/table.h"

/* The rows of a sheet, the header included (Excel's and LibreOffice's
 * limit): a table of more rows is a usage error. */
#define XLSX_ROWS_MAX 1048576u

/* The largest integer written as a spreadsheet number: 10^15 - 1, the
 * largest of 15 digits.  Excel shows and edits at most 15 significant
 * digits (9007199254740991 shows as 9007199254740990), and a number is an
 * IEEE double, exact only below 2^53 = 9007199254740992 (LibreOffice showed
 * 2^53 as 9.00719925474099E+015): 15 digits are the most that every
 * spreadsheet shows exactly.  Larger integers are written as text, and
 * so is every integer of a table's column that holds one. */
#define XLSX_EXACT_MAX 999999999999999ull

struct xlsx_book;
struct xlsx_sheet;

/* Starts a workbook with document properties: title, subject (what it
 * holds), author and comments (the source), any of them NULL; name is the
 * output's, for messages (kept, not copied).  GT_OK, or GT_ERR_RUNTIME with
 * err set (no temporary directory, out of descriptors or memory: "NAME:
 * Too many open files"). */
int xlsx_book_new(struct xlsx_book **bp, const char *name, const char *title,
                  const char *subject, const char *author, const char *comments,
                  struct gt_error *err);

/* GT_ERR_USAGE (err naming the limit, the largest --count or --max that
 * fits, the other parameters as given, and suggesting csv.gz) when t has
 * more rows for args than a sheet holds (table_def.row_count), else GT_OK:
 * said before any row is made. */
int xlsx_rows_check(const struct table_def *t, const struct table_args *args,
                    struct gt_error *err);

/* Adds t's rows for args as a sheet named after t, with t's chart if it
 * has one.  GT_OK; GT_ERR_USAGE when the table has more rows than a sheet
 * holds (err names the limit and suggests csv.gz); GT_ERR_RUNTIME. */
int xlsx_book_add_table(struct xlsx_book *b, const struct table_def *t,
                        const struct table_args *args, struct gt_error *err);

/* The bytes a sheet's name may take, its NUL included: 31 UTF-16 units
 * (utf8_utf16_units) of UTF-8, three bytes each at most. */
#define XLSX_SHEET_NAME_SIZE 96

/* The most UTF-16 units a cell's text may have (Excel's limit). */
#define XLSX_CELL_MAX 32767

/* The first character of text (UTF-8) that a workbook's XML cannot hold
 * and libxlsxwriter writes as it is, U+FFFE or U+FFFF (XML 1.0's Char
 * leaves them out; the C0 controls it writes as _xHHHH_), or 0 when there
 * is none: openpyxl refuses such a workbook, and LibreOffice drops the
 * sheet's rows without a word (breaker round 46, F3). */
uint32_t xlsx_unwritable_char(const char *text);

/* The name of the hidden sheet that holds the lines of the chart of the
 * table whose sheet is data_name, into buf (XLSX_SHEET_NAME_SIZE bytes):
 * "NAME-lines", NAME cut to 25 bytes. */
void xlsx_lines_sheet_name(const char *data_name, char *buf);

/* Starts a sheet of rows the caller gives as text (the contents, the
 * errata): name at most 31 UTF-16 units, columns as for a table (an INTEGER
 * cell's digits are a number up to XLSX_EXACT_MAX, else text: the rows
 * are not known ahead, so such a column stays a number column only while
 * its values are below 10^15, as the errata's counts are).  GT_OK with
 * *sp, or GT_ERR_RUNTIME. */
int xlsx_sheet_new(struct xlsx_book *b, const char *name, const struct table_column *columns,
                   size_t ncolumns, struct xlsx_sheet **sp, struct gt_error *err);

/* Appends one row of ncolumns cells.  GT_OK, GT_ERR_USAGE (a full sheet)
 * or GT_ERR_RUNTIME. */
int xlsx_sheet_row(struct xlsx_sheet *s, const char *const *cells, struct gt_error *err);

/* Finishes the sheet: column widths, autofilter, and how it prints (on
 * A4, the header row on every page; a sheet wider than a portrait page,
 * about 90 characters of columns, landscape and fitted to one page wide;
 * a table's chart counts in its width).  GT_OK or GT_ERR_RUNTIME. */
int xlsx_sheet_end(struct xlsx_sheet *s, struct gt_error *err);

/* Closes the workbook and copies its bytes into out; frees b whatever
 * happens.  GT_OK or GT_ERR_RUNTIME with err set.  The close (libxlsxwriter
 * compressing every row) runs in a child process that a stop request
 * kills: "NAME: interrupted by signal N" within 0.1 s, however large the
 * sheet.  Nothing is copied unless every sheet's temporary file took all
 * its rows and the closed workbook reads back whole (minizip: each part's
 * CRC and end, each sheet's cells as many as written): else "NAME:
 * writing the workbook in TMPDIR (TMPDIR): a write to a sheet's temporary
 * file failed" or "...: read back, PART is not whole (WHY): ...". */
int xlsx_book_commit(struct xlsx_book *b, struct output *out, struct gt_error *err);

/* Discards b and its temporary files, unwritten. */
void xlsx_book_free(struct xlsx_book *b);

/* One table as a workbook of one sheet (and its chart's hidden sheet)
 * into out: `gametab table NAME -o FILE.xlsx`.  As xlsx_book_add_table. */
int sink_xlsx_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err);

#endif
