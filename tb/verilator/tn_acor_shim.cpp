// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated tn_acor_top (tb/verilator/tn_acor_top.v): the only C++ of
// the vl_acor test (tb/unit/vl_acor.c).
#include "Vtn_acor_top.h"
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_acor_rtl.h"
}

extern "C" const int tn_acor_rtl_param[TN_ACOR_RTL_NINST][3] = {
    {4, 1, 1}, {4, 2, 1}, {4, 3, 2}, {8, 1, 1}, {8, 2, 4}, {8, 3, 1}, {3, 2, 2}, {5, 2, 3},
};

struct tn_acor_rtl : tn_vl_model<Vtn_acor_top> {};

static void clear_inputs(tn_acor_rtl *r)
{
    r->top->att_i = 0;
    r->top->rdy_i = 0;
    r->top->dst_i = 0;
}

extern "C" tn_acor_rtl *tn_acor_rtl_new(void)
{
    tn_acor_rtl *r = tn_vl_open<tn_acor_rtl>();
    if (!r)
        return nullptr;
    r->top->clk_i = 0;
    r->top->rst_i = 0;
    clear_inputs(r);
    r->top->eval();
    return r;
}

extern "C" void tn_acor_rtl_free(tn_acor_rtl *r) { tn_vl_close(r); }

extern "C" void tn_acor_rtl_reset(tn_acor_rtl *r, const tn_acor_rtl_cfg *c)
{
    Vtn_acor_top *t = r->top;
    t->inst_i = c->inst;
    t->coord_i = c->coord;
    t->cfg_seq_i = c->seq;
    t->cfg_mode_i = c->mode ? 1 : 0;
    t->cfg_hi_i = c->hi;
    t->cfg_it1_i = c->it1;
    t->cfg_it2_i = c->it2;
    t->cfg_dt1_i = c->dt1;
    t->cfg_dt2_i = c->dt2;
    for (int e = 0; e < 4; e++)
        t->seed_i[e] = c->seed[e];
    clear_inputs(r);
    t->rst_i = 1;
    tn_acor_rtl_clock(r);
    t->rst_i = 0;
    t->eval();
}

extern "C" void tn_acor_rtl_chan(tn_acor_rtl *r, int e, int att, int rdy, uint32_t dst)
{
    Vtn_acor_top *t = r->top;
    t->att_i = (t->att_i & ~(1u << e)) | ((att ? 1u : 0u) << e);
    t->rdy_i = (t->rdy_i & ~(1u << e)) | ((rdy ? 1u : 0u) << e);
    t->dst_i = (t->dst_i & ~(0x1ffull << (9 * e))) | ((uint64_t)(dst & 0x1ffu) << (9 * e));
}

extern "C" void tn_acor_rtl_eval(tn_acor_rtl *r) { r->top->eval(); }

extern "C" void tn_acor_rtl_clock(tn_acor_rtl *r)
{
    tn_vl_edge(r);
    r->top->clk_i = 0;
    clear_inputs(r);
    r->top->eval();
}

extern "C" unsigned tn_acor_rtl_mid(tn_acor_rtl *r, int e) { return (unsigned)((r->top->mid_o >> (9 * e)) & 0x1ffu); }
extern "C" unsigned tn_acor_rtl_lvl(tn_acor_rtl *r, int e) { return (r->top->lvl_o >> (2 * e)) & 3u; }

extern "C" uint32_t tn_acor_rtl_obs(tn_acor_rtl *r, int lsb, int width)
{
    uint32_t v = 0;
    for (int i = 0; i < width; i++) {
        int b = lsb + i;
        v |= ((r->top->obs_o[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}
