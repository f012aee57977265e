/* SPDX-License-Identifier: MIT */
/* Checks of CHAOS (docs/microarchitecture.md section 22), the C model's baseline with no RTL
 * twin: delivery past saturation, minimal routes at low load, the zero-load latency, determinism,
 * the two worked traces of 22.6 (R22.6.1, R22.6.2, the second read from the document itself), the
 * per-cycle rules of R22.2.1-R22.2.7 on loaded runs under every selection function (the pointers
 * and counters, and who wins each allocation, computed from the contract), and the
 * configurations CHAOS refuses. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

/* CHAOS (section 22): past saturation on uniform, tornado and transpose (8x8) and the 8-node
 * ring tornado, every packet is delivered exactly once and intact, the watchdog never fires, and
 * tornado misroutes; at low uniform load nothing is misrouted and nothing waits in the shared
 * queue long enough to be derouted. */
static tn_stats chaos_run(int k, int n, const char *traffic, double load, long *entered,
                          long *derouted)
{
    tn_config c = base(k, n);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", "chaos", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "traffic", traffic, err, sizeof err), 0);
    c.vcs = 3;
    c.load = load;
    c.warmup = 500;
    c.measure = 1500;
    c.watchdog = 2000;
    c.transit = 0; /* injection competes with transit: heads block, so CHAOS deroutes */
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("config rejected: %s", err);
    tn_stats st;
    int rc = tn_sim_run(s, &st);
    if (rc || st.deadlocked || st.injected != st.delivered || st.check_errors || st.router_errors)
        fail_msg("chaos %s k=%d n=%d load %.2f: rc %d deadlocked %d injected %ld delivered %ld "
                 "errors %ld/0x%x: %s %s", traffic, k, n, load, rc, st.deadlocked, st.injected,
                 st.delivered, st.check_errors, st.router_errors, tn_sim_first_error(s),
                 tn_sim_deadlock_report(s));
    *entered = s->chaos.entered;
    *derouted = s->chaos.derouted;
    tn_sim_free(s);
    return st;
}

