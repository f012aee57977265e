// SPDX-License-Identifier: MIT
// LDSF selection (cmodel/src/select.c, tn_sel_ldsf): the candidate whose link has the smallest
// LDSF counter (tn_sel_ldsf_cnt.v), ties to the lowest bit. Section 19.2.
module tn_sel_ldsf #(
    parameter NP = 4,
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0]   cand_i,
    input  wire [NP*8-1:0] cnt_i,
    output wire [JW-1:0]   pick_o
);
    tn_sel_argbest #(.NP(NP), .MW(8), .MAX(0), .JW(JW)) u_best (
        .cand_i(cand_i), .metric_i(cnt_i), .pick_o(pick_o));
endmodule
