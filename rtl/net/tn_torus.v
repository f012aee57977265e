// SPDX-License-Identifier: MIT
// k-ary n-cube of routers (cmodel/hw/torus.c). Node id = sum_d c_d * K^d. Output +d of node c
// drives input -d of node c+e_d (mod K on a torus); credits run back on the same pair. Each node's
// terminal channels (port 0 and ports 2N+1..2N+TERM-1) are brought out: injection links in with
// their credits out, ejection links out. All routers' link registers, credit registers, state
// (obs) and error vectors are brought out too, for the lockstep harness and the board.
`include "tn_defs.vh"
module tn_torus #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port
    parameter B       = 8,   // flits per VC buffer
    parameter W       = 32,  // payload bits
    parameter TERM    = 1,   // terminal channels per node
    parameter TOPO    = 0,   // 0 torus, 1 mesh
    parameter ROUTING = 0,   // most capable algorithm built: 0 DOR, 1 + MIN AD, 2 + VAL, 3 + GOAL
    parameter SEL     = -1,  // -1: selection by cfg_sel_i; 0..5 fixed
    parameter PIPE    = 0    // the routers' pipeline: 0 or 1 (tn_router; 6.8)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire [`TN_CNTW-1:0]   cfg_buf_i,      // flits used per VC buffer, 1..B (run time)
    input  wire [`TN_CNTW-1:0]   cfg_acrd_i,     // credits an adaptive VC needs: min(buf, longest packet) (R19.1.4)
    input  wire [2:0]            cfg_route_i,    // enum tn_routing: dor minad val goal gal - acor
    input  wire [2:0]            cfg_sel_i,      // enum tn_selection
    input  wire                  cfg_dateline_i, // 1: dateline classes
    input  wire                  cfg_transit_i,  // 1: in-transit priority (7.4)
    input  wire [31:0]           cfg_seed_i,     // global seed of the router RNGs (19.4)
    // terminal channels, index node*TERM + channel
    input  wire [K**N*TERM-1:0]  inj_valid_i,
    input  wire [K**N*TERM*`TN_VW-1:0] inj_vc_i,
    input  wire [K**N*TERM*`TN_FW-1:0] inj_flit_i,
    output wire [K**N*TERM-1:0]  inj_crd_valid_o,
    output wire [K**N*TERM*`TN_VW-1:0] inj_crd_vc_o,
    output wire [K**N*TERM-1:0]  ej_valid_o,
    output wire [K**N*TERM*`TN_VW-1:0] ej_vc_o,
    output wire [K**N*TERM*`TN_FW-1:0] ej_flit_o,
    // every router, index node*P + port
    output wire [K**N*`TN_P-1:0] lnk_valid_o,
    output wire [K**N*`TN_P*`TN_VW-1:0] lnk_vc_o,
    output wire [K**N*`TN_P*`TN_FW-1:0] lnk_flit_o,
    output wire [K**N*`TN_P-1:0] crd_valid_o,
    output wire [K**N*`TN_P*`TN_VW-1:0] crd_vc_o,
    output wire [K**N*`TN_EW-1:0] err_o,
    output wire [K**N*2*N-1:0]   afree_o,        // per node: its router's afree_o (a GAL NI's, R21.5.1)
    output wire [K**N*`TN_OBSW-1:0] obs_o
);
    // derived widths (rtl/common/tn_defs.tbl)
    localparam NODES = K ** N;
    localparam CW    = `TN_CW;
    localparam AW    = `TN_AW;
    localparam FW    = `TN_FW;
    localparam P     = `TN_P;
    localparam VW    = `TN_VW;
    localparam EW    = `TN_EW;
    localparam OBSW  = `TN_OBSW;

    function integer kpow;
        input integer d;
        integer i;
        begin
            kpow = 1;
            for (i = 0; i < d; i = i + 1) kpow = kpow * K;
        end
    endfunction

    // the router RNG salt (R19.4.2), tn_salt
`include "tn_salt.vh"

    generate
        if (K ** N > 65536) begin : g_chk_nodes
            tn_error_K_pow_N_must_be_at_most_65536 u_err ();
        end
    endgenerate

    wire [NODES*P-1:0]    in_valid;
    wire [NODES*P*VW-1:0] in_vc;
    wire [NODES*P*FW-1:0] in_flit;
    wire [NODES*P-1:0]    oc_valid;
    wire [NODES*P*VW-1:0] oc_vc;

    genvar gv, gd, ge;
    generate
        for (gv = 0; gv < NODES; gv = gv + 1) begin : g_node
            wire [AW-1:0] coord;
            for (gd = 0; gd < N; gd = gd + 1) begin : g_dim
                localparam integer C  = (gv / kpow(gd)) % K;
                localparam integer UP = gv - C * kpow(gd) + ((C + 1) % K) * kpow(gd);
                localparam integer DN = gv - C * kpow(gd) + ((C + K - 1) % K) * kpow(gd);
                localparam integer PP = 2 * gd + 1;  // +d
                localparam integer PM = 2 * gd + 2;  // -d
                localparam HAS_UP = (TOPO == 0) || (C != K - 1);
                localparam HAS_DN = (TOPO == 0) || (C != 0);
                assign coord[gd*CW +: CW] = C[CW-1:0];
                // input +d comes from output -d of the node above; input -d from output +d below
                if (HAS_UP) begin : g_up
                    assign in_valid[gv*P + PP]           = lnk_valid_o[UP*P + PM];
                    assign in_vc[(gv*P + PP)*VW +: VW]   = lnk_vc_o[(UP*P + PM)*VW +: VW];
                    assign in_flit[(gv*P + PP)*FW +: FW] = lnk_flit_o[(UP*P + PM)*FW +: FW];
                    assign oc_valid[gv*P + PP]           = crd_valid_o[UP*P + PM];
                    assign oc_vc[(gv*P + PP)*VW +: VW]   = crd_vc_o[(UP*P + PM)*VW +: VW];
                end else begin : g_no_up
                    assign in_valid[gv*P + PP]           = 1'b0;
                    assign in_vc[(gv*P + PP)*VW +: VW]   = {VW{1'b0}};
                    assign in_flit[(gv*P + PP)*FW +: FW] = {FW{1'b0}};
                    assign oc_valid[gv*P + PP]           = 1'b0;
                    assign oc_vc[(gv*P + PP)*VW +: VW]   = {VW{1'b0}};
                end
                if (HAS_DN) begin : g_dn
                    assign in_valid[gv*P + PM]           = lnk_valid_o[DN*P + PP];
                    assign in_vc[(gv*P + PM)*VW +: VW]   = lnk_vc_o[(DN*P + PP)*VW +: VW];
                    assign in_flit[(gv*P + PM)*FW +: FW] = lnk_flit_o[(DN*P + PP)*FW +: FW];
                    assign oc_valid[gv*P + PM]           = crd_valid_o[DN*P + PP];
                    assign oc_vc[(gv*P + PM)*VW +: VW]   = crd_vc_o[(DN*P + PP)*VW +: VW];
                end else begin : g_no_dn
                    assign in_valid[gv*P + PM]           = 1'b0;
                    assign in_vc[(gv*P + PM)*VW +: VW]   = {VW{1'b0}};
                    assign in_flit[(gv*P + PM)*FW +: FW] = {FW{1'b0}};
                    assign oc_valid[gv*P + PM]           = 1'b0;
                    assign oc_vc[(gv*P + PM)*VW +: VW]   = {VW{1'b0}};
                end
            end
            for (ge = 0; ge < TERM; ge = ge + 1) begin : g_term
                localparam integer TP = (ge == 0) ? 0 : 2 * N + ge;
                localparam integer T  = gv * TERM + ge;
                assign in_valid[gv*P + TP]           = inj_valid_i[T];
                assign in_vc[(gv*P + TP)*VW +: VW]   = inj_vc_i[T*VW +: VW];
                assign in_flit[(gv*P + TP)*FW +: FW] = inj_flit_i[T*FW +: FW];
                assign oc_valid[gv*P + TP]           = 1'b0;
                assign oc_vc[(gv*P + TP)*VW +: VW]   = {VW{1'b0}};
                assign inj_crd_valid_o[T]            = crd_valid_o[gv*P + TP];
                assign inj_crd_vc_o[T*VW +: VW]      = crd_vc_o[(gv*P + TP)*VW +: VW];
                assign ej_valid_o[T]                 = lnk_valid_o[gv*P + TP];
                assign ej_vc_o[T*VW +: VW]           = lnk_vc_o[(gv*P + TP)*VW +: VW];
                assign ej_flit_o[T*FW +: FW]         = lnk_flit_o[(gv*P + TP)*FW +: FW];
            end
            tn_router #(.K(K), .N(N), .V(V), .B(B), .W(W), .TERM(TERM), .TOPO(TOPO),
                        .ROUTING(ROUTING), .SEL(SEL), .PIPE(PIPE)) u_router (
                .clk_i           (clk_i),
                .rst_i           (rst_i),
                .ctx_i           (1'b0),
                .wctx_i          (1'b0),
                .nctx_i          (1'b0),
                .ctx_we_i        (1'b0),
                .coord_i         (coord),
                .cfg_buf_i       (cfg_buf_i),
                .cfg_acrd_i      (cfg_acrd_i),
                .cfg_route_i     (cfg_route_i),
                .cfg_sel_i       (cfg_sel_i),
                .cfg_dateline_i  (cfg_dateline_i),
                .cfg_transit_i   (cfg_transit_i),
                .seed_i          (cfg_seed_i ^ tn_salt(gv)),
                .in_valid_i      (in_valid[gv*P +: P]),
                .in_vc_i         (in_vc[gv*P*VW +: P*VW]),
                .in_flit_i       (in_flit[gv*P*FW +: P*FW]),
                .in_crd_valid_o  (crd_valid_o[gv*P +: P]),
                .in_crd_vc_o     (crd_vc_o[gv*P*VW +: P*VW]),
                .out_valid_o     (lnk_valid_o[gv*P +: P]),
                .out_vc_o        (lnk_vc_o[gv*P*VW +: P*VW]),
                .out_flit_o      (lnk_flit_o[gv*P*FW +: P*FW]),
                .out_crd_valid_i (oc_valid[gv*P +: P]),
                .out_crd_vc_i    (oc_vc[gv*P*VW +: P*VW]),
                .err_o           (err_o[gv*EW +: EW]),
                .afree_o         (afree_o[gv*2*N +: 2*N]),
                .obs_o           (obs_o[gv*OBSW +: OBSW])
            );
        end
    endgenerate
endmodule
