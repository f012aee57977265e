// SPDX-License-Identifier: MIT
// Lockstep top for GAL (tnlock rtl=rtr with routing=gal): one tn_router with the ports of
// tn_router, beside the node's tn_gal_ni (rtl/ni/) with its ports prefixed ni_. The harness
// drives the NI from the C model's source queues and compares its decisions and registers every
// cycle; the router's injection ports are driven like every other lockstep run (the flits of the
// packets the NI started). Harness only: not part of the synthesizable design.
`include "tn_defs.vh"
module tn_gal_lock_top #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 3,
    parameter B       = 8,
    parameter W       = 32,
    parameter TERM    = 1,
    parameter TOPO    = 0,
    parameter ROUTING = 3,
    parameter SEL     = -1,
    parameter QD      = 8,   // NI queue depth (tnlock requires gal_qdepth = QD)
    parameter TAGW    = `TN_TAGW
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    input  wire [`TN_AW-1:0]        coord_i,
    input  wire [`TN_CNTW-1:0]      cfg_buf_i,
    input  wire [`TN_CNTW-1:0]      cfg_acrd_i,
    input  wire [2:0]           cfg_route_i,
    input  wire [2:0]           cfg_sel_i,
    input  wire                 cfg_dateline_i,
    input  wire                 cfg_transit_i,
    input  wire [31:0]          seed_i,
    input  wire [`TN_P-1:0]         in_valid_i,
    input  wire [`TN_P*`TN_VW-1:0]      in_vc_i,
    input  wire [`TN_P*`TN_FW-1:0]      in_flit_i,
    output wire [`TN_P-1:0]         in_crd_valid_o,
    output wire [`TN_P*`TN_VW-1:0]      in_crd_vc_o,
    output wire [`TN_P-1:0]         out_valid_o,
    output wire [`TN_P*`TN_VW-1:0]      out_vc_o,
    output wire [`TN_P*`TN_FW-1:0]      out_flit_o,
    input  wire [`TN_P-1:0]         out_crd_valid_i,
    input  wire [`TN_P*`TN_VW-1:0]      out_crd_vc_i,
    output wire [`TN_EW-1:0]        err_o,
    output wire [`TN_OBSW-1:0]      obs_o,
    // the node's GAL network interface
    input  wire [1:0]           ni_cfg_sets_i,
    input  wire                 ni_cfg_adapt_i,
    input  wire [`TN_NTW-1:0]       ni_cfg_t_i,
    input  wire [`TN_NTW-1:0]       ni_cfg_tmin_i,
    input  wire [`TN_NTW-1:0]       ni_cfg_tmax_i,
    input  wire [6:0]           ni_cfg_n1_i,
    input  wire [19:0]          ni_cfg_n2_i,
    input  wire [TERM-1:0]      ni_src_valid_i,
    input  wire [TERM*`TN_AW-1:0]   ni_src_dst_i,
    input  wire [TERM*TAGW-1:0] ni_src_tag_i,
    output wire [TERM-1:0]      ni_src_take_o,
    output wire [TERM*`TN_JW-1:0]   ni_src_queue_o,
    input  wire [TERM-1:0]      ni_snd_ready_i,
    output wire [TERM-1:0]      ni_snd_valid_o,
    output wire [TERM*TAGW-1:0] ni_snd_tag_o,
    output wire [TERM*`TN_AW-1:0]   ni_snd_dst_o,
    output wire [TERM*N-1:0]    ni_snd_quad_o,
    output wire [`TN_NOBSW-1:0]     ni_obs_o
);
    wire [2*N-1:0] afree;   // the router's free adaptive ports, read by the NI's senders (R21.5.1)
    tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                .ROUTING(ROUTING), .SEL(SEL)) tn_router (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .coord_i         (coord_i),
        .cfg_buf_i       (cfg_buf_i),
        .cfg_acrd_i      (cfg_acrd_i),
        .cfg_route_i     (cfg_route_i),
        .cfg_sel_i       (cfg_sel_i),
        .cfg_dateline_i  (cfg_dateline_i),
        .cfg_transit_i   (cfg_transit_i),
        .seed_i          (seed_i),
        .in_valid_i      (in_valid_i),
        .in_vc_i         (in_vc_i),
        .in_flit_i       (in_flit_i),
        .in_crd_valid_o  (in_crd_valid_o),
        .in_crd_vc_o     (in_crd_vc_o),
        .out_valid_o     (out_valid_o),
        .out_vc_o        (out_vc_o),
        .out_flit_o      (out_flit_o),
        .out_crd_valid_i (out_crd_valid_i),
        .out_crd_vc_i    (out_crd_vc_i),
        .err_o           (err_o),
        .afree_o         (afree),
        .obs_o           (obs_o)
    );

    tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .TAGW(TAGW), .TOPO(TOPO)) u_ni (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .coord_i     (coord_i),
        .cfg_sets_i  (ni_cfg_sets_i),
        .cfg_adapt_i (ni_cfg_adapt_i),
        .cfg_t_i     (ni_cfg_t_i),
        .cfg_tmin_i  (ni_cfg_tmin_i),
        .cfg_tmax_i  (ni_cfg_tmax_i),
        .cfg_n1_i    (ni_cfg_n1_i),
        .cfg_n2_i    (ni_cfg_n2_i),
        .src_valid_i (ni_src_valid_i),
        .src_dst_i   (ni_src_dst_i),
        .src_tag_i   (ni_src_tag_i),
        .src_take_o  (ni_src_take_o),
        .src_queue_o (ni_src_queue_o),
        .snd_ready_i (ni_snd_ready_i),
        .afree_i     (afree),
        .snd_valid_o (ni_snd_valid_o),
        .snd_tag_o   (ni_snd_tag_o),
        .snd_dst_o   (ni_snd_dst_o),
        .snd_quad_o  (ni_snd_quad_o),
        .obs_o       (ni_obs_o)
    );
endmodule
