// SPDX-License-Identifier: MIT
// Traffic source of one injection channel (cmodel/hw/source.c; docs/traffic.md section 2;
// docs/microarchitecture.md section 9), for the board. The C model's infinite source queue is a
// per-cycle process feeding a descriptor FIFO of QD entries (docs/traffic.md: the lazy C
// generator gives the same packets): every active cycle one Bernoulli draw against the threshold,
// then for a new packet the length draw, the destination draws (tn_traffic) and the routing header
// draws (VAL's intermediate node, GOAL's quadrant), all from one xorshift32 stream loaded from
// seed_i at reset. The draws of cycle t are computed in cycle t-1 (cand_q): they depend on the
// stream and the configuration only. Upstream side of the router's node input port: VC choice at
// or after vc_ptr among the VCs with every credit back (R9.3), one flit per cycle (R9.5), credits
// (R9.6), seq (R9.4). A FIFO overflow sets ovf_o (sticky), never silently.
// Under GAL (parameter GAL = 1 and gal_i) the FIFO's head is offered to the node's network
// interface (tn_gal_ni, docs/microarchitecture.md section 21, R21.9) instead of being started: the
// NI's queues hold {created, len} as the tag, and the NI's sender starts the packets (R9.7).
// Under ACOR (parameter ACOR = 1 and acor_i) every cycle in which the FIFO's head is eligible
// (R23.4.1: no packet being sent, a packet waiting, the sources not stopped) is an attempt
// (acor_att_o, acor_rdy_o: a VC with every credit, R9.3 (c)) and the packet that starts carries
// the node's tn_acor's draw of that cycle (acor_mid_i) as its intermediate (R23.4.2).
// Payload (the board's, docs/board-reference.md, "Flit payload"): the head carries the packet's
// creation cycle mod 2^16; flit j >= 1 carries {len-1, j} (8 bits each). W >= 16.
// Configuration inputs are held constant from reset to the end of a run.
// State in tn_ctx_reg, the FIFO a memory {ctx, slot}: CTX = 1 one node's source; CTX > 1 one copy
// per context for the time-multiplexed engine (docs/emulator.md, section 6), the node's id then
// node_i instead of NODE.
`include "tn_defs.vh"
module tn_source #(
    parameter K       = 4,   // radix, a power of two, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16
    parameter B       = 4,   // flits per VC buffer, 1..64
    parameter W       = 16,  // payload bits, 16..64
    parameter ROUTING = 0,   // most capable algorithm built (flits carry quad/mid/phase from 2 on)
    parameter QD      = 16,  // descriptors in the source FIFO, a power of two, 2..1024
    parameter GAL     = 0,   // 1: the GAL network interface ports are used (gal_i at run time)
    parameter ACOR    = 0,   // 1: the ACOR ports are used (acor_i at run time; needs ROUTING >= 2)
    parameter NODE    = 0,   // this source's node id (CTX = 1)
    parameter CTX     = 1,   // contexts (tn_ctx_reg; 1: one node's source, docs/emulator.md)
    parameter CXW     = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire                   clk_i,
    input  wire                   rst_i,        // loads the seed; empties everything
    input  wire [CXW-1:0]         ctx_i,        // the context evaluated (CTX > 1)
    input  wire                   ctx_we_i,     // its state is written at this clock edge (CTX > 1)
    input  wire [`TN_AW-1:0]      node_i,       // the node's id when CTX > 1 (else NODE; not read)
    input  wire [31:0]            seed_i,       // tn_seed_stream(seed, 1, node*TERM + e)
    input  wire [32:0]            thresh_i,     // floor(p * 2^32), 0..2^32
    input  wire [3:0]             pattern_i,    // enum tn_traffic (tn_traffic)
    input  wire [`TN_AW-1:0]      perm_i,       // randperm: perm[NODE] (the host's)
    input  wire [32:0]            hot_thr_i,    // hotspot: (uint64_t)(hot_frac * 2^32)
    input  wire [4:0]             n_hot_i,      // hotspot: 1..16 hot nodes
    input  wire [16*`TN_AW-1:0]   hot_i,        // hotspot: hot node j at [j*AW +: AW]
    input  wire [8:0]             pkt_min_i,    // 1..256
    input  wire [8:0]             pkt_max_i,    // pkt_min..256
    input  wire [2:0]             route_i,      // run-time routing: 2 VAL and 3 GOAL draw headers
    input  wire [`TN_CNTW-1:0]    buf_i,        // flits per VC buffer in use, 1..B
    input  wire                   act_i,        // the run has started: one cycle = one draw
    input  wire [15:0]            cycle_i,      // the run's cycle mod 2^16 (the head's payload)
    // where the current cycle t lies against the window [win_lo, win_hi), shared by all sources
    input  wire                   in_win_i,     // win_lo <= t < win_hi
    input  wire                   late_i,       // t >= win_hi - 1 (the C model's gen_clock test)
    input  wire                   before_hi_i,  // t < win_hi
    input  wire                   stop_i,       // sources stopped for the final drain (this cycle)
    input  wire                   crd_valid_i,  // the router's credit register of this port
    input  wire [`TN_VW-1:0]      crd_vc_i,
    input  wire                   gal_i,        // routing=gal: packets go through the NI
    output wire                   ni_valid_o,   // GAL: the FIFO's head is offered (R21.6)
    output wire [`TN_AW-1:0]      ni_dst_o,
    output wire [26:0]            ni_tag_o,     // {created mod 2^16, late, before_hi, len}
    input  wire                   ni_take_i,    // the NI queued it this cycle
    output wire                   snd_ready_o,  // GAL: no packet being sent, a VC with all credits
    input  wire                   snd_valid_i,  // the NI's packet departs and starts
    input  wire [26:0]            snd_tag_i,
    input  wire [`TN_AW-1:0]      snd_dst_i,
    input  wire [N-1:0]           snd_quad_i,
    input  wire                   acor_i,       // routing=acor: the intermediate is tn_acor's
    output wire                   acor_att_o,   // ACOR: the head attempts this cycle (R23.4.1)
    output wire                   acor_rdy_o,   // ACOR: a VC with every credit (it starts)
    output wire [`TN_AW-1:0]      acor_dst_o,   // ACOR: the head's destination
    input  wire [`TN_AW-1:0]      acor_mid_i,   // ACOR: the intermediate drawn this cycle
    output wire                   enter_o,      // a packet entered the network's count this cycle
    output wire                   inj_valid_o,  // the injection link register
    output wire [`TN_VW-1:0]      inj_vc_o,
    output wire [`TN_FW-1:0]      inj_flit_o,
    output wire                   marked_o,     // a packet of the window was created this cycle
    output wire [8:0]             marked_len_o, // its length
    output wire                   start_o,      // a packet started this cycle
    output wire                   all_gen_o,    // C model's all_marked_generated for this channel
    output wire                   all_gen_n_o,  // the value all_gen_o takes at this clock's edge
    output wire                   ovf_o,        // sticky: a packet was lost to a full FIFO
    output wire                   pat_err_o,    // sticky: the pattern is not built
    output wire [31:0]            injected_o    // packets started since reset
);
    localparam AW   = `TN_AW;
    localparam FW   = `TN_FW;
    localparam VW   = `TN_VW;
    localparam CNTW = `TN_CNTW;
    localparam CW   = `TN_CW;
    localparam XW   = `TN_XW;
    localparam QW   = (QD > 1) ? $clog2(QD) : 1;
    // descriptor: created mod 2^16, its window flags (late_i, before_hi_i), len, dst, mid, quad
    localparam DW   = 16 + 2 + 9 + AW + AW + N;
    localparam [63:0] NODES64 = 64'd1 << AW;
    localparam [63:0] K64 = 64'd1 << CW;   // K (a power of two)
    localparam integer NODE_I = NODE;
    localparam [AW-1:0] SRC = NODE_I[AW-1:0];
    // this node: the parameter, or in the engine (CTX > 1) the node evaluated
    wire [AW-1:0] src;
    generate
        if (CTX > 1) begin : g_node_in
            assign src = node_i;
        end else begin : g_node_par
            assign src = SRC;
            wire unused_node = &{1'b0, node_i};
        end
    endgenerate
    generate
        if ((K & (K - 1)) != 0 || K < 2 || K > 64) begin : g_chk_k
            tn_error_tn_source_K_must_be_a_power_of_two_2_to_64 u_err ();
        end
        if (W < 16 || W > 64) begin : g_chk_w
            tn_error_tn_source_W_must_be_16_to_64_for_the_board_payload u_err ();
        end
        if ((QD & (QD - 1)) != 0 || QD < 2 || QD > 1024) begin : g_chk_qd
            tn_error_tn_source_QD_must_be_a_power_of_two_2_to_1024 u_err ();
        end
        if (V < 1 || V > 16) begin : g_chk_v
            tn_error_tn_source_V_must_be_1_to_16 u_err ();
        end
        if (NODE < 0 || NODE >= K ** N) begin : g_chk_node
            tn_error_tn_source_NODE_must_be_0_to_K_pow_N_minus_1 u_err ();
        end
        if (ACOR != 0 && (ACOR != 1 || ROUTING < 2)) begin : g_chk_acor
            tn_error_tn_source_ACOR_must_be_0_or_1_and_needs_ROUTING_2 u_err ();
        end
    endgenerate

    function [31:0] xs;   // xorshift32 (13, 17, 5): tn_rng_next
        input [31:0] x;
        reg [31:0] a, b;
        begin
            a  = x ^ (x << 13);
            b  = a ^ (a >> 17);
            xs = b ^ (b << 5);
        end
    endfunction

    // ---- the draws of one cycle, from stream state rng_q (docs/traffic.md section 2) ----
    wire [31:0] rng_q;
    wire [31:0] x1 = xs(rng_q);
    wire        create = thresh_i[32] || (x1 < thresh_i[31:0]);
    wire        lrange = pkt_max_i > pkt_min_i;
    wire [31:0] x2 = xs(x1);
    wire [63:0] len_p = {32'd0, x2} * {55'd0, pkt_max_i - pkt_min_i + 9'd1};
    wire [8:0]  len = lrange ? pkt_min_i + len_p[40:32] : pkt_min_i;
    wire [31:0] r2 = lrange ? x2 : x1;
    wire [31:0] x3 = xs(r2);
    wire [31:0] x4 = xs(x3);
    wire [AW-1:0] dst;
    wire [1:0]  dst_draws;
    wire        dst_err;
    tn_traffic #(.K(K), .N(N)) u_traffic (
        .src_i(src), .pattern_i(pattern_i), .x_i(x3), .x2_i(x4), .perm_i(perm_i),
        .hot_thr_i(hot_thr_i), .n_hot_i(n_hot_i), .hot_i(hot_i), .dst_o(dst),
        .ndraw_o(dst_draws), .err_o(dst_err)
    );
    wire [31:0] r3 = dst_draws[1] ? x4 : dst_draws[0] ? x3 : r2;
    // VAL: one draw below K^N (built from ROUTING 2: tnhost refuses VAL and GOAL otherwise)
    wire [31:0] xv = xs(r3);
    wire [63:0] mid_p = {32'd0, xv} * NODES64;
    // GOAL: per dimension with an offset, in order, one draw below K; non-minimal iff < delta
    // (built from ROUTING 3)
    reg  [31:0] rg;
    reg  [N-1:0] quad_g;
    reg  [63:0] gp;
    reg  [CW-1:0] cs, cd, plus, minus, delta;
    reg         dneg;
    integer d;
    always @* begin
        rg = r3;
        quad_g = {N{1'b0}};
        gp = 64'd0;
        for (d = 0; d < N; d = d + 1) begin
            cs = src[d*CW +: CW];
            cd = dst[d*CW +: CW];
            plus  = cd - cs;                   // mod K (K a power of two)
            minus = cs - cd;
            delta = (plus < minus) ? plus : minus;
            // tn_dor_dir: + if plus < minus, - if minus < plus, tie: + from even, - from odd
            dneg = (plus == minus) ? cs[0] : (minus < plus);
            if (cs != cd) begin
                rg = xs(rg);
                gp = {32'd0, rg} * K64;
                if ({1'b0, gp[32 +: 6]} < {{(7-CW){1'b0}}, delta})
                    dneg = ~dneg;
                quad_g[d] = dneg;
            end
        end
    end
    wire is_val  = (ROUTING >= 2) && (route_i == 3'd2);
    wire is_goal = (ROUTING >= 3) && (route_i == 3'd3);
    wire [AW-1:0] mid_n  = is_val ? mid_p[32 +: AW] : {AW{1'b0}};
    wire [N-1:0]  quad_n = is_goal ? quad_g : {N{1'b0}};
    wire [31:0] r4 = is_val ? xv : is_goal ? rg : r3;
    wire [31:0] rng_after = create ? r4 : x1;

    // ---- the candidate of the current cycle ----
    wire          cand_ok_q;     // cand_q holds the draws of the next active cycle
    wire          cand_new_q;
    wire [8:0]    cand_len_q;
    wire [AW-1:0] cand_dst_q, cand_mid_q;
    wire [N-1:0]  cand_quad_q;

    // ---- descriptor FIFO ----
    // the memory: word wr_q, and {ctx, wr_q} with CTX > 1
    localparam MD  = (CTX > 1) ? (CTX << QW) : QD;
    localparam MAW = (CTX > 1) ? CXW + QW : QW;
    reg  [DW-1:0] mem_q [0:MD-1];
    wire [QW-1:0] rd_q, wr_q;
    wire [QW:0]   cnt_q;
    wire [MAW-1:0] m_wa, m_ra;
    generate
        if (CTX > 1) begin : g_mctx
            assign m_wa = {ctx_i, wr_q};
            assign m_ra = {ctx_i, rd_q};
        end else begin : g_mone
            assign m_wa = wr_q;
            assign m_ra = rd_q;
        end
    endgenerate
    wire          fifo_empty = (cnt_q == {(QW+1){1'b0}});
    wire          fifo_full  = (cnt_q == QD[QW:0]);
    wire          new_pkt = act_i && cand_new_q && !stop_i;
    wire [DW-1:0] new_desc = {cycle_i, late_i, before_hi_i, cand_len_q, cand_dst_q, cand_mid_q,
                              cand_quad_q};
    wire [DW-1:0] head = fifo_empty ? new_desc : mem_q[m_ra];
    wire          head_ok = !fifo_empty || new_pkt;
    wire [15:0]   h_created = head[DW-1 -: 16];
    wire          h_late = head[DW-17];          // created >= win_hi - 1
    wire          h_bhi  = head[DW-18];          // created < win_hi
    wire [8:0]    h_len  = head[DW-19 -: 9];
    wire [AW-1:0] h_dst  = head[AW+AW+N-1 -: AW];
    wire [AW-1:0] h_mid  = head[AW+N-1 -: AW];
    wire [N-1:0]  h_quad = head[N-1:0];

    // ---- injection ----
    wire [V*CNTW-1:0] cred_q;    // credits per VC
    wire [VW-1:0]   vc_ptr_q, vc_q;
    wire            in_pkt_q;
    wire [7:0]      idx_q, lm1_q;
    wire [AW-1:0]   p_dst_q, p_mid_q;
    wire [N-1:0]    p_quad_q;
    wire            pend_q, gen_hi_q;

    // the first VC at or after vc_ptr with every credit back
    reg             vc_found;
    reg  [VW-1:0]   vc_sel;
    integer i, v;
    always @* begin
        vc_found = 1'b0;
        vc_sel = {VW{1'b0}};
        for (i = V - 1; i >= 0; i = i - 1) begin
            v = ({{(32-VW){1'b0}}, vc_ptr_q} + i) % V;
            if (cred_q[v*CNTW +: CNTW] == buf_i) begin
                vc_found = 1'b1;
                vc_sel = v[VW-1:0];
            end
        end
    end
    localparam integer VL = V - 1;
    localparam [VW-1:0] VLAST = VL[VW-1:0];
    reg [V-1:0] crd_hot, snd_hot;
    integer h;
    always @* begin
        crd_hot = {V{1'b0}};
        snd_hot = {V{1'b0}};
        for (h = 0; h < V; h = h + 1) begin
            crd_hot[h] = crd_valid_i && (crd_vc_i == h[VW-1:0]);
            snd_hot[h] = (can_start || send_body) && (s_vc == h[VW-1:0]);
        end
    end

    // GAL: the head goes to the NI, the NI's sender starts packets (tn_source_send in the C
    // model: it does not stop for the final drain; only the queuing does)
    wire gal = (GAL != 0) && gal_i;
    assign ni_valid_o  = gal && act_i && !stop_i && head_ok;
    assign ni_dst_o    = h_dst;
    assign ni_tag_o    = {h_created, h_late, h_bhi, h_len};
    assign snd_ready_o = gal && act_i && !in_pkt_q && vc_found;
    wire take = ni_valid_o && ni_take_i;
    wire can_start = gal ? (snd_ready_o && snd_valid_i)
                         : (act_i && !in_pkt_q && !stop_i && head_ok && vc_found);
    wire leave = gal ? take : can_start;    // the FIFO's head leaves it
    // ACOR: an attempt in every cycle the head is eligible (tn_source_step in the C model)
    wire acor = (ACOR != 0) && acor_i;
    assign acor_att_o = acor && act_i && !in_pkt_q && !stop_i && head_ok;
    assign acor_rdy_o = vc_found;
    assign acor_dst_o = h_dst;
    wire send_body = act_i && in_pkt_q && (cred_q[vc_q*CNTW +: CNTW] != {CNTW{1'b0}});
    wire push = new_pkt && !(fifo_empty && leave);
    wire pop  = leave && !fifo_empty;
    assign enter_o = leave;
    // the packet that starts: the FIFO's head, or under GAL the NI's
    wire [15:0]   st_created = gal ? snd_tag_i[26:11] : h_created;
    wire [8:0]    st_len  = gal ? snd_tag_i[8:0] : h_len;
    wire [AW-1:0] st_dst  = gal ? snd_dst_i : h_dst;
    wire [AW-1:0] st_mid  = gal ? {AW{1'b0}} : acor ? acor_mid_i : h_mid;
    wire [N-1:0]  st_quad = gal ? snd_quad_i : h_quad;
    assign marked_o     = new_pkt && in_win_i;
    assign marked_len_o = cand_len_q;
    assign start_o      = can_start;

    // the flit of this cycle
    wire [VW-1:0] s_vc   = can_start ? vc_sel : vc_q;
    wire [7:0]    s_idx  = can_start ? 8'd0 : idx_q;
    wire [7:0]    s_lm1  = can_start ? st_len[7:0] - 8'd1 : lm1_q;
    wire [AW-1:0] s_dst  = can_start ? st_dst : p_dst_q;
    wire [AW-1:0] s_mid  = can_start ? st_mid : p_mid_q;
    wire [N-1:0]  s_quad = can_start ? st_quad : p_quad_q;
    wire          s_tail = (s_idx == s_lm1);
    wire [W-1:0]  s_pay  = can_start ? {{(W-16){1'b0}}, st_created[15:0]}
                                     : {{(W-16){1'b0}}, lm1_q, idx_q};
    // R4.2: payload, src, dst, [quad, mid, phase = 0], tail, head
    wire [FW-1:0] flit;
    generate
        if (XW > 0) begin : g_hdr
            assign flit = {can_start, s_tail, 1'b0, s_mid, s_quad, s_dst, src, s_pay};
        end else begin : g_nohdr
            assign flit = {can_start, s_tail, s_dst, src, s_pay};
            wire unused_hdr = &{1'b0, s_mid, s_quad};
        end
    endgenerate

    // the descriptor memory: written in reset too, as before (the engine writes only the context
    // it evaluates)
    wire m_we = (CTX == 1) || ctx_we_i;
    always @(posedge clk_i) begin
        if (push && !fifo_full && m_we)
            mem_q[m_wa] <= new_desc;
    end

    // the draws: once to prime after reset, then once per active cycle
    localparam DRW = 32 + 1 + 1 + 9 + AW + AW + N + 1;
    wire [(DRW)-1:0] unused_u_draw_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(DRW), .CTX(CTX)) u_draw (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (!cand_ok_q || act_i),
        .rv_i ({seed_i, {(DRW-32){1'b0}}}),
        .d_i  ({rng_after, 1'b1, create, len, dst, mid_n, quad_n,
                pat_err_o || (create && dst_err)}),
        .q_o  ({rng_q, cand_ok_q, cand_new_q, cand_len_q, cand_dst_q, cand_mid_q, cand_quad_q,
                pat_err_o}),
        .qw_o (unused_u_draw_w));

    // the FIFO's pointers and count, its overflow flag, and the credits per VC
    reg [V*CNTW-1:0] cred_d;
    integer q;
    always @* begin
        for (q = 0; q < V; q = q + 1)
            cred_d[q*CNTW +: CNTW] = cred_q[q*CNTW +: CNTW] + {{(CNTW-1){1'b0}}, crd_hot[q]}
                                     - {{(CNTW-1){1'b0}}, snd_hot[q]};
    end
    wire wr = push && !fifo_full;
    localparam FPW = QW + QW + (QW + 1) + 1 + V * CNTW;
    wire [(FPW)-1:0] unused_u_fifo_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(FPW), .CTX(CTX)) u_fifo (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({{(QW+QW+QW+1+1){1'b0}}, {V{buf_i}}}),
        .d_i  ({wr ? wr_q + {{(QW-1){1'b0}}, 1'b1} : wr_q,
                pop ? rd_q + {{(QW-1){1'b0}}, 1'b1} : rd_q,
                cnt_q + {{QW{1'b0}}, wr} - {{QW{1'b0}}, pop},
                ovf_o || (push && fifo_full),
                cred_d}),
        .q_o  ({wr_q, rd_q, cnt_q, ovf_o, cred_q}),
        .qw_o (unused_u_fifo_w));

    // the C model's lazy generator clock (all_marked_generated in cmodel/sim/sim.c): it advances
    // when the channel is free to take its next packet (under GAL every cycle: the injection unit
    // offers a packet whatever is being sent)
    wire [(3)-1:0] unused_u_gen_w;   // (one stage: read and written at ctx_i)
    wire gen_en = act_i && (gal || !in_pkt_q) && !stop_i;
    wire gen_d  = (head_ok ? h_late : late_i) && !(head_ok && !leave && h_bhi);
    tn_ctx_reg #(.W(3), .CTX(CTX)) u_gen (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (gen_en),
        .rv_i (3'd0),
        .d_i  ({head_ok && !leave, head_ok ? h_late : late_i, gen_d}),
        .q_o  ({pend_q, gen_hi_q, all_gen_o}),
        .qw_o (unused_u_gen_w));
    // (the engine's board ANDs it over a sweep: every source's all_gen_o at the next cycle's start)
    assign all_gen_n_o = !rst_i && (gen_en ? gen_d : all_gen_o);

    // the packet being sent: VC, dst, mid, quad take this cycle's flit's (s_*: the packet that
    // starts, else themselves), the next value of inj_flit_o's bits too: the flip-flops are shared
    localparam PKW = VW + AW + AW + N;
    wire [(PKW)-1:0] unused_u_pkt_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(PKW), .CTX(CTX)) u_pkt (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({PKW{1'b0}}),
        .d_i  ({s_vc, s_dst, s_mid, s_quad}),
        .q_o  ({vc_q, p_dst_q, p_mid_q, p_quad_q}),
        .qw_o (unused_u_pkt_w));
    // taken when a packet starts: the VC to try first next, length - 1, the packets started
    wire [(VW + 8 + 32)-1:0] unused_u_start_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(VW + 8 + 32), .CTX(CTX)) u_start (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (can_start),
        .rv_i ({(VW + 8 + 32){1'b0}}),
        .d_i  ({(vc_sel == VLAST) ? {VW{1'b0}} : vc_sel + {{(VW-1){1'b0}}, 1'b1},
                st_len[7:0] - 8'd1, injected_o + 32'd1}),
        .q_o  ({vc_ptr_q, lm1_q, injected_o}),
        .qw_o (unused_u_start_w));
    // the flit index and whether a packet is open
    wire [(9)-1:0] unused_u_idx_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(9), .CTX(CTX)) u_idx (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (can_start || send_body),
        .rv_i (9'd0),
        .d_i  (can_start ? {st_len != 9'd1, 8'd1}
                         : {(idx_q == lm1_q) ? 1'b0 : in_pkt_q, idx_q + 8'd1}),
        .q_o  ({in_pkt_q, idx_q}),
        .qw_o (unused_u_idx_w));

    // the injection link register (read by this node's router)
    wire [(1 + VW + FW)-1:0] unused_u_inj_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(1 + VW + FW), .CTX(CTX)) u_inj (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({(1 + VW + FW){1'b0}}),
        .d_i  ({can_start || send_body, s_vc, flit}),
        .q_o  ({inj_valid_o, inj_vc_o, inj_flit_o}),
        .qw_o (unused_u_inj_w));
    wire unused_ok = &{1'b0, v[31:0], gen_hi_q, pend_q, len_p[63:41], len_p[31:0], mid_p[63:32+AW],
                       mid_p[31:0], gp[63:38], gp[31:0], s_lm1, snd_tag_i[10:9]};
endmodule
