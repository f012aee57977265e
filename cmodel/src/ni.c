/* SPDX-License-Identifier: MIT */
/* GAL network interface (rtl/ni/, docs/microarchitecture.md section 21), one per node: the
 * injection unit puts each packet from the source queues into a quadrant queue of its set (the
 * minimal one if its occupancy is below the set's threshold T, else the shortest of the set);
 * the sender of injection channel e starts the next packet by round-robin over the queues of the
 * quadrants q with q mod term = e, so each quadrant drains at the rate its own directions accept;
 * each set's threshold follows the drained-packet count (paper 000 section IV-E) or stays
 * fixed. */
#include <stdlib.h>
#include "tn_internal.h"

static int n_sets(const tn_sim *s)
{
    switch (s->cfg.gal_sets) {
    case TN_GAL_S1: return 1;
    case TN_GAL_S2: return 2;
    case TN_GAL_SDIR: return 1 << s->g.n;
    default: return s->g.nodes;
    }
}

/* R21.4's canonical minimal quadrant from cs to cd: bit d set when dimension d has an offset and
 * section 8's direction (its tie rule) is minus. */
static int gal_qmin(const tn_sim *s, const int *cs, const int *cd)
{
    int qmin = 0;
    for (int d = 0; d < s->g.n; d++)
        if (cs[d] != cd[d] && tn_dor_dir(s->g.k, s->g.topo, cs[d], cd[d]) < 0)
            qmin |= 1 << d;
    return qmin;
}

int tn_gal_init(tn_sim *s)
{
    tn_gal_ni *g = &s->gal;
    long ch = (long)s->g.nodes * s->g.term;
    g->sets = n_sets(s);
    g->quads = 1 << s->g.n;
    g->depth = s->cfg.gal_qdepth;
    long slots = (long)s->g.nodes * g->sets;
    g->q = calloc((size_t)(slots * g->quads * g->depth), sizeof *g->q);
    g->head = calloc((size_t)(slots * g->quads), sizeof *g->head);
    g->cnt = calloc((size_t)(slots * g->quads), sizeof *g->cnt);
    g->thr = calloc((size_t)slots, sizeof *g->thr);
    g->dhist = calloc((size_t)(slots * s->g.term), sizeof *g->dhist);
    g->dprev = calloc((size_t)slots, sizeof *g->dprev);
    g->rr = calloc((size_t)ch, sizeof *g->rr);
    g->ntag = calloc((size_t)s->g.nodes, sizeof *g->ntag);
    g->nw = (g->sets * g->quads + 63) / 64;
    g->ne = calloc((size_t)s->g.nodes * (size_t)g->nw, sizeof *g->ne);
    g->cq = malloc((size_t)slots);
    for (int e = 0; e < s->g.term && e < 4; e++) {
        g->chmask[e] = 0;
        for (int b = 0; b < 64; b++) /* quads divides 64, so the pattern repeats per word */
            if ((b % g->quads) % s->g.term == e)
                g->chmask[e] |= 1ull << b;
    }
    if (!g->q || !g->head || !g->cnt || !g->thr || !g->dhist || !g->dprev || !g->rr || !g->ntag ||
        !g->ne || !g->cq)
        return -1;
    /* the canonical minimal quadrant of each set (R21.4's qmin), where the set has one */
    for (long i = 0; i < slots; i++) {
        int node = (int)(i / g->sets), set = (int)(i % g->sets), cq = 0xff;
        if (s->cfg.gal_sets == TN_GAL_SDIR) {
            cq = set;
        } else if (s->cfg.gal_sets == TN_GAL_SDST) {
            int cs[TN_MAX_N], cd[TN_MAX_N];
            tn_coords(&s->g, node, cs);
            tn_coords(&s->g, set, cd);
            cq = gal_qmin(s, cs, cd);
        }
        g->cq[i] = (uint8_t)cq;
    }
    for (long i = 0; i < slots; i++)
        g->thr[i] = (uint16_t)(s->cfg.gal_adapt ? s->cfg.gal_tmin : s->cfg.gal_t);
    return 0;
}

