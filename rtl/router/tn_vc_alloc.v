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
        // input VCs of network ports (flat index ip*V+iv, ip in 1..NNET)
        wire [PV-1:0] netv;
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_net
            assign netv[gi] = (gi / V >= 1) && (gi / V <= NNET);
        end
    endgenerate
    // request matrix, one row per output VC: row[o] bit i = input VC i picked output VC o
    reg [PV-1:0] row [0:PV-1];
    integer i, o;
    /* verilator lint_off UNUSEDSIGNAL */
    integer t;  // row index op*V + ov, below PV: the high bits stay 0
    /* verilator lint_on UNUSEDSIGNAL */
    always @(*) begin
        for (o = 0; o < PV; o = o + 1)
            row[o] = {PV{1'b0}};
        for (i = 0; i < PV; i = i + 1) begin
            t = {{(32-PW){1'b0}}, op_i[i*PW +: PW]} * V + {{(32-VW){1'b0}}, ov_o[i*VW +: VW]};
            if (s1_valid[i])
                row[t][i] = 1'b1;
        end
    end
    generate
        for (go = 0; go < PV; go = go + 1) begin : g_s2
            wire [PV-1:0] r  = row[go];
            wire [PV-1:0] rq = (transit_i && |(r & netv)) ? (r & netv) : r;
            tn_rr_arbiter #(.N(PV), .IW(IVW)) u_arb (
                .req_i   (rq),
                .ptr_i   (va2_ptr_i[go*IVW +: IVW]),
                .valid_o (ogrant_o[go]),
                .idx_o   (oidx_o[go*IVW +: IVW])
            );
        end
    endgenerate
    // input VC i is granted when the output VC it picked chose it
    reg [PV-1:0] gnt;
    always @(*) begin
        gnt = {PV{1'b0}};
        for (o = 0; o < PV; o = o + 1)
            if (ogrant_o[o])
                gnt[oidx_o[o*IVW +: IVW]] = 1'b1;
    end
    assign gnt_o = gnt;
endmodule
