/* SPDX-License-Identifier: MIT */
/* CHAOS, chaotic routing (Bolding, Fulgham and Snyder; paper 000's non-minimal adaptive
 * baseline), adapted to the VC router: docs/microarchitecture.md section 22. C model only.
 *
 * Virtual cut-through: a packet takes an output VC only when the VC is idle and its downstream
 * buffer is empty (credits = buf >= the longest packet). Heads take a free productive output
 * (the configured selection function, section 19.2); a head that has waited chaos_wait cycles
 * without one moves into the node's shared queue (q packet slots) if a slot is free; queued
 * packets have priority for output VCs and, after waiting chaos_wait cycles there, are derouted
 * to a free non-productive output drawn with the router RNG. An injected packet never enters the
 * queue and may take an output VC only when at least two slots are free (one injection per node
 * per cycle), which keeps one packet buffer of the network free at all times.
 *
 * One cycle, as the rest of the router: every decision is computed from the state at the start
 * of the cycle, then committed. */
#include <stdlib.h>
#include "tn_internal.h"

#define ALLOC(ptr, count)                                                                  \
    do {                                                                                   \
        (ptr) = calloc((size_t)(count) + 1u, sizeof *(ptr));                               \
        if (!(ptr))                                                                        \
            return -1;                                                                     \
    } while (0)

#define WAIT_MAX 65535

/* CHAOS's VC allocator (section 22.2 steps 3-4): separable, input first, as the first contract's
 * router had. Stage 1: each input VC picks one free output VC of its port by round robin (pointer
 * va1_ptr per input VC). Stage 2: each output VC grants one of the input VCs that picked it by
 * round robin over the P*V input VCs (index ip*V+iv; pointer va2_ptr per output VC). */
typedef struct chaos_va_req {
    uint8_t ip, iv, op, ov;
} chaos_va_req;

static void chaos_va_stage2(const chaos_va_req *req, int nreq, const uint16_t *va2_ptr_router,
                            int vcs, int ports, uint8_t *gnt)
{
    int pv = ports * vcs;
    for (int j = 0; j < nreq; j++) {
        int ptr = va2_ptr_router[req[j].op * vcs + req[j].ov];
        int dj = req[j].ip * vcs + req[j].iv - ptr;
        if (dj < 0)
            dj += pv;
        gnt[j] = 1;
        for (int m = 0; m < nreq; m++) {
            if (m == j || req[m].op != req[j].op || req[m].ov != req[j].ov)
                continue;
            int dm = req[m].ip * vcs + req[m].iv - ptr;
            if (dm < 0)
                dm += pv;
            if (dm < dj) {
                gnt[j] = 0;
                break;
            }
        }
    }
}

/* In-transit priority (section 7.4) in stage 2: drop the requests of terminal input ports for an
 * output VC that a network input port (1 .. nnet) also requests. */
static int chaos_va_transit(chaos_va_req *req, int nreq, int nnet)
{
    uint8_t drop[TN_MAX_P * TN_MAX_V] = {0};
    for (int j = 0; j < nreq; j++) {
        if (req[j].ip >= 1 && req[j].ip <= nnet)
            continue;
        for (int m = 0; m < nreq; m++)
            if (req[m].ip >= 1 && req[m].ip <= nnet && req[m].op == req[j].op &&
                req[m].ov == req[j].ov)
                drop[j] = 1;
    }
    int n = 0;
    for (int j = 0; j < nreq; j++)
        if (!drop[j])
            req[n++] = req[j];
    return n;
}

/* Commit one grant: the output VC becomes busy, the input VC ACTIVE on it, the pointers move. */
static void chaos_va_grant(tn_routers *rt, tn_chaos_state *cs, int node, const chaos_va_req *r)
{
    const int P = rt->P, V = rt->V;
    long ivc = ((long)node * P + r->ip) * V + r->iv;
    long oslot = (long)node * P + r->op;
    if (rt->ou.busy[oslot] & (1u << r->ov))
        rt->err[node] |= TN_ERR_VC_REUSE;
    rt->ou.busy[oslot] |= 1u << r->ov;
    rt->iu.state[ivc] = TN_VC_ACTIVE;
    rt->iu.oport[ivc] = r->op;
    rt->iu.ovc[ivc] = r->ov;
    cs->va1_ptr[ivc] = (uint8_t)((r->ov + 1) % V);
    cs->va2_ptr[oslot * V + r->ov] = (uint16_t)((r->ip * V + r->iv + 1) % (P * V));
}

