#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The report card's saturation search, full bisection against the warm start (tnsim sat
# sat_hint=X, docs/report-card-speed.md): for each algorithm of report_card.sh and permutation
# seeds FIRST..FIRST+COUNT-1 on the 8-ary 2-cube, both searches with report_card.sh's keys, the
# hint HINTS gives the algorithm (default: experiments/gal/report_card.sh's PRIORS). Prints CSV:
# routing, perm_seed, each search's sat_load, sat_accepted (flits/node/cycle), runs and CPU
# seconds (user + system), and the difference of the loads in units of tol; then per algorithm
# and over all, the mean and the largest |difference| in tol and the mean CPU seconds of each.
# Usage: bash experiments/gal/sat_warm.sh [COUNT] [FIRST] [HINTS]
# HINTS: "val=0.27 chaos=0.49 ...". 2 jobs at a time. Figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-20} FIRST=${2:-3}
HINTS=${3:-$(sed -n 's/^PRIORS="\(.*\)"$/\1/p' experiments/gal/report_card.sh)}
make --no-print-directory build/bin/tnsim >/dev/null
out=$(mktemp)
trap 'rm -f "$out" "$out".t' EXIT
for a in "val 4" "chaos 3" "minad 3" "goal 3" "gal 3"; do
    read -r routing vcs <<< "$a"
    h=$(tr ' ' '\n' <<< "$HINTS" | sed -n "s/^$routing=//p")
    for p in $(seq "$FIRST" $((FIRST + COUNT - 1))); do echo "$routing $vcs $p $h"; done
done | xargs -P 2 -L 1 bash -c '
    keys=(k=8 n=2 routing=$0 selection=sq pkt=4 term=4 vcs=$1 buf=8 traffic=randperm
          perm_seed=$2 warmup=2000 measure=10000 transit=on --json)
    one() { # prints sat_load sat_accepted_flits runs cpu_seconds
        local t j
        t=$(mktemp)
        j=$(/usr/bin/time -f "%U %S" -o "$t" build/bin/tnsim sat "${keys[@]}" "$@")
        printf "%s %s %s %.2f\n" \
            "$(sed -n "s/.*\"sat_load\": \([0-9.]*\).*/\1/p" <<< "$j")" \
            "$(sed -n "s/.*\"sat_accepted_flits_per_node_cycle\": \([0-9.]*\).*/\1/p" <<< "$j")" \
            "$(sed -n "s/.*\"runs\": \([0-9]*\).*/\1/p" <<< "$j")" \
            "$(awk "{ print \$1 + \$2 }" "$t")"
        rm -f "$t"
    }
    read -r fl fa fr fs <<< "$(one)"
    read -r wl wa wr ws <<< "$(one sat_hint=$3)"
    echo "$0,$2,$fl,$fa,$fr,$fs,$wl,$wa,$wr,$ws,$(echo "($wl - $fl) / 0.01" | bc -l | xargs printf "%.2f")"' \
    | sort -t, -k1,1 -k2,2n > "$out"
echo "routing,perm_seed,full_load,full_acc,full_runs,full_cpu_s,warm_load,warm_acc,warm_runs,warm_cpu_s,diff_tol"
cat "$out"
echo
awk -F, '{ for (k = 0; k < 2; k++) { g = k ? "all" : $1; n[g]++; d = $11 < 0 ? -$11 : $11;
           s[g] += d; if (d > m[g]) m[g] = d; fs[g] += $6; ws[g] += $10; fr[g] += $5; wr[g] += $9 } }
     END { print "routing,n,mean_abs_diff_tol,max_abs_diff_tol,full_runs,full_cpu_s,warm_runs,warm_cpu_s";
           split("val chaos minad goal gal all", o, " ");
           for (i = 1; i <= 6; i++) { g = o[i]; if (!n[g]) continue;
               printf "%s,%d,%.2f,%.2f,%.1f,%.2f,%.1f,%.2f\n", g, n[g], s[g] / n[g], m[g],
                      fr[g] / n[g], fs[g] / n[g], wr[g] / n[g], ws[g] / n[g] } }' "$out"
