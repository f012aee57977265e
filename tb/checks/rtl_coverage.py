#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Merges the coverage files of Verilated coverage builds (tools/vlbuild.sh _cov; one file per
model context, TN_VL_COVERAGE.PID.I.dat) and reports, per RTL file, which coverage points any run
reached: line (each block of statements), branch (each arm of an if, case or ?:) and toggle
(each bit of each signal, 0->1 and 1->0). A point counts as reached when any instance in any run
reached it: the question is which code the runs exercise, not which router did.

  rtl_coverage.py DATDIR OUT      writes OUT/merged.dat (Verilator's format, summed per point
                                  and instance, for verilator_coverage --annotate),
                                  OUT/summary.txt and OUT/uncovered.txt, and prints the summary
Called by tb/checks/rtl_coverage.sh (docs/verification.md, "RTL coverage")."""
import collections
import glob
import os
import sys

KINDS = ("line", "branch", "toggle")


def parse_key(key):
    """Verilator's point key: \\x01NAME\\x02VALUE pairs (f file, l line, n column, t type, o
    comment, h hierarchy, page, S the lines a block spans)."""
    d = {}
    for part in key.split("\x01")[1:]:
        k, _, v = part.partition("\x02")
        d[k] = v
    return d


def read_dat(path, acc):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for ln in f:
            if not ln.startswith("C '"):
                continue
            q = ln.rindex("'")
            key, count = ln[3:q], int(ln[q + 1:].strip())
            acc[key] += count


def main():
    if len(sys.argv) != 3:
        sys.exit("rtl_coverage.py: usage: rtl_coverage.py DATDIR OUT")
    datdir, out = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(datdir, "*.dat")))
    if not files:
        sys.exit(f"rtl_coverage.py: no coverage files in {datdir} (did a _cov model run with TN_VL_COVERAGE set?)")
    acc = collections.Counter()
    for p in files:
        read_dat(p, acc)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "merged.dat"), "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("# SystemC::Coverage-3\n")
        for key in sorted(acc):
            f.write(f"C '{key}' {acc[key]}\n")
    # one point per file, line, column, type and comment, reached if any instance reached it
    pts = {}
    for key, count in acc.items():
        d = parse_key(key)
        kind = d.get("t", "")
        if kind not in KINDS:
            kind = "other"
        ident = (d.get("f", "?"), int(d.get("l", "0") or 0), d.get("n", ""), kind, d.get("o", ""))
        pts[ident] = pts.get(ident, 0) + count
    per = collections.defaultdict(lambda: {k: [0, 0] for k in KINDS + ("other",)})
    missed = []
    for (f, line, col, kind, comment), count in pts.items():
        per[f][kind][1] += 1
        if count:
            per[f][kind][0] += 1
        elif kind in ("line", "branch"):
            missed.append((f, line, col, kind, comment))
    src = {}

    def text(f, line):
        if f not in src:
            try:
                with open(f, encoding="utf-8", errors="replace") as h:
                    src[f] = h.read().split("\n")
            except OSError:
                src[f] = []
        lines = src[f]
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""

    def pct(c, t):
        return f"{100.0 * c / t:5.1f} %" if t else "    -  "

    rows = [f"{'file':34} {'line':>15} {'branch':>15} {'toggle':>19}"]
    tot = {k: [0, 0] for k in KINDS}
    for f in sorted(per):
        cells = []
        for k in KINDS:
            c, t = per[f][k]
            tot[k][0] += c
            tot[k][1] += t
            cells.append(f"{c}/{t} {pct(c, t)}" if t else "-")
        rows.append(f"{f:34} {cells[0]:>15} {cells[1]:>15} {cells[2]:>19}")
    rows.append(f"{'total':34} " + " ".join(
        f"{tot[k][0]}/{tot[k][1]} {pct(*tot[k])}".rjust(w) for k, w in zip(KINDS, (15, 15, 19))))
    rows.append(f"rtl_coverage: {len(files)} coverage files; line and branch points not reached: "
                f"{len(missed)} ({out}/uncovered.txt)")
    summary = "\n".join(rows) + "\n"
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(summary)
    with open(os.path.join(out, "uncovered.txt"), "w") as f:
        f.write("# line and branch points no run reached: FILE:LINE: TYPE COMMENT | source line\n")
        for fl, line, col, kind, comment in sorted(missed):
            f.write(f"{fl}:{line}: {kind} {comment} | {text(fl, line)}\n")
    sys.stdout.write(summary)


if __name__ == "__main__":
    main()
