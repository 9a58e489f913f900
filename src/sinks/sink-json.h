/* sink-json.h: a table as one JSON document, streamed. */
#ifndef GAMETAB_SINK_JSON_H
#define GAMETAB_SINK_JSON_H

#include <jansson.h>

#include "io/output.h"
#include "tables/table.h"

/* A table's source as JSON, as both the JSON document and the LaTeX
 * context give it: {authors, title, journal, year, issue, item}, the
 * journal, year and issue null where the text names none ("" or 0).  NULL
 * out of memory. */
json_t *json_source_object(const struct table_source *s);

/* Writes {"table": NAME, "source": {...}, "columns": [...], "rows": [{...}]}
 * with one row object per line; INTEGER cells as JSON numbers (their
 * digits, so 64-bit values survive), DECIMAL cells as numbers with all the
 * places the table prints, TEXT cells as strings, empty cells as null.  Memory does not depend on the number of rows.  GT_OK or
 * GT_ERR_RUNTIME. */
int sink_json_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err);

#endif
