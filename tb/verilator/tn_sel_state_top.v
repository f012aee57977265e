// SPDX-License-Identifier: MIT
// Test top for the per-link selection state of section 19.3 alone (tb/unit/vl_sel_state.c via
// tb/verilator/tn_sel_shim.cpp): one LDSF counter and one LRU age driven by the same link; and
// the random selection function (19.2) for 2, 4 and 6 network ports (N = 1, 2, 3), on the same
// candidates and draw.
module tn_sel_state_top (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       sent_i,
    input  wire       held_i,
    output wire [7:0] cnt_o,
    output wire [7:0] age_o,
    input  wire [5:0] cand_i,     // candidates: NP = 2 reads bits 1:0, NP = 4 bits 3:0
    input  wire [15:0] u_i,       // the 16-bit draw
    output wire [0:0] pick2_o,
    output wire [1:0] pick4_o,
    output wire [2:0] pick6_o
);
    tn_sel_ldsf_cnt u_ldsf (.clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0),
                            .ctx_we_i(1'b0), .sent_i(sent_i), .held_i(held_i), .cnt_o(cnt_o));
    tn_sel_lru_age u_lru (.clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .ctx_we_i(1'b0),
                         .sent_i(sent_i), .age_o(age_o));
    tn_sel_random #(.NP(2)) u_rnd2 (.cand_i(cand_i[1:0]), .u_i(u_i), .pick_o(pick2_o));
    tn_sel_random #(.NP(4)) u_rnd4 (.cand_i(cand_i[3:0]), .u_i(u_i), .pick_o(pick4_o));
    tn_sel_random #(.NP(6)) u_rnd6 (.cand_i(cand_i), .u_i(u_i), .pick_o(pick6_o));
endmodule
