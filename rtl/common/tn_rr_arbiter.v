// SPDX-License-Identifier: MIT
// Round-robin arbiter (cmodel/src/arbiter.c): grants the first request at or after ptr_i,
// wrapping. Pure function; the parent owns the pointer and moves it only on an accepted grant.
// The grant comes both as an index and one-hot (for AND-OR multiplexers).
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_rr_arbiter #(
    parameter N  = 4,                          // requesters
    parameter IW = (N > 1) ? $clog2(N) : 1     // index width
) (
    input  wire [N-1:0]  req_i,
    input  wire [IW-1:0] ptr_i,
    output wire          valid_o,
    output reg  [IW-1:0] idx_o,
    output wire [N-1:0]  gnt_o
);
    wire [N-1:0] hi  = req_i & ({N{1'b1}} << ptr_i);  // requests at or after the pointer
    wire [N-1:0] sel = (|hi) ? hi : req_i;
    assign gnt_o = sel & ~(sel - 1'b1);               // its lowest set bit
    integer i;
    always @(*) begin
        idx_o = {IW{1'b0}};
        for (i = N - 1; i >= 0; i = i - 1)
            if (sel[i]) idx_o = i[IW-1:0];
    end
    assign valid_o = |req_i;
endmodule
