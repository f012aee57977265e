/* SPDX-License-Identifier: MIT */
/* tnlock: the lockstep harness. Drives the Verilated RTL and the golden C model with the same
 * traffic and compares, every cycle, every link and credit register, every observed register of
 * rtl/common/tn_defs.tbl and the error vectors. On the first difference it stops, names cycle,
 * node, port, VC and field, reruns to write an FST of the cycles before it and a GTKWave save
 * file on that router. model=off runs the RTL alone (rtlonly.c), for throughput. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "lock.h"
#include "opts.h"


typedef struct run_result {
    long cycles;
    int mismatch;
    mismatch mm;
    double rtl_s, model_s;
    long delivered, injected, flits_ejected;
    long check_errors;
    int drained;
    int overlap;    /* the RTL ticked on a second thread while the model stepped */
    int deadlocked; /* the watchdog stopped the run (RTL and model equally stuck) */
    /* inject=: the cycle of the break (-1: no chance came), what it was, and the first cycle
     * with an error bit set (equal in both), its node and bits (-1: none came) */
    long inj_t, err_t;
    int err_node;
    uint32_t err_bits;
    char inj_what[160];
} run_result;

/* inject=: cycles after the break within which an error must show (a head made a body waits
 * at most for the packet before it to leave its VC) */
#define INJ_WAIT 5000

/* The first difference, found in cycle t: the run stops there (or, when a waveform is being
 * written, runs on to the end of its window). Returns 1. */
static int record_mismatch(run_result *res, long t)
{
    res->mm.cycle = t;
    res->mismatch = 1;
    res->cycles = t;
    return 1;
}

