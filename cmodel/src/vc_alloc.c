/* SPDX-License-Identifier: MIT */
/* VC allocator (rtl/router/tn_vc_alloc.v): separable, input first. Stage 1: each input VC with a
 * routed head picks one free output VC of its allowed range by round-robin (pointer per input VC).
 * Stage 2: each output VC grants one of the input VCs that picked it by round-robin over the
 * P*V input VCs (index ip*V+iv; pointer per output VC). Pointers move in the router on a grant. */
#include "tn_internal.h"

int tn_va_stage1(uint32_t free_mask, int vcs, int ptr)
{
    return tn_rr_pick(free_mask, vcs, ptr);
}

void tn_va_stage2(const tn_va_req *req, int nreq, const uint16_t *va2_ptr_router, int vcs,
                  int ports, uint8_t *gnt)
{
    int pv = ports * vcs;
    for (int j = 0; j < nreq; j++) {
        int o = req[j].op * vcs + req[j].ov;
        int ptr = va2_ptr_router[o];
        int idx = req[j].ip * vcs + req[j].iv;
        int dj = idx - ptr;
        if (dj < 0)
            dj += pv;
        gnt[j] = 1;
        for (int m = 0; m < nreq; m++) {
            if (m == j || req[m].op != req[j].op || req[m].ov != req[j].ov)
                continue;
            int dm = req[m].ip * vcs + req[m].iv - ptr;
            if (dm < 0)
                dm += pv;
            if (dm < dj) {
                gnt[j] = 0;
                break;
            }
        }
    }
}

int tn_va_transit(tn_va_req *req, int nreq, int nnet)
{
    uint8_t drop[TN_MAX_P * TN_MAX_V] = {0};
    for (int j = 0; j < nreq; j++) {
        if (req[j].ip >= 1 && req[j].ip <= nnet)
            continue;
        for (int m = 0; m < nreq; m++)
            if (req[m].ip >= 1 && req[m].ip <= nnet && req[m].op == req[j].op &&
                req[m].ov == req[j].ov)
                drop[j] = 1;
    }
    int n = 0;
    for (int j = 0; j < nreq; j++)
        if (!drop[j])
            req[n++] = req[j];
    return n;
}
