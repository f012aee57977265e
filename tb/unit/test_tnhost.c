/* SPDX-License-Identifier: MIT */
/* tnhost's check of a run's keys against the board build (fpga/host/tnhost_board.c, run_config),
 * without a board: each case gives the build's registers as tnhost reads them (board_build) and
 * a run's keys, and asserts on the exit status and on the message, which must name the key, the
 * value and what the build allows. And tnhost_build_check, the check of the build registers
 * themselves: every real build taken, each field out of range refused with the register and
 * field named, every BUILD0 value and a million random register sets without a crash. And the
 * reply decoder tn_port_recv on a pipe: junk, a length beyond the protocol's, random bytes, a
 * reply cut short; every call ends. tnhost's main is renamed by the build (-Dmain=tnhost_main,
 * fpga/board.mk) so that this file's main runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tnhost.h" /* before cmocka, whose fail() macro would rename tnhost's fail */
#include "tn_board_regs.h"
#include "tn_test.h"

/* The simulated board's build (fpga/board.mk, BOARD_SIM_PARAMS): 4x4, V=4 B=4 W=16 ROUTING=3,
 * GAL with GQD=16, ACOR, the patterns, with or without GAL's adaptive threshold. */
static board_build core_build(int gal_adapt)
{
    board_build bb;
    memset(&bb, 0, sizeof bb);
    bb.k = 4;
    bb.n = 2;
    bb.v = 4;
    bb.b = 4;
    bb.w = 16;
    bb.routing = 3;
    bb.term = 1;
    bb.qd = 16;
    bb.gqd = 16;
    bb.sel = -1;
    bb.features = TN_BF_GAL | TN_BF_ACOR | TN_BF_TORUS | TN_BF_PATTERNS |
                  (gal_adapt ? TN_BF_GAL_ADAPT : 0u);
    return bb;
}

/* run_config on the keys of a space-separated line; the stderr message (one line) in msg. */
static int check(const board_build *bb, const char *line, char *msg, size_t len)
{
    char buf[512];
    const char *args[32];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok(buf, " "); t && n < 32; t = strtok(NULL, " "))
        args[n++] = t;
    host h;
    memset(&h, 0, sizeof h);
    h.cmd = "run";
    h.io.fd = -1;
    fflush(stderr);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(fileno(stderr));
    assert_true(saved >= 0);
    assert_int_equal(dup2(fileno(tmp), fileno(stderr)), fileno(stderr));
    tn_config c;
    int rc = run_config(&h, n, args, bb, "run", &c);
    fflush(stderr);
    assert_int_equal(dup2(saved, fileno(stderr)), fileno(stderr));
    close(saved);
    rewind(tmp);
    msg[0] = 0;
    if (!fgets(msg, (int)len, tmp))
        msg[0] = 0;
    fclose(tmp);
    return rc;
}

static void accepted(const board_build *bb, const char *line)
{
    char msg[600];
    int rc = check(bb, line, msg, sizeof msg);
    if (rc)
        fail_msg("'%s' refused (%d): %s", line, rc, msg);
}

static void refused(const board_build *bb, const char *line, const char *want)
{
    char msg[600];
    int rc = check(bb, line, msg, sizeof msg);
    if (rc != EXIT_USAGE || !strstr(msg, want))
        fail_msg("'%s': exit %d, message '%s'; wanted exit %d and '%s'", line, rc, msg,
                 EXIT_USAGE, want);
}

/* GAL's adaptive threshold runs only on a build that has it (BUILD2 bit 4, tn_board's GADAPT;
 * docs/microarchitecture.md R21.9.1). */
static void test_gal_adapt(void **state)
{
    (void)state;
    board_build with = core_build(1), without = core_build(0);
    accepted(&with, "routing=gal gal_sets=dir gal_qdepth=16 gal_adapt=on");
    accepted(&with, "routing=gal gal_sets=dir gal_qdepth=16");
    accepted(&without, "routing=gal gal_sets=dir gal_qdepth=16");
    accepted(&without, "routing=gal gal_sets=2 gal_qdepth=16 gal_adapt=off gal_t=16");
    refused(&without, "routing=gal gal_sets=dir gal_qdepth=16 gal_adapt=on",
            "key 'gal_adapt': value 'on': this board build's GAL network interface has the "
            "fixed threshold only (allowed: off)");
    /* the key means nothing to the other families: not refused there */
    accepted(&without, "routing=minad gal_adapt=on");
}

