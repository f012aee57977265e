/* SPDX-License-Identifier: MIT */
/* C interface of the Verilated tn_board_ctrl_top (tb/verilator/tn_board_ctrl_top.v: the board's
 * control plane, fpga/tn_ctrl.v, with a test register file); tn_board_shim.cpp is its only C++. */
#ifndef TN_BOARD_RTL_H
#define TN_BOARD_RTL_H

typedef struct tn_board_rtl tn_board_rtl;

/* Bits of tn_board_rtl_state. */
#define TN_BOARD_IDLE 1u      /* idle_o: no frame, reply, run or design reset under way */
#define TN_BOARD_RUN 2u       /* run_o */
#define TN_BOARD_DONE 4u      /* done_o */
#define TN_BOARD_DRST 8u      /* design_rst_o */

/* A new model, held in reset for two cycles with the line idle; NULL when out of memory. */
tn_board_rtl *tn_board_rtl_new(void);
void tn_board_rtl_free(tn_board_rtl *r);
/* One clock cycle with uart_rx_i = rx (0 or 1) during it; returns uart_tx_o after the edge. */
int tn_board_rtl_cycle(tn_board_rtl *r, int rx);
/* TN_BOARD_* bits of the outputs after the last edge. */
unsigned tn_board_rtl_state(const tn_board_rtl *r);
#endif
