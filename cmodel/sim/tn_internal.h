/* SPDX-License-Identifier: MIT */
/* Internal state of the golden model. One struct per hardware block, stored as flat arrays
 * indexed the same way as the RTL buses: input VC i = (router*P + port)*V + vc, likewise for
 * output VCs; port slot = router*P + port.
 * Each block owns its state in its own struct (tn_routers, tn_gal_ni, tn_acor_lvl, tn_source,
 * tn_sink_vc, tn_link_regs, tn_pkt_table, tn_meas, tn_chaos_state) and its functions take that
 * struct and their inputs, as its Verilog module has ports; struct tn_sim holds them and
 * sim.c / torus.c wire them.
 * The files of cmodel/hw (the hardware blocks' twins, named as their RTL modules) and cmodel/sim
 * (the simulator around them) in layers, top to bottom; a file calls only files of the layers
 * below its own, so no two files call each other (tb/checks/check_layers.py checks it and prints
 * the levels: python3 tb/checks/check_layers.py --cflags "-Icmodel/include -Icmodel/hw
 * -Icmodel/sim" followed by the .c files of cmodel/hw and cmodel/sim):
 *   sim.c (the cycle, the statistics), observe.c (what the lockstep harness reads), bound.c,
 *   deadlock.c, invariant.c, cmdline.c
 *   router.c, chaos.c (a router's cycle), source.c (sources, GAL senders), config.c
 *   torus.c (links), gal_ni.c, acor.c, traffic.c; the router's blocks sw_alloc.c, vc_req.c, send.c
 *   input_unit.c, output_unit.c, sink.c, stats.c, rr_arbiter.c, select.c, rng.c, text.c
 *   packet.c (the packet table, payloads, check failures), route.c
 *   topology.c
 * What a lower file computes for a higher one goes back as a value: tn_router_step writes its
 * output registers into the link registers it is given and leaves the inputs of the ports'
 * statistics in its caller's tn_router_use; the sink returns the packet it delivered. */
#ifndef TN_INTERNAL_H
#define TN_INTERNAL_H

#include "tn.h"
#include "tn_observe.h" /* tn_flit */

enum { TN_VC_IDLE = 0, TN_VC_ACTIVE = 1 };

/* Input units of all routers (rtl/router/tn_input_unit.v). */
typedef struct tn_input_units {
    tn_flit *buf;      /* [ivc*B + slot] */
    uint8_t *rd;       /* [ivc] read pointer */
    uint8_t *cnt;      /* [ivc] occupancy */
    uint8_t *state;    /* [ivc] TN_VC_IDLE / TN_VC_ACTIVE */
    uint8_t *oport;    /* [ivc] output port while ACTIVE */
    uint8_t *ovc;      /* [ivc] output VC while ACTIVE */
    uint32_t *nemask;  /* [port slot] bit v set when VC v holds a flit */
    int32_t *nflits;   /* [router] flits buffered in the router */
} tn_input_units;

/* Output units (rtl/router/tn_output_unit.v). */
typedef struct tn_output_units {
    uint8_t *credits;  /* [ovc] free slots downstream (terminal ports: unused) */
    uint32_t *busy;    /* [port slot] bit v set while output VC v is allocated */
} tn_output_units;

/* Switch allocator pointers (rtl/router/tn_sw_alloc.v); the router owns them. */
typedef struct tn_alloc_state {
    uint8_t *sa1_ptr;  /* [port slot] over V */
    uint8_t *sa2_ptr;  /* [port slot] over P */
} tn_alloc_state;

/* Selection state (rtl/router/tn_sel_lru_age.v, tn_sel_ldsf_cnt.v, the router RNG). */
typedef struct tn_sel_state {
    uint32_t *rng;      /* [router] xorshift32 state, advanced every cycle */
    uint8_t *lru_age;   /* [port slot] cycles since the last flit on the link, saturating */
    uint8_t *ldsf_cnt;  /* [port slot] LDSF counter */
    long *last;         /* [router] the state above is that of the start of this cycle; routers
                           the simulator skips (no flit buffered) catch up on their next step */
} tn_sel_state;

/* PIPE=1's registers (docs/microarchitecture.md section 5 rows marked PIPE=1, section 6.8): the
 * grant the allocation of cycle t registers for its traversal in t+1, per input port, and the
 * error conditions of t. All 0 under pipe=0. */
