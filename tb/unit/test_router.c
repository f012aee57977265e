/* SPDX-License-Identifier: MIT */
/* Unit tests of the router blocks: round-robin arbiter, DOR direction and tie rule, dateline
 * classes, route computation (DOR and VAL's VC sets; the adaptive families' productive ports,
 * hops and escape port), in-transit priority. */
#include "tn_test.h"
#include "tn_internal.h"

static void test_rr_pick(void **st)
{
    (void)st;
    assert_int_equal(tn_rr_pick(0, 4, 0), -1);
    assert_int_equal(tn_rr_pick(0xF, 4, 0), 0);
    assert_int_equal(tn_rr_pick(0xF, 4, 2), 2);
    assert_int_equal(tn_rr_pick(0x3, 4, 2), 0);  /* wraps */
    assert_int_equal(tn_rr_pick(0x9, 4, 1), 3);
    assert_int_equal(tn_rr_pick(0x9, 4, 3), 3);
    assert_int_equal(tn_rr_pick(0x1u << 11, 12, 11), 11);
}

static void test_dor_dir(void **st)
{
    (void)st;
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 0, 0), 0);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 0, 3), 1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 0, 5), -1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 6, 1), 1);  /* 3 hops through the wrap */
    /* tie at k/2: + from an even coordinate, - from an odd one */
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 0, 4), 1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 2, 6), 1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 1, 5), -1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_TORUS, 7, 3), -1);
    assert_int_equal(tn_dor_dir(2, TN_TOPO_TORUS, 0, 1), 1);
    assert_int_equal(tn_dor_dir(2, TN_TOPO_TORUS, 1, 0), -1);
    /* odd k has no tie */
    assert_int_equal(tn_dor_dir(5, TN_TOPO_TORUS, 0, 2), 1);
    assert_int_equal(tn_dor_dir(5, TN_TOPO_TORUS, 0, 3), -1);
    /* mesh never wraps */
    assert_int_equal(tn_dor_dir(8, TN_TOPO_MESH, 0, 7), 1);
    assert_int_equal(tn_dor_dir(8, TN_TOPO_MESH, 7, 0), -1);
}

static void test_dateline_class(void **st)
{
    (void)st;
    /* + direction: class 0 while the wrap k-1 -> 0 is strictly ahead */
    assert_int_equal(tn_dateline_class(8, 5, 0, 1), 0);
    assert_int_equal(tn_dateline_class(8, 6, 1, 1), 0);
    assert_int_equal(tn_dateline_class(8, 7, 1, 1), 1); /* the wrap hop itself */
    assert_int_equal(tn_dateline_class(8, 0, 1, 1), 1); /* after the wrap */
    assert_int_equal(tn_dateline_class(8, 2, 5, 1), 1); /* never wraps */
    /* - direction: class 0 while the wrap 0 -> k-1 is strictly ahead */
    assert_int_equal(tn_dateline_class(8, 2, 6, -1), 0);
    assert_int_equal(tn_dateline_class(8, 0, 6, -1), 1);
    assert_int_equal(tn_dateline_class(8, 7, 6, -1), 1);
    assert_int_equal(tn_dateline_class(8, 5, 2, -1), 1);
}

/* the geometry of an 8x8 torus with VCS VCs per port (the default keys otherwise) */
static void geom_8x8(tn_geom *g, int vcs)
{
    tn_config c;
    tn_config_default(&c);
    c.k = 8;
    c.n = 2;
    c.vcs = vcs;
    assert_int_equal(tn_geom_init(g, &c), 0);
}

