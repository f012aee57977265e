# SPDX-License-Identifier: MIT
# check_cli.sh, part 11: one key table: name, --help. Sourced by tb/checks/check_cli.sh (its
# helpers: tn, bad, jcheck, ran_ok, ...; TAP counters of tb/checks/tap.sh), after the parts before
# it; not run alone.

# tnsim name prints the content name of the configuration (tn_config_name) after the checks.
# name_check DESC EXPECTED ARGS...: tnsim name ARGS prints EXPECTED, exit 0.
name_check() {
    local desc=$1 want=$2
    shift 2
    tn name "$@"
    local shown="tnsim name${*:+ $*}"
    shown=${shown//$TMP/\$TMP}
    if ran_ok "$shown: exits 0"; then
        if [ "$OUT" = "$want" ]; then
            pass "$shown: $desc"
        else
            fail "$shown: $desc" "printed '$OUT', expected '$want'"
        fi
    fi
}
name_check "the default configuration" "t8x8_v2_dor_b8_p4_uniform_l0.3_s1"
name_check "gal adds its selection" "t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1" k=4 vcs=4 routing=gal
name_check "mesh, packet range, randperm's seed, keys off their default" \
    "m4x4x4_v2_minad_sq_b8_p2-8_randperm_ps5_l0.15_s9_term2_transitoff" topo=mesh k=4 n=3 \
    routing=minad selection=sq vcs=2 pkt=2-8 traffic=randperm perm_seed=5 load=0.15 seed=9 \
    term=2 transit=off warmup=7
name_check "acor at its defaults: no acor keys in the name" "t4x4_v4_acor_b8_p4_uniform_l0.3_s1" \
    k=4 vcs=4 routing=acor
name_check "acor: the mode that differs from its default" "t4x4_v4_acor_b8_p4_uniform_l0.3_s1_acor_packet" \
    k=4 vcs=4 routing=acor acor_mode=packet
name_check "from a --config file" "t4x4_v2_dor_b8_p4_tornado_l0.3_s1" --config "$TMP/good.cfg"
bad "name with k out of range" "'k'|99|2..64" name k=99
bad "name with too few VCs for the routing" "vcs|'2'|minad|3..16" name routing=minad vcs=2
bad "name with a load above the injection channel" "load|0.9|0..0.5" name k=4 load=0.9
bad "name with an unknown key lists the model's and tnsim's keys" "foo|switch_load|series_win" \
    name foo=1
bad "name with a sweep key" "loads|only for tnsim sweep" name loads=0.1
bad "CHAOS with packets longer than any buffer" "'pkt'|'100'|allowed with routing=chaos: packets of 1..64 flits" \
    run k=4 vcs=3 routing=chaos pkt=100
printf '0 1 2 200\n' > "$TMP/long.trace"
bad "CHAOS with a trace packet longer than any buffer" "'trace'|200 flits|allowed with routing=chaos: packets of 1..64 flits" \
    run k=4 vcs=3 routing=chaos traffic=trace trace="$TMP/long.trace"
bad "sat with a trace (it ignores load)" "'traffic'|'trace'|tnsim sat|allowed: tnsim run, check or name" \
    sat k=4 traffic=trace trace=tb/regress/trace_worked.txt
bad "sweep with a trace (it ignores load)" "'traffic'|'trace'|tnsim sweep|allowed: tnsim run, check or name" \
    sweep k=4 traffic=trace trace=tb/regress/trace_worked.txt loads=0.1,0.2
name_check "a trace names its file" "t4x4_v2_dor_b8_p4_trace_l0.3_s1_trtrace_worked.txt" \
    k=4 traffic=trace trace=tb/regress/trace_worked.txt

# A --config file may hold tnsim's own keys too.
cat >"$TMP/sweep.cfg" <<EOF
loads=0.1,0.2,0.3   # tnsim's key
k=4
n=2
traffic=tornado
warmup=200
measure=1000
out=$TMP/sweep_cfg.csv
EOF
tn sweep --config "$TMP/sweep.cfg"
if ran_ok "sweep --config FILE with loads= and out= in the file exits 0"; then
    sweep_check "sweep --config FILE: the file's loads and out are honoured" "$TMP/sweep_cfg.csv"
fi

# tnsim --help: one line per key ("  KEY DEFAULT ALLOWED HELP") for every key of the model and of
# tnsim, including every key the unknown-key message names; and the modes.
tn --help
if ran_ok "tnsim --help exits 0"; then
    cp "$TMP/out" "$TMP/help.txt"
    tn foo=1
    listed=$(sed -n "s/.*allowed keys: //p" "$TMP/err")
    missing=()
    for key in k n topo vcs buf pkt flitw term routing selection traffic load warmup measure \
        drain seed perm_seed hot_frac hot_nodes trace dateline transit watchdog gal_sets gal_t \
        gal_adapt gal_tmin gal_tmax gal_n1 gal_n2 gal_qdepth chaos_wait chaos_q switch_at \
        switch_traffic switch_load loads tol out jobs seeds seeds_perm chan_out pair pair_shift pair_out \
        series series_win $listed; do
        grep -qE "^  $key +[^ ]+ +[^ ]" "$TMP/help.txt" || missing+=("$key")
    done
    if [ -n "$listed" ] && [ ${#missing[@]} -eq 0 ]; then
        pass "tnsim --help lists every key of the model and of tnsim, with its default and range"
    else
        fail "tnsim --help lists every key of the model and of tnsim, with its default and range" \
            "missing: ${missing[*]}" "unknown-key list: $listed"
    fi
    if grep -qE "^  hot_nodes +0 +1\.\.16 node ids a,b,\.\.\. " "$TMP/help.txt"; then
        pass "tnsim --help: hot_nodes' range reads 1..16 node ids (a count, not the ids' range)"
    else
        fail "tnsim --help: hot_nodes' range reads 1..16 node ids (a count, not the ids' range)" \
            "$(grep -E "^  hot_nodes" "$TMP/help.txt")"
    fi
    missing=()
    for mode in run sweep sat bound check name; do
        grep -qE "^  $mode +[a-z]" "$TMP/help.txt" || missing+=("$mode")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        pass "tnsim --help describes the modes run sweep sat bound check name"
    else
        fail "tnsim --help describes the modes run sweep sat bound check name" "missing: ${missing[*]}"
    fi
fi

# tnlock's launcher reads the same key table: bad input is refused before any model is built
if [ -x build/bin/tnlock ]; then
    lock_bad() { # DESC EXPECTED-TEXT ARGS...
        local desc=$1 want=$2
        shift 2
        build/bin/tnlock "$@" >"$TMP/out" 2>"$TMP/err"
        local rc=$?
        if [ $rc -eq 2 ] && grep -qF -- "$want" "$TMP/err" && [ ! -s "$TMP/out" ]; then
            pass "tnlock $desc: exit 2, '$want'"
        else
            fail "tnlock $desc: exit 2, '$want'" "rc=$rc" "$(head -c 300 "$TMP/err")"
        fi
    }
    lock_bad "unknown key" "unknown key 'foo' (value '1')" foo=1
    lock_bad "bad rtl" "key 'rtl': value 'xyz' is not allowed; allowed: net rtr emu" rtl=xyz
    lock_bad "bad model" "key 'model': value 'maybe' is not allowed; allowed: on off" model=maybe
    lock_bad "bad overlap" "key 'overlap': value 'yes' is not allowed; allowed: on off" overlap=yes
    lock_bad "bad cycles" "key 'cycles': value '0' is not allowed; allowed: 1..100000000" cycles=0
    lock_bad "gal on tn_torus" "key 'rtl': value 'net' is not allowed with routing=gal" routing=gal vcs=4
    lock_bad "acor on tn_torus" "key 'rtl': value 'net' is not allowed with routing=acor; allowed: rtr emu" routing=acor vcs=4
    lock_bad "acor below its least V" "key 'vcs': value '3' is too few for routing=acor" rtl=rtr routing=acor vcs=3
    lock_bad "a pattern's key without its pattern" "key 'perm_seed' (value '3') is set but traffic is 'uniform'" perm_seed=3
    lock_bad "model key range" "key 'k': value '1' is not allowed" k=1
    build/bin/tnlock --help >"$TMP/out" 2>&1
    if grep -qE '^  model +on' "$TMP/out" && grep -qE '^  rtl +net' "$TMP/out"; then
        pass "tnlock --help lists its own keys with their defaults"
    else
        fail "tnlock --help lists its own keys with their defaults" "$(head -c 300 "$TMP/out")"
    fi
else
    fail "tnlock's checks" "build/bin/tnlock is not built (make build/bin/tnlock)"
fi
