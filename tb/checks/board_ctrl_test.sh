#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The board's control plane end to end, printed as TAP ("ok N - ..." / "not ok N - ...",
# diagnostics as "# ..." lines, the plan "1..N" at the end): tnhost (the ASan+UBSan build
# build/san/tnhost when it exists) against tnboard (build/bin/tnboard: fpga/tn_ctrl.v and the
# test register file of tb/verilator/tn_board_ctrl_top.v, Verilated, on a pty): PING, register
# writes and reads, START and the cycle counter, RESET, READ_BLOCK, the board's ERROR replies,
# and tnhost's own errors (no port, busy port, silent board, a device streaming other bytes,
# corrupted reply, unknown command or key, bad number); and on fake boards
# (tb/checks/fake_board.py) what tnhost must not trust (issue 57): build registers outside the
# limits, impossible statistics, a reply dribbled past the timeout, counters that never settle
# (the deadline); --config's bounds, escaped control bytes, standard output on /dev/full. Exit
# status 0 iff every check passed.
# Run by tb/checks/run_tests.sh (make test); alone: make board && bash tb/checks/board_ctrl_test.sh
# TNBOARD=PATH tests another tnboard build (make mutate's ctrl set: each mutant's).
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

TNBOARD=${TNBOARD:-build/bin/tnboard}
# TNHOST=PATH tests another tnhost build (e.g. one with a check taken out: the checks must fail)
if [ -n "${TNHOST:-}" ]; then :; elif [ -x build/san/tnhost ]; then TNHOST=build/san/tnhost; else TNHOST=build/bin/tnhost; fi
for b in "$TNBOARD" "$TNHOST"; do
    if [ ! -x "$b" ]; then
        echo "not ok 1 - $b is built (make board)"
        echo "1..1"
        exit 1
    fi
done
echo "# tnhost: $TNHOST, tnboard: $TNBOARD"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_board_ctrl.XXXXXX")
PIDS=()
. tb/checks/pty.sh # cleanup, start_pty
trap cleanup EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

# start_board NAME OPTIONS...: start a tnboard (PIDS: running to the end)
start_board() {
    local name=$1
    shift
    start_pty "$name" "$TNBOARD" --wall-limit 300 "$@"
    PIDS+=("$LAST_PID")
}

# h ARGS...: run tnhost (at most 60 s: a hang fails the check instead of the suite); sets RC,
# OUT, ERR, MS (wall-clock milliseconds)
h() {
    local t0 t1
    t0=$(date +%s%N)
    timeout 60 "$TNHOST" "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    t1=$(date +%s%N)
    MS=$(((t1 - t0) / 1000000))
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
    cat "$TMP/err" >>"$TMP/all_err"
}
hb() { h --port "$PTY_main" "$@"; } # on the main board
diag() { echo "exit status $RC"; echo "stdout: $OUT"; echo "stderr: $ERR"; }
# jget FIELD: a field of the JSON object in OUT
jget() {
    printf '%s' "$OUT" | python3 -c 'import json,sys; v=json.load(sys.stdin)[sys.argv[1]]; print(v if not isinstance(v, list) else " ".join(map(str, v)))' "$1" 2>/dev/null
}
# rd ADDR: the value of a register (decimal) via tnhost read --json, or "" on failure
rd() {
    hb --json read "$1"
    [ "$RC" -eq 0 ] && jget value
}
# crc8 BYTE...: CRC-8, polynomial 0x07, initial value 0 (the protocol's)
crc8() {
    local c=0 b i
    for b in "$@"; do
        c=$((c ^ b))
        for i in 1 2 3 4 5 6 7 8; do
            if ((c & 0x80)); then c=$((((c << 1) ^ 0x07) & 0xff)); else c=$(((c << 1) & 0xff)); fi
        done
    done
    echo "$c"
}
# frame CMD PAYLOAD...: a request frame's bytes with a correct CRC
frame() {
    local cmd=$1
    shift
    echo 0xa5 "$cmd" $# "$@" "$(crc8 "$cmd" $# "$@")"
}

# ---- the protocol's checksum: the standard CRC-8 check value ----
c=$(crc8 0x31 0x32 0x33 0x34 0x35 0x36 0x37 0x38 0x39)
[ "$c" -eq $((0xf4)) ]
check "CRC-8 (poly 0x07, init 0) of '123456789' is 0xF4, the standard check value" $? "got $c"

# ---- the simulated board ----
start_board main
[ -n "$PTY_main" ] && [ -c "$PTY_main" ]
check "tnboard prints the path of its pty, a character device" $? "got '$PTY_main'" \
    "$(cat "$TMP/board_main.err")"

hb --json ping
[ "$RC" -eq 0 ] && [ "$(jget id)" = $((0x54455354)) ] && [ "$(jget magic)" = $((0x01436e74)) ] &&
    [ "$(jget version)" = 1 ] && [ "$(jget clks_per_bit)" = 4 ] && [ "$(jget block_max)" = 64 ] &&
    [ "$(jget timeout_clks)" = 100000 ]
check "ping: magic 0x01436e74 (version 1), build id 0x54455354, clks_per_bit 4, timeout 100000, block_max 64" $? "$(diag)"

hb ping
[ "$RC" -eq 0 ] && [[ $OUT == *"protocol version 1, build id 0x54455354"* ]]
check "ping (text): names the protocol version and the build id" $? "$(diag)"

v=$(rd 0)
[ "$v" = $((0x54455354)) ]
check "read 0x0000 (ID register) = 0x54455354" $? "got '$v'" "$(diag)"

# ---- what a request does on the register bus (the test register file's monitors) ----
v=$(rd 0xff05)
l=$(rd 3)
[ "$v" = 0 ] && [ "$l" = 4 ]
check "after power-on: STATUS (0xff05) 0 (no run, none done, no design reset); RSTLEN (0x0003): the design reset lasted RST_CYCLES = 4 cycles" $? \
    "STATUS '$v', RSTLEN '$l'"

r1=$(rd 2)
r2=$(rd 2)
hb ping
r3=$(rd 2)
hb block 0x10 16
r4=$(rd 2)
[ -n "$r1" ] && [ -n "$r4" ] && [ $((r2 - r1)) = 2 ] && [ $((r3 - r2)) = 2 ] && [ $((r4 - r3)) = 34 ]
check "READS (0x0002): READ_REG makes 2 bus reads, PING none, READ_BLOCK of 16 makes 32; nothing reads between requests" $? \
    "READS $r1, after READ_REG $r2, after PING $r3, after READ_BLOCK $r4"

hb read 0xff08
[ "$RC" -eq 1 ] && [[ $ERR == *"read 0xff08"* && $ERR == *"error 0x04 address"* ]]
check "read 0xff08, past the control plane's 8 registers: ERROR 0x04" $? "$(diag)"

# ---- scratch registers: write, read back ----
vals=(0 0xffffffff 0xdeadbeef 1 0x80000000 0x12345678 0x0000ffff 0xa5a5a5a5)
ok=0
msgs=()
for i in "${!vals[@]}"; do
    a=$((0x10 + 2 * i))
    hb write "$a" "${vals[$i]}"
    [ "$RC" -eq 0 ] || { ok=1; msgs+=("write $a ${vals[$i]}: $(diag)"); }
