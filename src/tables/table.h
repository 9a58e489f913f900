/* table.h: a table is a schema plus a stream of rows.
 *
 * Each table family lives in its own table-*.c file and exports constant
 * descriptors; tables.c lists them all.  `gametab list`, `table`, `build` and
 * --help read that one array, so nothing else needs to know a table exists.
 * Rows are produced one at a time into a caller-owned struct table_row of
 * typed cells (below), so writing K rows takes memory independent of K. */
#ifndef GAMETAB_TABLE_H
#define GAMETAB_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdalign.h>

#include "base/error.h"
#include "base/option.h"
#include "games/decimal.h"
#include "games/numeration.h"

#define TABLE_MAX_COLUMNS 16
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
    const char *values;    /* NULL, or the values allowed when not every one
                            * of min..max is ("2 4"): the completion offers
                            * them (check_args refuses the others) */
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
    const char *lang_key;  /* the article in lang/LANG.json: its citation is
                            * LANG_KEY_source (as the handout cites it) */
};

/* ---- rows: typed cells ---------------------------------------------------
 *
 * A row holds values, not text: a generator stores an integer, an exact
 * decimal or a digit string in each cell, and each sink writes them its own
 * way (CSV and the LaTeX context as digits, JSON integers as numbers, text
 * as strings).  Nothing reads a number back out of text.  A table names its
 * columns with an enum in its header (PAIRS_A, ...), the index of the cell
 * in the row and of the column in its list:
 *
 *     enum { PAIRS_N, PAIRS_A, PAIRS_B };                 (table-wythoff.h)
 *     static const struct table_column p_positions_columns[] = {
 *         [PAIRS_N] = {"n", COLUMN_INTEGER}, ...};
 *     cell_set_integer(&row->cell[PAIRS_A], wythoff_cursor_lower(&s->cur));
 *
 * and a reader (a figure, a test) takes row->cell[PAIRS_A].integer.
 *
 * A sink reads a cell by its kind: cell.integer, cell.decimal (decimal.h:
 * int_part + frac / 10^places, as the table prints it) or cell.text; an
 * empty cell (CELL_EMPTY) is no value: an empty CSV field, JSON null.  The
 * text of any cell is table_cell_format's; the CSV sink formats integers
 * straight into its record with table_integer_format. */

/* How a column's cells read: JSON writes INTEGER and DECIMAL cells as
 * numbers and TEXT cells (binary digits with leading zeros, say) as strings;
 * an empty INTEGER or DECIMAL cell is no value (JSON null). */
enum column_type { COLUMN_INTEGER, COLUMN_DECIMAL, COLUMN_TEXT };

struct table_column {
    const char *name;      /* the CSV header, exactly */
    enum column_type type;
};

/* What a cell holds: its column's type, or nothing.  BOOLEAN is for the
 * values a table adds to its LaTeX context (struct tex_values), never in a
 * row. */
enum cell_kind { CELL_EMPTY, CELL_INTEGER, CELL_DECIMAL, CELL_TEXT, CELL_BOOLEAN };

/* A text cell's bytes, NUL included: 2^64 - 1 in the Fibonacci system
 * (92 digits) is the longest text any table writes. */
#define TABLE_TEXT_SIZE NUMERATION_BUF_SIZE
/* The bytes table_cell_format may write, NUL included. */
#define TABLE_CELL_TEXT_SIZE (TABLE_TEXT_SIZE > DECIMAL_BUF_SIZE ? TABLE_TEXT_SIZE : DECIMAL_BUF_SIZE)

struct table_cell {
    enum cell_kind kind;
    union {
        uint64_t integer;           /* CELL_INTEGER: 0..2^64-1 */
        struct decimal decimal;     /* CELL_DECIMAL: exact, at the places printed */
        char text[TABLE_TEXT_SIZE]; /* CELL_TEXT: UTF-8, NUL-terminated */
        bool boolean;               /* CELL_BOOLEAN */
    };
};

/* A line of a chart at a constant height: its name and its value. */
struct table_chart_line {
    const char *name;
    struct decimal (*value)(void);
};

/* A chart a spreadsheet draws of a table (xlsx): columns y[] against
 * column x, and constant lines (a limit) across the same range of x. */
struct table_chart {
    const char *title;
    size_t x;
    size_t y[2], ny;
    struct table_chart_line line[2];
    size_t nlines;
};

