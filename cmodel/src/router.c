/* SPDX-License-Identifier: MIT */
/* Router (rtl/router/tn_router.v): one cycle of route computation + VC allocation and switch
 * allocation + traversal, computed from the state at the start of the cycle and committed at its
 * end (docs/microarchitecture.md, "Cycle of a router"). */
#include "tn_internal.h"

void tn_router_emit_flit(tn_sim *s, int node, int op, const tn_flit *f)
{
    tn_link_ev *e = &s->lev[s->cur ^ 1][s->nlev[s->cur ^ 1]++];
    e->from_node = node;
    e->from_port = (uint8_t)op;
    e->f = *f;
    if (tn_port_is_term(&s->g, op)) {
        e->node = node;
        e->port = (uint8_t)op;
        e->sink = 1;
    } else {
        e->node = s->g.nbr[(long)node * s->P + op];
        e->port = (uint8_t)tn_port_opposite(op);
        e->sink = 0;
    }
}

void tn_router_emit_credit(tn_sim *s, int node, int ip, int vc)
{
    tn_credit_ev *c = &s->cev[s->cur ^ 1][s->ncev[s->cur ^ 1]++];
    c->node = node;
    c->port = (uint8_t)ip;
    c->vc = (uint8_t)vc;
}

void tn_router_out_flit(tn_sim *s, int node, int op, const tn_flit *f)
{
    tn_router_emit_flit(s, node, op, f);
    if (tn_port_is_term(&s->g, op))
        return;
    long slot = (long)node * s->P + op, ovc = slot * s->V + f->vc;
    if (s->ou.credits[ovc] == 0)
        s->router_err[node] |= TN_ERR_CREDIT_UNF;
    else
        s->ou.credits[ovc]--;
    s->flit_hops++;
    if (f->head)
        s->pkt[f->pkt].hops++;
    if (s->cycle >= s->win_lo && s->cycle < s->win_hi)
        s->chan_flits[slot]++;
}

void tn_router_va_grant(tn_sim *s, int node, const tn_va_req *r)
{
    const int P = s->P, V = s->V;
    long ivc = ((long)node * P + r->ip) * V + r->iv;
    long oslot = (long)node * P + r->op;
    if (s->ou.busy[oslot] & (1u << r->ov))
        s->router_err[node] |= TN_ERR_VC_REUSE;
    s->ou.busy[oslot] |= 1u << r->ov;
    s->iu.state[ivc] = TN_VC_ACTIVE;
    s->iu.oport[ivc] = r->op;
    s->iu.ovc[ivc] = r->ov;
    s->as.va1_ptr[ivc] = (uint8_t)((r->ov + 1) % V);
    s->as.va2_ptr[oslot * V + r->ov] = (uint16_t)((r->ip * V + r->iv + 1) % (P * V));
}

void tn_router_sel_sync(tn_sim *s, int node)
{
    long m = s->cycle - s->sel.last[node];
    if (m <= 0)
        return;
    const long base = (long)node * s->P;
    for (int j = 0; j < 2 * s->g.n; j++) {
        long slot = base + j + 1;
        long age = s->sel.lru_age[slot] + m;
        s->sel.lru_age[slot] = (uint8_t)(age < TN_SEL_MAX ? age : TN_SEL_MAX);
        long cnt = s->sel.ldsf_cnt[slot];
        if (!s->ou.busy[slot]) /* held: unchanged; else -1 per cycle, floor 0 */
            s->sel.ldsf_cnt[slot] = (uint8_t)(cnt > m ? cnt - m : 0);
    }
    tn_rng rr = {s->sel.rng[node]};
    for (long i = 0; i < m; i++)
        tn_rng_next(&rr);
    s->sel.rng[node] = rr.s;
    s->sel.last[node] = s->cycle;
}

