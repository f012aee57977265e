/* SPDX-License-Identifier: MIT */
/* GAL network interface (rtl/ni/, docs/microarchitecture.md section 21), one per node: the
 * injection unit puts each packet from the source queues into a quadrant queue of its set (the
 * minimal one if its occupancy is below the set's threshold T, else the shortest of the set);
 * the sender of injection channel e starts the next packet by round-robin over the queues of the
 * quadrants q with q mod term = e, so each quadrant drains at the rate its own directions accept;
 * each set's threshold follows the drained-packet count (paper 000 section IV-E) or stays
 * fixed. The NI owns its state (tn_gal_ni, with its parameters); its inputs are arguments: the
 * router's free ports (afree) through a tn_afree_in, read only when a queue needs them. */
#include <stdlib.h>
#include "tn_internal.h"

static int n_sets(const tn_gal_ni *g)
{
    switch (g->set_kind) {
    case TN_GAL_S1: return 1;
    case TN_GAL_S2: return 2;
    case TN_GAL_SDIR: return 1 << g->geo->n;
    default: return g->geo->nodes;
    }
}

/* R21.4's canonical minimal quadrant from cs to cd: bit d set when dimension d has an offset and
 * section 8's direction (its tie rule) is minus. */
static int gal_qmin(const tn_geom *geo, const int *cs, const int *cd)
{
    int qmin = 0;
    for (int d = 0; d < geo->n; d++)
        if (cs[d] != cd[d] && tn_dor_dir(geo->k, geo->topo, cs[d], cd[d]) < 0)
            qmin |= 1 << d;
    return qmin;
}

int tn_gal_init(tn_gal_ni *g, const tn_geom *geo, const tn_config *c)
{
    g->geo = geo;
    g->set_kind = c->gal_sets;
    g->adapt = c->gal_adapt;
    g->t = c->gal_t;
    g->tmin = c->gal_tmin;
    g->tmax = c->gal_tmax;
    g->n1 = c->gal_n1;
    g->n2 = c->gal_n2;
    long ch = (long)geo->nodes * geo->term;
    g->sets = n_sets(g);
    g->quads = 1 << geo->n;
    g->depth = c->gal_qdepth;
    long slots = (long)geo->nodes * g->sets;
    g->q = calloc((size_t)(slots * g->quads * g->depth), sizeof *g->q);
    g->head = calloc((size_t)(slots * g->quads), sizeof *g->head);
    g->cnt = calloc((size_t)(slots * g->quads), sizeof *g->cnt);
    g->thr = calloc((size_t)slots, sizeof *g->thr);
    g->dhist = calloc((size_t)(slots * geo->term), sizeof *g->dhist);
    g->dprev = calloc((size_t)slots, sizeof *g->dprev);
    g->rr = calloc((size_t)ch, sizeof *g->rr);
    g->ntag = calloc((size_t)geo->nodes, sizeof *g->ntag);
    g->nw = (g->sets * g->quads + 63) / 64;
    g->ne = calloc((size_t)geo->nodes * (size_t)g->nw, sizeof *g->ne);
    g->cq = malloc((size_t)slots);
    for (int e = 0; e < geo->term && e < 4; e++) {
        g->chmask[e] = 0;
        for (int b = 0; b < 64; b++) /* quads divides 64, so the pattern repeats per word */
            if ((b % g->quads) % geo->term == e)
                g->chmask[e] |= 1ull << b;
    }
    if (!g->q || !g->head || !g->cnt || !g->thr || !g->dhist || !g->dprev || !g->rr || !g->ntag ||
        !g->ne || !g->cq)
        return -1;
    /* the canonical minimal quadrant of each set (R21.4's qmin), where the set has one */
    for (long i = 0; i < slots; i++) {
        int node = (int)(i / g->sets), set = (int)(i % g->sets), cq = 0xff;
        if (g->set_kind == TN_GAL_SDIR) {
            cq = set;
        } else if (g->set_kind == TN_GAL_SDST) {
            int cs[TN_MAX_N], cd[TN_MAX_N];
            tn_coords(geo, node, cs);
            tn_coords(geo, set, cd);
            cq = gal_qmin(geo, cs, cd);
        }
        g->cq[i] = (uint8_t)cq;
    }
    for (long i = 0; i < slots; i++)
        g->thr[i] = (uint16_t)(g->adapt ? g->tmin : g->t);
    return 0;
}

