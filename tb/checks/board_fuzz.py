#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random runs of the simulated board core against the C model (make regress).

Draws COUNT configurations from SEED (every routing family of the board core, every pattern it
builds, loads up to 0.2, a mid-run switch of pattern, load or both in about a third, window,
drain and histogram edges, buffers, packet lengths, selections,
switch priority and dateline), runs each on tnboard-core with `tnhost run --compare --json`
and checks that the board's figures equal the model's (the 11 figures and the latency
histogram, docs/board-reference.md). A run whose source FIFO overflows (the board holds QD packets
per node, tnsim's queue is unbounded) is not comparable and is counted as skipped. Prints TAP
and writes JUnit XML.

  python3 tb/checks/board_fuzz.py [--count N] [--seed S] [--junit FILE] [--ring | --emu4x4 | --emu8x8]

--ring runs tnboard-ring instead, the same board core at K=8 N=1 (the ring build,
docs/board-guide.md): the same draws over 8 nodes, without transpose (it needs an even number
of address bits). --emu4x4 runs tnboard-emu4x4, the 4x4 board core on the time-multiplexed
engine (docs/emulator.md): the core build's draws; --emu8x8 tnboard-emu8x8, the 8x8 on two
engines of 32 contexts: the same draws over 64 nodes.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import junit  # tb/checks/junit.py

ROUTINGS = ["dor", "minad", "val", "goal", "gal", "acor"]
PATTERNS = ["uniform", "tornado", "bitcomp", "bitrev", "shuffle", "transpose", "neighbor",
            "butterfly", "randperm", "hotspot"]
SELECTIONS = ["random", "dor", "zigzag", "lru", "ldsf", "sq"]


def draw(r, nodes):
    """One configuration: tnhost run keys (the core build: K=4 N=2 V=4 B=4, GAL and ACOR; or
    the ring build, nodes = 8)."""
    routing = r.choice(ROUTINGS)
    traffic = r.choice([p for p in PATTERNS if nodes != 8 or p != "transpose"])
    lo = r.randint(1, 8)
    hi = r.randint(lo, 12)
    loads = [0.01, 0.05, 0.1, 0.15, 0.2]
    warmup, measure = r.choice([0, 1, 7, 100, 300]), r.choice([1, 2, 50, 500, 1500])
    keys = [f"routing={routing}", f"traffic={traffic}", f"load={r.choice(loads)}",
            f"warmup={warmup}", f"measure={measure}",
            f"drain={r.choice([0, 1, 3, 50000])}", f"seed={r.randint(0, 2**32 - 1)}",
            f"hist_shift={r.randint(0, 15)}", f"buf={r.randint(1, 4)}",
            f"pkt={lo}-{hi}" if hi > lo else f"pkt={lo}",
            f"transit={r.choice(['on', 'off'])}", f"dateline={r.choice(['on', 'off'])}"]
    if routing == "gal":
        keys.append("gal_sets=" + r.choice(["1", "2", "dir"]))
        if r.random() < 0.3:
            keys += ["gal_adapt=on", f"gal_n1={r.randint(1, 64)}", f"gal_n2={r.randint(1, 200)}"]
        else:
            keys.append(f"gal_t={r.randint(0, 16)}")
    if routing in ("minad", "goal", "gal"):
        keys.append("selection=" + r.choice(SELECTIONS))
    if routing == "acor":
        keys += ["acor_seq=" + r.choice(["box-full", "goalq-full", "box-goalq-full", "box-goalq"]),
                 "acor_mode=" + r.choice(["router", "packet"]), f"acor_hi={r.randint(1, 256)}",
                 f"acor_it1={r.randint(1, 8)}", f"acor_it2={r.randint(1, 16)}",
                 f"acor_dt1={r.randint(0, 4)}", f"acor_dt2={r.randint(0, 8)}"]
    # the mid-run switch: a pattern, a load or both, from a cycle at the window's edges or anywhere
    pats = {traffic}
    if r.random() < 0.3:
        at = r.choice([1, 2, warmup, warmup + measure // 2, warmup + measure - 1, warmup + measure,
                       r.randint(1, 2000)])
        keys.append(f"switch_at={max(1, at)}")
        kind = r.randint(0, 2)  # 0 the pattern, 1 the load, 2 both
        if kind != 1:
            t2 = r.choice([p for p in PATTERNS if nodes != 8 or p != "transpose"])
            keys.append(f"switch_traffic={t2}")
            pats.add(t2)
        if kind != 0:
            keys.append(f"switch_load={r.choice(loads)}")
    if "hotspot" in pats:
        hot = r.sample(range(nodes), r.randint(1, 4))
        keys += ["hot_nodes=" + ",".join(map(str, hot)),
                 f"hot_frac={r.choice([0.1, 0.5, 1])}"]
    if "randperm" in pats:
        keys.append(f"perm_seed={r.randint(0, 1000)}")
    return keys


def start_board(core, log):
    """Starts tnboard-core; returns (process, its pty path)."""
    p = subprocess.Popen([core, "--wall-limit", "7200"], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(200):
        time.sleep(0.05)
        log.flush()
        with open(log.name) as f:
            first = f.readline().strip()
        if first.startswith("/dev/"):
            return p, first
        if p.poll() is not None:
            break
    p.kill()
    sys.exit(f"board_fuzz: {core} printed no pty (see {log.name})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    ap.add_argument("--junit", default="")
    ap.add_argument("--ring", action="store_true", help="tnboard-ring (K=8 N=1) instead")
    ap.add_argument("--emu4x4", action="store_true",
                    help="tnboard-emu4x4 (the 4x4 on the engine) instead")
    ap.add_argument("--emu8x8", action="store_true",
                    help="tnboard-emu8x8 (the 8x8 on the engine) instead")
    a = ap.parse_args()
    if a.count < 1 or a.seed < 0:
        sys.exit(f"board_fuzz: --count {a.count} must be >= 1 and --seed {a.seed} >= 0")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if a.ring + a.emu4x4 + a.emu8x8 > 1:
        sys.exit("board_fuzz: --ring, --emu4x4 and --emu8x8 name three boards; give one")
    board = "ring" if a.ring else "emu4x4" if a.emu4x4 else "emu8x8" if a.emu8x8 else "core"
    core = os.path.join(root, "build/bin", "tnboard-" + board)
    nodes = {"ring": 8, "emu8x8": 64}.get(board, 16)
    name = "board_fuzz" if board == "core" else "board_fuzz_" + board
    host = os.path.join(root, "build/san/tnhost")
    if not os.access(host, os.X_OK):
        host = os.path.join(root, "build/bin/tnhost")
    for b in (core, host):
        if not os.access(b, os.X_OK):
            sys.exit(f"board_fuzz: {b} is not built (make board)")
    r = random.Random(a.seed)
    ring = "" if board == "core" else " --" + board
    print(f"# {name}: {a.count} random configurations of {os.path.basename(core)}, seed {a.seed} "
          f"(rerun: python3 tb/checks/board_fuzz.py --count {a.count} --seed {a.seed}{ring})")
    cases, fails, skips, t0 = [], 0, 0, time.time()
    with tempfile.NamedTemporaryFile("w", suffix=".log", prefix="tn_board_fuzz.") as log:
        board, pty = start_board(core, log)
        try:
            for i in range(1, a.count + 1):
                keys = draw(r, nodes)
                desc = " ".join(keys)
                t = time.time()
                try:
                    p = subprocess.run([host, "--port", pty, "--timeout", "5000", "--json", "run",
                                        "--compare"] + keys, capture_output=True, text=True,
                                       timeout=600)
                    out, err, rc = p.stdout, p.stderr.strip(), p.returncode
                except subprocess.TimeoutExpired:
                    out, err, rc = "", "tnhost did not end within 600 s", -1
                dt = time.time() - t
                why = None
                try:
                    d = json.loads(out)
                except ValueError:
                    d = None
                if d is not None and "compare" not in d and "overflowed" in err:
                    skips += 1
                    print(f"ok {i} - {desc} # SKIP a source FIFO overflowed: not comparable")
                    cases.append(junit.case(name, desc, skipped=True))
                    continue
                if d is None or "compare" not in d:
                    why = f"exit {rc}: {err[:300]}"
                elif d["differences"] != 0 or rc != 0:
                    c = d["compare"]
                    why = "; ".join(f"{k}: board {v[0]} model {v[1]}" for k, v in c.items()
                                    if v[0] != v[1]) + f" (exit {rc})"
                if why:
                    fails += 1
                    print(f"not ok {i} - {desc}\n#   {why}")
                    cases.append(junit.case(name, desc, dt, failure=why))
                else:
                    print(f"ok {i} - {desc} ({d['packets']} packets measured)")
                    cases.append(junit.case(name, desc, dt))
                sys.stdout.flush()
        finally:
            board.kill()
            board.wait()
    print(f"1..{a.count}")
    print(f"# {name}: {a.count - fails - skips} equal to the C model, {fails} differ, "
          f"{skips} not comparable (seed {a.seed}, {time.time() - t0:.0f} s)")
    if a.junit:
        junit.write(a.junit, name, cases, fails, skips, time.time() - t0)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
