#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Experiment (docs/lockstep-speed.md, "One copy of the router's code in tn_torus"): share the
per-instance functions Verilator emits for identical router instances of a Verilated tn_torus.
For every function family _<region>__TOP__tn_torus__DOT__g_node__BRA__<n>__KET____DOT__u_router__<k>
whose body equals node 0's up to the names of its local variables (a consistent renaming) and
whitespace, the body is replaced by a call to node 0's function. Run it on a copy of a model's
folder built with experiments/lockstep-speed/router_inputs_public.vlt, --inline-mult 1000000 and -fno-dfg (the
only builds whose router functions are equal), then rebuild that folder with its makefile.
Usage: python3 experiments/lockstep-speed/vl_dedupe.py MODEL_DIR"""
import re, sys, glob, os
d = sys.argv[1]
files = sorted(glob.glob(os.path.join(d, '*.cpp')))
src = {f: open(f).read() for f in files}
fam_re = re.compile(r'^(?:VL_ATTR_COLD )?void (\w+?___(\w+?)__TOP__tn_torus__DOT__g_node__BRA__(\d+)__KET____DOT__u_router(__\d+)?)\((\w+)\* vlSelf\) \{$', re.M)
defs = {}  # (cls, region, k) -> {n: (file, start, end, name)}
for f, s in src.items():
    for m in fam_re.finditer(s):
        name, region, n, k, cls = m.group(1), m.group(2), int(m.group(3)), m.group(4) or '', m.group(5)
        if 'Slow' in f or region in ('eval_initial',):
            continue
        body_start = m.end()
        end = s.index('\n}\n', body_start)
        defs.setdefault((cls, region, k), {})[n] = (f, body_start, end, name)
decl_re = re.compile(r'^\s*(?:CData|SData|IData|QData|EData|VlWide<\d+>|VlUnpacked<[^;]*>)(?:/\*[^*]*\*/)?\s+(\w+);', re.M)
def norm(body, name):
    body = body.replace(name, 'SELF')
    locs = decl_re.findall(body)
    mp = {}
    for i, v in enumerate(locs):
        mp.setdefault(v, 'L%d' % len(mp))
    if mp:
        body = re.sub(r'\b(' + '|'.join(map(re.escape, sorted(mp, key=len, reverse=True))) + r')\b', lambda m: mp[m.group(1)], body)
    return re.sub(r'\s+', ' ', body)
edits = {}  # file -> list of (start, end, replacement)
shared = total = 0
for key, inst in defs.items():
    if 0 not in inst:
        continue
    f0, b0, e0, n0 = inst[0]
    ref = norm(src[f0][b0:e0], n0)
    for n, (f, b, e, name) in inst.items():
        if n == 0:
            continue
        total += 1
        if norm(src[f][b:e], name) == ref:
            shared += 1
            edits.setdefault(f, []).append((b, e, '\n    %s(vlSelf);' % n0))
# node 0's functions must be visible where they are called: declare them
protos = set()
for key, inst in defs.items():
    if 0 in inst:
        f0, b0, e0, n0 = inst[0]
        protos.add('void %s(%s* vlSelf);' % (n0, key[0]))
for f, ed in edits.items():
    s = src[f]
    for b, e, r in sorted(ed, reverse=True):
        s = s[:b] + r + s[e:]
    # prototypes after the includes
    i = s.index('\n', s.rindex('#include'))
    s = s[:i+1] + '\n'.join(sorted(protos)) + '\n' + s[i+1:]
    open(f, 'w').write(s)
print('vl_dedupe: %d of %d per-instance functions now call node 0\'s' % (shared, total))
