#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# An EXPERIMENT for docs/emulator.md section 4 (the pipeline cut), not a design: how much clock the
# board router (V=4 ROUTING=3 B=4 W=16, every selection at run time) gains when pipeline registers
# are put by hand into its one-cycle allocation path. In the time-multiplexed engine each stage
# holds another router's work, so a register there changes no router's behaviour; the copies made
# here break cycle behaviour freely and are measured only (LUT4, FF, Fmax out of context,
# experiments/router-v2/fmax_router.sh). Each variant is a copy of rtl/common and rtl/router under
# build/cut/<variant>/ with one patch (kept in the history: experiments/patches.txt; the copies are
# of the rtl/ of the commit they apply to), the cuts so far (cumulative):
#   base  the router at that commit
#   a     cut_a.patch: tn_sa_in1's outputs (the VC winner and the selected port) registered before
#         u_sa1, and the requests that bypass it (to iteration 2 and tn_send) with them
#   b     cut_b.patch: a, and u_sa1's grants registered before iteration 2 and traversal
#   c     cut_c.patch: b, and the error checks' inputs registered in the output units (and the
#         input units' overflow check): the error update a cycle later
#   d     cut_d.patch: c, and the VC requests (tn_vc_req) and the selection's inputs registered
#         before tn_sa_in1
#   e     cut_e.patch: d, and iteration 2's grants (u_sa2) registered before traversal (tn_send,
#         the crossbars, the state updates)
#   <v>_flat  variant <v> with every (* keep_hierarchy *) removed: what flattening adds
# One line per variant: LUT4 and FF (yosys stat, flattened), Fmax per seed, and seed 1's critical
# path (start -> end, its cells as fmax_router.sh counts them). The logs stay in build/cut/<v>.fmax/.
# fmax_router.sh writes build/fmax/k4n2v4r3b4w16s1i0/, so one run at a time.
# Usage: bash experiments/emulator/cut_router.sh [VARIANTS="base a b c d e base_flat d_flat e_flat"]
#        [SEEDS="1 2 3"]   (about 2 min a variant)
set -euo pipefail
cd "$(dirname "$0")/../.."
VARIANTS=${VARIANTS:-"base a b c d e base_flat d_flat e_flat"}
SEEDS=${SEEDS:-"1 2 3"}
OUT=build/cut
FM=build/fmax/k4n2v4r3b4w16s1i0   # fmax_router.sh's directory for these parameters
mkdir -p "$OUT"

# the commit the cuts were kept at (experiments/patches.txt): every variant, base included, is
# that commit's rtl/common and rtl/router, so the figures compare like with like
C=$(awk '$1 == "emulator/cut_a" { print $2 }' experiments/patches.txt)
mkcopy() { # mkcopy VARIANT: build/cut/VARIANT, a patched copy of rtl/common and rtl/router
    local v=$1 base=${1%_flat}
    rm -rf "${OUT:?}/$v" && mkdir -p "$OUT/$v"
    git archive "$C" rtl/common rtl/router | tar -x -C "$OUT/$v" --strip-components=1
    if [ "$base" != base ]; then
        # the patches name rtl/...: -p2 strips a/rtl/
        git show "$C:experiments/emulator/cut_$base.patch" |
            patch -d "$OUT/$v" -p2 --batch --silent --fuzz=0 ||
            { echo "cut_router: cut_$base.patch (commit $C) does not apply" >&2; return 1; }
    fi
    if [ "$v" != "$base" ]; then
        sed -i '/^(\* keep_hierarchy \*)/d' "$OUT/$v"/common/*.v "$OUT/$v"/router/*.v
        ! grep -q keep_hierarchy "$OUT/$v"/common/*.v "$OUT/$v"/router/*.v ||
            { echo "cut_router: a keep_hierarchy is left in $OUT/$v" >&2; return 1; }
    fi
}

for v in $VARIANTS; do
    case ${v%_flat} in
    base | a | b | c | d | e) ;;
    *) echo "cut_router: unknown variant '$v' (base a b c d e, each also as <v>_flat)" >&2; exit 2 ;;
    esac
    mkcopy "$v"
    if ! bash experiments/router-v2/fmax_router.sh RTL="$OUT/$v" V=4 ROUTING=3 SEEDS="$SEEDS" >"$OUT/$v.log" 2>&1; then
        echo "$v: does not synthesise or place ($OUT/$v.log)"
        continue
    fi
    rm -rf "${OUT:?}/$v.fmax" && cp -r "$FM" "$OUT/$v.fmax"
    # (yosys's stat: "count name" in recent versions, "name count" in older ones)
    lut=$(awk 'NF == 2 && $2 == "LUT4" { print $1 } NF == 2 && $1 == "LUT4" { print $2 }' "$OUT/$v.fmax/router.stat" | tail -n 1)
    ff=$(awk 'NF == 2 && $2 == "TRELLIS_FF" { print $1 } NF == 2 && $1 == "TRELLIS_FF" { print $2 }' "$OUT/$v.fmax/router.stat" | tail -n 1)
    fs="" cells=""
    for s in $SEEDS; do
        L=$OUT/$v.fmax/pnr_s$s.log
        f=$(grep -o "Max frequency for clock '[^']*': [0-9.]* MHz" "$L" | tail -n 1 | grep -o '[0-9.]*' | tail -n 1)
        n=$(awk '/Critical path report for clock/ { on = 1; n = 0 } on && / logic / && /Source/ { n++ }
                 on && /ns logic/ { print n; exit }' "$L")
        fs="$fs${fs:+ / }$f" cells="$cells${cells:+ / }$n"
    done
    L=$OUT/$v.fmax/pnr_s${SEEDS%% *}.log
    from=$(awk '/Critical path report for clock/ { on = 1 } on && /clk-to-q/ { print $NF; exit }' "$L")
    to=$(awk '/Critical path report for clock/ { on = 1 } on && / setup / { print $NF; exit }' "$L")
    echo "$v: $lut LUT4, $ff FF; Fmax $fs MHz (seeds $SEEDS); cells $cells; seed ${SEEDS%% *}: $from -> $to"
done
