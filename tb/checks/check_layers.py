#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No circle of calls among the given C files, printed as TAP.

Each file is compiled alone (cc -c with the given flags, without optimisation, into a temporary
folder) and read with nm: the functions it defines (global text symbols, T) and the symbols it
leaves undefined (U). A file calls another when it leaves undefined a function the other
defines; static functions and data are not calls between files. The script prints the graph of
files, each edge with the functions called, then the files by level (the longest chain of calls
from a file nothing calls), and fails if the graph has a cycle (two files calling each other,
directly or round a longer circle), naming one circle, the files of each circle and the pairs
that call each other.

Last it checks itself: it runs again on a made-up pair of files (their header in a folder given
with --cflags) that call each other, which must fail naming the circle, and on a made-up pair
where one calls the other, which must pass.

Usage: python3 tb/checks/check_layers.py [--cflags FLAGS] [--no-self-check] FILE.c ...
  FLAGS: the compiler's flags, one string split as a shell would (include folders, -D; given
  more than once, the strings are joined), e.g.
  make test's two suites:
    python3 tb/checks/check_layers.py --cflags "-Icmodel/include -Icmodel/hw -Icmodel/sim" cmodel/hw/*.c cmodel/sim/*.c
    python3 tb/checks/check_layers.py --cflags "-Ifpga/host -Icmodel/include" fpga/host/tnhost*.c
  (cmodel/sim/tn_internal.h and fpga/host/tnhost.h list the layers the files are meant to form).
  Paths are taken from the current folder. --no-self-check: the files alone. CC (default cc) is
  the compiler. Exit status 0 iff every test passed.
"""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile

FUNC_TYPES = "TW"  # nm: a global function (text) or a weak one


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def result(self, ok, what, diag=()):
        self.n += 1
        self.failed += not ok
        print(f"{'ok' if ok else 'not ok'} {self.n} - {what}")
        for line in diag:
            print(f"# {line}")

    def plan(self):
        print(f"1..{self.n}")


def compile_and_read(files, cflags, tmp):
    """{file: (defined functions, undefined symbols)}, or (None, message) on a failure."""
    cc = os.environ.get("CC", "cc")
    syms = {}
    for i, f in enumerate(files):
        obj = os.path.join(tmp, f"{i}_{os.path.basename(f)}.o")
        p = subprocess.run([cc, "-std=c11", "-O0", *cflags, "-c", f, "-o", obj],
                           capture_output=True, text=True)
        if p.returncode:
            return None, f"{cc} -c {f} failed: {p.stderr.strip()[-2000:]}"
        p = subprocess.run(["nm", "-P", obj], capture_output=True, text=True)
        if p.returncode:
            return None, f"nm {obj} failed: {p.stderr.strip()}"
        defined, undefined = set(), set()
        for line in p.stdout.splitlines():
            w = line.split()
            if len(w) < 2:
                continue
            if w[1] in FUNC_TYPES:
                defined.add(w[0])
            elif w[1] == "U":
                undefined.add(w[0])
        syms[f] = (defined, undefined)
    return syms, None


def build_graph(syms):
    """{caller: {callee: sorted functions}} over the files' own functions only."""
    owner = {}
    for f, (defined, _) in syms.items():
        for s in defined:
            owner.setdefault(s, f)
    graph = {f: {} for f in syms}
    for f, (_, undefined) in syms.items():
        for s in undefined:
            g = owner.get(s)
            if g is not None and g != f:
                graph[f].setdefault(g, []).append(s)
    for f in graph:
        for g in graph[f]:
            graph[f][g].sort()
    return graph


def find_cycle(graph):
    """A circle of files [a, b, ..., a], or None."""
    state = {f: 0 for f in graph}  # 0 unseen, 1 on the path, 2 done
    path = []

    def visit(f):
        state[f] = 1
        path.append(f)
        for g in sorted(graph[f]):
            if state[g] == 1:
                return path[path.index(g):] + [g]
            if state[g] == 0:
                c = visit(g)
                if c:
                    return c
        path.pop()
        state[f] = 2
        return None

    for f in sorted(graph):
        if state[f] == 0:
            c = visit(f)
            if c:
                return c
    return None


def circles(graph):
    """The sets of files that reach each other through calls (more than one file each)."""
    reach = {}
    for f in graph:
        seen, todo = set(), [f]
        while todo:
            for g in graph[todo.pop()]:
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
        reach[f] = seen
    sets = {frozenset(g for g in graph if g in reach[f] and f in reach[g]) | {f} for f in graph}
    return sorted((sorted(s) for s in sets if len(s) > 1), key=lambda s: s[0])


def levels(graph):
    """{file: the longest chain of calls to it from a file nothing calls}; the graph acyclic."""
    callers = {f: [g for g in graph if f in graph[g]] for f in graph}
    memo = {}

    def level(f):
        if f not in memo:
            memo[f] = max((level(g) + 1 for g in callers[f]), default=0)
        return memo[f]

    return {f: level(f) for f in graph}


def short_names(files):
    """{file: its name as printed}: the base name, or the path where two base names are equal."""
    base = [os.path.basename(f) for f in files]
    return {f: b if base.count(b) == 1 else f for f, b in zip(files, base)}


def check(files, cflags, tap):
    """The tests on files; the graph and the levels printed as diagnostics."""
    names = short_names(files)
    with tempfile.TemporaryDirectory(prefix="tn_layers.") as tmp:
        syms, err = compile_and_read(files, cflags, tmp)
    if syms is None:
        tap.result(False, f"{len(files)} files compiled and read with nm", [err])
        return
    nfun = sum(len(d) for d, _ in syms.values())
    tap.result(True, f"{len(files)} files compiled and read with nm: {nfun} functions defined")
    graph = build_graph(syms)
    diag = []
    for f in files:
        for g in sorted(graph[f], key=lambda g: names[g]):
            diag.append(f"{names[f]} -> {names[g]}: {' '.join(graph[f][g])}")
    nedges = sum(len(v) for v in graph.values())
    tap.result(nedges > 0,
               f"the calls between the files: {nedges} edge{'s' if nedges != 1 else ''}", diag)
    cycle = find_cycle(graph)
    if cycle:
        circle = " -> ".join(names[f] for f in cycle)
        diag = [f"{names[a]} calls {names[b]}'s {' '.join(graph[a][b])}"
                for a, b in zip(cycle, cycle[1:])]
        diag += [f"files in one circle: {' '.join(names[f] for f in s)}" for s in circles(graph)]
        diag += [f"{names[a]} and {names[b]} call each other" for a in files for b in files
                 if names[a] < names[b] and b in graph[a] and a in graph[b]]
        tap.result(False, f"no circle of calls: found {circle}", diag)
        return
    lv = levels(graph)
    diag = [f"level {n}: {' '.join(sorted(names[f] for f in files if lv[f] == n))}"
            for n in range(max(lv.values()) + 1)]
    tap.result(True, "no circle of calls: every call goes down the levels", diag)


# The made-up files of the self-checks: a.c calls b.c (declared in a header found only through
# --cflags), and b.c calls a.c or nothing
MADE_UP_H = "int a_fn(int);\nint b_fn(int);\n"
MADE_UP_A = '#include "made_up.h"\nint a_fn(int x) { return x ? b_fn(x - 1) : 0; }\n'
MADE_UP_B_CIRCLE = '#include "made_up.h"\nint b_fn(int x) { return x ? a_fn(x - 1) : 1; }\n'
MADE_UP_B_LEAF = '#include "made_up.h"\nint b_fn(int x) { return x + 1; }\n'


def self_check(tap):
    """The script on made-up files, as a run of its own: a circle fails, a chain passes."""
    for b_src, want_rc, what in ((MADE_UP_B_CIRCLE, 1, "reported"),
                                  (MADE_UP_B_LEAF, 0, "reported")):
        with tempfile.TemporaryDirectory(prefix="tn_layers_self.") as tmp:
            inc = os.path.join(tmp, "inc")
            os.mkdir(inc)
            a, b = os.path.join(tmp, "a.c"), os.path.join(tmp, "b.c")
            for path, text in ((os.path.join(inc, "made_up.h"), MADE_UP_H), (a, MADE_UP_A),
                               (b, b_src)):
                with open(path, "w") as f:
                    f.write(text)
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "--no-self-check",
                                "--cflags", f"-I{shlex.quote(inc)}", a, b],
                               capture_output=True, text=True)
        out = p.stdout.splitlines()
        if want_rc:
            ok = p.returncode == 1 and any(
                l.startswith("not ok") and ("a.c -> b.c -> a.c" in l or "b.c -> a.c -> b.c" in l)
                for l in out)
            label = "a made-up pair of files calling each other (a.c, b.c): the circle " + what
        else:
            ok = p.returncode == 0 and not any(l.startswith("not ok") for l in out)
            label = "a made-up pair where only a.c calls b.c: no circle " + what
        tap.result(ok, f"{label} (exit status {p.returncode})",
                   [f"  {l}" for l in out + p.stderr.splitlines()])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cflags", action="append", default=[],
                    help="the compiler's flags, as one string (given again: added)")
    ap.add_argument("--no-self-check", action="store_true",
                    help="the files alone, without the checks on made-up files")
    ap.add_argument("files", nargs="+", metavar="FILE.c")
    # "--cflags -Idir" as "--cflags=-Idir": argparse would take a value starting with "-" alone
    # for an option
    argv = [f"--cflags={argv[i + 1]}" if a == "--cflags" and i + 1 < len(argv) else a
            for i, a in enumerate(argv) if i == 0 or argv[i - 1] != "--cflags"]
    args = ap.parse_args(argv)
    tap = Tap()
    check(args.files, [w for c in args.cflags for w in shlex.split(c)], tap)
    if not args.no_self_check:
        self_check(tap)
    tap.plan()
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
