// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated tn_gal_ni_top (tb/verilator/tn_gal_ni_top.v): the only C++
// of the vl_gal_ni test (tb/unit/vl_gal_ni.c).
#include "Vtn_gal_ni_top.h"
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_gal_rtl.h"
}

extern "C" const int tn_gal_rtl_param[TN_GAL_RTL_NINST][5] = {
    {4, 2, 1, 4, 1}, {4, 2, 4, 4, 1}, {8, 1, 1, 4, 1}, {8, 1, 2, 4, 1},
    {4, 2, 2, 3, 1}, {6, 2, 4, 1, 1}, {3, 3, 4, 2, 1}, {4, 2, 1, 8, 0},
};

struct tn_gal_rtl : tn_vl_model<Vtn_gal_ni_top> {};

static void clear_inputs(tn_gal_rtl *r)
{
    r->top->src_valid_i = 0;
    r->top->src_dst_i = 0;
    r->top->src_tag_i = 0;
    r->top->snd_ready_i = 0;
    r->top->afree_i = 0;
}

extern "C" tn_gal_rtl *tn_gal_rtl_new(void)
{
    tn_gal_rtl *r = tn_vl_open<tn_gal_rtl>();
    if (!r)
        return nullptr;
    r->top->clk_i = 0;
    r->top->rst_i = 0;
    clear_inputs(r);
    r->top->eval();
    return r;
}

extern "C" void tn_gal_rtl_free(tn_gal_rtl *r) { tn_vl_close(r); }

extern "C" void tn_gal_rtl_reset(tn_gal_rtl *r, const tn_gal_rtl_cfg *c)
{
    Vtn_gal_ni_top *t = r->top;
    t->inst_i = c->inst;
    t->coord_i = c->coord;
    t->cfg_sets_i = c->sets;
    t->cfg_adapt_i = c->adapt ? 1 : 0;
    t->cfg_t_i = c->t;
    t->cfg_tmin_i = c->tmin;
    t->cfg_tmax_i = c->tmax;
    t->cfg_n1_i = c->n1;
    t->cfg_n2_i = c->n2;
    clear_inputs(r);
    t->rst_i = 1;
    tn_gal_rtl_clock(r);
    t->rst_i = 0;
    t->eval();
}

extern "C" void tn_gal_rtl_src(tn_gal_rtl *r, int e, int valid, uint32_t dst, uint32_t tag)
{
    Vtn_gal_ni_top *t = r->top;
    t->src_valid_i = (t->src_valid_i & ~(1u << e)) | ((valid ? 1u : 0u) << e);
    t->src_dst_i = (t->src_dst_i & ~(0x3fu << (6 * e))) | ((dst & 0x3fu) << (6 * e));
    t->src_tag_i = (t->src_tag_i & ~(0xffffull << (16 * e))) | ((uint64_t)(tag & 0xffffu) << (16 * e));
}

extern "C" void tn_gal_rtl_snd(tn_gal_rtl *r, int e, int ready)
{
    r->top->snd_ready_i = (r->top->snd_ready_i & ~(1u << e)) | ((ready ? 1u : 0u) << e);
}

extern "C" void tn_gal_rtl_afree(tn_gal_rtl *r, unsigned afree) { r->top->afree_i = afree & 0x3fu; }

extern "C" void tn_gal_rtl_eval(tn_gal_rtl *r) { r->top->eval(); }

extern "C" void tn_gal_rtl_clock(tn_gal_rtl *r)
{
    tn_vl_edge(r);
    r->top->clk_i = 0;
    clear_inputs(r);
    r->top->eval();
}

extern "C" unsigned tn_gal_rtl_take(tn_gal_rtl *r) { return r->top->src_take_o; }
extern "C" unsigned tn_gal_rtl_queue(tn_gal_rtl *r, int e) { return (r->top->src_queue_o >> (8 * e)) & 0xffu; }
extern "C" unsigned tn_gal_rtl_valid(tn_gal_rtl *r) { return r->top->snd_valid_o; }
extern "C" unsigned tn_gal_rtl_tag(tn_gal_rtl *r, int e) { return (unsigned)((r->top->snd_tag_o >> (16 * e)) & 0xffffu); }
extern "C" unsigned tn_gal_rtl_dst(tn_gal_rtl *r, int e) { return (r->top->snd_dst_o >> (6 * e)) & 0x3fu; }
extern "C" unsigned tn_gal_rtl_quad(tn_gal_rtl *r, int e) { return (r->top->snd_quad_o >> (3 * e)) & 0x7u; }

extern "C" unsigned tn_gal_rtl_obs(tn_gal_rtl *r, int lsb, int width)
{
    unsigned v = 0;
    for (int i = 0; i < width; i++) {
        int b = lsb + i;
        v |= ((r->top->obs_o[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}