static void test_chaos_past_saturation(void **st_)
{
    (void)st_;
    struct { int k, n; const char *traffic; } cases[] = {
        {8, 2, "uniform"}, {8, 2, "tornado"}, {8, 2, "transpose"}, {8, 1, "tornado"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long ent, der;
        tn_stats st = chaos_run(cases[i].k, cases[i].n, cases[i].traffic, 1.0, &ent, &der);
        assert_true(st.injected > 1000);
        assert_true(st.saturated);
        if (!strcmp(cases[i].traffic, "tornado")) {
            if (!(st.nonmin_frac > 0.05 && ent > 0 && der > 0))
                fail_msg("tornado k=%d: nonmin_frac %.3f entered %ld derouted %ld",
                         cases[i].k, st.nonmin_frac, ent, der);
        }
    }
}

static void test_chaos_low_load_minimal(void **st_)
{
    (void)st_;
    long ent, der;
    tn_stats st = chaos_run(8, 2, "uniform", 0.1, &ent, &der);
    assert_false(st.saturated);
    assert_true(st.accepted > 0.09);
    if (st.nonmin_frac != 0.0 || der != 0)
        fail_msg("uniform 0.1: nonmin_frac %.4f derouted %ld", st.nonmin_frac, der);
    assert_true(st.hops_avg > 3.8 && st.hops_avg < 4.2);
}

/* One packet alone: CHAOS keeps the 3-cycle hop of its own VC allocator (docs/microarchitecture.md
 * R22.1.4, R22.2.9): T0 = 3H + L + 3, minimal. */
static void test_chaos_zero_load(void **st_)
{
    (void)st_;
    int pairs[][3] = {{0, 0, 1}, {0, 1, 4}, {0, 3 + 8 * 5, 4}, {9, 4 + 8 * 5, 8}, {63, 0, 8}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        tn_config c = base(8, 2);
        char err[TN_ERRLEN];
        c.routing = TN_ROUTE_CHAOS;
        c.vcs = 2;
        c.buf = 8;
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        assert_non_null(s);
        last_pkt l = {0};
        tn_sim_on_deliver(s, on_deliver, &l);
        for (int j = 0; j < 5; j++)
            tn_sim_step(s);
        long t0 = tn_sim_cycle(s);
        assert_int_equal(tn_sim_inject(s, pairs[i][0], pairs[i][1], pairs[i][2]), 0);
        while (!l.count && tn_sim_cycle(s) < t0 + 1000)
            tn_sim_step(s);
        assert_int_equal(l.count, 1);
        int h = dor_hops(tn_sim_geom(s), pairs[i][0], pairs[i][1]);
        assert_int_equal(l.r.hops, h);
        assert_int_equal(l.r.ejected - l.r.created, 3 * h + pairs[i][2] + 3);
        assert_int_equal(tn_sim_router_errors(s), 0);
        tn_sim_free(s);
    }
}

/* Same seed, same run: the shared queue and the derouting draws are deterministic. */
static void test_chaos_determinism(void **st_)
{
    (void)st_;
    long e1, d1, e2, d2;
    tn_stats a = chaos_run(8, 1, "tornado", 0.5, &e1, &d1);
    tn_stats b = chaos_run(8, 1, "tornado", 0.5, &e2, &d2);
    assert_int_equal(a.injected, b.injected);
    assert_int_equal(a.cycles, b.cycles);
    assert_int_equal(e1, e2);
    assert_int_equal(d1, d2);
    assert_true(a.latency_avg == b.latency_avg && a.nonmin_frac == b.nonmin_frac);
}

/* The worked trace of docs/microarchitecture.md 22.6 (R22.6.1): two 2-flit packets to node 2 of
 * the 4-node ring under CHAOS (vcs=2, buf=8), A from node 0 created in cycle 2 and B from node 1
 * created in cycle 5, read from tb/regress/trace_chaos_worked.txt; their heads meet at node 1.
 * Every value of the document's table is asserted at the start of every cycle 0..18 (cycles 0..5
 * hold the values of cycle 6, cycles 17 and 18 those of 16); every other register of node 1 and
 * every node's shared queue hold their reset values. Column i of each row is cycle i + 6. */
#define CW_N 11
static const int cw_a_cnt[CW_N] = {0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0};
static const char *const cw_a_state[CW_N] = {"I", "I", "A 1/0", "A 1/0", "I", "I",
                                             "I", "I", "I",     "I",     "I"};
static const int cw_a_va1[CW_N] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const int cw_b_cnt[CW_N] = {0, 1, 2, 2, 2, 1, 0, 0, 0, 0, 0};
static const char *const cw_b_state[CW_N] = {"I", "I", "I", "A 1/1", "A 1/1", "A 1/1",
                                             "I", "I", "I", "I",     "I"};
static const int cw_b_hwait[CW_N] = {0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
static const int cw_busy[CW_N] = {0, 0, 1, 3, 2, 2, 0, 0, 0, 0, 0}; /* bit v: (1,v) busy */
static const int cw_cred0[CW_N] = {8, 8, 8, 7, 6, 6, 6, 7, 8, 8, 8};
static const int cw_cred1[CW_N] = {8, 8, 8, 8, 8, 7, 6, 6, 6, 7, 8};
static const int cw_va2_0[CW_N] = {0, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5};
static const int cw_va2_1[CW_N] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const int cw_inj[CW_N] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const int cw_sa1_0[CW_N] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
static const int cw_sa1_2[CW_N] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const int cw_sa2[CW_N] = {0, 0, 0, 3, 3, 1, 1, 1, 1, 1, 1};
static const char *const cw_crd0[CW_N] = {"-", "-", "-", "-", "-", "v0", "v0", "-", "-", "-", "-"};
static const char *const cw_crd2[CW_N] = {"-", "-", "-", "v0", "v0", "-", "-", "-", "-", "-", "-"};
static const char *const cw_out[CW_N] = {"-",        "-",        "-", "H v0 A", "T v0 A", "H v1 B",
                                          "T v1 B", "-",        "-", "-",      "-"};
static const char *const cw_ej[CW_N] = {"-",      "-",      "-",      "-",      "-", "-",
                                        "H v0 A", "T v0 A", "H v1 B", "T v1 B", "-"};
static const int cw_delivered[CW_N] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2};

/* A link register as the table writes it: "-" or "H v0 A" (head on VC 0 of packet A, from node
 * 0; B is from node 1). Every flit is checked to go to node 2 and to be flit 0 or 1 of its
 * packet. */
static void cw_link(const tn_sim *s, int node, int port, char *out, size_t len)
{
    snprintf(out, len, "-");
    for (long i = 0; i < s->lk.nlev[s->lk.cur]; i++) {
        const tn_link_ev *e = &s->lk.lev[s->lk.cur][i];
        if (e->from_node != node || e->from_port != port)
            continue;
        snprintf(out, len, "%s%s v%d %s", e->f.head ? "H" : "", e->f.tail ? "T" : "", e->f.vc,
                 e->f.src == 0 ? "A" : e->f.src == 1 ? "B" : "?");
        if (e->f.dst != 2 || e->f.idx > 1)
            fail_msg("cycle %ld node %d port %d: flit dst %u idx %u", s->cycle, node, port,
                     e->f.dst, e->f.idx);
    }
}

static void test_chaos_worked_trace(void **st_)
{
    (void)st_;
    static const char *const keys[][2] = {
        {"k", "4"},      {"n", "1"},     {"routing", "chaos"},
        {"vcs", "2"},    {"buf", "8"},   {"traffic", "trace"},
        {"trace", "tb/regress/trace_chaos_worked.txt"}, {"warmup", "0"}, {"measure", "30"}};
    tn_sim *s = keys_sim(keys, sizeof keys / sizeof keys[0]);
    /* the defaults R22.6.1 relies on */
    assert_int_equal(s->cfg.transit, 1);
    assert_int_equal(s->cfg.term, 1);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    const int P = s->P, V = s->V, Q = s->chaos.q;
    assert_int_equal(P, 3);
    assert_int_equal(Q, 4);
    const long a_ivc = (1L * P + 2) * V + 0, b_ivc = (1L * P + 0) * V + 0;
    const long ovc0 = (1L * P + 1) * V + 0, ovc1 = ovc0 + 1;
    char got[32];
    for (long t = 0; t < 19; t++) {
        assert_int_equal(tn_sim_cycle(s), t);
        const int i = t < 6 ? 0 : t > 16 ? CW_N - 1 : (int)t - 6;
        WK_INT("node 1 VC (2,0) cnt", s->rt.iu.cnt[a_ivc], cw_a_cnt[i]);
        wk_state(s, a_ivc, got, sizeof got);
        WK_STR("node 1 VC (2,0) state", got, cw_a_state[i]);
        WK_INT("node 1 VC (2,0) va1_ptr", s->chaos.va1_ptr[a_ivc], cw_a_va1[i]);
        WK_INT("node 1 VC (0,0) cnt", s->rt.iu.cnt[b_ivc], cw_b_cnt[i]);
        wk_state(s, b_ivc, got, sizeof got);
        WK_STR("node 1 VC (0,0) state", got, cw_b_state[i]);
        WK_INT("node 1 VC (0,0) hwait", s->chaos.hwait[b_ivc], cw_b_hwait[i]);
        WK_INT("node 1 port 1 busy VCs", s->rt.ou.busy[1L * P + 1], cw_busy[i]);
        WK_INT("node 1 output VC (1,0) credits", s->rt.ou.credits[ovc0], cw_cred0[i]);
        WK_INT("node 1 output VC (1,1) credits", s->rt.ou.credits[ovc1], cw_cred1[i]);
        WK_INT("node 1 va2_ptr of (1,0)", s->chaos.va2_ptr[ovc0], cw_va2_0[i]);
        WK_INT("node 1 va2_ptr of (1,1)", s->chaos.va2_ptr[ovc1], cw_va2_1[i]);
        WK_INT("node 1 inj_ptr", s->chaos.inj_ptr[1], cw_inj[i]);
        WK_INT("node 1 sa1_ptr[0]", s->rt.as.sa1_ptr[1L * P + 0], cw_sa1_0[i]);
        WK_INT("node 1 sa1_ptr[2]", s->rt.as.sa1_ptr[1L * P + 2], cw_sa1_2[i]);
        WK_INT("node 1 CHAOS sa2_ptr[1]", s->chaos.sa2_ptr[1L * P + 1], cw_sa2[i]);
        wk_credit(s, 1, 0, got, sizeof got);
        WK_STR("node 1 credit register of port 0", got, cw_crd0[i]);
        wk_credit(s, 1, 2, got, sizeof got);
        WK_STR("node 1 credit register of port 2", got, cw_crd2[i]);
        cw_link(s, 1, 1, got, sizeof got);
        WK_STR("node 1 output register of port 1", got, cw_out[i]);
        cw_link(s, 2, 0, got, sizeof got);
        WK_STR("node 2 output register of port 0", got, cw_ej[i]);
        WK_INT("packets delivered", l.count, cw_delivered[i]);
        /* node 1: every register the table does not name holds its reset value */
        cw_link(s, 1, 2, got, sizeof got);
        WK_STR("node 1 output register of port 2", got, "-");
        cw_link(s, 1, 0, got, sizeof got);
        WK_STR("node 1 output register of port 0", got, "-");
        wk_credit(s, 1, 1, got, sizeof got);
        WK_STR("node 1 credit register of port 1", got, "-");
        for (int p = 0; p < P; p++) {
            long slot = 1L * P + p;
            if (p != 1) {
                WK_INT("a busy bit of node 1 the table does not name", s->rt.ou.busy[slot], 0);
                WK_INT("a CHAOS sa2_ptr of node 1 the table does not name", s->chaos.sa2_ptr[slot],
                       0);
            }
            if (p == 1)
                WK_INT("node 1 sa1_ptr[1]", s->rt.as.sa1_ptr[slot], 0);
            for (int v = 0; v < V; v++) {
                long x = slot * V + v;
                if (x != a_ivc && x != b_ivc) {
                    WK_INT("an input VC's cnt of node 1 the table does not name", s->rt.iu.cnt[x], 0);
                    WK_INT("an input VC's state of node 1 the table does not name", s->rt.iu.state[x],
                           0);
                    WK_INT("an input VC's hwait of node 1 the table does not name",
                           s->chaos.hwait[x], 0);
                    WK_INT("an input VC's va1_ptr of node 1 the table does not name",
                           s->chaos.va1_ptr[x], 0);
                }
                if (x != ovc0 && x != ovc1) {
                    WK_INT("an output VC's credits of node 1 the table does not name",
                           s->rt.ou.credits[x], 8);
                    WK_INT("an output VC's va2_ptr of node 1 the table does not name",
                           s->chaos.va2_ptr[x], 0);
                }
            }
        }
        WK_INT("node 1 VC (2,0) hwait (granted at once)", s->chaos.hwait[a_ivc], 0);
        /* every node: the shared queue stays empty and nobody is derouted */
        for (int node = 0; node < s->g.nodes; node++) {
            WK_INT("a wr_ptr", s->chaos.wr_ptr[node], 0);
            WK_INT("a rd_ptr", s->chaos.rd_ptr[node], 0);
            WK_INT("an in_ptr", s->chaos.in_ptr[node], 0);
            for (int q = 0; q < Q; q++) {
                long k = (long)node * Q + q;
                WK_INT("a queue slot's resv", s->chaos.resv[k], 0);
                WK_INT("a queue slot's cnt", s->chaos.cnt[k], 0);
                WK_INT("a queue slot's act", s->chaos.act[k], 0);
                WK_INT("a queue slot's mwait", s->chaos.mwait[k], 0);
            }
        }
        WK_INT("packets that entered a queue", s->chaos.entered, 0);
        WK_INT("packets derouted", s->chaos.derouted, 0);
        WK_INT("router error bits", tn_sim_router_errors(s), 0);
        WK_INT("integrity errors", tn_sim_check_errors(s), 0);
        tn_sim_step(s);
    }
    assert_int_equal(l.count, 2);
    assert_int_equal(l.r.src, 1); /* B, the last delivered */
    assert_int_equal(l.r.created, 5);
    assert_int_equal(l.r.ejected, 15);
    assert_int_equal(l.r.hops, 1);
    assert_int_equal(tn_sim_in_flight(s), 0);
    tn_sim_free(s);
}

/* The worked trace of docs/microarchitecture.md 22.6, R22.6.2: the shared queue (slot
 * reservation, write and read ports, derouting, a wrapping slot FIFO, the injection gate with two
 * slots). The expected values are the document's table itself, read from docs/ at run time, so
 * the table and the test cannot drift apart: each row "| a … b | cells |" (or "| a | cells |")
 * gives node 1's registers at the start of every cycle a..b, formatted as below. */
#define CQ_T 61 /* cycles 0..60 */
#define CQ_ROW 512

/* The trace's packets by line (tb/regress/trace_chaos_queue.txt): created, source, destination. */
static const int cq_pkts[7][3] = {{0, 1, 7},  {0, 1, 3},  {2, 2, 7}, {20, 1, 7},
                                  {20, 1, 3}, {22, 2, 7}, {23, 0, 3}};

static void cq_vc(const tn_sim *s, long ivc, char *out, size_t len)
{
    char st[16];
    if (s->rt.iu.state[ivc] != TN_VC_ACTIVE)
        snprintf(st, sizeof st, "I");
    else if (s->rt.iu.oport[ivc] == s->P)
        snprintf(st, sizeof st, "A Q%d", s->rt.iu.ovc[ivc]);
    else
        snprintf(st, sizeof st, "A %d/%d", s->rt.iu.oport[ivc], s->rt.iu.ovc[ivc]);
    snprintf(out, len, "%d, %s, %d", s->rt.iu.cnt[ivc], st, s->chaos.hwait[ivc]);
}

/* A link register: "—" or H/B/T (HT both) and the packet's letter; every flit is checked to be
 * flit idx of a packet of the trace with the trace's source and destination. */
static void cq_link(const tn_sim *s, int node, int port, char *out, size_t len)
{
    snprintf(out, len, "—");
    for (long i = 0; i < s->lk.nlev[s->lk.cur]; i++) {
        const tn_link_ev *e = &s->lk.lev[s->lk.cur][i];
        if (e->from_node != node || e->from_port != port)
            continue;
        const tn_packet *p = &s->pt.pkt[e->f.pkt];
        char letter = '?';
        for (int j = 0; j < 7; j++)
            if (cq_pkts[j][0] == p->created && cq_pkts[j][1] == (int)e->f.src &&
                cq_pkts[j][2] == (int)e->f.dst && p->src == (int)e->f.src)
                letter = (char)('A' + j);
        if (letter == '?' || e->f.idx >= p->len)
            fail_msg("cycle %ld node %d port %d: flit src %u dst %u idx %u of no packet of the "
                     "trace", s->cycle, node, port, e->f.src, e->f.dst, e->f.idx);
        snprintf(out, len, "%s%s %c", e->f.head ? "H" : e->f.tail ? "" : "B", e->f.tail ? "T" : "",
                 letter);
    }
}

static void cq_row(const tn_sim *s, long delivered, char *out, size_t len)
{
    const int P = s->P, Q = s->chaos.q;
    const long k = 1L * Q + 0; /* node 1, slot 0 */
    char v0[48], v1[48], v2[48], slot[64], o1[16], o2[16];
    cq_vc(s, 1L * P + 0, v0, sizeof v0); /* V = 1: input VC (ip, 0) of node 1 is P + ip */
    cq_vc(s, 1L * P + 1, v1, sizeof v1);
    cq_vc(s, 1L * P + 2, v2, sizeof v2);
    if (s->chaos.act[k])
        snprintf(slot, sizeof slot, "%d, %d, %d, %d/%d, %d", s->chaos.resv[k], s->chaos.cnt[k],
                 s->chaos.rd[k], s->chaos.oport[k], s->chaos.ovc[k], s->chaos.mwait[k]);
    else
        snprintf(slot, sizeof slot, "%d, %d, %d, —, %d", s->chaos.resv[k], s->chaos.cnt[k],
                 s->chaos.rd[k], s->chaos.mwait[k]);
    cq_link(s, 1, 1, o1, sizeof o1);
    cq_link(s, 1, 2, o2, sizeof o2);
    snprintf(out, len,
             " %s | %s | %s | %s | %u, %u | %d, %d | %d, %d, %d | %d, %d | %s | %s | %ld, %ld, %ld |",
             v0, v1, v2, slot, s->rt.ou.busy[1L * P + 1], s->rt.ou.busy[1L * P + 2],
             s->rt.ou.credits[1L * P + 1], s->rt.ou.credits[1L * P + 2], s->chaos.wr_ptr[1],
             s->chaos.rd_ptr[1], s->chaos.in_ptr[1], s->rt.sel.ldsf_cnt[1L * P + 1],
             s->rt.sel.ldsf_cnt[1L * P + 2], o1, o2, s->chaos.entered, s->chaos.derouted, delivered);
}

/* The rows of R22.6.2's table: want[t] for every cycle t, each exactly once. */
static void cq_read_table(char want[CQ_T][CQ_ROW])
{
    FILE *f = fopen("docs/microarchitecture.md", "r");
    if (!f)
        fail_msg("docs/microarchitecture.md: cannot open (the test runs from the repository root)");
    char line[2048];
    int in = 0, seen[CQ_T] = {0};
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "**R22.6.2**", 11))
            in = 1;
        else if (in && (!strncmp(line, "**R", 3) || !strncmp(line, "## ", 3)))
            break;
        if (!in || line[0] != '|' || line[1] != ' ' || line[2] < '0' || line[2] > '9')
            continue;
        line[strcspn(line, "\n")] = 0;
        char *p = line + 2, *end;
        long a = strtol(p, &end, 10), b = a;
        if (!strncmp(end, " … ", strlen(" … ")))
            b = strtol(end + strlen(" … "), &end, 10);
        if (strncmp(end, " |", 2) || a < 0 || b < a || b >= CQ_T)
            fail_msg("R22.6.2's table: bad row \"%s\"", line);
        for (long t = a; t <= b; t++) {
            if (seen[t]++)
                fail_msg("R22.6.2's table: cycle %ld appears twice", t);
            snprintf(want[t], CQ_ROW, "%s", end + 2);
        }
    }
    fclose(f);
    for (int t = 0; t < CQ_T; t++)
        if (!seen[t])
            fail_msg("R22.6.2's table: no row for cycle %d", t);
}

