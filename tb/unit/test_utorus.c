/* SPDX-License-Identifier: MIT */
/* Checks of the unidirectional torus (topo=utorus, C model only; docs/microarchitecture.md
 * section 24) and of hotspot traffic with hot_others=on (docs/traffic.md): the geometry and the
 * credit wire's upstream node, DOR's and MIN AD's routes (ports, hop counts, dateline classes)
 * against a walk along each ring computed here, the configurations refused, the channel
 * dependency graph, the zero-load latency, runs past saturation that drain without the watchdog,
 * and the hot-spot share measured against its binomial interval. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "sim_util.h"

static tn_config ucfg(int k, int n, int vcs)
{
    tn_config c = base(k, n);
    c.topo = TN_TOPO_UTORUS;
    c.vcs = vcs;
    return c;
}

/* A hop from c toward t in + direction is class 0 when a later hop of the walk c+1 .. t leaves
 * coordinate k-1 (the wrap link k-1 -> 0 is still ahead); computed by walking the ring. */
static int wrap_ahead(int k, int c, int t)
{
    for (int x = (c + 1) % k; x != t; x = (x + 1) % k)
        if (x == k - 1)
            return 1;
    return 0;
}

/* Output +d of (..c_d..) drives input -d of (..c_d+1 mod k..); output -d drives nothing; the
 * upstream of input -d is (..c_d-1 mod k..), input +d has none. */
static void test_utorus_geometry(void **st)
{
    (void)st;
    for (int n = 1; n <= 3; n++)
        for (int k = 2; k <= 8; k++) {
            tn_config c = ucfg(k, n, 2);
            tn_geom g;
            assert_int_equal(tn_geom_init(&g, &c), 0);
            assert_int_equal(g.ports, 2 * n + 1);
            for (int v = 0; v < g.nodes; v++)
                for (int d = 0, stride = 1; d < n; d++, stride *= k) {
                    int cd = v / stride % k;
                    int up = v + (((cd + 1) % k) - cd) * stride;
                    int dn = v + (((cd + k - 1) % k) - cd) * stride;
                    assert_int_equal(g.nbr[v * g.ports + tn_port_plus(d)], up);
                    assert_int_equal(g.nbr[v * g.ports + tn_port_minus(d)], -1);
                    assert_int_equal(tn_upstream(&g, v, tn_port_minus(d)), dn);
                    assert_int_equal(tn_upstream(&g, v, tn_port_plus(d)), -1);
                }
            tn_geom_free(&g);
        }
}

/* DOR (R24.2): from every source to every destination the walk takes +d ports only, dimensions in
 * ascending order, (t_d - c_d) mod k hops in dimension d, each hop on [0, V0) while the wrap link
 * is still ahead and on [V0, V) otherwise (V0 = max(1, V/4)), and ejects on port 0. */
static void test_utorus_dor_routes(void **st)
{
    (void)st;
    long hops_checked = 0;
    static const int vcs_set[] = {2, 4, 8};
    for (int n = 1; n <= 3; n++)
        for (int k = 2; k <= 8; k++)
            for (int vi = 0; vi < 3; vi++) {
                int V = vcs_set[vi], V0 = V / 4 > 1 ? V / 4 : 1;
                tn_config c = ucfg(k, n, V);
                tn_geom g;
                assert_int_equal(tn_geom_init(&g, &c), 0);
                for (int src = 0; src < g.nodes; src++)
                    for (int dst = 0; dst < g.nodes; dst++) {
                        int cur = src, in_port = 0, last_dim = 0, hops = 0, want = 0;
                        int ct[TN_MAX_N], cs[TN_MAX_N];
                        tn_coords(&g, dst, ct);
                        tn_coords(&g, src, cs);
                        for (int d = 0; d < n; d++)
                            want += (ct[d] - cs[d] + k) % k;
                        for (;;) {
                            int cc[TN_MAX_N];
                            tn_route_out ro;
                            tn_coords(&g, cur, cc);
                            tn_route_dor(&g, V, cc, tn_addr_of(&g, dst), in_port, &ro);
                            if (tn_port_is_term(&g, ro.port)) {
                                assert_int_equal(ro.port, 0);
                                assert_int_equal(cur, dst);
                                break;
                            }
                            assert_true(ro.port & 1); /* a + port */
                            int d = (ro.port - 1) / 2;
                            assert_true(d >= last_dim);
                            last_dim = d;
                            int cls0 = wrap_ahead(k, cc[d], ct[d]);
                            if (ro.vc_lo != (cls0 ? 0 : V0) || ro.vc_hi != (cls0 ? V0 : V))
                                fail_msg("K=%d N=%d V=%d %d -> %d at %d: VCs [%d,%d), want "
                                         "class %d", k, n, V, src, dst, cur, ro.vc_lo, ro.vc_hi,
                                         !cls0);
                            cur = g.nbr[cur * g.ports + ro.port];
                            in_port = tn_port_opposite(ro.port);
                            assert_true(++hops <= want);
                            hops_checked++;
                        }
                        assert_int_equal(hops, want);
                    }
                tn_geom_free(&g);
            }
    assert_true(hops_checked > 100000);
}

