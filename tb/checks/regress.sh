#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make regress: the lockstep set of make test, the long list, and COUNT random configurations
# drawn from a seed that is printed (make regress SEED=n reruns exactly the same runs), sized so
# that the whole regression compares about TARGET router-cycles (default 10^9). Every random
# configuration is first checked deadlock-free with `tnsim check` (the routing algorithms it
# proves: dor, minad, val, goal, acor); every Verilated model is built once, before the runs; the runs
# go JOBS at a time (default: the number of cores). JUnit XML per list in build/regress/.
# Then BOARD_COUNT (default 40) random runs of the simulated board core against the C model from
# the same seed (tb/checks/board_fuzz.py: tnhost run --compare on tnboard-core), RING_COUNT
# (default 40) the same on tnboard-ring (the ring build, K=8 N=1), EMU_COUNT (default 40) on
# tnboard-emu4x4 (the 4x4 on the engine), every check of tb/checks/board_core_test.sh on tnboard-core
# and the ring build and on tnboard-emu4x4, the board RTL's static checks (tb/checks/board_lint.sh),
# EMU8_COUNT
# (default 20) on tnboard-emu8x8 (the 8x8 on two engines), the job arrays of
# tb/checks/slurm_test.sh (local, GNU parallel, a one-node Slurm), and CLI_COUNT
# (default 2000) random command lines (tb/checks/cli_fuzz.py, the sanitizer tnsim and tnhost), and
# every libFuzzer target of tb/fuzz/ for FUZZ_TIME seconds (default 120; 0: none) from the same
# seed (tb/checks/fuzz.sh; their corpora grow in build/fuzz/work/ from one regression to the next),
# and the Tang Mega 138K build's Gowin synthesis, checked (GW_SYNTH=0 skips it).
set -uo pipefail
cd "$(dirname "$0")/../.."
seed=${1:-$(( $(date +%s) % 100000 ))}
count=${COUNT:-40}
target=${TARGET:-1000000000}
jobs=${JOBS:-$(nproc)}
mkdir -p build/regress
rand=build/regress/random_$seed.txt
# the runs depend on the seed, COUNT and TARGET (each run's measure): the rerun names all three
rerun="make regress SEED=$seed"
[ "$count" = 40 ] || rerun="$rerun COUNT=$count"
[ "$target" = 1000000000 ] || rerun="$rerun TARGET=$target"
[ "${BOARD_COUNT:-40}" = 40 ] || rerun="$rerun BOARD_COUNT=$BOARD_COUNT"
if ! [[ ${BOARD_COUNT:-40} =~ ^[0-9]+$ ]]; then
    echo "regress: BOARD_COUNT '$BOARD_COUNT' is not allowed; allowed: an integer >= 0 (0: no board runs)" >&2
    exit 2
fi
[ "${RING_COUNT:-40}" = 40 ] || rerun="$rerun RING_COUNT=$RING_COUNT"
if ! [[ ${RING_COUNT:-40} =~ ^[0-9]+$ ]]; then
    echo "regress: RING_COUNT '$RING_COUNT' is not allowed; allowed: an integer >= 0 (0: no ring runs)" >&2
    exit 2
fi
[ "${CLI_COUNT:-2000}" = 2000 ] || rerun="$rerun CLI_COUNT=$CLI_COUNT"
if ! [[ ${CLI_COUNT:-2000} =~ ^[0-9]+$ ]]; then
    echo "regress: CLI_COUNT '$CLI_COUNT' is not allowed; allowed: an integer >= 0 (0: no random command lines)" >&2
    exit 2
fi
[ "${FUZZ_TIME:-120}" = 120 ] || rerun="$rerun FUZZ_TIME=$FUZZ_TIME"
if ! [[ ${FUZZ_TIME:-120} =~ ^[0-9]+$ ]]; then
    echo "regress: FUZZ_TIME '$FUZZ_TIME' is not allowed; allowed: seconds per libFuzzer target, an integer >= 0 (0: no fuzzing)" >&2
    exit 2
