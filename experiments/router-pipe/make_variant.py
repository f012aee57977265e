#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# A measured variant of tn's router for issue 63 (docs/pipe.md): a copy of rtl/ under
# build/pipe/<variant>/ with tn_router.v patched, each edit at an anchor that must match exactly
# once (a changed rtl/ fails loudly instead of giving a silently different variant). An experiment,
# not the design: the copies are regenerated, never edited by hand, and checked by no lockstep.
# The copy is rtl/ of BASE_REV, the router before PIPE (the tree's PIPE=1 is variant KE).
# Usage: python3 experiments/router-pipe/make_variant.py VARIANT [OUT_DIR]
# VARIANT: letters of the features, in any order, or "base":
#   E  the error checks a cycle later: the conditions registered, then ORed into err (R13.2: t+2)
#   A  iteration 1's stage-1 choice per input port (VC, port, adaptive; after the selection)
#      registered; the next cycle re-derives that VC's request from the state visible then (the
#      candidate is dropped if it no longer holds), then stage 2, iteration 2 and traversal
#   G  iteration 1 whole (stage 1, selection, stage 2) a cycle ahead: its grants registered; the
#      next cycle re-checks each against the state visible then, then iteration 2 (fresh
#      requests, the ports iteration 1 left) and traversal
#   R  with G: the second cycle reads no request computed from the state: iteration 1's grants are
#      re-checked, and iteration 2 runs, on the requests registered with them, corrected by what the
#      last clock's grants changed (a VC that sent may go on only if its flit was not a tail, it
#      held two flits and its output VC two credits; a head's VC set loses the VCs taken);
#      iteration 2 leaves out the ports of iteration 1's registered grants even if the re-check drops
#      one
#   1  no iteration 2 (u_sa2 gets no requests)
#   M  one iteration, its grant registered before traversal (implies 1): the allocation of cycle t
#      (requests, stage 1 with the selection, stage 2, the output VC) is registered and traversed
#      at t+1 (buffer read, crossbar, output register, credits, busy, VC state); the pointers move
#      at the end of t. The allocation of t+1 sees the grant in flight through masks: its output
#      VC (a head's) is not free to take, and its input VC requests only as the body that follows
#      (its flit not a tail, a second flit held, a second credit on its output VC)
#   K  M with nothing after stage 2 but registers (implies M and 1): cycle t (allocation) reads
#      the state S_t (registers) and the grant registered at the end of t-1, which traverses in
#      t; the output VC of a head is chosen beside stage 2, from stage 1's winner (its port after
#      the selection, its route set, take/atake of S_t minus the VC the grant in flight takes);
#      stage 2's grants, that VC and whether it is taken are registered. Cycle t+1 traverses that
#      grant as registered (buffer read, crossbar, output register, credits, busy, VC state) and
#      re-checks nothing. The allocation of t+1 sees it through masks formed from S_{t+1} and the
#      registers only, beside the requests: per output VC, taken = the output VC the registered
#      head takes (ou_alloc_ovc, from the registered crossbar selects), not free to take (take,
#      atake, afree); per input VC, sent = it sends now (registered port grant and VC), and then it
#      requests only as the body behind, for the same port, if go = the flit it sends is not a
#      tail, it holds cnt >= 2 and the registered output VC has credits >= 2 (or is terminal). The
#      pointers move at the end of t, with the allocation
#   T  with K: taken registered instead: at the end of t, per output VC, the head granted in t
#      takes it (stage 2's port grant, the winner's output VC chosen beside it); the registered
#      alloc flag is not gated by the grant (the input unit and the crossbar gate it)
#   O  with K: taken formed from registered one-hots, not through the traversal's crossbar: at
#      the end of t, per input port, the output VC its winner takes (one-hot, 0 if it takes
#      none), in t+1 taken[op][ov] = OR over ip of the registered port grant [op][ip] and that
#      one-hot; the alloc flag not gated by the grant (as T)
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the commit whose rtl/ the variants patch: the last before tn_router's PIPE parameter (the
# anchors below are its text; PIPE=1 in the tree is variant KE, docs/pipe.md section 5)
BASE_REV = "f69a734"


def once(text, old, new, what):
    n = text.count(old)
    if n != 1:
        sys.exit(f"make_variant: anchor '{what}' found {n} times in tn_router.v (expected 1)")
    return text.replace(old, new)


