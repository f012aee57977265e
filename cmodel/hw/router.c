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

/* The flit of input VC (ip, v) crosses to output port op on output VC ov (R6.7.3-R6.7.7); with
 * alloc its head first takes ov (R6.7.1). Shared by both pipes' traversals, inlined in each. */
static inline __attribute__((always_inline)) void
router_cross(tn_routers *r, int node, int ip, int v, int op, int ov, int alloc, tn_link_regs *lk)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const long ivc = (base + ip) * V + v;
    tn_flit f = *tn_iu_front(r, ivc);
    if (alloc) {
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
}

/* Switch traversal of a grant of output port op to input VC (ip, v); a head takes the lowest VC
 * of set (section 6.7). Inlined at both its calls (PIPE=0's step stays as fast as before). */
static inline __attribute__((always_inline)) void
router_traverse(tn_routers *r, int node, int ip, int v, int op, uint32_t set, tn_link_regs *lk)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const long ivc = (base + ip) * V + v;
    const int idle = r->iu.state[ivc] == TN_VC_IDLE;
    int ov = tn_send_ov(!idle, r->iu.ovc[ivc], set);
    router_cross(r, node, ip, v, op, ov, idle, lk);
    r->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
    r->as.sa2_ptr[base + op] = (uint8_t)((ip + 1) % P);
}

/* PIPE=1 (6.8): the masks the grant in flight puts on the allocation (R6.8.2), the traversal of
 * that grant (R6.8.4) and the registers of the grant of this cycle (R6.8.3). */
static uint32_t router_pipe_front(tn_routers *r, int node, uint32_t *taken);
static void router_pipe_mask(const tn_routers *r, const uint32_t *taken, int adaptive,
                             tn_avail *a);
static void router_pipe_go(const tn_routers *r, int node, int ip, int v, tn_req *w);
static void router_pipe_commit(tn_routers *r, int node, const int *g_vc, const int *g_op,
                               const uint32_t *g_set, uint32_t g_in, tn_link_regs *lk,
                               uint32_t *in_done_o, uint32_t *sent_o);

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
    /* PIPE=1: the input ports whose grant of the last cycle is in flight (R6.8.2) and, per output
     * port, the VC its head takes (taken); both 0 under PIPE=0 */
    uint32_t taken[TN_MAX_P];
    const uint32_t gin = pipe ? router_pipe_front(r, node, taken) : 0u;
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
        /* PIPE=1: the VC whose flit is in flight (sent, R6.8.2) requests by go alone */
        const uint32_t sent_m = ((gin >> ip) & 1u) ? 1u << r->pp.vc[base + ip] : 0u;
        const uint32_t m = r->iu.nemask[base + ip] & ~sent_m;
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
                if (pipe) /* take', atake', free' (R6.8.2) */
                    router_pipe_mask(r, taken, adaptive, &a);
                have_a = 1;
            }
            *errp |= tn_vc_req(&n, ip, &vc, &a, &q[ip * V + v]);
        }
        if (sent_m)
            router_pipe_go(r, node, ip, __builtin_ctz(sent_m), &q[ip * V + __builtin_ctz(sent_m)]);
    }
    if (!have_a) { /* only held is read below (tn_ou_avail's, from the busy flags) */
        a.held = 0;
        for (int j = 0; j < nnet; j++)
            a.held |= (r->ou.busy[base + j + 1] ? 1u : 0u) << j;
    }

    /* Two switch-allocation iterations (section 6.5, 6.6): stage 1 per input port, stage 2 per
     * output port, then traversal. Iteration 2 is for the ports iteration 1 left unmatched and
     * the requests that need no selection; it reads only the requests computed above. PIPE=1
     * (6.8): iteration 1 only, its grants registered, traversed in the next cycle. */
    uint32_t in_done = 0, out_done = 0, sent = 0;
    int g_vc[TN_MAX_P], g_op[TN_MAX_P]; /* PIPE=1: the grants of the cycle */
    uint32_t g_set[TN_MAX_P];
    uint32_t g_in = 0;
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
            if (pipe) { /* R6.8.3: registered */
                g_in |= 1u << ip;
                g_vc[ip] = win_vc[ip];
                g_op[ip] = win_op[ip];
                g_set[ip] = win_set[ip];
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
        router_pipe_commit(r, node, g_vc, g_op, g_set, g_in, lk, &in_done, &sent);

    u->in_done = in_done; /* for the caller's statistics (R17.10), not hardware */
    u->sent = sent;

    sel_step(r, node, cycle, sent, a.held);
}

/* PIPE=1 (docs/microarchitecture.md 6.8), before the requests: errc of the last cycle into err
 * (R13.3: in the model err is written now, as no rule of the cycle reads it) and the masks of the
 * grant in flight, G(t-1) (R6.8.2): taken[op], the output VC its head takes; returns the input
 * ports with a grant in flight. */
__attribute__((noinline)) static uint32_t router_pipe_front(tn_routers *r, int node,
                                                            uint32_t *taken)
{
    const int P = r->P;
    const long base = (long)node * P;
    const tn_pipe_regs *pp = &r->pp;
    r->err[node] |= pp->errc[node];
    r->pp.errc[node] = 0;
    uint32_t gin = 0;
    for (int op = 0; op < P; op++)
        taken[op] = 0;
    for (int ip = 0; ip < P; ip++) {
        if (!pp->gin[base + ip])
            continue;
        gin |= 1u << ip;
        if (pp->alloc[base + ip])
            taken[pp->op[base + ip]] |= 1u << pp->ov[base + ip];
    }
    return gin;
}

