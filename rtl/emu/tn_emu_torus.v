// SPDX-License-Identifier: MIT
// The k-ary n-cube of rtl/net/tn_torus.v, time-multiplexed (docs/emulator.md): E engines, each one
// tn_router built with CTX = K^N / E contexts, evaluate every node in turn, E nodes per clock. One
// network cycle (one cycle of docs/microarchitecture.md for every router) is CTX clocks of run_i.
// Engine e owns the nodes whose coordinate 0 is e modulo E (E divides K), context l being node
// E * (l mod (K/E)) + e + K * (l div (K/E)); so its nodes' neighbours along dimension 0 are all in
// engine e + 1 (direction +0) or e - 1 (-0), modulo E, and along the other dimensions in engine e.
// A router's state lives in its tn_ctx_reg memories; its link and credit registers (tn_ctx_reg
// THRU) live here, in link memories of two halves, one per engine and output (or input) port:
// in network cycle n every node writes what it sends into half n mod 2 and reads its
// neighbours' sends of cycle n - 1 from the other half, so the order in which nodes are evaluated
// cannot matter. Each memory is written by its engine and read by the one engine whose nodes'
// neighbours in that direction are the writer's: one write and one read per clock.
//
// Each clock reads context ctx_o's state in every engine (node node_o[e] of engine e). With
// STAGES = 1 the node is evaluated in that clock; with STAGES = 2 in that clock and the next (the
// router's tn_cut between them), and its state is written at the second's edge: wctx_o (nodes
// wnode_o) is the context written, ctx_o one clock earlier. With run_i (or rst_i) at the first
// stage, the context's next state is written, and the ports below marked "after" carry, for node
// wnode_o[e], the values its link and credit registers take: those of tn_torus after that network
// cycle's edge. Without run_i (a hold clock) nothing is written and the counter still moves: a
// sweep of CTX hold clocks reads every node's state (err_o, afree_o, obs_o of node node_o[e]: its
// state at the start of the clock, as tn_torus shows it after its edge). Reset: rst_i for at
// least 3 CTX clocks writes every node's reset state into both halves; the first network cycle
// after it starts at the first clock with ctx_o = 0 (hold clocks until then). Links are read and
// written by the last stage only, so no bubble separates network cycles. GAL's NI, when built,
// is evaluated beside each router in the same stages (STAGES = 2: it decides in the first, at
// ctx_o, from the first stage's inputs, and its tn_cut carries to the second what its writes at
// wctx_o need); ACOR's block in the first stage. Torus only (TOPO = 0).
// Ports of engine e are at index e of each bus (e * width +: width).
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
    parameter E       = 1,   // engines, a divisor of K
    parameter STAGES  = 1,   // 1, or 2: the allocation cut after stage 1's input choice
    parameter GAL     = 0,   // 1: GAL's network interface per node (rtl/ni/tn_gal_ni.v)
    parameter QD      = 8,   // its queue depth (gal_qdepth)
    parameter GADAPT  = 1,   // its adaptive threshold built (tn_gal_ni's ADAPT)
    parameter TAGW    = `TN_TAGW,
    parameter ACOR    = 0,   // 1: ACOR's level machine per node (rtl/ni/tn_acor.v)
    parameter CTX     = K ** N / E,
    parameter CXW     = (CTX > 1) ? $clog2(CTX) : 1,
    parameter NW      = (K ** N > 1) ? $clog2(K ** N) : 1
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
    output wire [CXW-1:0]        ctx_o,          // the context whose state is read this clock
    output wire [CXW-1:0]        wctx_o,         // the context written (STAGES = 2: ctx_o a clock ago)
    output wire                  wr_o,           // it is written at this clock's edge
    output wire [E*NW-1:0]       node_o,         // per engine, the node of ctx_o
    output wire [E*NW-1:0]       wnode_o,        // and of wctx_o
    // terminal channels of node wnode_o[e], index channel
    input  wire [E*TERM-1:0]     inj_valid_i,
    input  wire [E*TERM*`TN_VW-1:0] inj_vc_i,
    input  wire [E*TERM*`TN_FW-1:0] inj_flit_i,
    output wire [E*TERM-1:0]     inj_crd_valid_o,   // after
    output wire [E*TERM*`TN_VW-1:0] inj_crd_vc_o,
    output wire [E*TERM-1:0]     ej_valid_o,        // after
    output wire [E*TERM*`TN_VW-1:0] ej_vc_o,
    output wire [E*TERM*`TN_FW-1:0] ej_flit_o,
    // node wnode_o[e]'s link and credit registers, index port (after)
    output wire [E*`TN_P-1:0]    lnk_valid_o,
    output wire [E*`TN_P*`TN_VW-1:0] lnk_vc_o,
    output wire [E*`TN_P*`TN_FW-1:0] lnk_flit_o,
    output wire [E*`TN_P-1:0]    crd_valid_o,
    output wire [E*`TN_P*`TN_VW-1:0] crd_vc_o,
    // node node_o[e]'s state at the start of the clock
    output wire [E*`TN_EW-1:0]   err_o,
    output wire [E*2*N-1:0]      afree_o,
    output wire [E*`TN_OBSW-1:0] obs_o,
    // GAL = 1: the GAL network interface of node node_o[e] (its ports less ni_; tn_gal_ni.v), in
    // the first stage: its decisions belong to the clock, its state (ni_obs_o) is at its start
    input  wire [1:0]            ni_cfg_sets_i,
    input  wire                  ni_cfg_adapt_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_t_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmin_i,
    input  wire [`TN_NTW-1:0]    ni_cfg_tmax_i,
    input  wire [6:0]            ni_cfg_n1_i,
    input  wire [19:0]           ni_cfg_n2_i,
    input  wire [E*TERM-1:0]     ni_src_valid_i,
    input  wire [E*TERM*`TN_AW-1:0] ni_src_dst_i,
    input  wire [E*TERM*TAGW-1:0] ni_src_tag_i,
    output wire [E*TERM-1:0]     ni_src_take_o,
    output wire [E*TERM*`TN_JW-1:0] ni_src_queue_o,
    input  wire [E*TERM-1:0]     ni_snd_ready_i,
    output wire [E*TERM-1:0]     ni_snd_valid_o,
    output wire [E*TERM*TAGW-1:0] ni_snd_tag_o,
    output wire [E*TERM*`TN_AW-1:0] ni_snd_dst_o,
    output wire [E*TERM*N-1:0]   ni_snd_quad_o,
    output wire [E*`TN_NOBSW-1:0] ni_obs_o,
    // ACOR = 1: the ACOR block of node node_o[e] (its ports less acor_; tn_acor.v), in the first
    // stage; each channel's stream seed is acor_gseed_i ^ salt(K^N + node*TERM + e) (R23.3.1)
    input  wire [1:0]            acor_cfg_seq_i,
    input  wire                  acor_cfg_mode_i,
    input  wire [15:0]           acor_cfg_hi_i,
    input  wire [15:0]           acor_cfg_it1_i,
    input  wire [15:0]           acor_cfg_it2_i,
    input  wire [15:0]           acor_cfg_dt1_i,
    input  wire [15:0]           acor_cfg_dt2_i,
    input  wire [31:0]           acor_gseed_i,
    input  wire [E*TERM-1:0]     acor_att_i,
    input  wire [E*TERM-1:0]     acor_rdy_i,
    input  wire [E*TERM*`TN_AW-1:0] acor_dst_i,
    output wire [E*TERM*`TN_AW-1:0] acor_mid_o,
    output wire [E*TERM*2-1:0]   acor_lvl_o,
    output wire [E*`TN_AOBSW-1:0] acor_obs_o
);
    localparam TOPO  = 0;
    localparam NODES = K ** N;
    localparam CW    = `TN_CW;
    localparam AW    = `TN_AW;
    localparam FW    = `TN_FW;
    localparam P     = `TN_P;
    localparam VW    = `TN_VW;
    localparam EW    = `TN_EW;
    localparam OBSW  = `TN_OBSW;
    localparam JW    = `TN_JW;
    localparam NOBSW = `TN_NOBSW;
    localparam AOBSW = `TN_AOBSW;
    localparam LW    = 1 + VW + FW;   // a link register: valid, vc, flit
    localparam RW    = 1 + VW;        // a credit register: valid, vc
    localparam KE    = K / E;         // an engine's nodes per row of dimension 0

    function integer kpow;
        input integer d;
        integer i;
        begin
            kpow = 1;
            for (i = 0; i < d; i = i + 1) kpow = kpow * K;
        end
    endfunction
    // the node of engine e's context l, and a node's engine and context
    function integer node_of;
        input integer e, l;
        begin
            node_of = E * (l % KE) + e + K * (l / KE);
        end
    endfunction
    function integer loc_of;
        input integer v;
        begin
            loc_of = ((v % K) / E) + KE * (v / K);
        end
    endfunction
