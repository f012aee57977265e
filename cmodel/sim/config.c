/* SPDX-License-Identifier: MIT */
/* Configuration: defaults, the table of keys and key=value parsing (tn_keys.h), range and
 * combination checks. Every error names the key, the value and the allowed range. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_cli.h"
#include "tn_keys.h"

/* name tables, index = enum value (rtl/common/tn_defs.tbl, via tn_defs.h) */
static const char *const routing_names[TN_ROUTE_LAST] = TN_ROUTING_NAMES;
static const char *const traffic_names[TN_TR_LAST] = TN_TRAFFIC_NAMES;
static const char *const topo_names[TN_TOPO_LAST] = TN_TOPO_NAMES;
static const char *const pipe_names[TN_PIPE_LAST] = TN_PIPE_NAMES;
static const char *const selection_names[TN_SEL_LAST] = TN_SELECTION_NAMES;

int tn_config_acrd(const tn_config *c) { return c->pkt_max < c->buf ? c->pkt_max : c->buf; }

const char *tn_routing_name(int r) { return r >= 0 && r < TN_ROUTE_LAST ? routing_names[r] : "?"; }
const char *tn_traffic_name(int t) { return t >= 0 && t < TN_TR_LAST ? traffic_names[t] : "?"; }
const char *tn_topo_name(int t) { return t >= 0 && t < TN_TOPO_LAST ? topo_names[t] : "?"; }
const char *tn_selection_name(int s)
{
    return s >= 0 && s < TN_SEL_LAST ? selection_names[s] : "?";
}

void tn_config_default(tn_config *c)
{
    memset(c, 0, sizeof *c);
    c->k = 8;
    c->n = 2;
    c->topo = TN_TOPO_TORUS;
    c->vcs = 2;
    c->buf = 8;
    c->pkt_min = c->pkt_max = 4;
    c->flitw = 32;
    c->term = 1;
    c->routing = TN_ROUTE_DOR;
    c->selection = TN_SEL_LDSF;
    c->traffic = TN_TR_UNIFORM;
    c->load = 0.3;
    c->warmup = 1000;
    c->measure = 10000;
    c->drain = 50000;
    c->seed = 1;
    c->perm_seed = 1;
    c->hot_frac = 0.1;
    c->n_hot = 1;
    c->hot[0] = 0;
    c->dateline = 1;
    c->transit = 1; /* in-transit priority (section 7.4): stable past saturation */
    c->pipe = TN_PIPE_0;
    c->watchdog = 20000;
    c->acor_seq = TN_ACOR_SEQ_BOX_GOALQ;
    c->acor_mode = TN_ACOR_MODE_ROUTER;
    c->acor_hi = 1024;
    c->acor_it1 = 128;
    c->acor_it2 = 384;
    c->acor_dt1 = 42;
    c->acor_dt2 = 128;
    c->gal_sets = TN_GAL_SDST;
    c->gal_t = 2;
    c->gal_adapt = 0;
    c->gal_tmin = 2;
    c->gal_tmax = 128;
    c->gal_n1 = 50;
    c->gal_n2 = 20;
    c->gal_qdepth = 128;
    c->chaos_wait = 8;
    c->chaos_q = 4;
}

const char *tn_val_show(const char *v, char *buf)
{
    size_t n = strlen(v);
    if (tn_text_escape(buf, TN_SHOW_MAX + 1, v, n) < n) {
        size_t u = strlen(buf);
        snprintf(buf + u, TN_SHOW_LEN - u, "... (%zu characters)", n);
    }
    return buf;
}

static int bad(char *err, size_t errlen, const char *key, const char *value, const char *allowed)
{
    char sv[TN_SHOW_LEN];
    snprintf(err, errlen, "key '%s': value '%s' is not allowed; allowed: %s", key,
             tn_val_show(value, sv), allowed);
    return -1;
}

int tn_cli_long(const char *v, long lo, long hi, long *out)
{
    if (!*v)
        return -1;
    for (const char *c = v; *c; c++)
        if (*c < '0' || *c > '9')
            return -1;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

/* digits [. digits] | . digits, then [e|E [+|-] digits] */
static int number_form(const char *v)
{
    const char *c = v;
    int digits = 0;
    while (*c >= '0' && *c <= '9')
        c++, digits++;
    if (*c == '.')
        for (c++; *c >= '0' && *c <= '9'; c++)
            digits++;
    if (!digits)
        return 0;
    if (*c == 'e' || *c == 'E') {
        c++;
        if (*c == '+' || *c == '-')
            c++;
        if (!(*c >= '0' && *c <= '9'))
            return 0;
        while (*c >= '0' && *c <= '9')
            c++;
    }
    return !*c;
}

int tn_cli_double(const char *v, double lo, double hi, double *out)
{
    if (!number_form(v))
        return -1;
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || *end || !(x >= lo && x <= hi))
        return -1;
    *out = x;
    return 0;
}

static int parse_name(const char *v, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(v, names[i]))
            return i;
    return -1;
}

