// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated tn_sel_state_top (tb/verilator/tn_sel_state_top.v): the only
// C++ of the vl_sel_state test (tb/unit/vl_sel_state.c).
#include "Vtn_sel_state_top.h"
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_sel_rtl.h"
}

struct tn_sel_rtl : tn_vl_model<Vtn_sel_state_top> {};

extern "C" tn_sel_rtl *tn_sel_rtl_new(void)
{
    tn_sel_rtl *r = tn_vl_open<tn_sel_rtl>();
    if (!r)
        return nullptr;
    r->top->clk_i = 0;
    r->top->rst_i = 0;
    r->top->sent_i = 0;
    r->top->held_i = 0;
    r->top->cand_i = 0;
    r->top->u_i = 0;
    r->top->eval();
    return r;
}

extern "C" void tn_sel_rtl_free(tn_sel_rtl *r) { tn_vl_close(r); }

extern "C" void tn_sel_rtl_reset(tn_sel_rtl *r)
{
    r->top->rst_i = 1;
    r->top->sent_i = 0;
    r->top->held_i = 0;
    tn_vl_edge(r);
    r->top->rst_i = 0;
    r->top->eval();
}

extern "C" void tn_sel_rtl_step(tn_sel_rtl *r, int sent, int held)
{
    r->top->sent_i = sent ? 1 : 0;
    r->top->held_i = held ? 1 : 0;
    tn_vl_edge(r);
}

extern "C" unsigned tn_sel_rtl_cnt(tn_sel_rtl *r) { return r->top->cnt_o; }
extern "C" unsigned tn_sel_rtl_age(tn_sel_rtl *r) { return r->top->age_o; }

extern "C" unsigned tn_sel_rtl_random(tn_sel_rtl *r, int np, unsigned cand, unsigned u)
{
    r->top->cand_i = cand & 0x3Fu;
    r->top->u_i = u & 0xFFFFu;
    r->top->eval();
    return np == 2 ? r->top->pick2_o : np == 4 ? r->top->pick4_o : r->top->pick6_o;
}
