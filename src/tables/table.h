/* table.h: a table is a schema plus a stream of rows.
 *
 * Each table family lives in its own table-*.c file and exports constant
 * descriptors; tables.c lists them all.  `gametab list`, `table`, `build` and
 * --help read that one array, so nothing else needs to know a table exists.
 * Rows are produced one at a time into a caller-owned struct table_row, so
 * writing K rows takes memory independent of K. */
#ifndef GAMETAB_TABLE_H
#define GAMETAB_TABLE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdalign.h>

#include "base/error.h"

#define TABLE_MAX_COLUMNS 16
#define TABLE_CELL_SIZE 128 /* bytes of one cell's text, NUL included */
#define TABLE_STATE_SIZE 256 /* bytes of a row generator's state */

/* The numeric parameters a table may take, each a command-line option. */
enum table_param {
    PARAM_COUNT, /* --count K: how many rows */
    PARAM_MAX,   /* --max M: the largest heap, pile or board size */
    PARAM_HEAPS, /* --heaps k: how many heaps */
    PARAM_RADIX, /* --radix r: the base of the digit columns */
    PARAM_COLOR, /* 1, or 0 with --no-color: LaTeX in black and white */
    PARAM_FROM,  /* --from N0: the first row, 0-based (for shards: see sink-csv.h) */
    PARAM_START_A, /* --start A,B: the first heap (a) of a starting square */
    PARAM_START_B, /* and the second (b) */
    PARAM__N
};

struct table_param_spec {
    bool accepted;         /* false: the option is a usage error for this table */
    uint64_t def, min, max;
    const char *help;      /* what the parameter means for this table */
    uint64_t tex_max;      /* 0, or the largest value --format tex takes
                            * (a LaTeX table held whole and fit to a page) */
};

struct table_args {
    uint64_t param[PARAM__N];
};

/* Where a table comes from: the article, its journal issue, and the item. */
struct table_source {
    const char *authors;   /* "Matulis & Savukinas" */
    const char *title;     /* the article's title, as printed */
    const char *journal;   /* "Kvant"; "" where the text does not name it */
    int year;              /* 0 where the text does not say (JSON: null) */
    int issue;             /* 0 where the text does not say (JSON: null) */
    const char *item;      /* "table «Проигрышные поля»", "Theorem 1", ... */
};

/* A source's year or issue as JSON: null where it is 0 (not known). */
static inline json_t *table_source_number(int v)
{
    return v ? json_integer(v) : json_null();
}

/* How a column's cells read: JSON writes INTEGER and DECIMAL cells as
 * numbers and TEXT cells (binary digits with leading zeros, say) as strings;
 * an empty INTEGER or DECIMAL cell is no value (JSON null). */
enum column_type { COLUMN_INTEGER, COLUMN_DECIMAL, COLUMN_TEXT };

struct table_column {
    const char *name;      /* the CSV header, exactly */
    enum column_type type;
};

struct table_row {
    char cell[TABLE_MAX_COLUMNS][TABLE_CELL_SIZE];
};

struct table_def {
    const char *name;
    const char *summary;               /* one line, English */
    struct table_source source;
    const struct table_column *columns; /* in order */
    size_t ncolumns;
    struct table_param_spec params[PARAM__N];

    /* The number of columns for args, when it depends on them (h1..hk);
     * NULL: ncolumns.  Never more than ncolumns. */
    size_t (*column_count)(const struct table_args *args);

    /* The columns for args, when their names depend on them (a_base4 for
     * --radix 4); NULL: columns.  As many as the column count. */
    const struct table_column *(*columns_for)(const struct table_args *args);

    /* Checks the parameters together, when one's range depends on another
     * (--max on --heaps); NULL: each range alone is enough.  GT_OK or
     * GT_ERR_USAGE with err naming the option, the value and the range. */
    int (*check_args)(const struct table_def *t, const struct table_args *args,
                      struct gt_error *err);

    /* The row stream: start once (GT_OK, or an error with err set), then
     * next until it returns false, then finish (NULL: nothing to free). */
    int (*start)(void *state, const struct table_args *args, struct gt_error *err);
    bool (*next)(void *state, struct table_row *row);
    void (*finish)(void *state);

    /* The LaTeX layout: a template file name under templates/, and an
     * optional hook that adds the table's own values for it (to each row
     * object, then to the whole context).  Hooks return 0, or -1 when out of
     * memory. */
    const char *tex_template;
    int (*tex_row)(json_t *row_obj, const struct table_row *row);
    int (*tex_context)(json_t *ctx, const struct table_args *args);
};

/* A table's rows being read: open, next until false, close. */
struct table_stream {
    const struct table_def *table;
    size_t ncolumns;              /* for these args */
    const struct table_column *columns; /* for these args */
    uint64_t rows;                /* read so far */
    struct progress *progress;    /* the reporter set by table_set_progress, or NULL */
    struct table_row row;         /* the current row, after table_stream_next */
    _Alignas(max_align_t) unsigned char state[TABLE_STATE_SIZE];
};

/* Starts t's rows for args.  GT_OK, or the table's error (out of memory for
 * a solver's table, say) with err set; nothing to close then. */
int table_stream_open(struct table_stream *s, const struct table_def *t,
                      const struct table_args *args, struct gt_error *err);

/* The next row into s->row; false at the end. */
bool table_stream_next(struct table_stream *s);

/* Frees what the stream holds. */
void table_stream_close(struct table_stream *s);

/* The progress reporter (progress.h) of the streams opened from now on, or
 * NULL: the command layer's choice (a terminal, --quiet), not the tables'.
 * Streams report the rows they have read; the total is --count when the
 * table takes it. */
struct progress;
void table_set_progress(struct progress *p);

/* The registry, in the order `gametab list` and `build` use. */
extern const struct table_def *const table_registry[];
extern const size_t table_registry_size;

/* The table called name, or NULL. */
const struct table_def *table_find(const char *name);

/* Fills args with every accepted parameter's default. */
void table_default_args(const struct table_def *t, struct table_args *args);

/* The command-line name of a parameter ("count"). */
const char *table_param_name(enum table_param p);

/* Checks that value is allowed for parameter p of table t; GT_OK or
 * GT_ERR_USAGE with err naming the option, the value and the allowed range. */
int table_check_param(const struct table_def *t, enum table_param p, uint64_t value,
                      struct gt_error *err);

/* Checks the parameters of args together (t->check_args), after each has
 * passed table_check_param; GT_OK or GT_ERR_USAGE with err set. */
int table_check_args(const struct table_def *t, const struct table_args *args,
                     struct gt_error *err);

#endif
