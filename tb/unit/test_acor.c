/* SPDX-License-Identifier: MIT */
/* ACOR's blocks (cmodel/hw/acor.c, docs/acor.md): the level machine on scripted event sequences
 * (cycle-exact rise and fall, restart on rise and at every interval end, one step per cycle, the
 * 2- and 3-level sequences, the per-packet level) and each restriction set's draw (every allowed
 * node reachable, none outside, uniform within chi-square bounds). */
#include "tn_test.h"
#include "tn_internal.h"
#include <math.h>
#include <stdlib.h>

/* Run the machine over events[0..n-1]; levels[t] = the level visible in cycle t+1. */
static void run(const tn_acor_cfg *c, const uint32_t *events, int n, int *levels)
{
    tn_acor_lvl l, nx;
    tn_acor_reset(c, &l);
    for (int t = 0; t < n; t++) {
        tn_acor_step(c, &l, events[t], &nx);
        l = nx;
        levels[t] = l.level;
    }
}

static void test_rise_at_once_and_restart(void **st)
{
    (void)st;
    /* 3 levels, HI 10, IT 3/5, DT 1/2 */
    tn_acor_cfg c = {3, 10, {3, 5}, {1, 2}};
    uint32_t ev[8] = {1, 1, 1, 0, 0, 0, 0, 0}; /* the count reaches 3 in cycle 2 */
    int lv[8];
    run(&c, ev, 8, lv);
    assert_int_equal(lv[0], 0);
    assert_int_equal(lv[1], 0);
    assert_int_equal(lv[2], 1); /* visible from cycle 3: rose at the end of cycle 2 */
    assert_int_equal(lv[7], 1);
    /* after the rise the counter restarted: 4 more events do not reach IT(1) = 5 */
    tn_acor_lvl l, nx;
    tn_acor_reset(&c, &l);
    for (int t = 0; t < 3; t++) {
        tn_acor_step(&c, &l, 1, &nx);
        l = nx;
    }
    assert_int_equal(l.level, 1);
    assert_int_equal(l.cnt, 0);
    assert_int_equal(l.tmr, 10); /* the interval restarted too */
    for (int t = 0; t < 4; t++) {
        tn_acor_step(&c, &l, 1, &nx);
        l = nx;
    }
    assert_int_equal(l.level, 1);
    assert_int_equal(l.cnt, 4);
    tn_acor_step(&c, &l, 1, &nx); /* the fifth: up to the top */
    assert_int_equal(nx.level, 2);
}

static void test_one_step_per_cycle(void **st)
{
    (void)st;
    tn_acor_cfg c = {3, 10, {1, 1}, {0, 0}};
    tn_acor_lvl l, nx;
    tn_acor_reset(&c, &l);
    tn_acor_step(&c, &l, 4, &nx); /* far above both thresholds: one step */
    assert_int_equal(nx.level, 1);
    l = nx;
    tn_acor_step(&c, &l, 4, &nx);
    assert_int_equal(nx.level, 2);
    l = nx;
    tn_acor_step(&c, &l, 100, &nx); /* the top has no increase threshold */
    assert_int_equal(nx.level, 2);
    assert_int_equal(nx.cnt, 100);
}

static void test_fall_only_at_interval_end(void **st)
{
    (void)st;
    /* 2 levels, HI 4, IT 2, DT 1: rise, then quiet intervals */
    tn_acor_cfg c = {2, 4, {2, 0}, {1, 0}};
    tn_acor_lvl l, nx;
    tn_acor_reset(&c, &l);
    tn_acor_step(&c, &l, 2, &nx); /* cycle 0: up, restart (tmr 4) */
    l = nx;
    assert_int_equal(l.level, 1);
    /* cycles 1..3: no event, level holds (no fall before the interval ends) */
    for (int t = 1; t <= 3; t++) {
        tn_acor_step(&c, &l, 0, &nx);
        l = nx;
        assert_int_equal(l.level, 1);
        assert_int_equal(l.tmr, (uint32_t)(4 - t));
    }
    /* cycle 4 closes the interval with count 0 <= DT 1: down */
    tn_acor_step(&c, &l, 0, &nx);
    assert_int_equal(nx.level, 0);
    assert_int_equal(nx.tmr, 4);
    /* the bottom has no decrease threshold: more quiet intervals keep level 0 */
    l = nx;
    for (int t = 0; t < 12; t++) {
        tn_acor_step(&c, &l, 0, &nx);
        l = nx;
        assert_int_equal(l.level, 0);
    }
}

