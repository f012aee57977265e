// SPDX-License-Identifier: MIT
// Round-robin arbiter (cmodel/src/arbiter.c): grants the first request at or after ptr_i,
// wrapping. Pure function; the parent owns the pointer and moves it only on an accepted grant.
module tn_rr_arbiter #(
    parameter N  = 4,                          // requesters
    parameter IW = (N > 1) ? $clog2(N) : 1     // index width
) (
    input  wire [N-1:0]  req_i,
    input  wire [IW-1:0] ptr_i,
    output reg           valid_o,
    output reg  [IW-1:0] idx_o
);
    integer i;
    reg hi_found;
    always @(*) begin
        valid_o  = 1'b0;
        idx_o    = {IW{1'b0}};
        hi_found = 1'b0;
        for (i = N - 1; i >= 0; i = i - 1) begin
            if (req_i[i] && (i >= ptr_i)) begin
                hi_found = 1'b1;
                idx_o    = i[IW-1:0];
            end
        end
        if (!hi_found) begin
            for (i = N - 1; i >= 0; i = i - 1) begin
                if (req_i[i]) idx_o = i[IW-1:0];
            end
        end
        valid_o = |req_i;
    end
endmodule
