// SPDX-License-Identifier: MIT
// extern "C" shim over a Verilated top (tn_torus, or tn_router when TN_TOP_ROUTER is 1): the only
// C++ in the harness. Build defines: TN_TOP_HEADER, TN_TOP_CLASS, TN_TOP_ROUTER, TN_TOP_GAL (the
// top is tn_gal_lock_top: a router and its GAL NI), TN_TOP_ACOR (tn_acor_lock_top: a router and
// its ACOR block), TN_TOP_EMU (tn_emu_lock_top: the time-multiplexed torus, tn_torus's ports; a
// tick is one network cycle of K^N run clocks and K^N hold clocks), TN_QD, TN_K ... TN_FAULT_NAME.
#include <cstdint>
#include TN_TOP_HEADER
#ifdef TN_TOP_SYMS
#include TN_TOP_SYMS  // the model's root class, for clk_fall below
#endif
#include "verilated.h"
#include "tn_vl_context.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#ifndef TN_TOP_GAL
#define TN_TOP_GAL 0
#define TN_QD 0
#endif
#ifndef TN_TOP_ACOR
#define TN_TOP_ACOR 0
#endif
#ifndef TN_TOP_EMU
#define TN_TOP_EMU 0
#endif
#ifndef TN_PIPE
#define TN_PIPE 0
#endif
#ifndef TN_STAGES
#define TN_STAGES 1
#endif
#ifndef TN_ENGINES
#define TN_ENGINES 1
#endif
extern "C" {
#include "tn_rtl.h"
}

struct tn_rtl {
    tn_vl_context ctx;
    TN_TOP_CLASS *top;
#if VM_TRACE
    VerilatedFstC *fst;
#else
    void *fst;
#endif
};

