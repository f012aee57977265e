// SPDX-License-Identifier: MIT
// Round-robin arbiter of the GAL senders (rtl/ni/tn_gal_ni.v): the same grant as tn_rr_arbiter
// (rtl/common/tn_rr_arbiter.v) over 2^N * 2^N requests j = set*2^N + quadrant, the first request at
// or after ptr_i, wrapping (idx_o = 0 when there is none), built in two levels to map to fewer
// LUTs: the pointer's own set from the pointer's quadrant on; else the first set after the
// pointer's set (else the first set at all) with a request, at its lowest quadrant. Pure function.
`include "tn_defs.vh"
module tn_gal_arb #(
    parameter N  = 2        // 2^N sets of 2^N quadrants
) (
    input  wire [`TN_NQ-1:0] req_i,
    input  wire [`TN_JW-1:0] ptr_i,
    output wire              valid_o,
    output wire [`TN_JW-1:0] idx_o
);
    localparam Q  = `TN_Q;    // derived widths: the one table's (R2.4)
    localparam JW = `TN_JW;
    localparam integer QM = Q - 1;
    wire [N-1:0] ps = ptr_i[JW-1:N];   // the pointer's set
    wire [N-1:0] pq = ptr_i[N-1:0];    // and quadrant
    reg  [Q-1:0]   grp;
    reg  [Q-1:0]   any;     // set s has a request
    reg  [Q-1:0]   after;   // ... and s > ps
    reg  [Q-1:0]   own;     // requests of the pointer's set at or after pq
    reg  [Q*N-1:0] low;     // lowest requesting quadrant of each set (Q-1 when none)
    reg  [N-1:0]   qo, sg;
    integer s, r;
    // the priority encoders default to the last index when nothing is set: where that matters
    // (no request at all) idx_o is forced to 0, and the freedom saves LUTs
    always @(*) begin
        grp = {Q{1'b0}};
        for (s = 0; s < Q; s = s + 1) begin
            grp = grp | (req_i[s*Q +: Q] & {Q{ps == s[N-1:0]}});
            any[s] = |req_i[s*Q +: Q];
            after[s] = any[s] && (s[N-1:0] > ps);
            low[s*N +: N] = QM[N-1:0];
            for (r = Q - 2; r >= 0; r = r - 1)
                if (req_i[s*Q + r])
                    low[s*N +: N] = r[N-1:0];
        end
        for (r = 0; r < Q; r = r + 1)
            own[r] = grp[r] && (r[N-1:0] >= pq);
        qo = QM[N-1:0];
        for (r = Q - 2; r >= 0; r = r - 1)
            if (own[r])
                qo = r[N-1:0];
        sg = QM[N-1:0];
        if (|after) begin
            for (s = Q - 2; s >= 0; s = s - 1)
                if (after[s])
                    sg = s[N-1:0];
        end else begin
            for (s = Q - 2; s >= 0; s = s - 1)
                if (any[s])
                    sg = s[N-1:0];
        end
    end
    assign idx_o = !(|any) ? {JW{1'b0}} : (|own) ? {ps, qo} : {sg, low[sg*N +: N]};
    assign valid_o = |any;
endmodule
