#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Random command lines against tnsim (docs/verification.md, "Random command lines"): the key table
# is read from `tnsim --help`, never copied here. Each case is
#   valid  keys drawn within their ranges (combinations may still be refused): the program must
#          exit 0, 1 (check: a cycle; run: a deadlock the watchdog stops) or 2 (a refused
#          combination, with a message naming a key); a run that ends must report no check or
#          router error, no more packets delivered than injected, and every measured packet
#          delivered when it is not saturated (with seeds=N, so must each replication); a sweep
#          that ends must print a header and one full row per load (its loads drawn up to the
#          load the program allows);
#   bad    one key given a value outside its range, a value of the wrong type (some with control
#          bytes), or an unknown key: the program must exit 2 with one message that names that
#          key and shows no control byte raw.
# A quarter of the cases give their first keys in a --config file instead.
# Every case runs under the sanitizer build (build/san/tnsim): a sanitizer report, a signal, a
# timeout or another exit status is a failure. With --tnhost, each run and sweep also gives its
# keys to tnhost with a port that does not exist (no board): a broken key must be refused naming
# it, and the keys tnsim takes must be refused naming a key (more than the board build carries)
# or reach the port (exit 1). Prints TAP; exit 1 if a case failed.
#
#   python3 tb/checks/cli_fuzz.py [--count N] [--seed S] [--tnsim PATH] [--tnhost PATH] [--timeout SEC]
#                               [--junit FILE]
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import junit  # tb/checks/junit.py

ROUTING_MIN_VCS = {("torus", "dor"): 2, ("torus", "minad"): 3, ("torus", "goal"): 3,
                   ("torus", "gal"): 3, ("torus", "val"): 4, ("torus", "acor"): 4,
                   ("torus", "chaos"): 2, ("mesh", "dor"): 1, ("mesh", "minad"): 2,
                   ("mesh", "val"): 2, ("utorus", "dor"): 2, ("utorus", "minad"): 3}


def key_table(tnsim):
    """key -> allowed text, from the program's own usage."""
    out = subprocess.run([tnsim, "--help"], capture_output=True, text=True, timeout=30)
    text = out.stdout + out.stderr
    keys = {}
    started = False
    for line in text.splitlines():
        if re.match(r"^\s+key\s+default\s+allowed", line):
            started = True
            continue
        if started:
            m = re.match(r"^\s{2}(\w+)\s+(\S+)\s+(.*?)\s{2,}", line + "  ")
            if m:
                keys[m.group(1)] = (m.group(2), m.group(3))
    if len(keys) < 20:
        sys.exit(f"cli_fuzz: could not read the key table of {tnsim} --help ({len(keys)} keys)")
    # a long list of names runs into the help column: ask the program for the names instead
    for name in ("routing", "selection", "traffic", "gal_sets", "acor_seq", "acor_mode"):
        r = subprocess.run([tnsim, "name", f"{name}=zzz"], capture_output=True, text=True,
                           timeout=30)
        m = re.search(r"allowed: (.*)$", r.stderr.strip())
        if not m:
            sys.exit(f"cli_fuzz: {tnsim} did not list the values of '{name}'")
        keys[name] = (keys[name][0], m.group(1).split(" (")[0])
    return keys


