/* SPDX-License-Identifier: MIT */
/* inject=: one break of the link protocol, given to the model and the RTL alike, so that the
 * RTL's error detectors (section 13 of docs/microarchitecture.md) are shown to fire as the
 * model's do. A correct network never sets an error bit, so without this no lockstep run would
 * tell a detector that never fires from one that works (make mutate found such mutants).
 * The break is made on the inputs of a cycle, after the model's registers of the cycle are laid
 * out (view_build) and the RTL's inputs driven from them, before either steps:
 *   order       an injected head becomes a body flit: a non-head at the front of an IDLE VC
 *               (ORDER, R6.4.3), when it gets there
 *   buf_ovf     an injected flit is sent to another VC of the port that is full and cannot be
 *               read this cycle (ACTIVE, its output VC without credits): BUF_OVF (R6.1.2)
 *   credit_ovf  (rtl=rtr) a credit no flit freed arrives at a network output VC that is idle
 *               with buf credits: CREDIT_OVF (R6.2.2), or later, if the VC sends in the cycle,
 *               an error the surplus credit causes downstream
 * The first chance at or after cycle inject_at at node inject_node is taken; the model makes the
 * break in its registers (tn_sim_break) and the harness gives the RTL the same. */
#include <stdio.h>
#include "lock.h"
#include "opts.h"

uint32_t inject_bit(int kind)
{
    return kind == LK_INJ_ORDER ? TN_ERR_ORDER : kind == LK_INJ_BUF_OVF ? TN_ERR_BUF_OVF
                                                                         : TN_ERR_CREDIT_OVF;
}

int inject_try(int kind, int node, rnet *r, tn_sim *s, view *w, const layout *L, char *what,
               size_t len)
{
    static const int brk[] = {[LK_INJ_ORDER] = TN_BREAK_ORDER, [LK_INJ_BUF_OVF] = TN_BREAK_BUF_OVF,
                              [LK_INJ_CREDIT_OVF] = TN_BREAK_CREDIT_OVF};
    int port, vc;
    if (!tn_sim_break(s, brk[kind], node, &port, &vc, what, len))
        return 0;
    if (kind == LK_INJ_CREDIT_OVF) {
        /* in the model, a credit event from the neighbour's input port; in the RTL, on this
         * router's credit input (the neighbour's credit register, which w compares, is left as
         * it is) */
        rnet_credit_in(r, node, port, vc);
    } else {
        tn_sim_links(s, w);                     /* the injection register as broken */
        drive_injection(r, w, L, tn_sim_geom(s)); /* and the RTL's inputs as it now says */
    }
    return 1;
}
