#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tnsim against BookSim2 on the same workload (docs/tnsim-speed.md, "Against BookSim2"): builds
# BookSim2 with its own Makefile (src/, -O3), writes a BookSim2 configuration per row below, runs
# BookSim2 and tnsim alternately RUNS times each (paired: the machine's other load falls on both)
# and prints a Markdown table of the median whole-process wall times (fork to exit, output to a
# file), their ratio, the same for CPU time (user + system, from /usr/bin/time: less moved by
# the other core's jobs than wall time), and tnsim's own speed line (flit-hops/s, cycles/s).
# Usage, from the repository's root:
#   bash experiments/tnsim-speed/booksim.sh SRC [RUNS]
# SRC: a BookSim2 checkout (the folder holding src/Makefile; built in place, make does nothing
# when it is up to date), or a git URL such as https://github.com/booksim/booksim2, cloned into
# a scratch folder at BOOKSIM_COMMIT (default 28f43299) and built there. RUNS: default 5.
# Prints figures; never fails on them (exit 1 when a build or a run fails).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SRC=${1:?usage: bash experiments/tnsim-speed/booksim.sh BOOKSIM2_DIR_OR_URL [RUNS]}
RUNS=${2:-5}
COMMIT=${BOOKSIM_COMMIT:-28f43299}

# ---- the rows: name | k | n | pkt | traffic | load | P (cycles of warm-up, and again measured) ----
# load: fraction of capacity, 8/k flits/node/cycle (tnsim's unit, docs/tnsim.md). P is chosen so
# that one BookSim2 run takes a few seconds here; tnsim runs the same cycles. Tornado is at 0.1:
# BookSim2's tornado shifts every dimension, and at 0.3 it saturates under DOR
# (docs/tnsim-speed.md).
ROWS=(
    "8x8, 1-flit packets|8|2|1|uniform|0.3|5000"
    "8x8, 4-flit packets|8|2|4|uniform|0.3|5000"
    "16x16, 4-flit packets|16|2|4|uniform|0.3|1000"
    "8x8x8, 4-flit packets|8|3|4|uniform|0.3|400"
    "8x8 tornado, 4-flit packets|8|2|4|tornado|0.1|10000"
)
# -------------------------------------------------------------------------------------------------

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_booksim.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [ -f "$SRC/src/Makefile" ]; then
    BS=$(cd "$SRC" && pwd)
else
    git clone -q "$SRC" "$TMP/booksim2"
    git -C "$TMP/booksim2" checkout -q "$COMMIT"
    BS=$TMP/booksim2
fi
for t in flex bison g++ make /usr/bin/time; do
    command -v "$t" >/dev/null || { echo "booksim.sh: $t is missing (apt-get install flex bison g++ make time)" >&2; exit 1; }
done
make -s -C "$BS/src" >"$TMP/build.log" 2>&1 || { cat "$TMP/build.log" >&2; exit 1; }
BOOKSIM=$BS/src/booksim
# the checkout's own commit; a folder that is not a git checkout (an archive) has none, even
# inside another repository
if [ "$(git -C "$BS" rev-parse --show-toplevel 2>/dev/null)" = "$BS" ]; then
    bs_commit=$(git -C "$BS" rev-parse --short=8 HEAD)
else
    bs_commit="unknown (not a git checkout)"
fi
make -s build/bin/tnsim
TNSIM=build/bin/tnsim

