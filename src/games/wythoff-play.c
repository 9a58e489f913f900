#include <config.h>

#include "games/wythoff-play.h"

bool wythoff_is_p(uint64_t a, uint64_t b)
{
    if (a > b) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    return wythoff_lower(b - a) == a;
}

/* The winning move for a <= b: see the header. */
static bool winning_move_ordered(uint64_t a, uint64_t b, uint64_t *to_a, uint64_t *to_b)
{
    uint64_t n = b - a, a_n = wythoff_lower(n);
    if (a == a_n)
        return false;
    if (a > a_n) { /* diagonal: the same number from both heaps */
        *to_a = a_n;
        *to_b = a_n + n;
        return true;
    }
    /* a < a_n: every number is exactly one a_k or one b_l (property 1);
     * A_a - A_{a-1} counts the a_k equal to a. */
    *to_a = a;
    uint64_t A = wythoff_count_lower(a);
    if (a == 0 || A - wythoff_count_lower(a - 1) == 1)
        *to_b = a + A; /* a = a_k, k = A_a: (a_k, b_k), b_k = a_k + k */
    else
        *to_b = wythoff_lower(a - A); /* a = b_l, l = B_a = a - A_a: (b_l, a_l) */
    return true;
}

bool wythoff_winning_move(uint64_t a, uint64_t b, uint64_t *to_a, uint64_t *to_b)
{
    if (a <= b)
        return winning_move_ordered(a, b, to_a, to_b);
    return winning_move_ordered(b, a, to_b, to_a);
}

bool wythoff_loser_move(uint64_t a, uint64_t b, uint64_t *to_a, uint64_t *to_b)
{
    if (a == 0 && b == 0)
        return false;
    *to_a = a;
    *to_b = b;
    if (b == 0 || (a != 0 && a <= b))
        (*to_a)--;
    else
        (*to_b)--;
    return true;
}

void wythoff_play_start(struct wythoff_play *g, uint64_t a, uint64_t b)
{
    g->a = a;
    g->b = b;
    g->moves = 0;
}

bool wythoff_play_next(struct wythoff_play *g, struct wythoff_move *m)
{
    m->from_a = g->a;
    m->from_b = g->b;
    m->winning = wythoff_winning_move(g->a, g->b, &m->to_a, &m->to_b);
    if (!m->winning && !wythoff_loser_move(g->a, g->b, &m->to_a, &m->to_b))
        return false;
    m->number = ++g->moves;
    m->player = m->number % 2 ? 1 : 2;
    g->a = m->to_a;
    g->b = m->to_b;
    return true;
}
