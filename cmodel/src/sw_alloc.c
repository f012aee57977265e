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

uint32_t tn_sa_transit(uint32_t req_ports, int nnet)
{
    uint32_t net = ((1u << (nnet + 1)) - 1u) & ~1u; /* ports 1 .. nnet */
    return (req_ports & net) ? req_ports & net : req_ports;
}
