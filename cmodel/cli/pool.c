/* SPDX-License-Identifier: MIT */
/* Several simulations at once (jobs=N): each in a child process of its own, its result written
 * into a slot of memory shared with this process, the results handed on in their order. A
 * simulation is a pure function of its configuration, so a result does not depend on how many
 * ran beside it. With jobs=1 the simulations run here, one after another, as before.
 * No child outlives this process: a child asks the kernel for SIGKILL when its parent ends
 * (PR_SET_PDEATHSIG, Linux), and while children run, SIGTERM, SIGINT and SIGHUP to this process
 * kill them, and once they are reaped this process ends by the same signal. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
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
static void child_failed(tnsim_result *r, const tn_config *c, int status)
{
    r->rc = 2;
    if (WIFSIGNALED(status))
        snprintf(r->cfg_err, sizeof r->cfg_err, "a simulation process (load %g, seed %u) was "
                 "killed by signal %d (%s)", c->load, (unsigned)c->seed, WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else
        snprintf(r->cfg_err, sizeof r->cfg_err, "a simulation process exited with status %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* The children running, for the signal handler: their pids (0: none) */
static volatile pid_t live[MAX_LOADS];
static volatile sig_atomic_t got_signal;
static const int stop_signals[3] = {SIGTERM, SIGINT, SIGHUP};

static void on_stop_signal(int sig)
{
    int e = errno;
    for (int i = 0; i < MAX_LOADS; i++)
        if (live[i] > 0)
            kill(live[i], SIGKILL);
    got_signal = sig;
    errno = e;
}

/* In a child: die with the parent, the parent's handlers undone (old: the dispositions before) */
static void child_setup(pid_t parent, const struct sigaction *old)
{
    for (int i = 0; i < 3; i++)
        sigaction(stop_signals[i], &old[i], NULL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) /* the parent ended before prctl took effect */
        _exit(2);
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
    pid_t pid[MAX_LOADS], self = getpid();
    char done[MAX_LOADS] = {0};
    int next = 0, running = 0, handed = 0, stop = 0;
    tnsim_flush(NULL); /* a child must not write this process's buffered output again */
    struct sigaction sa, old[3];
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal; /* no SA_RESTART: waitpid returns EINTR */
    sigfillset(&sa.sa_mask);
    got_signal = 0;
    for (int i = 0; i < MAX_LOADS; i++)
        live[i] = 0;
    for (int i = 0; i < 3; i++) { /* a signal ignored (nohup's SIGHUP) stays ignored */
        sigaction(stop_signals[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN)
            sigaction(stop_signals[i], &sa, NULL);
    }
    sigset_t block, prev;
    sigemptyset(&block);
    for (int i = 0; i < 3; i++)
        sigaddset(&block, stop_signals[i]);
    while (handed < n && !stop && !got_signal) {
        while (!stop && !got_signal && running < jobs && next < n) {
            sigprocmask(SIG_BLOCK, &block, &prev); /* live[] holds the child before a signal */
            pid_t p = fork();
            if (p == 0) { /* the parent's handler undone before a signal can reach it here */
                child_setup(self, old);
                sigprocmask(SIG_SETMASK, &prev, NULL);
                simulate_one(&cfgs[next], &shared[next]);
                _exit(0);
            }
            if (p > 0)
                live[next] = p;
            sigprocmask(SIG_SETMASK, &prev, NULL);
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
                    child_failed(&shared[i], &cfgs[i], 0x7f00);
                }
            running = 0;
            continue;
        }
        for (int i = 0; i < next; i++)
            if (pid[i] == p && !done[i]) {
                done[i] = 1;
                live[i] = 0;
                running--;
                if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                    child_failed(&shared[i], &cfgs[i], status);
            }
    }
    /* stopped early or by a signal: the simulations still running are not wanted */
    for (int i = 0; i < next; i++)
        if (pid[i] > 0 && !done[i]) {
            kill(pid[i], SIGKILL);
            while (waitpid(pid[i], NULL, 0) < 0 && errno == EINTR)
                ;
            live[i] = 0;
        }
    munmap(shared, bytes);
    for (int i = 0; i < 3; i++)
        sigaction(stop_signals[i], &old[i], NULL);
    if (got_signal) { /* this process ends as the signal asked, its children gone */
        signal((int)got_signal, SIG_DFL);
        raise((int)got_signal);
    }
    return stop;
}
