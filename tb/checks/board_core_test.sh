#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The board core end to end, printed as TAP: tnhost (the ASan+UBSan build build/san/tnhost when
# it exists) drives tnboard-core (build/bin/tnboard-core: fpga/tn_board.v Verilated whole, UART
# included, V=4 ROUTING=3 GAL=1 ACOR=1 B=4 W=16, on a pty) through `run ... --compare` and asserts that the
# statistics read over the UART equal the C model's (tn_sim_run on the same keys) exactly:
# marked packets, accepted flits, latency sum, max and min, created packets and flits, injected
# and delivered packets, cycles, the cycle the sources stopped, and the 16-bin latency histogram.
# First every register at power-on. DOR (uniform; drain=10 and, with MIN AD, drain=0; tornado
# with a length range, randperm with three perm_seeds, hotspot with hot_frac 0.2 and 1), MIN AD (random selection; hotspot), VAL, GOAL (randperm) and
# GAL (three set kinds, fixed and adaptive threshold) and ACOR (default keys; a low-threshold
# box-goalq-full run that reaches levels 1 and 2; per-packet mode), ACOR's seven registers read
# back as tnhost wrote them. randperm's and hotspot's registers as
# tnhost wrote them (docs/traffic.md 7.1's permutation for perm_seed=1). Then what the board
# refuses (GAL per-destination sets or another queue depth, trace, hotspot's bad hot_nodes
# and hot_frac, a k or vcs the build does not have, an unknown key with tnsim's message; a refused
# run writes no register), `sweep` (three DOR loads with --compare, each equal to the C
# model; the text table; bad loads= values refused with the key, value and range named), a
# source FIFO overflow past saturation reported and not compared, `errors`, the register map's
# access rules, and a control-plane-only board (tnboard) recognised as not a board core. Last
# the ring build (build/bin/tnboard-ring, K=8 N=1 B=8): every routing family equal to the C model.
# Run by tb/checks/run_tests.sh (make test); alone: make board && bash tb/checks/board_core_test.sh
# TNBOARD_CORE=PATH tests another tnboard-core build (make mutate's board set: each mutant's;
# the emulator's boards, build/bin/tnboard-emu4x4); BOARD_CORE_SET=runs stops after the runs,
# BOARD_CORE_SET=quick after one run of each family; BOARD_CORE_SET=pipe (with
# TNBOARD_CORE=build/bin/tnboard-pipe) runs DOR on the PIPE=1 board and its refusal only.
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

CORE=${TNBOARD_CORE:-build/bin/tnboard-core}
CTRL=build/bin/tnboard
if [ -x build/san/tnhost ]; then TNHOST=build/san/tnhost; else TNHOST=build/bin/tnhost; fi
for b in "$CORE" "$CTRL" "$TNHOST"; do
    if [ ! -x "$b" ]; then
        echo "not ok 1 - $b is built (make board)"
        echo "1..1"
        exit 1
    fi
done
echo "# tnhost: $TNHOST, board: $CORE"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_board_core.XXXXXX")
PIDS=()
. tb/checks/pty.sh # cleanup, start_pty
trap cleanup EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

# start BIN NAME: start a simulated board; sets PTY_<NAME>. cleanup stops it; the wall limit is
# only a net for an orphan, above what the checks take on a slow or loaded host (600 s ended the
# board mid-suite on 2026-12-01, with make test beside two tnsim sat jobs)
start() {
    start_pty "$2" "$1" --wall-limit 3600
    PIDS+=("$LAST_PID")
}

# h ARGS...: tnhost, at most 120 s; sets RC, OUT, ERR
h() {
    timeout 120 "$TNHOST" --timeout 5000 "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

# json FIELD: a number or [a, b] of the last --json output
json() { python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)[sys.argv[1]]))' "$1" <<<"$OUT"; }

start "$CORE" core
start "$CTRL" ctrl
if [ -z "${PTY_core:-}" ] || [ -z "${PTY_ctrl:-}" ]; then
    fail "the simulated boards print their pty" "$(cat "$TMP"/*.err)"
    echo "1..$N"
    exit 1
fi

# BOARD_CORE_SET=pipe (TNBOARD_CORE=build/bin/tnboard-pipe: the ULX3S DOR build, V=2, with
# PIPE=1 routers) skips the power-on registers, which describe the simulation build's features
if [ "${BOARD_CORE_SET:-all}" != pipe ]; then
# every register at power-on, before any run: the configuration registers hold the values of
# docs/board-reference.md ("Register map", after power-on), the run state and the statistics are
# zero (a node's latency minimum 0xFFFF, none yet)
# blk ADDR COUNT: the values read by one READ_BLOCK, space-separated, into BLK
blk() {
    h --port "$PTY_core" --json block "$1" "$2"
    BLK=$(python3 -c 'import json,sys; print(" ".join(str(v) for v in json.load(sys.stdin)["values"]))' <<<"$OUT" 2>&1)
}
Z16="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
PON_BAD=()
pon() {   # pon ADDR COUNT WANT...: the block equals WANT
    local a=$1 c=$2
    shift 2
    blk "$a" "$c"
    [ "$BLK" = "$*" ] || PON_BAD+=("block $a $c: got '$BLK', want '$*'")
}
pon 0x10 15 0 0 1 1 4 1 0 0 0 4 4 1000 10000 50000 3   # ROUTING .. HIST_SHIFT (BUF = B = 4)
pon 0x20 11 0 0 0 0 0 0 0 0 0 0 0                       # STATUS .. CREATED_FLITS
pon 0x30 16 $Z16                                        # HIST0..15
pon 0x40 7 0 0 2 2 128 50 20                            # GAL_SETS .. GAL_N2
pon 0x50 3 0 0 1                                        # HOT_THRESH, HOT_THRESH_HI, N_HOT
pon 0x60 16 $Z16                                        # HOT0..15
pon 0x70 7 3 0 1024 128 384 42 128                      # ACOR_SEQ (3 box-goalq) .. ACOR_DT2
pon 0x80 4 0 0 0 0                                      # SWITCH_AT (0: off) .. SWITCH_PATTERN
pon 0x1000 8 0 0 0 0 0 65535 0 0                        # node 0: packets .. injected
pon 0x10fa 3 0 0 0                                      # node 15: RERR, SERR, SRC
pon 0x2000 16 $(for v in $(seq 0 15); do printf '1831565813 '; done)   # SEED v: 0x6D2B79F5
pon 0x3000 16 $(seq 0 15)                               # PERM v = v
if [ ${#PON_BAD[@]} -eq 0 ]; then
    pass "registers at power-on: the documented configuration, run state and statistics zero"
else
    fail "registers at power-on: the documented configuration, run state and statistics zero" "${PON_BAD[@]}"
fi

# BUILD4: the engine, {engines, stages, contexts per engine}; 0 on the parallel torus
h --port "$PTY_core" --json read 5
B4=$(json value 2>/dev/null)
case $CORE in
    *emu4x4*) B4W=$(((2 << 24) | (2 << 16) | 8)) B4D="2 engines, 2 stages, 8 contexts" ;;
    *) B4W=0 B4D="0 (the parallel torus)" ;;
