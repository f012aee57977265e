#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Verilator's run-time library for the make flags MKFLAGS: prints its archive's path
# (build/vl/_rt_HASH/libverilated.a), building it first if it is missing. Usage: vlrt.sh MKFLAGS
# The run-time objects (verilated.o, verilated_threads.o, verilated_fst_c.o) are the same for
# every model: their compile flags name no model. So they are compiled once per Verilator and make
# flags (HASH), by Verilator's own makefile for a small program, under a lock (parallel builds may
# ask at once), and every model links the archive with make's VK_GLOBAL_OBJS emptied instead of
# compiling them again: about 9 s of compile per model (docs/lockstep-speed.md, "Build time").
# Used by tools/vlbuild.sh (the lockstep models) and by the recipes of the Verilated unit tests
# and board models (Makefile, fpga/board.mk).
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$PWD/tools/bin:$PATH"
[ $# -eq 1 ] || { echo "vlrt: usage: vlrt.sh MKFLAGS" >&2; exit 2; }
mkflags=$1
rt=build/vl/_rt_$( { verilator --version; echo "$mkflags"; } | sha1sum | cut -c1-12)
mkdir -p build/vl
(
    flock 9
    if [ ! -f "$rt/libverilated.a" ]; then
        rm -rf "$rt"
        # --main --exe: every Verilator 5 compiles the run-time objects for a program (a library
        # build of Debian's 5.006 does not); they are archived here, whatever the version
        verilator --cc --main --exe --build -j 2 --trace-fst --top-module tn_rr_arbiter \
            -Irtl/common rtl/common/tn_rr_arbiter.v --Mdir "$rt" -MAKEFLAGS "$mkflags" > "$rt.log" 2>&1 &&
            ar rcs "$rt/libverilated.a" "$rt"/verilated*.o ||
            { tail -30 "$rt.log" >&2; exit 1; }
    fi
) 9> build/vl/.rt.lock
echo "$rt/libverilated.a"
