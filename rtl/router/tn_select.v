// SPDX-License-Identifier: MIT
`include "tn_defs.vh"
// Output selection of one input port's switch winner (cmodel/hw/select.c, tn_select): one of the
// free productive network ports, by the function cfg_sel_i names (or the parameter SEL when it is
// 0..5). docs/microarchitecture.md section 19.2. The metric-driven functions share one argmax over
// a key per candidate, ties to the lowest bit: zigzag's key is the remaining hops of the port's
// dimension; LRU, LDSF and sq read the key each output unit computes once for all input ports
// (age, ~counter, ~occupancy: the largest key is the best port); dor's keys are all 0, so the
// argmax is the lowest candidate. Random picks the k-th candidate. Pure function.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_select #(
    parameter N   = 2,
    parameter HW  = 4,                         // hop count width
    parameter KW  = 8,                         // key width (>= HW)
    parameter SEL = -1,                        // -1: cfg_sel_i; 0..5: fixed enum tn_selection
    parameter JW  = (2 * N > 1) ? $clog2(2 * N) : 1
) (
    input  wire [2:0]        cfg_sel_i,
    input  wire [2*N-1:0]    cand_i,           // free productive ports, bit j = port j+1
    input  wire [15:0]       u_i,              // this input port's draw (19.4)
    input  wire [N*HW-1:0]   hops_i,           // remaining hops per dimension (zigzag)
    input  wire [2*N*KW-1:0] pkey_i,           // key of network port j+1 at [j*KW +: KW]
    output wire [2*N-1:0]    pick_o            // one-hot
);
    localparam NP = 2 * N;
    localparam integer SELI = (SEL < 0) ? 0 : SEL;
    localparam [2:0] SELC = SELI[2:0];
    wire [2:0] sel = (SEL < 0) ? cfg_sel_i : SELC;
    localparam [2:0] S_RANDOM = `TN_SELECTION_RANDOM, S_ZIGZAG = `TN_SELECTION_ZIGZAG;
    wire zig = (sel == S_ZIGZAG);
    wire [NP*KW-1:0] key;
    genvar gj;
    generate
        for (gj = 0; gj < NP; gj = gj + 1) begin : g_key
            // the output units' keys are 0 under zigzag (tn_output_unit): an OR, not a mux
            assign key[gj*KW +: KW] = pkey_i[gj*KW +: KW]
                                    | {{(KW-HW){1'b0}}, hops_i[(gj/2)*HW +: HW] & {HW{zig}}};
        end
    endgenerate
    wire [JW-1:0] p_best, p_rand;
    tn_sel_argbest #(.NP(NP), .MW(KW), .JW(JW)) u_best (
        .cand_i(cand_i), .metric_i(key), .pick_o(p_best));
    tn_sel_random #(.NP(NP), .JW(JW)) u_random (.cand_i(cand_i), .u_i(u_i), .pick_o(p_rand));
    wire [JW-1:0] p = (sel == S_RANDOM) ? p_rand : p_best;
    generate
        for (gj = 0; gj < NP; gj = gj + 1) begin : g_oh
            localparam integer JI = gj;
            assign pick_o[gj] = (p == JI[JW-1:0]) && (|cand_i);
        end
    endgenerate
endmodule
