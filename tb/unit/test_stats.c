/* SPDX-License-Identifier: MIT */
/* Checks of the run's statistics (docs/microarchitecture.md section 17) and its end (R9.8):
 * the non-minimal fraction, the created count past the drain limit, the channel and port
 * windows (R17.5, R17.10), the first stopped cycle, the latency figures, the per-source
 * fairness line and the speed figures, and R17.7's saturated flag with nothing created and with a
 * generator held before W1. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen, clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sim_util.h"

/* R17.4's non-minimal fraction: the marked packets delivered with more hops than the minimal
 * distance between their nodes (on a torus the shorter way round each ring, on a mesh the
 * coordinate difference), counted here packet by packet, equal the model's nonmin_frac. */
struct nonmin_cnt { int k, n, torus; long lo, hi, marked, nonmin; };
static void nonmin_pkt(void *user, const tn_pkt_record *p)
{
    struct nonmin_cnt *m = user;
    if (p->created < m->lo || p->created >= m->hi)
        return;
    int h = 0;
    for (int d = 0, a = p->src, b = p->dst; d < m->n; d++, a /= m->k, b /= m->k) {
        int dd = abs(a % m->k - b % m->k);
        h += m->torus && m->k - dd < dd ? m->k - dd : dd;
    }
    m->marked++;
    m->nonmin += p->hops > h;
}

static void test_nonmin_frac_counted(void **st_)
{
    (void)st_;
    static const struct { const char *routing, *traffic; int k, n, vcs, topo; double load; } cases[] = {
        {"goal", "tornado", 8, 1, 3, TN_TOPO_TORUS, 0.3},
        {"val", "uniform", 4, 2, 4, TN_TOPO_TORUS, 0.3},
        {"val", "uniform", 4, 2, 2, TN_TOPO_MESH, 0.3},
        {"minad", "transpose", 4, 2, 3, TN_TOPO_TORUS, 0.4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(cases[i].k, cases[i].n);
        char err[TN_ERRLEN];
        assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "traffic", cases[i].traffic, err, sizeof err), 0);
        c.vcs = cases[i].vcs;
        c.topo = cases[i].topo;
        c.load = cases[i].load;
        c.warmup = 200;
        c.measure = 1500;
        struct nonmin_cnt m = {c.k, c.n, c.topo == TN_TOPO_TORUS, c.warmup,
                               c.warmup + c.measure, 0, 0};
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        tn_stats st = run_watched(s, err, nonmin_pkt, &m);
        tn_sim_free(s);
        double want = m.marked ? (double)m.nonmin / (double)m.marked : 0;
        /* GOAL's tornado on the 8-ring: the long way with probability 3/8; VAL: most packets */
        int plausible = strcmp(cases[i].routing, "minad") ? m.nonmin > m.marked / 4 : !m.nonmin;
        if (m.marked != st.packets || m.marked < 500 || fabs(st.nonmin_frac - want) > 1e-12 ||
            !plausible)
            fail_msg("%s %s on a %d-ary %d-%s: nonmin_frac %.6f, counted %ld of %ld (%ld counted "
                     "by the model)", cases[i].routing, cases[i].traffic, c.k, c.n,
                     tn_topo_name(c.topo), st.nonmin_frac, m.nonmin, m.marked, st.packets);
    }
}

/* the 8-node line with one VC of 8 flits, packets of up to 256 flits, the window [10, 20): where
 * the trace cases below block node 0's injection VC behind long packets of the warm-up */
static tn_config line8(void)
{
    tn_config c = base(8, 1);
    c.topo = TN_TOPO_MESH;
    c.vcs = 1;
    c.buf = 8;
    c.pkt_min = 1;
    c.pkt_max = 256;
    c.warmup = 10;
    c.measure = 10;
    return c;
}

/* R9.8: the first stopped cycle is the first cycle c >= W1 at whose start every marked packet
 * (created in [W0, W1)) has been delivered in a cycle before c, with every generator past the
 * window; here (Bernoulli traffic, no GAL) a generator is past W1 by the time the last marked
 * packet it made is delivered, so c = max(W1, 1 + the last marked delivery). Below and past
 * saturation, DOR and MIN AD, one and two terminals. */
struct last_marked { long lo, hi, last, marked; };
static void on_marked(void *user, const tn_pkt_record *p)
{
    struct last_marked *m = user;
    if (p->created < m->lo || p->created >= m->hi)
        return;
    m->marked++;
    m->last = p->ejected > m->last ? p->ejected : m->last;
}

/* run s (NULL: its configuration c was refused with err) to its end, recording its marked
 * packets' last delivery in m */
static tn_stats run_marked(tn_sim *s, const tn_config *c, const char *err, struct last_marked *m)
{
    *m = (struct last_marked){c->warmup, c->warmup + c->measure, -1, 0};
    tn_stats st = run_watched(s, err, on_marked, m);
    tn_sim_free(s);
    return st;
}

