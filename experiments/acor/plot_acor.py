#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ACOR's levels over time from `tnsim run routing=acor series=FILE` (docs/acor.md): per run, the
accepted throughput per window (top), the routers' mean level and the fraction of routers at the
top level (middle), and every router's level as a heat map (bottom rows, one per run). Usage:
    python3 experiments/acor/plot_acor.py OUT.png A.csv[:label] B.csv[:label] ... [--mark CYCLE]
        [--hi CYCLES] [--title TEXT]
"""
import argparse
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)


def load(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    nodes = sorted((k for k in rows[0] if k.startswith("level_")), key=lambda k: int(k[6:]))
    # rows of the final drain past the recorded windows have no levels (docs/tnsim.md, series=FILE)
    rows = [r for r in rows if r["acor_level_mean"] != ""]
    return rows, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("series", nargs="+", help="CSV[:label]")
    ap.add_argument("--mark", type=float, action="append", default=[],
                    help="a cycle to mark (the load step)")
    ap.add_argument("--hi", type=float, default=None, help="HI: the x axis in intervals too")
    ap.add_argument("--title", default="ACOR levels")
    a = ap.parse_args()
    runs = []
    for spec in a.series:
        path, _, label = spec.partition(":")
        runs.append((load(path), label or path))
    fig, axes = plt.subplots(2 + len(runs), 1, figsize=(9, 4 + 1.6 * len(runs)), sharex=True,
                             gridspec_kw={"height_ratios": [2, 2] + [1] * len(runs)})
    top = None
    for (rows, nodes), label in runs:
        x = [float(r["cycle"]) for r in rows]
        axes[0].plot(x, [float(r["accepted_flits_per_node_cycle"]) for r in rows], label=label)
        lv = [[int(r[n]) for n in nodes] for r in rows]
        top = max(max(v) for v in lv) if top is None else max(top, max(max(v) for v in lv))
        axes[1].plot(x, [float(r["acor_level_mean"]) for r in rows], label=label + ": mean level")
    for (rows, nodes), label in runs:
        x = [float(r["cycle"]) for r in rows]
        lv = [[int(r[n]) for n in nodes] for r in rows]
        axes[1].plot(x, [sum(1 for l in v if l == top) / len(v) for v in lv], linestyle="--",
                     label=label + ": routers at the top level")
    for i, ((rows, nodes), label) in enumerate(runs):
        x = [float(r["cycle"]) for r in rows]
        img = [[int(r[n]) for r in rows] for n in nodes]
        ax = axes[2 + i]
        ax.imshow(img, aspect="auto", interpolation="nearest", cmap="viridis", vmin=0,
                  vmax=max(top, 1), extent=(x[0], x[-1], len(nodes), 0))
        ax.set_ylabel("router")
        ax.set_title(label + ": every router's level", fontsize=9)
    axes[0].set_ylabel("accepted flits/node/cycle")
    axes[1].set_ylabel("level")
    axes[-1].set_xlabel("cycle" + (" (HI = %d)" % a.hi if a.hi else ""))
    for ax in axes[:2]:
        ax.legend(fontsize=7)
        ax.grid(alpha=0.3)
    for ax in axes:
        for m in a.mark:
            ax.axvline(m, color="k", linewidth=0.8, linestyle=":")
    axes[0].set_title(a.title)
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)


if __name__ == "__main__":
    main()
