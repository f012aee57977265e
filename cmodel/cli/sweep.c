/* SPDX-License-Identifier: MIT */
/* tnsim sweep (one run per load) and tnsim sat (bisection on the load). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

/* One run per load, in order: a CSV row each, or with --json one object each (the fields of
 * tnsim run --json) in a JSON array; to out=FILE or stdout, flushed after every load. */
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
    else
        fprintf(f, "k,n,topo,routing,selection,traffic,vcs,buf,pkt_min,pkt_max,offered,"
                   "offered_flits,accepted,accepted_flits,latency_avg,latency_p50,latency_p99,"
                   "network_latency_avg,hops_avg,saturated\n");
    int rc = 0;
    for (int i = 0; i < a->nloads; i++) {
        tn_config c = a->cfg;
        char first[TN_ERRLEN];
        c.load = a->loads[i];
        tn_stats st;
        int r = tnsim_simulate(&c, &st, first, sizeof first);
        if (r == 2) {
            rc = 2;
            break;
        }
        if (tnsim_report_errors(&st, first))
            rc = 1;
        if (a->json)
            tnsim_print_json(&c, &st, f, i + 1 < a->nloads ? ",\n" : "\n");
        else
            fprintf(f, "%d,%d,%s,%s,%s,%s,%d,%d,%d,%d,%.6g,%.6g,%.6g,%.6g,%.4f,%ld,%ld,%.4f,"
                       "%.4f,%d\n",
                    c.k, c.n, tn_topo_name(c.topo), tn_routing_name(c.routing),
                    tn_selection_name(c.selection), tn_traffic_name(c.traffic), c.vcs, c.buf,
                    c.pkt_min, c.pkt_max, st.offered, st.offered_flits, st.accepted,
                    st.accepted_flits, st.latency_avg, st.latency_p50, st.latency_p99,
                    st.network_latency_avg, st.hops_avg, st.saturated);
        fflush(f);
    }
    if (a->json && rc != 2)
        fprintf(f, "]\n");
    if (a->out)
        fclose(f);
    return rc;
}

int tnsim_sat(cli *a)
{
    double cap = tn_capacity(&a->cfg);
    double lo = 0, hi = a->cfg.term / cap, lo_acc = 0, hi_acc = 0;
    int runs = 0, rc = 0;
    char first[TN_ERRLEN];
    tn_stats st;
    /* The top of the range first: unsaturated there means terminal-limited. */
    tn_config c = a->cfg;
    c.load = hi;
    if ((rc = tnsim_simulate(&c, &st, first, sizeof first)) == 2)
        return 2;
    runs++;
    if (tnsim_report_errors(&st, first))
        return 1;
    hi_acc = st.accepted;
    if (!st.saturated) {
        lo = hi;
        lo_acc = st.accepted;
    } else {
        while (hi - lo > a->tol) {
            c.load = 0.5 * (lo + hi);
            if ((rc = tnsim_simulate(&c, &st, first, sizeof first)) == 2)
                return 2;
            runs++;
            if (tnsim_report_errors(&st, first))
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
        tnsim_describe(&a->cfg, d, sizeof d);
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
