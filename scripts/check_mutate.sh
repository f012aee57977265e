#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks of the mutant generator (scripts/mutate.py) and of make mutate's argument checks, printed
# as TAP (scripts/tap.sh). They build nothing: the campaign itself (scripts/mutate.sh) is a
# benchmark of about an hour, not a test.
# - on a small module with every excluded construct, exactly the expected mutants are listed;
# - on the router RTL: mutants in every file, none on a comment, a planted fault's block, a
#   non-Verilator branch, a declaration of a parameter or localparam, or a lint sink;
# - every applied mutant changes exactly one line, as listed; a sample is the same for a seed;
# - scripts/mutate.sh refuses a bad COUNT, SEED or mutant id with exit 2 before building.
# Run by scripts/run_tests.sh (make test); alone: bash scripts/check_mutate.sh
set -uo pipefail # no -e: a failing check must not stop the others
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tn_check_mutate.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

. scripts/tap.sh # pass, fail, check, N, FAILED

M="python3 scripts/mutate.py"
FILES=(rtl/router/*.v rtl/common/tn_rr_arbiter.v rtl/common/tn_rng.v)

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
check "scripts/mutate.py lists the router's mutants" "$([ -s "$TMP/list" ] && [ ! -s "$TMP/err" ]; echo $?)" \
    "$(head -3 "$TMP/err")"
missing=""
for f in "${FILES[@]}"; do
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
wrong=""
for i in $ids 0 $((total - 1)); do
    read -r _ place old new _ < <(awk -v i="$i" '$1 == i' "$TMP/list")
    f=${place%%:*} rest=${place#*:} l=${rest%%:*} c=${rest#*:}
    $M apply "$i" "$TMP/mut.v" "${FILES[@]}" > /dev/null || { wrong="$wrong $i(apply)"; continue; }
    [ "$old" = "(none)" ] && old=""
    [ "$new" = "(none)" ] && new=""
    want=$(sed -n "${l}p" "$f" | awk -v c="$c" -v o="$old" -v n="$new" '{ print substr($0, 1, c - 1) n substr($0, c + length(o)) }')
    nd=$(diff "$f" "$TMP/mut.v" | grep -c '^[<>]')
    got=$(sed -n "${l}p" "$TMP/mut.v")
    [ "$nd" = 2 ] && [ "$got" = "$want" ] || wrong="$wrong $i"
done
check "27 applied mutants each change exactly their listed line, OLD to NEW at its column" \
    "$([ -z "$wrong" ]; echo $?)" "wrong:$wrong"
$M apply "$total" "$TMP/x.v" "${FILES[@]}" > /dev/null 2> "$TMP/err"
check "apply refuses an id past the last (exit 2, the range named)" \
    "$([ $? = 2 ] && grep -q "0\.\.$((total - 1))" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"

# scripts/mutate.sh's argument checks, before any build
for args in "0" "x" "5 -1" "gal 0"; do
    # shellcheck disable=SC2086  # args: words
    bash scripts/mutate.sh $args > /dev/null 2> "$TMP/err"
    check "scripts/mutate.sh $args is refused (exit 2, named)" "$([ $? = 2 ] && grep -q "is not" "$TMP/err"; echo $?)" \
        "$(cat "$TMP/err")"
done
MUTANTS="$total" bash scripts/mutate.sh > /dev/null 2> "$TMP/err"
check "MUTANTS=$total (past the last) is refused (exit 2, the range named)" \
    "$([ $? = 2 ] && grep -q "0\.\.$((total - 1))" "$TMP/err"; echo $?)" "$(cat "$TMP/err")"

echo "1..$N"
[ "$FAILED" -eq 0 ]
