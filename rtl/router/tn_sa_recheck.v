// SPDX-License-Identifier: MIT
// PIPE=1's re-check of one input port's registered grant (cmodel/hw/router.c,
// router_pipe_commit; docs/microarchitecture.md 6.8, R6.8.4): the grant iteration 1 made at the
// last clock is used now iff its VC did not send at the last clock and its request was a body
// request, or a head request whose set S minus the output VCs a head took at the last clock on its
// port is not empty, or an adaptive request whose port's adaptive VCs to take minus those taken
// is not empty; or its VC sent at the last clock, the flit behind may go on (sentok) and its
// request was not adaptive. Reads registers only (the second cycle stays short). With the planted
// fault pipe_taken the VCs taken are ignored (rtl/common/tn_faults.vh). Pure function.
// not kept as its own hierarchy: merged into tn_router, as docs/pipe.md measured it
`include "tn_faults.vh"
module tn_sa_recheck #(
    parameter P = 5,
    parameter V = 2
) (
    input  wire           gin_i,       // pv_gin: the port holds a grant of the last clock
    input  wire [V-1:0]   vc_oh_i,     // pv_vc: its VC, one-hot
    input  wire [P-1:0]   op_i,        // pv_op: its output port, one-hot
    input  wire           adapt_i,     // pv_adapt: its request was adaptive
    input  wire [V-1:0]   sent_i,      // pv_sent: per VC of the port, it sent at the last clock
    input  wire [V-1:0]   body_i,      // pr_body: per VC, its body request of the last clock
    input  wire [V-1:0]   head_i,      // pr_head: per VC, its head request of the last clock
    input  wire [V*P-1:0] port_i,      // pr_port: per VC, that request's port, one-hot
    input  wire [V*V-1:0] set_i,       // pr_set: per VC, a head request's set S
    input  wire           sentok_i,    // pr_sentok: the VC the port sent on may go on
    input  wire [P*V-1:0] atake_ovc_i, // pr_atake: per output VC, adaptive and free to take
    input  wire [P*V-1:0] taken_ovc_i, // pr_taken: per output VC, a head took it at the last clock
    output wire           ok_o         // the grant is used (traversed) now
);
    wire [P*V-1:0] taken = `TN_HOOK_PIPE_TAKEN(taken_ovc_i, P*V);
    reg  [V-1:0] hok;   // per VC: a head request's set keeps a VC not taken
    reg          aok;   // the granted port keeps an adaptive VC not taken
    integer v, p;
    always @(*) begin
        hok = {V{1'b0}};
        aok = 1'b0;
        for (v = 0; v < V; v = v + 1)
            for (p = 0; p < P; p = p + 1)
                if (port_i[v*P + p])
                    hok[v] = hok[v] | (|(set_i[v*V +: V] & ~taken[p*V +: V]));
        for (p = 0; p < P; p = p + 1)
            if (op_i[p])
                aok = aok | (|(atake_ovc_i[p*V +: V] & ~taken[p*V +: V]));
    end
    wire sent = |(vc_oh_i & sent_i);
    wire req  = |(vc_oh_i & (body_i | head_i));
    wire bdy  = |(vc_oh_i & body_i);
    wire hd   = |(vc_oh_i & head_i & hok);
    assign ok_o = gin_i && (adapt_i ? (!sent && aok)
                                    : (sent ? (req && sentok_i) : (bdy || hd)));
endmodule