static void test_route_dor(void **st)
{
    (void)st;
    tn_geom g;
    geom_8x8(&g, 4);
    int cur[2] = {6, 3};
    tn_route_out r;
    /* x first: 6 -> 1 goes + through the wrap, class 0 (VC 0 of 4) */
    tn_route_dor(&g, 4, cur, tn_addr_of(&g, 1 + 8 * 5), 0, &r);
    assert_int_equal(r.port, tn_port_plus(0));
    assert_int_equal(r.vc_lo, 0);
    assert_int_equal(r.vc_hi, 1);
    /* x done: y 3 -> 5 goes +, class 1 (VCs 1..3) */
    tn_route_dor(&g, 4, cur, tn_addr_of(&g, 6 + 8 * 5), 0, &r);
    assert_int_equal(r.port, tn_port_plus(1));
    assert_int_equal(r.vc_lo, 1);
    assert_int_equal(r.vc_hi, 4);
    /* y 3 -> 1 goes - */
    tn_route_dor(&g, 4, cur, tn_addr_of(&g, 6 + 8 * 1), 0, &r);
    assert_int_equal(r.port, tn_port_minus(1));
    /* at the destination: ejection, every VC */
    tn_route_dor(&g, 4, cur, tn_addr_of(&g, 6 + 8 * 3), 3, &r);
    assert_int_equal(r.port, 0);
    assert_int_equal(r.vc_lo, 0);
    assert_int_equal(r.vc_hi, 4);
    /* V = 2: one VC per class; V = 8: class 0 is VCs 0..1 */
    tn_route_dor(&g, 2, cur, tn_addr_of(&g, 1 + 8 * 3), 0, &r);
    assert_int_equal(r.vc_hi, 1);
    tn_route_dor(&g, 8, cur, tn_addr_of(&g, 1 + 8 * 3), 0, &r);
    assert_int_equal(r.vc_hi, 2);
    tn_route_dor(&g, 8, cur, tn_addr_of(&g, 7 + 8 * 3), 0, &r);
    assert_int_equal(r.vc_lo, 2);
    tn_geom_free(&g);
}

/* VAL's VC sets (docs/microarchitecture.md R20.1.5, R8.4.1), written from the rule: phase 0 uses
 * [0, Vh), phase 1 [Vh, V), Vh = V/2; inside a phase's set of size s, class 0 is its first
 * max(1, s/4) VCs and class 1 the rest; one class with dateline=off; ejection any VC. For every V
 * the rule allows up to 16, both phases, both classes and both dateline settings: V = 8 is the VAL
 * figures' configuration (docs/router-v2.md), where phase 1's split differs from phase 0's
 * shifted by Vh only through the set's own size. */
static void test_route_val(void **st)
{
    (void)st;
    tn_geom g;
    geom_8x8(&g, 16);
    int cur[2] = {6, 3};
    /* from (6, 3): toward x = 1 the hop is + through the wrap, class 0; toward (6, 5) it is +y,
     * class 1 (test_route_dor) */
    uint32_t to_c0 = tn_addr_of(&g, 1 + 8 * 5), to_c1 = tn_addr_of(&g, 6 + 8 * 5);
    uint32_t other = tn_addr_of(&g, 2 + 8 * 2), here = tn_addr_of(&g, 6 + 8 * 3);
    for (int dl = 0; dl <= 1; dl++) {
        g.dateline = dl;
        for (int v = 4; v <= 16; v++) {
            int vh = v / 2;
            for (int ph = 0; ph <= 1; ph++) {
                int lo = ph ? vh : 0, size = ph ? v - vh : vh;
                int v0 = size / 4 > 1 ? size / 4 : 1;
                tn_route_out r;
                /* phase 0 routes toward the intermediate node, phase 1 toward the destination */
                for (int cls = 0; cls <= 1; cls++) {
                    uint32_t to = cls ? to_c1 : to_c0;
                    tn_route_val(&g, v, cur, ph ? to : other, ph ? other : to, ph, 0, &r);
                    assert_int_equal(r.port, cls ? tn_port_plus(1) : tn_port_plus(0));
                    int want_lo = lo + (dl && cls ? v0 : 0);
                    int want_hi = dl && !cls ? lo + v0 : lo + size;
                    if (r.vc_lo != want_lo || r.vc_hi != want_hi)
                        fail_msg("V=%d dateline=%d phase %d class %d: VCs [%d, %d), want [%d, %d)",
                                 v, dl, ph, cls, r.vc_lo, r.vc_hi, want_lo, want_hi);
                }
                /* at the destination in phase 1 (or at the intermediate node, which starts it
                 * there): ejection on any VC */
                tn_route_val(&g, v, cur, here, ph ? other : here, ph, 0, &r);
                assert_int_equal(r.port, 0);
                assert_int_equal(r.vc_lo, 0);
                assert_int_equal(r.vc_hi, v);
            }
        }
    }
    tn_geom_free(&g);
}

/* The turns of DOR (docs/microarchitecture.md 8.6): a DOR-only RTL build (ROUTING = 0) has crossbar
 * connections only for them, so they must hold for every packet. Every (source, destination) pair
 * is routed hop by hop with the model's own route function, from every injection channel, on tori
 * and meshes of K = 2..8, N = 1..3, TERM = 1..3: a head that arrived on a network port leaves on a
 * port of a higher dimension, on the port of its own dimension that continues its direction, or
 * on the ejection channel of its input port (R8.2.2); one injected at a terminal port ejects on
 * that rule's channel. */
