#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Saturation throughput of DOR and of MIN AD with each selection function (paper 001's study),
# from tnsim sat. Usage: bash experiments/selection/sel_compare.sh [K] [N] [PKT] [BUF] [extra tnsim keys...]
# Defaults: 16x16 torus, 16-flit packets, 8-flit buffers, uniform and bit-reversal traffic.
# Prints a Markdown table and writes results/sel/sat_kKnN_pPKT.csv. Figures, never pass/fail.
# transit=off (plain round-robin, as the figures of docs section 19 were measured) unless an extra
# key says otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
K=${1:-16} N=${2:-2} PKT=${3:-16} BUF=${4:-8}
shift $(( $# > 4 ? 4 : $# ))
EXTRA=("$@")
make --no-print-directory build/bin/tnsim >/dev/null
mkdir -p results/sel
csv=results/sel/sat_k${K}n${N}_p${PKT}.csv
echo "traffic,routing,vcs,selection,sat_load,sat_accepted,sat_accepted_flits,overload_accepted" > "$csv"
runs=("dor 2 -" "dor 3 -")
for s in random dor zigzag lru ldsf sq; do runs+=("minad 3 $s"); done
# each sat probes up to JOBS loads at once (tnsim jobs=N: the same result), one per processor
JOBS=$(nproc 2>/dev/null || echo 1); [ "$JOBS" -le 64 ] || JOBS=64
echo "| traffic | routing | vcs | selection | saturation throughput (flits/node/cycle) | fraction of capacity | accepted at load 2.0 |"
echo "|---|---|---|---|---|---|---|"
for tr in uniform bitrev; do
    for r in "${runs[@]}"; do
        read -r routing vcs sel <<< "$r"
        keys=(k="$K" n="$N" vcs="$vcs" buf="$BUF" pkt="$PKT" routing="$routing" traffic="$tr"
              warmup=2000 measure=10000 transit=off "${EXTRA[@]}")
        [ "$sel" = - ] || keys+=(selection="$sel")
        j=$(build/bin/tnsim sat "${keys[@]}" --json jobs="$JOBS")
        f() { sed -n "s/.*\"$1\": \([0-9.]*\).*/\1/p" <<< "$j"; }
        echo "$tr,$routing,$vcs,$sel,$(f sat_load),$(f sat_accepted),$(f sat_accepted_flits_per_node_cycle),$(f overload_accepted)" >> "$csv"
        echo "| $tr | $routing | $vcs | $sel | $(f sat_accepted_flits_per_node_cycle) | $(f sat_accepted) | $(f overload_accepted) |"
    done
done
echo
echo "CSV: $csv"
