/* SPDX-License-Identifier: MIT */
/* The model's observation port: what the lockstep harness (tb/lock/, tnlock) reads of the model
 * and drives into the RTL, and the only way it reads it. It has the RTL's shape: the link,
 * credit and injection registers of a cycle (tn_sim_links), the observed registers of
 * docs/microarchitecture.md section 16 (tn_sim_observe, generated from rtl/common/tn_defs.tbl,
 * the table that also lays out the RTL's obs_o buses), the error vectors, what the GAL network
 * interface's and ACOR's ports carry per injection channel (tn_sim_chan), and the breaks of the
 * link protocol that tnlock's inject= makes in both (tn_sim_break). */
#ifndef TN_OBSERVE_H
#define TN_OBSERVE_H

#include "tn.h"

/* A flit as it is on a link. Hardware fields: head, tail, vc, dst, src, payload, and the
 * routing header mid, quad, phase. Simulation-only sideband (not in the RTL): pkt (the packet
 * table slot, for reports) and idx (the flit's index in its packet). */
typedef struct tn_flit {
    uint64_t payload;
    uint32_t dst, src; /* packed coordinate addresses */
    uint32_t mid;      /* VAL: intermediate address (section 20) */
    uint8_t quad;      /* GOAL: direction vector, bit d = 1 for - in dimension d */
    uint8_t phase;     /* VAL: 1 once the head has passed the intermediate node */
    uint32_t pkt;
    uint16_t idx;
    uint8_t head, tail, vc;
} tn_flit;

/* The registers between routers visible in the current cycle, laid out per node and port. */
typedef struct tn_links {
    uint8_t *lnk_valid; /* [node*P + port]: the output (link) register, ejection ports included */
    tn_flit *lnk;
    uint8_t *inj_valid; /* [node*term + channel]: the injection channel's input to the router */
    tn_flit *inj;
    uint8_t *crd_valid; /* [node*P + port]: the credit register of input port `port` */
    uint8_t *crd_vc;
} tn_links;
int tn_links_alloc(tn_links *w, const tn_sim *s); /* 0, or -1: out of memory */
void tn_links_free(tn_links *w);
/* Fill w with the current cycle's registers; returns how many hold a value (0: all idle). */
long tn_sim_links(const tn_sim *s, tn_links *w);

/* Bring every router's selection state and RNG to the current cycle: the model does not step a
 * router without flits and catches it up on its next step. Call before tn_sim_observe. */
void tn_sim_sync(tn_sim *s);

/* The observation buses of docs/microarchitecture.md section 16. */
enum tn_obs_bus { TN_OBS_ROUTER = 0, TN_OBS_NI = 1, TN_OBS_ACOR = 2 };
/* Node's observed registers on bus, as the RTL build with widths L lays them out: every element
 * of every field in the table's order (tb/tn_obs.h lists the fields, their counts and widths),
 * val[k] its value and bit k % 64 of cmp[k / 64] set where the contract defines it this cycle
 * (clear: e.g. in.oport of an IDLE VC, or a GAL set the configuration does not use; val[k] is
 * then 0). val holds at least tn_obs_count(L, bus) elements and cmp that many bits; returns the
 * count. */
int tn_sim_observe(const tn_sim *s, const tn_dims *L, int bus, int node, uint64_t *val,
                   uint64_t *cmp);
int tn_obs_count(const tn_dims *L, int bus);
/* The sticky error vector of node's router (section 13). */
uint32_t tn_sim_router_err(const tn_sim *s, int node);

/* Injection channel ch of node as the GAL network interface's and ACOR's ports see it. */
typedef struct tn_chan_obs {
    /* the start of the cycle (read before tn_sim_step) */
    uint8_t ready;      /* GAL: the sender may start a packet (no packet being sent, a VC with
                           all its credits) */
    uint8_t level;      /* ACOR: the level in force for this channel (R23.2.2) */
    uint32_t ntag;      /* GAL: the node's queued-packet count, the next descriptor's tag */
    /* the step of the cycle (read after tn_sim_step) */
    uint8_t offer;      /* GAL: the injection unit was offered a packet... */
    uint32_t offer_dst; /* ...to this address */
    uint8_t took;       /* GAL: and queued it... */
    int enq_q;          /* ...in this queue (set*2^n + quadrant) */
    int dep_q;          /* GAL: the sender took a packet from this queue (-1: none)... */
    uint32_t dep_tag, dep_dst; /* ...with this tag, to this address... */
    uint8_t dep_quad;   /* ...in this quadrant */
    uint8_t att, blk;   /* ACOR: the head made an attempt; it failed */
    uint32_t att_dst, att_mid; /* the head's destination address and drawn intermediate node */
} tn_chan_obs;
void tn_sim_chan(const tn_sim *s, int node, int ch, tn_chan_obs *o);

/* "packet 3->12 seq 4, flit 2 of 4, created 100, injected 103" for a flit on a link. */
void tn_sim_flit_text(const tn_sim *s, const tn_flit *f, char *buf, size_t len);

/* Breaks of the link protocol (tnlock inject=), made in the current cycle's registers before
 * the step, for the error detectors of section 13:
 *   ORDER       an injected head becomes a body flit (R6.4.3)
 *   BUF_OVF     an injected flit goes to another VC of its port that is full and cannot be read
 *               this cycle (R6.1.2)
 *   CREDIT_OVF  a credit no flit freed reaches a network output VC that is idle with all its
 *               credits (R6.2.2); *port and *vc name that output VC of node, whose credit input
 *               the RTL must be given too
 * Returns 1 when the cycle gave the chance and the break was made (what says what), else 0. */
enum tn_break { TN_BREAK_ORDER = 1, TN_BREAK_BUF_OVF = 2, TN_BREAK_CREDIT_OVF = 3 };
int tn_sim_break(tn_sim *s, int kind, int node, int *port, int *vc, char *what, size_t len);

/* Run control and counts for a harness that steps the model itself. */
void tn_sim_stop_sources(tn_sim *s); /* no new packet starts from now on (then drain) */
void tn_sim_counts(const tn_sim *s, long *injected, long *delivered);
int tn_sim_acrd(const tn_sim *s); /* A: credits an adaptive VC needs to be taken (R19.1.4) */
/* The routing header a source of node draws for a packet to dst from stream r (section 20). */
void tn_sim_header(const tn_sim *s, int node, tn_rng *r, int dst, uint32_t *mid, uint8_t *quad);

#endif
