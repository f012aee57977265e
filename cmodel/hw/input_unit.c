/* SPDX-License-Identifier: MIT */
/* Input unit (rtl/router/tn_input_unit.v): one FIFO of buf flits per VC, written at the end of
 * the cycle a flit is on the link, read at the end of the cycle it wins switch allocation. */
#include "tn_internal.h"

void tn_iu_push(tn_routers *r, int node, int port, const tn_flit *f)
{
    long slot = (long)node * r->P + port;
    long ivc = slot * r->V + f->vc;
    if (r->iu.cnt[ivc] >= r->B) {
        *tn_err_reg(r, node) |= TN_ERR_BUF_OVF;
        return;
    }
    int wr = r->iu.rd[ivc] + r->iu.cnt[ivc];
    if (wr >= r->B)
        wr -= r->B;
    r->iu.buf[ivc * r->B + wr] = *f;
    r->iu.cnt[ivc]++;
    r->iu.nemask[slot] |= 1u << f->vc;
    r->iu.nflits[node]++;
}

void tn_iu_pop(tn_routers *r, int node, int port, int vc)
{
    long slot = (long)node * r->P + port;
    long ivc = slot * r->V + vc;
    int rd = r->iu.rd[ivc] + 1;
    r->iu.rd[ivc] = (uint8_t)(rd == r->B ? 0 : rd);
    if (--r->iu.cnt[ivc] == 0)
        r->iu.nemask[slot] &= ~(1u << vc);
    r->iu.nflits[node]--;
}
