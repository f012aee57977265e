#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of a mismatch's waveform, printed as TAP (tb/checks/tap.sh). The lockstep models are built
# without waveform tracing (tools/vlbuild.sh: _tr in a name adds it), in about half the time;
# a model that mismatches has its traced twin built and run for the waveform (tb/lock/waves.c).
# Checked on the planted fault vc_pick (rtr_k4n2v4_fault_vc_pick, which the lockstep set builds):
# - through the launcher: the mismatch, stdout the JSON alone, the FST and the GTKWave save file
#   in a new folder, written by the twin rtr_k4n2v4_tr_fault_vc_pick, which stderr names;
# - the twin run directly writes the same files itself;
# - xinit=random: the twin repeats the run from the same random values and stops at the same
#   mismatch;
# - waves=off: the mismatch without a waveform, and no twin run.
# Run by tb/checks/run_tests.sh (make test) after the lockstep set; alone: bash
# tb/checks/check_waves.sh. TNLOCK: the launcher (default build/bin/tnlock).
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TNLOCK=${TNLOCK:-build/bin/tnlock}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_waves.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

# jhas FILE KEY VALUE: the JSON in FILE has "KEY": VALUE
jhas() { grep -qF "\"$2\": $3" "$1"; }
keys=(rtl=rtr vcs=4 fault=vc_pick cycles=2000)
twin=rtr_k4n2v4_tr_fault_vc_pick

"$TNLOCK" "${keys[@]}" waves="$TMP/w/a" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "tnlock ${keys[*]}: caught at link.vc, exit 1, stdout the JSON alone, the waveform in a new folder from the traced twin" \
    "$([ $rc -eq 1 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/out" &&
       [ "$("$TNLOCK" --which "${keys[@]}")" = rtr_k4n2v4_fault_vc_pick ] &&
       jhas "$TMP/out" waveform "\"$TMP/w/a/tnlock.gtkw\"" && [ -s "$TMP/w/a/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' && jhas "$TMP/out" fault '"vc_pick"' &&
       grep -qF "building and running $twin for the waveform" "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

# the save files name their own folder's FST; otherwise equal
"build/vl/$twin/tnlock" "${keys[@]}" waves="$TMP/w/b" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "build/vl/$twin/tnlock (traced): the same mismatch, the same waveform written by itself" \
    "$([ $rc -eq 1 ] && jhas "$TMP/out" waveform "\"$TMP/w/b/tnlock.gtkw\"" && [ -s "$TMP/w/b/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' && ! grep -q 'building and running' "$TMP/err" &&
       cmp -s <(sed 's|/w/a/|/w/|' "$TMP/w/a/tnlock.gtkw") <(sed 's|/w/b/|/w/|' "$TMP/w/b/tnlock.gtkw"); echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

# xinit=random: the twin starts from the same random values (Verilator draws each variable's from
# the seed and a hash of its name), so it stops at the same cycle and field (waves.c checks it)
"$TNLOCK" "${keys[@]}" xinit=random waves="$TMP/w/x" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "tnlock ${keys[*]} xinit=random: the same mismatch in the traced twin, the waveform written" \
    "$([ $rc -eq 1 ] && jhas "$TMP/out" waveform "\"$TMP/w/x/tnlock.gtkw\"" && [ -s "$TMP/w/x/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' && grep -qF "building and running $twin" "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

"$TNLOCK" "${keys[@]}" waves=off --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "tnlock ${keys[*]} waves=off: the mismatch, no waveform, no twin run" \
    "$([ $rc -eq 1 ] && jhas "$TMP/out" waveform null && jhas "$TMP/out" field '"link.vc"' &&
       grep -qF "no waveform: key 'waves': value 'off'" "$TMP/err" && ! grep -q 'building and running' "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

echo "1..$N"
[ "$FAILED" -eq 0 ]
