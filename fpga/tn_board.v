// SPDX-License-Identifier: MIT
// The board core (docs/board-reference.md, "Board core" and "Register map"): the control plane
// (tn_ctrl with its UART), the design's register file on its bus, the lockstep-verified torus
// (rtl/net/tn_torus.v, instantiated), and per node a traffic source (rtl/ni/tn_source.v) and a
// checking sink with statistics (rtl/ni/tn_sink.v), run with tnsim's window semantics
// (cmodel/sim/sim.c, tn_sim_run; docs/microarchitecture.md section 17):
// - RESET (the control plane's design reset) loads the configuration: seeds, threshold and the
//   router configuration; the torus stays in reset until the run starts.
// - START N starts the run (run_o's first cycle); cycle 0 is the cycle after. N itself does not
//   bound the run: the sources create packets until tnsim would stop them (cycle >= warmup +
//   measure and every packet created in the window delivered and generated, or cycle >= warmup +
//   measure + drain), then the network drains; the run ends when no packet is in flight, and the
//   cycle counter stops there (tnsim's cycles).
// GAL: with the parameter GAL = 1 each node has GAL's network interface (rtl/ni/tn_gal_ni.v,
// lockstep-verified) between its tn_source and the torus's injection port, used when the routing
// register says gal (BUILD2 bit 0; its queue depth in BUILD3; bit 4: its adaptive threshold is
// built, parameter GADAPT).
// ACOR: with the parameter ACOR = 1 each node has ACOR's level machine and restricted draw
// (rtl/ni/tn_acor.v, lockstep-verified) beside its tn_source, used when the routing register says
// acor (6; BUILD2 bit 1): every attempt of the source's head draws from it, and the packet that
// starts carries the draw (R23.4); the routers route it as VAL. Its stream seeds are the routers'
// global seed salted per node (R23.3.1), as tn_torus salts the routers' seeds.
// The engine (parameter ENGINES = E >= 1; docs/emulator.md, "The board core in the engine"): the
// nodes run on the time-multiplexed torus instead (fpga/tn_board_emu.v: E engines of K^N / E
// contexts, STAGES stages), with the same registers and the same figures: the run registers move
// once per sweep over the nodes (a network cycle), a node's registers are read while no run is
// under way, and the run is reported ended once every node's final state has been gathered.
`include "tn_defs.vh"
module tn_board #(
    parameter K            = 4,        // radix, a power of two
    parameter N            = 2,        // dimensions; K^N <= 32 nodes
    parameter V            = 2,        // VCs per port
    parameter B            = 4,        // flits per VC buffer
    parameter W            = 16,       // payload bits, 16..64
    parameter ROUTING      = 0,        // most capable algorithm built: 0 DOR .. 3 GOAL (tn_router)
    parameter SEL          = -1,       // -1 selection at run time, 0..5 fixed (tn_router)
    parameter TERM         = 1,        // terminal channels per node: 1 on the board
    parameter CLKS_PER_BIT = 217,      // UART clock cycles per bit (25 MHz / 115200)
    parameter TIMEOUT_CLKS = 2500000,  // tn_ctrl's inter-byte timeout
    parameter QD           = 16,       // descriptors per source FIFO, a power of two
    parameter GAL          = 0,        // 1: a GAL network interface per node (needs ROUTING=3)
    parameter GQD          = 16,       // packets per GAL quadrant queue (tnsim's gal_qdepth)
    parameter GADAPT       = 1,        // with GAL: 1 the adaptive threshold built (gal_adapt at
                                       // run time, BUILD2 bit 4), 0 the fixed one only
    parameter ACOR         = 0,        // 1: ACOR's tn_acor per node (needs ROUTING >= 2, V >= 4)
    parameter PIPE         = 0,        // the routers' PIPE (tn_router; 1 only on the parallel torus)
    parameter ENGINES      = 0,        // 0: the parallel torus (K^N <= 32); E >= 1: the nodes on E
                                       // time-multiplexed engines (K^N <= 256, E divides K)
    parameter STAGES       = 2         // with ENGINES: the engine's stages, 1 or 2
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       uart_rx_i,
    output wire       uart_tx_o,
    output wire [7:0] led_o
);
    localparam NODES = K ** N;
    localparam NW    = (NODES > 1) ? $clog2(NODES) : 1;
    localparam AW    = `TN_AW;
    localparam FW    = `TN_FW;
    localparam VW    = `TN_VW;
    localparam EW    = `TN_EW;
    localparam P     = `TN_P;
    localparam CNTW  = `TN_CNTW;
    localparam OBSW  = `TN_OBSW;
    localparam integer SEL_I = SEL;
    localparam integer KI = K, NI = N, VI = V, BI = B, WI = W, RI = ROUTING, TI = TERM;
    localparam [7:0] K8 = KI[7:0], N8 = NI[7:0], V8 = VI[7:0], B8 = BI[7:0], W8 = WI[7:0],
                     R8 = RI[7:0], T8 = TI[7:0];
    localparam integer SELP1 = SEL_I + 1;
    localparam integer QDI = QD;
    localparam [7:0] S8 = SELP1[7:0];
    localparam [15:0] QD16 = QDI[15:0];
    localparam [31:0] BUILD0 = {K8, N8, V8, B8};
    localparam [31:0] BUILD1 = {W8, R8, S8, T8};
    // the histogram's bins; the feature bits at their positions (rtl/common/tn_defs.tbl, bfeat)
    localparam [7:0] FEATURES = ((GAL != 0) ? (8'd1 << `TN_BF_GAL) : 8'd0) |
                                ((ACOR != 0) ? (8'd1 << `TN_BF_ACOR) : 8'd0) |
                                (8'd1 << `TN_BF_TORUS) | (8'd1 << `TN_BF_PATTERNS) |
                                ((GAL != 0 && GADAPT != 0) ? (8'd1 << `TN_BF_GAL_ADAPT) : 8'd0) |
                                (8'd1 << `TN_BF_SWITCH) |
                                ((PIPE != 0) ? (8'd1 << `TN_BF_PIPE) : 8'd0);
    localparam integer BINSI = `TN_BOARD_BINS;   // 16: a sink's bin is 4 bits (tn_sink bin_o)
    localparam [7:0] BINS8 = BINSI[7:0];
    localparam [31:0] BUILD2 = {QD16, BINS8, FEATURES};
    localparam integer GQDI = GQD;
    localparam [31:0] BUILD3 = GQDI[31:0];
    // the engine: {engines, stages, contexts per engine}, 0 for the parallel torus
    localparam integer ENG_I = ENGINES, STG_I = (ENGINES != 0) ? STAGES : 0;
    localparam integer CTX_I = (ENGINES != 0) ? (K ** N) / ENGINES : 0;
    localparam [7:0]  E8 = ENG_I[7:0], ST8 = STG_I[7:0];
    localparam [15:0] CTX16 = CTX_I[15:0];
    localparam [31:0] BUILD4 = {E8, ST8, CTX16};
    localparam [31:0] MAGIC  = `TN_BOARD_MAGIC;              // "tnB1"
    localparam HAS_ACOR = (ACOR != 0);
    // R19.4.2's salt (ACOR's stream seeds, R23.3.1)
`include "tn_salt.vh"
    generate
        if (TERM != 1) begin : g_chk_term
            tn_error_tn_board_TERM_must_be_1 u_err ();
        end
        if ((K & (K - 1)) != 0 || K < 2) begin : g_chk_k
            tn_error_tn_board_K_must_be_a_power_of_two u_err ();
        end
        if (ENGINES == 0 && K ** N > 32) begin : g_chk_nodes
            tn_error_tn_board_K_pow_N_must_be_at_most_32 u_err ();
        end
        if (ENGINES != 0 && K ** N > 256) begin : g_chk_enodes
            tn_error_tn_board_K_pow_N_must_be_at_most_256_on_the_engine u_err ();
        end
        if (PIPE != 0 && ENGINES != 0) begin : g_chk_pipe
            tn_error_tn_board_PIPE_1_needs_the_parallel_torus_ENGINES_0 u_err ();
        end
        if (ENGINES < 0) begin : g_chk_engines
            tn_error_tn_board_ENGINES_must_be_0_or_more u_err ();
        end
        if (W < 16 || W > 64) begin : g_chk_w
            tn_error_tn_board_W_must_be_16_to_64 u_err ();
        end
        if (GAL < 0 || GAL > 1) begin : g_chk_gal01
            tn_error_tn_board_GAL_must_be_0_or_1 u_err ();
        end
        if (BINSI != 16) begin : g_chk_bins
            tn_error_tn_board_BOARD_BINS_must_be_16_the_sinks_4_bit_bins u_err ();
        end
        if (GADAPT < 0 || GADAPT > 1) begin : g_chk_gadapt
            tn_error_tn_board_GADAPT_must_be_0_or_1 u_err ();
        end
        if (GAL != 0 && (ROUTING < 3 || V < 4)) begin : g_chk_gal
            tn_error_tn_board_GAL_needs_ROUTING_3_and_V_at_least_4 u_err ();
        end
        if (ACOR < 0 || ACOR > 1) begin : g_chk_acor01
            tn_error_tn_board_ACOR_must_be_0_or_1 u_err ();
        end
        if (ACOR != 0 && (ROUTING < 2 || V < 4)) begin : g_chk_acor
            tn_error_tn_board_ACOR_needs_ROUTING_2_and_V_at_least_4 u_err ();
        end
    endgenerate

    // ---- control plane ----
    wire        bus_we, bus_re, run, ctrl_done, drst, ctrl_idle;
    wire [15:0] bus_addr;
    wire [31:0] bus_wdata, cycles_left;
    reg  [31:0] rdata_q;
    reg         berr_q;
    tn_ctrl #(
        .CLKS_PER_BIT(CLKS_PER_BIT), .TIMEOUT_CLKS(TIMEOUT_CLKS), .ID(BUILD0), .RST_CYCLES(4)
    ) u_ctrl (
        .clk_i(clk_i), .rst_i(rst_i), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
        .bus_we_o(bus_we), .bus_re_o(bus_re), .bus_addr_o(bus_addr), .bus_wdata_o(bus_wdata),
        .bus_rdata_i(rdata_q), .bus_err_i(berr_q),
        .run_o(run), .cycles_left_o(cycles_left), .done_o(ctrl_done),
        .design_rst_o(drst), .idle_o(ctrl_idle)
    );

    // ---- configuration registers (read-write; take effect at the next RESET) ----
    reg [2:0]  cfg_route_q, cfg_sel_q;
    reg        cfg_transit_q, cfg_dateline_q, thresh_hi_q;
    reg [7:0]  cfg_buf_q;
    reg [31:0] cfg_seed_q, thresh_q, warmup_q, measure_q, drain_q;
    reg [3:0]  pattern_q;
    reg [8:0]  pkt_min_q, pkt_max_q;
    reg [4:0]  hist_shift_q;
    reg [1:0]  gal_sets_q;      // GAL: gal_sets 0 one set, 1 near/far, 2 dir
    reg        gal_adapt_q;
    reg [10:0] gal_t_q, gal_tmin_q, gal_tmax_q;
    reg [6:0]  gal_n1_q;
    reg [19:0] gal_n2_q;
    reg [31:0] hot_thr_q;       // hotspot: (uint64_t)(hot_frac * 2^32), low 32 bits
    reg        hot_thr_hi_q;    //          and bit 32 (hot_frac = 1)
    reg [4:0]  n_hot_q;         // hotspot: hot nodes, 1..16
    reg [16*AW-1:0] hot_q;      // hotspot: hot node j at [j*AW +: AW]
    reg [1:0]  acor_seq_q;      // ACOR: acor_seq 0 box-full, 1 goalq-full, 2 box-goalq-full, 3 box-goalq
    reg        acor_mode_q;     // ACOR: acor_mode 0 router, 1 packet
    reg [15:0] acor_hi_q, acor_it1_q, acor_it2_q, acor_dt1_q, acor_dt2_q;
    reg [31:0] sw_at_q;         // mid-run switch: first cycle of the second pattern, 0 off
    reg [31:0] sw_thr_q;        //   its threshold, low 32 bits
    reg        sw_thr_hi_q;     //   and bit 32
    reg [3:0]  sw_pattern_q;    //   its pattern

    // ---- run state ----
    reg         started_q, stop_q, ended_q;
    wire        started_d, ended_d;   // their next values (the engine's modes are loaded from them)
    reg  [31:0] cyc_q, stop_cyc_q, outst_q, infl_q;
    reg  [BINSI*32-1:0] hist_q; // histogram bins
    wire [31:0] win_lo = warmup_q;
    wire [31:0] win_hi = warmup_q + measure_q;
    wire [31:0] lim    = win_hi + drain_q;
    // where the current cycle lies against the window, for every source
    wire before_hi = cyc_q < win_hi;
    wire in_win    = (cyc_q >= win_lo) && before_hi;
    wire late      = cyc_q >= win_hi - 32'd1;
    // the same for every sink: distances from the window's edges, saturated to 17 bits
    wire [31:0] dlo = cyc_q - win_lo, dhi = cyc_q - win_hi;
    wire        lo_ge = cyc_q >= win_lo;
    wire [16:0] lo_d = (dlo[31:17] != 15'd0) ? 17'h1FFFF : dlo[16:0];
    wire [16:0] hi_d = (dhi[31:17] != 15'd0) ? 17'h1FFFF : dhi[16:0];
    // the mid-run switch (docs/traffic.md section 2): a source draws in cycle t the packet of
    // cycle t + 1 (and, primed before the start, that of cycle 0), which takes the threshold
    // and the pattern in force in its own cycle: the second pair from SWITCH_AT on
    wire [31:0] sw_from = sw_at_q - 32'd1;
    wire        sw_on   = started_q && (sw_at_q != 32'd0) && (cyc_q >= sw_from);
    wire [32:0] src_thresh  = sw_on ? {sw_thr_hi_q, sw_thr_q} : {thresh_hi_q, thresh_q};
    wire [3:0]  src_pattern = sw_on ? sw_pattern_q : pattern_q;

    // ---- the nodes: the torus, a source and a sink per node ----
    // what the run control and the register map read of them, from either build:
    wire        step;        // a network cycle ends at this clock's edge
    wire        ready;       // a start taken at this edge is in order
    wire        gathered;    // after the run's end: every node's final state is in the registers
    wire [9:0]  n_marked, n_mdone, n_enter, n_done;   // this network cycle's events, all nodes
    wire [17:0] n_mflits;                              // flits of the marked packets created
    wire [BINSI*10-1:0] n_hits;                        // histogram hits per bin
    wire        allgen;      // every source's all_gen_o at the cycle's start
    wire [EW-1:0] rerr_any;  // OR of the routers' error vectors
    wire [3:0]  serr_any;    // OR of the sinks' error bits
    wire [31:0] ovf32, pat32;
    wire        nd_ok;       // node a_nd's registers can be read in this clock
    wire [31:0] nd_packets, nd_accepted, nd_delivered, nd_injected;
    wire [47:0] nd_lat_sum;
    wire [15:0] nd_lat_max, nd_lat_min;
    wire [EW-1:0] nd_rerr;
    wire [3:0]  nd_serr;
    wire        nd_ovf, nd_pat;
    // the blocks of the register map (rtl/common/tn_defs.tbl, breg): a node's 16 statistics
    // registers, a register per node, 16 bins, 16 hot nodes
    localparam [15:0] A_NODE = `TN_B_NODE, A_SEED = `TN_B_SEED, A_PERM = `TN_B_PERM,
                      A_HIST = `TN_B_HIST, A_HOT = `TN_B_HOT;
    wire       a_node = (bus_addr[15:12] == A_NODE[15:12]) && ({24'd0, bus_addr[11:4]} < NODES);
    wire [NW-1:0] a_nd = bus_addr[4 +: NW];
    wire       a_seed = (bus_addr[15:12] == A_SEED[15:12]) && ({20'd0, bus_addr[11:0]} < NODES);
    wire       a_perm = (bus_addr[15:12] == A_PERM[15:12]) && ({20'd0, bus_addr[11:0]} < NODES);
    wire [NW-1:0] a_sd = bus_addr[0 +: NW];
    // the seeds and the permutation (randperm's perm[v], the host's) are written by the bus
    // (reset values: the seed 0x6D2B79F5, perm[v] = v); read back at node a_sd
    wire [31:0]   sd_rd;
    wire [AW-1:0] pm_rd;
    wire torus_rst = drst || !started_q;
    // credits an adaptive VC needs (docs/microarchitecture.md R19.1.4): min(buf, longest packet)
    wire [CNTW-1:0] cfg_acrd = (pkt_max_q < {1'b0, cfg_buf_q}) ? pkt_max_q[CNTW-1:0]
                                                              : cfg_buf_q[CNTW-1:0];
    wire stop_now;
    reg  [31:0] cmark_q;    // marked packets created, all nodes
    reg  [31:0] cflit_q;    // their flits
    function [9:0] popcount;
        input [NODES-1:0] x;
        integer i;
        begin
            popcount = 10'd0;
            for (i = 0; i < NODES; i = i + 1)
                popcount = popcount + {9'd0, x[i]};
        end
    endfunction
    generate
        if (ENGINES == 0) begin : g_par
    wire [NODES-1:0]    inj_valid, crd_valid, ej_valid;
    wire [NODES*VW-1:0] inj_vc, crd_vc, ej_vc;
    wire [NODES*FW-1:0] inj_flit, ej_flit;
    wire [NODES*EW-1:0] rerr;
    wire [NODES*P-1:0]    lnk_valid, lcrd_valid;
    wire [NODES*P*VW-1:0] lnk_vc, lcrd_vc;
    wire [NODES*P*FW-1:0] lnk_flit;
    wire [NODES*OBSW-1:0] obs;
    wire [NODES*2*N-1:0]  afree;   // per node: free adaptive ports, read by the GAL NI (R21.5.1)
    tn_torus #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(1), .TOPO(0), .ROUTING(ROUTING),
               .SEL(SEL), .PIPE(PIPE)) u_torus (
        .clk_i(clk_i), .rst_i(torus_rst), .cfg_buf_i(cfg_buf_q[CNTW-1:0]), .cfg_acrd_i(cfg_acrd),
        .cfg_route_i(cfg_route_q), .cfg_sel_i(cfg_sel_q), .cfg_dateline_i(cfg_dateline_q),
        .cfg_transit_i(cfg_transit_q), .cfg_seed_i(cfg_seed_q),
        .inj_valid_i(inj_valid), .inj_vc_i(inj_vc), .inj_flit_i(inj_flit),
        .inj_crd_valid_o(crd_valid), .inj_crd_vc_o(crd_vc),
        .ej_valid_o(ej_valid), .ej_vc_o(ej_vc), .ej_flit_o(ej_flit),
        .lnk_valid_o(lnk_valid), .lnk_vc_o(lnk_vc), .lnk_flit_o(lnk_flit),
        .crd_valid_o(lcrd_valid), .crd_vc_o(lcrd_vc), .err_o(rerr), .afree_o(afree),
        .obs_o(obs)
    );

    wire [NODES-1:0] marked, start, enter, all_gen, agn, ovf, paterr, done, mdone;
    wire [NODES-1:0] ni_valid, ni_take, snd_ready, snd_valid;
    wire [NODES*AW-1:0] ni_dst, snd_dst;
    wire [NODES*27-1:0] ni_tag, snd_tag;
    wire [NODES*N-1:0]  snd_quad;
    wire is_gal = (cfg_route_q == 3'd4);
    wire is_acor = (cfg_route_q == 3'd6);
    wire [NODES-1:0]    acor_att, acor_rdy;
    wire [NODES*AW-1:0] acor_dst, acor_mid;
    wire [NODES*9-1:0]  mlen;
    wire [NODES*4-1:0]  bin, serr;
    wire [NODES*32-1:0] injected, packets, accepted, delivered;
    wire [NODES*48-1:0] lat_sum;
    wire [NODES*16-1:0] lat_max, lat_min;
    // the seeds and the permutation, a register per node
    reg [NODES*32-1:0] seed_q;
    reg [NODES*AW-1:0] perm_q;
    reg [31:0]   srd;
    reg [AW-1:0] prd;
    integer sv, sr;
    always @(posedge clk_i) begin
        for (sv = 0; sv < NODES; sv = sv + 1) begin
            if (rst_i) begin
                seed_q[sv*32 +: 32] <= 32'h6D2B79F5;
                perm_q[sv*AW +: AW] <= sv[AW-1:0];
            end else if (bus_we && a_sd == sv[NW-1:0]) begin
                if (a_seed)
                    seed_q[sv*32 +: 32] <= bus_wdata;
                if (a_perm)
                    perm_q[sv*AW +: AW] <= bus_wdata[AW-1:0];
            end
        end
    end
    always @* begin
        srd = 32'd0;
        prd = {AW{1'b0}};
        for (sr = 0; sr < NODES; sr = sr + 1)
            if (a_sd == sr[NW-1:0]) begin
                srd = seed_q[sr*32 +: 32];
                prd = perm_q[sr*AW +: AW];
            end
    end
    assign sd_rd = srd;
    assign pm_rd = prd;
    genvar gv;
        for (gv = 0; gv < NODES; gv = gv + 1) begin : g_node
            wire [AW-1:0] node_id = gv;   // node_i of tn_source and tn_sink (read only with CTX > 1)
            tn_source #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .QD(QD),
                        .GAL(GAL), .ACOR(ACOR), .NODE(gv)) u_src (
                .clk_i(clk_i), .rst_i(drst), .ctx_i(1'b0), .ctx_we_i(1'b0), .node_i(node_id),
                .seed_i(seed_q[gv*32 +: 32]),
                .thresh_i(src_thresh), .pattern_i(src_pattern),
                .perm_i(perm_q[gv*AW +: AW]), .hot_thr_i({hot_thr_hi_q, hot_thr_q}),
                .n_hot_i(n_hot_q), .hot_i(hot_q),
                .pkt_min_i(pkt_min_q), .pkt_max_i(pkt_max_q), .route_i(cfg_route_q),
                .buf_i(cfg_buf_q[CNTW-1:0]), .act_i(started_q), .cycle_i(cyc_q[15:0]),
                .in_win_i(in_win), .late_i(late), .before_hi_i(before_hi), .stop_i(stop_now),
                .crd_valid_i(crd_valid[gv]), .crd_vc_i(crd_vc[gv*VW +: VW]),
                .gal_i(is_gal), .ni_valid_o(ni_valid[gv]), .ni_dst_o(ni_dst[gv*AW +: AW]),
                .ni_tag_o(ni_tag[gv*27 +: 27]), .ni_take_i(ni_take[gv]),
                .snd_ready_o(snd_ready[gv]), .snd_valid_i(snd_valid[gv]),
                .snd_tag_i(snd_tag[gv*27 +: 27]), .snd_dst_i(snd_dst[gv*AW +: AW]),
                .snd_quad_i(snd_quad[gv*N +: N]), .acor_i(is_acor),
                .acor_att_o(acor_att[gv]), .acor_rdy_o(acor_rdy[gv]),
                .acor_dst_o(acor_dst[gv*AW +: AW]), .acor_mid_i(acor_mid[gv*AW +: AW]),
                .enter_o(enter[gv]),
                .inj_valid_o(inj_valid[gv]), .inj_vc_o(inj_vc[gv*VW +: VW]),
                .inj_flit_o(inj_flit[gv*FW +: FW]), .marked_o(marked[gv]),
                .marked_len_o(mlen[gv*9 +: 9]), .start_o(start[gv]), .all_gen_o(all_gen[gv]), .all_gen_n_o(agn[gv]),
                .ovf_o(ovf[gv]), .pat_err_o(paterr[gv]), .injected_o(injected[gv*32 +: 32])
            );
            if (GAL != 0) begin : g_gal
                wire [AW-1:0] coord = gv;
                wire [2*N-1:0] queue;
                wire unused_gal;
                tn_gal_ni #(.K(K), .N(N), .TERM(1), .QD(GQD), .ADAPT(GADAPT), .TAGW(27),
                            .TOPO(0)) u_ni (
                    .clk_i(clk_i), .rst_i(torus_rst), .coord_i(coord),
                    .ctx_i(1'b0), .wctx_i(1'b0), .ctx_we_i(1'b0),   // one NI per node (CTX = 1)
                    .cfg_sets_i(gal_sets_q), .cfg_adapt_i(gal_adapt_q), .cfg_t_i(gal_t_q),
                    .cfg_tmin_i(gal_tmin_q), .cfg_tmax_i(gal_tmax_q), .cfg_n1_i(gal_n1_q),
                    .cfg_n2_i(gal_n2_q),
                    .src_valid_i(ni_valid[gv]), .src_dst_i(ni_dst[gv*AW +: AW]),
                    .src_tag_i(ni_tag[gv*27 +: 27]), .src_take_o(ni_take[gv]),
                    .src_queue_o(queue), .snd_ready_i(snd_ready[gv]),
                    .afree_i(afree[gv*2*N +: 2*N]),
                    .snd_valid_o(snd_valid[gv]), .snd_tag_o(snd_tag[gv*27 +: 27]),
                    .snd_dst_o(snd_dst[gv*AW +: AW]), .snd_quad_o(snd_quad[gv*N +: N]),
                    /* verilator lint_off PINCONNECTEMPTY */
                    .obs_o()  // the board reads no NI register
                    /* verilator lint_on PINCONNECTEMPTY */
                );
                assign unused_gal = &{1'b0, queue};
            end else begin : g_nogal
                assign ni_take[gv] = 1'b0;
                assign snd_valid[gv] = 1'b0;
                assign snd_tag[gv*27 +: 27] = 27'd0;
                assign snd_dst[gv*AW +: AW] = {AW{1'b0}};
                assign snd_quad[gv*N +: N] = {N{1'b0}};
                wire unused_gal = &{1'b0, ni_valid[gv], ni_dst[gv*AW +: AW], ni_tag[gv*27 +: 27],
                                    snd_ready[gv], afree[gv*2*N +: 2*N]};
            end
            if (ACOR != 0) begin : g_acor
                wire [AW-1:0] coord = gv;
                wire [1:0] lvl;
                tn_acor #(.K(K), .N(N), .TERM(1)) u_acor (
                    .clk_i(clk_i), .rst_i(torus_rst), .ctx_i(1'b0), .ctx_we_i(1'b0),
                    .cfg_seq_i(acor_seq_q),
                    .cfg_mode_i(acor_mode_q), .cfg_hi_i(acor_hi_q), .cfg_it1_i(acor_it1_q),
                    .cfg_it2_i(acor_it2_q), .cfg_dt1_i(acor_dt1_q), .cfg_dt2_i(acor_dt2_q),
                    .coord_i(coord), .seed_i(cfg_seed_q ^ tn_salt(NODES + gv)),
                    .att_i(acor_att[gv]), .rdy_i(acor_rdy[gv]), .dst_i(acor_dst[gv*AW +: AW]),
                    .mid_o(acor_mid[gv*AW +: AW]), .lvl_o(lvl),
                    /* verilator lint_off PINCONNECTEMPTY */
                    .obs_o()  // the board reads no ACOR register
                    /* verilator lint_on PINCONNECTEMPTY */
                );
                wire unused_acor = &{1'b0, lvl};
            end else begin : g_noacor
                assign acor_mid[gv*AW +: AW] = {AW{1'b0}};
                wire unused_acor = &{1'b0, acor_att[gv], acor_rdy[gv], acor_dst[gv*AW +: AW]};
            end
            tn_sink #(.K(K), .N(N), .V(V), .W(W), .ROUTING(ROUTING), .NODE(gv)) u_sink (
                .clk_i(clk_i), .rst_i(drst), .ctx_i(1'b0), .ctx_we_i(1'b0), .node_i(node_id),
                .act_i(started_q), .cycle_i(cyc_q[15:0]),
                .lo_ge_i(lo_ge), .lo_d_i(lo_d), .hi_ge_i(!before_hi), .hi_d_i(hi_d),
                .hist_shift_i(hist_shift_q),
                .ej_valid_i(ej_valid[gv]), .ej_vc_i(ej_vc[gv*VW +: VW]),
                .ej_flit_i(ej_flit[gv*FW +: FW]), .err_o(serr[gv*4 +: 4]), .done_o(done[gv]),
                .mdone_o(mdone[gv]), .bin_o(bin[gv*4 +: 4]), .packets_o(packets[gv*32 +: 32]),
                .accepted_o(accepted[gv*32 +: 32]), .lat_sum_o(lat_sum[gv*48 +: 48]),
                .lat_max_o(lat_max[gv*16 +: 16]), .lat_min_o(lat_min[gv*16 +: 16]),
                .delivered_o(delivered[gv*32 +: 32])
            );
        end
    integer b, n, cf, m;
    reg [BINSI*10-1:0] hits;
    always @* begin
        for (b = 0; b < BINSI; b = b + 1) begin
            hits[b*10 +: 10] = 10'd0;
            for (n = 0; n < NODES; n = n + 1)
                hits[b*10 +: 10] = hits[b*10 +: 10] + {9'd0, mdone[n] && bin[n*4 +: 4] == b[3:0]};
        end
    end
    reg [17:0] mflits;    // flits of the marked packets created this cycle
    always @* begin
        mflits = 18'd0;
        for (cf = 0; cf < NODES; cf = cf + 1)
            mflits = mflits + (marked[cf] ? {9'd0, mlen[cf*9 +: 9]} : 18'd0);
    end
    reg [EW-1:0] rerr_acc;
    reg [3:0]    serr_acc;
    always @* begin
        rerr_acc = {EW{1'b0}};
        serr_acc = 4'd0;
        for (m = 0; m < NODES; m = m + 1) begin
            rerr_acc = rerr_acc | rerr[m*EW +: EW];
            serr_acc = serr_acc | serr[m*4 +: 4];
        end
    end
    // node a_nd's registers
    wire [NODES-1:0] nd_hot;
    for (gv = 0; gv < NODES; gv = gv + 1) begin : g_hot
        localparam integer GV = gv;
        assign nd_hot[gv] = (a_nd == GV[NW-1:0]);
    end
    tn_board_pick #(.N(NODES), .EW(EW)) u_pick (
        .sel_i(nd_hot), .packets_i(packets), .accepted_i(accepted), .delivered_i(delivered),
        .injected_i(injected), .lat_sum_i(lat_sum), .lat_max_i(lat_max), .lat_min_i(lat_min),
        .rerr_i(rerr), .serr_i(serr), .ovf_i(ovf), .paterr_i(paterr),
        .packets_o(nd_packets), .accepted_o(nd_accepted), .delivered_o(nd_delivered),
        .injected_o(nd_injected), .lat_sum_o(nd_lat_sum), .lat_max_o(nd_lat_max),
        .lat_min_o(nd_lat_min), .rerr_o(nd_rerr), .serr_o(nd_serr), .ovf_o(nd_ovf),
        .paterr_o(nd_pat)
    );
    assign step     = 1'b1;
    assign ready    = 1'b1;
    assign gathered = 1'b1;
    assign n_marked = popcount(marked);
    assign n_mdone  = popcount(mdone);
    assign n_enter  = popcount(enter);
    assign n_done   = popcount(done);
    assign n_mflits = mflits;
    assign n_hits   = hits;
    assign allgen   = &all_gen;
    assign rerr_any = rerr_acc;
    assign serr_any = serr_acc;
    assign ovf32    = {{(32-NODES){1'b0}}, ovf};
    assign pat32    = {{(32-NODES){1'b0}}, paterr};
    assign nd_ok    = 1'b1;
    wire unused_par = &{1'b0, lnk_valid, lnk_vc, lnk_flit, lcrd_valid, lcrd_vc, obs, start, agn};
        end else begin : g_emu
            // the nodes on the engine (fpga/tn_board_emu.v)
            tn_board_emu #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .SEL(SEL),
                           .SQD(QD), .GAL(GAL), .GQD(GQD), .GADAPT(GADAPT), .ACOR(ACOR),
                           .E(ENGINES), .STAGES(STAGES)) u_nodes (
                .clk_i(clk_i), .drst_i(drst), .started_i(started_q),
                .started_n_i(started_d), .ended_n_i(ended_d),
                .cfg_buf_i(cfg_buf_q[CNTW-1:0]), .cfg_acrd_i(cfg_acrd),
                .cfg_route_i(cfg_route_q), .cfg_sel_i(cfg_sel_q),
                .cfg_dateline_i(cfg_dateline_q), .cfg_transit_i(cfg_transit_q),
                .cfg_seed_i(cfg_seed_q),
                .rst_i(rst_i), .sd_we_i(bus_we && a_seed), .pm_we_i(bus_we && a_perm),
                .sp_node_i(a_sd), .sp_wdata_i(bus_wdata), .sd_rd_o(sd_rd), .pm_rd_o(pm_rd),
                .thresh_i(src_thresh),
                .pattern_i(src_pattern), .hot_thr_i({hot_thr_hi_q, hot_thr_q}),
                .n_hot_i(n_hot_q), .hot_i(hot_q), .pkt_min_i(pkt_min_q), .pkt_max_i(pkt_max_q),
                .cycle_i(cyc_q[15:0]), .in_win_i(in_win), .late_i(late),
                .before_hi_i(before_hi), .stop_i(stop_now),
                .lo_ge_i(lo_ge), .lo_d_i(lo_d), .hi_ge_i(!before_hi), .hi_d_i(hi_d),
                .hist_shift_i(hist_shift_q),
                .gal_sets_i(gal_sets_q), .gal_adapt_i(gal_adapt_q), .gal_t_i(gal_t_q),
                .gal_tmin_i(gal_tmin_q), .gal_tmax_i(gal_tmax_q), .gal_n1_i(gal_n1_q),
                .gal_n2_i(gal_n2_q),
                .acor_seq_i(acor_seq_q), .acor_mode_i(acor_mode_q), .acor_hi_i(acor_hi_q),
                .acor_it1_i(acor_it1_q), .acor_it2_i(acor_it2_q), .acor_dt1_i(acor_dt1_q),
                .acor_dt2_i(acor_dt2_q),
                .ready_o(ready), .step_o(step), .gathered_o(gathered),
                .n_marked_o(n_marked), .n_mdone_o(n_mdone), .n_enter_o(n_enter),
                .n_done_o(n_done), .n_mflits_o(n_mflits), .n_hits_o(n_hits),
                .allgen_o(allgen), .rerr_o(rerr_any), .serr_o(serr_any), .ovf_o(ovf32),
                .paterr_o(pat32),
                .rd_node_i(a_nd), .rd_ok_o(nd_ok),
                .nd_packets_o(nd_packets), .nd_accepted_o(nd_accepted),
                .nd_lat_sum_o(nd_lat_sum), .nd_lat_max_o(nd_lat_max),
                .nd_lat_min_o(nd_lat_min), .nd_delivered_o(nd_delivered),
                .nd_injected_o(nd_injected), .nd_rerr_o(nd_rerr), .nd_serr_o(nd_serr),
                .nd_ovf_o(nd_ovf), .nd_paterr_o(nd_pat)
            );
            wire unused_emu = &{1'b0, torus_rst};
        end
    endgenerate

    // ---- run control: tnsim's window, stop and drain (cmodel/sim/sim.c, tn_sim_run); the
    // registers move at the end of each network cycle (step) ----
    assign stop_now = stop_q || (started_q && (cyc_q >= win_hi) &&
                                 (((outst_q == 32'd0) && allgen) || (cyc_q >= lim)));
    wire end_now = started_q && stop_now && (infl_q == 32'd0);
    reg  go_q;   // a start is pending (the engine takes it at the end of a sweep)
    assign started_d = !drst && (started_q || ((run || go_q) && ready));
    assign ended_d   = !drst && (ended_q || (started_q && step && end_now));
    integer hb;
    always @(posedge clk_i) begin
        if (drst) begin
            started_q  <= 1'b0;
            go_q       <= 1'b0;
            stop_q     <= 1'b0;
            ended_q    <= 1'b0;
            cyc_q      <= 32'd0;
            stop_cyc_q <= 32'd0;
            outst_q    <= 32'd0;
            infl_q     <= 32'd0;
            cmark_q    <= 32'd0;
            cflit_q    <= 32'd0;
            for (hb = 0; hb < BINSI; hb = hb + 1)
                hist_q[hb*32 +: 32] <= 32'd0;
        end else begin
            go_q <= (go_q || run) && !started_q && !(ready && (go_q || run));
            started_q <= started_d;
            ended_q <= ended_d;
            if (started_q && step) begin
                stop_q <= stop_now;
                if (stop_now && !stop_q)
                    stop_cyc_q <= cyc_q;
                if (!end_now && !ended_q)
                    cyc_q <= cyc_q + 32'd1;
                outst_q <= outst_q + {22'd0, n_marked} - {22'd0, n_mdone};
                cmark_q <= cmark_q + {22'd0, n_marked};
                cflit_q <= cflit_q + {14'd0, n_mflits};
                infl_q  <= infl_q + {22'd0, n_enter} - {22'd0, n_done};
                for (hb = 0; hb < BINSI; hb = hb + 1)
                    hist_q[hb*32 +: 32] <= hist_q[hb*32 +: 32] + {22'd0, n_hits[hb*10 +: 10]};
            end
        end
    end
    wire fin = ended_q && gathered;   // the run has ended and its figures are all in

    // ---- the register bus (docs/board-reference.md, Register map) ----
    wire [31:0] rerr_or = {{(32-EW){1'b0}}, rerr_any};
    wire [31:0] serr_or = {28'd0, serr_any};
    wire any_err = (rerr_or != 32'd0) || (serr_or != 32'd0) || (ovf32 != 32'd0) ||
                   (pat32 != 32'd0);
    wire [31:0] status = {26'd0, pat32 != 32'd0, ovf32 != 32'd0, any_err, fin, stop_q,
                          started_q};

    wire       a_hot  = (bus_addr[15:4] == A_HOT[15:4]);
    wire       a_hist = (bus_addr[15:4] == A_HIST[15:4]);
    // node a_nd's registers (nd_*)
    reg [31:0] nrd, hrd;
    integer m3;
    always @* begin
        case (bus_addr[3:0])
            `TN_BN_PACKETS:    nrd = nd_packets;
            `TN_BN_ACCEPTED:   nrd = nd_accepted;
            `TN_BN_LAT_SUM_LO: nrd = nd_lat_sum[31:0];
            `TN_BN_LAT_SUM_HI: nrd = {16'd0, nd_lat_sum[47:32]};
            `TN_BN_LAT_MAX:    nrd = {16'd0, nd_lat_max};
            `TN_BN_LAT_MIN:    nrd = {16'd0, nd_lat_min};
            `TN_BN_DELIVERED:  nrd = nd_delivered;
            `TN_BN_INJECTED:   nrd = nd_injected;
            `TN_BN_RERR:       nrd = {{(32-EW){1'b0}}, nd_rerr};
            `TN_BN_SERR:       nrd = {28'd0, nd_serr};
            `TN_BN_SRC:        nrd = {30'd0, nd_pat, nd_ovf};
            default: nrd = 32'd0;
        endcase
    end
    always @* begin
        hrd = 32'd0;
        for (m3 = 0; m3 < 16; m3 = m3 + 1)
            if (bus_addr[3:0] == m3[3:0])
                hrd = {{(32-AW){1'b0}}, hot_q[m3*AW +: AW]};
    end
    wire node_mapped = (bus_addr[3:0] <= `TN_BN_INJECTED) ||
                       (bus_addr[3:0] >= `TN_BN_RERR && bus_addr[3:0] <= `TN_BN_SRC);
    reg [31:0] rd;
    reg        rd_ok, wr_ok;
    always @* begin
        rd = 32'd0;
        rd_ok = 1'b1;
        wr_ok = 1'b0;
        if (a_node) begin
            rd = nrd;
            rd_ok = node_mapped && nd_ok;
        end else if (a_seed) begin
            rd = sd_rd;
            wr_ok = 1'b1;
        end else if (a_perm) begin
            rd = {{(32-AW){1'b0}}, pm_rd};
            wr_ok = 1'b1;
        end else if (a_hot) begin
            rd = hrd;
            wr_ok = 1'b1;
        end else if (a_hist) begin
            rd = hist_q[bus_addr[3:0]*32 +: 32];
        end else begin
            case (bus_addr)
                `TN_B_BUILD0: rd = BUILD0;
                `TN_B_BUILD1: rd = BUILD1;
                `TN_B_BUILD2: rd = BUILD2;
                `TN_B_MAGIC: rd = MAGIC;
                `TN_B_BUILD3: rd = BUILD3;
                `TN_B_BUILD4: rd = BUILD4;
                `TN_B_GAL_SETS: begin rd = {30'd0, gal_sets_q};     wr_ok = 1'b1; end
                `TN_B_GAL_ADAPT: begin rd = {31'd0, gal_adapt_q};    wr_ok = 1'b1; end
                `TN_B_GAL_T: begin rd = {21'd0, gal_t_q};        wr_ok = 1'b1; end
                `TN_B_GAL_TMIN: begin rd = {21'd0, gal_tmin_q};     wr_ok = 1'b1; end
                `TN_B_GAL_TMAX: begin rd = {21'd0, gal_tmax_q};     wr_ok = 1'b1; end
                `TN_B_GAL_N1: begin rd = {25'd0, gal_n1_q};       wr_ok = 1'b1; end
                `TN_B_GAL_N2: begin rd = {12'd0, gal_n2_q};       wr_ok = 1'b1; end
                `TN_B_HOT_THRESH: begin rd = hot_thr_q;               wr_ok = 1'b1; end
                `TN_B_ACOR_SEQ: begin rd = {30'd0, acor_seq_q};     wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_MODE: begin rd = {31'd0, acor_mode_q};    wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_HI: begin rd = {16'd0, acor_hi_q};      wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_IT1: begin rd = {16'd0, acor_it1_q};     wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_IT2: begin rd = {16'd0, acor_it2_q};     wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_DT1: begin rd = {16'd0, acor_dt1_q};     wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_ACOR_DT2: begin rd = {16'd0, acor_dt2_q};     wr_ok = HAS_ACOR; rd_ok = HAS_ACOR; end
                `TN_B_HOT_THRESH_HI: begin rd = {31'd0, hot_thr_hi_q};   wr_ok = 1'b1; end
                `TN_B_N_HOT: begin rd = {27'd0, n_hot_q};        wr_ok = 1'b1; end
                `TN_B_ROUTING: begin rd = {29'd0, cfg_route_q};    wr_ok = 1'b1; end
                `TN_B_SEL: begin rd = {29'd0, cfg_sel_q};      wr_ok = 1'b1; end
                `TN_B_TRANSIT: begin rd = {31'd0, cfg_transit_q};  wr_ok = 1'b1; end
                `TN_B_DATELINE: begin rd = {31'd0, cfg_dateline_q}; wr_ok = 1'b1; end
                `TN_B_BUF: begin rd = {24'd0, cfg_buf_q};      wr_ok = 1'b1; end
                `TN_B_RSEED: begin rd = cfg_seed_q;              wr_ok = 1'b1; end
                `TN_B_THRESH: begin rd = thresh_q;                wr_ok = 1'b1; end
                `TN_B_THRESH_HI: begin rd = {31'd0, thresh_hi_q};    wr_ok = 1'b1; end
                `TN_B_PATTERN: begin rd = {28'd0, pattern_q};      wr_ok = 1'b1; end
                `TN_B_SWITCH_AT: begin rd = sw_at_q;                 wr_ok = 1'b1; end
                `TN_B_SWITCH_THRESH: begin rd = sw_thr_q;            wr_ok = 1'b1; end
                `TN_B_SWITCH_THRESH_HI: begin rd = {31'd0, sw_thr_hi_q}; wr_ok = 1'b1; end
                `TN_B_SWITCH_PATTERN: begin rd = {28'd0, sw_pattern_q}; wr_ok = 1'b1; end
                `TN_B_PKT_MIN: begin rd = {23'd0, pkt_min_q};      wr_ok = 1'b1; end
                `TN_B_PKT_MAX: begin rd = {23'd0, pkt_max_q};      wr_ok = 1'b1; end
                `TN_B_WARMUP: begin rd = warmup_q;                wr_ok = 1'b1; end
                `TN_B_MEASURE: begin rd = measure_q;               wr_ok = 1'b1; end
                `TN_B_DRAIN: begin rd = drain_q;                 wr_ok = 1'b1; end
                `TN_B_HIST_SHIFT: begin rd = {27'd0, hist_shift_q};   wr_ok = 1'b1; end
                `TN_B_STATUS: rd = status;
                `TN_B_CYCLE: rd = cyc_q;
                `TN_B_STOP_CYCLE: rd = stop_cyc_q;
                `TN_B_OUTSTANDING: rd = outst_q;
                `TN_B_IN_FLIGHT: rd = infl_q;
                `TN_B_RERR: rd = rerr_or;
                `TN_B_SERR: rd = serr_or;
                `TN_B_OVF: rd = ovf32;
                `TN_B_PATERR: rd = pat32;
                `TN_B_CREATED: rd = cmark_q;
                `TN_B_CREATED_FLITS: rd = cflit_q;
                default: rd_ok = 1'b0;
            endcase
        end
    end

    always @(posedge clk_i) begin
        rdata_q <= rd;
        berr_q  <= (bus_re && !rd_ok) || (bus_we && !wr_ok);
    end

    integer s;
    always @(posedge clk_i) begin
        if (rst_i) begin
            cfg_route_q    <= 3'd0;
            cfg_sel_q      <= 3'd0;
            cfg_transit_q  <= 1'b1;
            cfg_dateline_q <= 1'b1;
            cfg_buf_q      <= B8;
            cfg_seed_q     <= 32'd1;
            thresh_q       <= 32'd0;
            thresh_hi_q    <= 1'b0;
            pattern_q      <= 4'd0;
            sw_at_q        <= 32'd0;
            sw_thr_q       <= 32'd0;
            sw_thr_hi_q    <= 1'b0;
            sw_pattern_q   <= 4'd0;
            pkt_min_q      <= 9'd4;
            pkt_max_q      <= 9'd4;
            warmup_q       <= 32'd1000;
            measure_q      <= 32'd10000;
            drain_q        <= 32'd50000;
            hist_shift_q   <= 5'd3;
            gal_sets_q     <= 2'd0;
            gal_adapt_q    <= 1'b0;
            gal_t_q        <= 11'd2;
            gal_tmin_q     <= 11'd2;
            gal_tmax_q     <= 11'd128;
            gal_n1_q       <= 7'd50;
            gal_n2_q       <= 20'd20;
            hot_thr_q      <= 32'd0;
            hot_thr_hi_q   <= 1'b0;
            n_hot_q        <= 5'd1;
            hot_q          <= {(16*AW){1'b0}};
            acor_seq_q     <= `TN_ACOR_SEQ_BOX_GOALQ; // tnsim's defaults (R23.6.1); written only with ACOR
            acor_mode_q    <= 1'b0;
            acor_hi_q      <= 16'd1024;
            acor_it1_q     <= 16'd128;
            acor_it2_q     <= 16'd384;
            acor_dt1_q     <= 16'd42;
            acor_dt2_q     <= 16'd128;
        end else if (bus_we && wr_ok) begin
            for (s = 0; s < 16; s = s + 1)
                if (a_hot && bus_addr[3:0] == s[3:0])
                    hot_q[s*AW +: AW] <= bus_wdata[AW-1:0];
            case (bus_addr)
                `TN_B_ROUTING: cfg_route_q    <= bus_wdata[2:0];
                `TN_B_SEL: cfg_sel_q      <= bus_wdata[2:0];
                `TN_B_TRANSIT: cfg_transit_q  <= bus_wdata[0];
                `TN_B_DATELINE: cfg_dateline_q <= bus_wdata[0];
                `TN_B_BUF: cfg_buf_q      <= bus_wdata[7:0];
                `TN_B_RSEED: cfg_seed_q     <= bus_wdata;
                `TN_B_THRESH: thresh_q       <= bus_wdata;
                `TN_B_THRESH_HI: thresh_hi_q    <= bus_wdata[0];
                `TN_B_PATTERN: pattern_q      <= bus_wdata[3:0];
                `TN_B_SWITCH_AT: sw_at_q      <= bus_wdata;
                `TN_B_SWITCH_THRESH: sw_thr_q <= bus_wdata;
                `TN_B_SWITCH_THRESH_HI: sw_thr_hi_q <= bus_wdata[0];
                `TN_B_SWITCH_PATTERN: sw_pattern_q <= bus_wdata[3:0];
                `TN_B_PKT_MIN: pkt_min_q      <= bus_wdata[8:0];
                `TN_B_PKT_MAX: pkt_max_q      <= bus_wdata[8:0];
                `TN_B_WARMUP: warmup_q       <= bus_wdata;
                `TN_B_MEASURE: measure_q      <= bus_wdata;
                `TN_B_DRAIN: drain_q        <= bus_wdata;
                `TN_B_HIST_SHIFT: hist_shift_q   <= bus_wdata[4:0];
                `TN_B_GAL_SETS: gal_sets_q     <= bus_wdata[1:0];
                `TN_B_GAL_ADAPT: gal_adapt_q    <= bus_wdata[0];
                `TN_B_GAL_T: gal_t_q        <= bus_wdata[10:0];
                `TN_B_GAL_TMIN: gal_tmin_q     <= bus_wdata[10:0];
                `TN_B_GAL_TMAX: gal_tmax_q     <= bus_wdata[10:0];
                `TN_B_GAL_N1: gal_n1_q       <= bus_wdata[6:0];
                `TN_B_GAL_N2: gal_n2_q       <= bus_wdata[19:0];
                `TN_B_HOT_THRESH: hot_thr_q      <= bus_wdata;
                `TN_B_HOT_THRESH_HI: hot_thr_hi_q   <= bus_wdata[0];
                `TN_B_N_HOT: n_hot_q        <= bus_wdata[4:0];
                `TN_B_ACOR_SEQ: if (HAS_ACOR) acor_seq_q     <= bus_wdata[1:0];
                `TN_B_ACOR_MODE: if (HAS_ACOR) acor_mode_q    <= bus_wdata[0];
                `TN_B_ACOR_HI: if (HAS_ACOR) acor_hi_q      <= bus_wdata[15:0];
                `TN_B_ACOR_IT1: if (HAS_ACOR) acor_it1_q     <= bus_wdata[15:0];
                `TN_B_ACOR_IT2: if (HAS_ACOR) acor_it2_q     <= bus_wdata[15:0];
                `TN_B_ACOR_DT1: if (HAS_ACOR) acor_dt1_q     <= bus_wdata[15:0];
                `TN_B_ACOR_DT2: if (HAS_ACOR) acor_dt2_q     <= bus_wdata[15:0];
                default: ;
            endcase
        end
    end

    // busy: the run has started and not ended (tnboard keeps its clock running)
    wire core_busy = started_q && !fin;
    // LEDs: 0 running, 1 run ended, 2 any error, 3 design reset, 4 control plane idle
    assign led_o = {3'd0, ctrl_idle, drst, any_err, fin, core_busy};
    wire unused_ok = &{1'b0, cycles_left, ctrl_done};
endmodule
