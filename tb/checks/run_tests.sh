#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Run the cmocka unit-test binaries given as arguments (TAP output), then the simulator checks
# of tb/checks/check_cli.sh and tb/checks/cli_fuzz.py (300 random command lines), the RTL unit tests build/vl/sel_state/vl_sel_state and
# build/vl/gal_ni/vl_gal_ni, build/vl/acor/vl_acor, the libFuzzer targets build/fuzz/fuzz_*
# (tb/checks/fuzz.sh: every seed input, then FUZZ_RUNS runs, default 10000, from -seed=1) and the lockstep set
# (tb/checks/lockstep.sh, started first and run beside the rest; tb/checks/check_waves.sh after it),
# and make papers' quick mode (tb/checks/check_papers.sh), and count the test cases. Usage (make test):
#   bash tb/checks/run_tests.sh build/test/test_a build/test/test_b ...
# Prints "NAME: P passed, F failed (T s)" per binary/suite (T its wall time), the TAP lines and
# stderr of every failing suite, and last "N passed, M failed" (totals). Exit status 0 iff M == 0.
set -u # no -e / pipefail: failing tests and grep -c finding nothing are part of counting
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

# Every process this script starts carries TN_TEST_TAG in its environment; the script runs itself
# again with it set, so that the forks of this shell carry it too (a fork shows the environment
# its program was started with). At the end, tb/checks/leftover.py lists every process still
# carrying the tag: a test that left one behind fails the suite "leftover".
# (exec keeps the pid, so the tag names this run and a run inside another gets its own.)
if [ "${TN_TEST_TAG:-}" != "run_tests.$$" ]; then
    export TN_TEST_TAG="run_tests.$$"
    exec bash "$PWD/tb/checks/run_tests.sh" "$@"
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_run_tests.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

TOTAL_PASS=0
TOTAL_FAIL=0
TOTAL_SKIP=0

# show_failures OUT ERR: the "not ok" lines with their "#" diagnostics, then stderr.
show_failures() {
    local out=$1 err=$2
    awk '/^not ok [0-9]+/ { show = 1; print "    " $0; next }
         /^(ok [0-9]+|1\.\.)/ { show = 0; next }
         show && /^#/ { print "    " $0 }' "$out"
    if [ -s "$err" ]; then
        echo "    --- stderr ---"
        head -n 200 "$err" | sed 's/^/    /'
        local n
        n=$(awk 'END { print NR }' "$err")
        [ "$n" -le 200 ] || echo "    ... ($((n - 200)) more lines of stderr)"
    fi
}

# suite_exec NAME CMD...: run CMD with TAP output into $TMP/NAME.out, .err and .rc.
suite_exec() {
    local name=$1
    shift
    local t0=$SECONDS
    # In a subshell so that the shell's own report of a crash ("Aborted") lands in .err too.
    (CMOCKA_MESSAGE_OUTPUT=TAP "$@"; exit $?) >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
    echo $? >"$TMP/$name.rc"
    echo $((SECONDS - t0)) >"$TMP/$name.secs"
}

