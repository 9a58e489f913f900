/* sink-csv.h: a table as RFC 4180 CSV (UTF-8, header row, "\n" line ends). */
#ifndef GAMETAB_SINK_CSV_H
#define GAMETAB_SINK_CSV_H

#include "io/output.h"
#include "tables/table.h"

/* Streams the header (not for --from N0 > 0: a shard) and every row of t
 * with args into out; fields are
 * quoted by libcsv's writer only where they need it.  Memory does not depend
 * on the number of rows.  GT_OK or GT_ERR_RUNTIME (out must then be aborted). */
int sink_csv_write(const struct table_def *t, const struct table_args *args,
                   struct output *out, struct gt_error *err);

/* A field of a record that is not a table's row (the errata's): an
 * integer, or text of any length (borrowed, not copied). */
struct csv_value {
    enum cell_kind kind; /* CELL_INTEGER, CELL_TEXT, or CELL_EMPTY (an empty field) */
    uint64_t integer;    /* CELL_INTEGER */
    const char *text;    /* CELL_TEXT: UTF-8, NUL-terminated */
};

static inline struct csv_value csv_integer(uint64_t v)
{
    return (struct csv_value){.kind = CELL_INTEGER, .integer = v};
}

static inline struct csv_value csv_text(const char *s)
{
    return (struct csv_value){.kind = CELL_TEXT, .text = s};
}

/* Writes one record of the n values into out, as the tables' rows are
 * written (integers in decimal, text quoted by libcsv only where it needs
 * it, a comma between, "\n" after).  GT_OK or GT_ERR_RUNTIME (out of
 * memory, or out's error). */
int sink_csv_write_values(struct output *out, const struct csv_value *v, size_t n,
                          struct gt_error *err);

#endif
