/* SPDX-License-Identifier: MIT */
/* The command line (tn_cli.h) and the table of the model's keys (config.c, tn_keys.h): the
 * table's defaults are tn_config_default's, every key accepts its default, bad values give the
 * message with the range, each enumeration value is set by its name (and a value outside is
 * "?"), the unknown-key message lists every key, tn_cli_parse with a
 * program's extra keys on the command line and in --config, tn_config_name, and the
 * replications' statistics (tn_t975, tn_mean_ci). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tn_test.h"
#include "tn_cli.h"
#include "tn_keys.h"

/* The key list of tn_config_set's unknown-key message before the table replaced it, with
 * hot_others and pipe added since. */
static const char old_key_list[] =
    "k n topo vcs buf pkt flitw term routing selection traffic load warmup measure drain seed "
    "perm_seed hot_frac hot_nodes hot_others trace dateline transit pipe watchdog gal_sets gal_t "
    "gal_adapt gal_tmin gal_tmax gal_n1 gal_n2 gal_qdepth acor_seq acor_mode acor_hi acor_it1 acor_it2 "
    "acor_dt1 acor_dt2 chaos_wait chaos_q switch_at switch_traffic switch_load";

/* Clear the "given" flags a key sets (load_set, ...): what remains must be the default. */
static void clear_given(tn_config *c)
{
    int nk;
    const tn_key *k = tn_keys(&nk);
    for (int i = 0; i < nk; i++)
        if (k[i].given != TN_KEY_NO_FIELD)
            *(int *)((char *)c + k[i].given) = 0;
}

/* Every key with a default: its default string, set on tn_config_default's configuration, gives
 * that configuration back (the value is the default's, and nothing else moves). */
static void test_table_defaults_equal_config_default(void **st)
{
    (void)st;
    int nk, nodef = 0;
    const tn_key *k = tn_keys(&nk);
    assert_int_equal(nk, 45);
    tn_config d;
    tn_config_default(&d);
    for (int i = 0; i < nk; i++) {
        char err[TN_CLI_ERRLEN] = "";
        tn_config c;
        if (!k[i].def) {
            /* no literal default: the trace file, and the switch's pattern and load (those of
             * traffic and load when not given) */
            if (strcmp(k[i].name, "trace") && strcmp(k[i].name, "switch_traffic") &&
                strcmp(k[i].name, "switch_load"))
                fail_msg("key '%s' has no default in the table", k[i].name);
            nodef++;
            continue;
        }
        /* start from a configuration where the key's field(s) differ from the default */
        tn_config_default(&c);
        memset((char *)&c + k[i].off, 0x5a, k[i].type == TN_KEY_LONG     ? sizeof(long)
                                             : k[i].type == TN_KEY_DOUBLE ? sizeof(double)
                                             : k[i].type == TN_KEY_U32    ? sizeof(uint32_t)
                                                                          : sizeof(int));
        if (k[i].off2 != TN_KEY_NO_FIELD)
            memset((char *)&c + k[i].off2, 0x5a, sizeof(int));
        if (tn_config_set(&c, k[i].name, k[i].def, err, sizeof err))
            fail_msg("key '%s': default '%s' refused: %s", k[i].name, k[i].def, err);
        clear_given(&c);
        if (memcmp(&c, &d, sizeof c))
            fail_msg("key '%s': default '%s' does not give tn_config_default's value", k[i].name,
                     k[i].def);
    }
    assert_int_equal(nodef, 3);
}

/* Every key accepts its default (those without one: a value of the key's own kind), one by one
 * and all at once through tn_cli_parse, and a key's default passes tn_config_check (with its
 * pattern, for a pattern's key). */
static void test_every_key_accepts_its_default(void **st)
{
    (void)st;
    int nk;
    const tn_key *k = tn_keys(&nk);
    char words[42][64];
    char *argv[43];
    int argc = 0;
    argv[argc++] = "test_cli";
    for (int i = 0; i < nk; i++) {
        char err[TN_CLI_ERRLEN] = "";
        tn_config c;
        const char *v = k[i].def ? k[i].def
                        : !strcmp(k[i].name, "trace") ? "trace.txt"
                        : !strcmp(k[i].name, "switch_traffic") ? "uniform" : "0.3";
        tn_config_default(&c);
        if (tn_config_set(&c, k[i].name, v, err, sizeof err))
            fail_msg("key '%s' refused '%s': %s", k[i].name, v, err);
        /* a pattern's own key is checked with its pattern (alone it is refused: test_config_unused) */
        if (!strcmp(k[i].name, "perm_seed"))
            c.traffic = TN_TR_RANDPERM;
        else if (!strncmp(k[i].name, "hot_", 4))
            c.traffic = TN_TR_HOTSPOT;
        if (k[i].def && tn_config_check(&c, err, sizeof err))
            fail_msg("key '%s'='%s': the check refused it: %s", k[i].name, v, err);
        if (k[i].def) {
            assert_true(argc < 43);
            snprintf(words[argc - 1], sizeof words[0], "%s=%s", k[i].name, k[i].def);
            argv[argc] = words[argc - 1];
            argc++;
        }
    }
    tn_config c, d;
    char err[TN_CLI_ERRLEN] = "";
    int json = 0;
    tn_config_default(&c);
    c.k = 4;
    c.routing = TN_ROUTE_GAL; /* the words below must set them back */
    tn_config_default(&d);
    assert_int_equal(tn_cli_parse(argc, argv, 1, &c, NULL, 0, NULL, &json, err, sizeof err), 0);
    clear_given(&c);
    assert_memory_equal(&c, &d, sizeof c);
    assert_int_equal(json, 0);
}

/* Each integer key: below its range, above it, not a number, empty: the message names the key,
 * the value and the range, and the configuration is unchanged. */
static void test_int_keys_bad_values(void **st)
{
    (void)st;
    int nk, nint = 0;
    const tn_key *k = tn_keys(&nk);
    for (int i = 0; i < nk; i++) {
        if (k[i].type != TN_KEY_INT && k[i].type != TN_KEY_LONG && k[i].type != TN_KEY_U32)
            continue;
        nint++;
        char vals[4][32];
        snprintf(vals[0], sizeof vals[0], "%ld", k[i].lo - 1);
        snprintf(vals[1], sizeof vals[1], "%ld", k[i].hi + 1);
        snprintf(vals[2], sizeof vals[2], "x");
        vals[3][0] = 0;
        for (int j = 0; j < 4; j++) {
            char err[TN_CLI_ERRLEN] = "", want[TN_CLI_ERRLEN];
            tn_config c, d;
            tn_config_default(&c);
            tn_config_default(&d);
            snprintf(want, sizeof want,
                     "key '%s': value '%s' is not allowed; allowed: an integer in %ld..%ld",
                     k[i].name, vals[j], k[i].lo, k[i].hi);
            assert_int_equal(tn_config_set(&c, k[i].name, vals[j], err, sizeof err), -1);
            assert_string_equal(err, want);
            assert_memory_equal(&c, &d, sizeof c);
        }
    }
    assert_int_equal(nint, 26);
}

/* The two number forms (tn_cli_long, tn_cli_double), by themselves and through keys of each
 * kind: what strtol and strtod would also take (a blank, a sign, hexadecimal, inf) is refused,
 * and a refused value leaves the configuration as it was. */
