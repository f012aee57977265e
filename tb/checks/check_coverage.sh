#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of make coverage's parts that run in seconds (docs/verification.md, "RTL coverage"):
# tb/checks/rtl_coverage.py's merge and report on coverage files written here in Verilator's
# format (a point reached by one instance of two, counts summed over files, a branch no run
# reached listed with its source line, toggles counted per bit and direction), its refusal of a
# folder without coverage files, and the launcher's choice of a model's coverage build
# (TN_VL_COVERAGE: NAME_cov, but a planted fault's model unchanged). The coverage builds
# themselves are Verilated by make coverage only (minutes). Printed as TAP (tb/checks/tap.sh). Run by
# tb/checks/run_tests.sh (make test); alone: bash tb/checks/check_coverage.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_coverage.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

mkdir -p "$TMP/dat" "$TMP/empty"
# two files as two model contexts write them: rtl/common/tn_ctx_reg.v's reset branch (line L)
# block reached by one instance (3 and 4 times in the two files), its reset arm by none, one
# toggle bit one way
F=rtl/common/tn_ctx_reg.v
SRC="if (RST != 0 && rst_i)"
L=$(grep -n -m1 -F "$SRC" $F | cut -d: -f1)
python3 - "$TMP/dat" "$L" <<'PY'
import sys
L = int(sys.argv[2])
def key(**kv):
    return "".join(f"\x01{k}\x02{v}" for k, v in kv.items())
pts = lambda h, n: [
    (key(f="rtl/common/tn_ctx_reg.v", l=L, n=9, t="line", page="v_line/tn_ctx_reg", o="block", h=h), n),
    (key(f="rtl/common/tn_ctx_reg.v", l=L, n=50, t="branch", page="v_branch/tn_ctx_reg", o="cond_then", h=h), 0),
    (key(f="rtl/common/tn_ctx_reg.v", l=20, n=24, t="toggle", page="v_toggle/tn_ctx_reg", o="rst_i:0->1", h=h), 1 if h.endswith("a") else 0),
    (key(f="rtl/common/tn_ctx_reg.v", l=20, n=24, t="toggle", page="v_toggle/tn_ctx_reg", o="rst_i:1->0", h=h), 0),
]
for i, n in ((0, 3), (1, 4)):
    with open(f"{sys.argv[1]}/c.{100 + i}.0.dat", "w") as f:
        f.write("# SystemC::Coverage-3\n")
        for h in ("TOP.a", "TOP.b"):
            for k, c in pts(h, n if h == "TOP.a" else 0):
                f.write(f"C '{k}' {c}\n")
PY
out=$(python3 tb/checks/rtl_coverage.py "$TMP/dat" "$TMP/out" 2>&1)
rc=$?
check "rtl_coverage.py merges two coverage files: exit 0" "$rc"
row=$(grep '^rtl/common/tn_ctx_reg.v ' <<< "$out")
[[ $row == *"1/1 100.0 %"*"0/1   0.0 %"*"1/2  50.0 %"* ]] &&
    pass "a point counts as reached when one instance of two reached it: line 1/1, branch 0/1, toggle 1/2" ||
    fail "a point counts as reached when one instance of two reached it: line 1/1, branch 0/1, toggle 1/2" "row: $row"
grep -q "^rtl/common/tn_ctx_reg.v:$L: branch cond_then | $SRC" "$TMP/out/uncovered.txt" &&
    pass "uncovered.txt lists the branch no run reached with its source line" ||
    fail "uncovered.txt lists the branch no run reached with its source line" "$(cat "$TMP/out/uncovered.txt")"
[ "$(grep -c '^rtl/' "$TMP/out/uncovered.txt")" = 1 ] &&
    pass "uncovered.txt lists no reached point" || fail "uncovered.txt lists no reached point" "$(cat "$TMP/out/uncovered.txt")"
grep -q $'^C \'\x01f\x02rtl/common/tn_ctx_reg.v\x01l\x02'"$L"$'\x01n\x029\x01t\x02line.*h\x02TOP.a\' 7$' "$TMP/out/merged.dat" &&
    pass "merged.dat sums one instance's counts over the files (3 + 4)" ||
    fail "merged.dat sums one instance's counts over the files (3 + 4)" "$(head -c 600 "$TMP/out/merged.dat")"
out=$(python3 tb/checks/rtl_coverage.py "$TMP/empty" "$TMP/out2" 2>&1)
rc=$?
[ $rc -ne 0 ] && [[ $out == *"no coverage files in $TMP/empty"* ]] &&
    pass "a folder without coverage files is refused, named" || fail "a folder without coverage files is refused, named" "rc=$rc: $out"

# the launcher: the coverage build of the model a run needs, not of a planted fault's model
n=$(TN_VL_COVERAGE=$TMP/x build/bin/tnlock --which k=4 n=2 vcs=4 2>&1)
[ "$n" = net_k4n2v4_cov ] && pass "TN_VL_COVERAGE: the launcher names net_k4n2v4_cov" ||
    fail "TN_VL_COVERAGE: the launcher names net_k4n2v4_cov" "got: $n"
n=$(build/bin/tnlock --which k=4 n=2 vcs=4 2>&1)
[ "$n" = net_k4n2v4 ] && pass "without TN_VL_COVERAGE: net_k4n2v4" || fail "without TN_VL_COVERAGE: net_k4n2v4" "got: $n"
n=$(TN_VL_COVERAGE=$TMP/x build/bin/tnlock --which rtl=rtr k=4 n=2 vcs=4 fault=vc_pick 2>&1)
[[ $n == *_fault_vc_pick && $n != *_cov* ]] && pass "a planted fault's model keeps its own build ($n)" ||
    fail "a planted fault's model keeps its own build" "got: $n"
out=$(bash tools/vlbuild.sh rtr_k4n2v4_cov_tr 2>&1)
rc=$?
[ $rc -eq 2 ] && [[ $out == *"[_tr][_cov][_fault_F]"* ]] && pass "vlbuild refuses _cov before _tr, naming the order" ||
    fail "vlbuild refuses _cov before _tr, naming the order" "rc=$rc: $out"

echo "1..$N"
[ "$FAILED" -eq 0 ]
