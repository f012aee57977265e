#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Saturation of a pipeline variant's RTL alone (docs/pipe.md): a shadow tree
# build/pipe/tree_VARIANT (the files of f69a734, the tree before PIPE, with rtl/ from
# make_variant.py), its tnlock with model=off (the Verilated routers driven by a C uniform source,
# every packet checked whole at its destination), and a bisection of the offered load: a load is
# sustained when the run of CYCLES cycles drains within DRAIN cycles more. Prints each run and the
# highest sustained load (fraction of capacity, = flits/node/cycle at k=8). The C model knows no
# variant: this is the only throughput figure a variant has.
# Usage: bash experiments/router-pipe/rtl_sat.sh VARIANT [CYCLES=4000] [DRAIN=300] [STEPS=6]
#        [KEYS="k=8 n=2 vcs=4 buf=8 pkt=4"]
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: rtl_sat.sh VARIANT [CYCLES=] [DRAIN=] [STEPS=] [KEYS=]" >&2; exit 2; }
V=$1
shift
CYCLES=4000 DRAIN=300 STEPS=6 KEYS="k=8 n=2 vcs=4 buf=8 pkt=4"
for a in "$@"; do
    case $a in
    CYCLES=* | DRAIN=* | STEPS=* | KEYS=*) declare "$a" ;;
    *) echo "rtl_sat: unknown argument '$a' (CYCLES= DRAIN= STEPS= KEYS=)" >&2; exit 2 ;;
    esac
done
t=build/pipe/tree_$V
if [ ! -x "$t/build/bin/tnlock" ]; then
    rm -rf "$t"
    mkdir -p "$t"
    # the tree of make_variant.py's BASE_REV (the router before PIPE, and the harness of then)
    git archive f69a734 | tar -x -C "$t"
    rm -rf "$t/rtl"
    python3 experiments/router-pipe/make_variant.py "$V" "$t/rtl" >/dev/null
    make -s -C "$t" build/bin/tnlock >/dev/null
fi
lo=0.30 hi=0.85
for _ in $(seq "$STEPS"); do
    mid=$(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.4f", (a + b) / 2 }')
    # the variants leave signals unused: Verilator's -Wall warnings are not fatal here
    # shellcheck disable=SC2086  # KEYS: words
    r=$(cd "$t" && TN_VL_FLAGS=-Wno-fatal build/bin/tnlock rtl=rtr $KEYS load="$mid" model=off \
        cycles="$CYCLES" --json 2>/dev/null | tail -n 1)
    c=$(echo "$r" | grep -o '"cycles": [0-9]*' | grep -o '[0-9]*$')
    e=$(echo "$r" | grep -o '"check_errors": [0-9]*' | grep -o '[0-9]*$')
    [ "$e" = 0 ] || { echo "rtl_sat: $V at load $mid: $e check errors ($r)" >&2; exit 1; }
    echo "  $V load $mid: $c cycles (drain $((c - CYCLES)))"
    if [ $((c - CYCLES)) -le "$DRAIN" ]; then lo=$mid; else hi=$mid; fi
done
echo "$V ($KEYS): sustained load $lo (unsustained $hi)"