static void test_number_forms(void **st)
{
    (void)st;
    static const char *const int_ok[] = {"4", "04", "64"};
    static const char *const int_bad[] = {" 4", "+4", "-0", "4 ", "0x4", "4.0", "1e1", "",
                                          "99999999999999999999999"};
    static const char *const dbl_ok[] = {"0.3", ".3", "3.", "3e-1", "3E-1", "0.03e+1", "0",
                                         "99.9", "9e-9", "9.09E+1", "0e9"};
    static const char *const dbl_bad[] = {" 0.3", "+0.3", "-0.3", "0.3 ", "0x0.3p0", "inf",
                                          "nan", ".", "e1", "1e", "1e+", "0.3.1", "", "1e-400"};
    long x = 7;
    double d = 7;
    for (size_t i = 0; i < sizeof int_ok / sizeof int_ok[0]; i++) {
        assert_int_equal(tn_cli_long(int_ok[i], 2, 64, &x), 0);
        assert_int_equal(x, strtol(int_ok[i], NULL, 10));
    }
    for (size_t i = 0; i < sizeof int_bad / sizeof int_bad[0]; i++) {
        x = 7;
        assert_int_equal(tn_cli_long(int_bad[i], 0, 64, &x), -1);
        assert_int_equal(x, 7);
    }
    assert_int_equal(tn_cli_long("65", 2, 64, &x), -1);
    assert_int_equal(tn_cli_long("1", 2, 64, &x), -1);
    for (size_t i = 0; i < sizeof dbl_ok / sizeof dbl_ok[0]; i++) {
        assert_int_equal(tn_cli_double(dbl_ok[i], 0, 100, &d), 0);
        assert_true(d == strtod(dbl_ok[i], NULL));
    }
    for (size_t i = 0; i < sizeof dbl_bad / sizeof dbl_bad[0]; i++) {
        d = 7;
        assert_int_equal(tn_cli_double(dbl_bad[i], 0, 100, &d), -1);
        assert_true(d == 7);
    }
    assert_int_equal(tn_cli_double("100.5", 0, 100, &d), -1);
    /* through the keys: an int, a double, a packet range, node ids */
    static const char *const key_val[][2] = {{"k", " 4"}, {"k", "+4"}, {"load", " 0.3"},
                                            {"load", "0x0.3p0"}, {"pkt", "2- 4"},
                                            {"pkt", "+2-4"}, {"hot_nodes", "1, 2"},
                                            {"hot_nodes", "+1"}, {"seed", "-1"}};
    for (size_t i = 0; i < sizeof key_val / sizeof key_val[0]; i++) {
        char err[TN_CLI_ERRLEN] = "", want[TN_CLI_ERRLEN];
        tn_config c, e;
        tn_config_default(&c);
        tn_config_default(&e);
        assert_int_equal(tn_config_set(&c, key_val[i][0], key_val[i][1], err, sizeof err), -1);
        snprintf(want, sizeof want, "key '%s': value '%s' is not allowed", key_val[i][0],
                 key_val[i][1]);
        assert_memory_equal(err, want, strlen(want));
        assert_memory_equal(&c, &e, sizeof c);
    }
}

/* The messages of the other kinds of key, word for word as they were before the table. */
static void test_other_keys_messages(void **st)
{
    (void)st;
    static const struct {
        const char *key, *value, *msg;
    } cases[] = {
        {"k", "99", "key 'k': value '99' is not allowed; allowed: an integer in 2..64"},
        {"seed", "-5",
         "key 'seed': value '-5' is not allowed; allowed: an integer in 0..4294967295"},
        {"pkt", "5-3", "key 'pkt': value '5-3' is not allowed; allowed: a length L or a range A-B, "
                       "1 <= A <= B <= 256"},
        {"load", "abc", "key 'load': value 'abc' is not allowed; allowed: a number in 0..100 "
                        "(fraction of capacity)"},
        {"switch_load", "101", "key 'switch_load': value '101' is not allowed; allowed: a number "
                               "in 0..100 (fraction of capacity)"},
        {"hot_frac", "2", "key 'hot_frac': value '2' is not allowed; allowed: a number in 0..1"},
        {"routing", "xy", "key 'routing': value 'xy' is not allowed; allowed: dor minad val goal "
                          "gal chaos acor"},
        {"acor_seq", "box", "key 'acor_seq': value 'box' is not allowed; allowed: box-full "
                            "goalq-full box-goalq-full box-goalq (the restriction sets of ACOR's "
                            "levels, shortest first)"},
        {"acor_mode", "switch", "key 'acor_mode': value 'switch' is not allowed; allowed: router "
                                "packet (a level per router with hysteresis; a level per packet)"},
        {"topo", "ring", "key 'topo': value 'ring' is not allowed; allowed: torus mesh utorus"},
        {"selection", "greedy", "key 'selection': value 'greedy' is not allowed; allowed: random "
                                "dor zigzag lru ldsf sq"},
        {"traffic", "zipf", "key 'traffic': value 'zipf' is not allowed; allowed: uniform tornado "
                            "bitcomp bitrev shuffle butterfly transpose neighbor randperm hotspot "
                            "trace"},
        {"switch_traffic", "trace", "key 'switch_traffic': value 'trace' is not allowed; allowed: "
                                    "uniform tornado bitcomp bitrev shuffle butterfly transpose "
                                    "neighbor randperm hotspot"},
        {"gal_sets", "3", "key 'gal_sets': value '3' is not allowed; allowed: 1 2 dir dst (one "
                          "set; near/far; by minimal direction, 2^n sets; one per destination)"},
        {"gal_adapt", "yes", "key 'gal_adapt': value 'yes' is not allowed; allowed: on off"},
        {"transit", "1", "key 'transit': value '1' is not allowed; allowed: on off (on: network "
                         "inputs before injection in switch allocation)"},
        {"dateline", "no", "key 'dateline': value 'no' is not allowed; allowed: on off (off: no "
                           "dateline classes, deadlock-prone)"},
        {"hot_nodes", "1,,2", "key 'hot_nodes': value '1,,2' is not allowed; allowed: 1..16 "
                              "comma-separated node ids, each 0..k^n-1 (at most 65535)"},
        {"hot_nodes", "", "key 'hot_nodes': value '' is not allowed; allowed: 1..16 "
                          "comma-separated node ids, each 0..k^n-1 (at most 65535)"},
        {"trace", "", "key 'trace': value '' is not allowed; allowed: a file path of 1..255 "
                      "characters"},
        /* a node id of 32 characters is refused, not copied past its 31-character buffer */
        {"hot_nodes", "3,00000000000000000000000000000001", "key 'hot_nodes': value "
         "'3,00000000000000000000000000000001' is not allowed; allowed: 1..16 comma-separated "
         "node ids, each 0..k^n-1 (at most 65535)"},
        /* a range's first length empty, or longer than the 31 characters read (the value is
         * refused, not read past its buffer) */
        {"pkt", "-4", "key 'pkt': value '-4' is not allowed; allowed: a length L or a range A-B, "
                      "1 <= A <= B <= 256"},
        {"pkt", "00000000000000000000000000000004-8",
         "key 'pkt': value '00000000000000000000000000000004-8' is not allowed; allowed: a length "
         "L or a range A-B, 1 <= A <= B <= 256"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_CLI_ERRLEN] = "";
        tn_config_default(&c);
        assert_int_equal(tn_config_set(&c, cases[i].key, cases[i].value, err, sizeof err), -1);
        assert_string_equal(err, cases[i].msg);
    }
}

/* The names of the enumerations (config.c): each valid value's name is the key's value that
 * sets it, and a value outside the enumeration, one below or one past the last, is "?". */
static void test_enum_names(void **st)
{
    (void)st;
    static const struct {
        const char *key;
        const char *(*name)(int);
        int last;
        size_t off;
    } e[] = {
        {"routing", tn_routing_name, TN_ROUTE_LAST, offsetof(tn_config, routing)},
        {"traffic", tn_traffic_name, TN_TR_LAST, offsetof(tn_config, traffic)},
        {"topo", tn_topo_name, TN_TOPO_LAST, offsetof(tn_config, topo)},
        {"selection", tn_selection_name, TN_SEL_LAST, offsetof(tn_config, selection)},
    };
    for (size_t i = 0; i < sizeof e / sizeof e[0]; i++) {
        for (int v = 0; v < e[i].last; v++) {
            tn_config c;
            char err[TN_CLI_ERRLEN] = "";
            tn_config_default(&c);
            const char *nm = e[i].name(v);
            if (tn_config_set(&c, e[i].key, nm, err, sizeof err) ||
                *(int *)((char *)&c + e[i].off) != v)
                fail_msg("%s=%s (the name of %d): %s", e[i].key, nm, v, err);
        }
        assert_string_equal(e[i].name(-1), "?");
        assert_string_equal(e[i].name(e[i].last), "?");
    }
}

