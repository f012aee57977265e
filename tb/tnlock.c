/* SPDX-License-Identifier: MIT */
/* tnlock: the lockstep harness. Drives the Verilated tn_torus and the golden C model with the
 * same traffic and compares, every cycle, every link and credit register, every router's state
 * of docs/microarchitecture.md section 5 and its error vector. On the first difference it stops,
 * names cycle, node, port, VC and field, reruns to write an FST of the cycles before it and a
 * GTKWave save file on that router. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "tn_internal.h"
#include "tn_rtl.h"

typedef struct layout {
    int P, V, VW, PW, IVW, CNTW, CW, AW, FW, W, EW, TERM;
    int XW;  /* routing header bits (quad, mid, phase) in ROUTING >= 2 builds, else 0 */
    int N;
    long obsw;
    long o_cnt, o_act, o_oport, o_ovc, o_cred, o_busy, o_va1, o_va2, o_sa1, o_sa2;
    long o_lru, o_ldsf, o_rng;
    int NNET;  /* network ports, 2n */
    int selst; /* the model keeps the selection state and RNG (ROUTING >= 1) */
    /* GAL network interface beside each router (tn_gal_lock_top), else gal = 0 */
    int gal, Q, NQ, JW, NCW, NHW, NTW, NDW, QD;
    long n_cnt, n_head, n_thr, n_dprev, n_rr;
} layout;

#define TN_NI_TAGW 16

typedef struct mismatch {
    long cycle;
    int node, port, vc;
    char field[32];
    uint64_t rtl, model;
    char pkt[160];
} mismatch;

typedef struct opts {
    tn_config cfg;
    long cycles;
    long window;
    int json;
    const char *waves;
    const char *rtl, *fault;
} opts;

static int clog2i(long v)
{
    int w = 0;
    while ((1L << w) < v)
        w++;
    return w;
}

static void make_layout(layout *L, const tn_rtl_params *p, const tn_geom *g)
{
    L->P = g->ports;
    L->V = p->v;
    L->VW = p->v > 1 ? clog2i(p->v) : 1;
    L->PW = clog2i(L->P);
    L->IVW = L->P * L->V > 1 ? clog2i((long)L->P * L->V) : 1;
    L->CNTW = clog2i(p->b + 1);
    L->CW = p->k > 2 ? clog2i(p->k) : 1;
    L->AW = p->n * L->CW;
    L->W = p->w;
    L->N = p->n;
    L->XW = p->routing >= 2 ? p->n + L->AW + 1 : 0;
    L->FW = p->w + 2 * L->AW + L->XW + 2;
    L->EW = 7;
    L->NNET = 2 * p->n;
    L->selst = p->routing >= 1;
    L->TERM = p->term;
    long pv = (long)L->P * L->V;
    L->o_cnt = 0;
    L->o_act = L->o_cnt + pv * L->CNTW;
    L->o_oport = L->o_act + pv;
    L->o_ovc = L->o_oport + pv * L->PW;
    L->o_cred = L->o_ovc + pv * L->VW;
    L->o_busy = L->o_cred + pv * L->CNTW;
    L->o_va1 = L->o_busy + pv;
    L->o_va2 = L->o_va1 + pv * L->VW;
    L->o_sa1 = L->o_va2 + pv * L->IVW;
    L->o_sa2 = L->o_sa1 + (long)L->P * L->VW;
    L->o_lru = L->o_sa2 + (long)L->P * L->PW;
    L->o_ldsf = L->o_lru + (long)L->NNET * 8;
    L->o_rng = L->o_ldsf + (long)L->NNET * 8;
    L->obsw = L->o_rng + 32;
    L->gal = p->gal;
    if (L->gal) {
        L->QD = p->qd;
        L->Q = 1 << p->n;
        L->NQ = L->Q * L->Q;
        L->JW = 2 * p->n;
        L->NCW = clog2i(p->qd + 1);
        L->NHW = p->qd > 1 ? clog2i(p->qd) : 1;
        L->NTW = 11;
        L->NDW = clog2i(64L * p->term + 1);
        L->n_cnt = 0;
        L->n_head = L->n_cnt + (long)L->NQ * L->NCW;
        L->n_thr = L->n_head + (long)L->NQ * L->NHW;
        L->n_dprev = L->n_thr + (long)L->Q * L->NTW;
        L->n_rr = L->n_dprev + (long)L->Q * L->NDW;
    }
}


/* ---- the RTL side: one Verilated tn_torus, or one Verilated tn_router per node wired here ---- */
typedef struct rnet {
    int routers;       /* 0: tn_torus model; 1: a tn_router per node */
    int nodes, P, TERM, VW, FW, EW;
    long obsw;
    const tn_geom *g;
    tn_rtl **r;        /* 1 or nodes instances */
    int traced;        /* instance with a waveform, -1 none */
} rnet;

