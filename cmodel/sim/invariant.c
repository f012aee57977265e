/* SPDX-License-Identifier: MIT */
/* The formal proofs' invariants on the model's state (docs/verification.md, "Formal proofs";
 * rtl/formal/): the properties that the C model has a counterpart of, each named by its property
 * number and rule, checked at the end of a cycle. tn_sim_step runs them every cycle in a build
 * with -DTN_INVARIANTS (make test's sanitizer builds), so a release build pays nothing. */
#include <stdio.h>
#include "tn_internal.h"

/* fail: the first broken invariant's description goes to msg */
#define FAIL(...)                                                                                \
    do {                                                                                         \
        if (!bad++)                                                                              \
            snprintf(msg, len, __VA_ARGS__);                                                     \
    } while (0)

int tn_invariants(const tn_sim *s, char *msg, size_t len)
{
    const int P = s->P, V = s->V, B = s->B, nodes = s->g.nodes;
    const int chaos = s->cfg.routing == TN_ROUTE_CHAOS; /* its own router (section 22) */
    int bad = 0;
    msg[0] = 0;
    for (int node = 0; node < nodes; node++) {
        long flits = 0;
        uint8_t held[TN_MAX_P][TN_MAX_V] = {{0}}; /* [op][ov]: the input VCs holding it */
        for (long x = (long)node * P * V; !chaos && x < (long)(node + 1) * P * V; x++)
            if (s->rt.iu.state[x] == TN_VC_ACTIVE && s->rt.iu.oport[x] < P && s->rt.iu.ovc[x] < V)
                held[s->rt.iu.oport[x]][s->rt.iu.ovc[x]]++;
        for (int port = 0; port < P; port++) {
            const int network = port >= 1 && port <= 2 * s->g.n;
            for (int v = 0; v < V; v++) {
                long x = ((long)node * P + port) * V + v;
                int cnt = s->rt.iu.cnt[x];
                flits += cnt;
                if (cnt > B)
                    FAIL("F4.1 (R6.2.1): node %d input port %d VC %d holds %d flits, buf %d",
                         node, port, v, cnt, B);
                if (network && s->rt.ou.credits[x] > B)
                    FAIL("F3.1 (R6.2.1): node %d output port %d VC %d has %d credits, buf %d",
                         node, port, v, s->rt.ou.credits[x], B);
                if (chaos)
                    continue;
                if (cnt > 0) {
                    const tn_flit *f = &s->rt.iu.buf[x * B + s->rt.iu.rd[x]];
                    int active = s->rt.iu.state[x] == TN_VC_ACTIVE;
                    if (f->head == active)
                        FAIL("F4.6 (R6.7.1): node %d input port %d VC %d is %s with %s at its "
                             "front", node, port, v, active ? "active" : "idle",
                             f->head ? "a head" : "a body flit");
                }
                int busy = (s->rt.ou.busy[(long)node * P + port] >> v) & 1u;
                if (held[port][v] > 1 || busy != (held[port][v] == 1))
                    FAIL("F5.2 (R6.7.1, R6.7.7): node %d output port %d VC %d: busy %d, held by "
                         "%d input VCs", node, port, v, busy, held[port][v]);
            }
        }
        if (!chaos && s->rt.iu.nflits[node] != flits) /* CHAOS also counts its central queue */
            FAIL("F5.3: node %d counts %d flits buffered, its input VCs hold %ld", node,
                 s->rt.iu.nflits[node], flits);
        if (s->cfg.routing == TN_ROUTE_GAL && s->gal.thr)
            for (int i = 0; i < s->gal.sets; i++) {
                int t = s->gal.thr[(long)node * s->gal.sets + i];
                int lo = s->cfg.gal_adapt ? s->cfg.gal_tmin : s->cfg.gal_t;
                int hi = s->cfg.gal_adapt ? s->cfg.gal_tmax : s->cfg.gal_t;
                if (t < lo || t > hi)
                    FAIL("F6.1 (R21.7): node %d set %d threshold %d outside %d..%d", node, i, t,
                         lo, hi);
            }
        if (s->acor && s->acor[node].level >= s->acor_cfg.levels)
            FAIL("F2.1 (R23.5.1): node %d ACOR level %d, sequence of %d", node,
                 s->acor[node].level, s->acor_cfg.levels);
    }
    return bad;
}
