/* SPDX-License-Identifier: MIT */
/* Unit tests of cmodel/hw/traffic.c: every example of docs/traffic.md, permutation
 * properties, draw counts and distribution sanity (the trace loader: test_trace.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "tn.h"
#include "tn_internal.h" /* the simulator's Bernoulli threshold (p_thresh) */

/* ---------------------------------------------------------------- helpers */

typedef struct env {
    tn_config c;
    tn_geom g;
    tn_traffic_gen t;
    char err[TN_ERRLEN];
    int rc;
} env;

static void cfg(tn_config *c, int k, int n, int topo, int traffic)
{
    memset(c, 0, sizeof(*c));
    c->k = k;
    c->n = n;
    c->topo = topo;
    c->traffic = traffic;
    c->term = 1;
    c->pkt_min = c->pkt_max = 4;
}

/* Geometry plus traffic generator; e->rc is the tn_traffic_init result. */
static void env_open(env *e, int k, int n, int topo, int traffic)
{
    memset(e, 0, sizeof(*e));
    cfg(&e->c, k, n, topo, traffic);
    assert_int_equal(tn_geom_init(&e->g, &e->c), 0);
}

static int env_init(env *e)
{
    e->err[0] = '\0';
    e->rc = tn_traffic_init(&e->t, &e->c, &e->g, e->err, sizeof(e->err));
    return e->rc;
}

static void env_close(env *e)
{
    tn_traffic_free(&e->t);
    tn_geom_free(&e->g);
}

/* Check a function pattern: dest == perm == want[s], and no draw from the stream. */
static void check_function(int k, int n, int traffic, uint32_t perm_seed, const int *src,
                           const int *want, int count)
{
    env e;
    env_open(&e, k, n, TN_TOPO_TORUS, traffic);
    e.c.perm_seed = perm_seed;
    assert_int_equal(env_init(&e), 0);
    for (int i = 0; i < count; i++) {
        int s = src ? src[i] : i;
        tn_rng r = { 0x12345678u };
        assert_int_equal(tn_traffic_perm(&e.t, &e.g, s), want[i]);
        assert_int_equal(tn_traffic_dest(&e.t, &e.g, s, &r), want[i]);
        assert_int_equal(r.s, 0x12345678u);
    }
    env_close(&e);
}

/* ---------------------------------------------------------------- doc 7.1: 4x4 torus */

enum { COL_TORNADO, COL_BITCOMP, COL_BITREV, COL_SHUFFLE, COL_BUTTERFLY, COL_TRANSPOSE,
       COL_RANDPERM, NCOL };
static const int col_pattern[NCOL] = { TN_TR_TORNADO, TN_TR_BITCOMP, TN_TR_BITREV,
                                       TN_TR_SHUFFLE, TN_TR_BUTTERFLY, TN_TR_TRANSPOSE,
                                       TN_TR_RANDPERM };

/* s, x, y, tornado, bitcomp, bitrev, shuffle, butterfly, transpose, randperm(seed 1) */
static const int tab_4x4[16][3 + NCOL] = {
    { 0, 0, 0, 1, 15, 0, 0, 0, 0, 4 },
    { 1, 1, 0, 2, 14, 8, 2, 8, 4, 6 },
    { 2, 2, 0, 3, 13, 4, 4, 2, 8, 11 },
    { 3, 3, 0, 0, 12, 12, 6, 10, 12, 0 },
    { 4, 0, 1, 5, 11, 2, 8, 4, 1, 13 },
    { 5, 1, 1, 6, 10, 10, 10, 12, 5, 10 },
    { 6, 2, 1, 7, 9, 6, 12, 6, 9, 12 },
    { 7, 3, 1, 4, 8, 14, 14, 14, 13, 9 },
    { 8, 0, 2, 9, 7, 1, 1, 1, 2, 2 },
    { 9, 1, 2, 10, 6, 9, 3, 9, 6, 8 },
    { 10, 2, 2, 11, 5, 5, 5, 3, 10, 15 },
    { 11, 3, 2, 8, 4, 13, 7, 11, 14, 3 },
    { 12, 0, 3, 13, 3, 3, 9, 5, 3, 5 },
    { 13, 1, 3, 14, 2, 11, 11, 13, 7, 1 },
    { 14, 2, 3, 15, 1, 7, 13, 7, 11, 7 },
    { 15, 3, 3, 12, 0, 15, 15, 15, 15, 14 },
};