namespace {
// Byte access on any Verilated port type: narrow ports are integers, wide ones word arrays (both
// little-endian on the hosts Verilator supports here, x86-64 and AArch64).
template <typename T> uint32_t *words(T &p) { return reinterpret_cast<uint32_t *>(&p); }
template <std::size_t N> uint32_t *words(VlWide<N> &p) { return p.data(); }

struct port_ref {
    uint32_t *w;
    int bytes;
};

template <typename T> port_ref ref(T &p) { return port_ref{words(p), (int)sizeof(T)}; }

port_ref lookup(TN_TOP_CLASS *t, int port)
{
    switch (port) {
#if TN_TOP_ROUTER
    case TN_RTL_COORD: return ref(t->coord_i);
    case TN_RTL_IN_VALID: return ref(t->in_valid_i);
    case TN_RTL_IN_VC: return ref(t->in_vc_i);
    case TN_RTL_IN_FLIT: return ref(t->in_flit_i);
    case TN_RTL_IN_CRD_VALID: return ref(t->in_crd_valid_o);
    case TN_RTL_IN_CRD_VC: return ref(t->in_crd_vc_o);
    case TN_RTL_OUT_VALID: return ref(t->out_valid_o);
    case TN_RTL_OUT_VC: return ref(t->out_vc_o);
    case TN_RTL_OUT_FLIT: return ref(t->out_flit_o);
    case TN_RTL_OUT_CRD_VALID: return ref(t->out_crd_valid_i);
    case TN_RTL_OUT_CRD_VC: return ref(t->out_crd_vc_i);
    case TN_RTL_CFG_SEED: return ref(t->seed_i);
#else
    case TN_RTL_CFG_SEED: return ref(t->cfg_seed_i);
    case TN_RTL_INJ_VALID: return ref(t->inj_valid_i);
    case TN_RTL_INJ_VC: return ref(t->inj_vc_i);
    case TN_RTL_INJ_FLIT: return ref(t->inj_flit_i);
    case TN_RTL_INJ_CRD_VALID: return ref(t->inj_crd_valid_o);
    case TN_RTL_INJ_CRD_VC: return ref(t->inj_crd_vc_o);
    case TN_RTL_EJ_VALID: return ref(t->ej_valid_o);
    case TN_RTL_EJ_VC: return ref(t->ej_vc_o);
    case TN_RTL_EJ_FLIT: return ref(t->ej_flit_o);
    case TN_RTL_LNK_VALID: return ref(t->lnk_valid_o);
    case TN_RTL_LNK_VC: return ref(t->lnk_vc_o);
    case TN_RTL_LNK_FLIT: return ref(t->lnk_flit_o);
    case TN_RTL_CRD_VALID: return ref(t->crd_valid_o);
    case TN_RTL_CRD_VC: return ref(t->crd_vc_o);
#endif
#if TN_TOP_GAL
    case TN_RTL_NI_CFG_SETS: return ref(t->ni_cfg_sets_i);
    case TN_RTL_NI_CFG_ADAPT: return ref(t->ni_cfg_adapt_i);
    case TN_RTL_NI_CFG_T: return ref(t->ni_cfg_t_i);
    case TN_RTL_NI_CFG_TMIN: return ref(t->ni_cfg_tmin_i);
    case TN_RTL_NI_CFG_TMAX: return ref(t->ni_cfg_tmax_i);
    case TN_RTL_NI_CFG_N1: return ref(t->ni_cfg_n1_i);
    case TN_RTL_NI_CFG_N2: return ref(t->ni_cfg_n2_i);
    case TN_RTL_NI_SRC_VALID: return ref(t->ni_src_valid_i);
    case TN_RTL_NI_SRC_DST: return ref(t->ni_src_dst_i);
    case TN_RTL_NI_SRC_TAG: return ref(t->ni_src_tag_i);
    case TN_RTL_NI_SRC_TAKE: return ref(t->ni_src_take_o);
    case TN_RTL_NI_SRC_QUEUE: return ref(t->ni_src_queue_o);
    case TN_RTL_NI_SND_READY: return ref(t->ni_snd_ready_i);
    case TN_RTL_NI_SND_VALID: return ref(t->ni_snd_valid_o);
    case TN_RTL_NI_SND_TAG: return ref(t->ni_snd_tag_o);
    case TN_RTL_NI_SND_DST: return ref(t->ni_snd_dst_o);
    case TN_RTL_NI_SND_QUAD: return ref(t->ni_snd_quad_o);
    case TN_RTL_NI_OBS: return ref(t->ni_obs_o);
#endif
#if TN_TOP_ACOR
    case TN_RTL_ACOR_CFG_SEQ: return ref(t->acor_cfg_seq_i);
    case TN_RTL_ACOR_CFG_MODE: return ref(t->acor_cfg_mode_i);
    case TN_RTL_ACOR_CFG_HI: return ref(t->acor_cfg_hi_i);
    case TN_RTL_ACOR_CFG_IT1: return ref(t->acor_cfg_it1_i);
    case TN_RTL_ACOR_CFG_IT2: return ref(t->acor_cfg_it2_i);
    case TN_RTL_ACOR_CFG_DT1: return ref(t->acor_cfg_dt1_i);
    case TN_RTL_ACOR_CFG_DT2: return ref(t->acor_cfg_dt2_i);
    case TN_RTL_ACOR_GSEED: return ref(t->acor_gseed_i);
    case TN_RTL_ACOR_ATT: return ref(t->acor_att_i);
    case TN_RTL_ACOR_RDY: return ref(t->acor_rdy_i);
    case TN_RTL_ACOR_DST: return ref(t->acor_dst_i);
    case TN_RTL_ACOR_MID: return ref(t->acor_mid_o);
    case TN_RTL_ACOR_LVL: return ref(t->acor_lvl_o);
    case TN_RTL_ACOR_OBS: return ref(t->acor_obs_o);
#endif
    case TN_RTL_CFG_ROUTE: return ref(t->cfg_route_i);
    case TN_RTL_CFG_SEL: return ref(t->cfg_sel_i);
    case TN_RTL_CFG_DATELINE: return ref(t->cfg_dateline_i);
    case TN_RTL_CFG_TRANSIT: return ref(t->cfg_transit_i);
    case TN_RTL_CFG_ACRD: return ref(t->cfg_acrd_i);
    case TN_RTL_ERR: return ref(t->err_o);
    case TN_RTL_OBS: return ref(t->obs_o);
    default: return ref(t->cfg_buf_i);
    }
}

} // namespace

namespace {
// The falling clock edge without a second eval(). Every eval() of a Verilator 5 model runs its
// input-combinational region, although no logic of tn's tops changes on the falling edge: the
// second eval() of a tick only records clk_i = 0 as the value the next rising edge is detected
// against. Where the model's root class has that record (Verilator 5.048's name, or 5.006's),
// it is written directly; otherwise (another Verilator) the tick falls back to eval(). Exact
// either way: the inputs do not change between the two evals, and every lockstep run compares
// the result with the C model. Not used while a waveform is written (the trace records clk_i).
template <typename R> auto clk_fall(R *root, int) -> decltype(root->__Vtrigprevexpr___TOP__clk_i__0 = 0, true)
{
    root->__Vtrigprevexpr___TOP__clk_i__0 = 0;
    return true;
}
template <typename R> auto clk_fall(R *root, long) -> decltype(root->__Vtrigrprev__TOP__clk_i = 0, true)
{
    root->__Vtrigrprev__TOP__clk_i = 0;
    return true;
}
template <typename R> bool clk_fall(R *, ...) { return false; }
}  // namespace

namespace {
unsigned xinit_seed, xinit_n; // tn_rtl_xinit
}

