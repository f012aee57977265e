/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_acor_top (rtl/ni/tn_acor.v, one instance per parameter set of
 * tb/verilator/tn_acor_top.v, section 23); tn_acor_shim.cpp is its only C++. */
#ifndef TN_ACOR_RTL_H
#define TN_ACOR_RTL_H

#include <stdint.h>

typedef struct tn_acor_rtl tn_acor_rtl;

/* The instances of tn_acor_top: K, N, TERM of instance i. */
#define TN_ACOR_RTL_NINST 8
extern const int tn_acor_rtl_param[TN_ACOR_RTL_NINST][3];

/* Run-time configuration (held constant between resets). */
typedef struct tn_acor_rtl_cfg {
    int inst;        /* which instance's outputs are seen */
    uint32_t coord;  /* node coordinates, packed (section 3) */
    int seq, mode;   /* cfg_seq_i, cfg_mode_i */
    uint32_t hi, it1, it2, dt1, dt2;
    uint32_t seed[4]; /* seed_i of each channel */
} tn_acor_rtl_cfg;

tn_acor_rtl *tn_acor_rtl_new(void);
void tn_acor_rtl_free(tn_acor_rtl *r);
/* Set the configuration inputs and reset: one rising edge with rst_i = 1, all other inputs 0. */
void tn_acor_rtl_reset(tn_acor_rtl *r, const tn_acor_rtl_cfg *c);
/* This cycle's inputs of channel e (dst packed); then tn_acor_rtl_eval. */
void tn_acor_rtl_chan(tn_acor_rtl *r, int e, int att, int rdy, uint32_t dst);
void tn_acor_rtl_eval(tn_acor_rtl *r);
/* Rising edge: the end of the cycle; the channel inputs then return to 0. */
void tn_acor_rtl_clock(tn_acor_rtl *r);
unsigned tn_acor_rtl_mid(tn_acor_rtl *r, int e); /* mid_o of channel e, packed */
unsigned tn_acor_rtl_lvl(tn_acor_rtl *r, int e); /* lvl_o of channel e */
/* Bits [lsb, lsb+width) of obs_o (width <= 32). */
uint32_t tn_acor_rtl_obs(tn_acor_rtl *r, int lsb, int width);
#endif
