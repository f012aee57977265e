/* SPDX-License-Identifier: MIT */
/* Network of routers (rtl/net/tn_torus.v): link and credit registers. Values registered at the
 * end of cycle t are on the wires during cycle t+1 and taken by the receiver at its end. */
#include "tn_internal.h"

void tn_link_emit_flit(tn_sim *s, int node, int op, const tn_flit *f)
{
    tn_link_ev *e = &s->lev[s->cur ^ 1][s->nlev[s->cur ^ 1]++];
    e->from_node = node;
    e->from_port = (uint8_t)op;
    e->f = *f;
    if (tn_port_is_term(&s->g, op)) {
        e->node = node;
        e->port = (uint8_t)op;
        e->sink = 1;
    } else {
        e->node = s->g.nbr[(long)node * s->P + op];
        e->port = (uint8_t)tn_port_opposite(op);
        e->sink = 0;
    }
}

void tn_link_emit_credit(tn_sim *s, int node, int ip, int vc)
{
    tn_credit_ev *c = &s->cev[s->cur ^ 1][s->ncev[s->cur ^ 1]++];
    c->node = node;
    c->port = (uint8_t)ip;
    c->vc = (uint8_t)vc;
}

/* Statistics of a flit on a network link (not hardware): flit-hops, the packet's hops (its head's
 * links), and the channel count when it was sent in the window. The flit was sent in the cycle
 * before the one that delivers it. */
static void link_stats(tn_sim *s, const tn_link_ev *e)
{
    long sent = s->cycle - 1;
    s->flit_hops++;
    if (e->f.head)
        s->pkt[e->f.pkt].hops++;
    if (sent >= s->win_lo && sent < s->win_hi)
        s->chan_flits[(long)e->from_node * s->P + e->from_port]++;
}

void tn_links_deliver(tn_sim *s)
{
    int c = s->cur;
    for (long i = 0; i < s->nlev[c]; i++) {
        const tn_link_ev *e = &s->lev[c][i];
        if (!e->sink && e->from_node >= 0) /* a network link (not an injection link) */
            link_stats(s, e);
        if (e->sink) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            tn_sink_receive(s, e->node, ch, &e->f);
        } else {
            tn_iu_push(&s->rt, e->node, e->port, &e->f);
        }
    }
    for (long i = 0; i < s->ncev[c]; i++) {
        const tn_credit_ev *e = &s->cev[c][i];
        if (tn_port_is_term(&s->g, e->port)) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            tn_source *src = &s->src[(long)e->node * s->g.term + ch];
            if (src->credits[e->vc] >= s->B)
                s->rt.err[e->node] |= TN_ERR_CREDIT_OVF;
            else
                src->credits[e->vc]++;
        } else {
            int up = s->g.nbr[(long)e->node * s->P + e->port];
            tn_ou_credit(&s->rt, up, tn_port_opposite(e->port), e->vc);
        }
    }
}