static void join_names(char *buf, size_t len, const char *const *names, int count)
{
    buf[0] = 0;
    for (int i = 0; i < count; i++) {
        size_t u = strlen(buf);
        snprintf(buf + u, len - u, "%s%s", i ? " " : "", names[i]);
    }
}

/* ---- the key table ---- */

static const char *const gal_sets_names[TN_GAL_SLAST] = TN_GAL_SETS_NAMES;
static const char *const acor_seq_names[TN_ACOR_SEQ_LAST] = TN_ACOR_SEQ_NAMES;
static const char *const acor_mode_names[TN_ACOR_MODE_LAST] = TN_ACOR_MODE_NAMES;

#define F(field) offsetof(tn_config, field)
#define NOF TN_KEY_NO_FIELD
#define KINT(nm, l, h, field, d, hp)                                                               \
    {.name = nm, .type = TN_KEY_INT, .off = F(field), .off2 = NOF, .given = NOF, .lo = l,          \
     .hi = h, .note = "", .def = d, .help = hp}
#define KLONG(nm, l, h, field, d, hp)                                                              \
    {.name = nm, .type = TN_KEY_LONG, .off = F(field), .off2 = NOF, .given = NOF, .lo = l,         \
     .hi = h, .note = "", .def = d, .help = hp}
#define KU32(nm, field, d, hp)                                                                     \
    {.name = nm, .type = TN_KEY_U32, .off = F(field), .off2 = NOF, .given = NOF, .lo = 0,          \
     .hi = 4294967295L, .note = "", .def = d, .help = hp}
#define KDBL(nm, l, h, field, gv, nt, d, hp)                                                       \
    {.name = nm, .type = TN_KEY_DOUBLE, .off = F(field), .off2 = NOF, .given = gv, .dlo = l,       \
     .dhi = h, .note = nt, .def = d, .help = hp}
#define KENUM(nm, nms, cnt, blt, field, gv, nt, d, hp)                                             \
    {.name = nm, .type = TN_KEY_ENUM, .off = F(field), .off2 = NOF, .given = gv, .names = nms,     \
     .count = cnt, .built = blt, .note = nt, .def = d, .help = hp}
#define KONOFF(nm, field, nt, d, hp)                                                               \
    {.name = nm, .type = TN_KEY_ONOFF, .off = F(field), .off2 = NOF, .given = NOF, .note = nt,     \
     .def = d, .help = hp}

/* One entry per key of tn_config_set. The order is that of the unknown-key message and of the
 * usage text. Each def is what tn_config_default sets (tb/unit/test_cli.c checks it). */
