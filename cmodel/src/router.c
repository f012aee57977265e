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

/* v2 (docs/router-v2.md): route computation, VC allocation and switch allocation in one cycle.
 * A head asks the switch only when an output VC it may take is free; the output port's switch
 * winner takes that VC (round robin per output port) as its flit leaves. */
typedef struct v2_vc {
    int8_t kind;      /* 0 none, 1 body (ACTIVE), 2 head to port, 3 head adaptive */
    uint8_t port;     /* kind 1: oport; kind 2: route port */
    uint32_t range;   /* kind 2: allowed output VCs */
    uint32_t cand;    /* kind 3: free productive ports (bit j = port j+1) */
    uint32_t esc;     /* kind 3: escape VC mask on port (0: not free) */
    uint8_t escport;
    int hops[TN_MAX_N];
} v2_vc;

static void router_step_v2(tn_sim *s, int node)
{
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const int *cur = s->coord + (long)node * s->g.n;
    const int nnet = 2 * s->g.n;
    const int minad = s->cfg.routing == TN_ROUTE_MINAD || s->cfg.routing == TN_ROUTE_GOAL ||
                      s->cfg.routing == TN_ROUTE_GAL;
    const int quadrant = s->cfg.routing == TN_ROUTE_GOAL || s->cfg.routing == TN_ROUTE_GAL;
    const int val = s->cfg.routing == TN_ROUTE_VAL;
    const int esc_vcs = tn_escape_vcs(&s->g);
    /* variants (config.c pipe_names): iterations, whether iteration 2+ excludes heads that need
     * a selection, round-robin instead of lowest free VC */
    const int iters = s->cfg.pipe == 2 || s->cfg.pipe == 3 ? 1 : s->cfg.pipe == 5 ? 3 : 2;
    const int restrict2 = s->cfg.pipe == 1;
    const int vc_rr = s->cfg.pipe == 2;
    const uint32_t all = (1u << V) - 1u;
    const uint32_t amask = all & ~((1u << esc_vcs) - 1u);
    uint32_t held = 0, sent = 0, afree = 0;
    uint32_t okm[TN_MAX_P], aok[TN_MAX_P];
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
    for (int op = 0; op < P; op++) {
        long slot = base + op;
        uint32_t busy = s->ou.busy[slot];
        aok[op] = 0;
        if (tn_port_is_term(&s->g, op)) {
            okm[op] = all & ~busy;
            continue;
        }
        uint32_t nz = 0, empty = 0;
        int u = 0;
        for (int v = 0; v < V; v++) {
            int c = s->ou.credits[slot * V + v];
            nz |= (c > 0 ? 1u : 0u) << v;
            empty |= (c == s->B ? 1u : 0u) << v;
            u += s->B - c;
        }
        okm[op] = all & ~busy & nz;
        int j = op - 1;
        held |= (busy ? 1u : 0u) << j;
        if (!minad)
            continue;
        age[j] = s->sel.lru_age[slot];
        cnt[j] = s->sel.ldsf_cnt[slot];
        used[j] = (uint16_t)u;
        aok[op] = amask & ~busy & empty;
        afree |= (aok[op] ? 1u : 0u) << j;
    }

    /* per input VC: what it asks for (computed once from the start-of-cycle state) */
    v2_vc q[TN_MAX_P * TN_MAX_V];
    for (int ip = 0; ip < P; ip++) {
        for (int v = 0; v < V; v++) {
            long ivc = (base + ip) * V + v;
            v2_vc *w = &q[ip * V + v];
            w->kind = 0;
            if (!s->iu.cnt[ivc])
                continue;
            if (s->iu.state[ivc] == TN_VC_ACTIVE) {
                int op = s->iu.oport[ivc];
                if (tn_port_is_term(&s->g, op) || s->ou.credits[(base + op) * V + s->iu.ovc[ivc]]) {
                    w->kind = 1;
                    w->port = (uint8_t)op;
                }
                continue;
            }
            const tn_flit *f = tn_iu_front(s, ivc);
            if (!f->head) {
                s->router_err[node] |= TN_ERR_ORDER;
                continue;
            }
            tn_route_out ro;
            uint32_t prod = 0;
            if (minad)
                tn_route_adaptive(&s->g, V, cur, f->dst, ip, quadrant ? f->quad : -1, &ro, &prod,
                                  w->hops);
            else if (val)
                tn_route_val(&s->g, V, cur, f->dst, f->mid, f->phase, ip, &ro);
            else
                tn_route_dor(&s->g, V, cur, f->dst, ip, &ro);
            if (!tn_port_is_term(&s->g, ro.port) && s->g.nbr[base + ro.port] < 0) {
                s->router_err[node] |= TN_ERR_PORT;
                continue;
            }
            uint32_t range = ((1u << ro.vc_hi) - 1u) & ~((1u << ro.vc_lo) - 1u);
            if (minad && (prod & afree)) {
                w->kind = 3;
                w->cand = prod & afree;
                w->esc = range & okm[ro.port];
                w->escport = (uint8_t)ro.port;
            } else if (range & okm[ro.port]) {
                w->kind = 2;
                w->port = (uint8_t)ro.port;
                w->range = range & okm[ro.port];
            }
        }
    }

    uint32_t in_done = 0, out_done = 0;
    for (int it = 0; it < iters; it++) {
        int sa1_vc[TN_MAX_P];
        uint32_t sa1_set[TN_MAX_P];
        uint32_t sa2_req[TN_MAX_P] = {0};
        for (int ip = 0; ip < P; ip++) {
            sa1_vc[ip] = -1;
            if ((in_done >> ip) & 1u)
                continue;
            uint32_t req = 0;
            for (int v = 0; v < V; v++) {
                const v2_vc *w = &q[ip * V + v];
                if ((w->kind == 1 || w->kind == 2) && !((out_done >> w->port) & 1u))
                    req |= 1u << v;
                else if (w->kind == 3 && (it == 0 || !restrict2) &&
                         ((w->cand & ~(out_done >> 1)) ||
                                          (w->esc && !((out_done >> w->escport) & 1u))))
                    req |= 1u << v;
            }
            if (!req)
                continue;
            int v = tn_sa_stage1(req, V, s->as.sa1_ptr[base + ip]);
            const v2_vc *w = &q[ip * V + v];
            int op = w->port;
            uint32_t set = w->range;
            if (w->kind == 3) {
                uint32_t c = w->cand & ~(out_done >> 1);
                if (c) {
                    tn_sel_in in = {tn_sel_rand16(s->sel.rng[node], ip), w->hops, age, cnt, used};
                    op = 1 + tn_select(s->cfg.selection, c, &in);
                    set = aok[op];
                } else {
                    op = w->escport;
                    set = w->esc;
                }
            }
            sa1_vc[ip] = v;
            sa1_set[ip] = set;
            sa2_req[op] |= 1u << ip;
        }
        for (int op = 0; op < P; op++) {
            if (!sa2_req[op])
                continue;
            uint32_t rq = s->cfg.transit ? tn_sa_transit(sa2_req[op], nnet) : sa2_req[op];
            int ip = tn_sa_stage2(rq, P, s->as.sa2_ptr[base + op]);
            int v = sa1_vc[ip];
            long ivc = (base + ip) * V + v;
            tn_flit f = *tn_iu_front(s, ivc);
            int ov;
            if (s->iu.state[ivc] == TN_VC_IDLE) { /* a head: it takes its output VC now */
                uint32_t set = sa1_set[ip];
                ov = vc_rr ? tn_rr_pick(set, V, s->as.vc_ptr[base + op]) : __builtin_ctz(set);
                if (s->ou.busy[base + op] & (1u << ov))
                    s->router_err[node] |= TN_ERR_VC_REUSE;
                s->ou.busy[base + op] |= 1u << ov;
                s->iu.state[ivc] = TN_VC_ACTIVE;
                s->iu.oport[ivc] = (uint8_t)op;
                s->iu.ovc[ivc] = (uint8_t)ov;
                s->as.vc_ptr[base + op] = (uint8_t)((ov + 1) % V);
            } else {
                ov = s->iu.ovc[ivc];
            }
            tn_iu_pop(s, node, ip, v);
            tn_router_emit_credit(s, node, ip, v);
            f.vc = (uint8_t)ov;
            if (val && f.head)
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
            in_done |= 1u << ip;
            out_done |= 1u << op;
        }
    }

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

void tn_router_step(tn_sim *s, int node)
{
    tn_router_sel_sync(s, node);
    if (s->cfg.routing == TN_ROUTE_CHAOS) { /* section 22: its own cycle, in chaos.c */
        tn_chaos_router_step(s, node);
        return;
    }
    if (s->cfg.pipe) {
        router_step_v2(s, node);
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
