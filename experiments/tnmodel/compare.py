#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Paper 004's analytical model (tnmodel) against the simulator (tnsim) configured like the paper:
the unidirectional torus (topo=utorus), Duato's routing with V-2 adaptive and 2 escape VCs
(routing=minad) choosing at random among the productive dimensions (selection=random, the
spread of the model's eq. 11: hot-spot traffic shared equally by the channels j hops from the hot
spot; SELECTION=ldsf or another tnsim selection to compare), M-flit wormhole messages longer
than the buffers (pkt=M buf=8), hot-spot traffic as the paper defines it (traffic=hotspot
hot_others=on hot_nodes=0), one ejection channel per input port (term=3) so that ejection is
never the bottleneck (assumption (d)). For paper 004's Fig. 1 set (8x8 and 8x8x8, M = 32 and
64, V = 3 and 5, h = 0.08, 0.16, 0.24) it runs tnmodel at rates of 0.1 to 0.95 of the model's
lambda_sat and tnsim at those rates and at 1.1 and 1.3 lambda_sat
(seeds for a 95 % interval), and writes, in OUT (default results/tnmodel):

- compare.csv: net, M, V, h, rate, model latency, sim latency, sim CI, relative error (the
  model's against the simulator's, (model - sim) / sim), then lambda_sat, rate/lambda_sat,
  tnsim's load, the simulator's mean hops, its latency less the router pipeline's extra cycles
  (H + 2: tnsim's zero-load latency is 2H + M + 2, the model's M + H) and the relative error
  against that, the replications that saturated and the accepted load;
- compare_8x8.png, compare_8x8x8.png: latency against the offered rate, the model's lines and
  the simulator's points (filled: as measured; open: less H + 2);
- compare.md: the relative-error table.

tnsim's load is a fraction of capacity in flits (capacity 2/(k-1) flits/node/cycle on the
unidirectional torus): load = lambda * M / capacity. From the repository's root:

    make build/bin/tnsim build/bin/tnmodel && python3 experiments/tnmodel/compare.py

