# SPDX-License-Identifier: MIT
# check_cli.sh, part 2: MIN AD and the deadlock checker. Sourced by tb/checks/check_cli.sh (its
# helpers: tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before
# it; not run alone.

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
