// SPDX-License-Identifier: MIT
// What every unit-test shim over one Verilated top holds and does (tb/verilator/tn_*_shim.cpp):
// the top in its own context (tn_vl_context.h), opened and closed without throwing, and a rising
// edge of clk_i from 0. A shim's handle is `struct tn_x_rtl : tn_vl_model<Vtop> {};`.
#ifndef TN_VL_MODEL_H
#define TN_VL_MODEL_H
#include <new>
#include "tn_vl_context.h"

template <class Top>
struct tn_vl_model {
    typedef Top top_type;
    tn_vl_context ctx;
    Top *top = nullptr;
};

// A new handle with its top constructed (every input 0), or nullptr when memory runs out.
template <class M>
M *tn_vl_open()
{
    M *r = new (std::nothrow) M;
    if (!r)
        return nullptr;
    r->top = new (std::nothrow) typename M::top_type{&r->ctx};
    if (!r->top) {
        delete r;
        return nullptr;
    }
    return r;
}

// The top's final(), a coverage build's counts (tn_vl_cov_write) and both deletions; a null
// handle is ignored.
template <class M>
void tn_vl_close(M *r)
{
    if (!r)
        return;
    r->top->final();
    tn_vl_cov_write(r->ctx);
    delete r->top;
    delete r;
}

// clk_i 0, settled: the combinational outputs of the inputs just set, before the edge.
template <class M>
void tn_vl_low(M *r)
{
    r->top->clk_i = 0;
    r->top->eval();
}

// clk_i 1, settled: the rising edge samples the inputs (after tn_vl_low).
template <class M>
void tn_vl_rise(M *r)
{
    r->top->clk_i = 1;
    r->top->eval();
}

// clk_i 0 then 1, each settled: one rising edge. The inputs set before it are sampled.
template <class M>
void tn_vl_edge(M *r)
{
    tn_vl_low(r);
    tn_vl_rise(r);
}
#endif
