// SPDX-License-Identifier: MIT
// The Tang Mega 138K system clock: the 50 MHz oscillator divided by DIV in the fabric (one
// counter and one flip-flop), which nextpnr-himbaechel puts on a global clock spine. A divider,
// not the PLL: the GW5AST-138C's chip database (Apicula, as pinned in tools/setup.sh) has no
// PLL, oscillator or clock divider sites yet, so nextpnr cannot place a PLLA there
// (docs/board-guide.md, "The Tang Mega 138K"). DIV = 1 passes the oscillator through; DIV >= 2
// gives f_in / DIV with the clock high for DIV / 2 input cycles. locked_o rises 8 output cycles
// after configuration (the flip-flops' power-up value is 0) and stays up: the top's reset.
module tn_clk_div #(
    parameter DIV = 2
) (
    input  wire clk_i,     // the board's oscillator
    output wire clk_o,     // the system clock, f_in / DIV
    output wire locked_o   // 1 from the 8th clk_o cycle on
);
    localparam integer CW = (DIV > 2) ? $clog2(DIV) : 1;
    generate
        if (DIV < 1) begin : g_chk_div
            tn_error_tn_clk_div_DIV_must_be_at_least_1 u_err ();
        end
        if (DIV == 1) begin : g_pass
            assign clk_o = clk_i;
        end else begin : g_div
            localparam integer LASTI = DIV - 1, HIGHI = DIV / 2;
            localparam [CW-1:0] LAST = LASTI[CW-1:0];
            localparam [CW-1:0] HIGH = HIGHI[CW-1:0];
            reg [CW-1:0] cnt_q;
            reg          clk_q;
            initial begin  // the power-up values (Gowin's flip-flops configure to 0)
                cnt_q = {CW{1'b0}};
                clk_q = 1'b0;
            end
            always @(posedge clk_i) begin
                cnt_q <= (cnt_q == LAST) ? {CW{1'b0}} : cnt_q + 1'b1;
                clk_q <= (cnt_q < HIGH);
            end
            assign clk_o = clk_q;
        end
    endgenerate
    reg [3:0] up_q;
    initial up_q = 4'd0;
    always @(posedge clk_o)
        if (!up_q[3]) up_q <= up_q + 4'd1;
    assign locked_o = up_q[3];
endmodule
