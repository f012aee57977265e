/* SPDX-License-Identifier: MIT */
/* What a granted input port sends (rtl/router/tn_send.v; docs/microarchitecture.md 6.7): the
 * output VC its flit leaves on. router.c commits the traversal. */
#include "tn_internal.h"

int tn_send_ov(int active, int ovc, uint32_t set)
{
    if (active)
        return ovc;
    return __builtin_ctz(set); /* the lowest VC of the set */
}