static int rnet_open(rnet *n, const tn_geom *g, const layout *L, const tn_config *c)
{
    tn_rtl_params p;
    tn_rtl_params_get(&p);
    n->routers = p.top;
    n->g = g;
    n->nodes = g->nodes;
    n->P = L->P;
    n->TERM = L->TERM;
    n->VW = L->VW;
    n->FW = L->FW;
    n->EW = L->EW;
    n->obsw = L->obsw;
    n->traced = -1;
    int cnt = n->routers ? g->nodes : 1;
    n->r = calloc((size_t)cnt, sizeof *n->r);
    if (!n->r)
        return -1;
    for (int i = 0; i < cnt; i++) {
        n->r[i] = tn_rtl_new();
        tn_rtl_set(n->r[i], TN_RTL_CFG_BUF, 0, 8, (uint64_t)c->buf);
        /* GAL packets route as GOAL inside their quadrant (section 21) */
        tn_rtl_set(n->r[i], TN_RTL_CFG_ROUTE, 0, 3,
                   (uint64_t)(c->routing == TN_ROUTE_GAL ? TN_ROUTE_GOAL : c->routing));
        if (L->gal) {
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_SETS, 0, 2, (uint64_t)c->gal_sets);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_ADAPT, 0, 1, (uint64_t)c->gal_adapt);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_T, 0, L->NTW, (uint64_t)c->gal_t);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_TMIN, 0, L->NTW, (uint64_t)c->gal_tmin);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_TMAX, 0, L->NTW, (uint64_t)c->gal_tmax);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_N1, 0, 7, (uint64_t)c->gal_n1);
            tn_rtl_set(n->r[i], TN_RTL_NI_CFG_N2, 0, 20, (uint64_t)c->gal_n2);
        }
        tn_rtl_set(n->r[i], TN_RTL_CFG_SEL, 0, 3, (uint64_t)c->selection);
        tn_rtl_set(n->r[i], TN_RTL_CFG_DATELINE, 0, 1, (uint64_t)c->dateline);
        tn_rtl_set(n->r[i], TN_RTL_CFG_TRANSIT, 0, 1, (uint64_t)c->transit);
        /* tn_torus salts the global seed per node itself; a lone router gets its own seed */
        tn_rtl_set(n->r[i], TN_RTL_CFG_SEED, 0, 32,
                   n->routers ? tn_router_seed(c->seed, i) : c->seed);
        if (n->routers)
            tn_rtl_set(n->r[i], TN_RTL_COORD, 0, L->AW, tn_addr_of(g, i));
        tn_rtl_reset(n->r[i], 2);
    }
    return 0;
}

static void rnet_close(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_free(n->r[i]);
    free(n->r);
}

/* Per-node width of each network-wide bus (the tn_torus layout is node-major). */
static long node_width(const rnet *n, int port)
{
    switch (port) {
    case TN_RTL_LNK_VALID: case TN_RTL_CRD_VALID: return n->P;
    case TN_RTL_LNK_VC: case TN_RTL_CRD_VC: return (long)n->P * n->VW;
    case TN_RTL_LNK_FLIT: return (long)n->P * n->FW;
    case TN_RTL_ERR: return n->EW;
    case TN_RTL_OBS: return n->obsw;
    case TN_RTL_INJ_VALID: case TN_RTL_EJ_VALID: return n->TERM;
    case TN_RTL_INJ_VC: case TN_RTL_EJ_VC: return (long)n->TERM * n->VW;
    default: return (long)n->TERM * n->FW; /* INJ_FLIT, EJ_FLIT */
    }
}

/* Router-mode translation of a network-wide bit address. */
static tn_rtl *rnet_map(const rnet *n, int port, long lsb, int *rport, long *rlsb)
{
    long w = node_width(n, port);
    int node = (int)(lsb / w);
    long local = lsb % w;
    switch (port) {
    case TN_RTL_LNK_VALID: *rport = TN_RTL_OUT_VALID; break;
    case TN_RTL_LNK_VC: *rport = TN_RTL_OUT_VC; break;
    case TN_RTL_LNK_FLIT: *rport = TN_RTL_OUT_FLIT; break;
    case TN_RTL_CRD_VALID: *rport = TN_RTL_IN_CRD_VALID; break;
    case TN_RTL_CRD_VC: *rport = TN_RTL_IN_CRD_VC; break;
    case TN_RTL_ERR: case TN_RTL_OBS: *rport = port; break;
    default: {
        /* terminal buses: channel ch of the node is router port tn_term_port(ch) */
        long per = port == TN_RTL_INJ_VALID || port == TN_RTL_EJ_VALID ? 1
                   : port == TN_RTL_INJ_VC || port == TN_RTL_EJ_VC  ? n->VW
                                                                    : n->FW;
        int ch = (int)(local / per);
        local = (long)tn_term_port(n->g, ch) * per + local % per;
        *rport = port == TN_RTL_INJ_VALID ? TN_RTL_IN_VALID
                 : port == TN_RTL_INJ_VC  ? TN_RTL_IN_VC
                 : port == TN_RTL_INJ_FLIT ? TN_RTL_IN_FLIT
                 : port == TN_RTL_EJ_VALID ? TN_RTL_OUT_VALID
                 : port == TN_RTL_EJ_VC    ? TN_RTL_OUT_VC
                                           : TN_RTL_OUT_FLIT;
    }
    }
    *rlsb = local;
    return n->r[node];
}

static uint64_t rnet_get(rnet *n, int port, long lsb, int width)
{
    if (!n->routers)
        return tn_rtl_get(n->r[0], port, lsb, width);
    int rp;
    long rl;
    tn_rtl *r = rnet_map(n, port, lsb, &rp, &rl);
    return tn_rtl_get(r, rp, rl, width);
}

static void rnet_set(rnet *n, int port, long lsb, int width, uint64_t v)
{
    if (!n->routers) {
        tn_rtl_set(n->r[0], port, lsb, width, v);
        return;
    }
    int rp;
    long rl;
    tn_rtl *r = rnet_map(n, port, lsb, &rp, &rl);
    tn_rtl_set(r, rp, rl, width, v);
}

/* Router mode: every router input takes its neighbour's registered output (the links of
 * rtl/net/tn_torus.v); terminal inputs are cleared for the injection to set. */
