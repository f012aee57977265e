/* SPDX-License-Identifier: MIT */
/* tnlock, the lockstep harness: types shared by its parts, one file per concern.
 *   main.c     command line, the run, the report
 *   layout.c   widths and bus positions from the generated table (tb/tn_obs.h, tn_defs.h)
 *   rnet.c     the RTL side: one Verilated tn_torus, or one tn_router per node wired here
 *   drive.c    the injection inputs the model's registers of a cycle drive
 *   compare.c  every link, credit, observed register and error vector, table-driven
 *   gal_ni.c       the GAL network interface beside each router
 *   acor.c     the ACOR block beside each router
 *   inject.c   inject=: one break of the link protocol, given to both, for the error vectors
 *   rtlonly.c  the RTL alone (no model), for throughput
 *   waves.c    the FST and GTKWave save file of a mismatch */
#ifndef TN_LOCK_H
#define TN_LOCK_H
#include <stdint.h>
#include <string.h>
#include "tn_observe.h" /* the model, through its observation port only */
#include "tn_rtl.h"

/* ---- word-wide access to a Verilated port: little-endian bytes, bit i in byte i/8 ---- */
static inline uint64_t lk_get(const uint8_t *p, long lsb, int width)
{
    const uint8_t *b = p + (lsb >> 3);
    int sh = (int)(lsb & 7), nb = (sh + width + 7) >> 3;
    uint64_t lo = 0;
    memcpy(&lo, b, nb > 8 ? 8 : (size_t)nb);
    uint64_t v = lo >> sh;
    if (nb > 8)
        v |= (uint64_t)b[8] << (64 - sh);
    return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

/* lk_get on a buffer with at least LK_PAD readable bytes after the field's last byte (a
 * snapshot, rnet_snapshot): one 64-bit load, no length arithmetic. */
#define LK_PAD 16
static inline uint64_t lk_getp(const uint8_t *p, long lsb, int width)
{
    const uint8_t *b = p + (lsb >> 3);
    int sh = (int)(lsb & 7);
    uint64_t lo;
    memcpy(&lo, b, 8);
    uint64_t v = lo >> sh;
    if (sh + width > 64)
        v |= (uint64_t)b[8] << (64 - sh);
    return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

static inline void lk_set(uint8_t *p, long lsb, int width, uint64_t v)
{
    for (int done = 0; done < width;) {
        long bit = lsb + done;
        int sh = (int)(bit & 7), n = 8 - sh;
        if (n > width - done)
            n = width - done;
        uint8_t m = (uint8_t)(((1u << n) - 1) << sh);
        uint8_t *b = p + (bit >> 3);
        *b = (uint8_t)((*b & ~m) | (((v >> done) << sh) & m));
        done += n;
    }
}

/* ---- layout of the buses (layout.c) ---- */
/* The most observed values of a node on one bus (tn_sim_observe): ample for tn.h's limits. */
#define LK_MAX_OBSV 4096
typedef struct layout {
    tn_dims d;               /* base parameters and derived widths (rtl/common/tn_defs.tbl) */
    long f_lsb[8];           /* flit field LSBs in TN_FLIT_FIELDS order */
    int f_w[8];
    long obsw, nobsw, aobsw; /* router, NI and ACOR observation bus widths */
    int gal;                 /* the model is tn_gal_lock_top (or tn_emu_lock_top with GAL) */
    int emu;                 /* the model is tn_emu_lock_top: every node's ports in one model */
    int acor;                /* the model is tn_acor_lock_top */
    int top;                 /* 1: one tn_router per node */
} layout;
enum { LK_F_PAYLOAD, LK_F_SRC, LK_F_DST, LK_F_QUAD, LK_F_MID, LK_F_PHASE, LK_F_TAIL, LK_F_HEAD };
void layout_init(layout *L, const tn_rtl_params *p);

/* ---- the RTL side (rnet.c) ---- */
double lk_now(void); /* monotonic seconds, for the speed figures */
/* One router input field and the neighbour's output it takes (NULL: driven to 0), with the
 * bytes of the destination port (a 64-bit access must stay inside them). */
typedef struct lk_wire {
    uint8_t *dst;
    const uint8_t *src;
    long dlsb, slsb;
    int w, dbytes, sbytes;
} lk_wire;
enum lk_bus { LK_LNK_VALID, LK_LNK_VC, LK_LNK_FLIT, LK_CRD_VALID, LK_CRD_VC, LK_OBS, LK_ERR, LK_NBUS };
typedef struct rnet {
    int routers;             /* 0: tn_torus model; 1: a tn_router per node */
    int nodes;
    const tn_geom *g;
    const layout *L;
    tn_rtl **r;              /* 1 or nodes instances */
    int traced;              /* instance with a waveform, -1 none */
    struct lk_wire *wire;    /* router mode: every link and credit input and its source */
    int nwire;
    uint8_t *snap[LK_NBUS];  /* rnet_snapshot: each compared bus of every instance, padded */
    long snap_stride[LK_NBUS]; /* bytes per instance (the port's bytes + LK_PAD) */
    struct rnet_pool *pool;  /* router mode, threads > 1: the harness's workers (rnet_tick) */
    int prewired;            /* the last rnet_tick wired the inputs (pool) */
    struct rnet_ovl *ovl;    /* rnet_overlap_open: the thread rnet_tick_start hands ticks to */
} rnet;
/* threads: router mode only, the harness's threads for rnet_tick (1: none); each thread ticks
 * a contiguous share of the nodes' models. */
int rnet_open(rnet *n, const tn_geom *g, const layout *L, const tn_config *c, int acrd, int threads);
void rnet_close(rnet *n);
/* A node's slice of a per-node bus: its bytes and the LSB of the node's slice. */
uint8_t *rnet_bus(rnet *n, int bus, int node, long *lsb);
/* Copy the compared buses (enum lk_bus) once per cycle into padded buffers; rnet_snap_bus is
 * rnet_bus on that copy, read with lk_getp. */
void rnet_snapshot(rnet *n);
const uint8_t *rnet_snap_bus(const rnet *n, int bus, int node, long *lsb);
/* The injection inputs of terminal channel ch of node: valid, vc and flit (bytes, LSB). */
void rnet_inj(rnet *n, int node, int ch, uint8_t **valid, long *vlsb, uint8_t **vc, long *clsb,
              uint8_t **flit, long *flsb);
void rnet_clear_inputs(rnet *n); /* router mode: links from the neighbours; injection cleared */
/* Router mode: a credit for output VC (port, vc) of node on this cycle's credit input (inject=). */
void rnet_credit_in(rnet *n, int node, int port, int vc);
void rnet_eval(rnet *n);
void rnet_tick(rnet *n);
/* Overlap (tnlock overlap=on): rnet_tick_start hands the tick to a second thread and returns;
 * the caller may then step the model, which shares no memory with the RTL, and must call
 * rnet_tick_wait before it touches the RTL again. Without rnet_overlap_open, rnet_tick_start
 * ticks at once. rnet_overlap_open returns -1 if the thread cannot be started (none is used). */
int rnet_overlap_open(rnet *n);
void rnet_tick_start(rnet *n);
void rnet_tick_wait(rnet *n);
double rnet_overlap_rtl_s(const rnet *n); /* seconds the second thread spent ticking */
int rnet_trace_open(rnet *n, int node, const char *path);
void rnet_trace_dump(rnet *n, uint64_t time);

/* ---- the injection inputs from the model's registers of a cycle (drive.c) ---- */
/* The model's link, credit and injection registers of a cycle: tn_links (tn_observe.h). */
typedef tn_links view;
void drive_flit(uint8_t *p, long lsb, const layout *L, const tn_flit *f);
void drive_injection(rnet *r, const view *w, const layout *L, const tn_geom *g);

/* ---- comparison (compare.c, gal_ni.c) ---- */
typedef struct mismatch {
    long cycle;
    int node, port, vc;
    char field[32];
    uint64_t rtl, model;
    char pkt[160];
} mismatch;
/* err_ok: error bits equal in both are not a difference (a run with inject=) */
int compare(rnet *r, const tn_sim *s, const view *w, const layout *L, int err_ok, mismatch *mm);
/* compare on the copy the last rnet_snapshot took (the RTL may be ticking meanwhile: overlap) */
int compare_snapped(const rnet *r, const tn_sim *s, const view *w, const layout *L, int err_ok,
                    mismatch *mm);
/* A mismatch of a register beside a router (the GAL NI's, ACOR's): node, index (-1 for none),
 * field, the RTL's and the model's values; returns 1 (gal_ni.c). */
int lk_node_mismatch(mismatch *mm, int node, int idx, const char *field, uint64_t rv,
                     uint64_t mv);
/* A node's model, and the bit where its part of a port begins given the part's width: its own
 * model's port from bit 0 (rtl=rtr), or node * width in the one model's (rtl=emu). */
static inline tn_rtl *lk_node_rtl(const rnet *r, int node)
{
    return r->L->emu ? r->r[0] : r->r[node];
}
static inline long lk_node_bit(const rnet *r, int node, long width)
{
    return r->L->emu ? node * width : 0;
}
int ni_compare_state(rnet *r, const tn_sim *s, const layout *L, mismatch *mm);
void ni_capture(const tn_sim *s, uint8_t *ready, uint32_t *ntag); /* before the model's step */
void ni_drive(rnet *r, const tn_sim *s, const layout *L, const uint8_t *ready,
              const uint32_t *ntag);
int ni_compare_decisions(rnet *r, const tn_sim *s, const layout *L, mismatch *mm);
int ni_drive_compare(rnet *r, const tn_sim *s, const layout *L, const uint8_t *ready,
                     const uint32_t *ntag, mismatch *mm);
void ni_configure(tn_rtl *x, const layout *L, const tn_config *c);
void acor_configure(tn_rtl *x, const tn_config *c);
int acor_compare_state(rnet *r, const tn_sim *s, const layout *L, mismatch *mm);
void acor_capture(const tn_sim *s, uint8_t *lvl);
void acor_drive(rnet *r, const tn_sim *s, const layout *L);
int acor_compare_decisions(rnet *r, const tn_sim *s, const layout *L, const uint8_t *lvl,
                           mismatch *mm);
int acor_drive_compare(rnet *r, const tn_sim *s, const layout *L, const uint8_t *lvl,
                       mismatch *mm);

/* ---- inject= (inject.c) ---- */
uint32_t inject_bit(int kind); /* the error bit break kind (enum lk_inject, opts.h) sets */
/* At the start of a cycle, with the RTL's inputs driven from w: make the break at node if the
 * cycle gives the chance, in the model's registers, w and the RTL's inputs alike. Returns 1 when
 * made, with what was done in what. */
int inject_try(int kind, int node, rnet *r, tn_sim *s, view *w, const layout *L, char *what,
               size_t len);

/* ---- waves (waves.c) ---- */
void write_gtkw(const char *path, const char *fst, int node, long cycle, const layout *L);
int waves_from_twin(int argc, char **argv, long cycle, const char *field, char *why, size_t len);

/* ---- the RTL alone (rtlonly.c) ---- */
typedef struct rtlonly_result {
    long cycles, injected, delivered, flits, errors;
    double rtl_s;
} rtlonly_result;
int rtl_only(const tn_config *c, long cycles, int threads, rtlonly_result *res, char *err,
             size_t errlen);
#endif
