/* SPDX-License-Identifier: MIT */
/* One tnsim simulation and its recorders: per-channel utilisation (chan_out), the packets of a
 * pair (pair, pair_out) and the throughput per window (series); the mode run. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tnsim.h"

static FILE *chan_out_file; /* chan_out=FILE, opened (and so checked) before the run */

static void write_channels(const tn_sim *s, FILE *f)
{
    const tn_geom *g = tn_sim_geom(s);
    /* R17.10's uses of each link (tn_sim_channel_use), beside its utilisation (R17.5) */
    fprintf(f, "node,coords,port,dir,dim,util_flits_per_cycle,idle_input_busy,idle_unmatched,"
               "idle_credit,idle_vc,idle_empty\n");
    for (int v = 0; v < g->nodes; v++) {
        int co[TN_MAX_N];
        char cs[64] = "";
        tn_coords(g, v, co);
        for (int d = 0; d < g->n; d++)
            snprintf(cs + strlen(cs), sizeof cs - strlen(cs), "%s%d", d ? ":" : "", co[d]);
        for (int p = 1; p <= 2 * g->n; p++)
            if (g->nbr[v * g->ports + p] >= 0) {
                double u[TN_PORT_USE_N];
                fprintf(f, "%d,%s,%d,%c,%d,%.6f", v, cs, p, (p & 1) ? '+' : '-', (p - 1) / 2,
                        tn_sim_channel_util(s, v, p));
                if (tn_sim_channel_use(s, v, p, u)) /* CHAOS: not classified, empty fields */
                    fprintf(f, ",,,,,\n");
                else
                    fprintf(f, ",%.6f,%.6f,%.6f,%.6f,%.6f\n", u[TN_PORT_IDLE_INPUT_BUSY],
                            u[TN_PORT_IDLE_UNMATCHED], u[TN_PORT_IDLE_CREDIT],
                            u[TN_PORT_IDLE_VC], u[TN_PORT_IDLE_EMPTY]);
            }
    }
}

/* pair=S,D: the measured packets of one pair (paper 000's latency = H + Q decomposition) */
static struct pair_rec {
    int src, dst;
    int shift, k, n; /* shift: match every (s, d) with d - s = dst - src per dimension mod k */
    int per_hop;     /* zero-load cycles per hop: 2, or 3 under CHAOS (section 14, 22) */
    long lo, hi;
    long packets;
    double hops, lat, q;
    FILE *f;
} pair = {-1, -1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, NULL};

/* (s, d) is a translate of (s0, d0) on a k-ary n-cube torus */
static int same_offset(int k, int n, int s, int d, int s0, int d0)
{
    for (int i = 0; i < n; i++, s /= k, d /= k, s0 /= k, d0 /= k)
        if ((d % k - s % k + k) % k != (d0 % k - s0 % k + k) % k)
            return 0;
    return 1;
}

/* series=FILE: flits ejected per window of the whole run, by the cycle of each packet's tail */
#define SERIES_MAX 100000
static struct series_rec {
    long win;
    long *flits; /* [SERIES_MAX] */
    long last;
    /* routing=gal: per window the packets ejected, those on a longer than minimal path, and the
     * thresholds and queued packets at the end of the window */
    int gal, k, n;
    long *pkts, *nonmin, *gq;
    double *tmean;
    int *tmax;
    /* routing=acor: the level of every router at the end of each window, for the acor_win
     * windows that cover warmup + measure + drain and two more (the final drain after the
     * first stopped cycle may run past them: its rows leave the level fields empty) */
    int acor, nodes;
    long acor_win;
    uint8_t *lvl;
} series = {50, NULL, -1, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, NULL};

static void series_free(void)
{
    free(series.flits);
    free(series.pkts);
    free(series.nonmin);
    free(series.gq);
    free(series.tmean);
    free(series.tmax);
    free(series.lvl);
}