static void test_doc_4x4_coords(void **state)
{
    (void)state;
    env e;
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_UNIFORM);
    for (int i = 0; i < 16; i++) {
        int co[TN_MAX_N];
        tn_coords(&e.g, tab_4x4[i][0], co);
        assert_int_equal(co[0], tab_4x4[i][1]);
        assert_int_equal(co[1], tab_4x4[i][2]);
        assert_int_equal(tn_node_of(&e.g, co), tab_4x4[i][0]);
        assert_int_equal(tab_4x4[i][0], tab_4x4[i][1] + 4 * tab_4x4[i][2]);
        /* k a power of two: the node id is the packed address */
        assert_int_equal(tn_addr_of(&e.g, tab_4x4[i][0]), (uint32_t)tab_4x4[i][0]);
    }
    env_close(&e);
}

static void test_doc_4x4_table(void **state)
{
    (void)state;
    for (int col = 0; col < NCOL; col++) {
        int src[16], want[16];
        for (int i = 0; i < 16; i++) {
            src[i] = tab_4x4[i][0];
            want[i] = tab_4x4[i][3 + col];
        }
        check_function(4, 2, col_pattern[col], 1, src, want, 16);
    }
}

static void test_doc_4x4_randperm_seed2(void **state)
{
    (void)state;
    static const int want[16] = { 10, 9, 5, 14, 12, 11, 3, 2, 13, 8, 0, 1, 6, 15, 4, 7 };
    check_function(4, 2, TN_TR_RANDPERM, 2, NULL, want, 16);
}

/* bitcomp is the bit complement of the id when k is a power of two */
static void test_doc_bitcomp_xor(void **state)
{
    (void)state;
    static const int ks[] = { 2, 4, 8, 16 };
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        env e;
        env_open(&e, ks[i], 2, TN_TOPO_TORUS, TN_TR_BITCOMP);
        assert_int_equal(env_init(&e), 0);
        for (int s = 0; s < e.g.nodes; s++)
            assert_int_equal(tn_traffic_perm(&e.t, &e.g, s), (e.g.nodes - 1) ^ s);
        env_close(&e);
    }
}

/* transpose on a square 2-D torus with k a power of two is (x,y) -> (y,x) */
static void test_doc_transpose_xy(void **state)
{
    (void)state;
    static const int ks[] = { 2, 4, 8, 16, 64 };
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        env e;
        env_open(&e, ks[i], 2, TN_TOPO_TORUS, TN_TR_TRANSPOSE);
        assert_int_equal(env_init(&e), 0);
        for (int s = 0; s < e.g.nodes; s++) {
            int c[TN_MAX_N], t[TN_MAX_N];
            tn_coords(&e.g, s, c);
            t[0] = c[1];
            t[1] = c[0];
            assert_int_equal(tn_traffic_perm(&e.t, &e.g, s), tn_node_of(&e.g, t));
        }
        env_close(&e);
    }
}

/* ---------------------------------------------------------------- doc 7.2: 8-ary 2-cube */

static void test_doc_8x8_table(void **state)
{
    (void)state;
    /* s, x, y, tornado, bitcomp, bitrev, shuffle, butterfly, transpose */
    static const int tab[8][9] = {
        { 0, 0, 0, 3, 63, 0, 0, 0, 0 },      { 1, 1, 0, 4, 62, 32, 2, 32, 8 },
        { 7, 7, 0, 2, 56, 56, 14, 38, 56 },  { 9, 1, 1, 12, 54, 36, 18, 40, 9 },
        { 10, 2, 1, 13, 53, 20, 20, 10, 17 }, { 20, 4, 2, 23, 43, 10, 40, 20, 34 },
        { 35, 3, 4, 38, 28, 49, 7, 35, 28 }, { 63, 7, 7, 58, 0, 63, 63, 63, 63 },
    };
    env e;
    env_open(&e, 8, 2, TN_TOPO_TORUS, TN_TR_UNIFORM);
    for (int i = 0; i < 8; i++) {
        int co[TN_MAX_N];
        tn_coords(&e.g, tab[i][0], co);
        assert_int_equal(co[0], tab[i][1]);
        assert_int_equal(co[1], tab[i][2]);
    }
    env_close(&e);
    for (int col = 0; col < 6; col++) {
        int src[8], want[8];
        for (int i = 0; i < 8; i++) {
            src[i] = tab[i][0];
            want[i] = tab[i][3 + col];
        }
        check_function(8, 2, col_pattern[col], 0, src, want, 8);
    }
}

