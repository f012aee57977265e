#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that the design notes' experiments can still be repeated: every patch in experiments/*/
# (the variants measured and not taken, docs/router-v2.md, lockstep-speed.md, gal-collapse.md)
# - applies to the tree as it is (a patch that no longer applies makes its table unrepeatable);
# - is named in docs/, which says what it measured and how to run it;
# - when it changes C files, compiles with the project's warnings (-Wall -Wextra -Werror);
# and that every experiment script there (*.sh, *.py) is named in docs/ and parses, and every
# experiment program (*.c) is named in docs/ and compiles.
# Printed as TAP (tb/checks/tap.sh). Run by tb/checks/run_tests.sh (make test); alone:
# bash tb/checks/check_exp.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_exp.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

shopt -s nullglob
patches=(experiments/*/*.patch)
check "experiments/ holds patches (${#patches[@]})" "$([ ${#patches[@]} -gt 0 ]; echo $?)"
for p in "${patches[@]}"; do
    name=$(basename "$p")
    # apply to a copy of the files it touches (patch(1): no git needed, the tree is not changed)
    rm -rf "$TMP/t" && mkdir -p "$TMP/t"
    files=$(sed -n 's|^+++ b/||p' "$p")
    for f in $files; do
        [ -f "$f" ] && mkdir -p "$TMP/t/$(dirname "$f")" && cp "$f" "$TMP/t/$f"
    done
    out=$(cd "$TMP/t" && patch -p1 --batch --silent --fuzz=0 < "$OLDPWD/$p" 2>&1)
    check "$name applies to the tree" $? "$out"
    grep -rqF "$p" docs/ README.md experiments/README.md
    check "$name is named in docs/ (what it measured, how to run it)" $?
    cfiles=$(printf '%s\n' $files | grep '\.c$' || true)
    if [ -n "$cfiles" ]; then
        # the patched file against the project's headers (the patched copies first)
        out=$(for f in $cfiles; do
            cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$TMP/t/cmodel/include" \
               -I"$TMP/t/cmodel/src" -Icmodel/include -Icmodel/src "$TMP/t/$f" 2>&1 || exit 1
        done)
        check "$name: its C files compile with -Wall -Wextra -Werror" $? "$out"
    fi
done
# the experiment scripts (no patch: they build and run variants themselves)
xs=(experiments/*/*.sh experiments/*/*.py)
check "experiments/ holds experiment scripts (${#xs[@]})" "$([ ${#xs[@]} -gt 0 ]; echo $?)"
for x in "${xs[@]}"; do
    name=$(basename "$x")
    grep -rqF "$x" docs/ README.md experiments/README.md
    check "$name is named in docs/" $?
    case $x in
    *.sh) out=$(bash -n "$x" 2>&1); check "$name parses (bash -n)" $? "$out" ;;
    *.py) out=$(python3 -c "import ast, sys; ast.parse(open(sys.argv[1]).read())" "$x" 2>&1); check "$name parses (python3)" $? "$out" ;;
    esac
done
# the experiment programs (C against the model's internal headers): named in docs/, and they
# compile with the project's warnings against the tree as it is
for x in experiments/*/*.c; do
    name=$(basename "$x")
    grep -rqF "$x" docs/ README.md experiments/README.md
    check "$name is named in docs/" $?
    out=$(cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -D_POSIX_C_SOURCE=200809L \
        -Icmodel/include -Icmodel/src "$x" 2>&1)
    check "$name compiles with -Wall -Wextra -Werror" $? "$out"
done
out=$(bash experiments/lockstep-speed/vl_exec_profile.sh --check 2>&1)
check "vl_exec_profile.sh: the shim has the line it edits" $? "$out"
echo "1..$N"
[ "$FAILED" -eq 0 ]
