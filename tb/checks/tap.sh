# SPDX-License-Identifier: MIT
# TAP output for the test scripts (sourced, not run): each check prints "ok N - DESC" or
# "not ok N - DESC" with its diagnostic lines as "#   ..."; the script prints the plan "1..$N"
# at the end and exits non-zero when FAILED > 0. Used by board_ctrl_test.sh, board_core_test.sh,
# board_lint.sh, check_cli.sh and check_faults.sh. TAP_FAILFAST=1 in the environment: the
# script ends at its first failed check (exit 1), as make mutate's board sets want a verdict
# sooner; the checks after it are not run.
N=0      # checks so far
FAILED=0 # failed checks

# pass DESC
pass() {
    N=$((N + 1))
    echo "ok $N - $1"
}
# fail DESC [DIAGNOSTIC LINE]...
fail() {
    N=$((N + 1))
    FAILED=$((FAILED + 1))
    echo "not ok $N - $1"
    shift
    local l
    for l in "$@"; do printf '%s\n' "$l" | sed 's/^/#   /'; done
    if [ "${TAP_FAILFAST:-0}" = 1 ]; then
        echo "# TAP_FAILFAST=1: stopped at the first failed check"
        echo "1..$N"
        exit 1
    fi
}
# skip DESC WHY: a check that could not run here (counted as skipped by tb/checks/run_tests.sh)
skip() {
    N=$((N + 1))
    echo "ok $N - $1 # SKIP $2"
}
# san_check DESC BIN SAN: BIN is the ASan+UBSan build SAN (the sanitizer's run-time library
# answers ASAN_OPTIONS=help=1 with its list of flags); a SKIP when BIN is another build
san_check() {
    local desc=$1 bin=$2 san=$3 out
    if [ "$bin" = "$san" ]; then
        out=$(ASAN_OPTIONS=help=1 "$bin" --help 2>&1 >/dev/null)
        [[ $out == *AddressSanitizer* ]]
        check "$desc ($bin answers ASAN_OPTIONS=help=1)" $? "$(head -c 300 <<<"$out")"
    else
        skip "$desc" "$san is not built (make $san); $bin was used"
    fi
}
# check DESC STATUS [DIAGNOSTIC LINE]...: pass when STATUS is 0
check() {
    local desc=$1 st=$2
    shift 2
    if [ "$st" -eq 0 ]; then pass "$desc"; else fail "$desc" "$@"; fi
}
# refusal_why RC ERRFILE NEEDLES: what is wrong with a refusal of bad input, into the array WHY
# (empty when nothing is): the exit status RC is not 2, ERRFILE is not exactly one line, or it
# lacks one of the '|'-separated fixed strings of NEEDLES.
refusal_why() {
    local rc=$1 err=$2 needles=$3 n needle
    WHY=()
    [ "$rc" -eq 2 ] || WHY+=("exit status $rc, expected 2")
    n=$(awk 'END { print NR }' "$err")
    [ "$n" -eq 1 ] || WHY+=("$n lines on stderr, expected exactly 1")
    local IFS='|'
    for needle in $needles; do
        grep -qF -- "$needle" "$err" || WHY+=("stderr does not mention '$needle'")
    done
}
