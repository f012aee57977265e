/* SPDX-License-Identifier: MIT */
/* tnsim's command line (cmodel/cli/): the parsed arguments and what each file offers.
 *   tnsim.c   main: the modes name, check, bound; run, sweep and sat from the files below
 *   args.c    tnsim's own keys beside the model's (one key table, tn_cli.h), the checks of
 *             combinations, the usage text
 *   record.c  one simulation and its recorders (chan_out, pair, series); the mode run
 *   report.c  the statistics as text or JSON, and the failures
 *   sweep.c   the modes sweep (one run per load) and sat (bisection)
 *   pool.c    several simulations at once (jobs=N), each in a process of its own
 *   seeds.c   seeds=N: replications of one configuration, their mean and 95 % interval
 *   stats.c   the mode stats: the same summary of the numbers on standard input
 *   job.c     job=list|I|merge: the simulations as independent jobs, their results merged */
#ifndef TNSIM_H
#define TNSIM_H
#include <stdio.h>
#include "tn.h"
#include "tn_cli.h"

#define MAX_LOADS 64
#define MAX_JOBS 64 /* jobs=N: simulations at once; a batch holds at most MAX_LOADS */
#define PATH_LEN 4096 /* file keys: the value and its terminating 0 */

typedef struct cli {
    tn_config cfg;
    int json;
    const char *mode;
    double loads[MAX_LOADS];
    int nloads;
    double tol;
    int tol_set;
    double sat_hint;          /* sat: 0, or the load the warm-started search brackets first */
    int sat_hint_set;
    long jobs;                /* sweep, sat: simulations at once (processes), 1..MAX_JOBS */
    int jobs_set;
    int seeds;                /* run, sweep: replications, seeds seed .. seed + seeds - 1 */
    int seeds_set;
    int seeds_perm;           /* seeds_perm=on: replication i also takes perm_seed + i */
    const char *out;
    const char *chan_out;
    int pair_src, pair_dst;   /* pair=S,D: record the packets of one source/destination pair */
    int pair_shift;           /* pair_shift=on: every pair (s, s + (D - S)), per dimension mod k */
    const char *pair_out;
    const char *series;       /* series=FILE: accepted throughput per window of series_win */
    long series_win;
    int job;                  /* job=: TNSIM_JOB_NONE, _LIST, _MERGE, or a job's index */
    const char *jobdir;       /* jobdir=DIR: the jobs' results */
    /* the file keys' values (a --config file's line does not outlive its parsing) */
    char out_buf[PATH_LEN], chan_out_buf[PATH_LEN], pair_out_buf[PATH_LEN], series_buf[PATH_LEN];
    char jobdir_buf[PATH_LEN];
} cli;
#define TNSIM_JOB_NONE (-1)
#define TNSIM_JOB_LIST (-2)
#define TNSIM_JOB_MERGE (-3)
#define TNSIM_JOB_MAX (MAX_LOADS * MAX_LOADS) /* sweep: 64 loads of 64 replications */

/* args.c: 0, -1 on bad input (message printed), 1 for --help */
int tnsim_parse(cli *a, int argc, char **argv);
void tnsim_usage(FILE *f);
/* record.c: one simulation with the recorders the keys ask for; 0, 1 (failed run), 2 (error) */
int tnsim_simulate(const tn_config *c, tn_stats *st, char *first_err, size_t len);
/* the same without printing a configuration's error: it is in cfg_err when the result is 2 */
int tnsim_simulate_quiet(const tn_config *c, tn_stats *st, char *first_err, size_t len,
                         char *cfg_err, size_t cfg_len);
/* pool.c: the simulations of cfgs[0..n) (n <= MAX_LOADS), at most jobs at once; each result is
 * handed to take(i, result, user) in the order of i as soon as it and those before it are done
 * (take may be NULL). A take that returns non-zero stops the rest (those running are killed):
 * then 1 is returned, else 0. A child process that fails gives rc 2 with cfg_err saying how. */
