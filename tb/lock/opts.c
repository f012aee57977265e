/* SPDX-License-Identifier: MIT */
/* tnlock's own keys beside the model's, parsed by the model's one key table (tn_cli_parse): the
 * harness (main.c) and the launcher (launch.c) read the command line the same way. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "opts.h"

/* tnlock's own keys, beside the model's (one key table: cmodel/sim/config.c, tn_cli.h) */
static int set_long(long *dst, const char *v, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    return tn_cli_long(v, 1, 100000000L, dst); /* the parser names key, value and range */
}
static int k_cycles(void *c, const char *v, char *e, size_t n) { return set_long(&((opts *)c)->cycles, v, e, n); }
static int k_threads(void *c, const char *v, char *e, size_t n)
{
    long *t = &((opts *)c)->threads;
    return set_long(t, v, e, n) || *t > 8 ? -1 : 0;
}
static int k_window(void *c, const char *v, char *e, size_t n) { return set_long(&((opts *)c)->window, v, e, n); }
static int k_engines(void *c, const char *v, char *e, size_t n)
{
    long *t = &((opts *)c)->engines;
    return set_long(t, v, e, n) || *t > 64 ? -1 : 0;
}
static int k_stages(void *c, const char *v, char *e, size_t n)
{
    long *t = &((opts *)c)->stages;
    return set_long(t, v, e, n) || *t > 2 ? -1 : 0;
}
static int set_str(char *dst, const char *v)
{
    if (!*v || strlen(v) >= 256)
        return -1;
    strcpy(dst, v);
    return 0;
}
static int k_waves(void *c, const char *v, char *e, size_t n)
{
    (void)e, (void)n;
    return strpbrk(v, "\"\\") ? -1 : set_str(((opts *)c)->waves, v); /* JSON prints it as is */
}
static int k_rtl(void *c, const char *v, char *e, size_t n)
{
    (void)e, (void)n;
    return strcmp(v, "net") && strcmp(v, "rtr") && strcmp(v, "emu") ? -1
                                                                     : set_str(((opts *)c)->rtl, v);
}
/* The planted faults: rtl/common/tn_defs.tbl's enum planted, each an `ifdef TN_FAULT_<NAME> block
 * of rtl/common/tn_faults.vh (tb/checks/check_faults.sh keeps the two equal). */
static const char *const planted_names[TN_PLANTED_LAST] = TN_PLANTED_NAMES;

/* Whether the model for configuration c contains fault f's block (tools/vlbuild.sh chooses the
 * top and ROUTING from routing and vcs); *need is the keys that build it, *where the block. A
 * model without the block would run clean, as if the harness had missed the fault. Every value
 * of the enum has a case: a fault added to the table does not compile until it is placed here. */
static int fault_built(enum tn_planted f, const tn_config *c, const char *rtl, const char **need,
                       const char **where)
{
    *need = "";
    *where = "every tn_router";
    switch (f) {
    case TN_PLANTED_CREDIT_VC0:
    case TN_PLANTED_VC_PICK:
    case TN_PLANTED_VC_TAKE:
    case TN_PLANTED_VC_RELEASE:
    case TN_PLANTED_SA1_PTR:
    case TN_PLANTED_RR_SKIP:
    case TN_PLANTED_LAST:
        return 1;
    case TN_PLANTED_SEL_TIE:
        *need = "vcs >= 3";
        *where = "the selection functions (rtl/router/tn_sel_argbest.v)";
        return c->vcs >= 3;
    case TN_PLANTED_GAL_HOLD:
    case TN_PLANTED_GAL_THR:
    case TN_PLANTED_GAL_TMAX:
        *need = "routing=gal";
        *where = "the GAL network interface (rtl/ni/tn_gal_ni.v)";
        return c->routing == TN_ROUTE_GAL;
    case TN_PLANTED_ACOR_HYS:
        *need = "routing=acor";
        *where = "the ACOR block (rtl/ni/tn_acor.v)";
        return c->routing == TN_ROUTE_ACOR;
    case TN_PLANTED_PIPE_TAKEN:
        *need = "pipe=1";
        *where = "PIPE=1's mask of the output VC in flight (rtl/router/tn_router.v)";
        return c->pipe == TN_PIPE_1;
    case TN_PLANTED_CTX_WRITE:
        *need = "rtl=emu";
        *where = "the context memories of the time-multiplexed torus (rtl/common/tn_ctx_reg.v)";
        return !strcmp(rtl, "emu");
    }
    return 0;
}

