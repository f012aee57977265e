/* SPDX-License-Identifier: MIT */
/* Simulator checks of the golden model: zero-load latency formula and the worked trace,
 * accepted = offered below saturation, saturation against the channel-load bound, packet
 * integrity on many configurations, determinism, the checker catching a planted corruption,
 * bad configurations, directed packets, trace traffic and the traffic streams. The other
 * simulator checks: test_deadlock.c (the deadlock checker and the watchdog), test_nonmin.c
 * (VAL, GOAL and GAL), test_stats.c (the statistics of section 17 and the run's end). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h's trace_sim_cfg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

/* One packet alone in the network: latency = 2*H + L + 2 (docs/microarchitecture.md 14). */
static void zero_load_case(int k, int n, int vcs, int buf, int src, int dst, int len)
{
    tn_config c = base(k, n);
    char err[TN_ERRLEN];
    c.vcs = vcs;
    c.buf = buf;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    for (int i = 0; i < 5; i++)
        tn_sim_step(s); /* start away from cycle 0 */
    long t0 = tn_sim_cycle(s);
    assert_int_equal(tn_sim_inject(s, src, dst, len), 0);
    while (!l.count && tn_sim_cycle(s) < t0 + 1000)
        tn_sim_step(s);
    assert_int_equal(l.count, 1);
    int h = dor_hops(tn_sim_geom(s), src, dst);
    assert_int_equal(l.r.hops, h);
    assert_int_equal(l.r.created, t0);
    assert_int_equal(l.r.injected, t0);
    assert_int_equal(l.r.ejected - l.r.created, 2 * h + len + 2);
    assert_int_equal(tn_sim_check_errors(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    tn_sim_free(s);
}

static void test_zero_load_latency(void **st)
{
    (void)st;
    zero_load_case(8, 2, 2, 8, 0, 0, 1);            /* H = 0: through the router and back */
    zero_load_case(8, 2, 2, 8, 0, 1, 1);            /* one hop */
    zero_load_case(8, 2, 2, 8, 0, 3 + 8 * 5, 4);    /* 3 + 3 hops, wraps in y */
    zero_load_case(8, 2, 2, 8, 9, 4 + 8 * 5, 8);    /* tie in x and y: k/2 */
    zero_load_case(8, 2, 4, 16, 63, 0, 16);         /* 2 hops through both wraps */
    zero_load_case(4, 3, 2, 5, 0, 63, 12);          /* 3-D, buf 5 streams long packets */
    zero_load_case(4, 3, 2, 4, 0, 63, 12);          /* buf 4: the credit loop, just enough */
    zero_load_case(5, 2, 3, 2, 7, 19, 2);           /* odd k, pkt <= buf */
    zero_load_case(16, 1, 2, 8, 3, 12, 4);          /* ring, 7 hops through the wrap */
}

/* The worked trace of docs/microarchitecture.md 14.4 (R14.4.1): one 2-flit packet from node 0 to
 * node 1 of the 4x4 torus (DOR, vcs=2, buf=8), read from tb/regress/trace_worked.txt (created in
 * cycle 2), with the keys of its line in tb/regress/lockstep_test.txt, which runs the same packet
 * through the RTL in lockstep. Every value of the document's table is asserted at the start of
 * every cycle 0..11 (cycles 0 and 1 hold the values of cycle 2, cycles 10 and 11 those of 9), and
 * every register the table does not name is asserted to hold its reset value. Column i of each
 * row is cycle i + 2. */
#define WK_N 8
static const int wk_src_cr0[WK_N] = {8, 7, 6, 6, 7, 8, 8, 8};
static const int wk_src_cr1[WK_N] = {8, 8, 8, 8, 8, 8, 8, 8};
static const int wk_vc_ptr[WK_N] = {0, 1, 1, 1, 1, 1, 1, 1};
static const int wk_seq[WK_N] = {0, 1, 1, 1, 1, 1, 1, 1};
static const char *const wk_inj[WK_N] = {"-", "H v0", "T v0", "-", "-", "-", "-", "-"};
static const int wk_n0_cnt[WK_N] = {0, 0, 1, 1, 0, 0, 0, 0};
static const char *const wk_n0_state[WK_N] = {"I", "I", "I", "A 1/1", "I", "I", "I", "I"};
static const char *const wk_n0_crd[WK_N] = {"-", "-", "-", "v0", "v0", "-", "-", "-"};
static const int wk_n0_sa1[WK_N] = {0, 0, 0, 1, 1, 1, 1, 1};
static const int wk_n0_sa2[WK_N] = {0, 0, 0, 1, 1, 1, 1, 1};
static const int wk_n0_busy[WK_N] = {0, 0, 0, 1, 0, 0, 0, 0};
static const int wk_n0_cred[WK_N] = {8, 8, 8, 7, 6, 6, 7, 8};
static const char *const wk_n0_out[WK_N] = {"-", "-", "-", "H v1", "T v1", "-", "-", "-"};
static const int wk_n1_cnt[WK_N] = {0, 0, 0, 0, 1, 1, 0, 0};
static const char *const wk_n1_state[WK_N] = {"I", "I", "I", "I", "I", "A 0/0", "I", "I"};
static const char *const wk_n1_crd[WK_N] = {"-", "-", "-", "-", "-", "v1", "v1", "-"};
static const int wk_n1_sa1[WK_N] = {0, 0, 0, 0, 0, 0, 0, 0};
static const int wk_n1_sa2[WK_N] = {0, 0, 0, 0, 0, 3, 3, 3};
static const int wk_n1_busy[WK_N] = {0, 0, 0, 0, 0, 1, 0, 0};
static const int wk_n1_cred[WK_N] = {8, 8, 8, 8, 8, 8, 8, 8};
static const char *const wk_n1_ej[WK_N] = {"-", "-", "-", "-", "-", "H v0", "T v0", "-"};
static const int wk_delivered[WK_N] = {0, 0, 0, 0, 0, 0, 0, 1};

/* The table's notation of a link register: "-" or "H v1" / "T v0" (head, tail, "HT" both). The
 * flit's other fields are checked against the packet of the trace: dst 1, src 0, the payloads of
 * R4.5 for node 0, sequence number 0. */
static void wk_link(const tn_sim *s, int node, int port, int inj, char *out, size_t len)
{
    static const uint64_t payload[2] = {0x7b1dcdafu, 0x89025cc1u};
    snprintf(out, len, "-");
    for (long i = 0; i < s->lk.nlev[s->lk.cur]; i++) {
        const tn_link_ev *e = &s->lk.lev[s->lk.cur][i];
        int hit = inj ? e->from_node < 0 && e->node == node && e->from_port == port
                      : e->from_node == node && e->from_port == port;
        if (!hit)
            continue;
        snprintf(out, len, "%s%s v%d", e->f.head ? "H" : "", e->f.tail ? "T" : "", e->f.vc);
        if (e->f.dst != 1 || e->f.src != 0 || e->f.idx > 1 || e->f.payload != payload[e->f.idx])
            fail_msg("cycle %ld node %d port %d: flit dst %u src %u idx %u payload 0x%llx", s->cycle,
                     node, port, e->f.dst, e->f.src, e->f.idx, (unsigned long long)e->f.payload);
    }
}


static void test_worked_trace(void **st_)
{
    (void)st_;
    static const char *const keys[][2] = {
        {"k", "4"}, {"n", "2"}, {"vcs", "2"}, {"buf", "8"}, {"pkt", "2"}, {"traffic", "trace"},
        {"trace", "tb/regress/trace_worked.txt"}, {"warmup", "0"}, {"measure", "20"}};
    tn_sim *s = keys_sim(keys, sizeof keys / sizeof keys[0]);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    const int P = s->P, V = s->V;
    /* the registers of the table: input VCs, output VCs and ports of nodes 0 and 1 */
    const long n0_ivc = (0L * P + 0) * V + 0, n1_ivc = (1L * P + 2) * V + 1;
    const long n0_ovc = (0L * P + 1) * V + 1, n1_ovc = (1L * P + 0) * V + 0;
    char got[32];
    for (long t = 0; t < 12; t++) {
        assert_int_equal(tn_sim_cycle(s), t);
        const int i = t < 2 ? 0 : t > 9 ? WK_N - 1 : (int)t - 2;
        const tn_source *so = &s->src[0];
        WK_INT("source credits[0]", so->credits[0], wk_src_cr0[i]);
        WK_INT("source credits[1]", so->credits[1], wk_src_cr1[i]);
        WK_INT("source vc_ptr", so->vc_ptr, wk_vc_ptr[i]);
        WK_INT("source seq", so->seq, wk_seq[i]);
        wk_link(s, 0, 0, 1, got, sizeof got);
        WK_STR("injection link", got, wk_inj[i]);
        WK_INT("node 0 VC (0,0) cnt", s->rt.iu.cnt[n0_ivc], wk_n0_cnt[i]);
        wk_state(s, n0_ivc, got, sizeof got);
        WK_STR("node 0 VC (0,0) state", got, wk_n0_state[i]);
        wk_credit(s, 0, 0, got, sizeof got);
        WK_STR("node 0 credit register of port 0", got, wk_n0_crd[i]);
        WK_INT("node 0 sa1_ptr[0]", s->rt.as.sa1_ptr[0L * P + 0], wk_n0_sa1[i]);
        WK_INT("node 0 sa2_ptr[1]", s->rt.as.sa2_ptr[0L * P + 1], wk_n0_sa2[i]);
        WK_INT("node 0 output VC (1,1) busy", (s->rt.ou.busy[0L * P + 1] >> 1) & 1u, wk_n0_busy[i]);
        WK_INT("node 0 output VC (1,1) credits", s->rt.ou.credits[n0_ovc], wk_n0_cred[i]);
        wk_link(s, 0, 1, 0, got, sizeof got);
        WK_STR("node 0 output register of port 1", got, wk_n0_out[i]);
        WK_INT("node 1 VC (2,1) cnt", s->rt.iu.cnt[n1_ivc], wk_n1_cnt[i]);
        wk_state(s, n1_ivc, got, sizeof got);
        WK_STR("node 1 VC (2,1) state", got, wk_n1_state[i]);
        wk_credit(s, 1, 2, got, sizeof got);
        WK_STR("node 1 credit register of port 2", got, wk_n1_crd[i]);
        WK_INT("node 1 sa1_ptr[2]", s->rt.as.sa1_ptr[1L * P + 2], wk_n1_sa1[i]);
        WK_INT("node 1 sa2_ptr[0]", s->rt.as.sa2_ptr[1L * P + 0], wk_n1_sa2[i]);
        WK_INT("node 1 output VC (0,0) busy", s->rt.ou.busy[1L * P + 0] & 1u, wk_n1_busy[i]);
        WK_INT("node 1 output VC (0,0) credits", s->rt.ou.credits[n1_ovc], wk_n1_cred[i]);
        wk_link(s, 1, 0, 0, got, sizeof got);
        WK_STR("node 1 output register of port 0", got, wk_n1_ej[i]);
        WK_INT("packets delivered", l.count, wk_delivered[i]);
        /* every register the table does not name holds its reset value */
        WK_INT("valid link registers", s->lk.nlev[s->lk.cur],
               (wk_inj[i][0] != '-') + (wk_n0_out[i][0] != '-') + (wk_n1_ej[i][0] != '-'));
        WK_INT("valid credit registers", s->lk.ncev[s->lk.cur], (wk_n0_crd[i][0] != '-') + (wk_n1_crd[i][0] != '-'));
        for (int node = 0; node < s->g.nodes; node++) {
            for (int p = 0; p < P; p++) {
                long slot = (long)node * P + p;
                if (!(node == 0 && p == 0) && !(node == 1 && p == 2))
                    WK_INT("an sa1_ptr the table does not name", s->rt.as.sa1_ptr[slot], 0);
                if (!(node == 0 && p == 1) && !(node == 1 && p == 0))
                    WK_INT("an sa2_ptr the table does not name", s->rt.as.sa2_ptr[slot], 0);
                for (int v = 0; v < V; v++) {
                    long x = slot * V + v;
                    if (x != n0_ivc && x != n1_ivc) {
                        WK_INT("an input VC's cnt the table does not name", s->rt.iu.cnt[x], 0);
                        WK_INT("an input VC's state the table does not name", s->rt.iu.state[x], 0);
                    }
                    if (x != n0_ovc && x != n1_ovc) {
                        WK_INT("an output VC's busy the table does not name",
                               (s->rt.ou.busy[slot] >> v) & 1u, 0);
                        WK_INT("an output VC's credits the table does not name",
                               s->rt.ou.credits[x], 8);
                    }
                }
            }
            if (node > 0) {
                WK_INT("another source's credits[0]", s->src[node].credits[0], 8);
                WK_INT("another source's credits[1]", s->src[node].credits[1], 8);
                WK_INT("another source's vc_ptr", s->src[node].vc_ptr, 0);
                WK_INT("another source's seq", s->src[node].seq, 0);
            }
        }
        WK_INT("router error bits", tn_sim_router_errors(s), 0);
        WK_INT("integrity errors", tn_sim_check_errors(s), 0);
        tn_sim_step(s);
    }
    assert_int_equal(l.count, 1);
    assert_int_equal(l.r.src, 0);
    assert_int_equal(l.r.dst, 1);
    assert_int_equal(l.r.len, 2);
    assert_int_equal(l.r.hops, 1);
    assert_int_equal(l.r.created, 2);
    assert_int_equal(l.r.injected, 2);
    assert_int_equal(l.r.ejected, 8); /* T0 = 2H + L + 2 = 6 (R14.1.1) */
    assert_int_equal(tn_sim_in_flight(s), 0);
    tn_sim_free(s);
}

static void test_accepted_equals_offered(void **st_)
{
    (void)st_;
    struct { int k, n, traffic; double load; } cases[] = {
        {8, 2, TN_TR_UNIFORM, 0.2}, {8, 2, TN_TR_TORNADO, 0.1}, {4, 2, TN_TR_UNIFORM, 0.3},
        {4, 2, TN_TR_BITCOMP, 0.2}, {5, 2, TN_TR_NEIGHBOR, 0.2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(cases[i].k, cases[i].n);
        c.traffic = cases[i].traffic;
        c.load = cases[i].load;
        c.warmup = 500;
        c.measure = 4000;
        tn_stats st = run_cfg(&c);
        assert_false(st.saturated);
        assert_true(st.drained);
        if (st.accepted < 0.96 * c.load || st.accepted > 1.04 * c.load)
            fail_msg("k=%d %s load %.2f: accepted %.4f", c.k, tn_traffic_name(c.traffic), c.load,
                     st.accepted);
        /* Latency can only exceed the zero-load figure. */
        assert_true(st.latency_avg >= 2.0 * st.hops_avg + 4 + 2 - 1e-9);
    }
}

/* Bisection for the highest unsaturated load, like `tnsim sat`. */
static double sat_throughput(tn_config c, double hi)
{
    double lo = 0, acc = 0;
    while (hi - lo > 0.02) {
        c.load = 0.5 * (lo + hi);
        tn_stats st = run_cfg(&c);
        if (st.saturated)
            hi = c.load;
        else {
            lo = c.load;
            acc = st.accepted_flits;
        }
    }
    return acc;
}

static void test_saturation_vs_bound(void **st_)
{
    (void)st_;
    struct { int traffic; double lo_frac; } cases[] = {{TN_TR_UNIFORM, 0.5}, {TN_TR_TORNADO, 0.6}};
    for (size_t i = 0; i < 2; i++) {
        tn_config c = base(8, 2);
        char err[TN_ERRLEN];
        c.vcs = 4;
        c.traffic = cases[i].traffic;
        c.warmup = 500;
        c.measure = 3000;
        c.drain = 20000;
        double bound = tn_channel_load_bound(&c, err, sizeof err);
        assert_true(bound > 0);
        double sat = sat_throughput(c, 1.0);
        print_message("dor %s 8-ary 2-cube vcs=4: bound %.4f, saturation %.4f flits/node/cycle\n",
                      tn_traffic_name(c.traffic), bound, sat);
        if (sat > bound * 1.02 || sat < cases[i].lo_frac * bound)
            fail_msg("saturation %.4f outside [%.2f, 1.02] x bound %.4f", sat, cases[i].lo_frac,
                     bound);
        /* Past saturation the accepted throughput never beats the bound either. */
        c.load = 1.0;
        c.drain = 0;
        tn_stats st = run_cfg(&c);
        assert_true(st.saturated);
        assert_true(st.accepted_flits <= bound * 1.02);
    }
    /* The bounds themselves: tornado 1/3 (3 hops on each +x link), uniform terminal-limited. */
    tn_config c = base(8, 2);
    char err[TN_ERRLEN];
    c.traffic = TN_TR_TORNADO;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 1.0 / 3.0, 1e-9);
    c.traffic = TN_TR_UNIFORM;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 1.0, 1e-9);
    c.k = 16; /* 16-ary: 16/8 = 2 x capacity per bisection channel: 8/16 = 0.5 */
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 0.5, 1e-9);
    /* hotspot on the 4x4, ejection-limited: each hot node's ejection channel takes, per unit
     * rate of each of the 16 sources, 0.5/16 of the uniform half and 0.5/h of the hot half */
    c = base(4, 2);
    c.traffic = TN_TR_HOTSPOT;
    c.hot_frac = 0.5;
    c.n_hot = 1;
    c.hot[0] = 0;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 1.0 / 8.5, 1e-9);
    c.n_hot = 2;
    c.hot[1] = 5;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 1.0 / 4.5, 1e-9);
    /* neighbour traffic (one hop, each neighbour alike): on the 4x4 mesh the ejection channel
     * of a centre node takes 1/3 + 1/4 + 1/3 + 1/4 = 7/6 from its two edge and two centre
     * neighbours; with four terminals (each input port ejects on its own, R8.2.2) the bound is
     * a corner's link, half its rate: 2; on the torus every link and terminal takes 1/4: 4 */
    c = base(4, 2);
    c.traffic = TN_TR_NEIGHBOR;
    c.topo = TN_TOPO_MESH;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 6.0 / 7.0, 1e-9);
    c.term = 4;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 2.0, 1e-9);
    c.topo = TN_TOPO_TORUS;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 4.0, 1e-9);
    /* its most nodes, 4,096 (tornado on the 16-ary 3-cube: 7 hops on each +x link), and one
     * size more refused */
    c = base(16, 3);
    c.traffic = TN_TR_TORNADO;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), 1.0 / 7.0, 1e-9);
    c.k = 17;
    assert_float_equal(tn_channel_load_bound(&c, err, sizeof err), -1.0, 0);
    assert_string_equal(err, "keys 'k','n': the bound is computed for up to 4096 nodes, not 4913");
}

