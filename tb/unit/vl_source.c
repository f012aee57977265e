/* SPDX-License-Identifier: MIT */
/* Verilated unit test of the board's traffic source alone (rtl/ni/tn_source.v, with
 * rtl/ni/tn_traffic.v) against the C model's generator (cmodel/hw/source.c generate() and
 * tn_source_header, cmodel/hw/traffic.c tn_traffic_dest): for every pattern the board builds,
 * DOR, VAL and GOAL headers and several length ranges, thousands of cycles each, the packets the
 * RTL starts (creation cycle, destination, length, VAL's intermediate node, GOAL's quadrant) are
 * those the C model creates, in order; every flit carries the board's payload (head: the
 * creation cycle mod 2^16; flit j: {len-1, j}), this node as src, and tail on the last flit.
 * Credits come back the cycle after each flit (the source never waits). TAP on stdout; exit 0
 * iff every check passed. Node 5 of a 4x4 torus (the model is built with NODE=5). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn_internal.h"
#include "tn_source_rtl.h"
#include "vl_tap.h"

#define NODE 5
#define SV TN_SRC_V /* the model's VCs (fpga/board.mk's VL_SRC_V) */
#define MAXP 20000

typedef struct pkt {
    long created;
    int dst, len, mid, quad;
} pkt;


/* The C model's packets of channel 0 of NODE for cycles 0..cycles-1 (generate(), per cycle),
 * from stream state stream. */
static int reference(tn_sim *s, uint32_t stream, long cycles, pkt *out)
{
    tn_rng r = {stream};
    int n = 0;
    for (long t = 0; t < cycles && n < MAXP; t++) {
        if ((uint64_t)tn_rng_next(&r) >= s->gen.p_thresh)
            continue;
        tn_pending p;
        memset(&p, 0, sizeof p);
        p.created = t;
        p.len = s->cfg.pkt_min;
        if (s->cfg.pkt_max > s->cfg.pkt_min)
            p.len += (int)tn_rng_below(&r, (uint32_t)(s->cfg.pkt_max - s->cfg.pkt_min + 1));
        p.dst = tn_traffic_dest(&s->gen.tg, &s->g, NODE, &r);
        tn_source_header(&s->gen, NODE, &r, &p);
        out[n++] = (pkt){p.created, p.dst, p.len, (int)p.mid, p.quad};
    }
    return n;
}

/* flit fields at K=4 N=2 W=16 ROUTING=3 (R4.2): payload 16, src 4, dst 4, quad 2, mid 4, phase,
 * tail, head */
#define F(f, lo, w) ((int)(((f) >> (lo)) & ((1ull << (w)) - 1)))

/* Back-pressure and a window, for the runs that set them (main): each flit's credit comes back
 * 1 + below(delay + 1) cycles after it, at most one credit a cycle (the earliest due first), and
 * [lo, hi) drives in_win_i, late_i and before_hi_i. delay 0 and lo < 0: the credit the next cycle,
 * the window inputs as after reset (0, 0, 1). idle: cycles with act_i low before the run (the
 * source draws once after reset, then once per active cycle: the packets must not move). */
static struct {
    int delay;
    long lo, hi;
    int idle; /* cycles with act_i low between the reset and the run */
} bp = {0, -1, -1, 0};

/* One run: keys as tnsim's; stream: the stream's state at reset (0: tn_seed_stream(seed, 1,
 * NODE), as the board); want_dst >= 0: the first packet's destination must also be want_dst (a
 * figure worked out by hand from docs/traffic.md 7.4). */
