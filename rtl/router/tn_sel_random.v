// SPDX-License-Identifier: MIT
// Random selection (cmodel/src/select.c, tn_sel_random): with c candidates and a 16-bit draw u,
// the k-th candidate counting from bit 0, k = (u * c) >> 16. Section 19.2.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_random #(
    parameter NP = 4,
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0] cand_i,
    input  wire [15:0]   u_i,
    output reg  [JW-1:0] pick_o
);
    localparam CW = $clog2(NP + 1);
    reg [CW-1:0]    cnt, seen;
    reg [CW+15:0]   prod;
    reg [CW-1:0]    k;
    wire unused_prod = &{1'b0, prod[15:0]};
    integer j;
    always @(*) begin
        cnt = {CW{1'b0}};
        for (j = 0; j < NP; j = j + 1)
            cnt = cnt + {{(CW-1){1'b0}}, cand_i[j]};
        prod = {(CW+16){1'b0}};       // u * cnt by shift and add: no multiplier block
        for (j = 0; j < CW; j = j + 1)
            if (cnt[j]) prod = prod + ({{CW{1'b0}}, u_i} << j);
        k = prod[CW+15:16];
        pick_o = {JW{1'b0}};
        seen = {CW{1'b0}};
        for (j = 0; j < NP; j = j + 1)
            if (cand_i[j]) begin
                if (seen == k) pick_o = j[JW-1:0];
                seen = seen + 1'b1;
            end
    end
endmodule
