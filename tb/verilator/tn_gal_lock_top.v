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
    parameter PIPE    = 0,   // the router's pipeline (tn_router)
    parameter QD      = 8,   // NI queue depth (tnlock requires gal_qdepth = QD)
    parameter TAGW    = `TN_TAGW
) (
`include "tn_lock_router_ports.vh"
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
`include "tn_lock_router_inst.vh"

    tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .TAGW(TAGW), .TOPO(TOPO)) u_ni (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .ctx_i       (1'b0),
        .wctx_i      (1'b0),
        .ctx_we_i    (1'b0),
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
