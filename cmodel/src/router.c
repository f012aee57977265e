/* SPDX-License-Identifier: MIT */
/* Router (rtl/router/tn_router.v): one cycle of output-VC availability (output units), requests
 * (input units and route computation), two switch-allocation iterations with the output VC taken
 * by a head as it leaves, and traversal; computed from the state at the start of the cycle and
 * committed at its end (docs/microarchitecture.md section 6). */
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

/* What each input VC asks the switch for this cycle (section 6.4). */
enum { REQ_NONE = 0, REQ_BODY, REQ_HEAD, REQ_ADAPT };
typedef struct rt_req {
    uint8_t kind;     /* REQ_* */
    uint8_t port;     /* REQ_BODY: oport; REQ_HEAD: the route port */
    uint32_t set;     /* REQ_HEAD: the output VCs it may take (route's set, available) */
    uint32_t cand;    /* REQ_ADAPT: free productive ports, bit j = port j+1 */
    int hops[TN_MAX_N];
} rt_req;

/* Output-VC availability and the selection metrics, per output port (section 6.3). */
typedef struct rt_avail {
    uint32_t take[TN_MAX_P];  /* VCs a head may take: idle (and a credit, network ports) */
    uint32_t atake[TN_MAX_P]; /* adaptive VCs a head may take: idle and downstream empty */
    uint32_t afree;           /* network ports with atake != 0, bit j = port j+1 */
    uint32_t held;            /* network ports with an allocated output VC */
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
} rt_avail;

