// SPDX-License-Identifier: MIT
// The context of every Verilated model of tn: as many threads as the model was Verilated with
// (TN_THREADS, set by tools/vlbuild.sh; 1 otherwise). Verilator 5's default is the process's
// processor count, which gives each context a worker thread that a single-threaded model
// never uses (one per router in tnlock's rtl=rtr mode).
#ifndef TN_VL_CONTEXT_H
#define TN_VL_CONTEXT_H
#include "verilated.h"
#ifndef TN_THREADS
#define TN_THREADS 1
#endif
struct tn_vl_context : VerilatedContext {
    tn_vl_context() { threads(TN_THREADS); }
};

#if VM_COVERAGE
#include <cstdlib>
#include <string>
#include <unistd.h>
#include "verilated_cov.h"
#endif
// A coverage build (Verilator's --coverage-*, make coverage: tb/checks/rtl_coverage.sh) writes the
// context's counts, when the model closes, to TN_VL_COVERAGE.PID.I.dat: I counts the contexts
// this process wrote (a router-wired lockstep model has one per node), the first I whose file does
// not exist. Nothing in another build, or without TN_VL_COVERAGE.
inline void tn_vl_cov_write(VerilatedContext &ctx)
{
#if VM_COVERAGE
    static int n;
    const char *pre = std::getenv("TN_VL_COVERAGE");
    if (!pre || !*pre)
        return;
    std::string f;
    do
        f = std::string(pre) + "." + std::to_string((long)getpid()) + "." + std::to_string(n++) + ".dat";
    while (access(f.c_str(), F_OK) == 0);
    ctx.coveragep()->write(f.c_str());
#else
    (void)ctx;
#endif
}
#endif
