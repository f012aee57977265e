#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The ideal throughput of tnsim's random permutations (traffic=randperm perm_seed=S) on a k-ary
n-cube torus: the maximum concurrent flow of the permutation with every directed link of
capacity 1 flit/cycle (paper 000 section IV-C, Fig. 9(f) and 10), by linear programming with
GLPK (glpsol, Debian's glpk-utils; the interior-point method, about 1 s for an 8x8 permutation).

The permutation is tnsim's own (cmodel/hw/traffic.c: a Fisher-Yates shuffle from the stream
tn_seed_stream(perm_seed, TN_STREAM_PERM, 0), cmodel/hw/rng.c), recomputed here; --check
compares, for each seed, the DOR channel-load bound of the permutation computed here with
`tnsim bound routing=dor`, which reads tnsim's permutation (R-independent: both from the same
loads), and fails on a difference.

The LP: one commodity per node s with p(s) != s, flow f[s][l] >= 0 on each directed link l,
conservation at every node with lam leaving s and arriving at p(s), sum over s of f[s][l] <= 1,
maximise lam. A node whose destination is itself sends nothing into the network. The ideal is
lam flits/node/cycle, capped by the terminal bandwidth term (channels per node).

Usage: python3 experiments/gal/ideal_perm.py [--k 8] [--n 2] [--term 4] [--jobs 2]
           [--check] SEEDS        (SEEDS: 1-1000 or 1,2,5)
Prints "perm_seed,ideal_flits_per_node_cycle" per seed in seed order. Figures only, never
pass/fail on their values.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

M64 = (1 << 64) - 1
M32 = 0xFFFFFFFF
STREAM_PERM = 3  # TN_STREAM_PERM, cmodel/include/tn.h


def seed_stream(glob, kind, index):
    """tn_seed_stream (cmodel/hw/rng.c): splitmix64 finaliser, never 0."""
    z = ((glob << 32) ^ (kind << 24) ^ index) & M64
    z = (z + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    z ^= z >> 31
    s = ((z >> 32) ^ z) & M32
    return s or 0x6D2B79F5


class Rng:
    """tn_rng: xorshift32 (13, 17, 5); below(n) = (next * n) >> 32."""

    def __init__(self, s):
        self.s = s

    def below(self, n):
        x = self.s
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        self.s = x
        return (x * n) >> 32


def permutation(k, n, seed):
    nodes = k ** n
    p = list(range(nodes))
    r = Rng(seed_stream(seed, STREAM_PERM, 0))
    for i in range(nodes - 1, 0, -1):
        j = r.below(i + 1)
        p[i], p[j] = p[j], p[i]
    return p


def coords(k, n, v):
    return [(v // k ** d) % k for d in range(n)]


def node_of(k, c):
    return sum(x * k ** d for d, x in enumerate(c))


def links(k, n):
    """Directed links (from, to) of the torus, in a fixed order."""
    out = []
    for v in range(k ** n):
        c = coords(k, n, v)
        for d in range(n):
            for step in (1, -1):
                c2 = list(c)
                c2[d] = (c[d] + step) % k
                out.append((v, node_of(k, c2)))
    return out


def dor_bound(k, n, p):
    """1 / the largest channel load of DOR routing of the permutation (tnsim bound's figure):
    tn_dor_dir's direction, ties at k/2 + from an even coordinate."""
    load = {}
    for s, t in enumerate(p):
        c, ct = coords(k, n, s), coords(k, n, t)
        for d in range(n):
            while c[d] != ct[d]:
                plus = (ct[d] - c[d]) % k
                minus = k - plus
                step = (1 if plus < minus else -1) if plus != minus else (-1 if c[d] & 1 else 1)
                a = node_of(k, c)
                c[d] = (c[d] + step) % k
                load[(a, node_of(k, c))] = load.get((a, node_of(k, c)), 0) + 1
    worst = max(load.values()) if load else 0
    return 1.0 / worst if worst else float("inf")


def write_lp(k, n, p, path):
    ls = links(k, n)
    nodes = k ** n
    outl = {v: [] for v in range(nodes)}
    inl = {v: [] for v in range(nodes)}
    for i, (a, b) in enumerate(ls):
        outl[a].append(i)
        inl[b].append(i)
    com = [s for s in range(nodes) if p[s] != s]
    with open(path, "w") as f:
        f.write("Maximize\n obj: lam\nSubject To\n")
        for s in com:
            for v in range(nodes):
                terms = " + ".join(f"f{s}_{i}" for i in outl[v])
                terms += " - " + " - ".join(f"f{s}_{i}" for i in inl[v])
                rhs = " - lam" if v == s else " + lam" if v == p[s] else ""
                f.write(f" c{s}_{v}: {terms}{rhs} = 0\n")
        for i in range(len(ls)):
            f.write(f" cap{i}: " + " + ".join(f"f{s}_{i}" for s in com) + " <= 1\n")
        f.write("End\n")
    return len(com)


def ideal(k, n, term, seed):
    p = permutation(k, n, seed)
    with tempfile.TemporaryDirectory() as d:
        lp = os.path.join(d, "p.lp")
        if write_lp(k, n, p, lp) == 0:
            return seed, float(term)
        out = subprocess.run(["glpsol", "--lp", lp, "--interior", "-o", os.path.join(d, "p.out")],
                             capture_output=True, text=True)
        sol = open(os.path.join(d, "p.out")).read() if out.returncode == 0 else ""
    m = re.search(r"Objective:\s+obj\s*=\s*([0-9.eE+-]+)", sol)
    if not m or "OPTIMAL" not in sol:
        sys.exit(f"ideal_perm: glpsol found no optimum for perm_seed={seed}: {out.stdout[-300:]}")
    return seed, min(float(m.group(1)), float(term))


def seeds_of(spec):
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--k", type=int, default=8)
    ap.add_argument("--n", type=int, default=2)
    ap.add_argument("--term", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--check", action="store_true",
                    help="compare each permutation's DOR bound with tnsim bound's and exit")
    ap.add_argument("--tnsim", default="build/bin/tnsim")
    ap.add_argument("seeds")
    a = ap.parse_args()
    seeds = seeds_of(a.seeds)
    if a.check:
        bad = 0
        for s in seeds:
            j = subprocess.run([a.tnsim, "bound", f"k={a.k}", f"n={a.n}", "routing=dor",
                                "traffic=randperm", f"perm_seed={s}", "--json"],
                               capture_output=True, text=True, check=True).stdout
            theirs = float(re.search(r'"bound_flits_per_node_cycle": ([0-9.]+)', j).group(1))
            ours = dor_bound(a.k, a.n, permutation(a.k, a.n, s))
            ok = abs(theirs - min(ours, 1e9)) < 1e-6
            bad += not ok
            print(f"{'ok' if ok else 'not ok'} {s} - perm_seed={s}: DOR bound {ours:.6f} here, "
                  f"{theirs:.6f} from tnsim")
        sys.exit(1 if bad else 0)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        res = dict(ex.map(lambda s: ideal(a.k, a.n, a.term, s), seeds))
    print("perm_seed,ideal_flits_per_node_cycle")
    for s in seeds:
        print(f"{s},{res[s]:.6f}")


if __name__ == "__main__":
    main()
