/* SPDX-License-Identifier: MIT */
/* Simulation control: allocation of all state at start, the two-phase cycle, warm-up,
 * measurement window, drain, and the figures of tn_stats. No allocation in the cycle loop. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tn_internal.h"
#include "tn_keys.h"

#define ALLOC(ptr, count)                                                                  \
    do {                                                                                   \
        (ptr) = calloc((size_t)(count) + 1u, sizeof *(ptr));                               \
        if (!(ptr))                                                                        \
            goto oom;                                                                      \
    } while (0)

tn_sim *tn_sim_new(const tn_config *c, char *err, size_t errlen)
{
    if (tn_config_check(c, err, errlen))
        return NULL;
    tn_sim *s = calloc(1, sizeof *s);
    if (!s)
        goto oom_nosim;
    s->cfg = *c;
    if (tn_geom_init(&s->g, c))
        goto oom;
    s->V = c->vcs;
    s->B = c->buf;
    s->A = tn_config_acrd(c);
    s->lmax = c->pkt_max;
    s->P = s->g.ports;
    long nodes = s->g.nodes, slots = nodes * s->P, ivcs = slots * s->V;
    s->gen.g = &s->g;
    s->gen.routing = c->routing;
    s->gen.pkt_min = c->pkt_min;
    s->gen.pkt_max = c->pkt_max;
    if (tn_traffic_init(&s->gen.tg, c, &s->g, err, errlen))
        goto fail;
    if (c->switch_at) {
        tn_config c2 = *c;
        char sub[TN_ERRLEN];
        c2.traffic = tn_switch_traffic(c);
        if (tn_traffic_init(&s->gen.tg2, &c2, &s->g, sub, sizeof sub)) {
            snprintf(err, errlen, "key 'switch_traffic': value '%s': %s",
                     tn_traffic_name(c2.traffic), sub);
            goto fail;
        }
        s->gen.switch_at = c->switch_at;
    }
    if (c->routing == TN_ROUTE_GAL && tn_gal_init(&s->gal, &s->g, c))
        goto oom;
    if (c->routing == TN_ROUTE_CHAOS &&
        tn_chaos_init(&s->chaos, s->g.nodes, s->P, s->V, s->B, c->chaos_q, c->chaos_wait))
        goto oom;
    if (c->routing == TN_ROUTE_ACOR) {
        tn_acor_cfg *a = &s->acor_cfg;
        a->levels = tn_acor_levels(c->acor_seq);
        a->hi = (uint32_t)c->acor_hi;
        a->it[0] = (uint32_t)c->acor_it1;
        a->it[1] = (uint32_t)c->acor_it2;
        a->dt[0] = (uint32_t)c->acor_dt1;
        a->dt[1] = (uint32_t)c->acor_dt2;
        ALLOC(s->acor, s->g.nodes);
        for (int v = 0; v < s->g.nodes; v++)
            tn_acor_reset(a, &s->acor[v]);
    }
    if (c->traffic == TN_TR_TRACE) {
        char sub[TN_ERRLEN];
        if (tn_trace_load(&s->gen.trace, c->trace, &s->g, TN_MAX_PKT, sub, sizeof sub)) {
            char sv[TN_SHOW_LEN];
            snprintf(err, errlen, "key 'trace': value '%s': %s", tn_val_show(c->trace, sv), sub);
            goto fail;
        }
        s->gen.has_trace = 1;
        /* Lmax is the longest packet in the trace file (1 if it has none): A (R2.1, R19.1.4) */
        int longest = 1;
        for (long i = 0; i < s->gen.trace.count; i++)
            longest = s->gen.trace.p[i].len > longest ? s->gen.trace.p[i].len : longest;
        s->A = longest < s->B ? longest : s->B;
        s->lmax = longest;
        if (c->routing == TN_ROUTE_CHAOS && longest > TN_MAX_BUF) {
            snprintf(err, errlen, "key 'trace': a packet of %d flits, longer than any buffer "
                     "(routing=chaos is virtual cut-through: a whole packet in one buffer of up "
                     "to %d flits); allowed with routing=chaos: packets of 1..%d flits; value "
                     "'%s'", longest, TN_MAX_BUF, TN_MAX_BUF, c->trace);
            goto fail;
        }
        if (c->routing == TN_ROUTE_CHAOS && c->buf < longest) {
            snprintf(err, errlen, "key 'buf': value '%d' is shorter than the longest packet of "
                     "the trace (%d flits, key 'trace'): routing=chaos is virtual cut-through, a "
                     "packet needs a whole empty buffer; allowed: %d..%d", c->buf, longest,
                     longest, TN_MAX_BUF);
            goto fail;
        }
    }
    ALLOC(s->rt.err, nodes);
    ALLOC(s->coord, nodes * s->g.n);
    for (int v = 0; v < nodes; v++)
        tn_coords(&s->g, v, s->coord + (long)v * s->g.n);
    s->rt.g = &s->g;
    s->rt.coord = s->coord;
    s->rt.V = s->V;
    s->rt.B = s->B;
    s->rt.P = s->P;
    s->rt.A = s->A;
    s->rt.routing = c->routing;
    s->rt.selection = c->selection;
    s->rt.transit = c->transit;
    s->rt.pipe = c->pipe;
    ALLOC(s->rt.iu.buf, ivcs * s->B);
    ALLOC(s->rt.iu.rd, ivcs);
    ALLOC(s->rt.iu.cnt, ivcs);
    ALLOC(s->rt.iu.state, ivcs);
    ALLOC(s->rt.iu.oport, ivcs);
    ALLOC(s->rt.iu.ovc, ivcs);
    ALLOC(s->rt.iu.nemask, slots);
    ALLOC(s->rt.iu.nflits, nodes);
    ALLOC(s->rt.ou.credits, ivcs);
    ALLOC(s->rt.ou.busy, slots);
    for (long i = 0; i < ivcs; i++)
        s->rt.ou.credits[i] = (uint8_t)s->B;
    ALLOC(s->rt.as.sa1_ptr, slots);
    ALLOC(s->rt.as.sa2_ptr, slots);
    ALLOC(s->rt.sel.rng, nodes);
    ALLOC(s->rt.sel.lru_age, slots);
    ALLOC(s->rt.sel.ldsf_cnt, slots);
    ALLOC(s->rt.sel.last, nodes);
    ALLOC(s->rt.pp.gin, slots);
    ALLOC(s->rt.pp.vc, slots);
    ALLOC(s->rt.pp.op, slots);
    ALLOC(s->rt.pp.ov, slots);
    ALLOC(s->rt.pp.alloc, slots);
    ALLOC(s->rt.pp.errc, nodes);
    for (int v = 0; v < nodes; v++)
        s->rt.sel.rng[v] = tn_router_seed(c->seed, v);
    for (int i = 0; i < 2; i++) {
        ALLOC(s->lk.lev[i], slots + nodes * s->g.term);
        ALLOC(s->lk.cev[i], slots);
    }
    ALLOC(s->src, nodes * s->g.term);
    ALLOC(s->sinkvc, nodes * s->g.term * s->V);
    s->gen.p_thresh = tn_inject_thresh(c, tn_rate_flits(c));
    s->gen.p_thresh2 = tn_inject_thresh(c, tn_switch_rate_flits(c));
    for (long v = 0; v < nodes; v++)
        for (int e = 0; e < s->g.term; e++) {
            tn_source *src = &s->src[v * s->g.term + e];
            src->rng.s = tn_seed_stream(c->seed, TN_STREAM_TRAFFIC, (uint32_t)(v * s->g.term + e));
            memset(src->credits, s->B, sizeof src->credits);
            src->acor_rng.s = tn_acor_seed(c->seed, (int)nodes, (int)v, s->g.term, e);
            if (s->gen.has_trace)
                src->trace_next = s->gen.trace.first[v] + e;
        }
    s->pt.n_slots = nodes * ((long)s->P * s->V * s->B + s->P + 2L * s->g.term) + 16;
    if (c->routing == TN_ROUTE_CHAOS)
        s->pt.n_slots += nodes * (long)c->chaos_q; /* a packet per shared-queue slot */
    ALLOC(s->pt.pkt, s->pt.n_slots);
    ALLOC(s->pt.free_slots, s->pt.n_slots);
    for (long i = 0; i < s->pt.n_slots; i++)
        s->pt.free_slots[i] = (uint32_t)(s->pt.n_slots - 1 - i);
    s->pt.n_free = s->pt.n_slots;
    ALLOC(s->meas.lat_hist, TN_LAT_BINS);
    ALLOC(s->meas.chan_flits, slots);
    ALLOC(s->meas.port_idle, slots * TN_PORT_USE_N);
    ALLOC(s->meas.src_acc_win, nodes);
    s->meas.win_lo = c->warmup;
    s->meas.win_hi = c->warmup + c->measure;
    s->meas.lat_min = -1;
    s->srcio = (tn_src_ports){&s->gen, &s->g, s->V, s->B, c->flitw, c->routing, c->acor_mode,
                              c->acor_seq, &s->acor_cfg, s->acor,
                              c->routing == TN_ROUTE_GAL ? &s->gal : NULL, &s->rt, &s->pt,
                              &s->meas, &s->chk, &s->lk};
    return s;
