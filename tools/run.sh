#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: latency-throughput sweeps of DOR on a 4-ary 2-cube (4x4 torus) and an 8-ary 2-cube,
# uniform and tornado traffic. Writes results/run/dor.csv and results/run/latency_throughput.png,
# prints the sweep table, then the channel-load bound and the measured saturation throughput,
# then the lockstep check of the RTL. Then "the board's 4x4 torus": every routing family on the
# 4x4 as the board builds it (C-model curves, results/run/board_families.csv and .png), where
# their network output ports lose their cycles past saturation (results/run/port_use.csv), and
# one GAL run of the simulated board (tnboard-core) through tnhost run --compare.
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
# the board's 4x4 torus: the families as the board builds them (docs/board-guide.md): DOR at V=2
# like the bitstream; MIN AD, VAL, GOAL, GAL at V=4 like the simulated board tnboard-core (B=4,
# GAL's dir sets with 16-packet quadrant queues)
BOARD_COMMON="k=4 n=2 buf=4 pkt=4"
BOARD_FAMILIES=(
    "DOR V=2 (board build)|routing=dor vcs=2"
    "MIN AD V=4|routing=minad vcs=4"
    "VAL V=4|routing=val vcs=4"
    "GOAL V=4|routing=goal vcs=4"
    "GAL V=4 (simulated board)|routing=gal vcs=4 gal_sets=dir gal_qdepth=16"
    # the threshold at the queue depth: GAL routes minimally until the minimal queue is full,
    # the best setting on the 4x4 tornado (docs/board-guide.md); a register on the board
    "GAL V=4 gal_t=16|routing=gal vcs=4 gal_sets=dir gal_qdepth=16 gal_t=16"
    "ACOR V=4 (simulated board)|routing=acor vcs=4"
)
BOARD_LOADS="0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5"
BOARD_WINDOW="warmup=1000 measure=4000"
BOARD_RUN="routing=gal gal_sets=dir gal_qdepth=16 traffic=tornado load=0.3 warmup=300 measure=2000"
# (board_core_test.sh's runs of each family: below their sources' QD of 16 waiting packets)
EMU_RUN="warmup=300 measure=2000"
EMU8_RUN="traffic=tornado pkt=1 warmup=1000 measure=3000"
# simulations at once in each sweep and sat (tnsim jobs=N: the same figures; one per processor)
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$JOBS" -le 64 ] 2>/dev/null || JOBS=64
# -----------------------------------------------------
START_S=$SECONDS

TNSIM=build/bin/tnsim
TNHOST=build/bin/tnhost
CORE=build/bin/tnboard-core
EMU4=build/bin/tnboard-emu4x4
EMU8=build/bin/tnboard-emu8x8
for b in "$TNSIM" "$TNHOST" "$CORE" "$EMU4" "$EMU8"; do
    [ -x "$b" ] || { echo "run.sh: $b is not built (make build board)" >&2; exit 1; }