# per input port: does the registered candidate (VC one-hot pv_vc_oh_r, port pv_op_r, adaptive
# pv_adapt_r) still hold in the state visible now? A non-adaptive one: its VC makes a body or head
# request now, for the same port (a head that left since is now a body for that port; a new head
# behind a tail must route to it). An adaptive one: its VC did not send since (the same head is at
# the front), it still requests, and the chosen port still has an adaptive VC to take.
CHECK = """
    // ---- issue 63 variant (experiments/router-pipe/make_variant.py): registered candidate ----
    reg  [PV-1:0]   pv_sent_r;   // input VCs that sent at the last clock
    reg  [P-1:0]    pv_valid_r, pv_adapt_r, pv_gin_r;
    reg  [P*VW-1:0] pv_vc_r;
    reg  [P*V-1:0]  pv_vc_oh_r;
    reg  [P*P-1:0]  pv_op_r, pv_goh_r;
    wire [PV-1:0]   pv_sent_d;
    genvar pvg, pvh;
    generate
        for (pvg = 0; pvg < P; pvg = pvg + 1) begin : g_pv_sent
            for (pvh = 0; pvh < V; pvh = pvh + 1) begin : g_v
                localparam integer PVH = pvh;
                assign pv_sent_d[pvg*V + pvh] = in_gnt[pvg] && (in_vc[pvg*VW +: VW] == PVH[VW-1:0]);
            end
        end
    endgenerate
    always @(posedge clk_i) begin
        if (rst_i) begin
            pv_valid_r <= {P{1'b0}};
            pv_gin_r   <= {P{1'b0}};
            pv_goh_r   <= {P*P{1'b0}};
            pv_sent_r  <= {PV{1'b0}};
        end else begin
            pv_valid_r <= @VALID@;
            pv_gin_r   <= @GIN@;
            pv_goh_r   <= @GOH@;
            pv_sent_r  <= pv_sent_d;
        end
        pv_vc_r    <= @VC@;
        pv_vc_oh_r <= @VCOH@;
        pv_op_r    <= @OP@;
        pv_adapt_r <= @ADAPT@;
    end
    wire [P-1:0]   pv_ok;
    wire [P*P-1:0] pv_op_k, pv_goh_k;
    generate
        for (pvg = 0; pvg < P; pvg = pvg + 1) begin : g_pv_ok
            wire [V-1:0] okv;
            for (pvh = 0; pvh < V; pvh = pvh + 1) begin : g_v
                localparam integer I = pvg * V + pvh;
                assign okv[pvh] = pv_adapt_r[pvg]
                    ? ((rq_adapt_ivc[I] || rq_head_ivc[I]) && !pv_sent_r[I] &&
                       |(pv_op_r[pvg*P +: P] & ou_afree))
                    : ((rq_body_ivc[I] || rq_head_ivc[I]) &&
                       (rq_port_ivc_op[I*P +: P] == pv_op_r[pvg*P +: P]));
            end
            assign pv_ok[pvg] = |(okv & pv_vc_oh_r[pvg*V +: V]);
            assign pv_op_k[pvg*P +: P] = pv_op_r[pvg*P +: P] & {P{pv_ok[pvg]}};
            for (pvh = 0; pvh < P; pvh = pvh + 1) begin : g_o
                assign pv_goh_k[pvh*P + pvg] = pv_goh_r[pvh*P + pvg] && pv_ok[pvg];
            end
        end
    endgenerate
"""