/* ---------------------------------------------------------------- doc 7.3: odd, small radix */

static void test_doc_odd_small(void **state)
{
    (void)state;
    /* s, x, y, tornado, bitcomp */
    static const int tab[6][5] = {
        { 0, 0, 0, 2, 24 }, { 3, 3, 0, 0, 21 }, { 4, 4, 0, 1, 20 },
        { 7, 2, 1, 9, 17 }, { 12, 2, 2, 14, 12 }, { 24, 4, 4, 21, 0 },
    };
    int src[6], tor[6], bc[6];
    env e;
    env_open(&e, 5, 2, TN_TOPO_TORUS, TN_TR_UNIFORM);
    for (int i = 0; i < 6; i++) {
        int co[TN_MAX_N];
        tn_coords(&e.g, tab[i][0], co);
        assert_int_equal(co[0], tab[i][1]);
        assert_int_equal(co[1], tab[i][2]);
        src[i] = tab[i][0];
        tor[i] = tab[i][3];
        bc[i] = tab[i][4];
    }
    env_close(&e);
    check_function(5, 2, TN_TR_TORNADO, 0, src, tor, 6);
    check_function(5, 2, TN_TR_BITCOMP, 0, src, bc, 6);

    static const int tor3[3] = { 1, 2, 0 }, bc3[3] = { 2, 1, 0 };
    check_function(3, 1, TN_TR_TORNADO, 0, NULL, tor3, 3);
    check_function(3, 1, TN_TR_BITCOMP, 0, NULL, bc3, 3);

    static const int id8[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    check_function(2, 3, TN_TR_TORNADO, 0, NULL, id8, 8);

    /* N = 2: bitrev, shuffle, butterfly are the identity */
    static const int id2[2] = { 0, 1 };
    check_function(2, 1, TN_TR_BITREV, 0, NULL, id2, 2);
    check_function(2, 1, TN_TR_SHUFFLE, 0, NULL, id2, 2);
    check_function(2, 1, TN_TR_BUTTERFLY, 0, NULL, id2, 2);
}

/* ---------------------------------------------------------------- doc 5: init errors */

static void expect_init_error(int k, int n, int traffic, const char *msg)
{
    env e;
    env_open(&e, k, n, TN_TOPO_TORUS, traffic);
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err, msg);
    env_close(&e);
}

static void test_doc_init_errors(void **state)
{
    (void)state;
    expect_init_error(3, 3, TN_TR_BITREV,
                      "traffic=bitrev needs a power-of-two node count; k^n = 27 is not "
                      "(allowed: k a power of two)");
    expect_init_error(3, 3, TN_TR_SHUFFLE,
                      "traffic=shuffle needs a power-of-two node count; k^n = 27 is not "
                      "(allowed: k a power of two)");
    expect_init_error(5, 2, TN_TR_BUTTERFLY,
                      "traffic=butterfly needs a power-of-two node count; k^n = 25 is not "
                      "(allowed: k a power of two)");
    expect_init_error(6, 2, TN_TR_TRANSPOSE,
                      "traffic=transpose needs a power-of-two node count; k^n = 36 is not "
                      "(allowed: k a power of two)");
    expect_init_error(2, 3, TN_TR_TRANSPOSE,
                      "traffic=transpose needs an even number of address bits; k^n = 8 has b = 3");
    expect_init_error(8, 1, TN_TR_TRANSPOSE,
                      "traffic=transpose needs an even number of address bits; k^n = 8 has b = 3");
    expect_init_error(4, 2, TN_TR_LAST, "traffic=11 unknown (allowed 0..10)");
    expect_init_error(4, 2, -1, "traffic=-1 unknown (allowed 0..10)");

    env e;
    /* hotspot: no hot node */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 0.5;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err,
                        "traffic=hotspot: hot_nodes has 0 nodes (allowed 1..16 nodes, each 0..15)");
    env_close(&e);
    /* hotspot: too many */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.n_hot = TN_MAX_HOT + 1;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err,
                        "traffic=hotspot: hot_nodes has 17 nodes (allowed 1..16 nodes, each 0..15)");
    env_close(&e);
    /* hotspot: node out of range (doc example) */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 0.5;
    e.c.n_hot = 2;
    e.c.hot[0] = 3;
    e.c.hot[1] = 16;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err, "hot_nodes: node 16 out of range 0..15");
    env_close(&e);
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.n_hot = 1;
    e.c.hot[0] = -1;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err, "hot_nodes: node -1 out of range 0..15");
    env_close(&e);
    /* hotspot: hot_frac */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.n_hot = 1;
    e.c.hot[0] = 3;
    e.c.hot_frac = 1.5;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err, "hot_frac=1.5 out of range 0..1");
    e.c.hot_frac = -0.25;
    assert_int_equal(env_init(&e), -1);
    assert_string_equal(e.err, "hot_frac=-0.25 out of range 0..1");
    e.c.hot_frac = 1.0;
    assert_int_equal(env_init(&e), 0);
    assert_true(e.t.hot_thresh == 4294967296ull);
    tn_traffic_free(&e.t);
    e.c.hot_frac = 0.5;
    assert_int_equal(env_init(&e), 0);
    assert_true(e.t.hot_thresh == 0x80000000ull);
    env_close(&e);

    /* the bit patterns are fine on every power-of-two size, the others on every size */
    env_open(&e, 3, 3, TN_TOPO_TORUS, TN_TR_TORNADO);
    assert_int_equal(env_init(&e), 0);
    env_close(&e);
}