static void cq_count(void *user, const tn_pkt_record *p)
{
    (void)p;
    ++*(long *)user;
}

static void test_chaos_queue_trace(void **st_)
{
    (void)st_;
    static char want[CQ_T][CQ_ROW];
    cq_read_table(want);
    static const char *const keys[][2] = {
        {"k", "8"},       {"n", "1"},          {"routing", "chaos"}, {"vcs", "1"},
        {"buf", "4"},     {"chaos_q", "2"},    {"chaos_wait", "0"},  {"traffic", "trace"},
        {"trace", "tb/regress/trace_chaos_queue.txt"}, {"warmup", "0"}, {"measure", "80"}};
    tn_sim *s = keys_sim(keys, sizeof keys / sizeof keys[0]);
    /* the defaults R22.6.2 relies on */
    assert_int_equal(s->cfg.transit, 1);
    assert_int_equal(s->cfg.term, 1);
    assert_int_equal(s->cfg.selection, TN_SEL_LDSF);
    long delivered = 0;
    tn_sim_on_deliver(s, cq_count, &delivered);
    assert_int_equal(s->P, 3);
    assert_int_equal(s->V, 1);
    char got[CQ_ROW];
    for (long t = 0; t < CQ_T; t++) {
        assert_int_equal(tn_sim_cycle(s), t);
        /* the per-link state of an idle router is brought up to date lazily (R15.3): do it now */
        for (int node = 0; node < s->g.nodes; node++)
            tn_router_sel_sync(&s->rt, node, s->cycle);
        cq_row(s, delivered, got, sizeof got);
        WK_STR("node 1's row", got, want[t]);
        for (int node = 0; node < s->g.nodes; node++)
            for (int q = 0; q < s->chaos.q; q++) {
                long k = (long)node * s->chaos.q + q;
                if (node == 1 && q == 0)
                    continue;
                WK_INT("an unused slot's resv", s->chaos.resv[k], 0);
                WK_INT("an unused slot's cnt", s->chaos.cnt[k], 0);
                WK_INT("an unused slot's rd", s->chaos.rd[k], 0);
                WK_INT("an unused slot's mwait", s->chaos.mwait[k], 0);
            }
        WK_INT("router error bits", tn_sim_router_errors(s), 0);
        WK_INT("integrity errors", tn_sim_check_errors(s), 0);
        tn_sim_step(s);
    }
    assert_int_equal(delivered, 7);
    assert_int_equal(tn_sim_in_flight(s), 0);
    tn_sim_free(s);
}

