/* SPDX-License-Identifier: MIT */
/* RTL unit test of the GAL network interface (docs/microarchitecture.md section 21):
 * rtl/ni/tn_gal_ni.v, Verilated alone under tb/verilator/tn_gal_ni_top.v (seven parameter sets),
 * against the C model's tn_gal_peek / tn_gal_take / tn_gal_enqueue / tn_gal_tick (a tn_sim built
 * with routing=gal only owns the NI state; tn_sim_step is never called). Every cycle: the
 * senders (e = 0..TERM-1), then the injection units, then the end-of-cycle tick, as
 * tn_source_send / tn_source_step / tn_gal_tick call them; compared: which sender starts which
 * packet (tag, destination, quadrant), which source is taken into which queue, and after the
 * edge every queue's count and head, every set's threshold and drained count at the last update,
 * every sender's RR pointer. A directed test with hand-computed values first. Prints TAP.
 * Build and run: make build/vl/gal_ni/vl_gal_ni && build/vl/gal_ni/vl_gal_ni [seed] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_internal.h"
#include "tn_gal_rtl.h"
#include "tn_obs.h"
#include "vl_tap.h"

static int chance(int permille) { return (int)(rnd() % 1000) < permille; }

/* One run: an instance of tn_gal_ni_top, the C model with the same parameters, a node. */
typedef struct run {
    int inst, k, n, term, qd, node;
    int sets, adapt, t, tmin, tmax, n1, n2;
    int adapt_in;     /* cfg_adapt_i: adapt, or anything on an instance built without it */
    int p_src, p_rdy; /* per mille: a source gets a new packet; a sender is ready */
    int p_free;       /* per mille: a port has an adaptive VC to take (afree bit), random runs */
    uint32_t afree;   /* this cycle's afree_i (R21.5.1's hold); all ports unless a test sets it */
    long cycles;
    tn_sim *s;
    tn_gal_rtl *r;
    /* observation layout (tn_gal_ni.v obs_o) */
    int q, nq, cntw, hw, tw, dw, jw, o_cnt, o_head, o_thr, o_dprev, o_rr;
    /* harness state: the pending packet of each source */
    int has[4], dst[4];
    uint32_t tag[4];
    uint32_t next_tag;
    long t_now;
    char diag[512];
    int ok;
} run;

static int run_open(run *u, tn_gal_rtl *r)
{
    char err[256];
    tn_config c;
    tn_config_default(&c);
    u->k = tn_gal_rtl_param[u->inst][0];
    u->n = tn_gal_rtl_param[u->inst][1];
    u->term = tn_gal_rtl_param[u->inst][2];
    u->qd = tn_gal_rtl_param[u->inst][3];
    c.k = u->k;
    c.n = u->n;
    c.term = u->term;
    c.vcs = 3;
    c.routing = TN_ROUTE_GAL;
    c.gal_sets = u->sets == 0 ? TN_GAL_S1 : u->sets == 1 ? TN_GAL_S2 : TN_GAL_SDIR;
    c.gal_adapt = u->adapt;
    c.gal_t = u->t;
    c.gal_tmin = u->tmin;
    c.gal_tmax = u->tmax;
    c.gal_n1 = u->n1;
    c.gal_n2 = u->n2;
    c.gal_qdepth = u->qd;
    u->s = tn_sim_new(&c, err, sizeof err);
    if (!u->s) {
        snprintf(u->diag, sizeof u->diag, "tn_sim_new: %s", err);
        return -1;
    }
    u->r = r;
    /* widths and field positions from rtl/common/tn_defs.tbl (tn_defs.h, tb/tn_obs.h) */
    tn_dims d;
    memset(&d, 0, sizeof d);
    d.K = u->k;
    d.N = u->n;
    d.TERM = u->term;
    d.QD = u->qd;
    d.V = c.vcs;
    d.B = 8;
    d.W = 32;
    tn_dims_derive(&d);
    u->q = d.Q;
    u->nq = d.NQ;
    u->cntw = d.NCW;
    u->hw = d.NHW;
    u->tw = d.NTW;
    u->dw = d.NDW;
    u->jw = d.JW;
    {
        const tn_dims *L = &d;
        int lsb[5], f = 0, at = 0;
#define X(nm, ix, cnt, wd) lsb[f++] = at, at += (cnt) * (wd);
        TN_NIOBS_FIELDS(X)
#undef X
        u->o_cnt = lsb[0];
        u->o_head = lsb[1];
        u->o_thr = lsb[2];
        u->o_dprev = lsb[3];
        u->o_rr = lsb[4];
    }
    memset(u->has, 0, sizeof u->has);
    u->next_tag = 1;
    u->afree = (1u << (2 * u->n)) - 1u;
    u->t_now = 0;
    u->ok = 1;
    u->diag[0] = 0;
    tn_gal_rtl_cfg rc = {u->inst, tn_addr_of(&u->s->g, u->node), u->sets, u->adapt_in, u->t,
                         u->tmin, u->tmax, u->n1, u->n2};
    tn_gal_rtl_reset(r, &rc);
    return 0;
}