static int min_hops(int k, int n, int a, int b)
{
    int h = 0;
    for (int d = 0; d < n; d++, a /= k, b /= k) {
        int p = ((b % k) - (a % k) + k) % k;
        h += p < k - p ? p : k - p;
    }
    return h;
}

static void on_cycle(void *user, const tn_sim *s)
{
    (void)user;
    long t = tn_sim_cycle(s);
    if (t % series.win)
        return;
    long b = t / series.win - 1; /* the window that just ended */
    if (b >= 0 && b < SERIES_MAX && series.gal)
        tn_sim_gal_state(s, &series.tmean[b], &series.tmax[b], &series.gq[b]);
    if (b >= 0 && b < series.acor_win && series.acor)
        tn_sim_acor_levels(s, series.lvl + b * series.nodes);
}

static void on_pair(void *user, const tn_pkt_record *p)
{
    struct pair_rec *r = user;
    if (series.flits) {
        long b = p->ejected / series.win;
        if (b < SERIES_MAX) {
            series.flits[b] += p->len;
            if (series.gal) {
                series.pkts[b]++;
                series.nonmin[b] += p->hops > min_hops(series.k, series.n, p->src, p->dst);
            }
            if (b > series.last)
                series.last = b;
        }
    }
    if (r->src < 0 || p->created < r->lo || p->created >= r->hi)
        return;
    if (r->shift ? !same_offset(r->k, r->n, p->src, p->dst, r->src, r->dst)
                 : p->src != r->src || p->dst != r->dst)
        return;
    long lat = p->ejected - p->created;
    /* zero-load latency over those hops: 2H + L + 2 (section 14), CHAOS 3H + L + 3 (22.2) */
    long t0 = (long)r->per_hop * p->hops + p->len + r->per_hop;
    r->packets++;
    r->hops += p->hops;
    r->lat += (double)lat;
    r->q += (double)(lat - t0);
    if (r->f)
        fprintf(r->f, "%ld,%d,%ld\n", lat, p->hops, lat - t0);
}

int tnsim_simulate(const tn_config *c, tn_stats *st, char *first_err, size_t len)
{
    char err[TN_ERRLEN];
    int rc = tnsim_simulate_quiet(c, st, first_err, len, err, sizeof err);
    if (rc == 2)
        fprintf(stderr, "tnsim: error: %s\n", err);
    return rc;
}

int tnsim_simulate_quiet(const tn_config *c, tn_stats *st, char *first_err, size_t len,
                         char *cfg_err, size_t cfg_len)
{
    tnsim_result pre;
    if (tnsim_job_take_sim(&pre)) { /* job=merge: a job's result, not a run */
        *st = pre.st;
        snprintf(first_err, len, "%s", pre.first);
        snprintf(cfg_err, cfg_len, "%s", pre.cfg_err);
        return pre.rc;
    }
    tn_sim *s = tn_sim_new(c, cfg_err, cfg_len);
    if (!s)
        return 2;
    if (pair.src >= 0 || series.flits) {
        pair.lo = c->warmup;
        pair.hi = c->warmup + c->measure;
        tn_sim_on_deliver(s, on_pair, &pair);
    }
    if (series.gal || series.acor)
        tn_sim_on_cycle(s, on_cycle, NULL);
    int rc = tn_sim_run(s, st);
    snprintf(first_err, len, "%s", tn_sim_deadlocked(s) ? tn_sim_deadlock_report(s)
                                                         : tn_sim_first_error(s));
    if (chan_out_file)
        write_channels(s, chan_out_file);
    tn_sim_free(s);
    return rc ? 1 : 0;
}

static int flush_errno; /* the reason of the last failed tnsim_flush */
static int stdout_told;  /* a failed write to standard output has been told */

int tnsim_stdout_told(void)
{
    return stdout_told;
}

int tnsim_flush(FILE *f)
{
    errno = 0;
    if (!fflush(f))
        return 0;
    flush_errno = errno;
    return -1;
}