fi
echo "regress: random seed $seed (rerun: $rerun), $count random configurations, target $target router-cycles, $jobs jobs"
start=$(date +%s)
python3 - "$seed" "$count" "$target" > "$rand" <<'PY'
import random, sys
seed, count, target = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
# ACOR's choices come from a stream of their own, so that a seed draws the same other runs as
# before ACOR was in the list (half of the VAL runs become ACOR runs beside tn_acor)
ra = random.Random(seed * 7919 + 1)
# and a quarter of the runs take the board's buffers and payload (bcap=4 flitw=16: models of
# their own) from a third stream, the other draws unchanged
rb = random.Random(seed * 7919 + 2)
shapes = [(k, n) for k in (2, 3, 4, 5, 8) for n in (1, 2, 3) if k ** n <= 64 and k ** n >= 4]
pats = ["uniform", "tornado", "bitcomp", "bitrev", "shuffle", "butterfly", "transpose",
        "neighbor", "randperm", "hotspot"]
# the lists of make test and the long list compare about 2x10^7 (seed 7: 9.2x10^8 in all with
# 10^8 set aside here); the random runs share the rest
per_run = max(0, target - 20_000_000) // max(count, 1)
print(f"# random lockstep configurations, seed {seed}, about {per_run} router-cycles each")
for i in range(count):
    k, n = r.choice(shapes)
    nodes = k ** n
    bits = nodes.bit_length() - 1
    pow2 = (1 << bits) == nodes
    ok = [p for p in pats if pow2 or p not in ("bitrev", "shuffle", "butterfly", "transpose")]
    ok = [p for p in ok if p != "transpose" or bits % 2 == 0]
    t = r.choice(ok)
    cap = 8.0 / k if k % 2 == 0 else 8.0 * k / (k * k - 1)
    maxload = min(1.0 / cap, 1.0)
    load = round(r.uniform(0.05, 1.0) * maxload, 3) or 0.01
    a = r.randint(1, 16)
    pkt = str(a) if r.random() < 0.5 else f"{a}-{r.randint(a, 16)}"
    vcs = r.choice((2, 3, 4))
    routing = "dor"
    if vcs >= 3 and r.random() < 0.6:
        routing = "minad"
    if vcs >= 4 and k > 2 and r.random() < 0.5:
        routing = r.choice(("val", "goal"))
    measure = max(1000, per_run // nodes)
    buf = r.randint(1, 8)   # drawn where the line's f-string drew it: the same draws as before
    line = (f"rtl=rtr k={k} n={n} vcs={vcs} buf={buf} pkt={pkt} routing={routing} "
            f"traffic={t} load={load} seed={r.randint(1, 10**6)} warmup=200 measure={measure}")
    if routing == "val" and ra.random() < 0.5:
        line = line.replace("routing=val", "routing=acor")
        line += (f" acor_seq={ra.choice(('box-full', 'goalq-full', 'box-goalq-full', 'box-goalq'))}"
                 f" acor_mode={ra.choice(('router', 'packet'))} acor_hi={ra.randint(1, 256)}"
                 f" acor_it1={ra.randint(1, 8)} acor_it2={ra.randint(1, 16)}"
                 f" acor_dt1={ra.randint(0, 4)} acor_dt2={ra.randint(0, 8)}")
    if routing in ("minad", "goal"):
        line += " selection=" + r.choice(("random", "dor", "zigzag", "lru", "ldsf", "sq"))
    if r.random() < 0.5:
        line += " transit=off"
    if rb.random() < 0.25:
        line = line.replace(f" buf={buf} ", f" bcap=4 flitw=16 buf={min(buf, 4)} ")
    if t == "hotspot":
        line += f" hot_nodes={r.randrange(nodes)} hot_frac={round(r.random(), 2)}"
    if t == "randperm":
        line += f" perm_seed={r.randint(1, 1000)}"
    print(line)
PY
lists=(tb/regress/lockstep_test.txt tb/regress/lockstep_long.txt "$rand")

# tnsim check: every random configuration must be proven deadlock-free first
bad=0
while IFS= read -r line; do
    line=${line%%#*}
    [ -z "${line// /}" ] && continue
    read -r -a a <<< "$line"
    sim=()
    for x in "${a[@]}"; do case "$x" in rtl=*|fault=*|expect=*|bcap=*|stages=*|engines=*) ;; *) sim+=("$x") ;; esac; done
    if ! build/bin/tnsim check "${sim[@]}" >/dev/null 2>build/regress/check.err; then
        echo "regress: tnsim check refuses: $line"; head -3 build/regress/check.err; bad=$((bad + 1))
    fi