void tn_router_step(tn_sim *s, int node)
{
    tn_router_sel_sync(s, node);
    if (s->cfg.routing == TN_ROUTE_CHAOS) { /* section 22: its own cycle, in chaos.c */
        tn_chaos_router_step(s, node);
        return;
    }
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const int *cur = s->coord + (long)node * s->g.n;
    tn_va_req req[TN_MAX_P * TN_MAX_V];
    uint8_t gnt[TN_MAX_P * TN_MAX_V];
    int nreq = 0;
    int sa1_vc[TN_MAX_P];
    uint32_t sa2_req[TN_MAX_P] = {0};
    const int nnet = 2 * s->g.n;
    const int minad = s->cfg.routing == TN_ROUTE_MINAD || s->cfg.routing == TN_ROUTE_GOAL ||
                      s->cfg.routing == TN_ROUTE_GAL;
    const int quadrant = s->cfg.routing == TN_ROUTE_GOAL || s->cfg.routing == TN_ROUTE_GAL;
    const int val = s->cfg.routing == TN_ROUTE_VAL;
    const int esc_vcs = tn_escape_vcs(&s->g);
    uint32_t held = 0, sent = 0; /* per network port bit j = port j+1 */
    uint32_t afree = 0;          /* network ports with a free adaptive output VC */
    uint32_t aok[TN_MAX_P] = {0}; /* per port: adaptive output VCs free (idle and empty) */
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
    const uint32_t amask = ((1u << V) - 1u) & ~((1u << esc_vcs) - 1u);
    for (int j = 0; j < nnet; j++) {
        long slot = base + j + 1;
        held |= (s->ou.busy[slot] ? 1u : 0u) << j;
        if (!minad)
            continue;
        age[j] = s->sel.lru_age[slot];
        cnt[j] = s->sel.ldsf_cnt[slot];
        int u = 0;
        uint32_t empty = 0;
        for (int v = 0; v < V; v++) {
            u += s->B - s->ou.credits[slot * V + v];
            empty |= (s->ou.credits[slot * V + v] == s->B ? 1u : 0u) << v;
        }
        used[j] = (uint16_t)u;
        aok[j + 1] = amask & ~s->ou.busy[slot] & empty;
        afree |= (aok[j + 1] ? 1u : 0u) << j;
    }

    /* Route computation, VA stage 1 requests and SA stage 1, per input port. */
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = s->iu.nemask[base + ip];
        sa1_vc[ip] = -1;
        if (!m)
            continue;
        uint32_t sa_req = 0;
        while (m) {
            int v = __builtin_ctz(m);
            m &= m - 1;
            long ivc = (base + ip) * V + v;
            if (s->iu.state[ivc] == TN_VC_IDLE) {
                const tn_flit *f = tn_iu_front(s, ivc);
                if (!f->head) {
                    s->router_err[node] |= TN_ERR_ORDER;
                    continue;
                }
                tn_route_out ro;
                uint32_t adaptive = 0;
                if (minad) {
                    uint32_t prod;
                    int hops[TN_MAX_N];
                    tn_route_adaptive(&s->g, V, cur, f->dst, ip,
                                      quadrant ? f->quad : -1, &ro, &prod,
                                      hops);
                    if (prod & afree) {
                        tn_sel_in in = {tn_sel_rand16(s->sel.rng[node], ip * V + v), hops, age,
                                        cnt, used};
                        ro.port = 1 + tn_select(s->cfg.selection, prod & afree, &in);
                        ro.vc_lo = esc_vcs;
                        ro.vc_hi = V;
                        adaptive = 1;
                    }
                } else if (val) {
                    tn_route_val(&s->g, V, cur, f->dst, f->mid, f->phase, ip, &ro);
                } else {
                    tn_route_dor(&s->g, V, cur, f->dst, ip, &ro);
                }
                if (!tn_port_is_term(&s->g, ro.port) && s->g.nbr[base + ro.port] < 0) {
                    s->router_err[node] |= TN_ERR_PORT;
                    continue;
                }
                uint32_t range = ((1u << ro.vc_hi) - 1u) & ~((1u << ro.vc_lo) - 1u);
                uint32_t freem = adaptive ? aok[ro.port] : range & ~s->ou.busy[base + ro.port];
                int ov = tn_va_stage1(freem, V, s->as.va1_ptr[ivc]);
                if (ov >= 0) {
                    req[nreq].ip = (uint8_t)ip;
                    req[nreq].iv = (uint8_t)v;
                    req[nreq].op = (uint8_t)ro.port;
                    req[nreq].ov = (uint8_t)ov;
                    nreq++;
                }
            } else {
                int op = s->iu.oport[ivc];
                if (tn_port_is_term(&s->g, op) || s->ou.credits[(base + op) * V + s->iu.ovc[ivc]])
                    sa_req |= 1u << v;
            }
        }
        if (sa_req) {
            int v = tn_sa_stage1(sa_req, V, s->as.sa1_ptr[base + ip]);
            sa1_vc[ip] = v;
            sa2_req[s->iu.oport[(base + ip) * V + v]] |= 1u << ip;
        }
    }

    /* VA stage 2 and commit of VA grants. */
    if (nreq && s->cfg.transit)
        nreq = tn_va_transit(req, nreq, nnet);
    if (nreq) {
        tn_va_stage2(req, nreq, s->as.va2_ptr + base * V, V, P, gnt);
        for (int j = 0; j < nreq; j++) {
            if (!gnt[j])
                continue;
            tn_router_va_grant(s, node, &req[j]);
        }
    }

    /* SA stage 2, traversal and commit of SA grants. */
    for (int op = 0; op < P; op++) {
        if (!sa2_req[op])
            continue;
        uint32_t rq = s->cfg.transit ? tn_sa_transit(sa2_req[op], nnet) : sa2_req[op];
        int ip = tn_sa_stage2(rq, P, s->as.sa2_ptr[base + op]);
        int v = sa1_vc[ip];
        long ivc = (base + ip) * V + v;
        tn_flit f = *tn_iu_front(s, ivc);
        int ov = s->iu.ovc[ivc];
        tn_iu_pop(s, node, ip, v);
        tn_router_emit_credit(s, node, ip, v);
        f.vc = (uint8_t)ov;
        if (val && f.head) /* the head carries the phase in force on (section 20.1) */
            f.phase = (uint8_t)tn_val_phase(&s->g, cur, f.mid, f.phase);
        tn_router_out_flit(s, node, op, &f);
        if (!tn_port_is_term(&s->g, op))
            sent |= 1u << (op - 1);
        if (f.tail) {
            s->ou.busy[base + op] &= ~(1u << ov);
            s->iu.state[ivc] = TN_VC_IDLE;
        }
        s->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
        s->as.sa2_ptr[base + op] = (uint8_t)((ip + 1) % P);
    }

    /* per-link selection state and the router RNG (section 19) */
    for (int j = 0; j < nnet; j++) {
        long slot = base + j + 1;
        int snt = (sent >> j) & 1u;
        s->sel.lru_age[slot] = tn_sel_lru_age_next(s->sel.lru_age[slot], snt);
        s->sel.ldsf_cnt[slot] = tn_sel_ldsf_cnt_next(s->sel.ldsf_cnt[slot], snt, (held >> j) & 1u);
    }
    tn_rng rr = {s->sel.rng[node]};
    s->sel.rng[node] = tn_rng_next(&rr);
    s->sel.last[node] = s->cycle + 1;
}
