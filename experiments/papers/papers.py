#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make papers: every checkable claim of papers 000, 001, 003 and 004 (experiments/papers/
claims.py) run through build/bin/tnsim and build/bin/tnmodel, and the results page:
results/papers/index.md (a table per paper: claim, paper value, tn value ± 95 % CI, tolerance,
holds/differs) and results/papers/<paper>.md (every column of the rows, with PNG plots).

Usage (from the repository's root; make papers / make papers QUICK=1):
    python3 experiments/papers/papers.py [--quick] [--jobs N] [--out DIR] [--fresh]
--medium: the full mode's networks and packets with half its windows (warmup=1000
measure=5000), 3 seeds a run and 4 permutations: for a machine shared with other work.
--quick: small networks, short runs, two replications: a sanity check that every row runs and
the page is complete; its verdicts are labelled "quick: ..." and are not claims.
--jobs N: commands at once (default 2), each one tnsim/tnmodel process.
Every command's output is kept in DIR/cache/ under a hash of the command and of the program's
binary, so a second run only reruns what changed (--fresh: empty the cache first).
Figures only: exits 0 whatever the verdicts, 1 when a command fails.
"""
import argparse
import concurrent.futures
import csv
import datetime
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import claims as CL  # noqa: E402

ROOT = CL.ROOT
BIN = {"tnsim": os.path.join(ROOT, "build", "bin", "tnsim"),
       "tnmodel": os.path.join(ROOT, "build", "bin", "tnmodel"),
       "ideal": os.path.join(ROOT, "experiments", "gal", "ideal_perm.py")}
RULE = {"=": "=", ">=": "≥", "<=": "≤", "in": "in"}


def fmt(x):
    """a number as the page prints it (6 significant figures); verdicts use the printed value"""
    s = "%.6g" % x
    return "0" if s == "-0" else s


def file_hash(path):
    h = hashlib.sha1()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


class Runner:
    def __init__(self, cache, jobs, budget=None):
        self.cache, self.jobs = cache, jobs
        self.deadline = time.time() + budget if budget else None
        self.skipped = 0
        os.makedirs(cache, exist_ok=True)
        self.bhash = {p: file_hash(b) for p, b in BIN.items() if os.path.exists(b)}
        self.ran = self.reused = 0

    def argv(self, job, keys):
        if job.prog == "ideal":
            return [sys.executable, BIN["ideal"]] + keys
        a = [BIN[job.prog], job.sub] + keys
        if job.sub != "check":
            a.append("--json")
        return a

    def key(self, job, keys):
        s = " ".join([job.prog, self.bhash.get(job.prog, "?"), job.sub] + keys +
                     (["series"] if job.series else []))
        return hashlib.sha1(s.encode()).hexdigest()[:20]

    def one(self, job, keys):
        h = self.key(job, keys)
        path = os.path.join(self.cache, h + ".json")
        spath = os.path.join(self.cache, h + ".series.csv")
        if os.path.exists(path) and (not job.series or os.path.exists(spath)):
            self.reused += 1
            return json.load(open(path))
        if self.deadline and time.time() > self.deadline:
            self.skipped += 1
            return {"argv": [job.prog, job.sub] + keys, "rc": None, "skipped": True}
        argv = self.argv(job, keys) + (["series=" + spath] if job.series else [])
        t0 = time.time()
        p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        rec = {"argv": argv[1:] if job.prog == "ideal" else [job.prog] + argv[1:],
               "rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr[-2000:],
               "secs": round(time.time() - t0, 3)}
        ok = p.returncode == 0 or (job.sub == "check" and p.returncode == 1)
        if ok:
            with open(path + ".tmp", "w") as f:
                json.dump(rec, f)
            os.replace(path + ".tmp", path)
        self.ran += 1
        return rec

    def run_all(self, jobs):
        """jobs: list of Job; returns {id(job): [parsed replication, ...]} and the failures"""
        todo = []
        for j in jobs:
            for keys in j.commands():
                todo.append((j, keys))
        uniq = {}
        for j, keys in todo:
            uniq.setdefault(self.key(j, keys), (j, keys))
        out, fails = {}, []

        def cost(item):
            """a guess of the command's time, to start the longest first: nodes x flits x cycles"""
            j, keys = item[1]
            kv = dict(x.split("=", 1) for x in keys if "=" in x)
            try:
                c = int(kv.get("k", 8)) ** int(kv.get("n", 2)) * int(kv.get("pkt", "4").split("-")[-1])
                c *= int(kv.get("measure", "10000")) * (8 if j.sub == "sat" else 1)
            except ValueError:
                c = 0
            return -c
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as ex:
            futs = {h: ex.submit(self.one, j, keys) for h, (j, keys) in sorted(uniq.items(), key=cost)}
            for h, f in futs.items():
                out[h] = f.result()
        res = {}
        for j in jobs:
            reps = []
            for keys in j.commands():
                h = self.key(j, keys)
                rec = out[h]
                if rec.get("skipped"):
                    reps.append("skipped")
                    continue
                ok = rec["rc"] == 0 or (j.sub == "check" and rec["rc"] == 1)
                if not ok:
                    fails.append("%s: exit %d: %s" % (" ".join(rec["argv"]), rec["rc"],
                                                      rec["stderr"].strip()[-300:]))
                    reps.append(None)
                    continue
                reps.append(parse(j, rec, os.path.join(self.cache, h + ".series.csv")))
            res[id(j)] = reps
        return res, fails