typedef struct tn_pipe_regs {
    uint8_t *gin;     /* [port slot] mf_in_gnt: input port ip was granted in the last cycle */
    uint8_t *vc;      /* [port slot] mf_in_vc: its input VC */
    uint8_t *op;      /* [port slot] mf_in_op: its output port */
    uint8_t *ov;      /* [port slot] mf_in_ov: its output VC */
    uint8_t *alloc;   /* [port slot] mf_in_alloc: its head takes that VC (0 without a grant) */
    uint32_t *errc;   /* [router] errc_q: R13.1's conditions of the last cycle */
} tn_pipe_regs;

/* The routers of the network (rtl/router/tn_router.v, one per node): their parameters and their
 * state, flat arrays indexed as the RTL buses. router.c, chaos.c and the blocks below own it; the
 * simulator holds it and wires its ports: tn_iu_push and tn_ou_credit take the link and credit
 * registers in, tn_router_step writes the cycle's out registers into the link registers. */
typedef struct tn_routers {
    const tn_geom *g;
    const int32_t *coord;  /* [node*n + d] */
    int V, B, P;
    int A;                 /* credits an adaptive VC needs to be taken (R19.1.4) */
    int routing, selection, transit;
    int pipe;              /* 0 or 1 (section 6.8) */
    uint32_t *err;         /* [node] sticky error vector (section 13) */
    tn_input_units iu;
    tn_output_units ou;
    tn_alloc_state as;
    tn_sel_state sel;
    tn_pipe_regs pp;
} tn_routers;

/* A value on a link register in a cycle. */
typedef struct tn_link_ev {
    int32_t node;   /* receiving node */
    uint8_t port;   /* receiving input port, or ejection port for sinks */
    uint8_t sink;   /* 1: to the node's sink (ejection) */
    uint8_t from_port; /* sending output port (for link tracing) */
    int32_t from_node;
    tn_flit f;
} tn_link_ev;

typedef struct tn_credit_ev {
    int32_t node;   /* node whose input port returns the credit */
    uint8_t port;   /* input port */
    uint8_t vc;
} tn_credit_ev;

/* The link and credit registers of the network (rtl/net/tn_torus.v), as lists of the values
 * written in a cycle: lists lev[cur], cev[cur] are on the wires this cycle, lev[cur ^ 1],
 * cev[cur ^ 1] are being written (torus.c). */
typedef struct tn_link_regs {
    tn_link_ev *lev[2];
    tn_credit_ev *cev[2];
    long nlev[2], ncev[2];
    int cur; /* index of the lists visible this cycle */
} tn_link_regs;

/* ACOR (section 23; acor.c): the level machine's configuration and state. */
typedef struct tn_acor_cfg {
    int levels;       /* sequence length: 2 or 3 */
    uint32_t hi;      /* hysteresis interval, cycles (>= 1) */
    uint32_t it[2];   /* increase thresholds of levels 0 .. levels-2 */
    uint32_t dt[2];   /* decrease thresholds of levels 1 .. levels-1 */
} tn_acor_cfg;
typedef struct tn_acor_lvl {
    uint8_t level;    /* 0 (shortest policy) .. levels-1 (FULL) */
    uint32_t cnt;     /* blocked events in the interval so far */
    uint32_t tmr;     /* cycles left in the interval, HI .. 1 */
} tn_acor_lvl;

/* A packet generated at a source but not yet started. */
typedef struct tn_pending {
    long created;
    int dst, len;
    uint32_t mid;  /* VAL intermediate address */
    uint8_t quad;  /* GOAL / GAL quadrant */
} tn_pending;

/* The traffic generator every source draws from (rtl/ni/tn_traffic.v and the source's header
 * logic, docs/traffic.md): its parameters and patterns, fixed for the run. */
typedef struct tn_gen {
    const tn_geom *g;
    int routing;         /* the header a packet needs (VAL, GOAL) */
    int pkt_min, pkt_max;
    tn_traffic_gen tg;
    tn_trace trace;
    int has_trace;
    uint64_t p_thresh;   /* Bernoulli threshold per channel per cycle, of 2^32 */
    /* mid-run traffic switch: packets created in cycles >= switch_at (0: never) draw against
     * p_thresh2 with pattern tg2 */
    long switch_at;
    uint64_t p_thresh2;
    tn_traffic_gen tg2;
} tn_gen;