struct table_row {
    struct table_cell cell[TABLE_MAX_COLUMNS];
};

static inline void cell_set_integer(struct table_cell *c, uint64_t v)
{
    c->kind = CELL_INTEGER;
    c->integer = v;
}

static inline void cell_set_decimal(struct table_cell *c, struct decimal d)
{
    c->kind = CELL_DECIMAL;
    c->decimal = d;
}

/* Makes c a text cell and returns its buffer (TABLE_TEXT_SIZE bytes) for the
 * caller to write the digits into; it holds "" until then. */
static inline char *cell_set_text(struct table_cell *c)
{
    c->kind = CELL_TEXT;
    c->text[0] = '\0';
    return c->text;
}

static inline void cell_set_boolean(struct table_cell *c, bool v)
{
    c->kind = CELL_BOOLEAN;
    c->boolean = v;
}

static inline void cell_set_empty(struct table_cell *c)
{
    c->kind = CELL_EMPTY;
}

/* Writes the text of c into buf (TABLE_CELL_TEXT_SIZE bytes): an integer in
 * decimal, a decimal with all its places ("0.666666666667"), the text as
 * it is; "" for an empty cell, "true" or "false" for a boolean.  Returns
 * the length. */
size_t table_cell_format(const struct table_cell *c, char *buf);

/* Writes v in decimal into buf (at least 21 bytes; NUL-terminated), two
 * digits a division; returns the length.  The fast path of the CSV sink: a
 * sink may write it straight into its output buffer. */
size_t table_integer_format(uint64_t v, char *buf);

/* ---- LaTeX: what a table adds to its template's context ------------------
 *
 * The LaTeX sink (sink-tex.h) builds the context (context.h) from the rows;
 * a table adds its own values to it through these neutral structures, so
 * that the tables know nothing of JSON.  A value's name is a key of the
 * row's object or of the context; "a.b" is key b of the object a. */
#define TEX_VALUES_MAX 10

struct tex_value {
    const char *name;       /* a string constant */
    struct table_cell cell; /* any kind but CELL_EMPTY */
};

struct tex_values {
    size_t n;
    struct tex_value v[TEX_VALUES_MAX];
    bool overflow;                 /* more were added: the sink fails */
    struct table_cell spare;       /* where they went */
};

/* Appends the value called name to vs and returns its cell, to be set with
 * cell_set_*.  Past TEX_VALUES_MAX values the cell is a spare one and the
 * sink reports the table's error (a hook adds a fixed few). */
static inline struct table_cell *tex_value_add(struct tex_values *vs, const char *name)
{
    if (vs->n == TEX_VALUES_MAX) {
        vs->overflow = true;
        return &vs->spare;
    }
    struct tex_value *v = &vs->v[vs->n++];
    v->name = name;
    return &v->cell;
}

/* The shapes the LaTeX sink draws from the rows, beside context.h's rows
 * and blocks, for the layouts whose template needs one. */
enum tex_shape {
    TEX_SHAPE_ROWS,   /* the rows and blocks only */
    TEX_SHAPE_BOARD,  /* rows (a, b, v) of the board 0 <= a, b < N = --max, a
                       * by a: "board", lines from b = N-1 down to 0, {b,
                       * cells: [{value, zero}]}; "files", [{a, last}];
                       * "board_columns", N + 1; "board_small" (N <= 16),
                       * "board_medium" (N <= 24), "board_large" */
    TEX_SHAPE_GROUPS, /* rows (t, m, n) grouped by t: "groups", [{t,
                       * triples: [{m, n, last}], last}] */
    TEX_SHAPE_PERIOD_GRID, /* rows (n, m, p, v), m = 0, 1 for n = 0..N, of
                       * Kordemsky's game: "grid", blocks of piles by
                       * lines (m, p), the period the table's tex_context
                       * states ("periodic", "period", "period_start")
                       * framed ("framed") when a block holds it */
};

/* Sets ctx[name] to a run of zeros as long as the widest value under keys
 * (up to 4; of the rows' objects), to size the cells of one of several tables
 * drawn from the same rows (decimal, binary, Fibonacci) each to its own. */
struct tex_widest {
    const char *name;
    const char *keys[4];
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