esac
if [ "$RC" -eq 0 ] && [ "$B4" = "$B4W" ]; then
    pass "BUILD4 = $B4D"
else
    fail "BUILD4 = $B4D" "exit $RC, value '$B4', want $B4W" "$ERR"
fi
fi

FIELDS="packets accepted_flits latency_sum latency_max latency_min created created_flits injected delivered cycles stop_cycle"
# equal DESC KEYS...: run --compare --json; every compared field equal, something measured
equal() {
    local desc=$1
    shift
    h --port "${BPORT:-$PTY_core}" --json run --compare "$@"
    if [ "$RC" -ne 0 ]; then
        fail "$desc: board = C model" "exit $RC" "$ERR" "$OUT"
        return
    fi
    local f bad="" pk
    for f in $FIELDS; do
        local v
        v=$(python3 -c 'import json,sys; c=json.load(sys.stdin)["compare"][sys.argv[1]]; print("%d %d" % (c[0], c[1]))' "$f" <<<"$OUT")
        set -- $v
        [ "$1" = "$2" ] || bad="$bad $f: board $1 model $2;"
    done
    pk=$(json packets)
    # the histogram: the board's bins equal the model's (counted in differences), and they sum
    # to the marked packets
    local hs
    hs=$(python3 -c 'import json,sys; h=json.load(sys.stdin)["compare"]["latency_hist"]; print(sum(h[0]), "same" if h[0] == h[1] else "differs")' <<<"$OUT")
    [ "$hs" = "$pk same" ] || bad="$bad latency_hist: sum and board/model '$hs', packets $pk;"
    if [ -n "$bad" ] || [ "$(json differences)" != 0 ] || [ "${pk:-0}" -lt 100 ]; then
        fail "$desc: board = C model" "$bad packets $pk" "$OUT"
    else
        pass "$desc: board = C model ($pk packets, latency sum $(json latency_sum), cycles $(json cycles))"
    fi
}

W="warmup=300 measure=2000"
# BOARD_CORE_SET=pipe: tnhost reads PIPE=1 from BUILD2 (bit 6) and runs the C model with pipe=1:
# DOR runs equal; pipe=0 is refused naming the build
if [ "${BOARD_CORE_SET:-all}" = pipe ]; then
    equal "PIPE=1 board: DOR uniform load 0.15" routing=dor traffic=uniform load=0.15 $W
    [ "$(json pipe 2>/dev/null)" = 1 ]
    check "PIPE=1 board: run --json says pipe 1" $? "got '$(json pipe 2>/dev/null)'"
    equal "PIPE=1 board: DOR tornado load 0.2 pkt=1-6 seed=3" routing=dor traffic=tornado load=0.2 pkt=1-6 seed=3 $W
    equal "PIPE=1 board: DOR uniform load 0.1 buf=2 pkt=1-4 seed=5" routing=dor traffic=uniform load=0.1 buf=2 pkt=1-4 seed=5 $W
    h --port "$PTY_core" run pipe=0 load=0.1
    [ "$RC" -eq 2 ] && [[ $ERR == *"key 'pipe': value '0': the board's routers are built with PIPE=1 (allowed: 1)"* ]]
    check "PIPE=1 board: run pipe=0 refused, key, value and the build named, exit 2" $? "exit $RC: $ERR"
    san_check "tnhost ran as its ASan+UBSan build" "$TNHOST" build/san/tnhost
    echo "1..$N"
    [ "$FAILED" -eq 0 ]
    exit
fi
equal "DOR uniform load 0.3" routing=dor traffic=uniform load=0.3 $W
# run --json names the engine as BUILD4 does (engines, contexts per engine; 0 0 parallel)
EC="$(json engines 2>/dev/null) $(json contexts 2>/dev/null)"
case $CORE in *emu4x4*) ECW="2 8" ;; *) ECW="0 0" ;; esac
if [ "$EC" = "$ECW" ]; then
    pass "run --json: engines and contexts $ECW"
else
    fail "run --json: engines and contexts $ECW" "got '$EC'"
fi
# BOARD_CORE_SET=quick: the registers at power-on, BUILD4 and one run of each family after the one
# above (make test so checks tnboard-core, whose every check runs on tnboard-emu4x4 beside it)
if [ "${BOARD_CORE_SET:-all}" = quick ]; then
    equal "MIN AD ldsf, shuffle load 0.3 seed=7" routing=minad selection=ldsf traffic=shuffle load=0.3 seed=7 $W
    equal "VAL transpose load 0.2 pkt=2-5" routing=val traffic=transpose load=0.2 pkt=2-5 $W
    equal "GOAL randperm perm_seed=2 load 0.3" routing=goal traffic=randperm perm_seed=2 load=0.3 $W
    equal "GAL near/far, adaptive threshold, pkt=1-6 load 0.3" routing=gal gal_sets=2 gal_adapt=on gal_qdepth=16 traffic=uniform load=0.3 pkt=1-6 $W
    equal "ACOR default keys, uniform load 0.3" routing=acor traffic=uniform load=0.3 $W
    san_check "tnhost ran as its ASan+UBSan build" "$TNHOST" build/san/tnhost
    echo "1..$N"
    [ "$FAILED" -eq 0 ]
    exit
fi
equal "DOR tornado load 0.35 pkt=1-8 seed=5" routing=dor traffic=tornado load=0.35 pkt=1-8 seed=5 $W
# drain=10: the sources stop at warmup + measure + drain with marked packets still in flight;
# drain=0: at warmup + measure exactly
equal "DOR uniform load 0.3 drain=10" routing=dor traffic=uniform load=0.3 drain=10 $W
equal "MIN AD uniform load 0.2 drain=0" routing=minad traffic=uniform load=0.2 drain=0 $W
# a light load whose measured packets are all delivered by the window's end: the run stops at
# warmup + measure exactly, so the sources' "every window packet generated" flag (late_i, one
# cycle before the window's end) decides the stop cycle
equal "DOR uniform load 0.02 seed=2 (stops at the window's end)" routing=dor traffic=uniform load=0.02 seed=2 $W
SC=$(python3 -c 'import json,sys; print(*json.load(sys.stdin)["compare"]["stop_cycle"])' <<<"$OUT" 2>&1)
if [ "$RC" -eq 0 ] && [ "$SC" = "2300 2300" ]; then
    pass "DOR uniform load 0.02 seed=2: STOP_CYCLE 2300 on the board and in the model, warmup + measure"
else
    fail "DOR uniform load 0.02 seed=2: STOP_CYCLE 2300 on the board and in the model, warmup + measure" "board, model: '$SC'" "$OUT"