/* One lockstep run; trace_lo/hi >= 0 writes an FST of those cycles to fst. */
static int lockstep(const opts *o, long trace_lo, long trace_hi, const char *fst, int trace_node,
                    run_result *res)
{
    char err[TN_ERRLEN];
    tn_rtl_params rp;
    tn_rtl_params_get(&rp);
    tn_sim *s = tn_sim_new(&o->cfg, err, sizeof err);
    if (!s) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return 2;
    }
    layout L;
    layout_init(&L, &rp);
    tn_rtl_xinit(o->xinit ? o->cfg.seed * 2654435761u + 1u : 0u); /* the same values in a rerun */
    rnet net, *r = &net;
    const tn_geom *g = tn_sim_geom(s);
    if (rnet_open(r, g, &L, &o->cfg, tn_sim_acrd(s), (int)o->threads)) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    view w;
    long nt = (long)g->nodes * g->term;
    if (tn_links_alloc(&w, s)) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    memset(res, 0, sizeof *res);
    res->inj_t = res->err_t = -1;
    if (fst && rnet_trace_open(r, trace_node, fst)) {
        fprintf(stderr, "tnlock: error: cannot write waveform '%s'\n", fst);
        fst = NULL;
    }
    /* overlap: the model's step and the RTL's tick of a cycle on two threads. Not with a
     * waveform (dumped after each tick), the GAL or ACOR block (driven from the model's state
     * after its step), the harness's own threads (rtl=rtr threads>1), random initial values, or
     * one processor. */
    int ovl = o->overlap && !o->xinit && !fst && !L.gal && !L.acor && o->threads <= 1 &&
              sysconf(_SC_NPROCESSORS_ONLN) >= 2 && rnet_overlap_open(r) == 0;
    long limit = o->cycles + 100000L + 100L * g->nodes * g->ports;
    int rc = 0;
    uint8_t *ni_ready = L.gal ? calloc((size_t)nt, 1) : NULL;
    uint32_t *ni_ntag = L.gal ? calloc((size_t)g->nodes, sizeof *ni_ntag) : NULL;
    uint8_t *acor_lvl = L.acor ? calloc((size_t)nt, 1) : NULL;
    if ((L.gal && (!ni_ready || !ni_ntag)) || (L.acor && !acor_lvl)) {
        fprintf(stderr, "tnlock: error: out of memory\n");
        return 2;
    }
    for (long t = 0; t < limit; t++) {
        if (t == o->cycles)
            tn_sim_stop_sources(s); /* stop starting packets; drain */
        long held = tn_sim_links(s, &w); /* the registers of cycle t */
        if (t >= o->cycles && tn_sim_in_flight(s) == 0 && held == 0)
            break;
        double t0 = lk_now();
        drive_injection(r, &w, &L, g);
        if (o->inject && res->inj_t < 0 && t >= o->inject_at && t < o->cycles &&
            inject_try(o->inject, (int)o->inject_node, r, s, &w, &L, res->inj_what,
                       sizeof res->inj_what))
            res->inj_t = t;
        if (fst && t >= trace_lo && t <= trace_hi) {
            rnet_eval(r); /* settled inputs in the waveform */
            rnet_trace_dump(r, (uint64_t)(2 * t));
        }
        double t1 = lk_now();
        res->rtl_s += t1 - t0;
        for (long i = 0; i < nt; i++)
            res->flits_ejected += w.lnk_valid[(i / g->term) * g->ports +
                                              tn_term_port(g, (int)(i % g->term))];
        tn_sim_sync(s); /* routers the model skipped: state of cycle t */
        int bad;
        if (ovl) {
            /* overlap: the RTL's inputs of cycle t are driven and its state copied; it ticks on
             * the second thread while this one compares the copy and steps the model */
            rnet_snapshot(r);
            rnet_tick_start(r);
            bad = compare_snapped(r, s, &w, &L, o->inject != 0, &res->mm);
        } else {
            bad = compare(r, s, &w, &L, o->inject != 0, &res->mm) || (L.gal && ni_compare_state(r, s, &L, &res->mm)) ||
                  (L.acor && acor_compare_state(r, s, &L, &res->mm));
        }
        if (bad && (rc = record_mismatch(res, t)) && !fst) {
            rnet_tick_wait(r);
            break;
        }
        if (fst && t > trace_hi)
            break;
        if (o->inject && !rc) {
            /* the first error bit ends the run (both hold it: compared above); so does the
             * wait for one after the break, or the end of the cycles without a chance */
            for (int v = 0; v < g->nodes && res->err_t < 0; v++)
                if (tn_sim_router_err(s, v)) {
                    res->err_t = t;
                    res->err_node = v;
                    res->err_bits = tn_sim_router_err(s, v);
                }
            if (res->err_t >= 0 || (res->inj_t >= 0 && t > res->inj_t + INJ_WAIT) ||
                (res->inj_t < 0 && t >= o->cycles)) {
                res->cycles = t;
                rnet_tick_wait(r);
                break;
            }
        }
        if (tn_sim_deadlocked(s)) {
            fprintf(stderr, "tnlock: %s (the RTL, in lockstep, is stuck the same way)\n",
                    tn_sim_deadlock_report(s));
            res->deadlocked = 1;
            rnet_tick_wait(r);
            break;
        }
        if (L.gal)
            ni_capture(s, ni_ready, ni_ntag);
        if (L.acor)
            acor_capture(s, acor_lvl);
        double t2 = lk_now();
        tn_sim_step(s); /* the model shares no memory with the RTL */
        double t3 = lk_now();
        res->model_s += t3 - t2;
        if (ovl) {
            rnet_tick_wait(r);
            res->cycles = t + 1;
            continue;
        }
        /* the NI's decisions of cycle t: settled before the tick (a model per router), or kept
         * by the time-multiplexed torus as its tick evaluates each node (rtl=emu) */
        if (L.gal && !L.emu && ni_drive_compare(r, s, &L, ni_ready, ni_ntag, &res->mm) &&
            (rc = record_mismatch(res, t)) && !fst)
            break;
        if (L.gal && L.emu)
            ni_drive(r, s, &L, ni_ready, ni_ntag);
        if (!rc && L.acor && !L.emu && acor_drive_compare(r, s, &L, acor_lvl, &res->mm) &&
            (rc = record_mismatch(res, t)) && !fst)
            break;
        if (L.acor && L.emu)
            acor_drive(r, s, &L);
        rnet_tick(r);
        if (!rc && L.gal && L.emu && ni_compare_decisions(r, s, &L, &res->mm) &&
            (rc = record_mismatch(res, t)) && !fst)
            break;
        if (!rc && L.acor && L.emu && acor_compare_decisions(r, s, &L, acor_lvl, &res->mm) &&
            (rc = record_mismatch(res, t)) && !fst)
            break;
        if (fst && t + 1 >= trace_lo && t + 1 <= trace_hi)
            rnet_trace_dump(r, (uint64_t)(2 * t + 1));
        res->rtl_s += lk_now() - t3;
        res->cycles = t + 1;
        if (rc)
            break;
    }
    if (ovl)
        res->rtl_s += rnet_overlap_rtl_s(r);
    res->overlap = ovl;
    res->drained = tn_sim_in_flight(s) == 0;
    tn_sim_counts(s, &res->injected, &res->delivered);
    res->check_errors = tn_sim_check_errors(s);
    rnet_close(r);
    tn_sim_free(s);
    free(ni_ready);
    free(ni_ntag);
    free(acor_lvl);
    tn_links_free(&w);
    return rc;
}

