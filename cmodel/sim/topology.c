/* SPDX-License-Identifier: MIT */
/* k-ary n-cube geometry (rtl/net/tn_torus.v): node ids, coordinates, ports and neighbours. */
#include <stdlib.h>
#include "tn.h"

static int clog2(int v)
{
    int w = 0;
    while ((1 << w) < v)
        w++;
    return w;
}

void tn_coords(const tn_geom *g, int node, int *coord)
{
    for (int d = 0; d < g->n; d++) {
        coord[d] = node % g->k;
        node /= g->k;
    }
}

int tn_node_of(const tn_geom *g, const int *coord)
{
    int id = 0;
    for (int d = g->n - 1; d >= 0; d--)
        id = id * g->k + coord[d];
    return id;
}

uint32_t tn_addr_of(const tn_geom *g, int node)
{
    int c[TN_MAX_N];
    uint32_t a = 0;
    tn_coords(g, node, c);
    for (int d = 0; d < g->n; d++)
        a |= (uint32_t)c[d] << (d * g->cw);
    return a;
}

int tn_node_of_addr(const tn_geom *g, uint32_t addr)
{
    int c[TN_MAX_N];
    uint32_t mask = (1u << g->cw) - 1u;
    for (int d = 0; d < g->n; d++)
        c[d] = (int)((addr >> (d * g->cw)) & mask);
    return tn_node_of(g, c);
}

int tn_term_port(const tn_geom *g, int channel)
{
    return channel == 0 ? 0 : 2 * g->n + channel;
}

int tn_port_opposite(int port)
{
    return (port & 1) ? port + 1 : port - 1;
}

int tn_upstream(const tn_geom *g, int node, int ip)
{
    if (g->topo != TN_TOPO_UTORUS)
        return g->nbr[(long)node * g->ports + ip];
    if (ip & 1)
        return -1; /* input +d: no - link drives it */
    int co[TN_MAX_N], d = (ip - 2) / 2;
    tn_coords(g, node, co);
    co[d] = (co[d] + g->k - 1) % g->k;
    return tn_node_of(g, co);
}

int tn_geom_init(tn_geom *g, const tn_config *c)
{
    g->k = c->k;
    g->n = c->n;
    g->topo = c->topo;
    g->term = c->term;
    g->dateline = c->dateline;
    g->ports = 2 * c->n + c->term;
    g->cw = clog2(c->k) ? clog2(c->k) : 1;
    g->nodes = 1;
    for (int d = 0; d < c->n; d++)
        g->nodes *= c->k;
    g->nbr = malloc(sizeof(int32_t) * (size_t)g->nodes * (size_t)g->ports);
    if (!g->nbr)
        return -1;
    for (int v = 0; v < g->nodes; v++) {
        int co[TN_MAX_N];
        for (int p = 0; p < g->ports; p++)
            g->nbr[v * g->ports + p] = -1;
        for (int d = 0; d < g->n; d++) {
            tn_coords(g, v, co);
            int x = co[d];
            int up = x + 1, dn = x - 1;
            if (g->topo != TN_TOPO_MESH) /* a ring: the + link wraps */
                up %= g->k;
            if (g->topo == TN_TOPO_TORUS)
                dn = (dn + g->k) % g->k;
            else if (g->topo == TN_TOPO_UTORUS)
                dn = -1; /* unidirectional: no - links, port -d is unconnected */
            if (up < g->k) {
                co[d] = up;
                g->nbr[v * g->ports + tn_port_plus(d)] = tn_node_of(g, co);
            }
            if (dn >= 0) {
                co[d] = dn;
                g->nbr[v * g->ports + tn_port_minus(d)] = tn_node_of(g, co);
            }
        }
    }
    return 0;
}

void tn_geom_free(tn_geom *g)
{
    free(g->nbr);
    g->nbr = NULL;
}
