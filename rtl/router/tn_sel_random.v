// SPDX-License-Identifier: MIT
// Random selection (cmodel/hw/select.c, tn_sel_random): with c candidates and a 16-bit draw u,
// the k-th candidate counting from bit 0, k = (u * c) >> 16. Section 19.2.
// No multiplier: for each possible c, k is the number of thresholds ceil(i * 2^16 / c),
// i = 1 .. c-1, that u reaches; each comparison with a constant is written as logic (a carry
// chain per comparison would cost more), and the count of c's candidates picks the row.
// not kept as its own hierarchy: merged into its parent it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
module tn_sel_random #(
    parameter NP = 4,
    parameter JW = (NP > 1) ? $clog2(NP) : 1
) (
    input  wire [NP-1:0] cand_i,
    input  wire [15:0]   u_i,
    output reg  [JW-1:0] pick_o
);
    localparam CW = $clog2(NP + 1);
    // ge[c*NP + i]: u >= ceil(i * 65536 / c), for 1 <= i < c <= NP (others unused)
    wire [(NP+1)*NP-1:0] ge;
    genvar gc, gi, gb;
    generate
        for (gc = 0; gc <= NP; gc = gc + 1) begin : g_c
            for (gi = 0; gi < NP; gi = gi + 1) begin : g_i
                if (gi >= 1 && gi < gc) begin : g_t
                    localparam integer T = (gi * 65536 + gc - 1) / gc;
                    localparam [15:0] TC = T[15:0];
                    // u >= TC, from bit 0 up: c[b+1] = u[b:0] >= TC[b:0]
                    wire [16:0] c /* verilator split_var */;   // (a chain: no UNOPTFLAT)
                    assign c[0] = 1'b1;
                    for (gb = 0; gb < 16; gb = gb + 1) begin : g_b
                        if (TC[gb]) begin : g_one
                            assign c[gb+1] = u_i[gb] & c[gb];
                        end else begin : g_zero
                            assign c[gb+1] = u_i[gb] | c[gb];
                        end
                    end
                    assign ge[gc*NP + gi] = c[16];
                end else begin : g_n
                    assign ge[gc*NP + gi] = 1'b0;
                end
            end
        end
    endgenerate
    reg [CW-1:0] cnt, seen, k;
    integer j, i;
    always @(*) begin
        cnt = {CW{1'b0}};
        for (j = 0; j < NP; j = j + 1)
            cnt = cnt + {{(CW-1){1'b0}}, cand_i[j]};
        k = {CW{1'b0}};
        i = 0;   // (assigned on every path: no latch for the loop index)
        for (j = 0; j <= NP; j = j + 1)
            if (cnt == j[CW-1:0])
                for (i = 1; i < NP; i = i + 1)
                    k = k + {{(CW-1){1'b0}}, ge[j*NP + i]};
        pick_o = {JW{1'b0}};
        seen = {CW{1'b0}};
        for (j = 0; j < NP; j = j + 1)
            if (cand_i[j]) begin
                if (seen == k) pick_o = j[JW-1:0];
                seen = seen + 1'b1;
            end
    end
endmodule
