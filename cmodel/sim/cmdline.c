/* SPDX-License-Identifier: MIT */
/* The command line of the model's programs (tn_cli.h): key=value words and --config files
 * (one line reader, text.c's, for tn_config_load and tn_cli_parse), the usage text, and the
 * content name of a configuration. The model's keys come from the table of config.c
 * (tn_keys.h); the text helpers (line reader, escapes, JSON numbers) are in text.c. */
#include <errno.h>
#include <math.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_cli.h"
#include "tn_keys.h"

/* Set by "--keys": the next usage prints the key table alone, tab-separated (key, default,
 * allowed, help), for tools/gen_keydocs.py; that usage clears it. */
static int usage_tsv;

/* One key=value: an extra key of the program first, then the model's. */
static int set_one(tn_config *cfg, const tn_cli_key *extra, int nextra, void *ctx,
                   const char *key, const char *val, char *err, size_t errlen)
{
    for (int i = 0; i < nextra; i++) {
        if (strcmp(key, extra[i].name))
            continue;
        if (errlen)
            err[0] = 0;
        if (!extra[i].set(ctx, val, err, errlen))
            return 0;
        char sv[TN_SHOW_LEN];
        if (errlen && !err[0])
            snprintf(err, errlen, "key '%s': value '%s' is not allowed; allowed: %s", key,
                     tn_val_show(val, sv), extra[i].range);
        return -1;
    }
    if (!nextra || tn_key_find(key))
        return tn_config_set(cfg, key, val, err, errlen);
    return tn_key_unknown(key, val, extra, nextra, err, errlen);
}

int tn_config_each(const char *path, tn_config_line_fn set, void *ctx, char *err, size_t errlen)
{
    errno = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "--config: cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    char line[TN_CONFIG_LINE + 1], sv[TN_SHOW_LEN];
    tn_line_reader r;
    tn_line_init(&r, f, TN_CONFIG_BYTES);
    int rc = 0, got;
    size_t len;
    while (!rc && (got = tn_line_read(&r, line, TN_CONFIG_LINE, &len)) != TN_LINE_EOF) {
        int lineno = (int)r.line;
        rc = -1;
        if (got == TN_LINE_NUL)
            snprintf(err, errlen, "%s:%d: byte %ld is a NUL byte; allowed: text without NUL "
                     "bytes", path, lineno, r.col);
        else if (got == TN_LINE_LONG)
            snprintf(err, errlen, "%s:%d: line longer than %d characters", path, lineno,
                     TN_CONFIG_LINE);
        else if (got == TN_LINE_BIG)
            snprintf(err, errlen, "%s:%d: the file is longer than %d bytes; allowed: at most %d "
                     "bytes", path, lineno, TN_CONFIG_BYTES, TN_CONFIG_BYTES);
        else if (got == TN_LINE_ERR)
            snprintf(err, errlen, "--config: %s:%d: read error: %s", path, lineno,
                     r.err ? strerror(r.err) : "unknown");
        else
            rc = 0;
        if (rc)
            break;
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        char *hash = strchr(s, '#');
        if (hash)
            *hash = 0;
        len = strlen(s);
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            s[--len] = 0;
        if (!len)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, errlen, "%s:%d: expected key=value, got '%s'", path, lineno,
                     tn_val_show(s, sv));
            rc = -1;
            break;
        }
        *eq = 0;
        char *key = s, *val = eq + 1;
        size_t kl = strlen(key);
        while (kl && (key[kl - 1] == ' ' || key[kl - 1] == '\t'))
            key[--kl] = 0;
        while (*val == ' ' || *val == '\t')
            val++;
        char sub[TN_CLI_ERRLEN];
        if (set(ctx, key, val, sub, sizeof sub)) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, sub);
            rc = -1;
            break;
        }
    }
    fclose(f);
    return rc;
}

/* tn_config_each's callback for tnsim's and tnlock's files: the model's keys and the program's. */
typedef struct cli_file_ctx {
    tn_config *cfg;
    const tn_cli_key *extra;
    int nextra;
    void *ctx;
} cli_file_ctx;

static int cli_file_set(void *p, const char *key, const char *val, char *err, size_t errlen)
{
    cli_file_ctx *c = p;
    return set_one(c->cfg, c->extra, c->nextra, c->ctx, key, val, err, errlen);
}