static void run_ex(tn_source_rtl *rtl, const char *keys, long cycles, pkt *ref, pkt *got,
                   uint32_t stream, int want_dst)
{
    tn_config c;
    char err[TN_ERRLEN], what[512];
    tn_config_default(&c);
    c.k = 4;
    c.n = 2;
    c.vcs = 4;
    c.buf = 8;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", keys);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        *eq = 0;
        if (tn_config_set(&c, tok, eq + 1, err, sizeof err)) {
            snprintf(what, sizeof what, "%s: %s", keys, err);
            tap(0, what, NULL);
            return;
        }
    }
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s) {
        snprintf(what, sizeof what, "%s: %s", keys, err);
        tap(0, what, NULL);
        return;
    }
    /* the RTL runs 2000 cycles past the window to send what it holds: the C model's packets of
     * those cycles may start too */
    if (!stream)
        stream = tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, NODE);
    int nall = reference(s, stream, cycles + 2000, ref), nref = 0;
    while (nref < nall && ref[nref].created < cycles)
        nref++;
    tn_source_cfg rc = {stream, s->gen.p_thresh, (unsigned)c.traffic, (unsigned)c.pkt_min,
                        (unsigned)c.pkt_max, (unsigned)c.routing, (unsigned)c.buf,
                        0, 0, 0, {0}};
    /* randperm and hotspot: the registers the host writes, from the C model's tn_traffic_init */
    if (s->gen.tg.perm)
        rc.perm = (unsigned)s->gen.tg.perm[NODE];
    rc.hot_thresh = s->gen.tg.hot_thresh;
    rc.n_hot = (unsigned)s->gen.tg.n_hot;
    for (int j = 0; j < s->gen.tg.n_hot; j++)
        rc.hot[j] = (unsigned)s->gen.tg.hot[j];
    tn_source_out r0;
    tn_source_rtl_reset(rtl, &rc, &r0);
    for (int i = 0; i < bp.idle; i++)
        tn_source_rtl_idle(rtl);
    int ngot = 0, open = 0, bad = 0, ovf = 0;
    char first[256] = "";
    /* credits under way back to the source (at most V * buf), the flits each VC has out */
    long due[64];
    int cvc[64], npend = 0, outst[SV] = {0};
    tn_rng dr = {0x9e3779b9u ^ stream};
    long heads = 0, starts = 0, enters = 0, marked = 0, marked_len = 0, tight = 0;
    uint32_t injected = 0;
    int vc_ptr = 0; /* R9.3: the next VC the round robin tries first */
    /* packets created before the window's end: all started once all_gen_o is set */
    long before_hi = 0, gen_at = -1;
    for (int i = 0; i < nall && bp.lo >= 0; i++)
        before_hi += ref[i].created < bp.hi;
    if (r0.valid || r0.ovf || r0.pat_err || r0.all_gen || r0.injected) {
        bad++;
        snprintf(first, sizeof first, "after reset: inj_valid %d ovf %d pat_err %d all_gen %d "
                 "injected %u, all 0 wanted", r0.valid, r0.ovf, r0.pat_err, r0.all_gen,
                 r0.injected);
    }
    for (long t = 0; t < cycles + 2000; t++) {
        tn_source_out o;
        if (bp.lo >= 0)
            tn_source_rtl_window(rtl, t >= bp.lo && t < bp.hi, t >= bp.hi - 1, t < bp.hi);
        int crd = 0, crd_vc = 0, best = -1;
        for (int i = 0; i < npend; i++)
            if (due[i] <= t && (best < 0 || due[i] < due[best]))
                best = i;
        if (best >= 0) {
            crd = 1;
            crd_vc = cvc[best];
            npend--;
            due[best] = due[npend];
            cvc[best] = cvc[npend];
        }
        int before[SV]; /* without this cycle's credit */
        memcpy(before, outst, sizeof before);
        tn_source_rtl_cycle(rtl, (uint32_t)t, crd, crd_vc, &o);
        if (crd)
            outst[crd_vc]--;
        ovf |= o.ovf;
        starts += o.start;
        enters += o.enter;
        marked += o.marked;
        marked_len += o.marked ? o.marked_len : 0;
        injected = o.injected;
        heads += o.valid && F(o.flit, 32, 1);
        /* all_gen_o (the C model's all_marked_generated for this channel): not before the
         * window's last cycle, never while a packet created before its end waits */
        if (o.all_gen && gen_at < 0)
            gen_at = t;
        /* all_gen_n_o before the edge is all_gen_o after it (the engine's board ANDs it) */
        if (o.all_gen_n != o.all_gen && !bad++)
            snprintf(first, sizeof first, "cycle %ld: all_gen_n_o %d before the edge, all_gen_o "
                     "%d after it", t, o.all_gen_n, o.all_gen);
        if ((o.all_gen && (bp.lo < 0 || t < bp.hi - 1 || heads < before_hi)) && !bad++)
            snprintf(first, sizeof first, "cycle %ld: all_gen_o with %ld of the %ld packets "
                     "created before the window's end started", t, heads, before_hi);
        if (!o.valid)
            continue;
        int pay = F(o.flit, 0, 16), src = F(o.flit, 16, 4), tail = F(o.flit, 31, 1);
        int head = F(o.flit, 32, 1);
        if (F(o.flit, 30, 1) && !bad++) /* R4.2: a source sends phase 0 */
            snprintf(first, sizeof first, "cycle %ld: a flit with phase 1", t);
        /* R9.3: a flit only with a credit of its VC, a head only on a VC with every credit */
        if ((before[o.vc] >= c.buf || (head && before[o.vc] != 0)) && !bad++)
            snprintf(first, sizeof first, "cycle %ld: a %s on VC %d with %d of %d credits out", t,
                     head ? "head" : "body flit", o.vc, before[o.vc], c.buf);
        if (head) {
            int want = -1;
            for (int i = 0; i < SV && want < 0; i++)
                if (before[(vc_ptr + i) % SV] == 0)
                    want = (vc_ptr + i) % SV;
            if (o.vc != want && !bad++)
                snprintf(first, sizeof first, "cycle %ld: a head on VC %d, the round robin from "
                         "VC %d gives %d", t, o.vc, vc_ptr, want);
            vc_ptr = (o.vc + 1) % SV;
        }
        tight += before[o.vc] == c.buf - 1; /* its last credit: back-pressure was near */
        outst[o.vc]++;
        if (npend < 64) {
            due[npend] = t + 1 + (bp.delay ? (long)tn_rng_below(&dr, (uint32_t)bp.delay + 1) : 0);
            cvc[npend++] = o.vc;
        }
        if (head) {
            if (open && !bad++)
                snprintf(first, sizeof first, "cycle %ld: head while packet %d is open", t, ngot);
            if (ngot >= MAXP)
                break;
            got[ngot] = (pkt){pay, F(o.flit, 20, 4), 1, F(o.flit, 26, 4), F(o.flit, 24, 2)};
            open = !tail;
            ngot++;
        } else {
            pkt *p = &got[ngot - 1];
            if ((!open || pay != (((ref[ngot - 1].len - 1) << 8) | p->len)) && !bad++)
                snprintf(first, sizeof first, "cycle %ld: body flit %d of packet %d has payload "
                         "0x%04x", t, p->len, ngot - 1, pay);
            p->len++;
            open = !tail;
        }
        if (src != NODE && !bad++)
            snprintf(first, sizeof first, "cycle %ld: src %d", t, src);
    }
    if (open) /* the source keeps creating: the packet under way at the end is not compared */
        ngot--;
    if (ovf && !bad++)
        snprintf(first, sizeof first, "the source FIFO overflowed");
    int n = ngot < nall ? ngot : nall;
    for (int i = 0; i < n && !bad; i++) {
        const pkt *a = &got[i], *b = &ref[i];
        if (a->created != (b->created & 0xffff) || a->dst != b->dst || a->len != b->len ||
            a->mid != b->mid || a->quad != b->quad) {
            bad++;
            snprintf(first, sizeof first, "packet %d: RTL created %ld dst %d len %d mid %d quad "
                     "%d; C model created %ld dst %d len %d mid %d quad %d", i, a->created,
                     a->dst, a->len, a->mid, a->quad, b->created, b->dst, b->len, b->mid,
                     b->quad);
        }
    }
    if (!bad && (ngot < nref || ngot > nall || nref < 50)) {
        bad++;
        snprintf(first, sizeof first, "RTL started %d packets, the C model created %d", ngot,
                 nref);
    }
    /* the counts the board's statistics read: every start is one packet in, injected_o counts
     * them; the window's packets are the C model's created in [lo, hi) */
    if (!bad && (starts != heads || enters != heads || (long)injected != heads)) {
        bad++;
        snprintf(first, sizeof first, "%ld heads sent; start_o %ld, enter_o %ld, injected_o %u",
                 heads, starts, enters, injected);
    }
    if (!bad && bp.delay && tight < 10) {
        bad++;
        snprintf(first, sizeof first, "only %ld flits took their VC's last credit: no back-pressure",
                 tight);
    }
    if (!bad && bp.lo >= 0 && gen_at < 0) {
        bad++;
        snprintf(first, sizeof first, "all_gen_o never set after the window [%ld, %ld)", bp.lo,
                 bp.hi);
    }
    long wmarked = 0, wlen = 0;
    for (int i = 0; i < nall && bp.lo >= 0; i++)
        if (ref[i].created >= bp.lo && ref[i].created < bp.hi) {
            wmarked++;
            wlen += ref[i].len;
        }
    if (!bad && (marked != wmarked || marked_len != wlen || (bp.lo >= 0 && wmarked < 20))) {
        bad++;
        snprintf(first, sizeof first, "marked_o %ld (lengths %ld), the C model created %ld "
                 "(lengths %ld) in the window", marked, marked_len, wmarked, wlen);
    }
    if (!bad && want_dst >= 0 && (ref[0].dst != want_dst || got[0].dst != want_dst)) {
        bad++;
        snprintf(first, sizeof first, "first packet: RTL dst %d, C model dst %d, expected %d",
                 got[0].dst, ref[0].dst, want_dst);
    }
    snprintf(what, sizeof what, "%s, %ld cycles: %d packets equal the C model's%s%s", keys,
             cycles, nref, bad ? ": " : "", first);
    tap(!bad, what, NULL);
    tn_sim_free(s);
}

