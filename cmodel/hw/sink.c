/* SPDX-License-Identifier: MIT */
/* Ejection sink of one channel (rtl/ni/tn_sink.v): takes every flit in the cycle it is on the
 * ejection link (no credits), reassembles packets per VC and checks each: right node, flits in
 * order, payload intact, delivered exactly once. Its state is the channel's per-VC reassembly
 * (tn_sink_vc); it reads the packet table and records failed checks; the caller records the
 * delivery. */
#include "tn_internal.h"

long tn_sink_receive(tn_sink_vc *sv_vc, const tn_sink_in *in, const tn_flit *f)
{
    const long cycle = in->cycle;
    const int node = in->node;
    tn_checks *ck = in->chk;
    tn_sink_vc *sv = &sv_vc[f->vc];
    if (f->pkt >= (uint32_t)in->pt->n_slots) {
        tn_check_fail(ck, "cycle %ld node %d: flit with unknown packet %u", cycle, node, f->pkt);
        return TN_SINK_REJECTED;
    }
    const tn_packet *p = &in->pt->pkt[f->pkt];
    if (f->head) {
        if (sv->busy)
            tn_check_fail(ck, "cycle %ld node %d vc %d: head while a packet is open", cycle, node,
                          f->vc);
        sv->busy = 1;
        sv->pkt = f->pkt;
        sv->next_idx = 0;
    } else if (!sv->busy || sv->pkt != f->pkt) {
        tn_check_fail(ck, "cycle %ld node %d vc %d: body flit of packet %u without its head",
                      cycle, node, f->vc, f->pkt);
        return TN_SINK_REJECTED;
    }
    if (p->state != TN_PKT_FLIGHT)
        tn_check_fail(ck, "cycle %ld node %d: packet %u delivered twice", cycle, node, f->pkt);
    if (f->idx != sv->next_idx || f->tail != (f->idx == p->len - 1))
        tn_check_fail(ck, "cycle %ld node %d: packet %d->%d flit %d out of order (expected %d)",
                      cycle, node, p->src, p->dst, f->idx, sv->next_idx);
    if (p->dst != node || tn_node_of_addr(in->g, f->dst) != node)
        tn_check_fail(ck, "cycle %ld: packet %d->%d ejected at node %d", cycle, p->src, p->dst,
                      node);
    if (f->src != tn_addr_of(in->g, p->src) ||
        f->payload != tn_payload(in->flitw, p->src, p->seq, f->idx))
        tn_check_fail(ck, "cycle %ld node %d: packet %d->%d flit %d corrupted", cycle, node,
                      p->src, p->dst, f->idx);
    sv->next_idx++;
    if (f->tail) {
        sv->busy = 0;
        if (p->state == TN_PKT_FLIGHT)
            return (long)f->pkt;
    }
    return TN_SINK_TAKEN;
}
