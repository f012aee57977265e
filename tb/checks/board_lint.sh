#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Static checks of the board's control plane (fpga/tn_ctrl.v, fpga/tn_uart_rx.v,
# fpga/tn_uart_tx.v and the simulation top tb/verilator/tn_board_ctrl_top.v) and of the board
# core (fpga/tn_board.v, rtl/ni/tn_source.v, tn_sink.v, tn_traffic.v), printed as TAP:
#   verilator --lint-only -Wall and iverilog -g2005 -Wall (any message fails) over parameter sets;
#   each elaboration check fires in Verilator, Icarus and Yosys (`hierarchy -check`), naming its
#   rule; yosys synth_ecp5 of tn_ctrl at the board's parameters infers no latch, and its LUT4
#   count stays within LUT_BUDGET (the figure is printed; docs/board-guide.md quotes it).
# Run by make lint and make regress; alone: bash tb/checks/board_lint.sh. Logs in build/board_lint/.
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
PATH="$PWD/tools/bin:$PATH" # the project's Verilator (tools/bin/verilator)

OUT=build/board_lint
mkdir -p "$OUT"
FILES=(fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v)
TOP_FILE=tb/verilator/tn_board_ctrl_top.v
LUT_BUDGET=1500 # LUT4 of tn_ctrl with its UART: under 2 % of the LFE5U-85F's 83,640

