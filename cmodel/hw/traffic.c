/* SPDX-License-Identifier: MIT */
/* Traffic patterns and trace input (docs/traffic.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn.h"
#include "tn_cli.h"

/* ---------------------------------------------------------------- patterns */

static const char *const pattern_name[TN_TR_LAST] = {
    "uniform", "tornado", "bitcomp", "bitrev", "shuffle", "butterfly",
    "transpose", "neighbor", "randperm", "hotspot", "trace"
};

/* log2 of v when v is a power of two (v >= 1), else -1. */
static int exact_log2(int v)
{
    if (v < 1 || (v & (v - 1)) != 0)
        return -1;
    int b = 0;
    while ((1 << b) < v)
        b++;
    return b;
}

static int is_bit_pattern(int p)
{
    return p == TN_TR_BITREV || p == TN_TR_SHUFFLE || p == TN_TR_BUTTERFLY ||
           p == TN_TR_TRANSPOSE;
}

int tn_traffic_init(tn_traffic_gen *t, const tn_config *c, const tn_geom *g, char *err,
                    size_t errlen)
{
    memset(t, 0, sizeof(*t));
    t->pattern = c->traffic;
    t->nodes = g->nodes;
    t->k = g->k;
    t->n = g->n;

    if (c->traffic < 0 || c->traffic >= TN_TR_LAST) {
        snprintf(err, errlen, "traffic=%d unknown (allowed 0..%d)", c->traffic, TN_TR_LAST - 1);
        return -1;
    }
    const char *name = pattern_name[c->traffic];
    int b = exact_log2(g->nodes);

    if (is_bit_pattern(c->traffic)) {
        if (b < 1) {
            snprintf(err, errlen,
                     "traffic=%s needs a power-of-two node count; k^n = %d is not "
                     "(allowed: k a power of two)",
                     name, g->nodes);
            return -1;
        }
        if (c->traffic == TN_TR_TRANSPOSE && (b & 1)) {
            snprintf(err, errlen,
                     "traffic=%s needs an even number of address bits; k^n = %d has b = %d",
                     name, g->nodes, b);
            return -1;
        }
    }

    if (c->traffic == TN_TR_RANDPERM) {
        t->perm = malloc(sizeof(int) * (size_t)g->nodes);
        if (!t->perm) {
            snprintf(err, errlen, "traffic=randperm: out of memory for %d nodes", g->nodes);
            return -1;
        }
        for (int i = 0; i < g->nodes; i++)
            t->perm[i] = i;
        tn_rng rng = { tn_seed_stream(c->perm_seed, TN_STREAM_PERM, 0) };
        for (int i = g->nodes - 1; i >= 1; i--) {
            int j = (int)tn_rng_below(&rng, (uint32_t)i + 1u);
            int tmp = t->perm[i];
            t->perm[i] = t->perm[j];
            t->perm[j] = tmp;
        }
    }

    if (c->traffic == TN_TR_HOTSPOT) {
        if (c->n_hot < 1 || c->n_hot > TN_MAX_HOT) {
            snprintf(err, errlen,
                     "traffic=hotspot: hot_nodes has %d nodes (allowed 1..%d nodes, each 0..%d)",
                     c->n_hot, TN_MAX_HOT, g->nodes - 1);
            return -1;
        }
        for (int i = 0; i < c->n_hot; i++) {
            if (c->hot[i] < 0 || c->hot[i] >= g->nodes) {
                snprintf(err, errlen, "hot_nodes: node %d out of range 0..%d", c->hot[i],
                         g->nodes - 1);
                return -1;
            }
            t->hot[i] = c->hot[i];
        }
        /* The negated form also rejects NaN. */
        if (!(c->hot_frac >= 0.0 && c->hot_frac <= 1.0)) {
            snprintf(err, errlen, "hot_frac=%g out of range 0..1", c->hot_frac);
            return -1;
        }
        t->n_hot = c->n_hot;
        t->hot_others = c->hot_others;
        t->hot_thresh = (uint64_t)(c->hot_frac * 4294967296.0);
    }
    return 0;
}

void tn_traffic_free(tn_traffic_gen *t)
{
    free(t->perm);
    t->perm = NULL;
}

