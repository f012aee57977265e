#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of tnlock's planted faults and enumerated keys, printed as TAP (tb/checks/tap.sh):
# - the planted faults of rtl/common/tn_defs.tbl (enum planted) are exactly the `ifdef
#   TN_FAULT_<NAME> blocks of rtl/common/tn_faults.vh, no other Verilog file of rtl/ holds one,
#   each fault's hook `TN_HOOK_<NAME> (and its parts `TN_HOOK_<NAME>__<PART>) is used in the
#   synthesizable RTL (rtl/*/*.v), every
#   TN_FAULT_ name in rtl/ is a planted fault, and rtl/common/tn_defs.vh defines no TN_FAULT_
#   macro (that would plant the fault in every build);
# - build/bin/tnlock refuses an unknown fault, a fault whose block the run's model lacks, an
#   inject= the model or the run cannot make, and topo=mesh (exit status 2, one line naming key, value and allowed values) before any model is
#   built, and names the model of every fault line of tb/regress/lockstep_test.txt;
#   tools/vlbuild.sh refuses an unknown fault before building;
# - with --runs, short real runs (not in make test: its lockstep set builds the same models beside
#   this script): the summary line and --json name topo, routing and selection, the harness's own
#   check prints names, an inject= run passes on its error bit and fails without a chance to
#   break (a planted fault's waveform: tb/checks/check_waves.sh);
# - tnlock --help's default column shows tnlock's own defaults (k, warmup, measure).
# Run by tb/checks/run_tests.sh (make test); alone: bash tb/checks/check_faults.sh [--runs]
# TNLOCK: the launcher (default build/bin/tnlock).
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TNLOCK=${TNLOCK:-build/bin/tnlock}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_faults.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

# the table's planted faults, in order; the fault blocks of rtl/common/tn_faults.vh, the hooks
# the synthesizable RTL uses and every TN_FAULT_ name in rtl/
FAULTS=rtl/common/tn_faults.vh
planted=$(awk -F'|' '$1 ~ /^enum *$/ && $2 ~ /^ *planted *$/ { print $3 }' rtl/common/tn_defs.tbl | xargs)
printf '%s\n' $planted | sort > "$TMP/tbl"
grep -hoE '`(ifdef|ifndef|elsif) +TN_FAULT_[A-Z0-9_]+' "$FAULTS" | sed 's/.*TN_FAULT_//' | tr 'A-Z' 'a-z' | sort -u > "$TMP/blocks"
grep -rhoE 'TN_FAULT_[A-Z0-9_]+' rtl/ | sed 's/^TN_FAULT_//' | tr 'A-Z' 'a-z' | sort -u > "$TMP/names"
grep -hoE '`TN_HOOK_[A-Z0-9_]+' rtl/*/*.v | sed 's/^`TN_HOOK_//; s/__.*//' | tr 'A-Z' 'a-z' | sort -u > "$TMP/hooks"
if [ -n "$planted" ] && cmp -s "$TMP/tbl" "$TMP/blocks"; then
    pass "the planted faults of rtl/common/tn_defs.tbl are the \`ifdef TN_FAULT_ blocks of $FAULTS"
else
    fail "the planted faults of rtl/common/tn_defs.tbl are the \`ifdef TN_FAULT_ blocks of $FAULTS" \
        "in the table only: $(comm -23 "$TMP/tbl" "$TMP/blocks" | xargs)" \
        "in $FAULTS only: $(comm -13 "$TMP/tbl" "$TMP/blocks" | xargs)"