done < "$rand"
[ $bad -eq 0 ] || { echo "regress: $bad random configurations are not deadlock-free"; exit 1; }

# build every model once, two at a time (in the parallel runs, builds would collide on a directory)
models=$(for list in "${lists[@]}"; do
    grep -v '^\s*#' "$list" | grep -v '^\s*$' | while read -r line; do
        read -r -a a <<< "$line"
        run=()
        for x in "${a[@]}"; do case "$x" in expect=*) ;; *) run+=("$x") ;; esac; done
        build/bin/tnlock --which "${run[@]}" 2>/dev/null
    done
done | sort -u)
# shellcheck disable=SC2046 # one make target per model
make -s -j 2 $(for m in $models; do echo "build/vl/$m/tnlock"; done) >/dev/null || { echo "regress: a model failed to build"; exit 1; }
echo "regress: models built ($(( $(date +%s) - start )) s)"

# split every list into JOBS parts and run the parts in parallel
rm -rf build/regress/parts && mkdir -p build/regress/parts
for list in "${lists[@]}"; do
    base=$(basename "$list" .txt)
    grep -v '^\s*#' "$list" | grep -v '^\s*$' | awk -v j="$jobs" -v b="build/regress/parts/$base" \
        '{ print > (b "_" (NR % j) ".txt") }'
