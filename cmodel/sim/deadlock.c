/* SPDX-License-Identifier: MIT */
/* Deadlock checker: the channel dependency graph (Dally and Seitz) of the network the routing
 * relies on for deadlock freedom (for DOR, the whole network; for the adaptive families, the
 * escape sub-network), built with the model's own route function, and a proof that it is
 * acyclic (depth-first search), or a cycle. A vertex is a channel: (node, network port, VC
 * class); an edge c1 -> c2 exists when some packet holding c1 may request c2 next. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"

#define DL_MAX_NODES 4096
#define DL_MAX_NODES_ADAPTIVE 512 /* indirect dependencies: about nodes^2 * box pairs */

static int vc_class(const tn_route_out *ro)
{
    return ro->vc_lo == 0 ? 0 : 1;
}

typedef struct dl_edges {
    uint64_t *e; /* (from << 32) | to */
    long n, cap;
} dl_edges;

static int dl_add(dl_edges *E, long from, long to)
{
    if (E->n == E->cap) {
        long cap = E->cap ? 2 * E->cap : 4096;
        uint64_t *ne = realloc(E->e, sizeof *ne * (size_t)cap);
        if (!ne)
            return -1;
        E->e = ne;
        E->cap = cap;
    }
    E->e[E->n++] = ((uint64_t)from << 32) | (uint64_t)to;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Coordinates on minimal paths from c to t in a ring (or line) of k, c and t included; with
 * dir = +1/-1 (GOAL's quadrant), the coordinates from c to t going that way; on a
 * unidirectional ring the + way. */
static int dl_span(const tn_geom *g, int c, int t, int dir, int *out)
{
    int m = 0;
    if (g->topo == TN_TOPO_UTORUS)
        dir = 1; /* a unidirectional ring: the + way only */
    if (dir && g->topo != TN_TOPO_MESH) {
        for (int x = c;; x = (x + dir + g->k) % g->k) {
            out[m++] = x;
            if (x == t)
                break;
        }
        return m;
    }
    if (g->topo == TN_TOPO_MESH) {
        int step = t >= c ? 1 : -1;
        for (int x = c;; x += step) {
            out[m++] = x;
            if (x == t)
                break;
        }
        return m;
    }
    int plus = (t - c + g->k) % g->k, minus = (g->k - plus) % g->k;
    out[m++] = c;
    if (plus && plus <= minus)
        for (int i = 1; i <= plus; i++)
            out[m++] = (c + i) % g->k;
    if (minus && minus <= plus)
        for (int i = 1; i <= minus; i++)
            if (!(plus && plus <= minus && i == minus)) /* t already listed */
                out[m++] = (c - i + g->k) % g->k;
    return m;
}

/* A vertex: (node, network port, class); class = 2 * VAL phase + dateline class. */
#define DL_CLASSES 4

/* The escape (or DOR) channel a packet at node v for destination t (GOAL: in quadrant quad; VAL:
 * toward target in phase ph) requests: vertex, or -1 when it ejects. */
static long dl_channel(const tn_geom *g, const tn_config *c, int v, uint32_t addr, int quad, int ph)
{
    int cv[TN_MAX_N];
    tn_route_out r;
    tn_coords(g, v, cv);
    if (c->routing == TN_ROUTE_MINAD || c->routing == TN_ROUTE_GOAL ||
        c->routing == TN_ROUTE_GAL) {
        uint32_t prod;
        int hops[TN_MAX_N];
        tn_route_adaptive(g, c->vcs, cv, addr, 0, quad, &r, &prod, hops);
    } else if (c->routing == TN_ROUTE_VAL || c->routing == TN_ROUTE_ACOR) {
        int half = c->vcs / 2;
        tn_route_dor(g, ph ? c->vcs - half : half, cv, addr, 0, &r); /* within the phase's set */
    } else {
        tn_route_dor(g, c->vcs, cv, addr, 0, &r);
    }
    if (tn_port_is_term(g, r.port))
        return -1;
    return ((long)v * g->ports + r.port) * DL_CLASSES + 2 * ph + vc_class(&r);
}

int tn_deadlock_check(const tn_config *cfg, char *rep, size_t len)
{
    tn_config cc = *cfg;
    cc.load = 0;
    tn_geom g;
    char err[TN_ERRLEN];
    if (tn_config_check(&cc, err, sizeof err)) {
        snprintf(rep, len, "%s", err);
        return -1;
    }
    if (cc.routing == TN_ROUTE_CHAOS) { /* section 22.5 */
        snprintf(rep, len, "key 'routing': value 'chaos': the channel dependency checker does not "
                 "apply: CHAOS avoids deadlock by derouting from the shared queue, not by an "
                 "acyclic channel graph (docs/microarchitecture.md section 22); allowed: dor minad "
                 "val goal gal acor");
        return -1;
    }
    if (tn_geom_init(&g, &cc)) {
        snprintf(rep, len, "out of memory");
        return -1;
    }
    const int adaptive = cc.routing == TN_ROUTE_MINAD || cc.routing == TN_ROUTE_GOAL ||
                         cc.routing == TN_ROUTE_GAL;
    const int quadrant = cc.routing == TN_ROUTE_GOAL || cc.routing == TN_ROUTE_GAL;
    const int val = cc.routing == TN_ROUTE_VAL || cc.routing == TN_ROUTE_ACOR; /* R23.7 */
    const int maxn = adaptive || val ? DL_MAX_NODES_ADAPTIVE : DL_MAX_NODES;
    if (g.nodes > maxn) {
        snprintf(rep, len, "keys 'k','n': the checker handles up to %d nodes for routing=%s, not %d",
                 maxn, tn_routing_name(cc.routing), g.nodes);
        tn_geom_free(&g);
        return -1;
    }
    const int P = g.ports;
    long nv = (long)g.nodes * P * DL_CLASSES;
    dl_edges E = {0};
    long *first = calloc((size_t)nv + 1, sizeof *first);
    uint8_t *used = calloc((size_t)nv, 1);
    uint8_t *color = calloc((size_t)nv, 1);
    long *stack = malloc(sizeof *stack * (size_t)nv);
    long *nexte = malloc(sizeof *nexte * (size_t)nv);
    long *parent = malloc(sizeof *parent * (size_t)nv);
    int rc = -1;
    if (!first || !used || !color || !stack || !nexte || !parent) {
        snprintf(rep, len, "out of memory");
        goto out;
    }
    /* Edges: c1 -> c2 when a packet holding c1 (it requested c1 at v for destination t) may
     * next request c2. DOR: c2 is the channel it requests at the next node. MIN AD (Duato's
     * extended graph): c2 is the escape channel it requests at any node w on a minimal path
     * from the next node to t, reached through adaptive channels (direct and indirect
     * dependencies). */
    /* VAL: DOR toward the intermediate node on the phase-0 VCs, then toward the destination on
     * the phase-1 VCs; a packet whose phase-0 hop reaches the intermediate may next request
     * any phase-1 channel from there. */
    for (int v = 0; val && v < g.nodes; v++) {
        for (int t = 0; t < g.nodes; t++) {
            uint32_t addr = tn_addr_of(&g, t);
            for (int ph = 0; ph < 2; ph++) {
                if (!ph && v == t)
                    continue; /* at the intermediate node the packet is in phase 1 */
                long c1 = dl_channel(&g, &cc, v, addr, -1, ph);
                if (c1 < 0)
                    continue;
                used[c1] = 1;
                int u = g.nbr[(long)v * P + (int)(c1 / DL_CLASSES % P)];
                if (!ph && u == t) {
                    for (int d = 0; d < g.nodes; d++) {
                        long c2 = dl_channel(&g, &cc, u, tn_addr_of(&g, d), -1, 1);
                        if (c2 >= 0 && dl_add(&E, c1, c2))
                            goto oom;
                    }
                } else {
                    long c2 = dl_channel(&g, &cc, u, addr, -1, ph);
                    if (c2 >= 0 && dl_add(&E, c1, c2))
                        goto oom;
                }
            }
        }
    }
    /* DOR and the adaptive families: every (node, destination[, GOAL quadrant]) pair */
    const int nquad = quadrant ? 1 << g.n : 1;
    for (int v = 0; !val && v < g.nodes; v++) {
        for (int t = 0; t < g.nodes; t++) {
            for (int qi = 0; qi < nquad; qi++) {
            int quad = quadrant ? qi : -1;
            uint32_t addr = tn_addr_of(&g, t);
            long c1 = dl_channel(&g, &cc, v, addr, quad, 0);
            if (c1 < 0)
                continue;
            used[c1] = 1;
            int u = g.nbr[(long)v * P + (int)(c1 / DL_CLASSES % P)];
            if (!adaptive) {
                long c2 = dl_channel(&g, &cc, u, addr, quad, 0);
                if (c2 >= 0 && dl_add(&E, c1, c2))
                    goto oom;
                continue;
            }
            int cu[TN_MAX_N], ct[TN_MAX_N], span[TN_MAX_N][TN_MAX_K + 1], ns[TN_MAX_N];
            int idx[TN_MAX_N] = {0};
            tn_coords(&g, u, cu);
            tn_coords(&g, t, ct);
            for (int d = 0; d < g.n; d++)
                ns[d] = dl_span(&g, cu[d], ct[d], quad < 0 ? 0 : ((quad >> d) & 1) ? -1 : 1,
                                span[d]);
            for (;;) {
                int cw[TN_MAX_N];
                for (int d = 0; d < g.n; d++)
                    cw[d] = span[d][idx[d]];
                long c2 = dl_channel(&g, &cc, tn_node_of(&g, cw), addr, quad, 0);
                if (c2 >= 0 && dl_add(&E, c1, c2))
                    goto oom;
                int d = 0;
                while (d < g.n && ++idx[d] == ns[d])
                    idx[d++] = 0;
                if (d == g.n)
                    break;
            }
            }
        }
    }
    if (E.n)
        qsort(E.e, (size_t)E.n, sizeof *E.e, cmp_u64);
    long ne = 0;
    for (long i = 0; i < E.n; i++)
        if (!ne || E.e[i] != E.e[ne - 1])
            E.e[ne++] = E.e[i];
    for (long i = 0; i < ne; i++)
        first[(E.e[i] >> 32) + 1]++;
    for (long i = 0; i < nv; i++)
        first[i + 1] += first[i];
    long edges = ne;
    long channels = 0;
    for (long i = 0; i < nv; i++)
        channels += used[i];
    /* iterative DFS over the sorted edge list; color 1 = on the stack, 2 = done */
    for (long s0 = 0; s0 < nv; s0++) {
        if (color[s0] || !used[s0])
            continue;
        long sp = 0;
        stack[sp++] = s0;
        color[s0] = 1;
        nexte[s0] = first[s0];
        parent[s0] = -1;
        while (sp) {
            long c = stack[sp - 1];
            if (nexte[c] >= first[c + 1]) {
                color[c] = 2;
                sp--;
                continue;
            }
            long d = (long)(E.e[nexte[c]++] & 0xFFFFFFFFu);
            if (color[d] == 1) {
                /* cycle: d ... c -> d */
                size_t u = (size_t)snprintf(rep, len, "cycle in the channel dependency graph:");
                long path[64];
                int np = 0;
                for (long x = c; x != d && x >= 0 && np < 63; x = parent[x])
                    path[np++] = x;
                path[np++] = d;
                for (int i = np - 1; i >= 0 && u < len; i--) {
                    long x = path[i];
                    int xn = (int)(x / DL_CLASSES / P), xp = (int)(x / DL_CLASSES % P);
                    u += (size_t)snprintf(rep + u, len - u, " (node %d %c%d class %ld%s) ->", xn,
                                          (xp & 1) ? '+' : '-', (xp - 1) / 2, x % 2,
                                          val ? (x % DL_CLASSES >= 2 ? " phase 1" : " phase 0")
                                              : "");
                }
                if (u < len)
                    snprintf(rep + u, len - u, " back to the first");
                rc = 1;
                goto out;
            }
            if (!color[d]) {
                color[d] = 1;
                nexte[d] = first[d];
                parent[d] = c;
                stack[sp++] = d;
            }
        }
    }
    snprintf(rep, len,
             "acyclic: %ld %schannels, %ld dependencies%s, routing=%s on a %d-ary %d-cube %s with "
             "vcs=%d (dateline %s): deadlock-free",
             channels, adaptive ? "escape " : "", edges,
             adaptive ? " (direct and through adaptive VCs)" : "", tn_routing_name(cc.routing),
             cc.k, cc.n, tn_topo_name(cc.topo), cc.vcs, cc.dateline ? "on" : "off");
    rc = 0;
    goto out;
oom:
    snprintf(rep, len, "out of memory building the channel dependency graph");
out:
    free(E.e);
    free(first);
    free(used);
    free(color);
    free(stack);
    free(nexte);
    free(parent);
    tn_geom_free(&g);
    return rc;
}