/* Injection channel of a node (NI side; the harness owns it in lockstep). */
typedef struct tn_source {
    tn_rng rng;
    long gen_clock;      /* next cycle the Bernoulli process draws for */
    long trace_next;     /* trace cursor */
    uint32_t seq;        /* packets started */
    int has_pending;
    tn_pending pend;
    int in_pkt;          /* a packet is being sent */
    uint32_t pkt;        /* its slot */
    int vc, idx, len;
    int vc_ptr;          /* round-robin start for the next packet's VC */
    uint8_t credits[TN_MAX_V];
    /* GAL, what this cycle did (observation for tnlock, rewritten every cycle): the injection
     * unit was offered a packet (dst) and queued it; the sender took queue dep_q (-1: none) */
    uint8_t gal_offer, gal_took;
    int gal_offer_dst, gal_enq_q, gal_dep_q;
    uint32_t gal_dep_tag;
    /* ACOR (section 23): the intermediate-node stream, the current head's failed attempts, and
     * what this cycle did (observation: an attempt was made, it failed) */
    tn_rng acor_rng;
    uint32_t acor_fail;
    uint8_t acor_att, acor_blk;
} tn_source;

/* GAL network interface (rtl/ni/, section 21): per node, S sets of 2^n quadrant queues of packet
 * descriptors, a threshold per set and its departure history; quadrant q's queues drain through
 * injection channel q mod term. */
typedef struct tn_gal_desc {
    long created;
    int dst, len;
    uint8_t quad;
    uint32_t tag;       /* the node's count of queued packets when this one was queued */
} tn_gal_desc;
typedef struct tn_gal_ni {
    const tn_geom *geo;
    int set_kind;       /* gal_sets (enum tn_gal_sets) */
    int adapt, t, tmin, tmax, n1, n2; /* the threshold's parameters (gal_adapt, gal_t, ...) */
    int sets, quads, depth;
    tn_gal_desc *q;     /* [(set_slot*quads + quad)*depth + i], ring */
    uint16_t *head;     /* [set_slot*quads + quad] */
    uint16_t *cnt;      /* [set_slot*quads + quad] occupancy in packets */
    uint16_t *thr;      /* [set_slot] threshold T */
    uint64_t *dhist;    /* [set_slot*term + e] bit i: channel e took a packet of the set in t-i */
    uint16_t *dprev;    /* [set_slot] drained count at the last update */
    int *rr;            /* [node*term + e] flat queue index j (over all S*2^n) sender e looks at first */
    uint32_t *ntag;     /* [node] packets queued so far (the next descriptor's tag) */
    long qtot[16];      /* packets in the quadrant-q queues of all nodes (statistics) */
    long qocc[16];      /* sum over the window's cycles of qtot (statistics) */
    int nw;             /* 64-bit words of a node's non-empty bitmap */
    uint64_t *ne;       /* [node*nw + j/64] bit j%64: queue j holds a packet (speed only) */
    uint64_t chmask[4]; /* [e] bit b: queue index j = b mod 64 is served by channel e */
    uint8_t *cq;        /* [set_slot] the set's canonical minimal quadrant (R21.5.1's hold), or
                         * 0xff: none (gal_sets 1 and 2) */
    long queued;        /* packets in all queues */
    long occ_sum;       /* sum over cycles of queued packets (statistics) */
} tn_gal_ni;             /* set_slot = node*sets + set */

/* Ejection channel reassembly state per VC. */
typedef struct tn_sink_vc {
    uint32_t pkt;
    int busy, next_idx;
} tn_sink_vc;

enum { TN_PKT_FREE = 0, TN_PKT_FLIGHT = 1 };

typedef struct tn_packet {
    long created, injected;
    int src, dst, len, hops;
    uint32_t seq;
    uint32_t mid;  /* routing header the source wrote (section 20) */
    uint8_t quad;
    uint8_t state, marked, channel;
    uint8_t acor_level; /* ACOR: the level it was injected under */
} tn_packet;

