/* SPDX-License-Identifier: MIT */
/* Traffic source of one injection channel: the infinite source queue, generated lazily (the
 * Bernoulli process is drawn cycle by cycle only when the channel needs its next packet, which
 * gives the same packets as a queue filled every cycle), and the upstream side of the router's
 * node input port (VC choice and credits). docs/microarchitecture.md, "Injection". */
#include "tn_internal.h"

void tn_source_header(const tn_gen *gen, int node, tn_rng *r, tn_pending *p)
{
    const tn_geom *g = gen->g;
    p->mid = 0;
    p->quad = 0;
    if (gen->routing == TN_ROUTE_VAL) {
        /* one draw: the intermediate node, uniform over all nodes */
        p->mid = tn_addr_of(g, (int)tn_rng_below(r, (uint32_t)g->nodes));
    } else if (gen->routing == TN_ROUTE_GOAL) {
        /* per dimension with an offset, in order: one draw below k; non-minimal iff it is
         * below the minimal distance (probability delta/k) */
        int cs[TN_MAX_N], cd[TN_MAX_N];
        tn_coords(g, node, cs);
        tn_coords(g, p->dst, cd);
        for (int d = 0; d < g->n; d++) {
            if (cs[d] == cd[d])
                continue;
            int plus = (cd[d] - cs[d] + g->k) % g->k, minus = g->k - plus;
            int delta = plus < minus ? plus : minus;
            int dir = tn_dor_dir(g->k, g->topo, cs[d], cd[d]);
            if ((int)tn_rng_below(r, (uint32_t)g->k) < delta)
                dir = -dir;
            if (dir < 0)
                p->quad |= (uint8_t)(1u << d);
        }
    }
}

/* The channel's next packet created in a cycle <= last, drawn into src->pend from its generator
 * position on (traffic.md §2: each cycle's Bernoulli draw, then the packet's length, destination
 * and header draws; a trace's next line); 0 when there is none up to last. */
static int draw_next(const tn_gen *gen, tn_source *src, int node, long last)
{
    if (gen->has_trace) {
        long end = gen->trace.first[node + 1];
        if (src->trace_next < end && gen->trace.p[src->trace_next].cycle <= last) {
            const tn_trace_pkt *tp = &gen->trace.p[src->trace_next];
            src->pend.created = tp->cycle;
            src->pend.dst = tp->dst;
            src->pend.len = tp->len;
            tn_source_header(gen, node, &src->rng, &src->pend);
            src->trace_next += gen->g->term;
            return 1;
        }
        return 0;
    }
    while (src->gen_clock <= last) {
        long t = src->gen_clock++;
        /* the rate and pattern in force in cycle t (mid-run switch, docs/traffic.md section 2) */
        int late = gen->switch_at && t >= gen->switch_at;
        if ((uint64_t)tn_rng_next(&src->rng) >= (late ? gen->p_thresh2 : gen->p_thresh))
            continue;
        int len = gen->pkt_min;
        if (gen->pkt_max > gen->pkt_min)
            len += (int)tn_rng_below(&src->rng, (uint32_t)(gen->pkt_max - gen->pkt_min + 1));
        src->pend.created = t;
        src->pend.len = len;
        src->pend.dst = tn_traffic_dest(late ? &gen->tg2 : &gen->tg, gen->g, node, &src->rng);
        tn_source_header(gen, node, &src->rng, &src->pend);
        return 1;
    }
    return 0;
}

static int generate(const tn_src_ports *io, tn_source *src, int node, long cycle)
{
    if (!draw_next(io->gen, src, node, cycle))
        return 0;
    tn_meas_created(io->meas, &src->pend);
    return 1;
}

void tn_source_count_window(const tn_source *srcs, const tn_gen *gen, tn_meas *m)
{
    long n = (long)gen->g->nodes * gen->g->term;
    for (long i = 0; i < n; i++) {
        tn_source g = srcs[i]; /* a copy: its stream and generator position */
        while (draw_next(gen, &g, (int)(i / gen->g->term), m->win_hi - 1))
            if (g.pend.created >= m->win_lo) {
                m->created_pkts_win++;
                m->created_flits_win += g.pend.len;
            }
    }
}

/* ACOR (R23.2): the level in force for this channel's head in this cycle. */
static int acor_level(const tn_src_ports *io, const tn_source *src, int node)
{
    if (io->acor_mode == TN_ACOR_MODE_PACKET)
        return tn_acor_packet_level(io->acor_cfg->levels,
                                    src->acor_fail > 3u ? 3 : (int)src->acor_fail);
    return io->acor[node].level;
}

