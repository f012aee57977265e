/* SPDX-License-Identifier: MIT */
/* The RTL alone, for throughput (tnlock model=off): no golden model is stepped. Each terminal
 * channel injects Bernoulli packets at the configured rate with uniform random destinations
 * (other nodes), on a VC with all its credits as section 9's source does, flit by flit as the
 * RTL returns credits; the routing header comes from the NI's rule (tn_sim_header). Each
 * ejected flit is checked: it reached its destination, packets arrive whole (head, body, tail),
 * and every packet sent is received exactly once (per-source count and sequence sum). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
#include "lock.h"

typedef struct inj {
    int in_pkt, vc, idx, len, vc_ptr, dst;
    uint32_t seq, mid;
    uint8_t quad;
    uint8_t credits[TN_MAX_V];
    long pend;            /* packets created and not yet started */
} inj;

int rtl_only(const tn_config *c, long cycles, int threads, rtlonly_result *res, char *err,
             size_t errlen)
{
    tn_rtl_params rp;
    tn_rtl_params_get(&rp);
    /* routing=gal and acor, and any traffic but uniform, are refused by lock_model_name (opts.c) */
    tn_sim *s = tn_sim_new(c, err, errlen); /* geometry and the NI's header rule only */
    if (!s)
        return -1;
    layout L;
    layout_init(&L, &rp);
    rnet net;
    const tn_geom *g = tn_sim_geom(s);
    const int nodes = g->nodes, term = g->term, V = c->vcs, B = c->buf;
    long nt = (long)nodes * term;
    inj *in = calloc((size_t)nt, sizeof *in);
    long *got = calloc((size_t)nodes, sizeof *got), *sum = calloc((size_t)nodes, sizeof *sum);
    int *rx_len = calloc((size_t)nt * (size_t)V, sizeof *rx_len); /* per ejection VC */
    if (!in || !got || !sum || !rx_len || rnet_open(&net, g, &L, c, tn_sim_acrd(s), threads)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memset(res, 0, sizeof *res);
    for (long i = 0; i < nt; i++)
        memset(in[i].credits, B, sizeof in[i].credits);
    tn_rng rng = {tn_seed_stream(c->seed, TN_STREAM_TRAFFIC, 0) | 1u};
    /* Bernoulli packet creation: probability rate / mean length per channel per cycle */
    double ppc = tn_rate_flits(c) / term / ((c->pkt_min + c->pkt_max) / 2.0);
    uint32_t thr = ppc >= 1.0 ? UINT32_MAX : (uint32_t)(ppc * 4294967296.0);
    long injected = 0, delivered = 0;
    double t0 = lk_now();
    long t;
    for (t = 0; t < cycles || injected > delivered; t++) {
        if (t > cycles + 100000L + 100L * nodes) {
            res->errors++; /* did not drain */
            break;
        }
        rnet_clear_inputs(&net);
        for (int node = 0; node < nodes; node++)
            for (int ch = 0; ch < term; ch++) {
                inj *x = &in[(long)node * term + ch];
                if (t < cycles && tn_rng_next(&rng) < thr)
                    x->pend++;
                if (!x->in_pkt && x->pend) {
                    for (int k = 0; k < V && !x->in_pkt; k++) {
                        int v = (x->vc_ptr + k) % V;
                        if (x->credits[v] != B)
                            continue;
                        int dst = (int)tn_rng_below(&rng, (uint32_t)nodes - 1);
                        dst += dst >= node;
                        int len = c->pkt_min +
                                  (int)tn_rng_below(&rng, (uint32_t)(c->pkt_max - c->pkt_min + 1));
                        uint32_t mid;
                        uint8_t quad;
                        tn_sim_header(s, node, &rng, dst, &mid, &quad);
                        x->in_pkt = 1, x->vc = v, x->idx = 0, x->len = len, x->dst = dst;
                        x->mid = mid, x->quad = quad, x->vc_ptr = (v + 1) % V;
                        x->pend--;
                        injected++;
                    }
                }
                if (!x->in_pkt || x->credits[x->vc] == 0)
                    continue;
                tn_flit f;
                memset(&f, 0, sizeof f);
                f.head = x->idx == 0;
                f.tail = x->idx == x->len - 1;
                f.vc = (uint8_t)x->vc;
                f.dst = tn_addr_of(g, x->dst);
                f.src = tn_addr_of(g, node);
                f.mid = x->mid;
                f.quad = x->quad;
                f.payload = x->seq; /* the source's packet sequence number */
                uint8_t *pv, *pc, *pf;
                long lv, lc, lf;
                rnet_inj(&net, node, ch, &pv, &lv, &pc, &lc, &pf, &lf);
                lk_set(pv, lv, 1, 1);
                lk_set(pc, lc, L.d.VW, f.vc);
                drive_flit(pf, lf, &L, &f);
                x->credits[x->vc]--;
                if (++x->idx == x->len) {
                    x->in_pkt = 0;
                    x->seq++;
                }
            }
        rnet_tick(&net);
        /* credits back to the sources and flits out of the network, at the new registers */
        for (int node = 0; node < nodes; node++) {
            long b0, b1, b2, b3, b4;
            const uint8_t *cv = rnet_bus(&net, LK_CRD_VALID, node, &b0);
            const uint8_t *cc = rnet_bus(&net, LK_CRD_VC, node, &b1);
            const uint8_t *ev = rnet_bus(&net, LK_LNK_VALID, node, &b2);
            const uint8_t *ec = rnet_bus(&net, LK_LNK_VC, node, &b3);
            const uint8_t *ef = rnet_bus(&net, LK_LNK_FLIT, node, &b4);
            for (int ch = 0; ch < term; ch++) {
                int p = tn_term_port(g, ch);
                inj *x = &in[(long)node * term + ch];
                if (lk_get(cv, b0 + p, 1))
                    x->credits[lk_get(cc, b1 + (long)p * L.d.VW, L.d.VW)]++;
                if (!lk_get(ev, b2 + p, 1))
                    continue;
                int vc = (int)lk_get(ec, b3 + (long)p * L.d.VW, L.d.VW);
                long fb = b4 + (long)p * L.d.FW;
                int head = (int)lk_get(ef, fb + L.f_lsb[LK_F_HEAD], 1);
                int tail = (int)lk_get(ef, fb + L.f_lsb[LK_F_TAIL], 1);
                uint32_t dst = (uint32_t)lk_get(ef, fb + L.f_lsb[LK_F_DST], L.f_w[LK_F_DST]);
                res->flits++;
                int *n = &rx_len[((long)node * term + ch) * V + vc];
                if (dst != tn_addr_of(g, node) || head != (*n == 0))
                    res->errors++;
                *n = tail ? 0 : *n + 1;
                if (tail) {
                    int src = tn_node_of_addr(g, (uint32_t)lk_get(ef, fb + L.f_lsb[LK_F_SRC],
                                                                      L.f_w[LK_F_SRC]));
                    got[src]++;
                    sum[src] += (long)lk_get(ef, fb + L.f_lsb[LK_F_PAYLOAD],
                                             L.f_w[LK_F_PAYLOAD] < 32 ? L.f_w[LK_F_PAYLOAD] : 32);
                    delivered++;
                }
            }
        }
    }
    res->rtl_s = lk_now() - t0;
    res->cycles = t;
    res->injected = injected;
    res->delivered = delivered;
    for (int v = 0; v < nodes; v++) {
        long n = 0, want = 0;
        for (int ch = 0; ch < term; ch++)
            n += in[(long)v * term + ch].seq;
        for (int ch = 0; ch < term; ch++) {
            long q = in[(long)v * term + ch].seq;
            want += q * (q - 1) / 2;
        }
        if (got[v] != n || (L.f_w[LK_F_PAYLOAD] >= 32 && sum[v] != want))
            res->errors++;
    }
    rnet_close(&net);
    tn_sim_free(s);
    free(in);
    free(got);
    free(sum);
    free(rx_len);
    return 0;
}
