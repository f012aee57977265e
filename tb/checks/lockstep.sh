#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a lockstep list (tb/regress/*.txt: one tnlock run per line) and prints TAP, a JUnit XML
# report and a one-line summary. Usage: lockstep.sh LIST [JUNIT_XML]
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
list=$1
junit=${2:-build/regress/$(basename "$list" .txt).xml}
mkdir -p "$(dirname "$junit")" build/regress/logs
tnlock=build/bin/tnlock
n=0 pass=0 fail=0 skip=0
cases=()
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
rcycles=0
start_all=$(date +%s)
while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    [ -z "${line// /}" ] && continue
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
        n=$((n + 1)); skip=$((skip + 1))
        echo "ok $n - $name # SKIP threads=$thr needs $thr processors, this machine has $(nproc)"
        cases+=("<testcase classname=\"lockstep\" name=\"$name\"><skipped/></testcase>")
        continue
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
        n=$((n + 1)); fail=$((fail + 1))
        echo "not ok $n - $name (tnsim check exit $crc)"
        echo "#   $(head -c 300 "$log.check")"
        cases+=("<testcase classname=\"lockstep\" name=\"$name\"><failure message=\"tnsim check exit $crc\"/></testcase>")
        continue
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
    n=$((n + 1))
    dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b-a}')
    rc_n=$(grep -o '"router_cycles": [0-9]*' <<< "$out" | grep -o '[0-9]*$')
    # model=off runs compare nothing: their router-cycles are not counted
    [ $ok -eq 1 ] && [ -n "$rc_n" ] && ! grep -q '"model": false' <<< "$out" && rcycles=$((rcycles + rc_n))
    if [ $ok -eq 1 ]; then
        pass=$((pass + 1))
        echo "ok $n - $name (${dt}s)"
        cases+=("<testcase classname=\"lockstep\" name=\"$name\" time=\"$dt\"/>")
    else
        fail=$((fail + 1))
        echo "not ok $n - $name (${dt}s)"
        echo "#   rerun: $tnlock ${run[*]}"
        [ -f "$waves/tnlock.gtkw" ] && echo "#   waveform: $waves/tnlock.fst (make waves WAVES=$waves)"
        printf '%s\n' "$why" | head -c 2000 | sed 's/^/#   /'
        echo
        esc=$(printf '%s' "$why" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g')
        cases+=("<testcase classname=\"lockstep\" name=\"$name\" time=\"$dt\"><failure message=\"$esc\"/></testcase>")
    fi
done < "$list"
# a list that gives no line has checked nothing: that is a failure, not a pass
if [ $n -eq 0 ]; then
    n=1; fail=1
    echo "not ok 1 - $list: no lockstep line read (missing, unreadable or empty)"
fi
echo "1..$n"
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuite name=\"$(basename "$list" .txt)\" tests=\"$n\" failures=\"$fail\" skipped=\"$skip\" time=\"$(( $(date +%s) - start_all ))\">"
    printf '%s\n' "${cases[@]}"
    echo '</testsuite>'
} > "$junit"
echo "# lockstep $(basename "$list"): $pass passed, $fail failed$([ $skip -eq 0 ] || echo ", $skip skipped"); $rcycles router-cycles compared; JUnit report $junit" >&2
echo "# router-cycles compared: $rcycles"
[ $fail -eq 0 ]
