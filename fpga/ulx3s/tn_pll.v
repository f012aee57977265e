// SPDX-License-Identifier: MIT
// The ULX3S system clock: 25 MHz in, 25 * CLKFB_DIV / CLKI_DIV MHz out, VCO = that * CLKOP_DIV
// (400..800 MHz). The defaults give 50 MHz (VCO 600 MHz). Written by `yowasp-ecppll -i 25 -o 50
// -n tn_pll -f tn_pll.v` (the PLL calculator of nextpnr-ecp5's YoWASP package), then the ports
// renamed to the project's conventions and the dividers made parameters: tools/fpga_build.sh
// asks ecppll for the dividers of the requested frequency. ECP5 only (EHXPLLL): the board build.
module tn_pll #(
    parameter CLKI_DIV  = 1,
    parameter CLKFB_DIV = 2,
    parameter CLKOP_DIV = 12
) (
    input  wire clk_i,     // 25 MHz, the ULX3S oscillator
    output wire clk_o,     // 50 MHz, the system clock
    output wire locked_o
);
    localparam CPHASE = CLKOP_DIV / 2 - 1;  // ecppll's phase for 0 degrees
    (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
    EHXPLLL #(
        .PLLRST_ENA("DISABLED"),
        .INTFB_WAKE("DISABLED"),
        .STDBY_ENABLE("DISABLED"),
        .DPHASE_SOURCE("DISABLED"),
        .OUTDIVIDER_MUXA("DIVA"),
        .OUTDIVIDER_MUXB("DIVB"),
        .OUTDIVIDER_MUXC("DIVC"),
        .OUTDIVIDER_MUXD("DIVD"),
        .CLKI_DIV(CLKI_DIV),
        .CLKOP_ENABLE("ENABLED"),
        .CLKOP_DIV(CLKOP_DIV),
        .CLKOP_CPHASE(CPHASE),
        .CLKOP_FPHASE(0),
        .FEEDBK_PATH("CLKOP"),
        .CLKFB_DIV(CLKFB_DIV)
    ) pll_i (
        .RST(1'b0),
        .STDBY(1'b0),
        .CLKI(clk_i),
        .CLKOP(clk_o),
        .CLKFB(clk_o),
        .CLKINTFB(),
        .PHASESEL0(1'b0),
        .PHASESEL1(1'b0),
        .PHASEDIR(1'b1),
        .PHASESTEP(1'b1),
        .PHASELOADREG(1'b1),
        .PLLWAKESYNC(1'b0),
        .ENCLKOP(1'b0),
        .LOCK(locked_o)
    );
endmodule
