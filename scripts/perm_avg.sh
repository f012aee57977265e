#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 000's average over random permutations on an 8-ary 2-cube: saturation throughput
# (tnsim sat) of VAL, MIN AD, GOAL and GAL for COUNT seeded permutations (perm_seed 1..COUNT),
# their mean and minimum, and the mean normalised to VAL. The paper used 1000 permutations; the
# default here is 8. Usage: bash scripts/perm_avg.sh [COUNT] [PKT] [BUF]. Figures only.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-8} PKT=${2:-4} BUF=${3:-8}
make --no-print-directory build/bin/tnsim >/dev/null
mkdir -p results/gal
csv=results/gal/perm_avg.csv
echo "perm_seed,routing,sat_accepted_flits" > "$csv"
algs=("val vcs=4" "minad vcs=3" "goal vcs=3" "gal vcs=3")
for a in "${algs[@]}"; do
    read -r routing vcs <<< "$a"
    for p in $(seq 1 "$COUNT"); do
        j=$(build/bin/tnsim sat k=8 n=2 routing="$routing" "$vcs" selection=sq traffic=randperm \
            perm_seed="$p" pkt="$PKT" buf="$BUF" warmup=2000 measure=10000 --json)
        f=$(sed -n 's/.*"sat_accepted_flits_per_node_cycle": \([0-9.]*\).*/\1/p' <<< "$j")
        echo "$p,$routing,$f" >> "$csv"
    done
done
python3 - "$csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
by = {}
for r in rows:
    by.setdefault(r["routing"], []).append(float(r["sat_accepted_flits"]))
val = sum(by["val"]) / len(by["val"])
print("| routing | permutations | mean (flits/node/cycle) | min | mean / VAL |")
print("|---|---|---|---|---|")
for k in ("val", "minad", "goal", "gal"):
    v = by[k]
    m = sum(v) / len(v)
    print("| %s | %d | %.4f | %.4f | %.2f |" % (k, len(v), m, min(v), m / val))
PY
echo
echo "CSV: $csv"
