/* SPDX-License-Identifier: MIT */
/* build/bin/tnlock: reads the command line with the harness's own parser (tb/lock/opts.c, the
 * model's key table), names the Verilated model the run needs (build/vl/NAME/tnlock), has make
 * build it if it is missing or stale, and runs it with the same arguments. No key is read twice
 * or in another language. tnlock --which KEYS... prints the model's name only. With TN_VL_COVERAGE
 * set, the model is NAME_cov, its coverage build (tb/checks/rtl_coverage.sh). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "opts.h"

int main(int argc, char **argv)
{
    opts o;
    memset(&o, 0, sizeof o);
    /* --which: print the model's name (build/vl/NAME) and stop, for scripts that build models */
    int which = argc > 1 && !strcmp(argv[1], "--which");
    if (which) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    if (lock_parse(&o, argc, argv))
        return 2;
    char name[512], err[TN_CLI_ERRLEN];
    if (lock_model_name(&o, name, sizeof name, err, sizeof err)) {
        fprintf(stderr, "tnlock: error: %s\n", err);
        return 2;
    }
    /* TN_VL_COVERAGE set (tb/checks/rtl_coverage.sh): the model's coverage build, NAME_cov, which
     * writes its counts there (tools/vlbuild.sh); a planted fault's model keeps its own build,
     * so that its changed RTL counts toward no coverage */
    const char *cov = getenv("TN_VL_COVERAGE");
    if (cov && *cov && !strstr(name, "_fault_") && strlen(name) + 4 < sizeof name)
        strcat(name, "_cov");
    if (which) {
        printf("%s\n", name);
        return 0;
    }
    /* the project root: this program is ROOT/build/bin/tnlock */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        fprintf(stderr, "tnlock: error: cannot find the project root (%s)\n", strerror(errno));
        return 2;
    }
    exe[n] = 0;
    char *root = dirname(dirname(dirname(exe)));
    char target[600], bin[PATH_MAX + 600];
    snprintf(target, sizeof target, "build/vl/%s/tnlock", name);
    snprintf(bin, sizeof bin, "%s/%s", root, target);
    /* make rebuilds the model only when the RTL, the model library or the harness changed;
     * its messages go to stderr so that --json output stays clean */
    pid_t pid = fork();
    if (pid == 0) {
        dup2(2, 1);
        execlp("make", "make", "-s", "-C", root, target, (char *)NULL);
        _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "tnlock: error: building %s failed\n", name);
        return 2;
    }
    execv(bin, argv);
    fprintf(stderr, "tnlock: error: cannot run %s (%s)\n", bin, strerror(errno));
    return 2;
}
