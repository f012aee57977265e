/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_sink (rtl/ni/tn_sink.v) alone, for tb/unit/vl_sink.c;
 * tb/verilator/tn_sink_shim.cpp is its only C++. The model is built with the bitstream's
 * parameters K=4 N=2 V=2 W=16 ROUTING=0 and NODE=5 (fpga/board.mk). */
#ifndef TN_SINK_RTL_H
#define TN_SINK_RTL_H
#include <stdint.h>

typedef struct tn_sink_rtl tn_sink_rtl;

/* The inputs of one cycle (tn_sink's ports without clk_i and rst_i). */
typedef struct tn_sink_in {
    int act;               /* the run has started */
    unsigned cycle;        /* t mod 2^16 */
    int lo_ge, hi_ge;      /* t >= win_lo, t >= win_hi */
    unsigned lo_d, hi_d;   /* min(t - win_lo, 2^17 - 1), min(t - win_hi, 2^17 - 1) */
    unsigned hist_shift;
    int ej_valid, ej_vc;
    uint64_t ej_flit;      /* FW <= 64 bits */
} tn_sink_in;

typedef struct tn_sink_out {
    /* before the edge, from this cycle's inputs */
    int done, mdone, bin;
    /* after the edge */
    unsigned err;
    uint32_t packets, accepted, delivered;
    uint64_t lat_sum;
    unsigned lat_max, lat_min;
} tn_sink_out;

tn_sink_rtl *tn_sink_rtl_new(void);
void tn_sink_rtl_free(tn_sink_rtl *r);
/* Reset (two edges with rst_i high, every other input 0). */
void tn_sink_rtl_reset(tn_sink_rtl *r);
/* One cycle: the inputs set, the combinational outputs read, one rising edge, the registers
 * read. */
void tn_sink_rtl_cycle(tn_sink_rtl *r, const tn_sink_in *in, tn_sink_out *o);
#endif
