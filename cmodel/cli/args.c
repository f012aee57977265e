/* SPDX-License-Identifier: MIT */
/* tnsim's own keys beside the model's, the checks of their combinations, the usage text. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

static const char synopsis[] =
    "usage: tnsim [run|sweep|sat|bound|check|name] key=value ... [--config FILE] [--json]\n"
    "       tnsim stats [--json] < FILE\n"
    "  run    one simulation (default)\n"
    "  sweep  one run per load of loads=A,B,...; CSV to out=FILE or stdout (--json: an\n"
    "         array of run's JSON objects, one per load)\n"
    "  sat    find the saturation throughput by bisection on the load (tol=0.01)\n"
    "  bound  channel-load bound of the routing and pattern\n"
    "  check  deadlock checker: proves the channel dependency graph acyclic (exit 0) or\n"
    "         prints a cycle (exit 1)\n"
    "  name   prints the content name of the configuration (t8x8_v2_dor_b8_p4_uniform_l0.3_s1)\n"
    "  stats  n, mean, sd, 95 % interval (ci95, Student's t, as seeds=N gives), min and max of\n"
    "         the numbers on standard input (white space or commas; # comment lines); no keys;\n"
    "         at most 4095 characters a line, 268435456 bytes and 10000000 numbers\n"
    "run, sweep and sat take seeds=N: N replications, their mean and 95 % confidence interval.\n"
    "job=list, job=I jobdir=DIR, job=merge jobdir=DIR: the same as independent jobs (Slurm,\n"
    "  GNU parallel: tools/jobs.sh, docs/cluster.md).\n"
    "--config FILE: key=value lines (# comments), any key below; later arguments override it;\n"
    "  at most 1022 characters a line and 1048576 bytes.\n"
    "trace=FILE: at most 4095 characters a line, 268435456 bytes and 16777216 packets.\n"
    "Input files hold text: a NUL byte is refused with its line and byte.\n"
    "A wrong key, value or combination exits with status 2 (see docs/tnsim.md); a failed write to\n"
    "an output file or standard output is an error (exit 2, or 1 for standard output).\n";

#define LOADS_RANGE "1..64 comma-separated loads in (0, 100]"

/* loads=A,B,...: -1 with err naming the element at fault (err empty: the message with the
 * range of the whole key) */
static int parse_loads(cli *a, const char *v, char *err, size_t errlen)
{
    char buf[1024];
    if (strlen(v) >= sizeof buf)
        return -1;
    strcpy(buf, v);
    a->nloads = 0;
    int i = 0;
    for (char *p = buf, *e;; p = e + 1) {
        e = strchr(p, ',');
        if (e)
            *e = 0;
        double x = 0;
        i++;
        if (tn_cli_double(p, 0, 100, &x) || !(x > 0)) {
            snprintf(err, errlen, "key 'loads': value '%.60s' (load %d of '%.200s') is not "
                     "allowed; allowed: " LOADS_RANGE, p, i, v);
            return -1;
        }
        if (a->nloads == MAX_LOADS) {
            snprintf(err, errlen, "key 'loads': value '%.200s' has more than %d loads; allowed: "
                     LOADS_RANGE, v, MAX_LOADS);
            return -1;
        }
        a->loads[a->nloads++] = x;
        if (!e)
            break;
    }
    return 0;
}

/* ---- tnsim's own keys (tn_cli_key): -1 with err empty gives the message with the range ---- */

static int set_path(char *buf, const char **dst, const char *v)
{
    size_t len = strlen(v);
    if (len >= PATH_LEN)
        return -1;
    memcpy(buf, v, len + 1);
    *dst = buf;
    return 0;
}

static int set_loads(void *ctx, const char *v, char *err, size_t errlen)
{
    return parse_loads(ctx, v, err, errlen);
}

static int set_tol(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (tn_cli_double(v, 0.001, 0.5, &a->tol))
        return -1;
    a->tol_set = 1;
    return 0;
}

static int set_sat_hint(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (tn_cli_double(v, 0.001, 64, &a->sat_hint))
        return -1;
    a->sat_hint_set = 1;
    return 0;
}

static int set_jobs(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (tn_cli_long(v, 1, MAX_JOBS, &a->jobs))
        return -1;
    a->jobs_set = 1;
    return 0;
}

static int set_seeds(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    long x;
    (void)err, (void)errlen;
    if (tn_cli_long(v, 1, MAX_LOADS, &x))
        return -1;
    a->seeds = (int)x;
    a->seeds_set = 1;
    return 0;
}