static void run_close(run *u)
{
    tn_sim_free(u->s);
    u->s = NULL;
}

static void fail_at(run *u, const char *fmt, const char *a, long v_rtl, long v_c)
{
    if (!u->ok)
        return;
    u->ok = 0;
    char what[128];
    snprintf(what, sizeof what, fmt, a);
    snprintf(u->diag, sizeof u->diag, "inst %d (K=%d N=%d TERM=%d QD=%d) node %d sets %d adapt %d "
             "T %d tmin %d tmax %d n1 %d n2 %d, cycle %ld: %s: RTL %ld, C %ld", u->inst, u->k,
             u->n, u->term, u->qd, u->node, u->sets, u->adapt, u->t, u->tmin, u->tmax, u->n1,
             u->n2, u->t_now, what, v_rtl, v_c);
}

/* Compare the registers after the edge. */
static void compare_state(run *u)
{
    const tn_gal_ni *g = &u->s->gal;
    int S = g->sets;
    long base = (long)u->node * S;
    char w[64];
    for (int j = 0; j < u->nq; j++) {
        long c_cnt = j < S * u->q ? g->cnt[base * u->q + j] : 0;
        long c_head = j < S * u->q ? g->head[base * u->q + j] : 0;
        long r_cnt = tn_gal_rtl_obs(u->r, u->o_cnt + j * u->cntw, u->cntw);
        long r_head = tn_gal_rtl_obs(u->r, u->o_head + j * u->hw, u->hw);
        snprintf(w, sizeof w, "queue %d", j);
        if (r_cnt != c_cnt)
            fail_at(u, "%s count", w, r_cnt, c_cnt);
        if (r_head != c_head)
            fail_at(u, "%s head", w, r_head, c_head);
    }
    long thr0 = u->adapt ? u->tmin : u->t;
    for (int st = 0; st < u->q; st++) {
        long c_thr = st < S ? g->thr[base + st] : thr0;
        long c_dp = st < S ? g->dprev[base + st] : 0;
        long r_thr = tn_gal_rtl_obs(u->r, u->o_thr + st * u->tw, u->tw);
        long r_dp = tn_gal_rtl_obs(u->r, u->o_dprev + st * u->dw, u->dw);
        snprintf(w, sizeof w, "set %d", st);
        if (r_thr != c_thr)
            fail_at(u, "%s threshold", w, r_thr, c_thr);
        if (r_dp != c_dp)
            fail_at(u, "%s dprev", w, r_dp, c_dp);
    }
    for (int e = 0; e < u->term; e++) {
        long c_rr = g->rr[(long)u->node * u->term + e];
        long r_rr = tn_gal_rtl_obs(u->r, u->o_rr + e * u->jw, u->jw);
        snprintf(w, sizeof w, "sender %d", e);
        if (r_rr != c_rr)
            fail_at(u, "%s RR pointer", w, r_rr, c_rr);
    }
}

/* One cycle with these source packets (has/dst/tag) and ready bits; the C model's calls in the
 * order of tn_sim_step. Returns the RTL's take bits; queue_c[e] = the C queue taken (or -1). */
