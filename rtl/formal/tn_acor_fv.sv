// SPDX-License-Identifier: MIT
// Formal checker of tn_acor's level machine (rtl/ni/tn_acor.v; docs/microarchitecture.md 23.5),
// proved by k-induction with SymbiYosys (rtl/formal/tn_acor.sby, make formal). The configuration
// is any constant (R23.6.1: constant during a run; acor_hi >= 1); the channels' attempts and
// readiness are free inputs; reset is asserted in the first cycle and free afterwards.
// Properties (state read from obs_o, rtl/common/tn_defs.tbl's acorobs rows):
//   F2.1 the level stays in 0 .. top of the sequence (R23.5.1, R23.2.1);
//   F2.2 it moves one step at most per cycle: up exactly on a rise (c >= IT below the top), down
//        exactly at an interval's end (tmr <= 1) with c <= DT and no rise (R23.5.2);
//   F2.3 the interval timer stays in 1 .. HI, and the count never exceeds TERM blocked events per
//        elapsed cycle of the interval (so its 18 bits never wrap: TERM * HI < 2^18);
//   F2.4 the level in force of every channel is in 0 .. top (R23.2.2), in both modes.
`include "tn_defs.vh"
module tn_acor_fv #(
    parameter K    = 4,
    parameter N    = 2,
    parameter TERM = 1
) (
    input wire                   clk_i,
    input wire                   rst_i,
    input wire [TERM-1:0]        att_i,
    input wire [TERM-1:0]        rdy_i,
    input wire [TERM*`TN_AW-1:0] dst_i
);
    (* anyconst *) reg [1:0]  seq;
    (* anyconst *) reg        mode;
    (* anyconst *) reg [15:0] hi, it1, it2, dt1, dt2;
    (* anyconst *) reg [`TN_AW-1:0] coord;
    (* anyconst *) reg [TERM*32-1:0] seed;

    wire [TERM*`TN_AW-1:0] mid;
    wire [TERM*2-1:0]      lvl;
    wire [`TN_AOBSW-1:0]   obs;
    tn_acor #(.K(K), .N(N), .TERM(TERM)) dut (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .ctx_we_i(1'b1),
        .cfg_seq_i(seq), .cfg_mode_i(mode), .cfg_hi_i(hi), .cfg_it1_i(it1), .cfg_it2_i(it2),
        .cfg_dt1_i(dt1), .cfg_dt2_i(dt2), .coord_i(coord), .seed_i(seed),
        .att_i(att_i), .rdy_i(rdy_i), .dst_i(dst_i), .mid_o(mid), .lvl_o(lvl), .obs_o(obs));

    wire [1:0]  level = obs[`TN_AO_ACOR_LEVEL +: 2];
    wire [17:0] cnt   = obs[`TN_AO_ACOR_CNT +: 18];
    wire [15:0] tmr   = obs[`TN_AO_ACOR_TMR +: 16];
    wire [1:0]  top   = (seq == 2'd2) ? 2'd2 : 2'd1;

    // the blocked events of the cycle, and what R23.5.2 allows the level to do
    reg [2:0] nblk;
    integer e;
    always @* begin
        nblk = 3'd0;
        for (e = 0; e < TERM; e = e + 1) nblk = nblk + {2'd0, att_i[e] & ~rdy_i[e]};
    end
    wire [17:0] c    = cnt + {15'd0, nblk};
    wire        rise = (level < top) && (c >= {2'b00, (level == 2'd0) ? it1 : it2});
    wire        fall = !rise && (tmr <= 16'd1) && (level != 2'd0) &&
                       (c <= {2'b00, (level == 2'd1) ? dt1 : dt2});

    reg       init = 1'b1;
    reg [1:0] level_p;
    reg       rise_p, fall_p, live_p;
    always @(posedge clk_i) begin
        init    <= 1'b0;
        level_p <= level;
        rise_p  <= rise;
        fall_p  <= fall;
        live_p  <= !rst_i;
    end

    always @* begin
        assume (hi != 16'd0);
        if (init) assume (rst_i);
        if (!init) begin
            // F2.1
            assert (level <= top);
            // F2.2
            if (live_p) assert (level == level_p + {1'b0, rise_p} - {1'b0, fall_p});
            // F2.3
            assert (tmr >= 16'd1 && tmr <= hi);
            assert ({14'd0, cnt} <= TERM * ({16'd0, hi} - {16'd0, tmr}));
            // F2.4
            for (e = 0; e < TERM; e = e + 1) assert (lvl[e*2 +: 2] <= top);
        end
    end
endmodule