done
for i in "${!vals[@]}"; do
    a=$((0x10 + 2 * i))
    v=$(rd "$a")
    [ "$v" = $((vals[i])) ] || { ok=1; msgs+=("read $a: got '$v', wrote ${vals[$i]}"); }
done
check "write then read back 8 scratch registers (0, 0xffffffff, 0xdeadbeef, 1, 0x80000000, ...)" $ok "${msgs[@]}"

hb --json block 0x10 16
want=""
for i in $(seq 0 15); do
    if ((i % 2 == 0)); then want+="$((vals[i / 2])) "; else want+="0 "; fi
done
[ "$RC" -eq 0 ] && [ "$(jget values) " = "$want" ]
check "block 0x10 16 (READ_BLOCK) returns the 16 scratch registers in order" $? "want: $want" "$(diag)"

# the text forms: block's and read's rows are address, hex, decimal; regs ends with the status
# decoded (no run yet, none done, no design reset)
hb block 0x10 3
o1=$OUT
hb read 0x12
o2=$OUT
hb regs
[ "$o1" = $'0x0010  0x00000000  0\n0x0011  0x00000000  0\n0x0012  0xffffffff  4294967295' ] &&
    [ "$o2" = "0x0012  0xffffffff  4294967295" ] &&
    [ "$RC" -eq 0 ] && [[ $(tail -n 1 <<<"$OUT") == "status: not running; frames refused "* ]]
check "block, read and regs as text: address, hex and decimal per row; regs' status line 'not running' alone" $? \
    "block 0x10 3: $o1" "read 0x12: $o2" "$(diag)"

hb --json block 0xff00 64
[ "$RC" -ne 0 ] && [[ $ERR == *"error 0x04 address"* ]]
check "block 0xff00 64 crosses unmapped control-plane addresses: the board's ERROR 0x04" $? "$(diag)"

hb --json block 0x1f 2
[ "$RC" -eq 1 ] && [[ $ERR == *"error 0x04 address"* ]]
check "block 0x1f 2: 0x20 is unmapped, the whole block is refused (ERROR 0x04)" $? "$(diag)"

# ---- START and the cycle counter ----
hb start 12345 --wait
v=$(rd 1)
[ "$RC" -eq 0 ] && [ "$v" = 12345 ]
check "start 12345 --wait: the cycle counter (0x0001) reads exactly 12345" $? "got '$v'" "$(diag)"

hb start 1 --wait
v=$(rd 1)
[ "$v" = 12346 ]
check "start 1 --wait: the counter advances by exactly 1 (12346)" $? "got '$v'"

hb start 0
hb --json regs
[ "$(jget running)" = 0 ] && [ "$(jget done)" = 1 ] && [ "$(jget cycles_left)" = 0 ] && [ "$(rd 1)" = 12346 ]
check "start 0: done at once, the counter does not move" $? "$(diag)"

v=$(rd 0xff05)
[ "$v" = 2 ]
check "STATUS (0xff05) after a run: 2 (done; not running, no design reset)" $? "got '$v'"

hb start 4000000000
r1=$RC
hb --json regs
running=$(jget running)
left=$(jget cycles_left)
hb start 5
r2=$RC
e2=$ERR
[ "$r1" -eq 0 ] && [ "$running" = 1 ] && [ "$left" -gt 0 ] && [ "$left" -lt 4000000000 ] &&
    [ "$r2" -eq 1 ] && [[ $e2 == *"error 0x06 busy"* ]]
check "start 4000000000: regs shows the run (running 1, cycles_left below N); a second start gets ERROR 0x06 busy" $? \
    "first start exit $r1, running '$running', cycles_left '$left'" "second start exit $r2: $e2"

# ---- RESET ----
hb write 0x10 0x55
hb reset
r1=$RC
hb --json regs
running=$(jget running)
done_=$(jget done)
v1=$(rd 1)
v10=$(rd 0x10)
[ "$r1" -eq 0 ] && [ "$running" = 0 ] && [ "$done_" = 0 ] && [ "$v1" = 0 ] && [ "$v10" = 0 ]
check "reset: the run is aborted, the cycle counter and the scratch registers read 0" $? \
    "reset exit $r1, running '$running', done '$done_', counter '$v1', scratch '$v10'"

v=$(rd 0xff05)
l=$(rd 3)
[ "$v" = 0 ] && [ "$l" = 4 ]
check "after reset: STATUS (0xff05) 0, and RSTLEN: the design reset lasted 4 cycles" $? "STATUS '$v', RSTLEN '$l'"

hb start 777 --wait
v=$(rd 1)
[ "$v" = 777 ]
check "after reset, start 777 --wait counts exactly 777" $? "got '$v'"

# a run goes on with no traffic from the host: tnboard blocks on its pty only when idle_o says
# the control plane is idle and no run is under way
hb start 200000
sleep 1
v=$(rd 1)
hb --json regs
[ "$(jget done)" = 1 ] && [ "$v" = 200777 ]
check "start 200000, then 1 s without a request (tnboard runs some 10^7 cycles/s): the run has ended, the counter reads 200777" $? \
    "counter '$v'" "$(diag)"

# an idle board: no byte on the line unasked, and tnboard waits on its pty instead of simulating
timeout 1 cat "$PTY_main" >"$TMP/stray" 2>/dev/null &
CAT=$!
cpu() { awk '{ print $14 + $15 }' "/proc/${PIDS[0]}/stat" 2>/dev/null; } # empty when unreadable
c1=$(cpu)
sleep 1
c2=$(cpu)
wait "$CAT" 2>/dev/null
n=$(wc -c <"$TMP/stray")
[ "$n" = 0 ]
check "an idle board for 1 s: no byte sent unasked" $? "$n bytes: $(od -An -tx1 "$TMP/stray" | head -n 2)"
tck=$(getconf CLK_TCK)
if [[ $c1 =~ ^[0-9]+$ && $c2 =~ ^[0-9]+$ ]]; then
    [ $(((c2 - c1) * 100)) -lt $((30 * tck)) ]
    check "an idle board for 1 s: under 0.3 s of tnboard's CPU time" $? "CPU ticks $c1 -> $c2 at $tck per second"
else
    skip "an idle board for 1 s: under 0.3 s of tnboard's CPU time" "/proc/${PIDS[0]}/stat is not readable here"
fi

hb write 0x10 0xdeadbeef
hb raw 0xa5 0x03 0x02 0x10 0x00 0xbb
[ "$RC" -eq 0 ] && [[ $OUT == *"OK, 4 payload bytes: ef be ad de"* ]]
check "docs/board-guide.md's example frame A5 03 02 10 00 BB reads 0xdeadbeef back (reply CRC checked)" $? "$(diag)"

# ---- the board's ERROR replies ----
hb read 0x99
[ "$RC" -eq 1 ] && [[ $ERR == *"read 0x0099"* && $ERR == *"error 0x04 address"* ]]
check "read 0x99 (unmapped): the board's ERROR 0x04, exit 1, the address named" $? "$(diag)"

