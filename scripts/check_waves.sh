#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of a mismatch's waveform, printed as TAP (scripts/tap.sh). The lockstep models are built
# without waveform tracing (scripts/vlbuild.sh: a name without _tr), in about half the time; a
# model with a planted fault is built with it (_tr). So a mismatch has its waveform written two
# ways, and both are checked on the planted fault vc_pick (rtr_k4n2v4):
# - the launcher's model (rtr_k4n2v4_tr_fault_vc_pick, traced): the FST and the GTKWave save
#   file in a new folder, stdout the JSON alone;
# - the same fault built without tracing (rtr_k4n2v4_fault_vc_pick), run directly: the same
#   mismatch, and the same waveform files written by its traced twin (tb/lock/waves.c), which it
#   names on stderr;
# - the same under xinit=random (the twin repeats the run from the same random values);
# - waves=off: the mismatch without a waveform, and no twin run.
# Run by scripts/run_tests.sh (make test) after the lockstep set, which builds the traced model;
# alone: bash scripts/check_waves.sh. TNLOCK: the launcher (default build/bin/tnlock).
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TNLOCK=${TNLOCK:-build/bin/tnlock}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_waves.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. scripts/tap.sh # pass, fail, check, N, FAILED

# jhas FILE KEY VALUE: the JSON in FILE has "KEY": VALUE
jhas() { grep -qF "\"$2\": $3" "$1"; }
keys=(rtl=rtr vcs=4 fault=vc_pick cycles=2000)

"$TNLOCK" "${keys[@]}" waves="$TMP/w/a" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "tnlock ${keys[*]}: caught at link.vc by the traced model, exit 1, stdout the JSON alone, the waveform in a new folder" \
    "$([ $rc -eq 1 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/out" &&
       [ "$("$TNLOCK" --which "${keys[@]}")" = rtr_k4n2v4_tr_fault_vc_pick ] &&
       jhas "$TMP/out" waveform "\"$TMP/w/a/tnlock.gtkw\"" && [ -s "$TMP/w/a/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' && ! grep -q 'building and running' "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

plain=build/vl/rtr_k4n2v4_fault_vc_pick/tnlock
make -s "$plain" >"$TMP/build" 2>&1
"$plain" "${keys[@]}" waves="$TMP/w/b" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
# the save files name their own folder's FST; otherwise equal
check "$plain (built without tracing): the same mismatch, the waveform written by its traced twin" \
    "$([ $rc -eq 1 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/out" &&
       jhas "$TMP/out" waveform "\"$TMP/w/b/tnlock.gtkw\"" && [ -s "$TMP/w/b/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' &&
       grep -qF 'building and running rtr_k4n2v4_tr_fault_vc_pick for the waveform' "$TMP/err" &&
       cmp -s <(sed 's|/w/a/|/w/|' "$TMP/w/a/tnlock.gtkw") <(sed 's|/w/b/|/w/|' "$TMP/w/b/tnlock.gtkw"); echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")" "$(tail -3 "$TMP/build")"

# xinit=random: the twin starts from the same random values (Verilator draws each variable's from
# the seed and a hash of its name), so it stops at the same cycle and field (waves.c checks it)
"$plain" "${keys[@]}" xinit=random waves="$TMP/w/x" --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "$plain xinit=random: the same mismatch in the traced twin, the waveform written" \
    "$([ $rc -eq 1 ] && jhas "$TMP/out" waveform "\"$TMP/w/x/tnlock.gtkw\"" && [ -s "$TMP/w/x/tnlock.fst" ] &&
       jhas "$TMP/out" field '"link.vc"' && grep -qF 'building and running rtr_k4n2v4_tr_fault_vc_pick' "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

"$plain" "${keys[@]}" waves=off --json >"$TMP/out" 2>"$TMP/err"
rc=$?
check "$plain waves=off: the mismatch, no waveform, no twin run" \
    "$([ $rc -eq 1 ] && jhas "$TMP/out" waveform null && jhas "$TMP/out" field '"link.vc"' &&
       grep -qF "no waveform: key 'waves': value 'off'" "$TMP/err" && ! grep -q 'building and running' "$TMP/err"; echo $?)" \
    "rc=$rc" "$(tail -2 "$TMP/out")" "$(tail -3 "$TMP/err")"

echo "1..$N"
[ "$FAILED" -eq 0 ]
