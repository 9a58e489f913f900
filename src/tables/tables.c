#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/progress.h"
#include "tables/table.h"
#include "tables/table-wythoff.h"
#include "tables/table-yaglom.h"
#include "tables/table-misere.h"
#include "tables/table-kordemsky.h"

const struct table_def *const table_registry[] = {
    &table_wythoff_p_positions,
    &table_wythoff_frequencies,
    &table_nim_p_positions,
    &table_wythoff_fibonacci,
    &table_wythoff_k_heaps,
    &table_wythoff_beatty,
    &table_wythoff_property3,
    &table_wythoff_zeckendorf_shift,
    &table_wythoff_grundy,
    &table_misere_nim_p_positions,
    &table_kordemsky_grundy,
    &table_kordemsky_start,
    &table_wythoff_game,
};

const size_t table_registry_size = sizeof table_registry / sizeof table_registry[0];

const struct table_def *table_find(const char *name)
{
    for (size_t i = 0; i < table_registry_size; i++)
        if (strcmp(table_registry[i]->name, name) == 0)
            return table_registry[i];
    return NULL;
}

uint64_t table_rows_count(const struct table_args *args)
{
    return args->param[PARAM_COUNT];
}

void table_default_args(const struct table_def *t, struct table_args *args)
{
    for (int p = 0; p < PARAM__N; p++)
        args->param[p] = t->params[p].accepted ? t->params[p].def : 0;
}

const struct option_spec table_param_options[PARAM__N] = {
    [PARAM_COUNT] = {.name = "count", .kind = OPTION_NUMBER, .metavar = "K",
                     .help = "how many rows"},
    [PARAM_MAX] = {.name = "max", .kind = OPTION_NUMBER, .metavar = "M",
                   .help = "the largest heap, pile or board size"},
    [PARAM_HEAPS] = {.name = "heaps", .kind = OPTION_NUMBER, .metavar = "k",
                     .help = "how many heaps"},
    [PARAM_RADIX] = {.name = "radix", .kind = OPTION_NUMBER, .metavar = "r",
                     .help = "digits in base r"},
    [PARAM_COLOR] = {.name = "color", .kind = OPTION_NEGATABLE, .only_for = "tex,pdf",
                     .help = "LaTeX in black and white (--color: in colour, the default)"},
    [PARAM_FROM] = {.name = "from", .kind = OPTION_NUMBER, .metavar = "N0",
                    .help = "start at row N0 (0-based); for N0 > 0 a CSV has no\n"
                            "header row, so shards concatenate to the whole table"},
    [PARAM_START_A] = {.name = "start", .kind = OPTION_PAIR, .metavar = "A,B",
                       .help = "a starting square"},
};

const char *table_param_name(enum table_param p)
{
    return table_param_options[p == PARAM_START_B ? PARAM_START_A : p].name;
}

size_t table_integer_format(uint64_t v, char *buf)
{
    return u64_format(v, buf);
}

size_t table_cell_format(const struct table_cell *c, char *buf)
{
    switch (c->kind) {
    case CELL_INTEGER: return u64_format(c->integer, buf);
    case CELL_DECIMAL: return decimal_format(&c->decimal, buf);
    case CELL_TEXT: {
        size_t n = strlen(c->text);
        memcpy(buf, c->text, n + 1);
        return n;
    }
    case CELL_BOOLEAN: {
        const char *v = c->boolean ? "true" : "false";
        memcpy(buf, v, strlen(v) + 1);
        return strlen(v);
    }
    case CELL_EMPTY: break;
    }
    buf[0] = '\0';
    return 0;
}

static struct progress *stream_progress;

void table_set_progress(struct progress *p)
{
    stream_progress = p;
}

int table_stream_open(struct table_stream *s, const struct table_def *t,
                      const struct table_args *args, struct gt_error *err)
{
    s->table = t;
    s->ncolumns = t->column_count ? t->column_count(args) : t->ncolumns;
    s->columns = t->columns_for ? t->columns_for(args) : t->columns;
    s->rows = 0;
    s->progress = stream_progress;
    /* The rows to come, for the percent and the time left: exact (K, N^2,
     * a game played out), or 0 for a bound. */
    if (s->progress)
        progress_start(s->progress, t->row_count_bound ? 0 : t->row_count(args), true);
    return t->start(s->state, args, err);
}

bool table_stream_next(struct table_stream *s)
{
    if (s->progress && (s->rows & 0xFFFF) == 0)
        progress_update(s->progress, s->rows);
    bool more = s->table->next(s->state, &s->row);
    s->rows += more;
    return more;
}

void table_stream_close(struct table_stream *s)
{
    if (s->progress)
        progress_end(s->progress);
    if (s->table->finish)
        s->table->finish(s->state);
}

int table_param_check(const struct table_param_spec *params, const char *kind,
                      const char *name, enum table_param p, uint64_t value,
                      struct gt_error *err)
{
    const struct table_param_spec *s = &params[p];
    const char *option = table_param_name(p);
    /* A negatable one as given: --no-color (value 0) or --color (1). */
    const char *no = table_param_options[p].kind == OPTION_NEGATABLE && value == 0 ? "no-" : "";
    if (!s->accepted)
        return gt_fail(err, GT_ERR_USAGE, "--%s%s: not a parameter of %s %s", no, option, kind,
                       name);
    char range[64];
    if (value < s->min || value > s->max)
        return gt_fail(err, GT_ERR_USAGE, "--%s%s: %" PRIu64 " is out of range for %s %s (%s)", no,
                       option, value, kind, name, table_param_range(s, range, sizeof range));
    return GT_OK;
}

const char *table_param_range(const struct table_param_spec *s, char *buf, size_t size)
{
    if (!s->values) {
        snprintf(buf, size, "%" PRIu64 "..%" PRIu64, s->min, s->max);
        return buf;
    }
    /* "2 4" -> "2 or 4"; "1 2 3" -> "1, 2 or 3" */
    size_t words = 1, n = 0;
    for (const char *c = s->values; *c; c++)
        words += *c == ' ';
    buf[0] = '\0';
    for (const char *c = s->values; *c && n + 1 < size;) {
        size_t len = strcspn(c, " ");
        const char *sep = words-- == 1 ? " or " : ", ";
        n += (size_t)snprintf(buf + n, size - n, "%s%.*s", c == s->values ? "" : sep, (int)len, c);
        c += len + (c[len] == ' ');
    }
    return buf;
}

int table_check_param(const struct table_def *t, enum table_param p, uint64_t value,
                      struct gt_error *err)
{
    return table_param_check(t->params, "table", t->name, p, value, err);
}

int table_check_args(const struct table_def *t, const struct table_args *args,
                     struct gt_error *err)
{
    /* A shard --from N0 --count K must end within the table's rows: the
     * count's limit is the number of rows there are. */
    const struct table_param_spec *count = &t->params[PARAM_COUNT];
    uint64_t from = args->param[PARAM_FROM];
    if (t->params[PARAM_FROM].accepted && from > count->max - args->param[PARAM_COUNT])
        return gt_fail(err, GT_ERR_USAGE,
                       "--from: rows %" PRIu64 " to %" PRIu64 " pass the last row of table %s "
                       "(%" PRIu64 " rows, 0..%" PRIu64 ")",
                       from, from + (args->param[PARAM_COUNT] - 1), t->name, count->max,
                       count->max - 1);
    return t->check_args ? t->check_args(t, args, err) : GT_OK;
}
