#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Verilate one configuration into build/vl/NAME/tnlock. NAME = TOP_kKnNvV[_bB][_wW][_tT][_p1][_gal|_acor][_jJ][_eE][_s2][_tr][_cov][_fault_F],
# TOP = net (the tn_torus network), rtr (one tn_router; tnlock wires one per node) or emu (the
# time-multiplexed torus rtl/emu/tn_emu_torus.v in tb/verilator/tn_emu_lock_top.v; _eE its E
# engines, tnlock's key engines; _s2 its two stages, STAGES=2, tnlock's key stages). The buffer
# capacity B (buf=1..B at run time) is 8 unless _bB says (1..64; tnlock's key bcap), the payload
# W=32 unless _wW says (1..64; tnlock's key flitw), and the GAL queue depth QD=8; the defaults
# are tb/lock/opts.h's LOCK_VL_*. T terminal channels (default 1), torus.
# _p1: the routers built with PIPE=1 (tnlock's key pipe; TOP net or rtr; docs/microarchitecture.md 6.8).
# ROUTING=3 (DOR, MIN AD, VAL, GOAL, chosen at run time) when V >= 4, 1 (DOR, MIN AD) when V = 3,
# else 0 (DOR); the selection function is a run-time input. _gal (rtr only): the top is
# tb/verilator/tn_gal_lock_top.v, the router beside its GAL network interface (rtl/ni/) with
# queue depth QD=8. _acor (rtr only, V >= 4): the top is tb/verilator/tn_acor_lock_top.v, the router
# beside its ACOR block (rtl/ni/tn_acor.v). _jJ: Verilated with --threads J (J > 1; each thread
# needs an idle core). _tr: with waveform tracing (--trace-fst). A model without it builds in about
# half the time and runs a few per cent faster; on a mismatch it has its _tr twin built and run to
# write the waveform (tb/lock/waves.c); the launcher names no _tr model itself. _cov: with line and
# toggle coverage (--coverage-line --coverage-toggle; the model writes its counts where
# TN_VL_COVERAGE says, tb/checks/rtl_coverage.sh). Verilator is the project's (tools/bin/verilator).
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$PWD/tools/bin:$PATH"
name=$1
re='^(net|rtr|emu)_k([0-9]+)n([0-9]+)v([0-9]+)(_b([0-9]+))?(_w([0-9]+))?(_t([0-9]+))?(_p1)?(_gal|_acor)?(_j([2-8]))?(_e([0-9]+))?(_s2)?(_tr)?(_cov)?(_fault_(.+))?$'
if [[ ! $name =~ $re ]]; then
    echo "vlbuild: '$name' is not TOP_kKnNvV[_bB][_wW][_tT][_p1][_gal|_acor][_jJ][_eE][_s2][_tr][_cov][_fault_F] (TOP net, rtr or emu, J 2..8)" >&2
    exit 2
fi
top=${BASH_REMATCH[1]} K=${BASH_REMATCH[2]} N=${BASH_REMATCH[3]} V=${BASH_REMATCH[4]}
BNAME=${BASH_REMATCH[6]:-} WNAME=${BASH_REMATCH[8]:-} TERM=${BASH_REMATCH[10]:-1} pipe=${BASH_REMATCH[11]:+1} ni=${BASH_REMATCH[12]:-}
threads=${BASH_REMATCH[14]:-1} engines=${BASH_REMATCH[16]:-1} stages=${BASH_REMATCH[17]:+2} trace=${BASH_REMATCH[18]:+--trace-fst} cov=${BASH_REMATCH[19]:+1} fault=${BASH_REMATCH[21]:-}
pipe=${pipe:-0}
stages=${stages:-1}
# F: one of the planted faults of rtl/common/tn_defs.tbl (enum planted), whose `ifdef TN_FAULT_<F>
# block rtl/common/tn_faults.vh has (tb/checks/check_faults.sh keeps the two lists equal)
if [ -n "$fault" ]; then
    planted=$(awk -F'|' '$1 ~ /^enum *$/ && $2 ~ /^ *planted *$/ { print $3 }' rtl/common/tn_defs.tbl | xargs)
    if [[ " $planted " != *" $fault "* ]] || ! grep -qE "\`ifn?def TN_FAULT_${fault^^}\b" rtl/common/tn_faults.vh; then
        echo "vlbuild: '$name': fault '$fault' is not a planted fault (rtl/common/tn_defs.tbl, enum planted, with its \`ifdef TN_FAULT_<NAME> in rtl/common/tn_faults.vh); allowed: $planted" >&2
        exit 2
    fi
