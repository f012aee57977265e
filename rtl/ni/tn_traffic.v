// SPDX-License-Identifier: MIT
// Destination of a new packet (cmodel/hw/traffic.c, tn_traffic_dest; docs/traffic.md section 4)
// for a torus with K a power of two, so that a node id is its packed address (coordinate d in
// bits [d*CW, d*CW+CW)). Combinational. Patterns: 0 uniform, 1 tornado, 2 bitcomp, 3 bitrev,
// 4 shuffle, 5 butterfly, 6 transpose (N*CW even), 7 neighbor, 8 randperm, 9 hotspot; any other
// value (trace: not built) gives dst_o = src_i and err_o = 1. ndraw_o is the number of draws the
// pattern takes: x_i, then x2_i (the draw after x_i): uniform and neighbor take one, hotspot two
// (x_i < hot_thr_i picks a hot node, hot[below(x2_i, n_hot_i)], else below(x2_i, K^N)), the
// others none. randperm's perm[src] is computed by the host (the C model's tn_traffic_init) and
// comes in as perm_i: no permutation logic here. hotspot with n_hot_i outside 1..16 sets err_o.
`include "tn_defs.vh"
module tn_traffic #(
    parameter K = 4,   // radix, a power of two, 2..64
    parameter N = 2    // dimensions, 1..4
) (
    input  wire [`TN_AW-1:0]    src_i,      // source node id (= packed address)
    input  wire [3:0]           pattern_i,  // enum tn_traffic
    input  wire [31:0]          x_i,        // the stream's next draw
    input  wire [31:0]          x2_i,       // the draw after x_i (hotspot's second draw)
    input  wire [`TN_AW-1:0]    perm_i,     // randperm: perm[src_i]
    input  wire [32:0]          hot_thr_i,  // hotspot: (uint64_t)(hot_frac * 2^32), 0..2^32
    input  wire [4:0]           n_hot_i,    // hotspot: hot nodes, 1..16
    input  wire [16*`TN_AW-1:0] hot_i,      // hotspot: hot node j at [j*AW +: AW]
    output reg  [`TN_AW-1:0]    dst_o,
    output reg  [1:0]           ndraw_o,    // draws the pattern takes: 0, 1 (x_i), 2 (x_i, x2_i)
    output reg                  err_o       // pattern not built here
);
    localparam CW = `TN_CW;
    localparam AW = `TN_AW;
    localparam integer NB = 2 * N;                 // neighbours on a torus
    localparam [63:0] NB64 = {32'd0, NB[31:0]};
    localparam [63:0] NODES64 = 64'd1 << AW;
    localparam integer TSH = (K + 1) / 2 - 1;      // tornado shift ceil(K/2) - 1
    localparam [CW-1:0] TSHW = TSH[CW-1:0];
    localparam integer H = AW / 2;
    generate
        if ((K & (K - 1)) != 0 || K < 2 || K > 64) begin : g_chk_k
            tn_error_tn_traffic_K_must_be_a_power_of_two_2_to_64 u_err ();
        end
        if (N < 1 || N > 4) begin : g_chk_n
            tn_error_tn_traffic_N_must_be_1_to_4 u_err ();
        end
    endgenerate

    wire [63:0] xu = {32'd0, x_i};
    wire [63:0] uni_p = xu * NODES64;    // below(x, K^N)
    wire [63:0] nb_p  = xu * NB64;       // below(x, 2N)
    wire [2:0]  nb_j  = nb_p[34:32];
    // hotspot: x_i < hot_thresh (33 bits: 2^32 is every packet), then below(x2_i, n_hot) or
    // below(x2_i, K^N)
    wire        hot   = hot_thr_i[32] || (x_i < hot_thr_i[31:0]);
    wire [63:0] x2u   = {32'd0, x2_i};
    wire [63:0] hot_p = x2u * {59'd0, n_hot_i};  // below(x2, n_hot)
    wire [63:0] hu_p  = x2u * NODES64;           // below(x2, K^N)
    wire [3:0]  hot_j = hot_p[35:32];
    wire        n_hot_ok = (n_hot_i != 5'd0) && (n_hot_i <= 5'd16);
    reg  [AW-1:0] hot_d;
    integer j;
    always @* begin
        hot_d = {AW{1'b0}};
        for (j = 0; j < 16; j = j + 1)
            if (hot_j == j[3:0])
                hot_d = hot_i[j*AW +: AW];
    end

    reg [AW-1:0] d;
    integer i, dd;
    always @* begin
        dst_o  = src_i;
        ndraw_o = 2'd0;
        err_o  = 1'b0;
        d      = src_i;
        i      = 0;
        dd     = 0;
        case (pattern_i)
            4'd0: begin
                ndraw_o = 2'd1;
                dst_o  = uni_p[32 +: AW];
            end
            4'd1: begin
                d[0 +: CW] = src_i[0 +: CW] + TSHW;
                dst_o = d;
            end
            4'd2: dst_o = ~src_i;
            4'd3: begin
                for (i = 0; i < AW; i = i + 1)
                    d[i] = src_i[AW - 1 - i];
                dst_o = d;
            end
            4'd4: begin
                for (i = 0; i < AW; i = i + 1)
                    d[i] = src_i[(i + AW - 1) % AW];
                dst_o = d;
            end
            4'd5: begin
                d[AW-1] = src_i[0];
                d[0]    = src_i[AW-1];
                dst_o = d;
            end
            4'd6: begin
                if (AW % 2 == 0) begin
                    for (i = 0; i < AW; i = i + 1)
                        d[i] = src_i[(i + H) % AW];
                    dst_o = d;
                end else begin
                    err_o = 1'b1;
                end
            end
            4'd7: begin
                ndraw_o = 2'd1;
                // j even: +(j/2), odd: -(j/2), with wrap-around
                for (dd = 0; dd < N; dd = dd + 1)
                    if ({29'd0, nb_j} / 2 == dd)
                        d[dd*CW +: CW] = nb_j[0] ? src_i[dd*CW +: CW] - {{(CW-1){1'b0}}, 1'b1}
                                                 : src_i[dd*CW +: CW] + {{(CW-1){1'b0}}, 1'b1};
                dst_o = d;
            end
            4'd8: dst_o = perm_i;
            4'd9: begin
                ndraw_o = 2'd2;
                dst_o   = hot ? hot_d : hu_p[32 +: AW];
                err_o   = !n_hot_ok;
            end
            default: err_o = 1'b1;
        endcase
    end
    wire unused_ok = &{1'b0, uni_p[63:32+AW], uni_p[31:0], nb_p[63:35], nb_p[31:0],
                       hot_p[63:36], hot_p[31:0], hu_p[63:32+AW], hu_p[31:0]};
endmodule