/* CHAOS's per-cycle rules checked on every router in every cycle of a loaded run, from the state
 * before and after each cycle (R22.2.4 … R22.2.7): what each grant, reservation, write and read
 * sets the pointers to, and the waiting counters. The worked traces check these rules with one VC
 * per port or few heads; here V = 3, so the flat indexes ip·V + iv with iv > 0 are exercised. */
typedef struct cr_snap {
    uint8_t *st, *op, *cnt, *rd, *qresv, *qrd, *wr, *rdp;
    uint16_t *hw, *in, *inj;
    uint32_t *busy;
    /* read by the choice check (cr_choice) */
    uint8_t *cred, *age, *ldsf, *va1, *qact, *qcnt, *ovc, *sa1, *sa2q, *qop, *qovc;
    uint16_t *mw, *va2;
    uint32_t *rng;
} cr_snap;

/* Each field of the snapshot beside the array of the model it copies, and its length. */
#define CR_FIELDS(X, s)                                                                         \
    X(st, s->rt.iu.state, nivc) X(op, s->rt.iu.oport, nivc) X(cnt, s->rt.iu.cnt, nivc)                  \
    X(rd, s->rt.iu.rd, nivc) X(qresv, s->chaos.resv, nq) X(qrd, s->chaos.rd, nq)                  \
    X(wr, s->chaos.wr_ptr, nodes) X(rdp, s->chaos.rd_ptr, nodes) X(hw, s->chaos.hwait, nivc)   \
    X(in, s->chaos.in_ptr, nodes) X(inj, s->chaos.inj_ptr, nodes) X(busy, s->rt.ou.busy, nslot)   \
    X(cred, s->rt.ou.credits, nivc) X(age, s->rt.sel.lru_age, nslot) X(ldsf, s->rt.sel.ldsf_cnt, nslot) \
    X(va1, s->chaos.va1_ptr, nivc) X(qact, s->chaos.act, nq) X(qcnt, s->chaos.cnt, nq)         \
    X(mw, s->chaos.mwait, nq) X(rng, s->rt.sel.rng, nodes) X(va2, s->chaos.va2_ptr, nivc)       \
    X(ovc, s->rt.iu.ovc, nivc) X(sa1, s->rt.as.sa1_ptr, nslot) X(sa2q, s->chaos.sa2_ptr, nslot)     \
    X(qop, s->chaos.oport, nq) X(qovc, s->chaos.ovc, nq)

