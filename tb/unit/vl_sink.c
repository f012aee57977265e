/* SPDX-License-Identifier: MIT */
/* Verilated unit test of the board's checking sink alone (rtl/ni/tn_sink.v), at the bitstream's
 * parameters (K=4 N=2 V=2 W=16 ROUTING=0, node 5; fpga/board.mk). The sink's statistics and
 * error bits are what the board reports; a detector that never fires would pass every clean run,
 * so each one is broken here on purpose:
 *  - clean traffic: packets of 1..16 flits from random sources, interleaved on both VCs, with
 *    random latencies, over a window [win_lo, win_hi) and across the wrap of the 16-bit cycle:
 *    the delivered and marked packets, latency sum, minimum and maximum, the flits accepted in
 *    the window, and per tail done, mdone and the histogram bin, each against figures this test
 *    works out from what it sent (docs/board-reference.md, "Flit payload on the board"); no error;
 *  - one break of each kind from a clean start (wrong destination; a head on an open VC, a body
 *    flit without a head, an index skipped, a tail too early or missing; another source; the
 *    length field changed): exactly its error bit (tn_sink.v's err_o), which stays set;
 *  - the window's four edges: created at win_lo - 1, win_lo, win_hi - 1, win_hi;
 *  - flits offered while act_i is low are not taken.
 * TAP on stdout; exit 0 iff every check passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_defs.h"
#include "tn_sink_rtl.h"
#include "vl_tap.h"

#define NODE 5
#define MAXP 4000

enum { E_DST = 1, E_ORDER = 2, E_SRC = 4, E_PAY = 8 }; /* err_o's bits (tn_sink.v) */

static tn_dims D;
static int f_lsb[8], f_w[8]; /* flit fields, LSB first (TN_FLIT_FIELDS) */
enum { F_PAYLOAD, F_SRC, F_DST, F_QUAD, F_MID, F_PHASE, F_TAIL, F_HEAD };

static uint64_t field(int f, uint64_t v) { return (v & ((1ull << f_w[f]) - 1)) << f_lsb[f]; }

/* a flit of the board's payload: head: the creation cycle mod 2^16; flit j >= 1: {len-1, j} */
static uint64_t flit(int head, int tail, int src, int dst, unsigned pay)
{
    return field(F_HEAD, (uint64_t)head) | field(F_TAIL, (uint64_t)tail) |
           field(F_SRC, (uint64_t)src) | field(F_DST, (uint64_t)dst) | field(F_PAYLOAD, pay);
}

static uint64_t body(int src, int j, int len, int tail)
{
    return flit(0, tail, src, NODE, ((unsigned)(len - 1) << 8) | (unsigned)j);
}

/* the cycle's inputs for absolute cycle t and the window [lo, hi) (tn_board's distances) */
typedef struct win {
    long lo, hi;
    unsigned shift;
} win;

static tn_sink_in at(long t, const win *w)
{
    tn_sink_in in;
    memset(&in, 0, sizeof in);
    in.act = 1;
    in.cycle = (unsigned)(t & 0xffff);
    in.lo_ge = t >= w->lo;
    in.lo_d = in.lo_ge ? (unsigned)(t - w->lo < 131071 ? t - w->lo : 131071) : 0;
    in.hi_ge = t >= w->hi;
    in.hi_d = in.hi_ge ? (unsigned)(t - w->hi < 131071 ? t - w->hi : 131071) : 0;
    in.hist_shift = w->shift;
    return in;
}

/* ---- clean traffic ---- */

typedef struct pk {
    int src, len, vc;
    long created;
} pk;

typedef struct want {
    uint32_t delivered, packets, accepted;
    uint64_t lat_sum;
    unsigned lat_max, lat_min;
} want;

/* One run from reset: npk packets over both VCs, starting at absolute cycle t0, window w. Each
 * cycle offers a flit with probability about 0.8, from a VC chosen at random among those with a
 * packet under way or to start. A packet's creation cycle is 0..maxlat cycles before its head. */
