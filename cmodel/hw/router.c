/* SPDX-License-Identifier: MIT */
/* Router (rtl/router/tn_router.v): one cycle of output-VC availability (output units), requests
 * (input units and route computation), two switch-allocation iterations with the output VC taken
 * by a head as it leaves, and traversal; computed from the state at the start of the cycle and
 * committed at its end (docs/microarchitecture.md section 6). It owns the routers' state
 * (tn_routers) and writes its output and credit registers into the link registers it is given
 * (torus.c); it keeps no statistics. */
#include "tn_internal.h"

void tn_router_sel_sync(tn_routers *r, int node, long cycle)
{
    long m = cycle - r->sel.last[node];
    if (m <= 0)
        return;
    const long base = (long)node * r->P;
    for (int j = 0; j < 2 * r->g->n; j++) {
        long slot = base + j + 1;
        long age = r->sel.lru_age[slot] + m;
        r->sel.lru_age[slot] = (uint8_t)(age < TN_SEL_MAX ? age : TN_SEL_MAX);
        long cnt = r->sel.ldsf_cnt[slot];
        if (!r->ou.busy[slot]) /* held: unchanged; else -1 per cycle, floor 0 */
            r->sel.ldsf_cnt[slot] = (uint8_t)(cnt > m ? cnt - m : 0);
    }
    tn_rng rr = {r->sel.rng[node]};
    for (long i = 0; i < m; i++)
        tn_rng_next(&rr);
    r->sel.rng[node] = rr.s;
    r->sel.last[node] = cycle;
}

/* tn_router_sel_step, inlined into the router's own step */
static inline void sel_step(tn_routers *r, int node, long cycle, uint32_t sent, uint32_t held)
{
    const long base = (long)node * r->P;
    const int nnet = 2 * r->g->n;
    uint8_t *age = r->sel.lru_age + base + 1, *cnt = r->sel.ldsf_cnt + base + 1;
    for (int j = 0; j < nnet; j++) {
        int snt = (sent >> j) & 1u;
        age[j] = tn_sel_lru_age_next(age[j], snt);
        cnt[j] = tn_sel_ldsf_cnt_next(cnt[j], snt, (held >> j) & 1u);
    }
    tn_rng rr = {r->sel.rng[node]};
    r->sel.rng[node] = tn_rng_next(&rr);
    r->sel.last[node] = cycle + 1;
}

/* Switch traversal of a grant of output port op to input VC (ip, v); a head takes the lowest VC
 * of set (section 6.7). Inlined at both its calls (PIPE=0's step stays as fast as before). */
static inline __attribute__((always_inline)) void
router_traverse(tn_routers *r, int node, int ip, int v, int op, uint32_t set, tn_link_regs *lk)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const long ivc = (base + ip) * V + v;
    tn_flit f = *tn_iu_front(r, ivc);
    int ov = tn_send_ov(r->iu.state[ivc] == TN_VC_ACTIVE, r->iu.ovc[ivc], set);
    if (r->iu.state[ivc] == TN_VC_IDLE) {
        if (r->ou.busy[base + op] & (1u << ov))
            *tn_err_reg(r, node) |= TN_ERR_VC_REUSE;
        r->ou.busy[base + op] |= 1u << ov;
        r->iu.state[ivc] = TN_VC_ACTIVE;
        r->iu.oport[ivc] = (uint8_t)op;
        r->iu.ovc[ivc] = (uint8_t)ov;
    }
    tn_iu_pop(r, node, ip, v);
    tn_link_emit_credit(lk, node, ip, v);
    f.vc = (uint8_t)ov;
    if ((r->routing == TN_ROUTE_VAL || r->routing == TN_ROUTE_ACOR) && f.head) /* the head carries the phase in force */
        f.phase = (uint8_t)tn_val_phase(r->g, r->coord + (long)node * r->g->n, f.mid, f.phase);
    tn_ou_send(r, node, op, f.vc);
    tn_link_emit_flit(lk, r->g, node, op, &f);
    if (f.tail) {
        r->ou.busy[base + op] &= ~(1u << ov);
        r->iu.state[ivc] = TN_VC_IDLE;
    }
    r->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
    r->as.sa2_ptr[base + op] = (uint8_t)((ip + 1) % P);
}

