/* SPDX-License-Identifier: MIT */
/* tnhost's printers (tnhost.h lists the layers): a run on the board core as JSON (the head of
 * the object, for the caller to add to and close) or as text, its comparison with the C model as
 * JSON, and error bits by name; docs/board-guide.md, "tnhost run and errors". They call only the
 * driver (tnhost_io.c). */
#include "tnhost_print.h"

void print_board_json(const host *h, const tn_config *c, const tn_stats *st,
                             const board_stats *bs)
{
    char sw[160];
    json_head(h);
    printf(", \"k\": %d, \"n\": %d, \"topo\": \"%s\", \"vcs\": %d, \"buf\": %d, \"pkt_min\": %d, "
           "\"pkt_max\": %d, \"term\": %d, \"routing\": \"%s\", \"selection\": \"%s\", "
           "\"traffic\": \"%s\"%s, \"seed\": %u, \"capacity_flits_per_node_cycle\": %.6g, "
           "\"offered\": %.6g, \"offered_flits_per_node_cycle\": %.6g, "
           "\"created_flits_per_node_cycle\": %.6g, \"accepted\": %.6g, "
           "\"accepted_flits_per_node_cycle\": %.6g, \"latency_avg\": %.4f, "
           "\"latency_max\": %ld, \"latency_min\": %ld, \"saturated\": %s, \"packets\": %ld, "
           "\"injected\": %ld, \"delivered\": %ld, \"check_errors\": %ld, "
           "\"router_errors\": %u, \"cycles\": %ld, \"accepted_flits\": %llu, "
           "\"latency_sum\": %llu, \"engines\": %u, \"contexts\": %u, \"pipe\": %d, "
           "\"latency_hist_bin\": %u, \"latency_hist\": [",
           c->k, c->n, tn_topo_name(c->topo), c->vcs, c->buf, c->pkt_min, c->pkt_max, c->term,
           tn_routing_name(c->routing), tn_selection_name(c->selection),
           tn_traffic_name(c->traffic), tn_switch_describe(c, 1, sw, sizeof sw), c->seed,
           tn_capacity(c), st->offered, st->offered_flits,
           st->created_flits, st->accepted, st->accepted_flits, st->latency_avg, st->latency_max,
           st->latency_min, st->saturated ? "true" : "false", st->packets, st->injected,
           st->delivered, st->check_errors, st->router_errors, st->cycles,
           (unsigned long long)bs->accepted, (unsigned long long)bs->lat_sum, bs->engines,
           bs->contexts, c->pipe, 1u << bs->hist_shift);
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf("%s%u", i ? ", " : "", bs->hist[i]);
    printf("]");
}

void print_board_text(const host *h, const tn_config *c, const tn_stats *st,
                             const board_stats *bs)
{
    char sw[160];
    char port[300];
    char eng[64] = "";
    if (bs->engines)
        snprintf(eng, sizeof eng, " (engine: %u x %u contexts)", bs->engines, bs->contexts);
    else if (c->pipe)
        snprintf(eng, sizeof eng, " (routers PIPE=1)");
    printf("tnhost: board on %s: k=%d n=%d torus%s, vcs=%d buf=%d pkt=%d..%d, routing=%s "
           "selection=%s traffic=%s load=%g seed=%u%s\n", safe_str(h->port, port, sizeof port), c->k, c->n, eng, c->vcs, c->buf,
           c->pkt_min, c->pkt_max, tn_routing_name(c->routing), tn_selection_name(c->selection),
           tn_traffic_name(c->traffic), c->load, c->seed, tn_switch_describe(c, 0, sw, sizeof sw));
    printf("  offered          %.4f of capacity  (%.4f flits/node/cycle; capacity %.4f)\n",
           st->offered, st->offered_flits, tn_capacity(c));
    printf("  accepted         %.4f of capacity  (%.4f flits/node/cycle)\n", st->accepted,
           st->accepted_flits);
    printf("  latency          avg %.2f  min %ld  max %ld cycles (creation to tail ejection)\n",
           st->latency_avg, st->latency_min, st->latency_max);
    printf("  histogram        bins of %u cycles:", 1u << bs->hist_shift);
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf(" %u", bs->hist[i]);
    printf("\n  packets          %ld measured; %ld injected, %ld delivered, %ld integrity errors%s\n",
           st->packets, st->injected, st->delivered, st->check_errors,
           bs->ovf ? " (the source FIFO overflow counts as one; `tnhost errors`)" : "");
    printf("  saturated        %s\n", st->saturated ? "yes" : "no");
    printf("  cycles           %ld (sources stopped at %u)\n", st->cycles, bs->stop_cycle);
}

void print_compare_json(const run_result *rr)
{
    const tn_stats *cs = &rr->cs;
    printf(", \"model\": {\"accepted_flits_per_node_cycle\": %.6g, \"latency_avg\": %.4f, "
           "\"latency_p50\": %ld, \"latency_p99\": %ld, \"check_errors\": %ld, "
           "\"router_errors\": %u}, \"compare\": {",
           cs->accepted_flits, cs->latency_avg, cs->latency_p50, cs->latency_p99,
           cs->check_errors, cs->router_errors);
    for (int i = 0; i < RUN_NFIELDS; i++)
        printf("%s\"%s\": [%llu, %llu]", i ? ", " : "", rr->f[i].name,
               (unsigned long long)rr->f[i].board, (unsigned long long)rr->f[i].model);
    printf(", \"latency_hist\": [[");
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf("%s%u", i ? ", " : "", rr->bs.hist[i]);
    printf("], [");
    for (int i = 0; i < TN_BOARD_BINS; i++)
        printf("%s%llu", i ? ", " : "", (unsigned long long)rr->mhist[i]);
    printf("]]}, \"differences\": %d", rr->ndiff);
}

void bit_names(uint32_t v, const char *const *names, int n, char *out, size_t len)
{
    size_t u = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++)
        if (v >> i & 1u)
            u += (size_t)snprintf(out + u, u < len ? len - u : 0, "%s%s", u ? " " : "",
                                  names[i]);
    if (!u)
        snprintf(out, len, "none");
}
