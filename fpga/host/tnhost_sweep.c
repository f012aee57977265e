/* SPDX-License-Identifier: MIT */
/* tnhost sweep: one run per load (loads=A,B,...) or per window of one run (windows=N: the same
 * keys with warmup moved on by measure each time), a table or a JSON line per run, a progress
 * bar on a terminal (tnhost_seeds.c's sweep_runs, which run seeds=N shares);
 * docs/board-guide.md. */
#include "tnhost_cmd.h"

/* ---- sweep: run once per load ---- */

#define LOADS_ALLOWED "1..64 comma-separated loads, each in (0, %g] (fraction of capacity: " \
                      "k=%d n=%d term=%d carries at most %g)"

/* sweep windows=N: the configuration of the other keys, then N copies with warmup moved on by
 * measure each; every one checked (against the build too) before the first run */
static int sweep_windows(host *h, const char *windows_arg, const char **rest, int nrest)
{
    char msg[TN_CLI_ERRLEN + 200], err[TN_CLI_ERRLEN];
    long nw = 0;
    if (tn_cli_long(windows_arg, 1, SWEEP_MAX, &nw)) {
        snprintf(msg, sizeof msg, "sweep: key 'windows': value '%.64s' is not allowed; allowed: "
                 "1..%d (runs, one per window of measure cycles)", windows_arg, SWEEP_MAX);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    tn_config c;
    int rc;
    if (sweep_keys(h, rest, nrest, &c, &rc, "sweep"))
        return rc;
    /* a window's start beyond what warmup= takes: named as windows' fault, before the port */
    for (int i = 1; i < (int)nw; i++) {
        char wk1[40], *one[1] = {wk1};
        tn_config w = c;
        snprintf(wk1, sizeof wk1, "warmup=%ld", c.warmup + i * c.measure);
        if (tn_cli_parse(1, one, 0, &w, run_keys, run_nkeys, h, NULL, err, sizeof err)) {
            snprintf(msg, sizeof msg, "sweep: key 'windows': value '%ld': window %d would start "
                     "at cycle %ld, which warmup does not take (%s); allowed: fewer windows or a "
                     "shorter measure", nw, i + 1, c.warmup + i * c.measure, err);
            return fail(h, EXIT_USAGE, "usage", msg);
        }
    }
    board_build bb;
    if ((rc = sweep_board(h, &bb, "sweep")))
        return rc;
    tn_config cfg[SWEEP_MAX], t;
    if ((rc = run_config(h, nrest, rest, &bb, "sweep", &t)))
        return rc;
    char wk[SWEEP_MAX][40], wb[SWEEP_MAX][48];
    const char *what[SWEEP_MAX];
    for (int i = 0; i < (int)nw; i++) {
        /* the last warmup= wins: the window's, after the user's */
        snprintf(wk[i], sizeof wk[i], "warmup=%ld", t.warmup + i * t.measure);
        rest[nrest] = wk[i];
        if ((rc = run_config(h, nrest + 1, rest, &bb, "sweep", &cfg[i])))
            return rc;
        snprintf(wb[i], sizeof wb[i], "window %ld-%ld", cfg[i].warmup,
                 cfg[i].warmup + cfg[i].measure);
        what[i] = wb[i];
    }
    return sweep_runs(h, &bb, cfg, (int)nw, what, ROWS_WINDOWS, NULL);
}

int cmd_sweep(host *h)
{
    const char *rest[MAX_ARGS + 1];
    int nrest = 0;
    const char *loads_arg = NULL, *windows_arg = NULL, *load_arg = NULL;
    char msg[TN_CLI_ERRLEN + 200];
    for (int i = 0; i < h->nargs; i++)
        if (!strcmp(h->args[i], "--help") || !strcmp(h->args[i], "-h"))
            return sweep_usage();
    for (int i = 0; i < h->nargs; i++) {
        if (!strncmp(h->args[i], "loads=", 6))
            loads_arg = h->args[i] + 6;
        else if (!strncmp(h->args[i], "windows=", 8))
            windows_arg = h->args[i] + 8;
        else {
            if (!strncmp(h->args[i], "load=", 5))
                load_arg = h->args[i] + 5;
            rest[nrest++] = h->args[i];
        }
    }
    if (windows_arg && loads_arg) {
        snprintf(msg, sizeof msg, "sweep: key 'windows': value '%.64s' with loads=%.64s: a sweep "
                 "is over loads or over windows; allowed: one of loads=A,B,... and windows=N",
                 windows_arg, loads_arg);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    if (windows_arg)
        return sweep_windows(h, windows_arg, rest, nrest);
    if (load_arg) {
        snprintf(msg, sizeof msg, "sweep: key 'load': value '%.64s' is not allowed here: the "
                 "loads are given by loads=A,B,...; allowed: leave it out (or windows=N, which "
                 "takes one load)", load_arg);
        return fail(h, EXIT_USAGE, "usage", msg);
    }
    /* loads=: numbers in (0, 100] now, the channel's limit once the build is known */
    char tok[SWEEP_MAX][32];
    int nl = 0;
    if (!loads_arg || !*loads_arg)
        return fail(h, EXIT_USAGE, "usage", "sweep: key 'loads': missing; sweep needs "
                    "loads=A,B,... (1..64 comma-separated loads in (0, 0.5] of capacity on the "
                    "4x4 board) or windows=N (1..64)");
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
        snprintf(tok[nl++], sizeof tok[0], "%s", t);
        if (!e)
            break;
        p = e + 1;
    }
    /* the other keys' syntax before the port is opened */
    tn_config c;
    char err[TN_CLI_ERRLEN];
    int rc;
    if (sweep_keys(h, rest, nrest, &c, &rc, "sweep"))
        return rc;
    board_build bb;
    if ((rc = sweep_board(h, &bb, "sweep")))
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
    const char *what[SWEEP_MAX];
    char wb[SWEEP_MAX][48];
    for (int i = 0; i < nl; i++) {
        snprintf(wb[i], sizeof wb[i], "load %s", tok[i]);
        what[i] = wb[i];
    }
    return sweep_runs(h, &bb, cfg, nl, what, ROWS_LOADS, NULL);
}
