/* SPDX-License-Identifier: MIT */
/* Route computation (rtl/router/tn_route.v): dimension-order routing with dateline VC classes. */
#include "tn.h"

int tn_dor_dir(int k, int topo, int c, int t)
{
    if (c == t)
        return 0;
    if (topo == TN_TOPO_UTORUS) /* unidirectional: + only (C model only) */
        return 1;
    if (topo == TN_TOPO_MESH)
        return t > c ? 1 : -1;
    int plus = (t - c + k) % k;
    int minus = k - plus;
    if (plus != minus)
        return plus < minus ? 1 : -1;
    return (c & 1) ? -1 : 1; /* tie at k/2: + from an even coordinate, - from an odd one */
}

int tn_dateline_class(int k, int c, int t, int dir)
{
    if (dir > 0)
        return (t < c && c != k - 1) ? 0 : 1; /* class 0 while the wrap link k-1 -> 0 is ahead */
    return (t > c && c != 0) ? 0 : 1;         /* class 0 while the wrap link 0 -> k-1 is ahead */
}

void tn_route_dor(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr, int in_port,
                  tn_route_out *out)
{
    uint32_t mask = (1u << g->cw) - 1u;
    for (int d = 0; d < g->n; d++) {
        int t = (int)((dst_addr >> (d * g->cw)) & mask);
        int dir = tn_dor_dir(g->k, g->topo, cur[d], t);
        if (!dir)
            continue;
        out->port = dir > 0 ? tn_port_plus(d) : tn_port_minus(d);
        if (g->topo == TN_TOPO_MESH || !g->dateline) {
            out->vc_lo = 0;
            out->vc_hi = vcs;
        } else if (tn_dateline_class(g->k, cur[d], t, dir) == 0) {
            out->vc_lo = 0;
            out->vc_hi = vcs / 4 > 1 ? vcs / 4 : 1;
        } else {
            out->vc_lo = vcs / 4 > 1 ? vcs / 4 : 1;
            out->vc_hi = vcs;
        }
        return;
    }
    out->port = tn_term_port(g, in_port % g->term);
    out->vc_lo = 0;
    out->vc_hi = vcs;
}

int tn_escape_vcs(const tn_geom *g)
{
    return g->topo != TN_TOPO_MESH && g->dateline ? 2 : 1;
}

void tn_route_adaptive(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr, int in_port,
                       int quad, tn_route_out *esc, uint32_t *prod, int *hops)
{
    uint32_t mask = (1u << g->cw) - 1u;
    *prod = 0;
    int esc_dim = -1, esc_dir = 0;
    for (int d = 0; d < g->n; d++) {
        int t = (int)((dst_addr >> (d * g->cw)) & mask), c = cur[d];
        hops[d] = 0;
        if (c == t)
            continue;
        if (g->topo == TN_TOPO_MESH) {
            hops[d] = t > c ? t - c : c - t;
            *prod |= 1u << (2 * d + (t > c ? 0 : 1));
        } else if (g->topo == TN_TOPO_UTORUS) { /* the + direction only (MIN AD, DOR) */
            hops[d] = (t - c + g->k) % g->k;
            *prod |= 1u << (2 * d);
        } else if (quad < 0) { /* MIN AD: every minimal direction (both at the tie) */
            int plus = (t - c + g->k) % g->k, minus = g->k - plus;
            hops[d] = plus < minus ? plus : minus;
            *prod |= (plus <= minus ? 1u : 0u) << (2 * d) | (minus <= plus ? 1u : 0u) << (2 * d + 1);
        } else { /* GOAL: the quadrant's direction, minimal or not */
            int minus_dir = (quad >> d) & 1;
            hops[d] = minus_dir ? (c - t + g->k) % g->k : (t - c + g->k) % g->k;
            *prod |= 1u << (2 * d + minus_dir);
        }
        if (esc_dim < 0) {
            esc_dim = d;
            esc_dir = quad < 0 ? tn_dor_dir(g->k, g->topo, c, t) : (((quad >> d) & 1) ? -1 : 1);
        }
    }
    if (esc_dim < 0) { /* at the destination: eject as DOR does */
        tn_route_dor(g, vcs, cur, dst_addr, in_port, esc);
        return;
    }
    /* escape: the lowest productive dimension, escape VC = the dateline class (section 19.1) */
    int t = (int)((dst_addr >> (esc_dim * g->cw)) & mask);
    esc->port = esc_dir > 0 ? tn_port_plus(esc_dim) : tn_port_minus(esc_dim);
    int cls = tn_escape_vcs(g) == 2 && tn_dateline_class(g->k, cur[esc_dim], t, esc_dir) == 1;
    esc->vc_lo = cls;
    esc->vc_hi = cls + 1;
}

int tn_val_phase(const tn_geom *g, const int *cur, uint32_t mid, int phase)
{
    uint32_t here = 0;
    for (int d = 0; d < g->n; d++)
        here |= (uint32_t)cur[d] << (d * g->cw);
    return phase || here == mid;
}

void tn_route_val(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr, uint32_t mid,
                  int phase, int in_port, tn_route_out *out)
{
    int ph = tn_val_phase(g, cur, mid, phase);
    int half = vcs / 2, base = ph ? half : 0, size = ph ? vcs - half : half;
    tn_route_dor(g, size, cur, ph ? dst_addr : mid, in_port, out);
    if (tn_port_is_term(g, out->port)) {
        out->vc_lo = 0;
        out->vc_hi = vcs;
        return;
    }
    out->vc_lo += base;
    out->vc_hi += base;
}