fi
gal=0 acor=0
[ "$ni" = _gal ] && gal=1
[ "$ni" = _acor ] && acor=1
# B, W and QD are tb/lock/opts.h's LOCK_VL_* (the launcher refuses keys beyond them before a build)
lockdef() { awk -v k="LOCK_VL_$1" '$1 == "#define" && $2 == k { print $3 }' tb/lock/opts.h; }
B=$(lockdef B) W=$(lockdef W) QD=$(lockdef QD) TOPO=0 ROUTING=0
[ -n "$B" ] && [ -n "$W" ] && [ -n "$QD" ] || { echo "vlbuild: LOCK_VL_B, _W or _QD missing from tb/lock/opts.h" >&2; exit 2; }
if [ -n "$BNAME" ]; then
    [ "$BNAME" -ge 1 ] && [ "$BNAME" -le 64 ] || { echo "vlbuild: '$name': B '$BNAME' is not 1..64" >&2; exit 2; }
    B=$BNAME
fi
if [ -n "$WNAME" ]; then
    [ "$WNAME" -ge 1 ] && [ "$WNAME" -le 64 ] || { echo "vlbuild: '$name': W '$WNAME' is not 1..64" >&2; exit 2; }
    W=$WNAME
fi
if [ "$V" -ge 4 ]; then ROUTING=3; elif [ "$V" -ge 3 ]; then ROUTING=1; fi
dir=build/vl/${TN_VL_DIR:-$name}
mod=tn_torus; router=0; src=rtl/net/tn_torus.v
if [ "$top" = rtr ]; then mod=tn_router; router=1; src=rtl/router/tn_router.v; fi
emu=0
if [ "$top" = emu ]; then mod=tn_emu_lock_top; emu=1; src=tb/verilator/tn_emu_lock_top.v; fi
[ "$stages" = 1 ] || [ "$top" = emu ] || { echo "vlbuild: '$name': _s2 needs TOP emu" >&2; exit 2; }
[ "$pipe" = 0 ] || [ "$top" != emu ] || { echo "vlbuild: '$name': _p1 needs TOP net or rtr (PIPE=1: one context per router)" >&2; exit 2; }
[ "$engines" = 1 ] || [ "$top" = emu ] || { echo "vlbuild: '$name': _eE needs TOP emu" >&2; exit 2; }
[ "$engines" -ge 1 ] && [ $((K % engines)) = 0 ] || { echo "vlbuild: '$name': E '$engines' does not divide K=$K" >&2; exit 2; }
if [ "$gal" = 1 ]; then
    [ "$top" = rtr ] || [ "$top" = emu ] || { echo "vlbuild: '$name': _gal needs TOP rtr or emu" >&2; exit 2; }
    [ "$top" = emu ] || { mod=tn_gal_lock_top; src=tb/verilator/tn_gal_lock_top.v; }
fi
if [ "$acor" = 1 ]; then
    [ "$top" = rtr ] || [ "$top" = emu ] || { echo "vlbuild: '$name': _acor needs TOP rtr or emu" >&2; exit 2; }
    [ "$V" -ge 4 ] || { echo "vlbuild: '$name': _acor needs V >= 4 (ACOR routes as VAL)" >&2; exit 2; }
    [ "$top" = emu ] || { mod=tn_acor_lock_top; src=tb/verilator/tn_acor_lock_top.v; }
fi
defs=()
# a coverage build links Verilator's coverage database, the one run-time object the shared library
# (tools/vlrt.sh) leaves out
globs=
if [ -n "$cov" ]; then
    read -ra covf <<<"$(bash tools/vlcov.sh flags)"
    defs+=("${covf[@]}")
    globs=$(bash tools/vlcov.sh obj)
fi
fdef='""'
if [ -n "$fault" ]; then
    defs+=(+define+TN_FAULT_${fault^^} -Wno-fatal)  # a planted fault may leave signals unused
    fdef="\"$fault\""