def draw_valid(rng, keys, tmpdir):
    """A command and keys drawn within their ranges: small networks, short runs."""
    cmd = rng.choice(["run"] * 8 + ["sat", "bound", "check", "name", "sweep"])
    topo = rng.choice(["torus"] * 4 + ["mesh", "utorus"])
    routes = [r for (t, r) in ROUTING_MIN_VCS if t == topo]
    routing = rng.choice(routes)
    n = rng.choice([1, 1, 2, 2, 2, 3])
    kmax = {1: 16, 2: 8, 3: 4}[n]
    k = rng.randint(2, kmax)
    vmin = ROUTING_MIN_VCS[(topo, routing)]
    kv = {"topo": topo, "routing": routing, "k": k, "n": n,
          "vcs": rng.randint(vmin, min(16, vmin + rng.choice([0, 0, 1, 2, 4])))}
    kv["buf"] = rng.choice([1, 2, 3, 4, 8, 16])
    a = rng.randint(1, 8)
    kv["pkt"] = str(a) if rng.random() < 0.6 else f"{a}-{a + rng.randint(0, 8)}"
    if rng.random() < 0.3:
        kv["term"] = rng.randint(1, 4)
    if "selection" in keys and rng.random() < 0.7:
        kv["selection"] = rng.choice(keys["selection"][1].split())
    pats = [p for p in keys["traffic"][1].split() if p != "trace"]
    kv["traffic"] = rng.choice(pats + ["trace"])
    if kv["traffic"] in ("butterfly", "transpose", "shuffle", "bitrev") and rng.random() < 0.8:
        kv["k"] = k = rng.choice([x for x in (2, 4, 8, 16) if x <= kmax])  # mostly accepted
    if kv["traffic"] == "trace":
        nodes = k ** n
        path = os.path.join(tmpdir, f"t{rng.randrange(1 << 30)}.txt")
        with open(path, "w") as f:
            c = 0
            for _ in range(rng.randint(0, 40)):
                c += rng.randint(0, 20)
                f.write(f"{c} {rng.randrange(nodes)} {rng.randrange(nodes)} {rng.randint(1, 8)}\n")
        kv["trace"] = path
    if kv["traffic"] == "hotspot":
        nodes = k ** n
        kv["hot_nodes"] = ",".join(str(rng.randrange(nodes)) for _ in range(rng.randint(1, 3)))
        kv["hot_frac"] = round(rng.random(), 3)
        if rng.random() < 0.5:
            kv["hot_others"] = rng.choice(["on", "off"])
    kv["load"] = round(rng.choice([0.01, 0.1, 0.3, 0.5, 0.8, 1.0, rng.random()]), 4)
    kv["warmup"] = rng.randint(0, 300)
    kv["measure"] = rng.randint(1, 800)
    kv["drain"] = rng.choice([0, 10, 500, 3000])
    kv["seed"] = rng.randrange(1 << 32)
    if rng.random() < 0.2:
        kv["transit"] = rng.choice(["on", "off"])
    if rng.random() < 0.1:
        kv["dateline"] = "off"
    kv["watchdog"] = rng.choice([100, 500, 20000])
    if routing == "gal":
        kv["gal_sets"] = rng.choice(keys["gal_sets"][1].split())
        kv["gal_t"] = rng.randint(0, 16)
        kv["gal_qdepth"] = rng.randint(1, 32)
        if rng.random() < 0.5:
            kv["gal_adapt"] = "on"
            lo = rng.randint(0, 8)
            kv["gal_tmin"], kv["gal_tmax"] = lo, lo + rng.randint(0, 64)
            kv["gal_n1"] = rng.randint(1, 64)
            kv["gal_n2"] = rng.randint(1, 100)
    if routing == "acor":
        kv["acor_seq"] = rng.choice(keys["acor_seq"][1].split())
        kv["acor_mode"] = rng.choice(["router", "packet"])
        kv["acor_hi"] = rng.randint(1, 256)
        kv["acor_it1"] = rng.randint(1, 64)
        kv["acor_it2"] = rng.randint(1, 128)
        kv["acor_dt1"] = rng.randint(0, 32)
        kv["acor_dt2"] = rng.randint(0, 64)
    if routing == "chaos":
        kv["chaos_wait"] = rng.randint(0, 20)
        kv["chaos_q"] = rng.randint(2, 8)
    if cmd == "run" and rng.random() < 0.2:
        kv["switch_at"] = rng.randint(1, 600)
        kv["switch_traffic"] = rng.choice(pats)
        kv["switch_load"] = round(rng.random(), 3)
    if cmd == "sweep":
        kv["loads"] = ",".join(str(round(rng.random(), 3) + 0.001) for _ in range(rng.randint(1, 3)))
    if cmd == "sat":
        kv["tol"] = rng.choice([0.05, 0.1, 0.2])
    if cmd in ("run", "sweep", "sat") and rng.random() < 0.15:
        kv["seeds"] = rng.randint(2, 3)  # replications (run, sweep, sat summarise them)
        if rng.random() < 0.5 and "randperm" in (kv["traffic"], kv.get("switch_traffic")):
            kv["seeds_perm"] = "on"
    if (cmd in ("sweep", "sat") or "seeds" in kv) and rng.random() < 0.5:
        kv["jobs"] = rng.randint(1, 3)  # several simulations at once, each a process
    keys_on = list(kv.items())
    rng.shuffle(keys_on)
    return cmd, [f"{k}={v}" for k, v in keys_on]


