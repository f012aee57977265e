// SPDX-License-Identifier: MIT
// UART transmitter, 8N1, LSB first (docs/board-reference.md, Protocol). A byte offered with valid_i
// while ready_o is high is taken at the end of that cycle; the start bit begins on the next
// cycle and every bit lasts CLKS_PER_BIT cycles; ready_o rises again after the stop bit.
module tn_uart_tx #(
    parameter CLKS_PER_BIT = 217  // clock cycles per bit, 4..65535 (25 MHz / 115200 baud = 217)
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       valid_i,    // a byte to send in data_i
    input  wire [7:0] data_i,
    output wire       ready_o,    // idle: a byte offered now is taken
    output reg        tx_o        // the serial line, idle high
);
    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (CLKS_PER_BIT < 4 || CLKS_PER_BIT > 65535) begin : g_chk_cpb
            tn_error_CLKS_PER_BIT_must_be_4_to_65535 u_err ();
        end
    endgenerate

    localparam CW = $clog2(CLKS_PER_BIT);
    localparam integer FULL_M1 = CLKS_PER_BIT - 1;
    localparam [CW-1:0] BIT_LAST = FULL_M1[CW-1:0];

    reg [8:0]    shift_q;  // bits still to put on the line after the current one: data, stop
    reg [3:0]    nbits_q;  // bits left including the one on the line; 0 when idle
    reg [CW-1:0] cnt_q;    // cycles left of the current bit

    assign ready_o = (nbits_q == 4'd0);

    always @(posedge clk_i) begin
        if (rst_i) begin
            shift_q <= 9'h1ff;
            nbits_q <= 4'd0;
            cnt_q   <= {CW{1'b0}};
            tx_o    <= 1'b1;
        end else if (nbits_q == 4'd0) begin
            if (valid_i) begin
                shift_q <= {1'b1, data_i};
                nbits_q <= 4'd10;
                cnt_q   <= BIT_LAST;
                tx_o    <= 1'b0;  // start bit
            end
        end else if (cnt_q != {CW{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
        end else begin
            nbits_q <= nbits_q - 4'd1;
            cnt_q   <= BIT_LAST;
            if (nbits_q != 4'd1) begin  // after the stop bit the line stays high
                tx_o    <= shift_q[0];
                shift_q <= {1'b1, shift_q[8:1]};
            end
        end
    end
endmodule
