/* SPDX-License-Identifier: MIT */
/* Checks of the deadlock checker (tnsim check: the channel dependency graph, counted
 * against an independent construction from the router's own route; its report, whole and cut
 * by a short buffer) and of the watchdog that reports a real deadlock instead of hanging. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h's trace_sim_cfg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

/* ---- An independent construction of the checker's graph, from the router's own route
 * functions: a vertex is (node, network port, VAL phase, class), class 0 for the first VC of the
 * route's set (R8.4.1); an edge c1 -> c2 when a packet that requested c1 may next request c2.
 * DOR: c2 at the next node. VAL (R20.1): the same per phase, and from the last phase-0 hop into
 * the intermediate node every phase-1 channel requested there. MIN AD, GOAL, GAL (Duato): c2 is
 * the escape channel requested at any node reached from the next node by productive hops (the
 * route's own productive ports; GOAL and GAL per quadrant), the next node included. The counts
 * must equal those of the checker's report: a checker that drops or adds a dependency differs. */
typedef struct ref_graph {
    const tn_geom *g;
    const tn_config *c;
    int nv;
    uint8_t *used, *edge; /* per vertex; per vertex pair */
} ref_graph;

/* the channel requested at node v toward t (GOAL, GAL: in quadrant quad; VAL: in phase ph, t the
 * intermediate node in phase 0): its vertex, or -1 when the packet ejects; the adaptive families'
 * productive ports there in *prod (bit j = port j + 1; 0 for the others) */
static int ref_channel(const ref_graph *R, int v, int t, int quad, int ph, uint32_t *prod)
{
    const tn_geom *g = R->g;
    int cv[TN_MAX_N], base = 0;
    tn_route_out r;
    uint32_t addr = tn_addr_of(g, t);
    *prod = 0;
    int hops[TN_MAX_N];
    tn_coords(g, v, cv);
    switch (R->c->routing) {
    case TN_ROUTE_DOR:
        tn_route_dor(g, R->c->vcs, cv, addr, 0, &r);
        break;
    case TN_ROUTE_VAL:
    case TN_ROUTE_ACOR:
        /* phase 0: mid = t, the destination elsewhere; phase 1: toward t */
        tn_route_val(g, R->c->vcs, cv, ph ? addr : tn_addr_of(g, (t + 1) % g->nodes),
                     ph ? tn_addr_of(g, (t + 1) % g->nodes) : addr, ph, 0, &r);
        base = ph ? R->c->vcs / 2 : 0;
        break;
    default:
        tn_route_adaptive(g, R->c->vcs, cv, addr, 0, quad, &r, prod, hops);
        break;
    }
    if (tn_port_is_term(g, r.port))
        return -1;
    return ((v * g->ports + r.port) * 2 + ph) * 2 + (r.vc_lo == base ? 0 : 1);
}

static void ref_edge(ref_graph *R, int c1, int c2)
{
    if (c2 >= 0)
        R->edge[(long)c1 * R->nv + c2] = 1;
}

