// SPDX-License-Identifier: MIT
// The planted faults (rtl/common/tn_defs.tbl, enum planted; docs/verification.md), all in one
// place. Each fault point of the synthesizable RTL is one hook, `TN_HOOK_<NAME>, whose first
// argument is the fault-free expression: the hook expands to it unless TN_FAULT_<NAME> is
// defined (tnlock fault=NAME: +define+TN_FAULT_<NAME>; make formal's fault_* tasks: -D), and then
// to the faulty one, made from the other arguments (a fault that needs more than one hook has
// parts, `TN_HOOK_<NAME>__<PART>). Nothing else in rtl/ names a TN_FAULT_ macro
// (tb/checks/check_faults.sh). Arguments holding a comma are passed in parentheses. No include
// guard: each file that has a hook includes this one, and the same definitions are simply made
// again (Icarus 11 crashes on a guarded file of macros with arguments read from a -y library).

// credit_vc0 (tn_output_unit): every returning credit is counted on VC 0.
// ok: the credit is for this VC; vi: this VC's index.
`ifdef TN_FAULT_CREDIT_VC0
`define TN_HOOK_CREDIT_VC0(ok, vi) (~|(vi))
`else
`define TN_HOOK_CREDIT_VC0(ok, vi) (ok)
`endif

// vc_pick (tn_send): a head takes the highest VC of its set. ok: the lowest VC of the set,
// one-hot. __DECL(set, w), at module level before the hook, declares what the fault needs (the
// highest VC of set, w bits) and nothing without it.
`ifdef TN_FAULT_VC_PICK
`define TN_HOOK_VC_PICK__DECL(set, w) \
    wire [(w)-1:0] tn_fault_rev, tn_fault_lrev, tn_fault_hi; \
    genvar tn_fault_gv; \
    generate \
        for (tn_fault_gv = 0; tn_fault_gv < (w); tn_fault_gv = tn_fault_gv + 1) begin : g_fault_rev \
            assign tn_fault_rev[tn_fault_gv] = set[(w) - 1 - tn_fault_gv]; \
        end \
        assign tn_fault_lrev = tn_fault_rev & ~(tn_fault_rev - 1'b1); \
        for (tn_fault_gv = 0; tn_fault_gv < (w); tn_fault_gv = tn_fault_gv + 1) begin : g_fault_unrev \
            assign tn_fault_hi[tn_fault_gv] = tn_fault_lrev[(w) - 1 - tn_fault_gv]; \
        end \
    endgenerate
`define TN_HOOK_VC_PICK(ok) (tn_fault_hi)
`else
`define TN_HOOK_VC_PICK__DECL(set, w)
`define TN_HOOK_VC_PICK(ok) (ok)
`endif

// vc_take (tn_send, make formal's F5.2): a head's set ignores which VCs are free to take.
// ok: the VCs of the route that are free; route: the VCs of the route.
`ifdef TN_FAULT_VC_TAKE
`define TN_HOOK_VC_TAKE(ok, route) (route)
`else
`define TN_HOOK_VC_TAKE(ok, route) (ok)
`endif

// vc_release (tn_input_unit, make formal's F4.6): the VC is also released when it empties before
// its tail has arrived. ok: released by its tail; pop: a flit leaves; cnt: the VC's occupancy,
// w bits wide.
`ifdef TN_FAULT_VC_RELEASE
`define TN_HOOK_VC_RELEASE(ok, pop, cnt, w) ((ok) || ((pop) && (cnt) == {{((w)-1){1'b0}}, 1'b1}))
`else
`define TN_HOOK_VC_RELEASE(ok, pop, cnt, w) (ok)
`endif

// sel_tie (tn_sel_argbest): ties go to the highest bit. ok: b is strictly better than a.
`ifdef TN_FAULT_SEL_TIE
`define TN_HOOK_SEL_TIE(ok, a, b) ((b) >= (a))
`else
`define TN_HOOK_SEL_TIE(ok, a, b) (ok)
`endif

// sa1_ptr (tn_router): an input port's stage-1 pointer moves on a stage-1 winner that lost.
// The pointer moves when the hook is true, ok: the port won the switch; s1: it has a stage-1
// winner. __VC gives the VC it moves past, ok: the VC that won the switch; gnt: the port won;
// s1_vc: the stage-1 winner's VC.
`ifdef TN_FAULT_SA1_PTR
`define TN_HOOK_SA1_PTR(ok, s1) ((ok) || (s1))
`define TN_HOOK_SA1_PTR__VC(ok, gnt, s1_vc) ((gnt) ? (ok) : (s1_vc))
`else
`define TN_HOOK_SA1_PTR(ok, s1) (ok)
`define TN_HOOK_SA1_PTR__VC(ok, gnt, s1_vc) (ok)
`endif

// rr_skip (tn_rr_arbiter, make formal's F1.3): the request at the pointer waits behind the
// others. ok: the requests at or after the pointer ptr, of n.
`ifdef TN_FAULT_RR_SKIP
`define TN_HOOK_RR_SKIP(ok, ptr, n) ((ok) & ~({{((n)-1){1'b0}}, 1'b1} << (ptr)))
`else
`define TN_HOOK_RR_SKIP(ok, ptr, n) (ok)
`endif

// gal_hold (tn_gal_ni): no queue is ever held. ok: the queue is held.
`ifdef TN_FAULT_GAL_HOLD
`define TN_HOOK_GAL_HOLD(ok) 1'b0
`else
`define TN_HOOK_GAL_HOLD(ok) (ok)
`endif

// gal_thr (tn_gal_ni): the minimal queue is kept while its occupancy equals T, i.e. > T where
// the rule says >= T. ok: m >= t.
`ifdef TN_FAULT_GAL_THR
`define TN_HOOK_GAL_THR(ok, m, t) ((m) > (t))
`else
`define TN_HOOK_GAL_THR(ok, m, t) (ok)
`endif

// gal_tmax (tn_gal_ni, make formal's F6.1): T may rise past gal_tmax. ok: th < tmax.
`ifdef TN_FAULT_GAL_TMAX
`define TN_HOOK_GAL_TMAX(ok, th, tmax) ((th) <= (tmax))
`else
`define TN_HOOK_GAL_TMAX(ok, th, tmax) (ok)
`endif

// acor_hys (tn_acor): the level's fall compares with < instead of <=. ok: c <= dt.
`ifdef TN_FAULT_ACOR_HYS
`define TN_HOOK_ACOR_HYS(ok, c, dt) ((c) < (dt))
`else
`define TN_HOOK_ACOR_HYS(ok, c, dt) (ok)
`endif

// ctx_write (tn_ctx_reg): context 1's writes out of reset land in context 0. ok: the context
// written, wc, w bits wide; rst: the write is a reset.
`ifdef TN_FAULT_CTX_WRITE
`define TN_HOOK_CTX_WRITE(wc, rst, w) ((((wc) == 1) && !(rst)) ? {(w){1'b0}} : (wc))
`else
`define TN_HOOK_CTX_WRITE(wc, rst, w) (wc)
`endif

// pipe_taken (tn_router, PIPE=1): the allocation's mask ignores the output VC the head in flight
// takes (taken, R6.8.2), so a second head may be given it. taken: that mask, w bits wide.
`ifdef TN_FAULT_PIPE_TAKEN
`define TN_HOOK_PIPE_TAKEN(taken, w) {(w){1'b0}}
`else
`define TN_HOOK_PIPE_TAKEN(taken, w) (taken)
`endif
