/* SPDX-License-Identifier: MIT */
/* The RTL side: one Verilated tn_torus, or one Verilated tn_router (or tn_gal_lock_top,
 * tn_acor_lock_top) per node
 * wired here as rtl/net/tn_torus.v wires them. Ports are reached as bytes (tn_rtl_port), once
 * per bus and node, never bit by bit. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "lock.h"

#define RNET_MAXT 8

/* Router mode with threads > 1: worker w ticks the models of its contiguous share of the nodes
 * while the main thread ticks share 0. A tick is one fork and one join: the main thread bumps
 * gen (release: the inputs it wrote are visible); every thread ticks its share and counts itself
 * into ticked; when all have, each wires its share's inputs for the next cycle from the
 * neighbours' new outputs (rnet_clear_inputs then has nothing left to do) and the workers count
 * themselves into done (release: outputs and inputs visible to the main thread's acquire).
 * Workers spin, yielding now and then, so a busy machine is not starved; a thread per core at
 * most (opts.c). */
struct rnet_worker {
    struct rnet_pool *p;
    int id;
};
struct rnet_pool {
    rnet *n;
    int threads;
    pthread_t th[RNET_MAXT];
    struct rnet_worker w[RNET_MAXT];
    atomic_uint gen;
    atomic_int ticked;
    atomic_int done;
    atomic_int quit;
};

/* Overlap: one more thread that runs rnet_tick when the generation counter moves (release:
 * the RTL's inputs, driven by the main thread), and publishes done = that generation (release:
 * the RTL's new state, read by the main thread after its acquire in rnet_tick_wait). */
struct rnet_ovl {
    rnet *n;
    pthread_t th;
    atomic_uint gen;
    atomic_uint done;
    atomic_int quit;
    double rtl_s;
};

static uint8_t *port(tn_rtl *r, int p) { return tn_rtl_port(r, p, NULL); }
static int wires_open(rnet *n);

/* The port of a compared bus (enum lk_bus): tn_torus's per-node buses, or a router's own. */
static int bus_port(const rnet *n, int bus)
{
    static const int net_port[] = {TN_RTL_LNK_VALID, TN_RTL_LNK_VC, TN_RTL_LNK_FLIT,
                                   TN_RTL_CRD_VALID, TN_RTL_CRD_VC, TN_RTL_OBS, TN_RTL_ERR};
    static const int rtr_port[] = {TN_RTL_OUT_VALID, TN_RTL_OUT_VC, TN_RTL_OUT_FLIT,
                                   TN_RTL_IN_CRD_VALID, TN_RTL_IN_CRD_VC, TN_RTL_OBS, TN_RTL_ERR};
    return n->routers ? rtr_port[bus] : net_port[bus];
}

static void wire_copy(const lk_wire *x);

static void spin_pause(int *spins)
{
    if (++*spins >= 1024) {
        sched_yield();
        *spins = 0;
    }
}

/* Thread id's share: tick its nodes, wait for every share to be ticked, wire its nodes' inputs
 * (n->wire lists them node-major, nwire / nodes per node). */
static void tick_share(struct rnet_pool *p, int id)
{
    rnet *n = p->n;
    int lo = (int)((long)n->nodes * id / p->threads), hi = (int)((long)n->nodes * (id + 1) / p->threads);
    for (int i = lo; i < hi; i++)
        tn_rtl_tick(n->r[i]);
    atomic_fetch_add_explicit(&p->ticked, 1, memory_order_acq_rel);
    int spins = 0;
    while (atomic_load_explicit(&p->ticked, memory_order_acquire) != p->threads)
        spin_pause(&spins);
    int per = n->nwire / n->nodes;
    for (int i = lo * per; i < hi * per; i++)
        wire_copy(&n->wire[i]);
}

/* A worker's wait: spin until the generation counter moves past seen (acquire: what the main
 * thread wrote before its release is visible); returns the new generation. */
static unsigned wait_gen(atomic_uint *gen, unsigned seen)
{
    unsigned g;
    int spins = 0;
    while ((g = atomic_load_explicit(gen, memory_order_acquire)) == seen)
        spin_pause(&spins);
    return g;
}

static void *worker(void *arg)
{
    struct rnet_worker *w = arg;
    struct rnet_pool *p = w->p;
    unsigned seen = 0;
    for (;;) {
        seen = wait_gen(&p->gen, seen);
        if (atomic_load_explicit(&p->quit, memory_order_relaxed))
            return NULL;
        tick_share(p, w->id);
        atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
    }
}