static void test_stop_cycle_rule(void **st_)
{
    (void)st_;
    static const struct { int routing, term; double load; } cases[] = {
        {TN_ROUTE_DOR, 1, 0.1}, {TN_ROUTE_DOR, 1, 0.5}, {TN_ROUTE_MINAD, 1, 0.3},
        {TN_ROUTE_MINAD, 2, 0.9},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(4, 2);
        char err[TN_ERRLEN];
        c.routing = cases[i].routing;
        c.vcs = 3;
        c.buf = 4;
        c.term = cases[i].term;
        c.load = cases[i].load;
        c.pkt_min = 1;
        c.pkt_max = 8;
        c.warmup = 300;
        c.measure = 1000;
        struct last_marked m;
        tn_stats st = run_marked(tn_sim_new(&c, err, sizeof err), &c, err, &m);
        long want = m.last + 1 > m.hi ? m.last + 1 : m.hi;
        if (!st.drained || m.marked != st.packets || m.marked < 100 || st.stop_cycle != want)
            fail_msg("%s term=%d load %.1f: stop_cycle %ld, drained %d; %ld marked packets (%ld "
                     "counted), the last delivered in cycle %ld: want %ld",
                     tn_routing_name(c.routing), c.term, c.load, st.stop_cycle, st.drained,
                     m.marked, st.packets, m.last, want);
    }
    /* a channel whose pending packet was created in cycle W1 itself does not hold the sources:
     * on the 8-node line with one VC, E (2 -> 7, 256 flits) and D (0 -> 7, 24 flits), both of
     * the warm-up, block node 0's injection VC, so B (0 -> 1, created in W1 = 20) stays
     * pending; M (6 -> 5, created in 19) is the one marked packet, and the sources stop the
     * cycle after it is delivered */
    tn_config c = line8();
    char err[TN_ERRLEN];
    struct last_marked m;
    tn_stats st = run_marked(trace_sim_cfg("0 2 7 256\n0 0 7 24\n19 6 5 8\n20 0 1 1\n", c, err,
                                           sizeof err), &c, err, &m);
    assert_int_equal(m.marked, 1);
    assert_true(m.last > 20);
    assert_int_equal(st.stop_cycle, m.last + 1);
}

/* Section 17: the measured offered load counts every packet created in the window, also when the
 * drain limit stops the run before a source's lazy generator has drawn them all: a run cut at the
 * window's end (drain=0) past saturation reports the created flits of the same run left to drain
 * (same seed: the same packets), for Bernoulli traffic with variable lengths, under GAL, and for a
 * mid-run pattern switch. */
static void test_created_counts_undrawn(void **st_)
{
    (void)st_;
    for (int i = 0; i < 3; i++) {
        tn_config c = base(4, 2);
        c.vcs = 4;
        c.buf = 4;
        c.load = 0.5; /* past DOR's and GAL's saturation on the 4x4 */
        c.warmup = 200;
        c.measure = 1500;
        c.pkt_min = 1;
        c.pkt_max = 8;
        if (i == 1) {
            c.routing = TN_ROUTE_GAL;
            c.gal_sets = TN_GAL_SDIR;
            c.gal_qdepth = 2; /* full quadrant queues: the source queue backs up */
        } else if (i == 2) {
            c.switch_at = 900;
            c.switch_traffic = TN_TR_TORNADO;
            c.switch_load = 0.45;
            c.switch_traffic_set = c.switch_load_set = 1;
        }
        tn_stats full = run_cfg(&c);
        c.drain = 0;
        tn_stats cut = run_cfg(&c);
        assert_true(full.drained);
        assert_false(cut.drained);
        assert_true(cut.packets < full.packets); /* the cut run measured fewer: it was cut */
        assert_true(full.created_flits > 0.4);
        assert_true(cut.created_flits == full.created_flits);
        assert_int_equal(cut.created_packets, full.created_packets);
        assert_int_equal(full.created_packets, full.packets); /* drained: each one delivered */
        /* the first stopped cycle: the window's end when cut there, later when left to drain */
        assert_int_equal(cut.stop_cycle, c.warmup + c.measure);
        assert_true(full.stop_cycle > c.warmup + c.measure);
        assert_true(full.stop_cycle <= full.cycles);
    }
    /* a trace: node 0 creates a 8-flit packet every cycle of [0, 25), the window [5, 25); cut
     * at its end it has started three, all created before the window, and the 20 created in the
     * window count, the one created in the window's first cycle (5, drawn only after the run's
     * end) among them */
    char lines[512] = "", err[TN_ERRLEN];
    for (int t = 0; t < 25; t++)
        snprintf(lines + strlen(lines), sizeof lines - strlen(lines), "%d 0 5 8\n", t);
    tn_config c = base(4, 2);
    c.warmup = 5;
    c.measure = 20;
    c.drain = 0;
    tn_sim *s = trace_sim_cfg(lines, c, err, sizeof err);
    assert_non_null(s);
    tn_stats st;
    tn_sim_run(s, &st);
    tn_sim_free(s);
    assert_int_equal(st.packets, 0);
    assert_true(st.created_flits == 20.0 * 8 / (16 * 20));
    assert_int_equal(st.created_packets, 20);
}