/* K^N at most TN_MAX_NODES: 16^4 = 65,536 nodes pass the check, 17^4 = 83,521 are refused,
 * naming both keys, the count and the maximum. */
static void test_node_count_limit(void **st)
{
    (void)st;
    static const struct { int k, n; long nodes; } cases[] = {
        {16, 4, 65536}, {17, 4, 83521}, {64, 2, 4096}, {2, 4, 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_CLI_ERRLEN] = "", want[128];
        tn_config_default(&c);
        c.k = cases[i].k;
        c.n = cases[i].n;
        c.load = 0.01;
        int r = tn_config_check(&c, err, sizeof err);
        snprintf(want, sizeof want, "keys 'k','n': k^n = %d^%d = %ld nodes exceeds the maximum %d",
                 c.k, c.n, cases[i].nodes, TN_MAX_NODES);
        if (cases[i].nodes > TN_MAX_NODES ? r == 0 || strcmp(err, want) : r != 0)
            fail_msg("k=%d n=%d (%ld nodes): %s", c.k, c.n, cases[i].nodes, r ? err : "accepted");
    }
}

/* A load at exactly what the injection channels carry is allowed, for load and for
 * switch_load; a load above it is refused, naming the key and the largest load (k = 4 torus,
 * uniform: 0.5 of capacity is one flit per node and cycle). */
static void test_load_at_capacity(void **st)
{
    (void)st;
    static const struct { const char *load, *switch_load, *bad_key; } cases[] = {
        {"0.5", "0.1", NULL}, {"0.1", "0.5", NULL}, {"0.5001", "0.1", "'load'"},
        {"0.1", "0.5001", "'switch_load'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_CLI_ERRLEN] = "";
        tn_config_default(&c);
        c.k = 4;
        assert_int_equal(tn_config_set(&c, "load", cases[i].load, err, sizeof err), 0);
        assert_int_equal(tn_config_set(&c, "switch_load", cases[i].switch_load, err, sizeof err),
                         0);
        assert_int_equal(tn_config_set(&c, "switch_at", "100", err, sizeof err), 0);
        int r = tn_config_check(&c, err, sizeof err);
        if (cases[i].bad_key ? r == 0 || !strstr(err, cases[i].bad_key) ||
                                   !strstr(err, "allowed: 0..0.5 for k=4 torus")
                             : r != 0)
            fail_msg("load=%s switch_load=%s: %s", cases[i].load, cases[i].switch_load,
                     r ? err : "accepted");
    }
}

/* The word w occurs in the space-separated list s. */
static int has_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
        if ((p == s || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
            return 1;
    return 0;
}

static void test_unknown_key_lists_every_key(void **st)
{
    (void)st;
    tn_config c;
    char err[TN_CLI_ERRLEN] = "", want[TN_CLI_ERRLEN];
    int nk;
    const tn_key *k = tn_keys(&nk);
    tn_config_default(&c);
    assert_int_equal(tn_config_set(&c, "bogus", "1", err, sizeof err), -1);
    snprintf(want, sizeof want, "unknown key 'bogus' (value '1'); allowed keys: %s", old_key_list);
    assert_string_equal(err, want);
    const char *list = strstr(err, "allowed keys: ") + strlen("allowed keys: ");
    for (int i = 0; i < nk; i++)
        if (!has_word(list, k[i].name))
            fail_msg("unknown-key message lacks '%s': %s", k[i].name, err);
    /* a short buffer truncates it, terminated */
    char small[40];
    assert_int_equal(tn_config_set(&c, "bogus", "1", small, sizeof small), -1);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, want, sizeof small - 1);
}

/* ---- tn_cli_parse with a program's own keys ---- */

typedef struct prog_ctx {
    long cycles;
    char waves[64];
    int strict_calls;
} prog_ctx;

static int set_cycles(void *ctx, const char *v, char *err, size_t errlen)
{
    prog_ctx *p = ctx;
    char *end;
    (void)err, (void)errlen;
    long x = strtol(v, &end, 10);
    if (end == v || *end || x < 1 || x > 100000000L)
        return -1; /* tn_cli_parse writes the message with the range */
    p->cycles = x;
    return 0;
}

static int set_waves(void *ctx, const char *v, char *err, size_t errlen)
{
    prog_ctx *p = ctx;
    (void)err, (void)errlen;
    if (strlen(v) >= sizeof p->waves)
        return -1;
    strcpy(p->waves, v); /* the value of a --config line does not outlive the call */
    return 0;
}

static int set_strict(void *ctx, const char *v, char *err, size_t errlen)
{
    prog_ctx *p = ctx;
    p->strict_calls++;
    snprintf(err, errlen, "key 'strict': value '%s' is never allowed; allowed: nothing", v);
    return -1;
}

static const tn_cli_key prog_keys[] = {
    {"cycles", "1..100000000", "warmup+measure", "lockstep cycles before the drain", set_cycles},
    {"waves", "DIR", "build/waves", "where the waveforms go", set_waves},
    {"strict", "nothing", NULL, "refuses every value with its own message", set_strict},
};
#define NPROG ((int)(sizeof prog_keys / sizeof prog_keys[0]))

static int parse(int argc, char **argv, tn_config *c, prog_ctx *p, int *json, char *err)
{
    tn_config_default(c);
    memset(p, 0, sizeof *p);
    *json = 0;
    err[0] = 0;
    return tn_cli_parse(argc, argv, 1, c, prog_keys, NPROG, p, json, err, TN_CLI_ERRLEN);
}

static void test_cli_parse_extra_keys(void **st)
{
    (void)st;
    tn_config c;
    prog_ctx p;
    int json;
    char err[TN_CLI_ERRLEN];
    {
        char *argv[] = {"build/vl/x/tnlock", "k=4", "cycles=7", "--json", "routing=minad",
                        "waves=/tmp/w", "k=6"};
        assert_int_equal(parse(7, argv, &c, &p, &json, err), 0);
        assert_int_equal(c.k, 6); /* later words override earlier ones */
        assert_int_equal(c.routing, TN_ROUTE_MINAD);
        assert_int_equal(p.cycles, 7);
        assert_string_equal(p.waves, "/tmp/w");
        assert_int_equal(json, 1);
    }
    {
        char *argv[] = {"tnlock", "k=4", "cycles=0"};
        assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
        assert_string_equal(err, "key 'cycles': value '0' is not allowed; allowed: 1..100000000");
    }
    {
        char *argv[] = {"tnlock", "strict=1"};
        assert_int_equal(parse(2, argv, &c, &p, &json, err), -1);
        assert_string_equal(err, "key 'strict': value '1' is never allowed; allowed: nothing");
        assert_int_equal(p.strict_calls, 1);
    }
    {
        char *argv[] = {"tnlock", "k=99"};
        assert_int_equal(parse(2, argv, &c, &p, &json, err), -1);
        assert_string_equal(err,
                            "key 'k': value '99' is not allowed; allowed: an integer in 2..64");
    }
    {
        /* the unknown-key message lists every model key, then every extra key */
        char *argv[] = {"tnlock", "bogus=1"}, want[TN_CLI_ERRLEN];
        assert_int_equal(parse(2, argv, &c, &p, &json, err), -1);
        snprintf(want, sizeof want,
                 "unknown key 'bogus' (value '1'); allowed keys: %s cycles waves strict",
                 old_key_list);
        assert_string_equal(err, want);
    }
    {
        char *argv[] = {"/x/tnlock", "bogus"};
        assert_int_equal(parse(2, argv, &c, &p, &json, err), -1);
        assert_string_equal(err, "argument 'bogus' is not key=value (see tnlock --help)");
    }
    {
        char *argv[] = {"tnlock", "=4"};
        assert_int_equal(parse(2, argv, &c, &p, &json, err), -1);
        assert_non_null(strstr(err, "'=4' is not key=value"));
    }
    {
        char *argv[] = {"tnlock", "k=4", "--config"};
        assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
        assert_string_equal(err, "--config needs a FILE");
    }
    {
        char *argv[] = {"tnlock", "k=4", "--help", "k=99"};
        assert_int_equal(parse(4, argv, &c, &p, &json, err), 1);
        char *argv2[] = {"tnlock", "-h"};
        assert_int_equal(parse(2, argv2, &c, &p, &json, err), 1);
        char *argv3[] = {"tnlock", "k=99", "--help"}; /* in order: the bad key comes first */
        assert_int_equal(parse(3, argv3, &c, &p, &json, err), -1);
    }
    {
        /* first skips a mode word; json NULL refuses --json */
        char *argv[] = {"tnsim", "sweep", "k=4", "--json"};
        tn_config_default(&c);
        assert_int_equal(tn_cli_parse(4, argv, 2, &c, NULL, 0, NULL, NULL, err, sizeof err), -1);
        assert_string_equal(err, "argument '--json' is not key=value (see tnsim --help)");
        assert_int_equal(c.k, 4);
        assert_int_equal(tn_cli_parse(3, argv, 2, &c, NULL, 0, NULL, NULL, err, sizeof err), 0);
    }
}

/* The file at path holds text and nothing else. */
static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* A new temporary file (path: a buffer holding "/tmp/tn_test_cli_XXXXXX") holding text. */
static void tmp_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    put_file(path, text);
}

