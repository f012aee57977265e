/* SPDX-License-Identifier: MIT */
/* Helpers shared by the simulator checks (test_sim.c) and the CHAOS checks (test_chaos.c): a
 * delivery callback that keeps the last packet, the default configuration of a k-ary n-cube, DOR
 * hop counts, the worked traces' notation of registers and their assertion macros, and the
 * simulator of a worked trace. Static inline: each test reads the ones it needs. */
#ifndef TN_SIM_UTIL_H
#define TN_SIM_UTIL_H
#include <stdio.h>
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
    for (long i = 0; i < s->ncev[s->cur]; i++) {
        const tn_credit_ev *e = &s->cev[s->cur][i];
        if (e->node == node && e->port == port)
            snprintf(out, len, "v%d", e->vc);
    }
}

static inline void wk_state(const tn_sim *s, long ivc, char *out, size_t len)
{
    if (s->iu.state[ivc] == TN_VC_ACTIVE)
        snprintf(out, len, "A %d/%d", s->iu.oport[ivc], s->iu.ovc[ivc]);
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

#endif