static void rnet_clear_inputs(rnet *n)
{
    if (!n->routers) {
        tn_rtl_clear_inputs(n->r[0]);
        return;
    }
    const tn_geom *g = n->g;
    for (int v = 0; v < n->nodes; v++) {
        tn_rtl *r = n->r[v];
        for (int p = 0; p < n->P; p++) {
            int u = tn_port_is_term(g, p) ? -1 : g->nbr[(long)v * n->P + p];
            int q = u >= 0 ? tn_port_opposite(p) : 0;
            tn_rtl *ru = u >= 0 ? n->r[u] : NULL;
            tn_rtl_set(r, TN_RTL_IN_VALID, p, 1, ru ? tn_rtl_get(ru, TN_RTL_OUT_VALID, q, 1) : 0);
            tn_rtl_set(r, TN_RTL_IN_VC, (long)p * n->VW, n->VW,
                       ru ? tn_rtl_get(ru, TN_RTL_OUT_VC, (long)q * n->VW, n->VW) : 0);
            for (long b = 0; b < n->FW; b += 64) {
                int w = n->FW - b < 64 ? (int)(n->FW - b) : 64;
                tn_rtl_set(r, TN_RTL_IN_FLIT, (long)p * n->FW + b, w,
                           ru ? tn_rtl_get(ru, TN_RTL_OUT_FLIT, (long)q * n->FW + b, w) : 0);
            }
            tn_rtl_set(r, TN_RTL_OUT_CRD_VALID, p, 1,
                       ru ? tn_rtl_get(ru, TN_RTL_IN_CRD_VALID, q, 1) : 0);
            tn_rtl_set(r, TN_RTL_OUT_CRD_VC, (long)p * n->VW, n->VW,
                       ru ? tn_rtl_get(ru, TN_RTL_IN_CRD_VC, (long)q * n->VW, n->VW) : 0);
        }
    }
}

static void rnet_eval(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_eval(n->r[i]);
}

static void rnet_tick(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_tick(n->r[i]);
}

static int rnet_trace_open(rnet *n, int node, const char *path)
{
    n->traced = n->routers ? node : 0;
    return tn_rtl_trace_open(n->r[n->traced], path);
}

static void rnet_trace_dump(rnet *n, uint64_t time)
{
    if (n->traced >= 0)
        tn_rtl_trace_dump(n->r[n->traced], time);
}

/* ---- model side: the link and credit registers visible in the current cycle ---- */
typedef struct view {
    uint8_t *lnk_valid;  /* [node*P+port] */
    tn_flit *lnk;
    uint8_t *inj_valid;  /* [node*TERM+ch] */
    tn_flit *inj;
    uint8_t *crd_valid;  /* [node*P+port] */
    uint8_t *crd_vc;
} view;

static void view_build(view *w, const tn_sim *s)
{
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    memset(w->lnk_valid, 0, (size_t)np);
    memset(w->inj_valid, 0, (size_t)nt);
    memset(w->crd_valid, 0, (size_t)np);
    int c = s->cur;
    for (long i = 0; i < s->nlev[c]; i++) {
        const tn_link_ev *e = &s->lev[c][i];
        if (e->from_node >= 0) {
            long idx = (long)e->from_node * s->P + e->from_port;
            w->lnk_valid[idx] = 1;
            w->lnk[idx] = e->f;
        } else {
            long idx = (long)e->node * s->g.term + e->from_port;
            w->inj_valid[idx] = 1;
            w->inj[idx] = e->f;
        }
    }
    for (long i = 0; i < s->ncev[c]; i++) {
        const tn_credit_ev *e = &s->cev[c][i];
        long idx = (long)e->node * s->P + e->port;
        w->crd_valid[idx] = 1;
        w->crd_vc[idx] = e->vc;
    }
}

static void drive_injection(rnet *r, const view *w, const layout *L, const tn_sim *s)
{
    long nt = (long)s->g.nodes * s->g.term;
    rnet_clear_inputs(r);
    for (long i = 0; i < nt; i++) {
        if (!w->inj_valid[i])
            continue;
        const tn_flit *f = &w->inj[i];
        long b = i * L->FW;
        rnet_set(r, TN_RTL_INJ_VALID, i, 1, 1);
        rnet_set(r, TN_RTL_INJ_VC, i * L->VW, L->VW, f->vc);
        rnet_set(r, TN_RTL_INJ_FLIT, b, L->W, f->payload);
        rnet_set(r, TN_RTL_INJ_FLIT, b + L->W, L->AW, f->src);
        rnet_set(r, TN_RTL_INJ_FLIT, b + L->W + L->AW, L->AW, f->dst);
        if (L->XW) {
            rnet_set(r, TN_RTL_INJ_FLIT, b + L->W + 2 * L->AW, L->N, f->quad);
            rnet_set(r, TN_RTL_INJ_FLIT, b + L->W + 2 * L->AW + L->N, L->AW, f->mid);
            rnet_set(r, TN_RTL_INJ_FLIT, b + L->W + 3 * L->AW + L->N, 1, f->phase);
        }
        rnet_set(r, TN_RTL_INJ_FLIT, b + L->FW - 2, 1, f->tail);
        rnet_set(r, TN_RTL_INJ_FLIT, b + L->FW - 1, 1, f->head);
    }
}

static void describe_pkt(const tn_sim *s, const tn_flit *f, char *buf, size_t len)
{
    if (f->pkt < (uint32_t)s->n_slots) {
        const tn_packet *p = &s->pkt[f->pkt];
        snprintf(buf, len, "packet %d->%d seq %u, flit %d of %d, created %ld, injected %ld",
                 p->src, p->dst, p->seq, f->idx, p->len, p->created, p->injected);
    } else {
        snprintf(buf, len, "unknown packet");
    }
}

#define CHECK(fld, rv, mv)                                                                     \
    do {                                                                                       \
        uint64_t rv_ = (uint64_t)(rv), mv_ = (uint64_t)(mv);                                   \
        if (rv_ != mv_) {                                                                      \
            mm->node = node;                                                                   \
            mm->port = port;                                                                   \
            mm->vc = vcx;                                                                      \
            snprintf(mm->field, sizeof mm->field, "%s", fld);                                  \
            mm->rtl = rv_;                                                                     \
            mm->model = mv_;                                                                   \
            return 1;                                                                          \
        }                                                                                      \
    } while (0)

