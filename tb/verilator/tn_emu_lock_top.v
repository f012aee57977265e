// SPDX-License-Identifier: MIT
// Lockstep top of the time-multiplexed torus (rtl/emu/tn_emu_torus.v): the ports of
// rtl/net/tn_torus.v, so that tnlock drives it as it drives tn_torus (rtl=emu), plus run_i and
// ctx_o. The engines evaluate E nodes per clock; the shim (tn_rtl_shim.cpp, TN_TOP_EMU) makes one
// harness tick of K^N/E run clocks and then K^N/E hold clocks. Here, node by node: the terminal inputs
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
    parameter E       = 1,   // tn_emu_torus's engines
    parameter STAGES  = 1,   // and stages
    parameter GAL     = 0,   // 1: with GAL's network interface per node (tnlock routing=gal)
    parameter QD      = 8,
    parameter TAGW    = `TN_TAGW,
    parameter ACOR    = 0    // 1: with ACOR's block per node (tnlock routing=acor)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  run_i,
    output wire [$clog2(K**N/E > 1 ? K**N/E : 2)-1:0] ctx_o,
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
    localparam AW    = `TN_AW;
    localparam JW    = `TN_JW;
    localparam NOBSW = `TN_NOBSW;
    localparam AOBSW = `TN_AOBSW;
    localparam NW    = $clog2(NODES);
    wire unused_topo = &{1'b0, TOPO[0]};

    wire [E*NW-1:0]      nd, wnd;   // per engine: the first stage's node, the last stage's
    wire                 wr;        // the last stage writes
    wire [E*TERM-1:0]    e_inj_crd_valid, e_ej_valid, e_inj_valid, e_ni_valid, e_ni_ready;
    wire [E*TERM*VW-1:0] e_inj_crd_vc, e_ej_vc, e_inj_vc;
    wire [E*TERM*FW-1:0] e_ej_flit, e_inj_flit;
    wire [E*P-1:0]       e_lnk_valid, e_crd_valid;
    wire [E*P*VW-1:0]    e_lnk_vc, e_crd_vc;
    wire [E*P*FW-1:0]    e_lnk_flit;
    wire [E*EW-1:0]      e_err;
    wire [E*2*N-1:0]     e_afree;
    wire [E*OBSW-1:0]    e_obs;
    wire [E*TERM*AW-1:0] e_ni_dst, e_acor_dst;
    wire [E*TERM*TAGW-1:0] e_ni_tag;
    wire [E*TERM-1:0]    n_take, n_valid, e_acor_att, e_acor_rdy;
    wire [E*TERM*JW-1:0] n_queue;
    wire [E*TERM*TAGW-1:0] n_tag;
    wire [E*TERM*AW-1:0] n_dst, a_mid;
    wire [E*TERM*N-1:0]  n_quad;
    wire [E*NOBSW-1:0]   n_obs;
    wire [E*TERM*2-1:0]  a_lvl;
    wire [E*AOBSW-1:0]   a_obs;
    genvar ge;
    generate
        for (ge = 0; ge < E; ge = ge + 1) begin : g_in
            wire [NW-1:0] v = nd[ge*NW +: NW], w = wnd[ge*NW +: NW];
            assign e_inj_valid[ge*TERM +: TERM]        = inj_valid_i[w*TERM +: TERM];
            assign e_inj_vc[ge*TERM*VW +: TERM*VW]     = inj_vc_i[w*TERM*VW +: TERM*VW];
            assign e_inj_flit[ge*TERM*FW +: TERM*FW]   = inj_flit_i[w*TERM*FW +: TERM*FW];
            assign e_ni_valid[ge*TERM +: TERM]         = ni_src_valid_i[v*TERM +: TERM];
            assign e_ni_dst[ge*TERM*AW +: TERM*AW]     = ni_src_dst_i[v*TERM*AW +: TERM*AW];
            assign e_ni_tag[ge*TERM*TAGW +: TERM*TAGW] = ni_src_tag_i[v*TERM*TAGW +: TERM*TAGW];
            assign e_ni_ready[ge*TERM +: TERM]         = ni_snd_ready_i[v*TERM +: TERM];
            assign e_acor_att[ge*TERM +: TERM]         = acor_att_i[v*TERM +: TERM];
            assign e_acor_rdy[ge*TERM +: TERM]         = acor_rdy_i[v*TERM +: TERM];
            assign e_acor_dst[ge*TERM*AW +: TERM*AW]   = acor_dst_i[v*TERM*AW +: TERM*AW];
        end
    endgenerate
    tn_emu_torus #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .ROUTING(ROUTING),
                   .SEL(SEL), .E(E), .STAGES(STAGES), .GAL(GAL), .QD(QD), .TAGW(TAGW),
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
        /* verilator lint_off PINCONNECTEMPTY */
        .wctx_o          (),   // (the nodes below say it)
        /* verilator lint_on PINCONNECTEMPTY */
        .wr_o            (wr),
        .node_o          (nd),
        .wnode_o         (wnd),
        .inj_valid_i     (e_inj_valid),
        .inj_vc_i        (e_inj_vc),
        .inj_flit_i      (e_inj_flit),
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
        .ni_src_valid_i  (e_ni_valid),
        .ni_src_dst_i    (e_ni_dst),
        .ni_src_tag_i    (e_ni_tag),
        .ni_src_take_o   (n_take),
        .ni_src_queue_o  (n_queue),
        .ni_snd_ready_i  (e_ni_ready),
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
        .acor_att_i      (e_acor_att),
        .acor_rdy_i      (e_acor_rdy),
        .acor_dst_i      (e_acor_dst),
        .acor_mid_o      (a_mid),
        .acor_lvl_o      (a_lvl),
        .acor_obs_o      (a_obs)
    );
    integer e;
    always @(posedge clk_i) begin
        for (e = 0; e < E; e = e + 1) begin
            if (wr) begin
                inj_crd_valid_o[wnd[e*NW +: NW]*TERM +: TERM]     <= e_inj_crd_valid[e*TERM +: TERM];
                inj_crd_vc_o[wnd[e*NW +: NW]*TERM*VW +: TERM*VW]  <= e_inj_crd_vc[e*TERM*VW +: TERM*VW];
                ej_valid_o[wnd[e*NW +: NW]*TERM +: TERM]          <= e_ej_valid[e*TERM +: TERM];
                ej_vc_o[wnd[e*NW +: NW]*TERM*VW +: TERM*VW]       <= e_ej_vc[e*TERM*VW +: TERM*VW];
                ej_flit_o[wnd[e*NW +: NW]*TERM*FW +: TERM*FW]     <= e_ej_flit[e*TERM*FW +: TERM*FW];
                lnk_valid_o[wnd[e*NW +: NW]*P +: P]               <= e_lnk_valid[e*P +: P];
                lnk_vc_o[wnd[e*NW +: NW]*P*VW +: P*VW]            <= e_lnk_vc[e*P*VW +: P*VW];
                lnk_flit_o[wnd[e*NW +: NW]*P*FW +: P*FW]          <= e_lnk_flit[e*P*FW +: P*FW];
                crd_valid_o[wnd[e*NW +: NW]*P +: P]               <= e_crd_valid[e*P +: P];
                crd_vc_o[wnd[e*NW +: NW]*P*VW +: P*VW]            <= e_crd_vc[e*P*VW +: P*VW];
            end
            if (run_i) begin   // the NI's and ACOR's decisions (first stage)
                ni_src_take_o[nd[e*NW +: NW]*TERM +: TERM]           <= n_take[e*TERM +: TERM];
                ni_src_queue_o[nd[e*NW +: NW]*TERM*JW +: TERM*JW]    <= n_queue[e*TERM*JW +: TERM*JW];
                ni_snd_valid_o[nd[e*NW +: NW]*TERM +: TERM]          <= n_valid[e*TERM +: TERM];
                ni_snd_tag_o[nd[e*NW +: NW]*TERM*TAGW +: TERM*TAGW]  <= n_tag[e*TERM*TAGW +: TERM*TAGW];
                ni_snd_dst_o[nd[e*NW +: NW]*TERM*AW +: TERM*AW]      <= n_dst[e*TERM*AW +: TERM*AW];
                ni_snd_quad_o[nd[e*NW +: NW]*TERM*N +: TERM*N]       <= n_quad[e*TERM*N +: TERM*N];
                acor_mid_o[nd[e*NW +: NW]*TERM*AW +: TERM*AW]        <= a_mid[e*TERM*AW +: TERM*AW];
                acor_lvl_o[nd[e*NW +: NW]*TERM*2 +: TERM*2]          <= a_lvl[e*TERM*2 +: TERM*2];
            end
            if (!run_i && !rst_i) begin
                err_o[nd[e*NW +: NW]*EW +: EW]               <= e_err[e*EW +: EW];
                afree_o[nd[e*NW +: NW]*2*N +: 2*N]           <= e_afree[e*2*N +: 2*N];
                obs_o[nd[e*NW +: NW]*OBSW +: OBSW]           <= e_obs[e*OBSW +: OBSW];
                ni_obs_o[nd[e*NW +: NW]*NOBSW +: NOBSW]      <= n_obs[e*NOBSW +: NOBSW];
                acor_obs_o[nd[e*NW +: NW]*AOBSW +: AOBSW]    <= a_obs[e*AOBSW +: AOBSW];
            end
        end
    end
endmodule