static int dor_turn_ok(const tn_geom *g, int ip, int op)
{
    if (tn_port_is_term(g, op))
        return op == tn_term_port(g, ip % g->term);
    if (tn_port_is_term(g, ip))
        return 1;
    int di = (ip - 1) / 2, dout = (op - 1) / 2;
    return dout > di || (dout == di && op != ip);
}

/* The geometry of a k-ary n-cube (topo 0: torus, 1: mesh) with term terminals and vcs VCs. */
static void geom_of(tn_geom *g, int topo, int n, int k, int term, int vcs)
{
    tn_config c;
    tn_config_default(&c);
    c.k = k;
    c.n = n;
    c.term = term;
    c.topo = topo ? TN_TOPO_MESH : TN_TOPO_TORUS;
    c.vcs = vcs;
    assert_int_equal(tn_geom_init(g, &c), 0);
}

/* The adaptive route (R19.1.3, GOAL R20.2.2) of every pair of nodes on tori and meshes of 1 to 3
 * dimensions, K = 2..8: in each dimension with an offset (t, c its coordinates at the
 * destination and here), the hops left and the productive directions are, on a mesh |t - c| the
 * way toward t; on a torus under MIN AD the shorter way, (t - c) mod K for + and (c - t) mod K
 * for -, both at a tie; under GOAL the way of the quadrant's bit d (1: -), minimal or not. A
 * dimension without an offset has 0 hops and no productive port; the escape port is the lowest
 * dimension with an offset, in DOR's direction (MIN AD) or the quadrant's (GOAL). */
static void test_route_adaptive(void **st)
{
    (void)st;
    long checked = 0;
    for (int topo = 0; topo < 2; topo++)
        for (int n = 1; n <= 3; n++)
            for (int k = 2; k <= 8; k++) {
                tn_geom g;
                geom_of(&g, topo, n, k, 1, 3);
                for (int src = 0; src < g.nodes; src++)
                    for (int dst = 0; dst < g.nodes; dst++)
                        for (int quad = -1; quad < (topo ? 0 : 1 << n); quad++) {
                            int cur[4], hops[4];
                            uint32_t prod, want_prod = 0;
                            tn_route_out esc;
                            tn_coords(&g, src, cur);
                            tn_route_adaptive(&g, 3, cur, tn_addr_of(&g, dst), 0, quad, &esc,
                                              &prod, hops);
                            int esc_port = -1;
                            for (int d = 0, a = src, b = dst; d < n; d++, a /= k, b /= k) {
                                int cc = a % k, t = b % k, plus = (t - cc + k) % k,
                                    minus = (cc - t + k) % k, h = 0, up = 0, dn = 0;
                                if (cc != t && topo) {
                                    h = t > cc ? t - cc : cc - t;
                                    up = t > cc;
                                    dn = !up;
                                } else if (cc != t && quad < 0) {
                                    h = plus < minus ? plus : minus;
                                    up = plus <= minus;
                                    dn = minus <= plus;
                                } else if (cc != t) {
                                    dn = (quad >> d) & 1;
                                    up = !dn;
                                    h = dn ? minus : plus;
                                }
                                want_prod |= (uint32_t)up << (2 * d) | (uint32_t)dn << (2 * d + 1);
                                if (cc != t && esc_port < 0) {
                                    int dir = quad < 0 ? tn_dor_dir(k, g.topo, cc, t)
                                                       : ((quad >> d) & 1) ? -1 : 1;
                                    esc_port = dir > 0 ? 1 + 2 * d : 2 + 2 * d;
                                }
                                if (hops[d] != h)
                                    fail_msg("%s K=%d N=%d quad %d: %d -> %d, dimension %d: %d "
                                             "hops, want %d", topo ? "mesh" : "torus", k, n, quad,
                                             src, dst, d, hops[d], h);
                            }
                            if (prod != want_prod || (esc_port >= 0 && esc.port != esc_port) ||
                                (esc_port < 0 && !tn_port_is_term(&g, esc.port)))
                                fail_msg("%s K=%d N=%d quad %d: %d -> %d: productive 0x%x, want "
                                         "0x%x; escape port %d, want %d", topo ? "mesh" : "torus",
                                         k, n, quad, src, dst, prod, want_prod, esc.port,
                                         esc_port);
                            checked++;
                        }
                tn_geom_free(&g);
            }
    assert_true(checked > 500000);
}