/* The build's other limits, each named with its key, value and what the build allows. */
static void test_build_limits(void **state)
{
    (void)state;
    board_build bb = core_build(1);
    accepted(&bb, "routing=acor");
    refused(&bb, "k=8", "key 'k': value '8': the board is built with k=4");
    refused(&bb, "buf=8", "key 'buf': value '8': the board is built with buffers of 4 flits "
                          "(allowed 1..4)");
    refused(&bb, "routing=gal gal_qdepth=16 gal_sets=dst", "key 'gal_sets': value 'dst'");
    refused(&bb, "routing=gal gal_sets=1 gal_qdepth=8", "key 'gal_qdepth': value '8': the board's GAL "
                                             "queues hold 16 packets (allowed: 16)");
    refused(&bb, "routing=chaos", "key 'routing': value 'chaos'");
    refused(&bb, "topo=utorus", "key 'topo': value 'utorus': the board is a torus (allowed: "
                                "torus)");
    refused(&bb, "traffic=hotspot hot_others=on", "key 'hot_others': value 'on': the board's "
                                                  "hotspot generator sends to any node");
    accepted(&bb, "traffic=hotspot hot_others=off");
    board_build dor = core_build(0); /* a V=4 build of DOR alone, no GAL or ACOR */
    dor.routing = 0;
    dor.features = TN_BF_TORUS | TN_BF_PATTERNS;
    accepted(&dor, "routing=dor");
    refused(&dor, "routing=gal", "key 'routing': value 'gal': this board build has no GAL "
                                 "network interface (allowed: dor)");
    refused(&dor, "routing=minad", "key 'routing': value 'minad': not built into this board "
                                   "(allowed: dor)");
    /* the bitstream's V=2 DOR build: the build's refusal, not tnsim's (2 VCs are too few for
     * GAL, MIN AD and ACOR on a torus, which its check would say first) */
    board_build bit = dor;
    bit.v = 2;
    accepted(&bit, "routing=dor");
    refused(&bit, "routing=gal", "key 'routing': value 'gal': this board build has no GAL "
                                 "network interface (allowed: dor)");
    refused(&bit, "routing=minad", "key 'routing': value 'minad': not built into this board "
                                   "(allowed: dor)");
    refused(&bit, "routing=acor", "key 'routing': value 'acor': this board build has no ACOR "
                                  "network interface (allowed: dor)");
    refused(&bit, "vcs=3", "key 'vcs': value '3': the board is built with vcs=2");
    /* a malformed key is refused by the model's own check, before the build's */
    refused(&bb, "gal_adapt=maybe", "gal_adapt");
}

/* Keys left unset take the build's values where tnsim's defaults are not built: GAL's queue
 * depth and gal_sets=dir, and the selection of a build that fixes it. */
static void test_build_defaults(void **state)
{
    (void)state;
    board_build bb = core_build(0);
    char msg[600];
    accepted(&bb, "routing=gal");
    accepted(&bb, "routing=gal traffic=tornado load=0.3");
    host h;
    memset(&h, 0, sizeof h);
    h.io.fd = -1;
    tn_config c;
    const char *args[] = {"routing=gal"};
    assert_int_equal(run_config(&h, 1, args, &bb, "run", &c), 0);
    assert_int_equal(c.gal_qdepth, 16);
    assert_int_equal(c.gal_sets, TN_GAL_SDIR);
    board_build fixed = core_build(0);
    for (int sel = 0; sel < TN_SEL_LAST; sel++) { /* each selection a build may fix (SEL) */
        fixed.sel = sel;
        accepted(&fixed, "routing=minad");
        assert_int_equal(run_config(&h, 0, args, &fixed, "run", &c), 0);
        assert_int_equal(c.selection, sel);
    }
    fixed.sel = TN_SEL_SQ;
    /* what the user sets is still checked against the build */
    int rc = check(&bb, "routing=gal gal_qdepth=32", msg, sizeof msg);
    assert_int_equal(rc, EXIT_USAGE);
    assert_non_null(strstr(msg, "key 'gal_qdepth': value '32'"));
    refused(&fixed, "routing=minad selection=lru", "this board build fixes selection=sq");
}

/* ---- tnhost_build_check: the build registers as the board sends them ---- */

#define MAGIC_ TN_BOARD_MAGIC
/* the simulated board core (fpga/board.mk BOARD_SIM_PARAMS), the ring build (K=8 N=1 B=8), the
 * ULX3S default bitstream (tools/fpga_build.sh: K=4 N=2 V=2 B=4 W=16 ROUTING=0 SEL=-1, no GAL
 * or ACOR) and the edges: K=2 N=4 V=1, W=64, MIN AD with a fixed selection (SEL=5), QD=1024,
 * GQD=1 */
