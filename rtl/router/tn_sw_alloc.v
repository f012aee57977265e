// SPDX-License-Identifier: MIT
// Switch allocator, stage 2 of one iteration (cmodel/hw/sw_alloc.c, tn_sa_stage2 and
// tn_sa_transit): per output port, round robin (sa2_ptr) over the input ports whose stage-1
// winner targets it; with transit_i, network ports 1..NNET mask terminal ports (7.4). The router
// runs it twice a cycle (6.5, 6.6). Ports are one-hot: no comparators. Pure function.
// not kept as its own hierarchy: merged into tn_router it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
module tn_sw_alloc #(
    parameter P    = 5,
    parameter NNET = 4,  // network ports 1..NNET (the rest: terminal)
    parameter PW   = (P > 1) ? $clog2(P) : 1
) (
    input  wire            transit_i,  // in-transit priority (run time)
    input  wire [P*P-1:0]  oh_ip_op_i, // [ip*P +: P]: the output port input port ip asks for
    input  wire [P*PW-1:0] sa2_ptr_i,
    output wire [P-1:0]    in_gnt_o,   // input port granted
    output wire [P-1:0]    out_gnt_o,  // output port granted
    output wire [P*P-1:0]  oh_op_ip_o  // [op*P +: P]: to input port (one-hot)
);
    wire [P-1:0] net;  // the network ports 1..NNET
    genvar gi, go;
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_net
            assign net[gi] = (gi >= 1) && (gi <= NNET);
        end
        for (go = 0; go < P; go = go + 1) begin : g_s2
            wire [P-1:0] r;
            for (gi = 0; gi < P; gi = gi + 1) begin : g_r
                assign r[gi] = oh_ip_op_i[gi*P + go];
            end
            wire [PW-1:0] idx;   // (0: IDX = 0; sa2_ptr's next value comes from out_oh_o)
            wire unused_idx = &{1'b0, idx};
            wire [P-1:0] rq = (transit_i && |(r & net)) ? (r & net) : r;
            tn_rr_arbiter #(.N(P), .IW(PW), .IDX(0)) u_arb (
                .req_i   (rq),
                .ptr_i   (sa2_ptr_i[go*PW +: PW]),
                .valid_o (out_gnt_o[go]),
                .idx_o   (idx),
                .gnt_o   (oh_op_ip_o[go*P +: P])
            );
        end
        for (gi = 0; gi < P; gi = gi + 1) begin : g_gnt
            wire [P-1:0] hit;
            for (go = 0; go < P; go = go + 1) begin : g_o
                assign hit[go] = oh_op_ip_o[go*P + gi];
            end
            assign in_gnt_o[gi] = |hit;
        end
    endgenerate
endmodule
