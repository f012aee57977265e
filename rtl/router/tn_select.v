// SPDX-License-Identifier: MIT
// Output selection of one input VC (cmodel/src/select.c, tn_select): one of the free productive
// network ports, by the function cfg_sel_i names (or the parameter SEL when it is 0..5).
// docs/microarchitecture.md section 19.2. Pure function of its inputs.
module tn_select #(
    parameter N   = 2,
    parameter HW  = 4,                         // hop count width
    parameter UW  = 8,                         // occupancy width
    parameter SEL = -1,                        // -1: cfg_sel_i; 0..5: fixed enum tn_selection
    parameter JW  = (2 * N > 1) ? $clog2(2 * N) : 1
) (
    input  wire [2:0]        cfg_sel_i,
    input  wire [2*N-1:0]    cand_i,           // free productive ports, bit j = port j+1
    input  wire [15:0]       u_i,              // this input VC's draw (19.4)
    input  wire [N*HW-1:0]   hops_i,
    input  wire [2*N*8-1:0]  age_i,
    input  wire [2*N*8-1:0]  cnt_i,
    input  wire [2*N*UW-1:0] used_i,
    output reg  [JW-1:0]     pick_o
);
    localparam NP = 2 * N;
    wire [JW-1:0] p_rand, p_dor, p_zig, p_lru, p_ldsf, p_sq;
    tn_sel_random #(.NP(NP), .JW(JW)) u_random (.cand_i(cand_i), .u_i(u_i), .pick_o(p_rand));
    tn_sel_dor    #(.NP(NP), .JW(JW)) u_dor    (.cand_i(cand_i), .pick_o(p_dor));
    tn_sel_zigzag #(.N(N), .HW(HW), .JW(JW)) u_zigzag (.cand_i(cand_i), .hops_i(hops_i),
                                                       .pick_o(p_zig));
    tn_sel_lru    #(.NP(NP), .JW(JW)) u_lru    (.cand_i(cand_i), .age_i(age_i), .pick_o(p_lru));
    tn_sel_ldsf   #(.NP(NP), .JW(JW)) u_ldsf   (.cand_i(cand_i), .cnt_i(cnt_i), .pick_o(p_ldsf));
    tn_sel_sq     #(.NP(NP), .UW(UW), .JW(JW)) u_sq (.cand_i(cand_i), .used_i(used_i),
                                                     .pick_o(p_sq));
    localparam integer SELI = (SEL < 0) ? 0 : SEL;
    localparam [2:0] SELC = SELI[2:0];
    wire [2:0] sel = (SEL < 0) ? cfg_sel_i : SELC;
    always @(*) begin
        case (sel)
            3'd0:    pick_o = p_rand;
            3'd1:    pick_o = p_dor;
            3'd2:    pick_o = p_zig;
            3'd3:    pick_o = p_lru;
            3'd4:    pick_o = p_ldsf;
            default: pick_o = p_sq;
        endcase
    end
endmodule
