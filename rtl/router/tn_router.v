// SPDX-License-Identifier: MIT
// Router (cmodel/hw/router.c): P input units (each with the route unit of its arriving flits),
// per input VC the request, two switch-allocation iterations with one selection per input port,
// the output VC a head takes as it leaves, crossbar, P output units, the allocator pointers and
// the sticky error vector. One cycle = docs/microarchitecture.md section 6. The node's coordinates
// are an input, so one module (and one Verilated model) serves every node. PIPE=1 (6.8): one
// iteration, its grant and output VC registered and traversed at the next clock, the next
// allocation masked by the grant in flight; the error conditions reach err a cycle later.
`include "tn_defs.vh"
`include "tn_faults.vh"
module tn_router #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16 (2 or more on a torus with DOR)
    parameter B       = 8,   // flits per VC buffer, 1..64
    parameter W       = 32,  // payload bits, 1..64
    parameter TERM    = 1,   // terminal channels per node, 1..4
    parameter TOPO    = 0,   // 0 torus, 1 mesh
    parameter ROUTING = 0,   // most capable algorithm built: 0 DOR, 1 + MIN AD, 2 + VAL, 3 + GOAL
    parameter SEL     = -1,  // -1: selection by cfg_sel_i at run time; 0..5: fixed (19.5)
    parameter CTX     = 1,   // contexts: 1 one router; > 1 the time-multiplexed engine's
                             // (docs/emulator.md): state in tn_ctx_reg memories
    parameter STAGES  = 1,   // the engine's stages: 2 cuts the allocation after stage 1's
                             // input choice (tn_cut; CTX > 1; docs/emulator.md section 7)
    parameter PIPE    = 0,   // 0: a hop's allocation and traversal in one cycle; 1: the grant
                             // registered and traversed a cycle later (6.8; CTX = 1)
    parameter CXW     = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire              clk_i,
    input  wire              rst_i,          // (STAGES = 2: with the second stage, as every input
                                             // but ctx_i; every output is the first stage's but
                                             // in_crd_*, out_*: the second's)
    input  wire [CXW-1:0]    ctx_i,          // the context read (CTX > 1)
    input  wire [CXW-1:0]    wctx_i,         // the context written (STAGES = 2)
    input  wire [CXW-1:0]    nctx_i,         // the context read at the next clock (STAGES = 2)
    input  wire              ctx_we_i,       // its state is written at this clock edge (CTX > 1)
    input  wire [`TN_AW-1:0] coord_i,
    input  wire [`TN_CNTW-1:0] cfg_buf_i,      // flits used per VC buffer, 1..B (run time)
    input  wire [`TN_CNTW-1:0] cfg_acrd_i,     // credits an adaptive VC needs, 1..cfg_buf_i (R19.1.4)
    input  wire [2:0]        cfg_route_i,    // enum tn_routing: dor minad val goal gal - acor (19.5)
    input  wire [2:0]        cfg_sel_i,      // enum tn_selection (19.5)
    input  wire              cfg_dateline_i, // 1: dateline classes
    input  wire              cfg_transit_i,  // 1: in-transit priority in switch allocation (7.4)
    input  wire [31:0]       seed_i,         // router RNG reset value (19.4)
    // input side of each port: link in, credit register back
    input  wire [`TN_P-1:0]  in_valid_i,
    input  wire [`TN_P*`TN_VW-1:0] in_vc_i,
    input  wire [`TN_P*`TN_FW-1:0] in_flit_i,
    output wire [`TN_P-1:0]  in_crd_valid_o,
    output wire [`TN_P*`TN_VW-1:0] in_crd_vc_o,
    // output side of each port: output register (the link), credit in
    output wire [`TN_P-1:0]  out_valid_o,
    output wire [`TN_P*`TN_VW-1:0] out_vc_o,
    output wire [`TN_P*`TN_FW-1:0] out_flit_o,
    input  wire [`TN_P-1:0]  out_crd_valid_i,
    input  wire [`TN_P*`TN_VW-1:0] out_crd_vc_i,
    output wire [2*N-1:0]    afree_o,        // network ports with an adaptive VC to take (6.3;
                                             // read by the node's GAL NI, R21.5.1)
    output wire [`TN_EW-1:0] err_o,
    // observation of the contract's registers (docs/microarchitecture.md 5), for the harness
    output wire [`TN_OBSW-1:0] obs_o
);
    // derived widths (rtl/common/tn_defs.tbl)
    localparam CW   = `TN_CW;
    localparam AW   = `TN_AW;
    localparam XW   = `TN_XW;
    localparam FW   = `TN_FW;
    localparam P    = `TN_P;
    localparam PW   = `TN_PW;
    localparam VW   = `TN_VW;
    localparam CNTW = `TN_CNTW;
    localparam NNET = `TN_NNET;
    localparam EW   = `TN_EW;
    // One copy of the router's code serves every node: keeps Verilator builds short.
    /* verilator no_inline_module */
    // ---- elaboration checks (tn_router_chk: an undefined module whose name states the rule) ----
    tn_router_chk #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                    .ROUTING(ROUTING), .SEL(SEL), .CTX(CTX), .STAGES(STAGES),
                    .PIPE(PIPE)) u_chk ();

    // ---- run-time configuration registers (section 19.5): a copy of each cfg_*_i and of coord_i,
    // loaded every cycle (no reset; rst_i is held for at least two cycles, section 12). The rest
    // of the router reads only the copies: no combinational path starts at a configuration input.
    wire [CNTW-1:0] cfg_buf_q, cfg_acrd_q, cfg_buf_w, cfg_acrd_w;   // _w: the second stage's
    wire [2:0]      cfg_route_q, cfg_sel_q, cfg_route_w, cfg_sel_w;
    wire            cfg_dateline_q, cfg_transit_q, cfg_dateline_w, cfg_transit_w;
    wire [AW-1:0]   coord_q, coord_w;
    localparam CFGW = 2 * CNTW + 3 + 3 + 1 + 1 + AW;
    tn_ctx_reg #(.W(CFGW), .CTX(CTX), .RST(0), .STAGES(STAGES)) u_cfg (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({CFGW{1'b0}}),
        .d_i  ({cfg_buf_i, cfg_acrd_i, cfg_route_i, cfg_sel_i, cfg_dateline_i, cfg_transit_i,
                coord_i}),
        .q_o  ({cfg_buf_q, cfg_acrd_q, cfg_route_q, cfg_sel_q, cfg_dateline_q, cfg_transit_q,
                coord_q}),
        .qw_o ({cfg_buf_w, cfg_acrd_w, cfg_route_w, cfg_sel_w, cfg_dateline_w, cfg_transit_w,
                coord_w}));
    wire unused_cfg = &{1'b0, cfg_buf_q, cfg_acrd_w, cfg_sel_w, cfg_transit_q};

    localparam PV = P * V;
    // A flat bus is named by its index order, outermost first: _ivc [ip*V + iv] (input VCs),
    // _ovc [op*V + ov] (output VCs), _ip_op [ip*P + op] and _op_ip [op*P + ip] (port by port).
    localparam HEAD = `TN_F_HEAD;
    localparam integer VL = V - 1;
    localparam integer KL = K - 1;
    localparam [VW-1:0]  VLAST  = VL[VW-1:0];
    localparam [CW-1:0]  KLAST  = KL[CW-1:0];
    // the route stored beside each flit (6.4): port (one-hot), VC set, and with ROUTING >= 1 the
    // productive ports and the remaining hops per dimension
    localparam SW = (ROUTING >= 1) ? 2 * N + AW : 0;
    localparam RW = P + V + SW;   // the port one-hot

    // ports of each dimension and whether they exist (a mesh has no wrap links)
    wire [N-1:0]    no_plus, no_minus;
    genvar gd;
    generate
        for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
            assign no_plus[gd]  = (TOPO == 1) && (coord_q[gd*CW +: CW] == KLAST);
            assign no_minus[gd] = (TOPO == 1) && (coord_q[gd*CW +: CW] == {CW{1'b0}});
        end
    endgenerate

    // ---- run-time routing (19.5) ----
    // GAL packets route as GOAL inside their quadrant (21), ACOR packets as VAL (23.1); CHAOS is
    // not built here
    localparam [2:0] R_MINAD = `TN_ROUTING_MINAD, R_VAL = `TN_ROUTING_VAL,
                     R_GOAL = `TN_ROUTING_GOAL, R_GAL = `TN_ROUTING_GAL,
                     R_CHAOS = `TN_ROUTING_CHAOS, R_ACOR = `TN_ROUTING_ACOR;
    wire [2:0] route = (cfg_route_q == R_GAL) ? R_GOAL
                     : (cfg_route_q == R_ACOR) ? R_VAL : cfg_route_q;
    wire goal    = (ROUTING >= 3) && (route == R_GOAL) && (TOPO == 0);
    wire minad   = ((ROUTING >= 1) && (route == R_MINAD)) || goal;  // adaptive + escape
    // the same from the second stage's copy (STAGES = 2; else the same wires' values)
    wire [2:0] route_w = (cfg_route_w == R_GAL) ? R_GOAL
                       : (cfg_route_w == R_ACOR) ? R_VAL : cfg_route_w;
    wire goal_w  = (ROUTING >= 3) && (route_w == R_GOAL) && (TOPO == 0);
    wire minad_w = ((ROUTING >= 1) && (route_w == R_MINAD)) || goal_w;
    wire val_w   = (ROUTING >= 2) && (route_w == R_VAL) &&
                   !(TOPO == 1 && cfg_route_w == R_ACOR);  // ACOR needs a torus: DOR (R19.5.3)
    wire cfg_bad = (cfg_route_w == R_CHAOS) || (cfg_route_w > R_ACOR) ||
                   (route_w > ROUTING[2:0]) || (TOPO == 1 && route_w == R_GOAL) ||
                   (TOPO == 1 && cfg_route_w == R_ACOR);

    wire [P-1:0] no_port;  // ports that do not exist (mesh edges)
    genvar gp, go, gi;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_port
            if (gp >= 1 && gp <= 2 * N) begin : g_net
                assign no_port[gp] = (gp % 2 == 1) ? no_plus[(gp - 1) / 2] : no_minus[(gp - 1) / 2];
            end else begin : g_tp
                assign no_port[gp] = 1'b0;
            end
        end
    endgenerate

    // ---- input units, each with the route unit of its arriving flits ----
    wire [PV-1:0]      front_head_ivc;
    wire [PV*RW-1:0]   front_rt_ivc;
    wire [P*FW-1:0]    win_flit;    // the front flit of the VC each input port sends from
    wire [PV*CNTW-1:0] cnt_ivc;
    wire [PV-1:0]      active_ivc;
    wire [PV*PW-1:0]   oport_ivc;
    wire [PV*VW-1:0]   ovc_ivc;
    wire [PV*P-1:0]    oport_oh_ivc_op;
    wire [PV*V-1:0]    ovc_oh_ivc_ov;
    wire [PV-1:0]      active_w_ivc; // active and ovc as the second stage reads them
    wire [PV*VW-1:0]   ovc_w_ivc;
    wire [P-1:0]       err_buf;
    wire [P-1:0]       in_gnt;      // input port sends a flit this cycle
    wire [P*VW-1:0]    in_vc;       // from this VC
    wire [P-1:0]       in_alloc;    // a head: it takes output VC (in_op, in_ov)
    wire [P*PW-1:0]    in_op;
    wire [P*P-1:0]     in_oh_ip_op;
    wire [P*VW-1:0]    in_ov;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_in
            localparam integer IPI = gp;
            localparam [PW-1:0] IP = IPI[PW-1:0];
            wire [FW-1:0] f = in_flit_i[gp*FW +: FW];
            // routing header of the arriving flit (section 20.3)
            wire [N-1:0]  quad;
            wire [AW-1:0] mid;
            wire          phase;
            if (XW > 0) begin : g_hdr
                assign quad  = f[`TN_F_QUAD +: N];
                assign mid   = f[`TN_F_MID +: AW];
                assign phase = f[`TN_F_PHASE];
            end else begin : g_nohdr
                assign quad  = {N{1'b0}};
                assign mid   = {AW{1'b0}};
                assign phase = 1'b0;
            end
            wire [P-1:0]   r_port_oh;
            wire [V-1:0]   r_mask;
            wire [2*N-1:0] r_prod;
            wire [AW-1:0]  r_hops;
            tn_route #(.K(K), .N(N), .V(V), .TERM(TERM), .TOPO(TOPO), .ROUTING(ROUTING),
                       .CW(CW), .P(P), .PW(PW)) u_rc (
                .coord_i   (coord_w),
                .dst_i     (f[`TN_F_DST +: AW]),
                .quad_i    (quad),
                .mid_i     (mid),
                .phase_i   (phase),
                .in_port_i (IP),
                .minad_i   (minad_w),
                .goal_i    (goal_w),
                .val_i     (val_w),
                .dateline_i(cfg_dateline_w),
                .port_o    (r_port_oh),
                .vc_mask_o (r_mask),
                .prod_o    (r_prod),
                .hops_o    (r_hops)
            );
            wire [RW-1:0] r_all;
            if (ROUTING >= 1) begin : g_rt_ad
                assign r_all = {r_hops, r_prod, r_mask, r_port_oh};
            end else begin : g_rt_dor
                assign r_all = {r_mask, r_port_oh};
                wire unused_rt = &{1'b0, r_hops, r_prod};
            end
            tn_input_unit #(.V(V), .B(B), .FW(FW), .RW(RW), .P(P), .PW(PW), .VW(VW),
                            .CNTW(CNTW), .CTX(CTX), .STAGES(STAGES)) u_iu (
                .clk_i         (clk_i),
                .rst_i         (rst_i),
                .ctx_i         (ctx_i),
                .wctx_i        (wctx_i),
                .nctx_i        (nctx_i),
                .ctx_we_i      (ctx_we_i),
                .cfg_buf_i     (cfg_buf_w),
                .in_valid_i    (in_valid_i[gp]),
                .in_vc_i       (in_vc_i[gp*VW +: VW]),
                .in_flit_i     (f),
                .in_route_i    (r_all),
                .pop_i         (in_gnt[gp]),
                .pop_vc_i      (in_vc[gp*VW +: VW]),
                .alloc_i       (in_alloc[gp]),
                .alloc_op_i    (in_op[gp*PW +: PW]),
                .alloc_op_oh_i (in_oh_ip_op[gp*P +: P]),
                .alloc_ov_i    (in_ov[gp*VW +: VW]),
                .front_head_o  (front_head_ivc[gp*V +: V]),
                .pop_flit_o    (win_flit[gp*FW +: FW]),
                .front_route_o (front_rt_ivc[gp*V*RW +: V*RW]),
                .cnt_o         (cnt_ivc[gp*V*CNTW +: V*CNTW]),
                .active_o      (active_ivc[gp*V +: V]),
                .oport_o       (oport_ivc[gp*V*PW +: V*PW]),
                .ovc_o         (ovc_ivc[gp*V*VW +: V*VW]),
                .oport_oh_o    (oport_oh_ivc_op[gp*V*P +: V*P]),
                .ovc_oh_o      (ovc_oh_ivc_ov[gp*V*V +: V*V]),
                .active_w_o    (active_w_ivc[gp*V +: V]),
                .ovc_w_o       (ovc_w_ivc[gp*V*VW +: V*VW]),
                .crd_valid_o   (in_crd_valid_o[gp]),
                .crd_vc_o      (in_crd_vc_o[gp*VW +: VW]),
                .err_buf_ovf_o (err_buf[gp])
            );
        end
    endgenerate

    // ---- output units ----
    localparam UW = `TN_SQW;   // sq key: the credit sum, 0..V*B (the table's width)
    localparam KW = (UW > 8) ? UW : 8;
    wire [PV*CNTW-1:0] credits_ovc;
    wire [PV-1:0]      busy_ovc;
    wire [P-1:0]       err_ovf, err_unf, err_reuse;
    wire [P*8-1:0]     lru_age, ldsf_cnt;
    wire [P*KW-1:0]    pkey;        // selection key of each output port (19.2)
    wire [P-1:0]       out_gnt;     // output port sends a flit this cycle
    wire [P*PW-1:0]    nxt_ip;      // (that input port + 1) mod P: sa2_ptr's next value
    wire [P*P-1:0]     out_oh_op_ip; // the same, one-hot
    wire [P*FW-1:0]    send_flit;
    wire [P*VW-1:0]    send_vc;
    wire [PV-1:0]      ou_alloc_ovc; // per output VC: a head takes it
    // output-VC availability, per output VC (6.3): from the output units
    wire [V-1:0]  amask = {V{1'b1}} << ((TOPO == 0 && cfg_dateline_q) ? 2 : 1);  // adaptive VCs
    wire [PV-1:0] take_ovc;       // a head may take it: idle, and a credit on a network port
    wire [PV-1:0] atake_ovc;      // adaptive: idle, credits >= cfg_acrd (a packet fits, R19.1.4)
    wire [PV-1:0] crd_nz_ovc;     // a credit (network ports)
    wire [P-1:0]  ou_afree;       // the port has an adaptive VC to take
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_out
            tn_output_unit #(.V(V), .B(B), .FW(FW), .TERMINAL((gp == 0 || gp > 2 * N) ? 1 : 0),
                             .SELST((ROUTING >= 1) ? 1 : 0), .SEL(SEL), .KW(KW),
                             .VW(VW), .CNTW(CNTW), .CTX(CTX), .STAGES(STAGES)) u_ou (
                .clk_i       (clk_i),
                .rst_i       (rst_i),
                .ctx_i       (ctx_i),
                .wctx_i      (wctx_i),
                .ctx_we_i    (ctx_we_i),
                .cfg_buf_i   (cfg_buf_w),
                .cfg_sel_i   (cfg_sel_q),
                .cfg_acrd_i  (cfg_acrd_q),
                .adaptive_i  (minad),
                .amask_i     (amask),
                .crd_valid_i (out_crd_valid_i[gp]),
                .crd_vc_i    (out_crd_vc_i[gp*VW +: VW]),
                .alloc_i     (ou_alloc_ovc[gp*V +: V]),
                .send_i      (out_gnt[gp]),
                .send_vc_i   (send_vc[gp*VW +: VW]),
                .send_flit_i (send_flit[gp*FW +: FW]),
                .credits_o   (credits_ovc[gp*V*CNTW +: V*CNTW]),
                .busy_o      (busy_ovc[gp*V +: V]),
                .take_o      (take_ovc[gp*V +: V]),
                .atake_o     (atake_ovc[gp*V +: V]),
                .crd_nz_o    (crd_nz_ovc[gp*V +: V]),
                .afree_o     (ou_afree[gp]),
                .out_valid_o (out_valid_o[gp]),
                .out_vc_o    (out_vc_o[gp*VW +: VW]),
                .out_flit_o  (out_flit_o[gp*FW +: FW]),
                .err_ovf_o   (err_ovf[gp]),
                .err_unf_o   (err_unf[gp]),
                .err_reuse_o (err_reuse[gp]),
                .lru_age_o   (lru_age[gp*8 +: 8]),
                .ldsf_cnt_o  (ldsf_cnt[gp*8 +: 8]),
                .key_o       (pkey[gp*KW +: KW])
            );
        end
    endgenerate

    // the network ports with an adaptive VC to take (R6.3.3), bit j = port j + 1
    wire [2*N-1:0] afree = ou_afree[2*N:1];
    assign afree_o = afree;
    wire [31:0] rng_q;   // the router RNG (19.4); built only with ROUTING >= 1

    // ---- per input VC: its request (6.4); ports one-hot ----
    wire [PV-1:0]     rq_body_ivc, rq_head_ivc, rq_adapt_ivc, order_err_ivc, port_err_ivc;
    wire [PV*P-1:0]   rq_port_ivc_op; // body: oport; head: the route port
    // tn_vc_req's requests and what it reads of the output VCs; PIPE=1 masks them by the grant
    // in flight (6.8), PIPE=0 passes them on
    wire [PV-1:0]     rq0_body_ivc, rq0_head_ivc, rq0_adapt_ivc;
    wire [PV*P-1:0]   rq0_port_ivc_op;
    wire [PV-1:0]     rq_take_ovc;
    wire [2*N-1:0]    rq_afree;
    wire [PV*V-1:0]   rq_rm_ivc_ov; // head: its route's VC set
    wire [PV*2*N-1:0] rq_prod_ivc; // the route's productive ports (adaptive)
    wire [PV*AW-1:0]  rq_hops_ivc; // and remaining hops
    generate
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_req
            if (ROUTING >= 1) begin : g_ad
                assign rq_prod_ivc[gi*2*N +: 2*N] = front_rt_ivc[gi*RW + P + V +: 2*N];
                assign rq_hops_ivc[gi*AW +: AW]   = front_rt_ivc[gi*RW + P + V + 2*N +: AW];
            end else begin : g_dor
                assign rq_prod_ivc[gi*2*N +: 2*N] = {2*N{1'b0}};
                assign rq_hops_ivc[gi*AW +: AW]   = {AW{1'b0}};
            end
            tn_vc_req #(.P(P), .V(V), .NP(2 * N), .HW(AW), .TOPO(TOPO),
                        .AD((ROUTING >= 1) ? 1 : 0), .RW(RW)) u_req (
                .nonempty_i  (|cnt_ivc[gi*CNTW +: CNTW]),
                .active_i    (active_ivc[gi]),
                .head_i      (front_head_ivc[gi]),
                .route_i     (front_rt_ivc[gi*RW +: RW]),
                .oport_i     (oport_oh_ivc_op[gi*P +: P]),
                .ovc_i       (ovc_oh_ivc_ov[gi*V +: V]),
                .take_ovc_i  (rq_take_ovc),
                .crd_nz_ovc_i(crd_nz_ovc),
                .no_port_i   (no_port),
                .afree_i     (rq_afree),
                .body_o      (rq0_body_ivc[gi]),
                .head_o      (rq0_head_ivc[gi]),
                .adapt_o     (rq0_adapt_ivc[gi]),
                .order_err_o (order_err_ivc[gi]),
                .port_err_o  (port_err_ivc[gi]),
                .port_o      (rq0_port_ivc_op[gi*P +: P]),
                .rm_o        (rq_rm_ivc_ov[gi*V +: V])
            );
        end
    endgenerate

    // ---- allocator pointers (owned here; 7.3); _w: as the second stage reads them ----
    wire [P*VW-1:0] sa1_ptr_q, sa1_ptr_w;
    wire [P*PW-1:0] sa2_ptr_q, sa2_ptr_w;

    // ---- switch allocation, iteration 1 (6.5): stage 1 and the selection per input port ----
    wire [P-1:0]    s1_valid;
    wire [P*VW-1:0] s1_vc;
    wire [P*V-1:0]  s1_vc_oh_ivc;
    wire [P*P-1:0]  s1_oh_ip_op;  // one-hot, 0 when no winner
    wire [P-1:0]    s1_adapt;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_s1
            localparam integer ROT = (7 * gp) % 32;
            wire [15:0] u;  // bits [15:0] of the RNG state rotated left by 7*ip (19.4)
            genvar gb;
            for (gb = 0; gb < 16; gb = gb + 1) begin : g_u
                assign u[gb] = rng_q[(gb - ROT + 32) % 32];
            end
            tn_sa_in1 #(.P(P), .V(V), .N(N), .CW(CW), .KW(KW), .AD((ROUTING >= 1) ? 1 : 0),
                        .SEL(SEL), .VW(VW)) u_in1 (
                .cfg_sel_i (cfg_sel_q),
                .sa1_ptr_i (sa1_ptr_q[gp*VW +: VW]),
                .body_i    (rq_body_ivc[gp*V +: V]),
                .head_i    (rq_head_ivc[gp*V +: V]),
                .adapt_i   (rq_adapt_ivc[gp*V +: V]),
                .port_i    (rq_port_ivc_op[gp*V*P +: V*P]),
                .prod_i    (rq_prod_ivc[gp*V*2*N +: V*2*N]),
                .afree_i   (rq_afree),
                .hops_i    (rq_hops_ivc[gp*V*AW +: V*AW]),
                .u_i       (u),
                .pkey_i    (pkey[KW +: 2*N*KW]),
                .valid_o   (s1_valid[gp]),
                .vc_o      (s1_vc[gp*VW +: VW]),
                .vc_oh_o   (s1_vc_oh_ivc[gp*V +: V]),
                .op_o      (s1_oh_ip_op[gp*P +: P]),
                .adapt_o   (s1_adapt[gp])
            );
        end
    endgenerate

    // ---- the engine's pipeline cut (STAGES = 2; a wire otherwise): what stage 1 of the
    // allocation and the requests give the rest of the cycle (docs/emulator.md section 7) ----
    localparam CUTW = P + P * VW + P * V + P * P + P + 4 * PV + PV * P + PV * V + 2 * PV;
    wire [P-1:0]    s1_valid_c, s1_adapt_c;
    wire [P*VW-1:0] s1_vc_c;
    wire [P*V-1:0]  s1_vc_oh_ivc_c;
    wire [P*P-1:0]  s1_oh_ip_op_c;
    wire [PV-1:0]   rq_body_ivc_c, rq_head_ivc_c, order_err_ivc_c, port_err_ivc_c;
    wire [PV-1:0]   take_ovc_c, atake_ovc_c;
    wire [PV*P-1:0] rq_port_ivc_op_c;
    wire [PV*V-1:0] rq_rm_ivc_ov_c;
    tn_cut #(.W(CUTW), .STAGES(STAGES)) u_cut (
        .clk_i(clk_i),
        .d_i  ({s1_valid, s1_vc, s1_vc_oh_ivc, s1_oh_ip_op, s1_adapt, rq_body_ivc, rq_head_ivc,
                order_err_ivc, port_err_ivc, rq_port_ivc_op, rq_rm_ivc_ov, take_ovc, atake_ovc}),
        .q_o  ({s1_valid_c, s1_vc_c, s1_vc_oh_ivc_c, s1_oh_ip_op_c, s1_adapt_c, rq_body_ivc_c,
                rq_head_ivc_c, order_err_ivc_c, port_err_ivc_c, rq_port_ivc_op_c, rq_rm_ivc_ov_c,
                take_ovc_c, atake_ovc_c}));

    wire [P-1:0]    g1_in, g1_out;
    wire [P*P-1:0]  g1_oh_op_ip;
    tn_sw_alloc #(.P(P), .NNET(2 * N), .PW(PW)) u_sa1 (
        .transit_i (cfg_transit_w),
        .oh_ip_op_i (s1_oh_ip_op_c),
        .sa2_ptr_i (sa2_ptr_w),
        .in_gnt_o  (g1_in),
        .out_gnt_o (g1_out),
        .oh_op_ip_o (g1_oh_op_ip)
    );

    // ---- the grants (6.5-6.8). al_*: the allocation's, this cycle's grants and per input port
    // what its grant sends (VC, output port, output VC, whether its head takes that VC); in_*,
    // out_*: the traversal's. PIPE=0: the same, two iterations traversed now. PIPE=1 (6.8): one
    // iteration, registered (mf_*) and traversed at the next clock; the allocation sees the grant
    // in flight through masks (R6.8.2, R6.8.3) ----
    wire [P-1:0]     al_in_gnt, al_out_gnt, al_alloc;
    wire [P*P-1:0]   al_out_oh;     // [op*P + ip]
    wire [P*VW-1:0]  al_vc, al_ov;
    wire [P*PW-1:0]  al_op;
    wire [P*P-1:0]   al_oh_ip_op;
    // what tn_send reads
    wire [P-1:0]     snd_g1, snd_gnt;
    wire [P*VW-1:0]  snd_s2_vc;
    wire [P*V-1:0]   snd_s2_vc_oh_ivc;
    wire [P*P-1:0]   snd_s2_oh_ip_op;
    wire [PV-1:0]    snd_take_ovc, snd_atake_ovc, snd_active_ivc;
    wire [PV*VW-1:0] snd_ovc_ivc;
    // PIPE=1's registers as observed (docs/microarchitecture.md 5; 0 under PIPE=0)
    wire [P-1:0]     ob_pv_gin, ob_pv_alloc;
    wire [P*VW-1:0]  ob_pv_vc, ob_pv_ov;
    wire [P*PW-1:0]  ob_pv_op;
    generate
        if (PIPE == 0) begin : g_it2
            // ---- iteration 2 (6.6): unmatched ports, requests that need no selection ----
            wire [P*VW-1:0] s2_vc;
            wire [P*V-1:0]  s2_vc_oh_ivc;
            wire [P*P-1:0]  s2_oh_ip_op;
            for (gp = 0; gp < P; gp = gp + 1) begin : g_s2
                tn_sa_in2 #(.P(P), .V(V), .VW(VW)) u_in2 (
                    .sa1_ptr_i (sa1_ptr_w[gp*VW +: VW]),
                    .g1_in_i   (g1_in[gp]),
                    .g1_out_i  (g1_out),
                    .body_i    (rq_body_ivc_c[gp*V +: V]),
                    .head_i    (rq_head_ivc_c[gp*V +: V]),
                    .port_i    (rq_port_ivc_op_c[gp*V*P +: V*P]),
                    .vc_o      (s2_vc[gp*VW +: VW]),
                    .vc_oh_o   (s2_vc_oh_ivc[gp*V +: V]),
                    .op_o      (s2_oh_ip_op[gp*P +: P])
                );
            end
            wire [P-1:0]    g2_in, g2_out;
            wire [P*P-1:0]  g2_oh_op_ip;
            tn_sw_alloc #(.P(P), .NNET(2 * N), .PW(PW)) u_sa2 (
                .transit_i (cfg_transit_w),
                .oh_ip_op_i (s2_oh_ip_op),
                .sa2_ptr_i (sa2_ptr_w),
                .in_gnt_o  (g2_in),
                .out_gnt_o (g2_out),
                .oh_op_ip_o (g2_oh_op_ip)
            );
            // ---- the grants of both iterations; per input port what it sends (6.7) ----
            assign al_out_gnt = g1_out | g2_out;
            assign al_in_gnt  = g1_in | g2_in;
            for (go = 0; go < P; go = go + 1) begin : g_oip
                assign al_out_oh[go*P +: P] = g1_out[go] ? g1_oh_op_ip[go*P +: P]
                                                         : g2_oh_op_ip[go*P +: P];
            end
            assign snd_g1           = g1_in;
            assign snd_gnt          = al_in_gnt;
            assign snd_s2_vc        = s2_vc;
            assign snd_s2_vc_oh_ivc = s2_vc_oh_ivc;
            assign snd_s2_oh_ip_op  = s2_oh_ip_op;
            assign snd_take_ovc     = take_ovc_c;
            assign snd_atake_ovc    = atake_ovc_c;
            assign snd_active_ivc   = active_w_ivc;
            assign snd_ovc_ivc      = ovc_w_ivc;
            // the requests as tn_vc_req makes them
            assign rq_take_ovc    = take_ovc;
            assign rq_afree       = afree;
            assign rq_body_ivc    = rq0_body_ivc;
            assign rq_head_ivc    = rq0_head_ivc;
            assign rq_adapt_ivc   = rq0_adapt_ivc;
            assign rq_port_ivc_op = rq0_port_ivc_op;
            // traversed now
            assign in_gnt       = al_in_gnt;
            assign in_vc        = al_vc;
            assign in_alloc     = al_alloc;
            assign in_op        = al_op;
            assign in_oh_ip_op  = al_oh_ip_op;
            assign in_ov        = al_ov;
            assign out_gnt      = al_out_gnt;
            assign out_oh_op_ip = al_out_oh;
            assign {ob_pv_gin, ob_pv_alloc, ob_pv_vc, ob_pv_ov, ob_pv_op} =
                   {(2 * P + 2 * P * VW + P * PW){1'b0}};
        end else begin : g_pipe
            // ---- PIPE=1 (6.8): the grant in flight, registered at the end of the cycle t that
            // allocates it and traversed in t+1 (R6.8.2) ----
            reg  [P-1:0]    mf_in_gnt, mf_in_alloc, mf_out_gnt;
            reg  [P*VW-1:0] mf_in_vc, mf_in_ov;
            reg  [P*PW-1:0] mf_in_op;
            reg  [P*P-1:0]  mf_in_oh;     // [ip*P + op]
            reg  [P*P-1:0]  mf_out_oh;    // [op*P + ip]
            always @(posedge clk_i) begin
                if (rst_i) begin
                    mf_in_gnt   <= {P{1'b0}};
                    mf_in_alloc <= {P{1'b0}};
                    mf_out_gnt  <= {P{1'b0}};
                end else begin
                    mf_in_gnt   <= g1_in;
                    mf_in_alloc <= al_alloc & g1_in;
                    mf_out_gnt  <= g1_out;
                end
                // read only beside a grant (compared only then, section 16)
                mf_in_vc  <= al_vc;
                mf_in_ov  <= al_ov;
                mf_in_op  <= al_op;
                mf_in_oh  <= al_oh_ip_op;
                mf_out_oh <= g1_oh_op_ip;
            end
            // taken (R6.8.3): the output VC the head in flight takes, decoded by the traversal's
            // own crossbar (ou_alloc_ovc); no head may take it, adaptively or not
            wire [PV-1:0] taken_ovc    = `TN_HOOK_PIPE_TAKEN(ou_alloc_ovc, PV);
            wire [PV-1:0] mk_take_ovc  = take_ovc & ~taken_ovc;
            wire [PV-1:0] mk_atake_ovc = atake_ovc & ~taken_ovc;
            for (go = 0; go < 2 * N; go = go + 1) begin : g_af
                assign rq_afree[go] = |mk_atake_ovc[(go + 1)*V +: V];
            end
            assign rq_take_ovc = mk_take_ovc;
            // sent and go (R6.8.4): the input VC in flight requests only as the body behind its
            // flit, for the same port, when that flit is not a tail, the VC holds another and
            // the output VC has another credit (or is on a terminal port)
            for (gp = 0; gp < P; gp = gp + 1) begin : g_mf
                wire go_on;
                tn_sa_goes_on #(.P(P), .V(V), .NP(2 * N), .VW(VW), .CNTW(CNTW)) u_goes_on (
                    .gnt_i         (mf_in_gnt[gp]),
                    .tail_i        (win_flit[gp*FW + `TN_F_TAIL]),
                    .vc_i          (mf_in_vc[gp*VW +: VW]),
                    .cnt_i         (cnt_ivc[gp*V*CNTW +: V*CNTW]),
                    .op_i          (mf_in_oh[gp*P +: P]),
                    .ov_i          (mf_in_ov[gp*VW +: VW]),
                    .credits_ovc_i (credits_ovc),
                    .ok_o          (go_on)
                );
                genvar gv;
                for (gv = 0; gv < V; gv = gv + 1) begin : g_v
                    localparam integer I  = gp * V + gv;
                    localparam integer VI = gv;
                    wire sent = mf_in_gnt[gp] && (mf_in_vc[gp*VW +: VW] == VI[VW-1:0]);
                    assign rq_body_ivc[I]  = sent ? go_on : rq0_body_ivc[I];
                    assign rq_head_ivc[I]  = !sent && rq0_head_ivc[I];
                    assign rq_adapt_ivc[I] = !sent && rq0_adapt_ivc[I];
                    assign rq_port_ivc_op[I*P +: P] = sent ? mf_in_oh[gp*P +: P]
                                                           : rq0_port_ivc_op[I*P +: P];
                    // to the output-VC choice the VC in flight is ACTIVE on its output VC
                    assign snd_active_ivc[I] = sent || active_w_ivc[I];
                    assign snd_ovc_ivc[I*VW +: VW] = sent ? mf_in_ov[gp*VW +: VW]
                                                          : ovc_w_ivc[I*VW +: VW];
                end
            end
            // one iteration (R6.8.1): its grants are the allocation's; the output VC is chosen
            // for stage 1's winner beside stage 2, from the masked availability (R6.8.5)
            assign al_in_gnt        = g1_in;
            assign al_out_gnt       = g1_out;
            assign al_out_oh        = g1_oh_op_ip;
            assign snd_g1           = {P{1'b1}};
            assign snd_gnt          = s1_valid_c;
            assign snd_s2_vc        = {P*VW{1'b0}};
            assign snd_s2_vc_oh_ivc = {P*V{1'b0}};
            assign snd_s2_oh_ip_op  = {P*P{1'b0}};
            assign snd_take_ovc     = mk_take_ovc;
            assign snd_atake_ovc    = mk_atake_ovc;
            // traversed at the next clock (R6.8.6)
            assign in_gnt       = mf_in_gnt;
            assign in_vc        = mf_in_vc;
            assign in_alloc     = mf_in_alloc;
            assign in_op        = mf_in_op;
            assign in_oh_ip_op  = mf_in_oh;
            assign in_ov        = mf_in_ov;
            assign out_gnt      = mf_out_gnt;
            assign out_oh_op_ip = mf_out_oh;
            assign ob_pv_gin   = mf_in_gnt;
            assign ob_pv_alloc = mf_in_alloc;
            assign ob_pv_vc    = mf_in_vc;
            assign ob_pv_ov    = mf_in_ov;
            assign ob_pv_op    = mf_in_op;
            wire unused_pipe = &{1'b0, rq_body_ivc_c, rq_head_ivc_c, rq_port_ivc_op_c,
                                 take_ovc_c, atake_ovc_c, sa1_ptr_w};
        end
        for (gp = 0; gp < P; gp = gp + 1) begin : g_win
            tn_send #(.P(P), .V(V), .NP(2 * N), .AD((ROUTING >= 1) ? 1 : 0), .PW(PW),
                      .VW(VW)) u_send (
                .g1_in_i    (snd_g1[gp]),
                .gnt_i      (snd_gnt[gp]),
                .s1_vc_i    (s1_vc_c[gp*VW +: VW]),
                .s1_vc_oh_i (s1_vc_oh_ivc_c[gp*V +: V]),
                .s1_op_i    (s1_oh_ip_op_c[gp*P +: P]),
                .s1_adapt_i (s1_adapt_c[gp]),
                .s2_vc_i    (snd_s2_vc[gp*VW +: VW]),
                .s2_vc_oh_i (snd_s2_vc_oh_ivc[gp*V +: V]),
                .s2_op_i    (snd_s2_oh_ip_op[gp*P +: P]),
                .take_ovc_i (snd_take_ovc),
                .atake_ovc_i(snd_atake_ovc),
                .rm_iv_ov_i (rq_rm_ivc_ov_c[gp*V*V +: V*V]),
                .active_i   (snd_active_ivc[gp*V +: V]),
                .ovc_i      (snd_ovc_ivc[gp*V*VW +: V*VW]),
                .vc_o       (al_vc[gp*VW +: VW]),
                .alloc_o    (al_alloc[gp]),
                .op_o       (al_op[gp*PW +: PW]),
                .op_oh_o    (al_oh_ip_op[gp*P +: P]),
                .ov_o       (al_ov[gp*VW +: VW])
            );
        end
    endgenerate

    // from each output port's one-hot grant, the index after the granted input port, wrapping
    tn_sa2_next #(.P(P), .PW(PW)) u_sa2_next (
        .oh_op_ip_i (al_out_oh),
        .nxt_ip_o   (nxt_ip)
    );

    // ---- crossbar: each output port takes its input port's flit, output VC, head flag; a
    // DOR-only build connects only the turns DOR takes (tn_crossbar's CONN, R8.6.3) ----
    wire [P*FW-1:0] xb_out;
    wire [P-1:0]    xb_alloc;
    tn_crossbar #(.P(P), .FW(FW), .N(N), .TERM(TERM), .ROUTING(ROUTING)) u_xb (
        .in_flit_i  (win_flit),
        .sel_op_ip_i (out_oh_op_ip),
        .out_flit_o (xb_out)
    );
    tn_crossbar #(.P(P), .FW(VW), .N(N), .TERM(TERM), .ROUTING(ROUTING)) u_xb_vc (
        .in_flit_i  (in_ov),
        .sel_op_ip_i (out_oh_op_ip),
        .out_flit_o (send_vc)
    );
    tn_crossbar #(.P(P), .FW(1), .N(N), .TERM(TERM), .ROUTING(ROUTING)) u_xb_alloc (
        .in_flit_i  (in_alloc),
        .sel_op_ip_i (out_oh_op_ip),
        .out_flit_o (xb_alloc)
    );
    generate
        for (go = 0; go < P; go = go + 1) begin : g_fix
            genvar gv;
            for (gv = 0; gv < V; gv = gv + 1) begin : g_alloc
                localparam integer VI = gv;
                assign ou_alloc_ovc[go*V + gv] = xb_alloc[go] &&
                                                 (send_vc[go*VW +: VW] == VI[VW-1:0]);
            end
        end
    endgenerate
    // VAL: a head leaving carries the phase in force here (section 20.1)
    tn_val_phase #(.P(P), .FW(FW), .AW(AW), .XW(XW), .MID(`TN_F_MID), .PHASE(`TN_F_PHASE),
                   .HEAD(HEAD)) u_val_phase (
        .val_i   (val_w),
        .coord_i (coord_w),
        .flit_i  (xb_out),
        .flit_o  (send_flit)
    );

    generate
        if (ROUTING >= 1) begin : g_rng
            tn_rng #(.CTX(CTX), .STAGES(STAGES)) u_rng (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .ctx_we_i(ctx_we_i),
                .seed_i(seed_i), .x_o(rng_q));
        end else begin : g_norng
            assign rng_q = 32'd0;
            wire unused_rng = &{1'b0, seed_i};
        end
    endgenerate

    // ---- pointer and error registers ----
    // read only by some configurations (terminal ports keep no selection state; DOR-only builds)
    // (a torus has no missing port: port_err is 0 there, tn_vc_req)
    // (terminal ports have no adaptive VC: ou_afree's bits 0 and above 2N are 0)
    wire unused_sig = &{1'b0, lru_age, ldsf_cnt, cfg_sel_q, pkey, oport_ivc,
                        s1_valid_c, ou_afree, sa2_ptr_q, ovc_ivc, active_ivc[0]};
    reg [P*VW-1:0] sa1_ptr_d;
    reg [P*PW-1:0] sa2_ptr_d;
    integer j;
    always @(*) begin
        sa1_ptr_d = sa1_ptr_w;
        sa2_ptr_d = sa2_ptr_w;
        for (j = 0; j < P; j = j + 1) begin
            // the pointer moves past the VC that won the switch, with the allocation (R6.7.8;
            // under PIPE=1 at the end of the cycle that allocates, R6.8.2)
            if (`TN_HOOK_SA1_PTR(al_in_gnt[j], s1_valid_c[j]))
                sa1_ptr_d[j*VW +: VW] =
                    (`TN_HOOK_SA1_PTR__VC(al_vc[j*VW +: VW], al_in_gnt[j], s1_vc_c[j*VW +: VW])
                     == VLAST) ? {VW{1'b0}}
                    : `TN_HOOK_SA1_PTR__VC(al_vc[j*VW +: VW], al_in_gnt[j], s1_vc_c[j*VW +: VW])
                      + 1'b1;
            if (al_out_gnt[j])
                sa2_ptr_d[j*PW +: PW] = nxt_ip[j*PW +: PW];
        end
    end
    wire [EW-1:0] err_w;
    wire [EW-1:0] err_c = {cfg_bad, (TOPO == 1) && |port_err_ivc_c, |err_reuse,
                           |order_err_ivc_c, |err_buf, |err_unf, |err_ovf};  // R13.1, this cycle
    wire [EW-1:0] err_d;
    wire [EW-1:0] errc_o;   // PIPE=1: errc_q (observed); PIPE=0: 0
    generate
        if (PIPE == 0) begin : g_err
            assign err_d  = err_w | err_c;
            assign errc_o = {EW{1'b0}};
        end else begin : g_errc
            // R13.2 under PIPE=1: the conditions registered, ORed into err at the next clock
            reg [EW-1:0] errc_q;
            always @(posedge clk_i)
                errc_q <= rst_i ? {EW{1'b0}} : err_c;
            assign err_d  = err_w | errc_q;
            assign errc_o = errc_q;
        end
    endgenerate
    localparam SW2 = P * VW + P * PW + EW;
    tn_ctx_reg #(.W(SW2), .CTX(CTX), .STAGES(STAGES)) u_ptr (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({SW2{1'b0}}),
        .d_i  ({sa1_ptr_d, sa2_ptr_d, err_d}),
        .q_o  ({sa1_ptr_q, sa2_ptr_q, err_o}),
        .qw_o ({sa1_ptr_w, sa2_ptr_w, err_w}));

    // the observation bus of docs/microarchitecture.md 16: each field at its offset and width
    // (rtl/common/tn_defs.tbl: `TN_O_<FIELD> its LSB, `TN_O_<FIELD>_W its width)
    assign obs_o[`TN_O_IN_CNT      +: `TN_O_IN_CNT_W]      = cnt_ivc;
    assign obs_o[`TN_O_IN_STATE    +: `TN_O_IN_STATE_W]    = active_ivc;
    assign obs_o[`TN_O_IN_OPORT    +: `TN_O_IN_OPORT_W]    = oport_ivc;
    assign obs_o[`TN_O_IN_OVC      +: `TN_O_IN_OVC_W]      = ovc_ivc;
    assign obs_o[`TN_O_OUT_CREDITS +: `TN_O_OUT_CREDITS_W] = credits_ovc;
    assign obs_o[`TN_O_OUT_BUSY    +: `TN_O_OUT_BUSY_W]    = busy_ovc;
    assign obs_o[`TN_O_SA1_PTR     +: `TN_O_SA1_PTR_W]     = sa1_ptr_q;
    assign obs_o[`TN_O_SA2_PTR     +: `TN_O_SA2_PTR_W]     = sa2_ptr_q;
    assign obs_o[`TN_O_LRU_AGE     +: `TN_O_LRU_AGE_W]     = lru_age[8 +: NNET*8];   // network
    assign obs_o[`TN_O_LDSF_CNT    +: `TN_O_LDSF_CNT_W]    = ldsf_cnt[8 +: NNET*8];  // ports only
    assign obs_o[`TN_O_RNG         +: `TN_O_RNG_W]         = rng_q;
    assign obs_o[`TN_O_PV_GIN      +: `TN_O_PV_GIN_W]      = ob_pv_gin;
    assign obs_o[`TN_O_PV_VC       +: `TN_O_PV_VC_W]       = ob_pv_vc;
    assign obs_o[`TN_O_PV_OP       +: `TN_O_PV_OP_W]       = ob_pv_op;
    assign obs_o[`TN_O_PV_OV       +: `TN_O_PV_OV_W]       = ob_pv_ov;
    assign obs_o[`TN_O_PV_ALLOC    +: `TN_O_PV_ALLOC_W]    = ob_pv_alloc;
    assign obs_o[`TN_O_ERRC        +: `TN_O_ERRC_W]        = errc_o;

`ifdef TN_FV_ROUTER
    // Formal only: the switch allocation's grants (F5.1 of rtl/formal/tn_router_fv.sv), stated
    // here because they read the router's internal wires, and the checker's assumption that a
    // head arrives only with a route the crossbar connects (an upstream routing by the same
    // algorithm never makes a turn that DOR does not take, R8.6.1).
    generate
        if (CTX == 1 && STAGES == 1 && PIPE == 0) begin : g_fv
            integer fo, fi, fv;
            reg [P-1:0] f_sel;   // per input port: some output port's grant names it
            reg [P-1:0] f_two;   // per input port: two output ports' grants name it
            // the checker resets the router in its first cycle: only the initial state is
            // meaningless (a register of our own would let induction start from an f_ok of 0)
            wire        f_ok = !$initstate;
            // the crossbar's connections (tn_crossbar's CONN), read back from one whose input
            // port ip carries the one-hot ip and whose selects are all set: [op*P + ip]
            reg [P*P-1:0]  f_id;
            wire [P*P-1:0] f_conn;
            integer fk;
            always @* begin
                f_id = {P*P{1'b0}};
                for (fk = 0; fk < P; fk = fk + 1)
                    f_id[fk*P + fk] = 1'b1;
            end
            tn_crossbar #(.P(P), .FW(P), .N(N), .TERM(TERM), .ROUTING(ROUTING)) u_fv_conn (
                .in_flit_i  (f_id),
                .sel_op_ip_i({P*P{1'b1}}),
                .out_flit_o (f_conn)
            );
            always @* begin
                f_sel = {P{1'b0}};
                f_two = {P{1'b0}};
                for (fi = 0; fi < P; fi = fi + 1) begin
                    if (in_valid_i[fi] && in_flit_i[fi*FW + HEAD])
                        for (fo = 0; fo < P; fo = fo + 1)
                            if (g_in[fi].r_port_oh[fo]) assume (f_conn[fo*P + fi]);
                    // the route unit gives an arriving flit one output port
                    if (f_ok && in_valid_i[fi])
                        assert (g_in[fi].r_port_oh != {P{1'b0}} &&
                                (g_in[fi].r_port_oh & (g_in[fi].r_port_oh - 1'b1)) == {P{1'b0}});
                end
                if (f_ok) for (fo = 0; fo < P; fo = fo + 1) begin
                    // one input port per output port, and the grant flag says whether there is one
                    assert ((out_oh_op_ip[fo*P +: P] & (out_oh_op_ip[fo*P +: P] - 1'b1))
                            == {P{1'b0}});
                    assert (out_gnt[fo] == |out_oh_op_ip[fo*P +: P]);
                    f_two = f_two | (f_sel & out_oh_op_ip[fo*P +: P]);
                    f_sel = f_sel | out_oh_op_ip[fo*P +: P];
                end
                // the configuration registers hold the (constant) configuration inputs
                if (f_ok) assert ({cfg_buf_q, cfg_acrd_q, cfg_route_q, cfg_sel_q, cfg_dateline_q,
                                   cfg_transit_q, coord_q} ==
                                  {cfg_buf_i, cfg_acrd_i, cfg_route_i, cfg_sel_i, cfg_dateline_i,
                                   cfg_transit_i, coord_i});
                // an active input VC's output port and VC, and their one-hot copies, agree
                if (f_ok) for (fi = 0; fi < PV; fi = fi + 1)
                    if (active_ivc[fi]) begin
                        assert (oport_ivc[fi*PW +: PW] < P && ovc_ivc[fi*VW +: VW] < V);
                        for (fo = 0; fo < P; fo = fo + 1)
                            assert (oport_oh_ivc_op[fi*P + fo] ==
                                    (oport_ivc[fi*PW +: PW] == fo[PW-1:0]));
                        for (fv = 0; fv < V; fv = fv + 1)
                            assert (ovc_oh_ivc_ov[fi*V + fv] ==
                                    (ovc_ivc[fi*VW +: VW] == fv[VW-1:0]));
                    end
                if (f_ok) for (fi = 0; fi < P; fi = fi + 1) begin
                    // one output port per input port, and only an input port that sends
                    assert (!f_two[fi]);
                    assert (in_gnt[fi] == f_sel[fi]);
                    // only to a requester: the VC that sends holds a flit and requests that port
                    for (fv = 0; fv < V; fv = fv + 1)
                        if (in_gnt[fi] && in_vc[fi*VW +: VW] == fv[VW-1:0]) begin
                            assert (cnt_ivc[(fi*V + fv)*CNTW +: CNTW] != {CNTW{1'b0}});
                            assert (rq_body_ivc[fi*V + fv] || rq_head_ivc[fi*V + fv] ||
                                    rq_adapt_ivc[fi*V + fv]);
                            if (ROUTING == 0)
                                for (fo = 0; fo < P; fo = fo + 1)
                                    if (out_oh_op_ip[fo*P + fi])
                                        assert (rq_port_ivc_op[(fi*V + fv)*P + fo]);
                        end
                    // a head takes only an output VC that is free to take (6.3)
                    for (fo = 0; fo < P; fo = fo + 1)
                        for (fv = 0; fv < V; fv = fv + 1)
                            if (in_gnt[fi] && in_alloc[fi] && in_op[fi*PW +: PW] == fo[PW-1:0] &&
                                in_ov[fi*VW +: VW] == fv[VW-1:0])
                                assert (take_ovc[fo*V + fv]);
                end
            end
        end
    endgenerate
`endif
endmodule
