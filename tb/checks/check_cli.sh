#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Simulator and bad-input checks of tnsim (and of tnmodel: part 13), by topic in tb/checks/cli/,
# printed as TAP ("ok N - ..." / "not ok N - ...", diagnostics as "# ..." lines, the plan "1..N"
# at the end). Uses the ASan+UBSan build build/san/tnsim when it exists, else build/bin/tnsim. Exit status 0 iff every check passed.
# Run by tb/checks/run_tests.sh (make test); can be run alone: bash tb/checks/check_cli.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

if [ -x build/san/tnsim ]; then
    TNSIM=build/san/tnsim
elif [ -x build/bin/tnsim ]; then
    TNSIM=build/bin/tnsim
else
    echo "not ok 1 - tnsim is built (neither build/san/tnsim nor build/bin/tnsim exists)"
    echo "1..1"
    exit 1
fi
echo "# tnsim: $TNSIM"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_cli.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

# tn ARGS...: run tnsim; sets RC, OUT (stdout text), ERR (stderr text), and the files
# $TMP/out, $TMP/err. Standard input: the file $TN_IN (default /dev/null). With TN_LIMIT=SECS
# tnsim is killed (SIGKILL, RC 137: a crash) after SECS seconds.
tn() {
    if [ -n "${TN_LIMIT:-}" ]; then
        timeout -s KILL "$TN_LIMIT" "$TNSIM" "$@" <"${TN_IN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
    else
        "$TNSIM" "$@" <"${TN_IN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
    fi
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

# Number of lines of a file, counting a last line without its newline.
nlines() { awk 'END { print NR }' "$1"; }

# crash_reason: empty when the last tn run did not crash, else why it did.
crash_reason() {
    if [ "$RC" -ge 128 ]; then
        echo "killed by signal $((RC - 128)) (exit status $RC)"
    elif grep -qE 'AddressSanitizer|LeakSanitizer|runtime error' "$TMP/err"; then
        echo "sanitizer report on stderr"
    fi
}

# refused RUN PROG QUIET DESC NEEDLES ARGS...: RUN ARGS (RUN: tn or tm, which run PROG) must exit
# with status 2, print exactly one line on stderr containing every '|'-separated fixed string of
# NEEDLES, with QUIET=1 nothing on stdout (tnsim may refuse an output file after its report), and
# not crash.
refused() {
    local run=$1 prog=$2 quiet=$3 desc=$4 needles=$5
    shift 5
    "$run" "$@"
    local why=() c
    c=$(crash_reason)
    [ -z "$c" ] || why+=("crashed: $c")
    refusal_why "$RC" "$TMP/err" "$needles"
    why+=("${WHY[@]}")
    [ "$quiet" = 0 ] || [ ! -s "$TMP/out" ] || why+=("printed on stdout: $(head -c 200 "$TMP/out")")
    local shown="$*"
    desc="bad input: $prog ${shown//$TMP/\$TMP} -> $desc"
    if [ ${#why[@]} -eq 0 ]; then
        pass "$desc"
    else
        fail "$desc" "${why[@]}" "stderr:" "$ERR"
    fi
}

# bad DESC NEEDLES ARGS...: tnsim ARGS is refused (refused above)
bad() { refused tn tnsim 0 "$@"; }

# jcheck DESC FILE EXPR: EXPR, a Python expression over j (the JSON object in FILE), is true.
# On failure the diagnostic shows the expression and the values of the keys it names.
jcheck() {
    local desc=$1 file=$2 expr=$3 msg
    if msg=$(python3 - "$file" "$expr" 2>&1 <<'EOF'
import json, re, sys
path, expr = sys.argv[1], sys.argv[2]
try:
    with open(path) as f:
        j = json.load(f)
except Exception as e:
    print("not valid JSON: %s" % e)
    sys.exit(1)
try:
    ok = eval(expr, {"j": j, "abs": abs})
except Exception as e:
    print("%s: %s: %s" % (expr, type(e).__name__, e))
    sys.exit(1)
if not ok:
    print("false: %s" % expr)
    for k in sorted(set(re.findall(r'j\["([^"]+)"\]', expr))):
        print("  %s = %r" % (k, j.get(k, "<missing>")))
    sys.exit(1)
EOF
    ); then
        pass "$desc"
    else
        fail "$desc" "$msg"
    fi
}

# ran_ok DESC: the last tn run exited 0 without a crash; prints a failing check otherwise and
# returns 1 (the caller then skips the checks that depend on the output).
ran_ok() {
    local c
    c=$(crash_reason)
    if [ "$RC" -ne 0 ] || [ -n "$c" ]; then
        fail "$1" "exit status $RC ${c:+($c)}" "stderr:" "$(head -n 40 "$TMP/err")"
        return 1
    fi
    return 0
}

# the checks, by topic, in tb/checks/cli/ (NN_TOPIC.sh), in order in this shell: a part may use
# what an earlier one set (08_stats.sh uses 07_seeds.sh's keys R)
for part in tb/checks/cli/[0-9][0-9]_*.sh; do
    # shellcheck source=/dev/null
    . "$part"
done

# every check above looks for a sanitizer report; without the sanitizer build there is none to see
san_check "the checks ran on the ASan+UBSan build" "$TNSIM" build/san/tnsim

echo "1..$N"
[ "$FAILED" -eq 0 ]
