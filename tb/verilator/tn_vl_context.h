// SPDX-License-Identifier: MIT
// The context of every Verilated model of tn: as many threads as the model was Verilated with
// (TN_THREADS, set by scripts/vlbuild.sh; 1 otherwise). Verilator 5's default is the process's
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
#endif
