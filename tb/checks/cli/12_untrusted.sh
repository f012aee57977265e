# SPDX-License-Identifier: MIT
# check_cli.sh, part 12: untrusted input (issue 57). Sourced by tb/checks/check_cli.sh (its helpers:
# tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not
# run alone.

# Readers of files and pipes refuse a NUL byte (naming the file, the line and the byte), an
# over-long line and an over-long input, and none can run without end: each reproducer runs
# under a time limit (tnt, badt). Values echoed in messages show control bytes as \xNN.
# tnt SECS ARGS...: tn under a limit of SECS seconds
tnt() {
    local secs=$1
    shift
    TN_LIMIT=$secs tn "$@"
}
# badt SECS DESC NEEDLES ARGS...: bad under a limit of SECS seconds
badt() {
    local secs=$1
    shift
    TN_LIMIT=$secs bad "$@"
}
badt 30 "--config /dev/zero ends at its first byte" \
    "/dev/zero:1: byte 1 is a NUL byte; allowed: text without NUL bytes" --config /dev/zero
printf 'k=4\nload=0.5\0junk\n' >"$TMP/nul.cfg"
badt 30 "a NUL after load=0.5 in a --config file" \
    "$TMP/nul.cfg:2: byte 9 is a NUL byte; allowed: text without NUL bytes" --config "$TMP/nul.cfg"
head -c 10000000 /dev/zero >"$TMP/zeros.cfg"
badt 30 "a --config file of 10 MB of NULs" "$TMP/zeros.cfg:1: byte 1 is a NUL byte" \
    --config "$TMP/zeros.cfg"
awk 'BEGIN { s = sprintf("#%510s", ""); for (i = 0; i < 2049; i++) print s }' >"$TMP/big.cfg"
badt 30 "a --config file of more than 1 MiB" \
    "$TMP/big.cfg:2049: the file is longer than 1048576 bytes; allowed: at most 1048576 bytes" \
    --config "$TMP/big.cfg"
printf 'k=4\nvcs\033[2J 3\n' >"$TMP/esc.cfg"
badt 30 "a --config line without '=' echoed with its control bytes escaped" \
    "$TMP/esc.cfg:2: expected key=value, got 'vcs\\x1b[2J 3'" --config "$TMP/esc.cfg"
TN_IN=/dev/zero badt 30 "stats < /dev/zero ends at its first byte" \
    "stats: line 1 byte 1 is a NUL byte (allowed: text without NUL bytes)" stats
printf '1 2\n3\0 4\n' >"$TMP/in"
TN_IN="$TMP/in" badt 30 "stats: a NUL among the numbers" "stats: line 2 byte 2 is a NUL byte" stats
printf '1 2\n3 \033[31m\n' >"$TMP/in"
TN_IN="$TMP/in" badt 30 "stats: a token echoed with its control bytes escaped" \
    "stats: line 2: '\\x1b[31m' is not a finite number" stats
badt 30 "trace=/dev/zero ends at its first byte" \
    "/dev/zero:1: byte 1 is a NUL byte; allowed: text without NUL bytes" \
    traffic=trace trace=/dev/zero k=4 warmup=10 measure=10
{ printf '0 1 2 4\n'; printf '%4096s\n' '3 1 2 4'; } >"$TMP/long.tr"
badt 30 "a trace line longer than 4095 characters" \
    "$TMP/long.tr:2: line longer than 4095 characters" \
    traffic=trace trace="$TMP/long.tr" k=4 warmup=10 measure=10
printf '0 1 2 \001\n' >"$TMP/ctl.tr"
badt 30 "a trace token echoed with its control bytes escaped" \
    "$TMP/ctl.tr:1: length '\\x01' is not a decimal integer" \
    traffic=trace trace="$TMP/ctl.tr" k=4 warmup=10 measure=10
badt 30 "a value's control bytes echoed escaped" \
    "key 'traffic': value '\\x1b[31m' is not allowed" run "traffic=$(printf '\033[31m')"
if grep -q "$(printf '\033')" "$TMP/err"; then
    fail "a value's control bytes are not printed raw" "stderr: $(od -c "$TMP/err" | head -3)"
else
    pass "a value's control bytes are not printed raw (no ESC byte on stderr)"
