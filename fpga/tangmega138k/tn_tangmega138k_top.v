// SPDX-License-Identifier: MIT
// The Sipeed Tang Mega 138K board top of tn (the Gowin GW5AST-138C): the 50 MHz oscillator
// divided by CLK_DIV (tn_clk_div; the chip database has no PLL yet), a synchronous reset held
// until the divider's lock and while the reset button is pressed, and the board core tn_board (fpga/tn_board.v) with the parameters
// that tnboard-core simulates in make test (fpga/board.mk, BOARD_SIM_PARAMS): the 4x4 torus, V=4,
// DOR, MIN AD, VAL, GOAL, GAL (its network interface, 16 packets per quadrant queue, the adaptive
// threshold) and ACOR chosen at run time, every selection function, B=4 W=16; sixteen routers in
// parallel, each a physical copy. The UART is the board's USB serial bridge. One top for both
// boards of the family; the constraints files say the pins: fpga/tangmega138k/tangmega138k.cst (the
// Tang Mega 138K Dock, PG484) and fpga/tangmega138k/tangmega138kpro.cst (the Pro Dock, FPG676). Built by
// `make fpga BOARD=tangmega138k` (tools/fpga_build.sh) with the YoWASP Yosys (synth_gowin) and
// nextpnr-himbaechel (gowin), packed by Apicula's gowin_pack; docs/board-guide.md.
module tn_tangmega138k_top #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 4,
    parameter B       = 4,
    parameter W       = 16,
    parameter ROUTING = 3,
    parameter SEL     = -1,
    parameter GAL     = 1,
    parameter GQD     = 16,
    parameter ACOR    = 1,
    parameter PIPE    = 0,         // the routers' PIPE: 1 the registered grant (tn_router)
    parameter LEDS    = 6,         // LED pins the board's constraints name (led_n[LEDS-1:0])
    parameter RST_HI  = 0,         // 1: the reset button reads 1 when pressed, 0: it reads 0
    parameter OSC_HZ  = 50000000,  // the board's oscillator
    parameter CLK_DIV = 2,         // the system clock: OSC_HZ / CLK_DIV (tn_clk_div)
    parameter BAUD    = 115200
) (
    input  wire            clk,      // 50 MHz oscillator
    input  wire            rst_btn,  // the reset button (RST_HI says its polarity)
    input  wire            uart_rx,  // the FPGA's receive line (the host transmits)
    output wire            uart_tx,  // the FPGA's transmit line
    output wire [LEDS-1:0] led_n     // LEDs, lit at 0: tn_board's led_o[LEDS-1:0]
);
    localparam CLK_HZ       = OSC_HZ / CLK_DIV;
    localparam CLKS_PER_BIT = CLK_HZ / BAUD;
    generate
        if (LEDS < 1 || LEDS > 8) begin : g_chk_leds
            tn_error_tn_tangmega138k_top_LEDS_must_be_1_to_8 u_err ();
        end
    endgenerate

    wire sys_clk, locked;
    tn_clk_div #(.DIV(CLK_DIV)) tn_clk_div (.clk_i(clk), .clk_o(sys_clk), .locked_o(locked));

    // reset: held until 16 cycles after the divider's lock, and while the button is pressed
    // (synchronised); synchronous to the system clock
    wire pressed = (RST_HI != 0) ? rst_btn : !rst_btn;
    wire rst;
    tn_reset tn_reset (.clk_i(sys_clk), .locked_i(locked), .pressed_i(pressed), .rst_o(rst));

    wire [7:0] led;
    assign led_n = ~led[LEDS-1:0];
    wire unused_led = &{1'b0, led};

    tn_board #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .SEL(SEL), .GAL(GAL),
               .GQD(GQD), .ACOR(ACOR), .PIPE(PIPE), .CLKS_PER_BIT(CLKS_PER_BIT)) tn_board (
        .clk_i     (sys_clk),
        .rst_i     (rst),
        .uart_rx_i (uart_rx),
        .uart_tx_o (uart_tx),
        .led_o     (led)
    );
endmodule