/* Deterministic patterns; -1 for random ones. */
int tn_traffic_perm(const tn_traffic_gen *t, const tn_geom *g, int src)
{
    int c[TN_MAX_N];
    int nodes = t->nodes;
    if (src < 0 || src >= nodes)
        return -1;
    int b = exact_log2(nodes);
    uint32_t s = (uint32_t)src;
    uint32_t mask = b > 0 ? (1u << b) - 1u : 0u;

    switch (t->pattern) {
    case TN_TR_TORNADO:
        tn_coords(g, src, c);
        c[0] = (c[0] + (t->k + 1) / 2 - 1) % t->k;
        return tn_node_of(g, c);
    case TN_TR_BITCOMP:
        tn_coords(g, src, c);
        for (int d = 0; d < t->n; d++)
            c[d] = t->k - 1 - c[d];
        return tn_node_of(g, c);
    case TN_TR_BITREV: {
        if (b < 1)
            return -1;
        uint32_t d = 0;
        for (int i = 0; i < b; i++)
            if (s & (1u << i))
                d |= 1u << (b - 1 - i);
        return (int)d;
    }
    case TN_TR_SHUFFLE:
        if (b < 1)
            return -1;
        return (int)(((s << 1) | (s >> (b - 1))) & mask);
    case TN_TR_BUTTERFLY: {
        if (b < 1)
            return -1;
        uint32_t lo = s & 1u, hi = (s >> (b - 1)) & 1u;
        uint32_t d = s & ~(1u | (1u << (b - 1)));
        return (int)(d | (lo << (b - 1)) | hi);
    }
    case TN_TR_TRANSPOSE: {
        if (b < 2 || (b & 1))
            return -1;
        int h = b / 2;
        return (int)(((s >> h) | (s << h)) & mask);
    }
    case TN_TR_RANDPERM:
        return t->perm ? t->perm[src] : -1;
    default:
        return -1; /* uniform, neighbor, hotspot, trace */
    }
}

int tn_traffic_dest(const tn_traffic_gen *t, const tn_geom *g, int src, tn_rng *r)
{
    int nodes = t->nodes;
    if (src < 0 || src >= nodes)
        return -1;
    switch (t->pattern) {
    case TN_TR_UNIFORM:
        return (int)tn_rng_below(r, (uint32_t)nodes);
    case TN_TR_NEIGHBOR: {
        const int32_t *nb = &g->nbr[(size_t)src * (size_t)g->ports];
        if (g->topo != TN_TOPO_TORUS) { /* the connected network ports (mesh, utorus) */
            int m = 0;
            for (int p = 1; p <= 2 * g->n; p++)
                if (nb[p] >= 0)
                    m++;
            if (m == 0)
                return -1; /* k = 1: no neighbours (not a legal configuration) */
            int j = (int)tn_rng_below(r, (uint32_t)m);
            for (int p = 1; p <= 2 * g->n; p++)
                if (nb[p] >= 0 && j-- == 0)
                    return nb[p];
            return -1; /* unreachable */
        }
        /* torus: j even is +(j/2), j odd is -(j/2); that is port 1+j */
        int j = (int)tn_rng_below(r, 2u * (uint32_t)g->n);
        return nb[1 + j];
    }
    case TN_TR_HOTSPOT: {
        uint32_t x = tn_rng_next(r);
        if (!t->hot_others) {
            if ((uint64_t)x < t->hot_thresh)
                return t->hot[tn_rng_below(r, (uint32_t)t->n_hot)];
            return (int)tn_rng_below(r, (uint32_t)nodes);
        }
        /* hot_others=on: a hot source takes the uniform branch whatever x is; the uniform branch
         * draws among the nodes-1 others (j >= src is j+1) */
        int src_hot = 0;
        for (int i = 0; i < t->n_hot; i++)
            src_hot |= t->hot[i] == src;
        if (!src_hot && (uint64_t)x < t->hot_thresh)
            return t->hot[tn_rng_below(r, (uint32_t)t->n_hot)];
        if (nodes < 2)
            return src;
        int j = (int)tn_rng_below(r, (uint32_t)nodes - 1u);
        return j >= src ? j + 1 : j;
    }
    case TN_TR_TRACE:
        return -1;
    default:
        return tn_traffic_perm(t, g, src);
    }
}

/* ---------------------------------------------------------------- trace input */

static int is_ws(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\v' || ch == '\f';
}

