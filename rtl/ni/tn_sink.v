// SPDX-License-Identifier: MIT
// Ejection sink of one terminal channel (cmodel/src/sink.c; docs/microarchitecture.md section 10)
// with the statistics of tnsim (section 17), for the board. It takes every flit in the cycle it
// is in the router's output register of the terminal port (R10.1), reassembles packets per VC
// and checks each flit (R10.2) into sticky error bits: err_o[0] dst is not this node; [1] order
// (a head while the VC's packet is open, a body flit without a head, a flit index out of order,
// or tail not on the last flit); [2] src differs from the head's; [3] payload (the board's
// payload, docs/board-guide.md "Flit payload": the length field changes within a packet or a
// reserved bit is set). Exactly once is checked by the board's counters (every started packet
// delivered once: injected = delivered per run, docs/board-guide.md).
// Latency = tail ejection cycle - creation cycle, the creation cycle's low 16 bits taken from the
// head's payload: exact while latencies stay below 65,536 cycles. A packet is marked when it was
// created in [win_lo, win_hi); marked packets give packets_o, the latency sum, max, min and a
// histogram hit (bin = min(latency >> hist_shift, 15)); accepted_o counts flits taken in cycles
// of the window.
`include "tn_defs.vh"
module tn_sink #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16
    parameter W       = 16,  // payload bits, 16..64
    parameter ROUTING = 0,   // most capable algorithm built (flit layout)
    parameter NODE    = 0    // this sink's node id
) (
    input  wire               clk_i,
    input  wire               rst_i,
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
    output reg  [3:0]         err_o,       // sticky, bits above
    output wire               done_o,      // a packet was delivered this cycle (its tail)
    output wire               mdone_o,     // ... and it was marked
    output wire [3:0]         bin_o,       // its histogram bin (with mdone_o)
    output reg  [31:0]        packets_o,   // marked packets delivered
    output reg  [31:0]        accepted_o,  // flits taken in the window
    output reg  [47:0]        lat_sum_o,
    output reg  [15:0]        lat_max_o,
    output reg  [15:0]        lat_min_o,   // 0xFFFF until the first marked packet
    output reg  [31:0]        delivered_o  // all packets delivered
);
    localparam AW = `TN_AW;
    localparam integer NODE_I = NODE;
    localparam [AW-1:0] ME = NODE_I[AW-1:0];
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

    // per VC: the open packet
    reg           busy_q [0:V-1];
    reg  [7:0]    next_q [0:V-1];    // index of the next flit
    reg  [7:0]    lm1_q  [0:V-1];    // length - 1, from the first body flit
    reg  [AW-1:0] src_q  [0:V-1];
    reg  [15:0]   ts_q   [0:V-1];    // creation cycle mod 2^16, from the head

    wire          o_busy = busy_q[ej_vc_i];
    wire [15:0]   ts     = f_head ? f_pay[15:0] : ts_q[ej_vc_i];
    wire [15:0]   lat    = cycle_i - ts;
    wire          take   = act_i && ej_valid_i;
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

    wire e_dst   = f_dst != ME;
    wire e_order = f_head ? o_busy
                          : (!o_busy || f_idx != next_q[ej_vc_i] ||
                             f_tail != (f_idx == f_lm1));
    wire e_src   = !f_head && o_busy && (f_src != src_q[ej_vc_i]);
    wire e_pay   = !f_head && (f_rsv || (o_busy && next_q[ej_vc_i] != 8'd1 &&
                                         f_lm1 != lm1_q[ej_vc_i]));

    integer v;
    always @(posedge clk_i) begin
        if (rst_i) begin
            for (v = 0; v < V; v = v + 1) begin
                busy_q[v] <= 1'b0;
                next_q[v] <= 8'd0;
                lm1_q[v]  <= 8'd0;
                src_q[v]  <= {AW{1'b0}};
                ts_q[v]   <= 16'd0;
            end
            err_o       <= 4'd0;
            packets_o   <= 32'd0;
            accepted_o  <= 32'd0;
            lat_sum_o   <= 48'd0;
            lat_max_o   <= 16'd0;
            lat_min_o   <= 16'hFFFF;
            delivered_o <= 32'd0;
        end else if (take) begin
            err_o <= err_o | {e_pay, e_src, e_order, e_dst};
            if (f_head) begin
                src_q[ej_vc_i] <= f_src;
                ts_q[ej_vc_i]  <= f_pay[15:0];
                next_q[ej_vc_i] <= 8'd1;
            end else begin
                next_q[ej_vc_i] <= next_q[ej_vc_i] + 8'd1;
                lm1_q[ej_vc_i]  <= f_lm1;
            end
            busy_q[ej_vc_i] <= !f_tail;
            if (in_win)
                accepted_o <= accepted_o + 32'd1;
            if (fin)
                delivered_o <= delivered_o + 32'd1;
            if (fin && marked) begin
                packets_o <= packets_o + 32'd1;
                lat_sum_o <= lat_sum_o + {32'd0, lat};
                if (lat > lat_max_o)
                    lat_max_o <= lat;
                if (lat < lat_min_o)
                    lat_min_o <= lat;
            end
        end
    end
endmodule
