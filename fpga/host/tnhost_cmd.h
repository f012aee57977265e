/* SPDX-License-Identifier: MIT */
/* tnhost's commands (tnhost.h lists the layers): each called by the command table in tnhost.c,
 * each calling only the layers below it (tnhost_seeds.h and what it includes), never another
 * command's file. */
#ifndef TNHOST_CMD_H
#define TNHOST_CMD_H

#include "tnhost_seeds.h"

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

#endif