extern "C" {

void tn_rtl_xinit(unsigned seed)
{
    xinit_seed = seed;
    xinit_n = 0;
}

tn_rtl *tn_rtl_new(void)
{
    tn_rtl *r = new tn_rtl;
#if VM_TRACE
    r->ctx.traceEverOn(true);
#endif
    if (xinit_seed) {
        r->ctx.randReset(2);
        r->ctx.randSeed((int)(xinit_seed + xinit_n++));
    }
    r->top = new TN_TOP_CLASS{&r->ctx};
    r->fst = nullptr;
    r->top->clk_i = 0;
    r->top->eval(); /* initial settle with the clock low: the first tick is a rising edge */
    return r;
}

void tn_rtl_free(tn_rtl *r)
{
    tn_rtl_trace_close(r);
    r->top->final();
    tn_vl_cov_write(r->ctx); /* a coverage build's counts (tn_vl_context.h) */
    delete r->top;
    delete r;
}

void tn_rtl_params_get(tn_rtl_params *p)
{
    p->k = TN_K;
    p->n = TN_N;
    p->v = TN_V;
    p->b = TN_B;
    p->w = TN_W;
    p->term = TN_TERM;
    p->topo = TN_TOPO;
    p->routing = TN_ROUTING;
    p->fault = TN_FAULT_NAME;
    p->top = TN_TOP_ROUTER;
    p->gal = TN_TOP_GAL;
    p->qd = TN_QD;
    p->acor = TN_TOP_ACOR;
    p->emu = TN_TOP_EMU;
    p->stages = TN_STAGES;
    p->pipe = TN_PIPE;
    p->engines = TN_ENGINES;
}

void tn_rtl_eval(tn_rtl *r) { r->top->eval(); }

/* one clock edge of the model */
static void edge(tn_rtl *r)
{
    r->top->clk_i = 1;
    r->top->eval();
    r->top->clk_i = 0;
#ifdef TN_TOP_SYMS
    if (!r->fst && !xinit_seed && clk_fall(r->top->rootp, 0))
        return;
#endif
    r->top->eval();
}

#if TN_TOP_EMU
/* tn_emu_lock_top: a sweep of run_i over the contexts (each node's next state), then one of hold
 * clocks (each node's state read into the flat outputs); the counter is at context 0 before and
 * after. A sweep is K^N / E clocks (E engines). */
static const int emu_nodes = [] {
    int n = 1;
    for (int i = 0; i < TN_N; i++)
        n *= TN_K;
    return n / TN_ENGINES;
}();

static void emu_sweep(tn_rtl *r, int run)
{
    r->top->run_i = run;
    for (int i = 0; i < emu_nodes; i++)
        edge(r);
    r->top->run_i = 0;
}

void tn_rtl_tick(tn_rtl *r)
{
    emu_sweep(r, 1);
    emu_sweep(r, 0);
}

void tn_rtl_reset(tn_rtl *r, int cycles)
{
    /* rtl/emu/tn_emu_torus.v: rst_i for at least 3 sweeps writes every node's reset state into
     * both halves of the link memories; then hold clocks up to node 0, and one hold sweep */
    r->top->rst_i = 1;
    r->top->run_i = 1;
    for (int i = 0; i < (cycles + 3) * emu_nodes; i++)
        edge(r);
    r->top->rst_i = 0;
    r->top->run_i = 0;
    r->top->eval();
    for (int i = 0; i < emu_nodes && r->top->ctx_o != 0; i++)
        edge(r);
    emu_sweep(r, 0);
}
#else
void tn_rtl_tick(tn_rtl *r) { edge(r); }

void tn_rtl_reset(tn_rtl *r, int cycles)
{
    r->top->rst_i = 1;
    for (int i = 0; i < cycles; i++)
        tn_rtl_tick(r);
    r->top->rst_i = 0;
    r->top->eval();
}
#endif

uint8_t *tn_rtl_port(tn_rtl *r, int port, int *bytes)
{
    port_ref p = lookup(r->top, port);
    if (bytes)
        *bytes = p.bytes;
    return reinterpret_cast<uint8_t *>(p.w);
}

int tn_rtl_can_trace(void) { return VM_TRACE ? 1 : 0; }

int tn_rtl_trace_open(tn_rtl *r, const char *path)
{
#if VM_TRACE
    r->fst = new VerilatedFstC;
    r->top->trace(r->fst, 99);
    r->fst->open(path);
    return r->fst->isOpen() ? 0 : -1;
#else
    (void)r;
    (void)path;
    return -1; /* built without tracing (tools/vlbuild.sh: a name without _tr) */
#endif
}

void tn_rtl_trace_dump(tn_rtl *r, uint64_t time)
{
#if VM_TRACE
    if (r->fst)
        r->fst->dump(time);
#else
    (void)r;
    (void)time;
#endif
}

void tn_rtl_trace_close(tn_rtl *r)
{
#if VM_TRACE
    if (r->fst) {
        r->fst->close();
        delete r->fst;
        r->fst = nullptr;
    }
#else
    (void)r;
#endif
}
}
