/* SPDX-License-Identifier: MIT */
/* Several simulations at once (jobs=N): each in a child process of its own, its result written
 * into a slot of memory shared with this process, the results handed on in their order. A
 * simulation is a pure function of its configuration, so a result does not depend on how many
 * ran beside it. With jobs=1 the simulations run here, one after another, as before. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tnsim.h"

/* one simulation into r: a configuration's error (rc 2) is kept in r->cfg_err, not printed (the
 * caller prints it when it reaches that result) */
static void simulate_one(const tn_config *c, tnsim_result *r)
{
    r->rc = tnsim_simulate_quiet(c, &r->st, r->first, sizeof r->first, r->cfg_err,
                                 sizeof r->cfg_err);
}

/* The end of a child (status of waitpid) as its result's rc when it did not exit 0 */
static void child_failed(tnsim_result *r, int status)
{
    r->rc = 2;
    if (WIFSIGNALED(status))
        snprintf(r->cfg_err, sizeof r->cfg_err, "a simulation process ended with signal %d",
                 WTERMSIG(status));
    else
        snprintf(r->cfg_err, sizeof r->cfg_err, "a simulation process exited with status %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

int tnsim_run_many(const tn_config *cfgs, int n, int jobs, tnsim_result *res, tnsim_take_fn take,
                   void *user)
{
    if (n > MAX_LOADS)
        n = MAX_LOADS;
    if (n <= 0)
        return 0;
    if (jobs <= 1 || n == 1) {
        for (int i = 0; i < n; i++) {
            simulate_one(&cfgs[i], &res[i]);
            if (take && take(i, &res[i], user))
                return 1;
        }
        return 0;
    }
    size_t bytes = sizeof(tnsim_result) * (size_t)n;
    tnsim_result *shared = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                                -1, 0);
    if (shared == MAP_FAILED) { /* no shared memory: one after another, here */
        return tnsim_run_many(cfgs, n, 1, res, take, user);
    }
    pid_t pid[MAX_LOADS];
    char done[MAX_LOADS] = {0};
    int next = 0, running = 0, handed = 0, stop = 0;
    fflush(NULL); /* a child must not write this process's buffered output again */
    while (handed < n && !stop) {
        while (!stop && running < jobs && next < n) {
            pid_t p = fork();
            if (p == 0) {
                simulate_one(&cfgs[next], &shared[next]);
                _exit(0);
            }
            if (p < 0) { /* no process: this one here */
                simulate_one(&cfgs[next], &shared[next]);
                done[next] = 1;
                pid[next++] = 0;
                continue;
            }
            pid[next++] = p;
            running++;
        }
        /* hand on every result whose predecessors are all handed on */
        while (handed < next && done[handed]) {
            res[handed] = shared[handed];
            if (take && take(handed, &res[handed], user))
                stop = 1;
            handed++;
            if (stop)
                break;
        }
        if (stop || handed == n)
            break;
        if (!running)
            continue;
        int status;
        pid_t p = waitpid(-1, &status, 0);
        if (p < 0) {
            if (errno == EINTR)
                continue;
            /* no child left to wait for (cannot happen while running > 0): the rest failed */
            for (int i = 0; i < next; i++)
                if (!done[i]) {
                    done[i] = 1;
                    child_failed(&shared[i], 0x7f00);
                }
            running = 0;
            continue;
        }
        for (int i = 0; i < next; i++)
            if (pid[i] == p && !done[i]) {
                done[i] = 1;
                running--;
                if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                    child_failed(&shared[i], status);
            }
    }
    /* stopped early: the simulations still running are not wanted */
    for (int i = 0; i < next; i++)
        if (pid[i] > 0 && !done[i]) {
            kill(pid[i], SIGKILL);
            waitpid(pid[i], NULL, 0);
        }
    munmap(shared, bytes);
    return stop;
}