/* R17.10's window: a use counts when its cycle lies in the window. With 1-flit buffers, 8-flit
 * packets wait for credits and heads for VCs, so ports are idle for a reason in many cycles; the
 * port-cycles of each use over the window [5, 45) of every link equal the sum of those of the
 * 40 one-cycle windows it holds, and in every window each use lies in 0..1. */
struct port_uses { long n[64 * TN_PORT_USE_N]; };
static void port_uses_of(int w0, int m, struct port_uses *pu)
{
    char err[TN_ERRLEN];
    tn_config c = base(4, 2);
    c.warmup = w0;
    c.measure = m;
    c.vcs = 2;
    c.buf = 1;
    c.pkt_min = 1;
    c.pkt_max = 8;
    tn_sim *s = trace_sim_cfg("3 0 2 8\n3 4 2 8\n4 1 3 8\n5 8 2 8\n6 5 6 8\n", c, err,
                              sizeof err);
    assert_non_null(s);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    for (int v = 0; v < 16; v++)
        for (int j = 0; j < 4; j++) {
            double u[TN_PORT_USE_N];
            assert_int_equal(tn_sim_channel_use(s, v, j + 1, u), 0);
            for (int k = 0; k < TN_PORT_USE_N; k++) {
                if (u[k] < -1e-12 || u[k] > 1 + 1e-12)
                    fail_msg("window [%d, %d): node %d port %d use %d is %g", w0, w0 + m, v,
                             j + 1, k, u[k]);
                pu->n[(v * 4 + j) * TN_PORT_USE_N + k] = (long)(u[k] * m + 0.5);
            }
        }
    tn_sim_free(s);
}

static void test_port_use_window_sum(void **st_)
{
    (void)st_;
    static struct port_uses whole, one, sum;
    memset(&sum, 0, sizeof sum);
    port_uses_of(5, 40, &whole);
    for (int t = 5; t < 45; t++) {
        port_uses_of(t, 1, &one);
        for (int i = 0; i < 64 * TN_PORT_USE_N; i++)
            sum.n[i] += one.n[i];
    }
    long busy = 0;
    for (int i = 0; i < 64 * TN_PORT_USE_N; i++) {
        if (whole.n[i] != sum.n[i])
            fail_msg("node %d port %d use %d: %ld port-cycles in [5, 45), %ld in its cycles one "
                     "by one", i / TN_PORT_USE_N / 4, i / TN_PORT_USE_N % 4 + 1,
                     i % TN_PORT_USE_N, whole.n[i], sum.n[i]);
        if (i % TN_PORT_USE_N != TN_PORT_SENT && i % TN_PORT_USE_N != TN_PORT_IDLE_EMPTY)
            busy += whole.n[i];
    }
    assert_true(busy >= 20); /* ports idle for a reason: the case the window's edge decides */
}

/* runs the trace `lines` under c to its end, the one packet it delivers in *l; the caller frees
 * the simulator */
