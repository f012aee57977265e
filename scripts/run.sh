#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: latency-throughput sweeps of DOR on a 4-ary 2-cube (4x4 torus) and an 8-ary 2-cube,
# uniform and tornado traffic. Writes results/run/dor.csv and results/run/latency_throughput.png,
# prints the sweep table, then the channel-load bound and the measured saturation throughput.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# ---- configuration (the only place to change it) ----
ROUTER="routing=dor vcs=4 buf=8 pkt=4"
WINDOW="warmup=1000 measure=5000"
TOPOLOGIES=("k=4 n=2" "k=8 n=2")
TRAFFICS=(uniform tornado)
# Loads in fraction of capacity. The 4x4 torus has a capacity of 2 flits/node/cycle, so with
# one injection channel (term=1) loads above 0.5 are invalid; the 8x8 torus (capacity 1) goes
# on past the saturation of both patterns (tornado ~0.25, uniform ~0.6).
declare -A LOADS=(
    ["k=4 n=2"]="0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5"
    ["k=8 n=2"]="0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.55,0.6,0.65,0.7"
)
OUT=results/run
# -----------------------------------------------------

TNSIM=build/bin/tnsim
[ -x "$TNSIM" ] || { echo "run.sh: $TNSIM is not built (make build)" >&2; exit 1; }
mkdir -p "$OUT"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_run.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

topo_name() { # "k=8 n=2" -> "8-ary 2-cube"
    local k n
    k=${1#k=}; k=${k%% *}
    n=${1##*n=}
    echo "$k-ary $n-cube"
}

echo "tn make run: DOR, $ROUTER, $WINDOW"
echo

# ---- sweeps ----
CSV="$OUT/dor.csv"
first=1
for topo in "${TOPOLOGIES[@]}"; do
    name=$(topo_name "$topo")
    for tr in "${TRAFFICS[@]}"; do
        # shellcheck disable=SC2086 # the configuration strings are key=value lists
        "$TNSIM" sweep $topo traffic="$tr" $ROUTER $WINDOW loads="${LOADS[$topo]}" \
            out="$TMP/sweep.csv"
        if [ "$first" -eq 1 ]; then
            printf 'topology,%s\n' "$(head -n 1 "$TMP/sweep.csv")" >"$TMP/all.csv"
            first=0
        fi
        tail -n +2 "$TMP/sweep.csv" | sed "s/^/$name,/" >>"$TMP/all.csv"
    done
done
mv "$TMP/all.csv" "$CSV"

# Aligned table of the sweep rows; columns looked up by name in the CSV header.
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
          fmt = "%-13s %-8s %7s %8s %8s %8s %6s  %s\n"
          printf fmt, "topology", "traffic", "offered", "accepted", "lat_avg", "lat_p99", "hops", "saturated"
          printf fmt, "--------", "-------", "-------", "--------", "-------", "-------", "----", "---------"
          next }
{ if (prev != "" && prev != $c["topology"] "/" $c["traffic"]) print ""
  prev = $c["topology"] "/" $c["traffic"]
  printf "%-13s %-8s %7.3f %8.4f %8.1f %8d %6.3f  %s\n", $c["topology"], $c["traffic"],
         $c["offered"], $c["accepted"], $c["latency_avg"], $c["latency_p99"], $c["hops_avg"],
         $c["saturated"] == 1 ? "yes" : "no" }' "$CSV"
echo
echo "offered, accepted: fraction of capacity (4x4 torus 2, 8x8 torus 1 flits/node/cycle);"
echo "latency: cycles from creation to tail ejection; hops: average per packet."
echo

# ---- channel-load bound and saturation throughput ----
: >"$TMP/sat.jsonl"
for topo in "${TOPOLOGIES[@]}"; do
    name=$(topo_name "$topo")
    for tr in "${TRAFFICS[@]}"; do
        # shellcheck disable=SC2086
        b=$("$TNSIM" bound $topo traffic="$tr" $ROUTER --json)
        # shellcheck disable=SC2086
        s=$("$TNSIM" sat $topo traffic="$tr" $ROUTER $WINDOW --json)
        printf '{"topology": "%s", "bound": %s, "sat": %s}\n' "$name" "$b" "$s" >>"$TMP/sat.jsonl"
    done
done
python3 - "$TMP/sat.jsonl" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
fmt = "%-13s %-8s %9s %9s %9s %9s %9s"
print(fmt % ("topology", "traffic", "bound", "bound", "sat load", "sat acc", "overload"))
print(fmt % ("", "", "(of cap)", "(flits)", "(of cap)", "(of cap)", "acc"))
print(fmt % ("--------", "-------", "--------", "-------", "--------", "-------", "--------"))
for r in rows:
    b, s = r["bound"], r["sat"]
    print("%-13s %-8s %9.4f %9.4f %9.4f %9.4f %9.4f" % (
        r["topology"], s["traffic"], b["bound"], b["bound_flits_per_node_cycle"],
        s["sat_load"], s["sat_accepted"], s["overload_accepted"]))
print()
print("bound: channel-load bound of DOR and the pattern (injection/ejection channels included);")
print("sat load: highest unsaturated offered load found by bisection (tnsim sat, tol 0.01);")
print("sat acc: accepted throughput there; overload acc: accepted at the highest valid load.")
EOF
echo

python3 scripts/plot_latency.py "$CSV" "$OUT/latency_throughput.png"
echo "wrote $CSV and $OUT/latency_throughput.png"

# The same router in RTL: the Verilated 4x4 tn_torus against the C model, every cycle
# (the first run Verilates the model, about a minute and a half; later runs reuse it).
echo
echo "lockstep: Verilated tn_torus against the C model, 4x4, $ROUTER, uniform at 0.3"
build/bin/tnlock k=4 n=2 $ROUTER traffic=uniform load=0.3 warmup=1000 measure=5000 | tee "$OUT/lockstep.txt"
