/* SPDX-License-Identifier: MIT */
/* seeds=N: independent replications of one configuration (run and sweep). Replication i runs
 * with seed + i (and, with seeds_perm=on, perm_seed + i: a new random permutation each); the
 * report gives each replication and, over them, the mean, the sample standard deviation and the
 * half-width of the 95 % confidence interval of the mean by Student's t with N - 1 degrees of
 * freedom (the replication method: each run is one observation; docs/tnsim.md, "seeds=N"). */
#include <stdio.h>
#include <string.h>
#include "tnsim.h"

/* The statistics summarised over the replications, by their names in run --json */
enum { F_ACC, F_ACC_FL, F_CREATED, F_LAT, F_P50, F_P99, F_MAX, F_NET, F_HOPS, F_NONMIN, F_JAIN,
       F_UTIL, F_N };
static const char *const field_name[F_N] = {
    "accepted", "accepted_flits_per_node_cycle", "created_flits_per_node_cycle", "latency_avg",
    "latency_p50", "latency_p99", "latency_max", "network_latency_avg", "hops_avg", "nonmin_frac",
    "src_jain", "chan_util_avg"};

static void fields(const tn_stats *st, double *x)
{
    x[F_ACC] = st->accepted;
    x[F_ACC_FL] = st->accepted_flits;
    x[F_CREATED] = st->created_flits;
    x[F_LAT] = st->latency_avg;
    x[F_P50] = (double)st->latency_p50;
    x[F_P99] = (double)st->latency_p99;
    x[F_MAX] = (double)st->latency_max;
    x[F_NET] = st->network_latency_avg;
    x[F_HOPS] = st->hops_avg;
    x[F_NONMIN] = st->nonmin_frac;
    x[F_JAIN] = st->src_jain;
    x[F_UTIL] = st->chan_util_avg;
}

typedef struct summary {
    int n, saturated;
    double t;                     /* Student's t, 97.5 %, n - 1 degrees of freedom */
    double mean[F_N], sd[F_N], ci[F_N];
} summary;

static void summarise(const tnsim_result *res, int n, summary *s)
{
    static double x[MAX_LOADS][F_N];
    double col[MAX_LOADS];
    memset(s, 0, sizeof *s);
    s->n = n;
    for (int i = 0; i < n; i++) {
        fields(&res[i].st, x[i]);
        s->saturated += res[i].st.saturated != 0;
    }
    for (int f = 0; f < F_N; f++) {
        for (int i = 0; i < n; i++)
            col[i] = x[i][f];
        tn_mean_ci(col, n, &s->mean[f], &s->sd[f], &s->ci[f], &s->t);
    }
}

void tnsim_seed_cfgs(const cli *a, const tn_config *base, tn_config *cfgs)
{
    for (int i = 0; i < a->seeds; i++) {
        cfgs[i] = *base;
        cfgs[i].seed = base->seed + (uint32_t)i;
        if (a->seeds_perm)
            cfgs[i].perm_seed = base->perm_seed + (uint32_t)i;
    }
}

/* the replications of one configuration, handed on in order */
typedef struct seeds_out {
    const cli *a;
    const tn_config *cfgs;
    FILE *f;
    int rc;       /* 0, 1 (a failed run), 2 (an error: the rest stopped) */
    int text;     /* print a text row per replication as it arrives */
} seeds_out;

static int seeds_take(int i, const tnsim_result *r, void *user)
{
    seeds_out *o = user;
    if (r->rc == 2) {
        fprintf(stderr, "tnsim: error: %s\n", r->cfg_err);
        o->rc = 2;
        return 1;
    }
    if (tnsim_report_errors(&r->st, r->first))
        o->rc = 1;
    if (o->text) {
        const tn_stats *st = &r->st;
        char ps[24] = "";
        if (o->a->seeds_perm)
            snprintf(ps, sizeof ps, " %10u", o->cfgs[i].perm_seed);
        fprintf(o->f, "  %10u%s %9.4f %9.4f %9.2f %8ld %9.2f %6.3f %7.4f %7.4f  %s\n",
                o->cfgs[i].seed, ps, st->created_flits / tn_capacity(&o->cfgs[i]), st->accepted, st->latency_avg,
                st->latency_p99, st->network_latency_avg, st->hops_avg, st->nonmin_frac,
                st->src_jain, st->saturated ? "yes" : "no");
    }
    tnsim_flush(o->f);
    return 0;
}

/* The replications of base (a->seeds of them, a->jobs at once) into res; 0, 1 or 2 */
static int replicate(const cli *a, const tn_config *base, tn_config *cfgs, tnsim_result *res,
                     FILE *f, int text)
{
    tnsim_seed_cfgs(a, base, cfgs);
    seeds_out o = {a, cfgs, f, 0, text};
    tnsim_run_many(cfgs, a->seeds, (int)a->jobs, res, seeds_take, &o);
    return o.rc;
}

