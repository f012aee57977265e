/* SPDX-License-Identifier: MIT */
/* tnsim sweep (one run per load) and tnsim sat (bisection on the load). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

/* sweep's rows, handed on in load order by tnsim_run_many */
typedef struct sweep_out {
    const cli *a;
    FILE *f;
    const tn_config *cfgs;
    int rc;
} sweep_out;

static int sweep_take(int i, const tnsim_result *r, void *user)
{
    sweep_out *o = user;
    const cli *a = o->a;
    const tn_config *c = &o->cfgs[i];
    const tn_stats *st = &r->st;
    if (r->rc == 2) {
        fprintf(stderr, "tnsim: error: %s\n", r->cfg_err);
        o->rc = 2;
        return 1;
    }
    if (tnsim_report_errors(st, r->first))
        o->rc = 1;
    if (a->json)
        tnsim_print_json(c, st, o->f, i + 1 < a->nloads ? ",\n" : "\n");
    else
        fprintf(o->f, "%d,%d,%s,%s,%s,%s,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,%.4f,%ld,%ld,%.4f,"
                      "%.4f,%d\n",
                c->k, c->n, tn_topo_name(c->topo), tn_routing_name(c->routing),
                tn_selection_name(c->selection), tn_traffic_name(c->traffic), c->vcs, c->buf,
                c->pkt_min, c->pkt_max, st->offered, st->offered_flits, st->accepted,
                st->accepted_flits, st->latency_avg, st->latency_p50, st->latency_p99,
                st->network_latency_avg, st->hops_avg, st->saturated);
    int w = tnsim_out_ok(o->f, "out", a->out);
    if (w) { /* a row lost: the rest is not run */
        o->rc = w;
        return 1;
    }
    return 0;
}

/* The end of sweep's output: its exit status from rc, 2 when a write to out failed (1 to
 * standard output); a failure told already (f's error set) is not told again. */
static int sweep_close(const cli *a, FILE *f, int rc)
{
    if (rc && ferror(f)) {
        if (f != stdout)
            fclose(f);
        return rc;
    }
    int wrc = tnsim_out_close(f, "out", a->out);
    return wrc ? wrc : rc;
}

/* One run per load, in order: a CSV row each, or with --json one object each (the fields of
 * tnsim run --json) in a JSON array; to out=FILE or stdout, flushed after every load. With
 * jobs=N up to N loads run at once; the rows are the same, in the same order. With seeds=N
 * each load is N replications (seeds.c), a->jobs of them at once: a row of their means and
 * intervals, or the object of run seeds=N --json. */
int tnsim_sweep(cli *a)
{
    errno = 0;
    FILE *f = a->out ? fopen(a->out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "tnsim: error: key 'out': cannot write '%s': %s\n", a->out,
                errno ? strerror(errno) : "unknown");
        return 2;
    }
    if (a->json)
        fprintf(f, "[\n");
    else {
        fprintf(f, "k,n,topo,routing,selection,traffic,vcs,buf,pkt_min,pkt_max,offered,"
                   "offered_flits,accepted,accepted_flits,latency_avg,latency_p50,latency_p99,"
                   "network_latency_avg,hops_avg,saturated");
        if (a->seeds > 1) /* a column of the replications and one per interval */
            tnsim_sweep_seeds_header(f);
        fputc('\n', f);
    }
    if (a->seeds > 1) { /* each load's replications, a->jobs of them at once */
        int rc = 0;
        for (int i = 0; i < a->nloads && rc != 2; i++) {
            tn_config c = a->cfg;
            c.load = a->loads[i];
            int r = tnsim_sweep_seeds(a, &c, f, i + 1 == a->nloads);
            rc = r > rc ? r : rc;
            int w = rc != 2 ? tnsim_out_ok(f, "out", a->out) : 0;
            if (w) { /* a row lost: the rest is not run */
                rc = w;
                break;
            }
        }
        if (a->json && rc != 2)
            fprintf(f, "]\n");
        return sweep_close(a, f, rc);
    }
    static tn_config cfgs[MAX_LOADS];
    static tnsim_result res[MAX_LOADS];
    for (int i = 0; i < a->nloads; i++) {
        cfgs[i] = a->cfg;
        cfgs[i].load = a->loads[i];
    }
    sweep_out o = {a, f, cfgs, 0};
    tnsim_run_many(cfgs, a->nloads, (int)a->jobs, res, sweep_take, &o);
    if (a->json && o.rc != 2)
        fprintf(f, "]\n");
    return sweep_close(a, f, o.rc);
}

