#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tn.core (FuseSoC) stays usable: it parses and names its targets, every file it lists exists,
# every RTL file of the layers it packages is listed, and its lint targets pass (Verilator
# -Wall through FuseSoC). TAP on stdout; make test runs it (tb/checks/run_tests.sh).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
PATH="$PWD/tools/bin:$PATH" # the project's Verilator (tools/bin/verilator)
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
no() { n=$((n + 1)); echo "not ok $n - $1"; [ -z "${2:-}" ] || echo "# $2"; }
FS=(python3 -m fusesoc.main --cores-root .) # the module, so that no PATH shim is needed
out=$("${FS[@]}" core show tn:noc:tn 2>&1)
want="default lint_board lint_emu lint_router lint_torus lockstep tangmega138k ulx3s"
got=$(sed -n '/^Targets:/,$p' <<< "$out" | awk 'NR > 1 && $1 != "" { print $1 }' | sort | tr '\n' ' ' | sed 's/ $//')
if [ "$got" = "$want" ]; then ok "tn.core parses with its targets: $got"; else no "tn.core's targets" "got '$got', expected '$want'"; fi
# every listed file exists, every rtl/ and fpga/ Verilog file is listed
listed=$(sed -n 's/^ *- \([a-z][a-z0-9_/.]*\).*/\1/p' tn.core | grep -E '\.(v|vh|lpf|cst)$' | sort)
missing=$(for f in $listed; do [ -f "$f" ] || echo "$f"; done)
if [ -z "$missing" ]; then ok "every file tn.core lists exists"; else no "tn.core lists missing files" "$missing"; fi
unlisted=$(for f in rtl/*/*.v rtl/common/*.vh fpga/*.v fpga/*/*.v; do grep -qx "$f" <<< "$listed" || echo "$f"; done)
if [ -z "$unlisted" ]; then ok "every RTL file of rtl/ and fpga/ is in tn.core"; else no "files missing from tn.core" "$(echo $unlisted)"; fi
for t in lint_router lint_torus lint_board lint_emu; do
    log=$(mktemp)
    if timeout 300 "${FS[@]}" run --target "$t" tn:noc:tn > "$log" 2>&1; then
        ok "fusesoc run --target $t (Verilator -Wall)"
    else
        no "fusesoc run --target $t" "$(grep -m 3 -E '%Error|%Warning|ERROR' "$log" | tr '\n' ' ')"
    fi
    rm -f "$log"
done
echo "1..$n"
