// SPDX-License-Identifier: MIT
// Shared by the metric-driven selection functions: the candidate with the largest metric (each
// function's metric grows with the preference), ties to the lowest bit, as the scan from bit 0 of
// cmodel/hw/select.c (which replaces the best only on a strict improvement). Built as a tree of
// matches: in each, the upper half wins only when it is strictly better, so the lowest of equal
// bests wins; the same comparators as the scan, at half its depth (docs/router-v2.md 7b).
`include "tn_faults.vh"
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_sel_argbest #(
    parameter NP  = 4,
    parameter MW  = 8,                         // metric width
    parameter JW  = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0]    cand_i,
    input  wire [NP*MW-1:0] metric_i,          // metric of bit j at [j*MW +: MW]
    output reg  [JW-1:0]    pick_o
);
    localparam L = 1 << JW;   // leaves (bits past NP-1: no candidate)
    reg [2*L*MW-1:0] m;       // node n (1 .. 2L-1, leaves L .. 2L-1): the best metric below it
    reg [2*L-1:0]    f;       //   a candidate below it
    reg [2*L*JW-1:0] ix;      //   the bit of its best
    reg              up;      // the upper half wins the match
    reg [MW-1:0]     a, b;
    reg [MW:0]       d;       // the lower minus the upper: its borrow
    integer n;
    always @(*) begin
        m  = {2*L*MW{1'b0}};
        f  = {2*L{1'b0}};
        ix = {2*L*JW{1'b0}};
        for (n = 0; n < L; n = n + 1) begin
            if (n < NP) begin
                m[(L+n)*MW +: MW] = metric_i[n*MW +: MW];
                f[L+n]            = cand_i[n];
            end
            ix[(L+n)*JW +: JW] = n[JW-1:0];
        end
        for (n = L - 1; n >= 1; n = n - 1) begin
            a = m[(2*n)*MW +: MW];
            b = m[(2*n+1)*MW +: MW];
            // b > a is the borrow of a - b: a carry chain and no equality term (a comparison
            // operator maps with one, docs/router-v2.md 7b)
            d = {1'b0, a} - {1'b0, b};
            up = f[2*n+1] && (!f[2*n] || `TN_HOOK_SEL_TIE(d[MW], a, b));
            m[n*MW +: MW]  = up ? b : a;
            ix[n*JW +: JW] = up ? ix[(2*n+1)*JW +: JW] : ix[(2*n)*JW +: JW];
            f[n]           = f[2*n] | f[2*n+1];
        end
        pick_o = ix[JW +: JW];
    end
endmodule