/* A path of the bisection tree probed in one batch: node i probes 0.5 * (lo + hi) of its
 * interval; its children are the halves (the lower one when the probe saturates). */
typedef struct bis_node {
    double lo, hi;
} bis_node;

/* The bisection of R17.9 from (lo, hi), at most jobs probes at once: each batch probes the top
 * of the bisection tree below the current interval (breadth first, intervals wider than tol),
 * then follows the path the results choose. The path, its loads and its results are those of
 * one probe after another, whatever jobs is; the probes off the path are discarded. Counts the
 * path's probes in *runs; 0, 1 (a failed run) or 2 (an error). */
static int bisect(const cli *a, double *lo, double *hi, double *lo_acc, int *runs,
                  tnsim_result *fail)
{
    static tn_config cfgs[MAX_JOBS];
    static tnsim_result res[MAX_JOBS];
    bis_node node[MAX_JOBS];
    int jobs = (int)a->jobs;
    while (*hi - *lo > a->tol * (1 + 1e-9)) { /* 1e-9: the warm start's steps of tol */
        int n = 0;
        node[n++] = (bis_node){*lo, *hi};
        for (int q = 0; q < n && n < jobs; q++) { /* breadth first: each node's two halves */
            double m = 0.5 * (node[q].lo + node[q].hi);
            bis_node half[2] = {{node[q].lo, m}, {m, node[q].hi}};
            for (int h = 0; h < 2 && n < jobs; h++)
                if (half[h].hi - half[h].lo > a->tol)
                    node[n++] = half[h];
        }
        for (int i = 0; i < n; i++) {
            cfgs[i] = a->cfg;
            cfgs[i].load = 0.5 * (node[i].lo + node[i].hi);
        }
        tnsim_run_many(cfgs, n, jobs, res, NULL, NULL);
        /* follow the path: from node 0, the node whose interval the result leaves */
        int i = 0;
        while (i >= 0) {
            const tnsim_result *r = &res[i];
            if (r->rc == 2) {
                fprintf(stderr, "tnsim: error: %s\n", r->cfg_err);
                *fail = *r;
                return 2;
            }
            (*runs)++;
            if (tnsim_report_errors(&r->st, r->first)) {
                *fail = *r;
                fail->rc = 1;
                return 1;
            }
            double m = cfgs[i].load;
            if (r->st.saturated)
                *hi = m;
            else {
                *lo = m;
                *lo_acc = r->st.accepted;
            }
            int nx = -1;
            for (int j = i + 1; j < n && nx < 0; j++)
                if (node[j].lo == *lo && node[j].hi == *hi)
                    nx = j;
            i = nx;
        }
    }
    return 0;
}

/* One probe of the warm start at load x: 0 with *sat its verdict, 1 or 2 as bisect's */
static int probe_one(const cli *a, double x, int *sat, double *acc, int *runs, tnsim_result *r)
{
    tn_config c = a->cfg;
    c.load = x;
    int rc = tnsim_simulate_quiet(&c, &r->st, r->first, sizeof r->first, r->cfg_err,
                                  sizeof r->cfg_err);
    if (rc == 2) {
        fprintf(stderr, "tnsim: error: %s\n", r->cfg_err);
        return r->rc = 2;
    }
    (*runs)++;
    if (tnsim_report_errors(&r->st, r->first))
        return r->rc = 1;
    *sat = r->st.saturated != 0;
    *acc = r->st.accepted;
    return 0;
}

/* R17.9's warm start (sat_hint=X) inside (lo, hi), lo unsaturated and hi saturated: a probe at X,
 * then probes at X + tol, X + 3 tol, X + 7 tol ... (X unsaturated) or X - tol, X - 3 tol ...
 * (X saturated), the step doubling, until a probe's verdict differs from X's or the step
 * reaches lo or hi; the interval left, between the last two verdicts, is what bisect narrows. */