static void cr_alloc(cr_snap *a, long nivc, long nslot, long nq, long nodes)
{
#define CR_ALLOC(f, src, n)                                                                     \
    a->f = calloc((size_t)(n), sizeof *a->f);                                                  \
    assert_non_null(a->f);
    CR_FIELDS(CR_ALLOC, unused)
#undef CR_ALLOC
}

static void cr_take(cr_snap *a, const tn_sim *s, long nivc, long nslot, long nq, long nodes)
{
#define CR_COPY(f, src, n) memcpy(a->f, src, (size_t)(n) * sizeof *a->f);
    CR_FIELDS(CR_COPY, s)
#undef CR_COPY
}

static void cr_free(cr_snap *a)
{
#define CR_FREE(f, src, n) free(a->f);
    CR_FIELDS(CR_FREE, unused)
#undef CR_FREE
}

#define CR_CHECK(cond, ...)                                                                    \
    do {                                                                                       \
        if (!(cond))                                                                           \
            fail_msg(__VA_ARGS__);                                                             \
    } while (0)

/* The first member of set at or after ptr, round robin over n, or -1. */
static int cr_rr(uint32_t set, int n, int ptr)
{
    for (int i = 0; i < n; i++) {
        int v = (ptr + i) % n;
        if (set >> v & 1u)
            return v;
    }
    return -1;
}

/* R22.2.1, R22.2.3 and R22.2.4 of one node in the cycle the snapshot b starts, written from the
 * contract: the free VCs and ports, then the queue's heads in order of decreasing mwait, each
 * granted exactly when a port is left for it and then on the port and VC the rules name, then
 * every input VC's grant on the port its selection (or the ejection) names, from the VCs the
 * queue left, its VC by va1_ptr; a reservation only when no productive port is left. The
 * selection's inputs are formed here from the snapshot: the draw index (P*V + q, ip*V + iv),
 * the occupied slots downstream (sq), the per-link state and the hops. Then stage 2 of every
 * output VC over the requests, with the injection gate and the in-transit mask: exactly its
 * winner is granted. Returns how many selections had two or more candidates. */
