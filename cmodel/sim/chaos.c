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

/* One cycle of a CHAOS router: the state at its start (the registers) and what each step of
 * section 22.2 computes from it, read by the later steps and the commit. */
typedef struct chaos_cycle {
    tn_routers *rt;
    tn_chaos_state *cs;
    int node, P, V, B, Q, PV, nnet;
    long base, qb;               /* the node's first port slot, first queue slot */
    const int *cur;              /* the node's coordinates */
    uint32_t x;                  /* the router RNG's state */
    /* R22.2.1 */
    uint32_t held;               /* network ports with an allocated output VC, bit j = port j+1 */
    uint32_t vfree[TN_MAX_P];    /* per port: output VCs a head may take (ctake) */
    uint32_t pfree;              /* network ports with such a VC, bit j = port j+1 */
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
    int nfree_q, free_slot;      /* F, the lowest free slot */
    /* R22.2.2 */
    int sa1_vc[TN_MAX_P], tgt[TN_MAX_P]; /* per input port: stage 1's VC and its oport, or -1 */
    int rd_slot;                 /* the read port's slot, or -1 */
    int win[TN_MAX_P];           /* per output port: stage 2's winner (P: the read port), or -1 */
    int wr_ip;                   /* the write port's input port, or -1 */
    /* R22.2.3 */
    uint32_t vf[TN_MAX_P], pf;   /* ctake and the free ports the queue's grants left */
    int qg_port[TN_MAX_CHAOS_Q], qg_vc[TN_MAX_CHAOS_Q], qg_der[TN_MAX_CHAOS_Q];
    uint8_t qwait[TN_MAX_CHAOS_Q]; /* 1: the slot's head waits for an output VC this cycle */
    /* R22.2.4, R22.2.5: the requests */
    chaos_va_req req[TN_MAX_P * TN_MAX_V + 1];
    int nreq;
    int mq_idx[TN_MAX_P * TN_MAX_V], nmq; /* input VCs asking for a slot */
    uint8_t granted[TN_MAX_P * TN_MAX_V]; /* by flat input VC ip*V+v: an output VC or a slot */
} chaos_cycle;

/* R22.2.1: the free output VCs and ports, the selection metrics, the free slots. */
static void chaos_free_vcs(chaos_cycle *c)
{
    const tn_routers *rt = c->rt;
    const int V = c->V, B = c->B;
    const uint32_t vall = (uint32_t)((1ull << V) - 1u);
    c->held = c->pfree = 0;
    for (int op = 0; op < c->P; op++) {
        long slot = c->base + op;
        if (tn_port_is_term(rt->g, op)) {
            c->vfree[op] = vall & ~rt->ou.busy[slot];
            continue;
        }
        int j = op - 1, u = 0;
        uint32_t empty = 0;
        c->held |= (rt->ou.busy[slot] ? 1u : 0u) << j;
        c->age[j] = rt->sel.lru_age[slot];
        c->cnt[j] = rt->sel.ldsf_cnt[slot];
        for (int v = 0; v < V; v++) {
            u += B - rt->ou.credits[slot * V + v];
            empty |= (rt->ou.credits[slot * V + v] == B ? 1u : 0u) << v;
        }
        c->used[j] = (uint16_t)u;
        c->vfree[op] = rt->g->nbr[slot] >= 0 ? vall & ~rt->ou.busy[slot] & empty : 0;
        c->pfree |= (c->vfree[op] ? 1u : 0u) << j;
    }
    c->nfree_q = 0;
    c->free_slot = -1;
    for (int q = c->Q - 1; q >= 0; q--)
        if (!c->cs->resv[c->qb + q]) {
            c->nfree_q++;
            c->free_slot = q; /* the lowest free slot */
        }
}