/* ---------------------------------------------------------------- doc 7.4: draw sequences */

#define DOC_SEED 0x4b6e32ccu

static void test_doc_stream(void **state)
{
    (void)state;
    static const uint32_t xs[8] = { 0x2bc97eb7u, 0x87ec0bb8u, 0xd5fa1655u, 0x712f446du,
                                    0xadf7bf3cu, 0x181254b4u, 0x021b4336u, 0x25cb7708u };
    assert_int_equal(tn_seed_stream(1, TN_STREAM_TRAFFIC, 0), DOC_SEED);
    tn_rng r = { DOC_SEED };
    for (int i = 0; i < 8; i++)
        assert_int_equal(tn_rng_next(&r), xs[i]);
}

static void expect_dests(env *e, int src, const int *want, int count, int draws)
{
    tn_rng r = { DOC_SEED }, ref = { DOC_SEED };
    for (int i = 0; i < count; i++) {
        assert_int_equal(tn_traffic_dest(&e->t, &e->g, src, &r), want[i]);
        for (int d = 0; d < draws; d++)
            tn_rng_next(&ref);
        assert_int_equal(r.s, ref.s);
    }
}

/* Section 2's threshold example: k = 15, pkt = 1, load = 0.35 has p = 3/16 exactly, but the
 * binary64 steps give p = 0.18749999999999997 and the threshold 805306367, which the simulator
 * uses (not 805306368). */
static void test_doc_threshold(void **state)
{
    (void)state;
    tn_config c;
    tn_config_default(&c);
    c.k = 15;
    c.pkt_min = c.pkt_max = 1;
    c.load = 0.35;
    double p = tn_rate_flits(&c) / ((double)c.term * 1.0);
    assert_true(p == 0.18749999999999997);
    assert_true((uint64_t)(p * 4294967296.0) == 805306367u);
    char err[TN_ERRLEN];
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    assert_non_null(s);
    assert_true(s->gen.p_thresh == 805306367u);
    tn_sim_free(s);
}

