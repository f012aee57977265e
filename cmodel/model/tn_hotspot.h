/* SPDX-License-Identifier: MIT */
/* Paper 004's analytical model (Sarbazi-Azad, Ould-Khaoua, Mackenzie): mean message latency of
 * Duato's fully adaptive wormhole routing (V-2 adaptive and 2 deterministic VCs) on a
 * unidirectional k-ary n-cube with hot-spot traffic, solved by fixed-point iteration.
 * docs/tnmodel.md gives every equation choice; the equation numbers below are the paper's. */
#ifndef TN_HOTSPOT_H
#define TN_HOTSPOT_H

#include <stddef.h>

typedef struct tn_hs_params {
    int k;           /* radix, 2..64 */
    int n;           /* dimensions, 1..4, k^n <= 65536 */
    int vcs;         /* V, VCs per physical channel, 3..16 (V-2 adaptive, 2 deterministic) */
    int pkt;         /* M, message length in flits, 1..256 */
    double hot_frac; /* h, fraction of messages sent to the hot spot, 0..1 */
    int fix_b;       /* 1 (default): eqs. 5 and 7 as printed (regular (1-h)lambda); 0: the
                        swapped labels of assumption (b) in eqs. 5 and 7 */
    int fix_eq16;    /* 1 (default): P_t = min(1, 1/l) (notes F5); 0: P_t = 1/l as printed */
    int fix_eq20;    /* 1: P_d = P_V + P_{V-1}/C(V,V-1) (notes F6); 0 (default): as printed */
    int fix_eq26;    /* 1: eq. 26 sums B_h[l+i-j+1, i] (notes F7); 0 (default): B_h[l+i-j, i] */
    int fix_eq32;    /* 1: eq. 32's arrival rate lambda/V, as its text says (notes F8); 0: lambda */
    int iter_max;    /* iterations before the solve gives up (not converged: saturated) */
    double eps;      /* converged when sum |dB| <= eps * max(1, sum |B|) */
} tn_hs_params;

enum tn_hs_status {
    TN_HS_OK = 0,      /* converged to a finite latency */
    TN_HS_SAT_CHAN,    /* a channel's utilisation rho_j = lambda_j S_j reached 1 (eq. 22) */
    TN_HS_SAT_SRC,     /* a source queue's utilisation reached 1 (eq. 32) */
    TN_HS_NOCONV,      /* iter_max iterations without convergence */
    TN_HS_NONFINITE    /* invalid: a latency that is not finite, or a negative B_r or latency */
};

typedef struct tn_hs_result {
    int status;             /* enum tn_hs_status */
    int iters;              /* iterations made */
    double latency;         /* eq. 1: (S + W_s) * V_bar, cycles */
    double net_latency;     /* eq. 2: S */
    double regular_latency; /* eq. 6: S_r */
    double hot_latency;     /* eq. 14: S_h */
    double src_wait;        /* eq. 33: W_s */
    double vbar;            /* eq. 36: V_bar */
    double rho_max;         /* the largest channel utilisation lambda_j S_j */
    double blocking_r;      /* eq. 15: B_r */
} tn_hs_result;

typedef struct tn_hs_model tn_hs_model;

/* The defaults: k=8 n=2 vcs=3 pkt=32 hot_frac=0.1, fix_b=1 fix_eq16=1, the other fixes 0,
 * iter_max=3000 eps=1e-9. */
void tn_hs_default(tn_hs_params *p);
/* 0, or -1 with err naming the field, its value and the allowed range. */
int tn_hs_check(const tn_hs_params *p, char *err, size_t errlen);
/* A model of p (checked first: NULL with err when p is refused or memory is short); every
 * array is allocated here, none in a solve. */
tn_hs_model *tn_hs_new(const tn_hs_params *p, char *err, size_t errlen);
void tn_hs_free(tn_hs_model *m);
/* Solve at rate lambda (messages/node/cycle, >= 0). Returns r->status. */
int tn_hs_solve(tn_hs_model *m, double rate, tn_hs_result *r);
/* The closed form of the latency at rate 0: M + (1-h) d_bar + h N d_bar / (N-1), d_bar =
 * n(k-1)/2 (eqs. 4, 6, 12-14 with every blocking time 0, W_s = 0, V_bar = 1). */
double tn_hs_zero_load(const tn_hs_params *p);
/* Mean distance of a regular message (eq. 4) and of a hot-spot message (eqs. 13-14). */
double tn_hs_dbar(const tn_hs_params *p);
double tn_hs_dbar_hot(const tn_hs_params *p);
/* lambda_sat: the largest rate at which the solve converges (TN_HS_OK), by bisection between 0
 * and the first of 1/M, 2/M, 4/M, ... (at most 1) that does not, until hi - lo <= tol * hi or
 * hi <= TN_HS_RATE_MIN. Returns lo (1 when the solve converges at rate 1, 0 when it converges at
 * no probe); *probes (if not NULL) the solves made. It assumes the solve converges below some
 * rate and at none above it (docs/tnmodel.md). */
#define TN_HS_RATE_MIN 1e-12
double tn_hs_sat(tn_hs_model *m, double tol, int *probes);
/* "converged", "channel saturated", "source saturated", "not converged", "invalid" */
const char *tn_hs_status_name(int status);
/* Nodes at distance i (eq. 9), 0 <= i <= n(k-1), of m's network; -1 outside. */
long long tn_hs_nodes_at(const tn_hs_model *m, int i);

#endif