/* R22.2.2: switch allocation, from the state at the start of the cycle (before any VA grant). */
static void chaos_sw_alloc(chaos_cycle *c)
{
    const tn_routers *rt = c->rt;
    const tn_chaos_state *cs = c->cs;
    const int P = c->P, V = c->V, MQ = P; /* port index of the shared queue in oport and sa2 */
    const long base = c->base, qb = c->qb;
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = rt->iu.nemask[base + ip], req = 0;
        c->sa1_vc[ip] = -1;
        c->tgt[ip] = -1;
        while (m) {
            int v = __builtin_ctz(m);
            m &= m - 1;
            long ivc = (base + ip) * V + v;
            if (rt->iu.state[ivc] != TN_VC_ACTIVE)
                continue;
            int op = rt->iu.oport[ivc], ov = rt->iu.ovc[ivc];
            if (op == MQ ? cs->cnt[qb + ov] < c->B
                         : tn_port_is_term(rt->g, op) || rt->ou.credits[(base + op) * V + ov])
                req |= 1u << v;
        }
        if (req) {
            int v = tn_sa_stage1(req, V, rt->as.sa1_ptr[base + ip]);
            c->sa1_vc[ip] = v;
            c->tgt[ip] = rt->iu.oport[(base + ip) * V + v];
        }
    }
    /* the shared queue's read port: one slot per cycle, round robin */
    int best = -1, bd = c->Q;
    for (int q = 0; q < c->Q; q++) {
        long k = qb + q;
        if (!cs->act[k] || !cs->cnt[k])
            continue;
        int op = cs->oport[k];
        if (!tn_port_is_term(rt->g, op) && !rt->ou.credits[(base + op) * V + cs->ovc[k]])
            continue;
        int d = q - cs->rd_ptr[c->node];
        if (d < 0)
            d += c->Q;
        if (d < bd) {
            bd = d;
            best = q;
        }
    }
    c->rd_slot = best;
    /* stage 2 per output port over the P input ports and the queue (index P) */
    for (int op = 0; op < P; op++) {
        uint32_t r = 0;
        for (int ip = 0; ip < P; ip++)
            r |= (c->tgt[ip] == op ? 1u : 0u) << ip;
        if (c->rd_slot >= 0 && cs->oport[qb + c->rd_slot] == op)
            r |= 1u << MQ;
        if (rt->transit) { /* section 7.4: network ports and the queue before injection */
            uint32_t net = (((1u << (c->nnet + 1)) - 1u) & ~1u) | (1u << MQ);
            if (r & net)
                r &= net;
        }
        c->win[op] = tn_rr_pick(r, P + 1, cs->sa2_ptr[base + op]);
    }
    /* the shared queue's write port: one input port per cycle */
    uint32_t r = 0;
    for (int ip = 0; ip < P; ip++)
        r |= (c->tgt[ip] == MQ ? 1u : 0u) << ip;
    c->wr_ip = tn_rr_pick(r, P, cs->wr_ptr[c->node]);
}

