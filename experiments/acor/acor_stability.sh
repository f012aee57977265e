#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ACOR's top level and its stability (docs/acor.md §7): for each sequence of SEQS (box-full, whose
# top is full Valiant, and box-goalq, whose top is GOAL-Q), on each network of NETS and each
# pattern of TRS, tnsim sat's saturation throughput and the throughput accepted at offered 1.0
# (its overload probe), and their ratio. Default thresholds, acor_mode=router, buf=8 pkt=4.
# Prints one Markdown table per network (a configuration tnsim refuses, such as transpose on the
# ring, is a "-" with tnsim's message under the table) and, last, each sequence's lowest ratio.
# A measurement: never fails on the figures; fails when a tnsim run fails otherwise.
# Usage: bash experiments/acor/acor_stability.sh   (env: SEQS="box-full box-goalq" JOBS=2
#        NETS="k=8,n=2,vcs=4 k=8,n=2,vcs=8 k=8,n=1,vcs=4 k=4,n=2,vcs=4" TRS="uniform tornado ...")
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SEQS=${SEQS:-box-full box-goalq}
NETS=${NETS:-k=8,n=2,vcs=4 k=8,n=2,vcs=8 k=8,n=1,vcs=4 k=4,n=2,vcs=4}
TRS=${TRS:-uniform tornado bitcomp bitrev shuffle transpose neighbor randperm}
JOBS=${JOBS:-2}
make -s build/bin/tnsim
jnum() { grep -oE "\"$1\": *[-0-9.e]+" "$2" | head -n 1 | sed 's/.*: *//'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read -r -a seqs <<<"$SEQS"
: >"$tmp/all"
for net in $NETS; do
    keys=${net//,/ }
    echo
    echo "**$keys** (saturation / at offered 1.0, ratio)"
    echo
    printf "| pattern |"; for s in "${seqs[@]}"; do printf " %s |" "$s"; done; echo
    printf "|---|"; for _ in "${seqs[@]}"; do printf -- "---|"; done; echo
    for t in $TRS; do
        row="| $t |"
        for s in "${seqs[@]}"; do
            rc=0
            # shellcheck disable=SC2086  # keys: words key=value
            build/bin/tnsim sat $keys buf=8 pkt=4 routing=acor acor_seq="$s" traffic="$t" \
                jobs="$JOBS" --json >"$tmp/s.json" 2>"$tmp/err" || rc=$?
            if [ "$rc" -eq 2 ]; then
                # a pattern the network does not define (transpose on a ring): tnsim refuses the
                # configuration (exit 2); its message goes under the table
                row="$row - |"
                grep -qxF "$(cat "$tmp/err")" "$tmp/notes" 2>/dev/null || cat "$tmp/err" >>"$tmp/notes"
                continue
            elif [ "$rc" -ne 0 ]; then
                echo "acor_stability: tnsim sat $keys acor_seq=$s traffic=$t failed ($rc):" >&2
                cat "$tmp/err" >&2
                exit 1
            fi
            sa=$(jnum sat_accepted "$tmp/s.json")
            ov=$(jnum overload_accepted "$tmp/s.json")
            r=$(awk -v a="$ov" -v b="$sa" 'BEGIN { printf "%.0f", 100 * a / b }')
            row="$row $(printf '%.3f / %.3f, %s %%' "$sa" "$ov" "$r") |"
            echo "$s $keys $t $sa $ov $r" >>"$tmp/all"
        done
        echo "$row"
    done
    if [ -s "$tmp/notes" ]; then
        echo
        sed 's/^/- not run: /' "$tmp/notes"
        rm -f "$tmp/notes"
    fi
done
echo
for s in "${seqs[@]}"; do
    awk -v s="$s" '$1 == s { n++; if (min == "" || $NF < min) { min = $NF; at = $0 } }
        END { if (n) printf "%s: lowest overload / saturation %d %% (%s), over %d cases\n", s, min, at, n }' \
        "$tmp/all"
done
