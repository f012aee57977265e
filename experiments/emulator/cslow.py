#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# C-slow a Yosys JSON netlist whose flip-flops are all $_DFF_P_ (after `dfflegalize -cell
# $_DFF_P_ 01`): every flip-flop becomes a chain of D flip-flops, as if the design held D
# independent contexts in turn (Leiserson and Saxe's C-slow transformation). Retiming
# (synth_ecp5 -retime) may then move the added registers anywhere on the loops, which is what
# a D-stage time-multiplexed engine allows (docs/emulator.md, section 4). An experiment, not a
# build step. Usage: python3 experiments/emulator/cslow.py IN.json OUT.json D
import json
import sys


def main():
    src, dst, d = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if d < 1:
        sys.exit("cslow: D must be at least 1")
    net = json.load(open(src))
    added = 0
    for mod in net["modules"].values():
        nxt = 1 + max([b for n in mod["netnames"].values() for b in n["bits"] if isinstance(b, int)] or [1])
        cells = mod["cells"]
        for name in list(cells):
            c = cells[name]
            if c["type"] != "$_DFF_P_":
                continue
            q = c["connections"]["Q"][0]
            prev = nxt
            nxt += 1
            c["connections"]["Q"] = [prev]
            for i in range(1, d):
                out = q if i == d - 1 else nxt
                if i != d - 1:
                    nxt += 1
                cells[f"$cslow${added}"] = {
                    "hide_name": 1, "type": "$_DFF_P_", "parameters": {}, "attributes": {},
                    "port_directions": {"C": "input", "D": "input", "Q": "output"},
                    "connections": {"C": c["connections"]["C"], "D": [prev], "Q": [out]},
                }
                prev = out
                added += 1
            if d == 1:
                c["connections"]["Q"] = [q]
    # fresh names: the netlist's $auto names came from another Yosys process, whose counter the
    # next one restarts, so that its new cells would collide with them
    for mod in net["modules"].values():
        mod["cells"] = {f"cs_c{i}": c for i, c in enumerate(mod["cells"].values())}
        for c in mod["cells"].values():
            c["hide_name"] = 1
        mod["netnames"] = {(k if not k.startswith("$") else f"cs_n{i}"): n for i, (k, n) in enumerate(mod["netnames"].items())}
    json.dump(net, open(dst, "w"))
    print(f"cslow: {added} flip-flops added (D = {d})")


main()