static const tn_key keys[] = {
    KINT("k", 2, TN_MAX_K, k, "8", "radix"),
    KINT("n", 1, TN_MAX_N, n, "2", "dimensions (k^n <= 65536)"),
    KENUM("topo", topo_names, TN_TOPO_LAST, TN_TOPO_LAST, topo, NOF, "", "torus",
          "topology; utorus: the unidirectional torus (+ links only; C model only, dor minad)"),
    KINT("vcs", 1, TN_MAX_V, vcs, "2",
         "VCs per port; a torus needs dor 2, minad goal gal 3, val acor 4 (dateline=off: dor 1, "
         "the others 2; a mesh dor 1, minad val 2; a utorus dor 2, minad 3)"),
    KINT("buf", 1, TN_MAX_BUF, buf, "8", "flits per VC buffer"),
    {.name = "pkt", .type = TN_KEY_PKT, .off = F(pkt_min), .off2 = F(pkt_max), .given = NOF,
     .lo = 1, .hi = TN_MAX_PKT, .note = "", .def = "4",
     .help = "packet length in flits: fixed L, or uniform in A..B"},
    KINT("flitw", 1, 64, flitw, "32", "payload bits per flit"),
    KINT("term", 1, TN_MAX_TERM, term, "1", "injection/ejection channels per node"),
    KENUM("routing", routing_names, TN_ROUTE_LAST, TN_ROUTE_LAST, routing, NOF, "", "dor",
          "routing algorithm"),
    KENUM("selection", selection_names, TN_SEL_LAST, TN_SEL_LAST, selection, NOF, "", "ldsf",
          "how minad, goal, gal and chaos pick among free productive ports"),
    KENUM("traffic", traffic_names, TN_TR_LAST, TN_TR_LAST, traffic, NOF, "", "uniform",
          "traffic pattern"),
    KDBL("load", 0.0, 100.0, load, F(load_set), " (fraction of capacity)", "0.3",
         "offered load, fraction of capacity"),
    KLONG("warmup", 0, 1000000000L, warmup, "1000", "cycles before the measurement window"),
    KLONG("measure", 1, 1000000000L, measure, "10000", "cycles of the measurement window"),
    KLONG("drain", 0, 1000000000L, drain, "50000", "most cycles to wait for the measured packets"),
    KU32("seed", seed, "1", "global seed"),
    {.name = "perm_seed", .type = TN_KEY_U32, .off = F(perm_seed), .off2 = NOF,
     .given = F(perm_seed_set), .lo = 0, .hi = 4294967295L, .note = "", .def = "1",
     .help = "seed of traffic=randperm's permutation"},
    KDBL("hot_frac", 0.0, 1.0, hot_frac, F(hot_frac_set), "", "0.1",
         "hotspot: fraction of packets sent to the hot nodes"),
    {.name = "hot_nodes", .type = TN_KEY_NODES, .off = F(hot), .off2 = F(n_hot),
     .given = F(hot_nodes_set), .lo = 1, .hi = TN_MAX_HOT, .note = "", .def = "0",
     .help = "hotspot: the hot node ids, each in 0..k^n-1"},
    {.name = "hot_others", .type = TN_KEY_ONOFF, .off = F(hot_others), .off2 = NOF,
     .given = F(hot_others_set), .note = " (on: no packet to its own node, hot nodes send "
     "uniform packets only; C model only)", .def = "off",
     .help = "hotspot: on: every packet to another node (uniform over the others; hot nodes "
             "send uniform packets only), paper 004's traffic"},
    {.name = "trace", .type = TN_KEY_PATH, .off = F(trace), .off2 = NOF, .given = NOF, .lo = 1,
     .hi = (long)sizeof(((tn_config *)0)->trace) - 1, .note = "", .def = NULL,
     .help = "traffic=trace: file of lines 'cycle source destination length'"},
    KONOFF("dateline", dateline, " (off: no dateline classes, deadlock-prone)", "on",
           "dateline VC classes; off is deadlock-prone, for the checker"),
    KONOFF("transit", transit, " (on: network inputs before injection in switch allocation)",
           "on", "in-transit priority (network inputs before injection); off lets injection starve transit"),
    KENUM("pipe", pipe_names, TN_PIPE_LAST, TN_PIPE_LAST, pipe, NOF,
          " (0: a hop allocates and traverses in one cycle; 1: the grant registered and "
          "traversed in the next cycle, the next allocation masked by it; not with routing=chaos)", "0",
          "router pipeline (the RTL's PIPE): 1 registers the switch grant, T0 = 3H + L + 3"),
    KLONG("watchdog", 100, 1000000000L, watchdog, "20000",
          "cycles with flits in flight and none moving that stop a run as deadlocked"),
    KENUM("gal_sets", gal_sets_names, TN_GAL_SLAST, TN_GAL_SLAST, gal_sets, NOF,
          " (one set; near/far; by minimal direction, 2^n sets; one per destination)", "dst",
          "GAL injection-queue sets"),
    KINT("gal_t", 0, 1024, gal_t, "2", "GAL fixed threshold, packets in the minimal queue"),
    KONOFF("gal_adapt", gal_adapt, "", "off", "GAL adaptive threshold (gal_tmin..gal_tmax)"),
    KINT("gal_tmin", 0, 1024, gal_tmin, "2", "GAL adaptive threshold: lowest T"),
    KINT("gal_tmax", 0, 1024, gal_tmax, "128", "GAL adaptive threshold: highest T"),
    KINT("gal_n1", 1, 64, gal_n1, "50", "GAL adaptive threshold: window, cycles"),
    KINT("gal_n2", 1, 1000000, gal_n2, "20", "GAL adaptive threshold: cycles between updates"),
    KINT("gal_qdepth", 1, 1024, gal_qdepth, "128", "packets per GAL injection queue"),
    KENUM("acor_seq", acor_seq_names, TN_ACOR_SEQ_LAST, TN_ACOR_SEQ_LAST, acor_seq, NOF,
          " (the restriction sets of ACOR's levels, shortest first)", "box-goalq",
          "ACOR restriction-set sequence"),
    KENUM("acor_mode", acor_mode_names, TN_ACOR_MODE_LAST, TN_ACOR_MODE_LAST, acor_mode, NOF,
          " (a level per router with hysteresis; a level per packet)", "router",
          "ACOR level management"),
    KINT("acor_hi", 1, 65535, acor_hi, "1024", "ACOR hysteresis interval, cycles"),
    KINT("acor_it1", 1, 65535, acor_it1, "128",
         "ACOR: blocked events in an interval that raise level 0 to 1"),
    KINT("acor_it2", 1, 65535, acor_it2, "384",
         "ACOR (3 levels): blocked events in an interval that raise level 1 to 2"),
    KINT("acor_dt1", 0, 65535, acor_dt1, "42",
         "ACOR: at most this many blocked events in an interval lower level 1 to 0"),
    KINT("acor_dt2", 0, 65535, acor_dt2, "128",
         "ACOR (3 levels): at most this many blocked events in an interval lower level 2 to 1"),
    KINT("chaos_wait", 0, 65535, chaos_wait, "8",
         "CHAOS: cycles a blocked head waits before the shared queue"),
    KINT("chaos_q", 2, TN_MAX_CHAOS_Q, chaos_q, "4",
         "CHAOS: packet slots of the shared queue per node"),
    KLONG("switch_at", 0, 1000000000L, switch_at, "0",
          "mid-run traffic switch: first cycle of switch_traffic and/or switch_load, one given (0: off)"),
    KENUM("switch_traffic", traffic_names, TN_TR_TRACE, TN_TR_TRACE, switch_traffic,
          F(switch_traffic_set), "", NULL, "pattern from switch_at on (default: traffic's)"),
    KDBL("switch_load", 0.0, 100.0, switch_load, F(switch_load_set), " (fraction of capacity)",
         NULL, "load from switch_at on (default: load's)"),
};