fi
others=$(grep -lE '^ *`(ifdef|ifndef|elsif) +TN_FAULT_' rtl/*/*.v rtl/*/*.vh rtl/*/*.sv | grep -vx "$FAULTS" | xargs)
check "no Verilog file of rtl/ but $FAULTS holds a TN_FAULT_ block" "$([ -z "$others" ]; echo $?)" "in: $others"
if [ -n "$planted" ] && cmp -s "$TMP/tbl" "$TMP/hooks"; then
    pass "each planted fault's hook \`TN_HOOK_<NAME> is used in rtl/*/*.v, and no other hook"
else
    fail "each planted fault's hook \`TN_HOOK_<NAME> is used in rtl/*/*.v, and no other hook" \
        "no hook in rtl/*/*.v: $(comm -23 "$TMP/tbl" "$TMP/hooks" | xargs)" \
        "a hook of no planted fault: $(comm -13 "$TMP/tbl" "$TMP/hooks" | xargs)"
fi
extra=$(comm -13 "$TMP/tbl" "$TMP/names" | xargs)
check "every TN_FAULT_ name in rtl/ is a planted fault of the table" "$([ -z "$extra" ]; echo $?)" \
    "not in rtl/common/tn_defs.tbl: $extra"
defined=$(grep -E '^`define +TN_FAULT_' rtl/common/tn_defs.vh)
check "rtl/common/tn_defs.vh defines no TN_FAULT_ macro" "$([ -z "$defined" ]; echo $?)" "$defined"

# lock_bad DESC NEEDLES ARGS...: the launcher exits 2 with nothing on stdout and exactly one line
# on stderr (no model built: make's and vlbuild's lines would be more) holding every
# '|'-separated fixed string of NEEDLES
lock_bad() {
    local desc=$1 needles=$2 why=()
    shift 2
    "$TNLOCK" "$@" >"$TMP/out" 2>"$TMP/err"
    local rc=$?
    refusal_why $rc "$TMP/err" "$needles"
    why=("${WHY[@]}")
    [ ! -s "$TMP/out" ] || why+=("stdout not empty")
    if [ ${#why[@]} -eq 0 ]; then
        pass "tnlock $*: $desc"
    else
        fail "tnlock $*: $desc" "${why[@]}" "stderr: $(head -c 600 "$TMP/err")"
    fi
}
if [ -x "$TNLOCK" ]; then
    all="allowed: $planted"
    for f in bogus CREDIT_VC0 a-b ''; do
        lock_bad "an unknown fault" "key 'fault': value '$f' is not a planted fault; $all" fault="$f" cycles=1000
    done
    lock_bad "gal_hold needs the GAL model" "key 'fault': value 'gal_hold' needs routing=gal|allowed here: credit_vc0 vc_pick vc_take vc_release sa1_ptr rr_skip" fault=gal_hold
    lock_bad "gal_thr needs the GAL model" "key 'fault': value 'gal_thr' needs routing=gal" rtl=rtr vcs=4 routing=minad fault=gal_thr
    lock_bad "acor_hys needs the ACOR model" "key 'fault': value 'acor_hys' needs routing=acor|allowed here: credit_vc0 vc_pick vc_take vc_release sel_tie sa1_ptr rr_skip" rtl=rtr vcs=4 fault=acor_hys
    lock_bad "sel_tie needs the selection functions" "key 'fault': value 'sel_tie' needs vcs >= 3" rtl=rtr vcs=2 fault=sel_tie
    lock_bad "topo by name" "key 'topo': value 'mesh' is not built into tnlock's Verilated models|allowed: torus" topo=mesh
    # what every Verilated model fixes (tb/lock/opts.h LOCK_VL_*), refused before a build
    lock_bad "buf above the models' B" "key 'buf': value '16'|allowed: 1..8" buf=16
    lock_bad "buf above bcap" "key 'buf': value '7' is above the Verilated model's buffer capacity (B=6, key bcap)|allowed: 1..6" bcap=6 buf=7
    lock_bad "bcap is 1..64" "key 'bcap': value '65'|1..64" bcap=65
    lock_bad "flitw is 1..64" "key 'flitw': value '65'|1..64" flitw=65
    "$TNLOCK" --which rtl=rtr vcs=2 bcap=4 flitw=16 >"$TMP/out" 2>"$TMP/err"
    check "bcap=4 flitw=16 name the board's model (_b4_w16; buf left out follows bcap)" \
        "$([ $? -eq 0 ] && [ "$(cat "$TMP/out")" = rtr_k4n2v2_b4_w16 ]; echo $?)" "$(cat "$TMP/out" "$TMP/err")"
    lock_bad "CHAOS is the C model's" "key 'routing': value 'chaos' is not built into the RTL|allowed with vcs=4: dor minad val goal gal acor" vcs=4 routing=chaos
    lock_bad "gal_sets=dst is C-only" "key 'gal_sets': value 'dst'|allowed in the RTL: 1 2 dir" rtl=rtr vcs=4 routing=gal gal_sets=dst
    lock_bad "gal_qdepth other than the NI's" "key 'gal_qdepth': value '16'|allowed: 8" rtl=rtr vcs=4 routing=gal gal_qdepth=16
    lock_bad "model=off drives uniform traffic" "key 'traffic': value 'tornado'|allowed with model=off: uniform" model=off traffic=tornado
    lock_bad "model=off without the GAL NI" "key 'model': value 'off' is not allowed with routing=gal|allowed with model=off: dor minad val goal" rtl=rtr vcs=4 routing=gal model=off
    lock_bad "drain is not read" "key 'drain': value '10' is not read by tnlock" drain=10
    lock_bad "xinit=random needs the model" "key 'model': value 'off' is not allowed with xinit=random|allowed: on" model=off xinit=random
    lock_bad "xinit is zero or random" "key 'xinit': value 'ones'|zero random" xinit=ones
    # inject=: the protocol breaks and where they can be made
    lock_bad "an unknown break" "key 'inject': value 'bogus'|none order buf_ovf credit_ovf" inject=bogus
    lock_bad "credit_ovf needs the router-wired model" "key 'rtl': value 'net' is not allowed with inject=credit_ovf|allowed: rtr" inject=credit_ovf
    lock_bad "inject is not for the GAL model" "key 'routing': value 'gal' is not allowed with inject=order|allowed: dor minad val goal" rtl=rtr vcs=4 routing=gal inject=order
    lock_bad "inject needs the model" "key 'model': value 'off' is not allowed with inject=buf_ovf|allowed: on" model=off inject=buf_ovf
    lock_bad "inject_node needs inject" "key 'inject_node': value '3' is read only with inject|allowed: leave it out" inject_node=3
    lock_bad "inject_at needs inject" "key 'inject_at': value '50' is read only with inject" inject_at=50
    lock_bad "inject_node is a node" "key 'inject_node': value '16' is not a node of the 16|allowed: 0..15" inject=order inject_node=16
    "$TNLOCK" --which rtl=rtr vcs=4 routing=gal >"$TMP/out" 2>"$TMP/err"
    check "routing=gal alone takes the NI's gal_qdepth=8 gal_sets=dir (tnlock's defaults)" \
        "$([ $? -eq 0 ] && [ "$(cat "$TMP/out")" = rtr_k4n2v4_gal ]; echo $?)" "$(cat "$TMP/out" "$TMP/err")"
    "$TNLOCK" --help >"$TMP/out" 2>&1
    check "tnlock --help lists the planted faults" "$(grep -qE "^  fault +- +$planted " "$TMP/out"; echo $?)" \
        "$(grep -E '^  fault' "$TMP/out")"
    # every planted-fault line of the lockstep set still names its model (nothing is built)
    nf=0
    while IFS= read -r line; do
        line=${line%%#*}
        [[ " $line " == *" fault="* ]] || continue
        read -r -a args <<< "$line"
        run=() f=
        for a in "${args[@]}"; do
            case $a in expect=*) ;; fault=*) f=${a#fault=}; run+=("$a") ;; *) run+=("$a") ;; esac
        done
        nf=$((nf + 1))
        name=$("$TNLOCK" --which "${run[@]}" 2>"$TMP/err")
        rc=$?
        check "tnlock --which ${run[*]}: a model with fault $f" \
            "$([ $rc -eq 0 ] && [[ $name == *_fault_$f ]]; echo $?)" "rc=$rc name=$name" "$(cat "$TMP/err")"
    done < tb/regress/lockstep_test.txt
    check "the lockstep set has planted-fault lines ($nf)" "$([ "$nf" -gt 0 ]; echo $?)"
else
    fail "tnlock is built ($TNLOCK)"
fi

bash tools/vlbuild.sh rtr_k4n2v2_fault_bogus >"$TMP/out" 2>"$TMP/err"
rc=$?
check "vlbuild.sh refuses an unknown fault, naming the planted ones" \
    "$([ $rc -eq 2 ] && grep -qF "fault 'bogus' is not a planted fault" "$TMP/err" &&
       grep -qF "allowed: $planted" "$TMP/err" && [ ! -e build/vl/rtr_k4n2v2_fault_bogus ]; echo $?)" \
    "rc=$rc" "$(cat "$TMP/err")"

# --help's default column shows tnlock's own defaults where they differ from tnsim's
help=$("$TNLOCK" --help 2>&1)
row() { awk -v k="$1" '$1 == k { print $2; exit }' <<<"$help"; }
check "tnlock --help shows its own defaults: k 4, warmup 200, measure 2000, gal_qdepth 8, gal_sets dir (tnsim's n 2)" \
    "$([ "$(row k)" = 4 ] && [ "$(row warmup)" = 200 ] && [ "$(row measure)" = 2000 ] && [ "$(row n)" = 2 ] &&
       [ "$(row gal_qdepth)" = 8 ] && [ "$(row gal_sets)" = dir ]; echo $?)" \
    "k '$(row k)' warmup '$(row warmup)' measure '$(row measure)' n '$(row n)' gal_qdepth '$(row gal_qdepth)' gal_sets '$(row gal_sets)'"

if [ "${1:-}" = --runs ]; then
    # jhas FILE KEY VALUE: the JSON in FILE has "KEY": VALUE
    jhas() { grep -qF "\"$2\": $3" "$1"; }
    "$TNLOCK" cycles=300 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "tnlock cycles=300: the summary names topo and routing" \
        "$([ $rc -eq 0 ] && grep -qE '^tnlock: 4-ary 2-cube torus routing=dor vcs=2 ' "$TMP/out"; echo $?)" \
        "rc=$rc" "$(head -3 "$TMP/out")" "$(tail -3 "$TMP/err")"
    "$TNLOCK" cycles=300 --json >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "tnlock cycles=300 --json: topo, routing, selection beside the existing keys" \
        "$([ $rc -eq 0 ] && jhas "$TMP/out" mismatch false && jhas "$TMP/out" router_cycles 5072 &&
           jhas "$TMP/out" topo '"torus"' && jhas "$TMP/out" routing '"dor"' &&
           jhas "$TMP/out" selection '"ldsf"'; echo $?)" "rc=$rc" "$(cat "$TMP/out")"
    "$TNLOCK" rtl=rtr vcs=4 routing=minad selection=sq cycles=300 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "tnlock rtl=rtr vcs=4 routing=minad selection=sq: the summary names both" \
        "$([ $rc -eq 0 ] && grep -qE '^tnlock: 4-ary 2-cube torus routing=minad selection=sq vcs=4 ' "$TMP/out"; echo $?)" \
        "rc=$rc" "$(head -3 "$TMP/out")" "$(tail -3 "$TMP/err")"
    # inject=: the verdict fails when the break is never made (an idle run gives no full VC)
    "$TNLOCK" inject=buf_ovf load=0.01 cycles=400 --json >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "tnlock inject=buf_ovf load=0.01: no chance to break, exit 1, named" \
        "$([ $rc -eq 1 ] && jhas "$TMP/out" passed false && jhas "$TMP/out" inject_cycle -1 &&
           grep -qF "no chance to break the protocol at node 0" "$TMP/err"; echo $?)" "rc=$rc" "$(cat "$TMP/out" "$TMP/err")"
    "$TNLOCK" inject=order load=0.3 cycles=400 --json >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "tnlock inject=order: both set ORDER (0x08) at node 0, exit 0" \
        "$([ $rc -eq 0 ] && jhas "$TMP/out" passed true && jhas "$TMP/out" err 8 && jhas "$TMP/out" error_node 0; echo $?)" \
        "rc=$rc" "$(cat "$TMP/out" "$TMP/err")"
    # the harness's own check (a model run directly, fresh after the runs above)
    model=build/vl/$("$TNLOCK" --which cycles=300)/tnlock
    "$model" topo=mesh >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "$model topo=mesh: the harness names the topologies" \
        "$([ $rc -eq 2 ] && grep -qF "key 'topo': value 'mesh' is not built into tnlock's Verilated models" "$TMP/err" &&
           grep -qF "allowed: torus" "$TMP/err"; echo $?)" "rc=$rc" "$(cat "$TMP/err")"
    "$model" k=8 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "$model k=8: the harness names this model's parameters" \
        "$([ $rc -eq 2 ] && grep -qF "key 'k': value '8' differs from this Verilated model's '4'" "$TMP/err" &&
           grep -qF "allowed: 4" "$TMP/err"; echo $?)" "rc=$rc" "$(cat "$TMP/err")"
    # a model run directly without rtl=: its own top (a GAL model is rtr)
    "$TNLOCK" rtl=rtr vcs=4 routing=gal cycles=10 >/dev/null 2>&1
    gal=build/vl/$("$TNLOCK" --which rtl=rtr vcs=4 routing=gal)/tnlock
    "$gal" vcs=4 routing=gal cycles=300 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "$gal vcs=4 routing=gal (no rtl=): runs as its own top, 0 mismatches" \
        "$([ $rc -eq 0 ] && grep -q ' 0 mismatches' "$TMP/out"; echo $?)" "rc=$rc" "$(tail -n 3 "$TMP/out" "$TMP/err")"
    "$model" buf=16 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "$model buf=16: a model run directly refuses what the launcher refuses" \
        "$([ $rc -eq 2 ] && grep -qF "key 'buf': value '16'" "$TMP/err"; echo $?)" "rc=$rc" "$(cat "$TMP/err")"
fi

echo "1..$N"
[ "$FAILED" -eq 0 ]