def repair(rng, tnsim, cmd, args, tmpdir):
    """Most draws should run: a load above what the injection channels carry is drawn again
    below the limit the program names, and a buffer shorter than the packets is lengthened.
    Other refusals are left for the case to check."""
    for _ in range(4):
        r = subprocess.run([tnsim, "name"] + [a for a in args if not a.startswith(("tol=", "loads=", "jobs="))],
                           capture_output=True, text=True, cwd=tmpdir, timeout=30)
        m = re.search(r"key '(load|switch_load)': value '[^']*' asks .*allowed: 0\.\.([0-9.e+-]+)",
                      r.stderr)
        b = re.search(r"key 'buf': value '[^']*' is shorter than the longest packet", r.stderr)
        if m:
            hi = float(m.group(2))
            args = [a for a in args if not a.startswith(m.group(1) + "=")]
            args.append(f"{m.group(1)}={hi * rng.choice([0.1, 0.5, 0.9, 1.0]):.6g}")
        elif b:
            pkt = next(a for a in args if a.startswith("pkt=")).split("=")[1]
            args = [a for a in args if not a.startswith("buf=")] + [f"buf={pkt.split('-')[-1]}"]
        else:
            break
    return cmd, args


def draw_bad(rng, keys, tmpdir, tnsim):
    """A draw the program accepts (a one-cycle run of it ends with status 0), with one key
    broken; returns the key that must be named."""
    for _ in range(50):
        _, args = repair(rng, tnsim, *draw_valid(rng, keys, tmpdir), tmpdir)
        args = [a for a in args if not a.startswith(("tol=", "loads=", "jobs="))]
        if subprocess.run([tnsim, "run"] + args + ["warmup=0", "measure=1", "drain=0"],
                          capture_output=True, cwd=tmpdir, timeout=60).returncode == 0:
            break
    else:
        sys.exit("cli_fuzz: no accepted draw in 50 tries")
    cmd = rng.choice(["run", "name", "sat", "sweep"])
    if "traffic=trace" in args:  # sat and sweep refuse a trace (it sets its own cycles)
        cmd = rng.choice(["run", "name"])
    if cmd == "sweep":
        args.append("loads=0.1")
    how = rng.choice(["range", "type", "unknown", "empty", "twice"])
    if how == "unknown":
        name = rng.choice(["kk", "vc", "Routing", "load2", "seed_", "x"])
        args.insert(rng.randint(0, len(args)), f"{name}=1")
        return cmd, args, name, how
    numeric = [k for k, (_, allowed) in keys.items()
               if re.fullmatch(r"\d+(\.\d+)?\.\.\d+(\.\d+)?", allowed)]
    name = rng.choice(numeric)
    lo, hi = keys[name][1].split("..")
    if how == "range":
        val = rng.choice([f"{float(hi) * 2 + 1:g}" if "." in hi else str(int(hi) + 1),
                          "-1", "99999999999999999999"])
    elif how == "type":
        val = rng.choice(["abc", "1x", "0x10", "1e3e", "nan", "inf", " 1", "1,2",
                          "1\x1b[31m", "\x01", "2\x7f"])
    elif how == "empty":
        val = ""
    else:
        val = None
    args = [a for a in args if not a.startswith(name + "=")]
    if val is None:  # the same key given twice, the second out of range
        args += [f"{name}={lo}", f"{name}=-5"]
    else:
        args.insert(rng.randint(0, len(args)), f"{name}={val}")
    return cmd, args, name, how


