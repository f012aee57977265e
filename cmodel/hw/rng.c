/* SPDX-License-Identifier: MIT */
/* Bit-exact random numbers (rtl/common/tn_rng.v): xorshift32 and per-stream seeding. */
#include "tn.h"

uint32_t tn_rng_next(tn_rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->s = x;
    return x;
}

uint32_t tn_rng_below(tn_rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)tn_rng_next(r) * n) >> 32);
}

/* splitmix64 finaliser of (global, kind, index); never returns 0 (xorshift32 fixed point). */
uint32_t tn_seed_stream(uint32_t global, uint32_t kind, uint32_t index)
{
    uint64_t z = ((uint64_t)global << 32) ^ ((uint64_t)kind << 24) ^ (uint64_t)index;
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    uint32_t s = (uint32_t)(z >> 32) ^ (uint32_t)z;
    return s ? s : 0x6D2B79F5u;
}
