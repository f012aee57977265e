// SPDX-License-Identifier: MIT
// Test top for ACOR alone (tb/unit/vl_acor.c via tb/verilator/tn_acor_shim.cpp): one tn_acor
// (rtl/ni/tn_acor.v) per parameter set below, all driven by the same inputs padded to 4 channels
// and 9 address bits per channel; inst_i picks whose outputs are seen (unused outputs are 0).
//   inst  K  N  TERM
//     0   4  1    1
//     1   4  2    1
//     2   4  3    2
//     3   8  1    1
//     4   8  2    4
//     5   8  3    1
//     6   3  2    2
//     7   5  2    3
`include "tn_defs.vh"
module tn_acor_top (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire [2:0]   inst_i,
    input  wire [1:0]   cfg_seq_i,
    input  wire         cfg_mode_i,
    input  wire [15:0]  cfg_hi_i,
    input  wire [15:0]  cfg_it1_i,
    input  wire [15:0]  cfg_it2_i,
    input  wire [15:0]  cfg_dt1_i,
    input  wire [15:0]  cfg_dt2_i,
    input  wire [8:0]   coord_i,
    input  wire [127:0] seed_i,
    input  wire [3:0]   att_i,
    input  wire [3:0]   rdy_i,
    input  wire [35:0]  dst_i,
    output wire [35:0]  mid_o,
    output wire [7:0]   lvl_o,
    output wire [191:0] obs_o
);
    localparam NI = 8;
    localparam [NI*4-1:0] PK    = {4'd5, 4'd3, 4'd8, 4'd8, 4'd8, 4'd4, 4'd4, 4'd4};
    localparam [NI*4-1:0] PN    = {4'd2, 4'd2, 4'd3, 4'd2, 4'd1, 4'd3, 4'd2, 4'd1};
    localparam [NI*4-1:0] PTERM = {4'd3, 4'd2, 4'd1, 4'd4, 4'd1, 4'd2, 4'd1, 4'd1};
    wire [NI*36-1:0]  mid;
    wire [NI*8-1:0]   lvl;
    wire [NI*192-1:0] obs;
    genvar gi, ge;
    generate
        for (gi = 0; gi < NI; gi = gi + 1) begin : g_inst
            localparam integer K = {28'd0, PK[gi*4 +: 4]};
            localparam integer N = {28'd0, PN[gi*4 +: 4]};
            localparam integer TERM = {28'd0, PTERM[gi*4 +: 4]};
            localparam AW = `TN_AW;
            localparam OBSW = `TN_AOBSW;
            wire [TERM*AW-1:0] dst_in, mid_out;
            wire [TERM*2-1:0]  lvl_out;
            wire [OBSW-1:0]    obs_out;
            for (ge = 0; ge < 4; ge = ge + 1) begin : g_ch
                if (ge < TERM) begin : g_on
                    assign dst_in[ge*AW +: AW] = dst_i[ge*9 +: AW];
                    assign mid[gi*36 + ge*9 +: 9] = {{(9-AW){1'b0}}, mid_out[ge*AW +: AW]};
                    assign lvl[gi*8 + ge*2 +: 2] = lvl_out[ge*2 +: 2];
                end else begin : g_off
                    assign mid[gi*36 + ge*9 +: 9] = 9'd0;
                    assign lvl[gi*8 + ge*2 +: 2] = 2'd0;
                end
            end
            tn_acor #(.K(K), .N(N), .TERM(TERM)) u_acor (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .ctx_we_i(1'b0),
                .cfg_seq_i(cfg_seq_i), .cfg_mode_i(cfg_mode_i),
                .cfg_hi_i(cfg_hi_i), .cfg_it1_i(cfg_it1_i), .cfg_it2_i(cfg_it2_i),
                .cfg_dt1_i(cfg_dt1_i), .cfg_dt2_i(cfg_dt2_i), .coord_i(coord_i[AW-1:0]),
                .seed_i(seed_i[TERM*32-1:0]), .att_i(att_i[TERM-1:0]), .rdy_i(rdy_i[TERM-1:0]),
                .dst_i(dst_in), .mid_o(mid_out), .lvl_o(lvl_out), .obs_o(obs_out));
            assign obs[gi*192 +: 192] = {{(192-OBSW){1'b0}}, obs_out};
        end
    endgenerate
    assign mid_o = mid[inst_i*36 +: 36];
    assign lvl_o = lvl[inst_i*8 +: 8];
    assign obs_o = obs[inst_i*192 +: 192];
    // the padding bits a parameter set does not use (Verilator ignores *unused* names)
    wire unused_pad = ^{coord_i, seed_i, att_i, rdy_i, dst_i};
endmodule
