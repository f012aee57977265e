#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make bench: simulation speed of tnsim (build/bin/tnsim, single thread). DOR, uniform traffic,
# vcs=2 buf=8 pkt=4, on the 8-ary 2-cube, 16-ary 2-cube and 8-ary 3-cube, at load 0.3 and just
# under saturation; RUNS runs each, median simulated cycles/s and flit-hops/s, next to the
# BookSim2 figures quoted in the project's issue. Never fails on time: exit status 0 unless
# tnsim itself fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# ---- configuration (the only place to change it) ----
ROUTER="routing=dor vcs=2 buf=8 pkt=4 traffic=uniform"
RUNS=5
TOPOLOGIES=("k=8 n=2" "k=16 n=2" "k=8 n=3")
# measure= per topology, so that each run takes at least ~0.3 s (all cycles, warm-up and drain
# included, count in cycles/s).
declare -A MEASURE=(["k=8 n=2"]=40000 ["k=16 n=2"]=15000 ["k=8 n=3"]=4000)
WARMUP=1000
LOAD_LOW=0.3
# Loads just under saturation (about 0.95 x the saturation load), found with
#   build/bin/tnsim sat k=8 n=2 vcs=2 buf=8 pkt=4 traffic=uniform   -> saturation load 0.5078
#   build/bin/tnsim sat k=16 n=2 vcs=2 buf=8 pkt=4 traffic=uniform  -> saturation load 0.5156
#   build/bin/tnsim sat k=8 n=3 vcs=2 buf=8 pkt=4 traffic=uniform   -> saturation load 0.4453
# (defaults warmup=1000 measure=10000 seed=1, tol=0.01; router v2, issue 12).
declare -A LOAD_NEAR_SAT=(["k=8 n=2"]=0.48 ["k=16 n=2"]=0.49 ["k=8 n=3"]=0.42)
# BookSim2 simulated cycles/s, uniform at load 0.3, as quoted in the project's issue.
declare -A BOOKSIM=(["k=8 n=2"]=5000 ["k=16 n=2"]=650 ["k=8 n=3"]=110)
# -----------------------------------------------------

