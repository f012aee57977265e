#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tnsim's speed against an earlier commit (docs/tnsim-speed.md): builds that commit's tnsim in a
# scratch worktree, then for each configuration below prints
#   - the instructions of one run of each (valgrind's callgrind, deterministic) and their ratio,
#   - the median simulated cycles/s of RUNS paired runs, the two alternating (the machine's load
#     falls on both), and their ratio,
# and checks that both print the same figures (the speed line aside).
# Usage, from the repository's root: bash experiments/tnsim-speed/compare.sh [COMMIT] [RUNS]
# (COMMIT default e6a95e7, the tree before the C model's blocks owned their state; RUNS 5).
# Prints figures; never fails on them (exit 1 only when a build fails or the outputs differ).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BASE=${1:-e6a95e7}
RUNS=${2:-5}
CONFIGS=(
    "k=8 n=2 routing=dor vcs=2 buf=8 pkt=4 traffic=uniform load=0.3"
    "k=8 n=2 routing=minad selection=lru vcs=4 load=0.6"
    "k=8 n=2 routing=gal vcs=4 traffic=tornado load=0.5"
)
MEASURE_IC=4000   # cycles of the callgrind run
MEASURE_T=20000   # cycles of a timed run
command -v valgrind >/dev/null || { echo "compare.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
make -s build/bin/tnsim
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_speed.XXXXXX")
trap 'git worktree remove --force "$TMP/base" >/dev/null 2>&1 || true; rm -rf "$TMP"' EXIT
git worktree add -q --detach "$TMP/base" "$BASE"
make -s -C "$TMP/base" build/bin/tnsim >/dev/null
OLD=$TMP/base/build/bin/tnsim NEW=build/bin/tnsim
icount() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
           awk '/Collected/ {print $4}'; }
speed() { "$@" | awk '/^  speed/ {print $7}'; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '| configuration | instructions %s | now | ratio | cycles/s %s | now | ratio |\n' "$BASE" "$BASE"
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for c in "${CONFIGS[@]}"; do
    # shellcheck disable=SC2086  # c: words
    if ! cmp -s <($OLD $c measure=$MEASURE_IC | grep -v '^  speed') <($NEW $c measure=$MEASURE_IC | grep -v '^  speed'); then
        echo "compare.sh: $c: the outputs differ" >&2
        exit 1
    fi
    # shellcheck disable=SC2086
    io=$(icount $OLD $c measure=$MEASURE_IC) in=$(icount $NEW $c measure=$MEASURE_IC)
    : >"$TMP/so" && : >"$TMP/sn"
    for _ in $(seq "$RUNS"); do
        # shellcheck disable=SC2086
        speed $OLD $c measure=$MEASURE_T >>"$TMP/so"
        # shellcheck disable=SC2086
        speed $NEW $c measure=$MEASURE_T >>"$TMP/sn"
    done
    so=$(median <"$TMP/so") sn=$(median <"$TMP/sn")
    awk -v c="$c" -v io="$io" -v in_="$in" -v so="$so" -v sn="$sn" 'BEGIN {
        printf "| `%s` | %.0f | %.0f | %.3f | %.0f | %.0f | %.2f |\n", c, io, in_, in_ / io, so, sn, sn / so }'
done