static void test_doc_draws(void **state)
{
    (void)state;
    env e;
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_UNIFORM);
    assert_int_equal(env_init(&e), 0);
    static const int uni[4] = { 2, 8, 13, 7 };
    expect_dests(&e, 0, uni, 4, 1);
    expect_dests(&e, 9, uni, 4, 1); /* the source does not matter */
    env_close(&e);

    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_NEIGHBOR);
    assert_int_equal(env_init(&e), 0);
    /* neighbour list of node 5 in port order */
    assert_int_equal(e.g.nbr[5 * e.g.ports + 1], 6);
    assert_int_equal(e.g.nbr[5 * e.g.ports + 2], 4);
    assert_int_equal(e.g.nbr[5 * e.g.ports + 3], 9);
    assert_int_equal(e.g.nbr[5 * e.g.ports + 4], 1);
    static const int nt[4] = { 6, 9, 1, 4 };
    expect_dests(&e, 5, nt, 4, 1);
    env_close(&e);

    env_open(&e, 4, 2, TN_TOPO_MESH, TN_TR_NEIGHBOR);
    assert_int_equal(env_init(&e), 0);
    static const int nm0[4] = { 1, 4, 4, 1 };
    expect_dests(&e, 0, nm0, 4, 1);
    static const int nm1[4] = { 2, 0, 5, 0 };
    expect_dests(&e, 1, nm1, 4, 1);
    env_close(&e);

    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 0.5;
    e.c.n_hot = 2;
    e.c.hot[0] = 3;
    e.c.hot[1] = 12;
    assert_int_equal(env_init(&e), 0);
    static const int hs[4] = { 12, 7, 1, 3 };
    expect_dests(&e, 0, hs, 4, 2);
    tn_traffic_free(&e.t);
    /* boundary: hot_thresh == x1 is not hot, x1 + 1 is */
    e.c.hot_frac = 0x2bc97eb7u / 4294967296.0;
    assert_int_equal(env_init(&e), 0);
    assert_true(e.t.hot_thresh == 0x2bc97eb7u);
    static const int hb0[1] = { 8 };
    expect_dests(&e, 0, hb0, 1, 2);
    tn_traffic_free(&e.t);
    e.c.hot_frac = 0x2bc97eb8u / 4294967296.0;
    assert_int_equal(env_init(&e), 0);
    assert_true(e.t.hot_thresh == 0x2bc97eb8u);
    static const int hb1[1] = { 12 };
    expect_dests(&e, 0, hb1, 1, 2);
    env_close(&e);

    /* the most hot nodes, 16, every one of them read (node 15 - i in place i) */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 1.0;
    e.c.n_hot = TN_MAX_HOT;
    for (int i = 0; i < TN_MAX_HOT; i++)
        e.c.hot[i] = 15 - i;
    assert_int_equal(env_init(&e), 0);
    for (int i = 0; i < TN_MAX_HOT; i++)
        assert_int_equal(e.t.hot[i], 15 - i);
    env_close(&e);
}

/* ---------------------------------------------------------------- properties */

static int is_pow2(int v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

static int ilog2(int v)
{
    int b = 0;
    while ((1 << b) < v)
        b++;
    return b;
}

static void test_perm_bijective(void **state)
{
    (void)state;
    static const int sizes[][2] = { { 2, 1 }, { 3, 1 }, { 8, 1 }, { 2, 2 }, { 3, 2 }, { 4, 2 },
                                    { 5, 2 }, { 6, 2 }, { 8, 2 }, { 16, 2 }, { 64, 2 },
                                    { 2, 3 }, { 3, 3 }, { 4, 3 }, { 7, 3 }, { 2, 4 },
                                    { 4, 4 }, { 5, 4 }, { 16, 4 } };
    static const int pats[] = { TN_TR_TORNADO, TN_TR_BITCOMP, TN_TR_BITREV, TN_TR_SHUFFLE,
                                TN_TR_BUTTERFLY, TN_TR_TRANSPOSE, TN_TR_RANDPERM };
    for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
        for (size_t pi = 0; pi < sizeof(pats) / sizeof(pats[0]); pi++) {
            env e;
            env_open(&e, sizes[si][0], sizes[si][1], TN_TOPO_TORUS, pats[pi]);
            e.c.perm_seed = 7;
            int nodes = e.g.nodes;
            int ok = 1;
            if (pats[pi] >= TN_TR_BITREV && pats[pi] <= TN_TR_TRANSPOSE)
                ok = is_pow2(nodes) && (pats[pi] != TN_TR_TRANSPOSE || ilog2(nodes) % 2 == 0);
            assert_int_equal(env_init(&e), ok ? 0 : -1);
            if (ok) {
                unsigned char *seen = calloc((size_t)nodes, 1);
                assert_non_null(seen);
                for (int s = 0; s < nodes; s++) {
                    int d = tn_traffic_perm(&e.t, &e.g, s);
                    assert_in_range(d, 0, nodes - 1);
                    assert_int_equal(seen[d], 0);
                    seen[d] = 1;
                }
                free(seen);
                /* the involutions */
                if (pats[pi] == TN_TR_BITCOMP || pats[pi] == TN_TR_BITREV ||
                    pats[pi] == TN_TR_BUTTERFLY || pats[pi] == TN_TR_TRANSPOSE)
                    for (int s = 0; s < nodes; s++)
                        assert_int_equal(
                            tn_traffic_perm(&e.t, &e.g, tn_traffic_perm(&e.t, &e.g, s)), s);
            }
            env_close(&e);
        }
    }
}

