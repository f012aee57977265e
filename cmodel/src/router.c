/* SPDX-License-Identifier: MIT */
/* Router (rtl/router/tn_router.v): one cycle of output-VC availability (output units), requests
 * (input units and route computation), two switch-allocation iterations with the output VC taken
 * by a head as it leaves, and traversal; computed from the state at the start of the cycle and
 * committed at its end (docs/microarchitecture.md section 6). It writes the link and credit
 * registers through torus.c and keeps no statistics (torus.c counts them on delivery). */
#include "tn_internal.h"

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

/* Switch traversal of a grant of output port op to input VC (ip, v); a head takes the lowest VC
 * of set (section 6.7). */
static void router_traverse(tn_sim *s, int node, int ip, int v, int op, uint32_t set)
{
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const long ivc = (base + ip) * V + v;
    tn_flit f = *tn_iu_front(s, ivc);
    int ov = tn_send_ov(s->iu.state[ivc] == TN_VC_ACTIVE, s->iu.ovc[ivc], set);
    if (s->iu.state[ivc] == TN_VC_IDLE) {
        if (s->ou.busy[base + op] & (1u << ov))
            s->router_err[node] |= TN_ERR_VC_REUSE;
        s->ou.busy[base + op] |= 1u << ov;
        s->iu.state[ivc] = TN_VC_ACTIVE;
        s->iu.oport[ivc] = (uint8_t)op;
        s->iu.ovc[ivc] = (uint8_t)ov;
    }
    tn_iu_pop(s, node, ip, v);
    tn_link_emit_credit(s, node, ip, v);
    f.vc = (uint8_t)ov;
    if ((s->cfg.routing == TN_ROUTE_VAL || s->cfg.routing == TN_ROUTE_ACOR) && f.head) /* the head carries the phase in force */
        f.phase = (uint8_t)tn_val_phase(&s->g, s->coord + (long)node * s->g.n, f.mid, f.phase);
    tn_ou_send(s, node, op, f.vc);
    tn_link_emit_flit(s, node, op, &f);
    if (f.tail) {
        s->ou.busy[base + op] &= ~(1u << ov);
        s->iu.state[ivc] = TN_VC_IDLE;
    }
    s->as.sa1_ptr[base + ip] = (uint8_t)((v + 1) % V);
    s->as.sa2_ptr[base + op] = (uint8_t)((ip + 1) % P);
}

void tn_router_step(tn_sim *s, int node, tn_router_use *u)
{
    const int P = s->P, V = s->V;
    const long base = (long)node * P;
    const int nnet = 2 * s->g.n;
    const int r = s->cfg.routing;
    const int adaptive = r == TN_ROUTE_MINAD || r == TN_ROUTE_GOAL || r == TN_ROUTE_GAL;
    tn_avail a;
    tn_ou_avail(&s->g, V, s->B, s->A, s->ou.credits + base * V, s->ou.busy + base,
                s->sel.lru_age + base, s->sel.ldsf_cnt + base, adaptive, &a);

    /* every input VC's request (section 6.4), from the state at the start of the cycle */
    const tn_node_in n = {&s->g, V, r, s->coord + (long)node * s->g.n, s->g.nbr + base,
                          s->ou.credits + base * V};
    tn_req *q = u->q; /* the caller's: its statistics read them after the step */
    uint32_t nonempty = 0;
    for (int ip = 0; ip < P; ip++) {
        uint32_t m = s->iu.nemask[base + ip];
        for (int v = 0; v < V; v++) {
            long ivc = (base + ip) * V + v;
            q[ip * V + v].kind = TN_REQ_NONE;
            if (!((m >> v) & 1u))
                continue;
            tn_vc_in vc = {s->iu.cnt[ivc], s->iu.state[ivc] == TN_VC_ACTIVE, s->iu.oport[ivc],
                           s->iu.ovc[ivc], tn_iu_front(s, ivc)};
            s->router_err[node] |= tn_vc_req(&n, ip, &vc, &a, &q[ip * V + v]);
        }
        nonempty |= (m ? 1u : 0u) << ip;
    }

    /* Two switch-allocation iterations (section 6.5, 6.6): stage 1 per input port, stage 2 per
     * output port, then traversal. Iteration 2 is for the ports iteration 1 left unmatched and
     * the requests that need no selection; it reads only the requests computed above. */
    uint32_t in_done = 0, out_done = 0, sent = 0;
    for (int it = 0; it < 2; it++) {
        int win_vc[TN_MAX_P];
        uint32_t win_set[TN_MAX_P];
        uint32_t sa2_req[TN_MAX_P] = {0};
        for (int ip = 0; ip < P; ip++) {
            if (!((nonempty >> ip) & 1u) || ((in_done >> ip) & 1u))
                continue;
            int op, v;
            const tn_req *reqs_v = &q[ip * V];
            v = it == 0 ? tn_sa_in1(reqs_v, V, s->as.sa1_ptr[base + ip], s->cfg.selection,
                                    tn_sel_rand16(s->sel.rng[node], ip), &a, &op, &win_set[ip])
                        : tn_sa_in2(reqs_v, V, s->as.sa1_ptr[base + ip], out_done, &op,
                                    &win_set[ip]);
            if (v < 0)
                continue;
            win_vc[ip] = v;
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

    u->in_done = in_done; /* for the caller's statistics (R17.10), not hardware */
    u->sent = sent;

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
