#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Paper 000 Fig. 10 from the report card: for each algorithm, the histogram over the random
permutations of its saturation throughput as a fraction of the permutation's ideal (the maximum
concurrent flow, experiments/gal/ideal_perm.py). Reads report_card.sh's CSVs. Usage:
    python3 experiments/gal/plot_perm_hist.py OUT.png REPORT_CARD.csv IDEAL.csv
Figures only, never pass/fail.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

ALGS = [("val", "VAL"), ("chaos", "CHAOS"), ("minad", "MIN AD"), ("goal", "GOAL"), ("gal", "GAL")]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-2].strip())
    out, card, ideal_csv = sys.argv[1:]
    with open(ideal_csv, newline="") as f:
        ideal = {int(r["perm_seed"]): float(r["ideal_flits_per_node_cycle"])
                 for r in csv.DictReader(f)}
    frac = {a: [] for a, _ in ALGS}
    with open(card, newline="") as f:
        for r in csv.DictReader(f):
            if r["traffic"] == "randperm" and r["routing"] in frac:
                frac[r["routing"]].append(
                    100 * float(r["sat_accepted_flits"]) / ideal[int(r["perm_seed"])])
    fig, axes = plt.subplots(len(ALGS), 1, figsize=(6, 1.6 * len(ALGS)), sharex=True)
    bins = [i * 2.5 for i in range(41)]  # 0 .. 100 % in 2.5 % steps
    for ax, (a, name) in zip(axes, ALGS):
        xs = frac[a]
        ax.hist(xs, bins=bins, color="tab:blue")
        mean = sum(xs) / len(xs) if xs else float("nan")
        ax.set_ylabel(name)
        ax.axvline(mean, color="k", linestyle="--", linewidth=1)
        ax.text(0.01, 0.8, "mean %.1f %% (%d permutations)" % (mean, len(xs)),
                transform=ax.transAxes, fontsize=8)
    axes[-1].set_xlabel("saturation throughput, % of the permutation's ideal")
    fig.suptitle("8-ary 2-cube, random permutations (paper 000 Fig. 10)", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote %s" % out)


if __name__ == "__main__":
    main()
