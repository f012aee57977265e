/* SPDX-License-Identifier: MIT */
/* Helpers shared by the simulator checks (test_sim.c, test_deadlock.c, test_nonmin.c,
 * test_stats.c) and the CHAOS checks (test_chaos.c): a delivery callback that keeps the last
 * packet, the default configuration of a k-ary n-cube, DOR hop counts, the worked traces' notation
 * of registers and their assertion macros, the simulator of a worked trace, a run to its end with
 * its checks, and a simulator on a trace of given lines. Static inline: each test reads the ones
 * it needs. */
#ifndef TN_SIM_UTIL_H
#define TN_SIM_UTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn_test.h"
#include "tn_internal.h"

typedef struct last_pkt {
    int count;
    tn_pkt_record r;
} last_pkt;

static inline void on_deliver(void *user, const tn_pkt_record *p)
{
    last_pkt *l = user;
    l->count++;
    l->r = *p;
}

static inline tn_config base(int k, int n)
{
    tn_config c;
    tn_config_default(&c);
    c.k = k;
    c.n = n;
    c.load = 0;
    return c;
}

static inline int dor_hops(const tn_geom *g, int s, int d)
{
    int cs[TN_MAX_N], cd[TN_MAX_N], h = 0;
    tn_coords(g, s, cs);
    tn_coords(g, d, cd);
    for (int i = 0; i < g->n; i++) {
        int p = (cd[i] - cs[i] + g->k) % g->k;
        h += p < g->k - p ? p : g->k - p;
    }
    return h;
}

static inline void wk_credit(const tn_sim *s, int node, int port, char *out, size_t len)
{
    snprintf(out, len, "-");
    for (long i = 0; i < s->lk.ncev[s->lk.cur]; i++) {
        const tn_credit_ev *e = &s->lk.cev[s->lk.cur][i];
        if (e->node == node && e->port == port)
            snprintf(out, len, "v%d", e->vc);
    }
}

static inline void wk_state(const tn_sim *s, long ivc, char *out, size_t len)
{
    if (s->rt.iu.state[ivc] == TN_VC_ACTIVE)
        snprintf(out, len, "A %d/%d", s->rt.iu.oport[ivc], s->rt.iu.ovc[ivc]);
    else
        snprintf(out, len, "I");
}

#define WK_INT(name, got, want)                                                                 \
    do {                                                                                        \
        if ((long)(got) != (long)(want))                                                        \
            fail_msg("start of cycle %ld: %s is %ld, the table says %ld", t, name, (long)(got), \
                     (long)(want));                                                             \
    } while (0)
#define WK_STR(name, got, want)                                                                 \
    do {                                                                                        \
        if (strcmp((got), (want)))                                                              \
            fail_msg("start of cycle %ld: %s is \"%s\", the table says \"%s\"", t, name, (got), \
                     (want));                                                                   \
    } while (0)

/* A worked trace's simulator: the default keys, then the trace's. The test runs from the
 * repository root, as make test does: the trace files are in tb/regress/. */
static inline tn_sim *keys_sim(const char *const (*keys)[2], size_t n)
{
    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    for (size_t i = 0; i < n; i++)
        if (tn_config_set(&c, keys[i][0], keys[i][1], err, sizeof err))
            fail_msg("%s", err);
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s (the test runs from the repository root, as make test does)", err);
    return s;
}

/* A value tn_config_set refuses, with a message naming the key, the value and the needle (the
 * allowed range). */
static inline void expect_bad(const char *key, const char *value, const char *needle)
{
    tn_config c;
    char err[TN_ERRLEN] = "";
    tn_config_default(&c);
    assert_int_equal(tn_config_set(&c, key, value, err, sizeof err), -1);
    if (!strstr(err, key) || !strstr(err, value) || !strstr(err, needle))
        fail_msg("%s=%s gave '%s' (wanted key, value and '%s')", key, value, err, needle);
}

/* Run configuration c to its end: every packet delivered intact, no error. */
static inline tn_stats run_cfg(tn_config *c)
{
    char err[TN_ERRLEN];
    tn_stats st;
    tn_sim *s = tn_sim_new(c, err, sizeof err);
    if (!s)
        fail_msg("config rejected: %s", err);
    int rc = tn_sim_run(s, &st);
    if (rc)
        fail_msg("run failed: %s (router errors 0x%x)", tn_sim_first_error(s),
                 tn_sim_router_errors(s));
    tn_sim_free(s);
    assert_int_equal(st.injected, st.delivered);
    assert_int_equal(st.check_errors, 0);
    assert_int_equal(st.router_errors, 0);
    return st;
}

/* Run s to its end, fn seeing each delivered packet (s NULL: its configuration was refused
 * with err); the caller frees s. */
static inline tn_stats run_watched(tn_sim *s, const char *err, tn_deliver_fn fn, void *user)
{
    if (!s)
        fail_msg("%s", err);
    tn_sim_on_deliver(s, fn, user);
    tn_stats st;
    assert_int_equal(tn_sim_run(s, &st), 0);
    return st;
}

/* A simulator of configuration c (keys beside trace= unchanged) on a trace of these lines, or NULL
 * with the message in err. The file that includes this defines _POSIX_C_SOURCE (mkstemp, fdopen). */
static inline tn_sim *trace_sim_cfg(const char *lines, tn_config c, char *err, size_t errlen)
{
    char path[] = "/tmp/tn_test_trace_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(lines, f);
    fclose(f);
    if (tn_config_set(&c, "traffic", "trace", err, errlen) ||
        tn_config_set(&c, "trace", path, err, errlen))
        fail_msg("%s", err);
    tn_sim *s = tn_sim_new(&c, err, errlen);
    remove(path);
    return s;
}

#endif
