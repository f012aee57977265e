// SPDX-License-Identifier: MIT
// Input unit of one port (cmodel/hw/input_unit.c): V FIFOs of B flits, the VC state (IDLE /
// ACTIVE, output port and VC held while ACTIVE) and the credit register back to the upstream
// port. docs/microarchitecture.md sections 5 and 6. With STAGES = 2 (the engine, docs/emulator.md
// section 7) the outputs are the first stage's, read at ctx_i (but active_w_o, ovc_w_o), and every
// input is the second stage's, whose flit RAM accesses and state updates are at wctx_i.
// Storage: the flits of all V VCs share one RAM of V x 2^BW words (one write and one read a
// cycle: the arriving flit, the flit that leaves); beside it, per VC, a small RAM of each flit's
// head bit and the route the router computed for it as it arrived (RW bits), read at every VC's
// front for its request. With STAGES = 2 each VC has one RAM of its flits with their route and
// head bit instead, read a clock ahead, for block RAM (docs/emulator.md, "Block RAM").
`include "tn_faults.vh"
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_input_unit #(
    parameter V    = 2,                               // VCs
    parameter B    = 8,                               // flits per VC
    parameter FW   = 40,                              // flit width (no vc, no valid)
    parameter RW   = 1,                               // route bits stored beside each flit
    parameter P    = 5,                               // ports
    parameter PW   = 3,                               // port index width
    parameter VW   = (V > 1) ? $clog2(V) : 1,         // VC index width
    parameter CNTW = (B > 0) ? $clog2(B + 1) : 1,     // occupancy width
    parameter BW   = (B > 1) ? $clog2(B) : 1,         // slot index width
    parameter CTX  = 1,                               // contexts (tn_ctx_reg; 1: one router)
    parameter STAGES = 1,                             // engine stages (tn_ctx_reg, tn_cut)
    parameter CXW  = (CTX > 1) ? $clog2(CTX) : 1      // context index width
) (
    input  wire            clk_i,
    input  wire            rst_i,
    input  wire [CXW-1:0]  ctx_i,      // the context read (CTX > 1; docs/emulator.md)
    input  wire [CXW-1:0]  wctx_i,     // the context written (STAGES = 2)
    input  wire [CXW-1:0]  nctx_i,     // the context read at the next clock (STAGES = 2)
    input  wire            ctx_we_i,   // its state is written at this clock edge (CTX > 1)
    input  wire [CNTW-1:0] cfg_buf_i,  // flits used per VC, 1..B (stable while out of reset)
    // link in (6.1)
    input  wire            in_valid_i,
    input  wire [VW-1:0]   in_vc_i,
    input  wire [FW-1:0]   in_flit_i,
    input  wire [RW-1:0]   in_route_i,  // the route of in_flit_i (meaningful for a head)
    // switch grant (6.7): read the front flit of pop_vc_i; a head takes output VC
    // (alloc_op_i, alloc_ov_i) and the VC becomes ACTIVE unless the head is also the tail
    input  wire            pop_i,
    input  wire [VW-1:0]   pop_vc_i,
    input  wire            alloc_i,
    input  wire [PW-1:0]   alloc_op_i,
    input  wire [P-1:0]    alloc_op_oh_i,  // the same port, one-hot
    input  wire [VW-1:0]   alloc_ov_i,
    // state
    output wire [V-1:0]      front_head_o,  // the front flit of each VC is a head
    output wire [V*RW-1:0]   front_route_o, // and its route
    output wire [FW-1:0]     pop_flit_o,    // the front flit of VC pop_vc_i (the second stage's)
    output wire [V*CNTW-1:0] cnt_o,
    output wire [V-1:0]      active_o,
    output wire [V*PW-1:0]   oport_o,
    output wire [V*VW-1:0]   ovc_o,
    output wire [V*P-1:0]    oport_oh_o,   // oport and ovc one-hot (copies, for AND-OR muxes)
    output wire [V*V-1:0]    ovc_oh_o,
    output wire [V-1:0]      active_w_o,   // active and ovc as the second stage reads them
    output wire [V*VW-1:0]   ovc_w_o,      // (STAGES = 2; else the same as active_o, ovc_o)
    // credit register back upstream
    output wire            crd_valid_o,
    output wire [VW-1:0]   crd_vc_o,
    output wire            err_buf_ovf_o
);
    localparam TAIL = FW - 2;
    localparam HEAD = FW - 1;
    localparam integer BI = B;
    localparam integer BL = B - 1;
    localparam [CNTW:0]   BSUM = BI[CNTW:0];
    localparam [BW-1:0]   LAST = BL[BW-1:0];

    generate
        if (STAGES == 2 && CTX < 3) begin : g_chk_ctx
            // the flit RAMs are read a clock ahead (g_fsync): a context's writes must be older
            tn_error_STAGES_2_needs_CTX_3_or_more u_err ();
        end
    endgenerate
    wire [V-1:0] ovf;
    assign err_buf_ovf_o = |ovf;
    wire [V-1:0]    push_v;
    wire [V*BW-1:0] slot_v, rd_v;

    wire we = (CTX == 1) || ctx_we_i;          // the engine writes its memories
    wire [V*BW-1:0] rdq_v;                     // each VC's read slot, the first stage's
    wire [V*BW-1:0] rdd_v;                     // and the value it takes at the edge
    wire [V*(RW+1)-1:0] frt_v;                 // STAGES = 2: each VC's front {route, head}
    generate
        if (STAGES == 2) begin : g_fsync
            // the engine in two stages (docs/emulator.md, "Block RAM"): one RAM per VC of each
            // flit with its route (the head bit is the flit's), words {ctx, slot}, read a clock
            // ahead, at the next context (nctx_i) and its read slot (a copy of the read slots,
            // u_rdn, read there): the first stage has every VC's front route and head, the second
            // (a register later) its front flit (block RAM: two DP16KD per VC at the 8x8's 56
            // bits). The read never
            // meets a write of its context: that context's last write was a sweep earlier (three
            // contexts or more), and a pop needs a flit there at the start of the cycle.
            localparam FMD = CTX << BW;
            wire [V*BW-1:0] rdn_v;
            wire [V*BW-1:0] unused_rdn_w;
            tn_ctx_reg #(.W(V * BW), .CTX(CTX), .STAGES(STAGES)) u_rdn (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(nctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (1'b1),
                .rv_i ({(V * BW){1'b0}}),
                .d_i  (rdd_v),
                .q_o  (rdn_v),
                .qw_o (unused_rdn_w));
            wire [V*FW-1:0] front_w;
            genvar gf;
            for (gf = 0; gf < V; gf = gf + 1) begin : g_vcram
                (* ram_style = "block" *) reg [RW+FW-1:0] fm [0:FMD-1];
                reg [RW+FW-1:0] fr1;  // the first stage's: {route, flit}
                reg [FW-1:0]  fr2;    // the second's: the flit
                always @(posedge clk_i) begin
                    if (push_v[gf] && ctx_we_i)
                        fm[{wctx_i, slot_v[gf*BW +: BW]}] <= {in_route_i, in_flit_i};
                    fr1 <= fm[{nctx_i, rdn_v[gf*BW +: BW]}];
                    fr2 <= fr1[FW-1:0];
                end
                assign frt_v[gf*(RW+1) +: RW+1] = {fr1[RW+FW-1:FW], fr1[HEAD]};
                assign front_w[gf*FW +: FW] = fr2;
            end
            reg [FW-1:0] pf;
            integer kf;
            always @(*) begin
                pf = {FW{1'b0}};
                for (kf = 0; kf < V; kf = kf + 1)
                    if (pop_vc_i == kf[VW-1:0]) pf = front_w[kf*FW +: FW];
            end
            assign pop_flit_o = pf;
            wire unused_rd = &{1'b0, rd_v, rdq_v, ctx_i, we};
        end else begin : g_fasync
            // the shared flit RAM: word {vc, slot}, and {ctx, vc, slot} with CTX > 1
            localparam AWF = (V > 1) ? VW + BW : BW;   // address {vc, slot} (slot alone when V = 1)
            localparam AWC = (CTX > 1) ? CXW + AWF : AWF;
            reg [FW-1:0] fmem [0:(1<<AWC)-1];
            reg [BW-1:0] wslot, rslot;
            integer k;
            always @(*) begin
                wslot = {BW{1'b0}};
                rslot = {BW{1'b0}};
                for (k = 0; k < V; k = k + 1) begin
                    if (in_vc_i == k[VW-1:0]) wslot = slot_v[k*BW +: BW];
                    if (pop_vc_i == k[VW-1:0]) rslot = rd_v[k*BW +: BW];
                end
            end
            wire [VW+BW-1:0] waddr_f = {in_vc_i, wslot};
            wire [VW+BW-1:0] raddr_f = {pop_vc_i, rslot};
            wire [AWF-1:0] waddr = waddr_f[AWF-1:0];
            wire [AWF-1:0] raddr = raddr_f[AWF-1:0];
            wire [AWC-1:0] waddr_c, raddr_c;
            if (AWF < VW + BW) begin : g_v1
                wire unused_addr = &{1'b0, waddr_f[VW+BW-1:AWF], raddr_f[VW+BW-1:AWF]};
            end
            if (CTX > 1) begin : g_fctx
                assign waddr_c = {wctx_i, waddr};
                assign raddr_c = {wctx_i, raddr};
            end else begin : g_fone
                assign waddr_c = waddr;
                assign raddr_c = raddr;
                wire unused_ctx = &{1'b0, ctx_i, wctx_i, ctx_we_i};
            end
            always @(posedge clk_i)
                if (|push_v && we)
                    fmem[waddr_c] <= in_flit_i;
            assign pop_flit_o = fmem[raddr_c];
            assign frt_v = {(V*(RW+1)){1'b0}};   // (the route RAMs below)
            wire unused_rdq = &{1'b0, rdq_v, rdd_v, nctx_i, frt_v};
        end
    endgenerate
    wire pop_tail = pop_flit_o[TAIL];
    reg [V-1:0] alloc_ov_oh;   // alloc_ov_i one-hot, for the copy ovc_oh_q
    integer kv;
    always @(*)
        for (kv = 0; kv < V; kv = kv + 1)
            alloc_ov_oh[kv] = (alloc_ov_i == kv[VW-1:0]);

    genvar gv;
    generate
        for (gv = 0; gv < V; gv = gv + 1) begin : g_vc
            localparam [VW-1:0] VI = gv;
            wire [BW-1:0]   rd_q, rd_w;        // _q: the first stage's; _w: the second's
            wire [CNTW-1:0] cnt_q, cnt_w;
            wire            active_q, active_w;
            wire [PW-1:0]   oport_q, oport_w;
            wire [VW-1:0]   ovc_q, ovc_w;
            wire [P-1:0]    oport_oh_q, oport_oh_w;
            wire [V-1:0]    ovc_oh_q, ovc_oh_w;
            wire pop  = pop_i && (pop_vc_i == VI);
            wire wr   = in_valid_i && (in_vc_i == VI);
            wire full = (cnt_w == cfg_buf_i) && !pop;
            wire push = wr && !full;
            // write slot (rd + cnt) mod B
            wire [CNTW:0] sum  = {{(CNTW+1-BW){1'b0}}, rd_w} + {1'b0, cnt_w};
            wire [CNTW:0] slot = (sum >= BSUM) ? (sum - BSUM) : sum;
            assign ovf[gv] = wr && full;
            wire [RW:0] fr;   // the front flit's {route, head}
            if (STAGES == 2) begin : g_frt
                assign fr = frt_v[gv*(RW+1) +: RW+1];   // (the flit RAM above, read ahead)
            end else begin : g_rtm
                // the route RAM: {route, head} of each flit, words {ctx, slot} with CTX > 1
                localparam MD  = (CTX > 1) ? (CTX << BW) : B;
                localparam MAW = (CTX > 1) ? CXW + BW : BW;
                reg [RW:0] mem [0:MD-1];
                wire [MAW-1:0] wa, ra;
                if (CTX > 1) begin : g_mctx
                    assign wa = {wctx_i, slot[BW-1:0]};
                    assign ra = {ctx_i, rd_q};
                end else begin : g_mone
                    assign wa = slot[BW-1:0];
                    assign ra = rd_q;
                end
                always @(posedge clk_i) begin
                    if (push && we)
                        mem[wa] <= {in_route_i, in_flit_i[HEAD]};
                end
                assign fr = mem[ra];
            end
            assign front_head_o[gv]           = fr[0];
            assign front_route_o[gv*RW +: RW] = fr[RW:1];
            assign push_v[gv]                 = push;
            assign slot_v[gv*BW +: BW]        = slot[BW-1:0];
            assign rd_v[gv*BW +: BW]          = rd_w;
            assign rdq_v[gv*BW +: BW]         = rd_q;
            assign cnt_o[gv*CNTW +: CNTW] = cnt_q;
            assign active_o[gv]           = active_q;
            assign oport_o[gv*PW +: PW]   = oport_q;
            assign ovc_o[gv*VW +: VW]     = ovc_q;
            assign oport_oh_o[gv*P +: P]  = oport_oh_q;
            assign ovc_oh_o[gv*V +: V]    = ovc_oh_q;
            assign active_w_o[gv]         = active_w;
            assign ovc_w_o[gv*VW +: VW]   = ovc_w;
            // the VC's registers: occupancy, read slot, state (6.7)
            wire [CNTW-1:0] cnt_d = (push && !pop) ? cnt_w + 1'b1
                                  : (pop && !push) ? cnt_w - 1'b1 : cnt_w;
            wire [BW-1:0]   rd_d  = (rd_w == LAST) ? {BW{1'b0}} : rd_w + 1'b1;
            wire            take  = pop && alloc_i && !pop_tail;   // the head takes (op, ov)
            assign rdd_v[gv*BW +: BW] = pop ? rd_d : rd_w;
            wire rel = `TN_HOOK_VC_RELEASE(pop && pop_tail, pop, cnt_w, CNTW);   // by its tail
            tn_ctx_reg #(.W(CNTW + BW + 1), .CTX(CTX), .STAGES(STAGES)) u_cnt (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (1'b1),
                .rv_i ({(CNTW + BW + 1){1'b0}}),
                .d_i  ({cnt_d, rdd_v[gv*BW +: BW],
                        rel ? 1'b0 : (pop && alloc_i) ? 1'b1 : active_w}),
                .q_o  ({cnt_q, rd_q, active_q}),
                .qw_o ({cnt_w, rd_w, active_w}));
            tn_ctx_reg #(.W(PW + VW + P + V), .CTX(CTX), .STAGES(STAGES)) u_out (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (take),
                .rv_i ({(PW + VW + P + V){1'b0}}),
                .d_i  ({alloc_op_i, alloc_ov_i, alloc_op_oh_i, alloc_ov_oh}),
                .q_o  ({oport_q, ovc_q, oport_oh_q, ovc_oh_q}),
                .qw_o ({oport_w, ovc_w, oport_oh_w, ovc_oh_w}));
            wire unused_w = &{1'b0, oport_w, oport_oh_w, ovc_oh_w};
            wire unused_slot = &{1'b0, slot[CNTW:BW]};
        end
    endgenerate

    // the credit register back upstream: a link register (tn_ctx_reg THRU)
    wire [VW:0] unused_crd_w;
    tn_ctx_reg #(.W(1 + VW), .CTX(CTX), .THRU(1), .STAGES(STAGES)) u_crd (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({(1 + VW){1'b0}}),
        .d_i  ({pop_i, pop_i ? pop_vc_i : {VW{1'b0}}}),
        .q_o  ({crd_valid_o, crd_vc_o}),
        .qw_o (unused_crd_w));

`ifdef TN_FV_ROUTER
    // Formal only (rtl/formal/tn_router_fv.sv): the buffer invariants the router's proof needs,
    // for any payload (F4.5's packet structure without F4.4's numbering): the upstream sends
    // whole packets on each VC (f_inpkt: a packet has entered part-way); the flits held form
    // whole packets, the front is a head exactly when the VC is idle, the route RAM's head bit is
    // the flit's, and every head held has one output port (the route unit's, asserted there).
    generate
        if (CTX == 1 && STAGES == 1) begin : g_fvr
            reg [V-1:0] f_inpkt;
            integer fv;
            always @(posedge clk_i)
                for (fv = 0; fv < V; fv = fv + 1)
                    if (rst_i) f_inpkt[fv] <= 1'b0;
                    else if (in_valid_i && in_vc_i == fv[VW-1:0]) f_inpkt[fv] <= !in_flit_i[TAIL];
            always @*
                for (fv = 0; fv < V; fv = fv + 1)
                    if (in_valid_i && in_vc_i == fv[VW-1:0]) assume (in_flit_i[HEAD] == !f_inpkt[fv]);
            genvar gr;
            for (gr = 0; gr < V; gr = gr + 1) begin : g_fvc
                localparam [VW-1:0] VI = gr;
                wire [CNTW-1:0] cnt = g_vc[gr].cnt_w;
                wire [BW-1:0]   rd  = g_vc[gr].rd_w;
                reg [RW:0]      r;
                reg [FW-1:0]    f, fp;
                reg [BW:0]      s;
                integer j;
                always @* if (!$initstate) begin
                    fp = {FW{1'b0}};
                    for (j = 0; j < B; j = j + 1) begin
                        s = {1'b0, rd} + j[BW:0];
                        if (s >= B[BW:0]) s = s - B[BW:0];
                        r = g_vc[gr].g_rtm.mem[s[BW-1:0]];
                        f = g_fasync.fmem[{VI, s[BW-1:0]}];
                        if (j < cnt) begin
                            assert (r[0] == f[HEAD]);
                            if (j == 0) assert (f[HEAD] == !g_vc[gr].active_w);
                            else        assert (f[HEAD] == fp[TAIL]);
                            if (j + 1 == cnt) assert (f[TAIL] == !f_inpkt[gr]);
                            if (r[0])
                                assert (r[P:1] != {P{1'b0}} &&
                                        (r[P:1] & (r[P:1] - 1'b1)) == {P{1'b0}});
                        end
                        fp = f;
                    end
                    if (cnt == {CNTW{1'b0}}) assert (f_inpkt[gr] == g_vc[gr].active_w);
                end
            end
        end
    endgenerate
`endif
`ifdef TN_FV_INPUT_UNIT
    // Formal only: the buffer's invariants that rtl/formal/tn_input_unit_fv.sv proves by
    // induction (F4.4-F4.6 there), stated here because they read the flit and route RAMs. The
    // checker's traffic: on each VC a flit's low bits number it (mod 2^(FW-2)), its route is its
    // low RW bits, and its head bit follows a tail (packets whole, head first). f_wseq: the next
    // number on each VC; f_inpkt / f_outpkt: a packet has entered / left part-way.
    generate
        if (CTX == 1 && STAGES == 1) begin : g_fv
            localparam SW = FW - 2;
            reg [SW-1:0] f_wseq [0:V-1];
            reg [V-1:0]  f_inpkt, f_outpkt;
            reg          f_ok = 1'b0;   // a reset has been applied: the state is meaningful
            integer fv;
            always @(posedge clk_i) begin
                if (rst_i) f_ok <= 1'b1;
                for (fv = 0; fv < V; fv = fv + 1)
                    if (rst_i) begin
                        f_wseq[fv]   <= {SW{1'b0}};
                        f_inpkt[fv]  <= 1'b0;
                        f_outpkt[fv] <= 1'b0;
                    end else begin
                        if (push_v[fv]) begin
                            f_wseq[fv]  <= f_wseq[fv] + 1'b1;
                            f_inpkt[fv] <= !in_flit_i[TAIL];
                        end
                        if (pop_i && pop_vc_i == fv[VW-1:0])
                            f_outpkt[fv] <= !pop_flit_o[TAIL];
                    end
            end
            always @* begin
                if (in_valid_i) begin
                    assume (in_flit_i[SW-1:0] == f_wseq[in_vc_i]);
                    assume (in_flit_i[HEAD] == !f_inpkt[in_vc_i]);
                    assume (in_route_i == in_flit_i[RW-1:0]);
                end
            end
            genvar gw;
            for (gw = 0; gw < V; gw = gw + 1) begin : g_fvc
                localparam [VW-1:0] VI = gw;
                wire [CNTW-1:0] cnt = g_vc[gw].cnt_w;
                wire [BW-1:0]   rd  = g_vc[gw].rd_w;
                reg [FW-1:0]    f, fp;
                reg [RW:0]      r;
                reg [BW:0]      s;
                integer j;
                always @* if (f_ok) begin
                    fp = {FW{1'b0}};
                    for (j = 0; j < B; j = j + 1) begin
                        s = {1'b0, rd} + j[BW:0];
                        if (s >= B[BW:0]) s = s - B[BW:0];
                        f = g_fasync.fmem[{VI, s[BW-1:0]}];
                        r = g_vc[gw].g_rtm.mem[s[BW-1:0]];
                        if (j < cnt) begin
                            // F4.4 the VC holds its flits in arrival order, numbered on
                            assert (f[SW-1:0] == f_wseq[gw] - cnt + j[SW-1:0]);
                            // F4.5 whole packets: a head first on the VC or after a tail
                            if (j == 0) assert (f[HEAD] == !f_outpkt[gw]);
                            else        assert (f[HEAD] == fp[TAIL]);
                            if (j + 1 == cnt) assert (f[TAIL] == !f_inpkt[gw]);
                            // the route RAM holds each flit's head bit and route
                            assert (r == {f[RW-1:0], f[HEAD]});
                        end
                        fp = f;
                    end
                    if (cnt == {CNTW{1'b0}}) assert (f_inpkt[gw] == f_outpkt[gw]);
                    // F4.6 a flit leaves in order; a VC is active exactly while its packet is
                    // part-way out: taken by its head, released by its tail
                    if (pop_i && pop_vc_i == VI) begin
                        assert (pop_flit_o[SW-1:0] == f_wseq[gw] - cnt);
                        assert (pop_flit_o[HEAD] == !f_outpkt[gw]);
                    end
                    assert (g_vc[gw].active_w == f_outpkt[gw]);
                end
            end
        end
    endgenerate
`endif
endmodule
