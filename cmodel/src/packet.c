/* SPDX-License-Identifier: MIT */
/* The packet helpers the source, the sink and the simulator share: a flit's payload, which the
 * source writes and the sink recomputes to check integrity (R10.2), and the record of a failed
 * integrity check (the first one's message is kept). */
#include <stdarg.h>
#include <stdio.h>
#include "tn_internal.h"

uint64_t tn_payload(const tn_sim *s, int src, uint32_t seq, int idx)
{
    uint64_t z = ((uint64_t)(uint32_t)src << 40) ^ ((uint64_t)seq << 9) ^ (uint64_t)idx;
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return s->cfg.flitw >= 64 ? z : z & ((1ull << s->cfg.flitw) - 1ull);
}

void tn_check_fail(tn_sim *s, const char *fmt, ...)
{
    if (!s->check_errors++) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->first_check_error, sizeof s->first_check_error, fmt, ap);
        va_end(ap);
    }
}