/* Printable copy of a token for messages: at most 32 bytes of it, control bytes as \\xNN
 * (tn_text_show), "..." after a cut. */
static void token_text(char *out, size_t outlen, const char *s, size_t len)
{
    char buf[32 * 4 + 4];
    tn_text_show(buf, sizeof buf, s, len < 32 ? len : 32);
    snprintf(out, outlen, "%s%s", buf, len > 32 ? "..." : "");
}

/* Decimal integer: optional sign, then one or more digits, nothing else.
 * 0 ok, 1 not a decimal integer, 2 does not fit in a long. */
static int parse_dec(const char *s, size_t len, long *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < len && (s[i] == '+' || s[i] == '-')) {
        neg = s[i] == '-';
        i++;
    }
    if (i == len)
        return 1;
    unsigned long long mag = 0, lim = neg ? (unsigned long long)LONG_MAX + 1ull : LONG_MAX;
    int ovf = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 1;
        unsigned dig = (unsigned)(s[i] - '0');
        if (!ovf && mag > (lim - dig) / 10u)
            ovf = 1;
        if (!ovf)
            mag = mag * 10u + dig;
    }
    if (ovf)
        return 2;
    if (neg)
        *out = mag == (unsigned long long)LONG_MAX + 1ull ? LONG_MIN : -(long)mag;
    else
        *out = (long)mag;
    return 0;
}

static int pkt_before(const tn_trace_pkt *a, const tn_trace_pkt *b)
{
    return a->src < b->src || (a->src == b->src && a->cycle < b->cycle);
}

/* Stable bottom-up merge sort by (src, cycle). */
static void sort_pkts(tn_trace_pkt *a, tn_trace_pkt *tmp, long n)
{
    tn_trace_pkt *src = a, *dst = tmp;
    for (long w = 1; w < n; w *= 2) {
        for (long lo = 0; lo < n; lo += 2 * w) {
            long mid = lo + w < n ? lo + w : n;
            long hi = lo + 2 * w < n ? lo + 2 * w : n;
            long i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = pkt_before(&src[j], &src[i]) ? src[j++] : src[i++];
            while (i < mid)
                dst[o++] = src[i++];
            while (j < hi)
                dst[o++] = src[j++];
        }
        tn_trace_pkt *sw = src;
        src = dst;
        dst = sw;
    }
    if (src != a)
        memcpy(a, src, sizeof(*a) * (size_t)n);
}

static int trace_load(tn_trace *t, const char *path, const tn_geom *g, int pkt_max, char *err,
                      size_t errlen);

int tn_trace_load(tn_trace *t, const char *path, const tn_geom *g, int pkt_max, char *err,
                  size_t errlen)
{
    int rc = trace_load(t, path, g, pkt_max, err, errlen);
    if (rc)
        tn_err_safe(err, errlen);
    return rc;
}

