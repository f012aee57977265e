/* SPDX-License-Identifier: MIT */
/* Checks of the non-minimal routing families in the simulator: VAL, GOAL and GAL deliver
 * every packet intact with the path lengths their rules imply, GOAL's and VAL's exact hop
 * distributions, GAL's queue bound, its channel per quadrant, its adaptive threshold and
 * four dimensions. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h's trace_sim_cfg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

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

/* R21.8: gal_queue_occ[q] is the sum over the window's cycles of the packets in quadrant q's
 * queues of all nodes, read at the end of each cycle, over nodes x measure; summed here from
 * every cycle's end (tn_sim_on_cycle). */
struct occ_obs { long lo, hi, sum[16]; };
static void occ_cycle(void *user, const tn_sim *s)
{
    struct occ_obs *o = user;
    long t = tn_sim_cycle(s) - 1; /* the cycle that just ended */
    if (t >= o->lo && t < o->hi)
        for (int q = 0; q < s->gal.quads; q++)
            o->sum[q] += s->gal.qtot[q];
}

/* GAL and GOAL at the largest dimension count (N = 4, 16 quadrants) on the 3-ary 4-cube, one
 * set per direction: every packet delivered intact, each of the 16 quadrants' mean queue
 * occupancy within the queues' bounds and equal to its sum from every cycle's end, and some
 * packets queued in a non-minimal quadrant under tornado traffic past the threshold. */
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
        struct occ_obs o = {c.warmup, c.warmup + c.measure, {0}};
        tn_sim *s = tn_sim_new(&c, err, sizeof err);
        if (s)
            tn_sim_on_cycle(s, occ_cycle, &o);
        tn_stats st = run_watched(s, err, NULL, NULL);
        assert_int_equal(st.injected, st.delivered);
        assert_int_equal(st.check_errors + st.router_errors, 0);
        assert_true(st.injected > 1000);
        assert_true(st.nonmin_frac > 0);
        assert_int_equal(st.gal_quads, i ? 0 : 16);
        double sum = 0;
        for (int q = 0; q < st.gal_quads; q++) {
            if (!(st.gal_queue_occ[q] >= 0 && st.gal_queue_occ[q] <= 16.0 * c.gal_qdepth))
                fail_msg("quadrant %d: mean occupancy %g per node", q, st.gal_queue_occ[q]);
            double want = (double)o.sum[q] / ((double)s->g.nodes * (double)c.measure);
            if (st.gal_queue_occ[q] != want)
                fail_msg("quadrant %d: mean occupancy %.9g, from every cycle's end %.9g", q,
                         st.gal_queue_occ[q], want);
            sum += st.gal_queue_occ[q];
        }
        assert_true(i || sum > 0);
        tn_sim_free(s);
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

/* R21.4 at the tie: on the 4-node ring, node 0 to node 2 (offset K/2) has one minimal quadrant,
 * the parity rule's, although the other direction is as short. The first packet goes to it
 * (every queue empty); the second does too, although that queue now holds one packet and the
 * other none: one is below T = 2, and the other queue is not minimal (were both minimal, the
 * emptier one would be the minimal queue). From node 1 to node 3 the parity rule gives the other
 * direction. A third packet 0 -> 2 finds its minimal queue at T and takes the other quadrant. */
static void test_gal_tie_quadrant(void **st_)
{
    (void)st_;
    tn_config c = base(4, 1);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", "gal", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "gal_sets", "1", err, sizeof err), 0);
    c.vcs = 4;
    c.gal_t = 2;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    tn_pending p = {.created = 0, .dst = 2, .len = 1};
    int q0 = tn_gal_enqueue(&s->gal, 0, &p), q1 = tn_gal_enqueue(&s->gal, 0, &p);
    assert_true(q0 == 1 || q0 == 2); /* set 0: 1 + the quadrant */
    assert_int_equal(q1, q0);
    p.dst = 3; /* node 1 to 3: the tie again, from an odd node */
    int r0 = tn_gal_enqueue(&s->gal, 1, &p), r1 = tn_gal_enqueue(&s->gal, 1, &p);
    assert_int_equal(r1, r0);
    assert_int_not_equal(r0, q0); /* the parity rule: the other direction from an odd node */
    /* the threshold reached (2 packets, T = 2): the third takes the other quadrant */
    p.dst = 2;
    assert_int_equal(tn_gal_enqueue(&s->gal, 0, &p), 3 - q0);
    tn_sim_free(s);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gal_queue_limit),
        cmocka_unit_test(test_val_goal_gal_deliver),
        cmocka_unit_test(test_gal_threshold),
        cmocka_unit_test(test_gal_tie_quadrant),
        cmocka_unit_test(test_gal_channel_per_quadrant),
        cmocka_unit_test(test_goal_val_hop_distribution),
        cmocka_unit_test(test_gal_four_dims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