static int pool_open(rnet *n, int threads)
{
    struct rnet_pool *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->n = n;
    p->threads = threads;
    atomic_init(&p->gen, 0u);
    atomic_init(&p->ticked, 0);
    atomic_init(&p->done, 0);
    atomic_init(&p->quit, 0);
    n->pool = p;
    for (int i = 1; i < threads; i++) {
        p->w[i].p = p;
        p->w[i].id = i;
        if (pthread_create(&p->th[i], NULL, worker, &p->w[i])) {
            p->threads = i; /* the ones started are stopped by rnet_close */
            return -1;
        }
    }
    return 0;
}

static void pool_close(rnet *n)
{
    struct rnet_pool *p = n->pool;
    if (!p)
        return;
    atomic_store_explicit(&p->quit, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&p->gen, 1u, memory_order_release);
    for (int i = 1; i < p->threads; i++)
        pthread_join(p->th[i], NULL);
    free(p);
    n->pool = NULL;
    n->prewired = 0;
}

int rnet_open(rnet *n, const tn_geom *g, const layout *L, const tn_config *c, int acrd, int threads)
{
    const tn_dims *d = &L->d;
    n->routers = L->top;
    n->g = g;
    n->L = L;
    n->nodes = g->nodes;
    n->traced = -1;
    n->wire = NULL;
    n->nwire = 0;
    n->pool = NULL;
    n->ovl = NULL;
    for (int b = 0; b < LK_NBUS; b++)
        n->snap[b] = NULL;
    int cnt = n->routers ? g->nodes : 1;
    n->r = calloc((size_t)cnt, sizeof *n->r);
    if (!n->r)
        return -1;
    for (int i = 0; i < cnt; i++) {
        tn_rtl *x = n->r[i] = tn_rtl_new();
        lk_set(port(x, TN_RTL_CFG_BUF), 0, d->CNTW, (uint64_t)c->buf);
        lk_set(port(x, TN_RTL_CFG_ACRD), 0, d->CNTW, (uint64_t)acrd); /* A, R19.1.4: the model's */
        lk_set(port(x, TN_RTL_CFG_ROUTE), 0, 3, (uint64_t)c->routing); /* enum tn_routing */
        lk_set(port(x, TN_RTL_CFG_SEL), 0, 3, (uint64_t)c->selection);
        lk_set(port(x, TN_RTL_CFG_DATELINE), 0, 1, (uint64_t)c->dateline);
        lk_set(port(x, TN_RTL_CFG_TRANSIT), 0, 1, (uint64_t)c->transit);
        /* tn_torus salts the global seed per node itself; a lone router gets its own seed */
        lk_set(port(x, TN_RTL_CFG_SEED), 0, 32, n->routers ? tn_router_seed(c->seed, i) : c->seed);
        if (n->routers)
            lk_set(port(x, TN_RTL_COORD), 0, d->AW, tn_addr_of(g, i));
        if (L->gal)
            ni_configure(x, L, c);
        if (L->acor)
            acor_configure(x, c);
        /* router mode: links and credits idle during the reset, as tn_torus's neighbours, in reset
         * too, drive them (with xinit=random they would otherwise hold random values there, and
         * a flit is counted in cycle 0) */
        if (n->routers) {
            static const int in_ports[5] = {TN_RTL_IN_VALID, TN_RTL_IN_VC, TN_RTL_IN_FLIT,
                                            TN_RTL_OUT_CRD_VALID, TN_RTL_OUT_CRD_VC};
            for (int k = 0; k < 5; k++) {
                int bytes;
                uint8_t *q = tn_rtl_port(x, in_ports[k], &bytes);
                memset(q, 0, (size_t)bytes);
            }
        }
        tn_rtl_reset(x, 2);
    }
    if (n->routers && wires_open(n))
        return -1;
    if (n->routers && threads > 1 && pool_open(n, threads > RNET_MAXT ? RNET_MAXT : threads))
        return -1;
    for (int b = 0; b < LK_NBUS; b++) {
        int bytes;
        tn_rtl_port(n->r[0], bus_port(n, b), &bytes);
        n->snap_stride[b] = bytes + LK_PAD;
        n->snap[b] = calloc((size_t)cnt, (size_t)n->snap_stride[b]);
        if (!n->snap[b])
            return -1;
    }
    return 0;
}

double lk_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *ovl_worker(void *arg)
{
    struct rnet_ovl *v = arg;
    unsigned seen = 0;
    for (;;) {
        seen = wait_gen(&v->gen, seen);
        if (atomic_load_explicit(&v->quit, memory_order_relaxed))
            return NULL;
        double t0 = lk_now();
        rnet_tick(v->n);
        v->rtl_s += lk_now() - t0;
        atomic_store_explicit(&v->done, seen, memory_order_release);
    }
}