fi
root=$PWD
# The models' make flags, compiler included (tools/vlmkflags.sh; TN_VL_CXX chooses it)
mkdef=$(bash tools/vlmkflags.sh)
mkflags=${TN_VL_MAKEFLAGS:-$mkdef}
# Verilator's run-time library, compiled once per Verilator and make flags (tools/vlrt.sh)
rtlib=$(bash tools/vlrt.sh "$mkflags")
# The Verilated C++ depends only on the RTL, the shim and this script's flags; the harness and the
# C model are libraries linked at the end. When only they changed, relink instead of rebuilding.
# (STAMP_V: bump it when this script's Verilator or compiler command changes)
STAMP_V=5
stamp=$( { cat rtl/*/*.v rtl/common/*.vh tb/verilator/tn_gal_lock_top.v tb/verilator/tn_acor_lock_top.v \
             tb/verilator/tn_emu_lock_top.v tb/verilator/tn_lock_router_*.vh \
             tb/verilator/tn_rtl_shim.cpp tb/verilator/tn_rtl.h tb/verilator/tn_vl_context.h tools/bin/verilator
           verilator --version
           echo "$STAMP_V $name ${TN_VL_FLAGS:-} $mkflags"; } | sha1sum | cut -c1-16)
if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ] && [ -f "$dir/V$mod.mk" ]; then
    rm -f "$dir/tnlock"
    # shellcheck disable=SC2086  # mkflags: words VAR=VALUE
    make -s -C "$dir" -f "V$mod.mk" $mkflags VK_GLOBAL_OBJS=$globs tnlock > "$dir.log" 2>&1 || { tail -30 "$dir.log" >&2; exit 1; }
    echo "vlbuild: $name relinked (the RTL is unchanged)"
    exit 0
fi
rm -rf "$dir"
mkdir -p "$dir"
echo "vlbuild: $name ($mod K=$K N=$N V=$V B=$B W=$W TERM=$TERM ROUTING=$ROUTING PIPE=$pipe${fault:+ fault $fault}, $threads thread(s)${trace:+, waveform tracing}${cov:+, coverage}; $(verilator --version | cut -d' ' -f1-2))"
start=$(date +%s)
# shellcheck disable=SC2086  # trace: one option or none
verilator --cc --exe --build -j 2 $trace -Wall --threads "$threads" --top-module "$mod" \
    -Irtl/common -Irtl/router -Irtl/net -Irtl/ni -Irtl/emu -Itb/verilator "$src" "${defs[@]}" \
    -GK=$K -GN=$N -GV=$V -GB=$B -GW=$W -GTERM=$TERM -GTOPO=$TOPO -GROUTING=$ROUTING $([ "$top" != emu ] && echo "-GPIPE=$pipe") \
    $([ "$gal" = 1 ] && echo "-GQD=$QD") $([ "$emu" = 1 ] && echo "-GE=$engines -GSTAGES=$stages -GGAL=$gal -GACOR=$acor") \
    --Mdir "$dir" -o tnlock \
    -CFLAGS "-I$root/tb/verilator -DTN_TOP_HEADER='\"V$mod.h\"' -DTN_TOP_SYMS='\"V${mod}__Syms.h\"' -DTN_TOP_CLASS=V$mod -DTN_TOP_ROUTER=$router -DTN_TOP_GAL=$gal -DTN_TOP_ACOR=$acor -DTN_TOP_EMU=$emu -DTN_ENGINES=$engines -DTN_STAGES=$stages -DTN_PIPE=$pipe -DTN_THREADS=$threads -DTN_QD=$QD -DTN_K=$K -DTN_N=$N -DTN_V=$V -DTN_B=$B -DTN_W=$W -DTN_TERM=$TERM -DTN_TOPO=$TOPO -DTN_ROUTING=$ROUTING -DTN_FAULT_NAME='$fdef'" \
    -LDFLAGS "$root/build/obj/tnlock.a $root/build/obj/libtn.a $root/$rtlib -lz -lm" \
    -MAKEFLAGS "$mkflags VK_GLOBAL_OBJS=$globs" ${TN_VL_FLAGS:-} \
    "$root/tb/verilator/tn_rtl_shim.cpp" > "$dir.log" 2>&1 || { tail -30 "$dir.log" >&2; exit 1; }
echo "$stamp" > "$dir/stamp"
echo "vlbuild: $name built in $(( $(date +%s) - start )) s"