int tn_chaos_init(tn_chaos_state *c, int nodes, int ports, int vcs, int buf, int q, int wait)
{
    long slots = (long)nodes * q;
    c->q = q;
    c->wait = wait;
    ALLOC(c->buf, slots * buf);
    ALLOC(c->rd, slots);
    ALLOC(c->cnt, slots);
    ALLOC(c->resv, slots);
    ALLOC(c->act, slots);
    ALLOC(c->oport, slots);
    ALLOC(c->ovc, slots);
    ALLOC(c->mwait, slots);
    ALLOC(c->hwait, (long)nodes * ports * vcs);
    ALLOC(c->wr_ptr, nodes);
    ALLOC(c->rd_ptr, nodes);
    ALLOC(c->in_ptr, nodes);
    ALLOC(c->inj_ptr, nodes);
    ALLOC(c->sa2_ptr, (long)nodes * ports);
    ALLOC(c->va1_ptr, (long)nodes * ports * vcs);
    ALLOC(c->va2_ptr, (long)nodes * ports * vcs);
    return 0;
}

void tn_chaos_free(tn_chaos_state *c)
{
    void *ptrs[] = {c->buf,   c->rd,    c->cnt,    c->resv,   c->act,    c->oport, c->ovc,
                    c->mwait, c->hwait, c->wr_ptr, c->rd_ptr, c->in_ptr, c->inj_ptr, c->sa2_ptr,
                    c->va1_ptr, c->va2_ptr};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++)
        free(ptrs[i]);
}

/* Round robin over n > 32 requesters given as a list of indices: the first at or after ptr. */
static int rr_list(const int *idx, int m, int n, int ptr)
{
    int best = -1, bd = n;
    for (int j = 0; j < m; j++) {
        int d = idx[j] - ptr;
        if (d < 0)
            d += n;
        if (d < bd) {
            bd = d;
            best = j;
        }
    }
    return best;
}

static inline uint16_t wait_inc(uint16_t w) { return (uint16_t)(w < WAIT_MAX ? w + 1 : w); }