/* A --config file with model and extra keys, blanks and tabs around '=' or before it alone, a
 * CRLF line end and a last line without its newline; tn_config_load (no extra keys) refuses the
 * extra key with the unknown-key message. */
static void test_cli_config_file_extra_key(void **st)
{
    (void)st;
    char path[] = "/tmp/tn_test_cli_XXXXXX";
    tmp_file(path, "# a program's configuration\n  k\t= \t4   # radix\nn =3\ncycles = 9\r\n"
                   "waves=/x/y\ntraffic=tornado");
    tn_config c;
    prog_ctx p;
    int json;
    char err[TN_CLI_ERRLEN], want[TN_CLI_ERRLEN];
    {
        char *argv[] = {"tnlock", "--config", path, "k=8", "--json"};
        assert_int_equal(parse(5, argv, &c, &p, &json, err), 0);
        assert_int_equal(c.k, 8); /* the command line after --config overrides the file */
        assert_int_equal(c.n, 3);  /* a blank before '=' and none after */
        assert_int_equal(c.traffic, TN_TR_TORNADO);
        assert_int_equal(p.cycles, 9);
        assert_string_equal(p.waves, "/x/y");
        assert_int_equal(json, 1);
    }
    {
        char *argv[] = {"tnlock", "cycles=3", "--config", path};
        assert_int_equal(parse(4, argv, &c, &p, &json, err), 0);
        assert_int_equal(c.k, 4);
        assert_int_equal(p.cycles, 9);
    }
    tn_config_default(&c);
    assert_int_equal(tn_config_load(&c, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:4: unknown key 'cycles' (value '9'); allowed keys: %s", path,
             old_key_list);
    assert_string_equal(err, want);
    /* a bad extra value in the file: file, line, key, value, range */
    put_file(path, "k=4\ncycles=0\n");
    {
        char *argv[] = {"tnlock", "--config", path};
        assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
        snprintf(want, sizeof want,
                 "%s:2: key 'cycles': value '0' is not allowed; allowed: 1..100000000", path);
        assert_string_equal(err, want);
    }
    put_file(path, "k=4\nbogus=2\n");
    {
        char *argv[] = {"tnlock", "--config", path};
        assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
        snprintf(want, sizeof want,
                 "%s:2: unknown key 'bogus' (value '2'); allowed keys: %s cycles waves strict",
                 path, old_key_list);
        assert_string_equal(err, want);
    }
    unlink(path);
    {
        char *argv[] = {"tnlock", "--config", path};
        assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
        snprintf(want, sizeof want, "--config: cannot open '%s': No such file or directory",
                 path);
        assert_string_equal(err, want);
    }
}

/* A --config that opens but cannot be read (a directory) is an error naming the file and the
 * OS's reason, through tn_config_load and tn_cli_parse alike; it is not an empty file. */
static void test_cli_config_read_error(void **st)
{
    (void)st;
    char dir[] = "/tmp/tn_test_cli_dir_XXXXXX";
    assert_non_null(mkdtemp(dir));
    tn_config c;
    prog_ctx p;
    int json;
    char err[TN_CLI_ERRLEN], want[TN_CLI_ERRLEN];
    snprintf(want, sizeof want, "--config: %s:1: read error: Is a directory", dir);
    tn_config_default(&c);
    assert_int_equal(tn_config_load(&c, dir, err, sizeof err), -1);
    assert_string_equal(err, want);
    char *argv[] = {"tnlock", "k=4", "--config", dir};
    assert_int_equal(parse(4, argv, &c, &p, &json, err), -1);
    assert_string_equal(err, want);
    rmdir(dir);
}

/* Lines a --config file may not hold, each refused with the file, the line and the reason: one
 * longer than the 1,022 characters read (a line of exactly 1,022 is read), one without '='; and
 * a command-line key longer than the 63 characters a key may have (64 refused, 63 looked up). */
static void test_cli_config_bad_lines(void **st)
{
    (void)st;
    char path[] = "/tmp/tn_test_cli_XXXXXX";
    tmp_file(path, "");
    tn_config c;
    prog_ctx p;
    int json;
    char err[TN_CLI_ERRLEN], want[TN_CLI_ERRLEN], text[1100];
    char *argv[] = {"tnlock", "--config", path};
    for (int len = 1022; len <= 1023; len++) {
        snprintf(text, sizeof text, "k=4\n# %0*d\ncycles=7\n", len - 2, 0); /* line 2: len chars */
        put_file(path, text);
        int r = parse(3, argv, &c, &p, &json, err);
        if (len == 1022) {
            assert_int_equal(r, 0);
            assert_int_equal(p.cycles, 7);
        } else {
            assert_int_equal(r, -1);
            snprintf(want, sizeof want, "%s:2: line longer than 1022 characters", path);
            assert_string_equal(err, want);
        }
    }
    put_file(path, "k=4\n  vcs 3  # no '='\n");
    assert_int_equal(parse(3, argv, &c, &p, &json, err), -1);
    snprintf(want, sizeof want, "%s:2: expected key=value, got 'vcs 3'", path);
    assert_string_equal(err, want);
    unlink(path);
    char key[80];
    memset(key, 'a', sizeof key);
    snprintf(key + 64, sizeof key - 64, "=1");
    char *kv[] = {"tnlock", key};
    assert_int_equal(parse(2, kv, &c, &p, &json, err), -1);
    assert_string_equal(err, "key 'aaaaaaaaaaaaaaaaaaaa...' is too long; allowed: at most 63 "
                             "characters");
    snprintf(key + 63, sizeof key - 63, "=1");
    assert_int_equal(parse(2, kv, &c, &p, &json, err), -1);
    snprintf(want, sizeof want, "unknown key '%.63s' (value '1')", key);
    assert_non_null(strstr(err, want));
}

/* perm_seed, hot_frac and hot_nodes record that they were given (tnsim refuses them when no
 * pattern of the run reads them); hot_nodes' range in the usage is a count of node ids. */
static void test_given_flags_and_hot_nodes_brief(void **st)
{
    (void)st;
    static const struct {
        const char *key, *value;
        size_t flag;
    } cases[] = {
        {"perm_seed", "1", offsetof(tn_config, perm_seed_set)},
        {"hot_frac", "0.1", offsetof(tn_config, hot_frac_set)},
        {"hot_nodes", "0", offsetof(tn_config, hot_nodes_set)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        char err[TN_CLI_ERRLEN] = "";
        tn_config_default(&c);
        assert_int_equal(*(int *)((char *)&c + cases[i].flag), 0);
        assert_int_equal(tn_config_set(&c, cases[i].key, cases[i].value, err, sizeof err), 0);
        assert_int_equal(*(int *)((char *)&c + cases[i].flag), 1);
        assert_int_equal(tn_key_find(cases[i].key)->given, cases[i].flag);
    }
    char brief[64];
    tn_key_brief(tn_key_find("hot_nodes"), brief, sizeof brief);
    assert_string_equal(brief, "1..16 node ids a,b,...");
}

/* The usage text lists key name with the default def (the column after the name, a word). */
static void usage_default_is(const char *text, const char *name, const char *def)
{
    char line[128], got[64] = "";
    snprintf(line, sizeof line, "\n  %s ", name);
    const char *p = strstr(text, line);
    if (!p)
        fail_msg("usage lacks key '%s':\n%s", name, text);
    if (sscanf(p + strlen(line), "%63s", got) != 1 || strcmp(got, def))
        fail_msg("usage: key '%s' shows the default '%s', not '%s'", name, got, def);
}

/* "--keys" parses as "--help" does (1), and the next usage is the key table alone: a header
 * and one tab-separated line per model key and extra key (key, default as shown, allowed,
 * help), no synopsis; the usage after it is the usual text again. */
static void test_cli_keys_tsv(void **st)
{
    (void)st;
    tn_config c;
    tn_config_default(&c);
    char err[TN_CLI_ERRLEN];
    char *argv[] = {"prog", "k=4", "--keys"};
    assert_int_equal(tn_cli_parse(3, argv, 1, &c, NULL, 0, NULL, NULL, err, sizeof err), 1);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    static const char *const over[] = {"seed=77", NULL};
    tn_cli_usage_defs(f, "usage: x", prog_keys, NPROG, over);
    fclose(f);
    int nk;
    tn_keys(&nk);
    const char *head = "key\tdefault\tallowed\thelp\n";
    assert_true(!strncmp(text, head, strlen(head)));
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 1 + nk + NPROG);
    char want[512];
    snprintf(want, sizeof want, "\nseed\t77\t0..4294967295\t%s\n", tn_key_find("seed")->help);
    if (!strstr(text, want))
        fail_msg("--keys: no line '%s' in:\n%s", want + 1, text);
    snprintf(want, sizeof want, "\n%s\t%s\t%s\t%s\n", prog_keys[0].name,
             prog_keys[0].def ? prog_keys[0].def : "-", prog_keys[0].range, prog_keys[0].help);
    if (!strstr(text, want))
        fail_msg("--keys: no line '%s' in:\n%s", want + 1, text);
    assert_null(strstr(text, "usage: x"));
    free(text);
    f = open_memstream(&text, &len);
    assert_non_null(f);
    tn_cli_usage(f, "usage: x", prog_keys, NPROG);
    fclose(f);
    assert_true(!strncmp(text, "usage: x\n", 9));
    free(text);
}

/* The usage text has a line for every model key and every extra key, with its default, after
 * the synopsis as given. */
static void test_cli_usage_lists_every_key(void **st)
{
    (void)st;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    tn_cli_usage(f, "usage: tnlock key=value ...", prog_keys, NPROG);
    fclose(f);
    assert_true(!strncmp(text, "usage: tnlock key=value ...\n", 28));
    int nk;
    const tn_key *k = tn_keys(&nk);
    for (int i = 0; i < nk + NPROG; i++) {
        const char *name = i < nk ? k[i].name : prog_keys[i - nk].name;
        const char *def = i < nk ? k[i].def : prog_keys[i - nk].def;
        usage_default_is(text, name, def ? def : "-");
    }
    free(text);
    /* a program's own defaults ("name=value") replace the model's in the usage, for that key
     * alone: gal_tmin's does not reach gal_t, a prefix of its name */
    static const char *const over[] = {"gal_tmin=9", "seed=12345", NULL};
    static const struct { const char *key, *def; } shown[] = {
        {"gal_tmin", "9"}, {"seed", "12345"}, {"gal_t", NULL}, {"k", NULL},
    };
    f = open_memstream(&text, &len);
    assert_non_null(f);
    tn_cli_usage_defs(f, "usage: tnlock key=value ...", prog_keys, NPROG, over);
    fclose(f);
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
        const char *def = shown[i].def;
        for (int j = 0; !def && j < nk; j++)
            if (!strcmp(k[j].name, shown[i].key))
                def = k[j].def; /* the model's */
        assert_non_null(def);
        usage_default_is(text, shown[i].key, def);
    }
    free(text);
    /* the synopsis: its own last newline kept, none added; NULL or "" prints no line of it */
    static const char *const syn[] = {"usage: x\n", "", NULL};
    for (int i = 0; i < 3; i++) {
        f = open_memstream(&text, &len);
        assert_non_null(f);
        tn_cli_usage(f, syn[i], prog_keys, NPROG);
        fclose(f);
        const char *keys = "keys (key=value on the command line";
        if (i == 0)
            assert_true(!strncmp(text, "usage: x\n", 9) && !strncmp(text + 9, keys, strlen(keys)));
        else
            assert_true(!strncmp(text, keys, strlen(keys)));
        free(text);
    }
}

