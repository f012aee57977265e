// SPDX-License-Identifier: MIT
// A state register of W bits for CTX contexts (docs/emulator.md, section 6). Every state register
// of the router is one, so that the one source serves both the parallel network and the
// time-multiplexed engine (rtl/emu/):
// - CTX = 1: a flip-flop, loaded with rv_i in a cycle with rst_i (when RST = 1) and else with d_i
//   when en_i: the register the block always had; ctx_i and we_i are not read.
// - CTX > 1: a memory of CTX words (one write, one asynchronous read: LUT RAM), read at context
//   ctx_i and written there at the clock edge, only when we_i (the engine evaluates a context).
//   The engine holds rst_i for whole sweeps over the contexts, so that each takes its reset value.
// - THRU = 1 (the link and credit registers, which cross to a neighbour): with CTX > 1 the register
//   is held outside the block, in the engine's link memories, and q_o is the value it loads
//   (rv_i in reset, else d_i: en_i must be 1). With CTX = 1 THRU changes nothing.
// - STAGES = 2 (CTX > 1; docs/emulator.md section 7): the engine evaluates a context in two
//   clocks. The memory is read at ctx_i (the first stage's context) and written at wctx_i (the
//   second's, one clock later); qw_o is q_o one clock later, the state the second stage reads.
//   rst_i, we_i, en_i, rv_i and d_i belong to the second stage. With STAGES = 1, wctx_i = ctx_i
//   (not read) and qw_o = q_o.
`include "tn_faults.vh"
module tn_ctx_reg #(
    parameter W    = 1,
    parameter CTX  = 1,                            // contexts, 1..4096
    parameter RST  = 1,                            // 1: rst_i loads rv_i; 0: no reset
    parameter THRU = 0,                            // 1: a link register (see above)
    parameter STAGES = 1,                          // 1 or 2 (2 needs CTX > 1)
    parameter CXW  = (CTX > 1) ? $clog2(CTX) : 1   // context index width
) (
    input  wire           clk_i,
    input  wire           rst_i,
    input  wire [CXW-1:0] ctx_i,   // the context read this clock (CTX > 1)
    input  wire [CXW-1:0] wctx_i,  // the context written at this clock edge (STAGES = 2)
    input  wire           we_i,    // write it (CTX > 1)
    input  wire           en_i,    // load d_i
    input  wire [W-1:0]   rv_i,    // reset value
    input  wire [W-1:0]   d_i,
    output wire [W-1:0]   q_o,     // the state at ctx_i
    output wire [W-1:0]   qw_o     // the state at wctx_i (STAGES = 2: q_o a clock later)
);
    generate
        if (CTX < 1 || CTX > 4096) begin : g_chk_ctx
            tn_error_CTX_must_be_1_to_4096 u_err ();
        end
        if (STAGES < 1 || STAGES > 2 || (STAGES == 2 && CTX < 2)) begin : g_chk_stages
            tn_error_STAGES_must_be_1_or_2_with_CTX_above_1 u_err ();
        end
        if (CTX == 1) begin : g_ff
            reg [W-1:0] q;
            always @(posedge clk_i) begin
                if (RST != 0 && rst_i)
                    q <= rv_i;
                else if (en_i)
                    q <= d_i;
            end
            assign q_o  = q;
            assign qw_o = q;
            wire unused_ctx = &{1'b0, ctx_i, wctx_i, we_i};
        end else if (THRU != 0) begin : g_thru
            assign q_o  = (RST != 0 && rst_i) ? rv_i : d_i;
            assign qw_o = q_o;
            wire unused_ctx = &{1'b0, ctx_i, wctx_i, we_i, en_i, clk_i};
        end else begin : g_mem
            reg [W-1:0] m [0:CTX-1];
            wire rst = (RST != 0) && rst_i;
            wire [CXW-1:0] wc;   // the context written
            if (STAGES == 2) begin : g_two
                reg [W-1:0] qw;
                always @(posedge clk_i)
                    qw <= m[ctx_i];
                assign qw_o = qw;
                assign wc   = wctx_i;
            end else begin : g_one
                assign qw_o = q_o;
                assign wc   = ctx_i;
                wire unused_wctx = &{1'b0, wctx_i};
            end
            always @(posedge clk_i) begin
                if (we_i && (en_i || rst))
                    m[`TN_HOOK_CTX_WRITE(wc, rst, CXW)] <= rst ? rv_i : d_i;
            end
            assign q_o = m[ctx_i];
        end
    endgenerate
endmodule