static int compare(rnet *r, const tn_sim *s, const view *w, const layout *L, mismatch *mm)
{
    const int P = L->P, V = L->V;
    mm->pkt[0] = 0;
    for (int node = 0; node < s->g.nodes; node++) {
        /* link (output) registers, ejection included */
        for (int port = 0; port < P; port++) {
            long idx = (long)node * P + port;
            int vcx = -1;
            if (port > 0 && port <= 2 * s->g.n && s->g.nbr[idx] < 0)
                continue; /* mesh edge: no link */
            int rv = (int)rnet_get(r, TN_RTL_LNK_VALID, idx, 1);
            if (w->lnk_valid[idx])
                describe_pkt(s, &w->lnk[idx], mm->pkt, sizeof mm->pkt);
            CHECK("link.valid", rv, w->lnk_valid[idx]);
            if (rv) {
                const tn_flit *f = &w->lnk[idx];
                long b = idx * L->FW;
                vcx = f->vc;
                CHECK("link.vc", rnet_get(r, TN_RTL_LNK_VC, idx * L->VW, L->VW), f->vc);
                CHECK("link.head", rnet_get(r, TN_RTL_LNK_FLIT, b + L->FW - 1, 1),
                      f->head);
                CHECK("link.tail", rnet_get(r, TN_RTL_LNK_FLIT, b + L->FW - 2, 1),
                      f->tail);
                CHECK("link.dst", rnet_get(r, TN_RTL_LNK_FLIT, b + L->W + L->AW, L->AW), f->dst);
                if (L->XW) {
                    CHECK("link.quad",
                          rnet_get(r, TN_RTL_LNK_FLIT, b + L->W + 2 * L->AW, L->N), f->quad);
                    CHECK("link.mid",
                          rnet_get(r, TN_RTL_LNK_FLIT, b + L->W + 2 * L->AW + L->N, L->AW), f->mid);
                    CHECK("link.phase",
                          rnet_get(r, TN_RTL_LNK_FLIT, b + L->W + 3 * L->AW + L->N, 1), f->phase);
                }
                CHECK("link.src", rnet_get(r, TN_RTL_LNK_FLIT, b + L->W, L->AW), f->src);
                CHECK("link.payload", rnet_get(r, TN_RTL_LNK_FLIT, b, L->W), f->payload);
            }
            mm->pkt[0] = 0;
            vcx = -1;
            rv = (int)rnet_get(r, TN_RTL_CRD_VALID, idx, 1);
            CHECK("credit.valid", rv, w->crd_valid[idx]);
            if (rv)
                CHECK("credit.vc", rnet_get(r, TN_RTL_CRD_VC, idx * L->VW, L->VW),
                      w->crd_vc[idx]);
        }
        /* router state */
        long ob = (long)node * L->obsw;
        for (int port = 0; port < P; port++) {
            long slot = (long)node * P + port;
            int vcx = -1;
            for (vcx = 0; vcx < V; vcx++) {
                long i = (long)port * V + vcx, ivc = slot * V + vcx;
                int act = (int)rnet_get(r, TN_RTL_OBS, ob + L->o_act + i, 1);
                CHECK("in.cnt", rnet_get(r, TN_RTL_OBS, ob + L->o_cnt + i * L->CNTW, L->CNTW),
                      s->iu.cnt[ivc]);
                CHECK("in.state", act, s->iu.state[ivc]);
                if (act) {
                    CHECK("in.oport",
                          rnet_get(r, TN_RTL_OBS, ob + L->o_oport + i * L->PW, L->PW),
                          s->iu.oport[ivc]);
                    CHECK("in.ovc", rnet_get(r, TN_RTL_OBS, ob + L->o_ovc + i * L->VW, L->VW),
                          s->iu.ovc[ivc]);
                }
                CHECK("out.credits",
                      rnet_get(r, TN_RTL_OBS, ob + L->o_cred + i * L->CNTW, L->CNTW),
                      s->ou.credits[ivc]);
                CHECK("out.busy", rnet_get(r, TN_RTL_OBS, ob + L->o_busy + i, 1),
                      (s->ou.busy[slot] >> vcx) & 1u);
                CHECK("va1_ptr", rnet_get(r, TN_RTL_OBS, ob + L->o_va1 + i * L->VW, L->VW),
                      s->as.va1_ptr[ivc]);
                CHECK("va2_ptr", rnet_get(r, TN_RTL_OBS, ob + L->o_va2 + i * L->IVW, L->IVW),
                      s->as.va2_ptr[ivc]);
            }
            vcx = -1;
            CHECK("sa1_ptr", rnet_get(r, TN_RTL_OBS, ob + L->o_sa1 + port * L->VW, L->VW),
                  s->as.sa1_ptr[slot]);
            CHECK("sa2_ptr", rnet_get(r, TN_RTL_OBS, ob + L->o_sa2 + port * L->PW, L->PW),
                  s->as.sa2_ptr[slot]);
        }
        for (int j = 0; L->selst && j < L->NNET; j++) {
            long slot = (long)node * P + j + 1;
            int port = j + 1, vcx = -1;
            CHECK("lru_age", rnet_get(r, TN_RTL_OBS, ob + L->o_lru + j * 8, 8),
                  s->sel.lru_age[slot]);
            CHECK("ldsf_cnt", rnet_get(r, TN_RTL_OBS, ob + L->o_ldsf + j * 8, 8),
                  s->sel.ldsf_cnt[slot]);
        }
        int port = -1, vcx = -1;
        if (L->selst)
            CHECK("rng", rnet_get(r, TN_RTL_OBS, ob + L->o_rng, 32), s->sel.rng[node]);
        CHECK("err", rnet_get(r, TN_RTL_ERR, (long)node * L->EW, L->EW), s->router_err[node]);
        CHECK("err.rtl_nonzero", rnet_get(r, TN_RTL_ERR, (long)node * L->EW, L->EW), 0);
    }
    return 0;
}

