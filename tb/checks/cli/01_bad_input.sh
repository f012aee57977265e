# SPDX-License-Identifier: MIT
# check_cli.sh, part 1: bad input. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad, jcheck,
# ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

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
