/* SPDX-License-Identifier: MIT */
/* The waveform of a mismatch. write_gtkw: the GTKWave save file (the router's ports, requests,
 * grants and pointers, and under routing=acor the node's ACOR block), opened on the cycle of the
 * first difference; the FST itself is written by rnet_trace_* in a model built with tracing.
 * waves_from_twin: in a model built without it, the same run in its traced twin. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lock.h"

void write_gtkw(const char *path, const char *fst, int node, long cycle, const layout *L)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    const tn_dims *d = &L->d;
    long P = d->P, PV = d->PV;
    struct { const char *name; long width; } sigs[] = {
        {"clk_i", 1}, {"rst_i", 1}, {"coord_i", d->AW}, {"err_o", d->EW},
        {"in_valid_i", P}, {"in_vc_i", P * d->VW}, {"in_flit_i", P * d->FW},
        {"in_crd_valid_o", P}, {"in_crd_vc_o", P * d->VW}, {"rq_body_ivc", PV},
        {"rq_head_ivc", PV}, {"rq_adapt_ivc", PV}, {"g1_in", P}, {"g2_in", P}, {"in_vc", P * d->VW},
        {"out_gnt", P}, {"out_ip", P * d->PW}, {"in_alloc", P}, {"in_ov", P * d->VW},
        {"out_valid_o", P}, {"out_vc_o", P * d->VW}, {"out_flit_o", P * d->FW},
        {"out_crd_valid_i", P}, {"out_crd_vc_i", P * d->VW}, {"sa1_ptr_q", P * d->VW},
        {"sa2_ptr_q", P * d->PW}};
    fprintf(f, "[dumpfile] \"%s\"\n", fst);
    fprintf(f, "[timestart] %ld\n", cycle > 20 ? 2 * (cycle - 20) : 0);
    fprintf(f, "[markertime] %ld\n", 2 * cycle);
    fprintf(f, "@200\n-router %d, cycle %ld (time = 2 x cycle)\n@22\n", node, cycle);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char range[32] = "";
        if (sigs[i].width > 1)
            snprintf(range, sizeof range, "[%ld:0]", sigs[i].width - 1);
        if (L->top && L->gal)
            fprintf(f, "TOP.tn_gal_lock_top.tn_router.%s%s\n", sigs[i].name, range);
        else if (L->top && L->acor)
            fprintf(f, "TOP.tn_acor_lock_top.tn_router.%s%s\n", sigs[i].name, range);
        else if (L->top)
            fprintf(f, "TOP.tn_router.%s%s\n", sigs[i].name, range);
        else
            fprintf(f, "TOP.tn_torus.g_node[%d].u_router.%s%s\n", node, sigs[i].name, range);
    }
    if (L->top && L->acor) {
        /* the node's ACOR block (R23.8.2): attempts, draws, levels and its registers */
        const long T = d->TERM;
        struct { const char *name; long width; } as[] = {
            {"att_i", T}, {"rdy_i", T}, {"dst_i", T * d->AW}, {"mid_o", T * d->AW},
            {"lvl_o", 2 * T}, {"level_q", 2}, {"cnt_q", 18}, {"tmr_q", 16}, {"rng_q", 32 * T},
            {"fail_q", 2 * T}};
        fprintf(f, "@200\n-ACOR block of router %d\n@22\n", node);
        for (size_t i = 0; i < sizeof as / sizeof as[0]; i++)
            fprintf(f, "TOP.tn_acor_lock_top.u_acor.%s[%ld:0]\n", as[i].name, as[i].width - 1);
    }
    fclose(f);
}

/* The models are built without waveform tracing (tools/vlbuild.sh): half the build time. This
 * one is ROOT/build/vl/NAME/tnlock; its twin NAME with _tr (before _fault_, where the name has
 * one) is the same RTL with tracing. make builds the twin if it is missing or stale (under a lock:
 * parallel runs may ask at once), and the twin runs the same command line: it finds the same
 * mismatch and writes the FST and the save file as a traced model does. Its stdout (the JSON,
 * --json added) is read to check that cycle and field are this run's; its other output is
 * dropped. 0 with the files written, or -1 with the reason in why. */
