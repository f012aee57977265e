#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that the design notes' experiments can still be repeated: every variant of
# experiments/patches.txt (measured and not taken, kept in the history, not in the tree; docs/
# router-v2.md, lockstep-speed.md, gal-collapse.md, emulator.md, acor.md)
# - is in the history at its commit, and applies to that commit's files (experiments/apply.sh);
# - is named in docs/ or experiments/README.md, which say what it measured and how to run it;
# and that no patch is left in the tree, every experiment script (*.sh, *.py) is named in docs/
# or experiments/README.md and parses, and every experiment program (*.c) is named and compiles.
# In a shallow clone without the commits, the history checks are skipped (TAP SKIP).
# Printed as TAP (tb/checks/tap.sh). Run by tb/checks/run_tests.sh (make test); alone:
# bash tb/checks/check_exp.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_exp.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

shopt -s nullglob
left=(experiments/*/*.patch)
check "no patch in the tree (the variants are in the history: experiments/patches.txt)" \
    "$([ ${#left[@]} -eq 0 ]; echo $?)" "${left[@]}"
mapfile -t variants < <(awk '!/^#/ && NF { print $1 " " $2 }' experiments/patches.txt)
check "experiments/patches.txt lists variants (${#variants[@]})" "$([ ${#variants[@]} -gt 0 ]; echo $?)"
for v in "${variants[@]}"; do
    read -r name c <<<"$v"
    if ! git cat-file -e "$c^{commit}" 2>/dev/null; then
        N=$((N + 1))
        echo "ok $N - $name applies at commit $c # SKIP commit $c not in this clone (shallow)"
        continue
    fi
    # apply to that commit's copies of the files it touches (patch(1); the tree is not changed)
    rm -rf "$TMP/t" && mkdir -p "$TMP/t"
    git show "$c:experiments/$name.patch" >"$TMP/p" 2>"$TMP/err"
    check "$name is in the history at commit $c" $? "$(cat "$TMP/err")"
    for f in $(sed -n 's|^+++ b/||p' "$TMP/p"); do
        mkdir -p "$TMP/t/$(dirname "$f")" && git show "$c:$f" >"$TMP/t/$f" 2>/dev/null
    done
    out=$(cd "$TMP/t" && patch -p1 --batch --silent --fuzz=0 <"$TMP/p" 2>&1)
    check "$name applies at commit $c" $? "$out"
    grep -rqF -e "$name" -e "$(basename "$name").patch" docs/ experiments/README.md
    check "$name is named in docs/ (what it measured, how to run it)" $?
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
        -Icmodel/include -Icmodel/hw -Icmodel/sim "$x" 2>&1)
    check "$name compiles with -Wall -Wextra -Werror" $? "$out"
done
out=$(bash experiments/lockstep-speed/vl_exec_profile.sh --check 2>&1)
check "vl_exec_profile.sh: the shim has the line it edits" $? "$out"
echo "1..$N"
[ "$FAILED" -eq 0 ]