static unsigned cycle(run *u, const int *ready, int *queue_c, int *started_tag)
{
    tn_sim *s = u->s;
    tn_gal_ni *g = &s->gal;
    char w[64];
    for (int e = 0; e < u->term; e++) {
        tn_gal_rtl_src(u->r, e, u->has[e], u->has[e] ? tn_addr_of(&s->g, u->dst[e]) : 0, u->tag[e]);
        tn_gal_rtl_snd(u->r, e, ready[e]);
    }
    tn_gal_rtl_afree(u->r, u->afree);
    tn_gal_rtl_eval(u->r);
    unsigned rv = tn_gal_rtl_valid(u->r), rt = tn_gal_rtl_take(u->r);
    /* senders */
    for (int e = 0; e < u->term; e++) {
        tn_pending pq;
        tn_afree_in af = {u->afree, 1, NULL, NULL};
        int qi, found = tn_gal_peek(&s->gal, u->node, e, &af, &pq, &qi);
        int go = found && ready[e];
        snprintf(w, sizeof w, "sender %d", e);
        if ((long)((rv >> e) & 1) != go)
            fail_at(u, "%s starts a packet", w, (rv >> e) & 1, go);
        if (started_tag)
            started_tag[e] = go ? (int)pq.created : -1;
        if (go) {
            if (tn_gal_rtl_tag(u->r, e) != ((uint32_t)pq.created & 0xffffu))
                fail_at(u, "%s packet tag", w, tn_gal_rtl_tag(u->r, e), pq.created & 0xffff);
            if (tn_gal_rtl_dst(u->r, e) != tn_addr_of(&s->g, pq.dst))
                fail_at(u, "%s packet dst", w, tn_gal_rtl_dst(u->r, e), tn_addr_of(&s->g, pq.dst));
            if (tn_gal_rtl_quad(u->r, e) != pq.quad)
                fail_at(u, "%s packet quadrant", w, tn_gal_rtl_quad(u->r, e), pq.quad);
            tn_gal_take(&s->gal, u->node, e, qi);
        }
    }
    /* injection units */
    long base = (long)u->node * g->sets * g->quads;
    int nqa = g->sets * g->quads;
    for (int e = 0; e < u->term; e++) {
        uint16_t before[256];
        int took = 0, qc = -1;
        if (u->has[e]) {
            tn_pending p = {0};
            p.created = u->tag[e];
            p.dst = u->dst[e];
            p.len = 1;
            memcpy(before, g->cnt + base, (size_t)nqa * sizeof *before);
            took = tn_gal_enqueue(&s->gal, u->node, &p) != 0; /* nonzero: queued */
            if (took)
                for (int j = 0; j < nqa; j++)
                    if (g->cnt[base + j] != before[j])
                        qc = j;
        }
        if (queue_c)
            queue_c[e] = qc;
        snprintf(w, sizeof w, "source %d", e);
        if ((long)((rt >> e) & 1) != took)
            fail_at(u, "%s taken", w, (rt >> e) & 1, took);
        if (took && (long)tn_gal_rtl_queue(u->r, e) != qc)
            fail_at(u, "%s queue", w, tn_gal_rtl_queue(u->r, e), qc);
    }
    s->cycle = u->t_now;
    tn_gal_tick(&s->gal, s->cycle, s->cycle >= s->meas.win_lo && s->cycle < s->meas.win_hi);
    tn_gal_rtl_clock(u->r);
    compare_state(u);
    u->t_now++;
    return rt;
}

/* Random stimulus: a source holds its packet until taken; the next one appears with p_src. */
static void random_run(run *u)
{
    int nodes = u->s->g.nodes;
    for (long i = 0; i < u->cycles && u->ok; i++) {
        int ready[4] = {0};
        for (int e = 0; e < u->term; e++) {
            if (!u->has[e] && chance(u->p_src)) {
                u->has[e] = 1;
                u->dst[e] = (int)(rnd() % (uint32_t)nodes);
                u->tag[e] = u->next_tag++ & 0xffffu;
            }
            ready[e] = chance(u->p_rdy);
        }
        u->afree = 0;
        for (int b = 0; b < 2 * u->n; b++)
            u->afree |= (unsigned)chance(u->p_free) << b;
        unsigned took = cycle(u, ready, NULL, NULL);
        for (int e = 0; e < u->term; e++)
            if ((took >> e) & 1)
                u->has[e] = 0;
    }
}