static int warm_bracket(const cli *a, double *lo, double *hi, double *lo_acc, int *runs,
                        tnsim_result *r)
{
    double x = a->sat_hint, acc, step = a->tol;
    int sat, rc;
    if (x <= *lo || x >= *hi)
        return 0;
    if ((rc = probe_one(a, x, &sat, &acc, runs, r)) != 0)
        return rc;
    if (!sat) {
        *lo = x;
        *lo_acc = acc;
        for (double y = x + step; y < *hi; step *= 2, y = *lo + step) {
            if ((rc = probe_one(a, y, &sat, &acc, runs, r)) != 0)
                return rc;
            if (sat) {
                *hi = y;
                break;
            }
            *lo = y;
            *lo_acc = acc;
        }
    } else {
        *hi = x;
        for (double y = x - step; y > *lo; step *= 2, y = *hi - step) {
            if ((rc = probe_one(a, y, &sat, &acc, runs, r)) != 0)
                return rc;
            if (!sat) {
                *lo = y;
                *lo_acc = acc;
                break;
            }
            *hi = y;
        }
    }
    return 0;
}

/* One saturation search of c (R17.9): the top of the range, then the bisection; 0, 1 or 2,
 * also in s->res with the failing probe's result. In a merge (job=merge) the search is a job's
 * result, its failure told as the search told it. */
int tnsim_sat_search(const cli *a, const tn_config *base_cfg, tnsim_search *s)
{
    if (tnsim_job_take_search(s)) {
        if (s->res.rc == 2)
            fprintf(stderr, "tnsim: error: %s\n", s->res.cfg_err);
        else if (s->res.rc == 1)
            tnsim_report_errors(&s->res.st, s->res.first);
        return s->res.rc;
    }
    memset(s, 0, sizeof *s);
    tn_config probe = *base_cfg; /* a probe certain to saturate ends at its window's end (R17.9) */
    probe.sat_early = 1;
    const tn_config *base = &probe;
    double cap = tn_capacity(base);
    double lo = 0, hi = base->term / cap, lo_acc = 0;
    int runs = 0, rc;
    tnsim_result *r = &s->res;
    /* The top of the range first: unsaturated there means terminal-limited. */
    tn_config c = *base;
    c.load = hi;
    if ((rc = tnsim_simulate_quiet(&c, &r->st, r->first, sizeof r->first, r->cfg_err,
                                   sizeof r->cfg_err)) == 2) {
        fprintf(stderr, "tnsim: error: %s\n", r->cfg_err);
        return r->rc = 2;
    }
    runs++;
    if (tnsim_report_errors(&r->st, r->first))
        return r->rc = 1;
    s->hi_acc = r->st.accepted;
    if (!r->st.saturated) {
        lo = hi;
        lo_acc = r->st.accepted;
    } else {
        cli b = *a; /* the bisection reads the configuration from the command line's */
        b.cfg = *base;
        if (a->sat_hint > 0 && (rc = warm_bracket(&b, &lo, &hi, &lo_acc, &runs, r)) != 0)
            return r->rc = rc;
        if ((rc = bisect(&b, &lo, &hi, &lo_acc, &runs, r)) != 0)
            return r->rc = rc;
    }
    memset(r, 0, sizeof *r); /* a search that succeeded keeps no probe's statistics */
    s->lo = lo;
    s->lo_acc = lo_acc;
    s->runs = runs;
    return 0;
}

int tnsim_sat(cli *a)
{
    const tn_config *c = &a->cfg;
    double cap = tn_capacity(c);
    if (a->seeds > 1)
        return tnsim_sat_seeds(a);
    tnsim_search r;
    int rc = tnsim_sat_search(a, c, &r);
    if (rc)
        return rc;
    if (a->json) {
        printf("{\"routing\": \"%s\", \"selection\": \"%s\", \"traffic\": \"%s\", "
               "\"k\": %d, \"n\": %d, \"sat_load\": %s, \"sat_accepted\": %s, "
               "\"sat_accepted_flits_per_node_cycle\": %s, \"overload_accepted\": %s, "
               "\"capacity_flits_per_node_cycle\": %s, \"runs\": %d}\n",
               tn_routing_name(c->routing), tn_selection_name(c->selection),
               tn_traffic_name(c->traffic), c->k, c->n, TN_JSON_NUM("%.4f", r.lo),
               TN_JSON_NUM("%.4f", r.lo_acc), TN_JSON_NUM("%.4f", r.lo_acc * cap),
               TN_JSON_NUM("%.4f", r.hi_acc), TN_JSON_NUM("%.6g", cap), r.runs);
    } else {
        char d[256];
        tnsim_describe(c, d, sizeof d);
        printf("tnsim sat: %s\n", d);
        printf("  saturation load      %.4f of capacity (highest unsaturated load, tol %.3f)\n", r.lo,
               a->tol);
        printf("  accepted there       %.4f of capacity (%.4f flits/node/cycle)\n", r.lo_acc,
               r.lo_acc * cap);
        printf("  accepted at load %.3f  %.4f of capacity\n", c->term / cap, r.hi_acc);
        printf("  runs                 %d\n", r.runs);
    }
    return 0;
}