static long nodes_of(const tn_config *c)
{
    long v = 1;
    for (int d = 0; d < c->n; d++)
        v *= c->k;
    return v;
}

/* The configuration's enumerated keys as JSON fields, by name (tnsim --json's keys) */
static void json_config(const tn_config *c, char *buf, size_t len)
{
    snprintf(buf, len, "\"topo\": \"%s\", \"routing\": \"%s\", \"selection\": \"%s\"",
             tn_topo_name(c->topo), tn_routing_name(c->routing), tn_selection_name(c->selection));
}

/* The checks against the Verilated model this program is (the keys: opts.c). */
static int parse(opts *o, int argc, char **argv)
{
    char err[TN_CLI_ERRLEN];
    if (lock_parse(o, argc, argv))
        return -1;
    if (o->cycles < 0)
        o->cycles = o->cfg.warmup + o->cfg.measure;
    tn_rtl_params p;
    tn_rtl_params_get(&p);
    /* the launcher's checks, for a model run directly (rtl not given: this model's top); then
     * this model's own parameters */
    if (!o->rtl[0])
        strcpy(o->rtl, p.top ? "rtr" : p.emu ? "emu" : "net");
    if (lock_check(o, err, sizeof err)) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return -1;
    }
    /* name: an enumerated key's names (messages print names where the user typed them) */
    struct { const char *key; int want, have; const char *(*name)(int); } m[] = {
        {"k", p.k, o->cfg.k, NULL}, {"n", p.n, o->cfg.n, NULL}, {"vcs", p.v, o->cfg.vcs, NULL},
        {"term", p.term, o->cfg.term, NULL}, {"topo", p.topo, o->cfg.topo, tn_topo_name},
        {"flitw", p.w, o->cfg.flitw, NULL}, {"bcap", p.b, (int)o->bcap, NULL},
        {"stages", p.stages, (int)o->stages, NULL}, {"engines", p.engines, (int)o->engines, NULL},
        {"pipe", p.pipe, o->cfg.pipe, NULL}};
    if (o->cfg.routing == TN_ROUTE_GAL && !p.gal) {
        fprintf(stderr, "tnlock: error: key 'routing': value 'gal' needs the model with the GAL "
                        "network interface (rtl=rtr, built as TOP_..._gal); allowed here: %s\n",
                p.routing >= 3 ? "dor minad val goal" : p.routing ? "dor minad" : "dor");
        return -1;
    }
    if (o->cfg.routing == TN_ROUTE_ACOR && !p.acor) {
        fprintf(stderr, "tnlock: error: key 'routing': value 'acor' needs the model with the ACOR "
                        "block (rtl=rtr, vcs >= 4, built as TOP_..._acor); allowed here: %s\n",
                p.gal ? "gal" : p.routing >= 3 ? "dor minad val goal" : p.routing ? "dor minad" : "dor");
        return -1;
    }
    if (p.acor && o->cfg.routing != TN_ROUTE_ACOR) {
        fprintf(stderr, "tnlock: error: key 'routing': value '%s' is not allowed with the ACOR "
                        "model; allowed: acor\n", tn_routing_name(o->cfg.routing));
        return -1;
    }
    if (p.gal && o->cfg.routing != TN_ROUTE_GAL) {
        fprintf(stderr, "tnlock: error: key 'routing': value '%s' is not allowed with the GAL "
                        "model; allowed: gal\n", tn_routing_name(o->cfg.routing));
        return -1;
    }
    if (o->cfg.routing != TN_ROUTE_GAL && o->cfg.routing != TN_ROUTE_ACOR &&
        o->cfg.routing > p.routing) {
        fprintf(stderr, "tnlock: error: key 'routing': value '%s' is not built into this Verilated "
                        "model (parameter ROUTING=%d, vcs=%d; models with vcs >= 4 have dor "
                        "minad val goal, vcs = 3 dor minad); allowed: %s\n",
                tn_routing_name(o->cfg.routing), p.routing, p.v,
                p.routing >= 3 ? "dor minad val goal" : p.routing ? "dor minad" : "dor");
        return -1;
    }
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        if (m[i].want != m[i].have) {
            char have[32], want[32];
            snprintf(have, sizeof have, "%d", m[i].have);
            snprintf(want, sizeof want, "%d", m[i].want);
            fprintf(stderr, "tnlock: error: key '%s': value '%s' differs from this Verilated model's "
                            "'%s' (k=%d n=%d vcs=%d buf<=%d flitw=%d term=%d topo=%s); allowed: %s\n",
                    m[i].key, m[i].name ? m[i].name(m[i].have) : have,
                    m[i].name ? m[i].name(m[i].want) : want, p.k, p.n, p.v, p.b, p.w, p.term,
                    tn_topo_name(p.topo), m[i].name ? m[i].name(m[i].want) : want);
            return -1;
        }
    const char *top = p.top ? "rtr" : p.emu ? "emu" : "net";
    if (o->rtl[0] && strcmp(o->rtl, top)) {
        fprintf(stderr, "tnlock: error: key 'rtl': value '%s' differs from this model's '%s'; "
                        "allowed: %s\n", o->rtl, top, top);
        return -1;
    }
    if (o->fault[0] && strcmp(o->fault, p.fault)) {
        fprintf(stderr, "tnlock: error: key 'fault': value '%s' differs from this Verilated model's "
                        "'%s'; allowed: %s (build/bin/tnlock builds the model with the fault)\n",
                o->fault, p.fault, p.fault[0] ? p.fault : "none, the key left out");
        return -1;
    }
    return 0;
}

