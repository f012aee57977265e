/* SPDX-License-Identifier: MIT */
/* tn: public interface of the golden C model of the torus router (docs/microarchitecture.md). */
#ifndef TN_H
#define TN_H

#include <stddef.h>
#include <stdint.h>

#define TN_MAX_N 4                          /* dimensions */
#define TN_MAX_K 64                         /* radix */
#define TN_MAX_V 16                         /* VCs per port */
#define TN_MAX_TERM 4                       /* injection/ejection channels per node */
#define TN_MAX_P (2 * TN_MAX_N + TN_MAX_TERM) /* ports per router */
#define TN_MAX_NODES 65536
#define TN_MAX_BUF 64                       /* flits per VC buffer */
#define TN_MAX_PKT 256                      /* flits per packet */
#define TN_MAX_CHAOS_Q 64                   /* CHAOS: packet slots of a node's shared queue */
#define TN_MAX_HOT 16                       /* hot-spot nodes */

/* What a network output port did in a cycle of the window (R17.10): it sent a flit, or it was
 * idle although an input VC requested it (every requesting input port sent to another output,
 * or one was left unmatched), or idle with a body waiting for a credit on it, with a head waiting
 * for an output VC on it, or with nothing routed to it. */
enum { TN_PORT_SENT = 0, TN_PORT_IDLE_INPUT_BUSY, TN_PORT_IDLE_UNMATCHED, TN_PORT_IDLE_CREDIT,
       TN_PORT_IDLE_VC, TN_PORT_IDLE_EMPTY, TN_PORT_USE_N };
#define TN_ERRLEN 256

/* Enumerations (routing, selection, topology, traffic, GAL sets) and error bits: the same
 * integers in the RTL (rtl/common/tn_defs.vh), generated from rtl/common/tn_defs.tbl. */
#include "tn_defs.h"

typedef struct tn_config {
    int k, n;              /* radix 2..64, dimensions 1..4 */
    int topo;              /* enum tn_topo */
    int vcs;               /* V, VCs per port */
    int buf;               /* flits per VC buffer */
    int pkt_min, pkt_max;  /* packet length in flits (fixed when equal) */
    int flitw;             /* payload bits per flit, 1..64 */
    int term;              /* injection and ejection channels per node */
    int routing;           /* enum tn_routing */
    int selection;         /* enum tn_selection (adaptive routing) */
    int traffic;           /* enum tn_traffic */
    double load;           /* offered load, fraction of capacity */
    int load_set;          /* 1 when load was given (0: the default) */
    long warmup, measure;  /* cycles */
    long drain;            /* most cycles to wait for the marked packets after the window */
    int sat_early;         /* tnsim sat's probes (no key): end at the window's end when the run
                              is certain to be saturated there (R17.9) */
    uint32_t seed;         /* global seed */
    uint32_t perm_seed;    /* seed of the randperm permutation */
    double hot_frac;       /* hotspot: fraction of packets sent to a hot node */
    int n_hot;             /* hotspot: number of hot nodes */
    int hot[TN_MAX_HOT];   /* hotspot: hot node ids */
    int hot_others;        /* hotspot: 0 (default): every node follows hot_frac, the uniform
                              branch over all nodes (its own included); 1: no packet to its own
                              node: a hot node sends uniform packets only, the uniform branch
                              over the other nodes (paper 004; C model only) */
    char trace[256];       /* trace file path */
    int dateline;          /* 1: dateline VC classes (default); 0: none, a deliberately broken
                              configuration for the deadlock checker and the watchdog */
    long watchdog;         /* cycles without a flit moving, with flits in flight, that stop a run */
    int transit;           /* 1: in-transit priority in switch allocation (section 7.4) */
    int pipe;              /* enum tn_pipe: 1 the grant registered, traversal a cycle later (6.8) */
    /* GAL network interface (section 21) */
    int gal_sets;          /* enum tn_gal_sets */
    int gal_t;             /* fixed threshold T (packets), when gal_adapt is 0 */
    int gal_adapt;         /* 1: the adaptive threshold of paper 000 section IV-E */
    int gal_tmin, gal_tmax, gal_n1, gal_n2;
    int gal_qdepth;        /* packets per injection queue */
    /* ACOR (section 23) */
    int acor_seq;          /* enum tn_acor_seq: the restriction-set sequence */
    int acor_mode;         /* enum tn_acor_mode: the level per router or per packet */
    int acor_hi;           /* hysteresis interval, cycles */
    int acor_it1, acor_it2; /* increase thresholds: level 0 -> 1, level 1 -> 2 (3 levels) */
    int acor_dt1, acor_dt2; /* decrease thresholds: level 1 -> 0, level 2 -> 1 (3 levels) */
    /* CHAOS (section 22) */
    int chaos_wait;        /* cycles a blocked head waits before it may enter the shared queue,
                              and a shared-queue head before it may be derouted */
    int chaos_q;           /* packet slots of the shared queue (multiqueue) per node */
    /* Mid-run traffic switch (docs/traffic.md section 2): packets created in cycles >= switch_at
     * (0: off) use switch_traffic at switch_load (fraction of capacity) */
    long switch_at;
    int switch_traffic;    /* enum tn_traffic, not trace */
    double switch_load;
    int switch_traffic_set, switch_load_set; /* 1 when given (else: traffic / load) */
    /* 1 when given: tnsim refuses them when no pattern in the run reads them */
    int perm_seed_set, hot_frac_set, hot_nodes_set, hot_others_set;
} tn_config;


