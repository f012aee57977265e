// SPDX-License-Identifier: MIT
// Shortest-output-queue selection (cmodel/src/select.c, tn_sel_sq): the candidate whose
// downstream buffers hold the fewest flits (sum over the port's VCs of buf - credits), ties to
// the lowest bit. Section 19.2.
module tn_sel_sq #(
    parameter NP = 4,
    parameter UW = 8,                          // width of the occupancy sum
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0]    cand_i,
    input  wire [NP*UW-1:0] used_i,
    output wire [JW-1:0]    pick_o
);
    tn_sel_argbest #(.NP(NP), .MW(UW), .MAX(0), .JW(JW)) u_best (
        .cand_i(cand_i), .metric_i(used_i), .pick_o(pick_o));
endmodule
