#include <config.h>

#include <csv.h>
#include <stddef.h>
#include <string.h>

#include "sinks/sink-csv.h"

/* A whole record is assembled here, then written at once: at most every
 * field quoted (twice its size plus the quotes) and the separators. */
#define RECORD_SIZE (TABLE_MAX_COLUMNS * (2 * TABLE_CELL_SIZE + 3))

/* Appends one field to rec: quoted by libcsv when it holds a comma, a quote
 * or a line break (only text can: numbers never do).  Returns the new end. */
static char *put_field(char *rec, const char *field, bool text)
{
    if (text && strpbrk(field, ",\"\r\n"))
        return rec + csv_write(rec, 2 * TABLE_CELL_SIZE + 2, field, strlen(field));
    /* Fields are short: a plain copy beats strlen and memcpy calls. */
    while (*field)
        *rec++ = *field++;
    return rec;
}

static int write_record(struct output *out, const char *const *fields, const bool *text,
                        size_t n, struct gt_error *err)
{
    char rec[RECORD_SIZE];
    char *end = rec;
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            *end++ = ',';
        end = put_field(end, fields[i], text[i]);
    }
    *end++ = '\n';
    return output_write(out, rec, (size_t)(end - rec), err);
}

int sink_csv_write(const struct table_def *t, const struct table_args *args,
                   struct output *out, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    const char *fields[TABLE_MAX_COLUMNS];
    bool text[TABLE_MAX_COLUMNS];
    for (size_t i = 0; i < s.ncolumns; i++) {
        fields[i] = s.columns[i].name;
        text[i] = true; /* the header: names are text */
    }
    /* A shard that starts past row 0 has no header: the shards' files,
     * concatenated in order, are then the whole table. */
    int rc = args->param[PARAM_FROM] > 0 ? GT_OK : write_record(out, fields, text, s.ncolumns, err);
    for (size_t i = 0; i < s.ncolumns; i++) {
        fields[i] = s.row.cell[i];
        text[i] = s.columns[i].type == COLUMN_TEXT;
    }
    while (rc == GT_OK && table_stream_next(&s))
        rc = write_record(out, fields, text, s.ncolumns, err);
    table_stream_close(&s);
    return rc;
}