`include "tn_salt.vh"

    generate
        if (E < 1 || K % E != 0) begin : g_chk_e
            tn_error_emu_E_must_divide_K u_err ();
        end
        if (CTX * E != NODES) begin : g_chk_ctx
            tn_error_emu_CTX_must_be_K_pow_N_over_E u_err ();
        end
        if (NODES < 2 || NODES > 4096) begin : g_chk_nodes
            tn_error_emu_K_pow_N_must_be_2_to_4096 u_err ();
        end
        if (CTX < 2) begin : g_chk_ctx2
            tn_error_emu_E_must_leave_2_contexts_or_more_per_engine u_err ();
        end
        if (STAGES < 1 || STAGES > 2) begin : g_chk_stages
            tn_error_emu_STAGES_must_be_1_or_2 u_err ();
        end
        if (STAGES == 2 && CTX < 3) begin : g_chk_ctx3
            // the input units read their flit RAMs a clock ahead (tn_input_unit, g_fsync)
            tn_error_emu_STAGES_2_needs_3_contexts_or_more_per_engine u_err ();
        end
    endgenerate

    // ---- the context counter, the stages, and the half of the link memories written ----
    localparam integer CL = CTX - 1;
    reg  [CXW-1:0] ctx_q;
    reg            half_q;
    wire           last = (ctx_q >= CL[CXW-1:0]);   // (>=: any start value wraps)
    wire [CXW-1:0] ctx_n = last ? {CXW{1'b0}} : ctx_q + 1'b1;   // the next clock's context
    always @(posedge clk_i)
        ctx_q <= ctx_n;
    assign ctx_o = ctx_q;
    wire [CXW-1:0] wctx;   // the last stage's context, run and reset
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
    endgenerate
    wire we = run_w || rst_w;
    always @(posedge clk_i)
        if (we && wctx >= CL[CXW-1:0])
            half_q <= !half_q;
    assign wctx_o = wctx;
    assign wr_o   = we;

    // ---- the link memories' reads, [e * 2N + port - 1]: the address the reading engine gives
    // and the word it gets (port: the writer's output port, or input port for credits) ----
    wire [CXW:0]  la [0:E*2*N-1];
    wire [LW-1:0] ld [0:E*2*N-1];
    wire [RW-1:0] cd [0:E*2*N-1];

    genvar ge, gt, gd, gp, gc;
    generate
        for (ge = 0; ge < E; ge = ge + 1) begin : g_eng
            // ---- per context: node, coordinates, router seed ----
            wire [NW-1:0]  node_t  [0:CTX-1];
            wire [AW-1:0]  coord_t [0:CTX-1];
            wire [31:0]    seed_t  [0:CTX-1];
            for (gt = 0; gt < CTX; gt = gt + 1) begin : g_ctx
                localparam integer V0 = node_of(ge, gt);
                assign node_t[gt] = V0[NW-1:0];
                assign seed_t[gt] = tn_salt(V0);
                for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
                    localparam integer C = (V0 / kpow(gd)) % K;
                    assign coord_t[gt][gd*CW +: CW] = C[CW-1:0];
                end
            end
            assign node_o[ge*NW +: NW]  = node_t[ctx_q];
            assign wnode_o[ge*NW +: NW] = node_t[wctx];

            // ---- the router's ports: its inputs and link outputs are the last stage's ----
            wire [P-1:0]    in_valid, oc_valid, out_valid, ic_valid;
            wire [P*VW-1:0] in_vc, oc_vc, out_vc, ic_vc;
            wire [P*FW-1:0] in_flit, out_flit;
            wire [2*N-1:0]  afree;
            for (gp = 1; gp <= 2 * N; gp = gp + 1) begin : g_link
                // output port gp of this engine's nodes: written at {half, context}, read by the
                // engine whose nodes' input port opposite to gp it drives (g_in below)
                reg [LW-1:0] lm [0:(2 << CXW)-1];
                reg [RW-1:0] cm [0:(2 << CXW)-1];   // credit register of input port gp
                always @(posedge clk_i) begin
                    if (we) begin
                        lm[{half_q, wctx}] <= {out_valid[gp], out_vc[gp*VW +: VW],
                                               out_flit[gp*FW +: FW]};
                        cm[{half_q, wctx}] <= {ic_valid[gp], ic_vc[gp*VW +: VW]};
                    end
                end
                assign ld[ge*2*N + gp - 1] = lm[la[ge*2*N + gp - 1]];
                assign cd[ge*2*N + gp - 1] = cm[la[ge*2*N + gp - 1]];
            end
            for (gp = 1; gp <= 2 * N; gp = gp + 1) begin : g_in
                // input gp of this engine's context wctx comes from output OP of its neighbour in
                // direction gp: context nb[wctx] of engine SE; output gp gets its credits there
                localparam integer OP = (gp % 2 == 1) ? gp + 1 : gp - 1;
                localparam integer D  = (gp - 1) / 2;
                localparam integer SE = (D != 0) ? ge : (gp % 2 == 1) ? (ge + 1) % E
                                                                      : (ge + E - 1) % E;
                wire [CXW-1:0] nb [0:CTX-1];
                for (gc = 0; gc < CTX; gc = gc + 1) begin : g_nb
                    localparam integer V0 = node_of(ge, gc);
                    localparam integer C  = (V0 / kpow(D)) % K;
                    localparam integer U  = V0 - C * kpow(D) +
                                            ((gp % 2 == 1) ? (C + 1) % K : (C + K - 1) % K) * kpow(D);
                    localparam integer UL = loc_of(U);
                    assign nb[gc] = UL[CXW-1:0];
                end
                assign la[SE*2*N + OP - 1] = {!half_q, nb[wctx]};
                wire [LW-1:0] l = ld[SE*2*N + OP - 1];
                assign in_valid[gp]         = l[LW-1];
                assign in_vc[gp*VW +: VW]   = l[FW +: VW];
                assign in_flit[gp*FW +: FW] = l[FW-1:0];
                wire [RW-1:0] r = cd[SE*2*N + OP - 1];
                assign oc_valid[gp]         = r[RW-1];
                assign oc_vc[gp*VW +: VW]   = r[VW-1:0];
            end
            for (gt = 0; gt < TERM; gt = gt + 1) begin : g_term
                localparam integer TP = (gt == 0) ? 0 : 2 * N + gt;
                localparam integer T  = ge * TERM + gt;
                assign in_valid[TP]              = inj_valid_i[T];
                assign in_vc[TP*VW +: VW]        = inj_vc_i[T*VW +: VW];
                assign in_flit[TP*FW +: FW]      = inj_flit_i[T*FW +: FW];
                assign oc_valid[TP]              = 1'b0;
                assign oc_vc[TP*VW +: VW]        = {VW{1'b0}};
                assign inj_crd_valid_o[T]        = ic_valid[TP];
                assign inj_crd_vc_o[T*VW +: VW]  = ic_vc[TP*VW +: VW];
                assign ej_valid_o[T]             = out_valid[TP];
                assign ej_vc_o[T*VW +: VW]       = out_vc[TP*VW +: VW];
                assign ej_flit_o[T*FW +: FW]     = out_flit[TP*FW +: FW];
            end
            assign lnk_valid_o[ge*P +: P]         = out_valid;
            assign lnk_vc_o[ge*P*VW +: P*VW]      = out_vc;
            assign lnk_flit_o[ge*P*FW +: P*FW]    = out_flit;
            assign crd_valid_o[ge*P +: P]         = ic_valid;
            assign crd_vc_o[ge*P*VW +: P*VW]      = ic_vc;
            assign afree_o[ge*2*N +: 2*N]         = afree;

            tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                        .ROUTING(ROUTING), .SEL(SEL), .CTX(CTX), .STAGES(STAGES)) u_router (
                .clk_i           (clk_i),
                .rst_i           (rst_w),
                .ctx_i           (ctx_q),
                .wctx_i          (wctx),
                .nctx_i          (ctx_n),
                .ctx_we_i        (we),
                .coord_i         (coord_t[wctx]),   // (the router loads both at the last stage)
                .cfg_buf_i       (cfg_buf_i),
                .cfg_acrd_i      (cfg_acrd_i),
                .cfg_route_i     (cfg_route_i),
                .cfg_sel_i       (cfg_sel_i),
                .cfg_dateline_i  (cfg_dateline_i),
                .cfg_transit_i   (cfg_transit_i),
                .seed_i          (cfg_seed_i ^ seed_t[wctx]),
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
                .err_o           (err_o[ge*EW +: EW]),
                .afree_o         (afree),
                .obs_o           (obs_o[ge*OBSW +: OBSW])
            );

            // ---- GAL's network interface (GAL = 1): decides in the first stage (context ctx_q,
            // its inputs the first stage's), writes in the last (wctx, as the router: we, rst_w) ----
            if (GAL != 0) begin : g_gal
                tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .ADAPT(GADAPT), .TAGW(TAGW),
                            .TOPO(TOPO), .CTX(CTX), .STAGES(STAGES)) u_ni (
                    .clk_i       (clk_i),
                    .rst_i       (rst_w),
                    .ctx_i       (ctx_q),
                    .wctx_i      (wctx),
                    .ctx_we_i    (we),
                    .coord_i     (coord_t[ctx_q]),
                    .cfg_sets_i  (ni_cfg_sets_i),
                    .cfg_adapt_i (ni_cfg_adapt_i),
                    .cfg_t_i     (ni_cfg_t_i),
                    .cfg_tmin_i  (ni_cfg_tmin_i),
                    .cfg_tmax_i  (ni_cfg_tmax_i),
                    .cfg_n1_i    (ni_cfg_n1_i),
                    .cfg_n2_i    (ni_cfg_n2_i),
                    .src_valid_i (ni_src_valid_i[ge*TERM +: TERM]),
                    .src_dst_i   (ni_src_dst_i[ge*TERM*AW +: TERM*AW]),
                    .src_tag_i   (ni_src_tag_i[ge*TERM*TAGW +: TERM*TAGW]),
                    .src_take_o  (ni_src_take_o[ge*TERM +: TERM]),
                    .src_queue_o (ni_src_queue_o[ge*TERM*JW +: TERM*JW]),
                    .snd_ready_i (ni_snd_ready_i[ge*TERM +: TERM]),
                    .afree_i     (afree),
                    .snd_valid_o (ni_snd_valid_o[ge*TERM +: TERM]),
                    .snd_tag_o   (ni_snd_tag_o[ge*TERM*TAGW +: TERM*TAGW]),
                    .snd_dst_o   (ni_snd_dst_o[ge*TERM*AW +: TERM*AW]),
                    .snd_quad_o  (ni_snd_quad_o[ge*TERM*N +: TERM*N]),
                    .obs_o       (ni_obs_o[ge*NOBSW +: NOBSW])
                );
            end else begin : g_nogal
                assign ni_src_take_o[ge*TERM +: TERM]           = {TERM{1'b0}};
                assign ni_src_queue_o[ge*TERM*JW +: TERM*JW]    = {(TERM*JW){1'b0}};
                assign ni_snd_valid_o[ge*TERM +: TERM]          = {TERM{1'b0}};
                assign ni_snd_tag_o[ge*TERM*TAGW +: TERM*TAGW]  = {(TERM*TAGW){1'b0}};
                assign ni_snd_dst_o[ge*TERM*AW +: TERM*AW]      = {(TERM*AW){1'b0}};
                assign ni_snd_quad_o[ge*TERM*N +: TERM*N]       = {(TERM*N){1'b0}};
                assign ni_obs_o[ge*NOBSW +: NOBSW]              = {NOBSW{1'b0}};
            end

            // ---- ACOR's block (ACOR = 1), in the first stage: context ctx_q ----
            if (ACOR != 0) begin : g_acor
                wire [TERM*32-1:0] aseed_t [0:CTX-1];
                for (gt = 0; gt < CTX; gt = gt + 1) begin : g_seed
                    for (gc = 0; gc < TERM; gc = gc + 1) begin : g_ch
                        assign aseed_t[gt][gc*32 +: 32] = tn_salt(NODES + node_of(ge, gt) * TERM + gc);
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
                    .att_i      (acor_att_i[ge*TERM +: TERM]),
                    .rdy_i      (acor_rdy_i[ge*TERM +: TERM]),
                    .dst_i      (acor_dst_i[ge*TERM*AW +: TERM*AW]),
                    .mid_o      (acor_mid_o[ge*TERM*AW +: TERM*AW]),
                    .lvl_o      (acor_lvl_o[ge*TERM*2 +: TERM*2]),
                    .obs_o      (acor_obs_o[ge*AOBSW +: AOBSW])
                );
            end else begin : g_noacor
                assign acor_mid_o[ge*TERM*AW +: TERM*AW] = {(TERM*AW){1'b0}};
                assign acor_lvl_o[ge*TERM*2 +: TERM*2]   = {(TERM*2){1'b0}};
                assign acor_obs_o[ge*AOBSW +: AOBSW]     = {AOBSW{1'b0}};
            end
        end
        if (GAL == 0) begin : g_nogal_in
            wire unused_ni = &{1'b0, ni_cfg_sets_i, ni_cfg_adapt_i, ni_cfg_t_i, ni_cfg_tmin_i,
                               ni_cfg_tmax_i, ni_cfg_n1_i, ni_cfg_n2_i, ni_src_valid_i,
                               ni_src_dst_i, ni_src_tag_i, ni_snd_ready_i};
        end
        if (ACOR == 0) begin : g_noacor_in
            wire unused_acor = &{1'b0, acor_cfg_seq_i, acor_cfg_mode_i, acor_cfg_hi_i,
                                 acor_cfg_it1_i, acor_cfg_it2_i, acor_cfg_dt1_i, acor_cfg_dt2_i,
                                 acor_gseed_i, acor_att_i, acor_rdy_i, acor_dst_i};
        end
    endgenerate
endmodule