SEEDS=n (default 3) replications a point, SELECTION (default random) tnsim's selection, JOBS=n
(default 2) simulations at once; QUICK=1 runs one small configuration (8x8, M = 32, V = 3,
h = 0.08, two rates, two seeds, a short window) in well under 30 s and writes the same files. It
prints figures and never passes or fails on them.
"""
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TNSIM = ROOT / "build" / "bin" / "tnsim"
TNMODEL = ROOT / "build" / "bin" / "tnmodel"
QUICK = os.environ.get("QUICK", "") not in ("", "0")
SEEDS = int(os.environ.get("SEEDS", "2" if QUICK else "3"))
SELECTION = os.environ.get("SELECTION", "random")
JOBS = int(os.environ.get("JOBS", "2"))
OUT = Path(os.environ.get("OUT", ROOT / "results" / "tnmodel"))

K = 8
BUF = 8
TERM = 3
MODEL_FRACS = (0.3, 0.7) if QUICK else (0.1, 0.3, 0.5, 0.7, 0.85, 0.95)
SIM_ONLY_FRACS = () if QUICK else (1.1, 1.3)
# (warmup, measure, drain) cycles of a run, per dimension count
WINDOW = {2: (1000, 4000, 3000)} if QUICK else {2: (3000, 20000, 5000), 3: (2000, 8000, 5000)}
CONFIGS = ([(2, 32, 3, 0.08)] if QUICK else
           [(n, m, v, h) for n in (2, 3) for m in (32, 64) for v in (3, 5)
            for h in (0.08, 0.16, 0.24)])
COLUMNS = ["net", "M", "V", "h", "rate", "model latency", "sim latency", "sim CI",
           "relative error", "lambda_sat", "rate/lambda_sat", "load", "sim hops",
           "sim latency adj", "relative error adj", "sim saturated", "sim accepted"]


def run(args):
    out = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=7200)
    if out.returncode:
        sys.exit(f"compare: {' '.join(map(str, args))}: exit {out.returncode}: "
                 f"{out.stderr.strip()}")
    return json.loads(out.stdout)


def model_keys(n, m, v, h):
    return [f"k={K}", f"n={n}", f"vcs={v}", f"pkt={m}", f"hot_frac={h}"]


def sim_keys(n, m, v, h):
    w = WINDOW[n]
    return [f"k={K}", f"n={n}", "topo=utorus", "routing=minad", f"selection={SELECTION}",
            f"vcs={v}", f"pkt={m}",
            f"buf={BUF}", f"term={TERM}", "traffic=hotspot", f"hot_frac={h}", "hot_others=on",
            "hot_nodes=0", f"warmup={w[0]}", f"measure={w[1]}", f"drain={w[2]}"]


def capacity():
    return 2.0 / (K - 1)


def net_name(n):
    return "x".join([str(K)] * n)


def compare_one(n, m, v, h):
    """rows of one configuration, and the model's curve (rates, latencies) for the plot"""
    base = run([TNMODEL, "run", "--json"] + model_keys(n, m, v, h))
    sat = base["lambda_sat"]
    rates = [float(f"{f * sat:.6g}") for f in MODEL_FRACS + SIM_ONLY_FRACS]
    mod = run([TNMODEL, "sweep", "rates=" + ",".join(f"{r:.6g}" for r in rates), "--json"]
              + model_keys(n, m, v, h))
    curve_rates = [float(f"{sat * i / 40:.6g}") for i in range(41)]
    curve_rates[-1] = float(f"{sat * 0.999:.6g}")
    curve = run([TNMODEL, "sweep", "rates=" + ",".join(f"{r:.6g}" for r in curve_rates),
                 "--json"] + model_keys(n, m, v, h))
    loads = [r * m / capacity() for r in rates]
    sim = run([TNSIM, "sweep", "loads=" + ",".join(f"{x:.6g}" for x in loads), f"seeds={SEEDS}",
               f"jobs={JOBS}", "--json"] + sim_keys(n, m, v, h))
    rows = []
    for r, ld, md, sd in zip(rates, loads, mod, sim):
        mean, ci = sd["mean"], sd["ci95"]
        lat, hops = mean["latency_avg"], mean["hops_avg"]
        adj = lat - (hops + 2)
        ml = md["latency"] if not md["saturated"] else None
        rows.append({
            "net": net_name(n), "M": m, "V": v, "h": h, "rate": f"{r:.6g}",
            "model latency": f"{ml:.3f}" if ml is not None else "",
            "sim latency": f"{lat:.3f}", "sim CI": f"{ci['latency_avg']:.3f}",
            "relative error": f"{(ml - lat) / lat:.4f}" if ml is not None else "",
            "lambda_sat": f"{sat:.6g}", "rate/lambda_sat": f"{r / sat:.3f}",
            "load": f"{ld:.6g}", "sim hops": f"{hops:.4f}", "sim latency adj": f"{adj:.3f}",
            "relative error adj": f"{(ml - adj) / adj:.4f}" if ml is not None else "",
            "sim saturated": f"{sd['saturated_runs']}/{sd['seeds']}",
            "sim accepted": f"{mean['accepted']:.5f}",
        })
    mc = [(c["rate"], c["latency"]) for c in curve if not c["saturated"]]
    return rows, mc


def pct(x):
    return f"{100 * float(x):+.1f}" if x != "" else "-"


def write_md(rows, path, command):
    fr = [f for f in MODEL_FRACS]
    lines = ["# tnmodel against tnsim: relative error of the model's latency", "",
             f"`{command}`", "",
             "Relative error (model − sim) / sim in % at each rate (a fraction of the model's "
             "λ_sat): as measured / against the simulator's latency less the router pipeline's "
             "H + 2 cycles. `sat` marks a point where a replication saturated; the last column "
             "is the lowest rate (of λ_sat) at which one did.", "",
             "| net | M | V | h | λ_sat (model) | " +
             " | ".join(f"{f:g} λ_sat" for f in fr) + " | sim saturates at |",
             "|---|---|---|---|---|" + "---|" * len(fr) + "---|"]
    keys = []
    for r in rows:
        key = (r["net"], r["M"], r["V"], r["h"])
        if key not in keys:
            keys.append(key)
    for key in keys:
        rr = [r for r in rows if (r["net"], r["M"], r["V"], r["h"]) == key]
        cells = []
        for f in fr:
            r = next(x for x in rr if abs(float(x["rate/lambda_sat"]) - f) < 1e-3)
            sat = not r["sim saturated"].startswith("0/")
            cells.append(f"{pct(r['relative error'])} / {pct(r['relative error adj'])}"
                         + (" sat" if sat else ""))
        first = next((x["rate/lambda_sat"] for x in rr
                      if not x["sim saturated"].startswith("0/")), None)
        last = first if first else "> " + rr[-1]["rate/lambda_sat"]
        lines.append(f"| {key[0]} | {key[1]} | {key[2]} | {key[3]:g} | {rr[0]['lambda_sat']} | "
                     + " | ".join(cells) + f" | {last} |")
    ok = [r for r in rows if r["relative error"] != "" and r["sim saturated"].startswith("0/")]
    for lo, hi in ((0, 0.55), (0.55, 0.9), (0.9, 1.0)):
        sel = [r for r in ok if lo < float(r["rate/lambda_sat"]) <= hi]
        if sel:
            raw = sorted(abs(float(r["relative error"])) for r in sel)
            adj = sorted(abs(float(r["relative error adj"])) for r in sel)
            lines.append("")
            lines.append(f"Rates in ({lo:g}, {hi:g}] λ_sat, unsaturated points ({len(sel)}): "
                         f"|relative error| median {100 * raw[len(raw) // 2]:.1f} %, "
                         f"largest {100 * raw[-1]:.1f} %; less H + 2: median "
                         f"{100 * adj[len(adj) // 2]:.1f} %, largest {100 * adj[-1]:.1f} %.")
    path.write_text("\n".join(lines) + "\n")


