#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 63's pipeline variants of tn_router out of context (docs/pipe.md): each variant's copy of
# rtl/ made by make_variant.py, then fmax_netlist.sh (the recipe of fmax_router.sh) for each
# router: V=2 DOR (W=32 B=8), V=4 DOR (W=32 B=8) and the board router (V=4 ROUTING=3 W=16 B=4), all
# K=4 N=2 TERM=1 with the selection at run time. About 40 s per variant, router and seed.
# Usage: bash experiments/router-pipe/measure.sh [VARIANTS="base E A G G1"] [ROUTERS="v2dor v4dor board"]
#        [SEEDS="1 2 3"] [FLAT=0]
# FLAT=1: fmax_netlist.sh's FLAT=1 (no keep_hierarchy); the rows are named VARIANT/flat.
# Appends one tab-separated line per run to build/pipe/results.tsv:
#   variant router LUT4 FF median_MHz "f1 f2 f3" "cells1 cells2 cells3"
set -euo pipefail
cd "$(dirname "$0")/../.."
VARIANTS="base E A G G1" ROUTERS="v2dor v4dor board" SEEDS="1 2 3" FLAT=0
for a in "$@"; do
    case $a in
    VARIANTS=* | ROUTERS=* | SEEDS=* | FLAT=*) declare "$a" ;;
    *) echo "measure: unknown argument '$a' (VARIANTS= ROUTERS= SEEDS= FLAT=)" >&2; exit 2 ;;
    esac
done
case $FLAT in 0) sfx= ;; 1) sfx=/flat ;; *) echo "measure: FLAT=$FLAT, allowed 0 or 1" >&2; exit 2 ;; esac
mkdir -p build/pipe
for v in $VARIANTS; do
    # a copy per run: measurements of one variant may run side by side
    d=$(python3 experiments/router-pipe/make_variant.py "$v" "build/pipe/src/$v.$$")
    d=${d#"$PWD"/}
    for r in $ROUTERS; do
        case $r in
        v2dor) par="K=4 N=2 TERM=1 V=2 ROUTING=0 B=8 W=32" ;;
        v4dor) par="K=4 N=2 TERM=1 V=4 ROUTING=0 B=8 W=32" ;;
        board) par="K=4 N=2 TERM=1 V=4 ROUTING=3 B=4 W=16" ;;
        *) echo "measure: router '$r' is not v2dor, v4dor or board" >&2; exit 2 ;;
        esac
        out=$(bash experiments/router-pipe/fmax_netlist.sh TOP=tn_router INC="$d/common" \
              FILES="$(ls "$d"/common/*.v "$d"/router/*.v | tr '\n' ' ')" PARAMS="$par" \
              SEEDS="$SEEDS" READ=read_verilog FLAT="$FLAT" OUT="build/pipe/fmax/$v${sfx:+-flat}-$r")
        echo "$out" | grep -v '^record' | sed "s|^|[$v$sfx $r] |"
        echo "$out" | awk -F'\t' -v v="$v$sfx" -v r="$r" '$1 == "record" { print v "\t" r "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 }' \
            >>build/pipe/results.tsv
    done
done
