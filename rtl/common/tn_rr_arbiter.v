// SPDX-License-Identifier: MIT
// Round-robin arbiter (cmodel/hw/rr_arbiter.c): grants the first request at or after ptr_i,
// wrapping. Pure function; the parent owns the pointer and moves it only on an accepted grant.
// The grant comes both as an index and one-hot (for AND-OR multiplexers).
`include "tn_faults.vh"
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_rr_arbiter #(
    parameter N  = 4,                          // requesters
    parameter IW = (N > 1) ? $clog2(N) : 1,    // index width
    parameter IDX = 1                          // 0: idx_o is 0 (the parent reads gnt_o only)
) (
    input  wire [N-1:0]  req_i,
    input  wire [IW-1:0] ptr_i,
    output wire          valid_o,
    output reg  [IW-1:0] idx_o,
    output wire [N-1:0]  gnt_o
);
    // requests at or after the pointer
    wire [N-1:0] hi  = `TN_HOOK_RR_SKIP(req_i & ({N{1'b1}} << ptr_i), ptr_i, N);
    wire [N-1:0] sel = (|hi) ? hi : req_i;
    // its lowest set bit: as sel & ~(sel - 1) for N = 3, 4; as a scan otherwise (no carry
    // chain; fewer LUT4 with synth_ecp5 -nowidelut, docs/router-v2.md 7b). Verilator always
    // takes the subtraction, one machine operation where the scan is N (docs/lockstep-speed.md);
    // the two forms are equal (a Yosys miter, N = 1..6, 8, 16)
`ifdef VERILATOR
    localparam SUB = 1;
`else
    localparam SUB = (N == 3 || N == 4);
`endif
    generate
        if (SUB) begin : g_sub
            assign gnt_o = sel & ~(sel - 1'b1);
            integer i;
            always @(*) begin
                idx_o = {IW{1'b0}};
                for (i = N - 1; i >= 0; i = i - 1)
                    if (sel[i] && IDX != 0) idx_o = i[IW-1:0];
            end
        end else begin : g_scan
            reg [N-1:0] g;
            reg         seen;
            integer k;
            always @(*) begin
                seen  = 1'b0;
                idx_o = {IW{1'b0}};
                for (k = 0; k < N; k = k + 1) begin
                    g[k] = sel[k] && !seen;
                    if (sel[k] && !seen && IDX != 0) idx_o = k[IW-1:0];
                    seen = seen | sel[k];
                end
            end
            assign gnt_o = g;
        end
    endgenerate
    assign valid_o = |req_i;
endmodule
