#include <config.h>

#include <csv.h>
#include <stddef.h>
#include <string.h>

#include "sink-csv.h"

static bool needs_quotes(const char *field)
{
    return strpbrk(field, ",\"\r\n") != NULL;
}

/* Writes one field, quoted by libcsv when it holds a comma, a quote or a
 * line break. */
static int write_field(struct output *out, const char *field, struct gt_error *err)
{
    if (!needs_quotes(field))
        return output_puts(out, field, err);
    /* Quoting at most doubles the field and adds two quotes. */
    char quoted[2 * TABLE_CELL_SIZE + 2];
    size_t n = csv_write(quoted, sizeof quoted, field, strlen(field));
    return output_write(out, quoted, n, err);
}

static int write_record(struct output *out, const char *const *fields, size_t n,
                        struct gt_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && output_write(out, ",", 1, err) != GT_OK)
            return GT_ERR_RUNTIME;
        if (write_field(out, fields[i], err) != GT_OK)
            return GT_ERR_RUNTIME;
    }
    return output_write(out, "\n", 1, err);
}

int sink_csv_write(const struct table_def *t, const struct table_args *args,
                   struct output *out, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    const char *fields[TABLE_MAX_COLUMNS];
    for (size_t i = 0; i < s.ncolumns; i++)
        fields[i] = s.columns[i].name;
    int rc = write_record(out, fields, s.ncolumns, err);
    for (size_t i = 0; i < s.ncolumns; i++)
        fields[i] = s.row.cell[i];
    while (rc == GT_OK && table_stream_next(&s))
        rc = write_record(out, fields, s.ncolumns, err);
    table_stream_close(&s);
    return rc;
}
