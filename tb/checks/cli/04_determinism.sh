# SPDX-License-Identifier: MIT
# check_cli.sh, part 4: determinism. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad,
# jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

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
