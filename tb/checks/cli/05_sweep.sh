# SPDX-License-Identifier: MIT
# check_cli.sh, part 5: sweep. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad, jcheck,
# ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

# sweep_check DESC CSVFILE: header and one row per load 0.1, 0.2, 0.3, in order.
sweep_check() {
    local msg
    if msg=$(python3 - "$2" 2>&1 <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
if not rows:
    sys.exit("empty CSV")
head, data = rows[0], rows[1:]
need = ["k", "n", "traffic", "offered", "accepted", "latency_avg", "latency_p99", "hops_avg", "saturated"]
miss = [c for c in need if c not in head]
if miss:
    sys.exit("header %r lacks %r" % (head, miss))
if len(data) != 3:
    sys.exit("%d data rows, expected 3" % len(data))
bad = [r for r in data if len(r) != len(head)]
if bad:
    sys.exit("rows with %d fields, header has %d: %r" % (len(bad[0]), len(head), bad[0]))
off = [float(r[head.index("offered")]) for r in data]
if off != [0.1, 0.2, 0.3]:
    sys.exit("offered column %r, expected [0.1, 0.2, 0.3]" % off)
tr = {r[head.index("traffic")] for r in data}
if tr != {"tornado"}:
    sys.exit("traffic column %r, expected tornado" % tr)
EOF
    ); then
        pass "$1"
    else
        fail "$1" "$msg" "CSV:" "$(head -n 5 "$2")"
    fi
}
SW="sweep loads=0.1,0.2,0.3 k=4 n=2 traffic=tornado warmup=200 measure=1000"
tn $SW out="$TMP/sweep.csv"
if ran_ok "sweep out=FILE exits 0"; then
    sweep_check "sweep out=FILE writes a CSV with a header and one row per load" "$TMP/sweep.csv"
fi
tn $SW
if ran_ok "sweep to stdout exits 0"; then
    sweep_check "sweep without out= writes the same CSV to stdout" "$TMP/out"
fi
# sweep --json: an array of run --json's objects, one per load, in order, with run's fields
tn run k=4 n=2 traffic=tornado warmup=200 measure=1000 load=0.2 --json
cp "$TMP/out" "$TMP/sw_run.json"
tn $SW --json
if ran_ok "sweep --json exits 0"; then
    cp "$TMP/out" "$TMP/sw.json"
    jcheck "sweep --json: an array of 3 objects, offered 0.1 0.2 0.3 in order, each with run --json's fields" \
        "$TMP/sw.json" 'isinstance(j, list) and [round(o["offered"], 6) for o in j] == [0.1, 0.2, 0.3] and all(set(o) == set(__import__("json").load(open("'"$TMP"'/sw_run.json"))) for o in j) and all(o["traffic"] == "tornado" and o["delivered"] > 0 for o in j)'
fi
tn $SW --json out="$TMP/sw_out.json"
if ran_ok "sweep --json out=FILE exits 0"; then
    jcheck "sweep --json out=FILE: the array in the file, nothing on stdout" "$TMP/sw_out.json" \
        'isinstance(j, list) and len(j) == 3 and not open("'"$TMP"'/out").read()'
fi
