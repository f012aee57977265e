#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ACOR's transient after a step of tornado load (issue 13; docs/acor.md, "Transients"): the
# 8-ary 2-cube (K=8 below), vcs=8 buf=8 pkt=4, routing=acor acor_mode=router, each sequence,
# default thresholds (HI = 1024). "up": tornado at LOW until cycle STEP, then HIGH; "down":
# HIGH until STEP, then LOW. Every router's level is sampled every WIN cycles (tnsim series=).
# Prints, per sequence and direction, the cycles after the step until the first router, half of
# the routers and every router has left level 0 (up) or is back at level 0 (down), also in
# units of HI; writes
# results/acor/transient_kK_*.csv and results/acor/transient_kK.png.
# Usage: bash experiments/acor/acor_transient.sh   (env: K=8 LOW=0.1 HIGH=0.35 STEP=8192 CYCLES=24576
#        WIN=64 HI=1024 SEED=1)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
K=${K:-8} LOW=${LOW:-0.1} HIGH=${HIGH:-0.35} STEP=${STEP:-8192} CYCLES=${CYCLES:-24576}
WIN=${WIN:-64} HI=${HI:-1024} SEED=${SEED:-1}
OUT=results/acor
mkdir -p "$OUT"
make -s build/bin/tnsim
BASE="k=$K n=2 vcs=8 buf=8 pkt=4 routing=acor acor_mode=router acor_hi=$HI traffic=tornado
      seed=$SEED warmup=0 measure=$CYCLES drain=0 series_win=$WIN switch_at=$STEP"
for seq in box-full goalq-full box-goalq-full box-goalq; do
    build/bin/tnsim $BASE acor_seq=$seq load=$LOW switch_load=$HIGH \
        series=$OUT/transient_k${K}_${seq}_up.csv > /dev/null &
    build/bin/tnsim $BASE acor_seq=$seq load=$HIGH switch_load=$LOW \
        series=$OUT/transient_k${K}_${seq}_down.csv > /dev/null
    wait
done
echo "| sequence | step | first router | half of the routers | every router | (in HI: half, every) |"
echo "|---|---|---|---|---|---|"
for seq in box-full goalq-full box-goalq-full box-goalq; do
    for dir in up down; do
        python3 - "$OUT/transient_k${K}_${seq}_${dir}.csv" "$seq" "$dir" "$STEP" "$HI" "$LOW" "$HIGH" \
            "$WIN" <<'PY'
import csv, sys
path, seq, d, step, hi, low, high, win = sys.argv[1:]
step, hi, win = int(step), int(hi), int(win)
rows = list(csv.DictReader(open(path)))
nodes = [k for k in rows[0] if k.startswith("level_")]
first = half = every = None
for r in rows:
    c = int(r["cycle"]) + win  # the levels at the end of the window that starts at "cycle"
    if c <= step:
        continue
    lv = [int(r[n]) for n in nodes]
    at = sum(1 for l in lv if (l >= 1 if d == "up" else l == 0))
    if first is None and at > 0:
        first = c - step
    if half is None and 2 * at >= len(lv):
        half = c - step
    if at == len(lv):
        every = c - step
        break
fmt = lambda v: "not within the run" if v is None else "%d cycles" % v
inhi = lambda v: "-" if v is None else "%.2f" % (v / hi)
step_s = "%s -> %s" % ((low, high) if d == "up" else (high, low))
print("| %s | tornado %s | %s | %s | %s | %s, %s |" % (seq, step_s, fmt(first), fmt(half),
      fmt(every), inhi(half), inhi(every)))
PY
    done
done
python3 experiments/acor/plot_acor.py "$OUT/transient_k$K.png" \
    "$OUT/transient_k${K}_box-full_up.csv:box-full, $LOW -> $HIGH" \
    "$OUT/transient_k${K}_box-full_down.csv:box-full, $HIGH -> $LOW" \
    --mark "$STEP" --hi "$HI" --title "ACOR on the ${K}x${K} torus: a step of tornado load at cycle $STEP"
echo "wrote $OUT/transient_k$K.png and $OUT/transient_k${K}_*.csv"