/* R6.8.2: take' = take minus taken, atake' = atake minus taken, free' from atake'. The credit
 * test of body requests, held and the selection keys are not masked. */
__attribute__((noinline)) static void router_pipe_mask(const tn_routers *r,
                                                       const uint32_t *taken, int adaptive,
                                                       tn_avail *a)
{
    for (int op = 0; op < r->P; op++) {
        a->take[op] &= ~taken[op];
        a->atake[op] &= ~taken[op];
    }
    if (!adaptive)
        return;
    a->afree = 0;
    for (int j = 0; j < 2 * r->g->n; j++)
        a->afree |= (a->atake[j + 1] ? 1u : 0u) << j;
}

/* R6.8.2: the request of input VC (ip, v) whose flit is in flight (sent): a body request for the
 * registered port iff go (the flit leaving is not a tail, a second flit is held, and the
 * registered output VC has a second credit or is terminal); no head or adaptive request. */
__attribute__((noinline)) static void router_pipe_go(const tn_routers *r, int node, int ip,
                                                     int v, tn_req *w)
{
    const long slot = (long)node * r->P + ip, ivc = slot * r->V + v;
    const int op = r->pp.op[slot], ov = r->pp.ov[slot];
    w->kind = TN_REQ_NONE;
    w->want = TN_WANT_NONE; /* statistics: a VC in flight waits for nothing */
    if (tn_iu_front(r, ivc)->tail || r->iu.cnt[ivc] < 2)
        return;
    if (!tn_port_is_term(r->g, op) && r->ou.credits[((long)node * r->P + op) * r->V + ov] < 2)
        return;
    w->kind = TN_REQ_BODY;
    w->port = (uint8_t)op;
}

/* PIPE=1's traversal of the grant registered at the last edge (R6.8.4): R6.7.1 (the head takes
 * the registered output VC iff alloc), R6.7.3-R6.7.7 as router_traverse; the pointers moved at
 * the allocation (R6.8.3). */
static void router_pipe_traverse(tn_routers *r, int node, int ip, int v, int op, int ov,
                                 int alloc, tn_link_regs *lk)
{
    router_cross(r, node, ip, v, op, ov, alloc, lk);
}

/* PIPE=1 after the allocation of cycle t: the output VC of each grant of t (R6.8.3, from S(t) and
 * the masked sets, so before any state is written), the traversal of G(t-1) in output-port order
 * (R6.8.4), then the registers at the end of t: the grant of t and the pointers it moves. */
__attribute__((noinline)) static void
router_pipe_commit(tn_routers *r, int node, const int *g_vc, const int *g_op,
                   const uint32_t *g_set, uint32_t g_in, tn_link_regs *lk, uint32_t *in_done_o,
                   uint32_t *sent_o)
{
    const int P = r->P, V = r->V;
    const long base = (long)node * P;
    const int nnet = 2 * r->g->n;
    tn_pipe_regs *pp = &r->pp;
    int g_ov[TN_MAX_P];
    uint32_t g_alloc = 0;
    for (uint32_t pm = g_in; pm; pm &= pm - 1) {
        const int ip = __builtin_ctz(pm), v = g_vc[ip];
        const long x = (base + ip) * V + v;
        if (pp->gin[base + ip] && pp->vc[base + ip] == v) /* sent: in flight, counts as ACTIVE */
            g_ov[ip] = pp->ov[base + ip];
        else if (r->iu.state[x] == TN_VC_ACTIVE)
            g_ov[ip] = r->iu.ovc[x];
        else { /* a head: the lowest VC of its masked set */
            g_ov[ip] = tn_send_ov(0, 0, g_set[ip]);
            g_alloc |= 1u << ip;
        }
    }

    int by_op[TN_MAX_P];
    uint32_t ops = 0;
    for (int ip = 0; ip < P; ip++)
        if (pp->gin[base + ip]) {
            by_op[pp->op[base + ip]] = ip;
            ops |= 1u << pp->op[base + ip];
        }
    uint32_t in_done = 0, sent = 0;
    for (; ops; ops &= ops - 1) {
        const int op = __builtin_ctz(ops), ip = by_op[op];
        const long slot = base + ip;
        router_pipe_traverse(r, node, ip, pp->vc[slot], op, pp->ov[slot], pp->alloc[slot], lk);
        in_done |= 1u << ip;
        if (op >= 1 && op <= nnet)
            sent |= 1u << (op - 1);
    }

    for (int ip = 0; ip < P; ip++) {
        const long slot = base + ip;
        const int g = (g_in >> ip) & 1u;
        pp->gin[slot] = (uint8_t)g;
        pp->alloc[slot] = (uint8_t)((g_alloc >> ip) & 1u);
        if (!g)
            continue;
        pp->vc[slot] = (uint8_t)g_vc[ip];
        pp->op[slot] = (uint8_t)g_op[ip];
        pp->ov[slot] = (uint8_t)g_ov[ip];
        r->as.sa1_ptr[slot] = (uint8_t)((g_vc[ip] + 1) % V); /* R6.7.8 at the allocation */
        r->as.sa2_ptr[base + g_op[ip]] = (uint8_t)((ip + 1) % P);
    }
    *in_done_o = in_done;
    *sent_o = sent;
}

void tn_router_sel_step(tn_routers *r, int node, long cycle, uint32_t sent, uint32_t held)
{
    sel_step(r, node, cycle, sent, held);
}
