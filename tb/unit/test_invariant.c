/* SPDX-License-Identifier: MIT */
/* The C model's mirror of the formal proofs' invariants (cmodel/sim/invariant.c): they hold
 * through loaded runs of every family they cover (these tests are built with -DTN_INVARIANTS, so
 * each cycle is checked and a broken invariant is a check error), and each check fires, naming
 * its property number, when the state is broken on purpose. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h's trace_sim_cfg) */
#include <stdio.h>
#include <string.h>
#include "sim_util.h"

/* a 4x4 torus at load, stepped `cycles` cycles; NULL when the configuration is refused */
static tn_sim *loaded(const char *routing, int vcs, long cycles)
{
    tn_config c = base(4, 2);
    char err[TN_ERRLEN];
    assert_int_equal(tn_config_set(&c, "routing", routing, err, sizeof err), 0);
    c.vcs = vcs;
    c.load = 0.5;
    if (!strcmp(routing, "gal"))
        assert_int_equal(tn_config_set(&c, "gal_adapt", "on", err, sizeof err), 0);
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s: %s", routing, err);
    for (long t = 0; t < cycles; t++)
        tn_sim_step(s);
    return s;
}

/* the invariants hold, every cycle, under load (DOR, MIN AD, GOAL, GAL adaptive, ACOR) */
static void test_hold_under_load(void **st_)
{
    (void)st_;
    struct { const char *routing; int vcs; } cases[] = {
        {"dor", 2}, {"minad", 3}, {"goal", 3}, {"gal", 4}, {"acor", 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_sim *s = loaded(cases[i].routing, cases[i].vcs, 3000);
        char msg[TN_ERRLEN];
        int bad = tn_invariants(s, msg, sizeof msg);
        if (bad || tn_sim_check_errors(s))
            fail_msg("%s: %d broken now (%s), %ld check errors (%s)", cases[i].routing, bad, msg,
                     tn_sim_check_errors(s), tn_sim_first_error(s));
        assert_true(s->rt.iu.nflits[0] + s->rt.iu.nflits[5] + s->rt.iu.nflits[10] > 0 ||
                    s->pt.in_flight > 0); /* the network is loaded: something to check */
        tn_sim_free(s);
    }
}

/* expect_broken: tn_invariants finds exactly one broken invariant, the one named want */
static void expect_broken(const tn_sim *s, const char *want)
{
    char msg[TN_ERRLEN];
    int bad = tn_invariants(s, msg, sizeof msg);
    if (bad != 1 || strncmp(msg, want, strlen(want)))
        fail_msg("wanted one broken invariant %s, got %d: %s", want, bad, msg);
}

/* each check fires on a state broken on purpose, and names its property */
static void test_each_fires(void **st_)
{
    (void)st_;
    tn_sim *s = loaded("dor", 2, 500);
    char msg[TN_ERRLEN];
    assert_int_equal(tn_invariants(s, msg, sizeof msg), 0);
    const int P = s->P, V = s->V;
    /* an output VC of node 3's port 1 that no input VC holds, marked busy */
    long slot = 3L * P + 1;
    int v = -1;
    for (int w = 0; w < V && v < 0; w++)
        if (!((s->rt.ou.busy[slot] >> w) & 1u))
            v = w;
    if (v >= 0) {
        s->rt.ou.busy[slot] ^= 1u << v;
        expect_broken(s, "F5.2");
        s->rt.ou.busy[slot] ^= 1u << v;
    }
    uint8_t c = s->rt.ou.credits[slot * V];
    s->rt.ou.credits[slot * V] = (uint8_t)(s->B + 1);
    expect_broken(s, "F3.1");
    s->rt.ou.credits[slot * V] = c;
    s->rt.iu.nflits[2]++;
    expect_broken(s, "F5.3");
    s->rt.iu.nflits[2]--;
    assert_int_equal(tn_invariants(s, msg, sizeof msg), 0);
    tn_sim_free(s);

    s = loaded("gal", 4, 200);
    uint16_t t = s->gal.thr[0];
    s->gal.thr[0] = (uint16_t)(s->cfg.gal_tmax + 1);
    expect_broken(s, "F6.1");
    s->gal.thr[0] = t;
    tn_sim_free(s);

    s = loaded("acor", 4, 200);
    uint8_t l = s->acor[1].level;
    s->acor[1].level = (uint8_t)s->acor_cfg.levels;
    expect_broken(s, "F2.1");
    s->acor[1].level = l;
    assert_int_equal(tn_invariants(s, msg, sizeof msg), 0);
    tn_sim_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hold_under_load),
        cmocka_unit_test(test_each_fires),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
