/* SPDX-License-Identifier: MIT */
/* RTL unit test of the per-link selection state (docs/microarchitecture.md section 19.3):
 * rtl/router/tn_sel_ldsf_cnt.v and tn_sel_lru_age.v, Verilated alone under
 * tb/verilator/tn_sel_state_top.v, against the C model's tn_sel_ldsf_cnt_next and
 * tn_sel_lru_age_next: the scripted sequence of tn_sel_script.h (hand-computed values) and
 * 100000 cycles of random (sent, held, reset) compared every cycle; and the random selection
 * function rtl/router/tn_sel_random.v against tn_sel_random for every draw and candidate set.
 * Prints TAP.
 * Build and run: make build/vl/sel_state/vl_sel_state && build/vl/sel_state/vl_sel_state [seed] */
#include <stdio.h>
#include <stdlib.h>
#include "tn.h"
#include "tn_sel_rtl.h"
#include "tn_sel_script.h"
#include "vl_tap.h"

#define RANDOM_CYCLES 100000L


/* Reset clears both registers, whatever they held. */
static void test_reset(tn_sel_rtl *r)
{
    char diag[256] = "";
    tn_sel_rtl_reset(r);
    int ok = tn_sel_rtl_cnt(r) == 0 && tn_sel_rtl_age(r) == 0;
    for (int i = 0; i < 10; i++)
        tn_sel_rtl_step(r, 1, 0);
    ok = ok && tn_sel_rtl_cnt(r) == 10 && tn_sel_rtl_age(r) == 0;
    for (int i = 0; i < 3; i++)
        tn_sel_rtl_step(r, 0, 0);
    ok = ok && tn_sel_rtl_cnt(r) == 7 && tn_sel_rtl_age(r) == 3;
    if (!ok)
        snprintf(diag, sizeof diag, "after 10 sends and 3 idles: cnt %u (7) age %u (3)",
                 tn_sel_rtl_cnt(r), tn_sel_rtl_age(r));
    tn_sel_rtl_reset(r);
    if (ok && (tn_sel_rtl_cnt(r) != 0 || tn_sel_rtl_age(r) != 0)) {
        ok = 0;
        snprintf(diag, sizeof diag, "after reset: cnt %u age %u, expected 0 0", tn_sel_rtl_cnt(r),
                 tn_sel_rtl_age(r));
    }
    tap(ok, "reset clears ldsf_cnt and lru_age", diag);
}

/* The scripted sequence: hand-computed values at the end of every row, and the C model every
 * cycle. */
static void test_script(tn_sel_rtl *r)
{
    char dl[256] = "", da[256] = "", dc[256] = "";
    int okl = 1, oka = 1, okc = 1;
    uint8_t cnt = 0, age = 0;
    long cycle = 0;
    tn_sel_rtl_reset(r);
    for (int i = 0; i < TN_SEL_SCRIPT_ROWS; i++) {
        const tn_sel_script_row *row = &tn_sel_script[i];
        for (int j = 0; j < row->reps; j++, cycle++) {
            tn_sel_rtl_step(r, row->sent, row->held);
            cnt = tn_sel_ldsf_cnt_next(cnt, row->sent, row->held);
            age = tn_sel_lru_age_next(age, row->sent);
            if (okc && (tn_sel_rtl_cnt(r) != cnt || tn_sel_rtl_age(r) != age)) {
                okc = 0;
                snprintf(dc, sizeof dc, "cycle %ld (row %d, sent %d held %d): RTL cnt %u age %u, "
                         "C cnt %u age %u", cycle, i, row->sent, row->held, tn_sel_rtl_cnt(r),
                         tn_sel_rtl_age(r), cnt, age);
            }
        }
        if (okl && tn_sel_rtl_cnt(r) != (unsigned)row->ldsf) {
            okl = 0;
            snprintf(dl, sizeof dl, "row %d (sent %d held %d x%d), after cycle %ld: cnt_o %u, "
                     "expected %d", i, row->sent, row->held, row->reps, cycle - 1,
                     tn_sel_rtl_cnt(r), row->ldsf);
        }
        if (oka && tn_sel_rtl_age(r) != (unsigned)row->age) {
            oka = 0;
            snprintf(da, sizeof da, "row %d (sent %d x%d), after cycle %ld: age_o %u, expected %d",
                     i, row->sent, row->reps, cycle - 1, tn_sel_rtl_age(r), row->age);
        }
    }
    tap(okl, "scripted sequence: tn_sel_ldsf_cnt.v takes the hand-computed values", dl);
    tap(oka, "scripted sequence: tn_sel_lru_age.v takes the hand-computed values", da);
    tap(okc, "scripted sequence: RTL equals tn_sel_ldsf_cnt_next / tn_sel_lru_age_next every "
        "cycle", dc);
}

/* Random (sent, held) in phases of 500 cycles with their own probabilities (so the counter
 * climbs to saturation, sits there, decays to 0 and sits there), and a rare reset. */