void tn_chaos_router_step(tn_routers *rt, tn_chaos_state *cs, int node, long cycle,
                          tn_router_out *o)
{
    const int P = rt->P, V = rt->V, B = rt->B, Q = cs->q, nnet = 2 * rt->g->n;
    const int PV = P * V, MQ = P; /* port index of the shared queue in oport and sa2 */
    const long base = (long)node * P, qb = (long)node * Q;
    const int *cur = rt->coord + (long)node * rt->g->n;
    const uint32_t x = rt->sel.rng[node];
    const uint32_t vall = (uint32_t)((1ull << V) - 1u);
    const int wait = cs->wait;

    /* ---- the state at the start of the cycle ---- */
    uint32_t held = 0, sent = 0;      /* per network port, bit j = port j+1 */
    o->nflit = o->ncrd = 0;
    uint32_t vfree[TN_MAX_P];         /* per port: output VCs a head may take */
    uint32_t pfree = 0;               /* network ports with such a VC, bit j = port j+1 */
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
    for (int op = 0; op < P; op++) {
        long slot = base + op;
        if (tn_port_is_term(rt->g, op)) {
            vfree[op] = vall & ~rt->ou.busy[slot];
            continue;
        }
        int j = op - 1, u = 0;
        uint32_t empty = 0;
        held |= (rt->ou.busy[slot] ? 1u : 0u) << j;
        age[j] = rt->sel.lru_age[slot];
        cnt[j] = rt->sel.ldsf_cnt[slot];
        for (int v = 0; v < V; v++) {
            u += B - rt->ou.credits[slot * V + v];
            empty |= (rt->ou.credits[slot * V + v] == B ? 1u : 0u) << v;
        }
        used[j] = (uint16_t)u;
        vfree[op] = rt->g->nbr[slot] >= 0 ? vall & ~rt->ou.busy[slot] & empty : 0;
        pfree |= (vfree[op] ? 1u : 0u) << j;
    }
    int nfree_q = 0, free_slot = -1;
    for (int q = Q - 1; q >= 0; q--)
        if (!cs->resv[qb + q]) {
            nfree_q++;
            free_slot = q; /* the lowest free slot */
        }

    /* ---- switch allocation requests (before any VA grant of this cycle) ---- */
    int sa1_vc[TN_MAX_P], tgt[TN_MAX_P];
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = rt->iu.nemask[base + ip], req = 0;
        sa1_vc[ip] = -1;
        tgt[ip] = -1;
        while (m) {
            int v = __builtin_ctz(m);
            m &= m - 1;
            long ivc = (base + ip) * V + v;
            if (rt->iu.state[ivc] != TN_VC_ACTIVE)
                continue;
            int op = rt->iu.oport[ivc], ov = rt->iu.ovc[ivc];
            if (op == MQ ? cs->cnt[qb + ov] < B
                         : tn_port_is_term(rt->g, op) || rt->ou.credits[(base + op) * V + ov])
                req |= 1u << v;
        }
        if (req) {
            int v = tn_sa_stage1(req, V, rt->as.sa1_ptr[base + ip]);
            sa1_vc[ip] = v;
            tgt[ip] = rt->iu.oport[(base + ip) * V + v];
        }
    }
    /* the shared queue's read port: one slot per cycle, round robin */
    int rd_slot = -1;
    {
        int best = -1, bd = Q;
        for (int q = 0; q < Q; q++) {
            long k = qb + q;
            if (!cs->act[k] || !cs->cnt[k])
                continue;
            int op = cs->oport[k];
            if (!tn_port_is_term(rt->g, op) && !rt->ou.credits[(base + op) * V + cs->ovc[k]])
                continue;
            int d = q - cs->rd_ptr[node];
            if (d < 0)
                d += Q;
            if (d < bd) {
                bd = d;
                best = q;
            }
        }
        rd_slot = best;
    }
    /* stage 2 per output port over the P input ports and the queue (index P) */
    int win[TN_MAX_P];
    for (int op = 0; op < P; op++) {
        uint32_t r = 0;
        for (int ip = 0; ip < P; ip++)
            r |= (tgt[ip] == op ? 1u : 0u) << ip;
        if (rd_slot >= 0 && cs->oport[qb + rd_slot] == op)
            r |= 1u << MQ;
        if (rt->transit) { /* section 7.4: network ports and the queue before injection */
            uint32_t net = (((1u << (2 * rt->g->n + 1)) - 1u) & ~1u) | (1u << MQ);
            if (r & net)
                r &= net;
        }
        win[op] = tn_rr_pick(r, P + 1, cs->sa2_ptr[base + op]);
    }
    /* the shared queue's write port: one input port per cycle */
    int wr_ip;
    {
        uint32_t r = 0;
        for (int ip = 0; ip < P; ip++)
            r |= (tgt[ip] == MQ ? 1u : 0u) << ip;
        wr_ip = tn_rr_pick(r, P, cs->wr_ptr[node]);
    }

    /* ---- VC allocation: the shared queue first (priority), oldest head first ---- */
    uint32_t vf[TN_MAX_P];
    for (int op = 0; op < P; op++)
        vf[op] = vfree[op];
    uint32_t pf = pfree;
    int qg_port[TN_MAX_CHAOS_Q], qg_vc[TN_MAX_CHAOS_Q], qg_der[TN_MAX_CHAOS_Q];
    uint8_t qwait[TN_MAX_CHAOS_Q] = {0}; /* 1: the slot's head waits for an output VC this cycle */
    for (int q = 0; q < Q; q++) {
        long k = qb + q;
        qg_port[q] = -1;
        if (!cs->resv[k] || cs->act[k] || !cs->cnt[k])
            continue;
        if (!cs->buf[k * B + cs->rd[k]].head) {
            rt->err[node] |= TN_ERR_ORDER;
            continue;
        }
        qwait[q] = 1;
    }
    for (;;) {
        int q = -1;
        for (int j = 0; j < Q; j++) /* the longest wait, ties to the lowest slot */
            if (qwait[j] == 1 && (q < 0 || cs->mwait[qb + j] > cs->mwait[qb + q]))
                q = j;
        if (q < 0)
            break;
        qwait[q] = 2;
        long k = qb + q;
        const tn_flit *f = &cs->buf[k * B + cs->rd[k]];
        tn_route_out esc;
        uint32_t prod;
        int hops[TN_MAX_N];
        tn_route_adaptive(rt->g, V, cur, f->dst, 0, -1, &esc, &prod, hops);
        uint32_t u16 = tn_sel_rand16(x, PV + q);
        int port = -1, der = 0;
        if (!prod) { /* at its destination (a queued packet never is): eject */
            if (vf[esc.port])
                port = esc.port;
        } else if (prod & pf) {
            tn_sel_in in = {u16, hops, age, cnt, used};
            port = 1 + tn_select(rt->selection, prod & pf, &in);
        } else if (cs->mwait[k] >= wait && (pf & ~prod)) {
            port = 1 + tn_sel_random(pf & ~prod, u16);
            der = 1;
        }
        if (port < 0)
            continue;
        qg_port[q] = port;
        qg_vc[q] = __builtin_ctz(vf[port]);
        qg_der[q] = der;
        vf[port] &= ~(1u << qg_vc[q]);
        if (!tn_port_is_term(rt->g, port) && !vf[port])
            pf &= ~(1u << (port - 1));
    }

    /* ---- VC allocation requests of the input VCs ---- */
    chaos_va_req req[TN_MAX_P * TN_MAX_V];
    uint8_t gnt[TN_MAX_P * TN_MAX_V];
    int nreq = 0;
    chaos_va_req inj[TN_MAX_TERM * TN_MAX_V]; /* injection candidates: one may request */
    int inj_idx[TN_MAX_TERM * TN_MAX_V], ninj = 0;
    int mq_idx[TN_MAX_P * TN_MAX_V], nmq = 0; /* input VCs asking for a slot */
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = rt->iu.nemask[base + ip];
        const int term = tn_port_is_term(rt->g, ip);
        while (m) {
            int v = __builtin_ctz(m);
            m &= m - 1;
            long ivc = (base + ip) * V + v;
            if (rt->iu.state[ivc] != TN_VC_IDLE)
                continue;
            const tn_flit *f = tn_iu_front(rt, ivc);
            if (!f->head) {
                rt->err[node] |= TN_ERR_ORDER;
                continue;
            }
            tn_route_out esc;
            uint32_t prod;
            int hops[TN_MAX_N], port = -1;
            tn_route_adaptive(rt->g, V, cur, f->dst, ip, -1, &esc, &prod, hops);
            if (!prod) {
                port = esc.port; /* at its destination: eject (never gated) */
            } else if (prod & pf) {
                tn_sel_in in = {tn_sel_rand16(x, ip * V + v), hops, age, cnt, used};
                port = 1 + tn_select(rt->selection, prod & pf, &in);
            } else if (!term && cs->hwait[ivc] >= wait && nfree_q > 0) {
                mq_idx[nmq++] = ip * V + v;
                continue;
            }
            if (port < 0)
                continue;
            int ov = tn_rr_pick(vf[port], V, cs->va1_ptr[ivc]);
            if (ov < 0)
                continue;
            chaos_va_req r = {(uint8_t)ip, (uint8_t)v, (uint8_t)port, (uint8_t)ov};
            if (term && prod) { /* injection into the network: gated */
                if (nfree_q >= 2) {
                    inj[ninj] = r;
                    inj_idx[ninj++] = ip * V + v;
                }
            } else {
                req[nreq++] = r;
            }
        }
    }
    if (ninj) {
        int j = rr_list(inj_idx, ninj, PV, cs->inj_ptr[node]);
        req[nreq++] = inj[j];
    }

    /* ---- commit: VC allocation of the input VCs (stage 2) ---- */
    uint8_t granted[TN_MAX_P * TN_MAX_V] = {0}; /* by flat input VC ip*V+v */
    if (nreq && rt->transit)
        nreq = chaos_va_transit(req, nreq, 2 * rt->g->n);
    if (nreq) {
        chaos_va_stage2(req, nreq, cs->va2_ptr + base * V, V, P, gnt);
        for (int j = 0; j < nreq; j++) {
            if (!gnt[j])
                continue;
            chaos_va_grant(rt, cs, node, &req[j]);
            granted[req[j].ip * V + req[j].iv] = 1;
            if (tn_port_is_term(rt->g, req[j].ip) && !tn_port_is_term(rt->g, req[j].op))
                cs->inj_ptr[node] = (uint16_t)((req[j].ip * V + req[j].iv + 1) % PV);
        }
    }
    /* ---- commit: one slot reservation (the lowest free slot) ---- */
    if (nmq) {
        int j = rr_list(mq_idx, nmq, PV, cs->in_ptr[node]);
        int ip = mq_idx[j] / V, v = mq_idx[j] % V;
        long ivc = (base + ip) * V + v;
        rt->iu.state[ivc] = TN_VC_ACTIVE;
        rt->iu.oport[ivc] = (uint8_t)MQ;
        rt->iu.ovc[ivc] = (uint8_t)free_slot;
        cs->resv[qb + free_slot] = 1;
        cs->mwait[qb + free_slot] = 0;
        cs->in_ptr[node] = (uint16_t)((mq_idx[j] + 1) % PV);
        granted[mq_idx[j]] = 1;
        cs->entered++;
    }
    /* ---- commit: the shared queue's VC grants ---- */
    for (int q = 0; q < Q; q++) {
        long k = qb + q;
        if (!qwait[q])
            continue;
        if (qg_port[q] < 0) {
            cs->mwait[k] = wait_inc(cs->mwait[k]);
            continue;
        }
        long oslot = base + qg_port[q];
        if (rt->ou.busy[oslot] & (1u << qg_vc[q]))
            rt->err[node] |= TN_ERR_VC_REUSE;
        rt->ou.busy[oslot] |= 1u << qg_vc[q];
        cs->act[k] = 1;
        cs->oport[k] = (uint8_t)qg_port[q];
        cs->ovc[k] = (uint8_t)qg_vc[q];
        cs->mwait[k] = 0;
        cs->derouted += qg_der[q];
    }
    /* ---- waiting counters of the input VCs ---- */
    for (int ip = 0; ip < P; ip++)
        for (int v = 0; v < V; v++) {
            long ivc = (base + ip) * V + v;
            int waiting = rt->iu.cnt[ivc] && !granted[ip * V + v] &&
                          rt->iu.state[ivc] == TN_VC_IDLE;
            cs->hwait[ivc] = waiting ? wait_inc(cs->hwait[ivc]) : 0;
        }

    /* ---- commit: switch traversal ---- */
    for (int op = 0; op < P; op++) {
        int w = win[op];
        if (w < 0)
            continue;
        tn_flit f;
        int ov, tail;
        if (w == MQ) {
            long k = qb + rd_slot;
            f = cs->buf[k * B + cs->rd[k]];
            ov = cs->ovc[k];
            cs->rd[k] = (uint8_t)(cs->rd[k] + 1 == B ? 0 : cs->rd[k] + 1);
            cs->cnt[k]--;
            rt->iu.nflits[node]--;
            tail = f.tail;
            if (tail) {
                cs->act[k] = 0;
                cs->resv[k] = 0; /* the slot is free from the next cycle */
            }
            cs->rd_ptr[node] = (uint8_t)((rd_slot + 1) % Q);
        } else {
            int v = sa1_vc[w];
            long ivc = (base + w) * V + v;
            f = *tn_iu_front(rt, ivc);
            ov = rt->iu.ovc[ivc];
            tn_iu_pop(rt, node, w, v);
            o->cip[o->ncrd] = (uint8_t)w;
            o->crd_vc[o->ncrd++] = (uint8_t)v;
            tail = f.tail;
            if (tail)
                rt->iu.state[ivc] = TN_VC_IDLE;
            rt->as.sa1_ptr[base + w] = (uint8_t)((v + 1) % V);
        }
        f.vc = (uint8_t)ov;
        tn_ou_send(rt, node, op, f.vc);
        o->fop[o->nflit] = (uint8_t)op;
        o->flit[o->nflit++] = f;
        if (!tn_port_is_term(rt->g, op))
            sent |= 1u << (op - 1);
        if (tail)
            rt->ou.busy[base + op] &= ~(1u << ov);
        cs->sa2_ptr[base + op] = (uint8_t)((w + 1) % (P + 1));
    }
    if (wr_ip >= 0) { /* into the shared queue: written at the end of the cycle */
        int v = sa1_vc[wr_ip];
        long ivc = (base + wr_ip) * V + v;
        long k = qb + rt->iu.ovc[ivc];
        tn_flit f = *tn_iu_front(rt, ivc);
        tn_iu_pop(rt, node, wr_ip, v);
        o->cip[o->ncrd] = (uint8_t)wr_ip;
        o->crd_vc[o->ncrd++] = (uint8_t)v;
        if (f.tail)
            rt->iu.state[ivc] = TN_VC_IDLE;
        rt->as.sa1_ptr[base + wr_ip] = (uint8_t)((v + 1) % V);
        if (cs->cnt[k] >= B) {
            rt->err[node] |= TN_ERR_BUF_OVF;
        } else {
            int wr = cs->rd[k] + cs->cnt[k];
            cs->buf[k * B + (wr >= B ? wr - B : wr)] = f;
            cs->cnt[k]++;
            rt->iu.nflits[node]++;
        }
        cs->wr_ptr[node] = (uint8_t)((wr_ip + 1) % P);
    }

    /* ---- per-link selection state and the router RNG (section 19) ---- */
    for (int j = 0; j < nnet; j++) {
        long slot = base + j + 1;
        int snt = (sent >> j) & 1u;
        rt->sel.lru_age[slot] = tn_sel_lru_age_next(rt->sel.lru_age[slot], snt);
        rt->sel.ldsf_cnt[slot] = tn_sel_ldsf_cnt_next(rt->sel.ldsf_cnt[slot], snt, (held >> j) & 1u);
    }
    tn_rng rr = {rt->sel.rng[node]};
    rt->sel.rng[node] = tn_rng_next(&rr);
    rt->sel.last[node] = cycle + 1;
}