oom:
    snprintf(err, errlen, "out of memory for k=%d n=%d vcs=%d buf=%d", c->k, c->n, c->vcs, c->buf);
fail:
    tn_sim_free(s);
    return NULL;
oom_nosim:
    snprintf(err, errlen, "out of memory");
    return NULL;
}

void tn_sim_free(tn_sim *s)
{
    if (!s)
        return;
    void *ptrs[] = {s->rt.err, s->coord, s->rt.iu.buf, s->rt.iu.rd, s->rt.iu.cnt, s->rt.iu.state,
                    s->rt.iu.oport, s->rt.iu.ovc, s->rt.iu.nemask, s->rt.iu.nflits, s->rt.ou.credits,
                    s->rt.ou.busy, s->rt.as.sa1_ptr, s->rt.as.sa2_ptr,
                    s->rt.sel.rng, s->rt.sel.lru_age, s->rt.sel.ldsf_cnt, s->rt.sel.last,
                    s->rt.pp.gin, s->rt.pp.vc, s->rt.pp.op, s->rt.pp.ov, s->rt.pp.alloc,
                    s->rt.pp.errc, s->lk.lev[0], s->lk.lev[1],
                    s->lk.cev[0], s->lk.cev[1], s->src, s->sinkvc, s->pt.pkt,
                    s->pt.free_slots, s->meas.lat_hist, s->meas.chan_flits, s->meas.port_idle, s->meas.src_acc_win, s->acor};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++)
        free(ptrs[i]);
    if (s->gen.has_trace)
        tn_trace_free(&s->gen.trace);
    tn_traffic_free(&s->gen.tg);
    tn_traffic_free(&s->gen.tg2);
    tn_gal_free(&s->gal);
    tn_chaos_free(&s->chaos);
    tn_geom_free(&s->g);
    free(s);
}

