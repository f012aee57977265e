/* SPDX-License-Identifier: MIT */
/* tnhost's replications and rows of runs (tnhost_seeds.c; tnhost.h lists the layers): run
 * seeds=N, and the keys, board and table of a series of runs that sweep shares with it. It calls
 * the board layer, the printers and the driver, never a command's file. */
#ifndef TNHOST_SEEDS_H
#define TNHOST_SEEDS_H

#include "tnhost_board.h"
#include "tnhost_print.h"

/* the most runs of a sweep (loads, windows) and of run seeds=N */
#define SWEEP_MAX 64

/* The rows of a sweep: one per load, per window of one run, or per replication (run seeds=N) */
enum { ROWS_LOADS, ROWS_WINDOWS, ROWS_SEEDS };

/* sweep's --help (sweep_keys prints it on --help) */
int sweep_usage(void);
int sweep_keys(host *h, const char **rest, int nrest, tn_config *c, int *rc, const char *cmd);
int sweep_board(host *h, board_build *bb, const char *cmd);
int sweep_runs(host *h, const board_build *bb, const tn_config *cfg, int nl,
               const char *const *what, int mode, tn_stats *out);
/* run seeds=N: the replications of run's keys rest[0..nrest) (rest has room for two more),
 * their rows and summary */
int run_seeds(host *h, const char *seeds_arg, const char *perm_arg, const char **rest,
              int nrest);

#endif