hb write 0x0000 5
[ "$RC" -eq 1 ] && [[ $ERR == *"error 0x04 address"* ]] && [ "$(rd 0)" = $((0x54455354)) ]
check "write 0x0000 (the read-only ID): ERROR 0x04, the ID unchanged" $? "$(diag)"

hb write 0xff05 1
[ "$RC" -eq 1 ] && [[ $ERR == *"error 0x04 address"* ]]
check "write 0xff05 (a control-plane register, read-only): ERROR 0x04" $? "$(diag)"

good=($(frame 0x03 0x10 0x00))
good[4]=$((good[4] ^ 0x01))
hb raw "${good[@]}"
[ "$RC" -eq 1 ] && [[ $OUT == *"ERROR"*" 01 03"* ]]
check "a request with a wrong CRC: ERROR 0x01 checksum, echoing the command" $? "$(diag)"

hb raw $(frame 0x09)
[ "$RC" -eq 1 ] && [[ $OUT == *" 02 09"* ]]
check "an unknown command (0x09) with a good CRC: ERROR 0x02 command" $? "$(diag)"

hb raw $(frame 0x03 0x10)
[ "$RC" -eq 1 ] && [[ $OUT == *" 03 03"* ]]
check "READ_REG with 1 payload byte instead of 2: ERROR 0x03 length" $? "$(diag)"

# every other command with a payload of the wrong length (make coverage found these refusals
# reached by no test): ERROR 0x03 naming the command, and nothing done (the START is not run)
ok=0
msgs=()
st0=$(rd 0xff05)
for spec in "0x01|0x00" "0x02|0x10 0x00 0x01 0x00 0x00" "0x04|0x10 0x00" "0x05|0x10 0x00 0x00" "0x06|0x00"; do
    IFS='|' read -r cmd pay <<<"$spec"
    # shellcheck disable=SC2086  # the payload's bytes
    hb raw $(frame "$cmd" $pay)
    [ "$RC" -eq 1 ] && [[ $OUT == *" 03 $(printf '%02x' "$cmd")"* ]] || { ok=1; msgs+=("command $cmd, payload $pay" "$(diag)"); }
done
st1=$(rd 0xff05)
[ -n "$st0" ] && [ "$st1" = "$st0" ] && [ $((st1 & 1)) = 0 ] ||
    { ok=1; msgs+=("the status 0xff05 was '$st0' before them and is '$st1' after (a START ran?)"); }
check "PING, WRITE, READ_BLOCK, START and RESET with a payload of the wrong length: ERROR 0x03 length naming each, the START not run" $ok "${msgs[@]}"

hb raw $(frame 0x04 0x10 0x00 0x00)
[ "$RC" -eq 1 ] && [[ $OUT == *" 05 04"* ]]
check "READ_BLOCK with count 0: ERROR 0x05 argument" $? "$(diag)"

hb raw $(frame 0x04 0xf0 0xff 0x11)
[ "$RC" -eq 1 ] && [[ $OUT == *" 05 04"* ]]
check "READ_BLOCK 0xfff0 count 17 (past 0xffff): ERROR 0x05 argument" $? "$(diag)"

hb raw $(frame 0x04 0xf0 0xff 0x10)
[ "$RC" -eq 1 ] && [[ $OUT == *" 04 04"* ]]
check "READ_BLOCK 0xfff0 count 16 (up to 0xffff exactly): a valid block, refused as unmapped (ERROR 0x04 address, not 0x05)" $? "$(diag)"

hb raw 0xa5 0x03 0x02 0x10
[ "$RC" -eq 1 ] && [[ $OUT == *" 07 03"* ]]
check "a frame that stops mid-way: ERROR 0x07 timeout after the inter-byte timeout" $? "$(diag)"

hb raw 0x00 0x13 0x5a $(frame 0x03 0x00 0x00)
[ "$RC" -eq 0 ] && [[ $OUT == *"OK, 4 payload bytes: 54 53 45 54"* ]]
check "bytes before the sync byte are skipped: the following READ_REG 0 answers the ID" $? "$(diag)"

# raw --json with the board's ERROR reply: the reply as sent, and the refusal as every command
# reports one (error "board", the board's error named, a message)
hb --json raw $(frame 0x03 0x20 0x00)
[ "$RC" -eq 1 ] && [ "$(jget status)" = 1 ] && [ "$(jget payload)" = "4 3" ] &&
    [ "$(jget error)" = board ] && [ "$(jget board_error)" = address ] &&
    [[ $(jget message) == *"ERROR 0x04 address"* ]]
check "raw --json of a refused READ_REG: status and payload, error board, board_error address, a message" $? "$(diag)"

hb --json regs
[ "$(jget refused_frames)" = 8 ] && [ "$(jget timeouts)" = 1 ]
check "frame_errors (0xff07): 8 frames refused (checksum, command, six lengths), 1 timeout" $? "$(diag)"

hb --json ping
[ "$RC" -eq 0 ] && [ "$(jget id)" = $((0x54455354)) ]
check "after every error the board still answers ping" $? "$(diag)"

# ---- tnhost's own errors ----
h --port "$TMP/no_such_port" ping
[ "$RC" -eq 1 ] && [[ $ERR == *"cannot open port '$TMP/no_such_port'"* ]]
check "no such port: exit 1, the message names the path" $? "$(diag)"

h ping
[ "$RC" -eq 2 ] && [[ $ERR == *"no port given"* ]]
check "no --port: exit 2, 'no port given'" $? "$(diag)"

h run --help
[ "$RC" -eq 0 ] && [[ $OUT == *"tnhost --port PATH run [--compare] [--json]"* ]] && [[ $OUT == *"hot_frac"* ]] && [ -z "$ERR" ] &&
    grep -Eq '^  k +build ' <<<"$OUT" && grep -Eq '^  buf +build ' <<<"$OUT" && grep -Eq '^  load +0.3 ' <<<"$OUT" &&
    [[ $OUT == *"--config FILE holds only port baud timeout deadline wait"* ]]
check "run --help: run's keys (tnsim's with their ranges), the build's defaults marked build, --config's keys, exit 0, no port needed" $? "$(diag)"

h sweep --help
[ "$RC" -eq 0 ] && [[ $OUT == *"sweep loads=A,B,..."* ]] && [[ $OUT == *"perm_seed"* ]]
check "sweep --help: sweep's keys, exit 0" $? "$(diag)"

h run port="$TMP/no_such_port"
[ "$RC" -eq 1 ] && [[ $ERR == *"cannot open port '$TMP/no_such_port'"* ]]
check "run port=PATH (a run key) is the port: exit 1, the path named" $? "$(diag)"

h sweep loads=0.1
[ "$RC" -eq 2 ] && [[ $ERR == *"sweep: no port given"* ]]
check "sweep without a port: exit 2, 'no port given'" $? "$(diag)"

