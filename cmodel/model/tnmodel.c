/* SPDX-License-Identifier: MIT */
/* tnmodel: paper 004's analytical model of fully adaptive routing with a hot spot.
 * tnmodel [run|sweep] key=value ... [--config FILE] [--json]
 * The model is hotspot.c (tn_hotspot.h), the command line args.c (tnmodel.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "tnmodel.h"

/* one rate's JSON object (run --json; sweep --json's elements) */
static void put_json(const tnmodel_opts *o, double rate, const tn_hs_result *r, double zl,
                     double sat, int probes)
{
    const tn_hs_params *p = &o->p;
    int ok = r->status == TN_HS_OK;
    printf("{\"k\": %d, \"n\": %d, \"vcs\": %d, \"pkt\": %d, \"hot_frac\": %s, \"rate\": %s, "
           "\"flits_per_node_cycle\": %s, ",
           p->k, p->n, p->vcs, p->pkt, TN_JSON_NUM("%.6g", p->hot_frac), TN_JSON_NUM("%.9g", rate),
           TN_JSON_NUM("%.9g", rate * p->pkt));
    printf("\"fix_b\": %d, \"fix_eq16\": %d, \"fix_eq20\": %d, \"fix_eq26\": %d, \"fix_eq32\": %d, ",
           p->fix_b, p->fix_eq16, p->fix_eq20, p->fix_eq26, p->fix_eq32);
    printf("\"status\": \"%s\", \"saturated\": %s, \"iterations\": %d, ", tn_hs_status_name(r->status),
           ok ? "false" : "true", r->iters);
    if (ok)
        printf("\"latency\": %s, \"network_latency\": %s, \"regular_latency\": %s, "
               "\"hotspot_latency\": %s, \"source_wait\": %s, \"vbar\": %s, \"blocking_regular\": %s, ",
               TN_JSON_NUM("%.9g", r->latency), TN_JSON_NUM("%.9g", r->net_latency),
               TN_JSON_NUM("%.9g", r->regular_latency), TN_JSON_NUM("%.9g", r->hot_latency),
               TN_JSON_NUM("%.9g", r->src_wait), TN_JSON_NUM("%.9g", r->vbar),
               TN_JSON_NUM("%.9g", r->blocking_r));
    else
        printf("\"latency\": null, \"network_latency\": null, \"regular_latency\": null, "
               "\"hotspot_latency\": null, \"source_wait\": null, \"vbar\": null, "
               "\"blocking_regular\": null, ");
    printf("\"rho_max\": %s, \"zero_load_latency\": %s, \"distance_avg\": %s, \"lambda_sat\": %s, "
           "\"lambda_sat_flits_per_node_cycle\": %s, \"lambda_sat_probes\": %d, \"tol\": %s}",
           TN_JSON_NUM("%.9g", r->rho_max), TN_JSON_NUM("%.9g", zl),
           TN_JSON_NUM("%.9g", (1 - p->hot_frac) * tn_hs_dbar(p) + p->hot_frac * tn_hs_dbar_hot(p)),
           TN_JSON_NUM("%.9g", sat), TN_JSON_NUM("%.9g", sat * p->pkt), probes,
           TN_JSON_NUM("%.3g", o->tol));
}

static const char *fixes(const tn_hs_params *p, char *buf, size_t len)
{
    snprintf(buf, len, "fix_b=%d fix_eq16=%d fix_eq20=%d fix_eq26=%d fix_eq32=%d", p->fix_b,
             p->fix_eq16, p->fix_eq20, p->fix_eq26, p->fix_eq32);
    return buf;
}

