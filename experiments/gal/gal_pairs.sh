#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 000 section IV-D (notes rows R20-R23, E5): latency and hop histograms at uniform 0.2 on
# the 8-ary 2-cube for the pairs A(0,0)->B(1,1), A->C(1,3), A->D(4,4), under VAL, CHAOS, MIN AD,
# GOAL and GAL (selection=sq, pkt=4, buf=8; VAL 4 VCs, the others 3).
# About 10^4 packets per histogram: one pair alone gets 1/64 of a node's 0.05 packets/cycle
# (12.8 M cycles for 10^4), so the runs count every translate of the pair (pair_shift=on: every
# source s with d = s + (D - S) per dimension mod 8; the torus is translation-invariant up to the
# dateline VC classes and the position-dependent tie rule at offset k/2) over MEASURE = 200000
# cycles. Prints per algorithm and pair the packets, mean hops, mean latency, mean Q (latency
# minus the zero-load latency 2H + L + 2 of its hops; 3H + L + 3 under CHAOS) and the hop histogram; writes
# results/gal/pairs_<alg>_<pair>.csv (one row per packet) and results/gal/pairs_latency.png.
# Usage: bash experiments/gal/gal_pairs.sh   (env: MEASURE=200000 SEED=1 JOBS=2 SHIFT=on)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
MEASURE=${MEASURE:-200000}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
SHIFT=${SHIFT:-on}
OUT=results/gal
mkdir -p "$OUT"
make -s build/bin/tnsim
ALGS="val:4 chaos:3 minad:3 goal:3 gal:3"
PAIRS="B:9 C:25 D:36" # node ids x + 8y: (1,1), (1,3), (4,4)
pids=()
for a in $ALGS; do
    for p in $PAIRS; do
        alg=${a%:*} vcs=${a#*:} name=${p%:*} dst=${p#*:}
        build/bin/tnsim run k=8 n=2 routing="$alg" vcs="$vcs" selection=sq pkt=4 buf=8 transit=off \
            traffic=uniform load=0.2 warmup=1000 measure="$MEASURE" seed="$SEED" \
            pair=0,"$dst" pair_shift="$SHIFT" pair_out="$OUT/pairs_${alg}_$name.csv" \
            >"$OUT/pairs_${alg}_$name.txt" 2>&1 &
        pids+=($!)
        if [ "${#pids[@]}" -ge "$JOBS" ]; then
            wait "${pids[0]}"
            pids=("${pids[@]:1}")
        fi
    done
done
for p in "${pids[@]}"; do wait "$p"; done

python3 - "$OUT" "$ALGS" "$PAIRS" "$MEASURE" "$SHIFT" <<'EOF'
import csv, sys
from collections import Counter
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

out, algs, pairs, measure, shift = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4], sys.argv[5]
label = {"val": "VAL", "chaos": "CHAOS", "minad": "MIN AD", "goal": "GOAL", "gal": "GAL"}
coord = {"B": "(1,1)", "C": "(1,3)", "D": "(4,4)"}
print("\nUniform 0.2, 8-ary 2-cube, measure=%s cycles, pair_shift=%s. Q = latency - (2H + L + 2), CHAOS: - (3H + L + 3).\n"
      % (measure, shift))
print("| algorithm | pair | packets | mean H | mean latency | mean Q | hop histogram (H: fraction) |")
print("|---|---|---|---|---|---|---|")
fig, axes = plt.subplots(1, len(pairs), figsize=(5 * len(pairs), 3.8), squeeze=False)
for a in algs:
    alg = a.split(":")[0]
    for j, p in enumerate(pairs):
        name = p.split(":")[0]
        rows = list(csv.DictReader(open("%s/pairs_%s_%s.csv" % (out, alg, name))))
        n = len(rows)
        if not n:
            print("| %s | A->%s %s | 0 | - | - | - | - |" % (label[alg], name, coord[name]))
            continue
        lat = [int(r["latency"]) for r in rows]
        hops = Counter(int(r["hops"]) for r in rows)
        q = [int(r["queueing"]) for r in rows]
        hist = ", ".join("%d: %.3f" % (h, c / n) for h, c in sorted(hops.items()))
        print("| %s | A->%s %s | %d | %.3f | %.2f | %.2f | %s |" % (
            label[alg], name, coord[name], n, sum(hops[h] * h for h in hops) / n,
            sum(lat) / n, sum(q) / n, hist))
        c = Counter(lat)
        xs = list(range(min(lat), min(max(lat), min(lat) + 120) + 1))
        axes[0][j].step(xs, [c[x] / n for x in xs], where="mid", label=label[alg], lw=1)
for j, p in enumerate(pairs):
    name = p.split(":")[0]
    ax = axes[0][j]
    ax.set_title("A(0,0) -> %s%s, uniform 0.2" % (name, coord[name]), fontsize=10)
    ax.set_xlabel("latency (cycles)")
    ax.set_yscale("log")
    ax.grid(alpha=0.3)
axes[0][0].set_ylabel("fraction of packets")
axes[0][0].legend(fontsize=8)
fig.tight_layout()
fig.savefig("%s/pairs_latency.png" % out, dpi=120)
print("\nwrote %s/pairs_latency.png" % out)
EOF