h --port /dev/null ping
[ "$RC" -eq 1 ] && [[ $ERR == *"'/dev/null' is not a serial port"* ]]
check "a port that is not a serial port (/dev/null): exit 1, named" $? "$(diag)"

flock "$PTY_main" sleep 2 &
FL=$!
for i in $(seq 1 40); do # until the lock is held (flock -n fails), at most 2 s
    flock -n -E 99 "$PTY_main" true 2>/dev/null || break
    sleep 0.05
done
hb ping
[ "$RC" -eq 1 ] && [[ $ERR == *"port '$PTY_main' is busy"* ]]
check "a busy port (another program holds its flock): exit 1, 'busy'" $? "$(diag)"
wait "$FL" 2>/dev/null

start_board silent --silent
h --port "$PTY_silent" --timeout 400 ping
[ "$RC" -eq 1 ] && [[ $ERR == *"timeout: no reply from the board on '$PTY_silent' within 400 ms"* ]] &&
    [ "$MS" -ge 390 ] && [ "$MS" -lt 2400 ]
check "a silent board (--silent): timeout message, exit 1, returns in $MS ms (timeout 400 ms)" $? "$(diag)"

# what a real board never does, played by tb/checks/fake_board.py on its own pty: fake NAME OPTIONS
# starts one (PTY_<NAME>; FAKES: stopped after these checks)
fake() {
    local name=$1
    shift
    start_pty "$name" python3 tb/checks/fake_board.py --wall-limit 300 "$@"
    FAKES+=("$LAST_PID")
}
FAKES=()

# a device that is not the board, streaming bytes that never start a reply (0x00 and 0xA5, a
# burst a millisecond): every byte comes well within the timeout, but the reply's start must
# come within it too, or tnhost would wait for ever
fake babble --babble
h --port "$PTY_babble" --timeout 400 ping
[ "$RC" -eq 1 ] && [[ $ERR == *"timeout: no reply from the board on '$PTY_babble' within 400 ms: "*" bytes arrived, none the start of a reply (0x5A)"* ]] &&
    [ "$MS" -ge 390 ] && [ "$MS" -lt 2400 ]
check "a device streaming other bytes on the port: timeout message naming the bytes skipped, exit 1, returns in $MS ms (timeout 400 ms)" $? "$(diag)"

# an OK reply one payload byte longer than its command's: each command reports it, naming both
# lengths, as a malformed reply (exit 1, --json error "malformed")
ok=0
msgs=()
for spec in "1|ping|21 payload bytes, 20 expected" "2|write 0x10 1|1 payload bytes, 0 expected" \
    "3|read 0x10|5 payload bytes, 4 expected" "4|block 0x10 2|9 payload bytes, 8 expected" \
    "5|start 10|1 payload bytes, 0 expected" "6|reset|1 payload bytes, 0 expected"; do
    IFS='|' read -r code args want <<<"$spec"
    fake "x$code" --extra-byte "$code"
    pty_var=PTY_x$code
    # shellcheck disable=SC2086  # the command and its arguments
    # --timeout 5000: a Python fake on a loaded machine may answer later than the default 1 s
    h --port "${!pty_var}" --timeout 5000 --json $args
    [ "$RC" -eq 1 ] && [ "$(jget error)" = malformed ] && [[ $(jget message) == *"malformed reply: $want"* ]] ||
        { ok=1; msgs+=("--extra-byte $code, $args: want '$want'" "$(diag)"); }
done
check "an OK reply with a payload byte too many (PING, WRITE, READ, READ_BLOCK, START, RESET): malformed, both lengths named, exit 1" $ok "${msgs[@]}"
# block with COUNT 1 is READ_BLOCK too (only READ_BLOCK's reply carries the fake's extra byte)
fake x4b --extra-byte 4
h --port "$PTY_x4b" --timeout 5000 --json block 0x10 1
[ "$RC" -eq 1 ] && [ "$(jget error)" = malformed ] && [[ $(jget message) == *"malformed reply: 5 payload bytes, 4 expected"* ]]
check "block ADDR 1 sends READ_BLOCK (count 1), not READ_REG" $? "$(diag)"

# a board core whose cycle counter stands still with the run not ended: run reports it after
# the timeout (at least 1 s) instead of polling for ever. The fake's build registers are the
# simulated core's (K=4 N=2 V=4 B=4, W=16 ROUTING=3, QD=16, GAL, ACOR, patterns, the switch)
fake frozen --frozen --build 0x04020404,0x10030001,0x0010103f,0x31426e74,16
# a build without the mid-run switch (BUILD2 bit 5; a bitstream from before it), and one without
# randperm and hotspot (bit 3): the run is refused before any write, naming the key
fake noswitch --frozen --build 0x04020404,0x10030001,0x0010101f,0x31426e74,16
h --port "$PTY_noswitch" --timeout 5000 run k=4 n=2 vcs=4 load=0.1 switch_at=500 switch_traffic=tornado
[ "$RC" -eq 2 ] && [[ $ERR == *"key 'switch_at': value '500': this board build has no mid-run traffic switch (allowed: 0)"* ]]
check "a board build without the mid-run switch: switch_at refused, exit 2" $? "$(diag)"
fake nopat --frozen --build 0x04020404,0x10030001,0x00101037,0x31426e74,16
h --port "$PTY_nopat" --timeout 5000 run k=4 n=2 vcs=4 load=0.1 switch_at=500 switch_traffic=randperm
[ "$RC" -eq 2 ] && [[ $ERR == *"key 'switch_traffic': value 'randperm': not built into this board build's traffic generators (allowed: uniform tornado bitcomp bitrev shuffle butterfly transpose neighbor)"* ]]
check "a board build without randperm and hotspot: switch_traffic=randperm refused, exit 2" $? "$(diag)"
h --port "$PTY_frozen" --timeout 1000 run k=4 n=2 vcs=4 load=0.1 warmup=100 measure=100
[ "$RC" -eq 1 ] && [[ $ERR == *"run: STATUS (0x0020) never showed the run ended (0x1, bit 2 clear); CYCLE (0x0021) stayed at 5 for 1000 ms"* ]] &&
    [ "$MS" -ge 1000 ] && [ "$MS" -lt 5000 ]
check "a board core whose cycle counter stands still: run ends after the timeout with the counter and status named, exit 1 ($MS ms)" $? "$(diag)"
h --port "$PTY_frozen" --timeout 1000 start 100 --wait
[ "$RC" -eq 1 ] && [[ $ERR == *"start: STATUS (0xff05) never showed the run ended (0x1, bit 0 still set); CYCLES_LEFT (0xff06) stayed at 77 for 1000 ms"* ]] &&
    [ "$MS" -ge 1000 ] && [ "$MS" -lt 5000 ]
check "a control plane whose cycles left stand still: start --wait ends after the timeout with the count and status named, exit 1 ($MS ms)" $? "$(diag)"
# a board that stops answering in the middle of errors' node reads (the build, the status and
# two nodes answered): with --json, stdout is one object, the timeout's, not a half-printed
# report followed by it (a 2 s timeout: the fake, a Python program, must answer the first four
# requests in time on a loaded machine; at 300 ms it once missed the first beside make fpga)
fake unplug --frozen --build 0x04020404,0x10030001,0x0010103f,0x31426e74,16 --silent-after 4
h --port "$PTY_unplug" --timeout 2000 --json errors
[ "$RC" -eq 1 ] && [ "$(printf '%s\n' "$OUT" | wc -l)" = 1 ] && [ "$(jget error)" = timeout ] &&
    [[ $(jget message) == *"errors: node: timeout"* ]]
