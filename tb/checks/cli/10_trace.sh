# SPDX-License-Identifier: MIT
# check_cli.sh, part 10: trace input. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad,
# jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

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