/* The watchdog: no flit moved for cfg.watchdog cycles while flits are in flight. */
static void watchdog_fire(tn_sim *s)
{
    long flits = 0;
    for (int v = 0; v < s->g.nodes; v++)
        flits += s->rt.iu.nflits[v];
    s->deadlocked = 1;
    size_t u = (size_t)snprintf(s->deadlock_report, sizeof s->deadlock_report,
                                "deadlock: no flit moved for %ld cycles while %ld flits are in "
                                "flight (%ld packets); stuck VCs:",
                                s->cycle - s->last_move, flits, s->pt.in_flight);
    int shown = 0;
    for (long i = 0; i < (long)s->g.nodes * s->P * s->V && shown < 8; i++) {
        if (!s->rt.iu.cnt[i])
            continue;
        int node = (int)(i / s->V / s->P), port = (int)(i / s->V % s->P), vc = (int)(i % s->V);
        const tn_flit *f = tn_iu_front(&s->rt, i);
        const tn_packet *p = &s->pt.pkt[f->pkt];
        if (u < sizeof s->deadlock_report)
            u += (size_t)snprintf(s->deadlock_report + u, sizeof s->deadlock_report - u,
                                  " [node %d port %d vc %d: %d flits, front %d->%d flit %d, %s]",
                                  node, port, vc, s->rt.iu.cnt[i], p->src, p->dst, f->idx,
                                  s->rt.iu.state[i] ? "holds an output VC" : "waits for one");
        shown++;
    }
}

int tn_sim_deadlocked(const tn_sim *s) { return s->deadlocked; }
const char *tn_sim_deadlock_report(const tn_sim *s) { return s->deadlock_report; }

/* ACOR (R23.5): node v's level machine takes this cycle's blocked events of its channels. Only
 * v's sources read its level, and they ran before this, so updating it here is the commit. */
