#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs/gal-collapse.md: why GAL's accepted throughput falls past saturation on the board's 4x4
# torus under tornado (0.30 at offered 0.45, GOAL 0.447). Regenerates every table of the note from
# the C model (tnsim), Markdown on stdout. Usage: bash experiments/gal-collapse/gal_collapse.sh [SECTION...]
# (sections: sweep series chan hyst sens cost; default all). About 2 minutes on one core.
# Figures only, never pass/fail.
# The note's sections 1-6 describe GAL before the senders' hold (R21.5.1): their figures need the
# hold removed: bash experiments/apply.sh gal-collapse/gal_sender (a scratch worktree), there
# TN_EXP_GALSND=0 bash experiments/gal-collapse/gal_collapse.sh. Without both, the script refuses (exit 2): at HEAD
# GAL no longer collapses and the tables would not be the note's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
if ! grep -q TN_EXP_GALSND cmodel/hw/*.c cmodel/sim/*.c || [ "${TN_EXP_GALSND:-}" != 0 ]; then
    echo "gal_collapse: the note's tables are of GAL without the senders' hold (R21.5.1); run bash experiments/apply.sh gal-collapse/gal_sender, and in its worktree TN_EXP_GALSND=0 bash experiments/gal-collapse/gal_collapse.sh" >&2
    exit 2
fi
make --no-print-directory build/bin/tnsim >/dev/null
TNSIM=build/bin/tnsim
SECTIONS=("$@")
[ ${#SECTIONS[@]} -gt 0 ] || SECTIONS=(sweep series chan hyst sens cost)

# the board's keys (tools/run.sh, BOARD_COMMON and BOARD_FAMILIES; term=1 and transit=on are
# the defaults, as on tnboard-core, TERM=1)
COMMON="buf=4 pkt=4"
WIN="warmup=1000 measure=4000"
GAL="routing=gal vcs=4 gal_sets=dir gal_qdepth=16"
FAMILIES=("routing=dor vcs=2" "routing=minad vcs=4" "routing=val vcs=4" "routing=goal vcs=4" "$GAL")

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_galc.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# one field of a --json line
field() { python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print("%.4f" % j[sys.argv[2]])' "$1" "$2"; }
want() { local s; for s in "${SECTIONS[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

# ---- 1. accepted against offered, tornado, five families, three topologies ----
if want sweep; then
    for topo in "k=4 n=2|0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.42 0.44 0.45 0.46 0.48 0.5" \
                "k=8 n=2|0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.8 1.0" \
                "k=8 n=1|0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.8 1.0"; do
        t=${topo%%|*} loads=${topo#*|}
        echo "### sweep: $t, tornado, $COMMON, $WIN"
        echo
        echo "| offered | DOR V=2 | MIN AD | VAL | GOAL | GAL | GAL non-min | GAL latency |"
        echo "|---|---|---|---|---|---|---|---|"
        for l in $loads; do
            row="| $l"
            for f in "${FAMILIES[@]}"; do
                # shellcheck disable=SC2086 # key=value lists
                j=$($TNSIM run $t $COMMON $f traffic=tornado load="$l" $WIN --json)
                row+=" | $(field "$j" accepted)"
            done
            row+=" | $(field "$j" nonmin_frac) | $(field "$j" latency_avg) |"
            echo "$row"
        done
        echo
    done
fi

# ---- 2. GAL over time at offered 0.45 (4x4) ----
if want series; then
    echo "### series: GAL, k=4 n=2 tornado load=0.45, $COMMON, series_win=500"
    echo
    # shellcheck disable=SC2086
    $TNSIM run k=4 n=2 $COMMON $GAL traffic=tornado load=0.45 warmup=0 measure=8000 \
        series="$TMP/s.csv" series_win=500 >/dev/null
    echo "| cycles | accepted | non-min | T mean | T max | queued packets (all 16 NIs, max 1024) |"
    echo "|---|---|---|---|---|---|"
    awk -F, 'NR > 1 && $1 < 8000 { printf "| %d-%d | %.3f | %.3f | %.2f | %d | %d |\n", $1, $1 + 499, $3, $7, $4, $5, $6 }' "$TMP/s.csv"
    echo
    echo "### series: the same with gal_adapt=on (T_min 2, T_max 128, n1 50, n2 20)"
    echo
    # shellcheck disable=SC2086
    $TNSIM run k=4 n=2 $COMMON $GAL gal_adapt=on traffic=tornado load=0.45 warmup=0 measure=8000 \
        series="$TMP/s.csv" series_win=500 >/dev/null
    echo "| cycles | accepted | non-min | T mean | T max | queued packets |"
    echo "|---|---|---|---|---|---|"
    awk -F, 'NR > 1 && $1 < 8000 && ($1 % 1000) == 0 { printf "| %d-%d | %.3f | %.3f | %.2f | %d | %d |\n", $1, $1 + 499, $3, $7, $4, $5, $6 }' "$TMP/s.csv"
    echo
fi

# ---- 3. where the flits go: x+ and x- channel utilisation, 4x4 ----
if want chan; then
    echo "### chan: k=4 n=2 tornado, $COMMON, warmup=1000 measure=20000; mean (max) utilisation over the 16 nodes"
    echo
    echo "| routing | offered | accepted | non-min | hops | x+ util | x- util | y util | GAL queues per node (q0 q1 q2 q3) |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for f in "routing=minad vcs=4" "routing=goal vcs=4" "$GAL" "$GAL gal_t=16" "$GAL term=2"; do
        for l in 0.40 0.45 0.50; do
            # shellcheck disable=SC2086
            j=$($TNSIM run k=4 n=2 $COMMON $f traffic=tornado load=$l warmup=1000 measure=20000 \
                chan_out="$TMP/c.csv" --json)
            u=$(awk -F, 'NR > 1 { if ($5 == 0) { s[$4] += $6; c[$4]++; if ($6 > m[$4]) m[$4] = $6 }
                                   else { y += $6; yc++ } }
                         END { printf "%.3f (%.3f) | %.3f (%.3f) | %.3f", s["+"] / c["+"], m["+"],
                               s["-"] / c["-"], m["-"], y / yc }' "$TMP/c.csv")
            python3 - "$j" "$l" "$u" "${f#routing=}" <<'EOF'
import json, sys
j = json.loads(sys.argv[1])
q = j.get("gal_queue_occ")
print("| %s | %s | %.4f | %.3f | %.2f | %s | %s |" % (sys.argv[4], sys.argv[2], j["accepted"],
      j["nonmin_frac"], j["hops_avg"], sys.argv[3], "-" if q is None else " ".join("%.1f" % x for x in q)))
EOF
        done
    done
    echo
fi

# ---- 4. hysteresis: a burst at 0.5 for 1000 cycles, then a load GAL carries from a cold start ----
if want hyst; then
    echo "### hyst: k=4 n=2 tornado, $COMMON, warmup=3000 measure=10000; burst = load=0.5 switch_at=1000 switch_load=L"
    echo
    echo "| routing | L | accepted, cold | accepted after burst | latency cold | latency after burst | non-min after burst |"
    echo "|---|---|---|---|---|---|---|"
    for f in "routing=minad vcs=4" "routing=goal vcs=4" "$GAL" "$GAL gal_t=16" "$GAL term=2"; do
        for l in 0.40 0.35 0.30; do
            # shellcheck disable=SC2086
            a=$($TNSIM run k=4 n=2 $COMMON $f traffic=tornado load=$l warmup=3000 measure=10000 --json)
            # shellcheck disable=SC2086
            b=$($TNSIM run k=4 n=2 $COMMON $f traffic=tornado load=0.5 switch_at=1000 switch_load=$l \
                warmup=3000 measure=10000 --json)
            echo "| ${f#routing=} | $l | $(field "$a" accepted) | $(field "$b" accepted) | $(field "$a" latency_avg) | $(field "$b" latency_avg) | $(field "$b" nonmin_frac) |"
        done
    done
    echo
fi

# ---- 5. one GAL key at a time, 4x4 tornado ----
if want sens; then
    echo "### sens: k=4 n=2 tornado, $COMMON $GAL, $WIN, one key changed"
    echo
    echo "| change | acc 0.40 | acc 0.45 | acc 0.50 | non-min 0.45 | non-min 0.50 |"
    echo "|---|---|---|---|---|---|"
    for v in "" gal_t=3 gal_t=4 gal_t=8 gal_t=16 "gal_t=16 measure=40000" gal_t=17 gal_adapt=on "gal_adapt=on gal_tmin=8" \
             gal_qdepth=4 gal_qdepth=128 gal_sets=1 gal_sets=2 gal_sets=dst term=2 term=4 \
             transit=off buf=8 vcs=3 vcs=8 selection=sq measure=20000 seed=2; do
        row="| ${v:-(board)}"
        nm=""
        for l in 0.40 0.45 0.50; do
            # shellcheck disable=SC2086
            j=$($TNSIM run k=4 n=2 $COMMON $GAL traffic=tornado load=$l $WIN $v --json)
            row+=" | $(field "$j" accepted)"
            [ "$l" = 0.40 ] || nm+=" | $(field "$j" nonmin_frac)"
        done
        echo "$row$nm |"
    done
    echo
fi

# ---- 6. the cost of the candidate settings elsewhere: accepted at a load near the peak and in overload ----
if want cost; then
    CASES=("k=4 n=2 traffic=tornado|0.45 0.5" "k=4 n=2 traffic=uniform|0.4 0.5"
           "k=8 n=2 traffic=tornado|0.45 1.0" "k=8 n=2 traffic=uniform|0.6 1.0"
           "k=8 n=1 traffic=tornado|0.45 1.0")
    echo "### cost: tnsim run CASE $COMMON SETTING load=L $WIN: accepted at the two loads L of each case; last column: average latency (cycles) at 8x8 tornado 0.35"
    echo
    echo "| setting | 4x4 tornado 0.45 / 0.5 | 4x4 uniform 0.4 / 0.5 | 8x8 tornado 0.45 / 1.0 | 8x8 uniform 0.6 / 1.0 | ring 8 tornado 0.45 / 1.0 | 8x8 tornado 0.35: latency |"
    echo "|---|---|---|---|---|---|---|"
    for f in "routing=minad vcs=4" "routing=goal vcs=4" "$GAL" "$GAL gal_t=4" "$GAL gal_t=8" \
             "$GAL gal_t=16" "$GAL gal_t=17" "$GAL gal_adapt=on" "$GAL term=2" "$GAL term=4"; do
        row="| ${f#routing=}"
        for c in "${CASES[@]}"; do
            if [[ "$f" == *term=4* && "$c" == *n=1* ]]; then row+=" | - (term <= 2^n)"; continue; fi
            cell=""
            for l in ${c#*|}; do
                # shellcheck disable=SC2086
                j=$($TNSIM run ${c%%|*} $COMMON $f load=$l $WIN --json)
                cell+="${cell:+ / }$(field "$j" accepted)"
            done
            row+=" | $cell"
        done
        # shellcheck disable=SC2086
        j=$($TNSIM run k=8 n=2 traffic=tornado $COMMON $f load=0.35 $WIN --json)
        echo "$row | $(field "$j" latency_avg) |"
    done
    echo
fi