/* ---- GAL network interface (rtr mode with tn_gal_lock_top): one per node ---- */
static void ni_mismatch(mismatch *mm, int node, int idx, const char *field, uint64_t rv,
                        uint64_t mv)
{
    mm->node = node;
    mm->port = idx;
    mm->vc = -1;
    snprintf(mm->field, sizeof mm->field, "%s", field);
    mm->rtl = rv;
    mm->model = mv;
    mm->pkt[0] = 0;
}

#define NI_CHECK(fld, idx, rv, mv)                                                             \
    do {                                                                                       \
        uint64_t rv_ = (uint64_t)(rv), mv_ = (uint64_t)(mv);                                   \
        if (rv_ != mv_) {                                                                      \
            ni_mismatch(mm, node, idx, fld, rv_, mv_);                                         \
            return 1;                                                                          \
        }                                                                                      \
    } while (0)

/* The NI registers at the start of the cycle against the model's: queue counts and heads of the
 * active queues, thresholds and last drained counts of the active sets, sender pointers. */
static int ni_compare_state(rnet *r, const tn_sim *s, const layout *L, mismatch *mm)
{
    const tn_gal_ni *g = &s->gal;
    const int nq = g->sets * g->quads, term = s->g.term;
    for (int node = 0; node < s->g.nodes; node++) {
        tn_rtl *x = r->r[node];
        for (int j = 0; j < nq; j++) {
            long k = (long)node * nq + j;
            NI_CHECK("ni.cnt", j, tn_rtl_get(x, TN_RTL_NI_OBS, L->n_cnt + (long)j * L->NCW, L->NCW),
                     g->cnt[k]);
            if (L->QD > 1)
                NI_CHECK("ni.head", j,
                         tn_rtl_get(x, TN_RTL_NI_OBS, L->n_head + (long)j * L->NHW, L->NHW),
                         g->head[k]);
        }
        for (int st = 0; st < g->sets; st++) {
            long k = (long)node * g->sets + st;
            NI_CHECK("ni.thr", st,
                     tn_rtl_get(x, TN_RTL_NI_OBS, L->n_thr + (long)st * L->NTW, L->NTW), g->thr[k]);
            NI_CHECK("ni.dprev", st,
                     tn_rtl_get(x, TN_RTL_NI_OBS, L->n_dprev + (long)st * L->NDW, L->NDW),
                     g->dprev[k]);
        }
        for (int e = 0; e < term; e++)
            NI_CHECK("ni.rr", e, tn_rtl_get(x, TN_RTL_NI_OBS, L->n_rr + (long)e * L->JW, L->JW),
                     g->rr[(long)node * term + e]);
    }
    return 0;
}

/* Before the model's step: which senders may start a packet this cycle (section 9: no packet
 * being sent and a VC with all credits), and the node's queued-packet count (the next tag). */
static void ni_capture(const tn_sim *s, uint8_t *ready, uint32_t *ntag)
{
    const int term = s->g.term;
    for (int node = 0; node < s->g.nodes; node++) {
        ntag[node] = s->gal.ntag[node];
        for (int e = 0; e < term; e++) {
            const tn_source *src = &s->src[(long)node * term + e];
            int any = 0;
            for (int v = 0; v < s->V; v++)
                any |= src->credits[v] == s->B;
            ready[(long)node * term + e] = (uint8_t)(!src->in_pkt && any);
        }
    }
}

/* After the model's step of cycle t: drive the NI inputs of cycle t (the packets the model's
 * injection units were offered, the senders' readiness captured before the step), settle, and
 * compare the NI's decisions with the model's. */
static int ni_drive_compare(rnet *r, const tn_sim *s, const layout *L, const uint8_t *ready,
                            const uint32_t *ntag, mismatch *mm)
{
    const int term = s->g.term, AW = L->AW;
    for (int node = 0; node < s->g.nodes; node++) {
        tn_rtl *x = r->r[node];
        uint32_t tag = ntag[node];
        for (int e = 0; e < term; e++) {
            const tn_source *src = &s->src[(long)node * term + e];
            tn_rtl_set(x, TN_RTL_NI_SRC_VALID, e, 1, src->gal_offer);
            tn_rtl_set(x, TN_RTL_NI_SRC_DST, (long)e * AW, AW,
                       src->gal_offer ? (uint64_t)tn_addr_of(&s->g, src->gal_offer_dst) : 0);
            tn_rtl_set(x, TN_RTL_NI_SRC_TAG, (long)e * TN_NI_TAGW, TN_NI_TAGW, tag & 0xffffu);
            tag += src->gal_took;
            tn_rtl_set(x, TN_RTL_NI_SND_READY, e, 1, ready[(long)node * term + e]);
        }
        tn_rtl_eval(x);
        for (int e = 0; e < term; e++) {
            const tn_source *src = &s->src[(long)node * term + e];
            int take = (int)tn_rtl_get(x, TN_RTL_NI_SRC_TAKE, e, 1);
            NI_CHECK("ni.src_take", e, take, src->gal_took);
            if (take)
                NI_CHECK("ni.src_queue", e,
                         tn_rtl_get(x, TN_RTL_NI_SRC_QUEUE, (long)e * L->JW, L->JW),
                         src->gal_enq_q);
            int go = (int)tn_rtl_get(x, TN_RTL_NI_SND_VALID, e, 1);
            NI_CHECK("ni.snd_valid", e, go, src->gal_dep_q >= 0);
            if (go) {
                const tn_packet *p = &s->pkt[src->pkt];
                NI_CHECK("ni.snd_tag", e,
                         tn_rtl_get(x, TN_RTL_NI_SND_TAG, (long)e * TN_NI_TAGW, TN_NI_TAGW),
                         src->gal_dep_tag & 0xffffu);
                NI_CHECK("ni.snd_dst", e, tn_rtl_get(x, TN_RTL_NI_SND_DST, (long)e * AW, AW),
                         tn_addr_of(&s->g, p->dst));
                NI_CHECK("ni.snd_quad", e,
                         tn_rtl_get(x, TN_RTL_NI_SND_QUAD, (long)e * L->N, L->N), p->quad);
            }
        }
    }
    return 0;
}