static void test_integrity_many_configs(void **st_)
{
    (void)st_;
    struct { int k, n, topo, vcs, buf, pmin, pmax, term, traffic; double load; } cases[] = {
        {4, 2, TN_TOPO_TORUS, 2, 1, 1, 1, 1, TN_TR_UNIFORM, 0.45},
        {4, 2, TN_TOPO_TORUS, 2, 2, 1, 16, 1, TN_TR_BITREV, 0.4},
        {4, 2, TN_TOPO_TORUS, 3, 3, 4, 4, 1, TN_TR_SHUFFLE, 0.5},
        {4, 2, TN_TOPO_TORUS, 4, 4, 2, 8, 1, TN_TR_BUTTERFLY, 0.5},
        {4, 2, TN_TOPO_TORUS, 2, 5, 16, 16, 1, TN_TR_TRANSPOSE, 0.5},
        {4, 2, TN_TOPO_TORUS, 3, 6, 1, 5, 2, TN_TR_NEIGHBOR, 0.9},
        {4, 2, TN_TOPO_TORUS, 2, 7, 3, 3, 1, TN_TR_RANDPERM, 0.5},
        {4, 2, TN_TOPO_TORUS, 4, 8, 4, 4, 1, TN_TR_HOTSPOT, 0.5},
        {2, 3, TN_TOPO_TORUS, 2, 4, 1, 4, 1, TN_TR_UNIFORM, 0.25},
        {3, 2, TN_TOPO_TORUS, 2, 2, 1, 3, 1, TN_TR_TORNADO, 0.3},
        {5, 1, TN_TOPO_TORUS, 3, 4, 2, 2, 1, TN_TR_BITCOMP, 0.4},
        {8, 1, TN_TOPO_TORUS, 2, 8, 4, 4, 1, TN_TR_TORNADO, 1.0},
        {5, 2, TN_TOPO_MESH, 1, 4, 4, 4, 1, TN_TR_UNIFORM, 0.5},
        {4, 3, TN_TOPO_MESH, 2, 3, 1, 6, 1, TN_TR_TRANSPOSE, 0.5},
        {8, 2, TN_TOPO_TORUS, 2, 8, 4, 4, 1, TN_TR_UNIFORM, 1.0},
        /* four dimensions, the most the model takes (TN_MAX_N) */
        {2, 4, TN_TOPO_TORUS, 2, 4, 1, 4, 1, TN_TR_UNIFORM, 0.2},
        {3, 4, TN_TOPO_MESH, 2, 4, 4, 4, 2, TN_TR_TORNADO, 0.3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(cases[i].k, cases[i].n);
        c.topo = cases[i].topo;
        c.vcs = cases[i].vcs;
        c.buf = cases[i].buf;
        c.pkt_min = cases[i].pmin;
        c.pkt_max = cases[i].pmax;
        c.term = cases[i].term;
        c.traffic = cases[i].traffic;
        c.load = cases[i].load;
        c.warmup = 200;
        c.measure = 1500;
        c.drain = 3000;
        c.hot[0] = 5;
        c.hot[1] = 6;
        c.n_hot = 2;
        c.hot_frac = 0.3;
        c.seed = (uint32_t)(7 + i);
        tn_stats st = run_cfg(&c);
        assert_true(st.delivered > 0);
        /* DOR: every packet takes a minimal path, at most the diameter; some leave their node;
         * a neighbour packet crosses exactly one link */
        int diam = c.n * (c.topo == TN_TOPO_TORUS ? c.k / 2 : c.k - 1);
        assert_true(st.hops_avg > 0);
        assert_true(st.hops_avg <= diam);
        if (c.traffic == TN_TR_NEIGHBOR)
            assert_true(st.hops_avg == 1.0);
    }
}

/* The largest router the model takes: N = TN_MAX_N dimensions and TN_MAX_TERM terminals give
 * P = TN_MAX_P ports, with TN_MAX_V VCs each (CHAOS: TN_MAX_CHAOS_Q slots in its shared queue),
 * so every array sized by those maxima is full. Every routing family runs on the 2-ary and
 * 3-ary 4-cube and the 3-ary 4-mesh where it is allowed (DOR, MIN AD, VAL and CHAOS), each with
 * another selection function: every packet arrives once, intact, with no router error (run_cfg,
 * under ASan: no access past an array), on a path no longer than minimal for DOR and MIN AD and
 * no longer than two minimal ones for VAL. */
static void test_integrity_largest_router(void **st_)
{
    (void)st_;
    static const int fam[] = {TN_ROUTE_DOR, TN_ROUTE_MINAD, TN_ROUTE_VAL, TN_ROUTE_GOAL,
                              TN_ROUTE_GAL, TN_ROUTE_ACOR, TN_ROUTE_CHAOS};
    struct { int k, topo; } nets[] = {{2, TN_TOPO_TORUS}, {3, TN_TOPO_TORUS}, {3, TN_TOPO_MESH}};
    int runs = 0;
    for (size_t ni = 0; ni < sizeof nets / sizeof nets[0]; ni++)
        for (size_t f = 0; f < sizeof fam / sizeof fam[0]; f++) {
            int r = fam[f];
            if (nets[ni].topo == TN_TOPO_MESH &&
                (r == TN_ROUTE_GOAL || r == TN_ROUTE_GAL || r == TN_ROUTE_ACOR))
                continue; /* they need a torus (config.c refuses them on a mesh) */
            tn_config c = base(nets[ni].k, TN_MAX_N);
            c.topo = nets[ni].topo;
            c.term = TN_MAX_TERM;
            c.vcs = TN_MAX_V;
            c.routing = r;
            c.selection = (int)((ni + f) % TN_SEL_LAST);
            c.load = 0.2;
            c.warmup = 100;
            c.measure = 600;
            c.drain = 5000;
            c.seed = (uint32_t)(31 + runs);
            if (r == TN_ROUTE_CHAOS)
                c.chaos_q = TN_MAX_CHAOS_Q;
            tn_stats st = run_cfg(&c);
            assert_true(st.delivered > 100);
            int diam = c.n * (c.topo == TN_TOPO_TORUS ? c.k / 2 : c.k - 1);
            if (r == TN_ROUTE_DOR || r == TN_ROUTE_MINAD)
                assert_true(st.hops_avg <= diam && st.nonmin_frac == 0);
            if (r == TN_ROUTE_VAL)
                assert_true(st.hops_avg <= 2 * diam);
            runs++;
        }
    assert_int_equal(runs, 18);
}

static void test_determinism(void **st_)
{
    (void)st_;
    tn_config c = base(8, 2);
    c.load = 0.4;
    c.warmup = 300;
    c.measure = 2000;
    tn_stats a = run_cfg(&c), b = run_cfg(&c);
    assert_int_equal(a.packets, b.packets);
    assert_int_equal(a.cycles, b.cycles);
    assert_true(a.latency_avg == b.latency_avg);
    assert_int_equal(a.latency_p99, b.latency_p99);
    c.seed = 2;
    tn_stats d = run_cfg(&c);
    assert_true(d.latency_avg != a.latency_avg || d.packets != a.packets);
}

/* The checkers can fail: corrupt a buffered flit, drop a credit, and see each caught. */
static void test_checker_catches_faults(void **st_)
{
    (void)st_;
    char err[TN_ERRLEN];
    tn_config c = base(4, 2);
    c.load = 0.3;
    c.pkt_min = c.pkt_max = 4;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    int done = 0;
    while (!done && tn_sim_cycle(s) < 2000) {
        tn_sim_step(s);
        for (long i = 0; i < (long)s->g.nodes * s->P * s->V && !done; i++)
            if (s->rt.iu.cnt[i] && !tn_iu_front(&s->rt, i)->head) {
                tn_iu_front(&s->rt, i)->payload ^= 1; /* one bit flipped in a body flit */
                done = 1;
            }
    }
    assert_true(done);
    assert_int_equal(tn_sim_drain_all(s, 10000), 0);
    assert_true(tn_sim_check_errors(s) >= 1);
    assert_non_null(strstr(tn_sim_first_error(s), "corrupted"));
    tn_sim_free(s);

    /* An extra credit makes the counter overflow at its return. */
    s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    while (tn_sim_cycle(s) < 200)
        tn_sim_step(s);
    tn_credit_ev *e = &s->lk.cev[s->lk.cur][s->lk.ncev[s->lk.cur]++];
    e->node = 5;
    e->port = (uint8_t)tn_port_plus(0);
    e->vc = 0;
    for (int i = 0; i < 3000; i++)
        tn_sim_step(s);
    assert_true(tn_sim_router_errors(s) & TN_ERR_CREDIT_OVF);
    tn_sim_free(s);
}

static void test_bad_config(void **st_)
{
    (void)st_;
    expect_bad("k", "65", "2..64");
    expect_bad("k", "x", "2..64");
    expect_bad("n", "5", "1..4");
    expect_bad("vcs", "0", "1..16");
    expect_bad("buf", "65", "1..64");
    expect_bad("pkt", "0", "1 <= A <= B <= 256");
    expect_bad("pkt", "9-3", "A-B");
    expect_bad("pkt", "4-", "A-B");
    expect_bad("traffic", "zipf", "uniform tornado");
    expect_bad("routing", "west", "dor minad val goal gal chaos acor");
    expect_bad("routing", "xy", "dor minad val goal gal");
    expect_bad("selection", "greedy", "random dor zigzag lru ldsf sq");
    expect_bad("topo", "ring", "torus mesh");
    expect_bad("load", "-0.1", "0..100");
    expect_bad("seed", "4294967296", "0..4294967295");
    expect_bad("hot_nodes", "1,,2", "comma-separated");
    expect_bad("bogus", "1", "allowed keys");

    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    c.vcs = 1;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "'vcs'"));
    assert_non_null(strstr(err, "2..16"));
    /* MIN AD needs two escape VCs and an adaptive one on a torus, one and one on a mesh */
    tn_config_default(&c);
    c.routing = TN_ROUTE_MINAD;
    c.vcs = 2;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "'vcs'"));
    assert_non_null(strstr(err, "minad"));
    assert_non_null(strstr(err, "3..16"));
    c.topo = TN_TOPO_MESH;
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
    c.vcs = 1;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "2..16"));
    tn_config_default(&c);
    c.k = 4;
    c.load = 0.8;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "'load'"));
    assert_non_null(strstr(err, "0..0.5"));
    tn_config_default(&c);
    c.k = 64;
    c.n = 4;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "65536"));
    tn_config_default(&c);
    c.k = 3;
    c.traffic = TN_TR_BITREV;
    assert_null(tn_sim_new(&c, err, sizeof err));
    assert_non_null(strstr(err, "power-of-two"));
}

