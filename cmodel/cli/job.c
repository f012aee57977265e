/* SPDX-License-Identifier: MIT */
/* job=list|I|merge: a command's simulations as independent jobs (a Slurm array, GNU parallel),
 * and their results merged into what the one-machine command prints.
 * The split is the one jobs=N uses: the configurations tnsim_run_many is handed, in its order
 * (sweep: one per load, or per load its seeds replications; run: its replications; sat: one
 * saturation search per replication). job=I runs the I-th alone and writes its result, every
 * figure exact (%.17g), as one JSON line with a checksum to jobdir/job-I.json. job=merge reads
 * every result first and refuses, naming each, a job whose result is missing, corrupted, from
 * another command, or failed (status 2); then it runs the mode's own code with jobs=1, each
 * simulation (or search) taking the next result instead of running: the output is the one
 * machine's by construction, text or --json, whatever order the jobs ended in. */
#define _POSIX_C_SOURCE 200809L /* fsync, fileno */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tnsim.h"

#define JOB_FORMAT 1 /* the record's layout; a record of another is refused */
#define JOB_LINE 16384

/* merge: the results handed to the simulations (or searches) in their order */
static const tnsim_search *pre;
static int pre_n, pre_next, pre_search;

int tnsim_job_take_sim(tnsim_result *r)
{
    if (!pre || pre_search)
        return 0;
    if (pre_next >= pre_n) { /* more simulations than jobs: cannot happen; refused, not run */
        r->rc = 2;
        snprintf(r->cfg_err, sizeof r->cfg_err, "job=merge: the command asks for more than "
                 "its %d jobs' results", pre_n);
        return 1;
    }
    *r = pre[pre_next++].res;
    return 1;
}

int tnsim_job_take_search(tnsim_search *s)
{
    if (!pre || !pre_search)
        return 0;
    if (pre_next >= pre_n) {
        memset(s, 0, sizeof *s);
        s->res.rc = 2;
        snprintf(s->res.cfg_err, sizeof s->res.cfg_err, "job=merge: the command asks for more "
                 "than its %d jobs' results", pre_n);
        return 1;
    }
    *s = pre[pre_next++];
    return 1;
}

/* ---- the split ---- */

static int is_search(const cli *a) { return !strcmp(a->mode, "sat"); }

/* The jobs' configurations, in the order the mode runs them; their number */
static int job_cfgs(const cli *a, tn_config *cfgs)
{
    if (!strcmp(a->mode, "sweep")) {
        int n = 0;
        for (int i = 0; i < a->nloads; i++) {
            tn_config c = a->cfg;
            c.load = a->loads[i];
            if (a->seeds > 1) {
                tnsim_seed_cfgs(a, &c, cfgs + n);
                n += a->seeds;
            } else
                cfgs[n++] = c;
        }
        return n;
    }
    if (a->seeds > 1) { /* run or sat: the replications */
        tnsim_seed_cfgs(a, &a->cfg, cfgs);
        return a->seeds;
    }
    cfgs[0] = a->cfg;
    return 1;
}

static void describe(const cli *a, const tn_config *c, char *buf, size_t len)
{
    char load[40] = "", perm[32] = "";
    if (!is_search(a))
        snprintf(load, sizeof load, "load=%g ", c->load);
    if (a->seeds_perm)
        snprintf(perm, sizeof perm, " perm_seed=%u", c->perm_seed);
    snprintf(buf, len, "%sseed=%u%s", load, c->seed, perm);
}

static uint64_t fnv(uint64_t h, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}
#define FNV0 14695981039346656037ull

/* The command's fingerprint: its mode, its split and every job's configuration (not --json, not
 * jobs, not out: they change how results are printed or run, not what they are) */
static uint64_t fingerprint(const cli *a, const tn_config *cfgs, int n)
{
    char b[1024];
    uint64_t h = FNV0;
    int l = snprintf(b, sizeof b, "%s|%d|%d|%d|%d|%.17g|", a->mode, n, a->seeds, a->seeds_perm,
                     a->nloads, is_search(a) ? a->tol : 0.0);
    h = fnv(h, b, (size_t)l);
    for (int i = 0; i < n; i++) {
        const tn_config *c = &cfgs[i];
        char name[512];
        if (tn_config_name(c, name, sizeof name) < 0)
            name[0] = 0;
        l = snprintf(b, sizeof b, "%s|%.17g|%u|%u|%ld|%ld|%ld|%ld|%d|%s|", name, c->load, c->seed,
                     c->perm_seed, c->warmup, c->measure, c->drain, c->watchdog, c->flitw,
                     c->trace);
        h = fnv(h, b, (size_t)l < sizeof b ? (size_t)l : sizeof b - 1);
    }
    return h;
}

