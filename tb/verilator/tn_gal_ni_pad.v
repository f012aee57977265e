// SPDX-License-Identifier: MIT
// One tn_gal_ni (rtl/ni/tn_gal_ni.v) with its ports padded to the widths of tn_gal_ni_top
// (tb/verilator/tn_gal_ni_top.v): 4 channels, 6 address bits and 3 quadrant bits per channel,
// 512 observation bits; unused inputs are ignored and unused outputs are 0.
`include "tn_defs.vh"
module tn_gal_ni_pad #(
    parameter K    = 4,
    parameter N    = 2,
    parameter TERM = 1,
    parameter QD   = 4,
    parameter ADAPT = 1
) (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire [5:0]   coord_i,
    input  wire [1:0]   cfg_sets_i,
    input  wire         cfg_adapt_i,
    input  wire [10:0]  cfg_t_i,
    input  wire [10:0]  cfg_tmin_i,
    input  wire [10:0]  cfg_tmax_i,
    input  wire [6:0]   cfg_n1_i,
    input  wire [19:0]  cfg_n2_i,
    input  wire [3:0]   src_valid_i,
    input  wire [23:0]  src_dst_i,
    input  wire [63:0]  src_tag_i,
    output wire [3:0]   src_take_o,
    output wire [31:0]  src_queue_o,
    input  wire [3:0]   snd_ready_i,
    input  wire [5:0]   afree_i,
    output wire [3:0]   snd_valid_o,
    output wire [63:0]  snd_tag_o,
    output wire [23:0]  snd_dst_o,
    output wire [11:0]  snd_quad_o,
    output wire [511:0] obs_o
);
    // widths from rtl/common/tn_defs.tbl
    localparam AW = `TN_AW;
    localparam JW = `TN_JW;
    localparam OBSW = `TN_NOBSW;
    wire [TERM*AW-1:0]   dst_in, dst_out;
    wire [TERM*16-1:0]   tag_out;
    wire [TERM*N-1:0]    quad_out;
    wire [TERM*JW-1:0]   queue_out;
    wire [TERM-1:0]      take, valid;
    wire [OBSW-1:0]      obs;
    genvar ge;
    generate
        for (ge = 0; ge < 4; ge = ge + 1) begin : g_ch
            if (ge < TERM) begin : g_on
                assign dst_in[ge*AW +: AW] = src_dst_i[ge*6 +: AW];
                assign snd_dst_o[ge*6 +: 6] = {{(6-AW){1'b0}}, dst_out[ge*AW +: AW]};
                assign snd_tag_o[ge*16 +: 16] = tag_out[ge*16 +: 16];
                assign snd_quad_o[ge*3 +: 3] = {{(3-N){1'b0}}, quad_out[ge*N +: N]};
                assign src_queue_o[ge*8 +: 8] = {{(8-JW){1'b0}}, queue_out[ge*JW +: JW]};
                assign src_take_o[ge] = take[ge];
                assign snd_valid_o[ge] = valid[ge];
            end else begin : g_off
                assign snd_dst_o[ge*6 +: 6] = 6'd0;
                assign snd_tag_o[ge*16 +: 16] = 16'd0;
                assign snd_quad_o[ge*3 +: 3] = 3'd0;
                assign src_queue_o[ge*8 +: 8] = 8'd0;
                assign src_take_o[ge] = 1'b0;
                assign snd_valid_o[ge] = 1'b0;
            end
        end
    endgenerate
    tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .ADAPT(ADAPT), .TAGW(16)) u_ni (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .ctx_we_i(1'b0),
        .coord_i(coord_i[AW-1:0]),
        .cfg_sets_i(cfg_sets_i), .cfg_adapt_i(cfg_adapt_i), .cfg_t_i(cfg_t_i),
        .cfg_tmin_i(cfg_tmin_i), .cfg_tmax_i(cfg_tmax_i), .cfg_n1_i(cfg_n1_i), .cfg_n2_i(cfg_n2_i),
        .src_valid_i(src_valid_i[TERM-1:0]), .src_dst_i(dst_in), .src_tag_i(src_tag_i[TERM*16-1:0]),
        .src_take_o(take), .src_queue_o(queue_out),
        .snd_ready_i(snd_ready_i[TERM-1:0]), .afree_i(afree_i[2*N-1:0]), .snd_valid_o(valid), .snd_tag_o(tag_out),
        .snd_dst_o(dst_out), .snd_quad_o(quad_out), .obs_o(obs));
    assign obs_o = {{(512-OBSW){1'b0}}, obs};
    // the padding bits this parameter set does not use (Verilator ignores *unused* names)
    wire unused_pad = ^{coord_i, src_valid_i, src_dst_i, src_tag_i, snd_ready_i, afree_i};
endmodule