/* The descriptor FIFO's overflow: a packet every cycle, no credit back for 200 cycles: the source
 * starts one packet per VC, queues QD = 64 and loses the rest, so ovf_o is clear at cycle 40 and
 * set by cycle 199, and stays set. Then every credit comes back: the packets it kept leave in
 * order, the first 60 equal the C model's first 60 (a full FIFO must not overwrite its oldest). */
static void run_ovf(tn_source_rtl *rtl, pkt *ref)
{
    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    c.k = 4;
    c.n = 2;
    c.vcs = 4;
    c.buf = 8;
    const char *kv[][2] = {{"traffic", "uniform"}, {"routing", "dor"}, {"pkt", "1"},
                           {"load", "0.5"}, {"seed", "71"}};
    for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++)
        if (tn_config_set(&c, kv[i][0], kv[i][1], err, sizeof err)) {
            tap(0, err, NULL);
            return;
        }
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s) {
        tap(0, err, NULL);
        return;
    }
    uint32_t stream = tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, NODE);
    int nall = reference(s, stream, 1000, ref);
    tn_source_cfg rc = {stream, s->gen.p_thresh, (unsigned)c.traffic, (unsigned)c.pkt_min,
                        (unsigned)c.pkt_max, (unsigned)c.routing, (unsigned)c.buf,
                        0, 0, 0, {0}};
    tn_source_rtl_reset(rtl, &rc, NULL);
    tn_source_out o;
    int ovf40 = -1, ovf199 = -1, n = 0, bad = 0, crd = 0, crd_vc = 0;
    int pend[SV] = {0}; /* flits sent per VC whose credit is still held */
    char first[200] = "";
    for (long t = 0; t < 1000; t++) {
        tn_source_rtl_cycle(rtl, (uint32_t)t, crd, crd_vc, &o);
        crd = 0;
        if (o.valid)
            pend[o.vc]++;
        if (t >= 200) { /* the credits come back, one a cycle */
            for (int v = 0; v < SV && !crd; v++)
                if (pend[v]) {
                    pend[v]--;
                    crd = 1;
                    crd_vc = v;
                }
        }
        if (t == 40)
            ovf40 = o.ovf;
        if (t == 199)
            ovf199 = o.ovf;
        if (o.valid && F(o.flit, 32, 1)) {
            int created = F(o.flit, 0, 16), dst = F(o.flit, 20, 4);
            if (n < 60 && n < nall && (created != ref[n].created || dst != ref[n].dst) && !bad++)
                snprintf(first, sizeof first, "packet %d: created %d dst %d, the C model's %ld %d",
                         n, created, dst, ref[n].created, ref[n].dst);
            n++;
        }
    }
    char what[320];
    snprintf(what, sizeof what, "no credit for 200 cycles, a packet a cycle: ovf_o %d at cycle 40, "
             "%d at 199, %d at the end; %d packets after, the first 60 the C model's%s%s", ovf40,
             ovf199, o.ovf, n, bad ? ": " : "", first);
    tap(ovf40 == 0 && ovf199 == 1 && o.ovf == 1 && n >= 60 && !bad, what, NULL);
    tn_sim_free(s);
}