check "a board that stops answering mid-report: errors --json prints one object, the timeout's, exit 1" $? "$(diag)"

# ---- what the board says is checked before it is used (issue 57) ----
# a board core that serves (--build without --frozen: STATUS shows every run ended, its
# statistics as --set gives them) whose build registers are outside what the C model and tnhost
# handle: run, sweep and run --compare refuse it before any use, naming the register, its
# address, the field, the value and the range, exit 2 (the first: a stack overflow in
# tn_coords; the second: SIGFPE with --compare; the third: SIGSEGV with --compare)
B1=0x10030001 B2=0x0010103f
for spec in "kn|0x020a0208|BUILD0 (0x0000) = 0x020a0208: N (bits 23..16) = 10 is not allowed; allowed: 1..4 (the C model's TN_MAX_N)|K=2 N=10 V=2 B=8" \
    "k0|0x00020404|BUILD0 (0x0000) = 0x00020404: K (bits 31..24) = 0 is not allowed; allowed: a power of two 2..64|K=0" \
    "vb|0x0402ffff|BUILD0 (0x0000) = 0x0402ffff: V (bits 15..8) = 255 is not allowed; allowed: 1..16 (the C model's TN_MAX_V)|V=255 B=255"; do
    IFS='|' read -r name b0 want what <<<"$spec"
    fake "b$name" --build "$b0,$B1,$B2,0x31426e74,16"
    pty_var=PTY_b$name
    ok=0
    msgs=()
    for cmd in "run traffic=randperm load=0.1" "sweep loads=0.1,0.2 traffic=randperm" "--compare run load=0.1" "--compare sweep loads=0.1"; do
        # shellcheck disable=SC2086  # the command and its keys
        h --port "${!pty_var}" --timeout 5000 $cmd
        [ "$RC" -eq 2 ] && [[ $ERR == *"the board's build register $want"* ]] &&
            [ "$(grep -c . <<<"$ERR")" = 1 ] || { ok=1; msgs+=("$cmd" "$(diag)"); }
    done
    check "a board build with $what: run, sweep and --compare refused before use, register, field, value and range named, exit 2" $ok "${msgs[@]}"
done
# the other fields, one board each (errors too reads the build first: a board claiming 64^4
# nodes is refused before its first node read, not asked 16 million times)
ok=0
msgs=()
for spec in "0x40040404,$B1,$B2|errors|BUILD0 (0x0000) = 0x40040404: K^N (64^4 nodes) = 16777216 is not allowed; allowed: at most 256 nodes" \
    "0x20020404,$B1,$B2|errors|K^N (32^2 nodes) = 1024 is not allowed; allowed: at most 256 nodes" \
    "0x04020404,0x10030002,$B2|run|BUILD1 (0x0001) = 0x10030002: TERM (bits 7..0) = 2 is not allowed; allowed: 1" \
    "0x04020404,0x10070001,$B2|run|BUILD1 (0x0001) = 0x10070001: ROUTING (bits 23..16) = 7 is not allowed; allowed: 0..3" \
    "0x04020404,0x10030801,$B2|run|BUILD1 (0x0001) = 0x10030801: SEL + 1 (bits 15..8) = 8 is not allowed; allowed: 0..6" \
    "0x04020404,$B1,0x001010ff|run|BUILD2 (0x0002) = 0x001010ff: features (bits 7..0) = 255 is not allowed; allowed: bits 0..6 (0x7f: GAL ACOR TORUS PATTERNS GAL_ADAPT SWITCH PIPE); unknown bits 0x80 set" \
    "0x04020404,$B1,0x0010083f|run|BUILD2 (0x0002) = 0x0010083f: histogram bins (bits 15..8) = 8 is not allowed; allowed: 16" \
    "0x04020404,$B1,0x0000103f|run|BUILD2 (0x0002) = 0x0000103f: QD (bits 31..16) = 0 is not allowed; allowed: a power of two 2..1024"; do
    IFS='|' read -r build cmd want <<<"$spec"
    fake bf --build "$build,0x31426e74,16"
    h --port "$PTY_bf" --timeout 5000 "$cmd"
    [ "$RC" -eq 2 ] && [[ $ERR == *"$want"* ]] || { ok=1; msgs+=("--build $build, $cmd: want '$want'" "$(diag)"); }
    kill "$LAST_PID" 2>/dev/null
    wait "$LAST_PID" 2>/dev/null
done
check "build registers out of range (K^N beyond 256 nodes, TERM, ROUTING, SEL, unknown feature bits, bins, QD): exit 2, each named" $ok "${msgs[@]}"
# BUILD4 (the engine) out of range: 3 engines (not a power of two), 2 engines of 5 contexts (not
# K^N / 2), 3 stages; refused before the run, the register, its value and the rule named
ok=0
msgs=()
for b4 in 0x03020008 0x02020005 0x02030008; do
    fake b4 --build "0x04020404,$B1,$B2,0x31426e74,16" --set "0x5=$b4"
    h --port "$PTY_b4" --timeout 5000 run load=0.1
    [ "$RC" -eq 1 ] && [[ $ERR == *"BUILD4 (0x0005) = $b4"*"allowed: 0 (the parallel torus), or engines a power of two dividing K = 4"* ]] ||
        { ok=1; msgs+=("BUILD4 $b4: want exit 1 naming it" "$(diag)"); }
    kill "$LAST_PID" 2>/dev/null
    wait "$LAST_PID" 2>/dev/null
done
check "BUILD4 out of range (3 engines, contexts not K^N / engines, 3 stages): run refused, register, value and rule named, exit 1" $ok "${msgs[@]}"

# the simulated core's build on the serving fake: taken; the statistics all 0 (nothing ran) and
# a consistent set (node 0: 2 packets of 4 flits, latencies 3 and 7) pass the bounds
SERVE="0x04020404,$B1,$B2,0x31426e74,16"
fake serve --build "$SERVE"
h --port "$PTY_serve" --timeout 5000 --json run load=0.1
r1=$RC
e1=$ERR
fake consistent --build "$SERVE" --set 0x21=5000 --set 0x22=4000 --set 0x29=2 --set 0x2a=8 \
    --set 0x1000=2 --set 0x1001=8 --set 0x1002=10 --set 0x1004=7 --set 0x1005=3 --set 0x1006=2 \
    --set 0x1007=2 --set 0x30=2
h --port "$PTY_consistent" --timeout 5000 --json run load=0.1
[ "$r1" -eq 0 ] && [ -z "$e1" ] && [ "$RC" -eq 0 ] && [ "$(jget packets)" = 2 ] && [ "$(jget latency_sum)" = 10 ] && [ -z "$ERR" ]
check "a board core build within the limits is taken, and statistics within their bounds are used (exit 0)" $? "all 0: exit $r1: $e1" "consistent: $(diag)"