static const uint32_t core_regs[5] = {0x04020404, 0x10030001, 0x0010103f, MAGIC_, 16};
static const uint32_t ring_regs[5] = {0x08010408, 0x10030001, 0x0010103f, MAGIC_, 16};
static const uint32_t ulx3s_regs[5] = {0x04020204, 0x10000001, 0x0010102c, MAGIC_, 16};
static const uint32_t fixed_regs[5] = {0x02040104, 0x40010601, 0x0400102c, MAGIC_, 1};

static void build_ok(const uint32_t v[5], board_build *bb)
{
    char err[ERRLEN] = "";
    int rc = tnhost_build_check(v, bb, err, sizeof err);
    if (rc)
        fail_msg("{0x%08x, 0x%08x, 0x%08x, 0x%08x, %u} refused: %s", v[0], v[1], v[2], v[3], v[4],
                 err);
}

/* refused, the message naming every string of want (NULL-ended) and an allowed range */
static void build_bad(const uint32_t v[5], const char *const *want)
{
    char err[ERRLEN] = "";
    board_build bb;
    int rc = tnhost_build_check(v, &bb, err, sizeof err);
    if (!rc)
        fail_msg("{0x%08x, 0x%08x, 0x%08x, 0x%08x, %u} taken", v[0], v[1], v[2], v[3], v[4]);
    for (; *want; want++)
        if (!strstr(err, *want))
            fail_msg("message '%s' does not name '%s'", err, *want);
    if (!strstr(err, "allowed: "))
        fail_msg("message '%s' names no allowed range", err);
}

static void test_build_real(void **state)
{
    (void)state;
    board_build bb;
    build_ok(core_regs, &bb);
    assert_int_equal(bb.k, 4);
    assert_int_equal(bb.n, 2);
    assert_int_equal(bb.v, 4);
    assert_int_equal(bb.b, 4);
    assert_int_equal(bb.w, 16);
    assert_int_equal(bb.routing, 3);
    assert_int_equal(bb.sel, -1);
    assert_int_equal(bb.term, 1);
    assert_int_equal(bb.qd, 16);
    assert_int_equal(bb.gqd, 16);
    assert_int_equal(bb.features, 0x3f);
    board_build want = core_build(1);
    want.features |= TN_BF_SWITCH;
    assert_memory_equal(&bb, &want, sizeof bb);
    build_ok(ring_regs, &bb);
    assert_int_equal(bb.k, 8);
    assert_int_equal(bb.n, 1);
    assert_int_equal(bb.b, 8);
    build_ok(ulx3s_regs, &bb);
    assert_int_equal(bb.v, 2);
    assert_int_equal(bb.routing, 0);
    assert_int_equal(bb.features, TN_BF_TORUS | TN_BF_PATTERNS | TN_BF_SWITCH);
    build_ok(fixed_regs, &bb);
    assert_int_equal(bb.k, 2);
    assert_int_equal(bb.n, 4);
    assert_int_equal(bb.v, 1);
    assert_int_equal(bb.w, 64);
    assert_int_equal(bb.sel, TN_SEL_SQ);
    assert_int_equal(bb.qd, 1024);
    assert_int_equal(bb.gqd, 1);
}

struct bad_case {
    uint32_t v[5];
    const char *want[4];
};

