#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Which lines of the C model (cmodel/hw, cmodel/sim) no C unit test runs: builds every tb/unit/test_*.c
# that needs only the model (not test_tnhost) with gcc --coverage in OUT (default
# build/coverage), runs each from the project's root, merges gcov's counts over the tests and
# prints per file the lines never run, then the total. An exploration aid (docs/verification.md,
# "The C model's sinks"): check_cli.sh, cli_fuzz.py and the lockstep runs are not counted, so a
# line listed here may still be run by them; out-of-memory branches are listed too.
#   bash experiments/verification/c_coverage.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=${1:-build/coverage}
rm -rf "$out" && mkdir -p "$out"
for t in tb/unit/test_*.c; do
    n=$(basename "$t" .c)
    [ "$n" = test_tnhost ] && continue
    mkdir -p "$out/$n"
    (cd "$out/$n" && gcc -std=c11 -O0 --coverage -D_POSIX_C_SOURCE=200809L -I"$root/cmodel/include" \
        -I"$root/cmodel/hw" -I"$root/cmodel/sim" -I"$root/tb/unit" "$root/$t" "$root"/cmodel/hw/*.c "$root"/cmodel/sim/*.c -lcmocka -lm -o "$n")
    "$out/$n/$n" > "$out/$n.log" 2>&1 || echo "c_coverage: $n failed ($out/$n.log)" >&2
    (cd "$out/$n" && gcov ./*.gcda > /dev/null 2>&1)
done
python3 - "$out" <<'PY'
import collections, glob, os, sys
cov = collections.defaultdict(dict)  # file -> line -> [run by some test, text]
for g in glob.glob(os.path.join(sys.argv[1], "test_*", "*.c.gcov")):
    f = os.path.basename(g)[:-5]
    if f.startswith("test_"):
        continue
    for ln in open(g, errors="replace"):
        parts = ln.split(":", 2)
        if len(parts) < 3 or parts[0].strip() == "-" or not parts[1].strip().isdigit():
            continue
        no = int(parts[1])
        if no == 0:
            continue
        ran = parts[0].strip() not in ("#####", "=====")
        e = cov[f].setdefault(no, [False, parts[2].rstrip("\n")])
        e[0] = e[0] or ran
total = 0
for f in sorted(cov):
    never = [(n, t) for n, (r, t) in sorted(cov[f].items()) if not r]
    total += len(never)
    print(f"== {f}: {len(never)} of {len(cov[f])} lines never run")
    for n, t in never:
        print(f"  {n}: {t.strip()}")
print(f"c_coverage: {total} lines of cmodel/hw and cmodel/sim never run by the C unit tests")
PY
