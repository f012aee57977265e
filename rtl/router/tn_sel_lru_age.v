// SPDX-License-Identifier: MIT
// LRU age of one output link (cmodel/hw/select.c, tn_sel_lru_age_next), section 19.3: cycles
// since a flit last left on the link, saturating at 255; 0 after a cycle with a flit. Reset 0.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_lru_age #(
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
    output wire [7:0] age_o
);
    wire [7:0] age_w;   // the age as the second stage reads it (STAGES = 2)
    tn_ctx_reg #(.W(8), .CTX(CTX), .STAGES(STAGES)) u_age (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i (8'd0),
        .d_i  (sent_i ? 8'd0 : (age_w != 8'hFF) ? age_w + 8'd1 : age_w),
        .q_o  (age_o),
        .qw_o (age_w));
endmodule
