#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The one definition of a Verilated coverage build (make coverage; docs/verification.md, "RTL
# coverage"), read by tools/vlbuild.sh (the lockstep models' _cov builds) and the Makefile
# (VL_COV=1 or line: the Verilated unit tests and board models).
#   bash tools/vlcov.sh flags [MODE]  Verilator's options: MODE 1 (the default) line and toggle
#                                       coverage; line: line coverage only (the whole board core,
#                                       whose test toggles make about twenty times slower)
#   bash tools/vlcov.sh obj           the run-time object to link: Verilator's coverage
#                                       database, which the shared library (tools/vlrt.sh)
#                                       leaves out
set -euo pipefail
case "${1:-}/${2:-1}" in
    flags/1) echo "--coverage-line --coverage-toggle" ;;
    flags/line) echo "--coverage-line" ;;
    obj/*) echo "verilated_cov.o" ;;
    *)
        echo "vlcov: usage: vlcov.sh flags [1|line] | obj (got '$*')" >&2
        exit 2
        ;;
esac
