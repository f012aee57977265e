#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A fast screen of one C model file's mutants against one unit test's cases (docs/verification.md,
# "CHAOS's rules"). make mutate SET=cmodel is the measurement: it runs every check on each mutant
# and takes minutes a mutant; this screen builds the test once, swaps in the mutated file and runs
# only the named cases, a few seconds a mutant, to find which mutants those cases miss before the
# whole set is run on them.
#
#   bash tb/checks/mutate_screen.sh FILE TEST FILTER [ID...]
#     FILE    a file of cmodel/hw or cmodel/sim, e.g. cmodel/sim/chaos.c
#     TEST    a cmocka test of tb/unit, e.g. test_chaos
#     FILTER  cmocka's test filter, e.g. 'test_chaos*' (every case: '*')
#     ID      mutant ids of make mutate SET=cmodel's listing (tb/checks/mutate.py list
#             cmodel/hw/*.c cmodel/sim/*.c cmodel/cli/*.c); none: every mutant of FILE
#   SAN=1     build with make test's sanitizer flags (ASan, UBSan) instead of -O1 alone (0, the
#             default: without)
#   SCREEN_DIR  its working folder (default build/mutate/screen, build/mutate/screen-san with SAN)
# Prints one line per mutant (ID caught|survived|invalid, and the mutated line;
# invalid: the compiler or the linker refuses it) and the counts;
# a mutant whose cases run past 120 s is caught (killed).
# A screen: it fails only on bad arguments or when the unmutated file fails the cases.
# shellcheck disable=SC2086  # $flags and $link are lists of words
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 3 ] || { sed -n '3,/^# A screen:/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
file=$1 test=$2 filter=$3
shift 3
case $file in cmodel/hw/*.c | cmodel/sim/*.c) ;; *) echo "mutate_screen: FILE '$file': a file of cmodel/hw/*.c or cmodel/sim/*.c" >&2; exit 2 ;; esac
[ -f "$file" ] || { echo "mutate_screen: FILE '$file': no such file" >&2; exit 2; }
[ -f "tb/unit/$test.c" ] || { echo "mutate_screen: TEST '$test': no tb/unit/$test.c" >&2; exit 2; }
case $filter in
'' | *[!A-Za-z0-9_*?]*) echo "mutate_screen: FILTER '$filter': letters, digits, _, * and ? only" >&2; exit 2 ;;
esac
san=${SAN:-0}
case $san in 0 | 1) ;; *) echo "mutate_screen: SAN '$san': 0 or 1" >&2; exit 2 ;; esac
flags="-std=c11 -O1 -w -Icmodel/include -Icmodel/hw -Icmodel/sim"
link=""
if [ "$san" = 1 ]; then
    flags="$flags -g -fsanitize=address,undefined -fno-sanitize-recover=all"
    link="-fsanitize=address,undefined"
fi
dir=build/mutate/screen
[ "$san" = 0 ] || dir=$dir-san
dir=${SCREEN_DIR:-$dir} # one screen at a time in each folder
rm -rf "$dir"
mkdir -p "$dir/obj"
srcs=(cmodel/hw/*.c cmodel/sim/*.c cmodel/cli/*.c)
# the sources as they are now: every mutant is numbered, written and compiled from this
# snapshot, so that editing cmodel/ during a screen changes nothing in it (as in mutate.sh)
mkdir -p "$dir/orig"
cp -r cmodel "$dir/orig/"
root=$PWD
adir=$(cd "$dir" && pwd) # SCREEN_DIR may be absolute or relative
mpy() { (cd "$dir/orig" && python3 "$root/tb/checks/mutate.py" "$@"); }
flags=${flags//-Icmodel/-I$dir/orig/cmodel}
mpy list "${srcs[@]}" > "$dir/list.txt"
base=$(basename "$file" .c)
ids=("$@")
[ ${#ids[@]} -gt 0 ] || mapfile -t ids < <(awk -v f="$file" 'index($2, f ":") == 1 {print $1}' "$dir/list.txt")
for id in "${ids[@]}"; do
    case $(awk -v i="$id" '$1 == i {print $2}' "$dir/list.txt") in
    "$file":*) ;;
    *) echo "mutate_screen: ID '$id': not a mutant of $file" >&2; exit 2 ;;
    esac
done
for f in cmodel/hw/*.c cmodel/sim/*.c; do
    [ "$f" = "$file" ] || cc $flags -c "$dir/orig/$f" -o "$dir/obj/$(basename "$f" .c).o"
done
cc $flags -Dmain=screen_test_main -c "tb/unit/$test.c" -o "$dir/obj/test.o"
cat > "$dir/main.c" <<EOF
void cmocka_set_test_filter(const char *pattern);
int screen_test_main(void);
int main(void) { cmocka_set_test_filter("$filter"); return screen_test_main(); }
EOF
cc $flags -c "$dir/main.c" -o "$dir/obj/main.o"
built=1
run() { # $1: the file to link as FILE's object; exit status of the cases (cmocka's: the count of
        # failed cases); built=0 when the compiler refuses the file
    built=1
    cc $flags -c "$1" -o "$dir/obj/$base.o" 2>/dev/null || { built=0; return 1; }
    rm -f "$dir/t"
    cc $link "$dir"/obj/*.o -lcmocka -lm -o "$dir/t" || { built=0; return 1; }
    CMOCKA_MESSAGE_OUTPUT=STDOUT timeout 120 "$dir/t" > "$dir/last.log" 2>&1
}
if ! run "$dir/orig/$file"; then
    echo "mutate_screen: the unmutated $file fails $test's cases '$filter' ($dir/last.log)" >&2
    exit 1
fi
grep -q 'Running [1-9][0-9]* test' "$dir/last.log" || {
    echo "mutate_screen: FILTER '$filter': no case of $test matches it" >&2
    exit 2
}
caught=0 survived=0 invalid=0
for id in "${ids[@]}"; do
    line=$(awk -v i="$id" '$1 == i' "$dir/list.txt")
    mpy apply "$id" "$adir/m.c" "${srcs[@]}" > /dev/null
    set +e
    run "$dir/m.c"
    rc=$?
    set -e
    if [ $built -eq 0 ]; then v=invalid; invalid=$((invalid + 1))
    elif [ $rc -eq 0 ]; then v=survived; survived=$((survived + 1))
    else v=caught; caught=$((caught + 1)); fi
    echo "$id $v | ${line#* }"
done
echo "mutate_screen: $file against $test '$filter' (SAN=$san): ${#ids[@]} mutants, $caught caught, $survived survived, $invalid invalid"