/* The names of the planted faults a model for c contains (c NULL: every one), space-separated. */
static void fault_list(char *buf, size_t len, const tn_config *c, const char *rtl)
{
    size_t u = 0;
    buf[0] = 0;
    for (int f = 0; f < TN_PLANTED_LAST && u < len; f++) {
        const char *need, *where;
        if (!c || fault_built((enum tn_planted)f, c, rtl, &need, &where))
            u += (size_t)snprintf(buf + u, len - u, "%s%s", u ? " " : "", planted_names[f]);
    }
}

static int fault_index(const char *v)
{
    for (int f = 0; f < TN_PLANTED_LAST; f++)
        if (!strcmp(v, planted_names[f]))
            return f;
    return -1;
}

static int k_fault(void *c, const char *v, char *e, size_t n)
{
    if (fault_index(v) < 0) {
        char all[256];
        fault_list(all, sizeof all, NULL, NULL);
        snprintf(e, n, "key 'fault': value '%s' is not a planted fault; allowed: %s", v, all);
        return -1;
    }
    return set_str(((opts *)c)->fault, v);
}
static int set_onoff(int *dst, const char *v)
{
    if (strcmp(v, "on") && strcmp(v, "off"))
        return -1;
    *dst = !strcmp(v, "on");
    return 0;
}
static const char *const inject_names[] = LK_INJ_NAMES;
static int k_inject(void *c, const char *v, char *e, size_t n)
{
    (void)e, (void)n;
    for (int k = 0; k < (int)(sizeof inject_names / sizeof inject_names[0]); k++)
        if (!strcmp(v, inject_names[k])) {
            ((opts *)c)->inject = k;
            return 0;
        }
    return -1;
}
static int set_count(long *dst, const char *v)
{
    return tn_cli_long(v, 0, 100000000L, dst);
}
static int k_inject_at(void *c, const char *v, char *e, size_t n) { (void)e, (void)n; return set_count(&((opts *)c)->inject_at, v); }
static int k_inject_node(void *c, const char *v, char *e, size_t n) { (void)e, (void)n; return set_count(&((opts *)c)->inject_node, v); }
static int k_bcap(void *c, const char *v, char *e, size_t n)
{
    long *b = &((opts *)c)->bcap;
    return set_long(b, v, e, n) || *b > 64 ? -1 : 0;
}
static int k_xinit(void *c, const char *v, char *e, size_t n)
{
    (void)e, (void)n;
    if (strcmp(v, "zero") && strcmp(v, "random"))
        return -1;
    ((opts *)c)->xinit = !strcmp(v, "random");
    return 0;
}
static int k_model(void *c, const char *v, char *e, size_t n) { (void)e, (void)n; return set_onoff(&((opts *)c)->model, v); }
static int k_overlap(void *c, const char *v, char *e, size_t n) { (void)e, (void)n; return set_onoff(&((opts *)c)->overlap, v); }
static const tn_cli_key lock_keys[] = {
    {"cycles", "1..100000000", "warmup+measure", "lockstep cycles before the drain", k_cycles},
    {"window", "1..100000000", "300", "waveform cycles before a mismatch", k_window},
    {"waves", "a folder (created; no \" or \\ in its path, under 256 characters), or off", "build/waves", "where a mismatch's FST and GTKWave file go (a model built without tracing has its traced twin built and run for them); off: none (./off for a folder of that name)", k_waves},
    {"rtl", "net rtr emu", "net", "net: the Verilated tn_torus; rtr: one tn_router per node; emu: the time-multiplexed torus (rtl/emu/tn_emu_torus.v: one tn_router evaluates every node in turn; docs/emulator.md)", k_rtl},
    {"fault", "", "-", "the model with that planted fault (TN_FAULT_<NAME>; docs/verification.md)", k_fault},
    {"model", "on off", "on", "off: the RTL alone with a C traffic source, for throughput", k_model},
    {"overlap", "on off", "on", "lockstep: a second thread ticks the RTL while the model steps the same cycle (used with a second processor, threads=1, no GAL or ACOR block; the report says)", k_overlap},
    {"bcap", "1..64", "8", "the Verilated model's buffer capacity B (buf <= bcap; another value than 8 is a build of its own): the RTL's FIFOs at a B that is no power of two", k_bcap},
    {"xinit", "zero random", "zero", "random: every register and RAM of the RTL starts from random values (Verilator's randReset, seeded from seed) before its reset, and each tick takes both evals: a run that passes shows the reset complete (not with overlap or threads)", k_xinit},
    {"inject", "none order buf_ovf credit_ovf", "none", "break the link protocol once, in the model and the RTL alike, at the first chance from cycle inject_at at node inject_node: the run passes when both set the error bit in the same cycle (credit_ovf: rtl=rtr; docs/verification.md)", k_inject},
    {"inject_at", "0..100000000", "100", "the first cycle inject may break the protocol in", k_inject_at},
    {"inject_node", "0..nodes-1", "0", "the node inject breaks the protocol at", k_inject_node},
    {"engines", "1..64", "1", "rtl=emu: the engines, a divisor of k (each evaluates k^n/engines nodes in turn; its own build, _eE; docs/emulator.md)", k_engines},
    {"stages", "1..2", "1", "rtl=emu: the engine's pipeline stages (2: the allocation cut after stage 1's input choice; its own build, _s2; docs/emulator.md)", k_stages},
    {"threads", "1..8", "1", "rtl=net: Verilator threads of the model (its own build); rtl=rtr: the harness's threads, each ticking a share of the routers; each needs an idle core", k_threads},
};
#define N_LOCK_KEYS ((int)(sizeof lock_keys / sizeof lock_keys[0]))

