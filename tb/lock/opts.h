/* SPDX-License-Identifier: MIT */
/* tnlock's options: the model's configuration and the harness's own keys (opts.c). */
#ifndef TN_LOCK_OPTS_H
#define TN_LOCK_OPTS_H
#include <stddef.h>
#include "tn.h"
#include "tn_cli.h"

/* The Verilated models' fixed parameters (tools/vlbuild.sh reads them here): the input VCs'
 * buffer capacity B (buf = 1..B at run time; another B with tnlock's key bcap, a build of its
 * own), the payload width W, the GAL NI's queue depth QD */
#define LOCK_VL_B 8
#define LOCK_VL_W 32
#define LOCK_VL_QD 8

/* inject=: the protocol breaks (inject.c) */
enum lk_inject { LK_INJ_NONE, LK_INJ_ORDER, LK_INJ_BUF_OVF, LK_INJ_CREDIT_OVF };
#define LK_INJ_NAMES {"none", "order", "buf_ovf", "credit_ovf"}

typedef struct opts {
    tn_config cfg;
    long cycles;
    long window;
    int json;
    int model; /* 0: the RTL alone (model=off) */
    long threads; /* rtl=net: Verilator threads of the model (a build per count); rtl=rtr: the
                   * harness's threads (rnet.c) */
    long stages; /* rtl=emu: the engine's pipeline stages, 1 or 2 (a build each) */
    long engines; /* rtl=emu: the engines, a divisor of k (a build each) */
    int overlap; /* lockstep: a second thread ticks the RTL while the model steps (rnet.c) */
    char waves[256];
    char rtl[256], fault[256]; /* "" when not given */
    long bcap;         /* the Verilated model's buffer capacity B (LOCK_VL_B unless given) */
    int xinit;         /* 1: the RTL starts from random values (xinit=random) */
    int inject;        /* enum lk_inject */
    long inject_at;    /* the first cycle the break may be made in */
    long inject_node;
} opts;

/* Defaults (the board's 4x4 torus, a short run), then the command line; --help prints the
 * usage and exits 0. Returns 0, or -1 after printing the error (key, value, allowed range). */
int lock_parse(opts *o, int argc, char **argv);
/* What no Verilated model runs (tn_config_check, the models' fixed B, W and QD, CHAOS, model=off's
 * limits, a fault the model lacks, threads): 0, or -1 with the message (key, value, allowed). */
int lock_check(const opts *o, char *err, size_t errlen);
/* The name of the Verilated model the options need (build/vl/NAME/tnlock), after lock_check. */
int lock_model_name(const opts *o, char *buf, size_t len, char *err, size_t errlen);
#endif
