// SPDX-License-Identifier: MIT
// xorshift32 with shifts (13, 17, 5) (cmodel/hw/rng.c, tn_rng_next; docs/microarchitecture.md
// 11): a 32-bit state, loaded with seed_i at reset (0 becomes 0x6D2B79F5, xorshift's fixed point
// being 0) and advanced once every cycle after it. The router's RNG (19.4).
// not kept as its own hierarchy: merged into tn_router it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
module tn_rng #(
    parameter CTX = 1,                              // contexts (tn_ctx_reg)
    parameter STAGES = 1,                           // engine stages (tn_ctx_reg)
    parameter CXW = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire           clk_i,
    input  wire           rst_i,
    input  wire [CXW-1:0] ctx_i,     // the context read (CTX > 1; docs/emulator.md)
    input  wire [CXW-1:0] wctx_i,    // the context written (STAGES = 2)
    input  wire           ctx_we_i,  // its state is written at this clock edge (CTX > 1)
    input  wire [31:0]    seed_i,
    output wire [31:0]    x_o        // the state visible in the cycle
);
    wire [31:0] x_w;   // the state as the second stage reads it (STAGES = 2)
    wire [31:0] x1 = x_w ^ (x_w << 13);
    wire [31:0] x2 = x1 ^ (x1 >> 17);
    wire [31:0] x3 = x2 ^ (x2 << 5);
    tn_ctx_reg #(.W(32), .CTX(CTX), .STAGES(STAGES)) u_x (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ((seed_i == 32'd0) ? 32'h6D2B79F5 : seed_i),
        .d_i  (x3),
        .q_o  (x_o),
        .qw_o (x_w));
endmodule
