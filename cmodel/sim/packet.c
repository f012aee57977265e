/* SPDX-License-Identifier: MIT */
/* The packet table (a slot per packet in flight) and the packet helpers the source, the sink
 * and the simulator share: a flit's payload, which the source writes and the sink recomputes to
 * check integrity (R10.2), and the record of a failed integrity check (the first one's message
 * is kept). */
#include <stdarg.h>
#include <stdio.h>
#include "tn_internal.h"

long tn_pkt_take(tn_pkt_table *pt)
{
    if (pt->n_free == 0)
        return -1;
    uint32_t slot = pt->free_slots[--pt->n_free];
    pt->pkt[slot].state = TN_PKT_FLIGHT;
    return slot;
}

void tn_pkt_release(tn_pkt_table *pt, uint32_t slot)
{
    pt->pkt[slot].state = TN_PKT_FREE;
    pt->free_slots[pt->n_free++] = slot;
    pt->in_flight--;
}

uint64_t tn_payload(int flitw, int src, uint32_t seq, int idx)
{
    uint64_t z = ((uint64_t)(uint32_t)src << 40) ^ ((uint64_t)seq << 9) ^ (uint64_t)idx;
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return flitw >= 64 ? z : z & ((1ull << flitw) - 1ull);
}

void tn_check_fail(tn_checks *c, const char *fmt, ...)
{
    if (!c->count++) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->first, sizeof c->first, fmt, ap);
        va_end(ap);
    }
}
