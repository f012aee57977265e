#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make regress: the lockstep set of make test, the long list, and COUNT random configurations
# drawn from a seed that is printed (make regress SEED=n reruns exactly the same runs).
set -uo pipefail
cd "$(dirname "$0")/.."
seed=${1:-$(( $(date +%s) % 100000 ))}
count=${COUNT:-40}
mkdir -p build/regress
rand=build/regress/random_$seed.txt
echo "regress: random seed $seed (rerun: make regress SEED=$seed)"
python3 - "$seed" "$count" > "$rand" <<'PY'
import random, sys
seed, count = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)
shapes = [(k, n) for k in (2, 3, 4, 5, 8) for n in (1, 2, 3) if k ** n <= 64 and k ** n >= 4]
pats = ["uniform", "tornado", "bitcomp", "bitrev", "shuffle", "butterfly", "transpose",
        "neighbor", "randperm", "hotspot"]
print(f"# random lockstep configurations, seed {seed}")
for i in range(count):
    k, n = r.choice(shapes)
    nodes = k ** n
    bits = nodes.bit_length() - 1
    pow2 = (1 << bits) == nodes
    ok = [p for p in pats if pow2 or p not in ("bitrev", "shuffle", "butterfly", "transpose")]
    ok = [p for p in ok if p != "transpose" or bits % 2 == 0]
    t = r.choice(ok)
    cap = 8.0 / k if k % 2 == 0 else 8.0 * k / (k * k - 1)
    maxload = min(1.0 / cap, 1.0)
    load = round(r.uniform(0.05, 1.0) * maxload, 3) or 0.01
    a = r.randint(1, 16)
    pkt = str(a) if r.random() < 0.5 else f"{a}-{r.randint(a, 16)}"
    vcs = r.choice((2, 3, 4))
    routing = "dor" if vcs < 3 or r.random() < 0.4 else "minad"
    line = (f"rtl=rtr k={k} n={n} vcs={vcs} buf={r.randint(1, 8)} pkt={pkt} routing={routing} "
            f"traffic={t} load={load} seed={r.randint(1, 10**6)} warmup=200 measure={r.choice((1000, 3000))}")
    if routing == "minad":
        line += " selection=" + r.choice(("random", "dor", "zigzag", "lru", "ldsf", "sq"))
    if t == "hotspot":
        line += f" hot_nodes={r.randrange(nodes)} hot_frac={round(r.random(), 2)}"
    if t == "randperm":
        line += f" perm_seed={r.randint(1, 1000)}"
    print(line)
PY
total_fail=0 total=0
for list in tb/regress/lockstep_test.txt tb/regress/lockstep_long.txt "$rand"; do
    out=$(bash scripts/lockstep.sh "$list" 2>&1)
    echo "$out" | grep -v '^ok '
    p=$(grep -c '^ok ' <<< "$out"); f=$(grep -c '^not ok ' <<< "$out")
    total=$((total + p + f)); total_fail=$((total_fail + f))
done
echo "regress: $((total - total_fail)) passed, $total_fail failed (random seed $seed; JUnit reports in build/regress/)"
[ $total_fail -eq 0 ]
