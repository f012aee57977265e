#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Time series of tnsim runs (`tnsim run series=FILE`): accepted throughput per window and, for
routing=gal, the mean threshold T (max dashed) and the non-minimal fraction of the packets
ejected in the window. One line per CSV. Usage:
    python3 experiments/gal/plot_series.py OUT.png A.csv[:label] B.csv[:label] ... [--xmax N]
        [--mark CYCLE] [--title TEXT]
"""
import argparse
import csv
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)


def load(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="PNG to write")
    ap.add_argument("series", nargs="+", help="CSV[:label]")
    ap.add_argument("--xmax", type=float, default=None, help="last cycle shown")
    ap.add_argument("--mark", type=float, action="append", default=[],
                    help="a cycle to mark with a vertical line (e.g. the traffic switch)")
    ap.add_argument("--title", default="")
    a = ap.parse_args()

    runs = []
    for spec in a.series:
        path, _, label = spec.partition(":")
        runs.append((label or os.path.basename(path), load(path)))
    gal = any("gal_t_mean" in r[0] for _, r in runs if r)
    nax = 3 if gal else 1
    fig, axes = plt.subplots(nax, 1, figsize=(8, 2.6 * nax + 0.6), sharex=True, squeeze=False)
    axes = [ax[0] for ax in axes]
    for i, (label, rows) in enumerate(runs):
        if not rows:
            continue
        win = float(rows[1]["cycle"]) - float(rows[0]["cycle"]) if len(rows) > 1 else 1.0
        rows = [r for r in rows if a.xmax is None or float(r["cycle"]) + win <= a.xmax]
        x = [float(r["cycle"]) + win / 2 for r in rows]  # middle of the window
        color = "C%d" % i
        axes[0].plot(x, [float(r["accepted"]) for r in rows], color=color, label=label)
        if gal and "gal_t_mean" in rows[0]:
            axes[1].plot(x, [float(r["gal_t_mean"]) for r in rows], color=color, label=label)
            axes[1].plot(x, [float(r["gal_t_max"]) for r in rows], color=color, ls=":", lw=0.8)
            axes[2].plot(x, [float(r["nonmin_frac"]) for r in rows], color=color, label=label)
    axes[0].set_ylabel("accepted (of capacity)")
    axes[0].set_ylim(bottom=0)
    axes[0].legend(fontsize=8, loc="best")
    if gal:
        axes[1].set_ylabel("threshold T\n(mean; max dotted)")
        axes[1].set_yscale("log", base=2)
        axes[2].set_ylabel("non-minimal fraction")
        axes[2].set_ylim(0, 1)
    for ax in axes:
        for m in a.mark:
            ax.axvline(m, color="grey", ls="--", lw=0.8)
        ax.grid(alpha=0.3)
    axes[-1].set_xlabel("cycle")
    if a.title:
        axes[0].set_title(a.title, fontsize=10)
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print("wrote %s" % a.out)


if __name__ == "__main__":
    main()
