/* SPDX-License-Identifier: MIT */
/* tnsim: the C-model simulator.
 * tnsim [run|sweep|sat|bound|check|name] key=value ... [--config FILE] [--json] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_cli.h"

#define MAX_LOADS 64
#define PATH_LEN 4096 /* file keys: the value and its terminating 0 */

typedef struct cli {
    tn_config cfg;
    int json;
    const char *mode;
    double loads[MAX_LOADS];
    int nloads;
    double tol;
    int tol_set;
    const char *out;
    const char *chan_out;
    int pair_src, pair_dst;   /* pair=S,D: record the packets of one source/destination pair */
    int pair_shift;           /* pair_shift=on: every pair (s, s + (D - S)), per dimension mod k */
    const char *pair_out;
    const char *series;       /* series=FILE: accepted throughput per window of series_win */
    long series_win;
    /* the file keys' values (a --config file's line does not outlive its parsing) */
    char out_buf[PATH_LEN], chan_out_buf[PATH_LEN], pair_out_buf[PATH_LEN], series_buf[PATH_LEN];
} cli;

static const char synopsis[] =
    "usage: tnsim [run|sweep|sat|bound|check|name] key=value ... [--config FILE] [--json]\n"
    "  run    one simulation (default)\n"
    "  sweep  one run per load of loads=A,B,...; CSV to out=FILE or stdout\n"
    "  sat    find the saturation throughput by bisection on the load (tol=0.01)\n"
    "  bound  channel-load bound of the routing and pattern\n"
    "  check  deadlock checker: proves the channel dependency graph acyclic (exit 0) or\n"
    "         prints a cycle (exit 1)\n"
    "  name   prints the content name of the configuration (t8x8_v2_dor_b8_p4_uniform_l0.3_s1)\n"
    "--config FILE: key=value lines (# comments), any key below; later arguments override it.\n"
    "A wrong key, value or combination exits with status 2 (see README.md).\n";

static int parse_loads(cli *a, const char *v)
{
    char buf[1024];
    if (strlen(v) >= sizeof buf)
        return -1;
    strcpy(buf, v);
    a->nloads = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        char *end;
        double x = strtod(tok, &end);
        if (end == tok || *end || !(x > 0 && x <= 100) || a->nloads == MAX_LOADS)
            return -1;
        a->loads[a->nloads++] = x;
    }
    return a->nloads ? 0 : -1;
}

/* ---- tnsim's own keys (tn_cli_key): -1 with err empty gives the message with the range ---- */

static int set_path(char *buf, const char **dst, const char *v)
{
    size_t len = strlen(v);
    if (len >= PATH_LEN)
        return -1;
    memcpy(buf, v, len + 1);
    *dst = buf;
    return 0;
}

static int set_loads(void *ctx, const char *v, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    return parse_loads(ctx, v);
}

static int set_tol(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    char *end;
    (void)err, (void)errlen;
    a->tol = strtod(v, &end);
    a->tol_set = 1;
    return end == v || *end || !(a->tol >= 0.001 && a->tol <= 0.5) ? -1 : 0;
}

static int set_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->out_buf, &a->out, v);
}

static int set_chan_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->chan_out_buf, &a->chan_out, v);
}

static int set_pair_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->pair_out_buf, &a->pair_out, v);
}

static int set_series(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->series_buf, &a->series, v);
}

static int set_pair_shift(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (strcmp(v, "on") && strcmp(v, "off"))
        return -1;
    a->pair_shift = !strcmp(v, "on");
    return 0;
}

static int set_series_win(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    char *end;
    (void)err, (void)errlen;
    a->series_win = strtol(v, &end, 10);
    return end == v || *end || a->series_win < 1 || a->series_win > 1000000 ? -1 : 0;
}

static int set_pair(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    char *end, *end2;
    (void)err, (void)errlen;
    long x = strtol(v, &end, 10), y = -1;
    if (end != v && *end == ',')
        y = strtol(end + 1, &end2, 10);
    if (end == v || *end != ',' || y < 0 || *end2 || x < 0 || x >= TN_MAX_NODES ||
        y >= TN_MAX_NODES)
        return -1;
    a->pair_src = (int)x;
    a->pair_dst = (int)y;
    return 0;
}

