# SPDX-License-Identifier: MIT
# check_cli.sh, part 13: tnmodel, paper 004's analytical model (docs/tnmodel.md): run, sweep,
# --json, --help, --keys, --config and bad input. Sourced by tb/checks/check_cli.sh (its helpers:
# refusal_why, jcheck, crash_reason; TAP counters of tb/checks/tap.sh); not run alone. Uses the
# ASan+UBSan build build/san/tnmodel when it exists, else build/bin/tnmodel.

if [ -x build/san/tnmodel ]; then
    TNMODEL=build/san/tnmodel
else
    TNMODEL=build/bin/tnmodel
fi

# tm ARGS...: run tnmodel; sets RC, OUT, ERR and $TMP/out, $TMP/err (as tn does for tnsim)
tm() {
    timeout -s KILL 60 "$TNMODEL" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

# tm_ok DESC: the last tm run exited 0 without a crash (a failing check otherwise, returns 1)
tm_ok() {
    local c
    c=$(crash_reason)
    if [ "$RC" -ne 0 ] || [ -n "$c" ]; then
        fail "$1" "exit status $RC ${c:+($c)}" "stderr:" "$(head -n 20 "$TMP/err")"
        return 1
    fi
    return 0
}

# tm_bad DESC NEEDLES ARGS...: tnmodel ARGS is refused (check_cli.sh's refused)
tm_bad() { refused tm tnmodel 1 "$@"; }

echo "# tnmodel: $TNMODEL"
tm k=8 n=2 vcs=3 pkt=32 hot_frac=0.08 rate=0.001
if tm_ok "tnmodel run exits 0"; then
    grep -qE '^  latency +[0-9.]+ cycles' "$TMP/out" && grep -qE '^  lambda_sat +0\.0024[0-9]+ ' "$TMP/out"
    check "tnmodel run prints the latency and lambda_sat (8x8 V=3 M=32 h=0.08: 0.0024...)" $? "$OUT"
fi
tm k=8 n=2 vcs=3 pkt=32 hot_frac=0.08 rate=0.001 --json
if tm_ok "tnmodel run --json exits 0"; then
    jcheck "tnmodel --json: latency above the zero-load latency, lambda_sat in (0.00245, 0.0025)" "$TMP/out" \
        'j["latency"] > j["zero_load_latency"] > 39 and 0.00245 < j["lambda_sat"] < 0.0025 and j["saturated"] is False'
fi
tm rate=0 hot_frac=0.08 --json
if tm_ok "tnmodel rate=0 --json exits 0"; then
    jcheck "tnmodel rate=0: the latency is the closed form M + mean distance (32 + 0.92*7 + 0.08*7*64/63)" "$TMP/out" \
        'abs(j["latency"] - (32 + 0.92 * 7 + 0.08 * 7 * 64 / 63)) < 1e-6 and j["latency"] == j["zero_load_latency"]'
fi
tm rate=0.01 --json
if tm_ok "tnmodel above lambda_sat exits 0"; then
    jcheck "tnmodel above lambda_sat: saturated, latency null" "$TMP/out" \
        'j["saturated"] is True and j["latency"] is None and j["status"] != "converged"'
fi
tm sweep rates=0,0.0005,0.001,0.002,0.003 hot_frac=0.08
if tm_ok "tnmodel sweep exits 0"; then
    python3 - "$TMP/out" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 5, len(rows)
lat = [float(r["latency"]) for r in rows[:4]]
assert all(a < b for a, b in zip(lat, lat[1:])), lat
assert [r["saturated"] for r in rows] == ["no"] * 4 + ["yes"], rows
assert rows[4]["latency"] == ""
EOF
    check "tnmodel sweep: one CSV row per rate, latency rising, the rate above lambda_sat saturated" $? "$OUT"
fi
tm sweep rates=0.0005,0.001 n=3 --json
if tm_ok "tnmodel sweep --json exits 0"; then
    jcheck "tnmodel sweep --json: an array of run's objects, one per rate" "$TMP/out" \
        'len(j) == 2 and j[0]["rate"] == 0.0005 and j[1]["latency"] > j[0]["latency"]'
fi
tm hot_frac=0.08 fix_eq20=1 --json
if tm_ok "tnmodel fix_eq20=1 exits 0"; then
    jcheck "tnmodel fix_eq20=1: lambda_sat 0.00263 (the notes' F6 figure)" "$TMP/out" \
        'abs(j["lambda_sat"] - 0.00263) < 0.00001 and j["fix_eq20"] == 1'
fi
printf 'k=8   # radix\nn = 3\nhot_frac=0.16\nfix_eq26=1\n' >"$TMP/model.cfg"
tm --config "$TMP/model.cfg" --json
if tm_ok "tnmodel --config FILE exits 0"; then
    jcheck "tnmodel --config: the file's keys (8x8x8 h=0.16 fix_eq26: lambda_sat 0.000850)" "$TMP/out" \
        'j["n"] == 3 and abs(j["lambda_sat"] - 0.000850) < 0.0000005'
fi
tm --keys
if tm_ok "tnmodel --keys exits 0"; then
    head -n 1 "$TMP/out" | grep -qxP 'key\tdefault\tallowed\thelp' &&
        [ "$(awk -F'\t' 'NF != 4' "$TMP/out" | wc -l)" -eq 0 ] && grep -qP '^fix_eq26\t0\t0 1\t' "$TMP/out"
    check "tnmodel --keys: the tab-separated key table (key, default, allowed, help)" $? "$OUT"
fi
tm --help
if tm_ok "tnmodel --help exits 0"; then
    missing=()
    for key in k n vcs pkt hot_frac rate rates fix_b fix_eq16 fix_eq20 fix_eq26 fix_eq32 tol iter_max eps; do
        grep -qE "^  $key +[^ ]+ +[^ ]" "$TMP/out" || missing+=("$key")
    done
    grep -qE '^  sweep ' "$TMP/out" || missing+=("mode sweep")
    check "tnmodel --help lists every key with its default and range, and the modes" ${#missing[@]} "missing: ${missing[*]}"
fi
tm_bad "k out of range" "key 'k'|'1'|2..64" k=1
tm_bad "too few VCs for Duato's classes" "key 'vcs'|'2'|3..16" vcs=2
tm_bad "a packet-length range" "key 'pkt'|'2-8'|1..256" pkt=2-8
tm_bad "a rate that is not a number" "key 'rate'|'abc'|0..1" rate=abc
tm_bad "a rate above 1" "key 'rate'|'2'|0..1" rate=2
tm_bad "k^n too large" "key 'n'|'4'|k^n <= 65536" k=32 n=4
tm_bad "a fix that is not 0 or 1" "key 'fix_eq32'|'yes'|0 1" fix_eq32=yes
tm_bad "a simulator key" "unknown key 'routing'|'gal'|allowed keys: k n vcs" routing=gal
tm_bad "sweep without rates" "key 'rates'|sweep needs rates=" sweep
tm_bad "sweep with a bad element" "key 'rates'|'0.5x'|rate 2 of the list|0..1" sweep rates=0.1,0.5x
tm_bad "rates in run" "key 'rates'|only for tnmodel sweep" rates=0.1
tm_bad "an argument that is not key=value" "argument 'fast'|not key=value" fast
tm_bad "a --config file that does not exist" "--config|cannot open" --config "$TMP/none.cfg"
printf 'k=8\nhot_frac=2\n' >"$TMP/bad.cfg"
tm_bad "a --config file with a bad value" "bad.cfg:2|key 'hot_frac'|'2'|0..1" --config "$TMP/bad.cfg"
tm_bad "a control byte in a value is escaped" "key 'k'|\\x01" k=$'\x01'
san_check "tnmodel's checks ran on the ASan+UBSan build" "$TNMODEL" build/san/tnmodel