static long random_runs(tn_gal_rtl *r, long total)
{
    static const int t_fixed[] = {0, 1, 2, 3, 5, 1024};
    long done = 0;
    int runs = 0;
    while (done < total) {
        for (int inst = 0; inst < TN_GAL_RTL_NINST; inst++) {
            for (int sets = 0; sets < 3; sets++) {
                run u = {0};
                u.inst = inst;
                u.sets = sets;
                /* an instance built without the adaptive threshold (ADAPT = 0) runs the fixed
                 * threshold whatever its cfg_adapt_i says: the input alternates, the model is
                 * fixed */
                u.adapt_in = runs % 2;
                u.adapt = tn_gal_rtl_param[inst][4] ? u.adapt_in : 0;
                u.t = t_fixed[(runs / 2) % 6];
                u.tmin = (int)(rnd() % 3);
                u.tmax = u.tmin + 1 + (int)(rnd() % 6);
                u.n1 = (runs % 7 == 0) ? 1 : (runs % 7 == 1) ? 64 : 1 + (int)(rnd() % 12);
                u.n2 = 1 + (int)(rnd() % 6);
                u.p_src = 300 + (int)(rnd() % 700);
                u.p_rdy = 100 + (int)(rnd() % 800);
                u.p_free = 300 + (int)(rnd() % 701);
                u.cycles = 2500;
                int k = tn_gal_rtl_param[inst][0], n = tn_gal_rtl_param[inst][1], nodes = 1;
                for (int d = 0; d < n; d++)
                    nodes *= k;
                u.node = (int)(rnd() % (uint32_t)nodes);
                char what[200];
                if (run_open(&u, r)) {
                    tap(0, "random run: C model", u.diag);
                    return done;
                }
                random_run(&u);
                done += u.t_now;
                snprintf(what, sizeof what, "random %ld cycles: K=%d N=%d TERM=%d QD=%d node %d "
                         "sets=%s %s (src %d%%, ready %d%%, port free %d%%)", u.t_now, u.k, u.n,
                         u.term, u.qd, u.node, sets == 0 ? "1" : sets == 1 ? "2" : "dir",
                         u.adapt ? "adaptive"
                         : u.adapt_in ? "fixed (ADAPT=0 built, cfg_adapt_i=1)" : "fixed",
                         u.p_src / 10, u.p_rdy / 10,
                         u.p_free / 10);
                char thr[80];
                if (u.adapt)
                    snprintf(thr, sizeof thr, " tmin=%d tmax=%d n1=%d n2=%d", u.tmin, u.tmax, u.n1,
                             u.n2);
                else
                    snprintf(thr, sizeof thr, " T=%d", u.t);
                strncat(what, thr, sizeof what - strlen(what) - 1);
                tap(u.ok, what, u.diag);
                run_close(&u);
                runs++;
            }
        }
    }
    return done;
}

/* ---- directed test: instance 0 (K=4 N=2 TERM=1 QD=4), hand-computed values ---- */
static int node_at(int k, int x, int y) { return x + k * y; }

/* One directed cycle: source 0 offers dst (or none: dst < 0), sender 0 ready or not; checks the
 * RTL's take bit and queue (exp_q = -1: not taken) and, when exp_tag >= 0, the started tag. */