# R: the registered requests and what the last clock's grants changed (see the usage above)
REG = """    reg  [PV-1:0]   pr_body_r, pr_head_r;
    reg  [PV*P-1:0] pr_port_r;
    reg  [PV*V-1:0] pr_set_r;       // a head's VC set: its route's VCs that it could take
    reg  [PV-1:0]   pr_taken_r, pr_atake_r;   // output VCs a head took; adaptive VCs to take
    reg  [P-1:0]    pr_sentok_r, pr_gout_r;
    wire [P-1:0]    pr_sentok_d;
    wire [PV*V-1:0] pr_set_d;
    generate
        for (pvg = 0; pvg < P; pvg = pvg + 1) begin : g_pr_sent
            // the flit input port pvg sends now is not a tail, its VC holds another and its output
            // VC has another credit (or is a terminal port)
            reg c2, k2;
            integer a, b;
            always @(*) begin
                c2 = 1'b0;
                k2 = 1'b0;
                for (a = 0; a < V; a = a + 1)
                    if (in_vc[pvg*VW +: VW] == a[VW-1:0])
                        c2 = cnt_ivc[(pvg*V + a)*CNTW +: CNTW] >= 2;
                for (a = 0; a < P; a = a + 1)
                    for (b = 0; b < V; b = b + 1)
                        if (in_oh_ip_op[pvg*P + a] && in_ov[pvg*VW +: VW] == b[VW-1:0])
                            k2 = (a == 0 || a > 2 * N) || credits_ovc[(a*V + b)*CNTW +: CNTW] >= 2;
            end
            assign pr_sentok_d[pvg] = in_gnt[pvg] && !win_flit[pvg*FW + `TN_F_TAIL] && c2 && k2;
        end
        for (pvh = 0; pvh < PV; pvh = pvh + 1) begin : g_pr_set
            reg [V-1:0] st;
            integer a;
            always @(*) begin
                st = {V{1'b0}};
                for (a = 0; a < P; a = a + 1)
                    st = st | (take_ovc[a*V +: V] & {V{rq_port_ivc_op[pvh*P + a]}});
            end
            assign pr_set_d[pvh*V +: V] = st & rq_rm_ivc_ov[pvh*V +: V];
        end
    endgenerate
    always @(posedge clk_i) begin
        if (rst_i) begin
            pr_body_r <= {PV{1'b0}};
            pr_head_r <= {PV{1'b0}};
            pr_sentok_r <= {P{1'b0}};
            pr_gout_r <= {P{1'b0}};
            pr_taken_r <= {PV{1'b0}};
        end else begin
            pr_body_r <= rq_body_ivc;
            pr_head_r <= rq_head_ivc;
            pr_sentok_r <= pr_sentok_d;
            pr_gout_r <= g1_out;
            pr_taken_r <= ou_alloc_ovc;
        end
        pr_port_r  <= rq_port_ivc_op;
        pr_set_r   <= pr_set_d;
        pr_atake_r <= atake_ovc;
    end
    // per input VC, its request now (body or head; adaptive requests are iteration 1's only)
    wire [PV-1:0] pr_req;
    wire [P-1:0]  pr_ok;
    wire [P*P-1:0] pr_op_k, pr_goh_k;
    generate
        for (pvh = 0; pvh < PV; pvh = pvh + 1) begin : g_pr_req
            reg [V-1:0] tk;
            integer a;
            always @(*) begin
                tk = {V{1'b0}};
                for (a = 0; a < P; a = a + 1)
                    tk = tk | (pr_taken_r[a*V +: V] & {V{pr_port_r[pvh*P + a]}});
            end
            assign pr_req[pvh] = !pv_sent_r[pvh]
                ? (pr_body_r[pvh] || (pr_head_r[pvh] && |(pr_set_r[pvh*V +: V] & ~tk)))
                : ((pr_body_r[pvh] || pr_head_r[pvh]) && pr_sentok_r[pvh / V]);
        end
        for (pvg = 0; pvg < P; pvg = pvg + 1) begin : g_pr_ok
            reg a_ok;
            integer a;
            always @(*) begin
                a_ok = 1'b0;
                for (a = 0; a < P; a = a + 1)
                    a_ok = a_ok | (pv_op_r[pvg*P + a] && |(pr_atake_r[a*V +: V] & ~pr_taken_r[a*V +: V]));
            end
            assign pr_ok[pvg] = pv_adapt_r[pvg]
                ? (a_ok && !(|(pv_vc_oh_r[pvg*V +: V] & pv_sent_r[pvg*V +: V])))
                : |(pv_vc_oh_r[pvg*V +: V] & pr_req[pvg*V +: V]);
            assign pr_op_k[pvg*P +: P] = pv_op_r[pvg*P +: P] & {P{pr_ok[pvg]}};
            for (pvh = 0; pvh < P; pvh = pvh + 1) begin : g_o
                assign pr_goh_k[pvh*P + pvg] = pv_goh_r[pvh*P + pvg] && pr_ok[pvg];
            end
        end
    endgenerate
"""