static void test_randperm_seeds(void **state)
{
    (void)state;
    static const int ks[][2] = { { 4, 2 }, { 8, 2 }, { 5, 3 }, { 16, 3 } };
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        env a, b, c;
        env_open(&a, ks[i][0], ks[i][1], TN_TOPO_TORUS, TN_TR_RANDPERM);
        env_open(&b, ks[i][0], ks[i][1], TN_TOPO_TORUS, TN_TR_RANDPERM);
        env_open(&c, ks[i][0], ks[i][1], TN_TOPO_TORUS, TN_TR_RANDPERM);
        a.c.perm_seed = 12345;
        b.c.perm_seed = 12345;
        c.c.perm_seed = 12346;
        /* the global seed does not matter */
        a.c.seed = 1;
        b.c.seed = 2;
        assert_int_equal(env_init(&a), 0);
        assert_int_equal(env_init(&b), 0);
        assert_int_equal(env_init(&c), 0);
        int differ = 0, fixed = 0, nodes = a.g.nodes;
        for (int s = 0; s < nodes; s++) {
            assert_int_equal(tn_traffic_perm(&a.t, &a.g, s), tn_traffic_perm(&b.t, &b.g, s));
            differ += tn_traffic_perm(&a.t, &a.g, s) != tn_traffic_perm(&c.t, &c.g, s);
            fixed += tn_traffic_perm(&a.t, &a.g, s) == s;
        }
        assert_true(differ > nodes / 2);
        assert_true(fixed < nodes / 4 + 4); /* not the identity, ~1 fixed point expected */
        env_close(&a);
        env_close(&b);
        env_close(&c);
    }
}

static void test_random_patterns_not_functions(void **state)
{
    (void)state;
    static const int pats[] = { TN_TR_UNIFORM, TN_TR_NEIGHBOR, TN_TR_HOTSPOT, TN_TR_TRACE };
    for (size_t i = 0; i < sizeof(pats) / sizeof(pats[0]); i++) {
        env e;
        env_open(&e, 4, 2, TN_TOPO_TORUS, pats[i]);
        e.c.n_hot = 1;
        e.c.hot[0] = 5;
        e.c.hot_frac = 0.3;
        assert_int_equal(env_init(&e), 0);
        for (int s = 0; s < 16; s++)
            assert_int_equal(tn_traffic_perm(&e.t, &e.g, s), -1);
        if (pats[i] == TN_TR_TRACE) {
            tn_rng r = { 99u };
            for (int s = 0; s < 16; s++)
                assert_int_equal(tn_traffic_dest(&e.t, &e.g, s, &r), -1);
            assert_int_equal(r.s, 99u);
        }
        env_close(&e);
    }
}

