#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# LUT4 of the board core with Yosys synth_ecp5 (the figures of docs/board-guide.md, Resources):
# tn_source, tn_sink and the whole tn_board (tn_ctrl, registers, the 4x4 torus, 16 sources and
# sinks) at the board build K=4 N=2 V=2 B=4 W=16 ROUTING=0 (SEL=-1, GAL=0), CLKS_PER_BIT=217.
# Not in make test (the whole board takes about 5 minutes on 2 cores). Prints one line per
# module and fails when tn_board is above 85 % of the LFE5U-85F's 83,640 LUT4 (71,094).
# Usage: bash experiments/area/board_area.sh [tn_traffic tn_source tn_sink tn_board]   (logs in build/board_area/)
# SYNTH_FLAGS: the options of synth_ecp5, by default -nowidelut (the recipe of make fpga and
# make lint, docs/lint.md); SYNTH_FLAGS= (empty) gives Yosys's default recipe;
# tn_traffic (K=4 N=2) is synthesised only when named.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=build/board_area
mkdir -p "$OUT"
RTL=(rtl/common/tn_ctx_reg.v rtl/common/tn_cut.v rtl/common/tn_rng.v rtl/common/tn_rr_arbiter.v rtl/router/*.v rtl/net/tn_torus.v
     rtl/ni/tn_source.v rtl/ni/tn_sink.v rtl/ni/tn_traffic.v rtl/ni/tn_gal_ni.v rtl/ni/tn_gal_quad.v
     rtl/ni/tn_gal_arb.v rtl/ni/tn_acor.v fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v fpga/tn_board.v fpga/tn_board_emu.v fpga/tn_board_pick.v rtl/emu/tn_emu_torus.v)
BUDGET=71094
TOPS=("$@")
[ ${#TOPS[@]} -gt 0 ] || TOPS=(tn_source tn_sink tn_board)
rc=0
for top in "${TOPS[@]}"; do
    ch="-set K 4 -set N 2 -set V 2 -set W 16 -set ROUTING 0"
    case $top in
        tn_traffic) ch="-set K 4 -set N 2" ;;
        tn_source) ch="$ch -set B 4" ;;
        tn_board) ch="$ch -set B 4 -set CLKS_PER_BIT 217 -set TIMEOUT_CLKS 2500000" ;;
    esac
    t0=$(date +%s)
    yosys -l "$OUT/$top.log" -p "read_verilog -Irtl/common ${RTL[*]}; chparam $ch $top; synth_ecp5 ${SYNTH_FLAGS--nowidelut} -top $top; tee -o $OUT/$top.stat stat" >/dev/null 2>&1
    st=$?
    t1=$(date +%s)
    get() { awk -v c="$1" '$1 == c { print $2 }' "$OUT/$top.stat" | tail -n 1; }
    lut=$(get LUT4)
    printf '%s: %s LUT4, %s CCU2C, %s TRELLIS_FF, %s TRELLIS_DPR16X4, %s MULT18X18D, %s latches (%s s, exit %s)\n' \
        "$top" "${lut:-?}" "$(get CCU2C)" "$(get TRELLIS_FF)" "$(get TRELLIS_DPR16X4)" "$(get MULT18X18D)" \
        "$(grep -c '^Latch inferred' "$OUT/$top.log")" $((t1 - t0)) "$st"
    if [ "$st" -ne 0 ] || [ -z "$lut" ]; then rc=1; fi
    if [ "$top" = tn_board ] && [ -n "$lut" ] && [ "$lut" -gt "$BUDGET" ]; then
        echo "tn_board: $lut LUT4 is above 85 % of 83,640 ($BUDGET)"
        rc=1
    fi
done
exit $rc
