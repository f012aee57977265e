#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The state of one node, for a design note on time-multiplexing the router (one physical
# pipeline evaluating many routers, each router's state in LUT RAM or block RAM indexed by a
# context number). At the board build (fpga/board.mk: K=4 N=2 V=4 B=4 W=16 ROUTING=3 SEL=-1
# TERM=1, GAL=1 GQD=16 GADAPT=1, ACOR=1, QD=16), Debian's yosys elaborates each stateful block
# as tn_board instantiates it (generic flow, no technology mapping: read_verilog; chparam;
# hierarchy; proc; flatten; opt -fast; memory -nomap -nordff; opt_clean; write_json) and python3
# sums, per instance, the flip-flop bits ($dff, $sdffe, ... cells: their WIDTH) and the memory
# bits ($mem_v2 cells: SIZE x WIDTH, with their read and write ports). -nordff: no register is
# merged into a read port (Yosys would merge a registered read address, a register of its own,
# and then count its read data as one), so every register stays a $dff cell. tn_router is also
# broken down by its sub-module instances (the same flow without flatten, so no constant crosses
# a module boundary: its sum may be a little above the flattened figure). Prints Markdown
# tables, the totals for 16, 64 and 256 nodes and the LFE5U-85F's RAM for comparison (the
# assumptions are printed with the figures). A measurement: not in make test. About 20 s.
# Usage: bash experiments/emulator/emu_state.sh   (JSON and the Yosys log in build/emu_state/)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT=build/emu_state
mkdir -p "$OUT"
RTL=(rtl/common/tn_ctx_reg.v rtl/common/tn_cut.v rtl/common/tn_rng.v rtl/common/tn_rr_arbiter.v rtl/router/*.v rtl/net/tn_torus.v rtl/ni/*.v
     fpga/tn_ctrl.v fpga/tn_uart_rx.v fpga/tn_uart_tx.v fpga/tn_board.v fpga/tn_board_emu.v fpga/tn_board_pick.v rtl/emu/tn_emu_torus.v)
NET="-set K 4 -set N 2"
# name|top|chparam (SEL=-1 is tn_router's default and is left to it; NODE=0 for the per-node
# modules: the node number changes constants only). tn_ctrl's ID is tn_board's BUILD0.
BLOCKS=("tn_router|tn_router|$NET -set V 4 -set B 4 -set W 16 -set ROUTING 3 -set TERM 1"
        "tn_gal_ni|tn_gal_ni|$NET -set TERM 1 -set QD 16 -set ADAPT 1 -set TAGW 27 -set TOPO 0"
        "tn_acor|tn_acor|$NET -set TERM 1"
        "tn_source|tn_source|$NET -set V 4 -set B 4 -set W 16 -set ROUTING 3 -set QD 16 -set GAL 1
         -set ACOR 1 -set NODE 0"
        "tn_traffic|tn_traffic|$NET"
        "tn_sink|tn_sink|$NET -set V 4 -set W 16 -set ROUTING 3 -set NODE 0"
        "tn_ctrl|tn_ctrl|-set CLKS_PER_BIT 217 -set TIMEOUT_CLKS 2500000 -set ID 67241988
         -set RST_CYCLES 4")
FLOW="proc; flatten; opt -fast; memory -nomap -nordff; opt_clean"
ys="read_verilog -Irtl/common ${RTL[*]}; design -save src"
for b in "${BLOCKS[@]}"; do
    IFS='|' read -r name top ch <<<"$b"
    ys+="; design -load src; chparam ${ch//$'\n'/ } $top; hierarchy -top $top; $FLOW"
    ys+="; write_json $OUT/$name.json"
done
# tn_router without flatten (the breakdown), and tn_board's own registers (only the module
# tn_board is processed; its sub-modules are emptied, blackbox, before the JSON is written)
ys+="; design -load src; chparam ${BLOCKS[0]##*|} tn_router; hierarchy -top tn_router"
ys+="; proc; opt -fast; memory -nomap -nordff; opt_clean; write_json $OUT/tn_router_hier.json"
ys+="; design -load src; chparam $NET -set V 4 -set B 4 -set W 16 -set ROUTING 3 -set GAL 1"
ys+=" -set GQD 16 -set GADAPT 1 -set ACOR 1 -set QD 16 tn_board; hierarchy -top tn_board"
ys+="; proc tn_board; opt -fast tn_board; memory -nomap -nordff tn_board; opt_clean tn_board"
ys+="; blackbox A:top %n; write_json $OUT/tn_board_own.json"
yosys -q -l "$OUT/yosys.log" -p "$ys" >/dev/null || { tail -20 "$OUT/yosys.log" >&2; exit 1; }

python3 - "$OUT" <<'EOF'
import collections, json, math, sys
out = sys.argv[1]
FF = {'$dff', '$dffe', '$adff', '$adffe', '$sdff', '$sdffe', '$sdffce', '$aldff', '$aldffe',
      '$dffsr', '$dffsre', '$dlatch', '$adlatch', '$dlatchsr', '$sr', '$ff'}
num = lambda v: int(v, 2) if isinstance(v, str) else int(v)

def load(name):
    d = json.load(open(f'{out}/{name}.json'))['modules']
    top = next((m for m in d if d[m].get('attributes', {}).get('top')), None) or next(iter(d))
    return d, top

def state(d, mod, memo=None):
    """(flip-flop bits, [memory shapes], {child type: count}) of module mod and its children"""
    memo = {} if memo is None else memo
    if mod in memo:
        return memo[mod]
    ff, mems, kids = 0, [], collections.Counter()
    for c in d[mod]['cells'].values():
        t, p = c['type'], c['parameters']
        if t in FF:
            ff += num(p['WIDTH'])
        elif t in ('$mem', '$mem_v2'):
            w = num(p['WIDTH'])
            mems.append((num(p['SIZE']), w, num(p['RD_PORTS']), num(p['WR_PORTS'])))
            # a read port's register (none with -nordff)
            ff += w * str(p.get('RD_CLK_ENABLE', '0')).count('1')
        elif t in d:
            f2, m2, _ = state(d, t, memo)
            ff, mems, kids[t] = ff + f2, mems + m2, kids[t] + 1
    memo[mod] = (ff, mems, kids)
    return memo[mod]

mbits = lambda mems: sum(s * w for s, w, _, _ in mems)
def shape(mems):
    if not mems:
        return '-'
    g = collections.Counter(mems)
    return f'{mbits(mems):,} (' + ', '.join(f'{n} x ' * (n > 1) + f'{s}x{w} {r}R{wr}W'
                                         for (s, w, r, wr), n in sorted(g.items())) + ')'

kb = lambda b: f'{b / 1024:,.1f}'
# block, instances per node (0: once per board; None: inside tn_source, not added again)
ROWS = [('tn_router', 1), ('tn_gal_ni', 1), ('tn_acor', 1), ('tn_source', 1),
        ('tn_traffic', None), ('tn_sink', 1), ('tn_ctrl', 0), ('tn_board_own', 0)]
print('## State per block (board build: K=4 N=2 V=4 B=4 W=16 ROUTING=3 SEL=-1 TERM=1, GAL=1 '
      'GQD=16, ACOR=1, QD=16)\n')
print('| block | instances per node | FF bits | memory bits (shape: words x width, ports) '
      '| total bits per node |')
print('|---|---|---|---|---|')
per_node = once = node_ff = node_mem = 0
each = {}
for name, n in ROWS:
    d, top = load(name)
    ff, mems, _ = state(d, top)
    bits = ff + mbits(mems)
    each[name] = (n, bits)
    label = {'tn_traffic': 'tn_traffic (inside tn_source)',
             'tn_board_own': "tn_board's own registers (at 16 nodes)"}.get(name, name)
    if n is None:
        cnt, tot = '(1)', '(in tn_source)'
    elif n == 0:
        cnt, tot = 'once per board', f'({bits:,} once)'
        once += bits
    else:
        cnt, tot = str(n), f'{n * bits:,}'
        per_node, node_ff = per_node + n * bits, node_ff + n * ff
        node_mem += n * mbits(mems)
    print(f'| {label} | {cnt} | {ff:,} | {shape(mems)} | {tot} |')
print(f'| **per node** | | {node_ff:,} | {node_mem:,} | **{per_node:,}** ({kb(per_node)} kbit) |')
print(f'\nOnce per board: {once:,} bits (tn_ctrl and the UART; tn_board\'s configuration, run '
      'state, histogram, and 36 bits per node of seeds and permutation, here for 16 nodes).')
print('1 kbit = 1,024 bits (the unit of "18 Kbit" per DP16KD).\n')
print('| nodes | per-node state (bits) | + once per board (bits) | kbit | % of 3,744 Kbit |')
print('|---|---|---|---|---|')
for n in (16, 64, 256):
    t = n * per_node + once
    print(f'| {n} | {n * per_node:,} | {t:,} | {kb(t)} | {100 * t / (3744 * 1024):.0f} % |')

# tn_router by sub-module instance (hierarchical run)
d, top = load('tn_router_hier')
memo = {}
rff, rmems, kids = state(d, top, memo)
base = lambda m: d[m].get('attributes', {}).get('hdlname', m.split('\\')[-1]).strip('\\')
pv = lambda m: {k: num(v) if set(v) <= set('01') else v
                for k, v in d[m].get('parameter_default_values', {}).items()}
print('\n## tn_router by sub-module (no flatten; a row includes the sub-module\'s own children)\n')
print('| sub-module | instances | FF bits each | memory bits each (shape) | total bits |')
print('|---|---|---|---|---|')
own_ff = rff - sum(n * memo[k][0] for k, n in kids.items())
own_m = [m for m in rmems]
for k, n in kids.items():
    for m in memo[k][1] * n:
        own_m.remove(m)
tot_sum = own_ff + mbits(own_m)
for k in sorted(kids, key=lambda k: (base(k), k)):
    n, (ff, mems, sub) = kids[k], memo[k]
    same = [o for o in kids if base(o) == base(k) and o != k]
    diff = sorted(p for p in pv(k) if any(pv(o).get(p) != pv(k)[p] for o in same))
    label = base(k) + (' (' + ' '.join(f'{p}={pv(k)[p]}' for p in diff) + ')' if diff else '')
    if sub:
        label += ', with ' + ', '.join(sorted({base(s) for s in sub}))
    b = ff + mbits(mems)
    tot_sum += n * b
    print(f'| {label} | {n} | {ff:,} | {shape(mems)} | {n * b:,} |')
print(f'| tn_router\'s own registers | 1 | {own_ff:,} | {shape(own_m)} | '
      f'{own_ff + mbits(own_m):,} |')
print(f'| **sum** | | {rff:,} | {mbits(rmems):,} | **{tot_sum:,}** '
      f'(flattened: {each["tn_router"][1]:,}) |')

# the FPGA: LUT RAM and block RAM needed, against the LFE5U-85F
LUT4, DPR, BRAM = 83640, 83640 // 6, 208
print('\n## Against the LFE5U-85F (208 DP16KD x 18 Kbit = 3,744 Kbit of block RAM; '
      f'83,640 LUT4, at most {DPR:,} TRELLIS_DPR16X4 at 6 LUT4 each)\n')
dpr = math.ceil(per_node / 4)
print('LUT RAM, 16 contexts per engine: every state bit of a node becomes a 16-deep column of a '
      f'TRELLIS_DPR16X4 (16 x 4): ceil({per_node:,} / 4) = {dpr:,} DPR16X4 per engine '
      f'({6 * dpr:,} LUT4). Assumes one write and one read of each bit per engine cycle and '
      'ignores the multiplexing and pipeline logic.\n')
bram = sum(n * math.ceil(b / 36) for n, b in each.values() if n)
print('Block RAM, 512 x 36 (PDPW16KD): each per-node block instance\'s whole state is one word '
      'per context, packed 36 bits wide into ceil(bits / 36) DP16KD side by side, up to 512 '
      'contexts deep: ' + ', '.join(f'{k} {math.ceil(b / 36)}' for k, (n, b) in each.items() if n)
      + f' = {bram} DP16KD per context group (an engine of 16 contexts, or one engine for all '
      'nodes up to 512). Once-per-board state stays in flip-flops.\n')
print('| nodes | engines of 16 | DPR16X4 | LUT4 (% of 83,640) | DP16KD, groups of 16 (% of 208) '
      '| DP16KD, one engine for all (% of 208) |')
print('|---|---|---|---|---|---|')
for n in (16, 64, 256):
    e = n // 16
    print(f'| {n} | {e} | {e * dpr:,} | {6 * e * dpr:,} ({100 * 6 * e * dpr / LUT4:.0f} %) '
          f'| {e * bram:,} ({100 * e * bram / BRAM:.0f} %) | {bram} ({100 * bram / BRAM:.0f} %) |')
EOF