static int load_file(const char *path, tn_config *cfg, const tn_cli_key *extra, int nextra,
                     void *ctx, char *err, size_t errlen)
{
    cli_file_ctx c = {cfg, extra, nextra, ctx};
    return tn_config_each(path, cli_file_set, &c, err, errlen);
}

int tn_config_load(tn_config *c, const char *path, char *err, size_t errlen)
{
    int rc = load_file(path, c, NULL, 0, NULL, err, errlen);
    if (rc)
        tn_err_safe(err, errlen);
    return rc;
}

static int cli_parse(int argc, char **argv, int first, tn_config *cfg, const tn_cli_key *extra,
                     int nextra, void *ctx, int *json, char *err, size_t errlen);

int tn_cli_parse(int argc, char **argv, int first, tn_config *cfg, const tn_cli_key *extra,
                 int nextra, void *ctx, int *json, char *err, size_t errlen)
{
    int rc = cli_parse(argc, argv, first, cfg, extra, nextra, ctx, json, err, errlen);
    if (rc < 0)
        tn_err_safe(err, errlen);
    return rc;
}

static int cli_parse(int argc, char **argv, int first, tn_config *cfg, const tn_cli_key *extra,
                     int nextra, void *ctx, int *json, char *err, size_t errlen)
{
    /* argv[0] names the program only when the keys start after it (tnhost passes its command's
     * arguments from 0) */
    const char *prog = first > 0 && argc > 0 && argv[0] ? argv[0] : "";
    const char *slash = strrchr(prog, '/');
    if (slash)
        prog = slash + 1;
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (json && !strcmp(arg, "--json")) {
            *json = 1;
            continue;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
            return 1;
        if (!strcmp(arg, "--keys")) { /* the usage that follows is the key table alone, as TSV */
            usage_tsv = 1;
            return 1;
        }
        if (!strcmp(arg, "--config")) {
            if (i + 1 >= argc) {
                snprintf(err, errlen, "--config needs a FILE");
                return -1;
            }
            if (load_file(argv[++i], cfg, extra, nextra, ctx, err, errlen))
                return -1;
            continue;
        }
        const char *eq = strchr(arg, '=');
        if (!eq || eq == arg) {
            if (*prog)
                snprintf(err, errlen, "argument '%s' is not key=value (see %s --help)", arg, prog);
            else
                snprintf(err, errlen, "argument '%s' is not key=value", arg);
            return -1;
        }
        char key[64];
        size_t kl = (size_t)(eq - arg);
        if (kl >= sizeof key) {
            snprintf(err, errlen, "key '%.*s...' is too long; allowed: at most %zu characters",
                     20, arg, sizeof key - 1);
            return -1;
        }
        memcpy(key, arg, kl);
        key[kl] = 0;
        if (set_one(cfg, extra, nextra, ctx, key, eq + 1, err, errlen))
            return -1;
    }
    return 0;
}

/* ---- usage ---- */

#define BRIEF_MAX 30 /* widest allowed-range column; longer ranges push their help right */

static int imax(int a, int b)
{
    return a > b ? a : b;
}

static void usage_line(FILE *f, int wn, int wd, int wr, const char *name, const char *def,
                       const char *range, const char *help)
{
    if (usage_tsv)
        fprintf(f, "%s\t%s\t%s\t%s\n", name, def ? def : "-", range, help);
    else
        fprintf(f, "  %-*s %-*s %-*s %s\n", wn, name, wd, def ? def : "-", wr, range, help);
}

/* The default a program shows for model key name: its own from over ("name=value" strings,
 * NULL-terminated; over itself may be NULL), else the model's. */
static const char *shown_def(const char *name, const char *def, const char *const *over)
{
    size_t n = strlen(name);
    for (; over && *over; over++)
        if (!strncmp(*over, name, n) && (*over)[n] == '=')
            return *over + n + 1;
    return def;
}

void tn_cli_usage(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra)
{
    tn_cli_usage_defs(f, synopsis, extra, nextra, NULL);
}

