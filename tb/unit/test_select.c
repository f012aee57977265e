/* SPDX-License-Identifier: MIT */
/* Selection functions of adaptive routing (docs/microarchitecture.md section 19): the six
 * functions on hand-built inputs (ties to the lowest bit, -1 on an empty mask, uniformity of
 * random), MIN AD route selection in a router on hand-built router states (LDSF 120 vs 64,
 * dor, zigzag, lru, sq, random, the free rule and the escape VC), the per-link state and RNG of
 * a running router, the scripted LDSF counter and LRU age sequence of 19.3 (tn_sel_script.h, also
 * driven into the RTL by vl_sel_state.c) and the router seed of 19.4. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tn_test.h"
#include "tn_internal.h"
#include "tn_sel_script.h"

/* Candidate mask bits: bit j = port j+1, so +x is bit 0, -x bit 1, +y bit 2, -y bit 3. */
enum { BPX = 1u << 0, BMX = 1u << 1, BPY = 1u << 2, BMY = 1u << 3 };
/* Ports (section 3): 0 terminal, 1 +x, 2 -x, 3 +y, 4 -y. */
enum { PX = 1, MX = 2, PY = 3, MY = 4 };

/* ------------------------------------------------------------------------------------------ */
/* Function level                                                                              */

static void test_empty_mask(void **st)
{
    (void)st;
    int hops[TN_MAX_N] = {1, 2, 3, 4};
    uint8_t age[8] = {0}, cnt[8] = {0};
    uint16_t used[8] = {0};
    assert_int_equal(tn_sel_random(0, 0), -1);
    assert_int_equal(tn_sel_random(0, 0xFFFF), -1);
    assert_int_equal(tn_sel_dor(0), -1);
    assert_int_equal(tn_sel_zigzag(0, hops), -1);
    assert_int_equal(tn_sel_lru(0, age), -1);
    assert_int_equal(tn_sel_ldsf(0, cnt), -1);
    assert_int_equal(tn_sel_sq(0, used), -1);
    tn_sel_in in = {0x8000, hops, age, cnt, used};
    for (int sel = 0; sel < TN_SEL_LAST; sel++)
        assert_int_equal(tn_select(sel, 0, &in), -1);
}

/* Paper 001's worked example (section 19.2): counters 120 and 64 -> the 64 one; the 64 one not
 * free (not in the mask) -> the 120 one. */