static void acor_tick(tn_sim *s, int v)
{
    uint32_t ev = 0;
    for (int e = 0; e < s->g.term; e++)
        ev += s->src[(long)v * s->g.term + e].acor_blk;
    tn_acor_lvl nx;
    if (s->cycle >= s->meas.win_lo && s->cycle < s->meas.win_hi)
        s->meas.acor_lvl_sum += s->acor[v].level;
    tn_acor_step(&s->acor_cfg, &s->acor[v], ev, &nx);
    s->acor[v] = nx;
}

int tn_sim_acor_levels(const tn_sim *s, uint8_t *levels)
{
    if (!s->acor)
        return -1;
    for (int v = 0; v < s->g.nodes; v++)
        levels[v] = s->acor[v].level;
    return s->acor_cfg.levels;
}

void tn_stats_port_use(tn_sim *s, int node, const tn_req *q, uint32_t in_done, uint32_t sent)
{
    const int P = s->P, V = s->V, nnet = 2 * s->g.n;
    /* a cycle of the window, as R17.5 counts a link's flits (sent counts as chan_util) */
    if (s->cycle < s->meas.win_lo || s->cycle >= s->meas.win_hi)
        return;
    const long base = (long)node * P;
    uint32_t idle = 0; /* the network ports with a link that sent nothing, bit op */
    for (int op = 1; op <= nnet; op++)
        if (s->g.nbr[base + op] >= 0)
            idle |= (uint32_t)!((sent >> (op - 1)) & 1u) << op;
    if (!idle)
        return;
    /* what the flits at the fronts of the VCs ask for: only VCs that hold a flit have one */
    uint32_t req_in[TN_MAX_P] = {0}, wait[2] = {0, 0}; /* [1]: a body for a credit, [0]: a head for a VC */
    for (int ip = 0; ip < P; ip++)
        for (uint32_t m = s->rt.iu.nemask[base + ip]; m; m &= m - 1) {
            const tn_req *w = &q[ip * V + __builtin_ctz(m)];
            if (w->kind == TN_REQ_BODY || w->kind == TN_REQ_HEAD)
                req_in[w->port] |= 1u << ip;
            else if (w->kind == TN_REQ_ADAPT)
                for (uint32_t c = w->cand; c; c &= c - 1)
                    req_in[__builtin_ctz(c) + 1] |= 1u << ip;
            else if (w->want != TN_WANT_NONE)
                wait[w->want >> 7] |= 1u << (w->want & 0x7f);
        }
    for (uint32_t m = idle; m; m &= m - 1) {
        int op = __builtin_ctz(m), u;
        if (req_in[op])
            u = (req_in[op] & ~in_done) ? TN_PORT_IDLE_UNMATCHED : TN_PORT_IDLE_INPUT_BUSY;
        else if ((wait[1] >> op) & 1u)
            u = TN_PORT_IDLE_CREDIT;
        else if ((wait[0] >> op) & 1u)
            u = TN_PORT_IDLE_VC;
        else
            continue; /* idle, nothing routed to it: the rest of the window's port-cycles */
        s->meas.port_idle[(base + op) * TN_PORT_USE_N + u]++;
    }
}

void tn_sim_step(tn_sim *s)
{
    int nx = s->lk.cur ^ 1;
    s->lk.nlev[nx] = 0;
    s->lk.ncev[nx] = 0;
    const int nodes = s->g.nodes, term = s->g.term;
    /* Phase 1: every block computes from the state at the start of the cycle. */
    const int gal = s->cfg.routing == TN_ROUTE_GAL;
    tn_router_use use; /* what a router's step leaves for the statistics */
    for (int v = 0; v < nodes; v++) {
        for (int e = 0; gal && e < term; e++)
            tn_source_send(&s->src[(long)v * term + e], &s->srcio, v, e, s->cycle);
        for (int e = 0; e < term; e++)
            tn_source_step(&s->src[(long)v * term + e], &s->srcio, v, e, s->cycle, s->gen_stop);
        if (s->acor)
            acor_tick(s, v);
        /* PIPE=1: a router without a flit still steps while errc holds a condition (R15.4; a
         * grant in flight holds its flit until it is traversed) */
        if (s->rt.iu.nflits[v] || (s->rt.pipe && s->rt.pp.errc[v])) {
            tn_router_sel_sync(&s->rt, v, s->cycle);
            if (s->cfg.routing == TN_ROUTE_CHAOS) {
                /* section 22: its own cycle, in chaos.c */
                tn_chaos_router_step(&s->rt, &s->chaos, v, s->cycle, &s->lk);
            } else {
                tn_router_step(&s->rt, v, s->cycle, &s->lk, &use);
                /* statistics (R17.10), not hardware */
                tn_stats_port_use(s, v, use.q, use.in_done, use.sent);
            }
        }
    }
    if (s->cfg.routing == TN_ROUTE_GAL)
        tn_gal_tick(&s->gal, s->cycle, s->cycle >= s->meas.win_lo && s->cycle < s->meas.win_hi);
    /* Phase 2: the link and credit registers written last cycle reach their receivers. */
    tn_links_deliver(s);
    s->lk.cur = nx;
    s->cycle++;
    if (s->lk.nlev[nx])
        s->last_move = s->cycle;
    else if (s->pt.in_flight && s->cycle - s->last_move >= s->cfg.watchdog && !s->deadlocked)
        watchdog_fire(s);
#ifdef TN_INVARIANTS /* make test's sanitizer builds: the formal proofs' invariants, every cycle */
    char inv[TN_ERRLEN];
    if (!s->no_invariants && tn_invariants(s, inv, sizeof inv))
        tn_check_fail(&s->chk, "cycle %ld: invariant %s", s->cycle - 1, inv);
#endif
    if (s->on_cycle)
        s->on_cycle(s->on_cycle_user, s);
}