int rnet_overlap_open(rnet *n)
{
    struct rnet_ovl *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    v->n = n;
    atomic_init(&v->gen, 0u);
    atomic_init(&v->done, 0u);
    atomic_init(&v->quit, 0);
    if (pthread_create(&v->th, NULL, ovl_worker, v)) {
        free(v);
        return -1;
    }
    n->ovl = v;
    return 0;
}

void rnet_tick_start(rnet *n)
{
    if (n->ovl)
        atomic_fetch_add_explicit(&n->ovl->gen, 1u, memory_order_release);
    else
        rnet_tick(n);
}

void rnet_tick_wait(rnet *n)
{
    struct rnet_ovl *v = n->ovl;
    if (!v)
        return;
    unsigned g = atomic_load_explicit(&v->gen, memory_order_relaxed);
    int spins = 0;
    while (atomic_load_explicit(&v->done, memory_order_acquire) != g)
        spin_pause(&spins);
}

double rnet_overlap_rtl_s(const rnet *n) { return n->ovl ? n->ovl->rtl_s : 0; }

static void ovl_close(rnet *n)
{
    struct rnet_ovl *v = n->ovl;
    if (!v)
        return;
    atomic_store_explicit(&v->quit, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&v->gen, 1u, memory_order_release);
    pthread_join(v->th, NULL);
    free(v);
    n->ovl = NULL;
}

void rnet_close(rnet *n)
{
    ovl_close(n);
    pool_close(n);
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_free(n->r[i]);
    free(n->r);
    for (int b = 0; b < LK_NBUS; b++)
        free(n->snap[b]);
    free(n->wire);
}

/* Width of one node's slice of a per-node bus (tn_torus concatenates them node-major). */
static long node_width(const layout *L, int bus)
{
    const tn_dims *d = &L->d;
    switch (bus) {
    case LK_LNK_VALID: case LK_CRD_VALID: return d->P;
    case LK_LNK_VC: case LK_CRD_VC: return (long)d->P * d->VW;
    case LK_LNK_FLIT: return (long)d->P * d->FW;
    case LK_OBS: return L->obsw;
    default: return d->EW; /* LK_ERR */
    }
}

uint8_t *rnet_bus(rnet *n, int bus, int node, long *lsb)
{
    if (!n->routers) {
        *lsb = (long)node * node_width(n->L, bus);
        return port(n->r[0], bus_port(n, bus));
    }
    *lsb = 0;
    return port(n->r[node], bus_port(n, bus));
}

void rnet_snapshot(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int b = 0; b < LK_NBUS; b++)
        for (int i = 0; i < cnt; i++) {
            int bytes;
            const uint8_t *p = tn_rtl_port(n->r[i], bus_port(n, b), &bytes);
            memcpy(n->snap[b] + (long)i * n->snap_stride[b], p, (size_t)bytes);
        }
}

const uint8_t *rnet_snap_bus(const rnet *n, int bus, int node, long *lsb)
{
    if (!n->routers) {
        *lsb = (long)node * node_width(n->L, bus);
        return n->snap[bus];
    }
    *lsb = 0;
    return n->snap[bus] + (long)node * n->snap_stride[bus];
}

void rnet_inj(rnet *n, int node, int ch, uint8_t **valid, long *vlsb, uint8_t **vc, long *clsb,
              uint8_t **flit, long *flsb)
{
    const tn_dims *d = &n->L->d;
    if (!n->routers) {
        long t = (long)node * d->TERM + ch;
        *valid = port(n->r[0], TN_RTL_INJ_VALID);
        *vc = port(n->r[0], TN_RTL_INJ_VC);
        *flit = port(n->r[0], TN_RTL_INJ_FLIT);
        *vlsb = t;
        *clsb = t * d->VW;
        *flsb = t * d->FW;
        return;
    }
    long p = tn_term_port(n->g, ch);
    tn_rtl *x = n->r[node];
    *valid = port(x, TN_RTL_IN_VALID);
    *vc = port(x, TN_RTL_IN_VC);
    *flit = port(x, TN_RTL_IN_FLIT);
    *vlsb = p;
    *clsb = p * d->VW;
    *flsb = p * d->FW;
}

/* One field of a wire: a 64-bit read-modify-write where both ports have the bytes for it (the
 * fields are at most 57 bits past their byte: W <= 48 flits), else bit-exact lk_get / lk_set. */
