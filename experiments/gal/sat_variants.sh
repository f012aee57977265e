#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The report card's saturation search against a cheaper variant (docs/report-card-speed.md): for
# each algorithm of report_card.sh and permutation seeds 1..COUNT on the 8-ary 2-cube, the
# bisection's saturation throughput (tnsim sat, as report_card.sh runs it) and the variant's:
# VARIANT is a tnsim command and keys that override the report card's (default "run load=1.0":
# the accepted throughput of one run at that offered load; "sat measure=2500": a bisection of
# shorter runs), with each one's wall seconds. Usage: bash experiments/gal/sat_variants.sh [COUNT]
# [VARIANT]. Prints CSV (routing,perm_seed,sat,sat_s,variant,variant_s); 2 jobs at a time.
# Figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-2} VARIANT=${2:-run load=1.0}
make --no-print-directory build/bin/tnsim >/dev/null
export VARIANT
echo "routing,perm_seed,sat,sat_s,variant,variant_s"
for a in "val 4" "chaos 3" "minad 3" "goal 3" "gal 3"; do
    for p in $(seq 1 "$COUNT"); do echo "$a $p"; done
done | xargs -P 2 -L 1 bash -c '
    keys=(k=8 n=2 routing=$0 selection=sq pkt=4 term=4 vcs=$1 buf=8 traffic=randperm
          perm_seed=$2 warmup=2000 measure=10000 transit=on --json)
    t0=$(date +%s.%N)
    s=$(build/bin/tnsim sat "${keys[@]}" | sed -n "s/.*\"sat_accepted_flits_per_node_cycle\": \([0-9.]*\).*/\1/p")
    t1=$(date +%s.%N)
    read -r cmd over <<< "$VARIANT"
    j=$(build/bin/tnsim "$cmd" "${keys[@]}" $over)
    if [ "$cmd" = sat ]; then
        r=$(sed -n "s/.*\"sat_accepted_flits_per_node_cycle\": \([0-9.]*\).*/\1/p" <<< "$j")
    else
        r=$(sed -n "s/.*\"accepted_flits_per_node_cycle\": \([0-9.]*\).*/\1/p" <<< "$j")
    fi
    t2=$(date +%s.%N)
    printf "%s,%s,%s,%.1f,%s,%.1f\n" "$0" "$2" "$s" "$(echo "$t1 - $t0" | bc)" "$r" "$(echo "$t2 - $t1" | bc)"' | sort