/* R22.2.3: VC allocation of the shared queue's heads first (priority), the longest wait first. */
static void chaos_va_queue(chaos_cycle *c)
{
    tn_routers *rt = c->rt;
    const tn_chaos_state *cs = c->cs;
    const int V = c->V, B = c->B, Q = c->Q;
    const long qb = c->qb;
    for (int op = 0; op < c->P; op++)
        c->vf[op] = c->vfree[op];
    c->pf = c->pfree;
    for (int q = 0; q < Q; q++) {
        long k = qb + q;
        c->qg_port[q] = -1;
        c->qwait[q] = 0;
        if (!cs->resv[k] || cs->act[k] || !cs->cnt[k])
            continue;
        if (!cs->buf[k * B + cs->rd[k]].head) {
            rt->err[c->node] |= TN_ERR_ORDER;
            continue;
        }
        c->qwait[q] = 1;
    }
    for (;;) {
        int q = -1;
        for (int j = 0; j < Q; j++) /* the longest wait, ties to the lowest slot */
            if (c->qwait[j] == 1 && (q < 0 || cs->mwait[qb + j] > cs->mwait[qb + q]))
                q = j;
        if (q < 0)
            break;
        c->qwait[q] = 2;
        long k = qb + q;
        const tn_flit *f = &cs->buf[k * B + cs->rd[k]];
        tn_route_out esc;
        uint32_t prod;
        int hops[TN_MAX_N];
        tn_route_adaptive(rt->g, V, c->cur, f->dst, 0, -1, &esc, &prod, hops);
        uint32_t u16 = tn_sel_rand16(c->x, c->PV + q);
        int port = -1, der = 0;
        if (!prod) { /* at its destination (a queued packet never is): eject */
            if (c->vf[esc.port])
                port = esc.port;
        } else if (prod & c->pf) {
            tn_sel_in in = {u16, hops, c->age, c->cnt, c->used};
            port = 1 + tn_select(rt->selection, prod & c->pf, &in);
        } else if (cs->mwait[k] >= cs->wait && (c->pf & ~prod)) {
            port = 1 + tn_sel_random(c->pf & ~prod, u16);
            der = 1;
        }
        if (port < 0)
            continue;
        c->qg_port[q] = port;
        c->qg_vc[q] = __builtin_ctz(c->vf[port]);
        c->qg_der[q] = der;
        c->vf[port] &= ~(1u << c->qg_vc[q]);
        if (!tn_port_is_term(rt->g, port) && !c->vf[port])
            c->pf &= ~(1u << (port - 1));
    }
}

/* R22.2.4's requests (stage 1 and the injection gate) and R22.2.5's asks for a slot. */
static void chaos_va_requests(chaos_cycle *c)
{
    tn_routers *rt = c->rt;
    const tn_chaos_state *cs = c->cs;
    const int P = c->P, V = c->V, PV = c->PV;
    const long base = c->base;
    chaos_va_req inj[TN_MAX_TERM * TN_MAX_V]; /* injection candidates: one may request */
    int inj_idx[TN_MAX_TERM * TN_MAX_V], ninj = 0;
    c->nreq = c->nmq = 0;
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
                rt->err[c->node] |= TN_ERR_ORDER;
                continue;
            }
            tn_route_out esc;
            uint32_t prod;
            int hops[TN_MAX_N], port = -1;
            tn_route_adaptive(rt->g, V, c->cur, f->dst, ip, -1, &esc, &prod, hops);
            if (!prod) {
                port = esc.port; /* at its destination: eject (never gated) */
            } else if (prod & c->pf) {
                tn_sel_in in = {tn_sel_rand16(c->x, ip * V + v), hops, c->age, c->cnt, c->used};
                port = 1 + tn_select(rt->selection, prod & c->pf, &in);
            } else if (!term && cs->hwait[ivc] >= cs->wait && c->nfree_q > 0) {
                c->mq_idx[c->nmq++] = ip * V + v;
                continue;
            }
            if (port < 0)
                continue;
            int ov = tn_rr_pick(c->vf[port], V, cs->va1_ptr[ivc]);
            if (ov < 0)
                continue;
            chaos_va_req r = {(uint8_t)ip, (uint8_t)v, (uint8_t)port, (uint8_t)ov};
            if (term && prod) { /* injection into the network: gated */
                if (c->nfree_q >= 2) {
                    inj[ninj] = r;
                    inj_idx[ninj++] = ip * V + v;
                }
            } else {
                c->req[c->nreq++] = r;
            }
        }
    }
    if (ninj) {
        int j = rr_list(inj_idx, ninj, PV, cs->inj_ptr[c->node]);
        c->req[c->nreq++] = inj[j];
    }
}