SAN = re.compile(r"runtime error|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer")
# a message shows the control bytes of a value as \xNN, never raw (a newline ends its line)
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def check_valid(res, cmd, args):
    if SAN.search(res.stderr):
        return "sanitizer report"
    if res.returncode == 2:
        return None if re.search(r"key '\w+'|error", res.stderr) else "exit 2 without a message"
    if res.returncode not in (0, 1):
        return f"exit status {res.returncode}"
    if cmd == "run" and res.returncode == 0:
        try:
            j = json.loads(res.stdout)
        except ValueError:
            return "run --json printed no JSON object"
        if "runs" in j:  # seeds=N: each replication's object, each checked
            if len(j["runs"]) != j["seeds"]:
                return f"seeds={j['seeds']} but {len(j['runs'])} replications"
            for r in j["runs"]:
                why = check_one_run(r)
                if why:
                    return f"replication seed={r['seed']}: {why}"
            return None
        return check_one_run(j)
    if cmd == "sweep" and res.returncode == 0:  # the CSV: a header, a full row per load
        rows = [r.split(",") for r in res.stdout.splitlines()]
        nloads = len(next(a for a in args if a.startswith("loads=")).split(","))
        if len(rows) != 1 + nloads or any(len(r) != len(rows[0]) for r in rows):
            return f"sweep printed {len(rows)} lines for {nloads} loads, or rows unlike the header"
        sat = rows[0].index("saturated")
        if any(not r[sat].isdigit() for r in rows[1:]):
            return "sweep: a saturated field is not a count"
    return None


def check_one_run(j):
    """run --json's object of one simulation: every packet checked, none made up or lost"""
    if j.get("check_errors") or j.get("router_errors"):
        return f"check_errors {j.get('check_errors')} router_errors {j.get('router_errors')}"
    if j["delivered"] > j["injected"]:
        return f"delivered {j['delivered']} > injected {j['injected']}"
    if not j["saturated"] and j["packets"] != j["created_packets"]:
        return (f"not saturated, but {j['packets']} of {j['created_packets']} measured "
                "packets delivered")
    return None


NO_PORT = "/nonexistent/tn-cli-fuzz-port"


