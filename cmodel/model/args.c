/* SPDX-License-Identifier: MIT */
/* tnmodel's keys, parser and usage (tnmodel.h): tnsim's grammar (key=value words, --config
 * FILE, --json, --help, --keys) over a key table of tnmodel's own, since the model takes only a
 * few of the simulator's keys (k, n, vcs, pkt, hot_frac) and refuses the others. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnmodel.h"

static int usage_tsv; /* set by --keys: the next usage prints the key table alone, as TSV */

static int set_int(const char *v, long lo, long hi, int *out)
{
    long x;
    if (tn_cli_long(v, lo, hi, &x))
        return -1;
    *out = (int)x;
    return 0;
}

static int set_k(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 2, 64, &((tnmodel_opts *)c)->p.k); }
static int set_n(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 1, 4, &((tnmodel_opts *)c)->p.n); }
static int set_vcs(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 3, 16, &((tnmodel_opts *)c)->p.vcs); }
static int set_iter(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 1, 1000000, &((tnmodel_opts *)c)->p.iter_max); }
static int set_fb(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 0, 1, &((tnmodel_opts *)c)->p.fix_b); }
static int set_f16(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 0, 1, &((tnmodel_opts *)c)->p.fix_eq16); }
static int set_f20(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 0, 1, &((tnmodel_opts *)c)->p.fix_eq20); }
static int set_f26(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 0, 1, &((tnmodel_opts *)c)->p.fix_eq26); }
static int set_f32(void *c, const char *v, char *e, size_t l) { (void)e; (void)l; return set_int(v, 0, 1, &((tnmodel_opts *)c)->p.fix_eq32); }

/* pkt: one length L (tnsim's range form A-B is refused: the model's messages are M flits) */
static int set_pkt(void *c, const char *v, char *e, size_t l)
{
    (void)e;
    (void)l;
    return set_int(v, 1, 256, &((tnmodel_opts *)c)->p.pkt);
}

static int set_hot(void *c, const char *v, char *e, size_t l)
{
    (void)e;
    (void)l;
    return tn_cli_double(v, 0, 1, &((tnmodel_opts *)c)->p.hot_frac);
}

static int set_rate(void *c, const char *v, char *e, size_t l)
{
    (void)e;
    (void)l;
    tnmodel_opts *o = c;
    if (tn_cli_double(v, 0, 1, &o->rate))
        return -1;
    o->rate_set = 1;
    return 0;
}

static int set_tol(void *c, const char *v, char *e, size_t l)
{
    (void)e;
    (void)l;
    return tn_cli_double(v, 1e-9, 0.1, &((tnmodel_opts *)c)->tol);
}

static int set_eps(void *c, const char *v, char *e, size_t l)
{
    (void)e;
    (void)l;
    return tn_cli_double(v, 1e-15, 0.01, &((tnmodel_opts *)c)->p.eps);
}

#define RATES_RANGE "1..64 comma-separated rates in 0..1"

/* rates=A,B,...: -1 with err naming the element at fault */
static int set_rates(void *c, const char *v, char *err, size_t errlen)
{
    tnmodel_opts *o = c;
    char buf[1024], sv[96];
    if (strlen(v) >= sizeof buf)
        return -1;
    strcpy(buf, v);
    o->nrates = 0;
    int i = 0;
    for (char *p = buf, *e;; p = e + 1) {
        e = strchr(p, ',');
        if (e)
            *e = 0;
        double x;
        i++;
        if (tn_cli_double(p, 0, 1, &x)) {
            snprintf(err, errlen, "key 'rates': value '%s' (rate %d of the list) is not allowed; "
                     "allowed: " RATES_RANGE, tn_text_show(sv, sizeof sv, p, strlen(p)), i);
            return -1;
        }
        if (o->nrates == TNMODEL_MAX_RATES) {
            snprintf(err, errlen, "key 'rates': more than %d rates; allowed: " RATES_RANGE,
                     TNMODEL_MAX_RATES);
            return -1;
        }
        o->rates[o->nrates++] = x;
        if (!e)
            break;
    }
    return 0;
}

