#include <config.h>

#include <inttypes.h>
#include <stdlib.h>

#include "base/interrupt.h"
#include "games/games.h"
#include "tables/table-misere.h"

#define FENG_YUEFENG                                                    \
    .authors = "Feng Yuefeng (冯跃峰)",                                 \
    .title = "三色棋搏弈问题",                                          \
    .journal = "", .year = 0, .issue = 0, .lang_key = "feng"

/* Three heaps of 0..M: (M + 1)^3 states within SOLVER_STATES_MAX = 2^24. */
#define MISERE_NIM_M_MAX 255
_Static_assert((MISERE_NIM_M_MAX + 1) * (MISERE_NIM_M_MAX + 1) * (MISERE_NIM_M_MAX + 1) <=
                   SOLVER_STATES_MAX, "M_MAX too large for the solver");

struct p_positions_state {
    struct game game;
    uint8_t *is_n;
    uint64_t M, t, m, n; /* the next triple to look at */
};
_Static_assert(sizeof(struct p_positions_state) <= TABLE_STATE_SIZE, "state too large");

static int p_positions_start(void *state, const struct table_args *args, struct gt_error *err)
{
    struct p_positions_state *s = state;
    s->M = args->param[PARAM_MAX];
    if (game_nim(&s->game, 3, s->M) != 0)
        return gt_fail(err, GT_ERR_USAGE, "--max: %" PRIu64 " is too large", s->M);
    s->game.stop = &interrupt_signal;
    s->is_n = malloc(s->game.nstates);
    enum solver_status rc = s->is_n ? solve_outcome(&s->game, PLAY_MISERE, s->is_n) : SOLVER_NOMEM;
    if (rc == SOLVER_STOPPED) {
        free(s->is_n);
        s->is_n = NULL;
        return interrupt_fail(err, "misere-nim-p-positions");
    }
    if (rc != SOLVER_OK) {
        free(s->is_n);
        s->is_n = NULL;
        return gt_fail(err, GT_ERR_RUNTIME, "misere-nim-p-positions: %s",
                       rc == SOLVER_NOMEM ? "out of memory solving the game" : "solver failed");
    }
    /* (0,0,0) is no position of the game: the article's t, m, n are "不全为
     * 零的自然数" (natural numbers, not all zero).  Start after it. */
    s->t = 0;
    s->m = 0;
    s->n = 1;
    return GT_OK;
}

/* Moves (t, m, n) to the next triple t <= m <= n <= M, in the order t, m, n;
 * t > M at the end. */
static void triple_advance(struct p_positions_state *s)
{
    if (++s->n <= s->M)
        return;
    if (++s->m <= s->M) {
        s->n = s->m;
        return;
    }
    s->t++;
    s->m = s->n = s->t;
}

static bool p_positions_next(void *state, struct table_row *row)
{
    struct p_positions_state *s = state;
    for (; s->t <= s->M; triple_advance(s)) {
        uint64_t h[3] = {s->t, s->m, s->n};
        if (s->is_n[heaps_encode(&s->game, h)])
            continue;
        cell_set_integer(&row->cell[MISERE_T], s->t);
        cell_set_integer(&row->cell[MISERE_M], s->m);
        cell_set_integer(&row->cell[MISERE_N], s->n);
        triple_advance(s);
        return true;
    }
    return false;
}

static void p_positions_finish(void *state)
{
    struct p_positions_state *s = state;
    free(s->is_n);
}

/* "M", the largest heap; the sink groups the rows by t (TEX_SHAPE_GROUPS),
 * as the article lists them. */
static int p_positions_tex_context(const struct table_args *args, struct tex_values *out,
                                   struct gt_error *err)
{
    (void)err;
    cell_set_integer(tex_value_add(out, "M"), args->param[PARAM_MAX]);
    return GT_OK;
}

/* At most (M + 1)(M + 2) / 2, one for each pair t <= m: of two positions
 * that differ in n only, one moves to the other, so at most one n makes
 * (t, m, n) a losing position.  The exact count needs the solver. */
static uint64_t p_positions_row_count(const struct table_args *args)
{
    uint64_t M = args->param[PARAM_MAX];
    return (M + 1) * (M + 2) / 2;
}

static const struct table_column p_positions_columns[] = {
    [MISERE_T] = {"t", COLUMN_INTEGER},
    [MISERE_M] = {"m", COLUMN_INTEGER},
    [MISERE_N] = {"n", COLUMN_INTEGER},
};

const struct table_def table_misere_nim_p_positions = {
    .name = "misere-nim-p-positions",
    .summary = "Losing positions (t,m,n), t <= m <= n <= M, of misère Nim with three heaps "
               "(the three-colour game: who takes the last piece loses)",
    .source = {FENG_YUEFENG, .item = "Theorems 1, 3, 4 and the final list of losing positions "
                                     "(负局)"},
    .columns = p_positions_columns,
    .ncolumns = 3,
    .params = {
        /* M = 192: 4940 rows, within a LaTeX table's TEX_ROWS_MAX. */
        [PARAM_MAX] = {true, 12, 1, MISERE_NIM_M_MAX, "heaps of at most M pieces",
                       .tex_max = 192},
    },
    .row_count = p_positions_row_count,
    .row_count_bound = true,
    .start = p_positions_start,
    .next = p_positions_next,
    .finish = p_positions_finish,
    .tex_template = "misere-nim-p-positions.tex",
    .tex_shape = TEX_SHAPE_GROUPS,
    .tex_context = p_positions_tex_context,
};
