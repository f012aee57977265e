// SPDX-License-Identifier: MIT
// Route computation (cmodel/src/route.c): dimension-order routing with dateline VC classes,
// docs/microarchitecture.md section 8. Pure function of the head flit's destination, the node's
// coordinates and the input port.
module tn_route #(
    parameter K    = 4,                        // radix
    parameter N    = 2,                        // dimensions
    parameter V    = 2,                        // VCs per port
    parameter TERM = 1,                        // terminal channels per node
    parameter TOPO = 0,                        // 0 torus, 1 mesh
    parameter CW   = (K > 2) ? $clog2(K) : 1,  // coordinate width
    parameter P    = 2 * N + TERM,             // ports
    parameter PW   = $clog2(P)                 // port index width
) (
    input  wire [N*CW-1:0] coord_i,  // this node
    input  wire [N*CW-1:0] dst_i,    // packed destination address
    input  wire [PW-1:0]   in_port_i,
    output reg  [PW-1:0]   port_o,
    output reg  [V-1:0]    vc_mask_o // allowed output VCs
);
    localparam V0 = (V / 4 > 1) ? V / 4 : 1;   // class-0 VCs [0, V0)
    localparam [V-1:0] ALL = {V{1'b1}};
    localparam [V-1:0] CLASS0 = ALL >> (V - V0);
    localparam [V-1:0] CLASS1 = ALL & ~CLASS0;
    localparam integer KI = K;
    localparam [CW:0] KK = KI[CW:0];

    integer d;
    reg found;
    reg [CW:0] c, t, plus, minus;
    reg go_plus, class1;
    integer pi;
    always @(*) begin
        found     = 1'b0;
        pi        = 0;
        port_o    = {PW{1'b0}};
        vc_mask_o = ALL;
        c = {(CW+1){1'b0}};
        t = {(CW+1){1'b0}};
        plus = {(CW+1){1'b0}};
        minus = {(CW+1){1'b0}};
        go_plus = 1'b0;
        class1 = 1'b0;
        for (d = N - 1; d >= 0; d = d - 1) begin
            c = {1'b0, coord_i[d*CW +: CW]};
            t = {1'b0, dst_i[d*CW +: CW]};
            if (c != t) begin
                found = 1'b1;
                if (TOPO == 1) begin
                    go_plus = t > c;
                    class1  = 1'b1;
                end else begin
                    plus  = (t >= c) ? (t - c) : (t + KK - c);
                    minus = KK - plus;
                    go_plus = (plus < minus) || ((plus == minus) && !c[0]);
                    class1 = go_plus ? !((t < c) && (c != KK - 1'b1))
                                     : !((t > c) && (c != {(CW+1){1'b0}}));
                end
                pi = go_plus ? (2 * d + 1) : (2 * d + 2);
                port_o = pi[PW-1:0];
                vc_mask_o = (TOPO == 1) ? ALL : (class1 ? CLASS1 : CLASS0);
            end
        end
        if (!found) begin
            pi = {{(32-PW){1'b0}}, in_port_i} % TERM;
            pi = (pi == 0) ? 0 : 2 * N + pi;
            port_o = pi[PW-1:0];
            vc_mask_o = ALL;
        end
    end
endmodule
