/* SPDX-License-Identifier: MIT */
/* The model's link and credit registers visible in a cycle (its event lists, laid out per node and
 * port), and the injection inputs of the RTL they drive. */
#include <stdlib.h>
#include "lock.h"

int view_alloc(view *w, const tn_sim *s)
{
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    w->lnk_valid = calloc((size_t)np, 1);
    w->lnk = calloc((size_t)np, sizeof(tn_flit));
    w->inj_valid = calloc((size_t)nt, 1);
    w->inj = calloc((size_t)nt, sizeof(tn_flit));
    w->crd_valid = calloc((size_t)np, 1);
    w->crd_vc = calloc((size_t)np, 1);
    return w->lnk_valid && w->lnk && w->inj_valid && w->inj && w->crd_valid && w->crd_vc ? 0 : -1;
}

void view_free(view *w)
{
    free(w->lnk_valid);
    free(w->lnk);
    free(w->inj_valid);
    free(w->inj);
    free(w->crd_valid);
    free(w->crd_vc);
}

void view_build(view *w, const tn_sim *s)
{
    long np = (long)s->g.nodes * s->P, nt = (long)s->g.nodes * s->g.term;
    memset(w->lnk_valid, 0, (size_t)np);
    memset(w->inj_valid, 0, (size_t)nt);
    memset(w->crd_valid, 0, (size_t)np);
    int c = s->cur;
    for (long i = 0; i < s->nlev[c]; i++) {
        const tn_link_ev *e = &s->lev[c][i];
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
    for (long i = 0; i < s->ncev[c]; i++) {
        const tn_credit_ev *e = &s->cev[c][i];
        long idx = (long)e->node * s->P + e->port;
        w->crd_valid[idx] = 1;
        w->crd_vc[idx] = e->vc;
    }
}

/* A flit's fields at their table positions (absent fields have width 0). */
void drive_flit(uint8_t *p, long lsb, const layout *L, const tn_flit *f)
{
    const uint64_t v[8] = {f->payload, f->src, f->dst, f->quad, f->mid, f->phase, f->tail, f->head};
    for (int i = 0; i < 8; i++)
        if (L->f_w[i])
            lk_set(p, lsb + L->f_lsb[i], L->f_w[i], v[i]);
}

void drive_injection(rnet *r, const view *w, const layout *L, const tn_sim *s)
{
    rnet_clear_inputs(r);
    for (int node = 0; node < s->g.nodes; node++)
        for (int ch = 0; ch < s->g.term; ch++) {
            long i = (long)node * s->g.term + ch;
            if (!w->inj_valid[i])
                continue;
            uint8_t *pv, *pc, *pf;
            long lv, lc, lf;
            rnet_inj(r, node, ch, &pv, &lv, &pc, &lc, &pf, &lf);
            lk_set(pv, lv, 1, 1);
            lk_set(pc, lc, L->d.VW, w->inj[i].vc);
            drive_flit(pf, lf, L, &w->inj[i]);
        }
}
