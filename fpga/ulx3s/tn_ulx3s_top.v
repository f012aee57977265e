// SPDX-License-Identifier: MIT
// The ULX3S (LFE5U-85F) board top of tn: the 25 MHz oscillator through the PLL (tn_pll, CLK_HZ),
// a synchronous reset held until the PLL locks and while FIRE1 is pressed, and the board core
// tn_board (fpga/tn_board.v: the torus, 4x4 by default, with its traffic sources and sinks and
// the UART control plane) on the FTDI serial line. The port names are the pin names of
// fpga/ulx3s/ulx3s_v20.lpf (the board's own names, not the _i/_o convention). Built by
// `make fpga` (tools/fpga_build.sh) with the YoWASP Yosys and nextpnr-ecp5;
// docs/board-guide.md.
module tn_ulx3s_top #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 2,     // the board build: DOR on two VCs (docs/board-guide.md, Resources)
    parameter B       = 4,
    parameter W       = 16,
    parameter ROUTING = 0,
    parameter SEL     = -1,
    parameter GAL     = 0,     // 1: GAL's network interface per node (ROUTING=3, V >= 4; tn_board)
    parameter ACOR    = 0,     // 1: ACOR's level machine per node (ROUTING >= 2, V >= 4; tn_board)
    parameter GQD     = 16,    // GAL's quadrant queue depth (tn_board)
    parameter PIPE    = 0,     // the routers' PIPE: 1 the registered grant (tn_router; ENGINES = 0)
    parameter ENGINES = 0,     // 0 the parallel torus; E >= 1 the time-multiplexed engine (tn_board)
    parameter STAGES  = 2,     // the engine's stages (tn_board)
    parameter CLK_HZ  = 50000000,  // the PLL's output: 25 MHz * PLL_FB / PLL_I
    parameter PLL_I   = 1,         // tn_pll's dividers (tools/fpga_build.sh asks ecppll)
    parameter PLL_FB  = 2,
    parameter PLL_OP  = 12,
    parameter BAUD    = 115200
) (
    input  wire       clk_25mhz,
    input  wire       ftdi_txd,    // the host transmits: the FPGA's receive line
    output wire       ftdi_rxd,    // the FPGA's transmit line
    input  wire [1:0] btn,         // btn[0] PWR (active low, unused), btn[1] FIRE1: reset
    output wire [7:0] led,
    output wire       wifi_gpio0
);
    localparam CLKS_PER_BIT = CLK_HZ / BAUD;

    wire clk, locked;
    tn_pll #(.CLKI_DIV(PLL_I), .CLKFB_DIV(PLL_FB), .CLKOP_DIV(PLL_OP))
        tn_pll (.clk_i(clk_25mhz), .clk_o(clk), .locked_o(locked));

    // reset: held until 16 cycles after the PLL locks, and while FIRE1 is pressed (synchronised);
    // synchronous to the PLL clock, which runs (unlocked) before the lock
    wire rst;
    tn_reset tn_reset (.clk_i(clk), .locked_i(locked), .pressed_i(btn[1]), .rst_o(rst));

    assign wifi_gpio0 = 1'b1;

    tn_board #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .SEL(SEL),
               .GAL(GAL), .GQD(GQD), .ACOR(ACOR), .PIPE(PIPE), .ENGINES(ENGINES), .STAGES(STAGES),
               .CLKS_PER_BIT(CLKS_PER_BIT)) tn_board (
        .clk_i     (clk),
        .rst_i     (rst),
        .uart_rx_i (ftdi_txd),
        .uart_tx_o (ftdi_rxd),
        .led_o     (led)
    );
endmodule
