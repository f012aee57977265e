/* SPDX-License-Identifier: MIT */
/* tn_cli: the command line of the model's programs (tnsim, tnlock). One table of the model's
 * keys (cmodel/src/config.c) gives the parser, the usage text and the unknown-key message; a
 * program adds its own keys as an array of tn_cli_key. */
#ifndef TN_CLI_H
#define TN_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "tn.h"

/* Enough for any message of tn_cli_parse, the unknown-key message with every key included. */
#define TN_CLI_ERRLEN 1024

typedef struct tn_cli_key {           /* one extra key of a program, beyond the model's keys */
    const char *name;
    const char *range;                /* allowed values, as shown in messages and usage */
    const char *def;                  /* default as shown in usage (NULL: shown as "-") */
    const char *help;                 /* one line */
    /* 0, or -1 with err. When set returns -1 and leaves err empty (err[0] == 0), tn_cli_parse
     * writes "key 'K': value 'V' is not allowed; allowed: RANGE". value lives only during the
     * call (a --config file's line): copy it to keep it. */
    int (*set)(void *ctx, const char *value, char *err, size_t errlen);
} tn_cli_key;

/* Parse argv[first..argc): key=value words, "--config FILE" (tn_config_load semantics: a file of
 * key=value lines, # comments; extra keys allowed there too), "--json" (sets *json = 1; with
 * json NULL "--json" is refused as not key=value).
 * Model keys go to cfg (tn_config_set), extra keys to their set(ctx, ...); an extra key of the
 * same name as a model key takes precedence. cfg is not reset: the caller sets its defaults
 * first. Arguments are taken in order; later ones override earlier ones. Returns 0, or -1 with
 * err naming the key, the value and the allowed range (TN_CLI_ERRLEN is enough); an unknown
 * key's message lists every model key and every extra key. "--help"/"-h" returns 1 (caller
 * prints usage and exits 0). The combination of values is not checked (tn_config_check). */
int tn_cli_parse(int argc, char **argv, int first, tn_config *cfg, const tn_cli_key *extra,
                 int nextra, void *ctx, int *json, char *err, size_t errlen);

/* Usage: synopsis line(s) given by the caller (a newline added if it lacks its last; NULL or ""
 * prints none), then one line per model key and per extra key: name, default, allowed range,
 * help, aligned. */
void tn_cli_usage(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra);
/* The same, where a program's own defaults differ from the model's: over lists "key=value"
 * strings (NULL-terminated) whose value the default column shows for that model key. */
void tn_cli_usage_defs(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra,
                       const char *const *over);
/* The same with the line above the key table given (tnhost's keys are read from the command
 * line only). */
void tn_cli_usage_head(FILE *f, const char *synopsis, const char *head, const tn_cli_key *extra,
                       int nextra, const char *const *over);

/* The two number forms of every key, in tnsim, tnlock and tnhost alike. An integer is decimal
 * digits only: no sign, blank, "0x" or exponent. A number is decimal notation: digits with an
 * optional fraction (or a fraction alone, ".5"), then an optional exponent (e, an optional sign,
 * digits); no sign, blank, hexadecimal, "inf" or "nan". Each returns 0 and sets *out when v has
 * its form and lies in lo..hi, else -1 (*out unchanged). */
int tn_cli_long(const char *v, long lo, long hi, long *out);
int tn_cli_double(const char *v, double lo, double hi, double *out);

/* Content name of a configuration, for run names and file names, e.g.
 * t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1:
 * "t" (torus) or "m" (mesh), then K repeated N times joined by "x" ("t4x4", "m4x4", "t8"),
 * _v<vcs>, _<routing> (+ _<selection> when routing is minad, goal, gal or chaos), _b<buf>,
 * _p<pkt> (or _p<min>-<max>), _<traffic> (+ _ps<perm_seed> for randperm), _l<load> (%g, with
 * more digits only when needed to give the exact double back), _s<seed>, then _<key><value>
 * (e.g. _term2, _transiton, _gal_setsdir, _gal_qd8) for each of term, transit, dateline,
 * gal_sets, gal_t, gal_adapt, gal_qdepth whose value differs from tn_config_default's; with
 * gal_adapt on, _gal_tmin<n>, _gal_tmax<n>, _gal_n1<n>, _gal_n2<n> for those that differ; under
 * routing=chaos, _chaos_wait<n> and _chaos_q<n> likewise; with a switch,
 * _sw<switch_at>_<second traffic>_l<second load>; with hotspot traffic (first or second),
 * _hf<hot_frac>_hn<node>-<node>...; with a trace, _tr<the file's name without its folder, lower
 * case, any character but [a-z0-9.-] made _>; under routing=acor then the sequence
 * (_box-goalq-full), _acor_packet, _hi_<n>, _it1_<n>, _it2_<n>, _dt1_<n>, _dt2_<n> for those that
 * differ. Only [a-z0-9_.-]. Returns the length of the name, or -1 when it does not fit in len
 * or is longer than 511 characters (buf then holds as much as fits, terminated). */
int tn_config_name(const tn_config *c, char *buf, size_t len);

/* Replications (seeds=N in tnsim and tnhost): Student's t quantile 0.975 for df >= 1 degrees of
 * freedom (0 for df < 1), exact for an integer df (its closed-form distribution, bisected); the
 * mean of x[0..n), its sample standard deviation, the half-width of the mean's 95 % confidence
 * interval and the t used (n - 1 degrees of freedom; sd, ci and t 0 for n = 1). */
double tn_t975(int df);
void tn_mean_ci(const double *x, int n, double *mean, double *sd, double *ci, double *t);
/* seeds=N's combinations with c (tnsim and tnhost): seeds_perm on (perm) needs N >= 2 and a
 * randperm pattern, and the last seed (and perm_seed with perm) must fit 32 bits. 0, or -1 with
 * err naming the key, the value and the allowed range. */
int tn_seeds_check(const tn_config *c, int seeds, int perm, char *err, size_t len);
/* The JSON fields ', "mean": {...}, "sd": {...}, "ci95": {...}' of nf statistics named names */
void tn_summary_json(FILE *f, const char *const *names, int nf, const double *mean,
                     const double *sd, const double *ci);

#endif
