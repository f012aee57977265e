#!/bin/bash
# SPDX-License-Identifier: MIT
# The cases of scripts/router_v2_explore.sh with TN_EXP_HEAD1 unset, 1 and 2, on a tree with
# scripts/exp/head_per_port.patch applied (an experiment; docs/router-v2.md section 8).
# runs the router_v2_explore cases with and without TN_EXP_HEAD1
T=build/bin/tnsim
cases=(
  "zero-load T0, 8x8 DOR|k=8 n=2 vcs=4 routing=dor load=0.01|lat"
  "DOR uniform 8x8 V=4|k=8 n=2 vcs=4 buf=8 routing=dor traffic=uniform load=1|acc"
  "VAL uniform 8x8 V=8|k=8 n=2 vcs=8 buf=8 routing=val traffic=uniform load=1|acc"
  "MIN AD ring tornado V=3|k=8 n=1 vcs=3 buf=8 routing=minad traffic=tornado load=1|acc"
  "GOAL ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=goal traffic=tornado load=1|acc"
  "GAL ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=gal traffic=tornado load=1|acc"
  "DOR ring tornado V=2|k=8 n=1 vcs=2 buf=8 routing=dor traffic=tornado load=1|acc"
  "MIN AD uniform 8x8 V=3|k=8 n=2 vcs=3 buf=8 routing=minad traffic=uniform load=1|acc"
  "MIN AD uniform 8x8 V=4 sq|k=8 n=2 vcs=4 buf=8 routing=minad selection=sq traffic=uniform load=1|acc"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name keys what <<<"$c"
  printf '%-28s' "$name"
  for e in 0 1 2; do
    if [ $e != 0 ]; then export TN_EXP_HEAD1=$e; else unset TN_EXP_HEAD1; fi
    out=$($T run $keys measure=10000 warmup=3000 --json)
    if [ "$what" = lat ]; then k=latency_avg; f="%.2f"; else k=accepted; f="%.3f"; fi
    x=$(python3 -c "import json,sys; print('$f' % json.load(sys.stdin)['$k'])" <<<"$out")
    printf ' %8s' "$x"
  done
  echo
done
# stability: accepted at the highest unsaturated load / at offered 1.0 (tnsim sat)
for c in "ring tornado GOAL|k=8 n=1 vcs=4 routing=goal traffic=tornado" \
         "ring tornado GAL|k=8 n=1 vcs=4 routing=gal traffic=tornado" \
         "8x8 tornado DOR|k=8 n=2 vcs=4 routing=dor traffic=tornado" \
         "8x8 uniform MIN AD|k=8 n=2 vcs=3 routing=minad traffic=uniform"; do
  IFS='|' read -r name keys <<<"$c"
  printf '%-28s' "$name"
  for e in 0 2; do
    if [ $e != 0 ]; then export TN_EXP_HEAD1=$e; else unset TN_EXP_HEAD1; fi
    x=$($T sat $keys --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.3f/%.3f" % (d["sat_accepted"], d["overload_accepted"]))')
    printf ' %12s' "$x"
  done
  echo
done
