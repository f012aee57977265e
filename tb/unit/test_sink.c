/* SPDX-License-Identifier: MIT */
/* The sinks' integrity checks (cmodel/hw/sink.c; docs/microarchitecture.md R10.2) can fail:
 * one fault of each kind planted in a body flit buffered in the network, or in the packet table,
 * is caught with its own message. Each fault's packet, left alone, is delivered with no error
 * (the control run), so the error comes from the fault. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen (sim_util.h's trace_sim_cfg) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_util.h"

enum fault {
    F_NONE,    /* the control run */
    F_PAYLOAD, /* a payload bit flipped */
    F_SRC,     /* the source address changed */
    F_DST,     /* a body flit's destination address changed (the route reads only the head's) */
    F_IDX,     /* the flit index skips one */
    F_TAIL,    /* a middle flit marked as the tail */
    F_HEAD,    /* a body flit marked as a head, in a VC its packet holds */
    F_PKT_BAD, /* a packet number past the table */
    F_PKT_ANY, /* the number of another slot of the table */
    F_FREED,   /* the packet's slot freed while its flits are in flight */
};

/* A 4x4 torus with one packet of len flits from node 0 to node 2 (two hops in dimension 0);
 * steps until a body flit is at the front of a network input VC (its head has left it), plants
 * the fault there, runs 300 more cycles and returns the simulator. */
static tn_sim *planted(enum fault f, int len)
{
    char err[TN_ERRLEN];
    tn_config c = base(4, 2);
    tn_sim *s = tn_sim_new(&c, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    assert_int_equal(tn_sim_inject(s, 0, 2, len), 0);
    s->no_invariants = f != F_NONE; /* a planted fault breaks a buffer on purpose: the sink's
                                       checks are what is tested, not the model's invariants */
    tn_flit *b = NULL;
    while (!b && tn_sim_cycle(s) < 50) {
        tn_sim_step(s);
        for (long ivc = 0; ivc < (long)s->g.nodes * s->P * s->V && !b; ivc++)
            if ((ivc / s->V) % s->P != 0 && s->rt.iu.cnt[ivc] && !tn_iu_front(&s->rt, ivc)->head &&
                tn_iu_front(&s->rt, ivc)->idx == 1)
                b = tn_iu_front(&s->rt, ivc);
    }
    assert_non_null(b);
    switch (f) {
    case F_NONE: break;
    case F_PAYLOAD: b->payload ^= 1u << 7; break;
    case F_SRC: b->src = tn_addr_of(&s->g, 5); break;
    case F_DST: b->dst = tn_addr_of(&s->g, 1); break;
    case F_IDX: b->idx = 2; break;
    case F_TAIL: b->tail = 1; break;
    case F_HEAD: b->head = 1; break;
    case F_PKT_BAD: b->pkt = (uint32_t)s->pt.n_slots; break;
    case F_PKT_ANY: b->pkt = (b->pkt + 1) % (uint32_t)s->pt.n_slots; break;
    case F_FREED: s->pt.pkt[b->pkt].state = TN_PKT_FREE; break;
    }
    for (int i = 0; i < 300; i++)
        tn_sim_step(s);
    return s;
}

static void test_sink_checks_fire(void **st_)
{
    (void)st_;
    static const struct { enum fault f; const char *msg; } cases[] = {
        {F_PAYLOAD, "flit 1 corrupted"},
        {F_SRC, "flit 1 corrupted"},
        {F_DST, "packet 0->2 ejected at node 2"},
        {F_IDX, "flit 2 out of order (expected 1)"},
        {F_TAIL, "flit 1 out of order (expected 1)"},
        {F_HEAD, "head while a packet is open"},
        {F_PKT_BAD, "flit with unknown packet"},
        {F_PKT_ANY, "without its head"},
        {F_FREED, "delivered twice"},
    };
    /* the control: the packet arrives whole, once, with no error */
    tn_sim *s = planted(F_NONE, 4);
    assert_int_equal(s->meas.delivered, 1);
    assert_int_equal(tn_sim_check_errors(s), 0);
    assert_int_equal(tn_sim_router_errors(s), 0);
    assert_string_equal(tn_sim_first_error(s), "");
    tn_sim_free(s);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        s = planted(cases[i].f, 4);
        if (tn_sim_check_errors(s) < 1 || !strstr(tn_sim_first_error(s), cases[i].msg))
            fail_msg("fault %zu: %ld integrity errors, the first '%s'; wanted '%s'", i,
                     tn_sim_check_errors(s), tn_sim_first_error(s), cases[i].msg);
        tn_sim_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sink_checks_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
