// SPDX-License-Identifier: MIT
// Lockstep top for ACOR (tnlock rtl=rtr with routing=acor): one tn_router with the ports of
// tn_router, beside the node's tn_acor (rtl/ni/tn_acor.v) with its ports prefixed acor_. The
// harness drives the attempts from the C model's sources and compares the draws, the levels and
// the registers every cycle (docs/microarchitecture.md R23.8.2); the router's injection ports are
// driven like every other lockstep run (the flits carry the model's intermediate). Each channel's
// stream seed is computed here from the global seed and the node (R23.3.1), as a board top does at
// elaboration. Harness only: not part of the synthesizable design.
`include "tn_defs.vh"
module tn_acor_lock_top #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 4,
    parameter B       = 8,
    parameter W       = 32,
    parameter TERM    = 1,
    parameter TOPO    = 0,
    parameter ROUTING = 3,
    parameter SEL     = -1,
    parameter PIPE    = 0    // the router's pipeline (tn_router)
) (
`include "tn_lock_router_ports.vh"
    // the node's ACOR block
    input  wire [1:0]           acor_cfg_seq_i,
    input  wire                 acor_cfg_mode_i,
    input  wire [15:0]          acor_cfg_hi_i,
    input  wire [15:0]          acor_cfg_it1_i,
    input  wire [15:0]          acor_cfg_it2_i,
    input  wire [15:0]          acor_cfg_dt1_i,
    input  wire [15:0]          acor_cfg_dt2_i,
    input  wire [31:0]          acor_gseed_i,   // the global seed g (R23.3.1)
    input  wire [TERM-1:0]      acor_att_i,
    input  wire [TERM-1:0]      acor_rdy_i,
    input  wire [TERM*`TN_AW-1:0]   acor_dst_i,
    output wire [TERM*`TN_AW-1:0]   acor_mid_o,
    output wire [TERM*2-1:0]    acor_lvl_o,
    output wire [`TN_AOBSW-1:0]     acor_obs_o
);
    localparam CW = `TN_CW;
    localparam integer NODES = K ** N;

    // R19.4.2's salt, tn_salt (rtl/common/tn_salt.vh)
`include "tn_salt.vh"

    // the node index of coord_i (section 3: coordinate d has weight K^d)
    reg [31:0] node;
    reg [31:0] wgt;
    integer d;
    always @* begin
        node = 32'd0;
        wgt = 32'd1;
        for (d = 0; d < N; d = d + 1) begin
            node = node + {{(32-CW){1'b0}}, coord_i[d*CW +: CW]} * wgt;
            wgt = wgt * K;
        end
    end
    // seed_acor(node, e) = g ^ salt(K^N + node * TERM + e) (tn_acor replaces a zero)
    wire [TERM*32-1:0] acor_seed;
    genvar ge;
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_seed
            assign acor_seed[ge*32 +: 32] =
                acor_gseed_i ^ tn_salt(NODES + node * TERM + ge);
        end
    endgenerate

    wire [2*N-1:0] afree;
    wire unused_afree = &{1'b0, afree};   // read by a GAL NI only
`include "tn_lock_router_inst.vh"

    tn_acor #(.K(K), .N(N), .TERM(TERM)) u_acor (
        .clk_i      (clk_i),
        .rst_i      (rst_i),
        .ctx_i      (1'b0),
        .ctx_we_i   (1'b0),
        .cfg_seq_i  (acor_cfg_seq_i),
        .cfg_mode_i (acor_cfg_mode_i),
        .cfg_hi_i   (acor_cfg_hi_i),
        .cfg_it1_i  (acor_cfg_it1_i),
        .cfg_it2_i  (acor_cfg_it2_i),
        .cfg_dt1_i  (acor_cfg_dt1_i),
        .cfg_dt2_i  (acor_cfg_dt2_i),
        .coord_i    (coord_i),
        .seed_i     (acor_seed),
        .att_i      (acor_att_i),
        .rdy_i      (acor_rdy_i),
        .dst_i      (acor_dst_i),
        .mid_o      (acor_mid_o),
        .lvl_o      (acor_lvl_o),
        .obs_o      (acor_obs_o)
    );
endmodule
