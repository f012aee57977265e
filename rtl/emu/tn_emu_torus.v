// SPDX-License-Identifier: MIT
// The k-ary n-cube of rtl/net/tn_torus.v, time-multiplexed (docs/emulator.md): one tn_router built
// with CTX = K^N contexts evaluates every node in turn, one node per clock, node id = context
// (node = sum_d c_d K^d). One network cycle (one cycle of docs/microarchitecture.md for every
// router) is K^N clocks of run_i. A router's state lives in its tn_ctx_reg memories; its link and
// credit registers (tn_ctx_reg THRU) live here, in link memories of two halves: in network cycle n
// every node writes what it sends into half n mod 2 and reads its neighbours' sends of cycle n - 1
// from the other half, so the order in which nodes are evaluated cannot matter.
//
// Each clock reads node ctx_o's state. With STAGES = 1 the node is evaluated in that clock; with
// STAGES = 2 in that clock and the next (the router's tn_cut between them), and its state is
// written at the second's edge: wctx_o is the node written, ctx_o one clock earlier. With run_i
// (or rst_i) at the first stage, the node's next state is written, and the ports below marked
// "after" carry, for node wctx_o, the values its link and credit registers take: those of
// tn_torus after that network cycle's edge. Without run_i (a hold clock) nothing is written and
// the counter still moves: a sweep of K^N hold clocks reads every node's state (err_o, afree_o,
// obs_o of node ctx_o: its state at the start of the clock, as tn_torus shows it after its edge).
// Reset: rst_i for at least 3 K^N clocks writes every node's reset state into both halves; the
// first network cycle after it starts at the first clock with ctx_o = 0 (hold clocks until then).
// Links are read and written by the last stage only, so no bubble separates network cycles.
// Torus only (TOPO = 0); one engine (E = 1) in this version.
`include "tn_defs.vh"
module tn_emu_torus #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port
    parameter B       = 8,   // flits per VC buffer
    parameter W       = 32,  // payload bits
    parameter TERM    = 1,   // terminal channels per node
    parameter ROUTING = 0,   // most capable algorithm built: 0 DOR, 1 + MIN AD, 2 + VAL, 3 + GOAL
    parameter SEL     = -1,  // -1: selection by cfg_sel_i; 0..5 fixed
    parameter STAGES  = 1,   // 1, or 2: the allocation cut after stage 1's input choice
    parameter GAL     = 0,   // 1: GAL's network interface per node (rtl/ni/tn_gal_ni.v)
    parameter QD      = 8,   // its queue depth (gal_qdepth)
    parameter TAGW    = `TN_TAGW,
    parameter ACOR    = 0,   // 1: ACOR's level machine per node (rtl/ni/tn_acor.v)
    parameter CTX     = K ** N,
    parameter CXW     = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  run_i,          // 1: evaluate and write; 0: hold (read only)
    input  wire [`TN_CNTW-1:0]   cfg_buf_i,
    input  wire [`TN_CNTW-1:0]   cfg_acrd_i,
    input  wire [2:0]            cfg_route_i,
    input  wire [2:0]            cfg_sel_i,
    input  wire                  cfg_dateline_i,
    input  wire                  cfg_transit_i,
    input  wire [31:0]           cfg_seed_i,
    output wire [CXW-1:0]        ctx_o,          // the node whose state is read this clock
    output wire [CXW-1:0]        wctx_o,         // the node written (STAGES = 2: ctx_o a clock ago)
    output wire                  wr_o,           // it is written at this clock's edge
    // terminal channels of node wctx_o, index channel
    input  wire [TERM-1:0]       inj_valid_i,
    input  wire [TERM*`TN_VW-1:0] inj_vc_i,
    input  wire [TERM*`TN_FW-1:0] inj_flit_i,
    output wire [TERM-1:0]       inj_crd_valid_o,   // after
    output wire [TERM*`TN_VW-1:0] inj_crd_vc_o,
    output wire [TERM-1:0]       ej_valid_o,        // after
    output wire [TERM*`TN_VW-1:0] ej_vc_o,
    output wire [TERM*`TN_FW-1:0] ej_flit_o,
    // node wctx_o's link and credit registers, index port (after)
    output wire [`TN_P-1:0]      lnk_valid_o,
    output wire [`TN_P*`TN_VW-1:0] lnk_vc_o,
    output wire [`TN_P*`TN_FW-1:0] lnk_flit_o,
    output wire [`TN_P-1:0]      crd_valid_o,
    output wire [`TN_P*`TN_VW-1:0] crd_vc_o,
    // node ctx_o's state at the start of the clock
    output wire [`TN_EW-1:0]     err_o,
    output wire [2*N-1:0]        afree_o,
    output wire [`TN_OBSW-1:0]   obs_o,
    // GAL = 1: the GAL network interface of node ctx_o (its ports less ni_; tn_gal_ni.v), in the
    // first stage: its decisions belong to the clock, its state (ni_obs_o) is at the clock's start
    input  wire [1:0]            ni_cfg_sets_i,
    input  wire                  ni_cfg_adapt_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_t_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmin_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmax_i,
    input  wire [6:0]            ni_cfg_n1_i,
    input  wire [19:0]           ni_cfg_n2_i,
    input  wire [TERM-1:0]       ni_src_valid_i,
    input  wire [TERM*`TN_AW-1:0] ni_src_dst_i,
    input  wire [TERM*TAGW-1:0]  ni_src_tag_i,
    output wire [TERM-1:0]       ni_src_take_o,
    output wire [TERM*`TN_JW-1:0] ni_src_queue_o,
    input  wire [TERM-1:0]       ni_snd_ready_i,
    output wire [TERM-1:0]       ni_snd_valid_o,
    output wire [TERM*TAGW-1:0]  ni_snd_tag_o,
    output wire [TERM*`TN_AW-1:0] ni_snd_dst_o,
    output wire [TERM*N-1:0]     ni_snd_quad_o,
    output wire [`TN_NOBSW-1:0]  ni_obs_o,
    // ACOR = 1: the ACOR block of node ctx_o (its ports less acor_; tn_acor.v), in the first
    // stage; each channel's stream seed is acor_gseed_i ^ salt(K^N + node*TERM + e) (R23.3.1)
    input  wire [1:0]            acor_cfg_seq_i,
    input  wire                  acor_cfg_mode_i,
    input  wire [15:0]           acor_cfg_hi_i,
    input  wire [15:0]           acor_cfg_it1_i,
    input  wire [15:0]           acor_cfg_it2_i,
    input  wire [15:0]           acor_cfg_dt1_i,
    input  wire [15:0]           acor_cfg_dt2_i,
    input  wire [31:0]           acor_gseed_i,
    input  wire [TERM-1:0]       acor_att_i,
    input  wire [TERM-1:0]       acor_rdy_i,
    input  wire [TERM*`TN_AW-1:0] acor_dst_i,
    output wire [TERM*`TN_AW-1:0] acor_mid_o,
    output wire [TERM*2-1:0]     acor_lvl_o,
    output wire [`TN_AOBSW-1:0]  acor_obs_o
);
    localparam TOPO  = 0;
    localparam NODES = K ** N;
    localparam CW    = `TN_CW;
    localparam AW    = `TN_AW;
    localparam FW    = `TN_FW;
    localparam P     = `TN_P;
    localparam VW    = `TN_VW;
    localparam LW    = 1 + VW + FW;   // a link register: valid, vc, flit
    localparam RW    = 1 + VW;        // a credit register: valid, vc

    function integer kpow;
        input integer d;
        integer i;
        begin
            kpow = 1;
            for (i = 0; i < d; i = i + 1) kpow = kpow * K;
        end
    endfunction
`include "tn_salt.vh"

    generate
        if (CTX != NODES) begin : g_chk_ctx
            tn_error_emu_CTX_must_be_K_pow_N u_err ();
        end
        if (NODES < 2 || NODES > 4096) begin : g_chk_nodes
            tn_error_emu_K_pow_N_must_be_2_to_4096 u_err ();
        end
    endgenerate

    // ---- the context counter, the stages, and the half of the link memories written ----
    localparam integer CL = CTX - 1;
    reg  [CXW-1:0] ctx_q;
    reg            half_q;
    wire           last = (ctx_q >= CL[CXW-1:0]);   // (>=: any start value wraps)
    always @(posedge clk_i)
        ctx_q <= last ? {CXW{1'b0}} : ctx_q + 1'b1;
    assign ctx_o = ctx_q;
    wire [CXW-1:0] wctx;   // the last stage's node, run and reset
    wire           run_w, rst_w;
    generate
        if (STAGES == 2) begin : g_two
            reg [CXW-1:0] wctx_q;
            reg           run_q, rst_q;
            always @(posedge clk_i) begin
                wctx_q <= ctx_q;
                run_q  <= run_i;
                rst_q  <= rst_i;
            end
            assign wctx  = wctx_q;
            assign run_w = run_q;
            assign rst_w = rst_q;
        end else begin : g_one
            assign wctx  = ctx_q;
            assign run_w = run_i;
            assign rst_w = rst_i;
        end
        if (STAGES < 1 || STAGES > 2) begin : g_chk_stages
            tn_error_emu_STAGES_must_be_1_or_2 u_err ();
        end
    endgenerate
    wire we = run_w || rst_w;
    always @(posedge clk_i)
        if (we && wctx >= CL[CXW-1:0])
            half_q <= !half_q;
    assign wctx_o = wctx;
    assign wr_o   = we;

    // ---- per node: coordinates, router seed, neighbour in each direction (tables) ----
    wire [AW-1:0]  coord_t [0:CTX-1];
    wire [31:0]    seed_t  [0:CTX-1];
    genvar gt, gd;
    generate
        for (gt = 0; gt < CTX; gt = gt + 1) begin : g_node
            assign seed_t[gt] = tn_salt(gt);
            for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
                localparam integer C = (gt / kpow(gd)) % K;
                assign coord_t[gt][gd*CW +: CW] = C[CW-1:0];
            end
        end
    endgenerate

    // ---- the router's ports: its inputs and link outputs are the last stage's, node wctx ----
    wire [P-1:0]    in_valid, oc_valid, out_valid, ic_valid;
    wire [P*VW-1:0] in_vc, oc_vc, out_vc, ic_vc;
    wire [P*FW-1:0] in_flit, out_flit;
    wire [AW-1:0]   coord = coord_t[wctx];   // (the router loads both at the last stage)
    wire [31:0]     seed  = cfg_seed_i ^ seed_t[wctx];

    genvar gp, ge;
    generate
        for (gp = 1; gp <= 2 * N; gp = gp + 1) begin : g_link
            // output port gp of every node: written at {half, node}; read for the node whose
            // input port OP (the opposite direction) it drives
            localparam integer OP = (gp % 2 == 1) ? gp + 1 : gp - 1;
            // nb[node]: the neighbour of node in direction OP
            localparam integer D = (OP - 1) / 2;
            wire [CXW-1:0] nb [0:CTX-1];
            genvar gn;
            for (gn = 0; gn < CTX; gn = gn + 1) begin : g_nb
                localparam integer C = (gn / kpow(D)) % K;
                localparam integer U = gn - C * kpow(D) +
                                       ((OP % 2 == 1) ? (C + 1) % K : (C + K - 1) % K) * kpow(D);
                assign nb[gn] = U[CXW-1:0];
            end
            wire [CXW-1:0] src = nb[wctx];
            reg  [LW-1:0] lm [0:(2 << CXW)-1];
            reg  [RW-1:0] cm [0:(2 << CXW)-1];   // credit register of input port gp
            always @(posedge clk_i) begin
                if (we) begin
                    lm[{half_q, wctx}] <= {out_valid[gp], out_vc[gp*VW +: VW],
                                           out_flit[gp*FW +: FW]};
                    cm[{half_q, wctx}] <= {ic_valid[gp], ic_vc[gp*VW +: VW]};
                end
            end
            // input OP of node ctx comes from output gp of its neighbour in direction OP
            wire [LW-1:0] l = lm[{!half_q, src}];
            assign in_valid[OP]            = l[LW-1];
            assign in_vc[OP*VW +: VW]      = l[FW +: VW];
            assign in_flit[OP*FW +: FW]    = l[FW-1:0];
            // output port OP of node ctx gets credits from input gp of its neighbour there
            wire [RW-1:0] r = cm[{!half_q, src}];
            assign oc_valid[OP]            = r[RW-1];
            assign oc_vc[OP*VW +: VW]      = r[VW-1:0];
        end
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_term
            localparam integer TP = (ge == 0) ? 0 : 2 * N + ge;
            assign in_valid[TP]               = inj_valid_i[ge];
            assign in_vc[TP*VW +: VW]         = inj_vc_i[ge*VW +: VW];
            assign in_flit[TP*FW +: FW]       = inj_flit_i[ge*FW +: FW];
            assign oc_valid[TP]               = 1'b0;
            assign oc_vc[TP*VW +: VW]         = {VW{1'b0}};
            assign inj_crd_valid_o[ge]        = ic_valid[TP];
            assign inj_crd_vc_o[ge*VW +: VW]  = ic_vc[TP*VW +: VW];
            assign ej_valid_o[ge]             = out_valid[TP];
            assign ej_vc_o[ge*VW +: VW]       = out_vc[TP*VW +: VW];
            assign ej_flit_o[ge*FW +: FW]     = out_flit[TP*FW +: FW];
        end
    endgenerate
    assign lnk_valid_o = out_valid;
    assign lnk_vc_o    = out_vc;
    assign lnk_flit_o  = out_flit;
    assign crd_valid_o = ic_valid;
    assign crd_vc_o    = ic_vc;

    // ---- GAL's network interface (GAL = 1), in the first stage: node ctx_q, written with it ----
    generate
        if (GAL != 0) begin : g_gal
            tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .TAGW(TAGW), .TOPO(TOPO),
                        .CTX(CTX)) u_ni (
                .clk_i       (clk_i),
                .rst_i       (rst_i),
                .ctx_i       (ctx_q),
                .ctx_we_i    (run_i || rst_i),
                .coord_i     (coord_t[ctx_q]),
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
                .afree_i     (afree_o),
                .snd_valid_o (ni_snd_valid_o),
                .snd_tag_o   (ni_snd_tag_o),
                .snd_dst_o   (ni_snd_dst_o),
                .snd_quad_o  (ni_snd_quad_o),
                .obs_o       (ni_obs_o)
            );
        end else begin : g_nogal
            assign ni_src_take_o  = {TERM{1'b0}};
            assign ni_src_queue_o = {(TERM*`TN_JW){1'b0}};
            assign ni_snd_valid_o = {TERM{1'b0}};
            assign ni_snd_tag_o   = {(TERM*TAGW){1'b0}};
            assign ni_snd_dst_o   = {(TERM*`TN_AW){1'b0}};
            assign ni_snd_quad_o  = {(TERM*N){1'b0}};
            assign ni_obs_o       = {`TN_NOBSW{1'b0}};
            wire unused_ni = &{1'b0, ni_cfg_sets_i, ni_cfg_adapt_i, ni_cfg_t_i, ni_cfg_tmin_i,
                               ni_cfg_tmax_i, ni_cfg_n1_i, ni_cfg_n2_i, ni_src_valid_i,
                               ni_src_dst_i, ni_src_tag_i, ni_snd_ready_i};
        end
    endgenerate

    // ---- ACOR's block (ACOR = 1), in the first stage: node ctx_q, written with it ----
    generate
        if (ACOR != 0) begin : g_acor
            wire [TERM*32-1:0] aseed_t [0:CTX-1];
            genvar ga, gc;
            for (ga = 0; ga < CTX; ga = ga + 1) begin : g_seed
                for (gc = 0; gc < TERM; gc = gc + 1) begin : g_ch
                    assign aseed_t[ga][gc*32 +: 32] = tn_salt(CTX + ga * TERM + gc);
                end
            end
            tn_acor #(.K(K), .N(N), .TERM(TERM), .CTX(CTX)) u_acor (
                .clk_i      (clk_i),
                .rst_i      (rst_i),
                .ctx_i      (ctx_q),
                .ctx_we_i   (run_i || rst_i),
                .cfg_seq_i  (acor_cfg_seq_i),
                .cfg_mode_i (acor_cfg_mode_i),
                .cfg_hi_i   (acor_cfg_hi_i),
                .cfg_it1_i  (acor_cfg_it1_i),
                .cfg_it2_i  (acor_cfg_it2_i),
                .cfg_dt1_i  (acor_cfg_dt1_i),
                .cfg_dt2_i  (acor_cfg_dt2_i),
                .coord_i    (coord_t[ctx_q]),
                .seed_i     ({TERM{acor_gseed_i}} ^ aseed_t[ctx_q]),
                .att_i      (acor_att_i),
                .rdy_i      (acor_rdy_i),
                .dst_i      (acor_dst_i),
                .mid_o      (acor_mid_o),
                .lvl_o      (acor_lvl_o),
                .obs_o      (acor_obs_o)
            );
        end else begin : g_noacor
            assign acor_mid_o = {(TERM*`TN_AW){1'b0}};
            assign acor_lvl_o = {(TERM*2){1'b0}};
            assign acor_obs_o = {`TN_AOBSW{1'b0}};
            wire unused_acor = &{1'b0, acor_cfg_seq_i, acor_cfg_mode_i, acor_cfg_hi_i,
                                 acor_cfg_it1_i, acor_cfg_it2_i, acor_cfg_dt1_i, acor_cfg_dt2_i,
                                 acor_gseed_i, acor_att_i, acor_rdy_i, acor_dst_i};
        end
    endgenerate

    tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO), .ROUTING(ROUTING),
                .SEL(SEL), .CTX(CTX), .STAGES(STAGES)) u_router (
        .clk_i           (clk_i),
        .rst_i           (rst_w),
        .ctx_i           (ctx_q),
        .wctx_i          (wctx),
        .ctx_we_i        (we),
        .coord_i         (coord),
        .cfg_buf_i       (cfg_buf_i),
        .cfg_acrd_i      (cfg_acrd_i),
        .cfg_route_i     (cfg_route_i),
        .cfg_sel_i       (cfg_sel_i),
        .cfg_dateline_i  (cfg_dateline_i),
        .cfg_transit_i   (cfg_transit_i),
        .seed_i          (seed),
        .in_valid_i      (in_valid),
        .in_vc_i         (in_vc),
        .in_flit_i       (in_flit),
        .in_crd_valid_o  (ic_valid),
        .in_crd_vc_o     (ic_vc),
        .out_valid_o     (out_valid),
        .out_vc_o        (out_vc),
        .out_flit_o      (out_flit),
        .out_crd_valid_i (oc_valid),
        .out_crd_vc_i    (oc_vc),
        .err_o           (err_o),
        .afree_o         (afree_o),
        .obs_o           (obs_o)
    );
endmodule
