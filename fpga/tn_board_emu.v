// SPDX-License-Identifier: MIT
// The board core's nodes on the time-multiplexed engine (docs/emulator.md, "The board core in the
// engine"): tn_board's torus, sources and sinks when its parameter ENGINES is E >= 1. The torus is
// rtl/emu/tn_emu_torus.v (E engines of CTX = K^N / E contexts, with GAL's NI and ACOR's block);
// each engine has one tn_source and one tn_sink of CTX contexts, evaluated with the node in the
// engine's first stage (context ctx, node node_o[e]), beside the NI and ACOR's block they talk to.
// One sweep of CTX clocks is one network cycle; tn_board's run registers move once per sweep.
// - The router's injection credit register and ejection link register (the emulator gives their
//   value after the cycle, at the last stage's context) are kept here, one memory each per
//   engine, written after the router's evaluation and read by the source and sink in the next
//   sweep. The source's injection register reaches the router's last stage through a tn_cut.
// - A sweep is, from the design reset on: reset (drst, and 3 whole sweeps after it: every
//   context of every block takes its reset value), one idle sweep (the sources prime their
//   first draws, act_i = 0), then hold sweeps until the start, run sweeps from the sweep after the
//   one in which the start is taken (ready_o), once the run has ended one gathering sweep (no
//   write; every node's flags read) and hold sweeps again. Modes change only at a sweep's end,
//   so that every node sees each network cycle once; they are registers.
// - The events of a run sweep (packets marked, started into the count, delivered, histogram hits,
//   marked flits) are summed over its clocks; step_o marks its last clock, where the sums include
//   that clock's. allgen_o is the AND of every source's all_gen_o at the current cycle's start
//   (summed from each one's next value over the sweep before).
// - The seeds and the permutation (the sources' seed_i and perm_i, written by the bus) are a
//   memory per engine, indexed by context, with a bit per context that says written since the
//   board's reset (unwritten: the reset value); the bus reads a node's back from its engine.
// - Errors: the routers' error vectors, the sinks' error bits and the sources' overflow and
//   pattern flags are ORed into sticky registers as the sweeps pass the nodes (OVF and PATERR:
//   node v at bit v mod 32); gathered_o rises after the gathering sweep, when every node's final
//   state has been seen.
// - A node's statistics: in a hold sweep the sources and sinks are evaluated at the context of
//   the node the bus addresses, rd_node_i (they write nothing in a hold sweep); rd_ok_o is 0
//   (the register map answers an error) in any other sweep.
`include "tn_defs.vh"
module tn_board_emu #(
    parameter K       = 4,
    parameter N       = 2,
    parameter V       = 4,
    parameter B       = 4,
    parameter W       = 16,
    parameter ROUTING = 3,
    parameter SEL     = -1,
    parameter SQD     = 16,    // descriptors per source FIFO (tn_board's QD)
    parameter GAL     = 0,
    parameter GQD     = 16,
    parameter GADAPT  = 1,
    parameter ACOR    = 0,
    parameter E       = 2,     // engines, a divisor of K
    parameter STAGES  = 2,     // the engine's stages (tn_emu_torus)
    parameter NODES   = K ** N,
    parameter NW      = (NODES > 1) ? $clog2(NODES) : 1
) (
    input  wire                   clk_i,
    input  wire                   drst_i,        // the design reset (tn_ctrl)
    input  wire                   started_i,     // tn_board's run started (act_i of the nodes)
    input  wire                   started_n_i,   // its next value, and the next value of ended
    input  wire                   ended_n_i,
    // the routers' configuration
    input  wire [`TN_CNTW-1:0]    cfg_buf_i,
    input  wire [`TN_CNTW-1:0]    cfg_acrd_i,
    input  wire [2:0]             cfg_route_i,
    input  wire [2:0]             cfg_sel_i,
    input  wire                   cfg_dateline_i,
    input  wire                   cfg_transit_i,
    input  wire [31:0]            cfg_seed_i,
    // the seeds and the permutation (tn_source's seed_i and perm_i per node): the bus writes
    // node sp_node_i's and reads them back; the board's reset gives the seed 0x6D2B79F5 and
    // perm[v] = v
    input  wire                   rst_i,
    input  wire                   sd_we_i,
    input  wire                   pm_we_i,
    input  wire [NW-1:0]          sp_node_i,
    input  wire [31:0]            sp_wdata_i,
    output wire [31:0]            sd_rd_o,
    output wire [`TN_AW-1:0]      pm_rd_o,
    // the sources' (tn_source's ports of the same names)
    input  wire [32:0]            thresh_i,
    input  wire [3:0]             pattern_i,
    input  wire [32:0]            hot_thr_i,
    input  wire [4:0]             n_hot_i,
    input  wire [16*`TN_AW-1:0]   hot_i,
    input  wire [8:0]             pkt_min_i,
    input  wire [8:0]             pkt_max_i,
    input  wire [15:0]            cycle_i,
    input  wire                   in_win_i,
    input  wire                   late_i,
    input  wire                   before_hi_i,
    input  wire                   stop_i,
    // the sinks' (tn_sink's ports)
    input  wire                   lo_ge_i,
    input  wire [16:0]            lo_d_i,
    input  wire                   hi_ge_i,
    input  wire [16:0]            hi_d_i,
    input  wire [4:0]             hist_shift_i,
    // GAL's NI and ACOR's block (tn_gal_ni's and tn_acor's configuration)
    input  wire [1:0]             gal_sets_i,
    input  wire                   gal_adapt_i,
    input  wire [10:0]            gal_t_i,
    input  wire [10:0]            gal_tmin_i,
    input  wire [10:0]            gal_tmax_i,
    input  wire [6:0]             gal_n1_i,
    input  wire [19:0]            gal_n2_i,
    input  wire [1:0]             acor_seq_i,
    input  wire                   acor_mode_i,
    input  wire [15:0]            acor_hi_i,
    input  wire [15:0]            acor_it1_i,
    input  wire [15:0]            acor_it2_i,
    input  wire [15:0]            acor_dt1_i,
    input  wire [15:0]            acor_dt2_i,
    // the sweep
    output wire                   ready_o,       // a start taken at this clock's edge is in order
    output wire                   step_o,        // the last clock of a run sweep
    output wire                   gathered_o,    // after the end: every node's final state seen
    output wire [9:0]             n_marked_o,    // the run sweep's sums (at step_o, with its clock)
    output wire [9:0]             n_mdone_o,
    output wire [9:0]             n_enter_o,
    output wire [9:0]             n_done_o,
    output wire [17:0]            n_mflits_o,
    output wire [16*10-1:0]       n_hits_o,      // per histogram bin
    output wire                   allgen_o,
    output wire [`TN_EW-1:0]      rerr_o,        // sticky ORs
    output wire [3:0]             serr_o,
    output wire [31:0]            ovf_o,
    output wire [31:0]            paterr_o,
    // a node's registers (tn_board's NODE block)
    input  wire [NW-1:0]          rd_node_i,     // the node the bus addresses
    output wire                   rd_ok_o,
    output wire [31:0]            nd_packets_o,
    output wire [31:0]            nd_accepted_o,
    output wire [47:0]            nd_lat_sum_o,
    output wire [15:0]            nd_lat_max_o,
    output wire [15:0]            nd_lat_min_o,
    output wire [31:0]            nd_delivered_o,
    output wire [31:0]            nd_injected_o,
    output wire [`TN_EW-1:0]      nd_rerr_o,
    output wire [3:0]             nd_serr_o,
    output wire                   nd_ovf_o,
    output wire                   nd_paterr_o
);
    localparam TERM = 1;                  // (`TN_P reads it)
    localparam QD   = GQD;                // (`TN_NOBSW reads it: the NI's queue depth)
    localparam CTX  = NODES / E;
    localparam CXW  = (CTX > 1) ? $clog2(CTX) : 1;
    localparam AW   = `TN_AW;
    localparam CW   = `TN_CW;
    localparam FW   = `TN_FW;
    localparam VW   = `TN_VW;
    localparam EW   = `TN_EW;
    localparam P    = `TN_P;
    localparam OBSW = `TN_OBSW;
    localparam JW   = `TN_JW;
    localparam TAGW = 27;                 // tn_source's NI tag
    localparam EB   = (E > 1) ? $clog2(E) : 0;
    generate
        if (E < 1 || K % E != 0 || (E & (E - 1)) != 0) begin : g_chk_e
            tn_error_tn_board_emu_E_must_be_a_power_of_two_dividing_K u_err ();
        end
    endgenerate

    // ---- the sweep's mode ----
    wire [CXW-1:0]   ctx, wctx;
    wire             wr;
    wire [E*NW-1:0]  node, wnode;
    localparam integer CL = CTX - 1;
    wire             sweep_end = (ctx == CL[CXW-1:0]);
    // The mode of a sweep is held in registers, loaded at every edge from the next values of the
    // counter below and of tn_board's started and ended (started_n_i, ended_n_i), which change
    // only at a sweep's end: so that no long path runs from the control plane into the nodes. A
    // design reset takes effect a clock later, then for three whole sweeps at least.
    reg  [2:0] rcnt_q;     // sweeps ended since the design reset, up to 5
    wire [2:0] rcnt_n = drst_i ? 3'd0 : (sweep_end && rcnt_q != 3'd5) ? rcnt_q + 3'd1 : rcnt_q;
    wire nrst_n = drst_i || (rcnt_n < 3'd4);
    wire idle_n = !nrst_n && (rcnt_n == 3'd4) && !started_n_i;
    wire run_n  = !nrst_n && started_n_i && !ended_n_i;
    reg  gath_q;           // the run has ended and a whole gathering sweep has passed
    wire gath_n = !drst_i && ended_n_i && (gath_q || (sweep_end && gath_mode));
    reg  nrst, run, trst, nwe, gath_mode, hold;
    always @(posedge clk_i) begin
        rcnt_q    <= rcnt_n;
        gath_q    <= gath_n;
        nrst      <= nrst_n;                                  // the nodes' reset sweeps
        run       <= run_n;
        trst      <= nrst_n || !started_n_i;                  // the torus in reset
        nwe       <= nrst_n || idle_n || run_n;               // the nodes' contexts written
        gath_mode <= !nrst_n && ended_n_i && !gath_n;         // after the end: flags gathered
        hold      <= !nrst_n && !idle_n && !run_n && !(ended_n_i && !gath_n);  // node reads
    end
    assign ready_o    = sweep_end && !drst_i && (rcnt_q >= 3'd4);
    assign step_o     = sweep_end && run;
    assign gathered_o = gath_q;
    // the last stage's reset (the memories below are written there)
    wire trst_w;
    generate
        if (STAGES == 2) begin : g_rw
            reg q;
            always @(posedge clk_i) q <= trst;
            assign trst_w = q;
        end else begin : g_rw1
            assign trst_w = trst;
        end
    endgenerate

    // ---- a node's engine and context: the node read (rd_node_i) and the bus's (sp_node_i).
    // Node v is engine v mod E's context v / E (tn_emu_torus: engine e holds the nodes whose
    // first coordinate is e mod E) ----
    wire [2*NW-1:0]  m_node = {sp_node_i, rd_node_i};
    wire [2*CXW-1:0] m_ctx;
    wire [2*E-1:0]   m_eng;
    genvar gm;
    generate
        for (gm = 0; gm < 2; gm = gm + 1) begin : g_map
            wire [NW-1:0] v = m_node[gm*NW +: NW];
            if (E == 1) begin : g_e1
                assign m_ctx[gm*CXW +: CXW] = v[CXW-1:0];
                assign m_eng[gm] = 1'b1;
            end else begin : g_e
                if (E == K) begin : g_rowonly
                    assign m_ctx[gm*CXW +: CXW] = v[NW-1:CW];
                end else begin : g_row
                    assign m_ctx[gm*CXW +: CXW] = {v[NW-1:CW], v[CW-1:EB]};
                end
                genvar gr;
                for (gr = 0; gr < E; gr = gr + 1) begin : g_sel
                    localparam integer GR = gr;
                    assign m_eng[gm*E + gr] = (v[EB-1:0] == GR[EB-1:0]);
                end
            end
        end
    endgenerate
    wire [CXW-1:0] rd_ctx = m_ctx[0 +: CXW];
    wire [E-1:0]   rd_eng = m_eng[0 +: E];
    wire [CXW-1:0] sp_ctx = m_ctx[CXW +: CXW];
    wire [E-1:0]   sp_eng = m_eng[E +: E];
    wire ovr = hold;               // the source and sink evaluate the node the bus addresses
    assign rd_ok_o = hold;

    // ---- the engines ----
    wire [E-1:0]        inj_valid, crd_valid, ej_valid;
    wire [E*VW-1:0]     inj_vc, crd_vc, ej_vc;
    wire [E*FW-1:0]     inj_flit, ej_flit;
    wire [E*EW-1:0]     rerr;
    wire [E-1:0]        ni_valid, ni_take, snd_ready, snd_valid, acor_att, acor_rdy;
    wire [E*AW-1:0]     ni_dst, snd_dst, acor_dst, acor_mid;
    wire [E*TAGW-1:0]   ni_tag, snd_tag;
    wire [E*N-1:0]      snd_quad;
    wire [E-1:0]        marked, enter, agn, ovf, paterr, done, mdone;
    wire [E*9-1:0]      mlen;
    wire [E*4-1:0]      bin, serr;
    wire [E*32-1:0]     injected, packets, accepted, delivered;
    wire [E*48-1:0]     lat_sum;
    wire [E*16-1:0]     lat_max, lat_min;
    wire [E*EW-1:0]     nrerr;
    // the injection link register through the engine's cut to the router's last stage
    wire [E*(1+VW+FW)-1:0] inj_c;
    tn_cut #(.W(E * (1 + VW + FW)), .STAGES(STAGES)) u_cut (
        .clk_i(clk_i),
        .d_i  ({inj_valid, inj_vc, inj_flit}),
        .q_o  (inj_c)
    );
    wire [E-1:0]    inj_valid_w = inj_c[E*(VW+FW) +: E];
    wire [E*VW-1:0] inj_vc_w    = inj_c[E*FW +: E*VW];
    wire [E*FW-1:0] inj_flit_w  = inj_c[0 +: E*FW];
    wire [E*P-1:0]         unused_lv, unused_cv;
    wire [E*P*VW-1:0]      unused_lvc, unused_cvc;
    wire [E*P*FW-1:0]      unused_lf;
    wire [E*2*N-1:0]       unused_afree;
    wire [E*OBSW-1:0]      unused_obs;
    wire [E*JW-1:0]        unused_queue;
    wire [E*`TN_NOBSW-1:0] unused_nobs;
    wire [E*2-1:0]         unused_lvl;
    wire [E*`TN_AOBSW-1:0] unused_aobs;
    wire [CXW-1:0]         unused_wctx;
    tn_emu_torus #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(1), .ROUTING(ROUTING), .SEL(SEL),
                   .E(E), .STAGES(STAGES), .GAL(GAL), .QD(GQD), .GADAPT(GADAPT), .TAGW(TAGW),
                   .ACOR(ACOR)) u_emu (
        .clk_i(clk_i), .rst_i(trst), .run_i(run),
        .cfg_buf_i(cfg_buf_i), .cfg_acrd_i(cfg_acrd_i), .cfg_route_i(cfg_route_i),
        .cfg_sel_i(cfg_sel_i), .cfg_dateline_i(cfg_dateline_i), .cfg_transit_i(cfg_transit_i),
        .cfg_seed_i(cfg_seed_i),
        .ctx_o(ctx), .wctx_o(wctx), .wr_o(wr), .node_o(node), .wnode_o(wnode),
        .inj_valid_i(inj_valid_w), .inj_vc_i(inj_vc_w), .inj_flit_i(inj_flit_w),
        .inj_crd_valid_o(crd_valid), .inj_crd_vc_o(crd_vc),
        .ej_valid_o(ej_valid), .ej_vc_o(ej_vc), .ej_flit_o(ej_flit),
        .lnk_valid_o(unused_lv), .lnk_vc_o(unused_lvc), .lnk_flit_o(unused_lf),
        .crd_valid_o(unused_cv), .crd_vc_o(unused_cvc),
        .err_o(rerr), .afree_o(unused_afree), .obs_o(unused_obs),
        .ni_cfg_sets_i(gal_sets_i), .ni_cfg_adapt_i(gal_adapt_i), .ni_cfg_t_i(gal_t_i),
        .ni_cfg_tmin_i(gal_tmin_i), .ni_cfg_tmax_i(gal_tmax_i), .ni_cfg_n1_i(gal_n1_i),
        .ni_cfg_n2_i(gal_n2_i),
        .ni_src_valid_i(ni_valid), .ni_src_dst_i(ni_dst), .ni_src_tag_i(ni_tag),
        .ni_src_take_o(ni_take), .ni_src_queue_o(unused_queue), .ni_snd_ready_i(snd_ready),
        .ni_snd_valid_o(snd_valid), .ni_snd_tag_o(snd_tag), .ni_snd_dst_o(snd_dst),
        .ni_snd_quad_o(snd_quad), .ni_obs_o(unused_nobs),
        .acor_cfg_seq_i(acor_seq_i), .acor_cfg_mode_i(acor_mode_i), .acor_cfg_hi_i(acor_hi_i),
        .acor_cfg_it1_i(acor_it1_i), .acor_cfg_it2_i(acor_it2_i), .acor_cfg_dt1_i(acor_dt1_i),
        .acor_cfg_dt2_i(acor_dt2_i), .acor_gseed_i(cfg_seed_i),
        .acor_att_i(acor_att), .acor_rdy_i(acor_rdy), .acor_dst_i(acor_dst),
        .acor_mid_o(acor_mid), .acor_lvl_o(unused_lvl), .acor_obs_o(unused_aobs)
    );
    assign unused_wctx = wctx;

    wire is_gal  = (cfg_route_i == 3'd4);
    wire is_acor = (cfg_route_i == 3'd6);
    wire [E*32-1:0] sp_sd;
    wire [E*AW-1:0] sp_pm;
    genvar ge;
    generate
        for (ge = 0; ge < E; ge = ge + 1) begin : g_eng
            // the context and node the source and sink evaluate: the engine's first stage, or the
            // node read in a hold sweep
            wire [CXW-1:0] nctx  = ovr ? rd_ctx : ctx;
            wire [NW-1:0]  nnode = ovr ? rd_node_i : node[ge*NW +: NW];
            wire [AW-1:0]  nid   = {{(AW-NW){1'b0}}, nnode};
            // the router's injection credit register and ejection link register, after its cycle
            reg [VW:0]      icm [0:CTX-1];
            reg [VW+FW:0]   ejm [0:CTX-1];
            reg [EW-1:0]    erm [0:CTX-1];   // its error vector, for the node read
            always @(posedge clk_i) begin
                if (wr) begin
                    icm[wctx] <= trst_w ? {(1+VW){1'b0}}
                                        : {crd_valid[ge], crd_vc[ge*VW +: VW]};
                    ejm[wctx] <= trst_w ? {(1+VW+FW){1'b0}}
                                        : {ej_valid[ge], ej_vc[ge*VW +: VW], ej_flit[ge*FW +: FW]};
                end
                erm[ctx] <= rerr[ge*EW +: EW];
            end
            wire [VW:0]    ic = icm[nctx];
            wire [VW+FW:0] ej = ejm[nctx];
            assign nrerr[ge*EW +: EW] = erm[rd_ctx];
            // the engine's nodes' seeds and permutation entries, a memory each (written by the
            // bus; a bit per context says written since the board's reset, else the reset value)
            reg [31:0]   sdm [0:CTX-1];
            reg [AW-1:0] pmm [0:CTX-1];
            reg [CTX-1:0] sdv_q, pmv_q;
            always @(posedge clk_i) begin
                if (sd_we_i && sp_eng[ge])
                    sdm[sp_ctx] <= sp_wdata_i;
                if (pm_we_i && sp_eng[ge])
                    pmm[sp_ctx] <= sp_wdata_i[AW-1:0];
                if (rst_i) begin
                    sdv_q <= {CTX{1'b0}};
                    pmv_q <= {CTX{1'b0}};
                end else begin
                    if (sd_we_i && sp_eng[ge])
                        sdv_q[sp_ctx] <= 1'b1;
                    if (pm_we_i && sp_eng[ge])
                        pmv_q[sp_ctx] <= 1'b1;
                end
            end
            // the evaluated node's, and the bus node's (read back from its engine)
            wire [31:0]   sd = sdv_q[nctx] ? sdm[nctx] : 32'h6D2B79F5;
            wire [AW-1:0] pm = pmv_q[nctx] ? pmm[nctx] : nid;
            assign sp_sd[ge*32 +: 32] = sdv_q[sp_ctx] ? sdm[sp_ctx] : 32'h6D2B79F5;
            assign sp_pm[ge*AW +: AW] = pmv_q[sp_ctx] ? pmm[sp_ctx] : {{(AW-NW){1'b0}}, sp_node_i};
            wire unused_src, unused_ag;
            tn_source #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .QD(SQD),
                        .GAL(GAL), .ACOR(ACOR), .CTX(CTX)) u_src (
                .clk_i(clk_i), .rst_i(nrst), .ctx_i(nctx), .ctx_we_i(nwe), .node_i(nid),
                .seed_i(sd), .thresh_i(thresh_i), .pattern_i(pattern_i), .perm_i(pm),
                .hot_thr_i(hot_thr_i), .n_hot_i(n_hot_i), .hot_i(hot_i),
                .pkt_min_i(pkt_min_i), .pkt_max_i(pkt_max_i), .route_i(cfg_route_i),
                .buf_i(cfg_buf_i), .act_i(started_i), .cycle_i(cycle_i),
                .in_win_i(in_win_i), .late_i(late_i), .before_hi_i(before_hi_i), .stop_i(stop_i),
                .crd_valid_i(ic[VW]), .crd_vc_i(ic[VW-1:0]),
                .gal_i(is_gal), .ni_valid_o(ni_valid[ge]), .ni_dst_o(ni_dst[ge*AW +: AW]),
                .ni_tag_o(ni_tag[ge*TAGW +: TAGW]), .ni_take_i(ni_take[ge]),
                .snd_ready_o(snd_ready[ge]), .snd_valid_i(snd_valid[ge]),
                .snd_tag_i(snd_tag[ge*TAGW +: TAGW]), .snd_dst_i(snd_dst[ge*AW +: AW]),
                .snd_quad_i(snd_quad[ge*N +: N]), .acor_i(is_acor),
                .acor_att_o(acor_att[ge]), .acor_rdy_o(acor_rdy[ge]),
                .acor_dst_o(acor_dst[ge*AW +: AW]), .acor_mid_i(acor_mid[ge*AW +: AW]),
                .enter_o(enter[ge]),
                .inj_valid_o(inj_valid[ge]), .inj_vc_o(inj_vc[ge*VW +: VW]),
                .inj_flit_o(inj_flit[ge*FW +: FW]), .marked_o(marked[ge]),
                .marked_len_o(mlen[ge*9 +: 9]), .start_o(unused_src), .all_gen_o(unused_ag),
                .all_gen_n_o(agn[ge]), .ovf_o(ovf[ge]), .pat_err_o(paterr[ge]),
                .injected_o(injected[ge*32 +: 32])
            );
            tn_sink #(.K(K), .N(N), .V(V), .W(W), .ROUTING(ROUTING), .CTX(CTX)) u_sink (
                .clk_i(clk_i), .rst_i(nrst), .ctx_i(nctx), .ctx_we_i(nwe), .node_i(nid),
                .act_i(started_i), .cycle_i(cycle_i),
                .lo_ge_i(lo_ge_i), .lo_d_i(lo_d_i), .hi_ge_i(hi_ge_i), .hi_d_i(hi_d_i),
                .hist_shift_i(hist_shift_i),
                .ej_valid_i(ej[VW+FW]), .ej_vc_i(ej[FW +: VW]), .ej_flit_i(ej[FW-1:0]),
                .err_o(serr[ge*4 +: 4]), .done_o(done[ge]), .mdone_o(mdone[ge]),
                .bin_o(bin[ge*4 +: 4]), .packets_o(packets[ge*32 +: 32]),
                .accepted_o(accepted[ge*32 +: 32]), .lat_sum_o(lat_sum[ge*48 +: 48]),
                .lat_max_o(lat_max[ge*16 +: 16]), .lat_min_o(lat_min[ge*16 +: 16]),
                .delivered_o(delivered[ge*32 +: 32])
            );
            wire unused_eng = &{1'b0, unused_src, unused_ag, wnode[ge*NW +: NW]};
        end
    endgenerate

    // ---- this clock's events over the engines, summed over the sweep ----
    reg [9:0]  c_marked, c_mdone, c_enter, c_done;
    reg [17:0] c_mflits;
    reg [16*10-1:0] c_hits;
    reg        c_agn;
    reg [EW-1:0] c_rerr;
    reg [3:0]  c_serr;
    reg [31:0] c_ovf, c_pat;
    reg [7:0]  nx;                      // a node's id, for OVF's and PATERR's bit (v mod 32)
    integer e, b;
    always @* begin
        c_marked = 10'd0;
        c_mdone  = 10'd0;
        c_enter  = 10'd0;
        c_done   = 10'd0;
        c_mflits = 18'd0;
        c_hits   = {(16*10){1'b0}};
        c_agn    = 1'b1;
        c_rerr   = {EW{1'b0}};
        c_serr   = 4'd0;
        c_ovf    = 32'd0;
        c_pat    = 32'd0;
        nx       = 8'd0;
        for (e = 0; e < E; e = e + 1) begin
            c_marked = c_marked + {9'd0, marked[e]};
            c_mdone  = c_mdone + {9'd0, mdone[e]};
            c_enter  = c_enter + {9'd0, enter[e]};
            c_done   = c_done + {9'd0, done[e]};
            c_mflits = c_mflits + (marked[e] ? {9'd0, mlen[e*9 +: 9]} : 18'd0);
            for (b = 0; b < 16; b = b + 1)
                c_hits[b*10 +: 10] = c_hits[b*10 +: 10] +
                                     {9'd0, mdone[e] && (bin[e*4 +: 4] == b[3:0])};
            c_agn  = c_agn && agn[e];
            c_rerr = c_rerr | rerr[e*EW +: EW];
            c_serr = c_serr | serr[e*4 +: 4];
            nx = 8'd0;
            nx[NW-1:0] = node[e*NW +: NW];
            c_ovf[nx[4:0]] = c_ovf[nx[4:0]] | ovf[e];
            c_pat[nx[4:0]] = c_pat[nx[4:0]] | paterr[e];
        end
    end
    reg [9:0]  s_marked_q, s_mdone_q, s_enter_q, s_done_q;
    reg [17:0] s_mflits_q;
    reg [16*10-1:0] s_hits_q;
    reg        s_agn_q, agn_q;
    reg [EW-1:0] rerr_q;
    reg [3:0]  serr_q;
    reg [31:0] ovf_q, pat_q;
    wire [16*10-1:0] hits_sum;
    genvar gb;
    generate
        for (gb = 0; gb < 16; gb = gb + 1) begin : g_bin
            assign hits_sum[gb*10 +: 10] = s_hits_q[gb*10 +: 10] + c_hits[gb*10 +: 10];
        end
    endgenerate
    assign n_marked_o = s_marked_q + c_marked;
    assign n_mdone_o  = s_mdone_q + c_mdone;
    assign n_enter_o  = s_enter_q + c_enter;
    assign n_done_o   = s_done_q + c_done;
    assign n_mflits_o = s_mflits_q + c_mflits;
    assign n_hits_o   = hits_sum;
    assign allgen_o   = agn_q;
    wire nodes_seen = !nrst && !ovr;   // the node blocks' outputs are their context's state
    always @(posedge clk_i) begin
        s_marked_q <= sweep_end ? 10'd0 : n_marked_o;
        s_mdone_q  <= sweep_end ? 10'd0 : n_mdone_o;
        s_enter_q  <= sweep_end ? 10'd0 : n_enter_o;
        s_done_q   <= sweep_end ? 10'd0 : n_done_o;
        s_mflits_q <= sweep_end ? 18'd0 : n_mflits_o;
        s_hits_q   <= sweep_end ? {(16*10){1'b0}} : hits_sum;
        s_agn_q    <= sweep_end ? 1'b1 : (s_agn_q && c_agn);
        if (drst_i)
            agn_q <= 1'b0;
        else if (sweep_end && !hold)
            agn_q <= s_agn_q && c_agn;
        if (drst_i) begin
            rerr_q <= {EW{1'b0}};
            serr_q <= 4'd0;
            ovf_q  <= 32'd0;
            pat_q  <= 32'd0;
        end else begin
            if (!trst)
                rerr_q <= rerr_q | c_rerr;
            if (nodes_seen) begin
                serr_q <= serr_q | c_serr;
                ovf_q  <= ovf_q | c_ovf;
                pat_q  <= pat_q | c_pat;
            end
        end
    end
    assign rerr_o   = rerr_q;
    assign serr_o   = serr_q;
    assign ovf_o    = ovf_q;
    assign paterr_o = pat_q;

    // ---- the bus's seed and permutation entry: its engine's ----
    reg [31:0]   sd_rd;
    reg [AW-1:0] pm_rd;
    integer q;
    always @* begin
        sd_rd = 32'd0;
        pm_rd = {AW{1'b0}};
        for (q = 0; q < E; q = q + 1)
            if (sp_eng[q]) begin
                sd_rd = sp_sd[q*32 +: 32];
                pm_rd = sp_pm[q*AW +: AW];
            end
    end
    assign sd_rd_o = sd_rd;
    assign pm_rd_o = pm_rd;

    // ---- the node read: its engine's blocks at its context ----
    tn_board_pick #(.N(E), .EW(EW)) u_pick (
        .sel_i(rd_eng), .packets_i(packets), .accepted_i(accepted), .delivered_i(delivered),
        .injected_i(injected), .lat_sum_i(lat_sum), .lat_max_i(lat_max), .lat_min_i(lat_min),
        .rerr_i(nrerr), .serr_i(serr), .ovf_i(ovf), .paterr_i(paterr),
        .packets_o(nd_packets_o), .accepted_o(nd_accepted_o), .delivered_o(nd_delivered_o),
        .injected_o(nd_injected_o), .lat_sum_o(nd_lat_sum_o), .lat_max_o(nd_lat_max_o),
        .lat_min_o(nd_lat_min_o), .rerr_o(nd_rerr_o), .serr_o(nd_serr_o), .ovf_o(nd_ovf_o),
        .paterr_o(nd_paterr_o)
    );
    wire unused_ok = &{1'b0, unused_lv, unused_cv, unused_lvc, unused_cvc, unused_lf,
                       unused_afree, unused_obs, unused_queue, unused_nobs, unused_lvl,
                       unused_aobs, unused_wctx, nx[7:5]};
endmodule