fi
equal "DOR bitcomp load 0.15 warmup=0 buf=2 transit=off" routing=dor traffic=bitcomp load=0.15 buf=2 transit=off warmup=0 measure=1500
equal "MIN AD random selection, uniform load 0.3 hist_shift=0" routing=minad selection=random traffic=uniform load=0.3 hist_shift=0 $W
equal "MIN AD ldsf, shuffle load 0.3 seed=7" routing=minad selection=ldsf traffic=shuffle load=0.3 seed=7 $W
equal "VAL transpose load 0.2 pkt=2-5" routing=val traffic=transpose load=0.2 pkt=2-5 $W
equal "GOAL neighbor load 0.4 lru" routing=goal selection=lru traffic=neighbor load=0.4 $W
equal "GOAL bitrev load 0.25 pkt=1 hist_shift=5" routing=goal traffic=bitrev load=0.25 pkt=1 hist_shift=5 $W
equal "DOR randperm perm_seed=1 load 0.2" routing=dor traffic=randperm perm_seed=1 load=0.2 $W
equal "DOR randperm perm_seed=77 load 0.15 pkt=1-8 seed=3" routing=dor traffic=randperm perm_seed=77 load=0.15 pkt=1-8 seed=3 $W
equal "GOAL randperm perm_seed=2 load 0.3" routing=goal traffic=randperm perm_seed=2 load=0.3 $W
equal "DOR hotspot hot_frac=0.2 hot_nodes=3,12,5,9,0 load 0.15" routing=dor traffic=hotspot hot_frac=0.2 hot_nodes=3,12,5,9,0 load=0.15 $W
equal "DOR hotspot hot_frac=1 hot_nodes=6,10 load 0.03" routing=dor traffic=hotspot hot_frac=1 hot_nodes=6,10 load=0.03 $W
equal "MIN AD hotspot hot_frac=0.5 hot_nodes=3,12 load 0.05 pkt=1-4" routing=minad traffic=hotspot hot_frac=0.5 hot_nodes=3,12 load=0.05 pkt=1-4 seed=11 $W

# the pattern registers as tnhost wrote them: after the hotspot run, hot_frac 0.5 is 2^31
blk 0x50 3
HREG=$BLK
blk 0x60 2
HREG="$HREG / $BLK"
if [ "$HREG" = "2147483648 0 2 / 3 12" ]; then
    pass "hotspot registers: HOT_THRESH 2^31, HOT_THRESH_HI 0, N_HOT 2, HOT0..1 = 3 12"
else
    fail "hotspot registers: HOT_THRESH 2^31, HOT_THRESH_HI 0, N_HOT 2, HOT0..1 = 3 12" "got '$HREG'"
fi
# randperm perm_seed=1: the permutation of docs/traffic.md 7.1, one register per node
h --port "$PTY_core" run routing=dor traffic=randperm perm_seed=1 load=0.1 warmup=0 measure=100
blk 0x3000 16
PREG=$BLK
if [ "$PREG" = "4 6 11 0 13 10 12 9 2 8 15 3 5 1 7 14" ]; then
    pass "randperm perm_seed=1: PERM0..15 hold docs/traffic.md 7.1's permutation"
else
    fail "randperm perm_seed=1: PERM0..15 hold docs/traffic.md 7.1's permutation" "got '$PREG'"
fi

G="gal_qdepth=16"
equal "GAL one set, uniform load 0.3" routing=gal gal_sets=1 $G traffic=uniform load=0.3 $W
equal "GAL dir sets, tornado load 0.3, sq" routing=gal gal_sets=dir $G selection=sq traffic=tornado load=0.3 $W
equal "GAL near/far, adaptive threshold, pkt=1-6 load 0.3" routing=gal gal_sets=2 gal_adapt=on $G traffic=uniform load=0.3 pkt=1-6 $W

# ACOR (docs/microarchitecture.md section 23): the per-node level machines of the board core
equal "ACOR default keys, uniform load 0.3" routing=acor traffic=uniform load=0.3 $W
A="acor_seq=box-goalq-full acor_hi=64 acor_it1=6 acor_it2=12 acor_dt1=2 acor_dt2=5"
equal "ACOR box-goalq-full, low thresholds (levels 1 and 2 reached), uniform load 0.33" routing=acor $A traffic=uniform load=0.33 $W
equal "ACOR per-packet mode, goalq-full, transpose pkt=1-6 load 0.25 seed=3" routing=acor acor_mode=packet acor_seq=goalq-full traffic=transpose pkt=1-6 load=0.25 seed=3 $W
# ACOR's registers 0x70..0x76 as tnhost wrote them for the last run: goalq-full is sequence 1,
# packet mode 1, the thresholds tnsim's defaults
blk 0x70 7
AREG=$BLK
if [ "$AREG" = "1 1 1024 128 384 42 128" ]; then
    pass "ACOR registers: SEQ 1 (goalq-full), MODE 1 (packet), HI 1024, IT1 128, IT2 384, DT1 42, DT2 128"
else
    fail "ACOR registers: SEQ 1 (goalq-full), MODE 1 (packet), HI 1024, IT1 128, IT2 384, DT1 42, DT2 128" "got '$AREG'"
fi

# the mid-run traffic switch (docs/traffic.md section 2; registers SWITCH_AT .. SWITCH_PATTERN):
# the draws of cycle t take the threshold and the pattern in force in cycle t
equal "switch at 1300: uniform 0.25 -> tornado 0.1, pkt=1-8" routing=dor traffic=uniform load=0.25 switch_at=1300 switch_traffic=tornado switch_load=0.1 pkt=1-8 $W
OFF=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.4f %d %s %.4g" % (d["offered"], d["switch_at"], d["switch_traffic"], d["switch_load"]))' <<<"$OUT" 2>&1)
if [ "$OFF" = "0.1750 1300 tornado 0.1" ]; then
    pass "switch: --json names switch_at, switch_traffic, switch_load; offered 0.175, the window's mean (1000 cycles at 0.25, 1000 at 0.1)"
else
    fail "switch: --json names switch_at, switch_traffic, switch_load; offered 0.175, the window's mean (1000 cycles at 0.25, 1000 at 0.1)" "got '$OFF'" "$OUT"