static int out_failed(FILE *f, const char *key, const char *path, int e)
{
    e = e ? e : flush_errno;
    stdout_told |= f == stdout;
    if (f == stdout) {
        fprintf(stderr, "tnsim: error: standard output: %s\n", e ? strerror(e) : "write error");
        return 1;
    }
    fprintf(stderr, "tnsim: error: key '%s': cannot write '%s': %s\n", key, path,
            e ? strerror(e) : "write error");
    return 2;
}

int tnsim_out_ok(FILE *f, const char *key, const char *path)
{
    errno = 0;
    if (fflush(f) || ferror(f))
        return out_failed(f, key, path, errno);
    return 0;
}

int tnsim_out_close(FILE *f, const char *key, const char *path)
{
    if (f == stdout)
        return tnsim_out_ok(f, key, path);
    errno = 0;
    int bad = fflush(f) || ferror(f), e = errno;
    errno = 0;
    if (fclose(f) && !bad) {
        bad = 1;
        e = errno;
    }
    return bad ? out_failed(f, key, path, e) : 0;
}

/* fopen(path, "w"), or NULL with "key 'KEY': cannot write 'PATH': REASON" printed */
static FILE *open_out(const char *key, const char *path)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "tnsim: error: key '%s': cannot write '%s': %s\n", key, path,
                errno ? strerror(errno) : "unknown");
    return f;
}

/* The mode run: the recorders of the keys, one simulation, the report. Every output file is
 * opened before the simulation, so a path that cannot be written costs no run. */