_Static_assert(MAX_LOADS == 64 && PATH_LEN == 4096, "the ranges below name these values");
#define FILE_RANGE "FILE (up to 4095 characters)"
static const tn_cli_key tnsim_keys[] = {
    {"loads", "1..64 comma-separated loads in (0, 100]", NULL, "sweep: the loads, A,B,...",
     set_loads},
    {"tol", "0.001..0.5", "0.01", "sat: the bisection stops when the load interval is this narrow",
     set_tol},
    {"out", FILE_RANGE, "stdout", "sweep: the CSV file", set_out},
    {"chan_out", FILE_RANGE, NULL, "run: per-channel utilisation, CSV", set_chan_out},
    {"pair", "S,D (two node ids)", NULL,
     "run: the measured packets from S to D (hops, latency, queueing)", set_pair},
    {"pair_shift", "on off (on: every pair translated from pair=S,D)", "off",
     "run: on a torus also every translate (s, s + D - S) of pair", set_pair_shift},
    {"pair_out", FILE_RANGE, NULL, "run: one CSV row per packet of pair", set_pair_out},
    {"series", FILE_RANGE, NULL, "run: accepted throughput per window of series_win cycles, CSV",
     set_series},
    {"series_win", "1..1000000", "50", "run: cycles per window of series", set_series_win},
};
#define N_TNSIM_KEYS ((int)(sizeof tnsim_keys / sizeof tnsim_keys[0]))

/* 0, -1 on bad input (message printed), 1 for --help */
static int parse_args(cli *a, int argc, char **argv)
{
    char err[TN_CLI_ERRLEN];
    tn_config_default(&a->cfg);
    a->mode = "run";
    a->pair_src = a->pair_dst = -1;
    a->tol = 0.01;
    int i = 1;
    if (argc > 1 && (!strcmp(argv[1], "run") || !strcmp(argv[1], "sweep") ||
                     !strcmp(argv[1], "sat") || !strcmp(argv[1], "bound") ||
                     !strcmp(argv[1], "check") || !strcmp(argv[1], "name")))
        a->mode = argv[i++];
    int rc = tn_cli_parse(argc, argv, i, &a->cfg, tnsim_keys, N_TNSIM_KEYS, a, &a->json, err,
                          sizeof err);
    if (rc > 0)
        return 1;
    if (rc) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return -1;
    }
    if (!strcmp(a->mode, "sweep") && !a->nloads) {
        fprintf(stderr, "tnsim: error: key 'loads': sweep needs loads=A,B,...\n");
        return -1;
    }
    if (strcmp(a->mode, "sweep") && (a->nloads || a->out)) {
        fprintf(stderr, "tnsim: error: key '%s' is only for tnsim sweep\n",
                a->nloads ? "loads" : "out");
        return -1;
    }
    if (a->cfg.switch_at && (!strcmp(a->mode, "sat") || !strcmp(a->mode, "bound"))) {
        fprintf(stderr, "tnsim: error: key 'switch_at': value '%ld' is not allowed with tnsim %s "
                        "(%s); allowed: 0 (off), or tnsim run / sweep\n", a->cfg.switch_at, a->mode,
                !strcmp(a->mode, "sat") ? "it bisects one load" : "the bound is of one pattern");
        return -1;
    }
    if (strcmp(a->mode, "sat") && a->tol_set) {
        fprintf(stderr, "tnsim: error: key 'tol' is only for tnsim sat\n");
        return -1;
    }
    if (strcmp(a->mode, "run") && (a->chan_out || a->pair_src >= 0 || a->pair_out || a->series)) {
        fprintf(stderr, "tnsim: error: key '%s' is only for tnsim run\n",
                a->chan_out ? "chan_out" : a->pair_out ? "pair_out" : a->series ? "series" : "pair");
        return -1;
    }
    if (a->pair_out && a->pair_src < 0) {
        fprintf(stderr, "tnsim: error: key 'pair_out' needs pair=S,D\n");
        return -1;
    }
    if (a->pair_shift && a->pair_src < 0) {
        fprintf(stderr, "tnsim: error: key 'pair_shift': value 'on' needs pair=S,D\n");
        return -1;
    }
    if (a->pair_shift && a->cfg.topo != TN_TOPO_TORUS) {
        fprintf(stderr, "tnsim: error: key 'pair_shift': value 'on' needs a torus (translation "
                        "invariance); allowed with topo=mesh: off\n");
        return -1;
    }
    {
        long nodes = 1;
        for (int d = 0; d < a->cfg.n; d++)
            nodes *= a->cfg.k;
        if (a->pair_src >= nodes || a->pair_dst >= nodes) {
            fprintf(stderr, "tnsim: error: key 'pair': value '%d,%d' is not allowed; allowed: "
                            "node ids 0..%ld\n", a->pair_src, a->pair_dst, nodes - 1);
            return -1;
        }
    }
    for (int i = 0; i < a->nloads; i++) {
        tn_config c = a->cfg;
        c.load = a->loads[i];
        c.load_set = 1;
        if (tn_config_check(&c, err, sizeof err)) {
            fprintf(stderr, "tnsim: error: key 'loads': %s\n", err);
            return -1;
        }
    }
    if (!strcmp(a->mode, "bound") || !strcmp(a->mode, "check"))
        a->cfg.load = 0;
    if (tn_config_check(&a->cfg, err, sizeof err)) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return -1;
    }
    return 0;
}

