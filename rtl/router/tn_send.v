// SPDX-License-Identifier: MIT
// What one input port sends (cmodel/hw/router.c, router_traverse; docs/microarchitecture.md
// 6.7): the VC granted in either iteration (the input unit reads its front flit), the output
// port, and the output VC it leaves on: the
// one its packet holds, or, for a head, the lowest VC of its set (with the planted fault
// vc_pick: the highest, rtl/common/tn_faults.vh). Pure function.
// not kept as its own hierarchy: merged into its parent it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
`include "tn_faults.vh"
module tn_send #(
    parameter P  = 5,
    parameter V  = 2,
    parameter NP = 4,  // network ports (2N)
    parameter AD = 1,  // 1: adaptive routing built (else s1_adapt_i and atake_i are not read)
    parameter PW = (P > 1) ? $clog2(P) : 1,
    parameter VW = (V > 1) ? $clog2(V) : 1
) (
    input  wire           g1_in_i,     // granted in iteration 1 (else iteration 2, if granted)
    input  wire           gnt_i,       // granted in either
    input  wire [VW-1:0]  s1_vc_i,
    input  wire [V-1:0]   s1_vc_oh_i,
    input  wire [P-1:0]   s1_op_i,
    input  wire           s1_adapt_i,  // the winner's request is adaptive
    input  wire [VW-1:0]  s2_vc_i,
    input  wire [V-1:0]   s2_vc_oh_i,
    input  wire [P-1:0]   s2_op_i,
    input  wire [P*V-1:0] take_ovc_i,  // output VCs a head may take (6.3)
    input  wire [P*V-1:0] atake_ovc_i, // adaptive output VCs a head may take
    input  wire [V*V-1:0] rm_iv_ov_i,  // per VC, its route's VC set (a head's request)
    input  wire [V-1:0]   active_i,
    input  wire [V*VW-1:0] ovc_i,
    output wire [VW-1:0]  vc_o,        // the VC that sends
    output wire           alloc_o,     // a head: it takes output VC (op, ov)
    output wire [PW-1:0]  op_o,
    output wire [P-1:0]   op_oh_o,
    output wire [VW-1:0]  ov_o         // (its one-hot form is decoded where it is needed)
);
    wire [V-1:0] vs  = g1_in_i ? s1_vc_oh_i : s2_vc_oh_i;
    wire [P-1:0] po  = g1_in_i ? s1_op_i : s2_op_i;
    wire [P-1:0] net;   // the network ports 1 .. NP (only they have adaptive VCs)
    genvar gq;
    generate
        for (gq = 0; gq < P; gq = gq + 1) begin : g_net
            assign net[gq] = (gq >= 1) && (gq <= NP);
        end
    endgenerate
    // the VCs a head may take on its port: the adaptive ones, or its route set's (6.4, 6.5)
    wire         ad  = (AD != 0) && g1_in_i && s1_adapt_i;
    reg  [V-1:0] rm;        // the sending VC's route set
    reg  [V-1:0] tk, atk;   // the port's VCs to take, and its adaptive ones
    integer q;
    always @(*) begin
        rm = {V{1'b0}};
        for (q = 0; q < V; q = q + 1)
            rm = rm | (rm_iv_ov_i[q*V +: V] & {V{vs[q]}});
        tk  = {V{1'b0}};
        atk = {V{1'b0}};
        for (q = 0; q < P; q = q + 1) begin
            tk  = tk  | (take_ovc_i[q*V +: V] & {V{po[q]}});
            atk = atk | (atake_ovc_i[q*V +: V] & {V{po[q] & net[q]}});
        end
        atk[0] = 1'b0;   // VC 0 is never adaptive (19.1.1: E >= 1)
    end
    wire [V-1:0] set = ad ? atk : `TN_HOOK_VC_TAKE(tk & rm, rm);
    assign vc_o    = g1_in_i ? s1_vc_i : s2_vc_i;
    assign op_oh_o = po;
    reg [VW-1:0] oi;
    reg          act;
    reg [PW-1:0] pi;
    integer v, p;
    always @(*) begin
        oi  = {VW{1'b0}};
        act = 1'b0;
        for (v = 0; v < V; v = v + 1) begin
            oi  = oi  | (ovc_i[v*VW +: VW] & {VW{vs[v]}});
            act = act | (active_i[v] & vs[v]);
        end
        pi = {PW{1'b0}};
        for (p = 0; p < P; p = p + 1)
            pi = pi | (p[PW-1:0] & {PW{po[p]}});
    end
    assign op_o = pi;
    `TN_HOOK_VC_PICK__DECL(set, V)
    wire [V-1:0] lo_oh = `TN_HOOK_VC_PICK(set & ~(set - 1'b1));   // the lowest VC of the set
    reg [VW-1:0] lo;
    always @(*) begin
        lo = {VW{1'b0}};
        for (v = 0; v < V; v = v + 1)
            lo = lo | (v[VW-1:0] & {VW{lo_oh[v]}});
    end
    assign alloc_o = gnt_i && !act;
    assign ov_o    = act ? oi : lo;
endmodule
