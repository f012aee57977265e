#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 000 Table IV on an 8-ary 2-cube: saturation throughput (tnsim sat) of VAL, CHAOS, MIN AD,
# GOAL and GAL on uniform (UR), nearest neighbour (NN), tornado (TOR), bit complement (BC),
# transpose (TP), COUNT seeded random permutations (their mean, AVG), and the worst case found
# (WC: the lowest of TOR, BC, TP and the permutations), in flits/node/cycle and normalised to
# VAL as Table IV is; the AVG row also gives the 95 % confidence interval of the permutations'
# mean (tnsim stats: Student's t, as tnsim's seeds=N), and the IDEAL row each algorithm's mean
# fraction of the permutations' ideal throughput (the maximum concurrent flow of each
# permutation on the torus, experiments/gal/ideal_perm.py with GLPK; paper 000 Fig. 10). Every run uses the same terminal
# bandwidth, term=TERM injection and ejection channels per node (default 4: GAL drains quadrant
# q through channel q, section 21, and NN can reach its bound of 4). Extra tnsim keys follow
# (default: transit=on, section 7.4).
# Usage: bash experiments/gal/report_card.sh [COUNT] [PKT] [BUF] [TERM] [key=value ...]
# Runs 2 jobs at a time; writes results/gal/report_card.csv, ideal_perm.csv and the histogram
# report_card_hist.png (Fig. 10, experiments/gal/plot_perm_hist.py) and prints a Markdown table.
# Each permutation's search is warm-started (tnsim sat sat_hint=X) from its algorithm's prior in
# PRIORS: "gal=0.64*ideal" is that fixed fraction of the permutation's ideal throughput (capacity
# is 1 flit/node/cycle here), rounded to 0.0001; "val=0.27" a fixed load (VAL's throughput does not
# follow the permutation's ideal). The fractions and loads are fixed (from permutations 1 and 2),
# so an answer depends only on its keys, never on the job order or COUNT; SAT_HINTS="" in the
# environment gives the full bisection (docs/report-card-speed.md). COUNT=1000 is the paper's
# sample (about 4 hours on 2 cores).
# Figures only, never pass/fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT=${1:-8} PKT=${2:-4} BUF=${3:-8} TERM=${4:-4}
shift $(( $# > 4 ? 4 : $# ))
EXTRA=("$@")
[ ${#EXTRA[@]} -gt 0 ] || EXTRA=(transit=on)
PRIORS="val=0.27 chaos=0.60*ideal minad=0.56*ideal goal=0.64*ideal gal=0.64*ideal"
SAT_HINTS=${SAT_HINTS-$PRIORS}
make --no-print-directory build/bin/tnsim >/dev/null
mkdir -p results/gal
csv=results/gal/report_card.csv
jobs=$(mktemp)
trap 'rm -f "$jobs" "$jobs".out' EXIT
ideal=results/gal/ideal_perm.csv
python3 experiments/gal/ideal_perm.py --k 8 --n 2 --term "$TERM" --jobs 2 "1-$COUNT" > "$ideal"
CBUF=$(( BUF > PKT ? BUF : PKT ))
for a in "val 4" "chaos 3" "minad 3" "goal 3" "gal 3"; do
    read -r routing vcs <<< "$a"
    b=$BUF
    [ "$routing" != chaos ] || b=$CBUF
    for tr in uniform neighbor tornado bitcomp transpose; do
        echo "$routing $tr 0 vcs=$vcs buf=$b traffic=$tr" >> "$jobs"
    done
    h=$(tr ' ' '\n' <<< "$SAT_HINTS" | sed -n "s/^$routing=//p")
    for p in $(seq 1 "$COUNT"); do
        x=$h
        if [[ $h == *'*ideal' ]]; then
            x=$(awk -F, -v p="$p" -v f="${h%\*ideal}" '$1 == p { printf "%.4f", f * $2 }' "$ideal")
        fi
        echo "$routing randperm $p vcs=$vcs buf=$b traffic=randperm perm_seed=$p${x:+ sat_hint=$x}" >> "$jobs"
    done
done
export PKT TERM
export EXTRA_KEYS="${EXTRA[*]}"
# shellcheck disable=SC2016
xargs -P 2 -L 1 bash -c '
    routing=$0 tr=$1 p=$2; shift 2
    j=$(build/bin/tnsim sat k=8 n=2 routing="$routing" selection=sq pkt="$PKT" term="$TERM" \
        warmup=2000 measure=10000 "$@" $EXTRA_KEYS --json)
    f=$(sed -n "s/.*\"sat_accepted_flits_per_node_cycle\": \([0-9.]*\).*/\1/p" <<< "$j")
    echo "$routing,$tr,$p,$f"' < "$jobs" > "$jobs".out
{ echo "routing,traffic,perm_seed,sat_accepted_flits"; sort "$jobs".out; } > "$csv"
python3 - "$csv" "$COUNT" "$TERM" "${EXTRA[*]}" "$ideal" <<'PY'
import csv, json, subprocess, sys
rows = list(csv.DictReader(open(sys.argv[1])))
count, term, extra = int(sys.argv[2]), sys.argv[3], sys.argv[4]
def stats(xs):  # tnsim's own summary: n, mean, sd, ci95 (Student's t), min, max
    out = subprocess.run(["build/bin/tnsim", "stats", "--json"], input="\n".join(map(repr, xs)),
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)
algs = ["val", "chaos", "minad", "goal", "gal"]
names = {"val": "VAL", "chaos": "CHAOS", "minad": "MIN AD", "goal": "GOAL", "gal": "GAL"}
pat = {}
perm = {a: [] for a in algs}
for r in rows:
    f = float(r["sat_accepted_flits"])
    if r["traffic"] == "randperm":
        perm[r["routing"]].append(f)
    else:
        pat[(r["routing"], r["traffic"])] = f
table = {}
ci = {}
for a in algs:
    for key, tr in (("UR", "uniform"), ("NN", "neighbor"), ("TOR", "tornado"),
                    ("BC", "bitcomp"), ("TP", "transpose")):
        table[(a, key)] = pat[(a, tr)]
    ps = perm[a]
    st = stats(ps) if ps else {"mean": float("nan"), "ci95": float("nan")}
    table[(a, "AVG")] = st["mean"]
    ci[a] = st["ci95"]
    table[(a, "WC")] = min([pat[(a, t)] for t in ("tornado", "bitcomp", "transpose")] + ps)
ideal = {int(r["perm_seed"]): float(r["ideal_flits_per_node_cycle"])
         for r in csv.DictReader(open(sys.argv[5]))}
frac = {a: [float(r["sat_accepted_flits"]) / ideal[int(r["perm_seed"])] for r in rows
            if r["routing"] == a and r["traffic"] == "randperm"] for a in algs}
print("8-ary 2-cube, tnsim sat, term=%s, %s, %d permutations; flits/node/cycle (ratio to VAL);"
      % (term, extra, count))
print("AVG: the permutations' mean ± its 95 %% confidence interval (%d permutations)" % count)
print()
print("| pattern | " + " | ".join(names[a] for a in algs) + " |")
print("|---|" + "---|" * len(algs))
for key in ("UR", "NN", "TOR", "BC", "TP", "AVG", "WC"):
    v = table[("val", key)]
    cells = [("%.3f ± %.3f" % (table[(a, key)], ci[a]) if key == "AVG" else
              "%.3f" % table[(a, key)]) + " (%.2f)" % (table[(a, key)] / v) for a in algs]
    print("| %s | %s |" % (key, " | ".join(cells)))
fs = {a: stats([100 * x for x in frac[a]]) for a in algs if frac[a]}
print("| IDEAL | " + " | ".join("%.1f ± %.1f %%" % (fs[a]["mean"], fs[a]["ci95"]) if a in fs
                                else "-" for a in algs) + " |")
print()
print("IDEAL: the mean over the permutations of saturation throughput / the permutation's ideal "
      "(maximum concurrent flow, GLPK; %s), ± its 95 %% interval" % sys.argv[5])
PY
python3 experiments/gal/plot_perm_hist.py results/gal/report_card_hist.png "$csv" "$ideal" >/dev/null
echo
echo "CSV: $csv; histogram of % of ideal over the permutations (Fig. 10): results/gal/report_card_hist.png"