done
mkdir -p "$OUT"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_run.XXXXXX")
CORE_PID=""
cleanup() {
    if [ -n "$CORE_PID" ]; then
        kill "$CORE_PID" 2>/dev/null
        wait "$CORE_PID" 2>/dev/null
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT

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
            out="$TMP/sweep.csv" jobs="$JOBS"
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
        s=$("$TNSIM" sat $topo traffic="$tr" $ROUTER $WINDOW --json jobs="$JOBS")
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

python3 tools/plot_latency.py "$CSV" "$OUT/latency_throughput.png"
echo "wrote $CSV and $OUT/latency_throughput.png"

# The same router in RTL: the Verilated 4x4 tn_torus against the C model, every cycle
# (the first run Verilates the model, about a minute and a half; later runs reuse it).
echo
echo "lockstep: Verilated tn_torus against the C model, 4x4, $ROUTER, uniform at 0.3"
build/bin/tnlock k=4 n=2 $ROUTER traffic=uniform load=0.3 warmup=1000 measure=5000 | tee "$OUT/lockstep.txt"

# ---- the board's 4x4 torus ----
BOARD_S=$SECONDS
echo
echo "== the board's 4x4 torus =="
echo "Every routing family on the 4x4 torus as the board builds it ($BOARD_COMMON, $BOARD_WINDOW),"
echo "from the C model: DOR at V=2 as in the bitstream (make fpga builds DOR only); MIN AD, VAL,"
echo "GOAL, GAL and ACOR at V=4 as in the simulated board (tnboard-core), which switches them at run time."
echo
BCSV="$OUT/board_families.csv"
first=1
for fam in "${BOARD_FAMILIES[@]}"; do
    label=${fam%%|*}
    keys=${fam#*|}
    for tr in "${TRAFFICS[@]}"; do
        # shellcheck disable=SC2086
        "$TNSIM" sweep $BOARD_COMMON $keys traffic="$tr" $BOARD_WINDOW loads="$BOARD_LOADS" \
            out="$TMP/bsweep.csv" jobs="$JOBS"
        if [ "$first" -eq 1 ]; then
            printf 'topology,%s\n' "$(head -n 1 "$TMP/bsweep.csv")" >"$TMP/ball.csv"
            first=0
        fi
        tail -n +2 "$TMP/bsweep.csv" | sed "s/^/$label,/" >>"$TMP/ball.csv"
    done
done
mv "$TMP/ball.csv" "$BCSV"
# per family and pattern: zero-load latency, the highest unsaturated load and its latency
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
          fmt = "%-26s %-8s %9s %10s %10s %9s\n"
          printf fmt, "family", "traffic", "lat@0.05", "max unsat", "accepted", "lat there"
          printf fmt, "------", "-------", "--------", "---------", "--------", "---------"
          next }
{ key = $c["topology"] SUBSEP $c["traffic"]
  if (!(key in seen)) { seen[key] = 1; order[++n] = key; lat0[key] = $c["latency_avg"] }
  if ($c["saturated"] != 1) { best[key] = $c["offered"]; acc[key] = $c["accepted"]; lat[key] = $c["latency_avg"] } }
END { for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP)
        if (order[i] in best)
          printf "%-26s %-8s %9.1f %10.2f %10.4f %9.1f\n", p[1], p[2], lat0[order[i]], best[order[i]], acc[order[i]], lat[order[i]]
        else
          printf "%-26s %-8s %9.1f %10s %10s %9s\n", p[1], p[2], lat0[order[i]], "none", "-", "-" } }' "$BCSV"
echo
echo "max unsat: the highest load of $BOARD_LOADS not saturated (fraction of capacity, 2 flits/node/cycle"
echo "on the 4x4; one injection channel caps it at 0.5); latencies in cycles, creation to tail ejection."
echo "On the 4x4, tornado sends every packet one hop (hops 1.000 above): one minimal path, so DOR and"
echo "MIN AD draw the same tornado curve; VAL pays its random intermediate node at every load."
python3 tools/plot_latency.py --by-traffic "$BCSV" "$OUT/board_families.png" \
    --title "4x4 torus as the board builds it: routing families, uniform and tornado (C model)"
echo "wrote $BCSV and $OUT/board_families.png"

# where the network output ports' cycles go past saturation (tnsim's port_use, R17.10), per family
echo
echo "past saturation (offered 0.5, uniform): what the network output ports did, fraction of port-cycles"
: >"$TMP/use.jsonl"
for fam in "${BOARD_FAMILIES[@]}"; do
    # shellcheck disable=SC2086
    printf '{"family": "%s", "run": %s}\n' "${fam%%|*}" \
        "$("$TNSIM" run $BOARD_COMMON ${fam#*|} traffic=uniform load=0.5 $BOARD_WINDOW --json)" \
        >>"$TMP/use.jsonl"
done
python3 - "$TMP/use.jsonl" "$OUT/port_use.csv" <<'EOF'
import csv, json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
cols = ["sent", "idle_input_busy", "idle_unmatched", "idle_credit", "idle_vc", "idle_empty"]
head = ["sent", "input busy", "unmatched", "credit", "output VC", "nothing"]
print("%-26s %8s" % ("family", "accepted") + "".join(" %10s" % h for h in head))
with open(sys.argv[2], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["family", "accepted"] + cols)
    for r in rows:
        u = r["run"]["port_use"]
        print("%-26s %8.4f" % (r["family"], r["run"]["accepted"]) +
              "".join(" %10.3f" % u[c] for c in cols))
        w.writerow([r["family"], r["run"]["accepted"]] + [u[c] for c in cols])