#define NKEYS ((int)(sizeof keys / sizeof keys[0]))

const tn_key *tn_keys(int *count)
{
    *count = NKEYS;
    return keys;
}

const tn_key *tn_key_find(const char *name)
{
    for (int i = 0; i < NKEYS; i++)
        if (!strcmp(name, keys[i].name))
            return &keys[i];
    return NULL;
}

void tn_key_range(const tn_key *k, char *buf, size_t len)
{
    switch (k->type) {
    case TN_KEY_INT:
    case TN_KEY_LONG:
    case TN_KEY_U32:
        snprintf(buf, len, "an integer in %ld..%ld", k->lo, k->hi);
        break;
    case TN_KEY_DOUBLE:
        snprintf(buf, len, "a number in %g..%g%s", k->dlo, k->dhi, k->note);
        break;
    case TN_KEY_ENUM: {
        size_t u;
        join_names(buf, len, k->names, k->built);
        u = strlen(buf);
        snprintf(buf + u, len - u, "%s", k->note);
        break;
    }
    case TN_KEY_ONOFF:
        snprintf(buf, len, "on off%s", k->note);
        break;
    case TN_KEY_PKT:
        snprintf(buf, len, "a length L or a range A-B, %ld <= A <= B <= %ld", k->lo, k->hi);
        break;
    case TN_KEY_NODES:
        snprintf(buf, len, "%ld..%ld comma-separated node ids, each 0..k^n-1 (at most %d)", k->lo,
                 k->hi, TN_MAX_NODES - 1);
        break;
    default:
        snprintf(buf, len, "a file path of %ld..%ld characters", k->lo, k->hi);
        break;
    }
}

void tn_key_brief(const tn_key *k, char *buf, size_t len)
{
    switch (k->type) {
    case TN_KEY_INT:
    case TN_KEY_LONG:
    case TN_KEY_U32:
        snprintf(buf, len, "%ld..%ld", k->lo, k->hi);
        break;
    case TN_KEY_DOUBLE:
        snprintf(buf, len, "%g..%g", k->dlo, k->dhi);
        break;
    case TN_KEY_ENUM:
        join_names(buf, len, k->names, k->built);
        break;
    case TN_KEY_ONOFF:
        snprintf(buf, len, "on off");
        break;
    case TN_KEY_PKT:
        snprintf(buf, len, "L or A-B in %ld..%ld", k->lo, k->hi);
        break;
    case TN_KEY_NODES:
        snprintf(buf, len, "%ld..%ld node ids a,b,...", k->lo, k->hi);
        break;
    default:
        snprintf(buf, len, "FILE");
        break;
    }
}

static void *field(tn_config *c, size_t off)
{
    return (char *)c + off;
}