/* inject=: the verdict of a run without a mismatch. It passes when the break was made and the
 * first error bit of either (both equal every cycle) is the break's, at its node. */
static int inject_report(const opts *o, const run_result *res, const char *jcfg)
{
    static const char *const names[] = LK_INJ_NAMES;
    uint32_t want = inject_bit(o->inject);
    int ok = res->inj_t >= 0 && res->err_t >= 0 && res->err_node == o->inject_node &&
             (res->err_bits & want);
    char why[256];
    if (res->inj_t < 0)
        snprintf(why, sizeof why, "no chance to break the protocol at node %ld in cycles %ld..%ld "
                 "(a busier run, e.g. a higher load or smaller buf, gives one)", o->inject_node,
                 o->inject_at, o->cycles - 1);
    else if (res->err_t < 0)
        snprintf(why, sizeof why, "neither set an error bit within %d cycles of the break",
                 INJ_WAIT);
    else
        snprintf(why, sizeof why, "both set err 0x%02x at node %d in cycle %ld (%ld after the "
                 "break)%s", (unsigned)res->err_bits, res->err_node, res->err_t,
                 res->err_t - res->inj_t, ok ? "" : ", not the break's bit at its node");
    if (o->json) {
        printf("{\"mismatch\": false, \"inject\": \"%s\", \"inject_cycle\": %ld, \"error_cycle\": "
               "%ld, \"error_node\": %d, \"err\": %u, \"expected_err\": %u, \"passed\": %s, "
               "\"cycles\": %ld, \"router_cycles\": %ld, %s}\n", names[o->inject], res->inj_t,
               res->err_t, res->err_t >= 0 ? res->err_node : -1, (unsigned)res->err_bits,
               (unsigned)want, ok ? "true" : "false", res->cycles,
               res->cycles * nodes_of(&o->cfg), jcfg);
    } else {
        if (res->inj_t >= 0)
            printf("tnlock: inject=%s at node %ld, cycle %ld: %s\n", names[o->inject],
                   o->inject_node, res->inj_t, res->inj_what);
        else
            printf("tnlock: inject=%s at node %ld: not made\n", names[o->inject], o->inject_node);
        printf("  %s; %ld cycles (%ld router-cycles) compared, 0 mismatches%s\n", why,
               res->cycles, res->cycles * nodes_of(&o->cfg),
               ok ? ": the RTL's detector fires as the model's" : "");
    }
    if (!ok)
        fprintf(stderr, "tnlock: inject=%s: %s\n", names[o->inject], why);
    return ok ? 0 : 1;
}

