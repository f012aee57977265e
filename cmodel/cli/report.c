/* SPDX-License-Identifier: MIT */
/* tnsim's report: the statistics of a run as text or JSON, and the failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

void tnsim_describe(const tn_config *c, char *buf, size_t len)
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
    size_t u = strlen(buf);
    tn_switch_describe(c, 0, buf + u, len - u);
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
            u += (size_t)snprintf(b + u, sizeof b - u, "%s%s", q ? ", " : "",
                                  TN_JSON_NUM("%.4f", st->gal_queue_occ[q]));
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
            snprintf(l + strlen(l), sizeof l - strlen(l), "%s%s", i ? ", " : "",
                     TN_JSON_NUM("%.6f", st->acor_level_frac[i]));
        else
            snprintf(l + strlen(l), sizeof l - strlen(l), "%slevel %d %.4f", i ? ", " : "", i,
                     st->acor_level_frac[i]);
    }
    if (json)
        snprintf(b, sizeof b, ", \"acor_level_frac\": [%s], \"acor_recomp_avg\": %s, "
                 "\"acor_level_avg\": %s", l, TN_JSON_NUM("%.6f", st->acor_recomp_avg),
                 TN_JSON_NUM("%.6f", st->acor_level_avg));
    else
        snprintf(b, sizeof b, "%s", l);
    return b;
}

/* R17.10: the network output port-cycles of the window by use, as a JSON object field or a text
 * line's figures; "" under CHAOS (its own router, not classified) */
static const char *port_use(const tn_stats *st, int json)
{
    static const char *name[TN_PORT_USE_N] = {"sent", "idle_input_busy", "idle_unmatched",
                                              "idle_credit", "idle_vc", "idle_empty"};
    static char b[384];
    size_t u = 0;
    b[0] = 0;
    if (st->port_use[TN_PORT_SENT] < 0)
        return b;
    if (json)
        u += (size_t)snprintf(b, sizeof b, ", \"port_use\": {");
    for (int i = 0; i < TN_PORT_USE_N && u < sizeof b; i++) {
        if (json)
            u += (size_t)snprintf(b + u, sizeof b - u, "%s\"%s\": %s", i ? ", " : "", name[i],
                                  TN_JSON_NUM("%.6g", st->port_use[i]));
        else
            u += (size_t)snprintf(b + u, sizeof b - u, "%s%s %.4f", i ? "  " : "", name[i],
                                  st->port_use[i]);
    }
    if (json && u < sizeof b)
        snprintf(b + u, sizeof b - u, "}");
    return b;
}

/* One JSON object of the run's configuration and statistics, then end ("\n", or ",\n" inside
 * sweep's array) */
void tnsim_print_json(const tn_config *c, const tn_stats *st, FILE *f, const char *end)
{
    char sw[160];
#define J TN_JSON_NUM
    fprintf(f,
            "{\"k\": %d, \"n\": %d, \"topo\": \"%s\", \"vcs\": %d, \"buf\": %d, \"pkt_min\": %d, "
            "\"pkt_max\": %d, \"term\": %d, \"routing\": \"%s\", \"selection\": \"%s\", \"traffic\": \"%s\"%s, "
            "\"seed\": %u, \"capacity_flits_per_node_cycle\": %s, "
            "\"offered\": %s, \"offered_flits_per_node_cycle\": %s, "
            "\"created_flits_per_node_cycle\": %s, \"created_packets\": %ld, "
            "\"accepted\": %s, \"accepted_flits_per_node_cycle\": %s, "
            "\"latency_avg\": %s, \"latency_p50\": %ld, \"latency_p99\": %ld, "
            "\"latency_max\": %ld, \"network_latency_avg\": %s, \"hops_avg\": %s, "
            "\"nonmin_frac\": %s, \"src_accepted_min\": %s, \"src_accepted_max\": %s, "
            "\"src_jain\": %s, \"chan_util_avg\": %s, \"chan_util_max\": %s, \"saturated\": %s, "
            "\"packets\": %ld, \"injected\": %ld, \"delivered\": %ld, \"check_errors\": %ld, "
            "\"router_errors\": %u, \"cycles\": %ld, \"stop_cycle\": %ld, \"sim_cycles_per_second\": %s, "
            "\"flit_hops_per_second\": %s%s%s%s}%s",
            c->k, c->n, tn_topo_name(c->topo), c->vcs, c->buf, c->pkt_min, c->pkt_max, c->term,
            tn_routing_name(c->routing), tn_selection_name(c->selection),
            tn_traffic_name(c->traffic), tn_switch_describe(c, 1, sw, sizeof sw), c->seed,
            J("%.6g", tn_capacity(c)), J("%.6g", st->offered), J("%.6g", st->offered_flits),
            J("%.6g", st->created_flits), st->created_packets, J("%.6g", st->accepted),
            J("%.6g", st->accepted_flits), J("%.4f", st->latency_avg), st->latency_p50,
            st->latency_p99, st->latency_max, J("%.4f", st->network_latency_avg),
            J("%.4f", st->hops_avg), J("%.6g", st->nonmin_frac), J("%.6g", st->src_accepted_min),
            J("%.6g", st->src_accepted_max), J("%.6g", st->src_jain),
            J("%.6g", st->chan_util_avg), J("%.6g", st->chan_util_max),
            st->saturated ? "true" : "false", st->packets, st->injected, st->delivered,
            st->check_errors, st->router_errors, st->cycles, st->stop_cycle,
            J("%.1f", st->cycles_per_second), J("%.1f", st->flit_hops_per_second),
            port_use(st, 1), gal_occ(st, 1), acor_stats(st, 1), end);
#undef J
}

void tnsim_print_text(const tn_config *c, const tn_stats *st)
{
    char d[256];
    tnsim_describe(c, d, sizeof d);
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
    if (st->port_use[TN_PORT_SENT] >= 0)
        printf("  output ports     of the network port-cycles: %s\n", port_use(st, 0));
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

int tnsim_report_errors(const tn_stats *st, const char *first)
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