/* CHAOS (section 22): per node a shared queue (multiqueue) of q packet slots of buf flits; the
 * slots act as one more switch output (write port) and input (read port) of the router. */
typedef struct tn_chaos_state {
    int q;              /* slots per node */
    int wait;           /* chaos_wait: cycles a head waits before the queue, or a queued one
                           before it is derouted */
    tn_flit *buf;       /* [(node*q + slot)*B + i] */
    uint8_t *rd, *cnt;  /* [node*q + slot] read pointer, occupancy */
    uint8_t *resv;      /* [node*q + slot] owned by a packet: from its reservation until its tail
                           leaves the slot */
    uint8_t *act;       /* [node*q + slot] the slot's packet holds an output VC */
    uint8_t *oport, *ovc; /* [node*q + slot] that output VC */
    uint16_t *mwait;    /* [node*q + slot] cycles the slot's head has waited for an output VC */
    uint16_t *hwait;    /* [ivc] cycles the input VC's head has waited for an output VC */
    uint8_t *wr_ptr;    /* [node] RR over the P input ports: the queue's write port */
    uint8_t *rd_ptr;    /* [node] RR over the q slots: the queue's read port (SA stage 1) */
    uint16_t *in_ptr;   /* [node] RR over the P*V input VCs: slot reservation */
    uint16_t *inj_ptr;  /* [node] RR over the P*V input VCs: the injection gate */
    uint8_t *sa2_ptr;   /* [node*P + op] RR over P+1 requesters (index P: the queue) */
    uint8_t *va1_ptr;   /* [ivc] VA stage 1, RR over V */
    uint16_t *va2_ptr;  /* [ovc] VA stage 2, RR over P*V */
    long entered;       /* packets that entered a shared queue (statistics) */
    long derouted;      /* shared-queue packets granted a non-productive output (statistics) */
} tn_chaos_state;

#define TN_LAT_BINS 65536

/* The packet table (not hardware: the simulator's record of the packets in flight, which flits
 * name by slot): packet.c. */
typedef struct tn_pkt_table {
    tn_packet *pkt;      /* [slot] */
    uint32_t *free_slots;
    long n_free, n_slots;
    long in_flight;      /* packets started (or queued at a GAL NI) and not yet delivered */
} tn_pkt_table;

/* The measurement (section 17; not hardware): what the window's packets and links did. sim.c,
 * torus.c (links), source.c (created packets), sink.c (delivered ones) add to it. */
typedef struct tn_meas {
    long win_lo, win_hi;
    long marked_outstanding;
    long created_pkts_win, created_flits_win, accepted_flits_win; /* marked packets created, their flits */
    long *src_acc_win;   /* [node]: flits of that source's packets ejected in the window */
    long marked_done;
    long marked_nonmin;
    double lat_sum, net_sum, hop_sum;
    long lat_max, lat_min;
    uint32_t *lat_hist;  /* [TN_LAT_BINS], last bin counts overflow */
    uint32_t *chan_flits; /* [port slot] flits sent in the window */
    uint32_t *port_idle;  /* [port slot * TN_PORT_USE_N + use] R17.10: the window's idle
                             port-cycles of each network output port by use (sent is
                             chan_flits; idle_empty is the rest) */
    long flit_hops;
    long injected, delivered;
    long acor_pk[3];     /* ACOR: marked packets injected under each level */
    long acor_recomp;    /* their failed attempts */
    double acor_lvl_sum; /* sum over the window's cycles and nodes of the level */
} tn_meas;

/* The integrity checks' failures (R10.2): how many, the first one's message (packet.c). */
typedef struct tn_checks {
    long count;
    char first[TN_ERRLEN];
} tn_checks;

/* What an injection channel's source is wired to (fixed for the run; tn_sim holds it): the
 * traffic generator and parameters it reads, ACOR's level machines it reads ([node]; NULL
 * without ACOR), the GAL NI it feeds and whose sender it is (NULL without GAL) with the routers
 * whose afree the NI's hold reads, and what it writes: the packet table (a started packet), the
 * measurement, the check failures, its injection link. */
