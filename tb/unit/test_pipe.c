/* SPDX-License-Identifier: MIT */
/* PIPE=1 (docs/microarchitecture.md 6.8, 14.5, 14.6, 14.8): the zero-load latency 3H + L + 3,
 * the credit loop of 6 cycles (one VC streams one flit per cycle with buf >= 6, buf flits per 6
 * cycles below), runs past saturation that drain under every routing family and selection, the
 * masks of the grant in flight (taken: no head takes its output VC; sent: its VC goes on only as
 * a body with go), the error delay, the worked trace, the refusal with routing=chaos. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

static tn_sim *pipe_sim(int k, int n, int vcs, int buf, int pipe)
{
    tn_config c = base(k, n);
    char err[TN_ERRLEN];
    c.vcs = vcs;
    c.buf = buf;
    c.pipe = pipe;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return s;
}

/* One packet alone: its latency (creation to tail ejection) and hop count. */
static long one_packet(int k, int n, int vcs, int buf, int pipe, int src, int dst, int len,
                       int *hops)
{
    tn_sim *s = pipe_sim(k, n, vcs, buf, pipe);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    for (int i = 0; i < 5; i++)
        tn_sim_step(s);
    long t0 = tn_sim_cycle(s);
    assert_int_equal(tn_sim_inject(s, src, dst, len), 0);
    while (!l.count && tn_sim_cycle(s) < t0 + 5000)
        tn_sim_step(s);
    for (int i = 0; i < 10; i++) /* nothing more arrives, no error is pending */
        tn_sim_step(s);
    assert_int_equal(l.count, 1);
    assert_int_equal(l.r.created, t0);
    assert_int_equal(tn_sim_check_errors(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    *hops = l.r.hops;
    assert_int_equal(*hops, dor_hops(tn_sim_geom(s), src, dst));
    tn_sim_free(s);
    return l.r.ejected - l.r.created;
}

/* R14.5.1: T0 = 3H + L + 3 for pipe=1 (one cycle more per router than pipe=0's 2H + L + 2). */
static void test_pipe_zero_load(void **st)
{
    (void)st;
    static const struct { int k, n, vcs, buf, src, dst, len; } c[] = {
        {8, 2, 2, 8, 0, 0, 1},         /* H = 0 */
        {8, 2, 2, 8, 0, 1, 1},         /* one hop, one flit */
        {8, 2, 2, 8, 0, 3 + 8 * 5, 4}, /* 3 + 3 hops through the wrap */
        {8, 2, 4, 16, 63, 0, 16},      /* both wraps, a long packet */
        {4, 3, 2, 8, 0, 63, 12},       /* 3-D */
        {16, 1, 2, 6, 3, 12, 30},      /* a ring, 7 hops, buf 6 streams 30 flits */
        {5, 2, 3, 6, 7, 19, 2},        /* odd k */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int h0, h1;
        long t0 = one_packet(c[i].k, c[i].n, c[i].vcs, c[i].buf, 0, c[i].src, c[i].dst, c[i].len,
                             &h0);
        long t1 = one_packet(c[i].k, c[i].n, c[i].vcs, c[i].buf, 1, c[i].src, c[i].dst, c[i].len,
                             &h1);
        assert_int_equal(h0, h1);
        if (t1 != 3 * h1 + c[i].len + 3 || t0 != 2 * h0 + c[i].len + 2)
            fail_msg("case %zu: H %d L %d: pipe=1 %ld cycles (3H+L+3 = %d), pipe=0 %ld (2H+L+2 = "
                     "%d)", i, h1, c[i].len, t1, 3 * h1 + c[i].len + 3, t0,
                     2 * h0 + c[i].len + 2);
    }
}

/* R14.6.1: the credit loop is 6 cycles, so one VC streams one flit per cycle with buf >= 6 and
 * buf flits per 6 cycles below: a packet 60 flits longer takes 60 * max(1, 6 / buf) cycles more
 * (60 is a multiple of every buf below). pipe=0's loop is 4 cycles. */
static void test_pipe_stream(void **st)
{
    (void)st;
    static const struct { int buf, pipe; long per60; } c[] = {
        {8, 1, 60}, {6, 1, 60}, {5, 1, 72}, {4, 1, 90}, {3, 1, 120}, {2, 1, 180},
        {4, 0, 60}, {3, 0, 80}, {2, 0, 120},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int h;
        long a = one_packet(8, 2, 2, c[i].buf, c[i].pipe, 0, 2 + 8 * 1, 40, &h);
        long b = one_packet(8, 2, 2, c[i].buf, c[i].pipe, 0, 2 + 8 * 1, 100, &h);
        if (b - a != c[i].per60)
            fail_msg("buf %d pipe %d: 60 more flits took %ld more cycles, expected %ld",
                     c[i].buf, c[i].pipe, b - a, c[i].per60);
        if (c[i].pipe && c[i].buf >= 6)
            assert_int_equal(a, 3 * h + 40 + 3);
    }
}

typedef struct seen {
    long packets;
    long seq_sum, seq_want;
} seen;

static void on_seen(void *user, const tn_pkt_record *p)
{
    seen *w = user;
    (void)p;
    w->packets++;
}

/* Past saturation every routing family and every selection drains under pipe=1: no deadlock, every
 * packet delivered exactly once and intact, no router error. */
static void test_pipe_past_saturation(void **st)
{
    (void)st;
    static const struct { const char *routing, *selection, *topo; int k, vcs; } c[] = {
        {"dor", "ldsf", "torus", 4, 2},      {"val", "ldsf", "torus", 4, 4},
        {"acor", "ldsf", "torus", 4, 4},     {"minad", "random", "torus", 4, 3},
        {"minad", "dor", "torus", 4, 3},     {"minad", "zigzag", "torus", 4, 3},
        {"minad", "lru", "torus", 4, 3},     {"minad", "ldsf", "torus", 4, 3},
        {"minad", "sq", "torus", 4, 3},      {"goal", "random", "torus", 4, 3},
        {"goal", "sq", "torus", 4, 3},       {"gal", "ldsf", "torus", 4, 3},
        {"gal", "zigzag", "torus", 4, 3},    {"dor", "ldsf", "mesh", 4, 1},
        {"minad", "lru", "mesh", 4, 2},      {"val", "ldsf", "mesh", 4, 2},
        {"minad", "ldsf", "utorus", 4, 3},   {"dor", "ldsf", "utorus", 4, 2},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        tn_config cf = base(c[i].k, 2);
        char err[TN_ERRLEN];
        const char *kv[][2] = {{"routing", c[i].routing}, {"selection", c[i].selection},
                               {"topo", c[i].topo}, {"pipe", "1"}, {"pkt", "1-8"}};
        for (size_t j = 0; j < sizeof kv / sizeof kv[0]; j++)
            if (tn_config_set(&cf, kv[j][0], kv[j][1], err, sizeof err))
                fail_msg("%s", err);
        cf.vcs = c[i].vcs;
        cf.buf = 4;
        /* all an injection channel carries on a 4-ary torus; past saturation on the others */
        cf.load = strcmp(c[i].topo, "torus") ? 1.0 : 0.5;
        cf.warmup = 300;
        cf.measure = 1500;
        cf.watchdog = 2000;
        tn_sim *s = tn_sim_new(&cf, err, sizeof err);
        if (!s)
            fail_msg("case %zu: %s", i, err);
        seen w = {0};
        tn_sim_on_deliver(s, on_seen, &w);
        tn_stats sst;
        int rc = tn_sim_run(s, &sst);
        if (rc || sst.deadlocked || sst.injected != sst.delivered || w.packets != sst.delivered ||
            sst.check_errors || sst.router_errors)
            fail_msg("case %zu (%s %s %s): rc %d deadlocked %d injected %ld delivered %ld (%ld "
                     "seen) errors %ld/0x%x: %s", i, c[i].routing, c[i].selection, c[i].topo, rc,
                     sst.deadlocked, sst.injected, sst.delivered, w.packets, sst.check_errors,
                     sst.router_errors, tn_sim_first_error(s));
        if (!sst.saturated)
            fail_msg("case %zu (%s %s %s): not saturated", i, c[i].routing, c[i].selection,
                     c[i].topo);
        assert_true(sst.injected > 100);
        tn_sim_free(s);
    }
}

/* A grant registered at the end of a cycle (R6.8.3), as the observation bus shows it. */
typedef struct pgrant {
    int gin, vc, op, ov, alloc;
} pgrant;

static pgrant grant_at(const tn_sim *s, long slot)
{
    const tn_pipe_regs *pp = &s->rt.pp;
    pgrant g = {pp->gin[slot], pp->vc[slot], pp->op[slot], pp->ov[slot], pp->alloc[slot]};
    return g;
}

/* R6.8.2, taken: a head allocated in t cannot take the output VC the head in flight (the grant
 * of t-1, traversed in t) takes, although S(t) still shows that VC free. Loaded 4x4 tori: at
 * every cycle and router, no grant of t with alloc names the (op, ov) of an allocating grant of
 * t-1; the grant in flight takes a VC that was not busy (R6.7.1 finds it free); and heads were
 * allocated on the port of a head in flight often enough for the mask to matter. */
static void test_pipe_mask_taken(void **st)
{
    (void)st;
    static const struct { const char *routing; int vcs; } c[] = {
        {"dor", 2}, {"dor", 4}, {"minad", 3}, {"val", 4}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        tn_config cf = base(4, 2);
        char err[TN_ERRLEN];
        if (tn_config_set(&cf, "routing", c[i].routing, err, sizeof err) ||
            tn_config_set(&cf, "pipe", "1", err, sizeof err) ||
            tn_config_set(&cf, "pkt", "1-4", err, sizeof err))
            fail_msg("%s", err);
        cf.vcs = c[i].vcs;
        cf.buf = 4;
        cf.load = 0.45;
        tn_sim *s = tn_sim_new(&cf, err, sizeof err);
        if (!s)
            fail_msg("case %zu: %s", i, err);
        const int P = s->P, N = tn_sim_geom(s)->nodes;
        long same_port = 0;
        for (int t = 0; t < 1500; t++) {
            uint32_t inflight[16 * TN_MAX_P] = {0}; /* [node*P + op]: VCs heads in flight take */
            for (long x = 0; x < (long)N * P; x++) {
                pgrant g = grant_at(s, x);
                if (g.gin && g.alloc) {
                    const long o = x / P * P + g.op;
                    assert_int_equal((s->rt.ou.busy[o] >> g.ov) & 1u, 0);
                    inflight[o] |= 1u << g.ov;
                }
            }
            tn_sim_step(s);
            for (long x = 0; x < (long)N * P; x++) {
                pgrant g = grant_at(s, x);
                if (!g.gin || !g.alloc)
                    continue;
                const long o = x / P * P + g.op;
                if ((inflight[o] >> g.ov) & 1u)
                    fail_msg("case %zu cycle %d: node %ld input port %ld took output VC (%d, %d), "
                             "which the head in flight takes", i, t, x / P, x % P, g.op, g.ov);
                same_port += inflight[o] != 0;
            }
        }
        assert_int_equal(tn_sim_router_errors(s), 0);
        assert_int_equal(tn_sim_check_errors(s), 0);
        if (same_port < 20)
            fail_msg("case %zu: only %ld heads allocated beside a head in flight", i, same_port);
        tn_sim_free(s);
    }
}

/* R6.8.2, sent and go: the input VC whose flit is in flight requests again at once, as a body for
 * the registered port, iff its front flit is not a tail, it holds 2 flits and its output VC has 2
 * credits (or is terminal). A 4x4 mesh with one VC under uniform traffic: an output VC is held by
 * one packet, so a body request has no competitor; a VC with go is granted again (same port and
 * output VC, no alloc) and one without is not. Each reason stops it alone somewhere: a tail (the
 * next packet's head behind it), cnt 1, credits 1. */
static void test_pipe_go(void **st)
{
    (void)st;
    long stop[3] = {0, 0, 0}, went = 0; /* alone: [0] tail, [1] cnt 1, [2] credits 1 */
    static const struct { int buf; double load; } c[] = {{2, 0.3}, {3, 0.5}, {8, 0.5}, {4, 0.2}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        tn_config cf = base(4, 2);
        char err[TN_ERRLEN];
        if (tn_config_set(&cf, "topo", "mesh", err, sizeof err) ||
            tn_config_set(&cf, "pipe", "1", err, sizeof err) ||
            tn_config_set(&cf, "pkt", "1-6", err, sizeof err))
            fail_msg("%s", err);
        cf.vcs = 1;
        cf.buf = c[i].buf;
        cf.load = c[i].load;
        tn_sim *s = tn_sim_new(&cf, err, sizeof err);
        if (!s)
            fail_msg("case %zu: %s", i, err);
        const int P = s->P, N = tn_sim_geom(s)->nodes;
        for (int t = 0; t < 1000; t++) {
            int go[16 * TN_MAX_P];
            pgrant was[16 * TN_MAX_P];
            for (long x = 0; x < (long)N * P; x++) {
                was[x] = grant_at(s, x);
                if (!was[x].gin)
                    continue;
                const long ivc = x * s->V + was[x].vc;
                const long ovc = (x / P * P + was[x].op) * s->V + was[x].ov;
                const int tail = tn_iu_front(&s->rt, ivc)->tail, cnt1 = s->rt.iu.cnt[ivc] < 2;
                const int crd1 = !tn_port_is_term(tn_sim_geom(s), was[x].op) &&
                                 s->rt.ou.credits[ovc] < 2;
                go[x] = !tail && !cnt1 && !crd1;
                if (tail + cnt1 + crd1 == 1)
                    stop[tail ? 0 : cnt1 ? 1 : 2]++;
            }
            tn_sim_step(s);
            for (long x = 0; x < (long)N * P; x++) {
                if (!was[x].gin)
                    continue;
                pgrant g = grant_at(s, x);
                if (go[x]) {
                    went++;
                    if (!g.gin || g.vc != was[x].vc || g.op != was[x].op || g.ov != was[x].ov ||
                        g.alloc)
                        fail_msg("case %zu cycle %d: node %ld port %ld: go held but the grant is "
                                 "%d (v%d, %d, %d) alloc %d", i, t, x / P, x % P, g.gin, g.vc,
                                 g.op, g.ov, g.alloc);
                } else if (g.gin && g.vc == was[x].vc) {
                    fail_msg("case %zu cycle %d: node %ld port %ld: no go, yet granted again",
                             i, t, x / P, x % P);
                }
            }
        }
        assert_int_equal(tn_sim_router_errors(s), 0);
        assert_int_equal(tn_sim_check_errors(s), 0);
        tn_sim_free(s);
    }
    if (!went || !stop[0] || !stop[1] || !stop[2])
        fail_msg("went %ld, stopped by a tail alone %ld, cnt 1 alone %ld, credits 1 alone %ld",
                 went, stop[0], stop[1], stop[2]);
}

/* R13.2 under pipe=1: a condition of cycle t is in errc_q at the end of t and in err at the end
 * of t+1. */
static void test_pipe_error_delay(void **st)
{
    (void)st;
    tn_sim *s = pipe_sim(4, 2, 2, 8, 1);
    tn_flit f;
    memset(&f, 0, sizeof f);
    f.head = 0; /* a body at the front of an IDLE VC: ORDER in the next cycle's requests */
    f.tail = 1;
    tn_iu_push(&s->rt, 5, 1, &f);
    tn_sim_step(s); /* cycle t: the request sees ORDER */
    assert_int_equal(s->rt.err[5], 0);
    assert_int_equal(s->rt.pp.errc[5], TN_ERR_ORDER);
    assert_int_equal(tn_sim_router_errors(s), TN_ERR_ORDER);
    tn_sim_step(s); /* t+1: in err */
    assert_true(s->rt.err[5] & TN_ERR_ORDER);
    tn_sim_free(s);
}

/* The worked trace of docs/microarchitecture.md 14.8 (R14.8.1): 14.4's packet (2 flits, node 0
 * to node 1 of the 4x4 torus, created in cycle 2) under pipe=1. Every row of the document's
 * table, asserted at the start of every cycle 2..12. TN_PRINT_TRACE=1 prints the table the model
 * gives, in the document's notation (that is how the table was made). */
#define PT_ROWS 24
#define PT_C0 2
#define PT_NC 11
static const char *const pt_name[PT_ROWS] = {
    "source `credits[0]`",
    "injection link (node 0, input port 0)",
    "node 0, input VC (0,0): `cnt`",
    "node 0, input VC (0,0): state",
    "node 0, `pv_gin[0]` (`pv_vc`, `pv_op`, `pv_ov`)",
    "node 0, `pv_alloc[0]`",
    "node 0, credit register of port 0",
    "node 0, `sa1_ptr[0]`",
    "node 0, `sa2_ptr[1]`",
    "node 0, output VC (1,1): `busy`",
    "node 0, output VC (1,1): `credits`",
    "node 0, output register of port 1 (+x)",
    "node 1, input VC (2,1): `cnt`",
    "node 1, input VC (2,1): state",
    "node 1, `pv_gin[2]` (`pv_vc`, `pv_op`, `pv_ov`)",
    "node 1, `pv_alloc[2]`",
    "node 1, credit register of port 2",
    "node 1, `sa1_ptr[2]`",
    "node 1, `sa2_ptr[0]`",
    "node 1, output VC (0,0): `busy`",
    "node 1, output register of port 0 (ejection)",
    "node 0, `err`, `errc`",
    "node 1, `err`, `errc`",
    "packets delivered"};
static const char *const pt_want[PT_ROWS][PT_NC] = {
    {"8", "7", "6", "6", "6", "7", "8", "8", "8", "8", "8"},
    {"—", "H v0", "T v0", "—", "—", "—", "—", "—", "—", "—", "—"},
    {"0", "0", "1", "2", "1", "0", "0", "0", "0", "0", "0"},
    {"I", "I", "I", "I", "A 1/1", "I", "I", "I", "I", "I", "I"},
    {"0", "0", "0", "1 (v0, 1, 1)", "1 (v0, 1, 1)", "0", "0", "0", "0", "0", "0"},
    {"0", "0", "0", "1", "0", "0", "0", "0", "0", "0", "0"},
    {"—", "—", "—", "—", "v0", "v0", "—", "—", "—", "—", "—"},
    {"0", "0", "0", "1", "1", "1", "1", "1", "1", "1", "1"},
    {"0", "0", "0", "1", "1", "1", "1", "1", "1", "1", "1"},
    {"0", "0", "0", "0", "1", "0", "0", "0", "0", "0", "0"},
    {"8", "8", "8", "8", "7", "6", "6", "6", "7", "8", "8"},
    {"—", "—", "—", "—", "H v1", "T v1", "—", "—", "—", "—", "—"},
    {"0", "0", "0", "0", "0", "1", "2", "1", "0", "0", "0"},
    {"I", "I", "I", "I", "I", "I", "I", "A 0/0", "I", "I", "I"},
    {"0", "0", "0", "0", "0", "0", "1 (v1, 0, 0)", "1 (v1, 0, 0)", "0", "0", "0"},
    {"0", "0", "0", "0", "0", "0", "1", "0", "0", "0", "0"},
    {"—", "—", "—", "—", "—", "—", "—", "v1", "v1", "—", "—"},
    {"0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
    {"0", "0", "0", "0", "0", "0", "3", "3", "3", "3", "3"},
    {"0", "0", "0", "0", "0", "0", "0", "1", "0", "0", "0"},
    {"—", "—", "—", "—", "—", "—", "—", "H v0", "T v0", "—", "—"},
    {"0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0"},
    {"0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0", "0, 0"},
    {"0", "0", "0", "0", "0", "0", "0", "0", "0", "1", "1"},
};

static void pt_link(const tn_sim *s, int node, int port, int inj, char *out, size_t len)
{
    snprintf(out, len, "—");
    for (long i = 0; i < s->lk.nlev[s->lk.cur]; i++) {
        const tn_link_ev *e = &s->lk.lev[s->lk.cur][i];
        int hit = inj ? e->from_node < 0 && e->node == node && e->from_port == port
                      : e->from_node == node && e->from_port == port;
        if (hit)
            snprintf(out, len, "%s%s v%d", e->f.head ? "H" : "", e->f.tail ? "T" : "", e->f.vc);
    }
}

static void pt_credit(const tn_sim *s, int node, int port, char *out, size_t len)
{
    snprintf(out, len, "—");
    for (long i = 0; i < s->lk.ncev[s->lk.cur]; i++) {
        const tn_credit_ev *e = &s->lk.cev[s->lk.cur][i];
        if (e->node == node && e->port == port)
            snprintf(out, len, "v%d", e->vc);
    }
}

static void pt_grant(const tn_sim *s, long slot, char *out, size_t len)
{
    if (s->rt.pp.gin[slot])
        snprintf(out, len, "1 (v%d, %d, %d)", s->rt.pp.vc[slot], s->rt.pp.op[slot],
                 s->rt.pp.ov[slot]);
    else
        snprintf(out, len, "0");
}

static void pt_fill(const tn_sim *s, long delivered, char v[PT_ROWS][24])
{
    const int P = s->P, V = s->V;
    const long n0_ivc = (0L * P + 0) * V + 0, n1_ivc = (1L * P + 2) * V + 1;
    const long n0_ovc = (0L * P + 1) * V + 1;
    char st[24];
    int r = 0;
    snprintf(v[r++], 24, "%d", s->src[0].credits[0]);
    pt_link(s, 0, 0, 1, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.iu.cnt[n0_ivc]);
    wk_state(s, n0_ivc, st, sizeof st);
    snprintf(v[r++], 24, "%s", st);
    pt_grant(s, 0L * P + 0, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.pp.alloc[0L * P + 0]);
    pt_credit(s, 0, 0, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.as.sa1_ptr[0L * P + 0]);
    snprintf(v[r++], 24, "%d", s->rt.as.sa2_ptr[0L * P + 1]);
    snprintf(v[r++], 24, "%u", (unsigned)((s->rt.ou.busy[0L * P + 1] >> 1) & 1u));
    snprintf(v[r++], 24, "%d", s->rt.ou.credits[n0_ovc]);
    pt_link(s, 0, 1, 0, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.iu.cnt[n1_ivc]);
    wk_state(s, n1_ivc, st, sizeof st);
    snprintf(v[r++], 24, "%s", st);
    pt_grant(s, 1L * P + 2, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.pp.alloc[1L * P + 2]);
    pt_credit(s, 1, 2, v[r++], 24);
    snprintf(v[r++], 24, "%d", s->rt.as.sa1_ptr[1L * P + 2]);
    snprintf(v[r++], 24, "%d", s->rt.as.sa2_ptr[1L * P + 0]);
    snprintf(v[r++], 24, "%u", (unsigned)(s->rt.ou.busy[1L * P + 0] & 1u));
    pt_link(s, 1, 0, 0, v[r++], 24);
    snprintf(v[r++], 24, "%u, %u", (unsigned)s->rt.err[0], (unsigned)s->rt.pp.errc[0]);
    snprintf(v[r++], 24, "%u, %u", (unsigned)s->rt.err[1], (unsigned)s->rt.pp.errc[1]);
    snprintf(v[r++], 24, "%ld", delivered);
}

static void test_pipe_worked_trace(void **st_)
{
    (void)st_;
    static const char *const keys[][2] = {
        {"k", "4"}, {"n", "2"}, {"vcs", "2"}, {"buf", "8"}, {"pkt", "2"}, {"traffic", "trace"},
        {"trace", "tb/regress/trace_worked.txt"}, {"warmup", "0"}, {"measure", "20"},
        {"pipe", "1"}};
    tn_sim *s = keys_sim(keys, sizeof keys / sizeof keys[0]);
    last_pkt l = {0};
    tn_sim_on_deliver(s, on_deliver, &l);
    const int print = getenv("TN_PRINT_TRACE") != NULL;
    static char got[PT_NC][PT_ROWS][24];
    for (long t = 0; t < PT_C0 + PT_NC; t++) {
        if (t >= PT_C0)
            pt_fill(s, l.count, got[t - PT_C0]);
        tn_sim_step(s);
    }
    if (print) {
        printf("| register (visible in cycle →) |");
        for (int c = 0; c < PT_NC; c++)
            printf(" %d |", PT_C0 + c);
        printf("\n|---|");
        for (int c = 0; c < PT_NC; c++)
            printf("---|");
        printf("\n");
        for (int r = 0; r < PT_ROWS; r++) {
            printf("| %s |", pt_name[r]);
            for (int c = 0; c < PT_NC; c++)
                printf(" %s |", got[c][r]);
            printf("\n");
        }
        for (int r = 0; r < PT_ROWS; r++) {
            printf("    {");
            for (int c = 0; c < PT_NC; c++)
                printf("\"%s\"%s", got[c][r], c + 1 < PT_NC ? ", " : "");
            printf("},\n");
        }
    }
    for (int r = 0; r < PT_ROWS; r++)
        for (int c = 0; c < PT_NC; c++)
            if (pt_want[r][c] && strcmp(got[c][r], pt_want[r][c]))
                fail_msg("start of cycle %d: %s is \"%s\", the table says \"%s\"", PT_C0 + c,
                         pt_name[r], got[c][r], pt_want[r][c]);
    assert_int_equal(l.count, 1);
    assert_int_equal(l.r.ejected - l.r.created, 3 * 1 + 2 + 3);
    tn_sim_free(s);
}

/* pipe=1 is refused where it is not defined: CHAOS; pipe takes 0 and 1 only. */
static void test_pipe_refusals(void **st)
{
    (void)st;
    expect_bad("pipe", "2", "0 1");
    expect_bad("pipe", "on", "0 1");
    tn_config c = base(4, 2);
    char err[TN_ERRLEN] = "";
    assert_int_equal(tn_config_set(&c, "routing", "chaos", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "pipe", "1", err, sizeof err), 0);
    c.vcs = 2;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_null(s);
    if (!strstr(err, "pipe") || !strstr(err, "'1'") || !strstr(err, "routing=chaos: 0"))
        fail_msg("pipe=1 routing=chaos gave '%s'", err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipe_zero_load),       cmocka_unit_test(test_pipe_stream),
        cmocka_unit_test(test_pipe_past_saturation), cmocka_unit_test(test_pipe_mask_taken),
        cmocka_unit_test(test_pipe_go),              cmocka_unit_test(test_pipe_error_delay),
        cmocka_unit_test(test_pipe_refusals),       cmocka_unit_test(test_pipe_worked_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
