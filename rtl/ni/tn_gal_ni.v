// SPDX-License-Identifier: MIT
// GAL network interface of one node (cmodel/src/ni.c; docs/microarchitecture.md 21): S sets of
// 2^N quadrant queues of packet descriptors (tag, destination), a threshold T per set with the
// adaptive rule of paper 000 section IV-E, the injection units of the TERM source channels and
// the senders of the TERM injection channels. Sets built: S = 1, 2 (near/far) and 2^N (dir),
// chosen at run time by cfg_sets_i; S = N (one set per destination) is C-only.
//
// One cycle t (t = cycles since reset, the first cycle after reset is t = 0), as the C model
// calls it (tn_source_send for e = 0..TERM-1, then tn_source_step for e = 0..TERM-1, then
// tn_gal_tick):
//   1. sender e (tn_gal_peek + tn_gal_take): the first non-empty queue j at or after its RR
//      pointer among the queues j = set*2^N + q of the active sets with q mod TERM = e; when
//      snd_ready_i[e] the packet departs (snd_valid_o[e]) and the pointer becomes j+1 mod S*2^N;
//   2. injection unit e = 0..TERM-1 in order (tn_gal_enqueue), each seeing the occupancies after
//      this cycle's departures and the enqueues of the units before it (tn_gal_quad, tn_gal_pick);
//   3. end of cycle (tn_gal_tick), adaptive only: each set's window count of departures over the
//      last n1 cycles (this one included); when (t+1) mod n2 = 0, D = that count, T moves up
//      (D < D at the last update) or down, clamped to [tmin, tmax], and D is kept (dprev).
// Queue j is a ring of QD descriptors (head_q, cnt_q). Descriptors are in distributed RAM: queue j
// drains through channel f = (j mod 2^N) mod TERM, and bank (f, u) holds the descriptors of
// channel f's queues written by injection unit u (one write port per bank), read by sender f;
// with TERM > 1 a live-value table (flip-flops) says which unit wrote each slot. The departure
// history of each set and channel is a 64-entry ring (hbuf), read n1-1 cycles back to drop the
// bit that leaves the window from a running count (run_q): the same D as the C model's popcount
// of the last n1 history bits.
module tn_gal_ni #(
    parameter K    = 4,   // radix, 2..64
    parameter N    = 2,   // dimensions, 1..4
    parameter TERM = 1,   // injection channels (and source channels) per node, 1..min(4, 2^N)
    parameter QD   = 8,   // packets per quadrant queue, 1..1024 (gal_qdepth)
    parameter TAGW = 16,  // width of the opaque packet tag, 1..64
    parameter TOPO = 0,   // 0 torus (GAL needs one; 1 mesh is refused)
    // derived (do not override)
    parameter CW   = (K > 2) ? $clog2(K) : 1,
    parameter AW   = N * CW,               // packed address (section 3)
    parameter Q    = 1 << N,               // quadrants; also the most sets (dir)
    parameter NQ   = Q * Q,                // queues: j = set*2^N + quadrant
    parameter JW   = 2 * N,                // queue index
    parameter CNTW = $clog2(QD + 1),       // occupancy 0..QD
    parameter HW   = (QD > 1) ? $clog2(QD) : 1,
    parameter TW   = 11,                   // threshold 0..1024
    parameter DW   = $clog2(64 * TERM + 1),// departures in the window, 0..64*TERM
    parameter OBSW = NQ * CNTW + NQ * HW + Q * TW + Q * DW + TERM * JW
) (
    input  wire               clk_i,
    input  wire               rst_i,        // synchronous, active high
    input  wire [AW-1:0]      coord_i,      // this node's coordinates, packed (section 3)
    // run-time configuration (constant during a run; section 21 keys)
    input  wire [1:0]         cfg_sets_i,   // gal_sets: 0 one set, 1 near/far, 2 dir (3: C only)
    input  wire               cfg_adapt_i,  // gal_adapt: 1 adaptive threshold
    input  wire [TW-1:0]      cfg_t_i,      // gal_t: fixed T, 0..1024
    input  wire [TW-1:0]      cfg_tmin_i,   // gal_tmin (T at reset when adaptive)
    input  wire [TW-1:0]      cfg_tmax_i,   // gal_tmax (>= tmin)
    input  wire [6:0]         cfg_n1_i,     // gal_n1: window, 1..64 cycles
    input  wire [19:0]        cfg_n2_i,     // gal_n2: update period, 1..1000000 cycles
    // source channel e: the harness's next pending packet of source queue e (created <= t)
    input  wire [TERM-1:0]    src_valid_i,  // source e offers a packet this cycle
    input  wire [TERM*AW-1:0] src_dst_i,    // its destination, packed
    input  wire [TERM*TAGW-1:0] src_tag_i,  // its tag (opaque, returned by the sender)
    output wire [TERM-1:0]    src_take_o,   // queued this cycle (0: stays pending, queue full)
    output wire [TERM*JW-1:0] src_queue_o,  // the queue j = set*2^N + quadrant it chose (its
                                            // quadrant: the low N bits), valid with src_take_o
    // sender of injection channel e
    input  wire [TERM-1:0]    snd_ready_i,  // channel e may start a packet this cycle (its last
                                            // tail sent and a VC has all credits, section 9)
    output wire [TERM-1:0]    snd_valid_o,  // a packet departs its queue and starts on channel e
    output wire [TERM*TAGW-1:0] snd_tag_o,  // its tag (0 when no queue of e holds a packet)
    output wire [TERM*AW-1:0] snd_dst_o,    // its destination
    output wire [TERM*N-1:0]  snd_quad_o,   // its quadrant (bit d: direction -d)
    // observation (LSB first): cnt[j] (CNTW) j = 0..NQ-1, head[j] (HW), thr[s] (TW) s = 0..Q-1,
    // dprev[s] (DW), rr[e] (JW) e = 0..TERM-1
    output wire [OBSW-1:0]    obs_o
);
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
    endgenerate

    localparam EW = TAGW + AW;  // descriptor: {dst, tag}
    localparam integer QDI = QD;
    localparam [CNTW:0] QDW = QDI[CNTW:0];
    localparam [HW:0] QDH = QDI[HW:0];
    localparam integer NQI = NQ;
    localparam integer QI = Q;
    // descriptor banks: queue j drains through channel f = (j mod 2^N) mod TERM; bank (f, u) holds
    // the descriptors of channel f's queues that injection unit u wrote, at {local queue, slot}
    localparam integer RQ = (Q + TERM - 1) / TERM;     // most quadrants sharing one channel
    localparam integer RW = (RQ > 1) ? $clog2(RQ) : 0;
    localparam integer LW = N + RW;                    // local queue: {set, quadrant / TERM}
    localparam integer MW = LW + HW;                   // bank address: {local queue, slot}
    localparam integer MD = 1 << MW;
    localparam integer UW = (TERM > 1) ? $clog2(TERM) : 1;

    // ---- registers ----
    reg [NQ*CNTW-1:0]  cnt_q;     // occupancy per queue
    reg [NQ*HW-1:0]    head_q;    // ring head per queue
    reg [Q*TW-1:0]     thr_q;     // threshold per set
    reg [Q*DW-1:0]     dprev_q;   // D at the last update, per set
    reg [Q*DW-1:0]     run_q;     // departures of the set in cycles t-n1+1 .. t-1
    reg [TERM*JW-1:0]  rr_q;      // sender RR pointers
    reg [19:0]         phase_q;   // t mod n2
    reg [5:0]          wp_q;      // t mod 64: history ring write slot
    reg [5:0]          age_q;     // min(t, 63)
    reg [Q*TERM-1:0]   hbuf [0:63]; // departure bits of cycle t' at t' mod 64 (no reset: age_q)

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
            localparam integer LQI = ((gj / Q) << RW) + ((gj % Q) / TERM);
            assign lqtab[gj*LW +: LW] = LQI[LW-1:0];
        end
    endgenerate

    // ---- 1. senders ----
    wire [TERM*JW-1:0] gvec;   // queue each sender looks at
    wire [TERM-1:0]    found;
    wire [TERM*MW-1:0] raddr;  // its head descriptor's bank address
    wire [TERM*HW-1:0] hnext;  // its head after a departure
    wire [TERM*EW-1:0] rdesc;  // its head descriptor
    wire [TERM*TERM*EW-1:0] bank_rd;  // bank (f, u) read at raddr[f]: [(f*TERM + u)*EW +: EW]
    genvar ge, gu;
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_snd
            reg [NQ-1:0] elig;
            reg [HW-1:0] hg;
            reg [LW-1:0] lg;
            reg [HW:0]   hn;
            wire [JW-1:0] g;
            integer j;
            always @(*) begin
                hg = {HW{1'b0}};
                lg = {LW{1'b0}};
                for (j = 0; j < NQ; j = j + 1) begin
                    elig[j] = (((j % Q) % TERM) == ge) && act[j] &&
                              (cnt_q[j*CNTW +: CNTW] != {CNTW{1'b0}});
                    if (((j % Q) % TERM) == ge && g == j[JW-1:0]) begin
                        hg = head_q[j*HW +: HW];
                        lg = lqtab[j*LW +: LW];
                    end
                end
                hn = {1'b0, hg} + 1'b1;
            end
            tn_rr_arbiter #(.N(NQ)) u_arb (.req_i(elig), .ptr_i(rr_q[ge*JW +: JW]),
                                           .valid_o(found[ge]), .idx_o(g));
            assign raddr[ge*MW +: MW] = {lg, hg};
            assign hnext[ge*HW +: HW] = (hn == QDH) ? {HW{1'b0}} : hn[HW-1:0];
            assign gvec[ge*JW +: JW] = g;
            assign snd_valid_o[ge] = snd_ready_i[ge] && found[ge];
            assign snd_tag_o[ge*TAGW +: TAGW] = found[ge] ? rdesc[ge*EW +: TAGW] : {TAGW{1'b0}};
            assign snd_dst_o[ge*AW +: AW] = found[ge] ? rdesc[ge*EW + TAGW +: AW] : {AW{1'b0}};
            assign snd_quad_o[ge*N +: N] = g[N-1:0];
        end
    endgenerate

    // departures per queue
    reg [NQ-1:0] dep;
    integer dj;
    always @(*) begin
        for (dj = 0; dj < NQ; dj = dj + 1)
            dep[dj] = snd_valid_o[(dj % Q) % TERM] &&
                      (gvec[((dj % Q) % TERM)*JW +: JW] == dj[JW-1:0]);
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
    reg [TERM*JW-1:0] jsel;    // queue chosen by unit e
    reg [TERM*HW-1:0] wpos;    // its ring slot: (head + occupancy) mod QD
    reg [TERM-1:0]    take;
    reg [N-1:0]       qmin, zero, sset, qc, qm;
    reg [Q*CNTW-1:0]  scnt;    // the set's occupancies as this unit sees them
    reg [TW-1:0]      sthr;    // the set's threshold
    reg [CNTW-1:0]    m, c;    // occupancy of the current choice; of quadrant r
    reg [JW-1:0]      js;
    reg [HW-1:0]      hcur;
    reg               dcur;
    reg [CNTW+1:0]    sum;
    integer ie, is, ir, ij, ip;
    always @(*) begin
        jsel = {TERM*JW{1'b0}};
        wpos = {TERM*HW{1'b0}};
        take = {TERM{1'b0}};
        qmin = {N{1'b0}};
        zero = {N{1'b0}};
        sset = {N{1'b0}};
        qc = {N{1'b0}};
        qm = {N{1'b0}};
        scnt = {Q*CNTW{1'b0}};
        sthr = {TW{1'b0}};
        m = {CNTW{1'b0}};
        c = {CNTW{1'b0}};
        js = {JW{1'b0}};
        hcur = {HW{1'b0}};
        dcur = 1'b0;
        sum = {(CNTW+2){1'b0}};
        for (ie = 0; ie < TERM; ie = ie + 1) begin
            qmin = qmin_v[ie*N +: N];
            zero = zero_v[ie*N +: N];
            sset = set_v[ie*N +: N];
            sthr = {TW{1'b0}};
            for (is = 0; is < Q; is = is + 1)
                if (sset == is[N-1:0])
                    sthr = thr_q[is*TW +: TW];
            for (ir = 0; ir < Q; ir = ir + 1) begin
                c = {CNTW{1'b0}};
                for (is = 0; is < Q; is = is + 1)
                    if (sset == is[N-1:0])
                        c = cnt_q[(is*Q + ir)*CNTW +: CNTW] - {{(CNTW-1){1'b0}}, dep[is*Q + ir]};
                for (ip = 0; ip < ie; ip = ip + 1)
                    if (take[ip] && jsel[ip*JW +: JW] == {sset, ir[N-1:0]})
                        c = c + 1'b1;
                scnt[ir*CNTW +: CNTW] = c;
            end
            // the minimal queue: the shortest of the quadrants that agree with qmin in every
            // dimension with an offset (strictly fewer, scanning from qmin); if it holds T or
            // more, the shortest queue of the set among the quadrants that agree with the
            // minimal queue where there is no offset (strictly fewer, from the minimal queue)
            qc = qmin;
            m = {CNTW{1'b0}};
            for (ir = 0; ir < Q; ir = ir + 1)
                if (qmin == ir[N-1:0])
                    m = scnt[ir*CNTW +: CNTW];
            for (ir = 0; ir < Q; ir = ir + 1) begin
                c = scnt[ir*CNTW +: CNTW];
                if ((((ir[N-1:0] ^ qmin) & ~zero) == {N{1'b0}}) && (c < m)) begin
                    qc = ir[N-1:0];
                    m = c;
                end
            end
`ifdef TN_FAULT_GAL_THR
            // planted fault (tnlock's self-test): the minimal queue is kept while its occupancy
            // equals T, i.e. > T where the rule says >= T
            if ({{(TW+1-CNTW){1'b0}}, m} > {1'b0, sthr}) begin
`else
            if ({{(TW+1-CNTW){1'b0}}, m} >= {1'b0, sthr}) begin
`endif
                qm = qc;
                for (ir = 0; ir < Q; ir = ir + 1) begin
                    c = scnt[ir*CNTW +: CNTW];
                    if ((((ir[N-1:0] ^ qm) & zero) == {N{1'b0}}) && (c < m)) begin
                        qc = ir[N-1:0];
                        m = c;
                    end
                end
            end
            take[ie] = src_valid_i[ie] && ({1'b0, m} < QDW);  // not full
            js = {sset, qc};
            hcur = {HW{1'b0}};
            dcur = 1'b0;
            for (ij = 0; ij < NQ; ij = ij + 1)
                if (js == ij[JW-1:0]) begin
                    hcur = head_q[ij*HW +: HW];
                    dcur = dep[ij];
                end
            // slot = (head after the departure + occupancy seen) mod QD, m < QD when taken
            sum = {{(CNTW + 2 - HW){1'b0}}, hcur} + {2'b00, m} + {{(CNTW+1){1'b0}}, dcur};
            wpos[ie*HW +: HW] = sum[HW-1:0] - ((sum >= {1'b0, QDW}) ? QDH[HW-1:0] : {HW{1'b0}});
            jsel[ie*JW +: JW] = js;
        end
    end
    assign src_take_o = take;
    assign src_queue_o = jsel;

    // occupancies and heads after the cycle
    reg [NQ*CNTW-1:0] cnt_d;
    reg [NQ*HW-1:0]   head_d;
    integer qj, qe;
    always @(*) begin
        cnt_d = cnt_q;
        head_d = head_q;
        for (qj = 0; qj < NQ; qj = qj + 1) begin
            if (dep[qj]) begin
                cnt_d[qj*CNTW +: CNTW] = cnt_d[qj*CNTW +: CNTW] - 1'b1;
                head_d[qj*HW +: HW] = hnext[((qj % Q) % TERM)*HW +: HW];
            end
            for (qe = 0; qe < TERM; qe = qe + 1)
                if (take[qe] && jsel[qe*JW +: JW] == qj[JW-1:0])
                    cnt_d[qj*CNTW +: CNTW] = cnt_d[qj*CNTW +: CNTW] + 1'b1;
        end
    end

    // ---- descriptor storage: distributed RAM, one write port per bank ----
    // unit u writes {dst, tag} at {local queue of jsel[u], wpos[u]} of bank (channel of jsel[u], u)
    reg [TERM*MW-1:0]   waddr;
    reg [TERM*TERM-1:0] wen;   // [f*TERM + u]
    integer wu, wf, wj;
    always @(*) begin
        waddr = {TERM*MW{1'b0}};
        wen = {TERM*TERM{1'b0}};
        for (wu = 0; wu < TERM; wu = wu + 1) begin
            for (wj = 0; wj < NQ; wj = wj + 1)
                if (jsel[wu*JW +: JW] == wj[JW-1:0]) begin
                    waddr[wu*MW +: MW] = {lqtab[wj*LW +: LW], wpos[wu*HW +: HW]};
                    for (wf = 0; wf < TERM; wf = wf + 1)
                        wen[wf*TERM + wu] = take[wu] && (((wj % Q) % TERM) == wf);
                end
        end
    end
    generate
        for (ge = 0; ge < TERM; ge = ge + 1) begin : g_bank_f
            for (gu = 0; gu < TERM; gu = gu + 1) begin : g_bank_u
                reg [EW-1:0] mem [0:MD-1];
                always @(posedge clk_i)
                    if (wen[ge*TERM + gu])
                        mem[waddr[gu*MW +: MW]] <= {src_dst_i[gu*AW +: AW], src_tag_i[gu*TAGW +: TAGW]};
                assign bank_rd[(ge*TERM + gu)*EW +: EW] = mem[raddr[ge*MW +: MW]];
            end
        end
    endgenerate
    generate
        if (TERM == 1) begin : g_one
            assign rdesc = bank_rd;
        end else begin : g_lvt
            // live-value table: which unit wrote each slot (flip-flops: up to TERM writes a cycle)
            reg [NQ*QD*UW-1:0] lvt_q;
            integer lj, li, lu;
            always @(posedge clk_i)
                for (lj = 0; lj < NQ; lj = lj + 1)
                    for (li = 0; li < QD; li = li + 1)
                        for (lu = 0; lu < TERM; lu = lu + 1)
                            if (take[lu] && jsel[lu*JW +: JW] == lj[JW-1:0] &&
                                wpos[lu*HW +: HW] == li[HW-1:0])
                                lvt_q[(lj*QD + li)*UW +: UW] <= lu[UW-1:0];
            for (ge = 0; ge < TERM; ge = ge + 1) begin : g_rd
                reg [UW-1:0] us;
                reg [EW-1:0] d;
                integer rj, ri, ru;
                always @(*) begin
                    us = {UW{1'b0}};
                    for (rj = 0; rj < NQ; rj = rj + 1)
                        if (((rj % Q) % TERM) == ge && gvec[ge*JW +: JW] == rj[JW-1:0])
                            for (ri = 0; ri < QD; ri = ri + 1)
                                if (raddr[ge*MW +: HW] == ri[HW-1:0])
                                    us = lvt_q[(rj*QD + ri)*UW +: UW];
                    d = {EW{1'b0}};
                    for (ru = 0; ru < TERM; ru = ru + 1)
                        if (us == ru[UW-1:0])
                            d = bank_rd[(ge*TERM + ru)*EW +: EW];
                end
                assign rdesc[ge*EW +: EW] = d;
            end
        end
    endgenerate

    // ---- 3. departure history and threshold ----
    reg [Q*TERM-1:0] bvec;     // channel e took a packet of set s this cycle: bit s*TERM + e
    reg [Q*TERM-1:0] lvec;     // the bits leaving the window: cycle t - (n1 - 1)
    reg [Q*DW-1:0]   dbar, run_d;
    reg [Q*TW-1:0]   thr_d;
    reg [DW-1:0]     nb, nl, db;
    reg [TW-1:0]     th;
    wire [6:0] back = cfg_n1_i - 7'd1;   // n1 - 1, 0..63
    wire [5:0] rp = wp_q - back[5:0];
    wire [Q*TERM-1:0] hrd = hbuf[rp];  // written in cycle t - (n1 - 1)
    wire upd = cfg_adapt_i && (phase_q == cfg_n2_i - 20'd1);
    integer s3, e3;
    always @(*) begin
        for (s3 = 0; s3 < Q; s3 = s3 + 1)
            for (e3 = 0; e3 < TERM; e3 = e3 + 1)
                bvec[s3*TERM + e3] = snd_valid_o[e3] && (gvec[e3*JW + N +: N] == s3[N-1:0]);
        if (back == 7'd0)
            lvec = bvec;
        else if ({1'b0, age_q} >= back)
            lvec = hrd;
        else
            lvec = {Q*TERM{1'b0}};
        thr_d = thr_q;
        nb = {DW{1'b0}};
        nl = {DW{1'b0}};
        db = {DW{1'b0}};
        th = {TW{1'b0}};
        for (s3 = 0; s3 < Q; s3 = s3 + 1) begin
            nb = {DW{1'b0}};
            nl = {DW{1'b0}};
            for (e3 = 0; e3 < TERM; e3 = e3 + 1) begin
                nb = nb + {{(DW-1){1'b0}}, bvec[s3*TERM + e3]};
                nl = nl + {{(DW-1){1'b0}}, lvec[s3*TERM + e3]};
            end
            db = run_q[s3*DW +: DW] + nb;
            dbar[s3*DW +: DW] = db;
            run_d[s3*DW +: DW] = db - nl;
            th = thr_q[s3*TW +: TW];
            if (db < dprev_q[s3*DW +: DW])   // throughput dropped: route minimally more often
                thr_d[s3*TW +: TW] = (th < cfg_tmax_i) ? th + 1'b1 : th;
            else
                thr_d[s3*TW +: TW] = (th > cfg_tmin_i) ? th - 1'b1 : th;
        end
    end

    // ---- state update ----
    integer re;
    always @(posedge clk_i) begin
        if (rst_i) begin
            cnt_q <= {NQ*CNTW{1'b0}};
            head_q <= {NQ*HW{1'b0}};
            for (re = 0; re < Q; re = re + 1)
                thr_q[re*TW +: TW] <= cfg_adapt_i ? cfg_tmin_i : cfg_t_i;
            dprev_q <= {Q*DW{1'b0}};
            run_q <= {Q*DW{1'b0}};
            rr_q <= {TERM*JW{1'b0}};
            phase_q <= 20'd0;
            wp_q <= 6'd0;
            age_q <= 6'd0;
        end else begin
            cnt_q <= cnt_d;
            head_q <= head_d;
            for (re = 0; re < TERM; re = re + 1)
                if (snd_valid_o[re])
                    rr_q[re*JW +: JW] <= ({1'b0, gvec[re*JW +: JW]} + 1'b1 == nact)
                                         ? {JW{1'b0}} : gvec[re*JW +: JW] + 1'b1;
            phase_q <= (phase_q == cfg_n2_i - 20'd1) ? 20'd0 : phase_q + 20'd1;
            if (cfg_adapt_i) begin
                run_q <= run_d;
                wp_q <= wp_q + 6'd1;
                if (age_q != 6'd63)
                    age_q <= age_q + 6'd1;
                if (upd) begin
                    thr_q <= thr_d;
                    dprev_q <= dbar;
                end
            end
        end
    end

    always @(posedge clk_i) begin
        if (!rst_i && cfg_adapt_i)
            hbuf[wp_q] <= bvec;
    end

    // ---- observation ----
    assign obs_o = {rr_q, dprev_q, thr_q, head_q, cnt_q};
endmodule
