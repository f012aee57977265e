/* SPDX-License-Identifier: MIT */
/* Output selection functions (rtl/router/tn_select.v: the RTL computes the same picks as one
 * argmax over a key per port, tn_sel_argbest.v, with the keys of LRU, LDSF and sq formed once per
 * output unit, and tn_sel_random.v), the per-link state they read (tn_sel_lru_age.v,
 * tn_sel_ldsf_cnt.v) and the router's draw (docs/microarchitecture.md section 19). A candidate mask has one bit per network port:
 * bit j is port j+1, so +d is bit 2d and -d is bit 2d+1, and "lowest bit" is dimension order
 * with + before -. Every function breaks ties towards the lowest bit. */
#include "tn.h"

int tn_sel_random(uint32_t cand, uint32_t u16)
{
    if (!cand)
        return -1;
    uint32_t cnt = (uint32_t)__builtin_popcount(cand);
    uint32_t k = ((u16 & 0xFFFFu) * cnt) >> 16; /* the k-th candidate, counting from bit 0 */
    while (k--)
        cand &= cand - 1;
    return __builtin_ctz(cand);
}

int tn_sel_dor(uint32_t cand)
{
    return cand ? __builtin_ctz(cand) : -1;
}

/* The candidate with the best metric (largest when max, else smallest), ties to the lowest bit:
 * a scan from bit 0 that moves only on a strict improvement (rtl/router/tn_sel_argbest.v). */
static int argbest(uint32_t cand, const int *metric, int max)
{
    int best = -1;
    for (int j = 0; cand >> j; j++)
        if ((cand >> j) & 1u &&
            (best < 0 || (max ? metric[j] > metric[best] : metric[j] < metric[best])))
            best = j;
    return best;
}

int tn_sel_zigzag(uint32_t cand, const int *hops)
{
    int m[2 * TN_MAX_N] = {0}; /* both ports of a dimension share its hops */
    for (int j = 0; cand >> j; j++)
        if ((cand >> j) & 1u)
            m[j] = hops[j / 2];
    return argbest(cand, m, 1);
}

int tn_sel_lru(uint32_t cand, const uint8_t *age)
{
    int m[2 * TN_MAX_N] = {0};
    for (int j = 0; cand >> j; j++)
        if ((cand >> j) & 1u)
            m[j] = age[j];
    return argbest(cand, m, 1);
}

int tn_sel_ldsf(uint32_t cand, const uint8_t *cnt)
{
    int m[2 * TN_MAX_N] = {0};
    for (int j = 0; cand >> j; j++)
        if ((cand >> j) & 1u)
            m[j] = cnt[j];
    return argbest(cand, m, 0);
}

int tn_sel_sq(uint32_t cand, const uint16_t *used)
{
    int m[2 * TN_MAX_N] = {0};
    for (int j = 0; cand >> j; j++)
        if ((cand >> j) & 1u)
            m[j] = used[j];
    return argbest(cand, m, 0);
}

int tn_select(int sel, uint32_t cand, const tn_sel_in *in)
{
    switch (sel) {
    case TN_SEL_RANDOM: return tn_sel_random(cand, in->u16);
    case TN_SEL_DOR: return tn_sel_dor(cand);
    case TN_SEL_ZIGZAG: return tn_sel_zigzag(cand, in->hops);
    case TN_SEL_LRU: return tn_sel_lru(cand, in->age);
    case TN_SEL_LDSF: return tn_sel_ldsf(cand, in->cnt);
    default: return tn_sel_sq(cand, in->used);
    }
}

uint8_t tn_sel_lru_age_next(uint8_t age, int sent)
{
    if (sent)
        return 0;
    return age < TN_SEL_MAX ? (uint8_t)(age + 1) : age;
}

uint8_t tn_sel_ldsf_cnt_next(uint8_t cnt, int sent, int held)
{
    if (sent)
        return cnt < TN_SEL_MAX ? (uint8_t)(cnt + 1) : cnt;
    if (held)
        return cnt;
    return cnt ? (uint8_t)(cnt - 1) : 0;
}

uint32_t tn_sel_rand16(uint32_t x, int i)
{
    unsigned r = (unsigned)(7 * i) & 31u;
    uint32_t y = r ? (x << r) | (x >> (32u - r)) : x;
    return y & 0xFFFFu;
}

/* murmur3's 32-bit finaliser of (node+1) * golden ratio: a per-node salt the RTL computes at
 * elaboration (tn_torus.v, function node_salt). */
uint32_t tn_router_seed(uint32_t g, int node)
{
    uint32_t h = (uint32_t)(node + 1) * 0x9E3779B9u;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    uint32_t x = g ^ h;
    return x ? x : 0x6D2B79F5u;
}
