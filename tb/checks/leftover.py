#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The processes a test run left behind (make test's suite "leftover", tb/checks/run_tests.sh).

Usage: leftover.py --tag TAG [--grace SECONDS] [--kill]

Lists every process whose environment holds TN_TEST_TAG=TAG, other than this program and its
ancestors (the shells that run it): what a test started and did not stop, an orphan included (it
keeps its environment when init adopts it). Waits up to --grace seconds for such processes to
end (a test's cleanup may still be stopping them), then prints TAP: "ok 1" when none is left,
else "not ok 1" with each one's pid, parent and command line; --kill then ends them (SIGKILL),
so that the run that found them does not hang on them. Exit status 0 iff none was left.
"""
import argparse
import os
import signal
import sys
import time


def ancestors():
    """This process and every process above it (the suite's subshell, run_tests.sh, make...)."""
    chain, pid = set(), os.getpid()
    while pid > 1 and pid not in chain:
        chain.add(pid)
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
            pid = int(stat[stat.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return chain


def tagged(tag):
    """(pid, ppid, command line) of each process but ours and our ancestors' whose environment
    holds the tag."""
    want = ("TN_TEST_TAG=" + tag).encode()
    mine = ancestors()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in mine:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                env = f.read().split(b"\0")
            if want not in env:
                continue
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
            # the field after the command's closing parenthesis: state, then the parent's pid
            fields = stat[stat.rindex(b")") + 2:].split()
            if fields[0] == b"Z":  # a zombie: ended, its parent has not reaped it yet
                continue
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile, or not ours to read
        found.append((int(name), int(fields[1]), cmd))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", required=True)
    ap.add_argument("--grace", type=float, default=10.0)
    ap.add_argument("--kill", action="store_true")
    a = ap.parse_args()
    if not a.tag:
        print("leftover: --tag is empty (allowed: the TN_TEST_TAG of the run)", file=sys.stderr)
        return 2
    deadline = time.monotonic() + max(0.0, a.grace)
    left = tagged(a.tag)
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = tagged(a.tag)
    print("1..1")
    if not left:
        print("ok 1 - no process started by the tests is left running")
        return 0
    print(f"not ok 1 - {len(left)} process(es) started by the tests still running "
          f"{a.grace:g} s after the last suite")
    for pid, ppid, cmd in left:
        print(f"# pid {pid} (parent {ppid}): {cmd[:300]}")
    if a.kill:
        for pid, _, _ in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    return 1


if __name__ == "__main__":
    sys.exit(main())
