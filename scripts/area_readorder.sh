#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# LUT4 of one router (synth_ecp5 -nowidelut, Yosys) over several read orders: the same RTL,
# preceded each time by an unused module of a different size, so that Yosys's internal names
# and with them ABC's input order change. The figure of one order moves by tens of LUT4 for an
# unchanged block (docs/router-v2.md 7b); a change is judged on the five.
# Usage: bash scripts/area_readorder.sh [V ROUTING]   (default 4 3: the board router; 2 0: DOR)
# NOKEEP="tn_send tn_route" strips (* keep_hierarchy *) from those modules first (in a copy);
# KEEP="tn_gal_arb" adds it to those. TOP=tn_gal_ni PARAMS="-set K 4 -set N 2 -set QD 8 -set TERM 1"
# measures another module (V and ROUTING are then not used).
# ABC_SCRIPT=scripts/exp/abc_area.abc maps the LUTs with that ABC script instead of synth_ecp5's own
# (an experiment: synth_ecp5 up to map_luts, then abc -dress -lut 4 -script FILE, then the rest;
# docs/lint.md, "Synthesis recipe").
# Prints the five totals and their mean.
set -euo pipefail
cd "$(dirname "$0")/.."
V=${1:-4} R=${2:-3}
top=${TOP:-tn_router}
params=${PARAMS:-"-set K 4 -set N 2 -set V $V -set ROUTING $R -set W 16 -set B 4"}
files="rtl/common/*.v rtl/router/*.v"   # a router reads only these (the figures of 7b)
[ "$top" = tn_router ] || files="$files rtl/ni/*.v rtl/net/*.v"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r rtl "$tmp/"
syn="synth_ecp5 -nowidelut -top $top"
if [ -n "${ABC_SCRIPT:-}" ]; then
  cp "$ABC_SCRIPT" "$tmp/map.abc"
  syn="synth_ecp5 -nowidelut -top $top -run :map_luts; techmap -map +/ecp5/latches_map.v;"
  syn="$syn abc -dress -lut 4 -script map.abc; clean; synth_ecp5 -nowidelut -top $top -run map_cells:"
fi
for m in ${KEEP:-}; do
  f=$(ls "$tmp"/rtl/*/"$m".v)
  sed -i "s/^module $m\b/(* keep_hierarchy *)\nmodule $m/" "$f"
done
for m in ${NOKEEP:-}; do
  f=$(ls "$tmp"/rtl/*/"$m".v)
  sed -i 's/^(\* keep_hierarchy \*)/\/\/ (keep_hierarchy stripped)/' "$f"
done
sum=0 out=
for k in 0 3 7 11 17; do
  {
    echo 'module tn_readorder_pad (input wire [63:0] a, output wire [63:0] y);'
    for ((i = 0; i < k; i++)); do echo "  wire [63:0] w$i = a + 64'd$((i + 1));"; done
    echo '  assign y = a;'
    echo 'endmodule'
  } > "$tmp/pad.v"
  (cd "$tmp" && yosys -q -p "read_verilog pad.v; read_verilog -Irtl/common $files; chparam $params $top; $syn; tee -o stat.txt stat" > /dev/null 2>&1)
  n=$(awk '/design hierarchy/ { f = 1 } f && /LUT4/ { print $2; exit }' "$tmp/stat.txt")
  [ -n "$n" ] || n=$(awk '/LUT4/ { print $2; exit }' "$tmp/stat.txt")   # one module, no hierarchy
  out="$out $n"
  sum=$((sum + n))
done
echo "$top $params${ABC_SCRIPT:+ ABC_SCRIPT=$ABC_SCRIPT}${KEEP:+ KEEP=\"$KEEP\"}${NOKEEP:+ NOKEEP=\"$NOKEEP\"}: LUT4 over five read orders:$out; mean $((sum / 5))"
