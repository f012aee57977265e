/* SPDX-License-Identifier: MIT */
/* ACOR beside each router (rtl=rtr with tn_acor_lock_top, docs/microarchitecture.md R23.8.2; or in
 * every node of the time-multiplexed torus, rtl=emu with tn_emu_lock_top, ports node-major):
 * configuration, the registers of the table (TN_ACOROBS_FIELDS: level, cnt, tmr per node; rng,
 * min(fail, 3) per channel) at the start of every cycle, and after the model's step of the cycle
 * its attempts (att, rdy, dst per channel) driven into tn_acor: every attempt's intermediate
 * (acor.mid) and every channel's level in force (acor.lvl) compared. */
#include <stdio.h>
#include "lock.h"
#include "tn_obs.h"

static uint8_t *port(tn_rtl *r, int p) { return tn_rtl_port(r, p, NULL); }

void acor_configure(tn_rtl *x, const tn_config *c)
{
    lk_set(port(x, TN_RTL_ACOR_CFG_SEQ), 0, 2, (uint64_t)c->acor_seq);
    lk_set(port(x, TN_RTL_ACOR_CFG_MODE), 0, 1, (uint64_t)c->acor_mode);
    lk_set(port(x, TN_RTL_ACOR_CFG_HI), 0, 16, (uint64_t)c->acor_hi);
    lk_set(port(x, TN_RTL_ACOR_CFG_IT1), 0, 16, (uint64_t)c->acor_it1);
    lk_set(port(x, TN_RTL_ACOR_CFG_IT2), 0, 16, (uint64_t)c->acor_it2);
    lk_set(port(x, TN_RTL_ACOR_CFG_DT1), 0, 16, (uint64_t)c->acor_dt1);
    lk_set(port(x, TN_RTL_ACOR_CFG_DT2), 0, 16, (uint64_t)c->acor_dt2);
    lk_set(port(x, TN_RTL_ACOR_GSEED), 0, 32, (uint64_t)c->seed); /* the top salts it (R23.3.1) */
}

/* The ACOR registers at the start of the cycle against the model's. */
int acor_compare_state(rnet *r, const tn_sim *s, const layout *Lay, mismatch *mm)
{
    const tn_dims *L = &Lay->d;
    uint64_t mval[LK_MAX_OBSV];
    uint64_t mcmp[LK_MAX_OBSV / 64];
    for (int node = 0; node < tn_sim_geom(s)->nodes; node++) {
        const uint8_t *po = port(lk_node_rtl(r, node), TN_RTL_ACOR_OBS);
        long off = lk_node_bit(r, node, Lay->aobsw);
        int k = 0;
        tn_sim_observe(s, L, TN_OBS_ACOR, node, mval, mcmp);
#define X(nm, ix, cnt, wd)                                                                     \
    for (int i = 0; i < (cnt); i++, k++) {                                                     \
        if (!(mcmp[k >> 6] >> (k & 63) & 1))                                                   \
            continue;                                                                          \
        uint64_t rv = lk_get(po, off + (long)i * (wd), (wd)), mv = mval[k];                    \
        if (rv != mv)                                                                          \
            return lk_node_mismatch(mm, node, (cnt) > 1 ? i : -1, nm, rv, mv);                 \
    }                                                                                          \
    off += (long)(cnt) * (wd);
        TN_ACOROBS_FIELDS(X)
#undef X
    }
    return 0;
}

/* Before the model's step: each channel's level in force in this cycle (R23.2.2). */
void acor_capture(const tn_sim *s, uint8_t *lvl)
{
    const tn_geom *g = tn_sim_geom(s);
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++)
        for (int e = 0; e < g->term; e++) {
            tn_sim_chan(s, node, e, &o);
            lvl[(long)node * g->term + e] = o.level;
        }
}

/* After the model's step of cycle t: drive its attempts of cycle t (an attempt, blocked or not,
 * the head's destination). */
void acor_drive(rnet *r, const tn_sim *s, const layout *Lay)
{
    const tn_geom *g = tn_sim_geom(s);
    const int term = g->term, AW = Lay->d.AW;
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++) {
        tn_rtl *x = lk_node_rtl(r, node);
        uint8_t *pa = port(x, TN_RTL_ACOR_ATT), *pr = port(x, TN_RTL_ACOR_RDY);
        uint8_t *pd = port(x, TN_RTL_ACOR_DST);
        long b1 = lk_node_bit(r, node, term), bA = lk_node_bit(r, node, (long)term * AW);
        for (int e = 0; e < term; e++) {
            tn_sim_chan(s, node, e, &o);
            lk_set(pa, b1 + e, 1, o.att);
            lk_set(pr, b1 + e, 1, o.att && !o.blk);
            lk_set(pd, bA + (long)e * AW, AW, o.att_dst);
        }
    }
}

/* The draws and the levels in force of cycle t against the model's: settled after acor_drive
 * (rtl=rtr), or as the time-multiplexed torus kept them during its tick (rtl=emu). */
int acor_compare_decisions(rnet *r, const tn_sim *s, const layout *Lay, const uint8_t *lvl,
                           mismatch *mm)
{
    const tn_geom *g = tn_sim_geom(s);
    const int term = g->term, AW = Lay->d.AW;
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++) {
        tn_rtl *x = lk_node_rtl(r, node);
        const uint8_t *pm = port(x, TN_RTL_ACOR_MID), *pl = port(x, TN_RTL_ACOR_LVL);
        long b2 = lk_node_bit(r, node, 2L * term), bA = lk_node_bit(r, node, (long)term * AW);
        for (int e = 0; e < term; e++) {
            tn_sim_chan(s, node, e, &o);
            uint64_t rl = lk_get(pl, b2 + 2L * e, 2), ml = lvl[(long)node * term + e];
            if (rl != ml)
                return lk_node_mismatch(mm, node, e, "acor.lvl", rl, ml);
            if (o.att) {
                uint64_t rm = lk_get(pm, bA + (long)e * AW, AW), mv = o.att_mid;
                if (rm != mv)
                    return lk_node_mismatch(mm, node, e, "acor.mid", rm, mv);
            }
        }
    }
    return 0;
}

/* rtl=rtr: drive, settle each router's model and compare, before the tick. */
int acor_drive_compare(rnet *r, const tn_sim *s, const layout *Lay, const uint8_t *lvl,
                       mismatch *mm)
{
    acor_drive(r, s, Lay);
    for (int node = 0; node < tn_sim_geom(s)->nodes; node++)
        tn_rtl_eval(lk_node_rtl(r, node));
    return acor_compare_decisions(r, s, Lay, lvl, mm);
}