/* ---- the record: one JSON line ---- */

enum { T_D, T_L, T_I, T_U, T_S };
typedef struct field {
    const char *name;
    int type, count;
    size_t off;  /* in tnsim_search */
    size_t size; /* T_S: the buffer's */
} field;
#define ST(f) offsetof(tnsim_search, res.st.f)
#define ARR(a) ((int)(sizeof(((tn_stats *)0)->a) / sizeof(((tn_stats *)0)->a[0])))
/* every member of tn_stats, and of the search; a member added to tn_stats that a report prints
 * must be added here (tb/checks/cli/13_job.sh compares merged and one-machine output) */
static const field fields[] = {
    {"rc", T_I, 1, offsetof(tnsim_search, res.rc), 0},
    {"first", T_S, 1, offsetof(tnsim_search, res.first), TN_ERRLEN},
    {"cfg_err", T_S, 1, offsetof(tnsim_search, res.cfg_err), TN_ERRLEN},
    {"lo", T_D, 1, offsetof(tnsim_search, lo), 0},
    {"lo_acc", T_D, 1, offsetof(tnsim_search, lo_acc), 0},
    {"hi_acc", T_D, 1, offsetof(tnsim_search, hi_acc), 0},
    {"runs", T_I, 1, offsetof(tnsim_search, runs), 0},
    {"offered", T_D, 1, ST(offered), 0},
    {"offered_flits", T_D, 1, ST(offered_flits), 0},
    {"created_flits", T_D, 1, ST(created_flits), 0},
    {"created_packets", T_L, 1, ST(created_packets), 0},
    {"accepted", T_D, 1, ST(accepted), 0},
    {"accepted_flits", T_D, 1, ST(accepted_flits), 0},
    {"latency_avg", T_D, 1, ST(latency_avg), 0},
    {"network_latency_avg", T_D, 1, ST(network_latency_avg), 0},
    {"hops_avg", T_D, 1, ST(hops_avg), 0},
    {"latency_p50", T_L, 1, ST(latency_p50), 0},
    {"latency_p99", T_L, 1, ST(latency_p99), 0},
    {"latency_max", T_L, 1, ST(latency_max), 0},
    {"latency_min", T_L, 1, ST(latency_min), 0},
    {"packets", T_L, 1, ST(packets), 0},
    {"cycles", T_L, 1, ST(cycles), 0},
    {"stop_cycle", T_L, 1, ST(stop_cycle), 0},
    {"sim_seconds", T_D, 1, ST(sim_seconds), 0},
    {"cycles_per_second", T_D, 1, ST(cycles_per_second), 0},
    {"flit_hops_per_second", T_D, 1, ST(flit_hops_per_second), 0},
    {"flit_hops", T_L, 1, ST(flit_hops), 0},
    {"chan_util_avg", T_D, 1, ST(chan_util_avg), 0},
    {"chan_util_max", T_D, 1, ST(chan_util_max), 0},
    {"port_use", T_D, ARR(port_use), ST(port_use), 0},
    {"saturated", T_I, 1, ST(saturated), 0},
    {"drained", T_I, 1, ST(drained), 0},
    {"injected", T_L, 1, ST(injected), 0},
    {"delivered", T_L, 1, ST(delivered), 0},
    {"check_errors", T_L, 1, ST(check_errors), 0},
    {"router_errors", T_U, 1, ST(router_errors), 0},
    {"deadlocked", T_I, 1, ST(deadlocked), 0},
    {"nonmin_frac", T_D, 1, ST(nonmin_frac), 0},
    {"src_accepted_min", T_D, 1, ST(src_accepted_min), 0},
    {"src_accepted_max", T_D, 1, ST(src_accepted_max), 0},
    {"src_jain", T_D, 1, ST(src_jain), 0},
    {"gal_quads", T_I, 1, ST(gal_quads), 0},
    {"gal_queue_occ", T_D, ARR(gal_queue_occ), ST(gal_queue_occ), 0},
    {"acor_levels", T_I, 1, ST(acor_levels), 0},
    {"acor_level_frac", T_D, ARR(acor_level_frac), ST(acor_level_frac), 0},
    {"acor_recomp_avg", T_D, 1, ST(acor_recomp_avg), 0},
    {"acor_level_avg", T_D, 1, ST(acor_level_avg), 0},
};
#define N_FIELDS ((int)(sizeof fields / sizeof fields[0]))

