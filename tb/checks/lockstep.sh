#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a lockstep list (tb/regress/*.txt: one tnlock run per line) and prints TAP, a JUnit XML
# report and a one-line summary. Usage:
#   lockstep.sh LIST [JUNIT_XML]              every line here, one after another
#   lockstep.sh LIST --list                   its independent jobs: "I<TAB>NAME<TAB>LINE", one a line
#   lockstep.sh LIST --job I --dir DIR        line I alone; its result into DIR/line-I.rec
#   lockstep.sh LIST --merge DIR [JUNIT_XML]  from DIR's results, what the first form prints
# (a Slurm array or GNU parallel: tools/jobs.sh, docs/cluster.md). The first form is the jobs run
# here and merged as they end: the same code prints each line's result, so a merge prints what it
# prints but each run's own wall time. A merge reads every result first and refuses (exit 2,
# nothing printed) naming each line whose result is missing, corrupted or from another list.
# A line may carry expect=FIELD: the run must then report a mismatch in that field (planted
# faults); expect=deadlock: tnsim check must refuse the configuration and the run must stop on
# the watchdog with zero mismatches (a deliberately broken configuration). Every other
# configuration must first be proven deadlock-free by tnsim check (where it applies). Every other
# run must report zero mismatches and deliver every packet intact, but a run with inject= (one
# break of the protocol), which must end with both models setting the break's error bit. Each
# run writes a mismatch's waveform to build/regress/waves/NAME (a failing line prints it; not a
# line that expects its mismatch, waves=off); a line
# with threads=N above the machine's processors is skipped (TAP "# SKIP", JUnit <skipped/>).
set -uo pipefail
cd "$(dirname "$0")/../.."
usage() {
    echo "usage: lockstep.sh LIST [JUNIT_XML] | LIST --list | LIST --job I --dir DIR | LIST --merge DIR [JUNIT_XML]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
list=$1
shift
mode=run jobi= dir=
case "${1:-}" in
    --list) mode=list; [ $# -eq 1 ] || usage ;;
    --job) mode=job; [ $# -eq 4 ] && [ "$3" = --dir ] || usage; jobi=$2; dir=$4 ;;
    --merge) mode=merge; [ $# -ge 2 ] && [ $# -le 3 ] || usage; dir=$2; shift 2 ;;
    -*) usage ;;
esac
[ "$mode" = run ] || [ "$mode" = merge ] || set --
junit=${1:-build/regress/$(basename "$list" .txt).xml}
tnlock=build/bin/tnlock
# the run's content name, from the model's key table (tnsim name), plus tnlock's own keys
name_of() {
    local a sim=() extra=
    for a in "$@"; do
        case "$a" in
            rtl=*|fault=*) extra="${extra}_${a#*=}" ;;
            inject=*) extra="${extra}_inj_${a#*=}" ;;
            bcap=*) extra="${extra}_B${a#*=}" ;;
            flitw=*) extra="${extra}_W${a#*=}"; sim+=("$a") ;;
            xinit=*) extra="${extra}_x${a#*=}" ;;
            inject_node=*) extra="${extra}_at${a#*=}" ;;
            inject_at=*) ;;
            threads=*) extra="${extra}_j${a#*=}" ;;
            stages=*) extra="${extra}_s${a#*=}" ;;
            engines=*) extra="${extra}_e${a#*=}" ;;
            overlap=*) extra="${extra}_ov${a#*=}" ;;
            cycles=*|window=*|model=*|waves=*) ;;
            *) sim+=("$a") ;;
        esac
    done
    local n
    n=$(build/bin/tnsim name k=4 warmup=200 measure=2000 "${sim[@]}" 2>/dev/null) || n=bad_config
    echo "$n${extra:-_net}"
}
# the list's lines (comments and blank lines dropped): the jobs, in order
jobs_l=()
while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    [ -z "${line// /}" ] && continue
    jobs_l+=("$line")
done < "$list" 2>/dev/null
njobs=${#jobs_l[@]}
# the list's fingerprint: its lines; a result names it, so a merge takes no other list's
fp=$(printf '%s\n' "${jobs_l[@]+"${jobs_l[@]}"}" | sha256sum | cut -c1-16)
if [ "$mode" = list ]; then
    for i in "${!jobs_l[@]}"; do
        read -r -a args <<< "${jobs_l[$i]}"
        run=()
        for a in "${args[@]}"; do case "$a" in expect=*) ;; *) run+=("$a") ;; esac; done
        printf '%d\t%s\t%s\n' "$i" "$(name_of "${run[@]}")" "$(echo ${jobs_l[$i]})"
    done
    exit 0