# statistics no board could have counted: run names the register, its address, the value and the
# bound, exit 1 (a failed board, as a malformed reply)
ok=0
msgs=()
for spec in "--set 0x21=5000000|CYCLE (0x0021) = 5000000; allowed: 0..261000 (warmup + measure + drain + 200000)" \
    "--set 0x21=100 --set 0x22=200|STOP_CYCLE (0x0022) = 200; allowed: 0..100" \
    "--set 0x21=100 --set 0x29=200000|CREATED (0x0029) = 200000; allowed: 0..160000 (one packet a node a cycle: 16 nodes x measure 10000)" \
    "--set 0x21=100 --set 0x29=2 --set 0x2a=9|CREATED_FLITS (0x002a) = 9; allowed: 8..8 (CREATED = 2 packets of 4..4 flits)" \
    "--set 0x21=100 --set 0x1017=101|node 1's INJECTED (0x1017) = 101; allowed: 0..100 (CYCLE: one a cycle)" \
    "--set 0x21=100 --set 0x1001=101|node 0's ACCEPTED (0x1001) = 101; allowed: 0..100 (CYCLE: one a cycle)" \
    "--set 0x21=100 --set 0x29=1 --set 0x2a=4 --set 0x1000=1 --set 0x1001=4 --set 0x1004=101|node 0's LAT_MAX (0x1004) = 101; allowed: 0..100 (CYCLE)" \
    "--set 0x21=100 --set 0x29=1 --set 0x2a=4 --set 0x1000=1 --set 0x1001=4 --set 0x1003=1|node 0's LAT_SUM (HI:LO) (0x1002) = 4294967296; allowed: 0..100" \
    "--set 0x21=100 --set 0x30=3|HIST 0..15 summed (0x0030) = 3; allowed: bins summing to the nodes' PACKETS, 0"; do
    IFS='|' read -r sets want <<<"$spec"
    # shellcheck disable=SC2086  # the --set options
    fake st --build "$SERVE" $sets
    h --port "$PTY_st" --timeout 5000 --json run load=0.1
    [ "$RC" -eq 1 ] && [ "$(jget error)" = board ] &&
        [[ $ERR == *"run: the board's statistics are impossible: $want"* ]] || { ok=1; msgs+=("$sets: want '$want'" "$(diag)"); }
    kill "$LAST_PID" 2>/dev/null
    wait "$LAST_PID" 2>/dev/null
done
check "impossible statistics (cycles, stop cycle, created packets and flits, a node's counts and latencies, histogram sum): exit 1, register, address, value and bound named" $ok "${msgs[@]}"

# a board dribbling its reply a byte every 100 ms (each byte well within the timeout): the
# timeout bounds the whole reply (PING's 25 bytes would take 2.5 s). On a loaded host the fake
# may send fewer bytes than the header holds before the timeout; tnhost then names the header
# instead of the 25 bytes: both are the right verdict. A timeout per byte would take the whole
# reply and exit 0; the upper bound on the time only says the run ends (a loaded host delays it).
fake dribble --dribble 100
h --port "$PTY_dribble" --timeout 1000 ping
[ "$RC" -eq 1 ] && { [[ $ERR == *"ping: timeout: the reply on '$PTY_dribble' was not complete within 1000 ms: "*" of its 25 bytes arrived"* ]] ||
    [[ $ERR == *"ping: timeout: the reply on '$PTY_dribble' was not complete within 1000 ms: it stopped after "*" bytes, in its header"* ]]; } &&
    [ "$MS" -ge 990 ] && [ "$MS" -lt 10000 ]
check "a board dribbling its reply (a byte every 100 ms): the whole reply bounded by the timeout, exit 1 in $MS ms (timeout 1000 ms)" $? "$(diag)"

# counters that move and never settle: run and start --wait end at the deadline, naming STATUS
# and how far the counter went (a reply timeout of 15 s: on a loaded host the Python fake can be
# slow to answer one poll; the wait ends by the deadline plus at most one request's timeout)
fake crawl --crawl --build "$SERVE"
h --port "$PTY_crawl" --timeout 15000 run load=0.1 deadline=1500
r1=$RC
e1=$ERR
m1=$MS
h --port "$PTY_crawl" --timeout 15000 --deadline 1500 start 100 --wait
[ "$r1" -eq 1 ] && [[ $e1 == *"run: STATUS (0x0020) never showed the run ended within the deadline of 1500 ms (0x1, bit 2 clear); CYCLE (0x0021) went from "* ]] &&
    [ "$m1" -ge 1500 ] && [ "$m1" -lt 18000 ] &&
    [ "$RC" -eq 1 ] && [[ $ERR == *"start: STATUS (0xff05) never showed the run ended within the deadline of 1500 ms (0x1, bit 0 still set); CYCLES_LEFT (0xff06) went from "* ]] &&
    [ "$MS" -ge 1500 ] && [ "$MS" -lt 18000 ]
check "counters that move but never end the run: run ($m1 ms) and start --wait ($MS ms) end at the deadline (1500 ms), STATUS and the counter named, exit 1" $? \
    "run: exit $r1: $e1" "start: $(diag)"
for p in "${FAKES[@]}"; do kill "$p" 2>/dev/null; done
for p in "${FAKES[@]}"; do wait "$p" 2>/dev/null; done

start_board noisy --noisy-line
h --port "$PTY_noisy" --json ping
r1=$RC
i1=$(jget id)
h --port "$PTY_noisy" write 0x12 0xc3a5005a
r2=$RC
h --port "$PTY_noisy" --json block 0x11 2
[ "$r1" -eq 0 ] && [ "$i1" = $((0x54455354)) ] && [ "$r2" -eq 0 ] && [ "$RC" -eq 0 ] &&
    [ "$(jget values)" = "0 $((0xc3a5005a))" ]
check "a noisy line (--noisy-line: a glitch and a byte with a framing error before every request): ping, write and block answer as on a clean line" $? \
    "ping exit $r1 id '$i1', write exit $r2" "$(diag)"

# a host whose baud rate is off: one bit of every byte (data bit 6) a cycle longer or shorter
# (about 3 % at 4 cycles per bit); the receiver samples each bit at its middle, so it still reads
# every bit (a sample point a cycle or two off the middle does not)
ok=0
msgs=()
for k in 8 -8; do
    name=skew_p8
    [ "$k" = -8 ] && name=skew_m8 # a board, its output file and its PTY_ variable each
    start_board "$name" --bit-skew "$k"
    pty_var=PTY_$name
    h --port "${!pty_var}" write 0x11 0x7f00807f
    r=$RC
    h --port "${!pty_var}" --json block 0x11 1
    [ "$r" -eq 0 ] && [ "$RC" -eq 0 ] && [ "$(jget values)" = $((0x7f00807f)) ] ||
        { ok=1; msgs+=("--bit-skew $k: write exit $r" "$(diag)"); }