typedef struct run_result {
    long cycles;
    int mismatch;
    mismatch mm;
    double rtl_s, model_s;
    long delivered, injected, flits_ejected;
    long check_errors;
    int drained;
    int deadlocked; /* the watchdog stopped the run (RTL and model equally stuck) */
} run_result;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One lockstep run; trace_lo/hi >= 0 writes an FST of those cycles to fst. */
static int lockstep(const opts *o, long trace_lo, long trace_hi, const char *fst, int trace_node,
                    run_result *res)
{
    char err[TN_ERRLEN];
    tn_rtl_params rp;
    tn_rtl_params_get(&rp);
    tn_sim *s = tn_sim_new(&o->cfg, err, sizeof err);
    if (!s) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return 2;
    }
    layout L;
    make_layout(&L, &rp, &s->g);
    rnet net, *r = &net;
    if (rnet_open(r, &s->g, &L, &o->cfg)) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    view w;
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    w.lnk_valid = calloc((size_t)np, 1);
    w.lnk = calloc((size_t)np, sizeof(tn_flit));
    w.inj_valid = calloc((size_t)nt, 1);
    w.inj = calloc((size_t)nt, sizeof(tn_flit));
    w.crd_valid = calloc((size_t)np, 1);
    w.crd_vc = calloc((size_t)np, 1);
    if (!w.lnk_valid || !w.lnk || !w.inj_valid || !w.inj || !w.crd_valid || !w.crd_vc) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    memset(res, 0, sizeof *res);
    if (fst && rnet_trace_open(r, trace_node, fst)) {
        fprintf(stderr, "tnlock: error: cannot write waveform '%s'\n", fst);
        fst = NULL;
    }
    long limit = o->cycles + 100000L + 100L * s->g.nodes * s->P;
    int rc = 0;
    uint8_t *ni_ready = L.gal ? calloc((size_t)nt, 1) : NULL;
    uint32_t *ni_ntag = L.gal ? calloc((size_t)s->g.nodes, sizeof *ni_ntag) : NULL;
    if (L.gal && (!ni_ready || !ni_ntag)) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    for (long t = 0; t < limit; t++) {
        if (t == o->cycles)
            s->gen_stop = 1; /* stop starting packets; drain */
        if (t >= o->cycles && s->in_flight == 0 && s->nlev[s->cur] == 0 && s->ncev[s->cur] == 0)
            break;
        view_build(&w, s);
        double t0 = now_s();
        drive_injection(r, &w, &L, s);
        rnet_eval(r);
        if (fst && t >= trace_lo && t <= trace_hi)
            rnet_trace_dump(r, (uint64_t)(2 * t));
        double t1 = now_s();
        res->rtl_s += t1 - t0;
        for (long i = 0; i < nt; i++)
            res->flits_ejected += (long)rnet_get(r, TN_RTL_EJ_VALID, i, 1);
        for (int v = 0; v < s->g.nodes; v++)
            tn_router_sel_sync(s, v); /* routers the model skipped: state of cycle t */
        if (compare(r, s, &w, &L, &res->mm) || (L.gal && ni_compare_state(r, s, &L, &res->mm))) {
            res->mm.cycle = t;
            res->mismatch = 1;
            res->cycles = t;
            rc = 1;
            if (!fst)
                break;
        }
        if (fst && t > trace_hi)
            break;
        if (s->deadlocked) {
            fprintf(stderr, "tnlock: %s (the RTL, in lockstep, is stuck the same way)\n",
                    tn_sim_deadlock_report(s));
            res->deadlocked = 1;
            break;
        }
        if (L.gal)
            ni_capture(s, ni_ready, ni_ntag);
        double t2 = now_s();
        tn_sim_step(s);
        double t3 = now_s();
        res->model_s += t3 - t2;
        if (L.gal && ni_drive_compare(r, s, &L, ni_ready, ni_ntag, &res->mm)) {
            res->mm.cycle = t;
            res->mismatch = 1;
            res->cycles = t;
            rc = 1;
            if (!fst)
                break;
        }
        rnet_tick(r);
        if (fst && t + 1 >= trace_lo && t + 1 <= trace_hi)
            rnet_trace_dump(r, (uint64_t)(2 * t + 1));
        res->rtl_s += now_s() - t3;
        res->cycles = t + 1;
        if (rc)
            break;
    }
    res->drained = s->in_flight == 0;
    res->delivered = s->delivered;
    res->injected = s->injected;
    res->check_errors = s->check_errors;
    rnet_close(r);
    tn_sim_free(s);
    free(ni_ready);
    free(ni_ntag);
    free(w.lnk_valid);
    free(w.lnk);
    free(w.inj_valid);
    free(w.inj);
    free(w.crd_valid);
    free(w.crd_vc);
    return rc;
}

