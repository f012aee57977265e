/* SPDX-License-Identifier: MIT */
/* tnhost run seeds=N, the replications (tnhost.h lists the layers), and what it shares with
 * sweep (tnhost_sweep.c): the keys parsed before the port is opened, the board's build, and a
 * series of runs as a table or a JSON line per run with a progress bar on a terminal;
 * docs/board-guide.md. It calls the board layer, the printers and the driver. */
#include "tnhost_seeds.h"

static void sweep_bar(const char *cmd, int done, int total, const char *what)
{
    char bar[31];
    int w = 30, fill = total ? done * w / total : w;
    for (int i = 0; i < w; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[w] = 0;
    if (done < total)
        fprintf(stderr, "\r%s [%s] %d/%d, %s ", cmd, bar, done, total, what);
    else
        fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

/* sweep's keys: tnsim's and tnhost's run keys, with their ranges */
int sweep_usage(void)
{
    run_usage("tnhost --port PATH sweep loads=A,B,... [--compare] [--json] [key=value ...]\n"
              "       tnhost --port PATH sweep windows=N [--compare] [--json] [key=value ...]\n"
              "  loads=A,B,...: one run per load (load itself is refused)\n"
              "  windows=N (1..64): N runs of the same keys, run i with warmup + i * measure as its\n"
              "  warmup: the measure-long windows of one run, one after another (a run's packets do\n"
              "  not depend on its window), e.g. around a mid-run switch (switch_at)");
    return 0;
}

/* The keys other than loads= and windows= parsed into c (syntax and ranges, before the port is
 * opened). Returns 0, or sets *rc to what the command returns: 0 after --help, else 2. */
int sweep_keys(host *h, const char **rest, int nrest, tn_config *c, int *rc,
                      const char *cmd)
{
    char msg[TN_CLI_ERRLEN + 200], err[TN_CLI_ERRLEN];
    tn_config_default(c);
    int r = tn_cli_parse(nrest, (char **)rest, 0, c, run_keys, run_nkeys, h, NULL, err,
                         sizeof err);
    if (r == 1) {
        *rc = sweep_usage();
        return -1;
    }
    if (r) {
        snprintf(msg, sizeof msg, "%s: %s", cmd, err);
        *rc = fail(h, EXIT_USAGE, "usage", msg);
        return -1;
    }
    return 0;
}

/* The board's build registers, once the keys are known good; 0 or what the command returns. */
int sweep_board(host *h, board_build *bb, const char *cmd)
{
    char msg[64];
    snprintf(msg, sizeof msg, "%s: no port given; use --port PATH", cmd);
    if (!h->port[0])
        return fail(h, EXIT_USAGE, "usage", msg);
    return read_build(h, bb);
}

/* The sweep's runs, one per configuration, and their table or JSON lines; what[i] names run i
 * in the progress bar and the messages. ROWS_WINDOWS: each row a window of one run (its first
 * column the window's cycles, JSON window_index, windows, warmup, measure); ROWS_SEEDS: each a
 * replication (its first column the seed, JSON seed_index, seeds); ROWS_LOADS: one per load.
 * Each run's board figures go to out[i] when out is given. */
int sweep_runs(host *h, const board_build *bb, const tn_config *cfg, int nl,
                      const char *const *what, int mode, tn_stats *out)
{
    int tty = isatty(STDERR_FILENO), bad = 0, rc, windows = mode == ROWS_WINDOWS;
    const char *cmd = mode == ROWS_SEEDS ? "run" : "sweep";
    if (!h->json) {
        char sw[160], port[300];
        printf("tnhost: %s on %s: k=%d n=%d torus, vcs=%d buf=%d pkt=%d..%d, routing=%s "
               "selection=%s traffic=%s seed=%u, ", cmd, safe_str(h->port, port, sizeof port), cfg[0].k, cfg[0].n, cfg[0].vcs,
               cfg[0].buf, cfg[0].pkt_min, cfg[0].pkt_max, tn_routing_name(cfg[0].routing),
               tn_selection_name(cfg[0].selection), tn_traffic_name(cfg[0].traffic),
               cfg[0].seed);
        if (windows)
            printf("load=%g%s, %d windows of %ld cycles from cycle %ld\n", cfg[0].load,
                   tn_switch_describe(&cfg[0], 0, sw, sizeof sw), nl, cfg[0].measure,
                   cfg[0].warmup);
        else if (mode == ROWS_SEEDS)
            printf("load=%g warmup=%ld measure=%ld%s, %d replications\n", cfg[0].load,
                   cfg[0].warmup, cfg[0].measure, tn_switch_describe(&cfg[0], 0, sw, sizeof sw),
                   nl);
        else
            printf("warmup=%ld measure=%ld%s\n", cfg[0].warmup, cfg[0].measure,
                   tn_switch_describe(&cfg[0], 0, sw, sizeof sw));
        if (windows)
            printf("%15s ", "window");
        else if (mode == ROWS_SEEDS)
            printf("%10s ", "seed");
        if (h->compare)
            printf("%8s %9s %9s %8s | %9s %9s %8s | %s\n", "offered", "accepted", "lat_avg",
                   "lat_max", "m_accept", "m_lat_avg", "m_latmax", "equal");
        else
            printf("%8s %9s %9s %8s %8s %s\n", "offered", "accepted", "lat_avg", "lat_max",
                   "packets", "saturated");
    }
    for (int i = 0; i < nl; i++) {
        if (tty)
            sweep_bar(cmd, i, nl, what[i]);
        run_result rr;
        if ((rc = run_measure(h, &cfg[i], bb, &rr))) {
            if (tty)
                sweep_bar(cmd, nl, nl, "");
            return rc;
        }
        if (tty)
            sweep_bar(cmd, nl, nl, ""); /* the line cleared before a row is printed */
        const tn_stats *st = &rr.st, *cs = &rr.cs;
        if (out)
            out[i] = *st;
        int row_bad = rr.not_comparable || (rr.compared && (rr.ndiff || rr.model_rc)) ||
                      st->check_errors || st->router_errors;
        bad |= row_bad;
        if (h->json) {
            print_board_json(h, &cfg[i], st, &rr.bs);
            if (windows)
                printf(", \"window_index\": %d, \"windows\": %d, \"warmup\": %ld, "
                       "\"measure\": %ld", i, nl, cfg[i].warmup, cfg[i].measure);
            else if (mode == ROWS_SEEDS)
                printf(", \"perm_seed\": %u, \"seed_index\": %d, \"seeds\": %d",
                       cfg[i].perm_seed, i, nl);
            else
                printf(", \"load_index\": %d, \"loads\": %d", i, nl);
            printf(", \"comparable\": %s", rr.not_comparable ? "false" : "true");
            if (rr.compared)
                print_compare_json(&rr);
            printf("}\n");
            fflush(stdout);
        } else {
            if (windows) {
                char wr[48];
                snprintf(wr, sizeof wr, "%ld-%ld", cfg[i].warmup, cfg[i].warmup + cfg[i].measure);
                printf("%15s ", wr);
            } else if (mode == ROWS_SEEDS) {
                printf("%10u ", cfg[i].seed);
            }
            if (rr.not_comparable) {
                printf("%8.4f %9.4f %9.2f %8ld   %s\n", st->offered, st->accepted, st->latency_avg,
                       st->latency_max, rr.bs.ovf ? "a source FIFO overflowed (more than QD packets "
                       "waiting): not comparable" : "a pattern is not built: not comparable");
            } else if (rr.compared) {
                printf("%8.4f %9.4f %9.2f %8ld | %9.4f %9.2f %8ld | %s\n", st->offered, st->accepted,
                       st->latency_avg, st->latency_max, cs->accepted, cs->latency_avg,
                       cs->latency_max, rr.ndiff ? "DIFFERS" : "yes");
            } else {
                printf("%8.4f %9.4f %9.2f %8ld %8ld %s\n", st->offered, st->accepted,
                       st->latency_avg, st->latency_max, st->packets, st->saturated ? "yes" : "no");
            }
            fflush(stdout);
        }
        if (rr.compared && rr.ndiff)
            fprintf(stderr, "tnhost: %s: %s: %d of %d fields differ between the board "
                    "and the C model\n", cmd, what[i], rr.ndiff, RUN_NCOMPARED);
    }
    if (!h->json) {
        printf("offered, accepted: fraction of capacity (%.4g flits/node/cycle); latency: cycles, "
               "creation to tail ejection", tn_capacity(&cfg[0]));
        if (h->compare)
            printf("; m_: the C model (tn_sim_run) on the same keys; equal: all %d compared "
                   "figures equal", RUN_NCOMPARED);
        printf("\n");
    }
    return bad ? EXIT_BOARD : 0;
}

/* run seeds=N [seeds_perm=on]: N runs of the same keys with seed + i (and perm_seed + i), a row
 * each as sweep prints them, then the mean over them and the half-width of its 95 % confidence
 * interval (tnsim run seeds=N's statistics, tn_mean_ci); every configuration checked (against
 * the build too) before the first run */
int run_seeds(host *h, const char *seeds_arg, const char *perm_arg, const char **rest,
              int nrest)
{
    char msg[TN_CLI_ERRLEN + 200];
    long ns = 0;
    if (tn_cli_long(seeds_arg, 1, SWEEP_MAX, &ns)) {
        snprintf(msg, sizeof msg, "run: key 'seeds': value '%.64s' is not allowed; allowed: "
                 "1..%d (replications, seeds seed..seed+N-1)", seeds_arg, SWEEP_MAX);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    int perm = 0;
    if (perm_arg && strcmp(perm_arg, "on") && strcmp(perm_arg, "off")) {
        snprintf(msg, sizeof msg, "run: key 'seeds_perm': value '%.64s' is not allowed; "
                 "allowed: on off", perm_arg);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    perm = perm_arg && !strcmp(perm_arg, "on");
    tn_config c;
    int rc;
    if (sweep_keys(h, rest, nrest, &c, &rc, "run"))
        return rc;
    char err[TN_CLI_ERRLEN];
    if (tn_seeds_check(&c, (int)ns, perm, err, sizeof err)) {
        snprintf(msg, sizeof msg, "run: %s", err);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    board_build bb;
    if ((rc = sweep_board(h, &bb, "run")))
        return rc;
    tn_config cfg[SWEEP_MAX], t;
    if ((rc = run_config(h, nrest, rest, &bb, "run", &t)))
        return rc;
    char sk[SWEEP_MAX][32], pk[SWEEP_MAX][40], wb[SWEEP_MAX][48];
    const char *what[SWEEP_MAX];
    for (int i = 0; i < (int)ns; i++) {
        /* the last seed= wins: the replication's, after the user's */
        snprintf(sk[i], sizeof sk[i], "seed=%u", t.seed + (uint32_t)i);
        snprintf(pk[i], sizeof pk[i], "perm_seed=%u", t.perm_seed + (uint32_t)i);
        rest[nrest] = sk[i];
        rest[nrest + 1] = pk[i];
        if ((rc = run_config(h, nrest + 1 + perm, rest, &bb, "run", &cfg[i])))
            return rc;
        snprintf(wb[i], sizeof wb[i], "seed %u", cfg[i].seed);
        what[i] = wb[i];
    }
    static tn_stats st[SWEEP_MAX];
    rc = sweep_runs(h, &bb, cfg, (int)ns, what, ROWS_SEEDS, st);
    if (rc && rc != EXIT_BOARD)
        return rc;
    /* the summary of the board's figures */
    enum { S_ACC, S_ACCFL, S_LAT, S_LATMAX, S_N };
    static const char *const name[S_N] = {"accepted", "accepted_flits_per_node_cycle",
                                          "latency_avg", "latency_max"};
    double x[SWEEP_MAX], mean[S_N], sd[S_N], ci[S_N], tq = 0;
    int sat = 0;
    for (int f = 0; f < S_N; f++) {
        for (int i = 0; i < (int)ns; i++)
            x[i] = f == S_ACC ? st[i].accepted : f == S_ACCFL ? st[i].accepted_flits
                 : f == S_LAT ? st[i].latency_avg : (double)st[i].latency_max;
        tn_mean_ci(x, (int)ns, &mean[f], &sd[f], &ci[f], &tq);
    }
    for (int i = 0; i < (int)ns; i++)
        sat += st[i].saturated != 0;
    if (h->json) {
        printf("{\"seeds\": %ld, \"seed_first\": %u, \"seeds_perm\": %s, \"t975\": %.6f, "
               "\"saturated_runs\": %d", ns, cfg[0].seed, perm ? "true" : "false", tq, sat);
        tn_summary_json(stdout, name, S_N, mean, sd, ci);
        printf("}\n");
    } else {
        printf("%10s %8s %9.4f %9.2f %8.1f   saturated in %d of %ld\n", "mean", "",
               mean[S_ACC], mean[S_LAT], mean[S_LATMAX], sat, ns);
        printf("%10s %8s %9.4f %9.2f %8.1f   (the half-width of the mean's 95 %% confidence "
               "interval, Student's t %.3f with %ld degrees of freedom)\n", "+-95%", "",
               ci[S_ACC], ci[S_LAT], ci[S_LATMAX], tq, ns - 1);
    }
    fflush(stdout);
    return rc;
}
