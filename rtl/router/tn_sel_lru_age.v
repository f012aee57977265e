// SPDX-License-Identifier: MIT
// LRU age of one output link (cmodel/src/select.c, tn_sel_lru_age_next), section 19.3: cycles
// since a flit last left on the link, saturating at 255; 0 after a cycle with a flit. Reset 0.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_lru_age (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       sent_i,  // a flit leaves on the link this cycle
    output reg  [7:0] age_o
);
    always @(posedge clk_i) begin
        if (rst_i || sent_i)
            age_o <= 8'd0;
        else if (age_o != 8'hFF)
            age_o <= age_o + 8'd1;
    end
endmodule
