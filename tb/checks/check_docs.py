#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The docs by kind, checked (TAP on stdout; a make test suite).

- Every relative link of README.md, CHANGELOG.md, experiments/README.md, tb/fuzz/README.md and
  docs/**/*.md names a file that exists.
- The reference docs (README.md and the docs that say what is: REFERENCE below) name no commit
  (a word of 7 to 40 hex digits that git resolves to a commit of this repository) and have no
  dated heading (a heading with a YYYY-MM-DD date): dated measurements live in docs/results/,
  history in CHANGELOG.md.

Usage: python3 tb/checks/check_docs.py   Exit status 0 iff every check passed. Its own test comes
first: a doc naming this repository's HEAD commit, with a dated heading and a broken link, must
fail each check (a check that cannot fail is no check).
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ["README.md", "docs/microarchitecture.md", "docs/traffic.md", "docs/tnsim.md",
             "docs/tnlock.md", "docs/tnhost.md", "docs/tnmodel.md", "docs/make-targets.md", "docs/robustness.md",
             "docs/verification.md", "docs/board-guide.md", "docs/board-reference.md",
             "docs/lint.md", "docs/cluster.md"]
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)\s]*)?\)")
HEX = re.compile(r"(?<![0-9A-Za-z_x])[0-9a-f]{7,40}(?![0-9A-Za-z_])")
DATED = re.compile(r"^#+ .*\b20\d\d-\d\d-\d\d\b")


def commits(words):
    """The words of words that name a commit of this repository."""
    if not words:
        return set()
    out = subprocess.run(["git", "cat-file", "--batch-check"], cwd=ROOT, capture_output=True,
                         text=True, input="".join(w + "^{commit}\n" for w in words))
    found = set()
    for w, line in zip(words, out.stdout.splitlines()):
        if not line.endswith("missing") and " commit " in line:
            found.add(w)
    return found


def bad_links(d):
    """The relative links of doc d that name no file (outside code blocks)."""
    bad = []
    in_code = False
    for i, line in enumerate(d.read_text().splitlines(), 1):
        if line.startswith("```"):
            in_code = not in_code
        if in_code:
            continue
        for m in LINK.finditer(line):
            target = m.group(1)
            if not re.match(r"^[a-z]+:", target) and not (d.parent / target).exists():
                bad.append(f"line {i}: {target}")
    return bad


def bad_reference(d):
    """The commits named and the dated headings of doc d."""
    text = d.read_text()
    words = sorted(set(HEX.findall(text)))
    named = commits([w for w in words if re.search(r"[a-f]", w) and re.search(r"[0-9]", w)])
    bad = [f"line {i}: {w}" for i, line in enumerate(text.splitlines(), 1)
           for w in HEX.findall(line) if w in named]
    bad += [f"line {i}: dated heading '{line}'" for i, line in enumerate(text.splitlines(), 1)
            if DATED.match(line)]
    return bad


def main(argv):
    n = 0
    failed = 0

    def check(ok, what, why=()):
        nonlocal n, failed
        n += 1
        print(f"{'ok' if ok else 'not ok'} {n} - {what}")
        for w in ([] if ok else why[:20]):
            print(f"#   {w}")
        failed += not ok

    # a recent commit whose 7-digit name has a letter (one of digits alone, like 0591391, reads
    # as a number and is rightly not taken for a commit)
    recent = subprocess.run(["git", "log", "--format=%h", "--abbrev=7", "-n", "50"], cwd=ROOT,
                            capture_output=True, text=True).stdout.split()
    head = next((h for h in recent if re.search(r"[a-f]", h)), recent[0] if recent else "")
    with tempfile.TemporaryDirectory() as t:
        doc = Path(t) / "bad.md"
        doc.write_text(f"# A doc\n\nmeasured at {head}.\n\n## Run of 2026-01-02\n\n"
                       "[gone](no_such_file.md)\n")
        ref = bad_reference(doc)
        check(len(ref) == 2 and head in ref[0] and "dated heading" in ref[1],
              "the check finds a commit named (HEAD) and a dated heading", ref or ["none found"])
        links = bad_links(doc)
        check(links == ["line 7: no_such_file.md"], "the check finds a broken link", links or ["none found"])
    docs = [p for p in [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "experiments" / "README.md",
                        ROOT / "tb" / "fuzz" / "README.md"] if p.exists()]
    docs += sorted((ROOT / "docs").rglob("*.md"))
    for d in docs:
        check(not bad_links(d), f"{d.relative_to(ROOT)}: every relative link names a file", bad_links(d))
    for r in REFERENCE:
        bad = bad_reference(ROOT / r)
        check(not bad, f"{r}: a reference doc: no commit named, no dated heading", bad)
    print(f"1..{n}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