TNSIM=build/bin/tnsim
[ -x "$TNSIM" ] || { echo "bench.sh: $TNSIM is not built (make build)" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

topo_name() { # "k=8 n=2" -> "8-ary 2-cube"
    local k n
    k=${1#k=}; k=${k%% *}
    n=${1##*n=}
    echo "$k-ary $n-cube"
}

# JSON number of KEY in FILE (tnsim prints one flat object).
jnum() { grep -o "\"$1\": [-0-9.eE+]*" "$2" | head -n 1 | sed 's/.*: //'; }

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo "tn make bench: $ROUTER, warmup=$WARMUP, median of $RUNS runs"
echo "host: ${cpu:-unknown CPU}, $(nproc) cores (tnsim uses one)"
echo

fmt="%-13s %5s %9s %6s %9s %13s %14s %10s %7s\n"
printf "$fmt" "topology" "load" "accepted" "sat" "cycles" "cycles/s" "flit-hops/s" "BookSim2" "ratio"
printf "$fmt" "--------" "----" "--------" "---" "------" "--------" "-----------" "--------" "-----"
for topo in "${TOPOLOGIES[@]}"; do
    name=$(topo_name "$topo")
    for load in "$LOAD_LOW" "${LOAD_NEAR_SAT[$topo]}"; do
        : >"$TMP/cps"
        : >"$TMP/fhps"
        for ((r = 1; r <= RUNS; r++)); do
            # shellcheck disable=SC2086 # the configuration strings are key=value lists
            if ! "$TNSIM" $topo $ROUTER load="$load" warmup="$WARMUP" measure="${MEASURE[$topo]}" \
                --json >"$TMP/run.json" 2>"$TMP/run.err"; then
                echo "bench.sh: tnsim failed: $TNSIM $topo $ROUTER load=$load" >&2
                cat "$TMP/run.err" >&2
                exit 1
            fi
            jnum sim_cycles_per_second "$TMP/run.json" >>"$TMP/cps"
            jnum flit_hops_per_second "$TMP/run.json" >>"$TMP/fhps"
        done
        cps=$(median <"$TMP/cps")
        fhps=$(median <"$TMP/fhps")
        acc=$(jnum accepted "$TMP/run.json")
        sat=$(grep -q '"saturated": true' "$TMP/run.json" && echo yes || echo no)
        cycles=$(jnum cycles "$TMP/run.json")
        if [ "$load" = "$LOAD_LOW" ]; then
            ref=${BOOKSIM[$topo]}
            ratio=$(awk -v a="$cps" -v b="$ref" 'BEGIN { printf "%.1fx", a / b }')
        else
            ref="-"
            ratio="-"
        fi
        printf "%-13s %5s %9.4f %6s %9d %13.0f %14.0f %10s %7s\n" "$name" "$load" "$acc" "$sat" \
            "$cycles" "$cps" "$fhps" "$ref" "$ratio"
    done
done
echo
echo "cycles: simulated cycles of one run (warm-up, measurement window and drain);"
echo "cycles/s, flit-hops/s: simulated per wall-clock second, median of $RUNS runs;"
echo "BookSim2: its cycles/s at uniform load 0.3 as quoted in the project's issue (other machine);"
echo "ratio: tnsim / BookSim2, for scale only; both measured side by side on this machine:"
echo "  bash experiments/tnsim-speed/booksim.sh BOOKSIM2_DIR_OR_URL (docs/tnsim-speed.md)."

# ---- throughput: issue 12's rows (accepted throughput, fraction of capacity) ----
# tnsim run at offered 1.0 (measure 10000 after 3000 of warm-up) and tnsim sat (the highest
# unsaturated load's accepted throughput, and at offered 1.0: stability); default keys unless
# named. docs/router-v2.md gives the limits behind each figure. Figures only; never fails.
THR_CASES=(
    "VAL uniform 8x8 V=8|k=8 n=2 vcs=8 buf=8 routing=val traffic=uniform|0.42"
    "DOR uniform 8x8 V=4|k=8 n=2 vcs=4 buf=8 routing=dor traffic=uniform|0.65"
    "MIN AD ring tornado V=3|k=8 n=1 vcs=3 buf=8 routing=minad traffic=tornado|0.30"
    "GOAL ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=goal traffic=tornado|0.46"
    "GAL ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=gal traffic=tornado|0.46"
    "GAL ring tornado V=4 term=2|k=8 n=1 vcs=4 buf=8 routing=gal traffic=tornado term=2|0.46"
    "DOR ring tornado V=2|k=8 n=1 vcs=2 buf=8 routing=dor traffic=tornado|-"
    "VAL ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=val traffic=tornado|-"
    "GAL uniform 8x8 V=4|k=8 n=2 vcs=4 buf=8 routing=gal traffic=uniform|-"
    "ACOR uniform 8x8 V=4|k=8 n=2 vcs=4 buf=8 routing=acor traffic=uniform|-"
    "ACOR ring tornado V=4|k=8 n=1 vcs=4 buf=8 routing=acor traffic=tornado|-"
)
echo
echo "throughput (tnsim; accepted fraction of capacity; stable = overload / saturation)"
tfmt="%-30s %9s %7s %10s %10s %8s\n"
# shellcheck disable=SC2059
printf "$tfmt" "case" "at 1.0" "target" "saturation" "overload" "stable"
for c in "${THR_CASES[@]}"; do
    IFS='|' read -r name keys target <<<"$c"
    # shellcheck disable=SC2086
    "$TNSIM" run $keys load=1 warmup=3000 measure=10000 --json >"$TMP/t.json" ||
        { echo "bench.sh: tnsim run $keys failed" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$TNSIM" sat $keys --json >"$TMP/s.json" || { echo "bench.sh: tnsim sat $keys failed" >&2; exit 1; }
    acc=$(jnum accepted "$TMP/t.json"); sa=$(jnum sat_accepted "$TMP/s.json"); ov=$(jnum overload_accepted "$TMP/s.json")
    # shellcheck disable=SC2059
    printf "$tfmt" "$name" "$(printf %.3f "$acc")" "$target" "$(printf %.3f "$sa")" "$(printf %.3f "$ov")" \
        "$(awk -v a="$ov" -v b="$sa" 'BEGIN { printf "%.0f%%", 100 * a / b }')"
done
echo "zero-load latency per hop: 2 cycles (T0 = 2H + L + 2, docs/microarchitecture.md 14)"

# ---- lockstep: the Verilated RTL alone (model=off) and in lockstep with the C model ----
# Issue 11's configurations: the full-featured 4x4 tn_torus build (V=4, ROUTING=3: DOR, MIN AD,
# VAL, GOAL at run time), uniform 0.3; and the 8x8 tn_torus. Figures only; never fails on time.
LOCK_RUNS=3
# rtl=rtr: the same network as one Verilated tn_router per node wired by the harness (one copy
# of the router's code for every node; Verilator 5 emits the code of each router instance of a
# tn_torus separately). threads=2: the same tn_torus Verilated with --threads 2 (its own build;
# both cores; a figure that drops when the machine's other core is busy); with rtl=rtr, the same
# router models ticked by two harness threads (tb/lock/rnet.c), a share of the nodes each.
# Lockstep rows without threads=2 overlap the RTL's tick with the comparison and the model's
# step on a second thread (tnlock's default, overlap=on); overlap=off rows run all on one.
LOCK_CASES=(
    "k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=20000"
    "overlap=off k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=20000"
    "threads=2 k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=20000"
    "rtl=rtr k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=20000"
    "rtl=rtr threads=2 k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=20000"
    "k=4 n=2 vcs=2 buf=4 pkt=4 routing=dor traffic=uniform load=0.45 cycles=20000"
    "k=8 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=3000"
    "overlap=off k=8 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=3000"
    "threads=2 k=8 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=3000"
    "rtl=rtr k=8 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=3000"
    "rtl=rtr threads=2 k=8 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 cycles=3000"
)
TNLOCK=build/bin/tnlock
echo
echo "lockstep (tnlock: tn_torus, or rtl=rtr one tn_router per node; median of $LOCK_RUNS runs; RTL alone = model=off)"
lfmt="%-70s %14s %14s %14s\n"
printf "$lfmt" "configuration" "RTL alone c/s" "lockstep c/s" "router-c/s"
for c in "${LOCK_CASES[@]}"; do
    # a row with threads=N needs N processors (tnlock refuses more)
    if [[ " $c " == *" threads=2 "* ]] && [ "$(nproc)" -lt 2 ]; then
        printf "$lfmt" "${c% cycles=*}" "(skipped: 1 processor)" "" ""
        continue
    fi
    # the model is built on first use (not timed)
    # shellcheck disable=SC2086
    "$TNLOCK" $c cycles=10 >/dev/null 2>"$TMP/build.err" || { cat "$TMP/build.err" >&2; exit 1; }
    : >"$TMP/alone"; : >"$TMP/lock"
    for ((r = 1; r <= LOCK_RUNS; r++)); do
        # shellcheck disable=SC2086
        "$TNLOCK" $c model=off --json >"$TMP/a.json" 2>/dev/null || { echo "bench.sh: tnlock $c model=off failed" >&2; exit 1; }
        jnum rtl_cycles_per_second "$TMP/a.json" >>"$TMP/alone"
        s0=$(date +%s.%N)
        # shellcheck disable=SC2086
        "$TNLOCK" $c --json >"$TMP/l.json" 2>/dev/null || { echo "bench.sh: tnlock $c failed" >&2; exit 1; }
        s1=$(date +%s.%N)
        awk -v c="$(jnum cycles "$TMP/l.json")" -v a="$s0" -v b="$s1" 'BEGIN { printf "%.1f\n", c / (b - a) }' >>"$TMP/lock"
    done
    k=${c#*k=}; k=${k%% *}; n=${c#*n=}; n=${n%% *}
    alone=$(median <"$TMP/alone"); lock=$(median <"$TMP/lock")
    printf "%-70s %14.0f %14.0f %14.0f\n" "${c% cycles=*}" "$alone" "$lock" \
        "$(awk -v l="$lock" -v k="$k" -v n="$n" 'BEGIN { print l * k ^ n }')"
done
echo "RTL alone: cycles/s of the Verilated network driven by a C traffic source, no model;"
echo "lockstep: cycles/s of the whole run (model, every observed register compared every cycle);"
echo "router-c/s: lockstep cycles/s x routers."

# ---- instructions per router-cycle: counted by valgrind, not timed (repeatable on a busy host) ----
if command -v valgrind >/dev/null; then
    echo
    echo "instructions per router-cycle of the RTL alone (tools/vl_icount.sh: callgrind, 1000 and 3000 cycles)"
    for c in "k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3" \
             "k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.01" \
             "rtl=rtr k=4 n=2 vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3" \
             "k=4 n=2 vcs=2 buf=4 pkt=4 routing=dor traffic=uniform load=0.45"; do
        # shellcheck disable=SC2086
        r=$(bash tools/vl_icount.sh "$TNLOCK" $c model=off) || { echo "bench.sh: vl_icount $c failed" >&2; exit 1; }
        printf "%-70s %14s\n" "$c" "$(echo "$r" | awk '{ print $(NF-2) }')"
    done
else
    echo "(valgrind not installed: no instruction counts; apt-get install valgrind)"
fi
