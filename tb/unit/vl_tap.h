/* SPDX-License-Identifier: MIT */
/* TAP lines and a seeded test RNG for the Verilated unit tests (vl_sel_state.c, vl_gal_ni.c,
 * vl_acor.c, vl_source.c, vl_sink.c); included by the test's one C file. */
#ifndef VL_TAP_H
#define VL_TAP_H
#include <stdint.h>
#include <stdio.h>

static int n_test, n_fail; /* checks so far, and the failed ones */

/* one TAP line, "ok N - WHAT" or "not ok N - WHAT" followed by "# DIAG" */
static inline void tap(int ok, const char *what, const char *diag)
{
    n_test++;
    if (!ok)
        n_fail++;
    printf("%sok %d - %s\n", ok ? "" : "not ", n_test, what);
    if (!ok && diag && *diag)
        printf("# %s\n", diag);
}

static uint64_t rng_state; /* the test's own draws (not the model's): vl_seed, then rnd */

static inline void vl_seed(uint64_t seed)
{
    rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
}

static inline uint32_t rnd(void) /* xorshift64* */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}
#endif
