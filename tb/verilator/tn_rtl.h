/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_torus (tn_rtl_shim.cpp is the only C++ of the harness). */
#ifndef TN_RTL_H
#define TN_RTL_H
#include <stdint.h>

typedef struct tn_rtl tn_rtl;

enum tn_rtl_port {
    TN_RTL_INJ_VALID, TN_RTL_INJ_VC, TN_RTL_INJ_FLIT, TN_RTL_INJ_CRD_VALID, TN_RTL_INJ_CRD_VC,
    TN_RTL_EJ_VALID, TN_RTL_EJ_VC, TN_RTL_EJ_FLIT, TN_RTL_LNK_VALID, TN_RTL_LNK_VC,
    TN_RTL_LNK_FLIT, TN_RTL_CRD_VALID, TN_RTL_CRD_VC, TN_RTL_ERR, TN_RTL_OBS, TN_RTL_CFG_BUF,
    TN_RTL_CFG_ROUTE, TN_RTL_CFG_SEL, TN_RTL_CFG_DATELINE, TN_RTL_CFG_TRANSIT,
    TN_RTL_CFG_SEED, /* tn_torus: cfg_seed_i (global); tn_router: seed_i (the router's own) */
    TN_RTL_CFG_ACRD, /* cfg_acrd_i: credits an adaptive VC needs (R19.1.4) */
    /* tn_router tops only */
    TN_RTL_COORD, TN_RTL_IN_VALID, TN_RTL_IN_VC, TN_RTL_IN_FLIT, TN_RTL_IN_CRD_VALID,
    TN_RTL_IN_CRD_VC, TN_RTL_OUT_VALID, TN_RTL_OUT_VC, TN_RTL_OUT_FLIT, TN_RTL_OUT_CRD_VALID,
    TN_RTL_OUT_CRD_VC,
    /* GAL lockstep top (tn_gal_lock_top.v: tn_router + tn_gal_ni) only */
    TN_RTL_NI_CFG_SETS, TN_RTL_NI_CFG_ADAPT, TN_RTL_NI_CFG_T, TN_RTL_NI_CFG_TMIN,
    TN_RTL_NI_CFG_TMAX, TN_RTL_NI_CFG_N1, TN_RTL_NI_CFG_N2, TN_RTL_NI_SRC_VALID,
    TN_RTL_NI_SRC_DST, TN_RTL_NI_SRC_TAG, TN_RTL_NI_SRC_TAKE, TN_RTL_NI_SRC_QUEUE,
    TN_RTL_NI_SND_READY, TN_RTL_NI_SND_VALID, TN_RTL_NI_SND_TAG, TN_RTL_NI_SND_DST,
    TN_RTL_NI_SND_QUAD, TN_RTL_NI_OBS,
    /* ACOR lockstep top (tn_acor_lock_top.v: tn_router + tn_acor) only */
    TN_RTL_ACOR_CFG_SEQ, TN_RTL_ACOR_CFG_MODE, TN_RTL_ACOR_CFG_HI, TN_RTL_ACOR_CFG_IT1,
    TN_RTL_ACOR_CFG_IT2, TN_RTL_ACOR_CFG_DT1, TN_RTL_ACOR_CFG_DT2, TN_RTL_ACOR_GSEED,
    TN_RTL_ACOR_ATT, TN_RTL_ACOR_RDY, TN_RTL_ACOR_DST, TN_RTL_ACOR_MID, TN_RTL_ACOR_LVL,
    TN_RTL_ACOR_OBS,
    TN_RTL_PORTS
};

/* Parameters the model was built with. */
typedef struct tn_rtl_params {
    int k, n, v, b, w, term, topo, routing; /* routing: most capable algorithm built */
    int top;           /* 0: the model is tn_torus; 1: one tn_router (the harness wires them) */
    int gal, qd;       /* 1: tn_gal_lock_top (router + GAL NI, queue depth qd) */
    int acor;          /* 1: tn_acor_lock_top (router + tn_acor) */
    int emu;           /* 1: tn_emu_lock_top (the time-multiplexed torus, tn_torus's ports) */
    int stages;        /* its STAGES (1 for the other tops) */
    int pipe;          /* the routers' PIPE (0 or 1) */
    int engines;       /* its E (1 for the other tops) */
    const char *fault; /* planted fault define, "" for none */
} tn_rtl_params;

/* Models made after tn_rtl_xinit(seed), seed > 0, start with random values in every variable
 * (Verilator's randReset(2); model i of the run seeded seed + i) before their reset, and tick
 * with both evals (no falling-edge shortcut, which assumes Verilator's zero start). seed 0: zeros
 * (Verilator's default) and the shortcut. tnlock xinit=random. */
void tn_rtl_xinit(unsigned seed);
tn_rtl *tn_rtl_new(void);
void tn_rtl_free(tn_rtl *r);
void tn_rtl_params_get(tn_rtl_params *p);
void tn_rtl_reset(tn_rtl *r, int cycles);
void tn_rtl_eval(tn_rtl *r);
void tn_rtl_tick(tn_rtl *r); /* one rising edge, then settle */
/* The bytes of a port (bit i in byte i/8, little-endian), and their count in *bytes. Read after
 * eval or tick; written before them. */
uint8_t *tn_rtl_port(tn_rtl *r, int port, int *bytes);
/* Waveforms: only a model built with tracing (tools/vlbuild.sh, a name with _tr) writes one;
 * tn_rtl_can_trace() says which this is, and tn_rtl_trace_open fails (-1) without it. */
int tn_rtl_can_trace(void);
int tn_rtl_trace_open(tn_rtl *r, const char *path);
void tn_rtl_trace_dump(tn_rtl *r, uint64_t time);
void tn_rtl_trace_close(tn_rtl *r);
#endif
