// SPDX-License-Identifier: MIT
// Formal checker of an output unit's credit counters and allocated flags (rtl/router/
// tn_output_unit.v; docs/microarchitecture.md 6.2, 6.3, 6.7), proved by k-induction with
// SymbiYosys (rtl/formal/tn_output_unit.sby, make formal). The neighbours are modelled by what
// they guarantee: the router sends on an output VC only with a credit (R6.3.1) and only on a VC
// its head takes in that cycle or an earlier one (R6.7.1), takes only an idle VC (R6.3.1); the
// downstream input unit returns one credit per flit it received, never more (R6.2.1): the checker
// counts each VC's flits sent and not yet credited back (`owed`) and a credit may only arrive for
// a VC that is owed one. cfg_buf is any constant in 1 .. B; reset in the first cycle, free after.
// Properties:
//   F3.1 every credit counter stays in 0 .. cfg_buf (R6.2.1, R6.7.6), and credits + owed = cfg_buf
//        on every VC (credit conservation: no credit lost or duplicated);
//   F3.2 the unit's error checks never fire (no overflow, underflow or reuse, R6.2.2);
//   F3.3 the allocated flag moves only along its legal edges: it rises only when a head takes the
//        VC, and falls only when a tail leaves on it (R6.7.1, R6.7.7);
//   F3.4 the link register holds what was sent the cycle before (R6.7.2);
//   C3 (task cover) every VC allocated at once, a VC's credits all used, a VC released.
`include "tn_defs.vh"
module tn_output_unit_fv #(
    parameter V  = 4,
    parameter B  = 4,
    parameter FW = 8
) (
    input wire          clk_i,
    input wire          rst_i,
    input wire          crd_valid_i,
    input wire [VW-1:0] crd_vc_i,
    input wire [V-1:0]  alloc_i,
    input wire          send_i,
    input wire [VW-1:0] send_vc_i,
    input wire [FW-1:0] send_flit_i
);
    localparam VW   = (V > 1) ? $clog2(V) : 1;
    localparam CNTW = $clog2(B + 1);
    localparam TAIL = FW - 2;
    (* anyconst *) reg [CNTW-1:0] buf_c;
    (* anyconst *) reg [2:0]      sel_c;
    (* anyconst *) reg [CNTW-1:0] acrd_c;
    (* anyconst *) reg            adaptive_c;
    (* anyconst *) reg [V-1:0]    amask_c;

    wire [V*CNTW-1:0] credits;
    wire [V-1:0]      busy, take, atake, crd_nz;
    wire              afree, out_valid, err_ovf, err_unf, err_reuse;
    wire [VW-1:0]     out_vc;
    wire [FW-1:0]     out_flit;
    wire [7:0]        lru_age, ldsf_cnt;
    wire [7:0]        key;
    tn_output_unit #(.V(V), .B(B), .FW(FW), .TERMINAL(0), .SELST(1), .SEL(-1), .KW(8)) dut (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .ctx_we_i(1'b1),
        .cfg_buf_i(buf_c), .cfg_sel_i(sel_c), .cfg_acrd_i(acrd_c), .adaptive_i(adaptive_c),
        .amask_i(amask_c), .crd_valid_i(crd_valid_i), .crd_vc_i(crd_vc_i), .alloc_i(alloc_i),
        .send_i(send_i), .send_vc_i(send_vc_i), .send_flit_i(send_flit_i),
        .credits_o(credits), .busy_o(busy), .take_o(take), .atake_o(atake), .crd_nz_o(crd_nz),
        .afree_o(afree), .out_valid_o(out_valid), .out_vc_o(out_vc), .out_flit_o(out_flit),
        .err_ovf_o(err_ovf), .err_unf_o(err_unf), .err_reuse_o(err_reuse),
        .lru_age_o(lru_age), .ldsf_cnt_o(ldsf_cnt), .key_o(key));

    // owed[v]: flits sent on VC v whose credit has not come back (the downstream buffer, the
    // link and the credit register between)
    reg [CNTW-1:0] owed [0:V-1];
    reg            init = 1'b1;
    reg [V-1:0]    busy_p, alloc_p, tail_p;
    reg            live_p, send_p;
    reg [VW-1:0]   send_vc_p;
    reg [FW-1:0]   send_flit_p;
    integer v;
    always @(posedge clk_i) begin
        init <= 1'b0;
        for (v = 0; v < V; v = v + 1) begin
            if (rst_i)
                owed[v] <= {CNTW{1'b0}};
            else
                owed[v] <= owed[v] + {{(CNTW-1){1'b0}}, send_i && send_vc_i == v[VW-1:0]}
                                   - {{(CNTW-1){1'b0}}, crd_valid_i && crd_vc_i == v[VW-1:0]};
            tail_p[v] <= send_i && send_vc_i == v[VW-1:0] && send_flit_i[TAIL];
        end
        busy_p      <= busy;
        alloc_p     <= alloc_i;
        live_p      <= !rst_i;
        send_p      <= send_i;
        send_vc_p   <= send_vc_i;
        send_flit_p <= send_flit_i;
    end

    always @* begin
        assume (buf_c >= 1 && buf_c <= B);
        if (init) assume (rst_i);
        for (v = 0; v < V; v = v + 1) begin
            // the router: a send needs a credit and an allocated VC (or its head taking it now);
            // a head takes only an idle VC
            if (send_i && send_vc_i == v[VW-1:0]) begin
                assume (credits[v*CNTW +: CNTW] != {CNTW{1'b0}});
                assume (busy[v] || alloc_i[v]);
            end
            if (alloc_i[v]) assume (!busy[v] && send_i && send_vc_i == v[VW-1:0]);
            // the downstream: a credit only for a flit it holds
            if (crd_valid_i && crd_vc_i == v[VW-1:0]) assume (owed[v] != {CNTW{1'b0}});
        end
        if (!init) begin
            for (v = 0; v < V; v = v + 1) begin
                // F3.1
                assert (credits[v*CNTW +: CNTW] <= buf_c);
                assert (credits[v*CNTW +: CNTW] + owed[v] == buf_c);
                // F3.3
                if (live_p && !busy_p[v] && busy[v]) assert (alloc_p[v]);
                if (live_p && busy_p[v] && !busy[v]) assert (tail_p[v]);
            end
            // F3.2
            assert (!err_ovf && !err_unf && !err_reuse);
            // F3.4
            if (live_p) assert (out_valid == send_p);
            if (live_p && send_p) assert (out_vc == send_vc_p && out_flit == send_flit_p);
            // reachability (task cover): the assumptions leave the states that matter reachable
            cover (busy == {V{1'b1}});
            cover (credits[0 +: CNTW] == {CNTW{1'b0}} && buf_c == B);
            cover (live_p && busy_p[0] && !busy[0] && busy[V-1]);
        end
    end
endmodule
