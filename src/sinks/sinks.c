/* sinks.c: one table to one file, by format (sinks.h). */
#include <config.h>

#include <string.h>
#include <unistd.h>

#include "io/output.h"
#include "sinks/sink-csv.h"
#include "sinks/sink-json.h"
#include "sinks/sink-pdf.h"
#include "sinks/sink-xlsx.h"
#include "sinks/sinks.h"

const char *const format_names[FORMAT__N] = {"csv", "csv.gz", "tex", "json", "xlsx", "pdf"};

int sink_write_table(const struct table_request *r, const char *path, const char *name,
                     struct gt_error *err)
{
    /* As gzip does: compressed or binary bytes are not for a terminal. */
    bool binary = r->format == FORMAT_CSV_GZ || r->format == FORMAT_XLSX ||
                  r->format == FORMAT_PDF;
    if (binary && strcmp(path, "-") == 0 && isatty(STDOUT_FILENO))
        return gt_fail(err, GT_ERR_USAGE,
                       "standard output: %s data not written to a terminal (use -o FILE, or a pipe)",
                       format_names[r->format]);
    struct output *out;
    enum output_encoding enc = r->format == FORMAT_CSV_GZ ? OUTPUT_GZIP : OUTPUT_PLAIN;
    if (output_open(&out, path, name, enc, r->level, r->jobs, err) != GT_OK)
        return GT_ERR_RUNTIME;
    /* Every other spelling of a terminal (-o /dev/stdout, /dev/tty). */
    if (binary && output_is_terminal(out)) {
        int rc = gt_fail(err, GT_ERR_USAGE,
                         "%s: %s data not written to a terminal (use -o FILE, or a pipe)",
                         output_name(out), format_names[r->format]);
        output_abort(out);
        return rc;
    }
    int rc;
    switch (r->format) {
    case FORMAT_TEX:
        rc = r->standalone ? sink_tex_document(r->table, &r->args, &r->tex, out, err)
                           : sink_tex_write(r->table, &r->args, &r->tex, out, err);
        break;
    case FORMAT_PDF: rc = sink_pdf_write(r->table, &r->args, &r->tex, out, err); break;
    case FORMAT_JSON: rc = sink_json_write(r->table, &r->args, out, err); break;
    case FORMAT_XLSX: rc = sink_xlsx_write(r->table, &r->args, out, err); break;
    default: rc = sink_csv_write(r->table, &r->args, out, err); break;
    }
    if (rc != GT_OK) {
        output_abort(out);
        return rc;
    }
    return output_commit(out, err);
}
