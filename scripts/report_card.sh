#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 000 Table IV style report card on an 8-ary 2-cube: saturation throughput (tnsim sat) of
# VAL, CHAOS, MIN AD, GOAL and GAL on uniform, nearest neighbour, tornado, bit complement and transpose,
# normalised to VAL. Usage: bash scripts/report_card.sh [PKT] [BUF]. Nearest neighbour runs with
# term=4 (4 injection/ejection channels per node: its bound is 4 flits/node/cycle); the others
# with term=1. CHAOS runs with the VCs of MIN AD and buf = max(BUF, PKT) (virtual cut-through).
# Prints a Markdown table and writes results/gal/report_card.csv. Figures only.
set -euo pipefail
cd "$(dirname "$0")/.."
PKT=${1:-4} BUF=${2:-8}
make --no-print-directory build/bin/tnsim >/dev/null
mkdir -p results/gal
csv=results/gal/report_card.csv
echo "traffic,term,routing,sat_accepted_flits" > "$csv"
CBUF=$(( BUF > PKT ? BUF : PKT ))
algs=("val vcs=4" "chaos vcs=3" "minad vcs=3" "goal vcs=3" "gal vcs=3")
echo "| traffic (term) | VAL | CHAOS | MIN AD | GOAL | GAL | (flits/node/cycle; ratio to VAL) |"
echo "|---|---|---|---|---|---|---|"
for tp in "uniform 1" "neighbor 4" "tornado 1" "bitcomp 1" "transpose 1"; do
    read -r tr term <<< "$tp"
    row="| $tr ($term) |"
    val=
    for a in "${algs[@]}"; do
        read -r routing vcs <<< "$a"
        b=$BUF
        [ "$routing" != chaos ] || b=$CBUF
        j=$(build/bin/tnsim sat k=8 n=2 routing="$routing" "$vcs" selection=sq traffic="$tr" \
            term="$term" pkt="$PKT" buf="$b" warmup=2000 measure=10000 --json)
        f=$(sed -n 's/.*"sat_accepted_flits_per_node_cycle": \([0-9.]*\).*/\1/p' <<< "$j")
        echo "$tr,$term,$routing,$f" >> "$csv"
        [ -n "$val" ] || val=$f
        row="$row $f ($(awk -v a="$f" -v b="$val" 'BEGIN { printf "%.2f", a / b }')) |"
    done
    echo "$row"
done
echo
echo "CSV: $csv"
