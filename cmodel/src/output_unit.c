/* SPDX-License-Identifier: MIT */
/* Output unit (rtl/router/tn_output_unit.v): per output VC a credit counter (reset to buf) and an
 * allocated flag; a returning credit is added at the end of the cycle it is on the credit wire. */
#include "tn_internal.h"

void tn_ou_credit(tn_sim *s, int node, int port, int vc)
{
    long ovc = ((long)node * s->P + port) * s->V + vc;
    if (s->ou.credits[ovc] >= s->B) {
        s->router_err[node] |= TN_ERR_CREDIT_OVF;
        return;
    }
    s->ou.credits[ovc]++;
}
