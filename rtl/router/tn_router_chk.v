// SPDX-License-Identifier: MIT
// The router's parameter checks (STYLE: fail elaboration loudly and portably): for each rule a
// generate-if that instantiates an undefined module whose name states the rule, so that each
// of Icarus, Verilator and Yosys (hierarchy -check) refuses the build and names it. tn_router
// instantiates it with its own parameters; it has no ports and no logic.
module tn_router_chk #(
    parameter K       = 4,   // radix, 2..64
    parameter N       = 2,   // dimensions, 1..4
    parameter V       = 2,   // VCs per port, 1..16 (2 or more on a torus with DOR)
    parameter B       = 8,   // flits per VC buffer, 1..64
    parameter W       = 32,  // payload bits, 1..64
    parameter TERM    = 1,   // terminal channels per node, 1..4
    parameter TOPO    = 0,   // 0 torus, 1 mesh
    parameter ROUTING = 0,   // most capable algorithm built: 0 DOR, 1 + MIN AD, 2 + VAL, 3 + GOAL
    parameter SEL     = -1,  // -1: selection by cfg_sel_i at run time; 0..5: fixed (19.5)
    parameter CTX     = 1,   // contexts (the time-multiplexed engine's: > 1)
    parameter STAGES  = 1,   // the engine's stages, 1..2
    parameter PIPE    = 0    // 0 or 1 (6.8)
) ();
    // SEL as a signed integer: a value set from outside (Yosys chparam) may arrive unsigned, and
    // an unsigned 5 compares above -1 converted to unsigned
    localparam integer SEL_I = SEL;
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
        if (TOPO == 0 && ROUTING == 0 && V >= 1 && V < 2) begin : g_chk_vmin
            tn_error_V_below_2_for_dor_on_a_torus u_err ();
        end
        if (TOPO == 0 && ROUTING >= 1 && V < 3) begin : g_chk_vmin_minad
            tn_error_V_below_3_for_minad_on_a_torus u_err ();
        end
        if (TOPO == 1 && ROUTING >= 1 && V < 2) begin : g_chk_vmin_minad_mesh
            tn_error_V_below_2_for_minad_on_a_mesh u_err ();
        end
        if (SEL_I < -1 || SEL_I > 5) begin : g_chk_sel
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
        if (PIPE < 0 || PIPE > 1) begin : g_chk_pipe
            tn_error_PIPE_must_be_0_or_1 u_err ();
        end
        if (PIPE == 1 && (CTX != 1 || STAGES != 1)) begin : g_chk_pipe_ctx
            tn_error_PIPE_1_needs_CTX_1_and_STAGES_1 u_err ();
        end
        if (TOPO == 0 && ROUTING >= 2 && V < 4) begin : g_chk_vmin_val
            tn_error_V_below_4_for_val_on_a_torus u_err ();
        end
    endgenerate
endmodule
