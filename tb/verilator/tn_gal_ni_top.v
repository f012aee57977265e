// SPDX-License-Identifier: MIT
// Test top for the GAL network interface alone (tb/unit/vl_gal_ni.c via
// tb/verilator/tn_gal_shim.cpp): one tn_gal_ni per parameter set below, all driven by the same
// inputs (padded, tb/verilator/tn_gal_ni_pad.v); inst_i picks whose outputs are seen.
//   inst  K  N  TERM  QD  ADAPT
//     0   4  2    1    4    1
//     1   4  2    4    4    1
//     2   8  1    1    4    1
//     3   8  1    2    4    1
//     4   4  2    2    3    1
//     5   6  2    4    1    1
//     6   3  3    4    2    1
//     7   4  2    1    8    0   (issue 12's area row: no adaptive threshold built)
module tn_gal_ni_top (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire [2:0]   inst_i,
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
    localparam NI = 8;
    localparam [NI*4-1:0]  PK    = {4'd4, 4'd3, 4'd6, 4'd4, 4'd8, 4'd8, 4'd4, 4'd4};
    localparam [NI*4-1:0]  PN    = {4'd2, 4'd3, 4'd2, 4'd2, 4'd1, 4'd1, 4'd2, 4'd2};
    localparam [NI*4-1:0]  PTERM = {4'd1, 4'd4, 4'd4, 4'd2, 4'd2, 4'd1, 4'd4, 4'd1};
    localparam [NI*4-1:0]  PQD   = {4'd8, 4'd2, 4'd1, 4'd3, 4'd4, 4'd4, 4'd4, 4'd4};
    localparam [NI-1:0]    PAD   = 8'b0111_1111;   // ADAPT
    wire [NI*4-1:0]   take, valid;
    wire [NI*32-1:0]  queue;
    wire [NI*64-1:0]  tag;
    wire [NI*24-1:0]  dst;
    wire [NI*12-1:0]  quad;
    wire [NI*512-1:0] obs;
    genvar gi;
    generate
        for (gi = 0; gi < NI; gi = gi + 1) begin : g_inst
            localparam integer KI = {28'd0, PK[gi*4 +: 4]};
            localparam integer NI_ = {28'd0, PN[gi*4 +: 4]};
            localparam integer TI = {28'd0, PTERM[gi*4 +: 4]};
            localparam integer QI = {28'd0, PQD[gi*4 +: 4]};
            localparam integer AI = {31'd0, PAD[gi]};
            tn_gal_ni_pad #(.K(KI), .N(NI_), .TERM(TI), .QD(QI), .ADAPT(AI)) u_pad (
                .clk_i(clk_i), .rst_i(rst_i), .coord_i(coord_i), .cfg_sets_i(cfg_sets_i),
                .cfg_adapt_i(cfg_adapt_i), .cfg_t_i(cfg_t_i), .cfg_tmin_i(cfg_tmin_i),
                .cfg_tmax_i(cfg_tmax_i), .cfg_n1_i(cfg_n1_i), .cfg_n2_i(cfg_n2_i),
                .src_valid_i(src_valid_i), .src_dst_i(src_dst_i), .src_tag_i(src_tag_i),
                .src_take_o(take[gi*4 +: 4]), .src_queue_o(queue[gi*32 +: 32]),
                .snd_ready_i(snd_ready_i), .afree_i(afree_i), .snd_valid_o(valid[gi*4 +: 4]),
                .snd_tag_o(tag[gi*64 +: 64]), .snd_dst_o(dst[gi*24 +: 24]),
                .snd_quad_o(quad[gi*12 +: 12]), .obs_o(obs[gi*512 +: 512]));
        end
    endgenerate
    wire [2:0] sel = inst_i;
    assign src_take_o  = take[sel*4 +: 4];
    assign src_queue_o = queue[sel*32 +: 32];
    assign snd_valid_o = valid[sel*4 +: 4];
    assign snd_tag_o   = tag[sel*64 +: 64];
    assign snd_dst_o   = dst[sel*24 +: 24];
    assign snd_quad_o  = quad[sel*12 +: 12];
    assign obs_o       = obs[sel*512 +: 512];
endmodule
