#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Machine instructions a Verilated model executes per simulated cycle and per router-cycle,
# counted by valgrind (callgrind), not timed: the same binary and keys give the same count
# whatever else the machine is doing (docs/lockstep-speed.md, "Instructions per router-cycle").
# Two runs of different lengths; their difference removes start-up and reset.
#   usage: bash tools/vl_icount.sh TNLOCK [KEY=VALUE ...]
#   e.g.:  bash tools/vl_icount.sh build/bin/tnlock k=4 n=2 vcs=4 buf=8 pkt=4 \
#              routing=minad selection=sq traffic=uniform load=0.3 model=off
# TNLOCK is build/bin/tnlock (which runs the model the keys need; build it first with a short
# run) or a model's own build/vl/NAME/tnlock.
# SHORT and LONG (cycles, default 1000 and 3000) set the two runs; TOP=n prints the n functions
# with the most instructions in the longer run.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: bash tools/vl_icount.sh TNLOCK [KEY=VALUE ...] (TNLOCK: a Verilated model's tnlock)" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "vl_icount: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
bin=$1; shift
SHORT=${SHORT:-1000}; LONG=${LONG:-3000}; TOP=${TOP:-0}
case "$SHORT$LONG" in *[!0-9]*) echo "vl_icount: SHORT and LONG are cycle counts (integers)" >&2; exit 2;; esac
if [ "$SHORT" -ge "$LONG" ]; then echo "vl_icount: SHORT ($SHORT) must be less than LONG ($LONG)" >&2; exit 2; fi
for a in "$@"; do
    case "$a" in cycles=*) echo "vl_icount: key 'cycles' is set by SHORT and LONG" >&2; exit 2;; esac
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
count() {   # $1 cycles, then the keys -> instructions (Ir) of the whole run
    local c=$1; shift
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.$c.%p" \
        "$bin" "$@" cycles="$c" >"$tmp/out.$c" 2>"$tmp/err.$c" || { cat "$tmp/err.$c" >&2; exit 1; }
    cat "$tmp"/cg."$c".* | awk '/^summary:/ { s += $2 } END { print s }'   # the launcher and the model
}
# a short run outside valgrind first: the launcher builds a missing or stale model there
"$bin" "$@" cycles=10 >"$tmp/first" 2>&1 || { cat "$tmp/first" >&2; exit 1; }
i0=$(count "$SHORT" "$@"); i1=$(count "$LONG" "$@")
# cycles and router-cycles as the run reports them: "... N cycles (M router-cycles) ..."
read -r c0 r0 < <(grep -oE '[0-9]+ cycles \([0-9]+ router-cycles\)' "$tmp/out.$SHORT" | head -1 | tr -d '(' | awk '{ print $1, $3 }')
read -r c1 r1 < <(grep -oE '[0-9]+ cycles \([0-9]+ router-cycles\)' "$tmp/out.$LONG" | head -1 | tr -d '(' | awk '{ print $1, $3 }')
if [ -z "${c0:-}" ] || [ -z "${c1:-}" ] || [ "$c1" -le "$c0" ]; then
    echo "vl_icount: could not read the cycles run from tnlock's report" >&2; cat "$tmp/out.$LONG" >&2; exit 1
fi
awk -v i0="$i0" -v i1="$i1" -v c0="$c0" -v c1="$c1" -v r0="$r0" -v r1="$r1" 'BEGIN {
    printf "vl_icount: %d and %d cycles: %.0f instructions per cycle, %.0f per router-cycle\n",
           c0, c1, (i1 - i0) / (c1 - c0), (i1 - i0) / (r1 - r0) }'
if [ "$TOP" -gt 0 ]; then
    big=$(ls -S "$tmp"/cg."$LONG".* | head -1)   # the model's process
    callgrind_annotate "$big" 2>/dev/null | awk '/file:function/ { f = 1; next } f && NF && !/^-+$/' | head -n "$TOP" | cut -c1-160
fi
