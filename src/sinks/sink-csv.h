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

#endif
