#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The report card's saturation search, full bisection against the warm start (tnsim sat
# sat_hint=X, docs/report-card-speed.md): for each algorithm of report_card.sh and permutation
# seeds FIRST..FIRST+COUNT-1 on the 8-ary 2-cube, both searches with report_card.sh's keys, the
# hint HINTS gives the algorithm (default: experiments/gal/report_card.sh's PRIORS): "gal=0.53"
# a fixed load, "gal=0.63*ideal" that fraction of the permutation's ideal throughput
# (experiments/gal/ideal_perm.py, capacity 1 flit/node/cycle here) rounded to 0.0001. WARM_KEYS
# are tnsim keys for the warm search only (a variant: "tol=0.02", "warmup=1000 measure=5000").
# Prints CSV: routing, perm_seed, each search's sat_load, sat_accepted (flits/node/cycle), runs
# and CPU seconds (user + system), the difference of the loads in units of the full search's
# tol (0.01) and the hint; then per algorithm and over all: the mean and the largest
# |difference| in tol, the mean runs and CPU seconds of each, the mean difference of the
# accepted throughput (warm - full) and the standard deviation of the full search's accepted
# throughput over the permutations (the report card's 95 % half-width at N permutations is
# about 1.96 sd / sqrt(N)).
# Usage: bash experiments/gal/sat_warm.sh [COUNT] [FIRST] [HINTS] [WARM_KEYS]
# FULL_FROM=file (an earlier output of this script) takes the full searches from it instead of
# running them again. 2 jobs at a time. Figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-20} FIRST=${2:-3}
HINTS=${3:-$(sed -n 's/^PRIORS="\(.*\)"$/\1/p' experiments/gal/report_card.sh)}
export WARM_KEYS=${4:-}
export FULL_FROM=${FULL_FROM:-}
LAST=$((FIRST + COUNT - 1))
make --no-print-directory build/bin/tnsim >/dev/null
out=$(mktemp)
ideal=$(mktemp)
trap 'rm -f "$out" "$ideal"' EXIT
if grep -q '\*ideal' <<< "$HINTS"; then
    python3 experiments/gal/ideal_perm.py --jobs 2 "$FIRST-$LAST" > "$ideal"
fi
for a in "val 4" "chaos 3" "minad 3" "goal 3" "gal 3"; do
    read -r routing vcs <<< "$a"
    h=$(tr ' ' '\n' <<< "$HINTS" | sed -n "s/^$routing=//p")
    for p in $(seq "$FIRST" "$LAST"); do
        if [[ $h == *'*ideal' ]]; then
            x=$(awk -F, -v p="$p" -v f="${h%\*ideal}" '$1 == p { printf "%.4f", f * $2 }' "$ideal")
        else
            x=$h
        fi
        echo "$routing $vcs $p $x"
    done
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
    prev=
    [ -z "$FULL_FROM" ] || prev=$(awk -F, -v r="$0" -v p="$2" "\$1 == r && \$2 == p { print \$3, \$4, \$5, \$6 }" "$FULL_FROM")
    if [ -n "$prev" ]; then read -r fl fa fr fs <<< "$prev"; else read -r fl fa fr fs <<< "$(one)"; fi
    # shellcheck disable=SC2086
    read -r wl wa wr ws <<< "$(one sat_hint=$3 $WARM_KEYS)"
    echo "$0,$2,$fl,$fa,$fr,$fs,$wl,$wa,$wr,$ws,$(echo "($wl - $fl) / 0.01" | bc -l | xargs printf "%.2f"),$3"' \
    | sort -t, -k1,1 -k2,2n > "$out"
echo "routing,perm_seed,full_load,full_acc,full_runs,full_cpu_s,warm_load,warm_acc,warm_runs,warm_cpu_s,diff_tol,hint"
cat "$out"
echo
awk -F, '{ for (k = 0; k < 2; k++) { g = k ? "all" : $1; n[g]++; d = $11 < 0 ? -$11 : $11;
           s[g] += d; if (d > m[g]) m[g] = d; fs[g] += $6; ws[g] += $10; fr[g] += $5; wr[g] += $9;
           da[g] += $8 - $4; sa[g] += $4; qa[g] += $4 * $4 } }
     END { print "routing,n,mean_abs_diff_tol,max_abs_diff_tol,full_runs,full_cpu_s,warm_runs,warm_cpu_s,mean_acc_diff,full_acc_sd";
           split("val chaos minad goal gal all", o, " ");
           for (i = 1; i <= 6; i++) { g = o[i]; if (!n[g]) continue;
               v = n[g] > 1 ? (qa[g] - sa[g] * sa[g] / n[g]) / (n[g] - 1) : 0;
               printf "%s,%d,%.2f,%.2f,%.1f,%.2f,%.1f,%.2f,%+.4f,%.4f\n", g, n[g], s[g] / n[g], m[g],
                      fr[g] / n[g], fs[g] / n[g], wr[g] / n[g], ws[g] / n[g], da[g] / n[g],
                      sqrt(v < 0 ? 0 : v) } }' "$out"