static int trace_load(tn_trace *t, const char *path, const tn_geom *g, int pkt_max, char *err,
                      size_t errlen)
{
    static const char *const field[4] = { "cycle", "source", "destination", "length" };
    t->p = NULL;
    t->count = 0;
    t->first = NULL;
    if (!path) {
        snprintf(err, errlen, "trace: no file given");
        return -1;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }

    const long lo[4] = { 0, 0, 0, 1 };
    const long hi[4] = { LONG_MAX, g->nodes - 1, g->nodes - 1, pkt_max };
    tn_trace_pkt *p = NULL, *tmp = NULL;
    long count = 0, cap = 0, lineno = 0;
    char *line = malloc(TN_TRACE_LINE + 1);
    size_t ulen;
    int rc = -1, got;
    tn_line_reader rd;
    tn_line_init(&rd, f, TN_TRACE_BYTES);
    if (!line) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }

    while ((got = tn_line_read(&rd, line, TN_TRACE_LINE, &ulen)) != TN_LINE_EOF) {
        ssize_t len = (ssize_t)ulen;
        lineno = rd.line;
        if (got == TN_LINE_NUL) {
            snprintf(err, errlen, "%s:%ld: byte %ld is a NUL byte; allowed: text without NUL "
                     "bytes", path, lineno, rd.col);
            goto out;
        }
        if (got == TN_LINE_LONG) {
            snprintf(err, errlen, "%s:%ld: line longer than %d characters", path, lineno,
                     TN_TRACE_LINE);
            goto out;
        }
        if (got == TN_LINE_BIG) {
            snprintf(err, errlen, "%s:%ld: the file is longer than %lld bytes; allowed: at most "
                     "%lld bytes", path, lineno, TN_TRACE_BYTES, TN_TRACE_BYTES);
            goto out;
        }
        if (got == TN_LINE_ERR) {
            snprintf(err, errlen, "%s:%ld: read error: %s", path, lineno,
                     rd.err ? strerror(rd.err) : "unknown");
            goto out;
        }
        const char *tok[4] = { 0 };
        size_t toklen[4] = { 0 };
        long ntok = 0;
        ssize_t i = 0;
        while (i < len) {
            while (i < len && is_ws(line[i]))
                i++;
            if (i >= len)
                break;
            ssize_t s0 = i;
            while (i < len && !is_ws(line[i]))
                i++;
            if (ntok < 4) {
                tok[ntok] = line + s0;
                toklen[ntok] = (size_t)(i - s0);
            }
            if (ntok < LONG_MAX)
                ntok++;
        }
        if (ntok == 0 || tok[0][0] == '#')
            continue; /* blank line or comment */
        if (ntok != 4) {
            snprintf(err, errlen,
                     "%s:%ld: expected 4 fields (cycle source destination length), found %ld",
                     path, lineno, ntok);
            goto out;
        }
        long v[4];
        for (int fi = 0; fi < 4; fi++) {
            char txt[140];
            int pr = parse_dec(tok[fi], toklen[fi], &v[fi]);
            if (pr == 1) {
                token_text(txt, sizeof(txt), tok[fi], toklen[fi]);
                snprintf(err, errlen, "%s:%ld: %s '%s' is not a decimal integer (range %ld..%ld)",
                         path, lineno, field[fi], txt, lo[fi], hi[fi]);
                goto out;
            }
            if (pr == 2) {
                token_text(txt, sizeof(txt), tok[fi], toklen[fi]);
                snprintf(err, errlen, "%s:%ld: %s %s out of range %ld..%ld", path, lineno,
                         field[fi], txt, lo[fi], hi[fi]);
                goto out;
            }
            if (v[fi] < lo[fi] || v[fi] > hi[fi]) {
                snprintf(err, errlen, "%s:%ld: %s %ld out of range %ld..%ld", path, lineno,
                         field[fi], v[fi], lo[fi], hi[fi]);
                goto out;
            }
        }
        if (count == TN_TRACE_PKTS) {
            snprintf(err, errlen, "%s:%ld: more than %ld packets; allowed: at most %ld", path,
                     lineno, TN_TRACE_PKTS, TN_TRACE_PKTS);
            goto out;
        }
        if (count == cap) {
            long ncap = cap ? cap * 2 : 64;
            if (ncap > TN_TRACE_PKTS)
                ncap = TN_TRACE_PKTS;
            tn_trace_pkt *np = realloc(p, sizeof(*p) * (size_t)ncap);
            if (!np) {
                snprintf(err, errlen, "%s:%ld: out of memory", path, lineno);
                goto out;
            }
            p = np;
            cap = ncap;
        }
        p[count].cycle = v[0];
        p[count].src = (int)v[1];
        p[count].dst = (int)v[2];
        p[count].len = (int)v[3];
        count++;
    }

    t->first = calloc((size_t)g->nodes + 1u, sizeof(long));
    if (!t->first) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (count > 1) {
        tmp = malloc(sizeof(*p) * (size_t)count);
        if (!tmp) {
            snprintf(err, errlen, "%s: out of memory", path);
            free(t->first);
            t->first = NULL;
            goto out;
        }
        sort_pkts(p, tmp, count);
    }
    for (long i = 0; i < count; i++)
        t->first[p[i].src + 1]++;
    for (int s = 0; s < g->nodes; s++)
        t->first[s + 1] += t->first[s];
    t->p = p;
    t->count = count;
    p = NULL;
    rc = 0;

out:
    free(tmp);
    free(p);
    free(line);
    fclose(f);
    return rc;
}

void tn_trace_free(tn_trace *t)
{
    free(t->p);
    free(t->first);
    t->p = NULL;
    t->first = NULL;
    t->count = 0;
}