void tn_cli_usage_defs(FILE *f, const char *synopsis, const tn_cli_key *extra, int nextra,
                       const char *const *over)
{
    tn_cli_usage_head(f, synopsis, "keys (key=value on the command line or one per line in "
                                   "--config FILE):", extra, nextra, over);
}

void tn_cli_usage_head(FILE *f, const char *synopsis, const char *head, const tn_cli_key *extra,
                       int nextra, const char *const *over)
{
    int nk;
    const tn_key *k = tn_keys(&nk);
    char brief[256];
    int wn = 3, wd = 7, wr = 7; /* "key", "default", "allowed" */
    for (int i = 0; i < nk; i++) {
        tn_key_brief(&k[i], brief, sizeof brief);
        wn = imax(wn, (int)strlen(k[i].name));
        const char *d = shown_def(k[i].name, k[i].def, over);
        wd = imax(wd, d ? (int)strlen(d) : 1);
        wr = imax(wr, imax((int)strlen(brief), BRIEF_MAX));
    }
    for (int i = 0; i < nextra; i++) {
        wn = imax(wn, (int)strlen(extra[i].name));
        wd = imax(wd, extra[i].def ? (int)strlen(extra[i].def) : 1);
        wr = imax(wr, (int)strlen(extra[i].range));
    }
    if (wr > BRIEF_MAX)
        wr = BRIEF_MAX;
    if (synopsis && *synopsis && !usage_tsv)
        fprintf(f, "%s%s", synopsis, synopsis[strlen(synopsis) - 1] == '\n' ? "" : "\n");
    if (!usage_tsv)
        fprintf(f, "%s\n", head);
    usage_line(f, wn, wd, wr, "key", "default", "allowed", "help");
    for (int i = 0; i < nk; i++) {
        tn_key_brief(&k[i], brief, sizeof brief);
        usage_line(f, wn, wd, wr, k[i].name, shown_def(k[i].name, k[i].def, over), brief,
                   k[i].help);
    }
    for (int i = 0; i < nextra; i++)
        usage_line(f, wn, wd, wr, extra[i].name, extra[i].def, extra[i].range, extra[i].help);
    usage_tsv = 0; /* --keys asks for one table */
}

/* ---- content name ---- */

