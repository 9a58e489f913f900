/* workbook.h: gametab.xlsx, the workbook `gametab build` writes: for each
 * language of the build a contents sheet (every sheet, what it holds and
 * where it comes from), then one sheet per table at the article's
 * parameters (the frequencies with their chart, sink-xlsx.h), then the
 * errata. */
#ifndef GAMETAB_WORKBOOK_H
#define GAMETAB_WORKBOOK_H

#include <stddef.h>

#include "io/output.h"
#include "publish/errata.h"
#include "tables/table.h"
#include "template/templates.h"

struct workbook_request {
    const char *const *langs;       /* the build's languages, "ru" and/or "en" */
    size_t nlangs;
    const struct template_dirs *dirs; /* for templates/lang/LANG.json */
    const struct table_args *args;  /* table_registry_size of them, in order */
    const struct errata *errata;
};

/* Writes the workbook into out.  GT_OK, or GT_ERR_RUNTIME (GT_ERR_USAGE
 * for a table too long for a sheet, which the article's sizes are not)
 * with err set. */
int workbook_write(const struct workbook_request *w, struct output *out, struct gt_error *err);

#endif
