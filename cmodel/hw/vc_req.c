/* SPDX-License-Identifier: MIT */
/* The request of one input VC (rtl/router/tn_vc_req.v; docs/microarchitecture.md 6.4): a body
 * request for the output port the VC holds when its output VC has a credit (or is terminal); for
 * a head at the front of an IDLE VC, route computation and then an adaptive request (some
 * productive port is free), or a head request for the route port with the VCs of the route's set
 * that may be taken now, or nothing. */
#include "tn_internal.h"

uint32_t tn_vc_req(const tn_node_in *n, int ip, const tn_vc_in *vc, const tn_avail *a,
                   tn_req *w)
{
    const tn_geom *g = n->g;
    const int V = n->V, r = n->routing;
    w->kind = TN_REQ_NONE;
    w->want = TN_WANT_NONE;
    if (!vc->cnt)
        return 0;
    if (vc->active) {
        if (tn_port_is_term(g, vc->oport) || n->credits[vc->oport * V + vc->ovc]) {
            w->kind = TN_REQ_BODY;
            w->port = (uint8_t)vc->oport;
        } else {
            w->want = (uint8_t)(TN_WANT_CREDIT | vc->oport);
        }
        return 0;
    }
    const tn_flit *f = vc->front;
    if (!f->head)
        return TN_ERR_ORDER;
    const int adaptive = r == TN_ROUTE_MINAD || r == TN_ROUTE_GOAL || r == TN_ROUTE_GAL;
    tn_route_out ro;
    uint32_t prod = 0;
    if (adaptive)
        tn_route_adaptive(g, V, n->coord, f->dst, ip, r == TN_ROUTE_MINAD ? -1 : f->quad, &ro,
                          &prod, w->hops);
    else if (r == TN_ROUTE_VAL || r == TN_ROUTE_ACOR) /* ACOR routes as VAL (R23.1) */
        tn_route_val(g, V, n->coord, f->dst, f->mid, f->phase, ip, &ro);
    else
        tn_route_dor(g, V, n->coord, f->dst, ip, &ro);
    if (!tn_port_is_term(g, ro.port) && n->nbr[ro.port] < 0)
        return TN_ERR_PORT;
    uint32_t range = ((1u << ro.vc_hi) - 1u) & ~((1u << ro.vc_lo) - 1u);
    if (prod & a->afree) {
        w->kind = TN_REQ_ADAPT;
        w->cand = prod & a->afree;
    } else if (range & a->take[ro.port]) {
        w->kind = TN_REQ_HEAD;
        w->port = (uint8_t)ro.port;
        w->set = range & a->take[ro.port];
    } else {
        w->want = (uint8_t)ro.port;
    }
    return 0;
}
