/* SPDX-License-Identifier: MIT */
/* Ejection sink of one channel: takes every flit in the cycle it is on the ejection link (no
 * credits), reassembles packets per VC and checks each: right node, flits in order, payload
 * intact, delivered exactly once. */
#include "tn_internal.h"

static void deliver(tn_sim *s, uint32_t slot)
{
    tn_packet *p = &s->pkt[slot];
    tn_pkt_record r = {p->src,     p->dst,     p->len,     p->hops, p->created,
                       p->injected, s->cycle, p->channel, p->quad};
    if (p->marked) {
        long lat = s->cycle - p->created;
        s->marked_outstanding--;
        s->marked_done++;
        s->lat_sum += (double)lat;
        s->net_sum += (double)(s->cycle - p->injected);
        s->hop_sum += p->hops;
        int cs[TN_MAX_N], cd[TN_MAX_N], hmin = 0;
        tn_coords(&s->g, p->src, cs);
        tn_coords(&s->g, p->dst, cd);
        for (int d = 0; d < s->g.n; d++) {
            int dd = cd[d] > cs[d] ? cd[d] - cs[d] : cs[d] - cd[d];
            hmin += s->g.topo == TN_TOPO_TORUS && s->g.k - dd < dd ? s->g.k - dd : dd;
        }
        s->marked_nonmin += p->hops > hmin;
        if (lat > s->lat_max)
            s->lat_max = lat;
        if (s->lat_min < 0 || lat < s->lat_min) /* -1: none yet */
            s->lat_min = lat;
        s->lat_hist[lat < TN_LAT_BINS - 1 ? lat : TN_LAT_BINS - 1]++;
    }
    p->state = TN_PKT_FREE;
    s->free_slots[s->n_free++] = slot;
    s->in_flight--;
    s->delivered++;
    if (s->on_deliver)
        s->on_deliver(s->on_deliver_user, &r);
}

void tn_sink_receive(tn_sim *s, int node, int ch, const tn_flit *f)
{
    tn_sink_vc *sv = &s->sinkvc[((long)node * s->g.term + ch) * s->V + f->vc];
    if (f->pkt >= (uint32_t)s->n_slots) {
        tn_check_fail(s, "cycle %ld node %d: flit with unknown packet %u", s->cycle, node, f->pkt);
        return;
    }
    tn_packet *p = &s->pkt[f->pkt];
    if (f->head) {
        if (sv->busy)
            tn_check_fail(s, "cycle %ld node %d vc %d: head while a packet is open", s->cycle,
                          node, f->vc);
        sv->busy = 1;
        sv->pkt = f->pkt;
        sv->next_idx = 0;
    } else if (!sv->busy || sv->pkt != f->pkt) {
        tn_check_fail(s, "cycle %ld node %d vc %d: body flit of packet %u without its head",
                      s->cycle, node, f->vc, f->pkt);
        return;
    }
    if (p->state != TN_PKT_FLIGHT)
        tn_check_fail(s, "cycle %ld node %d: packet %u delivered twice", s->cycle, node, f->pkt);
    if (f->idx != sv->next_idx || f->tail != (f->idx == p->len - 1))
        tn_check_fail(s, "cycle %ld node %d: packet %d->%d flit %d out of order (expected %d)",
                      s->cycle, node, p->src, p->dst, f->idx, sv->next_idx);
    if (p->dst != node || tn_node_of_addr(&s->g, f->dst) != node)
        tn_check_fail(s, "cycle %ld: packet %d->%d ejected at node %d", s->cycle, p->src, p->dst,
                      node);
    if (f->src != tn_addr_of(&s->g, p->src) || f->payload != tn_payload(s, p->src, p->seq, f->idx))
        tn_check_fail(s, "cycle %ld node %d: packet %d->%d flit %d corrupted", s->cycle, node,
                      p->src, p->dst, f->idx);
    sv->next_idx++;
    if (s->cycle >= s->win_lo && s->cycle < s->win_hi) {
        s->accepted_flits_win++;
        s->src_acc_win[p->src]++;
    }
    if (f->tail) {
        sv->busy = 0;
        if (p->state == TN_PKT_FLIGHT)
            deliver(s, f->pkt);
    }
}
