// SPDX-License-Identifier: MIT
// LRU selection (cmodel/src/select.c, tn_sel_lru): the candidate whose link has the largest age
// (tn_sel_lru_age.v), ties to the lowest bit. Section 19.2.
module tn_sel_lru #(
    parameter NP = 4,
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0]   cand_i,
    input  wire [NP*8-1:0] age_i,
    output wire [JW-1:0]   pick_o
);
    tn_sel_argbest #(.NP(NP), .MW(8), .MAX(1), .JW(JW)) u_best (
        .cand_i(cand_i), .metric_i(age_i), .pick_o(pick_o));
endmodule
