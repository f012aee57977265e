/* SPDX-License-Identifier: MIT */
/* The injection inputs of the RTL that the model's registers of a cycle drive (its injection
 * registers, read through tn_sim_links). */
#include "lock.h"

/* A flit's fields at their table positions (absent fields have width 0). */
void drive_flit(uint8_t *p, long lsb, const layout *L, const tn_flit *f)
{
    const uint64_t v[8] = {f->payload, f->src, f->dst, f->quad, f->mid, f->phase, f->tail, f->head};
    for (int i = 0; i < 8; i++)
        if (L->f_w[i])
            lk_set(p, lsb + L->f_lsb[i], L->f_w[i], v[i]);
}

void drive_injection(rnet *r, const view *w, const layout *L, const tn_geom *g)
{
    rnet_clear_inputs(r);
    for (int node = 0; node < g->nodes; node++)
        for (int ch = 0; ch < g->term; ch++) {
            long i = (long)node * g->term + ch;
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
