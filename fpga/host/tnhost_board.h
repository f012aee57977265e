/* SPDX-License-Identifier: MIT */
/* tnhost's board core layer (tnhost_board.c; tnhost.h lists the layers): the build registers
 * read and checked, run's keys and a run's configuration from them, and a measured run with,
 * under --compare, the C model beside it. It calls only the driver (tnhost_io.h). */
#ifndef TNHOST_BOARD_H
#define TNHOST_BOARD_H

#include "tnhost_io.h"

/* ---- run and errors: the board core (fpga/tn_board.v) ---- */

typedef struct board_build {
    unsigned k, n, v, b, w, routing, term, qd, gqd;
    int sel;           /* -1: chosen at run time */
    unsigned features; /* BUILD2 bits: 0 GAL NI, 1 ACOR NI, 2 torus, 3 randperm and hotspot,
                        * 4 GAL's adaptive threshold */
    unsigned engines, stages, contexts; /* BUILD4: the time-multiplexed engine (0: parallel) */
} board_build;

/* The board's run, in tnsim's terms (sums and extremes over the nodes). */
typedef struct board_stats {
    uint64_t packets, accepted, lat_sum, injected, delivered, created, created_flits;
    uint32_t lat_max, lat_min, cycles, stop_cycle, status, rerr, serr, ovf, paterr;
    uint32_t hist[TN_BOARD_BINS];
    unsigned hist_shift;
    unsigned engines, contexts; /* the build's engine (BUILD4; 0: the parallel torus) */
} board_stats;

#define RUN_NFIELDS 11
/* what --compare compares: the RUN_NFIELDS scalar fields and the latency histogram */
#define RUN_NCOMPARED (RUN_NFIELDS + 1)

/* One measured run on the board and, with h->compare, the C model on the same keys. */
typedef struct run_result {
    board_stats bs;
    tn_stats st, cs;   /* the board's figures as tnsim's; the model's */
    int not_comparable; /* a source FIFO overflowed or a pattern is not built */
    int compared, ndiff, model_rc;
    struct {
        const char *name;
        uint64_t board, model;
    } f[RUN_NFIELDS];
    /* the model's marked packets binned as the board bins them (tn_sink: bin = min(latency >>
     * hist_shift, 15)), and whether a bin differs from the board's (counted in ndiff) */
    uint64_t mhist[TN_BOARD_BINS];
    int hist_differs;
} run_result;

/* tnhost_board.c: the board core */
extern const tn_cli_key run_keys[]; /* run's own keys beside tnsim's */
extern const int run_nkeys;
/* run's and sweep's --help: synopsis, then the key table with the build's defaults marked */
void run_usage(const char *synopsis);
int read_build(host *h, board_build *bb);
/* The five build registers BUILD0..BUILD3 (0x0000..0x0004, v[3] MAGIC) decoded into bb and
 * checked against the C model's limits (cmodel/include/tn.h), tnhost's (TNHOST_MAX_NODES,
 * TN_BOARD_BINS) and what tn_board.v can be built with. Returns 0, or -1 with a message in err
 * naming the register (name and address), the field, its value and the allowed range. Total:
 * any v[] is checked without overflow or undefined behaviour. */
int tnhost_build_check(const uint32_t v[5], board_build *bb, char *err, size_t errlen);
int run_config(host *h, int nargs, const char **args, const board_build *bb, const char *what, tn_config *c);
int run_measure(host *h, const tn_config *c, const board_build *bb, run_result *rr);

#endif
