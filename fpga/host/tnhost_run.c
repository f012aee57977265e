/* SPDX-License-Identifier: MIT */
/* tnhost run and errors, the commands on the board core (fpga/tn_board.v): run's arguments (one
 * run, or seeds=N: tnhost_seeds.c), its output and verdict on tnhost_board.c's measured run
 * (with --compare, the C model's figures beside the board's), and errors' report of the error
 * registers; docs/board-guide.md, "tnhost run and errors". */
#include "tnhost_cmd.h"
#include <stdlib.h>

int cmd_run(host *h)
{
    tn_config c;
    char err[TN_CLI_ERRLEN];
    /* seeds=N: replications (tnhost_seeds.c), the other keys as run takes them */
    const char *rest[MAX_ARGS + 2], *seeds_arg = NULL, *perm_arg = NULL;
    int nrest = 0, help = 0;
    for (int i = 0; i < h->nargs; i++) {
        help |= !strcmp(h->args[i], "--help") || !strcmp(h->args[i], "-h") ||
                !strcmp(h->args[i], "--keys");
        if (!strncmp(h->args[i], "seeds=", 6))
            seeds_arg = h->args[i] + 6;
        else if (!strncmp(h->args[i], "seeds_perm=", 11))
            perm_arg = h->args[i] + 11;
        else
            rest[nrest++] = h->args[i];
    }
    if (perm_arg && !seeds_arg && !help)
        return fail(h, EXIT_USAGE, "usage", "run: key 'seeds_perm' needs seeds=N (N >= 2)");
    if (seeds_arg && !help && (strcmp(seeds_arg, "1") || perm_arg))
        return run_seeds(h, seeds_arg, perm_arg, rest, nrest);
    /* one run (seeds=1 is one run, as in tnsim) */
    tn_config_default(&c);
    int rc = tn_cli_parse(nrest, (char **)rest, 0, &c, run_keys, run_nkeys, h, NULL, err,
                          sizeof err);
    if (rc == 1) {
        run_usage("tnhost --port PATH run [--compare] [--json] [key=value ...]\n"
                  "  seeds=N (1..64): N runs of the keys with seed..seed+N-1 (seeds_perm=on: and\n"
                  "  perm_seed..perm_seed+N-1), a row each, their mean and 95 % confidence interval");
        return 0;
    }
    if (rc) { /* the keys' syntax now; their combination once the build's defaults are in */
        char msg[TN_CLI_ERRLEN + 16];
        snprintf(msg, sizeof msg, "run: %s", err);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    if (!h->port[0])
        return fail(h, EXIT_USAGE, "usage", "run: no port given; use --port PATH");
    board_build bb;
    if ((rc = read_build(h, &bb)) || (rc = run_config(h, nrest, rest, &bb, "run", &c)))
        return rc;
    run_result rr;
    if ((rc = run_measure(h, &c, &bb, &rr)))
        return rc;
    const tn_stats *st = &rr.st, *cs = &rr.cs;
    const board_stats *bs = &rr.bs;
    char msg[512];
    if (rr.not_comparable) {
        if (h->json)
            print_board_json(h, &c, st, bs), printf("}\n");
        else
            print_board_text(h, &c, st, bs);
        char why[256];
        if (bs->ovf)
            snprintf(why, sizeof why, "a node had more than QD=%u packets waiting to start: "
                     "tnsim's source queue is unbounded, the board's holds QD; a Bernoulli "
                     "source's queue passes QD past saturation, and below it near saturation or "
                     "with long or variable-length packets: lower the load", bb.qd);
        else
            snprintf(why, sizeof why, "traffic not built into this board");
        snprintf(msg, sizeof msg, "run: %s at nodes 0x%x: the statistics are not tnsim's (%s)",
                 bs->ovf ? "a source FIFO overflowed" : "a pattern is not built",
                 bs->ovf ? bs->ovf : bs->paterr, why);
        fprintf(stderr, "tnhost: %s\n", msg);
        return EXIT_BOARD;
    }
    if (!rr.compared) {
        if (h->json) {
            print_board_json(h, &c, st, bs);
            printf("}\n");
        } else {
            print_board_text(h, &c, st, bs);
        }
        return st->check_errors || st->router_errors ? EXIT_BOARD : 0;
    }
    int nf = RUN_NCOMPARED, ndiff = rr.ndiff;
    if (h->json) {
        print_board_json(h, &c, st, bs);
        print_compare_json(&rr);
        printf("}\n");
    } else {
        print_board_text(h, &c, st, bs);
        printf("compare: board (over the UART) against the C model (tn_sim_run), same keys\n");
        printf("  %-16s %14s %14s  %s\n", "field", "board", "model", "difference");
        for (int i = 0; i < RUN_NFIELDS; i++)
            printf("  %-16s %14llu %14llu  %s\n", rr.f[i].name,
                   (unsigned long long)rr.f[i].board, (unsigned long long)rr.f[i].model,
                   rr.f[i].board == rr.f[i].model ? "-" : "DIFFERS");
        printf("  %-16s %14s %14s  %s\n", "latency_hist", "16 bins", "16 bins",
               rr.hist_differs ? "DIFFERS" : "-");
        if (rr.hist_differs) {
            printf("    board:");
            for (int i = 0; i < TN_BOARD_BINS; i++)
                printf(" %u", bs->hist[i]);
            printf("\n    model:");
            for (int i = 0; i < TN_BOARD_BINS; i++)
                printf(" %llu", (unsigned long long)rr.mhist[i]);
            printf("\n");
        }
        printf("  %-16s %14.4f %14.4f\n", "latency_avg", st->latency_avg, cs->latency_avg);
        printf("  %-16s %14.6f %14.6f\n", "accepted", st->accepted_flits, cs->accepted_flits);
        printf("compare: %d of %d fields differ\n", ndiff, nf);
    }
    if (ndiff) {
        fprintf(stderr, "tnhost: run --compare: %d of %d fields differ between the board and the "
                "C model\n", ndiff, nf);
        return EXIT_BOARD;
    }
    if (rr.model_rc || st->check_errors || st->router_errors) {
        fprintf(stderr, "tnhost: run: errors: board %ld integrity, router bits 0x%x; model %ld "
                "integrity, router bits 0x%x\n", st->check_errors, st->router_errors,
                cs->check_errors, cs->router_errors);
        return EXIT_BOARD;
    }
    return 0;
}

static const char *const rerr_names[7] = {"credit_ovf", "credit_unf", "buf_ovf", "order",
                                          "vc_reuse", "port", "cfg"};
static const char *const serr_names[4] = {"dst", "order", "src", "payload"};

int cmd_errors(host *h)
{
    board_build bb;
    int rc = read_build(h, &bb);
    if (rc)
        return rc;
    unsigned nodes = 1;
    for (unsigned d = 0; d < bb.n; d++)
        nodes *= bb.k;
    uint32_t g[9];
    if ((rc = read_block(h, TN_B_STATUS, 9, g, "errors: status")))
        return rc;
    /* every node's registers first, then the output: a read that fails leaves no half-printed
     * report (with --json, one object on stdout either way) */
    uint32_t(*x)[3] = calloc(nodes, sizeof *x);
    if (!x)
        return fail(h, EXIT_BOARD, "io", "errors: out of memory");
    for (unsigned v = 0; v < nodes && !rc; v++)
        rc = read_block(h, TN_B_NODE + TN_BOARD_NODE_REGS * v + TN_BN_RERR, 3, x[v], "errors: node");
    if (rc) {
        free(x);
        return rc;
    }
    if (h->json) {
        json_head(h);
        printf(", \"status\": %u, \"router_errors\": %u, \"sink_errors\": %u, "
               "\"source_overflow\": %u, \"pattern_errors\": %u, \"nodes\": [", g[0], g[5], g[6],
               g[7], g[8]);
    } else {
        char a[128], b[128];
        bit_names(g[5], rerr_names, 7, a, sizeof a);
        bit_names(g[6], serr_names, 4, b, sizeof b);
        printf("routers (OR of all): %s; sinks: %s; source FIFO overflow at nodes 0x%x; "
               "pattern not built at nodes 0x%x\n", a, b, g[7], g[8]);
        printf("node  router (0x1000+16v+10)     sink (+11)        source (+12)\n");
    }
    for (unsigned v = 0; v < nodes; v++) {
        if (h->json) {
            printf("%s{\"node\": %u, \"router\": %u, \"sink\": %u, \"source\": %u}",
                   v ? ", " : "", v, x[v][0], x[v][1], x[v][2]);
        } else {
            char a[128], b[128];
            bit_names(x[v][0], rerr_names, 7, a, sizeof a);
            bit_names(x[v][1], serr_names, 4, b, sizeof b);
            printf("%4u  %-26s %-17s %s%s\n", v, a, b, x[v][2] & 1u ? "overflow " : "",
                   x[v][2] & 2u ? "pattern" : (x[v][2] & 1u ? "" : "none"));
        }
    }
    free(x);
    if (h->json)
        printf("]}\n");
    return (g[5] || g[6] || g[7] || g[8]) ? EXIT_BOARD : 0;
}