void tn_gal_free(tn_gal_ni *g)
{
    free(g->q);
    free(g->head);
    free(g->cnt);
    free(g->thr);
    free(g->dhist);
    free(g->dprev);
    free(g->rr);
    free(g->ntag);
    free(g->ne);
    free(g->cq);
}

/* The set of a packet: S=1 one set; S=2 far (1) when some dimension's minimal distance exceeds
 * k/4, else near (0); dir: the minimal quadrant; dst: the destination node. */
static int set_of(const tn_gal_ni *g, const int *cs, const int *cd, int dst, int qmin)
{
    const int k = g->geo->k;
    switch (g->set_kind) {
    case TN_GAL_S1: return 0;
    case TN_GAL_S2:
        for (int d = 0; d < g->geo->n; d++) {
            int plus = (cd[d] - cs[d] + k) % k, minus = (k - plus) % k;
            int delta = plus < minus ? plus : minus;
            if (4 * delta > k)
                return 1;
        }
        return 0;
    case TN_GAL_SDIR: return qmin;
    default: return dst;
    }
}

int tn_gal_enqueue(tn_gal_ni *g, int node, const tn_pending *p)
{
    int cs[TN_MAX_N] = {0}, cd[TN_MAX_N] = {0};
    tn_coords(g->geo, node, cs);
    tn_coords(g->geo, p->dst, cd);
    /* minimal quadrant (section 8's direction, its tie rule) and the dimensions with no offset,
     * whose bit stays 0 in every quadrant the packet may take */
    const int qmin = gal_qmin(g->geo, cs, cd);
    int zero = 0;
    for (int d = 0; d < g->geo->n; d++)
        if (cd[d] == cs[d])
            zero |= 1 << d;
    long slot = (long)node * g->sets + set_of(g, cs, cd, p->dst, qmin);
    uint16_t *cnt = g->cnt + slot * g->quads;
    /* the minimal queue: the shortest of the minimal quadrants, which agree with qmin in every
     * dimension with an offset (a dimension without one has no hop either way); ties: qmin,
     * then the lowest index */
    int q = qmin;
    for (int r = 0; r < g->quads; r++)
        if (!((r ^ qmin) & ~zero) && cnt[r] < cnt[q])
            q = r;
    if (cnt[q] >= g->thr[slot]) {
        /* the shortest queue of the set among the quadrants that agree with the minimal queue
         * where there is no offset; ties: the minimal queue, then the lowest index */
        const int qm = q;
        for (int r = 0; r < g->quads; r++)
            if (!((r ^ qm) & zero) && cnt[r] < cnt[q])
                q = r;
    }
    if (cnt[q] >= g->depth)
        return 0; /* full: the packet waits in the source queue */
    tn_gal_desc *e = &g->q[(slot * g->quads + q) * g->depth +
                           (g->head[slot * g->quads + q] + cnt[q]) % g->depth];
    e->created = p->created;
    e->dst = p->dst;
    e->len = p->len;
    e->quad = (uint8_t)q;
    e->tag = g->ntag[node]++;
    g->qtot[q]++;
    if (cnt[q]++ == 0) {
        long j = (slot % g->sets) * g->quads + q;
        g->ne[(long)node * g->nw + j / 64] |= 1ull << (j % 64);
    }
    g->queued++;
    return (int)(slot % g->sets) * g->quads + q + 1;
}

/* R21.5.1's hold: queue j of the node (set j / 2^n, quadrant q = j mod 2^n) is held when its set
 * has a canonical minimal quadrant, q is another one, and some port of quadrant q (per dimension
 * d, port 2d+1 + bit d of q) has no adaptive VC to take. */
static int gal_held(const tn_gal_ni *g, int node, int j, tn_afree_in *af)
{
    int q = j % g->quads, cq = g->cq[(long)node * g->sets + j / g->quads];
    if (cq == 0xff || q == cq)
        return 0;
    if (!af->known) {
        af->bits = af->fn(af->ctx, node);
        af->known = 1;
    }
    uint32_t ports = 0;
    for (int d = 0; d < g->geo->n; d++)
        ports |= 1u << (2 * d + ((q >> d) & 1));
    return (af->bits & ports) != ports;
}