static void test_no_fall_above_dt(void **st)
{
    (void)st;
    tn_acor_cfg c = {2, 4, {3, 0}, {1, 0}};
    tn_acor_lvl l = {1, 0, 4}, nx;
    /* 2 events in the interval (> DT 1, < IT): at its end the level stays, the counter restarts */
    uint32_t ev[4] = {1, 0, 1, 0};
    for (int t = 0; t < 4; t++) {
        tn_acor_step(&c, &l, ev[t], &nx);
        l = nx;
    }
    assert_int_equal(l.level, 1);
    assert_int_equal(l.cnt, 0);
    assert_int_equal(l.tmr, 4);
    /* exactly DT: falls (<=) */
    uint32_t ev2[4] = {1, 0, 0, 0};
    for (int t = 0; t < 4; t++) {
        tn_acor_step(&c, &l, ev2[t], &nx);
        l = nx;
    }
    assert_int_equal(l.level, 0);
}

static void test_three_level_sequence(void **st)
{
    (void)st;
    /* 3 levels, HI 5, IT 2/4, DT 1/1: climb to 2, then fall one level per quiet interval */
    tn_acor_cfg c = {3, 5, {2, 4}, {1, 1}};
    uint32_t ev[20] = {2, 4};
    int lv[20];
    run(&c, ev, 20, lv);
    int want[20] = {1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int t = 0; t < 20; t++)
        if (lv[t] != want[t])
            fail_msg("cycle %d: level %d, expected %d", t, lv[t], want[t]);
}

static void test_packet_level(void **st)
{
    (void)st;
    assert_int_equal(tn_acor_packet_level(3, 0), 0);
    assert_int_equal(tn_acor_packet_level(3, 1), 1);
    assert_int_equal(tn_acor_packet_level(3, 2), 2);
    assert_int_equal(tn_acor_packet_level(3, 50), 2); /* sticks at the top */
    assert_int_equal(tn_acor_packet_level(2, 1), 1);
    assert_int_equal(tn_acor_packet_level(2, 7), 1);
}

/* Is m inside the set's possible intermediates for src -> dst? BOX: every coordinate on the
 * minimal arc (DOR's direction at the tie); GOAL-Q: every coordinate on the arc of one of the
 * two directions from the source (the quadrant's box), unchanged where the offset is 0. */
static int inside(const tn_geom *g, int set, int src, int dst, int m)
{
    int cs[TN_MAX_N], cd[TN_MAX_N], cm[TN_MAX_N];
    tn_coords(g, src, cs);
    tn_coords(g, dst, cd);
    tn_coords(g, m, cm);
    for (int d = 0; d < g->n; d++) {
        int plus = (cd[d] - cs[d] + g->k) % g->k, minus = g->k - plus;
        int delta = plus < minus ? plus : minus;
        int dir = tn_dor_dir(g->k, g->topo, cs[d], cd[d]);
        int step = dir > 0 ? (cm[d] - cs[d] + g->k) % g->k : (cs[d] - cm[d] + g->k) % g->k;
        if (delta == 0) {
            if (cm[d] != cs[d])
                return 0;
        } else if (set == TN_ACOR_BOX && step > delta) {
            return 0;
        }
    }
    return 1;
}

/* Draw many intermediates for one pair; every node drawn is allowed, every allowed node is
 * drawn, and (BOX, FULL) the counts pass a chi-square test at the 0.999 level (normal
 * approximation of the chi-square quantile). */
