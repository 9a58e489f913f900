#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "games/decimal.h"
#include "games/games.h"
#include "tables/table-kordemsky.h"

/* The title as printed ("все", not "всё"); the text names no journal or
 * year (it cites Kordemsky's book, 10th edition, 1994). */
#define TETERKO                                                         \
    .authors = "A. Teterko",                                            \
    .title = "И все-таки, Гранди!",                                     \
    .journal = "", .year = 0, .issue = 0

/* Piles 0..N: game_kordemsky holds 4 (N + 1) states. */
#define KORDEMSKY_N_MAX (SOLVER_STATES_MAX / 4 - 1)

/* The Grundy values of Kordemsky's game for piles 0..N (4 (N + 1) entries,
 * the caller frees them), or NULL with err set. */
static uint32_t *kordemsky_solve(uint64_t N, struct gt_error *err)
{
    struct game g;
    if (game_kordemsky(&g, N) != 0) {
        gt_fail(err, GT_ERR_USAGE, "--max: %llu piles are too many", (unsigned long long)N);
        return NULL;
    }
    uint32_t *grundy = malloc(g.nstates * sizeof *grundy);
    enum solver_status rc = grundy ? solve_grundy(&g, grundy) : SOLVER_NOMEM;
    if (rc != SOLVER_OK) {
        free(grundy);
        gt_fail(err, GT_ERR_RUNTIME, "kordemsky: %s",
                rc == SOLVER_NOMEM ? "out of memory solving the game" : "solver failed");
        return NULL;
    }
    return grundy;
}

/* ---- kordemsky-grundy --------------------------------------------------- */

struct grundy_state {
    uint32_t *grundy;
    uint64_t N, n;
    unsigned m; /* the next row is (n, m, p), p making n + m + p odd */
};
_Static_assert(sizeof(struct grundy_state) <= TABLE_STATE_SIZE, "state too large");

static int grundy_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct grundy_state *s = state;
    s->N = args->param[PARAM_MAX];
    s->n = 0;
    s->m = 0;
    s->grundy = kordemsky_solve(s->N, err);
    return s->grundy ? GT_OK : err->status;
}

static bool grundy_next(void *state, struct table_row *row)
{
    struct grundy_state *s = state;
    if (s->n > s->N)
        return false;
    /* Only states with n + m + p odd: the stones number an odd total, so
     * the others never occur (Teterko: "вспоминаем, что общее число камней
     * нечетно"). */
    unsigned p = (unsigned)((s->n + s->m + 1) % 2);
    u64_format(s->n, row->cell[0]);
    u64_format(s->m, row->cell[1]);
    u64_format(p, row->cell[2]);
    u64_format(s->grundy[kordemsky_encode(s->n, s->m, p)], row->cell[3]);
    if (++s->m == 2) {
        s->m = 0;
        s->n++;
    }
    return true;
}

static void grundy_finish(void *state)
{
    struct grundy_state *s = state;
    free(s->grundy);
}

/* The grid of the LaTeX layout: piles as columns in blocks of `width`, a
 * line per (m, p) with the unreachable cells blank; "rule" marks a column
 * that opens or closes the framed period [frame, frame + P). */
static json_t *grundy_grid(const uint32_t *grundy, uint64_t N, uint64_t width, bool framed,
                           uint64_t frame, uint64_t P)
{
    static const unsigned line_mp[4][2] = {{0, 0}, {1, 1}, {0, 1}, {1, 0}};
    json_t *blocks = json_array();
    for (uint64_t first = 0; blocks && first <= N; first += width) {
        json_t *cols = json_array(), *lines = json_array();
        json_t *block = json_pack("{s:o, s:o, s:b}", "cols", cols, "lines", lines, "last",
                                  first + width > N);
        int rc = !block || json_array_append_new(blocks, block) != 0;
        for (uint64_t j = 0; !rc && j < width; j++) {
            uint64_t n = first + j;
            char buf[24] = "";
            if (n <= N)
                u64_format(n, buf);
            bool rule = framed && j > 0 && (n == frame || n == frame + P);
            rc = json_array_append_new(cols, json_pack("{s:s, s:b}", "n", buf, "rule", rule)) != 0;
        }
        for (int l = 0; !rc && l < 4; l++) {
            unsigned m = line_mp[l][0], p = line_mp[l][1];
            json_t *cells = json_array();
            rc = json_array_append_new(lines, json_pack("{s:i, s:i, s:o}", "m", (int)m, "p", (int)p,
                                                        "cells", cells)) != 0;
            for (uint64_t j = 0; !rc && j < width; j++) {
                uint64_t n = first + j;
                char buf[24] = "";
                if (n <= N && (n + m + p) % 2 == 1)
                    u64_format(grundy[kordemsky_encode(n, m, p)], buf);
                rc = json_array_append_new(cells, json_pack("{s:s}", "value", buf)) != 0;
            }
        }
        if (rc) {
            json_decref(blocks);
            blocks = NULL;
        }
    }
    return blocks;
}

/* Piles per block: at most --block-columns (the context's block_columns),
 * and no more than fit beside the (n;0;0) labels on an A4 article page:
 * about 302pt for the cells, a cell of `widest` \small digits taking 4.5pt a
 * digit plus 12.4pt of separation and rule (as context.c reckons).  Cut to
 * a multiple of the period P when that loses at most a third, so that the
 * columns of every block stand under the same residues mod P. */
