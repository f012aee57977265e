// SPDX-License-Identifier: MIT
// Formal checker of a whole router (rtl/router/tn_router.v; docs/microarchitecture.md 6, 7, 13),
// proved by k-induction with SymbiYosys (rtl/formal/tn_router.sby, make formal), with the
// TN_FV_ROUTER block at the end of tn_router.v (F5.1: it reads internal wires). The neighbours
// are modelled by what they guarantee: an upstream sends on a VC only with a credit, sends whole
// packets on each VC (a head after a tail), and routes by the same algorithm (a head arrives only
// with a route the crossbar connects, R8.6.1); a downstream returns one credit per flit it
// received, never more. The configuration is any constant in range (any routing the router
// builds, the buffer depth, selection, dateline and in-transit flags); reset is asserted in the
// first two cycles (section 12) and free afterwards, the neighbours quiet while it is. The
// payload is one bit: no property reads it (the router's control never does).
// Properties:
//   F5.1 (in tn_router.v) every output port's grant is one-hot or none and names one input port,
//        every input port is granted by at most one output port and only when it sends, the
//        sending VC holds a flit and requests that port, and a head takes only an output VC it
//        may take (R6.3.1, 6.5-6.7);
//   F5.2 no output VC is held by two input VCs: busy exactly when one active input VC holds it
//        (R6.7.1, R6.7.7);
//   F5.3 no flit is lost or duplicated: the flits that arrived and have not left on a link are
//        the flits buffered plus those in the link registers; each input VC's upstream credits,
//        its flits and the credit on its way back add up to cfg_buf, and each network output
//        VC's credits, the flits on and beyond its link add up to cfg_buf (R6.2.1);
//   F5.4 the sticky error vector stays 0 (section 13);
//   C5 (task cover) two VCs of a network output port held at once, a flit leaving on every
//        port in one cycle.
`include "tn_defs.vh"
module tn_router_fv #(
    parameter K       = 4,
    parameter N       = 1,
    parameter V       = 2,
    parameter B       = 2,
    parameter W       = 1,
    parameter TERM    = 1,
    parameter TOPO    = 1,
    parameter ROUTING = 1
) (
    input wire                   clk_i,
    input wire                   rst_i,
    input wire [`TN_P-1:0]       in_valid_i,
    input wire [`TN_P*`TN_VW-1:0] in_vc_i,
    input wire [`TN_P*`TN_FW-1:0] in_flit_i,
    input wire [`TN_P-1:0]       out_crd_valid_i,
    input wire [`TN_P*`TN_VW-1:0] out_crd_vc_i
);
    localparam P    = `TN_P;
    localparam PV   = P * V;
    localparam PW   = `TN_PW;
    localparam VW   = `TN_VW;
    localparam FW   = `TN_FW;
    localparam CW   = `TN_CW;
    localparam CNTW = `TN_CNTW;
    localparam HEAD = `TN_F_HEAD;
    localparam TAIL = `TN_F_TAIL;
    (* anyconst *) reg [CNTW-1:0] buf_c, acrd_c;
    (* anyconst *) reg [2:0]      sel_c, route_c;
    (* anyconst *) reg            dateline_c, transit_c;
    (* anyconst *) reg [`TN_AW-1:0] coord_c;
    (* anyconst *) reg [31:0]     seed_c;

    wire [P-1:0]        crd_valid, out_valid;
    wire [P*VW-1:0]     crd_vc, out_vc;
    wire [P*FW-1:0]     out_flit;
    wire [2*N-1:0]      afree;
    wire [`TN_EW-1:0]   err;
    wire [`TN_OBSW-1:0] obs;
    tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                .ROUTING(ROUTING)) dut (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(1'b0), .wctx_i(1'b0), .nctx_i(1'b0),
        .ctx_we_i(1'b1), .coord_i(coord_c), .cfg_buf_i(buf_c), .cfg_acrd_i(acrd_c),
        .cfg_route_i(route_c), .cfg_sel_i(sel_c), .cfg_dateline_i(dateline_c),
        .cfg_transit_i(transit_c), .seed_i(seed_c),
        .in_valid_i(in_valid_i), .in_vc_i(in_vc_i), .in_flit_i(in_flit_i),
        .in_crd_valid_o(crd_valid), .in_crd_vc_o(crd_vc),
        .out_valid_o(out_valid), .out_vc_o(out_vc), .out_flit_o(out_flit),
        .out_crd_valid_i(out_crd_valid_i), .out_crd_vc_i(out_crd_vc_i),
        .afree_o(afree), .err_o(err), .obs_o(obs));

    // the contract's registers, from the observation bus
    function [CNTW-1:0] cnt_f;      input [`TN_OBSW-1:0] o; input integer x;
        cnt_f = o[`TN_O_IN_CNT + x*CNTW +: CNTW];
    endfunction
    function [CNTW-1:0] credits_f;  input [`TN_OBSW-1:0] o; input integer x;
        credits_f = o[`TN_O_OUT_CREDITS + x*CNTW +: CNTW];
    endfunction

    // the neighbours' state: upstream credits and packet state per input VC, flits owed a
    // credit per output VC (on a network port); flits in the router (arrived, not yet on a link)
    reg [CNTW-1:0] ucred [0:PV-1];
    reg [CNTW-1:0] owed  [0:PV-1];
    reg [7:0]      held;
    reg [1:0]      init = 2'd2;
    reg [7:0]      nin, nout;
    integer x, p, v, y, cx, cp, cv, np;
    always @* begin
        nin  = 8'd0;
        nout = 8'd0;
        for (np = 0; np < P; np = np + 1) begin
            nin  = nin + {7'd0, in_valid_i[np]};
            nout = nout + {7'd0, out_valid[np]};
        end
    end
    always @(posedge clk_i) begin
        if (init != 2'd0) init <= init - 2'd1;
        held <= rst_i ? 8'd0 : held + nin - nout;
        for (cp = 0; cp < P; cp = cp + 1)
            for (cv = 0; cv < V; cv = cv + 1) begin
                cx = cp*V + cv;
                if (rst_i) begin
                    ucred[cx] <= buf_c;
                    owed[cx]  <= {CNTW{1'b0}};
                end else begin
                    ucred[cx] <= ucred[cx]
                        - {{(CNTW-1){1'b0}}, in_valid_i[cp] && in_vc_i[cp*VW +: VW] == cv[VW-1:0]}
                        + {{(CNTW-1){1'b0}}, crd_valid[cp] && crd_vc[cp*VW +: VW] == cv[VW-1:0]};
                    owed[cx] <= owed[cx]
                        + {{(CNTW-1){1'b0}}, out_valid[cp] && out_vc[cp*VW +: VW] == cv[VW-1:0]}
                        - {{(CNTW-1){1'b0}}, out_crd_valid_i[cp] && out_crd_vc_i[cp*VW +: VW] == cv[VW-1:0]};
                end
            end
    end

    reg [7:0]  inbuf;
    reg [7:0]  holders;
    reg        link;
    always @* begin
        assume (buf_c >= 1 && buf_c <= B && acrd_c >= 1 && acrd_c <= buf_c);
        assume (sel_c <= 3'd5);
        // a routing the router builds (19.5): up to ROUTING, GAL's (GOAL) and ACOR's (VAL)
        assume (route_c <= ROUTING || (route_c == `TN_ROUTING_GAL && ROUTING >= 3) ||
                (route_c == `TN_ROUTING_ACOR && ROUTING >= 2));
        for (y = 0; y < N; y = y + 1) begin
            assume (coord_c[y*CW +: CW] < K);
            // a mesh has no links off its edges: nothing arrives there
            if (TOPO == 1 && coord_c[y*CW +: CW] == K - 1) assume (!in_valid_i[2*y + 1]);
            if (TOPO == 1 && coord_c[y*CW +: CW] == 0)     assume (!in_valid_i[2*y + 2]);
        end
        if (init != 2'd0) assume (rst_i);
        for (p = 0; p < P; p = p + 1) begin
            if (rst_i) assume (!in_valid_i[p] && !out_crd_valid_i[p]);
            // the upstream: a credit, whole packets, a VC that exists
            if (in_valid_i[p]) assume (in_vc_i[p*VW +: VW] < V);
            // a destination that exists
            if (in_valid_i[p])
                for (y = 0; y < N; y = y + 1)
                    assume (in_flit_i[p*FW + `TN_F_DST + y*CW +: CW] < K);
            for (v = 0; v < V; v = v + 1)
                if (in_valid_i[p] && in_vc_i[p*VW +: VW] == v[VW-1:0]) begin
                    assume (ucred[p*V + v] != {CNTW{1'b0}});
                end
            // the downstream (a network port): a credit only for a flit it holds
            if (out_crd_valid_i[p]) begin
                assume (p >= 1 && p <= 2 * N);
                assume (out_crd_vc_i[p*VW +: VW] < V);
            end
            for (v = 0; v < V; v = v + 1)
                if (out_crd_valid_i[p] && out_crd_vc_i[p*VW +: VW] == v[VW-1:0])
                    assume (owed[p*V + v] != {CNTW{1'b0}});
        end
        if (init == 2'd0) begin
            inbuf = 8'd0;
            for (x = 0; x < PV; x = x + 1) begin
                p = x / V;
                v = x % V;
                inbuf = inbuf + {{(8-CNTW){1'b0}}, cnt_f(obs, x)};
                // F5.2
                holders = 8'd0;
                for (y = 0; y < PV; y = y + 1)
                    if (obs[`TN_O_IN_STATE + y] &&
                        obs[`TN_O_IN_OPORT + y*PW +: PW] == p[PW-1:0] &&
                        obs[`TN_O_IN_OVC + y*VW +: VW] == v[VW-1:0])
                        holders = holders + 8'd1;
                assert (holders <= 8'd1);
                assert (obs[`TN_O_OUT_BUSY + x] == (holders == 8'd1));
                // F5.3 per VC
                assert ({1'b0, ucred[x]} + {1'b0, cnt_f(obs, x)}
                        + {{CNTW{1'b0}}, crd_valid[p] && crd_vc[p*VW +: VW] == v[VW-1:0]}
                        == {1'b0, buf_c});
                link = out_valid[p] && out_vc[p*VW +: VW] == v[VW-1:0];
                if (p >= 1 && p <= 2 * N)
                    assert ({1'b0, credits_f(obs, x)} + {1'b0, owed[x]} + {{CNTW{1'b0}}, link}
                            == {1'b0, buf_c});
            end
            // F5.3
            assert (held == inbuf + nout);
            // F5.4
            assert (err == {`TN_EW{1'b0}});
            // reachability (task cover): two VCs of network output port 1 held at once, flits
            // leaving on every port in one cycle
            cover (obs[`TN_O_OUT_BUSY + V] && obs[`TN_O_OUT_BUSY + V + 1]);
            cover (out_valid == {P{1'b1}});
        end
    end
    wire unused = &{1'b0, afree, out_flit};
endmodule