def patch(src, variant):
    feats = set(variant) if variant != "base" else set()
    bad = feats - set("EAGR1MKTO")
    if (feats & set("TO")) and ("K" not in feats or feats >= set("TO")):
        sys.exit(f"make_variant: variant '{variant}': T or O (not both) only with K")
    if "K" in feats:
        feats.add("M")
    if "M" in feats:
        feats.add("1")
    if bad or ("A" in feats and "G" in feats) or ("R" in feats and "G" not in feats) or \
            ("M" in feats and (feats & set("AGR"))):
        sys.exit(f"make_variant: variant '{variant}': letters from E, A, G, R, 1, M, K, T, O (not A with G; R "
                 "only with G; M and K without A, G, R), or base")
    if "E" in feats:
        m = re.search(r"wire \[EW-1:0\] err_d = err_w \| (\{.*?\});", src, re.S)
        if not m:
            sys.exit("make_variant: anchor 'err_d' not found in tn_router.v")
        src = src.replace(m.group(0),
                          "reg [EW-1:0] errc_q;   // issue 63 variant E: the conditions a cycle later\n"
                          "    always @(posedge clk_i) errc_q <= rst_i ? {EW{1'b0}} : " + m.group(1) + ";\n"
                          "    wire [EW-1:0] err_d = err_w | errc_q;")
    if "1" in feats:
        # u_sa2 keeps its hierarchy: its grants are tied to 0 outside it too, so that synthesis
        # removes iteration 2's stage 1 and the traversal's iteration-2 inputs
        src = once(src, "        .oh_ip_op_i (s2_oh_ip_op),",
                   "        .oh_ip_op_i ({P*P{1'b0}}),", "u_sa2 requests")
        src = once(src, "        .in_gnt_o  (g2_in),\n        .out_gnt_o (g2_out),\n"
                   "        .oh_op_ip_o (g2_oh_op_ip)\n    );\n",
                   "        .in_gnt_o  (),\n        .out_gnt_o (),\n        .oh_op_ip_o ()\n    );\n"
                   "    assign g2_in = {P{1'b0}};\n    assign g2_out = {P{1'b0}};\n"
                   "    assign g2_oh_op_ip = {P*P{1'b0}};\n", "u_sa2 grants")
        src = once(src, "                .vc_o      (s2_vc[gp*VW +: VW]),\n"
                   "                .vc_oh_o   (s2_vc_oh_ivc[gp*V +: V]),\n"
                   "                .op_o      (s2_oh_ip_op[gp*P +: P])\n",
                   "                .vc_o      (),\n                .vc_oh_o   (),\n"
                   "                .op_o      ()\n", "u_in2 outputs")
        src = once(src, "    wire [P-1:0]    g2_in, g2_out;\n",
                   "    assign s2_vc = {P*VW{1'b0}};\n    assign s2_vc_oh_ivc = {P*V{1'b0}};\n"
                   "    assign s2_oh_ip_op = {P*P{1'b0}};\n    wire [P-1:0]    g2_in, g2_out;\n",
                   "g2 declaration")
    if "M" in feats:
        src = patch_m(src)
    if "K" in feats:
        src = patch_k(src)
    if "T" in feats:
        src = patch_t(src)
    if "O" in feats:
        src = patch_o(src)
    if "A" in feats:
        blk = (CHECK.replace("@VALID@", "s1_valid").replace("@GIN@", "{P{1'b0}}")
               .replace("@GOH@", "{P*P{1'b0}}").replace("@VC@", "s1_vc")
               .replace("@VCOH@", "s1_vc_oh_ivc").replace("@OP@", "s1_oh_ip_op")
               .replace("@ADAPT@", "s1_adapt"))
        src = once(src, "    tn_cut #(.W(CUTW), .STAGES(STAGES)) u_cut (", blk +
                   "    tn_cut #(.W(CUTW), .STAGES(STAGES)) u_cut (", "u_cut")
        src = once(src, ".d_i  ({s1_valid, s1_vc, s1_vc_oh_ivc, s1_oh_ip_op, s1_adapt, ",
                   ".d_i  ({pv_valid_r & pv_ok, pv_vc_r, pv_vc_oh_r, pv_op_k, pv_adapt_r, ",
                   "u_cut d_i")
    if "G" in feats:
        anchor = "        .oh_op_ip_o (g1_oh_op_ip)\n    );\n"
        if src.count(anchor) != 1:
            sys.exit("make_variant: anchor 'u_sa1 end' not found once in tn_router.v")
        head, tail = src.split(anchor)
        for old, new in (("g1_in", "g1_in_k"), ("g1_out", "g1_out_k"), ("g1_oh_op_ip", "g1_oh_k"),
                         ("s1_vc_c", "s1_vc_k"), ("s1_vc_oh_ivc_c", "s1_vc_oh_k"),
                         ("s1_oh_ip_op_c", "s1_op_k"), ("s1_adapt_c", "s1_adapt_k"),
                         ("s1_valid_c", "s1_valid_k")):
            tail = re.sub(r"\b%s\b" % old, new, tail)
        blk = (CHECK.replace("@VALID@", "s1_valid_c").replace("@GIN@", "g1_in")
               .replace("@GOH@", "g1_oh_op_ip").replace("@VC@", "s1_vc_c")
               .replace("@VCOH@", "s1_vc_oh_ivc_c").replace("@OP@", "s1_oh_ip_op_c")
               .replace("@ADAPT@", "s1_adapt_c"))
        blk += """    wire [P-1:0]    g1_in_k = pv_gin_r & pv_ok, s1_valid_k = pv_gin_r & pv_ok;
    wire [P*P-1:0]  g1_oh_k = pv_goh_k, s1_op_k = pv_op_k;
    wire [P*VW-1:0] s1_vc_k = pv_vc_r;
    wire [P*V-1:0]  s1_vc_oh_k = pv_vc_oh_r;
    wire [P-1:0]    s1_adapt_k = pv_adapt_r;
    wire [P-1:0]    g1_out_k;
    generate
        for (pvg = 0; pvg < P; pvg = pvg + 1) begin : g_pv_out
            assign g1_out_k[pvg] = |g1_oh_k[pvg*P +: P];
        end
    endgenerate
"""
        if "R" in feats:
            blk = blk.replace("wire [P-1:0]    g1_in_k = pv_gin_r & pv_ok", "wire [P-1:0]    g1_in_k = pv_gin_r & pr_ok")
            blk = blk.replace("s1_valid_k = pv_gin_r & pv_ok", "s1_valid_k = pv_gin_r & pr_ok")
            blk = blk.replace("wire [P*P-1:0]  g1_oh_k = pv_goh_k, s1_op_k = pv_op_k;",
                              "wire [P*P-1:0]  g1_oh_k = pr_goh_k, s1_op_k = pr_op_k;")
            blk = blk.replace("    wire [P-1:0]    g1_out_k;\n", REG + "    wire [P-1:0]    g1_out_k;\n")
            tail = once(tail, "                .g1_in_i   (g1_in_k[gp]),\n                .g1_out_i  (g1_out_k),\n"
                        "                .body_i    (rq_body_ivc_c[gp*V +: V]),\n"
                        "                .head_i    (rq_head_ivc_c[gp*V +: V]),\n"
                        "                .port_i    (rq_port_ivc_op_c[gp*V*P +: V*P]),",
                        "                .g1_in_i   (pv_gin_r[gp]),\n                .g1_out_i  (pr_gout_r),\n"
                        "                .body_i    (pr_req[gp*V +: V]),\n"
                        "                .head_i    ({V{1'b0}}),\n"
                        "                .port_i    (pr_port_r[gp*V*P +: V*P]),", "u_in2 inputs")
        src = head + anchor + blk + tail
    return src


