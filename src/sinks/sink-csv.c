#include <config.h>

#include <csv.h>
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
