#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Prints the make flags every Verilated model of the project is compiled with: the lockstep models
# (tools/vlbuild.sh) and the Verilated unit tests and board models (Makefile's VL_UNIT_MK,
# fpga/board.mk), so that one run-time library (tools/vlrt.sh) serves them all.
# The C++ compiler: clang++ when it is installed (tools/setup.sh installs it), else g++. clang
# -O2 runs the 4x4 tn_torus 1.6x faster than g++ -O1, g++'s best flags (docs/lockstep-speed.md,
# "The C++ compiler"); TN_VL_CXX=g++ (or clang++) chooses. clang links with -latomic
# (verilated.cpp's atomics).
set -euo pipefail
cxx=${TN_VL_CXX:-$(command -v clang++ > /dev/null && echo clang++ || echo g++)}
case $cxx in
clang++) echo "CXX=clang++ LINK=clang++ LOADLIBES=-latomic OPT_FAST=-O2 OPT_SLOW=-O0 OPT_GLOBAL=-O1" ;;
g++) echo "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1" ;;
*) echo "vlmkflags: TN_VL_CXX '$cxx' is not clang++ or g++" >&2; exit 2 ;;
esac
