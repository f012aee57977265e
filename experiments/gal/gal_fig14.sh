#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What keeps GAL's adaptive threshold T at T_min in paper 000's Fig. 14 setting (notes row R25;
# docs/gal-fig14.md): the 8-ary 2-cube with routing=gal vcs=3 selection=sq term=4 transit=on
# pkt=4 buf=8 (term=4 unless the run says otherwise), uniform at 1.1 switching to tornado at 0.55 at cycle 600, T_min 2, T_max 128,
# n1 50, n2 20, one run per hypothesis. With the model's keys only:
#   dst   gal_sets=dst (the default, = run c of gal_stability.sh): a controller per destination
#   s1    gal_sets=1: one controller per node, which sees all its departures
#   s2    gal_sets=2 (near/far)       sdir  gal_sets=dir (a set per minimal quadrant)
#   fix2  fixed T = 2 (T_min)         fix128 fixed T = 128 (T_max: what the paper's T = T_max does)
#   n5    gal_sets=1 with n2 = 5 (four times the updates)
#   n64   gal_sets=1 with n1 = n2 = 64 (disjoint windows, D compared with the one just before)
#   t2    dst with term=2 (two quadrants per injection channel)
#   t1, t1s1, t1fix128   term=1 (the board's; the load before the switch is then 1.0, the most
#         one channel carries): gal_sets=dst, gal_sets=1, and the fixed T = 128
# With a tnsim built from the patch gal/fig14_variants (env TNSIM_VAR=path; skipped when unset),
# whose environment key TN_GAL_VAR changes R21.7's rule in the experiment only:
#   hold     a tie (D equal to D at the previous update) keeps T (sets=dst)
#   hold1    the same with gal_sets=1
#   node     each set's controller reads the node's departures over all sets (sets=dst)
#   nodeh    node and hold together
#   t0max    T starts at T_max instead of T_min (sets=dst)
#   t0max1   the same with gal_sets=1
# Writes results/gal/f14_<run>.csv, .cmd, .txt and results/gal/fig14_variants_{sets,term,rule}.png;
# prints a Markdown table of the accepted throughput and mean T per 500 cycles, blocks aligned on
# the switch. Usage: bash experiments/gal/gal_fig14.sh   (env: CYCLES=3600 SEED=1 JOBS=2 TNSIM_VAR=)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
CYCLES=${CYCLES:-3600}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
TNSIM_VAR=${TNSIM_VAR:-}
OUT=results/gal
mkdir -p "$OUT"
make -s build/bin/tnsim
TNSIM=build/bin/tnsim
BASE="k=8 n=2 routing=gal vcs=3 selection=sq transit=on pkt=4 buf=8 seed=$SEED
      warmup=0 measure=$CYCLES drain=0 series_win=50
      traffic=uniform switch_at=600 switch_traffic=tornado switch_load=0.55"
T4="term=4 load=1.1"
T1="term=1 load=1.0"
AD="gal_adapt=on gal_tmin=2 gal_tmax=128 gal_n1=50 gal_n2=20"
declare -A ARGS=(
    [dst]="$T4 $AD gal_sets=dst" [s1]="$T4 $AD gal_sets=1" [s2]="$T4 $AD gal_sets=2"
    [sdir]="$T4 $AD gal_sets=dir" [fix2]="$T4 gal_t=2" [fix128]="$T4 gal_t=128"
    [n5]="$T4 gal_adapt=on gal_tmin=2 gal_tmax=128 gal_n1=50 gal_n2=5 gal_sets=1"
    [n64]="$T4 gal_adapt=on gal_tmin=2 gal_tmax=128 gal_n1=64 gal_n2=64 gal_sets=1"
    [t2]="term=2 load=1.1 $AD gal_sets=dst" [t1]="$T1 $AD gal_sets=dst"
    [t1s1]="$T1 $AD gal_sets=1" [t1fix128]="$T1 gal_t=128"
    [hold]="$T4 $AD gal_sets=dst" [hold1]="$T4 $AD gal_sets=1" [node]="$T4 $AD gal_sets=dst"
    [nodeh]="$T4 $AD gal_sets=dst" [t0max]="$T4 $AD gal_sets=dst" [t0max1]="$T4 $AD gal_sets=1"
)
declare -A VAR=([hold]=tiehold [hold1]=tiehold [node]=node [nodeh]=node,tiehold [t0max]=t0max
    [t0max1]=t0max)
