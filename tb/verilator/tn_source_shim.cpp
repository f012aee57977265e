// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated tn_source (rtl/ni/tn_source.v): the only C++ of the
// vl_source test (tb/unit/vl_source.c).
#include "Vtn_source.h"
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_source_rtl.h"
}

struct tn_source_rtl : tn_vl_model<Vtn_source> {};

// the registered outputs as they stand
static void read_regs(const Vtn_source *t, tn_source_out *o)
{
    o->valid = t->inj_valid_o;
    o->vc = t->inj_vc_o;
    o->flit = t->inj_flit_o;
    o->ovf = t->ovf_o;
    o->pat_err = t->pat_err_o;
    o->all_gen = t->all_gen_o;
    o->injected = t->injected_o;
}

extern "C" tn_source_rtl *tn_source_rtl_new(void) { return tn_vl_open<tn_source_rtl>(); }

extern "C" void tn_source_rtl_free(tn_source_rtl *r) { tn_vl_close(r); }

extern "C" void tn_source_rtl_reset(tn_source_rtl *r, const tn_source_cfg *c,
                                    tn_source_out *at_reset)
{
    Vtn_source *t = r->top;
    t->ctx_i = 0;     // one context (CTX = 1): ctx_i, ctx_we_i and node_i are not read
    t->ctx_we_i = 0;
    t->node_i = 5;    // NODE (fpga/board.mk)
    t->seed_i = c->seed;
    t->thresh_i = c->thresh;
    t->pattern_i = c->pattern;
    t->perm_i = c->perm;
    t->hot_thr_i = c->hot_thresh;
    t->n_hot_i = c->n_hot;
    uint64_t hot = 0; /* 16 x 4 bits (AW = 4 at K=4 N=2) */
    for (int j = 0; j < 16; j++)
        hot |= (uint64_t)(c->hot[j] & 15u) << (4 * j);
    t->hot_i = hot;
    t->pkt_min_i = c->pkt_min;
    t->pkt_max_i = c->pkt_max;
    t->route_i = c->route;
    t->buf_i = c->buf;
    t->act_i = 0;
    t->cycle_i = 0;
    t->in_win_i = 0;
    t->late_i = 0;
    t->before_hi_i = 1;
    t->stop_i = 0;
    t->crd_valid_i = 0;
    t->crd_vc_i = 0;
    t->gal_i = 0;
    t->ni_take_i = 0;
    t->snd_valid_i = 0;
    t->snd_tag_i = 0;
    t->snd_dst_i = 0;
    t->snd_quad_i = 0;
    t->rst_i = 1;
    tn_vl_edge(r);
    tn_vl_edge(r);
    t->rst_i = 0;
    if (at_reset)
        read_regs(t, at_reset);
    tn_vl_edge(r);
}

extern "C" void tn_source_rtl_window(tn_source_rtl *r, int in_win, int late, int before_hi)
{
    r->top->in_win_i = in_win ? 1 : 0;
    r->top->late_i = late ? 1 : 0;
    r->top->before_hi_i = before_hi ? 1 : 0;
}

extern "C" void tn_source_rtl_idle(tn_source_rtl *r)
{
    r->top->act_i = 0;
    r->top->crd_valid_i = 0;
    tn_vl_edge(r);
}

extern "C" void tn_source_rtl_cycle(tn_source_rtl *r, uint32_t cyc, int crd_valid, int crd_vc,
                                    tn_source_out *o)
{
    Vtn_source *t = r->top;
    t->act_i = 1;
    t->cycle_i = cyc & 0xffffu;
    t->crd_valid_i = crd_valid ? 1 : 0;
    t->crd_vc_i = (unsigned)crd_vc;
    tn_vl_low(r);
    o->marked = t->marked_o;
    o->marked_len = t->marked_len_o;
    o->start = t->start_o;
    o->enter = t->enter_o;
    o->all_gen_n = t->all_gen_n_o;
    tn_vl_rise(r);
    read_regs(t, o);
}
