/* SPDX-License-Identifier: MIT */
/* tnhost's shared declarations: the host state, the command table's type, the board core's
 * build and statistics, and the functions one file of fpga/host/ gives another (tnhost.c: keys,
 * output, requests, main; tnhost_ctrl.c: the control plane's commands; tnhost_run.c: run and
 * errors on the board core; tnhost_sweep.c: sweep). */
#ifndef TNHOST_H
#define TNHOST_H

#ifndef _DEFAULT_SOURCE /* nanosleep (a file that defines _GNU_SOURCE has it already) */
#define _DEFAULT_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tn.h"
#include "tn_board_regs.h"
#include "tn_cli.h"
#include "tn_port.h"
#include "tn_proto.h"

#define ERRLEN 512
#define MAX_ARGS (TN_REQ_MAX + 1)
#define EXIT_BOARD 1
#define EXIT_USAGE 2
/* The most nodes a board core has: tn_board.v refuses K^N > 32 on the parallel torus and
 * K^N > 256 on the time-multiplexed engine at elaboration (g_chk_nodes, g_chk_enodes; a node's
 * registers' address holds 8 bits of node), and its OVF (0x0027) and PATERR (0x0028) registers
 * hold node v at bit v mod 32. It bounds every per-node loop of tnhost (errors: 256 READ_BLOCKs,
 * run: 256 seeds, permutation entries and statistics reads). */
#define TNHOST_MAX_NODES 256
/* --config FILE: the longest line (bytes, without its newline) and the most bytes read */
#define CONFIG_LINE_MAX 1023
#define CONFIG_BYTES_MAX (1L << 20)
/* deadline: the longest wait for a run to end (start --wait, run, each run of sweep), ms */
#define DEADLINE_DEFAULT_MS 3600000
#define DEADLINE_MAX_MS 86400000
#define ADDR_ALLOWED "0..0xffff (decimal or 0x hex)"
#define U32_ALLOWED "0..0xffffffff (decimal or 0x hex)"

typedef struct host {
    char port[256];
    unsigned baud;
    int timeout_ms;
    long deadline_ms; /* the longest wait for a run to end */
    int json;
    int wait;
    int compare; /* run: also the C model (--compare) */
    unsigned hist_shift; /* run: latency histogram bins of 2^hist_shift cycles */
    const char *cmd;
    int nargs;
    const char *args[MAX_ARGS];
    tn_port io;
} host;

typedef struct command {
    const char *name;
    int min_args, max_args;
    const char *synopsis;
    const char *help;
    int (*run)(host *h);
} command;

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

/* tnhost.c: keys, output, requests */
int parse_num(const char *s, uint64_t max, uint64_t *out);
int set_key(host *h, const char *key, const char *val, char *err, size_t len);
void json_str(const char *s);
/* s with its control bytes (0x00..0x1f, 0x7f) as \xHH, at most outlen - 1 bytes into out (a
 * cut string ends in "..."); returns out. For every text of the input or the board printed. */
const char *safe_str(const char *s, char *out, size_t outlen);
void json_head(const host *h);
int fail(const host *h, int status, const char *kind, const char *msg);
const char *port_kind(int rc);
int ensure_open(host *h);
int request(host *h, uint8_t cmd, const uint8_t *payload, uint8_t len, const char *what, tn_reply *r);
int expect_len(host *h, const tn_reply *r, unsigned want, const char *what);
int read_block(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what);
/* the same by READ_BLOCK whatever count is (the block command: a block of 1 is READ_BLOCK too) */
int read_block_frame(host *h, unsigned addr, unsigned count, uint32_t *v, const char *what);
int arg_num(host *h, int i, const char *name, uint64_t max, const char *allowed, uint64_t *out);
/* A count polled while a run is under way must move: still_poll gives it each value read and
 * returns 1 once it has stood still for the timeout (at least 1 s), still_ms() of them. */
typedef struct still_watch {
    uint32_t last;
    long long since; /* when last was first read; -1 before the first value */
} still_watch;
long long still_ms(const host *h);
int still_poll(const host *h, still_watch *w, uint32_t v);
/* Whether a wait for a run begun at t0_ms (tn_now_ms) has passed the deadline. */
int past_deadline(const host *h, long long t0_ms);

/* tnhost_run.c: the board core */
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
void print_board_json(const host *h, const tn_config *c, const tn_stats *st, const board_stats *bs);
int run_config(host *h, int nargs, const char **args, const board_build *bb, const char *what, tn_config *c);
int run_measure(host *h, const tn_config *c, const board_build *bb, run_result *rr);
void print_compare_json(const run_result *rr);

/* the commands (the table in tnhost.c) */
int cmd_ping(host *h); /* tnhost_ctrl.c */
int cmd_regs(host *h); /* tnhost_ctrl.c */
int cmd_read(host *h); /* tnhost_ctrl.c */
int cmd_block(host *h); /* tnhost_ctrl.c */
int cmd_write(host *h); /* tnhost_ctrl.c */
int cmd_start(host *h); /* tnhost_ctrl.c */
int cmd_reset(host *h); /* tnhost_ctrl.c */
int cmd_raw(host *h); /* tnhost_ctrl.c */
int cmd_run(host *h); /* tnhost_run.c */
int cmd_errors(host *h); /* tnhost_run.c */
int cmd_sweep(host *h); /* tnhost_sweep.c */
/* run seeds=N (tnhost_sweep.c): the replications of run's keys rest[0..nrest) (rest has room for
 * two more), their rows and summary */
int run_seeds(host *h, const char *seeds_arg, const char *perm_arg, const char **rest,
              int nrest);

#endif
