/* SPDX-License-Identifier: MIT */
/* RTL unit test of ACOR (docs/microarchitecture.md section 23): rtl/ni/tn_acor.v, Verilated
 * alone under tb/verilator/tn_acor_top.v (eight parameter sets), against the C model's
 * tn_acor_step / tn_acor_draw / tn_acor_set / tn_acor_packet_level, called as source.c and
 * sim.c call them: each cycle every channel e in order (level in force, a draw from its stream
 * when it attempts, fail counted), then the node's level machine with the cycle's blocked
 * events. Compared every cycle: lvl_o of every channel, mid_o of every attempting channel, and
 * after the edge level, cnt, tmr, each channel's stream and min(fail, 3). Directed sequences
 * with hand-computed levels and counts first (rise at once, one step per cycle, restart on a
 * rise, fall only at an interval end and at <= DT, two and three levels, the per-packet level
 * from fail), then random runs over every instance, sequence (0..3) and mode.
 * Prints TAP. Build and run: make build/vl/acor/vl_acor && build/vl/acor/vl_acor [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_internal.h"
#include "tn_acor_rtl.h"
#include "tn_obs.h"
#include "vl_tap.h"

/* One run: an instance of tn_acor_top and the C model of the same node. */
typedef struct run {
    int inst, k, n, term, node;
    int seq, mode; /* seq as driven: enum tn_acor_seq */
    tn_acor_rtl_cfg rc;
    tn_geom g;
    tn_acor_cfg c;
    tn_acor_lvl lv;
    tn_rng rng[4];
    uint32_t fail[4];
    int o_level, o_cnt, o_tmr, o_rng, o_fail; /* obs_o layout (tn_defs.tbl acorobs rows) */
    long t, draws, set_draws[3]; /* draws, and per restriction set (TN_ACOR_BOX ...) */
    char diag[256];
    int ok;
} run;

static int run_open(run *u, tn_acor_rtl *r, uint32_t hi, uint32_t it1, uint32_t it2,
                    uint32_t dt1, uint32_t dt2)
{
    u->k = tn_acor_rtl_param[u->inst][0];
    u->n = tn_acor_rtl_param[u->inst][1];
    u->term = tn_acor_rtl_param[u->inst][2];
    tn_config cf;
    tn_config_default(&cf);
    cf.k = u->k;
    cf.n = u->n;
    cf.term = u->term;
    if (tn_geom_init(&u->g, &cf)) {
        snprintf(u->diag, sizeof u->diag, "tn_geom_init failed");
        return -1;
    }
    u->c.levels = tn_acor_levels(u->seq);
    u->c.hi = hi;
    u->c.it[0] = it1;
    u->c.it[1] = it2;
    u->c.dt[0] = dt1;
    u->c.dt[1] = dt2;
    tn_acor_reset(&u->c, &u->lv);
    /* layout: the table's rows in order, element widths from the instance's TERM */
    tn_dims d;
    memset(&d, 0, sizeof d);
    d.TERM = u->term;
    const tn_dims *L = &d;
    int off = 0, *pos[] = {&u->o_level, &u->o_cnt, &u->o_tmr, &u->o_rng, &u->o_fail}, f = 0;
#define X(nm, ix, cnt, wd) *pos[f++] = off; off += (cnt) * (wd);
    TN_ACOROBS_FIELDS(X)
#undef X
    memset(&u->rc, 0, sizeof u->rc);
    u->rc.inst = u->inst;
    u->rc.coord = tn_addr_of(&u->g, u->node);
    u->rc.seq = u->seq;
    u->rc.mode = u->mode;
    u->rc.hi = hi;
    u->rc.it1 = it1;
    u->rc.it2 = it2;
    u->rc.dt1 = dt1;
    u->rc.dt2 = dt2;
    for (int e = 0; e < u->term; e++) {
        u->rng[e].s = tn_acor_seed(0x5EEDu + (uint32_t)u->inst, u->g.nodes, u->node, u->term, e);
        u->rc.seed[e] = u->rng[e].s;
        u->fail[e] = 0;
    }
    tn_acor_rtl_reset(r, &u->rc);
    u->t = 0;
    u->ok = 1;
    u->diag[0] = 0;
    return 0;
}