def patch_m(src):
    """M: the grant registered before traversal, the next allocation masked by it."""
    decl = """    // ---- issue 63 variant M: the grant in flight (allocated at the last edge, traversed now) ----
    reg  [P-1:0]    mf_in_gnt, mf_in_alloc, mf_out_gnt;
    reg  [P*VW-1:0] mf_in_vc, mf_in_ov;
    reg  [P*PW-1:0] mf_in_op;
    reg  [P*P-1:0]  mf_in_oh, mf_out_oh;
    reg  [P*V*P-1:0] mf_unused_pad;
    reg  [P*V-1:0]  mf_taken;      // [op*V + ov]: the output VC a head in flight takes
"""
    src = once(src, "    wire [P*VW-1:0]    in_ov;\n", "    wire [P*VW-1:0]    in_ov;\n" + decl, "in_ov decl")
    for old, new in ((".pop_i         (in_gnt[gp]),", ".pop_i         (mf_in_gnt[gp]),"),
                     ("(in_vc[gp*VW +: VW]),\n                .alloc_i       (in_alloc[gp]),",
                      "(mf_in_vc[gp*VW +: VW]),\n                .alloc_i       (mf_in_alloc[gp]),"),
                     (".alloc_op_i    (in_op[gp*PW +: PW]),", ".alloc_op_i    (mf_in_op[gp*PW +: PW]),"),
                     (".alloc_op_oh_i (in_oh_ip_op[gp*P +: P]),", ".alloc_op_oh_i (mf_in_oh[gp*P +: P]),"),
                     (".alloc_ov_i    (in_ov[gp*VW +: VW]),", ".alloc_ov_i    (mf_in_ov[gp*VW +: VW]),"),
                     (".send_i      (out_gnt[gp]),", ".send_i      (mf_out_gnt[gp]),"),
                     (".in_flit_i  (in_ov),", ".in_flit_i  (mf_in_ov),"),
                     (".in_flit_i  (in_alloc),", ".in_flit_i  (mf_in_alloc),"),
                     (".take_ovc_i  (take_ovc),", ".take_ovc_i  (mf_take),"),
                     (".afree_i     (afree),", ".afree_i     (mf_afree),"),
                     (".afree_i   (afree),", ".afree_i   (mf_afree),"),
                     (".body_o      (rq_body_ivc[gi]),", ".body_o      (mf_body0[gi]),"),
                     (".head_o      (rq_head_ivc[gi]),", ".head_o      (mf_head0[gi]),"),
                     (".adapt_o     (rq_adapt_ivc[gi]),", ".adapt_o     (mf_adapt0[gi]),"),
                     (".port_o      (rq_port_ivc_op[gi*P +: P]),", ".port_o      (mf_port0[gi*P +: P]),"),
                     (".take_ovc_i (take_ovc_c),", ".take_ovc_i (mf_take),"),
                     (".atake_ovc_i(atake_ovc_c),", ".atake_ovc_i(mf_atake),"),
                     (".active_i   (active_w_ivc[gp*V +: V]),", ".active_i   (mf_active[gp*V +: V]),"),
                     (".ovc_i      (ovc_w_ivc[gp*V*VW +: V*VW]),", ".ovc_i      (mf_ovc[gp*V*VW +: V*VW]),")):
        src = once(src, old, new, old)
    n = src.count(".sel_op_ip_i (out_oh_op_ip),")
    if n != 3:
        sys.exit(f"make_variant: anchor 'crossbar selects' found {n} times (expected 3)")
    src = src.replace(".sel_op_ip_i (out_oh_op_ip),", ".sel_op_ip_i (mf_out_oh),")
    masks = """    // M: the allocation's view of the grant in flight
    wire [PV-1:0]   mf_body0, mf_head0, mf_adapt0;
    wire [PV*P-1:0] mf_port0;
    wire [PV-1:0]   mf_take = take_ovc & ~mf_taken;
    wire [PV-1:0]   mf_atake = atake_ovc & ~mf_taken;
    wire [2*N-1:0]  mf_afree;
    wire [PV-1:0]   mf_sent, mf_go;   // input VC in flight; it goes on as a body
    wire [PV-1:0]   mf_active;
    wire [PV*VW-1:0] mf_ovc;
    genvar mfg, mfh;
    generate
        for (mfg = 0; mfg < 2 * N; mfg = mfg + 1) begin : g_mf_af
            assign mf_afree[mfg] = |mf_atake[(mfg + 1)*V +: V];
        end
        for (mfg = 0; mfg < P; mfg = mfg + 1) begin : g_mf_ip
            reg k2;
            integer a, b;
            always @(*) begin
                k2 = 1'b0;
                for (a = 0; a < P; a = a + 1)
                    for (b = 0; b < V; b = b + 1)
                        if (mf_in_oh[mfg*P + a] && mf_in_ov[mfg*VW +: VW] == b[VW-1:0])
                            k2 = (a == 0 || a > 2 * N) || credits_ovc[(a*V + b)*CNTW +: CNTW] >= 2;
            end
            for (mfh = 0; mfh < V; mfh = mfh + 1) begin : g_v
                localparam integer I = mfg * V + mfh;
                localparam integer MFH = mfh;
                assign mf_sent[I] = mf_in_gnt[mfg] && mf_in_vc[mfg*VW +: VW] == MFH[VW-1:0];
                assign mf_go[I] = mf_sent[I] && !win_flit[mfg*FW + `TN_F_TAIL] && k2 &&
                                  cnt_ivc[I*CNTW +: CNTW] >= 2;
                assign rq_body_ivc[I]  = mf_sent[I] ? mf_go[I] : mf_body0[I];
                assign rq_head_ivc[I]  = !mf_sent[I] && mf_head0[I];
                assign rq_adapt_ivc[I] = !mf_sent[I] && mf_adapt0[I];
                assign rq_port_ivc_op[I*P +: P] = mf_sent[I] ? mf_in_oh[mfg*P +: P]
                                                             : mf_port0[I*P +: P];
                assign mf_active[I] = mf_sent[I] || active_w_ivc[I];
                assign mf_ovc[I*VW +: VW] = mf_sent[I] ? mf_in_ov[mfg*VW +: VW]
                                                       : ovc_w_ivc[I*VW +: VW];
            end
        end
    endgenerate
    reg [P*V-1:0] mf_taken_d;
    integer mfa, mfb;
    always @(*) begin
        mf_taken_d = {P*V{1'b0}};
        for (mfa = 0; mfa < P; mfa = mfa + 1)
            for (mfb = 0; mfb < P; mfb = mfb + 1)
                if (in_gnt[mfa] && in_alloc[mfa] && in_oh_ip_op[mfa*P + mfb])
                    mf_taken_d[mfb*V + in_ov[mfa*VW +: VW]] = 1'b1;
    end
    always @(posedge clk_i) begin
        if (rst_i) begin
            mf_in_gnt <= {P{1'b0}};
            mf_out_gnt <= {P{1'b0}};
            mf_taken <= {P*V{1'b0}};
        end else begin
            mf_in_gnt <= in_gnt;
            mf_out_gnt <= out_gnt;
            mf_taken <= mf_taken_d;
        end
        mf_in_alloc <= in_alloc;
        mf_in_vc <= in_vc;
        mf_in_ov <= in_ov;
        mf_in_op <= in_op;
        mf_in_oh <= in_oh_ip_op;
        mf_out_oh <= out_oh_op_ip;
    end
"""
    src = once(src, "    // ---- allocator pointers (owned here; 7.3)", masks +
               "    // ---- allocator pointers (owned here; 7.3)", "pointers comment")
    src = src.replace("    reg  [P*V*P-1:0] mf_unused_pad;\n", "")
    return src