static void draws(const tn_geom *g, int set, int src, int dst, int nallowed_expected)
{
    enum { DRAWS = 200000 };
    long *cnt = calloc((size_t)g->nodes, sizeof *cnt);
    assert_non_null(cnt);
    tn_rng r = {tn_seed_stream(7, 5, (uint32_t)(src * 1000 + dst))};
    for (int i = 0; i < DRAWS; i++) {
        int m = tn_acor_draw(g, set, src, dst, &r);
        assert_true(m >= 0 && m < g->nodes);
        if (set != TN_ACOR_FULL && !inside(g, set, src, dst, m))
            fail_msg("set %d, %d -> %d: drew %d outside the set", set, src, dst, m);
        cnt[m]++;
    }
    int allowed = 0;
    for (int m = 0; m < g->nodes; m++)
        allowed += cnt[m] > 0;
    if (allowed != nallowed_expected)
        fail_msg("set %d, %d -> %d: %d nodes drawn, expected %d", set, src, dst, allowed,
                 nallowed_expected);
    if (set != TN_ACOR_GOALQ) { /* uniform over the allowed nodes */
        double e = (double)DRAWS / allowed, x2 = 0;
        for (int m = 0; m < g->nodes; m++)
            if (cnt[m])
                x2 += (cnt[m] - e) * (cnt[m] - e) / e;
        double df = allowed - 1, bound = df + 3.09 * sqrt(2 * df) + 10;
        if (x2 > bound)
            fail_msg("set %d, %d -> %d: chi-square %.1f above %.1f (df %.0f)", set, src, dst, x2,
                     bound, df);
    }
    free(cnt);
}

static void test_restricted_draws(void **st)
{
    (void)st;
    tn_config c;
    tn_config_default(&c);
    c.k = 8;
    c.n = 2;
    tn_geom g;
    assert_int_equal(tn_geom_init(&g, &c), 0);
    /* (1,1) -> (3,4): minimal box 3 x 4 = 12 nodes */
    draws(&g, TN_ACOR_BOX, 1 + 8 * 1, 3 + 8 * 4, 12);
    /* (1,1) -> (5,1): tie in x (k/2), DOR's direction from odd x is -: 5 nodes, y fixed */
    draws(&g, TN_ACOR_BOX, 1 + 8 * 1, 5 + 8 * 1, 5);
    /* (2,2) -> (2,2): the source itself */
    draws(&g, TN_ACOR_BOX, 2 + 8 * 2, 2 + 8 * 2, 1);
    /* FULL: every node */
    draws(&g, TN_ACOR_FULL, 0, 9, 64);
    /* GOAL-Q from (1,1) to (3,4): x either way (both arcs, 3 + 6 = 8 positions: all of the
     * ring), y either way: every node of the torus is in some quadrant's box */
    draws(&g, TN_ACOR_GOALQ, 1 + 8 * 1, 3 + 8 * 4, 64);
    /* GOAL-Q from (1,1) to (2,1): y fixed, x on either arc: 8 nodes of the row */
    draws(&g, TN_ACOR_GOALQ, 1 + 8 * 1, 2 + 8 * 1, 8);
    tn_geom_free(&g);
}

/* GOAL-Q's quadrant rule (R23.3.2): (1,1) -> (3,4) on the 8x8, x offset 2: the non-minimal x
 * direction with probability 2/8, then a position j = 0 .. 6 along it, uniform; positions only
 * the non-minimal arc holds (j = 1 .. 5) have probability (2/8)(5/7). */
static void test_goalq_quadrant_probability(void **st)
{
    (void)st;
    tn_config c;
    tn_config_default(&c);
    tn_geom g;
    assert_int_equal(tn_geom_init(&g, &c), 0);
    enum { DRAWS = 200000 };
    tn_rng r = {12345u};
    long strict = 0;
    for (int i = 0; i < DRAWS; i++) {
        int m = tn_acor_draw(&g, TN_ACOR_GOALQ, 1 + 8 * 1, 3 + 8 * 4, &r);
        int x = m % 8;
        strict += x == 0 || x >= 4; /* x = 0, 7, 6, 5, 4: steps 1..5 in the - direction */
    }
    double p = (2.0 / 8.0) * (5.0 / 7.0), mean = p * DRAWS, sd = sqrt(DRAWS * p * (1 - p));
    if (fabs((double)strict - mean) > 5 * sd)
        fail_msg("%ld strictly non-minimal x positions, expected %.0f +- %.0f", strict, mean,
                 5 * sd);
    tn_geom_free(&g);
}