static void run_close(run *u) { tn_geom_free(&u->g); }

static int fail_at(run *u, const char *what, int e, uint64_t rv, uint64_t mv)
{
    snprintf(u->diag, sizeof u->diag,
             "inst %d (K=%d N=%d TERM=%d) seq %d mode %d node %d cycle %ld channel %d: %s rtl %llu "
             "model %llu", u->inst, u->k, u->n, u->term, u->seq, u->mode, u->node, u->t, e, what,
             (unsigned long long)rv, (unsigned long long)mv);
    u->ok = 0;
    return -1;
}

/* One cycle: att[e], rdy[e], dst[e] (a node); compared as the header says. */
static int cycle(run *u, tn_acor_rtl *r, const int *att, const int *rdy, const int *dst)
{
    uint32_t blk = 0;
    int lvl[4], mid[4];
    for (int e = 0; e < u->term; e++) {
        uint32_t f = u->fail[e] > 3u ? 3u : u->fail[e];
        lvl[e] = u->mode == TN_ACOR_MODE_PACKET ? tn_acor_packet_level(u->c.levels, (int)f)
                                                : u->lv.level;
        mid[e] = -1;
        if (att[e]) {
            int set = tn_acor_set(u->seq, lvl[e]);
            mid[e] = tn_acor_draw(&u->g, set, u->node, dst[e], &u->rng[e]);
            u->draws++;
            u->set_draws[set]++;
            if (rdy[e]) {
                u->fail[e] = 0;
            } else {
                u->fail[e]++;
                blk++;
            }
        }
        tn_acor_rtl_chan(r, e, att[e], rdy[e], att[e] ? tn_addr_of(&u->g, dst[e]) : 0);
    }
    tn_acor_rtl_eval(r);
    for (int e = 0; e < u->term; e++) {
        if (tn_acor_rtl_lvl(r, e) != (unsigned)lvl[e])
            return fail_at(u, "lvl_o", e, tn_acor_rtl_lvl(r, e), (uint64_t)lvl[e]);
        if (att[e] && tn_acor_rtl_mid(r, e) != tn_addr_of(&u->g, mid[e]))
            return fail_at(u, "mid_o", e, tn_acor_rtl_mid(r, e), tn_addr_of(&u->g, mid[e]));
    }
    tn_acor_lvl nx;
    tn_acor_step(&u->c, &u->lv, blk, &nx);
    u->lv = nx;
    tn_acor_rtl_clock(r);
    u->t++;
    if (tn_acor_rtl_obs(r, u->o_level, 2) != u->lv.level)
        return fail_at(u, "acor.level", -1, tn_acor_rtl_obs(r, u->o_level, 2), u->lv.level);
    if (tn_acor_rtl_obs(r, u->o_cnt, 18) != u->lv.cnt)
        return fail_at(u, "acor.cnt", -1, tn_acor_rtl_obs(r, u->o_cnt, 18), u->lv.cnt);
    if (tn_acor_rtl_obs(r, u->o_tmr, 16) != u->lv.tmr)
        return fail_at(u, "acor.tmr", -1, tn_acor_rtl_obs(r, u->o_tmr, 16), u->lv.tmr);
    for (int e = 0; e < u->term; e++) {
        uint32_t f = u->fail[e] > 3u ? 3u : u->fail[e];
        if (tn_acor_rtl_obs(r, u->o_rng + 32 * e, 32) != u->rng[e].s)
            return fail_at(u, "acor.rng", e, tn_acor_rtl_obs(r, u->o_rng + 32 * e, 32), u->rng[e].s);
        if (tn_acor_rtl_obs(r, u->o_fail + 2 * e, 2) != f)
            return fail_at(u, "acor.fail", e, tn_acor_rtl_obs(r, u->o_fail + 2 * e, 2), f);
    }
    return 0;
}

/* A cycle with E blocked events: channels 0..E-1 attempt and are blocked, the others start. */
static int cycle_events(run *u, tn_acor_rtl *r, int events)
{
    int att[4] = {0}, rdy[4] = {0}, dst[4] = {0};
    for (int e = 0; e < u->term; e++) {
        att[e] = 1;
        rdy[e] = e >= events;
        dst[e] = (u->node + 1 + e) % u->g.nodes;
    }
    return cycle(u, r, att, rdy, dst);
}