fi

# run_line I REC: line I run and judged; its result written to REC (write_rec's form)
run_line() {
    local i=$1 rec=$2 line=${jobs_l[$1]}
    local args expect run a name log thr waves sim crc cok t0 t1 out rc ok why dt rc_n esc
    local status tap junit_case rcyc=0 diag=
    read -r -a args <<< "$line"
    expect=
    run=()
    for a in "${args[@]}"; do
        case "$a" in expect=*) expect=${a#expect=} ;; *) run+=("$a") ;; esac
    done
    name=$(name_of "${run[@]}")
    log=build/regress/logs/$name.log
    thr=$(printf '%s\n' "${run[@]}" | sed -n 's/^threads=//p' | tail -n 1)
    if [ -n "$thr" ] && [ "$thr" -gt "$(nproc)" ]; then
        write_rec "$rec" "$i" skip 0 "$name # SKIP threads=$thr needs $thr processors, this machine has $(nproc)" \
            "<testcase classname=\"lockstep\" name=\"$name\"><skipped/></testcase>" ""
        return
    fi
    # each run's own waveform folder. A line that expects a mismatch (a planted fault) writes
    # none: its mismatch is the pass, and a waveform would have its model's traced twin built
    # (the models are built without tracing, tb/lock/waves.c); rerun it by hand for one
    waves=build/regress/waves/$name
    [ "$expect" = deadlock ] || [ -z "$expect" ] || waves=off
    # coverage runs (tb/checks/rtl_coverage.sh) write no waveform: a coverage model has no traced twin
    [ -n "${TN_VL_COVERAGE:-}" ] && waves=off
    [[ " ${run[*]} " == *" waves="* ]] || run+=("waves=$waves")
    # first the channel dependency graph (tnsim check): deadlock-free, or, for a deliberately
    # broken configuration, refused; exit 2 means the checker does not apply (e.g. CHAOS)
    sim=()
    for a in "${run[@]}"; do case "$a" in rtl=*|fault=*|threads=*|stages=*|engines=*|overlap=*|cycles=*|window=*|model=*|waves=*|inject*=*|bcap=*|xinit=*) ;; *) sim+=("$a") ;; esac; done
    build/bin/tnsim check k=4 "${sim[@]}" > "$log.check" 2>&1
    crc=$?
    # a line passes the gate with exit 0 (acyclic), or exit 2 only where the checker says it does
    # not apply; a refusal of the keys, a crash or a missing tnsim fails it
    cok=0
    if [ "$expect" = deadlock ]; then
        [ $crc -eq 1 ] && cok=1
    elif [ $crc -eq 0 ] || { [ $crc -eq 2 ] && grep -q 'does not apply' "$log.check"; }; then
        cok=1
    fi
    if [ $cok -eq 0 ]; then
        write_rec "$rec" "$i" fail 0 "$name (tnsim check exit $crc)" \
            "<testcase classname=\"lockstep\" name=\"$name\"><failure message=\"tnsim check exit $crc\"/></testcase>" \
            "#   $(head -c 300 "$log.check")"
        return
    fi
    # a job (--job) builds its model under a lock first: jobs beside it on this machine or a
    # shared folder would build the same model at once and collide on its directory
    if [ "$mode" = job ]; then
        local m
        m=$("$tnlock" --which "${run[@]}" 2>/dev/null) &&
            flock build/regress/.model-build.lock make -s "build/vl/$m/tnlock" >/dev/null 2>&1
    fi
    t0=$(date +%s.%N)
    # LOCK_OVERLAP=off (make regress with parallel jobs): every run steps model and RTL on one
    # thread, so that JOBS runs do not each ask for two processors
    [ -n "${LOCK_OVERLAP:-}" ] && ! [[ " ${run[*]} " == *" overlap="* ]] && run+=("overlap=$LOCK_OVERLAP")
    out=$("$tnlock" "${run[@]}" --json 2> "$log.err")
    rc=$?
    t1=$(date +%s.%N)
    echo "$out" > "$log"
    ok=0 why=
    if [ "$expect" = deadlock ]; then
        if [ $rc -eq 1 ] && grep -q '"mismatch": false' <<< "$out" && grep -q '"deadlocked": true' <<< "$out" &&
            grep -q 'no flit moved for' "$log.err"; then
            ok=1
        else
            why="expected the watchdog to stop a deadlocked run with 0 mismatches; got rc=$rc: $(head -c 400 <<< "$out")"
        fi
    elif [ -n "$expect" ]; then
        if [ $rc -eq 1 ] && grep -q '"mismatch": true' <<< "$out" && grep -q "\"field\": \"$expect\"" <<< "$out"; then
            ok=1
        else
            why="expected a mismatch in field $expect; got rc=$rc: $(grep mismatch <<< "$out" | tail -1)"
        fi
    elif grep -q '"model": false' <<< "$out"; then
        # model=off: the RTL alone must deliver every packet it was given, intact
        local pin pout
        pin=$(grep -o '"packets_injected": [0-9]*' <<< "$out" | grep -o '[0-9]*$')
        pout=$(grep -o '"packets_delivered": [0-9]*' <<< "$out" | grep -o '[0-9]*$')
        if [ $rc -eq 0 ] && grep -q '"check_errors": 0' <<< "$out" && [ -n "$pin" ] &&
            [ "${pout:-0}" -gt 0 ] && [ "$pin" = "$pout" ]; then
            ok=1
        else
            why="model=off: rc=$rc: $(head -c 400 <<< "$out")"
        fi
    elif [ $rc -eq 0 ] && grep -q '"mismatch": false' <<< "$out"; then
        ok=1
    else
        why="rc=$rc: $(grep -h 'MISMATCH\|error' "$log.err" <<< "" 2>/dev/null; head -c 400 <<< "$out"; head -c 400 "$log.err")"
    fi
    dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b-a}')
    rc_n=$(grep -o '"router_cycles": [0-9]*' <<< "$out" | grep -o '[0-9]*$')
    # model=off runs compare nothing: their router-cycles are not counted
    [ $ok -eq 1 ] && [ -n "$rc_n" ] && ! grep -q '"model": false' <<< "$out" && rcyc=$rc_n
    if [ $ok -eq 1 ]; then
        write_rec "$rec" "$i" pass "$rcyc" "$name (${dt}s)" \
            "<testcase classname=\"lockstep\" name=\"$name\" time=\"$dt\"/>" ""
    else
        diag="#   rerun: $tnlock ${run[*]}"
        [ -f "$waves/tnlock.gtkw" ] && diag+=$'\n'"#   waveform: $waves/tnlock.fst (make waves WAVES=$waves)"
        diag+=$'\n'"$(printf '%s\n' "$why" | head -c 2000 | sed 's/^/#   /')"$'\n'
        esc=$(printf '%s' "$why" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g')
        write_rec "$rec" "$i" fail 0 "$name (${dt}s)" \
            "<testcase classname=\"lockstep\" name=\"$name\" time=\"$dt\"><failure message=\"$esc\"/></testcase>" "$diag"
    fi
}

