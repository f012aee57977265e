// SPDX-License-Identifier: MIT
// GAL injection unit, the packet's place (cmodel/hw/gal_ni.c: tn_gal_enqueue and set_of;
// docs/microarchitecture.md 21): from the node's coordinates and the packed destination, the
// minimal quadrant (section 8's direction per dimension, its parity tie rule at delta = K/2;
// bit d set = direction -d), the dimensions with no offset (their bit stays 0 in every quadrant
// the packet may take) and the set: S=1 (cfg_sets_i 0) set 0; near/far (1) set 1 when some
// dimension's minimal distance exceeds K/4 (strictly), else 0; dir (2) the minimal quadrant.
// cfg_sets_i 3 (S = N, per destination) is C-only and gives set 0 here. Torus only. Pure function.
`include "tn_defs.vh"
module tn_gal_quad #(
    parameter K  = 4,   // radix, 2..64
    parameter N  = 2    // dimensions, 1..4
) (
    input  wire [`TN_AW-1:0] coord_i, // this node, packed (section 3)
    input  wire [`TN_AW-1:0] dst_i,   // destination, packed
    input  wire [1:0]    cfg_sets_i, // 0 one set, 1 near/far, 2 dir
    output wire [N-1:0]  qmin_o,     // minimal quadrant
    output wire [N-1:0]  zero_o,     // dimensions with delta = 0
    output reg  [N-1:0]  set_o       // set of the packet
);
    localparam CW = `TN_CW;   // derived width: the one table's (R2.4)
    localparam integer KI = K;
    localparam [CW:0] KK = KI[CW:0];
    localparam [CW+2:0] KK2 = {2'b00, KK};

    wire [N-1:0] far;
    genvar gd;
    generate
        for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
            wire [CW:0] c = {1'b0, coord_i[gd*CW +: CW]};
            wire [CW:0] t = {1'b0, dst_i[gd*CW +: CW]};
            wire [CW:0] plus  = (t >= c) ? (t - c) : (t + KK - c);
            wire [CW:0] minus = KK - plus;   // K when plus = 0: only read when plus != 0
            wire [CW:0] delta = (plus < minus) ? plus : minus;
            assign zero_o[gd] = (plus == {(CW+1){1'b0}});
            // direction -d: delta- < delta+, or the tie at K/2 from an odd coordinate
            assign qmin_o[gd] = !zero_o[gd] && ((minus < plus) || ((minus == plus) && c[0]));
            // far: 4 * delta > K (delta = 0 when plus = 0)
            assign far[gd] = !zero_o[gd] && ({delta, 2'b00} > KK2);
        end
    endgenerate

    always @(*) begin
        set_o = {N{1'b0}};
        case (cfg_sets_i)
            2'd1: set_o[0] = |far;
            2'd2: set_o = qmin_o;
            default: set_o = {N{1'b0}};
        endcase
    end
endmodule