done
check "a host's baud rate off by a cycle a byte (--bit-skew 8, -8): write and READ_BLOCK answer as on an exact line" $ok "${msgs[@]}"

# the inter-byte timeout to the cycle: a byte takes 10 bits of 4 cycles, so with --byte-gap G the
# receiver sees a byte 40 + G cycles after the one before; TIMEOUT_CLKS is 100000. Each gap of
# PING's frame (A5 01 00 CRC) is timed alone (--gap-before K): the frame parser waits for the
# command byte, the length byte and the CRC byte in three different states
start_board slow --byte-gap 99960
start_board slow2 --byte-gap 99961 --gap-before 2
start_board slow3 --byte-gap 99961 --gap-before 3
start_board slow4 --byte-gap 99961 --gap-before 4
h --port "$PTY_slow" --timeout 20000 --json ping
r1=$RC
i1=$(jget id)
h --port "$PTY_slow2" --timeout 20000 ping
r2=$RC
e2=$ERR
h --port "$PTY_slow3" --timeout 20000 ping
r3=$RC
e3=$ERR
h --port "$PTY_slow4" --timeout 20000 ping
[ "$r1" -eq 0 ] && [ "$i1" = $((0x54455354)) ] && [ "$r2" -eq 1 ] && [[ $e2 == *"error 0x07 timeout"* ]] &&
    [ "$r3" -eq 1 ] && [[ $e3 == *"error 0x07 timeout"* ]] && [ "$RC" -eq 1 ] && [[ $ERR == *"error 0x07 timeout"* ]]
check "the inter-byte timeout to the cycle: bytes 100000 cycles apart make a request (--byte-gap 99960); 100001 apart before the command, the length or the CRC byte time out (ERROR 0x07)" $? \
    "byte-gap 99960: exit $r1, id '$i1'" "99961 before byte 2: exit $r2: $e2" "99961 before byte 3: exit $r3: $e3" \
    "99961 before byte 4: $(diag)"

"$TNBOARD" --gap-before 3 >/dev/null 2>"$TMP/opt1.err"
r1=$?
"$TNBOARD" --bit-skew 1 >/dev/null 2>"$TMP/opt2.err"
r2=$?
[ "$r1" -eq 2 ] && grep -q "gap-before: value '3' needs --byte-gap" "$TMP/opt1.err" &&
    [ "$r2" -eq 2 ] && grep -q "bit-skew: value '1' is not allowed; allowed: 2..10 or -10..-2" "$TMP/opt2.err"
check "tnboard refuses --gap-before without --byte-gap and --bit-skew 1: exit 2, the option, value and rule named" $? \
    "exit $r1: $(cat "$TMP/opt1.err")" "exit $r2: $(cat "$TMP/opt2.err")"

start_board corrupt --corrupt-reply 2
h --port "$PTY_corrupt" --json read 0
r1=$RC
v1=$(jget value)
h --port "$PTY_corrupt" read 0
r2=$RC
e2=$ERR
h --port "$PTY_corrupt" --json read 0
[ "$r1" -eq 0 ] && [ "$v1" = $((0x54455354)) ] && [ "$r2" -eq 1 ] &&
    [[ $e2 == *"corrupted reply: checksum (CRC-8) mismatch"* ]] && [ "$RC" -eq 0 ] &&
    [ "$(jget value)" = $((0x54455354)) ]
check "a corrupted reply (--corrupt-reply 2): the 2nd read fails with a checksum message, exit 1; the 1st and 3rd read the ID" $? \
    "1st: exit $r1 value '$v1'" "2nd: exit $r2: $e2" "3rd: $(diag)"

hb frobnicate
[ "$RC" -eq 2 ] && [[ $ERR == *"unknown command 'frobnicate'; allowed: ping regs read write block start reset raw"* ]]
check "an unknown command: exit 2, the message names it and the allowed commands" $? "$(diag)"

hb --config "$TMP" ping
[ "$RC" -eq 2 ] && [[ $ERR == *"--config: $TMP:1: read error: Is a directory"* ]]
check "--config given a directory: exit 2, read error named" $? "$(diag)"

hb --compare ping
[ "$RC" -eq 2 ] && [[ $ERR == *"--compare applies to run and sweep only, not to ping"* ]]
check "--compare with ping: exit 2, the message names where it applies" $? "$(diag)"

hb colour=red ping
[ "$RC" -eq 2 ] && [[ $ERR == *"unknown key 'colour' (value 'red'); allowed keys: port baud timeout deadline wait"* ]]
check "an unknown key: exit 2, the message names it and the allowed keys" $? "$(diag)"

hb --frobnicate ping
[ "$RC" -eq 2 ] && [[ $ERR == *"unknown option '--frobnicate'"* ]]
check "an unknown option: exit 2, named" $? "$(diag)"

ok=0
msgs=()
for t in "read|0x1g|ADDR '0x1g' is not allowed; allowed: 0..0xffff" \
    "read|65536|ADDR '65536' is not allowed; allowed: 0..0xffff" \
    "read|-1|ADDR '-1' is not allowed" \
    "write|0x10 0x100000000|VALUE '0x100000000' is not allowed; allowed: 0..0xffffffff" \
    "start|12x|CYCLES '12x' is not allowed; allowed: 0..0xffffffff" \
    "block|0x10 65|COUNT '65' is not allowed; allowed: 1..64" \
    "raw|0xa5 256|BYTE '256' (argument 2) is not allowed; allowed: 0..0xff"; do
    IFS='|' read -r cmd args want <<<"$t"
    # shellcheck disable=SC2086
    hb "$cmd" $args
    [ "$RC" -eq 2 ] && [[ $ERR == *"$want"* ]] || { ok=1; msgs+=("$cmd $args: want '$want'" "$(diag)"); }
done
check "bad numbers (ADDR, VALUE, CYCLES, COUNT, BYTE): exit 2, the value and the allowed range named" $ok "${msgs[@]}"

h --port "$PTY_main" --timeout 0 ping
r1=$RC
e1=$ERR
h --port "$PTY_main" --baud 12345 ping
[ "$r1" -eq 2 ] && [[ $e1 == *"key 'timeout': value '0' is not allowed; allowed: 1..600000"* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"key 'baud': value '12345' is not allowed; allowed: 9600 19200"* ]]
check "bad --timeout and --baud: exit 2, the key, value and allowed values named" $? "timeout: $e1" "$(diag)"

# the keys' edges: timeout 1 and 600000 taken (1 ms may be too short for the simulated board to
# answer: a timeout, exit 1, not a refusal), 600001 refused; wait=off taken, anything but on and
# off refused
h --port "$PTY_main" --timeout 1 ping
r1=$RC
h --port "$PTY_main" --timeout 600000 ping
r2=$RC
h --port "$PTY_main" --timeout 600001 ping
r3=$RC
e3=$ERR
h --port "$PTY_main" wait=off --json start 10
r4=$RC
o4=$OUT
h --port "$PTY_main" wait=yes start 10
[ "$r1" -ne 2 ] && [ "$r2" -eq 0 ] && [ "$r3" -eq 2 ] && [[ $e3 == *"key 'timeout': value '600001' is not allowed; allowed: 1..600000"* ]] &&
    [ "$r4" -eq 0 ] && [[ $o4 == *'"waited": false'* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"key 'wait': value 'yes' is not allowed; allowed: on off"* ]]