static void test_build_fields(void **state)
{
    (void)state;
    static const struct bad_case cases[] = {
        {{0x00020404, 0x10030001, 0x0010103f, MAGIC_, 16},
         {"BUILD0 (0x0000) = 0x00020404", "K (bits 31..24) = 0", "2..64"}},
        {{0x03020404, 0x10030001, 0x0010103f, MAGIC_, 16}, {"K (bits 31..24) = 3", "power of two"}},
        {{0x80010404, 0x10030001, 0x0010103f, MAGIC_, 16}, {"K (bits 31..24) = 128", "2..64"}},
        {{0xff010404, 0x10030001, 0x0010103f, MAGIC_, 16}, {"K (bits 31..24) = 255"}},
        {{0x04000404, 0x10030001, 0x0010103f, MAGIC_, 16}, {"N (bits 23..16) = 0", "1..4"}},
        {{0x020a0208, 0x10030001, 0x0010103f, MAGIC_, 16}, {"N (bits 23..16) = 10", "1..4"}},
        {{0x04ff0404, 0x10030001, 0x0010103f, MAGIC_, 16}, {"N (bits 23..16) = 255"}},
        /* K^N: within the model's K and N, beyond a board's 256 nodes */
        {{0x20020404, 0x10030001, 0x0010103f, MAGIC_, 16},
         {"K^N (32^2 nodes) = 1024", "at most 256 nodes"}},
        {{0x40040404, 0x10030001, 0x0010103f, MAGIC_, 16},
         {"K^N (64^4 nodes) = 16777216", "at most 256 nodes"}},
        {{0x04020004, 0x10030001, 0x0010103f, MAGIC_, 16}, {"V (bits 15..8) = 0", "1..16"}},
        {{0x0402ffff, 0x10030001, 0x0010103f, MAGIC_, 16}, {"V (bits 15..8) = 255", "1..16"}},
        {{0x04021104, 0x10030001, 0x0010103f, MAGIC_, 16}, {"V (bits 15..8) = 17"}},
        {{0x04020400, 0x10030001, 0x0010103f, MAGIC_, 16}, {"B (bits 7..0) = 0", "1..64"}},
        {{0x04020441, 0x10030001, 0x0010103f, MAGIC_, 16}, {"B (bits 7..0) = 65", "1..64"}},
        {{0x04020404, 0x0f030001, 0x0010103f, MAGIC_, 16},
         {"BUILD1 (0x0001) = 0x0f030001", "W (bits 31..24) = 15", "16..64"}},
        {{0x04020404, 0x41030001, 0x0010103f, MAGIC_, 16}, {"W (bits 31..24) = 65"}},
        {{0x04020404, 0x10040001, 0x0010103f, MAGIC_, 16}, {"ROUTING (bits 23..16) = 4", "0..3"}},
        {{0x04020404, 0x10ff0001, 0x0010103f, MAGIC_, 16}, {"ROUTING (bits 23..16) = 255"}},
        {{0x04020404, 0x10030701, 0x0010103f, MAGIC_, 16}, {"SEL + 1 (bits 15..8) = 7", "0..6"}},
        {{0x04020404, 0x1003ff01, 0x0010103f, MAGIC_, 16}, {"SEL + 1 (bits 15..8) = 255"}},
        {{0x04020404, 0x10030000, 0x0010103f, MAGIC_, 16}, {"TERM (bits 7..0) = 0", "allowed: 1"}},
        {{0x04020404, 0x10030002, 0x0010103f, MAGIC_, 16}, {"TERM (bits 7..0) = 2"}},
        {{0x04020404, 0x10030001, 0x0000103f, MAGIC_, 16},
         {"BUILD2 (0x0002) = 0x0000103f", "QD (bits 31..16) = 0", "2..1024"}},
        {{0x04020404, 0x10030001, 0x0018103f, MAGIC_, 16}, {"QD (bits 31..16) = 24", "power of two"}},
        {{0x04020404, 0x10030001, 0xffff103f, MAGIC_, 16}, {"QD (bits 31..16) = 65535"}},
        {{0x04020404, 0x10030001, 0x0010003f, MAGIC_, 16},
         {"histogram bins (bits 15..8) = 0", "allowed: 16"}},
        {{0x04020404, 0x10030001, 0x0010ff3f, MAGIC_, 16}, {"histogram bins (bits 15..8) = 255"}},
        {{0x04020404, 0x10030001, 0x001010bf, MAGIC_, 16},
         {"features (bits 7..0) = 191", "unknown bits 0x80"}},
        {{0x04020404, 0x10030001, 0x0010103b, MAGIC_, 16}, {"features (bits 7..0) = 59", "TORUS"}},
        {{0x04020404, 0x10020001, 0x0010100d, MAGIC_, 16}, {"features (bits 7..0) = 13", "GAL"}},
        {{0x04020204, 0x10030001, 0x0010100e, MAGIC_, 16}, {"features (bits 7..0) = 14", "ACOR"}},
        {{0x04020404, 0x10030001, 0x0010101c, MAGIC_, 16}, {"features (bits 7..0) = 28", "GAL_ADAPT"}},
        {{0x04020404, 0x10030001, 0x0010103f, MAGIC_, 0},
         {"BUILD3 (0x0004) = 0x00000000", "GQD = 0", "1..1024"}},
        {{0x04020404, 0x10030001, 0x0010103f, MAGIC_, 0xffffffffu},
         {"GQD = 4294967295", "1..1024"}},
        {{0x04020404, 0x10030001, 0x0010103f, 0x31426e75, 16},
         {"MAGIC (0x0003) = 0x31426e75", "0x31426e74"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *want[5] = {cases[i].want[0], cases[i].want[1], cases[i].want[2],
                               cases[i].want[3], NULL};
        build_bad(cases[i].v, want);
    }
}

/* Every BUILD0 (K, N: 65536 pairs; V and B at the core's): taken exactly when K is a power of
 * two in 2..64, N in 1..4 and K^N at most 256; and the message of a refusal fits any buffer. */
static void test_build_kn(void **state)
{
    (void)state;
    int taken = 0;
    for (unsigned k = 0; k < 256; k++)
        for (unsigned n = 0; n < 256; n++) {
            uint32_t v[5] = {k << 24 | n << 16 | 0x0404u, 0x10030001, 0x0010103f, MAGIC_, 16};
            board_build bb;
            char err[ERRLEN] = "";
            int rc = tnhost_build_check(v, &bb, err, sizeof err);
            uint64_t nodes = 1;
            for (unsigned d = 0; d < n && nodes <= 4096; d++)
                nodes *= k;
            int want = k >= 2 && k <= 64 && !(k & (k - 1)) && n >= 1 && n <= 4 && nodes <= 256;
            if ((rc == 0) != want)
                fail_msg("K=%u N=%u: %s (%s)", k, n, rc ? "refused" : "taken", err);
            taken += !rc;
        }
    /* K=2 N=1..4, K=4 N=1..4, K=8 and 16 N=1..2, K=32 and 64 N=1 */
    assert_int_equal(taken, 14);
    char tiny[8];
    board_build bb;
    uint32_t bad[5] = {0xffff0404, 0x10030001, 0x0010103f, MAGIC_, 16};
    assert_int_not_equal(tnhost_build_check(bad, &bb, tiny, sizeof tiny), 0);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
    assert_int_not_equal(tnhost_build_check(bad, &bb, tiny, 0), 0);
}

/* Random registers (a fixed-seed xorshift, a million sets, half of them near a real build):
 * never a crash (the sanitizers watch), and what is taken is within every bound tnhost uses. */
static void test_build_random(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    int taken = 0;
    for (int i = 0; i < 1000000; i++) {
        uint32_t v[5];
        for (int j = 0; j < 5; j++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v[j] = (uint32_t)(x >> 16);
        }
        if (i & 1) { /* one byte of a real build changed */
            uint32_t r = v[0];
            memcpy(v, core_regs, sizeof v);
            v[r % 5] ^= (r >> 8 & 0xffu) << (r >> 16 & 3u) * 8;
        }
        board_build bb;
        char err[ERRLEN];
        if (tnhost_build_check(v, &bb, err, sizeof err))
            continue;
        taken++;
        uint64_t nodes = 1;
        for (unsigned d = 0; d < bb.n; d++)
            nodes *= bb.k;
        if (nodes > TNHOST_MAX_NODES || bb.v < 1 || bb.v > TN_MAX_V || bb.b < 1 ||
            bb.b > TN_MAX_BUF || bb.routing > TN_ROUTE_GOAL || bb.sel < -1 ||
            bb.sel >= TN_SEL_LAST || bb.term != 1 || bb.gqd < 1 || bb.gqd > 1024)
            fail_msg("{0x%08x, 0x%08x, 0x%08x, 0x%08x, %u} taken out of bounds", v[0], v[1],
                     v[2], v[3], v[4]);
    }
    assert_true(taken > 0);
}

/* safe_str: control bytes as \xHH, a cut string ending in "...", never past the buffer */
static void test_safe_str(void **state)
{
    (void)state;
    char out[64], small[8];
    assert_string_equal(safe_str("port=\033[31mred\x7f\n", out, sizeof out),
                        "port=\\x1b[31mred\\x7f\\x0a");
    assert_string_equal(safe_str("caf\xc3\xa9 \\x41", out, sizeof out), "caf\xc3\xa9 \\x41");
    assert_string_equal(safe_str("abcdefg", small, sizeof small), "abcdefg");
    assert_string_equal(safe_str("abcdefgh", small, sizeof small), "abcd...");
    assert_string_equal(safe_str("ab\001cdef", small, sizeof small), "ab...");
    assert_string_equal(safe_str("abcdefgh", small, 3), "..");
    assert_string_equal(safe_str("abc", small, 1), "");
}

/* ---- tn_port_recv on a pipe: the reply decoder alone ---- */

/* A pipe holding n bytes, its writer closed (keep_open: left open, *wfd) */
static int pipe_of(const uint8_t *b, size_t n, int keep_open, int *wfd)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    assert_true(n <= 65536);
    assert_int_equal(write(fd[1], b, n), (ssize_t)n);
    if (keep_open)
        *wfd = fd[1];
    else
        close(fd[1]);
    return fd[0];
}

static size_t reply_bytes(uint8_t *out, uint8_t status, uint16_t len, const uint8_t *payload)
{
    out[0] = TN_SYNC_REP;
    out[1] = status;
    out[2] = (uint8_t)len;
    out[3] = (uint8_t)(len >> 8);
    if (len)
        memcpy(out + 4, payload, len);
    out[4 + len] = tn_crc8(0, out + 1, 3u + len);
    return 5u + len;
}

static void test_port_pipe(void **state)
{
    (void)state;
    uint8_t buf[4096], val[4] = {0x74, 0x6e, 0x42, 0x31};
    char err[ERRLEN];
    tn_reply r;
    tn_port p = {.fd = -1, .timeout_ms = 1000, .path = "pipe"};
    /* junk, a good reply, a reply with a length beyond TN_REP_PAYLOAD_MAX, one cut short */
    size_t n = 0;
    buf[n++] = 0x00;
    buf[n++] = 0xa5;
    n += reply_bytes(buf + n, TN_ST_OK, 4, val);
    buf[n++] = TN_SYNC_REP;
    buf[n++] = 0;
    buf[n++] = 0xff;
    buf[n++] = 0xff;
    n += reply_bytes(buf + n, TN_ST_OK, 4, val) - 2;
    p.fd = pipe_of(buf, n, 0, NULL);
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_OK);
    assert_int_equal(r.len, 4);
    assert_int_equal(tn_le32(r.payload), TN_BOARD_MAGIC);
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_MALFORMED);
    assert_non_null(strstr(err, "payload length 65535, at most 256 allowed"));
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_IO);
    assert_non_null(strstr(err, "end of file"));
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_IO);
    close(p.fd);
    /* random bytes (a fixed seed, a 0x5A in 16 and short lengths often): every call ends, each
     * consumes at least one byte, the last at the end of file */
    uint64_t x = 12345;
    for (int round = 0; round < 20; round++) {
        for (size_t i = 0; i < sizeof buf; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            uint8_t b = (uint8_t)(x >> 56);
            buf[i] = (x >> 20 & 15) == 0 ? TN_SYNC_REP : (x >> 24 & 3) ? (uint8_t)(b & 3) : b;
        }
        p.fd = pipe_of(buf, sizeof buf, 0, NULL);
        int calls = 0, rc;
        while (!(rc = tn_port_recv(&p, &r, err, sizeof err)) || rc == TN_PORT_CRC ||
               rc == TN_PORT_MALFORMED) {
            assert_true(r.len <= TN_REP_PAYLOAD_MAX);
            assert_true(++calls <= (int)sizeof buf);
        }
        assert_int_equal(rc, TN_PORT_IO);
        close(p.fd);
    }
    /* nothing, the writer still there: the timeout, from the call's start */
    int wfd;
    p.fd = pipe_of(buf, 0, 1, &wfd);
    p.timeout_ms = 100;
    long long t0 = tn_now_ms();
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_TIMEOUT);
    long long ms = tn_now_ms() - t0;
    assert_true(ms >= 100 && ms < 2000);
    assert_non_null(strstr(err, "no reply from the board on 'pipe' within 100 ms"));
    /* half a reply, the writer still there: the whole reply's timeout, the bytes counted */
    n = reply_bytes(buf, TN_ST_OK, 8, buf + 100) - 3;
    assert_int_equal(write(wfd, buf, n), (ssize_t)n);
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_TIMEOUT);
    assert_non_null(strstr(err, "was not complete within 100 ms: 10 of its 13 bytes arrived"));
    close(wfd);
    close(p.fd);
    /* no descriptor (-1, which poll ignores): the timeout ends the call */
    p.fd = -1;
    p.timeout_ms = 50;
    assert_int_equal(tn_port_recv(&p, &r, err, sizeof err), TN_PORT_TIMEOUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gal_adapt),
        cmocka_unit_test(test_build_limits),
        cmocka_unit_test(test_build_defaults),
        cmocka_unit_test(test_build_real),
        cmocka_unit_test(test_build_fields),
        cmocka_unit_test(test_build_kn),
        cmocka_unit_test(test_build_random),
        cmocka_unit_test(test_port_pipe),
        cmocka_unit_test(test_safe_str),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
