/* SPDX-License-Identifier: MIT */
/* The GTKWave save file of a mismatch: the router's ports, requests, grants and pointers (and
 * under routing=acor the node's ACOR block), opened on the cycle of the first difference (the
 * FST itself is written by rnet_trace_*). */
#include <stdio.h>
#include "lock.h"

void write_gtkw(const char *path, const char *fst, int node, long cycle, const layout *L)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    const tn_dims *d = &L->d;
    long P = d->P, PV = d->PV;
    struct { const char *name; long width; } sigs[] = {
        {"clk_i", 1}, {"rst_i", 1}, {"coord_i", d->AW}, {"err_o", d->EW},
        {"in_valid_i", P}, {"in_vc_i", P * d->VW}, {"in_flit_i", P * d->FW},
        {"in_crd_valid_o", P}, {"in_crd_vc_o", P * d->VW}, {"rq_body", PV}, {"rq_head", PV},
        {"rq_adapt", PV}, {"g1_in", P}, {"g2_in", P}, {"in_vc", P * d->VW},
        {"out_gnt", P}, {"out_ip", P * d->PW}, {"in_alloc", P}, {"in_ov", P * d->VW},
        {"out_valid_o", P}, {"out_vc_o", P * d->VW}, {"out_flit_o", P * d->FW},
        {"out_crd_valid_i", P}, {"out_crd_vc_i", P * d->VW}, {"sa1_ptr_q", P * d->VW},
        {"sa2_ptr_q", P * d->PW}};
    fprintf(f, "[dumpfile] \"%s\"\n", fst);
    fprintf(f, "[timestart] %ld\n", cycle > 20 ? 2 * (cycle - 20) : 0);
    fprintf(f, "[markertime] %ld\n", 2 * cycle);
    fprintf(f, "@200\n-router %d, cycle %ld (time = 2 x cycle)\n@22\n", node, cycle);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char range[32] = "";
        if (sigs[i].width > 1)
            snprintf(range, sizeof range, "[%ld:0]", sigs[i].width - 1);
        if (L->top && L->gal)
            fprintf(f, "TOP.tn_gal_lock_top.tn_router.%s%s\n", sigs[i].name, range);
        else if (L->top && L->acor)
            fprintf(f, "TOP.tn_acor_lock_top.tn_router.%s%s\n", sigs[i].name, range);
        else if (L->top)
            fprintf(f, "TOP.tn_router.%s%s\n", sigs[i].name, range);
        else
            fprintf(f, "TOP.tn_torus.g_node[%d].u_router.%s%s\n", node, sigs[i].name, range);
    }
    if (L->top && L->acor) {
        /* the node's ACOR block (R23.8.2): attempts, draws, levels and its registers */
        const long T = d->TERM;
        struct { const char *name; long width; } as[] = {
            {"att_i", T}, {"rdy_i", T}, {"dst_i", T * d->AW}, {"mid_o", T * d->AW},
            {"lvl_o", 2 * T}, {"level_q", 2}, {"cnt_q", 18}, {"tmr_q", 16}, {"rng_q", 32 * T},
            {"fail_q", 2 * T}};
        fprintf(f, "@200\n-ACOR block of router %d\n@22\n", node);
        for (size_t i = 0; i < sizeof as / sizeof as[0]; i++)
            fprintf(f, "TOP.tn_acor_lock_top.u_acor.%s[%ld:0]\n", as[i].name, as[i].width - 1);
    }
    fclose(f);
}
