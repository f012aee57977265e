/* SPDX-License-Identifier: MIT */
/* Round-robin arbiter (rtl/common/tn_rr_arbiter.v): pointer in, grant out; the parent owns the
 * pointer and moves it to grant+1 only when the grant is accepted. */
#include "tn.h"

int tn_rr_pick(uint32_t req, int n, int ptr)
{
    if (!req)
        return -1;
    uint32_t hi = req & ~((1u << ptr) - 1u); /* requesters at or above ptr */
    uint32_t m = hi ? hi : req;
    (void)n;
    return __builtin_ctz(m);
}