int tn_key_set(const tn_key *k, tn_config *c, const char *v, char *err, size_t errlen)
{
    char allowed[256];
    long x;
    tn_key_range(k, allowed, sizeof allowed);
    switch (k->type) {
    case TN_KEY_INT:
    case TN_KEY_LONG:
    case TN_KEY_U32:
        if (tn_cli_long(v, k->lo, k->hi, &x))
            return bad(err, errlen, k->name, v, allowed);
        if (k->type == TN_KEY_LONG)
            *(long *)field(c, k->off) = x;
        else if (k->type == TN_KEY_U32)
            *(uint32_t *)field(c, k->off) = (uint32_t)x;
        else
            *(int *)field(c, k->off) = (int)x;
        break;
    case TN_KEY_DOUBLE: {
        double d;
        if (tn_cli_double(v, k->dlo, k->dhi, &d))
            return bad(err, errlen, k->name, v, allowed);
        *(double *)field(c, k->off) = d;
        break;
    }
    case TN_KEY_ENUM: {
        int i = parse_name(v, k->names, k->count);
        if (i >= k->built) {
            join_names(allowed, sizeof allowed, k->names, k->built);
            char sv[TN_SHOW_LEN];
            snprintf(err, errlen,
                     "key '%s': value '%s' is not built yet in this version; allowed: %s", k->name,
                     tn_val_show(v, sv), allowed);
            return -1;
        }
        if (i < 0)
            return bad(err, errlen, k->name, v, allowed);
        *(int *)field(c, k->off) = i;
        break;
    }
    case TN_KEY_ONOFF:
        if (strcmp(v, "on") && strcmp(v, "off"))
            return bad(err, errlen, k->name, v, allowed);
        *(int *)field(c, k->off) = !strcmp(v, "on");
        break;
    case TN_KEY_PKT: {
        long a, b;
        const char *dash = strchr(v, '-');
        char first[32];
        if (dash) {
            size_t len = (size_t)(dash - v);
            if (len == 0 || len >= sizeof first)
                return bad(err, errlen, k->name, v, allowed);
            memcpy(first, v, len);
            first[len] = 0;
            if (tn_cli_long(first, k->lo, k->hi, &a) || tn_cli_long(dash + 1, k->lo, k->hi, &b) ||
                a > b)
                return bad(err, errlen, k->name, v, allowed);
        } else {
            if (tn_cli_long(v, k->lo, k->hi, &a))
                return bad(err, errlen, k->name, v, allowed);
            b = a;
        }
        *(int *)field(c, k->off) = (int)a;
        *(int *)field(c, k->off2) = (int)b;
        break;
    }
    case TN_KEY_NODES: {
        int cnt = 0, ids[TN_MAX_HOT]; /* parsed whole before any is stored */
        const char *p = v;
        while (*p) {
            char tok[32];
            const char *comma = strchr(p, ',');
            size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (len == 0 || len >= sizeof tok || cnt == k->hi || cnt == TN_MAX_HOT ||
                (memcpy(tok, p, len), tok[len] = 0, tn_cli_long(tok, 0, TN_MAX_NODES - 1, &x)))
                return bad(err, errlen, k->name, v, allowed);
            ids[cnt++] = (int)x;
            p += len + (comma ? 1 : 0);
            if (comma && !*p)
                return bad(err, errlen, k->name, v, allowed);
        }
        if (cnt < k->lo)
            return bad(err, errlen, k->name, v, allowed);
        memcpy(field(c, k->off), ids, (size_t)cnt * sizeof ids[0]);
        *(int *)field(c, k->off2) = cnt;
        break;
    }
    default: {
        size_t len = strlen(v);
        if (len < (size_t)k->lo || len > (size_t)k->hi)
            return bad(err, errlen, k->name, v, allowed);
        memcpy(field(c, k->off), v, len + 1);
        break;
    }
    }
    if (k->given != TN_KEY_NO_FIELD)
        *(int *)field(c, k->given) = 1;
    return 0;
}

int tn_key_unknown(const char *key, const char *value, const tn_cli_key *extra, int nextra,
                   char *err, size_t errlen)
{
    if (!errlen)
        return -1;
    char sv[TN_SHOW_LEN];
    snprintf(err, errlen, "unknown key '%s' (value '%s'); allowed keys:", key, tn_val_show(value, sv));
    for (int i = 0; i < NKEYS + nextra; i++) {
        size_t u = strlen(err);
        if (u + 1 >= errlen)
            break;
        snprintf(err + u, errlen - u, " %s", i < NKEYS ? keys[i].name : extra[i - NKEYS].name);
    }
    return -1;
}

static int config_set(tn_config *c, const char *key, const char *v, char *err, size_t errlen);

int tn_config_set(tn_config *c, const char *key, const char *v, char *err, size_t errlen)
{
    int rc = config_set(c, key, v, err, errlen);
    if (rc)
        tn_err_safe(err, errlen);
    return rc;
}

static int config_set(tn_config *c, const char *key, const char *v, char *err, size_t errlen)
{
    const tn_key *k = tn_key_find(key);
    if (!k)
        return tn_key_unknown(key, v, NULL, 0, err, errlen);
    return tn_key_set(k, c, v, err, errlen);
}

double tn_capacity(const tn_config *c)
{
    double k = c->k;
    if (c->topo == TN_TOPO_UTORUS) /* one channel a node and dimension, (k-1)/2 hops each */
        return 2.0 / (c->k - 1.0);
    double per = c->topo == TN_TOPO_TORUS ? 8.0 : 4.0;
    if (c->k % 2 == 0)
        return per / k;
    return per * k / (k * k - 1.0);
}

double tn_rate_flits(const tn_config *c)
{
    return c->load * tn_capacity(c);
}

int tn_switch_traffic(const tn_config *c)
{
    return c->switch_traffic_set ? c->switch_traffic : c->traffic;
}

double tn_switch_rate_flits(const tn_config *c)
{
    return (c->switch_load_set ? c->switch_load : c->load) * tn_capacity(c);
}

uint64_t tn_inject_thresh(const tn_config *c, double rate_flits)
{
    double mean_len = 0.5 * (c->pkt_min + c->pkt_max);
    double p = rate_flits / (c->term * mean_len);
    return (uint64_t)(p * 4294967296.0);
}

const char *tn_switch_describe(const tn_config *c, int json, char *buf, size_t len)
{
    double l2 = c->switch_load_set ? c->switch_load : c->load;
    const char *t2 = tn_traffic_name(tn_switch_traffic(c));
    if (!c->switch_at)
        snprintf(buf, len, "%s", "");
    else if (json)
        snprintf(buf, len, ", \"switch_at\": %ld, \"switch_traffic\": \"%s\", \"switch_load\": %s",
                 c->switch_at, t2, TN_JSON_NUM("%.6g", l2));
    else
        snprintf(buf, len, "; from cycle %ld traffic=%s load=%g", c->switch_at, t2, l2);
    return buf;
}