. tb/checks/tap.sh # pass, fail, check, N, FAILED
tag() { local t=${1// /_}; t=${t//=/}; echo "${t:-default}"; }
files_for() { if [ "$1" = tn_board_ctrl_top ]; then echo "$TOP_FILE ${FILES[*]}"; else echo "${FILES[*]}"; fi; }

# lint_good TOP "PARAMS" "INCLUDES" FILES...: Verilator -Wall and Icarus -Wall, any message fails
lint_good() {
    local top=$1 cfg=$2 inc=$3 kv log rc
    shift 3
    local gv=() pi=()
    for kv in $cfg; do gv+=("-G$kv"); pi+=("-P$top.$kv"); done
    log=$OUT/verilator_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2086  # inc: words
    verilator --lint-only -Wall $inc --top-module "$top" "$@" "${gv[@]}" >"$log" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] && ! grep -q '^%' "$log"; then
        pass "verilator -Wall $top [${cfg:-default}] clean"
    else
        fail "verilator -Wall $top [${cfg:-default}] clean" "exit $rc ($log)" "$(grep '^%' "$log" | head -n 8)"
    fi
    log=$OUT/iverilog_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2086
    iverilog -g2005 -Wall $inc -o "$OUT/$top.vvp" -s "$top" "${pi[@]}" "$@" 2>&1 |
        grep -v 'timescale\|inherit' >"$log"
    rc=${PIPESTATUS[0]}
    if [ "$rc" -eq 0 ] && [ ! -s "$log" ]; then
        pass "iverilog -g2005 -Wall $top [${cfg:-default}] elaborates with no message"
    else
        fail "iverilog -g2005 -Wall $top [${cfg:-default}] elaborates with no message" "exit $rc ($log)" "$(head -n 8 "$log")"
    fi
}

# lint_bad TOP "PARAMS" RULE "INCLUDES" FILES...: Verilator, Icarus and Yosys each refuse the
# parameters, naming the rule
lint_bad() {
    local top=$1 cfg=$2 rule=$3 inc=$4 kv log rc ch=""
    shift 4
    local gv=() pi=() msgs=()
    for kv in $cfg; do gv+=("-G$kv"); pi+=("-P$top.$kv"); ch="$ch -chparam ${kv%%=*} ${kv#*=}"; done
    log=$OUT/bad_verilator_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2086
    verilator --lint-only -Wall $inc --top-module "$top" "$@" "${gv[@]}" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("verilator: exit $rc, rule not named ($log)")
    log=$OUT/bad_iverilog_${top}_$(tag "$cfg").log
    # shellcheck disable=SC2086
    iverilog -g2005 $inc -o /dev/null -s "$top" "${pi[@]}" "$@" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("iverilog: exit $rc, rule not named ($log)")
    log=$OUT/bad_yosys_${top}_$(tag "$cfg").log
    yosys -q -p "read_verilog $inc $*; hierarchy -check -top $top$ch" >"$log" 2>&1
    rc=$?
    { [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; } || msgs+=("yosys: exit $rc, rule not named ($log)")
    if [ ${#msgs[@]} -eq 0 ]; then
        pass "$top [$cfg] is refused by Verilator, Icarus and Yosys, naming $rule"
    else
        fail "$top [$cfg] is refused by Verilator, Icarus and Yosys, naming $rule" "${msgs[@]}"
    fi
}

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
    # shellcheck disable=SC2046  # files_for: words
    lint_good "${g%%|*}" "${g#*|}" -Ifpga $(files_for "${g%%|*}")
done

for b in "${BAD[@]}"; do
    IFS='|' read -r top cfg rule <<<"$b"
    lint_bad "$top" "$cfg" "$rule" -Ifpga "${FILES[@]}"
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

# ---- the board core: tn_board, tn_source, tn_sink, tn_traffic (with the torus, the GAL NI, tn_acor)
CORE_FILES=(fpga/tn_board.v fpga/tn_board_emu.v fpga/tn_board_pick.v rtl/emu/tn_emu_torus.v fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v rtl/ni/tn_source.v
            rtl/ni/tn_sink.v rtl/ni/tn_traffic.v rtl/ni/tn_gal_ni.v rtl/ni/tn_gal_quad.v
            rtl/ni/tn_gal_arb.v rtl/ni/tn_acor.v rtl/net/tn_torus.v rtl/router/*.v rtl/common/tn_rng.v rtl/common/tn_ctx_reg.v rtl/common/tn_cut.v
            rtl/common/tn_rr_arbiter.v)
CORE_INC=(-Irtl/common)
CORE_GOOD=(
    "tn_traffic|"
    "tn_traffic|K=8 N=2"
    "tn_traffic|K=2 N=3"
    "tn_traffic|K=2 N=1"
    "tn_source|"
    "tn_source|K=8 N=2 V=1 B=1 W=64 QD=2 NODE=63"
    "tn_source|V=4 ROUTING=3 GAL=1 NODE=5"
    "tn_source|V=4 ROUTING=2 ACOR=1 NODE=3"
    "tn_source|V=4 ROUTING=3 GAL=1 ACOR=1 CTX=16"
    "tn_sink|"
    "tn_sink|V=4 ROUTING=3 W=32 NODE=15"
    "tn_sink|V=4 ROUTING=3 CTX=16"
    "tn_board|"
    "tn_board|V=4 ROUTING=3 GAL=1 GQD=16 CLKS_PER_BIT=4 TIMEOUT_CLKS=100000"
    "tn_board|V=4 ROUTING=3 GAL=1 GQD=16 ACOR=1 CLKS_PER_BIT=4 TIMEOUT_CLKS=100000"
    "tn_board|V=4 ROUTING=3 GAL=1 GQD=16 GADAPT=0 CLKS_PER_BIT=4 TIMEOUT_CLKS=100000"
    "tn_board|V=4 ROUTING=3 GAL=1 GQD=16 ACOR=1 ENGINES=2 STAGES=2 CLKS_PER_BIT=4 TIMEOUT_CLKS=100000"
    "tn_board|V=2 ENGINES=1 STAGES=1"
    "tn_board|PIPE=1"
)
CORE_BAD=(
    "tn_traffic|K=6|tn_error_tn_traffic_K_must_be_a_power_of_two_2_to_64"
    "tn_source|W=8|tn_error_tn_source_W_must_be_16_to_64_for_the_board_payload"
    "tn_source|QD=12|tn_error_tn_source_QD_must_be_a_power_of_two_2_to_1024"
    "tn_source|NODE=16|tn_error_tn_source_NODE_must_be_0_to_K_pow_N_minus_1"
    "tn_sink|W=15|tn_error_tn_sink_W_must_be_16_to_64_for_the_board_payload"
    "tn_board|TERM=2|tn_error_tn_board_TERM_must_be_1"
    "tn_board|K=8 N=2|tn_error_tn_board_K_pow_N_must_be_at_most_32"
    "tn_board|K=32 N=2 ENGINES=4|tn_error_tn_board_K_pow_N_must_be_at_most_256_on_the_engine"
    "tn_board|ENGINES=3|tn_error_tn_board_emu_E_must_be_a_power_of_two_dividing_K"
    "tn_board|GAL=1|tn_error_tn_board_GAL_needs_ROUTING_3_and_V_at_least_4"
    "tn_board|GAL=2|tn_error_tn_board_GAL_must_be_0_or_1"
    "tn_board|GADAPT=2|tn_error_tn_board_GADAPT_must_be_0_or_1"
    "tn_source|ACOR=1|tn_error_tn_source_ACOR_must_be_0_or_1_and_needs_ROUTING_2"
    "tn_board|ACOR=2 V=4 ROUTING=3|tn_error_tn_board_ACOR_must_be_0_or_1"
    "tn_board|ACOR=1 V=2 ROUTING=3|tn_error_tn_board_ACOR_needs_ROUTING_2_and_V_at_least_4"
    "tn_board|PIPE=1 ENGINES=1 STAGES=1|tn_error_tn_board_PIPE_1_needs_the_parallel_torus_ENGINES_0"
)
for g in "${CORE_GOOD[@]}"; do
    lint_good "${g%%|*}" "${g#*|}" "${CORE_INC[*]}" "${CORE_FILES[@]}"
done
for b in "${CORE_BAD[@]}"; do
    IFS='|' read -r top cfg rule <<<"$b"
    lint_bad "$top" "$cfg" "$rule" "${CORE_INC[*]}" "${CORE_FILES[@]}"
done
# synth_ecp5 of the per-node blocks at the board build (K=4 N=2 V=2 B=4 W=16 ROUTING=0): no latch;
# the whole tn_board is synthesised by experiments/area/board_area.sh (too slow for make test)
for top in tn_source tn_sink; do
    log=$OUT/synth_ecp5_$top.log
    stat=$OUT/synth_ecp5_$top.stat
    rm -f "$stat"
    ch="-set K 4 -set N 2 -set V 2 -set W 16 -set ROUTING 0"
    [ "$top" = tn_source ] && ch="$ch -set B 4"
    yosys -l "$log" -p "read_verilog ${CORE_INC[*]} ${CORE_FILES[*]}; chparam $ch $top; synth_ecp5 -top $top; tee -o $stat stat" >/dev/null 2>&1
    rc=$?
    lut=$(awk '$1 == "LUT4" { print $2 }' "$stat" 2>/dev/null | tail -n 1)
    ccu=$(awk '$1 == "CCU2C" { print $2 }' "$stat" 2>/dev/null | tail -n 1)
    ff=$(awk '$1 == "TRELLIS_FF" { print $2 }' "$stat" 2>/dev/null | tail -n 1)
    latches=$(grep -c '^Latch inferred' "$log" 2>/dev/null)
    if [ "$rc" -eq 0 ] && [ -n "$lut" ] && [ "$latches" -eq 0 ]; then
        pass "yosys synth_ecp5 $top (board build): $lut LUT4, ${ccu:-0} CCU2C, $ff TRELLIS_FF, no latch"
    else
        fail "yosys synth_ecp5 $top: no latch" "exit $rc, LUT4 '$lut', latches inferred ${latches:-?} ($log)" \
            "$(grep '^Latch inferred' "$log" 2>/dev/null | head -n 5)"
    fi
done

# ---- the Tang Mega 138K board top (fpga/tangmega138k/): its pins, clock divider and reset around
# the same tn_board that tnboard-core simulates; its Gowin synthesis is in make regress
# (tools/fpga_build.sh synth, too slow for make test)
GW_FILES=(fpga/tangmega138k/tn_tangmega138k_top.v fpga/tangmega138k/tn_clk_div.v fpga/tn_reset.v "${CORE_FILES[@]}")
for g in "tn_clk_div|DIV=1" "tn_clk_div|" "tn_clk_div|DIV=3" "tn_clk_div|DIV=64"; do
    lint_good "${g%%|*}" "${g#*|}" "" fpga/tangmega138k/tn_clk_div.v
done
lint_bad tn_clk_div "DIV=0" tn_error_tn_clk_div_DIV_must_be_at_least_1 "" fpga/tangmega138k/tn_clk_div.v
lint_good tn_reset "" "" fpga/tn_reset.v
lint_good tn_tangmega138k_top "" "${CORE_INC[*]}" "${GW_FILES[@]}"
lint_good tn_tangmega138k_top "CLK_DIV=1 RST_HI=1 LEDS=8" "${CORE_INC[*]}" "${GW_FILES[@]}"
lint_bad tn_tangmega138k_top "LEDS=9" tn_error_tn_tangmega138k_top_LEDS_must_be_1_to_8 "${CORE_INC[*]}" "${GW_FILES[@]}"
# the top's board core is tnboard-core's: the parameters fpga/board.mk simulates are the top's defaults
sim=$(sed -n 's/^BOARD_SIM_COMMON := //p; s/^BOARD_SIM_PARAMS := //p' fpga/board.mk | tr ' ' '\n' | grep -- '^-G' |
      grep -v 'CLKS_PER_BIT\|TIMEOUT_CLKS' | sed 's/^-G//' | sort | tr '\n' ' ')
top=$(for kv in $sim; do
          k=${kv%%=*}
          v=$(sed -n "s/^ *parameter $k *= *\([-0-9]*\),.*/\1/p" fpga/tangmega138k/tn_tangmega138k_top.v)
          echo "$k=$v"
      done | sort | tr '\n' ' ')
if [ -n "$sim" ] && [ "$sim" = "$top" ] && grep -q '^    tn_board #(.K(K), .N(N), .V(V), .B(B), .W(W), .ROUTING(ROUTING), .SEL(SEL), .GAL(GAL),' fpga/tangmega138k/tn_tangmega138k_top.v; then
    pass "tn_tangmega138k_top's defaults are tnboard-core's parameters ($sim)"
else
    fail "tn_tangmega138k_top's defaults are tnboard-core's parameters" "fpga/board.mk: $sim" "the top: $top"
fi

# make fpga's script refuses a board, a clock or a divider it cannot build, naming the key
for kv in "BOARD=x|BOARD 'x'|allowed ulx3s tangmega138k" "BOARD=tangmega138k FREQ=25|FREQ '25'|CLK_DIV=1..64" \
          "BOARD=tangmega138k CLK_DIV=0|CLK_DIV '0'|allowed 1..64" "BOARD=tangmega138kpro CLK_DIV=x|CLK_DIV 'x'|allowed 1..64"; do
    IFS='|' read -r env want1 want2 <<<"$kv"
    # shellcheck disable=SC2086  # env: words
    err=$(env $env bash tools/fpga_build.sh 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 2 ] && [[ "$err" == *"$want1"*"$want2"* ]]; then
        pass "fpga_build.sh refuses $env, naming the key and the allowed values"
    else
        fail "fpga_build.sh refuses $env" "exit $rc (want 2), stderr: $err"
    fi
done

# and an action it does not have, or the Gowin-only synthesis for the ULX3S
for spec in "foo|'foo' is not an action|report, synth" "synth|'synth' (the synthesis alone) is for the Gowin boards|BOARD=tangmega138k"; do
    IFS='|' read -r arg want1 want2 <<<"$spec"
    err=$(BOARD=ulx3s bash tools/fpga_build.sh "$arg" 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 2 ] && [[ "$err" == *"$want1"*"$want2"* ]]; then
        pass "fpga_build.sh refuses the action '$arg' for the ULX3S, naming the allowed ones"
    else
        fail "fpga_build.sh refuses the action '$arg' for the ULX3S" "exit $rc (want 2), stderr: $err"
    fi
done

# make fpga's script refuses a selection it cannot build, before it looks for its tools
for sel in 6 -2 x; do
    err=$(SEL=$sel bash tools/fpga_build.sh 2>&1 >/dev/null)
    rc=$?
    if [ "$rc" -eq 2 ] && [[ "$err" == *"SEL '$sel'"*"allowed -1"*"0..5"* ]]; then
        pass "fpga_build.sh refuses SEL=$sel, naming the key and the allowed values"
    else
        fail "fpga_build.sh refuses SEL=$sel" "exit $rc (want 2), stderr: $err"
    fi
done

echo "1..$N"
[ "$FAILED" -eq 0 ]
