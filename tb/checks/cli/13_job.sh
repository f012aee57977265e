# SPDX-License-Identifier: MIT
# check_cli.sh, part 13: job=list|I|merge, a command's simulations as independent jobs. Sourced by
# tb/checks/check_cli.sh (its helpers: tn, bad, ran_ok, ...; TAP counters of tb/checks/tap.sh),
# after the parts before it; not run alone.

# Every job run alone, in reverse order, then merged: the merge prints what the one-machine
# command prints, byte for byte, text and --json; only each run's own speed (sim_cycles_per_second,
# flit_hops_per_second, the text report's speed line) is the job's, so those are masked. A bad
# index, a missing, corrupted or foreign result and a failed job are refused naming the job.
mask() {
    sed -E 's/"sim_cycles_per_second": [^,}]*, "flit_hops_per_second": [^,}]*/"speed": -/g;
            s/^  speed .*/  speed -/' "$1"
}
# jobs_same DESC DIR ARGS...: job=list, each job=I (last first) into DIR, job=merge; merged and
# one-machine stdout, stderr and exit status the same (stdout with mask)
jobs_same() {
    local desc=$1 dir=$2 n i why=()
    shift 2
    tn "$@"
    local lrc=$RC
    cp "$TMP/out" "$TMP/job_local.out"
    cp "$TMP/err" "$TMP/job_local.err"
    tn "$@" job=list
    n=$(nlines "$TMP/out")
    [ "$RC" -eq 0 ] && [ "$n" -ge 1 ] || why+=("job=list: exit $RC, $n lines")
    for ((i = n - 1; i >= 0; i--)); do
        tn "$@" job=$i jobdir="$dir"
        [ "$RC" -eq "$lrc" ] || [ "$RC" -eq 0 ] || why+=("job=$i: exit $RC: $ERR")
    done
    tn "$@" job=merge jobdir="$dir"
    [ "$RC" -eq "$lrc" ] || why+=("merge exit $RC, the one-machine run's $lrc: $ERR")
    cmp -s <(mask "$TMP/job_local.out") <(mask "$TMP/out") ||
        why+=("stdout differs:" "$(diff <(mask "$TMP/job_local.out") <(mask "$TMP/out") | head -n 8)")
    cmp -s "$TMP/job_local.err" "$TMP/err" || why+=("stderr differs:" "$(diff "$TMP/job_local.err" "$TMP/err" | head -n 6)")
    if [ ${#why[@]} -eq 0 ]; then
        pass "job: $desc: $n jobs merged = the one-machine output"
    else
        fail "job: $desc: $n jobs merged = the one-machine output" "${why[@]}"
    fi
}
JQ="k=4 n=2 warmup=100 measure=500"
jobs_same "sweep CSV" "$TMP/jd1" sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45
jobs_same "sweep --json" "$TMP/jd1" sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45 --json
jobs_same "sweep out=FILE" "$TMP/jd1" sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45 out="$TMP/jo.csv"
tn sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45 out="$TMP/jo.csv" job=merge jobdir="$TMP/jd1"
check "job: sweep out=FILE merged writes the CSV to the file ($(nlines "$TMP/jo.csv") lines), nothing to stdout" \
    $([ "$RC" -eq 0 ] && [ ! -s "$TMP/out" ] && [ "$(nlines "$TMP/jo.csv")" -eq 4 ]; echo $?) "$ERR"
jobs_same "sweep seeds=2 CSV" "$TMP/jd2" sweep $JQ loads=0.2,0.4 seeds=2 seeds_perm=on traffic=randperm
jobs_same "sweep seeds=2 --json" "$TMP/jd2" sweep $JQ loads=0.2,0.4 seeds=2 seeds_perm=on traffic=randperm --json
tn sweep $JQ loads=0.2,0.4 seeds=2 seeds_perm=on traffic=randperm job=list
check "job: sweep of 2 loads with seeds=2 lists 4 jobs, load and seeds named" \
    $([ "$(nlines "$TMP/out")" -eq 4 ] && grep -qx $'3\tload=0.4 seed=2 perm_seed=2' "$TMP/out"; echo $?) "$OUT"
jobs_same "run seeds=3 gal" "$TMP/jd3" run $JQ vcs=3 routing=gal load=0.3 seeds=3
jobs_same "run seeds=3 gal --json" "$TMP/jd3" run $JQ vcs=3 routing=gal load=0.3 seeds=3 --json
jobs_same "run acor (one job)" "$TMP/jd4" run $JQ vcs=4 routing=acor load=0.3
jobs_same "run acor --json (one job)" "$TMP/jd4" run $JQ vcs=4 routing=acor load=0.3 --json
jobs_same "sat seeds=2" "$TMP/jd5" sat $JQ vcs=3 routing=minad seeds=2 tol=0.05
jobs_same "sat seeds=2 --json" "$TMP/jd5" sat $JQ vcs=3 routing=minad seeds=2 tol=0.05 --json
jobs_same "sat (one search, jobs=2)" "$TMP/jd6" sat $JQ vcs=3 routing=minad tol=0.05 jobs=2
# a run that fails (the watchdog stops a deadlock): the jobs keep it, the merge tells it as the
# one-machine run does (FAIL on stderr, exit 1)
jobs_same "run seeds=2 deadlocked (exit 1)" "$TMP/jd7" run k=8 n=1 vcs=2 dateline=off transit=off \
    buf=4 pkt=8 traffic=tornado load=0.99 watchdog=1000 warmup=100 measure=2000 seeds=2

# refusals, each naming the job
JS="sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45"
bad "job index past the command's jobs" "'job'|'3'|0..2|3 jobs" $JS job=3 jobdir="$TMP/jd1"
bad "job=I without jobdir" "'job'|jobdir" $JS job=1
bad "job=merge without jobdir" "'job'|'merge'|jobdir" $JS job=merge
bad "jobdir without job" "'jobdir'|job=" $JS jobdir="$TMP/jd1"
bad "job with bound" "'job'|run, sweep and sat" bound job=list
bad "job=abc" "'job'|'abc'|list merge" $JS job=abc
bad "job with a recorder" "'series'|job=" run $JQ series="$TMP/s.csv" job=list
# merge_refused DESC NEEDLES: the last merge exits non-zero, prints nothing on stdout, and names
# every needle on stderr
merge_refused() {
    local desc=$1 needles=$2 why=() nd
    [ "$RC" -ne 0 ] || why+=("exit 0")
    [ ! -s "$TMP/out" ] || why+=("printed a partial table: $(head -c 300 "$TMP/out")")
    IFS='|' read -r -a nd <<< "$needles"
    for n in "${nd[@]}"; do grep -qF -- "$n" "$TMP/err" || why+=("stderr lacks '$n'"); done
    [ -z "$(crash_reason)" ] || why+=("crashed: $(crash_reason)")
    if [ ${#why[@]} -eq 0 ]; then pass "job: merge refuses $desc"; else fail "job: merge refuses $desc" "${why[@]}" "stderr: $ERR"; fi
}
cp -r "$TMP/jd1" "$TMP/jm"
rm "$TMP/jm/job-1.json"
tn $JS job=merge jobdir="$TMP/jm"
merge_refused "a missing result" "job 1 of 3|load=0.3|no result|$TMP/jm/job-1.json|nothing printed"
cp "$TMP/jd1/job-1.json" "$TMP/jm/job-1.json"
sed -i 's/"packets": \([0-9]\)/"packets": 9\1/' "$TMP/jm/job-2.json"
tn $JS job=merge jobdir="$TMP/jm"
merge_refused "a corrupted result (a figure changed)" "job 2 of 3|job-2.json|corrupted|checksum"
head -c 100 "$TMP/jd1/job-2.json" > "$TMP/jm/job-2.json"
tn $JS job=merge jobdir="$TMP/jm"
merge_refused "a result cut short" "job 2 of 3|job-2.json|corrupted"
cp "$TMP/jd1/job-2.json" "$TMP/jm/job-2.json"
tn sweep $JQ vcs=3 routing=minad loads=0.1,0.3,0.45 seed=2 job=merge jobdir="$TMP/jm"
merge_refused "the results of another command" "job 0 of 3|another command"
# a job that failed (status 2 in its result, checksum made right): named with its reason
python3 - "$TMP/jm/job-0.json" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read().rstrip("\n")
s = s[:s.rindex(', "checksum": "')]
s = s.replace('"rc": 0,', '"rc": 2,', 1).replace('"cfg_err": ""', '"cfg_err": "out of memory"', 1)
h = 14695981039346656037
for b in s.encode():
    h = ((h ^ b) * 1099511628211) % (1 << 64)
open(p, "w").write(s + ', "checksum": "%016x"}\n' % h)
EOF
tn $JS job=merge jobdir="$TMP/jm"
merge_refused "a failed job" "job 0 of 3|failed: out of memory"
# the reader of results as outside input: 150 results of the sweep, each mutated (bytes flipped,
# inserted, deleted, cut short) and its checksum made right again, so that the parser, not the
# checksum, meets it: the merge never crashes (no sanitizer report), refuses with exit 2 and
# messages of one line each without control bytes, or merges (exit 0) a result still well formed
cp -r "$TMP/jd1" "$TMP/jz"
if msg=$(python3 - "$TNSIM" "$TMP/jz" "$TMP/jd1/job-1.json" $JS 2>&1 <<'EOF2'
import random, re, subprocess, sys
tnsim, d, orig, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
base = open(orig, "rb").read().rstrip(b"\n")
base = base[:base.rindex(b', "checksum": "')]
rng = random.Random(61)
bad = []
for case in range(150):
    s = bytearray(base)
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(4)
        p = rng.randrange(max(len(s), 1))
        if how == 0:
            s[p] = rng.randrange(256)
        elif how == 1:
            s.insert(p, rng.choice(b'0123456789-.,:[]{}" \\ue\x01\x7fx'))
        elif how == 2 and len(s) > 2:
            del s[p]
        elif how == 3 and rng.random() < 0.3:
            s = s[:p]
    h = 14695981039346656037
    for b in s:
        h = ((h ^ b) * 1099511628211) % (1 << 64)
    open(d + "/job-1.json", "wb").write(bytes(s) + b', "checksum": "%016x"}\n' % h)
    r = subprocess.run([tnsim] + args + ["job=merge", "jobdir=" + d], capture_output=True, timeout=60)
    err = r.stderr.decode("latin-1")
    why = None
    if re.search(r"runtime error|AddressSanitizer|LeakSanitizer", err):
        why = "sanitizer report"
    elif r.returncode not in (0, 2):
        why = "exit %d" % r.returncode
    elif r.returncode == 2 and (r.stdout or "job 1 of 3" not in err):
        why = "refusal printed a table or did not name job 1"
    elif re.search(r"[\x00-\x09\x0b-\x1f\x7f]", err):
        why = "a control byte on stderr"
    if why:
        bad.append("case %d: %s: %r; stderr %r" % (case, why, bytes(s)[:200], err[:300]))
print("\n".join(bad[:5]))
sys.exit(1 if bad else 0)
EOF2
); then
    pass "job: 150 mutated results (checksum made right): refused naming the job, or merged; no crash"
else
    fail "job: 150 mutated results (checksum made right): refused naming the job, or merged; no crash" "$msg"
fi