/* One JSON object: the replications' objects (run --json's), then their summary */
static void print_json(const cli *a, const tn_config *cfgs, const tnsim_result *res, FILE *f,
                       const char *end)
{
    summary s;
    summarise(res, a->seeds, &s);
    fprintf(f, "{\"seeds\": %d, \"seed_first\": %u, \"seeds_perm\": %s, \"offered\": %s, "
               "\"t975\": %s, \"saturated_runs\": %d, \"runs\": [\n",
            a->seeds, cfgs[0].seed, a->seeds_perm ? "true" : "false",
            TN_JSON_NUM("%.6g", res[0].st.offered), TN_JSON_NUM("%.6f", s.t),
            s.saturated);
    for (int i = 0; i < a->seeds; i++)
        tnsim_print_json(&cfgs[i], &res[i].st, f, i + 1 < a->seeds ? ",\n" : "\n");
    fprintf(f, "]");
    tn_summary_json(f, field_name, F_N, s.mean, s.sd, s.ci);
    fprintf(f, "}%s", end);
}

int tnsim_run_seeds(const cli *a)
{
    static tn_config cfgs[MAX_LOADS];
    static tnsim_result res[MAX_LOADS];
    if (!a->json) {
        char d[256];
        tnsim_describe(&a->cfg, d, sizeof d);
        printf("tnsim: %s; %d replications, seed %u..%u%s\n", d, a->seeds, a->cfg.seed,
               a->cfg.seed + (uint32_t)(a->seeds - 1),
               a->seeds_perm ? " and perm_seed with it" : "");
        printf("  %10s%s %9s %9s %9s %8s %9s %6s %7s %7s  %s\n", "seed",
               a->seeds_perm ? "  perm_seed" : "", "created", "accepted", "lat_avg", "lat_p99",
               "net_lat", "hops", "nonmin", "jain", "saturated");
    }
    int rc = replicate(a, &a->cfg, cfgs, res, stdout, !a->json);
    if (rc == 2)
        return 2;
    if (a->json) {
        print_json(a, cfgs, res, stdout, "\n");
        return rc;
    }
    summary s;
    summarise(res, a->seeds, &s);
    const char *pad = a->seeds_perm ? "           " : "";
    double cap = tn_capacity(&a->cfg);
    printf("  %10s%s %9.4f %9.4f %9.2f %8.1f %9.2f %6.3f %7.4f %7.4f  %d of %d\n", "mean", pad,
           s.mean[F_CREATED] / cap, s.mean[F_ACC], s.mean[F_LAT], s.mean[F_P99], s.mean[F_NET],
           s.mean[F_HOPS], s.mean[F_NONMIN], s.mean[F_JAIN], s.saturated, s.n);
    printf("  %10s%s %9.4f %9.4f %9.2f %8.1f %9.2f %6.3f %7.4f %7.4f\n", "+-95%", pad,
           s.ci[F_CREATED] / cap, s.ci[F_ACC], s.ci[F_LAT], s.ci[F_P99], s.ci[F_NET], s.ci[F_HOPS],
           s.ci[F_NONMIN], s.ci[F_JAIN]);
    printf("  (created and accepted: fractions of capacity; the mean over the replications and "
           "the half-width of its 95 %% confidence interval, Student's t %.3f with %d degrees "
           "of freedom)\n", s.t, s.n - 1);
    return rc;
}

/* sweep with seeds: the CSV columns of sweep, each measured one the mean over the replications
 * (saturated: how many replications saturated), then seeds and a _ci95 column per statistic */
void tnsim_sweep_seeds_header(FILE *f)
{
    fprintf(f, ",seeds");
    for (int i = 0; i < F_N; i++)
        fprintf(f, ",%s_ci95", field_name[i]);
}

int tnsim_sweep_seeds(const cli *a, const tn_config *base, FILE *f, int last)
{
    static tn_config cfgs[MAX_LOADS];
    static tnsim_result res[MAX_LOADS];
    int rc = replicate(a, base, cfgs, res, f, 0);
    if (rc == 2)
        return 2;
    if (a->json) {
        print_json(a, cfgs, res, f, last ? "\n" : ",\n");
        tnsim_flush(f);
        return rc;
    }
    summary s;
    summarise(res, a->seeds, &s);
    const tn_config *c = base;
    fprintf(f, "%d,%d,%s,%s,%s,%s,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,%.4f,%.6g,%.6g,%.4f,%.4f,%d,%d",
            c->k, c->n, tn_topo_name(c->topo), tn_routing_name(c->routing),
            tn_selection_name(c->selection), tn_traffic_name(c->traffic), c->vcs, c->buf,
            c->pkt_min, c->pkt_max, res[0].st.offered, res[0].st.offered_flits, s.mean[F_ACC],
            s.mean[F_ACC_FL], s.mean[F_LAT], s.mean[F_P50], s.mean[F_P99], s.mean[F_NET],
            s.mean[F_HOPS], s.saturated, a->seeds);
    for (int i = 0; i < F_N; i++)
        fprintf(f, ",%.6g", s.ci[i]);
    fprintf(f, "\n");
    tnsim_flush(f);
    return rc;
}