static void run_clean(tn_sink_rtl *rtl, const char *name, uint32_t seed, long t0, int npk,
                      const win *w, int maxlat)
{
    tn_rng r = {seed};
    static pk p[MAXP];
    int next[2] = {0, 1}; /* the next packet of each VC: packets alternate VCs (even, odd) */
    int pos[2] = {0, 0};  /* flits of that packet sent */
    want x = {0, 0, 0, 0, 0, 0xffff};
    for (int i = 0; i < npk; i++) {
        p[i].src = (int)tn_rng_below(&r, 16);
        p[i].len = 1 + (int)tn_rng_below(&r, 16);
        p[i].vc = i & 1;
        p[i].created = -1; /* set when its head goes */
    }
    tn_sink_rtl_reset(rtl);
    char d[256];
    int bad_step = 0, steps = 0;
    long t = t0;
    tn_sink_out o;
    memset(&o, 0, sizeof o);
    while ((next[0] < npk || next[1] < npk) && steps < 200000) {
        steps++;
        tn_sink_in in = at(t, w);
        int vc = (int)tn_rng_below(&r, 2);
        if (next[vc] >= npk)
            vc ^= 1;
        int send = tn_rng_below(&r, 10) < 8;
        int i = next[vc], tail = 0;
        long lat = -1;
        if (send) {
            pk *q = &p[i];
            int j = pos[vc];
            if (j == 0) {
                q->created = t - (long)tn_rng_below(&r, (uint32_t)maxlat + 1);
                in.ej_flit = flit(1, q->len == 1, q->src, NODE, (unsigned)(q->created & 0xffff));
            } else {
                in.ej_flit = body(q->src, j, q->len, j == q->len - 1);
            }
            tail = j == q->len - 1;
            in.ej_valid = 1;
            in.ej_vc = vc;
            if (t >= w->lo && t < w->hi)
                x.accepted++;
            if (tail) {
                lat = t - q->created;
                x.delivered++;
                if (q->created >= w->lo && q->created < w->hi) {
                    x.packets++;
                    x.lat_sum += (uint64_t)lat;
                    if ((unsigned)lat > x.lat_max)
                        x.lat_max = (unsigned)lat;
                    if ((unsigned)lat < x.lat_min)
                        x.lat_min = (unsigned)lat;
                }
                pos[vc] = 0;
                next[vc] += 2;
            } else {
                pos[vc] = j + 1;
            }
        }
        tn_sink_rtl_cycle(rtl, &in, &o);
        int marked = tail && p[i].created >= w->lo && p[i].created < w->hi;
        long bin = lat >= 0 ? lat >> w->shift : 0;
        if (bin > 15)
            bin = 15;
        if (!bad_step && (o.done != tail || o.mdone != marked || (marked && o.bin != (int)bin))) {
            bad_step = 1;
            snprintf(d, sizeof d,
                     "cycle %ld: done %d mdone %d bin %d, want done %d mdone %d bin %ld (latency %ld)",
                     t, o.done, o.mdone, o.bin, tail, marked, bin, lat);
        }
        t++;
    }
    char what[256];
    snprintf(what, sizeof what, "%s: %d packets, each tail's done, mdone and histogram bin", name,
             npk);
    tap(!bad_step && steps < 200000, what, bad_step ? d : "the run did not end");
    snprintf(what, sizeof what,
             "%s: delivered %u, marked %u, accepted %u, latency sum %llu min %u max %u", name,
             x.delivered, x.packets, x.accepted, (unsigned long long)x.lat_sum, x.lat_min,
             x.lat_max);
    snprintf(d, sizeof d, "the RTL: delivered %u, marked %u, accepted %u, sum %llu min %u max %u",
             o.delivered, o.packets, o.accepted, (unsigned long long)o.lat_sum, o.lat_min,
             o.lat_max);
    tap(o.delivered == x.delivered && o.packets == x.packets && o.accepted == x.accepted &&
              o.lat_sum == x.lat_sum && o.lat_min == x.lat_min && o.lat_max == x.lat_max,
          what, d);
    snprintf(what, sizeof what, "%s: no error bit", name);
    snprintf(d, sizeof d, "err_o = 0x%x", o.err);
    tap(o.err == 0, what, d);
    /* the figures must mean something: packets inside the window, and outside it unless it
     * opens before the first packet */
    int outside = w->lo > t0;
    snprintf(what, sizeof what, "%s: the run has packets inside %s the window", name,
             outside ? "and outside" : "and none outside");
    tap(x.packets > 10 && (outside ? x.delivered > x.packets + 10 : x.delivered == x.packets),
          what, "");
}

