/* SPDX-License-Identifier: MIT */
/* Network of routers (rtl/net/tn_torus.v): link and credit registers. Values registered at the
 * end of cycle t are on the wires during cycle t+1 and taken by the receiver at its end. */
#include "tn_internal.h"

void tn_links_deliver(tn_sim *s)
{
    int c = s->cur;
    for (long i = 0; i < s->nlev[c]; i++) {
        const tn_link_ev *e = &s->lev[c][i];
        if (e->sink) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            tn_sink_receive(s, e->node, ch, &e->f);
        } else {
            tn_iu_push(s, e->node, e->port, &e->f);
        }
    }
    for (long i = 0; i < s->ncev[c]; i++) {
        const tn_credit_ev *e = &s->cev[c][i];
        if (tn_port_is_term(&s->g, e->port)) {
            int ch = e->port == 0 ? 0 : e->port - 2 * s->g.n;
            tn_source *src = &s->src[(long)e->node * s->g.term + ch];
            if (src->credits[e->vc] >= s->B)
                s->router_err[e->node] |= TN_ERR_CREDIT_OVF;
            else
                src->credits[e->vc]++;
        } else {
            int up = s->g.nbr[(long)e->node * s->P + e->port];
            tn_ou_credit(s, up, tn_port_opposite(e->port), e->vc);
        }
    }
}
