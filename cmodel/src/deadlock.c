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

static int vc_class(const tn_route_out *ro)
{
    return ro->vc_lo == 0 ? 0 : 1;
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
    if (tn_geom_init(&g, &cc)) {
        snprintf(rep, len, "out of memory");
        return -1;
    }
    if (g.nodes > DL_MAX_NODES) {
        snprintf(rep, len, "keys 'k','n': the checker handles up to %d nodes, not %d", DL_MAX_NODES,
                 g.nodes);
        tn_geom_free(&g);
        return -1;
    }
    const int P = g.ports;
    long nv = (long)g.nodes * P * 2;
    uint32_t *adj = calloc((size_t)nv, sizeof *adj); /* bit q*2+c: edge to (nbr, q, c) */
    uint8_t *used = calloc((size_t)nv, 1);
    uint8_t *color = calloc((size_t)nv, 1);
    long *stack = malloc(sizeof *stack * (size_t)nv);
    int *nextbit = malloc(sizeof *nextbit * (size_t)nv);
    long *parent = malloc(sizeof *parent * (size_t)nv);
    int rc = -1;
    if (!adj || !used || !color || !stack || !nextbit || !parent) {
        snprintf(rep, len, "out of memory");
        goto out;
    }
    long edges = 0;
    for (int v = 0; v < g.nodes; v++) {
        int cv[TN_MAX_N], cu[TN_MAX_N];
        tn_coords(&g, v, cv);
        for (int t = 0; t < g.nodes; t++) {
            uint32_t addr = tn_addr_of(&g, t);
            tn_route_out r1, r2;
            tn_route_dor(&g, cc.vcs, cv, addr, 0, &r1);
            if (tn_port_is_term(&g, r1.port))
                continue;
            int u = g.nbr[(long)v * P + r1.port];
            long c1 = ((long)v * P + r1.port) * 2 + vc_class(&r1);
            used[c1] = 1;
            tn_coords(&g, u, cu);
            tn_route_dor(&g, cc.vcs, cu, addr, tn_port_opposite(r1.port), &r2);
            if (tn_port_is_term(&g, r2.port))
                continue;
            uint32_t bit = 1u << (r2.port * 2 + vc_class(&r2));
            if (!(adj[c1] & bit)) {
                adj[c1] |= bit;
                edges++;
            }
        }
    }
    long channels = 0;
    for (long i = 0; i < nv; i++)
        channels += used[i];
    /* iterative DFS; color 1 = on the stack, 2 = done */
    for (long s0 = 0; s0 < nv; s0++) {
        if (color[s0] || !used[s0])
            continue;
        long sp = 0;
        stack[sp++] = s0;
        color[s0] = 1;
        nextbit[s0] = 0;
        parent[s0] = -1;
        while (sp) {
            long c = stack[sp - 1];
            int b = nextbit[c];
            while (b < 32 && !(adj[c] & (1u << b)))
                b++;
            if (b >= 32) {
                color[c] = 2;
                sp--;
                continue;
            }
            nextbit[c] = b + 1;
            int node = (int)(c / 2 / P), port = (int)(c / 2 % P);
            long d = ((long)g.nbr[(long)node * P + port] * P + b / 2) * 2 + b % 2;
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
                    int xn = (int)(x / 2 / P), xp = (int)(x / 2 % P);
                    u += (size_t)snprintf(rep + u, len - u, " (node %d %c%d class %ld) ->", xn,
                                          (xp & 1) ? '+' : '-', (xp - 1) / 2, x % 2);
                }
                if (u < len)
                    snprintf(rep + u, len - u, " back to the first");
                rc = 1;
                goto out;
            }
            if (!color[d]) {
                color[d] = 1;
                nextbit[d] = 0;
                parent[d] = c;
                stack[sp++] = d;
            }
        }
    }
    snprintf(rep, len,
             "acyclic: %ld channels, %ld dependencies, routing=%s on a %d-ary %d-cube %s with "
             "vcs=%d (dateline %s): deadlock-free",
             channels, edges, tn_routing_name(cc.routing), cc.k, cc.n, tn_topo_name(cc.topo),
             cc.vcs, cc.dateline ? "on" : "off");
    rc = 0;
out:
    free(adj);
    free(used);
    free(color);
    free(stack);
    free(nextbit);
    free(parent);
    tn_geom_free(&g);
    return rc;
}
