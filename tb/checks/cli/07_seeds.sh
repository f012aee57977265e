# SPDX-License-Identifier: MIT
# check_cli.sh, part 7: seeds=N: replications. Sourced by tb/checks/check_cli.sh (its helpers: tn,
# bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run
# alone.

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
