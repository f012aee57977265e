# SPDX-License-Identifier: MIT
# check_cli.sh, part 6: jobs=N: simulations at once. Sourced by tb/checks/check_cli.sh (its helpers:
# tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not
# run alone.

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
