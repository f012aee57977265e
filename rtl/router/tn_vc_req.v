// SPDX-License-Identifier: MIT
// Request of one input VC (cmodel/hw/router.c, router_request; docs/microarchitecture.md 6.4):
// a body request for the output port the VC holds (when it has a credit there), or, for a head at
// the front of an IDLE VC, a head request for its route port with the set of output VCs it may
// take, or an adaptive request (some productive port is free: the candidates themselves, the
// productive ports of the route and afree_i, are formed once per input port by tn_sa_in1, on its
// winner). Ports are one-hot. Pure function.
(* keep_hierarchy *)  // area: see docs/lint.md, "Hierarchy"
module tn_vc_req #(
    parameter P  = 5,
    parameter V  = 2,
    parameter NP = 4,   // network ports (2N)
    parameter HW = 4,   // remaining hops per flit (N*CW)
    parameter TOPO = 0, // 0 torus, 1 mesh (ports at the edge of a mesh do not exist)
    parameter AD = 0,   // 1: adaptive routing built (the route carries productive ports and hops)
    parameter RW = P + V + (AD ? NP + HW : 0)
) (
    input  wire          nonempty_i,
    input  wire          active_i,
    input  wire          head_i,     // the front flit is a head
    input  wire [RW-1:0] route_i,    // the front flit's route: {hops, productive, VC set, port}
    input  wire [P-1:0]  oport_i,    // held output port (ACTIVE), one-hot
    input  wire [V-1:0]  ovc_i,      // held output VC, one-hot
    input  wire [P*V-1:0] take_ovc_i,   // [op*V + ov]: output VCs a head may take (6.3)
    input  wire [P*V-1:0] crd_nz_ovc_i, // [op*V + ov]: output VCs with a credit
    input  wire [P-1:0]  no_port_i,  // ports that do not exist (mesh edges; read when TOPO = 1)
    input  wire [NP-1:0] afree_i,    // free network ports (adaptive), bit j = port j+1
    output wire          body_o,
    output wire          head_o,
    output wire          adapt_o,
    output wire          order_err_o,
    output wire          port_err_o,
    output wire [P-1:0]  port_o,     // body: oport; head: the route port
    output wire [V-1:0]  rm_o        // head: its route's VC set (the VCs it may take on port_o
                                     // are those of them in take_i)
);
    // constants here, not inputs: a block kept as its own hierarchy sees no constant input
    wire [P-1:0] is_term;   // terminal ports: 0 and above 2N
    genvar gp;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_t
            assign is_term[gp] = (gp == 0) || (gp > NP);
        end
    endgenerate
    wire [P-1:0] no_port = (TOPO == 1) ? no_port_i : {P{1'b0}};
    wire [P-1:0] rp = route_i[P-1:0];
    wire [V-1:0] rm = route_i[P +: V];
    wire [NP-1:0] cand;   // free productive ports
    generate
        if (AD != 0) begin : g_ad
            assign cand = route_i[P+V +: NP] & afree_i;
            wire unused_hops = &{1'b0, route_i[P+V+NP +: HW]};
        end else begin : g_dor
            assign cand = {NP{1'b0}};
            wire unused_af = &{1'b0, afree_i};
        end
    endgenerate
    reg hok;      // some VC of the route set may be taken on the route port
    reg crd_op;   // the held output VC has a credit (or is terminal)
    integer p;
    always @(*) begin
        hok    = 1'b0;
        crd_op = 1'b0;
        for (p = 0; p < P; p = p + 1) begin
            hok    = hok | (rp[p] && |(take_ovc_i[p*V +: V] & rm));
            crd_op = crd_op | (oport_i[p] && (is_term[p] || |(crd_nz_ovc_i[p*V +: V] & ovc_i)));
        end
    end
    wire idle   = nonempty_i && !active_i;
    wire bad    = |(rp & no_port);
    wire routed = idle && head_i && !bad;
    assign order_err_o = idle && !head_i;
    assign port_err_o  = idle && head_i && bad;
    assign adapt_o     = routed && (|cand);
    assign head_o      = routed && !(|cand) && hok;
    assign body_o      = nonempty_i && active_i && crd_op;
    assign port_o      = active_i ? oport_i : rp;
    assign rm_o        = rm;
endmodule
