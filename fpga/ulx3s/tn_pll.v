// SPDX-License-Identifier: MIT
// The ULX3S system clock: 25 MHz in, 50 MHz out (VCO 600 MHz: CLKI_DIV 1, CLKFB_DIV 2, CLKOP_DIV
// 12). Written by `yowasp-ecppll -i 25 -o 50 -n tn_pll -f tn_pll.v` (the PLL calculator of
// nextpnr-ecp5's YoWASP package), then the ports renamed to the project's conventions. ECP5 only
// (EHXPLLL): the board build, never the simulation.
module tn_pll (
    input  wire clk_i,     // 25 MHz, the ULX3S oscillator
    output wire clk_o,     // 50 MHz, the system clock
    output wire locked_o
);
(* FREQUENCY_PIN_CLKI="25" *)
(* FREQUENCY_PIN_CLKOP="50" *)
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
        .CLKI_DIV(1),
        .CLKOP_ENABLE("ENABLED"),
        .CLKOP_DIV(12),
        .CLKOP_CPHASE(5),
        .CLKOP_FPHASE(0),
        .FEEDBK_PATH("CLKOP"),
        .CLKFB_DIV(2)
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
