/* SPDX-License-Identifier: MIT */
/* Switch allocator (rtl/router/tn_sw_alloc.v): separable, input first. Stage 1 per input port:
 * round-robin over its requesting VCs (pointer sa1_ptr). Stage 2 per output port: round-robin over
 * the input ports whose stage-1 winner targets it (pointer sa2_ptr). The router moves the pointers
 * on a stage-2 grant only. */
#include "tn_internal.h"

int tn_sa_stage1(uint32_t req_mask, int vcs, int ptr)
{
    return tn_rr_pick(req_mask, vcs, ptr);
}

int tn_sa_stage2(uint32_t req_ports, int ports, int ptr)
{
    return tn_rr_pick(req_ports, ports, ptr);
}