static int set_seeds_perm(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (strcmp(v, "on") && strcmp(v, "off"))
        return -1;
    a->seeds_perm = !strcmp(v, "on");
    return 0;
}

static int set_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->out_buf, &a->out, v);
}

static int set_chan_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->chan_out_buf, &a->chan_out, v);
}

static int set_pair_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->pair_out_buf, &a->pair_out, v);
}

static int set_series(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return set_path(a->series_buf, &a->series, v);
}

static int set_pair_shift(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (strcmp(v, "on") && strcmp(v, "off"))
        return -1;
    a->pair_shift = !strcmp(v, "on");
    return 0;
}

static int set_series_win(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    return tn_cli_long(v, 1, 1000000, &a->series_win);
}

static int set_pair(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    char s[32];
    long x, y;
    (void)err, (void)errlen;
    const char *comma = strchr(v, ',');
    if (!comma || (size_t)(comma - v) >= sizeof s)
        return -1;
    memcpy(s, v, (size_t)(comma - v));
    s[comma - v] = 0;
    /* any node id here; the network's range is checked once the keys are all read */
    if (tn_cli_long(s, 0, INT_MAX, &x) || tn_cli_long(comma + 1, 0, INT_MAX, &y))
        return -1;
    a->pair_src = (int)x;
    a->pair_dst = (int)y;
    return 0;
}

#define JOB_RANGE "list merge or an index 0..4095"
static int set_job(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    long x;
    (void)err, (void)errlen;
    if (!strcmp(v, "list"))
        a->job = TNSIM_JOB_LIST;
    else if (!strcmp(v, "merge"))
        a->job = TNSIM_JOB_MERGE;
    else if (tn_cli_long(v, 0, TNSIM_JOB_MAX - 1, &x))
        return -1;
    else
        a->job = (int)x;
    return 0;
}

static int set_jobdir(void *ctx, const char *v, char *err, size_t errlen)
{
    cli *a = ctx;
    (void)err, (void)errlen;
    if (!*v)
        return -1;
    return set_path(a->jobdir_buf, &a->jobdir, v);
}

_Static_assert(TNSIM_JOB_MAX == 4096, "job's range names this value");
_Static_assert(MAX_LOADS == 64 && PATH_LEN == 4096 && MAX_JOBS == 64,
               "the ranges below name these values");
#define FILE_RANGE "FILE (up to 4095 characters)"
static const tn_cli_key tnsim_keys[] = {
    {"loads", LOADS_RANGE, NULL, "sweep: the loads, A,B,...", set_loads},
    {"tol", "0.001..0.5", "0.01", "sat: the bisection stops when the load interval is this narrow",
     set_tol},
    {"sat_hint", "0.001..64, below TERM / capacity", NULL,
     "sat: warm start; probe this load, then steps of tol, 2 tol, 4 tol ... away from it until "
     "the verdict changes, then bisect that step (R17.9)", set_sat_hint},
    {"out", FILE_RANGE, "stdout", "sweep: the CSV file", set_out},
    {"jobs", "1..64", "1",
     "sweep, sat, run with seeds: simulations at once, each a process (the results do not "
     "depend on it)", set_jobs},
    {"seeds", "1..64", "1",
     "run, sweep, sat: replications with seeds seed..seed+N-1; each, and their mean with its "
     "95 % confidence interval", set_seeds},
    {"seeds_perm", "on off", "off",
     "seeds: on gives replication i also perm_seed+i (a new permutation each, traffic=randperm)",
     set_seeds_perm},
    {"chan_out", FILE_RANGE, NULL, "run: per-channel utilisation, CSV", set_chan_out},
    {"pair", "S,D (two node ids)", NULL,
     "run: the measured packets from S to D (hops, latency, queueing)", set_pair},
    {"pair_shift", "on off (on: every pair translated from pair=S,D)", "off",
     "run: on a torus also every translate (s, s + D - S) of pair", set_pair_shift},
    {"pair_out", FILE_RANGE, NULL, "run: one CSV row per packet of pair", set_pair_out},
    {"series", FILE_RANGE, NULL, "run: accepted throughput per window of series_win cycles, CSV",
     set_series},
    {"series_win", "1..1000000", "50", "run: cycles per window of series", set_series_win},
    {"job", JOB_RANGE, NULL,
     "run, sweep, sat: list prints the command's independent jobs; I runs job I alone into "
     "jobdir; merge prints from jobdir's results what the command prints", set_job},
    {"jobdir", "DIR (up to 4095 characters)", NULL,
     "job=I, job=merge: the folder of the jobs' results (job-I.json)", set_jobdir},
};
#define N_TNSIM_KEYS ((int)(sizeof tnsim_keys / sizeof tnsim_keys[0]))