typedef struct tn_src_ports {
    const tn_gen *gen;
    const tn_geom *g;
    int V, B, flitw, routing;
    int acor_mode, acor_seq;
    const tn_acor_cfg *acor_cfg;
    const tn_acor_lvl *acor;
    tn_gal_ni *gal;
    const tn_routers *rt;
    tn_pkt_table *pt;
    tn_meas *meas;
    tn_checks *chk;
    tn_link_regs *lk;
} tn_src_ports;

struct tn_sim {
    tn_config cfg;
    tn_geom g;
    int V, B, P;
    int A;             /* credits an adaptive VC needs to be taken: min(buf, longest packet) (R19.1.4) */
    int lmax;          /* Lmax, the longest packet the run may create (R2.1): pkt's bound or the trace's */
    long cycle;
    int32_t *coord; /* [node*n + d] */
    tn_routers rt;  /* the routers (router.c, chaos.c) */
    tn_link_regs lk;     /* the link and credit registers (torus.c) */
    /* NI */
    tn_source *src;      /* [node*term + channel] */
    tn_src_ports srcio;  /* what every source is wired to */
    tn_sink_vc *sinkvc;  /* [(node*term + channel)*V + vc] */
    tn_gal_ni gal;
    /* ACOR (section 23): the level machine of every node, its configuration, and statistics */
    tn_acor_cfg acor_cfg;
    tn_acor_lvl *acor;   /* [node] */
    tn_chaos_state chaos;
    tn_gen gen;          /* the sources' traffic generator (source.c, traffic.c) */
    int gen_stop;        /* no new packets start */
    tn_pkt_table pt;
    tn_meas meas;
    tn_checks chk;
    int no_invariants;  /* 1: skip the -DTN_INVARIANTS checks (tests that force state by hand) */
    long last_move;       /* last cycle a flit was on a link */
    int deadlocked;
    char deadlock_report[1024];
    tn_deliver_fn on_deliver;
    void *on_deliver_user;
    tn_cycle_fn on_cycle;
    void *on_cycle_user;
};

/* input_unit.c: a flit on the link register of input port `port` is written (BUF_OVF when
 * full); the front flit of VC vc leaves. */
void tn_iu_push(tn_routers *r, int node, int port, const tn_flit *f);
static inline tn_flit *tn_iu_front(const tn_routers *r, long ivc)
{
    return &r->iu.buf[ivc * r->B + r->iu.rd[ivc]];
}
void tn_iu_pop(tn_routers *r, int node, int port, int vc);

/* output_unit.c: a credit on the credit register of output VC (port, vc) is added
 * (CREDIT_OVF above buf); a flit leaves on output VC (op, ov): a network port spends a credit
 * (CREDIT_UNF at 0). */
void tn_ou_credit(tn_routers *r, int node, int port, int vc);
void tn_ou_send(tn_routers *r, int node, int op, int ov);

/* acor.c: ACOR's level machine and restricted Valiant draws (issue 13; docs/acor.md). */
void tn_acor_reset(const tn_acor_cfg *c, tn_acor_lvl *l);
void tn_acor_step(const tn_acor_cfg *c, const tn_acor_lvl *cur, uint32_t events,
                  tn_acor_lvl *next);
/* ACOR per packet: the level after `failed` failed injection attempts (sticks at the top). */
int tn_acor_packet_level(int levels, int failed);
/* Restriction sets, by added path length. */
enum { TN_ACOR_BOX = 0, TN_ACOR_GOALQ = 1, TN_ACOR_FULL = 2 };
/* An intermediate node drawn from set for the packet src -> dst (torus), R23.3: N steps of the
 * channel's stream r, one per dimension. */
int tn_acor_draw(const tn_geom *g, int set, int src, int dst, tn_rng *r);
/* The restriction set of level `level` of sequence seq (enum tn_acor_seq), its level count. */
int tn_acor_set(int seq, int level);
int tn_acor_levels(int seq);
/* The seed of injection channel e's ACOR stream (R23.3.1). */
uint32_t tn_acor_seed(uint32_t g, int nodes, int node, int term, int e);

/* ---- the router's blocks (router.c assembles them; each is a function of its inputs, as its
 * Verilog module is) ---- */

/* output_unit.c (tn_output_unit.v, and tn_router.v's take/atake): per output port of one
 * router, the output VCs a head may take and the selection metrics (section 6.3, 19.2). */