static long cr_choice(tn_sim *s, const cr_snap *b, long node, long t)
{
    const int P = s->P, V = s->V, B = s->B, Q = s->chaos.q;
    const int sel = s->cfg.selection, wait = s->cfg.chaos_wait;
    const uint32_t vall = (uint32_t)((1ull << V) - 1u), x = b->rng[node];
    const int *cur = s->coord + node * s->g.n;
    uint32_t vf[TN_MAX_P], pf = 0;
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N];
    uint16_t used[2 * TN_MAX_N];
    long choices = 0;
    for (int op = 0; op < P; op++) {
        const long slot = node * P + op;
        vf[op] = vall & ~b->busy[slot];
        if (tn_port_is_term(&s->g, op))
            continue;
        const int j = op - 1;
        age[j] = b->age[slot];
        cnt[j] = b->ldsf[slot];
        used[j] = 0;
        for (int v = 0; v < V; v++) {
            used[j] = (uint16_t)(used[j] + B - b->cred[slot * V + v]);
            if (b->cred[slot * V + v] != B) /* virtual cut-through: an empty buffer only */
                vf[op] &= ~(1u << v);
        }
        if (s->g.nbr[slot] < 0)
            vf[op] = 0;
        if (vf[op])
            pf |= 1u << j;
    }
    /* R22.2.3: the queue's heads, decreasing mwait, ties to the lowest slot */
    int done[64] = {0}; /* chaos_q <= 64 (config.c) */
    for (;;) {
        int q = -1;
        for (int j = 0; j < Q; j++) {
            const long k = node * Q + j;
            if (!done[j] && b->qresv[k] && !b->qact[k] && b->qcnt[k] &&
                (q < 0 || b->mw[k] > b->mw[node * Q + q]))
                q = j;
        }
        if (q < 0)
            break;
        done[q] = 1;
        const long k = node * Q + q;
        const tn_flit *f = &s->chaos.buf[k * B + b->qrd[k]];
        tn_route_out esc;
        uint32_t prod;
        int hops[TN_MAX_N], want = -1;
        tn_route_adaptive(&s->g, V, cur, f->dst, 0, -1, &esc, &prod, hops);
        CR_CHECK(prod, "cycle %ld node %ld: slot %d's head is at its destination", t, node, q);
        const tn_sel_in in = {tn_sel_rand16(x, P * V + q), hops, age, cnt, used};
        if (prod & pf) {
            want = 1 + tn_select(sel, prod & pf, &in);
            choices += __builtin_popcount(prod & pf) > 1;
        } else if (b->mw[k] >= wait && (pf & ~prod)) {
            want = 1 + tn_sel_random(pf & ~prod, in.u16);
            choices += __builtin_popcount(pf & ~prod) > 1;
        }
        const int got = s->chaos.act[k] ? s->chaos.oport[k] : -1;
        CR_CHECK(got == want, "cycle %ld node %ld: slot %d (mwait %u, dst %u) granted port %d, "
                 "the rules give %d (free ports 0x%x, productive 0x%x)", t, node, q, b->mw[k],
                 f->dst, got, want, pf, prod);
        if (want < 0)
            continue;
        const int ov = __builtin_ctz(vf[want]);
        CR_CHECK(s->chaos.ovc[k] == ov, "cycle %ld node %ld: slot %d granted VC %d of port %d, "
                 "the lowest left is %d", t, node, q, s->chaos.ovc[k], want, ov);
        vf[want] &= ~(1u << ov);
        if (!vf[want])
            pf &= ~(1u << (want - 1));
    }
    /* R22.2.4: every IDLE head's request (stage 1), on what the queue left */
    int want_op[TN_MAX_P * TN_MAX_V], want_ov[TN_MAX_P * TN_MAX_V], gated = -1, nfree = 0;
    for (int q = 0; q < Q; q++)
        nfree += !b->qresv[node * Q + q];
    for (int ip = 0; ip < P; ip++)
        for (int iv = 0; iv < V; iv++) {
            const int flat = ip * V + iv;
            const long x_ivc = (node * P + ip) * V + iv;
            want_op[flat] = want_ov[flat] = -1;
            if (b->st[x_ivc] != TN_VC_IDLE || !b->cnt[x_ivc])
                continue;
            const tn_flit *f = tn_iu_front(&s->rt, x_ivc); /* an IDLE VC sends nothing in t */
            if (!f->head)
                continue;
            tn_route_out esc;
            uint32_t prod;
            int hops[TN_MAX_N], op = -1;
            tn_route_adaptive(&s->g, V, cur, f->dst, ip, -1, &esc, &prod, hops);
            if (!prod) {
                op = esc.port;
            } else if (prod & pf) {
                const tn_sel_in in = {tn_sel_rand16(x, flat), hops, age, cnt, used};
                op = 1 + tn_select(sel, prod & pf, &in);
                choices += __builtin_popcount(prod & pf) > 1;
            }
            const int ov = op < 0 ? -1 : cr_rr(vf[op], V, b->va1[x_ivc]);
            if (ov < 0)
                continue;
            want_op[flat] = op;
            want_ov[flat] = ov;
            /* the injection gate: F >= 2, the first at or after inj_ptr */
            if (tn_port_is_term(&s->g, ip) && prod) {
                const int d = (flat - b->inj[node] + P * V) % (P * V);
                if (nfree < 2 || (gated >= 0 && (gated - b->inj[node] + P * V) % (P * V) < d)) {
                    want_op[flat] = -1;
                    continue;
                }
                if (gated >= 0)
                    want_op[gated] = -1;
                gated = flat;
            }
        }
    /* stage 2 per output VC: round robin by va2_ptr over the flat indexes; with transit=on a VC
     * a network input port asks for ignores the terminal ports */
    for (int flat = 0; flat < P * V; flat++) {
        const int ip = flat / V, iv = flat % V;
        const long x_ivc = (node * P + ip) * V + iv;
        int win = -1;
        if (want_op[flat] >= 0) {
            const int op = want_op[flat], ov = want_ov[flat];
            int net = 0;
            for (int r = 0; r < P * V; r++)
                net |= want_op[r] == op && want_ov[r] == ov && !tn_port_is_term(&s->g, r / V);
            const int ptr = b->va2[(node * P + op) * V + ov];
            for (int i = 0; i < P * V && win < 0; i++) {
                const int r = (ptr + i) % (P * V);
                if (want_op[r] == op && want_ov[r] == ov &&
                    !(s->cfg.transit && net && tn_port_is_term(&s->g, r / V)))
                    win = r;
            }
        }
        const int granted = b->st[x_ivc] == TN_VC_IDLE && s->rt.iu.state[x_ivc] == TN_VC_ACTIVE &&
                            s->rt.iu.oport[x_ivc] != P;
        CR_CHECK(granted == (win == flat), "cycle %ld node %ld VC %d: %s, the rules %s (port %d "
                 "VC %d, free ports 0x%x)", t, node, flat, granted ? "granted" : "not granted",
                 win == flat ? "grant it" : "do not", want_op[flat], want_ov[flat], pf);
        if (granted)
            CR_CHECK(s->rt.iu.oport[x_ivc] == want_op[flat] && s->rt.iu.ovc[x_ivc] == want_ov[flat],
                     "cycle %ld node %ld VC %d: granted (%d,%d), the rules give (%d,%d)", t, node,
                     flat, s->rt.iu.oport[x_ivc], s->rt.iu.ovc[x_ivc], want_op[flat], want_ov[flat]);
        /* R22.2.5: a slot only when no productive port was left */
        if (b->st[x_ivc] == TN_VC_IDLE && s->rt.iu.state[x_ivc] == TN_VC_ACTIVE &&
            s->rt.iu.oport[x_ivc] == P)
            CR_CHECK(want_op[flat] < 0 && !tn_port_is_term(&s->g, ip), "cycle %ld node %ld VC "
                     "%d: a slot reserved with port %d left", t, node, flat, want_op[flat]);
    }
    return choices;
}

/* R22.2.2 and R22.2.7 of one node in the cycle the snapshot b starts, written from the contract:
 * each input port's stage-1 winner among its ACTIVE VCs with a flit and room downstream (a credit,
 * a terminal port, or a slot with fewer than buf flits), the read port's slot, stage 2 of every
 * output port over the input ports and the read port (in-transit mask) and the write port; then
 * exactly the winners' VCs and the read port's slot send a flit (their read pointers move).
 * Returns the flits checked. */
