/* SPDX-License-Identifier: MIT */
/* The model's observation port (tn_observe.h): the registers and ports the lockstep harness
 * compares with the RTL's, read from the blocks' state. The observed registers come from the
 * table's model column (tn_obs_model.h, generated from rtl/common/tn_defs.tbl). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn_internal.h"
#include "tn_obs_model.h"
#include "tn_observe.h"

int tn_links_alloc(tn_links *w, const tn_sim *s)
{
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    memset(w, 0, sizeof *w);
    w->lnk_valid = calloc((size_t)np, 1);
    w->lnk = calloc((size_t)np, sizeof(tn_flit));
    w->inj_valid = calloc((size_t)nt, 1);
    w->inj = calloc((size_t)nt, sizeof(tn_flit));
    w->crd_valid = calloc((size_t)np, 1);
    w->crd_vc = calloc((size_t)np, 1);
    if (w->lnk_valid && w->lnk && w->inj_valid && w->inj && w->crd_valid && w->crd_vc)
        return 0;
    tn_links_free(w);
    return -1;
}

void tn_links_free(tn_links *w)
{
    free(w->lnk_valid);
    free(w->lnk);
    free(w->inj_valid);
    free(w->inj);
    free(w->crd_valid);
    free(w->crd_vc);
    memset(w, 0, sizeof *w);
}

long tn_sim_links(const tn_sim *s, tn_links *w)
{
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    memset(w->lnk_valid, 0, (size_t)np);
    memset(w->inj_valid, 0, (size_t)nt);
    memset(w->crd_valid, 0, (size_t)np);
    int c = s->lk.cur;
    for (long i = 0; i < s->lk.nlev[c]; i++) {
        const tn_link_ev *e = &s->lk.lev[c][i];
        if (e->from_node >= 0) {
            long idx = (long)e->from_node * s->P + e->from_port;
            w->lnk_valid[idx] = 1;
            w->lnk[idx] = e->f;
        } else {
            long idx = (long)e->node * s->g.term + e->from_port;
            w->inj_valid[idx] = 1;
            w->inj[idx] = e->f;
        }
    }
    for (long i = 0; i < s->lk.ncev[c]; i++) {
        const tn_credit_ev *e = &s->lk.cev[c][i];
        long idx = (long)e->node * s->P + e->port;
        w->crd_valid[idx] = 1;
        w->crd_vc[idx] = e->vc;
    }
    return s->lk.nlev[c] + s->lk.ncev[c];
}

void tn_sim_sync(tn_sim *s)
{
    for (int v = 0; v < s->g.nodes; v++)
        tn_router_sel_sync(&s->rt, v, s->cycle);
}

int tn_obs_count(const tn_dims *L, int bus)
{
    int n = 0;
#define X(nm, ix, cnt, wd, ...) n += (cnt);
    if (bus == TN_OBS_ROUTER) {
        TN_OBS_FIELDS(X)
    } else if (bus == TN_OBS_NI) {
        TN_NIOBS_FIELDS(X)
    } else {
        TN_ACOROBS_FIELDS(X)
    }
#undef X
    return n;
}

int tn_sim_observe(const tn_sim *s, const tn_dims *dims, int bus, int node, uint64_t *val,
                   uint64_t *cmp)
{
    /* local copies: the stores to val and cmp cannot change them (uint64_t stores alias neither
     * an int nor a pointer), so the loops keep them in registers */
    const tn_dims Ld = *dims, *L = &Ld;
    const tn_gal_ni *g = &s->gal;
    (void)g;
    int k = 0;
    uint64_t m = 0; /* bits of cmp[k / 64] so far */
#define X(nm, ix, cnt, wd, when, model)                                                        \
    for (int i = 0; i < (cnt); i++, k++) {                                                     \
        long x = (long)node * (cnt) + i;                                                       \
        (void)x;                                                                               \
        int on = (when) ? 1 : 0;                                                               \
        val[k] = on ? (uint64_t)(model) : 0;                                                   \
        m |= (uint64_t)on << (k & 63);                                                         \
        if ((k & 63) == 63) {                                                                  \
            cmp[k >> 6] = m;                                                                   \
            m = 0;                                                                             \
        }                                                                                      \
    }
    if (bus == TN_OBS_ROUTER) {
        TN_OBS_FIELDS(X)
    } else if (bus == TN_OBS_NI) {
        TN_NIOBS_FIELDS(X)
    } else {
        TN_ACOROBS_FIELDS(X)
    }
#undef X
    if (k & 63)
        cmp[k >> 6] = m;
    return k;
}

uint32_t tn_sim_router_err(const tn_sim *s, int node) { return s->rt.err[node]; }

void tn_sim_chan(const tn_sim *s, int node, int ch, tn_chan_obs *o)
{
    const tn_source *src = &s->src[(long)node * s->g.term + ch];
    memset(o, 0, sizeof *o);
    int any = 0;
    for (int v = 0; v < s->V; v++)
        any |= src->credits[v] == s->B;
    o->ready = (uint8_t)(!src->in_pkt && any);
    if (s->gal.ntag) /* routing=gal */
        o->ntag = s->gal.ntag[node];
    if (s->acor) { /* routing=acor */
        uint32_t f = src->acor_fail > 3u ? 3u : src->acor_fail;
        o->level = (uint8_t)(s->cfg.acor_mode == TN_ACOR_MODE_PACKET
                                 ? tn_acor_packet_level(s->acor_cfg.levels, (int)f)
                                 : s->acor[node].level);
    }
    o->offer = src->gal_offer;
    o->offer_dst = src->gal_offer ? tn_addr_of(&s->g, src->gal_offer_dst) : 0;
    o->took = src->gal_took;
    o->enq_q = src->gal_enq_q;
    o->dep_q = src->gal_dep_q;
    if (src->gal_dep_q >= 0 && src->pkt < (uint32_t)s->pt.n_slots) {
        const tn_packet *p = &s->pt.pkt[src->pkt];
        o->dep_tag = src->gal_dep_tag;
        o->dep_dst = tn_addr_of(&s->g, p->dst);
        o->dep_quad = p->quad;
    }
    o->att = src->acor_att;
    o->blk = src->acor_blk;
    if (src->acor_att) {
        o->att_dst = tn_addr_of(&s->g, src->pend.dst);
        o->att_mid = src->pend.mid;
    }
}