typedef struct tn_avail {
    uint32_t take[TN_MAX_P];  /* [op] VCs a head may take: idle (and a credit, network ports) */
    uint32_t atake[TN_MAX_P]; /* [op] adaptive VCs a head may take: idle, credits >= A */
    uint32_t afree;           /* network ports with atake != 0, bit j = port j+1 */
    uint32_t held;            /* network ports with an allocated output VC, bit j = port j+1 */
    uint8_t age[2 * TN_MAX_N], cnt[2 * TN_MAX_N]; /* [j] LRU age, LDSF counter of port j+1 */
    uint16_t used[2 * TN_MAX_N];                  /* [j] occupied slots downstream */
} tn_avail;
/* adaptive = 0 (DOR, VAL, ACOR): only take and held are filled (atake 0, afree 0), since
 * nothing else is read without adaptive requests. */
void tn_ou_avail(const tn_geom *g, int V, int buf, int acrd, const uint8_t *credits_op_ov,
                 const uint32_t *busy_op, const uint8_t *lru_age_op, const uint8_t *ldsf_cnt_op,
                 int adaptive, tn_avail *a);
/* The node's router's network ports with an adaptive VC to take this cycle (R6.3's afree, from
 * the state at the start of the cycle): what the GAL senders' hold reads (R21.5.1). */
uint32_t tn_router_afree(const tn_routers *r, int node);

/* vc_req.c (tn_vc_req.v): the request of one input VC (section 6.4). */
enum { TN_REQ_NONE = 0, TN_REQ_BODY, TN_REQ_HEAD, TN_REQ_ADAPT };
enum { TN_WANT_NONE = 0xff, TN_WANT_CREDIT = 0x80 };
typedef struct tn_req {
    uint8_t kind;     /* TN_REQ_* */
    uint8_t port;     /* BODY: oport; HEAD: the route port */
    uint8_t want;     /* NONE (statistics only, R17.10): the port a head without an output VC
                         waits for (its route port), or TN_WANT_CREDIT | the port a body
                         without a credit waits for (its oport); TN_WANT_NONE otherwise.
                         Set by tn_vc_req, so only for VCs that hold a flit */
    uint32_t set;     /* HEAD: the output VCs it may take on port (the route's set, available) */
    uint32_t cand;    /* ADAPT: free productive ports, bit j = port j+1 */
    int hops[TN_MAX_N]; /* ADAPT: remaining hops per dimension (zigzag) */
} tn_req;
typedef struct tn_vc_in { /* one input VC as the request logic sees it */
    int cnt, active, oport, ovc;
    const tn_flit *front;
} tn_vc_in;
typedef struct tn_node_in { /* what every request of one router reads */
    const tn_geom *g;
    int V, routing;
    const int *coord;          /* [d] */
    const int32_t *nbr;        /* [op] neighbour node, < 0: no link */
    const uint8_t *credits;    /* [op*V + ov] */
} tn_node_in;
/* Returns the error bits of the VC this cycle (ORDER, PORT). */
uint32_t tn_vc_req(const tn_node_in *n, int ip, const tn_vc_in *vc, const tn_avail *a,
                   tn_req *w);

/* sw_alloc.c: separable input-first switch allocator. */
/* Stage 1 per input port: VC among requesting (mask). Stage 2 per output port: input port. */
int tn_sa_stage1(uint32_t req_mask, int vcs, int ptr);
int tn_sa_stage2(uint32_t req_ports, int ports, int ptr);
/* In-transit priority (section 7.4): the requests of the network input ports (1 .. nnet) if
 * any, else all. */
uint32_t tn_sa_transit(uint32_t req_ports, int nnet);
/* Stage 1 of input port ip, iteration 1 (tn_sa_in1.v, section 6.5): the winning VC (-1: none)
 * among reqs_v[0..V-1] by pointer ptr; its output port and the VCs it may take there. An
 * adaptive winner's port is chosen by the selection function with draw u16. */
int tn_sa_in1(const tn_req *reqs_v, int V, int ptr, int selection, uint32_t u16,
              const tn_avail *a, int *op, uint32_t *set);
/* Stage 1 of an input port without an iteration-1 grant, iteration 2 (tn_sa_in2.v, 6.6): only
 * body and head requests whose port is not in out_done. */