static long cr_switch(const tn_sim *s, const cr_snap *b, long node, long t)
{
    const int P = s->P, V = s->V, B = s->B, Q = s->chaos.q, nnet = 2 * s->g.n;
    int w1[TN_MAX_P], tgt[TN_MAX_P], sends[TN_MAX_P] = {0};
    for (int ip = 0; ip < P; ip++) {
        uint32_t req = 0;
        for (int iv = 0; iv < V; iv++) {
            const long x = (node * P + ip) * V + iv;
            const int op = b->op[x], ov = b->ovc[x];
            if (b->st[x] != TN_VC_ACTIVE || !b->cnt[x])
                continue;
            if (op == P ? b->qcnt[node * Q + ov] < B
                        : tn_port_is_term(&s->g, op) || b->cred[(node * P + op) * V + ov])
                req |= 1u << iv;
        }
        w1[ip] = cr_rr(req, V, b->sa1[node * P + ip]);
        tgt[ip] = w1[ip] < 0 ? -1 : b->op[(node * P + ip) * V + w1[ip]];
    }
    uint32_t rq = 0;
    for (int q = 0; q < Q; q++) {
        const long k = node * Q + q;
        const int op = b->qop[k];
        if (b->qact[k] && b->qcnt[k] &&
            (tn_port_is_term(&s->g, op) || b->cred[(node * P + op) * V + b->qovc[k]]))
            rq |= 1u << q;
    }
    const int rslot = cr_rr(rq, Q, b->rdp[node]);
    int rd_sends = 0;
    for (int op = 0; op < P; op++) {
        uint32_t r = 0, net = 1u << P; /* index P: the read port */
        for (int ip = 0; ip < P; ip++) {
            r |= (uint32_t)(tgt[ip] == op) << ip;
            net |= (uint32_t)(ip >= 1 && ip <= nnet) << ip;
        }
        if (rslot >= 0 && b->qop[node * Q + rslot] == op)
            r |= 1u << P;
        if (s->cfg.transit && (r & net))
            r &= net;
        const int w = cr_rr(r, P + 1, b->sa2q[node * P + op]);
        if (w == P)
            rd_sends = 1;
        else if (w >= 0)
            sends[w] = 1;
    }
    uint32_t wq = 0;
    for (int ip = 0; ip < P; ip++)
        wq |= (uint32_t)(tgt[ip] == P) << ip;
    const int wr = cr_rr(wq, P, b->wr[node]);
    if (wr >= 0)
        sends[wr] = 1;
    long flits = 0;
    for (int ip = 0; ip < P; ip++)
        for (int iv = 0; iv < V; iv++) {
            const long x = (node * P + ip) * V + iv;
            const int sent = s->rt.iu.rd[x] != b->rd[x], want = sends[ip] && iv == w1[ip];
            flits += sent;
            CR_CHECK(sent == want, "cycle %ld node %ld VC %d: %s a flit, the rules say it %s "
                     "(stage 1 winner %d, target %d)", t, node, ip * V + iv,
                     sent ? "sent" : "did not send", want ? "sends" : "does not", w1[ip],
                     tgt[ip]);
        }
    for (int q = 0; q < Q; q++) {
        const int sent = s->chaos.rd[node * Q + q] != b->qrd[node * Q + q];
        const int want = rd_sends && q == rslot;
        flits += sent;
        CR_CHECK(sent == want, "cycle %ld node %ld slot %d: %s a flit, the rules say it %s", t,
                 node, q, sent ? "sent" : "did not send", want ? "sends" : "does not");
    }
    return flits;
}

static void chaos_rules_run(int k, int n, const char *traffic, const char *sel, int transit,
                            long *grants, long *resv, long *writes, long *reads, long *choices,
                            long *flits)
{
    tn_config c = base(k, n);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", "chaos", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "traffic", traffic, err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "selection", sel, err, sizeof err), 0);
    c.vcs = 3;
    c.buf = 4;
    c.chaos_q = 3;
    c.chaos_wait = 2;
    c.transit = transit;
    c.load = 0.5; /* the most one injection channel carries: past saturation */
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    const int P = s->P, V = s->V, Q = s->chaos.q, PV = P * V;
    const long nodes = s->g.nodes, nslot = nodes * P, nivc = nslot * V, nq = nodes * Q;
    cr_snap b;
    cr_alloc(&b, nivc, nslot, nq, nodes);
    for (long t = 0; t < 3000; t++) {
        for (int node = 0; node < nodes; node++)
            tn_router_sel_sync(&s->rt, node, s->cycle); /* what the step does first for a router it does not skip */
        cr_take(&b, s, nivc, nslot, nq, nodes);
        tn_sim_step(s);
        for (long node = 0; node < nodes; node++) {
            *choices += cr_choice(s, &b, node, t);
            *flits += cr_switch(s, &b, node, t);
            int ninj = 0, nres = 0, nwr = 0, lowest_free = -1;
            for (int q = Q - 1; q >= 0; q--)
                if (!b.qresv[node * Q + q])
                    lowest_free = q;
            for (int ip = 0; ip < P; ip++)
                for (int iv = 0; iv < V; iv++) {
                    const long x = (node * P + ip) * V + iv;
                    const int flat = ip * V + iv;
                    const int term = tn_port_is_term(&s->g, ip);
                    /* R22.2.4 and R22.2.5: IDLE -> ACTIVE is a grant or a reservation */
                    if (b.st[x] == TN_VC_IDLE && s->rt.iu.state[x] == TN_VC_ACTIVE) {
                        const int op = s->rt.iu.oport[x], ov = s->rt.iu.ovc[x];
                        if (op == P) {
                            nres++, ++*resv;
                            CR_CHECK(!term, "cycle %ld node %ld: injection VC %d reserved a slot",
                                     t, node, flat);
                            CR_CHECK(ov == lowest_free, "cycle %ld node %ld: slot %d reserved, "
                                     "the lowest free is %d", t, node, ov, lowest_free);
                            CR_CHECK(s->chaos.in_ptr[node] == (flat + 1) % PV,
                                     "cycle %ld node %ld: in_ptr %u after VC %d reserved", t, node,
                                     s->chaos.in_ptr[node], flat);
                        } else {
                            ++*grants;
                            const long o = (node * P + op) * V + ov;
                            CR_CHECK(s->chaos.va1_ptr[x] == (ov + 1) % V,
                                     "cycle %ld node %ld VC %d: va1_ptr %u after a grant of VC %d",
                                     t, node, flat, s->chaos.va1_ptr[x], ov);
                            CR_CHECK(s->chaos.va2_ptr[o] == (flat + 1) % PV,
                                     "cycle %ld node %ld output VC (%d,%d): va2_ptr %u after "
                                     "granting input VC %d", t, node, op, ov, s->chaos.va2_ptr[o],
                                     flat);
                            CR_CHECK(!(b.busy[node * P + op] >> ov & 1u),
                                     "cycle %ld node %ld: busy output VC (%d,%d) granted", t, node,
                                     op, ov);
                            if (term && !tn_port_is_term(&s->g, op)) {
                                ninj++;
                                CR_CHECK(s->chaos.inj_ptr[node] == (flat + 1) % PV,
                                         "cycle %ld node %ld: inj_ptr %u after injecting VC %d", t,
                                         node, s->chaos.inj_ptr[node], flat);
                            }
                        }
                    }
                    /* R22.2.6: hwait counts the cycles a head waits IDLE without a grant */
                    const int waited = b.cnt[x] && b.st[x] == TN_VC_IDLE &&
                                       s->rt.iu.state[x] == TN_VC_IDLE;
                    const int hw_want = waited ? (b.hw[x] < 65535 ? b.hw[x] + 1 : 65535) : 0;
                    CR_CHECK(s->chaos.hwait[x] == hw_want,
                             "cycle %ld node %ld VC %d: hwait %u, was %u (waited %d)", t, node,
                             flat, s->chaos.hwait[x], b.hw[x], waited);
                    /* R22.2.7: a VC that moves into the queue and pops a flit won the write port */
                    if (b.st[x] == TN_VC_ACTIVE && b.op[x] == P && s->rt.iu.rd[x] != b.rd[x]) {
                        nwr++, ++*writes;
                        CR_CHECK(s->chaos.wr_ptr[node] == (ip + 1) % P,
                                 "cycle %ld node %ld: wr_ptr %u after a write from port %d", t,
                                 node, s->chaos.wr_ptr[node], ip);
                        CR_CHECK(s->rt.as.sa1_ptr[node * P + ip] == (iv + 1) % V,
                                 "cycle %ld node %ld: sa1_ptr[%d] %u after a write from VC %d", t,
                                 node, ip, s->rt.as.sa1_ptr[node * P + ip], iv);
                    }
                }
            CR_CHECK(ninj <= 1 && nres <= 1 && nwr <= 1,
                     "cycle %ld node %ld: %d injections, %d reservations, %d writes", t, node,
                     ninj, nres, nwr);
            if (!ninj)
                CR_CHECK(s->chaos.inj_ptr[node] == b.inj[node], "cycle %ld node %ld: inj_ptr "
                         "moved without an injection", t, node);
            if (!nres)
                CR_CHECK(s->chaos.in_ptr[node] == b.in[node], "cycle %ld node %ld: in_ptr moved "
                         "without a reservation", t, node);
            if (!nwr)
                CR_CHECK(s->chaos.wr_ptr[node] == b.wr[node], "cycle %ld node %ld: wr_ptr moved "
                         "without a write", t, node);
            /* R22.2.7: the read port sends one slot's front flit; rd_ptr moves past that slot */
            int nrd = 0;
            for (int q = 0; q < Q; q++)
                if (s->chaos.rd[node * Q + q] != b.qrd[node * Q + q]) {
                    nrd++, ++*reads;
                    CR_CHECK(s->chaos.rd_ptr[node] == (q + 1) % Q,
                             "cycle %ld node %ld: rd_ptr %u after a read of slot %d", t, node,
                             s->chaos.rd_ptr[node], q);
                }
            CR_CHECK(nrd <= 1, "cycle %ld node %ld: %d slots read", t, node, nrd);
            if (!nrd)
                CR_CHECK(s->chaos.rd_ptr[node] == b.rdp[node], "cycle %ld node %ld: rd_ptr moved "
                         "without a read", t, node);
        }
        CR_CHECK(!tn_sim_router_errors(s) && !tn_sim_check_errors(s), "cycle %ld: errors", t);
    }
    cr_free(&b);
    tn_sim_free(s);
}

