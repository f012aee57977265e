#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The program references' key tables (docs/tnsim.md, docs/tnlock.md, docs/tnhost.md,
# docs/tnmodel.md) equal the tables the programs print (--keys), and the check notices a table
# that differs. TAP on stdout; run by tb/checks/run_tests.sh (make test) after make build. make keydocs rewrites the tables.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "#   $l"; done; }

if out=$(python3 tools/gen_keydocs.py --check 2>&1); then
    ok "docs/tnsim.md, docs/tnlock.md, docs/tnhost.md and docs/tnmodel.md hold the programs' key tables"
else
    nok "the key tables in docs differ from the programs' (make keydocs writes them)" "${out:0:2000}"
fi

# a doc whose table lost a row, and one with a changed default: exit 1, the doc named
for edit in '/^| `gal_n1` /d' 's/^| `seed` | `1` |/| `seed` | `2` |/'; do
    sed "$edit" docs/tnsim.md >"$TMP/tnsim.md"
    out=$(python3 tools/gen_keydocs.py --check "$TMP/tnsim.md" 2>&1)
    rc=$?
    if [ $rc -eq 1 ] && [[ $out == *"$TMP/tnsim.md: the key tables differ"* ]] && ! cmp -s docs/tnsim.md "$TMP/tnsim.md"; then
        ok "a table edited by '$edit' is reported (exit 1, the doc named)"
    else
        nok "a table edited by '$edit' is not reported" "exit $rc" "${out:0:500}"
    fi
done

# a marker that names no program of build/bin: exit 2
printf '<!-- keys: ls -la -->\n<!-- end keys -->\n' >"$TMP/bad.md"
out=$(python3 tools/gen_keydocs.py --check "$TMP/bad.md" 2>&1)
rc=$?
[ $rc -eq 2 ] && [[ $out == *"marker names 'ls'"* ]] && ok "a marker naming another program is refused (exit 2)" ||
    nok "a marker naming another program is not refused" "exit $rc" "$out"
echo "1..$n"
