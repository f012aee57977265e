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
    output wire [P*FW-1:0] out_flit_o
);
    genvar go;
    generate
        for (go = 0; go < P; go = go + 1) begin : g_out
            reg [FW-1:0] f;
            integer i;
            always @(*) begin
                f = in_flit_i[0 +: FW];
                for (i = 1; i < P; i = i + 1)
                    if (sel_i[go*PW +: PW] == i[PW-1:0]) f = in_flit_i[i*FW +: FW];
            end
            assign out_flit_o[go*FW +: FW] = f;
        end
    endgenerate
endmodule
