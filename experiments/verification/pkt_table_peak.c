/* SPDX-License-Identifier: MIT */
/* Experiment (docs/results/2026-11-28-mutants-cmodel.md, the fourteenth sample): the most packets
 * that hold a slot of the C model's packet table at once in a run, against the table's size
 * (sim.c: nodes x (P*V*B + P + 2*term) + 16). Build and run from the project's root:
 *
 *   cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Icmodel/include -Icmodel/hw -Icmodel/sim \
 *      experiments/verification/pkt_table_peak.c cmodel/hw/[a-z]*.c cmodel/sim/[a-z]*.c -lm \
 *      -o build/pkt_table_peak
 *   build/pkt_table_peak k=8 n=1 dateline=off transit=off pkt=1 load=1 buf=4 \
 *      traffic=tornado watchdog=2000 warmup=1000 measure=5000
 *
 * Arguments are tnsim's run keys. Prints the table's slots and the peak, per node as well. */
#include <stdio.h>
#include <string.h>
#include "tn_internal.h"

static void on_cycle(void *user, const tn_sim *s)
{
    long *peak = user, used = s->pt.n_slots - s->pt.n_free;
    if (used > *peak)
        *peak = used;
}

int main(int argc, char **argv)
{
    tn_config c;
    char err[TN_ERRLEN];
    tn_config_default(&c);
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) {
            fprintf(stderr, "pkt_table_peak: '%s': expected key=value\n", argv[i]);
            return 2;
        }
        *eq = 0;
        if (tn_config_set(&c, argv[i], eq + 1, err, sizeof err)) {
            fprintf(stderr, "pkt_table_peak: %s\n", err);
            return 2;
        }
    }
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s) {
        fprintf(stderr, "pkt_table_peak: %s\n", err);
        return 2;
    }
    long peak = 0;
    tn_sim_on_cycle(s, on_cycle, &peak);
    tn_stats st;
    int rc = tn_sim_run(s, &st);
    double nodes = (double)s->g.nodes;
    printf("slots %ld (%.2f a node), peak %ld (%.2f a node); P*V*B %d, P %d, term %d; "
           "deadlocked %d, run %d\n", s->pt.n_slots, (double)(s->pt.n_slots - 16) / nodes, peak,
           (double)peak / nodes, s->P * s->V * s->B, s->P, s->g.term, st.deadlocked, rc);
    tn_sim_free(s);
    return 0;
}