/* The first queue j in [lo, hi) that holds a packet, is served by the channel (bitmap m, pattern
 * pat) and is not held; -1 if none. */
static int gal_scan(const tn_gal_ni *g, int node, const uint64_t *m, uint64_t pat, int lo, int hi,
                    tn_afree_in *af)
{
    for (int w = lo / 64; w * 64 < hi; w++) {
        uint64_t x = m[w] & pat;
        if (w == lo / 64)
            x &= ~0ull << (lo % 64);
        if ((w + 1) * 64 > hi)
            x &= (1ull << (hi % 64)) - 1ull;
        for (; x; x &= x - 1) {
            int j = w * 64 + __builtin_ctzll(x);
            if (!gal_held(g, node, j, af))
                return j;
        }
    }
    return -1;
}

int tn_gal_peek(const tn_gal_ni *g, int node, int ch, tn_afree_in *af, tn_pending *p, int *qi)
{
    /* the first queue j of channel ch at or after the pointer, wrapping, that holds a packet and
     * is not held (R21.5.1) */
    const long c = (long)node * g->geo->term + ch;
    const uint64_t *ne = g->ne + (long)node * g->nw;
    const int nq = g->sets * g->quads, r = g->rr[c];
    int j = gal_scan(g, node, ne, g->chmask[ch], r, nq, af);
    if (j < 0)
        j = gal_scan(g, node, ne, g->chmask[ch], 0, r, af);
    if (j < 0)
        return 0;
    const long base = (long)node * g->sets * g->quads;
    const tn_gal_desc *e = &g->q[(base + j) * g->depth + g->head[base + j]];
    p->created = e->created;
    p->dst = e->dst;
    p->len = e->len;
    p->mid = 0;
    p->quad = e->quad;
    *qi = j;
    return 1;
}

uint32_t tn_gal_head_tag(const tn_gal_ni *g, int node, int qi)
{
    long k = (long)node * g->sets * g->quads + qi;
    return g->q[k * g->depth + g->head[k]].tag;
}

void tn_gal_take(tn_gal_ni *g, int node, int ch, int qi)
{
    long c = (long)node * g->geo->term + ch;
    int nq = g->sets * g->quads;
    long k = (long)node * nq + qi;
    g->head[k] = (uint16_t)((g->head[k] + 1) % g->depth);
    g->qtot[qi % g->quads]--;
    if (--g->cnt[k] == 0)
        g->ne[(long)node * g->nw + qi / 64] &= ~(1ull << (qi % 64));
    g->queued--;
    /* a departure of this cycle (bit 0) on channel ch from set qi / quads */
    g->dhist[((long)node * g->sets + qi / g->quads) * g->geo->term + ch] |= 1;
    g->rr[c] = (qi + 1) % nq;
}

void tn_gal_tick(tn_gal_ni *g, long cycle, int in_window)
{
    g->occ_sum += g->queued;
    if (in_window)
        for (int q = 0; q < g->quads; q++)
            g->qocc[q] += g->qtot[q];
    if (!g->adapt)
        return;
    long slots = (long)g->geo->nodes * g->sets;
    uint64_t win = g->n1 >= 64 ? ~0ull : (1ull << g->n1) - 1ull;
    int update = (cycle + 1) % g->n2 == 0;
    const int term = g->geo->term;
    for (long i = 0; i < slots; i++) {
        if (update) {
            int dbar = 0;
            for (int e = 0; e < term; e++)
                dbar += __builtin_popcountll(g->dhist[i * term + e] & win);
            if (dbar < g->dprev[i]) /* throughput dropped: route minimally more often */
                g->thr[i] = (uint16_t)(g->thr[i] < g->tmax ? g->thr[i] + 1 : g->thr[i]);
            else
                g->thr[i] = (uint16_t)(g->thr[i] > g->tmin ? g->thr[i] - 1 : g->thr[i]);
            g->dprev[i] = (uint16_t)dbar;
        }
        for (int e = 0; e < term; e++)
            g->dhist[i * term + e] <<= 1; /* bit 0 is the next cycle's */
    }
}
