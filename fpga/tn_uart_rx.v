// SPDX-License-Identifier: MIT
// UART receiver, 8N1, LSB first (docs/board-reference.md, Protocol). The line passes a two-flop
// synchroniser; a falling edge starts a byte, the start bit is checked at its middle (a shorter
// low pulse is a glitch and is ignored), each data bit and the stop bit are sampled at their
// middle. A byte whose stop bit reads 0 (a framing error) is dropped: the protocol's checksum
// and inter-byte timeout deal with the frame it belonged to.
module tn_uart_rx #(
    parameter CLKS_PER_BIT = 217  // clock cycles per bit, 4..65535 (25 MHz / 115200 baud = 217)
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       rx_i,       // the serial line, idle high, asynchronous to clk_i
    output reg        valid_o,    // high for one cycle when data_o holds a received byte
    output reg  [7:0] data_o
);
    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (CLKS_PER_BIT < 4 || CLKS_PER_BIT > 65535) begin : g_chk_cpb
            tn_error_CLKS_PER_BIT_must_be_4_to_65535 u_err ();
        end
    endgenerate

    localparam CW = $clog2(CLKS_PER_BIT);
    localparam integer FULL_M1 = CLKS_PER_BIT - 1;
    localparam integer HALF_M1 = CLKS_PER_BIT / 2 - 1;
    localparam [CW-1:0] BIT_LAST  = FULL_M1[CW-1:0];  // counter start for one bit time
    localparam [CW-1:0] HALF_LAST = HALF_M1[CW-1:0];  // counter start for half a bit time
    localparam [1:0] S_IDLE = 2'd0, S_START = 2'd1, S_DATA = 2'd2, S_STOP = 2'd3;

    reg          sync1_q, sync2_q;  // the two-flop synchroniser
    reg [1:0]    state_q;
    reg [CW-1:0] cnt_q;             // cycles left to the next sample
    reg [2:0]    bit_q;             // data bit being received
    reg [7:0]    shift_q;           // data bits so far, the newest at bit 7

    always @(posedge clk_i) begin
        if (rst_i) begin
            sync1_q <= 1'b1;
            sync2_q <= 1'b1;
            state_q <= S_IDLE;
            cnt_q   <= {CW{1'b0}};
            bit_q   <= 3'd0;
            shift_q <= 8'd0;
            valid_o <= 1'b0;
            data_o  <= 8'd0;
        end else begin
            sync1_q <= rx_i;
            sync2_q <= sync1_q;
            valid_o <= 1'b0;
            case (state_q)
                S_IDLE: begin
                    if (!sync2_q) begin
                        state_q <= S_START;
                        cnt_q   <= HALF_LAST;
                    end
                end
                S_START: begin
                    if (cnt_q != {CW{1'b0}}) begin
                        cnt_q <= cnt_q - 1'b1;
                    end else if (sync2_q) begin
                        state_q <= S_IDLE;  // high again at mid start bit: a glitch
                    end else begin
                        state_q <= S_DATA;
                        cnt_q   <= BIT_LAST;
                        bit_q   <= 3'd0;
                    end
                end
                S_DATA: begin
                    if (cnt_q != {CW{1'b0}}) begin
                        cnt_q <= cnt_q - 1'b1;
                    end else begin
                        shift_q <= {sync2_q, shift_q[7:1]};
                        cnt_q   <= BIT_LAST;
                        bit_q   <= bit_q + 3'd1;
                        if (bit_q == 3'd7)
                            state_q <= S_STOP;
                    end
                end
                default: begin  // S_STOP
                    if (cnt_q != {CW{1'b0}}) begin
                        cnt_q <= cnt_q - 1'b1;
                    end else begin
                        state_q <= S_IDLE;  // from mid stop bit: ready for the next start edge
                        if (sync2_q) begin
                            valid_o <= 1'b1;
                            data_o  <= shift_q;
                        end
                    end
                end
            endcase
        end
    end
endmodule