/* docs/traffic.md section 2: injection channel e of node v draws from the stream seeded
 * tn_seed_stream(seed, TN_STREAM_TRAFFIC, v * term + e). With term = 2 on the 4x4 (DOR, uniform,
 * no header draw), each channel's first packet has the creation cycle, length and destination
 * that its stream gives, drawn here from that seed: with 4-flit packets no length draw, with
 * 1..8 flits the length draw L = 1 + below(8) between the Bernoulli draws and the destination. */
struct first_pkts { long created[32]; int dst[32], len[32]; };
static void first_pkt(void *user, const tn_pkt_record *p)
{
    struct first_pkts *f = user;
    int i = p->src * 2 + p->channel;
    if (f->created[i] < 0 || p->created < f->created[i]) {
        f->created[i] = p->created;
        f->dst[i] = p->dst;
        f->len[i] = p->len;
    }
}

static void test_traffic_streams_per_channel(void **st_)
{
    (void)st_;
    static const int lens[][2] = {{4, 4}, {1, 8}};
    int seen[9] = {0};
    for (int li = 0; li < 2; li++) {
        tn_config c = base(4, 2);
        char err[TN_ERRLEN];
        c.term = 2;
        c.load = 0.1;
        c.seed = 77;
        c.warmup = 0;
        c.measure = 400;
        c.pkt_min = lens[li][0];
        c.pkt_max = lens[li][1];
        struct first_pkts f;
        for (int i = 0; i < 32; i++)
            f.created[i] = -1;
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        run_watched(s, err, first_pkt, &f);
        int checked = 0;
        for (int v = 0; v < 16; v++)
            for (int e = 0; e < 2; e++) {
                tn_rng r = {tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, (uint32_t)(v * 2 + e))};
                long t = 0;
                while ((uint64_t)tn_rng_next(&r) >= s->gen.p_thresh)
                    t++;
                int len = c.pkt_min;
                if (c.pkt_max > c.pkt_min)
                    len += (int)tn_rng_below(&r, (uint32_t)(c.pkt_max - c.pkt_min + 1));
                int d = tn_traffic_dest(&s->gen.tg, &s->g, v, &r);
                int i = v * 2 + e;
                if (t < c.measure && (f.created[i] != t || f.dst[i] != d || f.len[i] != len))
                    fail_msg("pkt=%d..%d node %d channel %d: first packet created in %ld to %d, "
                             "%d flits; its stream gives %ld to %d, %d flits", c.pkt_min,
                             c.pkt_max, v, e, f.created[i], f.dst[i], f.len[i], t, d, len);
                if (t < c.measure && li == 1)
                    seen[len]++;
                checked += t < c.measure;
            }
        assert_true(checked >= 24); /* most channels create a packet in the window */
        tn_sim_free(s);
    }
    for (int l = 1; l <= 8; l++)
        if (!seen[l])
            fail_msg("no first packet of %d flits: pick another seed", l);
}

