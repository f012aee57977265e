// SPDX-License-Identifier: MIT
// A pipeline cut of the time-multiplexed engine (docs/emulator.md, section 7): what the first
// stage computes for a context and the second stage reads, one clock later. STAGES = 1 (one
// router, or an engine of one stage): a wire, so that the block's source stays the one source.
// STAGES = 2: a register, no reset (it carries a context's values, never state of its own).
module tn_cut #(
    parameter W      = 1,
    parameter STAGES = 1   // 1 or 2
) (
    input  wire         clk_i,
    input  wire [W-1:0] d_i,    // first stage
    output wire [W-1:0] q_o     // second stage
);
    generate
        if (STAGES < 1 || STAGES > 2) begin : g_chk_stages
            tn_error_STAGES_must_be_1_or_2 u_err ();
        end
        if (STAGES == 2) begin : g_reg
            reg [W-1:0] q;
            always @(posedge clk_i)
                q <= d_i;
            assign q_o = q;
        end else begin : g_wire
            assign q_o = d_i;
            wire unused_clk = &{1'b0, clk_i};
        end
    endgenerate
endmodule
