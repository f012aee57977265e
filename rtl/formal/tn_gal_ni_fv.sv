// SPDX-License-Identifier: MIT
// Formal checker of GAL's adaptive threshold in the network interface (rtl/ni/tn_gal_ni.v;
// docs/microarchitecture.md 21.7), proved by k-induction with SymbiYosys (rtl/formal/
// tn_gal_ni.sby, make formal). The configuration is any constant (R21.9: constant during a run)
// with gal_tmin <= gal_tmax; the sources' offers, the senders' readiness and the router's afree
// are free inputs; reset is asserted in the first cycle and free afterwards. Abstraction (sound:
// it only adds behaviours): the .sby cuts each set's update strobe (upd) and direction (up) to
// free inputs, so the proof holds whatever the departure history, the window and the update
// period do, and the queues and the history ring fall out of the model (the whole NI did not
// finish one induction step in 10 minutes).
// Properties (state read from obs_o, rtl/common/tn_defs.tbl's niobs rows):
//   F6.1 with the adaptive threshold, every set's T stays in gal_tmin .. gal_tmax (R21.7);
//        without it, T is gal_t (R21.7);
//   F6.2 T moves at most one step per cycle (R21.7).
`include "tn_defs.vh"
module tn_gal_ni_fv #(
    parameter K    = 4,
    parameter N    = 2,
    parameter TERM = 1,
    parameter QD   = 2
) (
    input wire                     clk_i,
    input wire                     rst_i,
    input wire [TERM-1:0]          src_valid_i,
    input wire [TERM*`TN_AW-1:0]   src_dst_i,
    input wire [TERM-1:0]          snd_ready_i,
    input wire [2*N-1:0]           afree_i
);
    localparam Q  = `TN_Q;
    localparam TW = `TN_NTW;
    (* anyconst *) reg [`TN_AW-1:0] coord;
    (* anyconst *) reg [1:0]        sets;
    (* anyconst *) reg              adapt;
    (* anyconst *) reg [TW-1:0]     t_c, tmin, tmax;
    (* anyconst *) reg [6:0]        n1;
    (* anyconst *) reg [19:0]       n2;

    wire [TERM-1:0]          take, snd_valid;
    wire [TERM*`TN_JW-1:0]   queue;
    wire [TERM*`TN_TAGW-1:0] snd_tag;
    wire [TERM*`TN_AW-1:0]   snd_dst;
    wire [TERM*N-1:0]        snd_quad;
    wire [`TN_NOBSW-1:0]     obs;
    tn_gal_ni #(.K(K), .N(N), .TERM(TERM), .QD(QD), .ADAPT(1)) dut (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .ctx_we_i(1'b1),
        .coord_i(coord), .cfg_sets_i(sets), .cfg_adapt_i(adapt), .cfg_t_i(t_c),
        .cfg_tmin_i(tmin), .cfg_tmax_i(tmax), .cfg_n1_i(n1), .cfg_n2_i(n2),
        .src_valid_i(src_valid_i), .src_dst_i(src_dst_i), .src_tag_i({TERM*`TN_TAGW{1'b0}}),
        .src_take_o(take), .src_queue_o(queue), .snd_ready_i(snd_ready_i), .afree_i(afree_i),
        .snd_valid_o(snd_valid), .snd_tag_o(snd_tag), .snd_dst_o(snd_dst),
        .snd_quad_o(snd_quad), .obs_o(obs));

    reg           init = 1'b1;
    reg           live_p = 1'b0;
    reg [Q*TW-1:0] thr_p;
    always @(posedge clk_i) begin
        init   <= 1'b0;
        live_p <= !rst_i;
        thr_p  <= obs[`TN_NO_NI_THR +: Q*TW];
    end

    integer s;
    always @* begin
        assume (tmin <= tmax && tmax <= 11'd1024 && t_c <= 11'd1024);
        assume (sets <= 2'd2);
        assume (n1 >= 7'd1 && n1 <= 7'd64 && n2 >= 20'd1);
        if (init) assume (rst_i);
        if (!init) begin
            for (s = 0; s < Q; s = s + 1) begin
                // F6.1
                if (adapt) begin
                    assert (obs[`TN_NO_NI_THR + s*TW +: TW] >= tmin);
                    assert (obs[`TN_NO_NI_THR + s*TW +: TW] <= tmax);
                end else begin
                    assert (obs[`TN_NO_NI_THR + s*TW +: TW] == t_c);
                end
                // F6.2
                if (live_p)
                    assert (obs[`TN_NO_NI_THR + s*TW +: TW] + 11'd1 >= thr_p[s*TW +: TW] &&
                            obs[`TN_NO_NI_THR + s*TW +: TW] <= thr_p[s*TW +: TW] + 11'd1);
            end
        end
    end
    wire unused = &{1'b0, take, queue, snd_valid, snd_tag, snd_dst, snd_quad};
endmodule