static void router_avail(const tn_sim *s, int node, int adaptive, rt_avail *a)
{
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const uint32_t all = (1u << V) - 1u;
    const uint32_t amask = all & ~((1u << tn_escape_vcs(&s->g)) - 1u);
    a->afree = a->held = 0;
    for (int op = 0; op < P; op++) {
        long slot = base + op;
        uint32_t busy = s->ou.busy[slot];
        a->atake[op] = 0;
        if (tn_port_is_term(&s->g, op)) {
            a->take[op] = all & ~busy;
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
        int j = op - 1;
        a->take[op] = all & ~busy & nz;
        a->held |= (busy ? 1u : 0u) << j;
        a->age[j] = s->sel.lru_age[slot];
        a->cnt[j] = s->sel.ldsf_cnt[slot];
        a->used[j] = (uint16_t)u;
        if (adaptive) {
            a->atake[op] = amask & ~busy & empty;
            a->afree |= (a->atake[op] ? 1u : 0u) << j;
        }
    }
}

/* The request of input VC (ip, v) (section 6.4); route computation for an IDLE head. */
static void router_request(tn_sim *s, int node, int ip, int v, const rt_avail *a, rt_req *w)
{
    const int V = s->V;
    const long base = (long)node * s->P;
    const long ivc = (base + ip) * V + v;
    const int *cur = s->coord + (long)node * s->g.n;
    const int r = s->cfg.routing;
    w->kind = REQ_NONE;
    if (!s->iu.cnt[ivc])
        return;
    if (s->iu.state[ivc] == TN_VC_ACTIVE) {
        int op = s->iu.oport[ivc];
        if (tn_port_is_term(&s->g, op) || s->ou.credits[(base + op) * V + s->iu.ovc[ivc]]) {
            w->kind = REQ_BODY;
            w->port = (uint8_t)op;
        }
        return;
    }
    const tn_flit *f = tn_iu_front(s, ivc);
    if (!f->head) {
        s->router_err[node] |= TN_ERR_ORDER;
        return;
    }
    const int adaptive = r == TN_ROUTE_MINAD || r == TN_ROUTE_GOAL || r == TN_ROUTE_GAL;
    tn_route_out ro;
    uint32_t prod = 0;
    if (adaptive)
        tn_route_adaptive(&s->g, V, cur, f->dst, ip, r == TN_ROUTE_MINAD ? -1 : f->quad, &ro,
                          &prod, w->hops);
    else if (r == TN_ROUTE_VAL)
        tn_route_val(&s->g, V, cur, f->dst, f->mid, f->phase, ip, &ro);
    else
        tn_route_dor(&s->g, V, cur, f->dst, ip, &ro);
    if (!tn_port_is_term(&s->g, ro.port) && s->g.nbr[base + ro.port] < 0) {
        s->router_err[node] |= TN_ERR_PORT;
        return;
    }
    uint32_t range = ((1u << ro.vc_hi) - 1u) & ~((1u << ro.vc_lo) - 1u);
    if (prod & a->afree) {
        w->kind = REQ_ADAPT;
        w->cand = prod & a->afree;
    } else if (range & a->take[ro.port]) {
        w->kind = REQ_HEAD;
        w->port = (uint8_t)ro.port;
        w->set = range & a->take[ro.port];
    }
}

/* Switch traversal of a grant of output port op to input VC (ip, v); a head takes the lowest VC
 * of set (section 6.7). */
static void router_traverse(tn_sim *s, int node, int ip, int v, int op, uint32_t set)
{
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const long ivc = (base + ip) * V + v;
    tn_flit f = *tn_iu_front(s, ivc);
    int ov;
    if (s->iu.state[ivc] == TN_VC_IDLE) {
        ov = __builtin_ctz(set);
        if (s->ou.busy[base + op] & (1u << ov))
            s->router_err[node] |= TN_ERR_VC_REUSE;
        s->ou.busy[base + op] |= 1u << ov;
        s->iu.state[ivc] = TN_VC_ACTIVE;
        s->iu.oport[ivc] = (uint8_t)op;
        s->iu.ovc[ivc] = (uint8_t)ov;
    } else {
        ov = s->iu.ovc[ivc];
    }
    tn_iu_pop(s, node, ip, v);
    tn_router_emit_credit(s, node, ip, v);
    f.vc = (uint8_t)ov;
    if (s->cfg.routing == TN_ROUTE_VAL && f.head) /* the head carries the phase in force */
        f.phase = (uint8_t)tn_val_phase(&s->g, s->coord + (long)node * s->g.n, f.mid, f.phase);
    tn_router_out_flit(s, node, op, &f);
    if (f.tail) {
        s->ou.busy[base + op] &= ~(1u << ov);
        s->iu.state[ivc] = TN_VC_IDLE;
    }
    s->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
    s->as.sa2_ptr[base + op] = (uint8_t)((ip + 1) % P);
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
    const int nnet = 2 * s->g.n;
    const int r = s->cfg.routing;
    rt_avail a;
    router_avail(s, node, r == TN_ROUTE_MINAD || r == TN_ROUTE_GOAL || r == TN_ROUTE_GAL, &a);
    rt_req q[TN_MAX_P * TN_MAX_V];
    uint32_t nonempty = 0;
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = s->iu.nemask[base + ip];
        for (int v = 0; v < V; v++) {
            q[ip * V + v].kind = REQ_NONE;
            if ((m >> v) & 1u)
                router_request(s, node, ip, v, &a, &q[ip * V + v]);
        }
        nonempty |= (m ? 1u : 0u) << ip;
    }

    /* Two switch-allocation iterations (section 6.5, 6.6). Iteration 2 is for the ports left
     * unmatched and the requests that need no selection. */
    uint32_t in_done = 0, out_done = 0, sent = 0;
    for (int it = 0; it < 2; it++) {
        int win_vc[TN_MAX_P];
        uint32_t win_set[TN_MAX_P];
        uint32_t sa2_req[TN_MAX_P] = {0};
        for (int ip = 0; ip < P; ip++) {
            if (!((nonempty >> ip) & 1u) || ((in_done >> ip) & 1u))
                continue;
            uint32_t req = 0;
            for (int v = 0; v < V; v++) {
                const rt_req *w = &q[ip * V + v];
                if ((w->kind == REQ_BODY || w->kind == REQ_HEAD) && !((out_done >> w->port) & 1u))
                    req |= 1u << v;
                else if (w->kind == REQ_ADAPT && it == 0)
                    req |= 1u << v;
            }
            if (!req)
                continue;
            int v = tn_sa_stage1(req, V, s->as.sa1_ptr[base + ip]);
            const rt_req *w = &q[ip * V + v];
            int op = w->port;
            uint32_t set = w->set;
            if (w->kind == REQ_ADAPT) { /* selection, once per input port (section 19.2) */
                tn_sel_in in = {tn_sel_rand16(s->sel.rng[node], ip), w->hops, a.age, a.cnt,
                                a.used};
                op = 1 + tn_select(s->cfg.selection, w->cand, &in);
                set = a.atake[op];
            }
            win_vc[ip] = v;
            win_set[ip] = set;
            sa2_req[op] |= 1u << ip;
        }
        for (int op = 0; op < P; op++) {
            if (!sa2_req[op])
                continue;
            uint32_t rq = s->cfg.transit ? tn_sa_transit(sa2_req[op], nnet) : sa2_req[op];
            int ip = tn_sa_stage2(rq, P, s->as.sa2_ptr[base + op]);
            router_traverse(s, node, ip, win_vc[ip], op, win_set[ip]);
            in_done |= 1u << ip;
            out_done |= 1u << op;
            if (!tn_port_is_term(&s->g, op))
                sent |= 1u << (op - 1);
        }
    }

    /* per-link selection state and the router RNG (section 19) */
    for (int j = 0; j < nnet; j++) {
        long slot = base + j + 1;
        int snt = (sent >> j) & 1u;
        s->sel.lru_age[slot] = tn_sel_lru_age_next(s->sel.lru_age[slot], snt);
        s->sel.ldsf_cnt[slot] = tn_sel_ldsf_cnt_next(s->sel.ldsf_cnt[slot], snt,
                                                     (a.held >> j) & 1u);
    }
    tn_rng rr = {s->sel.rng[node]};
    s->sel.rng[node] = tn_rng_next(&rr);
    s->sel.last[node] = s->cycle + 1;
}
