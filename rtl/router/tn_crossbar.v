// SPDX-License-Identifier: MIT
// Crossbar: output port op takes the flit of the input port its one-hot select names (an AND-OR
// multiplexer; stateless; the model folds it into cmodel/hw/router.c). An output port with no
// select bit set outputs 0. CONN, the crossbar's connections, leaves out the pairs a build never
// connects (the turns of docs/microarchitecture.md 8.6): their select bits are not read.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_crossbar #(
    parameter P       = 5,   // ports, 2 * N + TERM
    parameter FW      = 40,  // bits taken from each input port
    parameter N       = 2,   // dimensions (the router's)
    parameter TERM    = 1,   // terminal channels per node (the router's)
    parameter ROUTING = 0    // the router's most capable algorithm: 0 DOR only, else any turn
) (
    input  wire [P*FW-1:0] in_flit_i,
    input  wire [P*P-1:0]  sel_op_ip_i,        // [op*P +: P]: one-hot input port of output op
    output wire [P*FW-1:0] out_flit_o
);
    // The connections, [op*P + ip] (R8.6.3): a DOR-only build (ROUTING = 0) has only the turns
    // DOR takes; the others connect every pair.
    function [P*P-1:0] conn_f;
        input integer routing;
        integer o, i, e;
        begin
            conn_f = {P*P{1'b1}};
            if (routing == 0) begin
                for (o = 0; o < P; o = o + 1)
                    for (i = 0; i < P; i = i + 1) begin
                        e = i % TERM;   // the terminal channel a packet ejects on (R8.2.2)
                        if (o == 0 || o > 2 * N)             // a terminal output: ejection
                            conn_f[o*P + i] = (o == ((e == 0) ? 0 : 2 * N + e));
                        else if (i >= 1 && i <= 2 * N)       // network in, network out (R8.6.1)
                            conn_f[o*P + i] = ((o - 1) / 2 > (i - 1) / 2) ||
                                              ((o - 1) / 2 == (i - 1) / 2 && o != i);
                    end
            end
        end
    endfunction
    localparam [P*P-1:0] CONN = conn_f(ROUTING);   // 1 if output op can take input ip
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