static const tn_cli_key keys[] = {
    {"k", "2..64", "8", "radix", set_k},
    {"n", "1..4", "2", "dimensions (k^n <= 65536); the model's torus is unidirectional", set_n},
    {"vcs", "3..16", "3", "VCs per channel, V: V-2 adaptive and 2 deterministic (Duato)", set_vcs},
    {"pkt", "1..256", "32", "message length M in flits (one length)", set_pkt},
    {"hot_frac", "0..1", "0.1", "h: fraction of messages sent to the hot spot", set_hot},
    {"rate", "0..1", "0.001", "run: lambda, messages generated per node per cycle (Poisson)",
     set_rate},
    {"rates", RATES_RANGE, "-", "sweep: the rates, A,B,... (messages/node/cycle)", set_rates},
    {"fix_b", "0 1", "1", "1: regular (1-h)lambda, hot spot h lambda (eqs. 5, 7 as printed); "
     "0: assumption (b)'s swapped labels in eqs. 5 and 7", set_fb},
    {"fix_eq16", "0 1", "1", "1: P_t = min(1, 1/l) (the F5 clamp); 0: P_t = 1/l as printed "
     "(negative probabilities for messages of fewer hops than dimensions)", set_f16},
    {"fix_eq20", "0 1", "0", "1: P_d = P_V + P_(V-1)/V (one deterministic VC usable); 0: as "
     "printed, P_V + 2 P_(V-1)/V", set_f20},
    {"fix_eq26", "0 1", "0", "1: eq. 26 sums B_h[l+i-j+1, i] (the hops after the channel); 0: as "
     "printed, B_h[l+i-j, i]", set_f26},
    {"fix_eq32", "0 1", "0", "1: the source queue's arrival rate lambda/V (eq. 32's text); 0: "
     "lambda as printed", set_f32},
    {"tol", "1e-9..0.1", "1e-4", "lambda_sat: the bisection stops when hi - lo <= tol * hi",
     set_tol},
    {"iter_max", "1..1000000", "3000", "iterations of the fixed point before a rate counts as "
     "saturated", set_iter},
    {"eps", "1e-15..0.01", "1e-9", "converged when the sum of |change| of the blocking times <= "
     "eps * max(1, their sum)", set_eps},
};
#define NKEYS ((int)(sizeof keys / sizeof keys[0]))

static const char synopsis[] =
    "usage: tnmodel [run|sweep] key=value ... [--config FILE] [--json]\n"
    "  run    the mean message latency at rate= and lambda_sat (default)\n"
    "  sweep  one row per rate of rates=A,B,... (CSV; --json: an array of run's objects)\n"
    "Paper 004's analytical model (Sarbazi-Azad, Ould-Khaoua, Mackenzie): Duato's fully adaptive\n"
    "wormhole routing on a unidirectional k-ary n-cube with a hot spot, solved by fixed-point\n"
    "iteration; lambda_sat is the largest rate at which it converges, found by bisection.\n"
    "--config FILE: key=value lines (# comments); later arguments override it; at most 1022\n"
    "  characters a line and 1048576 bytes.\n"
    "A wrong key or value exits with status 2 (see docs/tnmodel.md).\n";

static int set_one(tnmodel_opts *o, const char *key, const char *val, char *err, size_t errlen)
{
    char sv[240];
    for (int i = 0; i < NKEYS; i++) {
        if (strcmp(key, keys[i].name))
            continue;
        err[0] = 0;
        if (!keys[i].set(o, val, err, errlen))
            return 0;
        if (!err[0])
            snprintf(err, errlen, "key '%s': value '%s' is not allowed; allowed: %s", key,
                     tn_text_show(sv, sizeof sv, val, strlen(val)), keys[i].range);
        return -1;
    }
    char sk[80];
    snprintf(err, errlen, "unknown key '%s' (value '%s'); allowed keys:",
             tn_text_show(sk, sizeof sk, key, strlen(key)),
             tn_text_show(sv, sizeof sv, val, strlen(val)));
    for (int i = 0; i < NKEYS; i++) {
        size_t u = strlen(err);
        snprintf(err + u, errlen - u, " %s", keys[i].name);
    }
    return -1;
}

