/* sink-json.h: a table as one JSON document, streamed. */
#ifndef GAMETAB_SINK_JSON_H
#define GAMETAB_SINK_JSON_H

#include <jansson.h>

#include "io/output.h"
#include "tables/table.h"

/* A source's year or issue as JSON: null where it is 0 (not known). */
static inline json_t *json_source_number(int v)
{
    return v ? json_integer(v) : json_null();
}

/* A source's journal as JSON: null where the text names none (""), as its
 * year and issue are. */
static inline json_t *json_source_text(const char *text)
{
    return *text ? json_string(text) : json_null();
}

/* Writes {"table": NAME, "source": {...}, "columns": [...], "rows": [{...}]}
 * with one row object per line; INTEGER cells as JSON numbers (their
 * digits, so 64-bit values survive), DECIMAL cells as numbers with all the
 * places the table prints, TEXT cells as strings, empty cells as null.  Memory does not depend on the number of rows.  GT_OK or
 * GT_ERR_RUNTIME. */
int sink_json_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err);

#endif
