// SPDX-License-Identifier: MIT
// ACOR beside one router (cmodel/hw/acor.c, the attempt of cmodel/hw/source.c and acor_tick of
// cmodel/sim/sim.c; docs/microarchitecture.md 23): the node's misrouting level machine with
// hysteresis (R23.5) and, per injection channel e, the ACOR stream and the restricted draw of a
// Valiant intermediate node (R23.3), the saturating count of failed attempts (R23.4.3) and the
// level in force (R23.2.2).
//
// One cycle: the harness (or the board's NI) says per channel whether its head attempts (att_i:
// R23.4.1's eligibility) and whether it starts (rdy_i: R9.3 (c), a VC with all credits); mid_o
// is the intermediate drawn from the set of the level in force (combinational, valid when att_i),
// lvl_o that level. At the end of the cycle: the stream takes x_N on an attempt (holds
// otherwise), fail counts blocked events (att_i & !rdy_i) and clears on a start, and the level
// machine takes the node's blocked events of the cycle (R23.5.2).
//
// State (level, cnt, tmr; per channel rng and fail) is held in tn_ctx_reg: CTX = 1 flip-flops, CTX
// > 1 one copy per context for the time-multiplexed engine (docs/emulator.md, section 6).
//
// Area (docs/lint.md): one 16 x (CW+1) multiplier per dimension and channel (frac with a
// variable n), the others are constant multiplies by K; the N xorshift32 steps are XOR gates.
`include "tn_defs.vh"
`include "tn_faults.vh"
module tn_acor #(
    parameter K    = 4,   // radix, 2..64 (ACOR needs a torus)
    parameter N    = 2,   // dimensions, 1..4
    parameter TERM = 1,   // injection channels per node, 1..4
    parameter CTX  = 1,   // contexts (tn_ctx_reg; 1: one node's block, docs/emulator.md)
    parameter CXW  = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,       // synchronous, active high
    input  wire [CXW-1:0]        ctx_i,       // the context evaluated (CTX > 1)
    input  wire                  ctx_we_i,    // its state is written at this clock edge (CTX > 1)
    // run-time configuration (constant during a run; R23.6.1)
    input  wire [1:0]            cfg_seq_i,   // acor_seq: 0 box-full, 1 goalq-full, 2 box-goalq-full, 3 box-goalq
    input  wire                  cfg_mode_i,  // acor_mode: 0 router, 1 packet
    input  wire [15:0]           cfg_hi_i,    // acor_hi: hysteresis interval, cycles
    input  wire [15:0]           cfg_it1_i,   // acor_it1: rise threshold of level 0
    input  wire [15:0]           cfg_it2_i,   // acor_it2: rise threshold of level 1
    input  wire [15:0]           cfg_dt1_i,   // acor_dt1: fall threshold of level 1
    input  wire [15:0]           cfg_dt2_i,   // acor_dt2: fall threshold of level 2
    input  wire [`TN_AW-1:0]     coord_i,     // this node's coordinates, packed (section 3)
    input  wire [TERM*32-1:0]    seed_i,      // g ^ salt(K^N + s*TERM + e) per channel (R23.3.1;
                                              // 0 becomes 0x6D2B79F5, as in tn_rng)
    // injection channel e
    input  wire [TERM-1:0]       att_i,       // the head is eligible this cycle: an attempt
    input  wire [TERM-1:0]       rdy_i,       // a VC with all credits: the head starts if it attempts
    input  wire [TERM*`TN_AW-1:0] dst_i,      // the head's destination, packed
    output wire [TERM*`TN_AW-1:0] mid_o,      // the intermediate drawn this cycle (valid with att_i)
    output wire [TERM*2-1:0]     lvl_o,       // the level in force (R23.2.2)
    // observation (LSB first, rtl/common/tn_defs.tbl acorobs rows): level, cnt, tmr, rng[e], fail[e]
    output wire [`TN_AOBSW-1:0]  obs_o
);
    // derived widths (rtl/common/tn_defs.tbl)
    localparam CW  = `TN_CW;
    localparam AW  = `TN_AW;
    localparam CTW = 18;          // cnt: at most TERM * HI < 2^18
    localparam integer KI = K;
    localparam [CW:0] KK = KI[CW:0];
    localparam [1:0] SET_BOX = 2'd0, SET_GOALQ = 2'd1, SET_FULL = 2'd2;

    // frac(f, n) = (f * n) >> 16 (R23.3.2) as shift-and-add over the CW + 1 bits of n: LUTs and
    // carry chains, no DSP block (the board has 16 of these)
    function [CW:0] frac16;
        input [15:0] f;
        input [CW:0] n;
        integer b;
        reg [CW+16:0] acc;
        begin
            acc = {(CW+17){1'b0}};
            for (b = 0; b <= CW; b = b + 1)
                if (n[b])
                    acc = acc + ({{(CW+1){1'b0}}, f} << b);
            frac16 = acc[CW+16:16];
        end
    endfunction

    // n xorshift32 steps (R11.1.1); synthesis shares the common prefix of the chains
    function [31:0] xs_steps;
        input [31:0]  a;
        input integer n;
        integer i;
        reg [31:0] v;
        begin
            v = a;
            for (i = 0; i < n; i = i + 1) begin
                v = v ^ (v << 13);
                v = v ^ (v >> 17);
                v = v ^ (v << 5);
            end
            xs_steps = v;
        end
    endfunction

    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (K < 2 || K > 64) begin : g_chk_k
            tn_error_acor_K_must_be_2_to_64 u_err ();
        end
        if (N < 1 || N > 4) begin : g_chk_n
            tn_error_acor_N_must_be_1_to_4 u_err ();
        end
        if (TERM < 1 || TERM > 4) begin : g_chk_term
            tn_error_acor_TERM_must_be_1_to_4 u_err ();
        end
    endgenerate

    // ---- the level machine (R23.5.2) ----
    wire [1:0]     level_q;
    wire [CTW-1:0] cnt_q;
    wire [15:0]    tmr_q;
    wire [1:0]     top = (cfg_seq_i == 2'd2) ? 2'd2 : 2'd1;   // levels - 1 (R23.2.1)
    wire [TERM-1:0] blk = att_i & ~rdy_i;              // blocked events (R23.4.2)
    reg  [2:0]     nblk;
    integer ib;
    always @* begin
        nblk = 3'd0;
        for (ib = 0; ib < TERM; ib = ib + 1)
            nblk = nblk + {2'd0, blk[ib]};
    end
    wire [CTW-1:0] c    = cnt_q + {{(CTW-3){1'b0}}, nblk};
    wire [15:0]    it   = (level_q == 2'd0) ? cfg_it1_i : cfg_it2_i;
    wire [15:0]    dt   = (level_q == 2'd1) ? cfg_dt1_i : cfg_dt2_i;
    wire           up   = (level_q < top) && (c >= {2'b00, it});
    wire           endi = (tmr_q <= 16'd1);
    wire           down = !up && endi && (level_q != 2'd0)
                          && `TN_HOOK_ACOR_HYS((c <= {2'b00, dt}), c, ({2'b00, dt}));
    // level, cnt, tmr: a new interval on a rise or at its end (tmr reloads cfg_hi_i)
    localparam LW = 2 + CTW + 16;
    wire           rl = up || endi;
    wire [(LW)-1:0] unused_u_lvl_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(LW), .CTX(CTX)) u_lvl (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({2'd0, {CTW{1'b0}}, cfg_hi_i}),
        .d_i  ({level_q + {1'b0, up} - {1'b0, down}, rl ? {CTW{1'b0}} : c,
                rl ? cfg_hi_i : tmr_q - 16'd1}),
        .q_o  ({level_q, cnt_q, tmr_q}),
        .qw_o (unused_u_lvl_w));

    // ---- per channel: stream, fail count, level in force, the draw (R23.2.2, R23.3, R23.4.3) ----
    wire [TERM*32-1:0] rng_q;
    wire [TERM*2-1:0]  fail_q;
    genvar ge, gd;
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_ch
            wire [1:0] fail = fail_q[ge*2 +: 2];
            // level in force: per packet min(fail, top), else the node's level
            wire [1:0] lvl = cfg_mode_i ? ((fail > top) ? top : fail) : level_q;
            assign lvl_o[ge*2 +: 2] = lvl;
            // the set of the level (R23.2.1; sequence 3's level 1 is GOAL-Q, its top)
            wire [1:0] set = (lvl == 2'd0) ? (cfg_seq_i == 2'd1 ? SET_GOALQ : SET_BOX)
                           : (lvl == 2'd1 && cfg_seq_i[1]) ? SET_GOALQ : SET_FULL;
            // N chained xorshift32 steps: xd, the state after step d + 1, decides dimension d
            wire [31:0] rng = rng_q[ge*32 +: 32];
            for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
                wire [31:0] xd = xs_steps(rng, gd + 1);
                // minimal distance and DOR's direction from s to t (R8.1.1, parity rule at K/2)
                wire [CW:0] s = {1'b0, coord_i[gd*CW +: CW]};
                wire [CW:0] t = {1'b0, dst_i[ge*AW + gd*CW +: CW]};
                wire [CW:0] plus = (t >= s) ? (t - s) : (t + KK - s);
                wire [CW:0] minus = KK - plus;
                wire [CW:0] delta = (plus < minus) ? plus : minus;
                wire dplus = (plus < minus) || ((plus == minus) && !s[0]);
                // GOAL-Q: the other direction when frac(x[31:16], K) < delta (delta > 0)
                wire flip = (set == SET_GOALQ) && (delta != {(CW+1){1'b0}}) &&
                            (frac16(xd[31:16], KK) < delta);
                wire gplus = flip ? !dplus : dplus;
                wire [CW:0] len = flip ? (KK - delta) : delta;
                // j = frac(x[15:0], n): n = K for FULL, len + 1 otherwise (at most K)
                wire [CW:0] n = (set == SET_FULL) ? KK : (len + 1'b1);
                wire [CW:0] j = frac16(xd[15:0], n);
                wire [CW:0] fwd = s + j;
                wire [CW:0] pos = (fwd >= KK) ? (fwd - KK) : fwd;
                wire [CW:0] neg = (s >= j) ? (s - j) : (s + KK - j);
                wire [CW:0] md = (set == SET_FULL) ? j : (gplus ? pos : neg);
                assign mid_o[ge*AW + gd*CW +: CW] = md[CW-1:0];
                wire unused_md = md[CW];
            end
            // the stream takes x_N and fail counts on an attempt; a start clears fail
            wire [31:0] sd = seed_i[ge*32 +: 32];
            wire [(34)-1:0] unused_u_ch_w;   // (one stage: read and written at ctx_i)
            tn_ctx_reg #(.W(34), .CTX(CTX)) u_ch (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
                .en_i (att_i[ge]),
                .rv_i ({(sd == 32'd0) ? 32'h6D2B79F5 : sd, 2'd0}),
                .d_i  ({xs_steps(rng, N),
                        rdy_i[ge] ? 2'd0 : (fail != 2'd3) ? fail + 2'd1 : fail}),
                .q_o  ({rng_q[ge*32 +: 32], fail_q[ge*2 +: 2]}),
                .qw_o (unused_u_ch_w));
        end
    endgenerate

    assign obs_o = `TN_AO_CONCAT;
endmodule
