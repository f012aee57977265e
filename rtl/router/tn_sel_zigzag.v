// SPDX-License-Identifier: MIT
// Zigzag selection (cmodel/src/select.c, tn_sel_zigzag): the candidate in the dimension with the
// most remaining minimal hops, ties to the lowest bit. Section 19.2.
module tn_sel_zigzag #(
    parameter N  = 2,
    parameter HW = 4,                          // hop count width
    parameter JW = (2 * N > 1) ? $clog2(2 * N) : 1
) (
    input  wire [2*N-1:0]  cand_i,
    input  wire [N*HW-1:0] hops_i,             // remaining hops of dimension d at [d*HW +: HW]
    output wire [JW-1:0]   pick_o
);
    wire [2*N*HW-1:0] metric;                  // both ports of a dimension share its hops
    genvar gd;
    generate
        for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
            assign metric[2*gd*HW +: 2*HW] = {2{hops_i[gd*HW +: HW]}};
        end
    endgenerate
    tn_sel_argbest #(.NP(2 * N), .MW(HW), .MAX(1), .JW(JW)) u_best (
        .cand_i(cand_i), .metric_i(metric), .pick_o(pick_o));
endmodule