/* docs/traffic.md section 2, step 1: a packet is created iff the draw x < floor(p 2^32), so a draw
 * equal to the threshold creates none. On the 4x4 torus with 1-flit packets and term = 1,
 * load = x0 / 2^33 makes the threshold exactly x0, node 0's first draw (of a seed where x0 is
 * above 2^31, so that packets come soon): node 0 creates nothing in cycle 0, and its first
 * packet is created in the first cycle whose draw is below x0. */
static void test_traffic_draw_at_threshold(void **st_)
{
    (void)st_;
    tn_config c = base(4, 2);
    char err[TN_ERRLEN];
    uint64_t x0 = 0;
    for (c.seed = 1; x0 <= 0x80000000u; c.seed++) {
        tn_rng r = {tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, 0)};
        x0 = tn_rng_next(&r);
    }
    c.seed--;
    c.pkt_min = c.pkt_max = 1;
    c.load = (double)x0 / 8589934592.0;
    c.warmup = 0;
    c.measure = 200;
    struct first_pkts f;
    for (int i = 0; i < 32; i++)
        f.created[i] = -1;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_true(s && s->gen.p_thresh == x0);
    run_watched(s, err, first_pkt, &f);
    tn_sim_free(s);
    tn_rng r = {tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, 0)};
    long t = 0;
    while ((uint64_t)tn_rng_next(&r) >= x0)
        t++;
    if (t < 1 || f.created[0] != t)
        fail_msg("seed %u, threshold %llu: node 0's first packet created in %ld; its stream's "
                 "first draw below the threshold is in cycle %ld", c.seed,
                 (unsigned long long)x0, f.created[0], t);
}

