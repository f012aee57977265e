#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# PIPE=0 is the router of before PIPE existed: a Yosys equivalence proof (equiv_make, equiv_simple,
# equiv_induct, equiv_status -assert) of tn_router from rtl/ at git revision REV (gold) against
# the working tree's tn_router with PIPE=0 (gate), both flattened, for each parameter set of
# CFGS (default: K=4 N=1 V=2 B=2 W=2, and the same at V=4 ROUTING=3); the observation bus's
# fields that REV lacks must be 0. Prints one line per set
# and exits non-zero if one fails.
# Usage: bash experiments/router-pipe/equiv_pipe0.sh [REV=f69a734] [CFGS="K=4 N=1 V=2 B=2 W=2;..."]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
REV=f69a734
CFGS="K=4 N=1 V=2 B=2 W=2;K=4 N=1 V=4 B=2 W=2 ROUTING=3"
for a in "$@"; do
    case $a in
        REV=*) REV=${a#REV=} ;;
        CFGS=*) CFGS=${a#CFGS=} ;;
        *) echo "equiv_pipe0: unknown argument '$a' (REV=, CFGS=)" >&2; exit 2 ;;
    esac
done
YOSYS=${YOSYS:-yosys}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_equiv.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$TMP"' EXIT
mkdir -p "$TMP/gold"
git archive "$REV" rtl | tar -x -C "$TMP/gold"
# the gold reads today's definitions: the observation bus's fields that REV lacks (PIPE=1's
# registers, after all of REV's) are undriven there, set to 0 below, so the proof also says that
# PIPE=0 ties them to 0
cp rtl/common/tn_defs.vh "$TMP/gold/rtl/common/tn_defs.vh"
read_set() { # dir: the read commands of one copy of rtl/
    local d=$1
    echo "read_verilog -defer -I$d/rtl/common $(ls "$d"/rtl/common/*.v "$d"/rtl/router/*.v | tr '\n' ' ')"
}
fail=0
IFS=';' read -ra sets <<<"$CFGS"
for cfg in "${sets[@]}"; do
    ch=""
    for kv in $cfg; do ch="$ch -chparam ${kv%%=*} ${kv#*=}"; done
    cat > "$TMP/run.ys" <<YS
$(read_set "$TMP/gold")
hierarchy -top tn_router $ch
setattr -mod -unset keep_hierarchy
proc; opt_clean; memory; flatten; opt_clean
setundef -zero -undriven
rename -top gold
design -stash gold
$(read_set .)
hierarchy -top tn_router -chparam PIPE 0 $ch
setattr -mod -unset keep_hierarchy
proc; opt_clean; memory; flatten; opt_clean
rename -top gate
design -stash gate
design -copy-from gold -as gold A:top
design -copy-from gate -as gate A:top
opt -fast
async2sync
equiv_make gold gate equiv
hierarchy -top equiv
equiv_simple -undef -seq 4
equiv_induct -undef -seq 4
equiv_status -assert
YS
    start=$(date +%s)
    if "$YOSYS" -q -l "$TMP/log" "$TMP/run.ys" >/dev/null 2>&1; then
        echo "equiv_pipe0: $cfg: PIPE=0 equivalent to $REV ($(grep -m1 -o 'Found [0-9]* \$equiv cells.*' "$TMP/log" || true); $(( $(date +%s) - start )) s)"
    else
        echo "equiv_pipe0: $cfg: NOT proved equivalent to $REV:"; grep -E "ERROR|Unproven|unproven" "$TMP/log" | head -10
        fail=1
    fi
done
exit $fail