fi
equal "switch at 1, the first cycle drawn after the start: load 0.05 -> 0.2, MIN AD" routing=minad traffic=uniform load=0.05 switch_at=1 switch_load=0.2 $W
equal "switch at 2299, the window's last cycle: uniform -> bitcomp, pkt=1" routing=dor traffic=uniform load=0.3 pkt=1 switch_at=2299 switch_traffic=bitcomp $W
equal "switch at 800: hotspot -> randperm (both patterns' registers)" routing=dor traffic=hotspot hot_frac=0.3 hot_nodes=5,9 load=0.1 switch_at=800 switch_traffic=randperm perm_seed=4 $W
equal "switch at 1000: GAL with its adaptive threshold, uniform -> tornado (paper 000 Fig. 14)" routing=gal gal_adapt=on $G traffic=uniform load=0.3 switch_at=1000 switch_traffic=tornado $W
blk 0x80 4
SREG=$BLK
# tornado at load 0.3 of the 4x4's 2 flits/node/cycle, 4-flit packets: p = 0.15
STHR=$(python3 -c 'print(int(0.3 * 2.0 / (1 * 0.5 * (4 + 4)) * 4294967296.0))')
h --port "$PTY_core" run routing=dor traffic=uniform load=0.1 warmup=0 measure=100
blk 0x80 1
SREG="$SREG / $BLK"
# switch_load=0.5 with pkt=1 on the 4x4 is p = 1: the threshold 2^32, its bit 32 set (the run
# overflows its sources' FIFOs past saturation and is not compared; its registers are written)
h --port "$PTY_core" run routing=dor traffic=uniform load=0.1 pkt=1 switch_at=100 switch_load=0.5 warmup=0 measure=200 drain=0
blk 0x81 2
SREG="$SREG / $BLK"
if [ "$SREG" = "1000 $STHR 0 1 / 0 / 0 1" ]; then
    pass "switch registers: SWITCH_AT 1000, SWITCH_THRESH $STHR, SWITCH_THRESH_HI 0, SWITCH_PATTERN 1 (tornado); a run without a switch writes SWITCH_AT 0; switch_load=0.5 pkt=1 (p = 1) sets SWITCH_THRESH_HI"
else
    fail "switch registers: SWITCH_AT 1000, SWITCH_THRESH $STHR, SWITCH_THRESH_HI 0, SWITCH_PATTERN 1 (tornado); a run without a switch writes SWITCH_AT 0; switch_load=0.5 pkt=1 (p = 1) sets SWITCH_THRESH_HI" "got '$SREG'"
fi

# throughput over time from successive windows (docs/board-guide.md, step 9): a run's packets do
# not depend on its window (warmup and measure only mark them), so the window [0, 1000) of a run
# is its windows [0, 500) and [500, 1000): packets, accepted flits and latency sums add up
SUMS=""
for wm in "0 1000" "0 500" "500 500"; do
    set -- $wm
    h --port "$PTY_core" --json run routing=gal gal_adapt=on $G traffic=uniform load=0.3 switch_at=500 switch_traffic=tornado warmup=$1 measure=$2
    SUMS="$SUMS $(python3 -c 'import json,sys; d=json.load(sys.stdin); print("%d,%d,%d" % (d["packets"], d["accepted_flits"], d["latency_sum"]))' <<<"$OUT" 2>&1)"
done
WSUM=$(python3 -c 'import sys; a, b, c = (tuple(map(int, x.split(","))) for x in sys.argv[1:4]); print("adds up" if a == tuple(x + y for x, y in zip(b, c)) and min(b + c) > 0 else "differs")' $SUMS 2>&1)
if [ "$WSUM" = "adds up" ]; then
    pass "successive windows: [0, 1000) = [0, 500) + [500, 1000) in packets, accepted flits and latency sum (GAL, switch at 500)"
else
    fail "successive windows: [0, 1000) = [0, 500) + [500, 1000) in packets, accepted flits and latency sum (GAL, switch at 500)" "packets,accepted_flits,latency_sum:$SUMS"
fi

# the text table: both columns and no difference
h --port "$PTY_core" run --compare routing=dor traffic=butterfly load=0.2 warmup=100 measure=800
if [ "$RC" -eq 0 ] && grep -q '^compare: 0 of 12 fields differ' <<<"$OUT" && grep -q 'latency_sum' <<<"$OUT"; then
    pass "run --compare prints the side-by-side table with no difference"
else
    fail "run --compare prints the side-by-side table with no difference" "exit $RC" "$OUT" "$ERR"
fi

# BOARD_CORE_SET=runs: only the runs above (the registers at power-on and every family equal to
# the C model); make test so checks tnboard-core (and every check on tnboard-emu4x4), make
# regress both in full
if [ "${BOARD_CORE_SET:-all}" = runs ]; then
    san_check "tnhost ran as its ASan+UBSan build" "$TNHOST" build/san/tnhost
    echo "1..$N"
    [ "$FAILED" -eq 0 ]
    exit
fi

# sweep: three DOR loads with --compare, one JSON line each, every row equal to the C model
h --port "$PTY_core" --json sweep loads=0.1,0.2,0.3 --compare routing=dor traffic=uniform warmup=200 measure=1000
SW=$(python3 - "$OUT" <<'PY'
import json, sys
rows = [json.loads(l) for l in sys.argv[1].splitlines() if l.strip()]
bad = [r["offered"] for r in rows if r.get("differences") != 0 or r["packets"] < 50
       or any(v[0] != v[1] for v in r["compare"].values())]
print(len(rows), " ".join("%.2f" % r["offered"] for r in rows), "bad:%s" % bad if bad else "ok")
PY
)
if [ "$RC" -eq 0 ] && [ "$SW" = "3 0.10 0.20 0.30 ok" ]; then
    pass "sweep loads=0.1,0.2,0.3 --compare --json: 3 rows, every row board = C model"
else
    fail "sweep loads=0.1,0.2,0.3 --compare --json: 3 rows, every row board = C model" "exit $RC" "$SW" "$OUT" "$ERR"
fi
# the text table: a row per load, each 'yes'; no progress bar when stderr is not a terminal
h --port "$PTY_core" sweep loads=0.05,0.15 --compare routing=dor traffic=tornado warmup=100 measure=600
if [ "$RC" -eq 0 ] && [ "$(grep -cE '^ +0\.[0-9]+ .*\| yes$' <<<"$OUT")" = 2 ] && [ -z "$ERR" ]; then
    pass "sweep --compare text table: 2 rows marked equal, nothing on stderr (no bar off a terminal)"
else
    fail "sweep --compare text table: 2 rows marked equal, nothing on stderr (no bar off a terminal)" "exit $RC" "$OUT" "$ERR"
fi
# with stderr on a terminal, the progress bar: a line per run redrawn in place, naming the run
# (its load, or its window), cleared at the end. bar LABEL ARGS...: "exit bars label-seen cleared"
bar() {
    python3 - "$@" <<'EOF'
import os, pty, subprocess, sys
m, s = pty.openpty()
rc = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=s, timeout=120).returncode
os.close(s)
data = b""
while True:
    try:
        d = os.read(m, 4096)
    except OSError:
        break
    if not d:
        break
    data += d
print(rc, data.count(b"\rsweep ["), ("1/2, " + sys.argv[1]) in data.decode(), data.endswith(b"\r\x1b[K"))
EOF
}
B=$(bar "load 0.15" "$TNHOST" --timeout 5000 --port "$PTY_core" sweep loads=0.05,0.15 routing=dor traffic=tornado warmup=100 measure=300)
B="$B / $(bar "window 300-600" "$TNHOST" --timeout 5000 --port "$PTY_core" sweep windows=2 routing=dor traffic=tornado load=0.1 warmup=0 measure=300)"
if [ "$B" = "0 2 True True / 0 2 True True" ]; then
    pass "sweep with stderr on a terminal: the progress bar drawn per run (0/2, then 1/2 naming load 0.15 or window 300-600) and cleared at the end"