/* ---- tn_config_name ---- */

static void name_is(const char *const *kv, const char *want)
{
    tn_config c;
    char err[TN_CLI_ERRLEN], name[256];
    tn_config_default(&c);
    for (int i = 0; kv[i]; i += 2)
        if (tn_config_set(&c, kv[i], kv[i + 1], err, sizeof err))
            fail_msg("%s", err);
    int n = tn_config_name(&c, name, sizeof name);
    assert_string_equal(name, want);
    assert_int_equal(n, (int)strlen(want));
    for (const char *p = name; *p; p++)
        assert_non_null(strchr("abcdefghijklmnopqrstuvwxyz0123456789_.-", *p));
}

/* a value too long to show whole: the message shows its first 200 characters and its length,
 * then the allowed range, within the message buffer */
static void test_long_value_shown(void **st)
{
    (void)st;
    tn_config c;
    char err[TN_CLI_ERRLEN], v[2001];
    tn_config_default(&c);
    memset(v, '7', 2000);
    v[2000] = 0;
    assert_int_equal(tn_config_set(&c, "k", v, err, sizeof err), -1);
    assert_non_null(strstr(err, "... (2000 characters)' is not allowed; allowed: "));
    assert_non_null(strstr(err, "2..64"));
    v[200] = 0; /* 200 characters: shown whole */
    assert_int_equal(tn_config_set(&c, "k", v, err, sizeof err), -1);
    assert_null(strstr(err, "characters)"));
    assert_non_null(strstr(err, v));
    v[200] = '7';
    v[201] = 0;
    assert_int_equal(tn_config_set(&c, "frob", v, err, sizeof err), -1);
    assert_non_null(strstr(err, "... (201 characters)'); allowed keys: k n "));
}

