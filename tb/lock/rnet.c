/* SPDX-License-Identifier: MIT */
/* The RTL side: one Verilated tn_torus, or one Verilated tn_router (or tn_gal_lock_top,
 * tn_acor_lock_top) per node
 * wired here as rtl/net/tn_torus.v wires them. Ports are reached as bytes (tn_rtl_port), once
 * per bus and node, never bit by bit. */
#include <stdlib.h>
#include "lock.h"

static uint8_t *port(tn_rtl *r, int p) { return tn_rtl_port(r, p, NULL); }

/* The port of a compared bus (enum lk_bus): tn_torus's per-node buses, or a router's own. */
static int bus_port(const rnet *n, int bus)
{
    static const int net_port[] = {TN_RTL_LNK_VALID, TN_RTL_LNK_VC, TN_RTL_LNK_FLIT,
                                   TN_RTL_CRD_VALID, TN_RTL_CRD_VC, TN_RTL_OBS, TN_RTL_ERR};
    static const int rtr_port[] = {TN_RTL_OUT_VALID, TN_RTL_OUT_VC, TN_RTL_OUT_FLIT,
                                   TN_RTL_IN_CRD_VALID, TN_RTL_IN_CRD_VC, TN_RTL_OBS, TN_RTL_ERR};
    return n->routers ? rtr_port[bus] : net_port[bus];
}

int rnet_open(rnet *n, const tn_geom *g, const layout *L, const tn_config *c)
{
    const tn_dims *d = &L->d;
    n->routers = L->top;
    n->g = g;
    n->L = L;
    n->nodes = g->nodes;
    n->traced = -1;
    int cnt = n->routers ? g->nodes : 1;
    n->r = calloc((size_t)cnt, sizeof *n->r);
    if (!n->r)
        return -1;
    for (int i = 0; i < cnt; i++) {
        tn_rtl *x = n->r[i] = tn_rtl_new();
        lk_set(port(x, TN_RTL_CFG_BUF), 0, d->CNTW, (uint64_t)c->buf);
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
        tn_rtl_reset(x, 2);
    }
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

void rnet_close(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_free(n->r[i]);
    free(n->r);
    for (int b = 0; b < LK_NBUS; b++)
        free(n->snap[b]);
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

/* Copy width bits from one port to another, 64 at a time. */
static void copy_bits(uint8_t *dst, long dlsb, const uint8_t *src, long slsb, long width)
{
    for (long b = 0; b < width; b += 64) {
        int w = width - b < 64 ? (int)(width - b) : 64;
        lk_set(dst, dlsb + b, w, src ? lk_get(src, slsb + b, w) : 0);
    }
}

void rnet_clear_inputs(rnet *n)
{
    const tn_dims *d = &n->L->d;
    if (!n->routers) {
        int bytes;
        uint8_t *v = tn_rtl_port(n->r[0], TN_RTL_INJ_VALID, &bytes);
        memset(v, 0, (size_t)bytes);
        return;
    }
    /* every router input takes its neighbour's registered output (rtl/net/tn_torus.v) */
    const tn_geom *g = n->g;
    for (int v = 0; v < n->nodes; v++) {
        tn_rtl *r = n->r[v];
        uint8_t *iv = port(r, TN_RTL_IN_VALID), *ic = port(r, TN_RTL_IN_VC);
        uint8_t *ifl = port(r, TN_RTL_IN_FLIT), *ocv = port(r, TN_RTL_OUT_CRD_VALID);
        uint8_t *occ = port(r, TN_RTL_OUT_CRD_VC);
        for (int p = 0; p < d->P; p++) {
            int u = tn_port_is_term(g, p) ? -1 : g->nbr[(long)v * d->P + p];
            int q = u >= 0 ? tn_port_opposite(p) : 0;
            tn_rtl *ru = u >= 0 ? n->r[u] : NULL;
            const uint8_t *ov = ru ? port(ru, TN_RTL_OUT_VALID) : NULL;
            const uint8_t *oc = ru ? port(ru, TN_RTL_OUT_VC) : NULL;
            const uint8_t *of = ru ? port(ru, TN_RTL_OUT_FLIT) : NULL;
            const uint8_t *cv = ru ? port(ru, TN_RTL_IN_CRD_VALID) : NULL;
            const uint8_t *cc = ru ? port(ru, TN_RTL_IN_CRD_VC) : NULL;
            copy_bits(iv, p, ov, q, 1);
            copy_bits(ic, (long)p * d->VW, oc, (long)q * d->VW, d->VW);
            copy_bits(ifl, (long)p * d->FW, of, (long)q * d->FW, d->FW);
            copy_bits(ocv, p, cv, q, 1);
            copy_bits(occ, (long)p * d->VW, cc, (long)q * d->VW, d->VW);
        }
    }
}

void rnet_eval(rnet *n)
{
    int cnt = n->routers ? n->nodes : 1;
    for (int i = 0; i < cnt; i++)
        tn_rtl_eval(n->r[i]);
}

void rnet_tick(rnet *n)
{
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