# write_rec REC I STATUS RCYCLES TAP JUNIT DIAG: one line's result: a header naming the list
# (its fingerprint), the line and its count, then the TAP description, the JUnit case and the
# diagnostic lines (each part counted in lines), last the SHA-256 of all before it. Written to
# a temporary file and renamed, so a reader sees all of it or nothing.
write_rec() {
    local rec=$1 tmp body
    tmp="$rec.$$.tmp"
    body=$(
        printf 'tnlock-job 1\nindex %s\njobs %s\nfingerprint %s\nstatus %s\nrcycles %s\ntap %s\n' \
            "$2" "$njobs" "$fp" "$3" "$4" "$5"
        printf 'junit %s\n%s\n' "$(printf '%s\n' "$6" | wc -l)" "$6"
        if [ -n "$7" ]; then printf 'diag %s\n%s\n' "$(printf '%s\n' "$7" | wc -l)" "$7"; else echo 'diag 0'; fi
        echo end
    )
    { printf '%s\n' "$body"; printf 'sha256 %s\n' "$(printf '%s\n' "$body" | sha256sum | cut -c1-64)"; } > "$tmp" &&
        mv -f "$tmp" "$rec"
}

# check_rec REC I: empty when REC is line I's result of this list, else why not
check_rec() {
    local rec=$1 i=$2 body sum
    [ -f "$rec" ] || { echo "has no result: '$rec' does not exist"; return; }
    sum=$(tail -n 1 "$rec")
    body=$(head -n -1 "$rec")
    [ "$sum" = "sha256 $(printf '%s\n' "$body" | sha256sum | cut -c1-64)" ] ||
        { echo "result '$rec' is corrupted (its checksum does not match its content)"; return; }
    [ "$(sed -n 1p "$rec")" = "tnlock-job 1" ] || { echo "result '$rec' is of another format"; return; }
    [ "$(sed -n 2p "$rec")" = "index $i" ] && [ "$(sed -n 3p "$rec")" = "jobs $njobs" ] &&
        [ "$(sed -n 4p "$rec")" = "fingerprint $fp" ] ||
        { echo "result '$rec' is of another list or line ($(sed -n 2,4p "$rec" | tr '\n' ' '))"; return; }
    grep -qxE 'status (pass|fail|skip)' <(sed -n 5p "$rec") ||
        echo "result '$rec' is corrupted (no status)"
}

