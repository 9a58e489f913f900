#include <config.h>

#include <string.h>

#include "publish/handout.h"

const char *const handout_papers[HANDOUT_NPAPERS] = {"a4", "a5"};

int handout_write(const struct tex_options *opt, const char *paper, bool worksheet,
                  struct output *out, struct gt_error *err)
{
    json_t *lang = lang_strings_load(opt->dirs, opt->lang, err);
    if (!lang)
        return GT_ERR_RUNTIME;
    json_t *ctx = json_pack("{s:O, s:s, s:b, s:b, s:b}", "lang", lang, "paper", paper, "a4",
                            strcmp(paper, "a4") == 0, "a5", strcmp(paper, "a5") == 0,
                            "worksheet", worksheet);
    json_decref(lang);
    if (!ctx)
        return gt_fail(err, GT_ERR_RUNTIME, "handout.tex: out of memory");
    int rc = template_render(opt->dirs, "handout.tex", ctx, out, err);
    json_decref(ctx);
    return rc;
}

/* Where a table's answer cells are in its template context: the lists to
 * walk down from the top ("rows"; "board" then each line's "cells"), the
 * keys of the cells in each object reached, and a flag to clear (the board's
 * bold zero) or to set (a winning move that is there, so that no dash
 * shows) with each blank. */
struct blanks {
    const char *table;
    const char *path[3];
    const char *keys[3];
    const char *clear, *set;
};

static const struct blanks worksheet_blanks[] = {
    {.table = "wythoff-p-positions", .path = {"rows"}, .keys = {"a_n", "b_n"}},
    {.table = "wythoff-beatty", .path = {"rows"}, .keys = {"floor_nu", "floor_nv"}},
    {.table = "wythoff-property3", .path = {"rows"}, .keys = {"a_k2", "b_k2"}},
    {.table = "wythoff-zeckendorf-shift", .path = {"rows"}, .keys = {"a_n_minus_1_fib"}},
    {.table = "wythoff-grundy", .path = {"board", "cells"}, .keys = {"value"}, .clear = "zero"},
    {.table = "nim-p-positions", .path = {"rows"}, .keys = {"a_digits", "b_digits", "c_digits"}},
    {.table = "wythoff-fibonacci", .path = {"rows"}, .keys = {"a_n_fib", "b_n_fib"}},
    {.table = "kordemsky-grundy", .path = {"grid", "lines", "cells"}, .keys = {"value"}},
    {.table = "kordemsky-start", .path = {"rows"}, .keys = {"grundy", "take"}, .set = "has_take"},
};

static const struct blanks *blanks_of(const struct table_def *t)
{
    for (size_t i = 0; i < sizeof worksheet_blanks / sizeof worksheet_blanks[0]; i++)
        if (strcmp(worksheet_blanks[i].table, t->name) == 0)
            return &worksheet_blanks[i];
    return NULL;
}

bool worksheet_has_blanks(const struct table_def *t)
{
    return blanks_of(t) != NULL;
}

/* Blanks the answer cells under node, path[depth..] still to walk, whose
 * place is 2 mod 3: the place is the sum of the indices on the way down (a
 * row; or a block, a line and a column) and of the key's, so that the
 * blanks run along diagonals, a third of every row and every column
 * whatever the widths.  Nonzero when out of memory. */
static int blank_cells(json_t *node, const struct blanks *b, int depth, size_t place)
{
    if (depth < 3 && b->path[depth]) {
        json_t *list = json_object_get(node, b->path[depth]);
        for (size_t i = 0; i < json_array_size(list); i++)
            if (blank_cells(json_array_get(list, i), b, depth + 1, place + i) != 0)
                return -1;
        return 0;
    }
    for (size_t k = 0; k < 3 && b->keys[k]; k++) {
        const char *v = json_string_value(json_object_get(node, b->keys[k]));
        if (!v || !*v || (place + k) % 3 != 2)
            continue;
        if (json_object_set_new(node, b->keys[k], json_string("")) != 0 ||
            (b->clear && json_object_set_new(node, b->clear, json_false()) != 0) ||
            (b->set && json_object_set_new(node, b->set, json_true()) != 0))
            return -1;
    }
    return 0;
}

int worksheet_table_write(const struct table_def *t, const struct table_args *args,
                          const struct tex_options *opt, struct output *out,
                          struct gt_error *err)
{
    const struct blanks *b = blanks_of(t);
    json_t *ctx = sink_tex_context(t, args, opt, err);
    if (!ctx)
        return GT_ERR_RUNTIME;
    if (b && blank_cells(ctx, b, 0, 0) != 0) {
        json_decref(ctx);
        return gt_fail(err, GT_ERR_RUNTIME, "%s: out of memory building the worksheet", t->name);
    }
    int rc = template_render(opt->dirs, t->tex_template, ctx, out, err);
    json_decref(ctx);
    return rc;
}