static void wire_copy(const lk_wire *x)
{
    for (int b = 0; b < x->w; b += 57) {
        int w = x->w - b < 57 ? x->w - b : 57;
        long d = x->dlsb + b, s = x->slsb + b;
        uint64_t v = 0;
        if (x->src)
            v = (s >> 3) + 8 <= x->sbytes ? lk_getp(x->src, s, w) : lk_get(x->src, s, w);
        if ((d >> 3) + 8 <= x->dbytes) {
            uint8_t *p = x->dst + (d >> 3);
            int sh = (int)(d & 7);
            uint64_t m = ((UINT64_C(1) << w) - 1) << sh, cur;
            memcpy(&cur, p, 8);
            cur = (cur & ~m) | ((v << sh) & m);
            memcpy(p, &cur, 8);
        } else {
            lk_set(x->dst, d, w, v);
        }
    }
}

/* Router mode: the wires of rtl/net/tn_torus.v, each router input from its neighbour's
 * registered output, listed once at open (no port lookup in the cycle loop). */
static int wires_open(rnet *n)
{
    const tn_dims *d = &n->L->d;
    const tn_geom *g = n->g;
    n->nwire = n->nodes * d->P * 5;
    n->wire = calloc((size_t)n->nwire, sizeof *n->wire);
    if (!n->wire)
        return -1;
    static const int in_port[5] = {TN_RTL_IN_VALID, TN_RTL_IN_VC, TN_RTL_IN_FLIT,
                                   TN_RTL_OUT_CRD_VALID, TN_RTL_OUT_CRD_VC};
    static const int out_port[5] = {TN_RTL_OUT_VALID, TN_RTL_OUT_VC, TN_RTL_OUT_FLIT,
                                    TN_RTL_IN_CRD_VALID, TN_RTL_IN_CRD_VC};
    const int width[5] = {1, d->VW, d->FW, 1, d->VW};
    lk_wire *x = n->wire;
    for (int v = 0; v < n->nodes; v++)
        for (int p = 0; p < d->P; p++) {
            int u = tn_port_is_term(g, p) ? -1 : g->nbr[(long)v * d->P + p];
            int q = u >= 0 ? tn_port_opposite(p) : 0;
            for (int k = 0; k < 5; k++, x++) {
                x->dst = tn_rtl_port(n->r[v], in_port[k], &x->dbytes);
                x->src = u >= 0 ? tn_rtl_port(n->r[u], out_port[k], &x->sbytes) : NULL;
                x->dlsb = (long)p * width[k];
                x->slsb = (long)q * width[k];
                x->w = width[k];
            }
        }
    return 0;
}

void rnet_clear_inputs(rnet *n)
{
    if (!n->routers) {
        int bytes;
        uint8_t *v = tn_rtl_port(n->r[0], TN_RTL_INJ_VALID, &bytes);
        memset(v, 0, (size_t)bytes);
        return;
    }
    if (n->prewired) { /* the threads wired this cycle's inputs at the end of the last tick */
        n->prewired = 0;
        return;
    }
    for (int i = 0; i < n->nwire; i++)
        wire_copy(&n->wire[i]);
}

void rnet_credit_in(rnet *n, int node, int p, int vc)
{
    const tn_dims *d = &n->L->d;
    lk_set(port(n->r[node], TN_RTL_OUT_CRD_VALID), p, 1, 1);
    lk_set(port(n->r[node], TN_RTL_OUT_CRD_VC), (long)p * d->VW, d->VW, (uint64_t)vc);
}

void rnet_eval(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_eval(n->r[i]);
}

void rnet_tick(rnet *n)
{
    struct rnet_pool *p = n->pool;
    if (p) {
        atomic_store_explicit(&p->done, 0, memory_order_relaxed);
        atomic_store_explicit(&p->ticked, 0, memory_order_relaxed);
        atomic_fetch_add_explicit(&p->gen, 1u, memory_order_release);
        tick_share(p, 0);
        int spins = 0;
        while (atomic_load_explicit(&p->done, memory_order_acquire) != p->threads - 1)
            spin_pause(&spins);
        n->prewired = 1;
        return;
    }
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_tick(n->r[i]);
}

int rnet_trace_open(rnet *n, int node, const char *path)
{
    n->traced = n->routers ? node : 0;
    return tn_rtl_trace_open(n->r[n->traced], path);
}

void rnet_trace_dump(rnet *n, uint64_t time)
{
    if (n->traced >= 0)
        tn_rtl_trace_dump(n->r[n->traced], time);
}
