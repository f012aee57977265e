#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks a make papers page (results/papers/index.md and the papers' pages; docs/papers.md):
every claim row of experiments/papers/claims.py present once, every tn value a number ± a number
or an explicit "cannot express: ..." / "not run: ...", and every verdict the one the rule gives
for the row's own paper value, tolerance and tn value (recomputed here, not read from
papers.py), "quick: " before it in quick mode; each paper's page has an anchor per row and
its images exist. With --self-test it also checks that it rejects broken copies of the page
(a flipped verdict, a value that is not a number, a missing row), so that it can fail.
Prints TAP. Usage: python3 tb/checks/check_papers.py [--quick] [--self-test] DIR
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "experiments", "papers"))
import claims as CL  # noqa: E402

NUM = r"-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
RULES = {"=": "=", "≥": ">=", "≤": "<=", ">=": ">=", "<=": "<="}


def cells(line):
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [p.strip() for p in parts[1:-1]]


def paper_value(cell):
    """(rule, value) from the paper column: '= 0.5', '≥ 1', 'in 1..1.1', '-'"""
    if cell == "-":
        return None, None
    m = re.fullmatch(r"in (%s)\.\.(%s)" % (NUM, NUM), cell)
    if m:
        return "in", (float(m.group(1)), float(m.group(2)))
    m = re.fullmatch(r"(=|≥|≤|>=|<=) (%s)" % NUM, cell)
    if m:
        return RULES[m.group(1)], float(m.group(2))
    raise ValueError("paper value %r is not a rule and a number" % cell)


def check_dir(d, quick, ids):
    """a list of (ok, description, diagnostic)"""
    out = []
    idx = os.path.join(d, "index.md")
    if not os.path.exists(idx):
        return [(False, "index.md exists", idx)]
    text = open(idx).read()
    out.append((("mode: QUICK" in text) == quick, "index.md says its mode (%s)" % (
        "quick" if quick else "full"), ""))
    rows = {}
    for line in text.splitlines():
        c = cells(line) if line.startswith("|") else []
        if len(c) == 8 and c[0] in ids:
            rows.setdefault(c[0], []).append(c)
    missing = [i for i in ids if i not in rows]
    dup = [i for i in rows if len(rows[i]) > 1]
    out.append((not missing, "every claim row is on the page (%d rows)" % len(ids),
                "missing: " + ", ".join(missing)))
    out.append((not dup, "no claim row twice", ", ".join(dup)))
    bad_val, bad_verdict = [], []
    pre = "quick: " if quick else ""
    for i, rs in rows.items():
        _, _, _, pcell, tcell, vcell, verd, _ = rs[0]
        if vcell.startswith("cannot express: ") and len(vcell) > 20:
            if verd != "cannot express":
                bad_verdict.append("%s: %r for a row that cannot be expressed" % (i, verd))
            continue
        if vcell.startswith("not run: ") and len(vcell) > 12:
            if verd != "not run":
                bad_verdict.append("%s: %r for a row not run" % (i, verd))
            continue
        m = re.fullmatch(r"(%s) ± (%s)" % (NUM, NUM), vcell)
        try:
            rule, pv = paper_value(pcell)
            tol = float(tcell)
        except ValueError as e:
            bad_val.append("%s: %s" % (i, e))
            continue
        if not m or rule is None:
            bad_val.append("%s: value %r (paper %r)" % (i, vcell, pcell))
            continue
        v, ci = float(m.group(1)), float(m.group(2))
        want = pre + CL.verdict(rule, pv, tol, v, ci)
        if verd != want:
            bad_verdict.append("%s: %r, the rule gives %r (%s %s, tol %s, %s ± %s)" % (
                i, verd, want, rule, pv, tol, v, ci))
    out.append((not bad_val, "every tn value is a number ± a number, or cannot express / not run",
                "; ".join(bad_val)))
    out.append((not bad_verdict, "every verdict is the one its rule gives (recomputed)",
                "; ".join(bad_verdict)))
    for p in sorted({i.split("-")[0] for i in ids}):
        page = os.path.join(d, "%s.md" % p)
        if not os.path.exists(page):
            out.append((False, "paper %s's page exists" % p, page))
            continue
        pt = open(page).read()
        nomark = [i for i in ids if i.startswith(p + "-") and '<a id="%s">' % i not in pt]
        imgs = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", pt)
        noimg = [x for x in imgs if not os.path.exists(os.path.join(d, x))]
        out.append((not nomark and bool(imgs) and not noimg,
                    "paper %s's page: an anchor per row, %d plots that exist" % (p, len(imgs)),
                    "no anchor: %s; missing images: %s" % (nomark, noimg)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("dir")
    a = ap.parse_args()
    ids = [c["id"] for c in CL.all_claims(a.quick)[1]]
    results = check_dir(a.dir, a.quick, ids)
    if a.self_test:
        idx = os.path.join(a.dir, "index.md")
        text = open(idx).read() if os.path.exists(idx) else ""
        pre = "quick: " if a.quick else ""

        def broken(name, f):
            tmp = tempfile.mkdtemp(prefix="tn_papers_")
            try:
                for x in os.listdir(a.dir):
                    if x.endswith((".md", ".png")):
                        shutil.copy(os.path.join(a.dir, x), tmp)
                new = f(text)
                if new == text:
                    return (False, "self-test: %s (the page has nothing to break)" % name, "")
                open(os.path.join(tmp, "index.md"), "w").write(new)
                bad = [r for r in check_dir(tmp, a.quick, ids) if not r[0]]
                return (bool(bad), "self-test: a page with %s is rejected" % name, "")
            finally:
                shutil.rmtree(tmp)
        results.append(broken("a flipped verdict", lambda t: re.sub(
            r"\| %s(holds|differs) \|" % pre, lambda m: "| %s%s |" % (
                pre, "differs" if m.group(1) == "holds" else "holds"), t, count=1)))
        results.append(broken("a value that is not a number", lambda t: re.sub(
            r"\| %s ± %s \|" % (NUM, NUM), "| n/a |", t, count=1)))
        results.append(broken("a missing row", lambda t: "\n".join(
            x for x in t.splitlines() if not x.startswith("| %s |" % ids[-1]))))
    n = 0
    for ok, desc, diag in results:
        n += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", n, desc))
        if not ok and diag:
            print("# " + diag[:2000])
    print("1..%d" % n)
    return 0 if all(r[0] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