/* Hops of every delivered packet against its minimal distance. */
struct hops_rec {
    int k, n;
    long packets, longer;
};
static void on_hops(void *user, const tn_pkt_record *p)
{
    struct hops_rec *h = user;
    int a = p->src, b = p->dst, min = 0;
    for (int d = 0; d < h->n; d++, a /= h->k, b /= h->k) {
        int f = ((b % h->k) - (a % h->k) + h->k) % h->k;
        min += f < h->k - f ? f : h->k - f;
    }
    h->packets++;
    h->longer += p->hops > min;
}

/* tn_config_default's 8x8 torus with routing=acor at vcs=4, the least ACOR needs */
static void acor_config(tn_config *c)
{
    tn_config_default(c);
    c->vcs = 4;
    c->routing = TN_ROUTE_ACOR;
}

/* A simulation of c, which must pass the configuration check */
static tn_sim *acor_sim(const tn_config *c)
{
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_check(c, err, sizeof err), 0);
    tn_sim *s = tn_sim_new(c, err, sizeof err);
    assert_non_null(s);
    return s;
}

/* routing=acor with every sequence and both modes on the 8x8 under tornado, past saturation, with small
 * thresholds so that levels move: every packet delivered intact, levels used and recomputations
 * counted; and at low load with a level that never rises, BOX adds no hop. */
static void test_acor_runs(void **st)
{
    (void)st;
    for (int seq = 0; seq < TN_ACOR_SEQ_LAST; seq++)
        for (int mode = 0; mode < TN_ACOR_MODE_LAST; mode++) {
            tn_config c;
            acor_config(&c);
            c.traffic = TN_TR_TORNADO;
            c.load = 0.6; /* BOX carries at most 1/3 on the 8x8 under tornado */
            c.warmup = 500;
            c.measure = 1500;
            c.acor_seq = seq;
            c.acor_mode = mode;
            c.acor_hi = 64;
            c.acor_it1 = 2;
            c.acor_it2 = 6;
            c.acor_dt1 = 1;
            c.acor_dt2 = 2;
            tn_sim *s = acor_sim(&c);
            tn_stats stt;
            assert_int_equal(tn_sim_run(s, &stt), 0);
            assert_int_equal(stt.check_errors, 0);
            assert_int_equal(stt.router_errors, 0);
            assert_int_equal(stt.injected, stt.delivered);
            assert_int_equal(stt.acor_levels, seq == TN_ACOR_SEQ_BOX_GOALQ_FULL ? 3 : 2);
            double sum = 0;
            for (int l = 0; l < stt.acor_levels; l++)
                sum += stt.acor_level_frac[l];
            assert_true(fabs(sum - 1.0) < 1e-9);
            assert_true(stt.acor_level_frac[stt.acor_levels - 1] > 0.05); /* the top is used */
            assert_true(stt.acor_recomp_avg > 0.1);
            assert_true(stt.acor_level_avg > 0.1); /* the machine runs in both modes (R23.5.2) */
            tn_sim_free(s);
        }
    /* BOX at low load with a level that never rises: minimal paths only, level 0 only */
    tn_config c;
    acor_config(&c);
    c.load = 0.1;
    c.acor_it1 = 65535;
    tn_sim *s = acor_sim(&c);
    struct hops_rec h = {c.k, c.n, 0, 0};
    tn_sim_on_deliver(s, on_hops, &h);
    tn_stats stt;
    assert_int_equal(tn_sim_run(s, &stt), 0);
    assert_true(h.packets > 1000);
    assert_int_equal(h.longer, 0);
    assert_true(stt.acor_level_frac[0] == 1.0);
    tn_sim_free(s);
}

/* accepted throughput of routing=acor on the 8x8 (vcs=4) under uniform traffic at `load`, with
 * sequence seq and the default thresholds; *level: the routers' mean level */
static double acor_accepted(int seq, double load, double *level)
{
    tn_config c;
    acor_config(&c);
    c.acor_seq = seq;
    c.load = load;
    c.warmup = 2000; /* long enough for every router to climb past saturation (HI = 1024) */
    c.measure = 3000;
    c.drain = 0;
    tn_sim *s = acor_sim(&c);
    tn_stats stt;
    assert_int_equal(tn_sim_run(s, &stt), 0); /* the run still delivers every packet at its end */
    assert_int_equal(stt.injected, stt.delivered);
    *level = stt.acor_level_avg;
    tn_sim_free(s);
    return stt.accepted;
}