/* A scripted sequence: events[i] blocked events in cycle i, then the expected level, cnt and tmr
 * at its end (hand-computed from R23.5.2) and the RTL's equal to the model's. */
static void script(tn_acor_rtl *r, const char *what, int inst, int seq, uint32_t hi, uint32_t it1,
                   uint32_t it2, uint32_t dt1, uint32_t dt2, int len, const int *events,
                   const int (*want)[3])
{
    run u;
    memset(&u, 0, sizeof u);
    u.inst = inst;
    u.seq = seq;
    u.node = 5;
    if (run_open(&u, r, hi, it1, it2, dt1, dt2)) {
        tap(0, what, u.diag);
        return;
    }
    for (int i = 0; i < len && u.ok; i++) {
        if (cycle_events(&u, r, events[i]))
            break;
        if (u.lv.level != want[i][0] || u.lv.cnt != (uint32_t)want[i][1] ||
            u.lv.tmr != (uint32_t)want[i][2]) {
            snprintf(u.diag, sizeof u.diag, "cycle %d: level/cnt/tmr %u/%u/%u, expected %d/%d/%d",
                     i, u.lv.level, u.lv.cnt, u.lv.tmr, want[i][0], want[i][1], want[i][2]);
            u.ok = 0;
        }
    }
    tap(u.ok, what, u.diag);
    run_close(&u);
}

