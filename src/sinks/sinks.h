/* sinks.h: one table written to one file, in the format asked for.
 *
 * The formats and their names, and the one function that opens the output
 * (atomically, io/output.h), hands the table's rows to the sink of the
 * format and commits.  `gametab table` and `gametab build` both write
 * through it. */
#ifndef GAMETAB_SINKS_H
#define GAMETAB_SINKS_H

#include "base/error.h"
#include "sinks/sink-tex.h"
#include "tables/table.h"

enum format {
    FORMAT_CSV, FORMAT_CSV_GZ, FORMAT_TEX, FORMAT_JSON, FORMAT_XLSX, FORMAT_PDF, FORMAT__N
};

/* The name of each format, as --format takes it: "csv", "csv.gz", "tex",
 * "json", "xlsx", "pdf" (the LaTeX document compiled, sink-pdf.h). */
extern const char *const format_names[FORMAT__N];

/* What to write: a table with its arguments, in a format. */
struct table_request {
    const struct table_def *table;
    struct table_args args;
    enum format format;
    struct tex_options tex; /* FORMAT_TEX, FORMAT_PDF: language, block columns, templates */
    bool standalone;        /* FORMAT_TEX: a complete document, not a fragment */
    int level;              /* FORMAT_CSV_GZ: the gzip level 0..9 */
    unsigned jobs;          /* FORMAT_CSV_GZ: compressing threads, 1..GZCHUNKS_JOBS_MAX */
};

/* Writes r's table to path ("-" for standard output) atomically: nothing
 * is left at path unless every row was written; messages call the file
 * name, or path when name is NULL (io/output.h).  GT_OK, or the sink's or
 * the output's error (GT_ERR_RUNTIME) with err set; GT_ERR_USAGE when path
 * is "-", standard output a terminal and the format binary (csv.gz, xlsx,
 * pdf). */
int sink_write_table(const struct table_request *r, const char *path, const char *name,
                     struct gt_error *err);

#endif