/* Mid-run traffic switch (docs/traffic.md section 2): packets created from switch_at on use the
 * second pattern and rate; a switch to the same pattern and load changes nothing. */
struct sw_chk { long switch_at; long pre, post, post_bad, pre_tornado; unsigned long sum; };
static void sw_chk_pkt(void *user, const tn_pkt_record *p)
{
    struct sw_chk *w = user;
    int tor = (p->src & ~7) | ((p->src % 8 + 3) % 8); /* 8x8 tornado */
    w->sum = w->sum * 31u + (unsigned long)(p->src * 64 + p->dst) + (unsigned long)p->created;
    if (p->created >= w->switch_at) {
        w->post++;
        w->post_bad += p->dst != tor;
    } else {
        w->pre++;
        w->pre_tornado += p->dst == tor;
    }
}

static void test_traffic_switch(void **st_)
{
    (void)st_;
    char err[TN_ERRLEN];
    unsigned long sums[2];
    for (int same = 0; same < 2; same++) {
        tn_config c = base(8, 2);
        c.load = 0.2;
        c.warmup = 0;
        c.measure = 4000;
        if (same) {
            assert_int_equal(tn_config_set(&c, "switch_at", "2000", err, sizeof err), 0);
            assert_int_equal(tn_config_set(&c, "switch_traffic", "uniform", err, sizeof err), 0);
            assert_int_equal(tn_config_set(&c, "switch_load", "0.2", err, sizeof err), 0);
        }
        struct sw_chk w = {2000, 0, 0, 0, 0, 0};
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        assert_non_null(s);
        tn_sim_on_deliver(s, sw_chk_pkt, &w);
        tn_stats st;
        assert_int_equal(tn_sim_run(s, &st), 0);
        tn_sim_free(s);
        sums[same] = w.sum;
    }
    assert_true(sums[0] == sums[1]); /* same RNG stream, same packets */
    /* uniform 0.2 -> tornado 0.1 at cycle 2000: every later packet goes to the tornado node, at
     * half the rate */
    tn_config c = base(8, 2);
    c.load = 0.2;
    c.warmup = 0;
    c.measure = 4000;
    assert_int_equal(tn_config_set(&c, "switch_at", "2000", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "switch_traffic", "tornado", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "switch_load", "0.1", err, sizeof err), 0);
    struct sw_chk w = {2000, 0, 0, 0, 0, 0};
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    tn_sim_on_deliver(s, sw_chk_pkt, &w);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    tn_sim_free(s);
    assert_int_equal(w.post_bad, 0);
    assert_true(w.pre_tornado < w.pre / 20);
    /* 0.2 and 0.1 flits/node/cycle over 2000 cycles: 6400 and 3200 packets expected */
    assert_true(w.pre > 6000 && w.pre < 6800);
    assert_true(w.post > 2900 && w.post < 3500);
    assert_true(st.offered > 0.1499 && st.offered < 0.1501); /* the window's mean rate */
    /* bad combinations name the key, the value and the allowed range */
    struct { const char *k1, *v1, *k2, *v2, *key, *needle; } bads[] = {
        {"switch_traffic", "tornado", NULL, NULL, "'switch_traffic'", "needs switch_at"},
        {"switch_load", "0.5", NULL, NULL, "'switch_load': value '0.5'", "needs switch_at"},
        {"switch_at", "100", NULL, NULL, "'switch_at': value '100'", "needs switch_traffic"},
        {"switch_at", "100", "switch_load", "1.5", "'switch_load': value '1.5'", "0..1"},
        {"switch_at", "100", "traffic", "trace", "'switch_at': value '100'", "traffic=trace"},
    };
    for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
        tn_config b = base(8, 2);
        b.load = 0.2;
        strcpy(b.trace, "x.txt");
        assert_int_equal(tn_config_set(&b, bads[i].k1, bads[i].v1, err, sizeof err), 0);
        if (bads[i].k2)
            assert_int_equal(tn_config_set(&b, bads[i].k2, bads[i].v2, err, sizeof err), 0);
        assert_int_equal(tn_config_check(&b, err, sizeof err), -1);
        if (!strstr(err, bads[i].needle) || !strstr(err, bads[i].key))
            fail_msg("%s=%s: '%s'", bads[i].k1, bads[i].v1, err);
    }
    expect_bad("switch_traffic", "trace", "uniform tornado");
    expect_bad("switch_at", "-1", "0..1000000000");
    expect_bad("switch_load", "abc", "0..100");
}

