// SPDX-License-Identifier: MIT
// Shared by the metric-driven selection functions: the candidate with the best metric (the
// largest when MAX = 1, else the smallest), ties to the lowest bit. A scan from bit 0 that
// replaces the best only on a strict improvement, as in cmodel/src/select.c.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_argbest #(
    parameter NP  = 4,
    parameter MW  = 8,                         // metric width
    parameter MAX = 0,
    parameter JW  = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0]    cand_i,
    input  wire [NP*MW-1:0] metric_i,          // metric of bit j at [j*MW +: MW]
    output reg  [JW-1:0]    pick_o
);
    reg          found;
    reg [MW-1:0] best;
    integer j;
    always @(*) begin
        pick_o = {JW{1'b0}};
        found  = 1'b0;
        best   = {MW{1'b0}};
        for (j = 0; j < NP; j = j + 1)
`ifdef TN_FAULT_SEL_TIE
            // planted fault: ties go to the highest bit
            if (cand_i[j] && (!found || (MAX != 0 ? metric_i[j*MW +: MW] >= best
                                                  : metric_i[j*MW +: MW] <= best))) begin
`else
            if (cand_i[j] && (!found || (MAX != 0 ? metric_i[j*MW +: MW] > best
                                                  : metric_i[j*MW +: MW] < best))) begin
`endif
                found  = 1'b1;
                best   = metric_i[j*MW +: MW];
                pick_o = j[JW-1:0];
            end
    end
endmodule