def patch_k(src):
    """K (on M): the output VC chosen beside stage 2; the masks from registers and S_t only."""
    # tn_send on stage 1's winner (one iteration: its grant is iteration 1's or none), not after
    # stage 2: its VC, port and output VC do not depend on the grant, whether it takes one does
    src = once(src, "                .g1_in_i    (g1_in[gp]),\n                .gnt_i      (in_gnt[gp]),",
               "                .g1_in_i    (1'b1),\n                .gnt_i      (s1_valid_c[gp]),",
               "tn_send grants")
    src = once(src, "        mf_in_alloc <= in_alloc;", "        mf_in_alloc <= in_alloc & in_gnt;",
               "mf_in_alloc")
    # the output VC the head in flight takes: decoded from the registered grant by the crossbar
    # (ou_alloc_ovc, the traversal's own), not registered after stage 2
    src = once(src, "    wire [PV-1:0]   mf_take = take_ovc & ~mf_taken;\n"
               "    wire [PV-1:0]   mf_atake = atake_ovc & ~mf_taken;\n",
               "    wire [PV-1:0]   mf_take = take_ovc & ~ou_alloc_ovc;\n"
               "    wire [PV-1:0]   mf_atake = atake_ovc & ~ou_alloc_ovc;\n", "mf_take")
    m = re.search(r"    reg \[P\*V-1:0\] mf_taken_d;\n.*?\n    end\n", src, re.S)
    if not m:
        sys.exit("make_variant: anchor 'mf_taken_d' not found in the M patch")
    src = src.replace(m.group(0), "")
    src = once(src, "            mf_taken <= {P*V{1'b0}};\n", "", "mf_taken reset")
    src = once(src, "            mf_taken <= mf_taken_d;\n", "", "mf_taken load")
    src = once(src, "    reg  [P*V-1:0]  mf_taken;      // [op*V + ov]: the output VC a head in flight takes\n",
               "", "mf_taken decl")
    return src


