// SPDX-License-Identifier: MIT
// Switch allocator (cmodel/src/sw_alloc.c): separable, input first, docs/microarchitecture.md
// 7.3. Stage 1 per input port: RR over its requesting VCs (sa1_ptr). Stage 2 per output port: RR
// over the input ports whose stage-1 winner targets it (sa2_ptr); with transit_i, network ports
// 1..NNET mask terminal ports (7.4). Pure function.
module tn_sw_alloc #(
    parameter P  = 5,
    parameter V  = 2,
    parameter NNET = 4,  // network ports 1..NNET (the rest: terminal)
    parameter PW = (P > 1) ? $clog2(P) : 1,
    parameter VW = (V > 1) ? $clog2(V) : 1
) (
    input  wire              transit_i,  // in-transit priority (run time)
    input  wire [P*V-1:0]    req_i,      // input VC requests the switch
    input  wire [P*V*PW-1:0] op_i,       // its output port
    input  wire [P*VW-1:0]   sa1_ptr_i,
    input  wire [P*PW-1:0]   sa2_ptr_i,
    output wire [P-1:0]      in_vc_valid_o,
    output wire [P*VW-1:0]   in_vc_o,    // stage-1 winner of each input port
    output wire [P-1:0]      in_gnt_o,   // input port granted
    output wire [P-1:0]      out_gnt_o,  // output port granted
    output wire [P*PW-1:0]   out_ip_o    // to input port
);
    wire [P*PW-1:0] s1_op;
    genvar gi, go;
    generate
        for (gi = 0; gi < P; gi = gi + 1) begin : g_s1
            tn_rr_arbiter #(.N(V), .IW(VW)) u_arb (
                .req_i   (req_i[gi*V +: V]),
                .ptr_i   (sa1_ptr_i[gi*VW +: VW]),
                .valid_o (in_vc_valid_o[gi]),
                .idx_o   (in_vc_o[gi*VW +: VW])
            );
            reg [PW-1:0] sop;
            integer v;
            always @(*) begin
                sop = {PW{1'b0}};
                for (v = 0; v < V; v = v + 1)
                    if (in_vc_o[gi*VW +: VW] == v[VW-1:0]) sop = op_i[(gi*V + v)*PW +: PW];
            end
            assign s1_op[gi*PW +: PW] = sop;
        end
        for (go = 0; go < P; go = go + 1) begin : g_s2
            localparam integer OPI = go;
            localparam [PW-1:0] OP = OPI[PW-1:0];
            reg [P-1:0] r, net;
            integer i;
            always @(*) begin
                for (i = 0; i < P; i = i + 1) begin
                    r[i]   = in_vc_valid_o[i] && (s1_op[i*PW +: PW] == OP);
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