/* ---- configuration (config.c) ---- */
void tn_config_default(tn_config *c);
/* Set one key. Returns 0, or -1 with a message naming key, value and allowed range in err. */
int tn_config_set(tn_config *c, const char *key, const char *value, char *err, size_t errlen);
/* Read key=value lines ('#' comments) from a file of text: no NUL byte, at most 1,022
 * characters a line and 1 MiB (TN_CONFIG_LINE, TN_CONFIG_BYTES in tn_cli.h). Returns 0, or -1
 * with err: a bad line ("FILE:LINE: ...", a NUL named by its byte), a file too long, or a file
 * that cannot be opened or read (a directory, an I/O error), with the OS's reason. */
int tn_config_load(tn_config *c, const char *path, char *err, size_t errlen);
/* Check every field against its key's range (the values tn_config_set can give: a tn_config
 * filled by other means, such as tnhost's from a board, gets the same message "key 'K': value
 * 'V' is not allowed; allowed: RANGE"), then the combination of values (k^n computed without
 * overflow); last, that no key is given that the run's patterns do not read (trace, perm_seed,
 * hot_frac, hot_nodes), named with its value and the pattern that reads it. */
int tn_config_check(const tn_config *c, char *err, size_t errlen);
/* Credits an adaptive VC needs to be taken (whole packet forwarding, docs/microarchitecture.md
 * R19.1.4): min(buf, pkt_max); the RTL's cfg_acrd_i. With traffic=trace the simulation takes
 * min(buf, the trace's longest packet) instead (tn_sim_new). */
int tn_config_acrd(const tn_config *c);
/* Name tables (index = enum value). */
const char *tn_routing_name(int r);
const char *tn_traffic_name(int t);
const char *tn_topo_name(int t);
const char *tn_selection_name(int s);
/* Least V the routing needs on the configured topology (with the dateline setting). */
int tn_min_vcs(const tn_config *c);
/* Capacity of the network in flits/node/cycle (uniform traffic bisection bound). */
double tn_capacity(const tn_config *c);
/* Injection rate in flits/node/cycle for the configured load. */
double tn_rate_flits(const tn_config *c);
/* After the switch (switch_at > 0): the pattern and the rate in flits/node/cycle. */
int tn_switch_traffic(const tn_config *c);
double tn_switch_rate_flits(const tn_config *c);
/* The Bernoulli threshold floor(p * 2^32) of a rate in flits/node/cycle, in docs/traffic.md
 * section 2's order of binary64 operations (p = rate / (term * mean packet length)); the board's
 * THRESH and SWITCH_THRESH registers take the same value. */
