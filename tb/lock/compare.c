/* SPDX-License-Identifier: MIT */
/* The comparison of a cycle: every link (output) register, credit register, observed register of
 * the table (tb/tn_obs.h, from rtl/common/tn_defs.tbl; the model's values from tn_sim_observe)
 * and error vector, node by node. The first
 * difference names cycle, node, port, VC and field. It reads a padded copy of the buses taken
 * once per cycle (rnet_snapshot), each field with one 64-bit load. */
#include <stdio.h>
#include "lock.h"
#include "tn_obs.h"

static void describe_pkt(const tn_sim *s, const tn_flit *f, char *buf, size_t len)
{
    tn_sim_flit_text(s, f, buf, len);
}

static int report(mismatch *mm, int node, int port, int vc, const char *field, uint64_t rv,
                  uint64_t mv)
{
    mm->node = node;
    mm->port = port;
    mm->vc = vc;
    snprintf(mm->field, sizeof mm->field, "%s", field);
    mm->rtl = rv;
    mm->model = mv;
    return 1;
}

/* The link of (node, port) against the model's flit; the packet is described only on a mismatch. */
static int compare_link(const uint8_t *fl, long b, const layout *L, const tn_sim *s,
                        const tn_flit *f, int node, int port, mismatch *mm)
{
    static const char *const names[8] = {"link.payload", "link.src", "link.dst", "link.quad",
                                         "link.mid", "link.phase", "link.tail", "link.head"};
    const uint64_t v[8] = {f->payload, f->src, f->dst, f->quad, f->mid, f->phase, f->tail, f->head};
    static const int order[8] = {LK_F_HEAD, LK_F_TAIL, LK_F_DST, LK_F_QUAD, LK_F_MID, LK_F_PHASE,
                                 LK_F_SRC, LK_F_PAYLOAD};
    for (int k = 0; k < 8; k++) {
        int i = order[k];
        if (!L->f_w[i])
            continue;
        uint64_t rv = lk_getp(fl, b + L->f_lsb[i], L->f_w[i]);
        if (rv != v[i]) {
            describe_pkt(s, f, mm->pkt, sizeof mm->pkt);
            return report(mm, node, port, f->vc, names[i], rv, v[i]);
        }
    }
    return 0;
}

static int compare_node(const rnet *r, const tn_sim *s, const view *w, const layout *Lay, int node,
                        int err_ok, mismatch *mm)
{
    const tn_dims *L = &Lay->d;
    const tn_geom *g = tn_sim_geom(s);
    const int P = L->P;
    long lv, lc, lf, cv, cc, ob, eb;
    const uint8_t *pv = rnet_snap_bus(r, LK_LNK_VALID, node, &lv);
    const uint8_t *pc = rnet_snap_bus(r, LK_LNK_VC, node, &lc);
    const uint8_t *pf = rnet_snap_bus(r, LK_LNK_FLIT, node, &lf);
    const uint8_t *qv = rnet_snap_bus(r, LK_CRD_VALID, node, &cv);
    const uint8_t *qc = rnet_snap_bus(r, LK_CRD_VC, node, &cc);
    const uint8_t *po = rnet_snap_bus(r, LK_OBS, node, &ob);
    const uint8_t *pe = rnet_snap_bus(r, LK_ERR, node, &eb);
    /* link (output) registers, ejection included; credit registers */
    for (int port = 0; port < P; port++) {
        long idx = (long)node * P + port;
        if (port > 0 && port <= 2 * g->n && g->nbr[idx] < 0)
            continue; /* mesh edge: no link */
        uint64_t rv = lk_getp(pv, lv + port, 1);
        if (rv != w->lnk_valid[idx]) {
            if (w->lnk_valid[idx])
                describe_pkt(s, &w->lnk[idx], mm->pkt, sizeof mm->pkt);
            return report(mm, node, port, -1, "link.valid", rv, w->lnk_valid[idx]);
        }
        if (rv) {
            const tn_flit *f = &w->lnk[idx];
            uint64_t vc = lk_getp(pc, lc + (long)port * L->VW, L->VW);
            if (vc != f->vc) {
                describe_pkt(s, f, mm->pkt, sizeof mm->pkt);
                return report(mm, node, port, f->vc, "link.vc", vc, f->vc);
            }
            if (compare_link(pf, lf + (long)port * L->FW, Lay, s, f, node, port, mm))
                return 1;
        }
        rv = lk_getp(qv, cv + port, 1);
        if (rv != w->crd_valid[idx])
            return report(mm, node, port, -1, "credit.valid", rv, w->crd_valid[idx]);
        if (rv && lk_getp(qc, cc + (long)port * L->VW, L->VW) != w->crd_vc[idx])
            return report(mm, node, port, -1, "credit.vc",
                          lk_getp(qc, cc + (long)port * L->VW, L->VW), w->crd_vc[idx]);
    }
    /* the observed registers, field by field in the table's order: the RTL's bus against the
     * model's values (tn_sim_observe, the same table) */
    uint64_t mval[LK_MAX_OBSV];
    uint64_t mcmp[LK_MAX_OBSV / 64];
    tn_sim_observe(s, L, TN_OBS_ROUTER, node, mval, mcmp);
    long off = ob;
    int k = 0;
#define X(nm, ix, cnt, wd)                                                                     \
    for (int i = 0; i < (cnt); i++, k++) {                                                     \
        if (!(mcmp[k >> 6] >> (k & 63) & 1))                                                   \
            continue;                                                                          \
        uint64_t rv = lk_getp(po, off + (long)i * (wd), (wd)), mv = mval[k];                   \
        if (rv != mv)                                                                          \
            return report(mm, node,                                                            \
                          ix == TN_IDX_IVC    ? i / L->V                                       \
                          : ix == TN_IDX_PORT ? i                                              \
                          : ix == TN_IDX_NET  ? i + 1                                          \
                                              : -1,                                            \
                          ix == TN_IDX_IVC ? i % L->V : -1, nm, rv, mv);                       \
    }                                                                                          \
    off += (long)(cnt) * (wd);
    TN_OBS_FIELDS(X)
#undef X
    uint64_t err = lk_getp(pe, eb, L->EW);
    uint32_t merr = tn_sim_router_err(s, node);
    if (err != merr)
        return report(mm, node, -1, -1, "err", err, merr);
    if (err && !err_ok)
        return report(mm, node, -1, -1, "err.rtl_nonzero", err, 0);
    return 0;
}

int compare(rnet *r, const tn_sim *s, const view *w, const layout *L, int err_ok, mismatch *mm)
{
    rnet_snapshot(r);
    return compare_snapped(r, s, w, L, err_ok, mm);
}

int compare_snapped(const rnet *r, const tn_sim *s, const view *w, const layout *L, int err_ok,
                    mismatch *mm)
{
    mm->pkt[0] = 0;
    for (int node = 0; node < tn_sim_geom(s)->nodes; node++)
        if (compare_node(r, s, w, L, node, err_ok, mm))
            return 1;
    return 0;
}