/* MIN AD (R24.3): the productive ports are +d of every dimension with an offset, the hops left
 * (t_d - c_d) mod k, the escape route +d of the lowest such dimension on escape VC 0 while the
 * wrap link is ahead, VC 1 otherwise; at the destination the ejection port and none productive. */
static void test_utorus_adaptive_routes(void **st)
{
    (void)st;
    for (int n = 1; n <= 3; n++)
        for (int k = 2; k <= 8; k++) {
            tn_config c = ucfg(k, n, 3);
            tn_geom g;
            assert_int_equal(tn_geom_init(&g, &c), 0);
            assert_int_equal(tn_escape_vcs(&g), 2);
            for (int src = 0; src < g.nodes; src++)
                for (int dst = 0; dst < g.nodes; dst++) {
                    int cs[TN_MAX_N], ct[TN_MAX_N], hops[TN_MAX_N];
                    uint32_t prod, want_prod = 0;
                    tn_route_out esc;
                    tn_coords(&g, src, cs);
                    tn_coords(&g, dst, ct);
                    tn_route_adaptive(&g, 3, cs, tn_addr_of(&g, dst), 0, -1, &esc, &prod, hops);
                    int esc_dim = -1;
                    for (int d = 0; d < n; d++) {
                        assert_int_equal(hops[d], (ct[d] - cs[d] + k) % k);
                        if (cs[d] != ct[d]) {
                            want_prod |= 1u << (2 * d);
                            if (esc_dim < 0)
                                esc_dim = d;
                        }
                    }
                    assert_int_equal(prod, want_prod);
                    if (esc_dim < 0) {
                        assert_int_equal(esc.port, 0);
                        continue;
                    }
                    int vc = wrap_ahead(k, cs[esc_dim], ct[esc_dim]) ? 0 : 1;
                    assert_int_equal(esc.port, tn_port_plus(esc_dim));
                    assert_int_equal(esc.vc_lo, vc);
                    assert_int_equal(esc.vc_hi, vc + 1);
                }
            tn_geom_free(&g);
        }
}

static void check_refused(const tn_config *c, const char *want)
{
    char err[TN_ERRLEN] = "";
    if (!tn_config_check(c, err, sizeof err))
        fail_msg("accepted, want \"%s\"", want);
    if (!strstr(err, want))
        fail_msg("got \"%s\", want it to contain \"%s\"", err, want);
}

/* The routings other than dor and minad are refused on a utorus, naming the key, the value and
 * what is allowed; the least V is 2 (dor) and 3 (minad), 1 and 2 with dateline=off; the capacity
 * is 2/(k-1) flits/node/cycle; the channel dependency graph is acyclic with the dateline classes
 * and has a cycle without them. */