static void test_config_name(void **st)
{
    (void)st;
    static const char *const d[] = {NULL};
    name_is(d, "t8x8_v2_dor_b8_p4_uniform_l0.3_s1");
    static const char *const gal[] = {"k", "4", "vcs", "4", "routing", "gal", NULL};
    name_is(gal, "t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1");
    static const char *const mesh[] = {"topo", "mesh", "k", "4", "n", "3", "routing", "minad",
                                       "selection", "sq", "pkt", "2-8", "traffic", "randperm",
                                       "perm_seed", "5", "load", "0.15", "seed", "9", NULL};
    name_is(mesh, "m4x4x4_v2_minad_sq_b8_p2-8_randperm_ps5_l0.15_s9");
    static const char *const ring[] = {"k", "8", "n", "1", "vcs", "3", "routing", "chaos",
                                       "selection", "random", "buf", "16", "traffic", "tornado",
                                       "load", "1", NULL};
    name_is(ring, "t8_v3_chaos_random_b16_p4_tornado_l1_s1");
    static const char *const keys[] = {"routing", "gal", "vcs", "3", "term", "2", "transit", "off",
                                       "dateline", "off", "gal_sets", "dir", "gal_t", "4",
                                       "gal_adapt", "on", "load", "0.1234567", NULL};
    name_is(keys, "t8x8_v3_gal_ldsf_b8_p4_uniform_l0.1234567_s1_term2_transitoff_datelineoff"
                  "_gal_setsdir_gal_t4_gal_adapton");
    /* the default values of those keys, given, add nothing; other keys add nothing */
    static const char *const same[] = {"term", "1", "transit", "on", "gal_sets", "dst", "gal_t",
                                       "2", "gal_adapt", "off", "warmup", "7", "flitw", "8",
                                       "perm_seed", "3", "load", "0.25", "seed", "4294967295",
                                       NULL};
    name_is(same, "t8x8_v2_dor_b8_p4_uniform_l0.25_s4294967295");
    static const char *const val[] = {"routing", "val", "vcs", "4", "gal_sets", "1",
                                      "load", "0.001", NULL};
    name_is(val, "t8x8_v4_val_b8_p4_uniform_l0.001_s1"); /* GAL's keys only under GAL */
    /* ACOR's keys that differ from their defaults: the sequence, the mode, each threshold */
    static const char *const acor[] = {"k", "4", "vcs", "4", "routing", "acor", "acor_seq",
                                       "goalq-full", "acor_hi", "512", "acor_it1", "100",
                                       "acor_it2", "50", "acor_dt1", "3", "acor_dt2", "2", NULL};
    name_is(acor, "t4x4_v4_acor_b8_p4_uniform_l0.3_s1_goalq-full_hi_512_it1_100_it2_50_dt1_3"
                  "_dt2_2");
    static const char *const acor3[] = {"k", "4", "vcs", "4", "routing", "acor", "acor_seq",
                                        "box-goalq-full", "acor_mode", "packet", "acor_it2",
                                        "500", "acor_dt2", "2", "acor_it1", "128", NULL};
    name_is(acor3, "t4x4_v4_acor_b8_p4_uniform_l0.3_s1_box-goalq-full_acor_packet_it2_500_dt2_2");
    /* a value that only 17 significant digits read back (0.1 + 0.2 in binary) */
    static const char *const l17[] = {"load", "0.30000000000000004", NULL};
    name_is(l17, "t8x8_v2_dor_b8_p4_uniform_l0.30000000000000004_s1");
    /* the keys that change what a run does name it too: hotspot's, the switch, GAL's queue depth
     * and adaptive threshold (under GAL), CHAOS's, the trace's file */
    static const char *const hot[] = {"k", "4", "traffic", "hotspot", "hot_frac", "0.5",
                                      "hot_nodes", "5,7", "gal_qdepth", "8", NULL};
    name_is(hot, "t4x4_v2_dor_b8_p4_hotspot_l0.3_s1_hf0.5_hn5-7");
    static const char *const galqd[] = {"k", "4", "vcs", "4", "routing", "gal", "gal_qdepth", "8",
                                        NULL};
    name_is(galqd, "t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1_gal_qd8");
    /* randperm as the second pattern: its permutation's seed names the run */
    static const char *const swp[] = {"k", "4", "switch_at", "100", "switch_traffic", "randperm",
                                      "perm_seed", "5", NULL};
    name_is(swp, "t4x4_v2_dor_b8_p4_uniform_l0.3_s1_sw100_randperm_ps5_l0.3");
    static const char *const sw[] = {"k", "4", "switch_at", "500", "switch_traffic", "hotspot",
                                     "switch_load", "0.2", NULL};
    name_is(sw, "t4x4_v2_dor_b8_p4_uniform_l0.3_s1_sw500_hotspot_l0.2_hf0.1_hn0");
    static const char *const ad[] = {"k", "4", "vcs", "4", "routing", "gal", "gal_adapt", "on",
                                     "gal_tmin", "1", "gal_n2", "9", NULL};
    name_is(ad, "t4x4_v4_gal_ldsf_b8_p4_uniform_l0.3_s1_gal_adapton_gal_tmin1_gal_n29");
    static const char *const ch[] = {"k", "4", "vcs", "3", "routing", "chaos", "chaos_wait", "3",
                                     "chaos_q", "6", NULL};
    name_is(ch, "t4x4_v3_chaos_ldsf_b8_p4_uniform_l0.3_s1_chaos_wait3_chaos_q6");
    static const char *const tr[] = {"k", "4", "traffic", "trace", "trace", "tb/regress/My Trace.txt",
                                     NULL};
    name_is(tr, "t4x4_v2_dor_b8_p4_trace_l0.3_s1_trmy_trace.txt");
    static const char *const tiny[] = {"load", "0.00001", NULL};
    name_is(tiny, "t8x8_v2_dor_b8_p4_uniform_l1e-05_s1");
    /* a buffer too short: -1, terminated */
    tn_config c;
    char small[10];
    tn_config_default(&c);
    assert_int_equal(tn_config_name(&c, small, sizeof small), -1);
    assert_string_equal(small, "t8x8_v2_d");
    char exact[34];
    assert_int_equal(tn_config_name(&c, exact, sizeof exact), 33);
    /* at most 511 characters, however long buf: a configuration (not checked: a trace with a
     * switch to hotspot traffic) whose name grows by one character with each character of the
     * trace file's name reaches 511, then 512 */
    tn_config_default(&c);
    c.routing = TN_ROUTE_GAL;
    c.term = 4;
    c.transit = 0;
    c.dateline = 0;
    c.gal_adapt = 1;
    c.gal_t = 12345;
    c.gal_tmin = c.gal_tmax = c.gal_n1 = c.gal_n2 = 9999;
    c.traffic = TN_TR_TRACE;
    c.switch_at = 999999999;
    c.switch_traffic = TN_TR_HOTSPOT;
    c.switch_traffic_set = 1;
    c.hot_frac = 0.1234567890123;
    c.n_hot = TN_MAX_HOT;
    for (int i = 0; i < TN_MAX_HOT; i++)
        c.hot[i] = 65000 + i;
    char big[1024];
    int last = 0, at511 = 0, refused = 0;
    for (size_t l = 1; l < sizeof c.trace && !refused; l++) {
        memset(c.trace, 'a', l);
        c.trace[l] = 0;
        int n = tn_config_name(&c, big, sizeof big);
        if (n < 0) {
            assert_int_equal(last, 511); /* the name before had 511 characters */
            refused = 1;
            continue;
        }
        assert_int_equal(n, (int)strlen(big));
        assert_true(last == 0 || n == last + 1);
        at511 |= n == 511;
        last = n;
    }
    assert_true(at511 && refused);
}

/* tn_config_check of the defaults with the words of line set ("k=v k=v"): its status, message in err */
static int check_words(const char *line, char *err)
{
    char buf[256], *argv[8] = {"tnsim"};
    int argc = 1, json = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *w = strtok(buf, " "); w && argc < 8; w = strtok(NULL, " "))
        argv[argc++] = w;
    tn_config c;
    tn_config_default(&c);
    assert_int_equal(tn_cli_parse(argc, argv, 1, &c, NULL, 0, NULL, &json, err, TN_CLI_ERRLEN), 0);
    return tn_config_check(&c, err, TN_CLI_ERRLEN);
}

/* Keys the run's patterns do not read are refused, by key, value and the pattern that reads
 * them (the last check of tn_config_check, so tnsim, tnlock and tnhost all refuse them). */