static void test_dor_turns(void **st)
{
    (void)st;
    long hops = 0;
    for (int topo = 0; topo < 2; topo++)
        for (int n = 1; n <= 3; n++)
            for (int k = 2; k <= 8; k++)
                for (int term = 1; term <= 3; term += 2) {
                    tn_geom g;
                    geom_of(&g, topo, n, k, term, 2);
                    for (int src = 0; src < g.nodes; src++)
                        for (int dst = 0; dst < g.nodes; dst++)
                            for (int ch = 0; ch < term; ch++) {
                                int node = src, ip = tn_term_port(&g, ch), steps = 0;
                                for (;;) {
                                    int cur[4];
                                    tn_route_out r;
                                    tn_coords(&g, node, cur);
                                    tn_route_dor(&g, 2, cur, tn_addr_of(&g, dst), ip, &r);
                                    if (!dor_turn_ok(&g, ip, r.port))
                                        fail_msg("K=%d N=%d TERM=%d %s: %d -> %d at node %d: "
                                                 "in port %d, out port %d", k, n, term,
                                                 topo ? "mesh" : "torus", src, dst, node, ip,
                                                 r.port);
                                    if (tn_port_is_term(&g, r.port)) {
                                        assert_int_equal(node, dst);
                                        break;
                                    }
                                    int next = g.nbr[node * g.ports + r.port];
                                    assert_true(next >= 0);
                                    /* output +d arrives on input -d, and the reverse (R3.4) */
                                    ip = (r.port % 2) ? r.port + 1 : r.port - 1;
                                    node = next;
                                    hops++;
                                    assert_true(++steps <= n * k);
                                }
                            }
                    tn_geom_free(&g);
                }
    assert_true(hops > 1000000); /* the walk covered the networks */
}

static void test_term_ports(void **st)
{
    (void)st;
    tn_config c;
    tn_geom g;
    tn_config_default(&c);
    c.k = 4;
    c.n = 2;
    c.term = 3;
    assert_int_equal(tn_geom_init(&g, &c), 0);
    assert_int_equal(g.ports, 7);
    assert_int_equal(tn_term_port(&g, 0), 0);
    assert_int_equal(tn_term_port(&g, 1), 5);
    assert_int_equal(tn_term_port(&g, 2), 6);
    assert_true(tn_port_is_term(&g, 0));
    assert_false(tn_port_is_term(&g, 4));
    assert_true(tn_port_is_term(&g, 6));
    /* ejection channel = input port mod term */
    int cur[2] = {1, 1};
    tn_route_out r;
    tn_route_dor(&g, 2, cur, tn_addr_of(&g, 5), 4, &r);
    assert_int_equal(r.port, tn_term_port(&g, 4 % 3));
    /* neighbours: +x of (3,0) wraps to (0,0) */
    assert_int_equal(g.nbr[3 * g.ports + tn_port_plus(0)], 0);
    assert_int_equal(g.nbr[0 * g.ports + tn_port_minus(1)], 12);
    tn_geom_free(&g);
}

/* In-transit priority (section 7.4): terminal ports (0 and > nnet) lose an output port that a
 * network port also asks for, and keep it when none does. */
static void test_transit(void **st)
{
    (void)st;
    /* 2-D router with 1 terminal channel: network ports 1..4, terminal 0 (and 5 with term=2) */
    assert_int_equal(tn_sa_transit(0x01u, 4), 0x01u);      /* injection alone keeps it */
    assert_int_equal(tn_sa_transit(0x05u, 4), 0x04u);      /* port 2 beats injection */
    assert_int_equal(tn_sa_transit(0x21u | 0x10u, 4), 0x10u); /* port 4 beats 0 and 5 */
    assert_int_equal(tn_sa_transit(0x21u, 4), 0x21u);      /* only terminal ports: unchanged */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rr_pick),       cmocka_unit_test(test_dor_dir),
        cmocka_unit_test(test_transit),
        cmocka_unit_test(test_dateline_class), cmocka_unit_test(test_route_dor),
        cmocka_unit_test(test_term_ports),     cmocka_unit_test(test_dor_turns),
        cmocka_unit_test(test_route_val),      cmocka_unit_test(test_route_adaptive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