/* the counts of channels and dependencies of the configuration's graph */
static void ref_counts(const tn_config *c, long *channels, long *deps)
{
    tn_geom g;
    assert_int_equal(tn_geom_init(&g, c), 0);
    ref_graph R = {&g, c, g.nodes * g.ports * 4, NULL, NULL};
    R.used = calloc((size_t)R.nv, 1);
    R.edge = calloc((size_t)R.nv * (size_t)R.nv, 1);
    int *seen = calloc((size_t)g.nodes, sizeof *seen), *queue = calloc((size_t)g.nodes, sizeof *queue);
    assert_true(R.used && R.edge && seen && queue);
    int val = c->routing == TN_ROUTE_VAL || c->routing == TN_ROUTE_ACOR;
    int adaptive = !val && c->routing != TN_ROUTE_DOR;
    int nquad = (c->routing == TN_ROUTE_GOAL || c->routing == TN_ROUTE_GAL) ? 1 << g.n : 1;
    for (int v = 0; v < g.nodes; v++)
        for (int t = 0; t < g.nodes; t++)
            for (int ph = 0; ph <= val; ph++)
                for (int q = 0; q < nquad; q++) {
                    int quad = nquad > 1 ? q : -1;
                    if (val && !ph && v == t)
                        continue; /* at the intermediate node a packet is in phase 1 */
                    uint32_t prod;
                    int c1 = ref_channel(&R, v, t, quad, ph, &prod);
                    if (c1 < 0)
                        continue;
                    R.used[c1] = 1;
                    int u = g.nbr[(long)v * g.ports + c1 / 4 % g.ports];
                    if (val && !ph && u == t) {
                        for (int d = 0; d < g.nodes; d++)
                            ref_edge(&R, c1, ref_channel(&R, u, d, -1, 1, &prod));
                    } else if (!adaptive) {
                        ref_edge(&R, c1, ref_channel(&R, u, t, quad, ph, &prod));
                    } else { /* every node reached from u by productive hops, u included */
                        memset(seen, 0, sizeof *seen * (size_t)g.nodes);
                        int head = 0, tail = 0;
                        queue[tail++] = u;
                        seen[u] = 1;
                        while (head < tail) {
                            int w = queue[head++];
                            ref_edge(&R, c1, ref_channel(&R, w, t, quad, 0, &prod));
                            for (int j = 0; j < 2 * g.n; j++) {
                                int x = g.nbr[(long)w * g.ports + j + 1];
                                if ((prod >> j & 1) && x >= 0 && !seen[x]) {
                                    seen[x] = 1;
                                    queue[tail++] = x;
                                }
                            }
                        }
                    }
                }
    *channels = *deps = 0;
    for (long i = 0; i < R.nv; i++)
        *channels += R.used[i];
    for (long i = 0; i < (long)R.nv * R.nv; i++)
        *deps += R.edge[i];
    free(R.used);
    free(R.edge);
    free(seen);
    free(queue);
    tn_geom_free(&g);
}

static void test_deadlock_graph_counts(void **st_)
{
    (void)st_;
    enum { T = TN_TOPO_TORUS, M = TN_TOPO_MESH };
    struct { const char *routing; int k, n, vcs, topo, dateline; } cases[] = {
        {"dor", 4, 2, 2, T, 1}, {"dor", 5, 2, 3, T, 1}, {"dor", 4, 2, 1, M, 1},
        {"minad", 4, 2, 3, T, 1}, {"minad", 5, 2, 3, T, 1}, {"minad", 4, 3, 3, T, 1},
        {"minad", 4, 2, 2, M, 1}, {"minad", 6, 1, 3, T, 1}, {"minad", 2, 4, 3, T, 1},
        {"goal", 4, 2, 3, T, 1}, {"gal", 5, 2, 4, T, 1},
        {"val", 4, 2, 4, T, 1}, {"val", 5, 2, 8, T, 1}, {"val", 4, 1, 4, T, 0},
        {"val", 4, 2, 2, M, 1}, {"acor", 4, 2, 4, T, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_ERRLEN], rep[2048];
        tn_config_default(&c);
        assert_int_equal(tn_config_set(&c, "routing", cases[i].routing, err, sizeof err), 0);
        c.k = cases[i].k;
        c.n = cases[i].n;
        c.vcs = cases[i].vcs;
        c.topo = cases[i].topo;
        c.dateline = cases[i].dateline;
        long ch, dep, rch = -1, rdep = -1;
        ref_counts(&c, &ch, &dep);
        int r = tn_deadlock_check(&c, rep, sizeof rep);
        const char *a = strstr(rep, "acyclic: ");
        if (r != 0 || !a || sscanf(a, "acyclic: %ld %*[a-z ], %ld dependencies", &rch, &rdep) != 2 ||
            rch != ch || rdep != dep)
            fail_msg("%s k=%d n=%d vcs=%d %s dateline=%d: the checker says '%s'; built from the "
                     "route functions: %ld channels, %ld dependencies", cases[i].routing, c.k, c.n,
                     c.vcs, tn_topo_name(c.topo), c.dateline, rep, ch, dep);
    }
}

