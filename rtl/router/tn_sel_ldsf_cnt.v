// SPDX-License-Identifier: MIT
// LDSF counter of one output link (cmodel/hw/select.c, tn_sel_ldsf_cnt_next), section 19.3:
// +1 (saturating at 255) in a cycle a flit leaves on the link; unchanged when no flit leaves
// but an output VC of the link was allocated at the start of the cycle (a blocked worm holds
// the link); otherwise -1, floor 0. Reset 0.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_ldsf_cnt #(
    parameter CTX = 1,                              // contexts (tn_ctx_reg)
    parameter STAGES = 1,                           // engine stages (tn_ctx_reg)
    parameter CXW = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire [CXW-1:0] ctx_i,  // the context read (CTX > 1; docs/emulator.md)
    input  wire [CXW-1:0] wctx_i, // the context written (STAGES = 2)
    input  wire       ctx_we_i,   // its state is written at this clock edge (CTX > 1)
    input  wire       sent_i,  // a flit leaves on the link this cycle
    input  wire       held_i,  // an output VC of the link is allocated (registered busy flags)
    output wire [7:0] cnt_o
);
    wire [7:0] cnt_w;   // the counter as the second stage reads it (STAGES = 2)
    tn_ctx_reg #(.W(8), .CTX(CTX), .STAGES(STAGES)) u_cnt (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i (8'd0),
        .d_i  (sent_i ? ((cnt_w == 8'hFF) ? cnt_w : cnt_w + 8'd1)
               : (!held_i && cnt_w != 8'd0) ? cnt_w - 8'd1 : cnt_w),
        .q_o  (cnt_o),
        .qw_o (cnt_w));
endmodule