def parse(job, rec, spath):
    d = {"rc": rec["rc"]}
    if job.prog == "ideal":
        d["rows"] = list(csv.DictReader(io.StringIO(rec["stdout"])))
        return d
    if job.sub == "check":
        return d
    lines = [x for x in rec["stdout"].splitlines() if x.strip()]
    for x in lines:
        d.update(json.loads(x))
    if job.series:
        d["series"] = list(csv.DictReader(open(spath)))
    return d


def pv_cell(c):
    if c["pv"] is None:
        return "-"
    if c["rule"] == "in":
        return "in %s..%s" % (fmt(c["pv"][0]), fmt(c["pv"][1]))
    return "%s %s" % (RULE[c["rule"]], fmt(c["pv"]))


def evaluate(C, res):
    """each claim's value, CI and verdict (from the printed numbers)"""
    for c in C:
        if "cannot" in c:
            c["cell"], c["verdict"] = c["cannot"], "cannot express"
            continue
        if isinstance(c["value"], str):
            c["cell"], c["verdict"] = c["value"], "not run"
            continue
        R = {name: res[id(j)] for name, j in c["jobs"].items()}
        if any(r == "skipped" for reps in R.values() for r in reps):
            c["cell"], c["verdict"] = "not run: the time budget (--budget) ran out", "not run"
            continue
        if any(r is None for reps in R.values() for r in reps):
            c["cell"], c["verdict"] = "error: a command failed (see the log)", "error"
            continue
        try:
            v, ci = c["value"](R)
        except (KeyError, ValueError, ZeroDivisionError, IndexError) as e:
            c["cell"], c["verdict"] = "error: %s: %s" % (type(e).__name__, e), "error"
            continue
        if v != v:  # NaN
            c["cell"], c["verdict"] = "error: no value (NaN)", "error"
            continue
        c["v"], c["ci"] = float(fmt(v)), float(fmt(ci))
        c["cell"] = "%s ± %s" % (fmt(v), fmt(ci))
        pv = tuple(float(fmt(x)) for x in c["pv"]) if c["rule"] == "in" else float(fmt(c["pv"]))
        c["verdict"] = CL.verdict(c["rule"], pv, float(fmt(c["tol"])), c["v"], c["ci"])