# suite_report NAME: count the test cases of a suite suite_exec ran, print, add to the totals.
suite_report() {
    local name=$1
    local out="$TMP/$name.out" err="$TMP/$name.err" rc pass fail skip plan extra=""
    rc=$(cat "$TMP/$name.rc" 2>/dev/null || echo 127)
    # a TAP "ok N - ... # SKIP why" is skipped, not passed (a lockstep line that needs more
    # processors than the machine has)
    skip=$(grep -cE '^ok [0-9]+ .*# SKIP' "$out")
    pass=$(( $(grep -cE '^ok [0-9]+' "$out") - skip ))
    fail=$(grep -cE '^not ok [0-9]+' "$out")
    # Sum of the plans ("1..N"; cmocka prints one per group).
    plan=$(awk '/^1\.\.[0-9]+/ { sub(/^1\.\./, ""); s += $1 + 0 } END { print s + 0 }' "$out")
    if [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
        # Crashed or failed without reporting a failing test case: one failure, named after it.
        extra="$name: exit status $rc"
        [ "$rc" -lt 128 ] || extra="$extra (signal $((rc - 128)))"
        [ "$rc" -ne 126 ] || extra="$extra (not executable)"
        [ "$rc" -ne 127 ] || extra="$extra (not found)"
        extra="$extra with no failing test case reported"
    elif [ $((pass + fail + skip)) -eq 0 ]; then
        # Reported no test case at all: it checked nothing, which is not a pass.
        extra="$name: no test case reported (exit status $rc)"
    elif [ "$plan" -gt $((pass + fail + skip)) ]; then
        # Stopped before the end of its plan (e.g. a crash after a failing test case).
        extra="$name: only $((pass + fail + skip)) of $plan planned test cases ran (exit status $rc)"
    fi
    [ -z "$extra" ] || fail=$((fail + 1))
    # the suite's wall time: a measurement to find where make test's time goes, never a verdict
    echo "$name: $pass passed, $fail failed$([ "$skip" -eq 0 ] || echo ", $skip skipped") ($(cat "$TMP/$name.secs" 2>/dev/null || echo '?') s)"
    TOTAL_SKIP=$((TOTAL_SKIP + skip))
    if [ "$fail" -gt 0 ]; then
        [ -z "$extra" ] || echo "    not ok - $extra"
        show_failures "$out" "$err"
        if [ -n "$extra" ] && [ -s "$out" ]; then
            echo "    --- last lines of stdout ---"
            tail -n 20 "$out" | sed 's/^/    /'
        fi
    fi
    TOTAL_PASS=$((TOTAL_PASS + pass))
    TOTAL_FAIL=$((TOTAL_FAIL + fail))
}

# run_suite NAME CMD...: run a suite and report it.
run_suite() {
    suite_exec "$@"
    suite_report "$1"
}

# The lockstep set starts first and runs beside everything below: it is mostly Verilator builds,
# one model after another, each about one core, and on a 2-core machine the suites below fill the
# other (docs/lockstep-speed.md, "Build time"). It is reported last.
suite_exec lockstep bash tb/checks/lockstep.sh tb/regress/lockstep_test.txt &
lock_pid=$!
for bin in "$@"; do
    name=$(basename -- "$bin")
    case $bin in */*) ;; *) bin=./$bin ;; esac # a path, never a PATH lookup
    run_suite "$name" "$bin"
done
# RTL unit test of the per-link selection state (tn_sel_ldsf_cnt.v, tn_sel_lru_age.v) vs the C model
run_suite vl_sel_state build/vl/sel_state/vl_sel_state
# RTL unit test of the GAL network interface (rtl/ni/tn_gal_ni.v) vs the C model's gal_ni.c
run_suite vl_gal_ni build/vl/gal_ni/vl_gal_ni
# RTL unit test of ACOR (rtl/ni/tn_acor.v) vs the C model's acor.c
run_suite vl_acor build/vl/acor/vl_acor
# the generated definitions (rtl/common/tn_defs.vh, cmodel/include/tn_defs.h,
# cmodel/sim/tn_obs_model.h, tb/tn_obs.h,
# fpga/host/tn_board_regs.h) match
# their table rtl/common/tn_defs.tbl
run_suite defs bash -c 'python3 tools/gen_defs.py --check && echo "ok 1 - generated definitions match rtl/common/tn_defs.tbl" || echo "not ok 1 - run make defs"; echo 1..1'
# the docs by kind: links resolve; the reference docs name no commit and no date
run_suite docs python3 tb/checks/check_docs.py
# the program references' key tables equal the programs' own (--keys; make keydocs)
run_suite keydocs bash tb/checks/check_keydocs.sh
# no circle of calls among tnhost's sources (fpga/host/tnhost*.c: tnhost.h lists the layers) and
# among the C model's (cmodel/hw/*.c cmodel/sim/*.c: tn_internal.h lists the layers)
run_suite host_layers python3 tb/checks/check_layers.py --cflags "-Ifpga/host -Icmodel/include" fpga/host/tnhost*.c
run_suite cmodel_layers python3 tb/checks/check_layers.py --cflags "-Icmodel/include -Icmodel/hw -Icmodel/sim" cmodel/hw/*.c cmodel/sim/*.c
run_suite check_cli bash tb/checks/check_cli.sh
# random command lines against the sanitizer tnsim and tnhost (valid draws must run clean; one key broken
# must be refused naming it), a fixed seed; make regress draws more with its own seed
run_suite cli_fuzz python3 tb/checks/cli_fuzz.py --count 300 --seed 1 --tnsim build/san/tnsim --tnhost build/san/tnhost
# libFuzzer on each parser and tnhost's reply decoder (tb/fuzz/): every input of the target's seed
# corpus once (its regress_* inputs are earlier findings), then FUZZ_RUNS runs from -seed=1; a
# finding is a failure naming its reproducer and the command that replays it (make fuzz and
# make regress run the targets for minutes)
for src in tb/fuzz/fuzz_*.c; do
    t=$(basename "$src" .c)
    run_suite "$t" bash tb/checks/fuzz.sh runs "${FUZZ_RUNS:-10000}" "$t"
done
# the mutant generator of make mutate (tb/checks/mutate.py) and its runner's argument checks
run_suite check_mutate bash tb/checks/check_mutate.sh
# the design notes' experiments: the variants in the history apply at their commits (experiments/
# patches.txt), the scripts are documented and parse
run_suite check_exp bash tb/checks/check_exp.sh
# make papers QUICK=1 (experiments/papers/papers.py): every claim row runs, and its page is
# complete and its verdicts are the ones the rows' rules give (docs/papers.md)
run_suite papers bash tb/checks/check_papers.sh
# make coverage's merge and report (tb/checks/rtl_coverage.py) and the launcher's coverage builds
run_suite check_coverage bash tb/checks/check_coverage.sh
# The board's suites, still beside the lockstep set. They share no build outputs with it: make
# has built their programs before this script runs. Reported in this order, then the lockstep set.
# the board's control plane (fpga/tn_ctrl.v, Verilated in tnboard) driven by tnhost over a pty
suite_exec board_ctrl bash tb/checks/board_ctrl_test.sh
# the board core (fpga/tn_board.v, Verilated in tnboard-core): tnhost run --compare of one run
# of each family equals tn_sim_run (BOARD_CORE_SET=quick; make regress: every check, and the
# ring build)
suite_exec board_core env BOARD_CORE_SET=quick bash tb/checks/board_core_test.sh
# the same board core on the time-multiplexed engine (tn_board ENGINES=2 STAGES=2, Verilated in
# tnboard-emu4x4): the quick set too (make regress: every check)
suite_exec board_emu env BOARD_CORE_SET=quick TNBOARD_CORE=build/bin/tnboard-emu4x4 bash tb/checks/board_core_test.sh
# the board's traffic source alone (rtl/ni/tn_source.v, Verilated) against the C model's generator
suite_exec vl_source build/vl/source/vl_source
# the board's checking sink alone (rtl/ni/tn_sink.v, Verilated): its statistics against figures
# worked out from the flits sent, and each of its error detectors broken once
suite_exec vl_sink build/vl/sink/vl_sink
# tn.core (FuseSoC): parses, lists every RTL file, its lint targets pass
suite_exec fusesoc bash tb/checks/fusesoc_check.sh
wait "$lock_pid"
for s in board_ctrl board_core board_emu vl_source vl_sink fusesoc lockstep; do
    suite_report "$s"
done
# a mismatch's waveform, from a traced model and from the traced twin of one built without
# tracing (after the lockstep set: it builds the traced model of fault vc_pick)
run_suite check_waves bash tb/checks/check_waves.sh

# no process started by a test is left running (grace: up to 10 s for those being stopped)
run_suite leftover python3 tb/checks/leftover.py --tag "$TN_TEST_TAG" --grace 10 --kill

rc_total=$(grep -ho 'router-cycles compared: [0-9]*' "$TMP"/*.out 2>/dev/null | grep -o '[0-9]*$' | awk '{s += $1} END {print s + 0}')
echo "lockstep: $rc_total router-cycles compared"
echo "$TOTAL_PASS passed, $TOTAL_FAIL failed$([ "$TOTAL_SKIP" -eq 0 ] || echo ", $TOTAL_SKIP skipped")"
[ "$TOTAL_FAIL" -eq 0 ]