static void describe(const tn_config *c, char *buf, size_t len)
{
    char pkt[32];
    if (c->pkt_min == c->pkt_max)
        snprintf(pkt, sizeof pkt, "%d", c->pkt_min);
    else
        snprintf(pkt, sizeof pkt, "%d-%d", c->pkt_min, c->pkt_max);
    char sel[32] = "";
    if (c->routing != TN_ROUTE_DOR)
        snprintf(sel, sizeof sel, " selection=%s", tn_selection_name(c->selection));
    snprintf(buf, len,
             "%d-ary %d-cube %s, routing=%s%s traffic=%s vcs=%d buf=%d pkt=%s term=%d seed=%u",
             c->k, c->n, tn_topo_name(c->topo), tn_routing_name(c->routing), sel,
             tn_traffic_name(c->traffic), c->vcs, c->buf, pkt, c->term, c->seed);
    if (c->switch_at) {
        size_t u = strlen(buf);
        snprintf(buf + u, len - u, "; from cycle %ld traffic=%s load=%g", c->switch_at,
                 tn_traffic_name(tn_switch_traffic(c)),
                 c->switch_load_set ? c->switch_load : c->load);
    }
}

static const char *chan_out_path;

static void write_channels(const tn_sim *s, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tnsim: warning: key 'chan_out': cannot write '%s'\n", path);
        return;
    }
    const tn_geom *g = tn_sim_geom(s);
    fprintf(f, "node,coords,port,dir,dim,util_flits_per_cycle\n");
    for (int v = 0; v < g->nodes; v++) {
        int co[TN_MAX_N];
        char cs[64] = "";
        tn_coords(g, v, co);
        for (int d = 0; d < g->n; d++)
            snprintf(cs + strlen(cs), sizeof cs - strlen(cs), "%s%d", d ? ":" : "", co[d]);
        for (int p = 1; p <= 2 * g->n; p++)
            if (g->nbr[v * g->ports + p] >= 0)
                fprintf(f, "%d,%s,%d,%c,%d,%.6f\n", v, cs, p, (p & 1) ? '+' : '-', (p - 1) / 2,
                        tn_sim_channel_util(s, v, p));
    }
    fclose(f);
}

/* pair=S,D: the measured packets of one pair (paper 000's latency = H + Q decomposition) */
static struct pair_rec {
    int src, dst;
    int shift, k, n; /* shift: match every (s, d) with d - s = dst - src per dimension mod k */
    int per_hop;     /* zero-load cycles per hop: 2, or 3 under CHAOS (section 14, 22) */
    long lo, hi;
    long packets;
    double hops, lat, q;
    FILE *f;
} pair = {-1, -1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, NULL};

/* (s, d) is a translate of (s0, d0) on a k-ary n-cube torus */
static int same_offset(int k, int n, int s, int d, int s0, int d0)
{
    for (int i = 0; i < n; i++, s /= k, d /= k, s0 /= k, d0 /= k)
        if ((d % k - s % k + k) % k != (d0 % k - s0 % k + k) % k)
            return 0;
    return 1;
}

/* series=FILE: flits ejected per window of the whole run, by the cycle of each packet's tail */
#define SERIES_MAX 100000
static struct series_rec {
    long win;
    long *flits; /* [SERIES_MAX] */
    long last;
    /* routing=gal: per window the packets ejected, those on a longer than minimal path, and the
     * thresholds and queued packets at the end of the window */
    int gal, k, n;
    long *pkts, *nonmin, *gq;
    double *tmean;
    int *tmax;
    /* routing=acor: the level of every router at the end of each window (acor_win windows) */
    int acor, nodes;
    long acor_win;
    uint8_t *lvl;
} series = {50, NULL, -1, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, NULL};