/* tn_config_each's callback: one key=value line of a --config file */
static int file_set(void *o, const char *key, const char *val, char *err, size_t errlen)
{
    return set_one(o, key, val, err, errlen);
}

int tnmodel_parse(tnmodel_opts *o, int argc, char **argv, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    tn_hs_default(&o->p);
    o->mode = "run";
    o->rate = 0.001;
    o->tol = 1e-4;
    int i = 1;
    if (argc > 1 && (!strcmp(argv[1], "run") || !strcmp(argv[1], "sweep")))
        o->mode = argv[i++];
    for (; i < argc; i++) {
        const char *a = argv[i];
        char sv[120];
        if (!strcmp(a, "--json")) {
            o->json = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return 1;
        if (!strcmp(a, "--keys")) {
            usage_tsv = 1;
            return 1;
        }
        if (!strcmp(a, "--config")) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "--config needs a FILE");
                return -1;
            }
            if (tn_config_each(argv[++i], file_set, o, err, errlen))
                goto bad;
            continue;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a) {
            snprintf(err, errlen, "argument '%s' is not key=value (see tnmodel --help)",
                     tn_text_show(sv, sizeof sv, a, strlen(a)));
            return -1;
        }
        char key[64];
        size_t kl = (size_t)(eq - a);
        if (kl >= sizeof key) {
            snprintf(err, errlen, "key '%s' is too long; allowed: at most %zu characters",
                     tn_text_show(sv, 24, a, kl), sizeof key - 1);
            return -1;
        }
        memcpy(key, a, kl);
        key[kl] = 0;
        if (set_one(o, key, eq + 1, err, errlen))
            goto bad;
    }
    if (!strcmp(o->mode, "sweep") && !o->nrates) {
        snprintf(err, errlen, "key 'rates': tnmodel sweep needs rates=A,B,...; allowed: "
                 RATES_RANGE);
        return -1;
    }
    if (!strcmp(o->mode, "sweep") && o->rate_set) {
        snprintf(err, errlen, "key 'rate': value '%g' is not read by tnmodel sweep (it solves the "
                 "rates of rates=); allowed: leave it out", o->rate);
        return -1;
    }
    if (strcmp(o->mode, "sweep") && o->nrates) {
        snprintf(err, errlen, "key 'rates' is only for tnmodel sweep; allowed: rate=X for run");
        return -1;
    }
    if (tn_hs_check(&o->p, err, errlen))
        return -1;
    return 0;
bad:
    tn_err_safe(err, errlen);
    return -1;
}

void tnmodel_usage(FILE *f)
{
    int wn = 3, wd = 7, wr = 7;
    for (int i = 0; i < NKEYS; i++) {
        int a = (int)strlen(keys[i].name), b = (int)strlen(keys[i].def), c = (int)strlen(keys[i].range);
        wn = a > wn ? a : wn;
        wd = b > wd ? b : wd;
        wr = c > wr ? c : wr;
    }
    if (wr > 30)
        wr = 30;
    if (!usage_tsv)
        fprintf(f, "%skeys (key=value on the command line or one per line in --config FILE):\n",
                synopsis);
    for (int i = -1; i < NKEYS; i++) {
        const char *nm = i < 0 ? "key" : keys[i].name, *d = i < 0 ? "default" : keys[i].def,
                   *r = i < 0 ? "allowed" : keys[i].range, *h = i < 0 ? "help" : keys[i].help;
        if (usage_tsv)
            fprintf(f, "%s\t%s\t%s\t%s\n", nm, d, r, h);
        else
            fprintf(f, "  %-*s %-*s %-*s %s\n", wn, nm, wd, d, wr, r, h);
    }
    usage_tsv = 0;
}
