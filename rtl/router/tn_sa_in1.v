// SPDX-License-Identifier: MIT
// Switch allocation, iteration 1, stage 1 of one input port (cmodel/hw/router.c,
// tn_router_step; docs/microarchitecture.md 6.5): round robin (sa1_ptr) over the port's VCs with
// any request; if the winner's request is adaptive, the selection picks its port among its free
// productive ports (the VCs it may take there are the port's adaptive ones, tn_send). Pure
// function.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sa_in1 #(
    parameter P   = 5,
    parameter V   = 2,
    parameter N   = 2,
    parameter CW  = 2,                         // bits per coordinate (hops per dimension)
    parameter KW  = 8,                         // selection key width
    parameter AD  = 0,                         // 1: adaptive routing and selection built
    parameter SEL = -1,
    parameter VW  = (V > 1) ? $clog2(V) : 1
) (
    input  wire [2:0]        cfg_sel_i,
    input  wire [VW-1:0]     sa1_ptr_i,
    input  wire [V-1:0]      body_i,
    input  wire [V-1:0]      head_i,
    input  wire [V-1:0]      adapt_i,
    input  wire [V*P-1:0]    port_i,           // per VC, one-hot
    input  wire [V*2*N-1:0]  prod_i,           // per VC, the route's productive ports
    input  wire [2*N-1:0]    afree_i,          // free network ports, bit j = port j+1
    input  wire [V*N*CW-1:0] hops_i,
    input  wire [15:0]       u_i,              // this input port's draw (19.4)
    input  wire [2*N*KW-1:0] pkey_i,           // the network ports' selection keys
    output wire              valid_o,
    output wire [VW-1:0]     vc_o,
    output wire [V-1:0]      vc_oh_o,
    output wire [P-1:0]      op_o,             // one-hot; 0 without a winner
    output wire              adapt_o           // the winner's request is adaptive
);
    localparam NP = (N > 0) ? 2 * N : 1;   // (at least 1: N = 0 is refused by tn_router's
    localparam HW = (N > 0) ? N * CW : 1;  // elaboration check, which must get to run)
    wire [V-1:0] w;
    tn_rr_arbiter #(.N(V), .IW(VW)) u_arb (
        .req_i   (body_i | head_i | adapt_i),
        .ptr_i   (sa1_ptr_i),
        .valid_o (valid_o),
        .idx_o   (vc_o),
        .gnt_o   (w)
    );
    assign vc_oh_o = w;
    // the winner's request (AND-OR by the one-hot grant)
    reg [P-1:0]  w_port;
    reg [NP-1:0] w_cand;
    reg [HW-1:0] w_hops;
    reg          w_adapt;
    integer v;
    always @(*) begin
        w_port  = {P{1'b0}};
        w_cand  = {NP{1'b0}};
        w_hops  = {HW{1'b0}};
        w_adapt = 1'b0;
        for (v = 0; v < V; v = v + 1) begin
            w_port  = w_port  | (port_i[v*P +: P] & {P{w[v]}});
            w_cand  = w_cand  | (prod_i[v*NP +: NP] & {NP{w[v]}});
            w_hops  = w_hops  | (hops_i[v*HW +: HW] & {HW{w[v]}});
            w_adapt = w_adapt | (adapt_i[v] & w[v]);
        end
    end
    wire [P-1:0] apick;   // the selected port, one-hot (network port j+1 = bit j+1)
    generate
        if (AD != 0) begin : g_sel
            wire [NP-1:0] j;
            tn_select #(.N(N), .HW(CW), .KW(KW), .SEL(SEL)) u_sel (
                .cfg_sel_i (cfg_sel_i),
                .cand_i    (w_cand & afree_i),
                .u_i       (u_i),
                .hops_i    (w_hops),
                .pkey_i    (pkey_i),
                .pick_o    (j)
            );
            if (P > NP + 1) begin : g_pt
                assign apick = {{(P-NP-1){1'b0}}, j, 1'b0};
            end else begin : g_pn
                assign apick = {j, 1'b0};
            end
        end else begin : g_nosel
            assign apick = {P{1'b0}};
            wire unused_sel = &{1'b0, w_cand, w_hops, u_i, pkey_i, cfg_sel_i, afree_i};
        end
    endgenerate
    wire ad = (AD != 0) && w_adapt;   // (no adaptive request without AD)
    assign op_o    = ad ? apick : w_port;
    assign adapt_o = ad;
endmodule
