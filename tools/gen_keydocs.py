#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the key tables of the program references from the programs' own key tables.

A reference doc marks each generated table with two comment lines:

    <!-- keys: tnsim --keys -->
    | key | default | allowed | help |
    ...
    <!-- end keys -->

The marker names a program of build/bin and its arguments; the program prints its key table as
tab-separated lines (key, default, allowed, help; a header line first), from the same table its
parser and --help use. Between the markers this script writes that table as Markdown.

Usage: python3 tools/gen_keydocs.py [--check] [DOC...]   (default: docs/tnsim.md docs/tnlock.md
docs/tnhost.md docs/tnmodel.md; make keydocs writes them, make test runs --check). --check writes nothing and
exits 1 naming each doc whose tables differ, with a diff. Exit 2 on a doc or program that fails.
"""
import difflib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["docs/tnsim.md", "docs/tnlock.md", "docs/tnhost.md", "docs/tnmodel.md"]
PROGRAMS = {"tnsim", "tnlock", "tnhost", "tnmodel"}
BEGIN = re.compile(r"^<!-- keys: (\S+)((?: \S+)*) -->$")
END = "<!-- end keys -->"


def cell(text):
    """A table cell: its pipes escaped."""
    return text.replace("|", "\\|")


def table(prog, args):
    """The Markdown table of one program's key table (prog --keys)."""
    if prog not in PROGRAMS:
        raise ValueError(f"marker names '{prog}'; allowed: {' '.join(sorted(PROGRAMS))}")
    cmd = [str(ROOT / "build" / "bin" / prog)] + args
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise ValueError(f"'{' '.join([prog] + args)}' exited {out.returncode}: {out.stderr.strip()}")
    rows = [line.split("\t") for line in out.stdout.splitlines() if line]
    if not rows or rows[0] != ["key", "default", "allowed", "help"] or any(len(r) != 4 for r in rows):
        raise ValueError(f"'{' '.join([prog] + args)}' did not print the key table (key, default, "
                         "allowed, help: tab-separated)")
    lines = ["| key | default | allowed | help |", "|---|---|---|---|"]
    for key, default, allowed, help_ in rows[1:]:
        lines.append(f"| `{cell(key)}` | `{cell(default)}` | {cell(allowed)} | {cell(help_)} |")
    return lines


def render(path):
    """The doc's text with every marked table regenerated."""
    src = path.read_text().splitlines()
    out, i, found = [], 0, 0
    while i < len(src):
        m = BEGIN.match(src[i])
        out.append(src[i])
        i += 1
        if not m:
            continue
        found += 1
        try:
            j = src.index(END, i)
        except ValueError:
            raise ValueError(f"{path}: '{m.group(0)}' has no '{END}' after it") from None
        out.extend(table(m.group(1), m.group(2).split()))
        out.append(END)
        i = j + 1
    if not found:
        raise ValueError(f"{path}: no '<!-- keys: PROGRAM ARGS -->' marker")
    return "\n".join(out) + "\n"


def main(argv):
    check = "--check" in argv
    docs = [a for a in argv if a != "--check"] or DOCS
    differ = 0
    for d in docs:
        path = ROOT / d
        try:
            old = path.read_text()
            new = render(path)
        except (OSError, ValueError, subprocess.TimeoutExpired) as e:
            print(f"gen_keydocs: {e}", file=sys.stderr)
            return 2
        if old == new:
            continue
        if check:
            differ += 1
            print(f"{d}: the key tables differ from the programs' (make keydocs writes them):")
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                       d, d + " (generated)", n=0))
        else:
            path.write_text(new)
            print(f"gen_keydocs: wrote {d}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