def plot(rows, curves, n, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
    net = net_name(n)
    panels = sorted({(r["M"], r["V"]) for r in rows if r["net"] == net})
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 4.0), squeeze=False)
    colors = {0.08: "tab:blue", 0.16: "tab:orange", 0.24: "tab:green"}
    for ax, (m, v) in zip(axes[0], panels):
        top = 0
        for h in (0.08, 0.16, 0.24):
            key = (n, m, v, h)
            if key not in curves:
                continue
            c = colors[h]
            xs, ys = zip(*curves[key])
            ax.plot(xs, ys, "-", color=c, label=f"model h={h:g}")
            pts = [r for r in rows if (r["net"], r["M"], r["V"], r["h"]) == (net, m, v, h)
                   and r["sim saturated"].startswith("0/")]
            x = [float(r["rate"]) for r in pts]
            ax.errorbar(x, [float(r["sim latency"]) for r in pts],
                        yerr=[float(r["sim CI"]) for r in pts], fmt="o", color=c, ms=4,
                        capsize=2, label=f"tnsim h={h:g}")
            ax.plot(x, [float(r["sim latency adj"]) for r in pts], "o", mfc="none", color=c,
                    ms=5)
            top = max([top] + list(ys) + [float(r["sim latency"]) for r in pts])
        ax.set_ylim(0, top * 1.1 if top else None)
        ax.set_title(f"{net} utorus, M={m}, V={v}")
        ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 0))
        ax.set_xlabel("offered rate λ (messages/node/cycle)")
        ax.set_ylabel("mean latency (cycles)")
        ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.suptitle("model: lines; tnsim: filled as measured, open less H + 2\n(unsaturated "
                 "points, 95 % intervals)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    for p in (TNSIM, TNMODEL):
        if not p.exists():
            sys.exit(f"compare: {p.relative_to(ROOT)} is not built (make build/bin/tnsim "
                     "build/bin/tnmodel)")
    OUT.mkdir(parents=True, exist_ok=True)
    rows, curves = [], {}
    for n, m, v, h in CONFIGS:
        r, c = compare_one(n, m, v, h)
        rows += r
        curves[(n, m, v, h)] = c
        for x in r:
            print(f"{x['net']} M={m} V={v} h={h:g} rate {x['rate']} ({x['rate/lambda_sat']} "
                  f"lambda_sat): model {x['model latency'] or 'saturated'}, sim "
                  f"{x['sim latency']} +- {x['sim CI']} (adj {x['sim latency adj']}, saturated "
                  f"{x['sim saturated']})", flush=True)
    with open(OUT / "compare.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    command = (("QUICK=1 " if QUICK else "") + f"SEEDS={SEEDS} SELECTION={SELECTION} "
               "python3 experiments/tnmodel/compare.py")
    write_md(rows, OUT / "compare.md", command)
    for n in sorted({c[0] for c in CONFIGS}):
        plot(rows, curves, n, OUT / f"compare_{net_name(n)}.png")
    print(f"compare: wrote {OUT}/compare.csv, compare.md and the plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