/* mkdir -p: every folder of path (a file's folder for the waveform); 0, or -1 with the reason */
static int mkdir_p(const char *path, char *why, size_t len)
{
    char d[256];
    snprintf(d, sizeof d, "%s", path);
    for (char *p = d + 1;; p++) {
        if (*p == '/' || !*p) {
            char c = *p;
            *p = 0;
            struct stat st;
            if (mkdir(d, 0777) && (stat(d, &st) || !S_ISDIR(st.st_mode))) {
                snprintf(why, len, "cannot create '%s': %s", d,
                         errno == EEXIST ? "not a folder" : strerror(errno));
                return -1;
            }
            if (!c)
                return 0;
            *p = c;
        }
    }
}

int main(int argc, char **argv)
{
    opts o;
    memset(&o, 0, sizeof o);
    if (parse(&o, argc, argv))
        return 2;
    char jcfg[128];
    json_config(&o.cfg, jcfg, sizeof jcfg);
    if (!o.model) {
        rtlonly_result ro;
        char err[TN_ERRLEN];
        if (rtl_only(&o.cfg, o.cycles, (int)o.threads, &ro, err, sizeof err)) {
            fprintf(stderr, "tnlock: error: %s\n", err);
            return 2;
        }
        double cps = ro.rtl_s > 0 ? (double)ro.cycles / ro.rtl_s : 0;
        long rc_ = (long)ro.cycles * nodes_of(&o.cfg);
        if (o.json)
            printf("{\"model\": false, \"cycles\": %ld, \"router_cycles\": %ld, "
                   "\"packets_injected\": %ld, \"packets_delivered\": %ld, \"flits_ejected\": %ld, "
                   "\"check_errors\": %ld, \"rtl_cycles_per_second\": %.1f, %s}\n",
                   ro.cycles, rc_, ro.injected, ro.delivered, ro.flits, ro.errors, cps, jcfg);
        else
            printf("tnlock: the RTL alone (model=off), %ld cycles (%ld router-cycles): %ld packets "
                   "injected, %ld delivered, %ld flits ejected, %ld errors\n  speed: RTL %.0f "
                   "cycles/s\n", ro.cycles, rc_, ro.injected, ro.delivered, ro.flits, ro.errors, cps);
        return ro.errors == 0 && ro.injected == ro.delivered ? 0 : 1;
    }
    run_result res;
    int rc = lockstep(&o, -1, -1, NULL, -1, &res);
    if (rc == 2)
        return 2;
    tn_rtl_params rp;
    tn_rtl_params_get(&rp);
    if (rc == 1) {
        const mismatch *m = &res.mm;
        char fst[512], gtkw[512], why[300] = "";
        snprintf(fst, sizeof fst, "%s/tnlock.fst", o.waves);
        snprintf(gtkw, sizeof gtkw, "%s/tnlock.gtkw", o.waves);
        long lo = m->cycle > o.window ? m->cycle - o.window : 0;
        int waved = 0;
        if (!strcmp(o.waves, "off")) {
            snprintf(why, sizeof why, "not asked for");
        } else if (mkdir_p(o.waves, why, sizeof why) == 0) {
            remove(fst);
            remove(gtkw);
            if (tn_rtl_can_trace()) {
                /* the same run again, the traced router's cycles lo..cycle+2 dumped */
                run_result again;
                lockstep(&o, lo, m->cycle + 2, fst, m->node, &again);
                layout L;
                layout_init(&L, &rp);
                write_gtkw(gtkw, fst, m->node, m->cycle, &L);
            } else {
                /* a model without tracing: its traced twin runs the same command */
                (void)waves_from_twin(argc, argv, m->cycle, m->field, why, sizeof why);
            }
            waved = access(fst, R_OK) == 0 && access(gtkw, R_OK) == 0;
            if (!waved && !why[0])
                snprintf(why, sizeof why, "tnlock.fst or tnlock.gtkw was not written there");
        }
        /* with --json, stdout is the JSON object alone; the text goes to stderr */
        FILE *txt = o.json ? stderr : stdout;
        fprintf(txt, "tnlock: MISMATCH at cycle %ld, node %d, port %d, vc %d, field %s: rtl %llu "
                     "(0x%llx), model %llu (0x%llx)%s%s\n",
                m->cycle, m->node, m->port, m->vc, m->field, (unsigned long long)m->rtl,
                (unsigned long long)m->rtl, (unsigned long long)m->model,
                (unsigned long long)m->model, m->pkt[0] ? "; " : "", m->pkt);
        if (waved)
            fprintf(txt, "tnlock: waveform %s (cycles %ld..%ld), GTKWave save file %s (make waves "
                         "WAVES=%s)\n", fst, lo, m->cycle + 2, gtkw, o.waves);
        else
            fprintf(txt, "tnlock: no waveform: key 'waves': value '%s': %s\n", o.waves, why);
        if (o.json)
            printf("{\"mismatch\": true, \"cycle\": %ld, \"node\": %d, \"port\": %d, \"vc\": %d, "
                   "\"field\": \"%s\", \"rtl\": %llu, \"model\": %llu, \"fault\": \"%s\", "
                   "\"waveform\": %s%s%s, %s}\n",
                   m->cycle, m->node, m->port, m->vc, m->field, (unsigned long long)m->rtl,
                   (unsigned long long)m->model, rp.fault, waved ? "\"" : "", waved ? gtkw : "null",
                   waved ? "\"" : "", jcfg);
        return 1;
    }
    if (o.inject)
        return inject_report(&o, &res, jcfg);
    int ok = res.drained && res.check_errors == 0 && res.injected == res.delivered;
    double rtl_cps = res.rtl_s > 0 ? (double)res.cycles / res.rtl_s : 0;
    double mod_cps = res.model_s > 0 ? (double)res.cycles / res.model_s : 0;
    if (o.json) {
        printf("{\"mismatch\": false, \"cycles\": %ld, \"packets_injected\": %ld, "
               "\"packets_delivered\": %ld, \"flits_ejected\": %ld, \"check_errors\": %ld, "
               "\"drained\": %s, \"deadlocked\": %s, \"rtl_cycles_per_second\": %.1f, "
               "\"model_cycles_per_second\": %.1f, \"fault\": \"%s\", \"router_cycles\": %ld, "
               "\"overlap\": %s, %s}\n",
               res.cycles, res.injected, res.delivered, res.flits_ejected, res.check_errors,
               res.drained ? "true" : "false", res.deadlocked ? "true" : "false", rtl_cps, mod_cps,
               rp.fault, res.cycles * nodes_of(&o.cfg), res.overlap ? "true" : "false", jcfg);
    } else {
        /* the selection function only where the routing uses one (as tnsim's report) */
        char sel[32] = "";
        if (o.cfg.routing != TN_ROUTE_DOR)
            snprintf(sel, sizeof sel, " selection=%s", tn_selection_name(o.cfg.selection));
        printf("tnlock: %d-ary %d-cube %s routing=%s%s vcs=%d buf=%d pkt=%d-%d traffic=%s load=%.3f "
               "seed=%u%s%s\n",
               o.cfg.k, o.cfg.n, tn_topo_name(o.cfg.topo), tn_routing_name(o.cfg.routing), sel,
               o.cfg.vcs, o.cfg.buf, o.cfg.pkt_min, o.cfg.pkt_max, tn_traffic_name(o.cfg.traffic),
               o.cfg.load, o.cfg.seed, rp.fault[0] ? " fault=" : "", rp.fault);
        printf("  %ld cycles (%ld router-cycles) compared, 0 mismatches (every link, credit, VC state, credit "
               "counter, pointer, %serror vector%s)\n", res.cycles,
               res.cycles * nodes_of(&o.cfg), rp.routing >= 1 ? "selection state, RNG, " : "",
               rp.gal ? "; GAL NI: queue counts and heads, thresholds, drained counts, sender "
                        "pointers, every enqueue and departure"
               : rp.acor ? "; ACOR: level, count, timer, streams, fail counts, every draw and "
                           "level in force" : "");
        printf("  %ld packets injected, %ld delivered (%ld flits ejected by the RTL), %ld "
               "integrity errors; per-packet latency equal in both (ejection links equal every "
               "cycle)\n", res.injected, res.delivered, res.flits_ejected, res.check_errors);
        printf("  speed: RTL %.0f cycles/s, C model %.0f cycles/s%s\n", rtl_cps, mod_cps,
               res.overlap ? " (overlapped on two threads: RTL tick beside the model's step)" : "");
    }
    return ok ? 0 : 1;
}