double tn_offered_flits(const tn_config *c)
{
    if (!c->switch_at)
        return tn_rate_flits(c);
    long pre = c->switch_at - c->warmup; /* window cycles before the switch */
    pre = pre < 0 ? 0 : pre > c->measure ? c->measure : pre;
    return ((double)pre * tn_rate_flits(c) + (double)(c->measure - pre) * tn_switch_rate_flits(c)) /
           (double)c->measure;
}

int tn_min_vcs(const tn_config *c)
{
    /* DOR: two dateline classes on a torus, one on a mesh; MIN AD: those as escape VCs plus at
     * least one adaptive VC */
    int esc = c->topo != TN_TOPO_MESH && c->dateline ? 2 : 1;
    switch (c->routing) {
    case TN_ROUTE_MINAD:
    case TN_ROUTE_GOAL:
    case TN_ROUTE_GAL: return esc + 1;      /* escape classes + one adaptive VC */
    case TN_ROUTE_VAL:
    case TN_ROUTE_ACOR: return 2 * esc;     /* DOR classes for each of the two phases */
    case TN_ROUTE_CHAOS: return 1;          /* no VC classes: deadlock is avoided by derouting */
    default: return esc;
    }
}

/* Keys given that no pattern of the run reads: trace (traffic=trace), perm_seed (randperm),
 * hot_frac and hot_nodes (hotspot), where the pattern is traffic's or, from switch_at on,
 * switch_traffic's. 0, or -1 with the message in err; the last check of tn_config_check. */
static int config_unused(const tn_config *c, char *err, size_t errlen)
{
    int t = c->traffic, t2 = c->switch_at ? tn_switch_traffic(c) : c->traffic;
    char pats[128], val[sizeof c->trace + TN_MAX_HOT * 7];
    if (t2 != t)
        snprintf(pats, sizeof pats, "traffic is '%s' and switch_traffic '%s'",
                 tn_traffic_name(t), tn_traffic_name(t2));
    else
        snprintf(pats, sizeof pats, "traffic is '%s'", tn_traffic_name(t));
    const char *key = NULL, *need = NULL;
    if (c->trace[0] && t != TN_TR_TRACE) {
        key = "trace";
        need = "traffic=trace";
        snprintf(val, sizeof val, "%s", c->trace);
    } else if (c->perm_seed_set && t != TN_TR_RANDPERM && t2 != TN_TR_RANDPERM) {
        key = "perm_seed";
        need = "traffic=randperm or switch_traffic=randperm";
        snprintf(val, sizeof val, "%u", (unsigned)c->perm_seed);
    } else if ((c->hot_frac_set || c->hot_nodes_set || c->hot_others_set) &&
               t != TN_TR_HOTSPOT && t2 != TN_TR_HOTSPOT) {
        key = c->hot_frac_set ? "hot_frac" : c->hot_nodes_set ? "hot_nodes" : "hot_others";
        need = "traffic=hotspot or switch_traffic=hotspot";
        if (c->hot_frac_set)
            snprintf(val, sizeof val, "%g", c->hot_frac);
        else if (!c->hot_nodes_set)
            snprintf(val, sizeof val, "%s", c->hot_others ? "on" : "off");
        else
            for (int i = 0, u = 0; i < c->n_hot && u < (int)sizeof val; i++)
                u += snprintf(val + u, sizeof val - (size_t)u, "%s%d", i ? "," : "", c->hot[i]);
    }
    if (!key)
        return 0;
    snprintf(err, errlen, "key '%s' (value '%s') is set but %s; %s is read only with %s", key, val,
             pats, key, need);
    return -1;
}

static int out_of_range(const tn_key *k, const char *val, char *err, size_t errlen)
{
    char allowed[256];
    tn_key_range(k, allowed, sizeof allowed);
    return bad(err, errlen, k->name, val, allowed);
}

/* Every field a key sets lies in that key's range of the table (the values tn_config_set can
 * give): 0, or -1 with the key, the value and the range in err. */
