/* SPDX-License-Identifier: MIT */
/* Verilated unit test of the board's traffic source alone (rtl/ni/tn_source.v, with
 * rtl/ni/tn_traffic.v) against the C model's generator (cmodel/src/source.c generate() and
 * tn_source_header, cmodel/src/traffic.c tn_traffic_dest): for every pattern the board builds,
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

#define NODE 5
#define MAXP 20000

typedef struct pkt {
    long created;
    int dst, len, mid, quad;
} pkt;

static int n_tests, n_failed;

static void result(int ok, const char *fmt, const char *what)
{
    n_tests++;
    if (!ok)
        n_failed++;
    printf("%s %d - %s%s\n", ok ? "ok" : "not ok", n_tests, what, fmt);
}

/* The C model's packets of channel 0 of NODE for cycles 0..cycles-1 (generate(), per cycle). */
static int reference(tn_sim *s, long cycles, pkt *out)
{
    tn_rng r = {tn_seed_stream(s->cfg.seed, TN_STREAM_TRAFFIC, NODE)};
    int n = 0;
    for (long t = 0; t < cycles && n < MAXP; t++) {
        if ((uint64_t)tn_rng_next(&r) >= s->p_thresh)
            continue;
        tn_pending p;
        memset(&p, 0, sizeof p);
        p.created = t;
        p.len = s->cfg.pkt_min;
        if (s->cfg.pkt_max > s->cfg.pkt_min)
            p.len += (int)tn_rng_below(&r, (uint32_t)(s->cfg.pkt_max - s->cfg.pkt_min + 1));
        p.dst = tn_traffic_dest(&s->tg, &s->g, NODE, &r);
        tn_source_header(s, NODE, &r, &p);
        out[n++] = (pkt){p.created, p.dst, p.len, (int)p.mid, p.quad};
    }
    return n;
}

/* flit fields at K=4 N=2 W=16 ROUTING=3 (R4.2): payload 16, src 4, dst 4, quad 2, mid 4, phase,
 * tail, head */
#define F(f, lo, w) ((int)(((f) >> (lo)) & ((1ull << (w)) - 1)))

static void run(tn_source_rtl *rtl, const char *keys, long cycles, pkt *ref, pkt *got)
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
            result(0, "", what);
            return;
        }
    }
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s) {
        snprintf(what, sizeof what, "%s: %s", keys, err);
        result(0, "", what);
        return;
    }
    /* the RTL runs 2000 cycles past the window to send what it holds: the C model's packets of
     * those cycles may start too */
    int nall = reference(s, cycles + 2000, ref), nref = 0;
    while (nref < nall && ref[nref].created < cycles)
        nref++;
    tn_source_cfg rc = {tn_seed_stream(c.seed, TN_STREAM_TRAFFIC, NODE), s->p_thresh,
                        (unsigned)c.traffic, (unsigned)c.pkt_min, (unsigned)c.pkt_max,
                        (unsigned)c.routing, (unsigned)c.buf};
    tn_source_rtl_reset(rtl, &rc);
    int ngot = 0, open = 0, crd = 0, crd_vc = 0, bad = 0, ovf = 0;
    char first[256] = "";
    for (long t = 0; t < cycles + 2000; t++) {
        tn_source_out o;
        tn_source_rtl_cycle(rtl, (uint32_t)t, crd, crd_vc, &o);
        crd = o.valid;
        crd_vc = o.vc;
        ovf |= o.ovf;
        if (!o.valid)
            continue;
        int pay = F(o.flit, 0, 16), src = F(o.flit, 16, 4), tail = F(o.flit, 31, 1);
        int head = F(o.flit, 32, 1);
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
    snprintf(what, sizeof what, "%s, %ld cycles: %d packets equal the C model's%s%s", keys,
             cycles, nref, bad ? ": " : "", first);
    result(!bad, "", what);
    tn_sim_free(s);
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
    /* p = 1: the threshold is 2^32 (bit 32 of thresh_i), a packet every cycle */
    run(rtl, "traffic=uniform routing=goal pkt=1 load=0.5 seed=9", 3000, ref, got);
    /* a pattern the board does not build sets the sticky error bit */
    tn_source_cfg pc = {1, 1ull << 31, 8, 1, 1, 0, 8};
    tn_source_out o = {0, 0, 0, 0, 0};
    tn_source_rtl_reset(rtl, &pc);
    for (uint32_t t = 0; t < 50; t++)
        tn_source_rtl_cycle(rtl, t, 0, 0, &o);
    result(o.pat_err == 1, "", "pattern 8 (randperm, not built) sets pat_err_o");
    printf("1..%d\n", n_tests);
    free(ref);
    free(got);
    tn_source_rtl_free(rtl);
    return n_failed ? 1 : 0;
}
