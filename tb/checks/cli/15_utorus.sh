# SPDX-License-Identifier: MIT
# check_cli.sh, part 15: the unidirectional torus (topo=utorus, docs/microarchitecture.md section
# 24) and hotspot's hot_others (docs/traffic.md section 4). Sourced by tb/checks/check_cli.sh (its
# helpers: tn, bad, jcheck, ran_ok, ...); not run alone.

tn run k=8 n=2 topo=utorus vcs=3 routing=minad pkt=32 buf=8 term=3 traffic=hotspot hot_frac=0.16 \
    hot_others=on load=0.2 warmup=500 measure=3000 --json
cp "$TMP/out" "$TMP/ju.json"
if ran_ok "--json run topo=utorus routing=minad traffic=hotspot hot_others=on exits 0"; then
    jcheck "utorus: topo echoed, capacity 2/(k-1), accepted within 0.03 of 0.2, no hop longer than minimal, delivered intact" \
        "$TMP/ju.json" 'j["topo"] == "utorus" and abs(j["capacity_flits_per_node_cycle"] - 2/7) < 1e-6 and abs(j["accepted"] - 0.2) < 0.03 and j["nonmin_frac"] == 0 and j["injected"] == j["delivered"] > 0 and j["check_errors"] == 0 and j["router_errors"] == 0'
fi
tn check k=8 n=2 topo=utorus vcs=3 routing=minad
desc="tnsim check topo=utorus routing=minad: acyclic (exit 0)"
[ "$RC" = 0 ] && [[ "$OUT" == *"acyclic"*"utorus"* ]]
check "$desc" $? "exit $RC: $OUT $ERR"
tn check k=8 n=1 topo=utorus vcs=1 routing=dor dateline=off
desc="tnsim check topo=utorus dateline=off: a cycle (exit 1)"
[ "$RC" = 1 ] && [[ "$OUT" == *"cycle in the channel dependency graph"* ]]
check "$desc" $? "exit $RC: $OUT $ERR"
tn name k=8 n=2 topo=utorus vcs=3 routing=minad traffic=hotspot hot_others=on
desc="tnsim name: u8x8 ... _hothers"
[ "$RC" = 0 ] && [ "$OUT" = "u8x8_v3_minad_ldsf_b8_p4_hotspot_l0.3_s1_hf0.1_hn0_hothers" ]
check "$desc" $? "exit $RC: '$OUT'"
for r in val goal gal chaos acor; do
    bad "routing=$r on a utorus" "key 'routing'|value '$r'|allowed with topo=utorus: dor minad" \
        run k=8 n=2 topo=utorus vcs=4 routing=$r
done
bad "minad on a utorus with vcs=2" "key 'vcs'|value '2'|allowed: 3..16" \
    run k=8 n=2 topo=utorus vcs=2 routing=minad
bad "hot_others without hotspot" "key 'hot_others'|value 'on'|traffic=hotspot" \
    run k=8 n=2 hot_others=on
bad "hot_others not on/off" "key 'hot_others'|value 'yes'|allowed: on off" \
    run k=8 n=2 traffic=hotspot hot_others=yes
