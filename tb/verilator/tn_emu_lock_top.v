// SPDX-License-Identifier: MIT
// Lockstep top of the time-multiplexed torus (rtl/emu/tn_emu_torus.v): the ports of
// rtl/net/tn_torus.v, so that tnlock drives it as it drives tn_torus (rtl=emu), plus run_i and
// ctx_o. The engine evaluates one node per clock; the shim (tn_rtl_shim.cpp, TN_TOP_EMU) makes one
// harness tick of K^N run clocks and then K^N hold clocks. Here, node by node: the terminal inputs
// are taken from the flat buses; what the last stage of a run clock says each register takes
// (links, credits, ejection) is kept, and what a hold clock reads (state, errors, afree) is kept,
// so that after a tick every flat output shows what tn_torus shows after its edge. STAGES = 2:
// the last run clock's node is written in the first hold clock. Harness only.
`include "tn_defs.vh"
module tn_emu_lock_top #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 2,
    parameter B       = 8,
    parameter W       = 32,
    parameter TERM    = 1,
    parameter TOPO    = 0,   // 0 only (tn_emu_torus is a torus)
    parameter ROUTING = 0,
    parameter SEL     = -1,
    parameter STAGES  = 1,   // tn_emu_torus's
    parameter GAL     = 0,   // 1: with GAL's network interface per node (tnlock routing=gal)
    parameter QD      = 8,
    parameter TAGW    = `TN_TAGW,
    parameter ACOR    = 0    // 1: with ACOR's block per node (tnlock routing=acor)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  run_i,
    output wire [$clog2(K**N)-1:0] ctx_o,
    input  wire [`TN_CNTW-1:0]   cfg_buf_i,
    input  wire [`TN_CNTW-1:0]   cfg_acrd_i,
    input  wire [2:0]            cfg_route_i,
    input  wire [2:0]            cfg_sel_i,
    input  wire                  cfg_dateline_i,
    input  wire                  cfg_transit_i,
    input  wire [31:0]           cfg_seed_i,
    input  wire [K**N*TERM-1:0]  inj_valid_i,
    input  wire [K**N*TERM*`TN_VW-1:0] inj_vc_i,
    input  wire [K**N*TERM*`TN_FW-1:0] inj_flit_i,
    output reg  [K**N*TERM-1:0]  inj_crd_valid_o,
    output reg  [K**N*TERM*`TN_VW-1:0] inj_crd_vc_o,
    output reg  [K**N*TERM-1:0]  ej_valid_o,
    output reg  [K**N*TERM*`TN_VW-1:0] ej_vc_o,
    output reg  [K**N*TERM*`TN_FW-1:0] ej_flit_o,
    output reg  [K**N*`TN_P-1:0] lnk_valid_o,
    output reg  [K**N*`TN_P*`TN_VW-1:0] lnk_vc_o,
    output reg  [K**N*`TN_P*`TN_FW-1:0] lnk_flit_o,
    output reg  [K**N*`TN_P-1:0] crd_valid_o,
    output reg  [K**N*`TN_P*`TN_VW-1:0] crd_vc_o,
    output reg  [K**N*`TN_EW-1:0] err_o,
    output reg  [K**N*2*N-1:0]   afree_o,
    output reg  [K**N*`TN_OBSW-1:0] obs_o,
    // GAL = 1: every node's GAL NI, the ports of tb/verilator/tn_gal_lock_top.v, node-major
    input  wire [1:0]            ni_cfg_sets_i,
    input  wire                  ni_cfg_adapt_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_t_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmin_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmax_i,
    input  wire [6:0]            ni_cfg_n1_i,
    input  wire [19:0]           ni_cfg_n2_i,
    input  wire [K**N*TERM-1:0]  ni_src_valid_i,
    input  wire [K**N*TERM*`TN_AW-1:0] ni_src_dst_i,
    input  wire [K**N*TERM*TAGW-1:0] ni_src_tag_i,
    output reg  [K**N*TERM-1:0]  ni_src_take_o,
    output reg  [K**N*TERM*`TN_JW-1:0] ni_src_queue_o,
    input  wire [K**N*TERM-1:0]  ni_snd_ready_i,
    output reg  [K**N*TERM-1:0]  ni_snd_valid_o,
    output reg  [K**N*TERM*TAGW-1:0] ni_snd_tag_o,
    output reg  [K**N*TERM*`TN_AW-1:0] ni_snd_dst_o,
    output reg  [K**N*TERM*N-1:0] ni_snd_quad_o,
    output reg  [K**N*`TN_NOBSW-1:0] ni_obs_o,
    // ACOR = 1: every node's ACOR block, the ports of tb/verilator/tn_acor_lock_top.v, node-major
    input  wire [1:0]            acor_cfg_seq_i,
    input  wire                  acor_cfg_mode_i,
    input  wire [15:0]           acor_cfg_hi_i,
    input  wire [15:0]           acor_cfg_it1_i,
    input  wire [15:0]           acor_cfg_it2_i,
    input  wire [15:0]           acor_cfg_dt1_i,
    input  wire [15:0]           acor_cfg_dt2_i,
    input  wire [31:0]           acor_gseed_i,
    input  wire [K**N*TERM-1:0]  acor_att_i,
    input  wire [K**N*TERM-1:0]  acor_rdy_i,
    input  wire [K**N*TERM*`TN_AW-1:0] acor_dst_i,
    output reg  [K**N*TERM*`TN_AW-1:0] acor_mid_o,
    output reg  [K**N*TERM*2-1:0] acor_lvl_o,
    output reg  [K**N*`TN_AOBSW-1:0] acor_obs_o
);
    localparam NODES = K ** N;
    localparam P     = `TN_P;
    localparam VW    = `TN_VW;
    localparam FW    = `TN_FW;
    localparam EW    = `TN_EW;
    localparam OBSW  = `TN_OBSW;
    localparam CXW   = $clog2(NODES);
    localparam AW    = `TN_AW;
    localparam JW    = `TN_JW;
    localparam NOBSW = `TN_NOBSW;
    localparam AOBSW = `TN_AOBSW;
    wire unused_topo = &{1'b0, TOPO[0]};

    wire [TERM-1:0]    e_inj_crd_valid, e_ej_valid;
    wire [TERM*VW-1:0] e_inj_crd_vc, e_ej_vc;
    wire [TERM*FW-1:0] e_ej_flit;
    wire [P-1:0]       e_lnk_valid, e_crd_valid;
    wire [P*VW-1:0]    e_lnk_vc, e_crd_vc;
    wire [P*FW-1:0]    e_lnk_flit;
    wire [EW-1:0]      e_err;
    wire [2*N-1:0]     e_afree;
    wire [OBSW-1:0]    e_obs;
    wire [TERM-1:0]      n_take, n_valid;
    wire [TERM*JW-1:0]   n_queue;
    wire [TERM*TAGW-1:0] n_tag;
    wire [TERM*AW-1:0]   n_dst;
    wire [TERM*N-1:0]    n_quad;
    wire [NOBSW-1:0]     n_obs;
    wire [TERM*AW-1:0]   a_mid;
    wire [TERM*2-1:0]    a_lvl;
    wire [AOBSW-1:0]     a_obs;
    wire [CXW-1:0]     c;    // the node the last stage evaluates
    wire               wr;   // and writes
    tn_emu_torus #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .ROUTING(ROUTING),
                   .SEL(SEL), .STAGES(STAGES), .GAL(GAL), .QD(QD), .TAGW(TAGW),
                   .ACOR(ACOR)) u_emu (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .run_i           (run_i),
        .cfg_buf_i       (cfg_buf_i),
        .cfg_acrd_i      (cfg_acrd_i),
        .cfg_route_i     (cfg_route_i),
        .cfg_sel_i       (cfg_sel_i),
        .cfg_dateline_i  (cfg_dateline_i),
        .cfg_transit_i   (cfg_transit_i),
        .cfg_seed_i      (cfg_seed_i),
        .ctx_o           (ctx_o),
        .wctx_o          (c),
        .wr_o            (wr),
        .inj_valid_i     (inj_valid_i[c*TERM +: TERM]),
        .inj_vc_i        (inj_vc_i[c*TERM*VW +: TERM*VW]),
        .inj_flit_i      (inj_flit_i[c*TERM*FW +: TERM*FW]),
        .inj_crd_valid_o (e_inj_crd_valid),
        .inj_crd_vc_o    (e_inj_crd_vc),
        .ej_valid_o      (e_ej_valid),
        .ej_vc_o         (e_ej_vc),
        .ej_flit_o       (e_ej_flit),
        .lnk_valid_o     (e_lnk_valid),
        .lnk_vc_o        (e_lnk_vc),
        .lnk_flit_o      (e_lnk_flit),
        .crd_valid_o     (e_crd_valid),
        .crd_vc_o        (e_crd_vc),
        .err_o           (e_err),
        .afree_o         (e_afree),
        .obs_o           (e_obs),
        .ni_cfg_sets_i   (ni_cfg_sets_i),
        .ni_cfg_adapt_i  (ni_cfg_adapt_i),
        .ni_cfg_t_i      (ni_cfg_t_i),
        .ni_cfg_tmin_i   (ni_cfg_tmin_i),
        .ni_cfg_tmax_i   (ni_cfg_tmax_i),
        .ni_cfg_n1_i     (ni_cfg_n1_i),
        .ni_cfg_n2_i     (ni_cfg_n2_i),
        .ni_src_valid_i  (ni_src_valid_i[ctx_o*TERM +: TERM]),
        .ni_src_dst_i    (ni_src_dst_i[ctx_o*TERM*AW +: TERM*AW]),
        .ni_src_tag_i    (ni_src_tag_i[ctx_o*TERM*TAGW +: TERM*TAGW]),
        .ni_src_take_o   (n_take),
        .ni_src_queue_o  (n_queue),
        .ni_snd_ready_i  (ni_snd_ready_i[ctx_o*TERM +: TERM]),
        .ni_snd_valid_o  (n_valid),
        .ni_snd_tag_o    (n_tag),
        .ni_snd_dst_o    (n_dst),
        .ni_snd_quad_o   (n_quad),
        .ni_obs_o        (n_obs),
        .acor_cfg_seq_i  (acor_cfg_seq_i),
        .acor_cfg_mode_i (acor_cfg_mode_i),
        .acor_cfg_hi_i   (acor_cfg_hi_i),
        .acor_cfg_it1_i  (acor_cfg_it1_i),
        .acor_cfg_it2_i  (acor_cfg_it2_i),
        .acor_cfg_dt1_i  (acor_cfg_dt1_i),
        .acor_cfg_dt2_i  (acor_cfg_dt2_i),
        .acor_gseed_i    (acor_gseed_i),
        .acor_att_i      (acor_att_i[ctx_o*TERM +: TERM]),
        .acor_rdy_i      (acor_rdy_i[ctx_o*TERM +: TERM]),
        .acor_dst_i      (acor_dst_i[ctx_o*TERM*AW +: TERM*AW]),
        .acor_mid_o      (a_mid),
        .acor_lvl_o      (a_lvl),
        .acor_obs_o      (a_obs)
    );
    always @(posedge clk_i) begin
        if (wr) begin
            inj_crd_valid_o[c*TERM +: TERM]     <= e_inj_crd_valid;
            inj_crd_vc_o[c*TERM*VW +: TERM*VW]  <= e_inj_crd_vc;
            ej_valid_o[c*TERM +: TERM]          <= e_ej_valid;
            ej_vc_o[c*TERM*VW +: TERM*VW]       <= e_ej_vc;
            ej_flit_o[c*TERM*FW +: TERM*FW]     <= e_ej_flit;
            lnk_valid_o[c*P +: P]               <= e_lnk_valid;
            lnk_vc_o[c*P*VW +: P*VW]            <= e_lnk_vc;
            lnk_flit_o[c*P*FW +: P*FW]          <= e_lnk_flit;
            crd_valid_o[c*P +: P]               <= e_crd_valid;
            crd_vc_o[c*P*VW +: P*VW]            <= e_crd_vc;
        end
        if (run_i) begin   // the NI's and ACOR's decisions (first stage)
            ni_src_take_o[ctx_o*TERM +: TERM]           <= n_take;
            ni_src_queue_o[ctx_o*TERM*JW +: TERM*JW]    <= n_queue;
            ni_snd_valid_o[ctx_o*TERM +: TERM]          <= n_valid;
            ni_snd_tag_o[ctx_o*TERM*TAGW +: TERM*TAGW]  <= n_tag;
            ni_snd_dst_o[ctx_o*TERM*AW +: TERM*AW]      <= n_dst;
            ni_snd_quad_o[ctx_o*TERM*N +: TERM*N]       <= n_quad;
            acor_mid_o[ctx_o*TERM*AW +: TERM*AW]        <= a_mid;
            acor_lvl_o[ctx_o*TERM*2 +: TERM*2]          <= a_lvl;
        end
        if (!run_i && !rst_i) begin
            err_o[ctx_o*EW +: EW]               <= e_err;
            afree_o[ctx_o*2*N +: 2*N]           <= e_afree;
            obs_o[ctx_o*OBSW +: OBSW]           <= e_obs;
            ni_obs_o[ctx_o*NOBSW +: NOBSW]      <= n_obs;
            acor_obs_o[ctx_o*AOBSW +: AOBSW]    <= a_obs;
        end
    end
endmodule