static void run(tn_source_rtl *rtl, const char *keys, long cycles, pkt *ref, pkt *got)
{
    run_ex(rtl, keys, cycles, ref, got, 0, -1);
}

int main(void)
{
    tn_source_rtl *rtl = tn_source_rtl_new();
    pkt *ref = calloc(MAXP, sizeof *ref), *got = calloc(MAXP, sizeof *got);
    if (!rtl || !ref || !got) {
        printf("not ok 1 - out of memory\n1..1\n");
        return 1;
    }
    static const char *const pattern[] = {"uniform", "tornado", "bitcomp", "bitrev", "shuffle",
                                          "butterfly", "transpose", "neighbor"};
    static const char *const routing[] = {"dor", "val", "goal"};
    static const char *const lengths[] = {"pkt=1", "pkt=4", "pkt=1-8", "pkt=2-5"};
    static const char *const loads[] = {"load=0.2", "load=0.1", "load=0.1", "load=0.15"};
    char keys[256];
    int i = 0;
    for (int p = 0; p < 8; p++)
        for (int r = 0; r < 3; r++, i++) {
            snprintf(keys, sizeof keys, "traffic=%s routing=%s %s %s seed=%d", pattern[p],
                     routing[r], lengths[i % 4], loads[i % 4], 1 + i);
            run(rtl, keys, 6000, ref, got);
        }
    /* back-pressure (credits back 1..8, then 1..30 cycles after each flit, at most one a cycle)
     * and the window [500, 3500): the same packets, no flit without a credit, no head on a VC
     * without every credit, the window's packets counted by marked_o */
    bp.delay = 7;
    bp.lo = 500;
    bp.hi = 3500;
    run(rtl, "traffic=uniform routing=dor pkt=1-8 buf=2 load=0.1 seed=61", 4000, ref, got);
    bp.idle = 37; /* and 37 cycles between the reset and the run */
    run(rtl, "traffic=tornado routing=val pkt=4 buf=3 load=0.1 seed=62", 4000, ref, got);
    bp.idle = 0;
    bp.delay = 29;
    run(rtl, "traffic=bitrev routing=goal pkt=2-5 buf=2 load=0.05 seed=63", 4000, ref, got);
    /* one-flit packets in buffers of one: each VC waits 1..30 cycles for its credit, so the
     * round robin often finds the VC it tries first still out */
    run(rtl, "traffic=uniform routing=dor pkt=1 buf=1 load=0.1 seed=64", 4000, ref, got);
    bp.delay = 0;
    bp.lo = bp.hi = -1;
    bp.idle = 0;
    run_ovf(rtl, ref);
    /* the Bernoulli draw's edge, x < thresh: on docs/traffic.md 7.4's stream 0x4b6e32cc, whose
     * first draw x1 is 0x2bc97eb7, one-flit packets at load = x1 / 2^33 give thresh = x1 (no
     * packet in cycle 0), at (x1 + 1) / 2^33 thresh = x1 + 1 (a packet in cycle 0) */
    run_ex(rtl, "traffic=uniform pkt=1 load=0.085521659697406 routing=dor seed=1", 3000, ref, got,
           0x4b6e32ccu, -1);
    tap(ref[0].created > 0, "thresh = x1: no packet in cycle 0 (x1 < thresh is false)", NULL);
    run_ex(rtl, "traffic=uniform pkt=1 load=0.08552165981382132 routing=dor seed=1", 3000, ref,
           got, 0x4b6e32ccu, -1);
    tap(ref[0].created == 0, "thresh = x1 + 1: a packet in cycle 0", NULL);
    /* p = 1: the threshold is 2^32 (bit 32 of thresh_i), a packet every cycle */
    run(rtl, "traffic=uniform routing=goal pkt=1 load=0.5 seed=9", 3000, ref, got);
    /* randperm: perm[NODE] from the host (the C model's permutation), several perm_seeds; with
     * perm_seed 1 and 2 perm[5] is 10 and 11 (docs/traffic.md 7.1) */
    for (int ps = 1; ps <= 6; ps++) {
        snprintf(keys, sizeof keys, "traffic=randperm perm_seed=%d routing=%s %s %s seed=%d",
                 ps, routing[ps % 3], lengths[ps % 4], loads[ps % 4], 30 + ps);
        run_ex(rtl, keys, 4000, ref, got, 0, ps == 1 ? 10 : ps == 2 ? 11 : -1);
    }
    /* hotspot: hot_frac 0 (never hot, still two draws), 1 (threshold 2^32, always), between;
     * one, two, five and sixteen hot nodes (below(n_hot) of a non-power of two) */
    static const char *const hot[] = {
        "hot_frac=0 hot_nodes=3",
        "hot_frac=1 hot_nodes=3,12",
        "hot_frac=1 hot_nodes=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
        "hot_frac=0.5 hot_nodes=3,12",
        "hot_frac=0.3 hot_nodes=5,0,9,14,7",
        "hot_frac=0.1 hot_nodes=15",
        "hot_frac=0.75 hot_nodes=15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0",
        "hot_frac=0.9999 hot_nodes=1,2,4",
    };
    for (int j = 0; j < 8; j++) {
        snprintf(keys, sizeof keys, "traffic=hotspot %s routing=%s %s %s seed=%d", hot[j],
                 routing[j % 3], lengths[j % 4], loads[j % 4], 40 + j);
        run(rtl, keys, 4000, ref, got);
    }
    /* The thresholds of docs/traffic.md 7.4 at the edge of x < hot_thresh: the stream of node 0
     * with seed 1 (r.s = 0x4b6e32cc), p = 1 and one-flit packets, so packet 1 takes x1 (the
     * Bernoulli draw), x2 = 0x87ec0bb8 (hot?) and x3 = 0xd5fa1655: hot_thresh = x2 is not hot
     * (strict), below(16) of x3 = 13; hot_thresh = x2 + 1 is hot, hot[below(2) of x3 = 1] = 12. */
    run_ex(rtl, "traffic=hotspot hot_nodes=3,12 hot_frac=0.53094552271068096 pkt=1 load=0.5 "
           "routing=dor seed=1", 3000, ref, got, 0x4b6e32ccu, 13);
    run_ex(rtl, "traffic=hotspot hot_nodes=3,12 hot_frac=0.53094552294351161 pkt=1 load=0.5 "
           "routing=dor seed=1", 3000, ref, got, 0x4b6e32ccu, 12);
    /* the same with docs/traffic.md's own threshold 0x2bc97eb7 (x1 of the stream, here the
     * Bernoulli draw, so the destination draws are x2 and x3 whatever the threshold) */
    run_ex(rtl, "traffic=hotspot hot_nodes=3,12 hot_frac=0.17104331939481199 pkt=1 load=0.5 "
           "routing=val seed=1", 3000, ref, got, 0x4b6e32ccu, 13);
    /* a pattern the board does not build (trace) sets the sticky error bit; so does hotspot
     * without hot nodes (n_hot 0, a register never written by tnhost) */
    tn_source_cfg pc = {1, 1ull << 31, 10, 1, 1, 0, 8, 0, 0, 0, {0}};
    tn_source_out o;
    memset(&o, 0, sizeof o);
    tn_source_rtl_reset(rtl, &pc, NULL);
    for (uint32_t t = 0; t < 50; t++)
        tn_source_rtl_cycle(rtl, t, 0, 0, &o);
    tap(o.pat_err == 1, "pattern 10 (trace, not built) sets pat_err_o", NULL);
    tn_source_cfg hc = {1, 1ull << 31, 9, 1, 1, 0, 8, 0, 1ull << 31, 0, {0}};
    tn_source_rtl_reset(rtl, &hc, NULL);
    for (uint32_t t = 0; t < 50; t++)
        tn_source_rtl_cycle(rtl, t, 0, 0, &o);
    tap(o.pat_err == 1, "hotspot with n_hot 0 sets pat_err_o", NULL);
    hc.n_hot = 2;
    hc.hot[1] = 7;
    tn_source_rtl_reset(rtl, &hc, NULL);
    for (uint32_t t = 0; t < 50; t++)
        tn_source_rtl_cycle(rtl, t, 0, 0, &o);
    tap(o.pat_err == 0, "hotspot with n_hot 2 leaves pat_err_o clear", NULL);
    printf("1..%d\n", n_test);
    free(ref);
    free(got);
    tn_source_rtl_free(rtl);
    return n_fail ? 1 : 0;
}
