// SPDX-License-Identifier: MIT
// Test top for the per-link selection state of section 19.3 alone (tb/unit/vl_sel_state.c via
// tb/verilator/tn_sel_shim.cpp): one LDSF counter and one LRU age driven by the same link.
module tn_sel_state_top (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       sent_i,
    input  wire       held_i,
    output wire [7:0] cnt_o,
    output wire [7:0] age_o
);
    tn_sel_ldsf_cnt u_ldsf (.clk_i(clk_i), .rst_i(rst_i), .sent_i(sent_i), .held_i(held_i),
                            .cnt_o(cnt_o));
    tn_sel_lru_age u_lru (.clk_i(clk_i), .rst_i(rst_i), .sent_i(sent_i), .age_o(age_o));
endmodule
