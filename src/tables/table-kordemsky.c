#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include "base/interrupt.h"
#include "games/games.h"
#include "tables/table-kordemsky.h"

/* The title as printed ("все", not "всё"); the text names no journal or
 * year (it cites Kordemsky's book, 10th edition, 1994). */
#define TETERKO                                                         \
    .authors = "A. Teterko",                                            \
    .title = "И все-таки, Гранди!",                                     \
    .journal = "", .year = 0, .issue = 0, .lang_key = "kordemsky"

/* Piles 0..N: game_kordemsky holds 4 (N + 1) states. */
#define KORDEMSKY_N_MAX (SOLVER_STATES_MAX / 4 - 1)

/* The Grundy values of Kordemsky's game for piles 0..N (4 (N + 1) entries,
 * the caller frees them), or NULL with err set. */
static uint32_t *kordemsky_solve(uint64_t N, struct gt_error *err)
{
    struct game g;
    if (game_kordemsky(&g, N) != 0) {
        gt_fail(err, GT_ERR_USAGE, "--max: %" PRIu64 " piles are too many", N);
        return NULL;
    }
    g.stop = &interrupt_signal;
    uint32_t *grundy = malloc(g.nstates * sizeof *grundy);
    enum solver_status rc = grundy ? solve_grundy(&g, grundy) : SOLVER_NOMEM;
    if (rc == SOLVER_STOPPED) {
        free(grundy);
        interrupt_fail(err, "solving Kordemsky's game (problem 286)");
        return NULL;
    }
    if (rc != SOLVER_OK) {
        free(grundy);
        gt_fail(err, GT_ERR_RUNTIME, "solving Kordemsky's game (problem 286): %s",
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
    cell_set_integer(&row->cell[KORDEMSKY_N], s->n);
    cell_set_integer(&row->cell[KORDEMSKY_M], s->m);
    cell_set_integer(&row->cell[KORDEMSKY_P], p);
    cell_set_integer(&row->cell[KORDEMSKY_GRUNDY], s->grundy[kordemsky_encode(s->n, s->m, p)]);
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

/* The period, from the computed values: the caption reports what
 * kordemsky_period proves, never a typed 6.  "N"; "periodic"; "period" and
 * "period_start" when periodic.  The sink draws the grid from the rows
 * (TEX_SHAPE_PERIOD_GRID) and frames that period. */
static int grundy_tex_context(const struct table_args *args, struct tex_values *out,
                              struct gt_error *err)
{
    uint64_t N = args->param[PARAM_MAX];
    uint32_t *grundy = kordemsky_solve(N, err);
    if (!grundy)
        return err->status;
    uint64_t P = 0, start = 0;
    bool periodic = kordemsky_period(grundy, N, &P, &start) == 0;
    free(grundy);
    cell_set_integer(tex_value_add(out, "N"), N);
    cell_set_boolean(tex_value_add(out, "periodic"), periodic);
    if (periodic) {
        cell_set_integer(tex_value_add(out, "period"), P);
        cell_set_integer(tex_value_add(out, "period_start"), start);
    }
    return GT_OK;
}

/* 2 (N + 1) rows: (n, m, p) for n = 0..N, m = 0, 1. */
static uint64_t grundy_row_count(const struct table_args *args)
{
    return 2 * (args->param[PARAM_MAX] + 1);
}

static const struct table_column grundy_columns[] = {
    [KORDEMSKY_N] = {"n", COLUMN_INTEGER},
    [KORDEMSKY_M] = {"m", COLUMN_INTEGER},
    [KORDEMSKY_P] = {"p", COLUMN_INTEGER},
    [KORDEMSKY_GRUNDY] = {"grundy", COLUMN_INTEGER},
};

const struct table_def table_kordemsky_grundy = {
    .name = "kordemsky-grundy",
    .summary = "Grundy values Gr((n,m,p)) of Kordemsky's problem 286 (odd pile, take 1-4, "
               "an even number of stones wins), every reachable state, n <= N",
    .source = {TETERKO, .item = "Fig. 1 (Grundy values of the game graph, period 6)"},
    .columns = grundy_columns,
    .ncolumns = 4,
    .params = {
        /* 2 (N + 1) rows: N = 2499 is TEX_ROWS_MAX. */
        [PARAM_MAX] = {true, 27, 0, KORDEMSKY_N_MAX, "piles n = 0..N", .tex_max = 2499},
    },
    .row_count = grundy_row_count,
    .start = grundy_start,
    .next = grundy_next,
    .finish = grundy_finish,
    .tex_template = "kordemsky-grundy.tex",
    .tex_blocks = true,
    .tex_shape = TEX_SHAPE_PERIOD_GRID,
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
    cell_set_integer(&row->cell[START_N], s->n);
    cell_set_integer(&row->cell[START_GRUNDY], s->grundy[kordemsky_encode(s->n, 0, 0)]);
    if (take)
        cell_set_integer(&row->cell[START_TAKE], take);
    else
        cell_set_empty(&row->cell[START_TAKE]); /* no winning move from a Grundy value of 0 */
    s->n += 2;
    return true;
}

static void start_finish(void *state)
{
    struct start_state *s = state;
    free(s->grundy);
}

/* "has_take": a winning move exists (the Grundy value is not 0). */
static int start_tex_row(const struct table_row *row, struct tex_values *out, struct gt_error *err)
{
    (void)err;
    cell_set_boolean(tex_value_add(out, "has_take"), row->cell[START_TAKE].kind != CELL_EMPTY);
    return GT_OK;
}

/* (N + 1) / 2 rows: n = 1, 3, ..., <= N. */
static uint64_t start_row_count(const struct table_args *args)
{
    return (args->param[PARAM_MAX] + 1) / 2;
}

static const struct table_column start_columns[] = {
    [START_N] = {"n", COLUMN_INTEGER},
    [START_GRUNDY] = {"grundy", COLUMN_INTEGER},
    [START_TAKE] = {"take", COLUMN_INTEGER},
};

const struct table_def table_kordemsky_start = {
    .name = "kordemsky-start",
    .summary = "Starting positions (n,0,0), n odd, of Kordemsky's problem 286: Grundy value and "
               "the stones to take to reach Grundy value 0 (empty: none)",
    .source = {TETERKO, .item = "Gr((n,0,0)) for n = 1, 3, 5 (mod 6); problem 286, n = 27"},
    .columns = start_columns,
    .ncolumns = 3,
    .params = {
        /* (N + 1) / 2 rows: N = 10000 is TEX_ROWS_MAX. */
        [PARAM_MAX] = {true, 27, 1, KORDEMSKY_N_MAX, "starting piles n = 1, 3, ..., <= N",
                       .tex_max = 10000},
    },
    .row_count = start_row_count,
    .start = start_start,
    .next = start_next,
    .finish = start_finish,
    .tex_template = "kordemsky-start.tex",
    .tex_row = start_tex_row,
};
