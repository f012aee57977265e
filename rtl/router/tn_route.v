// SPDX-License-Identifier: MIT
// Route computation (cmodel/hw/route.c): dimension-order routing with dateline VC classes
// (docs/microarchitecture.md section 8); for MIN AD and GOAL the escape VC of the escape route,
// the productive ports and the remaining hops per dimension (sections 19.1, 20.2); for VAL the
// phase in force and DOR toward the intermediate node or the destination on that phase's VCs
// (section 20.1). Pure function of the head flit's header, the node's coordinates, the input
// port and the run-time modes.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_route #(
    parameter K    = 4,                        // radix
    parameter N    = 2,                        // dimensions
    parameter V    = 2,                        // VCs per port
    parameter TERM = 1,                        // terminal channels per node
    parameter TOPO = 0,                        // 0 torus, 1 mesh
    parameter ROUTING = 3,                     // most capable family built (tn_router): the
                                               // others' inputs are not read
    parameter CW   = (K > 2) ? $clog2(K) : 1,  // coordinate width
    parameter P    = 2 * N + TERM,             // ports
    parameter PW   = (P > 1) ? $clog2(P) : 1   // port index width
) (
    input  wire [N*CW-1:0] coord_i,  // this node
    input  wire [N*CW-1:0] dst_i,    // packed destination address
    input  wire [N-1:0]    quad_i,      // GOAL: direction vector, bit d = 1 for -
    input  wire [N*CW-1:0] mid_i,       // VAL: intermediate node
    input  wire            phase_i,     // VAL: phase the head carries
    input  wire [PW-1:0]   in_port_i,
    input  wire            minad_i,     // 1: MIN AD or GOAL (vc_mask_o is the escape VC)
    input  wire            goal_i,      // 1: GOAL (directions from quad_i)
    input  wire            val_i,       // 1: VAL
    input  wire            dateline_i,  // 1: dateline classes (0: the broken configuration)
    output wire [P-1:0]    port_o,      // DOR / escape port, or the ejection port (one-hot)
    output wire [V-1:0]    vc_mask_o,   // allowed output VCs on port_o
    output wire [2*N-1:0]  prod_o,      // productive network ports, bit j = port j+1
    output wire [N*CW-1:0] hops_o       // remaining hops per dimension
);
    localparam V0 = (V / 4 > 1) ? V / 4 : 1;   // class-0 VCs [0, V0)
    localparam [V-1:0] ALL = {V{1'b1}};
    localparam [V-1:0] CLASS0 = ALL >> (V - V0);
    localparam [V-1:0] CLASS1 = ALL & ~CLASS0;
    localparam [V-1:0] ESC0 = {{(V-1){1'b0}}, 1'b1};   // MIN AD escape VCs: VC 0 and VC 1
    localparam [V-1:0] ESC1 = (V > 1) ? ESC0 << 1 : ESC0;
    // VAL: phase 0 on [0, H), phase 1 on [H, V); each split like section 8 (section 20.1)
    localparam H   = V / 2;
    localparam S1  = V - H;
    localparam H0  = (H / 4 > 1) ? H / 4 : 1;
    localparam H1  = (S1 / 4 > 1) ? S1 / 4 : 1;
    localparam [V-1:0] PH0 = (H > 0) ? (ALL >> (V - H)) : {V{1'b0}};
    localparam [V-1:0] PH1 = ALL & ~PH0;
    localparam [V-1:0] PH0C0 = (H > 0) ? (ALL >> (V - H0)) : {V{1'b0}};
    localparam [V-1:0] PH0C1 = PH0 & ~PH0C0;
    localparam [V-1:0] PH1C0 = (ALL >> (V - H1)) << H;
    localparam [V-1:0] PH1C1 = PH1 & ~PH1C0;
    localparam integer KI = K;
    localparam [CW:0] KK = KI[CW:0];
    localparam [CW:0] KLAST = KK - 1'b1;

    // the families built (a kept hierarchy sees no constant input: tn_router's are 0 for the
    // families its ROUTING leaves out)
    wire minad = (ROUTING >= 1) && minad_i;
    wire goal  = (ROUTING >= 3) && goal_i;
    wire val   = (ROUTING >= 2) && val_i;

    // VAL: the phase in force and the node DOR heads for
    wire phase_o = phase_i || (coord_i == mid_i);
    wire [N*CW-1:0] tgt = (val && !phase_o) ? mid_i : dst_i;

    // per dimension: does it differ, which port, which class
    wire [N-1:0]    differ;
    wire [N-1:0]    go_pl;   // the dimension's port is its + port
    wire [N*V-1:0]  dmask;
    genvar gd;
    generate
        for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
            wire [CW:0] c = {1'b0, coord_i[gd*CW +: CW]};
            wire [CW:0] t = {1'b0, tgt[gd*CW +: CW]};
            // (t - c) mod K: a CW-bit difference when K is a power of two
            wire [CW:0] plus;
            if ((1 << CW) == K) begin : g_pow2
                wire [CW-1:0] d = t[CW-1:0] - c[CW-1:0];
                assign plus = {1'b0, d};
            end else begin : g_mod
                assign plus = (t >= c) ? (t - c) : (t + KK - c);
            end
            wire [CW:0] minus = KK - plus;
            wire dor_plus = (TOPO == 1) ? (t > c)
                          : ((plus < minus) || ((plus == minus) && !c[0]));
            wire go_plus = goal ? !quad_i[gd] : dor_plus;
            wire class1 = go_plus ? !((t < c) && (c != KLAST))
                                  : !((t > c) && (c != {(CW+1){1'b0}}));
            wire [V-1:0] dor_mask = (TOPO == 1 || !dateline_i) ? ALL
                                  : (class1 ? CLASS1 : CLASS0);
            wire [V-1:0] esc_mask = (TOPO == 1 || !dateline_i) ? ESC0
                                  : (class1 ? ESC1 : ESC0);
            wire [V-1:0] val_mask = phase_o
                ? ((TOPO == 1 || !dateline_i) ? PH1 : (class1 ? PH1C1 : PH1C0))
                : ((TOPO == 1 || !dateline_i) ? PH0 : (class1 ? PH0C1 : PH0C0));
            wire [CW:0] mesh_d = (t > c) ? (t - c) : (c - t);
            wire [CW:0] hmin = (TOPO == 1) ? mesh_d : ((plus < minus) ? plus : minus);
            wire [CW:0] hq = quad_i[gd] ? ((c == t) ? {(CW+1){1'b0}} : minus) : plus;
            wire [CW:0] h = goal ? hq : hmin;
            assign differ[gd] = (c != t);
            assign go_pl[gd] = go_plus;
            assign dmask[gd*V +: V] = minad ? esc_mask : (val ? val_mask : dor_mask);
            wire [1:0] prod;
            assign prod[0]          = goal ? ((c != t) && !quad_i[gd])
                                    : (TOPO == 1) ? (t > c) : ((c != t) && (plus <= minus));
            assign prod[1]          = goal ? ((c != t) && quad_i[gd])
                                    : (TOPO == 1) ? (t < c) : ((c != t) && (minus <= plus));
            // (without MIN AD neither is read: 0, no logic)
            assign prod_o[2*gd +: 2]   = (ROUTING >= 1) ? prod : 2'b00;
            assign hops_o[gd*CW +: CW] = (ROUTING >= 1) ? h[CW-1:0] : {CW{1'b0}};  // at most K-1
            wire unused_h = h[CW];
        end
    endgenerate

    // lowest differing dimension wins; none: eject on terminal channel in_port mod TERM
    reg [V-1:0] sel_mask;
    reg [P-1:0] sel_oh;
    reg         lower;   // a lower dimension differs
    integer d;
    always @(*) begin
        sel_mask = ALL;
        for (d = N - 1; d >= 0; d = d - 1)
            if (differ[d])
                sel_mask = dmask[d*V +: V];
        sel_oh = {P{1'b0}};
        lower  = 1'b0;
        for (d = 0; d < N; d = d + 1) begin
            sel_oh[2*d + 1] = differ[d] && !lower && go_pl[d];
            sel_oh[2*d + 2] = differ[d] && !lower && !go_pl[d];
            lower = lower | differ[d];
        end
    end

    wire [PW-1:0] ej_ch = (TERM == 1) ? {PW{1'b0}} : in_port_i % TERM[PW-1:0];
    localparam integer BASEI = 2 * N;
    reg [P-1:0] ej_oh;   // channel 0 is port 0, channel e > 0 is port 2N + e
    integer e;
    always @(*) begin
        ej_oh = {P{1'b0}};
        ej_oh[0] = (ej_ch == {PW{1'b0}});
        for (e = 1; e < TERM; e = e + 1)
            ej_oh[BASEI + e] = (ej_ch == e[PW-1:0]);
    end
    assign port_o    = (|differ) ? sel_oh : ej_oh;
    assign vc_mask_o = (|differ) ? sel_mask : ALL;
endmodule
