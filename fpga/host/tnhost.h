/* SPDX-License-Identifier: MIT */
/* tnhost's layers, top to bottom; a file calls only files of the layers below its own, so no
 * two files call each other (tb/checks/check_layers.py checks it):
 *   tnhost.c        main, the command table, tnhost's own keys (--help, --keys), --config
 *   tnhost_ctrl.c   the commands (tnhost_cmd.h): the control plane's (ping regs read write block
 *   tnhost_run.c      start reset raw), run and errors on the board core, and sweep
 *   tnhost_sweep.c
 *   tnhost_seeds.c  run seeds=N's replications, and the rows of runs sweep shares (tnhost_seeds.h)
 *   tnhost_board.c  the board core: the build check, run's keys, a run's configuration and a
 *                   measured run (tnhost_board.h)
 *   tnhost_print.c  the printers of a run and of error bits (tnhost_print.h), beside the board
 *                   layer: they take its types and call neither it nor it them
 *   tnhost_io.c     the driver: numbers, the host's keys, failures and JSON output, the requests
 *                   (tnhost_io.h)
 *   tn_port.c, tn_proto.c (the serial port, the protocol) and the C model's library.
 * Each layer's header includes the ones below it; this one, for tnhost.c and the tests of
 * tnhost (tb/unit/test_tnhost.c, tb/fuzz/fuzz_build.c), includes them all and declares the
 * command table's type and --config's bounds. */
#ifndef TNHOST_H
#define TNHOST_H

#include "tnhost_cmd.h"

/* --config FILE: the longest line (bytes, without its newline) and the most bytes read */
#define CONFIG_LINE_MAX 1023
#define CONFIG_BYTES_MAX (1L << 20)

typedef struct command {
    const char *name;
    int min_args, max_args;
    const char *synopsis;
    const char *help;
    int (*run)(host *h);
} command;

#endif
