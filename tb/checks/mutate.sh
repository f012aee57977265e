#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Mutants of the RTL against the lockstep runs (make mutate; docs/verification.md, "Mutants").
# Each mutant (tb/checks/mutate.py: one operator, negation or one-bit constant changed at one place)
# is built as a router-wired model in a copy of the tree and run on the lines of the set's runs
# file in order until one fails. The sets:
#   router  rtl/router/*.v, tn_rr_arbiter.v, tn_rng.v; model rtr_k4n2v4 (the board's router:
#           K=4 N=2 V=4 ROUTING=3); runs tb/regress/mutate_router.txt
#   gal     rtl/ni/tn_gal_ni.v, tn_gal_arb.v, tn_gal_quad.v; rtr_k4n2v4_gal (TERM=1 QD=8);
#           tb/regress/mutate_gal.txt
#   acor    rtl/ni/tn_acor.v; rtr_k4n2v4_acor; tb/regress/mutate_acor.txt
#   dor     the router set's files; rtr_k4n2v2_b4 (the bitstream's router: V=2 ROUTING=0 B=4);
#           tb/regress/mutate_dor.txt
#   source  rtl/ni/tn_source.v, tn_traffic.v (the board's traffic source); no lockstep runs: each
#           mutant is built as vl_source (fpga/board.mk) and caught when its checks fail
#   sink    rtl/ni/tn_sink.v (the board's checking sink), the same with vl_sink
#   ctrl    fpga/tn_ctrl.v, tn_uart_rx.v, tn_uart_tx.v (the board's control plane and UART); each
#           mutant is built as tnboard (fpga/board.mk) and caught when tb/checks/board_ctrl_test.sh
#           (tnhost against it on a pty) fails
#   board   fpga/tn_board.v (the board core: run control, registers, statistics, the window
#           flags); each mutant is built as tnboard-core (fpga/board.mk) and caught when
#           tb/checks/board_core_test.sh (tnhost run --compare against the C model) fails
#   cmodel  cmodel/hw/*.c cmodel/sim/*.c and cmodel/cli/*.c (the C model and tnsim); each mutant is caught by the
#           first of these that fails: test_cli, test_select, test_traffic, test_trace, test_router,
#           test_chaos (the C unit tests of make test, under ASan and UBSan); the lockstep lines of the
#           router, gal and acor sets (their models relinked with the mutant's C model: the RTL is
#           the reference); then tb/checks/check_cli.sh, test_acor, tb/checks/cli_fuzz.py (300 lines,
#           seed 1) and the simulator checks (test_sim, test_stats, test_nonmin, test_deadlock),
#           run two at a time and judged in that order; then any other C unit test but
#           test_tnhost (test_sink, ...). A mutant of tnsim's
#           own files (cmodel/cli) reaches only check_cli.sh and cli_fuzz.py. "same": the mutant's
#           object code equals the file's
#   host    fpga/host/*.c (tnhost, the host tool); each mutant, built with the sanitizers as
#           build/san/tnhost in the copy, is caught by the first of these that fails: test_tnhost;
#           cli_fuzz.py with --tnhost (300 lines, seed 1) and tb/checks/board_ctrl_test.sh (tnhost
#           against the control plane on a pty), side by side; tb/checks/board_core_test.sh (run
#           --compare against the simulated board core and ring). "same" as for cmodel
# A mutant is
#   caught    a run exits 1 (a mismatch, an integrity error, a harness check) or is killed
#             (a crash, or no end within TIMEOUT seconds);
#   survived  every run passes: the runs cannot tell it from the RTL (an equivalent mutant, or a
#             gap in what they exercise or compare);
#   same      Verilator emits the same C++ as for the RTL: the change is in code this build does
#             not elaborate (a mesh, K not a power of two, ...) or optimises away; equivalent here,
#             not run;
#   invalid   Verilator or the compiler refuses it (-Wall warnings are not fatal for mutants).
# The score is caught / (caught + survived). A benchmark: it prints figures and fails only when
# the unmutated RTL fails its runs or a run's keys are refused (exit 2).
#
#   bash tb/checks/mutate.sh [SET] [COUNT [SEED]]   COUNT mutants drawn by SEED (default: every one)
#   MUTANTS="3 17 40" bash tb/checks/mutate.sh [SET]  the mutants named (ids of build/mutate/SET/list.txt)
#   MUTATE_ALSO=0: a router mutant that survives is not also run beside the GAL NI and ACOR (faster)
# Writes build/mutate/SET/report.txt (one line per mutant) and prints the summary by file.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
SET=router
case ${1:-} in router | gal | acor | dor | source | sink | ctrl | board | cmodel | host) SET=$1; shift ;; esac
COUNT=${1:-all}
SEED=${2:-$(( $(date +%s) % 100000 ))}
case $SET in
router) FILES=(rtl/router/*.v rtl/common/tn_rr_arbiter.v rtl/common/tn_rng.v rtl/common/tn_ctx_reg.v)
        MODEL=rtr_k4n2v4 FIXED="k=4 n=2 vcs=4" ;;
gal) FILES=(rtl/ni/tn_gal_ni.v rtl/ni/tn_gal_arb.v rtl/ni/tn_gal_quad.v)
     MODEL=rtr_k4n2v4_gal FIXED="k=4 n=2 vcs=4 routing=gal gal_qdepth=8" ;;
acor) FILES=(rtl/ni/tn_acor.v)
      MODEL=rtr_k4n2v4_acor FIXED="k=4 n=2 vcs=4 routing=acor" ;;
dor) FILES=(rtl/router/*.v rtl/common/tn_rr_arbiter.v rtl/common/tn_rng.v rtl/common/tn_ctx_reg.v)
     MODEL=rtr_k4n2v2_b4 FIXED="k=4 n=2 vcs=2 bcap=4 routing=dor" ;;
source) FILES=(rtl/ni/tn_source.v rtl/ni/tn_traffic.v)
        MODEL=vl_source FIXED= MKV=VL_SRC MKSRC=VL_SRC_RTL:rtl ;;
sink) FILES=(rtl/ni/tn_sink.v)
      MODEL=vl_sink FIXED= MKV=VL_SNK MKSRC=VL_SNK_RTL:rtl ;;
ctrl) FILES=(fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v)
      MODEL=tnboard FIXED= MKV=VL_BOARD MKSRC=VL_BOARD_SRC:fpga ;;
board) FILES=(fpga/tn_board.v)
       MODEL=tnboard-core FIXED= MKV=VL_CORE MKSRC=VL_CORE_SRC:fpga ;;
cmodel) FILES=(cmodel/hw/*.c cmodel/sim/*.c cmodel/cli/*.c)
        MODEL=tnsim FIXED= ;;
host) FILES=(fpga/host/*.c)
      MODEL=tnhost FIXED= ;;
esac
# seconds a run may take before the mutant counts as caught (hung): the board core's whole
# test takes about 3 minutes
TIMEOUT=${TIMEOUT:-$(case $SET in board | host) echo 600 ;; *) echo 120 ;; esac)}
RUNS=tb/regress/mutate_$SET.txt
# a unit set is checked by a program built by fpga/board.mk (MKV: its make variables' prefix;
# MKSRC: VARIABLE:FOLDER, the make variable that names the folder of its sources), not tnlock
# runs: the program's own checks (RUNS, its source), or for ctrl and board a test script run
# against it (CHECKVAR: the script's variable that names the program to test)
unit=0
CHECKER=
case $SET in
source | sink) unit=1 RUNS=tb/unit/$MODEL.c ;;
ctrl) unit=1 RUNS=tb/checks/board_ctrl_test.sh CHECKER=$RUNS CHECKVAR=TNBOARD ;;
board) unit=1 RUNS=tb/checks/board_core_test.sh CHECKER=$RUNS CHECKVAR=TNBOARD_CORE ;;
cmodel) unit=2 RUNS="the C unit tests, check_cli.sh, cli_fuzz.py and the router, gal and acor lockstep lines" ;;
host) unit=3 RUNS="test_tnhost, cli_fuzz.py --tnhost, board_ctrl_test.sh and board_core_test.sh" ;;
esac

die() { echo "mutate: $*" >&2; exit 2; }
# the number of a TAP log's first failed check
tap_first() { grep -m1 '^not ok' "$1" | awk '{print $3}'; }
[[ $COUNT == all || $COUNT =~ ^[1-9][0-9]*$ ]] ||
    die "COUNT '$COUNT' is not a positive integer or 'all' (a set before it: router, gal, acor, dor, source, sink, ctrl, board, cmodel or host)"
[[ $SEED =~ ^[0-9]+$ ]] || die "SEED '$SEED' is not a non-negative integer"
[[ $TIMEOUT =~ ^[1-9][0-9]*$ ]] || die "TIMEOUT '$TIMEOUT' is not a positive integer (seconds)"
out=build/mutate/$SET
mkdir -p "$out"
# one run of a set at a time: a second would rebuild the folder under the first's mutants
exec 9> "$out/.lock"
flock -n 9 || die "another mutate.sh run of set $SET is using $out; wait for it to end"
# the sources as they are now: every mutant is numbered, written and restored from this
# snapshot, so that editing rtl/, fpga/ or cmodel/ during a run changes nothing in it
orig=$out/orig
rm -rf "$orig"
mkdir -p "$orig"
cp -r rtl fpga cmodel "$orig/"
mpy() { (cd "$orig" && python3 "$root/tb/checks/mutate.py" "$@"); }
mpy list "${FILES[@]}" > "$out/list.txt" || die "tb/checks/mutate.py list failed"
total=$(wc -l < "$out/list.txt")
[ "$total" -gt 0 ] || die "tb/checks/mutate.py found no mutant in ${FILES[*]}"
if [ -n "${MUTANTS:-}" ]; then
    ids=$MUTANTS
    for i in $ids; do
        [[ $i =~ ^[0-9]+$ ]] && [ "$i" -lt "$total" ] || die "MUTANTS: '$i' is not one of 0..$((total - 1))"
    done
    what="the mutants named"
elif [ "$COUNT" = all ]; then
    ids=$(seq 0 $((total - 1)) | xargs)
    what="every mutant"
else
    ids=$(mpy sample "$COUNT" "$SEED" "${FILES[@]}")
    what="$COUNT drawn with seed $SEED (bash tb/checks/mutate.sh $SET $COUNT $SEED)"
fi
for f in build/obj/libtn.a build/obj/tnlock.a; do
    [ -f "$f" ] || die "$f missing: make build/obj/libtn.a build/obj/tnlock.a first (make mutate does)"
done
if [ -n "$CHECKER" ] && [ ! -x build/bin/tnhost ] && [ ! -x build/san/tnhost ]; then
    die "build/bin/tnhost missing: make build/bin/tnhost first (make mutate does)"
fi
if [ "$SET" = board ] && [ ! -x build/bin/tnboard ]; then
    die "build/bin/tnboard missing (board_core_test.sh runs it beside the core): make build/bin/tnboard first (make mutate does)"
fi
if [ "$unit" = 3 ]; then
    for f in build/san/tnsim build/bin/tnboard build/bin/tnboard-core build/bin/tnboard-ring; do
        [ -x "$f" ] || die "$f missing: make $f first (make mutate SET=host does)"
    done
fi
if [ "$unit" = 2 ]; then
    for m in rtr_k4n2v4 rtr_k4n2v4_gal rtr_k4n2v4_acor; do
        [ -x "build/vl/$m/tnlock" ] || die "build/vl/$m/tnlock missing: make build/vl/$m/tnlock first (make mutate does)"
    done
fi
runs=("$MODEL")
[ "$unit" != 0 ] || mapfile -t runs < <(grep -v -e '^#' -e '^[[:space:]]*$' "$RUNS")

# the copy: rtl/, fpga/ and cmodel/ (mutated in place, one file at a time), tb/ and tools/; for
# the RTL sets the harness and the C model are the tree's own libraries (build/obj), linked into
# every mutant; the cmodel set compiles the copy's C files itself (c_setup)
tree=$out/tree
rm -rf "$tree"
mkdir -p "$tree/build"
cp -r tb tools "$tree/"
cp -r "$orig"/rtl "$orig"/fpga "$orig"/cmodel "$tree/"
restore() { cp -r "$orig"/rtl/. "$tree/rtl/" && cp -r "$orig"/fpga/. "$tree/fpga/" && cp -r "$orig"/cmodel/. "$tree/cmodel/"; }
[ "$unit" -ge 2 ] || ln -s "$root/build/obj" "$tree/build/obj"
report=$out/report.txt
: > "$report"

# the Verilated C++ of the copy's model (not its objects, stamp or dependency lists)
vdir=$tree/build/vl/mutant_$SET
[ "$unit" = 1 ] && vdir=$out/vl
code_hash() { cat "$vdir"/*.cpp "$vdir"/*.h | sha1sum | cut -c1-16; }

# a unit set: the program built from the copy's sources (fpga/board.mk's rule, its folders given:
# MKV_DIR and MKSRC's variable set to the copy's folder) and run, or CHECKER run against it
# (CHECKVAR=the program; TAP_FAILFAST=1: the script stops at its first failed check, the same
# verdict sooner); prints caught 1|survived|same|invalid
run_unit() {
    local cmd=("$vdir/$MODEL")
    [ -z "$CHECKER" ] || cmd=(env "$CHECKVAR=$vdir/$MODEL" TAP_FAILFAST=1 bash "$CHECKER")
    rm -f "$vdir/$MODEL"
    if ! make -s "${MKV}_DIR=$vdir" "${MKSRC%%:*}=$tree/${MKSRC#*:}" "${MKV}_VFLAGS=-Wno-fatal" "$vdir/$MODEL" > "$out/build.log" 2>&1; then
        echo invalid
        return
    fi
    [ -z "${1:-}" ] || [ "$(code_hash)" != "$base_hash" ] || { echo same; return; }
    if timeout "$TIMEOUT" "${cmd[@]}" > "$out/run.log" 2>&1; then echo survived; else echo "caught 1"; fi
}

# build the copy's model NAME into build/vl/DIR and run the lines of RUNSFILE with FIXED keys
# first; prints caught N|survived|refused|invalid
run_model() {
    local name=$1 dir=$2 fixed=$3 runsfile=$4 n=0 rc r lines
    if ! TN_VL_DIR=$dir TN_VL_FLAGS=-Wno-fatal bash "$tree/tools/vlbuild.sh" "$name" > "$out/build.log" 2>&1; then
        echo invalid
        return
    fi
    [ -z "${5:-}" ] || [ "$(code_hash)" != "$base_hash" ] || { echo same; return; }
    mapfile -t lines < <(grep -v -e '^#' -e '^[[:space:]]*$' "$runsfile")
    for r in "${lines[@]}"; do
        n=$((n + 1))
        # shellcheck disable=SC2086  # fixed and the run's keys: words KEY=VALUE
        timeout "$TIMEOUT" "$tree/build/vl/$dir/tnlock" $fixed $r waves=off > "$out/run.log" 2>&1
        rc=$?
        if [ "$rc" = 2 ]; then
            echo "mutate: line $n of $runsfile refused (exit 2): $(head -1 "$out/run.log")" >&2
            echo refused
            return
        fi
        [ "$rc" = 0 ] || { echo "caught $n"; return; }
    done
    echo survived
}

# ---- the C model (SET=cmodel): every object compiled once from the tree's sources (c/san with
# make test's sanitizer flags, c/rel with the library's), a mutant's file compiled again and linked
# with the others; the lockstep models are copies of build/vl's, relinked against c/libtn.a
cdir=$root/$out/c
cflags() { make -s --no-print-directory --eval "tn_print_flags: ; @echo \$($1)" tn_print_flags; }
cobj() { local f=${1#"$tree"/}; f=${f//\//_}; echo "${f%.c}.o"; }
# compile FILE (a path in the tree) into c/san and c/rel: 0, or 1 when the compiler refuses it
c_compile() {
    local o
    o=$(cobj "$1")
    # shellcheck disable=SC2086  # the flags are words
    $CC $SANF $INCF -c "$1" -o "$cdir/san/$o" 2>> "$out/build.log" &&
        $CC $RELF $INCF -c "$1" -o "$cdir/rel/$o" 2>> "$out/build.log"
}
# FILE's objects back to the unmutated ones
c_restore() {
    local o
    o=$(cobj "$tree/$1")
    cp "$cdir/base/san/$o" "$cdir/san/" && cp "$cdir/base/rel/$o" "$cdir/rel/"
}
# the object code of an object, without its debugging information and file names
c_code() { objdump -d --no-show-raw-insn "$1" | tail -n +4 | sha1sum | cut -c1-16; }
c_setup() {
    CC=$(make -s --no-print-directory --eval 'tn_print_cc: ; @echo $(CC)' tn_print_cc)
    SANF=$(cflags CFLAGS_SAN) RELF=$(cflags CFLAGS_REL)
    INCF="-I$tree/cmodel/include -I$tree/cmodel/hw -I$tree/cmodel/sim -I$tree/cmodel/cli"
    rm -rf "$cdir" && mkdir -p "$cdir/san" "$cdir/rel" "$cdir/base" "$cdir/test" "$cdir/vl" "$tree/build/san"
    : > "$out/build.log"
    local f m t
    for f in "${FILES[@]}"; do
        c_compile "$tree/$f" || die "$f does not compile: $out/build.log"
    done
    mkdir -p "$cdir/base/san" "$cdir/base/rel"
    cp "$cdir"/san/*.o "$cdir/base/san/" && cp "$cdir"/rel/*.o "$cdir/base/rel/"
    for t in tb/unit/test_*.c; do
        [ "$t" = tb/unit/test_tnhost.c ] && continue
        # shellcheck disable=SC2086
        $CC $SANF $INCF -c "$tree/$t" -o "$cdir/test/$(basename "${t%.c}").o" 2>> "$out/build.log" ||
            die "$t does not compile: $out/build.log"
    done
    # tnlock's launcher (check_cli.sh checks its refusals), linked with the mutant's library
    # shellcheck disable=SC2086
    $CC $RELF $INCF -I"$tree/tb" -I"$tree/tb/lock" -I"$tree/tb/verilator" -c "$tree/tb/lock/opts.c" -o "$cdir/test/opts.o.l" 2>> "$out/build.log" &&
        $CC $RELF $INCF -I"$tree/tb/lock" -c "$tree/tb/launch/tnlock_launch.c" -o "$cdir/test/launch.o.l" 2>> "$out/build.log" ||
        die "tnlock's launcher does not compile: $out/build.log"
    mkdir -p "$tree/build/bin"
    # each lockstep model copied (timestamps kept: make relinks, compiles nothing), its link
    # line pointed at the mutant's library
    for m in rtr_k4n2v4 rtr_k4n2v4_gal rtr_k4n2v4_acor; do
        cp -a "build/vl/$m" "$cdir/vl/"
        sed -i "s|$root/build/obj/libtn.a|$cdir/libtn.a|" "$cdir/vl/$m"/V*.mk
        grep -q "$cdir/libtn.a" "$cdir/vl/$m"/V*.mk || die "build/vl/$m: no libtn.a in its makefile to relink"
    done
    VLMK=$(bash tools/vlmkflags.sh)
}
# link the tests, tnsim, tnlock's launcher and the lockstep models from the objects in c/ (the
# mutant's among them); prints nothing, returns 1 when a link fails
c_link() {
    local lib=() cli=() o t m mk
    for o in "$cdir"/san/cmodel_src_*.o; do lib+=("$o"); done
    for o in "$cdir"/san/cmodel_cli_*.o; do cli+=("$o"); done
    for t in "$cdir"/test/*.o; do
        $CC $SANF "$t" "${lib[@]}" -lcmocka -lm -o "${t%.o}" 2>> "$out/build.log" || return 1
    done
    $CC $SANF "${cli[@]}" "${lib[@]}" -lm -o "$tree/build/san/tnsim" 2>> "$out/build.log" || return 1
    rm -f "$cdir/libtn.a" && ar rcs "$cdir/libtn.a" "$cdir"/rel/cmodel_src_*.o || return 1
    # shellcheck disable=SC2086
    $CC $RELF "$cdir/test/launch.o.l" "$cdir/test/opts.o.l" "$cdir/libtn.a" -lm -o "$tree/build/bin/tnlock" \
        2>> "$out/build.log" || return 1
    for m in rtr_k4n2v4 rtr_k4n2v4_gal rtr_k4n2v4_acor; do
        mk=$(cd "$cdir/vl/$m" && ls V*.mk | grep -v -e __ver -e _classes | head -1)
        rm -f "$cdir/vl/$m/tnlock"
        # shellcheck disable=SC2086  # the make flags are words
        make -s -C "$cdir/vl/$m" -f "$mk" $VLMK VK_GLOBAL_OBJS= tnlock >> "$out/build.log" 2>&1 || return 1
    done
}
# one C unit test (TAP): 0 when it passes
c_test() { CMOCKA_MESSAGE_OUTPUT=TAP timeout "$TIMEOUT" "$cdir/test/$1" > "$out/$1.log" 2>&1; }
# the simulator checks (test_sim.c and the three files split from it), one after another beside
# the other slow checks: prints the first that fails and exits 1, or exits 0
c_sim_tests() {
    local t
    for t in test_sim test_stats test_nonmin test_deadlock; do
        c_test "$t" || { echo "$t"; return 1; }
    done
}
# lockstep lines of RUNSFILE on the relinked model M with FIXED keys: caught N or survived
c_lock() {
    local m=$1 fixed=$2 runsfile=$3 n=0 r lines
    mapfile -t lines < <(grep -v -e '^#' -e '^[[:space:]]*$' "$runsfile")
    for r in "${lines[@]}"; do
        n=$((n + 1))
        # shellcheck disable=SC2086  # fixed and the run's keys: words KEY=VALUE
        timeout "$TIMEOUT" "$cdir/vl/$m/tnlock" $fixed $r waves=off > "$out/run.log" 2>&1 ||
            { echo "caught $n"; return; }
    done
    echo survived
}
# one C mutant (the tree holds it; FILE its path there, empty for the unmutated tree): prints
# caught WHAT|survived|same|invalid
try_c() {
    local file=${1:-} o t v
    if [ -n "$file" ]; then
        o=$(cobj "$tree/$file")
        c_compile "$tree/$file" || { echo invalid; return; }
        [ "$(c_code "$cdir/san/$o")" != "$(c_code "$cdir/base/san/$o")" ] || { echo same; return; }
    fi
    c_link || { echo invalid; return; }
    # the cheapest checks first: the first that fails names the verdict; tnsim's own files
    # (cmodel/cli) reach only tnsim's checks
    local lib=1
    case $file in cmodel/cli/*) lib=0 ;; esac
    for t in test_cli test_select test_traffic test_trace test_router test_chaos; do
        [ "$lib" = 1 ] || break
        c_test "$t" || { echo "caught $t"; return; }
    done
    v=survived
    [ "$lib" = 0 ] || v=$(c_lock rtr_k4n2v4 "k=4 n=2 vcs=4" tb/regress/mutate_router.txt)
    [ "$v" = survived ] || { echo "${v/caught /caught lock:}"; return; }
    [ "$lib" = 0 ] || v=$(c_lock rtr_k4n2v4_gal "k=4 n=2 vcs=4 routing=gal gal_qdepth=8" tb/regress/mutate_gal.txt)
    [ "$v" = survived ] || { echo "${v/caught /caught gal:}"; return; }
    [ "$lib" = 0 ] || v=$(c_lock rtr_k4n2v4_acor "k=4 n=2 vcs=4 routing=acor" tb/regress/mutate_acor.txt)
    [ "$v" = survived ] || { echo "${v/caught /caught acor:}"; return; }
    # the slower checks side by side (two cores), judged in this order
    TAP_FAILFAST=1 timeout "$TIMEOUT" bash "$tree/tb/checks/check_cli.sh" > "$out/check_cli.log" 2>&1 &
    local p_cli=$!
    [ "$lib" = 0 ] || { c_test test_acor > /dev/null 2>&1 & }
    local p_acor=$!
    timeout "$TIMEOUT" python3 tb/checks/cli_fuzz.py --count 300 --seed 1 --tnsim "$tree/build/san/tnsim" \
        > "$out/cli_fuzz.log" 2>&1 &
    local p_fuzz=$!
    [ "$lib" = 0 ] || { c_sim_tests > "$out/sim_tests.txt" 2>&1 & }
    local p_sim=$!
    local rc_cli=0 rc_acor=0 rc_fuzz=0 rc_sim=0
    wait "$p_cli" || rc_cli=1
    [ "$lib" = 0 ] || wait "$p_acor" || rc_acor=1
    wait "$p_fuzz" || rc_fuzz=1
    [ "$lib" = 0 ] || wait "$p_sim" || rc_sim=1
    [ "$rc_cli" = 0 ] || { echo "caught check_cli:$(tap_first "$out/check_cli.log")"; return; }
    [ "$rc_acor" = 0 ] || { echo "caught test_acor"; return; }
    [ "$rc_fuzz" = 0 ] || { echo "caught cli_fuzz"; return; }
    [ "$rc_sim" = 0 ] || { echo "caught $(cat "$out/sim_tests.txt")"; return; }
    for t in "$cdir"/test/test_*.o; do   # any test not named above
        [ "$lib" = 1 ] || break
        t=$(basename "${t%.o}")
        case $t in test_cli | test_select | test_traffic | test_trace | test_router | test_chaos | test_acor | test_sim | test_deadlock | test_nonmin | test_stats) continue ;; esac
        c_test "$t" || { echo "caught $t"; return; }
    done
    echo survived
}

# ---- tnhost (SET=host): its objects compiled once with make test's sanitizer flags (h/base; the
# C model as one archive), a mutant's file compiled again into h/cur and linked as the copy's
# build/san/tnhost and as test_tnhost (tnhost.c a second time with main renamed, as
# fpga/board.mk builds it); the board scripts run from the copy against the tree's simulated boards
hdir=$root/$out/h
hobj() { local f=${1//\//_}; echo "${f%.c}.o"; }
# compile FILE (a path in the tree, relative) into h/cur: 0, or 1 when the compiler refuses it
h_compile() {
    local o
    o=$(hobj "$1")
    # shellcheck disable=SC2086  # the flags are words
    $CC $SANF $INCF -c "$tree/$1" -o "$hdir/cur/$o" 2>> "$out/build.log" || return 1
    [ "$1" != fpga/host/tnhost.c ] ||
        $CC $SANF $INCF -Dmain=tnhost_main -c "$tree/$1" -o "$hdir/cur/tnhost_main.t" 2>> "$out/build.log"
}
h_setup() {
    CC=$(make -s --no-print-directory --eval 'tn_print_cc: ; @echo $(CC)' tn_print_cc)
    SANF=$(cflags CFLAGS_SAN)
    INCF="-I$tree/cmodel/include -I$tree/cmodel/hw -I$tree/cmodel/sim -I$tree/fpga/host"
    rm -rf "$hdir" && mkdir -p "$hdir/cur" "$hdir/base" "$hdir/lib" "$tree/build/san" "$tree/build/bin"
    : > "$out/build.log"
    local f
    for f in "$tree"/cmodel/hw/*.c "$tree"/cmodel/sim/*.c; do
        # shellcheck disable=SC2086
        $CC $SANF $INCF -c "$f" -o "$hdir/lib/$(basename "${f%.c}").o" 2>> "$out/build.log" ||
            die "$f does not compile: $out/build.log"
    done
    ar rcs "$hdir/libtn.a" "$hdir"/lib/*.o || die "the C model's archive was not written"
    for f in "${FILES[@]}"; do
        h_compile "$f" || die "$f does not compile: $out/build.log"
    done
    cp "$hdir"/cur/* "$hdir/base/"
    # shellcheck disable=SC2086
    $CC $SANF $INCF -I"$tree/tb/unit" -c "$tree/tb/unit/test_tnhost.c" -o "$hdir/test_tnhost.o" \
        2>> "$out/build.log" || die "tb/unit/test_tnhost.c does not compile: $out/build.log"
    for f in tnboard tnboard-core tnboard-ring; do ln -s "$root/build/bin/$f" "$tree/build/bin/$f"; done
    # board_core_test.sh compares tnhost run seeds=N with tnsim's (the unmutated one)
    ln -s "$root/build/san/tnsim" "$tree/build/san/tnsim"
}
# FILE's objects back to the unmutated ones
h_restore() { cp "$hdir"/base/* "$hdir/cur/"; }
# link tnhost and test_tnhost from h/cur: 1 when a link fails
h_link() {
    local objs=() o
    for o in "$hdir"/cur/*.o; do objs+=("$o"); done
    # shellcheck disable=SC2086
    $CC $SANF "${objs[@]}" "$hdir/libtn.a" -lm -o "$tree/build/san/tnhost" 2>> "$out/build.log" || return 1
    objs=()
    for o in "$hdir"/cur/*.o; do [ "$o" = "$hdir/cur/fpga_host_tnhost.o" ] || objs+=("$o"); done
    # shellcheck disable=SC2086
    $CC $SANF "$hdir/test_tnhost.o" "${objs[@]}" "$hdir/cur/tnhost_main.t" "$hdir/libtn.a" -lcmocka -lm \
        -o "$hdir/test_tnhost" 2>> "$out/build.log"
}
# one tnhost mutant (FILE its path in the tree, empty for the unmutated tree): prints
# caught WHAT|survived|same|invalid
try_h() {
    local file=${1:-} o
    if [ -n "$file" ]; then
        o=$(hobj "$file")
        h_compile "$file" || { echo invalid; return; }
        if [ "$(c_code "$hdir/cur/$o")" = "$(c_code "$hdir/base/$o")" ] && { [ "$file" != fpga/host/tnhost.c ] ||
            [ "$(c_code "$hdir/cur/tnhost_main.t")" = "$(c_code "$hdir/base/tnhost_main.t")" ]; }; then
            echo same
            return
        fi
    fi
    h_link || { echo invalid; return; }
    CMOCKA_MESSAGE_OUTPUT=TAP timeout "$TIMEOUT" "$hdir/test_tnhost" > "$out/test_tnhost.log" 2>&1 ||
        { echo "caught test_tnhost"; return; }
    timeout "$TIMEOUT" python3 tb/checks/cli_fuzz.py --count 300 --seed 1 --tnsim "$root/build/san/tnsim" \
        --tnhost "$tree/build/san/tnhost" > "$out/cli_fuzz.log" 2>&1 &
    local p_fuzz=$! rc_fuzz=0 rc_ctrl=0
    TAP_FAILFAST=1 timeout "$TIMEOUT" bash "$tree/tb/checks/board_ctrl_test.sh" > "$out/board_ctrl.log" 2>&1 || rc_ctrl=1
    wait "$p_fuzz" || rc_fuzz=1
    [ "$rc_fuzz" = 0 ] || { echo "caught cli_fuzz"; return; }
    [ "$rc_ctrl" = 0 ] || { echo "caught board_ctrl:$(tap_first "$out/board_ctrl.log")"; return; }
    TAP_FAILFAST=1 timeout "$TIMEOUT" bash "$tree/tb/checks/board_core_test.sh" > "$out/board_core.log" 2>&1 ||
        { echo "caught board_core:$(tap_first "$out/board_core.log")"; return; }
    echo survived
}

# The set's model and runs; a router mutant that survives them is also built beside the GAL NI
# and beside ACOR's block and run on their sets' lines (the router's GAL and ACOR paths: R_GAL
# routes as GOAL, R_ACOR as VAL): caught gal:N or acor:N. Prints caught ...|survived|same|invalid
try() {
    local v
    [ "$unit" != 2 ] || { try_c "${1:-}"; return; }
    [ "$unit" != 3 ] || { try_h "${1:-}"; return; }
    [ "$unit" = 0 ] || { run_unit "${base_hash:-}"; return; }
    v=$(run_model "$MODEL" "mutant_$SET" "$FIXED" "$RUNS" "${base_hash:-}")
    [ "$v" = survived ] && [ "$SET" = router ] && [ "${MUTATE_ALSO:-1}" != 0 ] || { echo "$v"; return; }
    v=$(run_model rtr_k4n2v4_gal mutant_rgal "k=4 n=2 vcs=4 routing=gal gal_qdepth=8" tb/regress/mutate_gal.txt)
    [ "$v" = survived ] || { echo "${v/caught /caught gal:}"; return; }
    v=$(run_model rtr_k4n2v4_acor mutant_racor "k=4 n=2 vcs=4 routing=acor" tb/regress/mutate_acor.txt)
    [ "$v" = survived ] || { echo "${v/caught /caught acor:}"; return; }
    echo survived
}

if [ "$unit" -ge 2 ]; then
    echo "mutate: $SET: $what of $total mutants of ${#FILES[@]} files; against $RUNS"
else
    echo "mutate: $SET: $what of $total mutants of ${#FILES[@]} files; $MODEL, ${#runs[@]} runs of $RUNS"
fi
start=$(date +%s)
[ "$unit" != 2 ] || c_setup
[ "$unit" != 3 ] || h_setup
v=$(try)
[ "$v" = survived ] || die "the unmutated sources do not pass the runs ($v): $out/*.log"
[ "$unit" -ge 2 ] || base_hash=$(code_hash)
for i in $ids; do
    restore
    desc=$(awk -v i="$i" '$1 == i { $1 = ""; print }' "$out/list.txt")
    file=${desc%%:*}
    file=${file# }
    mpy apply "$i" "$root/$tree/$file" "${FILES[@]}" > /dev/null || die "mutant $i not applied"
    v=$(try "$file")
    [ "$unit" != 2 ] || c_restore "$file"
    [ "$unit" != 3 ] || h_restore
    [ "$v" = refused ] && die "a run of $RUNS was refused under mutant $i"
    echo "$i $v |$desc" >> "$report"
    printf '%s %s |%s\n' "$i" "$v" "$desc"
done
restore

echo
echo "mutate: by file (caught, survived, same code, invalid; score = caught / (caught + survived))"
awk '{ split($0, a, "|"); f = a[2]; sub(/^ /, "", f); sub(/:.*/, "", f);
       k = ($2 == "caught") ? "c" : $2; n[f, k]++; files[f] = 1; t[k]++ }
     END { for (f in files) printf "  %-30s %4d %4d %4d %4d\n", f, n[f, "c"], n[f, "survived"], n[f, "same"], n[f, "invalid"] | "sort";
           close("sort");
           c = t["c"] + 0; s = t["survived"] + 0; sm = t["same"] + 0; iv = t["invalid"] + 0;
           printf "mutate: %d mutants: %d caught, %d survived, %d same code, %d invalid; score %.1f %%\n",
                  c + s + sm + iv, c, s, sm, iv, (c + s) ? 100 * c / (c + s) : 0 }' "$report"
echo "mutate: $(( $(date +%s) - start )) s; each mutant's line in $report (survivors: grep survived)"
