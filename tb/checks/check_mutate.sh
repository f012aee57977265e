#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of the mutant generator (tb/checks/mutate.py) and of make mutate's argument checks, printed
# as TAP (tb/checks/tap.sh). They build nothing but one screen: the campaign itself
# (tb/checks/mutate.sh) is a benchmark of about an hour, not a test.
# - on a small module with every excluded construct, exactly the expected mutants are listed;
# - on the router RTL: mutants in every file (but tn_router_chk.v's checks), none on a comment,
#   a planted fault's block, a non-Verilator branch, a declaration of a parameter or localparam,
#   or a lint sink;
# - every applied mutant changes exactly one line, as listed; a sample is the same for a seed;
# - the C mode (make mutate SET=cmodel): exactly the expected mutants of a small function, mutants
#   in every file of the set (and of SET=host's), applied mutants change their listed line only;
# - tb/checks/mutate.sh refuses a bad COUNT, SEED or mutant id with exit 2 before building;
# - tb/checks/mutate_screen.sh refuses bad arguments, and classifies a caught and a surviving
#   mutant of chaos.c (the one check here that builds: the C model at -O1, about 15 s).
# Run by tb/checks/run_tests.sh (make test); alone: bash tb/checks/check_mutate.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_mutate.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. tb/checks/tap.sh # pass, fail, check, N, FAILED

M="python3 tb/checks/mutate.py"
FILES=(rtl/router/*.v rtl/common/tn_rr_arbiter.v rtl/common/tn_rng.v rtl/common/tn_ctx_reg.v)

# a module with one mutant (line 9's ||) among constructs that must give none
cat > "$TMP/m.v" <<'EOF'
module m #(parameter P = 2, parameter Q = P > 1 ? 1 : 0) (input a, input [1:0] b, output y, output z);
    // a && b in a comment, and /* a == b */ in another
    localparam R = (P == 2) && (Q != 0);
    (* keep = 1 *) wire c = 1'b0;
`ifdef TN_FAULT_X
    assign y = a && b[0];
`else
`ifdef VERILATOR
    assign y = a || b[P-1];
`else
    assign y = a & b[0];
`endif
`endif
    wire unused_q = &{1'b0, a,
                      b};
    assign z = (P == 2 && Q > 0) ? c : b[P - 1];
endmodule
EOF
$M list "$TMP/m.v" > "$TMP/m.list"
check "a module with one mutant among excluded constructs lists exactly it (line 9's || -> &&, line 4's 1'b0)" \
    "$([ "$(cut -d' ' -f2-4 "$TMP/m.list" | tr '\n' ' ')" = "$TMP/m.v:4:29 1'b0 1'b1 $TMP/m.v:9:18 || && " ]; echo $?)" \
    "listed: $(cut -d' ' -f2-4 "$TMP/m.list" | tr '\n' ' ')"

$M list "${FILES[@]}" > "$TMP/list" 2> "$TMP/err"
check "tb/checks/mutate.py lists the router's mutants" "$([ -s "$TMP/list" ] && [ ! -s "$TMP/err" ]; echo $?)" \
    "$(head -3 "$TMP/err")"
missing=""
for f in "${FILES[@]}"; do
    # tn_router_chk.v holds only elaboration checks (generate-ifs on parameters): nothing to mutate
    [ "$f" = rtl/router/tn_router_chk.v ] && continue
    grep -q " $f:" "$TMP/list" || missing="$missing $f"
done
check "every file of the campaign has mutants" "$([ -z "$missing" ]; echo $?)" "none in:$missing"

# each listed mutant's line, as the source has it: no comment, fault block, parameter or sink
bad=$(awk '{ split($2, a, ":"); print a[1], a[2] }' "$TMP/list" | while read -r f l; do
    line=$(sed -n "${l}p" "$f")
    case $line in
    *parameter* | *localparam* | *unused* | *'$error'* | *'$display'*) echo "$f:$l" ;;
    esac
    # inside a `ifdef TN_FAULT_ block or a non-Verilator branch
    awk -v l="$l" 'NR < l && /^`ifdef TN_FAULT_/ { inf = 1 } NR < l && /^`ifdef VERILATOR/ { inv = 1; el = 0 }
                   NR < l && /^`else/ { if (inf) inf = 2; if (inv) el = 1 } NR < l && /^`endif/ { inf = 0; inv = 0; el = 0 }
                   END { exit !(inf == 1 || el) }' "$f" && echo "$f:$l"
done | sort -u | xargs)
check "no mutant on a parameter, localparam, lint sink, planted fault or non-Verilator branch" \
    "$([ -z "$bad" ]; echo $?)" "on: $bad"