static void test_utorus_config(void **st)
{
    (void)st;
    static const char *const bad[] = {"val", "goal", "gal", "chaos", "acor"};
    char err[TN_ERRLEN], want[256], rep[4096];
    for (int i = 0; i < 5; i++) {
        tn_config c = ucfg(8, 2, 8);
        assert_int_equal(tn_config_set(&c, "routing", bad[i], err, sizeof err), 0);
        snprintf(want, sizeof want, "key 'routing': value '%s' is not built for the "
                 "unidirectional torus", bad[i]);
        check_refused(&c, want);
        check_refused(&c, "allowed with topo=utorus: dor minad");
    }
    tn_config c = ucfg(8, 2, 1);
    check_refused(&c, "key 'vcs': value '1' is too few for routing=dor on a utorus; allowed: "
                      "2..16");
    c.routing = TN_ROUTE_MINAD;
    c.vcs = 2;
    check_refused(&c, "key 'vcs': value '2' is too few for routing=minad on a utorus; allowed: "
                      "3..16");
    c.vcs = 3;
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
    c.dateline = 0;
    c.vcs = 2;
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
    for (int k = 2; k <= 16; k++) {
        tn_config u = ucfg(k, 2, 2);
        double cap = tn_capacity(&u);
        assert_true(fabs(cap - 2.0 / (k - 1)) < 1e-15);
    }
    for (int n = 1; n <= 2; n++)
        for (int k = 3; k <= 8; k++)
            for (int r = 0; r < 2; r++) {
                tn_config u = ucfg(k, n, r ? 3 : 2);
                u.routing = r ? TN_ROUTE_MINAD : TN_ROUTE_DOR;
                int rc = tn_deadlock_check(&u, rep, sizeof rep);
                if (rc != 0)
                    fail_msg("K=%d N=%d %s: %d %s", k, n, tn_routing_name(u.routing), rc, rep);
                u.dateline = 0;
                u.vcs = r ? 2 : 1;
                rc = tn_deadlock_check(&u, rep, sizeof rep);
                if (rc != 1) /* every ring of 3 or more nodes is a cycle of one class */
                    fail_msg("K=%d N=%d %s dateline=off: %d %s", k, n,
                             tn_routing_name(u.routing), rc, rep);
            }
}

/* R14.1.1 on a utorus: T0 = 2H + L + 2 with H the sum over dimensions of (t_d - c_d) mod k. */
static void test_utorus_zero_load(void **st)
{
    (void)st;
    static const int cases[][5] = {/* k, n, src, dst, len */
                                   {8, 2, 1, 0, 4},  {8, 2, 0, 63, 32}, {8, 2, 9, 9, 1},
                                   {8, 3, 7, 0, 64}, {5, 2, 3, 1, 8}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = ucfg(cases[i][0], cases[i][1], 3);
        c.routing = i & 1 ? TN_ROUTE_MINAD : TN_ROUTE_DOR;
        c.pkt_min = c.pkt_max = 64;
        char err[TN_ERRLEN];
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        if (!s)
            fail_msg("%s", err);
        last_pkt l = {0};
        tn_sim_on_deliver(s, on_deliver, &l);
        for (int j = 0; j < 5; j++)
            tn_sim_step(s);
        long t0 = tn_sim_cycle(s);
        int src = cases[i][2], dst = cases[i][3], len = cases[i][4];
        assert_int_equal(tn_sim_inject(s, src, dst, len), 0);
        while (!l.count && tn_sim_cycle(s) < t0 + 2000)
            tn_sim_step(s);
        assert_int_equal(l.count, 1);
        int cs[TN_MAX_N], ct[TN_MAX_N], h = 0;
        tn_coords(tn_sim_geom(s), src, cs);
        tn_coords(tn_sim_geom(s), dst, ct);
        for (int d = 0; d < cases[i][1]; d++)
            h += (ct[d] - cs[d] + cases[i][0]) % cases[i][0];
        assert_int_equal(l.r.hops, h);
        assert_int_equal(l.r.ejected - l.r.created, 2 * h + len + 2);
        assert_int_equal(tn_sim_check_errors(s), 0);
        assert_int_equal(tn_sim_router_errors(s), 0);
        tn_sim_free(s);
    }
}