def patch_t(src):
    """T (on K): the output VCs taken registered with the grant; mf_in_alloc not gated."""
    src = once(src, "        mf_in_alloc <= in_alloc & in_gnt;", "        mf_in_alloc <= in_alloc;",
               "mf_in_alloc")
    src = once(src, "    wire [PV-1:0]   mf_take = take_ovc & ~ou_alloc_ovc;\n"
               "    wire [PV-1:0]   mf_atake = atake_ovc & ~ou_alloc_ovc;\n",
               "    reg  [PV-1:0]   mk_taken_r;   // [op*V + ov]: a head granted at the last edge takes it\n"
               "    wire [PV-1:0]   mf_take = take_ovc & ~mk_taken_r;\n"
               "    wire [PV-1:0]   mf_atake = atake_ovc & ~mk_taken_r;\n", "mf_take (K)")
    blk = """    // T: per output VC, the head granted now takes it (stage 2's grant of the output port to the
    // input port whose winner takes a VC, that VC), registered for the next allocation's masks
    reg [PV-1:0] mk_taken_d;
    integer mka, mkb;
    always @(*) begin
        mk_taken_d = {PV{1'b0}};
        for (mka = 0; mka < P; mka = mka + 1)
            for (mkb = 0; mkb < P; mkb = mkb + 1)
                if (g1_oh_op_ip[mka*P + mkb] && in_alloc[mkb])
                    mk_taken_d[mka*V + in_ov[mkb*VW +: VW]] = 1'b1;
    end
    always @(posedge clk_i) mk_taken_r <= rst_i ? {PV{1'b0}} : mk_taken_d;
"""
    return once(src, "    // from each output port's one-hot grant, the index after the granted input port",
                blk + "    // from each output port's one-hot grant, the index after the granted input port",
                "sa2_next comment")