static void write_gtkw(const char *path, const char *fst, int node, long cycle, int router_top,
                       const layout *L)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    long P = L->P, PV = (long)L->P * L->V;
    struct { const char *name; long width; } sigs[] = {
        {"clk_i", 1}, {"rst_i", 1}, {"coord_i", L->AW}, {"err_o", L->EW},
        {"in_valid_i", P}, {"in_vc_i", P * L->VW}, {"in_flit_i", P * L->FW},
        {"in_crd_valid_o", P}, {"in_crd_vc_o", P * L->VW}, {"va_req", PV}, {"va_gnt", PV},
        {"sa_req", PV}, {"sa_in_gnt", P}, {"sa_out_gnt", P}, {"sa_out_ip", P * L->PW},
        {"out_valid_o", P}, {"out_vc_o", P * L->VW}, {"out_flit_o", P * L->FW},
        {"out_crd_valid_i", P}, {"out_crd_vc_i", P * L->VW}, {"va1_ptr_q", PV * L->VW},
        {"va2_ptr_q", PV * L->IVW}, {"sa1_ptr_q", P * L->VW}, {"sa2_ptr_q", P * L->PW}};
    fprintf(f, "[dumpfile] \"%s\"\n", fst);
    fprintf(f, "[timestart] %ld\n", cycle > 20 ? 2 * (cycle - 20) : 0);
    fprintf(f, "[markertime] %ld\n", 2 * cycle);
    fprintf(f, "@200\n-router %d, cycle %ld (time = 2 x cycle)\n@22\n", node, cycle);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char range[32] = "";
        if (sigs[i].width > 1)
            snprintf(range, sizeof range, "[%ld:0]", sigs[i].width - 1);
        if (router_top && L->gal)
            fprintf(f, "TOP.tn_gal_lock_top.tn_router.%s%s\n", sigs[i].name, range);
        else if (router_top)
            fprintf(f, "TOP.tn_router.%s%s\n", sigs[i].name, range);
        else
            fprintf(f, "TOP.tn_torus.g_node[%d].u_router.%s%s\n", node, sigs[i].name, range);
    }
    fclose(f);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tnlock key=value ... [--config FILE] [--json]\n"
               "  the keys of tnsim, plus cycles=N (lockstep cycles before the drain, default "
               "warmup+measure), window=N (waveform cycles before a mismatch, default 300), "
               "waves=DIR (default build/waves)\n");
}

