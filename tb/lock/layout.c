/* SPDX-License-Identifier: MIT */
/* Widths and bus positions of the Verilated model, from the generated table (rtl/common/tn_defs.tbl
 * via cmodel/include/tn_defs.h and tb/tn_obs.h): nothing here repeats a width by hand. */
#include <stdio.h>
#include <stdlib.h>
#include "lock.h"
#include "tn_obs.h"

void layout_init(layout *L, const tn_rtl_params *p)
{
    memset(L, 0, sizeof *L);
    tn_dims *d = &L->d;
    d->K = p->k;
    d->N = p->n;
    d->V = p->v;
    d->B = p->b;
    d->W = p->w;
    d->TERM = p->term;
    d->ROUTING = p->routing;
    d->QD = p->qd;
    tn_dims_derive(d);
    long lsb = 0;
    int f = 0;
#define X(member, width, present)                                                              \
    L->f_w[f] = (present) ? (width) : 0;                                                       \
    L->f_lsb[f] = lsb;                                                                         \
    lsb += L->f_w[f++];
    TN_FLIT_FIELDS(X, d)
#undef X
    const tn_dims *Ld = d;
    long o = 0;
    {
        const tn_dims *L = Ld; /* the table's expressions read L-> */
#define X(nm, ix, cnt, w) o += (long)(cnt) * (w);
        TN_OBS_FIELDS(X)
#undef X
    }
    L->obsw = o;
    o = 0;
    {
        const tn_dims *L = Ld;
#define X(nm, ix, cnt, w) o += (long)(cnt) * (w);
        TN_NIOBS_FIELDS(X)
#undef X
    }
    L->nobsw = o;
    o = 0;
    {
        const tn_dims *L = Ld;
#define X(nm, ix, cnt, w) o += (long)(cnt) * (w);
        TN_ACOROBS_FIELDS(X)
#undef X
    }
    L->aobsw = o;
    for (int bus = TN_OBS_ROUTER; bus <= TN_OBS_ACOR; bus++)
        if (tn_obs_count(d, bus) > LK_MAX_OBSV) { /* a build past tn.h's limits */
            fprintf(stderr, "tnlock: error: observation bus %d has %d fields, more than %d\n", bus,
                    tn_obs_count(d, bus), LK_MAX_OBSV);
            exit(2);
        }
    L->acor = p->acor;
    L->gal = p->gal;
    L->emu = p->emu;
    L->top = p->top;
}
