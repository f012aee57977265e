/* SPDX-License-Identifier: MIT */
/* Network of routers (rtl/net/tn_torus.v): link and credit registers. Values registered at the
 * end of cycle t are on the wires during cycle t+1 and taken by the receiver at its end:
 * tn_links_deliver wires them to the input units, output units, sinks and sources, and adds the
 * links' and deliveries' events to the measurement. */
#include "tn_internal.h"

void tn_link_emit_flit(tn_link_regs *l, const tn_geom *g, int node, int op, const tn_flit *f)
{
    tn_link_ev *e = &l->lev[l->cur ^ 1][l->nlev[l->cur ^ 1]++];
    e->from_node = node;
    e->from_port = (uint8_t)op;
    e->f = *f;
    if (tn_port_is_term(g, op)) {
        e->node = node;
        e->port = (uint8_t)op;
        e->sink = 1;
    } else {
        e->node = g->nbr[(long)node * g->ports + op];
        e->port = (uint8_t)tn_port_opposite(op);
        e->sink = 0;
    }
}

void tn_link_emit_credit(tn_link_regs *l, int node, int ip, int vc)
{
    tn_credit_ev *c = &l->cev[l->cur ^ 1][l->ncev[l->cur ^ 1]++];
    c->node = node;
    c->port = (uint8_t)ip;
    c->vc = (uint8_t)vc;
}

void tn_link_emit_inject(tn_link_regs *l, const tn_geom *g, int node, int ch, const tn_flit *f)
{
    tn_link_ev *e = &l->lev[l->cur ^ 1][l->nlev[l->cur ^ 1]++];
    e->node = node;
    e->port = (uint8_t)tn_term_port(g, ch);
    e->sink = 0;
    e->from_node = -1;
    e->from_port = (uint8_t)ch;
    e->f = *f;
}

/* A delivered packet (its tail ejected): the measurement, its slot freed, the caller's
 * callback. */
static void deliver(tn_sim *s, uint32_t slot)
{
    tn_packet *p = &s->pt.pkt[slot];
    tn_pkt_record r = {p->src,     p->dst,     p->len,     p->hops, p->created,
                       p->injected, s->cycle, p->channel, p->quad};
    tn_meas_delivered(&s->meas, &s->g, p, s->cycle);
    tn_pkt_release(&s->pt, slot);
    if (s->on_deliver)
        s->on_deliver(s->on_deliver_user, &r);
}

void tn_links_deliver(tn_sim *s)
{
    int c = s->lk.cur;
    for (long i = 0; i < s->lk.nlev[c]; i++) {
        const tn_link_ev *e = &s->lk.lev[c][i];
        if (!e->sink && e->from_node >= 0) /* a network link (not an injection link) */
            tn_meas_link(&s->meas, s->cycle - 1, (long)e->from_node * s->P + e->from_port,
                         e->f.head, &s->pt.pkt[e->f.pkt]);
        if (e->sink) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            const tn_sink_in in = {&s->g, s->cfg.flitw, e->node, s->cycle, &s->pt, &s->chk};
            long r = tn_sink_receive(&s->sinkvc[((long)e->node * s->g.term + ch) * s->V], &in,
                                     &e->f);
            if (r != TN_SINK_REJECTED)
                tn_meas_accepted(&s->meas, s->cycle, s->pt.pkt[e->f.pkt].src);
            if (r >= 0)
                deliver(s, (uint32_t)r);
        } else {
            tn_iu_push(&s->rt, e->node, e->port, &e->f);
        }
    }
    for (long i = 0; i < s->lk.ncev[c]; i++) {
        const tn_credit_ev *e = &s->lk.cev[c][i];
        if (tn_port_is_term(&s->g, e->port)) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            tn_source *src = &s->src[(long)e->node * s->g.term + ch];
            if (src->credits[e->vc] >= s->B)
                *tn_err_reg(&s->rt, e->node) |= TN_ERR_CREDIT_OVF;
            else
                src->credits[e->vc]++;
        } else {
            int up = tn_upstream(&s->g, e->node, e->port);
            tn_ou_credit(&s->rt, up, tn_port_opposite(e->port), e->vc);
        }
    }
}
