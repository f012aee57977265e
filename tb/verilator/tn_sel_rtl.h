/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_sel_state_top (tn_sel_ldsf_cnt + tn_sel_lru_age, section
 * 19.3; tn_sel_random, 19.2); tn_sel_shim.cpp is its only C++. */
#ifndef TN_SEL_RTL_H
#define TN_SEL_RTL_H

typedef struct tn_sel_rtl tn_sel_rtl;

tn_sel_rtl *tn_sel_rtl_new(void);
void tn_sel_rtl_free(tn_sel_rtl *r);
/* Synchronous reset: one rising edge with rst_i = 1. */
void tn_sel_rtl_reset(tn_sel_rtl *r);
/* One cycle with these inputs: set them, rising edge, settle. */
void tn_sel_rtl_step(tn_sel_rtl *r, int sent, int held);
unsigned tn_sel_rtl_cnt(tn_sel_rtl *r); /* LDSF counter (cnt_o) */
unsigned tn_sel_rtl_age(tn_sel_rtl *r); /* LRU age (age_o) */
/* tn_sel_random.v with np = 2, 4 or 6 network ports: the port it picks among the candidates
 * cand (bit j: port j + 1) for the 16-bit draw u (combinational: settled, no clock edge). */
unsigned tn_sel_rtl_random(tn_sel_rtl *r, int np, unsigned cand, unsigned u);
#endif
