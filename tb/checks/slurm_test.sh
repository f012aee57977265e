#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Job arrays (docs/cluster.md) on real engines, printed as TAP: a small tnsim sweep (and a sweep
# of replications, --json), a small lockstep list (tb/regress/lockstep_jobs.txt) and a failing
# list run through tools/jobs.sh local, parallel (GNU parallel on this machine) and slurm, each
# merged output compared (cmp) with the one-machine command's, only each run's own wall time and
# speed masked; the refusals of a bad job index, a missing and a corrupted result. For Slurm it
# installs slurm-wlm and munge from Debian when missing (apt-get), makes a munge key, starts
# munged, slurmctld and slurmd as a one-node cluster on this machine (its hostname, its
# processors, partition "tntest", every path under a temporary folder, ports that are free), and
# stops every daemon it started when it ends, however it ends. Run by make test and make regress;
# alone: bash tb/checks/slurm_test.sh. SLURM_TEST_SLURM=0: the Slurm part skipped.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
. tb/checks/tap.sh
t_start=$(date +%s.%N)
T=$(mktemp -d "${TMPDIR:-/tmp}/tn_slurm_test.XXXXXX")
chmod 755 "$T"
daemons=()
stop_daemons() {
    local p i
    for p in "${daemons[@]+"${daemons[@]}"}"; do kill "$p" 2>/dev/null; done
    for p in "${daemons[@]+"${daemons[@]}"}"; do
        for ((i = 0; i < 100; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$p" 2>/dev/null
        wait "$p" 2>/dev/null
    done
    daemons=()
}
trap 'stop_daemons; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM HUP

TNSIM=build/bin/tnsim
for need in build/bin/tnsim build/bin/tnlock build/vl/net_k4n2v2/tnlock; do
    if [ ! -x "$need" ]; then
        make -s "$need" >/dev/null 2>"$T/make.err" || { fail "$need builds" "$(tail -5 "$T/make.err")"; echo "1..$N"; exit 1; }
    fi
done

# mask FILE: each run's own wall time and speed (the only figures a merge takes from the jobs
# that the one-machine run measures itself)
mask() {
    sed -E 's/"(sim_cycles_per_second|flit_hops_per_second|rtl_cycles_per_second|model_cycles_per_second)": [0-9.e+-]*/"\1": -/g;
            s/ \([0-9]+\.[0-9]+s\)$//; s/^  speed .*/  speed -/' "$1"
}
SWEEP=("$TNSIM" sweep k=4 n=2 vcs=3 routing=minad warmup=100 measure=600 loads=0.1,0.25,0.4,0.45)
SEEDS=("$TNSIM" sweep k=4 n=2 routing=dor warmup=100 measure=600 loads=0.2,0.35 seeds=2 --json)
LOCK=(bash tb/checks/lockstep.sh tb/regress/lockstep_jobs.txt)
# a list with a failing line (a mismatch expected where there is none): merged as printed here
printf 'rtl=net k=4 n=2 vcs=2 buf=8 pkt=4 traffic=uniform load=0.2 seed=4 warmup=100 measure=1000 expect=credit\n' > "$T/failing.txt"
grep -v '^#' tb/regress/lockstep_jobs.txt | head -n 1 >> "$T/failing.txt"
FAILING=(bash tb/checks/lockstep.sh "$T/failing.txt")

# reference NAME RC CMD...: the one-machine run's stdout into $T/NAME.ref; its exit status RC
reference() {
    local name=$1 want=$2 rc
    shift 2
    "$@" > "$T/$name.ref" 2> "$T/$name.ref.err"
    rc=$?
    check "$name: the one-machine run exits $want" $([ $rc -eq "$want" ]; echo $?) "exit $rc" "$(tail -3 "$T/$name.ref.err")"
}
reference sweep 0 "${SWEEP[@]}"
reference seeds 0 "${SEEDS[@]}"
reference lock 0 "${LOCK[@]}"
reference failing 1 "${FAILING[@]}"

# through ENGINE [JOBS.SH OPTIONS...] -- NAME RC CMD...: jobs.sh's merged output equals the reference
through() {
    local engine=$1 opts=()
    shift
    while [ "$1" != -- ]; do opts+=("$1"); shift; done
    shift
    local name=$1 want=$2 rc t0 dt
    shift 2
    t0=$(date +%s.%N)
    bash tools/jobs.sh --dir "$T/$engine-$name" "${opts[@]+"${opts[@]}"}" "$engine" -- "$@" > "$T/$engine-$name.out" 2> "$T/$engine-$name.err"
    rc=$?
    dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    local why=()
    [ $rc -eq "$want" ] || why+=("jobs.sh exit $rc, the one-machine run's $want" "$(tail -n 8 "$T/$engine-$name.err")")
    cmp -s <(mask "$T/$name.ref") <(mask "$T/$engine-$name.out") ||
        why+=("merged output differs from the one-machine run's:" "$(diff <(mask "$T/$name.ref") <(mask "$T/$engine-$name.out") | head -n 10)")
    local nj
    nj=$(grep -c . "$T/$engine-$name/jobs.txt" 2>/dev/null)
    if [ ${#why[@]} -eq 0 ]; then
        pass "jobs.sh $engine: $name, ${nj:-?} jobs, merged = the one-machine output (${dt} s)"
    else
        fail "jobs.sh $engine: $name, ${nj:-?} jobs, merged = the one-machine output (${dt} s)" "${why[@]}"
    fi
}
through local -j 2 -- sweep 0 "${SWEEP[@]}"
through local -- seeds 0 "${SEEDS[@]}"
through local -j 2 -- lock 0 "${LOCK[@]}"
through local -- failing 1 "${FAILING[@]}"

# GNU parallel on this machine (installed when missing)
if ! command -v parallel >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq parallel > "$T/apt-parallel.log" 2>&1
fi
if command -v parallel >/dev/null; then
    through parallel -j 2 -- sweep 0 "${SWEEP[@]}"
    through parallel -- lock 0 "${LOCK[@]}"
    through parallel -- failing 1 "${FAILING[@]}"
    # --sshlogin passed through to GNU parallel (":" is this machine, without ssh)
    through parallel --sshlogin : -j 2 -- seeds 0 "${SEEDS[@]}"
else
    fail "GNU parallel installs (apt-get install parallel)" "$(tail -n 5 "$T/apt-parallel.log")"
fi

# refusals: each names the job and exits non-zero, printing no partial table
# refused DESC NEEDLES CMD...: CMD exits non-zero, prints nothing on stdout, names every needle
refused() {
    local desc=$1 needles=$2 nd n why=() rc
    shift 2
    "$@" > "$T/ref.out" 2> "$T/ref.err"
    rc=$?
    [ $rc -ne 0 ] || why+=("exit 0")
    [ ! -s "$T/ref.out" ] || why+=("stdout: $(head -c 300 "$T/ref.out")")
    IFS='|' read -r -a nd <<< "$needles"
    for n in "${nd[@]}"; do grep -qF -- "$n" "$T/ref.err" || why+=("stderr lacks '$n'"); done
    if [ ${#why[@]} -eq 0 ]; then pass "refused: $desc"; else fail "refused: $desc" "${why[@]}" "stderr: $(head -c 600 "$T/ref.err")"; fi
}
refused "lockstep.sh --job past the list's lines" "--job '3'|0..2" "${LOCK[@]}" --job 3 --dir "$T/x"
refused "tnsim job=4 of a 4-job sweep" "'job'|'4'|0..3" "${SWEEP[@]}" job=4 jobdir="$T/x"
cp -r "$T/local-lock" "$T/lock-bad"
rm "$T/lock-bad/line-1.rec"
refused "lockstep.sh --merge with a missing result" "job 1 of 3|line-1.rec|no result|nothing printed" "${LOCK[@]}" --merge "$T/lock-bad"
cp "$T/local-lock/line-1.rec" "$T/lock-bad/line-1.rec"
sed -i 's/^status pass/status fail/' "$T/lock-bad/line-2.rec"
refused "lockstep.sh --merge with a corrupted result" "job 2 of 3|line-2.rec|corrupted" "${LOCK[@]}" --merge "$T/lock-bad"
cp -r "$T/local-sweep" "$T/sweep-bad"
rm "$T/sweep-bad/job-3.json"
refused "tnsim job=merge with a missing result" "job 3 of 4|load=0.45|no result|job-3.json" "${SWEEP[@]}" job=merge jobdir="$T/sweep-bad"
cp "$T/local-sweep/job-3.json" "$T/sweep-bad/job-3.json"
sed -i 's/"latency_p99": \([0-9]\)/"latency_p99": 1\1/' "$T/sweep-bad/job-0.json"
refused "tnsim job=merge with a corrupted result" "job 0 of 4|job-0.json|corrupted|checksum" "${SWEEP[@]}" job=merge jobdir="$T/sweep-bad"
refused "jobs.sh with an engine it does not know" "engine 'pbs'" bash tools/jobs.sh pbs -- "${SWEEP[@]}"
refused "jobs.sh with a command that cannot list its jobs" "refused to list|key 'job'" bash tools/jobs.sh --dir "$T/x2" local -- "$TNSIM" bound job=list

# ---- a one-node Slurm cluster on this machine ----
slurm_part() {
    local pkgs=()
    command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null || pkgs+=(slurm-wlm)
    command -v munged >/dev/null || pkgs+=(munge)
    if [ ${#pkgs[@]} -gt 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" > "$T/apt.log" 2>&1 ||
            { fail "apt-get install ${pkgs[*]}" "$(tail -n 5 "$T/apt.log")"; return; }
    fi
    local host cpus v
    host=$(hostname -s)
    cpus=$(nproc)
    v=$(slurmctld -V 2>/dev/null)
    mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log"
    chmod 700 "$T/munge"
    # munge: a key made here, the daemon on a socket of its own (a system munged is left alone)
    dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$T/munge/munge.key"
    munged --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.sock" \
        --pid-file="$T/munge/munged.pid" --log-file="$T/log/munged.log" \
        --seed-file="$T/munge/munged.seed" --foreground > "$T/log/munged.out" 2>&1 &
    daemons+=($!)
    local i
    for ((i = 0; i < 50; i++)); do [ -S "$T/munge/munge.sock" ] && break; sleep 0.1; done
    if ! echo x | munge --socket="$T/munge/munge.sock" | unmunge --socket="$T/munge/munge.sock" >/dev/null 2>&1; then
        fail "munged runs (a credential made and read back)" "$(tail -n 5 "$T/log/munged.log" "$T/log/munged.out" 2>/dev/null)"
        return
    fi
    pass "munged runs with a key made here (a credential made and read back)"
    # two free TCP ports for slurmctld and slurmd
    local ports
    ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
    read -r cport dport <<< "$ports"
    cat > "$T/slurm.conf" <<EOF
ClusterName=tntest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$cport
SlurmdPort=$dport
AuthType=auth/munge
AuthInfo=socket=$T/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldParameters=enable_configless
MinJobAge=60
KillWait=5
InactiveLimit=0
SlurmdTimeout=60
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=tntest Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
    export SLURM_CONF="$T/slurm.conf"
    slurmctld -D -i -f "$T/slurm.conf" > "$T/log/slurmctld.out" 2>&1 &
    daemons+=($!)
    slurmd -D -f "$T/slurm.conf" -N "$host" > "$T/log/slurmd.out" 2>&1 &
    daemons+=($!)
    local state=
    for ((i = 0; i < 60; i++)); do
        state=$(sinfo -h -p tntest -o %t 2>/dev/null | head -n 1)
        [ "$state" = idle ] && break
        sleep 0.5
    done
    if [ "$state" != idle ]; then
        fail "a one-node Slurm cluster starts ($v, node $host, $cpus CPUs)" "node state '$state' after 30 s" \
            "$(tail -n 8 "$T/log/slurmctld.log" "$T/log/slurmd.log" "$T/log/slurmctld.out" "$T/log/slurmd.out" 2>/dev/null)"
        return
    fi
    pass "a one-node Slurm cluster starts ($v, node $host, $cpus CPUs, partition tntest)"
    through slurm --partition tntest --time 10 -- sweep 0 "${SWEEP[@]}"
    through slurm --partition tntest -- seeds 0 "${SEEDS[@]}"
    through slurm --partition tntest --time 10 -- lock 0 "${LOCK[@]}"
    through slurm --partition tntest -- failing 1 "${FAILING[@]}"
    # more jobs than one array may hold (TN_SLURM_MAX_ARRAY=3: arrays 0-2 and 0-0 at offset 3),
    # at most 2 tasks running (%2)
    cp "$T/sweep.ref" "$T/sweep_parts.ref"
    TN_SLURM_MAX_ARRAY=3 through slurm --max-running 2 -- sweep_parts 0 "${SWEEP[@]}"
    check "slurm: the sweep in two arrays of 3 and 1 tasks (%2)" \
        $(grep -q -- '--array=0-2%2 (jobs 0..2)' "$T/slurm-sweep_parts.err" &&
          grep -q -- '--array=0-0%2 (jobs 3..3)' "$T/slurm-sweep_parts.err"; echo $?) "$(grep sbatch "$T/slurm-sweep_parts.err")"
    # the array's tasks ran as Slurm tasks: one log per task, the array's size the job count
    local nlogs
    nlogs=$(ls "$T/slurm-sweep"/slurm-*_*.log 2>/dev/null | wc -l)
    check "slurm: the sweep ran as an array of 4 tasks (one log each)" $([ "$nlogs" -eq 4 ]; echo $?) "$nlogs task logs"
    stop_daemons
    local left=0 p
    for p in $(cat "$T/slurmctld.pid" "$T/slurmd.pid" "$T/munge/munged.pid" 2>/dev/null); do
        kill -0 "$p" 2>/dev/null && left=$((left + 1))
    done
    check "slurm: every daemon started here is stopped" $([ $left -eq 0 ]; echo $?) "$left still running"
}
if [ "${SLURM_TEST_SLURM:-1}" = 0 ]; then
    skip "one-node Slurm cluster" "SLURM_TEST_SLURM=0"
else
    slurm_part
fi
echo "# slurm_test.sh: $(awk -v a="$t_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
echo "1..$N"
[ "$FAILED" -eq 0 ]