uint64_t tn_inject_thresh(const tn_config *c, double rate_flits);
/* The offered load reported for the window, flits/node/cycle: tn_rate_flits, or with a mid-run
 * switch the window's mean of the two rates (docs/traffic.md section 2). */
double tn_offered_flits(const tn_config *c);
/* The mid-run switch in a report: "" without one; else as text "; from cycle T traffic=P
 * load=L", or as JSON fields ", \"switch_at\": T, \"switch_traffic\": \"P\", \"switch_load\": L".
 * Returns buf. */
const char *tn_switch_describe(const tn_config *c, int json, char *buf, size_t len);

/* ---- geometry (topology.c) ---- */
typedef struct tn_geom {
    int k, n, nodes, ports, term, topo;
    int cw;                         /* coordinate field width: clog2(k) */
    int dateline;                   /* dateline VC classes on (1) or off (0) */
    int32_t *nbr;                   /* [node*ports+port] neighbour node or -1 */
} tn_geom;
int tn_geom_init(tn_geom *g, const tn_config *c);
void tn_geom_free(tn_geom *g);
/* Node id <-> coordinates: id = sum_d c_d * k^d. */
void tn_coords(const tn_geom *g, int node, int *coord);
int tn_node_of(const tn_geom *g, const int *coord);
/* Packed header address: coordinate d in bits [d*cw, d*cw+cw). */
uint32_t tn_addr_of(const tn_geom *g, int node);
int tn_node_of_addr(const tn_geom *g, uint32_t addr);
/* Port numbering: 0 node; 1+2d is +d; 2+2d is -d; 2n+e (e>=1) is terminal channel e. */
static inline int tn_port_plus(int d) { return 1 + 2 * d; }
static inline int tn_port_minus(int d) { return 2 + 2 * d; }
int tn_term_port(const tn_geom *g, int channel);
/* A terminal port: 0 or 2n+e (ports 1 .. 2n are the network's). */
static inline int tn_port_is_term(const tn_geom *g, int port)
{
    return (unsigned)(port - 1) >= (unsigned)(2 * g->n);
}
int tn_port_opposite(int port); /* +d <-> -d */
/* The node whose output drives input port ip (a network port) of node: nbr[ip], except on a
 * unidirectional torus, where input -d (from output +d of c_d - 1) has no output beside it. */
int tn_upstream(const tn_geom *g, int node, int ip);

/* ---- random numbers (rng.c) ---- */
typedef struct tn_rng { uint32_t s; } tn_rng;
uint32_t tn_rng_next(tn_rng *r);                  /* xorshift32 (13,17,5) */
uint32_t tn_rng_below(tn_rng *r, uint32_t n);     /* (next * n) >> 32 */
uint32_t tn_seed_stream(uint32_t global, uint32_t kind, uint32_t index);
enum { TN_STREAM_TRAFFIC = 1, TN_STREAM_ROUTER = 2, TN_STREAM_PERM = 3 };

/* ---- arbiter (rr_arbiter.c; rtl/common/tn_rr_arbiter.v) ---- */
/* Round-robin: grant the first set bit at or after ptr (wrapping), -1 if none. */
int tn_rr_pick(uint32_t req, int n, int ptr);

/* ---- route computation (route.c; rtl/router/tn_route.v) ---- */
typedef struct tn_route_out {
    int port;       /* output port */
    int vc_lo, vc_hi; /* allowed output VCs [vc_lo, vc_hi) */
} tn_route_out;
void tn_route_dor(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr,
                  int in_port, tn_route_out *out);
