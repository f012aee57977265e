/* SPDX-License-Identifier: MIT */
/* The measurement (section 17; not hardware): what the window's packets and links did, added to
 * a tn_meas by the blocks' callers as events happen. tn_sim_run turns it into tn_stats. */
#include "tn_internal.h"

static int in_window(const tn_meas *m, long cycle) { return cycle >= m->win_lo && cycle < m->win_hi; }

void tn_meas_created(tn_meas *m, const tn_pending *p)
{
    if (in_window(m, p->created)) {
        m->marked_outstanding++;
        m->created_pkts_win++;
        m->created_flits_win += p->len;
    }
}

void tn_meas_link(tn_meas *m, long sent, long port_slot, int head, tn_packet *p)
{
    m->flit_hops++;
    if (head)
        p->hops++;
    if (in_window(m, sent))
        m->chan_flits[port_slot]++;
}

void tn_meas_accepted(tn_meas *m, long cycle, int src)
{
    if (in_window(m, cycle)) {
        m->accepted_flits_win++;
        m->src_acc_win[src]++;
    }
}

void tn_meas_delivered(tn_meas *m, const tn_geom *g, const tn_packet *p, long cycle)
{
    m->delivered++;
    if (!p->marked)
        return;
    long lat = cycle - p->created;
    m->marked_outstanding--;
    m->marked_done++;
    m->lat_sum += (double)lat;
    m->net_sum += (double)(cycle - p->injected);
    m->hop_sum += p->hops;
    int cs[TN_MAX_N], cd[TN_MAX_N], hmin = 0;
    tn_coords(g, p->src, cs);
    tn_coords(g, p->dst, cd);
    for (int d = 0; d < g->n; d++) {
        int dd = cd[d] > cs[d] ? cd[d] - cs[d] : cs[d] - cd[d];
        if (g->topo == TN_TOPO_UTORUS) /* the + way only */
            hmin += (cd[d] - cs[d] + g->k) % g->k;
        else
            hmin += g->topo == TN_TOPO_TORUS && g->k - dd < dd ? g->k - dd : dd;
    }
    m->marked_nonmin += p->hops > hmin;
    if (lat > m->lat_max)
        m->lat_max = lat;
    if (m->lat_min < 0 || lat < m->lat_min) /* -1: none yet */
        m->lat_min = lat;
    m->lat_hist[lat < TN_LAT_BINS - 1 ? lat : TN_LAT_BINS - 1]++;
}