/* The shortest %.Ng, N >= 6 (that is %g), that reads back as x. */
static void shortest_g(double x, char *buf, size_t len)
{
    for (int p = 6; p <= 17; p++) {
        snprintf(buf, len, "%.*g", p, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

int tn_config_name(const tn_config *c, char *buf, size_t len)
{
    char s[512], num[40];
    size_t u = 0;
    tn_config d;
    tn_config_default(&d);
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (u < sizeof s)                                                                          \
            u += (size_t)snprintf(s + u, sizeof s - u, __VA_ARGS__);                               \
    } while (0)
    PUT("%c", c->topo == TN_TOPO_MESH ? 'm' : c->topo == TN_TOPO_UTORUS ? 'u' : 't');
    for (int i = 0; i < c->n; i++)
        PUT("%s%d", i ? "x" : "", c->k);
    PUT("_v%d_%s", c->vcs, tn_routing_name(c->routing));
    if (c->routing == TN_ROUTE_MINAD || c->routing == TN_ROUTE_GOAL ||
        c->routing == TN_ROUTE_GAL || c->routing == TN_ROUTE_CHAOS)
        PUT("_%s", tn_selection_name(c->selection));
    PUT("_b%d", c->buf);
    if (c->pkt_min == c->pkt_max)
        PUT("_p%d", c->pkt_min);
    else
        PUT("_p%d-%d", c->pkt_min, c->pkt_max);
    PUT("_%s", tn_traffic_name(c->traffic));
    if (c->traffic == TN_TR_RANDPERM)
        PUT("_ps%u", (unsigned)c->perm_seed);
    shortest_g(c->load, num, sizeof num);
    PUT("_l%s_s%u", num, (unsigned)c->seed);
    if (c->term != d.term)
        PUT("_term%d", c->term);
    if (c->transit != d.transit)
        PUT("_transit%s", c->transit ? "on" : "off");
    if (c->dateline != d.dateline)
        PUT("_dateline%s", c->dateline ? "on" : "off");
    if (c->pipe != d.pipe)
        PUT("_pipe%d", c->pipe);
    /* GAL's keys only under GAL, as ACOR's and CHAOS's under theirs: elsewhere they change
     * nothing, and equal runs get one name */
    if (c->routing == TN_ROUTE_GAL && c->gal_sets != d.gal_sets) {
        const tn_key *k = tn_key_find("gal_sets");
        PUT("_gal_sets%s", c->gal_sets >= 0 && c->gal_sets < k->count ? k->names[c->gal_sets]
                                                                        : "x");
    }
    if (c->routing == TN_ROUTE_GAL && c->gal_t != d.gal_t)
        PUT("_gal_t%d", c->gal_t);
    if (c->routing == TN_ROUTE_GAL && c->gal_adapt != d.gal_adapt)
        PUT("_gal_adapt%s", c->gal_adapt ? "on" : "off");
    if (c->routing == TN_ROUTE_GAL && c->gal_qdepth != d.gal_qdepth)
        PUT("_gal_qd%d", c->gal_qdepth);
    if (c->routing == TN_ROUTE_GAL && c->gal_adapt) { /* the adaptive threshold's keys that differ from their defaults */
        const int v[4] = {c->gal_tmin, c->gal_tmax, c->gal_n1, c->gal_n2};
        const int w[4] = {d.gal_tmin, d.gal_tmax, d.gal_n1, d.gal_n2};
        static const char *const nm[4] = {"tmin", "tmax", "n1", "n2"};
        for (int i = 0; i < 4; i++)
            if (v[i] != w[i])
                PUT("_gal_%s%d", nm[i], v[i]);
    }
    if (c->routing == TN_ROUTE_CHAOS) {
        if (c->chaos_wait != d.chaos_wait)
            PUT("_chaos_wait%d", c->chaos_wait);
        if (c->chaos_q != d.chaos_q)
            PUT("_chaos_q%d", c->chaos_q);
    }
    if (c->switch_at > 0) { /* the second pattern: its cycle, pattern and load */
        const int tr2 = c->switch_traffic_set ? c->switch_traffic : c->traffic;
        PUT("_sw%ld_%s", c->switch_at, tn_traffic_name(tr2));
        if (tr2 == TN_TR_RANDPERM && c->traffic != TN_TR_RANDPERM) /* its permutation's seed */
            PUT("_ps%u", (unsigned)c->perm_seed);
        shortest_g(c->switch_load_set ? c->switch_load : c->load, num, sizeof num);
        PUT("_l%s", num);
    }
    if (c->traffic == TN_TR_HOTSPOT ||
        (c->switch_at > 0 && c->switch_traffic_set && c->switch_traffic == TN_TR_HOTSPOT)) {
        shortest_g(c->hot_frac, num, sizeof num);
        PUT("_hf%s_hn", num);
        for (int i = 0; i < c->n_hot; i++)
            PUT("%s%d", i ? "-" : "", c->hot[i]);
        if (c->hot_others)
            PUT("_hothers");
    }
    if (c->traffic == TN_TR_TRACE) { /* the trace file's name, lower case, without its folder */
        const char *b = strrchr(c->trace, '/');
        PUT("_tr");
        for (b = b ? b + 1 : c->trace; *b; b++)
            PUT("%c", isalnum((unsigned char)*b) || *b == '.' || *b == '-'
                          ? (char)tolower((unsigned char)*b) : '_');
    }
    if (c->routing == TN_ROUTE_ACOR) { /* the ACOR keys that differ from their defaults */
        const tn_key *k = tn_key_find("acor_seq");
        if (c->acor_seq != d.acor_seq)
            PUT("_%s", c->acor_seq >= 0 && c->acor_seq < k->count ? k->names[c->acor_seq] : "x");
        if (c->acor_mode != d.acor_mode)
            PUT("_acor_%s", c->acor_mode == TN_ACOR_MODE_PACKET ? "packet" : "router");
        const int v[5] = {c->acor_hi, c->acor_it1, c->acor_it2, c->acor_dt1, c->acor_dt2};
        const int w[5] = {d.acor_hi, d.acor_it1, d.acor_it2, d.acor_dt1, d.acor_dt2};
        static const char *const nm[5] = {"hi", "it1", "it2", "dt1", "dt2"};
        for (int i = 0; i < 5; i++)
            if (v[i] != w[i])
                PUT("_%s_%d", nm[i], v[i]);
    }
#undef PUT
    if (u >= sizeof s || u >= len) {
        if (len)
            snprintf(buf, len, "%s", s);
        return -1;
    }
    memcpy(buf, s, u + 1);
    return (int)u;
}

/* ---- replications (seeds=N): Student's t and the mean's interval ---- */

/* P(|T| < t) for Student's t with df degrees of freedom, in closed form for an integer df
 * (Abramowitz and Stegun 26.7.3 and 26.7.4, with theta = atan(t / sqrt(df))) */
static double t_central(double t, int df)
{
    const double pi = 3.14159265358979323846;
    double th = atan(t / sqrt((double)df)), s = sin(th), c = cos(th), c2 = c * c;
    if (df % 2 == 0) { /* sin(th) (1 + 1/2 c^2 + 1*3/(2*4) c^4 + ... up to c^(df-2)) */
        double term = 1, sum = 1;
        for (int j = 2; j <= df - 2; j += 2) {
            term *= (double)(j - 1) / (double)j * c2;
            sum += term;
        }
        return s * sum;
    }
    if (df == 1)
        return 2 * th / pi;
    /* 2/pi (th + sin(th) (c + 2/3 c^3 + 2*4/(3*5) c^5 + ... up to c^(df-2))) */
    double term = c, sum = c;
    for (int j = 3; j <= df - 2; j += 2) {
        term *= (double)(j - 1) / (double)j * c2;
        sum += term;
    }
    return 2 / pi * (th + s * sum);
}

double tn_t975(int df)
{
    if (df < 1)
        return 0;
    double lo = 0, hi = 1000; /* df = 1 gives 12.71; the bisection halves 1000 to 1e-12 */
    for (int i = 0; i < 60; i++) {
        double m = 0.5 * (lo + hi);
        if (t_central(m, df) < 0.95)
            lo = m;
        else
            hi = m;
    }
    return 0.5 * (lo + hi);
}

void tn_mean_ci(const double *x, int n, double *mean, double *sd, double *ci, double *t)
{
    double m = 0, q = 0;
    for (int i = 0; i < n; i++)
        m += x[i] / n;
    for (int i = 0; i < n; i++)
        q += (x[i] - m) * (x[i] - m);
    *mean = m;
    *sd = n > 1 ? sqrt(q / (n - 1)) : 0;
    *t = tn_t975(n - 1);
    *ci = *t * *sd / sqrt((double)n);
}

void tn_summary_json(FILE *f, const char *const *names, int nf, const double *mean,
                     const double *sd, const double *ci)
{
    static const char *const part[3] = {"mean", "sd", "ci95"};
    for (int p = 0; p < 3; p++) {
        const double *v = p == 0 ? mean : p == 1 ? sd : ci;
        fprintf(f, ", \"%s\": {", part[p]);
        for (int i = 0; i < nf; i++)
            fprintf(f, "%s\"%s\": %s", i ? ", " : "", names[i], TN_JSON_NUM("%.6g", v[i]));
        fprintf(f, "}");
    }
}

int tn_seeds_check(const tn_config *c, int seeds, int perm, char *err, size_t len)
{
    if (perm && seeds < 2) {
        snprintf(err, len, "key 'seeds_perm': value 'on' needs seeds >= 2");
        return -1;
    }
    if (perm && c->traffic != TN_TR_RANDPERM &&
        !(c->switch_at && tn_switch_traffic(c) == TN_TR_RANDPERM)) {
        snprintf(err, len, "key 'seeds_perm': value 'on' needs traffic=randperm (or "
                           "switch_traffic=randperm): no other pattern reads perm_seed; "
                           "allowed: off");
        return -1;
    }
    for (int k = 0; k < 1 + (perm != 0); k++) { /* seed, then perm_seed: the last must fit */
        unsigned long first = k ? c->perm_seed : c->seed;
        if (first + (unsigned long)(seeds - 1) > 4294967295UL) {
            snprintf(err, len, "key 'seeds': value '%d' with %s=%lu passes 4294967295; "
                               "allowed: 1..%lu", seeds, k ? "perm_seed" : "seed", first,
                     4294967296UL - first);
            return -1;
        }
    }
    return 0;
}