else
    fail "sweep with stderr on a terminal: the progress bar drawn per run (0/2, then 1/2 naming load 0.15 or window 300-600) and cleared at the end" \
        "exit status, bars drawn, the second's label seen, cleared at the end: $B"
fi
# bad loads: exit 2, the key, the value and the range named, nothing run
sweep_refused() {
    local desc=$1 want=$2
    shift 2
    h --port "$PTY_core" sweep "$@"
    if [ "$RC" -eq 2 ] && grep -qF -- "$want" <<<"$ERR" && [ -z "$OUT" ]; then
        pass "sweep refuses $desc"
    else
        fail "sweep refuses $desc (exit 2, message with '$want')" "exit $RC" "$ERR" "$OUT"
    fi
}
sweep_refused "loads=0.1,abc" "key 'loads': value 'abc' (load 2 of '0.1,abc') is not allowed; allowed: 1..64" loads=0.1,abc
sweep_refused "loads=0.2,0.7 (above the 4x4's channel)" "key 'loads': value '0.7' (load 2 of 2) is not allowed; allowed: 1..64 comma-separated loads, each in (0, 0.5]" loads=0.2,0.7
sweep_refused "loads=0" "key 'loads': value '0'" loads=0,0.1
sweep_refused "no loads" "key 'loads': missing" routing=dor
sweep_refused "windows=0" "key 'windows': value '0' is not allowed; allowed: 1..64" windows=0
sweep_refused "windows with loads" "key 'windows': value '2' with loads=0.1" windows=2 loads=0.1
sweep_refused "windows whose last start is beyond warmup's range" \
    "key 'windows': value '3': window 2 would start at cycle 1000000100" windows=3 warmup=100 measure=1000000000
# ... and only the windows asked for are checked: two of 10^9 cycles from 0 start at 0 and 10^9,
# within warmup's range (the next would not be); without a port the sweep then stops there
h sweep windows=2 warmup=0 measure=1000000000
if [ "$RC" -eq 2 ] && grep -qF "sweep: no port given" <<<"$ERR" && ! grep -q "key 'windows'" <<<"$ERR"; then
    pass "sweep windows=2 measure=10^9 from 0: both windows' starts taken (the third's would not be), checked before the port"
else
    fail "sweep windows=2 measure=10^9 from 0: both windows' starts taken (the third's would not be), checked before the port" "exit $RC" "$ERR"
fi
# sweep windows=N: the windows of one run, one after another (docs/board-guide.md, step 9). A load
# switch in the middle window: offered 0.3, 0.2 (that window's mean) and 0.1; every row equal to
# the C model, and the three windows add up to one run over [500, 2000)
h --port "$PTY_core" --json sweep windows=3 --compare routing=dor traffic=uniform load=0.3 switch_at=1250 switch_load=0.1 warmup=500 measure=500
SWW=$(python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin.read().splitlines()]
print(len(rows), [r["window_index"] for r in rows], [r["warmup"] for r in rows],
      [round(r["offered"], 4) for r in rows], all(r["differences"] == 0 for r in rows),
      sum(r["packets"] for r in rows), sum(r["accepted_flits"] for r in rows))' <<<"$OUT" 2>&1)
h --port "$PTY_core" --json run routing=dor traffic=uniform load=0.3 switch_at=1250 switch_load=0.1 warmup=500 measure=1500
WHOLE=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["packets"], d["accepted_flits"])' <<<"$OUT" 2>&1)
if [ "${SWW% * *}" = "3 [0, 1, 2] [500, 1000, 1500] [0.3, 0.2, 0.1] True" ] && [ "${SWW##* True }" = "$WHOLE" ]; then
    pass "sweep windows=3 --json: windows 500, 1000, 1500, offered 0.3, 0.2, 0.1 across a load switch, each row equal to the C model, adding up to the run over [500, 2000) ($WHOLE packets, flits)"
else
    fail "sweep windows=3 --json: windows 500, 1000, 1500, offered 0.3, 0.2, 0.1 across a load switch, each row equal to the C model, adding up to the run over [500, 2000)" "sweep: $SWW" "run: $WHOLE"
fi
h --port "$PTY_core" sweep windows=2 --compare routing=dor traffic=tornado load=0.1 warmup=0 measure=300
if [ "$RC" -eq 0 ] && [ "$(awk '$1 ~ /^[0-9]+-[0-9]+$/ && $NF == "yes" { print $1 }' <<<"$OUT" | tr '\n' ' ')" = "0-300 300-600 " ] &&
    grep -q '2 windows of 300 cycles from cycle 0' <<<"$OUT" && [ -z "$ERR" ]; then
    pass "sweep windows=2 --compare text table: rows 0-300 and 300-600, each marked equal"
else
    fail "sweep windows=2 --compare text table: rows 0-300 and 300-600, each marked equal" "exit $RC" "$OUT" "$ERR"
fi

# run seeds=N: N replications (seed + i), a row each equal to the C model, then their mean and
# 95 % interval, equal to tnsim run seeds=N's on the same keys (the same statistics code)
if [ -x build/san/tnsim ]; then TNSIM=build/san/tnsim; else TNSIM=build/bin/tnsim; fi
SK="routing=dor traffic=uniform load=0.2 warmup=200 measure=800 seed=5"
h --port "$PTY_core" --json run seeds=3 --compare $SK
if [ "$RC" -eq 0 ]; then
    printf '%s\n' "$OUT" > "$TMP/seeds_board.json"
    read -r V B < <(python3 -c 'import json,sys; d=json.loads(sys.stdin.readline()); print(d["vcs"], d["buf"])' <<<"$OUT")
    "$TNSIM" run k=4 n=2 vcs="$V" buf="$B" $SK seeds=3 --json > "$TMP/seeds_model.json" 2>"$TMP/seeds_model.err"
    MSG=$(python3 - "$TMP/seeds_board.json" "$TMP/seeds_model.json" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
m = json.load(open(sys.argv[2]))
rows, summ = lines[:-1], lines[-1]
bad = []
if [r.get("seed") for r in rows] != [5, 6, 7] or [r.get("seed_index") for r in rows] != [0, 1, 2]:
    bad.append("rows' seeds %r" % [r.get("seed") for r in rows])
if not all(r.get("differences") == 0 and r.get("seeds") == 3 for r in rows):
    bad.append("a row differs from the C model or names another count")
for i, (r, mr) in enumerate(zip(rows, m["runs"])):
    if abs(r["accepted"] - mr["accepted"]) > 1e-9 or abs(r["latency_avg"] - mr["latency_avg"]) > 1e-3:
        bad.append("replication %d: board %r %r, tnsim %r %r" % (i, r["accepted"], r["latency_avg"], mr["accepted"], mr["latency_avg"]))
for part in ("mean", "ci95"):
    for f in ("accepted", "accepted_flits_per_node_cycle", "latency_avg"):
        if abs(summ[part][f] - m[part][f]) > 1e-4 * max(1, abs(m[part][f])):
            bad.append("%s %s: board %r, tnsim %r" % (part, f, summ[part][f], m[part][f]))
if summ.get("seeds") != 3 or summ.get("seed_first") != 5 or abs(summ.get("t975", 0) - 4.302653) > 1e-6 or summ.get("saturated_runs") != m["saturated_runs"]:
    bad.append("summary fields %r" % {k: summ.get(k) for k in ("seeds", "seed_first", "t975", "saturated_runs")})
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
)
    check "run seeds=3 --compare --json: seeds 5, 6, 7 each equal to the C model; the mean and 95 % interval equal tnsim run seeds=3's" $? "$MSG"
