// SPDX-License-Identifier: MIT
// Switch allocation, iteration 2, stage 1 of one input port (cmodel/hw/router.c,
// tn_router_step; docs/microarchitecture.md 6.6): if the port has no iteration-1 grant, round
// robin (sa1_ptr, the value of the cycle) over its VCs with a body or head request whose port has
// no iteration-1 grant. Pure function.
// not kept as its own hierarchy: merged into tn_router it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
module tn_sa_in2 #(
    parameter P  = 5,
    parameter V  = 2,
    parameter VW = (V > 1) ? $clog2(V) : 1
) (
    input  wire [VW-1:0]  sa1_ptr_i,
    input  wire           g1_in_i,     // this input port won in iteration 1
    input  wire [P-1:0]   g1_out_i,    // output ports granted in iteration 1
    input  wire [V-1:0]   body_i,
    input  wire [V-1:0]   head_i,
    input  wire [V*P-1:0] port_i,      // per VC, one-hot
    output wire [VW-1:0]  vc_o,
    output wire [V-1:0]   vc_oh_o,
    output wire [P-1:0]   op_o         // one-hot; 0 without a winner
);
    reg [V-1:0] rq;
    integer v;
    always @(*)
        for (v = 0; v < V; v = v + 1)
            rq[v] = (body_i[v] || head_i[v]) && !g1_in_i && !(|(port_i[v*P +: P] & g1_out_i));
    wire [V-1:0] w;
    wire         valid;
    tn_rr_arbiter #(.N(V), .IW(VW)) u_arb (
        .req_i   (rq),
        .ptr_i   (sa1_ptr_i),
        .valid_o (valid),
        .idx_o   (vc_o),
        .gnt_o   (w)
    );
    assign vc_oh_o = w;
    reg [P-1:0] w_port;
    always @(*) begin
        w_port = {P{1'b0}};
        for (v = 0; v < V; v = v + 1)
            w_port = w_port | (port_i[v*P +: P] & {P{w[v]}});
    end
    assign op_o = w_port;
    wire unused_valid = &{1'b0, valid};
endmodule
