#!/usr/bin/env bash
# LUT4 of single router blocks (synth_ecp5, Yosys), at the sizes of a V=4 router: K=4 N=2 P=5,
# B=4, a 34-bit flit. Usage: bash experiments/area/area_modules.sh [module...] (default: every block of
# the tree; a module that does not exist is reported and skipped). docs/router-v2.md section 1
# ran it at commit 4b2f86b (the first contract's router, with tn_vc_alloc); for the whole router
# by block today, see docs/router-v2.md section 6.
set -euo pipefail
cd "$(dirname "$0")/../.."
declare -A params=(
  [tn_route]="-set K 4 -set N 2 -set V 4 -set P 5 -set PW 3 -set CW 2 -set TERM 1"
  [tn_select]="-set N 2 -set HW 2 -set KW 8"
  [tn_input_unit]="-set V 4 -set B 4 -set FW 34 -set RW 17 -set PW 3 -set VW 2 -set CNTW 3"
  [tn_output_unit]="-set V 4 -set B 4 -set FW 34 -set VW 2 -set CNTW 3 -set SELST 1"
  [tn_vc_alloc]="-set P 5 -set V 4 -set NNET 4 -set PW 3 -set VW 2 -set IVW 5"
  [tn_sw_alloc]="-set P 5 -set NNET 4 -set PW 3"
  [tn_vc_req]="-set P 5 -set V 4 -set NP 4 -set HW 4 -set AD 1"
  [tn_sa_in1]="-set P 5 -set V 4 -set N 2 -set CW 2 -set AD 1"
  [tn_sa_in2]="-set P 5 -set V 4"
  [tn_send]="-set P 5 -set V 4 -set NP 4"
)
mods=("$@")
[ ${#mods[@]} -gt 0 ] || mods=(tn_route tn_select tn_input_unit tn_output_unit tn_vc_alloc tn_sw_alloc
                                tn_vc_req tn_sa_in1 tn_sa_in2 tn_send)
for m in "${mods[@]}"; do
  [ -f "rtl/router/$m.v" ] || { echo "$m: no rtl/router/$m.v"; continue; }
  n=$(yosys -p "read_verilog -Irtl/common rtl/common/*.v rtl/router/*.v; chparam ${params[$m]:-} $m; synth_ecp5 -nowidelut -top $m; stat" 2>&1 | grep -E '^ +LUT4' | tail -1 | awk '{print $2}' || true)
  [ -n "$n" ] || n="(synthesis failed: parameters of this revision?)"
  printf '%-16s %6s LUT4\n' "$m" "$n"
done
