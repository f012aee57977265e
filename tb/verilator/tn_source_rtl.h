/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_source (rtl/ni/tn_source.v) alone, for tb/unit/vl_source.c;
 * tb/verilator/tn_source_shim.cpp is its only C++. The model is built with K=4 N=2 V=TN_SRC_V
 * (4) B=8 W=16 ROUTING=3 QD=64 NODE=5 GAL=0 (fpga/board.mk). */
#ifndef TN_SOURCE_RTL_H
#define TN_SOURCE_RTL_H
#include <stdint.h>

typedef struct tn_source_rtl tn_source_rtl;

typedef struct tn_source_cfg {
    uint32_t seed;
    uint64_t thresh;       /* 0..2^32 */
    unsigned pattern, pkt_min, pkt_max, route, buf;
    unsigned perm;         /* randperm: perm[NODE] */
    uint64_t hot_thresh;   /* hotspot: 0..2^32 */
    unsigned n_hot;        /* hotspot: 1..16 */
    unsigned hot[16];      /* hotspot: the hot nodes */
} tn_source_cfg;

typedef struct tn_source_out {
    int valid, vc;
    uint64_t flit;         /* the injection link's flit (FW <= 64 bits) */
    int ovf, pat_err, all_gen;
    /* read before the edge, from this cycle's inputs: a packet of the window created (and its
     * length), a packet started, a packet entered the network's count */
    int marked, marked_len, start, enter;
    int all_gen_n;         /* all_gen_o's next value (all_gen_n_o), read before the edge */
    uint32_t injected;     /* after the edge: packets started since reset */
} tn_source_out;

tn_source_rtl *tn_source_rtl_new(void);
void tn_source_rtl_free(tn_source_rtl *r);
/* Reset with this configuration (two edges), then one edge with act_i low (the first draws).
 * at_reset, when not NULL, gets the registered outputs as the reset left them (before that
 * edge): what a router leaving reset with the source samples first. */
void tn_source_rtl_reset(tn_source_rtl *r, const tn_source_cfg *c, tn_source_out *at_reset);
/* The window inputs of the next cycles (after a reset: 0, 0, 1): in_win_i (win_lo <= t < win_hi),
 * late_i (t >= win_hi - 1), before_hi_i (t < win_hi). */
void tn_source_rtl_window(tn_source_rtl *r, int in_win, int late, int before_hi);
/* One edge with act_i low and no credit: a cycle before the run starts (no draw is taken). */
void tn_source_rtl_idle(tn_source_rtl *r);
/* One active cycle t (cycle_i = t mod 2^16) with a credit back for vc when crd_valid; the
 * outputs after the edge (the link register written in this cycle). */
void tn_source_rtl_cycle(tn_source_rtl *r, uint32_t t, int crd_valid, int crd_vc,
                         tn_source_out *o);
#endif
