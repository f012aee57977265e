#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# LUT4 of one router (synth_ecp5 -nowidelut, Yosys) over several read orders: the same RTL,
# preceded each time by an unused module of a different size, so that Yosys's internal names
# and with them ABC's input order change. The figure of one order moves by tens of LUT4 for an
# unchanged block (docs/router-v2.md 7b); a change is judged on the five.
# Usage: bash experiments/area/area_readorder.sh [V ROUTING]   (default 4 3: the board router; 2 0: DOR)
# NOKEEP="tn_send tn_route" strips (* keep_hierarchy *) from those modules first (in a copy);
# KEEP="tn_gal_arb" adds it to those. TOP=tn_gal_ni PARAMS="-set K 4 -set N 2 -set QD 8 -set TERM 1"
# measures another module (V and ROUTING are then not used).
# ABC_SCRIPT=experiments/area/abc_area.abc maps the LUTs with that ABC script instead of synth_ecp5's own
# (an experiment: synth_ecp5 up to map_luts, then abc -dress -lut 4 -script FILE, then the rest;
# docs/lint.md, "Synthesis recipe").
# BLOCKS=1 also prints, for the first read order, each module's own LUT4 and its instances (the
# modules kept as hierarchies; KEEP= keeps more of them apart).
# Prints the five totals and their mean.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
  if [ "${BLOCKS:-0}" = 1 ] && [ "$k" = 0 ]; then
    # per module (a parameter set of a module is its own row, named by its hash's first
    # characters): its own LUT4 (the "=== name ===" sections) times its instances (the
    # hierarchy's counts, each multiplied by its parents' as the indentation nests them)
    echo "blocks (read order 1): module, own LUT4, instances, LUT4 in all"
    python3 - "$tmp/stat.txt" <<'PY'
import re, sys
own, inst, name, hier, stack = {}, {}, None, False, []
def short(m):
    h = re.match(r"\$paramod\$([0-9a-f]{6})[0-9a-f]*\\(.*)", m)
    return f"{h.group(2)}#{h.group(1)}" if h else m
for line in open(sys.argv[1]):
    t = line.split()
    if line.startswith("=== design hierarchy"):
        hier, name = True, None
        continue
    if line.startswith("=== "):
        name = short(t[1])
        continue
    if hier:
        if line.lstrip().startswith("Number of"):
            break
        if len(t) == 2 and t[1].isdigit():
            depth = (len(line) - len(line.lstrip()) - 3) // 2
            stack = stack[:depth]
            mult = (stack[-1] if stack else 1) * int(t[1])
            stack.append(mult)
            inst[short(t[0])] = inst.get(short(t[0]), 0) + mult
    elif name and t[:1] == ["LUT4"]:
        own[name] = int(t[1])
        name = None
total = 0
for m in sorted(own, key=lambda m: -own[m] * inst.get(m, 0)):
    n = inst.get(m, 0)
    total += own[m] * n
    print(f"  {m:28s} {own[m]:6d} {n:4d} {own[m] * n:7d}")
print(f"  {'total':28s} {'':6s} {'':4s} {total:7d}")
PY
  fi
  sum=$((sum + n))
done
echo "$top $params${ABC_SCRIPT:+ ABC_SCRIPT=$ABC_SCRIPT}${KEEP:+ KEEP=\"$KEEP\"}${NOKEEP:+ NOKEEP=\"$NOKEEP\"}: LUT4 over five read orders:$out; mean $((sum / 5))"
