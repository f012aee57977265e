/* SPDX-License-Identifier: MIT */
/* The GAL network interface beside each router (rtl=rtr with tn_gal_lock_top: a model per node)
 * or in every node of the time-multiplexed torus (rtl=emu with tn_emu_lock_top: one model, each
 * port node-major): configuration, the registers of the table (TN_NIOBS_FIELDS) and every
 * enqueue and departure, each cycle. */
#include <stdio.h>
#include "lock.h"
#include "tn_obs.h"

static uint8_t *port(tn_rtl *r, int p) { return tn_rtl_port(r, p, NULL); }

void ni_configure(tn_rtl *x, const layout *L, const tn_config *c)
{
    const tn_dims *d = &L->d;
    lk_set(port(x, TN_RTL_NI_CFG_SETS), 0, 2, (uint64_t)c->gal_sets);
    lk_set(port(x, TN_RTL_NI_CFG_ADAPT), 0, 1, (uint64_t)c->gal_adapt);
    lk_set(port(x, TN_RTL_NI_CFG_T), 0, d->NTW, (uint64_t)c->gal_t);
    lk_set(port(x, TN_RTL_NI_CFG_TMIN), 0, d->NTW, (uint64_t)c->gal_tmin);
    lk_set(port(x, TN_RTL_NI_CFG_TMAX), 0, d->NTW, (uint64_t)c->gal_tmax);
    lk_set(port(x, TN_RTL_NI_CFG_N1), 0, 7, (uint64_t)c->gal_n1);
    lk_set(port(x, TN_RTL_NI_CFG_N2), 0, 20, (uint64_t)c->gal_n2);
}

int lk_node_mismatch(mismatch *mm, int node, int idx, const char *field, uint64_t rv,
                     uint64_t mv)
{
    mm->node = node;
    mm->port = idx;
    mm->vc = -1;
    snprintf(mm->field, sizeof mm->field, "%s", field);
    mm->rtl = rv;
    mm->model = mv;
    mm->pkt[0] = 0;
    return 1;
}

/* The NI registers at the start of the cycle against the model's (fields of the active sets). */
int ni_compare_state(rnet *r, const tn_sim *s, const layout *Lay, mismatch *mm)
{
    const tn_dims *L = &Lay->d;
    uint64_t mval[LK_MAX_OBSV];
    uint64_t mcmp[LK_MAX_OBSV / 64];
    for (int node = 0; node < tn_sim_geom(s)->nodes; node++) {
        const uint8_t *po = port(lk_node_rtl(r, node), TN_RTL_NI_OBS);
        long off = lk_node_bit(r, node, Lay->nobsw);
        int k = 0;
        tn_sim_observe(s, L, TN_OBS_NI, node, mval, mcmp);
#define X(nm, ix, cnt, wd)                                                                     \
    for (int i = 0; i < (cnt); i++, k++) {                                                     \
        if (!(mcmp[k >> 6] >> (k & 63) & 1))                                                   \
            continue;                                                                          \
        uint64_t rv = lk_get(po, off + (long)i * (wd), (wd)), mv = mval[k];                    \
        if (rv != mv)                                                                          \
            return lk_node_mismatch(mm, node, i, nm, rv, mv);                                  \
    }                                                                                          \
    off += (long)(cnt) * (wd);
        TN_NIOBS_FIELDS(X)
#undef X
    }
    return 0;
}

/* Before the model's step: which senders may start a packet this cycle (section 9: no packet
 * being sent and a VC with all credits), and the node's queued-packet count (the next tag). */
void ni_capture(const tn_sim *s, uint8_t *ready, uint32_t *ntag)
{
    const tn_geom *g = tn_sim_geom(s);
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++)
        for (int e = 0; e < g->term; e++) {
            tn_sim_chan(s, node, e, &o);
            ntag[node] = o.ntag;
            ready[(long)node * g->term + e] = o.ready;
        }
}

#define NI_CHECK(fld, idx, rv, mv)                                                             \
    do {                                                                                       \
        uint64_t rv_ = (uint64_t)(rv), mv_ = (uint64_t)(mv);                                   \
        if (rv_ != mv_)                                                                        \
            return lk_node_mismatch(mm, node, idx, fld, rv_, mv_);                                  \
    } while (0)