static void test_config_unused(void **state)
{
    (void)state;
    char err[TN_CLI_ERRLEN];
    assert_int_equal(check_words("perm_seed=3", err), -1);
    assert_string_equal(err, "key 'perm_seed' (value '3') is set but traffic is 'uniform'; "
                             "perm_seed is read only with traffic=randperm or "
                             "switch_traffic=randperm");
    assert_int_equal(check_words("perm_seed=3 traffic=randperm", err), 0);
    assert_int_equal(check_words("hot_nodes=1,2 traffic=tornado", err), -1);
    assert_string_equal(err, "key 'hot_nodes' (value '1,2') is set but traffic is 'tornado'; "
                             "hot_nodes is read only with traffic=hotspot or "
                             "switch_traffic=hotspot");
    assert_int_equal(check_words("trace=x.txt", err), -1);
    assert_non_null(strstr(err, "key 'trace' (value 'x.txt') is set but"));
    /* keys from index 0 (tnhost's commands): no program name to point at */
    char *argv[] = {"bogus"};
    tn_config c;
    int json = 0;
    tn_config_default(&c);
    assert_int_equal(tn_cli_parse(1, argv, 0, &c, NULL, 0, NULL, &json, err, sizeof err), -1);
    assert_string_equal(err, "argument 'bogus' is not key=value");
}

/* Replications' statistics (tn_t975, tn_mean_ci): Student's t against the published table (the
 * 0.975 quantile, to six decimals), its edges, and a mean, sample standard deviation and
 * half-width worked by hand */
static void test_replication_stats(void **state)
{
    (void)state;
    static const struct {
        int df;
        double t;
    } table[] = {{1, 12.706205}, {2, 4.302653}, {3, 3.182446}, {4, 2.776445}, {5, 2.570582},
                 {9, 2.262157}, {10, 2.228139}, {20, 2.085963}, {30, 2.042272}, {63, 1.998341},
                 {120, 1.979930}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        double t = tn_t975(table[i].df);
        if (!(t > table[i].t - 2e-6 && t < table[i].t + 2e-6))
            fail_msg("df %d: t %.7f, table %.6f", table[i].df, t, table[i].t);
    }
    assert_true(tn_t975(0) == 0.0);
    assert_true(tn_t975(-3) == 0.0);
    /* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32, sd sqrt(32 / 7), half-width t(7) sd / sqrt 8 */
    const double x[8] = {2, 4, 4, 4, 5, 5, 7, 9};
    double m, sd, ci, t;
    tn_mean_ci(x, 8, &m, &sd, &ci, &t);
    assert_true(m > 5 - 1e-12 && m < 5 + 1e-12);
    double want_sd = 2.1380899352993950, want_t = 2.364624, want_ci = want_t * want_sd / 2.8284271247461903;
    if (!(sd > want_sd - 1e-12 && sd < want_sd + 1e-12 && t > want_t - 2e-6 && t < want_t + 2e-6 &&
          ci > want_ci - 1e-5 && ci < want_ci + 1e-5))
        fail_msg("sd %.12f (%.12f), t %.7f (%.6f), ci %.7f (%.7f)", sd, want_sd, t, want_t, ci,
                 want_ci);
    /* one observation: its value, no spread, no interval */
    tn_mean_ci(x + 7, 1, &m, &sd, &ci, &t);
    assert_true(m == 9.0 && sd == 0.0 && ci == 0.0 && t == 0.0);
}

/* tn_config_check range-checks every field a key sets, whoever filled the tn_config (tnhost
 * fills one from a board's registers): each field below its key's range or above it is
 * refused naming the key, the value and the range, as the key parser would; k^n is computed
 * without overflow and no shift by n is reached before n is checked. */
static void check_refused(const tn_config *c, const char *want, const char *what)
{
    char err[TN_CLI_ERRLEN] = "";
    if (!tn_config_check(c, err, sizeof err))
        fail_msg("%s: accepted", what);
    if (strcmp(err, want))
        fail_msg("%s: got \"%s\", want \"%s\"", what, err, want);
}