typedef struct hop_check {
    const tn_geom *g;
    long packets, wrong_hops, to_self, to_hot, from_plain, from_hot, hot_to_hot;
    int hot;
} hop_check;

static void on_deliver_hops(void *user, const tn_pkt_record *p)
{
    hop_check *h = user;
    int cs[TN_MAX_N], ct[TN_MAX_N], want = 0;
    tn_coords(h->g, p->src, cs);
    tn_coords(h->g, p->dst, ct);
    for (int d = 0; d < h->g->n; d++)
        want += (ct[d] - cs[d] + h->g->k) % h->g->k;
    h->packets++;
    h->wrong_hops += p->hops != want;
    h->to_self += p->src == p->dst;
    if (p->src == h->hot) {
        h->from_hot++;
        h->hot_to_hot += p->dst == h->hot;
    } else {
        h->from_plain++;
        h->to_hot += p->dst == h->hot;
    }
}

/* Past saturation (load 1.0 of capacity, and 1.4 for the hot spot) with messages longer than the
 * buffers, DOR and MIN AD on utori of 1 to 3 dimensions drain: the watchdog never fires, every
 * packet is delivered exactly once and intact, and every packet made the minimal (the only)
 * number of hops. */
static void test_utorus_past_saturation(void **st)
{
    (void)st;
    static const struct { int k, n, vcs, buf, pkt, routing; const char *traffic; double load; }
        cases[] = {
            {8, 1, 3, 4, 32, TN_ROUTE_MINAD, "uniform", 1.0},
            {4, 2, 3, 4, 32, TN_ROUTE_MINAD, "uniform", 1.0},
            {8, 2, 5, 8, 64, TN_ROUTE_MINAD, "hotspot", 1.4},
            {8, 2, 2, 4, 32, TN_ROUTE_DOR, "uniform", 1.0},
            {4, 3, 3, 2, 32, TN_ROUTE_MINAD, "hotspot", 1.4},
            {8, 2, 3, 4, 8, TN_ROUTE_MINAD, "transpose", 1.0},
        };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = ucfg(cases[i].k, cases[i].n, cases[i].vcs);
        char err[TN_ERRLEN];
        c.routing = cases[i].routing;
        c.buf = cases[i].buf;
        c.pkt_min = c.pkt_max = cases[i].pkt;
        assert_int_equal(tn_config_set(&c, "traffic", cases[i].traffic, err, sizeof err), 0);
        if (c.traffic == TN_TR_HOTSPOT) {
            c.hot_frac = 0.24;
            c.hot_others = 1;
        }
        c.load = cases[i].load;
        c.warmup = 500;
        c.measure = 2000;
        c.watchdog = 2000;
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        if (!s)
            fail_msg("%s", err);
        hop_check h = {.g = tn_sim_geom(s), .hot = 0};
        tn_sim_on_deliver(s, on_deliver_hops, &h);
        tn_stats sst;
        int rc = tn_sim_run(s, &sst);
        if (rc || sst.deadlocked || sst.injected != sst.delivered || sst.check_errors ||
            sst.router_errors || h.wrong_hops || h.packets != sst.delivered)
            fail_msg("case %zu: rc %d deadlocked %d injected %ld delivered %ld (%ld seen) errors "
                     "%ld/0x%x, %ld packets off the minimal hop count: %s %s", i, rc,
                     sst.deadlocked, sst.injected, sst.delivered, h.packets, sst.check_errors,
                     sst.router_errors, h.wrong_hops, tn_sim_first_error(s),
                     tn_sim_deadlock_report(s));
        assert_true(sst.saturated);
        assert_true(sst.injected > 200);
        tn_sim_free(s);
    }
}

/* The hot-spot share (docs/traffic.md, hot_others): over a run, the packets of the sources other
 * than the hot node go to it with probability h + (1-h)/(N-1) under hot_others=on and
 * h + (1-h)/N under off; the measured share lies in the 99.9 % binomial interval (normal
 * approximation, 3.29 standard deviations) of its count. Under on no packet goes to its own
 * source and the hot node sends none to itself; under off both happen. */