static void put_str(char *b, size_t len, size_t *u, const char *s)
{
    size_t k = *u;
    if (k < len)
        b[k++] = '"';
    for (; *s && k + 7 < len; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            b[k++] = '\\';
            b[k++] = (char)ch;
        } else if (ch < 0x20 || ch == 0x7f)
            k += (size_t)snprintf(b + k, len - k, "\\u%04x", ch);
        else
            b[k++] = (char)ch;
    }
    if (k < len)
        b[k++] = '"';
    *u = k;
}

/* a double exactly (%.17g reads back to the same bits); not finite: a string */
static void put_num(char *b, size_t len, size_t *u, double x)
{
    if (*u >= len)
        return;
    if (isfinite(x))
        *u += (size_t)snprintf(b + *u, len - *u, "%.17g", x);
    else
        *u += (size_t)snprintf(b + *u, len - *u, "\"%s\"", isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
}

/* the record of job i as one line with its checksum; its length, or 0 when it does not fit */
static size_t encode(const tnsim_search *s, int i, int n, uint64_t fp, int search, char *b,
                     size_t len)
{
    size_t u = (size_t)snprintf(b, len, "{\"tnsim_job\": %d, \"index\": %d, \"jobs\": %d, "
                                "\"fingerprint\": \"%016" PRIx64 "\", \"kind\": \"%s\"",
                                JOB_FORMAT, i, n, fp, search ? "search" : "simulation");
    const char *base = (const char *)s;
    for (int f = 0; f < N_FIELDS && u < len; f++) {
        const field *d = &fields[f];
        u += (size_t)snprintf(b + u, len - u, ", \"%s\": %s", d->name, d->count > 1 ? "[" : "");
        for (int k = 0; k < d->count && u < len; k++) {
            const char *p = base + d->off;
            if (k)
                u += (size_t)snprintf(b + u, len - u, ", ");
            if (u >= len)
                break;
            switch (d->type) {
            case T_D: put_num(b, len, &u, ((const double *)p)[k]); break;
            case T_L: u += (size_t)snprintf(b + u, len - u, "%ld", ((const long *)p)[k]); break;
            case T_I: u += (size_t)snprintf(b + u, len - u, "%d", ((const int *)p)[k]); break;
            case T_U:
                u += (size_t)snprintf(b + u, len - u, "%" PRIu32, ((const uint32_t *)p)[k]);
                break;
            default: put_str(b, len, &u, p); break;
            }
        }
        if (d->count > 1 && u < len)
            b[u++] = ']';
    }
    if (u >= len)
        return 0;
    uint64_t h = fnv(FNV0, b, u);
    u += (size_t)snprintf(b + u, len - u, ", \"checksum\": \"%016" PRIx64 "\"}\n", h);
    return u < len ? u : 0;
}

/* ---- reading a record: a flat JSON object of the fields above ---- */

static const char *ws(const char *p)
{
    while (*p == ' ')
        p++;
    return p;
}

/* a string at p into out (len): past its closing quote, or NULL */
static const char *get_str(const char *p, char *out, size_t len)
{
    size_t k = 0;
    if (*p++ != '"')
        return NULL;
    for (; *p && *p != '"'; p++) {
        char ch = *p;
        if (ch == '\\') {
            p++;
            if (*p == '"' || *p == '\\')
                ch = *p;
            else if (*p == 'u' && strspn(p + 1, "0123456789abcdef") >= 4) {
                char hex[5] = {p[1], p[2], p[3], p[4], 0};
                ch = (char)strtol(hex, NULL, 16);
                p += 4;
            } else
                return NULL;
        }
        if (k + 1 >= len || (unsigned char)ch < 0x20 || ch == 0x7f) /* messages are one line */
            return NULL;
        out[k++] = ch;
    }
    if (*p != '"')
        return NULL;
    out[k] = 0;
    return p + 1;
}

/* one value of type t at p into dst; past it, or NULL */
static const char *get_one(const char *p, int t, void *dst, size_t size)
{
    if (t == T_S)
        return get_str(p, dst, size);
    char tok[64];
    size_t n = strcspn(p, ",]}");
    if (n == 0 || n >= sizeof tok)
        return NULL;
    memcpy(tok, p, n);
    tok[n] = 0;
    char *e;
    errno = 0;
    if (t == T_D) {
        double x;
        if (tok[0] == '"') {
            if (!strcmp(tok, "\"nan\""))
                x = NAN;
            else if (!strcmp(tok, "\"inf\""))
                x = INFINITY;
            else if (!strcmp(tok, "\"-inf\""))
                x = -INFINITY;
            else
                return NULL;
        } else {
            x = strtod(tok, &e);
            if (*e || !isfinite(x))
                return NULL;
        }
        *(double *)dst = x;
    } else {
        long long x = strtoll(tok, &e, 10);
        if (*e || errno)
            return NULL;
        if (t == T_L)
            *(long *)dst = (long)x;
        else if (t == T_I) {
            if (x < -2147483647LL - 1 || x > 2147483647LL)
                return NULL;
            *(int *)dst = (int)x;
        } else {
            if (x < 0 || x > 4294967295LL)
                return NULL;
            *(uint32_t *)dst = (uint32_t)x;
        }
    }
    return p + n;
}

int tnsim_job_decode(char *line, int i, int n, uint64_t fp, int search, tnsim_search *s,
                     char *why, size_t wlen)
{
    size_t len = strlen(line);
    if (!len || line[len - 1] != '\n') {
        snprintf(why, wlen, "is corrupted (%s)", len ? "no end of line: cut short" : "empty");
        return -1;
    }
    line[--len] = 0;
    static const char tail[] = ", \"checksum\": \"";
    char *c = strstr(line, tail);
    while (c && strstr(c + 1, tail))
        c = strstr(c + 1, tail);
    if (!c || strlen(c) != sizeof tail - 1 + 16 + 2 || strcmp(c + sizeof tail - 1 + 16, "\"}")) {
        snprintf(why, wlen, "is corrupted (no checksum at its end)");
        return -1;
    }
    char hex[17];
    memcpy(hex, c + sizeof tail - 1, 16);
    hex[16] = 0;
    uint64_t want = strtoull(hex, NULL, 16);
    if (strspn(hex, "0123456789abcdef") != 16 || fnv(FNV0, line, (size_t)(c - line)) != want) {
        snprintf(why, wlen, "is corrupted (its checksum does not match its content)");
        return -1;
    }
    *c = 0;
    memset(s, 0, sizeof *s);
    char seen[N_FIELDS] = {0};
    int fmt = -1, idx = -1, jobs = -1;
    char fps[32] = "", kind[32] = "";
    const char *p = line;
    if (*p++ != '{') {
        snprintf(why, wlen, "is corrupted (not a JSON object)");
        return -1;
    }
    for (int first = 1; *p; first = 0) {
        char key[64];
        if (!first && *p++ != ',')
            goto bad;
        p = ws(p);
        if (!(p = get_str(p, key, sizeof key)) || *p++ != ':')
            goto bad;
        p = ws(p);
        if (!strcmp(key, "tnsim_job") || !strcmp(key, "index") || !strcmp(key, "jobs")) {
            int *dst = key[0] == 't' ? &fmt : key[0] == 'i' ? &idx : &jobs;
            p = get_one(p, T_I, dst, 0);
        } else if (!strcmp(key, "fingerprint"))
            p = get_str(p, fps, sizeof fps);
        else if (!strcmp(key, "kind"))
            p = get_str(p, kind, sizeof kind);
        else {
            int f = 0;
            while (f < N_FIELDS && strcmp(fields[f].name, key))
                f++;
            if (f == N_FIELDS || seen[f])
                goto bad;
            seen[f] = 1;
            const field *d = &fields[f];
            char *dst = (char *)s + d->off;
            size_t esz = d->type == T_D ? sizeof(double) : d->type == T_L ? sizeof(long)
                         : d->type == T_I ? sizeof(int) : sizeof(uint32_t);
            if (d->count > 1 && *p++ != '[')
                goto bad;
            for (int k = 0; k < d->count && p; k++) {
                if (k && (*p++ != ',' || *(p = ws(p)) == 0))
                    goto bad;
                p = get_one(p, d->type, dst + (size_t)k * esz, d->size);
            }
            if (p && d->count > 1 && *p++ != ']')
                goto bad;
        }
        if (!p)
            goto bad;
    }
    for (int f = 0; f < N_FIELDS; f++)
        if (!seen[f]) {
            snprintf(why, wlen, "is corrupted (no field '%s')", fields[f].name);
            return -1;
        }
    char want_fp[32];
    snprintf(want_fp, sizeof want_fp, "%016" PRIx64, fp);
    if (fmt != JOB_FORMAT) {
        snprintf(why, wlen, "is of format %d; allowed: %d (this tnsim's)", fmt, JOB_FORMAT);
        return -1;
    }
    if (strlen(fps) != 16 || strspn(fps, "0123456789abcdef") != 16) {
        snprintf(why, wlen, "is corrupted (no fingerprint)");
        return -1;
    }
    if (idx != i || jobs != n || strcmp(fps, want_fp) ||
        strcmp(kind, search ? "search" : "simulation")) {
        snprintf(why, wlen, "is job %d of %d of another command (fingerprint %s, this "
                 "command's %s): the jobs were run with other keys", idx, jobs, fps, want_fp);
        return -1;
    }
    return 0;
bad:
    snprintf(why, wlen, "is corrupted (unreadable near byte %ld)", p ? (long)(p - line) : -1L);
    return -1;
}

/* ---- the three commands ---- */

static void result_path(const cli *a, int i, char *buf, size_t len)
{
    snprintf(buf, len, "%s/job-%d.json", a->jobdir, i);
}

/* write job i's record: 0, or 2 with the message printed */
static int write_record(const cli *a, int i, const char *line)
{
    char path[PATH_LEN + 32], tmp[PATH_LEN + 64];
    result_path(a, i, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s/.job-%d.json.%ld.tmp", a->jobdir, i, (long)getpid());
    if (mkdir(a->jobdir, 0777) && errno != EEXIST) {
        fprintf(stderr, "tnsim: error: key 'jobdir': cannot make '%s': %s\n", a->jobdir,
                strerror(errno));
        return 2;
    }
    errno = 0;
    FILE *f = fopen(tmp, "w");
    int ok = f && fputs(line, f) >= 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    int e = errno;
    if (f && fclose(f) && ok) {
        ok = 0;
        e = errno;
    }
    if (!ok || rename(tmp, path)) {
        if (ok)
            e = errno;
        fprintf(stderr, "tnsim: error: key 'jobdir': cannot write '%s': %s\n", path,
                strerror(e ? e : EIO));
        remove(tmp);
        return 2;
    }
    return 0;
}

static int run_job(cli *a, const tn_config *cfgs, int n, uint64_t fp)
{
    int i = a->job, search = is_search(a);
    char d[160];
    describe(a, &cfgs[i], d, sizeof d);
    static tnsim_search s;
    memset(&s, 0, sizeof s);
    if (search)
        tnsim_sat_search(a, &cfgs[i], &s);
    else {
        s.res.rc = tnsim_simulate_quiet(&cfgs[i], &s.res.st, s.res.first, sizeof s.res.first,
                                        s.res.cfg_err, sizeof s.res.cfg_err);
        if (s.res.rc == 1)
            tnsim_report_errors(&s.res.st, s.res.first);
    }
    if (s.res.rc == 2)
        fprintf(stderr, "tnsim: error: job %d of %d (%s): %s\n", i, n, d, s.res.cfg_err);
    static char line[JOB_LINE];
    size_t len = encode(&s, i, n, fp, search, line, sizeof line);
    if (!len) {
        fprintf(stderr, "tnsim: error: job %d of %d: its result is longer than %d bytes\n", i, n,
                JOB_LINE);
        return 2;
    }
    int w = write_record(a, i, line);
    if (w)
        return w;
    char path[PATH_LEN + 32];
    result_path(a, i, path, sizeof path);
    printf("tnsim: job %d of %d (%s): %s, %s\n", i, n, d,
           s.res.rc == 0 ? "done" : s.res.rc == 1 ? "done, the run failed" : "failed", path);
    return s.res.rc;
}

static int merge(cli *a, const tn_config *cfgs, int n, uint64_t fp)
{
    int search = is_search(a), bad = 0;
    static tnsim_search rec[MAX_LOADS * MAX_LOADS];
    static char line[JOB_LINE + 2];
    for (int i = 0; i < n; i++) {
        char path[PATH_LEN + 32], why[PATH_LEN + 1024] = "", d[160];
        result_path(a, i, path, sizeof path);
        describe(a, &cfgs[i], d, sizeof d);
        errno = 0;
        FILE *f = fopen(path, "r");
        if (!f)
            snprintf(why, sizeof why, "has no result: '%s': %s", path,
                     errno ? strerror(errno) : "cannot open");
        else {
            size_t got = fread(line, 1, sizeof line - 1, f);
            line[got] = 0;
            if (ferror(f))
                snprintf(why, sizeof why, "has no result: '%s': cannot read", path);
            else if (got >= sizeof line - 1 || strlen(line) != got || strchr(line, '\n') != line + got - 1)
                snprintf(why, sizeof why, "result '%s' is corrupted (not one line of text)", path);
            else {
                char w[400];
                if (tnsim_job_decode(line, i, n, fp, search, &rec[i], w, sizeof w))
                    snprintf(why, sizeof why, "result '%s' %s", path, w);
                else if (rec[i].res.rc == 2)
                    snprintf(why, sizeof why, "failed: %s (result '%s')", rec[i].res.cfg_err, path);
                else if (rec[i].res.rc != 0 && rec[i].res.rc != 1)
                    snprintf(why, sizeof why, "result '%s' is corrupted (status %d)", path,
                             rec[i].res.rc);
            }
            fclose(f);
        }
        if (why[0]) {
            if (bad < 20)
                fprintf(stderr, "tnsim: error: job=merge: job %d of %d (%s) %s\n", i, n, d, why);
            bad++;
        }
    }
    if (bad) {
        fprintf(stderr, "tnsim: error: job=merge: %d of %d jobs without a usable result; nothing "
                        "printed (rerun them: job=I jobdir=%s)\n", bad, n, a->jobdir);
        return 2;
    }
    pre = rec;
    pre_n = n;
    pre_next = 0;
    pre_search = search;
    a->jobs = 1; /* one after another, here: each takes the next result */
    int rc;
    if (!strcmp(a->mode, "sweep"))
        rc = tnsim_sweep(a);
    else if (search)
        rc = tnsim_sat(a);
    else if (a->seeds > 1)
        rc = tnsim_run_seeds(a);
    else
        rc = tnsim_run(a);
    int used = pre_next;
    pre = NULL;
    if (rc != 2 && used != n) {
        fprintf(stderr, "tnsim: error: job=merge: the command took %d of its %d jobs' results\n",
                used, n);
        return 2;
    }
    return rc;
}

int tnsim_job(cli *a)
{
    static tn_config cfgs[MAX_LOADS * MAX_LOADS];
    int n = job_cfgs(a, cfgs);
    uint64_t fp = fingerprint(a, cfgs, n);
    if (a->job == TNSIM_JOB_LIST) {
        for (int i = 0; i < n; i++) {
            char d[160];
            describe(a, &cfgs[i], d, sizeof d);
            printf("%d\t%s\n", i, d);
        }
        return 0;
    }
    if (a->job == TNSIM_JOB_MERGE)
        return merge(a, cfgs, n, fp);
    if (a->job >= n) {
        fprintf(stderr, "tnsim: error: key 'job': value '%d' is not allowed; allowed: list, merge "
                        "or an index 0..%d (this command has %d job%s: job=list)\n", a->job, n - 1,
                n, n == 1 ? "" : "s");
        return 2;
    }
    return run_job(a, cfgs, n, fp);
}
