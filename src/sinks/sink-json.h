/* sink-json.h: a table as one JSON document, streamed. */
#ifndef GAMETAB_SINK_JSON_H
#define GAMETAB_SINK_JSON_H

#include "io/output.h"
#include "tables/table.h"

/* Writes {"table": NAME, "source": {...}, "columns": [...], "rows": [{...}]}
 * with one row object per line; INTEGER and DECIMAL cells as JSON numbers
 * (exact: their digits are copied, so 64-bit values survive), TEXT cells as
 * strings.  Memory does not depend on the number of rows.  GT_OK or
 * GT_ERR_RUNTIME. */
int sink_json_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err);

#endif