void tn_gal_free(tn_sim *s)
{
    tn_gal_ni *g = &s->gal;
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
static int set_of(const tn_sim *s, const int *cs, const int *cd, int dst, int qmin)
{
    switch (s->cfg.gal_sets) {
    case TN_GAL_S1: return 0;
    case TN_GAL_S2:
        for (int d = 0; d < s->g.n; d++) {
            int plus = (cd[d] - cs[d] + s->g.k) % s->g.k, minus = (s->g.k - plus) % s->g.k;
            int delta = plus < minus ? plus : minus;
            if (4 * delta > s->g.k)
                return 1;
        }
        return 0;
    case TN_GAL_SDIR: return qmin;
    default: return dst;
    }
}

int tn_gal_enqueue(tn_sim *s, int node, const tn_pending *p)
{
    tn_gal_ni *g = &s->gal;
    int cs[TN_MAX_N], cd[TN_MAX_N];
    tn_coords(&s->g, node, cs);
    tn_coords(&s->g, p->dst, cd);
    /* minimal quadrant (section 8's direction, its tie rule) and the dimensions with no offset,
     * whose bit stays 0 in every quadrant the packet may take */
    const int qmin = gal_qmin(s, cs, cd);
    int zero = 0;
    for (int d = 0; d < s->g.n; d++)
        if (cd[d] == cs[d])
            zero |= 1 << d;
    long slot = (long)node * g->sets + set_of(s, cs, cd, p->dst, qmin);
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

/* The router's free ports as R21.5.1's hold reads them: given (vl_gal_ni.c) or, when
 * read_router, read from the node's router the first time a queue needs them. */
typedef struct gal_afree {
    uint32_t bits;
    int known;
} gal_afree;

/* R21.5.1's hold: queue j of the node (set j / 2^n, quadrant q = j mod 2^n) is held when its set
 * has a canonical minimal quadrant, q is another one, and some port of quadrant q (per dimension
 * d, port 2d+1 + bit d of q) has no adaptive VC to take. */
static int gal_held(const tn_sim *s, int node, int j, gal_afree *af)
{
    const tn_gal_ni *g = &s->gal;
    int q = j % g->quads, cq = g->cq[(long)node * g->sets + j / g->quads];
    if (cq == 0xff || q == cq)
        return 0;
    if (!af->known) {
        af->bits = tn_router_afree(&s->rt, node);
        af->known = 1;
    }
    uint32_t ports = 0;
    for (int d = 0; d < s->g.n; d++)
        ports |= 1u << (2 * d + ((q >> d) & 1));
    return (af->bits & ports) != ports;
}

/* The first queue j in [lo, hi) that holds a packet, is served by the channel (bitmap m, pattern
 * pat) and is not held; -1 if none. */
static int gal_scan(const tn_sim *s, int node, const uint64_t *m, uint64_t pat, int lo, int hi,
                    gal_afree *af)
{
    for (int w = lo / 64; w * 64 < hi; w++) {
        uint64_t x = m[w] & pat;
        if (w == lo / 64)
            x &= ~0ull << (lo % 64);
        if ((w + 1) * 64 > hi)
            x &= (1ull << (hi % 64)) - 1ull;
        for (; x; x &= x - 1) {
            int j = w * 64 + __builtin_ctzll(x);
            if (!gal_held(s, node, j, af))
                return j;
        }
    }
    return -1;
}

int tn_gal_peek(tn_sim *s, int node, int ch, const uint32_t *afree, tn_pending *p, int *qi)
{
    /* the first queue j of channel ch at or after the pointer, wrapping, that holds a packet and
     * is not held (R21.5.1) */
    tn_gal_ni *g = &s->gal;
    const long c = (long)node * s->g.term + ch;
    const uint64_t *ne = g->ne + (long)node * g->nw;
    const int nq = g->sets * g->quads, r = g->rr[c];
    gal_afree af = {afree ? *afree : 0, afree != NULL};
    int j = gal_scan(s, node, ne, g->chmask[ch], r, nq, &af);
    if (j < 0)
        j = gal_scan(s, node, ne, g->chmask[ch], 0, r, &af);
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

uint32_t tn_gal_head_tag(const tn_sim *s, int node, int qi)
{
    const tn_gal_ni *g = &s->gal;
    long k = (long)node * g->sets * g->quads + qi;
    return g->q[k * g->depth + g->head[k]].tag;
}

void tn_gal_take(tn_sim *s, int node, int ch, int qi)
{
    tn_gal_ni *g = &s->gal;
    long c = (long)node * s->g.term + ch;
    int nq = g->sets * g->quads;
    long k = (long)node * nq + qi;
    g->head[k] = (uint16_t)((g->head[k] + 1) % g->depth);
    g->qtot[qi % g->quads]--;
    if (--g->cnt[k] == 0)
        g->ne[(long)node * g->nw + qi / 64] &= ~(1ull << (qi % 64));
    g->queued--;
    /* a departure of this cycle (bit 0) on channel ch from set qi / quads */
    g->dhist[((long)node * g->sets + qi / g->quads) * s->g.term + ch] |= 1;
    g->rr[c] = (qi + 1) % nq;
}

void tn_gal_tick(tn_sim *s)
{
    tn_gal_ni *g = &s->gal;
    g->occ_sum += g->queued;
    if (s->cycle >= s->win_lo && s->cycle < s->win_hi)
        for (int q = 0; q < g->quads; q++)
            g->qocc[q] += g->qtot[q];
    if (!s->cfg.gal_adapt)
        return;
    long slots = (long)s->g.nodes * g->sets;
    uint64_t win = s->cfg.gal_n1 >= 64 ? ~0ull : (1ull << s->cfg.gal_n1) - 1ull;
    int update = s->cfg.gal_adapt && (s->cycle + 1) % s->cfg.gal_n2 == 0;
    const int term = s->g.term;
    for (long i = 0; i < slots; i++) {
        if (update) {
            int dbar = 0;
            for (int e = 0; e < term; e++)
                dbar += __builtin_popcountll(g->dhist[i * term + e] & win);
            if (dbar < g->dprev[i]) /* throughput dropped: route minimally more often */
                g->thr[i] = (uint16_t)(g->thr[i] < s->cfg.gal_tmax ? g->thr[i] + 1 : g->thr[i]);
            else
                g->thr[i] = (uint16_t)(g->thr[i] > s->cfg.gal_tmin ? g->thr[i] - 1 : g->thr[i]);
            g->dprev[i] = (uint16_t)dbar;
        }
        for (int e = 0; e < term; e++)
            g->dhist[i * term + e] <<= 1; /* bit 0 is the next cycle's */
    }
}