static void series_free(void)
{
    free(series.flits);
    free(series.pkts);
    free(series.nonmin);
    free(series.gq);
    free(series.tmean);
    free(series.tmax);
    free(series.lvl);
}

static int min_hops(int k, int n, int a, int b)
{
    int h = 0;
    for (int d = 0; d < n; d++, a /= k, b /= k) {
        int p = ((b % k) - (a % k) + k) % k;
        h += p < k - p ? p : k - p;
    }
    return h;
}

static void on_cycle(void *user, const tn_sim *s)
{
    (void)user;
    long t = tn_sim_cycle(s);
    if (t % series.win)
        return;
    long b = t / series.win - 1; /* the window that just ended */
    if (b >= 0 && b < SERIES_MAX && series.gal)
        tn_sim_gal_state(s, &series.tmean[b], &series.tmax[b], &series.gq[b]);
    if (b >= 0 && b < series.acor_win && series.acor)
        tn_sim_acor_levels(s, series.lvl + b * series.nodes);
}

static void on_pair(void *user, const tn_pkt_record *p)
{
    struct pair_rec *r = user;
    if (series.flits) {
        long b = p->ejected / series.win;
        if (b < SERIES_MAX) {
            series.flits[b] += p->len;
            if (series.gal) {
                series.pkts[b]++;
                series.nonmin[b] += p->hops > min_hops(series.k, series.n, p->src, p->dst);
            }
            if (b > series.last)
                series.last = b;
        }
    }
    if (r->src < 0 || p->created < r->lo || p->created >= r->hi)
        return;
    if (r->shift ? !same_offset(r->k, r->n, p->src, p->dst, r->src, r->dst)
                 : p->src != r->src || p->dst != r->dst)
        return;
    long lat = p->ejected - p->created;
    /* zero-load latency over those hops: 2H + L + 2 (section 14), CHAOS 3H + L + 3 (22.2) */
    long t0 = (long)r->per_hop * p->hops + p->len + r->per_hop;
    r->packets++;
    r->hops += p->hops;
    r->lat += (double)lat;
    r->q += (double)(lat - t0);
    if (r->f)
        fprintf(r->f, "%ld,%d,%ld\n", lat, p->hops, lat - t0);
}

static int simulate(const tn_config *c, tn_stats *st, char *first_err, size_t len)
{
    char err[TN_ERRLEN];
    tn_sim *s = tn_sim_new(c, err, sizeof err);
    if (!s) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return 2;
    }
    if (pair.src >= 0 || series.flits) {
        pair.lo = c->warmup;
        pair.hi = c->warmup + c->measure;
        tn_sim_on_deliver(s, on_pair, &pair);
    }
    if (series.gal || series.acor)
        tn_sim_on_cycle(s, on_cycle, NULL);
    int rc = tn_sim_run(s, st);
    snprintf(first_err, len, "%s", tn_sim_deadlocked(s) ? tn_sim_deadlock_report(s)
                                                         : tn_sim_first_error(s));
    if (chan_out_path)
        write_channels(s, chan_out_path);
    tn_sim_free(s);
    return rc ? 1 : 0;
}

/* routing=gal: mean packets per node in each quadrant's queues, as JSON or text ("" else) */
static const char *gal_occ(const tn_stats *st, int json)
{
    static char b[512];
    size_t u = 0;
    b[0] = 0;
    if (!st->gal_quads)
        return b;
    if (json)
        u += (size_t)snprintf(b, sizeof b, ", \"gal_queue_occ\": [");
    for (int q = 0; q < st->gal_quads && u < sizeof b; q++) {
        if (json)
            u += (size_t)snprintf(b + u, sizeof b - u, "%s%.4f", q ? ", " : "",
                                  st->gal_queue_occ[q]);
        else
            u += (size_t)snprintf(b + u, sizeof b - u, " q%d %.3f", q, st->gal_queue_occ[q]);
    }
    if (json && u < sizeof b)
        snprintf(b + u, sizeof b - u, "]");
    return b;
}

/* routing=acor: the share of packets injected under each level, as JSON fields (with the
 * recomputations per packet and the mean level) or as text; "" for other routings */
