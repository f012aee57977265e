// SPDX-License-Identifier: MIT
// Formal checker of an input unit's buffers and VC state (rtl/router/tn_input_unit.v;
// docs/microarchitecture.md 6.1, 6.2, 6.7), proved by k-induction with SymbiYosys
// (rtl/formal/tn_input_unit.sby, make formal). The neighbours are modelled by what they
// guarantee: the upstream output unit sends on a VC only with a credit, starting from cfg_buf
// credits and taking one back per credit this unit returns (R6.2.1), and sends whole packets;
// the router pops only a VC holding a flit, and a pop takes an output VC exactly when the VC is
// idle (its front is then a head, R6.7.1). cfg_buf is any constant in 1 .. B; reset in the first
// cycle, free after. The flits are numbered per VC (their low bits) so that order is visible.
// Properties (F4.4-F4.6 asserted inside tn_input_unit.v under TN_FV_INPUT_UNIT, where the RAMs
// are):
//   F4.1 every VC's occupancy stays in 0 .. cfg_buf, a buffer is never written full (the
//        overflow check never fires), and upstream credits + occupancy + the credit in flight =
//        cfg_buf on every VC (R6.2.1);
//   F4.2 occupancy equals the flits received minus the flits sent, per VC;
//   F4.3 the credit register returns one credit for each flit that left, the cycle after, on its
//        VC (R6.2.1);
//   F4.4 a VC's buffer holds its flits in arrival order (the RAM at the read slot and on);
//   F4.5 a VC holds whole packets in order: a head first or after a tail, and the route RAM
//        holds each flit's head bit and route;
//   F4.6 flits leave a VC in the order they came, head first and tail last; a VC is active
//        exactly while a packet is part-way out (taken by its head, released after its tail);
//   C4 (task cover) a full VC, every VC active at once, a packet of three flits through a VC.
`include "tn_defs.vh"
module tn_input_unit_fv #(
    parameter V  = 4,
    parameter B  = 4,
    parameter FW = 8,
    parameter RW = 4,
    parameter P  = 5
) (
    input wire          clk_i,
    input wire          rst_i,
    input wire          in_valid_i,
    input wire [VW-1:0] in_vc_i,
    input wire [FW-1:0] in_flit_i,
    input wire [RW-1:0] in_route_i,
    input wire          pop_i,
    input wire [VW-1:0] pop_vc_i,
    input wire          alloc_i,
    input wire [PW-1:0] alloc_op_i,
    input wire [VW-1:0] alloc_ov_i
);
    localparam VW   = (V > 1) ? $clog2(V) : 1;
    localparam PW   = $clog2(P);
    localparam CNTW = $clog2(B + 1);
    localparam TAIL = FW - 2;
    localparam HEAD = FW - 1;
    (* anyconst *) reg [CNTW-1:0] buf_c;

    reg [P-1:0] op_oh;
    integer k;
    always @* for (k = 0; k < P; k = k + 1) op_oh[k] = (alloc_op_i == k[PW-1:0]);

    wire [V-1:0]      front_head, active, active_w;
    wire [V*RW-1:0]   front_route;
    wire [FW-1:0]     pop_flit;
    wire [V*CNTW-1:0] cnt;
    wire [V*PW-1:0]   oport;
    wire [V*VW-1:0]   ovc, ovc_w;
    wire [V*P-1:0]    oport_oh;
    wire [V*V-1:0]    ovc_oh;
    wire              crd_valid, err_buf_ovf;
    wire [VW-1:0]     crd_vc;
    tn_input_unit #(.V(V), .B(B), .FW(FW), .RW(RW), .P(P), .PW(PW)) dut (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .nctx_i(1'b0),
        .ctx_we_i(1'b1), .cfg_buf_i(buf_c),
        .in_valid_i(in_valid_i), .in_vc_i(in_vc_i), .in_flit_i(in_flit_i),
        .in_route_i(in_route_i), .pop_i(pop_i), .pop_vc_i(pop_vc_i), .alloc_i(alloc_i),
        .alloc_op_i(alloc_op_i), .alloc_op_oh_i(op_oh), .alloc_ov_i(alloc_ov_i),
        .front_head_o(front_head), .front_route_o(front_route), .pop_flit_o(pop_flit),
        .cnt_o(cnt), .active_o(active), .oport_o(oport), .ovc_o(ovc), .oport_oh_o(oport_oh),
        .ovc_oh_o(ovc_oh), .active_w_o(active_w), .ovc_w_o(ovc_w),
        .crd_valid_o(crd_valid), .crd_vc_o(crd_vc), .err_buf_ovf_o(err_buf_ovf));

    // the upstream's credits, and the flits received and sent per VC (mod 2^(CNTW+1))
    reg [CNTW-1:0] ucred [0:V-1];
    reg [CNTW:0]   rx [0:V-1];
    reg [CNTW:0]   tx [0:V-1];
    reg            init = 1'b1;
    reg            live_p, pop_p;
    reg [VW-1:0]   pop_vc_p;
    reg [1:0]      pkt3;   // cover: flits of one packet through VC 0
    integer v;
    always @(posedge clk_i) begin
        init     <= 1'b0;
        live_p   <= !rst_i;
        pop_p    <= pop_i;
        pop_vc_p <= pop_vc_i;
        for (v = 0; v < V; v = v + 1) begin
            if (rst_i) begin
                ucred[v] <= buf_c;
                rx[v]    <= {(CNTW+1){1'b0}};
                tx[v]    <= {(CNTW+1){1'b0}};
            end else begin
                ucred[v] <= ucred[v] - {{(CNTW-1){1'b0}}, in_valid_i && in_vc_i == v[VW-1:0]}
                                     + {{(CNTW-1){1'b0}}, crd_valid && crd_vc == v[VW-1:0]};
                rx[v] <= rx[v] + {{CNTW{1'b0}}, in_valid_i && in_vc_i == v[VW-1:0]};
                tx[v] <= tx[v] + {{CNTW{1'b0}}, pop_i && pop_vc_i == v[VW-1:0]};
            end
        end
        if (rst_i)
            pkt3 <= 2'd0;
        else if (pop_i && pop_vc_i == {VW{1'b0}})
            pkt3 <= pop_flit[TAIL] ? ((pkt3 == 2'd2) ? 2'd3 : 2'd0)
                  : (pkt3 == 2'd3) ? 2'd3 : pkt3 + (pop_flit[HEAD] ? 2'd1 : (pkt3 != 0 ? 2'd1 : 2'd0));
    end

    reg [CNTW-1:0] c;
    always @* begin
        assume (buf_c >= 1 && buf_c <= B);
        if (init) assume (rst_i);
        // the upstream sends only with a credit; the router pops only a VC holding a flit, and
        // the pop of an idle VC's head takes an output VC
        if (in_valid_i) assume (ucred[in_vc_i] != {CNTW{1'b0}});
        if (pop_i) begin
            assume (cnt[pop_vc_i*CNTW +: CNTW] != {CNTW{1'b0}});
            assume (alloc_i == !active[pop_vc_i]);
        end
        if (!init) begin
            for (v = 0; v < V; v = v + 1) begin
                c = cnt[v*CNTW +: CNTW];
                // F4.1
                assert (c <= buf_c);
                assert (ucred[v] <= buf_c);
                assert ({1'b0, ucred[v]} + {1'b0, c}
                        + {{CNTW{1'b0}}, crd_valid && crd_vc == v[VW-1:0]} == {1'b0, buf_c});
                // F4.2
                assert ({1'b0, c} == rx[v] - tx[v]);
            end
            assert (!err_buf_ovf);
            // F4.3
            if (live_p) assert (crd_valid == pop_p);
            if (live_p && pop_p) assert (crd_vc == pop_vc_p);
            // C4
            cover (cnt[0 +: CNTW] == B[CNTW-1:0] && buf_c == B);
            cover (active == {V{1'b1}});
            cover (pkt3 == 2'd3);
        end
    end
endmodule
