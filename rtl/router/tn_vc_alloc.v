// SPDX-License-Identifier: MIT
// VC allocator (cmodel/src/vc_alloc.c): separable, input first, docs/microarchitecture.md 7.2.
// Stage 1: each requesting input VC picks one of its free allowed output VCs (RR, va1_ptr).
// Stage 2: each output VC grants one of the input VCs that picked it (RR over P*V, va2_ptr);
// with transit_i, the input VCs of network ports 1..NNET mask those of terminal ports (7.4).
// Pure function; the router owns the pointers.
module tn_vc_alloc #(
    parameter P   = 5,                            // ports
    parameter V   = 2,                            // VCs
    parameter NNET = 4,                           // network ports 1..NNET (the rest: terminal)
    parameter PW  = (P > 1) ? $clog2(P) : 1,
    parameter VW  = (V > 1) ? $clog2(V) : 1,
    parameter IVW = (P * V > 1) ? $clog2(P * V) : 1
) (
    input  wire               transit_i, // in-transit priority (run time)
    input  wire [P*V-1:0]     req_i,     // input VC wants an output VC
    input  wire [P*V*PW-1:0]  op_i,      // its route port
    input  wire [P*V*V-1:0]   free_i,    // free allowed output VCs of that port
    input  wire [P*V*VW-1:0]  va1_ptr_i, // per input VC
    input  wire [P*V*IVW-1:0] va2_ptr_i, // per output VC (op*V+ov)
    output wire [P*V-1:0]     gnt_o,     // input VC granted
    output wire [P*V*VW-1:0]  ov_o,      // output VC it picked (valid with gnt_o)
    output wire [P*V-1:0]     ogrant_o,  // output VC (op*V+ov) granted this cycle
    output wire [P*V*IVW-1:0] oidx_o     // to input VC index ip*V+iv
);
    localparam PV = P * V;
    wire [PV-1:0] s1_valid;
    genvar gi, go;
    generate
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_s1
            tn_rr_arbiter #(.N(V), .IW(VW)) u_arb (
                .req_i   (free_i[gi*V +: V] & {V{req_i[gi]}}),
                .ptr_i   (va1_ptr_i[gi*VW +: VW]),
                .valid_o (s1_valid[gi]),
                .idx_o   (ov_o[gi*VW +: VW])
            );
        end
        // request matrix: m[o*PV + i] = input VC i picked output VC o
        wire [PV*PV-1:0] m;
        // input VCs of network ports (flat index ip*V+iv, ip in 1..NNET)
        wire [PV-1:0] netv;
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_net
            assign netv[gi] = (gi / V >= 1) && (gi / V <= NNET);
        end
        for (go = 0; go < PV; go = go + 1) begin : g_s2
            localparam integer OPI = go / V;
            localparam integer OVI = go % V;
            localparam [PW-1:0] OP = OPI[PW-1:0];
            localparam [VW-1:0] OV = OVI[VW-1:0];
            for (gi = 0; gi < PV; gi = gi + 1) begin : g_req
                assign m[go*PV + gi] = s1_valid[gi] && (op_i[gi*PW +: PW] == OP) &&
                                       (ov_o[gi*VW +: VW] == OV);
            end
            wire [PV-1:0] row = m[go*PV +: PV];
            wire [PV-1:0] rq  = (transit_i && |(row & netv)) ? (row & netv) : row;
            tn_rr_arbiter #(.N(PV), .IW(IVW)) u_arb (
                .req_i   (rq),
                .ptr_i   (va2_ptr_i[go*IVW +: IVW]),
                .valid_o (ogrant_o[go]),
                .idx_o   (oidx_o[go*IVW +: IVW])
            );
        end
    endgenerate
    // input VC i is granted when the output VC it picked chose it (a decoder, no indexed writes)
    generate
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_gnt
            localparam integer II = gi;
            localparam [IVW-1:0] I = II[IVW-1:0];
            wire [PV-1:0] hit;
            for (go = 0; go < PV; go = go + 1) begin : g_o
                assign hit[go] = ogrant_o[go] && (oidx_o[go*IVW +: IVW] == I);
            end
            assign gnt_o[gi] = |hit;
        end
    endgenerate
endmodule