static void directed(tn_acor_rtl *r)
{
    /* three levels (box-goalq-full), TERM = 4 (instance 4), HI 4, IT 2/3, DT 1/2 */
    static const int ev3[] = {4, 3, 0, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0};
    static const int want3[][3] = {
        {1, 0, 4}, /* 4 events at level 0: one step (to 1, not 2) at once, restart */
        {2, 0, 4}, /* 3 >= IT2: the next rise, at once */
        {2, 0, 3}, {2, 1, 2}, {2, 2, 1},
        {1, 0, 4}, /* interval end with c = 2 <= DT2: fall, restart */
        {1, 1, 3}, {1, 1, 2}, {1, 1, 1},
        {1, 0, 4}, /* interval end with c = 2 > DT1: stay */
        {1, 0, 3}, {1, 0, 2}, {1, 0, 1},
        {0, 0, 4}, /* c = 0 <= DT1 at the end only: fall */
    };
    script(r, "directed: three levels, rise at once one step per cycle, fall at interval end",
           4, TN_ACOR_SEQ_BOX_GOALQ_FULL, 4, 2, 3, 1, 2, 14, ev3, want3);
    /* the same events with box-goalq (3): two levels, GOAL-Q on top; 3 events reach IT2 but
     * level 1 is the top, and the fall reads DT1 */
    static const int wantq[][3] = {
        {1, 0, 4}, /* 4 >= IT1: rise at once, restart */
        {1, 3, 3}, /* at the top: no rise, counted */
        {1, 3, 2}, {1, 4, 1},
        {1, 0, 4}, /* interval end with c = 5 > DT1: stay */
        {1, 0, 3}, {1, 1, 2}, {1, 1, 1},
        {0, 0, 4}, /* interval end with c = 1 <= DT1: fall */
        {0, 1, 3}, {0, 1, 2}, {0, 1, 1},
        {0, 0, 4}, /* c = 1 < IT1 at level 0: no rise; the interval restarts */
        {0, 0, 3},
    };
    script(r, "directed: box-goalq, two levels with GOAL-Q on top (no rise past level 1)", 4,
           TN_ACOR_SEQ_BOX_GOALQ, 4, 2, 3, 1, 2, 14, ev3, wantq);
    /* two levels (box-full), TERM = 4, HI 3, IT1 2, DT1 0 */
    static const int ev2[] = {1, 1, 4, 0, 0, 0, 0, 0};
    static const int want2[][3] = {
        {0, 1, 2}, {1, 0, 3}, /* the count reaches IT1 across cycles: rise, restart */
        {1, 4, 2},            /* at the top: no rise, counted */
        {1, 4, 1}, {1, 0, 3}, /* end with c = 4 > DT1: stay */
        {1, 0, 2}, {1, 0, 1}, {0, 0, 3},
    };
    script(r, "directed: two levels, count across cycles, no rise past the top", 4,
           TN_ACOR_SEQ_BOX_FULL, 3, 2, 9, 0, 9, 8, ev2, want2);
    /* restart on a rise: 2 events rise at once; had the count kept them, 1 more would rise again
     * (IT2 = 3) */
    static const int evr[] = {2, 1, 1, 0};
    static const int wantr[][3] = {{1, 0, 8}, {1, 1, 7}, {1, 2, 6}, {1, 2, 5}};
    script(r, "directed: the count restarts on a rise", 4, TN_ACOR_SEQ_BOX_GOALQ_FULL, 8, 2, 3, 0,
           0, 4, evr, wantr);
    /* HI = 1: every cycle ends an interval */
    static const int ev1[] = {1, 0, 0, 1, 1};
    static const int want1[][3] = {{1, 0, 1}, {0, 0, 1}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}};
    script(r, "directed: HI = 1, every cycle an interval", 4, TN_ACOR_SEQ_BOX_GOALQ_FULL, 1, 1, 1,
           0, 0, 5, ev1, want1);

    /* per-packet mode: the level in force is min(fail, top), fail saturates at 3 in the RTL */
    for (int seq = 0; seq < TN_ACOR_SEQ_LAST; seq++) {
        run u;
        memset(&u, 0, sizeof u);
        u.inst = 1; /* K=4 N=2 TERM=1 */
        u.seq = seq;
        u.mode = TN_ACOR_MODE_PACKET;
        u.node = 6;
        char what[96];
        snprintf(what, sizeof what, "directed: per-packet level from fail, sequence %d", seq);
        if (run_open(&u, r, 1024, 1, 1, 0, 0)) {
            tap(0, what, u.diag);
            continue;
        }
        int top = seq == 2 ? 2 : 1;
        /* blocked 5 times, then a start, then blocked once */
        static const int rdy[] = {0, 0, 0, 0, 0, 1, 0};
        static const int fails[] = {0, 1, 2, 3, 4, 5, 0};
        for (int i = 0; i < 7 && u.ok; i++) {
            int a[4] = {1}, rd[4] = {rdy[i]}, d[4] = {(u.node + 5) % u.g.nodes};
            int want = fails[i] < top ? fails[i] : top; /* the level in force in cycle i */
            if (cycle(&u, r, a, rd, d))
                break;
            /* lvl_o after the edge: the next cycle's level in force */
            int wnext = (i == 5 ? 0 : (fails[i] + 1 < top ? fails[i] + 1 : top));
            if ((int)tn_acor_rtl_lvl(r, 0) != wnext) {
                snprintf(u.diag, sizeof u.diag, "after cycle %d: lvl_o %u, expected %d (cycle's %d)",
                         i, tn_acor_rtl_lvl(r, 0), wnext, want);
                u.ok = 0;
            }
        }
        tap(u.ok, what, u.diag);
        run_close(&u);
    }

    /* a draw by hand: K=4 N=1 (instance 0), node 1 to 3 at level 0 (BOX): delta 2 both ways,
     * the tie from an odd coordinate goes -, len 2, j = frac(x_1[15:0], 3), mid = 1 - j mod 4 */
    {
        run u;
        memset(&u, 0, sizeof u);
        u.inst = 0;
        u.seq = TN_ACOR_SEQ_BOX_FULL;
        u.node = 1;
        if (run_open(&u, r, 1024, 1, 1, 0, 0)) {
            tap(0, "directed: a BOX draw by hand", u.diag);
        } else {
            uint32_t x = u.rng[0].s;
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            int j = (int)(((x & 0xFFFFu) * 3u) >> 16);
            unsigned want = (unsigned)(((1 - j) % 4 + 4) % 4);
            tn_acor_rtl_chan(r, 0, 1, 0, 3);
            tn_acor_rtl_eval(r);
            unsigned got = tn_acor_rtl_mid(r, 0);
            tn_acor_rtl_clock(r);
            uint32_t rx = tn_acor_rtl_obs(r, u.o_rng, 32);
            char dg[128];
            snprintf(dg, sizeof dg, "mid_o %u, expected %u (j %d); stream %08x, expected %08x",
                     got, want, j, (unsigned)rx, (unsigned)x);
            tap(got == want && rx == x,
                "directed: a BOX draw by hand (tie at K/2 from odd: -), the stream takes x_1", dg);
            run_close(&u);
        }
    }
}

