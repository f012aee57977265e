/* SPDX-License-Identifier: MIT */
/* Paper 004's analytical model of Duato's fully adaptive routing with a hot spot
 * (tn_hotspot.h; docs/tnmodel.md). Equation numbers are the paper's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tn_hotspot.h"

struct tn_hs_model {
    tn_hs_params p;
    int D;             /* n(k-1), the largest distance */
    int W;             /* D + 1, the row length of the D x D arrays */
    double N;          /* k^n */
    double dbar, kbar; /* eqs. 3, 4 */
    long long *ni;     /* [0..D] eq. 9 */
    double *lr1;       /* lambda_r / lambda (eq. 5), one value */
    double *lh1;       /* [1..D] lambda_h[j] / lambda (eqs. 7, 10, 11) */
    double *theta;     /* [1..D] eq. 13 */
    double *xi;        /* [j*W+i], i >= j: eq. 27 */
    double *pi_r;      /* [1..n] eq. 17 with l = k_bar */
    double *pi_h;      /* [j*(n+1)+beta] eq. 17 with l = j/n */
    /* the iteration's state and scratch */
    double *bh, *bh_new; /* [i*W+m], 1 <= m <= i <= D: B_h[m, i] (eq. 30) */
    double *pre;         /* [i*W+m]: sum of B_h[1..m, i] */
    double *shbar;       /* [1..D] eq. 26 */
    double *s, *w, *pa, *pd, *vb; /* [1..D] eqs. 25, 29, 19, 20, the term of eq. 36 */
    double *pv;          /* [0..V] eq. 35, one channel at a time */
};

void tn_hs_default(tn_hs_params *p)
{
    memset(p, 0, sizeof *p);
    p->k = 8;
    p->n = 2;
    p->vcs = 3;
    p->pkt = 32;
    p->hot_frac = 0.1;
    p->fix_b = 1;
    p->fix_eq16 = 1;
    p->iter_max = 3000;
    p->eps = 1e-9;
}

int tn_hs_check(const tn_hs_params *p, char *err, size_t errlen)
{
#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)
    if (p->k < 2 || p->k > 64)
        BAD("key 'k': value '%d' is not allowed; allowed: 2..64", p->k);
    if (p->n < 1 || p->n > 4)
        BAD("key 'n': value '%d' is not allowed; allowed: 1..4", p->n);
    double N = pow(p->k, p->n);
    if (N > 65536)
        BAD("key 'n': value '%d' is not allowed with k=%d (k^n = %.0f nodes); allowed: k^n <= "
            "65536", p->n, p->k, N);
    if (p->vcs < 3 || p->vcs > 16)
        BAD("key 'vcs': value '%d' is not allowed; allowed: 3..16 (V-2 adaptive and 2 "
            "deterministic VCs)", p->vcs);
    if (p->pkt < 1 || p->pkt > 256)
        BAD("key 'pkt': value '%d' is not allowed; allowed: 1..256", p->pkt);
    if (!(p->hot_frac >= 0 && p->hot_frac <= 1))
        BAD("key 'hot_frac': value '%g' is not allowed; allowed: 0..1", p->hot_frac);
    const int fx[] = {p->fix_b, p->fix_eq16, p->fix_eq20, p->fix_eq26, p->fix_eq32};
    const char *fn[] = {"fix_b", "fix_eq16", "fix_eq20", "fix_eq26", "fix_eq32"};
    for (int i = 0; i < 5; i++)
        if (fx[i] != 0 && fx[i] != 1)
            BAD("key '%s': value '%d' is not allowed; allowed: 0 1", fn[i], fx[i]);
    if (p->iter_max < 1 || p->iter_max > 1000000)
        BAD("key 'iter_max': value '%d' is not allowed; allowed: 1..1000000", p->iter_max);
    if (!(p->eps >= 1e-15 && p->eps <= 1e-2))
        BAD("key 'eps': value '%g' is not allowed; allowed: 1e-15..0.01", p->eps);
    return 0;
#undef BAD
}

/* C(a, b), 0 when a < b or a < 0 (the convention eqs. 8 and 9 need) */
static long long binom(long long a, long long b)
{
    if (b < 0 || a < 0 || a < b)
        return 0;
    long long r = 1;
    for (long long i = 1; i <= b; i++)
        r = r * (a - b + i) / i;
    return r;
}

