// SPDX-License-Identifier: MIT
// extern "C" shim over the Verilated tn_sink (rtl/ni/tn_sink.v): the only C++ of the vl_sink
// test (tb/unit/vl_sink.c).
#include "Vtn_sink.h"
#include "verilated.h"
#include "tn_vl_model.h"
extern "C" {
#include "tn_sink_rtl.h"
}

struct tn_sink_rtl : tn_vl_model<Vtn_sink> {};

extern "C" tn_sink_rtl *tn_sink_rtl_new(void) { return tn_vl_open<tn_sink_rtl>(); }

extern "C" void tn_sink_rtl_free(tn_sink_rtl *r) { tn_vl_close(r); }

extern "C" void tn_sink_rtl_reset(tn_sink_rtl *r)
{
    Vtn_sink *t = r->top;
    t->ctx_i = 0;     // one context (CTX = 1): ctx_i, ctx_we_i and node_i are not read
    t->ctx_we_i = 0;
    t->node_i = 5;    // NODE (fpga/board.mk)
    t->act_i = 0;
    t->cycle_i = 0;
    t->lo_ge_i = 0;
    t->lo_d_i = 0;
    t->hi_ge_i = 0;
    t->hi_d_i = 0;
    t->hist_shift_i = 0;
    t->ej_valid_i = 0;
    t->ej_vc_i = 0;
    t->ej_flit_i = 0;
    t->rst_i = 1;
    tn_vl_edge(r);
    tn_vl_edge(r);
    t->rst_i = 0;
}

extern "C" void tn_sink_rtl_cycle(tn_sink_rtl *r, const tn_sink_in *in, tn_sink_out *o)
{
    Vtn_sink *t = r->top;
    t->act_i = in->act ? 1 : 0;
    t->cycle_i = in->cycle & 0xffffu;
    t->lo_ge_i = in->lo_ge ? 1 : 0;
    t->lo_d_i = in->lo_d;
    t->hi_ge_i = in->hi_ge ? 1 : 0;
    t->hi_d_i = in->hi_d;
    t->hist_shift_i = in->hist_shift;
    t->ej_valid_i = in->ej_valid ? 1 : 0;
    t->ej_vc_i = (unsigned)in->ej_vc;
    t->ej_flit_i = in->ej_flit;
    tn_vl_low(r);
    o->done = t->done_o;
    o->mdone = t->mdone_o;
    o->bin = t->bin_o;
    tn_vl_rise(r);
    o->err = t->err_o;
    o->packets = t->packets_o;
    o->accepted = t->accepted_o;
    o->delivered = t->delivered_o;
    o->lat_sum = t->lat_sum_o;
    o->lat_max = t->lat_max_o;
    o->lat_min = t->lat_min_o;
}
