// SPDX-License-Identifier: MIT
// LDSF counter of one output link (cmodel/src/select.c, tn_sel_ldsf_cnt_next), section 19.3:
// +1 (saturating at 255) in a cycle a flit leaves on the link; unchanged when no flit leaves
// but an output VC of the link was allocated at the start of the cycle (a blocked worm holds
// the link); otherwise -1, floor 0. Reset 0.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_ldsf_cnt (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       sent_i,  // a flit leaves on the link this cycle
    input  wire       held_i,  // an output VC of the link is allocated (registered busy flags)
    output reg  [7:0] cnt_o
);
    always @(posedge clk_i) begin
        if (rst_i)
            cnt_o <= 8'd0;
        else if (sent_i)
            cnt_o <= (cnt_o == 8'hFF) ? cnt_o : cnt_o + 8'd1;
        else if (!held_i && cnt_o != 8'd0)
            cnt_o <= cnt_o - 8'd1;
    end
endmodule