n=0 pass=0 fail=0 skip=0 rcycles=0
cases=()
# emit REC: a line's result printed as the next TAP line, counted
emit() {
    local rec=$1 status r tap nj nd
    status=$(sed -n 's/^status //p' "$rec")
    r=$(sed -n 's/^rcycles //p' "$rec")
    tap=$(sed -n 's/^tap //p' "$rec" | head -n 1)
    nj=$(sed -n 's/^junit //p' "$rec" | head -n 1)
    n=$((n + 1))
    rcycles=$((rcycles + r))
    case $status in
        pass) pass=$((pass + 1)); echo "ok $n - $tap" ;;
        skip) skip=$((skip + 1)); echo "ok $n - $tap" ;;
        *) fail=$((fail + 1)); echo "not ok $n - $tap" ;;
    esac
    cases+=("$(sed -n "9,$((8 + nj))p" "$rec")")
    nd=$(sed -n "$((9 + nj))s/^diag //p" "$rec")
    [ "${nd:-0}" -eq 0 ] || sed -n "$((10 + nj)),$((9 + nj + nd))p" "$rec"
}

if [ "$mode" = job ]; then
    if ! [[ "$jobi" =~ ^[0-9]+$ ]] || [ "$jobi" -ge "$njobs" ]; then
        echo "lockstep.sh: error: --job '$jobi' is not allowed; allowed: 0..$((njobs - 1)) ($list has $njobs lines: --list)" >&2
        exit 2
    fi
    mkdir -p "$dir" build/regress/logs || exit 2
    run_line "$jobi" "$dir/line-$jobi.rec"
    [ -f "$dir/line-$jobi.rec" ] || { echo "lockstep.sh: error: cannot write '$dir/line-$jobi.rec'" >&2; exit 2; }
    echo "lockstep.sh: job $jobi of $njobs: $(sed -n 's/^status //p' "$dir/line-$jobi.rec"), $dir/line-$jobi.rec"
    exit 0
fi

if [ "$mode" = merge ]; then
    bad=0
    for i in "${!jobs_l[@]}"; do
        why=$(check_rec "$dir/line-$i.rec" "$i")
        if [ -n "$why" ]; then
            echo "lockstep.sh: error: --merge: job $i of $njobs ($(echo ${jobs_l[$i]})) $why" >&2
            bad=$((bad + 1))
        fi
    done
    if [ $bad -gt 0 ]; then
        echo "lockstep.sh: error: --merge: $bad of $njobs jobs without a usable result; nothing printed (rerun them: $0 $list --job I --dir $dir)" >&2
        exit 2
    fi
fi

mkdir -p "$(dirname "$junit")" build/regress/logs
start_all=$(date +%s)
recs=$(mktemp -d "${TMPDIR:-/tmp}/tn_lockstep.XXXXXX")
trap 'rm -rf "$recs"' EXIT
for i in "${!jobs_l[@]}"; do
    if [ "$mode" = merge ]; then
        emit "$dir/line-$i.rec"
    else
        run_line "$i" "$recs/line-$i.rec"
        emit "$recs/line-$i.rec"
    fi
done
# a list that gives no line has checked nothing: that is a failure, not a pass
if [ $n -eq 0 ]; then
    n=1; fail=1
    echo "not ok 1 - $list: no lockstep line read (missing, unreadable or empty)"
fi
echo "1..$n"
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuite name=\"$(basename "$list" .txt)\" tests=\"$n\" failures=\"$fail\" skipped=\"$skip\" time=\"$(( $(date +%s) - start_all ))\">"
    printf '%s\n' "${cases[@]+"${cases[@]}"}"
    echo '</testsuite>'
} > "$junit"
echo "# lockstep $(basename "$list"): $pass passed, $fail failed$([ $skip -eq 0 ] || echo ", $skip skipped"); $rcycles router-cycles compared; JUnit report $junit" >&2
echo "# router-cycles compared: $rcycles"
[ $fail -eq 0 ]
