/* SPDX-License-Identifier: MIT */
/* libFuzzer target: tnhost's check of the board's build registers (tnhost_build_check,
 * fpga/host/tnhost_board.c) and what tnhost does next with a build it accepts: the run's
 * configuration from the build and tnhost run's keys (run_config: tn_cli_parse, the board's
 * refusals, tn_config_check) and the C model's geometry of it (tn_geom_init, where a board
 * claiming K=2 N=10 overflowed a stack buffer before the check).
 * Input: byte 0 bit 0 set: BUILD3's magic from the input, else the board core's ("tnB1": a
 * random magic would hide every other field); bytes 1..16 BUILD0, BUILD1, BUILD2 and GQD
 * (little-endian; missing bytes are 0), then, with the input's magic, 4 bytes of it; the rest:
 * run's key=value words, one per line.
 * Checks beyond the sanitizers (fuzz_util.h): a refusal has a terminated message without control
 * bytes; an accepted build keeps tnhost_build_check's promise (the ranges of
 * docs/robustness.md, "What tnhost checks of the board"); a configuration run_config accepts
 * has a geometry. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "tnhost.h"
#include "fuzz_util.h"

#define MAX_WORDS 16

static uint32_t le32(const uint8_t *p, size_t avail)
{
    uint32_t v = 0;
    for (size_t i = 0; i < 4 && i < avail; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static void check_accepted(const uint32_t v[5], const board_build *bb)
{
    unsigned long nodes = 1;
    for (unsigned d = 0; d < bb->n && nodes <= TNHOST_MAX_NODES; d++)
        nodes *= bb->k;
    if (bb->k < 2 || bb->k > TN_MAX_K || (bb->k & (bb->k - 1)) || bb->n < 1 ||
        bb->n > TN_MAX_N || nodes > TNHOST_MAX_NODES || bb->v < 1 || bb->v > TN_MAX_V ||
        bb->b < 1 || bb->b > TN_MAX_BUF || bb->w < 16 || bb->w > 64 ||
        bb->routing > TN_ROUTE_GOAL || bb->sel < -1 || bb->sel >= TN_SEL_LAST ||
        bb->term != 1 || bb->qd < 2 || bb->qd > 1024 || (bb->qd & (bb->qd - 1)) ||
        bb->gqd < 1 || bb->gqd > 1024 || !(bb->features & TN_BF_TORUS) ||
        v[3] != TN_BOARD_MAGIC)
        fuzz_fail("tnhost_build_check accepted 0x%08x 0x%08x 0x%08x 0x%08x 0x%08x: K=%u N=%u "
                  "V=%u B=%u W=%u ROUTING=%u SEL=%d TERM=%u QD=%u GQD=%u features 0x%x", v[0],
                  v[1], v[2], v[3], v[4], bb->k, bb->n, bb->v, bb->b, bb->w, bb->routing,
                  bb->sel, bb->term, bb->qd, bb->gqd, bb->features);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int own_magic = data[0] & 1;
    const uint8_t *p = data + 1;
    size_t left = size - 1;
    uint32_t v[5];
    v[0] = le32(p, left);
    v[1] = le32(p + (left > 4 ? 4 : left), left > 4 ? left - 4 : 0);
    v[2] = le32(p + (left > 8 ? 8 : left), left > 8 ? left - 8 : 0);
    v[4] = le32(p + (left > 12 ? 12 : left), left > 12 ? left - 12 : 0);
    size_t used = 16;
    v[3] = TN_BOARD_MAGIC;
    if (own_magic) {
        v[3] = le32(p + (left > 16 ? 16 : left), left > 16 ? left - 16 : 0);
        used = 20;
    }
    board_build bb;
    char err[ERRLEN];
    fuzz_err_reset(err, sizeof err);
    if (tnhost_build_check(v, &bb, err, sizeof err)) {
        fuzz_check_msg("tnhost_build_check", err, sizeof err);
        return 0;
    }
    if (fuzz_checks_on())
        check_accepted(v, &bb);

    /* run's keys: the rest of the input, a word a line (a NUL ends a word too) */
    char text[1024];
    size_t n = left > used ? left - used : 0;
    if (n > sizeof text - 1)
        n = sizeof text - 1;
    memcpy(text, p + (left > used ? used : left), n);
    text[n] = 0;
    const char *words[MAX_WORDS];
    int nw = 0;
    for (char *s = text; nw < MAX_WORDS && s < text + n;) {
        char *e = s;
        while (e < text + n && *e && *e != '\n')
            e++;
        *e = 0;
        if (*s && strncmp(s, "--config", 8))
            words[nw++] = s;
        s = e + 1;
    }
    host h;
    memset(&h, 0, sizeof h);
    h.cmd = "run";
    h.timeout_ms = 1000;
    tn_config c;
    if (run_config(&h, nw, words, &bb, "run", &c))
        return 0;
    tn_geom g;
    if (tn_geom_init(&g, &c))
        fuzz_fail("run_config accepted K=%u N=%u, and the C model has no geometry of it", bb.k,
                  bb.n);
    tn_geom_free(&g);
    return 0;
}
