// SPDX-License-Identifier: MIT
// Crossbar: output port op takes the flit of input port sel_i[op] (stateless; the model folds it
// into cmodel/src/router.c).
module tn_crossbar #(
    parameter P  = 5,
    parameter FW = 40,
    parameter PW = (P > 1) ? $clog2(P) : 1
) (
    input  wire [P*FW-1:0] in_flit_i,
    input  wire [P*PW-1:0] sel_i,
    output reg  [P*FW-1:0] out_flit_o
);
    integer o;
    always @(*) begin
        for (o = 0; o < P; o = o + 1)
            out_flit_o[o*FW +: FW] = in_flit_i[sel_i[o*PW +: PW]*FW +: FW];
    end
endmodule
