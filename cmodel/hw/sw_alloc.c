/* SPDX-License-Identifier: MIT */
/* Switch allocator: separable, input first, two iterations a cycle (docs/microarchitecture.md
 * 6.5, 6.6, 7.3). Stage 1 per input port (rtl/router/tn_sa_in1.v, tn_sa_in2.v): round robin over
 * its requesting VCs (pointer sa1_ptr). Stage 2 per output port (rtl/router/tn_sw_alloc.v): round
 * robin over the input ports whose stage-1 winner targets it (pointer sa2_ptr). The router moves
 * the pointers on a stage-2 grant only. */
#include "tn_internal.h"

int tn_sa_stage1(uint32_t req_mask, int vcs, int ptr)
{
    return tn_rr_pick(req_mask, vcs, ptr);
}

int tn_sa_stage2(uint32_t req_ports, int ports, int ptr)
{
    return tn_rr_pick(req_ports, ports, ptr);
}

uint32_t tn_sa_transit(uint32_t req_ports, int nnet)
{
    uint32_t net = ((1u << (nnet + 1)) - 1u) & ~1u; /* ports 1 .. nnet */
    return (req_ports & net) ? req_ports & net : req_ports;
}

int tn_sa_in1(const tn_req *reqs_v, int V, int ptr, int selection, uint32_t u16,
              const tn_avail *a, int *op, uint32_t *set)
{
    uint32_t req = 0;
    for (int v = 0; v < V; v++)
        req |= (reqs_v[v].kind != TN_REQ_NONE ? 1u : 0u) << v;
    if (!req)
        return -1;
    int v = tn_sa_stage1(req, V, ptr);
    const tn_req *w = &reqs_v[v];
    if (w->kind == TN_REQ_ADAPT) { /* the one selection of the input port (section 19.2) */
        tn_sel_in in = {u16, w->hops, a->age, a->cnt, a->used};
        *op = 1 + tn_select(selection, w->cand, &in);
        *set = a->atake[*op];
    } else {
        *op = w->port;
        *set = w->set;
    }
    return v;
}

int tn_sa_in2(const tn_req *reqs_v, int V, int ptr, uint32_t out_done, int *op, uint32_t *set)
{
    uint32_t req = 0;
    for (int v = 0; v < V; v++) {
        const tn_req *w = &reqs_v[v];
        if ((w->kind == TN_REQ_BODY || w->kind == TN_REQ_HEAD) && !((out_done >> w->port) & 1u))
            req |= 1u << v;
    }
    if (!req)
        return -1;
    int v = tn_sa_stage1(req, V, ptr);
    *op = reqs_v[v].port;
    *set = reqs_v[v].set;
    return v;
}