static const char *acor_stats(const tn_stats *st, int json)
{
    static char b[512];
    char l[128] = "";
    b[0] = 0;
    if (!st->acor_levels)
        return b;
    for (int i = 0; i < st->acor_levels; i++) {
        if (json)
            snprintf(l + strlen(l), sizeof l - strlen(l), "%s%.6f", i ? ", " : "",
                     st->acor_level_frac[i]);
        else
            snprintf(l + strlen(l), sizeof l - strlen(l), "%slevel %d %.4f", i ? ", " : "", i,
                     st->acor_level_frac[i]);
    }
    if (json)
        snprintf(b, sizeof b, ", \"acor_level_frac\": [%s], \"acor_recomp_avg\": %.6f, "
                 "\"acor_level_avg\": %.6f", l, st->acor_recomp_avg, st->acor_level_avg);
    else
        snprintf(b, sizeof b, "%s", l);
    return b;
}

static void print_json(const tn_config *c, const tn_stats *st, FILE *f)
{
    fprintf(f,
            "{\"k\": %d, \"n\": %d, \"topo\": \"%s\", \"vcs\": %d, \"buf\": %d, \"pkt_min\": %d, "
            "\"pkt_max\": %d, \"term\": %d, \"routing\": \"%s\", \"selection\": \"%s\", \"traffic\": \"%s\", "
            "\"seed\": %u, \"capacity_flits_per_node_cycle\": %.6g, "
            "\"offered\": %.6g, \"offered_flits_per_node_cycle\": %.6g, "
            "\"created_flits_per_node_cycle\": %.6g, "
            "\"accepted\": %.6g, \"accepted_flits_per_node_cycle\": %.6g, "
            "\"latency_avg\": %.4f, \"latency_p50\": %ld, \"latency_p99\": %ld, "
            "\"latency_max\": %ld, \"network_latency_avg\": %.4f, \"hops_avg\": %.4f, "
            "\"nonmin_frac\": %.6g, \"src_accepted_min\": %.6g, \"src_accepted_max\": %.6g, "
            "\"src_jain\": %.6g, \"chan_util_avg\": %.6g, \"chan_util_max\": %.6g, \"saturated\": %s, "
            "\"packets\": %ld, \"injected\": %ld, \"delivered\": %ld, \"check_errors\": %ld, "
            "\"router_errors\": %u, \"cycles\": %ld, \"sim_cycles_per_second\": %.1f, "
            "\"flit_hops_per_second\": %.1f%s%s}\n",
            c->k, c->n, tn_topo_name(c->topo), c->vcs, c->buf, c->pkt_min, c->pkt_max, c->term,
            tn_routing_name(c->routing), tn_selection_name(c->selection),
            tn_traffic_name(c->traffic), c->seed, tn_capacity(c),
            st->offered, st->offered_flits, st->created_flits, st->accepted, st->accepted_flits,
            st->latency_avg, st->latency_p50, st->latency_p99, st->latency_max,
            st->network_latency_avg, st->hops_avg, st->nonmin_frac, st->src_accepted_min,
            st->src_accepted_max, st->src_jain, st->chan_util_avg,
            st->chan_util_max,
            st->saturated ? "true" : "false", st->packets, st->injected, st->delivered,
            st->check_errors, st->router_errors, st->cycles, st->cycles_per_second,
            st->flit_hops_per_second, gal_occ(st, 1), acor_stats(st, 1));
}