int lock_parse(opts *o, int argc, char **argv)
{
    char err[TN_CLI_ERRLEN];
    tn_config_default(&o->cfg);
    o->cfg.k = 4; /* the board's 4x4 torus */
    o->cfg.warmup = 200;
    o->cfg.measure = 2000;
    o->cfg.gal_qdepth = LOCK_VL_QD; /* the Verilated GAL NI's (tnsim's 128 and dst are not built) */
    o->cfg.gal_sets = TN_GAL_SDIR;
    o->cycles = -1;
    o->window = 300;
    strcpy(o->waves, "build/waves");
    o->model = 1;
    o->threads = 1;
    o->stages = 1;
    o->engines = 1;
    o->overlap = 1;
    o->bcap = LOCK_VL_B;
    o->inject = LK_INJ_NONE;
    o->inject_at = 100;
    o->inject_node = 0;
    /* the fault key's range, for the usage, is the table's list of planted faults */
    tn_cli_key keys[N_LOCK_KEYS];
    char faults[256];
    fault_list(faults, sizeof faults, NULL, NULL);
    for (int i = 0; i < N_LOCK_KEYS; i++) {
        keys[i] = lock_keys[i];
        if (keys[i].set == k_fault)
            keys[i].range = faults;
    }
    /* buf left out: the model's default, at most bcap (0 marks "not given"; no value sets 0) */
    const int buf_def = o->cfg.buf;
    o->cfg.buf = 0;
    int rc = tn_cli_parse(argc, argv, 1, &o->cfg, keys, N_LOCK_KEYS, o, &o->json, err, sizeof err);
    if (o->cfg.buf == 0)
        o->cfg.buf = buf_def < o->bcap ? buf_def : (int)o->bcap;
    if (rc == 1) {
        /* the default column shows tnlock's own defaults, set above */
        char dk[32], dw[32], dm[32], dq[32], syn[768];
        snprintf(dk, sizeof dk, "k=%d", o->cfg.k);
        snprintf(dw, sizeof dw, "warmup=%ld", o->cfg.warmup);
        snprintf(dm, sizeof dm, "measure=%ld", o->cfg.measure);
        snprintf(dq, sizeof dq, "gal_qdepth=%d", o->cfg.gal_qdepth);
        const char *const own[] = {dk, dw, dm, dq, "gal_sets=dir", NULL};
        snprintf(syn, sizeof syn, "usage: tnlock key=value ... [--config FILE] [--json]\n"
                                  "  compares the Verilated RTL with the C model every cycle "
                                  "(build/bin/tnlock picks and builds the model);\n  its defaults "
                                  "differ from tnsim's in %s %s %s %s gal_sets=dir; its models are "
                                  "tori built with buf <= bcap (%d unless given; buf left out is at most bcap); a flitw other than %d is a build of its own;\n  it refuses routing=chaos (C model only) and drain "
                                  "(a run drains until every packet is delivered)", dk, dw, dm, dq, LOCK_VL_B,
                 LOCK_VL_W);
        tn_cli_usage_defs(stdout, syn, keys, N_LOCK_KEYS, own);
        exit(0);
    }
    if (rc) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return -1;
    }
    return 0;
}

