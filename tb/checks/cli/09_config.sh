# SPDX-License-Identifier: MIT
# check_cli.sh, part 9: --config. Sourced by tb/checks/check_cli.sh (its helpers: tn, bad, jcheck,
# ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before it; not run alone.

cat >"$TMP/good.cfg" <<'EOF'
# tn configuration for the checks

  k = 4        # radix, with blanks around '=' and a comment
n=2
traffic=tornado
warmup=100
measure=500
EOF
tn --config "$TMP/good.cfg" --json
if ran_ok "--config FILE run exits 0"; then
    cp "$TMP/out" "$TMP/c1.json"
    jcheck "--config FILE with comments is honoured (k 4, traffic tornado)" "$TMP/c1.json" \
        'j["k"] == 4 and j["n"] == 2 and j["traffic"] == "tornado"'
fi
tn --config "$TMP/good.cfg" k=8 --json
if ran_ok "--config FILE k=8 run exits 0"; then
    cp "$TMP/out" "$TMP/c2.json"
    jcheck "command-line k=8 after --config overrides the file's k=4; the file's traffic stays" \
        "$TMP/c2.json" 'j["k"] == 8 and j["traffic"] == "tornado"'
fi
