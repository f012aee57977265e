#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 000 section III-A (Fig. 4): tornado on an 8-node ring, accepted throughput, latency,
# hops and the fraction of packets routed non-minimally against offered load, for MIN AD, GOAL,
# GAL, VAL and CHAOS (CHAOS: the VCs of MIN AD and buf = max(BUF, PKT), virtual cut-through).
# Usage: bash experiments/gal/gal_ring.sh [PKT] [BUF] [extra tnsim keys...]; the default extra keys are
# term=2 transit=on (one injection channel per quadrant, section 21; in-transit priority, 7.4).
# Prints a Markdown table; figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
PKT=${1:-4} BUF=${2:-8}
shift $(( $# > 2 ? 2 : $# ))
[ $# -gt 0 ] || set -- term=2 transit=on
make --no-print-directory build/bin/tnsim >/dev/null
CBUF=$(( BUF > PKT ? BUF : PKT ))
echo "| routing | offered | accepted | latency | hops | non-minimal |"
echo "|---|---|---|---|---|---|"
for r in "routing=minad vcs=3" "routing=goal vcs=3" "routing=gal vcs=3" "routing=val vcs=4" "routing=chaos vcs=3"; do
    b=$BUF
    [ "$r" != "routing=chaos vcs=3" ] || b=$CBUF
    for l in 0.1 0.2 0.3 0.4 0.5 0.6 0.8; do
        build/bin/tnsim run k=8 n=1 $r selection=sq traffic=tornado load=$l pkt="$PKT" \
            buf="$b" warmup=2000 measure=10000 "$@" --json |
            python3 -c 'import json,sys; j=json.load(sys.stdin); print("| %s | %.2f | %.3f | %.1f | %.2f | %.3f |" % (j["routing"], j["offered"], j["accepted"], j["latency_avg"], j["hops_avg"], j["nonmin_frac"]))'
    done
done