typedef struct tnsim_result {
    int rc;                   /* tnsim_simulate's: 0, 1 (failed run), 2 (error) */
    tn_stats st;
    char first[TN_ERRLEN];    /* the run's first failure */
    char cfg_err[TN_ERRLEN];  /* rc 2: why */
} tnsim_result;
typedef int (*tnsim_take_fn)(int i, const tnsim_result *r, void *user);
int tnsim_run_many(const tn_config *cfgs, int n, int jobs, tnsim_result *res, tnsim_take_fn take,
                   void *user);
int tnsim_run(const cli *a); /* the mode run: exit status */
/* Output files (out, chan_out, pair_out, series) and standard output: tnsim_out_ok flushes f
 * and returns 0 when every write to it succeeded, else 2 with "tnsim: error: key 'KEY': cannot
 * write 'PATH': REASON" printed (1 with "tnsim: error: standard output: REASON" for stdout);
 * tnsim_out_close does the same, then closes f (never stdout) and checks that too. */
int tnsim_out_ok(FILE *f, const char *key, const char *path);
/* fflush(f) (NULL: every output stream) keeping a failure's reason for tnsim_out_ok's message */
int tnsim_flush(FILE *f);
/* 1 when tnsim_out_ok or tnsim_out_close has told a failed write to standard output */
int tnsim_stdout_told(void);
int tnsim_out_close(FILE *f, const char *key, const char *path);
/* stats.c: tnsim stats [--json] (argv[1] is "stats"): exit status 0 or 2 */
int tnsim_stats(int argc, char **argv);
/* report.c */
void tnsim_describe(const tn_config *c, char *buf, size_t len);
void tnsim_print_json(const tn_config *c, const tn_stats *st, FILE *f, const char *end);
void tnsim_print_text(const tn_config *c, const tn_stats *st);
int tnsim_report_errors(const tn_stats *st, const char *first);
/* sweep.c: the modes sweep (CSV, or with --json an array of run --json's objects, one per
 * load) and sat, exit status */
int tnsim_sweep(cli *a);
int tnsim_sat(cli *a);
int tnsim_sat_seeds(cli *a); /* sat with seeds > 1: one search per replication, summarised */
/* One saturation search (sat's job): its loads and runs, and in res its status (0, 1 a failed
 * run, 2 an error, told on stderr) with the failing probe's statistics and messages */
typedef struct tnsim_search {
    double lo, lo_acc, hi_acc;
    int runs;
    tnsim_result res;
} tnsim_search;
int tnsim_sat_search(const cli *a, const tn_config *c, tnsim_search *s);
/* job.c: job=list, job=I (a simulation or search written to jobdir), job=merge; exit status.
 * While a merge runs, each simulation (tnsim_simulate_quiet) and search takes the next job's
 * result instead of running: tnsim_job_take_sim / _search return 1 with it, else 0. */
int tnsim_job(cli *a);
int tnsim_job_take_sim(tnsim_result *r);
int tnsim_job_take_search(tnsim_search *s);
/* A job's result (one line with its '\n', changed in place) into s when it is job i of n of the
 * command with fingerprint fp (search: sat's kind): 0, or -1 with why ("is corrupted (...)", a
 * message without control bytes) */
int tnsim_job_decode(char *line, int i, int n, uint64_t fp, int search, tnsim_search *s,
                     char *why, size_t wlen);
/* seeds.c: the replications' configurations (a->seeds of them) from base; the mode run with
 * seeds > 1 (exit status); sweep's rows with seeds > 1: the CSV header's extra columns, and one
 * load's row (or JSON object, followed by ",\n" unless last); 0, 1 (a failed run) or 2 (an
 * error). Their statistics: tn_mean_ci (tn_cli.h). */
void tnsim_seed_cfgs(const cli *a, const tn_config *base, tn_config *cfgs);
int tnsim_run_seeds(const cli *a);
void tnsim_sweep_seeds_header(FILE *f);
int tnsim_sweep_seeds(const cli *a, const tn_config *base, FILE *f, int last);
#endif
