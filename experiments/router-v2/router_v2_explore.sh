#!/usr/bin/env bash
# The C-model exploration of docs/router-v2.md: zero-load latency and accepted throughput at
# offered 1.0 for each router variant on the cases issue 12 names, then stability (tnsim sat).
# A variant is one of:
#   -           tnsim as built;
#   NAME=VALUE  tnsim as built, with that environment variable (an experiment's patch reads it:
#               router-v2/head_per_port, bash experiments/apply.sh, TN_EXP_HEAD1=1 or 2; section 8);
#   other       the key pipe=VARIANT, which exists at commit 4b2f86b only (section 3: run this
#               script from a checkout of that commit; its default variants v1 v2 v2rr1 v2low1
#               v2it2 v2it3).
# A run that fails (tnsim exits non-zero: the watchdog's deadlock) prints "fail".
# Usage: [STABILITY=0] [LIMITS=1] bash experiments/router-v2/router_v2_explore.sh [variants...]
set -euo pipefail
cd "$(dirname "$0")/../.."
make -s build/bin/tnsim
T=build/bin/tnsim
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(-)
# tnsim for variant $1, the other arguments its command and keys
tnsim_v() {
  local v=$1
  shift
  case "$v" in
    -) "$T" "$@" ;;
    [A-Z]*=*) env "$v" "$T" "$@" ;;
    *) "$T" "$@" pipe="$v" ;;
  esac
}
# a pipe= variant needs a tnsim that has the key (commit 4b2f86b): say so, not "fail" on every row
for v in "${variants[@]}"; do
  case "$v" in
    - | [A-Z]*=*) ;;
    *) "$T" name pipe="$v" >/dev/null 2>&1 || {
         echo "router_v2_explore: variant '$v' is the key pipe=$v, which this tnsim does not have (it exists at commit 4b2f86b only: git checkout 4b2f86b first); allowed here: - or NAME=VALUE" >&2
         exit 2; } ;;
  esac
done
# the JSON field $2 of stdin with format $1, or "fail" when there is none
field() { python3 -c 'import json,sys
try: print(sys.argv[1] % json.load(sys.stdin)[sys.argv[2]])
except Exception: print("fail")' "$1" "$2"; }
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
printf '%-28s' "case (accepted of capacity)"
for v in "${variants[@]}"; do printf ' %8s' "$v"; done
echo
for c in "${cases[@]}"; do
  IFS='|' read -r name keys what <<<"$c"
  printf '%-28s' "$name"
  for v in "${variants[@]}"; do
    # shellcheck disable=SC2086
    out=$(tnsim_v "$v" run $keys measure=10000 warmup=3000 --json 2>/dev/null) || out=
    if [ "$what" = lat ]; then
      x=$(field "%.2f" latency_avg <<<"$out")
    else
      x=$(field "%.3f" accepted <<<"$out")
    fi
    printf ' %8s' "$x"
  done
  echo
done

# Stability: accepted at saturation (tnsim sat) and at offered 1.0 (overload), default keys.
if [ "${STABILITY:-1}" = 1 ]; then
  echo
  printf '%-28s' "stability sat / overload"
  for v in "${variants[@]}"; do printf ' %15s' "$v"; done
  echo
  for c in "ring tornado DOR|k=8 n=1 vcs=2 routing=dor traffic=tornado" \
           "ring tornado MIN AD|k=8 n=1 vcs=3 routing=minad traffic=tornado" \
           "ring tornado VAL|k=8 n=1 vcs=4 routing=val traffic=tornado" \
           "ring tornado GOAL|k=8 n=1 vcs=4 routing=goal traffic=tornado" \
           "ring tornado GAL|k=8 n=1 vcs=4 routing=gal traffic=tornado" \
           "8x8 tornado DOR|k=8 n=2 vcs=4 routing=dor traffic=tornado" \
           "8x8 uniform MIN AD|k=8 n=2 vcs=3 routing=minad traffic=uniform"; do
    IFS='|' read -r name keys <<<"$c"
    printf '%-28s' "$name"
    for v in "${variants[@]}"; do
      # shellcheck disable=SC2086
      out=$(tnsim_v "$v" sat $keys --json 2>/dev/null) || out=
      x=$(python3 -c 'import json,sys
try: d = json.load(sys.stdin); print("%.3f/%.3f" % (d["sat_accepted"], d["overload_accepted"]))
except Exception: print("fail")' <<<"$out")
      printf ' %15s' "$x"
    done
    echo
  done
fi

# Limits: accepted at offered 1.0 against VCs and buffer depth (LIMITS=1).
if [ "${LIMITS:-0}" = 1 ]; then
  echo
  for c in "VAL uniform 8x8|k=8 n=2 routing=val traffic=uniform" \
           "MIN AD ring tornado|k=8 n=1 routing=minad traffic=tornado" \
           "GOAL ring tornado|k=8 n=1 routing=goal traffic=tornado"; do
    IFS='|' read -r name keys <<<"$c"
    for v in "${variants[@]}"; do
      printf '%-22s %-7s' "$name" "$v"
      for vb in "vcs=4 buf=4" "vcs=4 buf=8" "vcs=4 buf=16" "vcs=8 buf=8" "vcs=8 buf=16" "vcs=16 buf=16"; do
        # shellcheck disable=SC2086
        out=$(tnsim_v "$v" run $keys $vb load=1 measure=10000 warmup=3000 --json 2>/dev/null) || out=
        x=$(field "%.3f" accepted <<<"$out")
        printf ' %s' "$x"
      done
      echo
    done
  done
fi