EOF
echo "idle with: input busy = every input port that wanted the port sent elsewhere; unmatched = one"
echo "of them sent nothing; credit = a body waiting for a credit; output VC = a head waiting for one;"
echo "nothing = no flit routed there (docs/microarchitecture.md R17.10). Wrote $OUT/port_use.csv"

# board BIN OUTFILE RUN...: the simulated board BIN on a pty, `tnhost run KEYS --compare` for each
# RUN (its keys, one string), written to $OUT/OUTFILE; then the board is stopped by PID
board() {
    local bin=$1 file=$2 r
    shift 2
    "$bin" --wall-limit 600 >"$TMP/core.out" 2>"$TMP/core.err" &
    CORE_PID=$!
    for _ in $(seq 1 100); do
        [ -s "$TMP/core.out" ] && break
        sleep 0.05
    done
    PTY=$(head -n 1 "$TMP/core.out")
    [ -n "$PTY" ] || { echo "run.sh: $bin printed no pty: $(cat "$TMP/core.err")" >&2; exit 1; }
    : >"$OUT/$file"
    for r in "$@"; do
        echo "tnhost run $r --compare"
        # shellcheck disable=SC2086
        timeout 600 "$TNHOST" --port "$PTY" --timeout 5000 run $r --compare | tee -a "$OUT/$file"
    done
    kill "$CORE_PID" 2>/dev/null
    wait "$CORE_PID" 2>/dev/null || true
    CORE_PID=""
    echo "wrote $OUT/$file"
}
echo
echo "the simulated board (tnboard-core: fpga/tn_board.v Verilated whole, UART included, on a pty):"
board "$CORE" board_run.txt "$BOARD_RUN"
# the same 4x4 on the time-multiplexed engine (tnboard-emu4x4: two engines of eight contexts,
# docs/emulator.md), every routing family, each equal to the C model
echo
echo "the board's 4x4 on the time-multiplexed engine (tnboard-emu4x4), every routing family:"
board "$EMU4" board_emu4x4.txt "routing=dor traffic=uniform load=0.3 $EMU_RUN" \
    "routing=minad selection=ldsf traffic=shuffle load=0.3 seed=7 $EMU_RUN" \
    "routing=val traffic=transpose load=0.2 pkt=2-5 $EMU_RUN" \
    "routing=goal traffic=randperm perm_seed=2 load=0.3 $EMU_RUN" \
    "routing=gal gal_sets=2 gal_adapt=on traffic=uniform load=0.3 pkt=1-6 $EMU_RUN" \
    "routing=acor traffic=uniform load=0.3 $EMU_RUN"
# paper 000 on its 8x8 (tnboard-emu8x8: two engines of 32): GAL against MIN AD on tornado.
# MIN AD accepts at most a third of capacity there (tnsim below); GAL carries 0.38 on the board,
# equal to the C model. (MIN AD past 0.28 is not run on the board: near its saturation a source
# holds more than the board's QD = 16 packets, which tnsim's unbounded queues do not limit.)
echo
echo "paper 000's 8x8 on the engine (tnboard-emu8x8): MIN AD and GAL on tornado:"
echo "tnsim (C model) MIN AD at load 0.38, past its saturation:"
# shellcheck disable=SC2086
"$TNSIM" k=8 n=2 vcs=4 buf=4 routing=minad $EMU8_RUN load=0.38 | grep -E '^ *(offered|accepted|latency) '
board "$EMU8" board_emu8x8.txt "routing=minad $EMU8_RUN load=0.28" \
    "routing=gal gal_sets=dir $EMU8_RUN load=0.38"
echo
echo "make run: $((SECONDS - START_S)) s in tools/run.sh, of which the board's 4x4 torus $((SECONDS - BOARD_S)) s"
echo "(after the builds; the first make run also Verilates the lockstep model, about 2 minutes on 2 cores,"
echo "and tnboard-core, about 1.5 minutes)"