static int start_packet(const tn_src_ports *io, tn_source *src, int node, int ch, long cycle,
                        int counted)
{
    int vc = -1;
    for (int i = 0; i < io->V; i++) {
        int v = (src->vc_ptr + i) % io->V;
        if (src->credits[v] == io->B) {
            vc = v;
            break;
        }
    }
    if (vc < 0)
        return 0;
    long slot = tn_pkt_take(io->pt);
    if (slot < 0) {
        tn_check_fail(io->chk, "packet table full at node %d (%ld slots)", node, io->pt->n_slots);
        return 0;
    }
    tn_packet *p = &io->pt->pkt[slot];
    p->created = src->pend.created;
    p->injected = cycle;
    p->src = node;
    p->dst = src->pend.dst;
    p->len = src->pend.len;
    p->mid = src->pend.mid;
    p->quad = src->pend.quad;
    p->hops = 0;
    p->seq = src->seq++;
    p->marked = src->pend.created >= io->meas->win_lo && src->pend.created < io->meas->win_hi;
    p->channel = (uint8_t)ch;
    if (io->routing == TN_ROUTE_ACOR) {
        p->acor_level = (uint8_t)acor_level(io, src, node);
        if (p->marked) {
            io->meas->acor_pk[p->acor_level]++;
            io->meas->acor_recomp += src->acor_fail;
        }
        src->acor_fail = 0;
    }
    src->has_pending = 0;
    src->in_pkt = 1;
    src->pkt = (uint32_t)slot;
    src->vc = vc;
    src->idx = 0;
    src->len = p->len;
    src->vc_ptr = (vc + 1) % io->V;
    if (!counted)
        io->pt->in_flight++;
    io->meas->injected++;
    return 1;
}

static uint32_t router_afree(const void *rt, int node)
{
    return tn_router_afree(rt, node);
}

void tn_source_send(tn_source *src, const tn_src_ports *io, int node, int ch, long cycle)
{
    /* GAL (section 21): sender ch starts the next packet of its quadrant queues; it runs for
     * every channel of the node before any injection unit, so a packet queued in cycle t can
     * start from t+1 */
    int qi;
    tn_pending keep = src->pend, pq;
    int kept = src->has_pending;
    src->gal_dep_q = -1;
    tn_afree_in af = {0, 0, router_afree, io->rt}; /* the router's afree_o, read when needed */
    if (!src->in_pkt && tn_gal_peek(io->gal, node, ch, &af, &pq, &qi)) {
        src->pend = pq;
        uint32_t tag = tn_gal_head_tag(io->gal, node, qi);
        if (start_packet(io, src, node, ch, cycle, 1)) {
            tn_gal_take(io->gal, node, ch, qi);
            src->gal_dep_q = qi;
            src->gal_dep_tag = tag;
        }
        src->pend = keep;
        src->has_pending = kept;
    }
}

void tn_source_step(tn_source *src, const tn_src_ports *io, int node, int ch, long cycle,
                    int gen_stop)
{
    src->acor_att = src->acor_blk = 0;
    if (io->routing == TN_ROUTE_GAL) {
        /* GAL: the injection unit moves the next packet of source queue ch into a quadrant queue
         * (in flight from then on); channels in order, each sees the previous one's enqueue */
        src->gal_offer = src->gal_took = 0;
        if (!gen_stop) {
            if (!src->has_pending)
                src->has_pending = generate(io, src, node, cycle);
            src->gal_offer = (uint8_t)src->has_pending;
            src->gal_offer_dst = src->pend.dst;
            int j = src->has_pending ? tn_gal_enqueue(io->gal, node, &src->pend) : 0;
            if (j) {
                src->has_pending = 0;
                src->gal_took = 1;
                src->gal_enq_q = j - 1;
                io->pt->in_flight++;
            }
        }
    } else if (!src->in_pkt && !gen_stop) {
        if (!src->has_pending)
            src->has_pending = generate(io, src, node, cycle);
        if (src->has_pending && io->routing == TN_ROUTE_ACOR) {
            /* ACOR (R23.4): an eligible head draws its intermediate from the set of the level in
             * force; failing to start is a blocked event and the next attempt draws again */
            int set = tn_acor_set(io->acor_seq, acor_level(io, src, node));
            src->pend.mid = tn_addr_of(io->g, tn_acor_draw(io->g, set, node, src->pend.dst,
                                                           &src->acor_rng));
            src->acor_att = 1;
            if (!start_packet(io, src, node, ch, cycle, 0)) {
                src->acor_blk = 1;
                src->acor_fail++;
                return;
            }
        } else if (src->has_pending && !start_packet(io, src, node, ch, cycle, 0)) {
            return;
        }
    }
    if (!src->in_pkt || src->credits[src->vc] == 0)
        return;
    const tn_packet *p = &io->pt->pkt[src->pkt];
    tn_flit f;
    f.head = src->idx == 0;
    f.tail = src->idx == src->len - 1;
    f.vc = (uint8_t)src->vc;
    f.dst = tn_addr_of(io->g, p->dst);
    f.src = tn_addr_of(io->g, node);
    f.mid = p->mid;
    f.quad = p->quad;
    f.phase = 0;
    f.pkt = src->pkt;
    f.idx = (uint16_t)src->idx;
    f.payload = tn_payload(io->flitw, node, p->seq, src->idx);
    tn_link_emit_inject(io->lk, io->g, node, ch, &f);
    src->credits[src->vc]--;
    if (++src->idx == src->len)
        src->in_pkt = 0;
}
