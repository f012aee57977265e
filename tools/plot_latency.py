#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Latency-throughput plot of a tnsim sweep CSV (tools/run.sh writes results/run/dor.csv).

Accepted throughput (fraction of capacity) on x, average latency on a log y axis, one line per
topology x traffic; saturated points are drawn as crosses. With --by-traffic, one panel per
traffic pattern and one colour per 'topology' label (tools/run.sh's board families). Usage:
    python3 tools/plot_latency.py results/run/dor.csv results/run/latency_throughput.png
    python3 tools/plot_latency.py --by-traffic results/run/board_families.csv out.png
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
    ap.add_argument("--by-traffic", action="store_true",
                    help="one panel per traffic pattern, one colour per topology label")
    a = ap.parse_args()

    groups = load(a.csv)
    if not groups:
        sys.exit("plot_latency.py: no rows in %s" % a.csv)
    if a.by_traffic:
        by_traffic(groups, a)
        return

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
            ax.plot(sx, sy, linestyle="none", marker="X", markersize=10, color=line.get_color(),
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


def by_traffic(groups, a):
    """One panel per traffic; the same colour and marker for a label in every panel."""
    traffics = list(OrderedDict((t, 1) for _, t in groups))
    labels = list(OrderedDict((l, 1) for l, _ in groups))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    markers = ["o", "s", "^", "D", "v", "P", "*", "h"]
    fig, axes = plt.subplots(1, len(traffics), figsize=(6 * len(traffics) + 2, 5), sharey=True,
                             squeeze=False)
    for ax, tr in zip(axes[0], traffics):
        for i, lab in enumerate(labels):
            pts = sorted(groups.get((lab, tr), []), key=lambda p: p[0])
            if not pts:
                continue
            col = colours[i % len(colours)]
            x = [p[1] for p in pts]
            y = [min(p[2], a.ymax) if a.ymax else p[2] for p in pts]
            ax.plot(x, y, marker=markers[i % len(markers)], markersize=4, linewidth=1.5,
                    color=col, label=lab)
            sat = [(xx, yy) for xx, yy, p in zip(x, y, pts) if p[3]]
            if sat:
                ax.plot([s[0] for s in sat], [s[1] for s in sat], linestyle="none", marker="X",
                        markersize=10, color=col, markerfacecolor="none", markeredgecolor=col,
                        markeredgewidth=1.5)
        ax.set_yscale("log")
        ax.set_title(tr)
        ax.set_xlabel("accepted throughput (fraction of capacity)")
        ax.set_xlim(left=0)
        ax.grid(True, which="major", alpha=0.4)
        ax.grid(True, which="minor", alpha=0.15)
    axes[0][0].set_ylabel("average latency (cycles, log scale)")
    handles, labs = axes[0][0].get_legend_handles_labels()
    handles.append(Line2D([], [], linestyle="none", marker="X", markersize=10,
                          markerfacecolor="none", markeredgecolor="black"))
    labs.append("saturated")
    axes[0][-1].legend(handles, labs, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
    fig.suptitle(a.title)
    fig.tight_layout()
    fig.savefig(a.png, dpi=120)


if __name__ == "__main__":
    main()