/* Escape VCs of an adaptive routing: 2 on a torus with dateline classes, else 1. */
int tn_escape_vcs(const tn_geom *g);
/* Adaptive route computation (sections 19.1, 20.2): the escape route (DOR port, one escape VC)
 * in esc, the productive network ports as a mask (bit j = port j+1) in prod, the remaining hops
 * per dimension in hops; at the destination esc is the ejection port and prod is 0. MIN AD:
 * quad < 0, every minimal direction. GOAL and GAL: quad = direction vector (bit d = 1 for -),
 * the quadrant's directions only. */
void tn_route_adaptive(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr, int in_port,
                       int quad, tn_route_out *esc, uint32_t *prod, int *hops);
/* VAL: the phase in force at node cur (1 once the packet is at or past mid), and DOR toward mid
 * (phase 0) or the destination (phase 1) on that phase's VC set (section 20.1). */
int tn_val_phase(const tn_geom *g, const int *cur, uint32_t mid, int phase);
void tn_route_val(const tn_geom *g, int vcs, const int *cur, uint32_t dst_addr, uint32_t mid,
                  int phase, int in_port, tn_route_out *out);
/* Dateline class of a hop in dimension d from coordinate c toward t, direction +1/-1. */
int tn_dateline_class(int k, int c, int t, int dir);
/* Direction DOR takes in one dimension: +1, -1, 0 when c == t. */
int tn_dor_dir(int k, int topo, int c, int t);

/* ---- selection functions (select.c; rtl/router/tn_select.v and tn_sel_*.v) ---- */
/* Candidates are masks over the 2n network ports: bit j = port j+1 (+d is bit 2d, -d bit 2d+1).
 * Each returns the chosen bit index, or -1 when cand is 0. Ties go to the lowest bit. */
int tn_sel_random(uint32_t cand, uint32_t u16);            /* u16: a 16-bit draw */
int tn_sel_dor(uint32_t cand);
int tn_sel_zigzag(uint32_t cand, const int *hops);         /* hops[d]: remaining, dimension d */
int tn_sel_lru(uint32_t cand, const uint8_t *age);         /* age[j]: cycles since last flit */
int tn_sel_ldsf(uint32_t cand, const uint8_t *cnt);        /* cnt[j]: LDSF counter */
int tn_sel_sq(uint32_t cand, const uint16_t *used);        /* used[j]: occupied slots downstream */
typedef struct tn_sel_in {
    uint32_t u16;
    const int *hops;
    const uint8_t *age, *cnt;
    const uint16_t *used;
} tn_sel_in;
int tn_select(int sel, uint32_t cand, const tn_sel_in *in);
/* Per-output-link state, one cycle: sent = a flit left on the link this cycle; held = an output
 * VC of the link was allocated at the start of the cycle. Saturation TN_SEL_MAX. */
#define TN_SEL_MAX 255
uint8_t tn_sel_lru_age_next(uint8_t age, int sent);
uint8_t tn_sel_ldsf_cnt_next(uint8_t cnt, int sent, int held);
/* The router's 16-bit draw with index i from the router RNG state x (R19.4.3): MIN AD's selection
   reads i = the input port; CHAOS i = port*V + vc, or P*V + q for its queue q (R22.2). */
uint32_t tn_sel_rand16(uint32_t x, int i);
/* Reset value of router node's RNG for global seed g. */
uint32_t tn_router_seed(uint32_t g, int node);

/* ---- traffic patterns (traffic.c) ---- */
typedef struct tn_traffic_gen {
    int pattern, nodes, k, n;
    int *perm;               /* randperm table */
    uint64_t hot_thresh;     /* hot_frac * 2^32: a draw below it picks a hot node */
    int hot_others;          /* 1: no packet to its source (hot nodes send uniform only) */
    int n_hot;
    int hot[TN_MAX_HOT];
} tn_traffic_gen;
int tn_traffic_init(tn_traffic_gen *t, const tn_config *c, const tn_geom *g, char *err, size_t errlen);
void tn_traffic_free(tn_traffic_gen *t);
/* Destination of a packet from src; draws from r as docs/traffic.md says. */
int tn_traffic_dest(const tn_traffic_gen *t, const tn_geom *g, int src, tn_rng *r);
/* Pattern as a function (permutations); -1 for random patterns. */
int tn_traffic_perm(const tn_traffic_gen *t, const tn_geom *g, int src);

