/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_gal_ni_top (rtl/ni/tn_gal_ni.v, one instance per parameter set
 * of tb/verilator/tn_gal_ni_top.v, section 21); tn_gal_shim.cpp is its only C++. */
#ifndef TN_GAL_RTL_H
#define TN_GAL_RTL_H

#include <stdint.h>

typedef struct tn_gal_rtl tn_gal_rtl;

/* The instances of tn_gal_ni_top: K, N, TERM, QD, ADAPT (1: the adaptive threshold built) of
 * instance i. */
#define TN_GAL_RTL_NINST 8
extern const int tn_gal_rtl_param[TN_GAL_RTL_NINST][5];

/* Run-time configuration (held constant between resets). */
typedef struct tn_gal_rtl_cfg {
    int inst;      /* which instance's outputs are seen */
    uint32_t coord; /* node coordinates, packed (section 3) */
    int sets;      /* 0 one set, 1 near/far, 2 dir */
    int adapt;     /* cfg_adapt_i (an instance built with ADAPT = 0 does not read it) */
    int t, tmin, tmax, n1, n2;
} tn_gal_rtl_cfg;

tn_gal_rtl *tn_gal_rtl_new(void);
void tn_gal_rtl_free(tn_gal_rtl *r);
/* Set the configuration inputs and reset: one rising edge with rst_i = 1, all other inputs 0. */
void tn_gal_rtl_reset(tn_gal_rtl *r, const tn_gal_rtl_cfg *c);
/* This cycle's inputs of source channel e and of sender e; then tn_gal_rtl_eval. */
void tn_gal_rtl_src(tn_gal_rtl *r, int e, int valid, uint32_t dst, uint32_t tag);
void tn_gal_rtl_snd(tn_gal_rtl *r, int e, int ready);
/* This cycle's afree_i: the router's network ports with an adaptive VC to take (R21.5.1). */
void tn_gal_rtl_afree(tn_gal_rtl *r, unsigned afree);
/* Settle the combinational outputs for the inputs set (no clock edge). */
void tn_gal_rtl_eval(tn_gal_rtl *r);
/* Rising edge: the end of the cycle; the inputs then return to 0. */
void tn_gal_rtl_clock(tn_gal_rtl *r);
unsigned tn_gal_rtl_take(tn_gal_rtl *r);           /* src_take_o, bit e */
unsigned tn_gal_rtl_queue(tn_gal_rtl *r, int e);   /* src_queue_o of channel e */
unsigned tn_gal_rtl_valid(tn_gal_rtl *r);          /* snd_valid_o, bit e */
unsigned tn_gal_rtl_tag(tn_gal_rtl *r, int e);     /* snd_tag_o */
unsigned tn_gal_rtl_dst(tn_gal_rtl *r, int e);     /* snd_dst_o */
unsigned tn_gal_rtl_quad(tn_gal_rtl *r, int e);    /* snd_quad_o */
/* Bits [lsb, lsb+width) of obs_o (width <= 32). */
unsigned tn_gal_rtl_obs(tn_gal_rtl *r, int lsb, int width);
#endif
