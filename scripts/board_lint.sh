#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Static checks of the board's control plane (fpga/tn_ctrl.v, fpga/tn_uart_rx.v,
# fpga/tn_uart_tx.v and the simulation top tb/verilator/tn_board_ctrl_top.v), printed as TAP:
#   verilator --lint-only -Wall and iverilog -g2005 -Wall (any message fails) over parameter sets;
#   each elaboration check fires in Verilator, Icarus and Yosys (`hierarchy -check`), naming its
#   rule; yosys synth_ecp5 of tn_ctrl at the board's parameters infers no latch, and its LUT4
#   count stays within LUT_BUDGET (the figure is printed; docs/board-guide.md quotes it).
# Run by scripts/run_tests.sh (make test); alone: bash scripts/board_lint.sh. Logs in build/board_lint/.
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/.."

OUT=build/board_lint
mkdir -p "$OUT"
FILES=(fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v)
TOP_FILE=tb/verilator/tn_board_ctrl_top.v
LUT_BUDGET=1500 # LUT4 of tn_ctrl with its UART: under 2 % of the LFE5U-85F's 83,640

N=0
FAILED=0
pass() {
    N=$((N + 1))
    echo "ok $N - $1"
}
fail() {
    N=$((N + 1))
    FAILED=$((FAILED + 1))
    echo "not ok $N - $1"
    shift
    local l
    for l in "$@"; do printf '%s\n' "$l" | sed 's/^/#   /'; done
}
tag() { local t=${1// /_}; t=${t//=/}; echo "${t:-default}"; }
files_for() { if [ "$1" = tn_board_ctrl_top ]; then echo "$TOP_FILE ${FILES[*]}"; else echo "${FILES[*]}"; fi; }

# Legal parameter sets "top|params"
GOOD=(
    "tn_uart_rx|"
    "tn_uart_rx|CLKS_PER_BIT=4"
    "tn_uart_rx|CLKS_PER_BIT=65535"
    "tn_uart_tx|"
    "tn_uart_tx|CLKS_PER_BIT=4"
    "tn_uart_tx|CLKS_PER_BIT=65535"
    "tn_ctrl|"
    "tn_ctrl|CLKS_PER_BIT=4 TIMEOUT_CLKS=80 RST_CYCLES=1"
    "tn_ctrl|CLKS_PER_BIT=434 TIMEOUT_CLKS=5000000 RST_CYCLES=255"
    "tn_board_ctrl_top|"
)
# Illegal parameter sets and the rule each must name: "top|params|rule"
BAD=(
    "tn_uart_rx|CLKS_PER_BIT=3|tn_error_CLKS_PER_BIT_must_be_4_to_65535"
    "tn_uart_tx|CLKS_PER_BIT=65536|tn_error_CLKS_PER_BIT_must_be_4_to_65535"
    "tn_ctrl|CLKS_PER_BIT=3 TIMEOUT_CLKS=80|tn_error_CLKS_PER_BIT_must_be_4_to_65535"
    "tn_ctrl|CLKS_PER_BIT=4 TIMEOUT_CLKS=79|tn_error_TIMEOUT_CLKS_must_be_20_bit_times_to_2pow31_minus_1"
    "tn_ctrl|RST_CYCLES=0|tn_error_RST_CYCLES_must_be_1_to_255"
    "tn_ctrl|RST_CYCLES=256|tn_error_RST_CYCLES_must_be_1_to_255"
)

for g in "${GOOD[@]}"; do
    top=${g%%|*}
    cfg=${g#*|}
    gv=()
    pi=()
    for kv in $cfg; do gv+=("-G$kv"); pi+=("-P$top.$kv"); done
    log=$OUT/verilator_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2046
    verilator --lint-only -Wall -Ifpga --top-module "$top" $(files_for "$top") "${gv[@]}" >"$log" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] && ! grep -q '^%' "$log"; then
        pass "verilator -Wall $top [${cfg:-default}] clean"
    else
        fail "verilator -Wall $top [${cfg:-default}] clean" "exit $rc ($log)" "$(grep '^%' "$log" | head -n 8)"
    fi
    log=$OUT/iverilog_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2046
    iverilog -g2005 -Wall -o "$OUT/$top.vvp" -s "$top" "${pi[@]}" $(files_for "$top") >"$log" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s "$log" ]; then
        pass "iverilog -g2005 -Wall $top [${cfg:-default}] elaborates with no message"
    else
        fail "iverilog -g2005 -Wall $top [${cfg:-default}] elaborates with no message" "exit $rc ($log)" "$(head -n 8 "$log")"
    fi
done

for b in "${BAD[@]}"; do
    IFS='|' read -r top cfg rule <<<"$b"
    gv=()
    pi=()
    ch=""
    for kv in $cfg; do gv+=("-G$kv"); pi+=("-P$top.$kv"); ch="$ch -chparam ${kv%%=*} ${kv#*=}"; done
    msgs=()
    log=$OUT/bad_verilator_${top}_$(tag "$cfg").log
    verilator --lint-only -Wall -Ifpga --top-module "$top" "${FILES[@]}" "${gv[@]}" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("verilator: exit $rc, rule not named ($log)")
    log=$OUT/bad_iverilog_${top}_$(tag "$cfg").log
    iverilog -g2005 -o /dev/null -s "$top" "${pi[@]}" "${FILES[@]}" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("iverilog: exit $rc, rule not named ($log)")
    log=$OUT/bad_yosys_${top}_$(tag "$cfg").log
    yosys -q -p "read_verilog ${FILES[*]}; hierarchy -check -top $top$ch" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("yosys: exit $rc, rule not named ($log)")
    if [ ${#msgs[@]} -eq 0 ]; then
        pass "$top [$cfg] is refused by Verilator, Icarus and Yosys, naming $rule"
    else
        fail "$top [$cfg] is refused by Verilator, Icarus and Yosys, naming $rule" "${msgs[@]}"
    fi
done

# synth_ecp5 at the board's parameters (25 MHz, 115200 baud, 100 ms timeout)
log=$OUT/synth_ecp5_tn_ctrl.log
stat=$OUT/synth_ecp5_tn_ctrl.stat
rm -f "$stat"
yosys -l "$log" -p "read_verilog ${FILES[*]}; chparam -set CLKS_PER_BIT 217 -set TIMEOUT_CLKS 2500000 tn_ctrl; synth_ecp5 -top tn_ctrl; tee -o $stat stat" >/dev/null 2>&1
rc=$?
lut=$(awk '$1 == "LUT4" { print $2 }' "$stat" 2>/dev/null | tail -n 1)
ff=$(awk '$1 == "TRELLIS_FF" { print $2 }' "$stat" 2>/dev/null | tail -n 1)
latches=$(grep -c '^Latch inferred' "$log" 2>/dev/null)
if [ "$rc" -eq 0 ] && [ -n "$lut" ] && [ "$latches" -eq 0 ] && [ "$lut" -le "$LUT_BUDGET" ]; then
    pass "yosys synth_ecp5 tn_ctrl (CLKS_PER_BIT=217 TIMEOUT_CLKS=2500000): $lut LUT4, $ff TRELLIS_FF, no latch (budget $LUT_BUDGET LUT4)"
else
    fail "yosys synth_ecp5 tn_ctrl: no latch, at most $LUT_BUDGET LUT4" "exit $rc, LUT4 '$lut', latches inferred ${latches:-?} ($log)" \
        "$(grep '^Latch inferred' "$log" 2>/dev/null | head -n 5)"
fi

echo "1..$N"
[ "$FAILED" -eq 0 ]
