#include <config.h>

#include <csv.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sinks/sink-csv.h"

/* A whole record is assembled here, then written at once: at most every
 * field quoted (twice its size plus the quotes) and the separators. */
#define FIELD_SIZE (2 * TABLE_CELL_TEXT_SIZE + 2)
#define RECORD_SIZE (TABLE_MAX_COLUMNS * (FIELD_SIZE + 1))

/* Appends text to rec: quoted by libcsv when it holds a comma, a quote or a
 * line break.  Returns the new end. */
static char *put_text(char *rec, const char *text)
{
    if (strpbrk(text, ",\"\r\n"))
        return rec + csv_write(rec, FIELD_SIZE, text, strlen(text));
    /* Fields are short: a plain copy beats strlen and memcpy calls. */
    while (*text)
        *rec++ = *text++;
    return rec;
}

/* Appends one cell: an integer formatted straight into the record (the
 * fast path: most cells of most tables), anything else by its text
 * (numbers never need quotes, text may); an empty cell is an empty field. */
static char *put_cell(char *rec, const struct table_cell *c)
{
    if (c->kind == CELL_INTEGER)
        return rec + table_integer_format(c->integer, rec);
    if (c->kind == CELL_TEXT)
        return put_text(rec, c->text);
    return rec + table_cell_format(c, rec);
}

/* One record: the first n cells of row, a comma between, "\n" after,
 * formatted straight into the output's buffer (the one fast path of every
 * table: no copy of the record). */
static int write_row(struct output *out, const struct table_row *row, size_t n,
                     struct gt_error *err)
{
    _Static_assert(RECORD_SIZE + 1 <= OUTPUT_RESERVE_MAX, "a record fits the output's room");
    char *rec = output_reserve(out, n * (FIELD_SIZE + 1) + 1, err);
    if (!rec)
        return GT_ERR_RUNTIME;
    char *end = rec;
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            *end++ = ',';
        end = put_cell(end, &row->cell[i]);
    }
    *end++ = '\n';
    output_advance(out, (size_t)(end - rec));
    return GT_OK;
}

int sink_csv_write(const struct table_def *t, const struct table_args *args,
                   struct output *out, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    /* A shard that starts past row 0 has no header: the shards' files,
     * concatenated in order, are then the whole table. */
    int rc = GT_OK;
    if (args->param[PARAM_FROM] == 0) {
        struct table_row header; /* the column names: text cells, quoted if need be */
        for (size_t i = 0; i < s.ncolumns; i++)
            snprintf(cell_set_text(&header.cell[i]), TABLE_TEXT_SIZE, "%s", s.columns[i].name);
        rc = write_row(out, &header, s.ncolumns, err);
    }
    while (rc == GT_OK && table_stream_next(&s))
        rc = write_row(out, &s.row, s.ncolumns, err);
    table_stream_close(&s);
    return rc;
}

/* One text field of any length, quoted where it needs it. */
static int write_text(struct output *out, const char *text, struct gt_error *err)
{
    size_t n = strlen(text);
    if (!strpbrk(text, ",\"\r\n"))
        return output_write(out, text, n, err);
    size_t size = 2 * n + 2; /* every byte a quote, and the two around */
    char *quoted = n < SIZE_MAX / 2 - 1 ? malloc(size) : NULL;
    if (!quoted)
        return gt_fail(err, GT_ERR_RUNTIME, "csv: %s", strerror(ENOMEM));
    int rc = output_write(out, quoted, csv_write(quoted, size, text, n), err);
    free(quoted);
    return rc;
}

int sink_csv_write_values(struct output *out, const struct csv_value *v, size_t n,
                          struct gt_error *err)
{
    int rc = GT_OK;
    for (size_t i = 0; i < n && rc == GT_OK; i++) {
        if (i > 0)
            rc = output_write(out, ",", 1, err);
        if (rc != GT_OK)
            break;
        if (v[i].kind == CELL_INTEGER) {
            char digits[24];
            rc = output_write(out, digits, table_integer_format(v[i].integer, digits), err);
        } else if (v[i].kind == CELL_TEXT) {
            rc = write_text(out, v[i].text, err);
        }
    }
    return rc == GT_OK ? output_write(out, "\n", 1, err) : rc;
}
