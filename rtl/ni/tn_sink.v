// SPDX-License-Identifier: MIT
// Ejection sink of one terminal channel (cmodel/hw/sink.c; docs/microarchitecture.md section 10)
// with the statistics of tnsim (section 17), for the board. It takes every flit in the cycle it
// is in the router's output register of the terminal port (R10.1), reassembles packets per VC
// and checks each flit (R10.2) into sticky error bits: err_o[0] dst is not this node; [1] order
// (a head while the VC's packet is open, a body flit without a head, a flit index out of order,
// or tail not on the last flit); [2] src differs from the head's; [3] payload (the board's
// payload, docs/board-reference.md "Flit payload": the length field changes within a packet or a
// reserved bit is set). Exactly once is checked by the board's counters (every started packet
// delivered once: injected = delivered per run, docs/board-reference.md).
// Latency = tail ejection cycle - creation cycle, the creation cycle's low 16 bits taken from the
// head's payload: exact while latencies stay below 65,536 cycles. A packet is marked when it was
// created in [win_lo, win_hi); marked packets give packets_o, the latency sum, max, min and a
// histogram hit (bin = min(latency >> hist_shift, 15)); accepted_o counts flits taken in cycles
// of the window.
// State in tn_ctx_reg: CTX = 1 one node's sink; CTX > 1 one copy per context for the
// time-multiplexed engine (docs/emulator.md, section 6), the node's id then node_i instead of NODE.
`include "tn_defs.vh"
module tn_sink #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16
    parameter W       = 16,  // payload bits, 16..64
    parameter ROUTING = 0,   // most capable algorithm built (flit layout)
    parameter NODE    = 0,   // this sink's node id (CTX = 1)
    parameter CTX     = 1,   // contexts (tn_ctx_reg; 1: one node's sink, docs/emulator.md)
    parameter CXW     = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire               clk_i,
    input  wire               rst_i,
    input  wire [CXW-1:0]     ctx_i,       // the context evaluated (CTX > 1)
    input  wire               ctx_we_i,    // its state is written at this clock edge (CTX > 1)
    input  wire [`TN_AW-1:0]  node_i,      // the node's id when CTX > 1 (else NODE; not read)
    input  wire               act_i,       // the run has started
    input  wire [15:0]        cycle_i,     // the run's cycle t mod 2^16
    // t against the window [win_lo, win_hi), shared by all sinks: t >= win_lo and
    // min(t - win_lo, 2^17 - 1); t >= win_hi and min(t - win_hi, 2^17 - 1)
    input  wire               lo_ge_i,
    input  wire [16:0]        lo_d_i,
    input  wire               hi_ge_i,
    input  wire [16:0]        hi_d_i,
    input  wire [4:0]         hist_shift_i,
    input  wire               ej_valid_i,
    input  wire [`TN_VW-1:0]  ej_vc_i,
    input  wire [`TN_FW-1:0]  ej_flit_i,
    output wire [3:0]         err_o,       // sticky, bits above
    output wire               done_o,      // a packet was delivered this cycle (its tail)
    output wire               mdone_o,     // ... and it was marked
    output wire [3:0]         bin_o,       // its histogram bin (with mdone_o)
    output wire [31:0]        packets_o,   // marked packets delivered
    output wire [31:0]        accepted_o,  // flits taken in the window
    output wire [47:0]        lat_sum_o,
    output wire [15:0]        lat_max_o,
    output wire [15:0]        lat_min_o,   // 0xFFFF until the first marked packet
    output wire [31:0]        delivered_o  // all packets delivered
);
    localparam AW = `TN_AW;
    localparam integer NODE_I = NODE;
    localparam [AW-1:0] ME = NODE_I[AW-1:0];
    // this node: the parameter, or in the engine (CTX > 1) the node evaluated
    wire [AW-1:0] me;
    generate
        if (CTX > 1) begin : g_node_in
            assign me = node_i;
        end else begin : g_node_par
            assign me = ME;
            wire unused_node = &{1'b0, node_i};
        end
    endgenerate
    generate
        if (W < 16 || W > 64) begin : g_chk_w
            tn_error_tn_sink_W_must_be_16_to_64_for_the_board_payload u_err ();
        end
        if (V < 1 || V > 16) begin : g_chk_v
            tn_error_tn_sink_V_must_be_1_to_16 u_err ();
        end
        if (NODE < 0 || NODE >= K ** N) begin : g_chk_node
            tn_error_tn_sink_NODE_must_be_0_to_K_pow_N_minus_1 u_err ();
        end
    endgenerate

    wire          f_head = ej_flit_i[`TN_F_HEAD];
    wire          f_tail = ej_flit_i[`TN_F_TAIL];
    wire [AW-1:0] f_dst  = ej_flit_i[`TN_F_DST +: AW];
    wire [AW-1:0] f_src  = ej_flit_i[`TN_F_SRC +: AW];
    wire [W-1:0]  f_pay  = ej_flit_i[`TN_F_PAYLOAD +: W];
    wire [7:0]    f_idx  = f_pay[7:0];
    wire [7:0]    f_lm1  = f_pay[15:8];
    wire          f_rsv  = (W > 16) ? |(f_pay >> 16) : 1'b0;

    // per VC: the open packet, one tn_ctx_reg each (written when VC v takes a flit)
    wire [V-1:0]    busy_v;
    wire [V*8-1:0]  next_v;     // index of the next flit
    wire [V*8-1:0]  lm1_v;      // length - 1, from the first body flit
    wire [V*AW-1:0] src_v;
    wire [V*16-1:0] ts_v;       // creation cycle mod 2^16, from the head
    wire            take   = act_i && ej_valid_i;
    // the open packet of the flit's VC
    wire            o_busy = busy_v[ej_vc_i];
    wire [7:0]      o_next = next_v[ej_vc_i*8 +: 8];
    wire [7:0]      o_lm1  = lm1_v[ej_vc_i*8 +: 8];
    wire [AW-1:0]   o_src  = src_v[ej_vc_i*AW +: AW];
    wire [15:0]     o_ts   = ts_v[ej_vc_i*16 +: 16];
    localparam PVW = 1 + 8 + 8 + AW + 16;
    genvar gv;
    generate
        for (gv = 0; gv < V; gv = gv + 1) begin : g_vc
            wire [(PVW)-1:0] unused_u_pkt_w;   // (one stage: read and written at ctx_i)
            tn_ctx_reg #(.W(PVW), .CTX(CTX)) u_pkt (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
                .en_i (take && ej_vc_i == gv),
                .rv_i ({PVW{1'b0}}),
                .d_i  ({!f_tail, f_head ? 8'd1 : o_next + 8'd1,
                        f_head ? lm1_v[gv*8 +: 8] : f_lm1,
                        f_head ? f_src : src_v[gv*AW +: AW],
                        f_head ? f_pay[15:0] : ts_v[gv*16 +: 16]}),
                .q_o  ({busy_v[gv], next_v[gv*8 +: 8], lm1_v[gv*8 +: 8], src_v[gv*AW +: AW],
                        ts_v[gv*16 +: 16]}),
                .qw_o (unused_u_pkt_w));
        end
    endgenerate
    wire [15:0]   ts     = f_head ? f_pay[15:0] : o_ts;
    wire [15:0]   lat    = cycle_i - ts;
    wire          fin    = take && f_tail;
    // created = t - lat: created >= win_lo iff t >= win_lo and lat <= t - win_lo; created <
    // win_hi iff t < win_hi or lat > t - win_hi (lat < 2^16, so the saturated distances suffice)
    wire          marked = lo_ge_i && ({1'b0, lat} <= lo_d_i) &&
                           (!hi_ge_i || ({1'b0, lat} > hi_d_i));
    wire          in_win = lo_ge_i && !hi_ge_i;
    wire [15:0]   lat_bin = lat >> hist_shift_i;
    assign done_o  = fin;
    assign mdone_o = fin && marked;
    assign bin_o   = (lat_bin > 16'd15) ? 4'd15 : lat_bin[3:0];

    wire e_dst   = f_dst != me;
    wire e_order = f_head ? o_busy
                          : (!o_busy || f_idx != o_next ||
                             f_tail != (f_idx == f_lm1));
    wire e_src   = !f_head && o_busy && (f_src != o_src);
    wire e_pay   = !f_head && (f_rsv || (o_busy && o_next != 8'd1 &&
                                         f_lm1 != o_lm1));

    // the statistics and the sticky errors, written when a flit is taken
    localparam SW = 4 + 32 + 32 + 48 + 16 + 16 + 32;
    wire mk = fin && marked;
    wire [(SW)-1:0] unused_u_stat_w;   // (one stage: read and written at ctx_i)
    tn_ctx_reg #(.W(SW), .CTX(CTX)) u_stat (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(ctx_i), .we_i(ctx_we_i),
        .en_i (take),
        .rv_i ({4'd0, 32'd0, 32'd0, 48'd0, 16'd0, 16'hFFFF, 32'd0}),
        .d_i  ({err_o | {e_pay, e_src, e_order, e_dst},
                mk ? packets_o + 32'd1 : packets_o,
                in_win ? accepted_o + 32'd1 : accepted_o,
                mk ? lat_sum_o + {32'd0, lat} : lat_sum_o,
                (mk && lat > lat_max_o) ? lat : lat_max_o,
                (mk && lat < lat_min_o) ? lat : lat_min_o,
                fin ? delivered_o + 32'd1 : delivered_o}),
        .q_o  ({err_o, packets_o, accepted_o, lat_sum_o, lat_max_o, lat_min_o, delivered_o}),
        .qw_o (unused_u_stat_w));
endmodule