static void print_text(const tn_config *c, const tn_stats *st)
{
    char d[256];
    describe(c, d, sizeof d);
    printf("tnsim: %s\n", d);
    printf("  offered          %.4f of capacity  (%.4f flits/node/cycle; capacity %.4f)\n",
           st->offered, st->offered_flits, tn_capacity(c));
    printf("  accepted         %.4f of capacity  (%.4f flits/node/cycle)\n", st->accepted,
           st->accepted_flits);
    printf("  latency          avg %.2f  p50 %ld  p99 %ld  max %ld cycles (creation to tail ejection)\n",
           st->latency_avg, st->latency_p50, st->latency_p99, st->latency_max);
    printf("  network latency  avg %.2f cycles (head injection to tail ejection)\n",
           st->network_latency_avg);
    printf("  hops             avg %.3f; %.4f of the packets took a longer than minimal path\n",
           st->hops_avg, st->nonmin_frac);
    printf("  fairness         per source %.4f..%.4f flits/cycle accepted, Jain's index %.4f\n",
           st->src_accepted_min, st->src_accepted_max, st->src_jain);
    printf("  channels         utilisation avg %.4f max %.4f flits/cycle\n", st->chan_util_avg,
           st->chan_util_max);
    if (st->gal_quads)
        printf("  GAL queues       mean packets per node by quadrant (bit d: - in dimension d):%s\n",
               gal_occ(st, 0));
    if (st->acor_levels)
        printf("  ACOR             packets injected by level: %s; %.3f recomputations per packet; "
               "routers' mean level %.3f\n", acor_stats(st, 0), st->acor_recomp_avg,
               st->acor_level_avg);
    printf("  packets          %ld measured; %ld injected, %ld delivered, %ld integrity errors\n",
           st->packets, st->injected, st->delivered, st->check_errors);
    printf("  saturated        %s\n", st->saturated ? "yes" : "no");
    printf("  speed            %ld cycles in %.3f s: %.0f cycles/s, %.0f flit-hops/s\n",
           st->cycles, st->sim_seconds, st->cycles_per_second, st->flit_hops_per_second);
}

static int report_errors(const tn_stats *st, const char *first)
{
    if (st->deadlocked) {
        fprintf(stderr, "tnsim: FAIL: %s\n", first);
        return 1;
    }
    if (st->check_errors || st->router_errors) {
        fprintf(stderr, "tnsim: FAIL: %ld integrity errors (first: %s), router error bits 0x%x\n",
                st->check_errors, first[0] ? first : "none", st->router_errors);
        return 1;
    }
    return 0;
}

static int do_sweep(cli *a)
{
    FILE *f = a->out ? fopen(a->out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "tnsim: error: key 'out': cannot write '%s'\n", a->out);
        return 2;
    }
    fprintf(f, "k,n,topo,routing,selection,traffic,vcs,buf,pkt_min,pkt_max,offered,offered_flits,accepted,"
               "accepted_flits,latency_avg,latency_p50,latency_p99,network_latency_avg,hops_avg,"
               "saturated\n");
    int rc = 0;
    for (int i = 0; i < a->nloads; i++) {
        tn_config c = a->cfg;
        char first[TN_ERRLEN];
        c.load = a->loads[i];
        tn_stats st;
        int r = simulate(&c, &st, first, sizeof first);
        if (r == 2) {
            rc = 2;
            break;
        }
        if (report_errors(&st, first))
            rc = 1;
        fprintf(f, "%d,%d,%s,%s,%s,%s,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,%.4f,%ld,%ld,%.4f,%.4f,%d\n",
                c.k, c.n, tn_topo_name(c.topo), tn_routing_name(c.routing),
                tn_selection_name(c.selection), tn_traffic_name(c.traffic), c.vcs, c.buf, c.pkt_min, c.pkt_max, st.offered,
                st.offered_flits, st.accepted, st.accepted_flits, st.latency_avg, st.latency_p50,
                st.latency_p99, st.network_latency_avg, st.hops_avg, st.saturated);
        fflush(f);
    }
    if (a->out)
        fclose(f);
    return rc;
}

static int do_sat(cli *a)
{
    double cap = tn_capacity(&a->cfg);
    double lo = 0, hi = a->cfg.term / cap, lo_acc = 0, hi_acc = 0;
    int runs = 0, rc = 0;
    char first[TN_ERRLEN];
    tn_stats st;
    /* The top of the range first: unsaturated there means terminal-limited. */
    tn_config c = a->cfg;
    c.load = hi;
    if ((rc = simulate(&c, &st, first, sizeof first)) == 2)
        return 2;
    runs++;
    if (report_errors(&st, first))
        return 1;
    hi_acc = st.accepted;
    if (!st.saturated) {
        lo = hi;
        lo_acc = st.accepted;
    } else {
        while (hi - lo > a->tol) {
            c.load = 0.5 * (lo + hi);
            if ((rc = simulate(&c, &st, first, sizeof first)) == 2)
                return 2;
            runs++;
            if (report_errors(&st, first))
                return 1;
            if (st.saturated)
                hi = c.load;
            else {
                lo = c.load;
                lo_acc = st.accepted;
            }
        }
    }
    if (a->json) {
        printf("{\"routing\": \"%s\", \"selection\": \"%s\", \"traffic\": \"%s\", "
               "\"k\": %d, \"n\": %d, \"sat_load\": %.4f, \"sat_accepted\": %.4f, \"sat_accepted_flits_per_node_cycle\": %.4f, "
               "\"overload_accepted\": %.4f, \"capacity_flits_per_node_cycle\": %.6g, \"runs\": %d}\n",
               tn_routing_name(c.routing), tn_selection_name(c.selection),
               tn_traffic_name(c.traffic), c.k, c.n, lo, lo_acc,
               lo_acc * cap, hi_acc, cap, runs);
    } else {
        char d[256];
        describe(&a->cfg, d, sizeof d);
        printf("tnsim sat: %s\n", d);
        printf("  saturation load      %.4f of capacity (highest unsaturated load, tol %.3f)\n", lo,
               a->tol);
        printf("  accepted there       %.4f of capacity (%.4f flits/node/cycle)\n", lo_acc,
               lo_acc * cap);
        printf("  accepted at load %.3f  %.4f of capacity\n", a->cfg.term / cap, hi_acc);
        printf("  runs                 %d\n", runs);
    }
    return 0;
}

