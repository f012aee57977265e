#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# GAL's stability figures of paper 000 (Fig. 13, Fig. 14; notes rows R24, R25) on the 8-ary
# 2-cube with routing=gal vcs=3 selection=sq term=4 transit=on pkt=4 buf=8:
#   a  uniform at 1.1, fixed threshold T = 2 (Fig. 13: throughput falls as the non-minimal
#      fraction rises)
#   b  uniform at 1.1, adaptive T (gal_adapt=on, T_min 2, T_max 128, n1 50, n2 20)
#   c  Fig. 14: adaptive T, uniform at 1.1 switching to tornado at 0.55 at cycle 600
#   d  c with the fixed T = 2, for contrast
#   e, f  b and c with gal_sets=1 (one threshold per node that sees all its departures; the
#      default gal_sets=dst gives each destination's set its own controller)
# Capacity is 1 flit/node/cycle (8/k); term=4 lets a node offer 1.1. Every run is warmup=0 and
# measure=CYCLES (the series starts at cycle 0 whatever warmup is; drain=0 stops the sources at
# CYCLES and drains). Writes results/gal/stab_*.csv and PNGs; prints a Markdown table of the
# accepted throughput and mean T per 500 cycles.
# Usage: bash experiments/gal/gal_stability.sh   (env: CYCLES=6000 WIN=50 SEED=1 JOBS=2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CYCLES=${CYCLES:-6000}
WIN=${WIN:-50}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
OUT=results/gal
mkdir -p "$OUT"
make -s build/bin/tnsim
TNSIM=build/bin/tnsim
BASE="k=8 n=2 routing=gal vcs=3 selection=sq term=4 transit=on pkt=4 buf=8 seed=$SEED
      warmup=0 measure=$CYCLES drain=0 series_win=$WIN"
SW="switch_at=600 switch_traffic=tornado switch_load=0.55"
declare -A ARGS=(
    [a]="traffic=uniform load=1.1 gal_t=2"
    [b]="traffic=uniform load=1.1 gal_adapt=on gal_tmin=2 gal_tmax=128 gal_n1=50 gal_n2=20"
    [c]="traffic=uniform load=1.1 $SW gal_adapt=on gal_tmin=2 gal_tmax=128 gal_n1=50 gal_n2=20"
    [d]="traffic=uniform load=1.1 $SW gal_t=2"
    [e]="traffic=uniform load=1.1 gal_adapt=on gal_sets=1"
    [f]="traffic=uniform load=1.1 $SW gal_adapt=on gal_sets=1"
)
RUNS="a b c d e f"
pids=()
for r in $RUNS; do
    # shellcheck disable=SC2086
    echo "tnsim run $BASE ${ARGS[$r]} series=$OUT/stab_$r.csv" | tr -s ' \n' ' ' >"$OUT/stab_$r.cmd"
    $TNSIM run $BASE ${ARGS[$r]} series="$OUT/stab_$r.csv" >"$OUT/stab_$r.txt" 2>&1 &
    pids+=($!)
    if [ "${#pids[@]}" -ge "$JOBS" ]; then
        wait "${pids[0]}"
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do wait "$p"; done

P=experiments/gal/plot_series.py
python3 $P "$OUT/fig13_fixed_vs_adaptive.png" --xmax "$CYCLES" \
    "$OUT/stab_a.csv:a fixed T=2" "$OUT/stab_b.csv:b adaptive (sets=dst)" \
    "$OUT/stab_e.csv:e adaptive (sets=1)" \
    --title "GAL, uniform 1.1, 8-ary 2-cube (paper 000 Fig. 13)"
python3 $P "$OUT/fig14_switch.png" --xmax "$CYCLES" --mark 600 \
    "$OUT/stab_c.csv:c adaptive (sets=dst)" "$OUT/stab_d.csv:d fixed T=2" \
    "$OUT/stab_f.csv:f adaptive (sets=1)" \
    --title "GAL, uniform 1.1 -> tornado 0.55 at cycle 600 (paper 000 Fig. 14)"

python3 - "$OUT" "$CYCLES" $RUNS <<'EOF'
import csv, sys
out, cycles, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
data = {r: list(csv.DictReader(open("%s/stab_%s.csv" % (out, r)))) for r in runs}
blk = 500
print("\nGAL on the 8-ary 2-cube: accepted throughput (of capacity) / mean threshold T /")
print("non-minimal fraction, means over the windows of each %d cycles.\n" % blk)
print("| cycles | " + " | ".join("%s acc | %s T | %s nonmin" % (r, r, r) for r in runs) + " |")
print("|---|" + "---|---|---|" * len(runs))
for lo in range(0, cycles, blk):
    cells = []
    for r in runs:
        rows = [x for x in data[r] if lo <= int(x["cycle"]) < lo + blk]
        if not rows:
            cells += ["-", "-", "-"]
            continue
        m = lambda k: sum(float(x[k]) for x in rows) / len(rows)
        cells += ["%.3f" % m("accepted"), "%.1f" % m("gal_t_mean"), "%.2f" % m("nonmin_frac")]
    print("| %d-%d | %s |" % (lo, lo + blk, " | ".join(cells)))
print("\nruns (results/gal/stab_<run>.cmd):")
for r in runs:
    print("  %s: %s" % (r, open("%s/stab_%s.cmd" % (out, r)).read().strip()))
EOF
