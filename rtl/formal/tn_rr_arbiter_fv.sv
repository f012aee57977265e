// SPDX-License-Identifier: MIT
// Formal checker of tn_rr_arbiter (rtl/common/tn_rr_arbiter.v; cmodel/hw/rr_arbiter.c), proved by
// k-induction with SymbiYosys (rtl/formal/tn_rr_arbiter.sby, make formal; docs/verification.md,
// "Formal proofs"). The checker is the arbiter's parent as the router uses it: it owns the
// pointer and moves it past the grant when the grant is accepted (acc_i: a later stage may refuse
// it, as switch allocation's second stage refuses the first's).
// Properties:
//   F1.1 the grant is one-hot or zero, only to a requester, and valid_o iff any request;
//   F1.2 idx_o names the granted requester;
//   F1.3 the grant is the first request at or after the pointer, cyclically (R-rr of section 5);
//   F1.4 fairness: a requester that requests continuously is granted before N - 1 accepted
//        grants to others have passed (the bound N - 1; the invariant: its accepted losses plus
//        its cyclic distance from the pointer stay below N).
module tn_rr_arbiter_fv #(
    parameter N = 4
) (
    input wire         clk_i,
    input wire [N-1:0] req_i,
    input wire         acc_i   // the grant is accepted: the pointer moves past it
);
    localparam IW = (N > 1) ? $clog2(N) : 1;
    localparam CW = $clog2(N + 1);
    reg  [IW-1:0] ptr_q = {IW{1'b0}};
    wire          valid;
    wire [IW-1:0] idx;
    wire [N-1:0]  gnt;
    tn_rr_arbiter #(.N(N)) dut (
        .req_i(req_i), .ptr_i(ptr_q), .valid_o(valid), .idx_o(idx), .gnt_o(gnt));

    always @(posedge clk_i)
        if (valid && acc_i) ptr_q <= (idx == N - 1) ? {IW{1'b0}} : idx + 1'b1;

    // cyclic distance from the pointer to requester r
    function integer dist;
        input integer p, r;
        dist = (r >= p) ? r - p : r + N - p;
    endfunction

    // losses[r]: accepted grants to others while r requested continuously
    reg [CW-1:0] lost_q [0:N-1];
    integer r, i;
    initial for (r = 0; r < N; r = r + 1) lost_q[r] = 0;
    always @(posedge clk_i)
        for (r = 0; r < N; r = r + 1)
            if (!req_i[r] || (valid && gnt[r])) lost_q[r] <= 0;
            else if (valid && acc_i) lost_q[r] <= lost_q[r] + 1'b1;

    reg first_ok;
    always @* begin
        assert (ptr_q < N);
        // F1.1
        assert ((gnt & (gnt - 1'b1)) == {N{1'b0}});
        assert ((gnt & ~req_i) == {N{1'b0}});
        assert (valid == (req_i != {N{1'b0}}));
        assert (valid == (gnt != {N{1'b0}}));
        // F1.2
        if (valid) assert (gnt == ({{(N-1){1'b0}}, 1'b1} << idx));
        // F1.3: no request strictly between the pointer and the grant
        first_ok = 1'b1;
        for (i = 0; i < N; i = i + 1)
            if (valid && req_i[i] && dist(ptr_q, i) < dist(ptr_q, idx)) first_ok = 1'b0;
        assert (first_ok);
        // F1.4
        for (r = 0; r < N; r = r + 1)
            if (req_i[r]) assert (lost_q[r] + dist(ptr_q, r) < N);
    end
endmodule