/* R22.2.4's stage 2 and its grants. */
static void chaos_va_commit(chaos_cycle *c)
{
    tn_routers *rt = c->rt;
    tn_chaos_state *cs = c->cs;
    const int P = c->P, V = c->V;
    uint8_t gnt[TN_MAX_P * TN_MAX_V + 1];
    for (int i = 0; i < P * V; i++)
        c->granted[i] = 0;
    if (c->nreq && rt->transit)
        c->nreq = chaos_va_transit(c->req, c->nreq, c->nnet);
    if (!c->nreq)
        return;
    chaos_va_stage2(c->req, c->nreq, cs->va2_ptr + c->base * V, V, P, gnt);
    for (int j = 0; j < c->nreq; j++) {
        const chaos_va_req *r = &c->req[j];
        if (!gnt[j])
            continue;
        chaos_va_grant(rt, cs, c->node, r);
        c->granted[r->ip * V + r->iv] = 1;
        if (tn_port_is_term(rt->g, r->ip) && !tn_port_is_term(rt->g, r->op))
            cs->inj_ptr[c->node] = (uint16_t)((r->ip * V + r->iv + 1) % c->PV);
    }
}

/* R22.2.5: one slot reservation (the lowest free slot). */
static void chaos_slot_commit(chaos_cycle *c)
{
    if (!c->nmq)
        return;
    tn_routers *rt = c->rt;
    tn_chaos_state *cs = c->cs;
    const int V = c->V;
    int j = rr_list(c->mq_idx, c->nmq, c->PV, cs->in_ptr[c->node]);
    int ip = c->mq_idx[j] / V, v = c->mq_idx[j] % V;
    long ivc = (c->base + ip) * V + v;
    rt->iu.state[ivc] = TN_VC_ACTIVE;
    rt->iu.oport[ivc] = (uint8_t)c->P; /* the shared queue */
    rt->iu.ovc[ivc] = (uint8_t)c->free_slot;
    cs->resv[c->qb + c->free_slot] = 1;
    cs->mwait[c->qb + c->free_slot] = 0;
    cs->in_ptr[c->node] = (uint16_t)((c->mq_idx[j] + 1) % c->PV);
    c->granted[c->mq_idx[j]] = 1;
    cs->entered++;
}

/* R22.2.3's commit: the shared queue's VC grants, and the waits of its heads without one. */
static void chaos_queue_commit(chaos_cycle *c)
{
    tn_routers *rt = c->rt;
    tn_chaos_state *cs = c->cs;
    for (int q = 0; q < c->Q; q++) {
        long k = c->qb + q;
        if (!c->qwait[q])
            continue;
        if (c->qg_port[q] < 0) {
            cs->mwait[k] = wait_inc(cs->mwait[k]);
            continue;
        }
        long oslot = c->base + c->qg_port[q];
        if (rt->ou.busy[oslot] & (1u << c->qg_vc[q]))
            rt->err[c->node] |= TN_ERR_VC_REUSE;
        rt->ou.busy[oslot] |= 1u << c->qg_vc[q];
        cs->act[k] = 1;
        cs->oport[k] = (uint8_t)c->qg_port[q];
        cs->ovc[k] = (uint8_t)c->qg_vc[q];
        cs->mwait[k] = 0;
        cs->derouted += c->qg_der[q];
    }
}

/* R22.2.6: the waiting counters of the input VCs. */
static void chaos_wait_commit(chaos_cycle *c)
{
    const tn_routers *rt = c->rt;
    for (int ip = 0; ip < c->P; ip++)
        for (int v = 0; v < c->V; v++) {
            long ivc = (c->base + ip) * c->V + v;
            int waiting = rt->iu.cnt[ivc] && !c->granted[ip * c->V + v] &&
                          rt->iu.state[ivc] == TN_VC_IDLE;
            c->cs->hwait[ivc] = waiting ? wait_inc(c->cs->hwait[ivc]) : 0;
        }
}

/* R22.2.7: switch traversal of the stage-2 winners and the write port's flit; returns the
 * network ports sent on (bit j = port j+1). */