/* After the model's step of cycle t: drive the NI inputs of cycle t (the packets the model's
 * injection units were offered, the senders' readiness captured before the step). */
void ni_drive(rnet *r, const tn_sim *s, const layout *Lay, const uint8_t *ready,
              const uint32_t *ntag)
{
    const tn_dims *L = &Lay->d;
    const tn_geom *g = tn_sim_geom(s);
    const int term = g->term, AW = L->AW, TW = L->TAGW;
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++) {
        tn_rtl *x = lk_node_rtl(r, node);
        uint8_t *sv = port(x, TN_RTL_NI_SRC_VALID), *sd = port(x, TN_RTL_NI_SRC_DST);
        uint8_t *st = port(x, TN_RTL_NI_SRC_TAG), *rd = port(x, TN_RTL_NI_SND_READY);
        long b1 = lk_node_bit(r, node, term), bA = lk_node_bit(r, node, (long)term * AW);
        long bT = lk_node_bit(r, node, (long)term * TW);
        uint32_t tag = ntag[node];
        for (int e = 0; e < term; e++) {
            tn_sim_chan(s, node, e, &o);
            lk_set(sv, b1 + e, 1, o.offer);
            lk_set(sd, bA + (long)e * AW, AW, o.offer_dst);
            lk_set(st, bT + (long)e * TW, TW, tag & ((1u << TW) - 1));
            tag += o.took;
            lk_set(rd, b1 + e, 1, ready[(long)node * term + e]);
        }
    }
}

/* The NI's decisions of cycle t against the model's: settled after ni_drive (rtl=rtr), or as the
 * time-multiplexed torus kept them during its tick (rtl=emu). */
int ni_compare_decisions(rnet *r, const tn_sim *s, const layout *Lay, mismatch *mm)
{
    const tn_dims *L = &Lay->d;
    const tn_geom *g = tn_sim_geom(s);
    const int term = g->term, AW = L->AW, TW = L->TAGW;
    tn_chan_obs o;
    for (int node = 0; node < g->nodes; node++) {
        tn_rtl *x = lk_node_rtl(r, node);
        const uint8_t *tk = port(x, TN_RTL_NI_SRC_TAKE), *sq = port(x, TN_RTL_NI_SRC_QUEUE);
        const uint8_t *gv = port(x, TN_RTL_NI_SND_VALID), *gt = port(x, TN_RTL_NI_SND_TAG);
        const uint8_t *gd = port(x, TN_RTL_NI_SND_DST), *gq = port(x, TN_RTL_NI_SND_QUAD);
        long b1 = lk_node_bit(r, node, term), bA = lk_node_bit(r, node, (long)term * AW);
        long bT = lk_node_bit(r, node, (long)term * TW), bJ = lk_node_bit(r, node, (long)term * L->JW);
        long bN = lk_node_bit(r, node, (long)term * L->N);
        for (int e = 0; e < term; e++) {
            tn_sim_chan(s, node, e, &o);
            int take = (int)lk_get(tk, b1 + e, 1);
            NI_CHECK("ni.src_take", e, take, o.took);
            if (take)
                NI_CHECK("ni.src_queue", e, lk_get(sq, bJ + (long)e * L->JW, L->JW), o.enq_q);
            int go = (int)lk_get(gv, b1 + e, 1);
            NI_CHECK("ni.snd_valid", e, go, o.dep_q >= 0);
            if (go) {
                NI_CHECK("ni.snd_tag", e, lk_get(gt, bT + (long)e * TW, TW),
                         o.dep_tag & ((1u << TW) - 1));
                NI_CHECK("ni.snd_dst", e, lk_get(gd, bA + (long)e * AW, AW), o.dep_dst);
                NI_CHECK("ni.snd_quad", e, lk_get(gq, bN + (long)e * L->N, L->N), o.dep_quad);
            }
        }
    }
    return 0;
}

/* rtl=rtr: drive, settle each router's model and compare, before the tick. */
int ni_drive_compare(rnet *r, const tn_sim *s, const layout *Lay, const uint8_t *ready,
                     const uint32_t *ntag, mismatch *mm)
{
    ni_drive(r, s, Lay, ready, ntag);
    for (int node = 0; node < tn_sim_geom(s)->nodes; node++)
        tn_rtl_eval(lk_node_rtl(r, node));
    return ni_compare_decisions(r, s, Lay, mm);
}