fi

# Every write is checked: an output file or standard output on a full disk (/dev/full) is a
# message naming the key (or standard output) and a non-zero exit, never a silent success.
Q4="k=4 warmup=100 measure=300"
badt 120 "sweep out=/dev/full" "tnsim: error: key 'out': cannot write '/dev/full': No space left on device" \
    sweep $Q4 loads=0.1,0.2 out=/dev/full
badt 120 "sweep seeds=2 --json out=/dev/full" \
    "tnsim: error: key 'out': cannot write '/dev/full': No space left on device" \
    sweep $Q4 loads=0.1,0.2 seeds=2 --json out=/dev/full
badt 120 "chan_out=/dev/full" \
    "tnsim: error: key 'chan_out': cannot write '/dev/full': No space left on device" \
    run $Q4 chan_out=/dev/full
badt 120 "series=/dev/full" \
    "tnsim: error: key 'series': cannot write '/dev/full': No space left on device" \
    run $Q4 series=/dev/full
badt 120 "pair_out=/dev/full" \
    "tnsim: error: key 'pair_out': cannot write '/dev/full': No space left on device" \
    run $Q4 pair=0,1 pair_out=/dev/full
# full_stdout DESC ARGS...: tnsim ARGS > /dev/full exits 1 with one line naming standard output
# (standard input: $TN_IN, default /dev/null)
full_stdout() {
    local desc=$1 rc n
    shift
    timeout -s KILL 120 "$TNSIM" "$@" <"${TN_IN:-/dev/null}" >/dev/full 2>"$TMP/err"
    rc=$?
    n=$(nlines "$TMP/err")
    if [ "$rc" -eq 1 ] && [ "$n" -eq 1 ] &&
        grep -qxF "tnsim: error: standard output: No space left on device" "$TMP/err"; then
        pass "$desc > /dev/full: exit 1, 'standard output: No space left on device'"
    else
        fail "$desc > /dev/full: exit 1, 'standard output: No space left on device'" \
            "rc=$rc, $n lines on stderr:" "$(head -c 600 "$TMP/err")"
    fi
}
full_stdout "tnsim run" run $Q4
full_stdout "tnsim run --json" run $Q4 --json
full_stdout "tnsim sweep" sweep $Q4 loads=0.1,0.2
full_stdout "tnsim run seeds=3 jobs=2" run $Q4 seeds=3 jobs=2
full_stdout "tnsim --help" --help
printf '1 2 3\n' >"$TMP/in"
TN_IN="$TMP/in" full_stdout "tnsim stats" stats

# JSON is JSON: a strict parser (no Infinity, NaN) reads every JSON output; numbers that are
# not finite are null. tnsim stats's sd of 1e308 1e308 -1e308 overflows.
strict_json() { # strict_json FILE EXPR: FILE is strict JSON and EXPR over j holds
    python3 - "$1" "$2" <<'EOF'
import json, sys
def refuse(c):
    raise ValueError("not JSON: %s" % c)
try:
    j = json.loads(open(sys.argv[1]).read(), parse_constant=refuse)
except ValueError as e:
    print(e); sys.exit(1)
if not eval(sys.argv[2], {"j": j}):
    print("false: %s; j = %s" % (sys.argv[2], json.dumps(j)[:400])); sys.exit(1)
EOF
}
printf '1e308 1e308 -1e308\n' >"$TMP/in"
TN_IN="$TMP/in" tnt 30 stats --json
msg=$(strict_json "$TMP/out" "j['n'] == 3 and j['sd'] is None and j['ci95'] is None and j['max'] == 1e308")
check "stats --json of 1e308 1e308 -1e308: strict JSON, sd and ci95 null (rc $RC)" \
    "$([ "$RC" -eq 0 ] && [ -z "$msg" ]; echo $?)" "$msg" "$OUT" "$ERR"
if grep -qiE 'inf|nan' "$TMP/out"; then
    fail "stats --json prints no inf or nan" "$OUT"
else
    pass "stats --json prints no inf or nan"