int waves_from_twin(int argc, char **argv, long cycle, const char *field, char *why, size_t len)
{
    char exe[PATH_MAX], dir[PATH_MAX], name[256], twin[300], target[400];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(why, len, "cannot find this program's path (%s)", strerror(errno));
        return -1;
    }
    exe[n] = 0;
    snprintf(dir, sizeof dir, "%s", exe);
    snprintf(name, sizeof name, "%s", basename(dirname(dir))); /* NAME */
    snprintf(dir, sizeof dir, "%s", exe);
    char *root = dirname(dirname(dirname(dirname(dir)))); /* ROOT of ROOT/build/vl/NAME/tnlock */
    const char *f = strstr(name, "_fault_");
    int at = f ? (int)(f - name) : (int)strlen(name);
    snprintf(twin, sizeof twin, "%.*s_tr%s", at, name, f ? f : "");
    snprintf(target, sizeof target, "build/vl/%s/tnlock", twin);
    fprintf(stderr, "tnlock: this model (%s) is built without waveform tracing; building and running "
                    "%s for the waveform\n", name, twin);
    fflush(stderr);
    char lock[PATH_MAX + 400];
    snprintf(lock, sizeof lock, "%s/build/vl/.twin.lock", root);
    int lk = open(lock, O_CREAT | O_RDWR, 0666);
    if (lk >= 0)
        flock(lk, LOCK_EX);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(2, 1); /* make's messages to stderr: with --json, stdout is the JSON alone */
        execlp("make", "make", "-s", "-C", root, target, (char *)NULL);
        _exit(127);
    }
    int st = 0;
    int built = pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (lk >= 0)
        close(lk); /* the lock goes with its descriptor */
    if (!built) {
        snprintf(why, len, "building %s failed (make -C %s %s)", twin, root, target);
        return -1;
    }
    /* the twin: the same arguments, --json added where missing, its stdout read back */
    char **av = calloc((size_t)argc + 2, sizeof *av);
    int fd[2];
    if (!av || pipe(fd)) {
        free(av);
        snprintf(why, len, "out of resources to run %s", twin);
        return -1;
    }
    char bin[PATH_MAX + 400];
    snprintf(bin, sizeof bin, "%s/%s", root, target);
    int ac = 0, json = 0;
    av[ac++] = bin;
    for (int i = 1; i < argc; i++) {
        json |= !strcmp(argv[i], "--json");
        av[ac++] = argv[i];
    }
    if (!json)
        av[ac++] = "--json";
    av[ac] = NULL;
    pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 1);
        int nul = open("/dev/null", O_WRONLY);
        if (nul >= 0)
            dup2(nul, 2);
        execv(bin, av);
        _exit(127);
    }
    close(fd[1]);
    free(av);
    /* read to the end (the JSON is the first 8 KB; the rest, if any, is drained so that the
     * twin never waits on a full pipe) */
    char out[8192], rest[4096];
    size_t got = 0;
    ssize_t r;
    while ((r = got < sizeof out - 1 ? read(fd[0], out + got, sizeof out - 1 - got)
                                      : read(fd[0], rest, sizeof rest)) > 0)
        if (got < sizeof out - 1)
            got += (size_t)r;
    out[got] = 0;
    close(fd[0]);
    if (pid < 0 || waitpid(pid, &st, 0) != pid) {
        snprintf(why, len, "cannot run %s", bin);
        return -1;
    }
    /* the twin's mismatch must be this run's: same cycle, same field */
    char want[128];
    snprintf(want, sizeof want, "\"cycle\": %ld, ", cycle);
    const char *fp = strstr(out, "\"field\": \"");
    size_t fl = strlen(field);
    if (!strstr(out, want) || !fp || strncmp(fp + 10, field, fl) || fp[10 + fl] != '"') {
        snprintf(why, len, "the traced twin %s did not stop at the same mismatch (it printed: %.120s)",
                 twin, got ? out : "nothing");
        return -1;
    }
    return 0;
}
