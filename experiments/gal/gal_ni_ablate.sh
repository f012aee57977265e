#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Where the GAL NI's LUT4s go: synth_ecp5 -nowidelut of tn_gal_ni (K=4 N=2 QD=8 TERM=1, make
# lint's row, every RTL file read in make lint's order) as it is and with one part removed at a
# time (an ablation: the copy is not a working design, only a measurement). Prints one row per
# variant: LUT4, CCU2C, TRELLIS_FF. docs/lint.md, "Where the GAL NI's area goes".
#   bash experiments/gal/gal_ni_ablate.sh            # every variant
#   bash experiments/gal/gal_ni_ablate.sh base tag1  # some
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
VARIANTS=("$@")
[ ${#VARIANTS[@]} -gt 0 ] || VARIANTS=(base tag1 noadapt nothrmove nothrreset norun nohist nophase notourn2 noarb)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_gal_ablate.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# ablate NAME: writes $TMP/NAME/rtl with tn_gal_ni.v changed; exit 1 when the edit did not apply
ablate() {
    mkdir -p "$TMP/$1"
    cp -r rtl "$TMP/$1/"
    python3 - "$1" "$TMP/$1/rtl/ni/tn_gal_ni.v" <<'EOF'
import sys
name, path = sys.argv[1], sys.argv[2]
s = open(path).read()
edits = {
    "base": [],
    # a 1-bit tag: the descriptor RAM's read multiplexer shrinks by 15 bits
    "tag1": [("parameter TAGW = `TN_TAGW,", "parameter TAGW = 1,")],
    # no adaptive threshold: no update, no window, no history (since 15b40ce the build option
    # ADAPT = 0, R21.9.1; before it, the same cut by hand)
    "noadapt": [("parameter ADAPT = 1,", "parameter ADAPT = 0,")],
    # the thresholds never move (their reset value and use stay)
    "nothrmove": [("assign thr_mv[gs] = upd && (up ? (th < cfg_tmax_i) : (th > cfg_tmin_i));",
                   "assign thr_mv[gs] = 1'b0;")],
    # the thresholds reset to a constant instead of gal_tmin or gal_t
    "nothrreset": [("wire [TW-1:0]   thr_rv  = adapt ? cfg_tmin_i : cfg_t_i;",
                    "wire [TW-1:0]   thr_rv  = {TW{1'b0}};")],
    # the window's running count never drops the bit that leaves it
    "norun": [("assign run_d[gs*DW +: DW] = db - nl;", "assign run_d[gs*DW +: DW] = db;")],
    # no departure history ring
    "nohist": [("            lvec = hrd;", "            lvec = {Q*TERM{1'b0}};")],
    # no n2 phase counter compare
    "nophase": [("wire last = (ph1 == {1'b0, cfg_n2_i});",
                 "wire last = cfg_n2_i[0] & cfg_n2_i[19];")],
    # no second shortest-queue tournament (the threshold's alternative)
    "notourn2": [("{q2, m2} = tourn(scnt, c2, q1);", "{q2, m2} = {q1, m1};")],
    # no round-robin sender arbiter
    "noarb": [("tn_gal_arb #(.N(N)) u_arb (.req_i(elig), .ptr_i(rr_q[ge*JW +: JW]),\n"
               "                                       .valid_o(found[ge]), .idx_o(gv[ge*JW +: JW]));",
               "assign found[ge] = elig[0]; assign gv[ge*JW +: JW] = rr_q[ge*JW +: JW];")],
}
if name not in edits:
    sys.exit("gal_ni_ablate: variant '%s' is not known; allowed: %s" % (name, " ".join(edits)))
for a, b in edits[name]:
    if a not in s:
        sys.exit("gal_ni_ablate: variant '%s' no longer applies to rtl/ni/tn_gal_ni.v" % name)
    s = s.replace(a, b)
open(path, "w").write(s)
EOF
}

printf '%-12s %6s %6s %6s\n' variant LUT4 CCU2C FF
for v in "${VARIANTS[@]}"; do
    ablate "$v" || exit 1
    (cd "$TMP/$v" && yosys -q -p "read_verilog -Irtl/common $(cd "$TMP/$v" && echo rtl/common/*.v rtl/router/*.v rtl/net/*.v rtl/ni/*.v);
        chparam -set K 4 -set N 2 -set QD 8 -set TERM 1 tn_gal_ni; synth_ecp5 -nowidelut -top tn_gal_ni;
        tee -q -o stat.txt stat" >/dev/null 2>&1) || { echo "gal_ni_ablate: yosys failed on $v" >&2; exit 1; }
    awk -v v="$v" '$1 == "LUT4" { l = $2 } $1 == "CCU2C" { c = $2 } $1 == "TRELLIS_FF" { f = $2 }
        END { printf "%-12s %6d %6d %6d\n", v, l, c, f }' "$TMP/$v/stat.txt"
done