static tn_sim *run_one_packet(tn_config c, const char *lines, last_pkt *l, tn_stats *st)
{
    char err[TN_ERRLEN];
    tn_sim *s = trace_sim_cfg(lines, c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    *l = (last_pkt){0};
    tn_sim_on_deliver(s, on_deliver, l);
    assert_int_equal(tn_sim_run(s, st), 0);
    assert_int_equal(l->count, 1);
    return s;
}

/* R17.10, one packet alone: node 0 sends one 4-flit packet to node 1 of the 4x4 torus (one link,
 * 0 -> 1), in a window that holds all of it. Its flits leave one a cycle: the link's port sends 4
 * flits and is never idle with a flit waiting; every other port-cycle of the window is idle with
 * nothing routed to it. */
static void test_port_use_one_packet(void **st_)
{
    (void)st_;
    tn_config c = base(4, 2);
    c.warmup = 0;
    c.measure = 60;
    c.vcs = 2;
    last_pkt l;
    tn_stats st;
    tn_sim_free(run_one_packet(c, "3 0 1 4\n", &l, &st));
    assert_int_equal(l.r.ejected - l.r.created, 2 * 1 + 4 + 2); /* R14: 2H + L + 2 */
    /* the one packet is the least and the largest latency (R17.4) */
    assert_int_equal(st.latency_min, 2 * 1 + 4 + 2);
    assert_int_equal(st.latency_max, 2 * 1 + 4 + 2);
    const double pc = 16.0 * 4 * 60; /* 64 network links x the window */
    long use[TN_PORT_USE_N];
    for (int u = 0; u < TN_PORT_USE_N; u++)
        use[u] = (long)(st.port_use[u] * pc + 0.5);
    assert_int_equal(use[TN_PORT_SENT], 4);
    assert_int_equal(use[TN_PORT_IDLE_INPUT_BUSY] + use[TN_PORT_IDLE_UNMATCHED] +
                         use[TN_PORT_IDLE_CREDIT] + use[TN_PORT_IDLE_VC], 0);
    assert_int_equal(use[TN_PORT_IDLE_EMPTY], 16 * 4 * 60 - 4);
    assert_true(fabs(st.port_use[TN_PORT_SENT] - st.chan_util_avg) < 1e-12);
}

/* R17.10 steps 3 and 5: an ACTIVE VC with an empty buffer makes no request, and its port is
 * idle_empty, not idle_credit. On the 8-node ring with one-flit buffers, one packet of 64 flits
 * (0 -> 3, created in cycle 0) holds node 1's +x port from its head's pass (about cycle 4) to
 * long after the window [20, 40); its flits cross each link only as the credits of the one-flit
 * buffers come back (one in four cycles). Node 1 forwards each flit as it arrives (its credit
 * from node 2 is back by then), and in between its ACTIVE VC is empty: every cycle of the window
 * that does not send is idle_empty (all of them would be idle_credit if an ACTIVE VC with no
 * flit counted as waiting for a credit). */
static void test_port_use_active_empty(void **st_)
{
    (void)st_;
    tn_config c = base(8, 1);
    c.warmup = 20;
    c.measure = 20;
    c.vcs = 2;
    c.buf = 1;
    c.pkt_min = 1;
    c.pkt_max = 64;
    last_pkt l;
    tn_stats st;
    tn_sim *s = run_one_packet(c, "0 0 3 64\n", &l, &st);
    assert_true(l.r.ejected > 2 * (c.warmup + c.measure)); /* held the port the whole window */
    double use[TN_PORT_USE_N];
    assert_int_equal(tn_sim_channel_use(s, 1, tn_port_plus(0), use), 0);
    tn_sim_free(s);
    long n[TN_PORT_USE_N], sum = 0;
    for (int u = 0; u < TN_PORT_USE_N; u++)
        sum += n[u] = (long)(use[u] * c.measure + 0.5);
    assert_int_equal(sum, c.measure);
    assert_int_equal(n[TN_PORT_IDLE_VC] + n[TN_PORT_IDLE_UNMATCHED] + n[TN_PORT_IDLE_INPUT_BUSY], 0);
    if (n[TN_PORT_SENT] < 4 || n[TN_PORT_SENT] > c.measure / 2 || n[TN_PORT_IDLE_CREDIT] != 0 ||
        n[TN_PORT_IDLE_EMPTY] != c.measure - n[TN_PORT_SENT])
        fail_msg("node 1's +x port over the window: sent %ld, idle_credit %ld, idle_empty %ld",
                 n[TN_PORT_SENT], n[TN_PORT_IDLE_CREDIT], n[TN_PORT_IDLE_EMPTY]);
}

/* R17.10 on every network port: past saturation under uniform traffic (load 0.5, the most the
 * 4x4 torus's injection channels carry) every link is wanted, so each network port of each node,
 * whichever its direction, sends in some cycles and in others is idle with a flit routed to it
 * (for a credit, a VC, or an input port busy or unmatched); a link's uses sum to the window. */
static void test_port_use_each_port(void **st_)
{
    (void)st_;
    static const char *const routings[] = {"dor", "minad", "val"};
    for (size_t r = 0; r < sizeof routings / sizeof routings[0]; r++) {
        char err[TN_ERRLEN];
        tn_config c = base(4, 2);
        c.warmup = 200;
        c.measure = 1000;
        const char *kv[][2] = {{"vcs", "4"}, {"routing", routings[r]}, {"load", "0.5"}};
        for (size_t j = 0; j < sizeof kv / sizeof kv[0]; j++)
            if (tn_config_set(&c, kv[j][0], kv[j][1], err, sizeof err))
                fail_msg("%s", err);
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        if (!s)
            fail_msg("%s", err);
        tn_stats st;
        assert_int_equal(tn_sim_run(s, &st), 0);
        for (int v = 0; v < 16; v++)
            for (int p = 1; p <= 4; p++) {
                double u[TN_PORT_USE_N], sum = 0;
                assert_int_equal(tn_sim_channel_use(s, v, p, u), 0);
                for (int k = 0; k < TN_PORT_USE_N; k++)
                    sum += u[k];
                double why = u[TN_PORT_IDLE_INPUT_BUSY] + u[TN_PORT_IDLE_UNMATCHED] +
                             u[TN_PORT_IDLE_CREDIT] + u[TN_PORT_IDLE_VC];
                if (u[TN_PORT_SENT] <= 0 || why <= 0 || fabs(sum - 1) > 1e-9)
                    fail_msg("%s: node %d port %d: sent %g, idle with a flit routed to it %g, "
                             "uses summing to %g", routings[r], v, p, u[TN_PORT_SENT], why, sum);
            }
        tn_sim_free(s);
    }
}

/* R17.5's window edges: a flit counts when the cycle in which it is sent (its output register
 * loaded) lies in the window. The packet of test_port_use_one_packet, created in cycle 3, leaves
 * node 0 on +x in cycles 5, 6, 7 and 8 (creation + 2, as the worked trace of R14.4.1 shows for
 * its packet created in cycle 2: +x's output register visible in cycle 5 holds the head, sent in
 * 4). Windows [w0, w0 + m) of every start and length around those cycles count exactly the flits
 * sent inside them. */
static void test_chan_window_edges(void **st_)
{
    (void)st_;
    for (int w0 = 3; w0 <= 9; w0++)
        for (int m = 1; m <= 6; m++) {
            char err[TN_ERRLEN];
            tn_config c = base(4, 2);
            c.warmup = w0;
            c.measure = m;
            c.vcs = 2;
            tn_sim *s = trace_sim_cfg("3 0 1 4\n", c, err, sizeof err);
            assert_non_null(s);
            tn_stats st;
            assert_int_equal(tn_sim_run(s, &st), 0);
            tn_sim_free(s);
            long want = 0;
            for (int t = 5; t <= 8; t++)
                want += t >= w0 && t < w0 + m;
            long got = (long)(st.chan_util_avg * 64 * m + 0.5);
            if (got != want || fabs(st.chan_util_max * m - (double)want) > 1e-9)
                fail_msg("window [%d, %d): %ld flits counted on the 64 links (largest %.4f per "
                         "cycle), want %ld", w0, w0 + m, got, st.chan_util_max, want);
            /* R17.10 over the same window: one use per link and cycle, sent as R17.5 counts */
            long uses = 0;
            for (int u = 0; u < TN_PORT_USE_N; u++)
                uses += (long)(st.port_use[u] * 64 * m + 0.5);
            if (uses != 64L * m || (long)(st.port_use[TN_PORT_SENT] * 64 * m + 0.5) != want)
                fail_msg("window [%d, %d): %ld port uses (want %ld), %g sent", w0, w0 + m, uses,
                         64L * m, st.port_use[TN_PORT_SENT] * 64 * m);
        }
}

/* R17.10: what the network output ports did, in the cycles of the window. Over routings,
 * topologies and loads no use is negative and "sent" is the channel utilisation of R17.5; past
 * saturation a port is idle while the input ports that want it send elsewhere (the input side's
 * one flit a cycle, docs/router-v2.md 4); CHAOS is not classified (-1). */
static void test_port_use(void **st_)
{
    (void)st_;
    static const struct {
        const char *routing, *topo, *traffic, *load;
    } cases[] = {
        {"dor", "torus", "uniform", "0.3"},    {"dor", "torus", "tornado", "1"},
        {"minad", "torus", "uniform", "1"},    {"minad", "mesh", "transpose", "0.8"},
        {"val", "torus", "uniform", "1"},      {"goal", "torus", "tornado", "1"},
        {"gal", "torus", "tornado", "1"},      {"acor", "torus", "uniform", "1"},
        {"chaos", "torus", "uniform", "0.3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[TN_ERRLEN];
        tn_config c = base(8, 2);
        c.warmup = 300;
        c.measure = 1000;
        const char *kv[][2] = {{"vcs", "4"}, {"routing", cases[i].routing},
                               {"topo", cases[i].topo}, {"traffic", cases[i].traffic},
                               {"load", cases[i].load}};
        for (size_t j = 0; j < sizeof kv / sizeof kv[0]; j++)
            if (tn_config_set(&c, kv[j][0], kv[j][1], err, sizeof err))
                fail_msg("%s", err);
        tn_stats st = run_cfg(&c);
        if (c.routing == TN_ROUTE_CHAOS) {
            for (int u = 0; u < TN_PORT_USE_N; u++)
                assert_true(st.port_use[u] == -1);
            continue;
        }
        /* idle_empty is the rest of the window's port-cycles, so the uses sum to 1 by
         * construction; what can fail is the rest going negative (a port-cycle classified
         * twice, or a sent port-cycle also classified idle) */
        for (int u = 0; u < TN_PORT_USE_N; u++)
            assert_true(st.port_use[u] >= 0 && st.port_use[u] <= 1);
        /* the same flits over the same port-cycles (summed in another order) */
        assert_true(fabs(st.port_use[TN_PORT_SENT] - st.chan_util_avg) < 1e-12);
        assert_true(st.port_use[TN_PORT_SENT] > 0.2);
        /* past saturation under uniform traffic (every port is wanted; tornado on the 8x8 leaves
         * three of four ports unused) */
        if (strcmp(cases[i].load, "1") == 0 && strcmp(cases[i].traffic, "uniform") == 0)
            assert_true(st.port_use[TN_PORT_IDLE_INPUT_BUSY] > 0.02);
        /* an adaptive request that loses iteration 1 sits out iteration 2 (R6.6.1): its input
         * port can stay unmatched while a port it wants stays idle; the separable allocator
         * over body and head requests almost never leaves both idle (docs/router-v2.md 4) */
        if (c.routing == TN_ROUTE_MINAD && c.traffic == TN_TR_UNIFORM)
            assert_true(st.port_use[TN_PORT_IDLE_UNMATCHED] > 0.01);
        if (c.routing == TN_ROUTE_DOR || c.routing == TN_ROUTE_VAL)
            assert_true(st.port_use[TN_PORT_IDLE_UNMATCHED] < 0.005);
        if (c.routing == TN_ROUTE_VAL) { /* a head waiting for a VC, a body for a credit */
            assert_true(st.port_use[TN_PORT_IDLE_VC] > 0.005);
            assert_true(st.port_use[TN_PORT_IDLE_CREDIT] > 0.005);
        }
    }
}

/* R17.4's latency figures from the packets themselves: the marked packets (created in the
 * window) delivered before the run ends, each latency = tail ejection - creation, network latency
 * = tail ejection - head injection. Sorted here, the percentile q is the r-th smallest latency with
 * r = max(1, floor(q n + 0.999999)) (no latency here reaches the histogram's last bin, so the bin
 * is the latency); min, max and the means are the exact ones. Four seeds each of small runs (16
 * to 173 packets, where the rounding of r matters), one of about 650 and one past saturation
 * (about 24,000). */
#define LAT_CAP 40000
struct lat_log { long lo, hi, n, net_sum, hop_sum; long lat[LAT_CAP]; };
static void lat_pkt(void *user, const tn_pkt_record *p)
{
    struct lat_log *m = user;
    if (p->created < m->lo || p->created >= m->hi)
        return;
    assert_true(m->n < LAT_CAP);
    m->lat[m->n++] = p->ejected - p->created;
    m->net_sum += p->ejected - p->injected;
    m->hop_sum += p->hops;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static long lat_rank(const struct lat_log *m, double q)
{
    long r = (long)(q * (double)m->n + 0.999999);
    return m->lat[(r < 1 ? 1 : r) - 1];
}

static void test_latency_stats_counted(void **st_)
{
    (void)st_;
    static const struct { const char *routing, *traffic; int k, vcs; double load; long measure; } cases[] = {
        {"dor", "uniform", 4, 2, 0.05, 60}, {"dor", "uniform", 4, 2, 0.05, 100},
        {"minad", "uniform", 4, 3, 0.1, 150}, {"val", "tornado", 4, 4, 0.1, 200},
        {"dor", "transpose", 4, 2, 0.2, 400}, {"minad", "uniform", 8, 3, 1.0, 1500},
    };
    static struct lat_log m;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int seed = 1; seed <= 4; seed++) {
            tn_config c = base(cases[i].k, 2);
            char err[TN_ERRLEN];
            assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
            assert_int_equal(tn_config_set(&c, "traffic", cases[i].traffic, err, sizeof err), 0);
            c.vcs = cases[i].vcs;
            c.load = cases[i].load;
            c.seed = (uint64_t)seed;
            c.warmup = 100;
            c.measure = cases[i].measure;
            m.lo = c.warmup;
            m.hi = c.warmup + c.measure;
            m.n = m.net_sum = m.hop_sum = 0;
            tn_sim *s = tn_sim_new(&c, err, sizeof err);
            tn_stats st = run_watched(s, err, lat_pkt, &m);
            tn_sim_free(s);
            assert_true(m.n > 5);
            qsort(m.lat, (size_t)m.n, sizeof m.lat[0], cmp_long);
            double sum = 0;
            for (long j = 0; j < m.n; j++)
                sum += (double)m.lat[j];
            if (st.packets != m.n || st.latency_p50 != lat_rank(&m, 0.5) ||
                st.latency_p99 != lat_rank(&m, 0.99) || st.latency_min != m.lat[0] ||
                st.latency_max != m.lat[m.n - 1] || fabs(st.latency_avg - sum / (double)m.n) > 1e-9 ||
                fabs(st.network_latency_avg - (double)m.net_sum / (double)m.n) > 1e-9 ||
                fabs(st.hops_avg - (double)m.hop_sum / (double)m.n) > 1e-9)
                fail_msg("%s %s k=%d load %.2f seed %d: the model's n %ld p50 %ld p99 %ld min %ld "
                         "max %ld avg %.4f net %.4f hops %.4f; counted n %ld p50 %ld p99 %ld min %ld "
                         "max %ld avg %.4f net %.4f hops %.4f", cases[i].routing, cases[i].traffic,
                         c.k, c.load, seed, st.packets, st.latency_p50, st.latency_p99,
                         st.latency_min, st.latency_max, st.latency_avg, st.network_latency_avg,
                         st.hops_avg, m.n, lat_rank(&m, 0.5), lat_rank(&m, 0.99), m.lat[0],
                         m.lat[m.n - 1], sum / (double)m.n, (double)m.net_sum / (double)m.n,
                         (double)m.hop_sum / (double)m.n);
        }
}

/* R17's fairness line: with one-flit packets each delivery is one flit, so the flits of each
 * source's packets ejected in the window, counted here, give every source's accepted
 * flits/cycle; the least, the most and Jain's index (sum x)^2 / (n sum x^2) equal the model's.
 * The cases include unfair ones (the ring under tornado without in-transit priority starves
 * some sources) and an empty network (min and max 0, index 1). The same runs check the speed
 * figures against the run's own time: 0 < sim_seconds <= the wall time around tn_sim_run, and
 * the rates are the counts divided by it. */
struct src_cnt { long lo, hi, nodes; long flits[64]; };
static void src_pkt(void *user, const tn_pkt_record *p)
{
    struct src_cnt *m = user;
    assert_int_equal(p->len, 1);
    assert_true(p->src >= 0 && p->src < m->nodes);
    if (p->ejected >= m->lo && p->ejected < m->hi)
        m->flits[p->src]++;
}

static double mono_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_fairness_counted(void **st_)
{
    (void)st_;
    /* all: every source delivers in the window (in-transit priority on, or a light load); the
     * ring under tornado without it starves half its sources (min 0, index 0.5) */
    static const struct {
        const char *routing, *traffic, *transit; int k, n, vcs; double load; int all;
    } cases[] = {
        {"dor", "tornado", "off", 8, 1, 2, 1.0, 0}, {"dor", "tornado", "on", 8, 1, 2, 1.0, 1},
        {"minad", "uniform", "on", 4, 2, 3, 0.5, 1}, {"val", "uniform", "on", 4, 2, 4, 0.5, 1},
        {"dor", "transpose", "off", 4, 2, 2, 0.2, 1}, {"gal", "tornado", "on", 8, 1, 4, 1.0, 1},
        {"dor", "uniform", "on", 4, 2, 2, 0.0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(cases[i].k, cases[i].n);
        char err[TN_ERRLEN];
        assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "traffic", cases[i].traffic, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "transit", cases[i].transit, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "pkt", "1", err, sizeof err), 0);
        c.vcs = cases[i].vcs;
        c.load = cases[i].load;
        c.seed = 7;
        c.warmup = 300;
        c.measure = 1000;
        static struct src_cnt m;
        memset(&m, 0, sizeof m);
        m.lo = c.warmup;
        m.hi = c.warmup + c.measure;
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        if (!s)
            fail_msg("%s", err);
        m.nodes = s->g.nodes;
        assert_true(m.nodes <= 64);
        tn_sim_on_deliver(s, src_pkt, &m);
        tn_stats st;
        double t0 = mono_seconds();
        assert_int_equal(tn_sim_run(s, &st), 0);
        double wall = mono_seconds() - t0;
        tn_sim_free(s);
        double win = (double)c.measure, sx = 0, sxx = 0, xmin = 0, xmax = 0;
        for (long v = 0; v < m.nodes; v++) {
            double x = (double)m.flits[v] / win;
            sx += x;
            sxx += x * x;
            xmin = v == 0 || x < xmin ? x : xmin;
            xmax = x > xmax ? x : xmax;
        }
        double jain = sxx > 0 ? sx * sx / ((double)m.nodes * sxx) : 1.0;
        if (fabs(st.src_accepted_min - xmin) > 1e-12 || fabs(st.src_accepted_max - xmax) > 1e-12 ||
            fabs(st.src_jain - jain) > 1e-12 ||
            fabs(st.accepted_flits - sx / (double)m.nodes) > 1e-12)
            fail_msg("%s %s transit=%s: the model's min %.6f max %.6f jain %.6f accepted %.6f; "
                     "counted %.6f %.6f %.6f %.6f", cases[i].routing, cases[i].traffic,
                     cases[i].transit, st.src_accepted_min, st.src_accepted_max, st.src_jain,
                     st.accepted_flits, xmin, xmax, jain, sx / (double)m.nodes);
        if (cases[i].all && !(xmin > 0))
            fail_msg("%s %s transit=%s: a source with no flit accepted", cases[i].routing,
                     cases[i].traffic, cases[i].transit);
        if (cases[i].load == 0 && !(xmax == 0 && jain == 1.0))
            fail_msg("an empty network: max %.6f, index %.6f", xmax, jain);
        if (!(st.sim_seconds > 0 && st.sim_seconds <= wall) ||
            fabs(st.cycles_per_second * st.sim_seconds - (double)st.cycles) >
                1e-6 * (double)st.cycles ||
            fabs(st.flit_hops_per_second * st.sim_seconds - (double)st.flit_hops) >
                1e-6 * (double)st.flit_hops + 1e-9)
            fail_msg("%s %s: sim_seconds %.9f (wall %.9f), %.1f cycles/s for %ld cycles, %.1f "
                     "flit-hops/s for %ld", cases[i].routing, cases[i].traffic, st.sim_seconds,
                     wall, st.cycles_per_second, st.cycles, st.flit_hops_per_second, st.flit_hops);
    }
}

/* R17.7's reference when no flit was created in the window: the offered load. A run at load
 * 0.001 with a 10-cycle window creates nothing there and drains, and is saturated (accepted 0 <
 * 0.95 x 0.001); at load 0 it is not (0 < 0 is false). */
static void test_saturated_nothing_created(void **st_)
{
    (void)st_;
    for (int zero = 0; zero <= 1; zero++) {
        tn_config c = base(4, 2);
        c.load = zero ? 0.0 : 0.001;
        c.warmup = 0;
        c.measure = 10;
        c.seed = 1;
        tn_stats st = run_cfg(&c);
        assert_true(st.created_flits == 0 && st.accepted_flits == 0);
        assert_int_equal(st.drained, 1);
        assert_int_equal(st.saturated, !zero);
    }
}

/* R17.7's "drained" counts the generators too: on the 8-node line with one VC, E (2 -> 7, 256
 * flits) and D (0 -> 7, 24 flits) block node 0's injection VC, so node 0's next trace packet B
 * (0 -> 1, created in cycle 5 of the warm-up) cannot start before the drain limit W1 + 5 = 25.
 * The one marked packet M (6 -> 5, created in 10) is delivered long before: every marked packet
 * is delivered and what the window created was all accepted, yet the run is not drained (a
 * channel holds a packet created before W1) and so is saturated. The same run with B created in
 * W1 itself (cycle 20) does not hold the sources: it is drained once M is delivered. And a lazy
 * Bernoulli generator held by a long packet holds the sources the same way. */
static void test_saturated_generator_held(void **st_)
{
    (void)st_;
    for (int late = 0; late <= 1; late++) {
        tn_config c = line8();
        char err[TN_ERRLEN];
        c.drain = 5;
        struct last_marked m;
        tn_stats st = run_marked(trace_sim_cfg(late ? "0 2 7 256\n0 0 7 24\n10 6 5 1\n20 0 1 1\n"
                                                    : "0 2 7 256\n0 0 7 24\n5 0 1 1\n10 6 5 1\n",
                                               c, err, sizeof err), &c, err, &m);
        assert_int_equal(m.marked, 1);
        assert_int_equal(st.packets, 1);
        assert_true(m.last < 20);
        assert_true(st.created_flits > 0 && st.accepted_flits >= 0.95 * st.created_flits);
        assert_int_equal(st.drained, late);
        assert_int_equal(st.saturated, !late);
        assert_int_equal(st.stop_cycle, late ? 20 : 25);
    }
    /* the same under Bernoulli traffic: node 0 sends a 200-flit packet from cycle 0, so its lazy
     * generator stays at cycle 0 < W1 = 20 for the whole window and the drain; the run ends at
     * the drain limit, not drained */
    tn_config c = base(4, 1);
    char err[TN_ERRLEN];
    c.vcs = 2;
    c.load = 0.001;
    c.warmup = 10;
    c.measure = 10;
    c.drain = 5;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(tn_sim_inject(s, 0, 2, 200), 0);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    tn_sim_free(s);
    assert_int_equal(st.packets, 0);
    assert_int_equal(st.drained, 0);
    assert_int_equal(st.stop_cycle, 25);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_port_use_one_packet),
        cmocka_unit_test(test_port_use_each_port),
        cmocka_unit_test(test_port_use_active_empty),
        cmocka_unit_test(test_port_use),
        cmocka_unit_test(test_chan_window_edges),
        cmocka_unit_test(test_created_counts_undrawn),
        cmocka_unit_test(test_stop_cycle_rule),
        cmocka_unit_test(test_nonmin_frac_counted),
        cmocka_unit_test(test_port_use_window_sum),
        cmocka_unit_test(test_latency_stats_counted),
        cmocka_unit_test(test_fairness_counted),
        cmocka_unit_test(test_saturated_nothing_created),
        cmocka_unit_test(test_saturated_generator_held),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