/* PIPE=1's second half (6.8), after the allocation of the cycle: the re-check and traversal of
 * the grants registered at the last edge, then the registers of the grants of this cycle. */
static void router_pipe_commit(tn_routers *r, int node, const tn_req *q, const tn_avail *a,
                               int have_a, const int *g_vc, const int *g_op, uint32_t g_in,
                               uint32_t g_adapt, tn_link_regs *lk, uint32_t *in_done_o,
                               uint32_t *sent_o);

void tn_router_step(tn_routers *r, int node, long cycle, tn_link_regs *lk, tn_router_use *u)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const int nnet = 2 * r->g->n;
    const int rt = r->routing;
    const int adaptive = rt == TN_ROUTE_MINAD || rt == TN_ROUTE_GOAL || rt == TN_ROUTE_GAL;
    const int pipe = r->pipe;
    /* the error conditions of the cycle: into err, or under PIPE=1 into errc, whose last value
     * reaches err now (R13.3; in the model err is written now, as no rule of the cycle reads it) */
    uint32_t *errp = tn_err_reg(r, node);
    if (pipe) {
        r->err[node] |= *errp;
        *errp = 0;
    }
    /* what the output ports offer a head (section 6.3): only heads of IDLE VCs read it, so it is
     * computed when the first such VC is met (the same values; a router with only packets in
     * progress skips it); LDSF's `held` is read every cycle */
    tn_avail a;
    int have_a = 0;

    /* every input VC's request (section 6.4), from the state at the start of the cycle */
    const tn_node_in n = {r->g, V, rt, r->coord + (long)node * r->g->n, r->g->nbr + base,
                          r->ou.credits + base * V};
    tn_req *q = u->q; /* the caller's: its statistics read them after the step */
    uint32_t nonempty = 0; /* input ports with a flit: only their requests are read */
    for (int ip = 0; ip < P; ip++)
        nonempty |= (r->iu.nemask[base + ip] ? 1u : 0u) << ip;
    for (uint32_t pm = nonempty; pm; pm &= pm - 1) {
        const int ip = __builtin_ctz(pm);
        const uint32_t m = r->iu.nemask[base + ip];
        for (int v = 0; v < V; v++) {
            long ivc = (base + ip) * V + v;
            q[ip * V + v].kind = TN_REQ_NONE;
            if (!((m >> v) & 1u))
                continue;
            tn_vc_in vc = {r->iu.cnt[ivc], r->iu.state[ivc] == TN_VC_ACTIVE, r->iu.oport[ivc],
                           r->iu.ovc[ivc], tn_iu_front(r, ivc)};
            if (!vc.active && !have_a) {
                tn_ou_avail(r->g, V, r->B, r->A, r->ou.credits + base * V, r->ou.busy + base,
                            r->sel.lru_age + base, r->sel.ldsf_cnt + base, adaptive, &a);
                have_a = 1;
            }
            *errp |= tn_vc_req(&n, ip, &vc, &a, &q[ip * V + v]);
        }
    }
    if (!have_a) { /* only held is read below (tn_ou_avail's, from the busy flags) */
        a.held = 0;
        for (int j = 0; j < nnet; j++)
            a.held |= (r->ou.busy[base + j + 1] ? 1u : 0u) << j;
    }

    /* Two switch-allocation iterations (section 6.5, 6.6): stage 1 per input port, stage 2 per
     * output port, then traversal. Iteration 2 is for the ports iteration 1 left unmatched and
     * the requests that need no selection; it reads only the requests computed above. PIPE=1
     * (6.8): iteration 1 only, its grants registered, not traversed. */
    uint32_t in_done = 0, out_done = 0, sent = 0;
    int g_vc[TN_MAX_P], g_op[TN_MAX_P]; /* PIPE=1: the grants of the cycle */
    uint32_t g_in = 0, g_adapt = 0;
    for (int it = 0; it < 2 - pipe; it++) {
        int win_vc[TN_MAX_P];
        uint32_t win_set[TN_MAX_P];
        uint32_t sa2_req[TN_MAX_P];
        int win_op[TN_MAX_P];
        uint32_t ops = 0; /* output ports with a stage-2 request */
        for (uint32_t pm = nonempty & ~in_done; pm; pm &= pm - 1) {
            const int ip = __builtin_ctz(pm);
            int op, v;
            const tn_req *reqs_v = &q[ip * V];
            v = it == 0 ? tn_sa_in1(reqs_v, V, r->as.sa1_ptr[base + ip], r->selection,
                                    tn_sel_rand16(r->sel.rng[node], ip), &a, &op, &win_set[ip])
                        : tn_sa_in2(reqs_v, V, r->as.sa1_ptr[base + ip], out_done, &op,
                                    &win_set[ip]);
            if (v < 0)
                continue;
            win_vc[ip] = v;
            win_op[ip] = op;
            if (!((ops >> op) & 1u))
                sa2_req[op] = 0;
            ops |= 1u << op;
            sa2_req[op] |= 1u << ip;
        }
        for (; ops; ops &= ops - 1) { /* output ports in order */
            const int op = __builtin_ctz(ops);
            uint32_t rq = r->transit ? tn_sa_transit(sa2_req[op], nnet) : sa2_req[op];
            int ip = tn_sa_stage2(rq, P, r->as.sa2_ptr[base + op]);
            if (pipe) { /* R6.8.2: registered */
                g_in |= 1u << ip;
                g_vc[ip] = win_vc[ip];
                g_op[ip] = win_op[ip];
                if (q[ip * V + win_vc[ip]].kind == TN_REQ_ADAPT)
                    g_adapt |= 1u << ip;
                continue;
            }
            router_traverse(r, node, ip, win_vc[ip], op, win_set[ip], lk);
            in_done |= 1u << ip;
            out_done |= 1u << op;
            if (op >= 1 && op <= nnet) /* a network port */
                sent |= 1u << (op - 1);
        }
    }
    if (pipe)
        router_pipe_commit(r, node, q, &a, have_a, g_vc, g_op, g_in, g_adapt, lk, &in_done,
                           &sent);

    u->in_done = in_done; /* for the caller's statistics (R17.10), not hardware */
    u->sent = sent;

    sel_step(r, node, cycle, sent, a.held);
}