/* Trace input: one packet per line "cycle source destination length", '#' comment lines; no
 * NUL byte, at most TN_TRACE_LINE characters a line, TN_TRACE_BYTES bytes and TN_TRACE_PKTS
 * packets in all (a packet costs 24 bytes of memory: 400 MB at most). */
#define TN_TRACE_LINE 4095
#define TN_TRACE_BYTES 268435456LL
#define TN_TRACE_PKTS 16777216L
typedef struct tn_trace_pkt { long cycle; int src, dst, len; } tn_trace_pkt;
typedef struct tn_trace {
    tn_trace_pkt *p;  /* sorted by (src, cycle), file order kept for equal keys */
    long count;
    long *first;      /* [nodes + 1]: packets of source s are p[first[s] .. first[s+1]) */
} tn_trace;
int tn_trace_load(tn_trace *t, const char *path, const tn_geom *g, int pkt_max, char *err,
                  size_t errlen);
void tn_trace_free(tn_trace *t);

/* ---- simulation (sim.c) ---- */
typedef struct tn_stats {
    double offered;              /* configured, fraction of capacity */
    double offered_flits;        /* configured, flits/node/cycle */
    double created_flits;        /* measured offered (flits created in window), flits/node/cycle */
    long created_packets;        /* marked packets created (in the window), section 17 */
    double accepted;             /* fraction of capacity */
    double accepted_flits;       /* flits/node/cycle */
    double latency_avg, network_latency_avg, hops_avg;
    long latency_p50, latency_p99, latency_max, latency_min;
    long packets;                /* marked packets delivered */
    long cycles;                 /* cycles simulated */
    long stop_cycle;             /* the first stopped cycle (R9.8): from it on the sources
                                    start no packet, and the network drains */
    double sim_seconds, cycles_per_second, flit_hops_per_second;
    long flit_hops;              /* link traversals over the whole run */
    double chan_util_avg, chan_util_max;
    /* R17.10: fraction of the network output port-cycles of the window in each use
     * (TN_PORT_*); they sum to 1, and [TN_PORT_SENT] is chan_util_avg. All -1 under CHAOS. */
    double port_use[TN_PORT_USE_N];
    int saturated;
    int drained;                 /* 1 when every marked packet was delivered */
    long injected, delivered;    /* all packets over the run */
    long check_errors;           /* integrity failures seen by the sinks */
    uint32_t router_errors;      /* OR of all routers' sticky error vectors */
    int deadlocked;              /* the watchdog stopped the run */
    double nonmin_frac;          /* marked packets whose path is longer than minimal */
    /* fairness over the window: accepted flits/cycle of each source's packets, the least and
     * the most of any source, and Jain's index (sum x)^2 / (n sum x^2), 1 when all are equal */
    double src_accepted_min, src_accepted_max, src_jain;
    int gal_quads;               /* routing=gal: 2^n, else 0 */
    double gal_queue_occ[16];    /* routing=gal: mean packets per node in its quadrant-q queues
                                    (all sets) over the window; bit d of q: - in dimension d */
    int acor_levels;             /* routing=acor: levels of the sequence (2 or 3), else 0 */
    double acor_level_frac[3];   /* routing=acor: fraction of the marked packets injected under
                                    each level (0 the shortest policy ... levels-1 FULL) */
    double acor_recomp_avg;      /* routing=acor: failed injection attempts (recomputations) per
                                    marked packet */
    double acor_level_avg;       /* routing=acor: the routers' level averaged over nodes and the
                                    window's cycles (per-router mode) */
} tn_stats;