/* Random runs: every instance, sequence 0..3 and mode; random node, thresholds, attempts,
 * starts and destinations. Returns the cycles compared. */
static long random_runs(tn_acor_rtl *r, long per_run, long *draws)
{
    long cycles = 0;
    for (int inst = 0; inst < TN_ACOR_RTL_NINST; inst++) {
        int ok = 1;
        char diag[256] = "";
        long drawn = 0, per_set[3] = {0, 0, 0};
        for (int seq = 0; seq < TN_ACOR_SEQ_LAST && ok; seq++)
            for (int mode = 0; mode < 2 && ok; mode++) {
                run u;
                memset(&u, 0, sizeof u);
                u.inst = inst;
                u.seq = seq;
                u.mode = mode;
                int k = tn_acor_rtl_param[inst][0], n = tn_acor_rtl_param[inst][1];
                int nodes = 1;
                for (int d = 0; d < n; d++)
                    nodes *= k;
                u.node = (int)(rnd() % (uint32_t)nodes);
                uint32_t hi = 1 + rnd() % 24, it1 = 1 + rnd() % 6, it2 = 1 + rnd() % 10;
                uint32_t dt1 = rnd() % 4, dt2 = rnd() % 6;
                if (run_open(&u, r, hi, it1, it2, dt1, dt2)) {
                    ok = 0;
                    snprintf(diag, sizeof diag, "%s", u.diag);
                    break;
                }
                int p_att = 300 + (int)(rnd() % 700), p_rdy = (int)(rnd() % 1000);
                for (long t = 0; t < per_run && u.ok; t++) {
                    int att[4], rdy[4], dst[4];
                    for (int e = 0; e < u.term; e++) {
                        att[e] = (int)(rnd() % 1000) < p_att;
                        rdy[e] = (int)(rnd() % 1000) < p_rdy;
                        dst[e] = (int)(rnd() % (uint32_t)nodes);
                    }
                    cycle(&u, r, att, rdy, dst);
                    cycles++;
                }
                if (!u.ok) {
                    ok = 0;
                    snprintf(diag, sizeof diag, "%s", u.diag);
                }
                drawn += u.draws;
                for (int i = 0; i < 3; i++)
                    per_set[i] += u.set_draws[i];
                run_close(&u);
            }
        char what[128];
        snprintf(what, sizeof what,
                 "random: K=%d N=%d TERM=%d, every sequence, both modes (%ld draws: BOX %ld, "
                 "GOAL-Q %ld, FULL %ld)", tn_acor_rtl_param[inst][0], tn_acor_rtl_param[inst][1],
                 tn_acor_rtl_param[inst][2], drawn, per_set[TN_ACOR_BOX], per_set[TN_ACOR_GOALQ],
                 per_set[TN_ACOR_FULL]);
        int every = per_set[0] >= 500 && per_set[1] >= 500 && per_set[2] >= 500;
        tap(ok && every, what, diag[0] ? diag : "fewer than 500 draws from some set");
        *draws += drawn;
    }
    return cycles;
}

int main(int argc, char **argv)
{
    unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
    vl_seed(seed);
    printf("# vl_acor seed %lu\n", seed);
    tn_acor_rtl *r = tn_acor_rtl_new();
    if (!r) {
        printf("not ok 1 - out of memory for the Verilated model\n1..1\n");
        return 1;
    }
    directed(r);
    long draws = 0;
    long n = random_runs(r, 2500, &draws);
    printf("# %ld random cycles compared, %ld draws\n", n, draws);
    tap(n >= 100000, "at least 100000 random cycles compared", "");
    tn_acor_rtl_free(r);
    printf("1..%d\n", n_test);
    return n_fail ? 1 : 0;
}