/* What no Verilated model runs, refused before one is built (and by a model run directly). */
int lock_check(const opts *o, char *err, size_t errlen)
{
    /* a configuration the model refuses needs no Verilated model: say so before building one */
    if (tn_config_check(&o->cfg, err, errlen))
        return -1;
    const char *rtl = o->rtl[0] ? o->rtl : "net";
    if (o->cfg.routing == TN_ROUTE_GAL && strcmp(rtl, "rtr") && strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'rtl': value '%s' is not allowed with routing=gal; allowed: rtr "
                              "emu (the GAL network interface is lockstepped beside each tn_router, "
                              "or each node's in the time-multiplexed torus)", rtl);
        return -1;
    }
    if (o->cfg.routing == TN_ROUTE_ACOR && strcmp(rtl, "rtr") && strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'rtl': value '%s' is not allowed with routing=acor; allowed: rtr "
                              "emu (the ACOR block is lockstepped beside each tn_router, or each "
                              "node's in the time-multiplexed torus)", rtl);
        return -1;
    }
    /* the Verilated models are tori (tools/vlbuild.sh: TOPO=0) */
    if (o->cfg.topo != TN_TOPO_TORUS) {
        snprintf(err, errlen, "key 'topo': value '%s' is not built into tnlock's Verilated models "
                              "(all tori); allowed: %s",
                 tn_topo_name(o->cfg.topo), tn_topo_name(TN_TOPO_TORUS));
        return -1;
    }
    /* what every Verilated model fixes (tools/vlbuild.sh): refused here, before a build, not by
     * the harness after it */
    const char *fams = o->cfg.vcs >= 4 ? "dor minad val goal gal acor" : o->cfg.vcs == 3 ? "dor minad" : "dor";
    if (o->cfg.routing == TN_ROUTE_CHAOS) {
        snprintf(err, errlen, "key 'routing': value 'chaos' is not built into the RTL (the C model's "
                              "baseline: tnsim); allowed with vcs=%d: %s", o->cfg.vcs, fams);
        return -1;
    }
    if (o->cfg.buf > o->bcap) {
        snprintf(err, errlen, "key 'buf': value '%d' is above the Verilated model's buffer capacity "
                              "(B=%ld, key bcap); allowed: 1..%ld", o->cfg.buf, o->bcap, o->bcap);
        return -1;
    }
    if (o->cfg.routing == TN_ROUTE_GAL && o->cfg.gal_sets == TN_GAL_SDST) {
        snprintf(err, errlen, "key 'gal_sets': value 'dst' is C-only (one set per destination); "
                              "allowed in the RTL: 1 2 dir");
        return -1;
    }
    if (o->cfg.routing == TN_ROUTE_GAL && o->cfg.gal_qdepth != LOCK_VL_QD) {
        snprintf(err, errlen, "key 'gal_qdepth': value '%d' differs from the Verilated GAL network "
                              "interface's queue depth; allowed: %d", o->cfg.gal_qdepth, LOCK_VL_QD);
        return -1;
    }
    /* model=off drives the RTL from its own source (rtlonly.c): uniform destinations, no NI
     * block */
    if (!o->model && (o->cfg.routing == TN_ROUTE_GAL || o->cfg.routing == TN_ROUTE_ACOR)) {
        snprintf(err, errlen, "key 'model': value 'off' is not allowed with routing=%s (its block "
                              "is driven from the model); allowed with model=off: dor minad val goal",
                 tn_routing_name(o->cfg.routing));
        return -1;
    }
    if (!o->model && o->cfg.traffic != TN_TR_UNIFORM) {
        snprintf(err, errlen, "key 'traffic': value '%s' is not what model=off drives (its source "
                              "sends to uniform destinations); allowed with model=off: uniform",
                 tn_traffic_name(o->cfg.traffic));
        return -1;
    }
    /* tnlock drains until the network is empty, under its own watchdog (main.c) */
    tn_config d;
    tn_config_default(&d);
    if (o->cfg.drain != d.drain) {
        snprintf(err, errlen, "key 'drain': value '%ld' is not read by tnlock (a run drains until "
                              "every packet is delivered; a watchdog stops one whose flits stop "
                              "moving); allowed: leave the key out", o->cfg.drain);
        return -1;
    }
    /* a planted fault in a block this model does not have would run clean: refuse it */
    const char *need, *where;
    int f = o->fault[0] ? fault_index(o->fault) : -1;
    if (f >= 0 && !fault_built((enum tn_planted)f, &o->cfg, rtl, &need, &where)) {
        char here[256];
        fault_list(here, sizeof here, &o->cfg, rtl);
        snprintf(err, errlen, "key 'fault': value '%s' needs %s: it is planted in %s, which the model "
                              "for routing=%s vcs=%d does not contain; allowed here: %s",
                 o->fault, need, where, tn_routing_name(o->cfg.routing), o->cfg.vcs, here);
        return -1;
    }
    /* xinit=random: the full evaluation path, on one thread (the overlap and the falling-edge
     * shortcut assume Verilator's zero start) */
    if (o->xinit && !o->model) {
        snprintf(err, errlen, "key 'model': value 'off' is not allowed with xinit=random; allowed: on");
        return -1;
    }
    if (o->xinit && o->threads > 1) {
        snprintf(err, errlen, "key 'threads': value '%ld' is not allowed with xinit=random; "
                              "allowed: 1", o->threads);
        return -1;
    }
    /* inject=: a break of the injection link or the credit wires between routers, checked by
     * the model */
    if (o->inject == LK_INJ_NONE && (o->inject_at != 100 || o->inject_node != 0)) {
        snprintf(err, errlen, "key '%s': value '%ld' is read only with inject; allowed: leave it "
                              "out, or give inject=order, buf_ovf or credit_ovf",
                 o->inject_node ? "inject_node" : "inject_at",
                 o->inject_node ? o->inject_node : o->inject_at);
        return -1;
    }
    if (o->inject != LK_INJ_NONE) {
        long nodes = 1;
        for (int d = 0; d < o->cfg.n; d++)
            nodes *= o->cfg.k;
        if (!o->model) {
            snprintf(err, errlen, "key 'model': value 'off' is not allowed with inject=%s (the "
                                  "model checks the error it causes); allowed: on",
                     inject_names[o->inject]);
            return -1;
        }
        if (o->cfg.routing == TN_ROUTE_GAL || o->cfg.routing == TN_ROUTE_ACOR) {
            snprintf(err, errlen, "key 'routing': value '%s' is not allowed with inject=%s (the "
                                  "injection link is its block's); allowed: dor minad val goal",
                     tn_routing_name(o->cfg.routing), inject_names[o->inject]);
            return -1;
        }
        if (o->inject == LK_INJ_CREDIT_OVF && strcmp(rtl, "rtr")) {
            snprintf(err, errlen, "key 'rtl': value '%s' is not allowed with inject=credit_ovf "
                                  "(the credit wires between routers are the harness's only with "
                                  "one tn_router per node); allowed: rtr", rtl);
            return -1;
        }
        if (o->inject_node >= nodes) {
            snprintf(err, errlen, "key 'inject_node': value '%ld' is not a node of the %ld; "
                                  "allowed: 0..%ld", o->inject_node, nodes, nodes - 1);
            return -1;
        }
    }
    if (o->engines != 1 && strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'engines': value '%ld' is read only with rtl=emu; allowed: 1",
                 o->engines);
        return -1;
    }
    if (o->cfg.k % o->engines) {
        snprintf(err, errlen, "key 'engines': value '%ld' does not divide k=%d; allowed: a "
                              "divisor of k", o->engines, o->cfg.k);
        return -1;
    }
    if (o->engines > 1 && !(o->cfg.k / o->engines > 1 || o->cfg.n > 1)) {
        snprintf(err, errlen, "key 'engines': value '%ld' leaves one context per engine "
                              "(k^n/engines = 1); allowed: a divisor of k below k^n", o->engines);
        return -1;
    }
    /* PIPE=1 is built for one router per context (tn_router_chk: CTX = 1) */
    if (o->cfg.pipe != TN_PIPE_0 && !strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'pipe': value '1' is not allowed with rtl=emu (the engine's "
                              "router holds many contexts; PIPE=1 needs one); allowed: 0");
        return -1;
    }
    if (o->stages != 1 && strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'stages': value '%ld' is read only with rtl=emu; allowed: 1",
                 o->stages);
        return -1;
    }
    /* the time-multiplexed torus evaluates one node per clock: nothing for threads to share */
    if (o->threads > 1 && !strcmp(rtl, "emu")) {
        snprintf(err, errlen, "key 'threads': value '%ld' is not allowed with rtl=emu (one router "
                              "evaluates every node in turn); allowed: 1", o->threads);
        return -1;
    }
    /* a threaded model (and the harness's workers with rtl=rtr) spin: one core each, or it runs
     * hundreds of times slower */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (o->threads > 1 && cores > 0 && o->threads > cores) {
        snprintf(err, errlen, "key 'threads': value '%ld' is more than this machine's %ld "
                              "processors; allowed: 1..%ld", o->threads, cores, cores);
        return -1;
    }
    return 0;
}

