/* SPDX-License-Identifier: MIT */
/* inject=: one break of the link protocol, given to the model and the RTL alike, so that the
 * RTL's error detectors (section 13 of docs/microarchitecture.md) are shown to fire as the
 * model's do. A correct network never sets an error bit, so without this no lockstep run would
 * tell a detector that never fires from one that works (make mutate found such mutants).
 * The break is made on the inputs of a cycle, after the model's registers of the cycle are laid
 * out (view_build) and the RTL's inputs driven from them, before either steps:
 *   order       an injected head becomes a body flit: a non-head at the front of an IDLE VC
 *               (ORDER, R6.4.3), when it gets there
 *   buf_ovf     an injected flit is sent to another VC of the port that is full and cannot be
 *               read this cycle (ACTIVE, its output VC without credits): BUF_OVF (R6.1.2)
 *   credit_ovf  (rtl=rtr) a credit no flit freed arrives at a network output VC that is idle
 *               with buf credits: CREDIT_OVF (R6.2.2), or later, if the VC sends in the cycle,
 *               an error the surplus credit causes downstream
 * The first chance at or after cycle inject_at at node inject_node is taken. */
#include <stdio.h>
#include "lock.h"
#include "opts.h"

uint32_t inject_bit(int kind)
{
    return kind == LK_INJ_ORDER ? TN_ERR_ORDER : kind == LK_INJ_BUF_OVF ? TN_ERR_BUF_OVF
                                                                         : TN_ERR_CREDIT_OVF;
}

/* The model's injection link event of (node, channel) visible this cycle, or NULL. */
static tn_link_ev *inj_event(tn_sim *s, int node, int ch)
{
    for (long i = 0; i < s->nlev[s->cur]; i++) {
        tn_link_ev *e = &s->lev[s->cur][i];
        if (e->from_node < 0 && e->node == node && e->from_port == ch)
            return e;
    }
    return NULL;
}

static int try_order(tn_sim *s, view *w, int node, char *what, size_t len)
{
    for (int ch = 0; ch < s->g.term; ch++) {
        tn_link_ev *e = inj_event(s, node, ch);
        if (!e || !e->f.head)
            continue;
        e->f.head = 0;
        w->inj[(long)node * s->g.term + ch].head = 0;
        snprintf(what, len, "the head on injection channel %d, VC %d, sent as a body flit", ch,
                 e->f.vc);
        return 1;
    }
    return 0;
}

static int try_buf_ovf(tn_sim *s, view *w, int node, char *what, size_t len)
{
    for (int ch = 0; ch < s->g.term; ch++) {
        tn_link_ev *e = inj_event(s, node, ch);
        if (!e)
            continue;
        int port = tn_term_port(&s->g, ch);
        for (int v = 0; v < s->V; v++) {
            long ivc = ((long)node * s->P + port) * s->V + v;
            if (v == e->f.vc || s->iu.cnt[ivc] != s->B || s->iu.state[ivc] != TN_VC_ACTIVE ||
                tn_port_is_term(&s->g, s->iu.oport[ivc]))
                continue;
            long ovc = ((long)node * s->P + s->iu.oport[ivc]) * s->V + s->iu.ovc[ivc];
            if (s->ou.credits[ovc] != 0)
                continue; /* it may be read this cycle: not full then */
            snprintf(what, len, "the flit on injection channel %d sent to VC %d instead of %d "
                                "(full, waiting for a credit)", ch, v, e->f.vc);
            e->f.vc = (uint8_t)v;
            w->inj[(long)node * s->g.term + ch].vc = (uint8_t)v;
            return 1;
        }
    }
    return 0;
}

static int try_credit_ovf(tn_sim *s, view *w, rnet *r, int node, char *what, size_t len)
{
    for (int p = 1; p <= 2 * s->g.n; p++) {
        long slot = (long)node * s->P + p;
        int u = s->g.nbr[slot];
        if (u < 0)
            continue;
        int q = tn_port_opposite(p);
        if (w->crd_valid[(long)u * s->P + q])
            continue; /* one credit per wire and cycle */
        for (int v = 0; v < s->V; v++) {
            if (s->ou.credits[slot * s->V + v] != s->B || (s->ou.busy[slot] >> v & 1u))
                continue;
            /* in the model, a credit event from the neighbour's input port; in the RTL, on this
             * router's credit input (the neighbour's credit register, which w compares, is
             * left as it is) */
            tn_credit_ev *c = &s->cev[s->cur][s->ncev[s->cur]++];
            c->node = u;
            c->port = (uint8_t)q;
            c->vc = (uint8_t)v;
            rnet_credit_in(r, node, p, v);
            snprintf(what, len, "a credit no flit freed, to output port %d VC %d (idle, %d "
                                "credits)", p, v, s->B);
            return 1;
        }
    }
    return 0;
}

int inject_try(int kind, int node, rnet *r, tn_sim *s, view *w, const layout *L, char *what,
               size_t len)
{
    int done = kind == LK_INJ_ORDER     ? try_order(s, w, node, what, len)
               : kind == LK_INJ_BUF_OVF ? try_buf_ovf(s, w, node, what, len)
                                        : try_credit_ovf(s, w, r, node, what, len);
    if (done && kind != LK_INJ_CREDIT_OVF)
        drive_injection(r, w, L, s); /* the RTL's injection inputs, as the view now says */
    return done;
}