static int run(const tnmodel_opts *o, tn_hs_model *m)
{
    const tn_hs_params *p = &o->p;
    int probes;
    double sat = tn_hs_sat(m, o->tol, &probes);
    tn_hs_result r;
    tn_hs_solve(m, o->rate, &r);
    double zl = tn_hs_zero_load(p);
    if (o->json) {
        put_json(o, o->rate, &r, zl, sat, probes);
        printf("\n");
        return 0;
    }
    char fx[128];
    printf("tnmodel: %d-ary %d-cube (unidirectional), V=%d (%d adaptive + 2 deterministic), "
           "M=%d, h=%g; %s\n", p->k, p->n, p->vcs, p->vcs - 2, p->pkt, p->hot_frac,
           fixes(p, fx, sizeof fx));
    printf("  rate            %.6g messages/node/cycle (%.6g flits/node/cycle)\n", o->rate,
           o->rate * p->pkt);
    if (r.status == TN_HS_OK) {
        printf("  latency         %.3f cycles (network %.3f: regular %.3f, hot spot %.3f; "
               "source wait %.3f; V_bar %.4f)\n", r.latency, r.net_latency, r.regular_latency,
               r.hot_latency, r.src_wait, r.vbar);
        printf("  iterations      %d (rho_max %.4f)\n", r.iters, r.rho_max);
    } else {
        printf("  latency         saturated (%s after %d iterations, rho_max %.4f)\n",
               tn_hs_status_name(r.status), r.iters, r.rho_max);
    }
    printf("  zero-load       %.3f cycles (M + mean distance %.4f)\n", zl,
           zl - p->pkt);
    printf("  lambda_sat      %.6g messages/node/cycle (%.6g flits/node/cycle; bisection on "
           "convergence, %d solves, tol %g)\n", sat, sat * p->pkt, probes, o->tol);
    return 0;
}

static int sweep(const tnmodel_opts *o, tn_hs_model *m)
{
    const tn_hs_params *p = &o->p;
    int probes;
    double sat = tn_hs_sat(m, o->tol, &probes);
    double zl = tn_hs_zero_load(p);
    if (o->json)
        printf("[");
    else
        printf("rate,flits_per_node_cycle,latency,network_latency,regular_latency,hotspot_latency,"
               "source_wait,vbar,rho_max,iterations,saturated,lambda_sat\n");
    for (int i = 0; i < o->nrates; i++) {
        tn_hs_result r;
        tn_hs_solve(m, o->rates[i], &r);
        if (o->json) {
            printf(i ? ",\n " : "");
            put_json(o, o->rates[i], &r, zl, sat, probes);
            continue;
        }
        if (r.status == TN_HS_OK)
            printf("%.6g,%.6g,%.4f,%.4f,%.4f,%.4f,%.4f,%.6f,%.6f,%d,no,%.6g\n", o->rates[i],
                   o->rates[i] * p->pkt, r.latency, r.net_latency, r.regular_latency,
                   r.hot_latency, r.src_wait, r.vbar, r.rho_max, r.iters, sat);
        else
            printf("%.6g,%.6g,,,,,,,%.6f,%d,yes,%.6g\n", o->rates[i], o->rates[i] * p->pkt,
                   r.rho_max, r.iters, sat);
    }
    if (o->json)
        printf("]\n");
    return 0;
}

int main(int argc, char **argv)
{
    tnmodel_opts o;
    char err[TN_CLI_ERRLEN];
    int prc = tnmodel_parse(&o, argc, argv, err, sizeof err);
    if (prc > 0) {
        tnmodel_usage(stdout);
        return 0;
    }
    if (prc) {
        fprintf(stderr, "tnmodel: error: %s\n", err);
        return 2;
    }
    tn_hs_model *m = tn_hs_new(&o.p, err, sizeof err);
    if (!m) {
        fprintf(stderr, "tnmodel: error: %s\n", err);
        return 2;
    }
    int rc = !strcmp(o.mode, "sweep") ? sweep(&o, m) : run(&o, m);
    tn_hs_free(m);
    int e = 0;
    errno = 0;
    if (fflush(stdout) || ferror(stdout))
        e = errno ? errno : EIO;
    if (fclose(stdout) && !e)
        e = errno ? errno : EIO;
    if (e) {
        fprintf(stderr, "tnmodel: error: standard output: %s\n", strerror(e));
        return rc ? rc : 1;
    }
    return rc;
}