else
    fail "run seeds=3 --compare --json exits 0" "exit $RC" "$ERR"
fi
h --port "$PTY_core" run seeds=3 --compare $SK
if [ "$RC" -eq 0 ] && [ "$(awk '$1 ~ /^[0-9]+$/ && $NF == "yes" { print $1 }' <<<"$OUT" | tr '\n' ' ')" = "5 6 7 " ] &&
    grep -qE '^ +mean +[0-9.]+ ' <<<"$OUT" && grep -qE "^ +\+-95% .*Student's t 4\.303 with 2 degrees" <<<"$OUT" &&
    grep -q '3 replications' <<<"$OUT" && [ -z "$ERR" ]; then
    pass "run seeds=3 --compare text: rows 5, 6, 7 each marked equal, the mean and +-95% rows"
else
    fail "run seeds=3 --compare text: rows 5, 6, 7 each marked equal, the mean and +-95% rows" "exit $RC" "$OUT" "$ERR"
fi
h --port "$PTY_core" --json run seeds=2 seeds_perm=on --compare routing=dor traffic=randperm perm_seed=9 load=0.1 warmup=100 measure=500
if [ "$RC" -eq 0 ] && python3 -c '
import json, sys
l = [json.loads(x) for x in sys.stdin.read().splitlines()]
ok = [(r["seed"], r["perm_seed"], r["differences"]) for r in l[:-1]] == [(1, 9, 0), (2, 10, 0)] and l[-1]["seeds_perm"] is True
sys.exit(0 if ok else 1)' <<<"$OUT"; then
    pass "run seeds=2 seeds_perm=on: seed 1, 2 with perm_seed 9, 10, each equal to the C model"
else
    fail "run seeds=2 seeds_perm=on: seed 1, 2 with perm_seed 9, 10, each equal to the C model" "exit $RC" "$OUT" "$ERR"
fi
# seeds=1 is one run, as in tnsim: the output of run without it
h --port "$PTY_core" --json run seeds=1 routing=dor traffic=tornado load=0.1 warmup=100 measure=400
S1=$OUT
h --port "$PTY_core" --json run routing=dor traffic=tornado load=0.1 warmup=100 measure=400
if [ "$RC" -eq 0 ] && [ -n "$S1" ] && [ "$S1" = "$OUT" ]; then
    pass "run seeds=1: the run without seeds, field for field"
else
    fail "run seeds=1: the run without seeds, field for field" "seeds=1: $S1" "without: $OUT"
fi
# refused before the port is opened: exit 2, the key named
seeds_refused() {
    local desc=$1 want=$2
    shift 2
    h run "$@"
    if [ "$RC" -eq 2 ] && grep -qF -- "$want" <<<"$ERR" && [ -z "$OUT" ] && ! grep -q "no port" <<<"$ERR"; then
        pass "run refuses $desc before the port"
    else
        fail "run refuses $desc before the port (exit 2, message with '$want')" "exit $RC" "$ERR" "$OUT"
    fi
}
seeds_refused "seeds=0" "key 'seeds': value '0' is not allowed; allowed: 1..64" seeds=0
seeds_refused "seeds=65" "key 'seeds': value '65' is not allowed; allowed: 1..64" seeds=65
seeds_refused "seeds_perm without seeds" "key 'seeds_perm' needs seeds=N" seeds_perm=on traffic=randperm
seeds_refused "seeds_perm=on with seeds=1" "key 'seeds_perm': value 'on' needs seeds >= 2" seeds=1 seeds_perm=on traffic=randperm
seeds_refused "seeds_perm=on without randperm" "key 'seeds_perm': value 'on' needs traffic=randperm" seeds=2 seeds_perm=on
seeds_refused "seeds_perm=maybe" "key 'seeds_perm': value 'maybe' is not allowed; allowed: on off" seeds=2 seeds_perm=maybe
seeds_refused "seeds past the last seed" "key 'seeds': value '2' with seed=4294967295 passes 4294967295; allowed: 1..1" seeds=2 seed=4294967295
seeds_refused "seeds past the last perm_seed" "with perm_seed=4294967295 passes" seeds=2 seeds_perm=on traffic=randperm perm_seed=4294967295
seeds_refused "a bad key beside seeds (named as run names it)" "run: unknown key 'lod'" seeds=2 lod=0.3
seeds_refused "seeds_perm=on with a switch to another pattern than randperm" \
    "key 'seeds_perm': value 'on' needs traffic=randperm" seeds=2 seeds_perm=on switch_at=50 switch_traffic=tornado
# the most arguments run takes (260: seeds and 259 keys), kept with room for the replication's
# seed= and perm_seed= (the sanitizer build reports a write past the list)
mapfile -t many < <(for i in $(seq 259); do echo "load=0.1"; done)
h run seeds=2 "${many[@]}"
if [ "$RC" -eq 2 ] && grep -qF "run: no port given" <<<"$ERR" && ! grep -q "Sanitizer\|runtime error" <<<"$ERR"; then
    pass "run seeds=2 with 259 more keys (the most run takes): taken, no write past the list"
else
    fail "run seeds=2 with 259 more keys (the most run takes): taken, no write past the list" "exit $RC" "$(head -c 600 <<<"$ERR")"
fi
# the last seeds that fit are taken (the keys pass; without a port the run stops there), and
# without seeds_perm perm_seed's last value is no limit
for k in "seed=4294967294" "traffic=randperm perm_seed=4294967294 seeds_perm=on" "traffic=randperm perm_seed=4294967295"; do
    h run seeds=2 $k
    if [ "$RC" -eq 2 ] && grep -qF "run: no port given" <<<"$ERR" && ! grep -q "key 'seeds" <<<"$ERR"; then
        pass "run seeds=2 $k: taken (the last seeds that fit), checked before the port"
    else
        fail "run seeds=2 $k: taken (the last seeds that fit), checked before the port" "exit $RC" "$ERR"
    fi
done