int tnsim_run(const cli *a)
{
    tn_stats st;
    char first[TN_ERRLEN];
    if (a->chan_out && !(chan_out_file = open_out("chan_out", a->chan_out)))
        return 2;
    pair.src = a->pair_src;
    pair.dst = a->pair_dst;
    pair.shift = a->pair_shift;
    pair.k = a->cfg.k;
    pair.per_hop = a->cfg.routing == TN_ROUTE_CHAOS ? 3 : 2;
    pair.n = a->cfg.n;
    if (a->pair_out) {
        pair.f = open_out("pair_out", a->pair_out);
        if (!pair.f) {
            if (chan_out_file)
                fclose(chan_out_file);
            chan_out_file = NULL;
            return 2;
        }
        fprintf(pair.f, "latency,hops,queueing\n");
    }
    FILE *sf = NULL;
    if (a->series) {
        sf = open_out("series", a->series);
        series.flits = calloc(SERIES_MAX, sizeof *series.flits);
        series.gal = a->cfg.routing == TN_ROUTE_GAL;
        series.k = a->cfg.k;
        series.n = a->cfg.n;
        series.acor = a->cfg.routing == TN_ROUTE_ACOR;
        if (a->series_win)
            series.win = a->series_win;
        if (series.acor) {
            series.nodes = 1;
            for (int d = 0; d < a->cfg.n; d++)
                series.nodes *= a->cfg.k;
            long cyc = a->cfg.warmup + a->cfg.measure + a->cfg.drain;
            series.acor_win = cyc / series.win + 2;
            if (series.acor_win > SERIES_MAX)
                series.acor_win = SERIES_MAX;
            series.lvl = calloc((size_t)(series.acor_win * series.nodes), 1);
        }
        if (series.gal) {
            series.pkts = calloc(SERIES_MAX, sizeof *series.pkts);
            series.nonmin = calloc(SERIES_MAX, sizeof *series.nonmin);
            series.gq = calloc(SERIES_MAX, sizeof *series.gq);
            series.tmean = calloc(SERIES_MAX, sizeof *series.tmean);
            series.tmax = calloc(SERIES_MAX, sizeof *series.tmax);
        }
        if (!sf || !series.flits || (series.acor && !series.lvl) ||
            (series.gal && (!series.pkts || !series.nonmin || !series.gq || !series.tmean ||
                            !series.tmax))) {
            if (sf) {
                fprintf(stderr, "tnsim: error: key 'series': out of memory\n");
                fclose(sf);
            }
            series_free();
            if (pair.f)
                fclose(pair.f);
            if (chan_out_file)
                fclose(chan_out_file);
            chan_out_file = NULL;
            return 2;
        }
        if (a->series_win)
            series.win = a->series_win;
    }
    int rc = tnsim_simulate(&a->cfg, &st, first, sizeof first), wrc = 0;
    if (chan_out_file && tnsim_out_close(chan_out_file, "chan_out", a->chan_out))
        wrc = 2;
    chan_out_file = NULL;
    if (pair.f && tnsim_out_close(pair.f, "pair_out", a->pair_out))
        wrc = 2;
    pair.f = NULL;
    if (sf) {
        long nodes = 1;
        for (int d = 0; d < a->cfg.n; d++)
            nodes *= a->cfg.k;
        fprintf(sf, "cycle,accepted_flits_per_node_cycle,accepted%s",
                series.gal ? ",gal_t_mean,gal_t_max,gal_queued,nonmin_frac" : "");
        for (int v = 0; series.acor && v < series.nodes; v++)
            fprintf(sf, "%slevel_%d", v ? "," : ",acor_level_mean,", v);
        fputc('\n', sf);
        /* whole windows only: the run's last, cut short by its end, would read low and its GAL
         * and ACOR state is recorded only at a window's end */
        long whole = st.cycles / series.win;
        for (long b = 0; b <= series.last && b < whole; b++) {
            double fl = (double)series.flits[b] / (double)(nodes * series.win);
            fprintf(sf, "%ld,%.6f,%.6f", b * series.win, fl, fl / tn_capacity(&a->cfg));
            if (series.gal)
                fprintf(sf, ",%.4f,%d,%ld,%.6f", series.tmean[b], series.tmax[b], series.gq[b],
                        series.pkts[b] ? (double)series.nonmin[b] / (double)series.pkts[b] : 0.0);
            if (series.acor && b < series.acor_win) { /* the levels at the end of window b */
                const uint8_t *l = series.lvl + b * series.nodes;
                long sum = 0;
                for (int v = 0; v < series.nodes; v++)
                    sum += l[v];
                fprintf(sf, ",%.4f", (double)sum / (double)series.nodes);
                for (int v = 0; v < series.nodes; v++)
                    fprintf(sf, ",%d", l[v]);
            } else if (series.acor) { /* past the recorded windows: no level known, fields empty */
                for (int v = 0; v <= series.nodes; v++)
                    fputc(',', sf);
            }
            fputc('\n', sf);
        }
        if (tnsim_out_close(sf, "series", a->series))
            wrc = 2;
        series_free();
    }
    if (rc == 2)
        return 2;
    if (a->json)
        tnsim_print_json(&a->cfg, &st, stdout, "\n");
    else
        tnsim_print_text(&a->cfg, &st);
    if (pair.src >= 0) {
        double n = pair.packets ? (double)pair.packets : 1.0;
        if (a->json)
            printf("{\"pair_src\": %d, \"pair_dst\": %d, \"pair_shift\": %d, "
                   "\"pair_packets\": %ld, \"pair_hops_avg\": %s, \"pair_latency_avg\": %s, "
                   "\"pair_queueing_avg\": %s}\n",
                   pair.src, pair.dst, pair.shift, pair.packets, TN_JSON_NUM("%.4f", pair.hops / n),
                   TN_JSON_NUM("%.4f", pair.lat / n), TN_JSON_NUM("%.4f", pair.q / n));
        else
            printf("  pair %d->%d%s  %ld packets: hops avg %.3f, latency avg %.2f, of which "
                   "queueing (latency - zero-load latency of its hops) %.2f\n",
                   pair.src, pair.dst, pair.shift ? " (+shifts)" : "       ", pair.packets,
                   pair.hops / n, pair.lat / n, pair.q / n);
    }
    int r = tnsim_report_errors(&st, first);
    return wrc ? wrc : r;
}