int tn_sa_in2(const tn_req *reqs_v, int V, int ptr, uint32_t out_done, int *op, uint32_t *set);

/* send.c (tn_send.v): the output VC a granted input VC leaves on: the one its packet holds, or
 * for a head (not active) the lowest VC of its set (section 6.7). */
int tn_send_ov(int active, int ovc, uint32_t set);

/* source.c: the routing header a source draws for a packet (section 20). */
void tn_source_header(const tn_gen *gen, int node, tn_rng *r, tn_pending *p);

/* gal_ni.c: the GAL network interface, all nodes' (tn_gal_ni owns its state and parameters). */
int tn_gal_init(tn_gal_ni *g, const tn_geom *geo, const tn_config *c);
void tn_gal_free(tn_gal_ni *g);
/* Queue a pending packet (returns 1 + its queue index set*2^n + quadrant) or leave it pending
 * because its queue is full (0). */
int tn_gal_enqueue(tn_gal_ni *g, int node, const tn_pending *p);
/* The NI's input afree: the node's router's network ports with an adaptive VC to take (R6.3.3,
 * R21.5.1's hold), given (known = 1) or computed by fn(ctx, node) the first time a queue needs
 * it (most cycles none does). */
typedef struct tn_afree_in {
    uint32_t bits;
    int known;
    uint32_t (*fn)(const void *ctx, int node);
    const void *ctx;
} tn_afree_in;
/* The next queued packet the sender of channel ch may start (fills p and returns 1), without
 * taking it. */
int tn_gal_peek(const tn_gal_ni *g, int node, int ch, tn_afree_in *af, tn_pending *p, int *qi);
/* The tag of the descriptor at the head of queue qi of the node. */
uint32_t tn_gal_head_tag(const tn_gal_ni *g, int node, int qi);
void tn_gal_take(tn_gal_ni *g, int node, int ch, int qi);
/* End of cycle `cycle`: departures history and the adaptive threshold; in_window: the cycle is
 * in the measurement window (the queues' occupancy statistics). */
void tn_gal_tick(tn_gal_ni *g, long cycle, int in_window);

/* Where a router's error condition of this cycle goes (section 13): `err` itself under pipe=0;
 * under pipe=1 PIPE=1's errc_q, ORed into `err` at the next cycle's step (R13.2). */
static inline uint32_t *tn_err_reg(tn_routers *r, int node)
{
    return r->pipe ? &r->pp.errc[node] : &r->err[node];
}

/* router.c */
/* What a router's cycle leaves for its caller's statistics (R17.10, not hardware): the requests
 * q[ip*V + v] of the cycle (section 6.4, with their `want`; a VC without a flit: kind NONE and
 * nothing else), the input ports granted (bit ip) and the network ports sent on (bit j = port
 * j+1). The caller owns it; the step writes it. */
typedef struct tn_router_use {
    tn_req q[TN_MAX_P * TN_MAX_V];
    uint32_t in_done, sent;
} tn_router_use;
/* One cycle of node's router at cycle `cycle`: from the state at its start, committed at its
 * end. Its outputs: the flits it writes on its output (link) registers and the credits on its
 * input ports' credit registers, into the registers lk (torus.c), and its use u. */
void tn_router_step(tn_routers *r, int node, long cycle, tn_link_regs *lk, tn_router_use *u);
/* Bring a router's selection state and RNG to the start of cycle `cycle` (the cycles it was
 * skipped had no flit to send and constant busy flags). tnlock calls it before comparing. */
void tn_router_sel_sync(tn_routers *r, int node, long cycle);
/* The end of a router's cycle `cycle` (section 19, under every routing): each network port's
 * LRU age and LDSF counter from whether it sent (bit j of sent: port j+1) and held an output VC
 * (bit j of held), and the router RNG's step. */
void tn_router_sel_step(tn_routers *r, int node, long cycle, uint32_t sent, uint32_t held);

/* chaos.c: CHAOS (section 22), the whole router cycle for routing=chaos: the routers' state and
 * the shared queues'; its flits and credits go into the registers lk. */
int tn_chaos_init(tn_chaos_state *c, int nodes, int ports, int vcs, int buf, int q, int wait);
void tn_chaos_free(tn_chaos_state *c);
void tn_chaos_router_step(tn_routers *rt, tn_chaos_state *cs, int node, long cycle,
                          tn_link_regs *lk);

