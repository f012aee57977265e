// SPDX-License-Identifier: MIT
// Router (cmodel/src/router.c): P input units, route computation per input VC, separable VC and
// switch allocators, crossbar, P output units, the allocator pointers and the sticky error vector.
// One cycle = docs/microarchitecture.md section 6. The node's coordinates are an input, so one
// module (and one Verilated model) serves every node.
`include "tn_defs.vh"
module tn_router #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16 (2 or more on a torus with DOR)
    parameter B       = 8,   // flits per VC buffer, 1..64
    parameter W       = 32,  // payload bits, 1..64
    parameter TERM    = 1,   // terminal channels per node, 1..4
    parameter TOPO    = 0,   // 0 torus, 1 mesh
    parameter ROUTING = 0,   // most capable algorithm built: 0 DOR, 1 + MIN AD, 2 + VAL, 3 + GOAL
    parameter SEL     = -1   // -1: selection by cfg_sel_i at run time; 0..5: fixed (19.5)
) (
    input  wire              clk_i,
    input  wire              rst_i,
    input  wire [`TN_AW-1:0] coord_i,
    input  wire [`TN_CNTW-1:0] cfg_buf_i,      // flits used per VC buffer, 1..B (run time)
    input  wire [2:0]        cfg_route_i,    // enum tn_routing: dor minad val goal gal (19.5)
    input  wire [2:0]        cfg_sel_i,      // enum tn_selection (19.5)
    input  wire              cfg_dateline_i, // 1: dateline classes
    input  wire              cfg_transit_i,  // 1: in-transit priority in VA/SA stage 2 (7.4)
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
    output reg  [`TN_EW-1:0] err_o,
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
    localparam IVW  = `TN_IVW;
    localparam CNTW = `TN_CNTW;
    localparam NNET = `TN_NNET;
    localparam EW   = `TN_EW;
    // One copy of the router's code serves every node: keeps Verilator builds short.
    /* verilator no_inline_module */
    // ---- elaboration checks: an undefined module whose name states the rule ----
    generate
        if (K < 2 || K > 64) begin : g_chk_k
            tn_error_K_must_be_2_to_64 u_err ();
        end
        if (N < 1 || N > 4) begin : g_chk_n
            tn_error_N_must_be_1_to_4 u_err ();
        end
        if (V < 1 || V > 16) begin : g_chk_v
            tn_error_V_must_be_1_to_16 u_err ();
        end
        if (TOPO == 0 && ROUTING == 0 && V < 2) begin : g_chk_vmin
            tn_error_V_below_2_for_dor_on_a_torus u_err ();
        end
        if (TOPO == 0 && ROUTING >= 1 && V < 3) begin : g_chk_vmin_minad
            tn_error_V_below_3_for_minad_on_a_torus u_err ();
        end
        if (TOPO == 1 && ROUTING >= 1 && V < 2) begin : g_chk_vmin_minad_mesh
            tn_error_V_below_2_for_minad_on_a_mesh u_err ();
        end
        if (SEL < -1 || SEL > 5) begin : g_chk_sel
            tn_error_SEL_must_be_minus1_runtime_or_0_to_5 u_err ();
        end
        if (B < 1 || B > 64) begin : g_chk_b
            tn_error_B_must_be_1_to_64 u_err ();
        end
        if (W < 1 || W > 64) begin : g_chk_w
            tn_error_W_must_be_1_to_64 u_err ();
        end
        if (TERM < 1 || TERM > 4) begin : g_chk_term
            tn_error_TERM_must_be_1_to_4 u_err ();
        end
        if (TOPO < 0 || TOPO > 1) begin : g_chk_topo
            tn_error_TOPO_must_be_0_torus_or_1_mesh u_err ();
        end
        if (ROUTING < 0 || ROUTING > 3) begin : g_chk_routing
            tn_error_ROUTING_must_be_0_dor_1_minad_2_val_or_3_goal u_err ();
        end
        if (TOPO == 0 && ROUTING >= 2 && V < 4) begin : g_chk_vmin_val
            tn_error_V_below_4_for_val_on_a_torus u_err ();
        end
    endgenerate

    // ---- run-time configuration registers (section 19.5): a copy of each cfg_*_i and of coord_i,
    // loaded every cycle (no reset; rst_i is held for at least two cycles, section 12). The rest
    // of the router reads only the copies: no combinational path starts at a configuration input.
    reg [CNTW-1:0] cfg_buf_q;
    reg [2:0]      cfg_route_q, cfg_sel_q;
    reg            cfg_dateline_q, cfg_transit_q;
    reg [AW-1:0]   coord_q;
    always @(posedge clk_i) begin
        cfg_buf_q      <= cfg_buf_i;
        cfg_route_q    <= cfg_route_i;
        cfg_sel_q      <= cfg_sel_i;
        cfg_dateline_q <= cfg_dateline_i;
        cfg_transit_q  <= cfg_transit_i;
        coord_q        <= coord_i;
    end

    localparam PV = P * V;
    localparam HEAD = `TN_F_HEAD;
    localparam integer PL = P - 1;
    localparam integer PVL = PV - 1;
    localparam integer VL = V - 1;
    localparam integer KL = K - 1;
    localparam [PW-1:0]  PLAST  = PL[PW-1:0];
    localparam [IVW-1:0] PVLAST = PVL[IVW-1:0];
    localparam [VW-1:0]  VLAST  = VL[VW-1:0];
    localparam [CW-1:0]  KLAST  = KL[CW-1:0];

    // ports of each dimension and whether they exist (a mesh has no wrap links)
    wire [N*PW-1:0] port_plus, port_minus;
    wire [N-1:0]    no_plus, no_minus;
    genvar gd;
    generate
        for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
            localparam integer PP = 2 * gd + 1;
            localparam integer PM = 2 * gd + 2;
            assign port_plus[gd*PW +: PW]  = PP[PW-1:0];
            assign port_minus[gd*PW +: PW] = PM[PW-1:0];
            assign no_plus[gd]  = (TOPO == 1) && (coord_q[gd*CW +: CW] == KLAST);
            assign no_minus[gd] = (TOPO == 1) && (coord_q[gd*CW +: CW] == {CW{1'b0}});
        end
    endgenerate

    // ---- run-time routing (19.5) ----
    // GAL packets route as GOAL inside their quadrant (21); CHAOS and ACOR are not built here
    localparam [2:0] R_MINAD = `TN_ROUTING_MINAD, R_VAL = `TN_ROUTING_VAL,
                     R_GOAL = `TN_ROUTING_GOAL, R_GAL = `TN_ROUTING_GAL;
    wire [2:0] route = (cfg_route_q == R_GAL) ? R_GOAL : cfg_route_q;
    wire goal    = (ROUTING >= 3) && (route == R_GOAL) && (TOPO == 0);
    wire minad   = ((ROUTING >= 1) && (route == R_MINAD)) || goal;  // adaptive + escape
    wire val     = (ROUTING >= 2) && (route == R_VAL);
    wire cfg_bad = (cfg_route_q > R_GAL) || (route > ROUTING[2:0]) ||
                   (TOPO == 1 && route == R_GOAL);

    // ---- input units ----
    wire [PV*FW-1:0]   front;
    wire [PV*CNTW-1:0] cnt;
    wire [PV-1:0]      active;
    wire [PV*PW-1:0]   oport;
    wire [PV*VW-1:0]   ovc;
    wire [P-1:0]       err_buf;
    wire [PV-1:0]      va_gnt;
    wire [PV*VW-1:0]   va_ov;
    wire [PV*PW-1:0]   rt_port;   // DOR / escape port (or ejection)
    wire [PV*V-1:0]    rt_mask;
    wire [PV*2*N-1:0]  rt_prod;   // productive network ports (MIN AD)
    wire [PV*AW-1:0]   rt_hops;   // remaining hops per dimension (CW bits each)
    wire [PV*PW-1:0]   fin_port;  // port the VC requests: selected adaptive port or rt_port
    wire [P-1:0]       sa_in_gnt;
    wire [P*VW-1:0]    sa_in_vc;
    wire [P-1:0]       sa_in_vc_valid;

    genvar gp, gv;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_in
            tn_input_unit #(.V(V), .B(B), .FW(FW), .PW(PW), .VW(VW), .CNTW(CNTW)) u_iu (
                .clk_i         (clk_i),
                .rst_i         (rst_i),
                .cfg_buf_i     (cfg_buf_q),
                .in_valid_i    (in_valid_i[gp]),
                .in_vc_i       (in_vc_i[gp*VW +: VW]),
                .in_flit_i     (in_flit_i[gp*FW +: FW]),
                .va_gnt_i      (va_gnt[gp*V +: V]),
                .va_op_i       (fin_port[gp*V*PW +: V*PW]),
                .va_ov_i       (va_ov[gp*V*VW +: V*VW]),
                .pop_i         (sa_in_gnt[gp]),
                .pop_vc_i      (sa_in_vc[gp*VW +: VW]),
                .front_o       (front[gp*V*FW +: V*FW]),
                .cnt_o         (cnt[gp*V*CNTW +: V*CNTW]),
                .active_o      (active[gp*V +: V]),
                .oport_o       (oport[gp*V*PW +: V*PW]),
                .ovc_o         (ovc[gp*V*VW +: V*VW]),
                .crd_valid_o   (in_crd_valid_o[gp]),
                .crd_vc_o      (in_crd_vc_o[gp*VW +: VW]),
                .err_buf_ovf_o (err_buf[gp])
            );
            for (gv = 0; gv < V; gv = gv + 1) begin : g_rc
                localparam integer IPI = gp;
                localparam [PW-1:0] IP = IPI[PW-1:0];
                // routing header of the front flit (section 20.3)
                wire [N-1:0]  quad;
                wire [AW-1:0] mid;
                wire          phase;
                if (XW > 0) begin : g_hdr
                    assign quad  = front[(gp*V+gv)*FW + `TN_F_QUAD +: N];
                    assign mid   = front[(gp*V+gv)*FW + `TN_F_MID +: AW];
                    assign phase = front[(gp*V+gv)*FW + `TN_F_PHASE];
                end else begin : g_nohdr
                    assign quad  = {N{1'b0}};
                    assign mid   = {AW{1'b0}};
                    assign phase = 1'b0;
                end
                tn_route #(.K(K), .N(N), .V(V), .TERM(TERM), .TOPO(TOPO), .CW(CW), .P(P),
                           .PW(PW)) u_rc (
                    .coord_i   (coord_q),
                    .dst_i     (front[(gp*V+gv)*FW + `TN_F_DST +: AW]),
                    .quad_i    (quad),
                    .mid_i     (mid),
                    .phase_i   (phase),
                    .in_port_i (IP),
                    .minad_i   (minad),
                    .goal_i    (goal),
                    .val_i     (val),
                    .dateline_i(cfg_dateline_q),
                    .port_o    (rt_port[(gp*V+gv)*PW +: PW]),
                    .vc_mask_o (rt_mask[(gp*V+gv)*V +: V]),
                    .prod_o    (rt_prod[(gp*V+gv)*2*N +: 2*N]),
                    .hops_o    (rt_hops[(gp*V+gv)*AW +: AW])
                );
            end
        end
    endgenerate

    // ---- output units ----
    wire [PV*CNTW-1:0] credits;
    wire [PV-1:0]      busy;
    wire [P-1:0]       err_ovf, err_unf, err_reuse;
    wire [P*8-1:0]     lru_age, ldsf_cnt;
    wire [PV-1:0]      ogrant;
    wire [PV*IVW-1:0]  oidx;
    wire [P-1:0]       sa_out_gnt;
    wire [P*PW-1:0]    sa_out_ip;
    wire [P*FW-1:0]    xb_in, xb_out, xb_fix;
    wire [P*VW-1:0]    send_vc;

    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_out
            tn_output_unit #(.V(V), .B(B), .FW(FW), .TERMINAL((gp == 0 || gp > 2 * N) ? 1 : 0),
                             .SELST((ROUTING >= 1) ? 1 : 0),
                             .VW(VW), .CNTW(CNTW)) u_ou (
                .clk_i       (clk_i),
                .rst_i       (rst_i),
                .cfg_buf_i   (cfg_buf_q),
                .crd_valid_i (out_crd_valid_i[gp]),
                .crd_vc_i    (out_crd_vc_i[gp*VW +: VW]),
                .alloc_i     (ogrant[gp*V +: V]),
                .send_i      (sa_out_gnt[gp]),
                .send_vc_i   (send_vc[gp*VW +: VW]),
                .send_flit_i (xb_fix[gp*FW +: FW]),
                .credits_o   (credits[gp*V*CNTW +: V*CNTW]),
                .busy_o      (busy[gp*V +: V]),
                .out_valid_o (out_valid_o[gp]),
                .out_vc_o    (out_vc_o[gp*VW +: VW]),
                .out_flit_o  (out_flit_o[gp*FW +: FW]),
                .err_ovf_o   (err_ovf[gp]),
                .err_unf_o   (err_unf[gp]),
                .err_reuse_o (err_reuse[gp]),
                .lru_age_o   (lru_age[gp*8 +: 8]),
                .ldsf_cnt_o  (ldsf_cnt[gp*8 +: 8])
            );
        end
    endgenerate

    // ---- allocator pointers (owned here; 7.2, 7.3) ----
    reg [PV*VW-1:0]  va1_ptr_q;
    reg [PV*IVW-1:0] va2_ptr_q;
    reg [P*VW-1:0]   sa1_ptr_q;
    reg [P*PW-1:0]   sa2_ptr_q;

    // ---- RC + VA requests (6.3, 6.4), SA requests (6.5) ----
    wire [P-1:0]   is_term;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_term
            assign is_term[gp] = (gp == 0) || (gp > 2 * N);
        end
    endgenerate

    // output VCs with at least one credit
    wire [PV-1:0] crd_nz;
    genvar go;
    generate
        for (go = 0; go < PV; go = go + 1) begin : g_crd
            assign crd_nz[go] = |credits[go*CNTW +: CNTW];
        end
    endgenerate

    // ---- MIN AD: free adaptive VCs per port, selection metrics, router RNG (19.1-19.4) ----
    localparam UW = $clog2(V * B + 1);
    wire [V-1:0]  amask = {V{1'b1}} << ((TOPO == 0 && cfg_dateline_q) ? 2 : 1);
    wire [PV-1:0] aok;            // adaptive output VC not busy and downstream buffer empty
    wire [2*N-1:0] afree;         // network port has such a VC
    wire [2*N*UW-1:0] used;       // occupied downstream slots per network port
    generate
        for (go = 0; go < PV; go = go + 1) begin : g_aok
            assign aok[go] = amask[go % V] && !busy[go] && (credits[go*CNTW +: CNTW] == cfg_buf_q);
        end
        for (gp = 0; gp < 2 * N; gp = gp + 1) begin : g_used
            reg [UW-1:0] u;
            integer v;
            always @(*) begin
                u = {UW{1'b0}};
                for (v = 0; v < V; v = v + 1)
                    u = u + {{(UW-CNTW){1'b0}}, cfg_buf_q - credits[((gp+1)*V + v)*CNTW +: CNTW]};
            end
            assign used[gp*UW +: UW] = u;
            assign afree[gp] = |aok[(gp+1)*V +: V];
        end
    endgenerate
    wire [31:0] rng_q;   // the router RNG (19.4); built only with ROUTING >= 1
    wire [31:0] rng_x1 = rng_q ^ (rng_q << 13);   // xorshift32 (13, 17, 5), section 11
    wire [31:0] rng_x2 = rng_x1 ^ (rng_x1 >> 17);
    wire [31:0] rng_x3 = rng_x2 ^ (rng_x2 << 5);
    localparam JW = (2 * N > 1) ? $clog2(2 * N) : 1;

    // per input VC: RC + VA request (6.3, 6.4) and SA request (6.5), small independent blocks
    wire [PV-1:0]   va_req, sa_req, order_err, port_err;
    wire [PV*V-1:0] va_free;
    genvar gi;
    generate
        for (gi = 0; gi < PV; gi = gi + 1) begin : g_req
            // MIN AD: an adaptive port if one is free (selection), else the escape route
            wire [2*N-1:0] cand = rt_prod[gi*2*N +: 2*N] & afree;
            wire           adapt = minad && (|cand);
            wire [PW-1:0]  apick;
            if (ROUTING >= 1) begin : g_sel
                localparam integer ROT = (7 * gi) % 32;
                wire [15:0] u;  // bits [15:0] of the RNG state rotated left by ROT (19.4)
                genvar gb;
                for (gb = 0; gb < 16; gb = gb + 1) begin : g_u
                    assign u[gb] = rng_q[(gb - ROT + 32) % 32];
                end
                wire [JW-1:0] j;
                tn_select #(.N(N), .HW(CW), .UW(UW), .SEL(SEL)) u_sel (
                    .cfg_sel_i (cfg_sel_q),
                    .cand_i    (cand),
                    .u_i       (u),
                    .hops_i    (rt_hops[gi*AW +: AW]),
                    .age_i     (lru_age[8 +: 2*N*8]),
                    .cnt_i     (ldsf_cnt[8 +: 2*N*8]),
                    .used_i    (used),
                    .pick_o    (j)
                );
                reg [PW-1:0] ap;  // port j + 1
                integer q;
                always @(*) begin
                    ap = {PW{1'b0}};
                    for (q = 0; q < 2 * N; q = q + 1)
                        if (j == q[JW-1:0]) ap = q[PW-1:0] + 1'b1;
                end
                assign apick = ap;
            end else begin : g_nosel
                assign apick = {PW{1'b0}};
            end
            wire [PW-1:0] rp = adapt ? apick : rt_port[gi*PW +: PW];
            assign fin_port[gi*PW +: PW] = rp;
            wire [PW-1:0] op = oport[gi*PW +: PW];
            wire [VW-1:0] ov = ovc[gi*VW +: VW];
            wire nonempty = |cnt[gi*CNTW +: CNTW];
            wire head = front[gi*FW + HEAD];
            wire idle = nonempty && !active[gi];
            reg [V-1:0] busy_rp, aok_rp, crd_op;
            reg         no_port, term_op;
            integer p, d;
            always @(*) begin
                busy_rp = {V{1'b0}};
                aok_rp  = {V{1'b0}};
                crd_op  = {V{1'b0}};
                term_op = 1'b0;
                for (p = 0; p < P; p = p + 1) begin
                    if (rp == p[PW-1:0]) begin
                        busy_rp = busy[p*V +: V];
                        aok_rp  = aok[p*V +: V];
                    end
                    if (op == p[PW-1:0]) begin
                        crd_op  = crd_nz[p*V +: V];
                        term_op = is_term[p];
                    end
                end
                no_port = 1'b0;  // a mesh port at the edge does not exist
                for (d = 0; d < N; d = d + 1)
                    if ((rp == port_plus[d*PW +: PW] && no_plus[d]) ||
                        (rp == port_minus[d*PW +: PW] && no_minus[d]))
                        no_port = 1'b1;
            end
            assign order_err[gi] = idle && !head;
            assign port_err[gi]  = idle && head && no_port;
            assign va_req[gi]    = idle && head && !no_port;
            assign va_free[gi*V +: V] = adapt ? aok_rp : (rt_mask[gi*V +: V] & ~busy_rp);
            assign sa_req[gi] = nonempty && active[gi] && (term_op || crd_op[ov]);
        end
    endgenerate

    tn_vc_alloc #(.P(P), .V(V), .NNET(2 * N), .PW(PW), .VW(VW), .IVW(IVW)) u_va (
        .transit_i (cfg_transit_q),
        .req_i     (va_req),
        .op_i      (fin_port),
        .free_i    (va_free),
        .va1_ptr_i (va1_ptr_q),
        .va2_ptr_i (va2_ptr_q),
        .gnt_o     (va_gnt),
        .ov_o      (va_ov),
        .ogrant_o  (ogrant),
        .oidx_o    (oidx)
    );

    tn_sw_alloc #(.P(P), .V(V), .NNET(2 * N), .PW(PW), .VW(VW)) u_sa (
        .transit_i     (cfg_transit_q),
        .req_i         (sa_req),
        .op_i          (oport),
        .sa1_ptr_i     (sa1_ptr_q),
        .sa2_ptr_i     (sa2_ptr_q),
        .in_vc_valid_o (sa_in_vc_valid),
        .in_vc_o       (sa_in_vc),
        .in_gnt_o      (sa_in_gnt),
        .out_gnt_o     (sa_out_gnt),
        .out_ip_o      (sa_out_ip)
    );

    // front flit of each input port's stage-1 winner, and the output VC it holds
    wire [P*FW-1:0] win_flit;
    wire [P*VW-1:0] win_ovc;
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_win
            reg [FW-1:0] f;
            reg [VW-1:0] o;
            integer v;
            always @(*) begin
                f = front[gp*V*FW +: FW];
                o = ovc[gp*V*VW +: VW];
                for (v = 1; v < V; v = v + 1)
                    if (sa_in_vc[gp*VW +: VW] == v[VW-1:0]) begin
                        f = front[(gp*V + v)*FW +: FW];
                        o = ovc[(gp*V + v)*VW +: VW];
                    end
            end
            assign win_flit[gp*FW +: FW] = f;
            assign win_ovc[gp*VW +: VW]  = o;
        end
    endgenerate
    assign xb_in = win_flit;

    tn_crossbar #(.P(P), .FW(FW), .PW(PW)) u_xb (
        .in_flit_i  (xb_in),
        .sel_i      (sa_out_ip),
        .out_flit_o (xb_out)
    );

    // VAL: a head leaving carries the phase in force here (section 20.1)
    generate
        for (gp = 0; gp < P; gp = gp + 1) begin : g_fix
            if (XW > 0) begin : g_ph
                wire [FW-1:0] f = xb_out[gp*FW +: FW];
                wire set = val && f[HEAD] && (f[`TN_F_MID +: AW] == coord_q);
                wire [FW-1:0] phase_bit = {{(FW-1){1'b0}}, set} << `TN_F_PHASE;
                assign xb_fix[gp*FW +: FW] = f | phase_bit;
            end else begin : g_noph
                assign xb_fix[gp*FW +: FW] = xb_out[gp*FW +: FW];
            end
        end
    endgenerate

    // the output VC of the flit each output port sends: the same selection as the crossbar
    tn_crossbar #(.P(P), .FW(VW), .PW(PW)) u_xb_vc (
        .in_flit_i  (win_ovc),
        .sel_i      (sa_out_ip),
        .out_flit_o (send_vc)
    );

    generate
        if (ROUTING >= 1) begin : g_rng
            reg [31:0] q;
            always @(posedge clk_i)
                if (rst_i) q <= (seed_i == 32'd0) ? 32'h6D2B79F5 : seed_i;
                else       q <= rng_x3;
            assign rng_q = q;
        end else begin : g_norng
            assign rng_q = 32'd0;
            wire unused_rng = &{1'b0, seed_i, rng_x3};
        end
    endgenerate

    // ---- pointer and error registers ----
    // read only by some configurations (terminal ports keep no selection state; DOR-only builds)
    wire unused_vcv = &{1'b0, sa_in_vc_valid, lru_age, ldsf_cnt, cfg_sel_q, rt_hops, used};
    integer j;
    always @(posedge clk_i) begin
        if (rst_i) begin
            va1_ptr_q <= {PV*VW{1'b0}};
            va2_ptr_q <= {PV*IVW{1'b0}};
            sa1_ptr_q <= {P*VW{1'b0}};
            sa2_ptr_q <= {P*PW{1'b0}};
            err_o     <= {EW{1'b0}};
        end else begin
            for (j = 0; j < PV; j = j + 1) begin
                if (va_gnt[j])
                    va1_ptr_q[j*VW +: VW] <= (va_ov[j*VW +: VW] == VLAST) ? {VW{1'b0}}
                                             : va_ov[j*VW +: VW] + 1'b1;
                if (ogrant[j])
                    va2_ptr_q[j*IVW +: IVW] <= (oidx[j*IVW +: IVW] == PVLAST) ? {IVW{1'b0}}
                                               : oidx[j*IVW +: IVW] + 1'b1;
            end
            for (j = 0; j < P; j = j + 1) begin
`ifdef TN_FAULT_SA1_PTR
                if (sa_in_vc_valid[j])  // planted fault: the pointer moves on a lost grant
`else
                if (sa_in_gnt[j])
`endif
                    sa1_ptr_q[j*VW +: VW] <= (sa_in_vc[j*VW +: VW] == VLAST) ? {VW{1'b0}}
                                             : sa_in_vc[j*VW +: VW] + 1'b1;
                if (sa_out_gnt[j])
                    sa2_ptr_q[j*PW +: PW] <= (sa_out_ip[j*PW +: PW] == PLAST) ? {PW{1'b0}}
                                             : sa_out_ip[j*PW +: PW] + 1'b1;
            end
            err_o <= err_o | {cfg_bad, |port_err, |err_reuse, |order_err, |err_buf, |err_unf,
                              |err_ovf};
        end
    end

    // the observation bus of docs/microarchitecture.md 16, assembled from rtl/common/tn_defs.tbl
    assign obs_o = `TN_O_CONCAT;
endmodule
