// SPDX-License-Identifier: MIT
// Dimension-order selection (cmodel/src/select.c, tn_sel_dor): the lowest candidate bit, i.e.
// the lowest dimension, + before -. Section 19.2.
module tn_sel_dor #(
    parameter NP = 4,                          // network ports (2N)
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0] cand_i,
    output reg  [JW-1:0] pick_o
);
    integer j;
    always @(*) begin
        pick_o = {JW{1'b0}};
        for (j = NP - 1; j >= 0; j = j - 1)
            if (cand_i[j]) pick_o = j[JW-1:0];
    end
endmodule