static void dcycle(run *u, int dst, int ready, int exp_q, int exp_start, const char *what)
{
    int rdy[4] = {ready, 0, 0, 0}, qc[4], st[4];
    if (dst >= 0) {
        u->has[0] = 1;
        u->dst[0] = dst;
        u->tag[0] = u->next_tag++;
    } else {
        u->has[0] = 0;
    }
    tn_gal_rtl_src(u->r, 0, u->has[0], u->has[0] ? tn_addr_of(&u->s->g, dst) : 0, u->tag[0]);
    tn_gal_rtl_snd(u->r, 0, ready);
    tn_gal_rtl_afree(u->r, u->afree);
    tn_gal_rtl_eval(u->r);
    int r_take = (int)(tn_gal_rtl_take(u->r) & 1), r_q = (int)tn_gal_rtl_queue(u->r, 0);
    int r_start = (tn_gal_rtl_valid(u->r) & 1) ? (int)tn_gal_rtl_tag(u->r, 0) : -1;
    cycle(u, rdy, qc, st);
    char d[256] = "";
    int ok = (exp_q < 0 ? !r_take : (r_take && r_q == exp_q)) && r_start == exp_start;
    if (!ok)
        snprintf(d, sizeof d, "cycle %ld: RTL take %d queue %d start %d; expected queue %d "
                 "start %d", u->t_now - 1, r_take, r_q, r_start, exp_q, exp_start);
    tap(ok, what, d);
    if (!u->ok) {
        tap(0, "directed: RTL equals C", u->diag);
        u->ok = 1;
    }
    if (r_take)
        u->has[0] = 0;
}

/* Open a directed run on instance 0 (K=4 N=2 TERM=1 QD=4): sets (0 one, 2 dir), fixed T, node;
 * 0 on success (a failure is reported). */
static int dopen(run *u, tn_gal_rtl *r, int sets, int t, int node)
{
    memset(u, 0, sizeof *u);
    tn_config d;
    tn_config_default(&d);
    u->n1 = d.gal_n1; /* unused by the fixed threshold, but a configuration keeps their ranges */
    u->n2 = d.gal_n2;
    u->inst = 0;
    u->sets = sets;
    u->t = t;
    u->node = node;
    if (run_open(u, r)) {
        tap(0, "directed: C model", u->diag);
        return -1;
    }
    return 0;
}