/* The Verilated model a run needs: TOP_kKnNvV[_bB][_wW][_tT][_p1][_gal|_acor][_jJ][_fault_F]
 * (tools/vlbuild.sh), after lock_check. */
int lock_model_name(const opts *o, char *buf, size_t len, char *err, size_t errlen)
{
    if (lock_check(o, err, errlen))
        return -1;
    const char *rtl = o->rtl[0] ? o->rtl : "net";
    char b[16] = "", w[16] = "", t[16] = "", j[32] = "";
    if (o->bcap != LOCK_VL_B)
        snprintf(b, sizeof b, "_b%ld", o->bcap);
    if (o->cfg.flitw != LOCK_VL_W)
        snprintf(w, sizeof w, "_w%d", o->cfg.flitw);
    if (o->cfg.term != 1)
        snprintf(t, sizeof t, "_t%d", o->cfg.term);
    /* rtl=rtr: one single-threaded model per router, ticked by the harness's threads (rnet.c) */
    if (o->threads > 1 && strcmp(rtl, "rtr"))
        snprintf(j, sizeof j, "_j%ld", o->threads);
    /* Every model is built without waveform tracing (tools/vlbuild.sh: _tr in a name adds it),
     * in half the time; a run that mismatches has its traced twin built and run for the
     * waveform (waves.c). Under xinit=random the twin starts from the same values: Verilator
     * 5.048 draws each variable's from the seed and a hash of its scope and name, and the two
     * builds have the same registers (docs/lockstep-speed.md, "Models without waveform
     * tracing") */
    char e[24] = "";
    if (o->engines != 1)
        snprintf(e, sizeof e, "_e%ld", o->engines);
    int n = snprintf(buf, len, "%s_k%dn%dv%d%s%s%s%s%s%s%s%s%s%s", rtl, o->cfg.k, o->cfg.n, o->cfg.vcs, b, w, t,
                     o->cfg.pipe == TN_PIPE_1 ? "_p1" : "",
                     o->cfg.routing == TN_ROUTE_GAL    ? "_gal"
                     : o->cfg.routing == TN_ROUTE_ACOR ? "_acor"
                                                       : "",
                     j, e, o->stages == 2 ? "_s2" : "", o->fault[0] ? "_fault_" : "", o->fault);
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "key 'fault': value '%s' is too long", o->fault);
        return -1;
    }
    return 0;
}
