#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Latency-throughput plot of a tnsim sweep CSV (scripts/run.sh writes results/run/dor.csv).

Accepted throughput (fraction of capacity) on x, average latency on a log y axis, one line per
topology x traffic; saturated points are drawn as crosses. Usage:
    python3 scripts/plot_latency.py results/run/dor.csv results/run/latency_throughput.png
"""
import argparse
import csv
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.lines import Line2D  # noqa: E402


def load(path):
    """Rows of the CSV grouped by (topology, traffic), in file order."""
    groups = OrderedDict()
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            topo = row.get("topology") or "%s-ary %s-cube" % (row["k"], row["n"])
            key = (topo, row["traffic"])
            groups.setdefault(key, []).append(
                (float(row["offered"]), float(row["accepted"]), float(row["latency_avg"]),
                 row["saturated"].strip() in ("1", "true", "yes")))
    return groups


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", help="sweep CSV (tnsim sweep columns, optional 'topology' column)")
    ap.add_argument("png", help="output PNG")
    ap.add_argument("--ymax", type=float, default=None,
                    help="clip latencies above this (cycles); default: no clipping, log axis")
    ap.add_argument("--title", default="DOR latency vs accepted throughput")
    a = ap.parse_args()

    groups = load(a.csv)
    if not groups:
        sys.exit("plot_latency.py: no rows in %s" % a.csv)

    fig, ax = plt.subplots(figsize=(10, 5.5))
    markers = ["o", "s", "^", "D", "v", "P", "*", "h"]
    clipped = False
    for i, ((topo, traffic), pts) in enumerate(groups.items()):
        pts.sort(key=lambda p: p[0])  # by offered load, so the line follows the sweep
        x = [p[1] for p in pts]
        y = [p[2] for p in pts]
        if a.ymax is not None:
            clipped |= any(v > a.ymax for v in y)
            y = [min(v, a.ymax) for v in y]
        line, = ax.plot(x, y, marker=markers[i % len(markers)], markersize=4, linewidth=1.5,
                        label="%s, %s" % (topo, traffic))
        sx = [xx for xx, p in zip(x, pts) if p[3]]
        sy = [yy for yy, p in zip(y, pts) if p[3]]
        if sx:
            ax.plot(sx, sy, linestyle="none", marker="X", markersize=10,
                    markerfacecolor="none", markeredgecolor=line.get_color(), markeredgewidth=1.5)

    ax.set_yscale("log")
    if a.ymax is not None:
        ax.set_ylim(top=a.ymax * 1.1)
    ax.set_xlabel("accepted throughput (fraction of capacity)")
    ax.set_ylabel("average latency (cycles, log scale)" + (", clipped" if clipped else ""))
    ax.set_title(a.title)
    ax.set_xlim(left=0)
    ax.grid(True, which="major", alpha=0.4)
    ax.grid(True, which="minor", alpha=0.15)
    handles, labels = ax.get_legend_handles_labels()
    handles.append(Line2D([], [], linestyle="none", marker="X", markersize=10,
                          markerfacecolor="none", markeredgecolor="black"))
    labels.append("saturated")
    # Outside the axes: the saturated points fill the upper left corner.
    ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
    fig.tight_layout()
    fig.savefig(a.png, dpi=120)


if __name__ == "__main__":
    main()