static void hot_share_case(int hot_others, double h, int hot)
{
    tn_config c = ucfg(8, 2, 3);
    char err[TN_ERRLEN];
    c.routing = TN_ROUTE_MINAD;
    c.pkt_min = c.pkt_max = 4;
    c.traffic = TN_TR_HOTSPOT;
    c.hot_frac = h;
    c.hot[0] = hot;
    c.hot_others = hot_others;
    c.load = 0.15;
    c.warmup = 0;
    c.measure = 20000;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    hop_check hc = {.g = tn_sim_geom(s), .hot = hot};
    tn_sim_on_deliver(s, on_deliver_hops, &hc);
    tn_stats sst;
    assert_int_equal(tn_sim_run(s, &sst), 0);
    double N = 64, p = hot_others ? h + (1 - h) / (N - 1) : h + (1 - h) / N;
    double n = (double)hc.from_plain, mean = n * p, sd = sqrt(n * p * (1 - p));
    if (!(n > 10000 && fabs((double)hc.to_hot - mean) < 3.29 * sd))
        fail_msg("hot_others=%d h=%.2f: %ld of %ld packets to the hot node, want %.1f +- %.1f",
                 hot_others, h, hc.to_hot, hc.from_plain, mean, 3.29 * sd);
    if (hot_others) {
        assert_int_equal(hc.to_self, 0);
        assert_int_equal(hc.hot_to_hot, 0);
        assert_true(hc.from_hot > 100);
    } else {
        assert_true(hc.to_self > 0);
        assert_true(hc.hot_to_hot > 0);
    }
    tn_sim_free(s);
}

static void test_hot_share(void **st)
{
    (void)st;
    hot_share_case(1, 0.08, 0);
    hot_share_case(1, 0.24, 27);
    hot_share_case(0, 0.24, 27);
}

/* hot_others=on takes the two draws of every hotspot packet (docs/traffic.md section 3): the
 * hot-or-not draw, then below(n_hot) or below(N-1), and a hot source's first draw is read by
 * nobody; the uniform branch skips the source (j >= src is j + 1). */
static void test_hot_others_draws(void **st)
{
    (void)st;
    tn_config c = ucfg(4, 2, 2);
    c.traffic = TN_TR_HOTSPOT;
    c.hot_others = 1;
    c.hot_frac = 0.5;
    c.n_hot = 2;
    c.hot[0] = 5;
    c.hot[1] = 9;
    tn_geom g;
    tn_traffic_gen t;
    char err[TN_ERRLEN];
    assert_int_equal(tn_geom_init(&g, &c), 0);
    assert_int_equal(tn_traffic_init(&t, &c, &g, err, sizeof err), 0);
    for (int i = 0; i < 4000; i++) {
        int src = i % 16;
        tn_rng r = {tn_seed_stream(3, TN_STREAM_TRAFFIC, (uint32_t)i)}, q = r;
        int d = tn_traffic_dest(&t, &g, src, &r);
        uint32_t x = tn_rng_next(&q);
        int want;
        if (src != 5 && src != 9 && (uint64_t)x < 0x80000000u) {
            want = c.hot[tn_rng_below(&q, 2)];
        } else {
            int j = (int)tn_rng_below(&q, 15);
            want = j >= src ? j + 1 : j;
        }
        assert_int_equal(d, want);
        assert_int_equal(r.s, q.s);
        assert_true(d != src);
    }
    tn_traffic_free(&t);
    tn_geom_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utorus_geometry),     cmocka_unit_test(test_utorus_dor_routes),
        cmocka_unit_test(test_utorus_adaptive_routes), cmocka_unit_test(test_utorus_config),
        cmocka_unit_test(test_utorus_zero_load),    cmocka_unit_test(test_utorus_past_saturation),
        cmocka_unit_test(test_hot_share),           cmocka_unit_test(test_hot_others_draws),
    };
    return cmocka_run_group_tests_name("utorus", tests, NULL, NULL);
}
