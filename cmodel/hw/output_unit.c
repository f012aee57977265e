/* SPDX-License-Identifier: MIT */
/* Output unit (rtl/router/tn_output_unit.v): per output VC a credit counter (reset to buf) and an
 * allocated flag; a returning credit is added at the end of the cycle it is on the credit wire.
 * tn_ou_avail: what a router's output ports offer a head this cycle (section 6.3) and the
 * selection metrics (19.2). */
#include "tn_internal.h"

void tn_ou_credit(tn_routers *r, int node, int port, int vc)
{
    long ovc = ((long)node * r->P + port) * r->V + vc;
    if (r->ou.credits[ovc] >= r->B) {
        *tn_err_reg(r, node) |= TN_ERR_CREDIT_OVF;
        return;
    }
    r->ou.credits[ovc]++;
}

void tn_ou_send(tn_routers *r, int node, int op, int ov)
{
    if (tn_port_is_term(r->g, op))
        return; /* terminal credits hold buf (section 5) */
    long ovc = ((long)node * r->P + op) * r->V + ov;
    if (r->ou.credits[ovc] == 0)
        *tn_err_reg(r, node) |= TN_ERR_CREDIT_UNF;
    else
        r->ou.credits[ovc]--;
}

void tn_ou_avail(const tn_geom *g, int V, int buf, int acrd, const uint8_t *credits_op_ov,
                 const uint32_t *busy_op, const uint8_t *lru_age_op, const uint8_t *ldsf_cnt_op,
                 int adaptive, tn_avail *a)
{
    const uint32_t all = (1u << V) - 1u;
    a->afree = a->held = 0;
    if (!adaptive) { /* no adaptive request: only take and held are read (age, cnt, used are not) */
        for (int op = 0; op < g->ports; op++) {
            uint32_t busy = busy_op[op], nz = 0;
            a->atake[op] = 0;
            if (tn_port_is_term(g, op)) {
                a->take[op] = all & ~busy;
                continue;
            }
            for (int v = 0; v < V; v++)
                nz |= (credits_op_ov[op * V + v] > 0 ? 1u : 0u) << v;
            a->take[op] = all & ~busy & nz;
            a->held |= (busy ? 1u : 0u) << (op - 1);
        }
        return;
    }
    const uint32_t amask = all & ~((1u << tn_escape_vcs(g)) - 1u);
    for (int op = 0; op < g->ports; op++) {
        uint32_t busy = busy_op[op];
        a->atake[op] = 0;
        if (tn_port_is_term(g, op)) {
            a->take[op] = all & ~busy;
            continue;
        }
        uint32_t nz = 0, whole = 0; /* whole: room for a whole packet (R19.1.4) */
        int u = 0;
        for (int v = 0; v < V; v++) {
            int c = credits_op_ov[op * V + v];
            nz |= (c > 0 ? 1u : 0u) << v;
            whole |= (c >= acrd ? 1u : 0u) << v;
            u += buf - c;
        }
        int j = op - 1;
        a->take[op] = all & ~busy & nz;
        a->held |= (busy ? 1u : 0u) << j;
        a->age[j] = lru_age_op[op];
        a->cnt[j] = ldsf_cnt_op[op];
        a->used[j] = (uint16_t)u;
        a->atake[op] = amask & ~busy & whole;
        a->afree |= (a->atake[op] ? 1u : 0u) << j;
    }
}

/* tn_ou_avail's afree for the router of a node (tn_router.v's afree_o, from its output units),
 * from the state at the start of the cycle: what the GAL NI's hold reads (gal_ni.c, R21.5.1). */
uint32_t tn_router_afree(const tn_routers *r, int node)
{
    const long base = (long)node * r->P;
    tn_avail a;
    tn_ou_avail(r->g, r->V, r->B, r->A, r->ou.credits + base * r->V, r->ou.busy + base,
                r->sel.lru_age + base, r->sel.ldsf_cnt + base, 1, &a);
    return a.afree;
}