done
# tnlock's overlap (a second thread per run) only when the runs leave a processor free
if [ "$jobs" -gt 1 ]; then export LOCK_OVERLAP=off; fi
expected=$(cat build/regress/parts/*.txt | wc -l)
ls build/regress/parts/*.txt | xargs -P "$jobs" -I{} sh -c \
    'bash tb/checks/lockstep.sh {} "$(dirname {})/$(basename {} .txt).xml" > "$(dirname {})/$(basename {} .txt).out" 2>&1'
xrc=$?  # 123: some part failed (a failing run does that too); above: a part was killed
total=0 total_fail=0 total_skip=0 rcycles=0
for out in build/regress/parts/*.out; do
    grep '^not ok' -A2 "$out"
    p=$(grep -c '^ok ' "$out"); f=$(grep -c '^not ok ' "$out"); k=$(grep -c '^ok .*# SKIP' "$out")
    r=$(grep -o 'router-cycles compared: [0-9]*' "$out" | grep -o '[0-9]*$')
    total=$((total + p + f)); total_fail=$((total_fail + f)); total_skip=$((total_skip + k))
    rcycles=$((rcycles + ${r:-0}))
done
# a part stopped part-way (killed, out of memory) reports fewer runs than its list holds
if [ "$total" -lt "$expected" ] || [ "$xrc" -gt 123 ]; then
    echo "regress: only $total of $expected runs reported a result (xargs exit status $xrc): a part stopped early; see build/regress/parts/*.out"
    total_fail=$((total_fail + expected - total))
    total=$expected
fi
# random_suite NAME COUNT CMD...: a random check of its own (TAP, --junit), COUNT cases from the
# regression's seed; its cases join the totals and its JUnit file regress.xml
random_suite() {
    local name=$1 n=$2 out=build/regress/$1.out
    shift 2
    rm -f "build/regress/$name.xml" "$out"
    [ "$n" -eq 0 ] || "$@" --count "$n" --seed "$seed" --junit "build/regress/$name.xml" > "$out" 2>&1
    touch "$out"
    grep '^not ok' -A1 "$out"
    [ "$n" -eq 0 ] || tail -1 "$out" | sed 's/^# /regress: /'
    local p f k
    p=$(grep -c '^ok ' "$out"); f=$(grep -c '^not ok ' "$out"); k=$(grep -c '^ok .*# SKIP' "$out")
    if [ $((p + f)) -lt "$n" ]; then   # it stopped early (a missing program, a crash)
        tail -3 "$out"
        f=$((n - p))
    fi
    total=$((total + p + f)); total_fail=$((total_fail + f)); total_skip=$((total_skip + k))
}
# the board core against the C model: random runs from the same seed
random_suite board_fuzz "${BOARD_COUNT:-40}" python3 tb/checks/board_fuzz.py
# the ring build (tnboard-ring, K=8 N=1) the same way
random_suite board_fuzz_ring "${RING_COUNT:-40}" python3 tb/checks/board_fuzz.py --ring
# the 4x4 on the time-multiplexed engine (tnboard-emu4x4) the same way
random_suite board_fuzz_emu4x4 "${EMU_COUNT:-40}" python3 tb/checks/board_fuzz.py --emu4x4
# and the 8x8 on two engines (tnboard-emu8x8)
random_suite board_fuzz_emu8x8 "${EMU8_COUNT:-20}" python3 tb/checks/board_fuzz.py --emu8x8
# every check of tb/checks/board_core_test.sh on tnboard-core and the ring build (make test runs
# the quick set on tnboard-core and tnboard-emu4x4)
# tap_suite NAME WHAT CMD...: a TAP suite of its own into build/regress/NAME.out, its failures
# shown, its counts added to the totals
tap_suite() {
    local name=$1 what=$2 out=build/regress/$1.out p f
    shift 2
    rm -f "$out"
    "$@" > "$out" 2>&1
    grep '^not ok' -A3 "$out"
    p=$(grep -c '^ok ' "$out"); f=$(grep -c '^not ok ' "$out")
    [ $((p + f)) -gt 0 ] || { tail -3 "$out"; f=1; }
    echo "regress: $name ($what): $p passed, $f failed"
    total=$((total + p + f)); total_fail=$((total_fail + f))
}
tap_suite board_core "tnboard-core and tnboard-ring, every board check" bash tb/checks/board_core_test.sh
# the same checks on the 4x4 engine's board (make test runs its quick set)
tap_suite board_emu "tnboard-emu4x4, every board check" env TNBOARD_CORE=build/bin/tnboard-emu4x4 bash tb/checks/board_core_test.sh
# the ULX3S's DOR board with PIPE=1 routers (tnboard-pipe): tnhost takes pipe=1 from the build,
# DOR runs equal the C model's pipe=1, pipe=0 refused
tap_suite board_pipe "tnboard-pipe, the PIPE=1 DOR board against the C model" env BOARD_CORE_SET=pipe TNBOARD_CORE=build/bin/tnboard-pipe bash tb/checks/board_core_test.sh
# the board RTL's static checks (also in make lint)
tap_suite board_lint "fpga/*.v: Verilator -Wall, Icarus, elaboration checks, no latches" bash tb/checks/board_lint.sh
# sweeps and the lockstep regression as job arrays: tools/jobs.sh local, GNU parallel and a
# one-node Slurm started here (munged, slurmctld, slurmd; stopped at its end), each merge equal
# to the one-machine output (docs/cluster.md)
tap_suite slurm "job arrays: local, GNU parallel, one-node Slurm" bash tb/checks/slurm_test.sh
# random command lines against the sanitizer tnsim, from the same seed
random_suite cli_fuzz "${CLI_COUNT:-2000}" python3 tb/checks/cli_fuzz.py --tnsim build/san/tnsim --tnhost build/san/tnhost
# libFuzzer: each target FUZZ_TIME seconds from the regression's seed, one case per target
rm -f build/regress/fuzz.xml build/regress/fuzz.out
if [ "${FUZZ_TIME:-120}" -gt 0 ]; then
    FUZZ_SEED=$seed bash tb/checks/fuzz.sh time "${FUZZ_TIME:-120}" > build/regress/fuzz.out 2>&1
    sed 's/^fuzz: /regress: fuzz: /' build/regress/fuzz.out
    nt=$(grep -cE '^fuzz: fuzz_[a-z0-9_]+: [0-9]+ runs' build/regress/fuzz.out)
    nf=$(grep -cE '^fuzz: fuzz_[a-z0-9_]+: FINDING' build/regress/fuzz.out)
    want=$(ls tb/fuzz/fuzz_*.c | wc -l)
    # a target that reported neither (the script stopped: a missing build) is a failure
    [ $((nt + nf)) -ge "$want" ] || nf=$((want - nt))
    total=$((total + nt + nf)); total_fail=$((total_fail + nf))
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo "<testsuite name=\"fuzz\" tests=\"$((nt + nf))\" failures=\"$nf\">"
        sed -nE 's/^fuzz: (fuzz_[a-z0-9_]+): ([0-9]+ runs.*)/  <testcase classname="fuzz" name="\1"><system-out>\2<\/system-out><\/testcase>/p' build/regress/fuzz.out
        grep -E '^fuzz: fuzz_[a-z0-9_]+: FINDING' build/regress/fuzz.out | sed -E 's/[&<>"]/_/g' |
            sed -nE 's/^fuzz: (fuzz_[a-z0-9_]+): (.*)/  <testcase classname="fuzz" name="\1"><failure message="\2"\/><\/testcase>/p'
        echo '</testsuite>'
    } > build/regress/fuzz.xml
fi
# the Tang Mega 138K build's synthesis (make fpga BOARD=tangmega138k up to place and route: about
# 21 minutes on 2 cores), so that the Gowin build cannot rot; GW_SYNTH=0 skips it
rm -f build/regress/gw_synth.out
if [ "${GW_SYNTH:-1}" != 0 ]; then
    { bash tools/setup.sh fpga && BOARD=tangmega138k bash tools/fpga_build.sh synth; } > build/regress/gw_synth.out 2>&1
    grep -E '^(not )?ok ' build/regress/gw_synth.out | sed 's/^/regress: gw_synth: /'
    p=$(grep -c '^ok ' build/regress/gw_synth.out); f=$(grep -c '^not ok ' build/regress/gw_synth.out)
    [ $((p + f)) -ge 2 ] || { tail -3 build/regress/gw_synth.out; f=$((2 - p)); }
    total=$((total + p + f)); total_fail=$((total_fail + f))
fi
# one JUnit file for the whole regression
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuites name=\"regress\" tests=\"$total\" failures=\"$total_fail\" time=\"$(( $(date +%s) - start ))\">"
    for x in build/regress/parts/*.xml; do sed '1d' "$x"; done
    for x in build/regress/board_fuzz.xml build/regress/board_fuzz_ring.xml build/regress/cli_fuzz.xml build/regress/fuzz.xml; do
        [ ! -s "$x" ] || sed '1d' "$x"
    done
    echo '</testsuites>'
} > build/regress/regress.xml
secs=$(( $(date +%s) - start ))
echo "regress: $rcycles router-cycles compared in $secs s ($(awk -v r="$rcycles" -v s="$secs" 'BEGIN { printf "%.0f", r / (s > 0 ? s : 1) }') router-cycles/s); JUnit build/regress/regress.xml"
echo "regress: $((total - total_fail - total_skip)) passed, $total_fail failed$([ "$total_skip" -eq 0 ] || echo ", $total_skip skipped") (random seed $seed; rerun: $rerun)"
[ $total_fail -eq 0 ]