check "the keys' edges: timeout=1 and 600000 taken, 600001 refused; wait=off taken, wait=yes refused" $? \
    "timeout=1 exit $r1, 600000 exit $r2, 600001 exit $r3: $e3" "wait=off exit $r4: $o4" "$(diag)"
# port: a path of 1 to 255 characters (255 taken: no such port, exit 1; 256 and empty refused)
p255=/$(printf 'p%.0s' $(seq 1 254))
h port="$p255" ping
r1=$RC
e1=$ERR
h port="${p255}q" ping
r2=$RC
e2=$ERR
h port= ping
[ "$r1" -eq 1 ] && [[ $e1 == *"cannot open port '$p255'"* ]] &&
    [ "$r2" -eq 2 ] && [[ $e2 == *"key 'port': value '${p255}q' is not allowed; allowed: a path of 1 to 255 characters"* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"key 'port': value '' is not allowed; allowed: a path of 1 to 255 characters"* ]]
check "port: a path of 255 characters taken (no such port, exit 1), of 256 and of none refused (exit 2, named)" $? \
    "255: exit $r1: $e1" "256: exit $r2: $e2" "$(diag)"

hb read
r1=$RC
e1=$ERR
hb read 1 2
[ "$r1" -eq 2 ] && [[ $e1 == *"read needs ADDR"* ]] && [ "$RC" -eq 2 ] && [[ $ERR == *"unexpected argument '2'"* ]]
check "too few or too many arguments: exit 2, named" $? "too few: $e1" "$(diag)"

printf '# the simulated board\nport = %s\ntimeout=2000\n' "$PTY_main" >"$TMP/board.cfg"
h --config "$TMP/board.cfg" --json ping
[ "$RC" -eq 0 ] && [ "$(jget id)" = $((0x54455354)) ]
check "--config FILE with port= and timeout= lines" $? "$(diag)"

hb --json read 0x99
[ "$RC" -eq 1 ] && [ "$(jget error)" = board ] && [[ $(jget message) == *"error 0x04 address"* ]]
check "--json on a failure: an object with error and message on stdout" $? "$(diag)"


# ---- bounded readers, checked writes, safe messages (issue 57) ----
h --config /dev/zero ping
r1=$RC
e1=$ERR
printf 'timeout=2000\nport=/x\0junk\n' >"$TMP/nul.cfg"
h --config "$TMP/nul.cfg" ping
[ "$r1" -eq 2 ] && [[ $e1 == *"--config: /dev/zero:1: byte 1 is a NUL byte (0x00)"* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"--config: $TMP/nul.cfg:2: byte 8 is a NUL byte (0x00)"* ]]
check "--config /dev/zero ends at once, and a NUL byte mid-line is refused: file, line and byte named, exit 2" $? \
    "/dev/zero: exit $r1: $e1" "$(diag)"
head -c 1024 /dev/zero | tr '\0' a >"$TMP/long.cfg"
h --config "$TMP/long.cfg" ping
r1=$RC
e1=$ERR
yes '' | head -c 2000000 >"$TMP/big.cfg"
h --config "$TMP/big.cfg" ping
[ "$r1" -eq 2 ] && [[ $e1 == *"--config: $TMP/long.cfg:1: the line is longer than 1023 bytes; allowed: lines of at most 1023 bytes"* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"--config: $TMP/big.cfg:1048577: more than 1048576 bytes; allowed: a file of at most 1048576 bytes (1 MiB)"* ]]
check "--config: a line of 1024 bytes and a file of 2 MB of empty lines refused, the bound named, exit 2" $? \
    "long line: exit $r1: $e1" "$(diag)"
printf 'port=%s\n\033[31mred\n' "$PTY_main" >"$TMP/esc.cfg"
h --config "$TMP/esc.cfg" ping
r1=$RC
e1=$ERR
h --port "$PTY_main" $'\033]0;title\a=1' ping
[ "$r1" -eq 2 ] && [[ $e1 == *"esc.cfg:2: expected key=value, got '\\x1b[31mred'"* ]] && [[ $e1 != *$'\033'* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"unknown key '\\x1b]0;title\\x07' (value '1')"* ]] && [[ $ERR != *$'\033'* ]]
check "control bytes of a config line and of a key are escaped in the message (\\x1b), exit 2" $? "config: exit $r1: $e1" "$(diag)"

h --help
r1=$RC
[[ $OUT == *"deadline 3600000 1..86400000 ms"* ]] && [[ $OUT == *"at most 1 MiB (1048576 bytes)"* ]] &&
    [[ $OUT == *"the longest wait for a whole reply"* ]]
o1=$?
h --port "$PTY_main" deadline=0 ping
r2=$RC
e2=$ERR
h --port "$PTY_main" --deadline 86400001 ping
[ "$r1" -eq 0 ] && [ "$o1" -eq 0 ] && [ "$r2" -eq 2 ] && [[ $e2 == *"key 'deadline': value '0' is not allowed; allowed: 1..86400000"* ]] &&
    [ "$RC" -eq 2 ] && [[ $ERR == *"key 'deadline': value '86400001' is not allowed; allowed: 1..86400000"* ]]
check "the usage text states the timeout (a whole reply), the deadline and --config's bounds; deadline 0 and 86400001 refused, exit 2" $? \
    "--help: exit $r1" "deadline=0: exit $r2: $e2" "$(diag)"

# standard output on a full disk: a message and a non-zero exit, never a silent success
ok=0
msgs=()
for args in "ping" "--json ping" "--json read 0" "--help"; do
    # shellcheck disable=SC2086
    timeout 60 "$TNHOST" --port "$PTY_main" $args >/dev/full 2>"$TMP/err"
    r=$?
    cat "$TMP/err" >>"$TMP/all_err"
    [ "$r" -eq 1 ] && grep -qx "tnhost: error: standard output: No space left on device" "$TMP/err" ||
        { ok=1; msgs+=("$args > /dev/full: exit $r: $(cat "$TMP/err")"); }
done
check "standard output on /dev/full (ping, --json ping, --json read, --help): 'standard output: No space left on device', exit 1" $ok "${msgs[@]}"

if [ "$TNHOST" != build/san/tnhost ]; then
    skip "no sanitizer report from any tnhost run" "tnhost is not the sanitizer build (make build/san/tnhost)"
elif grep -qE 'AddressSanitizer|LeakSanitizer|runtime error' "$TMP/all_err"; then
    fail "no sanitizer report from any tnhost run" "$(grep -m5 -E 'Sanitizer|runtime error' "$TMP/all_err")"
else
    pass "no sanitizer report from any tnhost run"
fi

alive=0
for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null || alive=1; done
check "every tnboard is still running at the end (none crashed)" $alive \
    "$(cat "$TMP"/board_*.err)"

echo "1..$N"
[ "$FAILED" -eq 0 ]
