// SPDX-License-Identifier: MIT
// One node's statistics registers out of N copies, for the board core's register map
// (fpga/tn_board.v: N nodes, the one addressed; fpga/tn_board_emu.v: N engines, the one holding
// the node addressed): an AND-OR multiplexer on a one-hot select (a variable part-select with a
// stride that is not a power of two would synthesise to a barrel shifter). No select: zeros.
module tn_board_pick #(
    parameter N  = 16,  // copies
    parameter EW = 7    // a router's error vector (`TN_EW)
) (
    input  wire [N-1:0]    sel_i,        // one-hot
    input  wire [N*32-1:0] packets_i,
    input  wire [N*32-1:0] accepted_i,
    input  wire [N*32-1:0] delivered_i,
    input  wire [N*32-1:0] injected_i,
    input  wire [N*48-1:0] lat_sum_i,
    input  wire [N*16-1:0] lat_max_i,
    input  wire [N*16-1:0] lat_min_i,
    input  wire [N*EW-1:0] rerr_i,
    input  wire [N*4-1:0]  serr_i,
    input  wire [N-1:0]    ovf_i,
    input  wire [N-1:0]    paterr_i,
    output reg  [31:0]     packets_o,
    output reg  [31:0]     accepted_o,
    output reg  [31:0]     delivered_o,
    output reg  [31:0]     injected_o,
    output reg  [47:0]     lat_sum_o,
    output reg  [15:0]     lat_max_o,
    output reg  [15:0]     lat_min_o,
    output reg  [EW-1:0]   rerr_o,
    output reg  [3:0]      serr_o,
    output reg             ovf_o,
    output reg             paterr_o
);
    integer i;
    always @* begin
        packets_o = 32'd0; accepted_o = 32'd0; delivered_o = 32'd0; injected_o = 32'd0;
        lat_sum_o = 48'd0; lat_max_o = 16'd0; lat_min_o = 16'd0;
        rerr_o = {EW{1'b0}}; serr_o = 4'd0; ovf_o = 1'b0; paterr_o = 1'b0;
        for (i = 0; i < N; i = i + 1) begin
            packets_o   = packets_o | (packets_i[i*32 +: 32] & {32{sel_i[i]}});
            accepted_o  = accepted_o | (accepted_i[i*32 +: 32] & {32{sel_i[i]}});
            delivered_o = delivered_o | (delivered_i[i*32 +: 32] & {32{sel_i[i]}});
            injected_o  = injected_o | (injected_i[i*32 +: 32] & {32{sel_i[i]}});
            lat_sum_o   = lat_sum_o | (lat_sum_i[i*48 +: 48] & {48{sel_i[i]}});
            lat_max_o   = lat_max_o | (lat_max_i[i*16 +: 16] & {16{sel_i[i]}});
            lat_min_o   = lat_min_o | (lat_min_i[i*16 +: 16] & {16{sel_i[i]}});
            rerr_o      = rerr_o | (rerr_i[i*EW +: EW] & {EW{sel_i[i]}});
            serr_o      = serr_o | (serr_i[i*4 +: 4] & {4{sel_i[i]}});
            ovf_o       = ovf_o | (ovf_i[i] & sel_i[i]);
            paterr_o    = paterr_o | (paterr_i[i] & sel_i[i]);
        end
    end
endmodule