static void test_ldsf(void **st)
{
    (void)st;
    uint8_t cnt[8] = {0};
    cnt[0] = 120; /* +x */
    cnt[2] = 64;  /* +y */
    assert_int_equal(tn_sel_ldsf(BPX | BPY, cnt), 2);
    assert_int_equal(tn_sel_ldsf(BPX, cnt), 0); /* +y busy: not a candidate */
    cnt[0] = 64;
    cnt[2] = 120;
    assert_int_equal(tn_sel_ldsf(BPX | BPY, cnt), 0);
    assert_int_equal(tn_sel_ldsf(BPY, cnt), 2);
    /* a smaller counter outside the mask is ignored */
    cnt[1] = 0;
    cnt[3] = 1;
    assert_int_equal(tn_sel_ldsf(BPX | BPY, cnt), 0);
    /* ties go to the lowest bit */
    uint8_t tie[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    assert_int_equal(tn_sel_ldsf(BMX | BMY, tie), 1);
    assert_int_equal(tn_sel_ldsf(0xF0, tie), 4);
    tie[5] = 6;
    assert_int_equal(tn_sel_ldsf(0xF0, tie), 5);
    /* the extremes of an 8-bit counter */
    uint8_t ext[8] = {255, 0, 255, 254, 0, 0, 0, 0};
    assert_int_equal(tn_sel_ldsf(BPX | BPY | BMY, ext), 3);
    assert_int_equal(tn_sel_ldsf(BPX | BMX, ext), 1);
    assert_int_equal(tn_sel_ldsf(0x80, ext), 7); /* a single candidate, the top bit of 4-D */
}

static void test_dor(void **st)
{
    (void)st;
    assert_int_equal(tn_sel_dor(BPX | BPY), 0);
    assert_int_equal(tn_sel_dor(BMX | BPY), 1);
    assert_int_equal(tn_sel_dor(BPY | BMY), 2);
    assert_int_equal(tn_sel_dor(0x28), 3);
    assert_int_equal(tn_sel_dor(0x80), 7);
    assert_int_equal(tn_sel_dor(0xFF), 0);
}

static void test_zigzag(void **st)
{
    (void)st;
    int hops[TN_MAX_N] = {2, 5, 0, 0};
    assert_int_equal(tn_sel_zigzag(BPX | BPY, hops), 2); /* y has more hops left */
    hops[0] = 5;
    hops[1] = 2;
    assert_int_equal(tn_sel_zigzag(BPX | BPY, hops), 0);
    assert_int_equal(tn_sel_zigzag(BMX | BMY, hops), 1);
    hops[1] = 6;
    assert_int_equal(tn_sel_zigzag(BMX | BMY, hops), 3);
    assert_int_equal(tn_sel_zigzag(BMX | BPY, hops), 2);
    /* ties go to the lowest bit */
    int tie[TN_MAX_N] = {3, 3, 3, 3};
    assert_int_equal(tn_sel_zigzag(BPX | BPY, tie), 0);
    assert_int_equal(tn_sel_zigzag(BMX | BPY, tie), 1);
    assert_int_equal(tn_sel_zigzag(BPY | BMY, tie), 2); /* both directions of a tie at k/2 */
    assert_int_equal(tn_sel_zigzag(BPX | BMX, tie), 0);
    /* 3-D and 4-D: the dimension index is bit / 2 */
    int h3[TN_MAX_N] = {1, 3, 3, 0};
    assert_int_equal(tn_sel_zigzag(0x15, h3), 2); /* dims 1 and 2 tie at 3 -> dim 1 (+y) */
    assert_int_equal(tn_sel_zigzag(0x19, h3), 3); /* +x, -y, +z: -y (3) beats +z (3) on tie */
    int h4[TN_MAX_N] = {1, 1, 2, 4};
    assert_int_equal(tn_sel_zigzag(0x55, h4), 6);
    assert_int_equal(tn_sel_zigzag(0x95, h4), 7);
    assert_int_equal(tn_sel_zigzag(0x15, h4), 4);
}

static void test_lru(void **st)
{
    (void)st;
    uint8_t age[8] = {10, 250, 200, 0, 0, 0, 0, 0};
    assert_int_equal(tn_sel_lru(BPX | BPY, age), 2);  /* least recently used: largest age */
    assert_int_equal(tn_sel_lru(BPX | BMY, age), 0);
    assert_int_equal(tn_sel_lru(0xF, age), 1);
    assert_int_equal(tn_sel_lru(BPX, age), 0);
    uint8_t sat[8] = {255, 255, 255, 255, 0, 0, 0, 0};
    assert_int_equal(tn_sel_lru(BMX | BPY | BMY, sat), 1); /* ties at saturation: lowest bit */
    assert_int_equal(tn_sel_lru(0xF0, sat), 4);
    sat[6] = 1;
    assert_int_equal(tn_sel_lru(0xF0, sat), 6);
}

static void test_sq(void **st)
{
    (void)st;
    uint16_t used[8] = {5, 0, 3, 9, 0, 0, 0, 0};
    assert_int_equal(tn_sel_sq(BPX | BPY, used), 2);
    assert_int_equal(tn_sel_sq(0xF, used), 1);
    assert_int_equal(tn_sel_sq(BPX | BMY, used), 0);
    /* occupancies above 255 (16 VCs x 64 slots = 1024): no truncation to 8 bits */
    uint16_t big[8] = {260, 0, 10, 1024, 0, 0, 0, 0};
    assert_int_equal(tn_sel_sq(BPX | BPY, big), 2);
    assert_int_equal(tn_sel_sq(BPX | BMY, big), 0);
    uint16_t tie[8] = {4, 4, 4, 4, 4, 4, 4, 4};
    assert_int_equal(tn_sel_sq(BMX | BMY, tie), 1);
    assert_int_equal(tn_sel_sq(0xC0, tie), 6);
}

/* The table of 19.2: u picks the k-th set bit, k = floor(u * c / 2^16). */
static void test_random_exact(void **st)
{
    (void)st;
    uint32_t m3 = BPX | BPY | BMY; /* bits 0, 2, 3 */
    assert_int_equal(tn_sel_random(m3, 0x0000), 0);
    assert_int_equal(tn_sel_random(m3, 0x5555), 0); /* 0x5555 * 3 = 0xFFFF */
    assert_int_equal(tn_sel_random(m3, 0x5556), 2); /* 0x5556 * 3 = 0x10002 */
    assert_int_equal(tn_sel_random(m3, 0xAAAA), 2); /* 0x1FFFE */
    assert_int_equal(tn_sel_random(m3, 0xAAAB), 3); /* 0x20001 */
    assert_int_equal(tn_sel_random(m3, 0xFFFF), 3);
    assert_int_equal(tn_sel_random(BMX | BMY, 0x7FFF), 1);
    assert_int_equal(tn_sel_random(BMX | BMY, 0x8000), 3);
    assert_int_equal(tn_sel_random(0x80, 0xFFFF), 7);
    assert_int_equal(tn_sel_random(0xFF, 0xE000), 7);
    assert_int_equal(tn_sel_random(0xFF, 0xDFFF), 6);
    /* only the low 16 bits of the draw count */
    assert_int_equal(tn_sel_random(BMX | BMY, 0x18000u), 3);
    assert_int_equal(tn_sel_random(BMX | BMY, 0xFFFF0000u), 1);
    /* the draw of input VC i: x rotated left by 7i mod 32, low 16 bits (19.4); values by hand
     * from 0x12345678 (rotl 7 = 0x1A2B3C09, rotl 3 = 0x91A2B3C0, rotl 28 = 0x81234567) */
    assert_int_equal(tn_sel_rand16(0x12345678u, 0), 0x5678);
    assert_int_equal(tn_sel_rand16(0x12345678u, 1), 0x3C09);
    assert_int_equal(tn_sel_rand16(0x12345678u, 4), 0x4567);
    assert_int_equal(tn_sel_rand16(0x12345678u, 5), 0xB3C0);
    assert_int_equal(tn_sel_rand16(0x12345678u, 16), 0x1234);
    assert_int_equal(tn_sel_rand16(0x12345678u, 9), 0x2B3C);  /* 63 mod 32 = 31 */
    assert_int_equal(tn_sel_rand16(0x12345678u, 32), 0x5678); /* 224 mod 32 = 0 */
}

/* Frequencies of random over a xorshift32 state stream read as the router does (one state per
 * cycle, the slice of input VC i), for 2, 3 and 4 candidates: every pick is a candidate and every
 * candidate's count is within 5 sigma of n/c, with a chi-square bound at p ~ 1e-6. Two input VCs
 * of one cycle must choose independently (the joint 2x2 table of c = 2 is uniform too). */
static void test_random_uniform(void **st)
{
    (void)st;
    enum { CYCLES = 200000, NI = 4, NM = 3 };
    const int vcidx[NI] = {0, 1, 5, 11};
    const uint32_t masks[NM] = {BPX | BPY, BPX | BMX | BMY, 0x2D}; /* 2, 3, 4 candidates */
    const double chi2_max[NM] = {23.9, 27.6, 30.7}; /* chi-square, df 1..3, upper 1e-6 */
    static long count[NM][NI][32];
    long joint[2][2] = {{0}};
    memset(count, 0, sizeof count);
    tn_rng r = {tn_router_seed(1, 0)};
    for (long t = 0; t < CYCLES; t++) {
        uint32_t x = tn_rng_next(&r);
        int first[NI];
        for (int i = 0; i < NI; i++)
            for (int m = 0; m < NM; m++) {
                int b = tn_sel_random(masks[m], tn_sel_rand16(x, vcidx[i]));
                if (b < 0 || b > 31 || !((masks[m] >> b) & 1u))
                    fail_msg("cycle %ld vc %d mask 0x%x: picked %d, not a candidate", t,
                             vcidx[i], masks[m], b);
                count[m][i][b]++;
                if (m == 0)
                    first[i] = b;
            }
        joint[first[0] == 0][first[1] == 0]++;
    }
    for (int m = 0; m < NM; m++) {
        int c = __builtin_popcount(masks[m]);
        double p = 1.0 / c, e = CYCLES * p, sigma = sqrt(CYCLES * p * (1 - p));
        for (int i = 0; i < NI; i++) {
            double chi2 = 0;
            for (int b = 0; b < 32; b++) {
                if (!((masks[m] >> b) & 1u))
                    continue;
                double d = (double)count[m][i][b] - e;
                chi2 += d * d / e;
                if (fabs(d) > 5 * sigma)
                    fail_msg("mask 0x%x vc %d: candidate %d picked %ld times, expected %.0f "
                             "+- %.0f (5 sigma)", masks[m], vcidx[i], b, count[m][i][b], e,
                             5 * sigma);
            }
            if (chi2 > chi2_max[m])
                fail_msg("mask 0x%x vc %d: chi-square %.2f > %.1f (df %d)", masks[m], vcidx[i],
                         chi2, chi2_max[m], c - 1);
        }
    }
    double e = CYCLES / 4.0, sigma = sqrt(CYCLES * 0.25 * 0.75);
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            if (fabs((double)joint[a][b] - e) > 5 * sigma)
                fail_msg("input VCs 0 and 1 in one cycle are not independent: joint[%d][%d] = "
                         "%ld, expected %.0f +- %.0f", a, b, joint[a][b], e, 5 * sigma);
}

static void test_select_dispatch(void **st)
{
    (void)st;
    /* one input with four candidates where the metrics disagree: dor +x, lru -x, zigzag and sq
     * +y, ldsf -y */
    int hops[TN_MAX_N] = {1, 4, 0, 0};           /* zigzag: y */
    uint8_t age[8] = {9, 200, 0, 3, 0, 0, 0, 0}; /* lru: -x */
    uint8_t cnt[8] = {50, 40, 60, 10, 0, 0, 0, 0}; /* ldsf: -y */
    uint16_t used[8] = {8, 2, 1, 9, 0, 0, 0, 0};  /* sq: +y */
    tn_sel_in in = {0x8000, hops, age, cnt, used}; /* random: k = 2, the 3rd of 4 = +y */
    uint32_t m = 0xF;
    assert_int_equal(tn_select(TN_SEL_RANDOM, m, &in), 2);
    assert_int_equal(tn_select(TN_SEL_DOR, m, &in), 0);
    assert_int_equal(tn_select(TN_SEL_ZIGZAG, m, &in), 2);
    assert_int_equal(tn_select(TN_SEL_LRU, m, &in), 1);
    assert_int_equal(tn_select(TN_SEL_LDSF, m, &in), 3);
    assert_int_equal(tn_select(TN_SEL_SQ, m, &in), 2);
    in.u16 = 0x4000; /* random: k = 1, the 2nd of 4 */
    assert_int_equal(tn_select(TN_SEL_RANDOM, m, &in), 1);
    used[2] = 3;     /* sq: -x now */
    assert_int_equal(tn_select(TN_SEL_SQ, m, &in), 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Per-link state (19.3): the scripted sequence of tn_sel_script.h                            */

static void test_ldsf_cnt_script(void **st)
{
    (void)st;
    uint8_t cnt = 0; /* reset value */
    long cycle = 0;
    for (int r = 0; r < TN_SEL_SCRIPT_ROWS; r++) {
        const tn_sel_script_row *row = &tn_sel_script[r];
        for (int i = 0; i < row->reps; i++, cycle++) {
            uint8_t nx = tn_sel_ldsf_cnt_next(cnt, row->sent, row->held);
            /* every single step moves by at most one */
            if (nx != cnt && nx != cnt + 1 && nx + 1 != cnt)
                fail_msg("cycle %ld (row %d): %u -> %u", cycle, r, cnt, nx);
            cnt = nx;
        }
        if (cnt != row->ldsf)
            fail_msg("row %d (sent %d held %d x%d), after cycle %ld: ldsf_cnt %u, expected %d",
                     r, row->sent, row->held, row->reps, cycle - 1, cnt, row->ldsf);
    }
    assert_true(cycle > 800);
    /* single steps at the edges */
    assert_int_equal(tn_sel_ldsf_cnt_next(0, 0, 0), 0);
    assert_int_equal(tn_sel_ldsf_cnt_next(0, 1, 0), 1);
    assert_int_equal(tn_sel_ldsf_cnt_next(1, 0, 0), 0);
    assert_int_equal(tn_sel_ldsf_cnt_next(254, 1, 1), 255);
    assert_int_equal(tn_sel_ldsf_cnt_next(255, 1, 0), 255);
    assert_int_equal(tn_sel_ldsf_cnt_next(255, 0, 0), 254);
    assert_int_equal(tn_sel_ldsf_cnt_next(255, 0, 1), 255);
    assert_int_equal(tn_sel_ldsf_cnt_next(120, 0, 1), 120);
    assert_int_equal(tn_sel_ldsf_cnt_next(120, 1, 1), 121);
}

static void test_lru_age_script(void **st)
{
    (void)st;
    uint8_t age = 0;
    long cycle = 0;
    for (int r = 0; r < TN_SEL_SCRIPT_ROWS; r++) {
        const tn_sel_script_row *row = &tn_sel_script[r];
        for (int i = 0; i < row->reps; i++, cycle++)
            age = tn_sel_lru_age_next(age, row->sent);
        if (age != row->age)
            fail_msg("row %d (sent %d x%d), after cycle %ld: lru_age %u, expected %d", r,
                     row->sent, row->reps, cycle - 1, age, row->age);
    }
    assert_int_equal(tn_sel_lru_age_next(0, 0), 1);
    assert_int_equal(tn_sel_lru_age_next(254, 0), 255);
    assert_int_equal(tn_sel_lru_age_next(255, 0), 255);
    assert_int_equal(tn_sel_lru_age_next(255, 1), 0);
    assert_int_equal(tn_sel_lru_age_next(7, 1), 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Router seed (19.4)                                                                          */

static void test_router_seed(void **st)
{
    (void)st;
    /* Reference values computed with python3 from the text of 19.4:
     *   h = ((node+1) * 0x9E3779B9) & M; h ^= h >> 16; h = (h * 0x85EBCA6B) & M; h ^= h >> 13;
     *   h = (h * 0xC2B2AE35) & M; h ^= h >> 16; x = g ^ h; x or 0x6D2B79F5   (M = 2^32 - 1)
     * salt(5) = 0xDB408C9D, salt(63) = 0xF8262992. */
    assert_int_equal(tn_router_seed(1, 0), 0x92CA2F0Fu);
    assert_int_equal(tn_router_seed(0x12345678u, 5), 0xC974DAE5u);
    assert_int_equal(tn_router_seed(0, 63), 0xF8262992u);
    /* g = salt(node) would give 0, the xorshift32 fixed point: replaced by 0x6D2B79F5 */
    assert_int_equal(tn_router_seed(0xDB408C9Du, 5), 0x6D2B79F5u);
    assert_int_equal(tn_router_seed(0xF8262992u, 63), 0x6D2B79F5u);
    /* never 0, for every node id, with g = 0, 1 and g = the node's own salt */
    for (int node = 0; node < TN_MAX_NODES; node++) {
        uint32_t salt = tn_router_seed(0, node);
        if (!salt || !tn_router_seed(1, node) || tn_router_seed(salt, node) != 0x6D2B79F5u)
            fail_msg("node %d: salt 0x%08x, seed(1) 0x%08x, seed(salt) 0x%08x", node, salt,
                     tn_router_seed(1, node), tn_router_seed(salt, node));
    }
    /* the salt differs between neighbouring nodes (no two routers share a stream) */
    assert_int_not_equal(tn_router_seed(7, 0), tn_router_seed(7, 1));
}

/* ------------------------------------------------------------------------------------------ */
/* Router level: MIN AD on hand-built router states                                            */
/* 8-ary 2-cube, V = 3 (VCs 0, 1 escape by dateline class, VC 2 adaptive) or V = 4, buf 4.
 * Node id = x + 8y (= its packed address, k a power of two). Most cases route from node 9 =
 * (1,1). The forced state is written into the router before every cycle (the LDSF counter of an
 * idle link would otherwise decay, the LRU age grow and the RNG advance), after
 * tn_router_sel_sync (the model skips empty routers and catches their state up later). */

#define K 8
#define BUF 4
#define NODE(x, y) ((x) + K * (y))

typedef struct hand {
    int node;
    int ldsf[TN_MAX_P], age[TN_MAX_P]; /* by port; -1: untouched */
    uint32_t busy[TN_MAX_P];           /* by port: output VCs forced busy */
    int cred[TN_MAX_P][TN_MAX_V];      /* by port and VC; -1: untouched */
    int64_t rng;                       /* router RNG; -1: untouched */
} hand;

static hand hand_new(int node)
{
    hand h;
    memset(&h, 0, sizeof h);
    h.node = node;
    for (int p = 0; p < TN_MAX_P; p++) {
        h.ldsf[p] = h.age[p] = -1;
        for (int v = 0; v < TN_MAX_V; v++)
            h.cred[p][v] = -1;
    }
    h.rng = -1;
    return h;
}

static void hand_apply(tn_sim *s, const hand *h)
{
    /* The model skips routers with no flit buffered and brings their selection state and RNG
     * up to date on their next step: sync first, so that the values written below are the ones
     * visible at the start of the coming cycle. */
    tn_router_sel_sync(&s->rt, h->node, s->cycle);
    for (int p = 1; p <= 2 * s->g.n; p++) {
        long slot = (long)h->node * s->P + p;
        if (h->ldsf[p] >= 0)
            s->rt.sel.ldsf_cnt[slot] = (uint8_t)h->ldsf[p];
        if (h->age[p] >= 0)
            s->rt.sel.lru_age[slot] = (uint8_t)h->age[p];
        s->rt.ou.busy[slot] |= h->busy[p];
        for (int v = 0; v < s->V; v++)
            if (h->cred[p][v] >= 0)
                s->rt.ou.credits[slot * s->V + v] = (uint8_t)h->cred[p][v];
    }
    if (h->rng >= 0)
        s->rt.sel.rng[h->node] = (uint32_t)h->rng;
}

static tn_sim *rsim_pkt(int vcs, const char *selection, const char *pkt)
{
    tn_config c;
    char err[TN_ERRLEN], v[8];
    tn_config_default(&c);
    assert_int_equal(tn_config_set(&c, "pkt", pkt, err, sizeof err), 0);
    snprintf(v, sizeof v, "%d", vcs);
    assert_int_equal(tn_config_set(&c, "k", "8", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "n", "2", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "vcs", v, err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "buf", "4", err, sizeof err), 0);
    assert_int_equal(tn_config_set(&c, "routing", "minad", err, sizeof err), 0);
    if (tn_config_set(&c, "selection", selection, err, sizeof err))
        fail_msg("selection=%s: %s", selection, err);
    c.load = 0; /* no random traffic: only tn_sim_inject */
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("tn_sim_new: %s", err);
    assert_int_equal(s->cfg.routing, TN_ROUTE_MINAD);
    assert_int_equal(s->B, BUF);
    s->no_invariants = 1; /* the cases force credits and busy flags by hand */
    return s;
}

/* MIN AD, k=8 n=2, buf=4, packets of 4 flits: an adaptive VC needs A = min(buf, 4) = 4 credits */
static tn_sim *rsim(int vcs, const char *selection) { return rsim_pkt(vcs, selection, "4"); }

/* The first ACTIVE input VC of the node's terminal port 0, or -1. */
static long active_ivc(tn_sim *s, int node)
{
    for (int v = 0; v < s->V; v++) {
        long ivc = ((long)node * s->P + 0) * s->V + v;
        if (s->rt.iu.state[ivc] == TN_VC_ACTIVE)
            return ivc;
    }
    return -1;
}

/* Inject one packet src -> dst and step, forcing h before every cycle, until its head holds an
 * output VC at src; returns that input VC. */
static long alloc_head(tn_sim *s, const hand *h, int src, int dst, int len)
{
    assert_int_equal(tn_sim_inject(s, src, dst, len), 0);
    for (int t = 0; t < 30; t++) {
        hand_apply(s, h);
        tn_sim_step(s);
        long ivc = active_ivc(s, src);
        if (ivc >= 0)
            return ivc;
    }
    fail_msg("%d -> %d: no output VC allocated at node %d in 30 cycles", src, dst, src);
    return -1;
}

static void expect_route(tn_sim *s, long ivc, int port, int vc, const char *what)
{
    if (ivc < 0)
        fail_msg("%s: no output VC allocated", what);
    if (s->rt.iu.oport[ivc] != port || s->rt.iu.ovc[ivc] != vc)
        fail_msg("%s: head allocated port %d VC %d, expected port %d VC %d", what,
                 s->rt.iu.oport[ivc], s->rt.iu.ovc[ivc], port, vc);
    assert_int_equal(tn_sim_router_errors(s), 0);
    assert_int_equal(tn_sim_check_errors(s), 0);
}

/* One case: selection sel, V vcs, hand-built state h, packet src -> dst; expected port, VC. */
static void route_case(const char *sel, int vcs, const hand *h, int src, int dst, int port,
                       int vc, const char *what)
{
    tn_sim *s = rsim(vcs, sel);
    for (int i = 0; i < 3; i++)
        tn_sim_step(s); /* start away from cycle 0 */
    expect_route(s, alloc_head(s, h, src, dst, 4), port, vc, what);
    tn_sim_free(s);
}

/* (1,1) -> (3,3): productive +x (port 1) and +y (port 3), 2 hops each; the escape route is DOR
 * +x, class 1 (no wrap ahead) = VC 1. The adaptive VC is VC 2. */
static void test_rtr_ldsf(void **st)
{
    (void)st;
    const int src = NODE(1, 1), dst = NODE(3, 3);
    hand h = hand_new(src);
    h.ldsf[PX] = 120;
    h.ldsf[PY] = 64;
    h.ldsf[MX] = h.ldsf[MY] = 0; /* not productive: never chosen however small */
    route_case("ldsf", 3, &h, src, dst, PY, 2, "ldsf +x 120, +y 64");
    h.busy[PY] = 1u << 2; /* the adaptive VC of +y is allocated: +y not free */
    route_case("ldsf", 3, &h, src, dst, PX, 2, "ldsf +x 120, +y 64 busy");
    h = hand_new(src);
    h.ldsf[PX] = 64;
    h.ldsf[PY] = 120;
    route_case("ldsf", 3, &h, src, dst, PX, 2, "ldsf +x 64, +y 120");
    /* free = not busy AND credits >= A (A = buf here): +y's adaptive VC idle, its buffer not empty */
    h.ldsf[PX] = 120;
    h.ldsf[PY] = 64;
    h.cred[PY][2] = BUF - 1;
    route_case("ldsf", 3, &h, src, dst, PX, 2, "ldsf +x 120, +y 64 with credits buf-1");
    /* V = 4: two adaptive VCs (2, 3); +y stays free while one of them is */
    h = hand_new(src);
    h.ldsf[PX] = 120;
    h.ldsf[PY] = 64;
    h.busy[PY] = 1u << 2;
    route_case("ldsf", 4, &h, src, dst, PY, 3, "ldsf V=4, +y VC 2 busy, VC 3 free");
    h.cred[PY][3] = BUF - 2;
    route_case("ldsf", 4, &h, src, dst, PX, 2, "ldsf V=4, +y VC 2 busy, VC 3 not empty");
    /* zero load, all counters equal: ties to the lowest bit, +x */
    h = hand_new(src);
    route_case("ldsf", 3, &h, src, dst, PX, 2, "ldsf all counters 0");
}

static void test_rtr_dor(void **st)
{
    (void)st;
    const int src = NODE(1, 1);
    hand h = hand_new(src);
    /* (1,1) -> (2,4): +x 1 hop, +y 3 hops: dor takes x */
    h.ldsf[PX] = 200; /* metrics of other functions must not matter */
    h.age[PX] = 0;
    h.age[PY] = 200;
    route_case("dor", 3, &h, src, NODE(2, 4), PX, 2, "dor (1,1)->(2,4)");
    /* (1,1) -> (0,6): -x 1 hop, -y 3 hops */
    route_case("dor", 3, &h, src, NODE(0, 6), MX, 2, "dor (1,1)->(0,6)");
    /* x not free: the other productive port, adaptive */
    h.busy[PX] = 1u << 2;
    route_case("dor", 3, &h, src, NODE(2, 4), PY, 2, "dor (1,1)->(2,4), +x busy");
    /* (1,1) -> (5,1): tie at k/2 in x, +x and -x both productive: dor selection takes +x (bit 0)
     * although the escape (DOR parity rule, odd x) would be -x */
    h = hand_new(src);
    route_case("dor", 3, &h, src, NODE(5, 1), PX, 2, "dor tie (1,1)->(5,1)");
    /* the same with +x not free: -x adaptive */
    h.cred[PX][2] = 0;
    route_case("dor", 3, &h, src, NODE(5, 1), MX, 2, "dor tie (1,1)->(5,1), +x not empty");
}

static void test_rtr_zigzag(void **st)
{
    (void)st;
    const int src = NODE(1, 1);
    hand h = hand_new(src);
    route_case("zigzag", 3, &h, src, NODE(2, 4), PY, 2, "zigzag (1,1)->(2,4): y 3 > x 1");
    route_case("zigzag", 3, &h, src, NODE(4, 2), PX, 2, "zigzag (1,1)->(4,2): x 3 > y 1");
    route_case("zigzag", 3, &h, src, NODE(0, 6), MY, 2, "zigzag (1,1)->(0,6): -y 3 > -x 1");
    route_case("zigzag", 3, &h, src, NODE(3, 3), PX, 2, "zigzag (1,1)->(3,3): tie, lowest");
    /* (1,1) -> (7,4): x -2 hops (through the wrap), y +3 hops */
    route_case("zigzag", 3, &h, src, NODE(7, 4), PY, 2, "zigzag (1,1)->(7,4)");
    h.busy[PY] = 1u << 2;
    route_case("zigzag", 3, &h, src, NODE(7, 4), MX, 2, "zigzag (1,1)->(7,4), +y busy");
}

static void test_rtr_lru_sq(void **st)
{
    (void)st;
    const int src = NODE(1, 1), dst = NODE(3, 3);
    hand h = hand_new(src);
    h.age[PX] = 10;
    h.age[PY] = 200;
    h.age[MX] = h.age[MY] = 255;
    route_case("lru", 3, &h, src, dst, PY, 2, "lru +x 10, +y 200");
    h.age[PX] = 200;
    h.age[PY] = 10;
    route_case("lru", 3, &h, src, dst, PX, 2, "lru +x 200, +y 10");
    /* sq: occupancy downstream summed over all VCs; the escape VCs' slots count too */
    h = hand_new(src);
    h.cred[PX][0] = BUF - 3; /* +x: 3 used */
    h.cred[PY][1] = BUF - 1; /* +y: 1 used */
    route_case("sq", 3, &h, src, dst, PY, 2, "sq +x 3 used, +y 1 used");
    h.cred[PX][0] = BUF;
    h.cred[PX][1] = BUF - 1;
    h.cred[PY][0] = BUF - 1;
    h.cred[PY][1] = BUF - 1;
    route_case("sq", 3, &h, src, dst, PX, 2, "sq +x 1 used, +y 2 used");
}

/* random: the draw of input port ip is the RNG state visible in the cycle rotated left by 7*ip,
 * low 16 bits (section 19.4); every VC of the port reads the same draw. Two candidates (+x bit 0,
 * +y bit 2): u < 0x8000 -> +x, else +y. Injected packets arrive on port 0: rotation 0. */
static void test_rtr_random(void **st)
{
    (void)st;
    const int src = NODE(1, 1), dst = NODE(3, 3);
    hand h = hand_new(src);
    h.rng = 0x0000C000; /* u = 0xC000 -> +y */
    route_case("random", 3, &h, src, dst, PY, 2, "random x=0xC000, VC 0");
    h.rng = 0x00014000; /* u = 0x4000 -> +x */
    route_case("random", 3, &h, src, dst, PX, 2, "random x=0x14000, VC 0");
    /* The second packet of the source goes on input VC 1 of port 0: the same draw as VC 0.
     * x = 0x100: u = 0x0100 -> +x (a draw per input VC, rotated by 7, would read 0x8000: +y). */
    tn_sim *s = rsim(3, "random");
    hand none = hand_new(src);
    long ivc = alloc_head(s, &none, src, src, 2); /* a packet to itself: ejection, VC 0 */
    assert_int_equal(ivc, ((long)src * s->P + 0) * s->V + 0);
    assert_int_equal(s->rt.iu.oport[ivc], 0);
    for (int t = 0; t < 20 && tn_sim_in_flight(s); t++)
        tn_sim_step(s);
    assert_int_equal(tn_sim_in_flight(s), 0);
    h.rng = 0x00000100;
    ivc = alloc_head(s, &h, src, dst, 4);
    assert_int_equal(ivc, ((long)src * s->P + 0) * s->V + 1);
    expect_route(s, ivc, PX, 2, "random x=0x100, VC 1");
    tn_sim_free(s);
}

/* The per-link state and the RNG in a running router (19.3, 19.4), nothing forced: one 4-flit
 * packet (1,1) -> (2,1) on +x, injected at t0. Section 14: the head is written at the end of t0+1
 * and leaves on +x at t0+2 (its output VC busy from t0+3); the 4 flits leave at t0+2 .. t0+5 (the
 * tail frees the VC at the end of t0+5). Values at the start of cycle t0+i, i = 0..15, for link
 * +x of (1,1):
 *   ldsf_cnt: 0 until the first flit has left, +1 per flit to 4, then -1 per idle cycle to 0;
 *   lru_age:  t (cycles since reset, no flit yet), then 0 while flits leave, then +1 per cycle.
 * The RNG of every router has advanced once per cycle since reset, busy or idle. */
static void test_rtr_link_state(void **st)
{
    (void)st;
    static const int ldsf[16] = {0, 0, 0, 1, 2, 3, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0};
    static const int age[16] = {-1, -1, -1, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; /* -1: t */
    const int src = NODE(1, 1);
    tn_sim *s = rsim(3, "ldsf");
    const long t0 = 5;
    while (tn_sim_cycle(s) < t0)
        tn_sim_step(s);
    assert_int_equal(tn_sim_inject(s, src, NODE(2, 1), 4), 0);
    for (int i = 0; i < 16; i++) {
        long t = tn_sim_cycle(s);
        for (int node = 0; node < s->g.nodes; node++)
            tn_router_sel_sync(&s->rt, node, s->cycle);
        long slot = (long)src * s->P + PX;
        int a = age[i] < 0 ? (int)t : age[i];
        if (s->rt.sel.ldsf_cnt[slot] != ldsf[i] || s->rt.sel.lru_age[slot] != a)
            fail_msg("start of cycle t0+%d: +x of (1,1) ldsf_cnt %u lru_age %u, expected %d %d",
                     i, s->rt.sel.ldsf_cnt[slot], s->rt.sel.lru_age[slot], ldsf[i], a);
        /* the other links of (1,1) and a router that never saw a flit: idle since reset */
        long other = (long)src * s->P + MY, far = (long)NODE(5, 5) * s->P + PY;
        if (s->rt.sel.ldsf_cnt[other] || s->rt.sel.lru_age[other] != t || s->rt.sel.ldsf_cnt[far] ||
            s->rt.sel.lru_age[far] != t)
            fail_msg("cycle %ld: idle links: ldsf %u %u, age %u %u, expected 0 0, %ld %ld", t,
                     s->rt.sel.ldsf_cnt[other], s->rt.sel.ldsf_cnt[far], s->rt.sel.lru_age[other],
                     s->rt.sel.lru_age[far], t, t);
        for (int node = 0; node < s->g.nodes; node++) {
            tn_rng r = {tn_router_seed(s->cfg.seed, node)};
            for (long c = 0; c < t; c++)
                tn_rng_next(&r);
            if (s->rt.sel.rng[node] != r.s)
                fail_msg("cycle %ld node %d: rng 0x%08x, expected 0x%08x (seed advanced %ld "
                         "times)", t, node, s->rt.sel.rng[node], r.s, t);
        }
        tn_sim_step(s);
    }
    assert_int_equal(tn_sim_in_flight(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    tn_sim_free(s);
}

/* The "held" case of the LDSF counter in a router (19.3): a link with an allocated output VC and
 * no flit leaving keeps its counter, an idle link decays, both in a router that steps every
 * cycle (a packet is stuck in it) and in one the simulator skips (no flit buffered). */
static void test_rtr_held(void **st)
{
    (void)st;
    const int src = NODE(1, 1), idle = NODE(5, 5);
    tn_sim *s = rsim(3, "ldsf");
    for (int i = 0; i < 5; i++)
        tn_sim_step(s);
    long px = (long)src * s->P + PX, mx = (long)src * s->P + MX;
    long ipy = (long)idle * s->P + PY, imy = (long)idle * s->P + MY;
    tn_router_sel_sync(&s->rt, src, s->cycle);
    tn_router_sel_sync(&s->rt, idle, s->cycle);
    s->rt.sel.ldsf_cnt[px] = s->rt.sel.ldsf_cnt[mx] = 50;
    s->rt.sel.ldsf_cnt[ipy] = s->rt.sel.ldsf_cnt[imy] = 50;
    s->rt.ou.busy[px] |= 1u << 2;  /* +x adaptive VC held (forced): the packet takes escape VC 1 */
    s->rt.ou.busy[ipy] |= 1u << 2; /* an allocated VC at a router with no flit */
    assert_int_equal(tn_sim_inject(s, src, NODE(2, 1), 4), 0);
    /* The head leaves on escape VC 1 at t0+2 (+1); from then on the VC is held without a credit
     * (forced to 0 before every cycle, the head's returning credit included): a blocked worm. */
    for (int i = 0; i < 20; i++) {
        if (i >= 3)
            s->rt.ou.credits[px * s->V + 1] = 0;
        tn_sim_step(s);
    }
    tn_router_sel_sync(&s->rt, src, s->cycle);
    tn_router_sel_sync(&s->rt, idle, s->cycle);
    long ivc = active_ivc(s, src);
    expect_route(s, ivc, PX, 1, "blocked worm on escape VC 1");
    assert_int_equal(s->rt.iu.cnt[ivc], 3); /* the head left, the body did not */
    assert_int_equal(s->rt.sel.ldsf_cnt[px], 51);
    assert_int_equal(s->rt.sel.ldsf_cnt[mx], 30);
    assert_int_equal(s->rt.sel.lru_age[px], 17); /* the head left at t0+2 */
    assert_int_equal(s->rt.sel.ldsf_cnt[ipy], 50);
    assert_int_equal(s->rt.sel.ldsf_cnt[imy], 30);
    /* credits back: the 3 flits leave in the next 3 cycles, +1 each; the link stays held (the
     * forced adaptive VC), so the counter keeps 54 */
    s->rt.ou.credits[px * s->V + 1] = BUF;
    for (int i = 0; i < 10; i++)
        tn_sim_step(s);
    tn_router_sel_sync(&s->rt, src, s->cycle);
    tn_router_sel_sync(&s->rt, idle, s->cycle);
    assert_int_equal(s->rt.sel.ldsf_cnt[px], 54);
    assert_int_equal(s->rt.sel.lru_age[px], 7);
    assert_int_equal(s->rt.sel.ldsf_cnt[mx], 20);
    assert_int_equal(s->rt.sel.ldsf_cnt[ipy], 50);
    assert_int_equal(s->rt.sel.ldsf_cnt[imy], 20);
    for (int i = 0; i < 20 && tn_sim_in_flight(s); i++)
        tn_sim_step(s);
    assert_int_equal(tn_sim_in_flight(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    assert_int_equal(tn_sim_check_errors(s), 0);
    tn_sim_free(s);
}

/* No productive port free: the escape VC of the DOR port, VC 0 or 1 by dateline class. */
static void test_rtr_escape(void **st)
{
    (void)st;
    const int src = NODE(1, 1);
    hand h = hand_new(src);
    /* (1,1) -> (3,3): +x adaptive busy, +y adaptive not empty -> escape +x, class 1 = VC 1 */
    h.busy[PX] = 1u << 2;
    h.cred[PY][2] = BUF - 1;
    h.ldsf[PX] = 0;
    route_case("ldsf", 3, &h, src, NODE(3, 3), PX, 1, "escape (1,1)->(3,3)");
    route_case("zigzag", 3, &h, src, NODE(3, 3), PX, 1, "escape (1,1)->(3,3) zigzag");
    /* (1,1) -> (5,1): tie, +x and -x productive, both blocked -> escape by the parity rule:
     * odd x goes -x; - direction with t = 5 > c = 1, c != 0: class 0 = VC 0 */
    h = hand_new(src);
    h.busy[PX] = 1u << 2;
    h.busy[MX] = 1u << 2;
    route_case("ldsf", 3, &h, src, NODE(5, 1), MX, 0, "escape (1,1)->(5,1)");
    /* (1,1) -> (1,0): -y only, t = 0 < c = 1: no wrap ahead, class 1 = VC 1 */
    h = hand_new(src);
    h.busy[MY] = 1u << 2;
    route_case("dor", 3, &h, src, NODE(1, 0), MY, 1, "escape (1,1)->(1,0)");
    /* (6,1) -> (1,1): +x only (3 hops through the wrap 7 -> 0): class 0 = VC 0 */
    h = hand_new(NODE(6, 1));
    h.cred[PX][2] = 0;
    route_case("ldsf", 3, &h, NODE(6, 1), NODE(1, 1), PX, 0, "escape (6,1)->(1,1)");
    /* (6,1) -> (1,3): x through the wrap, +y; both adaptive blocked: escape DOR +x, VC 0 */
    h.busy[PY] = 1u << 2;
    route_case("sq", 3, &h, NODE(6, 1), NODE(1, 3), PX, 0, "escape (6,1)->(1,3)");
    /* V = 4: escape VCs are still 0 and 1 (one per class), never the adaptive 2 and 3 */
    h = hand_new(src);
    h.busy[PX] = h.busy[PY] = 3u << 2;
    route_case("ldsf", 4, &h, src, NODE(3, 3), PX, 1, "escape V=4 (1,1)->(3,3)");

    /* Escape VC busy as well: no request; the head waits (IDLE) until it frees. */
    tn_sim *s = rsim(3, "ldsf");
    h = hand_new(src);
    h.busy[PX] = (1u << 2) | (1u << 1); /* +x adaptive and escape VC 1 */
    h.busy[PY] = 1u << 2;
    assert_int_equal(tn_sim_inject(s, src, NODE(3, 3), 4), 0);
    for (int t = 0; t < 15; t++) {
        hand_apply(s, &h);
        tn_sim_step(s);
        assert_int_equal(active_ivc(s, src), -1);
    }
    long ivc0 = ((long)src * s->P) * s->V + 0;
    assert_int_equal(s->rt.iu.state[ivc0], TN_VC_IDLE);
    assert_true(s->rt.iu.cnt[ivc0] > 0);
    assert_true(tn_iu_front(&s->rt, ivc0)->head);
    /* escape VC 1 of +x freed: taken next cycle (adaptive ones still blocked) */
    h.busy[PX] = 1u << 2;
    s->rt.ou.busy[(long)src * s->P + PX] &= ~(1u << 1);
    hand_apply(s, &h);
    tn_sim_step(s);
    expect_route(s, active_ivc(s, src), PX, 1, "escape freed");
    tn_sim_free(s);
    /* Only the escape VC of the other class free: not usable (VC 0 is class 0) */
    s = rsim(3, "ldsf");
    h.busy[PX] = (1u << 2) | (1u << 1);
    assert_int_equal(tn_sim_inject(s, src, NODE(3, 3), 4), 0);
    for (int t = 0; t < 15; t++) {
        hand_apply(s, &h);
        tn_sim_step(s);
        assert_int_equal(active_ivc(s, src), -1);
    }
    /* an adaptive VC frees (the +y one): taken, adaptive */
    s->rt.ou.busy[(long)src * s->P + PY] &= ~(1u << 2);
    h.busy[PY] = 0;
    hand_apply(s, &h);
    tn_sim_step(s);
    expect_route(s, active_ivc(s, src), PY, 2, "adaptive freed");
    tn_sim_free(s);
}

/* Whole packet forwarding (R19.1.4): with packets of at most 2 flits in buffers of 4, an adaptive
 * VC is free with A = 2 credits (its buffer need not be empty) and not free with 1. */
static void test_rtr_whole_packet(void **st)
{
    (void)st;
    const int src = NODE(1, 1), dst = NODE(3, 3);
    hand h = hand_new(src);
    h.ldsf[PX] = 120;
    h.ldsf[PY] = 64; /* ldsf prefers +y while it is free */
    h.cred[PY][2] = 2;
    tn_sim *s = rsim_pkt(3, "ldsf", "1-2");
    assert_int_equal(s->A, 2);
    for (int i = 0; i < 3; i++)
        tn_sim_step(s);
    expect_route(s, alloc_head(s, &h, src, dst, 2), PY, 2, "pkt=1-2: +y with 2 of 4 credits is free");
    tn_sim_free(s);
    h.cred[PY][2] = 1;
    s = rsim_pkt(3, "ldsf", "1-2");
    for (int i = 0; i < 3; i++)
        tn_sim_step(s);
    expect_route(s, alloc_head(s, &h, src, dst, 2), PX, 2, "pkt=1-2: +y with 1 credit is not free");
    tn_sim_free(s);
    /* the same 2 credits with packets of 4 (A = buf = 4): not free */
    h.cred[PY][2] = 2;
    route_case("ldsf", 3, &h, src, dst, PX, 2, "pkt=4: +y with 2 of 4 credits is not free");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_mask),      cmocka_unit_test(test_ldsf),
        cmocka_unit_test(test_dor),             cmocka_unit_test(test_zigzag),
        cmocka_unit_test(test_lru),             cmocka_unit_test(test_sq),
        cmocka_unit_test(test_random_exact),    cmocka_unit_test(test_random_uniform),
        cmocka_unit_test(test_select_dispatch), cmocka_unit_test(test_ldsf_cnt_script),
        cmocka_unit_test(test_lru_age_script),  cmocka_unit_test(test_router_seed),
        cmocka_unit_test(test_rtr_ldsf),        cmocka_unit_test(test_rtr_dor),
        cmocka_unit_test(test_rtr_zigzag),      cmocka_unit_test(test_rtr_lru_sq),
        cmocka_unit_test(test_rtr_random),      cmocka_unit_test(test_rtr_link_state),
        cmocka_unit_test(test_rtr_held),        cmocka_unit_test(test_rtr_escape),
        cmocka_unit_test(test_rtr_whole_packet),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
