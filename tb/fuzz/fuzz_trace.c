/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the trace file reader (tn_trace_load, traffic=trace) on the 4x4 torus with
 * packets of at most 16 flits. The input is the file: a memfd, named /proc/self/fd/N, emptied
 * and refilled for every input; an accepted trace is freed (tn_trace_free).
 * Checks beyond the sanitizers (fuzz_util.h): every refusal has a terminated message without
 * control bytes; a file holding a NUL byte is refused (issue 57); an accepted trace keeps tn.h's
 * promise: every packet's fields in range, sorted by (source, cycle), first[] its index. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include "tn.h"
#include "fuzz_util.h"

#define TRACE_PKT_MAX 16

/* the input's file and the geometry, made once (libFuzzer calls the target from one thread) */
static struct {
    int fd;
    char path[32];
    tn_geom g;
} in = { .fd = -1 };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    in.fd = fuzz_memfd("fuzz_trace");
    snprintf(in.path, sizeof in.path, "/proc/self/fd/%d", in.fd);
    tn_config c;
    tn_config_default(&c);
    c.k = 4;
    c.n = 2;
    char err[TN_ERRLEN];
    if (tn_config_check(&c, err, sizeof err) || tn_geom_init(&in.g, &c)) {
        fprintf(stderr, "fuzz_trace: the 4x4 torus: %s\n", err);
        abort();
    }
    return 0;
}

/* tn.h's promise about an accepted trace */
static void check_trace(const tn_trace *t)
{
    if (t->count < 0 || (t->count && !t->p) || !t->first)
        fuzz_fail("tn_trace_load accepted a trace of %ld packets without its arrays", t->count);
    if (t->first[0] != 0 || t->first[in.g.nodes] != t->count)
        fuzz_fail("tn_trace_load: first[0] %ld, first[%d] %ld for %ld packets", t->first[0],
                  in.g.nodes, t->first[in.g.nodes], t->count);
    for (int s = 0; s < in.g.nodes; s++)
        for (long i = t->first[s]; i < t->first[s + 1]; i++) {
            const tn_trace_pkt *p = &t->p[i];
            if (p->src != s || p->dst < 0 || p->dst >= in.g.nodes || p->len < 1 ||
                p->len > TRACE_PKT_MAX || p->cycle < 0)
                fuzz_fail("tn_trace_load: packet %ld (cycle %ld, %d -> %d, %d flits) out of "
                          "range or under source %d", i, p->cycle, p->src, p->dst, p->len, s);
            if (i > t->first[s] && p[-1].cycle > p->cycle)
                fuzz_fail("tn_trace_load: packets %ld and %ld of source %d out of cycle order",
                          i - 1, i, s);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fill(in.fd, data, size);
    tn_trace t;
    char err[1024];
    fuzz_err_reset(err, sizeof err);
    if (tn_trace_load(&t, in.path, &in.g, TRACE_PKT_MAX, err, sizeof err)) {
        fuzz_check_msg("tn_trace_load", err, sizeof err);
        return 0;
    }
    if (fuzz_checks_on()) {
        if (fuzz_has_nul(data, size))
            fuzz_fail("tn_trace_load accepted a file holding a NUL byte (at offset %td of %zu)",
                      (const uint8_t *)memchr(data, 0, size) - data, size);
        check_trace(&t);
    }
    tn_trace_free(&t);
    return 0;
}
