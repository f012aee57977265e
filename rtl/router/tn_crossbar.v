// SPDX-License-Identifier: MIT
// Crossbar: output port op takes the flit of the input port its one-hot select names (an AND-OR
// multiplexer; stateless; the model folds it into cmodel/src/router.c). An output port with no
// select bit set outputs 0. CONN leaves out the pairs a build never connects (tn_router; the
// turns of docs/microarchitecture.md 8.6): their select bits are not read.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_crossbar #(
    parameter P  = 5,
    parameter FW = 40,
    parameter [P*P-1:0] CONN = {P*P{1'b1}}  // [op*P + ip]: 1 if output op can take input ip
) (
    input  wire [P*FW-1:0] in_flit_i,
    input  wire [P*P-1:0]  sel_op_ip_i,        // [op*P +: P]: one-hot input port of output op
    output wire [P*FW-1:0] out_flit_o
);
    wire unused_sel = &{1'b0, sel_op_ip_i & ~CONN};
    genvar go;
    generate
        for (go = 0; go < P; go = go + 1) begin : g_out
            reg [FW-1:0] f;
            integer i;
            always @(*) begin
                f = {FW{1'b0}};
                for (i = 0; i < P; i = i + 1)
                    if (CONN[go*P + i])
                        f = f | (in_flit_i[i*FW +: FW] & {FW{sel_op_ip_i[go*P + i]}});
            end
            assign out_flit_o[go*FW +: FW] = f;
        end
    endgenerate
endmodule
