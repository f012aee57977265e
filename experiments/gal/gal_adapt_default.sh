#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 62's test for GAL's default threshold (docs/gal-fig14.md, "Should the adaptive threshold
# be the default?"): MIN AD, GAL with the fixed T (gal_t=2, the default) and GAL with the adaptive
# threshold (gal_adapt=on, T_min 2, T_max 128), on the 8-ary 2-cube past saturation under uniform
# traffic (1.1) and at tornado's 0.55: accepted throughput (mean of SEEDS replications, 95 %
# half-width) and the non-minimal fraction. About a minute on 2 cores.
# Usage: bash experiments/gal/gal_adapt_default.sh [SEEDS=4] [TNSIM=build/bin/tnsim]
set -euo pipefail
cd "$(dirname "$0")/../.."
SEEDS=4 TNSIM=build/bin/tnsim
for a in "$@"; do
    case $a in
    SEEDS=* | TNSIM=*) declare "$a" ;;
    *) echo "gal_adapt_default: unknown argument '$a' (SEEDS= TNSIM=)" >&2; exit 2 ;;
    esac
done
[ -x "$TNSIM" ] || { echo "gal_adapt_default: $TNSIM not built (make build/bin/tnsim)" >&2; exit 1; }
B="k=8 n=2 vcs=3 selection=sq term=4 transit=on pkt=4 buf=8 warmup=2000 measure=5000 drain=0"
printf '| traffic | load | routing | accepted | ± 95 %% | non-minimal |\n|---|---:|---|---:|---:|---:|\n'
for tl in "uniform 1.1" "tornado 0.55"; do
    set -- $tl
    for r in "routing=minad" "routing=gal" "routing=gal gal_adapt=on"; do
        "$TNSIM" run $B traffic="$1" load="$2" $r seeds="$SEEDS" jobs=2 |
            awk -v t="$1" -v l="$2" -v r="$r" '$1 == "mean" { m = $3; n = $8 }
                $1 == "+-95%" { printf "| %s | %s | %s | %s | %s | %s |\n", t, l, r, m, $3, n }'
    done
done