def check_tnhost(o, cmd, args, name, env, tmpdir):
    """The same keys to tnhost's run or sweep, with a port that does not exist: a key broken
    (name) must be refused naming it (status 2); keys tnsim takes must be refused as more than
    the board build carries (status 2, a message naming a key) or reach the port (status 1).
    Keys only tnsim has (sat's, sweep's CSV, the replications) are left out."""
    drop = ("tol=", "out=", "jobs=", "seeds=", "seeds_perm=") + (("load=",) if cmd == "sweep" else ())  # its sweep refuses load
    hargs = [a for a in args if not a.startswith(drop) or (name and a.startswith(name + "="))]
    argv = [o.tnhost, "--port", NO_PORT, "--timeout", "100", cmd] + hargs
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=o.timeout, env=env,
                           cwd=tmpdir)
    except subprocess.TimeoutExpired:
        return f"tnhost: no end within {o.timeout:g} s"
    what = "tnhost " + " ".join(argv[1:])
    if SAN.search(r.stderr):
        return f"{what}: sanitizer report: {r.stderr.strip()[:300]}"
    if name:
        if r.returncode != 2 or f"'{name}'" not in r.stderr:
            return f"{what}: exit {r.returncode}, not 2 naming '{name}': {r.stderr.strip()[:200]}"
    elif r.returncode == 2:
        if not re.search(r"key '\w+'|keys? \w+", r.stderr):
            return f"{what}: refused without naming a key: {r.stderr.strip()[:200]}"
    elif r.returncode != 1 or NO_PORT not in r.stderr:
        return f"{what}: exit {r.returncode}, not 1 (the port) or 2: {r.stderr.strip()[:200]}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tnsim", default="build/san/tnsim")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--junit", default="")
    ap.add_argument("--tnhost", default="",
                    help="also give each run and sweep's keys to this tnhost (no board needed)")
    o = ap.parse_args()
    if o.count < 1:
        sys.exit(f"cli_fuzz: --count '{o.count}' is not 1 or more")
    o.tnsim = os.path.abspath(o.tnsim)
    given_tnhost = o.tnhost
    if o.tnhost:
        o.tnhost = os.path.abspath(o.tnhost)
    keys = key_table(o.tnsim)
    rng = random.Random(o.seed)
    failed = 0
    outcome = {}  # (kind, command, exit status) -> cases
    cases, t0 = [], time.time()
    print(f"1..{o.count}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for i in range(1, o.count + 1):
            bad = rng.random() < 0.4
            if bad:
                cmd, args, name, how = draw_bad(rng, keys, tmpdir, o.tnsim)
            else:
                cmd, args = repair(rng, o.tnsim, *draw_valid(rng, keys, tmpdir), tmpdir)
                if cmd == "sweep":  # sweep refuses load=: loads up to the repaired load instead
                    ld = next((float(a[5:]) for a in args if a.startswith("load=")), 0.3) or 0.01
                    args = [a for a in args if not a.startswith(("load=", "loads="))]
                    args.append("loads=" + ",".join(f"{ld * f:.6g}" for f in
                                                      rng.sample([0.2, 0.5, 0.8, 1.0], rng.randint(1, 3))))
            targs = args
            # a file trims blanks around a value (docs/tnsim.md, --config): keep a value with blanks
            # at its ends on the command line
            blank = [j for j, a in enumerate(args) if a != a.rstrip() or "= " in a or "=\t" in a]
            fit = min(blank) if blank else len(args)
            if rng.random() < 0.25 and fit:
                # the first keys from a --config file (read before the command line's), with
                # comments and blank lines between them
                m = rng.randint(1, fit)
                path = os.path.join(tmpdir, f"c{i}.cfg")
                with open(path, "w") as f:
                    f.write("# cli_fuzz\n")
                    for a in args[:m]:
                        f.write(a + rng.choice(["\n", "\n\n", "\n# a comment\n"]))
                targs = ["--config", path] + args[m:]
            argv = [o.tnsim, cmd] + targs + (["--json"] if cmd == "run" else [])
            env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1",
                       UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
            res = None
            try:
                res = subprocess.run(argv, capture_output=True, text=True, timeout=o.timeout,
                                     env=env, cwd=tmpdir)
            except subprocess.TimeoutExpired:
                why = f"no end within {o.timeout:g} s"
            else:
                if bad:
                    why = None
                    if SAN.search(res.stderr):
                        why = "sanitizer report"
                    elif res.returncode != 2:
                        why = f"exit status {res.returncode}, not 2, for {how} '{name}'"
                    elif f"'{name}'" not in res.stderr:
                        why = f"the message does not name key '{name}': {res.stderr.strip()[:200]}"
                    elif RAW.search(res.stderr):
                        why = f"a raw control byte on stderr: {res.stderr.strip()[:200]!r}"
                else:
                    why = check_valid(res, cmd, args)
                key = ("bad" if bad else "valid", cmd, res.returncode)
                outcome[key] = outcome.get(key, 0) + 1
                if not why and o.tnhost and cmd in ("run", "sweep"):
                    why = check_tnhost(o, cmd, args, bad and name, env, tmpdir)
            line = " ".join(argv[1:])
            cases.append(junit.case("cli_fuzz", f"{'bad' if bad else 'valid'}: {line}", failure=why))
            if why:
                failed += 1
                print(f"not ok {i} - {'bad' if bad else 'valid'}: {line}\n# {why}")
                if res is not None and (not bad or "sanitizer" in why or "exit status" in why):
                    for l in res.stderr.splitlines()[:8]:
                        print(f"#   {l}")
            else:
                print(f"ok {i} - {'bad' if bad else 'valid'} {cmd}")
            sys.stdout.flush()
    print("# cases by kind, command and exit status: " +
          ", ".join(f"{k[0]} {k[1]} {k[2]}: {v}" for k, v in sorted(outcome.items())))
    print(f"# cli_fuzz: {o.count - failed} passed, {failed} failed (seed {o.seed}, "
          f"{time.time() - t0:.0f} s; rerun: python3 tb/checks/cli_fuzz.py --count {o.count} "
          f"--seed {o.seed}{' --tnhost ' + given_tnhost if given_tnhost else ''})")
    if o.junit:
        junit.write(o.junit, "cli_fuzz", cases, failed, 0, time.time() - t0)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