/* PIPE=1 (docs/microarchitecture.md 6.8): the allocation of cycle t (requests, iteration 1 with
 * the selection) was registered in r->pp by tn_router_step; in t+1 each registered grant is
 * re-checked against the registers alone (R6.8.4) and, if it holds, traversed (R6.8.5: 6.7, the
 * output VC chosen from take and atake visible in t+1). Every register is read before any is
 * written. */
__attribute__((noinline)) static void
router_pipe_commit(tn_routers *r, int node, const tn_req *q, const tn_avail *a, int have_a,
                   const int *g_vc, const int *g_op, uint32_t g_in, uint32_t g_adapt,
                   tn_link_regs *lk, uint32_t *in_done_o, uint32_t *sent_o)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const int nnet = 2 * r->g->n;
    tn_pipe_regs *pp = &r->pp;
    uint32_t nonempty = 0; /* input ports with a flit at the start of the cycle */
    for (int ip = 0; ip < P; ip++)
        nonempty |= (r->iu.nemask[base + ip] ? 1u : 0u) << ip;
    /* R6.8.4: the re-check of the grants registered in t-1, from the registers alone */
    int used_ip[TN_MAX_P]; /* [op]: the input port whose grant of op is used, -1 none */
    uint32_t used_ops = 0;
    for (int ip = 0; ip < P; ip++) {
        if (!pp->gin[base + ip])
            continue;
        const int v = pp->vc[base + ip], op = pp->op[base + ip];
        const long x = (base + ip) * V + v;
        int ok;
        if (pp->adapt[base + ip])
            ok = !pp->sent[x] && (pp->atake[base + op] & ~pp->taken[base + op]) != 0;
        else if (!pp->sent[x])
            ok = pp->body[x] ||
                 (pp->head[x] && (pp->set[x] & ~pp->taken[base + pp->port[x]]) != 0);
        else
            ok = (pp->body[x] || pp->head[x]) && pp->sentok[base + ip];
        if (ok) {
            used_ip[op] = ip;
            used_ops |= 1u << op;
        }
    }

    /* 6.7 for the grants used, in output-port order: what the registers of t+1 record of them */
    uint32_t in_done = 0, sent = 0, sentok = 0;
    uint32_t taken[TN_MAX_P] = {0};
    int sent_vc[TN_MAX_P] = {0};
    for (uint32_t om = used_ops; om; om &= om - 1) {
        const int op = __builtin_ctz(om);
        const int ip = used_ip[op], v = pp->vc[base + ip];
        const long x = (base + ip) * V + v;
        const int active = r->iu.state[x] == TN_VC_ACTIVE;
        uint32_t set = active ? 0u
                       : pp->adapt[base + ip] ? a->atake[op]
                                              : a->take[op] & q[ip * V + v].rset;
        int ov = active ? r->iu.ovc[x] : (set ? __builtin_ctz(set) : 0);
        if (!active)
            taken[op] |= 1u << ov;
        /* R6.8.5: the VC may go on in t+1 as the body behind this flit */
        const tn_flit *f = tn_iu_front(r, x);
        if (!f->tail && r->iu.cnt[x] >= 2 &&
            (tn_port_is_term(r->g, op) || r->ou.credits[(base + op) * V + ov] >= 2))
            sentok |= 1u << ip;
        router_traverse(r, node, ip, v, op, set ? set : 1u << ov, lk);
        in_done |= 1u << ip;
        sent_vc[ip] = v;
        if (op >= 1 && op <= nnet)
            sent |= 1u << (op - 1);
    }

    /* the registers at the end of the cycle (section 5, rows PIPE=1) */
    uint32_t live = g_in | in_done;
    uint32_t aop = 0;
    for (int ip = 0; ip < P; ip++) {
        const long slot = base + ip;
        pp->gin[slot] = (uint8_t)((g_in >> ip) & 1u);
        if (pp->gin[slot]) {
            pp->vc[slot] = (uint8_t)g_vc[ip];
            pp->op[slot] = (uint8_t)g_op[ip];
            pp->adapt[slot] = (uint8_t)((g_adapt >> ip) & 1u);
            if (pp->adapt[slot])
                aop |= 1u << g_op[ip];
        }
        pp->sentok[slot] = (uint8_t)((sentok >> ip) & 1u);
        pp->taken[slot] = taken[ip];
        pp->atake[slot] = have_a ? a->atake[ip] : 0u;
        for (int v = 0; v < V; v++) {
            const long x = slot * V + v;
            const tn_req *w = &q[ip * V + v];
            pp->sent[x] = (uint8_t)(((in_done >> ip) & 1u) && sent_vc[ip] == v);
            const int ne = (nonempty >> ip) & 1u; /* q is written for these ports only */
            pp->body[x] = ne && w->kind == TN_REQ_BODY;
            pp->head[x] = ne && w->kind == TN_REQ_HEAD;
            if (pp->body[x] || pp->head[x]) {
                pp->port[x] = w->port;
                live = 1;
            }
            if (pp->head[x])
                pp->set[x] = w->set;
        }
    }
    pp->aop[node] = aop;
    pp->live[node] = live != 0;

    *in_done_o = in_done;
    *sent_o = sent;
}

void tn_router_sel_step(tn_routers *r, int node, long cycle, uint32_t sent, uint32_t held)
{
    sel_step(r, node, cycle, sent, held);
}