def patch_o(src):
    """O (on K): taken from registered one-hots (no crossbar); mf_in_alloc not gated."""
    src = once(src, "        mf_in_alloc <= in_alloc & in_gnt;", "        mf_in_alloc <= in_alloc;\n"
               "        mk_aov_r <= mk_aov_d;", "mf_in_alloc")
    src = once(src, "    wire [PV-1:0]   mf_take = take_ovc & ~ou_alloc_ovc;\n"
               "    wire [PV-1:0]   mf_atake = atake_ovc & ~ou_alloc_ovc;\n",
               """    // O: per input port the output VC its grant in flight takes (one-hot), per output VC taken
    reg  [PV-1:0]   mk_aov_r;
    wire [PV-1:0]   mk_aov_d, mk_taken;
    wire [V*P-1:0]  mk_aov_col;   // [ov*P + ip]
    genvar mkg, mkh;
    generate
        for (mkg = 0; mkg < P; mkg = mkg + 1) begin : g_mk_aov
            for (mkh = 0; mkh < V; mkh = mkh + 1) begin : g_v
                localparam integer MKH = mkh;
                assign mk_aov_d[mkg*V + mkh] = in_alloc[mkg] && in_ov[mkg*VW +: VW] == MKH[VW-1:0];
                assign mk_taken[mkg*V + mkh] = |(mf_out_oh[mkg*P +: P] & mk_aov_col[mkh*P +: P]);
            end
        end
    endgenerate
    generate
        for (mkg = 0; mkg < P; mkg = mkg + 1) begin : g_mk_col
            for (mkh = 0; mkh < V; mkh = mkh + 1) begin : g_v
                assign mk_aov_col[mkh*P + mkg] = mk_aov_r[mkg*V + mkh];
            end
        end
    endgenerate
    wire [PV-1:0]   mf_take = take_ovc & ~mk_taken;
    wire [PV-1:0]   mf_atake = atake_ovc & ~mk_taken;
""", "mf_take (K)")
    return src


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: make_variant.py VARIANT [OUT_DIR]  (VARIANT: base or letters of E A G R 1 M K)")
    variant = sys.argv[1]
    out = Path(sys.argv[2]) if len(sys.argv) == 3 else ROOT / "build" / "pipe" / variant
    if out.exists():
        shutil.rmtree(out)
    # the variants patch the router before PIPE existed (BASE_REV), whole: rtl/ of that commit
    out.mkdir(parents=True)
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", BASE_REV, "rtl"], check=True,
                         capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out), "--strip-components=1"], input=tar, check=True)
    f = out / "router" / "tn_router.v"
    f.write_text(patch(f.read_text(), variant))
    print(out)


if __name__ == "__main__":
    main()
