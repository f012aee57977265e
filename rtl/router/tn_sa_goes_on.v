// SPDX-License-Identifier: MIT
// PIPE=1's go of one input port (docs/microarchitecture.md 6.8, R6.8.4; cmodel/hw/router.c):
// the flit the port's grant in flight sends now is not a tail, its VC holds another flit and the
// output VC it leaves on has another credit (or is on a terminal port), so the VC may request
// now as the body behind it. Pure function.
// not kept as its own hierarchy: merged into tn_router, as docs/pipe.md measured it
module tn_sa_goes_on #(
    parameter P    = 5,
    parameter V    = 2,
    parameter NP   = 4,   // network ports (2N): ports 1..NP count credits
    parameter VW   = (V > 1) ? $clog2(V) : 1,
    parameter CNTW = 4
) (
    input  wire              gnt_i,       // the port sends now (a grant in flight)
    input  wire              tail_i,      // the flit it sends is a tail
    input  wire [VW-1:0]     vc_i,        // from this VC
    input  wire [V*CNTW-1:0] cnt_i,       // the port's VC occupancies
    input  wire [P-1:0]      op_i,        // to this output port, one-hot
    input  wire [VW-1:0]     ov_i,        // on this output VC
    input  wire [P*V*CNTW-1:0] credits_ovc_i,
    output wire              ok_o
);
    localparam [CNTW-1:0] ONE = 1;
    reg c2, k2;
    integer v, p;
    always @(*) begin
        c2 = 1'b0;
        k2 = 1'b0;
        for (v = 0; v < V; v = v + 1)
            if (vc_i == v[VW-1:0])
                c2 = |(cnt_i[v*CNTW +: CNTW] & ~ONE);   // >= 2
        for (p = 0; p < P; p = p + 1)
            for (v = 0; v < V; v = v + 1)
                if (op_i[p] && ov_i == v[VW-1:0])
                    k2 = k2 | ((p == 0 || p > NP) || |(credits_ovc_i[(p*V + v)*CNTW +: CNTW] & ~ONE));
    end
    assign ok_o = gnt_i && !tail_i && c2 && k2;
endmodule