/* ---- one break each ---- */

/* send the flits f[0..n-1] on VCs vc[0..n-1] in consecutive cycles from t, window always open */
static tn_sink_out send(tn_sink_rtl *rtl, long *t, int n, const uint64_t *f, const int *vc,
                        int act)
{
    win w = {0, 1L << 40, 0};
    tn_sink_out o;
    memset(&o, 0, sizeof o);
    for (int i = 0; i < n; i++) {
        tn_sink_in in = at(*t, &w);
        in.act = act;
        in.ej_valid = 1;
        in.ej_vc = vc[i];
        in.ej_flit = f[i];
        tn_sink_rtl_cycle(rtl, &in, &o);
        (*t)++;
    }
    return o;
}

typedef struct brk {
    const char *what;
    unsigned bit;      /* the error bit it sets */
    int n;             /* flits, all on VC 0 */
    uint64_t f[6];
} brk;

static void run_breaks(tn_sink_rtl *rtl)
{
    const int s = 3; /* the source */
    const brk b[] = {
        {"a head for another node (dst 6)", E_DST, 1, {flit(1, 1, s, 6, 100)}},
        {"a head while its VC's packet is open", E_ORDER, 2,
         {flit(1, 0, s, NODE, 100), flit(1, 1, s, NODE, 101)}},
        {"a body flit on an idle VC", E_ORDER, 1, {body(s, 1, 2, 1)}},
        {"an index skipped (2 after the head)", E_ORDER, 2,
         {flit(1, 0, s, NODE, 100), body(s, 2, 4, 0)}},
        {"a tail before the last flit", E_ORDER, 2, {flit(1, 0, s, NODE, 100), body(s, 1, 4, 1)}},
        {"the last flit without its tail", E_ORDER, 2,
         {flit(1, 0, s, NODE, 100), body(s, 1, 2, 0)}},
        {"a body flit from another source", E_SRC, 3,
         {flit(1, 0, s, NODE, 100), body(s, 1, 3, 0), body(s + 1, 2, 3, 1)}},
        {"the length field changed within the packet", E_PAY, 3,
         {flit(1, 0, s, NODE, 100), body(s, 1, 4, 0), body(s, 2, 3, 1)}},
    };
    const int vc0[6] = {0, 0, 0, 0, 0, 0}, vc1[3] = {1, 1, 1};
    /* a clean 3-flit packet on VC 1 */
    const uint64_t ok3[3] = {flit(1, 0, 9, NODE, 50), body(9, 1, 3, 0), body(9, 2, 3, 1)};
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        tn_sink_rtl_reset(rtl);
        long t = 1000;
        tn_sink_out o = send(rtl, &t, 3, ok3, vc1, 1);
        unsigned before = o.err;
        o = send(rtl, &t, b[i].n, b[i].f, vc0, 1);
        unsigned at_break = o.err;
        o = send(rtl, &t, 3, ok3, vc1, 1);
        char what[256], d[160];
        snprintf(what, sizeof what, "%s sets err bit 0x%x alone, and it stays", b[i].what,
                 b[i].bit);
        snprintf(d, sizeof d, "err_o: 0x%x before, 0x%x after the break, 0x%x after a clean packet",
                 before, at_break, o.err);
        tap(before == 0 && at_break == b[i].bit && o.err == b[i].bit, what, d);
    }
    /* act_i low: nothing is taken, even a flit for another node */
    tn_sink_rtl_reset(rtl);
    long t = 1000;
    const uint64_t f[2] = {flit(1, 1, s, 6, 100), flit(1, 1, s, NODE, 100)};
    tn_sink_out o = send(rtl, &t, 2, f, vc0, 0);
    char d[160];
    snprintf(d, sizeof d, "err 0x%x, delivered %u, accepted %u", o.err, o.delivered, o.accepted);
    tap(o.err == 0 && o.delivered == 0 && o.accepted == 0 && o.done == 0,
          "flits offered while act_i is low are not taken", d);
    o = send(rtl, &t, 1, f + 1, vc0, 1);
    snprintf(d, sizeof d, "delivered %u, packets %u, latency min %u max %u sum %llu", o.delivered,
             o.packets, o.lat_min, o.lat_max, (unsigned long long)o.lat_sum);
    tap(o.delivered == 1 && o.packets == 1 && o.lat_min == 902 && o.lat_max == 902 &&
              o.lat_sum == 902,
          "then a one-flit packet created at 100 and taken at 1002: latency 902", d);
}

