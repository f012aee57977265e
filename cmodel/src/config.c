/* SPDX-License-Identifier: MIT */
/* Configuration: defaults, key=value parsing, range and combination checks. Every error names
 * the key, the value and the allowed range. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"

static const char *const routing_names[TN_ROUTE_LAST] = {"dor", "minad", "val", "goal",
                                                         "gal", "chaos", "acor"};
static const char *const traffic_names[TN_TR_LAST] = {
    "uniform", "tornado",  "bitcomp",  "bitrev",  "shuffle", "butterfly",
    "transpose", "neighbor", "randperm", "hotspot", "trace"};
static const char *const topo_names[2] = {"torus", "mesh"};
static const char *const selection_names[TN_SEL_LAST] = {"random", "dor", "zigzag",
                                                         "lru",    "ldsf", "sq"};

const char *tn_routing_name(int r) { return r >= 0 && r < TN_ROUTE_LAST ? routing_names[r] : "?"; }
const char *tn_traffic_name(int t) { return t >= 0 && t < TN_TR_LAST ? traffic_names[t] : "?"; }
const char *tn_topo_name(int t) { return t >= 0 && t < 2 ? topo_names[t] : "?"; }
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
    c->watchdog = 20000;
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

static int bad(char *err, size_t errlen, const char *key, const char *value, const char *allowed)
{
    snprintf(err, errlen, "key '%s': value '%s' is not allowed; allowed: %s", key, value, allowed);
    return -1;
}

static int parse_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int parse_double(const char *v, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || !(x >= lo && x <= hi))
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

struct int_key {
    const char *name;
    long lo, hi;
    size_t off;
    int is_long;
};

#define IK(nm, lo, hi, field, isl) {nm, lo, hi, offsetof(tn_config, field), isl}
static const struct int_key int_keys[] = {
    IK("k", 2, TN_MAX_K, k, 0),
    IK("n", 1, TN_MAX_N, n, 0),
    IK("vcs", 1, TN_MAX_V, vcs, 0),
    IK("buf", 1, TN_MAX_BUF, buf, 0),
    IK("flitw", 1, 64, flitw, 0),
    IK("term", 1, TN_MAX_TERM, term, 0),
    IK("warmup", 0, 1000000000L, warmup, 1),
    IK("measure", 1, 1000000000L, measure, 1),
    IK("drain", 0, 1000000000L, drain, 1),
    IK("watchdog", 100, 1000000000L, watchdog, 1),
    IK("gal_t", 0, 1024, gal_t, 0),
    IK("gal_tmin", 0, 1024, gal_tmin, 0),
    IK("gal_tmax", 0, 1024, gal_tmax, 0),
    IK("gal_n1", 1, 64, gal_n1, 0),
    IK("gal_n2", 1, 1000000, gal_n2, 0),
    IK("gal_qdepth", 1, 1024, gal_qdepth, 0),
    IK("chaos_wait", 0, 65535, chaos_wait, 0),
    IK("chaos_q", 2, 64, chaos_q, 0),
    IK("switch_at", 0, 1000000000L, switch_at, 1),
};

int tn_config_set(tn_config *c, const char *key, const char *v, char *err, size_t errlen)
{
    char allowed[256];
    long x;
    for (size_t i = 0; i < sizeof int_keys / sizeof int_keys[0]; i++) {
        const struct int_key *ik = &int_keys[i];
        if (strcmp(key, ik->name))
            continue;
        if (parse_long(v, ik->lo, ik->hi, &x)) {
            snprintf(allowed, sizeof allowed, "an integer in %ld..%ld", ik->lo, ik->hi);
            return bad(err, errlen, key, v, allowed);
        }
        if (ik->is_long)
            *(long *)((char *)c + ik->off) = x;
        else
            *(int *)((char *)c + ik->off) = (int)x;
        return 0;
    }
    if (!strcmp(key, "seed") || !strcmp(key, "perm_seed")) {
        if (parse_long(v, 0, 4294967295L, &x))
            return bad(err, errlen, key, v, "an integer in 0..4294967295");
        if (!strcmp(key, "seed"))
            c->seed = (uint32_t)x;
        else
            c->perm_seed = (uint32_t)x;
        return 0;
    }
    if (!strcmp(key, "pkt")) {
        long a, b;
        const char *dash = strchr(v, '-');
        char first[32];
        snprintf(allowed, sizeof allowed, "a length L or a range A-B, 1 <= A <= B <= %d",
                 TN_MAX_PKT);
        if (dash) {
            size_t len = (size_t)(dash - v);
            if (len == 0 || len >= sizeof first)
                return bad(err, errlen, key, v, allowed);
            memcpy(first, v, len);
            first[len] = 0;
            if (parse_long(first, 1, TN_MAX_PKT, &a) || parse_long(dash + 1, 1, TN_MAX_PKT, &b) ||
                a > b)
                return bad(err, errlen, key, v, allowed);
        } else {
            if (parse_long(v, 1, TN_MAX_PKT, &a))
                return bad(err, errlen, key, v, allowed);
            b = a;
        }
        c->pkt_min = (int)a;
        c->pkt_max = (int)b;
        return 0;
    }
    if (!strcmp(key, "load")) {
        double d;
        if (parse_double(v, 0.0, 100.0, &d))
            return bad(err, errlen, key, v, "a number in 0..100 (fraction of capacity)");
        c->load = d;
        c->load_set = 1;
        return 0;
    }
    if (!strcmp(key, "switch_load")) {
        double d;
        if (parse_double(v, 0.0, 100.0, &d))
            return bad(err, errlen, key, v, "a number in 0..100 (fraction of capacity)");
        c->switch_load = d;
        c->switch_load_set = 1;
        return 0;
    }
    if (!strcmp(key, "switch_traffic")) {
        int i = parse_name(v, traffic_names, TN_TR_TRACE);
        if (i < 0) {
            join_names(allowed, sizeof allowed, traffic_names, TN_TR_TRACE);
            return bad(err, errlen, key, v, allowed);
        }
        c->switch_traffic = i;
        c->switch_traffic_set = 1;
        return 0;
    }
    if (!strcmp(key, "hot_frac")) {
        double d;
        if (parse_double(v, 0.0, 1.0, &d))
            return bad(err, errlen, key, v, "a number in 0..1");
        c->hot_frac = d;
        return 0;
    }
    if (!strcmp(key, "routing") || !strcmp(key, "traffic") || !strcmp(key, "topo") ||
        !strcmp(key, "selection")) {
        const char *const *names = !strcmp(key, "routing")   ? routing_names
                                   : !strcmp(key, "traffic") ? traffic_names
                                   : !strcmp(key, "topo")    ? topo_names
                                                             : selection_names;
        int count = !strcmp(key, "routing")   ? TN_ROUTE_LAST
                    : !strcmp(key, "traffic") ? TN_TR_LAST
                    : !strcmp(key, "topo")    ? 2
                                              : TN_SEL_LAST;
        int built = !strcmp(key, "routing") ? TN_ROUTE_CHAOS + 1 : count;
        int i = parse_name(v, names, count);
        if (i >= built) {
            join_names(allowed, sizeof allowed, names, built);
            snprintf(err, errlen,
                     "key 'routing': value '%s' is not built yet in this version; allowed: %s", v,
                     allowed);
            return -1;
        }
        if (i < 0) {
            join_names(allowed, sizeof allowed, names, built);
            return bad(err, errlen, key, v, allowed);
        }
        if (!strcmp(key, "routing"))
            c->routing = i;
        else if (!strcmp(key, "traffic"))
            c->traffic = i;
        else if (!strcmp(key, "topo"))
            c->topo = i;
        else
            c->selection = i;
        return 0;
    }
    if (!strcmp(key, "hot_nodes")) {
        int cnt = 0;
        const char *p = v;
        snprintf(allowed, sizeof allowed, "1..%d comma-separated node ids", TN_MAX_HOT);
        while (*p) {
            char tok[32];
            const char *comma = strchr(p, ',');
            size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (len == 0 || len >= sizeof tok || cnt == TN_MAX_HOT ||
                (memcpy(tok, p, len), tok[len] = 0, parse_long(tok, 0, TN_MAX_NODES - 1, &x)))
                return bad(err, errlen, key, v, allowed);
            c->hot[cnt++] = (int)x;
            p += len + (comma ? 1 : 0);
            if (comma && !*p)
                return bad(err, errlen, key, v, allowed);
        }
        if (!cnt)
            return bad(err, errlen, key, v, allowed);
        c->n_hot = cnt;
        return 0;
    }
    if (!strcmp(key, "gal_adapt")) {
        if (strcmp(v, "on") && strcmp(v, "off"))
            return bad(err, errlen, key, v, "on off");
        c->gal_adapt = !strcmp(v, "on");
        return 0;
    }
    if (!strcmp(key, "gal_sets")) {
        static const char *const sets[TN_GAL_SLAST] = {"1", "2", "dir", "dst"};
        int i = parse_name(v, sets, TN_GAL_SLAST);
        if (i < 0)
            return bad(err, errlen, key, v, "1 2 dir dst (one set; near/far; by minimal "
                                           "direction, 2^n sets; one per destination)");
        c->gal_sets = i;
        return 0;
    }
    if (!strcmp(key, "transit")) {
        if (strcmp(v, "on") && strcmp(v, "off"))
            return bad(err, errlen, key, v, "on off (on: network inputs before injection in VA "
                                           "and SA stage 2)");
        c->transit = !strcmp(v, "on");
        return 0;
    }
    if (!strcmp(key, "dateline")) {
        if (strcmp(v, "on") && strcmp(v, "off"))
            return bad(err, errlen, key, v, "on off (off: no dateline classes, deadlock-prone)");
        c->dateline = !strcmp(v, "on");
        return 0;
    }
    if (!strcmp(key, "trace")) {
        if (!*v || strlen(v) >= sizeof c->trace)
            return bad(err, errlen, key, v, "a file path of 1..255 characters");
        strcpy(c->trace, v);
        return 0;
    }
    snprintf(err, errlen,
             "unknown key '%s' (value '%s'); allowed keys: k n topo vcs buf pkt flitw term routing "
             "selection traffic load warmup measure drain seed perm_seed hot_frac hot_nodes trace dateline transit watchdog "
             "gal_sets gal_t gal_adapt gal_tmin gal_tmax gal_n1 gal_n2 gal_qdepth chaos_wait "
             "chaos_q switch_at switch_traffic switch_load",
             key, v);
    return -1;
}

int tn_config_load(tn_config *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "--config: cannot open '%s'", path);
        return -1;
    }
    char line[1024];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(err, errlen, "%s:%d: line longer than %zu characters", path, lineno,
                     sizeof line - 2);
            rc = -1;
            break;
        }
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        char *hash = strchr(s, '#');
        if (hash)
            *hash = 0;
        len = strlen(s);
        while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' ||
                       s[len - 1] == '\t'))
            s[--len] = 0;
        if (!len)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, errlen, "%s:%d: expected key=value, got '%s'", path, lineno, s);
            rc = -1;
            break;
        }
        *eq = 0;
        char *key = s, *val = eq + 1;
        size_t kl = strlen(key);
        while (kl && (key[kl - 1] == ' ' || key[kl - 1] == '\t'))
            key[--kl] = 0;
        while (*val == ' ' || *val == '\t')
            val++;
        char sub[TN_ERRLEN];
        if (tn_config_set(c, key, val, sub, sizeof sub)) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, sub);
            rc = -1;
            break;
        }
    }
    fclose(f);
    return rc;
}

double tn_capacity(const tn_config *c)
{
    double k = c->k;
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

int tn_min_vcs(const tn_config *c)
{
    /* DOR: two dateline classes on a torus, one on a mesh; MIN AD: those as escape VCs plus at
     * least one adaptive VC */
    int esc = c->topo == TN_TOPO_TORUS && c->dateline ? 2 : 1;
    switch (c->routing) {
    case TN_ROUTE_MINAD:
    case TN_ROUTE_GOAL:
    case TN_ROUTE_GAL: return esc + 1;      /* escape classes + one adaptive VC */
    case TN_ROUTE_VAL: return 2 * esc;      /* DOR classes for each of the two phases */
    case TN_ROUTE_CHAOS: return 1;          /* no VC classes: deadlock is avoided by derouting */
    default: return esc;
    }
}

int tn_config_check(const tn_config *c, char *err, size_t errlen)
{
    long nodes = 1;
    for (int d = 0; d < c->n; d++)
        nodes *= c->k;
    if (nodes > TN_MAX_NODES) {
        snprintf(err, errlen, "keys 'k','n': k^n = %d^%d = %ld nodes exceeds the maximum %d", c->k,
                 c->n, nodes, TN_MAX_NODES);
        return -1;
    }
    if ((c->routing == TN_ROUTE_GOAL || c->routing == TN_ROUTE_GAL) &&
        c->topo != TN_TOPO_TORUS) {
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
    double mean_len = 0.5 * (c->pkt_min + c->pkt_max);
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
    (void)mean_len;
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
    return 0;
}