void tn_sim_flit_text(const tn_sim *s, const tn_flit *f, char *buf, size_t len)
{
    if (f->pkt < (uint32_t)s->pt.n_slots) {
        const tn_packet *p = &s->pt.pkt[f->pkt];
        snprintf(buf, len, "packet %d->%d seq %u, flit %d of %d, created %ld, injected %ld",
                 p->src, p->dst, p->seq, f->idx, p->len, p->created, p->injected);
    } else {
        snprintf(buf, len, "unknown packet");
    }
}

/* The injection link event of (node, channel) visible this cycle, or NULL. */
static tn_link_ev *inj_event(tn_sim *s, int node, int ch)
{
    for (long i = 0; i < s->lk.nlev[s->lk.cur]; i++) {
        tn_link_ev *e = &s->lk.lev[s->lk.cur][i];
        if (e->from_node < 0 && e->node == node && e->from_port == ch)
            return e;
    }
    return NULL;
}

static int break_order(tn_sim *s, int node, char *what, size_t len)
{
    for (int ch = 0; ch < s->g.term; ch++) {
        tn_link_ev *e = inj_event(s, node, ch);
        if (!e || !e->f.head)
            continue;
        e->f.head = 0;
        snprintf(what, len, "the head on injection channel %d, VC %d, sent as a body flit", ch,
                 e->f.vc);
        return 1;
    }
    return 0;
}

static int break_buf_ovf(tn_sim *s, int node, char *what, size_t len)
{
    for (int ch = 0; ch < s->g.term; ch++) {
        tn_link_ev *e = inj_event(s, node, ch);
        if (!e)
            continue;
        int port = tn_term_port(&s->g, ch);
        for (int v = 0; v < s->V; v++) {
            long ivc = ((long)node * s->P + port) * s->V + v;
            if (v == e->f.vc || s->rt.iu.cnt[ivc] != s->B || s->rt.iu.state[ivc] != TN_VC_ACTIVE ||
                tn_port_is_term(&s->g, s->rt.iu.oport[ivc]))
                continue;
            long ovc = ((long)node * s->P + s->rt.iu.oport[ivc]) * s->V + s->rt.iu.ovc[ivc];
            if (s->rt.ou.credits[ovc] != 0)
                continue; /* it may be read this cycle: not full then */
            snprintf(what, len, "the flit on injection channel %d sent to VC %d instead of %d "
                                "(full, waiting for a credit)", ch, v, e->f.vc);
            e->f.vc = (uint8_t)v;
            return 1;
        }
    }
    return 0;
}

static int break_credit_ovf(tn_sim *s, int node, int *port, int *vc, char *what, size_t len)
{
    int c = s->lk.cur;
    for (int p = 1; p <= 2 * s->g.n; p++) {
        long slot = (long)node * s->P + p;
        int u = s->g.nbr[slot];
        if (u < 0)
            continue;
        int q = tn_port_opposite(p);
        int taken = 0; /* one credit per wire and cycle */
        for (long i = 0; i < s->lk.ncev[c]; i++)
            taken |= s->lk.cev[c][i].node == u && s->lk.cev[c][i].port == q;
        if (taken)
            continue;
        for (int v = 0; v < s->V; v++) {
            if (s->rt.ou.credits[slot * s->V + v] != s->B || (s->rt.ou.busy[slot] >> v & 1u))
                continue;
            /* a credit event from the neighbour's input port; the RTL is given it on this
             * router's credit input (the neighbour's credit register is left as it is) */
            tn_credit_ev *e = &s->lk.cev[c][s->lk.ncev[c]++];
            e->node = u;
            e->port = (uint8_t)q;
            e->vc = (uint8_t)v;
            *port = p;
            *vc = v;
            snprintf(what, len, "a credit no flit freed, to output port %d VC %d (idle, %d "
                                "credits)", p, v, s->B);
            return 1;
        }
    }
    return 0;
}

int tn_sim_break(tn_sim *s, int kind, int node, int *port, int *vc, char *what, size_t len)
{
    *port = *vc = -1;
    if (kind == TN_BREAK_ORDER)
        return break_order(s, node, what, len);
    if (kind == TN_BREAK_BUF_OVF)
        return break_buf_ovf(s, node, what, len);
    if (kind == TN_BREAK_CREDIT_OVF)
        return break_credit_ovf(s, node, port, vc, what, len);
    return 0;
}

void tn_sim_stop_sources(tn_sim *s) { s->gen_stop = 1; }

void tn_sim_counts(const tn_sim *s, long *injected, long *delivered)
{
    *injected = s->meas.injected;
    *delivered = s->meas.delivered;
}

int tn_sim_acrd(const tn_sim *s) { return s->A; }

void tn_sim_header(const tn_sim *s, int node, tn_rng *r, int dst, uint32_t *mid, uint8_t *quad)
{
    tn_pending p;
    memset(&p, 0, sizeof p);
    p.dst = dst;
    tn_source_header(&s->gen, node, r, &p);
    *mid = p.mid;
    *quad = p.quad;
}
