// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated board: the only C++ of tnboard (tb/board/tnboard.c). Built
// twice (fpga/board.mk): over tn_board_ctrl_top (tb/verilator/tn_board_ctrl_top.v, the control
// plane) for tnboard, and with -DTN_BOARD_CORE over tn_board (fpga/tn_board.v, the board core)
// for tnboard-core.
#ifdef TN_BOARD_CORE
#include "Vtn_board.h"
typedef Vtn_board tn_top;
#else
#include "Vtn_board_ctrl_top.h"
typedef Vtn_board_ctrl_top tn_top;
#endif
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_board_rtl.h"
}

struct tn_board_rtl : tn_vl_model<tn_top> {};

extern "C" tn_board_rtl *tn_board_rtl_new(void)
{
    tn_board_rtl *r = tn_vl_open<tn_board_rtl>();
    if (!r)
        return nullptr;
    r->top->uart_rx_i = 1;
    r->top->rst_i = 1;
    tn_vl_edge(r);
    tn_vl_edge(r);
    r->top->rst_i = 0;
    r->top->clk_i = 0;
    r->top->eval();
    return r;
}

extern "C" void tn_board_rtl_free(tn_board_rtl *r) { tn_vl_close(r); }

extern "C" int tn_board_rtl_cycle(tn_board_rtl *r, int rx)
{
    r->top->uart_rx_i = rx ? 1 : 0;
    tn_vl_edge(r);
    return r->top->uart_tx_o;
}

extern "C" unsigned tn_board_rtl_state(const tn_board_rtl *r)
{
#ifdef TN_BOARD_CORE
    /* led_o (fpga/tn_board.v): 0 run under way, 1 run ended, 3 design reset, 4 control plane
     * idle. The board is idle when the control plane is and no run is under way. */
    unsigned led = r->top->led_o;
    return (((led >> 4) & 1u) && !(led & 1u) ? TN_BOARD_IDLE : 0u) |
           ((led & 1u) ? TN_BOARD_RUN : 0u) | (((led >> 1) & 1u) ? TN_BOARD_DONE : 0u) |
           (((led >> 3) & 1u) ? TN_BOARD_DRST : 0u);
#else
    const tn_top *t = r->top;
    return (t->idle_o ? TN_BOARD_IDLE : 0u) | (t->run_o ? TN_BOARD_RUN : 0u) |
           (t->done_o ? TN_BOARD_DONE : 0u) | (t->design_rst_o ? TN_BOARD_DRST : 0u);
#endif
}