double tn_hs_dbar(const tn_hs_params *p)
{
    return p->n * (p->k - 1) / 2.0;
}

double tn_hs_dbar_hot(const tn_hs_params *p)
{
    double N = pow(p->k, p->n);
    return tn_hs_dbar(p) * N / (N - 1);
}

double tn_hs_zero_load(const tn_hs_params *p)
{
    return p->pkt + (1 - p->hot_frac) * tn_hs_dbar(p) + p->hot_frac * tn_hs_dbar_hot(p);
}

void tn_hs_free(tn_hs_model *m)
{
    if (!m)
        return;
    double *arrays[] = {m->lr1, m->lh1, m->theta, m->xi, m->pi_r, m->pi_h, m->bh, m->bh_new,
                        m->pre, m->shbar, m->s, m->w, m->pa, m->pd, m->vb, m->pv};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        free(arrays[i]);
    free(m->ni);
    free(m);
}

/* eq. 17 for l hops per dimension into pi[1..n]: P_t = 1/l (eq. 16), clamped to 1 with fix_eq16 */
static void pi_of(const tn_hs_params *p, double l, double *pi)
{
    double pt = 1 / l;
    if (p->fix_eq16 && pt > 1)
        pt = 1;
    for (int b = 1; b <= p->n; b++)
        pi[b] = (double)binom(p->n, b) * pow(1 - pt, b) * pow(pt, p->n - b);
}

