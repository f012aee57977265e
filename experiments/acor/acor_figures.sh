#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ACOR against VAL, MIN AD and GOAL (issue 13; docs/acor.md, "Against VAL, MIN AD and GOAL"):
# on the k-ary 2-cubes of KS (8 and 16), vcs=VCS (4: the least VAL and ACOR need; the others get
# the same) buf=8 pkt=4, uniform, nearest-neighbour and tornado traffic: the average hops and
# latency at low load (LOW of capacity) and the saturation throughput (tnsim sat) with the
# accepted throughput at offered 1.0. ACOR: each sequence, acor_mode=router, default thresholds.
# Prints a Markdown table per network; writes results/acor/figures_kK.json (one JSON per line).
# Usage: bash experiments/acor/acor_figures.sh   (env: KS="8 16" VCS=4 LOW=0.1 MEASURE=4000 JOBS=2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
KS=${KS:-8 16} VCS=${VCS:-4} LOW=${LOW:-0.1} MEASURE=${MEASURE:-4000} JOBS=${JOBS:-2}
OUT=results/acor
mkdir -p "$OUT"
make -s build/bin/tnsim
ALGS=("val|routing=val" "minad|routing=minad" "goal|routing=goal"
      "acor box-full|routing=acor acor_seq=box-full"
      "acor goalq-full|routing=acor acor_seq=goalq-full"
      "acor box-goalq-full|routing=acor acor_seq=box-goalq-full"
      "acor box-goalq|routing=acor acor_seq=box-goalq")
TRS="uniform neighbor tornado"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() { # K TRAFFIC NAME|KEYS OUTFILE
    local k=$1 tr=$2 spec=$3 f=$4 net
    net="k=$k n=2 vcs=$VCS buf=8 pkt=4 traffic=$tr measure=$MEASURE"
    {
        build/bin/tnsim run $net ${spec#*|} load=$LOW --json
        build/bin/tnsim sat $net ${spec#*|} --json
    } > "$f" 2>/dev/null
}
export -f one
export VCS LOW MEASURE
for k in $KS; do
    i=0
    for tr in $TRS; do
        for a in "${ALGS[@]}"; do
            echo "$k|$tr|$a|$tmp/$k.$tr.$i"
            i=$((i + 1))
        done
    done
done > "$tmp/jobs"
xargs -a "$tmp/jobs" -d '\n' -P "$JOBS" -I{} bash -c \
    'IFS="|" read -r k tr n keys f <<< "$1"; one "$k" "$tr" "$n|$keys" "$f"' _ {}
for k in $KS; do
    : > "$OUT/figures_k$k.json"
    echo
    # tnsim sat's overload is the injection channel's rate, 1 flit/node/cycle: term/capacity of
    # capacity (1.0 on the 8x8, 2.0 on the 16x16)
    over=$(awk -v k="$k" 'BEGIN { printf "%g", k % 2 ? (k * k - 1) / (8 * k) : k / 8 }')
    echo "${k}-ary 2-cube, vcs=$VCS: at low load ($LOW of capacity) hops / latency (cycles); saturation throughput / accepted at offered $over (1 flit/node/cycle; fractions of capacity)"
    echo
    echo "| routing | uniform: hops, latency | neighbor: hops, latency | tornado: hops, latency | uniform: sat, at $over | neighbor: sat, at $over | tornado: sat, at $over |"
    echo "|---|---|---|---|---|---|---|"
    for a in "${ALGS[@]}"; do
        name=${a%%|*}
        files=()
        for tr in $TRS; do
            f=$(awk -F'|' -v k="$k" -v t="$tr" -v n="$name" '$1==k && $2==t && $3==n {print $5}' "$tmp/jobs")
            files+=("$f")
            cat "$f" >> "$OUT/figures_k$k.json"
        done
        python3 - "$name" "${files[@]}" <<'PY'
import json, sys
name, files = sys.argv[1], sys.argv[2:]
low, sat = [], []
for f in files:
    d = [json.loads(l) for l in open(f) if l.strip()]
    if len(d) < 2:
        low.append("failed"); sat.append("failed"); continue
    low.append("%.2f, %.1f" % (d[0]["hops_avg"], d[0]["latency_avg"]))
    sat.append("%.3f, %.3f" % (d[1]["sat_accepted"], d[1]["overload_accepted"]))
print("| %s | %s |" % (name, " | ".join(low + sat)))
PY
    done
done
