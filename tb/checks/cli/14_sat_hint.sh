# SPDX-License-Identifier: MIT
# check_cli.sh, part 14: sat's warm start (sat_hint=X, R17.9). Sourced by tb/checks/check_cli.sh
# (its helpers: tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts
# before it; not run alone.

# The warm start finds the full bisection's saturation load within tol, from a hint below, near,
# at and above it (MIN AD on the 4x4 saturates near 0.40 of capacity, the top of the range 0.5),
# the same answer twice for the same keys, in fewer runs when the hint is near; bad hints are
# refused with the key, the value and the allowed range.
H="k=4 n=2 vcs=3 routing=minad traffic=uniform warmup=100 measure=600 tol=0.02 --json"
tn sat $H
if ran_ok "sat without sat_hint exits 0"; then
    cp "$TMP/out" "$TMP/h_full.json"
    for x in 0.05 0.3 0.42 0.49; do
        tn sat $H sat_hint=$x
        if ran_ok "sat sat_hint=$x exits 0"; then
            cp "$TMP/out" "$TMP/h_$x.json"
            jcheck "sat sat_hint=$x: the full bisection's load within tol=0.02, its accepted beside it" \
                "$TMP/h_$x.json" 'abs(j["sat_load"] - __import__("json").load(open("'"$TMP"'/h_full.json"))["sat_load"]) <= 0.02 + 1e-9 and abs(j["sat_accepted"] - j["sat_load"]) < 0.05 and j["overload_accepted"] == __import__("json").load(open("'"$TMP"'/h_full.json"))["overload_accepted"]'
        fi
    done
    jcheck "sat sat_hint=0.42 (within tol of the answer): 3 runs (the top, 0.42 and 0.40), load 0.40" \
        "$TMP/h_0.42.json" 'j["runs"] == 3 and j["sat_load"] == 0.4'
    tn sat $H sat_hint=0.42
    cmp -s "$TMP/out" "$TMP/h_0.42.json"
    check "sat sat_hint=0.42 twice: the same JSON byte for byte" $? "$(diff "$TMP/out" "$TMP/h_0.42.json")"
fi
bad "sat_hint 0" "sat_hint|'0'|0.001" sat sat_hint=0 $H
bad "sat_hint at the top of the range" "sat_hint|'0.5'|0.001|0.5" sat sat_hint=0.5 $H
bad "sat_hint not a number" "sat_hint|'x'|0.001" sat sat_hint=x $H
bad "sat_hint is only for sat" "sat_hint|only for tnsim sat" run sat_hint=0.3 k=4 n=2
