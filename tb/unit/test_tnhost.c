/* SPDX-License-Identifier: MIT */
/* tnhost's check of a run's keys against the board build (fpga/host/tnhost_run.c, run_config),
 * without a board: each case gives the build's registers as tnhost reads them (board_build) and
 * a run's keys, and asserts on the exit status and on the message, which must name the key, the
 * value and what the build allows. tnhost's main is renamed by the build (-Dmain=tnhost_main,
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gal_adapt),
        cmocka_unit_test(test_build_limits),
        cmocka_unit_test(test_build_defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