def esc(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def shown_verdict(c, q):
    """A claim's verdict as the pages print it: holds / differs prefixed by the mode's label (q,
    "quick: " in quick mode), the other verdicts as they are."""
    vd = c["verdict"]
    return q + vd if vd in ("holds", "differs") else vd


def write_pages(out, C, M, quick, secs, runner, cmdline):
    q = "quick: " if quick else ""
    papers = sorted({c["paper"] for c in C})
    counts = {}
    for c in C:
        counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    with open(os.path.join(out, "index.md"), "w") as f:
        f.write("# The papers' claims, checked by tn\n\n")
        f.write("Written by `%s` (mode: %s) in %.0f s wall on %d job(s) at once (%d commands run, "
                "%d reused from the cache%s), %s UTC.\n\n" % (
                    cmdline, "QUICK: small networks and short runs; the verdicts are a sanity "
                    "check, not claims" if quick else M.name + (
                        ": the full mode's networks with half its windows and fewer "
                        "replications" if M.medium else ""), secs, runner.jobs, runner.ran,
                    runner.reused, ", %d not started: the time budget ran out" % runner.skipped
                    if runner.skipped else "", datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M")))
        f.write("A verdict compares tn's 95 %% interval (value ± CI), widened by the tolerance, "
                "with the paper's value: `=` holds when they meet, `≥` / `≤` when some of the "
                "interval is on the paper's side, `in lo..hi` when it meets the range "
                "(docs/papers.md). Totals: %s.\n\n" % ", ".join(
                    "%d %s" % (n, v) for v, n in sorted(counts.items())))
        if M.reuse:
            f.write("Table IV's AVG rows reuse results/gal/report_card.csv (make gal).\n\n")
        for p in papers:
            f.write("## Paper %s: %s\n\n" % (p, CL.PAPERS[p]))
            f.write("| id | where | claim | paper | tolerance | tn value ± 95 % CI | verdict | "
                    "page |\n|---|---|---|---|---|---|---|---|\n")
            for c in C:
                if c["paper"] != p:
                    continue
                vd = shown_verdict(c, q)
                f.write("| %s | %s | %s | %s | %s | %s | %s | [%s](%s.md#%s) |\n" % (
                    c["id"], esc(c["where"]), esc(c["statement"]), pv_cell(c), fmt(c["tol"]),
                    esc(c["cell"]), vd, p, p, c["id"]))
            f.write("\n")
    for p in papers:
        pngs = plots(out, p, [c for c in C if c["paper"] == p], quick)
        with open(os.path.join(out, "%s.md" % p), "w") as f:
            f.write("# Paper %s: %s\n\n" % (p, CL.PAPERS[p]))
            f.write("Mode: %s. [Back to the index](index.md). Rows defined in "
                    "experiments/papers/claims.py.\n\n" % M.name)
            for png, cap in pngs:
                f.write("![%s](%s)\n\n%s\n\n" % (cap, png, cap))
            if p == "004":
                model_vs_sim(out, f)
            for c in C:
                if c["paper"] != p:
                    continue
                vd = shown_verdict(c, q)
                f.write('<a id="%s"></a>\n### %s: %s\n\n' % (c["id"], c["id"], vd))
                f.write("- where: %s\n- the paper: %s\n- paper value: %s %s\n" % (
                    c["where"], c["statement"], pv_cell(c), c["unit"]))
                f.write("- tn's configuration: `%s`\n" % c["config"])
                if c.get("jobs"):
                    f.write("- commands:\n")
                    for name, j in c["jobs"].items():
                        f.write("  - %s: `%s`\n" % (name, j.shown()))
                f.write("- how tn's value is computed: %s\n" % c["how"])
                f.write("- tolerance: %s (%s)\n" % (fmt(c["tol"]), c["tol_src"]))
                f.write("- tn's value: %s\n- verdict: %s\n\n" % (c["cell"], vd))


def model_vs_sim(out, f):
    """Paper 004's page: the model against tnsim (experiments/tnmodel/compare.py's plots and
    relative-error table), copied from results/tnmodel/ when that run is there."""
    src = os.path.join(ROOT, "results", "tnmodel")
    f.write("## The model against the simulator\n\n")
    table = os.path.join(src, "compare.md")
    if not os.path.exists(table):
        f.write("Not run: results/tnmodel/compare.md is missing (`python3 "
                "experiments/tnmodel/compare.py` writes it; `make papers` runs it).\n\n")
        return
    for name in sorted(os.listdir(src)):
        if name.startswith("compare_") and name.endswith(".png"):
            shutil.copyfile(os.path.join(src, name), os.path.join(out, name))
            f.write("![latency against the offered rate, %s](%s)\n\n" % (name[8:-4], name))
    f.write("From `python3 experiments/tnmodel/compare.py` (docs/tnmodel.md, \"Against the "
            "simulator\"):\n\n")
    with open(table) as t:  # its headings one level below the page's section
        for line in t.read().rstrip("\n").split("\n"):
            f.write(("##" + line if line.startswith("#") else line) + "\n")
    f.write("\n")


def plots(out, p, C, quick):
    """PNG plots of a paper's page: tn's value against the paper's for every numeric claim, and
    the paper's own figures where the rows give them"""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    pngs = []
    rows = [c for c in C if "v" in c and (c["rule"] == "in" or c["pv"] != 0)]
    if rows:
        fig, ax = plt.subplots(figsize=(7.5, 0.28 * len(rows) + 1.2))
        for i, c in enumerate(rows):
            pv = (c["pv"][0] + c["pv"][1]) / 2 if c["rule"] == "in" else c["pv"]
            col = "tab:green" if c["verdict"] == "holds" else "tab:red"
            ax.errorbar(c["v"] / pv, i, xerr=c["ci"] / abs(pv), fmt="o", color=col, ms=4)
            lo, hi = (c["pv"][0] - c["tol"], c["pv"][1] + c["tol"]) if c["rule"] == "in" else (
                pv - c["tol"], pv + c["tol"])
            ax.plot([lo / pv, hi / pv], [i, i], color="0.6", lw=5, alpha=0.5, zorder=0)
        ax.axvline(1.0, color="0.3", lw=0.8)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([c["id"] for c in rows], fontsize=7)
        ax.set_xscale("log")
        ax.set_xlabel("tn's value / the paper's (grey: the paper's value ± tolerance; green "
                      "holds, red differs)", fontsize=8)
        ax.set_title("Paper %s%s" % (p, " (quick mode)" if quick else ""), fontsize=9)
        fig.tight_layout()
        name = "%s_claims.png" % p
        fig.savefig(os.path.join(out, name), dpi=110)
        plt.close(fig)
        pngs.append((name, "tn's value over the paper's, one line per numeric claim (log scale)"))
    if p == "000":
        for cid, field, title in (("000-fig13-drop", "accepted", "Fig. 13: GAL, fixed T = 2, UR 1.1"),
                                  ("000-fig14-ur", "accepted", "Fig. 14: adaptive T, UR 1.1 -> TOR 0.55 at 600")):
            c = next((x for x in C if x["id"] == cid and "R" in x), None)
            if not c:
                continue
            fig, ax = plt.subplots(figsize=(7, 3))
            ax2 = ax.twinx()
            for i, x in enumerate(c["R"]["a"][:2]):
                s = x["series"]
                cyc = [int(r["cycle"]) for r in s]
                ax.plot(cyc, [float(r["accepted"]) for r in s], color="C0", lw=1,
                        alpha=1 if i == 0 else 0.5, label="accepted" if i == 0 else None)
                ax2.plot(cyc, [float(r["gal_t_mean"]) if r["gal_t_mean"] else 0 for r in s],
                         color="C1", lw=1, alpha=1 if i == 0 else 0.5,
                         label="mean T" if i == 0 else None)
            ax.set_xlabel("cycle")
            ax.set_ylabel("accepted (of capacity)")
            ax2.set_ylabel("mean threshold T")
            ax.set_title(title + " (seeds 1, 2)", fontsize=9)
            fig.legend(fontsize=7, loc="lower right")
            fig.tight_layout()
            name = "%s.png" % cid
            fig.savefig(os.path.join(out, name), dpi=110)
            plt.close(fig)
            pngs.append((name, title + ": accepted throughput and mean threshold per 50 cycles"))
    if p == "001":
        c = next((x for x in C if x["id"] == "001-up-to-30" and "R" in x), None)
        if c:
            cases = sorted({k.rsplit("/", 1)[0] for k in c["R"]})
            fig, ax = plt.subplots(figsize=(8, 3.2))
            sels = CL.SELS
            w = 0.8 / len(sels)
            for si, s in enumerate(sels):
                ys = [CL.summary([float(x["sat_accepted_flits_per_node_cycle"])
                                  for x in c["R"]["%s/%s" % (cs, s)]]) for cs in cases]
                ax.bar([i + si * w for i in range(len(cases))], [y[0] for y in ys], w,
                       yerr=[y[1] for y in ys], label=s)
            ax.set_xticks([i + 0.4 - w / 2 for i in range(len(cases))])
            ax.set_xticklabels(cases, fontsize=7)
            ax.set_ylabel("saturation throughput (flits/node/cycle)")
            ax.set_title("MIN AD's selection functions (paper 001)", fontsize=9)
            ax.legend(fontsize=7)
            fig.tight_layout()
            fig.savefig(os.path.join(out, "001_selection.png"), dpi=110)
            plt.close(fig)
            pngs.append(("001_selection.png", "Saturation throughput of MIN AD per selection "
                         "function, network and pattern (mean ± 95 % CI over seeds)"))
    return pngs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--medium", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "papers"))
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds: start no command after this (its rows say not run)")
    a = ap.parse_args()
    if not 1 <= a.jobs <= 64:
        sys.exit("papers.py: --jobs %d: allowed 1..64" % a.jobs)
    for p in ("tnsim", "tnmodel"):
        if not os.path.exists(BIN[p]):
            sys.exit("papers.py: %s is not built (make build)" % BIN[p])
    t0 = time.time()
    M, C = CL.all_claims(a.quick, a.medium)
    out = a.out
    cache = os.path.join(out, "cache")
    if a.fresh and os.path.isdir(cache):
        shutil.rmtree(cache)
    os.makedirs(out, exist_ok=True)
    runner = Runner(cache, a.jobs, a.budget)
    jobs = {}
    for c in C:
        for j in c.get("jobs", {}).values():
            jobs[id(j)] = j
    res, fails = runner.run_all(list(jobs.values()))
    for c in C:
        if c.get("jobs") and not any(r in (None, "skipped") for j in c["jobs"].values()
                                     for r in res[id(j)]):
            c["R"] = {name: res[id(j)] for name, j in c["jobs"].items()}
    evaluate(C, res)
    secs = time.time() - t0
    cmdline = "make papers" + (" QUICK=1" if a.quick else " MEDIUM=1" if M.medium else "")
    write_pages(out, C, M, a.quick, secs, runner, cmdline)
    with open(os.path.join(out, "claims.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "paper", "rule", "paper_value", "tol", "value", "ci95", "verdict"])
        for c in C:
            w.writerow([c["id"], c["paper"], c["rule"], pv_cell(c).split(" ", 1)[-1], fmt(c["tol"]),
                        fmt(c["v"]) if "v" in c else "", fmt(c["ci"]) if "ci" in c else "",
                        c["verdict"]])
    counts = {}
    for c in C:
        counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    print("papers: %d claims (%s) in %.0f s; %d commands run, %d reused; %s/index.md" % (
        len(C), ", ".join("%d %s" % (n, v) for v, n in sorted(counts.items())), secs,
        runner.ran, runner.reused, out))
    for x in fails:
        print("papers: failed: " + x, file=sys.stderr)
    return 1 if fails or counts.get("error") else 0


if __name__ == "__main__":
    sys.exit(main())
