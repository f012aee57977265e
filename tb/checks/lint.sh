#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make lint: static checks of the RTL (rtl/), with no simulation. docs/lint.md describes them.
#   1. verilator --lint-only -Wall of tn_router and tn_torus over a set of parameter sets that
#      spans the legal ranges; any warning fails.
#   2. iverilog -g2005 -Wall elaboration of tn_router and tn_torus; any message fails.
#   3. every elaboration check fires: for each illegal parameter set, Verilator, Icarus (and
#      Yosys `hierarchy -check`) must fail and name the rule module (tn_error_...).
#   4. Yosys synthesis of one router (K=4 N=2 B=8 W=32 at V=2, 3, 4, and the board build
#      K=4 N=2 B=4 W=16 V=4 ROUTING=3), generic `synth` and `synth_ecp5`, and `synth_ecp5` of the
#      4x4 torus of the board build (LINT_TORUS=0 skips it); no latch may be inferred; a
#      resource table.
#   PIPE=1 (the registered grant, docs/microarchitecture.md 6.8) takes part in 1-4 beside PIPE=0.
#   LINT_FMAX=1 adds Fmax to the resource table: each router row placed and routed out of context
#   (experiments/router-pipe/fmax_netlist.sh: YoWASP Yosys and nextpnr-ecp5, seeds 1 2 3, the
#   median; about 2-4 minutes per row on an idle core, so not by default).
#   The GAL network interface (rtl/ni/tn_gal_ni.v) takes part in 1-4 with its own parameter sets
#   (GAL_CFGS, GAL_BAD_CFGS; synthesis K=4 N=2 QD=8: TERM=1, TERM=1 ADAPT=0, TERM=4), and so does ACOR's block
#   (rtl/ni/tn_acor.v: ACOR_CFGS, ACOR_BAD_CFGS; synthesis N=2 TERM=1 at K=4 and 8).
# Logs in build/lint/ (Fmax runs in build/lint/fmax/). Last line "lint: N checks passed, M failed"; exit status 0 iff M == 0.
# Environment: LINT_TORUS=0 skips the torus synthesis; LINT_JOBS (default: nproc) tools at once;
# LINT_TIMEOUT (default 3600) seconds per tool run, LINT_SYNTH_TIMEOUT (default 600) per router
# synthesis (one takes under 1 minute). Installs nothing (make setup does).
set -uo pipefail # no -e: failing tools are what this script counts
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
PATH="$PWD/tools/bin:$PATH" # the project's Verilator (tools/bin/verilator)

OUT=build/lint
JOBS=${LINT_JOBS:-$(nproc 2>/dev/null || echo 2)}
LINT_TORUS=${LINT_TORUS:-1}
LINT_FMAX=${LINT_FMAX:-0}
TMO=${LINT_TIMEOUT:-3600}
SYN_TMO=${LINT_SYNTH_TIMEOUT:-600}

