#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Simulator and bad-input checks of tnsim, printed as TAP ("ok N - ..." / "not ok N - ...",
# diagnostics as "# ..." lines, the plan "1..N" at the end). Uses the ASan+UBSan build
# build/san/tnsim when it exists, else build/bin/tnsim. Exit status 0 iff every check passed.
# Run by scripts/run_tests.sh (make test); can be run alone: bash scripts/check_cli.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -x build/san/tnsim ]; then
    TNSIM=build/san/tnsim
elif [ -x build/bin/tnsim ]; then
    TNSIM=build/bin/tnsim
else
    echo "not ok 1 - tnsim is built (neither build/san/tnsim nor build/bin/tnsim exists)"
    echo "1..1"
    exit 1
fi
echo "# tnsim: $TNSIM"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_cli.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. scripts/tap.sh # pass, fail, check, N, FAILED

# tn ARGS...: run tnsim; sets RC, OUT (stdout text), ERR (stderr text), and the files
# $TMP/out, $TMP/err. Standard input: the file $TN_IN (default /dev/null). With TN_LIMIT=SECS
# tnsim is killed (SIGKILL, RC 137: a crash) after SECS seconds.
tn() {
    if [ -n "${TN_LIMIT:-}" ]; then
        timeout -s KILL "$TN_LIMIT" "$TNSIM" "$@" <"${TN_IN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
    else
        "$TNSIM" "$@" <"${TN_IN:-/dev/null}" >"$TMP/out" 2>"$TMP/err"
    fi
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

# Number of lines of a file, counting a last line without its newline.
nlines() { awk 'END { print NR }' "$1"; }

# crash_reason: empty when the last tn run did not crash, else why it did.
crash_reason() {
    if [ "$RC" -ge 128 ]; then
        echo "killed by signal $((RC - 128)) (exit status $RC)"
    elif grep -qE 'AddressSanitizer|LeakSanitizer|runtime error' "$TMP/err"; then
        echo "sanitizer report on stderr"
    fi
}

# bad DESC NEEDLES ARGS...: tnsim ARGS must exit with status 2, print exactly one line on stderr
# containing every '|'-separated fixed string of NEEDLES, and not crash.
bad() {
    local desc=$1 needles=$2
    shift 2
    tn "$@"
    local why=() c
    c=$(crash_reason)
    [ -z "$c" ] || why+=("crashed: $c")
    refusal_why "$RC" "$TMP/err" "$needles"
    why+=("${WHY[@]}")
    local shown="$*"
    desc="bad input: tnsim ${shown//$TMP/\$TMP} -> $desc"
    if [ ${#why[@]} -eq 0 ]; then
        pass "$desc"
    else
        fail "$desc" "${why[@]}" "stderr:" "$ERR"
    fi
}

# jcheck DESC FILE EXPR: EXPR, a Python expression over j (the JSON object in FILE), is true.
# On failure the diagnostic shows the expression and the values of the keys it names.
jcheck() {
    local desc=$1 file=$2 expr=$3 msg
    if msg=$(python3 - "$file" "$expr" 2>&1 <<'EOF'
import json, re, sys
path, expr = sys.argv[1], sys.argv[2]
try:
    with open(path) as f:
        j = json.load(f)
except Exception as e:
    print("not valid JSON: %s" % e)
    sys.exit(1)
try:
    ok = eval(expr, {"j": j, "abs": abs})
except Exception as e:
    print("%s: %s: %s" % (expr, type(e).__name__, e))
    sys.exit(1)
if not ok:
    print("false: %s" % expr)
    for k in sorted(set(re.findall(r'j\["([^"]+)"\]', expr))):
        print("  %s = %r" % (k, j.get(k, "<missing>")))
    sys.exit(1)
EOF
    ); then
        pass "$desc"
    else
        fail "$desc" "$msg"
    fi
}

# ran_ok DESC: the last tn run exited 0 without a crash; prints a failing check otherwise and
# returns 1 (the caller then skips the checks that depend on the output).
ran_ok() {
    local c
    c=$(crash_reason)
    if [ "$RC" -ne 0 ] || [ -n "$c" ]; then
        fail "$1" "exit status $RC ${c:+($c)}" "stderr:" "$(head -n 40 "$TMP/err")"
        return 1
    fi
    return 0
}

# ---------------------------------------------------------------- bad input
Q="warmup=0 measure=10" # keeps the runs short should a bad input be accepted by mistake

bad "unknown key" "foo" foo=1 $Q
bad "k out of range" "'k'|99|2..64" k=99 $Q
bad "n out of range" "'n'|'0'|1..4" n=0 $Q
bad "too few VCs for dor on a torus" "vcs|'1'|2..16" vcs=1 $Q
bad "buf out of range" "buf|'0'|1..64" buf=0 $Q
bad "pkt=0" "pkt|'0'|256" pkt=0 $Q
bad "pkt range reversed" "pkt|5-3|256" pkt=5-3 $Q
bad "pkt not a number" "pkt|abc|256" pkt=abc $Q
bad "negative load" "load|-1|0..100" load=-1 $Q
bad "load not a number" "load|abc|0..100" load=abc $Q
bad "load above the injection channel" "load|0.9|0..0.5" load=0.9 k=4 $Q
bad "unknown traffic lists the names" "traffic|bogus|uniform|tornado|transpose|hotspot|trace" \
    traffic=bogus $Q
bad "acor needs two DOR classes per phase" "vcs|'3'|acor|4..16" routing=acor vcs=3 $Q
bad "acor needs a torus" "routing|acor|torus" routing=acor vcs=4 topo=mesh $Q
bad "acor_seq names the sequences" "acor_seq|box|box-full goalq-full box-goalq-full box-goalq" \
    routing=acor vcs=4 acor_seq=box $Q
bad "acor_hi of zero" "acor_hi|'0'|1..65535" routing=acor vcs=4 acor_hi=0 $Q
bad "chaos_q below the two slots the injection gate needs" "chaos_q|'1'|2..64" routing=chaos chaos_q=1 $Q
bad "chaos_wait negative" "chaos_wait|-3|0..65535" routing=chaos chaos_wait=-3 $Q
bad "chaos is virtual cut-through: buf below the longest packet" "'buf'|'4'|pkt|8..64" \
    routing=chaos buf=4 pkt=2-8 $Q
bad "the channel dependency checker does not apply to chaos" "routing|chaos|does not apply" \
    check routing=chaos
bad "unknown gal_sets" "gal_sets|3|1 2 dir dst" gal_sets=3 $Q
bad "gal_tmin above gal_tmax" "gal_tmin|gal_tmax|20 > 10" routing=gal vcs=3 gal_tmin=20 gal_tmax=10 $Q
tn routing=gal vcs=3 gal_adapt=on gal_tmin=10 gal_tmax=10 $Q
ran_ok "gal_tmin equal to gal_tmax (allowed: gal_tmin <= gal_tmax): exit 0" &&
    pass "gal_tmin equal to gal_tmax (allowed: gal_tmin <= gal_tmax): exit 0"
bad "gal_n1 beyond the 64-cycle window" "gal_n1|65|1..64" gal_n1=65 $Q
bad "pair outside the network" "pair|0,99|0..15" pair=0,99 k=4 $Q
bad "pair's source one past the last node" "pair|16,0|0..15" pair=16,0 k=4 $Q
bad "pair's destination one past the last node" "pair|0,16|0..15" pair=0,16 k=4 $Q
# a value too long to show whole: its first 200 characters, its length, and still the range
bad "300 loads (1,199 characters): shown cut, the range still named" \
    "key 'loads'|0.1,0.1|... (1199 characters)' is not allowed; allowed: 1..64 comma-separated loads" \
    sweep k=4 loads=$(printf '0.1%.0s,' $(seq 299))0.1 $Q
bad "pair past the largest network names this network's range" "pair|65536,1|node ids 0..15" \
    pair=65536,1 k=4 $Q
bad "pair is only for run" "pair|only for tnsim run" sat pair=0,1 $Q
bad "pair_shift without pair" "pair_shift|on|pair=S,D" pair_shift=on $Q
bad "pair_shift not on/off" "pair_shift|yes|on off" pair=0,1 pair_shift=yes $Q
bad "pair_shift on a mesh" "pair_shift|on|torus" pair=0,1 pair_shift=on topo=mesh $Q
bad "too few VCs for val on a torus" "vcs|'3'|val|4..16" routing=val vcs=3 $Q
bad "goal needs a torus" "routing|goal|torus" routing=goal topo=mesh vcs=3 $Q
bad "too few VCs for minad on a torus" "vcs|'2'|minad|3..16" routing=minad vcs=2 $Q
bad "unknown selection lists the names" "selection|greedy|random dor zigzag lru ldsf sq" selection=greedy $Q
bad "channel-load bound of an adaptive routing" "routing|minad|allowed: dor" bound routing=minad vcs=3
bad "bitrev needs a power-of-two node count" "bitrev|9|power" traffic=bitrev k=3 $Q
# load=0.1: the default load 0.3 is 1.2 flits/node/cycle on a 2-ary torus, rejected first.
bad "transpose needs an even number of address bits" "transpose|even|b = 3" \
    traffic=transpose k=2 n=3 load=0.1 $Q
bad "hot node outside the network" "hot_nodes|999|0..15" hot_nodes=999 traffic=hotspot k=4 n=2 $Q
bad "hot node one past the last (N = 16)" "key 'hot_nodes'|value '16' is not a node|0..15" \
    hot_nodes=16 traffic=hotspot k=4 n=2 $Q
bad "switch_traffic=hotspot's node one past the last" "key 'hot_nodes'|value '16' is not a node|0..15" \
    hot_nodes=16 switch_at=5 switch_traffic=hotspot k=4 n=2 $Q
# the most hot nodes (16, every node of the 4x4), each checked and none past the list (the
# sanitizers' bounds check on the check's loop)
tn hot_nodes=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 traffic=hotspot hot_frac=0.5 k=4 n=2 load=0.1 $Q
ran_ok "sixteen hot nodes, every node of the 4x4: exit 0" &&
    pass "sixteen hot nodes, every node of the 4x4: exit 0"
bad "negative seed" "seed|-5|0..4294967295" seed=-5 $Q
bad "missing --config file" "--config|$TMP/missing.cfg" --config "$TMP/missing.cfg" $Q
printf '# a comment\nk=4\nthis line has no equals sign\n' >"$TMP/badline.cfg"
bad "config file with a line that is not key=value" "$TMP/badline.cfg:3" \
    --config "$TMP/badline.cfg" $Q
printf 'k=4\n\n  vcs = 99  # too many\n' >"$TMP/badvalue.cfg"
bad "config file with a bad value" "$TMP/badvalue.cfg:3|vcs|99|1..16" \
    --config "$TMP/badvalue.cfg" $Q
bad "argument without '='" "bogus" bogus $Q
bad "traffic=trace without trace=" "trace" traffic=trace k=4 n=2 $Q
bad "trace file that does not exist" "trace|/nonexistent" trace=/nonexistent traffic=trace k=4 n=2 $Q
bad "traffic=trace without a trace file" "key 'trace'|traffic=trace needs trace=FILE" traffic=trace k=4 n=2 $Q
bad "--config a directory" "$TMP|read error|Is a directory" --config "$TMP" $Q
# a key that only a pattern not in the run reads (traffic, or switch_traffic from switch_at on)
bad "trace without traffic=trace" "key 'trace'|/nonexistent.trc|traffic is 'uniform'|traffic=trace" \
    trace=/nonexistent.trc k=4 n=2 $Q
bad "perm_seed without randperm" "key 'perm_seed'|'7'|traffic is 'tornado'|traffic=randperm" \
    perm_seed=7 traffic=tornado k=4 n=2 $Q
bad "hot_frac without hotspot" "key 'hot_frac'|0.5|traffic is 'uniform'|traffic=hotspot" \
    hot_frac=0.5 k=4 n=2 $Q
bad "hot_nodes without hotspot, switch_traffic tornado" \
    "key 'hot_nodes'|'3,5'|switch_traffic 'tornado'|traffic=hotspot" hot_nodes=3,5 switch_at=5 \
    switch_traffic=tornado k=4 n=2 $Q
bad "hot_nodes without hotspot (tnsim check)" "key 'hot_nodes'|traffic=hotspot" check hot_nodes=0
bad "series_win without series" "series_win|100|series=FILE" series_win=100 $Q
tn run hot_nodes=3 hot_frac=0.5 switch_at=5 switch_traffic=hotspot perm_seed=2 traffic=randperm \
    k=4 n=2 $Q
ran_ok "hot_nodes, hot_frac with switch_traffic=hotspot and perm_seed with traffic=randperm: exit 0" &&
    pass "hot_nodes, hot_frac with switch_traffic=hotspot and perm_seed with traffic=randperm: exit 0"
# output files are opened before the run: a path that cannot be written is exit 2, no report
for key in chan_out pair_out series; do
    extra=()
    [ "$key" = pair_out ] && extra=(pair=0,1)
    bad "$key to a directory that does not exist" "key '$key'|/nonexistent/dir/x.csv|No such file" \
        run "$key=/nonexistent/dir/x.csv" "${extra[@]}" k=4 n=2 $Q
    if [ "$RC" -eq 2 ] && [ ! -s "$TMP/out" ]; then
        pass "$key to a directory that does not exist: refused before the run (no report)"
    else
        fail "$key to a directory that does not exist: refused before the run (no report)" \
            "exit $RC" "stdout:" "$OUT"
    fi
done
# no argument at all: a run of the defaults (tnsim's mode words are read only when given)
tn
desc="tnsim with no arguments runs the default configuration"
if ran_ok "$desc"; then
    case "$OUT" in
    "tnsim: 8-ary 2-cube torus, routing=dor traffic=uniform vcs=2 buf=8 pkt=4 term=1 seed=1"*)
        pass "$desc" ;;
    *) fail "$desc" "stdout:" "$(head -n 3 "$TMP/out")" ;;
    esac
fi
tn run chan_out="$TMP/chan.csv" k=4 n=2 warmup=0 measure=50
if ran_ok "chan_out=FILE exits 0"; then
    # 16 nodes x 4 network ports, and the header
    if [ "$(nlines "$TMP/chan.csv")" -eq 65 ] && head -n 1 "$TMP/chan.csv" | grep -q "^node,"; then
        pass "chan_out=FILE: the header and one row per channel of the 4x4 torus"
    else
        fail "chan_out=FILE: the header and one row per channel of the 4x4 torus" \
            "$(nlines "$TMP/chan.csv") lines" "$(head -n 3 "$TMP/chan.csv")"
    fi
    # each row names its link: the node, its coordinates x:y (node = x + 4 y), the port (1..4:
    # +x -x +y -y), its direction and dimension; the 16 x 4 links once each
    desc="chan_out=FILE: each row's node, coordinates, port, direction and dimension agree"
    if msg=$(python3 - "$TMP/chan.csv" 2>&1 <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
seen = set()
for r in rows:
    v, p = int(r["node"]), int(r["port"])
    want = ("%d:%d" % (v % 4, v // 4), "+" if p % 2 else "-", str((p - 1) // 2))
    got = (r["coords"], r["dir"], r["dim"])
    assert got == want, "node %d port %d: %s, want %s" % (v, p, got, want)
    seen.add((v, p))
assert seen == {(v, p) for v in range(16) for p in range(1, 5)}, "links %s" % sorted(seen)
EOF2
    ); then
        pass "$desc"
    else
        fail "$desc" "$msg"
    fi
fi
# each link's uses (R17.10) sum to 1, and their mean over the links is run --json's port_use
tn run chan_out="$TMP/chan2.csv" k=4 n=2 vcs=4 routing=minad load=0.5 warmup=100 measure=400 --json
if ran_ok "chan_out=FILE with MIN AD at load 0.5 exits 0"; then
    if msg=$(python3 - "$TMP/chan2.csv" "$TMP/out" 2>&1 <<'EOF2'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
j = json.load(open(sys.argv[2]))["port_use"]
cols = ["util_flits_per_cycle", "idle_input_busy", "idle_unmatched", "idle_credit", "idle_vc",
        "idle_empty"]
keys = ["sent", "idle_input_busy", "idle_unmatched", "idle_credit", "idle_vc", "idle_empty"]
for r in rows:
    t = sum(float(r[c]) for c in cols)
    # idle_empty is 1 minus the others: the real check is that no use is negative
    if min(float(r[c]) for c in cols) < 0:
        sys.exit("node %s port %s: a negative use: %r" % (r["node"], r["port"], r))
    if abs(t - 1) > 1e-5:
        sys.exit("node %s port %s: the uses sum to %g" % (r["node"], r["port"], t))
for c, k in zip(cols, keys):
    m = sum(float(r[c]) for r in rows) / len(rows)
    if abs(m - j[k]) > 1e-5:
        sys.exit("%s: mean over the links %g, port_use %g" % (c, m, j[k]))
if j["idle_input_busy"] <= 0:
    sys.exit("no port idle with its requesters busy elsewhere at load 0.5: %r" % j)
EOF2
    ); then
        pass "chan_out=FILE: each link's uses sum to 1 and their means are run --json's port_use"
    else
        fail "chan_out=FILE: each link's uses sum to 1 and their means are run --json's port_use" "$msg"
    fi
fi
# CHAOS has its own router: its links' uses are not classified (empty fields), the utilisation is
tn run routing=chaos chan_out="$TMP/chan3.csv" k=4 n=2 load=0.3 warmup=100 measure=400
if ran_ok "chan_out=FILE with CHAOS exits 0"; then
    awk -F, 'NR > 1 && ($6 == "" || $7 != "" || $11 != "" || NF != 11) { bad++ }
             END { exit (NR == 65 && !bad) ? 0 : 1 }' "$TMP/chan3.csv"
    check "chan_out=FILE with CHAOS: a utilisation per link and empty use fields (64 links)" $? \
        "$(head -n 3 "$TMP/chan3.csv")"
fi
# sweep: a load the network cannot carry is named by its place in loads=; the other keys' faults
# are theirs, not loads'; the default load, unused by sweep, is not checked
bad "sweep with load= (it runs loads=)" "key 'load'|value '0.9'|not read by tnsim sweep" \
    sweep loads=0.1,0.2 k=5 load=0.9 $Q
bad "sweep with a load above the injection channel" "key 'loads'|value '0.8' (load 2 of 2)|0..0.5" \
    sweep loads=0.1,0.8 k=4 n=2 $Q
if [[ $ERR == *"key 'load'"* ]]; then
    fail "sweep with a load above the injection channel: the message names loads, not load as well" "$ERR"
else
    pass "sweep with a load above the injection channel: the message names loads, not load as well"
fi
bad "sweep with a load of 0 (a sweep's loads are positive)" "key 'loads'|value '0' (load 2 of '0.1,0')|(0, 100]" \
    sweep loads=0.1,0 k=4 n=2 $Q
bad "sweep with a negative load" "key 'loads'|value '-0.1' (load 1 of '-0.1')|(0, 100]" \
    sweep loads=-0.1 k=4 n=2 $Q
bad "sweep with a load that is not a number" "key 'loads'|value 'abc' (load 2 of '0.1,abc')" \
    sweep loads=0.1,abc k=4 n=2 $Q
bad "sweep with too few VCs names vcs" "key 'vcs'|'2'|3..16" sweep loads=0.1 routing=minad vcs=2 $Q
if grep -q "loads" "$TMP/err"; then
    fail "sweep with too few VCs: the message does not blame loads" "$ERR"
else
    pass "sweep with too few VCs: the message does not blame loads"
fi
tn sweep loads=0.1 k=2 n=2 $Q
ran_ok "sweep loads=0.1 k=2 (the default load 0.3 is too high there, and unused): exit 0" &&
    pass "sweep loads=0.1 k=2 (the default load 0.3 is too high there, and unused): exit 0"
# the most loads a sweep takes (MAX_LOADS, 64): each run once, in order; one more is refused
L64=$(awk 'BEGIN { for (i = 1; i <= 64; i++) printf "%s%.3f", (i > 1 ? "," : ""), 0.002 * i }')
tn sweep loads="$L64" k=2 n=2 warmup=10 measure=100 --json
if ran_ok "sweep with 64 loads (the most) exits 0"; then
    jcheck "sweep with 64 loads: 64 results, the i-th offered 0.002 i" "$TMP/out" \
        'len(j) == 64 and all(abs(j[i]["offered"] - 0.002 * (i + 1)) < 1e-9 for i in range(64))'
fi
bad "sweep with 65 loads" "key 'loads'|has more than 64 loads|1..64" sweep loads="$L64,0.2" k=2 n=2 $Q

# ---------------------------------------------------------------- MIN AD and the deadlock checker
tn run k=8 n=2 vcs=3 routing=minad selection=lru load=0.3 warmup=500 measure=3000 --json
cp "$TMP/out" "$TMP/jm.json"
if ran_ok "--json run routing=minad selection=lru exits 0"; then
    jcheck "minad lru: routing and selection echoed" "$TMP/jm.json" \
        'j["routing"] == "minad" and j["selection"] == "lru"'
    jcheck "minad lru k=8 load=0.3: accepted within 0.02 of 0.3, every packet delivered intact" \
        "$TMP/jm.json" 'abs(j["accepted"] - 0.3) < 0.02 and j["injected"] == j["delivered"] > 0 and j["check_errors"] == 0 and j["router_errors"] == 0'
fi
tn run k=8 n=2 vcs=3 routing=gal load=0.2 warmup=500 measure=3000 pair=0,9 pair_out="$TMP/pair.csv" --json
if ran_ok "tnsim run routing=gal pair=0,9 exits 0"; then
    tail -n 1 "$TMP/out" > "$TMP/jp.json"
    jcheck "pair=0,9 on 8x8 (2 hops apart): packets > 0, hops 2 on average or more, one CSV row each" \
        "$TMP/jp.json" 'j["pair_packets"] > 0 and j["pair_hops_avg"] >= 2 and j["pair_packets"] == len(open("'"$TMP"'/pair.csv").read().splitlines()) - 1'
fi
tn run k=8 n=2 vcs=3 routing=goal load=0.2 warmup=200 measure=4000 pair=0,25 pair_shift=on --json
if ran_ok "tnsim run pair=0,25 pair_shift=on exits 0"; then
    tail -n 1 "$TMP/out" > "$TMP/js.json"
    jcheck "pair_shift=on: every translate of (0,0)->(1,3) counted, GOAL mean hops near 5.5" \
        "$TMP/js.json" 'j["pair_shift"] == 1 and j["pair_packets"] > 100 and 5.0 < j["pair_hops_avg"] < 6.0'
fi
# the pair's window is R17's, [warmup, warmup + measure): of four trace packets 0 -> 1 (one hop,
# alone in the network, so each takes 2H + L + 2 = L + 4 cycles) created one cycle before it, at
# its first and last cycle and one after it, pair_out holds the two inside (lengths 2 and 3)
printf '99 0 1 1\n100 0 1 2\n149 0 1 3\n150 0 1 4\n' > "$TMP/pw.trace"
tn run k=4 n=2 vcs=2 routing=dor traffic=trace trace="$TMP/pw.trace" warmup=100 measure=50 \
    pair=0,1 pair_out="$TMP/pw.csv" --json
desc="pair=0,1 with trace packets at the window's edges: those created in [warmup, warmup + measure) counted, the others not"
if ran_ok "$desc"; then
    got=$(tail -n +2 "$TMP/pw.csv" | cut -d, -f1 | xargs)
    pk=$(tail -n 1 "$TMP/out" | python3 -c 'import json, sys; print(json.load(sys.stdin)["pair_packets"])')
    [ "$got" = "6 7" ] && [ "$pk" = 2 ]
    check "$desc" $? "pair_out latencies: '$got' (want '6 7'); pair_packets $pk (want 2)"
fi

# pair_out holds the pair's packets and no other: under DOR every packet of (0,0)->(1,1) crosses
# exactly 2 links, and with pair_shift=on every translate of (0,0)->(1,3) exactly 4; each row's
# latency is at least the zero-load 2H + L + 2 (R14.1.1, L = 4) and its queueing the difference
for spec in "0,9 off 2" "0,25 on 4"; do
    read -r pr sh hops <<< "$spec"
    desc="pair=$pr pair_shift=$sh under DOR: one pair_out row per pair packet, each crossing $hops links, queueing = latency - (2H + L + 2) >= 0"
    tn run k=8 n=2 vcs=2 routing=dor load=0.5 warmup=200 measure=20000 pair="$pr" pair_shift="$sh" \
        pair_out="$TMP/pd.csv" --json
    if ran_ok "$desc"; then
        tail -n 1 "$TMP/out" > "$TMP/pd.json"
        if python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
j = json.load(open(sys.argv[2]))
h = int(sys.argv[3])
assert len(rows) == j["pair_packets"] > 20, "%d rows, pair_packets %s" % (len(rows), j["pair_packets"])
bad = [r for r in rows if int(r["hops"]) != h or int(r["queueing"]) != int(r["latency"]) - (2 * h + 4 + 2)
       or int(r["queueing"]) < 0]
assert not bad, "%d rows differ, first %s" % (len(bad), bad[0])
' "$TMP/pd.csv" "$TMP/pd.json" "$hops" 2>"$TMP/err"; then
            pass "$desc"
        else
            fail "$desc" "$(tail -n 1 "$TMP/err")"
        fi
    fi
done
# whole windows only: as many rows as the run has whole 100-cycle windows (the drain's last,
# partial window is left out)
tn run k=4 n=2 load=0.3 warmup=200 measure=1000 series="$TMP/series.csv" series_win=100 --json
if ran_ok "tnsim run series=FILE exits 0"; then
    tail -n 1 "$TMP/out" > "$TMP/series.json"
    if python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cycles = json.load(open(sys.argv[2]))["cycles"]
assert len(rows) == cycles // 100, "%d windows in a run of %d cycles" % (len(rows), cycles)
assert [int(r["cycle"]) for r in rows[:3]] == [0, 100, 200], "windows are not 100 cycles"
mid = [float(r["accepted"]) for r in rows[3:10]]
assert all(0.2 < x < 0.4 for x in mid), "accepted per window %s not near the offered 0.3" % mid
' "$TMP/series.csv" "$TMP/series.json" 2>"$TMP/err"; then
        pass "series=FILE: one row per whole 100-cycle window, accepted near the offered 0.3 in the window"
    else
        fail "series=FILE: one row per whole 100-cycle window, accepted near the offered 0.3 in the window" "$(tail -n 1 "$TMP/err")"
    fi
fi
bad "series_win out of range" "series_win|0|1..1000000" series_win=0 $Q
# ACOR's series: one level column per node, each level and their mean within ACOR's levels
# (under the sanitizer build, so a read past the levels of the last node is caught too)
tn run k=4 n=2 vcs=4 routing=acor load=0.2 warmup=0 measure=500 series="$TMP/sa.csv" series_win=100
desc="series=FILE with routing=acor: 16 level columns, every level and the mean in 0..2 (a sequence has at most three sets)"
if ran_ok "$desc"; then
    if python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) >= 5, "only %d windows" % len(rows)
cols = [c for c in rows[0] if c.startswith("level_")]
assert cols == ["level_%d" % v for v in range(16)], "columns %s" % cols
bad = [r for r in rows if not all(0 <= int(r[c]) <= 2 for c in cols) or not 0 <= float(r["acor_level_mean"]) <= 2]
assert not bad, "out of range: %s" % bad[0]
' "$TMP/sa.csv" 2>"$TMP/err"; then
        pass "$desc"
    else
        fail "$desc" "$(tail -n 1 "$TMP/err")"
    fi
fi
# a row's levels are those at the end of its window, from the first window on: the same run
# (ACOR raising levels within the first 50 cycles: 8x8 tornado, a short interval) with windows
# of 50 and of 25 cycles gives each row of the first the levels of every second row of the other
A="k=8 n=2 vcs=4 routing=acor load=0.5 acor_hi=10 acor_it1=1 acor_dt1=0 traffic=tornado warmup=0 measure=400"
tn run $A series="$TMP/sa50.csv" series_win=50
desc="series=FILE with routing=acor: row b of 50-cycle windows holds the levels of row 2b+1 of 25-cycle ones, row 0 included; each row's level mean is the mean of its levels"
if ran_ok "$desc"; then
    tn run $A series="$TMP/sa25.csv" series_win=25
    if ran_ok "$desc (series_win=25)"; then
        if python3 -c '
import csv, sys
a = list(csv.DictReader(open(sys.argv[1])))
b = list(csv.DictReader(open(sys.argv[2])))
cols = [c for c in a[0] if c.startswith("level_")]
assert len(cols) == 64 and len(a) >= 8 and len(b) >= 2 * len(a) - 1, "%d columns, %d and %d rows" % (len(cols), len(a), len(b))
assert any(int(a[0][c]) for c in cols), "no level raised in the first window: the check needs one"
for i, r in enumerate(a[: len(b) // 2]):
    got, want = [r[c] for c in cols], [b[2 * i + 1][c] for c in cols]
    assert got == want, "row %d: %s, the 25-cycle row %d: %s" % (i, got, 2 * i + 1, want)
for rows in (a, b):
    for i, r in enumerate(rows):
        mean = sum(int(r[c]) for c in cols) / 64.0
        assert abs(float(r["acor_level_mean"]) - mean) < 6e-5, "row %d: mean %s, the levels %.4f" % (i, r["acor_level_mean"], mean)
' "$TMP/sa50.csv" "$TMP/sa25.csv" 2>"$TMP/err"; then
            pass "$desc"
        else
            fail "$desc" "$(tail -n 1 "$TMP/err")"
        fi
    fi
fi
# the levels are recorded for the windows of warmup + measure + drain and two more: with
# drain=0 and 1-cycle windows the final drain after the stop runs past them, and its rows leave
# the level fields empty (not 0: a saturated ring holds its routers at level 1 there); under the
# sanitizer build, so a read past the recorded levels is caught
tn run k=8 n=1 vcs=4 routing=acor traffic=tornado load=1 warmup=20 measure=100 drain=0 \
    acor_hi=50 acor_it1=1 acor_dt1=0 series="$TMP/sad.csv" series_win=1
desc="series=FILE with routing=acor and drain=0: rows 0..121 hold the levels, the final drain's rows past them none"
if ran_ok "$desc"; then
    if python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cols = ["acor_level_mean"] + ["level_%d" % v for v in range(8)]
assert len(rows) > 123, "only %d rows: the check needs a final drain past the recorded windows" % len(rows)
for i, r in enumerate(rows):
    if i < 122:
        assert all(r[c] != "" for c in cols) and all(0 <= int(r[c]) <= 2 for c in cols[1:]), "row %d: %s" % (i, r)
    else:
        assert all(r[c] == "" for c in cols), "row %d past the recorded windows: %s" % (i, r)
assert float(rows[121]["acor_level_mean"]) > 0, "no level raised by the end: %s" % rows[121]
' "$TMP/sad.csv" 2>"$TMP/err"; then
        pass "$desc"
    else
        fail "$desc" "$(tail -n 1 "$TMP/err")"
    fi
fi
# a GAL threshold no queue reaches (gal_t=1024, queues of 128): every packet takes a minimal
# quadrant, so the series' non-minimal fraction is 0 in every window, as the run's nonmin_frac
tn run k=4 n=2 vcs=4 routing=gal gal_t=1024 load=0.3 warmup=0 measure=1500 series="$TMP/gm.csv" \
    series_win=100 --json
desc="series=FILE with routing=gal gal_t=1024: nonmin_frac 0 in every window and in the run; one queue occupancy per quadrant"
if ran_ok "$desc"; then
    tail -n 1 "$TMP/out" > "$TMP/gm.json"
    if python3 -c '
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
j = json.load(open(sys.argv[2]))
assert len(rows) >= 15, "only %d windows" % len(rows)
nz = [(r["cycle"], r["nonmin_frac"]) for r in rows if float(r["nonmin_frac"]) != 0]
assert not nz and j["nonmin_frac"] == 0, "non-minimal: %s, run %s" % (nz[:3], j["nonmin_frac"])
occ = j["gal_queue_occ"]
assert len(occ) == 4 and all(x >= 0 for x in occ) and sum(occ) > 0, "gal_queue_occ %s: not one mean per quadrant of the 4x4" % occ
' "$TMP/gm.csv" "$TMP/gm.json" 2>"$TMP/err"; then
        pass "$desc"
    else
        fail "$desc" "$(tail -n 1 "$TMP/err")"
    fi
fi
# mid-run traffic switch and GAL's threshold trace in the series
bad "switch_traffic without switch_at" "switch_traffic|tornado|switch_at" switch_traffic=tornado $Q
bad "switch_load without switch_at" "switch_load|0.5|switch_at" switch_load=0.5 $Q
bad "switch_at without a pattern or load to switch to" "switch_at|600|switch_traffic" switch_at=600 $Q
bad "switch_at negative" "switch_at|-1|0..1000000000" switch_at=-1 $Q
bad "switch_traffic=trace" "switch_traffic|trace|uniform tornado" switch_at=10 switch_traffic=trace $Q
bad "switch_load above the injection channels" "switch_load|1.5|0..1" switch_at=600 switch_load=1.5 $Q
bad "switch_at with a trace" "switch_at|100|traffic=trace" switch_at=100 switch_traffic=tornado \
    traffic=trace trace=/nonexistent k=4 n=2 $Q
bad "switch_at with sat" "switch_at|600|tnsim sat" sat switch_at=600 switch_traffic=tornado $Q
# bound and check do not read load: a load above the 4x4's injection channels (0.5 of capacity)
# is not refused there, as it is by run
for mode in bound check; do
    tn $mode k=4 n=2 load=0.6
    [ "$RC" = 0 ] && [ -z "$(crash_reason)" ]
    check "tnsim $mode k=4 n=2 load=0.6: load, which $mode does not read, is not checked (exit 0)" \
        $? "exit status $RC" "stderr: $ERR"
done
# the text report's first line names the switch: its cycle, pattern and load (the first load when
# switch_load is not given)
for sl in "switch_load=0.2|load=0.2" "|load=0.3"; do
    tn run k=4 n=2 load=0.3 warmup=100 measure=300 switch_at=200 switch_traffic=tornado ${sl%%|*}
    if ran_ok "run with switch_at ${sl%%|*} exits 0"; then
        want="tnsim: 4-ary 2-cube torus, routing=dor traffic=uniform vcs=2 buf=8 pkt=4 term=1 seed=1; from cycle 200 traffic=tornado ${sl#*|}"
        [ "$(head -n 1 "$TMP/out")" = "$want" ]
        check "run with switch_at ${sl%%|*}: the text report's first line names the switch" $? \
            "want: $want" "got:  $(head -n 1 "$TMP/out")"
    fi
done
# --json names the switch (and a run without one has no switch fields); the offered load is the
# window's mean of the two loads: 100 cycles at 0.3, 200 at 0.15
tn run k=4 n=2 load=0.3 warmup=100 measure=300 switch_at=200 switch_traffic=tornado switch_load=0.15 --json
cp "$TMP/out" "$TMP/jsw.json"
if ran_ok "run --json with switch_at exits 0"; then
    jcheck "run --json with switch_at: switch_at, switch_traffic, switch_load named; offered the window's mean 0.2" \
        "$TMP/jsw.json" 'j["switch_at"] == 200 and j["switch_traffic"] == "tornado" and j["switch_load"] == 0.15 and abs(j["offered"] - 0.2) < 1e-9'
fi
tn run k=4 n=2 load=0.3 warmup=100 measure=300 --json
cp "$TMP/out" "$TMP/jnosw.json"
if ran_ok "run --json without switch_at exits 0"; then
    jcheck "run --json without a switch: no switch fields" "$TMP/jnosw.json" \
        'not any(k.startswith("switch") for k in j)'
fi
bad "switch_traffic the network cannot carry" "switch_traffic|bitrev|power" k=3 switch_at=10 \
    switch_traffic=bitrev $Q
tn run k=8 n=2 vcs=3 routing=gal gal_adapt=on term=4 load=1.1 switch_at=600 switch_traffic=tornado \
    switch_load=0.55 warmup=0 measure=1200 drain=0 series="$TMP/gs.csv" series_win=100
if ran_ok "tnsim run routing=gal with a traffic switch and series=FILE exits 0"; then
    if python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) >= 12, "only %d windows" % len(rows)
for c in ("gal_t_mean", "gal_t_max", "gal_queued", "nonmin_frac"):
    assert c in rows[0], "no column " + c
r = rows[5]
assert 2 <= float(r["gal_t_mean"]) <= float(r["gal_t_max"]) <= 128, r
assert int(r["gal_queued"]) > 0 and 0 <= float(r["nonmin_frac"]) <= 1, r
' "$TMP/gs.csv" 2>"$TMP/err"; then
        pass "series=FILE with routing=gal: threshold, queued and non-minimal columns in range"
    else
        fail "series=FILE with routing=gal: threshold, queued and non-minimal columns in range" "$(tail -n 1 "$TMP/err")"
    fi
fi
tn run k=8 n=1 vcs=3 routing=chaos traffic=tornado load=1.0 warmup=200 measure=2000 watchdog=1000 --json
cp "$TMP/out" "$TMP/jc.json"
if ran_ok "tnsim run routing=chaos 8-ring tornado at load 1.0 exits 0 (no watchdog)"; then
    jcheck "chaos 8-ring tornado past saturation: every packet delivered intact, some derouted" \
        "$TMP/jc.json" 'j["routing"] == "chaos" and j["injected"] == j["delivered"] > 0 and j["check_errors"] == 0 and j["router_errors"] == 0 and j["nonmin_frac"] > 0'
fi
tn check k=8 n=2 vcs=3 routing=minad
if [ "$RC" -eq 0 ] && grep -q "acyclic" "$TMP/out"; then
    pass "tnsim check routing=minad k=8 vcs=3: acyclic escape graph, exit 0"
else
    fail "tnsim check routing=minad k=8 vcs=3: acyclic escape graph, exit 0" "exit $RC" "$OUT" "$ERR"
fi
# R8.5.1's limits: 4,096 nodes under DOR, 512 under the others; one node more is refused
for lim in "k=64 n=2 routing=dor 4096" "k=8 n=3 vcs=3 routing=minad 512"; do
    read -r -a w <<<"$lim"
    tn check "${w[@]:0:${#w[@]}-1}"
    if [ "$RC" -eq 0 ] && grep -q "deadlock-free" "$TMP/out"; then
        pass "tnsim check ${w[*]:0:${#w[@]}-1}: the checker's most nodes (${w[-1]}), checked"
    else
        fail "tnsim check ${w[*]:0:${#w[@]}-1}: the checker's most nodes (${w[-1]}), checked" "exit $RC" "$OUT" "$ERR"
    fi
done
bad "check above its most nodes under DOR" "keys 'k','n'|up to 4096 nodes for routing=dor|not 4913" \
    check k=17 n=3 routing=dor
bad "check above its most nodes under MIN AD" "keys 'k','n'|up to 512 nodes for routing=minad|not 729" \
    check k=9 n=3 vcs=3 routing=minad
tn check k=8 n=2 vcs=3 routing=minad dateline=off
if [ "$RC" -eq 1 ] && grep -q "cycle in the channel dependency graph" "$TMP/out"; then
    pass "tnsim check routing=minad dateline=off: prints a cycle, exit 1"
else
    fail "tnsim check routing=minad dateline=off: prints a cycle, exit 1" "exit $RC" "$OUT" "$ERR"
fi
tn run k=8 n=1 vcs=3 routing=minad dateline=off transit=off buf=4 pkt=8 traffic=tornado load=0.99 watchdog=1000 warmup=100 measure=5000
if [ "$RC" -eq 1 ] && grep -q "no flit moved for 1000 cycles while [0-9]* flits are in flight" "$TMP/err" &&
    grep -q "stuck VCs: \[node" "$TMP/err"; then
    pass "tnsim run routing=minad dateline=off really deadlocks: the watchdog names the stuck VCs, exit 1"
else
    fail "tnsim run routing=minad dateline=off really deadlocks: the watchdog names the stuck VCs, exit 1" "exit $RC" "$ERR"
fi

# ---------------------------------------------------------------- --json output
tn k=8 n=2 load=0.2 traffic=uniform warmup=500 measure=3000 --json
cp "$TMP/out" "$TMP/j1.json"
if ran_ok "--json run k=8 n=2 load=0.2 uniform exits 0"; then
    if msg=$(python3 -c 'import json,sys; o=json.load(sys.stdin); assert isinstance(o, dict), "not an object"' \
        <"$TMP/j1.json" 2>&1); then
        pass "--json output is one valid JSON object"
    else
        fail "--json output is one valid JSON object" "$(printf '%s' "$msg" | tail -n 1)" "stdout:" "$OUT"
    fi
    jcheck "--json has offered accepted accepted_flits_per_node_cycle latency_avg latency_p99 network_latency_avg hops_avg packets cycles sim_cycles_per_second" \
        "$TMP/j1.json" \
        'not [k for k in ["offered", "accepted", "accepted_flits_per_node_cycle", "latency_avg", "latency_p99", "network_latency_avg", "hops_avg", "packets", "cycles", "sim_cycles_per_second"] if k not in j]'
    jcheck "k=8 n=2 load=0.2 uniform: accepted within 0.02 of 0.2" "$TMP/j1.json" \
        'abs(j["accepted"] - 0.2) <= 0.02'
    jcheck "k=8 n=2 load=0.2 uniform: injected == delivered > 0" "$TMP/j1.json" \
        'j["injected"] == j["delivered"] and j["delivered"] > 0'
    jcheck "k=8 n=2 load=0.2 uniform: check_errors == 0 and router_errors == 0" "$TMP/j1.json" \
        'j["check_errors"] == 0 and j["router_errors"] == 0'
    jcheck "k=8 n=2 load=0.2 uniform: saturated is false" "$TMP/j1.json" 'j["saturated"] is False'
    jcheck "k=8 n=2 load=0.2 uniform: latency_p99 >= latency_avg >= network_latency_avg > hops_avg > 0" \
        "$TMP/j1.json" \
        'j["latency_p99"] >= j["latency_avg"] >= j["network_latency_avg"] > j["hops_avg"] > 0'
fi

# ---------------------------------------------------------------- determinism
D="k=4 n=2 load=0.3 traffic=uniform warmup=200 measure=2000 --json"
tn $D seed=7
ran_ok "determinism: run with seed=7 exits 0" && cp "$TMP/out" "$TMP/d1.json"
tn $D seed=7
ran_ok "determinism: second run with seed=7 exits 0" && cp "$TMP/out" "$TMP/d2.json"
tn $D seed=8
ran_ok "determinism: run with seed=8 exits 0" && cp "$TMP/out" "$TMP/d3.json"
if [ -s "$TMP/d1.json" ] && [ -s "$TMP/d2.json" ] && [ -s "$TMP/d3.json" ]; then
    if msg=$(python3 - "$TMP/d1.json" "$TMP/d2.json" 2>&1 <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for o in (a, b):
    for k in ("sim_cycles_per_second", "flit_hops_per_second"):
        o.pop(k, None)
diff = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
if diff:
    for k in diff:
        print("%s: %r vs %r" % (k, a.get(k), b.get(k)))
    sys.exit(1)
EOF
    ); then
        pass "determinism: two runs with seed=7 give identical JSON (timing keys aside)"
    else
        fail "determinism: two runs with seed=7 give identical JSON (timing keys aside)" "$msg"
    fi
    if msg=$(python3 - "$TMP/d1.json" "$TMP/d3.json" 2>&1 <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
if a["latency_avg"] == b["latency_avg"]:
    print("latency_avg %r with seed=7 and seed=8" % a["latency_avg"])
    sys.exit(1)
EOF
    ); then
        pass "determinism: seed=8 gives a different latency_avg than seed=7"
    else
        fail "determinism: seed=8 gives a different latency_avg than seed=7" "$msg"
    fi
else
    fail "determinism: the three runs gave their JSON" "a run with seed=7 or 8 printed nothing"
fi

# ---------------------------------------------------------------- sweep
# sweep_check DESC CSVFILE: header and one row per load 0.1, 0.2, 0.3, in order.
sweep_check() {
    local msg
    if msg=$(python3 - "$2" 2>&1 <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
if not rows:
    sys.exit("empty CSV")
head, data = rows[0], rows[1:]
need = ["k", "n", "traffic", "offered", "accepted", "latency_avg", "latency_p99", "hops_avg", "saturated"]
miss = [c for c in need if c not in head]
if miss:
    sys.exit("header %r lacks %r" % (head, miss))
if len(data) != 3:
    sys.exit("%d data rows, expected 3" % len(data))
bad = [r for r in data if len(r) != len(head)]
if bad:
    sys.exit("rows with %d fields, header has %d: %r" % (len(bad[0]), len(head), bad[0]))
off = [float(r[head.index("offered")]) for r in data]
if off != [0.1, 0.2, 0.3]:
    sys.exit("offered column %r, expected [0.1, 0.2, 0.3]" % off)
tr = {r[head.index("traffic")] for r in data}
if tr != {"tornado"}:
    sys.exit("traffic column %r, expected tornado" % tr)
EOF
    ); then
        pass "$1"
    else
        fail "$1" "$msg" "CSV:" "$(head -n 5 "$2")"
    fi
}
SW="sweep loads=0.1,0.2,0.3 k=4 n=2 traffic=tornado warmup=200 measure=1000"
tn $SW out="$TMP/sweep.csv"
if ran_ok "sweep out=FILE exits 0"; then
    sweep_check "sweep out=FILE writes a CSV with a header and one row per load" "$TMP/sweep.csv"
fi
tn $SW
if ran_ok "sweep to stdout exits 0"; then
    sweep_check "sweep without out= writes the same CSV to stdout" "$TMP/out"
fi
# sweep --json: an array of run --json's objects, one per load, in order, with run's fields
tn run k=4 n=2 traffic=tornado warmup=200 measure=1000 load=0.2 --json
cp "$TMP/out" "$TMP/sw_run.json"
tn $SW --json
if ran_ok "sweep --json exits 0"; then
    cp "$TMP/out" "$TMP/sw.json"
    jcheck "sweep --json: an array of 3 objects, offered 0.1 0.2 0.3 in order, each with run --json's fields" \
        "$TMP/sw.json" 'isinstance(j, list) and [round(o["offered"], 6) for o in j] == [0.1, 0.2, 0.3] and all(set(o) == set(__import__("json").load(open("'"$TMP"'/sw_run.json"))) for o in j) and all(o["traffic"] == "tornado" and o["delivered"] > 0 for o in j)'
fi
tn $SW --json out="$TMP/sw_out.json"
if ran_ok "sweep --json out=FILE exits 0"; then
    jcheck "sweep --json out=FILE: the array in the file, nothing on stdout" "$TMP/sw_out.json" \
        'isinstance(j, list) and len(j) == 3 and not open("'"$TMP"'/out").read()'
fi

# ---------------------------------------------------------------- jobs=N: simulations at once
# sweep and sat with several processes give what one process gives, byte for byte (sat's path of
# probes is the same; the probes off it are discarded); jobs is refused where nothing reads it
# and out of its range.
J="k=4 n=2 vcs=3 routing=minad traffic=uniform warmup=100 measure=600"
tn sweep $J loads=0.05,0.2,0.3,0.4,0.45 out="$TMP/j1.csv"
if ran_ok "sweep jobs=1 (the default) exits 0"; then
    tn sweep $J loads=0.05,0.2,0.3,0.4,0.45 out="$TMP/j3.csv" jobs=3
    if ran_ok "sweep jobs=3 exits 0"; then
        cmp -s "$TMP/j1.csv" "$TMP/j3.csv"
        check "sweep jobs=3 writes the CSV of jobs=1 ($(nlines "$TMP/j1.csv") lines), byte for byte" \
            $? "$(diff "$TMP/j1.csv" "$TMP/j3.csv" | head -n 6)"
    fi
fi
tn sat $J tol=0.02 --json
if ran_ok "sat jobs=1 exits 0"; then
    cp "$TMP/out" "$TMP/s1.json"
    # MIN AD saturates on the 4x4 below the top of the range (0.5): sat bisects (more than one
    # run) and reports a load inside the range, the accepted throughput there and at the top
    jcheck "sat past saturation at the top of the range: a bisected load and its accepted" \
        "$TMP/s1.json" 'j["runs"] >= 3 and 0.2 < j["sat_load"] < 0.5 and 0.2 < j["sat_accepted"] <= j["sat_load"] + 0.02 and j["overload_accepted"] > 0.2 and j["routing"] == "minad"'
    for j in 2 3 7; do
        tn sat $J tol=0.02 --json jobs=$j
        if ran_ok "sat jobs=$j exits 0"; then
            cmp -s "$TMP/s1.json" "$TMP/out"
            check "sat jobs=$j prints sat jobs=1's JSON (load, accepted, runs)" $? \
                "jobs=1: $(cat "$TMP/s1.json")" "jobs=$j: $OUT"
        fi
    done
fi
# R17.9: the bisection stops when the interval is at most tol wide: tol = 0.0625 is exactly an
# eighth of the range [0, 0.5], reached after the top run and three midpoints (a fourth midpoint
# would make it 1/16)
tn sat $J tol=0.0625 --json
if ran_ok "sat tol=0.0625 exits 0"; then
    jcheck "sat tol=0.0625 (an eighth of the range): the top run and three midpoints, a load k/16" \
        "$TMP/out" 'j["runs"] == 4 and abs(j["sat_load"] * 16 - round(j["sat_load"] * 16)) < 1e-3'
    cp "$TMP/out" "$TMP/t1.json"
    # the midpoints probed ahead (jobs=3) stop at the same width: the same path and answer
    tn sat $J tol=0.0625 --json jobs=3
    if ran_ok "sat tol=0.0625 jobs=3 exits 0"; then
        cmp -s "$TMP/t1.json" "$TMP/out"
        check "sat tol=0.0625 jobs=3 prints jobs=1's JSON" $? "jobs=1: $(cat "$TMP/t1.json")" "jobs=3: $OUT"
    fi
fi
bad "jobs with run" "'jobs'|'2'|only for tnsim sweep and sat" run jobs=2 $Q
bad "jobs with bound" "'jobs'|'2'|only for tnsim sweep and sat" bound jobs=2
bad "jobs=0" "'jobs'|'0'|1..64" sweep loads=0.1 jobs=0 $Q
bad "jobs=65" "'jobs'|'65'|1..64" sat jobs=65 $Q

# ---------------------------------------------------------------- seeds=N: replications
# Replication i is the run of seed + i (and with seeds_perm=on of perm_seed + i), field for
# field; the summary is their mean, sample standard deviation and Student's t half-width,
# recomputed here; t against the published table; jobs do not change it; sweep's row is run's
# summary; every refusal names the key.
R="k=4 n=2 vcs=3 routing=minad selection=random traffic=uniform load=0.35 warmup=100 measure=800"
# seedcmp FILE_SEEDS FILE_RUN_1 ... : replication i equals the single run i (stats fields)
seedcmp() {
    python3 - "$@" <<'EOF'
import json, math, sys
d = json.load(open(sys.argv[1]))
singles = [json.load(open(p)) for p in sys.argv[2:]]
keys = ["seed", "accepted", "accepted_flits_per_node_cycle", "created_flits_per_node_cycle",
        "latency_avg", "latency_p50", "latency_p99", "network_latency_avg", "hops_avg", "packets",
        "src_jain", "chan_util_avg", "nonmin_frac", "cycles"]
bad = []
if len(d["runs"]) != len(singles):
    bad.append("runs: %d, singles %d" % (len(d["runs"]), len(singles)))
for i, (r, s) in enumerate(zip(d["runs"], singles)):
    for k in keys:
        if r[k] != s[k]:
            bad.append("replication %d %s: %r, run alone %r" % (i, k, r[k], s[k]))
# the summary, recomputed
n = len(singles)
t = d["t975"]
for f, m in d["mean"].items():
    x = [float(s[f]) for s in singles]
    mu = sum(x) / n
    sd = math.sqrt(sum((v - mu) ** 2 for v in x) / (n - 1))
    for name, got, want in (("mean", m, mu), ("sd", d["sd"][f], sd), ("ci95", d["ci95"][f], t * sd / math.sqrt(n))):
        # the singles' fields are rounded (latency to 4 decimals): up to about 2e-4 apart
        if abs(got - want) > 5e-4 + 1e-4 * abs(want):
            bad.append("%s %s: %r, recomputed %r" % (name, f, got, want))
sat = sum(1 for s in singles if s["saturated"])
if d["saturated_runs"] != sat:
    bad.append("saturated_runs %r, counted %r" % (d["saturated_runs"], sat))
print("\n".join(bad[:8]))
sys.exit(1 if bad else 0)
EOF
}
tn run $R seed=11 seeds=4 --json
if ran_ok "run seeds=4 --json exits 0"; then
    cp "$TMP/out" "$TMP/sd4.json"
    singles=()
    for s in 11 12 13 14; do
        tn run $R seed=$s --json
        cp "$TMP/out" "$TMP/sd_single_$s.json"
        singles+=("$TMP/sd_single_$s.json")
    done
    msg=$(seedcmp "$TMP/sd4.json" "${singles[@]}")
    check "run seeds=4 seed=11: replication i is run seed=11+i; mean, sd and ci95 recomputed from them" $? "$msg"
    jcheck "run seeds=4: the replications differ (seeds are independent), the interval is positive" \
        "$TMP/sd4.json" 'j["seeds"] == 4 and j["seed_first"] == 11 and len(set(r["accepted"] for r in j["runs"])) > 1 and j["ci95"]["accepted"] > 0 and j["ci95"]["latency_avg"] > 0'
    tn run $R seed=11 seeds=4 jobs=3 --json
    if ran_ok "run seeds=4 jobs=3 exits 0"; then
        msg=$(seedcmp "$TMP/out" "${singles[@]}")
        check "run seeds=4 jobs=3: the same replications and summary as jobs=1" $? "$msg"
    fi
    tn run $R seed=11 seeds=4
    if ran_ok "run seeds=4 (text) exits 0"; then
        msg=$(python3 - "$TMP/sd4.json" "$TMP/out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
lines = open(sys.argv[2]).read().splitlines()
rows = [l.split() for l in lines if l.split() and l.split()[0].isdigit()]
mean = [l.split() for l in lines if l.split()[:1] == ["mean"]]
ci = [l.split() for l in lines if l.split()[:1] == ["+-95%"]]
bad = []
if [int(r[0]) for r in rows] != [11, 12, 13, 14]:
    bad.append("seed column: %r" % [r[0] for r in rows])
for r, j in zip(rows, d["runs"]):
    if abs(float(r[2]) - j["accepted"]) > 1e-4 or abs(float(r[3]) - j["latency_avg"]) > 0.005:
        bad.append("row %s: accepted %s latency %s, JSON %r %r" % (r[0], r[2], r[3], j["accepted"], j["latency_avg"]))
if len(mean) != 1 or abs(float(mean[0][2]) - d["mean"]["accepted"]) > 1e-4 or mean[0][-3:] != [str(d["saturated_runs"]), "of", "4"]:
    bad.append("mean row: %r" % mean)
if len(ci) != 1 or abs(float(ci[0][2]) - d["ci95"]["accepted"]) > 1e-4 or abs(float(ci[0][3]) - d["ci95"]["latency_avg"]) > 0.005:
    bad.append("+-95%% row: %r" % ci)
if not any("Student's t 3.182 with 3 degrees of freedom" in l for l in lines):
    bad.append("no line names Student's t 3.182 with 3 degrees of freedom")
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
)
        check "run seeds=4 text: a row per seed, the mean and +-95% rows equal the JSON's, t named" $? "$msg"
    fi
fi
# Student's t, 97.5 %, for 1, 2, 4, 9, 30 and 63 degrees of freedom (the published table)
for pair in 2:12.706205 3:4.302653 5:2.776445 10:2.262157 31:2.042272 64:1.998341; do
    tn run k=2 n=1 load=0.1 warmup=0 measure=20 seeds=${pair%%:*} jobs=4 --json
    if ran_ok "run seeds=${pair%%:*} (a tiny ring) exits 0"; then
        jcheck "seeds=${pair%%:*}: Student's t ${pair#*:} ($((${pair%%:*} - 1)) degrees of freedom)" \
            "$TMP/out" 'abs(j["t975"] - '"${pair#*:}"') < 2e-6 and len(j["runs"]) == '"${pair%%:*}"
    fi
done
# seeds_perm=on: replication i is also perm_seed + i
P="k=4 n=2 traffic=randperm load=0.2 warmup=100 measure=500"
tn run $P seed=3 perm_seed=20 seeds=2 seeds_perm=on --json
if ran_ok "run seeds=2 seeds_perm=on exits 0"; then
    cp "$TMP/out" "$TMP/sp.json"
    tn run $P seed=3 perm_seed=20 --json; cp "$TMP/out" "$TMP/sp1.json"
    tn run $P seed=4 perm_seed=21 --json; cp "$TMP/out" "$TMP/sp2.json"
    msg=$(seedcmp "$TMP/sp.json" "$TMP/sp1.json" "$TMP/sp2.json")
    check "seeds_perm=on: replication i is run seed=3+i perm_seed=20+i" $? "$msg"
    tn run $P seed=4 perm_seed=20 --json; cp "$TMP/out" "$TMP/sp3.json"
    msg=$(seedcmp "$TMP/sp.json" "$TMP/sp1.json" "$TMP/sp3.json")
    [ $? -ne 0 ]
    check "seeds_perm=on differs from seeds_perm=off's second replication (the permutation moved)" $? \
        "replication 2 equals run seed=4 perm_seed=20"
fi
# sweep seeds=N: a row per load of run seeds=N's summary, and --json its objects
tn sweep ${R/load=0.35 /} seed=11 seeds=4 loads=0.1,0.35 out="$TMP/sds.csv"
if ran_ok "sweep seeds=4 exits 0"; then
    msg=$(python3 - "$TMP/sds.csv" "$TMP/sd4.json" <<'EOF'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
d = json.load(open(sys.argv[2]))
bad = []
if len(rows) != 2:
    bad.append("%d rows" % len(rows))
else:
    r = rows[1]
    want = {"accepted": d["mean"]["accepted"], "latency_avg": d["mean"]["latency_avg"],
            "latency_p99": d["mean"]["latency_p99"], "hops_avg": d["mean"]["hops_avg"],
            "seeds": 4, "saturated": d["saturated_runs"], "accepted_ci95": d["ci95"]["accepted"],
            "latency_avg_ci95": d["ci95"]["latency_avg"], "offered": 0.35}
    for k, v in want.items():
        if k not in r or abs(float(r[k]) - v) > 1e-4 * max(1, abs(v)):
            bad.append("%s: %r, run seeds=4 %r" % (k, r.get(k), v))
    if any(None in x or len(x) != len(rows[0]) for x in rows):
        bad.append("rows and header differ in columns")
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
)
    check "sweep seeds=4: the load-0.35 row is run seeds=4's mean, interval, seeds and saturated count" $? "$msg"
fi
tn sweep ${R/load=0.35 /} seed=11 seeds=2 loads=0.1,0.35 --json
if ran_ok "sweep seeds=2 --json exits 0"; then
    jcheck "sweep seeds=2 --json: an array of two run seeds=2 objects, at the loads" "$TMP/out" \
        'isinstance(j, list) and len(j) == 2 and [o["seeds"] for o in j] == [2, 2] and [round(o["offered"], 6) for o in j] == [0.1, 0.35] and all(len(o["runs"]) == 2 and "ci95" in o for o in j)'
fi
# sat seeds=N: one search per replication, each the search of sat seed=seed+i
S="k=4 n=2 vcs=3 routing=minad traffic=uniform warmup=100 measure=600 tol=0.02"
tn sat $S seed=5 seeds=3 --json
if ran_ok "sat seeds=3 --json exits 0"; then
    cp "$TMP/out" "$TMP/ss.json"
    for s in 5 6 7; do
        tn sat $S seed=$s --json
        cp "$TMP/out" "$TMP/ss_$s.json"
    done
    msg=$(python3 - "$TMP/ss.json" "$TMP/ss_5.json" "$TMP/ss_6.json" "$TMP/ss_7.json" <<'EOF'
import json, math, sys
d = json.load(open(sys.argv[1]))
one = [json.load(open(p)) for p in sys.argv[2:]]
bad = []
if [r["seed"] for r in d["runs"]] != [5, 6, 7]:
    bad.append("seeds %r" % [r["seed"] for r in d["runs"]])
for r, o in zip(d["runs"], one):
    for k in ("sat_load", "sat_accepted", "overload_accepted", "runs"):
        if r[k] != o[k]:
            bad.append("seed %d %s: %r, sat alone %r" % (r["seed"], k, r[k], o[k]))
for k in ("sat_load", "sat_accepted", "overload_accepted"):
    x = [o[k] for o in one]
    m = sum(x) / 3
    sd = math.sqrt(sum((v - m) ** 2 for v in x) / 2)
    for part, want in (("mean", m), ("sd", sd), ("ci95", 4.302653 * sd / math.sqrt(3))):
        if abs(d[part][k] - want) > 2e-4:
            bad.append("%s %s: %r, recomputed %r" % (part, k, d[part][k], want))
if abs(d["t975"] - 4.302653) > 2e-6:
    bad.append("t975 %r" % d["t975"])
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
)
    check "sat seeds=3 seed=5: search i is sat seed=5+i's; mean, sd and ci95 recomputed" $? "$msg"
    tn sat $S seed=5 seeds=3 --json jobs=3
    if ran_ok "sat seeds=3 jobs=3 exits 0"; then
        cmp -s "$TMP/ss.json" "$TMP/out"
        check "sat seeds=3 jobs=3 prints jobs=1's JSON" $? "$(diff "$TMP/ss.json" "$TMP/out" | head -4)"
    fi
    tn sat $S seed=5 seeds=3
    if ran_ok "sat seeds=3 (text) exits 0"; then
        python3 - "$TMP/ss.json" "$TMP/out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
rows = {l.split()[0]: l.split()[1:] for l in open(sys.argv[2]) if l.split()}
ok = all(abs(float(rows[str(r["seed"])][0]) - r["sat_load"]) < 1e-4 for r in d["runs"])
ok = ok and abs(float(rows["mean"][1]) - d["mean"]["sat_accepted"]) < 1e-4
ok = ok and abs(float(rows["+-95%"][0]) - d["ci95"]["sat_load"]) < 1e-4
ok = ok and "3 replications, seed 5..7 (tol 0.020)" in open(sys.argv[2]).read()
sys.exit(0 if ok else 1)
EOF
        check "sat seeds=3 text: the rows, the mean and the +-95% row equal the JSON's; seeds 5..7 named" $? "$OUT"
    fi
fi
bad "seeds with bound" "'seeds'|'3'|only for tnsim run, sweep and sat" bound seeds=3
bad "seeds with check" "'seeds'|'2'|only for tnsim run, sweep and sat" check seeds=2
bad "seeds=0" "'seeds'|'0'|1..64" run seeds=0 $Q
bad "seeds=65" "'seeds'|'65'|1..64" run seeds=65 $Q
bad "seeds_perm without seeds" "'seeds_perm'|'on'|seeds >= 2" run traffic=randperm seeds_perm=on $Q
bad "seeds_perm without randperm" "'seeds_perm'|'on'|traffic=randperm|allowed: off" run seeds=2 seeds_perm=on $Q
bad "seeds_perm=maybe" "'seeds_perm'|'maybe'|on off" run seeds=2 seeds_perm=maybe $Q
bad "seeds_perm with a switch to another pattern than randperm" "'seeds_perm'|'on'|traffic=randperm" \
    run seeds=2 seeds_perm=on switch_at=50 switch_traffic=tornado $Q
bad "seeds past the last seed" "'seeds'|'2'|seed=4294967295|allowed: 1..1" run seed=4294967295 seeds=2 $Q
# the last seeds that fit are taken: seed 4294967294 and 4294967295, and perm_seed the same
tn run k=2 n=1 load=0.1 traffic=randperm seed=4294967294 perm_seed=4294967294 seeds=2 seeds_perm=on warmup=0 measure=20 --json
ran_ok "seeds=2 from seed and perm_seed 4294967294 (the last two that fit): exit 0" &&
    jcheck "seeds=2 from 4294967294: replications seed 4294967294 and 4294967295" "$TMP/out" \
        '[r["seed"] for r in j["runs"]] == [4294967294, 4294967295]'
# without seeds_perm the permutation stays: perm_seed's last value is no limit
tn run k=2 n=1 load=0.1 traffic=randperm perm_seed=4294967295 seeds=2 warmup=0 measure=20 --json
ran_ok "seeds=2 with perm_seed=4294967295 and seeds_perm off (perm_seed not moved): exit 0" &&
    pass "seeds=2 with perm_seed=4294967295 and seeds_perm off (perm_seed not moved): exit 0"
bad "seeds past the last perm_seed, seed inside" "'seeds'|'2'|perm_seed=4294967295|allowed: 1..1" \
    run traffic=randperm seed=4294967294 perm_seed=4294967295 seeds=2 seeds_perm=on $Q
bad "seeds past the last perm_seed" "'seeds'|'7'|perm_seed=4294967290|allowed: 1..6" \
    run traffic=randperm perm_seed=4294967290 seeds=7 seeds_perm=on $Q
bad "seeds with chan_out" "'chan_out'|records one run|seeds=2|allowed: seeds=1" run seeds=2 chan_out="$TMP/c.csv" $Q
bad "seeds with pair" "'pair'|records one run|seeds=3" run seeds=3 pair=0,5 $Q
bad "seeds with series" "'series'|records one run|seeds=2" run seeds=2 series="$TMP/s.csv" $Q
tn run seeds=2 seeds_perm=on traffic=uniform switch_at=50 switch_traffic=randperm k=4 n=2 warmup=0 measure=100
ran_ok "seeds_perm=on with switch_traffic=randperm (the second pattern reads perm_seed): exit 0" &&
    pass "seeds_perm=on with switch_traffic=randperm (the second pattern reads perm_seed): exit 0"

# ---------------------------------------------------------------- stats: the same summary of numbers
# tnsim stats reads numbers from standard input and gives seeds=N's summary of them (tn_mean_ci):
# a run seeds=3's per-replication figures in give that run's mean, sd, ci95 and t975 (to 1e-4:
# the runs' figures are printed with six significant digits); a worked
# example by hand; comments and commas; every refusal names the line and the token.
# tn_in TEXT ARGS...: tn with TEXT on standard input
tn_in() {
    printf '%s' "$1" >"$TMP/in"
    shift
    TN_IN="$TMP/in" tn "$@"
}
tn run $R seed=21 seeds=3 --json
if ran_ok "run seeds=3 --json for stats exits 0"; then
    cp "$TMP/out" "$TMP/st_seeds.json"
    for f in accepted latency_avg hops_avg; do
        vals=$(python3 -c 'import json, sys; print("\n".join(repr(r[sys.argv[2]]) for r in json.load(open(sys.argv[1]))["runs"]))' "$TMP/st_seeds.json" "$f")
        tn_in "$vals" stats --json
        if ran_ok "stats --json of run seeds=3's $f exits 0"; then
            jcheck "stats of run seeds=3's $f: n, mean, sd, ci95 and t975 are run seeds=3's" "$TMP/out" \
                "j['n'] == 3 and all(abs(j[p] - d[p][\"$f\"]) <= 1e-4 * max(1, abs(d[p][\"$f\"])) for d in [__import__('json').load(open('$TMP/st_seeds.json'))] for p in ('mean', 'sd', 'ci95')) and abs(j['t975'] - 4.302653) < 2e-6 and j['min'] <= j['mean'] <= j['max']"
        fi
    done
fi
# 1 2 3 4: mean 2.5, sd sqrt(5/3) = 1.290994, t(0.975, 3) = 3.182446 (the published table),
# ci95 = 3.182446 * 1.290994 / 2 = 2.054260
tn_in $'# a comment\n1, 2\n  3\t4\n\n' stats --json
if ran_ok "stats --json of 1..4 exits 0"; then
    jcheck "stats of 1, 2, 3, 4 (comment, commas, tab, blank line): worked by hand" "$TMP/out" \
        "j['n'] == 4 and abs(j['mean'] - 2.5) < 1e-9 and abs(j['sd'] - 1.290994) < 1e-6 and abs(j['t975'] - 3.182446) < 1e-6 and abs(j['ci95'] - 2.054260) < 1e-6 and j['min'] == 1 and j['max'] == 4"
fi
tn_in $'1 2 3 4\n' stats
check "stats (text): one line with n, mean, sd, ci95, t975, min and max" \
    "$([ "$RC" -eq 0 ] && [ "$OUT" = "n 4  mean 2.5  sd 1.29099  ci95 2.05426  t975 3.18245  min 1  max 4" ]; echo $?)" "rc $RC: $OUT"
tn_in $'7.5\n' stats --json
if ran_ok "stats of one number exits 0"; then
    jcheck "stats of one number: sd, ci95 and t975 are 0" "$TMP/out" \
        "j['n'] == 1 and j['mean'] == 7.5 and j['sd'] == 0 and j['ci95'] == 0 and j['t975'] == 0"
fi
# stats_bad DESC NEEDLES TEXT ARGS...: bad with TEXT on standard input
stats_bad() {
    printf '%s' "$3" >"$TMP/in"
    TN_IN="$TMP/in" bad "$1" "$2" "${@:4}"
}
stats_bad "a word among the numbers" "stats: line 2: 'x' is not a finite number" $'1\n2 x\n' stats
stats_bad "inf" "line 1: 'inf' is not a finite number" $'inf\n' stats
stats_bad "nan" "line 1: 'nan' is not a finite number" $'1 nan\n' stats --json
stats_bad "a number with trailing text" "line 1: '0.5q' is not a finite number" $'0.5q\n' stats
stats_bad "no numbers" "no numbers on standard input" $'# only a comment\n\n' stats
stats_bad "a key" "'k=4' is not allowed (allowed: --json)" $'1\n' stats k=4
stats_bad "a line longer than 4095 characters" "line 1 is longer than 4095 characters" "$(printf '%05000d' 1)" stats

# ---------------------------------------------------------------- --config
cat >"$TMP/good.cfg" <<'EOF'
# tn configuration for the checks

  k = 4        # radix, with blanks around '=' and a comment
n=2
traffic=tornado
warmup=100
measure=500
EOF
tn --config "$TMP/good.cfg" --json
if ran_ok "--config FILE run exits 0"; then
    cp "$TMP/out" "$TMP/c1.json"
    jcheck "--config FILE with comments is honoured (k 4, traffic tornado)" "$TMP/c1.json" \
        'j["k"] == 4 and j["n"] == 2 and j["traffic"] == "tornado"'
fi
tn --config "$TMP/good.cfg" k=8 --json
if ran_ok "--config FILE k=8 run exits 0"; then
    cp "$TMP/out" "$TMP/c2.json"
    jcheck "command-line k=8 after --config overrides the file's k=4; the file's traffic stays" \
        "$TMP/c2.json" 'j["k"] == 8 and j["traffic"] == "tornado"'
fi

# ---------------------------------------------------------------- trace input
cat >"$TMP/trace.txt" <<'EOF'
# cycle source destination length
0 3 12 4
0 12 3 4
5 0 15 1
10 5 5 2

20 15 0 8
42 7 7 4
120 1 2 3
199 1 14 2
200 2 1 4
250 7 8 4
EOF
# Packets created in the window [warmup, warmup+measure) = [0, 200).
expect=$(awk '!/^[[:space:]]*(#|$)/ && $1 >= 0 && $1 < 200 { n++ } END { print n + 0 }' "$TMP/trace.txt")
tn traffic=trace trace="$TMP/trace.txt" k=4 n=2 warmup=0 measure=200 --json
if ran_ok "traffic=trace run exits 0"; then
    cp "$TMP/out" "$TMP/t.json"
    jcheck "trace: packets == $expect (trace lines created in the window)" "$TMP/t.json" \
        "j[\"packets\"] == $expect"
    jcheck "trace: injected == delivered > 0" "$TMP/t.json" \
        'j["injected"] == j["delivered"] and j["delivered"] > 0'
    jcheck "trace: check_errors == 0 and router_errors == 0" "$TMP/t.json" \
        'j["check_errors"] == 0 and j["router_errors"] == 0'
fi

# ---------------------------------------------------------------- one key table: name, --help
# tnsim name prints the content name of the configuration (tn_config_name) after the checks.
# name_check DESC EXPECTED ARGS...: tnsim name ARGS prints EXPECTED, exit 0.
name_check() {
    local desc=$1 want=$2
    shift 2
    tn name "$@"
    local shown="tnsim name${*:+ $*}"
    shown=${shown//$TMP/\$TMP}
    if ran_ok "$shown: exits 0"; then
        if [ "$OUT" = "$want" ]; then
            pass "$shown: $desc"
        else
            fail "$shown: $desc" "printed '$OUT', expected '$want'"
        fi
    fi
}
name_check "the default configuration" "t8x8_v2_dor_b8_p4_uniform_l0.3_s1"
name_check "gal adds its selection" "t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1" k=4 vcs=4 routing=gal
name_check "mesh, packet range, randperm's seed, keys off their default" \
    "m4x4x4_v2_minad_sq_b8_p2-8_randperm_ps5_l0.15_s9_term2_transitoff" topo=mesh k=4 n=3 \
    routing=minad selection=sq vcs=2 pkt=2-8 traffic=randperm perm_seed=5 load=0.15 seed=9 \
    term=2 transit=off warmup=7
name_check "acor at its defaults: no acor keys in the name" "t4x4_v4_acor_b8_p4_uniform_l0.3_s1" \
    k=4 vcs=4 routing=acor
name_check "acor: the mode that differs from its default" "t4x4_v4_acor_b8_p4_uniform_l0.3_s1_acor_packet" \
    k=4 vcs=4 routing=acor acor_mode=packet
name_check "from a --config file" "t4x4_v2_dor_b8_p4_tornado_l0.3_s1" --config "$TMP/good.cfg"
bad "name with k out of range" "'k'|99|2..64" name k=99
bad "name with too few VCs for the routing" "vcs|'2'|minad|3..16" name routing=minad vcs=2
bad "name with a load above the injection channel" "load|0.9|0..0.5" name k=4 load=0.9
bad "name with an unknown key lists the model's and tnsim's keys" "foo|switch_load|series_win" \
    name foo=1
bad "name with a sweep key" "loads|only for tnsim sweep" name loads=0.1
bad "CHAOS with packets longer than any buffer" "'pkt'|'100'|allowed with routing=chaos: packets of 1..64 flits" \
    run k=4 vcs=3 routing=chaos pkt=100
printf '0 1 2 200\n' > "$TMP/long.trace"
bad "CHAOS with a trace packet longer than any buffer" "'trace'|200 flits|allowed with routing=chaos: packets of 1..64 flits" \
    run k=4 vcs=3 routing=chaos traffic=trace trace="$TMP/long.trace"
bad "sat with a trace (it ignores load)" "'traffic'|'trace'|tnsim sat|allowed: tnsim run, check or name" \
    sat k=4 traffic=trace trace=tb/regress/trace_worked.txt
bad "sweep with a trace (it ignores load)" "'traffic'|'trace'|tnsim sweep|allowed: tnsim run, check or name" \
    sweep k=4 traffic=trace trace=tb/regress/trace_worked.txt loads=0.1,0.2
name_check "a trace names its file" "t4x4_v2_dor_b8_p4_trace_l0.3_s1_trtrace_worked.txt" \
    k=4 traffic=trace trace=tb/regress/trace_worked.txt

# A --config file may hold tnsim's own keys too.
cat >"$TMP/sweep.cfg" <<EOF
loads=0.1,0.2,0.3   # tnsim's key
k=4
n=2
traffic=tornado
warmup=200
measure=1000
out=$TMP/sweep_cfg.csv
EOF
tn sweep --config "$TMP/sweep.cfg"
if ran_ok "sweep --config FILE with loads= and out= in the file exits 0"; then
    sweep_check "sweep --config FILE: the file's loads and out are honoured" "$TMP/sweep_cfg.csv"
fi

# tnsim --help: one line per key ("  KEY DEFAULT ALLOWED HELP") for every key of the model and of
# tnsim, including every key the unknown-key message names; and the modes.
tn --help
if ran_ok "tnsim --help exits 0"; then
    cp "$TMP/out" "$TMP/help.txt"
    tn foo=1
    listed=$(sed -n "s/.*allowed keys: //p" "$TMP/err")
    missing=()
    for key in k n topo vcs buf pkt flitw term routing selection traffic load warmup measure \
        drain seed perm_seed hot_frac hot_nodes trace dateline transit watchdog gal_sets gal_t \
        gal_adapt gal_tmin gal_tmax gal_n1 gal_n2 gal_qdepth chaos_wait chaos_q switch_at \
        switch_traffic switch_load loads tol out jobs seeds seeds_perm chan_out pair pair_shift pair_out \
        series series_win $listed; do
        grep -qE "^  $key +[^ ]+ +[^ ]" "$TMP/help.txt" || missing+=("$key")
    done
    if [ -n "$listed" ] && [ ${#missing[@]} -eq 0 ]; then
        pass "tnsim --help lists every key of the model and of tnsim, with its default and range"
    else
        fail "tnsim --help lists every key of the model and of tnsim, with its default and range" \
            "missing: ${missing[*]}" "unknown-key list: $listed"
    fi
    if grep -qE "^  hot_nodes +0 +1\.\.16 node ids a,b,\.\.\. " "$TMP/help.txt"; then
        pass "tnsim --help: hot_nodes' range reads 1..16 node ids (a count, not the ids' range)"
    else
        fail "tnsim --help: hot_nodes' range reads 1..16 node ids (a count, not the ids' range)" \
            "$(grep -E "^  hot_nodes" "$TMP/help.txt")"
    fi
    missing=()
    for mode in run sweep sat bound check name; do
        grep -qE "^  $mode +[a-z]" "$TMP/help.txt" || missing+=("$mode")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        pass "tnsim --help describes the modes run sweep sat bound check name"
    else
        fail "tnsim --help describes the modes run sweep sat bound check name" "missing: ${missing[*]}"
    fi
fi

# tnlock's launcher reads the same key table: bad input is refused before any model is built
if [ -x build/bin/tnlock ]; then
    lock_bad() { # DESC EXPECTED-TEXT ARGS...
        local desc=$1 want=$2
        shift 2
        build/bin/tnlock "$@" >"$TMP/out" 2>"$TMP/err"
        local rc=$?
        if [ $rc -eq 2 ] && grep -qF -- "$want" "$TMP/err" && [ ! -s "$TMP/out" ]; then
            pass "tnlock $desc: exit 2, '$want'"
        else
            fail "tnlock $desc: exit 2, '$want'" "rc=$rc" "$(head -c 300 "$TMP/err")"
        fi
    }
    lock_bad "unknown key" "unknown key 'foo' (value '1')" foo=1
    lock_bad "bad rtl" "key 'rtl': value 'xyz' is not allowed; allowed: net rtr emu" rtl=xyz
    lock_bad "bad model" "key 'model': value 'maybe' is not allowed; allowed: on off" model=maybe
    lock_bad "bad overlap" "key 'overlap': value 'yes' is not allowed; allowed: on off" overlap=yes
    lock_bad "bad cycles" "key 'cycles': value '0' is not allowed; allowed: 1..100000000" cycles=0
    lock_bad "gal on tn_torus" "key 'rtl': value 'net' is not allowed with routing=gal" routing=gal vcs=4
    lock_bad "acor on tn_torus" "key 'rtl': value 'net' is not allowed with routing=acor; allowed: rtr emu" routing=acor vcs=4
    lock_bad "acor below its least V" "key 'vcs': value '3' is too few for routing=acor" rtl=rtr routing=acor vcs=3
    lock_bad "a pattern's key without its pattern" "key 'perm_seed' (value '3') is set but traffic is 'uniform'" perm_seed=3
    lock_bad "model key range" "key 'k': value '1' is not allowed" k=1
    build/bin/tnlock --help >"$TMP/out" 2>&1
    if grep -qE '^  model +on' "$TMP/out" && grep -qE '^  rtl +net' "$TMP/out"; then
        pass "tnlock --help lists its own keys with their defaults"
    else
        fail "tnlock --help lists its own keys with their defaults" "$(head -c 300 "$TMP/out")"
    fi
else
    fail "tnlock's checks" "build/bin/tnlock is not built (make build/bin/tnlock)"
fi

# ---------------------------------------------------------------- untrusted input (issue 57)
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

# every check above looks for a sanitizer report; without the sanitizer build there is none to see
san_check "the checks ran on the ASan+UBSan build" "$TNSIM" build/san/tnsim

echo "1..$N"
[ "$FAILED" -eq 0 ]
