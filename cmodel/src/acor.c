/* SPDX-License-Identifier: MIT */
/* ACOR's blocks (issue 13; docs/acor.md, the design note; paper 003 and
 * ../shared/notes/selection-acor-thesis.md 2.3 and 2.7): the misrouting level machine with
 * hysteresis, and the draw of a Valiant intermediate node from a restriction set of a torus.
 * Both are pure functions of their inputs (two-phase: next state from the visible state). They
 * are not yet wired into a routing family: that, the RTL mirror (rtl/ni/) and the contract
 * section come with issue 13. */
#include "tn_internal.h"

void tn_acor_reset(const tn_acor_cfg *c, tn_acor_lvl *l)
{
    l->level = 0;
    l->cnt = 0;
    l->tmr = c->hi;
}

/* One cycle with `events` blocked events (docs/acor.md, "The level machine"):
 *   count c = cnt + events (this cycle's events included);
 *   up   = level < top and c >= IT(level)               (rise at once);
 *   end  = tmr == 1                                     (this cycle closes the interval);
 *   down = not up and end and level > 0 and c <= DT(level);
 *   level' = level + up - down (one step at most);
 *   restart = up or end: cnt' = 0 and tmr' = HI; otherwise cnt' = c and tmr' = tmr - 1. */
void tn_acor_step(const tn_acor_cfg *c, const tn_acor_lvl *cur, uint32_t events,
                  tn_acor_lvl *next)
{
    const int top = c->levels - 1;
    uint32_t cnt = cur->cnt + events;
    int up = cur->level < top && cnt >= c->it[cur->level];
    int end = cur->tmr <= 1;
    int down = !up && end && cur->level > 0 && cnt <= c->dt[cur->level - 1];
    next->level = (uint8_t)(cur->level + up - down);
    if (up || end) {
        next->cnt = 0;
        next->tmr = c->hi;
    } else {
        next->cnt = cnt;
        next->tmr = cur->tmr - 1;
    }
}

int tn_acor_packet_level(int levels, int failed)
{
    return failed < levels - 1 ? failed : levels - 1;
}

/* The minimal direction of dimension d from s to t (DOR's, with the parity rule at k/2) and the
 * minimal distance. */
static int min_dir(const tn_geom *g, int s, int t, int *delta)
{
    int plus = (t - s + g->k) % g->k, minus = g->k - plus;
    *delta = plus < minus ? plus : minus;
    return tn_dor_dir(g->k, g->topo, s, t);
}

int tn_acor_draw(const tn_geom *g, int set, int src, int dst, tn_rng *r)
{
    int cs[TN_MAX_N], cd[TN_MAX_N], dir[TN_MAX_N], len[TN_MAX_N];
    if (set == TN_ACOR_FULL)
        return (int)tn_rng_below(r, (uint32_t)g->nodes);
    tn_coords(g, src, cs);
    tn_coords(g, dst, cd);
    uint32_t size = 1;
    for (int d = 0; d < g->n; d++) {
        int delta;
        dir[d] = min_dir(g, cs[d], cd[d], &delta);
        len[d] = delta;
        if (set == TN_ACOR_GOALQ && delta > 0 &&
            (int)tn_rng_below(r, (uint32_t)g->k) < delta) { /* GOAL's quadrant draw */
            dir[d] = -dir[d];
            len[d] = g->k - delta;
        }
        size *= (uint32_t)len[d] + 1u;
    }
    /* one draw over the box: a mixed-radix number, dimension 0 least significant; m_d is j_d
     * steps from the source along the box's direction in dimension d */
    uint32_t x = tn_rng_below(r, size);
    int m = 0, w = 1;
    for (int d = 0; d < g->n; d++) {
        int j = (int)(x % ((uint32_t)len[d] + 1u));
        x /= (uint32_t)len[d] + 1u;
        int md = ((cs[d] + dir[d] * j) % g->k + g->k) % g->k;
        m += md * w;
        w *= g->k;
    }
    return m;
}