    /* The rows for args, the header not counted: exact where the parameters
     * tell it (K, N^2, 2 (N + 1), a game played out), else an upper bound
     * that only solving the game would sharpen (wythoff-k-heaps,
     * misere-nim-p-positions: at most one P-position for each choice of
     * the other heaps).  Every table has one: a format that holds fewer
     * rows (an xlsx sheet, sink-xlsx.h) refuses args by it before any
     * work.  Args have passed the parameter checks. */
    uint64_t (*row_count)(const struct table_args *args);
    /* row_count is an upper bound, not the rows (wythoff-k-heaps,
     * misere-nim-p-positions): the progress line gives no percent. */
    bool row_count_bound;

    /* Checks the parameters together, when one's range depends on another
     * (--max on --heaps); NULL: each range alone is enough.  GT_OK or
     * GT_ERR_USAGE with err naming the option, the value and the range. */
    int (*check_args)(const struct table_def *t, const struct table_args *args,
                      struct gt_error *err);

    /* NULL, or the largest value of parameter p that --format tex takes
     * given the other parameters (0: none but tex_max): where the rows of
     * a LaTeX table depend on them (wythoff-k-heaps: --max on --heaps).
     * Writes what the limit depends on into given (size bytes), as the
     * error message says it after the table's name: " with --heaps 3". */
    uint64_t (*tex_max_of)(const struct table_args *args, enum table_param p, char *given,
                           size_t size);

    /* The row stream: start once (GT_OK, or an error with err set), then
     * next until it returns false, then finish (NULL: nothing to free). */
    int (*start)(void *state, const struct table_args *args, struct gt_error *err);
    bool (*next)(void *state, struct table_row *row);
    void (*finish)(void *state);

    /* The decimal places the article prints for the DECIMAL columns (a
     * spreadsheet's number format shows as many); 0: all the CSV's. */
    unsigned decimal_places;

    /* NULL, or the chart a spreadsheet of the table carries. */
    const struct table_chart *chart;

    /* The LaTeX layout: a template file name under templates/; the shape the
     * sink draws for it from the rows; "number" 1.. on each row and "index"
     * 1.. on each column (tex_numbered); up to 3 widths (tex_widest).  The
     * hooks add the table's own values: tex_row to each row's object (from
     * the typed row), tex_context to the context (from the arguments).  They
     * return GT_OK, or an error with err set (a failed solver, say). */
    const char *tex_template;
    enum tex_shape tex_shape;
    /* The layout wraps its rows (or piles) into blocks of columns, which
     * --block-columns sets; false: the option does not apply. */
    bool tex_blocks;
    bool tex_numbered;
    struct tex_widest tex_widest[3];
    int (*tex_row)(const struct table_row *row, struct tex_values *out, struct gt_error *err);
    int (*tex_context)(const struct table_args *args, struct tex_values *out,
                       struct gt_error *err);
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

/* The row count of a table of --count K rows: K (a row_count). */
uint64_t table_rows_count(const struct table_args *args);

/* Fills args with every accepted parameter's default. */
void table_default_args(const struct table_def *t, struct table_args *args);

/* The command-line name of a parameter ("count"). */
const char *table_param_name(enum table_param p);

/* The command-line option of each parameter, as data (base/option.h):
 * --count K, --no-color, --start A,B (whose two numbers are PARAM_START_A
 * and PARAM_START_B: the entry of PARAM_START_B has no name).  The range is
 * each table's (struct table_param_spec), checked by table_param_check. */
extern const struct option_spec table_param_options[PARAM__N];

/* Checks that value is allowed for parameter p in params, the parameters of
 * a table or a figure (kind "table" or "figure", called name); GT_OK or
 * GT_ERR_USAGE with err naming the option, the value and the allowed range
 * ("--count: 0 is out of range for table X (1..100)", "--heaps: not a
 * parameter of figure Y"). */
int table_param_check(const struct table_param_spec *params, const char *kind,
                      const char *name, enum table_param p, uint64_t value,
                      struct gt_error *err);

/* The values parameter s allows, as messages and --help say them: "1..100",
 * or those of s->values ("2 or 4"); in buf (64 bytes hold any), returned. */
const char *table_param_range(const struct table_param_spec *s, char *buf, size_t size);

/* table_param_check for table t. */
int table_check_param(const struct table_def *t, enum table_param p, uint64_t value,
                      struct gt_error *err);

/* Checks the parameters of args together (t->check_args), after each has
 * passed table_check_param; GT_OK or GT_ERR_USAGE with err set. */
int table_check_args(const struct table_def *t, const struct table_args *args,
                     struct gt_error *err);

#endif
