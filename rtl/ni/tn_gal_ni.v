// SPDX-License-Identifier: MIT
// GAL network interface of one node (cmodel/hw/gal_ni.c; docs/microarchitecture.md 21): S sets of
// 2^N quadrant queues of packet descriptors (tag, destination), a threshold T per set with the
// adaptive rule of paper 000 section IV-E, the injection units of the TERM source channels and
// the senders of the TERM injection channels. Sets built: S = 1, 2 (near/far) and 2^N (dir),
// chosen at run time by cfg_sets_i; S = N (one set per destination) is C-only.
//
// One cycle t (t = cycles since reset, the first cycle after reset is t = 0), as the C model
// calls it (tn_source_send for e = 0..TERM-1, then tn_source_step for e = 0..TERM-1, then
// tn_gal_tick):
//   1. sender e (tn_gal_peek + tn_gal_take): the first non-empty queue j at or after its RR
//      pointer among the queues j = set*2^N + q of the active sets with q mod TERM = e that are
//      not held (R21.5.1: with the dir sets, a quadrant other than the set's while some port of
//      it has no adaptive VC to take, afree_i); when
//      snd_ready_i[e] the packet departs (snd_valid_o[e]) and the pointer becomes j+1 mod S*2^N;
//   2. injection unit e = 0..TERM-1 in order (tn_gal_enqueue), each seeing the occupancies after
//      this cycle's departures and the enqueues of the units before it (tn_gal_quad);
//   3. end of cycle (tn_gal_tick), adaptive only: each set's window count of departures over the
//      last n1 cycles (this one included); when (t+1) mod n2 = 0, D = that count, T moves up
//      (D < D at the last update) or down, clamped to [tmin, tmax], and D is kept (dprev).
// Queue j is a ring of QD descriptors: occupancy cnt_q and head_q; the slot the next descriptor
// goes to is (head + cnt) mod QD, formed when a unit writes (no tail register). Storage (built for
// area, docs/lint.md):
//   - descriptors are in RAM with one write port and an asynchronous read port per bank
//     (distributed RAM on an FPGA, never flip-flops): queue j drains through channel
//     f = (j mod 2^N) mod TERM, and bank (f, u) holds the descriptors of channel f's queues that
//     injection unit u wrote, addressed {set, (j mod 2^N) / TERM, slot} and read by sender f at its
//     queue's head; with TERM = 1 that is one bank of 2^(2N) x 2^HW descriptors. With TERM > 1,
//     several units may write one channel's queues in a cycle, so each unit has its own bank and
//     a live-value table (lvt_q, a register: TERM writes a cycle) says which unit wrote each slot;
//   - STAGES = 2 (the engine): the banks are read synchronously (block RAM), so that the head
//     descriptor of every queue is kept beside them in a register (hd, a context memory) that the
//     senders read; the first stage addresses the bank at the slot after the departing head, and
//     the second loads that slot's descriptor as the queue's new head (or a unit's descriptor
//     when it enqueues into the queue empty). docs/emulator.md, "Block RAM";
//   - the departure history of each set and channel is a 64-entry ring (hbuf, distributed RAM),
//     read n1-1 cycles back to drop the bit that leaves the window from a running count (run_q):
//     the same D as the C model's popcount of the last n1 history bits;
//   - everything the harness observes (obs_o) and the control state are registers.
// Contexts (docs/emulator.md): every register is a tn_ctx_reg (rtl/common/tn_ctx_reg.v), a
// flip-flop at CTX = 1 and a memory of CTX words read and written at context ctx_i above; the
// descriptor banks and hbuf are then addressed {ctx_i, address} and written only when ctx_we_i.
// STAGES = 2 (the engine's two stages, docs/emulator.md section 7; CTX > 1): a context is evaluated
// in two clocks. The first (context ctx_i) reads the state (q_o views) and decides: the senders'
// choices and the descriptor reads, the injection units' queues (src_take_o, src_queue_o,
// snd_*_o and obs_o are the first stage's, combinational as with one stage); a tn_cut carries
// the decisions, the occupancy each unit saw and the descriptors taken to the second (context
// wctx_i, one clock later), which forms the ring slots and the descriptor-bank and live-value
// writes, the occupancy, head, pointer and threshold updates and the history ring's read and
// write from the state as it reads it (qw_o views), all written at wctx_i. rst_i and ctx_we_i
// belong to the second stage; src_*, snd_ready_i, afree_i and coord_i to the first; cfg_*
// (constant during a run) to both. STAGES = 1: the cut is a wire and wctx_i is not read.
// The logic is written for LUT count: the senders' round-robin arbiter in two levels (tn_gal_arb),
// the injection unit's two shortest-queue searches as tournaments over the quadrants, threshold
// and window counts with one adder each and clock enables, and the threshold test on T clamped
// to 2^CNTW (an occupancy never exceeds QD).
`include "tn_defs.vh"
`include "tn_faults.vh"
module tn_gal_ni #(
    parameter K    = 4,   // radix, 2..64
    parameter N    = 2,   // dimensions, 1..4
    parameter TERM = 1,   // injection channels (and source channels) per node, 1..min(4, 2^N)
    parameter QD   = 8,   // packets per quadrant queue, 1..1024 (gal_qdepth)
    parameter ADAPT = 1,  // 1: R21.7's adaptive threshold built (cfg_adapt_i read); 0: the fixed
                          // threshold only (cfg_adapt_i not read: T = cfg_t_i; no history,
                          // window, update phase or threshold moves are built; R21.9)
    parameter TAGW = `TN_TAGW, // width of the opaque packet tag, 1..64
    parameter TOPO = 0,   // 0 torus (GAL needs one; 1 mesh is refused)
    parameter CTX  = 1,   // contexts: 1 one NI; > 1 the time-multiplexed engine's
                          // (docs/emulator.md): state in tn_ctx_reg memories
    parameter STAGES = 1, // the engine's stages: 2 evaluates a context in two clocks (above;
                          // CTX > 1), the writes a tn_cut after the decisions
    parameter CXW  = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire               clk_i,
    input  wire               rst_i,        // synchronous, active high
    input  wire [CXW-1:0]     ctx_i,        // the context read (CTX > 1; the first stage's)
    input  wire [CXW-1:0]     wctx_i,       // the context written (STAGES = 2; ctx_i a clock ago)
    input  wire               ctx_we_i,     // its state is written at this clock edge (CTX > 1;
                                            // STAGES = 2: the second stage's, as rst_i)
    input  wire [`TN_AW-1:0]  coord_i,      // this node's coordinates, packed (section 3)
    // run-time configuration (constant during a run; section 21 keys)
    input  wire [1:0]         cfg_sets_i,   // gal_sets: 0 one set, 1 near/far, 2 dir (3: C only)
    input  wire               cfg_adapt_i,  // gal_adapt: 1 adaptive threshold (ADAPT = 1 only)
    input  wire [`TN_NTW-1:0] cfg_t_i,      // gal_t: fixed T, 0..1024
    input  wire [`TN_NTW-1:0] cfg_tmin_i,   // gal_tmin (T at reset when adaptive)
    input  wire [`TN_NTW-1:0] cfg_tmax_i,   // gal_tmax (>= tmin)
    input  wire [6:0]         cfg_n1_i,     // gal_n1: window, 1..64 cycles
    input  wire [19:0]        cfg_n2_i,     // gal_n2: update period, 1..1000000 cycles
    // source channel e: the harness's next pending packet of source queue e (created <= t)
    input  wire [TERM-1:0]    src_valid_i,  // source e offers a packet this cycle
    input  wire [TERM*`TN_AW-1:0] src_dst_i,    // its destination, packed
    input  wire [TERM*TAGW-1:0] src_tag_i,  // its tag (opaque, returned by the sender)
    output wire [TERM-1:0]    src_take_o,   // queued this cycle (0: stays pending, queue full)
    output wire [TERM*`TN_JW-1:0] src_queue_o,  // the queue j = set*2^N + quadrant it chose (its
                                            // quadrant: the low N bits), valid with src_take_o
    // sender of injection channel e
    input  wire [TERM-1:0]    snd_ready_i,  // channel e may start a packet this cycle (its last
                                            // tail sent and a VC has all credits, section 9)
    input  wire [2*N-1:0]     afree_i,      // the node's router's network ports with an adaptive
                                            // VC to take (R6.3.3; tn_router afree_o): R21.5.1's hold
    output wire [TERM-1:0]    snd_valid_o,  // a packet departs its queue and starts on channel e
    output wire [TERM*TAGW-1:0] snd_tag_o,  // its tag (defined only with snd_valid_o)
    output wire [TERM*`TN_AW-1:0] snd_dst_o,    // its destination (defined only with snd_valid_o)
    output wire [TERM*N-1:0]  snd_quad_o,   // its quadrant (bit d: direction -d)
    // observation (LSB first): cnt[j] (CNTW) j = 0..NQ-1, head[j] (HW), thr[s] (TW) s = 0..Q-1,
    // dprev[s] (DW), rr[e] (JW) e = 0..TERM-1
    output wire [`TN_NOBSW-1:0] obs_o
);
    // derived widths: the one table's (rtl/common/tn_defs.tbl, R2.4), not overridable
    localparam AW   = `TN_AW;      // packed address (section 3)
    localparam Q    = `TN_Q;       // quadrants; also the most sets (dir)
    localparam NQ   = `TN_NQ;      // queues: j = set*2^N + quadrant
    localparam JW   = `TN_JW;      // queue index
    localparam CNTW = `TN_NCW;     // occupancy 0..QD
    localparam HW   = `TN_NHW;     // queue head index
    localparam TW   = `TN_NTW;     // threshold 0..1024
    localparam DW   = `TN_NDW;     // departures in the window, 0..64*TERM

    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (K < 2 || K > 64) begin : g_chk_k
            tn_error_K_must_be_2_to_64 u_err ();
        end
        if (N < 1 || N > 4) begin : g_chk_n
            tn_error_N_must_be_1_to_4 u_err ();
        end
        if (TERM < 1 || TERM > 4) begin : g_chk_term
            tn_error_TERM_must_be_1_to_4 u_err ();
        end
        if (TERM > (1 << N)) begin : g_chk_term_quads
            tn_error_TERM_above_2_pow_N_for_gal u_err ();
        end
        if (QD < 1 || QD > 1024) begin : g_chk_qd
            tn_error_QD_must_be_1_to_1024 u_err ();
        end
        if (TAGW < 1 || TAGW > 64) begin : g_chk_tagw
            tn_error_TAGW_must_be_1_to_64 u_err ();
        end
        if (TOPO != 0) begin : g_chk_topo
            tn_error_TOPO_must_be_0_torus_for_gal u_err ();
        end
        if (ADAPT < 0 || ADAPT > 1) begin : g_chk_adapt
            tn_error_ADAPT_must_be_0_fixed_or_1_adaptive_threshold u_err ();
        end
        if (STAGES < 1 || STAGES > 2 || (STAGES == 2 && CTX < 2)) begin : g_chk_stages
            tn_error_STAGES_must_be_1_or_2_with_CTX_above_1 u_err ();
        end
    endgenerate

    localparam EW = TAGW + AW;  // descriptor: {dst, tag}
    localparam integer QDI = QD;
    localparam [CNTW:0] QDW = QDI[CNTW:0];
    localparam [HW:0] QDH = QDI[HW:0];
    localparam integer NQI = NQ;
    localparam integer QI = Q;
    // descriptor banks: queue j drains through channel f = (j mod 2^N) mod TERM; bank (f, u) holds
    // the descriptors of channel f's queues that injection unit u wrote, at {local queue, slot}
    localparam integer TG = (TERM > 0) ? TERM : 1;     // TERM, kept legal for the checks above
    localparam integer RQ = (Q + TG - 1) / TG;         // most quadrants sharing one channel
    localparam integer RW = (RQ > 1) ? $clog2(RQ) : 0;
    localparam integer LW = N + RW;                    // local queue: {set, quadrant / TERM}
    localparam integer MW = LW + HW;                   // bank address: {local queue, slot}
    localparam integer MD = 1 << MW;
    localparam integer UW = (TERM > 1) ? $clog2(TERM) : 1;
    localparam integer HWP = 1 << $clog2(HW);         // HW rounded up to a power of two
    // the engine in two stages: the descriptor banks read synchronously (block RAM), each queue's
    // head descriptor in a register beside them (docs/emulator.md, "Block RAM")
    localparam integer SYNC = (STAGES == 2) ? 1 : 0;

    // the adaptive threshold in force: never in a build without it (ADAPT = 0), whose history,
    // window count, update phase and threshold moves are then constant and synthesise to nothing
    wire adapt = (ADAPT != 0) && cfg_adapt_i;

    // ---- registers (tn_ctx_reg, section "state update" below); _q: the first stage's view (at
    // ctx_i), _w: the second stage's (at wctx_i; STAGES = 1: the same) ----
    wire [NQ*CNTW-1:0] cnt_q, cnt_w;       // occupancy per queue
    wire [NQ*HW-1:0]   head_q, head_w;     // ring head per queue
    wire [Q*TW-1:0]    thr_q, thr_w;       // threshold per set
    wire [Q*DW-1:0]    dprev_q, dprev_w;   // D at the last update, per set
    wire [Q*DW-1:0]    run_q, run_w;       // departures of the set in cycles t-n1+1 .. t-1
    wire [TERM*JW-1:0] rr_q, rr_w;         // sender RR pointers
    wire [19:0]        phase_q, phase_w;   // t mod n2
    wire [5:0]         wp_q, wp_w;         // t mod 64: history ring write slot
    wire [5:0]         age_q, age_w;       // min(t, 63)
    wire unused_q = &{1'b0, run_q, phase_q, wp_q, age_q};   // (read by the second stage only)
    // the cut's second-stage side (tn_cut u_cut below)
    wire [TERM-1:0]      vld_w, take_w;
    wire [TERM*JW-1:0]   gv_w, jsel_w;
    wire [TERM*HW-1:0]   hinc_w;
    wire [NQ-1:0]        dep_w;
    wire [TERM*CNTW-1:0] mv_w;
    wire [TERM*EW-1:0]   wdesc_w;
    // departure bits of cycle t' at t' mod 64 (no reset: age_w), at {ctx, t' mod 64} with CTX > 1
    localparam integer HD  = (CTX > 1) ? (CTX << 6) : 64;
    localparam integer HAW = (CTX > 1) ? CXW + 6 : 6;
    reg [Q*TERM-1:0]   hbuf [0:HD-1];
    wire we = (CTX == 1) || ctx_we_i;   // the memories are written (the engine's context write)
    wire [CXW-1:0] wc;                  // the context written: wctx_i (STAGES = 2), else ctx_i
    generate
        if (STAGES == 2) begin : g_wc2
            assign wc = wctx_i;
        end else begin : g_wc1
            assign wc = ctx_i;
            wire unused_wctx = &{1'b0, wctx_i};
        end
    endgenerate
    // sender e's choice this cycle (tn_gal_peek)
    wire [TERM*JW-1:0] gv;        // queue
    wire [TERM-1:0]    found;     // it holds a packet
    wire [TERM*HW-1:0] hv;        // its head slot

    // active sets
    wire [JW:0] nact = (cfg_sets_i == 2'd2) ? NQI[JW:0]
                     : (cfg_sets_i == 2'd1) ? (QI[JW:0] << 1) : QI[JW:0];
    reg [NQ-1:0] act;
    integer a;
    always @(*) begin
        for (a = 0; a < NQ; a = a + 1)
            act[a] = ({1'b0, a[JW-1:0]} < nact);
    end

    // local queue index of every queue (constants)
    wire [NQ*LW-1:0] lqtab;
    genvar gj;
    generate
        for (gj = 0; gj < NQ; gj = gj + 1) begin : g_lq
            localparam integer LQI = ((gj / Q) << RW) + ((gj % Q) / TG);
            assign lqtab[gj*LW +: LW] = LQI[LW-1:0];
        end
    endgenerate

    // R21.5.1's hold: with the dir sets (set = the canonical minimal quadrant), a queue of another
    // quadrant q waits while some port of q (per dimension d, port 2d+1 + bit d of q) has no
    // adaptive VC to take
    reg [Q-1:0]  qall;    // every port of quadrant q has one
    reg [NQ-1:0] held;
    integer hq, hd;
    always @(*) begin
        for (hq = 0; hq < Q; hq = hq + 1) begin
            qall[hq] = 1'b1;
            for (hd = 0; hd < N; hd = hd + 1)
                qall[hq] = qall[hq] & afree_i[2*hd + ((hq >> hd) & 1)];
        end
        for (hq = 0; hq < NQ; hq = hq + 1)
            held[hq] = `TN_HOOK_GAL_HOLD((cfg_sets_i == 2'd2) && ((hq % Q) != (hq / Q))
                                         && !qall[hq % Q]);
    end

    // ---- 1. senders ----
    // head_q with a power-of-two stride (HWP), so that reading it at a queue index maps to a plain
    // multiplexer tree
    reg [NQ*HWP-1:0] head_p;
    integer hj;
    always @(*) begin
        head_p = {NQ*HWP{1'b0}};
        for (hj = 0; hj < NQ; hj = hj + 1)
            head_p[hj*HWP +: HW] = head_q[hj*HW +: HW];
    end
    wire [TERM*HW-1:0] hinc;   // the head of sender e's queue after its departure
    wire [TERM*EW-1:0] rdesc;  // the descriptor at that queue's head
    wire [TERM*MW-1:0] raddr;
    genvar ge, gu;
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_snd
            reg [NQ-1:0] elig;
            integer j;
            always @(*) begin
                for (j = 0; j < NQ; j = j + 1)
                    elig[j] = (((j % Q) % TG) == ge) && act[j] && !held[j] &&
                              (cnt_q[j*CNTW +: CNTW] != {CNTW{1'b0}});
            end
            tn_gal_arb #(.N(N)) u_arb (.req_i(elig), .ptr_i(rr_q[ge*JW +: JW]),
                                       .valid_o(found[ge]), .idx_o(gv[ge*JW +: JW]));
            assign hv[ge*HW +: HW] = head_p[gv[ge*JW +: JW]*HWP +: HW];
            wire [HW:0] hn = {1'b0, hv[ge*HW +: HW]} + 1'b1;
            assign hinc[ge*HW +: HW] = (hn == QDH) ? {HW{1'b0}} : hn[HW-1:0];
            // the bank is read at the head (SYNC = 0) or at the slot after it, the next head (SYNC)
            assign raddr[ge*MW +: MW] = {lqtab[gv[ge*JW +: JW]*LW +: LW],
                                         (SYNC != 0) ? hinc[ge*HW +: HW] : hv[ge*HW +: HW]};
            assign snd_valid_o[ge] = snd_ready_i[ge] && found[ge];
            assign snd_tag_o[ge*TAGW +: TAGW] = rdesc[ge*EW +: TAGW];
            assign snd_dst_o[ge*AW +: AW] = rdesc[ge*EW + TAGW +: AW];
            assign snd_quad_o[ge*N +: N] = gv[ge*JW +: N];
        end
    endgenerate

    // departures per queue
    reg [NQ-1:0] dep;
    integer dj;
    always @(*) begin
        for (dj = 0; dj < NQ; dj = dj + 1)
            dep[dj] = snd_valid_o[(dj % Q) % TG] &&
                      (gv[((dj % Q) % TG)*JW +: JW] == dj[JW-1:0]);
    end

    // ---- 2. injection units, e = 0..TERM-1 in order (one block: each unit sees the
    // occupancies left by the departures and by the units before it) ----
    wire [TERM*N-1:0] qmin_v, zero_v, set_v;
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_src
            tn_gal_quad #(.K(K), .N(N)) u_quad (
                .coord_i(coord_i), .dst_i(src_dst_i[ge*AW +: AW]), .cfg_sets_i(cfg_sets_i),
                .qmin_o(qmin_v[ge*N +: N]), .zero_o(zero_v[ge*N +: N]), .set_o(set_v[ge*N +: N]));
        end
    endgenerate
    // the shortest candidate queue of the set: the least (occupancy, rank) with rank 0 for queue p
    // and 1 + index for the others, as a tournament over the hypercube of quadrants (each round
    // pairs the quadrants that differ in one dimension; the left one has the lower index)
    function [N+CNTW-1:0] tourn;  // {quadrant, its occupancy}
        input [Q*CNTW-1:0] v;     // occupancies
        input [Q-1:0]      cand;  // candidates (at least one)
        input [N-1:0]      p;
        reg [Q*CNTW-1:0] tv;
        reg [Q*N-1:0]    ti;
        reg [Q-1:0]      tc;
        reg [CNTW-1:0]   va, vb;
        reg [N-1:0]      ia, ib;
        reg              aw;
        integer l, k;
        begin
            tv = v;
            tc = cand;
            for (k = 0; k < Q; k = k + 1)
                ti[k*N +: N] = k[N-1:0];
            for (l = 1; l <= N; l = l + 1)
                for (k = 0; k < (Q >> l); k = k + 1) begin
                    va = tv[2*k*CNTW +: CNTW];
                    vb = tv[(2*k+1)*CNTW +: CNTW];
                    ia = ti[2*k*N +: N];
                    ib = ti[(2*k+1)*N +: N];
                    aw = !tc[2*k+1] || (tc[2*k] && ({va, 1'b0} < {vb, ib != p}));
                    tv[k*CNTW +: CNTW] = aw ? va : vb;
                    ti[k*N +: N] = aw ? ia : ib;
                    tc[k] = tc[2*k] | tc[2*k+1];
                end
            tourn = {ti[0 +: N], tv[0 +: CNTW]};
        end
    endfunction
    reg [TERM*JW-1:0] jsel;    // queue chosen by unit e
    reg [TERM*CNTW-1:0] mv;    // its occupancy as the unit sees it (the slot: second stage)
    reg [TERM-1:0]    take;
    reg [N-1:0]       qmin, zero, sset, q1, q2, qc;
    reg [Q*CNTW-1:0]  scnt;    // the set's occupancies as this unit sees them
    reg [CNTW:0]      sthr;    // the set's threshold: {T >= 2^CNTW, T mod 2^CNTW}
    reg [Q-1:0]       c1, c2;
    reg [CNTW-1:0]    c, m1, m2, m;
    reg [JW-1:0]      js;
    reg               over;
    integer ie, ir, ip, is, iq;
    always @(*) begin
        jsel = {TERM*JW{1'b0}};
        mv = {TERM*CNTW{1'b0}};
        take = {TERM{1'b0}};
        qmin = {N{1'b0}};
        zero = {N{1'b0}};
        sset = {N{1'b0}};
        q1 = {N{1'b0}};
        q2 = {N{1'b0}};
        qc = {N{1'b0}};
        scnt = {Q*CNTW{1'b0}};
        sthr = {(CNTW+1){1'b0}};
        c1 = {Q{1'b0}};
        c2 = {Q{1'b0}};
        c = {CNTW{1'b0}};
        m1 = {CNTW{1'b0}};
        m2 = {CNTW{1'b0}};
        m = {CNTW{1'b0}};
        js = {JW{1'b0}};
        over = 1'b0;
        for (ie = 0; ie < TERM; ie = ie + 1) begin
            qmin = qmin_v[ie*N +: N];
            zero = zero_v[ie*N +: N];
            sset = set_v[ie*N +: N];
            sthr = {(CNTW+1){1'b0}};
            for (is = 0; is < Q; is = is + 1)
                if (sset == is[N-1:0])
                    sthr = {(thr_q[is*TW +: TW] >> CNTW) != {TW{1'b0}}, thr_q[is*TW +: CNTW]};
            for (ir = 0; ir < Q; ir = ir + 1) begin
                // queue (sset, ir) selected over the sets with constant indices: a variable
                // index times CNTW would synthesise to a multiplier (a DSP) on this path
                c = {CNTW{1'b0}};
                for (iq = 0; iq < Q; iq = iq + 1)
                    if (sset == iq[N-1:0])
                        c = cnt_q[(iq*Q + ir)*CNTW +: CNTW] - {{(CNTW-1){1'b0}}, dep[iq*Q + ir]};
                for (ip = 0; ip < ie; ip = ip + 1)
                    if (take[ip] && jsel[ip*JW +: JW] == {sset, ir[N-1:0]})
                        c = c + 1'b1;
                scnt[ir*CNTW +: CNTW] = c;
                // candidates: the quadrants that agree with qmin in every dimension with an offset
                c1[ir] = ((ir[N-1:0] ^ qmin) & ~zero) == {N{1'b0}};
            end
            // the minimal queue: the shortest candidate; ties: qmin, then the lowest index
            {q1, m1} = tourn(scnt, c1, qmin);
            // if it holds T or more: the shortest queue of the set among the quadrants that agree
            // with the minimal queue where there is no offset; ties: the minimal queue, then the
            // lowest index
            over = !sthr[CNTW] && `TN_HOOK_GAL_THR(m1 >= sthr[CNTW-1:0], m1, sthr[CNTW-1:0]);
            for (ir = 0; ir < Q; ir = ir + 1)
                c2[ir] = ((ir[N-1:0] ^ q1) & zero) == {N{1'b0}};
            {q2, m2} = tourn(scnt, c2, q1);
            qc = over ? q2 : q1;
            m = over ? m2 : m1;
            take[ie] = src_valid_i[ie] && ({1'b0, m} < QDW);  // not full
            js = {sset, qc};
            mv[ie*CNTW +: CNTW] = m;
            jsel[ie*JW +: JW] = js;
        end
    end
    assign src_take_o = take;
    assign src_queue_o = jsel;

    // ==== the cut (tn_cut): what the second stage takes from the first, a clock later with
    // STAGES = 2 (wires with STAGES = 1): the departures (sender valid, queue, head after it, per
    // queue) and the enqueues (unit takes, queue, the occupancy it saw, the descriptor). Below it,
    // the second stage: state read as _w, written at wc. ====
    reg [TERM*EW-1:0] wdesc;   // unit u's descriptor {dst, tag}
    integer du;
    always @(*) begin
        for (du = 0; du < TERM; du = du + 1)
            wdesc[du*EW +: EW] = {src_dst_i[du*AW +: AW], src_tag_i[du*TAGW +: TAGW]};
    end
    localparam CUTW = TERM * (1 + JW + HW) + NQ + TERM * (1 + JW + CNTW + EW);
    tn_cut #(.W(CUTW), .STAGES(STAGES)) u_cut (
        .clk_i(clk_i),
        .d_i  ({snd_valid_o, gv, hinc, dep, take, jsel, mv, wdesc}),
        .q_o  ({vld_w, gv_w, hinc_w, dep_w, take_w, jsel_w, mv_w, wdesc_w}));

    // each unit's ring slot: (head + occupancy) mod QD, the occupancy m as the unit saw it (after
    // this cycle's departure from the queue and the units before it), the head before the
    // departure: head + dep + m
    reg [NQ*HWP-1:0] head_pw;  // head_w with the stride HWP (as head_p)
    reg [TERM*HW-1:0] wpos;
    reg [JW-1:0]      jw;
    reg [CNTW:0]      ts;
    integer wj, wi;
    always @(*) begin
        head_pw = {NQ*HWP{1'b0}};
        for (wj = 0; wj < NQ; wj = wj + 1)
            head_pw[wj*HWP +: HW] = head_w[wj*HW +: HW];
        wpos = {TERM*HW{1'b0}};
        jw = {JW{1'b0}};
        ts = {(CNTW+1){1'b0}};
        for (wi = 0; wi < TERM; wi = wi + 1) begin
            jw = jsel_w[wi*JW +: JW];
            ts = {{(CNTW+1-HW){1'b0}}, head_pw[jw*HWP +: HW]} + {1'b0, mv_w[wi*CNTW +: CNTW]} +
                 {{CNTW{1'b0}}, dep_w[jw]};
            if (ts >= QDW)
                ts = ts - QDW;
            wpos[wi*HW +: HW] = ts[HW-1:0];
        end
    end

    // ---- the state after the cycle: occupancies, heads, tails ----
    reg [NQ*CNTW-1:0] cnt_d;
    reg [NQ*HW-1:0]   head_d;
    reg [CNTW-1:0]    nq;      // packets queued in j this cycle
    reg [CNTW-1:0]    cq;
    integer qj, qe;
    always @(*) begin
        head_d = head_w;
        for (qj = 0; qj < NQ; qj = qj + 1) begin
            nq = {CNTW{1'b0}};
            for (qe = 0; qe < TERM; qe = qe + 1)
                if (take_w[qe] && jsel_w[qe*JW +: JW] == qj[JW-1:0])
                    nq = nq + 1'b1;
            if (dep_w[qj])
                head_d[qj*HW +: HW] = hinc_w[((qj % Q) % TG)*HW +: HW];
            cq = cnt_w[qj*CNTW +: CNTW];
            cnt_d[qj*CNTW +: CNTW] = cq + nq - {{(CNTW-1){1'b0}}, dep_w[qj]};
        end
    end

    reg  [TERM*JW-1:0] rr_d;
    integer pe;
    always @(*) begin
        rr_d = rr_w;
        for (pe = 0; pe < TERM; pe = pe + 1)
            if (vld_w[pe])
                rr_d[pe*JW +: JW] = ({1'b0, gv_w[pe*JW +: JW]} + 1'b1 == nact)
                                    ? {JW{1'b0}} : gv_w[pe*JW +: JW] + 1'b1;
    end

    // ---- descriptor storage: RAM banks, one write port each, asynchronous read ----
    // unit u writes {dst, tag} at {local queue of jsel[u], wpos[u]} of bank (channel of jsel[u], u)
    // (the second stage: at wc)
    reg [TERM*MW-1:0]   waddr;
    reg [TERM*TERM-1:0] wen;   // [f*TERM + u]
    integer wu, wf, wq;
    always @(*) begin
        for (wu = 0; wu < TERM; wu = wu + 1) begin
            waddr[wu*MW +: MW] = {lqtab[jsel_w[wu*JW +: JW]*LW +: LW], wpos[wu*HW +: HW]};
            for (wf = 0; wf < TERM; wf = wf + 1) begin
                wen[wf*TERM + wu] = 1'b0;
                for (wq = 0; wq < Q; wq = wq + 1)
                    if (jsel_w[wu*JW +: N] == wq[N-1:0] && (wq % TG) == wf)
                        wen[wf*TERM + wu] = take_w[wu];
            end
        end
    end
    // with CTX > 1 each bank holds every context's: words {ctx, local queue, slot}, read at
    // ctx_i (first stage) and written at wc (second)
    localparam integer MDC = (CTX > 1) ? (CTX << MW) : MD;
    localparam integer MWC = (CTX > 1) ? CXW + MW : MW;
    wire [TERM*MWC-1:0] waddr_c, raddr_c;
    wire [TERM*TERM*EW-1:0] bank_rd;  // bank (f, u) read at raddr[f]: [(f*TERM + u)*EW +: EW]
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_bank_a
            if (CTX > 1) begin : g_actx
                assign waddr_c[ge*MWC +: MWC] = {wc, waddr[ge*MW +: MW]};
                assign raddr_c[ge*MWC +: MWC] = {ctx_i, raddr[ge*MW +: MW]};
            end else begin : g_aone
                assign waddr_c[ge*MWC +: MWC] = waddr[ge*MW +: MW];
                assign raddr_c[ge*MWC +: MWC] = raddr[ge*MW +: MW];
            end
        end
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_bank_f
            for (gu = 0; gu < TERM; gu = gu + 1) begin : g_bank_u
                if (SYNC != 0) begin : g_sync
                    // read at the clock edge: the second stage has the descriptor at the slot the
                    // first stage addressed (a write of its context is a sweep older)
                    (* ram_style = "block" *) reg [EW-1:0] mem [0:MDC-1];
                    reg [EW-1:0] rd;
                    always @(posedge clk_i) begin
                        if (wen[ge*TERM + gu] && we)
                            mem[waddr_c[gu*MWC +: MWC]] <= wdesc_w[gu*EW +: EW];
                        rd <= mem[raddr_c[ge*MWC +: MWC]];
                    end
                    assign bank_rd[(ge*TERM + gu)*EW +: EW] = rd;
                end else begin : g_async
                    reg [EW-1:0] mem [0:MDC-1];
                    always @(posedge clk_i) begin
                        if (wen[ge*TERM + gu] && we)
                            mem[waddr_c[gu*MWC +: MWC]] <= wdesc_w[gu*EW +: EW];
                    end
                    assign bank_rd[(ge*TERM + gu)*EW +: EW] = mem[raddr_c[ge*MWC +: MWC]];
                end
            end
        end
    endgenerate
    // bdesc: the bank's descriptor of channel f's queue gv[f] at the slot raddr addressed: the
    // head, in the first stage (SYNC = 0); the slot after it, in the second (SYNC, of gv_w and
    // hinc_w)
    wire [TERM*EW-1:0] bdesc;
    generate
        if (TERM == 1) begin : g_one
            assign bdesc = bank_rd;
        end else begin : g_lvt
            // live-value table: which unit wrote each slot (a register, no reset: up to TERM
            // writes a cycle; a slot is read only after a unit wrote it). Read by the senders
            // (lvt_q; SYNC: lvt_w, the second stage), updated by the second stage (lvt_w)
            wire [NQ*QD*UW-1:0] lvt_q, lvt_w;
            reg  [NQ*QD*UW-1:0] lvt_d;
            integer lj, li, lu;
            always @(*) begin
                lvt_d = lvt_w;
                for (lj = 0; lj < NQ; lj = lj + 1)
                    for (li = 0; li < QD; li = li + 1)
                        for (lu = 0; lu < TERM; lu = lu + 1)
                            if (take_w[lu] && jsel_w[lu*JW +: JW] == lj[JW-1:0] &&
                                wpos[lu*HW +: HW] == li[HW-1:0])
                                lvt_d[(lj*QD + li)*UW +: UW] = lu[UW-1:0];
            end
            tn_ctx_reg #(.W(NQ * QD * UW), .CTX(CTX), .RST(0), .STAGES(STAGES)) u_lvt (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (1'b1),
                .rv_i ({(NQ * QD * UW){1'b0}}),
                .d_i  (lvt_d),
                .q_o  (lvt_q),
                .qw_o (lvt_w));
            wire [NQ*QD*UW-1:0] lvt_r = (SYNC != 0) ? lvt_w : lvt_q;
            wire [TERM*JW-1:0]  g_r   = (SYNC != 0) ? gv_w : gv;
            wire [TERM*HW-1:0]  h_r   = (SYNC != 0) ? hinc_w : hv;
            for (ge = 0; ge < TERM; ge = ge + 1) begin : g_rd
                reg [UW-1:0] us;
                reg [EW-1:0] d;
                integer rj, ri, ru;
                always @(*) begin
                    us = {UW{1'b0}};
                    for (rj = 0; rj < NQ; rj = rj + 1)
                        for (ri = 0; ri < QD; ri = ri + 1)
                            if (((rj % Q) % TG) == ge && g_r[ge*JW +: JW] == rj[JW-1:0] &&
                                h_r[ge*HW +: HW] == ri[HW-1:0])
                                us = lvt_r[(rj*QD + ri)*UW +: UW];
                    d = {EW{1'b0}};
                    for (ru = 0; ru < TERM; ru = ru + 1)
                        if (us == ru[UW-1:0])
                            d = bank_rd[(ge*TERM + ru)*EW +: EW];
                end
                assign bdesc[ge*EW +: EW] = d;
            end
        end
        if (SYNC != 0) begin : g_hc
            // each queue's head descriptor (valid while the queue holds a packet), read by the
            // senders in the first stage; the second stage loads a queue's from the bank when a
            // departure leaves two or more (the slot after the head), or from the unit that
            // enqueues into it empty (it saw occupancy 0)
            wire [NQ*EW-1:0] hd_q, hd_w;
            reg  [NQ*EW-1:0] hd_d;
            integer cj, cu;
            always @(*) begin
                hd_d = hd_w;
                for (cj = 0; cj < NQ; cj = cj + 1) begin
                    if (dep_w[cj] && cnt_w[cj*CNTW +: CNTW] > {{(CNTW-1){1'b0}}, 1'b1})
                        hd_d[cj*EW +: EW] = bdesc[((cj % Q) % TG)*EW +: EW];
                    for (cu = 0; cu < TERM; cu = cu + 1)
                        if (take_w[cu] && jsel_w[cu*JW +: JW] == cj[JW-1:0] &&
                            mv_w[cu*CNTW +: CNTW] == {CNTW{1'b0}})
                            hd_d[cj*EW +: EW] = wdesc_w[cu*EW +: EW];
                end
            end
            tn_ctx_reg #(.W(NQ * EW), .CTX(CTX), .RST(0), .STAGES(STAGES)) u_hd (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (1'b1),
                .rv_i ({(NQ * EW){1'b0}}),
                .d_i  (hd_d),
                .q_o  (hd_q),
                .qw_o (hd_w));
            // sender e's descriptor: its queue's head (selected with constant indices)
            for (ge = 0; ge < TERM; ge = ge + 1) begin : g_hrd
                reg [EW-1:0] d;
                integer hq2;
                always @(*) begin
                    d = {EW{1'b0}};
                    for (hq2 = 0; hq2 < NQ; hq2 = hq2 + 1)
                        if (gv[ge*JW +: JW] == hq2[JW-1:0])
                            d = hd_q[hq2*EW +: EW];
                end
                assign rdesc[ge*EW +: EW] = d;
            end
        end else begin : g_nohc
            assign rdesc = bdesc;
        end
    endgenerate

    // ---- 3. departure history and threshold (the second stage) ----
    reg  [Q*TERM-1:0] bvec;    // channel e took a packet of set s this cycle: bit s*TERM + e
    reg  [Q*TERM-1:0] lvec;    // the bits leaving the window: cycle t - (n1 - 1)
    wire [6:0] back = cfg_n1_i - 7'd1;   // n1 - 1, 0..63
    wire [5:0] rp = wp_w - back[5:0];
    wire [HAW-1:0] hwa, hra;            // hbuf's write (wp_w) and read (rp) addresses, {wc, ..}
    generate
        if (CTX > 1) begin : g_hctx
            assign hwa = {wc, wp_w};
            assign hra = {wc, rp};
        end else begin : g_hone
            assign hwa = wp_w;
            assign hra = rp;
            wire unused_wc = &{1'b0, wc};   // (one NI: no context)
        end
    endgenerate
    wire [Q*TERM-1:0] hrd = hbuf[hra];  // written in cycle t - (n1 - 1)
    wire [20:0] ph1 = {1'b0, phase_w} + 21'd1;
    wire last = (ph1 == {1'b0, cfg_n2_i});   // (t + 1) mod n2 = 0
    wire upd = adapt && last;
    integer s3, e3;
    always @(*) begin
        for (s3 = 0; s3 < Q; s3 = s3 + 1)
            for (e3 = 0; e3 < TERM; e3 = e3 + 1)
                bvec[s3*TERM + e3] = vld_w[e3] && (gv_w[e3*JW + N +: N] == s3[N-1:0]);
        if (back == 7'd0)
            lvec = bvec;
        else if ({1'b0, age_w} >= back)
            lvec = hrd;
        else
            lvec = {Q*TERM{1'b0}};
    end
    wire [Q*DW-1:0] dbar, run_d;
    wire [Q*TW-1:0] thr_d;       // the threshold after the cycle (moved or kept)
    wire [Q-1:0]    thr_mv;
    genvar gs;
    generate
        for (gs = 0; gs < Q; gs = gs + 1) begin : g_set
            reg [DW-1:0] nb, nl;
            integer e;
            always @(*) begin
                nb = {DW{1'b0}};
                nl = {DW{1'b0}};
                for (e = 0; e < TERM; e = e + 1) begin
                    nb = nb + {{(DW-1){1'b0}}, bvec[gs*TERM + e]};
                    nl = nl + {{(DW-1){1'b0}}, lvec[gs*TERM + e]};
                end
            end
            wire [DW-1:0] db = run_w[gs*DW +: DW] + nb;
            wire [TW-1:0] th = thr_w[gs*TW +: TW];
            wire up = db < dprev_w[gs*DW +: DW];   // throughput dropped: route minimally more often
            assign dbar[gs*DW +: DW] = db;
            assign run_d[gs*DW +: DW] = db - nl;
            assign thr_mv[gs] = upd && (up ? `TN_HOOK_GAL_TMAX(th < cfg_tmax_i, th, cfg_tmax_i)
                                           : (th > cfg_tmin_i));
            // th + 1 or th - 1 when it moves, else kept
            assign thr_d[gs*TW +: TW] = thr_mv[gs] ? th + {{(TW-1){!up}}, 1'b1} : th;
        end
    endgenerate

    // ---- state update (the second stage): tn_ctx_reg registers, reset by rst_i ----
    // occupancies, heads, RR pointers and the update phase (counted when ADAPT = 1): every cycle
    wire [19:0] phase_d = (ADAPT == 0) ? phase_w : last ? 20'd0 : ph1[19:0];
    localparam SWQ = NQ * CNTW + NQ * HW + TERM * JW + 20;
    tn_ctx_reg #(.W(SWQ), .CTX(CTX), .STAGES(STAGES)) u_q (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({SWQ{1'b0}}),
        .d_i  ({cnt_d, head_d, rr_d, phase_d}),
        .q_o  ({cnt_q, head_q, rr_q, phase_q}),
        .qw_o ({cnt_w, head_w, rr_w, phase_w}));
    // the adaptive threshold's state, loaded only while it is in force: thresholds (reset to
    // gal_tmin, or gal_t when not adaptive), D at the last update, window count, history slot, age
    wire [TW-1:0]   thr_rv  = adapt ? cfg_tmin_i : cfg_t_i;
    wire [Q*DW-1:0] dprev_d = upd ? dbar : dprev_w;
    wire [5:0]      age_d   = (age_w != 6'd63) ? age_w + 6'd1 : age_w;
    localparam SWA = Q * TW + 2 * Q * DW + 6 + 6;
    tn_ctx_reg #(.W(SWA), .CTX(CTX), .STAGES(STAGES)) u_adapt (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (adapt),
        .rv_i ({{Q{thr_rv}}, {(2 * Q * DW + 12){1'b0}}}),
        .d_i  ({thr_d, dprev_d, run_d, wp_w + 6'd1, age_d}),
        .q_o  ({thr_q, dprev_q, run_q, wp_q, age_q}),
        .qw_o ({thr_w, dprev_w, run_w, wp_w, age_w}));

    always @(posedge clk_i) begin
        if (!rst_i && adapt && we)
            hbuf[hwa] <= bvec;
    end

    // ---- observation (the first stage's view) ----
    assign obs_o = {rr_q, dprev_q, thr_q, head_q, cnt_q};
endmodule