/* A sim of the 4x4 torus with traffic=trace from a temporary file of the given lines, or NULL
 * with the message in err. */
static tn_sim *trace_sim(const char *lines, const char *routing, const char *buf, char *err,
                         size_t errlen)
{
    tn_config c = base(4, 2);
    const char *kv[][2] = {{"vcs", "4"}, {"routing", routing}, {"buf", buf}};
    for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
        if (tn_config_set(&c, kv[i][0], kv[i][1], err, errlen))
            fail_msg("%s", err);
    return trace_sim_cfg(lines, c, err, errlen);
}

/* R19.1.4: with traffic=trace, A is min(buf, the trace's longest packet), not the pkt key's
 * bound (4 by default); CHAOS refuses a buffer shorter than the trace's longest packet. */
static void test_trace_acrd(void **st)
{
    (void)st;
    char err[TN_ERRLEN];
    tn_sim *s = trace_sim("0 0 5 8\n3 1 9 2\n", "minad", "8", err, sizeof err);
    assert_non_null(s);
    assert_int_equal(s->A, 8);
    tn_sim_free(s);
    s = trace_sim("0 0 5 8\n", "minad", "6", err, sizeof err);
    assert_non_null(s);
    assert_int_equal(s->A, 6);
    tn_sim_free(s);
    s = trace_sim("# no packet\n", "minad", "8", err, sizeof err);
    assert_non_null(s);
    assert_int_equal(s->A, 1);
    tn_sim_free(s);
    s = trace_sim("0 0 5 8\n", "chaos", "4", err, sizeof err);
    assert_null(s);
    assert_non_null(strstr(err, "key 'buf': value '4' is shorter than the longest packet of the "
                                "trace (8 flits"));
    assert_non_null(strstr(err, "allowed: 8..64"));
}

