/* SPDX-License-Identifier: MIT */
/* tnhost sweep: one run per load, a table or a JSON line per load, a progress bar on a
 * terminal; docs/board-guide.md. */
#include "tnhost.h"

/* ---- sweep: run once per load ---- */

#define SWEEP_MAX 64
#define LOADS_ALLOWED "1..64 comma-separated loads, each in (0, %g] (fraction of capacity: " \
                      "k=%d n=%d term=%d carries at most %g)"

static void sweep_bar(int done, int total, double load)
{
    char bar[31];
    int w = 30, fill = total ? done * w / total : w;
    for (int i = 0; i < w; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[w] = 0;
    if (done < total)
        fprintf(stderr, "\rsweep [%s] %d/%d, load %g ", bar, done, total, load);
    else
        fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

/* sweep's keys: tnsim's and tnhost's run keys, with their ranges */
static int sweep_usage(void)
{
    run_usage("tnhost --port PATH sweep loads=A,B,... [--compare] [--json] [key=value ...]\n"
              "  the loads are loads=A,B,... (load itself is refused)");
    return 0;
}

int cmd_sweep(host *h)
{
    const char *rest[MAX_ARGS + 1];
    int nrest = 0;
    const char *loads_arg = NULL;
    char msg[TN_CLI_ERRLEN + 200];
    for (int i = 0; i < h->nargs; i++)
        if (!strcmp(h->args[i], "--help") || !strcmp(h->args[i], "-h"))
            return sweep_usage();
    for (int i = 0; i < h->nargs; i++) {
        if (!strncmp(h->args[i], "loads=", 6))
            loads_arg = h->args[i] + 6;
        else if (!strncmp(h->args[i], "load=", 5)) {
            snprintf(msg, sizeof msg, "sweep: key 'load': value '%.64s' is not allowed here: the "
                     "loads are given by loads=A,B,...; allowed: leave it out", h->args[i] + 5);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        else
            rest[nrest++] = h->args[i];
    }
    /* loads=: numbers in (0, 100] now, the channel's limit once the build is known */
    double loads[SWEEP_MAX];
    char tok[SWEEP_MAX][32];
    int nl = 0;
    if (!loads_arg || !*loads_arg)
        return fail(h, EXIT_USAGE, "usage", "sweep: key 'loads': missing; sweep needs "
                    "loads=A,B,... (1..64 comma-separated loads in (0, 0.5] of capacity on the "
                    "4x4 board)");
    for (const char *p = loads_arg;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char t[32];
        snprintf(t, sizeof t, "%.*s", (int)(len < 31 ? len : 31), p);
        double x = 0;
        int refused = !len || len >= 31 || tn_cli_double(t, 0, 100, &x);
        if (nl == SWEEP_MAX) {
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%.200s' has more than %d "
                     "loads; allowed: 1..%d comma-separated loads in (0, 100]", loads_arg,
                     SWEEP_MAX, SWEEP_MAX);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        if (refused || !(x > 0)) {
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%.*s' (load %d of '%.200s') is "
                     "not allowed; allowed: 1..%d comma-separated numbers in (0, 100], fraction "
                     "of capacity (0.5 at most on the 4x4 board)", (int)(len < 60 ? len : 60), p,
                     nl + 1, loads_arg, SWEEP_MAX);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        snprintf(tok[nl], sizeof tok[nl], "%s", t);
        loads[nl++] = x;
        if (!e)
            break;
        p = e + 1;
    }
    /* the other keys' syntax before the port is opened */
    tn_config c;
    char err[TN_CLI_ERRLEN];
    tn_config_default(&c);
    int rc = tn_cli_parse(nrest, (char **)rest, 0, &c, run_keys,
                          run_nkeys, h, NULL, err, sizeof err);
    if (rc == 1)
        return sweep_usage();
    if (rc) {
        snprintf(msg, sizeof msg, "sweep: %s", err);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    if (!h->port[0])
        return fail(h, EXIT_USAGE, "usage", "sweep: no port given; use --port PATH");
    board_build bb;
    if ((rc = read_build(h, &bb)))
        return rc;
    /* every load's configuration checked before the first run */
    char lk[SWEEP_MAX][40];
    tn_config cfg[SWEEP_MAX];
    tn_config t;
    rest[nrest] = "load=0.01"; /* a fault of the other keys first, named as run names it */
    if ((rc = run_config(h, nrest + 1, rest, &bb, "sweep", &t)))
        return rc;
    for (int i = 0; i < nl; i++) {
        snprintf(lk[i], sizeof lk[i], "load=%s", tok[i]);
        rest[nrest] = lk[i];
        tn_config_default(&t);
        t.k = (int)bb.k;
        t.n = (int)bb.n;
        t.vcs = (int)bb.v;
        t.buf = (int)bb.b;
        if (tn_cli_parse(nrest + 1, (char **)rest, 0, &t, run_keys,
                         run_nkeys, h, NULL, err, sizeof err) ||
            tn_config_check(&t, err, sizeof err)) {
            double maxl = t.term / tn_capacity(&t);
            snprintf(msg, sizeof msg, "sweep: key 'loads': value '%s' (load %d of %d) is not "
                     "allowed; allowed: " LOADS_ALLOWED, tok[i], i + 1, nl, maxl, t.k, t.n,
                     t.term, maxl);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
        if ((rc = run_config(h, nrest + 1, rest, &bb, "sweep", &cfg[i])))
            return rc;
    }
    int tty = isatty(STDERR_FILENO), bad = 0;
    if (!h->json) {
        printf("tnhost: sweep on %s: k=%d n=%d torus, vcs=%d buf=%d pkt=%d..%d, routing=%s "
               "selection=%s traffic=%s seed=%u, warmup=%ld measure=%ld\n", h->port, cfg[0].k,
               cfg[0].n, cfg[0].vcs, cfg[0].buf, cfg[0].pkt_min, cfg[0].pkt_max,
               tn_routing_name(cfg[0].routing), tn_selection_name(cfg[0].selection),
               tn_traffic_name(cfg[0].traffic), cfg[0].seed, cfg[0].warmup, cfg[0].measure);
        if (h->compare)
            printf("%8s %9s %9s %8s | %9s %9s %8s | %s\n", "offered", "accepted", "lat_avg",
                   "lat_max", "m_accept", "m_lat_avg", "m_latmax", "equal");
        else
            printf("%8s %9s %9s %8s %8s %s\n", "offered", "accepted", "lat_avg", "lat_max",
                   "packets", "saturated");
    }
    for (int i = 0; i < nl; i++) {
        if (tty)
            sweep_bar(i, nl, loads[i]);
        run_result rr;
        if ((rc = run_measure(h, &cfg[i], &bb, &rr))) {
            if (tty)
                sweep_bar(nl, nl, 0);
            return rc;
        }
        if (tty)
            sweep_bar(nl, nl, 0); /* the line cleared before a row is printed */
        const tn_stats *st = &rr.st, *cs = &rr.cs;
        int row_bad = rr.not_comparable || (rr.compared && (rr.ndiff || rr.model_rc)) ||
                      st->check_errors || st->router_errors;
        bad |= row_bad;
        if (h->json) {
            print_board_json(h, &cfg[i], st, &rr.bs);
            printf(", \"load_index\": %d, \"loads\": %d, \"comparable\": %s", i, nl,
                   rr.not_comparable ? "false" : "true");
            if (rr.compared)
                print_compare_json(&rr);
            printf("}\n");
        } else if (rr.not_comparable) {
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
        if (rr.compared && rr.ndiff)
            fprintf(stderr, "tnhost: sweep: load %s: %d of %d fields differ between the board "
                    "and the C model\n", tok[i], rr.ndiff, RUN_NCOMPARED);
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