now() { date +%s%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
jnum() { grep -o "\"$1\": [-0-9.eE+]*" "$2" | head -n 1 | sed 's/.*: //'; }

# BookSim2's configuration for one row. The choices are explained in docs/tnsim-speed.md.
bs_config() { # k n pkt traffic rate P
    cat <<EOF
topology = torus;
k = $1;
n = $2;
routing_function = dim_order;
num_vcs = 4;
vc_buf_size = 8;
wait_for_tail_credit = 0;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
arb_type = round_robin;
alloc_iters = 1;
speculative = 0;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_prepare_delay = 0;
st_final_delay = 1;
credit_delay = 0;
use_noc_latency = 0;
traffic = $4;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $5;
sim_type = latency;
sample_period = $6;
warmup_periods = 1;
max_samples = 2;
seed = 1;
EOF
}

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo "BookSim2 $bs_commit ($BOOKSIM, its Makefile: g++ -O3 -g); tnsim $(git rev-parse --short HEAD)"
echo "host: ${cpu:-unknown CPU}, $(nproc) cores; median of $RUNS paired runs, whole process"
echo
echo "| configuration | load | cycles BookSim2 / tnsim | hops BookSim2 / tnsim | BookSim2 s | tnsim s | ratio | BookSim2 CPU s | tnsim CPU s | ratio (CPU) | BookSim2 cycles/s | tnsim cycles/s | tnsim flit-hops/s (speed line) | tnsim cycles/s (speed line) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for row in "${ROWS[@]}"; do
    IFS='|' read -r name k n pkt traffic load P <<<"$row"
    rate=$(awk -v l="$load" -v k="$k" 'BEGIN { printf "%.6g", l * 8 / k }')
    bs_config "$k" "$n" "$pkt" "$traffic" "$rate" "$P" >"$TMP/row.cfg"
    tn=("$TNSIM" run "k=$k" "n=$n" vcs=4 buf=8 "pkt=$pkt" routing=dor "traffic=$traffic" "load=$load"
        "warmup=$P" "measure=$P" seed=1 --json)
    : >"$TMP/bs_s"; : >"$TMP/tn_s"; : >"$TMP/bs_c"; : >"$TMP/tn_c"; : >"$TMP/fhps"; : >"$TMP/cps"
    for ((r = 1; r <= RUNS; r++)); do
        t0=$(now)
        # BookSim2 exits with status 255 (main returns -1) after a successful run.
        /usr/bin/time -f "%U %S" -o "$TMP/bs.time" "$BOOKSIM" "$TMP/row.cfg" >"$TMP/bs.out" 2>&1 || true
        t1=$(now)
        grep -q '^Time taken is' "$TMP/bs.out" || { echo "booksim.sh: BookSim2 failed on $name" >&2; tail "$TMP/bs.out" >&2; exit 1; }
        /usr/bin/time -f "%U %S" -o "$TMP/tn.time" "${tn[@]}" >"$TMP/tn.json" 2>"$TMP/tn.err" || { echo "booksim.sh: tnsim failed: ${tn[*]}" >&2; cat "$TMP/tn.err" >&2; exit 1; }
        t2=$(now)
        echo $(( t1 - t0 )) >>"$TMP/bs_s"
        echo $(( t2 - t1 )) >>"$TMP/tn_s"
        awk '{ print $1 + $2 }' "$TMP/bs.time" | tail -n 1 >>"$TMP/bs_c"
        awk '{ print $1 + $2 }' "$TMP/tn.time" | tail -n 1 >>"$TMP/tn_c"
        jnum flit_hops_per_second "$TMP/tn.json" >>"$TMP/fhps"
        jnum sim_cycles_per_second "$TMP/tn.json" >>"$TMP/cps"
    done
    bs_cycles=$(sed -n 's/^Time taken is \([0-9]*\) cycles.*/\1/p' "$TMP/bs.out" | tail -n 1)
    bs_hops=$(sed -n 's/^Hops average = \([0-9.]*\).*/\1/p' "$TMP/bs.out" | tail -n 1)
    tn_cycles=$(jnum cycles "$TMP/tn.json")
    tn_hops=$(jnum hops_avg "$TMP/tn.json")
    awk -v name="$name" -v load="$load" -v bc="$bs_cycles" -v tc="$tn_cycles" -v bh="$bs_hops" -v th="$tn_hops" \
        -v bs="$(median <"$TMP/bs_s")" -v ts="$(median <"$TMP/tn_s")" \
        -v bcpu="$(median <"$TMP/bs_c")" -v tcpu="$(median <"$TMP/tn_c")" \
        -v fh="$(median <"$TMP/fhps")" -v cps="$(median <"$TMP/cps")" 'BEGIN {
        bs /= 1e9; ts /= 1e9
        printf "| %s | %s | %d / %d | %.2f / %.2f | %.2f | %.3f | %.1f | %.2f | %.2f | %.1f | %.0f | %.0f | %.3g M | %.0f |\n",
            name, load, bc, tc, bh - 1, th, bs, ts, bs / ts, bcpu, tcpu, bcpu / tcpu, bc / bs, tc / ts, fh / 1e6, cps }'
done
echo
echo "load: fraction of capacity, load x 8/k flits/node/cycle (BookSim2: injection_rate_uses_flits = 1);"
echo "cycles: the run's simulated cycles (P of warm-up, P measured, then the measured packets drained);"
echo "hops: per packet (BookSim2's Hops average less 1: it counts one more than tnsim for a path);"
echo "s: whole-process wall time; CPU s: user + system (/usr/bin/time); each the median of $RUNS runs;"
echo "ratio: BookSim2 / tnsim; cycles/s: the run's cycles / its wall time (whole process)."