static void test_config_check_ranges(void **st)
{
    (void)st;
    static const struct { const char *what; int k, n, vcs, buf, term, pmin, pmax, qd;
                          const char *want; } cases[] = {
        {"k=0", 0, 2, 2, 8, 1, 4, 4, 128,
         "key 'k': value '0' is not allowed; allowed: an integer in 2..64"},
        {"k=255 n=255", 255, 255, 2, 8, 1, 4, 4, 128,
         "key 'k': value '255' is not allowed; allowed: an integer in 2..64"},
        {"n=255", 4, 255, 2, 8, 1, 4, 4, 128,
         "key 'n': value '255' is not allowed; allowed: an integer in 1..4"},
        {"n=0", 4, 0, 2, 8, 1, 4, 4, 128,
         "key 'n': value '0' is not allowed; allowed: an integer in 1..4"},
        {"n=-1", 4, -1, 2, 8, 1, 4, 4, 128,
         "key 'n': value '-1' is not allowed; allowed: an integer in 1..4"},
        {"vcs=255", 4, 2, 255, 8, 1, 4, 4, 128,
         "key 'vcs': value '255' is not allowed; allowed: an integer in 1..16"},
        {"vcs=0", 4, 2, 0, 8, 1, 4, 4, 128,
         "key 'vcs': value '0' is not allowed; allowed: an integer in 1..16"},
        {"buf=255", 4, 2, 2, 255, 1, 4, 4, 128,
         "key 'buf': value '255' is not allowed; allowed: an integer in 1..64"},
        {"buf=0", 4, 2, 2, 0, 1, 4, 4, 128,
         "key 'buf': value '0' is not allowed; allowed: an integer in 1..64"},
        {"term=0", 4, 2, 2, 8, 0, 4, 4, 128,
         "key 'term': value '0' is not allowed; allowed: an integer in 1..4"},
        {"term=255", 4, 2, 2, 8, 255, 4, 4, 128,
         "key 'term': value '255' is not allowed; allowed: an integer in 1..4"},
        {"pkt_min=0", 4, 2, 2, 8, 1, 0, 4, 128,
         "key 'pkt': value '0-4' is not allowed; allowed: a length L or a range A-B, "
         "1 <= A <= B <= 256"},
        {"pkt_max=300", 4, 2, 2, 8, 1, 4, 300, 128,
         "key 'pkt': value '4-300' is not allowed; allowed: a length L or a range A-B, "
         "1 <= A <= B <= 256"},
        {"pkt_min > pkt_max", 4, 2, 2, 8, 1, 5, 4, 128,
         "key 'pkt': value '5-4' is not allowed; allowed: a length L or a range A-B, "
         "1 <= A <= B <= 256"},
        {"gal_qdepth=0", 4, 2, 2, 8, 1, 4, 4, 0,
         "key 'gal_qdepth': value '0' is not allowed; allowed: an integer in 1..1024"},
        {"gal_qdepth=65535", 4, 2, 2, 8, 1, 4, 4, 65535,
         "key 'gal_qdepth': value '65535' is not allowed; allowed: an integer in 1..1024"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tn_config c;
        tn_config_default(&c);
        c.k = cases[i].k;
        c.n = cases[i].n;
        c.vcs = cases[i].vcs;
        c.buf = cases[i].buf;
        c.term = cases[i].term;
        c.pkt_min = cases[i].pmin;
        c.pkt_max = cases[i].pmax;
        c.gal_qdepth = cases[i].qd;
        c.routing = TN_ROUTE_GAL; /* the path with 1 << n and the GAL queue product */
        c.vcs = cases[i].vcs;
        c.load = 0.01;
        check_refused(&c, cases[i].want, cases[i].what);
    }
    /* every integer key of the table, one below and one above its range, through its field */
    int nk;
    const tn_key *k = tn_keys(&nk);
    for (int i = 0; i < nk; i++) {
        if (k[i].type != TN_KEY_INT && k[i].type != TN_KEY_LONG)
            continue;
        for (int side = 0; side < 2; side++) {
            tn_config c;
            char want[TN_CLI_ERRLEN], allowed[256], what[96];
            tn_config_default(&c);
            long v = side ? k[i].hi + 1 : k[i].lo - 1;
            if (k[i].type == TN_KEY_LONG)
                *(long *)((char *)&c + k[i].off) = v;
            else
                *(int *)((char *)&c + k[i].off) = (int)v;
            tn_key_range(&k[i], allowed, sizeof allowed);
            snprintf(want, sizeof want, "key '%s': value '%ld' is not allowed; allowed: %s",
                     k[i].name, v, allowed);
            snprintf(what, sizeof what, "%s=%ld", k[i].name, v);
            check_refused(&c, want, what);
        }
    }
    /* the other kinds: an enumeration, on/off, a number, the hot nodes, the trace path */
    tn_config c;
    tn_config_default(&c);
    c.routing = 99;
    check_refused(&c, "key 'routing': value '99 (as a number)' is not allowed; allowed: dor "
                      "minad val goal gal chaos acor", "routing=99");
    tn_config_default(&c);
    c.topo = -1;
    check_refused(&c, "key 'topo': value '-1 (as a number)' is not allowed; allowed: torus mesh "
                      "utorus",
                  "topo=-1");
    tn_config_default(&c);
    c.switch_traffic = TN_TR_TRACE;
    check_refused(&c, "key 'switch_traffic': value '10 (as a number)' is not allowed; allowed: "
                      "uniform tornado bitcomp bitrev shuffle butterfly transpose neighbor "
                      "randperm hotspot", "switch_traffic=trace");
    tn_config_default(&c);
    c.dateline = 2;
    check_refused(&c, "key 'dateline': value '2 (as a number)' is not allowed; allowed: on off "
                      "(off: no dateline classes, deadlock-prone)", "dateline=2");
    tn_config_default(&c);
    c.load = -1;
    check_refused(&c, "key 'load': value '-1' is not allowed; allowed: a number in 0..100 "
                      "(fraction of capacity)", "load=-1");
    c.load = NAN;
    check_refused(&c, "key 'load': value 'nan' is not allowed; allowed: a number in 0..100 "
                      "(fraction of capacity)", "load=nan");
    tn_config_default(&c);
    c.hot_frac = 2;
    check_refused(&c, "key 'hot_frac': value '2' is not allowed; allowed: a number in 0..1",
                  "hot_frac=2");
    tn_config_default(&c);
    c.n_hot = 0;
    check_refused(&c, "key 'hot_nodes': value '0 ids' is not allowed; allowed: 1..16 "
                      "comma-separated node ids, each 0..k^n-1 (at most 65535)", "n_hot=0");
    c.n_hot = 255;
    check_refused(&c, "key 'hot_nodes': value '255 ids' is not allowed; allowed: 1..16 "
                      "comma-separated node ids, each 0..k^n-1 (at most 65535)", "n_hot=255");
    c.n_hot = 1;
    c.hot[0] = -1;
    check_refused(&c, "key 'hot_nodes': value '-1' is not allowed; allowed: 1..16 "
                      "comma-separated node ids, each 0..k^n-1 (at most 65535)", "hot=-1");
    tn_config_default(&c);
    memset(c.trace, 'a', sizeof c.trace);
    check_refused(&c, "key 'trace': value of more than 255 characters (not terminated) is not "
                      "allowed; allowed: a file path of 1..255 characters", "trace unterminated");
    /* the defaults and the largest network pass */
    tn_config_default(&c);
    char err[TN_CLI_ERRLEN];
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
    c.k = 16;
    c.n = 4;
    c.load = 0.01;
    assert_int_equal(tn_config_check(&c, err, sizeof err), 0);
}

/* Values in messages are safe to print: bytes below 0x20 and 0x7f as \xNN; a long value is cut
 * at TN_SHOW_MAX characters of its shown form. */
static void test_val_show_escapes(void **st)
{
    (void)st;
    char sv[TN_SHOW_LEN], v[301];
    assert_string_equal(tn_val_show("a\x1b[31m\x7f\tz", sv), "a\\x1b[31m\\x7f\\x09z");
    memset(v, 1, 300);
    v[300] = 0;
    tn_val_show(v, sv);
    assert_int_equal(strlen(sv), 200 + strlen("... (300 characters)"));
    assert_int_equal(strncmp(sv, "\\x01\\x01", 8), 0);
    assert_non_null(strstr(sv, "\\x01... (300 characters)"));
    tn_config c;
    char err[TN_CLI_ERRLEN];
    tn_config_default(&c);
    assert_int_equal(tn_config_set(&c, "traffic", "\x1b[31m", err, sizeof err), -1);
    assert_non_null(strstr(err, "value '\\x1b[31m'"));
    assert_null(strchr(err, 0x1b));
}

/* A --config file is text: a NUL byte is refused with the line and the byte (the rest of the
 * line is not ignored), a file past TN_CONFIG_BYTES is refused, and a line without '=' is
 * echoed with its control bytes escaped. */
static void test_config_file_bounds(void **st)
{
    (void)st;
    char path[] = "/tmp/tn_test_cli_XXXXXX", err[TN_CLI_ERRLEN], want[TN_CLI_ERRLEN];
    tmp_file(path, "");
    tn_config c;
    static const char nul[] = "k=4\nload=0.5\0junk\n";
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(nul, 1, sizeof nul - 1, f), sizeof nul - 1);
    assert_int_equal(fclose(f), 0);
    tn_config_default(&c);
    assert_int_equal(tn_config_load(&c, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: byte 9 is a NUL byte; allowed: text without NUL bytes",
             path);
    assert_string_equal(err, want);
    /* 1 MiB of comment lines is read, one byte more is refused */
    f = fopen(path, "w");
    assert_non_null(f);
    char line[512];
    memset(line, 'x', sizeof line);
    line[0] = '#';
    line[511] = '\n';
    for (int i = 0; i < 2048; i++)
        assert_int_equal(fwrite(line, 1, sizeof line, f), sizeof line);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(tn_config_load(&c, path, err, sizeof err), 0);
    f = fopen(path, "a");
    assert_non_null(f);
    assert_int_equal(fputs("\n", f), 1);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(tn_config_load(&c, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2049: the file is longer than 1048576 bytes; allowed: at "
             "most 1048576 bytes", path);
    assert_string_equal(err, want);
    put_file(path, "vcs\x1b[2J 3\n");
    assert_int_equal(tn_config_load(&c, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:1: expected key=value, got 'vcs\\x1b[2J 3'", path);
    assert_string_equal(err, want);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_unused),
        cmocka_unit_test(test_table_defaults_equal_config_default),
        cmocka_unit_test(test_every_key_accepts_its_default),
        cmocka_unit_test(test_int_keys_bad_values),
        cmocka_unit_test(test_number_forms),
        cmocka_unit_test(test_other_keys_messages),
        cmocka_unit_test(test_enum_names),
        cmocka_unit_test(test_node_count_limit),
        cmocka_unit_test(test_load_at_capacity),
        cmocka_unit_test(test_unknown_key_lists_every_key),
        cmocka_unit_test(test_cli_parse_extra_keys),
        cmocka_unit_test(test_cli_config_file_extra_key),
        cmocka_unit_test(test_cli_config_read_error),
        cmocka_unit_test(test_cli_config_bad_lines),
        cmocka_unit_test(test_given_flags_and_hot_nodes_brief),
        cmocka_unit_test(test_cli_usage_lists_every_key),
        cmocka_unit_test(test_cli_keys_tsv),
        cmocka_unit_test(test_config_name),
        cmocka_unit_test(test_long_value_shown),
        cmocka_unit_test(test_replication_stats),
        cmocka_unit_test(test_config_check_ranges),
        cmocka_unit_test(test_val_show_escapes),
        cmocka_unit_test(test_config_file_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
