#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Deadlock search for whole packet forwarding (docs/router-v2.md 10, microarchitecture.md R19.1.4):
# MIN AD, GOAL and GAL at offered 1.0 (0.5 on the 4x4, its injection limit) over traffic, V, buf,
# packet lengths and geometries; every run must end without the watchdog (tnsim exits non-zero
# when no flit moves for 20,000 cycles with flits in flight). Prints each failure and the totals;
# exit status 1 if any run failed. A search, not a test: about 7 minutes on one core.
# Usage: bash experiments/router-v2/wpf_deadlock.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
make -s build/bin/tnsim || exit 1
runs=0 fails=0
for r in minad goal gal; do
  for tr in uniform transpose tornado bitcomp shuffle; do
    for vb in "3 4" "3 8" "4 4" "4 8"; do
      read -r v b <<<"$vb"
      [ "$r" != minad ] && [ "$v" -lt 4 ] && continue
      for p in 4 1-4 2-8 1; do
        for k in "k=8 n=2" "k=4 n=2" "k=8 n=1"; do
          [ "$k" = "k=8 n=1" ] && [ "$tr" = transpose ] && continue   # a ring has no transpose
          load=1
          [ "$k" = "k=4 n=2" ] && load=0.5
          runs=$((runs + 1))
          # shellcheck disable=SC2086
          if ! out=$(build/bin/tnsim run $k vcs=$v buf=$b pkt=$p routing=$r traffic=$tr load=$load \
                     warmup=1000 measure=8000 seed=$runs 2>&1); then
            fails=$((fails + 1))
            echo "FAIL: $k vcs=$v buf=$b pkt=$p routing=$r traffic=$tr load=$load seed=$runs: ${out: -300}"
          fi
        done
      done
    done
  done
done
echo "wpf_deadlock: $runs runs, $fails stopped by the watchdog or failed"
[ "$fails" -eq 0 ]
