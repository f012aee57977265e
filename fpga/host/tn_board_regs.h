/* SPDX-License-Identifier: MIT */
/* The board core's registers (fpga/tn_board.v; docs/board-guide.md, Register map, "Board
 * core"). Configuration registers take effect at the next RESET. */
#ifndef TN_BOARD_REGS_H
#define TN_BOARD_REGS_H
enum tn_board_reg {
    TN_B_BUILD0 = 0x0000,     /* RO {K, N, V, B}, a byte each, K in the top byte */
    TN_B_BUILD1 = 0x0001,     /* RO {W, ROUTING, SEL + 1, TERM} */
    TN_B_BUILD2 = 0x0002,     /* RO {QD (16 bits), histogram bins, features: bit 0 GAL NI,
                                 bit 1 ACOR NI, bit 2 torus, bit 3 randperm and hotspot, bit 4
                                 GAL's adaptive threshold} */
    TN_B_MAGIC = 0x0003,      /* RO 0x31426E74 "tnB1" */
    TN_B_BUILD3 = 0x0004,     /* RO GAL quadrant queue depth (GQD; 0 without GAL) */
    TN_B_ROUTING = 0x0010,    /* RW enum tn_routing (0..3 on the board) */
    TN_B_SEL = 0x0011,        /* RW enum tn_selection */
    TN_B_TRANSIT = 0x0012,    /* RW 1: in-transit priority */
    TN_B_DATELINE = 0x0013,   /* RW 1: dateline classes */
    TN_B_BUF = 0x0014,        /* RW flits per VC buffer in use, 1..B */
    TN_B_RSEED = 0x0015,      /* RW the routers' global seed (tnsim's seed) */
    TN_B_THRESH = 0x0016,     /* RW Bernoulli threshold floor(p * 2^32), low 32 bits */
    TN_B_THRESH_HI = 0x0017,  /* RW bit 32 of the threshold (p = 1) */
    TN_B_PATTERN = 0x0018,    /* RW enum tn_traffic */
    TN_B_PKT_MIN = 0x0019,    /* RW 1..256 */
    TN_B_PKT_MAX = 0x001A,    /* RW pkt_min..256 */
    TN_B_WARMUP = 0x001B,     /* RW cycles */
    TN_B_MEASURE = 0x001C,    /* RW cycles */
    TN_B_DRAIN = 0x001D,      /* RW cycles */
    TN_B_HIST_SHIFT = 0x001E, /* RW histogram bin width 2^shift cycles */
    TN_B_STATUS = 0x0020,     /* RO bit 0 started, 1 sources stopped, 2 run ended, 3 any error,
                                 4 a source FIFO overflowed, 5 a pattern is not built */
    TN_B_CYCLE = 0x0021,      /* RO cycles of the run (stops when it ends) */
    TN_B_STOP_CYCLE = 0x0022, /* RO the cycle the sources stopped */
    TN_B_OUTSTANDING = 0x0023,/* RO marked packets created and not delivered */
    TN_B_IN_FLIGHT = 0x0024,  /* RO packets started and not delivered */
    TN_B_RERR = 0x0025,       /* RO OR of the routers' error vectors */
    TN_B_SERR = 0x0026,       /* RO OR of the sinks' error bits */
    TN_B_OVF = 0x0027,        /* RO source FIFO overflow, bit per node */
    TN_B_PATERR = 0x0028,     /* RO pattern not built, bit per node */
    TN_B_CREATED = 0x0029,    /* RO marked packets created, all nodes */
    TN_B_CREATED_FLITS = 0x002A, /* RO their flits */
    TN_B_HIST = 0x0030,       /* RO 16 bins of marked packets' latency */
    TN_B_GAL_SETS = 0x0040,   /* RW GAL: gal_sets 0 one set, 1 near/far, 2 dir */
    TN_B_GAL_ADAPT = 0x0041,  /* RW GAL: 1 adaptive threshold */
    TN_B_GAL_T = 0x0042,      /* RW GAL: fixed threshold, 0..1024 */
    TN_B_GAL_TMIN = 0x0043,   /* RW GAL: adaptive threshold's lowest T */
    TN_B_GAL_TMAX = 0x0044,   /* RW GAL: adaptive threshold's highest T */
    TN_B_GAL_N1 = 0x0045,     /* RW GAL: window, 1..64 cycles */
    TN_B_GAL_N2 = 0x0046,     /* RW GAL: update period, 1..1000000 cycles */
    TN_B_HOT_THRESH = 0x0050, /* RW hotspot: (uint64_t)(hot_frac * 2^32), low 32 bits */
    TN_B_HOT_THRESH_HI = 0x0051, /* RW hotspot: its bit 32 (hot_frac = 1) */
    TN_B_N_HOT = 0x0052,      /* RW hotspot: hot nodes, 1..16 */
    TN_B_HOT = 0x0060,        /* RW hotspot: hot node j at 0x0060 + j, j = 0..15 */
    TN_B_ACOR_SEQ = 0x0070,   /* RW ACOR (BUILD2 bit 1 only): acor_seq 0..2 */
    TN_B_ACOR_MODE = 0x0071,  /* RW ACOR: acor_mode 0 router, 1 packet */
    TN_B_ACOR_HI = 0x0072,    /* RW ACOR: hysteresis interval, 1..65535 cycles */
    TN_B_ACOR_IT1 = 0x0073,   /* RW ACOR: rise threshold of level 0 */
    TN_B_ACOR_IT2 = 0x0074,   /* RW ACOR: rise threshold of level 1 */
    TN_B_ACOR_DT1 = 0x0075,   /* RW ACOR: fall threshold of level 1 */
    TN_B_ACOR_DT2 = 0x0076,   /* RW ACOR: fall threshold of level 2 */
    TN_B_NODE = 0x1000,       /* RO node v's statistics at 0x1000 + 16 v + TN_BN_* (8, 9
                                 unmapped) */
    TN_B_SEED = 0x2000,       /* RW node v's traffic stream seed at 0x2000 + v */
    TN_B_PERM = 0x3000,       /* RW randperm: node v's destination perm[v] at 0x3000 + v */
};
/* BUILD2's feature bits */
#define TN_BF_GAL 0x1u
#define TN_BF_ACOR 0x2u
#define TN_BF_TORUS 0x4u
#define TN_BF_PATTERNS 0x8u /* randperm and hotspot built */
#define TN_BF_GAL_ADAPT 0x10u /* GAL's adaptive threshold built (gal_adapt=on allowed) */
enum tn_board_node_reg {
    TN_BN_PACKETS = 0, TN_BN_ACCEPTED, TN_BN_LAT_SUM_LO, TN_BN_LAT_SUM_HI, TN_BN_LAT_MAX,
    TN_BN_LAT_MIN, TN_BN_DELIVERED, TN_BN_INJECTED, TN_BN_RSV8, TN_BN_RSV9,
    TN_BN_RERR, TN_BN_SERR, TN_BN_SRC, TN_BN_COUNT
};
#define TN_BOARD_MAGIC 0x31426E74u
#define TN_BOARD_BINS 16
#endif