static uint64_t grid_width(json_t *ctx, uint64_t P)
{
    uint64_t widest = strlen(json_string_value(json_object_get(ctx, "widest_cell")));
    uint64_t width = 3020 / (45 * widest + 124);
    uint64_t asked = (uint64_t)json_integer_value(json_object_get(ctx, "block_columns"));
    if (asked < width)
        width = asked;
    if (width < 1)
        width = 1;
    if (P && width >= P && 3 * (width - width % P) >= 2 * width)
        width -= width % P;
    return width;
}

/* The period and the grid, both from the computed values: the caption
 * reports what kordemsky_period proves, never a typed 6. */
static int grundy_tex_context(json_t *ctx, const struct table_args *args)
{
    uint64_t N = args->param[PARAM_MAX];
    struct gt_error err;
    uint32_t *grundy = kordemsky_solve(N, &err);
    if (!grundy)
        return -1;
    uint64_t P = 0, start = 0;
    bool periodic = kordemsky_period(grundy, N, &P, &start) == 0;
    uint64_t width = grid_width(ctx, periodic ? P : 0);
    if (width > N + 1)
        width = N + 1;
    /* Frame the first period from `start` that lies inside one block. */
    uint64_t frame = start;
    if (periodic && frame % width + P > width)
        frame += width - frame % width;
    bool framed = periodic && frame % width + P <= width && frame + P - 1 <= N;
    json_t *grid = grundy_grid(grundy, N, width, framed, frame, P);
    free(grundy);
    int rc = !grid || json_object_set_new(ctx, "grid", grid) != 0;
    rc |= json_object_set_new(ctx, "N", json_integer((json_int_t)N)) != 0;
    rc |= json_object_set_new(ctx, "periodic", json_boolean(periodic)) != 0;
    rc |= json_object_set_new(ctx, "framed", json_boolean(framed)) != 0;
    if (periodic) {
        rc |= json_object_set_new(ctx, "period", json_integer((json_int_t)P)) != 0;
        rc |= json_object_set_new(ctx, "period_start", json_integer((json_int_t)start)) != 0;
    }
    return rc ? -1 : 0;
}

static const struct table_column grundy_columns[] = {
    {"n", COLUMN_INTEGER}, {"m", COLUMN_INTEGER}, {"p", COLUMN_INTEGER}, {"grundy", COLUMN_INTEGER},
};

const struct table_def table_kordemsky_grundy = {
    .name = "kordemsky-grundy",
    .summary = "Grundy values Gr((n,m,p)) of Kordemsky's problem 286 (odd pile, take 1-4, "
               "an even number of stones wins), every reachable state, n <= N",
    .source = {TETERKO, .item = "Fig. 1 (Grundy values of the game graph, period 6)"},
    .columns = grundy_columns,
    .ncolumns = 4,
    .params = {
        [PARAM_MAX] = {true, 27, 0, KORDEMSKY_N_MAX, "piles n = 0..N"},
    },
    .start = grundy_start,
    .next = grundy_next,
    .finish = grundy_finish,
    .tex_template = "kordemsky-grundy.tex",
    .tex_context = grundy_tex_context,
};

/* ---- kordemsky-start ---------------------------------------------------- */

struct start_state {
    uint32_t *grundy;
    uint64_t N, n;
};
_Static_assert(sizeof(struct start_state) <= TABLE_STATE_SIZE, "state too large");

static int start_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct start_state *s = state;
    s->N = args->param[PARAM_MAX];
    s->n = 1;
    s->grundy = kordemsky_solve(s->N, err);
    return s->grundy ? GT_OK : err->status;
}

static bool start_next(void *state, struct table_row *row)
{
    struct start_state *s = state;
    if (s->n > s->N)
        return false;
    unsigned take = kordemsky_winning_take(s->grundy, s->n, 0, 0);
    u64_format(s->n, row->cell[0]);
    u64_format(s->grundy[kordemsky_encode(s->n, 0, 0)], row->cell[1]);
    row->cell[2][0] = '\0'; /* no winning move from a Grundy value of 0 */
    if (take)
        u64_format(take, row->cell[2]);
    s->n += 2;
    return true;
}

static void start_finish(void *state)
{
    struct start_state *s = state;
    free(s->grundy);
}

static int start_tex_row(json_t *obj, const struct table_row *row)
{
    return json_object_set_new(obj, "has_take", json_boolean(row->cell[2][0] != '\0')) ? -1 : 0;
}

static const struct table_column start_columns[] = {
    {"n", COLUMN_INTEGER}, {"grundy", COLUMN_INTEGER}, {"take", COLUMN_INTEGER},
};

const struct table_def table_kordemsky_start = {
    .name = "kordemsky-start",
    .summary = "Starting positions (n,0,0), n odd, of Kordemsky's problem 286: Grundy value and "
               "the stones to take to reach Grundy value 0 (empty: none)",
    .source = {TETERKO, .item = "Gr((n,0,0)) for n = 1, 3, 5 (mod 6); problem 286, n = 27"},
    .columns = start_columns,
    .ncolumns = 3,
    .params = {
        [PARAM_MAX] = {true, 27, 1, KORDEMSKY_N_MAX, "starting piles n = 1, 3, ..., <= N"},
    },
    .start = start_start,
    .next = start_next,
    .finish = start_finish,
    .tex_template = "kordemsky-start.tex",
    .tex_row = start_tex_row,
};