/* sat with seeds=N: one search per replication (seed + i, and perm_seed + i with seeds_perm), one
 * after another, each with jobs=N as one search has; a row each, then the mean and the 95 %
 * interval of the saturation load, the accepted throughput there and at the top of the range */
int tnsim_sat_seeds(cli *a)
{
    static tn_config cfgs[MAX_LOADS];
    static double x[3][MAX_LOADS];
    const tn_config *c = &a->cfg;
    double cap = tn_capacity(c);
    tnsim_seed_cfgs(a, c, cfgs);
    if (a->json)
        printf("{\"routing\": \"%s\", \"selection\": \"%s\", \"traffic\": \"%s\", \"k\": %d, "
               "\"n\": %d, \"seeds\": %d, \"seed_first\": %u, \"seeds_perm\": %s, "
               "\"capacity_flits_per_node_cycle\": %s, \"runs\": [\n",
               tn_routing_name(c->routing), tn_selection_name(c->selection),
               tn_traffic_name(c->traffic), c->k, c->n, a->seeds, c->seed,
               a->seeds_perm ? "true" : "false", TN_JSON_NUM("%.6g", cap));
    else {
        char d[256];
        tnsim_describe(c, d, sizeof d);
        printf("tnsim sat: %s; %d replications, seed %u..%u%s (tol %.3f)\n", d, a->seeds,
               c->seed, c->seed + (uint32_t)(a->seeds - 1),
               a->seeds_perm ? " and perm_seed with it" : "", a->tol);
        printf("  %10s %9s %9s %9s %5s\n", "seed", "sat_load", "accepted", "at_top", "runs");
    }
    for (int i = 0; i < a->seeds; i++) {
        tnsim_search r;
        int rc = tnsim_sat_search(a, &cfgs[i], &r);
        if (rc)
            return rc;
        x[0][i] = r.lo;
        x[1][i] = r.lo_acc;
        x[2][i] = r.hi_acc;
        if (a->json)
            printf("{\"seed\": %u, \"perm_seed\": %u, \"sat_load\": %s, \"sat_accepted\": %s, "
                   "\"overload_accepted\": %s, \"runs\": %d}%s\n", cfgs[i].seed,
                   cfgs[i].perm_seed, TN_JSON_NUM("%.4f", r.lo), TN_JSON_NUM("%.4f", r.lo_acc),
                   TN_JSON_NUM("%.4f", r.hi_acc), r.runs,
                   i + 1 < a->seeds ? "," : "");
        else
            printf("  %10u %9.4f %9.4f %9.4f %5d\n", cfgs[i].seed, r.lo, r.lo_acc, r.hi_acc,
                   r.runs);
        tnsim_flush(stdout);
    }
    double mean[3], sd[3], ci[3], t;
    for (int f = 0; f < 3; f++)
        tn_mean_ci(x[f], a->seeds, &mean[f], &sd[f], &ci[f], &t);
    if (a->json) {
        static const char *const name[3] = {"sat_load", "sat_accepted", "overload_accepted"};
        printf("]");
        tn_summary_json(stdout, name, 3, mean, sd, ci);
        printf(", \"t975\": %s}\n", TN_JSON_NUM("%.6f", t));
    } else {
        printf("  %10s %9.4f %9.4f %9.4f\n", "mean", mean[0], mean[1], mean[2]);
        printf("  %10s %9.4f %9.4f %9.4f\n", "+-95%", ci[0], ci[1], ci[2]);
        printf("  (fractions of capacity; at_top: accepted at load %.3f; the half-width of the "
               "mean's 95 %% confidence interval, Student's t %.3f with %d degrees of freedom; a "
               "search finds its load within tol)\n", c->term / cap, t, a->seeds - 1);
    }
    return 0;
}