typedef struct tn_sim tn_sim;
tn_sim *tn_sim_new(const tn_config *c, char *err, size_t errlen);
void tn_sim_free(tn_sim *s);
/* Advance one cycle. */
void tn_sim_step(tn_sim *s);
/* Warm-up, measure, drain, then stop the sources and drain everything; fills st. */
int tn_sim_run(tn_sim *s, tn_stats *st);
/* Stop creating packets; run until every injected packet is delivered (or limit cycles). */
int tn_sim_drain_all(tn_sim *s, long limit);
long tn_sim_cycle(const tn_sim *s);
long tn_sim_in_flight(const tn_sim *s);
const tn_geom *tn_sim_geom(const tn_sim *s);
uint32_t tn_sim_router_errors(const tn_sim *s);
/* Flits per cycle on the link leaving node by port during the measurement window. */
double tn_sim_channel_util(const tn_sim *s, int node, int port);
/* R17.10 for that link: use[TN_PORT_*] as fractions of the window's cycles (use[TN_PORT_SENT] is
 * tn_sim_channel_util). -1 when the port is not a network port with a link, or under CHAOS
 * (its own router, not classified). */
int tn_sim_channel_use(const tn_sim *s, int node, int port, double *use);
long tn_sim_check_errors(const tn_sim *s);
const char *tn_sim_first_error(const tn_sim *s); /* first integrity failure, "" if none */

/* Directed traffic for tests: queue one packet at src (created now). A packet longer than A
 * (R19.1.4, from the pkt key) may enter an adaptive VC without room for all of it. */
int tn_sim_inject(tn_sim *s, int src, int dst, int len);
/* Record of a delivered packet, for tests: returns count of packets delivered so far. */
typedef struct tn_pkt_record {
    int src, dst, len, hops;
    long created, injected, ejected;
    int channel, quad; /* injection channel; GOAL/GAL quadrant (bit d: - in dimension d) */
} tn_pkt_record;
/* Optional callback on each delivered packet. */
typedef void (*tn_deliver_fn)(void *user, const tn_pkt_record *p);
void tn_sim_on_deliver(tn_sim *s, tn_deliver_fn fn, void *user);
/* Optional callback at the end of every cycle (tn_sim_cycle is then the next cycle). */
typedef void (*tn_cycle_fn)(void *user, const tn_sim *s);
void tn_sim_on_cycle(tn_sim *s, tn_cycle_fn fn, void *user);
/* GAL (routing=gal): the mean and the largest threshold T over all sets of all nodes and the
 * packets in all quadrant queues now; returns -1 (nothing written) for other routings. */
int tn_sim_gal_state(const tn_sim *s, double *t_mean, int *t_max, long *queued);
/* ACOR (routing=acor): the misrouting level of each router now (levels[node], per-router mode;
 * 0 everywhere in per-packet mode); returns the number of levels, or -1 (nothing written) for
 * other routings. */
int tn_sim_acor_levels(const tn_sim *s, uint8_t *levels);

/* Deadlock checker (deadlock.c): builds the channel dependency graph of the (escape) network
 * of the configured routing and proves it acyclic. Returns 0 and a summary when acyclic, 1 and
 * a cycle (channels listed) when not, -1 on bad configuration. */
int tn_deadlock_check(const tn_config *c, char *report, size_t len);

/* Watchdog: 1 after a run stopped because no flit moved for cfg.watchdog cycles while flits
 * were in flight; the report names the stuck VCs. */
int tn_sim_deadlocked(const tn_sim *s);
const char *tn_sim_deadlock_report(const tn_sim *s);

/* Channel-load bound of the configured routing and pattern, flits/node/cycle
 * (1 / worst channel load per unit injection, capped by terminal bandwidth). */
double tn_channel_load_bound(const tn_config *c, char *err, size_t errlen);

#endif
