// SPDX-License-Identifier: MIT
// The board tops' reset (fpga/ulx3s/, fpga/tangmega138k/): held while the clock source has not
// locked, then until 16 cycles after it locks, and while the button is pressed (synchronised
// through two flip-flops); synchronous to clk_i, which runs (unlocked) before the lock.
module tn_reset (
    input  wire clk_i,
    input  wire locked_i,   // the PLL or divider has locked
    input  wire pressed_i,  // the reset button, 1 while pressed (asynchronous)
    output wire rst_o       // the board core's synchronous reset
);
    reg  [1:0] btn_q;
    reg  [4:0] por_q;
    always @(posedge clk_i)
        if (!locked_i) begin
            btn_q <= 2'b00;
            por_q <= 5'd0;
        end else begin
            btn_q <= {btn_q[0], pressed_i};
            if (btn_q[1])       por_q <= 5'd0;
            else if (!por_q[4]) por_q <= por_q + 5'd1;
        end
    assign rst_o = !por_q[4];
endmodule
