#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Paper 004's Fig. 1 set through tnmodel: zero-load latency and lambda_sat of the analytical
model for the 8-ary 2-cube and 8-ary 3-cube, M = 32 and 64 flits, V = 3 and 5 VCs, h = 0.08,
0.16 and 0.24: the printed equations with the F5 clamp (tnmodel's defaults), each correction
alone (fix_eq20, fix_eq26, fix_eq32) and all of them, and the latency at half lambda_sat.
Prints a Markdown table (docs/tnmodel.md holds its output). From the repository's root:

    make build/bin/tnmodel && python3 experiments/tnmodel/fig1_table.py

Each row is 6 tnmodel runs of a few milliseconds; it never passes or fails on the figures.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TNMODEL = ROOT / "build" / "bin" / "tnmodel"


def model(**keys):
    """tnmodel run --json with keys; the JSON object"""
    args = [str(TNMODEL), "run", "tol=1e-5", "--json"] + [f"{k}={v}" for k, v in keys.items()]
    out = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if out.returncode:
        sys.exit(f"fig1_table: {' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def main():
    if not TNMODEL.exists():
        sys.exit("fig1_table: build/bin/tnmodel is not built (make build/bin/tnmodel)")
    print("| network | M | V | h | zero-load latency | lambda_sat | flits/node/cycle "
          "| fix_eq20 | fix_eq26 | fix_eq32 | all fixes | latency at lambda_sat/2 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in (2, 3):
        for m in (32, 64):
            for v in (3, 5):
                for h in (0.08, 0.16, 0.24):
                    base = dict(k=8, n=n, vcs=v, pkt=m, hot_frac=h)
                    d = model(**base)
                    sat = d["lambda_sat"]
                    half = model(**base, rate=f"{sat / 2:.9g}")
                    f20 = model(**base, fix_eq20=1)["lambda_sat"]
                    f26 = model(**base, fix_eq26=1)["lambda_sat"]
                    f32 = model(**base, fix_eq32=1)["lambda_sat"]
                    allf = model(**base, fix_eq20=1, fix_eq26=1, fix_eq32=1)["lambda_sat"]
                    net = "8x8" if n == 2 else "8x8x8"
                    print(f"| {net} | {m} | {v} | {h:.2f} | {d['zero_load_latency']:.2f} "
                          f"| {sat:.6f} | {sat * m:.4f} | {f20:.6f} | {f26:.6f} | {f32:.6f} "
                          f"| {allf:.6f} | {half['latency']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