/* The window's edges: a packet is marked iff created in [win_lo, win_hi) (R17: created at win_lo
 * counts, at win_hi does not), taken after the window or inside it. */
static void run_edges(tn_sink_rtl *rtl)
{
    const win w = {1000, 2000, 4};
    const long created[4] = {999, 1000, 1999, 2000};
    const int want[4] = {0, 1, 1, 0};
    const long taken[2] = {1500, 2100}; /* inside the window (the first three), after it */
    for (int k = 0; k < 2; k++) {
        tn_sink_rtl_reset(rtl);
        int got[4] = {0}, ok = 1;
        tn_sink_out o;
        memset(&o, 0, sizeof o);
        uint64_t sum = 0;
        for (int i = 0; i < 4; i++) {
            long t = taken[k] + 3 * i;
            if (created[i] > t)
                t = created[i] + 5; /* a packet is never taken before it is created */
            tn_sink_in in = at(t, &w);
            in.ej_valid = 1;
            in.ej_flit = flit(1, 1, 2, NODE, (unsigned)(created[i] & 0xffff));
            tn_sink_rtl_cycle(rtl, &in, &o);
            got[i] = o.mdone;
            ok &= o.done == 1 && got[i] == want[i];
            if (want[i])
                sum += (uint64_t)(t - created[i]);
        }
        char what[160], d[160];
        snprintf(what, sizeof what,
                 "window [1000, 2000), taken %s: created at 999, 1000, 1999, 2000 marked 0 1 1 0",
                 k ? "after it" : "inside it");
        snprintf(d, sizeof d, "marked %d %d %d %d; packets %u, latency sum %llu (want %llu)",
                 got[0], got[1], got[2], got[3], o.packets, (unsigned long long)o.lat_sum,
                 (unsigned long long)sum);
        tap(ok && o.packets == 2 && o.lat_sum == sum, what, d);
    }
}

int main(void)
{
    D.K = 4;
    D.N = 2;
    D.V = 2;
    D.B = 4;
    D.W = 16;
    D.TERM = 1;
    D.ROUTING = 0;
    D.QD = 8;
    tn_dims_derive(&D);
    int k = 0;
    long lsb = 0;
#define X(member, width, present)                                                              \
    f_w[k] = (present) ? (width) : 0;                                                          \
    f_lsb[k++] = (int)lsb;                                                                     \
    lsb += (present) ? (width) : 0;
    const tn_dims *d = &D;
    TN_FLIT_FIELDS(X, d)
#undef X
    tn_sink_rtl *rtl = tn_sink_rtl_new();
    if (!rtl) {
        printf("not ok 1 - the Verilated tn_sink could not be allocated\n1..1\n");
        return 1;
    }
    tn_sink_rtl_reset(rtl);
    tn_sink_in idle = {0};
    tn_sink_out o;
    tn_sink_rtl_cycle(rtl, &idle, &o);
    tap(o.err == 0 && o.packets == 0 && o.accepted == 0 && o.delivered == 0 && o.lat_sum == 0 &&
              o.lat_max == 0 && o.lat_min == 0xffff,
          "after reset: no error, counters 0, latency minimum 0xFFFF", "");
    win w1 = {2000, 6000, 3};
    run_clean(rtl, "window 2000..6000, shift 3", 11, 1000, 1200, &w1, 300);
    /* the 16-bit cycle wraps inside the window (t = 65,536) and latencies reach 5,000 */
    win w2 = {64000, 68000, 7};
    run_clean(rtl, "across the 16-bit wrap, shift 7", 12, 62000, 1500, &w2, 5000);
    win w3 = {0, 100000, 0};
    run_clean(rtl, "every packet marked, shift 0 (bin 15 above 15 cycles)", 13, 100, 800, &w3, 40);
    run_edges(rtl);
    run_breaks(rtl);
    tn_sink_rtl_free(rtl);
    printf("1..%d\n", n_test);
    return n_fail ? 1 : 0;
}