static void test_random(tn_sel_rtl *r, uint32_t seed)
{
    static const uint32_t p_sent[] = {0, 1u << 28, 1u << 31, 15u << 28, 0xFFFFFFFFu};
    static const uint32_t p_held[] = {0, 1u << 31, 0xFFFFFFFFu};
    char dl[256] = "", da[256] = "", dv[256] = "";
    int okl = 1, oka = 1;
    long resets = 0, at_max = 0, at_zero = 0, age_max = 0, held_kept = 0;
    tn_rng g = {tn_seed_stream(seed, 0x5E, 0)};
    uint8_t cnt = 0, age = 0;
    uint32_t ps = 0, ph = 0;
    tn_sel_rtl_reset(r);
    for (long t = 0; t < RANDOM_CYCLES; t++) {
        if (t % 500 == 0) {
            ps = p_sent[tn_rng_below(&g, 5)];
            ph = p_held[tn_rng_below(&g, 3)];
        }
        if (tn_rng_below(&g, 20000) == 0) {
            tn_sel_rtl_reset(r);
            cnt = age = 0;
            resets++;
        }
        int sent = tn_rng_next(&g) < ps || ps == 0xFFFFFFFFu;
        int held = tn_rng_next(&g) < ph || ph == 0xFFFFFFFFu;
        tn_sel_rtl_step(r, sent, held);
        uint8_t prev = cnt;
        cnt = tn_sel_ldsf_cnt_next(cnt, sent, held);
        age = tn_sel_lru_age_next(age, sent);
        at_max += cnt == TN_SEL_MAX;
        at_zero += cnt == 0;
        age_max += age == TN_SEL_MAX;
        held_kept += !sent && held && prev > 0;
        if (okl && tn_sel_rtl_cnt(r) != cnt) {
            okl = 0;
            snprintf(dl, sizeof dl, "seed %u cycle %ld (sent %d held %d, previous %u): cnt_o %u, "
                     "C %u", seed, t, sent, held, prev, tn_sel_rtl_cnt(r), cnt);
        }
        if (oka && tn_sel_rtl_age(r) != age) {
            oka = 0;
            snprintf(da, sizeof da, "seed %u cycle %ld (sent %d): age_o %u, C %u", seed, t, sent,
                     tn_sel_rtl_age(r), age);
        }
    }
    tap(okl, "random cycles: tn_sel_ldsf_cnt.v equals tn_sel_ldsf_cnt_next every cycle", dl);
    tap(oka, "random cycles: tn_sel_lru_age.v equals tn_sel_lru_age_next every cycle", da);
    /* the random run visited the corners it is meant to check */
    int okv = at_max > 100 && at_zero > 100 && age_max > 100 && held_kept > 100;
    snprintf(dv, sizeof dv, "seed %u: cycles at cnt 255 %ld, at cnt 0 %ld, at age 255 %ld, held "
             "above 0 %ld, resets %ld", seed, at_max, at_zero, age_max, held_kept, resets);
    tap(okv, "random cycles reach saturation, the floor and the held case", dv);
    if (okv)
        printf("# %s\n", dv);
}

/* tn_sel_random.v against tn_sel_random (select.c) for every 16-bit draw and every nonempty
 * candidate set of 2, 4 and 6 network ports: the thresholds ceil(i * 2^16 / c) are where a
 * comparison written bit by bit can be off by one, and a run's draws hit them rarely (make
 * mutate: the chain's first carry made 0 survived every lockstep run). */
static void test_random_pick(tn_sel_rtl *r)
{
    static const int nps[3] = {2, 4, 6};
    for (int k = 0; k < 3; k++) {
        int np = nps[k];
        long checked = 0, bad = 0;
        char diag[256] = "";
        for (unsigned cand = 1; cand < (1u << np); cand++)
            for (unsigned u = 0; u < 65536u; u++) {
                unsigned rtl = tn_sel_rtl_random(r, np, cand, u);
                unsigned model = (unsigned)tn_sel_random(cand, u);
                checked++;
                if (rtl != model && bad++ == 0)
                    snprintf(diag, sizeof diag, "np %d candidates 0x%x draw %u: rtl picks %u, "
                             "model %u", np, cand, u, rtl, model);
            }
        char what[160];
        snprintf(what, sizeof what, "tn_sel_random.v (NP=%d) equals tn_sel_random for every draw "
                 "and candidate set (%ld pairs)", np, checked);
        tap(bad == 0, what, diag);
    }
}

int main(int argc, char **argv)
{
    uint32_t seed = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 1;
    tn_sel_rtl *r = tn_sel_rtl_new();
    if (!r) {
        printf("not ok 1 - out of memory for the Verilated model\n1..1\n");
        return 1;
    }
    printf("1..10\n");
    test_reset(r);
    test_script(r);
    test_random(r, seed);
    test_random_pick(r);
    tn_sel_rtl_free(r);
    printf("# %d passed, %d failed\n", n_test - n_fail, n_fail);
    return n_fail ? 1 : 0;
}