/* 0, -1 on bad input (message printed), 1 for --help */
int tnsim_parse(cli *a, int argc, char **argv)
{
    char err[TN_CLI_ERRLEN];
    tn_config_default(&a->cfg);
    a->mode = "run";
    a->pair_src = a->pair_dst = -1;
    a->tol = 0.01;
    a->jobs = 1;
    a->job = TNSIM_JOB_NONE;
    int i = 1;
    if (argc > 1 && (!strcmp(argv[1], "run") || !strcmp(argv[1], "sweep") ||
                     !strcmp(argv[1], "sat") || !strcmp(argv[1], "bound") ||
                     !strcmp(argv[1], "check") || !strcmp(argv[1], "name")))
        a->mode = argv[i++];
    int rc = tn_cli_parse(argc, argv, i, &a->cfg, tnsim_keys, N_TNSIM_KEYS, a, &a->json, err,
                          sizeof err);
    if (rc > 0)
        return 1;
    if (rc) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return -1;
    }
    if (!strcmp(a->mode, "sweep") && !a->nloads) {
        fprintf(stderr, "tnsim: error: key 'loads': sweep needs loads=A,B,...\n");
        return -1;
    }
    if (!strcmp(a->mode, "sweep") && a->cfg.load_set) {
        fprintf(stderr, "tnsim: error: key 'load': value '%g' is not read by tnsim sweep (it runs "
                        "the loads of loads=); allowed: leave it out\n", a->cfg.load);
        return -1;
    }
    if (strcmp(a->mode, "sweep") && (a->nloads || a->out)) {
        fprintf(stderr, "tnsim: error: key '%s' is only for tnsim sweep\n",
                a->nloads ? "loads" : "out");
        return -1;
    }
    if (a->cfg.switch_at && (!strcmp(a->mode, "sat") || !strcmp(a->mode, "bound"))) {
        fprintf(stderr, "tnsim: error: key 'switch_at': value '%ld' is not allowed with tnsim %s "
                        "(%s); allowed: 0 (off), or tnsim run / sweep\n", a->cfg.switch_at, a->mode,
                !strcmp(a->mode, "sat") ? "it bisects one load" : "the bound is of one pattern");
        return -1;
    }
    if (a->cfg.traffic == TN_TR_TRACE && (!strcmp(a->mode, "sat") || !strcmp(a->mode, "sweep"))) {
        fprintf(stderr, "tnsim: error: key 'traffic': value 'trace' is not allowed with tnsim %s "
                        "(a trace sets its own cycles and ignores load, docs/traffic.md); allowed: "
                        "tnsim run, check or name\n", a->mode);
        return -1;
    }
    if (strcmp(a->mode, "run") && strcmp(a->mode, "sweep") && strcmp(a->mode, "sat") &&
        a->seeds_set) {
        fprintf(stderr, "tnsim: error: key 'seeds': value '%d' is only for tnsim run, sweep and "
                        "sat\n", a->seeds);
        return -1;
    }
    if (a->seeds < 1)
        a->seeds = 1;
    if (strcmp(a->mode, "sat") && strcmp(a->mode, "sweep") && a->jobs_set &&
        !(!strcmp(a->mode, "run") && a->seeds > 1)) {
        fprintf(stderr, "tnsim: error: key 'jobs': value '%ld' is only for tnsim sweep and sat, "
                        "and run with seeds >= 2\n", a->jobs);
        return -1;
    }
    if (tn_seeds_check(&a->cfg, a->seeds, a->seeds_perm, err, sizeof err)) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return -1;
    }
    if (a->seeds > 1 && (a->chan_out || a->pair_src >= 0 || a->series)) {
        fprintf(stderr, "tnsim: error: key '%s' records one run; not allowed with seeds=%d "
                        "(allowed: seeds=1)\n",
                a->chan_out ? "chan_out" : a->series ? "series" : "pair", a->seeds);
        return -1;
    }
    if (strcmp(a->mode, "sat") && a->tol_set) {
        fprintf(stderr, "tnsim: error: key 'tol' is only for tnsim sat\n");
        return -1;
    }
    if (strcmp(a->mode, "sat") && a->sat_hint_set) {
        fprintf(stderr, "tnsim: error: key 'sat_hint' is only for tnsim sat\n");
        return -1;
    }
    if (a->sat_hint_set && a->sat_hint >= a->cfg.term / tn_capacity(&a->cfg)) {
        fprintf(stderr, "tnsim: error: key 'sat_hint': value '%g' is not allowed; allowed: "
                        "0.001 up to below %g (TERM / capacity, the top of the load range)\n",
                a->sat_hint, a->cfg.term / tn_capacity(&a->cfg));
        return -1;
    }
    if (strcmp(a->mode, "run") && (a->chan_out || a->pair_src >= 0 || a->pair_out || a->series)) {
        fprintf(stderr, "tnsim: error: key '%s' is only for tnsim run\n",
                a->chan_out ? "chan_out" : a->pair_out ? "pair_out" : a->series ? "series" : "pair");
        return -1;
    }
    if (a->pair_out && a->pair_src < 0) {
        fprintf(stderr, "tnsim: error: key 'pair_out' needs pair=S,D\n");
        return -1;
    }
    if (a->pair_shift && a->pair_src < 0) {
        fprintf(stderr, "tnsim: error: key 'pair_shift': value 'on' needs pair=S,D\n");
        return -1;
    }
    if (a->pair_shift && a->cfg.topo != TN_TOPO_TORUS) {
        fprintf(stderr, "tnsim: error: key 'pair_shift': value 'on' needs a torus (translation "
                        "invariance); allowed with topo=mesh: off\n");
        return -1;
    }
    {
        long nodes = 1;
        for (int d = 0; d < a->cfg.n; d++)
            nodes *= a->cfg.k;
        if (a->pair_src >= nodes || a->pair_dst >= nodes) {
            fprintf(stderr, "tnsim: error: key 'pair': value '%d,%d' is not allowed; allowed: "
                            "node ids 0..%ld\n", a->pair_src, a->pair_dst, nodes - 1);
            return -1;
        }
    }
    if (a->series_win && !a->series) {
        fprintf(stderr, "tnsim: error: key 'series_win': value '%ld' needs series=FILE\n",
                a->series_win);
        return -1;
    }
    if (a->job != TNSIM_JOB_NONE && strcmp(a->mode, "run") && strcmp(a->mode, "sweep") &&
        strcmp(a->mode, "sat")) {
        fprintf(stderr, "tnsim: error: key 'job' is only for tnsim run, sweep and sat\n");
        return -1;
    }
    if (a->job != TNSIM_JOB_NONE && (a->chan_out || a->pair_src >= 0 || a->series)) {
        fprintf(stderr, "tnsim: error: key '%s' records one run where it runs; not allowed with "
                        "job= (allowed: leave job out)\n",
                a->chan_out ? "chan_out" : a->series ? "series" : "pair");
        return -1;
    }
    if ((a->job >= 0 || a->job == TNSIM_JOB_MERGE) && !a->jobdir) {
        fprintf(stderr, "tnsim: error: key 'job': value '%s' needs jobdir=DIR (the folder of the "
                        "jobs' results)\n", a->job >= 0 ? "I" : "merge");
        return -1;
    }
    if (a->jobdir && a->job == TNSIM_JOB_NONE) {
        fprintf(stderr, "tnsim: error: key 'jobdir' needs job=I or job=merge\n");
        return -1;
    }
    if (!strcmp(a->mode, "bound") || !strcmp(a->mode, "check"))
        a->cfg.load = 0;
    /* sweep: the loads of loads=, not load=, are run: the other keys are checked at load 0 (so
     * that their faults are named as theirs), then each load */
    tn_config base = a->cfg;
    if (!strcmp(a->mode, "sweep"))
        base.load = 0;
    if (tn_config_check(&base, err, sizeof err)) {
        fprintf(stderr, "tnsim: error: %s\n", err);
        return -1;
    }
    for (int i = 0; i < a->nloads; i++) {
        tn_config c = a->cfg;
        c.load = a->loads[i];
        c.load_set = 1;
        if (tn_config_check(&c, err, sizeof err)) {
            /* "key 'load': value 'X' asks ...": the element of loads instead */
            char pre[64];
            size_t pl = (size_t)snprintf(pre, sizeof pre, "key 'load': value '%g' ", c.load);
            int own = pl < sizeof pre && !strncmp(err, pre, pl);
            fprintf(stderr, "tnsim: error: key 'loads': value '%g' (load %d of %d)%s%s\n",
                    c.load, i + 1, a->nloads, own ? " " : ": ", own ? err + pl : err);
            return -1;
        }
    }
    return 0;
}

void tnsim_usage(FILE *f) { tn_cli_usage(f, synopsis, tnsim_keys, N_TNSIM_KEYS); }