RUNS="dst s1 s2 sdir fix2 fix128 n5 n64 t2 t1 t1s1 t1fix128"
[ -z "$TNSIM_VAR" ] || RUNS="$RUNS hold hold1 node nodeh t0max t0max1"
pids=()
for r in $RUNS; do
    bin=$TNSIM v=
    if [ -n "${VAR[$r]:-}" ]; then bin=$TNSIM_VAR v=${VAR[$r]}; fi
    echo "TN_GAL_VAR=$v $bin run $BASE ${ARGS[$r]} series=$OUT/f14_$r.csv" | tr -s ' \n' ' ' \
        >"$OUT/f14_$r.cmd"
    # shellcheck disable=SC2086
    TN_GAL_VAR=$v $bin run $BASE ${ARGS[$r]} series="$OUT/f14_$r.csv" >"$OUT/f14_$r.txt" 2>&1 &
    pids+=($!)
    if [ "${#pids[@]}" -ge "$JOBS" ]; then
        wait "${pids[0]}"
        pids=("${pids[@]:1}")
    fi
done
for p in "${pids[@]}"; do wait "$p"; done

P=experiments/gal/plot_series.py
python3 $P "$OUT/fig14_variants_sets.png" --xmax "$CYCLES" --mark 600 \
    "$OUT/f14_dst.csv:sets=dst" "$OUT/f14_s1.csv:sets=1" "$OUT/f14_s2.csv:sets=2" \
    "$OUT/f14_sdir.csv:sets=dir" "$OUT/f14_fix2.csv:fixed T=2" "$OUT/f14_fix128.csv:fixed T=128" \
    --title "GAL Fig. 14 setting: the sets and the fixed thresholds"
python3 $P "$OUT/fig14_variants_term.png" --xmax "$CYCLES" --mark 600 \
    "$OUT/f14_dst.csv:term=4 (sets=dst)" "$OUT/f14_n5.csv:sets=1, n2=5" \
    "$OUT/f14_n64.csv:sets=1, n1=n2=64" "$OUT/f14_t2.csv:term=2" \
    "$OUT/f14_t1.csv:term=1, load 1.0" "$OUT/f14_t1s1.csv:term=1, load 1.0, sets=1" \
    "$OUT/f14_t1fix128.csv:term=1, load 1.0, T=128" \
    --title "GAL Fig. 14 setting: the update period, the window and the injection channels"
if [ -n "$TNSIM_VAR" ]; then
    python3 $P "$OUT/fig14_variants_rule.png" --xmax "$CYCLES" --mark 600 \
        "$OUT/f14_dst.csv:R21.7 (sets=dst)" "$OUT/f14_hold.csv:tie keeps T" \
        "$OUT/f14_hold1.csv:tie keeps T, sets=1" "$OUT/f14_node.csv:node's D" \
        "$OUT/f14_nodeh.csv:node's D, tie keeps T" "$OUT/f14_t0max.csv:T0 = T_max" \
        "$OUT/f14_t0max1.csv:T0 = T_max, sets=1" \
        --title "GAL Fig. 14 setting: variants of the update rule (experiment patch)"
fi

python3 - "$OUT" "$CYCLES" $RUNS <<'EOF'
import csv, sys
out, cycles, runs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
data = {r: list(csv.DictReader(open("%s/f14_%s.csv" % (out, r)))) for r in runs}
blocks = [(100, 600)] + [(lo, lo + 500) for lo in range(600, cycles, 500)]
print("\nAccepted throughput (of capacity) / mean T / largest T, means over the 50-cycle windows")
print("of each block; uniform 1.1 (t1*: 1.0) before cycle 600, tornado 0.55 from it.\n")
print("| run | " + " | ".join("%d-%d" % b for b in blocks) + " |")
print("|---|" + "---|" * len(blocks))
for r in runs:
    cells = []
    for lo, hi in blocks:
        rows = [x for x in data[r] if lo <= int(x["cycle"]) < hi]
        if not rows:
            cells.append("-")
            continue
        m = lambda k: sum(float(x[k]) for x in rows) / len(rows)
        cells.append("%.3f / %.1f / %d" % (m("accepted"), m("gal_t_mean"),
                                           max(int(x["gal_t_max"]) for x in rows)))
    print("| %s | %s |" % (r, " | ".join(cells)))
print("\nruns (results/gal/f14_<run>.cmd):")
for r in runs:
    print("  %s: %s" % (r, open("%s/f14_%s.cmd" % (out, r)).read().strip()))
EOF