static int config_ranges(const tn_config *c, char *err, size_t errlen)
{
    char val[64];
    for (int i = 0; i < NKEYS; i++) {
        const tn_key *k = &keys[i];
        const void *fp = (const char *)c + k->off;
        long x = 0;
        switch (k->type) {
        case TN_KEY_INT:
        case TN_KEY_LONG:
        case TN_KEY_U32:
            x = k->type == TN_KEY_LONG  ? *(const long *)fp
              : k->type == TN_KEY_U32   ? (long)*(const uint32_t *)fp
                                        : (long)*(const int *)fp;
            if (x < k->lo || x > k->hi) {
                snprintf(val, sizeof val, "%ld", x);
                return out_of_range(k, val, err, errlen);
            }
            break;
        case TN_KEY_DOUBLE: {
            double d = *(const double *)fp;
            if (!(d >= k->dlo && d <= k->dhi)) {
                snprintf(val, sizeof val, "%g", d);
                return out_of_range(k, val, err, errlen);
            }
            break;
        }
        case TN_KEY_ENUM:
        case TN_KEY_ONOFF:
            x = *(const int *)fp;
            if (x < 0 || x >= (k->type == TN_KEY_ONOFF ? 2 : k->built)) {
                snprintf(val, sizeof val, "%ld (as a number)", x);
                return out_of_range(k, val, err, errlen);
            }
            break;
        case TN_KEY_PKT: {
            int a = *(const int *)fp, b = *(const int *)((const char *)c + k->off2);
            if (a < k->lo || a > k->hi || b < k->lo || b > k->hi || a > b) {
                snprintf(val, sizeof val, "%d-%d", a, b);
                return out_of_range(k, val, err, errlen);
            }
            break;
        }
        case TN_KEY_NODES: {
            const int *ids = fp;
            int cnt = *(const int *)((const char *)c + k->off2);
            if (cnt < k->lo || cnt > k->hi || cnt > TN_MAX_HOT) {
                snprintf(val, sizeof val, "%d ids", cnt);
                return out_of_range(k, val, err, errlen);
            }
            for (int j = 0; j < cnt; j++)
                if (ids[j] < 0 || ids[j] >= TN_MAX_NODES) {
                    snprintf(val, sizeof val, "%d", ids[j]);
                    return out_of_range(k, val, err, errlen);
                }
            break;
        }
        default: { /* a path: terminated inside its array, empty when not given */
            if (!memchr(fp, 0, (size_t)k->hi + 1)) {
                snprintf(err, errlen, "key '%s': value of more than %ld characters (not "
                         "terminated) is not allowed; allowed: a file path of %ld..%ld "
                         "characters", k->name, k->hi, k->lo, k->hi);
                return -1;
            }
            break;
        }
        }
    }
    return 0;
}

static int config_check(const tn_config *c, char *err, size_t errlen);

int tn_config_check(const tn_config *c, char *err, size_t errlen)
{
    int rc = config_check(c, err, errlen);
    if (rc)
        tn_err_safe(err, errlen);
    return rc;
}

