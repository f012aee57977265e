/* SPDX-License-Identifier: MIT */
/* Input unit (rtl/router/tn_input_unit.v): one FIFO of buf flits per VC, written at the end of
 * the cycle a flit is on the link, read at the end of the cycle it wins switch allocation. */
#include "tn_internal.h"

void tn_iu_push(tn_sim *s, int node, int port, const tn_flit *f)
{
    long slot = (long)node * s->P + port;
    long ivc = slot * s->V + f->vc;
    if (s->iu.cnt[ivc] >= s->B) {
        s->router_err[node] |= TN_ERR_BUF_OVF;
        return;
    }
    int wr = s->iu.rd[ivc] + s->iu.cnt[ivc];
    if (wr >= s->B)
        wr -= s->B;
    s->iu.buf[ivc * s->B + wr] = *f;
    s->iu.cnt[ivc]++;
    s->iu.nemask[slot] |= 1u << f->vc;
    s->iu.nflits[node]++;
}

void tn_iu_pop(tn_sim *s, int node, int port, int vc)
{
    long slot = (long)node * s->P + port;
    long ivc = slot * s->V + vc;
    int rd = s->iu.rd[ivc] + 1;
    s->iu.rd[ivc] = (uint8_t)(rd == s->B ? 0 : rd);
    if (--s->iu.cnt[ivc] == 0)
        s->iu.nemask[slot] &= ~(1u << vc);
    s->iu.nflits[node]--;
}