static int parse(opts *o, int argc, char **argv)
{
    char err[TN_ERRLEN];
    tn_config_default(&o->cfg);
    o->cfg.k = 4; /* the board's 4x4 torus */
    o->cfg.warmup = 200;
    o->cfg.measure = 2000;
    o->cycles = -1;
    o->window = 300;
    o->waves = "build/waves";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--json")) {
            o->json = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(a, "--config")) {
            if (i + 1 >= argc || tn_config_load(&o->cfg, argv[++i], err, sizeof err)) {
                fprintf(stderr, "tnlock: error: %s\n", i < argc ? err : "--config needs a FILE");
                return -1;
            }
            continue;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a) {
            fprintf(stderr, "tnlock: error: argument '%s' is not key=value\n", a);
            return -1;
        }
        char key[64];
        size_t kl = (size_t)(eq - a);
        if (kl >= sizeof key) {
            fprintf(stderr, "tnlock: error: key too long\n");
            return -1;
        }
        memcpy(key, a, kl);
        key[kl] = 0;
        const char *v = eq + 1;
        if (!strcmp(key, "cycles") || !strcmp(key, "window")) {
            char *end;
            long x = strtol(v, &end, 10);
            if (end == v || *end || x < 1 || x > 100000000L) {
                fprintf(stderr, "tnlock: error: key '%s': value '%s' is not allowed; allowed: "
                                "1..100000000\n", key, v);
                return -1;
            }
            if (!strcmp(key, "cycles"))
                o->cycles = x;
            else
                o->window = x;
        } else if (!strcmp(key, "waves")) {
            o->waves = v;
        } else if (!strcmp(key, "rtl") || !strcmp(key, "fault")) {
            /* chosen by build/bin/tnlock; checked against this model below */
            if (!strcmp(key, "rtl"))
                o->rtl = v;
            else
                o->fault = v;
        } else if (tn_config_set(&o->cfg, key, v, err, sizeof err)) {
            fprintf(stderr, "tnlock: error: %s\n", err);
            return -1;
        }
    }
    if (o->cycles < 0)
        o->cycles = o->cfg.warmup + o->cfg.measure;
    if (tn_config_check(&o->cfg, err, sizeof err)) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return -1;
    }
    tn_rtl_params p;
    tn_rtl_params_get(&p);
    struct { const char *key; int want, have; } m[] = {
        {"k", p.k, o->cfg.k}, {"n", p.n, o->cfg.n}, {"vcs", p.v, o->cfg.vcs},
        {"term", p.term, o->cfg.term}, {"topo", p.topo, o->cfg.topo},
        {"flitw", p.w, o->cfg.flitw}};
    if (o->cfg.routing == TN_ROUTE_GAL && !p.gal) {
        fprintf(stderr, "tnlock: error: key 'routing': value 'gal' needs the model with the GAL "
                        "network interface (rtl=rtr, built as TOP_..._gal); allowed here: %s\n",
                p.routing >= 3 ? "dor minad val goal" : p.routing ? "dor minad" : "dor");
        return -1;
    }
    if (p.gal && o->cfg.routing != TN_ROUTE_GAL) {
        fprintf(stderr, "tnlock: error: key 'routing': value '%s' is not allowed with the GAL "
                        "model; allowed: gal\n", tn_routing_name(o->cfg.routing));
        return -1;
    }
    if (p.gal && o->cfg.gal_sets == TN_GAL_SDST) {
        fprintf(stderr, "tnlock: error: key 'gal_sets': value 'dst' is C-only (one set per "
                        "destination); allowed in the RTL: 1 2 dir\n");
        return -1;
    }
    if (p.gal && o->cfg.gal_qdepth != p.qd) {
        fprintf(stderr, "tnlock: error: key 'gal_qdepth': value %d differs from this model's "
                        "queue depth; allowed: %d\n", o->cfg.gal_qdepth, p.qd);
        return -1;
    }
    if (o->cfg.routing != TN_ROUTE_GAL && o->cfg.routing > p.routing) {
        fprintf(stderr, "tnlock: error: key 'routing': value '%s' is not built into this Verilated "
                        "model (parameter ROUTING=%d, vcs=%d; models with vcs >= 4 have dor "
                        "minad val goal, vcs = 3 dor minad); allowed: %s\n",
                tn_routing_name(o->cfg.routing), p.routing, p.v,
                p.routing >= 3 ? "dor minad val goal" : p.routing ? "dor minad" : "dor");
        return -1;
    }
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (m[i].want != m[i].have) {
            fprintf(stderr, "tnlock: error: key '%s': value %d differs from this Verilated model's "
                            "%d (k=%d n=%d vcs=%d buf<=%d flitw=%d term=%d topo=%d)\n",
                    m[i].key, m[i].have, m[i].want, p.k, p.n, p.v, p.b, p.w, p.term, p.topo);
            return -1;
        }
    const char *top = p.top ? "rtr" : "net";
    if (o->rtl && strcmp(o->rtl, top)) {
        fprintf(stderr, "tnlock: error: key 'rtl': value '%s' differs from this model's '%s'; "
                        "allowed: net rtr\n", o->rtl, top);
        return -1;
    }
    if (o->fault && strcmp(o->fault, p.fault)) {
        fprintf(stderr, "tnlock: error: key 'fault': value '%s' differs from this model's '%s'\n",
                o->fault, p.fault);
        return -1;
    }
    if (o->cfg.buf > p.b) {
        fprintf(stderr, "tnlock: error: key 'buf': value %d is above this model's capacity; "
                        "allowed: 1..%d\n", o->cfg.buf, p.b);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    memset(&o, 0, sizeof o);
    if (parse(&o, argc, argv))
        return 2;
    run_result res;
    int rc = lockstep(&o, -1, -1, NULL, -1, &res);
    if (rc == 2)
        return 2;
    tn_rtl_params rp;
    tn_rtl_params_get(&rp);
    if (rc == 1) {
        const mismatch *m = &res.mm;
        char fst[512], gtkw[512];
        mkdir("build", 0777);
        mkdir(o.waves, 0777);
        snprintf(fst, sizeof fst, "%s/tnlock.fst", o.waves);
        snprintf(gtkw, sizeof gtkw, "%s/tnlock.gtkw", o.waves);
        long lo = m->cycle > o.window ? m->cycle - o.window : 0;
        run_result again;
        lockstep(&o, lo, m->cycle + 2, fst, m->node, &again);
        {
            char err[TN_ERRLEN];
            tn_sim *s = tn_sim_new(&o.cfg, err, sizeof err);
            layout L;
            make_layout(&L, &rp, &s->g);
            tn_sim_free(s);
            write_gtkw(gtkw, fst, m->node, m->cycle, rp.top, &L);
        }
        printf("tnlock: MISMATCH at cycle %ld, node %d, port %d, vc %d, field %s: rtl %llu (0x%llx), "
               "model %llu (0x%llx)%s%s\n",
               m->cycle, m->node, m->port, m->vc, m->field, (unsigned long long)m->rtl,
               (unsigned long long)m->rtl, (unsigned long long)m->model,
               (unsigned long long)m->model, m->pkt[0] ? "; " : "", m->pkt);
        printf("tnlock: waveform %s (cycles %ld..%ld), GTKWave save file %s (make waves)\n", fst,
               lo, m->cycle + 2, gtkw);
        if (o.json)
            printf("{\"mismatch\": true, \"cycle\": %ld, \"node\": %d, \"port\": %d, \"vc\": %d, "
                   "\"field\": \"%s\", \"rtl\": %llu, \"model\": %llu}\n",
                   m->cycle, m->node, m->port, m->vc, m->field, (unsigned long long)m->rtl,
                   (unsigned long long)m->model);
        return 1;
    }
    int ok = res.drained && res.check_errors == 0 && res.injected == res.delivered;
    double rtl_cps = res.rtl_s > 0 ? (double)res.cycles / res.rtl_s : 0;
    double mod_cps = res.model_s > 0 ? (double)res.cycles / res.model_s : 0;
    if (o.json) {
        printf("{\"mismatch\": false, \"cycles\": %ld, \"packets_injected\": %ld, "
               "\"packets_delivered\": %ld, \"flits_ejected\": %ld, \"check_errors\": %ld, "
               "\"drained\": %s, \"deadlocked\": %s, \"rtl_cycles_per_second\": %.1f, "
               "\"model_cycles_per_second\": %.1f, \"fault\": \"%s\"}\n",
               res.cycles, res.injected, res.delivered, res.flits_ejected, res.check_errors,
               res.drained ? "true" : "false", res.deadlocked ? "true" : "false", rtl_cps, mod_cps,
               rp.fault);
    } else {
        printf("tnlock: %d-ary %d-cube %s vcs=%d buf=%d pkt=%d-%d traffic=%s load=%.3f seed=%u\n",
               o.cfg.k, o.cfg.n, tn_topo_name(o.cfg.topo), o.cfg.vcs, o.cfg.buf, o.cfg.pkt_min,
               o.cfg.pkt_max, tn_traffic_name(o.cfg.traffic), o.cfg.load, o.cfg.seed);
        printf("  %ld cycles compared, 0 mismatches (every link, credit, VC state, credit "
               "counter, pointer, selection state, RNG, error vector%s)\n", res.cycles,
               rp.gal ? "; GAL NI: queue counts and heads, thresholds, drained counts, sender "
                        "pointers, every enqueue and departure" : "");
        printf("  %ld packets injected, %ld delivered (%ld flits ejected by the RTL), %ld "
               "integrity errors; per-packet latency equal in both (ejection links equal every "
               "cycle)\n", res.injected, res.delivered, res.flits_ejected, res.check_errors);
        printf("  speed: RTL %.0f cycles/s, C model %.0f cycles/s\n", rtl_cps, mod_cps);
    }
    return ok ? 0 : 1;
}