static void directed(tn_gal_rtl *r)
{
    run u;
    if (dopen(&u, r, 0, 1, node_at(4, 0, 0)))
        return;
    int d11 = node_at(4, 1, 1), d10 = node_at(4, 1, 0);
    /* T = 1: the first packet to (1,1) goes to the minimal quadrant 0 (+x +y) */
    dcycle(&u, d11, 0, 0, -1, "T=1: below the threshold, the minimal queue (0)");
    /* queue 0 holds 1 >= T: the shortest; 1, 2, 3 are empty, the first lower one wins: 1 */
    dcycle(&u, d11, 0, 1, -1, "at the threshold: the shortest queue, ties to the lowest (1)");
    dcycle(&u, d11, 0, 2, -1, "counts 1 1 0 0: quadrant 2");
    /* (1,0): dy = 0, so quadrants 0 and 2 (+x, either y) are both minimal; counts 1 1 1 0:
     * the minimal queue is 0 (tie with 2: qmin); it holds 1 >= T, so the shortest of the
     * quadrants with its y bit, 0 and 1: 1 is not strictly fewer, 0 stays */
    dcycle(&u, d10, 0, 0, -1, "dy=0: minimal queue 0 at T; alternatives keep its y bit (0)");
    /* counts 2 1 1 0: a packet to (0,1) (dx = 0: quadrants 0 and 1 minimal): the minimal queue
     * is the shorter, 1; it holds 1 >= T; the alternatives with its x bit are 1 and 3: 3 */
    dcycle(&u, node_at(4, 0, 1), 0, 3, -1, "dx=0: minimal queue 1 (shorter than 0); then 3");
    run_close(&u);

    /* full-queue wait: T = 1024 (always minimal), QD = 4 */
    if (dopen(&u, r, 0, 1024, node_at(4, 0, 0)))
        return;
    for (int i = 0; i < 4; i++)
        dcycle(&u, d11, 0, 0, -1, "T=1024: fill the minimal queue");
    /* the 5th waits (queue full) and stays pending */
    int tag5 = (int)u.next_tag;
    dcycle(&u, d11, 0, -1, -1, "queue full: the packet waits in the source queue");
    u.next_tag = (uint32_t)tag5; /* offer the same packet again */
    /* sender ready: the head (tag 1) departs and, in the same cycle, the waiting packet is
     * queued in the slot it freed */
    dcycle(&u, d11, 1, 0, 1, "departure frees a slot the same cycle: the waiting packet is taken");
    dcycle(&u, -1, 1, -1, 2, "FIFO order: the second packet starts next");
    run_close(&u);

    /* parity tie rule: from x = 1 (odd) to x = 3, delta+ = delta- = 2: direction -, quadrant 1;
     * from x = 0 (even) to x = 2: +, quadrant 0 */
    if (dopen(&u, r, 2, 2, node_at(4, 1, 0)))
        return;
    dcycle(&u, node_at(4, 3, 0), 0, 1 * 4 + 1, -1, "tie at K/2 from odd x: quadrant 1 (-x), set 1");
    run_close(&u);
    if (dopen(&u, r, 2, 2, node_at(4, 0, 0)))
        return;
    dcycle(&u, node_at(4, 2, 0), 0, 0, -1, "tie at K/2 from even x: quadrant 0 (+x), set 0");
    /* near/far needs sets=1; dir: (3,3) from (0,0) is -x -y: set 3 quadrant 3 */
    dcycle(&u, node_at(4, 3, 3), 0, 3 * 4 + 3, -1, "dir: (3,3) from (0,0) is set 3, quadrant 3");
    run_close(&u);

    /* R21.5.1's hold (dir sets, T = 1, node (0,0)): two packets to (1,1), set 0; the first goes to
     * quadrant 0 (+x +y, the set's own), the second over T to quadrant 1 (-x +y: ports -x, bit 1,
     * and +y, bit 2, of afree) */
    if (dopen(&u, r, 2, 1, node_at(4, 0, 0)))
        return;
    int t1 = (int)u.next_tag, t2 = t1 + 1;
    dcycle(&u, d11, 0, 0, -1, "hold: the first packet to (1,1) in queue 0 (set 0, quadrant 0)");
    dcycle(&u, d11, 0, 1, -1, "hold: the second over T in queue 1 (quadrant 1: -x +y)");
    u.afree = 0;
    dcycle(&u, -1, 1, -1, t1, "hold: no port free, the set's own quadrant is never held");
    dcycle(&u, -1, 1, -1, -1, "hold: quadrant 1 waits while neither -x nor +y is free");
    u.afree = 0x2;
    dcycle(&u, -1, 1, -1, -1, "hold: quadrant 1 waits with -x free and +y not");
    u.afree = 0x6;
    dcycle(&u, -1, 1, -1, t2, "hold: -x and +y free, quadrant 1's packet starts");
    run_close(&u);

    /* the same with one set (no quadrant is the set's own): never held */
    if (dopen(&u, r, 0, 1, node_at(4, 0, 0)))
        return;
    t1 = (int)u.next_tag;
    t2 = t1 + 1;
    dcycle(&u, d11, 0, 0, -1, "one set: the first packet to (1,1) in queue 0");
    dcycle(&u, d11, 0, 1, -1, "one set: the second over T in queue 1");
    u.afree = 0;
    dcycle(&u, -1, 1, -1, t1, "one set, no port free: queue 0 starts");
    dcycle(&u, -1, 1, -1, t2, "one set, no port free: queue 1 starts (no hold without a set's quadrant)");
    run_close(&u);
}

int main(int argc, char **argv)
{
    unsigned long seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
    vl_seed(seed);
    printf("# vl_gal_ni seed %lu\n", seed);
    tn_gal_rtl *r = tn_gal_rtl_new();
    if (!r) {
        printf("not ok 1 - out of memory for the Verilated model\n1..1\n");
        return 1;
    }
    directed(r);
    long n = random_runs(r, 100000);
    printf("# %ld random cycles compared\n", n);
    tap(n >= 100000, "at least 100000 random cycles compared", "");
    tn_gal_rtl_free(r);
    printf("1..%d\n", n_test);
    return n_fail ? 1 : 0;
}
