# SPDX-License-Identifier: MIT
# check_cli.sh, part 3: --json output. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad,
# jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

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
