#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ACOR's threshold sweep (docs/acor.md, "Choosing HI, IT and DT"): the 8-ary 2-cube, vcs=4 buf=8
# pkt=4, routing=acor acor_seq=SEQ (box-full) acor_mode=router, for each hysteresis interval HI
# and increase threshold IT1 (DT1 = IT1/3, the paper's ratio 15/5; IT2 = 3 IT1, DT2 = IT1 for
# the three-level sequence): the saturation throughput (tnsim sat) and the accepted throughput at
# offered 1.0 on uniform and tornado traffic, and the latency and mean level at uniform 0.3 and
# tornado 0.2. VAL, MIN AD and GOAL on the same network for reference. Prints a Markdown table.
# Usage: bash experiments/acor/acor_sweep.sh   (env: SEQ=box-full HIS="256 1024" ITS="5 32 128 512" JOBS=2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SEQ=${SEQ:-box-full}
HIS=${HIS:-256 1024}
ITS=${ITS:-5 32 128 512}
JOBS=${JOBS:-2}
make -s build/bin/tnsim
T=build/bin/tnsim
NET="k=8 n=2 vcs=4 buf=8 pkt=4 measure=5000"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one job per line: NAME|ROUTING KEYS
{
    for r in val minad goal; do echo "$r|routing=$r"; done
    for hi in $HIS; do
        for it in $ITS; do
            dt=$(( it / 3 )); [ "$dt" -ge 1 ] || dt=1
            echo "acor hi=$hi it1=$it dt1=$dt|routing=acor acor_seq=$SEQ acor_hi=$hi acor_it1=$it acor_dt1=$dt acor_it2=$((3 * it)) acor_dt2=$it"
        done
    done
} > "$tmp/jobs"
run_one() {
    local line=$1 T=$2 NET=$3 out=$4
    local name=${line%%|*} keys=${line#*|}
    local f="$out/$(echo "$name" | tr ' =' '__')"
    {
        $T sat $NET $keys traffic=uniform --json
        $T sat $NET $keys traffic=tornado --json
        $T run $NET $keys traffic=uniform load=0.3 --json
        $T run $NET $keys traffic=tornado load=0.2 --json
    } > "$f.json" 2>/dev/null
    echo "$name" > "$f.name"
}
export -f run_one
xargs -a "$tmp/jobs" -d '\n' -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {} "$T" "$NET" "$tmp"
echo "| configuration | uniform sat | uniform at 1.0 | tornado sat | tornado at 1.0 | uniform 0.3: latency, hops, level | tornado 0.2: latency, hops, level |"
echo "|---|---|---|---|---|---|---|"
while IFS= read -r line; do
    name=${line%%|*}
    f="$tmp/$(echo "$name" | tr ' =' '__').json"
    python3 - "$name" "$f" <<'PY'
import json, sys
name, f = sys.argv[1], sys.argv[2]
d = [json.loads(l) for l in open(f) if l.strip()]
su, st, ru, rt = d
def run(r):
    lvl = r.get("acor_level_avg")
    return "%.1f, %.2f, %s" % (r["latency_avg"], r["hops_avg"], "-" if lvl is None else "%.2f" % lvl)
print("| %s | %.3f | %.3f | %.3f | %.3f | %s | %s |" % (name, su["sat_accepted"], su["overload_accepted"],
      st["sat_accepted"], st["overload_accepted"], run(ru), run(rt)))
PY
done < "$tmp/jobs"
