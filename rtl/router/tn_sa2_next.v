// SPDX-License-Identifier: MIT
// The switch allocator's stage-2 pointers' next values (docs/microarchitecture.md 7.3): for each
// output port, from its one-hot grant, the index after the granted input port, wrapping
// ((ip + 1) mod P; 0 bits when there is no grant). Pure function: tn_router owns sa2_ptr and
// loads this value only on a grant.
module tn_sa2_next #(
    parameter P  = 5,   // ports
    parameter PW = 3    // port index bits
) (
    input  wire [P*P-1:0]  oh_op_ip_i,  // [op*P +: P]: the input port output port op grants
    output wire [P*PW-1:0] nxt_ip_o     // [op*PW +: PW]: that input port + 1, mod P
);
    genvar go, gn, gi;
    generate
        for (go = 0; go < P; go = go + 1) begin : g_oip
            for (gn = 0; gn < PW; gn = gn + 1) begin : g_nx
                wire [P-1:0] m;   // input ports whose successor has bit gn set
                for (gi = 0; gi < P; gi = gi + 1) begin : g_m
                    assign m[gi] = (((gi + 1) % P) >> gn) % 2 == 1;
                end
                assign nxt_ip_o[go*PW + gn] = |(oh_op_ip_i[go*P +: P] & m);
            end
        end
    endgenerate
endmodule