/* Exact draw counts: uniform 1, neighbor 1, hotspot 2 on either branch. */
static void test_draw_counts(void **state)
{
    (void)state;
    static const double fracs[] = { 0.0, 0.3, 1.0 };
    for (int topo = 0; topo < 2; topo++) {
        env e;
        env_open(&e, 5, 3, topo, TN_TR_NEIGHBOR);
        assert_int_equal(env_init(&e), 0);
        tn_rng r = { 777u }, ref = { 777u };
        for (int i = 0; i < 1000; i++) {
            int s = (i * 37) % e.g.nodes;
            int d = tn_traffic_dest(&e.t, &e.g, s, &r);
            tn_rng_next(&ref);
            assert_int_equal(r.s, ref.s);
            int found = 0;
            for (int p = 1; p <= 2 * e.g.n; p++)
                found |= e.g.nbr[s * e.g.ports + p] == d;
            assert_true(found);
            assert_int_not_equal(d, s);
        }
        env_close(&e);
    }
    for (size_t f = 0; f < 3; f++) {
        env e;
        env_open(&e, 8, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
        e.c.hot_frac = fracs[f];
        e.c.n_hot = 3;
        e.c.hot[0] = 1;
        e.c.hot[1] = 2;
        e.c.hot[2] = 60;
        assert_int_equal(env_init(&e), 0);
        tn_rng r = { 4242u }, ref = { 4242u };
        for (int i = 0; i < 1000; i++) {
            uint32_t x = tn_rng_next(&ref);
            uint32_t y = tn_rng_next(&ref);
            int want;
            if (fracs[f] == 1.0)
                want = e.c.hot[((uint64_t)y * 3u) >> 32];
            else if (fracs[f] == 0.0)
                want = (int)(((uint64_t)y * 64u) >> 32);
            else
                want = (uint64_t)x < (uint64_t)(0.3 * 4294967296.0)
                           ? e.c.hot[((uint64_t)y * 3u) >> 32]
                           : (int)(((uint64_t)y * 64u) >> 32);
            assert_int_equal(tn_traffic_dest(&e.t, &e.g, 0, &r), want);
            assert_int_equal(r.s, ref.s);
        }
        env_close(&e);
    }
}

/* chi-square of counts against equal expectation */
static double chi2(const long *cnt, int bins, long total)
{
    double exp = (double)total / bins, x = 0;
    for (int i = 0; i < bins; i++)
        x += ((double)cnt[i] - exp) * ((double)cnt[i] - exp) / exp;
    return x;
}

static void test_uniform_distribution(void **state)
{
    (void)state;
    /* critical values of chi-square at p = 0.001: 15 dof 37.70, 63 dof 103.4 */
    static const int sz[][3] = { { 4, 2, 0 }, { 8, 2, 0 }, { 5, 2, 1 } };
    static const double crit[] = { 37.70, 103.4, 51.18 /* 24 dof */ };
    for (int c = 0; c < 3; c++) {
        env e;
        env_open(&e, sz[c][0], sz[c][1], sz[c][2], TN_TR_UNIFORM);
        assert_int_equal(env_init(&e), 0);
        long cnt[64] = { 0 };
        long total = 2000L * e.g.nodes;
        tn_rng r = { tn_seed_stream(3, TN_STREAM_TRAFFIC, 0) };
        for (long i = 0; i < total; i++) {
            int d = tn_traffic_dest(&e.t, &e.g, (int)(i % e.g.nodes), &r);
            assert_in_range(d, 0, e.g.nodes - 1);
            cnt[d]++;
        }
        assert_true(chi2(cnt, e.g.nodes, total) < crit[c]);
        env_close(&e);
    }
}

static void test_neighbor_distribution(void **state)
{
    (void)state;
    /* torus 4x4 node 5 and 3-ary 3-cube node 0 (wrap): 2n equal bins */
    static const int sz[][3] = { { 4, 2, 5 }, { 3, 3, 0 }, { 6, 1, 0 } };
    static const double crit[] = { 16.27, 20.52, 10.83 }; /* 3, 5, 1 dof at p = 0.001 */
    for (int c = 0; c < 3; c++) {
        env e;
        env_open(&e, sz[c][0], sz[c][1], TN_TOPO_TORUS, TN_TR_NEIGHBOR);
        assert_int_equal(env_init(&e), 0);
        int s = sz[c][2], bins = 2 * e.g.n;
        long cnt[8] = { 0 }, total = 20000L * bins;
        tn_rng r = { tn_seed_stream(5, TN_STREAM_TRAFFIC, (uint32_t)c) };
        for (long i = 0; i < total; i++) {
            int d = tn_traffic_dest(&e.t, &e.g, s, &r);
            int p;
            for (p = 1; p <= bins; p++)
                if (e.g.nbr[s * e.g.ports + p] == d)
                    break;
            assert_true(p <= bins);
            cnt[p - 1]++;
        }
        assert_true(chi2(cnt, bins, total) < crit[c]);
        env_close(&e);
    }
    /* mesh 4x4: corner (2 neighbours), edge (3), interior (4); every existing one equally */
    static const int ms[] = { 0, 1, 5, 15 };
    static const int mm[] = { 2, 3, 4, 2 };
    static const double mcrit[] = { 0, 10.83, 13.82, 16.27 }; /* by dof */
    env e;
    env_open(&e, 4, 2, TN_TOPO_MESH, TN_TR_NEIGHBOR);
    assert_int_equal(env_init(&e), 0);
    for (int c = 0; c < 4; c++) {
        int s = ms[c];
        long cnt[16] = { 0 }, total = 20000L * mm[c];
        tn_rng r = { tn_seed_stream(6, TN_STREAM_TRAFFIC, (uint32_t)c) };
        for (long i = 0; i < total; i++) {
            int d = tn_traffic_dest(&e.t, &e.g, s, &r);
            assert_in_range(d, 0, 15);
            cnt[d]++;
        }
        long hit[4];
        int m = 0;
        for (int p = 1; p <= 4; p++) {
            int nb = e.g.nbr[s * e.g.ports + p];
            if (nb >= 0)
                hit[m++] = cnt[nb];
        }
        assert_int_equal(m, mm[c]);
        long sum = 0;
        for (int i = 0; i < m; i++)
            sum += hit[i];
        assert_int_equal(sum, total); /* nothing outside the list */
        assert_true(chi2(hit, m, total) < mcrit[m - 1]);
    }
    env_close(&e);
}

static void test_hotspot_distribution(void **state)
{
    (void)state;
    env e;
    env_open(&e, 8, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 0.25;
    e.c.n_hot = 2;
    e.c.hot[0] = 3;
    e.c.hot[1] = 40;
    assert_int_equal(env_init(&e), 0);
    const long total = 400000;
    long cnt[64] = { 0 };
    tn_rng r = { tn_seed_stream(9, TN_STREAM_TRAFFIC, 0) };
    for (long i = 0; i < total; i++)
        cnt[tn_traffic_dest(&e.t, &e.g, (int)(i % 64), &r)]++;
    /* P(hot node) = 0.25/2 + 0.75/64, P(other) = 0.75/64; bounds are 6 sigma */
    double ph = 0.25 / 2 + 0.75 / 64, po = 0.75 / 64;
    for (int d = 0; d < 64; d++) {
        double p = (d == 3 || d == 40) ? ph : po;
        double mean = p * total, sd = 0;
        double var = total * p * (1 - p);
        for (sd = 1; sd * sd < var; sd += 1) /* integer sqrt is enough */
            ;
        assert_true((double)cnt[d] > mean - 6 * sd && (double)cnt[d] < mean + 6 * sd);
    }
    /* the other nodes together are uniform */
    long rest[62];
    long rsum = 0;
    for (int d = 0, j = 0; d < 64; d++)
        if (d != 3 && d != 40) {
            rest[j++] = cnt[d];
            rsum += cnt[d];
        }
    assert_true(chi2(rest, 62, rsum) < 100.9); /* 61 dof, p = 0.001 */
    env_close(&e);

    /* hot_frac 1: only hot nodes, equally */
    env_open(&e, 4, 2, TN_TOPO_TORUS, TN_TR_HOTSPOT);
    e.c.hot_frac = 1.0;
    e.c.n_hot = 3;
    e.c.hot[0] = 0;
    e.c.hot[1] = 7;
    e.c.hot[2] = 7; /* duplicates are legal and weigh double */
    assert_int_equal(env_init(&e), 0);
    long c0 = 0, c7 = 0;
    tn_rng r2 = { 31337u };
    for (long i = 0; i < 30000; i++) {
        int d = tn_traffic_dest(&e.t, &e.g, 1, &r2);
        assert_true(d == 0 || d == 7);
        c0 += d == 0;
        c7 += d == 7;
    }
    assert_true(c0 > 9000 && c0 < 11000);
    assert_true(c7 > 19000 && c7 < 21000);
    env_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doc_4x4_coords),
        cmocka_unit_test(test_doc_4x4_table),
        cmocka_unit_test(test_doc_4x4_randperm_seed2),
        cmocka_unit_test(test_doc_bitcomp_xor),
        cmocka_unit_test(test_doc_transpose_xy),
        cmocka_unit_test(test_doc_8x8_table),
        cmocka_unit_test(test_doc_odd_small),
        cmocka_unit_test(test_doc_init_errors),
        cmocka_unit_test(test_doc_stream),
        cmocka_unit_test(test_doc_draws),
        cmocka_unit_test(test_doc_threshold),
        cmocka_unit_test(test_perm_bijective),
        cmocka_unit_test(test_randperm_seeds),
        cmocka_unit_test(test_random_patterns_not_functions),
        cmocka_unit_test(test_draw_counts),
        cmocka_unit_test(test_uniform_distribution),
        cmocka_unit_test(test_neighbor_distribution),
        cmocka_unit_test(test_hotspot_distribution),
    };
    return cmocka_run_group_tests_name("traffic", tests, NULL, NULL) ? 1 : 0;
}
