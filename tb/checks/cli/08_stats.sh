# SPDX-License-Identifier: MIT
# check_cli.sh, part 8: stats: the same summary of numbers. Sourced by tb/checks/check_cli.sh (its
# helpers: tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before
# it; not run alone.

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
