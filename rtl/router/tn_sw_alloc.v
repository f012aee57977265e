// SPDX-License-Identifier: MIT
// Switch allocator, stage 2 of one iteration (cmodel/src/sw_alloc.c, tn_sa_stage2 and
// tn_sa_transit): per output port, round robin (sa2_ptr) over the input ports whose stage-1
// winner targets it; with transit_i, network ports 1..NNET mask terminal ports (7.4). The router
// runs it twice a cycle (6.5, 6.6). Pure function.
module tn_sw_alloc #(
    parameter P    = 5,
    parameter NNET = 4,  // network ports 1..NNET (the rest: terminal)
    parameter PW   = (P > 1) ? $clog2(P) : 1
) (
    input  wire            transit_i,  // in-transit priority (run time)
    input  wire [P-1:0]    valid_i,    // input port has a stage-1 winner
    input  wire [P*PW-1:0] op_i,       // the output port it asks for
    input  wire [P*PW-1:0] sa2_ptr_i,
    output wire [P-1:0]    in_gnt_o,   // input port granted
    output wire [P-1:0]    out_gnt_o,  // output port granted
    output wire [P*PW-1:0] out_ip_o    // to input port
);
    genvar gi, go;
    generate
        for (go = 0; go < P; go = go + 1) begin : g_s2
            localparam integer OPI = go;
            localparam [PW-1:0] OP = OPI[PW-1:0];
            reg [P-1:0] r, net;
            integer i;
            always @(*) begin
                for (i = 0; i < P; i = i + 1) begin
                    r[i]   = valid_i[i] && (op_i[i*PW +: PW] == OP);
                    net[i] = (i >= 1) && (i <= NNET);
                end
            end
            wire [P-1:0] rq = (transit_i && |(r & net)) ? (r & net) : r;
            tn_rr_arbiter #(.N(P), .IW(PW)) u_arb (
                .req_i   (rq),
                .ptr_i   (sa2_ptr_i[go*PW +: PW]),
                .valid_o (out_gnt_o[go]),
                .idx_o   (out_ip_o[go*PW +: PW])
            );
        end
    endgenerate
    // input port i is granted when some output port chose it (a decoder, no indexed writes)
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_gnt
            localparam integer II = gi;
            localparam [PW-1:0] I = II[PW-1:0];
            wire [P-1:0] hit;
            for (go = 0; go < P; go = go + 1) begin : g_o
                assign hit[go] = out_gnt_o[go] && (out_ip_o[go*PW +: PW] == I);
            end
            assign in_gnt_o[gi] = |hit;
        end
    endgenerate
endmodule
