#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make papers' quick mode (experiments/papers/papers.py --quick, one job: small networks, short
# runs) into a scratch folder, then its page checked by tb/checks/check_papers.py (every claim
# row, numeric values or cannot express / not run, verdicts recomputed; and that the check
# rejects broken pages). TAP. Run by tb/checks/run_tests.sh (make test); alone:
# bash tb/checks/check_papers.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_papers.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if ! python3 experiments/papers/papers.py --quick --jobs 1 --out "$TMP" >"$TMP/log" 2>&1; then
    echo "not ok 1 - make papers QUICK=1 runs every row"
    sed 's/^/# /' "$TMP/log" | tail -n 30
    echo "1..1"
    exit 1
fi
echo "ok 1 - make papers QUICK=1 runs every row ($(tail -n 1 "$TMP/log" | cut -c1-120))"
python3 tb/checks/check_papers.py --quick --self-test "$TMP" | awk '
    /^(ok|not ok) [0-9]+/ { n = $0; sub(/^(ok|not ok) [0-9]+/, "", n); s = ($1 == "ok") ? "ok" : "not ok";
                            print s " " (++i + 1) n; next }
    /^1\.\./ { print "1.." (i + 1); next }
    { print }'
exit "${PIPESTATUS[0]}"
