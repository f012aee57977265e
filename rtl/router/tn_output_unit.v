// SPDX-License-Identifier: MIT
`include "tn_defs.vh"
`include "tn_faults.vh"
// Output unit of one port (cmodel/hw/output_unit.c): per output VC a credit counter (reset B)
// and an allocated flag, and the output register that drives the link. A terminal port keeps its
// counters at B (the sink never back-pressures). A network port also keeps the LRU age and the
// LDSF counter of its link, and computes its selection key once for every input port: the
// metric of the selection function in force, oriented so that the largest key wins (19.2):
// the LRU age, the complement of the LDSF counter, the credits summed over the VCs (sq).
// What the port offers a head this cycle, from the state at its start (6.3; tn_ou_avail): the
// VCs a head may take (take_o), the adaptive VCs with room for a whole packet (atake_o), and
// whether any is (afree_o).
// docs/microarchitecture.md 5, 6.2, 6.3, 6.7, 19.2, 19.3. With STAGES = 2 (the engine,
// docs/emulator.md section 7) the outputs and cfg_sel_i, cfg_acrd_i, adaptive_i, amask_i are the
// first stage's; the other inputs and the updates are the second's.
// not kept as its own hierarchy: merged into tn_router it maps smaller (docs/lint.md,
// "Hierarchy"; docs/router-v2.md 7b)
module tn_output_unit #(
    parameter V        = 2,
    parameter B        = 8,
    parameter FW       = 40,
    parameter TERMINAL = 0,                        // 1: ejection port, no credits
    parameter SELST    = 0,                        // 1: keep the LRU age and LDSF counter (19.3)
    parameter SEL      = -1,                       // -1: cfg_sel_i; 0..5: fixed selection
    parameter KW       = 8,                        // selection key width, >= 8 and >= UW
    parameter VW       = (V > 1) ? $clog2(V) : 1,
    parameter CNTW     = (B > 0) ? $clog2(B + 1) : 1,
    parameter CTX      = 1,                        // contexts (tn_ctx_reg; 1: one router)
    parameter STAGES   = 1,                        // engine stages (tn_ctx_reg)
    parameter CXW      = (CTX > 1) ? $clog2(CTX) : 1
) (
    input  wire            clk_i,
    input  wire            rst_i,
    input  wire [CXW-1:0]  ctx_i,        // the context read (CTX > 1; docs/emulator.md)
    input  wire [CXW-1:0]  wctx_i,       // the context written (STAGES = 2)
    input  wire            ctx_we_i,     // its state is written at this clock edge (CTX > 1)
    input  wire [CNTW-1:0] cfg_buf_i,    // credits at reset, 1..B
    input  wire [2:0]      cfg_sel_i,    // enum tn_selection (19.5)
    input  wire [CNTW-1:0] cfg_acrd_i,   // credits an adaptive VC needs (R19.1.4)
    input  wire            adaptive_i,   // the routing in force has adaptive VCs (MIN AD, GOAL)
    input  wire [V-1:0]    amask_i,      // the adaptive VCs: those above the escape VCs
    input  wire            crd_valid_i,  // credit from downstream (6.2)
    input  wire [VW-1:0]   crd_vc_i,
    input  wire [V-1:0]    alloc_i,      // a head takes this output VC as it leaves (6.7)
    input  wire            send_i,       // switch grant (6.7)
    input  wire [VW-1:0]   send_vc_i,
    input  wire [FW-1:0]   send_flit_i,
    output wire [V*CNTW-1:0] credits_o,
    output wire [V-1:0]    busy_o,
    output wire [V-1:0]    take_o,       // idle, and a credit on a network port (6.3)
    output wire [V-1:0]    atake_o,      // adaptive, idle, credits >= cfg_acrd (R19.1.4)
    output wire [V-1:0]    crd_nz_o,     // a credit (network ports; 0 on a terminal port)
    output wire            afree_o,      // some adaptive VC to take (R6.3.3)
    output wire            out_valid_o,
    output wire [VW-1:0]   out_vc_o,
    output wire [FW-1:0]   out_flit_o,
    output wire            err_ovf_o,
    output wire            err_unf_o,
    output wire            err_reuse_o,
    output wire [7:0]      lru_age_o,    // selection state of a network link (19.3); 0 without
    output wire [7:0]      ldsf_cnt_o,
    output wire [KW-1:0]   key_o         // selection key: lru age, ~ldsf, credit sum, else 0
);
    localparam TAIL = FW - 2;
    wire [V-1:0] ovf, unf, reuse;
    wire [V-1:0] busy_w_v;   // the busy flags as the second stage reads them
    assign afree_o = |atake_o;
    assign err_ovf_o   = |ovf;
    assign err_unf_o   = |unf;
    assign err_reuse_o = |reuse;

    genvar gv;
    generate
        for (gv = 0; gv < V; gv = gv + 1) begin : g_vc
            localparam [VW-1:0] VI = gv;
            wire [CNTW-1:0] credits_q, credits_w;   // _q: the first stage's; _w: the second's
            wire            busy_q, busy_w;
            wire send = send_i && (send_vc_i == VI);
            wire crd  = crd_valid_i && `TN_HOOK_CREDIT_VC0(crd_vc_i == VI, VI);
            wire inc  = (TERMINAL == 0) && crd && !(credits_w == cfg_buf_i && !send);
            wire dec  = (TERMINAL == 0) && send && (credits_w != {CNTW{1'b0}});
            assign ovf[gv]   = (TERMINAL == 0) && crd && (credits_w == cfg_buf_i) && !send;
            assign unf[gv]   = (TERMINAL == 0) && send && (credits_w == {CNTW{1'b0}});
            assign reuse[gv] = alloc_i[gv] && busy_w;
            assign busy_w_v[gv] = busy_w;
            assign credits_o[gv*CNTW +: CNTW] = credits_q;
            assign busy_o[gv] = busy_q;
            assign crd_nz_o[gv] = (TERMINAL == 0) && (credits_q != {CNTW{1'b0}});
            assign take_o[gv]   = !busy_q && ((TERMINAL != 0) || crd_nz_o[gv]);
            assign atake_o[gv]  = (TERMINAL == 0) && adaptive_i && amask_i[gv] && !busy_q &&
                                  (credits_q >= cfg_acrd_i);
            // credits +1 R6.2.1, -1 R6.7.6; allocated: set R6.7.1, cleared by a tail R6.7.7
            wire [CNTW-1:0] credits_d = (inc && !dec) ? credits_w + 1'b1
                                      : (dec && !inc) ? credits_w - 1'b1 : credits_w;
            wire            busy_d    = (send && send_flit_i[TAIL]) ? 1'b0   // a lone head+tail too
                                      : alloc_i[gv] ? 1'b1 : busy_w;
            tn_ctx_reg #(.W(CNTW + 1), .CTX(CTX), .STAGES(STAGES)) u_vc (
                .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
                .en_i (1'b1),
                .rv_i ({cfg_buf_i, 1'b0}),
                .d_i  ({credits_d, busy_d}),
                .q_o  ({credits_q, busy_q}),
                .qw_o ({credits_w, busy_w}));
        end
    endgenerate

    generate
        if (TERMINAL == 0 && SELST != 0) begin : g_sel
            tn_sel_lru_age #(.CTX(CTX), .STAGES(STAGES)) u_lru (
                .clk_i (clk_i),
                .rst_i (rst_i),
                .ctx_i (ctx_i),
                .wctx_i(wctx_i),
                .ctx_we_i(ctx_we_i),
                .sent_i(send_i),
                .age_o (lru_age_o)
            );
            tn_sel_ldsf_cnt #(.CTX(CTX), .STAGES(STAGES)) u_ldsf (
                .clk_i (clk_i),
                .rst_i (rst_i),
                .ctx_i (ctx_i),
                .wctx_i(wctx_i),
                .ctx_we_i(ctx_we_i),
                .sent_i(send_i),
                .held_i(|busy_w_v),
                .cnt_o (ldsf_cnt_o)
            );
            // sq (19.2) prefers the fewest occupied downstream slots, V*buf - the credits summed
            // over the port's VCs: the largest credit sum is the same port, ties included
            localparam UW = `TN_SQW;   // the table's width of the credit sum (R2.4)
            reg [UW-1:0] csum;
            integer v;
            always @(*) begin
                csum = {UW{1'b0}};
                for (v = 0; v < V; v = v + 1)
                    csum = csum + {{(UW-CNTW){1'b0}}, credits_o[v*CNTW +: CNTW]};
            end
            localparam integer SELI = (SEL < 0) ? 0 : SEL;
            localparam [2:0] SELC = SELI[2:0];
            wire [2:0] sel = (SEL < 0) ? cfg_sel_i : SELC;
            localparam [2:0] S_LRU = `TN_SELECTION_LRU, S_LDSF = `TN_SELECTION_LDSF,
                             S_SQ = `TN_SELECTION_SQ;
            assign key_o = (sel == S_LRU)  ? {{(KW-8){1'b0}}, lru_age_o}
                         : (sel == S_LDSF) ? {{(KW-8){1'b0}}, ~ldsf_cnt_o}
                         : (sel >= S_SQ)   ? {{(KW-UW){1'b0}}, csum}
                         : {KW{1'b0}};
        end else begin : g_nosel
            assign lru_age_o  = 8'd0;
            assign ldsf_cnt_o = 8'd0;
            assign key_o      = {KW{1'b0}};
            wire unused_sel = &{1'b0, cfg_sel_i, busy_w_v};
        end
    endgenerate

    // the output register, the link (6.7): a link register (tn_ctx_reg THRU)
    wire [VW+FW:0] unused_link_w;
    tn_ctx_reg #(.W(1 + VW + FW), .CTX(CTX), .THRU(1), .STAGES(STAGES)) u_link (
        .clk_i(clk_i), .rst_i(rst_i), .ctx_i(ctx_i), .wctx_i(wctx_i), .we_i(ctx_we_i),
        .en_i (1'b1),
        .rv_i ({(1 + VW + FW){1'b0}}),
        .d_i  ({send_i, send_vc_i, send_flit_i}),
        .q_o  ({out_valid_o, out_vc_o, out_flit_o}),
        .qw_o (unused_link_w));
endmodule