static int config_check(const tn_config *c, char *err, size_t errlen)
{
    if (config_ranges(c, err, errlen))
        return -1;
    /* k^n, stopped once past TN_MAX_NODES: no product overflows, whatever k and n are */
    long nodes = 1;
    for (int d = 0; d < c->n && nodes <= TN_MAX_NODES; d++)
        nodes *= c->k;
    if (nodes > TN_MAX_NODES) {
        long all = 1; /* the whole power for the message: k <= TN_MAX_K, n <= TN_MAX_N here */
        for (int d = 0; d < c->n; d++)
            all *= c->k;
        snprintf(err, errlen, "keys 'k','n': k^n = %d^%d = %ld nodes exceeds the maximum %d", c->k,
                 c->n, all, TN_MAX_NODES);
        return -1;
    }
    if (c->topo == TN_TOPO_UTORUS && c->routing != TN_ROUTE_DOR &&
        c->routing != TN_ROUTE_MINAD) {
        snprintf(err, errlen, "key 'routing': value '%s' is not built for the unidirectional "
                              "torus (topo=utorus: + links only, C model only); allowed with "
                              "topo=utorus: dor minad",
                 tn_routing_name(c->routing));
        return -1;
    }
    if (c->pipe == TN_PIPE_1 && c->routing == TN_ROUTE_CHAOS) {
        snprintf(err, errlen, "key 'pipe': value '1' is not defined for routing=chaos (CHAOS has "
                              "its own cycle, section 22, and no PIPE=1 rules); allowed with "
                              "routing=chaos: 0");
        return -1;
    }
    if ((c->routing == TN_ROUTE_GOAL || c->routing == TN_ROUTE_GAL ||
         c->routing == TN_ROUTE_ACOR) && c->topo != TN_TOPO_TORUS) {
        snprintf(err, errlen, "key 'routing': value '%s' needs a torus (a mesh has no "
                              "non-minimal direction); allowed with topo=mesh: dor minad val",
                 tn_routing_name(c->routing));
        return -1;
    }
    if (c->routing == TN_ROUTE_GAL) {
        if (c->gal_tmin > c->gal_tmax) {
            snprintf(err, errlen, "keys 'gal_tmin','gal_tmax': %d > %d; allowed: gal_tmin <= "
                                  "gal_tmax", c->gal_tmin, c->gal_tmax);
            return -1;
        }
        long sets = c->gal_sets == TN_GAL_S1 ? 1 : c->gal_sets == TN_GAL_S2 ? 2
                  : c->gal_sets == TN_GAL_SDIR ? 1L << c->n : nodes;
        if (c->term > (1 << c->n)) {
            snprintf(err, errlen, "key 'term': value '%d' is more injection channels than the %d "
                     "quadrant queues of routing=gal with n=%d (quadrant q drains through channel "
                     "q mod term); allowed: 1..%d", c->term, 1 << c->n, c->n, 1 << c->n);
            return -1;
        }
        long desc = sets * (1L << c->n) * c->gal_qdepth * nodes;
        if (desc > (1L << 25)) {
            snprintf(err, errlen, "keys 'gal_sets','gal_qdepth': %ld sets x %d quadrants x %d "
                     "packets x %ld nodes = %ld queue entries exceeds %ld; allowed: a smaller "
                     "gal_qdepth or gal_sets", sets, 1 << c->n, c->gal_qdepth, nodes,
                     desc, 1L << 25);
            return -1;
        }
    }
    if (c->routing == TN_ROUTE_CHAOS && c->pkt_max > TN_MAX_BUF) {
        snprintf(err, errlen, "key 'pkt': value '%d' (the longest packet) is longer than the "
                 "longest buffer (buf up to %d): routing=chaos is virtual cut-through, a packet "
                 "needs a whole empty buffer; allowed with routing=chaos: packets of 1..%d flits",
                 c->pkt_max, TN_MAX_BUF, TN_MAX_BUF);
        return -1;
    }
    if (c->routing == TN_ROUTE_CHAOS && c->buf < c->pkt_max) {
        snprintf(err, errlen, "key 'buf': value '%d' is shorter than the longest packet (%d flits, "
                 "key 'pkt'): routing=chaos is virtual cut-through, a packet needs a whole empty "
                 "buffer; allowed: %d..%d", c->buf, c->pkt_max, c->pkt_max, TN_MAX_BUF);
        return -1;
    }
    int mv = tn_min_vcs(c);
    if (c->vcs < mv) {
        snprintf(err, errlen,
                 "key 'vcs': value '%d' is too few for routing=%s on a %s%s; allowed: %d..%d",
                 c->vcs, tn_routing_name(c->routing), tn_topo_name(c->topo),
                 c->dateline ? "" : " with dateline=off", mv, TN_MAX_V);
        return -1;
    }
    double rate = tn_rate_flits(c);
    double maxload = c->term * 1.0 / tn_capacity(c);
    if (c->traffic != TN_TR_TRACE && rate > c->term * 1.0 + 1e-12) {
        snprintf(err, errlen,
                 "key 'load': value '%g'%s asks %.4g flits/node/cycle, more than the %d injection "
                 "channel(s) carry; allowed: 0..%.4g for k=%d %s with term=%d",
                 c->load, c->load_set ? "" : " (the default)", rate, c->term, maxload, c->k,
                 tn_topo_name(c->topo), c->term);
        return -1;
    }
    if (!c->switch_at && (c->switch_traffic_set || c->switch_load_set)) {
        if (c->switch_traffic_set)
            snprintf(err, errlen, "key 'switch_traffic': value '%s' needs switch_at=CYCLE; "
                     "allowed: switch_at 1..1000000000 (the first cycle of the new traffic)",
                     tn_traffic_name(c->switch_traffic));
        else
            snprintf(err, errlen, "key 'switch_load': value '%g' needs switch_at=CYCLE; "
                     "allowed: switch_at 1..1000000000 (the first cycle of the new traffic)",
                     c->switch_load);
        return -1;
    }
    if (c->switch_at) {
        if (c->traffic == TN_TR_TRACE) {
            snprintf(err, errlen, "key 'switch_at': value '%ld' is not allowed with traffic=trace "
                     "(a trace gives every packet's cycle); allowed: 0 (off)", c->switch_at);
            return -1;
        }
        if (!c->switch_traffic_set && !c->switch_load_set) {
            snprintf(err, errlen, "key 'switch_at': value '%ld' needs switch_traffic=PATTERN "
                     "and/or switch_load=L (what to switch to); allowed: 0 (off) without them",
                     c->switch_at);
            return -1;
        }
        double r2 = tn_switch_rate_flits(c);
        if (r2 > c->term * 1.0 + 1e-12) {
            snprintf(err, errlen,
                     "key 'switch_load': value '%g'%s asks %.4g flits/node/cycle, more than the %d "
                     "injection channel(s) carry; allowed: 0..%.4g for k=%d %s with term=%d",
                     c->switch_load_set ? c->switch_load : c->load,
                     c->switch_load_set ? "" : " (that of key 'load')", r2, c->term, maxload,
                     c->k, tn_topo_name(c->topo), c->term);
            return -1;
        }
        if (tn_switch_traffic(c) == TN_TR_HOTSPOT)
            for (int i = 0; i < c->n_hot; i++)
                if (c->hot[i] >= nodes) {
                    snprintf(err, errlen, "key 'hot_nodes': value '%d' is not a node; allowed: "
                             "0..%ld", c->hot[i], nodes - 1);
                    return -1;
                }
    }
    if (c->traffic == TN_TR_TRACE && !c->trace[0]) {
        snprintf(err, errlen, "key 'trace': traffic=trace needs trace=FILE");
        return -1;
    }
    if (c->traffic == TN_TR_HOTSPOT) {
        for (int i = 0; i < c->n_hot; i++)
            if (c->hot[i] >= nodes) {
                snprintf(err, errlen, "key 'hot_nodes': value '%d' is not a node; allowed: 0..%ld",
                         c->hot[i], nodes - 1);
                return -1;
            }
    }
    return config_unused(c, err, errlen);
}
