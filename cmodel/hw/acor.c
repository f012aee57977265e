/* SPDX-License-Identifier: MIT */
/* ACOR's blocks (issue 13; docs/acor.md, the design note; paper 003 and
 * ../shared/notes/selection-acor-thesis.md 2.3 and 2.7): the misrouting level machine with
 * hysteresis, and the draw of a Valiant intermediate node from a restriction set of a torus.
 * Both are pure functions of their inputs (two-phase: next state from the visible state);
 * source.c and sim.c wire them into the network interface (docs/microarchitecture.md
 * section 23). RTL mirror: rtl/ni/tn_acor.v. */
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

/* (f * n) >> 16: a 16-bit field mapped onto 0 .. n-1 (R23.3.2). */
static int frac16(uint32_t f, int n)
{
    return (int)(((f & 0xFFFFu) * (uint32_t)n) >> 16);
}

/* R23.3: one attempt advances the channel's stream N times; the state after step d+1 decides
 * dimension d: its high half GOAL-Q's quadrant bit, its low half the position in the set. */
int tn_acor_draw(const tn_geom *g, int set, int src, int dst, tn_rng *r)
{
    int cs[TN_MAX_N], cd[TN_MAX_N];
    tn_coords(g, src, cs);
    tn_coords(g, dst, cd);
    int m = 0, w = 1;
    for (int d = 0; d < g->n; d++) {
        uint32_t x = tn_rng_next(r);
        int md;
        if (set == TN_ACOR_FULL) {
            md = frac16(x, g->k);
        } else {
            int delta, dir = min_dir(g, cs[d], cd[d], &delta), len = delta;
            if (set == TN_ACOR_GOALQ && delta > 0 && frac16(x >> 16, g->k) < delta) {
                dir = -dir; /* GOAL's quadrant rule: the other direction, probability delta/k */
                len = g->k - delta;
            }
            int j = frac16(x, len + 1);
            md = ((cs[d] + dir * j) % g->k + g->k) % g->k;
        }
        m += md * w;
        w *= g->k;
    }
    return m;
}

int tn_acor_set(int seq, int level)
{
    static const uint8_t sets[TN_ACOR_SEQ_LAST][3] = {
        {TN_ACOR_BOX, TN_ACOR_FULL, TN_ACOR_FULL},
        {TN_ACOR_GOALQ, TN_ACOR_FULL, TN_ACOR_FULL},
        {TN_ACOR_BOX, TN_ACOR_GOALQ, TN_ACOR_FULL},
        {TN_ACOR_BOX, TN_ACOR_GOALQ, TN_ACOR_GOALQ},
    };
    return sets[seq][level];
}

int tn_acor_levels(int seq)
{
    return seq == TN_ACOR_SEQ_BOX_GOALQ_FULL ? 3 : 2;
}

uint32_t tn_acor_seed(uint32_t g, int nodes, int node, int term, int e)
{
    return tn_router_seed(g, nodes + node * term + e);
}