static uint32_t chaos_traverse(chaos_cycle *c, tn_link_regs *lk)
{
    tn_routers *rt = c->rt;
    tn_chaos_state *cs = c->cs;
    const int P = c->P, V = c->V, B = c->B, Q = c->Q, MQ = P, node = c->node;
    const long base = c->base, qb = c->qb;
    uint32_t sent = 0;
    for (int op = 0; op < P; op++) {
        int w = c->win[op];
        if (w < 0)
            continue;
        tn_flit f;
        int ov, tail;
        if (w == MQ) {
            long k = qb + c->rd_slot;
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
            cs->rd_ptr[node] = (uint8_t)((c->rd_slot + 1) % Q);
        } else {
            int v = c->sa1_vc[w];
            long ivc = (base + w) * V + v;
            f = *tn_iu_front(rt, ivc);
            ov = rt->iu.ovc[ivc];
            tn_iu_pop(rt, node, w, v);
            tn_link_emit_credit(lk, node, w, v);
            tail = f.tail;
            if (tail)
                rt->iu.state[ivc] = TN_VC_IDLE;
            rt->as.sa1_ptr[base + w] = (uint8_t)((v + 1) % V);
        }
        f.vc = (uint8_t)ov;
        tn_ou_send(rt, node, op, f.vc);
        tn_link_emit_flit(lk, rt->g, node, op, &f);
        if (!tn_port_is_term(rt->g, op))
            sent |= 1u << (op - 1);
        if (tail)
            rt->ou.busy[base + op] &= ~(1u << ov);
        cs->sa2_ptr[base + op] = (uint8_t)((w + 1) % (P + 1));
    }
    if (c->wr_ip >= 0) { /* into the shared queue: written at the end of the cycle */
        int ip = c->wr_ip, v = c->sa1_vc[ip];
        long ivc = (base + ip) * V + v;
        long k = qb + rt->iu.ovc[ivc];
        tn_flit f = *tn_iu_front(rt, ivc);
        tn_iu_pop(rt, node, ip, v);
        tn_link_emit_credit(lk, node, ip, v);
        if (f.tail)
            rt->iu.state[ivc] = TN_VC_IDLE;
        rt->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
        if (cs->cnt[k] >= B) {
            rt->err[node] |= TN_ERR_BUF_OVF;
        } else {
            int wr = cs->rd[k] + cs->cnt[k];
            cs->buf[k * B + (wr >= B ? wr - B : wr)] = f;
            cs->cnt[k]++;
            rt->iu.nflits[node]++;
        }
        cs->wr_ptr[node] = (uint8_t)((ip + 1) % P);
    }
    return sent;
}

void tn_chaos_router_step(tn_routers *rt, tn_chaos_state *cs, int node, long cycle,
                          tn_link_regs *lk)
{
    chaos_cycle c;
    c.rt = rt;
    c.cs = cs;
    c.node = node;
    c.P = rt->P;
    c.V = rt->V;
    c.B = rt->B;
    c.Q = cs->q;
    c.PV = c.P * c.V;
    c.nnet = 2 * rt->g->n;
    c.base = (long)node * c.P;
    c.qb = (long)node * c.Q;
    c.cur = rt->coord + (long)node * rt->g->n;
    c.x = rt->sel.rng[node];

    /* the steps of section 22.2 from the state at the start of the cycle */
    chaos_free_vcs(&c);    /* R22.2.1 */
    chaos_sw_alloc(&c);    /* R22.2.2 */
    chaos_va_queue(&c);    /* R22.2.3 */
    chaos_va_requests(&c); /* R22.2.4, R22.2.5: the requests */
    /* the commit */
    chaos_va_commit(&c);    /* R22.2.4 */
    chaos_slot_commit(&c);  /* R22.2.5 */
    chaos_queue_commit(&c); /* R22.2.3 */
    chaos_wait_commit(&c);  /* R22.2.6 */
    uint32_t sent = chaos_traverse(&c, lk); /* R22.2.7 */

    tn_router_sel_step(rt, node, cycle, sent, c.held); /* R22.2.8 */
}