int main(int argc, char **argv)
{
    cli a;
    memset(&a, 0, sizeof a);
    int prc = parse_args(&a, argc, argv);
    if (prc > 0) {
        tn_cli_usage(stdout, synopsis, tnsim_keys, N_TNSIM_KEYS);
        return 0;
    }
    if (prc)
        return 2;
    if (!strcmp(a.mode, "name")) {
        char name[512];
        if (tn_config_name(&a.cfg, name, sizeof name) < 0) {
            fprintf(stderr, "tnsim: error: the name of the configuration is longer than %zu "
                            "characters\n", sizeof name - 1);
            return 2;
        }
        if (a.json)
            printf("{\"name\": \"%s\"}\n", name);
        else
            printf("%s\n", name);
        return 0;
    }
    if (!strcmp(a.mode, "sweep"))
        return do_sweep(&a);
    if (!strcmp(a.mode, "sat"))
        return do_sat(&a);
    if (!strcmp(a.mode, "check")) {
        char rep[2048];
        int r = tn_deadlock_check(&a.cfg, rep, sizeof rep);
        if (r < 0) {
            fprintf(stderr, "tnsim: error: %s\n", rep);
            return 2;
        }
        if (a.json)
            printf("{\"acyclic\": %s, \"report\": \"%s\"}\n", r ? "false" : "true", rep);
        else
            printf("tnsim check: %s\n", rep);
        return r;
    }
    if (!strcmp(a.mode, "bound")) {
        char err[TN_ERRLEN];
        double b = tn_channel_load_bound(&a.cfg, err, sizeof err);
        if (b < 0) {
            fprintf(stderr, "tnsim: error: %s\n", err);
            return 2;
        }
        if (a.json)
            printf("{\"routing\": \"%s\", \"traffic\": \"%s\", \"bound_flits_per_node_cycle\": %.6f, "
                   "\"bound\": %.6f}\n", tn_routing_name(a.cfg.routing),
                   tn_traffic_name(a.cfg.traffic), b, b / tn_capacity(&a.cfg));
        else
            printf("channel-load bound: %.4f flits/node/cycle = %.4f of capacity\n", b,
                   b / tn_capacity(&a.cfg));
        return 0;
    }
    tn_stats st;
    char first[TN_ERRLEN];
    chan_out_path = a.chan_out;
    pair.src = a.pair_src;
    pair.dst = a.pair_dst;
    pair.shift = a.pair_shift;
    pair.k = a.cfg.k;
    pair.per_hop = a.cfg.routing == TN_ROUTE_CHAOS ? 3 : 2;
    pair.n = a.cfg.n;
    if (a.pair_out) {
        pair.f = fopen(a.pair_out, "w");
        if (!pair.f) {
            fprintf(stderr, "tnsim: error: key 'pair_out': cannot write '%s'\n", a.pair_out);
            return 2;
        }
        fprintf(pair.f, "latency,hops,queueing\n");
    }
    FILE *sf = NULL;
    if (a.series) {
        sf = fopen(a.series, "w");
        series.flits = calloc(SERIES_MAX, sizeof *series.flits);
        series.gal = a.cfg.routing == TN_ROUTE_GAL;
        series.k = a.cfg.k;
        series.n = a.cfg.n;
        series.acor = a.cfg.routing == TN_ROUTE_ACOR;
        if (a.series_win)
            series.win = a.series_win;
        if (series.acor) {
            series.nodes = 1;
            for (int d = 0; d < a.cfg.n; d++)
                series.nodes *= a.cfg.k;
            long cyc = a.cfg.warmup + a.cfg.measure + a.cfg.drain;
            series.acor_win = cyc / series.win + 2;
            if (series.acor_win > SERIES_MAX)
                series.acor_win = SERIES_MAX;
            series.lvl = calloc((size_t)(series.acor_win * series.nodes), 1);
        }
        if (series.gal) {
            series.pkts = calloc(SERIES_MAX, sizeof *series.pkts);
            series.nonmin = calloc(SERIES_MAX, sizeof *series.nonmin);
            series.gq = calloc(SERIES_MAX, sizeof *series.gq);
            series.tmean = calloc(SERIES_MAX, sizeof *series.tmean);
            series.tmax = calloc(SERIES_MAX, sizeof *series.tmax);
        }
        if (!sf || !series.flits || (series.acor && !series.lvl) ||
            (series.gal && (!series.pkts || !series.nonmin || !series.gq || !series.tmean ||
                            !series.tmax))) {
            fprintf(stderr, "tnsim: error: key 'series': cannot write '%s'\n", a.series);
            if (sf)
                fclose(sf);
            series_free();
            return 2;
        }
        if (a.series_win)
            series.win = a.series_win;
    }
    int rc = simulate(&a.cfg, &st, first, sizeof first);
    if (pair.f)
        fclose(pair.f);
    if (sf) {
        long nodes = 1;
        for (int d = 0; d < a.cfg.n; d++)
            nodes *= a.cfg.k;
        fprintf(sf, "cycle,accepted_flits_per_node_cycle,accepted%s",
                series.gal ? ",gal_t_mean,gal_t_max,gal_queued,nonmin_frac" : "");
        for (int v = 0; series.acor && v < series.nodes; v++)
            fprintf(sf, "%slevel_%d", v ? "," : ",acor_level_mean,", v);
        fputc('\n', sf);
        for (long b = 0; b <= series.last; b++) {
            double fl = (double)series.flits[b] / (double)(nodes * series.win);
            fprintf(sf, "%ld,%.6f,%.6f", b * series.win, fl, fl / tn_capacity(&a.cfg));
            if (series.gal)
                fprintf(sf, ",%.4f,%d,%ld,%.6f", series.tmean[b], series.tmax[b], series.gq[b],
                        series.pkts[b] ? (double)series.nonmin[b] / (double)series.pkts[b] : 0.0);
            if (series.acor) {
                /* the levels at the end of window b (0 past the recorded windows) */
                const uint8_t *l = b < series.acor_win ? series.lvl + b * series.nodes : NULL;
                long sum = 0;
                for (int v = 0; l && v < series.nodes; v++)
                    sum += l[v];
                fprintf(sf, ",%.4f", (double)sum / (double)series.nodes);
                for (int v = 0; v < series.nodes; v++)
                    fprintf(sf, ",%d", l ? l[v] : 0);
            }
            fputc('\n', sf);
        }
        fclose(sf);
        series_free();
    }
    if (rc == 2)
        return 2;
    if (a.json)
        print_json(&a.cfg, &st, stdout);
    else
        print_text(&a.cfg, &st);
    if (pair.src >= 0) {
        double n = pair.packets ? (double)pair.packets : 1.0;
        if (a.json)
            printf("{\"pair_src\": %d, \"pair_dst\": %d, \"pair_shift\": %d, "
                   "\"pair_packets\": %ld, \"pair_hops_avg\": %.4f, \"pair_latency_avg\": %.4f, "
                   "\"pair_queueing_avg\": %.4f}\n",
                   pair.src, pair.dst, pair.shift, pair.packets, pair.hops / n, pair.lat / n,
                   pair.q / n);
        else
            printf("  pair %d->%d%s  %ld packets: hops avg %.3f, latency avg %.2f, of which "
                   "queueing (latency - zero-load latency of its hops) %.2f\n",
                   pair.src, pair.dst, pair.shift ? " (+shifts)" : "       ", pair.packets,
                   pair.hops / n, pair.lat / n, pair.q / n);
    }
    return report_errors(&st, first);
}