# apply: one line changed, at the listed place, OLD replaced by NEW
total=$(wc -l < "$TMP/list")
ids=$($M sample 25 7 "${FILES[@]}")
ids2=$($M sample 25 7 "${FILES[@]}")
check "a sample is the same for the same seed, and distinct ids" \
    "$([ "$ids" = "$ids2" ] && [ "$(echo "$ids" | wc -w)" = 25 ] && [ "$(echo "$ids" | tr ' ' '\n' | sort -u | wc -l)" = 25 ]; echo $?)" \
    "$ids / $ids2"
# applied LIST "IDS" FILES...: the ids whose applied mutant does not change exactly its listed
# line of LIST, OLD to NEW at its column (empty when all do)
applied() {
    local list=$1 ids=$2 i place old new f rest l c want nd got wrong=""
    shift 2
    for i in $ids; do
        read -r _ place old new _ < <(awk -v i="$i" '$1 == i' "$list")
        f=${place%%:*} rest=${place#*:} l=${rest%%:*} c=${rest#*:}
        $M apply "$i" "$TMP/mut" "$@" > /dev/null || { wrong="$wrong $i(apply)"; continue; }
        [ "$old" = "(none)" ] && old=""
        [ "$new" = "(none)" ] && new=""
        want=$(sed -n "${l}p" "$f" | awk -v c="$c" -v o="$old" -v n="$new" '{ print substr($0, 1, c - 1) n substr($0, c + length(o)) }')
        nd=$(diff "$f" "$TMP/mut" | grep -c '^[<>]')
        got=$(sed -n "${l}p" "$TMP/mut")
        [ "$nd" = 2 ] && [ "$got" = "$want" ] || wrong="$wrong $i"
    done
    echo "$wrong"
}
wrong=$(applied "$TMP/list" "$ids 0 $((total - 1))" "${FILES[@]}")
check "27 applied mutants each change exactly their listed line, OLD to NEW at its column" \
    "$([ -z "$wrong" ]; echo $?)" "wrong:$wrong"
$M apply "$total" "$TMP/x.v" "${FILES[@]}" > /dev/null 2> "$TMP/err"
check "apply refuses an id past the last (exit 2, the range named)" \
    "$([ $? = 2 ] && grep -q "0\.\.$((total - 1))" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"

# the C mode (a file ending .c): a function with one mutant of each kind among constructs that
# must give none (comments, strings, character constants, preprocessor lines, (void) casts, ++,
# --, ->, compound assignments, unary minus after return and =); a (void) parameter list is not
# a cast: the statement after it keeps its mutant
cat > "$TMP/m.c" <<'EOF'
#define TWICE(x) ((x) + (x))
/* a && b in a comment */
static int f(int a, int *p, struct s *q)
{
    (void)q;
    const char *s = "a || b", c = '|';
    a++; a--; a += 2; a |= 1; a = -1;
    if (q->x < a && p[a - 1] <= 3)
        return -a;
    return !a ? ~a & 1 : a == 2;
}
static int g(void)
{
    return z > 1;
}
EOF
$M list "$TMP/m.c" > "$TMP/mc.list"
check "two C functions list exactly their mutants (< && - <= ! ~ & == >), none on the excluded constructs" \
    "$([ "$(cut -d' ' -f2-4 "$TMP/mc.list" | sed "s|$TMP/||" | tr '\n' ' ')" = "m.c:8:14 < <= m.c:8:18 && || m.c:8:25 - + m.c:8:30 <= < m.c:10:12 ! (none) m.c:10:17 ~ (none) m.c:10:20 & | m.c:10:28 == != m.c:14:14 > >= " ]; echo $?)" \
    "listed: $(cut -d' ' -f2-4 "$TMP/mc.list" | tr '\n' ' ')"
# files_missing LIST FILES...: the FILES with no mutant in LIST (a listing of mutate.py)
files_missing() {
    local list=$1 f out=""
    shift
    for f in "$@"; do
        grep -q " $f:" "$list" || out="$out $f"
    done
    echo "$out"
}
CFILES=(cmodel/hw/*.c cmodel/sim/*.c cmodel/cli/*.c)
$M list "${CFILES[@]}" > "$TMP/clist" 2> "$TMP/err"
missing=$(files_missing "$TMP/clist" "${CFILES[@]}")
# (rng.c's xorshift is shifts and xors, send.c a branch on a value: no operator of the list)
check "every file of make mutate SET=cmodel has mutants but rng.c and send.c" \
    "$([ -s "$TMP/clist" ] && [ ! -s "$TMP/err" ] && [ "$missing" = " cmodel/hw/rng.c cmodel/hw/send.c" ]; echo $?)" \
    "none in:$missing; $(head -3 "$TMP/err")"
HFILES=(fpga/host/*.c)
$M list "${HFILES[@]}" > "$TMP/hlist" 2> "$TMP/err"
missing=$(files_missing "$TMP/hlist" "${HFILES[@]}")
check "every file of make mutate SET=host (tnhost) has mutants" \
    "$([ -s "$TMP/hlist" ] && [ ! -s "$TMP/err" ] && [ -z "$missing" ]; echo $?)" \
    "none in:$missing; $(head -3 "$TMP/err")"
ctotal=$(wc -l < "$TMP/clist")
wrong=$(applied "$TMP/clist" "$($M sample 25 11 "${CFILES[@]}") 0 $((ctotal - 1))" "${CFILES[@]}")
check "27 applied C mutants each change exactly their listed line, OLD to NEW at its column" \
    "$([ -z "$wrong" ]; echo $?)" "wrong:$wrong"

# tb/checks/mutate.sh's argument checks, before any build
for args in "0" "x" "5 -1" "gal 0" "cmodel x" "host 0"; do
    # shellcheck disable=SC2086  # args: words
    bash tb/checks/mutate.sh $args > /dev/null 2> "$TMP/err"
    check "tb/checks/mutate.sh $args is refused (exit 2, named)" "$([ $? = 2 ] && grep -q "is not" "$TMP/err"; echo $?)" \
        "$(cat "$TMP/err")"
done
MUTANTS="$total" bash tb/checks/mutate.sh > /dev/null 2> "$TMP/err"
check "MUTANTS=$total (past the last) is refused (exit 2, the range named)" \
    "$([ $? = 2 ] && grep -q "0\.\.$((total - 1))" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"

# tb/checks/mutate_screen.sh: its argument checks, then one screen of two mutants of chaos.c
# against one case (a build of the C model at -O1, about 15 s): the in-transit mask's "- 1u" made
# "+ 1u" is caught by the worked trace of R22.6.1, the stage-2 tie "dm < dj" made "<=" (an
# equivalent mutant) survives. Their ids are looked up in the listing, which numbers the mutants
# of every file in order.
mlist=$(python3 tb/checks/mutate.py list cmodel/hw/*.c cmodel/sim/*.c cmodel/cli/*.c)
id_mask=$(awk '$2 ~ /chaos\.c:/ && $3 == "-" && $4 == "+" && /\(1u << MQ\)/ {print $1; exit}' <<< "$mlist")
id_tie=$(awk '$2 ~ /chaos\.c:/ && $3 == "<" && $4 == "<=" && /if \(dm < dj\)/ {print $1; exit}' <<< "$mlist")
for args in "" "rtl/router/tn_router.v test_chaos x" "cmodel/sim/nope.c test_chaos x" \
            "cmodel/sim/chaos.c test_nope x" "cmodel/sim/chaos.c test_chaos a\"b"; do
    # shellcheck disable=SC2086  # args: words
    bash tb/checks/mutate_screen.sh $args > /dev/null 2> "$TMP/err"
    check "tb/checks/mutate_screen.sh ${args:-(no arguments)} is refused (exit 2)" \
        "$([ $? = 2 ] && [ -s "$TMP/err" ]; echo $?)" "$(head -2 "$TMP/err")"
done
SAN=2 bash tb/checks/mutate_screen.sh cmodel/sim/chaos.c test_chaos x > /dev/null 2> "$TMP/err"
check "mutate_screen refuses SAN=2 (exit 2, the value and 0 or 1 named)" \
    "$([ $? = 2 ] && grep -q "SAN '2': 0 or 1" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"
SCREEN_DIR="$TMP/screen-dir" bash tb/checks/mutate_screen.sh cmodel/sim/chaos.c test_chaos 'test_chaos_worked*' \
    "$id_mask" "$id_tie" > "$TMP/screen" 2>&1
rc=$?
check "mutate_screen: the mask's mutant ($id_mask) caught and the tie's ($id_tie) survived by test_chaos_worked_trace" \
    "$([ $rc = 0 ] && [ -n "$id_mask" ] && [ -n "$id_tie" ] && grep -q "^$id_mask caught " "$TMP/screen" &&
       grep -q "^$id_tie survived " "$TMP/screen" &&
       grep -q '2 mutants, 1 caught, 1 survived, 0 invalid' "$TMP/screen"; echo $?)" \
    "exit $rc: $(tail -3 "$TMP/screen")"
SCREEN_DIR="$TMP/screen-dir" bash tb/checks/mutate_screen.sh cmodel/sim/chaos.c test_chaos 'test_chaos_worked*' 5 > /dev/null 2> "$TMP/err"
check "mutate_screen refuses a mutant of another file (exit 2, named)" \
    "$([ $? = 2 ] && grep -q "ID '5'" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"

echo "1..$N"
[ "$FAILED" -eq 0 ]