/* Directed packets (tn_sim_inject): a source or destination outside 0..K^N-1 or a length outside
 * 1..TN_MAX_PKT is refused and changes nothing; at the bounds a packet is taken and delivered
 * once, intact; a channel with a packet pending refuses another. */
static void test_inject_bounds(void **st_)
{
    (void)st_;
    tn_config c = base(4, 2);
    char err[TN_ERRLEN];
    c.pkt_min = 1;
    c.pkt_max = TN_MAX_PKT; /* buffers need not hold it: flits follow as credits return */
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    const int N = 16;
    static const int bad[][3] = {{-1, 5, 4}, {16, 5, 4}, {5, -1, 4}, {5, 16, 4}, {5, 6, 0},
                                 {5, 6, TN_MAX_PKT + 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (tn_sim_inject(s, bad[i][0], bad[i][1], bad[i][2]) != -1)
            fail_msg("tn_sim_inject(src %d, dst %d, len %d) taken", bad[i][0], bad[i][1],
                     bad[i][2]);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    assert_int_equal(tn_sim_inject(s, N - 1, 0, TN_MAX_PKT), 0);
    assert_int_equal(tn_sim_inject(s, N - 1, 3, 1), -1); /* one pending already */
    assert_int_equal(tn_sim_inject(s, 0, N - 1, 1), 0);
    while (l.count < 2 && tn_sim_cycle(s) < 10000)
        tn_sim_step(s);
    for (int i = 0; i < 100; i++)
        tn_sim_step(s); /* and no third one */
    assert_int_equal(l.count, 2);
    assert_int_equal(tn_sim_check_errors(s), 0);
    tn_sim_free(s);
}

/* R17.9: a sat probe certain to be saturated at its window's end stops there, with the verdict
 * and the window's accepted throughput of the full run; a probe that is not runs in full, its
 * statistics those of the full run. */
static void test_sat_early_stop(void **st_)
{
    (void)st_;
    struct { const char *routing; int vcs; double load; } cases[] = {
        {"dor", 2, 0.9}, {"dor", 2, 0.2}, {"minad", 3, 0.95}, {"gal", 3, 0.8}, {"val", 4, 0.6},
    };
    int stopped = 0; /* cases that stopped early: the rule is exercised */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_stats st[2];
        long stop[2], win_hi = 0;
        for (int early = 0; early < 2; early++) {
            tn_config c = base(8, 2);
            char err[TN_ERRLEN];
            assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
            c.vcs = cases[i].vcs;
            c.load = cases[i].load;
            c.measure = 2000;
            c.sat_early = early;
            win_hi = c.warmup + c.measure;
            tn_sim *s = tn_sim_new(&c, err, sizeof err);
            if (!s)
                fail_msg("%s", err);
            tn_sim_run(s, &st[early]);
            stop[early] = st[early].stop_cycle;
            tn_sim_free(s);
        }
        if (st[0].saturated != st[1].saturated || st[0].accepted != st[1].accepted ||
            st[0].created_flits != st[1].created_flits)
            fail_msg("%s load %.2f: saturated %d/%d accepted %.6f/%.6f created %.6f/%.6f",
                     cases[i].routing, cases[i].load, st[0].saturated, st[1].saturated,
                     st[0].accepted, st[1].accepted, st[0].created_flits, st[1].created_flits);
        /* stopped early exactly when saturated by R17.7's second condition at the window's end */
        if (st[0].saturated && st[0].accepted_flits < 0.95 * st[0].offered_flits &&
            st[0].accepted_flits < 0.95 * st[0].created_flits) {
            assert_int_equal(stop[1], win_hi);
            stopped += stop[0] > win_hi;
        } else {
            assert_int_equal(stop[1], stop[0]);
        }
    }
    assert_true(stopped >= 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_load_latency),
        cmocka_unit_test(test_worked_trace),
        cmocka_unit_test(test_trace_acrd),
        cmocka_unit_test(test_accepted_equals_offered),
        cmocka_unit_test(test_saturation_vs_bound),
        cmocka_unit_test(test_integrity_many_configs),
        cmocka_unit_test(test_integrity_largest_router),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_checker_catches_faults),
        cmocka_unit_test(test_bad_config),
        cmocka_unit_test(test_traffic_switch),
        cmocka_unit_test(test_inject_bounds),
        cmocka_unit_test(test_traffic_streams_per_channel),
        cmocka_unit_test(test_traffic_draw_at_threshold),
        cmocka_unit_test(test_sat_early_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
