// SPDX-License-Identifier: MIT
// Round-robin arbiter (cmodel/src/arbiter.c): grants the first request at or after ptr_i,
// wrapping. Pure function; the parent owns the pointer and moves it only on an accepted grant.
// Word-level form: isolate the lowest set bit of the masked requests (sel & -sel), then encode
// the one-hot grant by OR-reducing it under one constant mask per index bit.
module tn_rr_arbiter #(
    parameter N  = 4,                          // requesters
    parameter IW = (N > 1) ? $clog2(N) : 1     // index width
) (
    input  wire [N-1:0]  req_i,
    input  wire [IW-1:0] ptr_i,
    output wire          valid_o,
    output wire [IW-1:0] idx_o
);
    // bit i of MASK(b) is bit b of i
    function [N-1:0] mask;
        input integer b;
        integer i;
        begin
            mask = {N{1'b0}};
            for (i = 0; i < N; i = i + 1)
                mask[i] = ((i >> b) & 1) != 0;
        end
    endfunction
    wire [N-1:0] hi    = req_i & ({N{1'b1}} << ptr_i);  // requests at or after the pointer
    wire [N-1:0] sel   = (|hi) ? hi : req_i;
    wire [N-1:0] first = sel & (~sel + 1'b1);            // the lowest set bit, one-hot
    genvar gb;
    generate
        for (gb = 0; gb < IW; gb = gb + 1) begin : g_idx
            localparam [N-1:0] M = mask(gb);
            assign idx_o[gb] = |(first & M);
        end
    endgenerate
    assign valid_o = |req_i;
endmodule