# refused: exit 2, message naming the key, the value and what the build allows
refused() {
    local desc=$1 want=$2
    shift 2
    h --port "$PTY_core" run "$@"
    if [ "$RC" -eq 2 ] && grep -qF -- "$want" <<<"$ERR"; then
        pass "refused: $desc"
    else
        fail "refused: $desc (exit 2, message with '$want')" "exit $RC" "$ERR"
    fi
}
refused "gal_sets=dst (per-destination sets are C-only)" "key 'gal_sets': value 'dst'" routing=gal gal_sets=dst
# BUILD2 of the simulated board (V=4 ROUTING=3 GAL=1 ACOR=1, GADAPT and the patterns by default):
# QD 16, 16 bins, features GAL, ACOR, torus, patterns, GAL's adaptive threshold and the mid-run
# switch (bits 0..5)
h --port "$PTY_core" --json read 2
B2=$(json value 2>/dev/null)
if [ "$RC" -eq 0 ] && [ "$B2" = $(((16 << 16) | (16 << 8) | 0x3f)) ]; then
    pass "BUILD2 = QD 16, 16 bins, features 0x3f (GAL, ACOR, torus, patterns, GAL's adaptive threshold, the mid-run switch)"
else
    fail "BUILD2 = QD 16, 16 bins, features 0x3f" "exit $RC, value '$B2'" "$ERR"
fi
refused "gal_qdepth other than the build's" "key 'gal_qdepth': value '128': the board's GAL queues hold 16 packets" routing=gal gal_sets=1 gal_qdepth=128
refused "traffic=trace" "key 'traffic': value 'trace': not built into the board's traffic generators (allowed: uniform tornado bitcomp bitrev shuffle butterfly transpose neighbor randperm hotspot)" traffic=trace trace=/dev/null
refused "hotspot with a hot node outside the 4x4" "key 'hot_nodes': value '16' is not a node; allowed: 0..15" traffic=hotspot hot_nodes=3,16
refused "hotspot with 17 hot nodes" "key 'hot_nodes'" traffic=hotspot hot_nodes=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0
refused "hot_frac=1.5" "key 'hot_frac': value '1.5'" traffic=hotspot hot_nodes=3 hot_frac=1.5
refused "perm_seed=-1" "key 'perm_seed': value '-1'" traffic=randperm perm_seed=-1
refused "switch_traffic=trace" "key 'switch_traffic': value 'trace' is not allowed" traffic=uniform switch_at=100 switch_traffic=trace
refused "switch_traffic=hotspot with a hot node outside the 4x4" "key 'hot_nodes': value '16' is not a node; allowed: 0..15" traffic=uniform switch_at=100 switch_traffic=hotspot hot_nodes=3,16
# a refused run writes nothing: sentinels in PATTERN, HOT_THRESH, N_HOT and PERM0 survive
h --port "$PTY_core" write 0x18 5 && h --port "$PTY_core" write 0x50 0x12345678 &&
    h --port "$PTY_core" write 0x52 7 && h --port "$PTY_core" write 0x3000 9
h --port "$PTY_core" run traffic=hotspot hot_nodes=2,40 hot_frac=0.5
RRC=$RC
h --port "$PTY_core" run traffic=randperm perm_seed=1 k=8
RRC="$RRC $RC"
SENT=""
for a in 0x18 0x50 0x52 0x3000; do h --port "$PTY_core" --json read $a; SENT="$SENT $(json value)"; done
if [ "$RRC" = "2 2" ] && [ "$SENT" = " 5 305419896 7 9" ]; then
    pass "refused hotspot and randperm runs (exit 2) write no register: PATTERN, HOT_THRESH, N_HOT, PERM0 unchanged"
else
    fail "refused hotspot and randperm runs (exit 2) write no register" "exits $RRC, registers$SENT"
fi
refused "k=8" "key 'k': value '8': the board is built with k=4" k=8
refused "vcs=3" "key 'vcs': value '3': the board is built with vcs=4" vcs=3
refused "buf=8" "key 'buf': value '8'" buf=8
refused "unknown key (tnsim's message)" "unknown key 'lod'" lod=0.3
refused "load above what the channel carries" "key 'load'" load=0.9
refused "switch_at with nothing to switch to" "key 'switch_at': value '100' needs switch_traffic=PATTERN and/or switch_load=L" switch_at=100
refused "switch_load above what the channel carries" "key 'switch_load'" switch_at=100 switch_load=0.9

# past saturation the board's FIFO overflows: reported, not compared
h --port "$PTY_core" run routing=dor traffic=uniform load=0.48 buf=1 warmup=100 measure=1500 drain=500 --compare
if [ "$RC" -eq 1 ] && grep -q 'a source FIFO overflowed' <<<"$ERR" && ! grep -q '^compare:' <<<"$OUT"; then
    pass "a source FIFO overflow past saturation is reported and not compared"
else
    fail "a source FIFO overflow past saturation is reported and not compared" "exit $RC" "$ERR" "$OUT"
fi
# errors: after the overflow run the overflow bits show, and STATUS has bits 3 (an error) and 4
# (a source FIFO overflowed) beside 0..2 (started, stopped, ended): 31; after a clean run no
# error, STATUS 7
h --port "$PTY_core" errors
if [ "$RC" -eq 1 ] && grep -q 'overflow' <<<"$OUT"; then pass "errors shows the sources' overflow"; else fail "errors shows the sources' overflow" "exit $RC" "$OUT" "$ERR"; fi
h --port "$PTY_core" --json errors
if [ "$(json status)" = 31 ]; then pass "STATUS after the overflow run: 31 (ended, an error, an overflow)"; else fail "STATUS after the overflow run: 31 (ended, an error, an overflow)" "$OUT"; fi
h --port "$PTY_core" run routing=dor traffic=uniform load=0.1 warmup=0 measure=200
h --port "$PTY_core" --json errors
if [ "$RC" -eq 0 ] && [ "$(json router_errors)" = 0 ] && [ "$(json sink_errors)" = 0 ] && [ "$(json source_overflow)" = 0 ] && [ "$(json status)" = 7 ]; then
    pass "errors after a clean run: no router, sink or source error; STATUS 7"
else
    fail "errors after a clean run: no router, sink or source error; STATUS 7" "exit $RC" "$OUT" "$ERR"
fi
# a router error alone: ROUTING written 5 (CHAOS, not built in the RTL) by hand, no traffic
# (THRESH 0): every router sets its configuration bit (bit 6, 64) and STATUS its error bit: 15
h --port "$PTY_core" write 0x16 0
h --port "$PTY_core" write 0x10 5
h --port "$PTY_core" reset
h --port "$PTY_core" start 1
for i in $(seq 1 50); do   # until the run has ended (STATUS bit 2), at most 5 s
    h --port "$PTY_core" --json read 0x20
    [ $(( $(json value) & 4 )) -eq 0 ] || break
    sleep 0.1