tn_hs_model *tn_hs_new(const tn_hs_params *p, char *err, size_t errlen)
{
    if (tn_hs_check(p, err, errlen))
        return NULL;
    tn_hs_model *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->p = *p;
    int n = p->n, k = p->k, D = n * (k - 1), W = D + 1;
    m->D = D;
    m->W = W;
    m->N = pow(k, n);
    size_t sq = (size_t)W * W;
    m->ni = calloc(W, sizeof *m->ni);
    m->lr1 = calloc(1, sizeof(double));
    m->lh1 = calloc(W, sizeof(double));
    m->theta = calloc(W, sizeof(double));
    m->xi = calloc(sq, sizeof(double));
    m->pi_r = calloc(n + 1, sizeof(double));
    m->pi_h = calloc((size_t)W * (n + 1), sizeof(double));
    m->bh = calloc(sq, sizeof(double));
    m->bh_new = calloc(sq, sizeof(double));
    m->pre = calloc(sq, sizeof(double));
    m->shbar = calloc(W, sizeof(double));
    m->s = calloc(W, sizeof(double));
    m->w = calloc(W, sizeof(double));
    m->pa = calloc(W, sizeof(double));
    m->pd = calloc(W, sizeof(double));
    m->vb = calloc(W, sizeof(double));
    m->pv = calloc(p->vcs + 1, sizeof(double));
    if (!m->ni || !m->lr1 || !m->lh1 || !m->theta || !m->xi || !m->pi_r || !m->pi_h || !m->bh ||
        !m->bh_new || !m->pre || !m->shbar || !m->s || !m->w || !m->pa || !m->pd || !m->vb ||
        !m->pv) {
        tn_hs_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    /* eq. 9: nodes i hops away (hops 0..k-1 in each of n dimensions) */
    for (int i = 0; i <= D; i++) {
        long long s = 0;
        for (int l = 0; l <= n; l++)
            s += (l % 2 ? -1 : 1) * binom(n, l) * binom((long long)i - (long long)l * k + n - 1, n - 1);
        m->ni[i] = s;
    }
    m->kbar = (k - 1) / 2.0;     /* eq. 3 */
    m->dbar = n * m->kbar;       /* eq. 4 */
    double h = p->hot_frac;
    double hr = p->fix_b ? 1 - h : h; /* regular and hot-spot portions: eqs. 5, 7 (notes F1) */
    double hh = p->fix_b ? h : 1 - h;
    m->lr1[0] = hr * m->dbar / n; /* eq. 5 per unit lambda */
    for (int j = 1; j <= D; j++) {
        double tail = 0; /* sum of n_l, l = j..D: the sources that use a channel of J_j */
        for (int l = j; l <= D; l++)
            tail += (double)m->ni[l];
        double J = (double)n * (double)m->ni[j - 1]; /* eq. 10 */
        double ph = tail / (m->N * J);               /* eq. 11 */
        m->lh1[j] = hh * m->N * ph;                  /* eq. 7 per unit lambda */
        m->theta[j] = (double)m->ni[j] / (m->N - 1); /* eq. 13 */
        for (int i = j; i <= D; i++)
            m->xi[j * W + i] = (double)m->ni[i] / tail; /* eq. 27 */
    }
    pi_of(p, m->kbar, m->pi_r);
    for (int j = 1; j <= D; j++)
        pi_of(p, (double)j / n, m->pi_h + (size_t)j * (n + 1));
    return m;
}

long long tn_hs_nodes_at(const tn_hs_model *m, int i)
{
    return i < 0 || i > m->D ? -1 : m->ni[i];
}

const char *tn_hs_status_name(int status)
{
    switch (status) {
    case TN_HS_OK: return "converged";
    case TN_HS_SAT_CHAN: return "channel saturated";
    case TN_HS_SAT_SRC: return "source saturated";
    case TN_HS_NOCONV: return "not converged";
    default: return "invalid";
    }
}

/* eq. 18: phi for the channel j' and the pi of the message */
static double phi(const tn_hs_model *m, int jc, const double *pi)
{
    double s = 0, pa = 1;
    for (int b = 1; b <= m->p.n; b++) {
        s += pi[b] * pa;
        pa *= m->pa[jc];
    }
    return s * m->pd[jc];
}

/* M/G/1 waiting time with the variance (S - M)^2 (eqs. 21-23, 28, 29; 32 for the source) */
static double mg1(double lambda, double s, double M)
{
    if (s <= 0)
        return 0;
    return lambda * s * s / (2 * (1 - lambda * s)) * (1 + (s - M) * (s - M) / (s * s));
}

int tn_hs_solve(tn_hs_model *m, double rate, tn_hs_result *r)
{
    const tn_hs_params *p = &m->p;
    const int D = m->D, W = m->W, V = p->vcs, n = p->n;
    const double M = p->pkt, h = p->hot_frac;
    memset(r, 0, sizeof *r);
    memset(m->bh, 0, (size_t)W * W * sizeof(double));
    double br = 0;
    const double cv1 = V, cv2 = V * (V - 1) / 2.0; /* C(V, V-1), C(V, V-2) */
    int status = TN_HS_NOCONV;
    double sr = 0;
    for (int it = 1; it <= p->iter_max; it++) {
        r->iters = it;
        sr = M + m->dbar + m->dbar * br; /* eq. 6 */
        for (int i = 1; i <= D; i++) {  /* prefix sums of B_h[., i] for eq. 26 */
            double acc = 0;
            m->pre[i * W] = 0;
            for (int mm = 1; mm <= i; mm++) {
                acc += m->bh[i * W + mm];
                m->pre[i * W + mm] = acc;
            }
        }
        double rho_max = 0;
        for (int j = 1; j <= D; j++) {
            double sh = M; /* eq. 26 */
            for (int i = j; i <= D; i++) {
                double inner = p->fix_eq26 ? m->pre[i * W + i] - m->pre[i * W + i - j + 1]
                                           : m->pre[i * W + i - 1] - m->pre[i * W + i - j];
                sh += m->xi[j * W + i] * inner;
            }
            m->shbar[j] = sh;
            /* eq. 25; the weights lambda_r/lambda_j do not depend on the rate */
            double l1 = m->lr1[0] + m->lh1[j];
            double sj = (m->lr1[0] * sr + m->lh1[j] * sh) / l1;
            double lj = l1 * rate; /* eq. 24 */
            double rho = lj * sj;  /* eq. 22 */
            m->s[j] = sj;
            if (rho > rho_max)
                rho_max = rho;
            if (!(rho < 1)) {
                r->rho_max = rho_max;
                status = isfinite(rho) ? TN_HS_SAT_CHAN : TN_HS_NONFINITE;
                goto out;
            }
            m->w[j] = mg1(lj, sj, M); /* eq. 29 */
            /* eqs. 34, 35 */
            double q = 1, sum = 0, s1 = 0, s2 = 0;
            for (int v = 0; v <= V; v++) {
                double qv = v < V ? q : q / (1 - rho);
                m->pv[v] = qv;
                sum += qv;
                s1 += v * qv;
                s2 += (double)v * v * qv;
                q *= rho;
            }
            for (int v = 0; v <= V; v++)
                m->pv[v] /= sum;
            m->vb[j] = s1 > 0 ? s2 / s1 : 1; /* eq. 36's term (1 in the limit rho -> 0) */
            m->pa[j] = m->pv[V] + 2 * m->pv[V - 1] / cv1 + m->pv[V - 2] / cv2;  /* eq. 19 */
            m->pd[j] = m->pv[V] + (p->fix_eq20 ? 1 : 2) * m->pv[V - 1] / cv1;    /* eq. 20 */
        }
        r->rho_max = rho_max;
        /* eq. 15 */
        double nbr = 0;
        for (int j = 1; j <= D; j++)
            nbr += (double)m->ni[j - 1] / m->N * phi(m, j, m->pi_r) * m->w[j];
        /* eq. 30: B_h[mm, i] = phi(i - mm + 1, i/n) w_{i - mm + 1} */
        double diff = fabs(nbr - br), mag = fabs(nbr);
        for (int i = 1; i <= D; i++) {
            const double *pih = m->pi_h + (size_t)i * (n + 1);
            for (int mm = 1; mm <= i; mm++) {
                int jc = i - mm + 1;
                double b = phi(m, jc, pih) * m->w[jc];
                diff += fabs(b - m->bh[i * W + mm]);
                mag += fabs(b);
                m->bh_new[i * W + mm] = b;
            }
        }
        if (!isfinite(nbr) || !isfinite(diff)) {
            status = TN_HS_NONFINITE;
            goto out;
        }
        br = nbr;
        double *t = m->bh;
        m->bh = m->bh_new;
        m->bh_new = t;
        if (diff <= p->eps * (mag > 1 ? mag : 1)) {
            status = TN_HS_OK;
            break;
        }
    }
    if (status != TN_HS_OK)
        goto out;
    /* the converged state: eqs. 6, 12, 14, 2, 31-33, 36, 1 */
    sr = M + m->dbar + m->dbar * br;
    double shm = 0, ws = 0, vbar = 0;
    double ls = p->fix_eq32 ? rate / V : rate;
    for (int j = 1; j <= D; j++) {
        double shj = M + j; /* eq. 12 */
        for (int mm = 1; mm <= j; mm++)
            shj += m->bh[j * W + mm];
        shm += m->theta[j] * shj;
        double ssj = (1 - h) * sr + h * shj; /* eq. 31 */
        if (!(ls * ssj < 1)) {
            status = TN_HS_SAT_SRC;
            goto out;
        }
        ws += m->theta[j] * mg1(ls, ssj, M); /* eqs. 32, 33 */
        vbar += m->theta[j] * m->vb[j];      /* eq. 36 */
    }
    double sbar = (1 - h) * sr + h * shm; /* eq. 2 */
    r->regular_latency = sr;
    r->hot_latency = shm;
    r->net_latency = sbar;
    r->src_wait = ws;
    r->vbar = vbar;
    r->blocking_r = br;
    r->latency = (sbar + ws) * vbar; /* eq. 1 */
    if (!isfinite(r->latency) || r->latency < 0 || br < 0)
        status = TN_HS_NONFINITE;
out:
    r->status = status;
    return status;
}

double tn_hs_sat(tn_hs_model *m, double tol, int *probes)
{
    tn_hs_result r;
    int np = 0;
    double lo = 0, hi = 1.0 / m->p.pkt;
    for (;;) {
        np++;
        if (tn_hs_solve(m, hi, &r) != TN_HS_OK)
            break;
        lo = hi;
        if (hi >= 1) {
            if (probes)
                *probes = np;
            return 1;
        }
        hi = hi * 2 > 1 ? 1 : hi * 2;
    }
    while (hi - lo > tol * hi && hi > TN_HS_RATE_MIN) {
        double mid = (lo + hi) / 2;
        np++;
        if (tn_hs_solve(m, mid, &r) == TN_HS_OK)
            lo = mid;
        else
            hi = mid;
    }
    if (probes)
        *probes = np;
    return lo;
}