static int all_marked_generated(const tn_sim *s)
{
    long n = (long)s->g.nodes * s->g.term;
    for (long i = 0; i < n; i++) {
        const tn_source *src = &s->src[i];
        if (src->has_pending && src->pend.created < s->meas.win_hi)
            return 0;
        if (s->gen.has_trace) {
            int node = (int)(i / s->g.term);
            if (src->trace_next < s->gen.trace.first[node + 1] &&
                s->gen.trace.p[src->trace_next].cycle < s->meas.win_hi)
                return 0;
        } else if (src->gen_clock < s->meas.win_hi && !s->gen_stop) {
            return 0;
        }
    }
    return 1;
}

int tn_sim_drain_all(tn_sim *s, long limit)
{
    s->gen_stop = 1;
    long end = s->cycle + limit;
    while (s->cycle < end && !s->deadlocked) {
        if (s->pt.in_flight == 0)
            return 0;
        tn_sim_step(s);
    }
    return s->pt.in_flight == 0 ? 0 : -1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long percentile(const tn_sim *s, double q)
{
    if (!s->meas.marked_done)
        return 0;
    long target = (long)(q * (double)s->meas.marked_done + 0.999999);
    if (target < 1)
        target = 1;
    long acc = 0;
    for (long i = 0; i < TN_LAT_BINS; i++) {
        acc += s->meas.lat_hist[i];
        if (acc >= target)
            return i;
    }
    return s->meas.lat_max;
}

/* R17.9: at the window's end, whether the run is saturated however its drain would end:
 * accepted < 0.95 x the smaller of the offered and the created load, the created packets counted
 * to the window's end (the generators' draws follow their own streams, so the count is the one
 * the run would reach). When it is, the counters keep that final count. */
static int sat_certain(tn_sim *s)
{
    long cf = s->meas.created_flits_win, cp = s->meas.created_pkts_win;
    tn_source_count_window(s->src, &s->gen, &s->meas);
    double nw = (double)s->g.nodes * (double)s->cfg.measure;
    double created = (double)s->meas.created_flits_win / nw;
    double accepted = (double)s->meas.accepted_flits_win / nw;
    double offered = s->gen.has_trace ? created : tn_offered_flits(&s->cfg);
    double ref = created < offered ? created : offered;
    if (created > 0 && accepted < 0.95 * ref)
        return 1;
    s->meas.created_flits_win = cf;
    s->meas.created_pkts_win = cp;
    return 0;
}

int tn_sim_run(tn_sim *s, tn_stats *st)
{
    memset(st, 0, sizeof *st);
    double t0 = now_seconds();
    while (s->cycle < s->meas.win_hi && !s->deadlocked)
        tn_sim_step(s);
    long limit = s->meas.win_hi + s->cfg.drain;
    int drained = 0;
    /* tnsim sat's probes: a run certain to be saturated ends here, undrained (R17.9) */
    const int early = s->cfg.sat_early && !s->deadlocked && sat_certain(s);
    while (!early) {
        if (s->meas.marked_outstanding == 0 && all_marked_generated(s)) {
            drained = 1;
            break;
        }
        if (s->cycle >= limit || s->deadlocked)
            break;
        tn_sim_step(s);
    }
    st->stop_cycle = s->cycle;
    if (!early)
        tn_source_count_window(s->src, &s->gen, &s->meas);
    /* Every packet that entered the network must come out: stop the sources and drain. */
    /* ... in a time that grows with the backlog (GAL's queues hold up to S*2^n*gal_qdepth
     * packets per node far past saturation): a floor of 1/8 flit/node/cycle; a deadlock
     * stops it earlier through the watchdog */
    long lim = 100000L + 100L * s->g.nodes * s->P + 8L * s->pt.in_flight * s->lmax / s->g.nodes;
    if (!early && tn_sim_drain_all(s, lim))
        tn_check_fail(&s->chk, "%s", s->deadlocked ? s->deadlock_report : "packets still in the network "
                                                                     "after the drain limit");
    double t1 = now_seconds();

    const tn_config *c = &s->cfg;
    double nodes = s->g.nodes, win = (double)c->measure;
    double cap = tn_capacity(c);
    st->created_flits = (double)s->meas.created_flits_win / (nodes * win);
    st->created_packets = s->meas.created_pkts_win;
    st->offered_flits = s->gen.has_trace ? st->created_flits : tn_offered_flits(c);
    st->offered = st->offered_flits / cap;
    st->accepted_flits = (double)s->meas.accepted_flits_win / (nodes * win);
    st->accepted = st->accepted_flits / cap;
    double sx = 0, sxx = 0, xmin = -1, xmax = 0;
    for (long v = 0; v < s->g.nodes; v++) {
        double x = (double)s->meas.src_acc_win[v] / win;
        sx += x;
        sxx += x * x;
        xmin = xmin < 0 || x < xmin ? x : xmin;
        xmax = x > xmax ? x : xmax;
    }
    st->src_accepted_min = xmin < 0 ? 0 : xmin;
    st->src_accepted_max = xmax;
    st->src_jain = sxx > 0 ? sx * sx / (nodes * sxx) : 1.0;
    st->packets = s->meas.marked_done;
    if (s->meas.marked_done) {
        st->latency_avg = s->meas.lat_sum / (double)s->meas.marked_done;
        st->network_latency_avg = s->meas.net_sum / (double)s->meas.marked_done;
        st->hops_avg = s->meas.hop_sum / (double)s->meas.marked_done;
        st->nonmin_frac = (double)s->meas.marked_nonmin / (double)s->meas.marked_done;
    }
    if (c->routing == TN_ROUTE_GAL) {
        st->gal_quads = s->gal.quads;
        for (int q = 0; q < s->gal.quads; q++)
            st->gal_queue_occ[q] = (double)s->gal.qocc[q] / ((double)nodes * (double)win);
    }
    if (s->acor) {
        long inj = 0;
        st->acor_levels = s->acor_cfg.levels;
        for (int l = 0; l < 3; l++)
            inj += s->meas.acor_pk[l];
        for (int l = 0; l < 3 && inj; l++)
            st->acor_level_frac[l] = (double)s->meas.acor_pk[l] / (double)inj;
        st->acor_recomp_avg = inj ? (double)s->meas.acor_recomp / (double)inj : 0;
        st->acor_level_avg = s->meas.acor_lvl_sum / ((double)nodes * (double)win);
    }
    st->latency_p50 = percentile(s, 0.50);
    st->latency_p99 = percentile(s, 0.99);
    st->latency_max = s->meas.lat_max;
    st->latency_min = s->meas.lat_min < 0 ? 0 : s->meas.lat_min;
    st->cycles = s->cycle;
    st->sim_seconds = t1 - t0;
    st->cycles_per_second = st->sim_seconds > 0 ? (double)s->cycle / st->sim_seconds : 0;
    st->flit_hops = s->meas.flit_hops;
    st->flit_hops_per_second = st->sim_seconds > 0 ? (double)s->meas.flit_hops / st->sim_seconds : 0;
    /* R17.5 per link and its mean and largest; R17.10's uses per link and their means */
    long nch = 0;
    double usum = 0, umax = 0, use[TN_PORT_USE_N] = {0};
    for (long v = 0; v < s->g.nodes; v++)
        for (int p = 1; p <= 2 * s->g.n; p++) {
            if (s->g.nbr[v * s->P + p] < 0)
                continue;
            double u = (double)s->meas.chan_flits[v * s->P + p] / win, pu[TN_PORT_USE_N];
            usum += u;
            if (u > umax)
                umax = u;
            nch++;
            if (!tn_sim_channel_use(s, (int)v, p, pu))
                for (int i = 0; i < TN_PORT_USE_N; i++)
                    use[i] += pu[i];
        }
    st->chan_util_avg = nch ? usum / (double)nch : 0;
    st->chan_util_max = umax;
    for (int i = 0; i < TN_PORT_USE_N; i++)
        st->port_use[i] = c->routing == TN_ROUTE_CHAOS ? -1 : nch ? use[i] / (double)nch : 0;
    st->drained = drained;
    double ref = st->created_flits > 0 && drained ? st->created_flits : st->offered_flits;
    st->saturated = !drained || st->accepted_flits < 0.95 * ref;
    st->injected = s->meas.injected;
    st->delivered = s->meas.delivered;
    st->check_errors = s->chk.count;
    st->router_errors = tn_sim_router_errors(s);
    st->deadlocked = s->deadlocked;
    return (s->chk.count || st->router_errors) ? -1 : 0;
}

long tn_sim_cycle(const tn_sim *s) { return s->cycle; }
long tn_sim_in_flight(const tn_sim *s) { return s->pt.in_flight; }
const tn_geom *tn_sim_geom(const tn_sim *s) { return &s->g; }
long tn_sim_check_errors(const tn_sim *s) { return s->chk.count; }

const char *tn_sim_first_error(const tn_sim *s) { return s->chk.first; }

uint32_t tn_sim_router_errors(const tn_sim *s)
{
    uint32_t e = 0;
    for (int v = 0; v < s->g.nodes; v++) /* PIPE=1: with the conditions not yet in err */
        e |= s->rt.err[v] | s->rt.pp.errc[v];
    return e;
}

double tn_sim_channel_util(const tn_sim *s, int node, int port)
{
    return (double)s->meas.chan_flits[(long)node * s->P + port] / (double)s->cfg.measure;
}

int tn_sim_channel_use(const tn_sim *s, int node, int port, double *use)
{
    long slot = (long)node * s->P + port;
    if (port < 1 || port > 2 * s->g.n || s->g.nbr[slot] < 0 || s->cfg.routing == TN_ROUTE_CHAOS)
        return -1;
    double win = (double)s->cfg.measure, rest = 1;
    for (int u = 0; u < TN_PORT_USE_N; u++) {
        if (u == TN_PORT_IDLE_EMPTY)
            continue;
        use[u] = (double)(u == TN_PORT_SENT ? s->meas.chan_flits[slot]
                                            : s->meas.port_idle[slot * TN_PORT_USE_N + u]) / win;
        rest -= use[u];
    }
    use[TN_PORT_IDLE_EMPTY] = rest;
    return 0;
}

void tn_sim_on_deliver(tn_sim *s, tn_deliver_fn fn, void *user)
{
    s->on_deliver = fn;
    s->on_deliver_user = user;
}

void tn_sim_on_cycle(tn_sim *s, tn_cycle_fn fn, void *user)
{
    s->on_cycle = fn;
    s->on_cycle_user = user;
}

int tn_sim_gal_state(const tn_sim *s, double *t_mean, int *t_max, long *queued)
{
    if (s->cfg.routing != TN_ROUTE_GAL)
        return -1;
    long slots = (long)s->g.nodes * s->gal.sets, sum = 0;
    int mx = 0;
    for (long i = 0; i < slots; i++) {
        sum += s->gal.thr[i];
        if (s->gal.thr[i] > mx)
            mx = s->gal.thr[i];
    }
    *t_mean = slots ? (double)sum / (double)slots : 0;
    *t_max = mx;
    *queued = s->gal.queued;
    return 0;
}

int tn_sim_inject(tn_sim *s, int src, int dst, int len)
{
    if (src < 0 || src >= s->g.nodes || dst < 0 || dst >= s->g.nodes || len < 1 ||
        len > TN_MAX_PKT)
        return -1;
    tn_source *so = &s->src[(long)src * s->g.term];
    if (so->has_pending || so->in_pkt)
        return -1;
    so->has_pending = 1;
    so->pend.created = s->cycle;
    so->pend.dst = dst;
    so->pend.len = len;
    tn_meas_created(&s->meas, &so->pend);
    tn_source_header(&s->gen, src, &so->rng, &so->pend);
    return 0;
}