/* A cycle report names a real cycle of channels (R18's report): " (node V SD class C[ phase P])"
 * entries joined by " ->", then " back to the first". Each entry is a network channel of the
 * configuration (S the direction, D its dimension). Under DOR and VAL (direct dependencies only)
 * the next entry's node is the neighbour of this one's across that channel on the torus, the
 * first entry's for the last: read here from the report's text with the node numbering v = sum
 * of coordinate d times k^d. (Under MIN AD, GOAL and GAL an edge may pass through adaptive VCs to
 * a node further on: 48 +1 -> 0 +1 on the 8x8.) */
static void check_cycle_report(const tn_config *c, const char *rep)
{
    const char *lead = "cycle in the channel dependency graph:";
    const char *p = strstr(rep, lead);
    if (!p)
        fail_msg("no cycle report: %s", rep);
    p += strlen(lead);
    /* the report names VAL's phase under VAL and ACOR (R23.7), as the checker's graph has it */
    int node[64], m = 0, val = c->routing == TN_ROUTE_VAL || c->routing == TN_ROUTE_ACOR;
    int next_of[64];
    long nodes = 1;
    for (int i = 0; i < c->n; i++)
        nodes *= c->k;
    while (*p == ' ' && p[1] == '(') {
        int v, d, cls, used = 0;
        char sign;
        if (m == 64 || sscanf(p, " (node %d %c%d class %d%n", &v, &sign, &d, &cls, &used) != 4)
            fail_msg("entry %d of the cycle does not read as (node V SD class C): %s", m, rep);
        p += used;
        if (val) {
            int ph, u2 = 0;
            if (sscanf(p, " phase %d%n", &ph, &u2) != 1 || (ph != 0 && ph != 1))
                fail_msg("entry %d of the VAL cycle has no phase 0 or 1: %s", m, rep);
            p += u2;
        }
        if (strncmp(p, ") ->", 4))
            fail_msg("entry %d of the cycle does not end in ') ->': %s", m, rep);
        p += 4;
        long kd = 1;
        if (v < 0 || v >= nodes || (sign != '+' && sign != '-') || d < 0 || d >= c->n ||
            (cls != 0 && cls != 1))
            fail_msg("entry %d of the cycle (node %d %c%d class %d) is no channel of the "
                     "%d-ary %d-cube: %s", m, v, sign, d, cls, c->k, c->n, rep);
        for (int i = 0; i < d; i++)
            kd *= c->k;
        int x = (int)(v / kd % c->k), y = (x + (sign == '+' ? 1 : c->k - 1)) % c->k;
        node[m] = v;
        next_of[m++] = (int)(v + (y - x) * kd);
    }
    assert_string_equal(p, " back to the first");
    if (m < 2)
        fail_msg("a cycle of %d channels: %s", m, rep);
    int direct = c->routing == TN_ROUTE_DOR || c->routing == TN_ROUTE_VAL;
    for (int i = 0; i < m && direct; i++)
        if (next_of[i] != node[(i + 1) % m])
            fail_msg("entry %d's channel leads to node %d, the next entry is at node %d: %s", i,
                     next_of[i], node[(i + 1) % m], rep);
}

/* The default configuration with the keys the checker's cases set. */
static tn_config dl_cfg(int routing, int k, int n, int vcs, int topo, int dateline)
{
    tn_config c;
    tn_config_default(&c);
    c.routing = routing;
    c.k = k;
    c.n = n;
    c.vcs = vcs;
    c.topo = topo;
    c.dateline = dateline;
    return c;
}

