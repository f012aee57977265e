/* SPDX-License-Identifier: MIT */
/* tnsim: the C-model simulator.
 * tnsim [run|sweep|sat|bound|check|name] key=value ... [--config FILE] [--json]
 * tnsim stats [--json] < numbers
 * The command line's files are listed in tnsim.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "tnsim.h"

static int tnsim_main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "stats"))
        return tnsim_stats(argc, argv);
    cli a;
    memset(&a, 0, sizeof a);
    int prc = tnsim_parse(&a, argc, argv);
    if (prc > 0) {
        tnsim_usage(stdout);
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
    if (a.job != TNSIM_JOB_NONE)
        return tnsim_job(&a);
    if (!strcmp(a.mode, "sweep"))
        return tnsim_sweep(&a);
    if (!strcmp(a.mode, "sat"))
        return tnsim_sat(&a);
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
            printf("{\"routing\": \"%s\", \"traffic\": \"%s\", \"bound_flits_per_node_cycle\": %s, "
                   "\"bound\": %s}\n", tn_routing_name(a.cfg.routing),
                   tn_traffic_name(a.cfg.traffic), TN_JSON_NUM("%.6f", b),
                   TN_JSON_NUM("%.6f", b / tn_capacity(&a.cfg)));
        else
            printf("channel-load bound: %.4f flits/node/cycle = %.4f of capacity\n", b,
                   b / tn_capacity(&a.cfg));
        return 0;
    }
    if (a.seeds > 1)
        return tnsim_run_seeds(&a);
    return tnsim_run(&a);
}

/* Standard output is checked as every output file is: a failed write or close (a full disk, a
 * closed pipe's end) is a message and exit 1 when the run itself succeeded. */
int main(int argc, char **argv)
{
    int rc = tnsim_main(argc, argv);
    int e = 0;
    errno = 0;
    if (fflush(stdout) || ferror(stdout))
        e = errno ? errno : EIO;
    errno = 0;
    if (fclose(stdout) && !e)
        e = errno ? errno : EIO;
    if (e && tnsim_stdout_told())
        return rc ? rc : 1;
    if (e) {
        fprintf(stderr, "tnsim: error: standard output: %s\n", strerror(e));
        return rc ? rc : 1;
    }
    return rc;
}
