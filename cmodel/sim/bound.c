/* SPDX-License-Identifier: MIT */
/* Channel-load bound: route every source/destination pair of the pattern with the model's own
 * route function, weight it by the pattern's probability, and take 1 / the worst channel load
 * (terminal channels included). Gives the ideal saturation throughput of an oblivious routing. */
#include <stdlib.h>
#include <stdio.h>
#include "tn.h"

#define BOUND_MAX_NODES 4096

static void route_pair(const tn_geom *g, int vcs, int src, int dst, double w, double *load)
{
    int cur = src, in_port = 0, co[TN_MAX_N];
    uint32_t addr = tn_addr_of(g, dst);
    for (int hop = 0; hop <= g->n * g->k; hop++) {
        tn_route_out ro;
        tn_coords(g, cur, co);
        tn_route_dor(g, vcs, co, addr, in_port, &ro);
        load[(long)cur * g->ports + ro.port] += w;
        if (tn_port_is_term(g, ro.port))
            return;
        cur = g->nbr[(long)cur * g->ports + ro.port];
        if (cur < 0)
            return;
        in_port = tn_port_opposite(ro.port);
    }
}

double tn_channel_load_bound(const tn_config *cfg, char *err, size_t errlen)
{
    tn_geom g;
    tn_traffic_gen tg;
    double bound = -1;
    tn_config cc = *cfg;
    const tn_config *c = &cc;
    cc.load = 0; /* the bound does not depend on the load */
    if (tn_config_check(c, err, errlen))
        return -1;
    if (c->traffic == TN_TR_TRACE) {
        snprintf(err, errlen, "key 'traffic': the channel-load bound needs a pattern, not a trace");
        return -1;
    }
    if (c->routing != TN_ROUTE_DOR) {
        snprintf(err, errlen,
                 "key 'routing': value '%s': the channel-load bound is computed for oblivious "
                 "routing (its load per channel is fixed); allowed: dor",
                 tn_routing_name(c->routing));
        return -1;
    }
    if (tn_geom_init(&g, c)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (g.nodes > BOUND_MAX_NODES) {
        snprintf(err, errlen, "keys 'k','n': the bound is computed for up to %d nodes, not %d",
                 BOUND_MAX_NODES, g.nodes);
        tn_geom_free(&g);
        return -1;
    }
    if (tn_traffic_init(&tg, c, &g, err, errlen)) {
        tn_geom_free(&g);
        return -1;
    }
    double *load = calloc((size_t)g.nodes * (size_t)g.ports, sizeof *load);
    if (!load) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    for (int s = 0; s < g.nodes; s++) {
        int d = tn_traffic_perm(&tg, &g, s);
        if (d >= 0) {
            route_pair(&g, c->vcs, s, d, 1.0, load);
        } else if (c->traffic == TN_TR_NEIGHBOR) {
            int m = 0;
            for (int p = 1; p <= 2 * g.n; p++)
                m += g.nbr[(long)s * g.ports + p] >= 0;
            for (int p = 1; p <= 2 * g.n; p++) {
                int nb = g.nbr[(long)s * g.ports + p];
                if (nb >= 0)
                    route_pair(&g, c->vcs, s, nb, 1.0 / m, load);
            }
        } else {
            double hot = c->traffic == TN_TR_HOTSPOT ? c->hot_frac : 0.0;
            int others = c->traffic == TN_TR_HOTSPOT && c->hot_others && g.nodes > 1;
            for (int h = 0; others && h < c->n_hot; h++)
                if (c->hot[h] == s)
                    hot = 0.0; /* hot_others=on: a hot node sends uniform packets only */
            for (int t = 0; t < g.nodes; t++)
                if (!others || t != s)
                    route_pair(&g, c->vcs, s, t, (1.0 - hot) / (g.nodes - others), load);
            for (int h = 0; h < (c->traffic == TN_TR_HOTSPOT ? c->n_hot : 0); h++)
                route_pair(&g, c->vcs, s, c->hot[h], hot / c->n_hot, load);
        }
    }
    double worst = 1.0 / c->term; /* each injection channel carries rate/term */
    for (long i = 0; i < (long)g.nodes * g.ports; i++)
        if (load[i] > worst)
            worst = load[i];
    bound = 1.0 / worst;
out:
    free(load);
    tn_traffic_free(&tg);
    tn_geom_free(&g);
    return bound;
}