fi
tnt 120 run $Q4 seeds=2 --json
msg=$(strict_json "$TMP/out" "j['seeds'] == 2 and len(j['runs']) == 2")
check "run seeds=2 --json is strict JSON (rc $RC)" "$([ "$RC" -eq 0 ] && [ -z "$msg" ]; echo $?)" "$msg"
tnt 120 sweep $Q4 loads=0.1,0.2 --json
msg=$(strict_json "$TMP/out" "len(j) == 2")
check "sweep --json is strict JSON (rc $RC)" "$([ "$RC" -eq 0 ] && [ -z "$msg" ]; echo $?)" "$msg"

# Children die with their parent: SIGTERM to tnsim with jobs=2 leaves none of its simulation
# processes behind, and the SIGKILL of a child is a message naming the signal and exit 2. Every
# wait is bounded; whatever is left is killed at the end of each check.
# gone PID: the process no longer runs (absent, or a zombie waiting for init)
gone() {
    local st
    st=$(ps -o stat= -p "$1" 2>/dev/null) || return 0
    [[ $st == Z* ]]
}
# kids_of PID: its children, waiting up to 20 s for two
kids_of() {
    local i k
    for i in $(seq 200); do
        k=$(pgrep -P "$1" | tr '\n' ' ')
        [ "$(wc -w <<<"$k")" -ge 2 ] && break
        sleep 0.1
    done
    echo "$k"
}
# all_gone SECS PIDS...: 0 when every PID is gone within SECS seconds
all_gone() {
    local secs=$1 i p left
    shift
    for i in $(seq $((secs * 10))); do
        left=0
        for p in "$@"; do gone "$p" || left=1; done
        [ "$left" -eq 0 ] && return 0
        sleep 0.1
    done
    return 1
}
LONG="k=8 warmup=100 measure=100000000 drain=0"
# term_check DESC ARGS...: start tnsim ARGS, SIGTERM it once it has two children
term_check() {
    local desc=$1 pid kids st=0
    shift
    "$TNSIM" "$@" </dev/null >/dev/null 2>"$TMP/err" &
    pid=$!
    kids=$(kids_of "$pid")
    if [ "$(wc -w <<<"$kids")" -lt 2 ]; then
        fail "$desc: SIGTERM ends its children" "no two children within 20 s: '$kids'"
    else
        kill -TERM "$pid"
        # shellcheck disable=SC2086
        all_gone 10 "$pid" $kids
        st=$?
        check "$desc: SIGTERM to tnsim (pid $pid) ends it and its children ($kids) within 10 s" \
            "$st" "left: $(ps -o pid=,stat=,args= -p "$pid" $kids 2>/dev/null)"
    fi
    # shellcheck disable=SC2086
    kill -KILL "$pid" $kids 2>/dev/null
    wait "$pid" 2>/dev/null
}
term_check "sweep jobs=2" sweep $LONG loads=0.1,0.2,0.3,0.4 jobs=2
term_check "run seeds=4 jobs=2" run $LONG seeds=4 jobs=2
"$TNSIM" run $LONG seeds=4 jobs=2 </dev/null >/dev/null 2>"$TMP/err" &
pid=$!
kids=$(kids_of "$pid")
if [ "$(wc -w <<<"$kids")" -lt 2 ]; then
    fail "a child killed by SIGKILL: the parent's message" "no two children within 20 s: '$kids'"
else
    kill -KILL "${kids%% *}"
    rc=124
    for i in $(seq 300); do # up to 30 s for the parent to end
        if gone "$pid"; then
            wait "$pid"
            rc=$?
            break
        fi
        sleep 0.1
    done
    if [ "$rc" -eq 2 ] && grep -qE "a simulation process \(load [0-9.]+, seed [0-9]+\) was killed by signal 9 \(Killed\)" "$TMP/err" &&
        ! grep -qE 'AddressSanitizer|runtime error' "$TMP/err"; then
        pass "a child killed by SIGKILL: exit 2 and 'was killed by signal 9 (Killed)'"
    else
        fail "a child killed by SIGKILL: exit 2 and 'was killed by signal 9 (Killed)'" \
            "rc=$rc (124: the parent did not end in 30 s)" "$(head -c 600 "$TMP/err")"
    fi
fi
# shellcheck disable=SC2086
kill -KILL "$pid" $kids 2>/dev/null
wait "$pid" 2>/dev/null