# ---- configuration ----
INC=(-Irtl/common -Irtl/router -Irtl/net -Irtl/ni -Irtl/emu)
YFILES=$(echo rtl/common/*.v rtl/router/*.v rtl/net/*.v rtl/ni/*.v rtl/emu/*.v) # Yosys reads every RTL file
# Legal parameter sets for Verilator ("" = all defaults: K=4 N=2 V=2 B=8 W=32 TERM=1 torus DOR).
LINT_CFGS=(
    ""
    "K=8 V=4"
    "K=8 V=4 ROUTING=1"
    "K=3 N=3 V=3 B=5"
    "K=3 N=3 V=3 B=5 ROUTING=1"
    "K=2 N=1"
    "K=5 TOPO=1 V=1"
    "K=5 TOPO=1 V=2 ROUTING=1"
    "TERM=2 V=3"
    "TERM=2 V=3 ROUTING=1 SEL=4"
    "K=8 V=4 ROUTING=3"
    "K=3 N=3 V=5 B=5 ROUTING=3"
    "K=5 TOPO=1 V=2 ROUTING=2"
    "K=64 N=1 V=16 B=64 W=64 TERM=4"
    "K=16 N=2 V=2 B=1"
    "PIPE=1"
    "K=8 V=4 ROUTING=3 PIPE=1"
    "K=3 N=3 V=3 B=5 ROUTING=1 PIPE=1"
    "K=5 TOPO=1 V=2 ROUTING=2 PIPE=1"
    "TERM=2 V=3 ROUTING=1 SEL=4 PIPE=1"
    "K=4 N=1 V=2 B=1 PIPE=1"
)
# tn_router alone with CTX contexts (the time-multiplexed engine's router, docs/emulator.md)
ROUTER_CTX_CFGS=(
    "K=4 N=2 V=4 B=4 W=16 ROUTING=3 CTX=16"
    "K=16 N=2 V=2 B=1 CTX=5"
    "K=3 N=3 V=5 B=5 ROUTING=3 TERM=2 CTX=3"
    "K=4 N=2 V=4 B=4 W=16 ROUTING=3 CTX=16 STAGES=2"
)
# the time-multiplexed torus (rtl/emu/tn_emu_torus.v): Verilator and Icarus
EMU_CFGS=(
    "K=4 N=2 V=4 B=4 W=16 ROUTING=3"
    "K=4 N=2 V=4 B=4 W=16 ROUTING=3 STAGES=2"
    "K=3 N=1 V=2 STAGES=2"
    "K=4 N=2 V=4 B=4 W=16 ROUTING=3 STAGES=2 GAL=1 QD=16 ACOR=1"
    "K=4 N=2 V=4 ROUTING=3 TERM=4 GAL=1 ACOR=1"
    "K=4 N=2 V=4 ROUTING=3 E=2 STAGES=2 GAL=1 ACOR=1"
    "K=6 N=2 V=3 ROUTING=1 E=3 TERM=2"
    "K=3 N=3 V=3 B=5 ROUTING=1 TERM=2"
    "K=8 N=2 V=2"
)
EMU_BAD_CFGS=(
    "K=4 N=2 CTX=8|tn_error_emu_CTX_must_be_K_pow_N_over_E"
    "STAGES=3|tn_error_emu_STAGES_must_be_1_or_2"
    "K=4 N=1 E=3|tn_error_emu_E_must_divide_K"
    "K=4 N=1 E=4|tn_error_emu_E_must_leave_2_contexts_or_more_per_engine"
    "K=2 N=1 STAGES=2|tn_error_emu_STAGES_2_needs_3_contexts_or_more_per_engine"
)
# Icarus elaboration: "top params..."
IV_CFGS=(
    "tn_router K=4 N=2 V=4 B=4 W=16 ROUTING=3 CTX=6"
    "tn_router"
    "tn_router K=64 N=1 V=16 B=64 W=64 TERM=4"
    "tn_router PIPE=1"
    "tn_router K=4 N=2 V=4 B=4 W=16 ROUTING=3 PIPE=1"
    "tn_torus K=4 N=2 V=4 ROUTING=3 PIPE=1"
    "tn_torus"
    "tn_torus K=3 N=3 V=3 B=5 TERM=2"
    "tn_torus K=4 N=2 V=3 ROUTING=1"
    "tn_torus K=4 N=2 V=4 ROUTING=3"
    "tn_torus K=5 N=2 TOPO=1 V=1"
)
# The GAL network interface (rtl/ni/tn_gal_ni.v), Verilator and Icarus ("" = K=4 N=2 TERM=1 QD=8).
GAL_CFGS=(
    ""
    "TERM=4"
    "K=8 N=1 TERM=2 QD=3"
    "K=3 N=3 TERM=4 QD=1"
    "K=2 N=1"
    "K=16 N=4 TERM=4 QD=2"
    "K=64 N=1 TERM=2 QD=1024 TAGW=64"
    "ADAPT=0"
    "K=8 N=1 TERM=2 QD=3 ADAPT=0"
    "CTX=16"
    "K=8 N=1 TERM=2 QD=3 CTX=5"
    "CTX=16 STAGES=2"
    "K=8 N=1 TERM=2 QD=3 CTX=5 STAGES=2"
)
GAL_BAD_CFGS=(
    "K=1|tn_error_K_must_be_2_to_64"
    "ADAPT=2|tn_error_ADAPT_must_be_0_fixed_or_1_adaptive_threshold"
    "N=5|tn_error_N_must_be_1_to_4"
    "TERM=0|tn_error_TERM_must_be_1_to_4"
    "N=1 TERM=3|tn_error_TERM_above_2_pow_N_for_gal"
    "QD=0|tn_error_QD_must_be_1_to_1024"
    "QD=1025|tn_error_QD_must_be_1_to_1024"
    "TAGW=0|tn_error_TAGW_must_be_1_to_64"
    "TOPO=1|tn_error_TOPO_must_be_0_torus_for_gal"
    "STAGES=2|tn_error_STAGES_must_be_1_or_2_with_CTX_above_1"
)
# ACOR's block beside each router (rtl/ni/tn_acor.v; "" = K=4 N=2 TERM=1)
ACOR_CFGS=(
    ""
    "K=8 N=2 TERM=4"
    "K=3 N=3 TERM=2"
    "K=2 N=1"
    "K=5 N=2 TERM=3"
    "K=64 N=4 TERM=4"
    "K=4 N=2 TERM=1 CTX=16"
    "K=5 N=2 TERM=3 CTX=3"
)
ACOR_BAD_CFGS=(
    "K=1|tn_error_acor_K_must_be_2_to_64"
    "K=65|tn_error_acor_K_must_be_2_to_64"
    "N=0|tn_error_acor_N_must_be_1_to_4"
    "N=5|tn_error_acor_N_must_be_1_to_4"
    "TERM=0|tn_error_acor_TERM_must_be_1_to_4"
    "TERM=5|tn_error_acor_TERM_must_be_1_to_4"
)
ACOR_SYN=("K=4 N=2 TERM=1" "K=8 N=2 TERM=1")
GAL_SYN="K=4 N=2 QD=8"
# the GAL NI rows: "params|label"; ADAPT=0 builds no adaptive threshold (issue 12's area row)
GAL_SYN_CFGS=(
    "TERM=1|GAL NI QD=8 TERM=1"
    "TERM=1 ADAPT=0|GAL NI QD=8 TERM=1 ADAPT=0 (fixed T)"
    "TERM=4|GAL NI QD=8 TERM=4"
)
# Illegal parameter sets and the rule module each must name: "params|rule".
BAD_CFGS=(
    "V=1|tn_error_V_below_2_for_dor_on_a_torus"
    "K=1|tn_error_K_must_be_2_to_64"
    "K=65|tn_error_K_must_be_2_to_64"
    "N=0|tn_error_N_must_be_1_to_4"
    "N=5|tn_error_N_must_be_1_to_4"
    "V=0|tn_error_V_must_be_1_to_16"
    "V=17|tn_error_V_must_be_1_to_16"
    "B=0|tn_error_B_must_be_1_to_64"
    "B=65|tn_error_B_must_be_1_to_64"
    "W=0|tn_error_W_must_be_1_to_64"
    "W=65|tn_error_W_must_be_1_to_64"
    "TERM=0|tn_error_TERM_must_be_1_to_4"
    "TERM=5|tn_error_TERM_must_be_1_to_4"
    "TOPO=2|tn_error_TOPO_must_be_0_torus_or_1_mesh"
    "ROUTING=4 V=4|tn_error_ROUTING_must_be_0_dor_1_minad_2_val_or_3_goal"
    "ROUTING=2 V=3|tn_error_V_below_4_for_val_on_a_torus"
    "ROUTING=1 V=2|tn_error_V_below_3_for_minad_on_a_torus"
    "ROUTING=1 TOPO=1 V=1|tn_error_V_below_2_for_minad_on_a_mesh"
    "ROUTING=1 V=3 SEL=6|tn_error_SEL_must_be_minus1_runtime_or_0_to_5"
    "CTX=0|tn_error_CTX_must_be_1_to_4096"
    "STAGES=2|tn_error_STAGES_must_be_1_or_2_with_CTX_above_1"
    "PIPE=2|tn_error_PIPE_must_be_0_or_1"
    "PIPE=1 CTX=2|tn_error_PIPE_1_needs_CTX_1_and_STAGES_1"
)
# The same rule through the torus (the router inside must still refuse).
BAD_TORUS_CFGS=(
    "V=1|tn_error_V_below_2_for_dor_on_a_torus"
    "TOPO=2|tn_error_TOPO_must_be_0_torus_or_1_mesh"
    "PIPE=2|tn_error_PIPE_must_be_0_or_1"
)
SYN_BASE="K=4 N=2 B=8 W=32"
# The board build (issue 14): V=4, every routing family and selection function at run time,
# 16-bit payload, 4-flit buffers.
SYN_BOARD="K=4 N=2 B=4 W=16 V=4 ROUTING=3"
# Synthesised routers "cfg|label": V=2 DOR; V=3 + MIN AD and the six selections; V=4 + VAL, GOAL;
# issue 63's three routers (V=2 DOR, V=4 DOR, board) with PIPE=0 and PIPE=1.
SYN_ROUTERS=(
    "$SYN_BASE V=2|router V=2 DOR, W=32 B=8"
    "$SYN_BASE V=2 PIPE=1|router V=2 DOR PIPE=1, W=32 B=8"
    "$SYN_BASE V=4|router V=4 DOR, W=32 B=8"
    "$SYN_BASE V=4 PIPE=1|router V=4 DOR PIPE=1, W=32 B=8"
    "$SYN_BASE V=3 ROUTING=1|router V=3 ROUTING=1, W=32 B=8"
    "$SYN_BASE V=4 ROUTING=3|router V=4 ROUTING=3, W=32 B=8"
    "$SYN_BOARD|router V=4 ROUTING=3, W=16 B=4 (board)"
    "$SYN_BOARD PIPE=1|router V=4 ROUTING=3 PIPE=1, W=16 B=4 (board)"
    "$SYN_BOARD SEL=5|router V=4 ROUTING=3 SEL=5 (sq fixed), W=16 B=4"
    "K=8 N=1 B=8 W=16 V=4 ROUTING=3|router K=8 N=1 V=4 ROUTING=3 B=8 (ring)"
)

# ---- helpers ----
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
# tag "K=8 V=4" -> K8_V4 (file names); "" -> default
tag() { local t=${1// /_}; t=${t//=/}; echo "${t:-default}"; }
# rtl_id: a fingerprint of the RTL sources, to notice edits made while lint runs
rtl_id() { cat rtl/*/*.v rtl/*/*.vh rtl/common/tn_defs.tbl | sha1sum | cut -c1-12; }
label() { [ -n "$1" ] && echo "$1" || echo "default"; }
top_file() { case $1 in tn_torus) echo rtl/net/tn_torus.v ;; tn_gal_* | tn_acor) echo "rtl/ni/$1.v" ;; tn_emu_*) echo "rtl/emu/$1.v" ;; *) echo "rtl/router/$1.v" ;; esac; }
# Result lines (one file per check, printed in order by collect):
#   PASS<TAB>label<TAB>detail   or   FAIL<TAB>label<TAB>detail, then excerpt lines
pass() { printf 'PASS\t%s\t%s\n' "$1" "$2"; }
fail() { printf 'FAIL\t%s\t%s\n' "$1" "$2"; }
excerpt() { # excerpt LOG [PATTERN]: up to 12 lines of LOG (matching PATTERN), indented
    if [ $# -gt 1 ]; then grep -E "$2" "$1" | head -n 12; else head -n 12 "$1"; fi | sed 's/^/        /'
}

NPASS=0
NFAIL=0
FAILED=()
SEQ=0
RUNNING=0
# spawn CMD...: run the check CMD in the background (at most JOBS at once), result to $RES/SEQ
spawn() {
    if [ "$RUNNING" -ge "$JOBS" ]; then
        wait -n 2>/dev/null
        RUNNING=$((RUNNING - 1))
    fi
    SEQ=$((SEQ + 1))
    ("$@" >"$RES/$(printf '%04d' "$SEQ").res" 2>&1) &
    RUNNING=$((RUNNING + 1))
}
# collect: wait for the spawned checks, print their results in order, count them
PRINTED=0
collect() {
    wait
    RUNNING=0
    local i f status name detail
    for ((i = PRINTED + 1; i <= SEQ; i++)); do
        f=$RES/$(printf '%04d' "$i").res
        IFS=$'\t' read -r status name detail <"$f" || status=""
        if [ "$status" = PASS ]; then
            NPASS=$((NPASS + 1))
            printf '  ok    %-58s %s\n' "$name" "$detail"
        else
            NFAIL=$((NFAIL + 1))
            [ -n "$status" ] || { name="check $i"; detail="no result (see $f)"; }
            FAILED+=("$name")
            printf '  FAIL  %-58s %s\n' "$name" "$detail"
            tail -n +2 "$f"
        fi
    done
    PRINTED=$SEQ
}
# run CMD...: with a time limit; a tool that hangs counts as a failure (status 124). --foreground
# keeps the tool in the script's process group, so that Ctrl-C stops it too.
run() { timeout --foreground "${RUN_TMO:-$TMO}" "$@"; }

# ---- checks (each prints one result) ----
# verilator lint of TOP with params CFG: must pass with no message at all
v_lint() {
    local top=$1 cfg=$2 log t0 rc kv g=()
    log=$OUT/verilator/${top}_$(tag "$cfg").log
    for kv in $cfg; do g+=("-G$kv"); done
    t0=$(now)
    run verilator --lint-only -Wall "${INC[@]}" --top-module "$top" "$(top_file "$top")" \
        "${g[@]}" >"$log" 2>&1
    rc=$?
    local name="verilator -Wall $top [$(label "$cfg")]"
    if [ "$rc" -eq 0 ] && ! grep -q '^%' "$log"; then
        pass "$name" "clean ($(since "$t0") s)"
    else
        fail "$name" "exit $rc, $(grep -c '^%' "$log") messages ($log)"
        excerpt "$log" '^%'
    fi
}
# icarus elaboration of TOP with params CFG: must pass with no message at all
iv_elab() {
    local top=$1 cfg=$2 log t0 rc kv p=()
    log=$OUT/iverilog/${top}_$(tag "$cfg").log
    for kv in $cfg; do p+=("-P$top.$kv"); done
    t0=$(now)
    run iverilog -g2005 -Wall -o "$OUT/iverilog/${top}_$(tag "$cfg").vvp" -s "$top" "${p[@]}" \
        -Irtl/common -y rtl/common -y rtl/router -y rtl/net -y rtl/ni -y rtl/emu "$(top_file "$top")" >"$log" 2>&1
    rc=$?
    local name="iverilog -g2005 $top [$(label "$cfg")]"
    if [ "$rc" -eq 0 ] && [ ! -s "$log" ]; then
        pass "$name" "elaborates ($(since "$t0") s)"
    else
        fail "$name" "exit $rc ($log)"
        excerpt "$log"
    fi
}
# bad_result NAME RC LOG RULE: the tool must fail and name RULE
bad_result() {
    local name=$1 rc=$2 log=$3 rule=$4
    if [ "$rc" -ne 0 ] && grep -qw "$rule" "$log"; then
        pass "$name" "refused, names $rule"
    elif [ "$rc" -eq 0 ]; then
        fail "$name" "accepted (exit 0), expected $rule ($log)"
    else
        fail "$name" "exit $rc but $rule not named ($log)"
        excerpt "$log" '(%Error|error|ERROR)'
    fi
}
v_bad() {
    local top=$1 cfg=$2 rule=$3 log rc kv g=()
    log=$OUT/bad/verilator_${top}_$(tag "$cfg").log
    for kv in $cfg; do g+=("-G$kv"); done
    run verilator --lint-only -Wall "${INC[@]}" --top-module "$top" "$(top_file "$top")" \
        "${g[@]}" >"$log" 2>&1
    rc=$?
    if [ "$cfg" = V=0 ] && [ "$rc" -ne 0 ] && ! grep -qw "$rule" "$log"; then
        # Verilator 5.006 stops on the zero-width vectors V=0 makes (ports [P*V-1:0]) before it
        # elaborates the rule; it still refuses, and Icarus and Yosys name the rule (below).
        pass "verilator refuses $top [$cfg]" "refused (zero-width vectors; rule named by Icarus, Yosys)"
        return
    fi
    bad_result "verilator refuses $top [$cfg]" "$rc" "$log" "$rule"
}
iv_bad() {
    local top=$1 cfg=$2 rule=$3 log rc kv p=()
    log=$OUT/bad/iverilog_${top}_$(tag "$cfg").log
    for kv in $cfg; do p+=("-P$top.$kv"); done
    run iverilog -g2005 -o /dev/null -s "$top" "${p[@]}" -Irtl/common -y rtl/common -y rtl/router -y rtl/net -y rtl/ni -y rtl/emu \
        "$(top_file "$top")" >"$log" 2>&1
    rc=$?
    bad_result "iverilog refuses $top [$cfg]" "$rc" "$log" "$rule"
}
# yosys: plain `hierarchy -top` keeps an unknown module as a black box; -check makes it an error
y_bad() {
    local top=$1 cfg=$2 rule=$3 log rc kv ch=""
    log=$OUT/bad/yosys_${top}_$(tag "$cfg").log
    for kv in $cfg; do ch="$ch -chparam ${kv%%=*} ${kv#*=}"; done
    run yosys -q -p "read_verilog -Irtl/common $YFILES; hierarchy -check -top $top$ch" >"$log" 2>&1
    rc=$?
    bad_result "yosys hierarchy -check refuses $top [$cfg]" "$rc" "$log" "$rule"
}
# y_synth FLOW TOP CFG: FLOW generic|ecp5; stat to $OUT/yosys/NAME.stat, counts to NAME.counts
y_synth() {
    local flow=$1 top=$2 cfg=$3 name log stat t0 rc kv set="" cmd latches
    name=${flow}_${top}_$(tag "$cfg")
    log=$OUT/yosys/$name.log
    stat=$OUT/yosys/$name.stat
    rm -f "$stat" "$OUT/yosys/$name.counts"
    for kv in $cfg; do set="$set -set ${kv%%=*} ${kv#*=}"; done
    # -nowidelut: LUT4s only, no PFU-mux wide LUTs; 24 % fewer LUT4 on the router (board router
    # V=4: 6,816 -> 5,168 with Yosys 0.23; docs/lint.md, "Synthesis recipe")
    if [ "$flow" = generic ]; then cmd="synth -top $top"; else cmd="synth_ecp5 -nowidelut -top $top"; fi
    local limit=$SYN_TMO
    [ "$top" = tn_router ] || limit=$TMO
    t0=$(now)
    RUN_TMO=$limit run yosys -q -l "$log" \
        -p "read_verilog -Irtl/common $YFILES; chparam$set $top; $cmd; tee -o $stat stat" \
        >"$OUT/yosys/$name.out" 2>&1
    rc=$?
    local secs
    secs=$(since "$t0")
    local what="yosys $cmd [$cfg]"
    if [ "$rc" -eq 124 ]; then
        fail "$what" "timed out after $limit s, in pass: $(grep -E '^[0-9.]+ Executing' "$log" | tail -n 1 | sed 's/^[0-9.]* //') ($log)"
        return
    elif [ "$rc" -ne 0 ] || [ ! -s "$stat" ]; then
        fail "$what" "exit $rc ($log)"
        excerpt "$OUT/yosys/$name.out"
        return
    fi
    # Totals: the last count of each cell type (in a hierarchical stat the last block is the
    # whole design); "cells" = the last "Number of cells".
    awk -v secs="$secs" '
        /Number of cells:/ { n["cells"] = $NF }
        $1 ~ /^(LUT4|TRELLIS_FF|DP16KD|TRELLIS_DPR16X4|MULT18X18D|CCU2C)$/ && NF == 2 { n[$1] = $2 }
        $1 ~ /^\$_(S?DFF|DFFE|SDFFE|SDFFCE|DFFSR|DFFSRE|ALDFF)/ && NF == 2 { last[$1] = $2 }
        END {
            ff = 0; for (k in last) ff += last[k]
            printf "cells=%d LUT4=%d TRELLIS_FF=%d DP16KD=%d TRELLIS_DPR16X4=%d MULT18X18D=%d CCU2C=%d generic_FF=%d secs=%s\n",
                n["cells"], n["LUT4"], n["TRELLIS_FF"], n["DP16KD"], n["TRELLIS_DPR16X4"],
                n["MULT18X18D"], n["CCU2C"], ff, secs
        }' "$stat" >"$OUT/yosys/$name.counts"
    # No latch: proc_dlatch must infer none (synth_ecp5 later maps latches to LUTs, so the log
    # is the reliable witness), and no latch cell may survive in the netlist.
    local inferred cells
    inferred=$(grep -c 'Latch inferred for signal' "$log")
    cells=$(grep -cE '\$(dlatch|adlatch|dlatchsr|_DLATCH|_SR_)|LATCH' "$stat")
    if [ "$inferred" -ne 0 ] || [ "$cells" -ne 0 ]; then
        fail "$what" "$inferred latch(es) inferred by proc_dlatch, $cells latch cell type(s) in the netlist ($log)"
        grep 'Latch inferred for signal' "$log" | sort -u | head -n 12 | sed 's/^/        /'
        return
    fi
    if [ "$flow" = generic ]; then
        pass "$what" "no latch, $(awk '/Number of cells:/ { c = $NF } END { print c }' "$stat") cells ($secs s)"
    else
        pass "$what" "no latch, $(tr ' ' '\n' <"$OUT/yosys/$name.counts" | grep -E '^(LUT4|TRELLIS_FF)=' | tr '\n' ' ')($secs s)"
    fi
}
# latch detector self-test: a module with a latch must be caught by the same rule
y_latch_canary() {
    local v=$OUT/yosys/latch_canary.v log=$OUT/yosys/latch_canary.log
    printf 'module latch_canary(input wire e, input wire d, output reg q);\n  always @(*) if (e) q = d;\nendmodule\n' >"$v"
    run yosys -q -l "$log" -p "read_verilog $v; synth_ecp5 -top latch_canary" >/dev/null 2>&1
    if grep -q 'Latch inferred for signal' "$log"; then
        pass "latch detector catches a latch (self-test)" "yes"
    else
        fail "latch detector catches a latch (self-test)" "the latch of $v was not reported ($log)"
    fi
}

# f_fmax CFG: tn_router with CFG placed and routed out of context, seeds 1 2 3 (LINT_FMAX=1);
# the median to $OUT/fmax/TAG.fmax
f_fmax() {
    local cfg=$1 dir log t0 rc rec
    dir=$OUT/fmax/$(tag "$cfg")
    log=$dir.log
    mkdir -p "$dir"
    t0=$(now)
    RUN_TMO=$TMO run bash experiments/router-pipe/fmax_netlist.sh TOP=tn_router INC=rtl/common \
        FILES="$(echo rtl/common/*.v rtl/router/*.v)" PARAMS="$cfg" OUT="$dir" >"$log" 2>&1
    rc=$?
    rec=$(awk -F'\t' '$1 == "record" { print $5 " (" $6 ")" }' "$log")
    if [ "$rc" -eq 0 ] && [ -n "$rec" ]; then
        echo "$rec" >"$dir.fmax"
        pass "nextpnr-ecp5 out of context [$cfg]" "Fmax median $rec MHz ($(since "$t0") s)"
    else
        fail "nextpnr-ecp5 out of context [$cfg]" "exit $rc ($log)"
        excerpt "$log"
    fi
}

# The run itself is one function, so that bash has read all of this file before it starts:
# editing the script while it runs cannot derail the run.
main() {
    # ---- tools ----
    missing=()
    for t in verilator iverilog yosys timeout flock; do
        command -v "$t" >/dev/null 2>&1 || missing+=("$t")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "lint: missing tool(s): ${missing[*]} (make setup installs them; or apt-get install ${missing[*]})"
        echo "lint: 0 checks passed, ${#missing[@]} failed"
        exit 1
    fi
    # One run at a time per tree: a second `make lint` waits for the first (they share build/lint/).
    mkdir -p build
    exec 9>build/.lint.lock
    if ! flock -n 9; then
        echo "lint: another lint run is using build/lint/ in this tree; waiting for it to finish"
        flock 9
    fi
    T_ALL=$(now) # after the wait
    RES=$(mktemp -d "${TMPDIR:-/tmp}/tn_lint.XXXXXX") # one result file per check
    trap 'rm -rf "$RES"' EXIT
    rm -rf "$OUT"
    mkdir -p "$OUT/verilator" "$OUT/iverilog" "$OUT/bad" "$OUT/yosys"
    echo "lint: $(verilator --version | head -n 1); $(iverilog -V 2>&1 | head -n 1); $(yosys -V); $JOBS jobs; logs in $OUT/"
    RTL_ID=$(rtl_id)
    GIT_ID=$(git rev-parse --short HEAD 2>/dev/null || echo "no git")
    git diff --quiet HEAD -- rtl 2>/dev/null || GIT_ID="$GIT_ID + uncommitted rtl/ changes"
    echo "lint: rtl/ sources $RTL_ID ($GIT_ID)"

    # ---- 1. verilator ----
    echo "== verilator --lint-only -Wall (any warning fails)"
    T=$(now)
    # the slowest first (the big tori), so the pool stays full
    for cfg in "K=64 N=1 V=16 B=64 W=64 TERM=4" "K=16 N=2 V=2 B=1" "K=8 V=4"; do
        spawn v_lint tn_torus "$cfg"
    done
    for cfg in "${LINT_CFGS[@]}"; do
        case $cfg in "K=64 N=1 V=16 B=64 W=64 TERM=4" | "K=16 N=2 V=2 B=1" | "K=8 V=4") ;;
            *) spawn v_lint tn_torus "$cfg" ;; esac
        spawn v_lint tn_router "$cfg"
    done
    for cfg in "${ROUTER_CTX_CFGS[@]}"; do
        spawn v_lint tn_router "$cfg"
    done
    for cfg in "${EMU_CFGS[@]}"; do
        spawn v_lint tn_emu_torus "$cfg"
    done
    for cfg in "${GAL_CFGS[@]}"; do
        spawn v_lint tn_gal_ni "$cfg"
    done
    for cfg in "${ACOR_CFGS[@]}"; do
        spawn v_lint tn_acor "$cfg"
    done
    collect
    echo "   ($(since "$T") s)"

    # ---- 2. icarus ----
    echo "== iverilog -g2005 -Wall elaboration (any message fails)"
    T=$(now)
    for c in "${IV_CFGS[@]}"; do
        spawn iv_elab "${c%% *}" "$([ "${c#* }" = "$c" ] || echo "${c#* }")"
    done
    for cfg in "${GAL_CFGS[@]}"; do
        spawn iv_elab tn_gal_ni "$cfg"
    done
    for cfg in "${EMU_CFGS[@]}"; do
        spawn iv_elab tn_emu_torus "$cfg"
    done
    for cfg in "${ACOR_CFGS[@]}"; do
        spawn iv_elab tn_acor "$cfg"
    done
    collect
    echo "   ($(since "$T") s)"

    # ---- 3. elaboration checks ----
    echo "== elaboration checks: each illegal parameter set is refused, naming its rule"
    T=$(now)
    for b in "${BAD_CFGS[@]}"; do
        spawn v_bad tn_router "${b%%|*}" "${b#*|}"
        spawn iv_bad tn_router "${b%%|*}" "${b#*|}"
        spawn y_bad tn_router "${b%%|*}" "${b#*|}"
    done
    for b in "${BAD_TORUS_CFGS[@]}"; do
        spawn v_bad tn_torus "${b%%|*}" "${b#*|}"
        spawn iv_bad tn_torus "${b%%|*}" "${b#*|}"
        spawn y_bad tn_torus "${b%%|*}" "${b#*|}"
    done
    for b in "${EMU_BAD_CFGS[@]}"; do
        spawn v_bad tn_emu_torus "${b%%|*}" "${b#*|}"
        spawn iv_bad tn_emu_torus "${b%%|*}" "${b#*|}"
        spawn y_bad tn_emu_torus "${b%%|*}" "${b#*|}"
    done
    for b in "${GAL_BAD_CFGS[@]}"; do
        spawn v_bad tn_gal_ni "${b%%|*}" "${b#*|}"
        spawn iv_bad tn_gal_ni "${b%%|*}" "${b#*|}"
        spawn y_bad tn_gal_ni "${b%%|*}" "${b#*|}"
    done
    for b in "${ACOR_BAD_CFGS[@]}"; do
        spawn v_bad tn_acor "${b%%|*}" "${b#*|}"
        spawn iv_bad tn_acor "${b%%|*}" "${b#*|}"
        spawn y_bad tn_acor "${b%%|*}" "${b#*|}"
    done
    collect
    echo "   ($(since "$T") s)"

    # ---- 4. yosys ----
    echo "== yosys synthesis (no latch allowed)"
    T=$(now)
    spawn y_latch_canary
    for r in "${SYN_ROUTERS[@]}"; do
        spawn y_synth ecp5 tn_router "${r%%|*}"
        spawn y_synth generic tn_router "${r%%|*}"
    done
    for g in "${GAL_SYN_CFGS[@]}"; do
        spawn y_synth ecp5 tn_gal_ni "$GAL_SYN ${g%%|*}"
        spawn y_synth generic tn_gal_ni "$GAL_SYN ${g%%|*}"
    done
    for cfg in "${ACOR_SYN[@]}"; do
        spawn y_synth ecp5 tn_acor "$cfg"
        spawn y_synth generic tn_acor "$cfg"
    done
    collect
    if [ "$LINT_TORUS" != 0 ]; then
        echo "   synth_ecp5 of the 4x4 torus of the board build, flattened, alone (LINT_TORUS=0 skips it)"
        spawn y_synth ecp5 tn_torus "$SYN_BOARD"
        collect
    else
        echo "   synth_ecp5 of the 4x4 torus skipped (LINT_TORUS=0)"
    fi
    if [ "$LINT_FMAX" = 1 ]; then
        echo "   out-of-context place and route of each router row (LINT_FMAX=1; seeds 1 2 3)"
        for r in "${SYN_ROUTERS[@]}"; do
            spawn f_fmax "${r%%|*}"
        done
        collect
    fi
    echo "   ($(since "$T") s)"

    # resource table
    echo
    echo "Resources (Yosys $(yosys -V | awk '{ print $2 }'); ECP5 = synth_ecp5, flattened; generic = synth):"
    FMT='  %-48s %7s %9s %7s %11s %7s %16s %11s %14s %14s %12s\n'
    # shellcheck disable=SC2059
    printf "$FMT" configuration LUT4 "Fmax MHz" CCU2C TRELLIS_FF DP16KD TRELLIS_DPR16X4 MULT18X18D \
        "synth_ecp5 s" "generic cells" "generic FFs"
    get() { # get COUNTS KEY: one count from a .counts file, "-" when there is none
        if [ -s "$1" ]; then tr ' ' '\n' <"$1" | awk -F= -v k="$2" '$1 == k { print $2 }'; else echo "-"; fi
    }
    rows=()
    for r in "${SYN_ROUTERS[@]}"; do
        rows+=("tn_router|${r%%|*}|${r#*|}")
    done
    [ "$LINT_TORUS" != 0 ] && rows+=("tn_torus|$SYN_BOARD|4x4 torus of the board build (16 routers)")
    for g in "${GAL_SYN_CFGS[@]}"; do
        rows+=("tn_gal_ni|$GAL_SYN ${g%%|*}|${g#*|}")
    done
    for cfg in "${ACOR_SYN[@]}"; do
        rows+=("tn_acor|$cfg|ACOR block $cfg")
    done
    for r in "${rows[@]}"; do
        IFS='|' read -r top cfg lbl <<<"$r"
        e=$OUT/yosys/ecp5_${top}_$(tag "$cfg").counts
        g=$OUT/yosys/generic_${top}_$(tag "$cfg").counts
        fm=$OUT/fmax/$(tag "$cfg").fmax
        # shellcheck disable=SC2059
        printf "$FMT" "$lbl" "$(get "$e" LUT4)" "$([ -s "$fm" ] && cut -d' ' -f1 "$fm" || echo -)" "$(get "$e" CCU2C)" "$(get "$e" TRELLIS_FF)" "$(get "$e" DP16KD)" \
            "$(get "$e" TRELLIS_DPR16X4)" "$(get "$e" MULT18X18D)" "$(get "$e" secs)" \
            "$(get "$g" cells)" "$(get "$g" generic_FF)"
    done
    if [ "$LINT_FMAX" = 1 ]; then
        echo "  Fmax: out of context on the LFE5U-85F (experiments/router-pipe/fmax_netlist.sh: YoWASP Yosys"
        echo "  synth_ecp5 -nowidelut, nextpnr-ecp5 --freq 50), the median of seeds 1 2 3 ($OUT/fmax/)"
    else
        echo "  Fmax: not measured (LINT_FMAX=1 places and routes each router row, seeds 1 2 3)"
    fi
    echo

    echo "lint: total time $(since "$T_ALL") s"
    if [ "$(rtl_id)" != "$RTL_ID" ]; then
        echo "lint: WARNING: rtl/ changed during this run ($RTL_ID -> $(rtl_id)); the results may mix revisions, run again"
    fi
    if [ "$NFAIL" -gt 0 ]; then
        echo "lint: failed:"
        for f in "${FAILED[@]}"; do echo "  - $f"; done
    fi
    echo "lint: $NPASS checks passed, $NFAIL failed"
    [ "$NFAIL" -eq 0 ]
}

main "$@"; exit $? # on one line: bash reads nothing more of the file after main