/* docs/acor.md section 7: past saturation every router climbs to the top level. With GOAL-Q on
 * top (box-goalq, the default) ACOR keeps at least 90 % of what it accepts just below its
 * saturation point (0.515 of capacity on this network); with FULL on top (box-full) it falls to
 * VAL's throughput, about half. */
static void test_acor_top_level_past_saturation(void **st)
{
    (void)st;
    tn_config d;
    tn_config_default(&d);
    assert_int_equal(d.acor_seq, TN_ACOR_SEQ_BOX_GOALQ);
    double lv_sat, lv_over;
    double sat = acor_accepted(TN_ACOR_SEQ_BOX_GOALQ, 0.48, &lv_sat);
    double over = acor_accepted(TN_ACOR_SEQ_BOX_GOALQ, 1.0, &lv_over);
    print_message("box-goalq: accepted %.4f at 0.48 (level %.3f), %.4f at 1.0 (level %.3f)\n", sat,
                  lv_sat, over, lv_over);
    assert_true(sat > 0.46);        /* below saturation: what is offered is accepted */
    assert_true(lv_over > 0.95);    /* past it, every router at the top (GOAL-Q) */
    assert_true(over >= 0.9 * sat); /* and the throughput holds */
    double fsat = acor_accepted(TN_ACOR_SEQ_BOX_FULL, 0.48, &lv_sat);
    double fover = acor_accepted(TN_ACOR_SEQ_BOX_FULL, 1.0, &lv_over);
    print_message("box-full: accepted %.4f at 0.48, %.4f at 1.0 (level %.3f)\n", fsat, fover,
                  lv_over);
    assert_true(fsat > 0.46);
    assert_true(lv_over > 0.95);       /* every router at FULL */
    assert_true(fover < 0.6 * fsat);   /* VAL's throughput: the fall the default avoids */
}

/* acor_level_avg: the routers' level summed over the nodes and the window's cycles [W0, W1), each
 * read before the cycle's step (the level in force in that cycle), divided by nodes x measure.
 * Past saturation on the 8-ring with a short interval the levels move inside the window and end
 * it above 0, so a window one cycle short or long would change the figure. */
static void test_acor_level_avg_window(void **st)
{
    (void)st;
    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    const char *kv[][2] = {{"k", "8"}, {"n", "1"}, {"vcs", "4"}, {"routing", "acor"},
                           {"traffic", "tornado"}, {"load", "1"}, {"warmup", "20"},
                           {"measure", "100"}, {"acor_hi", "10"}, {"acor_it1", "1"},
                           {"acor_dt1", "0"}};
    for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
        if (tn_config_set(&c, kv[i][0], kv[i][1], err, sizeof err))
            fail_msg("%s", err);
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    uint8_t lv[8];
    long sum = 0, last = 0;
    while (tn_sim_cycle(s) < c.warmup + c.measure) {
        assert_true(tn_sim_acor_levels(s, lv) > 0);
        if (tn_sim_cycle(s) >= c.warmup) {
            last = 0;
            for (int v = 0; v < 8; v++)
                last += lv[v];
            sum += last;
        }
        tn_sim_step(s);
    }
    assert_true(tn_sim_acor_levels(s, lv) > 0);
    long after = 0; /* the levels in cycle W1, outside the window */
    for (int v = 0; v < 8; v++)
        after += lv[v];
    tn_stats r;
    assert_int_equal(tn_sim_run(s, &r), 0);
    tn_sim_free(s);
    assert_true(sum > 0 && last > 0 && after > 0);
    assert_true(fabs(r.acor_level_avg - (double)sum / (8.0 * (double)c.measure)) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rise_at_once_and_restart),
        cmocka_unit_test(test_one_step_per_cycle),
        cmocka_unit_test(test_fall_only_at_interval_end),
        cmocka_unit_test(test_no_fall_above_dt),
        cmocka_unit_test(test_three_level_sequence),
        cmocka_unit_test(test_packet_level),
        cmocka_unit_test(test_restricted_draws),
        cmocka_unit_test(test_goalq_quadrant_probability),
        cmocka_unit_test(test_acor_runs),
        cmocka_unit_test(test_acor_top_level_past_saturation),
        cmocka_unit_test(test_acor_level_avg_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