done
h --port "$PTY_core" --json errors
RE=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["status"], d["router_errors"], d["sink_errors"], sorted(set(n["router"] for n in d["nodes"])))' <<<"$OUT" 2>&1)
if [ "$RC" -eq 1 ] && [ "$RE" = "15 64 0 [64]" ]; then
    pass "a router error alone (ROUTING 5): every node's configuration bit, STATUS 15, errors exit 1"
else
    fail "a router error alone (ROUTING 5): every node's configuration bit, STATUS 15, errors exit 1" "exit $RC: $RE" "$ERR"
fi

# the register map's access rules (docs/board-reference.md, "Register map"): every configuration
# register keeps exactly its documented bits (a different value written to each, read back
# masked), and reads of unmapped addresses and writes to read-only or unmapped ones are refused
# with ERROR 0x04. Last: it leaves the configuration registers changed.
ACC_BAD=()
# address:bits of every read-write register of the core build (AW = 4: HOT j, PERM v)
RW="0x10:3 0x11:3 0x12:1 0x13:1 0x14:8 0x15:32 0x16:32 0x17:1 0x18:4 0x19:9 0x1a:9 0x1b:32
0x1c:32 0x1d:32 0x1e:5 0x40:2 0x41:1 0x42:11 0x43:11 0x44:11 0x45:7 0x46:20 0x50:32 0x51:1
0x52:5 0x70:2 0x71:1 0x72:16 0x73:16 0x74:16 0x75:16 0x76:16 0x80:32 0x81:32 0x82:1 0x83:4"
for j in $(seq 0 15); do RW="$RW $((0x60 + j)):4 $((0x2000 + j)):32 $((0x3000 + j)):4"; done
declare -A WANT
for ab in $RW; do
    a=$((${ab%%:*})) bits=${ab##*:}
    v=$(( (0x9E3779B9 * (a + 1)) & 0xFFFFFFFF ))
    h --port "$PTY_core" write "$a" "$v"
    [ "$RC" -eq 0 ] || ACC_BAD+=("write $(printf '0x%04x' "$a"): exit $RC $ERR")
    WANT[$a]=$(( v & ((1 << bits) - 1) ))
done
for ab in $RW; do
    a=$((${ab%%:*}))
    h --port "$PTY_core" --json read "$a"
    got=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])' <<<"$OUT" 2>&1)
    [ "$got" = "${WANT[$a]}" ] || ACC_BAD+=("read $(printf '0x%04x' "$a"): got '$got', want ${WANT[$a]}")
done
for a in 0x0006 0x000f 0x001f 0x002b 0x002f 0x0047 0x004f 0x0053 0x005f 0x0077 0x007f 0x0084 0x0fff \
         0x1008 0x1009 0x100d 0x100f 0x10f8 0x10fd 0x1100 0x1fff 0x2010 0x2fff 0x3010 0x4000; do
    h --port "$PTY_core" read "$a"
    [ "$RC" -eq 1 ] && grep -q 'error 0x04' <<<"$ERR" || ACC_BAD+=("read $a: exit $RC, not refused with error 0x04")
done
for a in 0x0000 0x0003 0x0004 0x0020 0x0021 0x0024 0x002a 0x0030 0x003f 0x1000 0x100c 0x10fc \
         0x0005 0x0006 0x1008 0x2010; do
    h --port "$PTY_core" write "$a" 1
    [ "$RC" -eq 1 ] && grep -q 'error 0x04' <<<"$ERR" || ACC_BAD+=("write $a: exit $RC, not refused with error 0x04")
done
if [ ${#ACC_BAD[@]} -eq 0 ]; then
    pass "register access: ${#WANT[@]} read-write registers keep their documented bits; unmapped reads, read-only and unmapped writes refused"
else
    fail "register access: read-write registers keep their documented bits; unmapped reads, read-only and unmapped writes refused" "${ACC_BAD[@]}"
fi

# a control plane without the board core
h --port "$PTY_ctrl" run routing=dor
if [ "$RC" -eq 1 ] && grep -q 'not a tn board core' <<<"$ERR"; then
    pass "run on a board without the core: 'not a tn board core', exit 1"
else
    fail "run on a board without the core: 'not a tn board core', exit 1" "exit $RC" "$ERR"
fi

# The ring build (build/bin/tnboard-ring: this board core at K=8 N=1 B=8, what `FREQ=18 K=8 N=1
# B=8 V=4 ROUTING=3 GAL=1 ACOR=1 make fpga` puts on the chip): every routing family under
# tornado, below and (GOAL, GAL) above DOR's saturation, equals the C model; the board reports
# k=8 n=1 and buf=8 and refuses the 4x4's k. Not for another TNBOARD_CORE (make mutate's board
# set tests the 4x4 core).
if [ -z "${TNBOARD_CORE:-}" ]; then
    RING=build/bin/tnboard-ring
    if [ -x "$RING" ]; then start "$RING" ring; fi
    if [ -z "${PTY_ring:-}" ]; then
        fail "the ring build ($RING) prints its pty (make board)" "$(cat "$TMP"/ring.err 2>/dev/null)"
    else
        BPORT=$PTY_ring
        for r in dor minad val goal gal acor; do
            equal "ring k=8 n=1: $r tornado load 0.2" routing=$r traffic=tornado load=0.2 $W
        done
        KN=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["k"], d["n"], d["buf"])' <<<"$OUT" 2>&1)
        if [ "$KN" = "8 1 8" ]; then
            pass "ring build: tnhost reads k=8 n=1 from the board, and buf=8 by default"
        else
            fail "ring build: tnhost reads k=8 n=1 from the board, and buf=8 by default" "got '$KN'"
        fi
        equal "ring k=8 n=1: goal tornado load 0.35" routing=goal traffic=tornado load=0.35 $W
        equal "ring k=8 n=1: gal tornado load 0.44 selection=sq" routing=gal traffic=tornado load=0.44 selection=sq $W
        equal "ring k=8 n=1: dor uniform load 0.3 buf=2 (below the build's 8)" routing=dor traffic=uniform load=0.3 buf=2 $W
        equal "ring k=8 n=1: minad uniform load 0.3 selection=lru" routing=minad traffic=uniform load=0.3 selection=lru $W
        equal "ring k=8 n=1: switch at 1200, gal uniform 0.2 -> tornado 0.44" routing=gal traffic=uniform load=0.2 switch_at=1200 switch_traffic=tornado switch_load=0.44 $W
        unset BPORT
        h --port "$PTY_ring" run routing=dor k=4 traffic=uniform
        if [ "$RC" -eq 2 ] && grep -q "key 'k': value '4': the board is built with k=8" <<<"$ERR"; then
            pass "ring build: k=4 refused, naming the key and the board's k=8"
        else
            fail "ring build: k=4 refused, naming the key and the board's k=8" "exit $RC" "$ERR"
        fi
    fi
fi

# tnhost's runs above stop on a sanitizer report (-fno-sanitize-recover) only in its sanitizer build
san_check "tnhost ran as its ASan+UBSan build" "$TNHOST" build/san/tnhost

echo "1..$N"
[ "$FAILED" -eq 0 ]
