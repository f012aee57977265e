/* SPDX-License-Identifier: MIT */
/* tnhost's driver (tnhost_io.c), the lowest of its layers (tnhost.h lists them): the host state,
 * numbers and the host's keys, the failure and JSON output every command uses, and the requests
 * to the board over tn_port.c and tn_proto.c. It calls no other tnhost file. */
#ifndef TNHOST_IO_H
#define TNHOST_IO_H

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

/* keys, output, requests */
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

#endif