/* sim.c, statistics (R17.10), not hardware: what each network output port of the router did this
 * cycle, from the requests q[ip*V + v] of the cycle (section 6.4, with their `want`), the input
 * ports granted and the network ports sent on (bit j = port j+1), in the cycles of the window:
 * what tn_router_step left in its tn_router_use, read by tn_sim_step after the step. A router
 * without a flit is not called: its ports are idle with nothing routed to them. */
void tn_stats_port_use(tn_sim *s, int node, const tn_req *q, uint32_t in_done, uint32_t sent);

/* torus.c: the link and credit registers a router writes in this cycle (visible in the next),
 * and their delivery (with the link statistics, counted there, outside the hardware blocks). */
void tn_link_emit_flit(tn_link_regs *l, const tn_geom *g, int node, int op, const tn_flit *f);
void tn_link_emit_credit(tn_link_regs *l, int node, int ip, int vc);
/* A source's flit on injection channel ch's link into its node's router. */
void tn_link_emit_inject(tn_link_regs *l, const tn_geom *g, int node, int ch, const tn_flit *f);
void tn_links_deliver(tn_sim *s);

/* source.c / sink.c */
/* GAL's sender of channel ch of node: starts the next packet of its quadrant queues. */
void tn_source_send(tn_source *src, const tn_src_ports *io, int node, int ch, long cycle);
/* The channel's source in cycle `cycle` (gen_stop: no new packets start). */
void tn_source_step(tn_source *src, const tn_src_ports *io, int node, int ch, long cycle,
                    int gen_stop);
/* Section 17: the measured offered load counts every packet created in the window. A channel's
 * generator is lazy (R9.2): when the sources stop before it has passed the window (the drain
 * limit), the window's packets it has not drawn are drawn now on a copy of its stream and their
 * flits counted; no packet is started from them (the sources are stopped). */
void tn_source_count_window(const tn_source *srcs, const tn_gen *gen, tn_meas *m);
/* sink.c (rtl/ni/tn_sink.v): the ejection channel with per-VC state sv_vc[V] takes flit f.
 * Returns the packet's slot when f is the tail of a packet in flight (the caller records the
 * delivery and frees the slot), TN_SINK_TAKEN for any other flit it took, TN_SINK_REJECTED for a
 * flit it could not place (unknown packet, a body without its head); failed checks go to in->chk. */
typedef struct tn_sink_in {
    const tn_geom *g;
    int flitw;
    int node;
    long cycle;
    const tn_pkt_table *pt;
    tn_checks *chk;
} tn_sink_in;
enum { TN_SINK_TAKEN = -1, TN_SINK_REJECTED = -2 };
long tn_sink_receive(tn_sink_vc *sv_vc, const tn_sink_in *in, const tn_flit *f);
/* stats.c: the measurement's events: a packet drawn (created in p->created; marked when in the
 * window); a flit on a network link, sent in cycle `sent` from port slot port_slot (its packet's
 * hops count its head's links); a flit ejected in cycle `cycle` from source src; a packet
 * delivered (its tail ejected) in cycle `cycle`. */
void tn_meas_created(tn_meas *m, const tn_pending *p);
void tn_meas_link(tn_meas *m, long sent, long port_slot, int head, tn_packet *p);
void tn_meas_accepted(tn_meas *m, long cycle, int src);
void tn_meas_delivered(tn_meas *m, const tn_geom *g, const tn_packet *p, long cycle);
/* packet.c: a free slot of the table (-1: none; the packet is in flight from then on), a slot
 * given back; a flit's payload (R10.2); a failed integrity check (the first one's message kept) */
long tn_pkt_take(tn_pkt_table *pt);
void tn_pkt_release(tn_pkt_table *pt, uint32_t slot);
uint64_t tn_payload(int flitw, int src, uint32_t seq, int idx);
void tn_check_fail(tn_checks *c, const char *fmt, ...);

/* invariant.c: the formal proofs' invariants on the state at the end of a cycle (F-numbers of
 * rtl/formal/, with their rules); 0, or how many are broken, the first described in msg */
int tn_invariants(const tn_sim *s, char *msg, size_t len);

#endif
