#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "sinks/sink-json.h"

/* Writes a JSON value encoded by jansson (strings escaped by it). */
static int write_json(struct output *out, json_t *v, struct gt_error *err)
{
    if (!v)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory", output_name(out));
    char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(v);
    if (!text)
        return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory", output_name(out));
    int rc = output_puts(out, text, err);
    free(text);
    return rc;
}

/* One cell: an integer or a decimal as a number, by its digits; text as a
 * string, escaped by jansson; an empty cell as null (kordemsky-start's
 * take where there is no winning move). */
static int write_cell(struct output *out, const struct table_cell *c, struct gt_error *err)
{
    char text[TABLE_CELL_TEXT_SIZE];
    switch (c->kind) {
    case CELL_TEXT: return write_json(out, json_string(c->text), err);
    case CELL_INTEGER:
    case CELL_DECIMAL: table_cell_format(c, text); return output_puts(out, text, err);
    case CELL_BOOLEAN: return output_puts(out, c->boolean ? "true" : "false", err);
    case CELL_EMPTY: break;
    }
    return output_puts(out, "null", err);
}

json_t *json_source_object(const struct table_source *s)
{
    return json_pack("{s:s, s:s, s:o, s:o, s:o, s:s}", "authors", s->authors, "title", s->title,
                     "journal", *s->journal ? json_string(s->journal) : json_null(), "year",
                     s->year ? json_integer(s->year) : json_null(), "issue",
                     s->issue ? json_integer(s->issue) : json_null(), "item", s->item);
}

static json_t *header_object(const struct table_def *t, const struct table_column *cols,
                             size_t ncolumns)
{
    const struct table_source *s = &t->source;
    json_t *columns = json_array();
    for (size_t i = 0; columns && i < ncolumns; i++)
        if (json_array_append_new(columns, json_string(cols[i].name)) != 0) {
            json_decref(columns);
            columns = NULL;
        }
    if (!columns)
        return NULL;
    return json_pack("{s:s, s:s, s:o, s:o}", "table", t->name, "summary", t->summary, "source",
                     json_source_object(s), "columns", columns);
}

int sink_json_write(const struct table_def *t, const struct table_args *args,
                    struct output *out, struct gt_error *err)
{
    struct table_stream s;
    if (table_stream_open(&s, t, args, err) != GT_OK)
        return err->status;
    /* The header object without its closing brace, then "rows". */
    json_t *header = header_object(t, s.columns, s.ncolumns);
    char *head = header ? json_dumps(header, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(header);
    int rc = head ? GT_OK : gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory", output_name(out));
    if (rc == GT_OK) {
        head[strlen(head) - 1] = '\0';
        rc = output_puts(out, head, err);
    }
    free(head);
    if (rc == GT_OK)
        rc = output_puts(out, ",\"rows\":[", err);

    /* Keys once, escaped by jansson. */
    char *keys[TABLE_MAX_COLUMNS] = {0};
    for (size_t i = 0; i < s.ncolumns && rc == GT_OK; i++) {
        json_t *k = json_string(s.columns[i].name);
        keys[i] = k ? json_dumps(k, JSON_ENCODE_ANY) : NULL;
        json_decref(k);
        if (!keys[i])
            rc = gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory", output_name(out));
    }
    bool first = true;
    while (rc == GT_OK && table_stream_next(&s)) {
        const struct table_row *row = &s.row;
        rc = output_puts(out, first ? "\n{" : ",\n{", err);
        first = false;
        for (size_t i = 0; i < s.ncolumns && rc == GT_OK; i++) {
            if (i > 0)
                rc = output_puts(out, ",", err);
            if (rc == GT_OK)
                rc = output_puts(out, keys[i], err);
            if (rc == GT_OK)
                rc = output_puts(out, ":", err);
            if (rc != GT_OK)
                break;
            rc = write_cell(out, &row->cell[i], err);
        }
        if (rc == GT_OK)
            rc = output_puts(out, "}", err);
    }
    for (size_t i = 0; i < s.ncolumns; i++)
        free(keys[i]);
    table_stream_close(&s);
    return rc == GT_OK ? output_puts(out, "\n]}\n", err) : rc;
}
