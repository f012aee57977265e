/* SPDX-License-Identifier: MIT */
/* Simulator checks of the golden model: zero-load latency formula, accepted = offered below
 * saturation, saturation against the channel-load bound, packet integrity on many
 * configurations, determinism, the checker catching a planted corruption, bad configurations. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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
    for (long i = 0; i < s->nlev[s->cur]; i++) {
        const tn_link_ev *e = &s->lev[s->cur][i];
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
        WK_INT("node 0 VC (0,0) cnt", s->iu.cnt[n0_ivc], wk_n0_cnt[i]);
        wk_state(s, n0_ivc, got, sizeof got);
        WK_STR("node 0 VC (0,0) state", got, wk_n0_state[i]);
        wk_credit(s, 0, 0, got, sizeof got);
        WK_STR("node 0 credit register of port 0", got, wk_n0_crd[i]);
        WK_INT("node 0 sa1_ptr[0]", s->as.sa1_ptr[0L * P + 0], wk_n0_sa1[i]);
        WK_INT("node 0 sa2_ptr[1]", s->as.sa2_ptr[0L * P + 1], wk_n0_sa2[i]);
        WK_INT("node 0 output VC (1,1) busy", (s->ou.busy[0L * P + 1] >> 1) & 1u, wk_n0_busy[i]);
        WK_INT("node 0 output VC (1,1) credits", s->ou.credits[n0_ovc], wk_n0_cred[i]);
        wk_link(s, 0, 1, 0, got, sizeof got);
        WK_STR("node 0 output register of port 1", got, wk_n0_out[i]);
        WK_INT("node 1 VC (2,1) cnt", s->iu.cnt[n1_ivc], wk_n1_cnt[i]);
        wk_state(s, n1_ivc, got, sizeof got);
        WK_STR("node 1 VC (2,1) state", got, wk_n1_state[i]);
        wk_credit(s, 1, 2, got, sizeof got);
        WK_STR("node 1 credit register of port 2", got, wk_n1_crd[i]);
        WK_INT("node 1 sa1_ptr[2]", s->as.sa1_ptr[1L * P + 2], wk_n1_sa1[i]);
        WK_INT("node 1 sa2_ptr[0]", s->as.sa2_ptr[1L * P + 0], wk_n1_sa2[i]);
        WK_INT("node 1 output VC (0,0) busy", s->ou.busy[1L * P + 0] & 1u, wk_n1_busy[i]);
        WK_INT("node 1 output VC (0,0) credits", s->ou.credits[n1_ovc], wk_n1_cred[i]);
        wk_link(s, 1, 0, 0, got, sizeof got);
        WK_STR("node 1 output register of port 0", got, wk_n1_ej[i]);
        WK_INT("packets delivered", l.count, wk_delivered[i]);
        /* every register the table does not name holds its reset value */
        WK_INT("valid link registers", s->nlev[s->cur],
               (wk_inj[i][0] != '-') + (wk_n0_out[i][0] != '-') + (wk_n1_ej[i][0] != '-'));
        WK_INT("valid credit registers", s->ncev[s->cur], (wk_n0_crd[i][0] != '-') + (wk_n1_crd[i][0] != '-'));
        for (int node = 0; node < s->g.nodes; node++) {
            for (int p = 0; p < P; p++) {
                long slot = (long)node * P + p;
                if (!(node == 0 && p == 0) && !(node == 1 && p == 2))
                    WK_INT("an sa1_ptr the table does not name", s->as.sa1_ptr[slot], 0);
                if (!(node == 0 && p == 1) && !(node == 1 && p == 0))
                    WK_INT("an sa2_ptr the table does not name", s->as.sa2_ptr[slot], 0);
                for (int v = 0; v < V; v++) {
                    long x = slot * V + v;
                    if (x != n0_ivc && x != n1_ivc) {
                        WK_INT("an input VC's cnt the table does not name", s->iu.cnt[x], 0);
                        WK_INT("an input VC's state the table does not name", s->iu.state[x], 0);
                    }
                    if (x != n0_ovc && x != n1_ovc) {
                        WK_INT("an output VC's busy the table does not name",
                               (s->ou.busy[slot] >> v) & 1u, 0);
                        WK_INT("an output VC's credits the table does not name",
                               s->ou.credits[x], 8);
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

static tn_stats run_cfg(tn_config *c)
{
    char err[TN_ERRLEN];
    tn_stats st;
    tn_sim *s = tn_sim_new(c, err, sizeof err);
    if (!s)
        fail_msg("config rejected: %s", err);
    int rc = tn_sim_run(s, &st);
    if (rc)
        fail_msg("run failed: %s (router errors 0x%x)", tn_sim_first_error(s),
                 tn_sim_router_errors(s));
    tn_sim_free(s);
    assert_int_equal(st.injected, st.delivered);
    assert_int_equal(st.check_errors, 0);
    assert_int_equal(st.router_errors, 0);
    return st;
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
            if (s->iu.cnt[i] && !tn_iu_front(s, i)->head) {
                tn_iu_front(s, i)->payload ^= 1; /* one bit flipped in a body flit */
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
    tn_credit_ev *e = &s->cev[s->cur][s->ncev[s->cur]++];
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

/* ---- An independent construction of the checker's graph, from the router's own route
 * functions: a vertex is (node, network port, VAL phase, class), class 0 for the first VC of the
 * route's set (R8.4.1); an edge c1 -> c2 when a packet that requested c1 may next request c2.
 * DOR: c2 at the next node. VAL (R20.1): the same per phase, and from the last phase-0 hop into
 * the intermediate node every phase-1 channel requested there. MIN AD, GOAL, GAL (Duato): c2 is
 * the escape channel requested at any node reached from the next node by productive hops (the
 * route's own productive ports; GOAL and GAL per quadrant), the next node included. The counts
 * must equal those of the checker's report: a checker that drops or adds a dependency differs. */
typedef struct ref_graph {
    const tn_geom *g;
    const tn_config *c;
    int nv;
    uint8_t *used, *edge; /* per vertex; per vertex pair */
} ref_graph;

/* the channel requested at node v toward t (GOAL, GAL: in quadrant quad; VAL: in phase ph, t the
 * intermediate node in phase 0): its vertex, or -1 when the packet ejects; the adaptive families'
 * productive ports there in *prod (bit j = port j + 1; 0 for the others) */
static int ref_channel(const ref_graph *R, int v, int t, int quad, int ph, uint32_t *prod)
{
    const tn_geom *g = R->g;
    int cv[TN_MAX_N], base = 0;
    tn_route_out r;
    uint32_t addr = tn_addr_of(g, t);
    *prod = 0;
    int hops[TN_MAX_N];
    tn_coords(g, v, cv);
    switch (R->c->routing) {
    case TN_ROUTE_DOR:
        tn_route_dor(g, R->c->vcs, cv, addr, 0, &r);
        break;
    case TN_ROUTE_VAL:
    case TN_ROUTE_ACOR:
        /* phase 0: mid = t, the destination elsewhere; phase 1: toward t */
        tn_route_val(g, R->c->vcs, cv, ph ? addr : tn_addr_of(g, (t + 1) % g->nodes),
                     ph ? tn_addr_of(g, (t + 1) % g->nodes) : addr, ph, 0, &r);
        base = ph ? R->c->vcs / 2 : 0;
        break;
    default:
        tn_route_adaptive(g, R->c->vcs, cv, addr, 0, quad, &r, prod, hops);
        break;
    }
    if (tn_port_is_term(g, r.port))
        return -1;
    return ((v * g->ports + r.port) * 2 + ph) * 2 + (r.vc_lo == base ? 0 : 1);
}

static void ref_edge(ref_graph *R, int c1, int c2)
{
    if (c2 >= 0)
        R->edge[(long)c1 * R->nv + c2] = 1;
}

/* the counts of channels and dependencies of the configuration's graph */
static void ref_counts(const tn_config *c, long *channels, long *deps)
{
    tn_geom g;
    assert_int_equal(tn_geom_init(&g, c), 0);
    ref_graph R = {&g, c, g.nodes * g.ports * 4, NULL, NULL};
    R.used = calloc((size_t)R.nv, 1);
    R.edge = calloc((size_t)R.nv * (size_t)R.nv, 1);
    int *seen = calloc((size_t)g.nodes, sizeof *seen), *queue = calloc((size_t)g.nodes, sizeof *queue);
    assert_true(R.used && R.edge && seen && queue);
    int val = c->routing == TN_ROUTE_VAL || c->routing == TN_ROUTE_ACOR;
    int adaptive = !val && c->routing != TN_ROUTE_DOR;
    int nquad = (c->routing == TN_ROUTE_GOAL || c->routing == TN_ROUTE_GAL) ? 1 << g.n : 1;
    for (int v = 0; v < g.nodes; v++)
        for (int t = 0; t < g.nodes; t++)
            for (int ph = 0; ph <= val; ph++)
                for (int q = 0; q < nquad; q++) {
                    int quad = nquad > 1 ? q : -1;
                    if (val && !ph && v == t)
                        continue; /* at the intermediate node a packet is in phase 1 */
                    uint32_t prod;
                    int c1 = ref_channel(&R, v, t, quad, ph, &prod);
                    if (c1 < 0)
                        continue;
                    R.used[c1] = 1;
                    int u = g.nbr[(long)v * g.ports + c1 / 4 % g.ports];
                    if (val && !ph && u == t) {
                        for (int d = 0; d < g.nodes; d++)
                            ref_edge(&R, c1, ref_channel(&R, u, d, -1, 1, &prod));
                    } else if (!adaptive) {
                        ref_edge(&R, c1, ref_channel(&R, u, t, quad, ph, &prod));
                    } else { /* every node reached from u by productive hops, u included */
                        memset(seen, 0, sizeof *seen * (size_t)g.nodes);
                        int head = 0, tail = 0;
                        queue[tail++] = u;
                        seen[u] = 1;
                        while (head < tail) {
                            int w = queue[head++];
                            ref_edge(&R, c1, ref_channel(&R, w, t, quad, 0, &prod));
                            for (int j = 0; j < 2 * g.n; j++) {
                                int x = g.nbr[(long)w * g.ports + j + 1];
                                if ((prod >> j & 1) && x >= 0 && !seen[x]) {
                                    seen[x] = 1;
                                    queue[tail++] = x;
                                }
                            }
                        }
                    }
                }
    *channels = *deps = 0;
    for (long i = 0; i < R.nv; i++)
        *channels += R.used[i];
    for (long i = 0; i < (long)R.nv * R.nv; i++)
        *deps += R.edge[i];
    free(R.used);
    free(R.edge);
    free(seen);
    free(queue);
    tn_geom_free(&g);
}

static void test_deadlock_graph_counts(void **st_)
{
    (void)st_;
    enum { T = TN_TOPO_TORUS, M = TN_TOPO_MESH };
    struct { const char *routing; int k, n, vcs, topo, dateline; } cases[] = {
        {"dor", 4, 2, 2, T, 1}, {"dor", 5, 2, 3, T, 1}, {"dor", 4, 2, 1, M, 1},
        {"minad", 4, 2, 3, T, 1}, {"minad", 5, 2, 3, T, 1}, {"minad", 4, 3, 3, T, 1},
        {"minad", 4, 2, 2, M, 1}, {"minad", 6, 1, 3, T, 1}, {"minad", 2, 4, 3, T, 1},
        {"goal", 4, 2, 3, T, 1}, {"gal", 5, 2, 4, T, 1},
        {"val", 4, 2, 4, T, 1}, {"val", 5, 2, 8, T, 1}, {"val", 4, 1, 4, T, 0},
        {"val", 4, 2, 2, M, 1}, {"acor", 4, 2, 4, T, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_ERRLEN], rep[2048];
        tn_config_default(&c);
        assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
        c.k = cases[i].k;
        c.n = cases[i].n;
        c.vcs = cases[i].vcs;
        c.topo = cases[i].topo;
        c.dateline = cases[i].dateline;
        long ch, dep, rch = -1, rdep = -1;
        ref_counts(&c, &ch, &dep);
        int r = tn_deadlock_check(&c, rep, sizeof rep);
        const char *a = strstr(rep, "acyclic: ");
        if (r != 0 || !a || sscanf(a, "acyclic: %ld %*[a-z ], %ld dependencies", &rch, &rdep) != 2 ||
            rch != ch || rdep != dep)
            fail_msg("%s k=%d n=%d vcs=%d %s dateline=%d: the checker says '%s'; built from the "
                     "route functions: %ld channels, %ld dependencies", cases[i].routing, c.k, c.n,
                     c.vcs, tn_topo_name(c.topo), c.dateline, rep, ch, dep);
    }
}

/* GAL's injection queues are bounded in all (config.c): sets x 2^n quadrants x gal_qdepth x
 * nodes entries at most 2^25. At the boundary on a 32-ary 2-cube (1,024 nodes, 4 quadrants),
 * with one set per destination: gal_qdepth 8 makes exactly 2^25 (allowed), 9 one more queue
 * depth (refused, naming both keys and the count); one set (1), two (2) and one per direction
 * (dir: 4) take the largest depth. */
static void test_gal_queue_limit(void **st_)
{
    (void)st_;
    struct { const char *sets, *depth; long entries; } cases[] = {
        {"dst", "8", 0}, {"dst", "9", 1024L * 4 * 9 * 1024}, {"1", "1024", 0}, {"2", "1024", 0},
        {"dir", "1024", 0}, {"dst", "1024", 1024L * 4 * 1024 * 1024},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_ERRLEN] = "", want[64];
        tn_config_default(&c);
        assert_int_equal(tn_config_set(&c, "routing", "gal", err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "k", "32", err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "vcs", "4", err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "gal_sets", cases[i].sets, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "gal_qdepth", cases[i].depth, err, sizeof err), 0);
        int r = tn_config_check(&c, err, sizeof err);
        snprintf(want, sizeof want, "= %ld queue entries exceeds", cases[i].entries);
        if (cases[i].entries ? (r == 0 || !strstr(err, "'gal_sets','gal_qdepth'") ||
                                !strstr(err, want))
                             : r != 0)
            fail_msg("gal_sets=%s gal_qdepth=%s on 1,024 nodes: %s (wanted %s)", cases[i].sets,
                     cases[i].depth, r ? err : "accepted",
                     cases[i].entries ? want : "accepted");
    }
}

static void test_deadlock_checker(void **st_)
{
    (void)st_;
    char rep[2048];
    enum { D = TN_ROUTE_DOR, M = TN_ROUTE_MINAD, VL = TN_ROUTE_VAL, G = TN_ROUTE_GOAL,
           GL = TN_ROUTE_GAL, T = TN_TOPO_TORUS };
    struct { int routing, k, n, vcs, topo, dateline, expect; } cases[] = {
        {D, 8, 2, 2, T, 1, 0}, {D, 16, 1, 2, T, 1, 0}, {D, 5, 3, 3, T, 1, 0},
        {D, 2, 3, 2, T, 1, 0}, {D, 3, 2, 4, T, 1, 0}, {D, 6, 2, 1, TN_TOPO_MESH, 1, 0},
        /* broken on purpose: no dateline on rings long enough to close a cycle */
        {D, 8, 1, 2, T, 0, 1}, {D, 5, 2, 1, T, 0, 1},
        /* a 4-ring has no cycle even without datelines: paths are at most 2 hops and the
         * parity tie rule sends the 2-hop ones only from even nodes */
        {D, 4, 1, 1, T, 0, 0},
        /* MIN AD, GOAL, GAL: Duato's extended graph of the escape VCs (direct and through
         * adaptive VCs); VAL: both phases */
        {M, 8, 2, 3, T, 1, 0}, {M, 5, 2, 3, T, 1, 0}, {M, 4, 3, 4, T, 1, 0},
        {M, 16, 1, 3, T, 1, 0}, {M, 6, 2, 2, TN_TOPO_MESH, 1, 0},
        {G, 8, 2, 3, T, 1, 0}, {G, 5, 2, 3, T, 1, 0}, {GL, 8, 2, 3, T, 1, 0},
        {VL, 8, 2, 4, T, 1, 0}, {VL, 5, 2, 4, T, 1, 0}, {VL, 6, 2, 2, TN_TOPO_MESH, 1, 0},
        /* one escape VC (one class per phase) without dateline classes: the rings close */
        {M, 8, 2, 3, T, 0, 1}, {M, 5, 1, 2, T, 0, 1}, {G, 8, 2, 3, T, 0, 1},
        {VL, 8, 2, 4, T, 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        tn_config_default(&c);
        c.routing = cases[i].routing;
        c.k = cases[i].k;
        c.n = cases[i].n;
        c.vcs = cases[i].vcs;
        c.topo = cases[i].topo;
        c.dateline = cases[i].dateline;
        int r = tn_deadlock_check(&c, rep, sizeof rep);
        if (r != cases[i].expect)
            fail_msg("%s k=%d n=%d vcs=%d dateline=%d: %d (%s)", tn_routing_name(c.routing), c.k,
                     c.n, c.vcs, c.dateline, r, rep);
        assert_non_null(strstr(rep, r ? "cycle" : "acyclic: "));
        if (!r && c.routing != D && c.routing != VL)
            assert_non_null(strstr(rep, "escape channels"));
    }
    /* too few VCs for the algorithm is rejected, naming the key and the range */
    tn_config c;
    tn_config_default(&c);
    c.vcs = 1;
    assert_int_equal(tn_deadlock_check(&c, rep, sizeof rep), -1);
    assert_non_null(strstr(rep, "'vcs'"));
    c.vcs = 2;
    c.routing = TN_ROUTE_MINAD;
    assert_int_equal(tn_deadlock_check(&c, rep, sizeof rep), -1);
    assert_non_null(strstr(rep, "3..16"));
}

/* The broken configuration really deadlocks, and the watchdog says so instead of hanging. */
/* VAL, GOAL and GAL deliver every packet intact, with the path lengths their rules imply. */
static void test_val_goal_gal_deliver(void **st_)
{
    (void)st_;
    struct { const char *routing; int vcs; const char *traffic; double load; } cases[] = {
        {"val", 4, "uniform", 0.2},  {"val", 4, "tornado", 0.15}, {"goal", 3, "uniform", 0.2},
        {"goal", 3, "bitcomp", 0.2}, {"gal", 3, "uniform", 0.2},  {"gal", 3, "tornado", 0.15},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = base(8, 2);
        char err[TN_ERRLEN];
        assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "traffic", cases[i].traffic, err, sizeof err), 0);
        c.vcs = cases[i].vcs;
        c.load = cases[i].load;
        c.measure = 4000;
        tn_stats st = run_cfg(&c);
        if (st.injected != st.delivered || st.injected == 0 || st.check_errors ||
            st.router_errors || !st.drained)
            fail_msg("%s %s: injected %ld delivered %ld errors %ld/%u", cases[i].routing,
                     cases[i].traffic, st.injected, st.delivered, st.check_errors,
                     st.router_errors);
        if (!strcmp(cases[i].routing, "val") && !strcmp(cases[i].traffic, "uniform"))
            /* two uniform phases: twice the uniform mean of 4 hops on an 8x8 torus */
            assert_true(st.hops_avg > 7.6 && st.hops_avg < 8.4);
        if (!strcmp(cases[i].routing, "goal") && !strcmp(cases[i].traffic, "uniform"))
            /* per dimension sum over offsets of 2 d (k - d) / k / k = 2.625, twice */
            assert_true(st.hops_avg > 5.1 && st.hops_avg < 5.4);
        if (!strcmp(cases[i].routing, "gal"))
            /* below saturation with T = 2 nearly every packet takes its minimal queue */
            assert_true(st.nonmin_frac < 0.05);
        assert_true(st.accepted > 0.9 * cases[i].load);
    }
}

/* Run s to its end, fn seeing each delivered packet (s NULL: its configuration was refused
 * with err); the caller frees s. */
static tn_stats run_watched(tn_sim *s, const char *err, tn_deliver_fn fn, void *user)
{
    if (!s)
        fail_msg("%s", err);
    tn_sim_on_deliver(s, fn, user);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    return st;
}

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

/* docs/traffic.md section 2: injection channel e of node v draws from the stream seeded
 * tn_seed_stream(seed, TN_STREAM_TRAFFIC, v * term + e). With term = 2 on the 4x4 (DOR, uniform,
 * 4-flit packets: no length draw, no header draw), each channel's first packet has the creation
 * cycle and destination that its stream gives, drawn here from that seed. */
struct first_pkts { long created[32]; int dst[32]; };
static void first_pkt(void *user, const tn_pkt_record *p)
{
    struct first_pkts *f = user;
    int i = p->src * 2 + p->channel;
    if (f->created[i] < 0 || p->created < f->created[i]) {
        f->created[i] = p->created;
        f->dst[i] = p->dst;
    }
}

static void test_traffic_streams_per_channel(void **st_)
{
    (void)st_;
    tn_config c = base(4, 2);
    char err[TN_ERRLEN];
    c.term = 2;
    c.load = 0.1;
    c.seed = 77;
    c.warmup = 0;
    c.measure = 400;
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
            while ((uint64_t)tn_rng_next(&r) >= s->p_thresh)
                t++;
            int d = tn_traffic_dest(&s->tg, &s->g, v, &r);
            if (t < c.measure && (f.created[v * 2 + e] != t || f.dst[v * 2 + e] != d))
                fail_msg("node %d channel %d: first packet created in %ld to %d; its stream gives "
                         "%ld to %d", v, e, f.created[v * 2 + e], f.dst[v * 2 + e], t, d);
            checked += t < c.measure;
        }
    assert_true(checked >= 24); /* most channels create a packet in the window */
    tn_sim_free(s);
}

/* GAL and GOAL at the largest dimension count (N = 4, 16 quadrants) on the 3-ary 4-cube, one
 * set per direction: every packet delivered intact, each of the 16 quadrants' mean queue
 * occupancy within the queues' bounds, and some packets queued in a non-minimal quadrant under
 * tornado traffic past the threshold. */
static void test_gal_four_dims(void **st_)
{
    (void)st_;
    for (int i = 0; i < 2; i++) {
        tn_config c = base(3, 4);
        char err[TN_ERRLEN];
        assert_int_equal(tn_config_set(&c, "routing", i ? "goal" : "gal", err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "traffic", "tornado", err, sizeof err), 0);
        c.vcs = 3;
        c.load = 0.33;
        c.gal_sets = TN_GAL_SDIR;
        c.warmup = 200;
        c.measure = 1000;
        tn_stats st = run_cfg(&c);
        assert_true(st.injected > 1000);
        assert_true(st.nonmin_frac > 0);
        assert_int_equal(st.gal_quads, i ? 0 : 16);
        double sum = 0;
        for (int q = 0; q < st.gal_quads; q++) {
            if (!(st.gal_queue_occ[q] >= 0 && st.gal_queue_occ[q] <= 16.0 * c.gal_qdepth))
                fail_msg("quadrant %d: mean occupancy %g per node", q, st.gal_queue_occ[q]);
            sum += st.gal_queue_occ[q];
        }
        assert_true(i || sum > 0);
    }
}

/* GAL with one injection channel per quadrant (section 21): quadrant q drains through channel
 * q mod term, its packets take exactly the quadrant's hops, and past the minimal direction's
 * saturation part of the tornado traffic goes the long way round. */
struct gal_chk { long n, bad_ch, bad_hops, nonmin; };
static void gal_chk_pkt(void *user, const tn_pkt_record *p)
{
    struct gal_chk *g = user;
    int plus = (p->dst - p->src + 8) % 8; /* 8-node ring */
    g->n++;
    g->bad_ch += p->channel != p->quad % 2;
    g->bad_hops += p->hops != (p->quad & 1 ? 8 - plus : plus);
    g->nonmin += (p->quad & 1) != 0;
}

static void test_gal_channel_per_quadrant(void **st_)
{
    (void)st_;
    for (int li = 0; li < 2; li++) {
        tn_config c = base(8, 1);
        char err[TN_ERRLEN];
        assert_int_equal(tn_config_set(&c, "routing", "gal", err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "traffic", "tornado", err, sizeof err), 0);
        c.vcs = 3;
        c.term = 2;
        c.transit = 0; /* the ring comparison of section 21 is with transit off */
        c.load = li ? 0.3 : 0.1;
        c.measure = 3000;
        struct gal_chk g = {0};
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        assert_non_null(s);
        tn_sim_on_deliver(s, gal_chk_pkt, &g);
        tn_stats st;
        tn_sim_run(s, &st);
        tn_sim_free(s);
        assert_true(g.n > 500);
        assert_int_equal(g.n, st.delivered);
        assert_int_equal(st.injected, st.delivered);
        assert_int_equal(g.bad_ch, 0);
        assert_int_equal(g.bad_hops, 0);
        if (li)
            assert_true(g.nonmin > g.n / 5); /* the + direction saturates near 0.2 */
        else
            assert_true(g.nonmin < g.n / 50);
        /* per-quadrant occupancy: the minimal (+) queue holds at least T = 2 packets whenever
         * a packet went the long way, so past saturation it averages well above zero */
        assert_int_equal(st.gal_quads, 2);
        if (li)
            assert_true(st.gal_queue_occ[0] > 1.0);
        else /* far below saturation a packet rarely waits: the queues are nearly empty */
            assert_true(st.gal_queue_occ[0] < 0.5 && st.gal_queue_occ[1] < 0.1);
    }
    /* more channels than quadrants is refused, naming the key */
    tn_config c = base(8, 1);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", "gal", err, sizeof err), 0);
    c.term = 3;
    assert_int_not_equal(tn_config_check(&c, err, sizeof err), 0);
    assert_non_null(strstr(err, "key 'term'"));
}

/* Departures counted from outside the NI: the cycle each packet of node 0 entered the network
 * (its record's `injected`, set by the source when the packet leaves its queue, R21.5). */
typedef struct dep_log {
    long cnt[4096]; /* packets of node 0 injected in cycle t */
} dep_log;

static void on_deliver_node0(void *user, const tn_pkt_record *p)
{
    dep_log *d = user;
    if (p->src == 0 && p->injected >= 0 && p->injected < 4096)
        d->cnt[p->injected]++;
}

/* The adaptive threshold follows the rule of section 21: it sits at T_min under steady load. */
static void test_gal_threshold(void **st_)
{
    (void)st_;
    tn_config c = base(4, 2);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", "gal", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "gal_adapt", "on", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "gal_sets", "1", err, sizeof err), 0);
    c.vcs = 3;
    c.gal_tmin = 3;
    c.gal_tmax = 9;
    c.gal_n2 = 10;
    c.load = 0.2;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    static dep_log dl;
    memset(&dl, 0, sizeof dl);
    tn_sim_on_deliver(s, on_deliver_node0, &dl);
    /* every T starts at T_min; an update with fewer departures than the last one raises it */
    assert_int_equal(s->gal.thr[0], 3);
    s->gal.dprev[0] = 60; /* pretend the previous window drained 60 packets */
    for (int i = 0; i < 10; i++)
        tn_sim_step(s);
    assert_int_equal(s->gal.thr[0], 4);
    /* every later update: D = departures of the last n1 cycles; up one if D fell, else down
     * one, within [T_min, T_max]; nothing changes between updates */
    enum { STEPS = 3000 };
    static long upd_cycle[STEPS];
    static int upd_d[STEPS];
    int ups = 0, downs = 0, nupd = 0;
    for (int i = 0; i < STEPS; i++) {
        int t0 = s->gal.thr[0], d0 = s->gal.dprev[0];
        long cyc = tn_sim_cycle(s);
        int update = (cyc + 1) % c.gal_n2 == 0;
        tn_sim_step(s);
        int t1 = s->gal.thr[0], d1 = s->gal.dprev[0];
        if (!update) {
            assert_int_equal(t1, t0);
            assert_int_equal(d1, d0);
            continue;
        }
        upd_cycle[nupd] = cyc;
        upd_d[nupd++] = d1;
        int want = d1 < d0 ? (t0 < c.gal_tmax ? t0 + 1 : t0) : (t0 > c.gal_tmin ? t0 - 1 : t0);
        assert_int_equal(t1, want);
        ups += t1 > t0;
        downs += t1 < t0;
    }
    assert_true(ups > 0 && downs > 0);
    /* D against the departures seen from outside: deliver every packet, then count node 0's
     * packets injected in the n1 cycles that end at each update */
    assert_int_equal(tn_sim_drain_all(s, 1000), 0);
    assert_true(tn_sim_cycle(s) < 4096);
    int nonzero = 0;
    for (int u = 0; u < nupd; u++) {
        long want = 0;
        for (long t = upd_cycle[u] - c.gal_n1 + 1; t <= upd_cycle[u]; t++)
            want += t >= 0 ? dl.cnt[t] : 0;
        assert_int_equal(upd_d[u], want);
        nonzero += want > 0;
    }
    assert_true(nonzero > nupd / 2);
    tn_sim_free(s);
}

static void test_watchdog_reports_deadlock(void **st_)
{
    (void)st_;
    char err[TN_ERRLEN];
    tn_config c = base(8, 1);
    c.dateline = 0;
    c.vcs = 1;
    c.buf = 2;
    c.pkt_min = c.pkt_max = 8;
    c.load = 0.9;
    c.watchdog = 1000;
    c.warmup = 100;
    c.measure = 2000;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), -1);
    assert_true(tn_sim_deadlocked(s));
    assert_true(st.deadlocked);
    assert_non_null(strstr(tn_sim_deadlock_report(s), "no flit moved for 1000 cycles while"));
    assert_non_null(strstr(tn_sim_deadlock_report(s), "stuck VCs: [node"));
    assert_true(st.injected > st.delivered);
    /* the report lists the first 8 occupied input VCs in index order (node, port, VC), each with
     * its flit count, and no more: here more than 8 are stuck */
    const char *rep = tn_sim_deadlock_report(s), *e = rep;
    long stuck = 0;
    int listed = 0;
    for (long i = 0; i < (long)s->g.nodes * s->P * s->V; i++) {
        if (!s->iu.cnt[i])
            continue;
        if (++stuck > 8)
            continue;
        int node, port, vc, flits;
        e = strstr(e, " [node ");
        assert_non_null(e);
        assert_int_equal(sscanf(e, " [node %d port %d vc %d: %d flits", &node, &port, &vc, &flits),
                         4);
        if ((long)(node * s->P + port) * s->V + vc != i || flits != s->iu.cnt[i])
            fail_msg("stuck VC %d listed as node %d port %d vc %d with %d flits; VC %ld holds %d",
                     listed, node, port, vc, flits, i, s->iu.cnt[i]);
        listed++;
        e++;
    }
    assert_true(stuck > 8);
    assert_int_equal(listed, 8);
    assert_null(strstr(e, " [node "));
    tn_sim_free(s);
    /* the same traffic with the dateline classes drains */
    c.dateline = 1;
    c.vcs = 2;
    tn_stats ok = run_cfg(&c);
    assert_false(ok.deadlocked);
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

/* E5 of the GAL notes: exact hop-count distributions of GOAL and VAL for two pairs of the 8-ary
 * 2-cube, 4000 packets each at low load, against a chi-square bound (p = 0.001). */
struct hop_hist { long n, h[64]; };
static void hop_pkt(void *user, const tn_pkt_record *p)
{
    struct hop_hist *hh = user;
    hh->n++;
    hh->h[p->hops < 63 ? p->hops : 63]++;
}

static void hop_dist_case(const char *routing, int vcs, int dst, const int *hops,
                          const int *num, int nb, double crit)
{
    tn_config c = base(8, 2);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", routing, err, sizeof err), 0);
    c.vcs = vcs;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    struct hop_hist hh = {0};
    tn_sim_on_deliver(s, hop_pkt, &hh);
    const long want = 4000;
    long sent = 0;
    while (sent < want) {
        if (tn_sim_inject(s, 0, dst, 4) == 0)
            sent++;
        tn_sim_step(s);
    }
    assert_int_equal(tn_sim_drain_all(s, 100000), 0);
    assert_int_equal(hh.n, want);
    assert_int_equal(tn_sim_check_errors(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    tn_sim_free(s);
    double chi2 = 0;
    long in = 0;
    char got[512] = "";
    for (int i = 0; i < nb; i++) {
        double e = (double)want * num[i] / 64.0;
        double o = (double)hh.h[hops[i]];
        chi2 += (o - e) * (o - e) / e;
        in += hh.h[hops[i]];
    }
    for (int h = 0; h < 64; h++)
        if (hh.h[h])
            snprintf(got + strlen(got), sizeof got - strlen(got), " %d:%ld", h, hh.h[h]);
    if (in != want || chi2 > crit)
        fail_msg("%s 0->%d: hops%s (of %ld); chi2 %.2f > %.2f or hops outside the support",
                 routing, dst, got, want, chi2, crit);
    print_message("  %s (0,0)->(%d,%d): hops%s, chi2 %.2f (bound %.2f)\n", routing, dst % 8,
                  dst / 8, got, chi2, crit);
}

static void test_goal_val_hop_distribution(void **st_)
{
    (void)st_;
    /* chi-square critical values at p = 0.001 for 2, 3, 4, 6 degrees of freedom */
    {   /* (0,0)->(1,3): GOAL {4: 35/64, 6: 21/64, 10: 5/64, 12: 3/64} */
        int h[] = {4, 6, 10, 12}, p[] = {35, 21, 5, 3};
        hop_dist_case("goal", 3, 1 + 3 * 8, h, p, 4, 16.27);
    }
    {   /* VAL {4: 1/8, 6: 1/4, 8: 1/4, 10: 1/4, 12: 1/8} */
        int h[] = {4, 6, 8, 10, 12}, p[] = {8, 16, 16, 16, 8};
        hop_dist_case("val", 4, 1 + 3 * 8, h, p, 5, 18.47);
    }
    {   /* (0,0)->(1,1): GOAL {2: 49/64, 8: 14/64, 14: 1/64} */
        int h[] = {2, 8, 14}, p[] = {49, 14, 1};
        hop_dist_case("goal", 3, 1 + 1 * 8, h, p, 3, 13.82);
    }
    {   /* VAL {2: 1/16, 4: 1/8, 6: 3/16, 8: 1/4, 10: 3/16, 12: 1/8, 14: 1/16} */
        int h[] = {2, 4, 6, 8, 10, 12, 14}, p[] = {4, 8, 12, 16, 12, 8, 4};
        hop_dist_case("val", 4, 1 + 1 * 8, h, p, 7, 22.46);
    }
}

/* A sim of the 4x4 torus with traffic=trace from a temporary file of the given lines, or NULL
 * with the message in err. */
/* A simulator of configuration c (keys beside trace= unchanged) on a trace of these lines. */
static tn_sim *trace_sim_cfg(const char *lines, tn_config c, char *err, size_t errlen)
{
    char path[] = "/tmp/tn_test_trace_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(lines, f);
    fclose(f);
    if (tn_config_set(&c, "traffic", "trace", err, errlen) ||
        tn_config_set(&c, "trace", path, err, errlen))
        fail_msg("%s", err);
    tn_sim *s = tn_sim_new(&c, err, errlen);
    remove(path);
    return s;
}

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
    tn_config c = base(8, 1);
    char err[TN_ERRLEN];
    c.topo = TN_TOPO_MESH;
    c.vcs = 1;
    c.buf = 8;
    c.pkt_min = 1;
    c.pkt_max = 256;
    c.warmup = 10;
    c.measure = 10;
    struct last_marked m;
    tn_stats st = run_marked(trace_sim_cfg("0 2 7 256\n0 0 7 24\n19 6 5 8\n20 0 1 1\n", c, err,
                                           sizeof err), &c, err, &m);
    assert_int_equal(m.marked, 1);
    assert_true(m.last > 20);
    assert_int_equal(st.stop_cycle, m.last + 1);
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
    /* a trace: node 0 creates a 8-flit packet every cycle of the window [0, 20); cut at its end
     * it has started three, and all 20 count */
    char lines[512] = "", err[TN_ERRLEN];
    for (int t = 0; t < 20; t++)
        snprintf(lines + strlen(lines), sizeof lines - strlen(lines), "%d 0 5 8\n", t);
    tn_config c = base(4, 2);
    c.warmup = 0;
    c.measure = 20;
    c.drain = 0;
    tn_sim *s = trace_sim_cfg(lines, c, err, sizeof err);
    assert_non_null(s);
    tn_stats st;
    tn_sim_run(s, &st);
    tn_sim_free(s);
    assert_true(st.packets < 20);
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

/* R17.10, one packet alone: node 0 sends one 4-flit packet to node 1 of the 4x4 torus (one link,
 * 0 -> 1), in a window that holds all of it. Its flits leave one a cycle: the link's port sends 4
 * flits and is never idle with a flit waiting; every other port-cycle of the window is idle with
 * nothing routed to it. */
static void test_port_use_one_packet(void **st_)
{
    (void)st_;
    char err[TN_ERRLEN];
    tn_config c = base(4, 2);
    c.warmup = 0;
    c.measure = 60;
    c.vcs = 2;
    tn_sim *s = trace_sim_cfg("3 0 1 4\n", c, err, sizeof err);
    assert_non_null(s);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    tn_sim_free(s);
    assert_int_equal(l.count, 1);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_load_latency),
        cmocka_unit_test(test_port_use_one_packet),
        cmocka_unit_test(test_port_use),
        cmocka_unit_test(test_worked_trace),
        cmocka_unit_test(test_trace_acrd),
        cmocka_unit_test(test_accepted_equals_offered),
        cmocka_unit_test(test_saturation_vs_bound),
        cmocka_unit_test(test_integrity_many_configs),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_checker_catches_faults),
        cmocka_unit_test(test_bad_config),
        cmocka_unit_test(test_deadlock_checker),
        cmocka_unit_test(test_deadlock_graph_counts),
        cmocka_unit_test(test_gal_queue_limit),
        cmocka_unit_test(test_chan_window_edges),
        cmocka_unit_test(test_val_goal_gal_deliver),
        cmocka_unit_test(test_gal_threshold),
        cmocka_unit_test(test_gal_channel_per_quadrant),
        cmocka_unit_test(test_watchdog_reports_deadlock),
        cmocka_unit_test(test_traffic_switch),
        cmocka_unit_test(test_goal_val_hop_distribution),
        cmocka_unit_test(test_created_counts_undrawn),
        cmocka_unit_test(test_stop_cycle_rule),
        cmocka_unit_test(test_inject_bounds),
        cmocka_unit_test(test_gal_four_dims),
        cmocka_unit_test(test_traffic_streams_per_channel),
        cmocka_unit_test(test_nonmin_frac_counted),
        cmocka_unit_test(test_port_use_window_sum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