static void test_chaos_rules(void **st_)
{
    (void)st_;
    /* every selection function at least once; on the ring a head has one productive port (its
     * choices are deroutings between the two directions), on the 4x4 two in most cycles */
    static const struct {
        int k, n;
        const char *traffic, *sel;
        int transit;
    } cases[] = {
        {4, 2, "uniform", "sq", 0},       {4, 2, "uniform", "random", 1},
        {8, 1, "tornado", "sq", 0},       {8, 1, "tornado", "random", 1},
        {4, 2, "uniform", "ldsf", 1},     {4, 2, "uniform", "lru", 0},
        {4, 2, "transpose", "zigzag", 0}, {4, 2, "bitrev", "dor", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long g = 0, r = 0, w = 0, rd = 0, ch = 0, fl = 0;
        chaos_rules_run(cases[i].k, cases[i].n, cases[i].traffic, cases[i].sel,
                        cases[i].transit, &g, &r, &w, &rd, &ch, &fl);
        print_message("chaos rules k=%d n=%d %s %s transit=%d: %ld grants, %ld selections of two "
                      "or more ports, %ld reservations, %ld writes, %ld reads, %ld flits sent "
                      "checked\n", cases[i].k, cases[i].n, cases[i].traffic, cases[i].sel,
                      cases[i].transit, g, ch, r, w, rd, fl);
        /* the run reaches every rule many times, or it checks nothing */
        if (g < 1000 || r < 50 || w < 100 || rd < 100 || fl < 10000 ||
            ch < (cases[i].n > 1 ? 1000 : 10))
            fail_msg("k=%d n=%d %s %s transit=%d: too few events", cases[i].k, cases[i].n,
                     cases[i].traffic, cases[i].sel, cases[i].transit);
    }
}

static void test_chaos_bad_config(void **st_)
{
    (void)st_;
    expect_bad("chaos_q", "1", "2..64");
    expect_bad("chaos_q", "65", "2..64");
    expect_bad("chaos_wait", "-1", "0..65535");
    expect_bad("chaos_wait", "x", "0..65535");
    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    c.routing = TN_ROUTE_CHAOS;
    c.vcs = 1; /* no VC classes needed */
    c.pkt_min = 2;
    c.pkt_max = 12;
    assert_int_equal(tn_config_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "'buf'"));
    assert_non_null(strstr(err, "'8'"));
    assert_non_null(strstr(err, "12..64"));
    c.buf = 12;
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
    char rep[1024];
    c.load = 0;
    assert_int_equal(tn_deadlock_check(&c, rep, sizeof rep), -1);
    assert_non_null(strstr(rep, "does not apply"));
    assert_non_null(strstr(rep, "chaos"));
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chaos_past_saturation),
        cmocka_unit_test(test_chaos_low_load_minimal),
        cmocka_unit_test(test_chaos_zero_load),
        cmocka_unit_test(test_chaos_determinism),
        cmocka_unit_test(test_chaos_worked_trace),
        cmocka_unit_test(test_chaos_queue_trace),
        cmocka_unit_test(test_chaos_rules),
        cmocka_unit_test(test_chaos_bad_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