static void test_deadlock_checker(void **st_)
{
    (void)st_;
    char rep[2048];
    enum { D = TN_ROUTE_DOR, M = TN_ROUTE_MINAD, VL = TN_ROUTE_VAL, G = TN_ROUTE_GOAL,
           GL = TN_ROUTE_GAL, T = TN_TOPO_TORUS };
    struct { int routing, k, n, vcs, topo, dateline, expect; } cases[] = {
        {D, 8, 2, 2, T, 1, 0}, {D, 16, 1, 2, T, 1, 0}, {D, 5, 3, 3, T, 1, 0},
        {D, 2, 3, 2, T, 1, 0}, {D, 3, 2, 4, T, 1, 0}, {D, 6, 2, 1, TN_TOPO_MESH, 1, 0},
        /* broken on purpose: no dateline on rings long enough to close a cycle */
        {D, 8, 1, 2, T, 0, 1}, {D, 5, 2, 1, T, 0, 1},
        /* a 4-ring has no cycle even without datelines: paths are at most 2 hops and the
         * parity tie rule sends the 2-hop ones only from even nodes */
        {D, 4, 1, 1, T, 0, 0},
        /* MIN AD, GOAL, GAL: Duato's extended graph of the escape VCs (direct and through
         * adaptive VCs); VAL: both phases */
        {M, 8, 2, 3, T, 1, 0}, {M, 5, 2, 3, T, 1, 0}, {M, 4, 3, 4, T, 1, 0},
        {M, 16, 1, 3, T, 1, 0}, {M, 6, 2, 2, TN_TOPO_MESH, 1, 0},
        {G, 8, 2, 3, T, 1, 0}, {G, 5, 2, 3, T, 1, 0}, {GL, 8, 2, 3, T, 1, 0},
        {VL, 8, 2, 4, T, 1, 0}, {VL, 5, 2, 4, T, 1, 0}, {VL, 6, 2, 2, TN_TOPO_MESH, 1, 0},
        /* one escape VC (one class per phase) without dateline classes: the rings close */
        {M, 8, 2, 3, T, 0, 1}, {M, 5, 1, 2, T, 0, 1}, {G, 8, 2, 3, T, 0, 1},
        {VL, 8, 2, 4, T, 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = dl_cfg(cases[i].routing, cases[i].k, cases[i].n, cases[i].vcs,
                             cases[i].topo, cases[i].dateline);
        int r = tn_deadlock_check(&c, rep, sizeof rep);
        if (r != cases[i].expect)
            fail_msg("%s k=%d n=%d vcs=%d dateline=%d: %d (%s)", tn_routing_name(c.routing), c.k,
                     c.n, c.vcs, c.dateline, r, rep);
        assert_non_null(strstr(rep, r ? "cycle" : "acyclic: "));
        if (r)
            check_cycle_report(&c, rep);
        if (!r && c.routing != D && c.routing != VL)
            assert_non_null(strstr(rep, "escape channels"));
    }
    /* too few VCs for the algorithm is rejected, naming the key and the range */
    tn_config c;
    tn_config_default(&c);
    c.vcs = 1;
    assert_int_equal(tn_deadlock_check(&c, rep, sizeof rep), -1);
    assert_non_null(strstr(rep, "'vcs'"));
    c.vcs = 2;
    c.routing = TN_ROUTE_MINAD;
    assert_int_equal(tn_deadlock_check(&c, rep, sizeof rep), -1);
    assert_non_null(strstr(rep, "3..16"));
}

/* A report buffer shorter than the report (tn.h: the report is written into len bytes): for
 * every len from 1 to the whole report's length + 1, a buffer of exactly len bytes (ASan sees a
 * write past it) holds the report's first len - 1 characters and its terminator, and the
 * verdict does not change. A cycle report (its entries and its " back to the first" cut at
 * every place), VAL's with phases, an acyclic summary and a refusal. */
static void test_deadlock_report_truncated(void **st_)
{
    (void)st_;
    enum { D = TN_ROUTE_DOR, M = TN_ROUTE_MINAD, VL = TN_ROUTE_VAL };
    struct { int routing, k, n, vcs, dateline, expect; } cases[] = {
        {D, 8, 1, 2, 0, 1}, {VL, 8, 2, 4, 0, 1}, {M, 8, 2, 3, 1, 0}, {M, 8, 2, 2, 1, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c = dl_cfg(cases[i].routing, cases[i].k, cases[i].n, cases[i].vcs,
                             TN_TOPO_TORUS, cases[i].dateline);
        char full[2048];
        assert_int_equal(tn_deadlock_check(&c, full, sizeof full), cases[i].expect);
        size_t n = strlen(full);
        assert_true(n > 20 && n + 1 < sizeof full);
        for (size_t len = 1; len <= n + 1; len++) {
            char *rep = malloc(len);
            assert_non_null(rep);
            int r = tn_deadlock_check(&c, rep, len);
            if (r != cases[i].expect || strlen(rep) != len - 1 || memcmp(rep, full, len - 1))
                fail_msg("%s k=%d n=%d vcs=%d, a buffer of %zu bytes: %d '%s'; the whole "
                         "report: %d '%s'", tn_routing_name(c.routing), c.k, c.n, c.vcs, len, r,
                         rep, cases[i].expect, full);
            free(rep);
        }
    }
}

/* The broken configuration really deadlocks, and the watchdog says so instead of hanging. */
static void test_watchdog_reports_deadlock(void **st_)
{
    (void)st_;
    char err[TN_ERRLEN];
    tn_config c = base(8, 1);
    c.dateline = 0;
    c.vcs = 1;
    c.buf = 2;
    c.pkt_min = c.pkt_max = 8;
    c.load = 0.9;
    c.watchdog = 1000;
    c.warmup = 100;
    c.measure = 2000;
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), -1);
    assert_true(tn_sim_deadlocked(s));
    assert_true(st.deadlocked);
    assert_non_null(strstr(tn_sim_deadlock_report(s), "no flit moved for 1000 cycles while"));
    assert_non_null(strstr(tn_sim_deadlock_report(s), "stuck VCs: [node"));
    assert_true(st.injected > st.delivered);
    /* the report lists the first 8 occupied input VCs in index order (node, port, VC), each with
     * its flit count, and no more: here more than 8 are stuck */
    const char *rep = tn_sim_deadlock_report(s), *e = rep;
    long stuck = 0;
    int listed = 0;
    for (long i = 0; i < (long)s->g.nodes * s->P * s->V; i++) {
        if (!s->rt.iu.cnt[i])
            continue;
        if (++stuck > 8)
            continue;
        int node, port, vc, flits;
        e = strstr(e, " [node ");
        assert_non_null(e);
        assert_int_equal(sscanf(e, " [node %d port %d vc %d: %d flits", &node, &port, &vc, &flits),
                         4);
        if ((long)(node * s->P + port) * s->V + vc != i || flits != s->rt.iu.cnt[i])
            fail_msg("stuck VC %d listed as node %d port %d vc %d with %d flits; VC %ld holds %d",
                     listed, node, port, vc, flits, i, s->rt.iu.cnt[i]);
        listed++;
        e++;
    }
    assert_true(stuck > 8);
    assert_int_equal(listed, 8);
    assert_null(strstr(e, " [node "));
    tn_sim_free(s);
    /* the same traffic with the dateline classes drains */
    c.dateline = 1;
    c.vcs = 2;
    tn_stats ok = run_cfg(&c);
    assert_false(ok.deadlocked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlock_checker),
        cmocka_unit_test(test_deadlock_graph_counts),
        cmocka_unit_test(test_deadlock_report_truncated),
        cmocka_unit_test(test_watchdog_reports_deadlock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
